"""PostgreSQL's own server log, read as the server writes it.

A PostgreSQL 15 server of its own (``services.start_postgres``) is switched to
``log_statement = 'all'`` with ``log_destination = 'jsonlog,csvlog'`` (the logging collector
needs a restart), runs a small workload in three sessions (a schema, ``SET search_path``, DDL,
DML, a failing statement; a driver's transaction blocks, one rolled back), and the reader reads the server's own
``.json`` and ``.csv``
files: the statements with their sessions, users, database and schema, the failing one as
``FAIL``, and ``ahp resolve`` gives the same records from either file.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg2
import pytest

from access_history_platform import cli
from access_history_platform.logs import BadLine, detect_format, log_entries
from tests.integration.services import Postgres, _run_as_postgres, start_postgres

LOGGING = {"logging_collector": "on", "log_destination": "jsonlog,csvlog", "log_statement": "all",
           "log_timezone": "UTC", "log_directory": "log", "log_filename": "server"}
ANALYST = [
    "create schema sales",
    "set search_path to sales, public",
    "create table orders (id int, customer_id int, amount numeric)",
    "insert into orders values (1, 7, 10.5), (2, 8, 3)",
    "select amount from orders where customer_id = 7",
    "select phone from orders",
]
LOADER = [
    "create table public.totals (customer_id int, total numeric)",
    "insert into totals select customer_id, sum(amount) from sales.orders group by customer_id",
]
#: A session whose statements the server logs only with their duration (log_min_duration_statement; a production
#: set-up beside log_statement = 'ddl'): the last is read from its duration line alone.
QUIET = ["set log_statement = 'none'", "set log_min_duration_statement = 0", "select customer_id from sales.orders"]
#: A driver with autocommit off (psycopg2's default: BEGIN before a unit of work's first statement): a SET in a block
#: that a failure rolls back, then a SET LOCAL, which lasts until its block ends. ("commit", "rollback": the
#: connection's; each entry: the statement, or what the connection does, and the schema the server searches first.)
DRIVER = [
    ("BEGIN", "public"), ("set search_path to sales", "public"), ("select 1/0", "sales"), ("ROLLBACK", "sales"),
    ("BEGIN", "public"), ("select total from totals", "public"), ("COMMIT", "public"),
    ("BEGIN", "public"), ("set local search_path to sales", "public"), ("select amount from orders", "sales"),
    ("COMMIT", "sales"),
    ("BEGIN", "public"), ("select customer_id from totals", "public"), ("COMMIT", "public"),
]
#: The workload's last statement, from a session of its own once every other has closed: the logging collector writes
#: each file in the order the sessions sent their lines, so a file that holds it holds all of the workload's.
END = "select 'the workload ended'"


@pytest.fixture(scope="module")
def server_log(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The server's log folder after the workload (copied out, then the server is gone)."""
    server = start_postgres(database="shop")
    try:
        with _session(server, "setup") as admin:
            with admin.cursor() as cursor:
                for name, value in LOGGING.items():
                    cursor.execute(f"ALTER SYSTEM SET {name} = %s", (value,))
        _restart(server)
        _workload(server)
        folder = tmp_path_factory.mktemp("pg-log")
        for name in ("server.json", "server.csv"):
            (folder / name).write_bytes(_written(server.data_dir / "log" / name, END))
        yield folder
    finally:
        server.stop()


def _written(log: Path, last: str, *, timeout: float = 60.0) -> bytes:
    """The log file once it holds ``last``: the logging collector writes after the statements ran."""
    deadline = time.monotonic() + timeout
    while last.encode() not in (content := log.read_bytes()):
        if time.monotonic() > deadline:
            raise AssertionError(f"{log} does not hold {last!r} after {timeout:.0f} s")
        time.sleep(0.2)
    return content


def _restart(server: Postgres) -> None:
    # -l: without it the restarted server would keep this process's pipes open
    _run_as_postgres([str(server.bin_dir / "pg_ctl"), "restart", "-D", str(server.data_dir), "-w", "-m", "fast",
                      "-l", str(server.log_file)], cwd=server.work_dir)


@contextmanager
def _session(server: Postgres, application: str, *, autocommit: bool = True) -> Iterator[Any]:
    """A session in autocommit mode (each statement on its own, as a client sends it), or with the driver's
    transaction blocks."""
    connection = psycopg2.connect(server.url.replace("postgresql+psycopg2", "postgresql"),
                                  application_name=application)
    connection.autocommit = autocommit
    try:
        yield connection
    finally:
        connection.close()


def _workload(server: Postgres) -> None:
    with _session(server, "analyst") as analyst, _session(server, "loader") as loader:
        for statement in ANALYST:
            with analyst.cursor() as cursor:
                try:
                    cursor.execute(statement)
                except psycopg2.errors.UndefinedColumn:
                    pass  # the failing statement of the workload
        for statement in LOADER:
            with loader.cursor() as cursor:
                cursor.execute(statement)
    with _session(server, "quiet") as quiet, quiet.cursor() as cursor:  # log_statement = 'none' beside durations
        for statement in QUIET:
            cursor.execute(statement)
    with _session(server, "driver", autocommit=False) as driver:
        for statement, _ in DRIVER:
            if statement in ("COMMIT", "ROLLBACK"):
                (driver.commit if statement == "COMMIT" else driver.rollback)()
            elif statement != "BEGIN":  # (the driver sends it before the block's first statement)
                with driver.cursor() as cursor:
                    try:
                        cursor.execute(statement)
                    except psycopg2.errors.DivisionByZero:
                        pass  # the block is aborted; the driver rolls it back next
    with _session(server, "end") as end, end.cursor() as cursor:
        cursor.execute(END)


def statements(log: Path) -> list[tuple[str, str, str, str, str, str]]:
    """The log's statements in the order the server logged them."""
    found = sorted((number, item) for number, _, item in log_entries(str(log)))
    assert not [item for _, item in found if isinstance(item, BadLine)]
    return [(line.query_text, line.user_name, line.database_name, line.schema_name, line.execution_status,
             line.application_name) for _, line in found]


@pytest.mark.parametrize("name, log_format", [("server.json", "postgres_jsonlog"), ("server.csv", "postgres_csvlog")])
def test_the_servers_own_log_gives_each_statement_with_its_session_schema_and_outcome(server_log, name, log_format):
    assert detect_format(str(server_log / name)).name == log_format
    found = [statement for statement in statements(server_log / name) if statement[-1] in ("analyst", "loader")]
    expected_schema = ["public", "public", "sales", "sales", "sales", "sales"]
    assert found == [
        *[(text, "postgres", "shop", schema, "FAIL" if "phone" in text else "SUCCESS", "analyst")
          for text, schema in zip(ANALYST, expected_schema)],
        *[(text, "postgres", "shop", "public", "SUCCESS", "loader") for text in LOADER],
    ]


@pytest.mark.parametrize("name", ["server.json", "server.csv"])
def test_a_set_rolled_back_and_a_set_local_leave_the_session_schema_as_the_server_does(server_log, name):
    """PostgreSQL: "If SET ... is issued within a transaction that is later aborted, the effects of the SET command
    disappear when the transaction is rolled back"; "The effects of SET LOCAL last only till the end of the current
    transaction". Each statement's schema is the one the server searched first (the tables read are public's)."""
    found = [(text, schema, status) for text, _, _, schema, status, application in statements(server_log / name)
             if application == "driver"]
    assert found == [(text, schema, "FAIL" if text == "select 1/0" else "SUCCESS") for text, schema in DRIVER]


@pytest.mark.parametrize("name", ["server.json", "server.csv"])
def test_a_statement_logged_only_with_its_duration_is_read(server_log, name):
    found = [text for text, *_, application in statements(server_log / name) if application == "quiet"]
    assert found == QUIET  # (the SETs logged by log_statement, the SELECT by its duration line alone)


def test_ahp_resolve_gives_the_same_records_from_the_servers_jsonlog_and_csvlog(server_log, tmp_path, capsys):
    catalog = tmp_path / "catalog.json"
    catalog.write_text('{"objects": []}')  # the log's own DDL makes the schema's objects
    records = {}
    for name in ("server.json", "server.csv"):
        out = tmp_path / f"{name}.records.jsonl"
        assert cli.main(["resolve", "--catalog", str(catalog), "--log", str(server_log / name),
                         "--out", str(out)]) == 0
        assert "2 failed (not recorded), 0 quarantined; 0 log lines" in capsys.readouterr().err
        records[name] = [json.loads(line) for line in out.read_text().splitlines()]
    assert records["server.json"] == records["server.csv"]
    read = {(obj["objectName"], tuple(sorted(c["columnName"] for c in obj.get("columns") or [])))
            for record in records["server.json"] for obj in record["direct_objects_accessed"]}
    written = {obj["objectName"] for record in records["server.json"] for obj in record["objects_modified"]}
    assert read == {("shop.sales.orders", ("amount", "customer_id")), ("shop.sales.orders", ("amount",)),
                    ("shop.sales.orders", ("customer_id",)),
                    ("shop.public.totals", ("total",)), ("shop.public.totals", ("customer_id",))}
    assert written == {"shop.sales.orders", "shop.public.totals"}
