"""Writes ``clickhouse_query_log.json`` and ``clickhouse_catalog.json`` beside this file from a real ClickHouse
(chDB, ClickHouse in-process: ``.venv/bin/python examples/histories/clickhouse_sample.py``; chDB is a test dependency).

The catalog is the server's tables, columns and views after the set-up statements; the query log is the day's
statements after them, exported with the README's export query (``system.query_log``, JSONEachRow, ISO times).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import chdb

HERE = Path(__file__).parent
SET_UP = [
    "CREATE DATABASE shop",
    "CREATE TABLE shop.orders (id UInt32, amount Float64, customer String, ts DateTime) ENGINE = MergeTree ORDER BY id",
    "CREATE TABLE shop.customers (name String, region String, version UInt32) "
    "ENGINE = ReplacingMergeTree(version) ORDER BY name",
    "CREATE VIEW shop.v_eu AS SELECT o.id, o.amount FROM shop.orders AS o "
    "JOIN shop.customers AS c ON c.name = o.customer WHERE c.region = 'EU'",
]
DAY = [
    "INSERT INTO shop.orders VALUES (1, 2.5, 'a', now()), (2, 3.5, 'b', now())",
    "INSERT INTO shop.customers (name, region, version) VALUES ('a', 'EU', 1)",
    "USE shop",
    "SELECT sum(amount) FROM v_eu",
    "SELECT region, count() AS n FROM customers FINAL GROUP BY region",
    "CREATE TABLE totals (customer String, total Float64) ENGINE = SummingMergeTree ORDER BY customer",
    "INSERT INTO totals SELECT customer, sum(amount) FROM orders GROUP BY customer",
    "ALTER TABLE orders UPDATE amount = amount * 2 WHERE customer = 'b'",
    "SELECT nope FROM orders",
    "SELECT name FROM system.tables WHERE database = 'shop'",
]
CONFIG = "<clickhouse><query_log><database>system</database><table>query_log</table></query_log></clickhouse>"


def main() -> None:
    with tempfile.TemporaryDirectory() as work:
        (Path(work) / "config.xml").write_text(CONFIG)
        connection = chdb.connect(f"file:{work}/db?config-file={work}/config.xml&log_queries=1")
        cursor = connection.cursor()
        for statement in SET_UP:
            cursor.execute(statement)
        catalog = _catalog(cursor)
        cursor.execute("SELECT now64(6)")
        [(start,)] = cursor.fetchall()
        for statement in DAY:
            try:
                cursor.execute(statement)
                cursor.fetchall()
            except Exception:  # noqa: BLE001 (a failing statement is part of the day)
                pass
        cursor.execute("SYSTEM FLUSH LOGS")
        out = HERE / "clickhouse_query_log.json"
        cursor.execute(f"SELECT * FROM system.query_log WHERE type != 'QueryStart' AND query_start_time_microseconds > "
                       f"toDateTime64('{start}', 6) ORDER BY event_time_microseconds "
                       f"INTO OUTFILE '{out}' TRUNCATE FORMAT JSONEachRow SETTINGS date_time_output_format = 'iso', "
                       "output_format_json_validate_utf8 = 1")
        connection.close()
    (HERE / "clickhouse_catalog.json").write_text(json.dumps(catalog, indent=1) + "\n")


def _catalog(cursor) -> dict:
    cursor.execute("SELECT database, name, engine, as_select FROM system.tables WHERE database = 'shop' ORDER BY name")
    tables = cursor.fetchall()
    cursor.execute("SELECT database, table, name, type FROM system.columns WHERE database = 'shop' "
                   "ORDER BY table, position")
    columns: dict[str, list[dict]] = {}
    for database, table, name, data_type in cursor.fetchall():
        columns.setdefault(f"{database}.{table}", []).append({"name": name, "data_type": data_type})
    objects = []
    for database, name, engine, as_select in tables:
        full = f"{database}.{name}"
        view = engine == "View"
        objects.append({"domain": "View" if view else "Table", "name": full, "columns": columns[full],
                        **({"definition": as_select} if view else {})})
    return {"account": "shop", "objects": objects}


if __name__ == "__main__":
    main()
