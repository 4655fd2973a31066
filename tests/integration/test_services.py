"""The services the platform runs on, for real: a PySpark job on a standalone cluster and
through Spark Connect, and a Dagster instance configured by ``deploy/dagster.yaml`` that
stores its runs and events in PostgreSQL."""

from __future__ import annotations

import json
import sys
from collections.abc import Mapping
from pathlib import Path

import dagster as dg
import sqlalchemy as sa
from dagster import DagsterInstance
from dagster._core.run_coordinator import QueuedRunCoordinator
from dagster_postgres import PostgresEventLogStorage, PostgresRunStorage, PostgresScheduleStorage

from .services import Postgres, SparkConnect, SparkStandalone, run_python_job

PROBE_JOB = Path(__file__).with_name("spark_probe_job.py")
PROBE_TIMEOUT_SECONDS = 300

EXPECTED_PROBE_ROWS = [
    {"query_id": "q-ctas", "statement": "Create", "tables": "mart.daily,mart.top"},
    {"query_id": "q-delete", "statement": "Delete", "tables": "raw.events"},
    {"query_id": "q-insert", "statement": "Insert", "tables": "mart.daily,raw.events"},
    {"query_id": "q-select", "statement": "Select",
     "tables": "sales.public.customers,sales.public.orders"},
]


def run_probe_job(args: list[str], env: Mapping[str, str]) -> dict:
    """Run spark_probe_job.py in its own Python process (see its docstring for why)."""
    result = run_python_job(PROBE_JOB, args, env=env, timeout=PROBE_TIMEOUT_SECONDS)
    assert result.returncode == 0, (
        f"probe job {args} exited with {result.returncode}:\n{result.stderr[-4000:]}")
    return json.loads(result.stdout.strip().splitlines()[-1])


def assert_probe_rows(output: dict) -> None:
    """sqlglot ran in the executors' Python (the venv's) and parsed every query right."""
    rows = output["rows"]
    assert [{k: row[k] for k in ("query_id", "statement", "tables")} for row in rows] \
        == EXPECTED_PROBE_ROWS
    assert {row["python"] for row in rows} == {sys.executable}


def test_mapinarrow_job_runs_on_standalone_cluster(spark_standalone: SparkStandalone) -> None:
    conf = spark_standalone.client_conf()
    args = ["--master", conf.pop("spark.master"), "--conf", "spark.ui.enabled=false"]
    args += [arg for key, value in conf.items() for arg in ("--conf", f"{key}={value}")]

    output = run_probe_job(args, spark_standalone.client_env())

    assert_probe_rows(output)
    assert output["spark_version"].startswith("4.")


def test_mapinarrow_job_runs_through_spark_connect(spark_connect: SparkConnect) -> None:
    output = run_probe_job(["--remote", spark_connect.url], {})

    assert_probe_rows(output)


@dg.asset(tags={"ahp/account": "integration"})
def integration_probe() -> dg.MaterializeResult:
    return dg.MaterializeResult(metadata={"rows": dg.MetadataValue.int(3)})


def test_deploy_instance_config_loads_as_intended(deployed_instance: DagsterInstance) -> None:
    instance = deployed_instance
    assert isinstance(instance.run_storage, PostgresRunStorage)
    assert isinstance(instance.event_log_storage, PostgresEventLogStorage)
    assert isinstance(instance.schedule_storage, PostgresScheduleStorage)
    assert isinstance(instance.run_coordinator, QueuedRunCoordinator)
    run_queue = instance.get_concurrency_config().run_queue_config
    assert run_queue is not None and run_queue.max_concurrent_runs > 0
    account_limits = [limit for limit in run_queue.tag_concurrency_limits
                      if limit["key"] == "ahp/account"]
    assert account_limits == [
        {"key": "ahp/account", "value": {"applyLimitPerUniqueValue": True}, "limit": 4}]
    assert instance.auto_materialize_enabled and instance.auto_materialize_use_sensors
    assert not instance.telemetry_enabled


def test_materialization_is_stored_in_postgres(deployed_instance: DagsterInstance,
                                               postgres: Postgres) -> None:
    result = dg.materialize([integration_probe], instance=deployed_instance)

    assert result.success
    latest = deployed_instance.get_latest_materialization_event(dg.AssetKey("integration_probe"))
    assert latest is not None and latest.run_id == result.run_id
    engine = sa.create_engine(postgres.url)
    try:
        with engine.connect() as connection:
            run_status = connection.execute(
                sa.text("SELECT status FROM runs WHERE run_id = :run_id"),
                {"run_id": result.run_id}).scalar_one()
            materializations = connection.execute(
                sa.text("SELECT asset_key FROM event_logs WHERE run_id = :run_id"
                        " AND dagster_event_type = 'ASSET_MATERIALIZATION'"),
                {"run_id": result.run_id}).scalars().all()
    finally:
        engine.dispose()
    assert run_status == "SUCCESS"
    assert materializations == [dg.AssetKey("integration_probe").to_string()]
