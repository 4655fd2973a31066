"""``bin/spark-connect``'s server on a local master: the quick JIT compiler against the JVM's defaults.

    .venv/bin/python benchmarks/connect_server_jit.py [--rounds 2] [--master 'local[2]']

For each setting, alternated over the rounds: ``bin/spark-connect start --warm-up`` (the warm-up's own time,
as the command prints it), then the demo's day (one account, one day, 400 lines: ``bin/demo``'s account-day run)
run twice through the server, each in a scratch landing zone, warehouse and Dagster instance, and the CPU time the
server's JVM used over the three (``ps``). The defaults are asked for with ``--conf
spark.driver.extraJavaOptions=-XX:+UseG1GC`` (the JVM's default collector, which replaces the quick compiler's
options: ``tools.spark_connect.java_options_of``). Run it with nothing else on the machine; it prints a table.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = {"quick compiler (the default)": [], "the JVM's defaults": ["--conf",
                                                                        "spark.driver.extraJavaOptions=-XX:+UseG1GC"]}
DEMO = ["--accounts", "1", "--days", "1", "--statements-per-day", "400"]
#: What a user's shell lacks of a test run's or a deployment's environment.
DROPPED = ("PYSPARK_PYTHON", "SPARK_SUBMIT_OPTS", "SPARK_DAEMON_JAVA_OPTS")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def cpu_seconds(pid: int) -> float:
    """The CPU time process ``pid`` has used (``ps``'s ``[[dd-]hh:]mm:ss``)."""
    shown = subprocess.run(["ps", "-o", "cputime=", "-p", str(pid)], capture_output=True, text=True,
                           check=True).stdout.strip()
    days, _, clock = shown.rpartition("-")
    seconds = 0
    for part in clock.split(":"):
        seconds = seconds * 60 + int(part)
    return seconds + int(days or 0) * 86400


def one(label: str, extra: list[str], master: str, scratch: Path) -> dict[str, float]:
    env = {name: value for name, value in os.environ.items() if name not in DROPPED}
    folder, port = scratch / "server", free_port()
    where = ["--dir", str(folder), "--port", str(port)]
    started = subprocess.run([str(ROOT / "bin" / "spark-connect"), "start", *where, "--master", master,
                              "--warm-up", *extra], cwd=ROOT, env=env, capture_output=True, text=True, check=False)
    try:
        warmed = re.search(r"warmed up in (\d+) s", started.stdout)
        if started.returncode != 0 or not warmed:
            raise SystemExit(f"{label}: the server did not start and warm up:\n{started.stdout}{started.stderr}")
        days = []
        for run in (1, 2):
            day = scratch / f"day{run}"
            shutil.rmtree(day, ignore_errors=True)
            day.mkdir()
            run_env = {**env, "AHP_SPARK_MASTER": f"sc://127.0.0.1:{port}", "AHP_LANDING": str(day / "landing"),
                       "AHP_WAREHOUSE": str(day / "warehouse"), "DAGSTER_HOME": str(day / "dagster_home")}
            done = subprocess.run([sys.executable, "-m", "tools.demo", *DEMO], cwd=day, env=run_env,
                                  capture_output=True, text=True, check=False)
            seconds = re.search(r"^\[ 1/2\] .*\((\d+\.\d) s\)$", done.stdout, re.MULTILINE)
            if done.returncode != 0 or not seconds:
                raise SystemExit(f"{label}: the demo's day failed:\n{done.stdout[-3000:]}{done.stderr[-3000:]}")
            days.append(float(seconds.group(1)))
        pid = int(next((folder / "pids").glob("*.pid")).read_text().split()[0])
        return {"warm-up": float(warmed.group(1)), "day 1": days[0], "day 2": days[1], "server CPU": cpu_seconds(pid)}
    finally:
        subprocess.run([str(ROOT / "bin" / "spark-connect"), "stop", "--dir", str(folder)], cwd=ROOT, env=env,
                       capture_output=True, check=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--master", default="local[2]")
    args = parser.parse_args()
    print("| round | setting | warm-up s | day 1 s | day 2 s | server CPU s |\n| ---: | --- | ---: | ---: | ---: | ---: |")
    began = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
    for round_number in range(1, args.rounds + 1):
        for label, extra in SETTINGS.items():
            with tempfile.TemporaryDirectory(prefix="ahp-jit-") as scratch:
                got = one(label, extra, args.master, Path(scratch))
            print(f"| {round_number} | {label} | {got['warm-up']:.0f} | {got['day 1']:.1f} | {got['day 2']:.1f} | "
                  f"{got['server CPU']:.0f} |", flush=True)
    print(f"\n{args.master}, from {began}; load at the end {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
