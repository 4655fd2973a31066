"""The Spark Thrift Server's statements, read from its Spark event log.

The Thrift Server (``sbin/start-thriftserver.sh``: Spark SQL over JDBC and ODBC, as on EMR, Dataproc, HDInsight and
self-managed clusters) keeps no query history of its own, but when ``spark.eventLog.enabled`` is on, the event log its
History Server reads holds one JSON object a line for each thing the server did, and among them its sessions' and
statements' events (``org.apache.spark.sql.hive.thriftserver.ui.SparkListenerThriftServer...``, since Spark 3.1):

- ``SessionCreated``: ``sessionId``, ``userName`` (the authenticated user, the impersonated one with ``doAs``), ``ip``;
- ``OperationStart``: ``id`` (the statement's), ``sessionId``, ``statement`` (its text as the client sent it),
  ``userName``, ``startTime`` (milliseconds since the epoch, UTC);
- how it ended: ``OperationFinish`` (it succeeded), ``OperationError`` (``errorMsg``), ``OperationCanceled`` or
  ``OperationTimeout``; the first of them is the statement's end. ``OperationClosed`` before any of them is a
  statement the client closed before it finished (cancelled).

A statement is read at its end, in the session's catalog and namespace when it started: those its session opened in
(the JDBC URL's database: the ``SetCatalogAndNamespace`` the server ran when it opened the session, logged as the SQL
execution ``openSession at ...`` of the session's Spark session), then as each ``USE`` that succeeded left them
(:func:`~access_history_platform.sql.statements.session_after`). A session is tied to its Spark session by the
``spark-session-<uuid>`` job tag of its statements' SQL executions (Spark 4); in a log without job tags (Spark 3), by
the ``openSession`` execution that follows its ``SessionCreated`` when no other session opened meanwhile. A session
whose opening the file does not tie to it is in a namespace the file does not say until its first ``USE``: its
unqualified names are found in the catalog by name. With ``spark.sql.hive.thriftServer.singleSession`` on (the
file's ``SparkListenerEnvironmentUpdate`` says so), every session shares one Spark session: one current namespace,
which each session's opening and each ``USE`` changes for all, and one set of temporary views (the lines' session is
that shared one, ``single-session``; the client's own is ``thrift_session_id``). The metadata calls of JDBC and ODBC
(``Listing tables '...'``, ``Listing columns``, ...), logged as operations too, are no statement. Every other event
(jobs, stages, tasks, SQL executions) is no statement.

A statement's line: ``query_id`` its operation's id, ``session_id`` its session's, ``user_name``, ``database_name`` the
catalog (``spark_catalog``, Spark's own, unless the session used another), ``schema_name`` the namespace, ``SUCCESS``
or ``FAIL`` (with ``error_message``), ``client_ip``. A session opened in an earlier file (its ``SessionCreated`` is
not in this one) is in a namespace the file does not say until its first ``USE``. A statement whose end is not in the
file (the server stopped, or
the log rolled over to its next file: ``spark.eventLog.rolling.maxFileSize``) is set aside, saying so; the end it
lacks, in the next file, is passed over. Spark writes the event log compressed (zstd, since Spark 4): a ``.zstd``
file is read as it is (:mod:`access_history_platform.logs`).

Memory stays bounded: a closed session is forgotten, and of the statements not yet ended at most
:data:`PENDING_BYTES` of text is held (the oldest past it is set aside, saying so).
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator, Mapping

from ..sql.statements import session_after
from ..sql.variables import is_use
from .databricks import epoch_milliseconds
from .format import LogFormat, Rejected, Row, RowError, optional_text, required_text

#: The Thrift Server's events, by the last part of their class name.
_PREFIX = "SparkListenerThriftServer"
_ENDS = {"OperationFinish": "SUCCESS", "OperationError": "FAIL", "OperationCanceled": "FAIL",
         "OperationTimeout": "FAIL", "OperationClosed": "FAIL"}
#: Why a statement that did not fail with an error did not succeed.
_UNFINISHED = {"OperationCanceled": "cancelled", "OperationTimeout": "timed out",
               "OperationClosed": "closed by the client before it finished"}
#: The text the server logs for a metadata call of JDBC and ODBC (``SparkGetTablesOperation`` and the others).
_METADATA_CALL = re.compile(r"Listing (?:catalogs|databases|tables|table types|columns|functions|type info|"
                            r"primary keys|cross references)\b")
#: The namespace a session opened in: the ``SetCatalogAndNamespace`` of its Spark session's ``openSession`` execution
#: (``Arguments: <catalog manager>, spark_catalog, List(sales)``).
_OPENED_IN = re.compile(r"SetCatalogAndNamespace[\s\S]*?Arguments: [^,\n]*, (?:Some\()?(?P<catalog>[^,()\n]+)\)?, "
                        r"(?:Some\()?(?:List|ArrayBuffer|WrappedArray)\((?P<namespace>[^()\n]*)\)")
_SPARK_SESSION_TAG = "spark-session-"
#: The property that makes every Thrift session share one Spark session, and the lines' session then.
SINGLE_SESSION_PROPERTY, SINGLE_SESSION = "spark.sql.hive.thriftServer.singleSession", "single-session"
#: The longest error message kept on a failed statement's line.
_ERROR_CHARS = 1000
#: The text of statements not yet ended held at most (their start's line and their statement), in bytes.
PENDING_BYTES = 256 * 1024 * 1024
#: The Spark sessions' opening namespaces kept at most (those of sessions that ran no statement are never claimed).
_OPENINGS_KEPT = 100_000

Context = tuple[str | None, str | None]


@dataclass(slots=True)
class _Session:
    user: str | None = None
    ip: str | None = None
    opened_in: Context | None = None  # the catalog and namespace it opened in, once its opening is tied to it
    used: Context | None = None  # what its last successful USE left current
    tag: str | None = None  # its Spark session's job tag, once known


@dataclass(slots=True)
class _Operation:
    number: int
    text: str  # its start's line
    query_id: str
    statement: str
    start: Any  # startTime
    user: str | None
    ip: str | None
    session_id: str
    session: _Session
    context: Context | None  # the session's USE state when it started (None: where it opened)

    @property
    def size(self) -> int:
        return len(self.text) + len(self.statement)


@dataclass(slots=True)
class _Server:
    """What the file has said so far: open sessions, statements not yet ended, Spark sessions' openings."""

    sessions: dict[str, _Session] = field(default_factory=dict)
    running: OrderedDict[str, _Operation] = field(default_factory=OrderedDict)
    pending: int = 0  # the bytes of ``running``
    opened: OrderedDict[str, Context] = field(default_factory=OrderedDict)  # by Spark session tag
    awaiting: list[_Session] = field(default_factory=list)  # created since the last opening seen (two at most)
    single: _Session | None = None  # every session's, with singleSession on
    thrift_events: int = 0
    sql_executions: int = 0


def translate(rows: Iterable[Row]) -> Iterator[Row]:
    """The file's events as the statements' lines, each at its end; the other events are none."""
    server = _Server()
    for number, text, fields in rows:
        if not isinstance(fields, Mapping):
            yield number, text, fields
            continue
        kind = fields.get("event")
        if not isinstance(kind, str):
            yield number, text, Rejected("not a Spark listener event: its 'Event' must name the event's class")
            continue
        kind = kind.rpartition(".")[2]
        if kind.startswith(_PREFIX):
            server.thrift_events += 1
            yield from _thrift_event(server, kind[len(_PREFIX):], number, text, fields)
        elif kind == "SparkListenerSQLExecutionStart":
            server.sql_executions += 1
            _sql_execution(server, fields)
        elif kind == "SparkListenerEnvironmentUpdate" and _single_session(fields.get("spark properties")):
            server.single = server.single or _Session()  # (before any session: the application's start)
    for operation in server.running.values():
        yield operation.number, operation.text, Rejected(
            "the statement's end is not in the file (the server stopped, or its event log rolled over to the next "
            "file): whether it succeeded is unknown")
    if not server.thrift_events and server.sql_executions:
        yield 0, "", Rejected(
            f"the Spark event log holds {server.sql_executions} SQL execution(s) and no Thrift Server statement: an "
            "event log names a statement's text and user only for the Thrift Server's statements (spark.sql() and "
            "DataFrame jobs are logged without them); nothing of it is read")


def _single_session(properties: Any) -> bool:
    pairs = (properties.items() if isinstance(properties, Mapping) else properties if isinstance(properties, list)
             else ())
    return any(isinstance(pair, (list, tuple)) and len(pair) == 2 and pair[0] == SINGLE_SESSION_PROPERTY
               and str(pair[1]).strip().lower() == "true" for pair in pairs)


def _thrift_event(server: _Server, kind: str, number: int, text: str, fields: Mapping[str, Any]) -> Iterator[Row]:
    try:
        if kind == "SessionCreated":
            session = _Session(optional_text(fields, "username"), optional_text(fields, "ip"))
            server.sessions[required_text(fields, "sessionid")] = session
            server.awaiting = [*server.awaiting[:1], session]  # (two or more: no opening is tied to any of them)
        elif kind == "SessionClosed":
            closed = server.sessions.pop(optional_text(fields, "sessionid") or "", None)
            if closed is not None and closed.tag is not None:
                server.opened.pop(closed.tag, None)
        elif kind == "OperationStart":
            yield from _started(server, number, text, fields)
        elif kind in _ENDS:
            operation = server.running.pop(optional_text(fields, "id") or "", None)
            if operation is not None:
                server.pending -= operation.size
                yield operation.number, operation.text, _ended(operation, kind, fields, server.single is not None)
    except RowError as err:
        yield number, text, Rejected(str(err))


def _started(server: _Server, number: int, text: str, fields: Mapping[str, Any]) -> Iterator[Row]:
    statement = required_text(fields, "statement")
    if _METADATA_CALL.match(statement):
        return
    operation_id, session_id = required_text(fields, "id"), required_text(fields, "sessionid")
    if operation_id in server.running:
        yield number, text, Rejected(f"operation {operation_id!r} started again before it ended: the first start is "
                                     "read, this one set aside")
        return
    own = server.sessions.setdefault(session_id, _Session())
    session = server.single or own
    operation = _Operation(number, text, operation_id, statement, fields.get("starttime"),
                           optional_text(fields, "username") or own.user, own.ip, session_id, session, session.used)
    server.running[operation_id] = operation
    server.pending += operation.size
    while server.pending > PENDING_BYTES and len(server.running) > 1:
        _, oldest = server.running.popitem(last=False)
        server.pending -= oldest.size
        yield oldest.number, oldest.text, Rejected(
            f"more than {PENDING_BYTES:,} bytes of statements had started and not ended when this one began: "
            "the oldest is set aside, its end not awaited")


def _sql_execution(server: _Server, fields: Mapping[str, Any]) -> None:
    """A Spark session's opening namespace (its ``openSession`` execution), and the Spark session of a statement's
    execution (its job group is the statement's id)."""
    tags = fields.get("jobtags")
    tag = next((t for t in tags if isinstance(t, str) and t.startswith(_SPARK_SESSION_TAG) and "-execution-" not in t),
               None) if isinstance(tags, list) else None
    group = fields.get("jobgroupid")
    if group is None and str(fields.get("description") or "").startswith("openSession"):
        _opening(server, fields, tag)
        return
    operation = server.running.get(str(group)) if group is not None and tag is not None else None
    if operation is not None and operation.session.opened_in is None and tag in server.opened:
        operation.session.opened_in, operation.session.tag = server.opened[tag], tag


def _opening(server: _Server, fields: Mapping[str, Any], tag: str | None) -> None:
    """A session's opening: where its Spark session's namespace was set (the JDBC URL's database). Tied to the
    session by its tag, or (no tag) to the one session created since the last opening; shared by every session with
    singleSession on, where it is a USE of them all."""
    opened = _OPENED_IN.search(str(fields.get("physicalplandescription") or ""))
    awaiting, server.awaiting = server.awaiting, []
    if opened is None:
        return
    context = (opened["catalog"].strip(), opened["namespace"].replace(", ", ".") or "default")
    if server.single is not None:
        server.single.used = context
    elif tag is not None:
        server.opened[tag] = context
        if len(server.opened) > _OPENINGS_KEPT:
            server.opened.popitem(last=False)
    elif len(awaiting) == 1:
        awaiting[0].opened_in = context


def _ended(operation: _Operation, end: str, fields: Mapping[str, Any], single: bool) -> dict[str, Any] | Rejected:
    """The statement's line, at its end (``end``: the ending event's kind); ``single``: with singleSession on."""
    session, status = operation.session, _ENDS[end]
    database, schema = operation.context or session.opened_in or (None, None)
    try:
        line = {"query_id": operation.query_id, "query_text": operation.statement,
                "query_start_time": epoch_milliseconds(operation.start, "startTime"), "user_name": operation.user,
                "execution_status": status, "session_id": SINGLE_SESSION if single else operation.session_id,
                "database_name": database, "schema_name": schema, "client_ip": operation.ip}
        if single:
            line["thrift_session_id"] = operation.session_id
        if status == "FAIL":
            line["error_message"] = (optional_text(fields, "errormsg") or _UNFINISHED.get(end, end))[:_ERROR_CHARS]
    except RowError as err:
        return Rejected(str(err))
    if status == "SUCCESS" and is_use(operation.statement):
        session.used = session_after(operation.statement, database, schema, "spark")
    return line


#: The events no statement needs, as Spark writes them (``{"Event":"SparkListenerTaskEnd",...``: the event's class
#: first, no space): most of an event log's lines and bytes, skipped undecoded (a line written otherwise is decoded).
SKIPPED = re.compile(r'\{"Event":"(?:SparkListener(?:Task|Stage|Job|Executor|BlockManager|BlockUpdated|UnpersistRDD|'
                     r'SpeculativeTask|ResourceProfileAdded|ApplicationStart|ApplicationEnd|LogStart)|'
                     r'org\.apache\.spark\.sql\.execution\.ui\.SparkListener(?:SQLExecutionEnd|DriverAccumUpdates|'
                     r'SQLAdaptive)|org\.apache\.spark\.sql\.hive\.thriftserver\.ui\.SparkListenerThriftServerOperationParsed)')

FORMAT = LogFormat(
    name="spark_thrift_server",
    title="Spark Thrift Server event log",
    dialect="spark",
    signature=frozenset({"event"}),
    required=("event",),
    translate=translate,
    skipped=SKIPPED,
)
