"""Bad input, end to end: each kind next to good input, materialized in-process on the shared Spark session.

Every test lands a small account-day (its own account, one shared catalog snapshot) in one
landing zone, materializes the assets the input reaches with ``dg.materialize`` and checks
that the run succeeds, that every good line and statement is there exactly once, and that
the bad one sits in its quarantine table (``raw_query_logs_quarantine``: file, line,
reason; ``access_history_quarantine``: query_id, file, line, reason) or is counted in the
materialization's metadata.
"""

from __future__ import annotations

import gzip
import importlib
import io
import json
import zlib
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from access_history_platform.spark import logs as spark_logs
from access_history_platform.spark.logs import parse_log_files
from access_history_platform.spark.parts import write_outcomes
from assets import ACCOUNT_DAY_ASSETS, ALL_ASSETS, access_history, catalog, raw_query_logs
from assets.access_history import AccessHistoryConfig
from assets.catalog import TIME_BUDGET, CatalogConfig
from assets.partitions import ACCOUNTS, partition_key
from assets.raw_query_logs import DUPLICATE_REASON
from resources import LandingZone, OpenLineageTransport, Organization, Warehouse
from resources.tables import ACCESS_HISTORY_QUARANTINE
from resources.warehouse import partition_files

pytestmark = pytest.mark.spark

DAY = date(2024, 3, 1)
CATALOG = {"objects": [{"domain": "Table", "name": "D.S.ORDERS", "columns": [{"name": "ID"}, {"name": "AMOUNT"}]}]}
LOGS_ONLY = (raw_query_logs,)
THROUGH_RECORDS = (raw_query_logs, catalog, access_history)
TABLES = ("raw_query_logs", "raw_query_logs_quarantine", "catalog", "access_history", "access_history_quarantine")


def line(query_id: str, text: str = "select id from d.s.orders", second: int = 0, **fields: Any) -> dict[str, Any]:
    """A log line of ``DAY``, ``second`` seconds after 09:00."""
    minute, second = divmod(second, 60)
    return {"query_id": query_id, "query_text": text, "user_name": "ANALYST",
            "query_start_time": f"2024-03-01T09:{minute:02d}:{second:02d}+00:00", **fields}


def good_lines(prefix: str, count: int) -> list[dict[str, Any]]:
    return [line(f"{prefix}{i}", f"select id from d.s.orders where amount > {i}", i) for i in range(count)]


def jsonl(*records: dict[str, Any] | str) -> bytes:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records).encode()


def parquet(rows: list[dict[str, Any]], schema: pa.Schema | None = None) -> bytes:
    buffer = io.BytesIO()
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), buffer)
    return buffer.getvalue()


@dataclass
class Run:
    """One materialization: its metadata per asset."""

    result: dg.ExecuteInProcessResult

    def metadata(self, asset: dg.AssetsDefinition | str) -> dict[str, Any]:
        """The metadata of one asset: by name, or the asset an op is named after (``raw_query_logs``)."""
        key = dg.AssetKey(asset if isinstance(asset, str) else asset.node_def.name)
        [event] = [e for e in self.result.get_asset_materialization_events() if e.asset_key == key]
        return {key: value.value for key, value in event.step_materialization_data.materialization.metadata.items()}


@dataclass
class Zone:
    """A landing zone and a warehouse shared by the module's tests, one account per test."""

    root: Path
    instance: dg.DagsterInstance
    resources: dict[str, Any]

    def land(self, account: str, files: dict[str, bytes], day: date = DAY) -> Path:
        """Write the account's catalog snapshot and ``files`` into its folder of ``day``."""
        folder = self.root / "landing" / account / day.isoformat()
        folder.mkdir(parents=True, exist_ok=True)
        (folder.parent / "catalog.json").write_text(json.dumps(CATALOG))
        for name, content in files.items():
            (folder / name).write_bytes(content)
        self.instance.add_dynamic_partitions(ACCOUNTS, [account])
        return folder

    def materialize(self, account: str, selection: Iterable[dg.AssetsDefinition] = THROUGH_RECORDS, *,
                    run_config: dg.RunConfig | None = None, day: date = DAY) -> Run:
        result = dg.materialize(list(ALL_ASSETS), selection=list(selection), instance=self.instance,
                                partition_key=partition_key(day, account), resources=self.resources,
                                run_config=run_config)
        assert result.success
        return Run(result)

    def folder(self, table: str, account: str, day: date = DAY) -> Path:
        return self.root / "warehouse" / table / f"day={day.isoformat()}" / f"account={account}"

    def table(self, table: str, account: str, day: date = DAY) -> list[dict[str, Any]]:
        return pq.read_table(partition_files(self.folder(table, account, day)), partitioning=None).to_pylist()

    def stored_ids(self, account: str) -> Counter[str]:
        return Counter(row["query_id"] for row in self.table("raw_query_logs", account))

    def record_ids(self, account: str) -> Counter[str]:
        return Counter(row["query_id"] for row in self.table("access_history", account))

    def quarantined(self, table: str, account: str) -> list[dict[str, Any]]:
        key = "line" if table == "raw_query_logs_quarantine" else "query_id"
        return sorted(self.table(table, account), key=lambda row: (row["file"] or "", row[key] or 0))


@pytest.fixture(scope="module")
def zone(spark, spark_resource, tmp_path_factory) -> Zone:
    root = tmp_path_factory.mktemp("bad_input")
    resources = {"spark": spark_resource, "landing": LandingZone(root=str(root / "landing")),
                 "warehouse": Warehouse(root=str(root / "warehouse")), "organization": Organization(),
                 "openlineage": OpenLineageTransport()}
    return Zone(root, dg.DagsterInstance.ephemeral(), resources)


# --------------------------------------------------------------------------- log lines


def test_malformed_and_ill_typed_lines_are_set_aside_with_file_line_and_reason(zone):
    good = good_lines("ok", 3)
    zone.land("MALFORMED", {"log.jsonl": jsonl(
        good[0],
        "{not json",
        line("typed", 42),
        good[1],
        {k: v for k, v in line("anonymous").items() if k != "user_name"},
        "[" * 100_000,
        '{"query_id": ' + "9" * 5000 + "}",
        good[2],
    )})
    run = zone.materialize("MALFORMED")

    assert zone.stored_ids("MALFORMED") == Counter({"ok0": 1, "ok1": 1, "ok2": 1})
    assert zone.record_ids("MALFORMED") == Counter({"ok0": 1, "ok1": 1, "ok2": 1})
    bad = zone.quarantined("raw_query_logs_quarantine", "MALFORMED")
    assert [(row["line"], row["account_name"]) for row in bad] == [(n, "MALFORMED") for n in (2, 3, 5, 6, 7)]
    assert all(row["file"].startswith("file:/") and row["file"].endswith("/log.jsonl") for row in bad)
    reasons = [row["reason"] for row in bad]
    assert reasons[0].startswith("not valid JSON") and bad[0]["text"] == "{not json"
    assert reasons[1] == "field 'query_text': Input should be a valid string"
    assert reasons[2] == "missing required field 'user_name'"
    assert reasons[3].startswith("not valid JSON (maximum recursion depth")
    assert reasons[4].startswith("not valid JSON (Exceeds the limit")
    metadata = run.metadata(raw_query_logs)
    assert (metadata["dagster/row_count"], metadata["lines_quarantined"]) == (3, 5)
    assert "log.jsonl" in run.metadata("raw_query_logs_quarantine")["preview"]


def test_a_truncated_gzip_file_keeps_the_lines_before_the_cut_and_sets_the_tail_aside(zone):
    whole = jsonl(*good_lines("gz", 400))
    compressed = gzip.compress(whole)
    cut = compressed[: len(compressed) // 2]
    readable = zlib.decompressobj(wbits=31).decompress(cut)
    complete = readable.count(b"\n")
    partial = readable[readable.rindex(b"\n") + 1:].decode()
    zone.land("GZIP", {"cut.jsonl.gz": cut, "plain.jsonl": jsonl(line("plain"))})
    run = zone.materialize("GZIP")

    stored = zone.stored_ids("GZIP")
    assert stored == Counter({"plain": 1, **{f"gz{i}": 1 for i in range(complete)}}) and complete > 100
    assert zone.record_ids("GZIP") == stored
    [tail] = zone.quarantined("raw_query_logs_quarantine", "GZIP")
    assert tail["file"].endswith("/cut.jsonl.gz") and tail["line"] == complete + 1
    assert tail["reason"].startswith(f"the file is truncated or corrupt after line {complete} (Compressed file ended")
    assert tail["text"] == partial and whole.decode().splitlines()[complete].startswith(partial)
    assert run.metadata(raw_query_logs)["lines_quarantined"] == 1


def test_empty_files_record_nothing_and_are_counted(zone):
    log_schema = pa.schema([(name, pa.string()) for name in ("query_id", "query_text", "query_start_time", "user_name")])
    empties = {"empty.jsonl": b"", "blank.jsonl": b"\n  \n", "empty.jsonl.gz": b"", "stream.jsonl.gz": gzip.compress(b""),
               "empty.parquet": b"", "no_rows.parquet": parquet([], log_schema), "no_columns.parquet": parquet([])}
    zone.land("EMPTY", {**empties, "log.jsonl": jsonl(*good_lines("e", 2))})
    run = zone.materialize("EMPTY")

    assert zone.stored_ids("EMPTY") == zone.record_ids("EMPTY") == Counter({"e0": 1, "e1": 1})
    assert zone.quarantined("raw_query_logs_quarantine", "EMPTY") == []
    metadata = run.metadata(raw_query_logs)
    assert (metadata["files"], metadata["empty_files"], metadata["lines_quarantined"]) == (8, 7, 0)
    assert "| empty.parquet | 0 | 0 | 0 (empty) |" in metadata["file_report"]

    zone.land("ONLY_EMPTY", empties)
    run = zone.materialize("ONLY_EMPTY", ACCOUNT_DAY_ASSETS)
    for table in (*TABLES, "column_lineage", "policy_references"):
        assert zone.table(table, "ONLY_EMPTY") == [] or table == "catalog", table
    assert run.metadata(raw_query_logs)["empty_files"] == 7
    assert run.metadata(access_history)["statements"] == 0


def test_a_file_with_the_wrong_columns_is_set_aside_and_named(zone):
    wrong = parquet([{"id": f"w{i}", "sql": "select 1", "ts": "2024-03-01T09:00:00+00:00"} for i in range(3)])
    right = parquet([line("pq0", warehouse_name="WH"), line("pq1", warehouse_name="WH")])
    unknown_only = jsonl({"foo": 1, "bar": "x"}, {"foo": 2})
    zone.land("COLUMNS", {"wrong.parquet": wrong, "right.parquet": right, "unknown.jsonl": unknown_only})
    run = zone.materialize("COLUMNS")

    assert zone.stored_ids("COLUMNS") == zone.record_ids("COLUMNS") == Counter({"pq0": 1, "pq1": 1})
    assert {json.loads(row["extra"])["warehouse_name"] for row in zone.table("raw_query_logs", "COLUMNS")} == {"WH"}
    [whole_file, *unknown] = sorted(zone.quarantined("raw_query_logs_quarantine", "COLUMNS"),
                                    key=lambda row: not row["file"].endswith("wrong.parquet"))
    assert whole_file["file"].endswith("/wrong.parquet") and whole_file["line"] == 0
    assert whole_file["reason"].startswith(
        "the Parquet file is no query history this platform knows: its 3 row(s) are set aside (its columns: "
        "['id', 'sql', 'ts']; the known formats need: access-history log (CONTRACT section 1) (ahp): ['query_id', "
        "'query_text', 'query_start_time', 'user_name']; Snowflake QUERY_HISTORY (snowflake): ")
    assert [(row["line"], row["reason"].split(";")[0]) for row in unknown] == [
        (1, "missing required field 'query_id'"), (2, "missing required field 'query_id'")]
    assert run.metadata(raw_query_logs)["lines_quarantined"] == 3
    # both files of which nothing was kept count as set aside (it counted only files not read by their names: 0)
    assert run.metadata(raw_query_logs)["files_set_aside"] == 2


def test_a_line_of_a_megabyte_is_stored_and_resolved_whole(zone):
    literal = "x" * 1_000_000
    big = line("big_json", f"select id from d.s.orders where amount = '{literal}'", 1)
    big_parquet = line("big_parquet", f"insert into d.s.orders (id) select id from d.s.orders where '{literal}' = ''", 2)
    zone.land("MEGABYTE", {"big.jsonl": jsonl(line("small"), big), "big.parquet": parquet([big_parquet])})
    run = zone.materialize("MEGABYTE")

    stored = {row["query_id"]: row["query_text"] for row in zone.table("raw_query_logs", "MEGABYTE")}
    assert stored == {"small": "select id from d.s.orders", "big_json": big["query_text"],
                      "big_parquet": big_parquet["query_text"]}
    assert zone.record_ids("MEGABYTE") == Counter({"small": 1, "big_json": 1, "big_parquet": 1})
    assert zone.quarantined("access_history_quarantine", "MEGABYTE") == []
    assert run.metadata(access_history)["statements_recorded"] == 3


def test_batches_of_big_lines_stay_under_the_byte_limit(monkeypatch):
    """A string column of one Arrow batch holds 2 GiB at most: big lines end a batch early."""
    monkeypatch.setattr(spark_logs, "BYTES_PER_BATCH", 250_000)
    content = jsonl(*(line(f"q{i}", "select '" + "x" * 100_000 + "'", i) for i in range(7)))
    batch = pa.RecordBatch.from_pylist([{"path": "log.jsonl", "content": content}])
    out = list(parse_log_files(iter([batch]), account="ACME", day=DAY))
    assert [b.num_rows for b in out] == [3, 3, 1]
    assert [r["query_id"] for b in out for r in b.to_pylist()] == [f"q{i}" for i in range(7)]


# --------------------------------------------------------------------------- statements


def test_statements_the_parser_or_the_engine_chokes_on_are_quarantined_with_the_reason(zone):
    zone.land("CHOKES", {"log.jsonl": jsonl(line("before"), line("typo", "selec id frm d.s.orders", 1),
                                            line("crash", "delete policy", 2), line("after", second=3))})
    run = zone.materialize("CHOKES")

    assert zone.record_ids("CHOKES") == Counter({"before": 1, "after": 1})
    typo, crash = sorted(zone.quarantined("access_history_quarantine", "CHOKES"), key=lambda row: row["line"])
    assert (typo["query_id"], typo["line"], typo["account_name"]) == ("typo", 2, "CHOKES")
    assert typo["file"].endswith("/log.jsonl") and typo["query_text"] == "selec id frm d.s.orders"
    assert typo["reason"] == "cannot parse: Invalid expression / Unexpected token. Line 1, Col: 12."
    assert (crash["query_id"], crash["line"]) == ("crash", 3)
    assert crash["reason"] == "cannot write to False: not a table"
    assert run.metadata(access_history)["statements_quarantined"] == 2
    # the quarantine's preview comes from the tasks' reports, in log order, without reading the table back
    assert run.metadata("access_history_quarantine")["preview"].splitlines()[2:] == [
        "| typo | log.jsonl | 2 | cannot parse: Invalid expression / Unexpected token. Line 1… |",
        "| crash | log.jsonl | 3 | cannot write to False: not a table |"]


def test_the_quarantine_is_written_whole_beside_the_records_in_one_pass(zone):
    """The resolving tasks write the quarantined statements themselves, however many and however long, with
    their request's ids, time, file and line; the driver brings none of them back."""
    long_typos = [line(f"typo{i}", "selec id frm d.s.orders where note = '" + "x" * 200_000 + "'", 4 + i)
                  for i in range(40)]  # 8 MB of quarantined texts
    zone.land("HEAVY", {"a.jsonl": jsonl(line("before"), line("typo", "selec id frm d.s.orders", 1),
                                         line("request", "select id from d.s.orders; selec x", 2), *long_typos),
                        "b.jsonl": jsonl(*good_lines("ok", 3), line("crash", "delete policy", 61),
                                         line("late", "selec 1", 3599))})
    run = zone.materialize("HEAVY")

    quarantined = {row["query_id"]: row for row in zone.quarantined("access_history_quarantine", "HEAVY")}
    assert sorted(quarantined) == sorted(["crash", "late", "request#2", "typo", *(f"typo{i}" for i in range(40))])
    assert all(len(quarantined[f"typo{i}"]["query_text"]) > 200_000 for i in range(40))
    assert quarantined["request#2"]["query_text"] == "selec x"
    assert (quarantined["request#2"]["parent_query_id"], quarantined["request#2"]["root_query_id"]) == ("request",) * 2
    assert str(quarantined["late"]["query_start_time"]) == "2024-03-01 09:59:59+00:00"
    assert (quarantined["late"]["line"], quarantined["late"]["file"].rsplit("/", 1)[1]) == (5, "b.jsonl")
    assert sorted(row["query_id"] for row in zone.table("access_history", "HEAVY")) == ["before", "ok0", "ok1",
                                                                                        "ok2", "request#1"]
    metadata = run.metadata(access_history)
    assert (metadata["statements"], metadata["statements_quarantined"], metadata["dagster/row_count"]) == (49, 44, 5)
    # the preview: the day's first five quarantined statements in log order, whichever task set them aside
    assert [row.split(" | ")[0].lstrip("| ") for row in run.metadata("access_history_quarantine")["preview"]
            .splitlines()[2:]] == ["typo", "request#2", "typo0", "typo1", "typo2"]


def test_a_catalog_statement_the_parser_crashes_on_is_quarantined(zone):
    zone.land("DDL_CRASH", {"log.jsonl": jsonl(line("before"), line("ddl", "create using", 1), line("after", second=2))})
    zone.materialize("DDL_CRASH")
    assert zone.record_ids("DDL_CRASH") == Counter({"before": 1, "after": 1})
    [quarantined] = zone.quarantined("access_history_quarantine", "DDL_CRASH")
    assert (quarantined["query_id"], quarantined["line"]) == ("ddl", 2)
    assert quarantined["reason"].startswith("cannot parse: the parser failed (")


def test_the_time_budget_interrupts_work_inside_a_spark_python_worker(spark):
    """The budget is a SIGALRM timer: it needs the batch function in the worker's main thread."""

    def busy_under_budget(batches):
        import threading
        import time

        from access_history_platform.errors import StatementTimeout
        from access_history_platform.resolve import time_budget

        for _ in batches:
            pass
        started = time.monotonic()
        try:
            with time_budget(0.2):
                while time.monotonic() - started < 30:
                    pass
            stopped = False
        except StatementTimeout:
            stopped = True
        yield pa.RecordBatch.from_pylist([{"main_thread": threading.current_thread() is threading.main_thread(),
                                           "stopped": stopped, "seconds": time.monotonic() - started}])

    rows = spark.range(2).repartition(2).mapInArrow(
        busy_under_budget, "main_thread boolean, stopped boolean, seconds double").collect()
    assert len(rows) == 2 and all(r.main_thread and r.stopped and r.seconds < 5 for r in rows)


def test_a_statement_over_the_time_budget_is_quarantined_and_the_others_resolved(zone):
    slow = "insert into d.s.orders (id, amount) values " + ",".join(f"({i}, {i})" for i in range(200_000))
    zone.land("SLOW", {"log.jsonl": jsonl(line("before"), line("slow", slow, 1), line("after", second=2))})
    run = zone.materialize("SLOW", run_config=dg.RunConfig({"access_history": AccessHistoryConfig(time_budget=0.5)}))

    assert zone.record_ids("SLOW") == Counter({"before": 1, "after": 1})
    [quarantined] = zone.quarantined("access_history_quarantine", "SLOW")
    assert (quarantined["query_id"], quarantined["line"]) == ("slow", 2)
    assert quarantined["reason"] == "the resolver spent more than its time budget of 0.5 s on the statement"
    assert run.metadata(access_history)["time_budget_seconds"] == 0.5


@pytest.mark.parametrize("config", [AccessHistoryConfig, CatalogConfig])
def test_the_time_budget_comes_from_the_run_else_the_environment(monkeypatch, config):
    monkeypatch.delenv(TIME_BUDGET, raising=False)
    assert config().seconds() == 5.0
    monkeypatch.setenv(TIME_BUDGET, "0.5")
    assert config().seconds() == 0.5
    assert config(time_budget=2).seconds() == 2
    assert config(time_budget=0).seconds() is None
    monkeypatch.setenv(TIME_BUDGET, "five")
    with pytest.raises(dg.Failure, match="AHP_TIME_BUDGET='five': the time budget must be a number of seconds"):
        config().seconds()
    # the timers hold no infinite budget (its watchdog thread died with a traceback, and no budget held)
    for seconds in (float("inf"), 1e10, -1.0):
        with pytest.raises(dg.Failure, match=r"run config time_budget .*: a time budget is 0 \(none\) or more seconds, "
                                             r"up to 86,400 \(a day\)"):
            config(time_budget=seconds).seconds()


def test_a_ddl_statement_over_the_budget_is_set_aside_by_the_catalog_and_the_records_alike(zone, monkeypatch):
    """The catalog replays the day's DDL under the same budget as the records' workers: one view of the catalog."""
    monkeypatch.setenv(TIME_BUDGET, "0.5")
    slow = "create table d.s.big as select * from values " + ",".join(f"({i}, {i})" for i in range(200_000))
    zone.land("SLOW_DDL", {"log.jsonl": jsonl(line("before"), line("slow", slow, 1),
                                               line("after", "select * from d.s.big", 2))})
    run = zone.materialize("SLOW_DDL")

    assert run.metadata(catalog)["statements_quarantined"] == 1
    assert "D.S.BIG" not in {row["name"] for row in zone.table("catalog", "SLOW_DDL")}
    [quarantined] = zone.quarantined("access_history_quarantine", "SLOW_DDL")
    assert quarantined["query_id"] == "slow" and "time budget of 0.5 s" in quarantined["reason"]
    records = zone.record_ids("SLOW_DDL")
    assert records["before"] == 1 and records["slow"] == 0


# --------------------------------------------------------------------------- files and runs


def test_a_file_landed_twice_is_stored_once_and_a_conflicting_line_quarantined(zone):
    original = jsonl(*good_lines("dup", 4))
    conflict = line("dup2", "select amount from d.s.orders", 2)
    zone.land("TWICE", {"a.jsonl": original, "a-copy.jsonl": original, "b.jsonl": jsonl(line("new", second=5), conflict)})
    run = zone.materialize("TWICE")

    expected = Counter({"dup0": 1, "dup1": 1, "dup2": 1, "dup3": 1, "new": 1})
    assert zone.stored_ids("TWICE") == zone.record_ids("TWICE") == expected
    kept = {row["query_id"]: row for row in zone.table("raw_query_logs", "TWICE")}
    assert kept["dup2"]["file"].endswith("/a-copy.jsonl")  # first in log order: same time, file name first
    [set_aside] = zone.quarantined("raw_query_logs_quarantine", "TWICE")
    assert set_aside["file"].endswith("/b.jsonl") and set_aside["line"] == 2
    assert set_aside["reason"] == (f"{DUPLICATE_REASON} (query_id 'dup2'; the line kept, first in log order, is "
                                   f"{kept['dup2']['file']}:3)")
    assert json.loads(set_aside["text"])["query_text"] == "select amount from d.s.orders"
    metadata = run.metadata(raw_query_logs)
    assert (metadata["duplicate_lines"], metadata["duplicate_query_ids_quarantined"]) == (4, 1)
    assert metadata["lines_quarantined"] == 1


def test_file_names_spark_would_misread_are_read_as_themselves_or_set_aside(zone):
    zone.land("NAMES", {"log[1].jsonl": jsonl(line("bracket")), "log1.jsonl": jsonl(line("plain", second=1)),
                        "log{x}.jsonl": jsonl(line("brace", second=2)), "_partial.jsonl": jsonl(line("under")),
                        ".hidden.jsonl": jsonl(line("dot"))})
    run = zone.materialize("NAMES", LOGS_ONLY)

    assert zone.stored_ids("NAMES") == Counter({"bracket": 1, "plain": 1, "brace": 1})
    hidden = zone.quarantined("raw_query_logs_quarantine", "NAMES")
    assert sorted(row["file"].rsplit("/", 1)[-1] for row in hidden) == [".hidden.jsonl", "_partial.jsonl"]
    assert all(row["line"] == 0 and "names start with '_' or '.'" in row["reason"] for row in hidden)
    assert run.metadata(raw_query_logs)["files_set_aside"] == 2


def snapshot(zone: Zone, account: str) -> dict[str, tuple[list[str], list[str]]]:
    """Each table's partition: its data files and its rows (as sorted JSON)."""
    return {table: (sorted(p.name for p in zone.folder(table, account).glob("*.parquet")),
                    sorted(json.dumps(row, sort_keys=True, default=str) for row in zone.table(table, account)))
            for table in TABLES}


def test_materializing_a_partition_again_replaces_it(zone):
    folder = zone.land("AGAIN", {"good.jsonl": jsonl(*good_lines("again", 3), line("typo", "selec 1", 4)),
                                 "bad.jsonl": jsonl("{not json", line("gone", second=9))})
    zone.materialize("AGAIN")
    first = snapshot(zone, "AGAIN")
    zone.materialize("AGAIN")
    second = snapshot(zone, "AGAIN")
    assert {t: len(rows) for t, (_, rows) in second.items()} == {t: len(rows) for t, (_, rows) in first.items()}
    assert {t: rows for t, (_, rows) in second.items()} == {t: rows for t, (_, rows) in first.items()}
    assert {t: len(files) for t, (files, _) in second.items()} == {t: len(files) for t, (files, _) in first.items()}
    assert len(second["raw_query_logs_quarantine"][1]) == 1 and len(second["access_history_quarantine"][1]) == 1

    (folder / "bad.jsonl").unlink()
    (folder / "good.jsonl").write_bytes(jsonl(*good_lines("again", 3)))
    zone.materialize("AGAIN")
    assert zone.stored_ids("AGAIN") == Counter({"again0": 1, "again1": 1, "again2": 1})
    assert zone.quarantined("raw_query_logs_quarantine", "AGAIN") == []
    assert zone.quarantined("access_history_quarantine", "AGAIN") == []
    # no task quarantined anything: the partition still holds one file of no rows, with the table's columns
    [empty] = partition_files(zone.folder("access_history_quarantine", "AGAIN"))
    assert pq.read_schema(empty).names == list(ACCESS_HISTORY_QUARANTINE.schema.names)
    assert zone.record_ids("AGAIN") == Counter({"again0": 1, "again1": 1, "again2": 1})


def failing_first_attempt(function, markers: Path):
    """``function`` (a ``mapInArrow`` batch function) failing each task's first attempt after its first output."""

    def fails_once(batches, **bound):
        from pyspark import TaskContext

        task = TaskContext.get()
        for batch in function(batches, **bound):
            yield batch
            if task.attemptNumber() == 0:
                (markers / f"stage{task.stageId()}-partition{task.partitionId()}").touch()
                raise RuntimeError("a task's first attempt fails on purpose")

    return fails_once


def test_a_failed_and_retried_spark_task_loses_and_duplicates_nothing(zone, spark, monkeypatch, tmp_path):
    assert spark.sparkContext.master == "local[2,2]", "retries need local[N,maxFailures]"
    # The modules, not the assets that the package ``assets`` exports under the same names.
    raw_query_logs_module = importlib.import_module("assets.raw_query_logs")
    resolving_module = importlib.import_module("access_history_platform.spark.day")
    parse_markers, resolve_markers = tmp_path / "parse", tmp_path / "resolve"
    parse_markers.mkdir()
    resolve_markers.mkdir()
    monkeypatch.setattr(raw_query_logs_module, "parse_log_files", failing_first_attempt(parse_log_files, parse_markers))
    # Each resolving task's first attempt fails after it wrote its part files and reported them (their names kept).
    def reporting(batches, **bound):
        for report in write_outcomes(batches, **bound):
            (resolve_markers / f"wrote-{report.column('records_file')[0]}").touch()
            yield report

    monkeypatch.setattr(resolving_module, "write_outcomes", failing_first_attempt(reporting, resolve_markers))
    lines = good_lines("retry", 30)
    zone.land("RETRY", {"a.jsonl": jsonl(*lines[:15], "{not json"), "b.jsonl": jsonl(*lines[15:])})
    run = zone.materialize("RETRY")

    assert list(parse_markers.iterdir()) and list(resolve_markers.iterdir()), "no task failed: nothing was retried"
    expected = Counter({row["query_id"]: 1 for row in lines})
    assert zone.stored_ids("RETRY") == zone.record_ids("RETRY") == expected
    # The failed attempts wrote whole part files into the version folder: no manifest names them, and the commit
    # deleted them.
    folder = zone.folder("access_history", "RETRY")
    named = {Path(name).name for name in partition_files(folder)}
    failed = {path.name.removeprefix("wrote-") for path in resolve_markers.glob("wrote-part-*-0-*")}
    assert failed and not failed & named, "no failed attempt wrote a part file: the test shows nothing"
    assert all(name.split("-")[2] == "1" for name in named)  # the retries' (attempt 1 of each task)
    assert {path.name for path in folder.glob("_versions/*/part-*.parquet")} == named
    assert len(zone.quarantined("raw_query_logs_quarantine", "RETRY")) == 1
    raw, records = run.metadata(raw_query_logs), run.metadata(access_history)
    assert (raw["dagster/row_count"], raw["lines_quarantined"], raw["duplicate_lines"]) == (30, 1, 0)
    assert (records["dagster/row_count"], records["statements"], records["statements_recorded"]) == (30, 30, 30)


# --------------------------------------------------------------------------- awkward locations


def test_a_landing_zone_and_warehouse_under_a_folder_with_spaces_and_accents(spark, spark_resource, tmp_path):
    """Local roots are ``file://`` URIs that Spark and fsspec both read literally (no percent-encoding)."""
    root = tmp_path / "shared drive" / "accès"
    zone = Zone(root, dg.DagsterInstance.ephemeral(),
                {"spark": spark_resource, "landing": LandingZone(root=str(root / "landing")),
                 "warehouse": Warehouse(root=str(root / "warehouse")), "organization": Organization(),
                 "openlineage": OpenLineageTransport()})
    zone.land("SPACES", {"log one.jsonl": jsonl(*good_lines("ok", 3))})

    run = zone.materialize("SPACES")

    assert zone.record_ids("SPACES") == Counter({"ok0": 1, "ok1": 1, "ok2": 1})
    assert {row["file"] for row in zone.table("raw_query_logs", "SPACES")} == {
        f"file:{root}/landing/SPACES/{DAY.isoformat()}/log one.jsonl"}  # as Spark names it, unencoded
    assert run.metadata(access_history)["path"] == f"file://{root}/warehouse/access_history/day={DAY.isoformat()}/account=SPACES"
