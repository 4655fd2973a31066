"""Log order in bounded memory: spilled chunks merge into exactly the order of an in-memory sort."""

from __future__ import annotations

import json
import random

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.ordering import order_log
from access_history_platform.resolve import resolve_log


def _lines(n: int, seed: int = 3):
    rng = random.Random(seed)
    out = []
    for i in range(n):
        minute = rng.randrange(0, 30)  # many equal times: input order must break the ties
        line = {"query_id": f"q{i}", "query_text": f"select a from t where b = {i}", "user_name": "U",
                "query_start_time": f"2024-01-01T10:{minute:02d}:00+00:00", "database_name": "D", "schema_name": "S",
                "note": f"extra {i}"}
        if i and rng.random() < 0.2:
            line["parent_query_id"] = f"q{rng.randrange(0, i)}"
        out.append(validate_log_record(line))
    return out


def test_spilled_order_equals_in_memory_order():
    lines = _lines(500)
    expected = sorted(range(len(lines)), key=lambda i: (lines[i].query_start_time, i))
    in_memory = order_log(lines)
    spilled = order_log(lines, chunk=37)
    assert in_memory.spilled_chunks == 0 and spilled.spilled_chunks == 13
    got = [(index, line) for index, line in spilled.lines]
    assert [index for index, _ in got] == expected
    assert [index for index, _ in in_memory.lines] == expected
    assert all(line == lines[index] for index, line in got)  # extra fields survive the spill
    assert spilled.parents == {l.query_id: l.parent_query_id for l in lines if l.parent_query_id}


def test_a_log_of_whole_chunks_spills_all_but_its_last():
    lines = _lines(74)
    assert order_log(lines, chunk=37).spilled_chunks == 1
    assert order_log(lines, chunk=74).spilled_chunks == 0
    assert order_log(lines, chunk=73).spilled_chunks == 1


def test_records_do_not_depend_on_the_chunk_size():
    catalog = lambda: catalog_from_dict({"objects": [{"domain": "Table", "name": "D.S.T", "columns": [{"name": "A"}, {"name": "B"}]}]})
    lines = _lines(300)
    small = [json.dumps(o.records, sort_keys=True) for o in resolve_log(catalog(), lines, chunk=11)]
    whole = [json.dumps(o.records, sort_keys=True) for o in resolve_log(catalog(), lines)]
    assert small == whole and len(whole) == 300
