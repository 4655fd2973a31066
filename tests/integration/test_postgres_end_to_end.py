"""PostgreSQL end to end: a real server's workload, its own log and live catalog, through the sensor-driven pipeline.

A PostgreSQL 15 server of its own (``services.start_postgres``) logs every statement as
``jsonlog`` and, where Debian's ``postgresql-15-pgaudit`` installs, every relation each statement
reads and writes (pgaudit, views expanded). The test:

1. creates schemas, tables, a view over a view and some rows (``SETUP``);
2. takes the catalog from the live server with ``ahp catalog --url`` and lands it as
   ``landing/PGSHOP/catalog.json``, then rotates the server's log so the landed log starts there;
3. runs ``WORKLOAD`` (INSERT ... SELECT from the view over the view, UPDATE ... FROM, DELETE ...
   USING, MERGE, CREATE TABLE AS, ALTER TABLE RENAME and a read of the renamed table, a join with
   the view, a DO block, a PREPARE and its EXECUTE, a statement that fails) in a session whose
   ``SET search_path`` gives its schema;
4. lands the server's own log of the workload as it is (read by the platform's PostgreSQL jsonlog reader
   until the platform reads ``jsonlog`` itself) and runs one round of the landing sensor and the
   automation (``tools.automation.run_round``), as the daemon would;
5. checks each record against what its statement did (``Step``), and against what pgaudit logged.

The live catalog as the ``catalog`` asset's source (``LandingZone.live_catalog``, its URL through
``dg.EnvVar``) is checked on the same server.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

import dagster as dg
import psycopg2
import pyarrow.parquet as pq
import pytest

from access_history_platform.catalog_sources import export_files, read_export
from access_history_platform.logs import log_entries
from access_history_platform.records import LogLine
from access_history_platform.spark.records import row_to_record
from resources.warehouse import partition_files
from assets import ACCOUNT_DAY_ASSETS, ALL_ASSETS
from assets.partitions import ACCOUNTS, partition_key
from resources import LandingZone, LiveCatalog, OpenLineageTransport, Organization, Warehouse
from tools.automation import run_round

from .postgres_log import jsonlog_entries, pgaudit_mismatches, pgaudit_statements, request_relations
from .services import (
    PGAUDIT_SETTINGS, STATEMENT_LOG_SETTINGS, Postgres, install_pgaudit, postgres_bin_dir, server_logs, start_postgres,
)

ACCOUNT, DATABASE = "PGSHOP", "pgshop"
AHP = str(Path(sys.executable).with_name("ahp"))

SETUP = [
    "CREATE SCHEMA shop",
    "CREATE SCHEMA reporting",
    "CREATE TABLE shop.customers (id int PRIMARY KEY, email varchar(320), region text, balance numeric(12,2))",
    "CREATE TABLE shop.orders (id int PRIMARY KEY, customer_id int, amount numeric(12,2), status text)",
    "CREATE TABLE shop.refunds (order_id int, amount numeric(12,2))",
    # a stored generated column: the server computes it from total on every write
    "CREATE TABLE reporting.customer_totals (customer_id int PRIMARY KEY, total numeric(14,2), "
    "band text GENERATED ALWAYS AS (CASE WHEN total >= 100 THEN 'big' ELSE 'small' END) STORED)",
    "CREATE VIEW reporting.paid_orders AS SELECT id, customer_id, amount FROM shop.orders WHERE status = 'paid'",
    "CREATE VIEW reporting.big_spenders AS SELECT customer_id, sum(amount) AS total FROM reporting.paid_orders "
    "GROUP BY customer_id",
    # PostgreSQL's text of this view is "FROM accounts": the session's search path finds public's tables
    "CREATE TABLE public.accounts (id int PRIMARY KEY, name text)",
    "CREATE VIEW reporting.active_accounts AS SELECT id, name FROM public.accounts",
    # which PostgreSQL's information schema leaves out
    "CREATE MATERIALIZED VIEW reporting.order_counts AS SELECT customer_id, count(*) AS n FROM shop.orders "
    "GROUP BY customer_id",
    # a rule, which no information schema view holds: each deleted order is kept in the audit table too
    "CREATE TABLE shop.order_audit (order_id int, amount numeric(12,2))",
    "CREATE RULE keep_deleted AS ON DELETE TO shop.orders DO ALSO "
    "INSERT INTO shop.order_audit VALUES (old.id, old.amount)",
    "INSERT INTO shop.customers VALUES (1, 'ana@example.com', 'EU', 0), (2, 'bo@example.com', 'US', 0)",
    "INSERT INTO shop.orders VALUES (10, 1, 50, 'paid'), (11, 1, 70, 'paid'), (12, 2, 5, 'open')",
    "INSERT INTO shop.refunds VALUES (12, 5)",
]


@dataclass(frozen=True)
class Step:
    """A statement of the workload and what it did: the tables it read (beside those it wrote), the views
    it named, the relations it wrote or defined, as ``schema.name``; a failing one has no record."""

    sql: str
    reads: frozenset[str] = frozenset()
    views: frozenset[str] = frozenset()
    writes: frozenset[str] = frozenset()
    fails: bool = False
    recorded: bool = True
    ddl: tuple[str, str] | None = None  # the DDL record's operationType and objectName
    children: int = 0  # the statements of a request (a DO block's), each recorded as ``<query_id>#<n>``


def step(sql: str, reads=(), views=(), writes=(), **kwargs) -> Step:
    return Step(sql, frozenset(reads), frozenset(views), frozenset(writes), **kwargs)


WORKLOAD = [
    step("SET search_path TO shop", recorded=False),
    step("INSERT INTO reporting.customer_totals (customer_id, total) SELECT customer_id, total FROM reporting.big_spenders",
         reads={"shop.orders"}, views={"reporting.big_spenders"}, writes={"reporting.customer_totals"}),
    step("UPDATE customers SET balance = t.total FROM reporting.customer_totals t WHERE t.customer_id = customers.id",
         reads={"reporting.customer_totals"}, writes={"shop.customers"}),
    step("DELETE FROM orders USING refunds WHERE refunds.order_id = orders.id",  # (and its rule's INSERT)
         reads={"shop.refunds"}, writes={"shop.orders", "shop.order_audit"}),
    step("MERGE INTO reporting.customer_totals t USING (SELECT customer_id, sum(amount) AS total FROM orders "
         "GROUP BY customer_id) s ON t.customer_id = s.customer_id WHEN MATCHED THEN UPDATE SET total = s.total "
         "WHEN NOT MATCHED THEN INSERT (customer_id, total) VALUES (s.customer_id, s.total)",
         reads={"shop.orders"}, writes={"reporting.customer_totals"}),
    step("CREATE TABLE reporting.region_totals AS SELECT c.region, sum(o.amount) AS total FROM customers c "
         "JOIN orders o ON o.customer_id = c.id GROUP BY c.region",
         reads={"shop.customers", "shop.orders"}, writes={"reporting.region_totals"},
         ddl=("CREATE", f"{DATABASE}.reporting.region_totals")),
    step("ALTER TABLE reporting.region_totals RENAME TO region_summary", writes={"reporting.region_summary"},
         ddl=("ALTER", f"{DATABASE}.reporting.region_totals")),  # a rename names the old name; the new is a property
    step("SELECT region, total FROM reporting.region_summary", reads={"reporting.region_summary"}),
    step("SELECT c.email FROM reporting.big_spenders b JOIN customers c ON c.id = b.customer_id",
         reads={"shop.customers", "shop.orders"}, views={"reporting.big_spenders"}),
    # the server logs a DO block alone (log_statement), never the statements it runs: they are read from its text
    step("DO $$ DECLARE n int; BEGIN SELECT count(*) INTO n FROM refunds; IF n >= 0 THEN "
         "INSERT INTO refunds (order_id, amount) SELECT id, amount FROM orders WHERE status = 'open'; END IF; END $$",
         reads={"shop.orders"}, writes={"shop.refunds"}, children=2),  # refunds read too: written
    # an EXECUTE runs the statement its PREPARE gave: the server logs that one as the EXECUTE's DETAIL
    step("PREPARE big_orders(numeric) AS SELECT customer_id FROM orders WHERE amount > $1", recorded=False),
    step("EXECUTE big_orders(10)", reads={"shop.orders"}),
    step("SELECT name FROM reporting.active_accounts", reads={"public.accounts"}, views={"reporting.active_accounts"}),
    step("SELECT * FROM shop.no_such_table", fails=True, recorded=False),
]


@dataclass
class EndToEnd:
    server: Postgres
    audited: bool
    root: Path
    catalog: dict
    entries: list[dict]
    lines: list[dict]
    records: list[dict]
    quarantined: list[dict]
    round: object
    instance: dg.DagsterInstance

    def query_id(self, sql: str) -> str:
        [line] = [line for line in self.lines if sql in (line["query_text"], line.get("executed_as"))]
        return line["query_id"]


def run_sql(server: Postgres, statements: list[str], *, expect_failure: set[str] = frozenset()) -> None:
    """Each statement on its own (autocommit), in one session, as a client would send them."""
    connection = psycopg2.connect(host=server.host, port=server.port, user=server.user, password=server.password,
                                  dbname=DATABASE)
    connection.autocommit = True
    try:
        with connection.cursor() as cursor:
            for sql in statements:
                try:
                    cursor.execute(sql)
                except psycopg2.Error:
                    if sql not in expect_failure:
                        raise
                else:
                    assert sql not in expect_failure, f"{sql} should have failed"
    finally:
        connection.close()


def wait_for_log(server: Postgres, text: str, *, since: set[Path], timeout: float = 30.0) -> list[Path]:
    """The log files written since ``since``, once one of them holds ``text`` (the collector writes asynchronously)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        files = [path for path in server_logs(server) if path not in since]
        if any(text in path.read_text(encoding="utf-8") for path in files):
            return files
        time.sleep(0.2)
    raise AssertionError(f"the server's log never showed {text!r}")


def land_server_log(files: list[Path], landing: Path) -> list[dict]:
    """The server's own jsonlog files, landed as they are in the day folder of their first statement,
    and the log lines the platform's reader takes from them (the same reader the pipeline uses)."""
    lines = []
    for file in files:
        for _, _, entry in log_entries(str(file)):
            assert isinstance(entry, LogLine), f"{file}: {entry}"
            lines.append(entry.model_dump(mode="json", exclude_none=True))
    day = datetime.fromisoformat(lines[0]["query_start_time"]).astimezone(timezone.utc).date().isoformat()
    for file in files:
        target = landing / ACCOUNT / day / file.name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(file, target)
    return lines


def open_instance(home: Path) -> dg.DagsterInstance:
    home.mkdir(parents=True, exist_ok=True)
    (home / "dagster.yaml").write_text("telemetry:\n  enabled: false\n")
    return dg.DagsterInstance.from_config(str(home))


def warehouse_rows(warehouse: Path, table: str) -> list[dict]:
    folders = sorted(warehouse.glob(f"{table}/day=*/account={ACCOUNT}"))
    return [row for folder in folders for row in pq.read_table(partition_files(folder), partitioning=None).to_pylist()]


@pytest.fixture(scope="module")
def end_to_end(spark_resource, tmp_path_factory) -> EndToEnd:
    audited = install_pgaudit(postgres_bin_dir())
    settings = {**STATEMENT_LOG_SETTINGS, **(PGAUDIT_SETTINGS if audited else {})}
    root = tmp_path_factory.mktemp("postgres-end-to-end")
    with start_postgres(database=DATABASE, settings=settings) as server:
        run_sql(server, (["CREATE EXTENSION pgaudit"] if audited else []) + SETUP)
        landing = root / "landing"
        (landing / ACCOUNT).mkdir(parents=True)
        taken = subprocess.run([AHP, "catalog", "--url", server.url, "--account", ACCOUNT, "--schema", "shop",
                                "--schema", "reporting", "--schema", "public",
                                "--out", str(landing / ACCOUNT / "catalog.json")],
                               capture_output=True, text=True, timeout=300)
        assert taken.returncode == 0, taken.stderr
        before = set(server_logs(server))
        time.sleep(1.1)  # the next file's name (to the second) must differ from the current one's
        run_sql(server, ["SELECT pg_rotate_logfile()"])
        run_sql(server, [s.sql for s in WORKLOAD], expect_failure={s.sql for s in WORKLOAD if s.fails})
        files = wait_for_log(server, WORKLOAD[-1].sql, since=before)
        entries = [e for e in jsonlog_entries(files) if "pg_rotate_logfile" not in e.get("message", "")]
        lines = land_server_log(files, landing)

        warehouse = root / "warehouse"
        resources = {"spark": spark_resource, "landing": LandingZone(root=str(landing), dialect="postgres"),
                     "warehouse": Warehouse(root=str(warehouse)), "organization": Organization(name="TESTORG"),
                     "openlineage": OpenLineageTransport()}
        instance = open_instance(root / "dagster_home")
        done = run_round(instance, resources)
        records = [row_to_record(row) for row in warehouse_rows(warehouse, "access_history")]
        yield EndToEnd(server, audited, root, json.loads((landing / ACCOUNT / "catalog.json").read_text()),
                       entries, lines, records, warehouse_rows(warehouse, "access_history_quarantine"), done, instance)


def test_the_live_catalog_taken_at_the_start_holds_the_workloads_objects_with_their_types(end_to_end):
    objects = {o["name"]: o for o in end_to_end.catalog["objects"]}
    assert sorted(objects) == [f"{DATABASE}.public.accounts", f"{DATABASE}.reporting.active_accounts",
                               f"{DATABASE}.reporting.big_spenders", f"{DATABASE}.reporting.customer_totals",
                               f"{DATABASE}.reporting.order_counts", f"{DATABASE}.reporting.paid_orders",
                               f"{DATABASE}.shop.customers", f"{DATABASE}.shop.order_audit",
                               f"{DATABASE}.shop.orders", f"{DATABASE}.shop.refunds"]
    assert objects[f"{DATABASE}.shop.customers"]["columns"] == [
        {"name": "id", "data_type": "integer"}, {"name": "email", "data_type": "character varying(320)"},
        {"name": "region", "data_type": "text"}, {"name": "balance", "data_type": "numeric(12,2)"}]
    assert objects[f"{DATABASE}.reporting.customer_totals"]["columns"][2] == {
        "name": "band", "data_type": "text", "stored_from": ["total"], "generated": True}
    big_spenders = objects[f"{DATABASE}.reporting.big_spenders"]
    assert big_spenders["domain"] == "View" and "reporting.paid_orders" in big_spenders["definition"]
    # read with no schema on the search path: the text names public's table with its schema too
    assert "FROM public.accounts" in objects[f"{DATABASE}.reporting.active_accounts"]["definition"]
    # a materialized view, which the information schema leaves out, with its columns and its query
    order_counts = objects[f"{DATABASE}.reporting.order_counts"]
    assert order_counts["domain"] == "Materialized view" and "FROM shop.orders" in order_counts["definition"]
    assert order_counts["columns"] == [{"name": "customer_id", "data_type": "integer"},
                                       {"name": "n", "data_type": "bigint"}]
    # a rule, with its table, as the server writes it (names with their schemas)
    [rule] = objects[f"{DATABASE}.shop.orders"]["rules"]
    assert rule.startswith("CREATE RULE keep_deleted AS") and "INSERT INTO shop.order_audit" in rule, rule


def test_the_readmes_export_queries_give_the_catalog_the_live_reader_gives(end_to_end, tmp_path):
    """README's PostgreSQL export (``\\copy (...) TO 'tables.csv' CSV HEADER``, ``columns.csv``, ``views.csv``,
    ``rules.csv``, the views and rules with no schema on the search path), run on the server and read by ``ahp catalog
    --export``, holds each object the live reader took at the start as it took it, the materialized view and the
    rule among them."""
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text()
    [row] = [line for line in readme.splitlines() if line.startswith("| PostgreSQL | ") and "\\copy" in line]
    queries = dict((name, query) for query, name in re.findall(r"`\\copy \((.+?)\) TO '(\w+)\.csv' CSV HEADER`", row))
    assert sorted(queries) == ["columns", "rules", "tables", "views"], row
    connection = psycopg2.connect(host=end_to_end.server.host, port=end_to_end.server.port, user=end_to_end.server.user,
                                  password=end_to_end.server.password, dbname=DATABASE)
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_catalog.set_config('search_path', '', false)")
            for name, query in queries.items():
                with (tmp_path / f"{name}.csv").open("w") as out:
                    cursor.copy_expert(f"COPY ({query}) TO STDOUT CSV HEADER", out)
    finally:
        connection.close()
    read = read_export(export_files(tmp_path), source=str(tmp_path))
    assert read.format.name == "postgres" and read.problems == []
    exported = {o["name"]: o for o in read.snapshot["objects"]}
    for obj in end_to_end.catalog["objects"]:
        assert exported.get(obj["name"]) == obj, obj["name"]


def test_the_sensor_and_the_automation_resolve_the_landed_server_log(end_to_end):
    done = end_to_end.round
    assert done.success, [r.all_events[-1] for r in done.results if not r.success]
    assert done.sensor_runs and all(key.startswith(f"{ACCOUNT}/") for key in done.sensor_runs)
    assert end_to_end.instance.get_dynamic_partitions(ACCOUNTS) == [ACCOUNT]
    assert end_to_end.quarantined == []
    assert {line["execution_status"] for line in end_to_end.lines} == {"SUCCESS", "FAIL"}


@pytest.mark.parametrize("index", range(len(WORKLOAD)), ids=[s.sql.split(" ", 3)[0] + f"-{i}" for i, s in enumerate(WORKLOAD)])
def test_each_record_is_what_its_statement_did(end_to_end, index):
    wanted = WORKLOAD[index]
    query_id = end_to_end.query_id(wanted.sql)
    records = [r for r in end_to_end.records if r["query_id"].split("#")[0] == query_id]
    if not wanted.recorded:
        assert records == []
        return
    if wanted.children:
        assert sorted(r["query_id"] for r in records) == [f"{query_id}#{n}" for n in range(1, wanted.children + 1)]
        assert {r["parent_query_id"] for r in records} == {query_id}
    else:
        assert [r["query_id"] for r in records] == [query_id]
    tables, views, written = request_relations(records)
    assert (tables - written, views, written) == (wanted.reads, wanted.views, wanted.writes)
    assert {r["user_name"] for r in records} == {end_to_end.server.user}
    ddl = [(d["operationType"], d["objectName"]) for r in records if (d := r["object_modified_by_ddl"])]
    assert ddl == ([wanted.ddl] if wanted.ddl else [])


def test_a_stored_generated_column_is_written_from_what_its_column_is_written_from(end_to_end):
    """The live catalog's generated column (``IS_GENERATED``, ``GENERATION_EXPRESSION``): the insert that writes total
    writes band too, from the view's total and the base column behind it."""
    [record] = [r for r in end_to_end.records if r["query_id"] == end_to_end.query_id(WORKLOAD[1].sql)]
    [written] = record["objects_modified"]
    def sources(column: dict, kind: str) -> list[str]:
        return sorted(f"{s['objectName'].split('.', 1)[1]}.{s['columnName']}" for s in column.get(kind, []))
    columns = {c["columnName"]: (sources(c, "directSources"), sources(c, "baseSources")) for c in written["columns"]}
    assert columns["band"] == columns["total"] == (["reporting.big_spenders.total"], ["shop.orders.amount"])


def test_the_tables_each_record_reads_and_writes_are_those_pgaudit_logged(end_to_end):
    if not end_to_end.audited:
        pytest.skip("Debian's postgresql-15-pgaudit could not be installed here")
    audited = pgaudit_statements(end_to_end.entries)
    assert audited, "pgaudit logged nothing"
    assert pgaudit_mismatches(end_to_end.records, audited) == []


def test_the_pgaudit_comparison_sees_a_record_that_misses_a_table(end_to_end):
    if not end_to_end.audited:
        pytest.skip("Debian's postgresql-15-pgaudit could not be installed here")
    query_id = end_to_end.query_id(WORKLOAD[3].sql)  # DELETE ... USING refunds
    wrong = [dict(r, direct_objects_accessed=[o for o in r["direct_objects_accessed"] if "refunds" not in o["objectName"]],
                  base_objects_accessed=[o for o in r["base_objects_accessed"] if "refunds" not in o["objectName"]])
             if r["query_id"] == query_id else r for r in end_to_end.records]
    assert pgaudit_mismatches(wrong, pgaudit_statements(end_to_end.entries)) == [
        f"{query_id}: reads tables [], pgaudit logged ['shop.refunds']"]


def test_the_catalog_asset_starts_from_the_live_database_when_one_is_configured(end_to_end, spark_resource,
                                                                                 tmp_path, monkeypatch):
    account, day = "PGLIVE", datetime.now(timezone.utc).date()
    landing = tmp_path / "landing"
    (landing / account / day.isoformat()).mkdir(parents=True)
    (landing / account / day.isoformat() / "empty.jsonl").write_text("")
    monkeypatch.setenv("AHP_TEST_CATALOG_URL", end_to_end.server.url)
    live = LiveCatalog(url=dg.EnvVar("AHP_TEST_CATALOG_URL"), schemas=["shop", "reporting"])
    resources = {"spark": spark_resource, "organization": Organization(), "openlineage": OpenLineageTransport(),
                 "landing": LandingZone(root=str(landing), dialect="postgres", live_catalog=live),
                 "warehouse": Warehouse(root=str(tmp_path / "warehouse"))}
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions(ACCOUNTS, [account])
    result = dg.materialize(list(ALL_ASSETS), selection=list(ACCOUNT_DAY_ASSETS[:2]), instance=instance,
                            partition_key=partition_key(day, account), resources=resources)
    assert result.success
    [materialization] = [m for m in result.asset_materializations_for_node("catalog")]
    origin = materialization.metadata["started_from"].value
    assert origin == f"the live database {end_to_end.server.url.replace(end_to_end.server.password, '***')}"
    warehouse = resources["warehouse"]
    folder = tmp_path / "warehouse" / "catalog" / f"day={day.isoformat()}" / f"account={account}"
    start_uri = warehouse.document_uri("catalog", day, account, "_catalog_start.json")
    start = json.loads(Path(start_uri.removeprefix("file://")).read_text())["catalog"]["objects"]
    renamed = next(o for o in start if o["name"] == f"{DATABASE}.reporting.region_summary")  # the database now
    assert renamed["columns"][1]["data_type"] == "numeric"
    versions = {row["name"]: json.loads(row["object"])
                for row in pq.read_table(partition_files(folder), partitioning=None).to_pylist()}
    assert versions[f"{DATABASE}.shop.customers"]["columns"][1] == {
        "name": "email", "id": versions[f"{DATABASE}.shop.customers"]["columns"][1]["id"],
        "data_type": "character varying(320)"}
