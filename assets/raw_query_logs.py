"""``raw_query_logs``: one account-day of the landing zone's log lines, validated, as Parquet.

Valid lines are stored with their file, line and ``log_position`` (their place in the
day's log order); bad lines go to ``raw_query_logs_quarantine`` with file, line and reason.

A ``query_id`` is stored once per account-day: of the lines that share one, the first in
log order (``query_start_time``, file name, line) is kept. Later lines with the very same
content (a file landed twice, under another name) are dropped and counted as
``duplicate_lines``; a later line with different content is quarantined ("duplicate
query_id with different content"), naming the line that was kept. A file Spark would skip
without a word (a name starting with ``_`` or ``.``), or cannot read (a ``:`` or bytes that are not
UTF-8 in its name), and a symbolic link, are quarantined as a whole (line 0) with the reason
(the landing zone's one rule, ``resources.landing``).
"""

import re
import time
from collections.abc import Iterator, Mapping
from functools import partial
from typing import Any

import dagster as dg
from pyspark.sql import Column, DataFrame, SparkSession, Window
from pyspark.sql import functions as F

from access_history_platform.formats import LogFormat
from access_history_platform.logs import DUPLICATE_REASON, DUPLICATE_RULE, Limits  # noqa: F401 (DUPLICATE_REASON: its name here)
from access_history_platform.spark.logs import LOG_COLUMNS, parse_log_files, parsed_lines_schema
from access_history_platform.spark.transforms import order_log, spark_schema
from resources import LandingZone, SparkResource, Warehouse, spark_step
from resources.tables import RAW_QUARANTINE_COLUMNS, RAW_QUERY_LOGS, RAW_QUERY_LOGS_QUARANTINE

from .partitions import AccountDay, account_days
from .tables import (PREVIEW_ROWS, count_where, empty_frame, frame_of, preview_of, rate, stored_preview,
                     table_metadata, table_spec)

TABLE = RAW_QUERY_LOGS
QUARANTINE = RAW_QUERY_LOGS_QUARANTINE
#: What becomes of a parsed row: stored, dropped as an identical copy, or quarantined.
STORED, COPY, CONFLICT, BAD = FATES = ("stored", "copy", "conflict", "bad")
#: Files listed in the metadata's file report at most.
REPORTED_FILES = 50


@dg.multi_asset(
    name="raw_query_logs",
    partitions_def=account_days,
    specs=[
        table_spec(TABLE, "The account-day's raw query log lines (the platform's log or a warehouse's query "
                          "history; JSON Lines, CSV, Parquet), validated, in log order."),
        table_spec(QUARANTINE, "The account-day's log lines set aside, with file, line and reason (line 0: a "
                               "whole file set aside unread)."),
    ],
)
@spark_step
def raw_query_logs(context: dg.AssetExecutionContext, spark: SparkResource, landing: LandingZone,
                   warehouse: Warehouse) -> Iterator[dg.MaterializeResult]:
    part = AccountDay.of(context)
    session = spark.session()
    as_of = time.time_ns() // 1_000_000  # the listing's time: a run that lists later wins over this one
    landed = landing.day_files(part.account, part.day)
    files = [landing.file_uri(file) for file in landed]
    unread = {landing.file_uri(file): file.problem for file in landed if file.problem}
    context.log.info(f"{part}: {len(files)} log file(s) in the landing zone")
    lines_uri = warehouse.partition_uri(TABLE, part.day, part.account)
    bad_uri = warehouse.partition_uri(QUARANTINE, part.day, part.account)
    readable = [f for f in files if f not in unread]
    fated = with_fates(read_log_files(session, readable, part, landing.dialect_for(part.account),
                                      landing.log_format(part.account))).persist()
    try:
        by_file = file_counts(fated)
        # One task orders the day; small row groups let the resolving tasks read it in parallel. The lines and the
        # quarantine are committed together: a killed run leaves both as they were or both new.
        rows = warehouse.write_together({TABLE: order_log(fated.where(F.col("fate") == STORED)),
                                         QUARANTINE: set_aside(session, fated, unread, part.account)},
                                        part.day, part.account, as_of=as_of)
        good, bad = rows[TABLE.name], rows[QUARANTINE.name]
    finally:
        fated.unpersist()
    total = {fate: sum(counts[fate] for counts in by_file.values()) for fate in FATES}
    empty = [file for file in files if file not in unread and not any(by_file.get(spark_path(file), {}).values())]
    # set aside: not read (by its name), or read and nothing of it kept (a file of another format, a corrupt one)
    aside = len(unread) + sum(1 for file in files
                              if file not in unread and _nothing_kept(by_file.get(spark_path(file))))
    if bad:
        context.log.warning(f"{part}: {bad} line(s) quarantined in {bad_uri}")
    yield dg.MaterializeResult(asset_key=TABLE.name, metadata=table_metadata(
        rows=good, path=lines_uri, preview_value=stored_preview(
            warehouse, TABLE, part.day, part.account, ["log_position", "query_id", "query_start_time", "user_name",
                                                       "query_text"]),
        files=len(files), empty_files=len(empty), files_set_aside=aside, lines_quarantined=bad,
        duplicate_lines=total[COPY], duplicate_query_ids_quarantined=total[CONFLICT],
        parse_failure_rate=rate(bad, good + bad), quarantine_path=bad_uri,
    ) | {"file_report": file_report(files, unread, by_file)})
    yield dg.MaterializeResult(asset_key=QUARANTINE.name, metadata=table_metadata(
        rows=bad, path=bad_uri, files_set_aside=aside,
        preview_value=preview_of([{**row, "file_name": file_name(row["file"])} for row in warehouse.head(
            QUARANTINE, part.day, part.account, ["file", "line", "reason"], PREVIEW_ROWS)],
            ["file_name", "line", "reason"])))


def _nothing_kept(counts: dict[str, int] | None) -> bool:
    """Whether a file read gave lines, every one of them set aside (none stored, none a copy of a stored one)."""
    return bool(counts) and counts[BAD] + counts[CONFLICT] > 0 and counts[STORED] + counts[COPY] == 0


def raw_lines(session: SparkSession, warehouse: Warehouse, part: AccountDay) -> DataFrame:
    """A stored ``raw_query_logs`` partition (a :class:`dagster.Failure` when it is missing)."""
    return warehouse.read(session, TABLE, part.day, part.account)


def read_log_files(session: SparkSession, files: list[str], part: AccountDay, dialect: str,
                   log_format: LogFormat | None = None) -> DataFrame:
    """Every line of ``files`` as a row of ``parsed_lines_schema`` (valid and bad ones).

    ``log_format`` is the account's declared format (None: each file's is recognized); a
    file of a format whose dialect is not ``dialect`` is set aside whole.

    The workers get the files' paths, not their bytes: each opens its files and reads them
    as streams, so a file may be bigger than the 2 GiB one ``binaryFile`` value holds and a
    worker's memory stays bounded by the size limits, read here once for every worker.
    """
    schema = parsed_lines_schema()
    if not files:
        return empty_frame(session, schema)
    batch_function = partial(parse_log_files, account=part.account, day=part.day, dialect=dialect,
                             limits=Limits.from_env(), log_format=log_format.name if log_format else None)
    paths = session.createDataFrame([(spark_path(file),) for file in sorted(files)], "path string")
    tasks = min(len(files), int(session.conf.get("spark.sql.shuffle.partitions", "200")))
    return paths.repartition(tasks).mapInArrow(batch_function, spark_schema(schema))


def with_fates(parsed: DataFrame) -> DataFrame:
    """Parsed rows with their ``fate``: stored, copy, conflict (with its ``reason``) or bad.

    The first line of each ``(account_name, query_id)`` in log order is stored; a later one is
    a copy when its content (its own fields, not its extra ones) is the same, else a conflict.
    """
    first = Window.partitionBy("kind", "account_name", "query_id").orderBy("query_start_time", "file", "line")
    # the line's own fields, not the export's other columns (extra): the same history landed as CSV and as Parquet
    # gives those as text and as typed values, and its lines are copies, not conflicts
    content = F.sha2(F.to_json(F.struct(*LOG_COLUMNS)), 256)
    ranked = (parsed.withColumn("_content", content)
              .withColumn("_rank", F.row_number().over(first))
              .withColumn("_kept_content", F.first("_content").over(first))
              .withColumn("_kept_at", F.first(F.concat_ws(":", "file", "line")).over(first)))
    fate = (F.when(F.col("kind") == "bad", F.lit(BAD))
            .when(F.col("_rank") == 1, F.lit(STORED))
            .when(F.col("_content") == F.col("_kept_content"), F.lit(COPY))
            .otherwise(F.lit(CONFLICT)))
    conflict = F.format_string(DUPLICATE_RULE, "query_id", "_kept_at")
    return (ranked.withColumn("fate", fate)
            .withColumn("reason", F.when(F.col("fate") == CONFLICT, conflict).otherwise(F.col("reason")))
            .withColumn("text", F.when(F.col("fate") == CONFLICT, _line_json()).otherwise(F.col("text")))
            .drop("_content", "_rank", "_kept_content", "_kept_at"))


def _line_json() -> Column:
    """A stored line's fields as one JSON object (the text of a quarantined duplicate)."""
    extra = F.from_json("extra", "map<string,string>")
    return F.to_json(F.struct(*LOG_COLUMNS, extra.alias("extra")))


def set_aside(session: SparkSession, fated: DataFrame, unread: Mapping[str, str], account: str) -> DataFrame:
    """The partition's quarantine: bad lines, conflicting duplicates, and the files set aside unread
    (``unread``: URI and reason) as a whole."""
    lines = fated.where(F.col("fate").isin(BAD, CONFLICT)).withColumn("account_name", F.lit(account))
    lines = lines.select(*RAW_QUARANTINE_COLUMNS)
    if not unread:  # Spark Connect cannot make a frame of no rows from Arrow
        return lines
    return lines.unionByName(frame_of(session, [unread_file_row(file, reason, account)
                                                for file, reason in unread.items()], QUARANTINE.schema))


def file_name(file: str | None) -> str | None:
    """The last part of a quarantine entry's ``file`` (short enough for a preview)."""
    return None if file is None else file.rsplit("/", 1)[-1]


def unread_file_row(file: str, reason: str, account: str) -> dict[str, Any]:
    """The quarantine entry of a file set aside unread, as a whole (line 0)."""
    return {"account_name": account, "file": spark_path(file), "line": 0, "text": None, "reason": reason}


def file_counts(fated: DataFrame) -> dict[str, dict[str, int]]:
    """Per file read: how many of its lines were stored, dropped as copies, quarantined as conflicts or bad."""
    rows = fated.groupBy("file").agg(*count_where(**{fate: F.col("fate") == fate for fate in FATES})).collect()
    return {row["file"]: {fate: row[fate] for fate in FATES} for row in rows}


def file_report(files: list[str], unread: Mapping[str, str], by_file: dict[str, dict[str, int]]) -> dg.MetadataValue:
    """A markdown table: each listed file with its lines stored, duplicates dropped and lines set aside."""
    lines = ["| file | stored | duplicates | quarantined |", "|---|---|---|---|"]
    for file in files[:REPORTED_FILES]:
        counts = by_file.get(spark_path(file), {})
        if file in unread:
            cells = ["0", "0", "whole file (set aside unread)"]
        elif not any(counts.values()):
            cells = ["0", "0", "0 (empty)"]
        else:
            cells = [str(counts[STORED]), str(counts[COPY]), str(counts[CONFLICT] + counts[BAD])]
        lines.append(f"| {file.rsplit('/', 1)[-1]} | " + " | ".join(cells) + " |")
    if len(files) > REPORTED_FILES:
        lines.append(f"| ... {len(files) - REPORTED_FILES} more | | | |")
    return dg.MetadataValue.md("\n".join(lines))


def spark_path(uri: str) -> str:
    """``uri`` as Spark names the file (the ``path`` of ``binaryFile``): ``file:///x`` is ``file:/x``."""
    return re.sub(r"^file:/+", "file:/", uri)

