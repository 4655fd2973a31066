"""PostgreSQL's own logs in the end-to-end test: the server's ``jsonlog`` and pgaudit's entries in it.

:func:`pgaudit_statements` and :func:`pgaudit_mismatches`: which relations pgaudit logged each
statement reading and writing, and the comparison of the records with them. The server's log
itself is read by the platform's own reader (``access_history_platform.formats.postgres``).

A statement is a ``LOG`` entry whose message is ``statement: <text>`` (``log_statement = 'all'``);
its id is ``<session_id>:<line_num>``, as the platform's reader names it. An ``ERROR`` entry of the
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
from pathlib import Path
from typing import Any

STATEMENT_PREFIX = "statement: "
AUDIT_PREFIX = "AUDIT: "
#: pgaudit's object types that are relations a record can name.
AUDIT_RELATIONS = {"TABLE": "Table", "VIEW": "View", "MATERIALIZED VIEW": "Materialized view"}


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


def pgaudit_statements(entries: Iterable[dict[str, Any]]) -> dict[str, Audited]:
    """pgaudit's session entries, by the query_id of the statement they belong to."""
    audited: dict[str, Audited] = {}
    last: dict[str, str] = {}
    for entry in entries:
        message, session = entry.get("message", ""), entry.get("session_id", "")
        if message.startswith(STATEMENT_PREFIX):
            last[session] = f"{session}:{entry['line_num']}"  # the reader's query_id
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


def request_relations(records: Iterable[dict[str, Any]]) -> tuple[set[str], set[str], set[str]]:
    """:func:`record_relations` of the records of one request (a statement, or the statements a DO block ran)."""
    tables, views, written = set(), set(), set()
    for record in records:
        each = record_relations(record)
        tables |= each[0]
        views |= each[1]
        written |= each[2]
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
    requests: dict[str, list[dict[str, Any]]] = {}
    for record in records:  # the statements a DO block ran (``<query_id>#<n>``): pgaudit logs them under the DO
        requests.setdefault(record["query_id"].split("#")[0], []).append(record)
    seen = set()
    for query_id, held in requests.items():
        seen.add(query_id)
        audit = audited.get(query_id)
        if audit is None:
            problems.append(f"{query_id}: a record, but pgaudit logged no relation for it")
            continue
        tables, views, written = request_relations(held)
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
