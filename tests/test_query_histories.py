"""Warehouses' own query histories, read as they export them, through the one log reader.

The sample exports in ``examples/histories/`` (written by hand from each warehouse's
documented columns) are resolved by ``ahp resolve`` as they are, and the records they
give are data (``tests/data/histories/expected.json``). The same rows in another container
(Parquet, CSV, gzip) give the same records. Bad input costs its line or, for a file no
format fits, the file, with a reason naming the columns.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import re
from collections import Counter
from datetime import date, datetime, timezone
from pathlib import Path
from typing import Any

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import zstandard
from pyspark.sql import functions as F

from access_history_platform import cli, formats
from access_history_platform.formats import mariadb, mysql_general, spark_thrift
from access_history_platform.logs import BadLine, Limits, detect_format, log_entries, validate_log_record
from access_history_platform.spark.day import with_replayed
from access_history_platform.spark.logs import SPACE, line_changes_catalog, replayed_rows
from assets import ALL_ASSETS, access_history, catalog, raw_query_logs
from assets.partitions import partition_key
from resources import LandingZone
from tests.test_bad_input import DAY, zone  # noqa: F401 (fixture)

ROOT = Path(__file__).parents[1]
EXAMPLES = ROOT / "examples"
EXPECTED = json.loads((Path(__file__).parent / "data" / "histories" / "expected.json").read_text())
#: Formats whose rows are flat enough for a CSV export (Trino events nest; PostgreSQL writes its own files).
FLAT = ("snowflake", "databricks", "bigquery", "redshift", "fabric", "mysql_general_log")


def resolve(log: Path, catalog: Path, tmp_path: Path, capsys: pytest.CaptureFixture, *options: str,
            ) -> tuple[list[dict[str, Any]], dict[int, str], str]:
    """``ahp resolve`` on ``log``: its records, its bad lines by line number, and its summary line."""
    out = tmp_path / "records.jsonl"
    assert cli.main(["resolve", "--catalog", str(catalog), "--log", str(log), "--out", str(out), *options]) == 0
    err = capsys.readouterr().err
    bad = {int(m[1]): m[2] for m in re.finditer(r"^line set aside: .*?:(\d+): (.*)$", err, re.MULTILINE)}
    return [json.loads(line) for line in out.read_text().splitlines()], bad, err.strip().splitlines()[-1]


def summary(record: dict[str, Any]) -> dict[str, Any]:
    """What a test checks of a record: time, user, objects and columns read and written, ancestry."""
    def objects(entries: list[dict[str, Any]]) -> dict[str, list[str]]:
        return {entry["objectName"]: sorted(c["columnName"] for c in entry.get("columns") or []) for entry in entries}

    found = {"time": record["query_start_time"], "user": record["user_name"],
             "direct": objects(record["direct_objects_accessed"]), "modified": objects(record["objects_modified"])}
    if record["parent_query_id"]:
        found.update(parent=record["parent_query_id"], root=record["root_query_id"])
    return found


def expected_records(name: str) -> dict[str, Any]:
    case = EXPECTED[name]
    return EXPECTED[case["same_records_as"]]["records"] if "same_records_as" in case else case["records"]


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_sample_export_resolves_as_it_is_to_its_records(name, tmp_path, capsys):
    case = EXPECTED[name]
    log = EXAMPLES / "histories" / name
    records, bad, summary_line = resolve(log, EXAMPLES / case["catalog"], tmp_path, capsys)

    assert detect_format(str(log)).name == case["format"]
    assert {record["query_id"]: summary(record) for record in records} == expected_records(name)
    assert sorted(bad) == sorted(int(line) for line in case["bad_lines"])
    for line, reason in case["bad_lines"].items():
        assert bad[int(line)].startswith(reason), bad[int(line)]
    assert f"{case['failed']} failed (not recorded)" in summary_line


def _rows(log: Path) -> list[dict[str, Any]]:
    """The export's rows, each with every column (a column missing from a row is null there)."""
    if log.suffix == ".csv":
        return list(csv.DictReader(io.StringIO(log.read_text(), newline="")))
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    columns = list(dict.fromkeys(key for row in rows for key in row))
    return [{column: row.get(column) for column in columns} for row in rows]


def _variants(name: str, tmp_path: Path) -> list[Path]:
    """The sample export as the warehouse could also have written it: gzip, Parquet, CSV (flat formats), JSON
    documents (a JSON Lines sample; its rows are numbered as its lines are), Redshift's Data API response; a
    zstd-compressed sample decompressed, as it is and gzipped."""
    log, stem = EXAMPLES / "histories" / name, name.rsplit(".", 1)[0]
    made = []
    if log.suffix == ".zstd":  # (a Spark event log as Spark 4 writes it) its JSON Lines as Spark 3 does, and gzipped
        made.append(tmp_path / f"{stem}.jsonl")
        made[-1].write_bytes(zstandard.ZstdDecompressor().stream_reader(log.read_bytes()).read())
        log = made[-1]
    gz = tmp_path / f"{log.name}.gz"
    gz.write_bytes(gzip.compress(log.read_bytes()))
    made.append(gz)
    if EXPECTED[name]["format"] in FLAT and log.suffix != ".log":  # (the general log's table; not the server's file)
        made.append(tmp_path / f"{stem}.parquet")
        pq.write_table(pa.Table.from_pylist(_rows(log)), made[-1])
    if EXPECTED[name]["format"] in FLAT and log.suffix not in (".csv", ".log"):
        rows = _rows(log)
        made.append(tmp_path / f"{stem}.csv")
        with made[-1].open("w", newline="") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(rows[0]))
            writer.writeheader()
            writer.writerows({k: "" if v is None else json.dumps(v) if isinstance(v, (dict, list)) else v
                              for k, v in row.items()} for row in rows)  # (a RECORD as its JSON text)
    if EXPECTED[name]["format"] == "redshift":  # the Redshift Data API's response (the AWS CLI's, indented)
        made.append(tmp_path / f"{stem}.data_api.json")
        made[-1].write_text(json.dumps(_data_api_response(_rows(log)), indent=4))
    if log.suffix in (".json", ".jsonl"):  # as JSON documents: what bq, jq and API clients write
        rows = [json.loads(line) for line in log.read_text().splitlines()]
        made.append(tmp_path / f"{stem}.array.json")
        made[-1].write_text(json.dumps(rows, indent=2))
        made.append(tmp_path / f"{stem}.pages.json")  # an API's responses, a page of two rows a line
        made[-1].write_text("".join(json.dumps({"next_page_token": f"t{i}", "has_next_page": i + 2 < len(rows),
                                                "res": rows[i:i + 2]}) + "\n" for i in range(0, len(rows), 2)))
    return made


def _data_api_response(rows: list[dict[str, Any]]) -> dict[str, Any]:
    """``aws redshift-data get-statement-result``'s response of these rows: each a list of typed fields in the order
    of ColumnMetadata (an empty CSV value is NULL; numbers, as SYS_QUERY_HISTORY's ids are, are longValue)."""
    def field(value: str) -> dict[str, Any]:
        return {"isNull": True} if value == "" else {"longValue": int(value)} if value.isdigit() else {
            "stringValue": value}
    columns = list(rows[0])
    return {"Records": [[field(row[column]) for column in columns] for row in rows],
            "ColumnMetadata": [{"isCaseSensitive": False, "label": column, "name": column, "nullable": 1,
                                "typeName": "varchar"} for column in columns],
            "TotalNumRows": len(rows)}


@pytest.mark.parametrize("name", sorted(n for n in EXPECTED if "same_records_as" not in EXPECTED[n]))
def test_the_same_export_as_gzip_parquet_csv_or_json_documents_gives_the_same_records(name, tmp_path, capsys):
    catalog = EXAMPLES / EXPECTED[name]["catalog"]
    for variant in _variants(name, tmp_path):
        records, bad, _ = resolve(variant, catalog, tmp_path, capsys)
        assert detect_format(str(variant)).name == EXPECTED[name]["format"], variant.name
        assert {record["query_id"]: summary(record) for record in records} == expected_records(name), variant.name
        # a CSV file's line 1 is its header: its rows' lines are one more than their numbers in JSON or Parquet
        header = int(".csv" in variant.suffixes) - int(name.endswith(".csv"))
        assert sorted(bad) == sorted(int(line) + header for line in EXPECTED[name]["bad_lines"]), variant.name


def test_a_redshift_data_api_response_over_the_line_limit_is_streamed_whichever_member_comes_first():
    """The AWS CLI merges a result's pages into one response, its Records before its ColumnMetadata: a response over
    the line limit is read member by member, its records kept aside until their columns are known."""
    log = EXAMPLES / "histories" / "redshift_sys_query_history.csv"
    csv_lines = [(number, item) for number, _, item in log_entries(str(log), io.BytesIO(log.read_bytes()))]
    response = _data_api_response(_rows(log))
    for members in (("Records", "ColumnMetadata", "TotalNumRows"), ("TotalNumRows", "ColumnMetadata", "Records")):
        content = json.dumps({member: response[member] for member in members}, indent=4).encode()
        assert len(content) > 16384
        found = [(number, item) for number, _, item in log_entries("history.json", io.BytesIO(content),
                                                                   limits=Limits(line_bytes=16384))]
        assert [(number + 1, getattr(item, "query_id", None), getattr(item, "query_text", None))
                for number, item in found] == [(number, getattr(item, "query_id", None), getattr(item, "query_text",
                                                                                                  None))
                                               for number, item in csv_lines]


def _as_bq_prints(row: dict[str, Any]) -> dict[str, Any]:
    """A JOBS row as ``bq query --format=json`` prints it (its JsonFormatter and _NormalizeTimestamp, bq 2.1.18): a
    TIMESTAMP in UTC without its zone and without its fraction, an INT64 or a BOOL as the API's text, a RECORD
    nested, NULL kept; keys sorted."""
    def value(column: str, item: Any) -> Any:
        if column.endswith("_time") and isinstance(item, str):
            return datetime.strptime(item, "%Y-%m-%d %H:%M:%S.%f UTC").strftime("%Y-%m-%d %H:%M:%S")
        return str(item).lower() if isinstance(item, bool) else item
    return {column: value(column, row[column]) for column in sorted(row)}


def test_bq_query_json_output_of_the_jobs_view_is_read_as_its_export(tmp_path, capsys):
    """``bq query --format=json`` writes one JSON array (compact, or indented with ``prettyjson``), and BigQuery's
    TIMESTAMPs in UTC without a zone: both were set aside, every line of the file."""
    name = "bigquery_jobs.json"
    rows = [_as_bq_prints(json.loads(line)) for line in (EXAMPLES / "histories" / name).read_text().splitlines()]
    assert rows[0]["creation_time"] == "2026-11-16 08:59:59" and rows[0]["cache_hit"] == "false"
    expected = {query_id: {**record, "time": record["time"][:19] + ".000+00:00"}
                for query_id, record in expected_records(name).items()}
    for text in (json.dumps(rows, separators=(",", ":"), sort_keys=True, ensure_ascii=False),
                 json.dumps(rows, indent=2, separators=(", ", ": "), sort_keys=True, ensure_ascii=False)):
        log = tmp_path / "bq_jobs.json"
        log.write_text(text)
        records, bad, _ = resolve(log, EXAMPLES / EXPECTED[name]["catalog"], tmp_path, capsys)
        assert detect_format(str(log)).name == "bigquery"
        assert {record["query_id"]: summary(record) for record in records} == expected
        assert sorted(bad) == sorted(int(line) for line in EXPECTED[name]["bad_lines"])


# --------------------------------------------------------------------------- bad input


def entries(name: str, content: bytes, **options: Any) -> list[tuple[int, Any]]:
    return [(number, item) for number, _, item in log_entries(name, io.BytesIO(content), **options)]


SNOWFLAKE_HEADER = "QUERY_ID,QUERY_TEXT,USER_NAME,EXECUTION_STATUS,START_TIME,DATABASE_NAME,SCHEMA_NAME\n"


def test_a_known_format_without_a_required_column_is_set_aside_whole_naming_its_columns():
    content = b"QUERY_ID,QUERY_TEXT,USER_NAME,EXECUTION_STATUS\nq1,select 1,A,SUCCESS\n"
    [(number, item)] = entries("qh.csv", content)
    assert number == 0 and isinstance(item, BadLine)
    assert item.rule == ("the CSV file lacks the required column(s) ['start_time'] of a Snowflake QUERY_HISTORY "
                         "(snowflake): its rows are set aside (its columns: ['QUERY_ID', 'QUERY_TEXT', 'USER_NAME', "
                         "'EXECUTION_STATUS'])")


def test_a_file_no_format_fits_is_set_aside_whole_naming_its_columns_and_what_the_formats_need(tmp_path):
    parquet = tmp_path / "odd.parquet"
    pq.write_table(pa.Table.from_pylist([{"id": 1, "sql": "select 1"}]), parquet)
    for name, content in (("odd.csv", b"id,sql\n1,select 1\n"), ("odd.parquet", parquet.read_bytes())):
        [(number, item)] = entries(name, content)
        assert number == 0 and "is no query history this platform knows" in item.rule
        assert "its columns: ['id', 'sql']" in item.rule
        for log_format in formats.FORMATS:
            assert f"{log_format.title} ({log_format.name}): {log_format.missing(())}" in item.rule
        assert "Redshift SYS_QUERY_HISTORY (redshift): ['query_id', 'query_text', 'start_time', 'status', " \
               "'username or user_name']" in item.rule


REDSHIFT_HEADER = "query_id,query_text,{user},status,start_time,session_id,database_name\n"


def test_a_redshift_export_takes_its_users_name_from_either_column_and_without_one_is_set_aside_whole():
    row = "7,select id from orders,etl,success,2026-11-16 09:00:00.5,1073815001,dev\n"
    for user in ("username", "user_name", "USERNAME"):
        [(number, item)] = entries("sys_query_history.csv", (REDSHIFT_HEADER.format(user=user) + row).encode())
        assert number == 2 and not isinstance(item, BadLine), item
        assert (item.user_name, item.database_name, item.schema_name) == ("etl", "dev", "public")
        assert item.query_start_time.isoformat() == "2026-11-16T09:00:00.500000+00:00"
    [(number, item)] = entries("sys_query_history.csv", (REDSHIFT_HEADER.format(user="user_id") + row).encode())
    assert number == 0 and isinstance(item, BadLine)
    assert item.rule.startswith("the CSV file lacks the required column(s) ['username or user_name'] of a "
                                "Redshift SYS_QUERY_HISTORY (redshift)"), item.rule


def test_a_redshift_statement_is_read_as_it_ran_its_escaped_newlines_written_out():
    rows = [
        # a comment before the statement: left escaped, it would swallow the statement
        "1,-- hourly\\nSELECT email\\n\\tFROM sales.customers,etl,success,2026-11-16 09:00:00,1,dev",
        # a session's SET search_path moves its later statements' schema, not another session's
        "2,SET search_path TO sales,etl,success,2026-11-16 09:00:01,1,dev",
        "3,select id from customers,etl,success,2026-11-16 09:00:02,1,dev",
        "4,select id from customers,etl,success,2026-11-16 09:00:03,2,dev",
        # a failed SET changes nothing
        "5,SET search_path TO nowhere,etl,failed,2026-11-16 09:00:04,2,dev",
        "6,select id from customers,etl,success,2026-11-16 09:00:05,2,dev",
        # a comment before or after the SET, or a request's other statement, is no schema
        '7,"/* RQEV2-a1 */\\nSET search_path TO mart -- reports",etl,success,2026-11-16 09:00:06,3,dev',
        "8,select id from customers,etl,success,2026-11-16 09:00:07,3,dev",
        '9,"set search_path to raw; select 1",etl,success,2026-11-16 09:00:08,4,dev',
        "10,select id from customers,etl,success,2026-11-16 09:00:09,4,dev",
    ]
    found = entries("sys_query_history.csv", (REDSHIFT_HEADER.format(user="username") + "\n".join(rows)).encode())
    lines = {item.query_id: item for _, item in found}
    assert lines["1"].query_text == "-- hourly\nSELECT email\n\tFROM sales.customers"
    assert {q: lines[q].schema_name for q in ("3", "4", "6", "8", "10")} == {
        "3": "sales", "4": "public", "6": "public", "8": "mart", "10": "raw"}
    assert lines["5"].execution_status == "FAIL"


def test_a_redshift_session_schema_follows_its_transaction_blocks():
    """A SET in a block rolled back (or aborted by a failure, then committed) is undone; a SET LOCAL lasts until its
    block ends, and outside one changes nothing; ROLLBACK TO SAVEPOINT undoes what was set after the savepoint."""
    statements = [
        ("begin", "success"), ("set search_path to sales", "success"), ("select 1/0", "failed"),
        ("commit", "success"), ("select id from customers", "success"),  # 5: public (the block aborted)
        ("begin", "success"), ("set local search_path to mart", "success"), ("select id from customers", "success"),
        ("end", "success"), ("select id from customers", "success"),  # 8: mart, 10: public
        ("set local search_path to raw", "success"), ("select id from customers", "success"),  # 12: public
        ("begin", "success"), ("set search_path to sales", "success"), ("savepoint s1", "success"),
        ("set search_path to raw", "success"), ("rollback to savepoint s1", "success"),
        ("select id from customers", "success"), ("commit", "success"),
        ("select id from customers", "success"),  # 18, 20: sales
    ]
    rows = [f"{n},{text},etl,{status},2026-11-16 09:00:{n:02d},1,dev" for n, (text, status) in enumerate(statements, 1)]
    found = entries("sys_query_history.csv", (REDSHIFT_HEADER.format(user="username") + "\n".join(rows)).encode())
    lines = {item.query_id: item for _, item in found}
    assert {q: lines[q].schema_name for q in ("5", "8", "10", "12", "18", "20")} == {
        "5": "public", "8": "mart", "10": "public", "12": "public", "18": "sales", "20": "sales"}


def test_a_redshift_text_as_long_as_the_view_keeps_may_be_cut_and_a_longer_one_is_the_exports_own():
    def text(length: int) -> str:
        select = "select id from t where c in ("
        return select + ",".join(["1"] * ((length - len(select) - 1) // 2)) + ")"

    rows = [f"{n},\"{text(n)}\",etl,success,2026-11-16 09:00:00,1,dev" for n in (3899, 3999, 5001)]
    found = dict(entries("sys_query_history.csv", (REDSHIFT_HEADER.format(user="username") + "\n".join(rows)).encode()))
    assert {number: isinstance(item, BadLine) for number, item in found.items()} == {2: False, 3: True, 4: False}
    assert found[3].rule.startswith(f"query_text has {len(text(3999)):,} characters, within 100 bytes of the 4,000 "
                                    "bytes SYS_QUERY_HISTORY keeps")
    # the view keeps 4,000 bytes: a text of two-byte characters is cut at about 2,000 characters
    cut = "select id from t where c in (" + ",".join(["'é'"] * 780)
    [(_, item)] = entries("sys_query_history.csv", (REDSHIFT_HEADER.format(user="username")
                                                     + f'9,"{cut}",etl,success,2026-11-16 09:00:00,1,dev').encode())
    assert isinstance(item, BadLine) and "may be cut" in item.rule, item


def test_a_text_the_warehouse_logged_cut_costs_its_line_saying_so():
    """Snowflake keeps 100,000 characters of a statement ("Longer SQL statements are truncated"); ClickHouse cuts a
    query past log_queries_cut_to_length, ending it "... (truncated N characters)" (as a real server's log does)."""
    long = "select id from t where c in (" + ",".join(["1"] * 49_990) + ")"
    rows = [f'q1,"{long[:100_000]}",ANALYST,SUCCESS,2024-03-01T09:00:00Z,D,S',
            f'q2,"{long[:99_999]}",ANALYST,SUCCESS,2024-03-01T09:00:01Z,D,S']
    found = dict(entries("qh.csv", (SNOWFLAKE_HEADER + "\n".join(rows) + "\n").encode()))
    assert isinstance(found[2], BadLine) and found[2].rule.startswith(
        "QUERY_TEXT has 100,000 characters, the 100,000 QUERY_HISTORY keeps"), found[2]
    assert not isinstance(found[3], BadLine)  # (shorter: not cut; it does not parse, which the resolver says)
    base = {"query_id": "c1", "type": "QueryFinish", "user": "default", "current_database": "shop",
            "query_start_time_microseconds": "2026-11-16T09:00:00.250000Z"}
    lines = [{**base, "query": long[:99_981] + "... (truncated 29050 characters)"},
             {**base, "query_id": "c2", "query": "SELECT 'it says (truncated 3 characters)'"}]
    found = dict(entries("query_log.json", "".join(json.dumps(line) + "\n" for line in lines).encode()))
    assert isinstance(found[1], BadLine) and found[1].rule.startswith(
        "the server logged the query cut, 29050 characters left out (its log_queries_cut_to_length"), found[1]
    assert not isinstance(found[2], BadLine)


def test_a_status_outside_the_vocabulary_or_a_time_without_a_zone_costs_its_line_only():
    rows = [
        'q1,"select id\nfrom d.s.orders",ANALYST,SUCCESS,2024-03-01 09:00:00.000 +0000,D,S',
        "q2,select 1,ANALYST,DONE,2024-03-01 09:00:01.000 +0000,D,S",
        "q3,select 2,ANALYST,SUCCESS,2024-03-01 09:00:02.000,D,S",
        "q4,select 3,ANALYST,RUNNING,2024-03-01T09:00:03Z,D,S",
        "q5,select 4,ANALYST,failed_with_incident,2024-03-01T09:00:04+01:00,D,S",
    ]
    found = entries("qh.csv", (SNOWFLAKE_HEADER + "\n".join(rows) + "\n").encode())
    good = {number: (item.query_id, item.execution_status, item.query_start_time.isoformat())
            for number, item in found if not isinstance(item, BadLine)}
    bad = {number: item.rule for number, item in found if isinstance(item, BadLine)}
    assert good == {2: ("q1", "SUCCESS", "2024-03-01T09:00:00+00:00"),
                    7: ("q5", "INCIDENT", "2024-03-01T08:00:04+00:00")}
    assert bad == {
        4: "EXECUTION_STATUS 'DONE' is not one of ['FAIL', 'FAILED_WITH_ERROR', 'FAILED_WITH_INCIDENT', 'INCIDENT', "
           "'SUCCESS']",
        5: "START_TIME '2024-03-01 09:00:02.000' has no time zone: export timestamps with their offset or in UTC",
        6: "EXECUTION_STATUS 'RUNNING': the statement had not finished when the history was exported (export "
           "finished statements only)",
    }


def test_a_clickhouse_query_of_a_shard_is_a_child_of_its_initial_query_and_a_local_time_is_set_aside_saying_how():
    """A distributed query's part that a shard ran (``is_initial_query`` 0) names the query that started it as its
    parent; a Parquet export's enum is a number or bytes; a time the server wrote in its own zone (the export without
    ``date_time_output_format = 'iso'``) and a QueryStart row are set aside, each saying how to export."""
    base = {"query": "SELECT 1", "user": "default", "current_database": "shop", "is_initial_query": 1,
            "query_start_time_microseconds": "2026-11-16T09:00:00.250000Z"}
    rows = [{**base, "query_id": "q1", "initial_query_id": "q1", "type": "QueryFinish"},
            {**base, "query_id": "s1", "initial_query_id": "q1", "is_initial_query": 0, "type": 2,
             "query": "SELECT id FROM shop.orders_local", "user": "cluster"},
            {**base, "query_id": "q2", "type": "ExceptionWhileProcessing"},
            {**base, "query_id": "q3", "type": "QueryFinish", "query_start_time_microseconds": "2026-11-16 09:00:00.25"},
            {**base, "query_id": "q4", "type": "QueryStart"},
            {**base, "query_id": "q5", "type": "QueryFinish", "query_kind": "AsyncInsertFlush"}]
    found = entries("query_log.jsonl", "\n".join(json.dumps(row) for row in rows).encode())
    good = {item.query_id: (item.execution_status, item.parent_query_id, item.schema_name or item.database_name)
            for _, item in found if not isinstance(item, BadLine)}
    bad = {number: item.rule for number, item in found if isinstance(item, BadLine)}
    assert good == {"q1": ("SUCCESS", None, "shop"), "s1": ("SUCCESS", "q1", "shop"), "q2": ("FAIL", None, "shop")}
    assert bad[4].endswith("(ClickHouse writes the server's local time without its zone: export with SETTINGS "
                           "date_time_output_format = 'iso')")
    assert bad[5].startswith("type 'QueryStart': a query's start") and "WHERE type != 'QueryStart'" in bad[5]
    assert bad[6].startswith("query_kind 'AsyncInsertFlush': the server's flush of asynchronous inserts")


def test_a_list_or_an_object_where_an_export_has_text_costs_its_line_only():
    """A BigQuery JOBS export (JSON) whose job_id is a list or whose query is a list: the line is set aside naming the
    column (the query ['select 1'] was read as the SQL "['select 1']"); a numeric id is text as it is written."""
    base = {"creation_time": "2026-11-16 08:59:59.800000 UTC", "project_id": "p", "user_email": "a@b.c",
            "job_type": "QUERY", "statement_type": "SELECT", "start_time": "2026-11-16 09:00:00.000000 UTC",
            "state": "DONE", "query": "select 1", "error_result": None}
    rows = [{**base, "job_id": ["j", 1]}, {**base, "job_id": "j2", "query": ["select 1"]}, {**base, "job_id": 3}]
    found = entries("jobs.json", "\n".join(json.dumps(row) for row in rows).encode())
    bad = {number: item.rule for number, item in found if isinstance(item, BadLine)}
    assert bad == {1: "column 'job_id' holds list, not text", 2: "column 'query' holds list, not text"}
    assert [item.query_id for _, item in found if not isinstance(item, BadLine)] == ["3"]


def test_a_bigquery_jobs_session_is_its_session_info_as_a_record_or_its_text():
    """``session_info`` is a RECORD (JSON, Parquet) or its JSON text (a CSV export); no session, or an empty one, is
    none; a text that is no record costs its line, naming the column."""
    base = {"creation_time": "2026-11-16 08:59:59.800000 UTC", "project_id": "p", "user_email": "a@b.c",
            "job_type": "QUERY", "statement_type": "SELECT", "state": "DONE", "query": "select 1"}
    infos = [{"session_id": "CgwK"}, '{"session_id": "CgwL"}', None, {"session_id": None}, "", "session CgwM"]
    rows = [{**base, "job_id": f"j{n}", "session_info": info} for n, info in enumerate(infos)]
    found = entries("jobs.json", "\n".join(json.dumps(row) for row in rows).encode())
    assert [(item.query_id, item.session_id) for _, item in found if not isinstance(item, BadLine)] == [
        ("j0", "CgwK"), ("j1", "CgwL"), ("j2", None), ("j3", None), ("j4", None)]
    [(number, bad)] = [(number, item) for number, item in found if isinstance(item, BadLine)]
    assert number == 6 and bad.rule == "session_info 'session CgwM': not a record with session_id"


def test_a_bigquery_select_job_with_a_destination_table_writes_it_by_name(tmp_path, capsys):
    """A SELECT job whose ``destination_table`` is a table of the account (a scheduled query, ``bq query
    --destination_table``) wrote its result into it, each column into its namesake; BigQuery's anonymous result table
    (a dataset named ``_...``) is none, nor is a DML job's destination (its statement's own target). The write was
    lost: the view's ``destination_table`` was kept as an extra field and nothing read it (found by a review of
    mozilla/bigquery-etl, whose 799 queries all run so)."""
    base = {"project_id": "p", "user_email": "a@b.c", "job_type": "QUERY", "state": "DONE",
            "creation_time": "2026-11-16 09:00:00 UTC"}
    rows = [
        {**base, "job_id": "j1", "statement_type": "SELECT", "query": "SELECT x AS y, id FROM `p.d.t`",
         "destination_table": {"project_id": "p", "dataset_id": "d", "table_id": "u"}},
        {**base, "job_id": "j2", "statement_type": "SELECT", "query": "SELECT id FROM `p.d.t`",
         "destination_table": {"project_id": "p", "dataset_id": "_8b03aa", "table_id": "anon1"}},
        {**base, "job_id": "j3", "statement_type": "INSERT", "query": "INSERT INTO `p.d.u` (id) SELECT id FROM `p.d.t`",
         "destination_table": {"project_id": "p", "dataset_id": "d", "table_id": "u"}},
        {**base, "job_id": "j4", "statement_type": "SELECT", "query": "#standardSQL\nSELECT id FROM `p.d.t` -- last",
         "destination_table": '{"project_id": "p", "dataset_id": "d", "table_id": "u$20261116"}'},
        {**base, "job_id": "j5", "statement_type": "SELECT", "query": "SELECT 1", "destination_table": "p.d.u"},
    ]
    log, catalog = tmp_path / "jobs.json", tmp_path / "catalog.json"
    log.write_text("\n".join(json.dumps(row) for row in rows))
    catalog.write_text(json.dumps({"objects": [
        {"domain": "Table", "name": "p.d.t", "columns": [{"name": "id"}, {"name": "x"}]},
        {"domain": "Table", "name": "p.d.u", "columns": [{"name": "id"}, {"name": "y"}]}]}))
    lines = [item for _, item in entries("jobs.json", log.read_bytes())]
    assert [(line.query_text, (line.model_extra or {}).get("submitted_query")) for line in lines[:4]] == [
        ("INSERT INTO `p.d.u` BY NAME\nSELECT x AS y, id FROM `p.d.t`", "SELECT x AS y, id FROM `p.d.t`"),
        ("SELECT id FROM `p.d.t`", None), ("INSERT INTO `p.d.u` (id) SELECT id FROM `p.d.t`", None),
        ("INSERT INTO `p.d.u$20261116` BY NAME\n#standardSQL\nSELECT id FROM `p.d.t` -- last",
         "#standardSQL\nSELECT id FROM `p.d.t` -- last")]
    assert isinstance(lines[4], BadLine) and lines[4].rule.startswith("destination_table 'p.d.u': not a record")
    records, bad, _ = resolve(log, catalog, tmp_path, capsys)
    written = {record["query_id"]: {column["columnName"]: [source["columnName"] for source in column["baseSources"]]
                                    for entry in record["objects_modified"] for column in entry["columns"]}
               for record in records}
    assert written == {"j1": {"y": ["x"], "id": ["id"]}, "j2": {}, "j3": {"id": ["id"]}, "j4": {"id": ["id"]}}
    assert {record["query_id"]: [entry["objectName"] for entry in record["objects_modified"]] for record in records} \
        == {"j1": ["p.d.u"], "j2": [], "j3": ["p.d.u"], "j4": ["p.d.u"]} and list(bad) == [5]


def test_a_fabric_requests_session_is_its_connection_not_its_spid_which_the_next_connection_reuses():
    """Two connections on SPID 53, one after the other: each its own session (its temporary tables its own); the SPID
    is kept as ``spid``; a row without ``connection_id`` is in its SPID's session."""
    header = "distributed_statement_id,command,start_time,login_name,status,session_id,connection_id\n"
    rows = ["r1,select 1,2026-11-16 09:00:00,a,Succeeded,53,0D7A5F6E-0000-4000-8000-000000000001",
            "r2,select 1,2026-11-16 09:05:00,b,Succeeded,53,0D7A5F6E-0000-4000-8000-000000000002",
            "r3,select 1,2026-11-16 09:06:00,c,Succeeded,54,"]
    found = [item for _, item in entries("requests.csv", (header + "\n".join(rows) + "\n").encode())]
    assert [(line.session_id, (line.model_extra or {}).get("spid")) for line in found] == [
        ("0D7A5F6E-0000-4000-8000-000000000001", "53"), ("0D7A5F6E-0000-4000-8000-000000000002", "53"), ("54", None)]


def test_a_trino_split_completed_event_costs_its_line_saying_what_it_is():
    """The HTTP listener with log-split (and a Kafka topic of splits) sends a split's completion too: it has no
    metadata, and was set aside as "'metadata' must be an object"."""
    completed = json.loads((EXAMPLES / "histories" / "trino_events.json").read_text().splitlines()[0])
    split = {"queryId": completed["metadata"]["queryId"], "stageId": "1", "taskId": "1.0.0", "catalogName": "hive",
             "createTime": completed["createTime"], "statistics": {"cpuTime": "PT0.1S"}, "payload": "{}"}
    for name, rows in (("events.json", [completed, split]),
                       ("kafka.json", [{"eventPayload": event, "eventMetadata": {"envName": "prod"}}
                                       for event in (completed, split)])):
        found = entries(name, _json_lines(*rows))
        assert not isinstance(found[0][1], BadLine), found[0]
        assert found[1][1].rule.startswith("a split-completed event (stageId, taskId): a part of a query's work")


def test_a_csv_export_keeps_the_readers_limits_and_its_records_may_span_lines():
    long_text = "select " + "x" * 400 + " from d.s.orders"
    rows = ['q1,"select id\nfrom d.s.orders",A,SUCCESS,2024-03-01T09:00:00Z,D,S',
            f"q2,{long_text},A,SUCCESS,2024-03-01T09:00:01Z,D,S",
            "q3,select 1,A,SUCCESS,2024-03-01T09:00:02Z,D,S"]
    found = entries("qh.csv", (SNOWFLAKE_HEADER + "\n".join(rows) + "\n").encode(), limits=Limits(line_bytes=300))
    assert [(n, item.query_id) for n, item in found if not isinstance(item, BadLine)] == [(2, "q1"), (5, "q3")]
    [(number, bad)] = [(n, item) for n, item in found if isinstance(item, BadLine)]
    assert number == 4 and bad.rule.startswith(
        f"line 4 is {len(rows[1])} bytes, more than the limit of 300 (AHP_MAX_LINE_BYTES)")


@pytest.mark.parametrize("end", ['select a, b from d.s.orders where c = ""x', "s", 'select ""a""'])
def test_a_csv_export_cut_inside_its_last_quoted_field_sets_that_row_aside(end):
    """A CSV file that breaks off inside a quoted last field (an unload or a copy cut short) was read whole: its
    last row ended where the file did, and the statement's cut text was resolved as if complete. The same file
    closed, a doubled quote inside the field, is read as before."""
    header = "QUERY_ID,USER_NAME,EXECUTION_STATUS,START_TIME,DATABASE_NAME,SCHEMA_NAME,QUERY_TEXT\n"
    rows = ['q1,A,SUCCESS,2024-03-01T09:00:00Z,D,S,"select id\nfrom d.s.orders"',
            f'q2,A,SUCCESS,2024-03-01T09:00:01Z,D,S,"{end}']
    found = entries("qh.csv", (header + "\n".join(rows)).encode())
    assert [(n, item.query_id) for n, item in found if not isinstance(item, BadLine)] == [(2, "q1")]
    assert {n: item.rule for n, item in found if isinstance(item, BadLine)} == {
        4: "the file ends inside a quoted field of the row of line 4: the row is cut off"}
    closed = entries("qh.csv", (header + "\n".join(rows) + '"\n').encode())
    assert [(n, item.query_id) for n, item in closed] == [(2, "q1"), (4, "q2")]
    # a quote in a field not quoted is a character of it (RFC 4180 quotes such a field; the reader takes it)
    quoted_in_plain = 'q3,A,SUCCESS,2024-03-01T09:00:02Z,D,S,select \'"\''
    literal = entries("qh.csv", (header + "\n".join(rows) + '"\n' + quoted_in_plain).encode())
    assert [(n, item.query_id) for n, item in literal] == [(2, "q1"), (4, "q2"), (5, "q3")]


def test_a_snowflake_multi_statement_request_is_resolved_from_its_statements_rows_only():
    """Snowflake logs a driver's multi-statement request (QUERY_TYPE MULTI_STATEMENT) and each of its statements as
    rows of their own: the request was split into its statements as well, every statement recorded twice (a helper's
    walk-through of the README with an export shaped as Snowflake documents it)."""
    header = "QUERY_ID,QUERY_TEXT,QUERY_TYPE,USER_NAME,EXECUTION_STATUS,START_TIME,DATABASE_NAME,SCHEMA_NAME\n"
    rows = ['r1,"insert into t select a from s; select a from t",MULTI_STATEMENT,A,SUCCESS,2024-03-01T09:00:00Z,D,S',
            "r2,insert into t select a from s,INSERT,A,SUCCESS,2024-03-01T09:00:01Z,D,S",
            "r3,select a from t,SELECT,A,SUCCESS,2024-03-01T09:00:02Z,D,S"]
    found = entries("qh.csv", (header + "\n".join(rows) + "\n").encode())
    assert [(n, item.query_id) for n, item in found if not isinstance(item, BadLine)] == [(3, "r2"), (4, "r3")]
    [(number, bad)] = [(n, item) for n, item in found if isinstance(item, BadLine)]
    assert number == 2 and bad.rule.startswith("a multi-statement request (QUERY_TYPE MULTI_STATEMENT): Snowflake logs "
                                               "each of its statements as a row of its own")


def test_a_file_mixing_formats_sets_aside_the_lines_of_the_other_formats_and_keeps_its_own():
    snowflake = {"QUERY_ID": "s1", "QUERY_TEXT": "select 1", "USER_NAME": "A", "EXECUTION_STATUS": "SUCCESS",
                 "START_TIME": "2024-03-01T09:00:00Z"}
    databricks = {"statement_id": "d1", "statement_text": "select 1", "executed_by": "a@x", "execution_status":
                  "FINISHED", "start_time": "2024-03-01T09:00:00Z"}
    native = {"query_id": "n1", "query_text": "select 1", "user_name": "A", "query_start_time": "2024-03-01T09:00:00Z"}
    content = "".join(json.dumps(row) + "\n" for row in (snowflake, databricks, native, {**snowflake, "QUERY_ID": "s2"}))
    found = entries("mixed.json", content.encode())
    assert [(n, item.query_id) for n, item in found if not isinstance(item, BadLine)] == [(1, "s1"), (4, "s2")]
    assert {n: item.rule for n, item in found if isinstance(item, BadLine)} == {
        2: "a Databricks system.query.history record in a file of Snowflake QUERY_HISTORY records (its first "
           "record): a file mixing formats; land each format in files of its own",
        3: "a access-history log (CONTRACT section 1) record in a file of Snowflake QUERY_HISTORY records (its first "
           "record): a file mixing formats; land each format in files of its own",
    }


def test_a_declared_format_overrides_the_guess_and_a_foreign_dialect_is_set_aside_whole(tmp_path, capsys):
    log = EXAMPLES / "histories" / "snowflake_query_history.csv"
    [(number, item)] = entries(log.name, log.read_bytes(), log_format="databricks")
    assert number == 0 and item.rule.startswith("the file holds Snowflake QUERY_HISTORY records (snowflake), but its "
                                                "format is declared databricks (--format, or the account's "
                                                "log_format.json): declare snowflake, or leave the format undeclared")
    # JSON Lines of another format than the declared one: the file is named so once (each line was called a line of
    # a file mixing formats)
    lake = EXAMPLES / "histories" / "databricks_query_history.json"
    [(number, item)] = entries(lake.name, lake.read_bytes(), log_format="snowflake")
    assert number == 0 and item.rule.startswith("the file holds Databricks system.query.history records (databricks), "
                                                "but its format is declared snowflake")
    # the platform's own lines declared another format: set aside once too (each line was called a line of a file
    # mixing formats, "its first record" that record itself: a reviewer's ahp resolve --format databricks)
    own = b"".join(json.dumps({"query_id": f"q{n}", "query_text": "select 1", "user_name": "U",
                               "query_start_time": "2026-11-16T09:00:00+00:00"}).encode() + b"\n" for n in range(3))
    [(number, item)] = entries("own.jsonl", own, log_format="databricks")
    assert number == 0 and item.rule.startswith("the file holds access-history log (CONTRACT section 1) records (ahp), "
                                                "but its format is declared databricks")
    # a file lacking the declared format's columns and fitting no other is still told what it lacks
    [(number, item)] = entries("qh.csv", b"QUERY_ID,QUERY_TEXT\nq1,select 1\n", log_format="databricks")
    assert item.rule.startswith("the CSV file lacks the required column(s)")
    records, bad, _ = resolve(log, EXAMPLES / "catalog.json", tmp_path, capsys, "--format", "databricks")
    assert records == [] and list(bad) == [0]

    lake = EXAMPLES / "histories" / "databricks_query_history.json"
    [(number, item)] = entries(lake.name, lake.read_bytes(), dialect="snowflake")
    assert number == 0 and item.rule.startswith("the file is a Databricks system.query.history (databricks SQL), "
                                                "but this account's statements are resolved as snowflake")


def test_postgres_statements_take_their_session_schema_and_fail_on_their_sessions_error():
    lines = [{"timestamp": f"2024-03-01 09:00:0{i} UTC", "pid": pid, "session_id": session, "line_num": i,
              "user": "u", "dbname": "db", "error_severity": severity, "message": message}
             for i, (pid, session, severity, message) in enumerate([
                 (1, "a.1", "LOG", "statement: SET search_path = \"Mixed\", public"),
                 (2, "b.2", "LOG", "statement: select 1"),
                 (1, "a.1", "LOG", "statement: select x from t"),
                 (2, "b.2", "ERROR", "division by zero"),
                 (1, "a.1", "LOG", "statement: set search_path to default"),
                 (1, "a.1", "LOG", "execute S_1: select y from t"),
                 (1, "a.1", "LOG", "duration: 0.1 ms"),
             ], start=1)]
    found = entries("server.json", "".join(json.dumps(line) + "\n" for line in lines).encode())
    # a statement comes out once its session's next entry says how it ended: in line order per session
    assert sorted((n, item.query_id, item.schema_name, item.execution_status, item.query_text)
                  for n, item in found) == [
        (1, "a.1:1", "public", "SUCCESS", 'SET search_path = "Mixed", public'),
        (2, "b.2:2", "public", "FAIL", "select 1"),
        (3, "a.1:3", "Mixed", "SUCCESS", "select x from t"),
        (5, "a.1:5", "Mixed", "SUCCESS", "set search_path to default"),
        (6, "a.1:6", "public", "SUCCESS", "select y from t"),
    ]


def test_a_postgres_statement_logged_with_its_duration_is_read_and_audit_lines_alone_say_why_nothing_is():
    """log_min_duration_statement logs a statement log_statement did not (log_statement = 'ddl' or 'mod' beside it) as
    'duration: d ms  statement: ...' when it ends: it is read, started d ms before. pgaudit's AUDIT: lines are not
    read: a log holding only those sets one line aside saying to set log_statement = 'all'."""
    def log(messages: list[str]) -> bytes:
        return "".join(json.dumps({"timestamp": f"2024-03-01 09:00:0{i}.500 UTC", "pid": 1, "session_id": "a.1",
                                   "line_num": i, "user": "u", "dbname": "db", "error_severity": "LOG",
                                   "message": message}) + "\n" for i, message in enumerate(messages, 1)).encode()
    found = entries("server.json", log(["statement: create table t (x int)", "duration: 0.1 ms",
                                        "duration: 250.000 ms  statement: select x from t",
                                        "duration: 1.5 ms  execute <unnamed>: insert into t values (1)"]))
    assert [(n, item.query_text, item.query_start_time.isoformat()) for n, item in found] == [
        (1, "create table t (x int)", "2024-03-01T09:00:01.500000+00:00"),
        (3, "select x from t", "2024-03-01T09:00:03.250000+00:00"),
        (4, "insert into t values (1)", "2024-03-01T09:00:04.498500+00:00")]
    audit = ["connection authorized: user=u", "AUDIT: SESSION,1,1,READ,SELECT,,,select x from t,<not logged>",
             "AUDIT: SESSION,2,1,READ,SELECT,,,select y from t,<not logged>"]
    [(number, item)] = entries("server.json", log(audit))
    assert number == 2 and isinstance(item, BadLine), item
    assert item.rule.startswith("the log holds no statement logged by log_statement ('statement: ...' lines) or "
                                "log_min_duration_statement ('duration: ... statement: ...'), but 2 logged by "
                                "pgaudit (AUDIT: lines)"), item.rule
    found = entries("server.json", log(["statement: select x from t", *audit]))
    assert [(n, isinstance(item, BadLine)) for n, item in found] == [(1, False)]


@pytest.mark.parametrize("container", ["jsonlog", "csvlog"])
def test_a_postgres_time_in_a_zone_abbreviation_costs_its_line_and_names_the_setting(container):
    """jsonlog and csvlog alike (a csvlog's first time in a zone abbreviation made it no CSV this platform knows:
    a user-journey review, a real server with log_timezone = 'America/Los_Angeles')."""
    if container == "jsonlog":
        line = {"timestamp": "2026-12-01 06:37:34.721 CET", "pid": 1, "session_id": "a.1", "line_num": 1, "user": "u",
                "dbname": "db", "error_severity": "LOG", "message": "statement: select 1"}
        name, data = "server.json", (json.dumps(line) + "\n").encode()
    else:
        out = io.StringIO()
        csv.writer(out).writerow(["2026-12-01 06:37:34.721 CET", "u", "db", "1", "[local]", "a.1", "1", "idle",
                                  "2026-12-01 06:37:30 CET", "3/1", "0", "LOG", "00000", "statement: select 1", "",
                                  "", "", "", "", "", "", "", "psql", "client backend", "", "0"])
        name, data = "server.csv", out.getvalue().encode()
    [(number, item)] = entries(name, data)
    assert number == 1 and isinstance(item, BadLine) and item.rule.endswith(
        "set the server's log_timezone = 'UTC' (a zone's abbreviation, such as CET, names no one offset)"), item


# --------------------------------------------------------------------------- the landing zone


def test_the_landing_zone_lists_every_export_kind_and_reads_the_accounts_declared_format(tmp_path):
    day = tmp_path / "LAKE" / "2024-03-01"
    day.mkdir(parents=True)
    for name in ("a.csv", "b.csv.gz", "c.json", "d.json.gz", "e.jsonl", "f.parquet", "g.log", "h.log.gz", "i.jsonl.zst",
                 "j_app-1.zstd", "notes.txt", "k_app-1.zstd.inprogress"):
        (day / name).write_text("")
    zone = LandingZone(root=str(tmp_path))
    assert zone.log_format("LAKE") is None and zone.dialect_for("LAKE") == "snowflake"
    (tmp_path / "LAKE" / "log_format.json").write_text('{"format": "databricks"}')
    assert [f.name for f in zone.day_files("LAKE", date(2024, 3, 1))] == [
        "a.csv", "b.csv.gz", "c.json", "d.json.gz", "e.jsonl", "f.parquet", "g.log", "h.log.gz", "i.jsonl.zst",
        "j_app-1.zstd"]
    assert zone.log_format("LAKE").name == "databricks" and zone.dialect_for("LAKE") == "databricks"
    assert zone.listing().ignored == []
    (tmp_path / "LAKE" / "log_format.json").write_text('{"format": "oracle"}')
    with pytest.raises(dg.Failure, match=r"log_format.json: must be \{\"format\": NAME\}: unknown log format "
                                         r"'oracle'; known formats: \['ahp', 'snowflake'"):
        zone.log_format("LAKE")


# --------------------------------------------------------------------------- the pipeline


def _snowflake_csv(*rows: str) -> bytes:
    return (SNOWFLAKE_HEADER + "".join(row + "\n" for row in rows)).encode()


def _json_lines(*rows: dict[str, Any]) -> bytes:
    return "".join(json.dumps(row) + "\n" for row in rows).encode()


def _databricks(statement_id: str, status: str = "FINISHED") -> dict[str, Any]:
    return {"statement_id": statement_id, "statement_text": "select id from d.s.orders", "executed_by": "a@x.example",
            "execution_status": status, "start_time": "2024-03-01T10:00:00.000Z", "workspace_id": "1234"}


@pytest.mark.spark
def test_one_partition_with_a_mix_of_formats_becomes_records_and_sets_aside_what_it_cannot_use(zone):
    snowflake_json = {"QUERY_ID": "s5", "QUERY_TEXT": "select amount from orders", "USER_NAME": "ANALYST",
                      "EXECUTION_STATUS": "SUCCESS", "START_TIME": "2024-03-01T09:05:00.000-08:00",
                      "DATABASE_NAME": "D", "SCHEMA_NAME": "S", "WAREHOUSE_NAME": "WH_XS"}
    parquet_rows = pa.table({"QUERY_ID": ["p1"], "QUERY_TEXT": ["select id, amount from d.s.orders"],
                             "USER_NAME": ["ETL"], "EXECUTION_STATUS": ["success"],
                             "START_TIME": pa.array([datetime(2024, 3, 1, 11, tzinfo=timezone.utc)],
                                                    pa.timestamp("us", tz="UTC"))})
    buffer = io.BytesIO()
    pq.write_table(parquet_rows, buffer)
    zone.land("HISTORIES", {
        "a_account_usage.csv": _snowflake_csv(
            "s1,select id from d.s.orders,ANALYST,SUCCESS,2024-03-01 01:00:00.000 -0800,D,S",
            "s2,select nope from d.s.orders,ANALYST,FAIL,2024-03-01 09:01:00.000 +0000,D,S",
            "s3,select id from d.s.orders,ANALYST,DONE,2024-03-01 09:02:00.000 +0000,D,S",
            "s4,select id from d.s.orders,ANALYST,SUCCESS,2024-03-01 09:03:00.000,D,S"),
        "b_information_schema.json.gz": gzip.compress(_json_lines(snowflake_json, _databricks("d0"))),
        "c_own.jsonl": _json_lines({"query_id": "n1", "query_text": "select amount from d.s.orders",
                                    "user_name": "ANALYST", "query_start_time": "2024-03-01T12:00:00+00:00"}),
        "d_export.parquet": buffer.getvalue(),
        "e_lakehouse.json": _json_lines(_databricks("d1")),
        "f_unknown.csv": b"id,sql\n1,select 1\n",
        "g_bq_style.json": json.dumps([{**snowflake_json, "QUERY_ID": "s6"}], indent=2).encode(),
        "h_cut.json": json.dumps([{**snowflake_json, "QUERY_ID": "s7"}, {**snowflake_json, "QUERY_ID": "s8"}])[:-40]
        .encode(),
    })
    run = zone.materialize("HISTORIES")

    assert zone.stored_ids("HISTORIES") == Counter({"s1": 1, "s2": 1, "s5": 1, "n1": 1, "p1": 1, "s6": 1, "s7": 1})
    assert zone.record_ids("HISTORIES") == Counter({"s1": 1, "s5": 1, "n1": 1, "p1": 1, "s6": 1, "s7": 1})
    stored = {row["query_id"]: row for row in zone.table("raw_query_logs", "HISTORIES")}
    assert stored["s1"]["query_start_time"].isoformat() == "2024-03-01T09:00:00+00:00"
    assert (stored["s2"]["execution_status"], stored["p1"]["execution_status"]) == ("FAIL", "SUCCESS")
    assert json.loads(stored["s5"]["extra"]) == {"warehouse_name": "WH_XS"}
    reasons = {(row["file"].rsplit("/", 1)[-1], row["line"]): row["reason"]
               for row in zone.quarantined("raw_query_logs_quarantine", "HISTORIES")}
    assert sorted(reasons) == [("a_account_usage.csv", 4), ("a_account_usage.csv", 5),
                               ("b_information_schema.json.gz", 2), ("e_lakehouse.json", 0), ("f_unknown.csv", 0),
                               ("h_cut.json", 2)]
    assert reasons[("a_account_usage.csv", 4)].startswith("EXECUTION_STATUS 'DONE' is not one of")
    assert "has no time zone" in reasons[("a_account_usage.csv", 5)]
    assert "a file mixing formats" in reasons[("b_information_schema.json.gz", 2)]
    assert "resolved as snowflake" in reasons[("e_lakehouse.json", 0)]
    assert "its columns: ['id', 'sql']" in reasons[("f_unknown.csv", 0)]
    assert reasons[("h_cut.json", 2)].startswith("the JSON document is cut short after row 1;")
    assert run.metadata(raw_query_logs)["lines_quarantined"] == 6


@pytest.mark.spark
def test_an_account_that_declares_its_format_is_read_and_resolved_in_that_formats_dialect(zone):
    folder = zone.land("LAKE", {"history.json": _json_lines(_databricks("d1"), _databricks("d2", "CANCELED")),
                                "snowflake.csv": _snowflake_csv("s1,select 1,A,SUCCESS,2024-03-01T09:00:00Z,D,S")})
    (folder.parent / "log_format.json").write_text('{"format": "databricks"}')
    zone.materialize("LAKE")

    assert zone.stored_ids("LAKE") == Counter({"d1": 1, "d2": 1})
    assert zone.record_ids("LAKE") == Counter({"d1": 1})
    [whole] = zone.quarantined("raw_query_logs_quarantine", "LAKE")
    assert whole["line"] == 0 and whole["reason"].startswith(
        "the file holds Snowflake QUERY_HISTORY records (snowflake), but its format is declared databricks")


@pytest.mark.spark
def test_a_mariadb_audit_log_landed_as_the_server_wrote_it_becomes_records_with_the_calls_children(zone):
    """The sample audit log (a real MariaDB server's) landed as it is and gzipped, under an account declaring
    the format: its statements stored once each, the procedure's INSERT a child of its CALL, the cut statement set
    aside saying why, the connections' events nothing."""
    sample = (EXAMPLES / "histories" / "mariadb_server_audit.log").read_bytes()
    lines = sample.decode().splitlines()
    day = [line.replace("20261201 11:42:32", "20240301 09:00:00") for line in lines]
    folder = zone.land("MARIA", {"server_audit.log": ("\n".join(day[:8]) + "\n").encode(),
                                 "server_audit.2.log.gz": gzip.compress(("\n".join(day[8:]) + "\n").encode())})
    (folder.parent / "log_format.json").write_text('{"format": "mariadb_audit"}')
    zone.materialize("MARIA")

    ids = Counter(qid.replace("20261201114232", "20240301090000")
                  for qid in EXPECTED["mariadb_server_audit.log"]["records"])
    assert zone.record_ids("MARIA") == ids
    stored = {row["query_id"]: row for row in zone.table("raw_query_logs", "MARIA")}
    assert len(stored) == 8 and [row["execution_status"] for row in stored.values()].count("FAIL") == 1
    assert stored["vm:7:22:20240301090000"]["parent_query_id"] == "vm:7:21:20240301090000"
    [cut] = zone.quarantined("raw_query_logs_quarantine", "MARIA")
    assert (cut["file"].rsplit("/", 1)[-1], cut["line"]) == ("server_audit.2.log.gz", 3)
    assert cut["reason"].startswith("the statement's text is cut")


@pytest.mark.spark
def test_a_general_log_landed_as_the_server_wrote_it_and_its_table_exported_become_the_days_records(zone):
    """The sample general log (a real MariaDB's file, its time moved to the partition's day) and its table exported
    as the README says, landed under an account declaring the format: each statement stored and recorded once, from
    the file and from the table, the connections' and the export's own events nothing."""
    day = "2024-03-01"
    text = (EXAMPLES / "histories" / "mysql_general.log").read_text().replace("261201 14:12:25", "240301 09:00:00")
    table = (EXAMPLES / "histories" / "mysql_general_log.json").read_text().replace("2026-12-01 14:12:25",
                                                                                    f"{day} 09:00:00")
    folder = zone.land("MYSQL", {"general.log.gz": gzip.compress(text.encode()), "general_log.json": table.encode()})
    (folder.parent / "log_format.json").write_text('{"format": "mysql_general_log"}')
    zone.materialize("MYSQL")

    file_ids = Counter(qid.replace("20261201141225", "20240301090000")
                       for qid in EXPECTED["mysql_general.log"]["records"])
    table_ids = Counter(qid.replace("20261201141225", "20240301090000")
                        for qid in EXPECTED["mysql_general_log.json"]["records"])
    assert zone.record_ids("MYSQL") == file_ids + table_ids
    stored = zone.stored_ids("MYSQL")
    assert stored == file_ids + table_ids + Counter({"1:7:20240301090000414980:1": 1})  # (the export's SET)
    assert zone.quarantined("raw_query_logs_quarantine", "MYSQL") == []


@pytest.mark.spark
def test_a_spark_thrift_servers_event_log_landed_as_spark_wrote_it_becomes_the_days_records(zone):
    """The sample event log (a real Thrift Server's, zstd as Spark 4 writes it, named as Spark names it), its
    statements moved to the partition's day, landed under an account declaring the format: each statement stored
    once, the successful ones recorded, the other events nothing."""
    events = [json.loads(line) for line in zstandard.ZstdDecompressor().stream_reader(
        (EXAMPLES / "histories" / "spark_thrift_events.zstd").read_bytes()).read().decode().splitlines()]
    first = min(event["startTime"] for event in events if event["Event"].endswith("OperationStart"))
    moved = int(datetime(2024, 3, 1, 9, tzinfo=timezone.utc).timestamp() * 1000) - first
    for event in events:
        if event["Event"].endswith("OperationStart"):
            event["startTime"] += moved
    folder = zone.land("THRIFT", {"events_1_app-20240301090000-0000.zstd": zstandard.ZstdCompressor().compress(
        _spark_events(*events))})
    (folder.parent / "log_format.json").write_text('{"format": "spark_thrift_server"}')
    zone.materialize("THRIFT")

    records = Counter(list(EXPECTED["spark_thrift_events.zstd"]["records"]))
    assert zone.record_ids("THRIFT") == records
    stored = {row["query_id"]: row for row in zone.table("raw_query_logs", "THRIFT")}
    assert len(stored) == len(records) + 3  # (two USE, one statement that failed)
    assert {row["schema_name"] for row in stored.values()} == {"default", "sales"}
    assert zone.quarantined("raw_query_logs_quarantine", "THRIFT") == []


def _bq_job(job_id: str, query: str, day: date, second: int, *, session: str | None = None,
            parent: str | None = None) -> dict[str, Any]:
    return {"job_id": job_id, "query": query, "user_email": "etl@d.example", "project_id": "D", "job_type": "QUERY",
            "statement_type": "SCRIPT" if query.count(";") else "X", "state": "DONE", "parent_job_id": parent,
            "creation_time": f"{day.isoformat()} 09:00:{second:02d}.000000 UTC",
            "session_info": {"session_id": session} if session else None}


@pytest.mark.spark
def test_a_sessions_temporary_tables_are_its_own_and_outlive_a_day_only_while_it_runs(zone):
    """BigQuery: two sessions' temporary tables of one name are each its own, a script's is its script's; a
    session's is still there the next day while the session runs statements, and the others are dropped at the end
    of that day, their versions closed then (the log never says when a session ends: they must not pile up)."""
    first, second = date(2024, 3, 1), date(2024, 3, 2)
    folder = zone.land("BQTEMP", {"jobs.json": _json_lines(
        _bq_job("j1", "CREATE TEMP TABLE keep AS SELECT ID FROM `D.S.ORDERS`", first, 1, session="sA"),
        _bq_job("j2", "CREATE TEMP TABLE keep AS SELECT AMOUNT FROM `D.S.ORDERS`", first, 2, session="sB"),
        _bq_job("s1", "CREATE TEMP TABLE tmp AS SELECT ID FROM `D.S.ORDERS`; SELECT ID FROM tmp", first, 3),
        _bq_job("c1", "CREATE TEMP TABLE tmp AS SELECT ID FROM `D.S.ORDERS`", first, 4, parent="s1"),
        _bq_job("c2", "SELECT * FROM tmp", first, 5, parent="s1"),
        _bq_job("j3", "SELECT * FROM keep", first, 6, session="sB"),
    )}, day=first)
    (folder.parent / "log_format.json").write_text('{"format": "bigquery"}')
    zone.land("BQTEMP", {"jobs.json": _json_lines(
        _bq_job("j4", "SELECT * FROM _SESSION.keep", second, 1, session="sA"))}, day=second)
    for day in (first, second):
        zone.materialize("BQTEMP", day=day)

    def read(day: date) -> dict[str, list[str]]:
        return {row["query_id"]: [f"{o['objectName']}.{c['columnName']}" for o in row["direct_objects_accessed"]
                                  for c in o["columns"] or ()] for row in zone.table("access_history", "BQTEMP", day)}
    assert read(first)["j3"] == ["D._session.keep.AMOUNT"] and read(first)["c2"] == ["D._session.tmp.ID"]
    assert read(second) == {"j4": ["D._session.keep.ID"]}  # (session A's, a day later)
    versions = zone.table("catalog", "BQTEMP", second)
    temporary = sorted((json.loads(v["object"]).get("session"), v["valid_to"]) for v in versions
                       if v["name"].startswith("D._session."))
    assert temporary == [("s1", datetime(2024, 3, 3, tzinfo=timezone.utc)),
                         ("sA", None), ("sB", datetime(2024, 3, 3, tzinfo=timezone.utc))]


@pytest.mark.spark
def test_the_days_catalog_replays_the_transaction_blocks_a_sessions_search_path_moves_through(zone):
    """A deployment of PostgreSQL logs of no schema per line: a SET search_path in a block rolled back is undone, so
    the session's CREATE TABLE after it is in public, in the day's catalog as in its record (the catalog's replay read
    the SET but not the block's BEGIN and ROLLBACK, and made the table in mart)."""
    def statement(n: int, text: str) -> dict[str, Any]:
        return {"query_id": f"p{n}", "query_text": text, "query_start_time": f"2024-03-01T09:00:{n:02d}+00:00",
                "user_name": "ETL", "database_name": "D", "session_id": "s1"}
    texts = ["BEGIN", "SET search_path TO mart", "select 1", "ROLLBACK", "create table t (x int)",
             "insert into t select 1"]
    zone.land("PGBLOCKS", {"log.jsonl": _json_lines(*(statement(n, text) for n, text in enumerate(texts)))})
    dg.materialize(list(ALL_ASSETS), selection=[raw_query_logs, catalog, access_history], instance=zone.instance,
                   partition_key=partition_key(DAY, "PGBLOCKS"),
                   resources={**zone.resources, "landing": LandingZone(root=str(zone.root / "landing"),
                                                                      dialect="postgres")})
    created = {row["query_id"]: row["object_modified_by_ddl"]["objectName"]
               for row in zone.table("access_history", "PGBLOCKS") if row["object_modified_by_ddl"]}
    assert created == {"p4": "D.public.t"}
    assert {v["name"] for v in zone.table("catalog", "PGBLOCKS") if v["name"].endswith(".t")} == {"D.public.t"}


@pytest.mark.spark
def test_spark_and_python_replay_the_same_block_bounds_and_only_those_of_blocks_where_the_catalog_or_path_moves(
        spark):
    """with_replayed (Spark's regexes) and replayed_rows (Python's) take the same lines: the bounds and failures of a
    block in which the search path or the catalog moves (a DDL session's, whose ROLLBACK undoes its DDL), and of the
    block after it; no other block's, nor a line without a session. A bound after a Unicode space (which the
    resolver's split strips) is a bound to both; the white space both read is Python's ``str.isspace``, no more."""
    texts = [("s1", "BEGIN"), ("s1", "SET search_path TO tenant_7"), ("s1", "COMMIT"),  # the connection's set-up
             ("s1", "BEGIN"), ("s1", "select 1"), ("s1", "COMMIT"),  # the block after it (taken)
             ("s1", "BEGIN"), ("s1", "select 2"), ("s1", "COMMIT"),  # another block (not taken)
             ("s2", "BEGIN"), ("s2", "create table t (a int)"), ("s2", "ROLLBACK"),  # DDL undone (taken)
             ("s3", "/* app */ begin"), ("s3", "set local search_path to mart"), ("s3", "select 1/0"),
             ("s3", "select 1; commit"), ("s3", "BEGIN"), ("s3", "select 3"), ("s3", "commit; begin"),
             ("s3", "END"), (None, "BEGIN"), (None, "SET search_path TO x"), (None, "COMMIT"),  # (no session: no
             # session's path, nothing shared)
             ("s4", "\u00a0BEGIN"), ("s4", "set search_path to y"), ("s4", "select 4;\u2003/* c */\u3000rollback")]
    rows = [{"query_id": f"q{n}", "query_text": text, "session_id": session, "log_position": n,
             "execution_status": "FAIL" if "1/0" in text else "SUCCESS", "parent_query_id": None,
             "changes_catalog": line_changes_catalog(validate_log_record({
                 "query_id": f"q{n}", "query_text": text, "query_start_time": "2024-03-01T09:00:00+00:00",
                 "user_name": "U", "execution_status": "SUCCESS", **({"session_id": session} if session else {})}),
                 "postgres")} for n, (session, text) in enumerate(texts)]
    frame = spark.createDataFrame(rows, "query_id string, query_text string, session_id string, log_position long, "
                                        "execution_status string, parent_query_id string, changes_catalog boolean")
    in_spark = sorted(row["query_id"] for row in with_replayed(frame, "postgres").where("replayed").collect())
    assert in_spark == sorted(row["query_id"] for row in replayed_rows(rows, "postgres"))
    assert in_spark == sorted(["q0", "q1", "q2", "q3", "q5", "q9", "q10", "q11", "q12", "q13", "q14", "q15", "q16",
                               "q18", "q19", "q23", "q24", "q25"])
    spaces = [chr(code) for code in range(0x110000) if chr(code).isspace()]
    others = ["a", "_", "\u200b", "\ufeff", "\u180e", "\x00"]  # (zero-width spaces and the BOM are no white space)
    chars = spark.createDataFrame([(c,) for c in spaces + others], "c string")
    in_java = {row.c for row in chars.where(F.col("c").rlike(f"^{SPACE}$")).collect()}
    assert in_java == {c for c in spaces + others if re.fullmatch(SPACE, c, re.ASCII)} == set(spaces)


def test_the_readmes_export_of_the_general_log_table_is_the_one_the_tests_run():
    """The README's query is the one ``services.MariaDB.general_log_table`` runs on a real server
    (:data:`mysql_general.EXPORT_QUERY`)."""
    readme = (ROOT / "README.md").read_text()
    [block] = re.findall(r"```mysql\n\s*(SET time_zone = '\+00:00';.*?)```", readme, re.DOTALL)
    assert " ".join(block.split()) == " ".join(mysql_general.EXPORT_QUERY.format(day="2026-11-16").split()) + ";"


def _audit(*events: str) -> bytes:
    return "".join(event + "\n" for event in events).encode()


def test_an_audit_log_line_that_is_no_event_costs_its_line_and_aurora_times_and_windows_newlines_are_read():
    found = entries("server_audit.log", _audit(
        "20240301 09:00:00,db1,ann,10.0.0.5,4,7,QUERY,shop,'select a from t',0\r",
        "20240301 09:00:01,db1,ann,10.0.0.5,4,8,QUERY,shop,'select b from t',0 trailing garbage",
        "1709283602123456,aurora-1,bob,10.0.0.6:51234,5,9,QUERY,,'select c from shop.t',1146",
        "20240301 09:00:03,db1,ann,10.0.0.5,4,10,QUERY,shop,'select \\'it\\'\\'s\\' from t\\n-- end',0",
        "20240301 09:00:04,db1,ann,10.0.0.5,x,11,QUERY,shop,'select d from t',0",
        "20240332 09:00:05,db1,ann,10.0.0.5,4,12,QUERY,shop,'select e from t',0"))
    good = {n: (item.query_id, item.query_text, item.query_start_time.isoformat(), item.execution_status,
                item.database_name) for n, item in found if not isinstance(item, BadLine)}
    assert good == {
        1: ("db1:4:7:20240301090000", "select a from t", "2024-03-01T09:00:00+00:00", "SUCCESS", "shop"),
        3: ("aurora-1:5:9:20240301090002", "select c from shop.t", "2024-03-01T09:00:02.123456+00:00", "FAIL", None),
        4: ("db1:4:10:20240301090003", "select 'it''s' from t\n-- end", "2024-03-01T09:00:03+00:00", "SUCCESS",
            "shop")}
    bad = {n: item.rule for n, item in found if isinstance(item, BadLine)}
    assert sorted(bad) == [2, 5, 6]
    assert bad[2].startswith("not an event of the audit log") and bad[6] == (
        "timestamp '20240332 09:00:05' is no time of the calendar")


def test_an_audit_logs_connection_and_table_events_are_no_statement():
    found = entries("server_audit.log", _audit(
        "20240301 09:00:00,db1,ann,10.0.0.5,4,0,CONNECT,shop,,0",
        "20240301 09:00:00,db1,ann,10.0.0.5,4,7,READ,shop,orders,",
        "20240301 09:00:00,db1,ann,10.0.0.5,4,7,RENAME,shop,a|shop.b,",
        "20240301 09:00:00,db1,ann,10.0.0.5,4,7,QUERY,shop,'select id from orders',0",
        "20240301 09:00:01,db1,eve,10.0.0.9,0,0,FAILED_CONNECT,,,1045",
        "20240301 09:00:02,db1,ann,10.0.0.5,4,0,DISCONNECT,shop,,0"))
    assert [(n, item.query_text) for n, item in found] == [(4, "select id from orders")]


def test_a_log_file_that_is_no_audit_log_is_set_aside_whole_saying_which_logs_are_read():
    [(number, item)] = entries("error.log", b"2026-12-01 14:09:15 0 [Note] Starting MariaDB\nselect 1\n")
    assert number == 0 and item.rule.startswith("no line of the first 2 is an event of a log this reader knows (a "
                                                ".log file is the audit log of MariaDB's server_audit plugin")
    assert "or MySQL's or MariaDB's general query log" in item.rule
    assert entries("empty.log", b"\n\n") == []
    # a file downloaded from the middle of a line: that line is set aside, the events after it read
    found = entries("part.log", b"\x00" * 100 + b"ere id = 1',0\n" + _audit(
        "20240301 09:00:00,db1,ann,h,4,7,QUERY,shop,'select a from t',0"))
    assert [(n, isinstance(item, BadLine)) for n, item in found] == [(1, True), (2, False)]


def test_an_audit_logs_statement_as_the_plugin_wrote_its_bytes():
    """A line's bytes that are not UTF-8 (a latin1 client's text, a binary literal beside UTF-8 text) read as Latin-1,
    saying so; the plugin's escapes of control characters; a statement cut at the plugin's limit in bytes (a
    multi-byte text too), at the default limit or one the log's own SET GLOBAL set, in any form; the event
    scheduler's statements in no database (the plugin says mysql)."""
    cut = "select \\'" + "é" * 507 + "x"  # 1,024 bytes of escaped text (the plugin cut the statement there)
    cut_raised = "select \\'" + "é" * 995 + "x"  # 2,000 bytes: cut at the limit the log raised
    whole = "select \\'" + "é" * 700 + "\\'"  # 1,411 bytes, whole once the limit is raised
    log = (b"20240301 09:00:00,db1,ann,h,4,7,QUERY,shop,'select \\'caf\xe9\\' from t',0\n"
           b"20240301 09:00:00,db1,ann,h,4,8,QUERY,shop,'insert into d\xc3\xa9j\xc3\xa0 values (_binary\\'\xff\\')',0\n"
           + _audit(
               "20240301 09:00:01,db1,ann,h,4,9,QUERY,shop,'select \\'a\\bb\\fc\\' from t',0",
               f"20240301 09:00:02,db1,ann,h,4,10,QUERY,shop,'{cut}',0",
               "20240301 09:00:03,db1,root,h,5,11,QUERY,,'/* tool */ SET GLOBAL server_audit_query_log_limit=2000',0",
               f"20240301 09:00:04,db1,ann,h,4,12,QUERY,shop,'{whole}',0",
               f"20240301 09:00:04,db1,ann,h,4,13,QUERY,shop,'{cut_raised}',0",
               "20240301 09:00:05,db1,event_scheduler,h,6,14,QUERY,mysql,'insert into u values (1)',0"))
    found = entries("server_audit.log", log)
    good = {n: item for n, item in found if not isinstance(item, BadLine)}
    assert good[1].query_text == "select 'café' from t"
    assert good[2].query_text == "insert into déjà values (_binary'\xff')"
    assert {good[n].model_extra["text_encoding"] for n in (1, 2)} == {"UTF-8, its other bytes Latin-1"}
    assert good[3].query_text == "select 'a\bb\fc' from t" and "text_encoding" not in (good[3].model_extra or {})
    bad = {n: item.rule for n, item in found if isinstance(item, BadLine)}
    assert sorted(bad) == [4, 7] and bad[4].startswith(
        "the statement's text is cut: the plugin logged 1024 bytes of it, at server_audit_query_log_limit (1024, its "
        "default)") and "logged 2000 bytes of it, at server_audit_query_log_limit (2000)" in bad[7]
    assert good[6].query_text == whole.replace("\\'", "'")
    assert good[8].database_name is None and good[8].query_text.startswith("insert")


def test_an_audit_logs_limit_raised_in_the_servers_configuration_is_learnt_from_a_longer_statement():
    """A limit raised at the server's start is not in the log: a statement logged whole and longer than the default
    shows it, and a whole statement of 1,022 bytes after it is read (before it, it is set aside as cut at the
    default); a restart (a CONNECT numbered lower than the server's highest) brings the default back."""
    def select(size: int) -> str:  # a statement of ``size`` bytes of escaped text
        return "select " + "x" * (size - 7)

    found = entries("server_audit.log", _audit(
        "20240301 09:00:00,db1,ann,h,40,0,CONNECT,shop,,0",
        f"20240301 09:00:00,db1,ann,h,40,7,QUERY,shop,'{select(1022)}',0",
        f"20240301 09:00:01,db1,ann,h,40,8,QUERY,shop,'{select(1500)}',0",
        f"20240301 09:00:02,db1,ann,h,40,9,QUERY,shop,'{select(1022)}',0",
        "20240301 09:10:00,db1,ann,h,3,0,CONNECT,shop,,0",
        f"20240301 09:10:01,db1,ann,h,3,5,QUERY,shop,'{select(1022)}',0"))
    assert [(n, isinstance(item, BadLine)) for n, item in found] == [(2, True), (3, False), (4, False), (6, True)]


def test_an_audit_logs_database_after_a_use_the_plugin_did_not_see_is_the_one_in_use():
    """The plugin knows a USE only at the start of a statement: after ``/* ... */ USE b`` it goes on logging the
    database before, until it logs another (a client's Init DB), a USE names the one it logs, or the connection ends;
    a USE that failed changes nothing (the plugin logs the refusal's message as the database after it)."""
    found = entries("server_audit.log", _audit(
        "20240301 09:00:00,db1,ann,h,4,7,QUERY,a,'/* tool */ use `b`',0",
        "20240301 09:00:01,db1,ann,h,4,8,QUERY,a,'select x from t',0",
        "20240301 09:00:02,db1,ann,h,5,9,QUERY,a,'select x from t',0",
        "20240301 09:00:03,db1,ann,h,4,10,QUERY,c,'select x from t',0",
        "20240301 09:00:04,db1,ann,h,4,11,QUERY,c,'-- tool\\nuse nosuch',1049",
        "20240301 09:00:05,db1,ann,h,4,12,QUERY,c,'select x from t',0",
        "20240301 09:00:06,db1,ann,h,4,13,QUERY,c,'use d',0",
        "20240301 09:00:07,db1,ann,h,4,14,QUERY,d,'select x from t',0",
        "20240301 09:00:08,db1,ann,h,4,15,QUERY,d,'/* again */ use a',0",
        "20240301 09:00:09,db1,ann,h,4,0,DISCONNECT,d,,0",
        "20240301 09:00:10,db1,ann,h,4,0,CONNECT,d,,0",
        "20240301 09:00:11,db1,ann,h,4,16,QUERY,d,'select x from t',0",
        "20240301 09:00:12,db1,ann,h,4,17,QUERY,d,'/* c */ use e',0",
        "20240301 09:00:13,db1,ann,h,4,18,QUERY,d,'use d',0",
        "20240301 09:00:14,db1,ann,h,4,19,QUERY,d,'select x from t',0",
        "20240301 09:00:15,db1,ann,h,4,20,QUERY,Access denied for user 'ann'@'%' to database 'f','use f',1044",
        "20240301 09:00:16,db1,ann,h,4,21,QUERY,Access denied for user 'ann'@'%' to database 'f','select x from t',0",
        "20240301 09:00:17,db1,ann,h,4,22,QUERY,Acceso denegado para usuario: 'ann'@'%' a la base de datos 'g',"
        "'select x from t',0"))
    assert [(n, item.database_name) for n, item in found] == [
        (1, "a"), (2, "b"), (3, "a"), (4, "c"), (5, "c"), (6, "c"), (7, "c"), (8, "d"), (9, "d"), (12, "d"), (13, "d"),
        (14, "e"), (15, "d"), (16, "d"), (17, "d"), (18, "d")]


def test_execute_immediates_statement_is_its_own_or_its_child():
    """EXECUTE IMMEDIATE logs the statement it runs with its own query id, before itself: of a literal, that
    statement is its own text, which the resolver reads from it (one line, not two reading the same); of a variable,
    its child ``#1``, and the statements that one ran (a procedure's) its children."""
    found = entries("server_audit.log", _audit(
        "20240301 09:00:00,db1,ann,h,4,13,QUERY,shop,'select id from u where v = ?',0",
        "20240301 09:00:00,db1,ann,h,4,13,QUERY,shop,'execute immediate \\'select id from u where v = ?\\' using 5',0",
        "20240301 09:00:01,db1,ann,h,4,15,QUERY,shop,'insert into log values (1)',0",
        "20240301 09:00:01,db1,ann,h,4,14,QUERY,shop,'call p(1)',0",
        "20240301 09:00:02,db1,ann,h,4,14,QUERY,shop,'execute immediate @sql',0",
        "20240301 09:00:03,db1,ann,h,4,17,QUERY,shop,'insert into log values (2)',0",
        "20240301 09:00:03,db1,ann,h,4,16,QUERY,shop,'execute immediate \\'call p(2)\\'',0"))
    def own(query_id: str | None) -> str:  # (the query id and time: the server and connection are the same)
        return query_id.split(":", 2)[2] if query_id else ""

    lines = [(own(item.query_id), item.query_text, own(item.parent_query_id)) for _, item in found]
    assert lines == [
        ("13:20240301090000", "execute immediate 'select id from u where v = ?' using 5", ""),
        ("15:20240301090001", "insert into log values (1)", "14:20240301090002#1"),
        ("14:20240301090002#1", "call p(1)", "14:20240301090002"),
        ("14:20240301090002", "execute immediate @sql", ""),
        ("17:20240301090003", "insert into log values (2)", "16:20240301090003"),
        ("16:20240301090003", "execute immediate 'call p(2)'", "")]


def test_a_procedures_statements_take_its_database_and_a_restart_without_connect_events_is_seen():
    """A procedure's statements run in its database, which the plugin logs as the caller's: CALL shop.p() gives
    them shop. The event scheduler's threads log no CONNECT: a restarted server's is seen from another connection's
    CONNECT numbered lower than the server's highest, and no statement before it is a child of one after it."""
    found = entries("server_audit.log", _audit(
        "20240301 09:00:00,db1,ann,h,4,11,QUERY,other,'insert into log values (1)',0",
        "20240301 09:00:00,db1,ann,h,4,10,QUERY,other,'call `shop`.p()',0",
        "20240301 09:00:01,db1,event_scheduler,h,15,106,QUERY,mysql,'insert into u values (1)',0",
        "20240301 09:00:01,db1,ann,h,20,0,CONNECT,shop,,0",
        "20240301 09:00:09,db1,ann,h,3,0,CONNECT,shop,,0",
        "20240301 09:00:10,db1,event_scheduler,h,15,34,QUERY,mysql,'call shop.q()',0"))
    lines = [(item.query_text, item.database_name, item.parent_query_id) for _, item in found]
    assert lines == [("insert into log values (1)", "shop", "db1:4:10:20240301090000"),
                     ("call `shop`.p()", "other", None), ("insert into u values (1)", None, None),
                     ("call shop.q()", None, None)]


def test_a_restarted_servers_connection_takes_no_earlier_statement_of_its_number_as_its_child():
    """A server restarted numbers its connections and statements from 1 again: connection 5's statements before the
    restart are no children of the new connection 5's first statement, whose query id is lower. Its CONNECT (or the
    old one's DISCONNECT) says so."""
    found = entries("server_audit.log", _audit(
        "20240301 09:00:00,db1,ann,h,5,7,QUERY,shop,'select id from t',0",
        "20240301 09:00:00,db1,ann,h,5,8,QUERY,shop,'select id from t where id = 1',0",
        "20240301 09:00:05,db1,ann,h,5,0,CONNECT,shop,,0",
        "20240301 09:00:05,db1,ann,h,5,5,QUERY,shop,'select id from u',0"))
    assert [(item.query_text, item.parent_query_id) for _, item in found] == [
        ("select id from t", None), ("select id from t where id = 1", None), ("select id from u", None)]


def test_a_procedures_statements_are_its_calls_children_and_the_file_order_is_kept_past_the_held_events(
        monkeypatch):
    """Statements logged before a CALL of their connection, with higher query ids, ran inside it (nested calls too);
    another connection's statements between them are no children; past the events held, the first ones lose their
    parent but keep their place."""
    def event(connection: int, query: int, text: str) -> str:
        return f"20240301 09:00:00,db1,u,h,{connection},{query},QUERY,shop,'{text}',0"

    log = _audit(event(4, 11, "select a from t"), event(5, 12, "select b from t"), event(4, 13, "insert into u"),
                 event(4, 14, "select c from t"), event(4, 12, "call inner_p()"), event(4, 15, "update v"),
                 event(4, 10, "call outer_p()"), event(4, 16, "select d from t"))
    parents = [(item.query_text, (item.parent_query_id or "").split(":")[2:3]) for _, item in entries("a.log", log)]
    assert parents == [("select a from t", ["10"]), ("select b from t", []), ("insert into u", ["12"]),
                       ("select c from t", ["12"]), ("call inner_p()", ["10"]), ("update v", ["10"]),
                       ("call outer_p()", []), ("select d from t", [])]
    monkeypatch.setattr(mariadb, "HELD_EVENTS", 2)
    parents = [(item.query_text, (item.parent_query_id or "").split(":")[2:3]) for _, item in entries("a.log", log)]
    assert parents == [("select a from t", []), ("select b from t", []), ("insert into u", ["12"]),
                       ("select c from t", ["12"]), ("call inner_p()", ["10"]), ("update v", ["10"]),
                       ("call outer_p()", []), ("select d from t", [])]


MYSQL_HEADER = ("/usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:\n"
                "Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock\n"
                "Time                 Id Command    Argument\n")


def _general(*lines: str) -> list[tuple[int, Any]]:
    return entries("general.log", "".join(line + "\n" for line in lines).encode("utf-8", "surrogateescape"))


def _statements(found: list[tuple[int, Any]]) -> dict[int, tuple[Any, ...]]:
    return {n: (item.query_id, item.query_text, item.user_name, item.database_name, item.query_start_time.isoformat())
            for n, item in found if not isinstance(item, BadLine)}


def test_a_mysql_general_log_file_gives_each_statement_its_threads_user_and_database():
    """MySQL 5.7+'s file: each Query and Execute a statement with its thread's user and database (Connect, Change
    user, Init DB, USE), a statement of several lines whole, times with an offset in UTC; SQL's EXECUTE no line of its
    own (the Execute after it is), Prepare, Ping, Quit and a refused login no statement; a restart's header read past;
    a thread not seen connecting set aside; a password written as ``*****``."""
    found = _general(
        MYSQL_HEADER.rstrip("\n"),
        "2024-03-01T09:00:00.100000Z\t    8 Connect\tann@10.0.0.5 on shop using TCP/IP",
        "2024-03-01T09:00:00.200000Z\t    8 Query\tselect a,",
        "  b from t -- two lines",
        "2024-03-01T10:00:00.300000+01:00\t    8 Init DB\tsales",
        "2024-03-01T09:00:00.400000Z\t    8 Query\tselect c from t",
        "2024-03-01T09:00:00.500000Z\t    8 Query\tprepare s from 'select d from shop.t where d = ?'",
        "2024-03-01T09:00:00.500001Z\t    8 Prepare\tselect d from shop.t where d = ?",
        "2024-03-01T09:00:00.600000Z\t    8 Query\texecute s using @v",
        "2024-03-01T09:00:00.600001Z\t    8 Execute\tselect d from shop.t where d = 7",
        "2024-03-01T09:00:00.700000Z\t    8 Ping\t",
        "2024-03-01T09:00:00.800000Z\t    8 Query\tuse `shop`",
        "2024-03-01T09:00:00.900000Z\t    8 Query\tcreate user bob identified by 'pw' password expire",
        "2024-03-01T09:00:01.000000Z\t    8 Change user\tbob@10.0.0.5 on  using TCP/IP",
        "2024-03-01T09:00:01.100000Z\t    8 Query\tselect e from shop.t",
        "2024-03-01T09:00:01.200000Z\t    9 Connect\tAccess denied for user 'eve'@'10.0.0.9' (using password: YES)",
        "2024-03-01T09:00:01.300000Z\t   12 Query\tselect f from shop.t",
        MYSQL_HEADER.rstrip("\n"),
        "2024-03-01T09:00:02.000000Z\t    8 Connect\tcarl@localhost on shop using Socket",
        "2024-03-01T09:00:02.100000Z\t    8 Query\tselect g from t",
        "2024-03-01T09:00:02.200000Z\t    8 Quit\t")
    assert _statements(found) == {
        5: ("8:20240301090000200000:1", "select a,\n  b from t -- two lines", "ann", "shop",
            "2024-03-01T09:00:00.200000+00:00"),
        8: ("8:20240301090000400000:1", "select c from t", "ann", "sales", "2024-03-01T09:00:00.400000+00:00"),
        9: ("8:20240301090000500000:1", "prepare s from 'select d from shop.t where d = ?'", "ann", "sales",
            "2024-03-01T09:00:00.500000+00:00"),
        12: ("8:20240301090000600001:1", "select d from shop.t where d = 7", "ann", "sales",
             "2024-03-01T09:00:00.600001+00:00"),
        14: ("8:20240301090000800000:1", "use `shop`", "ann", "sales", "2024-03-01T09:00:00.800000+00:00"),
        15: ("8:20240301090000900000:1", "create user bob identified by '*****' password expire", "ann", "shop",
             "2024-03-01T09:00:00.900000+00:00"),
        17: ("8:20240301090001100000:1", "select e from shop.t", "bob", None, "2024-03-01T09:00:01.100000+00:00"),
        24: ("8:20240301090002100000:1", "select g from t", "carl", "shop", "2024-03-01T09:00:02.100000+00:00")}
    sessions = {n: item.session_id for n, item in found if not isinstance(item, BadLine)}
    assert sessions[5] == "8@20240301090000100000" and sessions[24] == "8@20240301090002000000"
    bad = {n: item.rule for n, item in found if isinstance(item, BadLine)}
    assert bad == {19: "thread 12's user is not known: no Connect of it is in this file (a connection older than the "
                       "file, or a server's own thread: the event scheduler's, a replica's); the table "
                       "mysql.general_log gives each statement's user"}


def test_a_mariadb_general_log_file_writes_a_time_only_when_it_changes():
    """MariaDB's (and MySQL 5.6's) file: a time ``YYMMDD HH:MM:SS`` (read as UTC) only when it changed, two tabs in
    its place after; the events before the file's first time set aside; each thread's events of one second numbered;
    MySQL 5.0's command padded by spaces; a line's bytes that are not UTF-8 read as Latin-1."""
    found = _general(
        "\t\t     5 Query\tselect 0 from t",
        "261201  9:05:01\t     6 Connect\troot@localhost as anonymous on shop using Socket",
        "\t\t     6 Query\tselect a from t",
        "\t\t     6 Query\tselect b from t where n = 'caf\udce9'",
        "261201 10:00:00\t     6 Query\tselect c from t",
        "051007 21:55:24\t     42 Connect     root@localhost on db1",
        "\t\t                 42 Query       SELECT foo ",
        "                         FROM tbl",
        "\t\t                 42 Quit")
    assert _statements(found) == {
        3: ("6:20261201090501:1", "select a from t", "root", "shop", "2026-12-01T09:05:01+00:00"),
        4: ("6:20261201090501:2", "select b from t where n = 'café'", "root", "shop", "2026-12-01T09:05:01+00:00"),
        5: ("6:20261201100000:1", "select c from t", "root", "shop", "2026-12-01T10:00:00+00:00"),
        7: ("42:20051007215524:1", "SELECT foo \n                         FROM tbl", "root", "db1",
            "2005-10-07T21:55:24+00:00")}
    assert [item.text_encoding for n, item in found if n == 4] == ["UTF-8, its other bytes Latin-1"]
    [(number, first)] = [(n, item) for n, item in found if isinstance(item, BadLine)]
    assert number == 1 and first.rule.startswith("the event has no time: MariaDB writes a time only when it changes")


def test_a_general_log_statement_over_the_limit_costs_itself_only():
    """A statement of many lines past the line limit is set aside (its lines not held), and so is one whose line the
    container set aside; a line that follows no event (a file cut inside a statement) is set aside, the events after
    it read."""
    long = ["  or x = 1"] * 20
    found = entries("general.log", "".join(line + "\n" for line in (
        "  from t where a = 1",
        "2024-03-01T09:00:00.000000Z\t    8 Connect\tann@h on shop using TCP/IP",
        "2024-03-01T09:00:00.100000Z\t    8 Query\tselect a", *long,
        "2024-03-01T09:00:00.200000Z\t    8 Query\tselect b",
        "  " + "x" * 300,
        "  from t",
        "2024-03-01T09:00:00.300000Z\t    8 Query\tselect c from t",
        "2024-03-01T09:00:00.400000Z\t    8 Query\tselect d from t where d in (" + "1, " * 100 + "1)",
        "2024-03-01T09:00:00.500000Z\t    8 Query\tselect e from t")).encode(), limits=Limits(line_bytes=200))
    assert {n: item.query_text for n, item in found if not isinstance(item, BadLine)} == {
        27: "select c from t", 29: "select e from t"}
    bad = {n: item.rule for n, item in found if isinstance(item, BadLine)}
    assert sorted(bad) == [1, 3, 24, 25, 28]
    assert bad[1].startswith("not an event of the general query log")
    assert bad[3] == "the event of line 3 is set aside: it is more than 200 bytes"
    assert bad[25].startswith("line 25 is 302 bytes, more than the limit of 200")
    assert bad[24] == "the event of line 24 is set aside: its line 25 was set aside"


def test_a_general_log_threads_user_and_database_follow_what_the_server_did():
    """A Change user that succeeded (its statements numbered on after the thread's), one refused for its password or
    its database (the thread as it was); a login's Connect logged after a higher thread's (no restart); a restarted
    server's threads numbered from 1 again after its header (no earlier thread's user taken); a user name with an @;
    USE in a packet of several statements, after a comment, quoted without a space; SQL's EXECUTE sent with another
    statement (that statement kept)."""
    found = _general(
        "261201 09:00:00\t     8 Connect\tann@corp.com@10.0.0.5 on shop using TCP/IP",
        "\t\t     8 Query\tselect a from t",
        "\t\t     8 Change user\tbob@10.0.0.5 on arch using TCP/IP",
        "\t\t     8 Query\tselect b from t",
        "\t\t     8 Change user\tcarl@10.0.0.5 on mysql using TCP/IP",
        "\t\t     8 Init DB\tAccess denied for user 'carl'@'%' to database 'mysql'",
        "\t\t     8 Query\tselect c from t",
        "\t\t     8 Change user\tdan@10.0.0.5 on  using TCP/IP",
        "\t\t     8 Connect\tAccess denied for user 'dan'@'10.0.0.5' (using password: YES)",
        "\t\t     8 Query\tuse shop; select d from t",
        "\t\t     8 Query\tselect e from t",
        "\t\t     8 Query\t/* x */ USE`arch` -- back",
        "\t\t     8 Query\texecute s; select f from t",
        "\t\t     8 Execute\tselect g from t where g = 1",
        "\t\t     7 Connect\teve@10.0.0.9 on shop using TCP/IP",
        "\t\t     8 Query\tselect h from t",
        "\t\t     9 Query\tselect i from t",
        "/usr/sbin/mariadbd, Version: 10.11.19-MariaDB-0+deb12u1 (Debian 12). started with:",
        "Tcp port: 3306  Unix socket: /run/mysqld/mysqld.sock",
        "Time\t\t    Id Command\tArgument",
        "261201 09:00:05\t     3 Connect\tcarl@localhost on  using Socket",
        "\t\t     8 Query\tselect j from t")
    assert {n: item[1:4] for n, item in _statements(found).items()} == {
        2: ("select a from t", "ann@corp.com", "shop"), 4: ("select b from t", "bob", "arch"),
        7: ("select c from t", "bob", "arch"), 10: ("use shop; select d from t", "bob", "arch"),
        11: ("select e from t", "bob", "shop"), 12: ("/* x */ USE`arch` -- back", "bob", "shop"),
        13: ("execute s; select f from t", "bob", "arch"), 14: ("select g from t where g = 1", "bob", "arch"),
        16: ("select h from t", "bob", "arch")}
    assert [item.query_id for n, item in found if n in (2, 4, 7, 16)] == [
        "8:20261201090000:1", "8:20261201090000:2", "8:20261201090000:3", "8:20261201090000:9"]
    assert sorted(n for n, item in found if isinstance(item, BadLine)) == [17, 22]


def test_a_general_log_keeps_a_statements_blank_lines_and_no_password_even_in_a_line_set_aside():
    found = _general(
        "2024-03-01T09:00:00.000000Z\t    8 Connect\tann@h on shop using TCP/IP",
        "2024-03-01T09:00:00.100000Z\t    8 Query\tselect a",
        "",
        "   ",
        "from t",
        "2024-03-01T09:00:00.200000Z\t    8 Query\tcreate server s foreign data wrapper mysql options (password 'pw1')",
        "2024-03-01T09:00:00.300000Z\t    9 Query\tcreate user u identified by 'pw2'",
        "",
        "2024-03-01T09:00:00.400000Z\t    8 Query\tselect b from t")
    assert [(n, item.query_text) for n, item in found if not isinstance(item, BadLine)] == [
        (2, "select a\n\n   \nfrom t"),
        (6, "create server s foreign data wrapper mysql options (password '*****')"), (9, "select b from t")]
    [(number, unknown)] = [(n, item) for n, item in found if isinstance(item, BadLine)]
    assert number == 7 and "pw2" not in unknown.text and unknown.text.endswith("identified by '*****'\n")


def test_a_general_log_undoes_what_the_server_refused_and_runs_a_prepared_statement_where_it_was_prepared():
    """A Change user, then an Init DB the server refused: the user changed, the database did not; a USE refused; a
    FLUSH LOGS (a header) and a login's Connect logged after a higher one's (no restart); a statement prepared in one
    database and run after a USE of another (its tables are the first's); refusals in the server's own language."""
    found = _general(
        "261201 09:00:00\t     9 Connect\tann@h on shop using TCP/IP",
        "\t\t    16 Connect\tbob@h on shop using TCP/IP",
        "\t\t     9 Change user\tbob@h on shop using TCP/IP",
        "\t\t     9 Init DB\tAccess denied for user 'bob'@'%' to database 'arch'",
        "\t\t     9 Query\tselect a from t",
        "\t\t     9 Query\tuse arch",
        "\t\t     9 Init DB\tAccess denied for user 'bob'@'%' to database 'arch'",
        "\t\t     9 Query\tselect b from t",
        "\t\t     9 Prepare\tselect c from t where c = ?",
        "\t\t     9 Init DB\tarch",
        "\t\t     9 Execute\tselect c from t where c = 'x?y'",
        "\t\t     9 Execute\tselect d from t",
        MYSQL_HEADER.rstrip("\n"),
        "261201 09:00:01\t    15 Connect\tcarl@h on shop using TCP/IP",
        "\t\t    16 Query\tselect e from t",
        # a server whose messages are Spanish (lc_messages): the refusals name the account all the same
        "\t\t    16 Query\tuse arch",
        "\t\t    16 Init DB\tAcceso denegado para usuario: 'bob'@'%' a la base de datos 'arch'",
        "\t\t    16 Change user\teve@h on shop using TCP/IP",
        "\t\t    16 Connect\tAcceso negado para usuario: 'eve'@'h' (Usando clave: SI)",
        "\t\t    16 Query\tselect f from t")
    assert {n: item[1:4] for n, item in _statements(found).items()} == {
        5: ("select a from t", "bob", "shop"), 6: ("use arch", "bob", "shop"), 8: ("select b from t", "bob", "shop"),
        11: ("select c from t where c = 'x?y'", "bob", "shop"), 12: ("select d from t", "bob", "arch"),
        17: ("select e from t", "bob", "shop"), 18: ("use arch", "bob", "shop"), 22: ("select f from t", "bob", "shop")}


def test_a_general_log_execute_that_ran_no_statement_is_read_as_sent():
    """SQL's EXECUTE is no line when an Execute follows it (the statement it ran); when none does (no such statement,
    one whose Prepare failed), it is read as sent, at the thread's next event, its Quit or the file's end."""
    found = _general(
        "2024-03-01T09:00:00.000000Z\t    8 Connect\tann@h on shop using TCP/IP",
        "2024-03-01T09:00:00.100000Z\t    8 Query\texecute s using @a",
        "2024-03-01T09:00:00.200000Z\t    9 Connect\tbob@h on shop using TCP/IP",
        "2024-03-01T09:00:00.300000Z\t    8 Execute\tselect a from t where a = 1",
        "2024-03-01T09:00:00.400000Z\t    8 Query\texecute nosuch",
        "2024-03-01T09:00:00.500000Z\t    8 Query\tselect b from t",
        "2024-03-01T09:00:00.600000Z\t    9 Query\texecute immediate 'select * from nosuch_t'",
        "2024-03-01T09:00:00.700000Z\t    9 Prepare\tselect * from nosuch_t",
        "2024-03-01T09:00:00.800000Z\t    9 Quit\t",
        "2024-03-01T09:00:00.900000Z\t    8 Query\texecute last")
    assert [(n, item.query_text, item.user_name) for n, item in found] == [
        (4, "select a from t where a = 1", "ann"), (5, "execute nosuch", "ann"), (6, "select b from t", "ann"),
        (7, "execute immediate 'select * from nosuch_t'", "bob"), (10, "execute last", "ann")]


def test_a_general_log_keeps_no_password_in_any_form_and_a_column_named_password_as_it_is():
    """Comments between the words and the text, a text cut by the line limit, an over-long line (one of a statement
    whose words are on the line before too), a character set's name, a line before the first event, a row of the
    table set aside: no password kept; ``password = 'x'`` in a query is a column's."""
    found = entries("general.log", "".join(line + "\n" for line in (
        "  identified by 'SECRET0'",
        "2024-03-01T09:00:00.000000Z\t    8 Connect\tann@h on shop using TCP/IP",
        "2024-03-01T09:00:00.100000Z\t    8 Query\tcreate user u identified -- c",
        " by /* c */ 'SECRET1'",
        "2024-03-01T09:00:00.200000Z\t    8 Query\tselect password(/*x*/ 'SECRET2'), a from t where password = 'x'",
        "2024-03-01T09:00:00.300000Z\t    8 Query\tcreate user v identified by 'SECRET3" + "3" * 300 + "'",
        "2024-03-01T09:00:00.400000Z\t    8 Query\tchange master to master_password = 'SECRET4'",
        "2024-03-01T09:00:00.500000Z\t    8 Query\tcreate user y identified",
        " by 'SECRET6', " + "q" * 300,
        "2024-03-01T09:00:00.600000Z\t    8 Query\tcreate user z identified by _utf8mb4'SECRET7'")).encode(),
        limits=Limits(line_bytes=250))
    kept = {n: item.query_text if not isinstance(item, BadLine) else item.text for n, item in found}
    assert not any("SECRET" in text for text in kept.values()), kept
    assert kept[5] == "select password(/*x*/ '*****'), a from t where password = 'x'"
    table = entries("general_log.json", _json_lines(
        {"event_time": "2024-03-01 09:00:00", "user_host": "u[u] @ h []", "thread_id": 6, "server_id": 1,
         "command_type": "Query", "argument": "create user \"w\" identified\nby 'SECRET5'"}))
    [(_, late)] = table
    assert isinstance(late, BadLine) and "SECRET" not in late.text and "'*****'" in late.text


def test_a_general_log_statements_ids_do_not_depend_on_the_line_limit():
    lines = ("2024-03-01T09:00:00.000000Z\t    7 Connect\tann@h on shop using TCP/IP",
             "261201 09:00:00\t     7 Query\tselect a from t where a in (" + "1, " * 100 + "1)",
             "\t\t     7 Query\tselect b from t")
    content = "".join(line + "\n" for line in lines).encode()
    ids = [{item.query_text: item.query_id for _, item in entries("general.log", content, limits=Limits(line_bytes=n))
            if not isinstance(item, BadLine)}["select b from t"] for n in (8 * 1024 * 1024, 200)]
    assert ids == ["7:20261201090000:2"] * 2


def test_a_general_log_reads_comments_before_a_statement_without_backtracking_and_a_crlf_copy():
    """A statement after many comments (each comment tried both ways doubled the time: 40 took hours), a copy of the
    file with Windows' line ends, a file that starts inside a statement of more lines than the reader looks at first."""
    comments = "/* a */ " * 60
    found = _general("2024-03-01T09:00:00.000000Z\t    8 Connect\tann@h on shop using TCP/IP",
                     f"2024-03-01T09:00:00.100000Z\t    8 Query\t{comments}execute s",
                     f"2024-03-01T09:00:00.200000Z\t    8 Query\t{comments}select a from t where password = 'x'",
                     f"2024-03-01T09:00:00.300000Z\t    8 Query\t{comments}use shop")
    assert [n for n, item in found] == [2, 3, 4]  # (an EXECUTE no Execute follows ran nothing: read as sent)
    audit = entries("server_audit.log", _audit(f"20240301 09:00:00,db1,ann,h,4,7,QUERY,a,'{comments}use b',0"))
    assert [item.database_name for _, item in audit] == ["a"]
    crlf = entries("general.log", (MYSQL_HEADER + "2024-03-01T09:00:00.000000Z\t    8 Connect\tann@h on shop using "
                                   "TCP/IP\n2024-03-01T09:00:00.100000Z\t    8 Query\tselect a\nfrom t\n")
                   .replace("\n", "\r\n").encode())
    assert [(n, item.query_text) for n, item in crlf] == [(5, "select a\nfrom t\r")]
    cut = entries("general.log", ("  or x = 1\n" * 1500 + "2024-03-01T09:00:00.000000Z\t    8 Connect\tann@h on "
                                  "shop using TCP/IP\n2024-03-01T09:00:00.100000Z\t    8 Query\tselect a from t\n")
                  .encode())
    assert [(n, item.query_text) for n, item in cut if not isinstance(item, BadLine)] == [(1502, "select a from t")]


def test_a_general_log_table_exported_as_json_lines_gives_each_row_its_user_and_server():
    rows = [
        {"event_time": "2024-03-01 09:00:00.100000Z", "user_host": "[ann] @ localhost []", "thread_id": 6,
         "server_id": 3, "command_type": "Connect", "argument": "ann@localhost on shop using Socket"},
        {"event_time": "2024-03-01 09:00:00.200000Z", "user_host": "ann[ann] @ localhost []", "thread_id": 6,
         "server_id": 3, "command_type": "Query", "argument": "select a from t"},
        {"event_time": "2024-03-01 09:00:00.300000Z", "user_host": "app[app_user] @ web1 [10.0.0.7]",
         "thread_id": 7, "server_id": 3, "command_type": "Query", "argument": "select b from t"},
        {"event_time": "2024-03-01 09:00:00.400000", "user_host": "ann[ann] @ localhost []", "thread_id": 6,
         "server_id": 3, "command_type": "Query", "argument": "select c from t"},
        {"event_time": "2024-03-01 09:00:00.500000Z", "user_host": "root[root] @ localhost [localhost]",
         "thread_id": 6, "server_id": 3, "command_type": "Query", "argument": "insert into log values (new.a)"}]
    found = entries("general_log.json", _json_lines(*rows))
    assert _statements(found) == {
        2: ("3:6:20240301090000200000:1", "select a from t", "ann", "shop", "2024-03-01T09:00:00.200000+00:00"),
        3: ("3:7:20240301090000300000:1", "select b from t", "app_user", None, "2024-03-01T09:00:00.300000+00:00"),
        # a trigger's statement: the row names the trigger's definer; its user is the thread's
        5: ("3:6:20240301090000500000:1", "insert into log values (new.a)", "ann", "shop",
            "2024-03-01T09:00:00.500000+00:00")}
    [(number, late)] = [(n, item) for n, item in found if isinstance(item, BadLine)]
    assert number == 4 and late.rule.startswith("event_time '2024-03-01 09:00:00.400000' has no time zone: export "
                                                "mysql.general_log after SET time_zone = '+00:00'")


@pytest.mark.parametrize("next_row", ['q3,A,SUCCESS,2024-03-01T09:00:02Z,D,S,"select b\nfrom d.s.items"',
                                      '"q3","A","SUCCESS","2024-03-01T09:00:02Z","D","S","select b from d.s.items"'])
def test_a_csv_row_whose_quoted_field_never_closes_loses_only_itself(next_row):
    """A row whose quoted field is opened and never closed (a writer that did not double a quote, a hand edit) took
    the rows after it into its field, up to the next quote, without a word: their statements were lost and the
    row's cut text resolved with theirs. The row is set aside, naming its line, and the lines after it read again."""
    header = "QUERY_ID,USER_NAME,EXECUTION_STATUS,START_TIME,DATABASE_NAME,SCHEMA_NAME,QUERY_TEXT\n"
    rows = ['q1,A,SUCCESS,2024-03-01T09:00:00Z,D,S,"select id\nfrom d.s.orders"',
            'q2,A,SUCCESS,2024-03-01T09:00:01Z,D,S,"select a from d.s.orders where c = \'x',
            next_row,
            "q4,A,SUCCESS,2024-03-01T09:00:03Z,D,S,select c from d.s.t"]
    found = entries("qh.csv", (header + "\n".join(rows) + "\n").encode())
    good = [(n, item.query_id, item.query_text) for n, item in found if not isinstance(item, BadLine)]
    assert good == [(2, "q1", "select id\nfrom d.s.orders"), (5, "q3", next_row.rsplit(",", 1)[1].strip('"')),
                    (next_row.count("\n") + 6, "q4", "select c from d.s.t")]
    assert {n: item.rule for n, item in found if isinstance(item, BadLine)} == {
        4: "the quoted field opened on line 4 does not close where a field ends: the row is set aside and the lines "
           "after it read again"}


def test_a_csv_row_whose_quoted_field_never_closes_before_unquoted_rows_loses_only_itself():
    """A writer that quotes only the fields that need it leaves no later quote to end a field left open: the file
    ended inside the field, and the rows after it were set aside with it as one row "cut off". A line after its first
    that is a row of its own shows the field never closed: the row is set aside and those lines read again (the
    review). A file truly cut inside a multi-line statement keeps its one entry."""
    header = "QUERY_ID,USER_NAME,EXECUTION_STATUS,START_TIME,DATABASE_NAME,SCHEMA_NAME,QUERY_TEXT\n"
    rows = ['q1,A,SUCCESS,2024-03-01T09:00:00Z,D,S,"select id\nfrom d.s.orders"',
            'q2,A,SUCCESS,2024-03-01T09:00:01Z,D,S,"select a from d.s.orders where c = \'x',
            "q3,A,SUCCESS,2024-03-01T09:00:02Z,D,S,select b from d.s.items",
            "q4,A,SUCCESS,2024-03-01T09:00:03Z,D,S,select c from d.s.t"]
    found = entries("qh.csv", (header + "\n".join(rows) + "\n").encode())
    assert [(n, item.query_id) for n, item in found if not isinstance(item, BadLine)] == [(2, "q1"), (5, "q3"), (6, "q4")]
    assert {n: item.rule for n, item in found if isinstance(item, BadLine)} == {
        4: "the quoted field opened on line 4 never closes: the row is set aside and the lines after it read again"}
    cut = entries("qh.csv", (header + rows[0] + '\nq2,A,SUCCESS,2024-03-01T09:00:01Z,D,S,"select a,\n  b, c, d, e, f, g, h\n'
                             'from t\n').encode())  # an indented line of as many fields as a row: a statement's
    assert {n: item.rule for n, item in cut if isinstance(item, BadLine)} == {
        4: "the file ends inside a quoted field of the row of line 4: the row is cut off"}


# --------------------------------------------------------------------------- the Spark Thrift Server's event log

_THRIFT = "org.apache.spark.sql.hive.thriftserver.ui.SparkListenerThriftServer"
_EXECUTION = "org.apache.spark.sql.execution.ui.SparkListenerSQLExecutionStart"


def _spark_events(*events: dict[str, Any]) -> bytes:
    return "".join(json.dumps(event) + "\n" for event in events).encode()


def _session(session: str, user: str) -> dict[str, Any]:
    return {"Event": f"{_THRIFT}SessionCreated", "ip": "10.0.0.5", "sessionId": session, "userName": user,
            "startTime": 1709283600000}


def _opened(spark_session: str, namespace: str) -> dict[str, Any]:
    """The ``openSession`` SQL execution of a Spark session, as Spark 4 logs it."""
    return {"Event": _EXECUTION, "executionId": 0, "description": "openSession at CLIService.java:209",
            "physicalPlanDescription": "== Physical Plan ==\nSetCatalogAndNamespace (1)\n\n\n(1) SetCatalogAndNamespace"
                                       "\nArguments: org.apache.spark.sql.connector.catalog.DefaultCatalogManager@62209f19"
                                       f", spark_catalog, List({namespace})\n\n",
            "jobTags": [f"spark-session-{spark_session}-execution-root-id-0", f"spark-session-{spark_session}"],
            "jobGroupId": None, "time": 1709283600000}


def _start(operation: str, session: str, statement: str, user: str = "ann", second: int = 1) -> dict[str, Any]:
    return {"Event": f"{_THRIFT}OperationStart", "id": operation, "sessionId": session, "statement": statement,
            "groupId": operation, "startTime": 1709283600000 + second * 1000, "userName": user}


def _ran(operation: str, spark_session: str) -> dict[str, Any]:
    return {"Event": _EXECUTION, "executionId": 1, "description": "statement", "physicalPlanDescription": "",
            "jobTags": [f"spark-session-{spark_session}"], "jobGroupId": operation, "time": 1709283601000}


def _end(operation: str, kind: str = "Finish", **fields: Any) -> dict[str, Any]:
    return {"Event": f"{_THRIFT}Operation{kind}", "id": operation, "finishTime": 1709283609000, **fields}


def test_a_thrift_server_statement_is_read_at_its_end_in_the_namespace_its_session_was_in_when_it_started():
    """Each statement at its end: its session's user, the namespace the session opened in (its Spark session's
    openSession) or its last successful USE before the statement started; an error, a cancel, a timeout and a close
    before the end FAIL; JDBC's metadata calls, the other events and an end of a statement not started in the file no
    line; a statement with no end set aside; a session opened in an earlier file in no namespace the file says."""
    found = entries("events_1_app-20240301090000-0000", _spark_events(
        {"Event": "SparkListenerLogStart", "Spark Version": "4.3.0"},
        _session("s1", "ann"), _opened("A", "sales"),
        _start("o1", "s1", "select id from orders"), _ran("o1", "A"), _end("o1"),  # lines 4-6
        _session("s2", "bob"), _opened("B", "default"),
        _start("o2", "s2", "/* go */ USE sales", "bob", 2), _ran("o2", "B"),  # line 9
        _start("o3", "s2", "select 1 from t", "bob", 3),  # line 11: started before the USE ended
        _end("o2"), _start("o4", "s2", "select 2 from t", "bob", 4), _end("o3"), _end("o4"),  # 12-15
        _start("o5", "s1", "select nope from orders", second=5),  # 16
        _end("o5", "Error", errorMsg="[UNRESOLVED_COLUMN] nope", errorTrace="..."),
        _start("o6", "s1", "select sleep from big", second=6), _end("o6", "Canceled"),  # 18-19
        _start("o7", "s1", "select 3 from t", second=7), _end("o7", "Closed"), _end("o7"),  # 20-22
        _start("o8", "s1", "Listing tables 'catalog : null, schemaPattern : %, tableTypes : null, tableName : %'"),
        _end("o8"), _end("earlier"),  # 24-25
        _start("o9", "s0", "select 4 from t", "carl", 9), _end("o9"),  # 26-27: a session of an earlier file
        _start("o10", "s1", "insert into t select 1", second=10),  # 28: the server stopped
        {"Event": "SparkListenerJobStart", "Job ID": 0}))
    good = {n: item for n, item in found if not isinstance(item, BadLine)}
    assert {n: (item.query_id, item.user_name, item.database_name, item.schema_name, item.execution_status)
            for n, item in good.items()} == {
        4: ("o1", "ann", "spark_catalog", "sales", "SUCCESS"), 9: ("o2", "bob", "spark_catalog", "default", "SUCCESS"),
        11: ("o3", "bob", "spark_catalog", "default", "SUCCESS"), 13: ("o4", "bob", "spark_catalog", "sales", "SUCCESS"),
        16: ("o5", "ann", "spark_catalog", "sales", "FAIL"), 18: ("o6", "ann", "spark_catalog", "sales", "FAIL"),
        20: ("o7", "ann", "spark_catalog", "sales", "FAIL"), 26: ("o9", "carl", None, None, "SUCCESS")}
    assert [n for n, _ in found] == [4, 9, 11, 13, 16, 18, 20, 26, 28]  # (each at its end; the unended at the file's)
    assert good[4].query_start_time.isoformat() == "2024-03-01T09:00:01+00:00" and good[4].session_id == "s1"
    assert good[4].model_extra["client_ip"] == "10.0.0.5"
    assert [good[n].model_extra["error_message"] for n in (16, 18, 20)] == [
        "[UNRESOLVED_COLUMN] nope", "cancelled", "closed by the client before it finished"]
    [(number, unended)] = [(n, item) for n, item in found if isinstance(item, BadLine)]
    assert number == 28 and unended.rule.startswith("the statement's end is not in the file (the server stopped, or "
                                                    "its event log rolled over to the next file)")


def test_a_spark_event_log_of_no_thrift_server_says_so_once_and_an_event_that_names_no_class_is_set_aside():
    """A PySpark application's event log names no statement's text: one line of the whole file says so; a line whose
    ``Event`` is no class name is set aside (a file of other JSON taken for an event log)."""
    pyspark_app = entries("local-1709283600000.jsonl", _spark_events(
        {"Event": "SparkListenerLogStart", "Spark Version": "4.3.0"},
        {**_ran("x", "A"), "jobGroupId": None, "description": "sql at NativeMethodAccessorImpl.java:0"},
        {"Event": 7, "what": "not Spark's"}))
    assert [(n, item.rule) for n, item in pyspark_app] == [
        (3, "not a Spark listener event: its 'Event' must name the event's class"),
        (0, "the Spark event log holds 1 SQL execution(s) and no Thrift Server statement: an event log names a "
            "statement's text and user only for the Thrift Server's statements (spark.sql() and DataFrame jobs are "
            "logged without them); nothing of it is read")]


def test_a_zstd_compressed_log_is_read_as_it_is_and_one_cut_short_keeps_the_lines_before_the_cut(tmp_path):
    """``.zst`` and ``.zstd`` are zstd (the second is how Spark 4 names its event log's files, with no other suffix:
    JSON Lines); several frames one after another are one stream; a file cut short is named as such, its whole lines
    before the cut kept."""
    line = {"query_id": "q{}", "query_text": "select 1", "query_start_time": "2024-03-01T09:00:00Z", "user_name": "A"}
    text = "".join(json.dumps({**line, "query_id": f"q{n}"}) + "\n" for n in range(2000))
    compressor = zstandard.ZstdCompressor()
    whole = compressor.compress(text[:50_000].encode()) + compressor.compress(text[50_000:].encode())
    for name in ("own.jsonl.zst", "own.zstd"):
        read = entries(name, whole)
        assert [item.query_id for _, item in read] == [f"q{n}" for n in range(2000)], name
    cut = entries("own.jsonl.zst", whole[: len(whole) // 3])
    *kept, (number, broken) = cut
    assert kept and all(not isinstance(item, BadLine) for _, item in kept)
    assert isinstance(broken, BadLine) and number == len(kept) + 1, broken
    assert broken.rule.startswith(f"the file is truncated or corrupt after line {len(kept)} (the zstd stream ends "
                                  "inside a frame: the file is cut short)"), broken.rule
    tail = entries("events_1_app.zstd", compressor.compress(text[:300].rsplit("\n", 1)[0].encode() + b"\n") + b"\x00\x01")
    assert [type(item).__name__ for _, item in tail] == ["LogLine", "LogLine", "BadLine"]  # (a frame, then no frame)
    assert tail[-1][1].rule.startswith("the file is truncated or corrupt after line 2 (zstd decompressor error:")
    (tmp_path / "events_1_app.zstd").write_bytes(compressor.compress(_spark_events(
        _session("s1", "ann"), _start("o1", "s1", "select 1"), _end("o1"))))
    assert detect_format(str(tmp_path / "events_1_app.zstd")).name == "spark_thrift_server"


def test_a_thrift_server_log_without_job_tags_ties_a_session_to_the_opening_after_it_and_no_other():
    """Spark 3 logs a SQL execution with no job tags: a session's opening is the ``openSession`` execution that
    follows its ``SessionCreated`` when no other session was created meanwhile; sessions that opened together are in
    a namespace the file does not say (unqualified names found in the catalog by name), never in ``default``."""
    untagged = [{key: value for key, value in event.items() if key not in ("jobTags", "jobGroupId")}
                for event in (_opened("A", "sales"), _opened("B", "hr"), _opened("C", "ops"))]
    found = entries("app-1.jsonl", _spark_events(
        _session("s1", "ann"), untagged[0], _start("o1", "s1", "select 1 from t"), _end("o1"),
        _session("s2", "bob"), _session("s3", "eve"), untagged[1], untagged[2],
        _start("o2", "s2", "select 2 from t"), _end("o2"), _start("o3", "s3", "select 3 from t"), _end("o3")))
    assert [(item.query_id, item.database_name, item.schema_name) for _, item in found] == [
        ("o1", "spark_catalog", "sales"), ("o2", None, None), ("o3", None, None)]


def test_with_single_session_every_thrift_session_shares_one_namespace_and_one_set_of_temporary_views(tmp_path):
    """``spark.sql.hive.thriftServer.singleSession``: one Spark session for all, whose namespace each session's opening
    and each USE sets for every later statement, and whose temporary views are every session's: the lines' session is
    the shared one, the client's own kept beside it."""
    environment = {"Event": "SparkListenerEnvironmentUpdate",
                   "Spark Properties": {"spark.sql.hive.thriftServer.singleSession": "true", "spark.app.name": "x"}}
    log = tmp_path / "events_1_app.jsonl"
    log.write_bytes(_spark_events(
        environment, _session("s1", "ann"), _opened("A", "sales"),
        _start("o1", "s1", "create table t (a int)"), _ran("o1", "A"), _end("o1"),
        _start("o2", "s1", "create temporary view v as select a from t"), _ran("o2", "A"), _end("o2"),
        _session("s2", "bob"), _opened("A", "default"),  # (bob's opening: USE default, for ann too)
        _start("o3", "s2", "select a from v", "bob"), _ran("o3", "A"), _end("o3"),
        _start("o4", "s1", "select a from sales.t", second=4), _ran("o4", "A"), _end("o4")))
    found = entries(log.name, log.read_bytes())
    assert [(item.query_id, item.session_id, item.model_extra["thrift_session_id"], item.schema_name)
            for _, item in found] == [("o1", "single-session", "s1", "sales"), ("o2", "single-session", "s1", "sales"),
                                      ("o3", "single-session", "s2", "default"), ("o4", "single-session", "s1", "default")]
    catalog, out = tmp_path / "catalog.json", tmp_path / "records.jsonl"
    catalog.write_text('{"objects": []}')
    assert cli.main(["resolve", "--catalog", str(catalog), "--log", str(log), "--out", str(out)]) == 0
    records = {r["query_id"]: r for r in map(json.loads, out.read_text().splitlines())}
    assert [o["objectName"] for o in records["o3"]["base_objects_accessed"]] == ["spark_catalog.sales.t"]


def test_the_thrift_servers_statements_not_yet_ended_are_held_within_a_bound(monkeypatch):
    """Past :data:`spark_thrift.PENDING_BYTES` of statements started and not ended, the oldest is set aside, saying
    so; a statement that ends is read as ever."""
    monkeypatch.setattr(spark_thrift, "PENDING_BYTES", 2000)
    found = entries("app-1.jsonl", _spark_events(
        _session("s1", "ann"), *(_start(f"o{n}", "s1", f"select {n} from t -- {'x' * 400}") for n in range(4)),
        _end("o3")))
    evicted = ("more than 2,000 bytes of statements had started and not ended when this one began: the oldest is set "
               "aside, its end not awaited")
    assert [(n, getattr(item, "query_id", None) or item.rule) for n, item in found] == [
        (2, evicted), (3, evicted), (4, evicted), (5, "o3")]  # (each start of over 1,000 bytes: one held at a time)


def test_a_spark_event_logs_task_and_stage_events_are_skipped_undecoded():
    """The events no statement needs, written as Spark writes them (its class first, no space), are never decoded: a
    broken one costs nothing; the same event written otherwise is decoded, and read as no statement."""
    found = entries("events_1_app.jsonl", b"".join((
        _spark_events(_session("s1", "ann")),
        b'{"Event":"SparkListenerTaskEnd","Stage ID":0,"Task Info":{"Launch Time": 17092\n',  # (cut: never decoded)
        b'{"Event": "SparkListenerTaskEnd", "Stage ID": 0}\n',
        b'{"Event":"org.apache.spark.sql.execution.ui.SparkListenerSQLAdaptiveExecutionUpdate","executionId":1,"physic\n',
        _spark_events(_start("o1", "s1", "select 1 from t"), _end("o1")))))
    assert [(n, item.query_id) for n, item in found] == [(5, "o1")]
