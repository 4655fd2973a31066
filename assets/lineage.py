"""``column_lineage`` and ``policy_references``: the access-history records, flattened for queries."""

from collections.abc import Callable
from typing import Any

import dagster as dg
from pyspark.sql import DataFrame

from access_history_platform.spark.transforms import column_lineage as lineage_of
from access_history_platform.spark.transforms import policy_references as policies_of
from resources import SparkResource, Warehouse
from resources.tables import ACCESS_HISTORY, COLUMN_LINEAGE, POLICY_REFERENCES, Table

from .access_history import TABLE as RECORDS_TABLE
from .automation import follows_upstream
from .partitions import AccountDay, account_days
from .tables import stored_preview, table_asset, table_metadata


def flattened_asset(table: Table, description: str) -> Any:
    """The decorator of an asset flattening the day's records into ``table``."""
    return table_asset(table, description, partitions_def=account_days, deps=[ACCESS_HISTORY.name],
                       automation_condition=follows_upstream())


@flattened_asset(COLUMN_LINEAGE, "One row per (target column, source column, DIRECT or BASE) of the day's writes, "
                                 "with the source and target objects, query_id, time, user and account.")
def column_lineage(context: dg.AssetExecutionContext, spark: SparkResource,
                   warehouse: Warehouse) -> dg.MaterializeResult:
    return flatten_records(context, spark, warehouse, COLUMN_LINEAGE, lineage_of,
                           ["source_object_name", "source_column_name", "source_column_type",
                            "target_object_name", "target_column_name"])


@flattened_asset(POLICY_REFERENCES, "One row per (query, object, column, policy) the day's statements referenced.")
def policy_references(context: dg.AssetExecutionContext, spark: SparkResource,
                      warehouse: Warehouse) -> dg.MaterializeResult:
    return flatten_records(context, spark, warehouse, POLICY_REFERENCES, policies_of,
                           ["query_id", "object_name", "column_name", "policy_kind", "policy_name"])


def flatten_records(context: dg.AssetExecutionContext, spark: SparkResource, warehouse: Warehouse, table: Table,
                    transform: Callable[[DataFrame], DataFrame], preview_columns: list[str]) -> dg.MaterializeResult:
    """Read the partition's records, apply ``transform``, write ``table``'s partition."""
    part = AccountDay.of(context)
    session = spark.session()
    uri = warehouse.partition_uri(table, part.day, part.account)
    rows = warehouse.write(transform(warehouse.read(session, RECORDS_TABLE, part.day, part.account)), table,
                           part.day, part.account)
    return dg.MaterializeResult(metadata=table_metadata(
        rows=rows, path=uri, preview_value=stored_preview(warehouse, table, part.day, part.account, preview_columns)))
