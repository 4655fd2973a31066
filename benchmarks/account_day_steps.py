"""Where a warm account-day's time goes, step by step: seconds and Spark jobs, this checkout against another revision.

    .venv/bin/python benchmarks/account_day_steps.py [--days 4] [--lines 60] [--rounds 2] [--against REV]

Each round, for this checkout and (with ``--against``) a ``git worktree`` of ``REV`` in turn (interleaved, so that
the machine's drift falls on both), a new process (a new local[2,2] driver configured as the tests' session:
``SparkResource``, two shuffle partitions, Spark's event log on) materializes ``--days`` account-days of one demo
account (``--lines`` lines a day), every asset and check of the account-day, one day after the other, through
Dagster (in-process executor). The first day is a cold JVM's and is left out; for the later days, each step's
seconds come from the run's Dagster events and its Spark jobs (and their seconds) from Spark's event log, a job
counted in the step during which it started and ended. It prints, per step, the mean over the later days and the
rounds: seconds, jobs, seconds inside jobs. Run it with nothing else on the machine. Both revisions run on this
checkout's ``.venv``.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def child(root: Path, days: int, lines: int) -> None:
    """Materialize the days with the code under ``root``; print one JSON object: per step, its warm days' figures."""
    sys.path.insert(0, str(root))
    import logging
    from datetime import date

    from demo_days import demo_days

    logging.getLogger("dagster").setLevel(logging.WARNING)
    scratch = Path(tempfile.mkdtemp(prefix="account-day-steps-"))
    events = scratch / "events"
    events.mkdir()
    demo = demo_days(scratch, days=days, lines=lines, start=date(2026, 10, 1), master="local[2,2]", conf={
        "spark.sql.shuffle.partitions": "2", "spark.default.parallelism": "2", "spark.eventLog.enabled": "true",
        "spark.eventLog.dir": str(events), "spark.eventLog.compress": "false",
        "spark.eventLog.rolling.enabled": "false"})
    runs = [demo.materialize(n) for n in range(days)]
    demo.session.stop()
    jobs = []
    for log in (path for path in events.rglob("*") if path.is_file()):
        started = {}
        for line in log.read_text().splitlines():
            event = json.loads(line)
            if event["Event"] == "SparkListenerJobStart":
                started[event["Job ID"]] = event["Submission Time"] / 1000
            elif event["Event"] == "SparkListenerJobEnd" and event["Job ID"] in started:
                jobs.append((started[event["Job ID"]], event["Completion Time"] / 1000))
    steps: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0, 0.0])
    for run_id in runs[1:]:
        spans: dict[str, list[float]] = {}
        for record in demo.instance.all_logs(run_id):
            event = record.dagster_event
            if event is None or event.step_key is None:
                continue
            if event.event_type_value == "STEP_START":
                spans[event.step_key] = [record.timestamp, record.timestamp]
            elif event.event_type_value == "STEP_SUCCESS":
                spans[event.step_key][1] = record.timestamp
        for step, (begin, end) in spans.items():
            inside = [(a, b) for a, b in jobs if a >= begin and b <= end]
            figures = steps[step]
            figures[0] += (end - begin) / (len(runs) - 1)
            figures[1] += len(inside) / (len(runs) - 1)
            figures[2] += sum(b - a for a, b in inside) / (len(runs) - 1)
    print(json.dumps(steps))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=4)
    parser.add_argument("--lines", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--against", help="a git revision to compare with (run from a worktree of it)")
    parser.add_argument("--child", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child is not None:
        child(Path(args.child), args.days, args.lines)
        return
    codes = {"this checkout": ROOT}
    with tempfile.TemporaryDirectory(prefix="account-day-steps-") as scratch:
        if args.against:
            worktree = Path(scratch) / "against"
            subprocess.run(["git", "worktree", "add", "--detach", str(worktree), args.against], cwd=ROOT, check=True,
                           capture_output=True)
            codes[args.against] = worktree
        try:
            figures: dict[str, list[dict[str, list[float]]]] = {label: [] for label in codes}
            for round_ in range(args.rounds):
                for label, code in codes.items():
                    done = subprocess.run([sys.executable, __file__, "--days", str(args.days), "--lines",
                                           str(args.lines), "--child", str(code)], cwd=code, capture_output=True,
                                          text=True, check=False, env={**os.environ, "PYTHONPATH": str(code)})
                    if done.returncode != 0:
                        raise SystemExit(f"{label}: {done.stderr[-3000:]}")
                    steps = json.loads(done.stdout.strip().splitlines()[-1])
                    figures[label].append(steps)
                    print(f"round {round_ + 1}, {label}: a warm day {sum(s[0] for s in steps.values()):.1f} s of "
                          f"steps, {sum(s[1] for s in steps.values()):.0f} Spark jobs", flush=True)
        finally:
            if args.against:
                subprocess.run(["git", "worktree", "remove", "--force", str(codes[args.against])], cwd=ROOT,
                               check=False, capture_output=True)
    names = sorted({step for rounds in figures.values() for steps in rounds for step in steps},
                   key=lambda step: -figures["this checkout"][0].get(step, [0])[0])
    header = "".join(f" | {label[:20]:>20} s, jobs, in jobs" for label in codes)
    print(f"\n{'step':28}{header}")
    for step in [*names, "total"]:
        cells = []
        for rounds in figures.values():
            if step == "total":
                mean = [sum(sum(steps[s][i] for s in steps) for steps in rounds) / len(rounds) for i in range(3)]
            else:
                mean = [sum(steps.get(step, [0, 0, 0])[i] for steps in rounds) / len(rounds) for i in range(3)]
            cells.append(f" | {mean[0]:22.2f} {mean[1]:5.1f} {mean[2]:8.2f}")
        print(f"{step:28}{''.join(cells)}")


if __name__ == "__main__":
    main()
