"""The Spark session resource: dagster-pyspark's lazy resource, with what this project adds.

:class:`SparkResource` is ``dagster_pyspark.LazyPySparkResource``: its ``spark_config``
holds the Spark properties, where ``spark.master`` (``local[*]``, ``local[N]``,
``spark://host:port``, ``k8s://...``) or ``spark.remote`` (a Spark Connect server,
``sc://host:port``) says where the work runs, and the session is built on first use. On
top of it the project adds (:func:`session_config`): UTC days and standard Parquet
timestamps, room in a driver for the classes Spark generates for an account-day's queries
(:data:`CODEGEN_CONF`), a local master bound to loopback with shuffle partitions sized to the machine and
its driver's JVM on the quick JIT compiler (:data:`LOCAL_JAVA_OPTIONS`), the worker Python set
to this interpreter, the driver's log level, one session per
process and configuration, reused by every run in that process (a local session takes
seconds to start), and, through Spark Connect, one server-side session shared by a day's
runs (:func:`shared_connect_session`). A step whose Spark Connect server or master cannot be
reached, or whose Connect server is lost during the step, is tried again by Dagster
(:meth:`SparkResource.session`, :func:`spark_step`).
"""

from __future__ import annotations

import functools
import inspect
import math
import os
import re
import socket
import sys
import threading
import time
import uuid
import warnings
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import dagster as dg
from dagster_pyspark import LazyPySparkResource
from dagster_pyspark.resources import spark_session_from_config
from pydantic import Field
from pyspark.errors import PySparkException
from pyspark.sql import SparkSession

from access_history_platform.class_archive import conf_folder, with_archive

#: SQL properties every session gets (runtime properties, so a Spark Connect session sets
#: them for itself): the pipeline's days are UTC days, and Parquet timestamps are written as
#: standard UTC-adjusted microseconds (not legacy INT96), so that other readers (pyarrow,
#: pandas, DuckDB) see instants.
BASE_CONF: dict[str, str] = {
    "spark.sql.session.timeZone": "UTC",
    "spark.sql.parquet.outputTimestampType": "TIMESTAMP_MICROS",
}
#: SQL properties of a session on a cluster or a Spark Connect server (not a local master):
#: adaptive execution may coalesce the last stage of a cached plan (SPARK-46995; off by default
#: since Spark 4.0). The asset checks persist aggregates and joins of one account-day; without
#: it such a frame keeps the cluster's shuffle partitions (200 by default), and every later
#: query over it runs that many tiny tasks: through a Spark Connect server with 200,
#: ``access_history``'s checks of a 10,000-line day took 13-37 s instead of 8-13. A local
#: master has 4-16 shuffle partitions (:func:`local_conf`), and there the coalescing made
#: ``tests/test_pipeline.py`` 20 % slower (benchmarks/README.md, "Land to answer").
CLUSTER_CONF: dict[str, str] = {"spark.sql.optimizer.canChangeCachedPlanOutputPartitioning": "true"}
#: A driver's (and a Spark Connect server's) cache of the classes Spark generates and compiles for a query's
#: operators and expressions (Janino): room for 1,000 instead of Spark's 100. An account-day's assets and checks
#: need about 540 different ones, so with 100 every account-day compiled them all again (each a Java compilation
#: that looks its class names up in every jar); with room for them, a process's later account-days compile about
#: 27, those whose code holds the day. A warm account-day of a local driver: 23.7 s instead of 29.2 s, its JVM's
#: CPU 22.4 s instead of 28.8 s (``benchmarks/generated_classes.py``, ``benchmarks/README.md``). A static
#: property: read when the JVM starts.
CODEGEN_CONF: dict[str, str] = {"spark.sql.codegen.cache.maxEntries": "1000"}
#: Properties of a session whose driver runs in this process (not over Spark Connect, where
#: the server owns them): no progress bars on the console of the Dagster run, and :data:`CODEGEN_CONF`.
DRIVER_CONF: dict[str, str] = {"spark.ui.showConsoleProgress": "false", **CODEGEN_CONF}
#: The driver JVM's options (a driver started here maps the archive of Spark's classes:
#: access_history_platform/class_archive.py).
DRIVER_JAVA_OPTIONS = "spark.driver.extraJavaOptions"
#: A local master's driver JVM options when the deployment gives none (:func:`deployment_sets_java_options`): the
#: quick JIT compiler only, with the code cache the default tiered JVM has (the quick compiler's own 48 MB fills
#: within minutes, and the JVM then stops compiling), and the throughput garbage collector instead of G1.
LOCAL_JAVA_OPTIONS = "-XX:TieredStopAtLevel=1 -XX:ReservedCodeCacheSize=240m -XX:+UseParallelGC"
#: The variable through which Spark's launcher gives a driver JVM options of the deployment's own.
SUBMIT_OPTIONS_VARIABLE = "SPARK_SUBMIT_OPTS"
#: A local master binds to loopback only, unless the configuration says otherwise.
LOCAL_CONF: dict[str, str] = {"spark.driver.host": "127.0.0.1", "spark.driver.bindAddress": "127.0.0.1"}
DEFAULT_APP_NAME = "access-history-platform"
#: How many closed shared sessions of one day a process steps over before it takes a session of
#: its own (:func:`shared_session_remote`).
SHARED_SESSION_ATTEMPTS = 20
#: How long a new session waits for its Spark Connect server or standalone master to accept a
#: connection (one being restarted) before :class:`SparkUnreachable`. Without this, Spark Connect's
#: client retries a refused server for about ten minutes and a standalone driver gives up after a
#: minute with a Java stack trace, both without a word meanwhile.
REACH_SECONDS = 10.0
#: How ``ahp query``'s Spark Connect client retries a server that does not answer (one that stopped, or a network
#: that dropped): waits of 0.05, 0.2 and 0.8 s, then 1 s, 12 s in all (:func:`bound_connect_retries`). Spark's
#: own policy waits about ten minutes without a word, and its exit handler as long again: too long for someone
#: waiting on an answer. Runs wait longer (:func:`run_retries`), and say so. Short waits also let the client's
#: background calls end within a second once :func:`lost_connect_server` has closed the client.
CONNECT_RETRIES: dict[str, Any] = {"max_retries": 14, "initial_backoff": 50, "backoff_multiplier": 4.0,
                                   "max_backoff": 1000, "jitter": 0, "recognize_server_retry_delay": False}
#: The longest wait between two of a run's retries of a Spark Connect server that does not answer, in
#: milliseconds (:func:`run_retries`; Spark's own waits grow to a minute).
RUN_MAX_BACKOFF_MS = 10_000
#: The conditions of the errors a Spark Connect server gives a client whose session or operation it no longer
#: holds (it was restarted, or closed the session); with ``SESSION_CHANGED`` pyspark closes the client itself.
LOST_SESSION_CONDITIONS = frozenset({"INVALID_HANDLE.SESSION_NOT_FOUND", "INVALID_HANDLE.SESSION_CHANGED",
                                     "INVALID_HANDLE.SESSION_CLOSED", "INVALID_HANDLE.OPERATION_NOT_FOUND"})
_DEFAULT_PORTS = {"sc": 15002, "spark": 7077}
#: The variables that send gRPC (Spark Connect) through a proxy.
_GRPC_PROXIES = ("grpc_proxy", "https_proxy", "http_proxy")
#: The condition of the error a Spark Connect server gives a client of a session it has closed.
SESSION_CLOSED = "INVALID_HANDLE.SESSION_CLOSED"
_SHARED_SESSION_NAMESPACE = uuid.UUID("5b0c3a8e-6f1e-4d4e-9a57-2f1f0c7d3e11")
#: How the log line that times a new session begins.
SESSION_STARTED = "Spark session started"
_LOCK = threading.Lock()
_SESSIONS: dict[tuple, SparkSession] = {}
#: When a run's client last said that each Spark Connect server does not answer (:func:`run_retries`).
_SAID_AT: dict[str, float] = {}
_SAID_LOCK = threading.Lock()


def spark_config_for(master: str, conf: dict[str, str] | None = None,
                     app_name: str = DEFAULT_APP_NAME) -> dict[str, Any]:
    """``spark_config`` for a master URL: ``sc://`` is a Spark Connect server (``spark.remote``),
    anything else a master (``spark.master``); ``conf`` adds or overrides properties."""
    where = {"spark.remote": master} if master.startswith("sc://") else {"spark.master": master}
    return {**where, "spark.app.name": app_name, **(conf or {})}


class SparkResource(LazyPySparkResource):
    """Where the pipeline's Spark work runs (see the module's docstring).

    The batch functions receive what they need through their closures, never through
    ``sparkContext`` or broadcast variables, so Spark Connect works as well as a classic
    session. On a cluster the workers need this package installed (the same image as the
    driver).
    """

    spark_config: dict[str, Any] = Field(
        default_factory=lambda: spark_config_for("local[*]"),
        description="Spark properties; spark.master (local[*], spark://host:port) or spark.remote (sc://host:port)")
    log_level: str = Field(default="WARN", description="Spark's log level on the driver (classic sessions)")
    parallelism: int = Field(
        default=0, description="how many tasks resolve one account-day at most (0: the cluster's default parallelism)")
    lines_per_task: int = Field(default=2000, description="log lines one resolving task gets, at least")
    shared_session: bool = Field(
        default=True, description="through Spark Connect, join the day's server-side session shared by every run "
                                  "(the server keeps its Python workers from run to run) instead of a new one per run")
    unreachable_retries: int = Field(
        default=6, description="how many times a step whose Spark Connect server or standalone master accepts no "
                               "connection is tried again (one being restarted), each after unreachable_wait seconds")
    unreachable_wait: float = Field(default=30.0, description="seconds between two tries of such a step")
    lost_server_seconds: float = Field(
        default=120.0, description="at most how long a step retries a Spark Connect server that stops answering (waits "
                                   "of 0.05 s growing to 10 s: 114 s of 120) before it is tried again as above; "
                                   "Spark's own client waits about ten minutes, without a word")

    @property
    def master(self) -> str:
        """The master URL, or the Spark Connect server's."""
        return str(self.spark_config.get("spark.remote") or self.spark_config.get("spark.master") or "local[*]")

    def _init_session(self) -> None:
        if self._spark_session is None or _stopped(self._spark_session):
            remote = self.spark_config.get("spark.remote")
            if remote and self.shared_session:
                self._spark_session = shared_connect_session(self.spark_config, log_level=self.log_level)
            else:
                self._spark_session = spark_session(self.spark_config, log_level=self.log_level)
            if _is_connect(self._spark_session):
                bound_connect_retries(self._spark_session, run_retries(self.master, self.lost_server_seconds))

    def session(self) -> SparkSession:
        """The process's session for this configuration (built on first use).

        In a step, a Spark Connect server or standalone master that accepts no connection (one being restarted)
        asks Dagster to try the step again, :attr:`unreachable_retries` times, :attr:`unreachable_wait` seconds
        apart; then the step fails with :class:`SparkUnreachable`'s one line, which names the server and what to
        do (a server lost during a step is :func:`spark_step`'s); outside a step, that error is raised. A run that
        failed so is not launched again by itself: the landing sensor has taken its files (docs/operations.md, "When
        Spark or the code location is down")."""
        try:
            return self.spark_session
        except SparkUnreachable as err:
            tried = _step_retry_number()
            if tried is None:
                raise
            raise self.again_or_failure(str(err), str(err), tried) from err

    def again_or_failure(self, line: str, last_line: str, tried: int | None) -> BaseException:
        """What a step raises after its Spark failed as ``line`` says, on its try ``tried`` (None: not a step's):
        Dagster tries it again (:attr:`unreachable_retries` times, :attr:`unreachable_wait` seconds apart), which
        the run's log says; after the last try, it fails with ``last_line``."""
        if tried is not None and tried < self.unreachable_retries:
            dg.get_dagster_logger().warning(f"{line}; this step is tried again in {self.unreachable_wait:g} s "
                                            f"({tried + 1} of {self.unreachable_retries})")
            return dg.RetryRequested(max_retries=self.unreachable_retries, seconds_to_wait=self.unreachable_wait)
        return dg.Failure(description=last_line, allow_retries=False)

    def lost(self, err: BaseException) -> str | None:
        """If ``err`` says that this resource's Spark Connect server stopped answering or no longer holds the
        session (it was restarted), one line saying so, and the session is let go (the next :meth:`session`
        builds a new one). None for any other error, or for a classic session."""
        session = self._spark_session
        if session is None or not _is_connect(session):
            return None
        chain = _chain(err)
        lost_handle = next((condition for condition in map(_condition, chain) if condition in LOST_SESSION_CONDITIONS),
                           None)
        if any(map(_unavailable, chain)):
            waited = sum(run_retry_waits(self.lost_server_seconds)) / 1000
            why = f"it stopped answering and did not come back within {waited:.0f} s of retries"
        elif lost_handle or session.client.is_closed:  # type: ignore[attr-defined]
            why = f"it no longer holds this run's session ({lost_handle or 'a new server-side session'}: restarted?)"
        else:
            return None
        url = shown_url(self.master.split("/;")[0])
        _let_go(session)
        self._spark_session = None
        return f"lost the Spark Connect server at {url}: {why}"

    def resolve_tasks(self, lines: int) -> int:
        """How many tasks to split a day of ``lines`` log lines into (at least one, at most ``parallelism``).

        Every task replays the day's DDL, so a small day stays in one task.
        """
        limit = self.parallelism or default_parallelism(self.session())
        return max(1, min(limit, -(-lines // max(1, self.lines_per_task))))


def session_config(spark_config: dict[str, Any]) -> dict[str, str]:
    """``spark_config`` with what the project adds (given properties win)."""
    config = {name: str(value) for name, value in spark_config.items()}
    if "spark.remote" in config:
        return {**BASE_CONF, **CLUSTER_CONF, **config}
    master = config.setdefault("spark.master", "local[*]")
    where = local_conf(master) if master.startswith("local") else CLUSTER_CONF
    settings = {**BASE_CONF, **DRIVER_CONF, **where, **config}
    if (master.startswith("local") and not settings.get(DRIVER_JAVA_OPTIONS, "").strip()
            and not deployment_sets_java_options()):
        settings[DRIVER_JAVA_OPTIONS] = LOCAL_JAVA_OPTIONS
    # the driver runs here: its JVM maps the archive of Spark's classes when there is one (starts in half the time)
    if java := with_archive(settings.get(DRIVER_JAVA_OPTIONS)):
        settings[DRIVER_JAVA_OPTIONS] = java
    return settings


def _step_retry_number() -> int | None:
    """How many times Dagster has tried again the op or asset this code runs in (None: it runs in none)."""
    try:
        return dg.OpExecutionContext.get().retry_number
    except dg.DagsterInvariantViolationError:
        return None


class SparkUnreachable(RuntimeError):
    """The Spark Connect server or the standalone master a configuration names accepts no connection."""


def master_addresses(url: str) -> list[tuple[str, int]]:
    """Where a session connects first: a Spark Connect server (``sc://host[:port][/;...]``, port 15002
    by default) or a standalone cluster's masters (``spark://host[:port][,host[:port]...]``, 7077);
    nothing for a local master or one this module does not dial itself (``yarn``, ``k8s://``).

    >>> master_addresses("sc://[::1]/;token=x"), master_addresses("spark://m1:7077,m2:7078")
    ([('::1', 15002)], [('m1', 7077), ('m2', 7078)])
    """
    scheme, _, rest = url.partition("://")
    if scheme not in _DEFAULT_PORTS:
        return []
    netlocs = [urlsplit(f"//{rest}").netloc] if scheme == "sc" else rest.split("/")[0].split(",")
    addresses = []
    for netloc in netlocs:
        parts = urlsplit(f"//{netloc}")
        try:
            port = parts.port
        except ValueError:
            raise SparkUnreachable(f"{shown_url(url)}: no valid port") from None
        addresses.append((parts.hostname or "", port or _DEFAULT_PORTS[scheme]))
    return addresses


def require_reachable(url: str, *, wait: float | None = None) -> None:
    """Return once one of ``url``'s addresses (:func:`master_addresses`) accepts a TCP connection; after
    ``wait`` seconds (:data:`REACH_SECONDS`) of refusals, :class:`SparkUnreachable` naming the URL, each
    address's error and what to do."""
    addresses = master_addresses(url)
    if url.startswith("sc://") and any(os.environ.get(name) for name in _GRPC_PROXIES):
        return  # gRPC goes through the proxy: only the client's own call can tell
    wait = REACH_SECONDS if wait is None else wait
    deadline = time.monotonic() + wait
    while addresses:
        errors = []
        for host, port in addresses:
            try:
                with socket.create_connection((host, port), timeout=max(0.5, min(3.0, deadline - time.monotonic()))):
                    return
            except OSError as err:
                errors.append(f"{host}:{port}: {err.strerror or err}")
        if time.monotonic() >= deadline:
            connect = url.startswith("sc://")
            what = "the Spark Connect server" if connect else "the Spark master"
            hint = ("start it (bin/spark-connect start, on this machine) or name a running one"
                    if connect else "check that the cluster's master runs and that this host reaches it")
            raise SparkUnreachable(f"cannot reach {what} at {shown_url(url)} for {wait:g} s "
                                   f"({'; '.join(errors)}): {hint}")
        time.sleep(0.5)


def spark_session(spark_config: dict[str, Any], *, log_level: str = "WARN") -> SparkSession:
    """Build (once per process and configuration) a session from ``spark_config``, through
    dagster-pyspark's builder, once its Connect server or standalone master answers (:func:`require_reachable`)."""
    settings = session_config(spark_config)
    key = tuple(sorted(settings.items()))
    with _LOCK:
        session = _SESSIONS.get(key)
        if session is not None and not _stopped(session):
            return session
        if "spark.remote" not in settings:
            # Tasks run on the Python named by PYSPARK_PYTHON (default: python3 on PATH,
            # which may lack this package): use this interpreter unless told otherwise.
            os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
            if "spark.driver.bindAddress" in settings:
                os.environ.setdefault("SPARK_LOCAL_IP", settings["spark.driver.bindAddress"])
        started = time.monotonic()
        require_reachable(settings.get("spark.remote") or settings["spark.master"])
        session = spark_session_from_config(settings)
        _set_log_level(session, log_level)
        _SESSIONS[key] = session
        # In the run's event log: what a run paid to start (or connect to) Spark (benchmarks/land_to_answer.py)
        dg.get_dagster_logger().info(f"{SESSION_STARTED} in {time.monotonic() - started:.2f} s "
                                     f"({shown_url(settings.get('spark.remote') or settings['spark.master'])})")
        return session


def shown_url(url: str) -> str:
    """``url`` for a log: a Spark Connect URL's ``token`` parameter hidden."""
    return re.sub(r"(;token=)[^;]*", r"\1***", url)


def shared_session_remote(remote: str, day: str, attempt: int = 0) -> str:
    """``remote`` (``sc://host:port[/;parameters]``) joined to the shared server-side session of ``day``.

    Every process computes the same ``session_id`` from the URL (its user and token included),
    the UTC day and the attempt, so the runs of a deployment meet in one session without
    talking to each other. A URL that names its own ``session_id`` is left as it is.
    """
    if "session_id=" in remote:
        return remote
    base, _, parameters = remote.partition("/;")
    joined = f"{base.rstrip('/')}/;{parameters + ';' if parameters else ''}"
    return f"{joined}session_id={uuid.uuid5(_SHARED_SESSION_NAMESPACE, f'{joined}|{day}|{attempt}')}"


def shared_session_day() -> str:
    """The day whose shared Spark Connect session runs join now: today's date in UTC."""
    return datetime.now(UTC).date().isoformat()


def shared_connect_session(spark_config: dict[str, Any], *, log_level: str = "WARN") -> SparkSession:
    """A session of the Spark Connect server in ``spark_config``, joined to the day's shared session.

    Why: each new server-side session gets its own Python worker daemon on every executor, so a
    run in a session of its own starts its workers cold (imports, empty caches) and, until
    Spark cleans these daemons up (SPARK-54055, not in Spark 4.3), leaves one behind on each
    executor for as long as the server runs. Runs of one day share one session, its workers and
    their caches (benchmarks/README.md, "Land to answer").

    The server refuses a session it has closed (released, or idle past
    ``spark.connect.session.manager.defaultSessionTimeout``): the next attempt's session is
    tried, the same one in every process. Past :data:`SHARED_SESSION_ATTEMPTS`, a session of
    its own, with a warning.
    """
    remote = str(spark_config["spark.remote"])
    day = shared_session_day()
    for attempt in range(SHARED_SESSION_ATTEMPTS):
        try:
            return spark_session({**spark_config, "spark.remote": shared_session_remote(remote, day, attempt)},
                                 log_level=log_level)
        except PySparkException as err:
            if err.getCondition() != SESSION_CLOSED:
                raise
            _forget_failed_connect_session()
    dg.get_dagster_logger().warning(f"the first {SHARED_SESSION_ATTEMPTS} shared Spark Connect sessions of {day} "
                                    f"were closed on the server: this run uses a session of its own")
    return spark_session(spark_config, log_level=log_level)


def bound_connect_retries(session: SparkSession, policy: Any = None) -> None:
    """Retry ``session``'s Spark Connect server, if it has one, for :data:`CONNECT_RETRIES` (or by ``policy``: a
    run's :func:`run_retries`), not Spark's ten minutes; and keep pyspark's warning that the retries ran out off
    stderr (:func:`lost_connect_server` and :meth:`SparkResource.lost` say it)."""
    if not _is_connect(session):
        return
    from pyspark.sql.connect.client.retries import DefaultPolicy

    session.client.set_retry_policies([policy or DefaultPolicy(**CONNECT_RETRIES)])  # type: ignore[attr-defined]
    warnings.filterwarnings("ignore", message=r"\[RETRIES_EXCEEDED\]", category=UserWarning)


def _retries_seconds() -> float:
    """How long :data:`CONNECT_RETRIES` waits in all, in seconds."""
    waits = (CONNECT_RETRIES["initial_backoff"] * CONNECT_RETRIES["backoff_multiplier"] ** n
             for n in range(CONNECT_RETRIES["max_retries"]))
    return sum(min(wait, CONNECT_RETRIES["max_backoff"]) for wait in waits) / 1000


def lost_connect_server(session: SparkSession, err: BaseException) -> str | None:
    """If ``err`` says that ``session``'s Spark Connect server stopped answering (gRPC ``UNAVAILABLE`` after
    the retries), one line saying so, and the session is let go: neither Spark's exit handler nor a later
    run calls that server again (each would wait out the retries once more). None for any other error."""
    if not any(map(_unavailable, _chain(err))) or not _is_connect(session):
        return None
    with _LOCK:
        url = _connect_url(session)
    _let_go(session)
    return (f"lost the Spark Connect server{f' at {url}' if url else ''}: it stopped answering and did not come "
            f"back within {_retries_seconds():.0f} s of retries; the session it held is gone: restart it "
            f"(bin/spark-connect start, on this machine) and ask again")


def _unavailable(err: BaseException) -> bool:
    """Whether ``err`` is gRPC's ``UNAVAILABLE``: the server did not answer (after the client's retries)."""
    import grpc
    from pyspark.errors.exceptions.connect import SparkConnectGrpcException

    return ((isinstance(err, SparkConnectGrpcException) and err.getGrpcStatusCode() == grpc.StatusCode.UNAVAILABLE)
            or (isinstance(err, grpc.RpcError) and err.code() == grpc.StatusCode.UNAVAILABLE))  # type: ignore[attr-defined]


def _condition(err: BaseException) -> str:
    """A pyspark error's condition (``INVALID_HANDLE.SESSION_NOT_FOUND``), or a gRPC error's whose details begin
    with one in brackets (a server's error that pyspark did not convert); else ``""``."""
    import grpc

    if isinstance(err, PySparkException):
        return err.getCondition() or ""
    if isinstance(err, grpc.RpcError) and callable(details := getattr(err, "details", None)):
        found = re.match(r"\[([A-Z_]+(?:\.[A-Z_]+)*)\]", details() or "")
        return found.group(1) if found else ""
    return ""


def _chain(err: BaseException) -> list[BaseException]:
    """``err`` and the errors it was raised from or while handling (pyspark raises its own over gRPC's)."""
    chain: list[BaseException] = []
    at: BaseException | None = err
    while at is not None and at not in chain and len(chain) < 10:
        chain.append(at)
        at = at.__cause__ or at.__context__
    return chain


def _let_go(session: SparkSession) -> None:
    """Forget a Spark Connect session whose server is gone or restarted, and close its client without waiting."""
    client = session.client  # type: ignore[attr-defined]
    with _LOCK:
        for key, kept in list(_SESSIONS.items()):
            if kept is session:
                del _SESSIONS[key]
    try:
        # The channel first: the client's background calls still retrying the server then fail at their next
        # attempt, instead of close() waiting up to 10 s for them. stop() closes the client, which Spark's exit
        # handler then skips, without asking the server to release the session; and it stops being pyspark's
        # default session, so that the next one built becomes it (pyspark looks a session up by it).
        client._channel.close()  # noqa: SLF001 - pyspark has no public way to drop a channel without waiting
        session.release_session_on_close = False  # type: ignore[attr-defined]
        session.stop()
    except Exception:  # noqa: BLE001 - closing a channel to a server that is gone
        pass


def run_retries(url: str, seconds: float) -> Any:
    """How a run's Spark Connect client retries a server that does not answer: Spark's own rule of what to retry
    (``DefaultPolicy``), with waits growing to :data:`RUN_MAX_BACKOFF_MS` for ``seconds`` in all, and one warning
    in the run's log when a call starts to wait a second or more (Spark's own policy waits about ten minutes
    without a word). After it, :func:`spark_step` lets the step be tried again."""
    waits = run_retry_waits(seconds)
    return _run_retries_class()(shown_url(url.split("/;")[0]), sum(waits) / 1000, max_retries=len(waits),
                                initial_backoff=waits[0], backoff_multiplier=4.0, max_backoff=RUN_MAX_BACKOFF_MS,
                                jitter=0, recognize_server_retry_delay=False)


def run_retry_waits(seconds: float) -> list[int]:
    """The waits of :func:`run_retries`, in milliseconds: 0.05, 0.2, 0.8, 3.2 s, then 10 s, as many as fit in
    ``seconds`` (at least the first).

    >>> run_retry_waits(5), sum(run_retry_waits(120))
    ([50, 200, 800, 3200], 114250)
    """
    waits = [50]
    while sum(waits) + (wait := min(waits[-1] * 4, RUN_MAX_BACKOFF_MS)) <= seconds * 1000:
        waits.append(wait)
    return waits


@functools.cache
def _run_retries_class() -> type:
    """:func:`run_retries`' policy class, made on first use (importing Spark Connect's client takes 0.4 s)."""
    from pyspark.sql.connect.client.retries import DefaultPolicy, RetryPolicyState

    class SaidOnce(RetryPolicyState):
        """One call's retries: said once per outage (a call's waits all fall within ``seconds`` of its first)."""

        def next_attempt(self, exception: BaseException | None = None) -> int | None:
            wait = super().next_attempt(exception)
            if wait is not None and wait >= 1000 and self.policy.first_to_say():
                dg.get_dagster_logger().warning(
                    f"the Spark Connect server at {self.policy.url} does not answer: retrying for up to "
                    f"{self.policy.seconds:.0f} s, then the step is tried again")
            return wait

    class RunRetries(DefaultPolicy):
        def __init__(self, url: str, seconds: float, **policy: Any) -> None:
            super().__init__(**policy)
            self.url, self.seconds = url, seconds

        def first_to_say(self) -> bool:
            """Whether no other call to the server (the client's background ones too, whichever policy they
            started with) has said it in the last ``seconds``: one warning per outage, not one per call."""
            with _SAID_LOCK:
                now = time.monotonic()
                if now - _SAID_AT.get(self.url, -math.inf) < self.seconds:
                    return False
                _SAID_AT[self.url] = now
                return True

        def to_state(self) -> RetryPolicyState:
            return SaidOnce(self)

    return RunRetries


def spark_step(compute: Callable[..., Any]) -> Callable[..., Any]:
    """``compute`` (an asset's or checks' function taking ``spark``), where a Spark Connect server that stopped
    answering or was restarted (:meth:`SparkResource.lost`) asks Dagster to try the step again, as an unreachable
    one does (:meth:`SparkResource.session`): :attr:`~SparkResource.unreachable_retries` times,
    :attr:`~SparkResource.unreachable_wait` seconds apart, each saying so in one line; after the last, the step
    fails with that line. The step redoes its partition: a partition is replaced whole or not at all.
    Any other error goes through as it is."""

    def lost_step(err: BaseException, spark: SparkResource) -> BaseException | None:
        lost = spark.lost(err)
        if lost is None:
            return None
        return spark.again_or_failure(lost, f"{lost}; check the server (bin/spark-connect status, on this machine), "
                                            f"then run the step again", _step_retry_number())

    if inspect.isgeneratorfunction(compute):
        @functools.wraps(compute)
        def steps(*args: Any, spark: SparkResource, **kwargs: Any) -> Any:
            try:
                yield from compute(*args, spark=spark, **kwargs)
            except Exception as err:
                if (instead := lost_step(err, spark)) is None:
                    raise
                raise instead from err
        return _marked(steps)

    @functools.wraps(compute)
    def step(*args: Any, spark: SparkResource, **kwargs: Any) -> Any:
        try:
            return compute(*args, spark=spark, **kwargs)
        except Exception as err:
            if (instead := lost_step(err, spark)) is None:
                raise
            raise instead from err
    return _marked(step)


def _marked(step: Callable[..., Any]) -> Callable[..., Any]:
    step.spark_step = True  # type: ignore[attr-defined]
    return step


def _is_connect(session: SparkSession) -> bool:
    from pyspark.sql.connect.session import SparkSession as ConnectSession

    return isinstance(session, ConnectSession)


def _connect_url(session: SparkSession) -> str:
    """The server a kept Spark Connect session was made with (``sc://host:port``, no parameters)."""
    for key, kept in _SESSIONS.items():
        if kept is session:
            return dict(key).get("spark.remote", "").split("/;")[0]
    return ""


def _forget_failed_connect_session() -> None:
    """Drop the client of a session the server refused (it became the default session before its
    first call failed), without asking the server to release it again."""
    from pyspark.sql.connect.session import SparkSession as ConnectSession

    failed = ConnectSession.getActiveSession()
    if failed is not None:
        failed.release_session_on_close = False
        failed.stop()


def local_conf(master: str) -> dict[str, str]:
    """:data:`LOCAL_CONF` plus shuffle partitions sized to the machine (``local[N]``: 2 N, at least 4).

    Spark's default of 200 shuffle partitions is sized for clusters; the pipeline's
    aggregations and joins (the asset checks, above all) run over one account-day, and on a
    laptop their 200 tiny tasks cost seconds per partition. Given properties win.
    """
    return {**LOCAL_CONF, "spark.sql.shuffle.partitions": str(max(4, 2 * local_cores(master)))}


def deployment_sets_java_options() -> bool:
    """Whether the deployment gives a driver JVM options outside its configuration: ``SPARK_SUBMIT_OPTS``, or a
    Spark conf folder that exists (``SPARK_CONF_DIR``, else Spark's own: an option given here would replace its
    ``spark-defaults.conf``'s). Otherwise a local master's driver whose configuration gives no
    ``spark.driver.extraJavaOptions`` gets :data:`LOCAL_JAVA_OPTIONS` (:func:`session_config`).

    A local driver is the whole of Spark, and under Dagster's default run launcher it lives for one run: a day's
    assets and checks, then it exits. Most of its code runs too briefly for the optimizing compiler (C2) to pay
    for itself, and on a small machine C2's threads and G1's take the cores from the work. With these options a
    day of 10,000 lines went from landing to its organization rollup in 35.5-42.3 s of runs, 44.9-56.0 s with
    the JVM's defaults; a 100,000-line day's records were as fast, a 1,000,000-line day's 6 % slower
    (``benchmarks/README.md``, "A local driver's JIT compiler").
    """
    if os.environ.get(SUBMIT_OPTIONS_VARIABLE, "").strip():
        return True
    try:
        return conf_folder().is_dir()
    except Exception:  # noqa: BLE001 - no Spark installation to look in: nothing of the deployment's to keep
        return False


def local_cores(master: str) -> int:
    """The cores of a local master: ``local`` 1, ``local[N]`` (or ``local[N,F]``) N, ``local[*]`` this machine's."""
    match = re.fullmatch(r"local(?:\[(\d+|\*)(?:,\d+)?\])?", master)
    if match and match.group(1) is None:
        return 1
    if match and match.group(1) != "*":
        return int(match.group(1))
    return os.cpu_count() or 2


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
