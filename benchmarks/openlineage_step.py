"""The ``openlineage_events`` step on a realistic day: seconds per materialization.

Lays the ``day`` workload (``benchmarks/out/day-<N>/``, built by ``workloads.py day --size N``)
out as a landing zone (as ``spark_day.py`` does), materializes its account-day's
``raw_query_logs``, ``catalog`` and ``access_history`` through Dagster on a local Spark
session, then times the ``openlineage_events`` materialization alone, ``--passes`` times, and
prints the seconds of each pass with the events written and the part files they went to.

    .venv/bin/python benchmarks/openlineage_step.py --size 100000 --master 'local[2]' --passes 3
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from spark_day import ACCOUNT, lay_out, scratch_pipeline, workload_folder  # noqa: E402


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--passes", type=int, default=3)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="ahp-openlineage-step-") as tmp:
        tmp_path = Path(tmp)
        day = lay_out(workload_folder(args.size), tmp_path / "landing")
        scratch_pipeline(tmp_path, args.master)
        from datetime import date

        import dagster as dg

        from assets import ALL_ASSETS
        from assets.partitions import ACCOUNTS, partition_key
        from resources import resources_from_env

        instance = dg.DagsterInstance.get()
        instance.add_dynamic_partitions(ACCOUNTS, [ACCOUNT])
        resources = resources_from_env()
        quiet = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}

        def run(names: list[str]) -> dg.ExecuteInProcessResult:
            return dg.materialize(list(ALL_ASSETS), selection=names, partition_key=partition_key(day, ACCOUNT),
                                  instance=instance, resources=resources, run_config=quiet)

        started = time.perf_counter()
        run(["raw_query_logs", "raw_query_logs_quarantine", "catalog", "access_history", "access_history_quarantine"])
        print(f"inputs: {time.perf_counter() - started:.1f} s", flush=True)
        passes = []
        for index in range(args.passes):
            started = time.perf_counter()
            result = run(["openlineage_events"])
            seconds = time.perf_counter() - started
            [materialization] = result.asset_materializations_for_node("openlineage_events")
            files = resources["warehouse"].files("openlineage_events", date.fromisoformat(day), ACCOUNT)
            passes.append({"pass": index + 1, "seconds": round(seconds, 2),
                           "events": materialization.metadata["dagster/row_count"].value, "files": len(files)})
            print(json.dumps(passes[-1]), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
