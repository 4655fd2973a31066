"""Hostile keys, links, names and faults against the landing zone and the warehouse.

Each test here failed on the code before the reliability issue: a partition key that climbed
out of the warehouse, links followed out of the landing zone, file names that stopped the
sensor or failed a day, a killed or failed re-write that emptied a good partition, and two
writers of one partition mixing their rows.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import threading
import time
from datetime import date
from pathlib import Path

import dagster as dg
import pyarrow.parquet as pq
import pytest

from assets import ALL_ASSETS, raw_query_logs
from assets.partitions import ACCOUNTS, partition_key
from resources import (
    InvalidKey, LandingZone, OpenLineageTransport, Organization, PartitionBusy, Warehouse, account_name,
)
from resources.warehouse import LOCKS, STAGING, TRASH
from sensors.landing import landing_zone_sensor

DAY = date(2024, 3, 1)
CATALOG = {"objects": [{"domain": "Table", "name": "D.S.ORDERS", "columns": [{"name": "ID"}]}]}


def log_line(query_id: str) -> str:
    return json.dumps({"query_id": query_id, "query_text": "select id from d.s.orders", "user_name": "U",
                       "query_start_time": "2024-03-01T09:00:00+00:00"}) + "\n"


# --------------------------------------------------------------------------- account keys


@pytest.mark.parametrize("key", ["x/../../victim", "../x", "..", ".", "a/b", "a%2Fb", "", " ACME", "ACME ",
                                 "a\\b", "a\x00b", "ACME|EU", "é", "A" * 201, "_staging", "-a"])
def test_a_key_that_is_not_an_account_name_never_becomes_a_path(tmp_path, key):
    warehouse, landing = Warehouse(root=str(tmp_path / "w")), LandingZone(root=str(tmp_path / "l"))
    for make_path in (lambda: warehouse.partition_uri("access_history", DAY, key),
                      lambda: landing.catalog_uri(key), lambda: landing.days(key)):
        with pytest.raises(InvalidKey, match="is not a valid account name"):
            make_path()


@pytest.mark.parametrize("key", ["ACME", "acme_eu-1", "XY12345.us-east-1", "ORG$ACCT", "A" * 200])
def test_account_names_pass(key):
    assert account_name(key) == key


def test_a_table_name_cannot_climb_either(tmp_path):
    with pytest.raises(ValueError, match="not a table name"):
        Warehouse(root=str(tmp_path)).partition_uri("../outside", DAY, "ACME")


@pytest.mark.spark
def test_a_traversing_partition_key_fails_the_run_and_touches_nothing_outside(spark_resource, tmp_path):
    """The break: a dynamic partition ``x/../../victim`` added through the UI deleted a folder outside
    the warehouse and wrote Parquet there; ``../x`` read files outside the landing zone."""
    victim = tmp_path / "victim"
    victim.mkdir()
    (victim / "keep.txt").write_text("precious")
    outside_logs = tmp_path / "x" / DAY.isoformat()
    outside_logs.mkdir(parents=True)
    (outside_logs / "q.jsonl").write_text(log_line("stolen"))
    instance = dg.DagsterInstance.ephemeral()
    resources = {"spark": spark_resource, "landing": LandingZone(root=str(tmp_path / "landing" / "zone")),
                 "warehouse": Warehouse(root=str(tmp_path / "warehouse" / "w")), "organization": Organization(),
                 "openlineage": OpenLineageTransport()}
    for key in ("x/../../../victim", "../../x"):
        instance.add_dynamic_partitions(ACCOUNTS, [key])
        result = dg.materialize(list(ALL_ASSETS), selection=[raw_query_logs], instance=instance, resources=resources,
                                partition_key=partition_key(DAY, key), raise_on_error=False)
        assert not result.success
        [failure] = [e for e in result.all_events if e.event_type_value == "STEP_FAILURE"]
        assert "is not a valid account name" in failure.event_specific_data.error.message
    assert sorted(p.name for p in victim.iterdir()) == ["keep.txt"]
    assert not (tmp_path / "warehouse").exists() or not any(
        "stolen" in p.read_bytes().decode("latin-1") for p in (tmp_path / "warehouse").rglob("*") if p.is_file())


def test_an_invalid_account_folder_is_named_and_never_registered(tmp_path):
    landing = tmp_path / "landing"
    for account in ("A" * 250, "a%2Fb", "AC ME"):
        folder = landing / account / DAY.isoformat()
        folder.mkdir(parents=True)
        (folder / "q.jsonl").write_text(log_line("q1"))
    instance = dg.DagsterInstance.ephemeral()
    result = tick(instance, landing)
    assert result.run_requests == [] and not result.dynamic_partitions_requests
    ignored = LandingZone(root=str(landing)).listing().ignored
    for account in ("a%2Fb", "AC ME"):
        assert any(entry.startswith(account) and "is not a valid account name" in entry for entry in ignored)
    assert any("'... is not a valid account name" in entry for entry in ignored), "a long name is shown cut short"


# --------------------------------------------------------------------------- links and names


def tick(instance: dg.DagsterInstance, landing: Path, cursor: str | None = None) -> dg.SensorResult:
    context = dg.build_sensor_context(instance=instance, cursor=cursor,
                                      resources={"landing": LandingZone(root=str(landing))})
    return landing_zone_sensor(context)


def hostile_landing(tmp_path: Path) -> tuple[Path, Path]:
    """A landing zone with links out of it and file names Spark cannot read, beside one good file."""
    outside = tmp_path / "outside"
    (outside / DAY.isoformat()).mkdir(parents=True)
    secret = outside / "secret.jsonl"
    secret.write_text(log_line("SECRET-LINE"))
    (outside / DAY.isoformat() / "q.jsonl").write_text(log_line("SECRET-DAY"))
    (outside / "catalog.json").write_text(json.dumps(CATALOG))
    landing = tmp_path / "landing"
    day = landing / "ACME" / DAY.isoformat()
    day.mkdir(parents=True)
    (landing / "ACME" / "catalog.json").write_text(json.dumps(CATALOG))
    (day / "good.jsonl").write_text(log_line("good-1"))
    (day / "linked.jsonl").symlink_to(secret)
    (day / "a:b.jsonl").write_text(log_line("colon-1"))
    (day / os.fsdecode(b"caf\xe9.jsonl")).write_text(log_line("latin1-1"))
    (landing / "ACME" / "2024-03-02").symlink_to(outside / DAY.isoformat())
    (landing / "ACME" / "not-a-day").mkdir()
    (landing / "ACME" / "not-a-day" / "q.jsonl").write_text(log_line("nowhere"))
    (landing / "LINKED").symlink_to(outside, target_is_directory=True)
    return landing, outside


def test_the_listing_follows_no_link_and_names_every_entry_it_sets_aside(tmp_path):
    landing, _ = hostile_landing(tmp_path)
    zone = LandingZone(root=str(landing))
    listing = zone.listing()
    by_name = {f.name: f for f in listing.files}
    assert sorted(by_name) == ["a:b.jsonl", "caf\\xe9.jsonl", "good.jsonl", "linked.jsonl"]
    assert by_name["good.jsonl"].problem is None
    assert "symbolic link" in by_name["linked.jsonl"].problem
    assert "':'" in by_name["a:b.jsonl"].problem
    assert "not UTF-8" in by_name["caf\\xe9.jsonl"].problem
    ignored = "\n".join(listing.ignored)
    assert "LINKED: a symbolic link, not followed" in ignored
    assert "ACME/2024-03-02: a symbolic link, not followed" in ignored
    assert "ACME/not-a-day: the day folder 'not-a-day' is not YYYY-MM-DD" in ignored
    assert zone.accounts() == ["ACME"] and zone.days("ACME") == [DAY]
    with pytest.raises(dg.Failure, match="symbolic link"):
        zone.catalog_snapshot("LINKED")


def test_the_sensor_survives_names_that_are_not_utf8_and_requests_the_day(tmp_path):
    """The break: one file name that was not UTF-8 stopped the sensor for every account."""
    landing, _ = hostile_landing(tmp_path)
    instance = dg.DagsterInstance.ephemeral()
    result = tick(instance, landing)
    assert [str(r.partition_key) for r in result.run_requests] == ["ACME|2024-03-01"]
    assert [r.partition_keys for r in result.dynamic_partitions_requests] == [["ACME"]]
    json.loads(result.cursor)


@pytest.mark.spark
def test_links_and_unreadable_names_are_quarantined_by_name_and_the_rest_of_the_day_is_read(spark_resource, tmp_path):
    """The break: a ':' in a file name failed its day; a linked file was skipped without a word;
    a linked day folder's text landed in the quarantine."""
    landing, _ = hostile_landing(tmp_path)
    warehouse = tmp_path / "warehouse"
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions(ACCOUNTS, ["ACME"])
    resources = {"spark": spark_resource, "landing": LandingZone(root=str(landing)),
                 "warehouse": Warehouse(root=str(warehouse)), "organization": Organization(),
                 "openlineage": OpenLineageTransport()}
    result = dg.materialize(list(ALL_ASSETS), selection=[raw_query_logs], instance=instance, resources=resources,
                            partition_key=partition_key(DAY, "ACME"))
    assert result.success
    folder = f"day={DAY.isoformat()}/account=ACME"
    stored = pq.read_table(warehouse / "raw_query_logs" / folder, partitioning=None).to_pylist()
    assert [row["query_id"] for row in stored] == ["good-1"]
    quarantined = pq.read_table(warehouse / "raw_query_logs_quarantine" / folder, partitioning=None).to_pylist()
    reasons = {row["file"].rsplit("/", 1)[-1]: row["reason"] for row in quarantined}
    assert set(reasons) == {"a:b.jsonl", "caf\\xe9.jsonl", "linked.jsonl"}
    assert all(row["line"] == 0 and row["text"] is None for row in quarantined)
    assert "symbolic link" in reasons["linked.jsonl"]
    everything = b"".join(p.read_bytes() for p in warehouse.rglob("*") if p.is_file())
    assert b"SECRET" not in everything


# --------------------------------------------------------------------------- replacing a partition


def write_version(folder: str, version: str, files: int = 5) -> None:
    """Files named per version, as Spark names its part files (a job id in each name)."""
    path = folder.removeprefix("file://")
    os.makedirs(path, exist_ok=True)
    for n in range(files):
        Path(path, f"part-{n}-{version}.txt").write_text(version)


def versions_in(folder: Path) -> set[str]:
    return {p.read_text() for p in folder.iterdir()}


def test_a_failed_write_leaves_the_partition_as_it_was(tmp_path):
    warehouse = Warehouse(root=str(tmp_path))
    with warehouse.replacing("t", DAY, "ACME") as staged:
        write_version(staged, "v1")
    target = tmp_path / "t" / f"day={DAY}" / "account=ACME"
    with pytest.raises(RuntimeError, match="boom"), warehouse.replacing("t", DAY, "ACME") as staged:
        write_version(staged, "v2", files=2)
        raise RuntimeError("boom")
    assert versions_in(target) == {"v1"} and len(list(target.iterdir())) == 5
    assert not any((tmp_path / STAGING).rglob("*.txt")), "the failed write's staging folder is removed"


def _killed_writer(root: str) -> None:
    warehouse = Warehouse(root=root)
    with warehouse.replacing("t", DAY, "ACME") as staged:
        write_version(staged, "v2", files=2)
        os.kill(os.getpid(), signal.SIGKILL)


def test_a_killed_write_leaves_the_partition_whole_and_no_stale_lock(tmp_path):
    """The break: after kill -9 mid-write the partition held 0 rows."""
    warehouse = Warehouse(root=str(tmp_path), lock_timeout_seconds=5)
    with warehouse.replacing("t", DAY, "ACME") as staged:
        write_version(staged, "v1")
    writer = multiprocessing.get_context("fork").Process(target=_killed_writer, args=(str(tmp_path),))
    writer.start()
    writer.join(30)
    assert writer.exitcode == -signal.SIGKILL
    target = tmp_path / "t" / f"day={DAY}" / "account=ACME"
    assert versions_in(target) == {"v1"} and len(list(target.iterdir())) == 5
    assert any((tmp_path / STAGING).rglob("*.txt")), "the killed run left its staging folder"
    with warehouse.replacing("t", DAY, "ACME") as staged:  # the lock died with its process
        assert not any((tmp_path / STAGING).rglob("*.txt")), "the next write removes the leftovers"
        write_version(staged, "v3")
    assert versions_in(target) == {"v3"}


def test_a_reader_sees_the_old_partition_or_the_new_one_never_a_mix_or_nothing(tmp_path):
    warehouse = Warehouse(root=str(tmp_path))
    target = tmp_path / "t" / f"day={DAY}" / "account=ACME"
    with warehouse.replacing("t", DAY, "ACME") as staged:
        write_version(staged, "v0")
    seen: list[tuple[int, frozenset[str]]] = []
    done = threading.Event()

    def read() -> None:
        while not done.is_set():
            try:
                names = os.listdir(target)
                seen.append((len(names), frozenset(Path(target, n).read_text() for n in names)))
            except FileNotFoundError:  # a file listed in the old version, gone with it: the read fails whole
                continue

    reader = threading.Thread(target=read)
    reader.start()
    try:
        for version in range(1, 40):
            with warehouse.replacing("t", DAY, "ACME") as staged:
                write_version(staged, f"v{version}")
    finally:
        done.set()
        reader.join()
    assert seen, "the reader read"
    assert all(count == 5 and len(versions) == 1 for count, versions in seen), \
        [s for s in seen if s[0] != 5 or len(s[1]) != 1][:5]
    assert len(list((tmp_path / TRASH / "t").iterdir())) == 39, "replaced versions are kept a while"
    with Warehouse(root=str(tmp_path), trash_grace_seconds=0).replacing("t", DAY, "ACME") as staged:
        write_version(staged, "last")
    assert list((tmp_path / TRASH / "t").iterdir()) == [], "and deleted by a later write once old enough"


def _slow_writer(root: str, version: str) -> None:
    warehouse = Warehouse(root=root)
    with warehouse.replacing("t", DAY, "ACME") as staged:
        for n in range(5):
            write_version(staged, version, files=n + 1)
            time.sleep(0.1)


def test_two_writers_of_one_partition_leave_the_rows_of_one_of_them(tmp_path):
    """The break: concurrent runs of one partition wrote 143,571 rows for 98,715 query_ids."""
    context = multiprocessing.get_context("fork")
    writers = [context.Process(target=_slow_writer, args=(str(tmp_path), version))
               for version in ("a", "b")]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join(60)
    assert [w.exitcode for w in writers] == [0, 0]
    target = tmp_path / "t" / f"day={DAY}" / "account=ACME"
    assert len(versions_in(target)) == 1 and len(list(target.iterdir())) == 5


def test_a_writer_that_waits_too_long_for_the_lock_fails_naming_the_holder(tmp_path):
    first, second = Warehouse(root=str(tmp_path)), Warehouse(root=str(tmp_path), lock_timeout_seconds=0.5)
    with first.replacing("t", DAY, "ACME"):
        with pytest.raises(PartitionBusy, match=r"another run is writing this partition \(pid \d+"):
            with second.replacing("t", DAY, "ACME"):
                pass
    assert (tmp_path / LOCKS / "t" / f"day={DAY}" / "account=ACME.lock").exists()


# --------------------------------------------------------------------------- an emptied partition


@pytest.mark.spark
def test_a_partition_emptied_after_it_was_written_fails_the_checks_of_what_reads_it(spark_resource, tmp_path):
    """The break: after a killed re-write the records partition held 0 rows, Dagster still showed the
    old materialization, and downstream assets "succeeded" with every check passing."""
    from assets import ACCOUNT_DAY_ASSETS
    from assets.checks import ACCESS_HISTORY_CHECKS, ACCOUNT_DAY_CHECKS
    from tools.checks import execute_checks

    landing = tmp_path / "landing"
    day = landing / "ACME" / DAY.isoformat()
    day.mkdir(parents=True)
    (landing / "ACME" / "catalog.json").write_text(json.dumps(CATALOG))
    (day / "q.jsonl").write_text("".join(log_line(f"q{n}") for n in range(4)))
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions(ACCOUNTS, ["ACME"])
    resources = {"spark": spark_resource, "landing": LandingZone(root=str(landing)),
                 "warehouse": Warehouse(root=str(tmp_path / "warehouse")), "organization": Organization(),
                 "openlineage": OpenLineageTransport()}
    key = partition_key(DAY, "ACME")
    assert dg.materialize([*ACCOUNT_DAY_ASSETS, *ACCOUNT_DAY_CHECKS], instance=instance, resources=resources,
                          partition_key=key).success
    folder = f"day={DAY.isoformat()}/account=ACME"
    for table in ("raw_query_logs", "access_history"):  # what the killed runs left: the schema, no rows
        path = tmp_path / "warehouse" / table / folder
        schema = pq.read_table(path, partitioning=None).schema
        for part in path.iterdir():
            part.unlink()
        pq.write_table(schema.empty_table(), path / "part-0.parquet")

    result = execute_checks(ACCOUNT_DAY_CHECKS[2:], key, instance=instance, resources=resources)
    assert not result.success
    evaluations = {(e.event_specific_data.asset_key.to_user_string(), e.event_specific_data.check_name):
                   e.event_specific_data for e in result.all_events if e.event_type_value == "ASSET_CHECK_EVALUATION"}
    for asset in ("access_history", "column_lineage", "policy_references"):
        evaluation = evaluations[(asset, "upstream_as_materialized")]
        metadata = {name: value.value for name, value in evaluation.metadata.items()}
        assert not evaluation.passed and metadata["reported_rows"] == 4 and metadata["checked_rows"] == 0, asset
    assert ACCESS_HISTORY_CHECKS[7].name == "upstream_as_materialized"
