"""Governance DDL across a stored catalog state (the SQL behaviour itself is tested as data,
in ``tests/data/records/ddl_*.json`` and ``catalog_versions_*.json``)."""

from __future__ import annotations

import json

from access_history_platform.catalog import catalog_from_dict, catalog_from_state, catalog_to_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import resolve_log

SNAPSHOT = {"objects": [
    {"domain": "Schema", "name": "D.S", "id": 1},
    {"domain": "Table", "name": "D.S.T", "id": 2, "columns": [{"name": "A", "id": 3}]},
    {"domain": "Table", "name": "D.S.U", "id": 4, "columns": [{"name": "B", "id": 5}]},
]}


def _records(catalog, texts, day):
    lines = [
        validate_log_record({"query_id": f"{day}-{n}", "query_text": text, "user_name": "ADMIN",
                             "query_start_time": f"2024-03-0{day}T09:0{n}:00+00:00"}, "log", n)
        for n, text in enumerate(texts, start=1)
    ]
    return [r for outcome in resolve_log(catalog, lines) for r in getattr(outcome, "records", [])]


def test_undrop_schema_after_the_state_was_stored():
    """What DROP SCHEMA took with it survives the stored state: UNDROP on the next day brings it
    back, but not a table dropped on its own before the schema."""
    day1 = catalog_from_dict(SNAPSHOT)
    _records(day1, ["drop table d.s.u", "drop schema d.s"], day=1)
    stored = json.loads(json.dumps(catalog_to_dict(day1)))

    day2 = catalog_from_state(stored)
    records = _records(day2, ["undrop schema d.s", "select a from d.s.t", "select b from d.s.u"], day=2)

    assert records[0]["object_modified_by_ddl"]["objectId"] == 1
    assert records[1]["direct_objects_accessed"][0]["objectId"] == 2
    assert records[2]["direct_objects_accessed"][0]["objectId"] is None
    assert catalog_to_dict(catalog_from_state(stored)) == stored


def test_a_policy_remembered_on_an_uncatalogued_table_survives_the_stored_state():
    """A masking policy set on a column of a table the catalog does not hold is kept in the stored state (the
    column has no id) and still referenced by a read on the next day; the table's other columns stay open."""
    snapshot = {"objects": [{"domain": "Masking policy", "name": "G.P.MASK", "id": 9, "body": "'***'"}]}
    day1 = catalog_from_dict(snapshot)
    _records(day1, ["alter table ext.s.people modify column ssn set masking policy g.p.mask"], day=1)
    stored = json.loads(json.dumps(catalog_to_dict(day1)))

    day2 = catalog_from_state(stored)
    [record] = _records(day2, ["select id, ssn from ext.s.people"], day=2)

    assert {c["columnName"] for c in record["direct_objects_accessed"][0]["columns"]} == {"ID", "SSN"}
    [referenced] = record["policies_referenced"]
    assert referenced["objectName"] == "EXT.S.PEOPLE" and referenced["objectId"] is None
    assert [(c["columnName"], [p["policyName"] for p in c["policies"]]) for c in referenced["columns"]] == [
        ("SSN", ["G.P.MASK"])]
    assert catalog_to_dict(catalog_from_state(stored)) == stored
