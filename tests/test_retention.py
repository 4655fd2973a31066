"""Retention: the retention job drops exactly the partitions older than retention_days, from the
warehouse and from the Dagster instance's records, and never a newer one."""

from __future__ import annotations

from datetime import date, timedelta
from pathlib import Path

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq

from assets.partitions import ACCOUNTS, partition_key
from assets.retention import cutoff, retention_job
from resources import Warehouse
from resources.tables import ACCESS_HISTORY, CATALOG, DATA_MOVEMENT_PATHS, ORG_ACCESS_HISTORY

TODAY = date(2026, 11, 23)
DAYS = [TODAY - timedelta(days=n) for n in (40, 31, 30, 29, 0)]  # 30 days kept: the first two go


def land_partition(warehouse: Warehouse, table, day: date, account: str | None) -> Path:
    """A partition as a write leaves it (one Parquet file in a version its manifest names), without Spark."""
    with warehouse.replacing(table, day, account) as staged:
        folder = Path(staged.removeprefix("file://"))
        folder.mkdir(parents=True, exist_ok=True)
        pq.write_table(pa.table({"query_id": [f"{account}-{day}"]}), folder / "part-0.parquet")
    assert warehouse.materialized(table, day, account)
    return Path(warehouse.partition_uri(table, day, account).removeprefix("file://"))


def materialized(instance: dg.DagsterInstance, table, key: str) -> bool:
    records = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey(table.name), asset_partitions=[key]), limit=1).records
    return bool(records)


def test_cutoff_keeps_everything_at_zero_and_counts_back_otherwise():
    assert cutoff(TODAY, 0) is None
    assert cutoff(TODAY, 30) == date(2026, 10, 24)


def test_the_retention_job_drops_older_partitions_and_their_records_and_nothing_newer(tmp_path):
    warehouse = Warehouse(root=str(tmp_path / "warehouse"), retention_days=30)
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions(ACCOUNTS, ["ACME", "EU"])
    folders, events, catalogs, paths = {}, {}, {}, {}
    for day in DAYS:
        for account in ("ACME", "EU"):
            folders[(day, account)] = land_partition(warehouse, ACCESS_HISTORY, day, account)
            key = str(partition_key(day, account))
            instance.report_runless_asset_event(dg.AssetMaterialization(ACCESS_HISTORY.name, partition=key))
        folders[(day, None)] = land_partition(warehouse, ORG_ACCESS_HISTORY, day, None)
        events[day] = land_partition(warehouse, "openlineage_events", day, "ACME")  # each statement's text
        catalogs[day] = land_partition(warehouse, CATALOG, day, "ACME")
        paths[day] = land_partition(warehouse, DATA_MOVEMENT_PATHS, day, "ACME")
        instance.report_runless_asset_event(dg.AssetMaterialization(ORG_ACCESS_HISTORY.name, partition=day.isoformat()))

    result = retention_job.execute_in_process(
        instance=instance, resources={"warehouse": warehouse},
        run_config={"ops": {"apply_retention": {"config": {"today": TODAY.isoformat()}}}})

    assert result.success
    assert result.output_for_node("apply_retention") == 10, \
        "two days x (two accounts + the organization's partition + the OpenLineage events of one account), and the" \
        " catalog and the paths of the older day (they keep the day before the first kept day)"
    [output] = [event for event in result.all_events if event.event_type_value == "STEP_OUTPUT"]
    not_wiped = output.event_specific_data.metadata["records_not_wiped"].value
    gone = {day for day in DAYS if day < date(2026, 10, 24)}
    assert gone == {TODAY - timedelta(days=40), TODAY - timedelta(days=31)}
    for (day, account), folder in folders.items():
        assert folder.exists() == (day not in gone), (day, account)
        table = ORG_ACCESS_HISTORY if account is None else ACCESS_HISTORY
        assert warehouse.materialized(table, day, account) == (day not in gone), (day, account)
        table = ORG_ACCESS_HISTORY if account is None else ACCESS_HISTORY
        key = day.isoformat() if account is None else str(partition_key(day, account))
        # OSS storages cannot wipe partitions: then the run must say so for each dropped table-day
        assert materialized(instance, table, key) == (day not in gone or not_wiped == 8), (table.name, key)
    assert warehouse.days(ACCESS_HISTORY) == sorted(set(DAYS) - gone)
    assert {day for day, folder in events.items() if folder.exists()} == set(DAYS) - gone, "the events went too"
    # the catalog and the paths keep the day before the first kept one, where the first kept day starts: a late file
    # can still land in the first kept day and be resolved, and its paths extend the day before's (without it they
    # were redone from none, and every later day's after them: an operator's review)
    for kept in (catalogs, paths):
        assert {day for day, folder in kept.items() if folder.exists()} == set(DAYS) - {TODAY - timedelta(days=40)}
    assert not list((tmp_path / "warehouse" / "access_history").glob(f"day={min(DAYS).isoformat()}"))


def test_retention_at_zero_drops_nothing(tmp_path):
    warehouse = Warehouse(root=str(tmp_path / "warehouse"))
    folder = land_partition(warehouse, ACCESS_HISTORY, date(2000, 1, 1), "ACME")
    result = retention_job.execute_in_process(instance=dg.DagsterInstance.ephemeral(),
                                              resources={"warehouse": warehouse})
    assert result.success and result.output_for_node("apply_retention") == 0 and folder.exists()
