"""``ahp query``'s questions through a Spark Connect server that stops between two of them.

    python tests/integration/connect_lost_job.py sc://127.0.0.1:15002 RECORDS.jsonl

Opens the question session as ``ahp query --records RECORDS.jsonl --master URL`` does, answers a first
question, prints ``asked`` and waits for a line on stdin (the test stops the server meanwhile), then
answers a second and exits with what :func:`tools.query.answer_questions` returned.

Its own process, since the test process keeps its ``local[2]`` session (a Python process holds one kind
of Spark session).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tools import query  # noqa: E402


def main(url: str, records: str) -> int:
    args = query.parser().parse_args(["--records", records, "--master", url, "--format", "csv"])
    asked = query.question_session(args, lambda line: print(line, file=sys.stderr))
    first = query.answer_questions(asked, "select count(*) as n from access_history", args, sys.stdout)
    print(f"asked {first}", flush=True)
    sys.stdin.readline()
    return query.answer_questions(asked, "select query_id from access_history", args, sys.stdout)


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
