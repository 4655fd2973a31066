"""Writes ``spark_thrift_events.zstd`` beside this file from a real Spark Thrift Server (the one pyspark ships, started
as the integration tests start it: ``.venv/bin/python examples/histories/spark_thrift_sample.py``): the server's Spark
event log as Spark wrote it (zstd, one file), after a day of an engineer's and an analyst's sessions through Beeline.
The day creates its own tables: its catalog is ``spark_thrift_catalog.json``, empty.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[1]))  # the repository, for the tests' service helpers

from tests.integration.services import start_spark_thrift_server  # noqa: E402

#: The engineer's session, opened in ``default``: the day's tables, its view, its load.
ENGINEER = (
    "create database if not exists sales",
    "use sales",
    "create table customers (id int, name string, email string, region string) using parquet",
    "create table orders (id int, customer_id int, amount double, note string) using parquet",
    "insert into customers values (1, 'Ann', 'ann@example.com', 'EU'), (2, 'Bo', 'bo@example.com', 'US')",
    "insert into orders values (10, 1, 25.0, 'first'), (11, 2, 5.5, null), (12, 1, 12.0, 'gift')",
    "create or replace view eu_orders as select o.id, o.customer_id, o.amount from orders o "
    "join customers c on o.customer_id = c.id where c.region = 'EU'",
    "create table order_totals using parquet as select customer_id, sum(amount) as total from orders "
    "group by customer_id",
)
#: The analyst's session, opened in ``sales`` (the JDBC URL's database): a metadata call, reads, a statement that
#: fails, a temporary view, a USE, writes by qualified names.
ANALYST = (
    "!tables",
    "select c.email, e.amount from eu_orders e join customers c on e.customer_id = c.id",
    "select nope from orders",
    "create temporary view big as select * from orders where amount > 10",
    "insert into order_totals select customer_id, amount from big",
    "use default",
    "select count(*) from sales.orders",
    "insert overwrite table sales.order_totals select customer_id, sum(amount) from sales.orders "
    "group by customer_id",
)


def run_day(server) -> None:
    """The day's two sessions, one after the other."""
    for statements, user, database in ((ENGINEER, "etl", "default"), (ANALYST, "ann", "sales")):
        done = server.run(statements, user=user, database=database)
        if done.returncode not in (0, 2):  # (2: a statement failed, as one of the analyst's does)
            raise RuntimeError(f"beeline exited with {done.returncode}:\n{done.stderr[-3000:]}")


def main() -> None:
    with tempfile.TemporaryDirectory(prefix="ahp-thrift-sample-") as work:
        with start_spark_thrift_server(Path(work)) as server:
            run_day(server)
        [events] = server.event_logs()  # (whole once Spark has stopped)
        shutil.copyfile(events, HERE / "spark_thrift_events.zstd")
    (HERE / "spark_thrift_catalog.json").write_text('{"objects": []}\n')


if __name__ == "__main__":
    main()
