"""A small Spark job run as its own process: parse SQL with sqlglot inside ``mapInArrow``.

    python spark_probe_job.py --master spark://127.0.0.1:7077 --conf spark.driver.host=127.0.0.1
    python spark_probe_job.py --remote sc://127.0.0.1:15002

Prints one JSON line: the rows the job returned and where its Python tasks ran.

Why a separate process and not the test process: one Python process holds one SparkContext
and one kind of session. The rest of the suite keeps a ``local[2]`` session alive for the
whole run (``getOrCreate`` would hand that one back instead of a cluster session), and
Spark Connect switches pyspark into remote mode process-wide. Running as ``__main__`` also
makes cloudpickle ship ``parse_batches`` by value, so the executors need not import this
file.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator

import pyarrow as pa
from pyspark.sql import SparkSession

PROBE_QUERIES = {
    "q-select": "SELECT o.id, c.name FROM sales.public.orders o JOIN sales.public.customers c "
                "ON o.customer_id = c.id",
    "q-insert": "INSERT INTO mart.daily SELECT day, COUNT(*) FROM raw.events GROUP BY day",
    "q-ctas": "CREATE TABLE mart.top AS SELECT * FROM mart.daily WHERE n > 10",
    "q-delete": "DELETE FROM raw.events WHERE day < '2024-01-01'",
}
COPIES = 25  # rows per query, so the job spans several partitions and Arrow batches

RESULT_SCHEMA = "query_id string, statement string, tables string, python string"


def parse_batches(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """For each (query_id, query_text): the statement's kind and the tables it names."""
    import sqlglot
    from sqlglot import exp

    for batch in batches:
        columns = batch.to_pydict()
        statements, tables = [], []
        for text in columns["query_text"]:
            tree = sqlglot.parse_one(text, dialect="snowflake")
            statements.append(type(tree).__name__)
            names = {exp.table_name(table) for table in tree.find_all(exp.Table)}
            tables.append(",".join(sorted(names)))
        yield pa.RecordBatch.from_pydict({
            "query_id": columns["query_id"],
            "statement": statements,
            "tables": tables,
            "python": [sys.executable] * batch.num_rows,
        })


def run(spark: SparkSession) -> list[dict[str, str]]:
    """Run the probe on ``spark``; the distinct result rows, sorted by query id."""
    rows = [(query_id, text) for query_id, text in PROBE_QUERIES.items() for _ in range(COPIES)]
    queries = spark.createDataFrame(rows, "query_id string, query_text string").repartition(4)
    parsed = queries.mapInArrow(parse_batches, RESULT_SCHEMA).distinct().orderBy("query_id")
    return [row.asDict() for row in parsed.collect()]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    target = parser.add_mutually_exclusive_group(required=True)
    target.add_argument("--master", help="classic session on this master, e.g. spark://h:p")
    target.add_argument("--remote", help="Spark Connect session on this server, e.g. sc://h:p")
    parser.add_argument("--conf", action="append", default=[], metavar="KEY=VALUE")
    args = parser.parse_args(argv)

    builder = SparkSession.builder.appName("ahp-integration-probe")
    builder = builder.remote(args.remote) if args.remote else builder.master(args.master)
    for item in args.conf:
        key, _, value = item.partition("=")
        builder = builder.config(key, value)
    spark = builder.getOrCreate()
    try:
        rows = run(spark)
        print(json.dumps({"spark_version": spark.version, "rows": rows}))
    finally:
        spark.stop()


if __name__ == "__main__":
    main()
