"""``bin/spark-connect`` (``tools/spark_connect.py``): a Spark Connect server on this machine for the runs to share.

The command is run as a user runs it, in processes of its own: ``start --warm-up`` returns once the server
answers and has run the pipeline once, and says how to point the runs at it; a run's Spark resource then gets
a session there whose Python tasks run on ``.venv``'s interpreter, in workers below the server's JVM. Not
necessarily the warm-up's own workers, nor its daemon's: Spark ends a worker idle for a minute
(``PythonWorkerFactory``'s fixed ``IDLE_WORKER_TIMEOUT_NS``), and on this machine a run's workers have twice come
from a daemon forked after the warm-up returned; that runs share one session's workers is
``test_pipeline_scale_out``'s. A second ``start``
finds it running, another server on its port is refused with the reason, and ``stop`` ends it (``status`` says
so, the port is closed). A pid file left by a crash, whose pid now
belongs to another process, is neither taken for the server nor killed.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq

from access_history_platform import cli
from access_history_platform.class_archive import archive_path
from resources.warehouse import partition_files
from tools.spark_connect import STATE_FILE, port_open, runs_server, server_in, stop_server

from .services import free_port, mapped_files, run_python_job

ROOT = Path(__file__).resolve().parents[2]
CONNECT_SESSION_JOB = Path(__file__).with_name("connect_session_job.py")
CONNECT_LOST_JOB = Path(__file__).with_name("connect_lost_job.py")
CONNECT_RESTART_JOB = Path(__file__).with_name("connect_restart_job.py")
TIMEOUT_SECONDS = 300
USERS_SHELL_LACKS = frozenset({"PYSPARK_PYTHON", "SPARK_SUBMIT_OPTS", "SPARK_DAEMON_JAVA_OPTS"})


def spark_connect(*args: str, **settings: str) -> subprocess.CompletedProcess[str]:
    """``bin/spark-connect`` with the environment of a user's shell (none of the JVM options and Python the test run
    sets: ``tests/conftest.py``) and ``settings``."""
    env = {name: value for name, value in os.environ.items() if name not in USERS_SHELL_LACKS} | settings
    return subprocess.run([str(ROOT / "bin" / "spark-connect"), *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=TIMEOUT_SECONDS, check=False)


def test_bin_spark_connect_starts_a_server_the_runs_use_and_stops_it(tmp_path: Path) -> None:
    port = free_port()
    folders = [tmp_path / "server", tmp_path / "other"]
    where = ["--dir", str(folders[0]), "--port", str(port)]
    url = f"sc://127.0.0.1:{port}"
    try:
        # The user's own settings do not reach the warm-up's demo: a lineage endpoint that refuses (which fails a
        # run) and a catalog database that does not exist.
        started = spark_connect("start", *where, "--master", "local[1]", "--driver-memory", "512m", "--warm-up",
                                AHP_OPENLINEAGE_URL=f"http://127.0.0.1:{free_port()}",
                                AHP_CATALOG_URL="postgresql://nobody@127.0.0.1:1/none")
        assert started.returncode == 0, started.stderr[-4000:]
        assert "warmed up in" in started.stdout and f"AHP_SPARK_MASTER={url}" in started.stdout, started.stderr
        assert not (folders[0] / "warm-up").exists()
        server = server_in(folders[0])
        assert server is not None and server.pid() is not None
        assert str(archive_path()) in mapped_files(server.pid()), "the server maps the archive of Spark's classes"
        command = Path(f"/proc/{server.pid()}/cmdline").read_bytes().split(b"\0")
        assert b"-XX:TieredStopAtLevel=1" in command, "a local master's server runs the quick compiler"

        status = spark_connect("status", *where)
        assert (status.returncode, status.stdout.split(" (")[0]) == (0, f"running: {url}")
        again = spark_connect("start", *where, "--master", "local[1]")
        assert again.returncode == 0 and again.stdout.startswith(f"already running: {url}, local[1]")

        run = run_python_job(CONNECT_SESSION_JOB, [], timeout=TIMEOUT_SECONDS,
                             env={"AHP_SPARK_MASTER": url, "AHP_SPARK_LOG_LEVEL": "ERROR"})
        assert run.returncode == 0, run.stderr[-4000:]
        report = json.loads(run.stdout.strip().splitlines()[-1])["first"]
        assert report["worker_pids"] and report["worker_pythons"] == [str(ROOT / ".venv" / "bin" / "python")]
        assert server.pid() in report["worker_ancestors"], "the run's Python workers are not the server's"
        sessions = folders[0] / "jvm-tmp" / "spark_connect_model_cache"  # the JVM's temporary files: its folder's
        assert sessions.is_dir() and any(sessions.iterdir()), "a folder per client session, under the server's folder"

        taken = spark_connect("start", "--dir", str(folders[1]), "--port", str(port))
        assert taken.returncode == 1 and f"127.0.0.1:{port} is already in use" in taken.stderr
    finally:
        stopped = [spark_connect("stop", "--dir", str(folder)) for folder in folders]
    assert stopped[0].returncode == 0 and stopped[0].stdout.strip() == f"stopped {url}"
    after = spark_connect("status", *where)
    assert (after.returncode, after.stdout.split(" (")[0]) == (1, f"stopped: {url}")
    assert not port_open("127.0.0.1", port)
    assert not (folders[0] / "jvm-tmp").exists(), "stop removes the server's temporary files"


def test_a_pid_file_left_by_a_crash_is_not_taken_for_the_server(tmp_path: Path) -> None:
    """Spark's daemon script removes its pid file only on a clean stop; the pid may belong to another process
    since. ``status`` says stopped, ``stop`` kills nothing, and the stale file is removed."""
    other = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(120)"])
    try:
        port = free_port()
        (tmp_path / "pids").mkdir()
        (tmp_path / STATE_FILE).write_text(json.dumps({"host": "127.0.0.1", "port": port, "master": "local[1]"}))
        pid_file = tmp_path / "pids" / f"spark-ahp-{port}-org.apache.spark.sql.connect.service.SparkConnectServer-1.pid"
        pid_file.write_text(f"{other.pid}\n")
        server = server_in(tmp_path)
        assert server is not None and not runs_server(other.pid)

        assert server.pid() is None and not pid_file.exists()
        pid_file.write_text(f"{other.pid}\n")
        assert stop_server(server, grace=1.0) is False
        status = spark_connect("status", "--dir", str(tmp_path))
        assert (status.returncode, status.stdout.split(" (")[0]) == (1, f"stopped: sc://127.0.0.1:{port}")
        assert other.poll() is None, "stop killed a process that was not the server"
    finally:
        other.kill()
        other.wait()


def test_a_server_that_stops_ends_ahp_query_with_one_line_and_a_runs_next_step_is_tried_again(
        tmp_path: Path) -> None:
    """Spark Connect's own client retries a server that stopped for about ten minutes, without a word, and its
    exit handler waits as long again. One server, killed under three clients, each at its point:

    - ``ahp query`` before it has registered its tables (``setup``), and between two questions (``question``):
      each fails after the short retries (``resources.spark.CONNECT_RETRIES``, 12 s): stderr holds one line
      naming the server, the exit code is 2, and the process ends (well inside the minute the test gives it);
    - a run between two steps (``connect_restart_job.py``): the next step's client says in the run's log that
      the server does not answer and retries it for 4 s; the step ends with one line saying so and is tried
      again 1 s later (``resources.spark.spark_step``), waiting for the server while it is down (the resource's
      rule for a server that refuses connections). Once ``ahp query`` has ended, the server is started again:
      the step gets a new session and writes its partition whole, each line once. Killed for good, the server
      fails a step that is not to be tried again with that line and what to do."""
    port, account, day = free_port(), "TEST_ACCOUNT", "2024-03-01"
    url = f"sc://127.0.0.1:{port}"
    where = ["--dir", str(tmp_path / "server"), "--port", str(port), "--master", "local[1]", "--driver-memory", "512m"]
    records = tmp_path / "records.jsonl"
    reference = ROOT / "examples" / "reference"
    assert cli.main(["resolve", "--catalog", str(reference / "catalog.json"), "--log", str(reference / "queries.jsonl"),
                     "--out", str(records)]) == 0
    log = (reference / "queries.jsonl").read_text()
    (tmp_path / "landing" / account / day).mkdir(parents=True)
    (tmp_path / "landing" / account / day / "queries.jsonl").write_text(log)
    commands = {when: [str(CONNECT_LOST_JOB), url, str(records), when] for when in ("setup", "question")} | {
        "run": [str(CONNECT_RESTART_JOB), url, str(tmp_path / "landing"), str(tmp_path / "warehouse"), account, day]}
    jobs: dict[str, subprocess.Popen] = {}
    stderrs = {when: (tmp_path / f"{when}.stderr").open("w") for when in commands}
    try:
        started = spark_connect("start", *where)
        assert started.returncode == 0, started.stderr[-4000:]
        server = server_in(tmp_path / "server")
        assert server is not None and server.pid() is not None
        for when, command in commands.items():
            jobs[when] = subprocess.Popen([sys.executable, *command], cwd=ROOT, stdin=subprocess.PIPE,
                                          stdout=subprocess.PIPE, stderr=stderrs[when], text=True,
                                          env={**os.environ, "AHP_SPARK_LOG_LEVEL": "ERROR"})
        for when, job in jobs.items():
            before = [job.stdout.readline()]  # type: ignore[union-attr]
            while before[-1] not in ("ready\n", ""):
                before.append(job.stdout.readline())  # type: ignore[union-attr]
            assert before[-1] == "ready\n", (when, before, (tmp_path / f"{when}.stderr").read_text()[-4000:])
            if when == "question":
                assert before[0] == "n\n" and int(before[1]) > 0, before
        os.kill(server.pid(), signal.SIGKILL)  # type: ignore[arg-type]
        for job in jobs.values():
            job.stdin.write("next\n")  # type: ignore[union-attr]
            job.stdin.flush()  # type: ignore[union-attr]
        ended = {when: jobs[when].communicate(timeout=60) for when in ("setup", "question")}
        again = spark_connect("start", *where)
        assert again.returncode == 0, again.stderr[-4000:]
        said_again = jobs["run"].stdout.readline()  # type: ignore[union-attr]
        assert said_again == "again\n", (said_again, (tmp_path / "run.stderr").read_text()[-4000:])
        os.kill(server_in(tmp_path / "server").pid(), signal.SIGKILL)  # type: ignore[arg-type, union-attr]
        ended["run"] = jobs["run"].communicate("next\n", timeout=TIMEOUT_SECONDS)
    finally:
        for job in jobs.values():
            job.kill()
        for stderr in stderrs.values():
            stderr.close()
        spark_connect("stop", "--dir", str(tmp_path / "server"))
    for when in ("setup", "question"):
        err = (tmp_path / f"{when}.stderr").read_text()
        assert (jobs[when].returncode, ended[when][0]) == (2, ""), (when, jobs[when].returncode, ended[when][0],
                                                                    err[-4000:])
        assert err == (f"error: lost the Spark Connect server at {url}: it stopped answering and "
                       f"did not come back within 12 s of retries; the session it held is gone: restart it "
                       f"(bin/spark-connect start, on this machine) and ask again\n"), (when, err[-4000:])

    assert jobs["run"].returncode == 0, (tmp_path / "run.stderr").read_text()[-4000:]
    report = json.loads(ended["run"][0].strip().splitlines()[-1])
    assert report["run"] is True, report
    said = [(kind, text) for kind, text in report["said"] if kind != "LOG" or "Spark Connect" in text]
    kinds = [kind for kind, _ in said]
    assert kinds[:5] == ["STEP_START", "LOG", "LOG", "STEP_UP_FOR_RETRY", "STEP_RESTARTED"], json.dumps(said)
    assert kinds[-1] == "STEP_SUCCESS" and "STEP_FAILURE" not in kinds, json.dumps(said)
    lost = f"lost the Spark Connect server at {url}: "
    assert said[1][1] == (f"the Spark Connect server at {url} does not answer: retrying for up to 4 s, "
                          f"then the step is tried again"), said
    assert said[2][1] == (f"{lost}it stopped answering and did not come back within 4 s of retries; "
                          f"this step is tried again in 1 s (1 of 6)"), said
    # While the server is down, each try waits for it (10 s) and is tried again
    assert all(text.startswith(f"cannot reach the Spark Connect server at {url}/;session_id=")
               for kind, text in said[5:] if kind == "LOG"), json.dumps(said)
    assert report["last"] is False and len(report["failures"]) == 1, report
    assert report["failures"][0].endswith(
        f"{lost}it stopped answering and did not come back within 1 s of retries; check the server "
        f"(bin/spark-connect status, on this machine), then run the step again\n"), report["errors"]

    folder = tmp_path / "warehouse" / "raw_query_logs" / f"day={day}" / f"account={account}"
    rows = pq.read_table(partition_files(str(folder)), partitioning=None).to_pylist()
    assert sorted(row["query_id"] for row in rows) == sorted(json.loads(line)["query_id"] for line in log.splitlines())
