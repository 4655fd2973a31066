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
the Connect server and the standalone daemons, which inherit this process's environment, and the
standalone cluster's executors, through ``spark.executor.extraJavaOptions``) run
their JVMs with the quick JIT compiler only (``-XX:TieredStopAtLevel=1``, through
``SPARK_SUBMIT_OPTS`` unless it is already set): on the tests' small data a new driver spends
more CPU in the optimizing compiler (C2) than on the work (``tests/test_pipeline.py`` alone
took 170-192 s with it and 136-140 s without it, alternating, on this 2-core machine), with the
code cache the default tiered JVM has (240 MB): the quick compiler alone gets 48 MB, which a Spark
Connect server or a demo's driver fills within a minute, and the JVM then stops compiling ("CodeCache
is full. Compiler has been disabled") and interprets whatever it meets next (``bin/spark-connect
start --warm-up`` took 68 s so, 56 s with the larger cache, on this machine). The
run's own session lives through the whole run and keeps the JVM's default, where C2 pays off:
with the quick compiler only, its tests took longer in a whole run (``test_pipeline``'s
fixture 59 -> 83 s). The benchmarks run what the platform gives a driver (a local one: the quick
compiler, ``resources.spark.LOCAL_JAVA_OPTIONS``). Results are the same either way.
Every JVM the tests start, the run's session among them, collects its garbage with the throughput
collector (``-XX:+UseParallelGC``) instead of the default G1, whose concurrent threads and write
barriers compete with the work for the machine's two cores: ``tests/test_pipeline.py`` alone took
102-108 s with it and 117-121 s with G1, alternating, on this 2-core machine (the serial collector:
103 s). Results are the same either way.
Every driver the platform starts, the run's session among them, maps the archive of Spark's
classes that ``bin/setup`` built (``access_history_platform/class_archive.py``), so starts in half
the time; so do the standalone daemons the tests start (``SPARK_DAEMON_JAVA_OPTS``).

``bin/test`` runs the suite on two pytest-xdist workers (``-n 2 --dist loadgroup``). Every test
that uses the run's Spark session goes to one worker, so that the run still has one session;
the other tests go, a module at a time, to whichever worker is free: the parsers' and the
command line's tests, and the ones that only start processes of their own (the demo, a daemon,
PostgreSQL), run beside the Spark tests instead of after them. A module whose module- or
package-scoped fixture serves tests of both kinds goes whole to the Spark worker, so that no
such fixture is set up twice, unless the fixture is cheap to set up once on each worker
(``REPEATABLE_FIXTURES``: a PostgreSQL server, a few generated files). The Spark tests are one unit of
work, so no run is shorter than they are: whatever need not be on that worker is not. Both workers are
busy to the end (on 2026-12-02, 892 s of Spark tests and 919 s of the others in a 924 s run), and
the machine's two cores with them: a third worker made an earlier run longer (1,148 s instead of 1,097 s).
Sampled every 10 s through a whole run, the run's own Spark session (its JVM) used 583 s of CPU, about a
third of the machine: the Spark tests' cost is the Spark work of the account-days they materialize (about
25 s each here, warm, checks included), not the tests around it.

pytest-xdist 3.8.0 reads a test's group from a suffix it appends to the test's id, which pytest
9 no longer lets it change (pytest-dev/pytest-xdist#1386): its ``loadgroup`` hands out every
test alone. So the groups go to xdist's scheduler through its own hooks instead: the first
worker writes each test's group to a file the controller named (``pytest_configure_node``),
and :class:`GroupScheduling` (``pytest_xdist_make_scheduler``) reads it.
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from pyspark.sql import SparkSession

from access_history_platform.class_archive import java_options
from resources import SparkResource, spark_config_for

try:
    from xdist.scheduler import LoadScopeScheduling
except ImportError:  # pragma: no cover - the test extra pins pytest-xdist
    LoadScopeScheduling = object

#: The JVM options of the drivers and daemons the tests start (see the module's docstring). The standalone
#: daemons (not the platform's: the tests') also map the archive of Spark's classes, as the platform's drivers do.
TEST_JVM_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:ReservedCodeCacheSize=240m -XX:+UseParallelGC"
#: The JVM options of the run's own session: the default compilers, the throughput collector.
SESSION_JVM_OPTIONS = "-XX:+UseParallelGC"
os.environ.setdefault("SPARK_SUBMIT_OPTS", TEST_JVM_OPTIONS)
os.environ.setdefault("SPARK_DAEMON_JAVA_OPTS", f"{TEST_JVM_OPTIONS} {java_options()}".strip())

#: Two cores; each task tried at most twice (see the module's docstring).
TEST_SPARK_MASTER = "local[2,2]"
#: Spark properties of the test session: small data, two cores, no UI (a local master binds
#: to loopback by default).
TEST_SPARK_CONF = {
    "spark.sql.shuffle.partitions": "2",
    "spark.default.parallelism": "2",
    "spark.ui.enabled": "false",
}


#: The fixtures that hold the run's Spark session, and the scopes of fixtures a module's tests share.
SPARK_FIXTURES = frozenset({"spark", "spark_resource"})
SHARED_SCOPES = frozenset({"module", "package"})
#: Shared fixtures cheap enough to set up on both workers: a module whose tests of both kinds share only these
#: is split (a PostgreSQL server starts in seconds; the others generate or read a few small files).
REPEATABLE_FIXTURES = frozenset({"postgres", "demo_landing", "registry", "records_file"})
#: The group of the tests that use the run's Spark session.
SPARK_GROUP = "spark"
#: The ``workerinput`` key naming the file of the tests' groups, and where the controller keeps its path.
GROUPS_FILE = "ahp_test_groups"
GROUPS_PATH = pytest.StashKey[Path]()


def xdist_groups(items: list[pytest.Item]) -> dict[str, str]:
    """Each test's group: ``spark`` for the Spark session's tests (and whole modules that share a fixture
    across both kinds), else its module's path."""
    uses_spark = {item: bool(SPARK_FIXTURES & set(getattr(item, "fixturenames", ()))) for item in items}
    shared: dict[Path, dict[bool, set[str]]] = {}
    for item, spark_side in uses_spark.items():
        info = getattr(item, "_fixtureinfo", None)
        for name, definitions in (info.name2fixturedefs.items() if info else ()):
            if definitions and definitions[-1].scope in SHARED_SCOPES and name not in REPEATABLE_FIXTURES:
                shared.setdefault(item.path, {True: set(), False: set()})[spark_side].add(name)
    whole = {path for path, sides in shared.items() if sides[True] & sides[False]}
    return {item.nodeid: SPARK_GROUP if spark_side or item.path in whole else module_of(item.nodeid)
            for item, spark_side in uses_spark.items()}


def module_of(nodeid: str) -> str:
    """The group of a test that needs no Spark session: its module."""
    return nodeid.split("::")[0]


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On the first xdist worker, write the tests' groups where the controller's scheduler reads them."""
    worker = getattr(config, "workerinput", None)
    if worker and worker.get("workerid") == "gw0" and GROUPS_FILE in worker:
        Path(worker[GROUPS_FILE]).write_text(json.dumps(xdist_groups(items)))


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    """Controller: name the groups' file for the workers (one file per run)."""
    config = node.config
    if config.getoption("dist") == "loadgroup":
        if GROUPS_PATH not in config.stash:
            config.stash[GROUPS_PATH] = Path(tempfile.mkdtemp(prefix="ahp-xdist-")) / "groups.json"
        node.workerinput[GROUPS_FILE] = str(config.stash[GROUPS_PATH])


def pytest_unconfigure(config: pytest.Config) -> None:
    if GROUPS_PATH in config.stash:
        shutil.rmtree(config.stash[GROUPS_PATH].parent, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log):
    """Controller: ``--dist loadgroup`` schedules by :func:`xdist_groups`."""
    return GroupScheduling(config, log) if config.getoption("dist") == "loadgroup" else None


class GroupScheduling(LoadScopeScheduling):
    """xdist's scope scheduling with the scopes the first worker wrote (a work unit is a group, whole).

    Called once all workers have collected, so the file is there; a test it does not name (none
    should be) goes with its module.
    """

    _groups: dict[str, str] | None = None

    def _split_scope(self, nodeid: str) -> str:
        if self._groups is None:
            self._groups = json.loads(self.config.stash[GROUPS_PATH].read_text())
        return self._groups.get(nodeid, module_of(nodeid))


@pytest.fixture(scope="session")
def spark_resource(request: pytest.FixtureRequest) -> Iterator[SparkResource]:
    """The Spark resource of the run's session, started here, with the JVM's default compilers.

    Under xdist's grouping, the first worker to start it claims the run's one session; a second
    one fails its tests instead of quietly starting another JVM.
    """
    worker = getattr(request.config, "workerinput", None)
    if worker and GROUPS_FILE in worker:
        try:
            Path(worker[GROUPS_FILE]).with_name("spark-session").touch(exist_ok=False)
        except FileExistsError:
            pytest.fail(f"a second Spark session in this run ({worker['workerid']}): the tests that use it "
                        "were not all scheduled on one worker (see tests/conftest.py)")
    resource = SparkResource(spark_config=spark_config_for(TEST_SPARK_MASTER, TEST_SPARK_CONF, app_name="ahp-tests"),
                             log_level="ERROR")
    with pytest.MonkeyPatch.context() as env:
        if os.environ.get("SPARK_SUBMIT_OPTS") == TEST_JVM_OPTIONS:
            env.setenv("SPARK_SUBMIT_OPTS", SESSION_JVM_OPTIONS)
        session = resource.session()
    yield resource
    session.stop()


@pytest.fixture(scope="session")
def spark(spark_resource: SparkResource) -> SparkSession:
    return spark_resource.session()
