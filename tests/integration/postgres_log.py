"""PostgreSQL's own logs in the end-to-end test: the server's ``jsonlog`` and pgaudit's entries in it.

Two parts, kept apart on purpose:

- :func:`pgaudit_statements` and :func:`pgaudit_mismatches` (for good): which relations pgaudit
  logged each statement reading and writing, and the comparison of the records with them.
- :func:`jsonlog_to_log_lines` -- TEMPORARY, a stand-in until the platform reads PostgreSQL's
  ``jsonlog`` itself (another branch adds that reader). It turns the server's log into the
  platform's own log lines (CONTRACT section 1) so the pipeline can be run on it now; at the
  merge, the test lands the server's log file as it is and this function goes.

A statement is a ``LOG`` entry whose message is ``statement: <text>`` (``log_statement = 'all'``);
its id here is ``<session_id>.<line_num>``, unique in a server's logs. An ``ERROR`` entry of the
same session carrying that text as its ``statement`` marks it failed. pgaudit's ``AUDIT:``
entries (``AUDIT: SESSION,<statement>,<substatement>,<class>,<command>,<object type>,<object
name>,<text>,<parameter>``, CSV-quoted, https://github.com/pgaudit/pgaudit#format) belong to the
last statement their session logged.
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

STATEMENT_PREFIX = "statement: "
AUDIT_PREFIX = "AUDIT: "
#: pgaudit's object types that are relations a record can name.
AUDIT_RELATIONS = {"TABLE": "Table", "VIEW": "View", "MATERIALIZED VIEW": "Materialized view"}


@dataclass(frozen=True)
class LoggedStatement:
    """One statement of the server's log."""

    query_id: str
    text: str
    start: datetime
    user: str
    database: str
    session_id: str
    failed: bool = False


@dataclass
class Audited:
    """The relations pgaudit logged for one statement, by class (READ, WRITE, DDL) and type."""

    query_id: str
    reads: set[tuple[str, str]] = field(default_factory=set)   # (object type, schema.name)
    writes: set[tuple[str, str]] = field(default_factory=set)
    ddl: set[tuple[str, str]] = field(default_factory=set)


def jsonlog_entries(paths: Iterable[Path]) -> Iterator[dict[str, Any]]:
    for path in paths:
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                yield json.loads(line)


def statements(entries: Iterable[dict[str, Any]]) -> list[LoggedStatement]:
    """The statements the log holds, in log order, each marked failed when its session logged an error for it."""
    found: list[LoggedStatement] = []
    last: dict[str, int] = {}  # session -> index in ``found`` of its last statement
    for entry in entries:
        message, session = entry.get("message", ""), entry.get("session_id", "")
        if entry.get("error_severity") == "LOG" and message.startswith(STATEMENT_PREFIX):
            last[session] = len(found)
            found.append(LoggedStatement(
                query_id=f"{session}.{entry['line_num']}", text=message[len(STATEMENT_PREFIX):],
                start=_timestamp(entry["timestamp"]), user=entry.get("user", ""), database=entry.get("dbname", ""),
                session_id=session))
        elif entry.get("error_severity") in ("ERROR", "FATAL") and session in last:
            index = last[session]
            if entry.get("statement") == found[index].text:
                found[index] = LoggedStatement(**{**found[index].__dict__, "failed": True})
    return found


def _timestamp(text: str) -> datetime:
    """``2026-11-23 22:31:09.929 UTC`` (``log_timezone = 'UTC'``) as an aware datetime."""
    stamp, zone = text.rsplit(" ", 1)
    if zone not in ("UTC", "GMT"):
        raise ValueError(f"the server logs in {zone}: start it with log_timezone = 'UTC'")
    return datetime.fromisoformat(stamp + "+00:00")


def jsonlog_to_log_lines(entries: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """TEMPORARY (see the module's docstring): the log's statements as the platform's log lines.

    A session's ``SET search_path TO <schema>`` gives the schema of its later statements.
    """
    lines, search_path = [], {}
    for statement in statements(entries):
        words = statement.text.strip().rstrip(";").split()
        if [w.lower() for w in words[:3]] == ["set", "search_path", "to"] or \
                [w.lower() for w in words[:3]] == ["set", "search_path", "="]:
            search_path[statement.session_id] = words[3].split(",")[0].strip('"')
        line = {"query_id": statement.query_id, "query_text": statement.text,
                "query_start_time": statement.start.isoformat(timespec="milliseconds"),
                "user_name": statement.user, "database_name": statement.database,
                "schema_name": search_path.get(statement.session_id, "public"),
                "session_id": statement.session_id, "execution_status": "FAIL" if statement.failed else "SUCCESS"}
        lines.append(line)
    return lines


def pgaudit_statements(entries: Iterable[dict[str, Any]]) -> dict[str, Audited]:
    """pgaudit's session entries, by the query_id of the statement they belong to."""
    audited: dict[str, Audited] = {}
    last: dict[str, str] = {}
    for entry in entries:
        message, session = entry.get("message", ""), entry.get("session_id", "")
        if message.startswith(STATEMENT_PREFIX):
            last[session] = f"{session}.{entry['line_num']}"
        elif message.startswith(AUDIT_PREFIX) and session in last:
            fields = next(csv.reader([message[len(AUDIT_PREFIX):]]))
            _kind, _statement, _sub, audit_class, _command, object_type, object_name = fields[:7]
            if object_type not in AUDIT_RELATIONS:
                continue  # an index, a schema, or a statement that names no relation
            held = audited.setdefault(last[session], Audited(last[session]))
            {"READ": held.reads, "WRITE": held.writes, "DDL": held.ddl}[audit_class].add((object_type, object_name))
    return audited


def record_relations(record: dict[str, Any]) -> tuple[set[str], set[str], set[str]]:
    """A record's tables read, views read directly, and relations written or defined (by their names after
    the statement), as ``schema.name``."""
    def short(entry: dict[str, Any]) -> str:
        return entry["objectName"].split(".", 1)[1]

    accessed = record["direct_objects_accessed"] + record["base_objects_accessed"]
    tables = {short(o) for o in accessed if o.get("objectDomain") == "Table"}
    views = {short(o) for o in record["direct_objects_accessed"] if o.get("objectDomain") == "View"}
    written = {short(o) for o in record["objects_modified"] if "objectName" in o}
    ddl = record.get("object_modified_by_ddl")
    if ddl and ddl.get("objectDomain") in AUDIT_RELATIONS.values():
        # the relation as the statement left it: a rename's new name (in its properties), as pgaudit names it
        renamed = ((ddl.get("properties") or {}).get("objectName") or {}).get("value")
        written.add(short({"objectName": renamed}) if renamed else short(ddl))
    return tables, views, written


def pgaudit_mismatches(records: Iterable[dict[str, Any]], audited: dict[str, Audited]) -> list[str]:
    """Where the records and pgaudit disagree on the relations a statement read and wrote (empty: they agree).

    For each statement: the tables it wrote or defined are pgaudit's WRITE and DDL relations; the
    tables it read, beside those, are pgaudit's READ tables (pgaudit logs a written table as
    WRITE only, even when the statement reads it too); every view it names is among pgaudit's
    READ views (pgaudit also logs the views a view reads, which ACCESS_HISTORY leaves out). A
    statement pgaudit logged relations for must have a record, and the other way round.
    """
    problems = []
    seen = set()
    for record in records:
        query_id = record["query_id"]
        seen.add(query_id)
        audit = audited.get(query_id)
        if audit is None:
            problems.append(f"{query_id}: a record, but pgaudit logged no relation for it")
            continue
        tables, views, written = record_relations(record)
        audit_written = {name for _, name in audit.writes | audit.ddl}
        audit_tables = {name for kind, name in audit.reads if kind == "TABLE"} - audit_written
        audit_views = {name for kind, name in audit.reads if kind == "VIEW"}
        if written != audit_written:
            problems.append(f"{query_id}: writes {sorted(written)}, pgaudit logged {sorted(audit_written)}")
        if tables - written != audit_tables:
            problems.append(f"{query_id}: reads tables {sorted(tables - written)}, pgaudit logged {sorted(audit_tables)}")
        if not views <= audit_views:
            problems.append(f"{query_id}: reads views {sorted(views)}, pgaudit logged {sorted(audit_views)}")
    problems += [f"{query_id}: pgaudit logged {sorted(a.reads | a.writes | a.ddl)}, but there is no record"
                 for query_id, a in audited.items() if query_id not in seen]
    return problems
