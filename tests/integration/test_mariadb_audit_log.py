"""The audit log of MariaDB's ``server_audit`` plugin, read as the server writes it.

A MariaDB server of its own (``services.start_mariadb``: Debian's MariaDB 10.11, the plugin MySQL on RDS and Aurora
also write with) audits every statement while an administrator sets up a database, a view and a procedure, and an
analyst's connection runs the day: statements with quotes, commas, backslashes, tabs, newlines and comments, a
failing one, a procedure call, and one longer than the plugin logs by default, then again once the limit is raised.
The reader reads the server's own ``server_audit.log``: each statement's text exactly as sent, its user, database
and status, the procedure's statements as the CALL's children, the cut statement set aside saying why; and
``ahp resolve`` gives the records of the day from the file as it is.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from access_history_platform import cli
from access_history_platform.logs import BadLine, detect_format, log_entries
from tests.integration.services import start_mariadb

SET_UP = [
    "create database shop",
    "create table shop.orders (id int primary key, customer_id int, amount decimal(10, 2), note text)",
    "create table shop.customers (id int, email varchar(100), region varchar(10))",
    "create table shop.totals (customer_id int, total decimal(12, 2))",
    "create view shop.eu_orders as select o.id, o.customer_id, o.amount from shop.orders o "
    "join shop.customers c on c.id = o.customer_id where c.region = 'EU'",
    "create procedure shop.refresh_totals() begin "
    "insert into shop.totals select customer_id, sum(amount) from shop.orders group by customer_id; "
    "update shop.customers set region = 'EU' where region is null; end",
    "create user 'analyst'@'%' identified by 'analyst-pw'",
    "grant all on shop.* to 'analyst'@'%'",
]
#: A statement longer than the plugin logs by default (1,024 characters of its escaped text).
LONG = "select id from orders where note in (" + ", ".join(f"'note {n}'" for n in range(120)) + ")"
DAY = [
    "insert into orders values (1, 7, 10.50, 'it''s, \"quoted\" \\\\ back'), (2, 8, 3.00, 'tab\there')",
    "insert into customers values (7, 'a@example.com', null), (8, 'b@example.com', 'EU')",
    "select amount,\n  note\nfrom orders -- the day's first look\nwhere customer_id = 7",
    "select email from customers where id in (select customer_id from eu_orders)",
    "select nope from orders",
    "call refresh_totals()",
    LONG,
]


@pytest.fixture(scope="module")
def audit_log(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The server's audit log after the day (copied out, then the server is gone)."""
    with start_mariadb() as server:
        server.run(SET_UP, check=True)
        analyst = server.run(DAY, user="analyst", password="analyst-pw", database="shop")
        assert "Unknown column 'nope'" in analyst.stderr, analyst.stderr
        server.run(["set global server_audit_query_log_limit = 1048576"], check=True)
        server.run([LONG], user="analyst", password="analyst-pw", database="shop", check=True)
        copied = tmp_path_factory.mktemp("mariadb") / "server_audit.log"
        copied.write_bytes(server.audit_log.read_bytes())
    yield copied


def _statements(log: Path) -> tuple[list[dict[str, Any]], list[BadLine]]:
    lines, bad = [], []
    for _, _, item in log_entries(str(log)):
        if isinstance(item, BadLine):
            bad.append(item)
        else:
            lines.append(item.model_dump())
    return lines, bad


def test_each_statement_is_read_as_sent_with_its_user_database_status_and_caller(audit_log: Path) -> None:
    assert detect_format(str(audit_log)).name == "mariadb_audit"
    lines, bad = _statements(audit_log)
    analysts = [line for line in lines if line["user_name"] == "analyst"]
    # every statement of the day as the client sent it (its quotes, escapes, newlines and comment), in order; the
    # procedure's two statements, logged as they end, before its CALL; the long one once the limit was raised
    body = SET_UP[5].split(" begin ")[1].removesuffix(" end").split("; ")
    expected = [*DAY[:5], body[0], body[1].removesuffix(";"), DAY[5], LONG]
    assert [line["query_text"] for line in analysts] == expected
    assert {line["database_name"] for line in analysts} == {"shop"}
    assert [line["query_text"] for line in analysts if line["execution_status"] == "FAIL"] == ["select nope from orders"]
    assert all(line["execution_status"] == "SUCCESS" for line in lines if line["query_text"] != DAY[4])
    call = next(line for line in analysts if line["query_text"] == DAY[5])
    children = [line for line in analysts if line.get("parent_query_id")]
    assert [line["query_text"] for line in children] == expected[5:7]
    assert {line["parent_query_id"] for line in children} == {call["query_id"]}
    assert len({line["query_id"] for line in lines}) == len(lines)
    assert len({line["session_id"] for line in analysts}) == 2  # the day's connection and the last one's
    assert all(line["query_start_time"].utcoffset().total_seconds() == 0 for line in lines)
    # the long statement of the default limit is set aside saying why; connections and disconnections are nothing
    assert [b.rule.split(":")[0] for b in bad] == ["the statement's text is cut"]
    assert "server_audit_query_log_limit" in bad[0].rule and bad[0].text.startswith("20")
    assert not any("CONNECT" in line["query_text"] for line in lines)


def test_ahp_resolve_gives_the_days_records_from_the_servers_own_file(audit_log: Path, tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture) -> None:
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps({"objects": []}))  # (the set-up's statements create the objects)
    out = tmp_path / "records.jsonl"
    assert cli.main(["resolve", "--catalog", str(catalog), "--log", str(audit_log), "--out", str(out)]) == 0
    summary = capsys.readouterr().err.strip().splitlines()[-1]
    assert "1 failed (not recorded)" in summary and "1 log lines set aside" in summary, summary

    def columns(entries: list[dict[str, Any]]) -> dict[str, list[str]]:
        return {e["objectName"]: sorted(c["columnName"] for c in e.get("columns") or []) for e in entries}

    records = [json.loads(line) for line in out.read_text().splitlines()]
    found = [(r["user_name"], columns(r["direct_objects_accessed"]), columns(r["base_objects_accessed"]),
              {e["objectName"]: {c["columnName"]: sorted(s["columnName"] for s in c.get("directSources") or [])
                                 for c in e.get("columns") or []} for e in r["objects_modified"]},
              r["parent_query_id"]) for r in records]
    orders = {"shop.orders": ["amount", "customer_id", "note"]}
    assert ("analyst", orders, orders, {}, None) in found
    # the view read is the view; its base tables stand behind it
    assert ("analyst", {"shop.customers": ["email", "id"], "shop.eu_orders": ["customer_id"]},
            {"shop.customers": ["email", "id", "region"], "shop.orders": ["customer_id"]}, {}, None) in found, found
    # the procedure's INSERT writes the totals from the orders, a child of the CALL
    call = next(r["query_id"] for r in records if r["user_name"] == "analyst" and
                "shop.refresh_totals" in columns(r["direct_objects_accessed"]))
    assert ("analyst", {"shop.orders": ["amount", "customer_id"]}, {"shop.orders": ["amount", "customer_id"]},
            {"shop.totals": {"customer_id": ["customer_id"], "total": ["amount"]}}, call) in found, found
