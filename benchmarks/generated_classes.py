"""Spark's cache of generated classes: room for 1,000 (``resources.spark.CODEGEN_CONF``) against Spark's 100.

    .venv/bin/python benchmarks/generated_classes.py [--days 6] [--rounds 2] [--master 'local[2]']

Spark generates Java code for a query's operators and expressions and compiles it (Janino) into classes it keeps
in a cache shared by every query of the JVM, 100 classes unless ``spark.sql.codegen.cache.maxEntries`` says
otherwise. For each setting, alternated over the rounds, a new process (a new driver, configured as a run's:
``SparkResource`` with the setting added) materializes ``--days`` account-days of one demo account (60 lines a
day) through Dagster, every asset and check of the account-day, one day after the other. Per day it prints the
seconds, the CPU seconds of the driver's JVM (``cpu.py``), the classes Spark compiled (``CodegenMetrics``) and the
JIT compiler's seconds (the JVM's ``CompilationMXBean``). The first day of a process is a cold JVM's; the
medians over the later days are the figures. Run it with nothing else on the machine; it prints a table.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SETTINGS = {"room for 1,000 (the default)": {}, "Spark's 100": {"spark.sql.codegen.cache.maxEntries": "100"}}
LINES_PER_DAY = 60
START = date(2026, 10, 1)


def child(days: int, master: str, conf: dict[str, str]) -> None:
    """Materialize the days in this process; print one JSON line per day."""
    sys.path.insert(0, str(ROOT))
    import cpu
    from demo_days import demo_days

    demo = demo_days(Path(tempfile.mkdtemp(prefix="generated-classes-")), days=days, lines=LINES_PER_DAY,
                      start=START, master=master, conf=conf)
    session = demo.session
    compiled = session._jvm.org.apache.spark.metrics.source.CodegenMetrics.METRIC_COMPILATION_TIME()
    jit = session._jvm.java.lang.management.ManagementFactory.getCompilationMXBean()
    for n in range(days):
        before = (time.monotonic(), cpu.snapshot(), compiled.getCount(), jit.getTotalCompilationTime())
        demo.materialize(n)
        spent = cpu.spent(before[1], cpu.snapshot())
        print(json.dumps({"seconds": time.monotonic() - before[0], "jvm_cpu": spent["jvm"],
                          "compiled": compiled.getCount() - before[2],
                          "jit_seconds": (jit.getTotalCompilationTime() - before[3]) / 1000}), flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=6)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(args.days, args.master, json.loads(args.child))
        return
    runs: dict[str, list[list[dict]]] = {label: [] for label in SETTINGS}
    for round_ in range(args.rounds):
        for label, conf in SETTINGS.items():
            done = subprocess.run([sys.executable, __file__, "--days", str(args.days), "--master", args.master,
                                   "--child", json.dumps(conf)], cwd=ROOT, capture_output=True, text=True, check=False)
            days = [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]
            if done.returncode != 0 or len(days) != args.days:
                raise SystemExit(f"{label}: {done.stderr[-3000:]}")
            runs[label].append(days)
            print(f"round {round_ + 1}, {label}: " + ", ".join(
                f"{d['seconds']:.1f} s/{d['jvm_cpu']:.1f} cpu/{d['compiled']}" for d in days), flush=True)
    print(f"\n{'setting':30} {'first day s':>11} {'later days s':>12} {'JVM CPU s':>9} {'classes compiled':>16} "
          f"{'JIT s':>6}")
    for label, rounds in runs.items():
        later = [day for days in rounds for day in days[1:]]
        first = statistics.median(days[0]["seconds"] for days in rounds)
        print(f"{label:30} {first:11.1f} {statistics.median(d['seconds'] for d in later):12.1f} "
              f"{statistics.median(d['jvm_cpu'] for d in later):9.1f} "
              f"{statistics.median(d['compiled'] for d in later):16.0f} "
              f"{statistics.median(d['jit_seconds'] for d in later):6.1f}")


if __name__ == "__main__":
    main()
