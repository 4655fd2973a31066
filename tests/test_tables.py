"""The table registry: one schema per warehouse table, the one the transforms produce and the UI shows."""

from __future__ import annotations

import pytest
from pyspark.sql.types import StructType

from access_history_platform.spark.transforms import column_lineage, org_access_history, policy_references, spark_schema
from assets import ALL_ASSETS
from resources.tables import (
    ACCESS_HISTORY,
    COLUMN_LINEAGE,
    ORG_ACCESS_HISTORY,
    POLICY_REFERENCES,
    RAW_QUERY_LOGS,
    TABLES,
    Level,
)


def shape(schema: StructType) -> list[tuple[str, str]]:
    """Names and types, without nullability (Spark decides that for derived columns)."""
    return [(field.name, field.dataType.simpleString()) for field in schema.fields]


@pytest.mark.spark
@pytest.mark.parametrize(("table", "transform"), [
    (COLUMN_LINEAGE, column_lineage), (POLICY_REFERENCES, policy_references),
    (ORG_ACCESS_HISTORY, lambda records: org_access_history(records, "ACME")),
])
def test_a_flattened_table_has_the_schema_its_transform_produces(spark, table, transform):
    records = spark.createDataFrame([], spark_schema(ACCESS_HISTORY.schema))
    assert shape(transform(records).schema) == shape(spark_schema(table.schema))


def test_every_asset_shows_its_tables_columns_before_a_first_run():
    by_asset = {asset.key.to_user_string(): asset for asset in ALL_ASSETS}
    for table in TABLES:
        if table.name.endswith("_quarantine"):
            parent = by_asset[table.name.removesuffix("_quarantine")]
            shown = parent.metadata_by_key[parent.key]["quarantine_column_schema"]
        else:
            asset = by_asset[table.name]
            shown = asset.metadata_by_key[asset.key]["dagster/column_schema"]
        assert [column.name for column in shown.columns] == table.schema.names, table.name


def test_levels_and_paths_agree(tmp_path):
    from datetime import date

    from resources import Warehouse

    warehouse = Warehouse(root=str(tmp_path))
    assert warehouse.partition_uri(RAW_QUERY_LOGS, date(2024, 3, 1), "ACME").endswith(
        "/raw_query_logs/day=2024-03-01/account=ACME")
    assert warehouse.partition_uri(ORG_ACCESS_HISTORY, date(2024, 3, 1)).endswith("/org_access_history/day=2024-03-01")
    with pytest.raises(ValueError, match="account-day partitions"):
        warehouse.partition_uri(RAW_QUERY_LOGS, date(2024, 3, 1))
    with pytest.raises(ValueError, match="day partitions"):
        warehouse.partition_uri(ORG_ACCESS_HISTORY, date(2024, 3, 1), "ACME")
    assert {table.level for table in TABLES} == {Level.ACCOUNT_DAY, Level.DAY}
