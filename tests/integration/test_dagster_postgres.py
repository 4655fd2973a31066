"""The pipeline's Dagster side on a PostgreSQL instance configured by ``deploy/dagster.yaml``.

- The instance the file describes: PostgreSQL storages, the run queue and its limits.
- A tick of the landing-zone sensor and the run it requests, as the daemon handles them: the
  code location loads from ``workspace.yaml`` in a code server of its own (configured by
  ``AHP_*`` variables, as a deployment configures it); the daemon's sensor iteration stores
  the tick, the cursor, the new account partition and the requested run, queued by the
  ``QueuedRunCoordinator``; the queue daemon's iteration launches the run (a process started
  by the code server, with a local Spark), which stores its materialization.
- One account-day of the assets up to the records (``raw_query_logs``, ``catalog``,
  ``access_history``: the storage path is the same for every asset, and every asset's
  materialization is tested on the default instance) materialized through the instance (local
  Spark), and its materializations read back through the instance's API and straight from
  the ``event_logs`` table.
"""

from __future__ import annotations

import logging
from datetime import date
from pathlib import Path

import dagster as dg
import pytest
import sqlalchemy as sa
from dagster import DagsterInstance
from dagster._core.remote_representation.external import RemoteSensor
from dagster._core.run_coordinator import QueuedRunCoordinator
from dagster._core.scheduler.instigation import InstigatorState, TickStatus
from dagster._core.storage.dagster_run import DagsterRunStatus, RunsFilter
from dagster._core.workspace.context import WorkspaceProcessContext
from dagster._daemon.sensor import execute_sensor_iteration
from dagster._utils.error import SerializableErrorInfo
from dagster_postgres import PostgresEventLogStorage, PostgresRunStorage, PostgresScheduleStorage
from dagster_shared.serdes import deserialize_value

from assets import ALL_ASSETS, access_history, catalog, raw_query_logs
from assets.partitions import ACCOUNTS, partition_key
from resources import LandingZone, OpenLineageTransport, Organization, SparkResource, Warehouse, as_uri
from sensors.landing import SENSOR_NAME
from tools.demo_data import generate_demo

from .daemon import daemon_workspace, launch_queued_runs, wait_for_run
from .services import Postgres

DEMO_DAY = date(2026, 11, 16)
#: The run queue's per-account limit in deploy/dagster.yaml: a tag Dagster puts on every run of
#: an account-day partition.
ACCOUNT_TAG = "dagster/partition/account"
RUN_TIMEOUT_SECONDS = 600
#: What the materialization test materializes: the assets up to the records.
STORED_ASSETS = (raw_query_logs, catalog, access_history)


@pytest.fixture(scope="module")
def demo_landing(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """One demo account and day; the landing zone and its account names."""
    root = tmp_path_factory.mktemp("postgres-landing") / "landing"
    summary = generate_demo(root, accounts=1, days=1, statements_per_day=30, start=DEMO_DAY)
    return root, sorted(summary.lines)


def remote_sensor(context: WorkspaceProcessContext, name: str) -> RemoteSensor:
    entries = context.create_request_context().get_code_location_entries()
    for entry in entries.values():
        assert entry.code_location is not None, f"the code location did not load:\n{entry.load_error}"
        for repository in entry.code_location.get_repositories().values():
            if repository.has_sensor(name):
                return repository.get_sensor(name)
    raise AssertionError(f"no sensor {name} in the code location of workspace.yaml")


def sensor_tick(context: WorkspaceProcessContext) -> None:
    """One iteration of the daemon's sensor loop, synchronously (no thread pool)."""
    errors = [item for item in execute_sensor_iteration(
        context, logging.getLogger("ahp.integration.sensor"), threadpool_executor=None,
        submit_threadpool_executor=None) if isinstance(item, SerializableErrorInfo)]
    assert not errors, "\n".join(error.to_string() for error in errors)


def select_all(postgres: Postgres, sql: str, **params: object) -> list[sa.Row]:
    engine = sa.create_engine(postgres.url)
    try:
        with engine.connect() as connection:
            return list(connection.execute(sa.text(sql), params))
    finally:
        engine.dispose()


def test_deploy_instance_config_loads_as_intended(deployed_instance: DagsterInstance) -> None:
    instance = deployed_instance
    assert isinstance(instance.run_storage, PostgresRunStorage)
    assert isinstance(instance.event_log_storage, PostgresEventLogStorage)
    assert isinstance(instance.schedule_storage, PostgresScheduleStorage)
    assert isinstance(instance.run_coordinator, QueuedRunCoordinator)
    run_queue = instance.get_concurrency_config().run_queue_config
    assert run_queue is not None and run_queue.max_concurrent_runs > 0
    account_limits = [limit for limit in run_queue.tag_concurrency_limits if limit["key"] == ACCOUNT_TAG]
    assert account_limits == [{"key": ACCOUNT_TAG, "value": {"applyLimitPerUniqueValue": True}, "limit": 4}]
    partition_limits = [limit for limit in run_queue.tag_concurrency_limits if limit["key"] == "dagster/partition"]
    assert partition_limits == [{"key": "dagster/partition", "value": {"applyLimitPerUniqueValue": True}, "limit": 1}]
    assert instance.auto_materialize_enabled and instance.auto_materialize_use_sensors
    assert not instance.telemetry_enabled


def test_a_landing_sensor_tick_and_its_run_are_stored_in_postgres(
        deployed_instance: DagsterInstance, postgres: Postgres, demo_landing: tuple[Path, list[str]],
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    landing, accounts = demo_landing
    warehouse = tmp_path / "warehouse"
    # What the code server, and the run it starts, read at import: a deployment's settings.
    for name, value in {"AHP_LANDING": as_uri(str(landing)), "AHP_WAREHOUSE": as_uri(str(warehouse)),
                        "AHP_SPARK_MASTER": "local[2]", "AHP_SPARK_LOG_LEVEL": "ERROR",
                        "AHP_SPARK_CONF": '{"spark.ui.enabled": "false", "spark.sql.shuffle.partitions": "2"}'}.items():
        monkeypatch.setenv(name, value)
    instance = deployed_instance

    with daemon_workspace(instance) as context:
        sensor = remote_sensor(context, SENSOR_NAME)
        sensor_tick(context)
        ticks = instance.get_ticks(sensor.get_remote_origin_id(), sensor.selector_id)
        assert len(ticks) == 1 and ticks[0].status == TickStatus.SUCCESS, ticks
        tick = ticks[0]
        assert len(tick.run_ids) == len(tick.run_keys) == 1
        [queued] = instance.get_runs(RunsFilter(run_ids=list(tick.run_ids)))
        assert queued.status == DagsterRunStatus.QUEUED  # deploy/dagster.yaml's run queue

        launch_queued_runs(context)
        status = wait_for_run(instance, queued.run_id, RUN_TIMEOUT_SECONDS)

    run = instance.get_run_by_id(queued.run_id)
    assert status == DagsterRunStatus.SUCCESS, instance.all_logs(queued.run_id)[-5:]
    assert (run.tags[ACCOUNT_TAG], run.tags["dagster/partition/day"]) == (accounts[0], DEMO_DAY.isoformat())
    assert run.tags["dagster/sensor_name"] == SENSOR_NAME and run.tags["dagster/run_key"] == tick.run_keys[0]
    assert set(accounts) <= set(instance.get_dynamic_partitions(ACCOUNTS))
    state = instance.get_instigator_state(sensor.get_remote_origin_id(), sensor.selector_id)
    assert state is not None and tick.cursor and state.instigator_data.cursor == tick.cursor
    key = str(partition_key(DEMO_DAY, accounts[0]))
    [materialization] = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey("raw_query_logs"), asset_partitions=[key]), limit=10).records
    assert materialization.run_id == run.run_id
    assert (warehouse / "raw_query_logs" / f"day={DEMO_DAY.isoformat()}" / f"account={accounts[0]}").is_dir()

    # The same, straight from PostgreSQL: the tick, the sensor's cursor, the run and its events.
    stored_ticks = select_all(postgres, "SELECT status FROM job_ticks WHERE selector_id = :selector",
                              selector=sensor.selector_id)
    assert [row.status for row in stored_ticks] == ["SUCCESS"]
    stored_state = select_all(postgres, "SELECT instigator_body FROM instigators WHERE selector_id = :selector",
                              selector=sensor.selector_id)
    assert [deserialize_value(row.instigator_body, InstigatorState).instigator_data.cursor
            for row in stored_state] == [tick.cursor]
    assert [row.status for row in select_all(postgres, "SELECT status FROM runs WHERE run_id = :run_id",
                                             run_id=run.run_id)] == ["SUCCESS"]
    events = select_all(postgres, "SELECT dagster_event_type, asset_key, partition FROM event_logs"
                                  " WHERE run_id = :run_id AND dagster_event_type IS NOT NULL", run_id=run.run_id)
    assert ("ASSET_MATERIALIZATION", dg.AssetKey("raw_query_logs").to_string(), key) in events
    assert {"PIPELINE_ENQUEUED", "PIPELINE_START", "PIPELINE_SUCCESS"} <= {row.dagster_event_type for row in events}, events


def test_an_account_day_materialized_through_postgres_is_read_back(
        deployed_instance: DagsterInstance, postgres: Postgres, spark_resource: SparkResource,
        demo_landing: tuple[Path, list[str]], tmp_path: Path) -> None:
    landing, accounts = demo_landing
    account, day = accounts[0], DEMO_DAY
    key = partition_key(day, account)
    instance = deployed_instance
    instance.add_dynamic_partitions(ACCOUNTS, [account])
    resources = {"spark": spark_resource, "organization": Organization(), "openlineage": OpenLineageTransport(),
                 "landing": LandingZone(root=as_uri(str(landing))),
                 "warehouse": Warehouse(root=as_uri(str(tmp_path / "warehouse")))}

    result = dg.materialize(list(ALL_ASSETS), selection=list(STORED_ASSETS), partition_key=key,
                            instance=instance, resources=resources)

    assert result.success
    assert instance.get_run_by_id(result.run_id).tags[ACCOUNT_TAG] == account  # the run queue's per-account key
    asset_keys = {key for asset in STORED_ASSETS for key in asset.keys}
    for asset_key in asset_keys:
        # The newest materialization of the partition (the sensor's run may have made one before).
        records = instance.fetch_materializations(
            dg.AssetRecordsFilter(asset_key=asset_key, asset_partitions=[str(key)]), limit=1).records
        assert [record.run_id for record in records] == [result.run_id], asset_key
        metadata = records[0].asset_materialization.metadata
        assert metadata["path"].value.endswith(f"day={day.isoformat()}/account={account}")
        assert instance.get_materialized_partitions(asset_key) >= {str(key)}
    access_history = instance.fetch_materializations(dg.AssetKey("access_history"), limit=1).records[0]
    assert access_history.asset_materialization.metadata["dagster/row_count"].value > 0

    stored = select_all(postgres, "SELECT asset_key, partition FROM event_logs WHERE run_id = :run_id"
                                  " AND dagster_event_type = 'ASSET_MATERIALIZATION'", run_id=result.run_id)
    assert sorted((row.asset_key, row.partition) for row in stored) == sorted(
        (asset_key.to_string(), str(key)) for asset_key in asset_keys)
    run = select_all(postgres, "SELECT status, partition FROM runs WHERE run_id = :run_id", run_id=result.run_id)
    assert [(row.status, row.partition) for row in run] == [("SUCCESS", str(key))]
