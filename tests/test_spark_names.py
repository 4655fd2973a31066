"""Names Spark resolves otherwise than other dialects, found by running Spark's own SQL tests (``sql-tests/inputs``)
through the engine beside Spark's analyzer: a column named as a keyword (``current_date``), Hive's ``grouping__id``,
a struct column named as its table (``t5.t5.*``), the fields of a struct the catalog does not know (``st.*``), Spark
4's session variables named bare (``WHERE b > lim``) and its paths into a VARIANT (``v:a.b``)."""

from __future__ import annotations

import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import RECORDED, resolve_log


def resolved(dialect: str, *texts: str, recorded: bool = True) -> list:
    """The outcomes of ``texts``, one line each of one session (each recorded, unless not ``recorded``)."""
    lines = [validate_log_record({"query_id": f"q{n}", "query_text": text, "user_name": "U", "schema_name": "s",
                                  "database_name": "c", "session_id": "s1",
                                  "query_start_time": f"2024-03-01T09:00:{n:02d}+00:00"},
                                 "case", n) for n, text in enumerate(texts)]
    found = list(resolve_log(catalog_from_dict({"objects": []}), lines, dialect=dialect, time_budget=None))
    if recorded:
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
    which reads nothing, also in a subquery without FROM (``(SELECT current_date)``, Spark 5's
    session-variable-precedence.sql: no outer query's column)."""
    _, query, ctas, function, inner = resolved(
        dialect, "CREATE TABLE ttf (current_date INT, current_timestamp INT, x INT)",
        "SELECT current_date, current_timestamp, x FROM ttf",
        "CREATE TABLE c AS SELECT current_date AS d, current_timestamp FROM ttf",
        "CREATE TABLE e AS SELECT current_date AS d, x FROM ttf2",
        "CREATE TABLE f AS SELECT (SELECT current_date) AS d, x FROM ttf")
    assert read(query) == {"c.s.ttf": ["current_date", "current_timestamp", "x"]}
    assert written(ctas) == {"d": ["c.s.ttf.current_date"], "current_timestamp": ["c.s.ttf.current_timestamp"]}
    assert written(function) == {"d": [], "x": ["c.s.ttf2.x"]}
    assert (read(inner), written(inner)) == ({"c.s.ttf": ["x"]}, {"d": [], "x": ["c.s.ttf.x"]})


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


@pytest.mark.parametrize("dialect", ["spark", "databricks"])
def test_a_session_variable_named_bare_is_read_from_no_table(dialect):
    """Spark 4's and Databricks' ``DECLARE VARIABLE lim`` makes ``lim`` a name a later statement of the session may
    give bare: where no column of its tables has the name, it is the variable (Spark's analyzer looks for a column
    first), read from no table and no "no such column" warning; after ``DROP TEMPORARY VARIABLE`` it is an unknown
    column again. A string variable names an object in ``IDENTIFIER(tn)``, and a variable a compound statement
    declares is known to the statements after it in the block."""
    outcomes = resolved(
        dialect, "CREATE TABLE t (a INT, b INT, c STRING)", "CREATE TABLE u (a INT, lim INT)",
        "DECLARE VARIABLE lim INT DEFAULT 3", "SELECT a FROM t WHERE b > LIM", "SELECT a FROM u WHERE lim > 1",
        "DECLARE OR REPLACE VARIABLE tn STRING DEFAULT 't'", "SELECT c FROM IDENTIFIER(tn)",
        "BEGIN DECLARE x INT DEFAULT 1; SELECT a FROM t WHERE b > x; END",
        "DROP TEMPORARY VARIABLE lim", "SELECT a FROM t WHERE b > lim", recorded=False)
    by_id = {outcome.statement.query_id: outcome for outcome in outcomes}
    variable, column, named, block, dropped = (by_id[query_id] for query_id in ("q3", "q4", "q6", "q7#2", "q9"))
    assert [outcome.status for outcome in (variable, column, named, block, dropped)] == [RECORDED] * 5
    assert (read(variable), variable.warnings) == ({"c.s.t": ["a", "b"]}, ())
    assert (read(column), column.warnings) == ({"c.s.u": ["a", "lim"]}, ())
    assert read(named) == {"c.s.t": ["c"]}
    assert (read(block), block.warnings) == ({"c.s.t": ["a", "b"]}, ())
    assert [warning.split(":")[0] for warning in dropped.warnings] == ["column lim"]


@pytest.mark.parametrize("dialect", ["spark", "databricks"])
def test_a_path_into_a_variant_is_read_and_named_by_its_last_key(dialect):
    """Spark 4 has Databricks' ``v:a.b`` (its "semi-structured extraction operator"), which sqlglot reads in
    Databricks' grammar only: a Spark statement holding one was set aside as unparsable. Unaliased, a path is named by
    its last key, also past a subscript or under a cast (Spark 4.3 names ``v:c[0]`` ``c`` and ``v:d::int`` ``d``;
    ``test_spark_analyzer.py``'s ``variant_paths`` checks the same against Spark's analyzer)."""
    _, ctas = resolved(dialect, "CREATE TABLE e (id BIGINT, v VARIANT)",
                       "CREATE TABLE c AS SELECT id, v:a.b, v:c[0], v:d::int, v:['k'] AS k FROM e "
                       "WHERE v:x::string = 'y'")
    assert read(ctas) == {"c.s.e": ["id", "v"]}
    assert written(ctas) == {"id": ["c.s.e.id"], "b": ["c.s.e.v"], "c": ["c.s.e.v"], "d": ["c.s.e.v"],
                             "k": ["c.s.e.v"]}


@pytest.mark.parametrize("dialect, setting", [("spark", "SET spark.sql.parser.quotedRegexColumnNames=true"),
                                              ("databricks", "SET spark.sql.parser.quotedRegexColumnNames = TRUE"),
                                              ("hive", "set hive.support.quoted.identifiers=none")])
def test_a_backquoted_regular_expression_selects_columns_only_while_the_session_says_so(dialect, setting):
    """``SELECT `(ds|hr)?+.+` FROM t`` (Hive's "every column but" idiom) is one column of that odd name, unknown, until
    the session sets the setting; then a star of the columns whose whole name it matches, in any case, also as a
    CTAS's columns and after a table's name (``t.`(a)?+.+```), and a plain backquoted name stays a name; a setting of
    another value or a RESET ends it, and a request's SET reaches the request's next statements."""
    pattern = "`(ds|hr)?+.+`"
    outcomes = resolved(
        dialect, "CREATE TABLE t (a INT, b INT, ds STRING, hr STRING)", f"SELECT {pattern} FROM t", setting,
        f"SELECT {pattern}, `a` FROM t", "CREATE TABLE c AS SELECT t.`(A)?+.+` FROM t", "RESET",
        f"SELECT {pattern} FROM t", f"{setting}; SELECT {pattern} FROM t",
        f"{setting.rsplit('=', 1)[0]}=false", f"SELECT {pattern} FROM t", recorded=False)
    by_id = {outcome.statement.query_id: outcome for outcome in outcomes}
    before, on, ctas, reset, in_request, off = (by_id[q] for q in ("q1", "q3", "q4", "q6", "q7#2", "q9"))
    assert [outcome.status for outcome in (before, on, ctas, reset, in_request, off)] == [RECORDED] * 6
    for unread in (before, reset, off):
        assert read(unread) == {"c.s.t": []} and len(unread.warnings) == 1
    assert (read(on), on.warnings) == ({"c.s.t": ["a", "b"]}, ())
    assert read(in_request) == {"c.s.t": ["a", "b"]}
    assert {name.casefold(): sources for name, sources in written(ctas).items()} == {
        "b": ["c.s.t.b"], "ds": ["c.s.t.ds"], "hr": ["c.s.t.hr"]}


def test_the_short_forms_of_a_session_variable_declare_and_drop_it():
    """``DECLARE VAR`` and ``DROP TEMPORARY VAR`` (``DROP TEMP VARIABLE``) are ``DECLARE VARIABLE`` and ``DROP
    TEMPORARY VARIABLE``: the drop had been set aside as unsupported, and the variable declared so was an unknown
    column."""
    outcomes = resolved("spark", "CREATE TABLE t (a INT, b INT)", "DECLARE VAR lim INT DEFAULT 3",
                        "SELECT a FROM t WHERE b > lim", "DROP TEMPORARY VAR lim", "SELECT a FROM t WHERE b > lim",
                        "DECLARE VAR n INT", "DROP TEMP VARIABLE n", "SELECT a FROM t WHERE b > n", recorded=False)
    assert [outcome.status for outcome in outcomes] == [RECORDED, "no_record", RECORDED, "no_record", RECORDED,
                                                        "no_record", "no_record", RECORDED]
    assert [len(outcome.warnings) for outcome in outcomes] == [0, 0, 0, 0, 1, 0, 0, 1]


def test_a_recursive_ctes_recursion_limit_reads_as_the_cte_without_it():
    """Spark's ``WITH RECURSIVE r(n) MAX RECURSION LEVEL 10 AS (...)`` (cte-recursion.sql) bounds the recursion and
    names no column: it was set aside as unparsable; its record is the one without the clause."""
    query = ("CREATE TABLE c AS WITH RECURSIVE r(n){} AS (SELECT a FROM t UNION ALL SELECT n + b FROM r "
             "JOIN t ON n = a WHERE n < 5) SELECT n FROM r")
    _, limited, unlimited = resolved("spark", "CREATE TABLE t (a INT, b INT)",
                                     query.format(" MAX RECURSION LEVEL 10"), query.format(""))
    assert read(limited) == read(unlimited) == {"c.s.t": ["a", "b"]}
    assert written(limited) == written(unlimited) == {"n": ["c.s.t.a", "c.s.t.b"]}


def test_a_variable_named_var_is_no_keyword():
    """``DECLARE var = 'sometable'`` (identifier-clause.sql) declares a variable named var, whose value then names
    the table of ``CREATE TABLE IDENTIFIER(var)(c1 INT)``; ``DECLARE VAR v`` declares v."""
    _, created = resolved("spark", "DECLARE var = 'sometable'", "CREATE TABLE IDENTIFIER(var)(c1 INT) USING CSV",
                          recorded=False)
    assert created.status == RECORDED
    assert created.records[0]["object_modified_by_ddl"]["objectName"] == "c.s.sometable"
