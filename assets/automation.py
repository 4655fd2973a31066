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
  redone day D redoes D+1 after it. ``data_movement_paths`` follows it too: it waits while
  the previous day's paths are missing although that day has edges or its own previous day
  has paths (a day whose run stopped before its paths would otherwise be skipped, and the
  next day would start from none).
- :func:`follows_every_account` (``org_access_history``): like :func:`follows_upstream`,
  but an account with no partition on the day does not hold the rollup back (it is left
  out with a warning), and it waits while any account of the day has work in progress
  upstream, so that accounts landing together give one rollup.

Asset checks have no condition of their own: they ride along with every run of their asset.

"Missing", "in progress" and "blocking checks passed" are conditions of our own (:class:`Missing`,
:class:`RunInProgress`, :class:`BlockingChecksPassed`) that say what Dagster's say, but read the
candidate partitions only, once an evaluation however many assets ask: Dagster's read and rewrite
state kept for every partition ever materialized, which grows with the history.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TypeVar
from weakref import WeakKeyDictionary

import dagster as dg

AC = dg.AutomationCondition
_RAW = dg.AssetSelection.assets("raw_query_logs")
_CATALOG = dg.AssetSelection.assets("catalog")
T = TypeVar("T")


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

        def read(asked: list[str]) -> dict[str, bool]:
            passed: dict[dg.AssetCheckKey, set[str]] = {check: set() for check in checks}
            for info in storage.get_asset_check_partition_info(checks, partition_keys=asked):
                if _passed(info):
                    passed[info.check_key].add(info.partition_key)
            everywhere = set(asked).intersection(*passed.values())
            return {key: key in everywhere for key in asked}

        return _result(context, {key for key, ok in _read_once(context, "checks_passed", read).items() if ok})


class Missing(dg.AutomationCondition[dg.AssetKey]):
    """The candidate partitions never materialized: what ``AC.missing()`` says, read from the latest
    materialization of the candidate partitions only.

    Dagster's own reads the asset's partition status cache, a serialized list of every materialized,
    failed and in-progress key, and after new materializations extends, sorts and writes it back whole:
    at 500 accounts x 365 days, 182,500 keys an asset, 13 assets, 5.6 s of a 13 s evaluation
    (``docs/sizing.md``). An unpartitioned or observable asset keeps Dagster's own.
    """

    @property
    def name(self) -> str:
        return "missing"

    async def evaluate(self, context: dg.AutomationContext) -> dg.AutomationResult:  # type: ignore[override]
        view, candidates = context.asset_graph_view, context.candidate_subset
        if not _by_partition(context):
            return dg.AutomationResult(context, true_subset=await view.compute_missing_subset(
                key=context.key, from_subset=candidates))
        if candidates.is_empty:
            return dg.AutomationResult(context, true_subset=candidates)
        latest = _read_once(context, "materialized", _latest_ids(context, dg.DagsterEventType.ASSET_MATERIALIZATION))
        return _result(context, {key for key, storage_id in latest.items() if storage_id is None})


class RunInProgress(dg.AutomationCondition[dg.AssetKey]):
    """The candidate partitions a run not finished yet plans to materialize: what ``AC.run_in_progress()``
    says, read for the candidate partitions only.

    The same rule as Dagster's partition status cache (``build_failed_and_in_progress_partition_subset``):
    a partition is in progress when its latest ``ASSET_MATERIALIZATION_PLANNED`` event is newer than its
    latest materialization and that event's run exists with a status other than success, failure or
    canceled (a run that failed holds nothing: that partition is failed, not in progress; a deleted run
    holds nothing either). An unpartitioned asset keeps Dagster's own.
    """

    @property
    def name(self) -> str:
        return "run_in_progress"

    async def evaluate(self, context: dg.AutomationContext) -> dg.AutomationResult:  # type: ignore[override]
        view, candidates = context.asset_graph_view, context.candidate_subset
        if not _by_partition(context, materializable_only=False):
            return dg.AutomationResult(context, true_subset=await view.compute_run_in_progress_subset(
                key=context.key, from_subset=candidates))
        if candidates.is_empty:
            return dg.AutomationResult(context, true_subset=candidates)
        events = dg.DagsterEventType
        planned = _read_once(context, "planned", _latest_ids(context, events.ASSET_MATERIALIZATION_PLANNED))
        materialized = _read_once(context, "materialized", _latest_ids(context, events.ASSET_MATERIALIZATION))
        pending = {storage_id: key for key, storage_id in planned.items()
                   if storage_id is not None and storage_id > (materialized[key] or 0)}
        runs = _run_ids(view, context.key, pending)
        unfinished = _unfinished_runs(view, set(runs.values()))
        return _result(context, {pending[storage_id] for storage_id, run in runs.items() if run in unfinished})


def in_progress() -> dg.AutomationCondition:
    """``AC.in_progress()`` with :class:`RunInProgress` for its run part (its backfill part is Dagster's)."""
    return (RunInProgress() | AC.backfill_in_progress()).with_label("in_progress")


def any_deps_missing() -> dg.AutomationCondition:
    """``AC.any_deps_missing()`` with :class:`Missing`."""
    return AC.any_deps_match(Missing() & ~AC.will_be_requested()).with_label("any_deps_missing")


def any_deps_in_progress() -> dg.AutomationCondition:
    """``AC.any_deps_in_progress()`` with :func:`in_progress`."""
    return AC.any_deps_match(in_progress()).with_label("any_deps_in_progress")


#: Partitions one query asks about (a first evaluation over a landed backlog asks about many).
_PARTITIONS_PER_QUERY = 1_000


def _batches(items: list[T]) -> Iterator[list[T]]:
    """``items`` in lists of at most :data:`_PARTITIONS_PER_QUERY`, one query each."""
    for start in range(0, len(items), _PARTITIONS_PER_QUERY):
        yield items[start:start + _PARTITIONS_PER_QUERY]


#: What one evaluation (one asset graph view) has read: (what, asset, partition) -> answer, and run id -> finished or
#: not. Several downstream assets ask about the same dependency partitions (every account-day asset reads
#: ``raw_query_logs``), each through a condition of its own; the view is dropped with its evaluation, and its entry
#: with it.
_KNOWN: WeakKeyDictionary[object, dict[tuple[str, dg.AssetKey, str], object]] = WeakKeyDictionary()
_RUNS: WeakKeyDictionary[object, dict[str, bool]] = WeakKeyDictionary()


def _read_once(context: dg.AutomationContext, what: str, read: Callable[[list[str]], dict[str, T]]) -> dict[str, T]:
    """``read`` of each candidate partition of the asset (``partition -> answer``), asked of the instance at most
    once an evaluation, in batches of :data:`_PARTITIONS_PER_QUERY` partitions."""
    keys = sorted(context.candidate_subset.expensively_compute_partition_keys())
    known = _KNOWN.setdefault(context.asset_graph_view, {})
    unknown = [key for key in keys if (what, context.key, key) not in known]
    for asked in _batches(unknown):
        answers = read(asked)
        known.update(((what, context.key, key), answers[key]) for key in asked)
    return {key: known[(what, context.key, key)] for key in keys}  # type: ignore[misc]


def _latest_ids(context: dg.AutomationContext,
                event_type: dg.DagsterEventType) -> Callable[[list[str]], dict[str, int | None]]:
    """A reader of the storage id of the latest ``event_type`` event of each asked partition (None: none)."""
    storage = context.asset_graph_view.instance.event_log_storage

    def read(asked: list[str]) -> dict[str, int | None]:
        latest = storage.get_latest_storage_id_by_partition(context.key, event_type, partitions=set(asked))
        return {key: latest.get(key) for key in asked}

    return read


def _run_ids(view: object, asset: dg.AssetKey, planned: dict[int, str]) -> dict[int, str | None]:
    """The run of each planned-materialization event (by storage id)."""
    runs: dict[int, str | None] = {}
    ids = sorted(planned)
    for chunk in _batches(ids):
        runs.update((record.storage_id, record.run_id) for record in view.instance.get_asset_event_summary_records(
            dg.DagsterEventType.ASSET_MATERIALIZATION_PLANNED, asset_key=asset, storage_ids=chunk, limit=len(chunk)))
    return runs


def _unfinished_runs(view: object, run_ids: set[str | None]) -> set[str]:
    """Those of ``run_ids`` whose run exists and has not finished (each run's status read once an evaluation)."""
    from dagster._core.storage.dagster_run import FINISHED_STATUSES

    known = _RUNS.setdefault(view, {})
    unknown = sorted(run for run in run_ids if run and run not in known)
    for chunk in _batches(unknown):
        statuses = {run.run_id: run.status for run in view.instance.get_runs(dg.RunsFilter(run_ids=chunk))}
        known.update((run, run in statuses and statuses[run] not in FINISHED_STATUSES) for run in chunk)
    return {run for run in run_ids if run and known[run]}


def _by_partition(context: dg.AutomationContext, *, materializable_only: bool = True) -> bool:
    """Whether our per-partition reads serve this key (else Dagster's own condition does)."""
    if not isinstance(context.key, dg.AssetKey):
        return False
    node = context.asset_graph.get(context.key)
    return node.partitions_def is not None and (node.is_materializable or not materializable_only)


def _result(context: dg.AutomationContext, partition_keys: set[str]) -> dg.AutomationResult:
    """The candidate partitions among ``partition_keys``."""
    return dg.AutomationResult(context, true_subset=context.asset_graph_view.compute_intersection_with_partition_keys(
        partition_keys, context.candidate_subset))


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
    unchecked = ~Missing() & ~BlockingChecksPassed()
    return (~AC.any_deps_match(unchecked)).with_label("deps_blocking_checks_passed")


def since_last_handled(condition: dg.AutomationCondition) -> dg.AutomationCondition:
    """``condition.since_last_handled()`` reset by a request or a materialization, without Dagster's
    ``initial_evaluation`` among the resets.

    ``initial_evaluation`` holds for every partition on a condition's first evaluation. Its node keeps
    that true subset in the automation cursor, and the tick's evaluation record keeps it too: for an
    account x day asset, the list of every partition key (182,500 at 500 accounts x 365 days, for each
    of 11 assets: 33 s to build and encode on the first tick after a deploy).

    Here it has little to reset. For these assets it holds exactly when the asset has no cursor yet
    (it also compares the type of the stored requested subset with the definition's, which stays the
    same for a multi-partition or a daily definition), so the since node has no earlier true subset
    to clear. And ``newly_updated`` is empty on a first evaluation, so on that tick the trigger holds
    only where a dependency is requested on the same tick. Without the reset such a partition is
    requested with its dependency (in its run), as on every later tick, instead of on the next one.
    """
    handled = (AC.newly_requested() | AC.newly_updated()).with_label("handled")
    return condition.since(handled).with_label("since_last_handled")


def _updated_and_quiet() -> dg.AutomationCondition:
    """A dependency updated since last handled; nothing upstream or here in progress; blocking checks passed."""
    return (
        since_last_handled(AC.any_deps_updated())
        & ~any_deps_in_progress()
        & ~in_progress()
        & deps_blocking_checks_passed()
    )


def follows_upstream() -> dg.AutomationCondition:
    """For a partition whose dependencies are partitions of the same account-day."""
    return (_updated_and_quiet() & ~any_deps_missing()).with_label("follows_upstream")


def follows_previous_day(own: dg.AssetSelection = _CATALOG, inputs: dg.AssetSelection = _RAW) -> dg.AutomationCondition:
    """For ``catalog`` (and ``data_movement_paths``): its own previous day may be missing only if that day
    has none of its ``inputs``."""
    previous_day_pending = AC.any_deps_match(
        Missing() & AC.any_deps_match(~Missing() | in_progress()).allow(inputs)
    ).allow(own).with_label("previous_day_has_inputs_but_no_output")
    return (_updated_and_quiet() & ~any_deps_missing().ignore(own) & ~previous_day_pending).with_label(
        "follows_previous_day")


def follows_every_account() -> dg.AutomationCondition:
    """For ``org_access_history``: the day's accounts, whichever of them have records."""
    upstream_busy = AC.any_deps_match(any_deps_in_progress()).with_label("any_account_busy_upstream")
    return (_updated_and_quiet() & ~upstream_busy).with_label("follows_every_account")

