"""The checks of the tables flattened from the records (``column_lineage``, ``policy_references``).

Each row points at a record of the account-day and at objects or policies of the day's
catalog, and the records partition it was flattened from holds what was reported.
"""

from collections.abc import Iterator, Sequence

import dagster as dg
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from access_history_platform.spark.checks import catalog_objects, unknown_entries
from resources import SparkResource, Warehouse, spark_step
from resources.tables import ACCESS_HISTORY, COLUMN_LINEAGE, POLICY_REFERENCES, Table

from ..access_history import TABLE as RECORDS_TABLE
from ..catalog import TABLE as CATALOG_TABLE
from ..partitions import AccountDay
from ..tables import preview
from .common import SAMPLE_ROWS, Rule, check_spec, judged, upstream_as_materialized, upstream_frame


def flattened_specs(table: Table, row: str, known: str, known_description: str) -> tuple[dg.AssetCheckSpec, ...]:
    """The three checks of a flattened table: its ``row``s point at records, at ``known`` entries, and
    the records partition is as materialized."""
    return (
        check_spec(table, "points_at_records", f"Every {row}'s query_id is a record of the account-day."),
        check_spec(table, known, known_description),
        check_spec(table, "upstream_as_materialized",
                   "The access_history partition the rows come from holds the rows its materialization reported."),
    )


#: What the known-entries checks say of an entry without an id: not an error, counted in their metadata.
_OUTSIDE = ("An object the catalog does not hold is recorded by its name with a null id (a catalog export without "
            "that database): counted as entries_outside_catalog, not an error.")
COLUMN_LINEAGE_CHECKS = flattened_specs(
    COLUMN_LINEAGE, "lineage row", "points_at_known_objects",
    f"Every lineage row's source and target objects that have an id are in the day's catalog. {_OUTSIDE}")
POLICY_REFERENCES_CHECKS = flattened_specs(
    POLICY_REFERENCES, "policy reference", "points_at_known_policies",
    f"Every policy reference's policy and object that have an id are in the day's catalog. {_OUTSIDE}")


def flattened_table_check(table: Table, specs: Sequence[dg.AssetCheckSpec], orphan_columns: list[str],
                          sides: dict[str, tuple[str, str, str]]) -> dg.AssetChecksDefinition:
    """The multi-asset check ``<table>_checks`` evaluating :func:`flattened_table_checks`."""

    @dg.multi_asset_check(specs=list(specs), name=f"{table.name}_checks", compute_kind="spark")
    @spark_step
    def checks(context: dg.AssetCheckExecutionContext, spark: SparkResource,
               warehouse: Warehouse) -> Iterator[dg.AssetCheckResult]:
        yield from flattened_table_checks(context, spark, warehouse, table, specs, orphan_columns, sides)

    return checks


column_lineage_checks = flattened_table_check(
    COLUMN_LINEAGE, COLUMN_LINEAGE_CHECKS, ["query_id", "target_object_name", "target_column_name"], {
        "source": ("source_object_domain", "source_object_name", "source_object_id"),
        "target": ("target_object_domain", "target_object_name", "target_object_id"),
    })
policy_references_checks = flattened_table_check(
    POLICY_REFERENCES, POLICY_REFERENCES_CHECKS, ["query_id", "object_name", "policy_name"], {
        "policy": ("policy_kind", "policy_name", "policy_id"),
        "object": ("object_domain", "object_name", "object_id"),
    })


def flattened_table_checks(context: dg.AssetCheckExecutionContext, spark: SparkResource, warehouse: Warehouse,
                           table: Table, specs: Sequence[dg.AssetCheckSpec], orphan_columns: list[str],
                           sides: dict[str, tuple[str, str, str]]) -> Iterator[dg.AssetCheckResult]:
    """The checks of :func:`flattened_specs`: every row points at an existing record (``specs[0]``),
    each of its ``sides`` (domain, name, id columns) at a known object or policy of the day's
    catalog (``specs[1]``), and the records partition holds what was reported (``specs[2]``)."""
    part = AccountDay.of(context)
    session = spark.session()
    rows = warehouse.read(session, table, part.day, part.account).persist()
    try:
        orphans = rows.join(_record_ids(session, warehouse, part), "query_id", "left_anti")
        unknown = unknown_entries(rows, _objects_of_day(session, warehouse, part), sides, ["query_id"])
        entry = ["query_id", "side", "entry_domain", "entry_name", "entry_id"]
        outside = unknown.where(F.col("entry_id").isNull())
        [pointed, known], [stored, outside_rows] = judged(
            [Rule(specs[0], orphans, orphan_columns, rows),
             Rule(specs[1], unknown.where(F.col("entry_id").isNotNull()), entry, rows)],
            upstream_frame(session, warehouse, ACCESS_HISTORY, part), outside)
        yield pointed
        yield known.with_metadata({**known.metadata, **outside_catalog(outside, outside_rows)})
        yield upstream_as_materialized(specs[2], context, session, ACCESS_HISTORY, stored=stored)
    finally:
        rows.unpersist()


def outside_catalog(outside: DataFrame, rows: int) -> dict[str, dg.MetadataValue]:
    """The entries of objects the catalog does not hold (null id), counted, and the first few distinct ones named."""
    metadata = {"entries_outside_catalog": dg.MetadataValue.int(rows)}
    if rows:  # a second pass only when there are some
        metadata["outside_catalog_sample"] = preview(
            outside.select("side", "entry_domain", "entry_name").distinct().orderBy("entry_name", "side"),
            ["side", "entry_domain", "entry_name"], rows=SAMPLE_ROWS)
    return metadata


def _record_ids(session: SparkSession, warehouse: Warehouse, part: AccountDay) -> DataFrame:
    return warehouse.read(session, RECORDS_TABLE, part.day, part.account).select("query_id").distinct()


def _objects_of_day(session: SparkSession, warehouse: Warehouse, part: AccountDay) -> DataFrame:
    versions = warehouse.read(session, CATALOG_TABLE, part.day, part.account)
    return catalog_objects(versions).select("domain_key", "name", "object_id").distinct()
