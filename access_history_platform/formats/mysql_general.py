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
  A ``Change user`` the server refused (its ``Connect`` or ``Init DB`` says ``Access denied``) leaves the thread as
  it was; a ``Connect`` numbered lower than the server's highest so far is a restarted server's (it numbers its
  threads from 1 again): no earlier thread is connected any more.
- ``Query`` is a statement (several, split as a request's, when a client sent them in one); ``Execute`` is a prepared
  statement run with its parameters' values written in (``Bulk_execute``, MariaDB's batch of them, too). A ``Query``
  that is SQL's ``EXECUTE stmt`` or ``EXECUTE IMMEDIATE ...`` alone is followed by the ``Execute`` of the statement it
  runs, and is no line of its own; ``Prepare`` runs nothing.
- Every other command (``Ping``, ``Field List``, ``Statistics``, ...) is no statement.

A statement's line: ``query_id`` ``[<server_id>:]<thread>:<time>:<n>`` (its time in UTC to the precision the log
has, ``n`` counting the thread's statements of that time: MariaDB's times are whole seconds), the thread's user and
database, the session ``[<server_id>:]<thread>@<time of its Connect>``. A statement of a thread whose ``Connect`` is
not in the file (a connection older than the file, a server's own thread) has no user the file says: it is set aside,
saying so (the table gives every row's user: its database is then unknown, and unqualified names are found in the
catalog by name). The file names no server: the ids of two servers' files may be the same (an account a server).

What the general log does not say: whether a statement succeeded (it is logged before it runs: a statement that failed,
or was refused, is read as having run, and a ``USE`` of a database that does not exist as changing it; MariaDB's
``server_audit`` log says which failed, :mod:`.mariadb`). A stored procedure's statements are not logged (only its
``CALL``); a stored function's and a trigger's are, as statements of the connection after the statement that ran
them (their variables written ``NAME_CONST('v', value)``), and are read as statements of their own, in the
connection's database. A password in a statement (``IDENTIFIED BY '...'``, ``PASSWORD('...')``, ``MASTER_PASSWORD =
'...'``, a server's ``OPTIONS (PASSWORD '...')``), which MariaDB and MySQL with ``log_raw`` write as sent, is replaced
by ``*****`` as the audit plugin writes it, in every row's text (one set aside too). A line's bytes that are not UTF-8
are read as MySQL's ``latin1``, as the audit log's (:func:`.mariadb.latin_1_bytes`).

The file is the statements' text and the server's lines in one stream: a statement's own line that looks like an
event (``\t\t    22 Query\tselect ...``) cannot be told from one, so a client can write events of its choosing into
the file, another thread's too. Where the records must be trusted against the clients, read the table: each row's
fields are the server's.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any, Iterable, Iterator, Mapping

from .format import LogFormat, Rejected, Row, RowError, optional_text, required_text, zoned_timestamp
from ..sql.statements import split_statements
from .mariadb import USE_STATEMENT, latin_1_bytes

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
#: database).
_REFUSED = re.compile(r"\s*Access denied\b")
#: The table's ``user_host``: ``priv_user[user] @ host [ip]``.
_USER_HOST = re.compile(r"(?P<priv>[^\[]*)\[(?P<user>[^\]]*)\]\s*@.*")
#: SQL's ``EXECUTE stmt [USING ...]`` and ``EXECUTE IMMEDIATE ...``: the ``Execute`` event after it is the statement.
_SQL_EXECUTE = re.compile(r"\s*(?:/\*.*?\*/\s*)*execute\s+[`\w]", re.IGNORECASE | re.DOTALL)
_COMMENTS_AND = r"(?:\s|/\*.*?\*/)+"
#: A password written in a statement: the quoted text after it is replaced.
_PASSWORD = re.compile(
    rf"(?P<before>\b(?:identified{_COMMENTS_AND}(?:(?:with|via){_COMMENTS_AND}[`'\"]?\w+[`'\"]?{_COMMENTS_AND})?"
    rf"(?:by|as|using)(?:{_COMMENTS_AND}password)?|(?:old_)?password\s*\(|(?:master_|source_)?password\s*="
    r"|set\s+password\b[^=]*=(?:\s*password\s*\()?|password(?=\s*['\"]))\s*)"
    r"(?P<secret>'(?:[^'\\]|\\.|'')*'|\"(?:[^\"\\]|\\.|\"\")*\")", re.IGNORECASE | re.DOTALL)
_NOT_UTF_8 = re.compile("[\udc80-\udcff]")


def recognizes(text: str) -> bool:
    """Whether ``text`` (a line of a ``.log`` file) is one the general log writes: an event or a header line."""
    return bool(_MYSQL_EVENT.fullmatch(text) or _MARIADB_EVENT.fullmatch(text) or _HEADER.fullmatch(text)
                or _HEADER_MORE.fullmatch(text))


def file_events(lines: Iterable[tuple[int, str, Any]], max_bytes: int) -> Iterator[Row]:
    """The events of the file, from its lines ``(number, text, whole)`` (``whole``: the line was UTF-8; else its other
    bytes are decoded as surrogates; blank lines too, which may be a statement's) or ``(number, text, problem)`` (a
    line the container set aside): each event with its first line's number, its text (its lines joined) and its
    fields, or None for a line that is no event and follows none. An event whose text passes ``max_bytes`` is set
    aside (its lines are not held), and one of whose lines the container set aside."""
    current: _Event | None = None
    time: str | None = None  # MariaDB's: the last written
    header = 0  # the header's lines still to come
    reopened = False  # a header came before the next event
    for number, text, whole in lines:
        if not isinstance(whole, bool):  # a line the container set aside: an event's, or one of its own
            if current is not None and not _MYSQL_EVENT.match(text) and not _MARIADB_EVENT.match(text):
                current.broken = f"its line {number} was set aside"
            else:
                if current is not None:
                    yield current.row()
                current = None
            yield number, text, whole
            continue
        if header and _HEADER_MORE.fullmatch(text):
            header -= 1
            continue
        header = 0
        match = _MYSQL_EVENT.fullmatch(text) or _MARIADB_EVENT.fullmatch(text)
        if match is None and _HEADER.fullmatch(text) is None:
            if current is not None and not current.broken:
                current.add(text, whole, max_bytes)
            elif current is None and text.strip():
                yield number, latin_1_bytes(text), None
            continue
        if current is not None:
            yield current.row()
            current = None
        if match is None:  # the server opened the file (again)
            header, reopened = 2, True
            continue
        if match["time"] is not None:
            time = match["time"] if "T" in match["time"] else _mariadb_time(match["time"])
        current = _Event(number, [text], whole, {
            "event_time": time, "thread_id": match["thread"], "command_type": match["command"],
            "argument": match["argument"] or "", **({"reopened": "yes"} if reopened else {})}, _size(text))
        reopened = False
        if current.size > max_bytes:
            current.broken = f"it is more than {max_bytes:,} bytes"
    if current is not None:
        yield current.row()


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
            return self.number, latin_1_bytes(self.texts[0])[:1024], Rejected(
                f"the event of line {self.number} is set aside: {self.broken}")
        fields = dict(self.fields)
        if len(self.texts) > 1:
            fields["argument"] += "\n" + "\n".join(self.texts[1:])
        if not self.whole and _NOT_UTF_8.search(text):
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


@dataclass
class _Thread:
    """What the log said of a thread: its user, its database, its session; ``before``: its state before a ``Change
    user`` not yet known to have succeeded."""

    user: str | None
    database: str | None
    session: str
    before: _Thread | None = None


@dataclass
class _Threads:
    """The threads of a log, by key (``[<server_id>:]<thread>``); the highest thread a ``Connect`` gave; whether the
    server opened the file again since (a restart, or ``FLUSH LOGS``: the first ``Connect`` after it says which); and
    each thread's last statement's time and how many it had at that time (for its ids, across a ``Change user``)."""

    states: dict[str, _Thread] = field(default_factory=dict)
    highest: int = 0
    reopened: bool = False
    counts: dict[str, tuple[str, int]] = field(default_factory=dict)

    def connected(self, thread: int) -> None:
        """A thread connected. The first after the file was opened again, numbered lower than the highest before, is
        a restarted server's (it numbers its threads from 1 again): no earlier thread is connected any more. (Only
        then: a server logs concurrent logins' Connect in the order they finished, not of their numbers.)"""
        if self.reopened and thread < self.highest:
            self.states.clear()
            self.highest = 0
        self.reopened = False
        self.highest = max(self.highest, thread)

    def statement_id(self, key: str, compact: str) -> str:
        time, count = self.counts.get(key, ("", 0))
        count = count + 1 if time == compact else 1
        self.counts[key] = (compact, count)
        return f"{key}:{compact}:{count}"


def translate(rows: Iterable[Row]) -> Iterator[Row]:
    """The statements of a general log (the file's events or the table's rows), in order; a password in any row's text
    written ``*****`` (a row set aside keeps its text)."""
    threads = _Threads()
    for number, text, fields in rows:
        text = _without_passwords(text)
        if not isinstance(fields, Mapping):
            yield number, text, fields
            continue
        try:
            line = _event(fields, threads)
        except RowError as err:
            yield number, text, Rejected(str(err))
            continue
        if line is not None:
            yield number, text, line


def _event(fields: Mapping[str, Any], threads: _Threads) -> dict[str, Any] | None:
    command = str(fields.get("command_type") or "").strip()
    thread = str(fields.get("thread_id") if fields.get("thread_id") is not None else "").strip()
    if not thread.isdigit():
        raise RowError(f"thread_id must be a number, got {fields.get('thread_id')!r}")
    server = (optional_text(fields, "server_id") or "").strip()
    key = f"{server}:{thread}" if server else thread
    argument = str(fields.get("argument") if fields.get("argument") is not None else "")
    if fields.get("reopened"):
        threads.reopened = True
    state = threads.states.get(key)
    if command in ("Connect", "Change user", "Init DB") and _REFUSED.match(argument):
        if state is not None and state.before is not None:  # a Change user refused: the thread is as it was
            threads.states[key] = state.before
        elif command == "Connect":  # a login refused
            threads.states.pop(key, None)
        return None
    if command in ("Connect", "Change user"):
        connection = _CONNECTION.fullmatch(argument)
        if command == "Connect":
            threads.connected(int(thread))
        try:
            session = f"{key}@{_compact(_utc(fields.get('event_time')))}"
        except RowError:  # (its statements are set aside for their time)
            session = key
        user, database = (connection["user"], connection["database"].strip() or None) if connection else (None, None)
        threads.states[key] = _Thread(
            user, database, state.session if command == "Change user" and state is not None else session,
            state if command == "Change user" else None)
        return None
    if command == "Quit":
        threads.states.pop(key, None)
        threads.counts.pop(key, None)
        return None
    if command == "Init DB":
        _thread(threads, key, fields).database = argument.strip() or None
        return None
    if command not in STATEMENTS or (command == "Query" and _runs_the_next_execute(argument)):
        return None
    statement = required_text(fields, "argument")
    time = _utc(fields.get("event_time"))
    state = _thread(threads, key, fields)
    state.before = None
    user = _row_user(fields) or state.user  # (the table's row names its user: the server's word)
    if not user:
        raise RowError(f"thread {thread}'s user is not known: no Connect of it is in this file (a connection older "
                       "than the file, or a server's own thread: the event scheduler's, a replica's); the table "
                       "mysql.general_log gives each statement's user")
    database = state.database
    if "use" in statement.lower():
        state.database = _database_used(statement, state.database)
    return {
        "query_id": threads.statement_id(key, _compact(time)),
        "query_text": _without_passwords(statement),
        "query_start_time": time,
        "user_name": user,
        "database_name": database,
        "session_id": state.session,
        "text_encoding": fields.get("text_encoding"),
    }


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
    """``statement`` with each password written in it replaced by ``*****``."""
    lowered = statement.lower()
    if "password" not in lowered and "identified" not in lowered:
        return statement
    return _PASSWORD.sub(lambda m: f"{m['before']}*****", statement)


def _thread(threads: _Threads, key: str, fields: Mapping[str, Any]) -> _Thread:
    """The thread's state; of a thread not seen connecting, the row's user (the table's; the file has none)."""
    state = threads.states.get(key)
    if state is None:
        state = threads.states[key] = _Thread(_row_user(fields), None, key)
    return state


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
