"""``raw_query_logs``: one account-day of the landing zone's log lines, validated, as Parquet.

Valid lines are stored with their file, line and ``log_position`` (their place in the
day's log order); bad lines go to ``raw_query_logs_quarantine`` with file, line and reason.
"""

from functools import partial

import dagster as dg
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from access_history_platform.spark.logs import parse_log_files, parsed_lines_schema, stored_lines_schema
from access_history_platform.spark.transforms import order_log, spark_schema
from resources import LandingZone, SparkResource, Warehouse

from .partitions import AccountDay, account_days
from .tables import empty_frame, preview, rate, read_partition, table_metadata, write_partition

TABLE = "raw_query_logs"
QUARANTINE = "raw_query_logs_quarantine"
QUARANTINE_COLUMNS = ("account_name", "file", "line", "reason", "text")


@dg.asset(
    partitions_def=account_days,
    group_name="access_history",
    kinds={"spark", "parquet"},
    description="The account-day's raw query log lines (JSON Lines, gzip JSON Lines, Parquet), validated; "
                "bad lines quarantined with file, line and reason.",
)
def raw_query_logs(context: dg.AssetExecutionContext, spark: SparkResource, landing: LandingZone,
                   warehouse: Warehouse) -> dg.MaterializeResult:
    part = AccountDay.of(context)
    session = spark.session()
    files = landing.log_files(part.account, part.day)
    context.log.info(f"{part}: {len(files)} log file(s) in the landing zone")
    parsed = read_log_files(session, files, part, landing.dialect).persist()
    try:
        lines_uri = warehouse.partition_uri(TABLE, part.day, part.account)
        bad_uri = warehouse.partition_uri(QUARANTINE, part.day, part.account)
        good = write_partition(order_log(parsed.where(F.col("kind") == "line")), lines_uri)
        bad = write_partition(quarantined_lines(parsed, part.account), bad_uri)
    finally:
        parsed.unpersist()
    stored = raw_lines(session, lines_uri)
    return dg.MaterializeResult(metadata=table_metadata(
        rows=good, path=lines_uri, preview_value=preview(
            stored, ["log_position", "query_id", "query_start_time", "user_name", "query_text"]),
        files=len(files), lines_quarantined=bad, parse_failure_rate=rate(bad, good + bad), quarantine_path=bad_uri,
    ))


def raw_lines(session: SparkSession, uri: str) -> DataFrame:
    """A stored ``raw_query_logs`` partition."""
    return read_partition(session, uri, stored_lines_schema())


def read_log_files(session: SparkSession, files: list[str], part: AccountDay, dialect: str) -> DataFrame:
    """Every line of ``files`` as a row of ``parsed_lines_schema`` (valid and bad ones)."""
    schema = parsed_lines_schema()
    if not files:
        return empty_frame(session, schema)
    batch_function = partial(parse_log_files, account=part.account, day=part.day, dialect=dialect)
    return (session.read.format("binaryFile").load(files)
            .select("path", "content")
            .mapInArrow(batch_function, spark_schema(schema)))


def quarantined_lines(parsed: DataFrame, account: str) -> DataFrame:
    return parsed.where(F.col("kind") == "bad").withColumn("account_name", F.lit(account)).select(*QUARANTINE_COLUMNS)
