"""The query-history formats the log reader knows, and the one rule that recognizes them.

One module per format (its documented columns, its status vocabulary, its mapping onto the
log line of CONTRACT section 1, its dialect); :data:`FORMATS` lists them. A new format is
one module and one entry here. :func:`recognize` picks a file's format from its columns:
of the formats whose signature columns the file has, the one with the most of its required
columns present and the fewest missing (a Snowflake export also has a ``query_id`` and a
``query_text``, like the platform's own log; a Snowflake export without its ``START_TIME``
is still a Snowflake export, one that lacks a column).

>>> recognize(["QUERY_ID", "QUERY_TEXT", "START_TIME", "EXECUTION_STATUS", "USER_NAME"]).name
'snowflake'
>>> recognize(["id", "sql"]) is None
True
"""

from __future__ import annotations

from typing import Iterable

from . import (bigquery, clickhouse, databricks, fabric, mariadb, mysql_general, native, postgres, redshift, snowflake,
               spark_thrift, trino)
from .format import LogFormat, Rejected, Row, RowError, lower_keys, zoned_timestamp

__all__ = ["FORMATS", "NATIVE", "LogFormat", "Rejected", "Row", "RowError", "by_name", "describe_needs",
           "lower_keys", "recognize", "zoned_timestamp"]

NATIVE = native.FORMAT
FORMATS: tuple[LogFormat, ...] = (
    NATIVE, snowflake.FORMAT, databricks.FORMAT, databricks.API, bigquery.FORMAT, trino.FORMAT, trino.KAFKA,
    postgres.JSONLOG, postgres.CSVLOG, redshift.FORMAT, fabric.FORMAT, clickhouse.FORMAT, mariadb.FORMAT,
    mysql_general.FORMAT, spark_thrift.FORMAT,
)


def recognize(columns: Iterable[str]) -> LogFormat | None:
    """The format of a file with these columns (case-insensitive), or None."""
    have = {str(name).lower() for name in columns}
    fitting = [f for f in FORMATS if f.signature <= have]
    if not fitting:
        return None
    return max(fitting, key=lambda f: (sum(1 if c in have else -1 for c in f.required), len(f.signature)))


def by_name(name: str) -> LogFormat:
    """The format declared as ``name`` (a ``ValueError`` naming the known ones otherwise)."""
    for log_format in FORMATS:
        if log_format.name == name.strip().lower():
            return log_format
    raise ValueError(f"unknown log format {name!r}; known formats: {[f.name for f in FORMATS]}")


def describe_needs() -> str:
    """What each known format needs, for the reason of a file that fits none."""
    return "; ".join(f"{f.title} ({f.name}): {f.missing(())}" for f in FORMATS)


def positional(width: int) -> LogFormat | None:
    """The format of a headerless CSV file whose rows have ``width`` fields (PostgreSQL's csvlog)."""
    for log_format in FORMATS:
        if log_format.positional and width in (23, 24, len(log_format.positional)):
            return log_format
    return None
