"""ClickHouse's query log ``system.query_log``, exported as it is (JSONEachRow, CSVWithNames or Parquet).

Columns (https://clickhouse.com/docs/operations/system-tables/query_log): ``type`` (``QueryStart``,
``QueryFinish``, ``ExceptionBeforeStart``, ``ExceptionWhileProcessing``; in Parquet the enum's numbers 1-4),
``query_id``, ``query``, ``user``, ``current_database``, ``query_start_time_microseconds`` (or ``query_start_time``,
to the second), ``is_initial_query``, ``initial_query_id``, ``exception``, ``query_kind``, ``tables``, ``columns``
... A query has two rows: ``QueryStart`` when it starts and one that says how it ended. ``QueryFinish`` is
``SUCCESS``, both exceptions ``FAIL`` (kept, never recorded); a ``QueryStart`` row is set aside with that reason
(export ``WHERE type != 'QueryStart'``), and so is the flush of asynchronous inserts (``query_kind``
``AsyncInsertFlush``: each insert is a query of its own). ``current_database`` is the session's current database,
which is the schema of a ClickHouse name (``db.t``, two parts: the dialect's rule). A query a server ran for another (a
distributed query's part on a shard: ``is_initial_query`` 0) is a child of the query that started it
(``initial_query_id``). The times are the server's, written without a zone unless the export asks for ISO-8601
(``date_time_output_format = 'iso'``, UTC with a ``Z``; a Parquet export's times are UTC already): a time without
one is set aside as ambiguous. The log keeps an ``INSERT``'s text up to its rows (``INSERT INTO t VALUES ``): the
dialect reads it as the write of the table's columns. A query longer than the server's ``log_queries_cut_to_length``
is logged cut, ending ``... (truncated N characters)``: its line is set aside, saying so. The dialect is
``clickhouse``.
"""

from __future__ import annotations

import re
from typing import Any, Mapping

from .format import LogFormat, RowError, extras, optional_text, per_row, required_text, status, zoned_timestamp

TYPES = {"QUERYFINISH": "SUCCESS", "EXCEPTIONBEFORESTART": "FAIL", "EXCEPTIONWHILEPROCESSING": "FAIL"}
#: The enum's numbers, as a Parquet export writes them.
_NUMBERED = {1: "QueryStart", 2: "QueryFinish", 3: "ExceptionBeforeStart", 4: "ExceptionWhileProcessing"}
REQUIRED = ("query_id", "query", "type", "user")
#: What the server writes in place of the rest of a query longer than ``log_queries_cut_to_length``.
_CUT = re.compile(r"\.\.\. \(truncated (?P<cut>\d+) characters\)\Z")
STARTS = ("query_start_time_microseconds", "query_start_time")
_USED = (*REQUIRED, *STARTS, "current_database", "is_initial_query", "initial_query_id")


def map_row(fields: Mapping[str, Any]) -> dict[str, Any]:
    """One exported row as a log line."""
    fields = {key: _text_of_bytes(value) for key, value in fields.items()}
    kind = fields.get("type")
    kind = _NUMBERED.get(int(kind), kind) if isinstance(kind, int) or (isinstance(kind, str) and kind.isdigit()) \
        else kind
    if isinstance(kind, str) and kind.strip().upper() == "QUERYSTART":
        raise RowError("type 'QueryStart': a query's start, whose QueryFinish or Exception row says how it ended "
                       "(export WHERE type != 'QueryStart')")
    if str(fields.get("query_kind") or "").strip() == "AsyncInsertFlush":
        raise RowError("query_kind 'AsyncInsertFlush': the server's flush of asynchronous inserts, each of which is "
                       "logged as a query of its own")
    query_id = required_text(fields, "query_id")
    cut = _CUT.search(required_text(fields, "query"))
    if cut is not None:
        raise RowError(f"the server logged the query cut, {cut['cut']} characters left out (its "
                       "log_queries_cut_to_length, 100000 bytes by default): raise the setting to log whole "
                       "statements; a cut statement is set aside rather than resolved as a shorter one")
    initial = optional_text(fields, "initial_query_id")
    secondary = str(fields.get("is_initial_query")).strip().lower() in ("0", "false")
    started = next((column for column in STARTS if fields.get(column) not in (None, "")), STARTS[0])
    return {
        **extras(fields, _USED, ("query_id", "query_text", "query_start_time", "user_name", "parent_query_id",
                                 "account_name", "database_name", "schema_name", "role_name", "session_id",
                                 "execution_status")),
        "query_id": query_id,
        "query_text": required_text(fields, "query"),
        "query_start_time": _start(fields.get(started), started),
        "user_name": required_text(fields, "user"),
        "execution_status": status(kind, "type", TYPES),
        "database_name": optional_text(fields, "current_database"),
        "parent_query_id": initial if secondary and initial not in (None, query_id) else None,
    }


def _text_of_bytes(value: Any) -> Any:
    """A Parquet export's bytes as text: ClickHouse writes an enum (``type``, ``interface``) as bytes; an address
    (``FixedString``, IPv6) that is no UTF-8 as its hexadecimal digits."""
    if not isinstance(value, (bytes, bytearray)):
        return value
    try:
        return value.decode()
    except UnicodeDecodeError:
        return value.hex()


def _start(value: Any, column: str) -> str:
    try:
        return zoned_timestamp(value, column)
    except RowError as err:
        if "no time zone" not in str(err):
            raise
        raise RowError(f"{err} (ClickHouse writes the server's local time without its zone: export with SETTINGS "
                       "date_time_output_format = 'iso')") from None


FORMAT = LogFormat(
    name="clickhouse",
    title="ClickHouse system.query_log",
    dialect="clickhouse",
    signature=frozenset({"query_id", "query", "current_database"}),
    required=REQUIRED,
    either=(STARTS,),
    translate=per_row(map_row),
)
