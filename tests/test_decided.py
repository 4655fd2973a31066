"""The day's DDL is decided once, by the ``catalog`` asset's replay; every other replay follows it.

Before, the ``catalog`` asset, every resolving task and a check each decided every
catalog-changing statement again, and they agreed only because they ran under the same
time budget: a DDL statement that timed out in one and not in another gave two catalogs.
"""

from __future__ import annotations

import time
from datetime import datetime

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import QUARANTINED, RECORDED, resolve_statements, statements_of
from access_history_platform.spark.versions import initial_state, replay_catalog_day

SNAPSHOT = {"objects": [{"domain": "Table", "name": "D.S.A", "columns": [{"name": "X"}]}]}
#: A DDL statement that costs far more than :data:`BUDGET` on any machine, so that deciding it again under
#: that budget sets it aside every time: 3,000 derived columns, about 70 ms on an idle 2-core machine even
#: when the process has parsed it before (300 took 7.5 ms then, and a quiet whole run failed on it).
HEAVY_DDL = ("create table d.s.new as select x as y, " + ", ".join(f"x + {n} as c{n}" for n in range(3000))
             + " from d.s.a")
BUDGET = 1e-3
LOG = [("ddl", HEAVY_DDL), ("read", "select y from d.s.new"), ("plain", "select x from d.s.a")]


def lines() -> list[dict]:
    return [{"query_id": query_id, "query_text": text, "user_name": "U", "database_name": "D", "schema_name": "S",
             "query_start_time": f"2024-01-01T00:0{i}:00+00:00"} for i, (query_id, text) in enumerate(LOG)]


def replay(decided: dict[str, str | None] | None, time_budget: float | None = None):
    catalog = catalog_from_dict(SNAPSHOT)
    outcomes = {o.statement.query_id: o for o in resolve_statements(
        catalog, statements_of([validate_log_record(line) for line in lines()]), time_budget=time_budget,
        decided=decided)}
    return catalog, outcomes


def test_a_statement_the_catalog_set_aside_is_set_aside_with_its_reason_and_changes_nothing():
    catalog, outcomes = replay({"ddl": "more than the time budget of 5 s (in the catalog's replay)"})
    assert (outcomes["ddl"].status, outcomes["ddl"].reason) == (
        QUARANTINED, "more than the time budget of 5 s (in the catalog's replay)")
    assert catalog.by_name("Table", "D.S.NEW") is None
    assert outcomes["plain"].status == RECORDED


def test_a_statement_the_catalog_applied_is_applied_whatever_the_budget():
    started = time.perf_counter()
    unbudgeted, _ = replay(None)
    assert time.perf_counter() - started > 10 * BUDGET, "the DDL must cost far more than the budget"
    assert unbudgeted.by_name("Table", "D.S.NEW") is not None
    catalog, outcomes = replay({"ddl": None}, time_budget=BUDGET)
    assert outcomes["ddl"].status == RECORDED and catalog.by_name("Table", "D.S.NEW") is not None
    undecided, outcomes = replay(None, time_budget=BUDGET)
    assert outcomes["ddl"].status == QUARANTINED and "time budget" in outcomes["ddl"].reason
    assert undecided.by_name("Table", "D.S.NEW") is None, "deciding again under the budget gives another catalog"


def test_the_catalog_replay_decides_each_catalog_changing_statement_once():
    start = initial_state(SNAPSHOT)
    rows = [{**line, "query_start_time": datetime.fromisoformat(line["query_start_time"]), "log_position": i,
             "changes_catalog": True, "execution_status": "SUCCESS", "extra": "{}"}
            for i, line in enumerate(lines()) if line["query_id"] in ("ddl", "plain")]
    day = replay_catalog_day(start, rows, {}, account="ACME", time_budget=None)
    assert day.decided == {"ddl": None}, "only the statements that change the catalog are decided"
    assert "D.S.NEW" in {o["name"] for o in day.end_state["catalog"]["objects"]}
