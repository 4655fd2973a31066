"""Landing a file is enough: the sensor runs raw_query_logs, the automation conditions do the rest.

The demo environment of this module (built once per test run, shared with test_checks.py and
test_ui.py through :func:`demo_environment`) is two accounts landed in an empty landing zone:
ACME_PROD with two days, ACME_EU with the first one only. One round of ``tools.automation``
(the landing sensor's tick, then automation ticks until quiet) must bring every asset of
every partition up to date, in dependency order, with every check passing. The scenarios
that change data work on a copy of it.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import date
from pathlib import Path

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from assets import ALL_ASSETS, ALL_CHECKS
from assets.checks import access_history_checks, raw_query_logs_checks
from tools.checks import execute_checks
from assets.partitions import ACCOUNTS, account_days, partition_key
from resources import LandingZone, OpenLineageTransport, Organization, Warehouse
from resources.warehouse import partition_files, replacing_partition
from sensors.landing import read_cursor
from tools.automation import Round, definitions, execute_sensor_request, outcome, run_round, tick_landing_sensor
from tools.demo_data import generate_demo

pytestmark = pytest.mark.spark

D1, D2 = date(2026, 11, 16), date(2026, 11, 17)
AC = dg.AutomationCondition
PROD, EU = "ACME_PROD", "ACME_EU"
ACCOUNT_DAY_ASSETS = ["access_history", "access_history_quarantine", "catalog", "column_lineage", "data_movement",
                      "data_movement_paths", "governance_history", "object_access", "object_usage",
                      "openlineage_events", "policy_references"]
STATEMENTS_PER_DAY = 40


@dataclass
class Environment:
    """A landing zone, a warehouse and a Dagster instance on disk (its folder can be DAGSTER_HOME)."""

    root: Path
    instance: dg.DagsterInstance
    resources: dict[str, object]
    first_round: Round

    @property
    def home(self) -> Path:
        return self.root / "dagster_home"

    @property
    def landing(self) -> Path:
        return self.root / "landing"

    @property
    def warehouse(self) -> Path:
        return self.root / "warehouse"

    def copy(self, to: Path) -> Environment:
        """The same landing zone, warehouse and instance in another folder (to change without harm)."""
        for folder in ("landing", "warehouse", "dagster_home"):
            shutil.copytree(self.root / folder, to / folder)
        resources = {**self.resources, "landing": LandingZone(root=str(to / "landing")),
                     "warehouse": Warehouse(root=str(to / "warehouse"))}
        return replace(self, root=to, instance=open_instance(to / "dagster_home"), resources=resources)

    def table(self, name: str, day: date, account: str | None = None):
        folder = self.warehouse / name / f"day={day.isoformat()}"
        return pq.read_table(partition_files(folder / f"account={account}" if account else folder),
                             partitioning=None)


def open_instance(home: Path) -> dg.DagsterInstance:
    home.mkdir(parents=True, exist_ok=True)
    if not (home / "dagster.yaml").exists():
        (home / "dagster.yaml").write_text("telemetry:\n  enabled: false\n")
    return dg.DagsterInstance.from_config(str(home))


_ENVIRONMENT: list[Environment] = []


def demo_environment(tmp_path_factory: pytest.TempPathFactory, spark_resource) -> Environment:
    """The demo environment after one round of the sensor and the automation (built once per run)."""
    if not _ENVIRONMENT:
        root = tmp_path_factory.mktemp("sensor-driven")
        generate_demo(root / "landing", accounts=2, days=2, statements_per_day=STATEMENTS_PER_DAY)
        shutil.rmtree(root / "landing" / EU / D2.isoformat())
        resources = {"spark": spark_resource, "landing": LandingZone(root=str(root / "landing")),
                     "warehouse": Warehouse(root=str(root / "warehouse")),
                     "organization": Organization(name="TESTORG"), "openlineage": OpenLineageTransport()}
        instance = open_instance(root / "dagster_home")
        _ENVIRONMENT.append(Environment(root, instance, resources, run_round(instance, resources)))
    return _ENVIRONMENT[0]


@pytest.fixture(scope="module")
def environment(spark, spark_resource, tmp_path_factory) -> Environment:
    return demo_environment(tmp_path_factory, spark_resource)


def requested(result: dg.EvaluateAutomationConditionsResult) -> dict[str, list[str]]:
    """Requested asset partitions by partition key (the runs the daemon would launch)."""
    out: dict[str, list[str]] = {}
    for asset_key in (key for asset in ALL_ASSETS for key in asset.keys):
        for key in result.get_requested_partitions(asset_key):
            out.setdefault(str(key), []).append(asset_key.to_user_string())
    return {key: sorted(assets) for key, assets in sorted(out.items())}


def evaluated_with(env: Environment, condition: dg.AutomationCondition) -> dg.EvaluateAutomationConditionsResult:
    """A first evaluation (no cursor: every partition a candidate) with ``condition`` as every asset's condition."""
    assets = [definition.map_asset_specs(lambda spec: spec.replace_attributes(automation_condition=condition))
              for definition in ALL_ASSETS]
    return dg.evaluate_automation_conditions(defs=dg.Definitions(assets=assets, asset_checks=list(ALL_CHECKS),
                                                                 resources=env.resources), instance=env.instance)


def true_subsets(env: Environment, condition: dg.AutomationCondition) -> dict[str, set[str]]:
    """The partitions where ``condition`` holds, by asset: evaluated once as every asset's condition, no cursor
    (every partition a candidate)."""
    result = evaluated_with(env, condition)
    # each asset's own result (what is requested joins the keys of a multi-asset that cannot be split)
    return {evaluation.key.to_user_string(): set(evaluation.true_subset.expensively_compute_partition_keys())
            for evaluation in result.results if isinstance(evaluation.key, dg.AssetKey)}


# --------------------------------------------------------------------------- landing is enough


def test_the_sensor_registers_the_accounts_and_runs_each_landed_account_day(environment):
    done = environment.first_round
    assert sorted(environment.instance.get_dynamic_partitions(ACCOUNTS)) == [EU, PROD]
    assert [key.rsplit("/", 1)[0] for key in done.sensor_runs] == [
        f"{EU}/2026-11-16", f"{PROD}/2026-11-16", f"{PROD}/2026-11-17"]
    runs = environment.instance.get_runs(dg.RunsFilter(tags={"dagster/sensor_name": "landing_zone_sensor"}))
    assert sorted(run.tags["dagster/run_key"] for run in runs) == sorted(done.sensor_runs)
    for result in done.results[:len(done.sensor_runs)]:
        assert {e.asset_key for e in result.get_asset_materialization_events()} == {
            dg.AssetKey("raw_query_logs"), dg.AssetKey("raw_query_logs_quarantine")}
        # the command's line on the run says what it stored and set aside (a day of lines all set aside said "ok")
        assert re.fullmatch(r"ok \(\d+ lines stored, [1-9]\d* set aside: see raw_query_logs_quarantine\), "
                            r"4/4 checks passed", outcome(result)), outcome(result)


def test_the_automation_brings_everything_downstream_up_to_date_in_order(environment):
    """Day 2's catalog waits for day 1's; the day's rollup waits for its accounts."""
    assert environment.first_round.automation_ticks == [
        {f"{EU}|2026-11-16": ACCOUNT_DAY_ASSETS, f"{PROD}|2026-11-16": ACCOUNT_DAY_ASSETS},
        {"2026-11-16": ["org_access_history"], f"{PROD}|2026-11-17": ACCOUNT_DAY_ASSETS},
        {"2026-11-17": ["org_access_history"]},
    ]
    assert environment.first_round.success
    instance = environment.instance
    for asset_key in (key for asset in ALL_ASSETS for key in asset.keys):
        expected = ({"2026-11-16", "2026-11-17"} if asset_key.to_user_string() == "org_access_history" else
                    {str(partition_key(D1, EU)), str(partition_key(D1, PROD)), str(partition_key(D2, PROD))})
        assert instance.get_materialized_partitions(asset_key) == expected, asset_key
    org = environment.table("org_access_history", D1)
    assert set(org.column("account_name").to_pylist()) == {EU, PROD}


def test_every_run_ran_the_checks_of_what_it_materialized(environment):
    evaluations = [event.event_specific_data for result in environment.first_round.results
                   for event in result.all_events if event.event_type_value == "ASSET_CHECK_EVALUATION"]
    per_partition_checks = {spec.key for check in ALL_CHECKS for spec in check.check_specs}
    assert {(e.asset_key, e.check_name) for e in evaluations} == {(k.asset_key, k.name) for k in per_partition_checks}
    assert len(evaluations) == 3 * 4 + 3 * (21 + 15) + 2 * 2
    assert all(e.passed for e in evaluations)


def test_a_quiet_round_does_nothing(environment, tmp_path):
    env = environment.copy(tmp_path)
    done = run_round(env.instance, env.resources, sensor_cursor=env.first_round.sensor_cursor,
                     automation_cursor=env.first_round.automation_cursor)
    assert done.sensor_runs == [] and done.automation_ticks == []


def test_a_fresh_sensor_cursor_adopts_what_is_already_materialized(environment):
    """After bin/demo (or a lost cursor), the sensor's first tick redoes nothing."""
    result = tick_landing_sensor(environment.instance, environment.resources, None)
    assert result.run_requests == [] and not result.dynamic_partitions_requests
    assert set(read_cursor(result.cursor)) == {f"{EU}/2026-11-16", f"{PROD}/2026-11-16", f"{PROD}/2026-11-17"}


def test_the_days_rollup_waits_until_the_records_blocking_checks_have_passed(environment, tmp_path):
    """access_history materialized again, its checks not run yet (as while its run still runs them):
    the day's rollup is not requested; once they have passed against that materialization, it is."""
    env = environment.copy(tmp_path)
    key = partition_key(D1, PROD)
    env.instance.report_runless_asset_event(dg.AssetMaterialization("access_history", partition=str(key)))

    def evaluate(cursor):
        return dg.evaluate_automation_conditions(defs=definitions(env.resources), instance=env.instance, cursor=cursor)

    unchecked = evaluate(env.first_round.automation_cursor)
    assert "2026-11-16" not in requested(unchecked), "checks that have not run hold the rollup"
    assert execute_checks([access_history_checks], key, instance=env.instance, resources=env.resources).success
    checked = evaluate(unchecked.cursor)
    assert requested(checked)["2026-11-16"] == ["org_access_history"]


def test_a_run_cut_short_after_the_records_leaves_nothing_stale_once_their_checks_pass(
        environment, tmp_path, monkeypatch):
    """An automation run plans an account-day's assets and stops after access_history was written, before its
    checks ran (killed; here its checks' step fails): what it never reached waits while the checks have not passed,
    and once they are run alone and pass, the next evaluation requests it, and the day's rollup (an operator's
    review saw that day's other assets stay stale). Dagster's ``any_deps_updated`` ignores an update made by a run
    that also planned the asset: this is the case where that could leave them with no trigger."""
    import assets.checks.access_history as checks_module

    env = environment.copy(tmp_path)
    key = partition_key(D1, PROD)

    def killed(*args, **kwargs):
        raise RuntimeError("the run's process was killed")

    monkeypatch.setattr(checks_module, "records_day", killed)
    cut_short = dg.materialize([*ALL_ASSETS, *ALL_CHECKS], selection=ACCOUNT_DAY_ASSETS, instance=env.instance,
                               partition_key=key, resources=env.resources, raise_on_error=False)
    monkeypatch.undo()
    written = {event.asset_key.to_user_string() for event in cut_short.get_asset_materialization_events()}
    assert not cut_short.success and "access_history" in written and "column_lineage" not in written

    def evaluate(cursor):
        return dg.evaluate_automation_conditions(defs=definitions(env.resources), instance=env.instance, cursor=cursor)

    held = evaluate(env.first_round.automation_cursor)  # the daemon's tick after the run ended
    assert not set(requested(held).get(str(key), [])) and D1.isoformat() not in requested(held), \
        "unchecked records hold their day and its rollup"
    assert execute_checks([access_history_checks], key, instance=env.instance, resources=env.resources).success
    after = requested(evaluate(held.cursor))
    reading_the_records = {"column_lineage", "data_movement", "governance_history", "object_access",
                           "openlineage_events", "policy_references"}  # the rest follow them on the next ticks
    assert reading_the_records <= set(after.get(str(key), [])), after
    assert after.get(D1.isoformat()) == ["org_access_history"], after


def test_blocking_checks_passed_agrees_with_dagsters_own_condition_on_every_partition(environment, tmp_path):
    """BlockingChecksPassed reads the check executions of the candidate partitions only; on the same
    instance it must pick the same partitions as Dagster's all_checks_match(check_passed()), here with
    one partition re-materialized without its checks and one whose blocking check failed."""
    from assets.automation import BlockingChecksPassed

    env = environment.copy(tmp_path)
    env.instance.report_runless_asset_event(dg.AssetMaterialization("access_history", partition=str(partition_key(D1, EU))))
    lines = env.warehouse / "raw_query_logs" / f"day={D2}" / f"account={PROD}"
    stored = pq.read_table(partition_files(lines), partitioning=None)
    rewrite(lines, pa.concat_tables([stored, stored.slice(0, 1)]))
    assert not execute_checks([raw_query_logs_checks], partition_key(D2, PROD), instance=env.instance,
                              resources=env.resources).success

    def picked(condition: dg.AutomationCondition) -> dict[str, set[str]]:
        return true_subsets(env, ~dg.AutomationCondition.missing() & condition)

    ours = picked(BlockingChecksPassed())
    dagsters = picked(dg.AutomationCondition.all_checks_match(dg.AutomationCondition.check_passed(), blocking_only=True))
    assert ours == dagsters
    assert f"{EU}|2026-11-16" not in ours["access_history"], "materialized again, its checks not run: held"
    assert f"{PROD}|2026-11-17" not in ours["raw_query_logs"], "a failed blocking check: held"
    assert f"{PROD}|2026-11-16" in ours["access_history"] and f"{PROD}|2026-11-16" in ours["raw_query_logs"]


def test_an_evaluation_reads_each_dependency_partitions_checks_once_however_many_assets_ask(environment, tmp_path):
    """raw_query_logs materialized again, its checks not run: every account-day asset after it asks whether
    its blocking checks passed, and the evaluation reads them from the instance once (they hold everything)."""
    env = environment.copy(tmp_path)
    key = str(partition_key(D1, PROD))
    env.instance.report_runless_asset_event(dg.AssetMaterialization("raw_query_logs", partition=key))
    storage = env.instance.event_log_storage
    asked: list[tuple[dg.AssetCheckKey, str]] = []
    read = storage.get_asset_check_partition_info

    def spied(check_keys, partition_keys=None, **kwargs):  # the real read, noted
        asked.extend((check, partition) for check in check_keys for partition in partition_keys or [])
        return read(check_keys, partition_keys=partition_keys, **kwargs)

    storage.get_asset_check_partition_info = spied
    try:
        result = dg.evaluate_automation_conditions(defs=definitions(env.resources), instance=env.instance,
                                                   cursor=env.first_round.automation_cursor)
    finally:
        del storage.get_asset_check_partition_info
    assert requested(result) == {}, "checks that have not run hold every asset after raw_query_logs"
    raw = [(check.name, partition) for check, partition in asked if check.asset_key == dg.AssetKey("raw_query_logs")]
    assert (key in {partition for _, partition in raw}) and len(raw) == len(set(raw)), \
        f"asked once per check and partition: {sorted(raw)}"
    graph = definitions(env.resources).resolve_asset_graph()
    assert len(graph.get(dg.AssetKey("raw_query_logs")).child_keys) >= 3, "several assets ask about raw_query_logs"


def test_blocking_checks_passed_on_an_unpartitioned_asset_agrees_with_dagsters_own_condition():
    """Every asset of the pipeline is partitioned; the condition's branch for one that is not, on a real
    instance: held while its blocking check has not run or has failed, released once it passes."""
    from assets.automation import BlockingChecksPassed

    outcome = {"passed": False}

    @dg.asset
    def plain() -> None:
        return None

    @dg.asset_check(asset=plain, blocking=True)
    def plain_is_good() -> dg.AssetCheckResult:
        return dg.AssetCheckResult(passed=outcome["passed"])

    instance = dg.DagsterInstance.ephemeral()

    def picked() -> tuple[bool, bool]:
        results = []
        for condition in (BlockingChecksPassed(), dg.AutomationCondition.all_checks_match(
                dg.AutomationCondition.check_passed(), blocking_only=True)):
            spec_condition = ~dg.AutomationCondition.missing() & condition
            asset = plain.map_asset_specs(lambda spec: spec.replace_attributes(automation_condition=spec_condition))
            result = dg.evaluate_automation_conditions(defs=dg.Definitions(assets=[asset], asset_checks=[plain_is_good]),
                                                       instance=instance)
            results.append(result.total_requested == 1)
        return results[0], results[1]

    assert dg.materialize([plain], instance=instance).success
    assert picked() == (False, False), "materialized, its check not run: held"
    assert not dg.materialize([plain, plain_is_good], instance=instance, raise_on_error=False).success
    assert picked() == (False, False), "its blocking check failed: held"
    outcome["passed"] = True
    assert dg.materialize([plain, plain_is_good], instance=instance).success
    assert picked() == (True, True), "its blocking check passed against its latest materialization"


def held_partitions(result: dg.EvaluateAutomationConditionsResult) -> dict[str, int]:
    """How many partitions each condition node holds in what a tick stores: the cursor's node cursors and the
    evaluation records (by asset and node label), where any are held."""
    from dagster_shared.serdes import deserialize_value, serialize_value

    def size(subset: object) -> int:
        value = subset.value
        return value if isinstance(value, bool) else len(value.get_partition_keys())

    held: dict[str, int] = {}
    cursor = deserialize_value(serialize_value(result.cursor), type(result.cursor))  # what the daemon stores
    for condition_cursor in cursor.previous_condition_cursors or ():
        for unique_id, node in condition_cursor.node_cursors_by_unique_id.items():
            if size(node.true_subset):
                held[f"cursor {condition_cursor.key.to_user_string()} {unique_id}"] = size(node.true_subset)

    def walk(asset: str, evaluation: object) -> None:
        if size(evaluation.true_subset):
            snapshot = evaluation.condition_snapshot
            held[f"evaluation {asset} {snapshot.label or snapshot.name}"] = size(evaluation.true_subset)
        for child in evaluation.child_evaluations:
            walk(asset, child)

    for asset_result in result.results:
        walk(asset_result.key.to_user_string(), asset_result.serializable_evaluation)
    return held


def test_a_first_evaluation_stores_no_subset_of_every_partition(environment, tmp_path):
    """A deployment's first tick (no cursor) over a history with nothing to do holds no partition in its cursor or
    its evaluation records. Dagster's ``since_last_handled`` would store every partition of every asset twice
    (its ``initial_evaluation`` reset and the ``handled`` node above it): at 500 accounts x 365 days a tick of
    33 s spent writing 182,500 keys per asset."""
    env = environment.copy(tmp_path)
    result = dg.evaluate_automation_conditions(defs=definitions(env.resources), instance=env.instance)
    assert requested(result) == {}, "the demo environment is up to date"
    assert held_partitions(result) == {}
    theirs = held_partitions(evaluated_with(env, AC.any_deps_updated().since_last_handled()))
    every = len(account_days.get_partition_keys(dynamic_partitions_store=env.instance))
    assert every > 2 and theirs["evaluation access_history initial_evaluation"] == every, \
        "Dagster's condition stores its first evaluation's reset of every partition (so the assertion above can fail)"


# --------------------------------------------------------------------------- missing and in progress, per partition


D3, D4, D5 = date(2026, 11, 18), date(2026, 11, 19), date(2026, 11, 20)


def access_history_stand_in(outcome: dict[str, str]) -> dg.AssetsDefinition:
    """access_history's keys and partitions, whose run fails before materializing (``"fail"``) or after
    materializing access_history (``"half"``): real runs and events, the pipeline's code left whole."""

    @dg.multi_asset(specs=[dg.AssetSpec("access_history"), dg.AssetSpec("access_history_quarantine")],
                    partitions_def=account_days, can_subset=True)
    def stand_in(context):  # no annotation: this module's future import makes it a string Dagster refuses
        if outcome["now"] == "half":
            yield dg.MaterializeResult(asset_key="access_history")
        raise RuntimeError(f"{context.partition_key}: this attempt fails")

    return stand_in


def test_missing_and_run_in_progress_agree_with_dagsters_own_conditions_on_every_partition(environment, tmp_path):
    """Missing and RunInProgress read the candidate partitions' latest events and their runs; on the same instance
    they (and the conditions built on them) must pick what Dagster's status-cache conditions pick, here with
    access_history's partitions in every state a run leaves them in."""
    from assets.automation import Missing, RunInProgress, any_deps_in_progress, any_deps_missing, in_progress

    env = environment.copy(tmp_path)
    outcome = {"now": "fail"}
    stand_in = access_history_stand_in(outcome)
    job = dg.Definitions(assets=[stand_in]).resolve_implicit_global_asset_job_def()

    def attempt(day: date, account: str, now: str) -> None:
        outcome["now"] = now
        assert not dg.materialize([stand_in], partition_key=partition_key(day, account), instance=env.instance,
                                  raise_on_error=False).success

    def run(day: date, account: str, status: dg.DagsterRunStatus) -> None:  # planned; the run never executes
        env.instance.create_run_for_job(job, asset_selection=frozenset({dg.AssetKey("access_history")}),
                                        tags={"dagster/partition": str(partition_key(day, account))}, status=status)

    def report(day: date, account: str) -> None:
        env.instance.report_runless_asset_event(dg.AssetMaterialization("access_history",
                                                                        partition=str(partition_key(day, account))))

    attempt(D2, PROD, "fail")  # materialized, then a newer attempt failed
    attempt(D1, EU, "half")  # materialized again in a run that then failed
    attempt(D3, EU, "fail")  # planned, failed, never materialized
    run(D3, PROD, dg.DagsterRunStatus.STARTED)
    run(D4, EU, dg.DagsterRunStatus.NOT_STARTED)  # (QUEUED needs a code location's origin: the same unfinished kind)
    run(D4, PROD, dg.DagsterRunStatus.STARTED)
    report(D4, PROD)  # in progress, then materialized by another hand
    report(D5, PROD)
    run(D5, PROD, dg.DagsterRunStatus.STARTED)  # materialized, then in progress again
    run(D5, EU, dg.DagsterRunStatus.CANCELED)

    pairs = {"missing": (Missing(), AC.missing()), "run_in_progress": (RunInProgress(), AC.run_in_progress()),
             "in_progress": (in_progress(), AC.in_progress()),
             "any_deps_missing": (any_deps_missing(), AC.any_deps_missing()),
             "any_deps_in_progress": (any_deps_in_progress(), AC.any_deps_in_progress())}
    picked = {name: tuple(true_subsets(env, condition) for condition in pair) for name, pair in pairs.items()}
    for name, (ours, dagsters) in picked.items():
        assert ours == dagsters, name
    days = tuple(f"|{day}" for day in (D1, D2, D3, D4, D5))
    at = {name: {key for key in ours["access_history"] if key.endswith(days)} for name, (ours, _) in picked.items()}
    assert at["missing"] == {f"{EU}|{D2}", f"{EU}|{D3}", f"{PROD}|{D3}", f"{EU}|{D4}", f"{EU}|{D5}"}
    assert at["run_in_progress"] == at["in_progress"] == {f"{PROD}|{D3}", f"{EU}|{D4}", f"{PROD}|{D5}"}
    busy_days = {key for key in picked["any_deps_in_progress"][0]["org_access_history"]}
    assert {str(D3), str(D4), str(D5)} <= busy_days and str(D1) not in busy_days


def test_missing_and_run_in_progress_on_an_unpartitioned_asset_are_dagsters_own():
    """Every asset of the pipeline is partitioned; for one that is not, the conditions answer as Dagster's:
    missing until materialized, in progress while a run that plans it has not finished."""
    from assets.automation import Missing, RunInProgress

    @dg.asset
    def plain() -> None:
        return None

    instance = dg.DagsterInstance.ephemeral()
    job = dg.Definitions(assets=[plain]).resolve_implicit_global_asset_job_def()

    def picked() -> list[bool]:
        answers = []
        for condition in (Missing(), AC.missing(), RunInProgress(), AC.run_in_progress()):
            asset = plain.map_asset_specs(lambda spec: spec.replace_attributes(automation_condition=condition))
            result = dg.evaluate_automation_conditions(defs=dg.Definitions(assets=[asset]), instance=instance)
            answers.append(result.total_requested == 1)
        return answers

    assert picked() == [True, True, False, False], "never materialized, no run"
    run = instance.create_run_for_job(job, asset_selection=frozenset({plain.key}), status=dg.DagsterRunStatus.STARTED)
    assert picked() == [True, True, True, True], "a run that plans it has started"
    instance.report_run_failed(run)
    assert picked() == [True, True, False, False], "that run failed"
    assert dg.materialize([plain], instance=instance).success
    assert picked() == [False, False, False, False]


def test_a_day_whose_previous_days_run_stopped_before_its_paths_waits_for_them():
    """``data_movement_paths`` starts from the previous day's paths: a previous day whose run stopped before its
    edges (a blocking check failed) has neither, but its own previous day's paths are there, so this day waits
    (started from none, it would lose them); an account's first day, whose previous day has nothing, does not.
    The asset's own condition for that wait, on stand-ins of its two assets (Dagster's daily partitions)."""
    from assets import data_movement_paths as the_asset

    def parts(condition: dg.AutomationCondition) -> Iterator[dg.AutomationCondition]:
        yield condition
        for child in condition.children:
            yield from parts(child)

    [pending] = [part for part in parts(the_asset.specs_by_key[the_asset.key].automation_condition)
                 if part.get_label() == "previous_day_has_inputs_but_no_output"]
    daily = dg.DailyPartitionsDefinition(start_date="2026-11-01", end_date="2026-11-04")  # three days

    @dg.asset(partitions_def=daily)
    def data_movement() -> None:
        return None

    previous = dg.TimeWindowPartitionMapping(start_offset=-1, end_offset=-1)

    @dg.asset(partitions_def=daily, automation_condition=pending,
              deps=[data_movement, dg.AssetDep("data_movement_paths", partition_mapping=previous)])
    def data_movement_paths() -> None:
        return None

    instance = dg.DagsterInstance.ephemeral()

    def waiting() -> set[str]:
        result = dg.evaluate_automation_conditions(defs=dg.Definitions(assets=[data_movement, data_movement_paths]),
                                                   instance=instance)
        return {str(key) for key in result.get_requested_partitions(data_movement_paths.key)}

    for asset, day in (("data_movement", "2026-11-01"), ("data_movement", "2026-11-03")):
        instance.report_runless_asset_event(dg.AssetMaterialization(asset, partition=day))
    assert waiting() == {"2026-11-02"}, "day 1's edges without its paths (day 1: the account's first, no wait)"
    instance.report_runless_asset_event(dg.AssetMaterialization("data_movement_paths", partition="2026-11-01"))
    assert waiting() == {"2026-11-03"}, "day 3 waits for day 2's paths: day 2 has no edges, day 1 has paths"


def cached_statuses(instance: dg.DagsterInstance) -> dict[str, object]:
    """Each asset's partition status cache as stored (Dagster's ``AssetStatusCacheValue``)."""
    return {record.asset_entry.asset_key.to_user_string(): record.asset_entry.cached_status
            for record in instance.get_asset_records()}


def test_an_evaluation_neither_reads_nor_updates_the_partition_status_caches(environment, tmp_path):
    """After new events an evaluation that asked Dagster's missing / in_progress would bring the asset's status
    cache up to date and write it back (the cost that grows with the history); the pipeline's conditions
    leave every cache as it was."""
    env = environment.copy(tmp_path)
    true_subsets(env, AC.missing() | AC.in_progress())  # every asset's cache brought up to date
    env.instance.report_runless_asset_event(dg.AssetMaterialization("raw_query_logs",
                                                                    partition=str(partition_key(D1, PROD))))
    before = cached_statuses(env.instance)
    assert before["raw_query_logs"] is not None
    result = dg.evaluate_automation_conditions(defs=definitions(env.resources), instance=env.instance,
                                               cursor=env.first_round.automation_cursor)
    assert requested(result) == {}, "raw_query_logs' checks have not run again: everything after it waits"
    assert cached_statuses(env.instance) == before
    true_subsets(env, AC.missing())
    assert cached_statuses(env.instance)["raw_query_logs"] != before["raw_query_logs"], \
        "Dagster's own condition updates the cache after that event (so the comparison above can fail)"


# --------------------------------------------------------------------------- a late file


LATE_LINES = [
    '{"query_id": "late-1", "query_text": "SELECT ORDER_ID, AMOUNT FROM ANALYTICS.RAW.ORDERS", '
    '"query_start_time": "2026-11-16T00:00:01.000+00:00", "user_name": "LATE_ANALYST"}',
    '{"query_id": "late-2", "query_text": "SELECT COUNT(*) FROM ANALYTICS.RAW.CUSTOMERS", '
    '"query_start_time": "2026-11-16T00:00:02.000+00:00", "user_name": "LATE_ANALYST"}',
]


def test_a_late_file_redoes_its_day_then_the_days_after_it_and_a_failed_blocking_check_holds_them(
        environment, tmp_path):
    """A late file for day 1 (and a copy of a file already there): raw_query_logs is redone by the
    sensor; while its blocking check fails nothing follows; then day 1's downstream assets, and
    only after them day 2's (the catalog carries day 1's DDL over) and day 1's rollup."""
    env = environment.copy(tmp_path)
    folder = env.landing / PROD / D1.isoformat()
    original = sorted(folder.iterdir())[0]
    (folder / "zz_late.jsonl").write_text("\n".join(LATE_LINES) + "\n")
    shutil.copy(original, folder / f"copy_of_{original.name}")

    sensed = tick_landing_sensor(env.instance, env.resources, env.first_round.sensor_cursor)
    assert [str(r.partition_key) for r in sensed.run_requests] == [f"{PROD}|2026-11-16"]
    raw_run = execute_sensor_request(sensed.run_requests[0], instance=env.instance, resources=env.resources)
    assert raw_run.success
    [materialization] = [e.step_materialization_data.materialization for e in raw_run.get_asset_materialization_events()
                         if e.asset_key == dg.AssetKey("raw_query_logs")]
    assert materialization.metadata["duplicate_lines"].value > 0, "the copy's lines are stored once"

    def evaluate(cursor):
        return dg.evaluate_automation_conditions(defs=definitions(env.resources), instance=env.instance, cursor=cursor)

    # The stored partition broken behind the checks' back: a blocking check fails and holds everything.
    lines = env.warehouse / "raw_query_logs" / f"day={D1}" / f"account={PROD}"
    stored = pq.read_table(partition_files(lines), partitioning=None)
    rewrite(lines, pa.concat_tables([stored, stored.slice(0, 1)]))
    assert not execute_checks([raw_query_logs_checks], partition_key(D1, PROD), instance=env.instance,
                              resources=env.resources).success
    held = evaluate(env.first_round.automation_cursor)
    assert requested(held) == {}, "a failed blocking check of raw_query_logs holds its downstream assets"

    rewrite(lines, stored)
    assert execute_checks([raw_query_logs_checks], partition_key(D1, PROD), instance=env.instance,
                          resources=env.resources).success
    first = evaluate(held.cursor)
    assert requested(first) == {f"{PROD}|2026-11-16": ACCOUNT_DAY_ASSETS}, "day 2 waits for day 1's catalog"
    assert dg.materialize([*ALL_ASSETS, *ALL_CHECKS], selection=ACCOUNT_DAY_ASSETS, instance=env.instance,
                          partition_key=partition_key(D1, PROD), resources=env.resources).success
    records = env.table("access_history", D1, PROD).column("query_id").to_pylist()
    assert {"late-1", "late-2"} <= set(records)
    assert len(records) == len(set(records)) + swap_pairs(env, D1, PROD), "the copied file added no record"

    second = evaluate(first.cursor)
    assert requested(second) == {"2026-11-16": ["org_access_history"], f"{PROD}|2026-11-17": ACCOUNT_DAY_ASSETS}


def rewrite(folder: Path, table: pa.Table) -> None:
    """Replace a partition's content by one file holding ``table`` (a new version, as a write would)."""
    with replacing_partition(str(folder)) as staged:
        pq.write_table(table, f"{staged}/part-00000-rewritten.parquet")


def swap_pairs(env: Environment, day: date, account: str) -> int:
    ddl = env.table("access_history", day, account).column("object_modified_by_ddl").to_pylist()
    return sum(1 for entry in ddl if entry and "swapTargetName" in (entry.get("properties") or "")) // 2


@pytest.mark.parametrize("shell", ["2026-11-01", "2026-13-01"])
def test_the_command_reads_dot_env_as_dagster_dev_does_so_both_see_the_same_partitions(tmp_path, shell):
    """bin/demo pins AHP_START_DATE in .env, which dagster dev reads: the command started from the same folder
    must define the same partitions (before, it kept 2024-01-01 and ran days the UI does not have). A value of the
    shell's that .env replaces is never read, even one that is no date (it stopped the command: a user-journey
    review)."""
    landing = tmp_path / "landing" / "ACME"
    (landing / "2026-11-15").mkdir(parents=True)
    (landing / "2026-11-15" / "q.jsonl").write_text(
        '{"query_id": "q1", "query_text": "select 1", "query_start_time": "2026-11-15T00:00:00+00:00", "user_name": "U"}\n')
    (landing / "catalog.json").write_text('{"objects": []}')
    (tmp_path / ".env").write_text("AHP_START_DATE=2026-11-16\n")
    env = {**os.environ, "AHP_START_DATE": shell}  # .env wins, as with dagster dev
    done = subprocess.run([sys.executable, "-m", "tools.automation", "--landing", str(tmp_path / "landing"),
                           "--warehouse", str(tmp_path / "warehouse"), "--dagster-home", str(tmp_path / "home")],
                          cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    assert "Loaded environment variables from .env (as dagster dev does): AHP_START_DATE" in done.stdout
    assert (f"warning: .env's AHP_START_DATE=2026-11-16 replaces AHP_START_DATE={shell} of the environment"
            in done.stderr), "a value .env replaces is named (a helper set the variable and saw nothing run)"
    assert ("ACME: 1 day folder(s) from 2026-11-15 to 2026-11-15, before the first partition day 2026-11-16 "
            "(AHP_START_DATE)") in done.stderr
    assert "0 sensor run(s), 0 automation run(s)" in done.stdout
