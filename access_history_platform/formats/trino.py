"""Trino / Starburst query-completed events, as the HTTP and Kafka event listeners send them (JSON).

An event is Trino's ``QueryCompletedEvent`` serialized to JSON
(https://trino.io/docs/current/admin/event-listeners-http.html,
https://trino.io/docs/current/admin/event-listeners-kafka.html; the classes in
``io.trino.spi.eventlistener``): ``metadata`` (``queryId``, ``query``, ``queryState``,
``updateType``, ...), ``context`` (``user``, ``catalog``, ``schema``, ``source``, ...),
``failureInfo`` (present when the query failed), ``createTime``, ``executionStartTime``,
``endTime``. One event per JSON line (or per row of a Parquet file with the same nesting). The Kafka event
listener wraps each event, ``{"eventPayload": <event>, "eventMetadata": {...}}``: a file of its records is the
format ``trino_kafka``, its events read alike.

``queryState`` ``FINISHED`` is ``SUCCESS`` unless a ``failureInfo`` is present; ``FAILED``
is ``FAIL``; a query-created event (``QUEUED``, sent when ``log-created`` is on) is set
aside: only completed events say how a query ended, and a split-completed event (``log-split``), a part of a query's
work, is set aside saying so. ``context.catalog`` and
``context.schema`` are the session's database and schema; ``createTime`` is the
statement's start. An ``EXECUTE name [USING ...]`` of a statement the session prepared
runs that statement: its event gives the prepared text as ``metadata.preparedQuery``,
which is the statement resolved (the ``EXECUTE`` kept as ``executed_as``). The dialect is
``trino``.
"""

from __future__ import annotations

from typing import Any, Mapping

from .format import LogFormat, RowError, lower_keys, optional_text, per_row, required_text, status, zoned_timestamp

STATES = {"FINISHED": "SUCCESS", "FAILED": "FAIL"}
UNFINISHED = ("QUEUED", "WAITING_FOR_RESOURCES", "DISPATCHING", "PLANNING", "STARTING", "RUNNING", "FINISHING")
REQUIRED = ("metadata", "context", "createtime")


def map_row(fields: Mapping[str, Any]) -> dict[str, Any]:
    """One query-completed event as a log line."""
    if "metadata" not in fields and {"stageid", "taskid"} <= fields.keys():
        raise RowError("a split-completed event (stageId, taskId): a part of a query's work, not a statement; the "
                       "query's completed event says what it ran and how it ended (send completed events only: "
                       "http-event-listener.log-split=false)")
    metadata, context = _section(fields, "metadata"), _section(fields, "context")
    failure = fields.get("failureinfo")
    outcome = status(metadata.get("queryState"), "metadata.queryState", STATES, unfinished=UNFINISHED)
    if failure:
        outcome = "FAIL"
    prepared = metadata.get("preparedQuery")
    prepared = prepared if isinstance(prepared, str) and prepared.strip() else None
    return {
        "query_id": required_text(_prefixed(metadata, "metadata"), "metadata.queryId"),
        "query_text": prepared or required_text(_prefixed(metadata, "metadata"), "metadata.query"),
        "executed_as": metadata.get("query") if prepared else None,
        "query_start_time": zoned_timestamp(fields.get("createtime"), "createTime"),
        "user_name": required_text(_prefixed(context, "context"), "context.user"),
        "execution_status": outcome,
        "database_name": optional_text(context, "catalog"),
        "schema_name": optional_text(context, "schema"),
        "query_state": metadata.get("queryState"),
        "update_type": metadata.get("updateType"),
        "source": context.get("source"),
        "failure_message": failure.get("failureMessage") if isinstance(failure, Mapping) else None,
    }


def _section(fields: Mapping[str, Any], name: str) -> Mapping[str, Any]:
    section = fields.get(name)
    if not isinstance(section, Mapping):
        raise RowError(f"'{name}' must be an object (a Trino event), got {type(section).__name__}")
    return section


def _prefixed(section: Mapping[str, Any], name: str) -> dict[str, Any]:
    return {f"{name}.{key}": value for key, value in section.items()}


def map_kafka_row(fields: Mapping[str, Any]) -> dict[str, Any]:
    """One record of the Kafka event listener's completed-event topic as a log line: the listener wraps the event,
    ``{"eventPayload": <event>, "eventMetadata": {...}}`` (``KafkaRecordBuilder.buildCompletedRecord`` writes a
    ``QueryCompletedEventWrapper``)."""
    payload = fields.get("eventpayload")
    if not isinstance(payload, Mapping):
        raise RowError(f"'eventPayload' must be an object (the Trino event the Kafka event listener wraps), got "
                       f"{type(payload).__name__}")
    return map_row(lower_keys(payload))


FORMAT = LogFormat(
    name="trino",
    title="Trino query-completed event",
    dialect="trino",
    signature=frozenset({"metadata", "context"}),
    required=REQUIRED,
    translate=per_row(map_row),
)
KAFKA = LogFormat(
    name="trino_kafka",
    title="Trino query-completed event of the Kafka event listener",
    dialect="trino",
    signature=frozenset({"eventpayload", "eventmetadata"}),
    required=("eventpayload",),
    translate=per_row(map_kafka_row),
)
