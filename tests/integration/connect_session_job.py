"""Which Spark Connect session a run's Spark resource joins, and which Python workers run its tasks.

    AHP_SPARK_MASTER=sc://127.0.0.1:15002 [AHP_SPARK_SHARED_SESSION=false] \\
        python tests/integration/connect_session_job.py [--day YYYY-MM-DD] [--release-then-again]

Builds the ``spark`` resource as a run does (``resources_from_env``), runs a small Python task
on every core, and prints one JSON line: the server-side session's id, and the process ids, parent
process ids (the Python daemon that forked them), every process above them and the interpreters of the
Python workers that ran the tasks. ``--release-then-again`` then releases that session on
the server (as an idle timeout would close it) and builds the resource again, reporting the
second session too. ``--day`` is the day whose shared session it joins (the test passes one day to all its
processes, so a test that runs across midnight UTC still compares one day's session).

Its own process, since the test process keeps its ``local[2]`` session (a Python process holds
one kind of Spark session).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import pyarrow as pa  # noqa: E402

from resources import resources_from_env  # noqa: E402
from resources import spark as spark_module  # noqa: E402


def ancestors(pid: int) -> str:
    """The processes above ``pid`` up to the first, from ``/proc``, as ``"parent grandparent ..."``."""
    found = []
    while pid > 1:
        pid = int(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[1])
        found.append(str(pid))
    return " ".join(found)


def worker_pid(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    for _ in batches:
        pass
    yield pa.RecordBatch.from_pylist([{"pid": os.getpid(), "parent": os.getppid(), "python": sys.executable,
                                       "ancestors": ancestors(os.getpid())}])


def observed() -> tuple[dict[str, object], object]:
    session = resources_from_env()["spark"].session()
    workers = (session.range(0, 8, numPartitions=4)
               .mapInArrow(worker_pid, "pid long, parent long, python string, ancestors string").collect())
    return {"session_id": session.session_id, "worker_pids": sorted({row.pid for row in workers}),
            "worker_parents": sorted({row.parent for row in workers}),
            "worker_pythons": sorted({row.python for row in workers}),
            "worker_ancestors": sorted({int(pid) for row in workers for pid in row.ancestors.split()})}, session


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--release-then-again", action="store_true")
    parser.add_argument("--day", help="the day whose shared session to join (default: today's, UTC)")
    args = parser.parse_args()
    if args.day:
        spark_module.shared_session_day = lambda: args.day
    first, session = observed()
    report = {"first": first}
    if args.release_then_again:
        session.stop()  # releases the session on the server
        report["again"], _ = observed()
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
