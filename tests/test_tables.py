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


def test_every_table_is_an_asset_showing_its_columns_before_a_first_run():
    specs = {spec.key.to_user_string(): spec for asset in ALL_ASSETS for spec in asset.specs}
    assert set(specs) == {table.name for table in TABLES} | {"openlineage_events"}, "the quarantine tables too"
    for table in TABLES:
        shown = specs[table.name].metadata["dagster/column_schema"]
        assert [column.name for column in shown.columns] == table.schema.names, table.name
    events = specs["openlineage_events"].metadata["dagster/column_schema"]  # JSON lines: the event's top level
    assert [column.name for column in events.columns] == ["eventType", "eventTime", "run", "job", "inputs", "outputs",
                                                          "producer", "schemaURL"]


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


@pytest.mark.spark
def test_a_partitions_head_is_read_without_spark_across_its_files_as_spark_gives_its_rows(spark, tmp_path):
    """``Warehouse.head``: the first rows of a stored partition, its files in the manifest's order, read with no Spark
    job; each value as Spark's Arrow gives it (times in UTC, nested values), and a column the files lack null."""
    from datetime import date, datetime, timezone

    import pyarrow as pa
    import pyarrow.parquet as pq

    from resources import Warehouse
    from resources.tables import DATA_MOVEMENT_PATHS
    from resources.warehouse import partition_files

    day, schema = date(2026, 11, 16), DATA_MOVEMENT_PATHS.schema
    rows = [{name: None for name in schema.names} | {
        "path": f"A -> T{n}", "path_keys": ["A", f"T{n}"], "depth": 1, "target_columns": ["C"],
        "first_moved_at": datetime(2026, 11, 16, n, tzinfo=timezone.utc)} for n in range(7)]
    warehouse = Warehouse(root=str(tmp_path))
    frame = spark.createDataFrame(pa.Table.from_pylist(rows, schema=schema)).repartition(3)
    warehouse.write(frame, DATA_MOVEMENT_PATHS, day, "ACME")
    files = partition_files(warehouse.partition_uri(DATA_MOVEMENT_PATHS, day, "ACME"))
    stored = [row for file in files for row in pq.read_table(file).to_pylist()]
    assert len(files) == 3 and len(pq.read_table(files[0])) < 5
    columns = ["path", "path_keys", "first_moved_at"]
    tracker = spark.sparkContext.statusTracker()
    jobs = tracker.getJobIdsForGroup(None)
    head = warehouse.head(DATA_MOVEMENT_PATHS, day, "ACME", columns, 5)
    assert tracker.getJobIdsForGroup(None) == jobs  # no Spark job
    assert head == [{name: row[name] for name in columns} for row in stored[:5]]
    sparks = warehouse.read(spark, DATA_MOVEMENT_PATHS, day, "ACME").select(*columns).toArrow().to_pylist()
    assert all(row in sparks for row in head) and head[0]["first_moved_at"].tzinfo is not None

    with warehouse.replacing(DATA_MOVEMENT_PATHS, day, "OLD") as staged:  # files written before a column was added
        pq.write_table(pa.Table.from_pylist(rows[:2], schema=schema).drop(["path_keys"]),
                       staged.removeprefix("file://") + "/part-0.parquet")
    assert [row["path_keys"] for row in warehouse.head(DATA_MOVEMENT_PATHS, day, "OLD", columns, 5)] == [None, None]
