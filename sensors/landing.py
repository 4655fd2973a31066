"""The landing-zone sensor: new or changed log files become runs of their (day, account) partitions.

Layout watched (``resources.storage``)::

    <landing>/<ACCOUNT>/<YYYY-MM-DD>/<name>.jsonl | .json | .csv [.gz] | .parquet

:func:`plan_landing_runs` is the whole decision, a pure function (no clock, no I/O): a
listing of the landing zone and the previous cursor in; run requests, accounts to
register and the next cursor out. :func:`landing_zone_sensor` only lists the landing zone
and asks the instance what the function needs.

- A file's identity is its path, its size and its etag (a content hash, where the store
  gives one, as S3 does) or else its modification time. A partition's state is the digest
  of its files' identities; its run key is the partition, a revision number and that
  digest. The same listing gives no run; a new, late, changed or removed file gives the
  partition a new revision, so the day is redone from all of its files.
- The same file landed again unchanged (same name, size and etag or mtime) is no new
  work. A copy under another name is a new file: the day is redone, and its query_ids
  appear twice in ``raw_query_logs`` (the ``query_id_unique`` check says so).
- Days between an account's first and last landed day that hold no file are requested
  as empty days, once: the catalog carries each day's DDL to the next, so a quiet day
  must exist for the days after it.
- A partition the cursor has never seen, whose ``raw_query_logs`` was materialized by a
  run that started after every one of its files was last modified (``bin/demo``, or a
  cursor that was reset), is adopted: recorded in the cursor without a run.
- A day whose files were all removed is left as it is (retention of the landing zone is
  not a change of the day).
- The cursor is bounded: it keeps the days of each account's look-back window (the
  ``lookback_days`` before the account's newest landed day) and, per account, a watermark
  (the newest modification time of its files seen so far). A day that falls out of the
  window leaves the cursor. A file that then lands in such a closed day, newer than the
  watermark, is reported as late (named in the sensor's log and in the plan), not run:
  rerun its partition by hand if it should count. A new account's whole history is read
  whatever its age. A file without a modification time in a closed day cannot be told
  from an old one, and a file copied in with an old modification time is not seen.
- A tick does not open the closed day folders that have not changed since the watermark
  (:func:`closed_days`, ``LandingZone.listing(closed=...)``): it lists each account's day
  folders and the files of its open days, so its cost follows the look-back window, not the
  years landed. A file landing in a closed day changes its folder's modification time, which
  opens the folder for that tick: the late file is reported as above. Where folders have no
  modification time (an object store's prefixes) every folder is opened, as before; a file
  rewritten in place in a closed day (its folder unchanged) is not seen.
- A tick takes up at most ``LandingZone.backlog_days`` new account-days (``AHP_SENSOR_BACKLOG``,
  5,000): days after an account's newest day seen, and every day of a new account, the oldest
  first across accounts (:func:`tick_listing`). The rest are not opened; the next ticks take them
  up in order, so each day's catalog still comes before the next. An organization landing
  years of history at once is taken up over several short ticks, not one long one (the
  daemon times a sensor out after 60 s).
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta

import dagster as dg

from assets.checks import RAW_QUERY_LOGS_CHECKS
from assets.partitions import ACCOUNTS, accounts, partition_days, partition_key
from assets.raw_query_logs import raw_query_logs
from resources import ClosedDays, LandedFile, LandingZone, Listing, Settings, first_to_last
from resources.tables import RAW_QUERY_LOGS

CURSOR_VERSION = 2
#: Cursors of these versions are read (version 1 had no watermarks: its accounts count as new).
READABLE_CURSOR_VERSIONS = (1, 2)
#: Days before an account's newest landed day whose files are still watched for changes.
DEFAULT_LOOKBACK_DAYS = 35
SENSOR_NAME = "landing_zone_sensor"
RUN_TAG_DIGEST = "ahp/landing_digest"
RUN_TAG_FILES = "ahp/landing_files"
#: Seconds between two ticks (``AHP_SENSOR_INTERVAL``): a landed file waits half of it on average.
SENSOR_INTERVAL = Settings.from_env().sensor_interval


@dataclass(frozen=True, slots=True)
class LandingPlan:
    """What one tick decided."""

    run_requests: list[dg.RunRequest]
    new_accounts: list[str]
    cursor: str
    adopted: list[tuple[str, date]] = field(default_factory=list)
    ignored: list[str] = field(default_factory=list)
    late: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- the decision


def plan_landing_runs(files: Iterable[LandedFile], *, cursor: str | None, known_accounts: Collection[str],
                      processed: Mapping[tuple[str, date], float] | None = None,
                      ignored: Iterable[str] = (), lookback_days: int = DEFAULT_LOOKBACK_DAYS) -> LandingPlan:
    """Run requests for the partitions whose files are new or changed since ``cursor``.

    ``processed`` gives, for partitions the cursor has not seen, when the run that last
    materialized their ``raw_query_logs`` started (epoch seconds): such a partition whose
    files are all older is adopted without a run. Days older than an account's look-back
    window are closed (see the module's docstring).

    >>> f = LandedFile("ACME", date(2026, 11, 16), "q.jsonl", size=10, mtime=1.0)
    >>> plan = plan_landing_runs([f], cursor=None, known_accounts=[])
    >>> [r.run_key for r in plan.run_requests], plan.new_accounts
    (['ACME/2026-11-16/r1-3301c03f1069eed1'], ['ACME'])
    >>> plan_landing_runs([f], cursor=plan.cursor, known_accounts=["ACME"]).run_requests
    []
    """
    seen, marks = read_cursor_state(cursor)
    processed = processed or {}
    by_partition = partitions_of(files)
    requests, adopted, late = [], [], []
    for (account, day), listed in sorted(by_partition.items()):
        key = cursor_key(account, day)
        previous = seen.get(key)
        if previous is None and closed(account, day, marks, lookback_days):
            late.extend(late_files(listed, marks[account].mtime))
            continue
        digest = files_digest(listed)
        if previous is not None and previous["digest"] == digest:
            continue
        revision = previous["revision"] + 1 if previous else 1
        seen[key] = {"digest": digest, "revision": revision}
        if previous is None and _processed_after(listed, processed.get((account, day))):
            adopted.append((account, day))
            continue
        requests.append(run_request(account, day, revision, digest, len(listed)))
    landed_accounts = sorted({account for account, _ in by_partition})
    new_accounts = [account for account in landed_accounts if account not in set(known_accounts)]
    marks = advance(marks, files)
    open_days = {key: value for key, value in seen.items() if not _past(key, marks, lookback_days)}
    return LandingPlan(requests, new_accounts, write_cursor(open_days, marks), adopted, list(ignored), late)


@dataclass(frozen=True, slots=True)
class Watermark:
    """What the sensor has seen of an account: its newest landed day and newest file time (None: no
    file of it had one)."""

    day: date
    mtime: float | None

    def window_start(self, lookback_days: int) -> date:
        """The first day still watched: ``lookback_days`` before the newest day."""
        return self.day - timedelta(days=lookback_days)


def closed(account: str, day: date, marks: Mapping[str, Watermark], lookback_days: int) -> bool:
    """Whether a day the cursor does not hold is closed: older than the window the account had at the
    last tick (a new account's whole history, and any day landed beyond that window, are open)."""
    mark = marks.get(account)
    return mark is not None and day < mark.window_start(lookback_days)


def late_files(files: Iterable[LandedFile], watermark: float | None) -> list[str]:
    """The files of a closed day that landed after the account's watermark, as messages."""
    return [f"{file.account}/{file.day.isoformat()}/{file.name}: landed after its day left the sensor's "
            f"look-back window; not read (materialize the partition by hand if it should count)"
            for file in files if file.mtime is not None and (watermark is None or file.mtime > watermark)]


def advance(marks: Mapping[str, Watermark], files: Iterable[LandedFile]) -> dict[str, Watermark]:
    """Each account's watermark moved to its newest listed day and file time."""
    out = dict(marks)
    for file in files:
        mark = out.get(file.account)
        times = [time for time in (mark and mark.mtime, file.mtime) if time is not None]
        out[file.account] = Watermark(max(file.day, mark.day) if mark else file.day, max(times) if times else None)
    return out


def _past(key: str, marks: Mapping[str, Watermark], lookback_days: int) -> bool:
    account, _, day = key.rpartition("/")
    return account in marks and date.fromisoformat(day) < marks[account].window_start(lookback_days)


def partitions_of(files: Iterable[LandedFile]) -> dict[tuple[str, date], list[LandedFile]]:
    """The files of each (account, day), with the empty days between an account's first and last day."""
    out: dict[tuple[str, date], list[LandedFile]] = defaultdict(list)
    for file in files:
        out[(file.account, file.day)].append(file)
    days_by_account: dict[str, list[date]] = defaultdict(list)
    for account, day in out:
        days_by_account[account].append(day)
    for account, days in days_by_account.items():
        for day in first_to_last(days):
            out.setdefault((account, day), [])
    return {key: sorted(listed) for key, listed in out.items()}


def files_digest(files: Iterable[LandedFile]) -> str:
    """A short digest of a partition's file identities (order-free; the empty day has one too)."""
    text = "\n".join(sorted(file.identity for file in files))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


#: What a landing run materializes, and the checks that run with it (the automation gates downstream
#: work on them): the same for every request, so built once (a first tick at 500 accounts x 365 days
#: built them 182,500 times, 5 of its 35 CPU s).
RUN_ASSETS = sorted(raw_query_logs.keys)
RUN_CHECKS = sorted({spec.key for spec in RAW_QUERY_LOGS_CHECKS})


def run_request(account: str, day: date, revision: int, digest: str, files: int) -> dg.RunRequest:
    """The run of ``raw_query_logs`` (and its checks) for one partition's revision."""
    return dg.RunRequest(
        run_key=f"{account}/{day.isoformat()}/r{revision}-{digest}",
        partition_key=partition_key(day, account),
        asset_selection=RUN_ASSETS,
        asset_check_keys=RUN_CHECKS,
        tags={RUN_TAG_DIGEST: digest, RUN_TAG_FILES: str(files)},
    )


def unseen_partitions(files: Iterable[LandedFile], cursor: str | None,
                      lookback_days: int = DEFAULT_LOOKBACK_DAYS) -> set[tuple[str, date]]:
    """The open partitions of a listing the cursor has no entry for (candidates for adoption)."""
    seen, marks = read_cursor_state(cursor)
    return {(account, day) for account, day in partitions_of(files)
            if cursor_key(account, day) not in seen and not closed(account, day, marks, lookback_days)}


def _processed_after(files: list[LandedFile], run_start: float | None) -> bool:
    if run_start is None:
        return False
    return all(file.mtime is not None and file.mtime < run_start for file in files)


# --------------------------------------------------------------------------- the cursor


def cursor_key(account: str, day: date) -> str:
    return f"{account}/{day.isoformat()}"


def read_cursor(cursor: str | None) -> dict[str, dict[str, object]]:
    """The cursor's partitions: ``{"ACCOUNT/YYYY-MM-DD": {"digest", "revision"}}``."""
    return read_cursor_state(cursor)[0]


def read_cursor_state(cursor: str | None) -> tuple[dict[str, dict[str, object]], dict[str, Watermark]]:
    """The cursor's partitions and its accounts' watermarks (none in a version 1 cursor)."""
    if not cursor:
        return {}, {}
    data = json.loads(cursor)
    if data.get("version") not in READABLE_CURSOR_VERSIONS:
        raise ValueError(f"landing sensor cursor: version {data.get('version')!r} is not {CURSOR_VERSION}")
    partitions = {key: dict(value) for key, value in data["partitions"].items()}
    return partitions, {account: Watermark(date.fromisoformat(mark["day"]), mark["mtime"])
                        for account, mark in data.get("watermarks", {}).items()}


def write_cursor(partitions: Mapping[str, Mapping[str, object]], marks: Mapping[str, Watermark] | None = None) -> str:
    watermarks = {account: {"day": mark.day.isoformat(), "mtime": mark.mtime}
                  for account, mark in sorted((marks or {}).items())}
    return json.dumps({"version": CURSOR_VERSION, "partitions": dict(sorted(partitions.items())),
                       "watermarks": watermarks}, sort_keys=True, separators=(",", ":"))


# --------------------------------------------------------------------------- listing


def closed_days(cursor: str | None, lookback_days: int) -> dict[str, ClosedDays]:
    """What the cursor knows of each account's day folders: the days before its look-back window, which
    a tick need not open unless their folder changed after the account's watermark (a file landed in it
    since), and its newest day, after which every day is new (backlog)."""
    return {account: ClosedDays(mark.window_start(lookback_days), mark.mtime, mark.day)
            for account, mark in read_cursor_state(cursor)[1].items()}


def list_landing_zone(landing: LandingZone, cursor: str | None = None) -> tuple[list[LandedFile], list[str]]:
    """The log files of the landing zone that a tick with ``cursor`` must see (every one but those of
    unchanged closed days, and of new days past the tick's backlog), and what was set aside and why
    (the landing zone's one rule)."""
    listing = tick_listing(landing, cursor)
    return listing.files, listing.ignored


def tick_listing(landing: LandingZone, cursor: str | None) -> Listing:
    """The listing one tick works from: the open and changed days of the accounts the cursor knows, and
    at most ``landing.backlog_days`` new account-days, the oldest first (an organization's first tick
    over years of landed history takes them up a slice per tick, in the order the catalog needs). Day
    folders without a partition (before ``AHP_START_DATE``, after today) are set aside with the reason."""
    return landing.listing(closed=closed_days(cursor, landing.lookback_days), backlog_limit=landing.backlog_days,
                           days=partition_days())



# --------------------------------------------------------------------------- the sensor


#: Partitions asked about in one query of the instance (an organization's first tick asks about many).
QUERY_CHUNK = 500


def raw_run_starts(instance: dg.DagsterInstance, partitions: Iterable[tuple[str, date]]) -> dict[tuple[str, date], float]:
    """When the run that last materialized each partition's ``raw_query_logs`` started (where one did),
    asked in chunks: a query per chunk of partitions, not per partition."""
    wanted = {str(partition_key(day, account)): (account, day) for account, day in partitions}
    keys = sorted(wanted)
    latest_run: dict[str, str] = {}
    for start in range(0, len(keys), QUERY_CHUNK):
        chunk = keys[start:start + QUERY_CHUNK]
        records_filter = dg.AssetRecordsFilter(asset_key=dg.AssetKey(RAW_QUERY_LOGS.name), asset_partitions=chunk)
        cursor = None
        while True:
            page = instance.fetch_materializations(records_filter, limit=QUERY_CHUNK, cursor=cursor)
            for record in page.records:  # newest first: the first of a partition is its latest
                latest_run.setdefault(record.partition_key, record.run_id)
            if not page.has_more:
                break
            cursor = page.cursor
    run_ids = sorted(set(latest_run.values()))
    started: dict[str, float] = {}
    for start in range(0, len(run_ids), QUERY_CHUNK):
        for run in instance.get_run_records(dg.RunsFilter(run_ids=run_ids[start:start + QUERY_CHUNK])):
            if run.start_time is not None:
                started[run.dagster_run.run_id] = run.start_time
    return {wanted[key]: started[run_id] for key, run_id in latest_run.items() if run_id in started}


@dg.sensor(
    name=SENSOR_NAME,
    target=dg.AssetSelection.assets(raw_query_logs),
    minimum_interval_seconds=SENSOR_INTERVAL,
    default_status=dg.DefaultSensorStatus.RUNNING,
    description="Watches <landing>/<ACCOUNT>/<YYYY-MM-DD>/ and materializes raw_query_logs for each "
                "(day, account) whose files are new or changed; registers new accounts. Downstream assets "
                "follow through their automation conditions.",
)
def landing_zone_sensor(context: dg.SensorEvaluationContext, landing: LandingZone) -> dg.SensorResult:
    if not landing.exists():  # a mistyped AHP_LANDING skipped every tick with no word
        return dg.SensorResult(cursor=context.cursor, skip_reason=dg.SkipReason(
            f"the landing zone {landing.uri} does not exist (nothing lies there): is AHP_LANDING the folder or "
            f"prefix the logs land in?"))
    listing = tick_listing(landing, context.cursor)
    files, ignored = listing.files, listing.ignored
    known = context.instance.get_dynamic_partitions(ACCOUNTS)
    unseen = [key for key in unseen_partitions(files, context.cursor, landing.lookback_days) if key[0] in known]
    plan = plan_landing_runs(files, cursor=context.cursor, known_accounts=known,
                             processed=raw_run_starts(context.instance, unseen), ignored=ignored,
                             lookback_days=landing.lookback_days)
    for problem in plan.ignored:
        context.log.warning(f"ignored: {problem}")
    for problem in plan.late:
        context.log.warning(f"late: {problem}")
    if plan.adopted:
        context.log.info(f"adopted {len(plan.adopted)} partition(s) already materialized from these files")
    if listing.deferred_days:
        context.log.info(f"took up {landing.backlog_days:,} new account-day(s), the oldest; "
                         f"{listing.deferred_days:,} newer one(s) wait for the next ticks")
    return dg.SensorResult(
        run_requests=plan.run_requests,
        dynamic_partitions_requests=[accounts.build_add_request(plan.new_accounts)] if plan.new_accounts else [],
        cursor=plan.cursor,
    )
