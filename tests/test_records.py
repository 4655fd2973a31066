"""SQL behaviour as data: each case in tests/data/records/ is a catalog and a log in, records out."""

from __future__ import annotations

from pathlib import Path

import pytest

from access_history_platform.records import AccessHistoryRecord

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
