"""MySQL's and MariaDB's general query log, read as a real server writes its file and its table.

A MariaDB server of its own (``services.start_mariadb``) logs every command to its general log, to the file and to
the table ``mysql.general_log`` (exported as the README says), while its ``server_audit`` plugin audits the same
statements. An administrator sets up a database, a view and a procedure; an analyst's connection runs a day of
statements with quotes, backslashes, tabs, newlines and comments, a failing one, a procedure call, a prepared
statement, ``EXECUTE IMMEDIATE``, a ``USE`` and two statements sent in one packet; the administrator creates a user
with a password. The two logs are independent accounts of the same statements: the records from the general log
(its file, its table) are the audit log's, but for what the general log cannot know (a failed statement is read as
run; a procedure's own statements are not logged).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from access_history_platform import cli
from access_history_platform.logs import BadLine, detect_format, log_entries
from tests.integration.services import start_mariadb
from tests.integration.test_mariadb_audit_log import DAY, SET_UP

#: A second database the analyst may use.
ARCHIVE = ["create database archive", "create table archive.orders_2023 (id int, amount decimal(10, 2))",
           "grant all on archive.* to 'analyst'@'%'"]
#: The day's statements beyond the audit log's test's: a database changed by the client and by SQL, statements
#: prepared and run, two statements in one packet (the client sends what is between its delimiters as one).
MORE = [
    "use archive",  # (the client's own command: it sends the server an Init DB, then SELECT DATABASE())
    "select id from orders_2023",
    "/* back */ use shop",  # (as SQL: the client does not look past the comment)
    "prepare by_customer from 'select amount from orders where customer_id = ?'",
    "set @c = 7",
    "execute by_customer using @c",
    "execute immediate 'select email from customers where id = 8'",
    "select id from orders; select region from customers",
]


@pytest.fixture(scope="module")
def logs(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Path]]:
    """The server's general log file, its table exported, and its audit log, after the day."""
    folder = tmp_path_factory.mktemp("general")
    with start_mariadb(query_log_limit=1048576) as server:
        server.log_everything()
        server.run([*SET_UP, *ARCHIVE], check=True)
        analyst = server.run([*DAY, *MORE], user="analyst", password="analyst-pw", database="shop")
        assert "Unknown column 'nope'" in analyst.stderr, analyst.stderr
        server.run(["create user 'auditor'@'%' identified by 'Secret-1'"], check=True)
        found = {"file": folder / "general.log", "table": folder / "general_log.json", "audit": folder / "audit.log"}
        found["file"].write_bytes(server.general_log.read_bytes())
        found["table"].write_text(server.general_log_table(datetime.now(timezone.utc).date().isoformat()))
        found["audit"].write_bytes(server.audited("auditor"))
    yield found


def _lines(log: Path) -> list[dict[str, Any]]:
    found = [item for _, _, item in log_entries(str(log))]
    assert [item for item in found if isinstance(item, BadLine)] == []
    return [item.model_dump() for item in found]


def test_each_statement_is_read_as_sent_with_its_user_and_database(logs: dict[str, Path]) -> None:
    for kind in ("file", "table"):
        assert detect_format(str(logs[kind])).name == "mysql_general_log", kind
        lines = _lines(logs[kind])
        analysts = [(line["query_text"], line["database_name"]) for line in lines if line["user_name"] == "analyst"]
        # every statement of the day as the client sent it, in order; SQL's EXECUTE as the statement it ran (with
        # its parameter's value), the PREPARE and the SET as sent
        # (a statement's database is the one in use before it: the resolver reads a USE itself)
        assert analysts == [*((statement, "shop") for statement in DAY), ("SELECT DATABASE()", "shop"),
                            (MORE[1], "archive"), (MORE[2], "archive"), (MORE[3], "shop"),
                            ("set @c = 7", "shop"), ("select amount from orders where customer_id = 7", "shop"),
                            ("select email from customers where id = 8", "shop"), (MORE[7], "shop")], kind
        assert len({line["query_id"] for line in lines}) == len(lines), kind
        # the password is not kept
        [created] = [line["query_text"] for line in lines if "auditor" in line["query_text"]]
        assert created == "create user 'auditor'@'%' identified by '*****'" and not any(
            "Secret-1" in line["query_text"] for line in lines), kind


def _records(log: Path, tmp_path: Path, capsys: pytest.CaptureFixture) -> list[dict[str, Any]]:
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps({"objects": []}))  # (the set-up's statements create the objects)
    out = tmp_path / f"{log.stem}.records.jsonl"
    assert cli.main(["resolve", "--catalog", str(catalog), "--log", str(log), "--out", str(out)]) == 0
    capsys.readouterr()
    return [json.loads(line) for line in out.read_text().splitlines()]


def _summary(record: dict[str, Any]) -> tuple[Any, ...]:
    def columns(entries: list[dict[str, Any]]) -> dict[str, list[str]]:
        return {e["objectName"]: sorted(c["columnName"] for c in e.get("columns") or []) for e in entries}

    return (record["user_name"], columns(record["direct_objects_accessed"]), columns(record["base_objects_accessed"]),
            columns(record["objects_modified"]), (record.get("object_modified_by_ddl") or {}).get("objectName"))


def test_the_general_logs_records_are_the_audit_logs_but_for_what_it_cannot_know(
        logs: dict[str, Path], tmp_path: Path, capsys: pytest.CaptureFixture) -> None:
    audit = _records(logs["audit"], tmp_path, capsys)
    # the audit log's statements that ran, but the procedure's own (the general log logs only the CALL)
    [call] = [r["query_id"] for r in audit if "shop.refresh_totals" in str(r["direct_objects_accessed"])]
    # and the export's own (the general log's export turns it off for its session)
    expected = [_summary(record) for record in audit if record["parent_query_id"] != call
                and "mysql.general_log" not in str(record["direct_objects_accessed"])]
    # the failing SELECT, which the general log logs before it runs, is read as having run
    nope = ("analyst", {"shop.orders": []}, {"shop.orders": []}, {}, None)
    assert nope not in expected
    for kind in ("file", "table"):
        found = [_summary(record) for record in _records(logs[kind], tmp_path, capsys)]
        assert nope in found, kind
        found.remove(nope)
        assert found == expected, kind
