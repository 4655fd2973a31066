"""``ahp query``'s questions through a Spark Connect server that stops before the tables are registered, or
between two questions.

    python tests/integration/connect_lost_job.py sc://127.0.0.1:15002 RECORDS.jsonl setup|question

Opens a session as ``ahp query --records RECORDS.jsonl --master URL`` does: ``setup`` connects (one small
query), prints ``ready`` and waits for a line on stdin (the test stops the server meanwhile), then
registers the tables, printing any error as ``ahp query`` does; ``question`` registers the tables,
answers a first question, prints ``ready``, waits, then answers a second. The exit code is what
``ahp query`` would return.

Its own process, since the test process keeps its ``local[2]`` session (a Python process holds one kind
of Spark session).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from access_history_platform.query import QueryError  # noqa: E402
from resources.spark import spark_session  # noqa: E402
from tools import query  # noqa: E402


def main(url: str, records: str, when: str) -> int:
    args = query.parser().parse_args(["--records", records, "--master", url, "--format", "csv"])
    report = lambda line: print(line, file=sys.stderr)  # noqa: E731
    if when == "setup":
        session = spark_session({"spark.remote": url}, log_level="ERROR")
        session.range(1).count()
        print("ready", flush=True)
        sys.stdin.readline()
        try:
            query.question_session(args, report, session=session)
        except QueryError as err:
            print(f"error: {err}", file=sys.stderr)
            return 2
        return 0
    asked = query.question_session(args, report)
    query.answer_questions(asked, "select count(*) as n from access_history", args, sys.stdout)
    print("ready", flush=True)
    sys.stdin.readline()
    return query.answer_questions(asked, "select query_id from access_history", args, sys.stdout)


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:4]))
