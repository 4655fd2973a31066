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
``spark-session-<uuid>`` job tag of its statements' SQL executions (a Thrift session has a Spark session of its own,
unless ``spark.sql.hive.thriftServer.singleSession`` is on: then every session shares one current namespace, which
this reader does not follow). The metadata calls of JDBC and ODBC (``Listing tables '...'``, ``Listing columns``, ...),
logged as operations too, are no statement. Every other event (jobs, stages, tasks, SQL executions) is no statement.

A statement's line: ``query_id`` its operation's id, ``session_id`` its session's, ``user_name``, ``database_name`` the
catalog (``spark_catalog``, Spark's own, unless the session used another), ``schema_name`` the namespace, ``SUCCESS``
or ``FAIL`` (with ``error_message``), ``client_ip``. A session opened in an earlier file (its ``SessionCreated`` is
not in this one) is in a namespace the file does not say until its first ``USE``: its unqualified names are found in
the catalog by name. A statement whose end is not in the file (the server stopped, or
the log rolled over to its next file: ``spark.eventLog.rolling.maxFileSize``) is set aside, saying so; the end it
lacks, in the next file, is passed over. Spark writes the event log compressed (zstd, since Spark 4): a ``.zstd``
file is read as it is (:mod:`access_history_platform.logs`).
"""

from __future__ import annotations

import re
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
#: Where a session is when nothing in the file says otherwise: Spark's own catalog, its ``default`` namespace.
DEFAULT_CONTEXT = ("spark_catalog", "default")
#: The longest error message kept on a failed statement's line.
_ERROR_CHARS = 1000


@dataclass(slots=True)
class _Session:
    created: bool = False  # opened in this file (else in an earlier one: where it opened is unknown)
    user: str | None = None
    ip: str | None = None
    opened_in: tuple[str, str] | None = None  # the catalog and namespace it opened in, once its Spark session is known
    used: tuple[str | None, str | None] | None = None  # what its last successful USE left current


@dataclass(slots=True)
class _Operation:
    number: int
    text: str
    fields: Mapping[str, Any]
    session: _Session
    context: tuple[str | None, str | None] | None  # the session's USE state when it started (None: where it opened)


@dataclass(slots=True)
class _Server:
    """What the file has said so far: sessions, statements not yet ended, Spark sessions' opening namespaces."""

    sessions: dict[str, _Session] = field(default_factory=dict)
    running: dict[str, _Operation] = field(default_factory=dict)
    opened: dict[str, tuple[str, str]] = field(default_factory=dict)  # by Spark session tag
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
    for operation in server.running.values():
        yield operation.number, operation.text, Rejected(
            "the statement's end is not in the file (the server stopped, or its event log rolled over to the next "
            "file): whether it succeeded is unknown")
    if not server.thrift_events and server.sql_executions:
        yield 0, "", Rejected(
            f"the Spark event log holds {server.sql_executions} SQL execution(s) and no Thrift Server statement: an "
            "event log names a statement's text and user only for the Thrift Server's statements (spark.sql() and "
            "DataFrame jobs are logged without them); nothing of it is read")


def _thrift_event(server: _Server, kind: str, number: int, text: str, fields: Mapping[str, Any]) -> Iterator[Row]:
    try:
        if kind == "SessionCreated":
            server.sessions[required_text(fields, "sessionid")] = _Session(
                True, optional_text(fields, "username"), optional_text(fields, "ip"))
        elif kind == "OperationStart":
            yield from _started(server, number, text, fields)
        elif kind in _ENDS:
            operation = server.running.pop(optional_text(fields, "id") or "", None)
            if operation is not None:
                yield operation.number, operation.text, _ended(operation, kind, fields)
    except RowError as err:
        yield number, text, Rejected(str(err))


def _started(server: _Server, number: int, text: str, fields: Mapping[str, Any]) -> Iterator[Row]:
    statement = required_text(fields, "statement")
    if _METADATA_CALL.match(statement):
        return
    operation_id = required_text(fields, "id")
    session = server.sessions.setdefault(required_text(fields, "sessionid"), _Session())
    if operation_id in server.running:
        yield number, text, Rejected(f"operation {operation_id!r} started again before it ended: the first start is "
                                     "read, this one set aside")
        return
    server.running[operation_id] = _Operation(number, text, fields, session, session.used)


def _sql_execution(server: _Server, fields: Mapping[str, Any]) -> None:
    """A Spark session's opening namespace (its ``openSession`` execution), and the Spark session of a statement's
    execution (its job group is the statement's id)."""
    tags = fields.get("jobtags")
    tag = next((t for t in tags if isinstance(t, str) and t.startswith(_SPARK_SESSION_TAG) and "-execution-" not in t),
               None) if isinstance(tags, list) else None
    if tag is None:
        return
    group = fields.get("jobgroupid")
    if group is None:
        opened = _OPENED_IN.search(str(fields.get("physicalplandescription") or ""))
        if opened is not None and str(fields.get("description") or "").startswith("openSession"):
            namespace = opened["namespace"].replace(", ", ".")
            server.opened[tag] = (opened["catalog"].strip(), namespace or DEFAULT_CONTEXT[1])
        return
    operation = server.running.get(str(group))
    if operation is not None and operation.session.opened_in is None and tag in server.opened:
        operation.session.opened_in = server.opened[tag]


def _ended(operation: _Operation, end: str, fields: Mapping[str, Any]) -> dict[str, Any] | Rejected:
    """The statement's line, at its end (``end``: the ending event's kind)."""
    start, session, status = operation.fields, operation.session, _ENDS[end]
    try:
        opened = session.opened_in or (DEFAULT_CONTEXT if session.created else (None, None))
        database, schema = operation.context or opened
        line = {
            "query_id": required_text(start, "id"),
            "query_text": required_text(start, "statement"),
            "query_start_time": epoch_milliseconds(start.get("starttime"), "startTime"),
            "user_name": optional_text(start, "username") or session.user,
            "execution_status": status,
            "session_id": required_text(start, "sessionid"),
            "database_name": database,
            "schema_name": schema,
            "client_ip": session.ip,
        }
    except RowError as err:
        return Rejected(str(err))
    if status == "FAIL":
        line["error_message"] = (optional_text(fields, "errormsg") or _UNFINISHED.get(end, end))[:_ERROR_CHARS]
    elif is_use(line["query_text"]):
        session.used = session_after(line["query_text"], database, schema, "spark")
    return line


FORMAT = LogFormat(
    name="spark_thrift_server",
    title="Spark Thrift Server event log",
    dialect="spark",
    signature=frozenset({"event"}),
    required=("event",),
    translate=translate,
)
