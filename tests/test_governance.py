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


def test_a_table_whose_name_holds_a_dot_keeps_its_parts_in_the_stored_state():
    """A quoted name holding a dot (``d.s."a.b"``, written ``D.S.a.b`` in records) is one part: the table a CREATE
    makes is found by that name on the next day, and PostgreSQL's RENAME TO keeps it in its schema, ``d.s``, not in
    ``d.s.a`` as the name split at every dot would say. Before, every later statement missed it: reads had no ids,
    the rename named it ``d.s.a.r``."""
    def day(n, texts):
        lines = [validate_log_record({"query_id": f"{n}-{i}", "query_text": text, "user_name": "u",
                                      "query_start_time": f"2024-03-0{n}T09:0{i}:00+00:00", "database_name": "d",
                                      "schema_name": "s"}, "log", i) for i, text in enumerate(texts, start=1)]
        return [r for outcome in resolve_log(catalog, lines, dialect="postgres") for r in outcome.records]

    catalog = catalog_from_dict({"objects": []})
    [created] = day(1, ['create table "a.b" (id int, ssn text)'])
    stored = json.loads(json.dumps(catalog_to_dict(catalog)))
    assert catalog_to_dict(catalog_from_state(stored)) == stored
    catalog = catalog_from_state(stored)
    renamed, read = day(2, ['alter table "a.b" rename to "r.s"', 'select ssn from d.s."r.s"'])

    table = created["object_modified_by_ddl"]
    assert table["objectName"] == "d.s.a.b" and table["objectId"] is not None
    assert renamed["object_modified_by_ddl"]["objectId"] == table["objectId"]
    assert renamed["object_modified_by_ddl"]["properties"]["objectName"] == {"value": "d.s.r.s"}
    [entry] = read["direct_objects_accessed"]
    assert (entry["objectName"], entry["objectId"]) == ("d.s.r.s", table["objectId"])
    assert [c["columnId"] for c in entry["columns"]] == [table["properties"]["columns"]["ssn"]["objectId"]["value"]]


def test_the_changes_of_a_statement_set_aside_are_undone_every_kind_of_them():
    """Catalog.begin journals each change a statement makes (an object added, removed, dropped for UNDROP, brought
    back by UNDROP, a schema dropped with its contents and brought back) and its undo puts the catalog back as it
    was, stored state and all (Catalog.end); outside it nothing is journaled."""
    catalog = catalog_from_dict(SNAPSHOT)
    _records(catalog, ["drop table d.s.u"], day=1)  # U kept for UNDROP
    before = catalog_to_dict(catalog)
    steps = [["create table d.s.n (x int)"], ["create or replace table d.s.t (z int)"], ["undrop table d.s.u"],
             ["drop schema d.s"], ["drop table d.s.t"], ["drop schema d.s", "undrop schema d.s", "drop table d.s.t"]]
    for step in steps:  # each alone, undone
        journal = catalog.begin()
        _records(catalog, step, day=2)
        assert catalog_to_dict(catalog) != before, step
        catalog.end(journal, undo=True)
        assert catalog_to_dict(catalog) == before, step
    journal = catalog.begin()  # all in one statement's journal, undone at once
    _records(catalog, [text for step in steps for text in step], day=3)
    catalog.end(journal, undo=True)
    assert catalog_to_dict(catalog) == before
    _records(catalog, ["undrop table d.s.u"], day=4)  # not journaled: kept
    assert catalog_to_dict(catalog) != before and catalog._journal is None


def test_a_statement_set_aside_after_it_changed_the_catalog_changes_nothing():
    """A view redefined so that the views form a cycle is set aside when its record's base objects are expanded,
    after the new definition entered the catalog: the old definition stays, and the views are read through it."""
    catalog = catalog_from_dict(SNAPSHOT)
    records = _records(catalog, ["create view d.s.v1 as select a from d.s.t",
                                 "create view d.s.v2 as select a from d.s.v1",
                                 "create or replace view d.s.v1 as select a from d.s.v2",
                                 "select a from d.s.v2"], day=1)
    assert [r["query_id"] for r in records] == ["1-1", "1-2", "1-4"]
    assert [o["objectName"] for o in records[-1]["base_objects_accessed"]] == ["D.S.T"]
