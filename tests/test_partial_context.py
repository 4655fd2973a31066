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
