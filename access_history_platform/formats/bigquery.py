"""BigQuery's job history ``region-REGION.INFORMATION_SCHEMA.JOBS`` (``JOBS_BY_PROJECT``), exported as it is.

Columns (https://cloud.google.com/bigquery/docs/information-schema-jobs): ``job_id``,
``parent_job_id`` (the script a child job ran in), ``project_id``, ``user_email``,
``creation_time``, ``start_time``, ``end_time``, ``job_type`` (``QUERY``, ``LOAD``,
``EXTRACT``, ``COPY``), ``statement_type`` (``SELECT``, ``INSERT``, ..., ``SCRIPT``),
``query``, ``state`` (``PENDING``, ``RUNNING``, ``DONE``), ``error_result`` (a RECORD
with ``reason``, ``location``, ``message``; present when a finished job failed;
https://cloud.google.com/bigquery/docs/reference/rest/v2/Job) and ``session_info`` (a RECORD
with ``session_id``: the session the job ran in, the line's ``session_id``, whose temporary
tables its statements find; outside a session a temporary table is its script's).

A job ``DONE`` without ``error_result`` is ``SUCCESS``, with one ``FAIL``; a job not done
yet is set aside. ``parent_job_id`` is the line's ``parent_query_id`` (the ancestry the
records carry). A ``SCRIPT`` job's own text is its child jobs' statements: its children
are the statements, so the script job is set aside (with that reason) rather than resolved
a second time. ``project_id`` is the session's database (BigQuery's project); the view has
no default dataset, so statements name their datasets. Timestamps are UTC: a ``TIMESTAMP`` is
an instant, which BigQuery's exports write with ``UTC`` and the ``bq`` command line's JSON
output (``bq query --format=json``) without a zone (``2024-01-10 09:15:22``, converted from
the API's seconds since the epoch), so a time without a zone is taken as UTC.

A ``SELECT`` job whose ``destination_table`` (a RECORD of ``project_id``, ``dataset_id``,
``table_id``) is a table of the account wrote its rows into that table: how scheduled queries,
``bq query --destination_table`` and client libraries' ``QueryJobConfig(destination=...)``
write. Its line's text is the write it made, ``INSERT INTO `p.ds.t` BY NAME <query>`` (each
column of the result into its namesake: "WRITE_TRUNCATE ... uses the schema from the query
result", and WRITE_APPEND matches fields by name), its own text kept as ``submitted_query``.
The view does not say whether the job truncated or appended: either is that write. A
destination in a dataset whose name starts with ``_`` is the anonymous table BigQuery keeps a
query's results in (``_8b03.../anon...``, a script's ``_script...``), no table of the account:
such a job is the query it is.
"""

from __future__ import annotations

import json
from typing import Any, Mapping

from .format import LogFormat, RowError, extras, optional_text, per_row, required_text, status, utc_timestamp

STATES = {"DONE": "SUCCESS"}
UNFINISHED = ("PENDING", "RUNNING")
REQUIRED = ("job_id", "query", "user_email", "creation_time", "state")
_USED = (*REQUIRED, "parent_job_id", "project_id", "start_time", "error_result", "session_info")


def map_row(fields: Mapping[str, Any]) -> dict[str, Any]:
    """One exported job as a log line."""
    job_type = optional_text(fields, "job_type")
    if job_type is not None and job_type.upper() != "QUERY":
        raise RowError(f"job_type {job_type!r}: not a query job, it ran no SQL")
    if (optional_text(fields, "statement_type") or "").upper() == "SCRIPT":
        raise RowError("a script job (statement_type SCRIPT): its statements are the child jobs naming it in "
                       "parent_job_id, resolved on their own; the script itself is not resolved again")
    outcome = status(fields.get("state"), "state", STATES, unfinished=UNFINISHED)
    if _failed(fields.get("error_result")):
        outcome = "FAIL"
    started = fields.get("start_time") if fields.get("start_time") not in (None, "") else fields.get("creation_time")
    text = required_text(fields, "query")
    destination = (_destination(fields.get("destination_table"))
                   if (optional_text(fields, "statement_type") or "").upper() == "SELECT" else None)
    return {
        **extras(fields, _USED, ("query_id", "query_text", "query_start_time", "user_name", "parent_query_id",
                                 "account_name", "database_name", "schema_name", "role_name", "session_id")),
        **({"submitted_query": text} if destination else {}),
        "query_id": required_text(fields, "job_id"),
        "query_text": f"INSERT INTO `{destination}` BY NAME\n{text}" if destination else text,
        "query_start_time": utc_timestamp(started, "start_time"),
        "user_name": required_text(fields, "user_email"),
        "execution_status": outcome,
        "parent_query_id": optional_text(fields, "parent_job_id"),
        "database_name": optional_text(fields, "project_id"),
        "session_id": _session(fields.get("session_info")),
    }


def _session(session_info: Any) -> str | None:
    """The ``session_id`` of ``session_info``: a record (JSON, Parquet) or its JSON text (CSV); None outside a
    session (or a value that names none)."""
    if isinstance(session_info, str):
        try:
            session_info = json.loads(session_info) if session_info.strip() else None
        except ValueError:
            raise RowError(f"session_info {session_info[:80]!r}: not a record with session_id") from None
    found = session_info.get("session_id") if isinstance(session_info, Mapping) else None
    return str(found) if found not in (None, "") else None


def _destination(destination_table: Any) -> str | None:
    """``project.dataset.table`` of a job's ``destination_table``: a record (JSON, Parquet) or its JSON text (CSV);
    None without one, or for the anonymous table of a query's results (its dataset's name starts with ``_``).

    >>> _destination({"project_id": "p", "dataset_id": "ds", "table_id": "t$20240101"})
    'p.ds.t$20240101'
    >>> _destination('{"project_id": "p", "dataset_id": "_8b03", "table_id": "anon1"}') is None
    True
    """
    if isinstance(destination_table, str):
        try:
            destination_table = json.loads(destination_table) if destination_table.strip() else None
        except ValueError:
            raise RowError(f"destination_table {destination_table[:80]!r}: not a record of project_id, dataset_id "
                           "and table_id") from None
    if not isinstance(destination_table, Mapping):
        return None
    parts = [destination_table.get(key) for key in ("project_id", "dataset_id", "table_id")]
    if not all(isinstance(part, str) and part and "`" not in part for part in parts):
        return None
    return None if parts[1].startswith("_") else ".".join(parts)


def _failed(error_result: Any) -> bool:
    """Whether ``error_result`` reports an error: a record (JSON, Parquet) or its text (CSV)."""
    if isinstance(error_result, Mapping):
        return any(value not in (None, "") for value in error_result.values())
    return isinstance(error_result, str) and error_result.strip() not in ("", "null", "{}")


FORMAT = LogFormat(
    name="bigquery",
    title="BigQuery INFORMATION_SCHEMA.JOBS",
    dialect="bigquery",
    signature=frozenset({"job_id"}),
    required=REQUIRED,
    translate=per_row(map_row),
)
