"""Log lines that give no current schema, or no database either (``database_name`` and ``schema_name`` are optional
in the contract): a statement's unqualified names are named as far as the line qualifies them, and a session's
temporary objects are still its own."""

from __future__ import annotations

import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import RECORDED, resolve_log


def outcomes(context: dict[str, str], *statements: tuple[str, str]) -> list:
    lines = [validate_log_record({"query_id": f"q{n}", "query_text": text, "session_id": session, "user_name": "U",
                                  "query_start_time": f"2024-03-01T09:00:{n:02d}+00:00", **context}, "case", n)
             for n, (session, text) in enumerate(statements)]
    permanent = {"domain": "Table", "name": "TMP", "columns": [{"name": "OTHER"}]}
    return list(resolve_log(catalog_from_dict({"objects": [permanent]}), lines, dialect="snowflake", time_budget=None))


def read(outcome) -> dict[str, set[str]]:
    return {entry["objectName"]: {column["columnName"] for column in entry.get("columns") or ()}
            for record in outcome.records for entry in record["direct_objects_accessed"]}


@pytest.mark.parametrize("context", [{}, {"database_name": "D"}], ids=["no-database", "no-schema"])
@pytest.mark.parametrize("create", ["CREATE TEMPORARY TABLE tmp (id INT)", "CREATE TEMP TABLE tmp AS SELECT 1 AS id"])
def test_a_temporary_table_of_a_one_part_name_is_its_sessions_own(context, create):
    """``CREATE TEMPORARY TABLE tmp`` on such a line had been set aside as an internal error (IndexError: a session's
    object was keyed by its name's second part; a Snowflake-Labs sample script, PERF-AU-83): it is recorded, its session
    reads its columns, another session and the session after ``DROP`` the permanent table of the name."""
    found = outcomes(context, ("s1", create), ("s1", "SELECT id FROM tmp"), ("s2", "SELECT other FROM tmp"),
                     ("s1", "DROP TABLE tmp"), ("s1", "SELECT other FROM tmp"))
    assert [outcome.status for outcome in found] == [RECORDED] * 5, [outcome.reason for outcome in found]
    assert found[0].records[0]["object_modified_by_ddl"]["objectName"] == "TMP"
    assert read(found[1]) == {"TMP": {"ID"}}
    assert read(found[2]) == read(found[4]) == {"TMP": {"OTHER"}}
    assert found[1].records[0]["direct_objects_accessed"][0]["objectId"] \
        != found[2].records[0]["direct_objects_accessed"][0]["objectId"]


def resolved(dialect: str, context: dict[str, str], *texts: str, objects: tuple[dict, ...] = ()) -> list:
    lines = [validate_log_record({"query_id": f"q{n}", "query_text": text, "session_id": "s1", "user_name": "U",
                                  "query_start_time": f"2024-03-01T09:00:{n:02d}+00:00", **context}, "case", n)
             for n, text in enumerate(texts)]
    found = list(resolve_log(catalog_from_dict({"objects": list(objects)}), lines, dialect=dialect, time_budget=None))
    assert [outcome.status for outcome in found] == [RECORDED] * len(texts), [outcome.reason for outcome in found]
    return found


@pytest.mark.parametrize("dialect, context, written, warning", [
    ("snowflake", {}, "TMP", "object TMP: named without its schema and database (the log line gives no database_name "
                             "or schema_name); recorded as written"),
    ("snowflake", {"database_name": "D"}, "TMP",
     "object TMP: named without its schema (the log line gives no schema_name); recorded as written"),
    ("snowflake", {"schema_name": "S"}, "S.TMP",
     "object S.TMP: named without its database (the log line gives no database_name); recorded as written"),
    ("bigquery", {"database_name": "proj"}, "tmp",
     "object tmp: named without its schema (the log line gives no schema_name); recorded as written"),
    ("mysql", {}, "tmp", "object tmp: named without its database (the log line gives no database_name); recorded as "
                         "written"),
    ("databricks", {}, "tmp", "object tmp: named without its schema (the log line gives no database_name or "
                              "schema_name); recorded as written"),
], ids=["snowflake-nothing", "snowflake-no-schema", "snowflake-no-database", "bigquery-no-dataset", "mysql",
        "databricks"])
def test_a_name_the_line_cannot_qualify_is_recorded_as_written_with_a_warning(dialect, context, written, warning):
    """The contract's ``objectName`` is fully qualified; a name the line (and its session) cannot qualify is recorded
    as far as it is qualified, never lost, and says so: each statement naming it, the DDL and the read, warns."""
    create, read = resolved(dialect, context, "CREATE TABLE tmp (x INT)", "SELECT x FROM tmp")
    assert create.records[0]["object_modified_by_ddl"]["objectName"] == written
    assert [entry["objectName"] for entry in read.records[0]["direct_objects_accessed"]] == [written]
    assert create.warnings == read.warnings == (warning,)


@pytest.mark.parametrize("dialect, context", [
    ("snowflake", {"database_name": "D", "schema_name": "S"}),
    ("mysql", {"database_name": "d"}),
    ("databricks", {"schema_name": "s"}),  # (Spark's session catalog: db.t is its full name)
    ("postgres", {"database_name": "d"}),  # (the default search path's public)
    ("duckdb", {"database_name": "d"}),  # (its main schema)
], ids=["snowflake", "mysql", "databricks-schema", "postgres-public", "duckdb-main"])
def test_a_name_the_line_qualifies_has_no_warning(dialect, context):
    create, read = resolved(dialect, context, "CREATE TABLE tmp (x INT)", "SELECT x FROM tmp")
    assert "." in create.records[0]["object_modified_by_ddl"]["objectName"]
    assert create.warnings == read.warnings == ()


def test_an_object_the_catalog_names_in_full_and_a_user_stage_have_no_warning():
    """A name the catalog holds once is found, fully named, from a line without context; a user stage is named by
    its user; a line's other, unqualifiable name still warns, once."""
    table = {"domain": "Table", "name": "D.S.ORDERS", "columns": [{"name": "ID"}]}
    found, staged, both = resolved("snowflake", {}, "SELECT id FROM orders", "COPY INTO d.s.orders FROM @~/files",
                                   "SELECT o.id FROM orders o JOIN other p ON p.id = o.id JOIN other q ON q.id = o.id",
                                   objects=(table,))
    assert [entry["objectName"] for entry in found.records[0]["direct_objects_accessed"]] == ["D.S.ORDERS"]
    assert found.warnings == staged.warnings == ()
    assert both.warnings == ("object OTHER: named without its schema and database (the log line gives no "
                             "database_name or schema_name); recorded as written",)
