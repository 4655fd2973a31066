"""What the Dagster daemon does for this code location, in one process, until nothing is left to do.

One round: tick the landing-zone sensor and run what it requests (``raw_query_logs`` and its
checks, per new or changed account-day), then evaluate the automation conditions and run
what they request, tick after tick, until a tick requests nothing. Every run executes
in-process on one Spark session and is recorded in the instance with the tags the daemon
gives such runs (the sensor's name and run key; the automation tags), so the Dagster UI
shows it as a sensor-driven or automation run. ``dagster dev`` (or ``dagster-daemon``) does
the same over time, one run per process; this module is for the demo and the tests::

    DAGSTER_HOME=$PWD/.dagster_home .venv/bin/python -m tools.automation [--recheck] [--demo]

The sensor's and the automation's cursors are kept in the instance between invocations.
``--recheck`` first evaluates the asset checks of every materialized partition again, without
materializing anything (after a threshold changed or a check was added). ``--demo`` first writes the demo organization into an empty landing zone,
so that everything is materialized the way the daemon would, from the sensor on.
"""

from __future__ import annotations

import os
import sys
import time
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import dagster as dg
from dagster_shared.serdes import deserialize_value, serialize_value

if __name__ == "__main__":  # the command reads .env as dagster dev does, before the assets define their partitions
    from .env_file import load_env_file

    before = dict(os.environ)
    if loaded := load_env_file():
        print(f"Loaded environment variables from .env (as dagster dev does): {', '.join(sorted(loaded))}", flush=True)
        for name in sorted(n for n in loaded if before.get(n) not in (None, loaded[n])):
            print(f"warning: .env's {name}={loaded[name]} replaces {name}={before[name]} of the environment, as dagster "
                  f"dev's would: change .env (or run from another folder) to use the environment's", file=sys.stderr,
                  flush=True)

from assets import ALL_ASSETS, ALL_CHECKS
from assets.partitions import account_days
from sensors import AUTOMATION_SENSOR_NAME
from sensors.landing import SENSOR_NAME, landing_zone_sensor

from .checks import execute_checks
from .common import QUIET, add_demo_arguments, tool_instance, tool_parser, tool_resources, write_demo

#: Tags the daemon puts on runs (dagster._core.storage.tags); the UI reads them.
SENSOR_NAME_TAG, RUN_KEY_TAG = "dagster/sensor_name", "dagster/run_key"
AUTOMATION_TAGS = {"dagster/auto_materialize": "true", "dagster/from_automation_condition": "true"}
#: Where the cursors are kept in the instance; named after this module's former home (``sensors.local``) so
#: that an instance keeps the cursors it already holds.
_CURSOR_KEYS = {"sensor": f"ahp/sensors.local/{SENSOR_NAME}", "automation": f"ahp/sensors.local/{AUTOMATION_SENSOR_NAME}"}


@dataclass
class Round:
    """What one round ran: the sensor's run keys, and per automation tick the runs' partitions and assets."""

    sensor_cursor: str | None
    automation_cursor: object | None
    sensor_runs: list[str] = field(default_factory=list)
    automation_ticks: list[dict[str, list[str]]] = field(default_factory=list)
    results: list[dg.ExecuteInProcessResult] = field(default_factory=list)

    @property
    def success(self) -> bool:
        return all(result.success for result in self.results)


def definitions(resources: Mapping[str, object]) -> dg.Definitions:
    """The assets and checks the automation conditions are evaluated over."""
    return dg.Definitions(assets=list(ALL_ASSETS), asset_checks=list(ALL_CHECKS), resources=dict(resources))


def tick_landing_sensor(instance: dg.DagsterInstance, resources: Mapping[str, object],
                        cursor: str | None) -> dg.SensorResult:
    """One evaluation of the landing-zone sensor, its new accounts registered as the daemon would."""
    context = dg.build_sensor_context(instance=instance, cursor=cursor, resources={"landing": resources["landing"]})
    result = landing_zone_sensor(context)
    for request in result.dynamic_partitions_requests or ():
        instance.add_dynamic_partitions(request.partitions_def_name, list(request.partition_keys))
    return result


def run_key_used(instance: dg.DagsterInstance, run_key: str) -> bool:
    """Whether the sensor already launched a run with this key (the daemon then skips the request)."""
    return bool(instance.get_run_ids(dg.RunsFilter(tags={SENSOR_NAME_TAG: SENSOR_NAME, RUN_KEY_TAG: run_key}), limit=1))


def execute_sensor_request(request: dg.RunRequest, *, instance: dg.DagsterInstance,
                           resources: Mapping[str, object]) -> dg.ExecuteInProcessResult:
    selection = dg.AssetSelection.assets(*request.asset_selection) | dg.AssetSelection.checks(*request.asset_check_keys)
    return _materialize(selection, request.partition_key, instance=instance, resources=resources,
                        tags={**request.tags, SENSOR_NAME_TAG: SENSOR_NAME, RUN_KEY_TAG: request.run_key})


def evaluate_automation(instance: dg.DagsterInstance, resources: Mapping[str, object],
                        cursor: object | None) -> tuple[dict[str, list[dg.AssetKey]], object]:
    """The assets the automation conditions request, grouped by partition key (one run each), and the next cursor."""
    result = dg.evaluate_automation_conditions(defs=definitions(resources), instance=instance, cursor=cursor)
    runs: dict[str, list[dg.AssetKey]] = defaultdict(list)
    for evaluation in result.results:
        if isinstance(evaluation.key, dg.AssetKey) and evaluation.true_subset.size:
            for key in evaluation.true_subset.expensively_compute_partition_keys():
                runs[key].append(evaluation.key)
    return {key: sorted(assets) for key, assets in sorted(runs.items())}, result.cursor


def run_round(instance: dg.DagsterInstance, resources: Mapping[str, object], *, sensor_cursor: str | None = None,
              automation_cursor: object | None = None, max_ticks: int = 25, report=None) -> Round:
    """Tick the landing sensor once, run its requests, then automation ticks until one requests nothing."""
    report = report or (lambda line: None)
    done = Round(sensor_cursor, automation_cursor)
    if automation_cursor is None:  # a first evaluation only sets the baseline, as the daemon's first tick does
        _, done.automation_cursor = evaluate_automation(instance, resources, None)
    sensed = tick_landing_sensor(instance, resources, sensor_cursor)
    done.sensor_cursor = sensed.cursor
    if sensed.skip_reason is not None:
        report(f"sensor      skipped: {sensed.skip_reason.skip_message}")
    for request in sensed.run_requests or ():
        if run_key_used(instance, request.run_key):
            continue
        result = execute_sensor_request(request, instance=instance, resources=resources)
        done.sensor_runs.append(request.run_key)
        done.results.append(result)
        report(f"sensor      {request.run_key}: {outcome(result)}")
    for _ in range(max_ticks):
        runs, done.automation_cursor = evaluate_automation(instance, resources, done.automation_cursor)
        if not runs:
            break
        done.automation_ticks.append({key: [a.to_user_string() for a in assets] for key, assets in runs.items()})
        for key, assets in runs.items():
            result = _materialize(dg.AssetSelection.assets(*assets), key, instance=instance, resources=resources,
                                  tags=AUTOMATION_TAGS | {SENSOR_NAME_TAG: AUTOMATION_SENSOR_NAME})
            done.results.append(result)
            report(f"automation  {key}: {', '.join(a.to_user_string() for a in assets)}: {outcome(result)}")
    else:
        raise RuntimeError(f"the automation still requested runs after {max_ticks} ticks")
    return done


def _materialize(selection: dg.AssetSelection, partition: str, *, instance: dg.DagsterInstance,
                 resources: Mapping[str, object], tags: Mapping[str, str]) -> dg.ExecuteInProcessResult:
    return dg.materialize([*ALL_ASSETS, *ALL_CHECKS], selection=selection, partition_key=partition, instance=instance,
                          resources=dict(resources), tags=dict(tags), run_config=QUIET, raise_on_error=False)


def outcome(result: dg.ExecuteInProcessResult) -> str:
    """One line on a run: ok or FAILED, what a run of raw_query_logs stored and set aside, its checks."""
    checks = [e.event_specific_data for e in result.all_events if e.event_type_value == "ASSET_CHECK_EVALUATION"]
    failed = [f"{c.asset_key.to_user_string()}:{c.check_name}" for c in checks if not c.passed]
    state = "ok" if result.success else "FAILED"
    return f"{state}{_lines(result)}, {len(checks) - len(failed)}/{len(checks)} checks passed" + (
        f" (failed: {', '.join(failed)})" if failed else "")


def _lines(result: dg.ExecuteInProcessResult) -> str:
    """What a run of ``raw_query_logs`` stored and set aside (nothing for other runs): a day whose every line was set
    aside (a file of another format than the account's) passes its checks, and said only "ok"."""
    for event in result.get_asset_materialization_events():
        materialization = event.step_materialization_data.materialization
        if materialization.asset_key.to_user_string() == "raw_query_logs":
            stored = materialization.metadata["dagster/row_count"].value
            aside = materialization.metadata["lines_quarantined"].value
            return f" ({stored} lines stored, {aside} set aside{': see raw_query_logs_quarantine' if aside else ''})"
    return ""


def recheck(instance: dg.DagsterInstance, resources: Mapping[str, object], report=None) -> list[dg.ExecuteInProcessResult]:
    """Evaluate the checks of every materialized partition again (one checks-only run per partition)."""
    report = report or (lambda line: None)
    materialized = {check: instance.get_materialized_partitions(next(iter(check.check_specs)).asset_key)
                    for check in ALL_CHECKS}
    plan: dict[str, list[dg.AssetChecksDefinition]] = defaultdict(list)
    for check, partitions in materialized.items():
        for key in partitions:
            plan[key].append(check)
    results = []
    for key, checks in sorted(plan.items()):
        partition = account_days.get_partition_key_from_str(key) if "|" in key else key
        result = execute_checks(checks, partition, instance=instance, resources=dict(resources),
                                tags={"ahp/recheck": "true"}, run_config=QUIET)
        results.append(result)
        report(f"checks      {key}: {outcome(result)}")
    return results


# --------------------------------------------------------------------------- command line


def load_cursors(instance: dg.DagsterInstance) -> tuple[str | None, object | None]:
    values = instance.run_storage.get_cursor_values(set(_CURSOR_KEYS.values()))
    automation = values.get(_CURSOR_KEYS["automation"])
    return values.get(_CURSOR_KEYS["sensor"]), deserialize_value(automation) if automation else None


def save_cursors(instance: dg.DagsterInstance, done: Round) -> None:
    values = {_CURSOR_KEYS["sensor"]: done.sensor_cursor or ""}
    if done.automation_cursor is not None:
        values[_CURSOR_KEYS["automation"]] = serialize_value(done.automation_cursor)
    instance.run_storage.set_cursor_values(values)


def main(argv: Sequence[str] | None = None) -> int:
    parser = tool_parser("python -m tools.automation", __doc__)
    parser.add_argument("--recheck", action="store_true",
                        help="first evaluate the checks of every materialized partition again")
    parser.add_argument("--demo", action="store_true",
                        help="first write the demo organization into the landing zone if it holds no account")
    add_demo_arguments(parser, when="with --demo: ")
    args = parser.parse_args(argv)
    started = time.monotonic()
    instance = tool_instance(args)
    resources = tool_resources(args)
    if args.demo and not resources["landing"].accounts():  # type: ignore[attr-defined]
        summary = write_demo(args)
        print(f"wrote the demo organization into {args.landing}: {summary.total_lines} log lines", flush=True)
    checked = recheck(instance, resources, report=lambda line: print(line, flush=True)) if args.recheck else []
    sensor_cursor, automation_cursor = load_cursors(instance)
    done = run_round(instance, resources, sensor_cursor=sensor_cursor, automation_cursor=automation_cursor,
                     report=lambda line: print(line, flush=True))
    save_cursors(instance, done)
    print(f"{len(done.sensor_runs)} sensor run(s), {sum(len(t) for t in done.automation_ticks)} automation run(s) "
          f"in {len(done.automation_ticks)} tick(s), {time.monotonic() - started:.0f} s; "
          f"DAGSTER_HOME={os.environ['DAGSTER_HOME']}")
    return 0 if done.success and all(result.success for result in checked) else 1


if __name__ == "__main__":
    sys.exit(main())
