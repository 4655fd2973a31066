"""A Spark Connect server on this machine, from the Spark that pyspark ships: a Spark that outlives the runs.

With Dagster's default run launcher every run is a new process, and with a local master every
run starts a JVM of its own (the largest stage of a landed file's way to its records:
``docs/operations.md``, "Land to answer"). Runs that are clients of a Spark Connect server
(``AHP_SPARK_MASTER=sc://...``) skip that start, and the runs of a day share the server's
Python workers. This tool starts such a server for ``dagster dev`` on a laptop::

    bin/spark-connect start      # prints the URL; then AHP_SPARK_MASTER=sc://127.0.0.1:15002 dagster dev ...
    bin/spark-connect start --warm-up
    bin/spark-connect status
    bin/spark-connect stop

The server runs Spark's own ``sbin/start-connect-server.sh`` in the background, its driver
and executors in one JVM (``--master local[*]`` by default), bound to loopback, its Python
tasks on this interpreter (the project and its packages), its files (logs, pid, Spark's
scratch, its JVM's temporary files) under ``--dir`` (``.spark-connect`` in the repository). It stays up until ``stop``,
across runs and ``dagster dev`` restarts. The Connect protocol has no authentication of its
own: bind it to another address (``--host``) only on a private network.

A new server's first runs are slower than the next ones: its JVM compiles Spark's reading,
shuffling and writing paths as they first run, and the day's shared session starts its Python
workers (imports, empty caches). ``--warm-up`` pays that at start: it runs the whole pipeline
once through the server on a small demo organization (:func:`warm_up`).

A cluster's Connect server is started the same way from the deployment's image
(``deploy/README.md``); ``tests/integration/services.py`` starts this one on a standalone
master with :func:`start_server`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import signal
import socket
import shutil
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

from access_history_platform.class_archive import option_word, spark_home, with_archive
from resources.spark import (BASE_CONF, CODEGEN_CONF, DRIVER_JAVA_OPTIONS, LOCAL_JAVA_OPTIONS, SUBMIT_OPTIONS_VARIABLE,
                             local_conf, local_cores)

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 15002
DEFAULT_DIR = Path(__file__).resolve().parents[1] / ".spark-connect"
#: The file in the server's folder that says how it was started (what ``status`` and ``stop`` read).
STATE_FILE = "server.json"
#: The server JVM's java.io.tmpdir, a folder of the tool's own under the server's folder; removed by stop.
TMP_DIR = "jvm-tmp"
#: The Java class of the server: a pid file names a server only while its process runs it.
SERVER_CLASS = "org.apache.spark.sql.connect.service.SparkConnectServer"
#: Addresses that listen on every interface; clients on this machine reach them on loopback.
WILDCARDS = frozenset({"0.0.0.0", "::"})
START_TIMEOUT = 180.0
WARM_UP_TIMEOUT = 900.0
#: The warm-up's demo organization: one account, one day (``tools.demo``'s arguments).
WARM_UP_DEMO = ("--accounts", "1", "--days", "1", "--statements-per-day", "400")
#: The settings of this environment the warm-up keeps (those of the runs' Spark); every other ``AHP_`` one goes.
WARM_UP_KEEPS = frozenset({"AHP_SPARK_CONF", "AHP_SPARK_SHARED_SESSION", "AHP_SPARK_LOG_LEVEL"})
STOP_GRACE = 30.0
LOG_TAIL_LINES = 40


class ConnectServerError(RuntimeError):
    """The server could not be started; the message says why and quotes its log."""


@dataclass(frozen=True)
class ConnectServer:
    """A Spark Connect server started from a folder: where it listens and where its files are."""

    folder: Path
    host: str
    port: int
    master: str

    @property
    def reachable_host(self) -> str:
        """Where clients on this machine reach it: loopback when it listens on every interface."""
        return DEFAULT_HOST if self.host in WILDCARDS else self.host

    @property
    def url(self) -> str:
        return f"sc://{self.reachable_host}:{self.port}"

    @property
    def ident(self) -> str:
        """Names the pid and log files (``SPARK_IDENT_STRING``), so that ``stop`` never matches another server."""
        return f"ahp-{self.port}"

    def env(self, base: Mapping[str, str] = os.environ) -> dict[str, str]:
        """The environment of Spark's start and stop scripts (making the folders it names): pyspark's Spark, a
        conf folder of the server's own (no stray ``spark-defaults.conf``), the files under the folder, the tasks'
        Python this interpreter unless ``base`` names one.

        The conf folder is not made: Spark reads no file there unless someone puts one, and a JVM maps the
        archive of Spark's classes only if its class path names the folders the archive's did, which a folder
        that does not exist is not (``access_history_platform/class_archive.py``)."""
        for name in ("logs", "pids", "local"):
            (self.folder / name).mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(OSError):  # the empty conf folder earlier versions made: it would hide the archive
            (self.folder / "conf").rmdir()
        return {
            **base,
            "SPARK_HOME": str(spark_home()),
            "SPARK_CONF_DIR": str(self.folder / "conf"),
            "SPARK_LOG_DIR": str(self.folder / "logs"),
            "SPARK_PID_DIR": str(self.folder / "pids"),
            "SPARK_LOCAL_DIRS": str(self.folder / "local"),
            "SPARK_IDENT_STRING": self.ident,
            "PYSPARK_PYTHON": base.get("PYSPARK_PYTHON", sys.executable),
            **({"SPARK_LOCAL_IP": self.host} if self.host in (DEFAULT_HOST, "localhost") else {}),
        }

    def pid(self) -> int | None:
        """The server JVM's pid, from the file Spark's daemon script writes, while that process runs the server."""
        return next(iter(running_servers(self.folder, f"spark-{self.ident}-*.pid")), None)

    def answers(self) -> bool:
        return port_open(self.reachable_host, self.port)

    def log_tail(self, lines: int = LOG_TAIL_LINES) -> str:
        return log_tail(*sorted((self.folder / "logs").glob(f"spark-{self.ident}-*.out")), lines=lines)


def log_tail(*paths: Path, lines: int = LOG_TAIL_LINES) -> str:
    """The last ``lines`` lines of each existing file, headed by its name."""
    parts = []
    for path in paths:
        if path.is_file():
            text = path.read_text(errors="replace").splitlines()[-lines:]
            parts.append(f"--- {path} (last {len(text)} lines)\n" + "\n".join(text))
    return "\n".join(parts) or "(no log written)"


def running_servers(folder: Path, pattern: str = "spark-ahp-*.pid") -> list[int]:
    """The pids, from the pid files of ``folder`` matching ``pattern``, of the processes that run a Connect server.

    Spark's daemon script removes a pid file only on a clean stop: after a crash or a reboot the file stays,
    and its pid may have been given to another process since. A file whose process is gone or runs something
    else is removed."""
    pids = []
    for pid_file in sorted((Path(folder) / "pids").glob(pattern)):
        try:
            pid = int(pid_file.read_text().strip())
        except (OSError, ValueError):
            continue
        if runs_server(pid):
            pids.append(pid)
        else:
            pid_file.unlink(missing_ok=True)
    return pids


def runs_server(pid: int) -> bool:
    """Whether process ``pid`` is alive and runs a Spark Connect server (its command line names the class)."""
    try:
        command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        shown = subprocess.run(["ps", "-o", "args=", "-p", str(pid)], capture_output=True, text=True, check=False)
        command = shown.stdout
    return SERVER_CLASS in command


def port_open(host: str, port: int) -> bool:
    """Whether something accepts TCP connections on ``host:port``."""
    try:
        with socket.create_connection((host, port), timeout=1.0):
            return True
    except OSError:
        return False


def server_conf(server: ConnectServer, conf: Mapping[str, str] | None = None,
                env: Mapping[str, str] = os.environ) -> dict[str, str]:
    """The server's Spark properties, ``conf``'s over the tool's: where it listens, its JVM's options
    (:func:`java_options_of`), the sessions' UTC days and Parquet timestamps (:data:`resources.spark.BASE_CONF`,
    which the runs' sessions set too), room for the classes Spark generates (:data:`resources.spark.CODEGEN_CONF`),
    and, for a local master, its driver on loopback, shuffle partitions sized to its cores
    (:func:`resources.spark.local_conf`) and its cores as the default parallelism (a Connect client has no
    ``SparkContext``: it asks ``spark.default.parallelism`` how many tasks to split an account-day into). A
    cluster's master leaves those to the cluster."""
    given = dict(conf or {})
    properties = {
        "spark.connect.grpc.binding.address": server.host,
        "spark.connect.grpc.binding.port": str(server.port),
        **BASE_CONF,
        **CODEGEN_CONF,
    }
    if server.master.startswith("local"):
        properties |= {**local_conf(server.master), "spark.default.parallelism": str(local_cores(server.master))}
    properties |= given
    properties[DRIVER_JAVA_OPTIONS] = java_options_of(server, given.get(DRIVER_JAVA_OPTIONS), env)
    return properties


def java_options_of(server: ConnectServer, given: str | None = None, env: Mapping[str, str] = os.environ) -> str:
    """The server JVM's options: ``given`` (``--conf spark.driver.extraJavaOptions=...``), then the server's own,
    which ``given`` does not replace: its temporary files under its folder (among them a folder per client session,
    Spark Connect's ML cache), removed by stop, not left in /tmp for every session ever opened; and the archive of
    Spark's classes, which halves the server's start (class_archive.py).

    Without ``given``, a local master's server runs the quick JIT compiler, as a local run's driver does
    (:data:`resources.spark.LOCAL_JAVA_OPTIONS`), unless ``SPARK_SUBMIT_OPTS`` gives the JVM options of the
    deployment's own. It is the whole of Spark on one machine: on this 2-core machine its warm-up took 50 s instead
    of 63 s, the two runs after it 27.4 and 27.2 s instead of 29.9 and 28.0 s, and the server's JVM 112 s of CPU
    instead of 195 s over the three (the optimizing compiler's threads took a core from the work).
    """
    if given is None:
        local = server.master.startswith("local") and not env.get(SUBMIT_OPTIONS_VARIABLE, "").strip()
        given = LOCAL_JAVA_OPTIONS if local else ""
    own = option_word(f"-Djava.io.tmpdir={server.folder / TMP_DIR}")  # one word: spaces, quotes
    return with_archive(f"{given} {own}", conf_dir=server.folder / "conf")


def start_server(folder: Path = DEFAULT_DIR, *, master: str = "local[*]", host: str = DEFAULT_HOST,
                 port: int = DEFAULT_PORT, driver_memory: str = "2g", conf: Mapping[str, str] | None = None,
                 env: Mapping[str, str] = os.environ, detach: bool = True,
                 timeout: float = START_TIMEOUT) -> ConnectServer:
    """Start a Spark Connect server in the background and return once its port answers.

    ``conf`` adds or overrides Spark properties (driver Java options it gives do not replace the server's own:
    :func:`java_options_of`). ``detach``: the server runs in a session of its own, so that it
    outlives the process group that started it (a shell script, a terminal); a test passes ``False`` so that its
    group's end takes the server with it. Raises :class:`ConnectServerError` when a server of the folder is
    running, the port is taken, Spark's script fails, or the server dies or does not answer within ``timeout``
    seconds; on any failure or interruption the server is stopped again.
    """
    folder = Path(folder).resolve()
    if any(character.isspace() for character in str(folder)):
        raise ConnectServerError(f"{folder}: Spark's start scripts fail on a folder whose path holds white space: "
                                 "choose another --dir")
    server = ConnectServer(folder=folder, host=host, port=port, master=master)
    known = server_in(folder)
    if running_servers(folder):
        shown = known.url if known else f"see {folder / 'pids'}"
        raise ConnectServerError(f"a server started from {folder} is already running ({shown})")
    if server.answers():
        raise ConnectServerError(f"{host}:{port} is already in use by another process: choose another --port")
    properties = server_conf(server, conf, env)
    command = [str(spark_home() / "sbin" / "start-connect-server.sh"), "--master", master,
               "--driver-memory", driver_memory]
    for key, value in properties.items():
        command += ["--conf", f"{key}={value}"]
    try:
        (folder / TMP_DIR).mkdir(parents=True, exist_ok=True)
        (folder / STATE_FILE).write_text(json.dumps({"host": host, "port": port, "master": master}) + "\n")
        try:
            started = subprocess.run(command, env=server.env(env), cwd=folder, capture_output=True, text=True,
                                     check=False, timeout=timeout, start_new_session=detach,
                                     preexec_fn=stoppable)
        except subprocess.TimeoutExpired as expired:
            raise ConnectServerError(f"start-connect-server.sh did not return within {timeout:.0f} s:\n"
                                     f"{server.log_tail()}") from expired
        if started.returncode != 0:
            raise ConnectServerError(f"start-connect-server.sh exited with {started.returncode}: "
                                     f"{started.stdout}{started.stderr}\n{server.log_tail()}")
        deadline = time.monotonic() + timeout
        while not server.answers():
            if server.pid() is None or time.monotonic() > deadline:
                reason = "stopped" if server.pid() is None else f"did not answer within {timeout:.0f} s"
                raise ConnectServerError(f"the Spark Connect server {reason}:\n{server.log_tail()}")
            time.sleep(0.5)
    except BaseException:
        stop_server(server, env=env)
        raise
    return server


def warm_up(server: ConnectServer, *, env: Mapping[str, str] = os.environ,
            timeout: float = WARM_UP_TIMEOUT) -> float:
    """Run the pipeline once through ``server``, as a run does, on a small demo organization; the seconds it took.

    ``bin/demo`` (:mod:`tools.demo`) in a process of its own, every asset and check of one account-day and its
    organization day, with a landing zone, warehouse and Dagster instance of its own under the server's folder
    (removed afterwards), and none of this environment's ``AHP_`` settings but the Spark ones. Its Spark resource joins the day's shared session, as runs do: the server's JVM has
    then compiled the pipeline's paths, and the session's Python workers have imported the engine. Raises
    :class:`ConnectServerError` with the end of its output when the run fails.
    """
    scratch = server.folder / "warm-up"
    shutil.rmtree(scratch, ignore_errors=True)
    scratch.mkdir(parents=True)
    # Only the runs' Spark settings: the demo must not read a live catalog or post lineage events elsewhere.
    kept = {name: value for name, value in env.items() if not name.startswith("AHP_") or name in WARM_UP_KEEPS}
    run_env = {**kept, "AHP_SPARK_MASTER": server.url, "AHP_LANDING": str(scratch / "landing"),
               "AHP_WAREHOUSE": str(scratch / "warehouse"), "DAGSTER_HOME": str(scratch / "dagster_home")}
    began = time.monotonic()
    try:
        done = subprocess.run([sys.executable, "-m", "tools.demo", *WARM_UP_DEMO], cwd=scratch, env=run_env,
                              capture_output=True, text=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired as expired:
        raise ConnectServerError(f"the warm-up did not finish within {timeout:.0f} s") from expired
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    if done.returncode != 0:
        raise ConnectServerError(f"the warm-up run failed ({done.returncode}):\n{(done.stdout + done.stderr)[-4000:]}")
    return time.monotonic() - began


def server_in(folder: Path = DEFAULT_DIR) -> ConnectServer | None:
    """The server last started from ``folder`` (running or not), or ``None`` if none was."""
    folder = Path(folder).resolve()
    try:
        state = json.loads((folder / STATE_FILE).read_text())
        return ConnectServer(folder=folder, host=state["host"], port=int(state["port"]), master=state["master"])
    except (OSError, ValueError, KeyError, TypeError):
        return None


def stoppable() -> None:
    """In a server's process before it runs Spark's scripts: SIGTERM and SIGINT at their defaults. A process started
    by one that ignores them (a test runner's worker, a job runner) ignores them too, and the JVM keeps an ignored
    SIGTERM ignored: the stop script's SIGTERM would do nothing, and :func:`stop_server` would wait out its grace
    before killing the server (30 s, its shutdown hooks never run)."""
    for number in (signal.SIGTERM, signal.SIGINT):
        signal.signal(number, signal.SIG_DFL)


def stop_server(server: ConnectServer, *, env: Mapping[str, str] = os.environ, grace: float = STOP_GRACE) -> bool:
    """Stop the server with Spark's stop script; kill its JVM if it outlives ``grace`` seconds.
    Returns whether a server was running. A pid file whose process runs no server is left alone (and removed)."""
    pid = server.pid()
    if pid is None:
        shutil.rmtree(server.folder / TMP_DIR, ignore_errors=True)  # a server that died left its files
        return False
    subprocess.run([str(spark_home() / "sbin" / "stop-connect-server.sh")], env=server.env(env), cwd=server.folder,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    deadline = time.monotonic() + grace
    while runs_server(pid) and time.monotonic() < deadline:
        time.sleep(0.2)
    if runs_server(pid):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)
    server.pid()  # removes the pid file of the process now gone
    shutil.rmtree(server.folder / TMP_DIR, ignore_errors=True)
    return True


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="bin/spark-connect", description=__doc__.splitlines()[0])
    parser.add_argument("action", choices=("start", "status", "stop"))
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR,
                        help="the server's folder: logs, pid, Spark's scratch (default: .spark-connect in the "
                             "repository)")
    parser.add_argument("--master", default="local[*]", help="where its work runs (default: local[*])")
    parser.add_argument("--host", default=DEFAULT_HOST, help="the address it listens on (default: 127.0.0.1)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT, help="its port (default: 15002)")
    parser.add_argument("--driver-memory", default="2g", help="the JVM's heap (default: 2g)")
    parser.add_argument("--conf", action="append", default=[], metavar="KEY=VALUE",
                        help="a further Spark property (repeatable)")
    parser.add_argument("--warm-up", action="store_true",
                        help="once started, run the pipeline through it on a small demo organization, so that the "
                             "first runs are as quick as the next ones")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    known = server_in(args.dir)
    running = known is not None and known.pid() is not None
    if args.action == "start":
        if running:
            asked = (args.host, args.port, args.master)
            note = "" if asked == (known.host, known.port, known.master) else (
                f" (not {args.host}:{args.port}, {args.master}: stop it first to start another)")
            print(f"already running: {known.url}, {known.master}, from {known.folder}{note}\n"
                  f"point the runs at it: AHP_SPARK_MASTER={known.url}")
            return 0
        malformed = [item for item in args.conf if "=" not in item]
        if malformed:
            print(f"error: --conf takes KEY=VALUE, not {malformed[0]!r}", file=sys.stderr)
            return 2
        print(f"starting a Spark Connect server ({args.master}) on {args.host}:{args.port} ...", flush=True)
        try:
            server = start_server(args.dir, master=args.master, host=args.host, port=args.port,
                                  driver_memory=args.driver_memory, conf=dict(item.split("=", 1) for item in args.conf))
        except ConnectServerError as error:
            print(f"error: {error}", file=sys.stderr)
            return 1
        print(f"running: {server.url} (logs in {server.folder / 'logs'})", flush=True)
        if args.warm_up:
            print("warming it up: the pipeline on a small demo organization ...", flush=True)
            try:
                print(f"warmed up in {warm_up(server):.0f} s")
            except ConnectServerError as error:
                print(f"warning: {error}\nthe server runs; its first runs will be slower", file=sys.stderr)
        print(f"point the runs at it: AHP_SPARK_MASTER={server.url}")
        return 0
    if known is None:
        print(f"no server was started from {args.dir.resolve()}")
        return 1 if args.action == "status" else 0
    if args.action == "status":
        state = "running" if running and known.answers() else "starting" if running else "stopped"
        print(f"{state}: {known.url} (from {known.folder})")
        return 0 if state == "running" else 1
    print(f"stopped {known.url}" if stop_server(known) else f"not running: {known.url}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
