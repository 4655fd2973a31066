"""The Spark session resource: local, a standalone cluster, or Spark Connect.

One session per process, built on first use and reused by every asset of every run in
that process (a local session takes seconds to start).
"""

from __future__ import annotations

import os
import re
import sys
import threading

import dagster as dg
from pydantic import Field
from pyspark.sql import SparkSession

#: SQL properties every session gets: the pipeline's days are UTC days, and Parquet
#: timestamps are written as standard UTC-adjusted microseconds (not legacy INT96), so that
#: other readers (pyarrow, pandas, DuckDB) see instants.
BASE_CONF: dict[str, str] = {
    "spark.sql.session.timeZone": "UTC",
    "spark.sql.parquet.outputTimestampType": "TIMESTAMP_MICROS",
}
#: Properties of a session whose driver runs in this process (not over Spark Connect, where
#: the server owns them): no progress bars on the console of the Dagster run.
DRIVER_CONF: dict[str, str] = {"spark.ui.showConsoleProgress": "false"}
#: A local master binds to loopback only, unless the configuration says otherwise.
LOCAL_CONF: dict[str, str] = {"spark.driver.host": "127.0.0.1", "spark.driver.bindAddress": "127.0.0.1"}
_LOCK = threading.Lock()
_SESSIONS: dict[tuple, SparkSession] = {}


class SparkResource(dg.ConfigurableResource):
    """Where the pipeline's Spark work runs.

    ``master`` is ``local[*]`` (default), ``local[N]``, a cluster's ``spark://host:port``
    or a Spark Connect server's ``sc://host:port``. The batch functions receive what they
    need through their closures, never through ``sparkContext`` or broadcast variables, so
    Spark Connect works as well as a classic session. On a cluster the workers need this
    package installed (the same image as the driver).
    """

    master: str = Field(default="local[*]", description="local[*], local[N], spark://host:port or sc://host:port")
    app_name: str = Field(default="access-history-platform", description="the Spark application's name")
    conf: dict[str, str] = Field(default_factory=dict, description="extra Spark properties")
    log_level: str = Field(default="WARN", description="Spark's log level on the driver (classic sessions)")
    parallelism: int = Field(
        default=0, description="how many tasks resolve one account-day at most (0: the cluster's default parallelism)")
    lines_per_task: int = Field(default=2000, description="log lines one resolving task gets, at least")

    def session(self) -> SparkSession:
        """The process's session for this configuration (built on first use)."""
        return spark_session(self.master, self.app_name, self.conf, log_level=self.log_level)

    def resolve_tasks(self, lines: int) -> int:
        """How many tasks to split a day of ``lines`` log lines into (at least one, at most ``parallelism``).

        Every task replays the day's DDL, so a small day stays in one task.
        """
        limit = self.parallelism or default_parallelism(self.session())
        return max(1, min(limit, -(-lines // max(1, self.lines_per_task))))


def spark_session(master: str, app_name: str = "access-history-platform", conf: dict[str, str] | None = None,
                  *, log_level: str = "WARN") -> SparkSession:
    """Build (once per process and configuration) a session on ``master``."""
    connect = master.startswith("sc://")
    local = master.startswith("local")
    settings = {**BASE_CONF, **({} if connect else DRIVER_CONF), **(local_conf(master) if local else {}),
                **(conf or {})}
    key = (master, app_name, tuple(sorted(settings.items())))
    with _LOCK:
        session = _SESSIONS.get(key)
        if session is not None and not _stopped(session):
            return session
        if connect:
            builder = SparkSession.builder.remote(master)
        else:
            # Tasks run on the Python named by PYSPARK_PYTHON (default: python3 on PATH,
            # which may lack this package): use this interpreter unless told otherwise.
            os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
            if local:
                os.environ.setdefault("SPARK_LOCAL_IP", settings["spark.driver.bindAddress"])
            builder = SparkSession.builder.master(master)
        for name, value in settings.items():
            builder = builder.config(name, value)
        session = builder.appName(app_name).getOrCreate()
        _set_log_level(session, log_level)
        _SESSIONS[key] = session
        return session


def local_conf(master: str) -> dict[str, str]:
    """:data:`LOCAL_CONF` plus shuffle partitions sized to the machine (``local[N]``: 2 N, at least 4).

    Spark's default of 200 shuffle partitions is sized for clusters; the pipeline's
    aggregations and joins (the asset checks, above all) run over one account-day, and on a
    laptop their 200 tiny tasks cost seconds per partition. Given properties win.
    """
    cores = os.cpu_count() or 2
    match = re.fullmatch(r"local(?:\[(\d+|\*)(?:,\d+)?\])?", master)
    if match and match.group(1) and match.group(1) != "*":
        cores = int(match.group(1))
    elif match and match.group(1) is None:
        cores = 1
    return {**LOCAL_CONF, "spark.sql.shuffle.partitions": str(max(4, 2 * cores))}


def default_parallelism(session: SparkSession) -> int:
    """The session's default parallelism; Spark Connect has no ``sparkContext``, so ask its conf."""
    try:
        return max(1, session.sparkContext.defaultParallelism)
    except Exception:  # noqa: BLE001 - Spark Connect: no SparkContext on the client
        configured = session.conf.get("spark.default.parallelism", None)
        return max(1, int(configured)) if configured else 2


def _set_log_level(session: SparkSession, level: str) -> None:
    try:
        session.sparkContext.setLogLevel(level)
    except Exception:  # noqa: BLE001 - Spark Connect: the server's log4j configuration decides
        pass


def _stopped(session: SparkSession) -> bool:
    connect_stopped = getattr(session, "is_stopped", None)  # Spark Connect sessions know it themselves
    if connect_stopped is not None:
        return bool(connect_stopped)
    return session.sparkContext._jsc is None
