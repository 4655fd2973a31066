"""The Spark batch functions, without Spark: Arrow batches in, Arrow batches out."""

from __future__ import annotations

import gzip
import io
import json
from collections import Counter
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from access_history_platform.catalog import catalog_from_dict, catalog_from_state
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import resolve_log
from access_history_platform.spark.batch import outcomes_schema, resolve_batch
from access_history_platform.spark.logs import (
    RESOLVER_COLUMNS,
    line_changes_catalog,
    log_rows,
    parse_log_files,
    replayed_rows,
    row_to_line,
)
from access_history_platform.spark.records import (
    RECORD_COLUMNS,
    RecordShapeError,
    record_to_row,
    records_schema,
    records_to_batch,
    row_to_record,
)
from access_history_platform.spark.versions import initial_state, replay_catalog_day

from .support.records import load_cases, records_of, resolve_case

SHARED = Path(__file__).resolve().parents[2] / "shared" / "conformance"
CASES = load_cases(SHARED / "cases") if SHARED.is_dir() else []
RECORD_CASES = load_cases(Path(__file__).parent / "data" / "records")
needs_cases = pytest.mark.skipif(not CASES, reason=f"the shared conformance cases are not at {SHARED}")
DAY = date(2024, 3, 1)
CATALOG = {"objects": [
    {"domain": "Table", "name": "D.S.ORDERS", "columns": [{"name": "ID"}, {"name": "AMOUNT"}]},
]}


def line(query_id: str, text: str, minute: int, **extra: object) -> dict:
    return {"query_id": query_id, "query_text": text, "user_name": "ANALYST",
            "query_start_time": f"2024-03-01T09:{minute:02d}:00+00:00", **extra}


def jsonl(*records: dict | str) -> bytes:
    return "".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records).encode()


def stored_rows(content: bytes, name: str = "log.jsonl", dialect: str = "snowflake") -> list[dict]:
    """What raw_query_logs stores for one file: valid lines numbered in log order."""
    rows = [r for r in log_rows(name, content, account="ACME", day=DAY, dialect=dialect) if r["kind"] == "line"]
    rows.sort(key=lambda r: (r["query_start_time"], r["file"], r["line"]))
    return [{**r, "log_position": i} for i, r in enumerate(rows)]


def resolve_in_batches(rows: list[dict], catalog: dict, shares: list[list[dict]],
                       dialect: str = "snowflake") -> list[dict]:
    state = initial_state(catalog)
    shared = replayed_rows(rows, dialect)
    parents = {r["query_id"]: r["parent_query_id"] for r in rows if r["parent_query_id"]}
    out = []
    for share in shares:
        batches = [pa.RecordBatch.from_pylist(share)] if share else []
        for batch in resolve_batch(iter(batches), catalog_state=state["catalog"], catalog_lines=shared,
                                   parents=parents, account="ACME", dialect=dialect):
            assert batch.schema == outcomes_schema()
            out.extend(batch.to_pylist())
    return out


def assert_as_resolved(out: dict[str, dict], rows: list[dict], catalog: dict, dialect: str = "snowflake") -> None:
    """The records the workers wrote (``out``, by query_id) are those ``ahp resolve`` makes of the same stored lines."""
    lines = [row_to_line(row) for row in rows]
    expected = [r for o in resolve_log(catalog_from_dict(catalog), lines, dialect=dialect)
                for r in getattr(o, "records", [])]
    assert canonical([row_to_record(r) for r in out.values() if r["status"] == "recorded"]) == canonical(expected)


def canonical(records: list[dict]) -> list[str]:
    """Records as the table stores them and gives them back (nulls below the top level dropped)."""
    return sorted(json.dumps(row_to_record(record_to_row(r, account=None)), sort_keys=True) for r in records)


# --------------------------------------------------------------------------- records


@needs_cases
@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_expected_records_fit_the_table_and_come_back(case):
    rows = [record_to_row(record, account="ACME") for record in case["expected"]]
    batch = records_to_batch(rows)
    assert batch.schema == records_schema()
    back = [row_to_record(row) for row in batch.to_pylist()]
    assert [json.dumps(r, sort_keys=True) for r in back] == [
        json.dumps(row_to_record(record_to_row(r, account=None)), sort_keys=True) for r in case["expected"]]


def test_ddl_properties_are_json_text():
    record = {"query_id": "q", "query_start_time": "2024-03-01T09:00:00+00:00", "user_name": "U",
              "object_modified_by_ddl": {"objectDomain": "Table", "objectName": "D.S.T", "objectId": 1,
                                         "operationType": "ALTER", "properties": {"columns": {"A": {"x": 1}}}}}
    row = record_to_row(record, account="ACME")
    assert json.loads(row["object_modified_by_ddl"]["properties"]) == {"columns": {"A": {"x": 1}}}
    assert row["direct_objects_accessed"] is None and row["account_name"] == "ACME"
    assert row["query_start_time"] == datetime(2024, 3, 1, 9, tzinfo=timezone.utc)


@pytest.mark.parametrize("record, message", [
    ({"query_id": "q", "query_start_time": "2024-03-01T09:00:00+00:00", "surprise": 1}, "surprise"),
    ({"query_id": "q", "query_start_time": "2024-03-01T09:00:00+00:00",
      "direct_objects_accessed": [{"objectName": "T", "objectColour": "red"}]},
     "direct_objects_accessed[0]: unknown key 'objectColour'"),
    ({"query_id": "q", "query_start_time": "2024-03-01T09:00:00+00:00",
      "objects_modified": [{"objectName": "T", "objectId": "seven"}]}, "objects_modified[0].objectId"),
    ({"query_id": "q", "query_start_time": "2024-03-01T09:00:00"}, "no UTC offset"),
])
def test_a_record_that_does_not_fit_names_the_culprit(record, message):
    with pytest.raises(RecordShapeError, match=message.replace("[", r"\[").replace("]", r"\]")):
        record_to_row(record, account="ACME")


# --------------------------------------------------------------------------- log files


def test_json_lines_keep_their_numbers_and_bad_lines_their_reason():
    content = jsonl(line("q1", "select 1", 0), "{not json", "", {"query_id": "q3"}, line("q4", "select 2", 1))
    rows = list(log_rows("s3a://bucket/ACME/2024-03-01/log.jsonl", content, account="ACME", day=DAY))
    assert [(r["kind"], r["line"]) for r in rows] == [("line", 1), ("bad", 2), ("bad", 4), ("line", 5)]
    assert rows[1]["reason"].startswith("not valid JSON") and rows[1]["text"] == "{not json"
    assert "missing required field 'query_text'" in rows[2]["reason"]
    assert rows[0]["file"] == "s3a://bucket/ACME/2024-03-01/log.jsonl" and rows[0]["account_name"] == "ACME"


def test_a_truncated_gzip_file_sets_its_tail_aside():
    whole = gzip.compress(jsonl(*(line(f"q{i}", "select 1", i % 60) for i in range(200))))
    rows = list(log_rows("log.jsonl.gz", whole[: len(whole) // 2], account="ACME", day=DAY))
    assert rows[-1]["kind"] == "bad" and "truncated or corrupt" in rows[-1]["reason"]
    assert all(r["kind"] == "line" for r in rows[:-1]) and len(rows) > 1


def test_a_line_that_is_not_utf8_is_bad_alone():
    content = jsonl(line("q1", "select 1", 0)) + b'{"query_id": "\xff"}\n' + jsonl(line("q3", "select 1", 2))
    rows = list(log_rows("log.jsonl", content, account="ACME", day=DAY))
    assert [(r["kind"], r["line"]) for r in rows] == [("line", 1), ("bad", 2), ("line", 3)]
    assert rows[1]["reason"].startswith("not UTF-8 text")


def test_parquet_rows_are_lines_and_a_null_is_a_missing_field():
    table = pa.Table.from_pylist([line("q1", "select 1", 0, role_name="R"), {**line("q2", "x", 1), "user_name": None}])
    buffer = io.BytesIO()
    pq.write_table(table, buffer)
    rows = list(log_rows("log.parquet", buffer.getvalue(), account="ACME", day=DAY))
    assert [(r["kind"], r["line"]) for r in rows] == [("line", 1), ("bad", 2)]
    assert rows[0]["role_name"] == "R" and rows[1]["reason"] == "missing required field 'user_name'"


def test_a_corrupt_parquet_file_is_one_bad_line():
    rows = list(log_rows("log.parquet", b"PAR1 garbage", account="ACME", day=DAY))
    assert len(rows) == 1 and rows[0]["kind"] == "bad" and "Parquet" in rows[0]["reason"]


def test_lines_of_another_day_or_account_are_set_aside():
    content = jsonl(line("q1", "select 1", 0, account_name="acme"),
                    {**line("q2", "select 1", 0), "query_start_time": "2024-03-02T00:00:00+00:00"},
                    line("q3", "select 1", 0, account_name="OTHER"))
    rows = list(log_rows("log.jsonl", content, account="ACME", day=DAY))
    assert [r["kind"] for r in rows] == ["line", "bad", "bad"]
    assert "outside the partition's day 2024-03-01" in rows[1]["reason"]
    assert "does not match the landing folder's account 'ACME'" in rows[2]["reason"]


def test_unknown_fields_are_kept_and_come_back():
    [row] = stored_rows(jsonl(line("q1", "select 1", 0, warehouse_name="WH", query_tag="nightly")))
    assert json.loads(row["extra"]) == {"query_tag": "nightly", "warehouse_name": "WH"}
    assert row_to_line(row).model_extra == {"query_tag": "nightly", "warehouse_name": "WH"}


def test_a_stored_line_gives_the_statements_its_validated_line_gives():
    """The workers read stored rows as they are (``StoredLine``) instead of validating them again."""
    from access_history_platform.resolve import expand_line
    from access_history_platform.spark.logs import StoredLine, stored_lines_schema

    rows = stored_rows(jsonl(
        line("q1", "select 1", 0, database_name="D", schema_name="S", role_name="R", session_id="7"),
        line("q2", "select 1; insert into t select 2", 1, parent_query_id="q0", account_name="acme"),
        line("q3", "select 1", 2, execution_status="fail", warehouse_name="WH"),
    ))
    stored = pa.Table.from_pylist(rows, schema=stored_lines_schema()).to_pylist()  # as a worker reads them
    parents = {"q2": "q0", "q0": "root"}
    for index, row in enumerate(stored):
        assert expand_line(StoredLine(row), index, parents) == expand_line(row_to_line(row), index, parents)
    assert [len(expand_line(StoredLine(row), 0, parents)) for row in stored] == [1, 2, 1]
    assert not expand_line(StoredLine(stored[2]), 0, parents)[0].successful


def test_parse_log_files_reads_binary_file_batches():
    batch = pa.RecordBatch.from_pylist([{"path": "a.jsonl", "content": jsonl(line("q1", "select 1", 0))},
                                        {"path": "b.txt", "content": b"hello"}])
    [out] = list(parse_log_files(iter([batch]), account="ACME", day=DAY))
    assert [(r["file"], r["kind"]) for r in out.to_pylist()] == [("a.jsonl", "line"), ("b.txt", "bad")]


@pytest.mark.parametrize("text, status, expected", [
    ("select 1; create table d.s.t (a int)", "SUCCESS", True),
    ("/* tidy */ drop table d.s.t", "SUCCESS", True),
    ("create table d.s.t (a int)", "FAIL", False),
    ("insert into d.s.t select 1", "SUCCESS", False),
])
def test_which_lines_may_change_the_catalog(text, status, expected):
    log_line = validate_log_record(line("q", text, 0, execution_status=status))
    assert line_changes_catalog(log_line) is expected


# --------------------------------------------------------------------------- resolving in batches


@needs_cases
@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_batches_resolve_as_the_whole_log_does(case):
    """Split a case's log across two workers: together they give exactly ``resolve_log``'s records."""
    rows = stored_rows(jsonl(*case["log"]))
    out = resolve_in_batches(rows, case["catalog"], [rows[0::2], rows[1::2]])
    lines = [validate_log_record(r, "case", i + 1) for i, r in enumerate(case["log"])]
    expected = [r for o in resolve_log(catalog_from_dict(case["catalog"]), lines) for r in getattr(o, "records", [])]
    assert canonical([row_to_record(r) for r in out if r["status"] == "recorded"]) == canonical(expected)


@pytest.mark.parametrize("case", RECORD_CASES, ids=[c["name"] for c in RECORD_CASES])
def test_every_records_case_split_across_two_workers_gives_the_whole_logs_records(case):
    """What the workers see of the lines other workers resolve (the replayed lines: :func:`replayed_rows`) is all
    that makes a line's record: a MySQL, ClickHouse or Oracle RENAME, a COMMENT, Redshift's ATTACH of a policy,
    Oracle's FLASHBACK TABLE, PostgreSQL's set_config, SET SCHEMA, RESET ALL and the bounds of a block that ends a SET
    LOCAL were resolved by one worker only, and the others read the catalog and the session as they were before."""
    dialect = case.get("dialect", "snowflake")
    day = validate_log_record(case["log"][0]).query_start_time.date()
    rows = [row for row in log_rows("case.jsonl", jsonl(*case["log"]), account="ACME", day=day, dialect=dialect)
            if row["kind"] == "line"]
    rows = [{**row, "log_position": i} for i, row in
            enumerate(sorted(rows, key=lambda row: (row["query_start_time"], row["line"])))]
    out = resolve_in_batches(rows, case.get("catalog", {"objects": []}), [rows[0::2], rows[1::2]], dialect=dialect)
    assert canonical([row_to_record(r) for r in out if r["status"] == "recorded"]) == canonical(
        records_of(resolve_case(case)))


def test_a_worker_sees_the_ddl_of_other_workers_at_its_point_of_the_log():
    rows = stored_rows(jsonl(
        line("q1", "select id from d.s.orders", 0),
        line("q2", "alter table d.s.orders rename to d.s.orders_v2", 1),
        line("q3", "select id from d.s.orders_v2", 2),
        line("q4", "create table d.s.fresh (x int)", 3),
        line("q5", "insert into d.s.fresh select amount from d.s.orders_v2", 4),
    ))
    out = resolve_in_batches(rows, CATALOG, [[rows[0], rows[2], rows[4]], [rows[1], rows[3]]])
    by_id = {r["query_id"]: r for r in out}
    assert sorted(by_id) == ["q1", "q2", "q3", "q4", "q5"], "each statement comes out once, from its own worker"
    orders_id = catalog_from_dict(CATALOG).by_name("Table", "D.S.ORDERS").id
    read = by_id["q3"]["direct_objects_accessed"][0]
    assert (read["objectName"], read["objectId"]) == ("D.S.ORDERS_V2", orders_id)
    written = by_id["q5"]["objects_modified"][0]
    created = json.loads(by_id["q4"]["object_modified_by_ddl"]["properties"])
    assert written["objectName"] == "D.S.FRESH" and written["objectId"] is not None and created


def test_a_session_variable_set_by_one_line_names_objects_in_the_sessions_later_lines_on_any_worker():
    """A SET of a session (``session_id``) is replayed wherever a later line of the day is resolved, so
    IDENTIFIER($t) in a later line of that session names the value it set, on another worker as in ahp resolve;
    another session's line, an UNSET, a line without a session and a failed SET give no value."""
    rows = stored_rows(jsonl(
        line("q1", "set t = 'd.s.orders'", 0, session_id="s1"),
        line("q2", "select id from identifier($t)", 1, session_id="s1"),
        line("q3", "select id from identifier($t)", 2, session_id="s2"),
        line("q4", "set (u, v) = ('d.s.fresh', 'd.s.orders')", 3, session_id="s2"),
        line("q5", "create table identifier($u) as select amount from identifier($v)", 4, session_id="s2"),
        line("q6", "unset t", 5, session_id="s1"),
        line("q7", "select id from identifier($t)", 6, session_id="s1"),
        line("q8", "select id from identifier($t)", 7),
        line("q9", "set t = 'd.s.orders'", 8, session_id="s3", execution_status="FAIL"),
        line("q10", "select id from identifier($t)", 9, session_id="s3"),
    ))
    assert [r["query_id"] for r in rows if r["changes_catalog"]] == ["q1", "q4", "q5", "q6"]
    out = {r["query_id"]: r for r in resolve_in_batches(rows, CATALOG, [rows[1::2], rows[0::2]])}
    assert out["q2"]["direct_objects_accessed"][0]["objectName"] == "D.S.ORDERS"
    assert json.loads(out["q5"]["object_modified_by_ddl"]["properties"])["columns"].keys() == {"AMOUNT"}
    assert out["q5"]["direct_objects_accessed"][0]["objectName"] == "D.S.ORDERS"
    assert [out[q]["status"] for q in ("q3", "q7", "q8", "q10")] == ["quarantined"] * 4
    assert_as_resolved(out, rows, CATALOG)


def test_a_sparks_session_setting_and_variable_reach_the_sessions_later_lines_on_any_worker():
    """Spark: after ``SET spark.sql.parser.quotedRegexColumnNames=true`` a backquoted regular expression of a later
    line of the session selects the columns it matches, and after ``DECLARE VARIABLE lim`` a later line's bare
    ``lim`` is the variable, no unknown column, on another worker as in ahp resolve; another session's lines
    read them as names, with warnings."""
    catalog = {"objects": [{"domain": "Table", "name": "spark_catalog.s.t",
                            "columns": [{"name": n} for n in ("a", "b", "ds", "hr")]}]}
    session = {"database_name": "spark_catalog", "schema_name": "s"}
    rows = stored_rows(jsonl(
        line("q1", "SET spark.sql.parser.quotedRegexColumnNames=true", 0, session_id="k1", **session),
        line("q2", "DECLARE VARIABLE lim INT DEFAULT 3", 1, session_id="k1", **session),
        line("q3", "select `(ds|hr)?+.+` from t where a > lim", 2, session_id="k1", **session),
        line("q4", "select `(ds|hr)?+.+` from t where a > lim", 3, session_id="k2", **session),
    ), dialect="spark")
    assert [r["query_id"] for r in rows if r["changes_catalog"]] == ["q1", "q2"]
    out = {r["query_id"]: r for r in resolve_in_batches(rows, catalog, [rows[2:], rows[:2]], dialect="spark")}
    read = {q: [c["columnName"] for c in out[q]["direct_objects_accessed"][0]["columns"]] for q in ("q3", "q4")}
    assert read == {"q3": ["a", "b"], "q4": ["a"]}
    lines = [row_to_line(row) for row in rows]
    outcomes = {o.statement.query_id: o for o in resolve_log(catalog_from_dict(catalog), lines, dialect="spark")}
    assert (outcomes["q3"].warnings, len(outcomes["q4"].warnings)) == ((), 2)
    expected = [r for o in outcomes.values() for r in getattr(o, "records", [])]
    assert canonical([row_to_record(r) for r in out.values() if r["status"] == "recorded"]) == canonical(expected)


def test_a_sql_path_set_by_one_line_is_walked_by_the_sessions_later_lines_on_any_worker():
    """Spark: after ``SET PATH = spark_catalog.pa, ...`` an unqualified ``t`` of a later line of the session is
    ``pa.t``, on another worker as in ahp resolve; another session's line reads its current schema's ``t``."""
    catalog = {"objects": [{"domain": "Table", "name": f"spark_catalog.{schema}.t", "columns": [{"name": "a"}]}
                           for schema in ("s", "pa")]}
    session = {"database_name": "spark_catalog", "schema_name": "s"}
    rows = stored_rows(jsonl(
        line("q1", "/* path */ SET PATH = spark_catalog.pa, CURRENT_SCHEMA", 0, session_id="k1", **session),
        line("q2", "select a from t", 1, session_id="k1", **session),
        line("q3", "select a from t", 2, session_id="k2", **session),
    ), dialect="spark")
    assert [r["query_id"] for r in rows if r["changes_catalog"]] == ["q1"]
    out = {r["query_id"]: r for r in resolve_in_batches(rows, catalog, [rows[1:], rows[:1]], dialect="spark")}
    read = {q: out[q]["direct_objects_accessed"][0]["objectName"] for q in ("q2", "q3")}
    assert read == {"q2": "spark_catalog.pa.t", "q3": "spark_catalog.s.t"}
    assert_as_resolved(out, rows, catalog, "spark")


def test_a_search_path_set_by_one_line_is_searched_by_the_sessions_later_lines_on_any_worker():
    """PostgreSQL: after SET search_path TO s, public (after a comment) in a session, a later line of it (schema s)
    reads a table only public has from public, on another worker as in ahp resolve; another session's line does
    not."""
    catalog = {"objects": [{"domain": "Table", "name": "app.public.t", "columns": [{"name": "v"}]},
                           {"domain": "Table", "name": "app.s.u", "columns": [{"name": "id"}]}]}
    session = {"database_name": "app", "schema_name": "s"}
    rows = stored_rows(jsonl(
        line("q1", "-- the app's schemas\nset search_path to s, public", 0, session_id="p1", database_name="app",
             schema_name="public"),
        line("q2", "select v from t", 1, session_id="p1", **session),
        line("q3", "select id from u", 2, session_id="p1", **session),
        line("q4", "select v from t", 3, session_id="p2", **session),
    ), dialect="postgres")
    assert [r["query_id"] for r in rows if r["changes_catalog"]] == ["q1"]
    out = {r["query_id"]: r for r in resolve_in_batches(rows, catalog, [rows[1:], rows[:1]], dialect="postgres")}
    assert [out[q]["direct_objects_accessed"][0]["objectName"] for q in ("q2", "q3", "q4")] == [
        "app.public.t", "app.s.u", "app.s.t"]
    assert_as_resolved(out, rows, catalog, "postgres")


def test_a_duckdb_search_path_of_several_schemas_is_searched_on_any_worker():
    """DuckDB: after ``SET search_path = 'test,test2'``, a later line's ``t2`` that test lacks is test2's, on another
    worker as in ahp resolve."""
    catalog = {"objects": [{"domain": "Table", "name": "memory.test2.t2", "columns": [{"name": "i"}]},
                           {"domain": "Schema", "name": "memory.test"}]}
    session = {"database_name": "memory", "session_id": "d1"}
    rows = stored_rows(jsonl(
        line("q1", "SET search_path = 'test,test2'", 0, **session), line("q2", "select i from t2", 1, **session),
    ), dialect="duckdb")
    out = {r["query_id"]: r for r in resolve_in_batches(rows, catalog, [rows[1:], rows[:1]], dialect="duckdb")}
    assert out["q2"]["direct_objects_accessed"][0]["objectName"] == "memory.test2.t2"
    assert_as_resolved(out, rows, catalog, "duckdb")


def test_a_blocks_ddl_its_rollback_undoes_is_undone_on_every_worker():
    """PostgreSQL: ``BEGIN; ALTER TABLE t ADD COLUMN b ...; ROLLBACK`` and a failure that aborts a block whose
    ``COMMIT`` then rolls back: a later ``SELECT *`` of the session, on a worker that holds none of the block's lines,
    reads t's columns before the block, as in ahp resolve; a committed block's column stays."""
    catalog = {"objects": [{"domain": "Table", "name": "app.public.t", "columns": [{"name": "a"}]}]}
    session = {"database_name": "app", "schema_name": "public", "session_id": "p1"}
    rows = stored_rows(jsonl(
        line("q1", "BEGIN", 0, **session), line("q2", "ALTER TABLE t ADD COLUMN b int", 1, **session),
        line("q3", "select * from t", 2, **session), line("q4", "ROLLBACK", 3, **session),
        line("q5", "select * from t", 4, **session),
        line("q6", "BEGIN", 5, **session), line("q7", "ALTER TABLE t ADD COLUMN c int", 6, **session),
        line("q8", "select nope from t", 7, execution_status="FAIL", **session), line("q9", "COMMIT", 8, **session),
        line("q10", "BEGIN", 9, **session), line("q11", "ALTER TABLE t ADD COLUMN d int", 10, **session),
        line("q12", "COMMIT", 11, **session), line("q13", "select * from t", 12, **session),
    ), dialect="postgres")
    assert {r["query_id"] for r in replayed_rows(rows, "postgres")} == {f"q{n}" for n in range(1, 13)} - {"q3", "q5"}
    out = {r["query_id"]: r for r in resolve_in_batches(rows, catalog, [rows[4::4], [r for n, r in enumerate(rows)
                                                                                     if n % 4]], dialect="postgres")}
    read = {q: [c["columnName"] for c in out[q]["direct_objects_accessed"][0]["columns"]] for q in ("q3", "q5", "q13")}
    assert read == {"q3": ["a", "b"], "q5": ["a"], "q13": ["a", "d"]}
    assert_as_resolved(out, rows, catalog, "postgres")


def test_a_use_on_one_line_is_the_context_of_the_sessions_later_lines_without_their_own_on_any_worker():
    """USE DATABASE and USE SCHEMA as lines of their own in a session (no database_name or schema_name in the log):
    a later line of that session without them reads D.S.ORDERS, on another worker as in ahp resolve; a line that
    gives its own context keeps it."""
    rows = stored_rows(jsonl(
        line("q1", "-- where\nuse database d", 0, session_id="s1"),
        line("q2", "use schema s", 1, session_id="s1"),
        line("q3", "select id from orders", 2, session_id="s1"),
        line("q4", "select id from orders", 3, session_id="s1", database_name="E", schema_name="F"),
        line("q5", "select amount from orders", 4, session_id="s1"),
    ))
    assert [r["query_id"] for r in rows if r["changes_catalog"]] == ["q1", "q2"]
    out = {r["query_id"]: r for r in resolve_in_batches(rows, CATALOG, [rows[2:], rows[:2]])}
    assert [out[q]["direct_objects_accessed"][0]["objectName"] for q in ("q3", "q4", "q5")] == [
        "D.S.ORDERS", "E.F.ORDERS", "D.S.ORDERS"]
    assert_as_resolved(out, rows, CATALOG)


def test_a_statement_prepared_by_one_line_is_run_by_the_sessions_later_execute_on_any_worker():
    """Trino: PREPARE p FROM INSERT ... in a session, then EXECUTE p USING ... in a later line of it, resolved on
    another worker, is that INSERT, as in ahp resolve; another session's EXECUTE, and one after DEALLOCATE, are set
    aside saying what it runs is not in the log."""
    catalog = {"objects": [{"domain": "Table", "name": "hive.s.orders", "columns": [{"name": "id"}, {"name": "b"}]},
                           {"domain": "Table", "name": "hive.s.out", "columns": [{"name": "id"}]}]}
    session = {"database_name": "hive", "schema_name": "s"}
    rows = stored_rows(jsonl(
        line("q1", "PREPARE p FROM INSERT INTO out SELECT id FROM orders WHERE b = ?", 0, session_id="t1", **session),
        line("q2", "EXECUTE p USING 7", 1, session_id="t1", **session),
        line("q3", "EXECUTE p USING 7", 2, session_id="t2", **session),
        line("q4", "DEALLOCATE PREPARE p", 3, session_id="t1", **session),
        line("q5", "EXECUTE p USING 8", 4, session_id="t1", **session),
    ), dialect="trino")
    assert [r["query_id"] for r in rows if r["changes_catalog"]] == ["q1", "q4"]
    out = {r["query_id"]: r for r in resolve_in_batches(rows, catalog, [rows[1:], rows[:1]], dialect="trino")}
    assert out["q2"]["objects_modified"][0]["objectName"] == "hive.s.out"
    assert out["q2"]["direct_objects_accessed"][0]["objectName"] == "hive.s.orders"
    assert [out[q]["status"] for q in ("q3", "q5")] == ["quarantined"] * 2
    assert "no earlier PREPARE" in out["q3"]["reason"]
    assert_as_resolved(out, rows, catalog, "trino")


def test_failed_and_unparseable_statements_come_out_with_a_reason():
    rows = stored_rows(jsonl(line("q1", "select id from d.s.orders", 0, execution_status="FAIL"),
                             line("q2", "selec id frm d.s.orders", 1), line("q3", "select 1", 2)))
    out = {r["query_id"]: r for r in resolve_in_batches(rows, CATALOG, [rows])}
    assert [out[q]["status"] for q in ("q1", "q2", "q3")] == ["failed", "quarantined", "no_record"]
    assert out["q2"]["reason"] and out["q2"]["query_text"] == "selec id frm d.s.orders"
    assert out["q2"]["account_name"] == "ACME" and out["q2"]["log_position"] == 1


def test_split_requests_and_procedures_get_their_root_across_workers():
    rows = stored_rows(jsonl(
        line("call1", "call d.s.proc()", 0),
        line("child", "select id from d.s.orders; select amount from d.s.orders", 1, parent_query_id="call1"),
    ))
    out = resolve_in_batches(rows, CATALOG, [[rows[0]], [rows[1]]])
    children = {r["query_id"]: r for r in out if r["query_id"].startswith("child#")}
    assert {(q, r["parent_query_id"], r["root_query_id"]) for q, r in children.items()} == {
        ("child#1", "child", "call1"), ("child#2", "child", "call1")}


# --------------------------------------------------------------------------- catalog versions


def test_catalog_versions_have_validity_intervals_and_the_end_state_starts_the_next_day():
    rows = stored_rows(jsonl(
        line("q1", "create table d.s.fresh (x int)", 0),
        line("q2", "alter table d.s.orders rename to d.s.orders_v2", 1),
    ))
    day = replay_catalog_day(initial_state(CATALOG), rows, {}, account="ACME")
    versions = {(v["name"], v["valid_to_query_id"]): v for v in day.versions}
    assert sorted(versions) == [("D.S.FRESH", None), ("D.S.ORDERS", "q2"), ("D.S.ORDERS_V2", None)]
    assert versions[("D.S.ORDERS", "q2")]["valid_from"] is None
    assert versions[("D.S.ORDERS", "q2")]["valid_to"] == datetime(2024, 3, 1, 9, 1, tzinfo=timezone.utc)
    assert versions[("D.S.ORDERS_V2", None)]["valid_from_position"] == 1
    assert json.loads(versions[("D.S.FRESH", None)]["object"])["columns"][0]["name"] == "X"
    assert (day.statements, day.changes) == (2, 2)

    next_day = replay_catalog_day(day.end_state, [], {}, account="ACME")
    carried = {v["name"]: v for v in next_day.versions}
    assert sorted(carried) == ["D.S.FRESH", "D.S.ORDERS_V2"]
    assert carried["D.S.FRESH"]["valid_from_query_id"] == "q1" and carried["D.S.FRESH"]["valid_to"] is None
    assert catalog_from_state(next_day.end_state["catalog"]).by_name("Table", "D.S.ORDERS_V2") is not None


def test_a_rolled_back_blocks_table_is_a_version_ended_by_the_rollback():
    """PostgreSQL: a table created in a block that rolls back lives from its CREATE to the ROLLBACK in the day's
    catalog versions, and a table dropped there comes back as it was; the day ends without the one, with the other."""
    session = {"database_name": "app", "schema_name": "public", "session_id": "p1"}
    catalog = {"objects": [{"domain": "Table", "name": "app.public.kept", "columns": [{"name": "a"}]}]}
    rows = stored_rows(jsonl(
        line("q1", "BEGIN", 0, **session), line("q2", "CREATE TABLE tmp_migration (x int)", 1, **session),
        line("q3", "DROP TABLE kept", 2, **session), line("q4", "ROLLBACK", 3, **session),
    ), dialect="postgres")
    day = replay_catalog_day(initial_state(catalog), replayed_rows(rows, "postgres"), {}, account="ACME",
                             dialect="postgres")
    spans = sorted(((v["name"], v["valid_from_query_id"], v["valid_to_query_id"]) for v in day.versions), key=str)
    assert spans == sorted([("app.public.kept", None, "q3"), ("app.public.kept", "q4", None),
                            ("app.public.tmp_migration", "q2", "q4")], key=str)
    assert {o["name"] for o in day.end_state["catalog"]["objects"]} == {"app.public.kept"}


def test_a_sessions_temporary_objects_are_dropped_at_the_end_of_a_day_it_ran_nothing():
    """A PostgreSQL session's temporary table stays in the day state while its session runs statements; at the end of
    a day it ran none (``ran``), it is dropped and its version ends then, and one it dropped (kept for UNDROP) is
    forgotten: the log never says when a session ends, and each day's sessions' temporary objects must not pile up in
    the state. Without ``ran``, all are kept."""
    texts = [("a", "create temp table tmp (x int)"), ("b", "create temp table tmp (x int)"),
             ("c", "create temp table tmp (x int)"), ("d", "create temp table gone (x int)"), ("d", "drop table gone")]
    rows = stored_rows(jsonl(*(line(f"q{n}", text, n, database_name="D", schema_name="S", session_id=session)
                               for n, (session, text) in enumerate(texts))), dialect="postgres")
    day = replay_catalog_day(initial_state(CATALOG), rows, {}, account="ACME", dialect="postgres",
                             ran=lambda sessions: sessions, day_end=datetime(2024, 3, 2, tzinfo=timezone.utc))
    assert sorted(o.get("session") or "" for o in day.end_state["catalog"]["objects"]) == ["", "a", "b", "c"]
    assert day.end_state["catalog"]["dropped"] == []  # (no UNDROP brings a session's temporary object back)
    day.end_state["catalog"]["dropped"] = [{"domain": "Table", "name": "D.pg_temp.gone", "id": 9, "session": "d"}]
    asked: list[set[str]] = []  # (a state kept it for UNDROP before: forgotten with the session)
    next_day = replay_catalog_day(day.end_state, [], {}, account="ACME", dialect="postgres",
                                  ran=lambda sessions: asked.append(sessions) or {"b"},
                                  day_end=datetime(2024, 3, 3, tzinfo=timezone.utc))
    assert asked == [{"a", "b", "c", "d"}]
    assert sorted(o.get("session") or "" for o in next_day.end_state["catalog"]["objects"]) == ["", "b"]
    assert next_day.end_state["catalog"]["dropped"] == []
    ended = {json.loads(v["object"]).get("session"): (v["valid_to"], v["valid_to_query_id"]) for v in next_day.versions}
    assert ended == {"a": (datetime(2024, 3, 3, tzinfo=timezone.utc), None), "b": (None, None),
                     "c": (datetime(2024, 3, 3, tzinfo=timezone.utc), None), None: (None, None)}
    kept = replay_catalog_day(day.end_state, [], {}, account="ACME", dialect="postgres")
    assert len(kept.end_state["catalog"]["objects"]) == 4 and len(kept.end_state["catalog"]["dropped"]) == 1


def test_batches_of_one_process_share_its_catalog_and_cache():
    """A worker process resolves each later batch of the day from the cache its earlier batches filled."""
    from access_history_platform.spark import batch as batch_module
    from access_history_platform.spark.batch import make_resolve_batch

    rows = stored_rows(jsonl(*(line(f"q{i}", f"select id from d.s.orders where amount > {i}", i) for i in range(6)),
                             line("q6", "alter table d.s.orders add column note string", 6),
                             line("q7", "select * from d.s.orders where amount > 7", 7)))
    state = initial_state(CATALOG)
    function = make_resolve_batch(catalog_state=state["catalog"], catalog_lines=[r for r in rows if r["changes_catalog"]],
                                  parents={}, account="ACME")
    batch_module._WORKER_STATES.clear()
    first = [r for b in function(iter([pa.RecordBatch.from_pylist(rows[:3])])) for r in b.to_pylist()]
    (_, cache), = batch_module._WORKER_STATES.values()
    hits = cache.hits
    second = [r for b in function(iter([pa.RecordBatch.from_pylist(rows[3:])])) for r in b.to_pylist()]
    assert len(batch_module._WORKER_STATES) == 1
    assert cache.hits >= hits + 3  # q3..q5 come from the cache filled by q0..q2
    assert [r["direct_objects_accessed"] for r in first][0] == [r["direct_objects_accessed"] for r in second][0]
    star = next(r for r in second if r["query_id"] == "q7")
    assert [c["columnName"] for c in star["direct_objects_accessed"][0]["columns"]][-1] == "NOTE"



@pytest.mark.parametrize("late", [False, True], ids=["another_day_from_the_same_catalog", "the_day_redone_with_a_late_file"])
def test_days_that_start_alike_share_no_cache_in_a_process(late):
    """A Spark worker process resolves a day, then another one that starts from the same catalog but changes it
    otherwise (another day or account, or the same day redone after a late file brought DDL): each gets the
    records the whole log resolved in one pass gives. Keyed by the starting catalog alone, a ``select *`` of the
    second at catalog version 1 was served the first one's resolution at its version 1: the first one's TOTALS."""
    from access_history_platform.spark import batch as batch_module
    from access_history_platform.spark.batch import make_resolve_batch

    first = [line("a1", "create or replace table d.s.totals as select id from d.s.orders", 2),
             line("a2", "select * from d.s.totals", 3)]
    changed = [line("b1", "create or replace table d.s.totals as select amount from d.s.orders", 0),
               line("b2", "select * from d.s.totals", 1)]
    state = initial_state(CATALOG)
    batch_module._WORKER_STATES.clear()
    for lines in (first, changed + first if late else changed):
        rows = stored_rows(jsonl(*lines))
        function = make_resolve_batch(catalog_state=state["catalog"], parents={}, account="ACME",
                                      catalog_lines=[r for r in rows if r["changes_catalog"]])
        got = [r for b in function(iter([pa.RecordBatch.from_pylist(rows)])) for r in b.to_pylist()
               if r["status"] == "recorded"]
        expected = [record for outcome in resolve_log(catalog_from_state(state["catalog"]), [row_to_line(r) for r in rows])
                    for record in outcome.records]
        assert sorted(json.dumps(row_to_record({k: r[k] for k in RECORD_COLUMNS}), sort_keys=True)
                      for r in got) == canonical(expected)
    read = next(r for r in got if r["query_id"] == "b2")["direct_objects_accessed"][0]["columns"]
    assert [c["columnName"] for c in read] == ["AMOUNT"]


def test_a_cached_resolution_holds_only_for_the_changes_that_led_to_its_catalog_version():
    """Should two days' batches ever share a cache key (a line whose stored changes_catalog flag an older engine
    computed, a decision missing from the catalog's), an equal catalog version is still not the same catalog:
    the version's lineage (the digest of the changes that led to it) must match too."""
    from access_history_platform.spark import batch as batch_module
    from access_history_platform.spark.batch import resolve_batch

    state = initial_state(CATALOG)
    batch_module._WORKER_STATES.clear()
    got = []
    for column in ("id", "amount"):
        rows = stored_rows(jsonl(line("c", f"create or replace table d.s.totals as select {column} from d.s.orders", 0),
                                 line("r", "select * from d.s.totals", 1)))
        got.append([r for b in resolve_batch(iter([pa.RecordBatch.from_pylist(rows)]), catalog_state=state["catalog"],
                                             catalog_lines=[r for r in rows if r["changes_catalog"]], parents={},
                                             account="ACME", state_key="one key for both days")
                    for r in b.to_pylist() if r["query_id"] == "r"])
    assert [[c["columnName"] for c in rows[0]["direct_objects_accessed"][0]["columns"]] for rows in got] == \
        [["ID"], ["AMOUNT"]]


def test_outcome_batches_repeat_a_cached_resolution_and_set_aside_what_does_not_fit():
    from access_history_platform.resolve import FAILED, RECORDED, Outcome, Statement, build_records
    from access_history_platform.spark.batch import OutcomeBatches
    from access_history_platform.sql.resolution import RecordParts

    shared = RecordParts(direct_objects_accessed=[{"objectDomain": "Table", "objectName": "D.S.T", "objectId": 1,
                                                   "columns": [{"columnId": 2, "columnName": "A"}]}])
    odd = RecordParts(direct_objects_accessed=[{"objectDomain": "Table", "objectName": "D.S.T", "nope": 1}])
    logged = datetime(2024, 3, 1, 9, 0, 0, 123456, tzinfo=timezone.utc)

    def statement(n: int, text: str = "select a from t") -> Statement:
        return Statement(f"q{n}", text, logged, "U", position=(n, 0))

    def recorded(n: int, parts: RecordParts) -> Outcome:
        return Outcome(statement(n), RECORDED, records=build_records(statement(n), parts), parts=parts)

    outcomes = [*(recorded(n, shared) for n in range(4)),
                Outcome(statement(4, "select 'a long text'"), FAILED, reason="the statement did not succeed"),
                recorded(5, odd),
                Outcome(statement(6), RECORDED, records=[{**build_records(statement(6), shared)[0], "account": "X"}])]
    builder = OutcomeBatches("ACME", rows=4)
    batches = [batch for outcome in outcomes if (batch := builder.add(outcome, ("f.jsonl", 7))) is not None]
    batches.append(builder.flush())
    assert builder.flush() is None
    rows = [row for batch in batches for row in batch.to_pylist()]

    assert [batch.num_rows for batch in batches] == [4, 3]
    assert [row["status"] for row in rows] == [RECORDED] * 4 + [FAILED, "quarantined", "quarantined"]
    for row, outcome in zip(rows[:4], outcomes):  # the shared lists, converted once: the records back
        assert row_to_record(row) == outcome.records[0]
        assert (row["account_name"], row["query_text"], row["file"], row["line"]) == ("ACME", None, None, 7)
    assert rows[0]["query_start_time"] == logged.replace(microsecond=123000)  # a record's time: milliseconds
    failed = rows[4]
    assert (failed["query_start_time"], failed["query_text"], failed["file"]) == (logged, "select 'a long text'",
                                                                                  "f.jsonl")
    assert failed["direct_objects_accessed"] is None
    assert rows[5]["reason"].startswith("the record does not fit the table: ") and "'nope'" in rows[5]["reason"]
    assert rows[6]["reason"] == ("the record does not fit the table: "
                                 "the record has keys the table has no column for: ['account']")

    by_weight = OutcomeBatches("ACME", max_bytes=10)  # the texts and reasons of a batch are bounded too
    assert by_weight.add(outcomes[0]) is None
    assert by_weight.add(outcomes[4]).num_rows == 2


@pytest.mark.parametrize("distinct_bytes", [64 << 20, 1])
def test_outcome_batches_convert_equal_lists_once_and_build_each_distinct_value_once_for_all_batches(
        monkeypatch, distinct_bytes):
    """Resolutions made apart (a catalog change between) give equal lists as objects of their own: each list is
    converted once by its text, and its Arrow value built once for every later batch of the task, unless the
    task's distinct values pass their bound (then they are built again, and the rows are the same)."""
    import access_history_platform.spark.batch as batch_module
    from access_history_platform.resolve import RECORDED, Outcome, Statement
    from access_history_platform.spark.batch import OutcomeBatches
    from access_history_platform.sql.resolution import RecordParts

    monkeypatch.setattr(batch_module, "_CONVERSIONS", batch_module._Conversions())
    monkeypatch.setattr(batch_module, "_DISTINCT_BYTES", distinct_bytes)
    converted = Counter()
    real = batch_module.object_column
    monkeypatch.setattr(batch_module, "object_column",
                        lambda name, value: (converted.update([name]), real(name, value))[1])

    def parts(table: str) -> RecordParts:  # a new list each time
        return RecordParts(direct_objects_accessed=[{"objectDomain": "Table", "objectName": f"D.S.{table}",
                                                     "objectId": len(table), "columns": [{"columnId": 2,
                                                                                          "columnName": "A"}]}])

    logged = datetime(2024, 3, 1, 9, tzinfo=timezone.utc)
    outcomes = [Outcome(Statement(f"q{n}", "select a from t", logged, "U"), RECORDED,
                        parts=parts("T" if n % 3 else "TT")) for n in range(9)]
    builder = OutcomeBatches("ACME", rows=2)
    batches = [batch for outcome in outcomes if (batch := builder.add(outcome)) is not None]
    batches.append(builder.flush())
    rows = [row for batch in batches for row in batch.to_pylist()]
    assert [row_to_record(row) for row in rows] == [outcome.records[0] for outcome in outcomes]
    # two tables read; nothing else, alike
    assert converted == {"direct_objects_accessed": 2, "base_objects_accessed": 1, "objects_modified": 1,
                         "policies_referenced": 1}
    if distinct_bytes > 1:
        assert builder.distinct.num_rows == 3  # no objects, D.S.T, D.S.TT: built once for the five batches
    else:
        assert builder.distinct is None  # let go at every batch


def task_lines() -> tuple[list[dict], Any]:
    """A task's share of a day: two statements recorded, one the parser turns down, one without a record."""
    from access_history_platform.spark.batch import make_resolve_batch

    rows = stored_rows(jsonl(line("q1", "select id from d.s.orders", 1), line("q2", "selec id frm d.s.orders", 2),
                             line("q3", "use schema d.s", 3), line("q4", "select amount from d.s.orders", 4)))
    resolve = make_resolve_batch(catalog_state=initial_state(CATALOG)["catalog"], catalog_lines=[], parents={},
                                 account="ACME")
    return [{k: r[k] for k in RESOLVER_COLUMNS} for r in rows], resolve


def test_a_task_writes_its_records_and_quarantine_itself_and_reports_the_files(tmp_path):
    """The worker writes the task's records and quarantined statements as Parquet part files, readable as the
    tables' schemas say, and Spark gets back one row: the files, and the statements by outcome."""
    from access_history_platform.resolve import no_record_kinds
    from access_history_platform.spark.parts import quarantine_schema, write_outcomes

    rows, resolve = task_lines()
    records, quarantine = tmp_path / "records", tmp_path / "quarantine"
    records.mkdir()
    quarantine.mkdir()
    [report] = [row for batch in write_outcomes(iter([pa.RecordBatch.from_pylist(rows)]), resolve=resolve,
                                                records_uri=f"file://{records}", quarantine_uri=str(quarantine),
                                                preview=1)
                for row in batch.to_pylist()]
    assert (report["recorded"], report["no_record"], report["failed"], report["quarantined"]) == (2, 1, 0, 1)
    assert [(row["query_id"], row["objects_read"]) for row in report["first_records"]] == [("q1", "D.S.ORDERS")]
    [set_aside] = report["first_quarantined"]
    assert (set_aside["query_id"], set_aside["file_name"], set_aside["reason"][:13]) == ("q2", "log.jsonl", "cannot parse:")
    assert report["records"] == 2
    assert no_record_kinds((r["reason"], r["statements"]) for r in report["no_record_reasons"]) == {"USE": 1}
    assert [p.name for p in records.iterdir()] == [report["records_file"]]
    assert [p.name for p in quarantine.iterdir()] == [report["quarantine_file"]]
    stored = pq.read_table(records / report["records_file"])
    assert stored.schema.equals(records_schema(), check_metadata=False)
    assert sorted(stored.column("query_id").to_pylist()) == ["q1", "q4"]
    [quarantined] = pq.read_table(quarantine / report["quarantine_file"]).to_pylist()
    assert (quarantined["query_id"], quarantined["line"], quarantined["query_text"]) == ("q2", 2, "selec id frm d.s.orders")
    assert pq.read_schema(quarantine / report["quarantine_file"]).equals(quarantine_schema(), check_metadata=False)


def test_a_task_without_records_writes_no_file(tmp_path):
    from access_history_platform.spark.parts import write_outcomes

    rows, resolve = task_lines()
    [report] = [row for batch in write_outcomes(iter([pa.RecordBatch.from_pylist(rows[2:3])]), resolve=resolve,
                                                records_uri=str(tmp_path), quarantine_uri=str(tmp_path))
                for row in batch.to_pylist()]
    assert (report["records_file"], report["quarantine_file"], report["no_record"]) == (None, None, 1)
    assert list(tmp_path.iterdir()) == []


def test_a_task_whose_resolving_fails_removes_the_part_files_it_began(tmp_path, monkeypatch):
    """A task that fails after writing part of its records leaves no file: it fails, and its retry writes anew."""
    import access_history_platform.spark.parts as parts_module

    monkeypatch.setattr(parts_module, "ROW_GROUP_BYTES", 1)  # every batch is written at once
    rows, resolve = task_lines()

    def fails_after_one_batch(batches):
        for batch in resolve(batches):
            yield batch
            raise RuntimeError("the worker fails")

    written = []
    real = parts_module.PartWriter._flush
    monkeypatch.setattr(parts_module.PartWriter, "_flush",
                        lambda self: (real(self), written.append(self.uri) if self._writer else None))
    with pytest.raises(RuntimeError, match="the worker fails"):
        list(parts_module.write_outcomes(iter([pa.RecordBatch.from_pylist(rows)]), resolve=fails_after_one_batch,
                                         records_uri=str(tmp_path), quarantine_uri=str(tmp_path)))
    assert written, "nothing was written before the failure: the test shows nothing"
    assert list(tmp_path.iterdir()) == []


def test_outcome_batches_convert_the_parts_without_building_records_and_quarantine_an_error_in_converting(
        monkeypatch):
    """The Spark path converts a cached resolution's parts to the table's shape, never building a record's dict;
    an error in converting them costs that statement, as it would inside the resolver."""
    import access_history_platform.resolve as resolve_module
    import access_history_platform.spark.batch as batch_module
    from access_history_platform.resolve import RECORDED, Outcome, Statement
    from access_history_platform.spark.batch import OutcomeBatches
    from access_history_platform.sql.resolution import RecordParts

    parts = RecordParts(direct_objects_accessed=[{"objectDomain": "Table", "objectName": "D.S.T", "objectId": 1,
                                                  "columns": [{"columnId": 2, "columnName": "A"}]}])
    logged = datetime(2024, 3, 1, 9, tzinfo=timezone.utc)
    expected = Outcome(Statement("q1", "select a from t", logged, "U"), RECORDED, parts=parts).records[0]
    monkeypatch.setattr(resolve_module, "build_records", lambda statement, parts: 1 / 0)
    builder = OutcomeBatches("ACME")
    builder.add(Outcome(Statement("q1", "select a from t", logged, "U"), RECORDED, parts=parts), ("f.jsonl", 2))
    real = batch_module.object_column
    monkeypatch.setattr(batch_module, "object_column", lambda name, value: (
        1 / 0 if value and value[0].get("objectName") == "D.S.U" else real(name, value)))
    broken = Outcome(Statement("q2", "select a from u", logged, "U"), RECORDED,
                     parts=RecordParts(direct_objects_accessed=[{**parts.direct_objects_accessed[0],
                                                                 "objectName": "D.S.U"}]))
    builder.add(broken, ("f.jsonl", 3))
    recorded, quarantined = builder.flush().to_pylist()
    assert (recorded["query_id"], recorded["status"], row_to_record(recorded)) == ("q1", RECORDED, expected)
    assert (quarantined["query_id"], quarantined["status"], quarantined["line"]) == ("q2", "quarantined", 3)
    assert quarantined["reason"] == ("internal error while resolving the statement: "
                                     "ZeroDivisionError: division by zero")


def overview_rows() -> list[dict]:
    """Records whose overview has every case: a stage's location for a name, an entry with neither, no columns
    (null and empty), a write, a DDL that writes nothing, neither, two records at one time."""
    def record(n: int, second: int, **objects: Any) -> dict:
        return {"query_id": f"q{n}", "query_start_time": datetime(2024, 3, 1, 9, 0, second, tzinfo=timezone.utc),
                "user_name": "U" if n % 2 else None, "direct_objects_accessed": [], "base_objects_accessed": [],
                "objects_modified": [], "object_modified_by_ddl": None, "policies_referenced": [],
                "parent_query_id": None, "root_query_id": None, "account_name": "ACME", **objects}

    table = {"objectDomain": "Table", "objectName": "D.S.T", "objectId": 1,
             "columns": [{"columnId": 2, "columnName": "A"}, {"columnId": 3, "columnName": "B"}]}
    return [
        record(1, 5, direct_objects_accessed=[table, {"objectDomain": "Stage", "location": "s3://b/p/"}],
               objects_modified=[{**table, "objectName": "D.S.U"}, {"objectDomain": "Stage", "location": "@s/"}]),
        record(2, 3, direct_objects_accessed=[{"objectDomain": "Table", "objectName": "D.S.V", "columns": []},
                                              {"objectDomain": "Table"}],
               object_modified_by_ddl={"objectDomain": "View", "objectName": "D.S.W", "operationType": "CREATE"}),
        record(3, 3, direct_objects_accessed=[{**table, "columns": None}]),
        record(4, 1, object_modified_by_ddl={"objectDomain": "Table", "objectName": "D.S.X", "operationType": "DROP"},
               objects_modified=[table]),
        record(5, 9),
        record(6, 0, direct_objects_accessed=None),
    ]


def test_the_records_overview_reads_each_record_as_spark_sql_over_the_stored_table_does(spark):
    """What a preview shows of a record, computed in the task in Python, is what Spark's SQL makes of the stored
    row (the expression the preview was computed with before the tasks reported it)."""
    from pyspark.sql import functions as F

    from access_history_platform.spark.records import record_overview

    rows = overview_rows()
    stored = pa.Table.from_pylist(rows, schema=records_schema())

    def names(column: str):
        return F.concat_ws(", ", F.expr(f"transform({column}, o -> coalesce(o.objectName, o.location))"))

    frame = spark.createDataFrame(stored)
    by_sql = frame.select(
        "query_id", "query_start_time", "user_name", names("direct_objects_accessed").alias("objects_read"),
        F.coalesce(F.nullif(names("objects_modified"), F.lit("")),
                   F.concat_ws(" ", "object_modified_by_ddl.operationType", "object_modified_by_ddl.objectName"))
        .alias("objects_written"),
        F.expr("aggregate(direct_objects_accessed, 0L, (n, o) -> n + greatest(coalesce(size(o.columns), 0), 0))")
        .alias("columns_read")).toArrow().to_pylist()
    assert [record_overview(row) for row in stored.to_pylist()] == by_sql
    assert by_sql[0]["objects_written"] == "D.S.U, @s/" and by_sql[1]["objects_written"] == "CREATE D.S.W"


def test_a_task_reports_its_first_records_in_start_time_order_across_its_batches():
    from access_history_platform.spark.parts import first_records
    from access_history_platform.spark.records import record_overview

    rows = overview_rows()
    batches = [pa.RecordBatch.from_pylist(part, schema=records_schema())
               for part in (rows[:2], rows[2:3], [], rows[3:])]
    first = first_records(4)
    for batch in batches:
        first.add(batch)
    expected = sorted(rows, key=lambda row: (row["query_start_time"], row["query_id"]))[:4]
    assert [row["query_id"] for row in expected] == ["q6", "q4", "q2", "q3"]  # two at 09:00:03, by query_id
    assert first.overview() == [record_overview(row) for row in expected]
    assert first_records(4).overview() == [] and first_records(0).overview() == []
