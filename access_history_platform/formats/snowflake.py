"""Snowflake's query history: ``SNOWFLAKE.ACCOUNT_USAGE.QUERY_HISTORY`` and the
``INFORMATION_SCHEMA.QUERY_HISTORY`` table function, exported as they are.

Columns (https://docs.snowflake.com/en/sql-reference/account-usage/query_history and
https://docs.snowflake.com/en/sql-reference/functions/query_history): ``QUERY_ID``,
``QUERY_TEXT``, ``DATABASE_NAME``, ``SCHEMA_NAME``, ``QUERY_TYPE``, ``SESSION_ID``,
``USER_NAME``, ``ROLE_NAME``, ``WAREHOUSE_NAME``, ``EXECUTION_STATUS``, ``ERROR_CODE``,
``ERROR_MESSAGE``, ``START_TIME`` (TIMESTAMP_LTZ), ``END_TIME``, ... in upper or lower case.

``EXECUTION_STATUS``: the view documents ``success``, ``fail``, ``incident``; the table
function ``success``, ``failed_with_error``, ``failed_with_incident`` and, for statements
not finished, ``running``, ``queued``, ``blocked``, ``resuming_warehouse``. Failed ones map
to the contract's ``FAIL`` / ``INCIDENT`` (kept, never recorded); unfinished ones are set
aside. The other columns are kept as the line's extra fields. ``QUERY_TEXT`` keeps 100,000 characters ("Longer
SQL statements are truncated"): a text of that length may be cut, and its line is set aside, saying so.

A multi-statement request a driver or the SQL API sends (``QUERY_TYPE`` ``MULTI_STATEMENT``) is logged with
each of its statements as a row of its own, under a query ID of its own: the statements are resolved from those
rows, and the request's row is set aside with that reason rather than split into its statements again (they would
be recorded twice). The history does not say which request a statement ran in, so those rows keep no parent.
"""

from __future__ import annotations

from typing import Any, Mapping

from .format import LogFormat, RowError, extras, optional_text, per_row, required_text, status, zoned_timestamp

STATUSES = {"SUCCESS": "SUCCESS", "FAIL": "FAIL", "FAILED_WITH_ERROR": "FAIL",
            "INCIDENT": "INCIDENT", "FAILED_WITH_INCIDENT": "INCIDENT"}
UNFINISHED = ("RUNNING", "QUEUED", "BLOCKED", "RESUMING_WAREHOUSE")
REQUIRED = ("query_id", "query_text", "start_time", "user_name", "execution_status")
#: QUERY_TEXT's limit: "The limit is 100K characters. Longer SQL statements are truncated."
KEPT = 100_000
_USED = (*REQUIRED, "role_name", "database_name", "schema_name", "session_id")


def map_row(fields: Mapping[str, Any]) -> dict[str, Any]:
    """One exported row as a log line."""
    if (optional_text(fields, "query_type") or "").upper() == "MULTI_STATEMENT":
        raise RowError("a multi-statement request (QUERY_TYPE MULTI_STATEMENT): Snowflake logs each of its statements "
                       "as a row of its own, resolved on their own; the request itself is not resolved again")
    text = required_text(fields, "query_text")
    if len(text) >= KEPT:
        raise RowError(f"QUERY_TEXT has {len(text):,} characters, the {KEPT:,} QUERY_HISTORY keeps (\"Longer SQL "
                       "statements are truncated\"): the statement may be cut, and is set aside rather than resolved "
                       "as a shorter one")
    return {
        **extras(fields, _USED, ("query_start_time", "parent_query_id", "account_name")),
        "query_id": required_text(fields, "query_id"),
        "query_text": text,
        "query_start_time": zoned_timestamp(fields.get("start_time"), "START_TIME"),
        "user_name": required_text(fields, "user_name"),
        "execution_status": status(fields.get("execution_status"), "EXECUTION_STATUS", STATUSES,
                                   unfinished=UNFINISHED),
        "role_name": optional_text(fields, "role_name"),
        "database_name": optional_text(fields, "database_name"),
        "schema_name": optional_text(fields, "schema_name"),
        "session_id": optional_text(fields, "session_id"),
    }


FORMAT = LogFormat(
    name="snowflake",
    title="Snowflake QUERY_HISTORY",
    dialect="snowflake",
    signature=frozenset({"query_id", "query_text"}),
    required=REQUIRED,
    translate=per_row(map_row),
)
