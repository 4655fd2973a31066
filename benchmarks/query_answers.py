"""How long ``ahp query`` takes to answer: the session's start, the first answer, and the answers after it
in the same session (the interactive mode), for the reference's queries (examples/queries) and, over a
warehouse, bin/demo's three questions.

    .venv/bin/python benchmarks/query_answers.py [--warehouse ./warehouse | --records R.jsonl [--catalog C.json]]
        [--master local[2] | spark://host:7077 | sc://host:15002] [--passes 3] [--now 2024-03-15]
        [--cpu-pid PID ...] [--json] [--save]

Over the demo's warehouse (``bin/demo`` first) or ``ahp resolve``'s output. It goes through the
command's own code (``tools.query``): the pipeline's session set-up for ``--master``, the tables
registered once and the ACCESS_HISTORY views kept in memory (``keep``, as the interactive mode does;
``--no-keep``: as a single question does), each question translated and answered. Every answer is
timed in wall time and in CPU time: of this process and its children (the driver's JVM), and of
the processes ``--cpu-pid`` names and their children (a Spark Connect server, a standalone worker
and its executors). Prints one line per question and pass, and a summary; ``--save`` appends the
figures, the machine and the load averages to ``benchmarks/results/query-answers-<machine>-<date>.jsonl``.
Times measured on a loaded machine are not benchmark results: read the load average beside them.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from resources import spark_config_for, spark_session  # noqa: E402
from run import RESULTS_DIR, engine_state, machine_description, machine_name  # noqa: E402
from tools import query  # noqa: E402
from tools.demo import DEMO_QUESTIONS  # noqa: E402

_TICK = os.sysconf("SC_CLK_TCK")


def cpu_seconds(roots: list[int]) -> float:
    """User and system CPU seconds of the processes ``roots`` and all their descendants (``/proc``)."""
    children: dict[int, list[int]] = {}
    used: dict[int, float] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:  # ended meanwhile
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        children.setdefault(int(fields[1]), []).append(int(entry))
        used[int(entry)] = (int(fields[11]) + int(fields[12])) / _TICK
    seen, pending = set(), list(roots)
    while pending:
        pid = pending.pop()
        if pid not in seen:
            seen.add(pid)
            pending += children.get(pid, [])
    return sum(used.get(pid, 0.0) for pid in seen)


class Clock:
    """Wall and CPU seconds of a step, with the load average when it ended."""

    def __init__(self, roots: list[int]) -> None:
        self.roots = roots

    def __enter__(self) -> Clock:
        self.wall, self.cpu = time.perf_counter(), cpu_seconds(self.roots)
        return self

    def __exit__(self, *exc: object) -> None:
        self.figures = {"seconds": round(time.perf_counter() - self.wall, 3),
                        "cpu_seconds": round(cpu_seconds(self.roots) - self.cpu, 2),
                        "load_average": round(os.getloadavg()[0], 1)}


def questions(args: argparse.Namespace) -> list[tuple[str, str, str]]:
    """(name, dialect, SQL) of every question asked."""
    asked = [(path.name, "snowflake", path.read_text()) for path in args.queries]
    if not args.records and not args.no_demo_questions:
        asked += [(f"demo: {title.split(':')[0].split(' (')[0]}", "spark", sql) for title, sql in DEMO_QUESTIONS]
    return asked


def distribution(values: list[float]) -> dict[str, float] | None:
    if not values:
        return None
    ordered = sorted(values)
    return {"min": ordered[0], "median": round(statistics.median(ordered), 3),
            "p90": ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))], "max": ordered[-1], "n": len(ordered)}


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    roots = [os.getpid(), *args.cpu_pid]
    started, load_before = dt.datetime.now(dt.timezone.utc), list(os.getloadavg())
    with Clock(roots) as start:
        # a Connect server's UI is the server's to configure
        conf = {} if args.master.startswith("sc://") else {"spark.ui.enabled": "false"}
        session = spark_session(spark_config_for(args.master, conf), log_level="OFF")
    flags = ["--records", str(args.records)] if args.records else ["--warehouse", args.warehouse]
    flags += ["--catalog", str(args.catalog)] if args.catalog else []
    flags += ["--now", args.now] if args.now else []
    with Clock(roots) as tables:
        asked = query.question_session(query.parser().parse_args(flags), lambda line: print(line, file=sys.stderr),
                                       session=session, keep=not args.no_keep)
    with Clock(roots) as warm:
        if args.warm:
            asked.warm()
    answers = []
    for number in range(args.passes):
        for name, dialect, sql in questions(args):
            asked.dialect = dialect
            with Clock(roots) as clock:
                _, rows = asked.answer(sql)
            answers.append({"pass": number + 1, "query": name, "rows": len(rows), **clock.figures})
            if not args.json:
                print(f"pass {number + 1}  {name:45} {len(rows):6} rows  {clock.figures['seconds']:7.2f} s  "
                      f"cpu {clock.figures['cpu_seconds']:6.2f} s  load {clock.figures['load_average']:5.1f}", flush=True)
    summary = {
        "started": started.isoformat(timespec="seconds"), "engine": engine_state()["git_commit"],
        "command": " ".join(["benchmarks/query_answers.py", *(argv if argv is not None else sys.argv[1:])]),
        "master": args.master, "source": flags, "keep": not args.no_keep, "load_average_before": load_before,
        "session_start": start.figures, "tables": tables.figures, "warm": warm.figures if args.warm else None,
        "first_answer": answers[0],
        "first_answer_after_start_seconds": round(sum(step.figures["seconds"] for step in (start, tables, warm))
                                                  + answers[0]["seconds"], 2),
        # a question asked for the first time in the session (its plan and code are new), and any answer
        "new_questions": _figures([a for a in answers[1:] if a["pass"] == 1]),
        "later_answers": _figures(answers[1:]),
        "load_average_after": list(os.getloadavg()), "answers": answers,
    }
    print(json.dumps(summary, indent=1) if args.json else json.dumps({k: v for k, v in summary.items() if k != "answers"}))
    if args.save:
        description = machine_description()
        path = RESULTS_DIR / f"query-answers-{machine_name(description)}-{started.date().isoformat()}.jsonl"
        with path.open("a") as out:
            out.write(json.dumps({**summary, "machine": description}) + "\n")
        print(f"appended to {path.relative_to(ROOT)}", file=sys.stderr)
    return 0


def _figures(answers: list[dict]) -> dict[str, object]:
    return {"seconds": distribution([a["seconds"] for a in answers]),
            "cpu_seconds": distribution([a["cpu_seconds"] for a in answers]),
            "load_average": distribution([a["load_average"] for a in answers])}


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warehouse", default=os.environ.get("AHP_WAREHOUSE", "./warehouse"))
    parser.add_argument("--records", type=Path)
    parser.add_argument("--catalog", type=Path)
    parser.add_argument("--master", default=os.environ.get("AHP_SPARK_MASTER", "local[2]"))
    parser.add_argument("--passes", type=int, default=3, help="times every question is asked (default 3)")
    parser.add_argument("--now", default=None, help="ask as of this time (as ahp query --now)")
    parser.add_argument("--queries", type=Path, nargs="*", default=sorted((ROOT / "examples" / "queries").glob("*.sql")))
    parser.add_argument("--no-demo-questions", action="store_true", help="only the --queries (default: bin/demo's too)")
    parser.add_argument("--no-keep", action="store_true", help="do not keep the ACCESS_HISTORY views in memory")
    parser.add_argument("--warm", action="store_true",
                        help="compute the kept views before the first question (the interactive mode does it while "
                             "the first question is typed)")
    parser.add_argument("--cpu-pid", type=int, action="append", default=[],
                        help="count this process's CPU time too, with its children's (a Connect server, a worker)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--save", action="store_true", help="append the figures to benchmarks/results/")
    return parser.parse_args(argv)


if __name__ == "__main__":
    sys.exit(main())
