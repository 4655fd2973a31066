"""A resolving task's Python work on a realistic day, in-process: the function Spark runs in its workers, without Spark.

Reads the ``day`` workload (``benchmarks/out/day-<N>/``) as ``raw_query_logs`` stores it, replays the day's
catalog as the ``catalog`` asset does, and runs what one task of ``access_history`` runs
(:func:`~access_history_platform.spark.parts.write_outcomes` over
:func:`~access_history_platform.spark.batch.make_resolve_batch`'s function) on all of the day's lines, as Arrow
batches of 10,000 rows, writing its part files into a scratch folder. Each pass starts with the worker's caches
cold, as the first pass of ``spark_day.py`` does; a pass's CPU seconds are the process's. What it leaves out of a
task on Spark: reading the lines from the JVM and the split by statement shape (one task gets every line here).
With ``--no-write`` the part files are not written (the outcome batches are built and dropped).

    .venv/bin/python benchmarks/worker_batch.py --size 100000 --passes 3
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--no-write", action="store_true", help="build the outcome batches but write no file")
    args = parser.parse_args(argv)

    import pyarrow as pa

    import access_history_platform.spark.batch as batch
    from access_history_platform.spark.logs import RESOLVER_COLUMNS, log_rows
    from access_history_platform.spark.parts import write_outcomes
    from access_history_platform.spark.versions import initial_state, replay_catalog_day

    workload = ROOT / "benchmarks" / "out" / f"day-{args.size}"
    if not (workload / "queries.jsonl").exists():
        sys.exit(f"build the workload first: .venv/bin/python benchmarks/workloads.py day --size {args.size}")
    content = (workload / "queries.jsonl").read_bytes()
    day = date.fromisoformat(json.loads(content[:content.index(b"\n")])["query_start_time"][:10])
    rows = [row for row in log_rows("queries.jsonl", content, account="BENCH", day=day) if row["kind"] == "line"]
    rows.sort(key=lambda row: (row["query_start_time"], row["line"]))
    for position, row in enumerate(rows):
        row["log_position"] = position
    state = initial_state(json.loads((workload / "catalog.json").read_text()))
    catalog_lines = [row for row in rows if row["changes_catalog"]]
    decided = replay_catalog_day(state, catalog_lines, {}, account="BENCH").decided
    lines = pa.Table.from_pylist([{name: row.get(name) for name in RESOLVER_COLUMNS} for row in rows])
    del rows

    seconds = []
    for _ in range(args.passes):
        batch._WORKER_STATES.clear()  # the day's catalog and resolution cache: cold, as a first pass on Spark
        resolve = batch.make_resolve_batch(catalog_state=state["catalog"], catalog_lines=catalog_lines, parents={},
                                           account="BENCH", decided=decided)
        gc.collect()
        with tempfile.TemporaryDirectory() as scratch:
            for folder in ("records", "quarantine"):
                Path(scratch, folder).mkdir()
            started = time.process_time()
            if args.no_write:
                for _ in resolve(iter(lines.to_batches(max_chunksize=10_000))):
                    pass
            else:
                for _ in write_outcomes(iter(lines.to_batches(max_chunksize=10_000)), resolve=resolve,
                                        records_uri=f"{scratch}/records", quarantine_uri=f"{scratch}/quarantine"):
                    pass
            seconds.append(time.process_time() - started)
    print(json.dumps({"size": args.size, "lines": lines.num_rows, "write": not args.no_write,
                      "cpu_seconds": [round(s, 2) for s in seconds],
                      "lines_per_cpu_second": [round(lines.num_rows / s) for s in seconds]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
