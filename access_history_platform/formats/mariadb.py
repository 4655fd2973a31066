"""The audit log of MariaDB's ``server_audit`` plugin (``server_audit.log``), which MySQL on Amazon RDS and Aurora
MySQL write too.

The plugin writes one event a line, in the server's local time
(https://mariadb.com/kb/en/mariadb-audit-plugin-log-format/)::

    20261201 11:39:16,db1,ann,localhost,4,7,QUERY,shop,'select a,\\n  b from t where b = \\'x\\'',0

Its fields by position are :data:`COLUMNS`: the time (``YYYYMMDD HH:MM:SS``; Aurora's advanced auditing writes
microseconds since the epoch), the server's host, the user, the client's host, the connection, the query's id (the
server's count of statements), the operation, the connection's current database, the object and the return code
(0, or the error's number). A ``QUERY`` event's object is the statement as the client sent it, quoted, with ``'``,
``\\``, newlines, carriage returns, tabs, backspaces and form feeds escaped by a backslash, and cut at
``server_audit_query_log_limit`` bytes of that escaped text (1,024 unless raised). The other operations
(``CONNECT``, ``DISCONNECT``, ``FAILED_CONNECT``, ``CHANGEUSER``; with table events on, ``READ``, ``WRITE``,
``CREATE``, ``ALTER``, ``RENAME``, ``DROP``, one a table a statement opens) are no statement and no log line.

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

A connection's ``CONNECT`` or ``DISCONNECT`` ends its statements' wait for a parent, and a ``CONNECT`` numbered lower
than the server's highest so far is a restarted server's (it numbers its connections and statements from 1 again; the
event scheduler's threads log no ``CONNECT``): no statement before it waits for a parent. ``EXECUTE IMMEDIATE``'s
statement is logged with the same query id as itself: of a literal, it is the literal, which the resolver reads from
the ``EXECUTE IMMEDIATE``, and is no line of its own; of a variable, it is its child ``<query_id>#1``. A procedure's
statements run in its database, which ``CALL db.p()`` names (the plugin logs the caller's). The event scheduler's
statements are logged in the ``mysql`` database whatever the event's own: they are in no database.

The plugin writes no zone: its times (when a statement ended) are read as UTC, the time of RDS and Aurora instances
(a self-managed server must run in UTC, ``TZ=UTC``, for its times to be right). It cuts a statement's escaped text at
``server_audit_query_log_limit`` bytes, never inside an escape, maybe inside a character: a text of up to 3 bytes less
than the limit that may be in effect (the default, or the one the log's own statements set, until a statement logged
whole is longer: the limit was raised in the server's configuration) was cut, and is set aside, saying so. A line's bytes that are not UTF-8 (a latin1 client's text, a binary literal) are read
as Latin-1.
"""

from __future__ import annotations

import re
from collections import deque
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any, Iterable, Iterator, Mapping

from .format import LogFormat, Rejected, Row, RowError, required_text

#: The plugin's fields, by position.
COLUMNS = ("timestamp", "serverhost", "username", "host", "connectionid", "queryid", "operation", "database",
           "object", "retcode")
#: Events held to find the CALL that ran them (see the module's text).
HELD_EVENTS = 10_000
#: ``server_audit_query_log_limit``'s default, in bytes of a statement's escaped text.
DEFAULT_QUERY_LOG_LIMIT = 1024

_EVENT = re.compile(
    r"(?P<timestamp>\d{8} \d{2}:\d{2}:\d{2}|\d{10,19}),(?P<serverhost>[^,]*),(?P<username>[^,]*),(?P<host>[^,]*),"
    r"(?P<connectionid>\d+),(?P<queryid>\d+),(?P<operation>[A-Z_]+),(?P<database>[^,]*),"
    r"(?P<object>'(?:[^'\\]|\\.)*'|[^']*?),(?P<retcode>-?\d*)(?:,.*)?")
_ESCAPE = re.compile(r"\\(.)", re.DOTALL)
#: A byte that was not UTF-8, as ``surrogateescape`` decodes it.
NOT_UTF_8 = re.compile("[\udc80-\udcff]")
#: The plugin's escapes of control characters (a quote and a backslash stand for themselves).
_ESCAPED = {"n": "\n", "r": "\r", "t": "\t", "b": "\b", "f": "\f"}
#: A limit of a logged statement a statement sets (``SET GLOBAL server_audit_query_log_limit = N``, in any form).
_SETS_LIMIT = re.compile(r"server_audit_query_log_limit\s*=\s*(\d+|default)\b", re.IGNORECASE)
#: ``EXECUTE IMMEDIATE 'literal' [USING ...]``: the statement it runs is its own text, which the resolver reads.
_IMMEDIATE_LITERAL = re.compile(r"\s*execute\s+immediate\s+(?:'(?:[^'\\]|\\.|'')*'|\"(?:[^\"\\]|\\.|\"\")*\")"
                                r"(?:\s+using\s.*)?\s*;?\s*", re.IGNORECASE | re.DOTALL)
#: ``CALL db.proc(...)``: the database its procedure's statements run in.
_CALLED_IN = re.compile(r"\s*call\s+(?P<database>`(?:[^`]|``)+`|\w+)\s*\.", re.IGNORECASE)
#: White space and comments, in any number (each comment's body matched in one way only: no backtracking).
GAP = r"(?:\s|/\*[^*]*\*+(?:[^/*][^*]*\*+)*/|--[^\n]*(?:\n|$)|#[^\n]*(?:\n|$))*"
#: ``USE db``, after comments or not (the general log's reader's too).
USE_STATEMENT = re.compile(
    rf"{GAP}use(?:\s+|(?=`))(?P<database>`(?:[^`]|``)+`|[\w$]+)(?:{GAP};)?{GAP}", re.IGNORECASE)
#: What the plugin logs as a connection's database after the server refused a USE: the refusal's message, which names
#: the account (``'user'@'host'``) in any language.
_REFUSAL = re.compile(r".*'[^']*'@'[^']*'", re.DOTALL)  # (in the server's language: it names the account)
#: The events that open or close a connection: its statements held before are no one's children after them.
_CONNECTION_EVENTS = frozenset({"CONNECT", "DISCONNECT", "CHANGEUSER", "FAILED_CONNECT", "PROXY_CONNECT"})


def event_fields(text: str, *, utf_8: bool = False) -> dict[str, str] | None:
    """One line of the log as its fields by name (the object unquoted, its escapes read, the length of its escaped
    text in the bytes the plugin counts); None for a line that is no event of the plugin's. The line is UTF-8 decoded
    with ``surrogateescape``: a byte that is not UTF-8 (a latin1 client's text, a binary literal) is read as Latin-1,
    and the line says so (``text_encoding``); ``utf_8``: the line was UTF-8 whole (none to look for).

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
        fields["escaped_length"] = str(len(quoted[1:-1].encode("utf-8", errors="surrogateescape")))
        fields["object"] = _ESCAPE.sub(lambda m: _ESCAPED.get(m[1], m[1]), quoted[1:-1])
    if not utf_8 and NOT_UTF_8.search(text):
        fields = {key: latin_1_bytes(value) for key, value in fields.items()}
        fields["text_encoding"] = "UTF-8, its other bytes Latin-1"
    return fields


def latin_1_bytes(text: str) -> str:
    """``text`` (decoded with ``surrogateescape``) with each byte that was not UTF-8 read as MySQL's ``latin1``, which
    is Windows' cp1252 (``0x80`` is €; Latin-1 where cp1252 has no character).

    >>> latin_1_bytes(b"caf\\xe9 d\\xc3\\xa9j\\xc3\\xa0 \\x80 \\x81".decode("utf-8", "surrogateescape"))
    'café déjà € \\x81'
    """
    return NOT_UTF_8.sub(lambda m: _LATIN1[ord(m[0]) - 0xDC00], text) if NOT_UTF_8.search(text) else text


#: MySQL's ``latin1`` (cp1252) character of each byte of 0x80-0xFF.
_LATIN1 = {byte: bytes([byte]).decode("cp1252", errors="replace").replace("\ufffd", chr(byte))
           for byte in range(0x80, 0x100)}


def translate(rows: Iterable[Row]) -> Iterator[Row]:
    """The statements of an audit log, in file order, each with the statement that ran it as its parent."""
    links = _Links()
    for number, text, fields in rows:
        operation = str(fields.get("operation") or "").upper() if isinstance(fields, Mapping) else ""
        if not isinstance(fields, Mapping):
            links.held.append((number, text, fields))
        elif operation in _CONNECTION_EVENTS:
            links.connected(str(fields.get("serverhost") or ""), str(fields.get("connectionid") or ""), operation)
        elif operation == "QUERY":
            try:
                line = _statement_line(fields, links.limits)
            except RowError as err:
                links.held.append((number, text, Rejected(str(err))))
            else:
                links.ran(number, text, line)
        yield from links.released(HELD_EVENTS)
    yield from links.released(0)


class _Links:
    """The events held, in file order, to find the statement that ran each (see the module's text)."""

    def __init__(self) -> None:
        self.held: deque[tuple[int, str, Any]] = deque()
        self.waiting: dict[str, deque[dict[str, Any]]] = {}  # a connection's held statements without a parent yet
        self.children: dict[str, list[dict[str, Any]]] = {}  # a held statement's children, by its query_id
        self.highest: dict[str, int] = {}  # the highest connection a server's CONNECT gave, by its host
        #: the limits of a logged statement that may be in effect: the default, or the one the log set, until a
        #: statement longer than one is logged whole (the limit was raised in the server's configuration)
        self.limits: set[int] = {DEFAULT_QUERY_LOG_LIMIT}
        #: a connection's database a USE the plugin did not see changed to (one after a comment): the database the
        #: plugin went on logging, and the one in use, until the plugin logs another
        self.used: dict[str, tuple[str | None, str]] = {}
        #: a connection's database as the plugin last logged it (a refused USE's message is none)
        self.databases: dict[str, str | None] = {}

    def connected(self, host: str, connection: str, operation: str) -> None:
        """A connection opened or closed: its statements held wait for no parent. A CONNECT of a lower connection
        than the server's highest so far is a restarted server's: no statement held before waits for a parent (the
        event scheduler's threads log no CONNECT), and the limits the log set are gone."""
        self.waiting.pop(_session(host, connection), None)
        self.used.pop(_session(host, connection), None)
        self.databases.pop(_session(host, connection), None)
        if operation == "CONNECT" and connection.isdigit():
            if int(connection) < self.highest.get(host, 0):
                for session in [session for session in self.waiting if session.startswith(_session(host, ""))]:
                    del self.waiting[session]
                self.limits = {DEFAULT_QUERY_LOG_LIMIT}
            self.highest[host] = int(connection)

    def ran(self, number: int, text: str, line: dict[str, Any]) -> None:
        """A statement logged: the statements of its connection logged before it with higher query ids are its
        children (one of the same query id: EXECUTE IMMEDIATE's)."""
        # a statement logged whole shows the limit is at least its length; one the log sets is the limit
        self.limits = {limit for limit in self.limits if limit >= line["_length"]}
        if line["execution_status"] == "SUCCESS" and (limits := _SETS_LIMIT.findall(line["query_text"])):
            self.limits = {int(limit) if limit.isdigit() else DEFAULT_QUERY_LOG_LIMIT for limit in limits}
        self._database(line)
        waiting = self.waiting.setdefault(line["session_id"], deque())
        ran, literal = line["_queryid"], _IMMEDIATE_LITERAL.fullmatch(line["query_text"]) is not None
        called = _CALLED_IN.match(line["query_text"])
        children = []
        while waiting and waiting[-1]["_queryid"] >= ran:  # logged before it, started after it: its children
            child = waiting.pop()
            if child["_queryid"] == ran and literal:  # EXECUTE IMMEDIATE 'text': its statement is its text, which
                child["_dropped"] = True  # the resolver reads from it; the statements that one ran are its own
                children += self.children.pop(child["query_id"], [])
                continue
            if child["_queryid"] == ran:  # EXECUTE IMMEDIATE @v: the statement it ran, logged with its query id
                old, child["query_id"] = child["query_id"], f"{line['query_id']}#1"
                for grandchild in self.children.get(old, []):
                    grandchild["parent_query_id"] = child["query_id"]
                self.children[child["query_id"]] = self.children.pop(old, [])
            children.append(child)
        for child in children:
            child["parent_query_id"] = line["query_id"]
            if called is not None:  # a procedure's statements run in its own database (logged in the caller's)
                child["database_name"] = called["database"].strip("`").replace("``", "`")
        self.children[line["query_id"]] = children
        waiting.append(line)
        self.held.append((number, text, line))

    def _database(self, line: dict[str, Any]) -> None:
        """The line's database, where a USE changed it and the plugin did not see (it knows ``USE`` only at the
        start of a statement: ``/* ... */ USE db`` leaves it logging the database before), until it logs another or a
        USE names the one it logs. (A client's own ``use`` back to the database the plugin logs, a COM_INIT_DB, is
        no event of the log: the statements after it are read in the database the USE named.)"""
        session, logged = line["session_id"], line["database_name"]
        if logged is not None and _REFUSAL.match(logged):  # (the plugin takes a refused USE's message for it)
            line["database_name"] = logged = self.databases.get(session)
        else:  # (the most recent connections' only: a connection may end unlogged)
            self.databases.pop(session, None)
            self.databases[session] = logged
            if len(self.databases) > HELD_EVENTS:
                del self.databases[next(iter(self.databases))]
        if session in self.used:
            if self.used[session][0] == logged:
                line["database_name"] = self.used[session][1]
            else:  # (the plugin logs a database of its own again)
                del self.used[session]
        use = USE_STATEMENT.fullmatch(line["query_text"]) if "use" in line["query_text"].lower() else None
        if use is not None and line["execution_status"] == "SUCCESS":
            database = use["database"]
            database = database[1:-1].replace("``", "`") if database.startswith("`") else database
            if database != logged:
                self.used[session] = (logged, database)
            else:  # (a USE of the database the plugin logs: it is the one in use)
                self.used.pop(session, None)

    def released(self, keep: int) -> Iterator[Row]:
        """The oldest events held, down to ``keep``."""
        while len(self.held) > keep:
            number, text, item = self.held.popleft()
            if isinstance(item, dict):
                waiting = self.waiting.get(item["session_id"])
                if waiting and waiting[0] is item:
                    waiting.popleft()
                    if not waiting:
                        del self.waiting[item["session_id"]]
                if item.get("_dropped"):  # (its query id is the EXECUTE IMMEDIATE's, which may still be held)
                    continue
                self.children.pop(item["query_id"], None)
                item = {key: value for key, value in item.items() if not key.startswith("_")}
            yield number, text, item


def _statement_line(fields: Mapping[str, Any], limits: Iterable[int]) -> dict[str, Any]:
    statement = required_text(fields, "object")
    length = int(fields.get("escaped_length") or 0)  # (known from the log's own line only)
    # (the plugin cuts bytes, never inside an escape, maybe inside a character)
    limit = next((limit for limit in sorted(limits) if limit - 3 <= length <= limit), None)
    if limit is not None:
        default = ", its default" if limit == DEFAULT_QUERY_LOG_LIMIT else ""
        raise RowError(f"the statement's text is cut: the plugin logged {length} bytes of it, at "
                       f"server_audit_query_log_limit ({limit}{default})"
                       "; raise the limit (SET GLOBAL server_audit_query_log_limit = 1048576, followed by the reader, "
                       "or the option group's SERVER_AUDIT_QUERY_LOG_LIMIT on RDS)")
    if not str(fields.get("username") or "").strip():
        raise RowError("a QUERY event without its username")
    for column in ("connectionid", "queryid"):
        if not str(fields.get(column) or "").strip().isdigit():
            raise RowError(f"a QUERY event's {column} must be a number, got {fields.get(column)!r}")
    time = _event_time(required_text(fields, "timestamp"))
    session = _session(str(fields.get("serverhost") or ""), str(fields["connectionid"]))
    failure = str(fields.get("retcode") or "0").strip()  # the error's number, or 0
    return {
        "query_id": f"{session}:{fields['queryid']}:{time[:19].replace('-', '').replace(':', '').replace('T', '')}",
        "query_text": statement,
        "query_start_time": time,
        "user_name": str(fields["username"]),
        "execution_status": "SUCCESS" if failure == "0" else "FAIL",
        # (the event scheduler's statements are logged in the mysql database, whatever the event's own)
        "database_name": None if fields["username"] == "event_scheduler" else str(fields.get("database") or "") or None,
        "session_id": session,
        "client_host": str(fields.get("host") or "") or None,
        "error_code": None if failure == "0" else failure,
        "text_encoding": fields.get("text_encoding"),
        "_queryid": int(str(fields["queryid"]).strip()),
        "_length": length,
    }


def _session(host: str, connection: str) -> str:
    """A connection's session: its server's host and its number on that server."""
    return f"{host}:{connection}"


@lru_cache(maxsize=4096)  # (a busy server logs many events a second)
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
