"""Start and stop real services on loopback: a Spark standalone cluster, a Spark Connect
server attached to it, a Spark Thrift Server, a PostgreSQL server and a MariaDB server.

Plain Python (no pytest), so a script or a notebook can start the same services the
integration tests use. Every helper picks free ports at runtime, keeps its logs in a work
directory, waits until the service really answers, and returns a small handle with the
URLs and a ``stop()`` (handles are also context managers). A start that fails stops what
it had started and raises :class:`ServiceStartError` with the tail of the service's log.

    >>> with start_spark_standalone() as cluster:            # doctest: +SKIP
    ...     os.environ.update(cluster.client_env())          # the Python of the tasks
    ...     spark = SparkSession.builder.config(map=cluster.client_conf()).getOrCreate()

Spark comes from the distribution pyspark ships (``SPARK_HOME`` = the ``pyspark``
package directory): its ``bin/spark-class`` runs the master and the worker, its
``sbin/start-connect-server.sh`` the Spark Connect server. PostgreSQL comes from
Debian's ``postgresql`` package, MariaDB from ``mariadb-server``, each installed on demand when running as root.
"""

from __future__ import annotations

import contextlib
import ctypes
import glob
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Self

from access_history_platform.class_archive import java_options, spark_home
from resources.spark import LOCAL_JAVA_OPTIONS
from tools.spark_connect import ConnectServer, ConnectServerError, log_tail, start_server, stop_server, stoppable

LOOPBACK = "127.0.0.1"


class ServiceStartError(RuntimeError):
    """A service did not come up; the message names it and quotes the end of its log."""


# --------------------------------------------------------------------------- shared


def free_port() -> int:
    """A TCP port on loopback that nobody listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.bind((LOOPBACK, 0))
        return probe.getsockname()[1]


def wait_until(ready: Callable[[], bool], *, timeout: float, alive: Callable[[], bool],
               what: str, logs: Callable[[], str]) -> None:
    """Poll ``ready`` until it is true; fail early when ``alive`` turns false."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ready():
            return
        if not alive():
            raise ServiceStartError(f"{what} exited during startup.\n{logs()}")
        time.sleep(0.5)
    raise ServiceStartError(f"{what} was not ready after {timeout:.0f} s.\n{logs()}")


def _die_with_parent() -> None:
    """In the child before exec: get SIGTERM when the test process dies, even by SIGKILL,
    so a killed CI job does not leave JVMs behind (Linux only; a no-op elsewhere); and take
    SIGTERM at all (:func:`tools.spark_connect.stoppable`: an xdist worker may ignore it, and
    each service's stop then waited out its grace, 70 s of a CI run's teardown)."""
    stoppable()
    with contextlib.suppress(OSError, AttributeError):
        pr_set_pdeathsig = 1
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(pr_set_pdeathsig, signal.SIGTERM)


def _terminate(process: subprocess.Popen, *, grace: float = 20.0) -> None:
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(grace)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(grace)


def run_python_job(script: Path, args: Sequence[str] = (), *, env: Mapping[str, str],
                   timeout: float) -> subprocess.CompletedProcess[str]:
    """Run ``script`` with this interpreter in a process group of its own; its exit status
    and output, unchecked.

    ``env`` is added to this process's environment. The group (the script and whatever it
    started, e.g. the JVM of a Spark driver) is killed when the script outlives ``timeout``
    (raising :class:`TimeoutError` with the end of its stderr), when the caller is
    interrupted, and after the script exits, so that nothing it started survives it.
    """
    process = subprocess.Popen(
        [sys.executable, str(script), *args], env={**os.environ, **env}, cwd=script.parent,
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True, preexec_fn=_die_with_parent,
    )
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(process)
        stdout, stderr = process.communicate()
        raise TimeoutError(f"{script.name} {' '.join(args)} did not finish within {timeout:.0f} s:\n"
                           f"{stderr[-4000:]}") from None
    finally:
        _kill_group(process)
    return subprocess.CompletedProcess(process.args, process.returncode, stdout, stderr)


def _kill_group(process: subprocess.Popen) -> None:
    """SIGKILL the process group ``process`` leads (``start_new_session``), if any is left."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(process.pid, signal.SIGKILL)
    with contextlib.suppress(subprocess.TimeoutExpired):
        process.wait(10)


def _work_dir(work_dir: Path | None, prefix: str) -> tuple[Path, bool]:
    """The directory to use and whether ``stop()`` should delete it (only when made here)."""
    if work_dir is not None:
        work_dir.mkdir(parents=True, exist_ok=True)
        return work_dir, False
    return Path(tempfile.mkdtemp(prefix=prefix)), True


class _Service:
    """Context-manager sugar shared by the handles: ``with start_x() as x:`` stops x."""

    def stop(self) -> None:
        raise NotImplementedError

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        started = time.monotonic()
        self.stop()
        took = time.monotonic() - started
        kept = getattr(self, "work_dir", None)  # (a fixture's, under pytest's basetemp: what took a teardown long)
        if isinstance(kept, Path) and not getattr(self, "delete_work_dir", True) and kept.parent.is_dir():
            with (kept.parent / "service-stops.log").open("a") as log:
                log.write(f"{type(self).__name__} ({kept.name}) stopped in {took:.1f} s\n")


# --------------------------------------------------------------------------- Spark


def _spark_env(work_dir: Path) -> dict[str, str]:
    """Environment for Spark's scripts: our SPARK_HOME, no stray conf, loopback only."""
    return {
        **os.environ,
        "SPARK_HOME": str(spark_home()),
        # A conf folder that does not exist: no spark-defaults.conf or spark-env.sh from elsewhere leaks in, and the
        # class path stays the one the archive of Spark's classes was made with (an existing folder would be on it).
        "SPARK_CONF_DIR": str(work_dir / "conf"),
        "SPARK_LOCAL_IP": LOOPBACK,
        "SPARK_LOCAL_DIRS": str(work_dir / "local"),
    }


@dataclass
class SparkStandalone(_Service):
    """A running standalone master with one worker."""

    master_url: str
    web_ui_url: str
    work_dir: Path
    worker_cores: int
    processes: list[subprocess.Popen] = field(repr=False)
    delete_work_dir: bool = field(default=False, repr=False)

    def client_conf(self) -> dict[str, str]:
        """The Spark properties a driver needs to run on this cluster from this machine.

        Each application gets one executor with one core, so the test process's session and
        the Spark Connect server (two applications) share the worker without waiting for
        each other. The executors map the archive of Spark's classes as the drivers do (the
        platform cannot give a cluster's executors a file of the driver's machine; this
        cluster's are on it), and run the quick JIT compiler as the tests' drivers do. The Python of the tasks is not a Spark property: see ``client_env``.
        """
        return {
            "spark.master": self.master_url,
            "spark.driver.host": LOOPBACK,
            "spark.driver.bindAddress": LOOPBACK,
            "spark.executor.cores": "1",
            "spark.cores.max": "1",
            "spark.executor.memory": "512m",
            # The executors do not inherit this process's environment (SPARK_SUBMIT_OPTS, tests/conftest.py): the
            # quick compiler as the drivers, which on the scale-out tests took their CPU from 98 s to 67 s.
            "spark.executor.extraJavaOptions": f"{LOCAL_JAVA_OPTIONS} {java_options()}".strip(),
        }

    def client_env(self) -> dict[str, str]:
        """Environment variables for a driver process. Its tasks run with the Python named
        by PYSPARK_PYTHON, default ``python3`` on PATH (which may lack sqlglot and pyarrow):
        a driver started from Python, and the Spark Connect server, ignore the property
        ``spark.pyspark.python`` (pyspark 4.3.0)."""
        return {"PYSPARK_PYTHON": sys.executable, "SPARK_LOCAL_IP": LOOPBACK}

    def alive_workers(self) -> int:
        """How many workers the master reports ALIVE (0 when the UI does not answer)."""
        try:
            with urllib.request.urlopen(f"{self.web_ui_url}/json/", timeout=2) as response:
                state = json.load(response)
        except (urllib.error.URLError, OSError, ValueError):
            return 0
        return sum(1 for worker in state.get("workers", []) if worker.get("state") == "ALIVE")

    def logs(self) -> str:
        return log_tail(self.work_dir / "master.log", self.work_dir / "worker.log")

    def stop(self) -> None:
        """Stop the worker (which kills its executors), then the master, by their pids."""
        for process in reversed(self.processes):
            _terminate(process)
        if self.delete_work_dir:
            shutil.rmtree(self.work_dir, ignore_errors=True)


def mapped_files(pid: int) -> set[str]:
    """The files process ``pid`` has mapped (Linux): a JVM that maps the archive of Spark's classes lists it."""
    fields = (line.split(maxsplit=5) for line in Path(f"/proc/{pid}/maps").read_text().splitlines())
    return {parts[5].strip() for parts in fields if len(parts) == 6}


def _spark_daemon(class_name: str, args: list[str], *, log: Path, env: Mapping[str, str],
                  cwd: Path) -> subprocess.Popen:
    """Run a Spark daemon class in the foreground of a child process (``spark-class`` ends
    in ``exec java``, so the pid is the JVM's)."""
    command = [str(spark_home() / "bin" / "spark-class"), class_name, *args]
    with open(log, "ab") as log_file:
        return subprocess.Popen(
            command, stdout=log_file, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
            env=dict(env), cwd=cwd, preexec_fn=_die_with_parent,
        )


def start_spark_standalone(work_dir: Path | None = None, *, worker_cores: int = 2,
                           worker_memory: str = "2g", timeout: float = 120.0) -> SparkStandalone:
    """Start a master and one worker on loopback; return once the worker is ALIVE.

    ``work_dir`` receives the logs (``master.log``, ``worker.log``), the worker's
    application folders and Spark's scratch space; it is deleted on ``stop()`` only when
    this function created it. ``worker_cores`` is a number of task slots, not of CPUs.
    """
    work_dir, delete_work_dir = _work_dir(work_dir, "ahp-spark-")
    env = _spark_env(work_dir)
    # The master's REST submission server binds port 6066 by default, which collides
    # with any other cluster on the machine; nothing here submits through it.
    properties = work_dir / "master.properties"
    properties.write_text("spark.master.rest.enabled false\n")
    master_port, master_ui_port = free_port(), free_port()
    cluster = SparkStandalone(
        master_url=f"spark://{LOOPBACK}:{master_port}",
        web_ui_url=f"http://{LOOPBACK}:{master_ui_port}",
        work_dir=work_dir, worker_cores=worker_cores, processes=[],
        delete_work_dir=delete_work_dir,
    )
    try:
        cluster.processes.append(_spark_daemon(
            "org.apache.spark.deploy.master.Master",
            ["--host", LOOPBACK, "--port", str(master_port), "--webui-port", str(master_ui_port),
             "--properties-file", str(properties)],
            log=work_dir / "master.log", env=env, cwd=work_dir,
        ))
        cluster.processes.append(_spark_daemon(
            "org.apache.spark.deploy.worker.Worker",
            [cluster.master_url, "--host", LOOPBACK, "--port", str(free_port()),
             "--webui-port", str(free_port()), "--cores", str(worker_cores),
             "--memory", worker_memory, "--work-dir", str(work_dir / "worker")],
            log=work_dir / "worker.log", env=env, cwd=work_dir,
        ))
        wait_until(
            lambda: cluster.alive_workers() >= 1, timeout=timeout,
            alive=lambda: all(p.poll() is None for p in cluster.processes),
            what=f"Spark standalone master {cluster.master_url} with one worker",
            logs=cluster.logs,
        )
    except BaseException:
        cluster.stop()
        raise
    return cluster


@dataclass
class SparkConnect(_Service):
    """A running Spark Connect server (``bin/spark-connect``'s, ``tools/spark_connect.py``) whose Spark
    applications run on a standalone master."""

    server: ConnectServer
    master_url: str
    env: dict[str, str] = field(repr=False)
    delete_work_dir: bool = field(default=False, repr=False)

    @property
    def url(self) -> str:
        return self.server.url

    @property
    def work_dir(self) -> Path:
        return self.server.folder

    def pid(self) -> int | None:
        return self.server.pid()

    def logs(self) -> str:
        return self.server.log_tail()

    def stop(self) -> None:
        """Spark's stop script; the JVM killed by pid if it outlives a grace period."""
        stop_server(self.server, env=self.env)
        if self.delete_work_dir:
            shutil.rmtree(self.work_dir, ignore_errors=True)


def start_spark_connect(cluster: SparkStandalone, work_dir: Path | None = None, *,
                        extra_conf: Mapping[str, str] | None = None,
                        timeout: float = 180.0) -> SparkConnect:
    """Start a Spark Connect server on loopback whose driver runs on ``cluster``, as ``bin/spark-connect``
    starts one (:func:`tools.spark_connect.start_server`).

    The server is the driver: it takes ``cluster.client_conf()`` (plus ``extra_conf``)
    and ``cluster.client_env()``, so its Python tasks run with this interpreter. Returns
    once its gRPC port accepts connections; clients use
    ``SparkSession.builder.remote(server.url)``.
    """
    work_dir, delete_work_dir = _work_dir(work_dir, "ahp-spark-connect-")
    env = {**os.environ, **cluster.client_env()}
    conf = {
        **{k: v for k, v in cluster.client_conf().items() if k != "spark.master"},
        "spark.ui.enabled": "false",
        "spark.sql.warehouse.dir": str(work_dir / "warehouse"),
        **(extra_conf or {}),
    }
    try:
        # Not detached: the server stays in this process's group, and goes with it.
        server = start_server(work_dir, master=cluster.master_url, port=free_port(), driver_memory="1g",
                              conf=conf, env=env, detach=False, timeout=timeout)
    except BaseException as error:
        if delete_work_dir:
            shutil.rmtree(work_dir, ignore_errors=True)
        if isinstance(error, ConnectServerError):
            raise ServiceStartError(str(error)) from error
        raise
    return SparkConnect(server=server, master_url=cluster.master_url, env=env, delete_work_dir=delete_work_dir)


@dataclass
class SparkThriftServer(_Service):
    """A running Spark Thrift Server (``local[1]``, a Derby metastore and a warehouse in its work directory) that
    writes its Spark event log, zstd-compressed as Spark 4 does by default, to ``event_dir``."""

    port: int
    work_dir: Path
    process: subprocess.Popen = field(repr=False)
    env: dict[str, str] = field(repr=False)
    delete_work_dir: bool = field(default=False, repr=False)

    @property
    def event_dir(self) -> Path:
        return self.work_dir / "events"

    def url(self, database: str = "default") -> str:
        return f"jdbc:hive2://{LOOPBACK}:{self.port}/{database}"

    def run(self, statements: Sequence[str], *, user: str, database: str = "default",
            timeout: float = 300.0) -> subprocess.CompletedProcess[str]:
        """``statements`` in one session of ``user`` opened in ``database``, through Beeline (the JDBC client Spark
        ships), going on after a statement that fails; a Beeline command (``!tables``) is one too."""
        script = self.work_dir / f"beeline-{secrets.token_hex(4)}.sql"
        script.write_text("".join(f"{text}\n" if text.startswith("!") else f"{text.rstrip().rstrip(';')};\n"
                                  for text in statements))
        return subprocess.run(
            [str(spark_home() / "bin" / "spark-class"), "org.apache.hive.beeline.BeeLine", "-u", self.url(database),
             "-n", user, "--force=true", "-f", str(script)],
            env=self.env, cwd=self.work_dir, capture_output=True, text=True, timeout=timeout,
            stdin=subprocess.DEVNULL, check=False)

    def event_logs(self) -> list[Path]:
        """The event log's files, in the order Spark wrote them (``eventlog_v2_<app>/events_<n>_<app>.zstd``)."""
        files = sorted(self.event_dir.glob("eventlog_v2_*/events_*"),
                       key=lambda path: int(path.name.split("_")[1]))
        return files

    def logs(self) -> str:
        return log_tail(self.work_dir / "thriftserver.log")

    def stop(self) -> None:
        """SIGTERM: the server's shutdown hook stops Spark, which writes the rest of its event log and closes it."""
        _terminate(self.process, grace=60.0)
        if self.delete_work_dir:
            shutil.rmtree(self.work_dir, ignore_errors=True)


def start_spark_thrift_server(work_dir: Path | None = None, *, timeout: float = 180.0) -> SparkThriftServer:
    """Start a Spark Thrift Server (``HiveThriftServer2``, from the Spark distribution pyspark ships) on loopback, its
    event log on; return once its port accepts connections."""
    work_dir, delete_work_dir = _work_dir(work_dir, "ahp-spark-thrift-")
    env = _spark_env(work_dir)
    (work_dir / "events").mkdir(exist_ok=True)
    port = free_port()
    conf = {"spark.eventLog.enabled": "true", "spark.eventLog.dir": (work_dir / "events").as_uri(),
            "spark.sql.warehouse.dir": str(work_dir / "warehouse"), "spark.ui.enabled": "false",
            "spark.driver.host": LOOPBACK, "spark.driver.bindAddress": LOOPBACK}
    args = ["--master", "local[1]", "--driver-memory", "1g",
            "--class", "org.apache.spark.sql.hive.thriftserver.HiveThriftServer2",
            *(item for key, value in conf.items() for item in ("--conf", f"{key}={value}")),
            "--hiveconf", f"hive.server2.thrift.port={port}", "--hiveconf", f"hive.server2.thrift.bind.host={LOOPBACK}",
            "spark-internal"]
    process = _spark_daemon("org.apache.spark.deploy.SparkSubmit", args, log=work_dir / "thriftserver.log", env=env,
                            cwd=work_dir)
    server = SparkThriftServer(port=port, work_dir=work_dir, process=process, env=env,
                               delete_work_dir=delete_work_dir)
    try:
        wait_until(lambda: _accepts(port), timeout=timeout, alive=lambda: process.poll() is None,
                   what=f"Spark Thrift Server on port {port}", logs=server.logs)
    except BaseException:
        server.stop()
        raise
    return server


def _accepts(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as probe:
        probe.settimeout(1)
        return probe.connect_ex((LOOPBACK, port)) == 0


# --------------------------------------------------------------------------- PostgreSQL

POSTGRES_OS_USER = "postgres"


@dataclass
class Postgres(_Service):
    """A running PostgreSQL server listening on loopback only, with one database."""

    port: int
    user: str
    password: str
    database: str
    bin_dir: Path
    work_dir: Path
    host: str = LOOPBACK

    @property
    def url(self) -> str:
        """SQLAlchemy URL of the database (psycopg2 driver, as dagster-postgres uses)."""
        return (f"postgresql+psycopg2://{self.user}:{self.password}"
                f"@{self.host}:{self.port}/{self.database}")

    @property
    def data_dir(self) -> Path:
        return self.work_dir / "data"

    @property
    def log_file(self) -> Path:
        return self.work_dir / "postgres.log"

    def dagster_env(self) -> dict[str, str]:
        """The ``DAGSTER_PG_*`` variables that ``deploy/dagster.yaml`` reads."""
        return {
            "DAGSTER_PG_HOST": self.host,
            "DAGSTER_PG_PORT": str(self.port),
            "DAGSTER_PG_USER": self.user,
            "DAGSTER_PG_PASSWORD": self.password,
            "DAGSTER_PG_DB": self.database,
        }

    def stop(self) -> None:
        """``pg_ctl stop -m fast``, then delete the cluster's directory."""
        if (self.data_dir / "postmaster.pid").exists():
            _run_as_postgres([str(self.bin_dir / "pg_ctl"), "stop", "-D", str(self.data_dir),
                              "-m", "fast", "-w", "-t", "60"], cwd=self.work_dir, check=False)
        shutil.rmtree(self.work_dir, ignore_errors=True)


def _is_root() -> bool:
    return os.geteuid() == 0


def _run_as_postgres(command: list[str], *, cwd: Path,
                     check: bool = True) -> subprocess.CompletedProcess:
    """Run a PostgreSQL binary as the ``postgres`` OS user when we are root (initdb and
    the server refuse to run as root), else as ourselves."""
    if _is_root():
        command = ["runuser", "-u", POSTGRES_OS_USER, "--", *command]
    result = subprocess.run(command, cwd=cwd, capture_output=True, text=True, check=False)
    if check and result.returncode != 0:
        raise ServiceStartError(
            f"`{' '.join(command)}` exited with {result.returncode}:\n"
            f"{result.stdout}{result.stderr}")
    return result


def _can_install() -> bool:
    """Whether Debian's packages can be installed from here (as root, with apt-get)."""
    return _is_root() and shutil.which("apt-get") is not None


def _apt_install(package: str) -> subprocess.CompletedProcess:
    """``apt-get install -y --no-install-recommends package``, after ``apt-get update`` when the first try fails (a
    fresh machine has no package lists yet); the last try's result."""
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    install = ["apt-get", "install", "-y", "--no-install-recommends", package]
    result = subprocess.run(install, env=env, capture_output=True, text=True, check=False)
    if result.returncode != 0:
        subprocess.run(["apt-get", "update"], env=env, capture_output=True, check=False)
        result = subprocess.run(install, env=env, capture_output=True, text=True, check=False)
    return result


def _installed(package: str) -> None:
    """:func:`_apt_install`, a failure raised as :class:`ServiceStartError` with the end of apt-get's output."""
    result = _apt_install(package)
    if result.returncode != 0:
        raise ServiceStartError(f"`apt-get install -y {package}` failed:\n{result.stdout[-2000:]}"
                                f"{result.stderr[-2000:]}")


def _install_postgres() -> None:
    """``apt-get install -y postgresql`` (Debian); only possible as root."""
    if not _can_install():
        raise ServiceStartError(
            "PostgreSQL server binaries (initdb, pg_ctl) not found, neither through pg_config "
            "nor in /usr/lib/postgresql/*/bin, and they cannot be installed from here (needs "
            "root and apt-get). Install them with "
            "`apt-get install -y postgresql`, or put the pg_config of a PostgreSQL 13+ "
            "installation on PATH.")
    _installed("postgresql")


def _find_postgres_bin_dir() -> Path | None:
    """``pg_config --bindir`` if it holds initdb and pg_ctl, else the newest
    /usr/lib/postgresql/N/bin (pg_config may come from another major version's libpq-dev)."""
    candidates = []
    if shutil.which("pg_config"):
        bindir = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True,
                                check=False).stdout.strip()
        candidates.append(Path(bindir))
    versioned = [Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")]
    candidates += sorted(versioned, reverse=True,
                         key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0)
    for candidate in candidates:
        if (candidate / "initdb").is_file() and (candidate / "pg_ctl").is_file():
            return candidate
    return None


def postgres_bin_dir() -> Path:
    """The folder of ``initdb``/``pg_ctl`` (Debian keeps it off PATH), installing Debian's
    ``postgresql`` package first when there is none and we are root."""
    found = _find_postgres_bin_dir()
    if found is None:
        _install_postgres()
        found = _find_postgres_bin_dir()
    if found is None:
        raise ServiceStartError(
            "`apt-get install -y postgresql` succeeded but no initdb/pg_ctl was found "
            "(looked at `pg_config --bindir` and /usr/lib/postgresql/*/bin).")
    return found


def start_postgres(*, database: str = "ahp", user: str = "postgres",
                   timeout: float = 60.0, settings: Mapping[str, str] | None = None) -> Postgres:
    """Create a throwaway cluster in a fresh temp dir and start it on a free loopback port.

    TCP connections need the generated password (scram-sha-256); the Unix socket lives in
    the cluster's own directory, not /var/run/postgresql. Durability is switched off
    (fsync, synchronous_commit): this server is for tests only. ``settings`` are further
    server parameters (``-c name=value``), e.g. :data:`STATEMENT_LOG_SETTINGS`.
    """
    bin_dir = postgres_bin_dir()
    # Not under pytest's tmp_path: that is private to root (0700), and the server runs as
    # the postgres user, which must own its data directory and reach its socket directory.
    work_dir = Path(tempfile.mkdtemp(prefix="ahp-pg-"))
    server = Postgres(port=free_port(), user=user, password=secrets.token_hex(16),
                      database=database, bin_dir=bin_dir, work_dir=work_dir)
    try:
        (work_dir / "socket").mkdir()
        password_file = work_dir / "password"
        password_file.write_text(server.password + "\n")
        if _is_root():
            _chown_tree(work_dir, POSTGRES_OS_USER)
        _run_as_postgres([str(bin_dir / "initdb"), "-D", str(server.data_dir), "-U", user,
                          f"--pwfile={password_file}", "--auth-host=scram-sha-256",
                          "--auth-local=trust", "-E", "UTF8", "--no-locale"], cwd=work_dir)
        options = (f"-p {server.port} -k {work_dir / 'socket'} -c listen_addresses={LOOPBACK} "
                   "-c fsync=off -c synchronous_commit=off -c full_page_writes=off")
        options += "".join(f" -c {name}={value}" for name, value in (settings or {}).items())
        started = _run_as_postgres(
            [str(bin_dir / "pg_ctl"), "start", "-D", str(server.data_dir), "-w",
             "-t", str(int(timeout)), "-l", str(server.log_file), "-o", options],
            cwd=work_dir, check=False)
        if started.returncode != 0:
            raise ServiceStartError(
                f"PostgreSQL did not start on {LOOPBACK}:{server.port} "
                f"({started.stdout.strip()} {started.stderr.strip()}).\n"
                f"{log_tail(server.log_file)}")
        _run_as_postgres([str(bin_dir / "createdb"), "-h", str(work_dir / "socket"),
                          "-p", str(server.port), "-U", user, database], cwd=work_dir)
    except BaseException:
        server.stop()
        raise
    return server


def _chown_tree(root: Path, user: str) -> None:
    for path in [root, *root.rglob("*")]:
        shutil.chown(path, user=user, group=None)


# --------------------------------------------------------------------------- PostgreSQL's own logs

#: Server parameters that log every statement as ``jsonlog`` (PostgreSQL 15+) in ``<data>/log/``,
#: with UTC timestamps: what a team exports as its query history (``Postgres.server_logs``).
STATEMENT_LOG_SETTINGS = {
    "logging_collector": "on", "log_destination": "jsonlog", "log_directory": "log",
    "log_filename": "postgresql-%Y%m%d_%H%M%S", "log_statement": "all", "log_timezone": "UTC",
    "log_min_error_statement": "error",
}
#: pgaudit (``install_pgaudit``) logging every relation each statement reads or writes, views
#: expanded (``log_relation``), and the objects of DDL; not the system catalogs' own reads.
PGAUDIT_SETTINGS = {
    "shared_preload_libraries": "pgaudit", "pgaudit.log": "read,write,ddl", "pgaudit.log_relation": "on",
    "pgaudit.log_catalog": "off", "pgaudit.log_parameter": "off",
}


def server_logs(server: Postgres) -> list[Path]:
    """The server's ``jsonlog`` files (``STATEMENT_LOG_SETTINGS``), oldest first."""
    return sorted((server.data_dir / "log").glob("postgresql-*.json"))


def install_pgaudit(bin_dir: Path) -> bool:
    """Whether the pgaudit extension of this PostgreSQL is there, installing Debian's
    ``postgresql-<major>-pgaudit`` first when it is not and we are root (False where Debian has
    no such package or it cannot be installed: the caller skips what needs pgaudit)."""
    major = bin_dir.parent.name
    library = bin_dir.parent / "lib" / "pgaudit.so"
    if library.is_file():
        return True
    if not _can_install() or not major.isdigit():
        return False
    _apt_install(f"postgresql-{major}-pgaudit")
    return library.is_file()


# --------------------------------------------------------------------------- MariaDB


@dataclass
class MariaDB(_Service):
    """A running MariaDB server on loopback with the ``server_audit`` plugin logging every statement to
    :attr:`audit_log` (the log MySQL on RDS and Aurora write too); reached as root through its socket."""

    work_dir: Path
    port: int
    process: subprocess.Popen | None = None

    @property
    def socket(self) -> Path:
        return self.work_dir / "socket"

    @property
    def audit_log(self) -> Path:
        return self.work_dir / "server_audit.log"

    @property
    def error_log(self) -> Path:
        return self.work_dir / "error.log"

    def audited(self, text: str, *, timeout: float = 60.0) -> bytes:
        """The audit log once it holds ``text`` (as the plugin writes it): the plugin writes a statement's event after
        it sent the client its result, so a client may be gone before its last statement is in the log."""
        deadline = time.monotonic() + timeout
        while text.encode() not in (logged := self.audit_log.read_bytes()):
            if time.monotonic() > deadline:
                raise ServiceStartError(f"{text!r} was not in the audit log after {timeout:.0f} s")
            time.sleep(0.1)
        return logged

    @property
    def general_log(self) -> Path:
        return self.work_dir / "general.log"

    def log_everything(self) -> None:
        """The general query log on from now, to :attr:`general_log` and to the table ``mysql.general_log``."""
        self.run([f"set global general_log_file = '{self.general_log}'", "set global log_output = 'FILE,TABLE'",
                  "set global general_log = ON"], check=True)

    def general_log_table(self, day: str) -> str:
        """The table ``mysql.general_log``'s events of ``day`` exported as the README says (JSON lines, by the
        client's ``--batch --raw``), the export's own statements not logged."""
        from access_history_platform.formats.mysql_general import EXPORT_QUERY
        result = subprocess.run(["mariadb", "--no-defaults", "-S", str(self.socket), "-u", "root", "--batch", "--raw",
                                 "--skip-column-names", "-e", f"SET sql_log_off = 1; {EXPORT_QUERY.format(day=day)}"],
                                capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise ServiceStartError(f"the export of mysql.general_log failed: {result.stderr[-2000:]}")
        return result.stdout

    def run(self, statements: Sequence[str], *, user: str = "root", password: str | None = None,
            database: str | None = None, check: bool = False) -> subprocess.CompletedProcess:
        """The statements sent by the ``mariadb`` client on one connection, one after another, each as written
        (comments kept, ``;`` ending each): as ``user`` over TCP when a password is given, else as root on the
        socket. The client stops at a failing statement unless ``check`` is False, when it goes on (``--force``)."""
        command = ["mariadb", "--no-defaults", "--comments", "--batch", "--delimiter=;;"]
        command += (["-h", LOOPBACK, "-P", str(self.port), "-u", user, f"-p{password}"] if password is not None
                    else ["-S", str(self.socket), "-u", user])
        command += ["--force"] if not check else []
        command += [database] if database else []
        text = "".join(f"{statement};;\n" for statement in statements)
        result = subprocess.run(command, input=text, capture_output=True, text=True, check=False)
        if check and result.returncode != 0:
            raise ServiceStartError(f"`mariadb` exited with {result.returncode}: {result.stderr[-2000:]}")
        return result

    def source(self, script: Path) -> subprocess.CompletedProcess:
        """A SQL script (its ``DELIMITER`` lines too) run by the ``mariadb`` client as root, as ``mariadb < script``;
        the client stops at the first failing statement (:class:`ServiceStartError`)."""
        result = subprocess.run(["mariadb", "--no-defaults", "-S", str(self.socket), "-u", "root"],
                                stdin=script.open("rb"), capture_output=True, check=False)
        if result.returncode != 0:
            raise ServiceStartError(f"`mariadb < {script}` exited with {result.returncode}: "
                                    f"{result.stderr.decode(errors='replace')[-2000:]}")
        return result

    def stop(self) -> None:
        if self.process is not None:
            _terminate(self.process, grace=60)
        shutil.rmtree(self.work_dir, ignore_errors=True)


def _install_mariadb() -> None:
    """``apt-get install -y mariadb-server`` (Debian's MariaDB, whose package ships the ``server_audit`` plugin)."""
    if not _can_install():
        raise ServiceStartError("MariaDB (mariadbd, mariadb-install-db) not found, and it cannot be installed from "
                                "here (needs root and apt-get): `apt-get install -y mariadb-server`.")
    _installed("mariadb-server")


def start_mariadb(*, timeout: float = 60.0, query_log_limit: int | None = None) -> MariaDB:
    """A throwaway MariaDB server in a fresh temp dir on a free loopback port, auditing every statement
    (``server_audit_events = QUERY,CONNECT``) to its ``server_audit.log``, with the plugin's limit of a logged
    statement (``server_audit_query_log_limit``, 1,024 characters unless given). Debian's ``mariadb-server`` is
    installed first when missing and we are root."""
    if shutil.which("mariadbd") is None and not Path("/usr/sbin/mariadbd").exists():
        _install_mariadb()
    server_binary = shutil.which("mariadbd") or "/usr/sbin/mariadbd"
    work_dir = Path(tempfile.mkdtemp(prefix="ahp-mariadb-"))
    server = MariaDB(work_dir=work_dir, port=free_port())
    try:
        installed = subprocess.run(
            ["mariadb-install-db", "--no-defaults", f"--datadir={work_dir / 'data'}", "--user=root",
             "--auth-root-authentication-method=socket", "--skip-test-db"],
            capture_output=True, text=True, check=False)
        if installed.returncode != 0:
            raise ServiceStartError(f"mariadb-install-db failed: {installed.stdout[-2000:]}{installed.stderr[-2000:]}")
        options = [f"--datadir={work_dir / 'data'}", f"--socket={server.socket}", f"--port={server.port}",
                   f"--bind-address={LOOPBACK}", "--user=root", f"--log-error={server.error_log}",
                   f"--pid-file={work_dir / 'mariadbd.pid'}", "--plugin-load-add=server_audit",
                   "--server-audit-logging=ON", "--server-audit-events=QUERY,CONNECT",
                   f"--server-audit-file-path={server.audit_log}", "--innodb-flush-log-at-trx-commit=0",
                   "--skip-log-bin"]
        if query_log_limit is not None:
            options.append(f"--server-audit-query-log-limit={query_log_limit}")
        server.process = subprocess.Popen([server_binary, "--no-defaults", *options], stdout=subprocess.DEVNULL,
                                          stderr=subprocess.DEVNULL, preexec_fn=_die_with_parent)
        wait_until(lambda: server.run(["select 1"]).returncode == 0, timeout=timeout,
                   alive=lambda: server.process is not None and server.process.poll() is None,
                   what=f"MariaDB on {LOOPBACK}:{server.port}", logs=lambda: log_tail(server.error_log))
    except BaseException:
        server.stop()
        raise
    return server
