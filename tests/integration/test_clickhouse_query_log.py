"""The ``clickhouse`` format against a real ClickHouse server's query log (chDB: ClickHouse in-process).

A day's statements run in chDB with its query log on (a server configuration file, as a deployment has one); the
log is exported with the README's export query as JSON lines, CSV and Parquet, and each export is resolved as it is.
The format is recognized, every finished statement read, a failed one kept and not recorded, a QueryStart row set
aside with its reason; the three exports give the same records. And ClickHouse's own account of what each query
touched (the query log's ``tables`` and ``columns``) is what the records name, but where the two differ by design
(``DIFFERS``): a CREATE VIEW's record reads its query's tables (CONTRACT), a mutation's WHERE reads columns the log
does not list, a database is no table.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from access_history_platform import cli
from access_history_platform.logs import detect_format

chdb = pytest.importorskip("chdb", reason="chDB (ClickHouse in-process) is a test dependency: run bin/setup")

CONFIG = """<clickhouse>
  <query_log>
    <database>system</database>
    <table>query_log</table>
    <flush_interval_milliseconds>500</flush_interval_milliseconds>
  </query_log>
</clickhouse>
"""

SESSION = [
    "CREATE DATABASE shop",
    "CREATE TABLE shop.orders (id UInt32, amount Float64, customer String, ts DateTime) ENGINE = MergeTree ORDER BY id",
    "CREATE TABLE shop.Customers (name String, region String, version UInt32) "
    "ENGINE = ReplacingMergeTree(version) ORDER BY name",
    "INSERT INTO shop.orders VALUES (1, 2.5, 'a', now()), (2, 3.5, 'b', now())",
    "INSERT INTO shop.Customers (name, region, version) VALUES ('a', 'EU', 1), ('b', 'US', 1)",
    "CREATE VIEW shop.v_eu AS SELECT o.id, o.amount FROM shop.orders AS o "
    "JOIN shop.Customers AS c ON c.name = o.customer WHERE c.region = 'EU'",
    "USE shop",
    "SELECT sum(amount) FROM v_eu",
    "SELECT region, count() AS n FROM Customers FINAL GROUP BY region",
    "CREATE TABLE totals (customer String, total Float64) ENGINE = SummingMergeTree ORDER BY customer",
    "INSERT INTO totals SELECT customer, sum(amount) FROM orders GROUP BY customer",
    "CREATE TABLE by_region (region String, n UInt64) ENGINE = SummingMergeTree ORDER BY region",
    "CREATE MATERIALIZED VIEW region_mv TO by_region AS SELECT upper(region) AS region, count() AS n FROM Customers "
    "GROUP BY region",
    "INSERT INTO Customers SELECT customer, 'eu', 2 FROM orders",
    "WITH big AS (SELECT customer FROM orders WHERE amount > 3) "
    "SELECT t.customer, t.total FROM totals AS t WHERE t.customer IN (SELECT customer FROM big)",
    "SELECT id, x FROM orders ARRAY JOIN [1, 2] AS x",
    "ALTER TABLE orders UPDATE amount = amount * 2 WHERE customer = 'b'",
    "ALTER TABLE orders DELETE WHERE id = 2",
    "SELECT nope FROM orders",
    "SELECT name FROM system.tables WHERE database = 'shop'",
    "CREATE TABLE totals_new (customer String, total Float64) ENGINE = SummingMergeTree ORDER BY customer",
    "EXCHANGE TABLES totals AND totals_new",
    "RENAME TABLE totals_new TO totals_old",
    "DROP TABLE totals_old SYNC",
    "SELECT total FROM totals",
]

#: The README's export query, each format's way (the day's bounds in UTC; ISO times, with their zone).
EXPORT = ("SELECT * FROM system.query_log WHERE type != 'QueryStart' "
          "AND query_start_time >= toDateTime('{day} 00:00:00', 'UTC') "
          "AND query_start_time < toDateTime('{day} 00:00:00', 'UTC') + INTERVAL 1 DAY "
          "ORDER BY event_time_microseconds INTO OUTFILE '{path}' TRUNCATE FORMAT {format} "
          "SETTINGS date_time_output_format = 'iso', output_format_json_validate_utf8 = 1")

#: Statements whose record differs from the query log's account by design, and why.
DIFFERS = {
    "CREATE DATABASE shop": "a database is no table of the query log's",
    "CREATE VIEW shop.v_eu": "a CREATE VIEW's record reads its query's tables and columns (the log names the view)",
    "CREATE MATERIALIZED VIEW": "a CREATE VIEW's record reads its query's tables and columns (the log names the view)",
    "ALTER TABLE orders UPDATE": "a mutation's record reads the columns its SET and WHERE read (the log lists none)",
    "ALTER TABLE orders DELETE": "a mutation's record reads the columns its WHERE reads (the log lists none)",
    "EXCHANGE TABLES": "an exchange is two records, one of each table",
    "RENAME TABLE": "a rename's record names the table by its old name (the log names both)",
    "DROP TABLE totals_old": "the log lists no table for a DROP",
}


@pytest.fixture(scope="module")
def day_log(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The session run in chDB, its query log exported in three formats, and the log's own rows."""
    root = tmp_path_factory.mktemp("clickhouse")
    config = root / "config.xml"
    config.write_text(CONFIG)
    connection = chdb.connect(f"file:{root / 'db'}?config-file={config}&log_queries=1")
    cursor = connection.cursor()
    failed = []
    for statement in SESSION:
        try:
            cursor.execute(statement)
            cursor.fetchall()
        except Exception:  # noqa: BLE001 (the failing statement is part of the day)
            failed.append(statement)
    assert failed == ["SELECT nope FROM orders"]
    cursor.execute("SYSTEM FLUSH LOGS")
    cursor.execute("SELECT toString(toDate(min(query_start_time), 'UTC')) FROM system.query_log")
    [(day,)] = cursor.fetchall()
    exports = {}
    for fmt, suffix in (("JSONEachRow", "jsonl"), ("CSVWithNames", "csv"), ("Parquet", "parquet")):
        exports[suffix] = root / f"query_log_{day}.{suffix}"
        cursor.execute(EXPORT.format(day=day, path=exports[suffix], format=fmt))
    every = root / "with_starts.jsonl"  # the whole log, QueryStart rows too
    cursor.execute(f"SELECT * FROM system.query_log INTO OUTFILE '{every}' TRUNCATE FORMAT JSONEachRow "
                   "SETTINGS date_time_output_format = 'iso'")
    connection.close()
    rows = [json.loads(line) for line in exports["jsonl"].read_text().splitlines()]
    catalog = root / "catalog.json"
    catalog.write_text('{"objects": []}')  # the day creates what it reads
    return {"exports": exports, "every": every, "rows": rows, "catalog": catalog, "root": root}


def resolve(log: Path, catalog: Path, out: Path, capsys: pytest.CaptureFixture) -> tuple[list[dict], str]:
    assert cli.main(["resolve", "--catalog", str(catalog), "--log", str(log), "--out", str(out)]) == 0
    err = capsys.readouterr().err
    return [json.loads(line) for line in out.read_text().splitlines()], err


def test_each_export_is_recognized_and_gives_the_same_records(day_log, capsys):
    results = {}
    for suffix, path in day_log["exports"].items():
        assert detect_format(str(path)).name == "clickhouse", suffix
        records, err = resolve(path, day_log["catalog"], day_log["root"] / f"records_{suffix}.jsonl", capsys)
        assert "; 0 log lines set aside" in err, err
        assert "1 failed (not recorded), 0 quarantined" in err, err
        results[suffix] = records
    assert results["jsonl"] == results["csv"] == results["parquet"]
    texts = {row["query_id"]: row["query"] for row in day_log["rows"]}
    assert {texts[record["query_id"]] for record in results["jsonl"]} >= {
        "INSERT INTO shop.orders VALUES ", "SELECT sum(amount) FROM v_eu", "ALTER TABLE orders DELETE WHERE id = 2"}
    assert all(record["query_start_time"].endswith("+00:00") for record in results["jsonl"])


def test_a_query_start_row_is_set_aside_saying_why_and_its_query_read_once(day_log, capsys):
    records, err = resolve(day_log["every"], day_log["catalog"], day_log["root"] / "every.jsonl", capsys)
    starts = re.findall(r"^line set aside: .*?:\d+: (.*)$", err, re.MULTILINE)
    assert starts and all(reason.startswith("type 'QueryStart': a query's start") for reason in starts)
    started = [row for row in day_log["rows"] if row["type"] != "ExceptionBeforeStart"]  # (that one never started)
    assert len(starts) == len(started)
    exported, _ = resolve(day_log["exports"]["jsonl"], day_log["catalog"], day_log["root"] / "again.jsonl", capsys)
    assert [r["query_id"] for r in records] == [r["query_id"] for r in exported]


def _named(record: dict[str, Any]) -> tuple[set[str], set[str]]:
    """The tables and views a record names, and the columns it reads (``db.t.c``), as the query log writes them."""
    tables, columns = set(), set()
    for key in ("direct_objects_accessed", "base_objects_accessed", "objects_modified"):
        for entry in record[key]:
            if "objectName" in entry:
                tables.add(entry["objectName"])
                if key != "objects_modified":
                    columns |= {f"{entry['objectName']}.{c['columnName']}" for c in entry.get("columns") or []}
    ddl = record.get("object_modified_by_ddl")
    if ddl:
        tables.add(ddl["objectName"])
    return tables, columns


def test_the_records_name_what_clickhouse_says_each_query_touched(day_log, capsys):
    records, _ = resolve(day_log["exports"]["jsonl"], day_log["catalog"], day_log["root"] / "oracle.jsonl", capsys)
    by_id = {}
    for record in records:
        by_id.setdefault(record["query_id"], []).append(record)
    compared = 0
    for row in day_log["rows"]:
        if row["type"] != "QueryFinish" or any(row["query"].startswith(prefix) for prefix in DIFFERS):
            continue
        # (the materialized views an insert sets off are in the log's tables too: the record names what they write)
        logged = {name for name in row["tables"] if not name.startswith("system.")} - set(row["views"])
        named, read = set(), set()
        for record in by_id.get(row["query_id"], []):
            tables, columns = _named(record)
            named |= tables
            read |= columns
        assert named == logged, row["query"]
        if row["query_kind"] in ("Select", "Insert"):
            # (a materialized view an insert sets off reads the inserted rows, which the log counts as columns of the
            # written table: the record reads no table there)
            written = {e["objectName"] for r in by_id.get(row["query_id"], []) for e in r["objects_modified"]}
            logged_columns = {name for name in row["columns"] if not name.startswith("system.")
                              and name.rsplit(".", 1)[0] not in written}
            assert read == logged_columns, row["query"]
        compared += 1
    assert compared >= 13
    [cascade] = by_id[next(r["query_id"] for r in day_log["rows"] if r["query"].startswith("INSERT INTO Customers"))]
    assert {entry["objectName"] for entry in cascade["objects_modified"]} == {"shop.Customers", "shop.by_region"}
    [swap_a, swap_b] = by_id[next(r["query_id"] for r in day_log["rows"] if r["query"].startswith("EXCHANGE"))]
    assert {swap_a["object_modified_by_ddl"]["objectName"], swap_b["object_modified_by_ddl"]["objectName"]} == {
        "shop.totals", "shop.totals_new"}
    names = {record["object_modified_by_ddl"]["objectName"] for record in records if record["object_modified_by_ddl"]}
    assert "shop.Customers" in names and "shop.customers" not in names  # names keep their case


def test_a_binary_name_keeps_its_rows_in_the_readmes_json_export(tmp_path, capsys):
    """A column named by bytes that are no UTF-8 (``c\\xFF``, as ClickHouse's tests name some) is in the query log's
    ``columns`` of each statement that touches it, written as its bytes: the row is no text, and was set aside whole
    (the statement lost). The README's JSON export writes such a byte as U+FFFD: every row is kept and resolved."""
    config = tmp_path / "config.xml"
    config.write_text(CONFIG)
    connection = chdb.connect(f"file:{tmp_path / 'db'}?config-file={config}&log_queries=1")
    cursor = connection.cursor()
    for statement in ["CREATE DATABASE shop", "CREATE TABLE shop.bin (`c\\xFF` UInt8, d UInt8) ENGINE = Memory",
                      "INSERT INTO shop.bin VALUES (1, 2)", "SELECT d FROM shop.bin WHERE `c\\xFF` = 1",
                      "SYSTEM FLUSH LOGS"]:
        cursor.execute(statement)
        cursor.fetchall()
    cursor.execute("SELECT toString(toDate(min(query_start_time), 'UTC')) FROM system.query_log")
    [(day,)] = cursor.fetchall()
    log = tmp_path / "query_log.jsonl"
    cursor.execute(EXPORT.format(day=day, path=log, format="JSONEachRow"))
    connection.close()
    catalog = tmp_path / "catalog.json"
    catalog.write_text('{"objects": []}')
    records, err = resolve(log, catalog, tmp_path / "records.jsonl", capsys)
    assert "; 0 log lines set aside" in err, err
    [select] = [record for record in records if record["direct_objects_accessed"]]
    assert [(entry["objectName"], len(entry["columns"])) for entry in select["direct_objects_accessed"]] == [
        ("shop.bin", 2)]  # (d, and the column of the binary name, as the query's escape spells it)
    assert any(entry["objectName"] == "shop.bin" for record in records for entry in record["objects_modified"])


#: A server whose one cluster is itself (``tcp_port`` makes its replica local: a Distributed table is read in-process).
CLUSTER_CONFIG = CONFIG.replace("</clickhouse>", "  <tcp_port>19000</tcp_port>\n  <remote_servers><local><shard>"
                                "<replica><host>localhost</host><port>19000</port></replica></shard></local>"
                                "</remote_servers>\n</clickhouse>")

OBJECTS = [
    "CREATE DATABASE shop",
    "CREATE TABLE shop.events (id UInt64, name String, name_upper String ALIAS upper(name), "
    "id2 UInt64 MATERIALIZED id * 2, raw String EPHEMERAL) ENGINE = MergeTree ORDER BY id",
    "CREATE TABLE shop.by_name (name String, n UInt64) ENGINE = SummingMergeTree ORDER BY name",
    "CREATE MATERIALIZED VIEW shop.by_name_mv TO shop.by_name AS SELECT name, count() AS n FROM shop.events "
    "GROUP BY name",
    "CREATE MATERIALIZED VIEW shop.ids_mv ENGINE = MergeTree ORDER BY id AS SELECT id FROM shop.events",
    "CREATE TABLE shop.events_all AS shop.events ENGINE = Distributed('local', 'shop', 'events')",
    "CREATE DICTIONARY shop.names (id UInt64, name String) PRIMARY KEY id "
    "SOURCE(CLICKHOUSE(TABLE 'events' DB 'shop')) LAYOUT(FLAT()) LIFETIME(0)",
    "CREATE VIEW shop.v AS SELECT id, name FROM shop.events",
]

#: The README's catalog export of ClickHouse: the information schema's tables and columns, and every object's whole
#: CREATE from system.tables as VIEWS.
CATALOG_EXPORT = {
    "tables": "SELECT * FROM information_schema.tables",
    "columns": "SELECT * FROM information_schema.columns",
    "views": "SELECT database AS table_catalog, database AS table_schema, name AS table_name, "
             "create_table_query AS view_definition FROM system.tables "
             "WHERE database NOT IN ('system', 'information_schema', 'INFORMATION_SCHEMA')",
}

#: Read against the exported catalog, each the same tables and columns as ClickHouse's log.
AGREED = [
    "SELECT * FROM events",  # (the ALIAS, MATERIALIZED and EPHEMERAL columns are not in *)
    "SELECT name_upper, id2 FROM events",  # (the ALIAS column is read as the column it is computed from)
    "SELECT * FROM events_all",  # (the Distributed table reads the shards' table)
    "SELECT name FROM events_all WHERE id = 1",
    "SELECT * FROM v",
    # (the same table on the cluster's servers: ClickHouse's log names the call too, as _table_function.cluster)
    "SELECT name FROM cluster('local', shop.events)",
    "SELECT id FROM clusterAllReplicas(local, shop, events) WHERE name = 'a'",
    # (the columns the expression finds: stored ones, the MATERIALIZED id2 too, not the ALIAS name_upper)
    "SELECT COLUMNS('id') FROM events",
    "SELECT COLUMNS('^na') FROM events",
]


@pytest.fixture(scope="module")
def exported(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The objects made in chDB and exported by the README's catalog export; the day's statements then run, with their
    query log exported."""
    root = tmp_path_factory.mktemp("clickhouse_catalog")
    config = root / "config.xml"
    config.write_text(CLUSTER_CONFIG)
    connection = chdb.connect(f"file:{root / 'db'}?config-file={config}&log_queries=1")
    cursor = connection.cursor()
    for statement in OBJECTS:
        cursor.execute(statement)
    export = root / "export"
    export.mkdir()
    for view, query in CATALOG_EXPORT.items():
        cursor.execute(f"{query} INTO OUTFILE '{export / view}.csv' TRUNCATE FORMAT CSVWithNames")
    cursor.execute("SELECT now64(6)")
    [(start,)] = cursor.fetchall()
    for statement in ["USE shop", "INSERT INTO events (id, name) VALUES (1, 'a'), (2, 'b')", *AGREED,
                      "INSERT INTO events SELECT * FROM events", "INSERT INTO events_all (id, name) VALUES (3, 'c')"]:
        cursor.execute(statement)
        cursor.fetchall()
    cursor.execute("SYSTEM FLUSH LOGS")
    log = root / "query_log.jsonl"
    cursor.execute(f"SELECT * FROM system.query_log WHERE type != 'QueryStart' AND query_start_time_microseconds > "
                   f"toDateTime64('{start}', 6) ORDER BY event_time_microseconds INTO OUTFILE '{log}' TRUNCATE "
                   "FORMAT JSONEachRow SETTINGS date_time_output_format = 'iso'")
    connection.close()
    catalog = root / "catalog.json"
    assert cli.main(["catalog", "--export", str(export), "--out", str(catalog)]) == 0
    return {"root": root, "log": log, "catalog": catalog,
            "rows": [json.loads(line) for line in log.read_text().splitlines()]}


def test_the_catalog_export_knows_each_object_for_what_it_is(exported):
    objects = {o["name"]: o for o in json.loads(exported["catalog"].read_text())["objects"]}
    kinds = {name: (o["domain"], o.get("definition")) for name, o in objects.items()}
    assert kinds == {
        "shop.events": ("Table", None), "shop.by_name": ("Table", None),
        "shop.by_name_mv": ("Materialized view", 'CREATE MATERIALIZED VIEW shop.by_name_mv TO shop.by_name ("name" '
                            'String, "n" UInt64) AS SELECT name, count() AS n FROM shop.events GROUP BY name'),
        "shop.ids_mv": ("Materialized view", "SELECT id FROM shop.events"),
        # (a Distributed table is a view of the shards' table, a dictionary of its source)
        "shop.events_all": ("View", 'SELECT "id", "name", "name_upper", "id2", "raw" FROM shop.events'),
        "shop.names": ("View", 'SELECT "id", "name" FROM shop.events'),
        "shop.v": ("View", "SELECT id, name FROM shop.events"),
    }
    columns = {c["name"]: (c.get("invisible", False), c.get("computed_from"), c.get("stored_from"))
               for c in objects["shop.events"]["columns"]}
    assert columns == {"id": (False, None, None), "name": (False, None, None), "name_upper": (True, ["name"], None),
                       "id2": (True, None, ["id"]),  # (MATERIALIZED: computed from id when a row is written)
                       "raw": (True, None, None)}  # (EPHEMERAL: told by the CREATE alone)


def test_reads_against_the_exported_catalog_are_what_clickhouse_logs(exported, capsys):
    records, err = resolve(exported["log"], exported["catalog"], exported["root"] / "records.jsonl", capsys)
    assert "0 failed (not recorded), 0 quarantined" in err, err
    by_text = {}
    for row in exported["rows"]:
        if row["type"] == "QueryFinish":
            by_text[row["query"]] = (row, [r for r in records if r["query_id"] == row["query_id"]])
    for text in AGREED:
        row, found = by_text[text]
        named, read = set(), set()
        for record in found:
            tables, columns = _named(record)
            named |= tables
            read |= columns
        logged = [{name for name in row[key] if not name.startswith("_table_function.")}
                  for key in ("tables", "columns")]
        assert [named, read] == logged, text
    # an insert sets off both materialized views (one writes its TO table, one itself), through a Distributed table too
    for text in ("INSERT INTO events SELECT * FROM events", "INSERT INTO events_all (id, name) VALUES "):
        [record] = by_text[text][1]
        assert {e["objectName"] for e in record["objects_modified"]} == {"shop.events", "shop.by_name", "shop.ids_mv"}
    [copy] = by_text["INSERT INTO events SELECT * FROM events"][1]
    written = {e["objectName"]: {c["columnName"]: c["directSources"] for c in e["columns"]}
               for e in copy["objects_modified"]}
    # (an insert without a column list writes the visible ones, and the MATERIALIZED id2 from what it writes id)
    assert set(written["shop.events"]) == {"id", "name", "id2"}
    assert written["shop.events"]["id2"] == written["shop.events"]["id"] != []
