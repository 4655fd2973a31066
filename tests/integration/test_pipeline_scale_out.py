"""The pipeline on a real Spark cluster and through Spark Connect writes what a local run writes.

One landing zone (two demo accounts over two days: JSON Lines, gzip JSON Lines and Parquet
logs, bad lines, DDL carried from one day to the next), three runs of every asset of every
partition, each into its own warehouse:

- the reference: ``local[2]``, in this process, on the run's shared session;
- ``spark://127.0.0.1:P``: ``pipeline_job.py`` in its own process, the driver of an
  application on the standalone cluster (its Python tasks in the cluster's executor);
- ``sc://127.0.0.1:P``: ``pipeline_job.py`` in its own process as a Spark Connect client
  (no JVM in it); the Connect server is the driver, on the same cluster.

The two scale-out runs are configured only through the environment a deployment sets
(``AHP_SPARK_MASTER``, ``AHP_SPARK_CONF``, ``AHP_LANDING``, ``AHP_WAREHOUSE`` as
``file://`` URIs, ``PYSPARK_PYTHON``), and each warehouse must hold exactly the reference's
rows in every table and the same catalog states. The resolving step is split into several
tasks (``lines_per_task``) so that every day's DDL is replayed across tasks on the cluster.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import dagster as dg
import pyarrow.parquet as pq
import pytest

from access_history_platform.demo import generate_demo
from resources import LandingZone, Organization, SparkResource, Warehouse, as_uri

from .pipeline_job import materialize_landing, with_task_split
from .services import SparkConnect, SparkStandalone, run_python_job

PIPELINE_JOB = Path(__file__).with_name("pipeline_job.py")
JOB_TIMEOUT_SECONDS = 900
#: Up to three resolving tasks per account-day of about 47 lines.
TASK_SPLIT = {"parallelism": 3, "lines_per_task": 20}
TABLES = ("raw_query_logs", "raw_query_logs_quarantine", "catalog", "access_history", "access_history_quarantine",
          "column_lineage", "policy_references", "org_access_history")


@pytest.fixture(scope="module")
def landing(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("scale-out") / "landing"
    generate_demo(root, accounts=2, days=2, statements_per_day=40)
    return root


@pytest.fixture(scope="module")
def reference(spark_resource: SparkResource, landing: Path) -> dict[str, Any]:
    """The local run's warehouse contents, and its row counts by materialization."""
    warehouse = landing.parent / "warehouse-local"
    resources = {"spark": with_task_split(spark_resource, **TASK_SPLIT), "organization": Organization(),
                 "landing": LandingZone(root=as_uri(str(landing))), "warehouse": Warehouse(root=as_uri(str(warehouse)))}
    with dg.DagsterInstance.ephemeral() as instance:
        rows = materialize_landing(resources, instance)
    return {"rows": rows, "contents": warehouse_contents(warehouse)}


def warehouse_contents(warehouse: Path) -> dict[str, Any]:
    """Every partition of every table as a sorted list of canonical rows, and every stored catalog state."""
    contents: dict[str, Any] = {}
    for folder in sorted({path.parent for path in warehouse.rglob("*.parquet")}):
        rows = pq.read_table(folder, partitioning=None).to_pylist()
        contents[folder.relative_to(warehouse).as_posix()] = sorted(
            json.dumps(row, sort_keys=True, default=str) for row in rows)
    for state in sorted(warehouse.rglob("_catalog_*.json")):
        contents[state.relative_to(warehouse).as_posix()] = json.loads(state.read_text())
    return contents


def run_pipeline_job(master: str, landing: Path, warehouse: Path, env: Mapping[str, str]) -> dict[str, Any]:
    """``pipeline_job.py`` in its own process against ``master``; its JSON summary."""
    result = run_python_job(PIPELINE_JOB, [f"--{name.replace('_', '-')}={value}" for name, value in TASK_SPLIT.items()],
                            timeout=JOB_TIMEOUT_SECONDS, env={
                                "AHP_SPARK_MASTER": master, "AHP_SPARK_LOG_LEVEL": "ERROR",
                                "AHP_LANDING": as_uri(str(landing)), "AHP_WAREHOUSE": as_uri(str(warehouse)), **env})
    assert result.returncode == 0, f"pipeline_job.py on {master} exited with {result.returncode}:\n" \
                                   f"{result.stderr[-6000:]}"
    return json.loads(result.stdout.strip().splitlines()[-1])


def assert_same_warehouse(warehouse: Path, reference: dict[str, Any]) -> None:
    contents = warehouse_contents(warehouse)
    assert sorted(contents) == sorted(reference["contents"])
    assert {folder.split("/", 1)[0] for folder in contents} >= set(TABLES)
    differing = [key for key, value in contents.items() if value != reference["contents"][key]]
    assert not differing, f"differ from the local run: {differing}"


def test_pipeline_on_a_standalone_cluster_writes_what_a_local_run_writes(
        spark_standalone: SparkStandalone, landing: Path, reference: dict[str, Any]) -> None:
    conf = {key: value for key, value in spark_standalone.client_conf().items() if key != "spark.master"}
    conf |= {"spark.ui.enabled": "false", "spark.sql.shuffle.partitions": "2"}
    warehouse = landing.parent / "warehouse-standalone"

    output = run_pipeline_job(spark_standalone.master_url, landing, warehouse,
                              {"AHP_SPARK_CONF": json.dumps(conf), **spark_standalone.client_env()})

    assert output["master"] == spark_standalone.master_url and not output["connect"]
    assert output["rows"] == reference["rows"]
    assert_same_warehouse(warehouse, reference)


def test_pipeline_through_spark_connect_writes_what_a_local_run_writes(
        spark_connect: SparkConnect, landing: Path, reference: dict[str, Any]) -> None:
    warehouse = landing.parent / "warehouse-connect"

    # A thin client: the server is the driver, its PYSPARK_PYTHON runs the Python tasks.
    output = run_pipeline_job(spark_connect.url, landing, warehouse, {})

    assert output["connect"] and output["session"] == "pyspark.sql.connect.session"
    assert output["rows"] == reference["rows"]
    assert_same_warehouse(warehouse, reference)
