"""The pipeline on a real Spark cluster and through Spark Connect writes what a local run writes.

One landing zone (a demo account over two days: gzip JSON Lines, then Parquet, bad lines,
DDL carried from one day to the next; and a new account whose catalog snapshot is empty,
with one day of statements that touch no object, so that its tables are empty), three runs
of every partition, each into its own warehouse:

- the reference: ``local[2]``, ``pipeline_job.py`` in its own process (not on the run's shared
  session: this module then needs no Spark session of the test process, and its tests run
  beside the Spark tests; see ``tests/conftest.py``);
- ``spark://127.0.0.1:P``: ``pipeline_job.py`` in its own process, the driver of an
  application on the standalone cluster, its Python tasks (log parsing and SQL resolution)
  in the cluster's executor;
- ``sc://127.0.0.1:P``: ``pipeline_job.py`` in its own process as a Spark Connect client (no
  JVM in it); the Connect server is the driver, on the same cluster.

The three runs leave out the ready answers (``object_access``, ``data_movement``, ...): Spark
SQL over the tables before them, with no Python task, and more than half of a small
account-day's time. Every local test has them, and so does a run through a Connect server:
``bin/spark-connect start --warm-up`` runs every asset and check of an account-day through
one (``test_spark_connect_tool.py``).

The two scale-out runs are configured only through the environment a deployment sets
(``AHP_SPARK_MASTER``, ``AHP_SPARK_CONF``, ``AHP_LANDING`` and ``AHP_WAREHOUSE`` as
``file://`` URIs, ``PYSPARK_PYTHON``). Each warehouse must hold exactly the reference's
rows in every partition of every table and the same catalog states, and each
materialization must report the same numbers. The resolving step is split into three
tasks per day, so that every day's DDL is replayed across tasks on the cluster.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest

from resources import as_uri
from resources.spark import shared_session_day
from resources.warehouse import MANIFEST, read_manifest
from tools.demo_data import generate_demo

from .conftest import CONNECT_SERVER_CONF
from .services import SparkConnect, SparkStandalone, run_python_job

PIPELINE_JOB = Path(__file__).with_name("pipeline_job.py")
CONNECT_SESSION_JOB = Path(__file__).with_name("connect_session_job.py")
JOB_TIMEOUT_SECONDS = 900
#: About 47 lines a day in at most three tasks: the Connect server's default parallelism,
#: which the Connect run gets from the server instead of from its own configuration.
PARALLELISM = int(CONNECT_SERVER_CONF["spark.default.parallelism"])
LINES_PER_TASK = 20
LOCAL_MASTER = "local[2]"
#: The Spark properties of the runs this process configures (small data, no UI).
SMALL_DATA_CONF = {"spark.ui.enabled": "false", "spark.sql.shuffle.partitions": "2"}
QUIET_ACCOUNT, QUIET_DAY = "ACME_NEW", "2026-11-16"
TABLES = ("raw_query_logs", "raw_query_logs_quarantine", "catalog", "access_history", "access_history_quarantine",
          "column_lineage", "policy_references", "org_access_history")


@pytest.fixture(scope="module")
def landing(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("scale-out") / "landing"
    generate_demo(root, accounts=2, days=2, statements_per_day=40)
    # One account keeps the three runs short (a cluster run costs seconds per partition):
    # the one whose days are in the formats that need more than a text reader.
    keep = next(path.parent.parent.name for path in root.rglob("*.parquet"))
    for account in root.iterdir():
        if account.name != keep:
            shutil.rmtree(account)
    write_quiet_account(root, QUIET_ACCOUNT, QUIET_DAY)
    return root


def write_quiet_account(landing: Path, account: str, day: str) -> None:
    """An account with no objects yet and a day without DDL: every one of its tables is empty."""
    (landing / account / day).mkdir(parents=True)
    (landing / account / "catalog.json").write_text(json.dumps({"account": account, "objects": []}))
    lines = [{"query_id": f"{account}-{n}", "query_text": text, "query_start_time": f"{day}T09:0{n}:00.000+00:00",
              "user_name": "ONBOARDING", "database_name": "ANALYTICS", "schema_name": "PUBLIC"}
             for n, text in enumerate(["SELECT CURRENT_DATE()", "SHOW TABLES", "SELECT 1 + 1 AS two"])]
    (landing / account / day / "query_history.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))


@pytest.fixture(scope="module")
def reference(landing: Path) -> dict[str, Any]:
    """The local run: its materializations' numeric metadata and its warehouse's contents."""
    warehouse = landing.parent / "warehouse-local"
    output = run_pipeline_job(LOCAL_MASTER, landing, warehouse, [f"--parallelism={PARALLELISM}", "--no-answers"],
                              {"AHP_SPARK_CONF": json.dumps(SMALL_DATA_CONF)})
    assert output["master"] == LOCAL_MASTER and output["session"] == "pyspark.sql.session"
    return {"metadata": output["metadata"], "contents": warehouse_contents(warehouse)}


def warehouse_contents(warehouse: Path) -> dict[str, Any]:
    """Every partition of every table as a sorted list of canonical rows, and every stored catalog state."""
    contents: dict[str, Any] = {}
    for folder in sorted(path.parent for path in warehouse.rglob(MANIFEST)):
        partition, manifest = folder.relative_to(warehouse).as_posix(), read_manifest(str(folder))
        files = manifest.paths(str(folder))
        parquet = [file for file in files if file.endswith(".parquet")]
        rows = pq.read_table(parquet, partitioning=None).to_pylist() if parquet else []
        rows += [json.loads(line) for file in files if file.endswith(".jsonl")  # the OpenLineage events
                 for line in Path(file).read_text().splitlines()]
        contents[partition] = sorted(json.dumps(row, sort_keys=True, default=str) for row in rows)
        for name in manifest.documents:  # the catalog's stored states
            contents[f"{partition}/{name}"] = json.loads((folder / manifest.folder / name).read_text())
    return contents


def run_pipeline_job(master: str, landing: Path, warehouse: Path, args: list[str],
                     env: Mapping[str, str]) -> dict[str, Any]:
    """``pipeline_job.py`` in its own process against ``master``; its JSON summary."""
    result = run_python_job(PIPELINE_JOB, [f"--lines-per-task={LINES_PER_TASK}", *args], timeout=JOB_TIMEOUT_SECONDS,
                            env={"AHP_SPARK_MASTER": master, "AHP_SPARK_LOG_LEVEL": "ERROR",
                                 "AHP_LANDING": as_uri(str(landing)), "AHP_WAREHOUSE": as_uri(str(warehouse)), **env})
    assert result.returncode == 0, \
        f"pipeline_job.py on {master} exited with {result.returncode}:\n{result.stderr[-6000:]}"
    return json.loads(result.stdout.strip().splitlines()[-1])


def assert_same_as_reference(output: dict[str, Any], warehouse: Path, reference: dict[str, Any]) -> None:
    """``warehouse`` and ``output`` hold what the reference does."""
    assert output["metadata"] == reference["metadata"]
    contents = warehouse_contents(warehouse)
    assert sorted(contents) == sorted(reference["contents"])
    assert {key.split("/", 1)[0] for key in contents} >= set(TABLES)
    differing = [key for key, value in contents.items() if value != reference["contents"][key]]
    assert not differing, f"differ from the local run: {differing}"
    quiet = f"day={QUIET_DAY}/account={QUIET_ACCOUNT}"
    assert contents[f"catalog/{quiet}"] == contents[f"access_history/{quiet}"] == []


def test_pipeline_on_a_standalone_cluster_writes_what_a_local_run_writes(
        spark_standalone: SparkStandalone, landing: Path, reference: dict[str, Any]) -> None:
    conf = {key: value for key, value in spark_standalone.client_conf().items() if key != "spark.master"}
    conf |= SMALL_DATA_CONF
    warehouse = landing.parent / "warehouse-standalone"

    output = run_pipeline_job(spark_standalone.master_url, landing, warehouse,
                              [f"--parallelism={PARALLELISM}", "--no-answers"],
                              {"AHP_SPARK_CONF": json.dumps(conf), **spark_standalone.client_env()})

    assert output["master"] == spark_standalone.master_url and output["session"] == "pyspark.sql.session"
    assert output["spark_version"] == "4.3.0"
    assert_same_as_reference(output, warehouse, reference)


def test_pipeline_through_spark_connect_writes_what_a_local_run_writes(
        spark_connect: SparkConnect, landing: Path, reference: dict[str, Any]) -> None:
    warehouse = landing.parent / "warehouse-connect"

    # No parallelism given: the resolving step splits by the server's default parallelism.
    # No Spark conf either: the server owns it; its PYSPARK_PYTHON runs the Python tasks.
    output = run_pipeline_job(spark_connect.url, landing, warehouse, ["--no-answers"], {})

    assert output["master"] == spark_connect.url and output["session"] == "pyspark.sql.connect.session"
    assert_same_as_reference(output, warehouse, reference)


def connect_session_job(server: SparkConnect, day: str, *args: str, shared: bool = True) -> dict[str, Any]:
    """``connect_session_job.py`` in its own process (a run's process) against ``server``, joining ``day``'s
    shared session; its report."""
    done = run_python_job(CONNECT_SESSION_JOB, ["--day", day, *args], timeout=JOB_TIMEOUT_SECONDS,
                          env={"AHP_SPARK_MASTER": server.url, "AHP_SPARK_SHARED_SESSION": str(shared).lower(),
                               "AHP_SPARK_LOG_LEVEL": "ERROR"})
    assert done.returncode == 0, done.stderr[-4000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_runs_through_spark_connect_share_one_session_and_its_python_workers(spark_connect: SparkConnect) -> None:
    """Runs join the day's shared server-side session (resources/spark.py, shared_connect_session), so their tasks
    run on the Python workers an earlier run started (or the next ones its daemon forks); one the server closed is
    followed by the next, the same in every process; ``AHP_SPARK_SHARED_SESSION=false`` gives a run a session and
    workers of its own. One day for all its processes: a test across midnight UTC would otherwise compare two."""
    day = shared_session_day()
    first = connect_session_job(spark_connect, day)["first"]
    second = connect_session_job(spark_connect, day, "--release-then-again")
    assert second["first"]["session_id"] == first["session_id"]
    # The same workers, or workers the same daemon forked after Spark ended the first ones (idle for a minute).
    assert set(second["first"]["worker_parents"]) & set(first["worker_parents"]), "another daemon's workers"

    after_release = second["again"]  # the day's first session was closed on the server: the next one
    third = connect_session_job(spark_connect, day)["first"]
    assert after_release["session_id"] != first["session_id"] and third["session_id"] == after_release["session_id"]

    own = connect_session_job(spark_connect, day, shared=False)["first"]
    assert own["session_id"] not in {first["session_id"], after_release["session_id"]}
    seen = {*first["worker_pids"], *second["first"]["worker_pids"], *after_release["worker_pids"],
            *third["worker_pids"]}
    assert not set(own["worker_pids"]) & seen
