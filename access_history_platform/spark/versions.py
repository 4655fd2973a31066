"""An account's catalog through one day: object versions with validity intervals, and the end state.

:func:`replay_catalog_day` starts from the state the previous day left (or the account's
snapshot, :func:`initial_state`), replays the day's catalog-changing lines in log order with
the engine's :func:`~access_history_platform.resolve.resolve_statements`, and watches which
objects each statement replaces. Every object version alive at some point of the day is one
row of :func:`versions_schema`: when it became valid (``None`` when it comes from the
snapshot), when it stopped (``None`` while still valid at the end of the day), and the
statement and log position of each.

A day state is JSON: ``{"catalog": catalog_to_dict(...), "since": {key: start of version}}``;
it is both the end of one day and the start of the next.

>>> state = initial_state({"objects": [{"domain": "Table", "name": "D.S.T", "columns": [{"name": "A"}]}]})
>>> day = replay_catalog_day(state, [], {}, account="ACME")
>>> [(v["name"], v["valid_from"], v["valid_to"]) for v in day.versions]
[('D.S.T', None, None)]
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from collections.abc import Callable
from typing import Any

import pyarrow as pa

from ..catalog import CatalogObject, catalog_from_dict, catalog_from_state, catalog_to_dict, object_to_dict
from ..resolve import QUARANTINED, Statement, resolve_statements
from ..sql.binder import derive_view_columns
from ..sql.statements import known_kind
from .batch import ordered_statements
from .records import TIMESTAMP

__all__ = ["CatalogDay", "initial_state", "replay_catalog_day", "versions_schema"]


def versions_schema() -> pa.Schema:
    """One row per object version of the ``catalog`` table."""
    text, number = pa.string(), pa.int64()
    return pa.schema([
        ("account_name", text), ("domain", text), ("name", text), ("object_id", number),
        ("valid_from", TIMESTAMP), ("valid_from_position", number), ("valid_from_query_id", text),
        ("valid_to", TIMESTAMP), ("valid_to_position", number), ("valid_to_query_id", text),
        ("object", text),
    ])


@dataclass(slots=True)
class _Version:
    obj: CatalogObject
    data: dict[str, Any]
    start: dict[str, Any] = field(default_factory=dict)
    end: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class CatalogDay:
    """What one day did to an account's catalog."""

    versions: list[dict[str, Any]]
    end_state: dict[str, Any]
    statements: int
    changes: int
    quarantined: list[tuple[str, str]]
    #: each catalog-changing statement's outcome by query_id: None (applied) or why it was set aside;
    #: whatever replays the day again follows it (``resolve_statements(decided=...)``)
    decided: dict[str, str | None] = field(default_factory=dict)


def initial_state(snapshot: dict[str, Any], *, source: str = "<catalog>") -> dict[str, Any]:
    """The day state of an account's catalog snapshot (CONTRACT section 2); raises ``CatalogError``."""
    return {"catalog": catalog_to_dict(catalog_from_dict(snapshot, source=source)), "since": {}}


def replay_catalog_day(start: dict[str, Any], lines: list[dict[str, Any]], parents: dict[str, str], *,
                       account: str, dialect: str = "snowflake", time_budget: float | None = 5.0,
                       ran: Callable[[set[str]], set[str]] | None = None, day_end: datetime | None = None,
                       ) -> CatalogDay:
    """Replay the day's catalog-changing ``raw_query_logs`` rows from ``start`` (a day state).

    ``ran`` answers which of the sessions it is given ran a statement that day (a line of that ``session_id``, or a
    script's child): the temporary objects of a session that ran none are dropped at ``day_end`` (the log does not say
    when a session ends; one idle for a whole day has ended, and its objects must not pile up in the state day after
    day). Without it, every session's objects are kept."""
    catalog = catalog_from_state(start["catalog"])
    derive_view_columns(catalog, dialect)
    since = start.get("since", {})
    alive = {id(o): _Version(o, object_to_dict(o), since.get(_key(o), {})) for o in catalog.objects()}
    closed: list[_Version] = []
    statements = [s for s, _ in ordered_statements(lines, [], parents, dialect=dialect)]
    changes, quarantined, decided = 0, [], {}
    for outcome in resolve_statements(catalog, statements, dialect=dialect, time_budget=time_budget):
        if outcome.status == QUARANTINED:
            quarantined.append((outcome.statement.query_id, outcome.reason or ""))
        if outcome.statement.successful and known_kind(outcome.statement, dialect).changes_catalog:
            decided[outcome.statement.query_id] = (outcome.reason or "set aside") if outcome.status == QUARANTINED \
                else None
        now = {id(o): o for o in catalog.objects()}
        if now.keys() == alive.keys():
            continue
        changes += 1
        point = _point(outcome.statement)
        for key in alive.keys() - now.keys():
            version = alive.pop(key)
            version.end = point
            closed.append(version)
        for key in now.keys() - alive.keys():
            alive[key] = _Version(now[key], object_to_dict(now[key]), point)
    sessions = catalog.sessions() if ran is not None else set()
    if sessions:  # (those it dropped, kept for UNDROP, are forgotten too)
        point = {"at": day_end.isoformat()} if day_end is not None else {}
        for obj in catalog.end_sessions(sessions - ran(sessions)):
            version = alive.pop(id(obj))
            version.end = point
            closed.append(version)
    versions = sorted(closed + list(alive.values()), key=_order)
    end_state = {
        "catalog": catalog_to_dict(catalog),
        "since": {_key(v.obj): v.start for v in alive.values() if v.start},
    }
    return CatalogDay([_row(v, account) for v in versions], end_state, len(statements), changes, quarantined,
                      decided)


def _key(obj: CatalogObject) -> str:
    return "\x1f".join((obj.domain, obj.name, str(obj.id), obj.argument_signature or ""))


def _point(statement: Statement) -> dict[str, Any]:
    return {"at": statement.start_time.isoformat(), "position": statement.position[0], "query_id": statement.query_id}


def _order(version: _Version) -> tuple:
    return (version.obj.domain, version.obj.name, version.start.get("at") or "", version.start.get("position", -1))


def _row(version: _Version, account: str) -> dict[str, Any]:
    return {
        "account_name": account,
        "domain": version.obj.domain,
        "name": version.obj.name,
        "object_id": version.obj.id,
        "valid_from": _time(version.start.get("at")),
        "valid_from_position": version.start.get("position"),
        "valid_from_query_id": version.start.get("query_id"),
        "valid_to": _time(version.end.get("at")),
        "valid_to_position": version.end.get("position"),
        "valid_to_query_id": version.end.get("query_id"),
        "object": json.dumps(version.data, sort_keys=True),
    }


def _time(text: str | None) -> datetime | None:
    return datetime.fromisoformat(text) if text else None
