"""The landing-zone sensor: its pure decision, then the sensor itself on a real landing zone.

No Spark here: the sensor only lists files. That adopted partitions need no run is tested
where partitions are really materialized (tests/test_automation.py).
"""

from __future__ import annotations

import json
import os
import shutil
from datetime import date, timedelta
from pathlib import Path

import dagster as dg
import fsspec
import pytest
from fsspec.implementations.local import LocalFileSystem

from assets.checks import RAW_QUERY_LOGS_CHECKS
from assets.partitions import ACCOUNTS, partition_days, partition_key
from resources import ClosedDays, LandedFile, LandingZone
from resources.landing import landed_entry
from sensors.landing import (
    RUN_TAG_FILES,
    closed_days,
    list_landing_zone,
    landing_zone_sensor,
    plan_landing_runs,
    read_cursor,
    read_cursor_state,
    tick_listing,
    unseen_partitions,
    write_cursor,
    Watermark,
)

D1, D2, D3 = date(2026, 11, 16), date(2026, 11, 17), date(2026, 11, 18)
D0 = date(2025, 9, 1)


def landed(account: str, day: date, name: str, size: int = 100, mtime: float = 1000.0,
           etag: str | None = None) -> LandedFile:
    return LandedFile(account, day, name, size, mtime, etag)


def keys(plan) -> list[str]:
    return [request.run_key for request in plan.run_requests]


def partitions(plan) -> list[tuple[str, str]]:
    return [(r.partition_key.keys_by_dimension["account"], r.partition_key.keys_by_dimension["day"])
            for r in plan.run_requests]


# --------------------------------------------------------------------------- the pure decision


BASE = [landed("ACME", D1, "a.jsonl"), landed("ACME", D2, "a.jsonl"), landed("EU", D1, "b.jsonl.gz")]


def test_new_files_request_one_run_per_partition_and_register_new_accounts():
    plan = plan_landing_runs(BASE, cursor=None, known_accounts=["ACME"])
    assert partitions(plan) == [("ACME", "2026-11-16"), ("ACME", "2026-11-17"), ("EU", "2026-11-16")]
    assert plan.new_accounts == ["EU"]
    request = plan.run_requests[0]
    assert request.partition_key == partition_key(D1, "ACME")
    assert request.asset_selection == [dg.AssetKey("raw_query_logs"), dg.AssetKey("raw_query_logs_quarantine")]
    assert set(request.asset_check_keys) == {spec.key for spec in RAW_QUERY_LOGS_CHECKS}
    assert request.run_key.startswith("ACME/2026-11-16/r1-") and request.tags[RUN_TAG_FILES] == "1"
    assert set(read_cursor(plan.cursor)) == {"ACME/2026-11-16", "ACME/2026-11-17", "EU/2026-11-16"}


def test_run_keys_and_cursor_are_deterministic_and_order_free():
    first = plan_landing_runs(BASE, cursor=None, known_accounts=[])
    again = plan_landing_runs(list(reversed(BASE)), cursor=None, known_accounts=[])
    assert keys(first) == keys(again) and first.cursor == again.cursor


def test_a_tick_with_no_change_requests_nothing_and_keeps_the_cursor():
    first = plan_landing_runs(BASE, cursor=None, known_accounts=[])
    second = plan_landing_runs(BASE, cursor=first.cursor, known_accounts=["ACME", "EU"])
    assert second.run_requests == [] and second.new_accounts == [] and second.cursor == first.cursor


def test_a_late_file_redoes_its_day_only_under_a_new_run_key():
    first = plan_landing_runs(BASE, cursor=None, known_accounts=[])
    late = plan_landing_runs([*BASE, landed("ACME", D1, "late.jsonl", mtime=5000.0)], cursor=first.cursor,
                             known_accounts=["ACME", "EU"])
    assert partitions(late) == [("ACME", "2026-11-16")]
    assert late.run_requests[0].run_key.startswith("ACME/2026-11-16/r2-")
    assert late.run_requests[0].run_key not in keys(first) and late.run_requests[0].tags[RUN_TAG_FILES] == "2"
    assert read_cursor(late.cursor)["ACME/2026-11-16"]["revision"] == 2


def test_an_etag_decides_over_the_modification_time():
    """An object store re-upload of identical content keeps its etag: no new work."""
    before = [landed("ACME", D1, "a.jsonl", mtime=1000.0, etag="abc")]
    after = [landed("ACME", D1, "a.jsonl", mtime=9000.0, etag="abc")]
    first = plan_landing_runs(before, cursor=None, known_accounts=[])
    assert plan_landing_runs(after, cursor=first.cursor, known_accounts=["ACME"]).run_requests == []
    changed = [landed("ACME", D1, "a.jsonl", mtime=9000.0, etag="def")]
    assert len(plan_landing_runs(changed, cursor=first.cursor, known_accounts=["ACME"]).run_requests) == 1


def test_a_file_rewritten_in_place_redoes_its_day():
    first = plan_landing_runs(BASE, cursor=None, known_accounts=[])
    touched = [landed("ACME", D1, "a.jsonl", mtime=2000.0), *BASE[1:]]
    assert partitions(plan_landing_runs(touched, cursor=first.cursor, known_accounts=["ACME", "EU"])) == [
        ("ACME", "2026-11-16")]


def test_a_copy_under_another_name_is_new_work():
    first = plan_landing_runs(BASE, cursor=None, known_accounts=[])
    copied = [*BASE, landed("ACME", D2, "a (copy).jsonl")]
    plan = plan_landing_runs(copied, cursor=first.cursor, known_accounts=["ACME", "EU"])
    assert partitions(plan) == [("ACME", "2026-11-17")]


def test_a_day_going_back_to_earlier_files_gets_a_new_revision_not_an_old_key():
    first = plan_landing_runs(BASE, cursor=None, known_accounts=[])
    late = plan_landing_runs([*BASE, landed("ACME", D1, "late.jsonl")], cursor=first.cursor, known_accounts=[])
    back = plan_landing_runs(BASE, cursor=late.cursor, known_accounts=[])
    assert partitions(back) == [("ACME", "2026-11-16")]
    assert back.run_requests[0].run_key.startswith("ACME/2026-11-16/r3-")
    assert back.run_requests[0].run_key not in keys(first) + keys(late)


def test_a_day_whose_files_are_all_gone_is_left_as_it_is():
    first = plan_landing_runs(BASE, cursor=None, known_accounts=[])
    plan = plan_landing_runs(BASE[1:], cursor=first.cursor, known_accounts=["ACME", "EU"])
    assert plan.run_requests == [] and read_cursor(plan.cursor) == read_cursor(first.cursor)


def test_quiet_days_between_an_accounts_first_and_last_day_are_requested_once_as_empty_days():
    files = [landed("ACME", D1, "a.jsonl"), landed("ACME", D3, "a.jsonl"), landed("EU", D3, "b.jsonl")]
    plan = plan_landing_runs(files, cursor=None, known_accounts=[])
    assert partitions(plan) == [("ACME", "2026-11-16"), ("ACME", "2026-11-17"), ("ACME", "2026-11-18"),
                                ("EU", "2026-11-18")]
    assert plan.run_requests[1].tags[RUN_TAG_FILES] == "0"
    assert plan_landing_runs(files, cursor=plan.cursor, known_accounts=["ACME", "EU"]).run_requests == []


def test_a_partition_materialized_after_its_files_landed_is_adopted_without_a_run():
    files = [landed("ACME", D1, "a.jsonl", mtime=1000.0), landed("ACME", D2, "a.jsonl", mtime=3000.0)]
    plan = plan_landing_runs(files, cursor=None, known_accounts=["ACME"],
                             processed={("ACME", D1): 2000.0, ("ACME", D2): 2000.0})
    assert plan.adopted == [("ACME", D1)]
    assert partitions(plan) == [("ACME", "2026-11-17")], "a file newer than the run that read the day is new"
    assert set(read_cursor(plan.cursor)) == {"ACME/2026-11-16", "ACME/2026-11-17"}
    late = plan_landing_runs([*files, landed("ACME", D1, "late.jsonl", mtime=4000.0)], cursor=plan.cursor,
                             known_accounts=["ACME"], processed={("ACME", D1): 2000.0})
    assert partitions(late) == [("ACME", "2026-11-16")], "adoption is for partitions the cursor has not seen"


def days_of(account: str, first: date, count: int, mtime: float = 1000.0) -> list[LandedFile]:
    return [landed(account, first + timedelta(days=n), "q.jsonl", mtime=mtime) for n in range(count)]


def test_the_cursor_keeps_only_each_accounts_look_back_window_and_a_watermark():
    history = days_of("ACME", D1, 400, mtime=1000.0)
    first = plan_landing_runs(history, cursor=None, known_accounts=[], lookback_days=35)
    assert len(first.run_requests) == 400, "a new account's whole history is read, whatever its age"
    seen, marks = read_cursor_state(first.cursor)
    newest = D1 + timedelta(days=399)
    assert sorted(seen) == [f"ACME/{(newest - timedelta(days=n)).isoformat()}" for n in range(35, -1, -1)]
    assert marks == {"ACME": Watermark(newest, 1000.0)}
    year = plan_landing_runs([*days_of("ACME", D1, 400 + 365, mtime=2000.0)[400:], *history], cursor=first.cursor,
                             known_accounts=["ACME"], lookback_days=35)
    assert len(year.run_requests) == 365, "days landed beyond the window are new, however many"
    assert len(read_cursor(year.cursor)) == 36 and year.late == [], "the cursor stays bounded"


def test_a_file_landing_in_a_closed_day_is_reported_as_late_not_run_and_only_once():
    history = days_of("ACME", D1, 100)
    first = plan_landing_runs(history, cursor=None, known_accounts=[], lookback_days=7)
    old_day = D1 + timedelta(days=10)
    files = [*history, landed("ACME", old_day, "late.jsonl", mtime=5000.0)]
    plan = plan_landing_runs(files, cursor=first.cursor, known_accounts=["ACME"], lookback_days=7)
    assert plan.run_requests == []
    assert plan.late == [f"ACME/{old_day.isoformat()}/late.jsonl: landed after its day left the sensor's look-back "
                         "window; not read (materialize the partition by hand if it should count)"]
    again = plan_landing_runs(files, cursor=plan.cursor, known_accounts=["ACME"], lookback_days=7)
    assert again.run_requests == [] and again.late == [], "reported once: the watermark moved past it"
    recent = D1 + timedelta(days=95)
    in_window = plan_landing_runs([*files, landed("ACME", recent, "late.jsonl", mtime=6000.0)], cursor=again.cursor,
                                  known_accounts=["ACME"], lookback_days=7)
    assert partitions(in_window) == [("ACME", recent.isoformat())] and in_window.late == []


def test_closed_days_are_no_candidates_for_adoption_and_a_version_1_cursor_still_reads():
    history = days_of("ACME", D1, 50)
    first = plan_landing_runs(history, cursor=None, known_accounts=[], lookback_days=5)
    assert unseen_partitions(history, first.cursor, 5) == set()
    assert len(unseen_partitions(history, None, 5)) == 50
    unbounded = plan_landing_runs(history, cursor=None, known_accounts=[], lookback_days=1000)  # as version 1 kept
    old = json.dumps({"version": 1, "partitions": read_cursor(unbounded.cursor)})
    migrated = plan_landing_runs(history, cursor=old, known_accounts=["ACME"], lookback_days=5)
    assert migrated.run_requests == [] and len(read_cursor(migrated.cursor)) == 6
    no_times = plan_landing_runs([landed("EU", D1, "q.jsonl", mtime=None)], cursor=None, known_accounts=[])
    assert read_cursor_state(no_times.cursor)[1] == {"EU": Watermark(D1, None)}
    assert read_cursor_state(write_cursor({}, {}))[1] == {}


def test_a_cursor_of_another_version_is_refused():
    with pytest.raises(ValueError, match="version"):
        plan_landing_runs(BASE, cursor=json.dumps({"version": 99, "partitions": {}}), known_accounts=[])


@pytest.mark.parametrize(("path", "kind", "expected"), [
    ("ACME/2026-11-16/q.jsonl", "file", ("ACME", D1, "q.jsonl")),
    ("ACME/2026-11-16/Q.JSONL.GZ", "file", ("ACME", D1, "Q.JSONL.GZ")),
    ("ACME/catalog.json", "file", None),
    ("ACME/2026-11-16/notes.txt", "file", None),
    ("ACME/2026-11-16/deeper/q.jsonl", "file", None),
    ("ACME/2026-11-16", "directory", None),
    ("_staging/2026-11-16/q.jsonl", "file", None),
    ("ACME/yesterday/q.jsonl", "file", "is not YYYY-MM-DD"),
    ("ACME/2026-02-30/q.jsonl", "file", "is not a calendar day"),
    ("AC ME/2026-11-16/q.jsonl", "file", "is not a valid account name"),
])
def test_what_the_listing_takes_for_a_log_file(path, kind, expected):
    file, problem = landed_entry(path, {"type": kind, "size": 5, "mtime": 1.5})
    if isinstance(expected, tuple):
        assert (file.account, file.day, file.name, file.size, file.mtime) == (*expected, 5, 1.5) and problem is None
    elif expected is None:
        assert file is None and problem is None
    else:
        assert file is None and expected in problem and path in problem


# --------------------------------------------------------------------------- the sensor on a landing zone


def write(path: Path, text: str, mtime: float | None = None) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    if mtime is not None:
        os.utime(path, (mtime, mtime))
    return path


def tick(instance: dg.DagsterInstance, landing: Path, cursor: str | None, **zone: object) -> dg.SensorResult:
    context = dg.build_sensor_context(instance=instance, cursor=cursor,
                                      resources={"landing": LandingZone(root=str(landing), **zone)})
    result = landing_zone_sensor(context)
    for request in result.dynamic_partitions_requests or ():  # what the daemon does with them
        instance.add_dynamic_partitions(request.partitions_def_name, list(request.partition_keys))
    return result


def requested(result: dg.SensorResult) -> list[str]:
    return [str(r.partition_key) for r in result.run_requests or ()]


def test_a_landing_zone_that_does_not_exist_is_named_in_the_ticks_skip_reason(tmp_path):
    """A mistyped AHP_LANDING (or a deployment that set none) skipped every tick as "empty result", with no word."""
    landing = tmp_path / "no-such-landing"
    result = landing_zone_sensor(dg.build_sensor_context(instance=dg.DagsterInstance.ephemeral(),
                                                         resources={"landing": LandingZone(root=str(landing))}))
    assert not result.run_requests and result.cursor is None
    assert f"the landing zone file://{landing} does not exist" in result.skip_reason.skip_message
    landing.mkdir()
    quiet = tick(dg.DagsterInstance.ephemeral(), landing, None)
    assert quiet.run_requests == [] and read_cursor(quiet.cursor) == {}, "an empty landing zone is a quiet tick"


def test_the_sensor_through_new_files_a_late_file_a_duplicate_and_a_quiet_tick(tmp_path):
    landing = tmp_path / "landing"
    instance = dg.DagsterInstance.ephemeral()
    write(landing / "ACME" / "catalog.json", "{}")
    write(landing / "ACME" / "2026-11-16" / "query_history.jsonl", '{"query_id": "q1"}\n', mtime=1000)
    write(landing / "ACME" / "2026-11-17" / "query_history.jsonl", '{"query_id": "q2"}\n', mtime=1000)
    write(landing / "ACME" / "2026-11-17" / "README.txt", "not a log", mtime=1000)

    first = tick(instance, landing, None)
    assert requested(first) == ["ACME|2026-11-16", "ACME|2026-11-17"]
    assert [r.partition_keys for r in first.dynamic_partitions_requests] == [["ACME"]]
    assert instance.get_dynamic_partitions(ACCOUNTS) == ["ACME"]

    quiet = tick(instance, landing, first.cursor)
    assert requested(quiet) == [] and not quiet.dynamic_partitions_requests and quiet.cursor == first.cursor

    write(landing / "ACME" / "2026-11-16" / "query_history_late.jsonl", '{"query_id": "q3"}\n', mtime=2000)
    write(landing / "EU" / "2026-11-17" / "query_history.jsonl", '{"query_id": "e1"}\n', mtime=2000)
    late = tick(instance, landing, quiet.cursor)
    assert requested(late) == ["ACME|2026-11-16", "EU|2026-11-17"]
    assert [r.partition_keys for r in late.dynamic_partitions_requests] == [["EU"]]
    assert late.run_requests[0].run_key.startswith("ACME/2026-11-16/r2-")

    again = write(landing / "ACME" / "2026-11-17" / "query_history.jsonl", '{"query_id": "q2"}\n', mtime=1000)
    assert tick(instance, landing, late.cursor).run_requests == [], f"{again} landed again unchanged"

    write(landing / "ACME" / "2026-11-17" / "query_history (1).jsonl", '{"query_id": "q2"}\n', mtime=3000)
    copy = tick(instance, landing, late.cursor)
    assert requested(copy) == ["ACME|2026-11-17"]
    assert read_cursor(copy.cursor)["ACME/2026-11-17"]["revision"] == 2


def land_history(landing: Path, account: str, first: date, count: int) -> None:
    """A file a day, file and folder stamped with the day's landing (seconds 1000, 1001, ...)."""
    for n in range(count):
        stamp = 1000.0 + n
        folder = write(landing / account / (first + timedelta(days=n)).isoformat() / "q.jsonl", "{}\n", stamp).parent
        os.utime(folder, (stamp, stamp))


def test_a_tick_opens_the_open_and_the_changed_day_folders_only_and_still_reports_a_late_file(tmp_path):
    landing = tmp_path / "landing"
    # days of the past (a partition each): the 60 days from D1 would run past today
    land_history(landing, "ACME", D0, 60)
    zone = LandingZone(root=str(landing), lookback_days=7)
    files, _ = list_landing_zone(zone, None)
    assert len(files) == 60, "without a cursor every day is listed"
    first = plan_landing_runs(files, cursor=None, known_accounts=[], lookback_days=7)

    land_history(landing, "EU", D0, 20)  # a new account: no watermark, its whole history is listed
    listing = zone.listing(closed=closed_days(first.cursor, 7))
    window = {D0 + timedelta(days=n) for n in range(52, 60)}
    assert listing.skipped_days == 52, "ACME's days before its window are not opened"
    assert {f.day for f in listing.files if f.account == "ACME"} == window
    assert len([f for f in listing.files if f.account == "EU"]) == 20
    quiet = plan_landing_runs(listing.files, cursor=first.cursor, known_accounts=["ACME", "EU"], lookback_days=7)
    assert partitions(quiet) == [("EU", (D0 + timedelta(days=n)).isoformat()) for n in range(20)] and quiet.late == []

    old_day = D0 + timedelta(days=10)
    write(landing / "ACME" / old_day.isoformat() / "late.jsonl", "{}\n")  # lands now: its folder changes
    files, _ = list_landing_zone(zone, quiet.cursor)
    assert {f.name for f in files if f.day == old_day} == {"q.jsonl", "late.jsonl"}, "the changed folder is opened"
    late = plan_landing_runs(files, cursor=quiet.cursor, known_accounts=["ACME", "EU"], lookback_days=7)
    assert late.run_requests == [] and late.late == [
        f"ACME/{old_day.isoformat()}/late.jsonl: landed after its day left the sensor's look-back window; not read "
        "(materialize the partition by hand if it should count)"]
    assert zone.listing(closed=closed_days(late.cursor, 7)).skipped_days == 52 + 12, "reported once, then closed again"

    context = dg.build_sensor_context(instance=dg.DagsterInstance.ephemeral(), cursor=late.cursor,
                                      resources={"landing": zone})
    result = landing_zone_sensor(context)
    assert result.run_requests == [] and read_cursor_state(result.cursor)[1] == read_cursor_state(late.cursor)[1]
    assert not ClosedDays(D2, 5000.0).skips(D1.isoformat(), None), "a folder without a time is always opened"


def test_a_backlog_of_years_is_taken_up_a_slice_per_tick_oldest_days_first_each_day_once(tmp_path):
    landing = tmp_path / "landing"
    land_history(landing, "ACME", D1, 10)
    land_history(landing, "EU", D1 + timedelta(days=2), 7)
    shutil.rmtree(landing / "EU" / (D1 + timedelta(days=4)).isoformat())  # a quiet day: requested empty
    instance = dg.DagsterInstance.ephemeral()
    everything = plan_landing_runs(list_landing_zone(LandingZone(root=str(landing)))[0], cursor=None,
                                   known_accounts=[], lookback_days=2)

    cursor, ticks = None, []
    while not ticks or ticks[-1]:
        result = tick(instance, landing, cursor, backlog_days=5, lookback_days=2)
        ticks.append([(r.partition_key.keys_by_dimension["account"], r.partition_key.keys_by_dimension["day"],
                       r.run_key) for r in result.run_requests])
        cursor = result.cursor
        assert len(ticks) < 10, "the backlog shrinks every tick"
    assert [len(requests) for requests in ticks] == [5, 6, 5, 1, 0], \
        "at most 5 new day folders a tick (the second also takes EU's quiet day between two of them)"
    assert ticks[0] == [(a, d.isoformat(), k) for a, d, k in [
        ("ACME", D1, ticks[0][0][2]), ("ACME", D1 + timedelta(days=1), ticks[0][1][2]),
        ("ACME", D1 + timedelta(days=2), ticks[0][2][2]), ("ACME", D1 + timedelta(days=3), ticks[0][3][2]),
        ("EU", D1 + timedelta(days=2), ticks[0][4][2])]], "the oldest days first, across the accounts"
    taken = [request for requests in ticks for request in requests]
    assert sorted(key for _, _, key in taken) == sorted(keys(everything)), \
        "the same runs, under the same keys, as one tick that took up everything (the quiet day included)"
    for account in ("ACME", "EU"):
        days = [day for requests in ticks for a, day, _ in requests if a == account]
        assert days == sorted(days), f"{account}'s days are taken up in order, each once"
    assert instance.get_dynamic_partitions(ACCOUNTS) == ["ACME", "EU"]
    assert tick(instance, landing, cursor, backlog_days=5, lookback_days=2).run_requests == [], "then quiet"


def test_a_listing_defers_new_days_past_its_backlog_limit_and_keeps_opening_the_known_ones(tmp_path):
    landing = tmp_path / "landing"
    land_history(landing, "ACME", D1, 6)
    zone = LandingZone(root=str(landing))
    known = {"ACME": ClosedDays(D1, 1000.0 + 5, D1 + timedelta(days=3))}  # seen through D1 + 3
    listing = zone.listing(closed=known, backlog_limit=1)
    assert sorted(f.day for f in listing.files) == [D1 + timedelta(days=n) for n in range(5)], \
        "the known days are opened whatever the limit; one new day"
    assert listing.deferred_days == 1
    assert zone.listing(closed=known, backlog_limit=None).deferred_days == 0
    write(landing / "ACME" / "2026-13-01" / "q.jsonl", "{}\n")
    assert zone.listing(closed=known, backlog_limit=0).ignored == [
        "ACME/2026-13-01: the day folder '2026-13-01' is not a calendar day",
        "ACME/2026-13-01/q.jsonl: the day folder '2026-13-01' is not a calendar day"], \
        "a bad folder is opened and reported with its files, never deferred"


class ListedFileSystem(LocalFileSystem):
    """The local file system, noting every folder it is asked to list (an object store bills each LIST)."""

    protocol = ("listed",)
    listed: list[str] = []

    @classmethod
    def _strip_protocol(cls, path):  # type: ignore[no-untyped-def]
        return super()._strip_protocol(str(path).removeprefix("listed://"))

    def ls(self, path, detail=False, **kwargs):  # type: ignore[no-untyped-def]
        ListedFileSystem.listed.append(self._strip_protocol(path).rstrip("/"))
        return super().ls(path, detail=detail, **kwargs)


fsspec.register_implementation("listed", ListedFileSystem, clobber=True)


def test_a_days_files_are_listed_from_its_own_folder_not_from_every_day_of_the_account(tmp_path):
    """The break: the landing run of one account-day listed every day folder of its account (a year of LISTs)."""
    landing = tmp_path / "landing"
    land_history(landing, "ACME", D1, 30)
    write(landing / "ACME" / D2.isoformat() / "b.jsonl", "{}\n")
    write(landing / "ACME" / D2.isoformat() / "_hidden.jsonl", "{}\n")
    zone = LandingZone(root=f"listed://{landing}")
    ListedFileSystem.listed.clear()
    files = zone.day_files("ACME", D2)
    assert [(f.name, f.problem is None) for f in files] == [("_hidden.jsonl", False), ("b.jsonl", True),
                                                           ("q.jsonl", True)]
    assert [f.account for f in files] == ["ACME"] * 3 and {f.day for f in files} == {D2}
    day_folders = [path for path in ListedFileSystem.listed if path.startswith(f"{landing}/ACME/")]
    assert day_folders == [f"{landing}/ACME/{D2.isoformat()}"], "only the day's own folder is opened"
    assert zone.day_files("ACME", D1 - timedelta(days=1)) == [] and zone.day_files("NOBODY", D2) == []
    with pytest.raises(ValueError, match="one account's day"):
        zone.listing(day=D2)


def test_day_folders_without_a_partition_are_set_aside_with_the_reason_and_the_other_days_go_on(tmp_path):
    """A day before AHP_START_DATE or after today has no partition: a run request for it failed the whole tick
    (DagsterUnknownPartitionError, every tick), so no account's new files got a run."""
    first, today = partition_days()
    before, after, inside = first - timedelta(days=2), today + timedelta(days=3), today - timedelta(days=1)
    landing = tmp_path / "landing"
    instance = dg.DagsterInstance.ephemeral()
    for account, day in [("ACME", before), ("ACME", first - timedelta(days=1)), ("ACME", inside), ("ACME", after),
                         ("EU", inside), ("FIRST", first), ("TODAY", today)]:
        write(landing / account / day.isoformat() / "q.jsonl", '{"query_id": "q1"}\n', mtime=1000)

    result = tick(instance, landing, None)
    assert requested(result) == [f"ACME|{inside}", f"EU|{inside}", f"FIRST|{first}", f"TODAY|{today}"], \
        "the days that have a partition, the first and today's included, get their runs"
    assert read_cursor_state(result.cursor)[1]["ACME"].day == inside, "a day after today moves no watermark"
    assert tick_listing(LandingZone(root=str(landing)), None).ignored == [
        f"ACME: 2 day folder(s) from {before} to {first - timedelta(days=1)}, before the first partition day {first} "
        f"(AHP_START_DATE): not taken up; set AHP_START_DATE (in .env where one is beside the command, else in the environment) to {before} or earlier to take them up",
        f"ACME: 1 day folder(s) from {after} to {after}, after today ({today}, UTC): taken up once their day has begun"]
    assert requested(tick(instance, landing, result.cursor)) == [], "set aside again, nothing requested twice"


def test_the_first_partition_days_catalog_starts_from_the_snapshot_whatever_lies_before_it(tmp_path):
    """Days before AHP_START_DATE are set aside by the sensor: the catalog does not wait for their catalogs."""
    from assets.catalog import start_state
    from assets.partitions import AccountDay
    from resources import Warehouse

    first, _ = partition_days()
    landing = tmp_path / "landing"
    (landing / "ACME").mkdir(parents=True)
    shutil.copy(Path(__file__).resolve().parents[1] / "examples" / "catalog.json", landing / "ACME" / "catalog.json")
    for day in (first - timedelta(days=1), first, first + timedelta(days=1)):
        write(landing / "ACME" / day.isoformat() / "q.jsonl", "{}\n")
    zone, warehouse = LandingZone(root=str(landing)), Warehouse(root=str(tmp_path / "warehouse"))
    state, origin = start_state(AccountDay(first, "ACME"), zone, warehouse)
    assert origin.endswith("ACME/catalog.json") and state["catalog"]["objects"]
    with pytest.raises(dg.Failure, match=f"the catalog of {first} is not materialized, but the landing zone holds logs of {first}"):
        start_state(AccountDay(first + timedelta(days=1), "ACME"), zone, warehouse)  # an earlier day that has a partition
