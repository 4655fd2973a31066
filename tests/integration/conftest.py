"""Fixtures that start real services on 127.0.0.1 and stop them when this folder's tests are done.

Each service starts at most once per test run, when a test first asks for it (a Spark
cluster takes about 7 s, the Spark Connect server about 10 s, PostgreSQL about 2 s), and
stops after the last test of this folder (package scope), so that the rest of the suite
does not share the machine with idle JVMs. The fixtures yield the handles of
:mod:`.services`:

- ``spark_standalone`` -> ``SparkStandalone``: ``.master_url`` (``spark://127.0.0.1:P``),
  ``.web_ui_url``, ``.client_conf()`` (the Spark properties a driver needs, e.g. for
  ``PySparkResource(spark_config=...)``) and ``.client_env()`` (``PYSPARK_PYTHON``, which
  the fixture also sets in this process while it lives, ``SPARK_LOCAL_IP``).
- ``spark_connect`` -> ``SparkConnect``: ``.url`` (``sc://127.0.0.1:P``), running its
  applications on the ``spark_standalone`` cluster, with ``CONNECT_SERVER_CONF``.
- ``postgres`` -> ``Postgres``: ``.url`` (SQLAlchemy), ``.dagster_env()`` (the
  ``DAGSTER_PG_*`` variables of ``deploy/dagster.yaml``), host/port/user/password/database.
- ``deployed_instance`` (per test) -> a ``DagsterInstance`` configured by
  ``deploy/dagster.yaml`` itself, its storage in ``postgres``.

Every test in this folder is marked ``integration``: ``pytest -m "not integration"``
skips them.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from dagster import DagsterInstance

from resources.spark import CODEGEN_CONF

from .services import (
    Postgres,
    SparkConnect,
    SparkStandalone,
    start_postgres,
    start_spark_connect,
    start_spark_standalone,
)

HERE = Path(__file__).parent
REPO_ROOT = HERE.parents[1]
#: Server-side properties of the test's Spark Connect server. A Connect client has no
#: SparkContext to ask for the default parallelism: the Spark resource reads this property
#: from the server's conf (deploy/spark/connect.conf sets it too, and the room for generated
#: classes a run's driver gets, ``resources.spark.CODEGEN_CONF``).
CONNECT_SERVER_CONF = {"spark.default.parallelism": "3", "spark.sql.shuffle.partitions": "2", **CODEGEN_CONF}


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.integration)


@pytest.fixture(scope="package")
def spark_standalone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SparkStandalone]:
    # Logs stay under pytest's basetemp (kept for the last 3 runs) for post-mortems.
    with (start_spark_standalone(tmp_path_factory.mktemp("spark-standalone")) as cluster,
          pytest.MonkeyPatch.context() as env):
        # A session built in this process (e.g. by PySparkResource) must run its Python
        # tasks with this interpreter: only PYSPARK_PYTHON decides that.
        for name, value in cluster.client_env().items():
            env.setenv(name, value)
        yield cluster


@pytest.fixture(scope="package")
def spark_connect(spark_standalone: SparkStandalone,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[SparkConnect]:
    with start_spark_connect(spark_standalone, tmp_path_factory.mktemp("spark-connect"),
                             extra_conf=CONNECT_SERVER_CONF) as server:
        yield server


@pytest.fixture(scope="package")
def postgres() -> Iterator[Postgres]:
    with start_postgres(database="dagster") as server:
        yield server


@pytest.fixture
def deployed_instance(postgres: Postgres, tmp_path: Path,
                      monkeypatch: pytest.MonkeyPatch) -> Iterator[DagsterInstance]:
    """DAGSTER_HOME holding a copy of deploy/dagster.yaml, its env vars pointing at ``postgres``.

    Every test gets a fresh instance over the same database: tests find their own runs by
    run id, run key or partition, never by counting what the database holds.
    """
    home = tmp_path / "dagster_home"
    home.mkdir()
    shutil.copy(REPO_ROOT / "deploy" / "dagster.yaml", home / "dagster.yaml")
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    for name, value in postgres.dagster_env().items():
        monkeypatch.setenv(name, value)
    with DagsterInstance.get() as instance:
        yield instance
