"""Comparison of access-history records by CONTRACT section 5, and the record-case loader.

A record case is ``{"name", "description", "dialect"?, "catalog", "log", "expected", "no_record"?, "quarantined"?}``:
``expected`` lists exactly the records that must come out. Lists compare as multisets, an
id is compared only where the expected record gives it, and a key holding ``[]``, ``{}``
or ``null`` counts as absent below a record's top level.
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import NO_RECORD, QUARANTINED, no_record_kind, resolve_log

ID_KEYS = frozenset({"objectId", "columnId", "policyId"})
EMPTY = ([], {}, None)


def load_cases(folder: Path) -> list[dict[str, Any]]:
    cases = []
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text())
        for case in data if isinstance(data, list) else [data]:
            case.setdefault("name", path.stem)
            cases.append(case)
    return cases


def resolve_case(case: dict[str, Any]) -> list[Any]:
    """Resolve a case's log against its catalog, in-process: its outcomes (and bad lines), in log order."""
    dialect = case.get("dialect", "snowflake")
    catalog = catalog_from_dict(case.get("catalog", {"objects": []}))
    lines = [validate_log_record(line, "case", i + 1) for i, line in enumerate(case["log"])]
    return list(resolve_log(catalog, lines, dialect=dialect))


def run_case(case: dict[str, Any]) -> list[dict[str, Any]]:
    """Resolve a case's log against its catalog, in-process, and return its records."""
    return records_of(resolve_case(case))


def records_of(outcomes: list[Any]) -> list[dict[str, Any]]:
    return [record for outcome in outcomes for record in getattr(outcome, "records", [])]


def no_record_differences(case: dict[str, Any], outcomes: list[Any]) -> list[str]:
    """How the outcomes differ from the case's ``no_record`` (query_id -> the kind counted for a statement
    that has no record and is not quarantined); empty when they agree or the case has none."""
    by_id = {outcome.statement.query_id: outcome for outcome in outcomes if hasattr(outcome, "statement")}
    problems = []
    for query_id, kind in case.get("no_record", {}).items():
        outcome = by_id.get(query_id)
        if outcome is None or outcome.status != NO_RECORD or no_record_kind(outcome.reason) != kind:
            problems.append(f"{query_id}: expected no record of kind {kind!r}, got "
                            f"{outcome and (outcome.status, outcome.reason)}")
    return problems


def quarantine_differences(case: dict[str, Any], outcomes: list[Any]) -> list[str]:
    """How the outcomes differ from the case's ``quarantined`` (query_id -> the start of the reason a statement is
    set aside with, and the later pieces of it after each `` … ``, in order); empty when they agree or the case has
    none."""
    by_id = {outcome.statement.query_id: outcome for outcome in outcomes if hasattr(outcome, "statement")}
    problems = []
    for query_id, reason in case.get("quarantined", {}).items():
        outcome = by_id.get(query_id)
        if outcome is None or outcome.status != QUARANTINED or not _reason_holds(outcome.reason or "", reason):
            problems.append(f"{query_id}: expected quarantined with {reason!r}, got {outcome and (outcome.status, outcome.reason)}")
    return problems



def _reason_holds(reason: str, expected: str) -> bool:
    """Whether ``reason`` starts with ``expected``'s first piece and holds its later pieces (after each `` … ``), in
    order."""
    first, *later = expected.split(" … ")
    at = len(first) if reason.startswith(first) else -1
    for piece in later:
        at = reason.find(piece, at) if at >= 0 else -1
    return at >= 0

def differences(expected: list[dict], actual: list[dict]) -> list[str]:
    """Human-readable differences between expected and actual records (empty when they agree)."""
    problems = []
    by_id: dict[str, list[dict]] = {}
    for record in actual:
        by_id.setdefault(record["query_id"], []).append(record)
    wanted: dict[str, list[dict]] = {}
    for record in expected:
        wanted.setdefault(record["query_id"], []).append(record)
    for query_id in sorted(set(by_id) | set(wanted)):
        exp, act = wanted.get(query_id, []), by_id.get(query_id, [])
        if len(exp) != len(act):
            problems.append(f"{query_id}: expected {len(exp)} record(s), got {len(act)}: {json.dumps(act)[:400]}")
            continue
        remaining = list(act)
        for record in exp:
            match = next((a for a in remaining if not _record_diff(record, a)), None)
            if match is None:
                best = min(remaining, key=lambda a: len(_record_diff(record, a)))
                problems.extend(f"{query_id}: {d}" for d in _record_diff(record, best))
            else:
                remaining.remove(match)
    return problems


TOP_LEVEL = (
    "query_id", "query_start_time", "user_name", "direct_objects_accessed", "base_objects_accessed",
    "objects_modified", "object_modified_by_ddl", "policies_referenced", "parent_query_id", "root_query_id",
)


def _record_diff(expected: dict, actual: dict) -> list[str]:
    """Differences of one record; a top-level key the expected record leaves out must be empty."""
    diffs = []
    unknown = set(actual) - set(TOP_LEVEL)
    if unknown:
        diffs.append(f"unexpected keys {sorted(unknown)}")
    for key in TOP_LEVEL:
        if key not in expected and key in ("query_start_time", "user_name"):
            continue
        want = expected.get(key)
        got = actual.get(key)
        if key == "query_start_time":
            if _instant(want) != _instant(got):
                diffs.append(f"query_start_time: expected {want}, got {got}")
        elif not _matches(want, got):
            diffs.append(f"{key}:\n  expected {json.dumps(want, sort_keys=True)}\n  got      {json.dumps(got, sort_keys=True)}")
    return diffs


def _matches(want: Any, got: Any) -> bool:
    if isinstance(want, dict) and isinstance(got, dict):
        for key in set(want) | set(got):
            w, g = want.get(key), got.get(key)
            if key in ID_KEYS and key not in want:
                continue
            if w in EMPTY and g in EMPTY:
                continue
            if not _matches(w, g):
                return False
        return True
    if isinstance(want, list) and isinstance(got, list):
        if len(want) != len(got):
            return False
        remaining = list(got)
        for item in want:
            hit = next((i for i, g in enumerate(remaining) if _matches(item, g)), None)
            if hit is None:
                return False
            remaining.pop(hit)
        return True
    return want == got


def _instant(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
