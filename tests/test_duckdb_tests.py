"""What running DuckDB's own test SQL beside its planner (``EXPLAIN (FORMAT JSON)``, review s16a) found: a rename
that moved a table or view out of its schema (DuckDB and SQLite rename in place), ``pragma_`` views read as user
tables, and the ``histogram`` table macros, whose table was not read."""

from __future__ import annotations

import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import NO_RECORD, RECORDED, resolve_log


def resolved(*texts: str, dialect: str = "duckdb", context: dict | None = None) -> list:
    """The outcomes of ``texts``, one line each of one session in DuckDB's ``memory.main``."""
    context = {"database_name": "memory", "schema_name": "main"} if context is None else context
    lines = [validate_log_record({"query_id": f"q{n}", "query_text": text, "user_name": "U", "session_id": "s1",
                                  **context, "query_start_time": f"2024-03-01T09:00:{n:02d}+00:00"}, "case", n)
             for n, text in enumerate(texts)]
    return list(resolve_log(catalog_from_dict({"objects": []}), lines, dialect=dialect))


def read(outcome) -> dict[str, list[str]]:
    assert outcome.status == RECORDED, outcome.reason
    return {entry["objectName"]: sorted(column["columnName"] for column in entry.get("columns") or ())
            for record in outcome.records for entry in record["base_objects_accessed"]}


def test_a_rename_keeps_a_table_or_view_in_its_schema():
    """``ALTER TABLE s1.t RENAME TO t2`` is ``s1.t2`` ("cannot be used to move a table between schemas"), read with
    its columns; it had been moved to the session's schema, and ``s1.t2`` was an unknown table."""
    *_, table, view = resolved(
        "CREATE SCHEMA s1", "CREATE TABLE tbl (i INTEGER)", "CREATE VIEW s1.v AS SELECT i FROM main.tbl",
        "ALTER VIEW s1.v RENAME TO v2", "CREATE TABLE s1.t (j INTEGER)", "ALTER TABLE s1.t RENAME TO t2",
        "SELECT * FROM s1.t2", "SELECT * FROM s1.v2")
    assert read(table) == {"memory.s1.t2": ["j"]} and read(view) == {"memory.main.tbl": ["i"]}


def test_sqlite_renames_a_table_of_an_attached_database_in_it():
    _, renamed, query = resolved("CREATE TABLE aux.t (a int)", "ALTER TABLE aux.t RENAME TO t2",
                                 "SELECT a FROM aux.t2", dialect="sqlite",
                                 context={"database_name": "app", "schema_name": "main"})
    assert renamed.records[0]["object_modified_by_ddl"]["properties"] == {"objectName": {"value": "app.aux.t2"}}
    assert read(query) == {"app.aux.t2": ["a"]}


@pytest.mark.parametrize("query", ["SELECT name FROM pragma_database_list", "SELECT * FROM pragma_table_info('t')"])
def test_a_pragma_view_is_the_catalogs_not_a_table(query):
    (outcome,) = resolved(query)
    assert outcome.status == NO_RECORD, outcome.reason


@pytest.mark.parametrize(("query", "read_column", "columns"), [
    ("SELECT * FROM histogram_values(integers, i, bin_count := 2)", "i", ["bin", "count"]),
    ("SELECT bin, count FROM histogram(main.integers, i % 2)", "i", ["bin", "count", "bar"]),
    ("SELECT * FROM histogram('integers', j)", "j", ["bin", "count", "bar"])])
def test_a_histogram_macro_reads_its_tables_column(query, read_column, columns):
    """``histogram(source, col_name)`` is DuckDB's table macro ``... FROM query_table(source)``: it reads the table's
    column (it had read nothing, as no record), its rows the bins and their counts."""
    *_, outcome = resolved("CREATE TABLE integers (i INT, j INT)", query,
                           "CREATE TABLE h AS " + query.replace("SELECT bin, count", "SELECT *"))
    assert read(outcome) == {"memory.main.integers": [read_column]}
    (written,) = outcome.records[0]["objects_modified"]
    assert [column["columnName"] for column in written["columns"]] == columns


def test_a_merge_action_after_a_line_break_is_read():
    """``WHEN NOT MATCHED THEN`` and ``INSERT BY NAME`` on the next line (DuckDB's merge tests): set aside before."""
    *_, merge = resolved("CREATE TABLE src (i int)",
                         "merge into src using (select 1 as i) as u on u.i = src.i when not matched then\n"
                         "insert by name")
    assert read(merge) == {"memory.main.src": ["i"]}
    assert [entry["objectName"] for entry in merge.records[0]["objects_modified"]] == ["memory.main.src"]


def test_a_fixed_size_array_column_unnested_is_read():
    """``UNNEST(c)`` of a ``DOUBLE[2]`` column: the type the log's DDL kept (``ARRAY<DOUBLE>[2]``, which sqlglot
    does not read back) had raised an internal error."""
    *_, query = resolved("CREATE TABLE d (doubles_fixed DOUBLE[2])", "SELECT UNNEST(doubles_fixed) FROM d")
    assert read(query) == {"memory.main.d": ["doubles_fixed"]}


def test_a_table_macro_and_a_scalar_macro_of_one_name_and_arity_are_each_called_where_they_belong():
    """DuckDB keeps ``CREATE MACRO xt(a, b) AS a + b`` and ``CREATE MACRO xt(id, imax) AS TABLE SELECT ...`` apart: a
    FROM item calls the table macro, which reads test_tbl (the scalar one had been taken, and nothing was read), an
    expression the scalar one."""
    *_, table, scalar = resolved("CREATE TABLE test_tbl (id INT, name TEXT)", "CREATE MACRO xt(a, b) AS a + b",
                                 "CREATE MACRO xt(id, imax) AS TABLE SELECT id, name FROM test_tbl WHERE id <= imax",
                                 "SELECT * FROM xt(id, 1)", "SELECT xt(1, 2) AS s")
    assert read(table) == {"memory.main.test_tbl": ["id", "name"]} and read(scalar) == {}


@pytest.mark.parametrize("schema", [None, "test"])
def test_a_search_path_of_several_schemas_is_searched_in_order(schema):
    """``SET search_path = 'test,test2'``: an unqualified name test lacks is test2's (it had been test's, a table that
    does not exist), on lines that give no schema and on lines that give DuckDB's current_schema(); ``RESET`` goes
    back to main."""
    context = {"database_name": "memory", **({"schema_name": schema} if schema else {})}
    outcomes = resolved(
        "CREATE SCHEMA test", "CREATE SCHEMA test2", "CREATE TABLE test2.t2 (i INT)", "CREATE TABLE test.t (a INT)",
        "CREATE TABLE main.t (b INT)", "SET search_path = 'test,test2'", "SELECT i FROM t2", "SELECT * FROM t",
        "RESET search_path", "SELECT * FROM t" if schema is None else "SELECT * FROM main.t", context=context)
    found, first, reset = outcomes[6], outcomes[7], outcomes[9]
    assert read(found) == {"memory.test2.t2": ["i"]} and read(first) == {"memory.test.t": ["a"]}
    assert read(reset) == {"memory.main.t": ["b"]}


@pytest.mark.parametrize("dialect", ["duckdb", "snowflake"])
def test_a_recursive_json_path_sqlglot_cannot_write_in_the_dialect_is_read(dialect):
    """DuckDB's ``j->'$..duck'`` (recursive descent; json_test_type.test): an unaliased item so written had no name
    sqlglot could print in the dialect, and a view of it no definition, each an internal error that set the statement
    aside (the CTAS's write lost); named and kept as sqlglot writes it now."""
    context = {"database_name": "memory", "schema_name": "main"} if dialect == "duckdb" else \
        {"database_name": "D", "schema_name": "S"}
    path = "j->'$..duck'" if dialect == "duckdb" else "json_extract_path_text(j, 'a..b')"
    _, query, ctas, view, through = resolved(
        "CREATE TABLE t (j JSON, id INT)", f"SELECT {path} FROM t", f"CREATE TABLE u AS SELECT id, {path} FROM t",
        f"CREATE VIEW v AS SELECT {path} AS x, id FROM t", "SELECT x FROM v", dialect=dialect, context=context)
    table = "memory.main.t" if dialect == "duckdb" else "D.S.T"
    j, i = ("j", "id") if dialect == "duckdb" else ("J", "ID")
    assert read(query) == {table: [j]} and read(ctas) == {table: sorted([i, j])}
    assert view.status == RECORDED and read(through) == {table: [j]}


def test_a_recursive_ctes_key_list_with_aggregates_is_read():
    """``USING KEY (k, min(v))`` and ``... sum(abs(v)) AS v`` (DuckDB 1.3's aggregated keys, recursive CTE tests):
    set aside before, the table read and a CTAS's write lost."""
    *_, query, ctas = resolved(
        "CREATE TABLE src (i INT, s VARCHAR)",
        "WITH RECURSIVE t(k, v) USING KEY (k, min(v)) AS (SELECT i, 3 FROM src UNION SELECT k, v - 1 FROM t "
        "WHERE v > 0) TABLE t",
        "CREATE TABLE r AS WITH RECURSIVE t(k, v) USING KEY (k, sum(abs(v)) AS v) AS (SELECT i, 3 FROM src UNION "
        "SELECT k, v - 1 FROM t WHERE v > 0) SELECT k, v FROM t")
    assert read(query) == read(ctas) == {"memory.main.src": ["i"]}
    assert [entry["objectName"] for entry in ctas.records[0]["objects_modified"]] == ["memory.main.r"]
