"""Names Spark resolves otherwise than other dialects, found by running Spark's own SQL tests (``sql-tests/inputs``)
through the engine beside Spark's analyzer: a column named as a keyword (``current_date``), Hive's ``grouping__id``,
a struct column named as its table (``t5.t5.*``) and the fields of a struct the catalog does not know (``st.*``)."""

from __future__ import annotations

import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import RECORDED, resolve_log


def resolved(dialect: str, *texts: str) -> list:
    lines = [validate_log_record({"query_id": f"q{n}", "query_text": text, "user_name": "U", "schema_name": "s",
                                  "database_name": "c", "query_start_time": f"2024-03-01T09:00:{n:02d}+00:00"},
                                 "case", n) for n, text in enumerate(texts)]
    found = list(resolve_log(catalog_from_dict({"objects": []}), lines, dialect=dialect, time_budget=None))
    assert [outcome.status for outcome in found] == [RECORDED] * len(texts), [outcome.reason for outcome in found]
    return found


def read(outcome) -> dict[str, list[str]]:
    return {entry["objectName"]: [column["columnName"] for column in entry.get("columns") or ()]
            for record in outcome.records for entry in record["direct_objects_accessed"]}


def written(outcome) -> dict[str, list[tuple[str, str]]]:
    """Each written column with its direct sources, ``table.column``."""
    return {column["columnName"]: [f"{source['objectName']}.{source['columnName']}"
                                   for source in column["directSources"]]
            for record in outcome.records for entry in record["objects_modified"] for column in entry["columns"]}


@pytest.mark.parametrize("dialect", ["spark", "databricks", "duckdb", "clickhouse", "mysql"])
def test_a_column_named_as_a_keyword_is_defined_by_its_name(dialect):
    """sqlglot reads ``current_date`` in a column definition as the function: the table had one column named "" where
    it has three."""
    [create] = resolved(dialect, "CREATE TABLE ttf (current_date INT, session_user INT, x INT)")
    columns = [name.casefold() for name in create.records[0]["object_modified_by_ddl"]["properties"]["columns"]]
    assert columns == ["current_date", "session_user", "x"]


@pytest.mark.parametrize("dialect", ["spark", "databricks"])
def test_spark_reads_a_column_named_as_a_keyword_before_calling_the_function(dialect):
    """Spark's analyzer turns ``current_date`` into the function only where no column has the name (datetime.sql's
    ``ttf1``): it is the column, read, the source of what it is written into and, unaliased, the name of the column
    written (``current_timestamp``, not the call's ``current_timestamp()``); without such a column, the function,
    which reads nothing."""
    _, query, ctas, function = resolved(
        dialect, "CREATE TABLE ttf (current_date INT, current_timestamp INT, x INT)",
        "SELECT current_date, current_timestamp, x FROM ttf",
        "CREATE TABLE c AS SELECT current_date AS d, current_timestamp FROM ttf",
        "CREATE TABLE e AS SELECT current_date AS d, x FROM ttf2")
    assert read(query) == {"c.s.ttf": ["current_date", "current_timestamp", "x"]}
    assert written(ctas) == {"d": ["c.s.ttf.current_date"], "current_timestamp": ["c.s.ttf.current_timestamp"]}
    assert written(function) == {"d": [], "x": ["c.s.ttf2.x"]}


def test_sparks_grouping_id_is_no_column():
    """Hive's ``grouping__id`` (group-analytics.sql) is the grouping's id, no column of the table: no warning."""
    _, query = resolved("spark", "CREATE TABLE s (course STRING, year INT, earnings INT)",
                        "SELECT course, year, grouping__id, sum(earnings) FROM s GROUP BY CUBE(course, year)")
    assert read(query) == {"c.s.s": ["course", "year", "earnings"]}
    assert query.warnings == ()


def test_a_struct_named_as_its_table_is_the_struct_where_no_schema_has_the_name():
    """``t5.t5.*`` of a table t5 in schema s with a struct column t5 (columnresolution.sql) is the struct's fields: no
    schema t5 holds a table t5. ``s.t5.*`` is the table's columns."""
    _, struct, table = resolved("spark", "CREATE TABLE t5 (i1 INT, t5 STRUCT<i1: INT, i2: INT>)",
                                "CREATE TABLE a AS SELECT t5.t5.* FROM t5", "CREATE TABLE b AS SELECT s.t5.* FROM t5")
    assert read(struct) == {"c.s.t5": ["t5"]}
    assert written(struct) == {"i1": ["c.s.t5.t5"], "i2": ["c.s.t5.t5"]}
    assert written(table) == {"i1": ["c.s.t5.i1"], "t5": ["c.s.t5.t5"]}


def test_a_struct_of_unknown_fields_as_a_whole_argument_is_its_value_source():
    """``STRUCT(st.*)`` of a struct whose fields the catalog does not know (a table made by a CTAS of
    ``NAMED_STRUCT``, struct.sql) is computed from st: it had no source."""
    _, nested = resolved("spark", "CREATE TABLE z AS SELECT 1 AS id, NAMED_STRUCT('c', 1, 'd', 2) AS st",
                         "CREATE TABLE n AS SELECT STRUCT(st.*) AS nst FROM z")
    assert written(nested) == {"nst": ["c.s.z.st"]}
