"""Writes ``clickhouse/`` beside this file from a real ClickHouse (chDB, ClickHouse in-process:
``.venv/bin/python examples/catalog_exports/clickhouse_sample.py``; chDB is a test dependency).

The export is the README's: ``information_schema.tables`` and ``columns`` as they are, and as ``views`` every object's
whole CREATE from ``system.tables`` (a materialized view with its ``TO`` table, a Distributed table, a dictionary),
each as CSVWithNames; only the ``shop`` database's rows, to keep the sample small (the reader leaves the server's own
databases out of a whole export).
"""

from __future__ import annotations

import tempfile
from pathlib import Path

import chdb

HERE = Path(__file__).parent / "clickhouse"
#: A server whose one cluster, ``local``, is itself (a Distributed table needs a cluster).
CONFIG = ("<clickhouse><tcp_port>19000</tcp_port><remote_servers><local><shard><replica><host>localhost</host>"
          "<port>19000</port></replica></shard></local></remote_servers></clickhouse>")
OBJECTS = [
    "CREATE DATABASE shop",
    "CREATE TABLE shop.customers (id UInt32, email Nullable(String), country FixedString(2)) "
    "ENGINE = ReplacingMergeTree ORDER BY id",
    "CREATE TABLE shop.orders (id UInt64, customer_id UInt32, amount Decimal(12, 2), status LowCardinality(String), "
    "ordered_at DateTime, order_day Date ALIAS toDate(ordered_at)) ENGINE = MergeTree ORDER BY id",
    "CREATE TABLE shop.daily_revenue (day Date, revenue Decimal(38, 2)) ENGINE = SummingMergeTree ORDER BY day",
    "CREATE VIEW shop.v_paid AS SELECT o.id, o.amount, c.country FROM shop.orders AS o "
    "JOIN shop.customers AS c ON c.id = o.customer_id WHERE o.status = 'paid'",
    "CREATE MATERIALIZED VIEW shop.daily_revenue_mv TO shop.daily_revenue AS SELECT order_day AS day, "
    "sum(amount) AS revenue FROM shop.orders WHERE status = 'paid' GROUP BY day",
    "CREATE TABLE shop.orders_all AS shop.orders ENGINE = Distributed(local, shop, orders)",
    "CREATE DICTIONARY shop.customer_emails (id UInt64, email String) PRIMARY KEY id "
    "SOURCE(CLICKHOUSE(TABLE 'customers' DB 'shop')) LAYOUT(HASHED()) LIFETIME(300)",
]
EXPORT = {
    "tables": "SELECT * FROM information_schema.tables WHERE table_schema = 'shop'",
    "columns": "SELECT * FROM information_schema.columns WHERE table_schema = 'shop'",
    "views": "SELECT database AS table_catalog, database AS table_schema, name AS table_name, "
             "create_table_query AS view_definition FROM system.tables WHERE database = 'shop'",
}


def main() -> None:
    HERE.mkdir(exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        (Path(work) / "config.xml").write_text(CONFIG)
        connection = chdb.connect(f"file:{work}/db?config-file={work}/config.xml")
        cursor = connection.cursor()
        for statement in OBJECTS:
            cursor.execute(statement)
        for view, query in EXPORT.items():
            cursor.execute(f"{query} ORDER BY table_name INTO OUTFILE '{HERE / view}.csv' TRUNCATE FORMAT CSVWithNames")
        connection.close()


if __name__ == "__main__":
    main()
