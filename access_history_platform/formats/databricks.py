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
"""

from __future__ import annotations

from typing import Any, Mapping

from .format import LogFormat, extras, optional_text, per_row, required_text, status, zoned_timestamp

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
