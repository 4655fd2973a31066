"""What running ClickHouse's own test SQL (``tests/queries/0_stateless``) beside ClickHouse's query log (its
``tables`` and ``columns`` of each query, review s17c) found: parametric aggregates sqlglot does not know, whose
columns were lost or whose statements were set aside."""

from __future__ import annotations

import pytest

from .test_duckdb_tests import read, resolved
from .test_mariadb_tests import written

CLICKHOUSE = {"database_name": "db", "schema_name": "db"}


@pytest.mark.parametrize(("query", "columns"), [
    ("SELECT sparkbar(2)(event_date, cnt) FROM t", ["cnt", "event_date"]),
    ("SELECT sparkbar(9)(event_date, -cnt) FROM t", ["cnt", "event_date"]),
    ("SELECT groupArraySortedIf(2)(cnt + 1, cnt > 0) FROM t", ["cnt"]),
    ("SELECT quantileDD(0.01, 0.5)(cnt) FROM t WHERE event_date > today() - 7", ["cnt", "event_date"]),
    ("SELECT quantile(0.5)(cnt) FROM t", ["cnt"])])
def test_a_parametric_aggregate_reads_its_arguments_columns(query, columns):
    """``f(params)(args)`` reads the columns of its arguments. Of a function sqlglot does not list (``sparkbar``,
    ``groupArraySorted``, ``quantileDD``), the arguments had been read as aliases, no column, with no warning, or the
    statement set aside (an expression among them); ``quantile``, which sqlglot knows, was read before too."""
    *_, outcome = resolved("CREATE TABLE t (event_date Date, cnt UInt64) ENGINE = Memory", query,
                           dialect="clickhouse", context=CLICKHOUSE)
    assert read(outcome) == {"db.t": columns}


def test_an_insert_of_a_parametric_aggregate_keeps_its_write():
    *_, insert = resolved("CREATE TABLE t (cnt UInt64) ENGINE = Memory", "CREATE TABLE t2 (s String) ENGINE = Memory",
                          "INSERT INTO t2 SELECT toString(groupArraySorted(2)(cnt + 1)) FROM t",
                          dialect="clickhouse", context=CLICKHOUSE)
    assert read(insert) == {"db.t": ["cnt"]} and written(insert) == {"db.t2": ["s"]}


def test_an_attach_that_defines_a_table_with_its_uuid_creates_it():
    """``ATTACH TABLE t UUID '...' (a Int32) ENGINE = ...``, as an Atomic database writes its tables' definitions:
    it defines the table as a CREATE does (it had no record, and t no columns); ``ATTACH TABLE t`` brings back a
    detached table and records nothing."""
    attached, query, again = resolved(
        "ATTACH TABLE att UUID '123e4567-e89b-12d3-a456-426614174000' (a Int32) ENGINE = Memory",
        "SELECT * FROM att", "ATTACH TABLE att", dialect="clickhouse", context=CLICKHOUSE)
    assert attached.status == "recorded" and read(query) == {"db.att": ["a"]} and again.status == "no_record"


@pytest.mark.parametrize("query", [
    "SELECT explain FROM (EXPLAIN indexes = 1 SELECT a FROM t WHERE b = 'x') WHERE explain LIKE '%Key%'",
    "SELECT * FROM (EXPLAIN ESTIMATE SELECT a FROM t)",
    "SELECT explain FROM viewExplain('EXPLAIN', '', (SELECT a FROM t))"])
def test_a_query_of_an_explain_reads_no_table(query):
    """``SELECT ... FROM (EXPLAIN ...)`` (163 statements of the suite) had been set aside, sqlglot cannot read it; it
    is ClickHouse's ``viewExplain`` table function, whose written-out form had read the explained query's table. An
    EXPLAIN plans its query and reads none of its rows, as the EXPLAIN statement has no record: nor do these."""
    *_, explain, outcome = resolved("CREATE TABLE t (a UInt32, b String) ENGINE = MergeTree ORDER BY a",
                                    "EXPLAIN SELECT a FROM t", query, dialect="clickhouse", context=CLICKHOUSE)
    assert explain.status == outcome.status == "no_record", outcome.reason


def test_a_query_joining_an_explain_to_a_table_reads_the_table():
    *_, outcome = resolved("CREATE TABLE t (a UInt32, b String) ENGINE = MergeTree ORDER BY a",
                           "SELECT count() FROM (EXPLAIN SELECT a FROM t) AS e JOIN t ON e.explain = t.b",
                           dialect="clickhouse", context=CLICKHOUSE)
    assert read(outcome) == {"db.t": ["b"]}


def test_a_table_of_newer_types_is_created_and_its_columns_read():
    """``BFloat16``, ``QBit(T, n)``, ``Time64(p)``, ``Object('json')`` and a column's ``STATISTICS(...)`` (44 statements
    of the suite) set a CREATE aside, sqlglot cannot read them: the table was unknown, and a later ``SELECT *`` read
    none of its columns."""
    created, query, cast = resolved(
        "CREATE TABLE t (id UInt32, v QBit(BFloat16, 16), b BFloat16 STATISTICS(tdigest), at Time64(3), "
        "j Object('json')) ENGINE = MergeTree ORDER BY id", "SELECT * FROM t", "SELECT b::BFloat16 FROM t",
        dialect="clickhouse", context=CLICKHOUSE)
    assert created.status == "recorded", created.reason
    assert read(query) == {"db.t": ["at", "b", "id", "j", "v"]} and read(cast) == {"db.t": ["b"]}


@pytest.mark.parametrize(("query", "columns"), [
    ("SELECT * APPLY sum FROM t", ["i", "j", "k"]),
    ("SELECT a.* APPLY(toString) EXCEPT(i, j) APPLY(length) FROM t a", ["k"]),
    ("SELECT * EXCEPT STRICT (i) FROM t", ["j", "k"]),
    ("SELECT * REPLACE STRICT i + k AS j FROM t", ["i", "k"])])
def test_column_transformers_in_every_spelling_read_their_columns(query, columns):
    """``APPLY f`` without brackets, ``EXCEPT STRICT``, ``REPLACE STRICT`` and an ``EXCEPT`` after an ``APPLY`` (27
    statements of the suite) had set the statement aside."""
    *_, outcome = resolved("CREATE TABLE t (i UInt32, j UInt32, k UInt32) ENGINE = Memory", query,
                           dialect="clickhouse", context=CLICKHOUSE)
    assert read(outcome) == {"db.t": columns}, outcome.reason


@pytest.mark.parametrize(("query", "columns"), [
    ("SELECT round(i - j AS d, 2), d * 2 FROM t", ["i", "j"]),
    ("SELECT sum(i * j AS r) AS s, r FROM t GROUP BY k", ["i", "j", "k"]),
    ("SELECT x FROM (SELECT count(i > 1 AS big) AS x FROM t WHERE big)", ["i"]),
    ("SELECT CAST(i AS String), arrayMax(x -> x + 1, [i, j]) FROM t", ["i", "j"]),
    ("SELECT k FROM merge(database(), '^t$')", ["k"])])
def test_aliases_in_a_calls_arguments_and_spelled_calls_are_read(query, columns):
    """An alias defined in a call's argument (``round(a - b AS d, 2)``: "aliases can be defined for any part of a
    query", 85 statements of the suite), ``arrayMax(x -> e, arr)`` (16) and ``database()`` (7) had set the statement
    aside; a cast's AS stays its type."""
    *_, outcome = resolved("CREATE TABLE t (i UInt32, j UInt32, k UInt32) ENGINE = Memory", query,
                           dialect="clickhouse", context=CLICKHOUSE)
    assert read(outcome) == {"db.t": columns}, outcome.reason
