"""Spark's and Databricks' SQL path (``SET PATH``, Spark 4.2 and Databricks Runtime 19): the schemas an unqualified
name of a query or DML statement is looked up in, in order, while DDL names its object in the current schema. Spark's
own reading of each case is its sql-path.sql test and its SET PATH reference; what Spark 4.3's analyzer finds is
checked in ``test_spark_analyzer.py``."""

from __future__ import annotations

import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import RECORDED, resolve_log
from access_history_platform.sql.sql_path import after

DIALECTS = ["spark", "databricks"]
#: Two schemas beside the session's (``s``), each with a table ``t``, as ``s`` has one.
SETUP = ("CREATE SCHEMA pa", "CREATE SCHEMA pb", "CREATE TABLE pa.t (id INT, a_only STRING)",
         "CREATE TABLE pb.t (id INT, b_only STRING)", "CREATE TABLE t (id INT, own STRING)")


def resolved(dialect: str, *texts: str) -> list:
    """The outcomes of ``texts`` after :data:`SETUP`, one line each of one session in ``spark_catalog.s`` (each line
    in the schema the session's last ``USE`` left current, as a log gives it)."""
    lines, schema = [], "s"
    for n, text in enumerate((*SETUP, *texts)):
        lines.append(validate_log_record({"query_id": f"q{n}", "query_text": text, "user_name": "U",
                                          "schema_name": schema, "database_name": "spark_catalog", "session_id": "s1",
                                          "query_start_time": f"2024-03-01T09:00:{n:02d}+00:00"}, "case", n))
        schema = text.split()[1] if text.upper().startswith("USE ") else schema
    found = list(resolve_log(catalog_from_dict({"objects": []}), lines, dialect=dialect, time_budget=None))
    return found[len(SETUP):]


def base_read(outcome) -> list[str]:
    assert outcome.status == RECORDED, outcome.reason
    return sorted(entry["objectName"] for record in outcome.records for entry in record["base_objects_accessed"])


@pytest.mark.parametrize("dialect", DIALECTS)
def test_the_first_schema_of_the_path_that_holds_the_name_has_it(dialect):
    """The path's schemas in order, the first that has a ``t`` wins; a schema the path leaves out is not searched,
    the session's own among them; ``PATH`` is the path so far, ``DEFAULT_PATH`` the session's own schema again."""
    outcomes = resolved(dialect, "SET PATH = spark_catalog.pb, spark_catalog.pa, system.builtin", "SELECT id FROM t",
                        "SET PATH = spark_catalog.nowhere, spark_catalog.pa", "SELECT id FROM t",
                        "SET PATH = PATH, spark_catalog.s", "SELECT id FROM t",
                        "SET PATH = DEFAULT_PATH", "SELECT id FROM t")
    assert [base_read(o) for o in outcomes[1::2]] == [["spark_catalog.pb.t"], ["spark_catalog.pa.t"],
                                                     ["spark_catalog.pa.t"], ["spark_catalog.s.t"]]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_current_schema_on_the_path_follows_use(dialect):
    """``CURRENT_SCHEMA`` is whichever schema the session's last ``USE`` left current when the path is searched."""
    outcomes = resolved(dialect, "SET PATH = CURRENT_SCHEMA, spark_catalog.pa", "SELECT id FROM t", "USE pb",
                        "SELECT id FROM t", "SET PATH = system.builtin, current_database", "USE s", "SELECT id FROM t")
    assert [base_read(outcomes[n]) for n in (1, 3, 6)] == [["spark_catalog.s.t"], ["spark_catalog.pb.t"],
                                                          ["spark_catalog.s.t"]]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_temporary_view_is_found_only_where_the_path_holds_system_session(dialect):
    outcomes = resolved(dialect, "CREATE TEMPORARY VIEW t AS SELECT id FROM pb.t",
                        "SET PATH = spark_catalog.pa, system.builtin", "SELECT id FROM t",
                        "SET PATH = system.session, spark_catalog.pa", "SELECT id FROM t")
    assert [base_read(outcomes[n]) for n in (2, 4)] == [["spark_catalog.pa.t"], ["spark_catalog.pb.t"]]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_dml_writes_along_the_path_and_ddl_names_its_object_in_the_current_schema(dialect):
    """An INSERT's table is the path's; a CTAS's own table is the current schema's, its query's the path's; a
    TRUNCATE or DROP of ``t`` is of the current schema's (Spark 4.3: ``TruncateTableCommand spark_catalog.s.t``), and
    so is the table a CREATE TABLE ... LIKE copies (``CreateTableLikeCommand spark_catalog.s.c2, spark_catalog.s.t``).
    """
    _, insert, ctas, like, truncate, drop = resolved(
        dialect, "SET PATH = spark_catalog.pa", "INSERT INTO t SELECT id, own FROM spark_catalog.s.t",
        "CREATE TABLE c AS SELECT id, a_only FROM t", "CREATE TABLE c2 LIKE t", "TRUNCATE TABLE t", "DROP TABLE t")
    assert like.records[0]["object_modified_by_ddl"]["properties"]["creationSourceName"] == {
        "value": "spark_catalog.s.t"}
    assert [entry["objectName"] for entry in insert.records[0]["objects_modified"]] == ["spark_catalog.pa.t"]
    (written,) = ctas.records[0]["objects_modified"]
    assert written["objectName"] == "spark_catalog.s.c" and base_read(ctas) == ["spark_catalog.pa.t"]
    assert [entry["objectName"] for entry in truncate.records[0]["objects_modified"]] == ["spark_catalog.s.t"]
    assert drop.records[0]["object_modified_by_ddl"]["objectName"] == "spark_catalog.s.t"


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_view_keeps_the_path_it_was_created_under(dialect):
    """A view's query is read along the path of its CREATE, not the path of the query that reads the view (sql-path.sql
    7.1); its own name is the current schema's."""
    outcomes = resolved(dialect, "SET PATH = spark_catalog.pa", "CREATE VIEW v AS SELECT id FROM t",
                        "SET PATH = spark_catalog.pb, CURRENT_SCHEMA", "SELECT id FROM v", "SELECT id FROM t")
    assert (base_read(outcomes[3]), base_read(outcomes[4])) == (["spark_catalog.pa.t"], ["spark_catalog.pb.t"])


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_name_no_schema_of_the_path_holds_is_the_first_schemas(dialect):
    """A table the catalog lacks, of a query that ran, is where its path led: named by the path's first schema (past
    ``system.session``), never the current schema the path leaves out."""
    _, query = resolved(dialect, "SET PATH = system.session, spark_catalog.pb, spark_catalog.pa", "SELECT x FROM fresh")
    assert base_read(query) == ["spark_catalog.pb.fresh"]


@pytest.mark.parametrize("dialect", DIALECTS)
def test_a_request_setting_the_path_walks_it_in_its_next_statements(dialect):
    before, _, walked = resolved(dialect, "SELECT id FROM t; SET PATH = spark_catalog.pb; SELECT b_only FROM t")
    assert (base_read(before), base_read(walked)) == (["spark_catalog.s.t"], ["spark_catalog.pb.t"])


def test_a_path_spark_rejects_leaves_the_path_as_it_was():
    """A one-part schema (``INVALID_SQL_PATH_SCHEMA_REFERENCE``), an element that is no name, a dangling comma: the
    statement fails in Spark; if a log says it ran, the path it could not be is not guessed."""
    path = after("SET PATH = spark_catalog.pa", None)
    assert [after(text, path) for text in ("SET PATH = pb", "SET PATH = 'a.b'", "SET PATH = a.b,", "set x = 1")] \
        == [path] * 4
    assert after("SET PATH = `PATH`.x, a.b.c, SYSTEM_PATH", None) == (("PATH", "x"), ("a", "b", "c"))
