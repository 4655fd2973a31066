"""Catalogs read as the warehouse gives them: information-schema exports (examples/catalog_exports/).

Each case of ``tests/data/catalog_exports.json`` names a sample export written by hand from the
warehouse's documented columns (ClickHouse's by a real one, chDB); the export must be recognized as that warehouse's, give the
case's snapshot objects exactly, and resolve the case's log to its expected records (compared as
CONTRACT section 5 says). The other tests are the export's bad input: each is reported with the
file, the columns it has and the columns it needs, and never loses the good rows beside it.
"""

from __future__ import annotations

import csv
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import dagster as dg
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.catalog_sources import export_files, read_export
from access_history_platform.errors import CatalogError
from resources import LandingZone
from tests.support.records import differences, run_case

ROOT = Path(__file__).parents[1]
EXPORTS = ROOT / "examples" / "catalog_exports"
CASES = json.loads((Path(__file__).parent / "data" / "catalog_exports.json").read_text())
AHP = str(Path(sys.executable).with_name("ahp"))


def export(folder: Path, **kwargs):
    return read_export(export_files(folder), source=str(folder), account="ACME", **kwargs)


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_a_warehouse_export_becomes_the_catalog_its_log_resolves_against(case):
    read = export(EXPORTS / case["export"])
    assert read.format.name == case["warehouse"] and read.problems == []
    assert read.snapshot["objects"] == case["objects"]
    records = run_case({"catalog": read.snapshot, "log": case["log"], "dialect": case["dialect"]})
    assert differences(case["expected"], records) == []


def test_every_warehouse_has_a_sample_export_and_a_case():
    assert sorted(c["export"] for c in CASES) == sorted(p.name for p in EXPORTS.iterdir() if p.is_dir())
    assert sorted(c["warehouse"] for c in CASES) == ["bigquery", "clickhouse", "databricks", "fabric", "mysql", "postgres",
                                                        "redshift", "snowflake", "trino"]


def test_parquet_and_gzip_csv_parts_read_as_the_csv_export_does(tmp_path):
    for path in (EXPORTS / "databricks").iterdir():
        table = pa.Table.from_pylist(list(csv.DictReader(path.open(newline=""))))
        if path.stem == "columns":  # an unload in two parts
            pq.write_table(table.slice(0, 4), tmp_path / "columns_0_0_0.parquet")
            pq.write_table(table.slice(4), tmp_path / "columns_0_0_1.parquet")
        else:
            pq.write_table(table, tmp_path / f"{path.stem.upper()}.parquet")
    as_csv = export(EXPORTS / "databricks")
    as_parquet = export(tmp_path)
    assert as_parquet.format.name == "databricks" and as_parquet.snapshot == as_csv.snapshot

    gzipped = tmp_path / "gz"
    gzipped.mkdir()
    import gzip
    for path in (EXPORTS / "postgres").iterdir():
        (gzipped / f"{path.stem}.csv.gz").write_bytes(gzip.compress(path.read_bytes()))
    assert export(gzipped).snapshot == export(EXPORTS / "postgres").snapshot


def test_snowflakes_unload_into_a_name_with_a_suffix_is_read_and_misnamed_files_are_named(tmp_path):
    """``COPY INTO @stage/TABLES.csv`` takes the name as a prefix: its files are ``TABLES.csv_0_0_0.csv.gz``, which
    were left out, and the error said only that the export had no export file (a reviewer's Snowflake unload)."""
    import gzip

    unloaded, misnamed = tmp_path / "unloaded", tmp_path / "misnamed"
    for folder in (unloaded, misnamed):
        folder.mkdir()
    for path in (EXPORTS / "snowflake").iterdir():
        (unloaded / f"{path.name}_0_0_0.csv.gz").write_bytes(gzip.compress(path.read_bytes()))
        (misnamed / f"SF_{path.name}_0_0_0.csv.gz").write_bytes(gzip.compress(path.read_bytes()))
    assert export(unloaded).snapshot == export(EXPORTS / "snowflake").snapshot
    with pytest.raises(CatalogError) as caught:
        export(misnamed)
    message = str(caught.value)
    assert message.startswith(f"{misnamed}: the export has no TABLES or COLUMNS file; it has no export file")
    assert f"left out: {misnamed / 'SF_COLUMNS.csv_0_0_0.csv.gz'}: the file name does not name a view" in message


def copy_export(tmp_path: Path, warehouse: str) -> Path:
    folder = tmp_path / warehouse
    shutil.copytree(EXPORTS / warehouse, folder)
    return folder


def rewrite(path: Path, change) -> None:
    rows = list(csv.reader(path.open(newline="")))
    with path.open("w", newline="") as out:
        csv.writer(out).writerows(change(rows))


def test_an_incomplete_export_names_the_columns_it_has_and_needs(tmp_path):
    folder = copy_export(tmp_path, "postgres")
    rewrite(folder / "columns.csv", lambda rows: [[c for i, c in enumerate(r) if rows[0][i] != "data_type"] for r in rows])
    with pytest.raises(CatalogError) as caught:
        export(folder)
    message = str(caught.value)
    assert "not a known information-schema export" in message
    assert f"{folder / 'columns.csv'} (COLUMNS) has columns CHARACTER_MAXIMUM_LENGTH, COLUMN_DEFAULT, COLUMN_NAME" in message
    assert "(missing DATA_TYPE)" in message and "postgres" in message and "Traceback" not in message

    (folder / "tables.csv").unlink()
    with pytest.raises(CatalogError, match="the export has no TABLES file; it has COLUMNS, VIEWS"):
        export(folder)


def test_the_command_line_reports_an_unusable_export_without_a_stack_trace(tmp_path):
    folder = copy_export(tmp_path, "trino")
    rewrite(folder / "tables.csv", lambda rows: [r[:3] for r in rows])  # no table_type
    proc = subprocess.run([AHP, "catalog", "--export", str(folder)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr.startswith(f"ahp: error: {folder}: not a known information-schema export")
    assert "(missing TABLE_TYPE)" in proc.stderr and "Traceback" not in proc.stderr


def test_a_declared_warehouse_is_checked_against_the_columns(tmp_path):
    assert export(EXPORTS / "trino", warehouse="postgresql").format.name == "postgres"  # the core columns fit
    with pytest.raises(CatalogError, match="snowflake has no TAG_REFERENCES view|postgres has no TAG_REFERENCES view"):
        export(EXPORTS / "snowflake", warehouse="postgres")
    with pytest.raises(CatalogError, match="unknown warehouse 'oracle'"):
        export(EXPORTS / "trino", warehouse="oracle")


def test_files_that_mix_two_warehouses_exports_are_refused(tmp_path):
    folder = copy_export(tmp_path, "snowflake")
    for name in ("COLUMNS.csv", "VIEWS.csv"):
        (folder / name).unlink()
    shutil.copy(EXPORTS / "bigquery" / "COLUMNS.csv", folder / "COLUMNS.csv")
    with pytest.raises(CatalogError, match=r"mix exports of different warehouses: .*COLUMNS.csv has the columns of "
                                           r"bigquery; .*TABLES.csv has the columns of snowflake"):
        export(folder)



def test_two_warehouses_exports_in_one_folder_are_refused_though_their_columns_are_the_standards(tmp_path):
    # Snowflake's TABLES.csv and COLUMNS.csv beside PostgreSQL's tables.csv and columns.csv: each view's files
    # differ in columns (they were read as one Trino export, Snowflake's external table and view left out)
    folder = copy_export(tmp_path, "snowflake")
    for name in ("tables.csv", "columns.csv"):
        shutil.copy(EXPORTS / "postgres" / name, folder / name)
    with pytest.raises(CatalogError, match=r"mix exports: their COLUMNS files have different columns: COLUMNS.csv "
                                           r"has .*; columns.csv has .*UDT_NAME"):
        export(folder)


def test_a_tables_file_and_a_columns_file_of_two_exports_are_refused(tmp_path):
    # PostgreSQL's tables.csv beside Snowflake's COLUMNS.csv: no column is of a listed table (every column row was
    # left out and the catalog written without columns, exit 0)
    folder = tmp_path / "mixed"
    folder.mkdir()
    shutil.copy(EXPORTS / "postgres" / "tables.csv", folder / "tables.csv")
    shutil.copy(EXPORTS / "snowflake" / "COLUMNS.csv", folder / "COLUMNS.csv")
    with pytest.raises(CatalogError, match=r"none of the \d+ column\(s\) of COLUMNS.csv is of a table tables.csv lists: "
                                           r"the files are not of one export"):
        export(folder)

def test_bad_rows_are_left_out_with_file_and_line_and_the_rest_is_read(tmp_path):
    folder = copy_export(tmp_path, "postgres")
    rewrite(folder / "tables.csv", lambda rows: [*rows, ["shop", "sales", "odd", "SEQUENCE", *[""] * 8],
                                                 ["shop", "", "nameless", "BASE TABLE", *[""] * 8]])
    rewrite(folder / "columns.csv", lambda rows: [*rows, ["shop", "sales", "ghost", "x", "1", "", "YES", "integer",
                                                          *[""] * 8]])
    (folder / "notes.csv").write_text("a,b\n1,2\n")
    read = export(folder)
    names = [o["name"] for o in read.snapshot["objects"]]
    assert names == [o["name"] for o in export(EXPORTS / "postgres").snapshot["objects"]]
    problems = "\n".join(read.problems)
    assert f"{folder / 'tables.csv'}:7: shop.sales.odd: TABLE_TYPE 'SEQUENCE' is not one of postgres's" in problems
    assert f"{folder / 'tables.csv'}:8: TABLE_CATALOG, TABLE_SCHEMA and TABLE_NAME must not be empty" in problems
    assert f"{folder / 'columns.csv'}:13: the column 'x' of shop.sales.ghost: TABLES does not list its table" in problems
    assert f"{folder / 'notes.csv'}: the file name does not name a view" in problems
    catalog_from_dict(read.snapshot)  # what is left is a valid snapshot


def test_sql_servers_column_properties_tell_the_columns_an_insert_without_a_column_list_leaves_out(tmp_path):
    """The README's SQL Server COLUMNS query adds COLUMNPROPERTY's IsIdentity, IsComputed and IsHidden: those columns
    and a ``timestamp`` (a rowversion) are ones T-SQL's insert without a column list leaves out, a hidden one ``*``
    too; an export without them reads as before."""
    folder = copy_export(tmp_path, "fabric")
    flags = {"OrderID": ("1", "0", "0"), "Region": ("0", "1", "0"), "CustomerID": ("0", "0", "1")}
    def flagged(rows: list[list[str]]) -> list[list[str]]:
        rows = [[*r, *(flags.get(r[3], ("0", "0", "0")) if r[2] == "Orders" else ("0", "0", "0"))] for r in rows]
        rows[0][-3:] = ["IS_IDENTITY", "IS_COMPUTED", "IS_HIDDEN"]
        rows.append(["SalesWH", "Sales", "Orders", "RowVer", "5", "", "NO", "timestamp", *[""] * 15, "0", "0", "0"])
        return rows
    rewrite(folder / "COLUMNS.csv", flagged)
    read = export(folder)
    assert read.problems == []
    orders = next(o for o in read.snapshot["objects"] if o["name"] == "SalesWH.Sales.Orders")
    assert [(c["name"], c.get("generated", False), c.get("invisible", False)) for c in orders["columns"]] == [
        ("OrderID", True, False), ("CustomerID", False, True), ("Region", True, False), ("Amount", False, False),
        ("RowVer", True, False)]
    records = run_case({"catalog": read.snapshot, "dialect": "tsql", "log": [
        {"query_id": "q", "query_text": "INSERT INTO Sales.Orders SELECT 1 AS n", "user_name": "U",
         "query_start_time": "2026-11-16T09:00:00+00:00", "database_name": "SalesWH"},
        {"query_id": "q2", "query_text": "SELECT * FROM Sales.Orders", "user_name": "U",
         "query_start_time": "2026-11-16T09:01:00+00:00", "database_name": "SalesWH"}]})
    [written] = records[0]["objects_modified"]
    assert [c["columnName"] for c in written["columns"]] == ["Amount"]
    [read_] = records[1]["direct_objects_accessed"]
    assert [c["columnName"] for c in read_["columns"]] == ["OrderID", "Region", "Amount", "RowVer"]
    plain = export(EXPORTS / "fabric").snapshot["objects"]
    assert all("generated" not in c and "invisible" not in c for o in plain for c in o.get("columns", []))


@pytest.mark.parametrize("warehouse, file, table, column, stored", [
    # PostgreSQL's own text of the expression; its generated columns are all stored (before 18)
    ("postgres", "columns.csv", "sales.customers", "email",
     {"is_generated": "ALWAYS", "generation_expression": "split_part((email)::text, '@'::text, 2)"}),
    ("mysql", "COLUMNS.csv", "sakila.actor", "first_name",
     {"EXTRA": "STORED GENERATED", "GENERATION_EXPRESSION": "upper(`first_name`)"}),
])
def test_a_stored_generated_column_is_written_with_the_columns_its_expression_reads(tmp_path, warehouse, file, table,
                                                                                    column, stored):
    """A column the warehouse computes when a row is written (PostgreSQL's ``GENERATED ALWAYS AS (e) STORED``, MySQL's
    ``STORED``), as the export's ``IS_GENERATED`` or ``EXTRA`` and ``GENERATION_EXPRESSION`` tell it: an insert that
    writes the column its expression reads writes it too, from the same source."""
    folder = copy_export(tmp_path, warehouse)
    def with_generated(rows: list[list[str]]) -> list[list[str]]:
        header = rows[0] + [c for c in stored if c not in rows[0]]
        rows = [r + [""] * (len(header) - len(r)) for r in rows]
        source = dict(zip(header, next(r for r in rows if r[1:4] == [*table.split("."), column])))
        source[header[3]], source[header[4]] = "derived", "99"  # COLUMN_NAME, ORDINAL_POSITION
        return [header, *rows[1:], [(source | stored)[c] for c in header]]
    rewrite(folder / file, with_generated)
    read = export(folder)
    assert read.problems == []
    columns = {c["name"]: c for o in read.snapshot["objects"] if o["name"].endswith(table) for c in o["columns"]}
    assert (columns["derived"].get("stored_from"), columns["derived"].get("generated")) == ([column], True)
    assert "stored_from" not in columns[column]
    records = run_case({"catalog": read.snapshot, "dialect": warehouse, "log": [
        {"query_id": "q", "query_text": f"INSERT INTO {table} ({column}) SELECT {column} FROM {table}",
         "user_name": "U", "query_start_time": "2026-11-16T09:00:00+00:00", "database_name": "shop"}]})
    [written] = records[0]["objects_modified"]
    sources = {c["columnName"]: [s["columnName"] for s in c["directSources"]] for c in written["columns"]}
    assert sources == {column: [column], "derived": [column]}


def test_a_name_holding_a_dot_is_left_out_with_its_columns_and_said_so_and_the_rest_is_read(tmp_path):
    """A ClickHouse materialized view's storage table (``.inner_id.<uuid>``) has a name holding a dot, which a
    snapshot's name (parts split at dots) cannot hold: the whole export was refused ("has an empty part")."""
    folder = copy_export(tmp_path, "clickhouse")
    inner = ".inner_id.5d3c2b1a-0000-4000-8000-000000000001"
    def renamed(rows: list[list[str]]) -> list[list[str]]:  # (ClickHouse writes each column twice, in two cases)
        return [*rows, [inner if cell == rows[1][2] else cell for cell in rows[1]]]
    rewrite(folder / "tables.csv", renamed)
    rewrite(folder / "columns.csv", renamed)
    read = export(folder)
    assert read.snapshot["objects"] == export(EXPORTS / "clickhouse").snapshot["objects"]
    [problem] = read.problems
    last = len((folder / "tables.csv").read_text().splitlines())  # (the row added last)
    assert problem.startswith(f"{folder / 'tables.csv'}:{last}: shop.{inner}: a name holding a dot")
    catalog_from_dict(read.snapshot)


def test_a_view_without_its_definition_is_kept_unexpanded_and_reported(tmp_path):
    folder = copy_export(tmp_path, "postgres")
    rewrite(folder / "views.csv", lambda rows: [r if r[2] != "big_orders" else [*r[:3], "", *r[4:]] for r in rows])
    read = export(folder)
    view = next(o for o in read.snapshot["objects"] if o["name"] == "shop.reporting.big_orders")
    assert view["shared"] is True and "definition" not in view
    assert any("View shop.reporting.big_orders: the export gives no definition" in p for p in read.problems)
    records = run_case({"catalog": read.snapshot, "dialect": "postgres", "log": [
        {"query_id": "q", "query_text": "select total from reporting.big_orders", "user_name": "U",
         "query_start_time": "2026-11-16T09:00:00+00:00", "database_name": "shop"}]})
    assert [o["objectName"] for o in records[0]["base_objects_accessed"]] == ["shop.reporting.big_orders"]


def test_a_csv_row_of_more_fields_than_its_header_is_left_out_naming_its_line(tmp_path):
    """A view's definition holding commas, not quoted, was cut at its first comma and the rest read as other
    columns, without a word (a reviewer's MySQL export): the row cannot be told apart, and is left out, named."""
    folder = copy_export(tmp_path, "postgres")
    lines = (folder / "views.csv").read_text().splitlines()
    header = lines[0].split(",")
    lines.append(",".join(["shop", "reporting", "odd_view", "select a, b from shop.sales.orders",
                           *[""] * (len(header) - 4)]))
    (folder / "views.csv").write_text("\n".join(lines) + "\n")
    read = export(folder)
    assert f"{folder / 'views.csv'}:{len(lines)}: the row has {len(header) + 1} fields where the header names " \
           f"{len(header)} (a field holding a comma, a quote or a line break must be quoted); the row is left out" \
        in read.problems
    assert read.snapshot == export(EXPORTS / "postgres").snapshot, "the other rows as before"


@pytest.mark.parametrize("dialect, behind", [
    ("postgres", [("appdb.public.accounts", 1), ("appdb.reporting.audit", 2)]),
    ("redshift", [("appdb.public.accounts", 1), ("appdb.reporting.audit", 2)]),
    ("snowflake", [("appdb.reporting.ACCOUNTS", None), ("appdb.reporting.audit", 2)]),  # its own schema only
])
def test_a_postgres_views_exported_text_finds_public_tables_its_own_schema_lacks(dialect, behind):
    """PostgreSQL's text of a view (information_schema.views, as an export holds it) leaves out the schema of the
    tables the exporting session's search path finds: the view reporting.active_accounts over public.accounts reads
    "FROM accounts". It was read as reporting.accounts, an object no catalog has (a reviewer's real PostgreSQL 15
    export). A name the view's own schema has is still its own schema's."""
    catalog = {"objects": [
        {"domain": "Table", "name": "appdb.public.accounts", "id": 1, "columns": [{"name": "id"}, {"name": "name"}]},
        {"domain": "Table", "name": "appdb.reporting.audit", "id": 2, "columns": [{"name": "id"}]},
        {"domain": "View", "name": "appdb.reporting.active_accounts", "id": 3,
         "definition": " SELECT accounts.id,\n    accounts.name\n   FROM accounts\n"
                       "  WHERE id IN (SELECT id FROM audit);"},
    ]}
    records = run_case({"catalog": catalog, "dialect": dialect, "log": [
        {"query_id": "q", "query_text": "select name from reporting.active_accounts", "user_name": "U",
         "query_start_time": "2026-11-16T09:00:00+00:00", "database_name": "appdb"}]})
    assert [(o["objectName"], o["objectId"]) for o in records[0]["base_objects_accessed"]] == behind


def test_the_command_line_writes_the_snapshot_the_pipeline_reads(tmp_path):
    out = tmp_path / "catalog.json"
    proc = subprocess.run([AHP, "catalog", "--export", str(EXPORTS / "snowflake"), "--account", "HR_PROD",
                           "--out", str(out)], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert "ahp: 12 objects from a snowflake catalog; 0 problem(s), each named above" in proc.stderr
    snapshot = json.loads(out.read_text())
    assert snapshot["account"] == "HR_PROD" and snapshot["objects"] == CASES[0]["objects"]


# --------------------------------------------------------------------------- the landing zone


def test_the_landing_zone_reads_an_accounts_export_folder_and_lists_none_of_it_as_logs(tmp_path):
    landing = tmp_path / "landing"
    shutil.copytree(EXPORTS / "postgres", landing / "SHOP" / "catalog")
    (landing / "SHOP" / "2026-11-16").mkdir()
    (landing / "SHOP" / "2026-11-16" / "q.jsonl").write_text("")
    zone = LandingZone(root=str(landing))
    start = zone.catalog_start("SHOP")
    assert start.origin.endswith("SHOP/catalog (postgres information-schema export)")
    assert start.snapshot == export(EXPORTS / "postgres").snapshot | {"account": "SHOP"}
    listing = zone.listing()
    assert [f.name for f in listing.files] == ["q.jsonl"] and listing.ignored == []
    assert zone.days("SHOP") == [__import__("datetime").date(2026, 11, 16)]

    (landing / "SHOP" / "catalog.json").write_text('{"objects": []}')
    with pytest.raises(dg.Failure, match="holds both catalog.json and catalog/"):
        zone.catalog_start("SHOP")


def test_a_columns_type_written_as_type_is_refused_naming_the_field_data_type():
    snapshot = {"objects": [{"domain": "Table", "name": "D.S.T", "columns": [{"name": "A", "type": "NUMBER"}]}]}
    with pytest.raises(CatalogError, match=r"columns.0.type: Extra inputs are not permitted \(the field is named "
                                           r"'data_type'"):
        catalog_from_dict(snapshot)
    snapshot["objects"][0]["columns"][0] = {"name": "A", "data_type": "NUMBER"}
    assert catalog_from_dict(snapshot).by_name("Table", "D.S.T").columns[0].data_type == "NUMBER"


@pytest.mark.parametrize("arguments", ['["NAME", "REGION"]', '["REGION"]'])
def test_a_conditional_masking_policys_columns_come_from_policy_references(tmp_path, arguments):
    """POLICY_REFERENCES.REF_ARG_COLUMN_NAMES of a masking policy (its USING columns, with or without the masked
    column first) becomes the column's ``masking_using``, the masked column first."""
    folder = copy_export(tmp_path, "snowflake")
    rewrite(folder / "POLICY_REFERENCES.csv",
            lambda rows: [[arguments if r[3] == "NAME_MASK" and rows[0][i] == "REF_ARG_COLUMN_NAMES" else c
                           for i, c in enumerate(r)] for r in rows])
    read = export(folder)
    table = next(o for o in read.snapshot["objects"] if o["name"] == "HR.RAW.EMPLOYEES")
    name = next(c for c in table["columns"] if c["name"] == "NAME")
    assert name["masking_policy"] == "GOV.POLICIES.NAME_MASK" and name["masking_using"] == ["NAME", "REGION"]
    column = catalog_from_dict(read.snapshot).by_name("Table", "HR.RAW.EMPLOYEES").column("NAME")
    assert column.masking_using == ("NAME", "REGION")


SNAPSHOT = b'{"objects": [{"domain": "Table", "name": "DB.S.T", "columns": [{"name": "A"}]}]}'


@pytest.mark.parametrize("content, problem", [
    (b"\xef\xbb\xbf" + SNAPSHOT, None),  # a byte order mark, as a log file may start with
    (SNAPSHOT.replace(b"DB.S.T", b"DB.S.\xff"), "not UTF-8 text (byte 0xff at offset 47)"),
    (b"[" * 200_000, "nested too deeply"),
])
def test_a_catalog_json_is_read_or_refused_naming_itself(tmp_path, content, problem):
    """The landed catalog.json and log_format.json and ahp's --catalog: a byte order mark is read past (it was
    'not valid JSON ... line 1 column 1'), bytes that are not UTF-8 and a document nested too deeply are refused
    naming the file (they were a UnicodeDecodeError naming no file and a RecursionError)."""
    from access_history_platform.catalog import load_catalog

    account = tmp_path / "landing" / "ACME"
    account.mkdir(parents=True)
    (account / "catalog.json").write_bytes(content)
    (account / "log_format.json").write_bytes(content[:3] + b'{"format": "snowflake"}' if problem is None else content)
    landing = LandingZone(root=str(tmp_path / "landing"))
    if problem is None:
        assert [o.name for o in load_catalog(account / "catalog.json").objects()] == ["DB.S.T"]
        assert landing.catalog_start("ACME").snapshot["objects"][0]["name"] == "DB.S.T"
        assert landing.log_format("ACME").name == "snowflake"
        return
    with pytest.raises(CatalogError, match=re.escape(problem)) as raised:
        load_catalog(account / "catalog.json")
    assert str(account / "catalog.json") in str(raised.value)
    for read in (lambda: landing.catalog_start("ACME"), lambda: landing.log_format("ACME")):
        with pytest.raises(dg.Failure, match=re.escape(problem)) as failed:
            read()
        assert "ACME/" in str(failed.value.description)
