"""PostgreSQL's own server log with ``log_statement = 'all'``, as ``jsonlog`` or ``csvlog``.

The server writes one entry per message (https://www.postgresql.org/docs/15/runtime-config-logging.html,
sections "Using CSV-Format Log Output" and "Using JSON-Format Log Output"). ``jsonlog``
keys: ``timestamp``, ``user``, ``dbname``, ``pid``, ``session_id``, ``line_num``, ``ps``,
``error_severity``, ``message``, ``statement``, ... (a key is left out when empty).
``csvlog`` has no header; its columns by position are :data:`CSVLOG_COLUMNS` (23 up to
PostgreSQL 12, 24 in 13, 26 from 14).

Of the server's messages, the statements are those ``log_statement`` writes:
``statement: <text>`` (simple protocol) and ``execute <name>: <text>`` (extended
protocol). An SQL ``EXECUTE name(...)`` of a prepared statement is logged with the
``DETAIL`` ``prepare: PREPARE name AS <statement>``: that statement is what it runs, and
is its text (the ``EXECUTE`` kept as ``executed_as``). Each becomes a log line: ``query_id``
``<session_id>:<line_num>`` (unique on
the server), the session's user and database, and as schema the first schema of the
session's ``search_path`` as its own ``SET search_path`` statements left it (``public``,
PostgreSQL's default, before any; a ``SET`` in a transaction block rolled back, or a ``SET
LOCAL`` once its block ends, no longer: :mod:`..sql.search_paths`). An ``ERROR`` (or ``FATAL``, ``PANIC``) the session
logs before its next statement marks the statement ``FAIL``. Every other message
(connections, checkpoints, durations, the errors themselves) is not a statement and is no
log line, as a blank line is none. A statement ``log_min_duration_statement`` logs with its text
(``duration: d ms  statement: ...``: "the text of statements that are logged because of log_statement
will not be repeated in the duration log message", so it is one ``log_statement = 'ddl'`` or ``'mod'``
did not log) is read, started ``d`` ms before its entry. A log whose statements are only pgaudit's
``AUDIT:`` lines sets aside one line saying so, rather than giving a day of nothing without a word.
Times must be logged in UTC or with a numeric offset (``log_timezone = 'UTC'``): a zone abbreviation
such as ``CET`` is ambiguous and set aside.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, Iterable, Iterator, Mapping

from .search_path import SearchPaths
from .format import LogFormat, Rejected, Row, RowError, zoned_timestamp

#: ``csvlog`` columns by position (PostgreSQL 14 and later; earlier versions stop sooner).
CSVLOG_COLUMNS = (
    "log_time", "user_name", "database_name", "process_id", "connection_from", "session_id",
    "session_line_num", "command_tag", "session_start_time", "virtual_transaction_id", "transaction_id",
    "error_severity", "sql_state_code", "message", "detail", "hint", "internal_query", "internal_query_pos",
    "context", "query", "query_pos", "location", "application_name", "backend_type", "leader_pid", "query_id",
)
#: ``jsonlog`` key -> the ``csvlog`` column of the same meaning (the one vocabulary used below).
_JSONLOG_KEYS = {"timestamp": "log_time", "user": "user_name", "dbname": "database_name", "pid": "process_id",
                 "session_id": "session_id", "line_num": "session_line_num", "ps": "command_tag",
                 "error_severity": "error_severity", "message": "message", "detail": "detail",
                 "application_name": "application_name"}
#: The detail the server logs with an ``EXECUTE name(...)`` of a prepared statement: ``prepare: PREPARE name
#: [(types)] AS statement``, the statement the EXECUTE runs.
_PREPARED = re.compile(r"prepare:\s*PREPARE\s+(?:\w+|\"[^\"]+\")(?:\s*\([^)]*\))?\s+AS\s+(?P<statement>.+)",
                       re.IGNORECASE | re.DOTALL)
_EXECUTE = re.compile(r"\s*EXECUTE\s+(?!IMMEDIATE\b)", re.IGNORECASE)
_STATEMENT = re.compile(r"(?:duration: (?P<ms>\d+(?:\.\d+)?) ms\s+)?(?:statement|execute [^:]*): (?P<text>.*)",
                        re.DOTALL)
_FAILURES = frozenset({"ERROR", "FATAL", "PANIC"})
#: pgaudit's lines, statements logged by other means than ``log_statement`` or ``log_min_duration_statement``, which
#: this reader does not read.
_AUDIT = re.compile(r"AUDIT: ")
#: A time the server wrote in a zone's abbreviation (its log_timezone not UTC): ``... 06:37:34.721 CET``.
_ZONE_NAMED = re.compile(r"\d\s+[A-Za-z][A-Za-z+-]{1,5}\s*\Z")


@dataclass(slots=True)
class _Pending:
    """A session's last statement, waiting for an error that would mark it failed."""

    number: int
    text: str
    line: dict[str, Any]


def translate(rows: Iterable[Row], *, columns: Mapping[str, str] | None = None) -> Iterator[Row]:
    """The statements of a server log, in file order, each emitted once its outcome is known."""
    pending: dict[str, _Pending] = {}
    schemas = SearchPaths()
    statements, others, first_other = 0, 0, None  # (pgaudit's lines: how many, the first)
    for number, text, fields in rows:
        if not isinstance(fields, Mapping):
            yield number, text, fields
            continue
        entry = {columns.get(key, key): value for key, value in fields.items()} if columns else fields
        session = str(entry.get("session_id") or "")
        statement = _STATEMENT.fullmatch(str(entry.get("message") or ""))
        if statement is None:
            if session in pending and str(entry.get("error_severity") or "").upper() in _FAILURES:
                pending[session].line["execution_status"] = "FAIL"
            elif not statements and _AUDIT.match(str(entry.get("message") or "")):
                others, first_other = others + 1, first_other or (number, text)
            continue
        statements += 1
        if session in pending:
            yield _finish(pending.pop(session), schemas)
        try:
            line = _statement_line(entry, statement["text"], schemas.schema(session), statement["ms"])
        except RowError as err:
            yield number, text, Rejected(str(err))
            continue
        pending[session] = _Pending(number, text, line)
    for waiting in sorted(pending.values(), key=lambda p: p.number):
        yield _finish(waiting, schemas)
    if not statements and first_other is not None:  # a day that would come out empty without a word
        number, text = first_other
        yield number, text, Rejected(
            "the log holds no statement logged by log_statement ('statement: ...' lines) or "
            f"log_min_duration_statement ('duration: ... statement: ...'), but {others:,} logged by pgaudit (AUDIT: "
            "lines), which this reader does not read: set log_statement = 'all' (the file's first such line stands "
            "for them all)")


def _finish(waiting: _Pending, schemas: SearchPaths) -> Row:
    """A statement whose outcome is known, which its session's search path follows (:mod:`.search_path`)."""
    line = waiting.line
    schemas.ran(line["session_id"], line["query_text"], line["execution_status"] == "SUCCESS")
    return waiting.number, waiting.text, line


def executed_statement(text: str, detail: str) -> str | None:
    """The statement an ``EXECUTE name(...)`` runs, as the server logs it in the entry's DETAIL (``prepare: PREPARE
    name [(types)] AS statement``); None for another statement or DETAIL.

    >>> executed_statement("EXECUTE q(1)", "prepare: PREPARE q (int) AS SELECT * FROM t WHERE id = $1")
    'SELECT * FROM t WHERE id = $1'
    """
    prepared = _PREPARED.fullmatch(detail) if _EXECUTE.match(text) else None
    return prepared["statement"] if prepared else None


def _statement_line(entry: Mapping[str, Any], text: str, schema: str, duration: str | None = None) -> dict[str, Any]:
    """A statement entry as a log line; one ``log_min_duration_statement`` logged (``duration: d ms  statement:
    ...``: the server logs it when it ends) started ``d`` milliseconds before its entry."""
    for column in ("session_id", "session_line_num", "user_name", "database_name"):
        if entry.get(column) in (None, ""):
            raise RowError(f"a statement entry without its {column} (the server writes it in every entry of a "
                           "session's jsonlog and csvlog)")
    prepared = executed_statement(text, str(entry.get("detail") or ""))
    return {
        "query_id": f"{entry['session_id']}:{entry['session_line_num']}",
        # an EXECUTE of a prepared statement runs the statement its DETAIL gives (the EXECUTE kept beside it)
        "query_text": prepared or text,
        "executed_as": text if prepared else None,
        "query_start_time": _started(_logged_time(entry.get("log_time")), duration),
        "user_name": str(entry["user_name"]),
        "execution_status": "SUCCESS",
        "database_name": str(entry["database_name"]),
        "schema_name": schema,
        "session_id": str(entry["session_id"]),
        "process_id": entry.get("process_id"),
        "application_name": entry.get("application_name") or None,
    }


def _started(logged: str, duration: str | None) -> str:
    if duration is None:
        return logged
    return (datetime.fromisoformat(logged) - timedelta(milliseconds=float(duration))).isoformat()


def _logged_time(value: Any) -> str:
    """The entry's time, which the server writes in its ``log_timezone``: UTC, or another zone's offset or name."""
    try:
        return zoned_timestamp(value, "timestamp")
    except RowError as err:
        if not (isinstance(value, str) and _ZONE_NAMED.search(value)):
            raise
        raise RowError(f"{err}: set the server's log_timezone = 'UTC' (a zone's abbreviation, such as CET, names no "
                       "one offset)") from None


def _translate_jsonlog(rows: Iterable[Row]) -> Iterator[Row]:
    return translate(rows, columns=_JSONLOG_KEYS)


JSONLOG = LogFormat(
    name="postgres_jsonlog",
    title="PostgreSQL jsonlog",
    dialect="postgres",
    signature=frozenset({"session_id", "line_num", "error_severity"}),
    required=("timestamp", "session_id", "line_num", "error_severity", "message"),
    translate=_translate_jsonlog,
)

CSVLOG = LogFormat(
    name="postgres_csvlog",
    title="PostgreSQL csvlog",
    dialect="postgres",
    signature=frozenset({"session_id", "session_line_num", "error_severity"}),
    required=("log_time", "session_id", "session_line_num", "error_severity", "message"),
    translate=translate,
    positional=CSVLOG_COLUMNS,
)
