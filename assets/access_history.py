"""``access_history`` and ``access_history_quarantine``: the account-day's records, resolved in Spark workers.

The asset reads its partition, calls the engine's
:func:`~access_history_platform.spark.day.resolve_day` (the split by statement shape, and the
resolving tasks, which write the records and the quarantine themselves), commits both
partitions with the files the tasks reported, and reports. Statements the engine could not resolve
go to ``access_history_quarantine`` with their query_id, file, line and reason: a parse
error, an unexpected engine error, or more time than the per-statement budget
(:class:`AccessHistoryConfig`, ``AHP_TIME_BUDGET``), which holds inside the Spark workers.
"""

import time
from collections.abc import Iterator

import dagster as dg

from access_history_platform.resolve import FAILED, NO_RECORD, QUARANTINED, RECORDED
from access_history_platform.spark.day import resolve_day
from access_history_platform.spark.records import OVERVIEW
from resources import LandingZone, SparkResource, Warehouse, spark_step
from resources.tables import ACCESS_HISTORY, ACCESS_HISTORY_QUARANTINE, CATALOG, RAW_QUERY_LOGS

from .automation import follows_upstream
from .catalog import TimeBudgetConfig, day_decided, day_start_state
from .partitions import AccountDay, account_days
from .raw_query_logs import raw_lines
from .tables import PREVIEW_ROWS, preview_of, rate, table_metadata, table_spec

TABLE = ACCESS_HISTORY
QUARANTINE = ACCESS_HISTORY_QUARANTINE
__all__ = ["QUARANTINE", "TABLE", "AccessHistoryConfig", "access_history"]


class AccessHistoryConfig(TimeBudgetConfig):
    """Run configuration of ``access_history``."""


@dg.multi_asset(
    name="access_history",
    partitions_def=account_days,
    specs=[
        table_spec(TABLE, "One record per statement of the account-day, shaped like Snowflake's ACCESS_HISTORY "
                          "view (plus account_name): the objects and columns it read directly and behind views, "
                          "what it wrote with each column's sources, its DDL and the policies enforced; resolved "
                          "in Spark workers.",
                   deps=[RAW_QUERY_LOGS.name, CATALOG.name], automation_condition=follows_upstream()),
        table_spec(QUARANTINE, "The account-day's statements that could not be resolved, with query_id, file, "
                               "line, text and reason.",
                   deps=[RAW_QUERY_LOGS.name, CATALOG.name], automation_condition=follows_upstream()),
    ],
)
@spark_step
def access_history(context: dg.AssetExecutionContext, config: AccessHistoryConfig, spark: SparkResource,
                   landing: LandingZone, warehouse: Warehouse) -> Iterator[dg.MaterializeResult]:
    part = AccountDay.of(context)
    session = spark.session()
    budget = config.seconds()
    as_of = time.time_ns() // 1_000_000  # (the log is read inside the block: a later run reads a later one)
    with warehouse.replacing_parts([TABLE, QUARANTINE], part.day, part.account, as_of=as_of) as versions:
        day = resolve_day(raw_lines(session, warehouse, part), versions.uri(TABLE), versions.uri(QUARANTINE),
                          catalog_state=day_start_state(part, warehouse)["catalog"], account=part.account,
                          dialect=landing.dialect_for(part.account), time_budget=budget, tasks_for=spark.resolve_tasks,
                          decided=day_decided(part, warehouse), preview=PREVIEW_ROWS)
        versions.name(TABLE, day.record_files)
        versions.name(QUARANTINE, day.quarantine_files)
    context.log.info(f"{part}: resolved {day.lines} line(s) in {day.tasks} task(s), "
                     f"{day.catalog_lines} catalog-changing")
    counts = day.counts
    resolved = counts[RECORDED] + counts[NO_RECORD] + counts[QUARANTINED]
    uri = warehouse.partition_uri(TABLE, part.day, part.account)
    quarantine_uri = warehouse.partition_uri(QUARANTINE, part.day, part.account)
    if counts[QUARANTINED]:
        context.log.warning(f"{part}: {counts[QUARANTINED]} statement(s) quarantined in {quarantine_uri}")
    if day.warned:
        context.log.warning(f"{part}: {day.warned} statement(s) recorded without a column they read (a catalog older "
                            f"than the log?), the first: " + " | ".join(
                                f"{row['query_id']}: {row['warnings']}" for row in day.first_warnings[:2]))
    if day.no_record_kinds:
        context.log.info(f"{part}: {counts[NO_RECORD]} statement(s) without a record: "
                         + ", ".join(f"{kind} {n}" for kind, n in day.no_record_kinds.items()))
    yield dg.MaterializeResult(asset_key=TABLE.name, metadata={**table_metadata(
        rows=day.records, path=uri,
        preview_value=preview_of(day.first_records, OVERVIEW.names),
        statements=resolved + counts[FAILED], statements_recorded=counts[RECORDED],
        statements_without_record=counts[NO_RECORD], statements_failed=counts[FAILED],
        statements_quarantined=counts[QUARANTINED], parse_failure_rate=rate(counts[QUARANTINED], resolved),
        quarantine_path=quarantine_uri, resolve_tasks=day.tasks, time_budget_seconds=float(budget or 0),
        statements_with_warnings=day.warned,
    ), "statements_without_record_by_kind": dg.MetadataValue.json(day.no_record_kinds),
        "first_warnings": dg.MetadataValue.json([{"query_id": row["query_id"], "warnings": row["warnings"]}
                                                 for row in day.first_warnings])})
    yield dg.MaterializeResult(asset_key=QUARANTINE.name, metadata=table_metadata(
        rows=counts[QUARANTINED], path=quarantine_uri,
        preview_value=preview_of(day.first_quarantined, ["query_id", "file_name", "line", "reason"])))


