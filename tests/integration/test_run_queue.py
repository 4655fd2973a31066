"""Two runs of one partition through the run queue: the queue's half of "one partition, one writer", and a
queue drained while the code server is away.

The break (issue 15, item 3): a sensor request, a UI launch, a backfill and the automation can
ask for the same account-day at once, the queue allowed 4 runs per account, and overlapping runs
wrote 143,571 rows for 98,715 query_ids. The write's own lock is tested in
``tests/test_hostile_storage.py``; here two real runs of one partition are submitted to a real
instance configured as the project configures it (the embedded instance of ``dagster dev``,
``resources/local_instance.yaml``), its queue drained by the daemon's own iteration, the runs
launched by the code server of ``workspace.yaml`` as processes of their own, each with its local
Spark. The second run must stay queued while the first is in progress, run after it, and the
partition must hold each query_id once. Drained first while the code server is away, the queue keeps its
runs (a run it took goes back into it, saying so) where it failed them at launch.
"""

from __future__ import annotations

import json
import socket
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import date
from pathlib import Path

import dagster as dg
import pyarrow.parquet as pq
import pytest
from dagster._cli.job import _create_run
from dagster._core.storage.dagster_run import DagsterRunStatus
from dagster._core.workspace.context import WorkspaceProcessContext
from dagster._core.workspace.load_target import WorkspaceFileTarget

from assets import account_day_job
from assets.partitions import ACCOUNTS, account_days, partition_key
from resources import as_uri
from resources.instance import local_instance
from resources.warehouse import partition_files

from .daemon import daemon_workspace, launch_queued_runs, wait_for_run

DAY = date(2024, 3, 1)
ACCOUNT = "ACME"
QUERIES = 40
#: The steps of each run: the account-day's logs, catalog and records (what the write lock guards).
STEPS = ["raw_query_logs", "catalog", "access_history"]
RUN_TIMEOUT_SECONDS = 600
#: The code location's name in workspace.yaml.
LOCATION = "access_history_platform"
CATALOG = {"objects": [{"domain": "Table", "name": "D.S.ORDERS", "columns": [{"name": "ID"}, {"name": "AMOUNT"}]}]}


def land(landing: Path) -> None:
    folder = landing / ACCOUNT / DAY.isoformat()
    folder.mkdir(parents=True)
    (landing / ACCOUNT / "catalog.json").write_text(json.dumps(CATALOG))
    (folder / "q.jsonl").write_text("".join(json.dumps({
        "query_id": f"q{n}", "query_text": f"select id from d.s.orders where amount > {n}", "user_name": "U",
        "query_start_time": f"2024-03-01T09:{n // 60:02d}:{n % 60:02d}+00:00"}) + "\n" for n in range(QUERIES)))


def submit_partition_run(instance: dg.DagsterInstance, context: WorkspaceProcessContext) -> str:
    """Submit a run of ``account_day_job``'s first steps for the partition, as ``dagster job launch`` does,
    with the tags Dagster gives every run of the partition (a sensor's, a backfill's, the UI's)."""
    workspace = context.create_request_context()
    [location] = [entry.code_location for entry in workspace.get_code_location_entries().values()]
    assert location is not None
    [repository] = location.get_repositories().values()
    job = repository.get_full_job(account_day_job.name)
    tags = account_days.get_tags_for_partition_key(str(partition_key(DAY, ACCOUNT)))
    run = _create_run(instance=instance, code_location=location, remote_repo=repository, remote_job=job,
                      run_config={}, tags=tags, op_selection=STEPS, run_id=None)
    return instance.submit_run(run.run_id, workspace).run_id


@contextmanager
def code_server_away(instance: dg.DagsterInstance, folder: Path) -> Iterator[WorkspaceProcessContext]:
    """The daemon's workspace while the code location's server is away: its gRPC port refuses connections."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    workspace = folder / "away.yaml"
    workspace.write_text(f"load_from:\n  - grpc_server:\n      host: 127.0.0.1\n      port: {port}\n"
                         f"      location_name: {LOCATION}\n")
    with WorkspaceProcessContext(instance, WorkspaceFileTarget(paths=[str(workspace)])) as context:
        yield context


def query_ids(warehouse: Path, table: str) -> list[str]:
    folder = warehouse / table / f"day={DAY.isoformat()}" / f"account={ACCOUNT}"
    return sorted(pq.read_table(partition_files(folder), partitioning=None).column("query_id").to_pylist())


def test_the_queue_runs_one_run_of_a_partition_at_a_time(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    landing, warehouse = tmp_path / "landing", tmp_path / "warehouse"
    land(landing)
    # What the code server, and the runs it starts, read at import: a deployment's settings.
    for name, value in {"AHP_LANDING": as_uri(str(landing)), "AHP_WAREHOUSE": as_uri(str(warehouse)),
                        "AHP_SPARK_MASTER": "local[2]", "AHP_SPARK_LOG_LEVEL": "ERROR",
                        "AHP_SPARK_CONF": '{"spark.ui.enabled": "false", "spark.sql.shuffle.partitions": "2"}'}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "home"))  # restored after: local_instance sets it
    instance = local_instance(tmp_path / "home")
    try:
        instance.add_dynamic_partitions(ACCOUNTS, [ACCOUNT])
        with daemon_workspace(instance) as context:
            first, second = submit_partition_run(instance, context), submit_partition_run(instance, context)
            assert [instance.get_run_by_id(run).status for run in (first, second)] == [DagsterRunStatus.QUEUED] * 2

            # The queue drained while the code server is away (a redeploy, a crash): the run it takes goes back
            # into the queue, saying so, instead of failing at launch (``max_user_code_failure_retries``)
            with pytest.warns(UserWarning, match="Could not reach user code server"), \
                    code_server_away(instance, tmp_path) as away:  # (Dagster warns of the location it cannot load)
                launch_queued_runs(away)
            assert [instance.get_run_by_id(run).status for run in (first, second)] == [DagsterRunStatus.QUEUED] * 2
            said = [entry.message for entry in instance.all_logs(first) if entry.message]
            assert "Run dequeue failed to reach the user code server, re-submitting the run into the queue " \
                   "(12 retries remaining)" in said, said

            iterations = 0
            while not instance.get_run_by_id(first).is_finished:
                launch_queued_runs(context)  # the daemon's queue, drained every second
                iterations += 1
                # (the first run may end while the queue is drained: then the second may leave it, rightly)
                if not instance.get_run_by_id(first).is_finished:
                    assert instance.get_run_by_id(second).status == DagsterRunStatus.QUEUED, \
                        "the second run of the partition left the queue while the first was in progress"
                time.sleep(1)
                assert iterations < RUN_TIMEOUT_SECONDS, "the first run did not finish"
            assert instance.get_run_by_id(first).status == DagsterRunStatus.SUCCESS, instance.all_logs(first)[-5:]
            assert iterations > 1, "the queue was drained while the first run was in progress"

            launch_queued_runs(context)
            assert wait_for_run(instance, second, RUN_TIMEOUT_SECONDS) == DagsterRunStatus.SUCCESS, \
                instance.all_logs(second)[-5:]

        records = {run: instance.get_run_record_by_id(run) for run in (first, second)}
        assert records[second].start_time >= records[first].end_time, "the second run started after the first ended"
        expected = sorted(f"q{n}" for n in range(QUERIES))
        assert query_ids(warehouse, "raw_query_logs") == expected
        assert query_ids(warehouse, "access_history") == expected
        key = str(partition_key(DAY, ACCOUNT))
        materializations = instance.fetch_materializations(
            dg.AssetRecordsFilter(asset_key=dg.AssetKey("access_history"), asset_partitions=[key]), limit=10).records
        assert sorted(record.run_id for record in materializations) == sorted((first, second))
    finally:
        instance.dispose()
