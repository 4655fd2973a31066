"""The checks of the ready answers (``object_access``, ``data_movement``, ``data_movement_paths``,
``object_usage``, ``governance_history``).

Each answer's rows point at records of the account-day (or say they come from the catalog
snapshot), hold what identifies them, and agree with the table they were computed from;
the paths are simple, bounded and never lose a path the previous day knew.
"""

from collections.abc import Callable, Iterator
from datetime import timedelta

import dagster as dg
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from access_history_platform.spark.data_movement import DEFAULT_MAX_DEPTH
from access_history_platform.spark.object_access import ACCESS_KINDS
from resources import SparkResource, Warehouse, spark_step
from resources.tables import (ACCESS_HISTORY, DATA_MOVEMENT, DATA_MOVEMENT_PATHS, GOVERNANCE_HISTORY, OBJECT_ACCESS,
                              OBJECT_USAGE, Table)

from ..partitions import AccountDay
from .common import Rule, check_spec, judged, upstream_as_materialized, upstream_frame

_POINTS_AT_RECORDS = "Every row's query_id is a record of the account-day."


def _specs(table: Table, upstream: Table, *rules: tuple[str, str, bool]) -> tuple[dg.AssetCheckSpec, ...]:
    """``rules`` (name, description, blocking), then the upstream-as-materialized rule for ``upstream``."""
    return (*(check_spec(table, name, text, blocking=blocking) for name, text, blocking in rules),
            check_spec(table, "upstream_as_materialized",
                       f"The {upstream.name} partition the rows come from holds the rows its materialization "
                       "reported."))


OBJECT_ACCESS_CHECKS = _specs(
    OBJECT_ACCESS, ACCESS_HISTORY, ("points_at_records", _POINTS_AT_RECORDS, True),
    ("identifies_every_object", "Every row has a known access kind and names its object or location.", True))
DATA_MOVEMENT_CHECKS = _specs(
    DATA_MOVEMENT, ACCESS_HISTORY, ("points_at_records", _POINTS_AT_RECORDS, True),
    ("edges_have_both_ends", "Every edge names its source and its target.", True))
DATA_MOVEMENT_PATHS_CHECKS = _specs(
    DATA_MOVEMENT_PATHS, DATA_MOVEMENT,
    ("paths_are_simple_and_bounded", f"No path visits an object twice or has more than {DEFAULT_MAX_DEPTH} hops; "
                                     "its depth is its number of hops; it was first travelled before it was last.",
     True),
    ("keeps_every_previous_path", "Every path known after the previous day is known after this one.", True))
OBJECT_USAGE_CHECKS = _specs(
    OBJECT_USAGE, OBJECT_ACCESS,
    ("one_row_per_object_and_column", "At most one row per object and column (and one per whole object).", True),
    ("reads_agree_with_object_access", "Each object's reads are the statements object_access has reading it.", True))
GOVERNANCE_HISTORY_CHECKS = _specs(
    GOVERNANCE_HISTORY, ACCESS_HISTORY, ("points_at_records", _POINTS_AT_RECORDS + " (snapshot rows have none)", True),
    ("policies_have_bodies", "Every policy set, or held by the snapshot, has the body in force then (a policy "
                             "the catalog does not hold has none).", False))

Rules = Callable[[Warehouse, AccountDay, DataFrame], list[Rule]]


def answer_check(table: Table, specs: tuple[dg.AssetCheckSpec, ...], upstream: Table,
                 rules: Rules) -> dg.AssetChecksDefinition:
    """The multi-asset check ``<table>_checks``: ``rules`` over the stored partition, then upstream-as-materialized
    (every count in one Spark job)."""

    @dg.multi_asset_check(specs=list(specs), name=f"{table.name}_checks", compute_kind="spark")
    @spark_step
    def checks(context: dg.AssetCheckExecutionContext, spark: SparkResource,
               warehouse: Warehouse) -> Iterator[dg.AssetCheckResult]:
        part = AccountDay.of(context)
        session = spark.session()
        rows = warehouse.read(session, table, part.day, part.account).persist()
        try:
            results, [stored] = judged(rules(warehouse, part, rows), upstream_frame(session, warehouse, upstream, part))
            yield from results
            yield upstream_as_materialized(specs[-1], context, session, upstream, stored=stored)
        finally:
            rows.unpersist()

    return checks


def _orphans(warehouse: Warehouse, part: AccountDay, rows: DataFrame) -> DataFrame:
    records = warehouse.read(rows.sparkSession, ACCESS_HISTORY, part.day, part.account).select("query_id")
    return rows.where(F.col("query_id").isNotNull()).join(records, "query_id", "left_anti")


def _object_access_rules(warehouse: Warehouse, part: AccountDay, rows: DataFrame) -> list[Rule]:
    unnamed = rows.where(~F.col("access_kind").isin(*ACCESS_KINDS, "DDL")
                         | (F.col("object_name").isNull() & F.col("location").isNull()))
    return [Rule(OBJECT_ACCESS_CHECKS[0], _orphans(warehouse, part, rows), ["query_id", "access_kind", "object_name"],
                 rows),
            Rule(OBJECT_ACCESS_CHECKS[1], unnamed, ["query_id", "access_kind", "object_domain"], rows)]


def _data_movement_rules(warehouse: Warehouse, part: AccountDay, rows: DataFrame) -> list[Rule]:
    open_ended = rows.where(F.col("source_name").isNull() | F.col("target_name").isNull())
    return [Rule(DATA_MOVEMENT_CHECKS[0], _orphans(warehouse, part, rows), ["query_id", "source_name", "target_name"],
                 rows),
            Rule(DATA_MOVEMENT_CHECKS[1], open_ended, ["query_id", "source_name", "target_name"], rows)]


def _paths_rules(warehouse: Warehouse, part: AccountDay, rows: DataFrame) -> list[Rule]:
    bad = rows.where((F.size("path_keys") != F.col("depth") + 1)
                     | (F.size(F.array_distinct("path_keys")) != F.size("path_keys"))
                     | (F.col("depth") > DEFAULT_MAX_DEPTH) | (F.col("first_moved_at") > F.col("last_moved_at")))
    simple = Rule(DATA_MOVEMENT_PATHS_CHECKS[0], bad, ["path", "depth", "first_moved_at", "last_moved_at"], rows)
    previous = part.day - timedelta(days=1)
    if not warehouse.materialized(DATA_MOVEMENT_PATHS, previous, part.account):
        return [simple, Rule(DATA_MOVEMENT_PATHS_CHECKS[1], None, ["path"], 0)]
    known = warehouse.read(rows.sparkSession, DATA_MOVEMENT_PATHS, previous, part.account)
    lost = known.join(rows.select("path_keys"), "path_keys", "left_anti")
    return [simple, Rule(DATA_MOVEMENT_PATHS_CHECKS[1], lost, ["path", "last_moved_at"], known)]


def _usage_rules(warehouse: Warehouse, part: AccountDay, rows: DataFrame) -> list[Rule]:
    key = ["object_domain", "object_name", "column_name"]
    twins = rows.groupBy(*key).count().where(F.col("count") > 1)
    access = warehouse.read(rows.sparkSession, OBJECT_ACCESS, part.day, part.account)
    reads = access.where(F.col("access_kind").isin("DIRECT", "BASE") & F.col("object_name").isNotNull()).groupBy(
        "object_domain", "object_name").agg(F.count_distinct("query_id").alias("statements"))
    whole = rows.where(F.col("column_name").isNull())
    disagree = whole.join(reads, ["object_domain", "object_name"], "full_outer").where(
        F.coalesce("reads", F.lit(0)) != F.coalesce("statements", F.lit(0)))
    return [Rule(OBJECT_USAGE_CHECKS[0], twins, [*key, "count"], rows),
            Rule(OBJECT_USAGE_CHECKS[1], disagree, ["object_domain", "object_name", "reads", "statements"], whole)]


def _governance_rules(warehouse: Warehouse, part: AccountDay, rows: DataFrame) -> list[Rule]:
    bodiless = rows.where(F.col("governance_kind").isin("MASKING_POLICY", "ROW_ACCESS_POLICY")
                          & F.col("operation").isin("SET", "SNAPSHOT") & F.col("policy_body").isNull())
    return [Rule(GOVERNANCE_HISTORY_CHECKS[0], _orphans(warehouse, part, rows),
                 ["query_id", "object_name", "governance_name"], rows),
            Rule(GOVERNANCE_HISTORY_CHECKS[1], bodiless, ["query_id", "object_name", "governance_name"], rows,
                 severity=dg.AssetCheckSeverity.WARN)]


object_access_checks = answer_check(OBJECT_ACCESS, OBJECT_ACCESS_CHECKS, ACCESS_HISTORY, _object_access_rules)
data_movement_checks = answer_check(DATA_MOVEMENT, DATA_MOVEMENT_CHECKS, ACCESS_HISTORY, _data_movement_rules)
data_movement_paths_checks = answer_check(DATA_MOVEMENT_PATHS, DATA_MOVEMENT_PATHS_CHECKS, DATA_MOVEMENT, _paths_rules)
object_usage_checks = answer_check(OBJECT_USAGE, OBJECT_USAGE_CHECKS, OBJECT_ACCESS, _usage_rules)
governance_history_checks = answer_check(GOVERNANCE_HISTORY, GOVERNANCE_HISTORY_CHECKS, ACCESS_HISTORY,
                                         _governance_rules)

ANSWER_CHECK_SPECS = (*OBJECT_ACCESS_CHECKS, *DATA_MOVEMENT_CHECKS, *DATA_MOVEMENT_PATHS_CHECKS, *OBJECT_USAGE_CHECKS,
                      *GOVERNANCE_HISTORY_CHECKS)
ANSWER_CHECKS = (object_access_checks, data_movement_checks, data_movement_paths_checks, object_usage_checks,
                 governance_history_checks)
