"""Parity: for the same log and catalog, the ``access_history`` asset equals ``ahp resolve``.

Each public conformance case becomes an account of the landing zone (its catalog snapshot
and its log as one JSON Lines file of its day); ``raw_query_logs``, ``catalog`` and
``access_history`` are materialized through Dagster on the run's Spark session, and the
stored records, read back, must be exactly what ``ahp resolve`` writes for the same files:
the same records, lists in the same order, nothing more (an Arrow struct cannot tell an
absent key from a null one, so keys holding null below the top level are left out on both
sides).
"""

from __future__ import annotations

import json
from collections import defaultdict
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import dagster as dg
import pyarrow.parquet as pq
import pytest

from access_history_platform.cli import main as ahp
from access_history_platform.spark.records import record_to_row, row_to_record
from assets import ALL_ASSETS, access_history, catalog, raw_query_logs
from assets.partitions import ACCOUNTS, partition_key
from resources import LandingZone, OpenLineageTransport, Organization, Warehouse
from resources.warehouse import partition_files

from .support.records import load_cases

pytestmark = pytest.mark.spark

SHARED = Path(__file__).resolve().parents[2] / "shared" / "conformance"
CASES = load_cases(SHARED / "cases") if SHARED.is_dir() else []


def account_of(case: dict) -> str:
    return "CASE_" + "".join(c if c.isalnum() else "_" for c in case["name"]).upper()


def canonical(records: list[dict]) -> list[str]:
    return sorted(json.dumps(record, sort_keys=True) for record in records)


def days_of(case: dict) -> dict[str, list[dict]]:
    """The case's log lines by UTC day (a line without a readable day goes with the first day)."""
    by_day: dict[str, list[dict]] = defaultdict(list)
    fallback = min((d for d in map(_day, case["log"]) if d), default="2024-03-01")
    for line in case["log"]:
        by_day[_day(line) or fallback].append(line)
    return dict(sorted(by_day.items()))


def _day(line: object) -> str | None:
    stamp = str(line.get("query_start_time", "")) if isinstance(line, dict) else ""
    return stamp[:10] if len(stamp) >= 10 and stamp[4] == "-" and stamp[7] == "-" else None


@pytest.fixture(scope="module")
def landing(tmp_path_factory) -> Path:
    """Every case as an account: ``<ACCOUNT>/catalog.json`` and ``<ACCOUNT>/<day>/log.jsonl``."""
    root = tmp_path_factory.mktemp("parity") / "landing"
    for case in CASES:
        folder = root / account_of(case)
        folder.mkdir(parents=True)
        (folder / "catalog.json").write_text(json.dumps(case.get("catalog", {"objects": []})))
        for day, lines in days_of(case).items():
            (folder / day).mkdir()
            (folder / day / "log.jsonl").write_text("".join(json.dumps(line) + "\n" for line in lines))
    return root


@pytest.fixture(scope="module")
def stored(spark, spark_resource, landing) -> dict[str, list[dict] | BaseException]:
    """Each case's ``access_history`` rows, or why its materialization failed.

    The cases are independent partitions: they run three at a time (Dagster runs in threads
    of this process, each with its own in-memory instance, their Spark jobs side by side on
    the shared session), which keeps the suite short on a small machine.
    """
    warehouse = Warehouse(root=str(landing.parent / "warehouse"))

    def materialize(case: dict) -> list[dict] | BaseException:
        account, rows = account_of(case), []
        resources = {"spark": spark_resource, "warehouse": warehouse, "organization": Organization(),
        "openlineage": OpenLineageTransport(),
                     "landing": LandingZone(root=str(landing), dialect=case.get("dialect", "snowflake"))}
        try:
            with dg.DagsterInstance.ephemeral() as instance:  # disposed in the thread that made it
                instance.add_dynamic_partitions(ACCOUNTS, [account])
                for day in days_of(case):  # in order: each day's catalog starts from the day before
                    result = dg.materialize(list(ALL_ASSETS), selection=[raw_query_logs, catalog, access_history],
                                            partition_key=partition_key(day, account), instance=instance,
                                            resources=resources)
                    assert result.success
                    folder = landing.parent / "warehouse" / "access_history" / f"day={day}" / f"account={account}"
                    rows += pq.read_table(partition_files(folder), partitioning=None).to_pylist()
        except BaseException as err:  # noqa: BLE001 - reported by the case's own test
            return err
        return rows

    with ThreadPoolExecutor(max_workers=3) as pool:
        return dict(zip((account_of(case) for case in CASES), pool.map(materialize, CASES)))


@pytest.mark.skipif(not CASES, reason=f"the shared conformance cases are not at {SHARED}")
@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_access_history_asset_equals_ahp_resolve(case, stored, tmp_path):
    log, out = tmp_path / "log.jsonl", tmp_path / "records.jsonl"
    log.write_text("".join(json.dumps(line) + "\n" for line in case["log"]))
    (tmp_path / "catalog.json").write_text(json.dumps(case.get("catalog", {"objects": []})))
    assert ahp(["resolve", "--catalog", str(tmp_path / "catalog.json"), "--log", str(log), "--out", str(out),
                "--dialect", case.get("dialect", "snowflake")]) == 0
    expected = [json.loads(text) for text in out.read_text().splitlines()]

    rows = stored[account_of(case)]
    if isinstance(rows, BaseException):
        raise rows
    assert {row["account_name"] for row in rows} <= {account_of(case)}
    assert canonical([row_to_record(row) for row in rows]) == canonical(
        [row_to_record(record_to_row(record, account=None)) for record in expected])
