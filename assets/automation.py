"""When each downstream asset and check runs by itself: the pipeline's automation conditions.

The landing-zone sensor materializes ``raw_query_logs`` (with its checks); everything after
follows declaratively, evaluated by the code location's automation sensor:

- :func:`follows_upstream` (``access_history``, ``column_lineage``, ``policy_references``):
  a dependency was updated since the partition was last handled, none is missing or in
  progress, and every *blocking* check of every materialized dependency partition has passed
  against that partition's latest materialization (one that failed, could not run or has not
  run yet holds it: a dependency is no longer "in progress" once materialized, while its run
  still runs its checks). Unlike ``eager()``, every
  day is considered, not only the latest one: a late file for an old day redoes that day.
- :func:`follows_previous_day` (``catalog``): the same, except that the previous day's
  catalog may be missing on an account's first day. It waits while that catalog is
  missing although the previous day has logs (its ``raw_query_logs`` materialized or
  materializing): day D starts from day D-1's end state, so days go in order, and a
  redone day D redoes D+1 after it.
- :func:`follows_every_account` (``org_access_history``): like :func:`follows_upstream`,
  but an account with no partition on the day does not hold the rollup back (it is left
  out with a warning), and it waits while any account of the day has work in progress
  upstream, so that accounts landing together give one rollup.

Asset checks have no condition of their own: they ride along with every run of their asset.
"""

from __future__ import annotations

from weakref import WeakKeyDictionary

import dagster as dg

AC = dg.AutomationCondition
_RAW = dg.AssetSelection.assets("raw_query_logs")
_CATALOG = dg.AssetSelection.assets("catalog")


class BlockingChecksPassed(dg.AutomationCondition[dg.AssetKey]):
    """The candidate partitions of an asset against whose latest materialization every blocking check of
    the asset has passed (a check that failed, could not run, has not run yet or ran against an older
    materialization holds its partition; an asset without blocking checks passes).

    What ``AC.all_checks_match(AC.check_passed(), blocking_only=True)`` says, but read from the check
    executions of the candidate partitions only. Dagster's own rebuilds each check's state from every
    execution ever recorded at every evaluation that asks (OSS keeps no checkpoint of it): at 500
    accounts x 365 days that was 44-86 s an evaluation, growing with the history
    (``benchmarks/README.md``, "The full simulation"). An arbitrary Python condition: the automation
    sensor evaluates it on the code server (``sensors.automation_sensor``).
    """

    @property
    def name(self) -> str:
        return "blocking_checks_passed"

    def evaluate(self, context: dg.AutomationContext) -> dg.AutomationResult:  # type: ignore[override]
        candidates = context.candidate_subset
        graph = context.asset_graph
        checks = sorted((key for key in graph.get_check_keys_for_assets({context.key}) if graph.get(key).blocking),
                        key=lambda key: key.to_user_string())
        if not checks or candidates.is_empty:
            return dg.AutomationResult(context, true_subset=candidates)
        storage = context.asset_graph_view.instance.event_log_storage
        if graph.get(context.key).partitions_def is None:
            infos = storage.get_asset_check_partition_info(checks)
            return dg.AutomationResult(context, true_subset=candidates if len(infos) == len(checks) and all(
                _passed(info) for info in infos) else context.asset_graph_view.get_empty_subset(key=context.key))
        keys = sorted(candidates.expensively_compute_partition_keys())
        known = _KNOWN.setdefault(context.asset_graph_view, {})
        unknown = [key for key in keys if (context.key, key) not in known]
        for start in range(0, len(unknown), _PARTITIONS_PER_QUERY):
            asked = unknown[start:start + _PARTITIONS_PER_QUERY]
            passed: dict[dg.AssetCheckKey, set[str]] = {check: set() for check in checks}
            for info in storage.get_asset_check_partition_info(checks, partition_keys=asked):
                if _passed(info):
                    passed[info.check_key].add(info.partition_key)
            everywhere = set(asked).intersection(*passed.values())
            known.update(((context.key, key), key in everywhere) for key in asked)
        return dg.AutomationResult(context, true_subset=context.asset_graph_view.compute_intersection_with_partition_keys(
            {key for key in keys if known[(context.key, key)]}, candidates))


#: Partitions whose check executions one query reads (a first evaluation over a landed backlog asks about many).
_PARTITIONS_PER_QUERY = 1_000

#: What one evaluation (one asset graph view) has read: (asset, partition) -> every blocking check passed. Several
#: downstream assets ask about the same dependency partitions (every account-day asset reads ``raw_query_logs``), and
#: each asks through a condition of its own; the view is dropped with its evaluation, and its entry with it.
_KNOWN: WeakKeyDictionary[object, dict[tuple[dg.AssetKey, str], bool]] = WeakKeyDictionary()


def _passed(info: object) -> bool:
    """Whether a check's latest execution on a partition passed, against the partition's latest materialization."""
    from dagster._core.storage.asset_check_execution_record import AssetCheckExecutionRecordStatus

    return info.latest_execution_status == AssetCheckExecutionRecordStatus.SUCCEEDED and info.is_current


def deps_blocking_checks_passed() -> dg.AutomationCondition:
    """Every materialized partition of every dependency has passed its blocking checks.

    Dagster's ``all_deps_blocking_checks_passed()`` does not fit: ``all_deps_match`` holds when *one*
    partition of a dependency matches (the rollup's day would go when one account's checks pass),
    and it counts a check that will be requested on this tick as passed. Here no partition may
    match "materialized, and some blocking check has not passed against its latest
    materialization" (:class:`BlockingChecksPassed`). A missing partition is left to the callers
    (``any_deps_missing``, or the rollup leaving an account out).
    """
    unchecked = ~AC.missing() & ~BlockingChecksPassed()
    return (~AC.any_deps_match(unchecked)).with_label("deps_blocking_checks_passed")


def _updated_and_quiet() -> dg.AutomationCondition:
    """A dependency updated since last handled; nothing upstream or here in progress; blocking checks passed."""
    return (
        AC.any_deps_updated().since_last_handled()
        & ~AC.any_deps_in_progress()
        & ~AC.in_progress()
        & deps_blocking_checks_passed()
    )


def follows_upstream() -> dg.AutomationCondition:
    """For a partition whose dependencies are partitions of the same account-day."""
    return (_updated_and_quiet() & ~AC.any_deps_missing()).with_label("follows_upstream")


def follows_previous_day(own: dg.AssetSelection = _CATALOG, inputs: dg.AssetSelection = _RAW) -> dg.AutomationCondition:
    """For ``catalog`` (and ``data_movement_paths``): its own previous day may be missing only if that day
    has none of its ``inputs``."""
    previous_day_pending = AC.any_deps_match(
        AC.missing() & AC.any_deps_match(~AC.missing() | AC.in_progress()).allow(inputs)
    ).allow(own).with_label("previous_day_has_inputs_but_no_output")
    return (_updated_and_quiet() & ~AC.any_deps_missing().ignore(own) & ~previous_day_pending).with_label(
        "follows_previous_day")


def follows_every_account() -> dg.AutomationCondition:
    """For ``org_access_history``: the day's accounts, whichever of them have records."""
    upstream_busy = AC.any_deps_match(AC.any_deps_in_progress()).with_label("any_account_busy_upstream")
    return (_updated_and_quiet() & ~upstream_busy).with_label("follows_every_account")

