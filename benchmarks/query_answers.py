"""How long ``ahp query`` takes to answer: the session's start, the first answer, and the answers after it
in the same session (the interactive mode), for the reference's queries (examples/queries).

    .venv/bin/python benchmarks/query_answers.py [--warehouse ./warehouse | --records R.jsonl [--catalog C.json]]
        [--master local[2] | spark://host:7077 | sc://host:15002] [--passes 2] [--now 2024-03-15]

Over the demo's warehouse (``bin/demo`` first) or ``ahp resolve``'s output. It goes through the
command's own code (``tools.query``): the pipeline's session set-up for ``--master``, the tables
registered once, each question translated and answered. Prints one line per question and pass,
and a summary (JSON with ``--json``). Times measured on a loaded machine are not benchmark results.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from resources import spark_config_for, spark_session  # noqa: E402
from tools import query  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--warehouse", default=os.environ.get("AHP_WAREHOUSE", "./warehouse"))
    parser.add_argument("--records", type=Path)
    parser.add_argument("--catalog", type=Path)
    parser.add_argument("--master", default=os.environ.get("AHP_SPARK_MASTER", "local[2]"))
    parser.add_argument("--passes", type=int, default=2, help="times every question is asked (default 2)")
    parser.add_argument("--now", default=None, help="ask as of this time (as ahp query --now)")
    parser.add_argument("--queries", type=Path, nargs="*", default=sorted((ROOT / "examples" / "queries").glob("*.sql")))
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    started = time.perf_counter()
    session = spark_session(spark_config_for(args.master, {"spark.ui.enabled": "false"}), log_level="OFF")
    session_seconds = time.perf_counter() - started
    flags = ["--records", str(args.records)] if args.records else ["--warehouse", args.warehouse]
    flags += ["--catalog", str(args.catalog)] if args.catalog else []
    flags += ["--now", args.now] if args.now else []
    registered = time.perf_counter()
    asked = query.question_session(query.parser().parse_args(flags), lambda line: print(line, file=sys.stderr),
                                   session=session)
    register_seconds = time.perf_counter() - registered
    answers = []
    for number in range(args.passes):
        for path in args.queries:
            begun = time.perf_counter()
            _, rows = asked.answer(path.read_text())
            seconds = time.perf_counter() - begun
            answers.append({"pass": number + 1, "query": path.name, "rows": len(rows), "seconds": round(seconds, 3)})
            if not args.json:
                print(f"pass {number + 1}  {path.name:45} {len(rows):6} rows  {seconds:7.2f} s", flush=True)
    later = [a["seconds"] for a in answers[1:]]
    summary = {
        "master": args.master, "source": flags, "session_start_seconds": round(session_seconds, 2),
        "tables_seconds": round(register_seconds, 2), "first_answer_seconds": answers[0]["seconds"],
        "first_answer_after_start_seconds": round(session_seconds + register_seconds + answers[0]["seconds"], 2),
        "next_answers_median_seconds": round(statistics.median(later), 2) if later else None,
        "next_answers_max_seconds": max(later) if later else None,
        "load_average": os.getloadavg(), "answers": answers,
    }
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        print(json.dumps({k: v for k, v in summary.items() if k != "answers"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
