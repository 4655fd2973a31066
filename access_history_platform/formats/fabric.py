"""Microsoft Fabric's query history ``queryinsights.exec_requests_history`` (a Fabric Warehouse or a Lakehouse's SQL
analytics endpoint), exported as it is.

Columns (https://learn.microsoft.com/sql/relational-databases/system-views/queryinsights-exec-requests-history-transact-sql):
``distributed_statement_id`` ("Unique ID for each query"), ``database_name`` (the warehouse the endpoint was
connected to; older versions of the view lack it), ``submit_time``, ``start_time``, ``end_time``, ``statement_type``,
``login_name`` ("Name of the user or system that sent the query"), ``row_count``, ``status`` (``Succeeded``,
``Failed``, ``Canceled``; older pages spell it ``Cancelled``), ``session_id``, ``connection_id``, ``batch_id``,
``root_batch_id``, ``query_hash``, ``label``, ``command`` ("Complete text of the executed query", a
``varchar(8000)``), and counters. The view lists completed requests only, the last 30 days of them.

Each row is one request: ``Succeeded`` is ``SUCCESS``; ``Failed`` and ``Canceled`` are ``FAIL`` (kept, never
recorded). ``command`` holds what the client sent, a batch of several statements too (resolved each as a child
of the row, as a multi-statement request is); a command as long as the column holds (within its last 100 of 8,000
characters, trailing blanks aside) may be cut and is set aside rather than resolved as another statement. The
view's times have no zone and are UTC: Fabric's own example finds "queries run by you in the last 30 minutes" with
``start_time >= DATEADD(MINUTE, -30, GETUTCDATE())``; a time with an offset is taken as it says. ``database_name``
is the session's database; its schema is ``dbo``, the default schema a name without one is looked up in (the view
does not say which schema a user's session had). The line's session is its ``connection_id`` ("uniquely
identifies each connection"), else its ``session_id``: a session id is a SPID, which SQL Server gives the next
connection once one closes, and a connection's temporary tables are its own. The batch, connection and hash columns
are kept as the line's extra fields (the SPID as ``spid``): a batch id is no statement's id, so a row keeps no parent.
The dialect is ``tsql``.
"""

from __future__ import annotations

from typing import Any, Mapping

from .format import LogFormat, RowError, extras, optional_text, per_row, required_text, status, utc_timestamp

STATUSES = {"SUCCEEDED": "SUCCESS", "FAILED": "FAIL", "CANCELED": "FAIL", "CANCELLED": "FAIL"}
UNFINISHED = ("RUNNING", "SUSPENDED", "QUEUED")
REQUIRED = ("distributed_statement_id", "command", "start_time", "login_name", "status")
#: ``command`` is a ``varchar(8000)``.
KEPT = 8000
#: A command within this many characters of :data:`KEPT` (trailing blanks removed) may have been cut there.
_CUT_MARGIN = 100
#: The schema a name without one is looked up in: ``dbo``, every user's default unless set otherwise.
DEFAULT_SCHEMA = "dbo"
_USED = (*REQUIRED, "database_name", "session_id")
_LOG_FIELDS = ("query_id", "query_text", "query_start_time", "user_name", "execution_status", "parent_query_id",
               "root_query_id", "account_name", "schema_name", "role_name")


def map_row(fields: Mapping[str, Any]) -> dict[str, Any]:
    """One exported row as a log line.

    >>> line = map_row({"distributed_statement_id": "5E1B", "command": "SELECT a FROM dbo.t", "status": "Succeeded",
    ...                 "start_time": "2026-11-16 09:00:01.5", "login_name": "ana@contoso.com", "database_name": "WH"})
    >>> line["query_start_time"], line["execution_status"], line["database_name"], line["schema_name"]
    ('2026-11-16T09:00:01.500000+00:00', 'SUCCESS', 'WH', 'dbo')
    """
    connection, spid = optional_text(fields, "connection_id"), optional_text(fields, "session_id")
    return {
        **extras(fields, _USED, _LOG_FIELDS),
        **({"spid": spid} if connection and spid else {}),
        "query_id": required_text(fields, "distributed_statement_id"),
        "query_text": _command(fields),
        "query_start_time": utc_timestamp(fields.get("start_time"), "start_time"),
        "user_name": required_text(fields, "login_name"),
        "execution_status": status(fields.get("status"), "status", STATUSES, unfinished=UNFINISHED),
        "database_name": optional_text(fields, "database_name"),
        "schema_name": DEFAULT_SCHEMA,
        "session_id": connection or spid,
    }


def _command(fields: Mapping[str, Any]) -> str:
    text = required_text(fields, "command").rstrip()
    if KEPT - _CUT_MARGIN < len(text) <= KEPT:
        raise RowError(f"command has {len(text):,} characters, within {_CUT_MARGIN} of the {KEPT:,} exec_requests_history "
                       "keeps: the statement may be cut there, and is not resolved as the shorter statement it would "
                       "read as")
    return text


FORMAT = LogFormat(
    name="fabric",
    title="Fabric queryinsights.exec_requests_history",
    dialect="tsql",
    signature=frozenset({"distributed_statement_id", "command"}),
    required=REQUIRED,
    translate=per_row(map_row),
)
