"""The audit log of MariaDB's ``server_audit`` plugin (``server_audit.log``), which MySQL on Amazon RDS and Aurora
MySQL write too.

The plugin writes one event a line, in the server's local time
(https://mariadb.com/kb/en/mariadb-audit-plugin-log-format/)::

    20261201 11:39:16,db1,ann,localhost,4,7,QUERY,shop,'select a,\\n  b from t where b = \\'x\\'',0

Its fields by position are :data:`COLUMNS`: the time (``YYYYMMDD HH:MM:SS``; Aurora's advanced auditing writes
microseconds since the epoch), the server's host, the user, the client's host, the connection, the query's id (the
server's count of statements), the operation, the connection's current database, the object and the return code
(0, or the error's number). A ``QUERY`` event's object is the statement as the client sent it, quoted, with ``'``,
``\\``, newlines, carriage returns and tabs escaped by a backslash, and cut at ``server_audit_query_log_limit``
characters of that escaped text (1,024 unless raised). The other operations (``CONNECT``, ``DISCONNECT``,
``FAILED_CONNECT``, ``CHANGEUSER``; with table events on, ``READ``, ``WRITE``, ``CREATE``, ``ALTER``, ``RENAME``,
``DROP``, one a table a statement touches) are no statement and no log line.

Each ``QUERY`` event becomes a log line in the MySQL dialect: ``query_id`` ``<server>:<connection>:<query id>:<time>``
(the server counts its statements from its start: the time keeps the id unique after a restart), the user, the
database, ``FAIL`` for a return code other than 0, the server's host and connection as the session. The statements
a stored procedure, a stored function or a trigger runs are events of their own (a function's and a procedure's
variables written ``NAME_CONST('v', value)``), logged as they end and so before the statement that ran them (a
``CALL``, a statement calling the function, the statement that fired the trigger), with higher query ids than its
(it started first): an event with a lower query id than events of its connection logged before it ran them, and is
their ``parent_query_id``, as a procedure call's children in Snowflake's history. Events are held in file order up to
:data:`HELD_EVENTS` for that (a program that runs more statements than that gives its first ones no parent); nothing
is held longer, and the order of the file is kept.

The plugin writes no zone: its times are read as UTC, the time of RDS and Aurora instances (a self-managed server
must run in UTC, ``TZ=UTC``, for its times to be right). A statement whose escaped text reaches 1,023 or 1,024
characters was cut there (the plugin never cuts inside an escape) and is set aside, saying so: raise the limit.
"""

from __future__ import annotations

import re
from collections import deque
from datetime import datetime, timezone
from typing import Any, Iterable, Iterator, Mapping

from .format import LogFormat, Rejected, Row, RowError, required_text

#: The plugin's fields, by position.
COLUMNS = ("timestamp", "serverhost", "username", "host", "connectionid", "queryid", "operation", "database",
           "object", "retcode")
#: Events held to find the CALL that ran them (see the module's text).
HELD_EVENTS = 10_000
#: ``server_audit_query_log_limit``'s default: a statement's escaped text of this length, or one less, was cut.
DEFAULT_QUERY_LOG_LIMIT = 1024

_EVENT = re.compile(
    r"(?P<timestamp>\d{8} \d{2}:\d{2}:\d{2}|\d{10,19}),(?P<serverhost>[^,]*),(?P<username>[^,]*),(?P<host>[^,]*),"
    r"(?P<connectionid>\d+),(?P<queryid>\d+),(?P<operation>[A-Z_]+),(?P<database>[^,]*),"
    r"(?P<object>'(?:[^'\\]|\\.)*'|[^']*?),(?P<retcode>-?\d*)(?:,.*)?")
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
_ESCAPED = {"n": "\n", "r": "\r", "t": "\t", "0": "\0"}


def event_fields(text: str) -> dict[str, str] | None:
    """One line of the log as its fields by name (the object unquoted, its escapes read); None for a line that is
    no event of the plugin's.

    >>> event_fields("20261201 11:39:16,db1,ann,localhost,4,7,QUERY,shop,'select \\\\'a,b\\\\'\\\\n',0")["object"]
    "select 'a,b'\\n"
    >>> event_fields("20261201 11:39:16,db1,ann,localhost,4,0,CONNECT,shop,,0")["operation"]
    'CONNECT'
    >>> event_fields("select 1") is None
    True
    """
    match = _EVENT.fullmatch(text.rstrip("\r\n"))
    if match is None:
        return None
    fields = match.groupdict()
    quoted = fields["object"]
    if quoted.startswith("'"):
        fields["object"] = _ESCAPE.sub(lambda m: _ESCAPED.get(m[1], m[1]), quoted[1:-1])
        fields["escaped_length"] = str(len(quoted) - 2)
    return fields


def translate(rows: Iterable[Row]) -> Iterator[Row]:
    """The statements of an audit log, in file order, each with the CALL that ran it as its parent."""
    held: deque[tuple[int, str, Any]] = deque()  # file order
    open_children: dict[str, deque[dict[str, Any]]] = {}  # a connection's held statements without a parent yet
    for number, text, fields in rows:
        if not isinstance(fields, Mapping):
            held.append((number, text, fields))
        elif str(fields.get("operation") or "").upper() == "QUERY":
            try:
                line = _statement_line(fields)
            except RowError as err:
                held.append((number, text, Rejected(str(err))))
            else:
                waiting = open_children.setdefault(line["session_id"], deque())
                ran = line["_queryid"]
                while waiting and waiting[-1]["_queryid"] > ran:  # logged before it, started after it: its children
                    waiting.pop()["parent_query_id"] = line["query_id"]
                waiting.append(line)
                held.append((number, text, line))
        while len(held) > HELD_EVENTS:
            yield _released(held.popleft(), open_children)
    while held:
        yield _released(held.popleft(), open_children)


def _released(row: tuple[int, str, Any], open_children: dict[str, deque[dict[str, Any]]]) -> Row:
    number, text, item = row
    if isinstance(item, dict):
        waiting = open_children.get(item["session_id"])
        if waiting and waiting[0] is item:
            waiting.popleft()
            if not waiting:
                del open_children[item["session_id"]]
        item = {key: value for key, value in item.items() if key != "_queryid"}
    return number, text, item


def _statement_line(fields: Mapping[str, Any]) -> dict[str, Any]:
    statement = required_text(fields, "object")
    length = int(fields.get("escaped_length") or 0)  # (known from the log's own line only)
    if length in (DEFAULT_QUERY_LOG_LIMIT - 1, DEFAULT_QUERY_LOG_LIMIT):
        raise RowError(f"the statement's text is cut: the plugin logged {length} characters of it, "
                       f"server_audit_query_log_limit's default ({DEFAULT_QUERY_LOG_LIMIT}); raise the limit "
                       "(SET GLOBAL server_audit_query_log_limit = 1048576, or the option group's "
                       "SERVER_AUDIT_QUERY_LOG_LIMIT on RDS)")
    if not str(fields.get("username") or "").strip():
        raise RowError("a QUERY event without its username")
    for column in ("connectionid", "queryid"):
        if not str(fields.get(column) or "").strip().isdigit():
            raise RowError(f"a QUERY event's {column} must be a number, got {fields.get(column)!r}")
    time = _event_time(required_text(fields, "timestamp"))
    session = f"{fields.get('serverhost') or ''}:{fields['connectionid']}"
    failure = str(fields.get("retcode") or "0").strip()  # the error's number, or 0
    return {
        "query_id": f"{session}:{fields['queryid']}:{time[:19].replace('-', '').replace(':', '').replace('T', '')}",
        "query_text": statement,
        "query_start_time": time,
        "user_name": str(fields["username"]),
        "execution_status": "SUCCESS" if failure == "0" else "FAIL",
        "database_name": str(fields.get("database") or "") or None,
        "session_id": session,
        "client_host": str(fields.get("host") or "") or None,
        "error_code": None if failure == "0" else failure,
        "_queryid": int(str(fields["queryid"]).strip()),
    }


def _event_time(value: str) -> str:
    """The event's time: ``YYYYMMDD HH:MM:SS`` (the server's local time, read as UTC) or Aurora's microseconds since
    the epoch."""
    value = value.strip()
    try:
        if value.isdigit():
            return datetime.fromtimestamp(int(value) / 1_000_000, tz=timezone.utc).isoformat()
        return datetime.strptime(value, "%Y%m%d %H:%M:%S").replace(tzinfo=timezone.utc).isoformat()
    except (ValueError, OverflowError, OSError):
        raise RowError(f"timestamp {value!r} is no time of the calendar") from None


FORMAT = LogFormat(
    name="mariadb_audit",
    title="MariaDB / MySQL audit log (server_audit)",
    dialect="mysql",
    signature=frozenset({"serverhost", "connectionid", "queryid", "operation", "retcode"}),
    required=("timestamp", "serverhost", "username", "connectionid", "queryid", "operation", "object", "retcode"),
    translate=translate,
)
