"""The realistic day through the Spark pipeline: statements per second of the access_history asset.

Lays the ``day`` workload (``benchmarks/out/day-<N>/``) out as a landing zone, materializes
``raw_query_logs`` and ``catalog`` for its account-day through Dagster on a local Spark
session, then times the ``access_history`` materialization alone, ``--passes`` times, and
prints statements per second. Before the clock starts, the JVM and the Python workers are
warmed up on a second account (``--warm-up N`` lines of another draw of the day's templates,
a catalog of its own: nothing it resolves is cached for the measured account; ``--warm-up 0``
measures the first access_history of a fresh JVM instead). JVM start, warm-up and the
earlier assets are outside the clock; reading the day's lines, resolving them in the Python
workers and writing the records are inside it. The figure is the first pass (the workers
hold no resolution of the day yet); later passes, in the same workers with warm caches, are
reported apart.

    .venv/bin/python benchmarks/spark_day.py --size 100000 --master 'local[2]'
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

ACCOUNT = "BENCH"
WARM_UP = "WARM_UP"


def lay_out(workload: Path, landing: Path) -> str:
    """The workload as a landing zone: ``<landing>/BENCH/catalog.json`` and the day's log; returns the day."""
    first = json.loads(workload.joinpath("queries.jsonl").open().readline())
    day = first["query_start_time"][:10]
    (landing / ACCOUNT / day).mkdir(parents=True)
    shutil.copy(workload / "catalog.json", landing / ACCOUNT / "catalog.json")
    shutil.copy(workload / "queries.jsonl", landing / ACCOUNT / day / "queries.jsonl")
    return day


def workload_folder(size: int) -> Path:
    """The ``day`` workload of ``size`` statements (``benchmarks/out/day-<size>/``); exits saying how to build it."""
    workload = ROOT / "benchmarks" / "out" / f"day-{size}"
    if not (workload / "queries.jsonl").exists():
        sys.exit(f"build the workload first: .venv/bin/python benchmarks/workloads.py day --size {size}")
    return workload


def scratch_pipeline(folder: Path, master: str) -> None:
    """The pipeline's settings for a scratch run in ``folder``: its landing zone, warehouse and Dagster home (made
    here), and the Spark master."""
    os.environ.update({"AHP_LANDING": str(folder / "landing"), "AHP_WAREHOUSE": str(folder / "warehouse"),
                       "AHP_SPARK_MASTER": master, "DAGSTER_HOME": str(folder / "home")})
    (folder / "home").mkdir()


def lay_out_warm_up(workload: Path, landing: Path, day: str, size: int) -> None:
    """Another account on the same day, for warming the JVM and the Python workers up before the clock.

    Its log is another draw of the day's templates (another seed, ``size`` lines) and its
    catalog holds one table more, so that nothing it resolves can be served to the measured
    account from a cache (the workers keep a cache per starting catalog).
    """
    from workloads import day_log

    folder = landing / WARM_UP / day
    folder.mkdir(parents=True)
    catalog = json.loads((workload / "catalog.json").read_text())
    catalog["objects"].append({"domain": "Table", "name": "WARM_UP.PUBLIC.ONLY_HERE", "columns": [{"name": "X"}]})
    (landing / WARM_UP / "catalog.json").write_text(json.dumps(catalog))
    with (folder / "queries.jsonl").open("w") as log:
        for line in day_log(size, seed=1):
            log.write(json.dumps({**line, "query_start_time": day + line["query_start_time"][10:]}) + "\n")


def spark_stages(session, after: int = -1) -> list[dict]:
    """Spark's own task metrics of each stage completed since stage ``after`` (the UI's REST API):
    time in the task threads, CPU of the task threads (the JVM's share of the task, not the
    Python workers'), garbage collection, bytes read, shuffled and written."""
    import urllib.request

    context = session.sparkContext
    if not context.uiWebUrl:
        return []
    url = f"{context.uiWebUrl}/api/v1/applications/{context.applicationId}/stages?status=complete"
    with urllib.request.urlopen(url, timeout=60) as response:
        stages = json.loads(response.read())
    return [{"stage": stage["stageId"], "name": stage["name"].split(" at ")[0], "tasks": stage["numTasks"],
             "run_s": stage["executorRunTime"] / 1e3, "cpu_s": round(stage["executorCpuTime"] / 1e9, 2),
             "gc_s": stage["jvmGcTime"] / 1e3, "input_mb": round(stage["inputBytes"] / 1e6, 1),
             "shuffle_write_mb": round(stage["shuffleWriteBytes"] / 1e6, 1),
             "output_mb": round(stage["outputBytes"] / 1e6, 1)}
            for stage in sorted(stages, key=lambda stage: stage["stageId"]) if stage["stageId"] > after]


def stored_bytes(uris: list[str]) -> int:
    """The bytes the partition's current files take in the store."""
    import fsspec

    return sum(fs.size(path) for fs, path in (fsspec.core.url_to_fs(uri) for uri in uris))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--warm-up", type=int, default=20_000, metavar="N",
                        help="lines of the warm-up account resolved before the clock starts (0: none)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    workload = workload_folder(args.size)
    with tempfile.TemporaryDirectory(prefix="ahp-spark-day-") as tmp:
        tmp_path = Path(tmp)
        day = lay_out(workload, tmp_path / "landing")
        if args.warm_up:
            lay_out_warm_up(workload, tmp_path / "landing", day, args.warm_up)
        scratch_pipeline(tmp_path, args.master)
        import dagster as dg

        from assets import ALL_ASSETS
        from assets.partitions import ACCOUNTS, partition_key
        from resources import resources_from_env

        instance = dg.DagsterInstance.get()
        accounts = [ACCOUNT, WARM_UP] if args.warm_up else [ACCOUNT]
        instance.add_dynamic_partitions(ACCOUNTS, accounts)
        resources = resources_from_env()
        quiet = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}

        def run(names: list[str], account: str = ACCOUNT) -> dg.ExecuteInProcessResult:
            return dg.materialize(list(ALL_ASSETS), selection=names, partition_key=partition_key(day, account),
                                  instance=instance, resources=resources, run_config=quiet)

        # Each multi-asset is selected whole (its table and its quarantine are written together).
        raw, resolving = ["raw_query_logs", "raw_query_logs_quarantine"], ["access_history", "access_history_quarantine"]
        started = time.perf_counter()
        run([*raw, "catalog"])
        if args.warm_up:
            run([*raw, "catalog", *resolving], WARM_UP)
        setup = time.perf_counter() - started
        import cpu

        session = resources["spark"].session()
        timings, statements, cpu_seconds, stages = [], 0, [], []
        for _ in range(args.passes):
            last_stage = max((stage["stage"] for stage in spark_stages(session)), default=-1)
            before, started = cpu.snapshot(), time.perf_counter()
            result = run(resolving)
            timings.append(time.perf_counter() - started)
            cpu_seconds.append(cpu.spent(before, cpu.snapshot()))
            stages.append(spark_stages(session, last_stage))
            [metadata] = [m.metadata for m in result.asset_materializations_for_node("access_history")
                          if m.asset_key == dg.AssetKey("access_history")]
            statements = int(metadata["statements"].value)
            records = int(metadata["dagster/row_count"].value)
        # The first pass is the figure: the workers hold no resolution of this account's day
        # yet (with --warm-up, the JVM and the workers have run the pipeline once, on another
        # account; without, the first access_history in a fresh JVM). Later passes re-resolve
        # the same day in the same workers, whose caches are then warm.
        first, repeats = timings[0], timings[1:]
        stored = stored_bytes(resources["warehouse"].files("access_history", date.fromisoformat(day), ACCOUNT))
        figures = {"size": args.size, "master": args.master, "statements": statements, "warm_up_lines": args.warm_up,
                   "records": records, "record_bytes": stored,
                   "bytes_per_record": round(stored / records, 1) if records else None,
                   "setup_seconds": round(setup, 1), "seconds": [round(t, 2) for t in timings],
                   "statements_per_second": round(statements / first),
                   "warm_statements_per_second": round(statements / statistics.median(repeats)) if repeats else None,
                   "cpu_seconds": cpu_seconds, "stages": stages, "load_average": os.getloadavg()}
        if args.json:
            print(json.dumps(figures))
        else:
            before = (f"JVM start, earlier assets and a warm-up account of {args.warm_up:,} lines" if args.warm_up
                      else "JVM start and earlier assets")
            print(f"access_history on {args.master}: {statements:,} statements in {first:.1f} s = "
                  f"{statements / first:,.0f} statements/s (first pass, caches cold); {before} "
                  f"{setup:.0f} s, not counted")
            if records:
                print(f"  storage: {records:,} records in {stored:,} bytes of Parquet = "
                      f"{stored / records:,.0f} bytes per record, {stored / records:,.0f} GB per billion records")
            for n, (spent, ran) in enumerate(zip(cpu_seconds, stages), 1):
                print(f"  pass {n} CPU seconds: {json.dumps(spent)}")
                for stage in ran:
                    print(f"    stage {json.dumps(stage)}")
            if repeats:
                print(f"  again in the same workers (caches warm): {statistics.median(repeats):.1f} s "
                      f"(median of {len(repeats)}) = {figures['warm_statements_per_second']:,} statements/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
