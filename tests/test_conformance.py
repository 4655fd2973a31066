"""The shared conformance cases (the reference's worked examples), run in-process and through `ahp`."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from access_history_platform.records import AccessHistoryRecord

from .support.records import differences, load_cases, run_case

SHARED = Path(__file__).resolve().parents[2] / "shared" / "conformance"
CASES = load_cases(SHARED / "cases") if SHARED.is_dir() else []


@pytest.mark.skipif(not CASES, reason=f"the shared conformance cases are not at {SHARED}")
@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_conformance_case(case):
    actual = run_case(case)
    for record in actual:
        AccessHistoryRecord.model_validate(record)
    problems = differences(case["expected"], actual)
    assert not problems, "\n".join(problems)


@pytest.mark.skipif(not CASES, reason=f"the shared conformance cases are not at {SHARED}")
def test_conformance_checker_through_cli():
    """The checker the maintainers use, run on the installed `ahp` command."""
    ahp = Path(sys.executable).with_name("ahp")
    result = subprocess.run([sys.executable, str(SHARED / "check.py"), "--ahp", str(ahp)],
                            capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:]
