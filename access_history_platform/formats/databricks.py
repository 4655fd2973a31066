"""Databricks' query history system table ``system.query.history``, exported as it is.

Columns (https://docs.databricks.com/en/admin/system-tables/query-history.html):
``account_id``, ``workspace_id``, ``statement_id``, ``session_id``, ``execution_status``,
``compute``, ``executed_by_user_id``, ``executed_by``, ``statement_text``,
``statement_type``, ``error_message``, ``client_application``, ``start_time``,
``end_time``, ... ``execution_status`` is one of ``FINISHED`` (success), ``FAILED`` and
``CANCELED``: both of the latter map to the contract's ``FAIL`` (kept, never recorded).
The table names no current catalog or schema, so statements should name their tables in
full (``catalog.schema.table``); the account's catalog resolves the rest only where a name
is unique. The dialect is ``databricks``.

The Query History API's response (``GET /api/2.0/sql/history/queries``,
https://docs.databricks.com/api/workspace/queryhistory/list: its ``res`` list, as the responses come or one query per
JSON line; :mod:`~access_history_platform.json_documents`) is the format ``databricks_api``: ``query_id``,
``query_text``, ``status`` (``FINISHED``; ``FAILED`` and ``CANCELED`` fail; ``QUEUED``, ``STARTED``, ``COMPILING``,
``COMPILED`` and ``RUNNING`` had not finished and are set aside),
``query_start_time_ms`` (milliseconds since the epoch, UTC), ``user_name``; a file is taken for it by those and
``user_id`` (the platform's own log keeps any extra field, ``status`` too). It names no catalog or schema either.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Any, Mapping

from .format import LogFormat, RowError, extras, optional_text, per_row, required_text, status, zoned_timestamp

STATUSES = {"FINISHED": "SUCCESS", "FAILED": "FAIL", "CANCELED": "FAIL"}
REQUIRED = ("statement_id", "statement_text", "executed_by", "start_time", "execution_status")
_USED = (*REQUIRED, "session_id")


def map_row(fields: Mapping[str, Any]) -> dict[str, Any]:
    """One exported row as a log line."""
    return {
        **extras(fields, _USED, ("query_id", "query_text", "query_start_time", "user_name", "parent_query_id",
                                 "account_name", "database_name", "schema_name", "role_name")),
        "query_id": required_text(fields, "statement_id"),
        "query_text": required_text(fields, "statement_text"),
        "query_start_time": zoned_timestamp(fields.get("start_time"), "start_time"),
        "user_name": required_text(fields, "executed_by"),
        "execution_status": status(fields.get("execution_status"), "execution_status", STATUSES),
        "session_id": optional_text(fields, "session_id"),
    }


FORMAT = LogFormat(
    name="databricks",
    title="Databricks system.query.history",
    dialect="databricks",
    signature=frozenset({"statement_id", "statement_text"}),
    required=REQUIRED,
    translate=per_row(map_row),
)

#: The Query History API's statuses (``QueryStatus``; the others had not finished).
API_STATUSES = {"FINISHED": "SUCCESS", "FAILED": "FAIL", "CANCELED": "FAIL"}
API_UNFINISHED = ("QUEUED", "STARTED", "COMPILING", "COMPILED", "RUNNING")
API_REQUIRED = ("query_id", "query_text", "status", "query_start_time_ms", "user_name")


def map_api_row(fields: Mapping[str, Any]) -> dict[str, Any]:
    """One query of the Query History API's response as a log line."""
    return {
        **extras(fields, (*API_REQUIRED, "query_end_time_ms"), ("query_id", "query_text", "query_start_time",
                                                                 "user_name", "parent_query_id", "account_name",
                                                                 "database_name", "schema_name", "role_name")),
        "query_id": required_text(fields, "query_id"),
        "query_text": required_text(fields, "query_text"),
        "query_start_time": epoch_milliseconds(fields.get("query_start_time_ms"), "query_start_time_ms"),
        "user_name": required_text(fields, "user_name"),
        "execution_status": status(fields.get("status"), "status", API_STATUSES, unfinished=API_UNFINISHED),
    }


def epoch_milliseconds(value: Any, column: str) -> str:
    """A time given in milliseconds since the epoch (UTC), as an ISO-8601 timestamp.

    >>> epoch_milliseconds(1756953746624, "query_start_time_ms")
    '2025-09-04T02:42:26.624000+00:00'
    """
    if isinstance(value, str) and value.strip().isdigit():
        value = int(value.strip())
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise RowError(f"{column} must be milliseconds since the epoch, got "
                       f"{'nothing' if value is None else repr(value)}")
    try:
        return datetime.fromtimestamp(value / 1000, tz=timezone.utc).isoformat()
    except (OverflowError, OSError, ValueError) as err:
        raise RowError(f"{column} {value!r} is no time of the calendar ({err})") from None


API = LogFormat(
    name="databricks_api",
    title="Databricks Query History API response",
    dialect="databricks",
    signature=frozenset({"query_id", "query_text", "query_start_time_ms", "user_id"}),
    required=API_REQUIRED,
    translate=per_row(map_api_row),
)
