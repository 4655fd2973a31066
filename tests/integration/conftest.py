"""Session-scoped fixtures that start real services on 127.0.0.1 and stop them at the end.

Each service starts once per test session (a Spark cluster takes about 7 s, the Spark
Connect server about 10 s, PostgreSQL about 2 s) and only when a test asks for it. The
fixtures yield the handles of :mod:`.services`:

- ``spark_standalone`` -> ``SparkStandalone``: ``.master_url`` (``spark://127.0.0.1:P``),
  ``.web_ui_url``, ``.client_conf()`` (the Spark properties a driver needs, e.g. for
  ``PySparkResource(spark_config=...)``) and ``.client_env()`` (``PYSPARK_PYTHON``, which
  the fixture also sets in this process for the session, ``SPARK_LOCAL_IP``).
- ``spark_connect`` -> ``SparkConnect``: ``.url`` (``sc://127.0.0.1:P``), running its
  applications on the ``spark_standalone`` cluster.
- ``postgres`` -> ``Postgres``: ``.url`` (SQLAlchemy), ``.dagster_env()`` (the
  ``DAGSTER_PG_*`` variables of ``deploy/dagster.yaml``), host/port/user/password/database.

Every test in this folder is marked ``integration``: ``pytest -m "not integration"``
skips them.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from .services import (
    Postgres,
    SparkConnect,
    SparkStandalone,
    start_postgres,
    start_spark_connect,
    start_spark_standalone,
)

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if HERE in item.path.parents:
            item.add_marker(pytest.mark.integration)


@pytest.fixture(scope="session")
def spark_standalone(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SparkStandalone]:
    # Logs stay under pytest's basetemp (kept for the last 3 runs) for post-mortems.
    with (start_spark_standalone(tmp_path_factory.mktemp("spark-standalone")) as cluster,
          pytest.MonkeyPatch.context() as env):
        # A session built in this process (e.g. by PySparkResource) must run its Python
        # tasks with this interpreter: only PYSPARK_PYTHON decides that.
        for name, value in cluster.client_env().items():
            env.setenv(name, value)
        yield cluster


@pytest.fixture(scope="session")
def spark_connect(spark_standalone: SparkStandalone,
                  tmp_path_factory: pytest.TempPathFactory) -> Iterator[SparkConnect]:
    with start_spark_connect(spark_standalone, tmp_path_factory.mktemp("spark-connect")) as server:
        yield server


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    with start_postgres(database="dagster") as server:
        yield server
