"""The checks of ``access_history`` and its quarantine: every statement accounted for, records that agree with the
log and the catalog, and the share of statements set aside (a warning)."""

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import dagster as dg
import pyarrow as pa
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from access_history_platform.resolve import NO_RECORD, root_of
from access_history_platform.spark.batch import make_resolve_batch, outcomes_schema
from access_history_platform.spark.day import day_inputs
from access_history_platform.spark.checks import (STATEMENT_SCHEMA, VIEW_DOMAIN_KEYS, catalog_objects, domain_key,
                                                  make_statement_rows, unless_shared)
from access_history_platform.spark.transforms import column_lineage as lineage_of
from access_history_platform.spark.transforms import spark_schema
from resources import LandingZone, Settings, SparkResource, Warehouse, spark_step
from resources.settings import variable
from resources.tables import ACCESS_HISTORY, ACCESS_HISTORY_QUARANTINE, RAW_QUERY_LOGS

from ..access_history import QUARANTINE as RECORDS_QUARANTINE
from ..access_history import TABLE as RECORDS_TABLE
from ..catalog import TABLE as CATALOG_TABLE
from ..catalog import day_decided, day_start_state
from ..partitions import AccountDay
from ..raw_query_logs import raw_lines
from ..tables import frame_of, preview
from .common import Rule, blank, check_spec, judged, row_counts, upstream_as_materialized, upstream_frame, verdict

MAX_PARSE_FAILURE_RATE = variable("max_parse_failure_rate")
DEFAULT_MAX_PARSE_FAILURE_RATE = Settings.model_fields["max_parse_failure_rate"].default

ACCESS_HISTORY_CHECKS = (
    check_spec(ACCESS_HISTORY, "statements_complete",
               "Every successful statement of the log is a record, a documented no-record statement or quarantined."),
    check_spec(ACCESS_HISTORY, "no_failed_statement_recorded", "No record belongs to a failed statement."),
    check_spec(ACCESS_HISTORY, "base_objects_are_not_views", "base_objects_accessed holds no view but shared views."),
    check_spec(ACCESS_HISTORY, "no_intermediate_views",
               "No view reached only through another view appears in column sources."),
    check_spec(ACCESS_HISTORY, "written_column_sources_exist",
               "Every source of a written column exists, with that column, in the catalog at the statement's time."),
    check_spec(ACCESS_HISTORY, "parent_root_ids_consistent",
               "root_query_id is set exactly when parent_query_id is, and is the top of the parent chain."),
    check_spec(ACCESS_HISTORY, "query_id_unique", "query_id is unique, except the two records of a SWAP."),
    check_spec(ACCESS_HISTORY, "upstream_as_materialized",
               "The raw_query_logs partition the records were resolved from holds the rows its materialization "
               "reported."),
    check_spec(ACCESS_HISTORY, "parse_failure_rate",
               f"Quarantined statements stay under {MAX_PARSE_FAILURE_RATE} (default {DEFAULT_MAX_PARSE_FAILURE_RATE}) "
               "of the successful statements.", blocking=False),
    check_spec(ACCESS_HISTORY_QUARANTINE, "every_entry_has_a_reason",
               "Every statement set aside has its query_id and the reason."),
    check_spec(ACCESS_HISTORY_QUARANTINE, "not_also_recorded", "No statement set aside also has a record."),
    check_spec(ACCESS_HISTORY, "columns_placed",
               "Every column the recorded statements read is placed in a table: none is read from no table because "
               "the catalog lacks it (a catalog older than the log) or cannot tell which of two uncatalogued tables "
               "has it; and every object they name is named in full, not short of a schema or database the log line "
               "does not give (the statements' warnings).", blocking=False),
)


@dataclass
class RecordsDay:
    """One account-day's records and what the checks compare them with, read once and shared."""

    lines: DataFrame
    records: DataFrame
    lineage: DataFrame
    statements: DataFrame
    quarantine: DataFrame
    quarantined_ids: DataFrame
    objects: DataFrame
    parents: dict[str, str]
    resolve: Callable
    counts: dict[str, int]

    def unpersist(self) -> None:
        for frame in (self.records, self.lineage, self.statements, self.quarantined_ids, self.objects):
            frame.unpersist()


def records_day(session: SparkSession, warehouse: Warehouse, part: AccountDay, dialect: str) -> RecordsDay:
    lines = raw_lines(session, warehouse, part)
    records = warehouse.read(session, RECORDS_TABLE, part.day, part.account).persist()
    quarantine = warehouse.read(session, RECORDS_QUARANTINE, part.day, part.account)
    versions = warehouse.read(session, CATALOG_TABLE, part.day, part.account)
    shared = day_inputs(lines, dialect)
    statements = lines.mapInArrow(make_statement_rows(shared["parents"], dialect),
                                  spark_schema(STATEMENT_SCHEMA)).persist()
    day = RecordsDay(
        lines=lines, records=records, lineage=lineage_of(records).persist(), statements=statements,
        quarantine=quarantine, quarantined_ids=quarantine.select("query_id").distinct().persist(),
        objects=catalog_objects(versions).persist(), parents=shared["parents"],
        resolve=make_resolve_batch(catalog_state=day_start_state(part, warehouse)["catalog"],
                                   catalog_lines=shared["catalog_lines"], parents=shared["parents"],
                                   account=part.account, dialect=dialect, decided=day_decided(part, warehouse)),
        counts={},
    )
    counted = row_counts(records, day.lineage, day.quarantined_ids, statements.where(F.col("successful")),
                         statements.where(~F.col("successful")))
    day.counts.update(zip(("records", "lineage", "quarantined", "successful", "failed"), counted))
    return day


@dg.multi_asset_check(specs=list(ACCESS_HISTORY_CHECKS), name="access_history_checks", compute_kind="spark")
@spark_step
def access_history_checks(context: dg.AssetCheckExecutionContext, spark: SparkResource, landing: LandingZone,
                          warehouse: Warehouse) -> Iterator[dg.AssetCheckResult]:
    session, part = spark.session(), AccountDay.of(context)
    day = records_day(session, warehouse, part, landing.dialect_for(part.account))
    try:
        yield statements_complete(day)
        yield query_id_unique_in_records(day)
        yield parse_failure_rate(day)
        # the other rules' counts and the upstream partition's rows in one Spark job
        quarantined = ["query_id", "file", "line", "reason"]
        results, [stored] = judged([
            no_failed_statement_recorded(day), base_objects_are_not_views(day), no_intermediate_views(day),
            written_column_sources_exist(day), parent_root_ids_consistent(session, day),
            Rule(ACCESS_HISTORY_CHECKS[9], day.quarantine.where(blank("query_id") | blank("reason")), quarantined,
                 day.quarantine),
            Rule(ACCESS_HISTORY_CHECKS[10], day.quarantine.join(day.records.select("query_id"), "query_id",
                                                                "left_semi"), quarantined, day.quarantine),
        ], upstream_frame(session, warehouse, RAW_QUERY_LOGS, part))
        yield from results
        yield upstream_as_materialized(ACCESS_HISTORY_CHECKS[7], context, session, RAW_QUERY_LOGS, stored=stored)
        yield columns_placed(context, part)
    finally:
        day.unpersist()


def statements_complete(day: RecordsDay) -> dg.AssetCheckResult:
    """Nothing lost: a successful statement with neither record nor quarantine entry must resolve to no record.

    Those statements' lines are resolved again, with the day's DDL replayed as the asset did.
    """
    accounted = day.records.select("query_id").union(day.quarantined_ids).distinct()
    leftover = day.statements.where("successful").join(accounted, "query_id", "left_anti")
    own = day.lines.join(leftover.select("log_position").distinct(), "log_position", "left_semi")
    outcomes = (own.mapInArrow(day.resolve, spark_schema(outcomes_schema()))
                .where(F.col("record_index") == 0).select("query_id", "status", "reason"))
    fates = leftover.join(outcomes, "query_id", "left").select(
        "query_id", "log_position", F.coalesce("status", F.lit("no outcome")).alias("status"), "reason").persist()
    try:
        tally = fates.agg(F.count(F.when(F.col("status") == NO_RECORD, 1)).alias("without_record"),
                          F.count(F.when(F.col("status") != NO_RECORD, 1)).alias("lost")).first()
        return verdict(ACCESS_HISTORY_CHECKS[0], fates.where(F.col("status") != NO_RECORD).orderBy("log_position"),
                       ["query_id", "log_position", "status", "reason"], checked=day.counts["successful"],
                       bad=tally["lost"], statements_without_record=tally["without_record"],
                       statements_quarantined=day.counts["quarantined"])
    finally:
        fates.unpersist()


def no_failed_statement_recorded(day: RecordsDay) -> Rule:
    failed = day.statements.where(~F.col("successful")).select("query_id")
    return Rule(ACCESS_HISTORY_CHECKS[1], day.records.join(failed, "query_id", "left_semi"),
                ["query_id", "query_start_time", "user_name"], day.counts["records"],
                counts={"failed_statements": day.counts["failed"]})


def base_objects_are_not_views(day: RecordsDay) -> Rule:
    base = day.records.select("query_id", F.inline("base_objects_accessed"))
    offending = unless_shared(base, day.objects, "objectDomain", "objectName", "objectId")
    return Rule(ACCESS_HISTORY_CHECKS[2], offending, ["query_id", "objectDomain", "objectName", "objectId"],
                day.counts["records"])


def no_intermediate_views(day: RecordsDay) -> Rule:
    """A view may feed a written column directly only if the statement names it; as a base source, never.

    (``direct_objects_accessed`` lists exactly what the statement names; ``base_objects_accessed``
    has its own check.)
    """
    lineage = day.lineage
    base = unless_shared(lineage.where(F.col("source_column_type") == "BASE"), day.objects,
                          "source_object_domain", "source_object_name", "source_object_id")
    named = day.records.select("query_id", F.inline("direct_objects_accessed")).select(
        "query_id", F.col("objectName").alias("named"))
    direct = lineage.where((F.col("source_column_type") == "DIRECT")
                           & domain_key(F.col("source_object_domain")).isin(*VIEW_DOMAIN_KEYS))
    unnamed = direct.join(named, (direct["query_id"] == named["query_id"])
                          & (direct["source_object_name"] == named["named"]), "left_anti")
    columns = ["query_id", "source_column_type", "source_object_name", "source_column_name", "target_object_name",
               "target_column_name"]
    offending = base.select(*columns).unionByName(unnamed.select(*columns))
    return Rule(ACCESS_HISTORY_CHECKS[3], offending, columns, day.counts["records"])


def written_column_sources_exist(day: RecordsDay) -> Rule:
    """A version of the source object, valid at the statement's time (bounds included), has the column."""
    sources, v = day.lineage, day.objects.alias("v")
    found = ((domain_key(sources["source_object_domain"]) == F.col("v.domain_key"))
             & (sources["source_object_name"] == F.col("v.name"))
             & (sources["source_object_id"].isNull() | (sources["source_object_id"] == F.col("v.object_id")))
             & (F.col("v.valid_from").isNull() | (F.col("v.valid_from") <= sources["query_start_time"]))
             & (F.col("v.valid_to").isNull() | (F.col("v.valid_to") >= sources["query_start_time"]))
             & (sources["source_column_name"].isNull() | F.col("v.column_names").isNull()
                | F.array_contains(F.col("v.column_names"), sources["source_column_name"])))
    missing = sources.join(v, found, "left_anti")
    return Rule(ACCESS_HISTORY_CHECKS[4], missing,
                ["query_id", "source_column_type", "source_object_name", "source_column_name", "target_object_name",
                 "target_column_name"], day.counts["records"], counts={"sources": day.counts["lineage"]})


_CHAIN_SCHEMA = pa.schema([("chain_id", pa.string()), ("chain_root", pa.string())])


def parent_root_ids_consistent(session: SparkSession, day: RecordsDay) -> Rule:
    """``root_query_id`` is null exactly when ``parent_query_id`` is, else the top of the parent's chain. A parent that
    is a statement of a request, ``<line>#<n>`` (an ``EXECUTE IMMEDIATE``'s children, ``<line>#<n>#<m>``:
    :func:`~access_history_platform.sql.statements.statement_ids`), is no line: its chain is its line's. (Without
    the lines' ids, a line's own id of that shape is taken either way.)"""
    chain = frame_of(session, [{"chain_id": query_id, "chain_root": root_of(query_id, day.parents)}
                               for query_id in day.parents], _CHAIN_SCHEMA)
    records = day.records.withColumn("_line", F.regexp_extract("parent_query_id", r"^(.+)#[0-9]+$", 1))
    lines = chain.select(F.col("chain_id").alias("line_id"), F.col("chain_root").alias("line_root"))
    joined = (records.join(F.broadcast(chain), records["parent_query_id"] == chain["chain_id"], "left")
              .join(F.broadcast(lines), F.col("_line") == F.col("line_id"), "left"))
    expected = F.coalesce(F.col("chain_root"), F.col("parent_query_id"))
    of_line = (F.col("_line") != "") & (F.col("root_query_id") == F.coalesce(F.col("line_root"), F.col("_line")))
    wrong = ((F.col("parent_query_id").isNull() != F.col("root_query_id").isNull())
             | (F.col("parent_query_id").isNotNull() & (F.col("root_query_id") != expected) & ~of_line))
    offending = joined.where(wrong).withColumn("expected_root_query_id", expected)
    return Rule(ACCESS_HISTORY_CHECKS[5], offending,
                ["query_id", "parent_query_id", "root_query_id", "expected_root_query_id"], day.counts["records"])


def query_id_unique_in_records(day: RecordsDay) -> dg.AssetCheckResult:
    ddl = F.col("object_modified_by_ddl")
    swap = (F.col("records") == 2) & (F.col("swap_records") == 2) & (F.col("ddl_objects") == 2)
    grouped = (day.records.groupBy("query_id").agg(
        F.count(F.lit(1)).alias("records"),
        F.count(F.when(ddl["properties"].contains('"swapTargetName"'), 1)).alias("swap_records"),
        F.countDistinct(ddl["objectName"]).alias("ddl_objects"),
        F.concat_ws(", ", F.sort_array(F.collect_list(ddl["objectName"]))).alias("ddl_object_names"))
        .where(F.col("records") > 1).withColumn("swap", swap).persist())
    try:
        tally = grouped.agg(F.count(F.when(~F.col("swap"), 1)).alias("bad"),
                            F.count(F.when(F.col("swap"), 1)).alias("swaps")).first()
        return verdict(ACCESS_HISTORY_CHECKS[6], grouped.where(~F.col("swap")),
                       ["query_id", "records", "ddl_object_names"], checked=day.counts["records"],
                       bad=tally["bad"], swap_pairs=tally["swaps"])
    finally:
        grouped.unpersist()


def columns_placed(context: dg.AssetCheckExecutionContext, part: AccountDay) -> dg.AssetCheckResult:
    """A warning: the statements the partition's latest materialization recorded with warnings (a column read from
    no table), and the first of them. The records do not keep their statements' warnings: the resolving tasks counted
    them (``statements_with_warnings``, ``first_warnings``)."""
    spec = ACCESS_HISTORY_CHECKS[11]
    found = context.instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey(ACCESS_HISTORY.name), asset_partitions=[str(part.key)]),
        limit=1).records
    reported = found[0].asset_materialization.metadata if found else {}
    warned = int(reported["statements_with_warnings"].value) if "statements_with_warnings" in reported else 0
    recorded = int(reported["statements_recorded"].value) if "statements_recorded" in reported else 0
    metadata: dict[str, Any] = {"checked_rows": dg.MetadataValue.int(recorded),
                                "statements_with_warnings": dg.MetadataValue.int(warned)}
    if warned and "first_warnings" in reported:
        metadata["offending_sample"] = reported["first_warnings"]
    return dg.AssetCheckResult(asset_key=spec.asset_key, check_name=spec.name, passed=not warned,
                               severity=dg.AssetCheckSeverity.WARN, metadata=metadata)


def max_parse_failure_rate() -> float:
    """The threshold of the parse-failure check, from ``AHP_MAX_PARSE_FAILURE_RATE`` (a share, 0 to 1)."""
    return Settings.from_env().max_parse_failure_rate


def parse_failure_rate(day: RecordsDay) -> dg.AssetCheckResult:
    """A warning: the share of the successful statements the resolver set aside."""
    spec = ACCESS_HISTORY_CHECKS[8]
    quarantined, successful = day.counts["quarantined"], day.counts["successful"]
    threshold = max_parse_failure_rate()
    rate = quarantined / successful if successful else 0.0
    metadata: dict[str, Any] = {
        "checked_rows": dg.MetadataValue.int(successful), "statements_quarantined": dg.MetadataValue.int(quarantined),
        "parse_failure_rate": dg.MetadataValue.float(round(rate, 6)),
        "max_parse_failure_rate": dg.MetadataValue.float(threshold),
    }
    if rate > threshold:
        metadata["offending_sample"] = preview(day.quarantine.orderBy("log_position"), ["query_id", "reason", "query_text"])
    return dg.AssetCheckResult(asset_key=spec.asset_key, check_name=spec.name, passed=rate <= threshold,
                               severity=dg.AssetCheckSeverity.WARN, metadata=metadata)


