"""Scale simulation: an organization of many accounts and days on a production-like Dagster instance.

    .venv/bin/python benchmarks/scale.py --accounts 500 --days 365

What it builds (in a temporary folder, removed at the end):

- a throwaway PostgreSQL on loopback (``tests/integration/services.py``) and a Dagster
  instance on it configured by ``deploy/dagster.yaml`` (the production instance file);
- a landing zone of ``accounts x days`` folders with one small log file each, landed in the
  past (file times one day apart);
- the accounts registered as dynamic partitions, and a materialization of every
  account-day asset of every partition and of ``org_access_history`` of every day, written
  as runless events in batches (``store_event_batch``; what the runs would have recorded,
  without running them);
- a passed evaluation of every blocking check against the partitions of the last
  ``--checked-days`` days (35: the look-back window), the same way: the automation starts
  an asset only when its inputs' blocking checks have passed, and on a new day it reads
  those of the day before and of the new day.

What it measures (wall-clock seconds, printed and saved under ``benchmarks/results/``):

- the landing sensor's tick (``landing_zone_sensor`` on the real listing and instance):
  the first tick without a cursor (every partition new: adopted or requested, at most
  ``AHP_SENSOR_BACKLOG`` of them), the ticks that take up the rest of the backlog, a quiet
  tick, the tick after one new day landed for every account (the daily steady state), and
  the cursor's size;
- the automation evaluation (``dg.evaluate_automation_conditions`` over the code
  location's assets, keeping the cursor as the daemon does): the first evaluation; the
  one after a new day's landing run (``raw_query_logs`` of every account materialized,
  its checks passed), which requests the new day's next steps; and one with nothing new;
- the UI's partition pages: the GraphQL queries the asset page makes (partition statuses of
  ``access_history`` and ``org_access_history``), against a real ``dagster-webserver``.

The event batches use Dagster's internal event classes and, for the check evaluations, its
tables (there is no public batch API); the script says so where it does.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import platform
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import date, datetime, timedelta, timezone
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPOSITORY))

import dagster as dg  # noqa: E402

RESULTS = REPOSITORY / "benchmarks" / "results"
BATCH = 2_000
LAST_DAY = date(2026, 11, 19)  # the new days after it are past days (valid partitions) on any later date


def timed(label: str, results: dict, action: Callable[[], object]) -> object:
    """Run ``action``; its wall seconds under ``label`` and this process's CPU seconds under ``label (CPU)``."""
    start, cpu = time.perf_counter(), time.process_time()
    value = action()
    results[label] = round(time.perf_counter() - start, 3)
    results[f"{label} (CPU)"] = round(time.process_time() - cpu, 3)
    print(f"  {label:<48} {results[label]:>9.3f} s   CPU {results[label + ' (CPU)']:>8.3f} s", flush=True)
    return value


def land(landing: Path, accounts: list[str], days: list[date]) -> None:
    """One small log file per account-day, each landed a day after the one before (file and folder times)."""
    line = json.dumps({"query_id": "q", "query_text": "SELECT 1", "user_name": "U", "query_start_time":
                       "2026-01-01T00:00:00Z", "execution_status": "SUCCESS"}) + "\n"
    for account in accounts:
        for day in days:
            folder = landing / account / day.isoformat()
            folder.mkdir(parents=True, exist_ok=True)
            path = folder / "query_history.jsonl"
            path.write_text(line)
            stamp = datetime(day.year, day.month, day.day, 23, tzinfo=timezone.utc).timestamp()
            os.utime(path, (stamp, stamp))
            os.utime(folder, (stamp, stamp))  # the folder changed when its file landed, not now


def materialization_entries(asset: str, partitions: list[str]) -> Iterator[object]:
    """Runless materialization events as the instance stores them (Dagster's internal classes:
    the public API writes one event per call, which takes hours at this scale)."""
    from dagster._core.events import DagsterEvent, DagsterEventType, StepMaterializationData
    from dagster._core.events.log import EventLogEntry
    from dagster._core.instance.utils import RUNLESS_JOB_NAME, RUNLESS_RUN_ID

    for partition in partitions:
        event = DagsterEvent(event_type_value=DagsterEventType.ASSET_MATERIALIZATION.value, job_name=RUNLESS_JOB_NAME,
                             event_specific_data=StepMaterializationData(
                                 dg.AssetMaterialization(asset, partition=partition, metadata={"dagster/row_count": 1})))
        yield EventLogEntry(user_message="", level=logging.INFO, job_name=RUNLESS_JOB_NAME, run_id=RUNLESS_RUN_ID,
                            error_info=None, timestamp=time.time(), dagster_event=event)


def record_materializations(instance: dg.DagsterInstance, asset: str, partitions: list[str]) -> None:
    start = time.perf_counter()
    batch = []
    for entry in materialization_entries(asset, partitions):
        batch.append(entry)
        if len(batch) == BATCH:
            instance.event_log_storage.store_event_batch(batch)
            batch = []
    if batch:
        instance.event_log_storage.store_event_batch(batch)
    print(f"    {asset}: {len(partitions):,} materializations in {time.perf_counter() - start:.1f} s", flush=True)


def latest_materializations(instance: dg.DagsterInstance, asset: dg.AssetKey,
                            partitions: list[str]) -> dict[str, tuple[int, float]]:
    """The storage id and time of each partition's latest materialization of ``asset``."""
    latest: dict[str, tuple[int, float]] = {}
    for start in range(0, len(partitions), 500):
        records_filter = dg.AssetRecordsFilter(asset_key=asset, asset_partitions=partitions[start:start + 500])
        cursor = None
        while True:
            page = instance.fetch_materializations(records_filter, limit=1_000, cursor=cursor)
            for record in page.records:  # newest first
                latest.setdefault(record.partition_key, (record.storage_id, record.timestamp))
            if not page.has_more:
                break
            cursor = page.cursor
    return latest


def record_check_evaluations(instance: dg.DagsterInstance, checks: list[dg.AssetCheckKey],
                             partitions: list[str]) -> int:
    """A passed evaluation of each check against each partition's latest materialization, stored as
    Dagster stores a runless one (``_store_runless_asset_check_evaluation``: an event, and a row of the
    check's executions pointing at it and at the materialization), in batches. Dagster's internal
    classes and tables: the public API writes one evaluation per call, and cannot batch them."""
    from dagster._core.definitions.asset_checks.asset_check_evaluation import (
        AssetCheckEvaluation, AssetCheckEvaluationTargetMaterializationData)
    from dagster._core.events import DagsterEvent, DagsterEventType
    from dagster._core.events.log import EventLogEntry
    from dagster._core.instance.utils import RUNLESS_JOB_NAME, RUNLESS_RUN_ID
    from dagster._core.storage.event_log.schema import AssetCheckExecutionsTable, SqlEventLogStorageTable
    from dagster._core.storage.asset_check_execution_record import AssetCheckExecutionRecordStatus
    from dagster._serdes import serialize_value

    storage = instance.event_log_storage
    stored = 0
    for check_key in checks:
        targets = latest_materializations(instance, check_key.asset_key, partitions)
        entries = []
        for partition, (storage_id, timestamp) in sorted(targets.items()):
            evaluation = AssetCheckEvaluation(
                asset_key=check_key.asset_key, check_name=check_key.name, passed=True, blocking=True,
                partition=partition, target_materialization_data=AssetCheckEvaluationTargetMaterializationData(
                    storage_id=storage_id, run_id=RUNLESS_RUN_ID, timestamp=timestamp))
            event = DagsterEvent(event_type_value=DagsterEventType.ASSET_CHECK_EVALUATION.value,
                                 job_name=RUNLESS_JOB_NAME, event_specific_data=evaluation)
            entries.append((EventLogEntry(user_message="", level=logging.INFO, job_name=RUNLESS_JOB_NAME,
                                          run_id=RUNLESS_RUN_ID, error_info=None, timestamp=time.time(),
                                          dagster_event=event), partition, storage_id))
        for start in range(0, len(entries), BATCH):
            batch = entries[start:start + BATCH]
            with storage.index_connection() as conn:
                ids = [row[0] for row in conn.execute(storage.prepare_insert_event_batch(
                    [entry for entry, _, _ in batch]).returning(SqlEventLogStorageTable.c.id)).fetchall()]
                conn.execute(AssetCheckExecutionsTable.insert().values([dict(
                    asset_key=check_key.asset_key.to_string(), check_name=check_key.name, run_id=RUNLESS_RUN_ID,
                    execution_status=AssetCheckExecutionRecordStatus.SUCCEEDED.value,
                    evaluation_event=serialize_value(entry),
                    evaluation_event_timestamp=datetime.fromtimestamp(entry.timestamp, timezone.utc).replace(tzinfo=None),
                    evaluation_event_storage_id=event_id, materialization_event_storage_id=storage_id,
                    partition=partition) for (entry, partition, storage_id), event_id in zip(batch, ids)]))
        stored += len(entries)
    return stored


def keys_of(definitions: list[dg.AssetsDefinition]) -> set[dg.AssetKey]:
    return {key for definition in definitions for key in definition.keys}


def blocking_checks(assets: set[dg.AssetKey]) -> list[dg.AssetCheckKey]:
    """The blocking checks of ``assets`` (the ones the automation waits for)."""
    from definitions import defs

    graph = defs.resolve_asset_graph()
    return sorted((key for key in graph.asset_check_keys
                   if key.asset_key in assets and graph.get_check_spec(key).blocking),
                  key=lambda key: key.to_user_string())


@contextmanager
def postgres_instance(work: Path) -> Iterator[tuple[dg.DagsterInstance, dict[str, str]]]:
    from tests.integration.services import start_postgres

    server = start_postgres(database="dagster")
    env = server.dagster_env()
    os.environ.update(env)
    home = work / "dagster_home"
    home.mkdir()
    shutil.copy(REPOSITORY / "deploy" / "dagster.yaml", home / "dagster.yaml")
    try:
        with dg.DagsterInstance.from_config(str(home)) as instance:
            yield instance, {**env, "DAGSTER_HOME": str(home)}
    finally:
        server.stop()


def sensor_ticks(instance: dg.DagsterInstance, landing: Path, accounts: list[str], days: list[date],
                 results: dict) -> None:
    from resources import LandingZone
    from sensors.landing import landing_zone_sensor

    zone = LandingZone(root=str(landing))

    def tick(cursor: str | None) -> tuple[str, int]:
        """The tick's cursor and run requests counted: a daemon keeps no tick's requests in memory, and
        182,500 of them would slow every later tick (the garbage collector walks them)."""
        context = dg.build_sensor_context(instance=instance, cursor=cursor, resources={"landing": zone})
        result = landing_zone_sensor(context)
        return result.cursor or "", len(result.run_requests or [])

    first, results["sensor: first tick run requests"] = timed("sensor: first tick, no cursor", results,
                                                              lambda: tick(None))
    catch_up, requested, seconds = first, [], []
    while True:  # the next ticks take up the rest of the backlog, a slice each (AHP_SENSOR_BACKLOG)
        start = time.perf_counter()
        catch_up, count = tick(catch_up)
        if not count:
            break
        requested.append(count)
        seconds.append(round(time.perf_counter() - start, 3))
    results["sensor: backlog ticks after the first"] = len(requested)
    results["sensor: backlog ticks, seconds each"] = seconds
    results["sensor: run requests, all ticks"] = results["sensor: first tick run requests"] + sum(requested)
    print(f"  {'sensor: backlog ticks after the first':<48} {len(requested):>9}   "
          f"{', '.join(f'{second:.1f}' for second in seconds)} s; "
          f"{results['sensor: run requests, all ticks']:,} run requests in all", flush=True)
    first = catch_up
    quiet, requested = timed("sensor: quiet tick", results, lambda: tick(first))
    assert not requested, "a quiet tick requests nothing"
    land(landing, accounts, [days[-1] + timedelta(days=1)])
    daily, results["sensor: daily tick run requests"] = timed("sensor: tick after a new day for every account",
                                                              results, lambda: tick(quiet))
    results["sensor: cursor bytes"] = len(daily)
    print(f"  {'sensor: cursor bytes':<48} {results['sensor: cursor bytes']:>9}")


def automation(instance: dg.DagsterInstance, accounts: list[str], new_day: date, results: dict,
               profile: Path | None = None, new_days: int = 3, profile_day: int | None = None) -> None:
    """The automation sensor's evaluations, with the cursor kept as the daemon keeps it: the first (no
    cursor); then, for each of ``new_days`` days, the one after that day's landing runs have
    materialized ``raw_query_logs`` of every account with its checks passed, which requests the day's
    next steps (whose runs are then recorded as done, with their checks passed, as if they had run);
    and one after the last day's runs (its rollup). The first new day is the first evaluation with a cursor (Dagster's
    tester serializes the cursor it is given, as a daemon does at the end of its first tick); the later ones are the
    daily steady state. ``profile``: a cProfile of the
    evaluation of new day ``profile_day`` (default the last; its time is then the profiler's, not a figure)."""
    from assets import raw_query_logs
    from assets.partitions import partition_key
    from definitions import defs

    graph = defs.resolve_asset_graph()
    asset_keys = sorted(graph.get_all_asset_keys(), key=lambda key: key.to_user_string())
    state = timed("automation: first evaluation", results,
                  lambda: dg.evaluate_automation_conditions(defs=defs, instance=instance))
    results["automation: first evaluation, requested partitions"] = state.total_requested
    for n in range(1, new_days + 1):
        day = new_day + timedelta(days=n - 1)
        landed = [str(partition_key(day, account)) for account in accounts]
        for key in raw_query_logs.keys:
            record_materializations(instance, key.to_user_string(), landed)
        record_check_evaluations(instance, blocking_checks(keys_of([raw_query_logs])), landed)

        def evaluate(cursor=state.cursor) -> object:
            return dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=cursor)

        profiled = profile is not None and n == (profile_day or new_days)
        if profiled:
            import cProfile

            profiler = cProfile.Profile()
            evaluate = lambda plain=evaluate: profiler.runcall(plain)  # noqa: E731
        label = f"automation: new day {n}{' (profiled)' if profiled else ''}"
        state = timed(label, results, evaluate)
        if profiled:
            profiler.dump_stats(profile)
            print(f"    profile of that evaluation: {profile}", flush=True)
        requested = {key: sorted(state.get_requested_partitions(key)) for key in asset_keys
                     if state.get_num_requested(key)}
        results[f"{label}, requested"] = {key.to_user_string(): len(keys) for key, keys in requested.items()}
        print(f"    requested: {results[f'{label}, requested']}", flush=True)
        for key, keys in requested.items():  # the runs done, their checks passed
            record_materializations(instance, key.to_user_string(), keys)
            record_check_evaluations(instance, blocking_checks({key}), keys)
    last = timed("automation: after the last day's runs", results,
                 lambda: dg.evaluate_automation_conditions(defs=defs, instance=instance, cursor=state.cursor))
    results["automation: after the last day's runs, requested partitions"] = last.total_requested


PARTITIONS_QUERY = """
query ($path: [String!]!) { assetNodeOrError(assetKey: {path: $path}) { ... on AssetNode {
    assetPartitionStatuses { __typename
      ... on MultiPartitionStatuses { primaryDimensionName ranges { primaryDimStartKey primaryDimEndKey
          secondaryDim { ... on DefaultPartitionStatuses { materializedPartitions } } } }
      ... on TimePartitionStatuses { ranges { startKey endKey status } } }
    partitionKeysByDimension { name partitionKeys } } } }
"""


def ui_pages(env: dict[str, str], landing: Path, warehouse: Path, results: dict) -> None:
    from tests.integration.services import free_port

    port = free_port()
    log = open(Path(env["DAGSTER_HOME"]) / "webserver.log", "w")  # noqa: SIM115 - closed below
    process = subprocess.Popen([str(Path(sys.executable).parent / "dagster-webserver"), "-w", "workspace.yaml",
                                "-h", "127.0.0.1", "-p", str(port)], cwd=REPOSITORY,
                               env={**os.environ, **env, "AHP_LANDING": str(landing), "AHP_WAREHOUSE": str(warehouse)},
                               stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}/graphql"

    def ask(path: list[str]) -> dict:
        request = urllib.request.Request(url, headers={"Content-Type": "application/json"}, data=json.dumps(
            {"query": PARTITIONS_QUERY, "variables": {"path": path}}).encode())
        with urllib.request.urlopen(request, timeout=600) as response:
            answer = json.loads(response.read())
        if "errors" in answer:
            raise RuntimeError(answer["errors"])
        return answer["data"]

    try:
        deadline = time.monotonic() + 300
        while True:
            try:
                ask(["org_access_history"])
                break
            except Exception:  # noqa: BLE001 - not serving yet
                if time.monotonic() > deadline or process.poll() is not None:
                    raise
                time.sleep(2)
        for asset in ("access_history", "org_access_history"):
            timed(f"ui: partition page of {asset}", results, lambda asset=asset: ask([asset]))
            timed(f"ui: partition page of {asset}, again", results, lambda asset=asset: ask([asset]))
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        process.wait(timeout=60)
        log.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--accounts", type=int, default=500)
    parser.add_argument("--days", type=int, default=365)
    parser.add_argument("--skip-ui", action="store_true", help="do not start dagster-webserver")
    parser.add_argument("--sensor-only", action="store_true",
                        help="measure the landing sensor's ticks only (no materializations, automation or UI)")
    parser.add_argument("--checked-days", type=int, default=35,
                        help="the last days whose partitions have passed their blocking checks (recorded as runless "
                             "evaluations; default: the sensor's look-back window)")
    parser.add_argument("--profile", type=Path, metavar="FILE",
                        help="write a cProfile of the evaluation after the new day to FILE (pstats format)")
    parser.add_argument("--profile-day", type=int, metavar="N",
                        help="the new day whose evaluation --profile profiles (default: the last, the steady state)")
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args(argv)

    from assets import ACCOUNT_DAY_ASSETS, ORGANIZATION_ASSETS
    from assets.partitions import ACCOUNTS, partition_key

    accounts = [f"ACCOUNT_{n:04d}" for n in range(args.accounts)]
    days = [LAST_DAY - timedelta(days=n) for n in range(args.days - 1, -1, -1)]
    results: dict[str, object] = {"accounts": args.accounts, "days": args.days}
    with tempfile.TemporaryDirectory(prefix="ahp-scale-") as folder:
        work = Path(folder)
        os.environ["AHP_START_DATE"] = days[0].isoformat()
        print(f"{args.accounts} accounts x {args.days} days = {args.accounts * args.days:,} account-day partitions")
        timed("land the files", results, lambda: land(work / "landing", accounts, days))
        with postgres_instance(work) as (instance, env):
            timed("register the accounts", results, lambda: instance.add_dynamic_partitions(ACCOUNTS, accounts))
            keys = [str(partition_key(day, account)) for day in days for account in accounts]

            def materialize() -> None:
                for definition in ACCOUNT_DAY_ASSETS:
                    for key in definition.keys:
                        record_materializations(instance, key.to_user_string(), keys)
                for definition in ORGANIZATION_ASSETS:
                    for key in definition.keys:
                        record_materializations(instance, key.to_user_string(), [d.isoformat() for d in days])

            def check() -> None:
                checked = [str(partition_key(day, account)) for day in days[-args.checked_days:] for account in accounts]
                print(f"    {record_check_evaluations(instance, blocking_checks(keys_of(ACCOUNT_DAY_ASSETS)), checked):,} "
                      "check evaluations", flush=True)
                print(f"    {record_check_evaluations(instance, blocking_checks(keys_of(ORGANIZATION_ASSETS)), [d.isoformat() for d in days[-args.checked_days:]]):,} "
                      "check evaluations (organization)", flush=True)

            if not args.sensor_only:
                timed("record the materializations", results, materialize)
                timed("record the check evaluations", results, check)
            sensor_ticks(instance, work / "landing", accounts, days, results)
            if not args.sensor_only:
                automation(instance, accounts, days[-1] + timedelta(days=1), results, args.profile,
                           profile_day=args.profile_day)
            if not (args.skip_ui or args.sensor_only):
                ui_pages({**env, "AHP_START_DATE": days[0].isoformat()}, work / "landing", work / "warehouse", results)
    results["machine"] = {"nproc": os.cpu_count(), "python": platform.python_version(),
                          "load_average": os.getloadavg(), "dagster": dg.__version__}
    if not args.no_save:
        RESULTS.mkdir(exist_ok=True)
        kind = "-sensor" if args.sensor_only else ""
        out = RESULTS / f"scale-{args.accounts}x{args.days}{kind}-{datetime.now(timezone.utc):%Y%m%dT%H%M}.json"
        out.write_text(json.dumps(results, indent=2) + "\n")
        print(f"saved {out.relative_to(REPOSITORY)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
