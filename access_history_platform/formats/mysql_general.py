"""MySQL's and MariaDB's general query log: the server's own file (``general_log_file``) or its table
(``mysql.general_log``, ``log_output = TABLE``, as MySQL on Amazon RDS keeps it by default).

The general log is the one history a MySQL Community server keeps: every command a client sends, as the server
received it, before it runs. The file starts (and starts again at each restart and each ``FLUSH LOGS``) with three
lines of header, then one event a line (https://dev.mysql.com/doc/refman/8.0/en/query-log.html)::

    /usr/sbin/mysqld, Version: 8.0.36 (MySQL Community Server - GPL). started with:
    Tcp port: 3306  Unix socket: /var/run/mysqld/mysqld.sock
    Time                 Id Command    Argument
    2026-12-01T10:00:00.123456Z\t    8 Connect\tann@localhost on shop using Socket
    2026-12-01T10:00:00.124000Z\t    8 Query\tselect a,
      b from t

MySQL 5.7 and later write the time of every event in ISO 8601 with its zone (``Z`` unless ``log_timestamps =
SYSTEM``: the offset); MariaDB (and MySQL before 5.7) write ``YYMMDD HH:MM:SS`` in the server's local time, only when
it changed, and two tabs in its place otherwise: those times are read as UTC (RDS runs in UTC; a self-managed server
must, ``TZ=UTC``), as the audit log's are (:mod:`.mariadb`). A statement of several lines goes on over the next lines
as it was sent: a line that is no event and no header belongs to the event before it.

The table's rows have the same fields, and the user on each (``user_host``, ``priv_user[user] @ host [ip]``); it is
exported as JSON lines (see the README), with ``event_time`` in UTC and marked so.

The events, per thread (the connection; ``server_id`` too in the table):

- ``Connect`` (``user@host on db using Socket``) and ``Change user`` give the thread's user and database, ``Init DB``
  (a client's ``use``) its database, and so does a statement ``USE db`` (the last of a packet's); ``Quit`` ends it.
  A ``Change user`` the server refused (the ``Connect`` or ``Init DB`` right after it says ``Access denied``) leaves
  the thread as it was, and so does a ``USE`` refused; the first ``Connect`` after the server opened the file again,
  numbered at most half the highest before, is a restarted server's (it numbers its threads from 1 again): no
  earlier thread is connected any more.
- ``Query`` is a statement (several, split as a request's, when a client sent them in one); ``Execute`` is a prepared
  statement run with its parameters' values written in (``Bulk_execute``, MariaDB's batch of them, too), in the
  database it was prepared in (its ``Prepare``'s, which names it with ``?`` for each value). A ``Query``
  that is SQL's ``EXECUTE stmt`` or ``EXECUTE IMMEDIATE ...`` alone is followed by the ``Execute`` of the statement it
  runs, and is no line of its own (one no ``Execute`` follows ran none: it is read as sent); ``Prepare`` runs
  nothing.
- Every other command (``Ping``, ``Field List``, ``Statistics``, ...) is no statement.

A statement's line: ``query_id`` ``[<server_id>:]<thread>:<time>:<n>`` (its time in UTC to the precision the log
has, ``n`` counting the thread's statements of that time: MariaDB's times are whole seconds), the thread's user and
database, the session ``[<server_id>:]<thread>@<time of its Connect>``. A statement of a thread whose ``Connect`` is
not in the file (a connection older than the file, a server's own thread) has no user the file says: it is set aside,
saying so (the table gives every row's user: its database is then unknown, and unqualified names are found in the
catalog by name). The thread's user is a statement's, in the table too: its row names the definer of the function or
trigger whose statement it is. The file names no server: the ids of two servers' files may be the same (an account a
server).

What the general log does not say: whether a statement succeeded (it is logged before it runs: a statement that failed,
or was refused, is read as having run, and a ``USE`` of a database that does not exist as changing it; MariaDB's
``server_audit`` log says which failed, :mod:`.mariadb`). A stored procedure's statements are not logged (only its
``CALL``); a stored function's and a trigger's are, as statements of the connection after the statement that ran
them (their variables written ``NAME_CONST('v', value)``), and are read as statements of their own, in the
connection's database. A password in a statement (``IDENTIFIED BY '...'``, ``PASSWORD('...')``; in an account's,
a replication's or a server's statement ``SET PASSWORD = '...'``, ``MASTER_PASSWORD = '...'``, ``OPTIONS (PASSWORD
'...')``), which MariaDB and MySQL with ``log_raw`` write as sent, is replaced by ``'*****'`` (a string still), in
every row's text (one set aside too). A line's bytes that are not UTF-8 are read as MySQL's ``latin1``, as the audit
log's (:func:`.mariadb.latin_1_bytes`).

The file is the statements' text and the server's lines in one stream: a statement's own line that looks like an
event (``\t\t    22 Query\tselect ...``) cannot be told from one, so a client can write events of its choosing into
the file, another thread's too. Where the records must be trusted against the clients, read the table: each row's
fields are the server's.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, is_dataclass, replace
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any, Iterable, Iterator, Mapping

from .format import LogFormat, Rejected, Row, RowError, optional_text, required_text, zoned_timestamp
from ..sql.statements import split_statements
from .mariadb import GAP, NOT_UTF_8, USE_STATEMENT, latin_1_bytes

#: The export of a day of ``mysql.general_log`` as JSON lines, for ``mysql --batch --raw --skip-column-names`` (MySQL
#: or MariaDB's client): its times in UTC, marked so, its statements as text.
EXPORT_QUERY = (
    "SET time_zone = '+00:00'; "
    "SELECT JSON_OBJECT('event_time', CONCAT(event_time, 'Z'), 'user_host', user_host, 'thread_id', thread_id, "
    "'server_id', server_id, 'command_type', command_type, 'argument', CONVERT(argument USING utf8mb4)) "
    "FROM mysql.general_log WHERE event_time >= '{day}' AND event_time < '{day}' + INTERVAL 1 DAY "
    "ORDER BY event_time")
#: The fields of an event: the table's columns (the file has all but ``user_host`` and ``server_id``).
COLUMNS = ("event_time", "user_host", "thread_id", "server_id", "command_type", "argument")
#: The commands that are statements.
STATEMENTS = frozenset({"Query", "Execute", "Bulk_execute"})
#: Every command MySQL 5.1-9 and MariaDB log (the names a line of the file must carry to be an event).
COMMANDS = frozenset({
    "Sleep", "Quit", "Init DB", "Query", "Field List", "Create DB", "Drop DB", "Refresh", "Shutdown", "Statistics",
    "Processlist", "Connect", "Kill", "Debug", "Ping", "Time", "Delayed insert", "Change user", "Binlog Dump",
    "Table Dump", "Connect Out", "Register Slave", "Register Replica", "Prepare", "Execute", "Long Data",
    "Close stmt", "Reset stmt", "Set option", "Fetch", "Daemon", "Binlog Dump GTID", "Reset Connection",
    "Reset connection", "clone", "Group Replication Data Stream", "Error", "Bulk_execute", "Slave_worker",
    "Slave_IO", "Slave_SQL", "Com_multi", "Unimpl get tid",
})

_COMMAND = "|".join(sorted((re.escape(command) for command in COMMANDS), key=len, reverse=True))
#: MySQL 5.7+: ``<ISO time>\\t<thread, %5u> <command>\\t<argument>``.
_MYSQL_EVENT = re.compile(
    r"(?P<time>\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2}))\s+(?P<thread>\d+) "
    rf"(?P<command>{_COMMAND})(?:(?:\t| +)(?P<argument>.*))?", re.DOTALL)
#: MariaDB, MySQL before 5.7: ``<YYMMDD HH:MM:SS>\\t`` or ``\\t\\t`` (the time unchanged), ``<thread> <command>\\t...``
#: (MySQL 5.0 and 5.1 padded the command with spaces instead of a tab).
_MARIADB_EVENT = re.compile(
    rf"(?:(?P<time>\d{{6}} [ \d]\d:\d{{2}}:\d{{2}})\t|\t\t) *(?P<thread>\d+) (?P<command>{_COMMAND})"
    r"(?:(?:\t| +)(?P<argument>.*))?", re.DOTALL)
#: The first line the server writes when it opens the file (at its start, a restart, ``FLUSH LOGS``), and the lines
#: that follow it (a statement's line that looks like one of these, alone, is the statement's).
_HEADER = re.compile(r".*, Version: .* started with:")
_HEADER_MORE = re.compile(r"(?:Tcp|TCP) [Pp]ort: .*|Time\s+Id\s+Command\s+Argument\s*")
#: ``Connect`` / ``Change user``: ``user@host [as priv] on [db] [using transport]`` (a refused login is no match).
_CONNECTION = re.compile(r"(?P<user>.*)@(?P<host>[^@\s]*)(?: as \S*)? on (?P<database>.*?)(?: using [\w/ ]+)?\s*")
#: What the server logs as a ``Connect`` or an ``Init DB`` it refused (a login, a ``Change user``'s password or
#: database), in the server's language (``lc_messages``): the message names the account, ``'user'@'host'``.
_REFUSED = re.compile(r"\s*Access denied\b|.*'[^']*'@'[^']*'", re.DOTALL)
#: An account in a refusal's message, ``'user'@'host'``.
_ACCOUNT = re.compile(r"'[^']*'@'[^']*'")
#: The table's ``user_host``: ``priv_user[user] @ host [ip]``.
_USER_HOST = re.compile(r"(?P<priv>[^\[]*)\[(?P<user>[^\]]*)\]\s*@.*")
#: SQL's ``EXECUTE stmt [USING ...]`` and ``EXECUTE IMMEDIATE ...``: the ``Execute`` event after it is the statement.
_SQL_EXECUTE = re.compile(rf"{GAP}execute\s+[`\w]", re.IGNORECASE)
#: A statement that may be a ``USE`` (alone, or one of a packet's): only then is the packet split to find it.
_MAY_USE = re.compile(rf"(?:^|;){GAP}use\b", re.IGNORECASE)
#: A quoted text (or one cut short by the log's limit: to its end); a password's, after its character set's name.
_QUOTED_TEXT = r"""'(?:[^'\\]|\\.|'')*(?:'|$)|"(?:[^"\\]|\\.|"")*(?:"|$)"""
_SECRET = rf"""(?P<intro>(?:_[a-z0-9]+\s*|n(?=['"]))?)(?P<secret>{_QUOTED_TEXT})"""
#: A password written in any statement: ``IDENTIFIED [WITH|VIA plugin] BY|AS|USING [PASSWORD] '...'``,
#: ``[OLD_]PASSWORD('...')``.
_PASSWORD = re.compile(
    rf"(?P<before>\bidentified{GAP}(?:(?:with|via){GAP}[`'\"]?\w+[`'\"]?{GAP})?(?:by|as|using)\b{GAP}"
    rf"(?:password{GAP}\(?{GAP})?|\b(?:old_)?password{GAP}\({GAP}){_SECRET}", re.IGNORECASE)
#: A password in an account's, a replication's or a server's statement (``SET PASSWORD = '...'``, ``MASTER_PASSWORD =
#: '...'``, ``OPTIONS (PASSWORD '...')``): in others, ``password = '...'`` is a column's.
_ACCOUNT_STATEMENT = re.compile(
    rf"(?:^|;){GAP}(?:(?:create|alter)\s+(?:user|server)|grant|set\s+password|change\s+(?:master|replication)"
    rf"|start\s+(?:slave|replica))\b", re.IGNORECASE)
_ACCOUNT_PASSWORD = re.compile(
    rf"(?P<before>\b(?:master_|source_)?password{GAP}(?:={GAP}(?:password{GAP}\({GAP})?)?){_SECRET}", re.IGNORECASE)
#: What a password's text is replaced by (a string still: the statement reads as it did).
REDACTED = "'*****'"


def recognizes(text: str) -> bool:
    """Whether ``text`` (a line of a ``.log`` file) is one the general log writes: an event or a header line."""
    return bool(_MYSQL_EVENT.fullmatch(text) or _MARIADB_EVENT.fullmatch(text) or _HEADER.fullmatch(text)
                or _HEADER_MORE.fullmatch(text))


def file_events(lines: Iterable[tuple[int, str, Any]], max_bytes: int) -> Iterator[Row]:
    """The events of the file, from its lines ``(number, text, whole)`` (``whole``: the line was UTF-8; else its other
    bytes are decoded as surrogates; blank lines too, which may be a statement's) or ``(number, text, problem)`` (a
    line the container set aside): each event with its first line's number, its text (its lines joined) and its
    fields, or None for a line that is no event and follows none. An event whose text passes ``max_bytes`` (its lines
    are not held), or one of whose lines the container set aside, is set aside: its fields say so (``set_aside``), so
    that it still counts among its thread's statements (the ids of the others do not depend on the limit)."""
    reader = _FileReader(max_bytes)
    for number, text, whole in lines:
        if isinstance(whole, bool):
            yield from reader.line(number, text, whole)
        else:
            yield from reader.set_aside(number, text, whole)
    yield from reader.ended()


@dataclass
class _FileReader:
    """The file's events as its lines come: the event being read, the last time written (MariaDB's), the header's
    lines still to come, whether a header came before the next event."""

    max_bytes: int
    current: _Event | None = None
    time: str | None = None
    header: int = 0
    reopened: bool = False

    def line(self, number: int, text: str, whole: bool) -> Iterator[Row]:
        line = text.removesuffix("\r")  # (a copy with Windows' line ends)
        if self.header and _HEADER_MORE.fullmatch(line):
            self.header -= 1
            return
        self.header = 0
        match = _MYSQL_EVENT.fullmatch(line) or _MARIADB_EVENT.fullmatch(line)
        if match is None and _HEADER.fullmatch(line) is None:  # a statement's next line, or a line of none
            if self.current is not None and not self.current.broken:
                self.current.add(text, whole, self.max_bytes)
            elif self.current is None and text.strip():
                yield number, latin_1_bytes(text), None
            return
        yield from self.ended()
        if match is None:  # the server opened the file (again)
            self.header, self.reopened = 2, True
            return
        self.time = _event_time(match, self.time)
        self.current = _Event(number, [text], whole, {
            "event_time": self.time, "thread_id": match["thread"], "command_type": match["command"],
            "argument": match["argument"] or "", **({"reopened": "yes"} if self.reopened else {})}, _size(text))
        self.reopened = False
        if self.current.size > self.max_bytes:
            self.current.broken = f"it is more than {self.max_bytes:,} bytes"

    def set_aside(self, number: int, text: str, problem: Any) -> Iterator[Row]:
        """A line the container set aside: an event's next line (the event is set aside too), or an event's own."""
        match = _MYSQL_EVENT.match(text) or _MARIADB_EVENT.match(text)
        if self.current is not None and match is None:
            self.current.broken = f"its line {number} was set aside"
            kept = _continued_without_passwords("\n".join(self.current.texts[-3:]), text)
            yield number, kept, _without_passwords_in(replace(problem, text=kept) if is_dataclass(problem) else problem)
            return
        yield from self.ended()
        if match is None:
            yield number, text, problem
            return
        self.time = _event_time(match, self.time)
        yield number, text, {"event_time": self.time, "thread_id": match["thread"], "command_type": match["command"],
                             "set_aside": problem}

    def ended(self) -> Iterator[Row]:
        """The event being read, whole."""
        if self.current is not None:
            yield self.current.row()
            self.current = None


def _event_time(match: re.Match[str], time: str | None) -> str | None:
    """The time of an event's line: its own, else the last written (MariaDB's)."""
    if match["time"] is None:
        return time
    return match["time"] if "T" in match["time"] else _mariadb_time(match["time"])


@dataclass
class _Event:
    """An event being read: its first line's number, its lines so far, its fields."""

    number: int
    texts: list[str]
    whole: bool
    fields: dict[str, Any]
    size: int
    broken: str = ""

    def add(self, text: str, whole: bool, max_bytes: int) -> None:
        self.size += _size(text) + 1
        if self.size > max_bytes:
            self.broken, self.texts = f"it is more than {max_bytes:,} bytes", self.texts[:1]
            return
        self.texts.append(text)
        self.whole = self.whole and whole

    def row(self) -> Row:
        text = "\n".join(self.texts)
        if self.broken:
            fields = {key: self.fields[key] for key in ("event_time", "thread_id", "command_type")}
            return self.number, latin_1_bytes(self.texts[0])[:1024], {**fields, "set_aside": Rejected(
                f"the event of line {self.number} is set aside: {self.broken}")}
        fields = dict(self.fields)
        if len(self.texts) > 1:
            fields["argument"] += "\n" + "\n".join(self.texts[1:])
        if not self.whole and NOT_UTF_8.search(text):
            fields = {key: latin_1_bytes(value) if isinstance(value, str) else value for key, value in fields.items()}
            fields["text_encoding"] = "UTF-8, its other bytes Latin-1"
            text = latin_1_bytes(text)
        return self.number, text, fields


def _size(text: str) -> int:
    """A line's length in the file, in bytes."""
    return len(text) if text.isascii() else len(text.encode("utf-8", errors="surrogateescape"))


@lru_cache(maxsize=4096)
def _mariadb_time(value: str) -> str:
    """``YYMMDD HH:MM:SS`` (the hour padded by a space) as ISO 8601 in UTC; the text as it is when it is no time (the
    line is set aside for it)."""
    try:
        return datetime.strptime(f"{value[:7]}{value[7:].lstrip()}", "%y%m%d %H:%M:%S").strftime("%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return value


#: Threads whose state is kept (a server's own threads and connections dropped log no Quit): the oldest goes first.
MAX_THREADS = 100_000
#: Statements prepared on a thread whose database is kept (the one they run in), the oldest forgotten first.
MAX_PREPARED = 64


@dataclass
class _Thread:
    """What the log said of a thread: its user, its database, its session; its last statement's time and how many it
    had at that time (its ids); ``undo``: what its last event changed, should the next say the server refused it (a
    ``Change user``: the thread before it; a ``USE``: the database before it); the statements prepared on it, by their
    text, with the database they were prepared in (they run in it); ``pending``: its SQL ``EXECUTE`` waiting for its
    next event."""

    user: str | None
    database: str | None
    session: str
    time: str = ""
    count: int = 0
    undo: tuple[str, Any] | None = None
    prepared: dict[str, str | None] = field(default_factory=dict)
    pending: Row | None = None


@dataclass
class _Threads:
    """The threads of a log, by key (``[<server_id>:]<thread>``); the highest thread a ``Connect`` gave; and whether
    the server opened the file again since (a restart, or ``FLUSH LOGS``: the first ``Connect`` after it says which)."""

    states: dict[str, _Thread] = field(default_factory=dict)
    highest: int = 0
    reopened: bool = False

    def connected(self, thread: int) -> None:
        """A thread connected. The first after the file was opened again, numbered at most half the highest before,
        is a restarted server's (it numbers its threads from 1 again): no earlier thread is connected any more.
        (Only so: a server logs concurrent logins' Connect in the order they finished, and a restart of a server
        that had few threads is not seen: a server's own thread's statements may then take an earlier thread's
        user.)"""
        if self.reopened and thread <= self.highest // 2:
            self.states.clear()
            self.highest = 0
        self.reopened = False
        self.highest = max(self.highest, thread)

    def put(self, key: str, state: _Thread) -> _Thread:
        self.states.pop(key, None)
        self.states[key] = state
        if len(self.states) > MAX_THREADS:
            del self.states[next(iter(self.states))]
        return state

    def statement_id(self, key: str, state: _Thread, compact: str) -> str:
        state.count = state.count + 1 if state.time == compact else 1
        state.time = compact
        return f"{key}:{compact}:{state.count}"


def translate(rows: Iterable[Row]) -> Iterator[Row]:
    """The statements of a general log (the file's events or the table's rows), in order; a password in any row's
    text written ``'*****'`` (a row set aside keeps its text: without it too)."""
    threads = _Threads()
    for number, text, fields in rows:
        text = _row_text(text, fields)
        if not isinstance(fields, dict):  # (a row the container set aside)
            yield number, text, _without_passwords_in(fields)
            continue
        try:
            for row in _event(number, text, fields, threads):
                yield row[0], row[1], row[2] if isinstance(row[2], dict) else _without_passwords_in(row[2])
        except RowError as err:
            yield number, text, Rejected(str(err))
    yield from sorted(state.pending for state in threads.states.values() if state.pending is not None)


def _without_passwords_in(item: Any) -> Any:
    """A line the container set aside (the reader's ``BadLine``) with the text it keeps without passwords."""
    if is_dataclass(item) and isinstance(getattr(item, "text", None), str) and item.text:
        return replace(item, text=_without_passwords(item.text))
    return item


def _event(number: int, text: str, fields: Mapping[str, Any], threads: _Threads) -> Iterator[Row]:
    """The rows an event gives: a statement's line, or the reason a statement is set aside (``set_aside``); an
    ``EXECUTE`` held until the thread's next event shows whether it ran a statement (an ``Execute``: it is none) or
    not (it is read as sent)."""
    command = str(fields.get("command_type") or "").strip()
    thread = str(fields.get("thread_id") if fields.get("thread_id") is not None else "").strip()
    if not thread.isdigit():
        raise RowError(f"thread_id must be a number, got {fields.get('thread_id')!r}")
    server = (optional_text(fields, "server_id") or "").strip()
    key = f"{server}:{thread}" if server else thread
    if fields.get("reopened"):
        threads.reopened = True
    state = threads.states.get(key)
    if state is not None and state.pending is not None and command != "Prepare":
        if command not in ("Execute", "Bulk_execute"):
            yield state.pending
        state.pending = None
    if "set_aside" in fields:  # an event set aside: a statement counts among its thread's all the same
        if command in STATEMENTS and state is not None and fields.get("event_time"):
            threads.statement_id(key, state, _compact(_utc(fields["event_time"])))
        yield number, text, fields["set_aside"]
    elif command in STATEMENTS:
        line = _statement(command, fields, threads, key)
        state = threads.states[key]
        if command == "Query" and _runs_the_next_execute(line["query_text"]):
            state.pending = (number, text, line)  # (its Execute, if it ran one, is the statement)
        else:
            yield number, text, line
    else:
        _thread_event(command, fields, threads, key)


def _denied_database(message: str) -> str | None:
    """The database a refusal names (English: ``... to database 'db'``): the last quoted name, after the account;
    None where no account stands before it. In linear time: a log line is the server's, of any length.

    >>> _denied_database("Access denied for user 'u'@'h' to database 'sales'")
    'sales'
    >>> _denied_database("Access denied for user 'u'@'h' (using password: YES)") is None
    True
    """
    closing = message.rfind("'")
    opening = message.rfind("'", 0, closing) if closing > 0 else -1
    if opening < 0 or _ACCOUNT.search(message, 0, opening) is None:
        return None
    return message[opening + 1:closing]


def _thread_event(command: str, fields: Mapping[str, Any], threads: _Threads, key: str) -> None:
    """What an event that is no statement changes of its thread: a Connect, a Change user, an Init DB, a refusal of
    the event before (the thread as it was), a Prepare, a Quit."""
    argument = str(fields.get("argument") if fields.get("argument") is not None else "")
    state = threads.states.get(key)
    undo = state.undo if state is not None else None
    if state is not None:
        state.undo = None  # (what the event before changed stands unless this one refuses it)
    if command in ("Connect", "Change user", "Init DB") and _REFUSED.match(argument):
        denied = _denied_database(argument)
        refused = state is not None and denied is not None and denied == state.database
        if undo is not None and undo[0] == "change user" and (command == "Connect" or refused):
            threads.put(key, undo[1])  # a Change user refused (its password, or its database): as it was
        elif undo is not None and undo[0] == "use" and command == "Init DB" and refused and state is not None:
            state.database = undo[1]  # a USE refused
        elif command == "Connect":  # a login refused
            threads.states.pop(key, None)
    elif command in ("Connect", "Change user"):
        _connected(command, fields, threads, key, argument, state)
    elif command == "Quit":
        threads.states.pop(key, None)
    elif command == "Init DB":
        _thread(threads, key, fields).database = argument.strip() or None
    elif command == "Prepare":
        _prepared(_thread(threads, key, fields), argument)


def _connected(command: str, fields: Mapping[str, Any], threads: _Threads, key: str, argument: str,
               state: _Thread | None) -> None:
    """A Connect (a new thread) or a Change user (the same thread, its ids numbered on; undone if refused)."""
    connection = _CONNECTION.fullmatch(argument)
    if command == "Connect":
        threads.connected(int(key.rpartition(":")[2]))
    try:
        session = f"{key}@{_compact(_utc(fields.get('event_time')))}"
    except RowError:  # (its statements are set aside for their time)
        session = key
    user, database = (connection["user"], connection["database"].strip() or None) if connection else (None, None)
    changed = command == "Change user" and state is not None
    new = threads.put(key, _Thread(user, database, state.session if changed and state else session))
    if changed and state is not None:
        new.time, new.count, new.undo = state.time, state.count, ("change user", state)


def _statement(command: str, fields: Mapping[str, Any], threads: _Threads, key: str) -> dict[str, Any]:
    """A statement's line: its thread's user (the table's row names a routine's definer for its statements) and
    database (a prepared statement's: where it was prepared), its id; the database a USE in it changes to."""
    state = _thread(threads, key, fields)
    state.undo = None
    time = _utc(fields.get("event_time"))
    query_id = threads.statement_id(key, state, _compact(time))
    statement = required_text(fields, "argument")
    user = state.user or _row_user(fields)
    if not user:
        threads.states.pop(key, None)  # (a server's own thread logs no Quit: nothing kept for it)
        raise RowError(f"thread {key.rpartition(':')[2]}'s user is not known: no Connect of it is in this file (a "
                       "connection older than the file, or a server's own thread: the event scheduler's, a "
                       "replica's); the table mysql.general_log gives each statement's user")
    database = state.database
    if command != "Query" and state.prepared:
        database = _prepared_in(state, statement, database)
    if _MAY_USE.search(statement):
        used = _database_used(statement, state.database)
        if used != state.database:
            state.undo, state.database = ("use", state.database), used
    return {"query_id": query_id, "query_text": _without_passwords(statement), "query_start_time": time,
            "user_name": user, "database_name": database, "session_id": state.session,
            "text_encoding": fields.get("text_encoding")}


def _prepared(state: _Thread, statement: str) -> None:
    state.prepared.pop(statement, None)
    state.prepared[statement] = state.database
    if len(state.prepared) > MAX_PREPARED:
        del state.prepared[next(iter(state.prepared))]


def _prepared_in(state: _Thread, statement: str, database: str | None) -> str | None:
    """The database the statement prepared as the one ``statement`` runs (its ``?`` given values) was prepared in;
    ``database`` when none or several match, or all were prepared in it."""
    if all(prepared_in == database for prepared_in in state.prepared.values()):
        return database
    found = {prepared_in for text, prepared_in in state.prepared.items() if _parameters(text).fullmatch(statement)}
    return found.pop() if len(found) == 1 else database


@lru_cache(maxsize=1024)
def _parameters(text: str) -> re.Pattern[str]:
    """A prepared statement's text as the pattern of its runs: each ``?`` any value."""
    return re.compile(".*?".join(re.escape(piece) for piece in text.split("?")), re.DOTALL)


def _runs_the_next_execute(statement: str) -> bool:
    """Whether the ``Query`` is SQL's ``EXECUTE`` alone, whose statement the ``Execute`` after it is (one sent with
    other statements is read as sent: its ``EXECUTE`` is set aside)."""
    if not _SQL_EXECUTE.match(statement):
        return False
    return ";" not in statement or len(split_statements(statement, "mysql")) == 1


def _database_used(statement: str, database: str | None) -> str | None:
    """The thread's database after ``statement``: the one its last ``USE`` names (one statement's, or a packet's of
    several), else ``database``."""
    pieces = split_statements(statement, "mysql") if ";" in statement.rstrip().rstrip(";") else [statement]
    for piece in reversed(pieces):
        if (use := USE_STATEMENT.fullmatch(piece)) is not None:
            name = use["database"]
            return name[1:-1].replace("``", "`") if name.startswith("`") else name
    return database


def _without_passwords(statement: str) -> str:
    """``statement`` with each password written in it replaced by :data:`REDACTED`.

    >>> _without_passwords("create user u identified by /* c */ 'x' password expire")
    "create user u identified by /* c */ '*****' password expire"
    >>> _without_passwords("select a from t where password = 'x'")
    "select a from t where password = 'x'"
    """
    lowered = statement.lower()
    if "password" not in lowered and "identified" not in lowered:
        return statement
    statement = _PASSWORD.sub(_redacted, statement)
    if _ACCOUNT_STATEMENT.search(statement):
        statement = _ACCOUNT_PASSWORD.sub(_redacted, statement)
    return statement


def _continued_without_passwords(before: str, text: str) -> str:
    """A statement's line kept apart (set aside), without the passwords the lines ``before`` it name: every quoted
    text of it where they name one."""
    joined = f"{before}\n{text}"
    return _QUOTED.sub(REDACTED, text) if _without_passwords(joined) != joined else text


_QUOTED = re.compile(_QUOTED_TEXT)


def _redacted(match: re.Match[str]) -> str:
    return f"{match['before']}{match['intro']}{REDACTED}"


def _row_text(text: str, fields: Any) -> str:
    """The text a row is kept with, without passwords: of the file, its lines; of the table, its JSON line, written
    again from its fields when its statement held one (its text escapes the statement's)."""
    if isinstance(fields, dict) and isinstance(argument := fields.get("argument"), str):
        redacted = _without_passwords(argument)
        if redacted != argument:
            text = text.replace(argument, redacted)
            if text.lstrip().startswith("{"):
                text = json.dumps({**fields, "argument": redacted}, ensure_ascii=False, default=str)
    return _without_passwords(text)


def _thread(threads: _Threads, key: str, fields: Mapping[str, Any]) -> _Thread:
    """The thread's state; of a thread not seen connecting, the row's user (the table's; the file has none)."""
    state = threads.states.get(key)
    return state if state is not None else threads.put(key, _Thread(_row_user(fields), None, key))


def _row_user(fields: Mapping[str, Any]) -> str | None:
    """The user of a row of the table (``user_host``: ``priv_user[user] @ host [ip]``; the file's have none)."""
    user_host = _USER_HOST.fullmatch(str(fields.get("user_host") or ""))
    return ((user_host["user"] or user_host["priv"]).strip() or None) if user_host else None


@lru_cache(maxsize=4096)
def _utc_text(value: str) -> str:
    zoned = zoned_timestamp(value, "event_time")
    return datetime.fromisoformat(zoned).astimezone(timezone.utc).isoformat(
        timespec="microseconds" if "." in zoned else "seconds")  # (the precision the log has, .000000 too)


def _utc(value: Any) -> str:
    """The event's time in UTC, ISO 8601: it must carry its zone (the file's MariaDB times were read as UTC)."""
    if value is None or value == "":
        raise RowError("the event has no time: MariaDB writes a time only when it changes, and this file starts after "
                       "its second's was written (in the file before it, rotated by FLUSH LOGS, or cut from it): land "
                       "a day's files as one (cat general.log.1 general.log > day.log)")
    if not isinstance(value, str):
        return zoned_timestamp(value, "event_time")
    try:
        return _utc_text(value)
    except RowError as err:
        if "no time zone" in str(err):
            raise RowError(f"event_time {value!r} has no time zone: export mysql.general_log after "
                           "SET time_zone = '+00:00' with CONCAT(event_time, 'Z') (see the README)") from None
        raise


def _compact(time: str) -> str:
    """``2026-12-01T10:00:00.123456+00:00`` as ``20261201100000123456``."""
    return time[:-6].translate(_NOT_DIGITS)


_NOT_DIGITS = str.maketrans("", "", "-T:.")


FORMAT = LogFormat(
    name="mysql_general_log",
    title="MySQL / MariaDB general query log",
    dialect="mysql",
    signature=frozenset({"event_time", "thread_id", "command_type", "argument"}),
    required=("event_time", "thread_id", "command_type", "argument"),
    translate=translate,
)
