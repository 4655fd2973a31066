"""``access_history``: the account-day's ACCESS_HISTORY records, resolved inside Spark workers.

The day's log lines are split into tasks; each task runs the engine's
:func:`~access_history_platform.spark.batch.resolve_batch` over its whole share, with the
catalog at the start of the day, the day's catalog-changing lines and the parent map in the
function's closure. Records go to ``access_history``; statements the engine could not
resolve go to ``access_history_quarantine`` with their query_id, file, line and reason: a
parse error, an unexpected engine error, or more time than the per-statement budget
(:class:`AccessHistoryConfig`, ``AHP_TIME_BUDGET``), which holds inside the Spark workers.

The day is resolved once: the records are written straight from the resolving stage, and
the quarantined statements come back to the driver with that write's metrics, up to
``CARRY_BYTES`` (each task carries its share); the driver writes them. A day whose
quarantine weighs more is resolved again with its outcomes cached, both tables written
from the cache, and the asset's log says so.
"""

from collections.abc import Iterator
from typing import Any

import dagster as dg
import pyarrow as pa
from pyspark.sql import DataFrame, Observation, Row
from pyspark.sql import functions as F

from access_history_platform.resolve import FAILED, NO_RECORD, QUARANTINED, RECORDED
from access_history_platform.spark.batch import make_resolve_batch, outcomes_schema
from access_history_platform.spark.records import RECORD_COLUMNS
from access_history_platform.spark.transforms import spark_schema, statement_shape
from resources import LandingZone, SparkResource, Warehouse
from resources.tables import (ACCESS_HISTORY, ACCESS_HISTORY_QUARANTINE, CATALOG, RAW_QUERY_LOGS,
                              RECORDS_QUARANTINE_COLUMNS)
from resources.warehouse import write_parquet

from .automation import follows_upstream
from .catalog import TimeBudgetConfig, day_start_state
from .partitions import AccountDay, account_days
from .raw_query_logs import raw_lines, with_file_name
from .tables import count_where, preview, rate, table_metadata, table_spec

TABLE = ACCESS_HISTORY
QUARANTINE = ACCESS_HISTORY_QUARANTINE
STATUSES = (RECORDED, NO_RECORD, FAILED, QUARANTINED)
#: The quarantined rows a records write may bring back to the driver, in bytes (texts and reasons
#: plus about 256 each); a day whose quarantine weighs more is resolved again, its outcomes cached.
CARRY_BYTES = 32 << 20
UNCARRIED = "quarantined_not_carried"


class AccessHistoryConfig(TimeBudgetConfig):
    """Run configuration of ``access_history``."""


@dg.multi_asset(
    name="access_history",
    partitions_def=account_days,
    specs=[
        table_spec(TABLE, "ACCESS_HISTORY records of the account-day (CONTRACT section 3 plus account_name), "
                          "resolved in Spark workers.",
                   deps=[RAW_QUERY_LOGS.name, CATALOG.name], automation_condition=follows_upstream()),
        table_spec(QUARANTINE, "The account-day's statements that could not be resolved, with query_id, file, "
                               "line, text and reason.",
                   deps=[RAW_QUERY_LOGS.name, CATALOG.name], automation_condition=follows_upstream()),
    ],
)
def access_history(context: dg.AssetExecutionContext, config: AccessHistoryConfig, spark: SparkResource,
                   landing: LandingZone, warehouse: Warehouse) -> Iterator[dg.MaterializeResult]:
    part = AccountDay.of(context)
    session = spark.session()
    budget = config.seconds()
    lines = raw_lines(session, warehouse, part)
    shared = day_inputs(lines)
    bound = dict(catalog_state=day_start_state(part, warehouse)["catalog"], catalog_lines=shared["catalog_lines"],
                 parents=shared["parents"], account=part.account, dialect=landing.dialect, time_budget=budget)
    tasks = spark.resolve_tasks(shared["lines"])
    context.log.info(f"{part}: resolving {shared['lines']} line(s) in {tasks} task(s), "
                     f"{len(shared['catalog_lines'])} catalog-changing")
    # Split by statement shape: every repeat of a template goes to the task (and the worker's
    # cache) that resolves it first, so a template is resolved once per day, not once per task.
    outcomes = (lines.repartition(tasks, statement_shape(F.col("query_text")))
                .mapInArrow(make_resolve_batch(**bound, carry_bytes=CARRY_BYTES // tasks),
                            spark_schema(outcomes_schema())))
    uri = warehouse.partition_uri(TABLE, part.day, part.account)
    quarantine_uri = warehouse.partition_uri(QUARANTINE, part.day, part.account)
    with warehouse.replacing(TABLE, part.day, part.account) as staged:
        records, counts, carried = write_records(outcomes, staged)  # one pass; see the module's docstring
        if counts[UNCARRIED]:
            context.log.warning(f"{part}: {counts[QUARANTINED]} quarantined statement(s) weigh more than the "
                                f"{CARRY_BYTES >> 20} MB the records write brings back; resolving the day again "
                                "with its outcomes cached")
            outcomes = outcomes.persist()
            records, counts, _ = write_records(outcomes, staged)
            quarantined = outcomes.where(F.col("status") == QUARANTINED).select(*RECORDS_QUARANTINE_COLUMNS)
        else:
            quarantined = session.createDataFrame(quarantine_table(carried), spark_schema(QUARANTINE.schema))
    try:
        warehouse.write(quarantined, QUARANTINE, part.day, part.account)
    finally:
        outcomes.unpersist()
    resolved = counts[RECORDED] + counts[NO_RECORD] + counts[QUARANTINED]
    if counts[QUARANTINED]:
        context.log.warning(f"{part}: {counts[QUARANTINED]} statement(s) quarantined in {quarantine_uri}")
    yield dg.MaterializeResult(asset_key=TABLE.name, metadata=table_metadata(
        rows=records, path=uri,
        preview_value=preview(warehouse.read(session, TABLE, part.day, part.account),
                              ["query_id", "query_start_time", "user_name", "direct_objects_accessed",
                               "objects_modified"]),
        statements=resolved + counts[FAILED], statements_recorded=counts[RECORDED],
        statements_without_record=counts[NO_RECORD], statements_failed=counts[FAILED],
        statements_quarantined=counts[QUARANTINED], parse_failure_rate=rate(counts[QUARANTINED], resolved),
        quarantine_path=quarantine_uri, resolve_tasks=tasks, time_budget_seconds=float(budget or 0),
    ))
    yield dg.MaterializeResult(asset_key=QUARANTINE.name, metadata=table_metadata(
        rows=counts[QUARANTINED], path=quarantine_uri,
        preview_value=preview(with_file_name(warehouse.read(session, QUARANTINE, part.day, part.account)),
                              ["query_id", "file_name", "line", "reason"])))


def write_records(outcomes: DataFrame, uri: str) -> tuple[int, dict[str, int], list[Row]]:
    """Write the recorded rows of ``outcomes`` to ``uri``; the rows written, the statements by
    status (and ``UNCARRIED``: quarantined rows not ``carried``), and the carried quarantined
    rows (``RECORDS_QUARANTINE_COLUMNS``, ``query_start_time`` in microseconds), gathered while writing."""
    first = F.col("record_index") == 0
    quarantined = F.col("status") == QUARANTINED
    statuses = Observation()
    observed = outcomes.observe(statuses, *count_where(
        **{status: (F.col("status") == status) & first for status in STATUSES},
        **{UNCARRIED: quarantined & ~F.col("carried")}),
        F.collect_list(F.when(quarantined & F.col("carried"), F.struct(*(
            F.unix_micros(name).alias(name) if name == "query_start_time" else F.col(name)
            for name in RECORDS_QUARANTINE_COLUMNS)))).alias("carried"))
    rows = write_parquet(observed.where(F.col("status") == RECORDED).select(*RECORD_COLUMNS), uri)
    metrics = statuses.get
    return rows, {name: int(metrics[name]) for name in (*STATUSES, UNCARRIED)}, metrics["carried"]


def quarantine_table(rows: list[Row]) -> pa.Table:
    """The carried quarantined rows gathered by :func:`write_records`, as ``access_history_quarantine`` rows."""
    schema = QUARANTINE.schema
    columns = {name: [row[name] for row in rows] for name in RECORDS_QUARANTINE_COLUMNS}
    columns["query_start_time"] = pa.array(columns["query_start_time"], pa.int64()).cast(
        schema.field("query_start_time").type)
    return pa.table(columns, schema=schema)


def day_inputs(lines: DataFrame) -> dict[str, Any]:
    """What every task needs from the whole day: its catalog-changing lines and its parent map (few)."""
    # Sorted here, not by Spark: an observation below a sort is lost when the sort is empty.
    counted = Observation()
    shared = sorted((lines.observe(counted, F.count(F.lit(1)).alias("lines"))
                     .where(F.col("changes_catalog") | F.col("parent_query_id").isNotNull())
                     .toArrow().to_pylist()), key=lambda row: row["log_position"])
    return {
        "lines": int(counted.get["lines"]),
        "catalog_lines": [row for row in shared if row["changes_catalog"]],
        "parents": {row["query_id"]: row["parent_query_id"] for row in shared if row["parent_query_id"]},
    }
