"""Fixtures shared by the whole test run.

``spark`` is the run's only Spark session: local[2,2], UTC, built by the same code as the
pipeline's :class:`~resources.spark.SparkResource`; ``spark_resource`` is that resource, so
Dagster assets materialized in tests run on the very same session. A local session takes
seconds to start: every Spark test of the run shares this one.

The master is ``local[2,2]``: two cores, and a failed task is tried twice, as a cluster
would retry it (plain ``local[2]`` fails the job on a task's first failure, whatever
``spark.task.maxFailures`` says), so that tests can show a retried task loses and
duplicates nothing.

The short-lived Spark drivers the tests start (the ``ahp``, ``dagster`` and demo processes,
the Connect server and the standalone daemons, which inherit this process's environment) run
their JVMs with the quick JIT compiler only (``-XX:TieredStopAtLevel=1``, through
``SPARK_SUBMIT_OPTS`` unless it is already set): on the tests' small data a new driver spends
more CPU in the optimizing compiler (C2) than on the work (``tests/test_pipeline.py`` alone
took 170-192 s with it and 136-140 s without it, alternating, on this 2-core machine). The
run's own session lives through the whole run and keeps the JVM's default, where C2 pays off:
with the quick compiler only, its tests took longer in a whole run (``test_pipeline``'s
fixture 59 -> 83 s). The benchmarks keep the default too. Results are the same either way.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from pyspark.sql import SparkSession

from resources import SparkResource, spark_config_for

#: The JVM options of the drivers and daemons the tests start (see the module's docstring).
TEST_JVM_OPTIONS = "-XX:TieredStopAtLevel=1"
os.environ.setdefault("SPARK_SUBMIT_OPTS", TEST_JVM_OPTIONS)
os.environ.setdefault("SPARK_DAEMON_JAVA_OPTS", TEST_JVM_OPTIONS)

#: Two cores; each task tried at most twice (see the module's docstring).
TEST_SPARK_MASTER = "local[2,2]"
#: Spark properties of the test session: small data, two cores, no UI (a local master binds
#: to loopback by default).
TEST_SPARK_CONF = {
    "spark.sql.shuffle.partitions": "2",
    "spark.default.parallelism": "2",
    "spark.ui.enabled": "false",
}


@pytest.fixture(scope="session")
def spark_resource() -> Iterator[SparkResource]:
    """The Spark resource of the run's session, started here, with the JVM's default compilers."""
    resource = SparkResource(spark_config=spark_config_for(TEST_SPARK_MASTER, TEST_SPARK_CONF, app_name="ahp-tests"),
                             log_level="ERROR")
    with pytest.MonkeyPatch.context() as env:
        if os.environ.get("SPARK_SUBMIT_OPTS") == TEST_JVM_OPTIONS:
            env.delenv("SPARK_SUBMIT_OPTS")
        session = resource.session()
    yield resource
    session.stop()


@pytest.fixture(scope="session")
def spark(spark_resource: SparkResource) -> SparkSession:
    return spark_resource.session()
