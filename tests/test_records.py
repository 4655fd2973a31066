"""SQL behaviour as data: each case in tests/data/records/ is a catalog and a log in, records out."""

from __future__ import annotations

from pathlib import Path

import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.records import AccessHistoryRecord
from access_history_platform.resolve import resolve_log

from .support.records import differences, load_cases, no_record_differences, quarantine_differences, records_of, resolve_case

CASES = load_cases(Path(__file__).parent / "data" / "records")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_record_case(case):
    outcomes = resolve_case(case)
    actual = records_of(outcomes)
    for record in actual:
        AccessHistoryRecord.model_validate(record)
    problems = (differences(case["expected"], actual) + no_record_differences(case, outcomes)
                + quarantine_differences(case, outcomes))
    assert not problems, "\n".join(problems)


def test_the_engine_derives_the_columns_of_views_listed_without_them():
    """A catalog's views listed without columns get their definitions' columns from the engine itself, whoever
    calls it (``resolve_log`` here, with no step of the caller's first): before, only ``ahp resolve`` and the Spark
    tasks derived them, and a caller of the engine that did not read ``SELECT * FROM v1`` (the reference's own example)
    as no column of the view and ``a, c FROM v1, v2`` (two such views) as no column at all."""
    catalog = catalog_from_dict({"objects": [
        {"domain": "Table", "name": "DB.S.T", "columns": [{"name": "C1"}, {"name": "C2"}, {"name": "C3"}]},
        {"domain": "Table", "name": "DB.S.U", "columns": [{"name": "D1"}, {"name": "D2"}]},
        {"domain": "View", "name": "DB.S.V1", "definition": "SELECT c1 AS vc1, c2 AS vc2 FROM t WHERE t.c3 > 0"},
        {"domain": "View", "name": "DB.S.V2", "definition": "SELECT d1, d2 FROM u"},
    ]})
    lines = [validate_log_record({"query_id": f"q{i}", "query_text": text, "user_name": "U",
                                  "query_start_time": "2024-03-01T09:00:00+00:00", "database_name": "DB",
                                  "schema_name": "S"}, "case", i) for i, text in enumerate(
        ["SELECT * FROM v1", "SELECT vc1, d1 FROM v1, v2 WHERE vc2 = d2"], 1)]

    def columns(entries):
        return {entry["objectName"]: sorted(column["columnName"] for column in entry["columns"]) for entry in entries}

    star, pair = (outcome.records[0] for outcome in resolve_log(catalog, lines))
    assert columns(star["direct_objects_accessed"]) == {"DB.S.V1": ["VC1", "VC2"]}
    assert columns(star["base_objects_accessed"]) == {"DB.S.T": ["C1", "C2", "C3"]}
    assert columns(pair["direct_objects_accessed"]) == {"DB.S.V1": ["VC1", "VC2"], "DB.S.V2": ["D1", "D2"]}
    assert columns(pair["base_objects_accessed"]) == {"DB.S.T": ["C1", "C2", "C3"], "DB.S.U": ["D1", "D2"]}
