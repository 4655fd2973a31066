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
a second time. ``project_id`` is the session's database (BigQuery's project). The view has
no column of the job's default dataset (where a one-part table name is), so a line has a schema only when the
job's tables say which it was: every table it read (``referenced_tables``, "Array of tables referenced by the job",
complete below 50) and wrote (``destination_table``; ``ddl_target_table`` where the export has it) that is no query
result's anonymous table is in one dataset of the job's project, which every one-part name of a table it named must
then be in; tables of two datasets, or none (a cached result), leave it out, and such names are named as written.
Timestamps are UTC: a ``TIMESTAMP`` is
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
#: "Queries that reference more than 50 tables will not have a complete list" (the API's referencedTables)
COMPLETE_BELOW = 50


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
        "schema_name": _default_dataset(fields),
        "session_id": _session(fields.get("session_info")),
    }


def _default_dataset(fields: Mapping[str, Any]) -> str | None:
    """The dataset of the job's project that every table the job read and wrote is in (see the module's text), else
    None.

    >>> table = lambda dataset, name: {"project_id": "p", "dataset_id": dataset, "table_id": name}
    >>> _default_dataset({"project_id": "p", "referenced_tables": [table("ds", "a"), table("ds", "b")],
    ...                   "destination_table": table("_8b03", "anon1")})
    'ds'
    >>> _default_dataset({"project_id": "p", "referenced_tables": [table("ds", "a")], "ddl_target_table": table("x", "b")})
    >>> _default_dataset({"project_id": "q", "referenced_tables": '[{"project_id": "p", "dataset_id": "ds", "table_id": "a"}]'})
    """
    tables = _references(fields.get("referenced_tables"), "referenced_tables")
    if tables is None or len(tables) >= COMPLETE_BELOW:
        return None
    for key in ("destination_table", "ddl_target_table"):
        written = _reference(fields.get(key), key)
        if written is not None:
            tables.append(written)
    datasets = {(project, dataset) for project, dataset, _ in tables if not dataset.startswith("_")}
    if len(datasets) != 1:
        return None
    ((project, dataset),) = datasets
    return dataset if project == optional_text(fields, "project_id") else None


def _references(value: Any, column: str) -> list[tuple[str, str, str]] | None:
    """The tables of an array of ``project_id``, ``dataset_id``, ``table_id`` records (JSON, Parquet) or its JSON
    text (CSV); None for none."""
    if isinstance(value, str):
        try:
            value = json.loads(value) if value.strip() else None
        except ValueError:
            raise RowError(f"{column} {value[:80]!r}: not an array of records of project_id, dataset_id and "
                           "table_id") from None
    if not isinstance(value, (list, tuple)) or not value:
        return None
    return [found for found in (_reference(item, column) for item in value) if found is not None]


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
    parts = _reference(destination_table, "destination_table")
    return None if parts is None or parts[1].startswith("_") else ".".join(parts)


def _reference(table: Any, column: str) -> tuple[str, str, str] | None:
    """A record of ``project_id``, ``dataset_id`` and ``table_id`` (or its JSON text) as its three names; None
    without one or with a name missing."""
    if isinstance(table, str):
        try:
            table = json.loads(table) if table.strip() else None
        except ValueError:
            raise RowError(f"{column} {table[:80]!r}: not a record of project_id, dataset_id and table_id") from None
    if not isinstance(table, Mapping):
        return None
    project, dataset, name = (table.get(key) for key in ("project_id", "dataset_id", "table_id"))
    if not all(isinstance(part, str) and part and "`" not in part for part in (project, dataset, name)):
        return None
    return project, dataset, name


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
