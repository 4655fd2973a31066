"""Public Snowflake SQL nobody here wrote (tests/data/corpus/, see its README) through the engine.

No statement crashes the engine; what it sets aside is exactly the reviewed list
(tests/data/corpus/quarantine.jsonl: each entry with its kind, part B's marked); no record
names an object that cannot exist (an empty name, a name with '@', more than three parts,
a CTE); and the tasty-bytes application's queries read the tables its own scripts created.
"""

from __future__ import annotations

from collections import Counter

import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.resolve import QUARANTINED, RECORDED, resolve_log

from .support.corpus import (
    corpus_log,
    counts_by_kind,
    cte_names,
    invented_name,
    load_quarantine_list,
    object_names,
    statement_key,
)

MIN_STATEMENTS = 1_000


@pytest.fixture(scope="module")
def outcomes():
    # a generous budget: a machine under load must not turn a slow statement into a quarantined one
    return list(resolve_log(catalog_from_dict({"objects": []}), corpus_log(), time_budget=60))


def test_corpus_is_large_enough(outcomes):
    assert len(outcomes) >= MIN_STATEMENTS, f"the corpus holds {len(outcomes)} statements, fewer than {MIN_STATEMENTS}"


def test_no_statement_crashes_the_engine(outcomes):
    crashed = [(o.statement.query_id, o.reason) for o in outcomes if (o.reason or "").startswith("internal error")]
    assert not crashed, f"{len(crashed)} statements hit an error the engine did not expect: {crashed[:10]}"


def test_quarantine_is_the_reviewed_list(outcomes):
    entries = load_quarantine_list()
    listed = Counter(statement_key(e["file"], e["statement"]) for e in entries)
    quarantined = {}
    for o in outcomes:
        if o.status == QUARANTINED:
            quarantined.setdefault(statement_key(o.statement.query_id, o.statement.text), []).append(o)
    found = Counter({key: len(found) for key, found in quarantined.items()})
    unreviewed = [(f"{o.statement.query_id}: {o.reason}", key[1]) for key in found - listed for o in quarantined[key]]
    resolved = [key for key in listed - found]
    assert not unreviewed, (f"{len(unreviewed)} quarantined statements are not in the reviewed list "
                            f"(review each, add it with its kind): {unreviewed[:10]}")
    assert not resolved, (f"{len(resolved)} statements of the list are no longer quarantined: remove them "
                          f"(counts by kind now {dict(counts_by_kind(entries))}): {resolved[:10]}")


def test_no_invented_object(outcomes):
    invented = []
    for o in outcomes:
        for record in o.records if o.status == RECORDED else ():
            for name in object_names(record):
                why = invented_name(name)
                if why is not None:
                    invented.append(f"{o.statement.query_id}: {name!r} is {why}")
    assert not invented, f"{len(invented)} names of objects that cannot exist: {invented[:10]}"


def test_no_cte_recorded_as_an_object(outcomes):
    as_objects = []
    for o in outcomes:
        ctes = cte_names(o.statement.text) if o.status == RECORDED else set()
        for record in o.records if ctes else ():
            session = f"{o.statement.database}.{o.statement.schema}."
            as_objects.extend(f"{o.statement.query_id}: CTE {name}" for name in object_names(record)
                              if name.startswith(session) and name[len(session):].upper() in ctes)
    assert not as_objects, f"CTEs recorded as objects: {as_objects[:10]}"


def test_application_queries_read_the_tables_its_scripts_created(outcomes):
    """tasty_bytes' backend queries run after its setup scripts: every table they read is known, with every column."""
    queries = [o for o in outcomes if o.statement.query_id.startswith("tasty_bytes/backend_queries.sql")]
    assert len(queries) == 8 and all(o.status == RECORDED for o in queries), [(o.statement.query_id, o.reason) for o in queries]
    for o in queries:
        for entry in o.records[0]["direct_objects_accessed"]:
            assert entry["objectName"] in ("FROSTBYTE_TASTY_BYTES.APP.ORDERS", "FROSTBYTE_TASTY_BYTES.APP.USERS"), entry
            assert entry["objectId"] is not None and all(c["columnId"] is not None for c in entry["columns"]), entry


#: What sf-samples' incremental-processing pipeline reads or writes that none of its scripts creates: Snowflake's
#: shared sample data (its source), and three tables it names otherwise than its DDL did (``ORDER_RL`` for
#: ``ORDERS_RL``; ``WEBINAR_IL_DB`` without ``DEV_``): the sample's own slips, which the records keep as written.
DCDF_NOT_CREATED = frozenset({
    *(f"SNOWFLAKE_SAMPLE_DATA.TPCH_SF1000.{name}" for name in ("CUSTOMER", "LINEITEM", "ORDERS", "PART", "PARTSUPP",
                                                               "SUPPLIER")),
    "DEV_WEBINAR_ORDER_RL_DB.TPCH.SUPPLIER_STG", "WEBINAR_IL_DB.MAIN.DATE_CAL_LKP", "WEBINAR_IL_DB.MAIN.DATE_ISO_LKP",
})


def test_pipeline_scripts_read_and_write_the_tables_their_ddl_created(outcomes):
    """sf-samples' incremental-processing pipeline runs each script as one request that begins with ``use
    database ...; use schema ...;`` and then names its tables without them: every table its loads read or
    write is one its DDL scripts created (known, with ids and column ids), but for :data:`DCDF_NOT_CREATED`."""
    loads = [(o.statement.query_id, record) for o in outcomes if o.statement.query_id.startswith("sf_samples_dcdf/")
             and o.status == RECORDED for record in o.records if record["object_modified_by_ddl"] is None]
    assert len(loads) >= 30, len(loads)
    unknown = set()
    for query_id, record in loads:
        for entry in record["direct_objects_accessed"] + record["objects_modified"]:
            columns_known = all(c.get("columnId") is not None for c in entry.get("columns", []))
            if entry["objectDomain"] != "Stage" and (entry.get("objectId") is None or not columns_known):
                unknown.add(entry["objectName"])
    assert unknown == DCDF_NOT_CREATED, sorted(unknown ^ DCDF_NOT_CREATED)
