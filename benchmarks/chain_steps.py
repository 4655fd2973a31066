"""The steps of an account-day's chain, run after run, under Spark configurations compared side by side.

    .venv/bin/python benchmarks/chain_steps.py [--lines 10000] [--rounds 3] [--spark local|connect]
        [--variant NAME=JSON ...] [--own-session]

Land to answer (``benchmarks/land_to_answer.py``) measures the whole chain under ``dagster dev``,
where the ticks' phase moves the answer by 20 s either way. This script measures only the runs'
steps, so that a change to what a run does can be compared without that noise:

1. a scratch folder (``benchmarks/out/chain-steps-<time>/``, removed unless ``--keep``) with the
   landing zone, warehouse and ``DAGSTER_HOME`` of land to answer, and one day of ``--lines``
   lines landed;
2. ``--rounds`` times, for each variant in turn (interleaved, so that the machine's drift falls
   on all of them): a new process materializes the account-day's ``raw_query_logs``, ``catalog``
   and ``access_history`` with their checks, as one run does (``dg.materialize``, in-process
   executor), with the variant's Spark properties in ``AHP_SPARK_CONF``. Each process is a new
   Spark session: with ``--spark connect``, a new client of one Spark Connect server started
   here, as each Dagster run is (joining the day's shared server-side session, as runs do unless
   ``AHP_SPARK_SHARED_SESSION=false``);
3. each step's seconds are read from the run's event log; the medians per variant are printed
   and every run is appended to ``benchmarks/results/chain-steps-<nproc>cpu-<ram>g.jsonl``.

A variant is ``NAME=JSON``, the JSON an object of Spark properties (``as-is={}`` is always
included first). ``--own-session`` adds the variant ``own-session``: with Spark Connect, each of
its runs takes a server-side session of its own (``AHP_SPARK_SHARED_SESSION=false``), with new
Python workers.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
from contextlib import ExitStack
from datetime import UTC, date, datetime
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path[:0] = [str(ROOT), str(BENCH_DIR)]

from land_to_answer import ACCOUNT, RESULTS, Scratch, events_of, spark_master  # noqa: E402
from run import engine_state, machine_description, machine_name  # noqa: E402

CHAIN = ("raw_query_logs", "catalog", "access_history")
OWN_SESSION = "own-session"
RESULT_MARK = "CHAIN-STEPS "


def child(folder: Path, day: date) -> int:
    """One run-like materialization of the chain; prints its steps' seconds as one JSON line."""
    import dagster as dg

    from assets import ALL_ASSETS, ALL_CHECKS
    from assets.partitions import ACCOUNTS, partition_key
    from resources import resources_from_env

    assets = dg.AssetSelection.assets(*CHAIN).required_multi_asset_neighbors()
    selection = assets | dg.AssetSelection.checks_for_assets(*assets.resolve(list(ALL_ASSETS)))
    with dg.DagsterInstance.get() as instance:
        if not instance.has_dynamic_partition(ACCOUNTS, ACCOUNT):  # what the landing sensor does
            instance.add_dynamic_partitions(ACCOUNTS, [ACCOUNT])
        result = dg.materialize([*ALL_ASSETS, *ALL_CHECKS], selection=selection, instance=instance,
                                resources=resources_from_env(), partition_key=str(partition_key(day, ACCOUNT)))
        run = events_of(instance, instance.get_run_record_by_id(result.run_id))
        steps = {key: round(end - start, 2) for key, start, end in run.steps}
    print(RESULT_MARK + json.dumps({"success": result.success, "steps": steps}), flush=True)
    return 0 if result.success else 1


def one_run(scratch: Scratch, day: date, master: str, conf: dict[str, str], *, shared: bool = True) -> dict:
    env = {**os.environ, "AHP_SPARK_SHARED_SESSION": str(shared).lower(), "DAGSTER_HOME": str(scratch.home), "AHP_LANDING": str(scratch.landing),
           "AHP_WAREHOUSE": str(scratch.warehouse), "AHP_START_DATE": day.isoformat(),
           "AHP_SPARK_MASTER": master, "AHP_SPARK_CONF": json.dumps(conf), "PYSPARK_PYTHON": sys.executable}
    done = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--child", str(scratch.folder), day.isoformat()], env=env,
                          capture_output=True, text=True, cwd=scratch.folder)
    for line in done.stdout.splitlines():
        if line.startswith(RESULT_MARK):
            return json.loads(line[len(RESULT_MARK):])
    raise SystemExit(f"a run failed (exit {done.returncode}):\n{done.stderr[-3000:]}")


def variants_of(args: argparse.Namespace) -> dict[str, dict[str, str]]:
    variants: dict[str, dict[str, str]] = {"as-is": {}}
    for given in args.variant:
        name, _, conf = given.partition("=")
        try:
            properties = json.loads(conf)
        except json.JSONDecodeError as err:
            raise SystemExit(f"--variant {given!r}: the part after '=' is not JSON ({err})") from None
        if not name or not isinstance(properties, dict):
            raise SystemExit(f"--variant {given!r}: expected NAME={{\"spark.property\": \"value\", ...}}")
        variants[name] = {str(k): str(v) for k, v in properties.items()}
    if args.own_session:
        variants[OWN_SESSION] = {}
    return variants


def medians(runs: list[dict]) -> dict[str, float]:
    steps = sorted({step for run in runs for step in run["steps"]})
    figures = {step: statistics.median(run["steps"].get(step, 0.0) for run in runs) for step in steps}
    figures["total"] = statistics.median(sum(run["steps"].values()) for run in runs)
    return figures


def main(argv: list[str] | None = None) -> int:
    if argv is None and sys.argv[1:2] == ["--child"]:
        return child(Path(sys.argv[2]), date.fromisoformat(sys.argv[3]))
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=10_000, help="log lines of the day (default 10,000)")
    parser.add_argument("--rounds", type=int, default=3, help="runs of each variant (default 3)")
    parser.add_argument("--spark", choices=("local", "connect"), default="connect",
                        help="a Spark Connect server shared by the runs (default), or local[2] in every run")
    parser.add_argument("--variant", action="append", default=[], metavar="NAME=JSON",
                        help="Spark properties of a variant, e.g. 'no-coalesce={\"spark.sql.shuffle.partitions\": 8}'")
    parser.add_argument("--own-session", action="store_true",
                        help="add a variant whose runs take a Spark Connect session each (--spark connect only)")
    parser.add_argument("--label", default="", help="a word saved with the figures")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args(argv)
    if args.own_session and args.spark != "connect":
        parser.error("--own-session needs --spark connect")
    variants = variants_of(args)

    folder = BENCH_DIR / "out" / f"chain-steps-{datetime.now(UTC):%Y%m%dT%H%M%S}"
    scratch = Scratch.make(folder, args.lines)
    day = datetime.now(UTC).date()
    scratch.land(day, args.lines, seed=20240314)
    description = machine_description()
    header = {"date": datetime.now(UTC).isoformat(timespec="seconds"), "label": args.label, "lines": args.lines,
              "spark": args.spark, "machine": description, **engine_state()}
    results = RESULTS / f"chain-steps-{machine_name(description)}.jsonl"
    runs: dict[str, list[dict]] = {name: [] for name in variants}
    try:
        with ExitStack() as stack:
            master = stack.enter_context(spark_master(args.spark, folder))
            print(f"warming up ({master})", flush=True)
            one_run(scratch, day, master, {})  # the server's JIT and the day's first materialization, not measured
            for n in range(args.rounds):
                for name, conf in variants.items():
                    run = one_run(scratch, day, master, conf, shared=name != OWN_SESSION)
                    runs[name].append(run)
                    print(f"round {n + 1} {name}: {sum(run['steps'].values()):.1f} s {json.dumps(run['steps'])}",
                          flush=True)
                    if not args.no_save:
                        RESULTS.mkdir(exist_ok=True)
                        with results.open("a") as out:
                            out.write(json.dumps({**header, "variant": name, "conf": conf, "round": n + 1,
                                                  **run}) + "\n")
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    table = {name: medians(these) for name, these in runs.items() if these}
    steps = list(next(iter(table.values())))
    print(" ".join([f"{'median seconds':>24}", *(f"{name:>16}" for name in table)]))
    for step in steps:
        print(" ".join([f"{step:>24}", *(f"{figures.get(step, 0.0):>16.2f}" for figures in table.values())]))
    if not args.no_save:
        print(f"saved to {results.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
