"""Land to answer: from a log file landing to its ``access_history`` and ``org_access_history`` partitions,
under ``dagster dev``'s daemon, with the time of every stage in between.

    .venv/bin/python benchmarks/land_to_answer.py [--lines 10000] [--rounds 3] [--spark local|connect|connect-local]

What it does, in a scratch folder (``benchmarks/out/land-to-answer-<time>/``, removed unless ``--keep``):

1. a landing zone with one account (``BENCH``) holding the ``day`` workload's catalog
   (``benchmarks/workloads.py``), a warehouse, and a ``DAGSTER_HOME`` with the embedded
   instance's ``dagster.yaml`` (``resources/local_instance.yaml``: the run queue and its
   limits, as ``bin/demo`` and ``dagster dev`` use it);
2. ``dagster dev`` (webserver and daemon) on ``workspace.yaml``, started from the scratch
   folder (no ``.env`` of the repository is read) with ``AHP_LANDING``, ``AHP_WAREHOUSE``,
   ``AHP_START_DATE`` and ``AHP_SPARK_MASTER`` pointing at it; ``--spark connect`` first starts a
   Spark Connect server on a standalone cluster on loopback (``tests/integration/services.py``)
   and gives the runs ``sc://`` as their master, so that no run starts a JVM of its own;
   ``--spark connect-local`` starts ``bin/spark-connect``'s server instead (``tools/spark_connect.py``: one
   JVM, a ``local[2]`` master, as on a laptop);
3. once the daemon's sensors have ticked, ``--rounds`` times: a day of ``--lines`` log lines
   (the ``day`` workload's templates, another seed each day) is written under a name the
   pipeline does not read and renamed into ``BENCH/<day>/queries.jsonl`` (the landing moment),
   and the clock runs until that day's ``org_access_history`` is materialized;
4. every stage is read back from the instance (run records and event log), not from the
   clock of this script, along the chain of runs that leads to the answer
   (:func:`critical_path`): the wait before each run (the sensor's pick-up for the first, the
   automation's for the others), the queue, the launch (process spawn, imports, code load:
   ``RUN_STARTING`` to ``RUN_START``), Spark's start (the ``Spark session started`` line the
   Spark resource logs), the asset steps, the check steps, and the rest of the run. The
   stages add up to the answer's time. The next day lands once every run has ended (the
   assets after ``access_history`` finish after the answer).

Figures are appended, with the machine, the commit and the load average before and after
each round, to ``benchmarks/results/land-to-answer-<nproc>cpu-<ram>g.jsonl``. On a shared
machine the load average says how far to trust them.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import asdict, dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path[:0] = [str(ROOT), str(BENCH_DIR)]

import dagster as dg  # noqa: E402
from dagster import DagsterEventType  # noqa: E402

from resources.instance import LOCAL_INSTANCE  # noqa: E402
from resources.spark import SESSION_STARTED  # noqa: E402
from tools.common import stop_process_group  # noqa: E402
from run import engine_state, machine_description, machine_name  # noqa: E402
from workloads import build_day, day_log, workload_dir  # noqa: E402

ACCOUNT = "BENCH"
LANDING_SENSOR, AUTOMATION_SENSOR = "landing_zone_sensor", "access_history_automation"
RESULTS = BENCH_DIR / "results"
SPARK_SECONDS = re.compile(rf"^{SESSION_STARTED} in ([0-9.]+) s")
POLL_SECONDS = 0.5


# --------------------------------------------------------------------------- the scratch deployment


@dataclass
class Scratch:
    folder: Path
    landing: Path
    warehouse: Path
    home: Path

    @classmethod
    def make(cls, folder: Path, lines: int) -> Scratch:
        scratch = cls(folder, folder / "landing", folder / "warehouse", folder / "dagster_home")
        for path in (scratch.landing / ACCOUNT, scratch.warehouse, scratch.home):
            path.mkdir(parents=True)
        shutil.copyfile(LOCAL_INSTANCE, scratch.home / "dagster.yaml")
        workload = workload_dir("day", size=lines)
        if not (workload / "catalog.json").exists():
            build_day(workload, lines)
        shutil.copyfile(workload / "catalog.json", scratch.landing / ACCOUNT / "catalog.json")
        return scratch

    def land(self, day: date, lines: int, seed: int) -> float:
        """Write the day's log beside its final name and rename it in: the landing moment (the file's mtime)."""
        folder = self.landing / ACCOUNT / day.isoformat()
        folder.mkdir()
        partial = folder / "queries.jsonl.partial"
        with partial.open("w") as log:
            for line in day_log(lines, seed=seed):
                log.write(json.dumps({**line, "query_start_time": day.isoformat() + line["query_start_time"][10:]})
                          + "\n")
        final = folder / "queries.jsonl"
        partial.replace(final)
        return final.stat().st_mtime


@contextmanager
def spark_master(kind: str, folder: Path, *, warm: bool = False) -> Iterator[str]:
    """The runs' master: ``local[2]`` in each run, or ``sc://`` to a Spark Connect server started here and
    stopped at the end: ``bin/spark-connect``'s (``connect-local``: a ``local[2]`` master in the server's JVM) or
    one on a standalone cluster on loopback (``connect``), its tasks on this interpreter; ``warm``: the first
    warmed up (``bin/spark-connect start --warm-up``) before the first day lands."""
    if kind == "local":
        yield "local[2]"
        return
    if kind == "connect-local":
        from tools.spark_connect import start_server, stop_server, warm_up

        from tests.integration.services import free_port

        server = start_server(folder / "spark-connect", master="local[2]", port=free_port())
        try:
            if warm:
                print(f"server warmed up in {warm_up(server):.0f} s", flush=True)
            yield server.url
        finally:
            stop_server(server)
        return
    from tests.integration.services import start_spark_connect, start_spark_standalone

    with start_spark_standalone(folder / "spark-cluster", worker_cores=2, worker_memory="3g") as cluster, \
            start_spark_connect(cluster, folder / "spark-connect", extra_conf={
                "spark.cores.max": "2", "spark.executor.cores": "2", "spark.executor.memory": "2g"}) as server:
        yield server.url


@contextmanager
def dagster_dev(scratch: Scratch, env: dict[str, str], port: int) -> Iterator[subprocess.Popen]:
    """``dagster dev`` on the repository's workspace, started from the scratch folder; stopped (its process
    group, by its own pid) at the end."""
    log = (scratch.folder / "dagster-dev.log").open("w")
    command = [str(Path(sys.executable).parent / "dagster"), "dev", "-w", str(ROOT / "workspace.yaml"),
               "-h", "127.0.0.1", "-p", str(port)]
    process = subprocess.Popen(command, cwd=scratch.folder, env=env, stdout=log, stderr=subprocess.STDOUT,
                               start_new_session=True)
    try:
        yield process
    finally:
        stop_process_group(process, grace_seconds=60)
        log.close()


def wait_for_sensors(instance: dg.DagsterInstance, process: subprocess.Popen, log: Path, timeout: float) -> None:
    """Until both sensors have ticked once (the daemon is up and the code location loaded)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"dagster dev exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        ticked = {state.instigator_name for state in instance.all_instigator_state()
                  if instance.get_ticks(state.instigator_origin_id, state.selector_id, limit=1)}
        if {LANDING_SENSOR, AUTOMATION_SENSOR} <= ticked:
            return
        time.sleep(1)
    raise RuntimeError(f"the sensors did not tick within {timeout:.0f} s:\n{log.read_text()[-3000:]}")


# --------------------------------------------------------------------------- the answer and its stages


def materialized_at(instance: dg.DagsterInstance, asset: str, partition: str, after: float) -> float | None:
    records = instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey(asset), asset_partitions=[partition], after_timestamp=after),
        limit=1).records
    return records[0].timestamp if records else None


def wait_for_answer(instance: dg.DagsterInstance, day: date, landed: float, timeout: float) -> dict[str, float]:
    """Seconds from landing to the day's ``access_history`` and ``org_access_history`` materializations."""
    wanted = {"access_history": f"{ACCOUNT}|{day.isoformat()}", "org_access_history": day.isoformat()}
    seen: dict[str, float] = {}
    deadline = time.monotonic() + timeout
    while len(seen) < len(wanted):
        if time.monotonic() > deadline:
            raise RuntimeError(f"{day}: no answer within {timeout:.0f} s (materialized: {sorted(seen)}); "
                               "see the runs in the scratch DAGSTER_HOME (--keep)")
        for asset, partition in wanted.items():
            if asset not in seen and (at := materialized_at(instance, asset, partition, landed)) is not None:
                seen[asset] = at - landed
        time.sleep(POLL_SECONDS)
    return seen


@dataclass
class RunEvents:
    """What one run's records and event log say, in absolute seconds."""

    job: str
    partition: str
    created: float
    starting: float           # RUN_STARTING: dequeued, handed to the run launcher
    started: float            # RUN_START: the run worker has imported the code and begins
    ended: float | None
    spark_start: float        # seconds, from the Spark resource's line
    steps: list[tuple[str, float, float]]   # (step key, start, end)
    materialized: list[float]  # materializations and check evaluations: what the automation reacts to


def run_events(instance: dg.DagsterInstance, landed: float) -> list[RunEvents]:
    """Every run created after ``landed``, in creation order."""
    records = sorted(instance.get_run_records(dg.RunsFilter(created_after=datetime.fromtimestamp(landed, UTC))),
                     key=lambda record: record.create_timestamp)
    return [events_of(instance, record) for record in records]


def events_of(instance: dg.DagsterInstance, record: dg.RunRecord) -> RunEvents:
    created = record.create_timestamp.timestamp()
    marks: dict[DagsterEventType, float] = {}
    step_starts: dict[str, float] = {}
    steps, materialized, spark = [], [], 0.0
    for entry in instance.all_logs(record.dagster_run.run_id):
        if not entry.is_dagster_event:
            if (match := SPARK_SECONDS.match(entry.user_message or "")):
                spark += float(match.group(1))
            continue
        kind = entry.dagster_event.event_type
        marks.setdefault(kind, entry.timestamp)
        if kind == DagsterEventType.STEP_START:
            step_starts[entry.step_key] = entry.timestamp
        elif kind in (DagsterEventType.STEP_SUCCESS, DagsterEventType.STEP_FAILURE):
            steps.append((entry.step_key, step_starts[entry.step_key], entry.timestamp))
        elif kind in (DagsterEventType.ASSET_MATERIALIZATION, DagsterEventType.ASSET_CHECK_EVALUATION):
            materialized.append(entry.timestamp)
    starting = marks.get(DagsterEventType.RUN_STARTING, created)
    return RunEvents(job=record.dagster_run.job_name, partition=record.dagster_run.tags.get("dagster/partition", ""),
                     created=created, starting=starting, started=marks.get(DagsterEventType.RUN_START, starting),
                     ended=record.end_time, spark_start=spark, steps=steps, materialized=materialized)


STAGES = ("wait_before", "queued", "launch", "spark_start", "assets", "checks", "rest")


def critical_path(runs: list[RunEvents], landed: float, answered: float) -> list[dict[str, float | str]]:
    """The runs between landing and answer as a chain, each split into :data:`STAGES` (seconds).

    A run's part of the chain ends when it ended, or, if the next run was created while it still
    ran, at its last materialization or check evaluation before that (what the automation reacted to: the
    rollup waits for the blocking checks of the records); the last run's
    part ends at the answer. The wait before a run is the time from the previous part's end (the
    landing, for the first run) to the run's creation: the sensor's pick-up, then the automation's
    reaction. The stages of the chain add up to the answer's time.
    """
    chain, previous_end = [], landed
    for n, run in enumerate(runs):
        if n + 1 < len(runs):
            following = runs[n + 1].created
            finished = run.ended is not None and run.ended <= following
            until = run.ended if finished else max([t for t in run.materialized if t <= following], default=following)
        else:
            finished, until = False, answered
        chain.append({"job": run.job, "partition": run.partition, **_stages(run, previous_end, until, finished)})
        previous_end = until
        if until >= answered:
            break
    return chain


def _stages(run: RunEvents, previous_end: float, until: float, finished: bool) -> dict[str, float]:
    def clipped(start: float, end: float) -> float:
        return max(0.0, min(end, until) - start)

    steps = {key: clipped(start, end) for key, start, end in run.steps if start < until}
    checks = sum(seconds for key, seconds in steps.items() if key.endswith("_checks"))
    work = sum(steps.values())
    in_run = clipped(run.started, run.ended if finished and run.ended else until)
    return {"wait_before": run.created - previous_end, "queued": clipped(run.created, run.starting),
            "launch": clipped(run.starting, run.started), "spark_start": min(run.spark_start, work - checks),
            "assets": work - checks - min(run.spark_start, work - checks), "checks": checks,
            "rest": max(0.0, in_run - work)}


def summary(chain: list[dict[str, float | str]]) -> dict[str, float]:
    """Each stage summed over the chain; the first run's wait is the sensor's pick-up, the others' the automation's."""
    totals = {stage: sum(float(part[stage]) for part in chain) for stage in STAGES}
    pick_up = float(chain[0]["wait_before"]) if chain else 0.0
    return {"sensor_pick_up": pick_up, "automation_waits": totals.pop("wait_before") - pick_up, **totals}


def wait_until_quiet(instance: dg.DagsterInstance, quiet_seconds: float, timeout: float) -> None:
    """Until no run is queued or running for ``quiet_seconds`` (a round's downstream runs end before the next lands)."""
    busy = [dg.DagsterRunStatus.QUEUED, dg.DagsterRunStatus.NOT_STARTED, dg.DagsterRunStatus.STARTING,
            dg.DagsterRunStatus.STARTED]
    deadline, quiet_since = time.monotonic() + timeout, time.monotonic()
    while time.monotonic() - quiet_since < quiet_seconds:
        if time.monotonic() > deadline:
            raise RuntimeError(f"runs still going after {timeout:.0f} s")
        if instance.get_runs(dg.RunsFilter(statuses=busy), limit=1):
            quiet_since = time.monotonic()
        time.sleep(2)


def in_runs(stages: dict[str, float]) -> float:
    """The part of the answer spent in runs: all but the sensor's pick-up and the automation's waits, which the
    ticks' phase decides (each between nothing and an interval and a tick)."""
    return sum(seconds for stage, seconds in stages.items() if stage not in ("sensor_pick_up", "automation_waits"))


def table(rounds: list[dict]) -> str:
    """One line per round: the answer, the records, the time in runs, then each stage (seconds)."""
    names = ["answer", "records", "in_runs", *rounds[0]["stages"]]
    lines = [" ".join(f"{name:>16}" for name in ["day", *names])]
    for one in rounds:
        values = [one["seconds"]["org_access_history"], one["seconds"]["access_history"], in_runs(one["stages"]),
                  *one["stages"].values()]
        lines.append(" ".join([f"{one['day']:>16}", *(f"{value:>16.1f}" for value in values)]))
    return "\n".join(lines)


# --------------------------------------------------------------------------- main


def results_file(args: argparse.Namespace) -> Callable[[dict], None]:
    """A function appending one round, with the run's options, the machine and the commit, to the results file
    (a round is saved as soon as it is measured: an interrupted run keeps its rounds)."""
    description = machine_description()
    path = RESULTS / f"land-to-answer-{machine_name(description)}.jsonl"
    header = {"date": datetime.now(UTC).isoformat(timespec="seconds"), "label": args.label, "lines": args.lines,
              "spark": args.spark + (" warmed up" if args.warm_up else ""), "machine": description, **engine_state()}

    def save(one_round: dict) -> None:
        RESULTS.mkdir(exist_ok=True)
        with path.open("a") as out:
            out.write(json.dumps({**header, **one_round}) + "\n")

    return save


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lines", type=int, default=10_000, help="log lines per landed day (default 10,000)")
    parser.add_argument("--rounds", type=int, default=3, help="days landed one after another (default 3)")
    parser.add_argument("--spark", choices=("local", "connect", "connect-local"), default="local",
                        help="local[2] in every run (default), or a Spark Connect server shared by the runs: on a "
                             "standalone cluster (connect) or bin/spark-connect's, local[2] in its JVM (connect-local)")
    parser.add_argument("--warm-up", action="store_true",
                        help="with --spark connect-local: warm the server up first (bin/spark-connect start --warm-up)")
    parser.add_argument("--timeout", type=float, default=1200, help="seconds one day may take (default 1200)")
    parser.add_argument("--label", default="", help="a word saved with the figures (what was changed)")
    parser.add_argument("--keep", action="store_true", help="keep the scratch folder")
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args(argv)

    from tests.integration.services import free_port

    folder = BENCH_DIR / "out" / f"land-to-answer-{datetime.now(UTC):%Y%m%dT%H%M%S}"
    scratch = Scratch.make(folder, args.lines)
    today = datetime.now(UTC).date()
    days = [today - timedelta(days=args.rounds - 1 - n) for n in range(args.rounds)]
    rounds: list[dict] = []
    save = None if args.no_save else results_file(args)
    try:
        with ExitStack() as stack:
            master = stack.enter_context(spark_master(args.spark, folder, warm=args.warm_up))
            env = {**os.environ, "DAGSTER_HOME": str(scratch.home), "AHP_LANDING": str(scratch.landing),
                   "AHP_WAREHOUSE": str(scratch.warehouse), "AHP_START_DATE": days[0].isoformat(),
                   "AHP_SPARK_MASTER": master, "PYSPARK_PYTHON": sys.executable}
            os.environ["DAGSTER_HOME"] = str(scratch.home)
            instance = stack.enter_context(dg.DagsterInstance.get())
            process = stack.enter_context(dagster_dev(scratch, env, free_port()))
            wait_for_sensors(instance, process, folder / "dagster-dev.log", timeout=600)
            for n, day in enumerate(days):
                load_before = os.getloadavg()
                landed = scratch.land(day, args.lines, seed=20240314 + n)
                seconds = wait_for_answer(instance, day, landed, args.timeout)
                load_at_answer = os.getloadavg()
                wait_until_quiet(instance, quiet_seconds=30, timeout=args.timeout)
                runs = run_events(instance, landed)
                chain = critical_path(runs, landed, landed + seconds["org_access_history"])
                rounds.append({"day": day.isoformat(), "seconds": {k: round(v, 1) for k, v in seconds.items()},
                               "stages": {k: round(v, 1) for k, v in summary(chain).items()},
                               "chain": [{k: v if isinstance(v, str) else round(v, 1) for k, v in part.items()}
                                         for part in chain],
                               "runs": [{**asdict(run), "steps": [(k, round(b - landed, 1), round(e - landed, 1))
                                                                  for k, b, e in run.steps]} for run in runs],
                               "load_before": [round(x, 2) for x in load_before],
                               "load_at_answer": [round(x, 2) for x in load_at_answer]})
                if save is not None:
                    save(rounds[-1])
                print(f"{day}: answer in {seconds['org_access_history']:.1f} s (records in "
                      f"{seconds['access_history']:.1f} s), {len(runs)} runs, load {load_before[0]:.1f} -> "
                      f"{load_at_answer[0]:.1f}; {json.dumps(rounds[-1]['stages'])}", flush=True)
    finally:
        if not args.keep:
            shutil.rmtree(folder, ignore_errors=True)
    print(table(rounds))
    answers = [one["seconds"]["org_access_history"] for one in rounds]
    print(f"answer: median {statistics.median(answers):.1f} s over {len(answers)} day(s) of {args.lines:,} lines "
          f"(Spark: {args.spark}); in runs: median {statistics.median(in_runs(one['stages']) for one in rounds):.1f} s")
    if save is not None:
        print(f"saved to {RESULTS.relative_to(ROOT)}/land-to-answer-{machine_name(machine_description())}.jsonl")
    return 0


if __name__ == "__main__":
    sys.exit(main())
