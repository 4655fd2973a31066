"""``bin/spark-connect`` (``tools/spark_connect.py``): a Spark Connect server on this machine for the runs to share.

The command is run as a user runs it, in processes of its own: ``start`` returns once the server answers and
says how to point the runs at it, a run's Spark resource gets a session there whose Python tasks run on this
interpreter (the project and its packages), a second ``start`` finds it running, another server on its port is
refused with the reason, and ``stop`` ends it (``status`` says so, the port is closed).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tools.spark_connect import port_open

from .services import free_port, run_python_job

ROOT = Path(__file__).resolve().parents[2]
CONNECT_SESSION_JOB = Path(__file__).with_name("connect_session_job.py")
TIMEOUT_SECONDS = 300


def spark_connect(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "tools.spark_connect", *args], cwd=ROOT, capture_output=True,
                          text=True, timeout=TIMEOUT_SECONDS, check=False)


def test_bin_spark_connect_starts_a_server_the_runs_use_and_stops_it(tmp_path: Path) -> None:
    port = free_port()
    where = ["--dir", str(tmp_path / "server"), "--port", str(port)]
    url = f"sc://127.0.0.1:{port}"
    try:
        started = spark_connect("start", *where, "--master", "local[1]", "--driver-memory", "512m")
        assert started.returncode == 0, started.stderr[-4000:]
        assert f"AHP_SPARK_MASTER={url}" in started.stdout

        status = spark_connect("status", *where)
        assert (status.returncode, status.stdout.split(" (")[0]) == (0, f"running: {url}")
        again = spark_connect("start", *where)
        assert again.returncode == 0 and again.stdout.startswith(f"already running: {url}")

        run = run_python_job(CONNECT_SESSION_JOB, [], timeout=TIMEOUT_SECONDS,
                             env={"AHP_SPARK_MASTER": url, "AHP_SPARK_LOG_LEVEL": "ERROR"})
        assert run.returncode == 0, run.stderr[-4000:]
        report = json.loads(run.stdout.strip().splitlines()[-1])["first"]
        assert report["worker_pids"] and report["worker_pythons"] == [sys.executable]

        taken = spark_connect("start", "--dir", str(tmp_path / "other"), "--port", str(port))
        assert taken.returncode == 1 and f"127.0.0.1:{port} is already in use" in taken.stderr
    finally:
        stopped = spark_connect("stop", *where)
    assert stopped.returncode == 0 and stopped.stdout.strip() == f"stopped {url}"
    after = spark_connect("status", *where)
    assert (after.returncode, after.stdout.split(" (")[0]) == (1, f"stopped: {url}")
    assert not port_open("127.0.0.1", port)
