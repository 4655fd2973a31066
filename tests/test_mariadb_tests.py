"""What running MariaDB's own test SQL (``mysql-test/main``) beside the server's account of each statement's tables
(its ``server_audit`` plugin's TABLE events, review s17a) found: statements MariaDB runs inside another (``SET
STATEMENT ... FOR``, ``ANALYZE``) that had no record, a CTE taken as recursive without ``RECURSIVE``, writes through
a view that lost what they read, and MariaDB's spellings sqlglot cannot read."""

from __future__ import annotations

import pytest

from .test_duckdb_tests import read, resolved

MARIADB = {"database_name": "test", "schema_name": "test"}


def mariadb(*texts: str) -> list:
    return resolved(*texts, dialect="mysql", context=MARIADB)


def written(outcome) -> dict[str, list[str]]:
    return {entry["objectName"]: sorted(column["columnName"] for column in entry.get("columns") or ())
            for record in outcome.records for entry in record["objects_modified"]}


@pytest.mark.parametrize("prefix", ["set statement sql_mode='', max_statement_time=10 for ", "analyze ",
                                    "analyze format=json ", "explain analyze "])
def test_a_statement_run_inside_another_is_recorded(prefix):
    """MariaDB's ``SET STATEMENT v = x FOR s`` runs s with the variables set for it, and its ``ANALYZE s`` "executes
    the statement" (MySQL's ``EXPLAIN ANALYZE s`` too): s is recorded. They had no record ("SET statements are not
    recorded", "ANALYZE statements ..."), though an UPDATE's rows changed."""
    *_, update = mariadb("create table t1 (a int)", "create table t2 (c int)",
                         prefix + "update t1 set a = (select max(c) from t2)")
    assert read(update) == {"test.t2": ["c"]} and written(update) == {"test.t1": ["a"]}


def test_analyze_table_stays_no_record():
    *_, analyzed = mariadb("create table t1 (a int)", "analyze table t1")
    assert analyzed.status == "no_record" and not analyzed.records


@pytest.mark.parametrize(("dialect", "tables"), [("mysql", {"t1", "t2"}), ("postgres", {"t1", "t2"}),
                                                 ("duckdb", {"t1", "t2"}), ("spark", {"t1", "t2"}),
                                                 ("snowflake", {"T2"}), ("sqlite", {"t2"})])
def test_a_cte_naming_itself_without_recursive_reads_the_table_where_the_keyword_is_needed(dialect, tables):
    """Without ``RECURSIVE``, MariaDB, PostgreSQL, DuckDB and Spark read the table a CTE's name shadows in its own
    body (PostgreSQL: "without RECURSIVE, a WITH query cannot refer to itself"); Snowflake and SQLite take the CTE as
    recursive. The table t1 had been lost in all of them."""
    *_, query = resolved("create table t1 (a int)", "create table t2 (a int)",
                         "with t1 as (select a from t2 where t2.a = 3 union select t2.a from t1, t2 "
                         "where t1.a + 1 = t2.a) select * from t1", dialect=dialect,
                         context={"database_name": "d", "schema_name": "s"})
    assert {name.rsplit(".", 1)[-1] for name in read(query)} == tables


@pytest.mark.parametrize("delete", ["delete v1 from t2, v1 where t2.x = v1.a",
                                    "delete v1 from t2 join v1 on t2.x = v1.a"])
def test_a_delete_through_a_view_joined_to_a_table_reads_the_table(delete):
    """``DELETE v1 FROM t2, v1 WHERE ...`` deletes the rows of v1's table that the join selects: t2 is read. It had
    been lost, and the view's column with it."""
    *_, outcome = mariadb("create table t1 (a int, b int)", "create table t2 (x int)",
                          "create view v1 (a, c) as select a, b + 1 from t1", delete)
    assert read(outcome) == {"test.t1": ["a"], "test.t2": ["x"]} and written(outcome) == {"test.t1": []}


def test_an_update_of_a_join_views_unqualified_column_writes_the_table_that_has_it():
    """``CREATE VIEW v AS SELECT f2 FROM t2, t1``: f2 is t2's (t1 has no f2), and ``UPDATE v SET f2 = 1`` writes it
    (the view had been written, and the join's tables not read)."""
    *_, update = mariadb("create table t1 (f1 int)", "create table t2 (f2 int)",
                         "create view v as select f2 from t2, t1", "update v set f2 = 1")
    assert written(update) == {"test.t2": ["f2"]} and set(read(update)) == {"test.t1", "test.t2"}


@pytest.mark.parametrize(("query", "columns"), [
    ("select * from t1 where match a, t1.b against ('x' in boolean mode)", ["a", "b", "c"]),
    ("select c from t1 limit rows examined 5", ["c"]),
    ("select c from t1 limit 2 rows examined 5", ["c"]),
    ("select c, count(*) from t1 group by c desc with rollup having count(*) > 1", ["c"]),
    ("select c from t1 group by a asc, c desc", ["a", "c"]),
    ("select straight_join distinct t1.c from t1", ["c"]),
    ("select c from t1 procedure analyse()", ["c"])])
def test_mariadbs_spellings_are_read(query, columns):
    """Spellings of MariaDB's test suite that sqlglot cannot parse (the statements were set aside, 330 of them with
    tables): ``MATCH a, b AGAINST`` without brackets, ``LIMIT ROWS EXAMINED``, a GROUP BY item's order,
    ``STRAIGHT_JOIN DISTINCT``, ``PROCEDURE ANALYSE()``."""
    *_, outcome = mariadb("create table t1 (a varchar(10), b varchar(10), c int, fulltext(a, b))", query)
    assert read(outcome) == {"test.t1": columns}


def test_a_write_through_a_view_column_with_a_collation_writes_the_tables_column():
    """``CREATE VIEW v1 AS SELECT s1 COLLATE latin1_german1_ci AS s1 FROM t1``: s1 is t1's column, compared under
    another collation; an INSERT or UPDATE through it writes t1 (the view had been written)."""
    _, _, insert, update = mariadb("create table t1 (s1 char)",
                                   "create view v1 as select s1 collate latin1_german1_ci as s1 from t1",
                                   "insert into v1 values ('a')", "update v1 set s1 = 'b'")
    assert written(insert) == written(update) == {"test.t1": ["s1"]}


@pytest.mark.parametrize(("ddl", "columns"), [
    ("alter online table t1 add column d int", ["a", "b", "d"]),
    ("alter ignore table t1 add unique key (a)", ["a", "b"]),
    ("alter table t1 change column if exists b bb int", ["a", "bb"]),
    ("create or replace table t1 (a int, b int without system versioning) checksum = 1 with system versioning",
     ["a", "b"])])
def test_mariadbs_table_options_are_read_and_the_table_keeps_its_columns(ddl, columns):
    """MariaDB's ``ALTER ONLINE | IGNORE TABLE``, ``CHANGE COLUMN IF EXISTS``, ``WITH SYSTEM VERSIONING`` and
    ``CHECKSUM = 1`` had set the DDL aside, and the catalog drifted: later reads missed a column added or renamed."""
    *_, altered, query = mariadb("create table t1 (a int, b int)", ddl, "select * from t1")
    assert altered.status == "recorded", altered.reason
    assert read(query) == {"test.t1": columns}


@pytest.mark.parametrize("statement", ["get diagnostics @n = number", "get diagnostics condition 1 @m = message_text",
                                       "commit and no chain release", "commit work and chain no release",
                                       "drop prepare s", "set statement max_statement_time = 180 for backup lock t",
                                       "backup unlock", "backup stage start"])
def test_statements_of_no_data_are_no_record_not_set_aside(statement):
    """A handler's ``GET DIAGNOSTICS`` (172 statements of the suite) had been read as Snowflake's GET of a stage and
    set aside, ``COMMIT ... RELEASE`` and ``DROP PREPARE`` too: they read and write no data; nor does ``BACKUP LOCK``,
    which ``SET STATEMENT ... FOR`` may run."""
    *_, outcome = mariadb("prepare s from 'select 1'", statement)
    assert outcome.status == "no_record", outcome.reason


@pytest.mark.parametrize("immediate", ['execute immediate "select a from t1 where b = \\"x\\""',
                                       "execute immediate 'select a from t1 where b = \\'x\\''"])
def test_an_execute_immediate_of_a_double_quoted_text_runs_it(immediate):
    """MariaDB's ``EXECUTE IMMEDIATE "..."``: a string in double quotes (backslashes escape), as in single; it had no
    record."""
    *_, outcome = mariadb("create table t1 (a int, b text)", immediate)
    assert read(outcome) == {"test.t1": ["a", "b"]}


def test_a_function_whose_parameter_is_declared_in_is_read_where_it_is_called():
    """MariaDB 10.8's ``CREATE FUNCTION f(IN a INT)``: its body had not been read, and a call read nothing."""
    *_, call = mariadb("create table persons (id int, age int)",
                       "create function age_of(in a int) returns int begin declare c int; "
                       "select age into c from persons where id = a; return c; end", "select age_of(1)")
    assert read(call) == {"test.persons": ["age", "id"]}


def test_mutually_recursive_ctes_read_each_other_not_a_table():
    """``WITH RECURSIVE a AS (... FROM b ...), b AS (... FROM folks ... a ...)``: each CTE sees the other (MariaDB's
    mutual recursion). The first had read a table named b, which does not exist."""
    *_, query = mariadb("create table folks (id int, father int, mother int)",
                        "with recursive couples (h, w) as (select a.father, a.mother from ancestors a), "
                        "ancestors (id, father, mother) as (select * from folks where id = 1 union all "
                        "select p.* from folks p, couples c where p.id = c.h) select h from couples")
    assert set(read(query)) == {"test.folks"}


def test_an_anonymous_block_is_its_statements_and_one_with_a_loop_is_split_at_its_semicolons():
    """MariaDB's ``BEGIN NOT ATOMIC ...; ...; END`` had been split at its ``;``: the first statement, with the words
    before it, and the END set aside, so the INSERT's read and write were lost. Its statements are now the block's
    children, as an EXECUTE IMMEDIATE's are (``SET STATEMENT ... FOR`` a block too); one with variables or a loop, which
    this does not read, is split at its ``;`` as before, but for the words of BEGIN NOT ATOMIC: what it runs outside
    the loop is read, and the loop is set aside with its reason."""
    outcomes = mariadb(
        "create table t1 (a int)", "create table t2 (a int)",
        "begin not atomic insert into t1 select * from t2; update t2 set a = 1; end",
        "set statement sql_mode = 'ansi' for begin not atomic select @@sql_mode; select a from t1; end",
        "begin not atomic declare x int default 1; select a into x from t2 limit 1; "
        "while x < 3 do insert into t1 values (x); set x = x + 1; end while; end")
    of = {record["query_id"]: outcome for outcome in outcomes for record in outcome.records or ()}
    assert written(of["q2#1"]) == {"test.t1": ["a"]} and read(of["q2#1"]) == {"test.t2": ["a"]}
    assert written(of["q2#2"]) == {"test.t2": ["a"]} and read(of["q3#2"]) == {"test.t1": ["a"]}
    assert read(of["q4#2"]) == {"test.t2": ["a"]}
    looped = [outcome for outcome in outcomes if outcome.statement.text.startswith("while")]
    assert [outcome.status for outcome in looped] == ["quarantined"]


@pytest.mark.parametrize("query", ["values (1), ((select max(a) from t1))",
                                   "with v as (values (1), ((select max(a) from t1))) select * from v"])
def test_a_table_value_constructor_is_a_query_whose_subqueries_are_read(query):
    """``VALUES (1), (2)`` standing as a query (a statement, a CTE's body, a view's query: 102 statements of the suite,
    and 38 views whose later reads then missed their tables) had been set aside."""
    *_, outcome = mariadb("create table t1 (a int)", query)
    assert read(outcome) == {"test.t1": ["a"]}


def test_a_view_of_a_table_value_constructor_reads_through_to_its_tables():
    *_, view, query = mariadb("create table t1 (a int)", "create view v as values (1), ((select max(a) from t1))",
                              "select * from v")
    assert view.status == "recorded" and read(query) == {"test.t1": ["a"]}


@pytest.mark.parametrize("create", ["create table t2 with h as (select a, b from t1) select a, b from h",
                                    "create table t2 engine = innodb with recursive h (a, b) as (select a, b from t1) "
                                    "select a, b from h"])
def test_a_table_created_by_a_query_opening_with_with_is_created_and_reads_its_tables(create):
    """MariaDB's and MySQL's ``CREATE TABLE t [options] WITH h AS (...) SELECT ...`` (the AS before a query may be
    left out: 7 statements of the suite) had been set aside, and later reads of t missed its columns."""
    *_, created, query = mariadb("create table t1 (a int, b int)", create, "select * from t2")
    assert read(created) == {"test.t1": ["a", "b"]} and written(created) == {"test.t2": ["a", "b"]}
    assert read(query) == {"test.t2": ["a", "b"]}



@pytest.mark.parametrize(("statement", "reads", "writes"), [
    ("update t1 set a := b + 1 where c = 1", {"test.t1": ["b", "c"]}, {"test.t1": ["a"]}),
    ("insert into t2 set x := 1", {}, {"test.t2": ["x"]}),
    ("select a from t1 where b like 'x|%' escape 0x7c", {"test.t1": ["a", "b"]}, {}),
    ("select a from t1 where b like 'x|%' escape _cp850 0x7c or c like '%' escape 3", {"test.t1": ["a", "b", "c"]},
     {})])
def test_a_column_set_with_colon_equals_and_an_escape_that_is_no_string_are_read(statement, reads, writes):
    """``SET a := 1`` in an UPDATE or an INSERT (``:=`` is ``=`` there) and ``LIKE ... ESCAPE 0x5c | _cp850 0xFF | 3``
    had set the statement aside (in the suite: 38 queries and 33 views with such an ESCAPE, whose later reads had read
    a table of the view's name; 24 statements with ``:=`` outside a select list, ``ORDER BY @x := a`` still among
    them)."""
    *_, outcome = mariadb("create table t1 (a int, b text, c text)", "create table t2 (x int)", statement)
    assert (read(outcome), written(outcome)) == (reads, writes), outcome.reason


@pytest.mark.parametrize("create", ["create table t3 (a int, b int, key (a)) engine=merge union=(t1, t2) "
                                    "insert_method=last",
                                    "create or replace table t3 (a int, b int) engine=mrg_myisam union (t1, t2)"])
def test_a_merge_table_is_read_as_the_tables_it_collects(create):
    """A MERGE table (``ENGINE = MERGE UNION = (t1, t2)``, 99 statements of the suite) is read as the view of its
    tables it is: a read of it reads t1 and t2, as the server's account says. Its UNION had been left out, and a read
    recorded t3 alone."""
    *_, created, query, insert = mariadb("create table t1 (a int, b int)", "create table t2 (a int, b int)", create,
                                         "select a from t3 where b > 1", "insert into t3 values (1, 2)")
    assert created.status == "recorded", created.reason
    assert read(query) == {"test.t1": ["a", "b"], "test.t2": ["a", "b"]}
    assert written(insert) == {"test.t3": ["a", "b"]}


def test_a_table_created_by_a_bracketed_union_reads_both_branches():
    """``CREATE TABLE t4 (SELECT ...) UNION (SELECT ...)``: its UNION is the query's, not a MERGE table's option (no
    ``ENGINE = MERGE``), and had been left out as one: the second branch's table was lost."""
    *_, created = mariadb("create table t1 (a int, b int)", "create table t2 (a int, b int)",
                          "create table t4 (select a, b from t1) union (select a, b from t2) limit 2")
    assert read(created) == {"test.t1": ["a", "b"], "test.t2": ["a", "b"]}
    assert written(created) == {"test.t4": ["a", "b"]}
