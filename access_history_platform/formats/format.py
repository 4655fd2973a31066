"""What a query-history format is: its columns, its dialect, and how its rows become log lines.

A :class:`LogFormat` turns the rows of one file (dicts keyed by the file's own column names,
lower-cased) into the log records of CONTRACT section 1. A row it cannot map comes out as a
:class:`Rejected` naming the rule it broke; the reader (:mod:`access_history_platform.logs`)
turns that into a bad line with its file and line. The helpers here are the rules every
format shares: a timestamp must carry its zone, a status must be one of the format's own
vocabulary.

>>> zoned_timestamp("2024-03-01 10:00:00.123 -0800", "START_TIME")
'2024-03-01T10:00:00.123000-08:00'
>>> zoned_timestamp("2024-03-01 10:00:00", "start_time")
Traceback (most recent call last):
...
access_history_platform.formats.format.RowError: start_time '2024-03-01 10:00:00' has no time zone: ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any, Callable, Iterable, Iterator, Mapping

#: One row of a file as a format reads it: its line number, its text, and its fields (or
#: a problem the container reader found, passed through as it is).
Row = tuple[int, str, Any]


class RowError(ValueError):
    """A row a format cannot map; the message is the rule it broke."""


@dataclass(frozen=True, slots=True)
class Rejected:
    """A row set aside by its format, with the rule it broke."""

    rule: str


@dataclass(frozen=True)
class LogFormat:
    """A query history as a warehouse exports it.

    ``signature``: the columns (lower case) a file must have to be taken for this format
    (:func:`~access_history_platform.formats.recognize` ranks the formats that fit).
    ``required``: the columns every file of it must have; ``either``: groups of columns of which a file must have
    one (a column a warehouse renamed between versions). ``positional``: the columns of a
    headerless CSV file (PostgreSQL's ``csvlog``), by position. ``dialect``: the SQL dialect
    of its statements (None: the account's). ``translate`` maps the file's rows, in file
    order, to log records (dicts) or :class:`Rejected`; it may hold state across rows (a
    PostgreSQL session's search path) and may emit a row later than it read it, never
    out of its file.
    """

    name: str
    title: str
    dialect: str | None
    signature: frozenset[str]
    required: tuple[str, ...]
    translate: Callable[[Iterable[Row]], Iterator[Row]]
    positional: tuple[str, ...] = ()
    either: tuple[tuple[str, ...], ...] = ()
    doc: str = field(default="", compare=False)
    #: JSON Lines whose text this matches at its start are no row of the format's: skipped undecoded (the task
    #: and stage events that make up most of a Spark event log)
    skipped: re.Pattern[str] | None = field(default=None, compare=False)

    def missing(self, columns: Iterable[str]) -> list[str]:
        """The required columns ``columns`` lacks (compared in lower case); of a group of :attr:`either`, all its
        names joined by "or"."""
        have = {name.lower() for name in columns}
        return [*(name for name in self.required if name not in have),
                *(" or ".join(group) for group in self.either if not have.intersection(group))]


def per_row(map_row: Callable[[Mapping[str, Any]], dict[str, Any]]) -> Callable[[Iterable[Row]], Iterator[Row]]:
    """A ``translate`` that maps each row on its own (the formats without state across rows)."""

    def translate(rows: Iterable[Row]) -> Iterator[Row]:
        for number, text, fields in rows:
            if not isinstance(fields, Mapping):
                yield number, text, fields
                continue
            try:
                yield number, text, map_row(fields)
            except RowError as err:
                yield number, text, Rejected(str(err))

    return translate


def lower_keys(fields: Mapping[str, Any]) -> dict[str, Any]:
    """``fields`` with lower-case keys (warehouses export QUERY_ID, query_id or Query_Id alike)."""
    return {str(key).lower(): value for key, value in fields.items()}


def required_text(fields: Mapping[str, Any], column: str) -> str:
    """The text of a required column: present, not null (blank text is the log line's rule to judge)."""
    value = fields.get(column)
    if value is None:
        raise RowError(f"missing required column '{column}'")
    return _text(value, column)


def optional_text(fields: Mapping[str, Any], column: str) -> str | None:
    """The text of an optional column, None when absent, null or empty (an empty CSV cell)."""
    value = fields.get(column)
    if value is None or value == "":
        return None
    return _text(value, column)


def _text(value: Any, column: str) -> str:
    """A column's value as text: a number (an id exported as one) as it is written; a list or an object is no text
    (``['select 1']`` would be read as SQL)."""
    if isinstance(value, str):
        return value
    if isinstance(value, (list, tuple, dict, bytes, bytearray)):
        raise RowError(f"column '{column}' holds {type(value).__name__ if not isinstance(value, dict) else 'an object'}"
                       f", not text")
    return str(value)


def status(value: Any, column: str, vocabulary: Mapping[str, str | None], *, unfinished: Iterable[str] = ()) -> str:
    """The contract's ``execution_status`` for a format's own status value (case-insensitive).

    ``vocabulary`` maps the format's values to SUCCESS / FAIL / INCIDENT; a value in
    ``unfinished`` (a statement still running when exported) and any other value are errors.
    """
    if not isinstance(value, str):
        raise RowError(f"{column} must be text (one of {sorted(vocabulary)}), got "
                       f"{'nothing' if value is None else type(value).__name__}")
    key = value.strip().upper()
    if key in vocabulary:
        return vocabulary[key]  # type: ignore[return-value]
    if key in unfinished:
        raise RowError(f"{column} {value!r}: the statement had not finished when the history was exported "
                       f"(export finished statements only)")
    raise RowError(f"{column} {value!r} is not one of {sorted(vocabulary)}")


_TIMESTAMP = re.compile(
    r"(?P<date>\d{4}-\d{2}-\d{2})[T ](?P<time>\d{2}:\d{2}(?::\d{2})?)(?:\.(?P<fraction>\d+))?"
    r"\s*(?P<zone>Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?")


def zoned_timestamp(value: Any, column: str, shown: str | None = None) -> str:
    """``value`` as an ISO-8601 timestamp with its UTC offset; an error when it has no zone.

    Accepts ISO text (``T`` or a space), a numeric offset (``+01``, ``+0100``, ``+01:00``),
    ``Z``, ``UTC`` or ``GMT`` (as Snowflake, BigQuery and PostgreSQL print them), and an
    aware ``datetime`` (a Parquet timestamp adjusted to UTC). A time without a zone is
    ambiguous (the exporting session's time zone is not in the file) and is refused, as
    is a zone abbreviation other than UTC/GMT (``CET``: set the export's zone to UTC), and a
    time no calendar has. A message quotes ``shown`` (the text as the export wrote it) for ``value``.

    >>> zoned_timestamp("2026-13-40 01:00:00.000 -0800", "START_TIME")
    Traceback (most recent call last):
    ...
    access_history_platform.formats.format.RowError: START_TIME '2026-13-40 01:00:00.000 -0800' is no time of the calendar (month must be in 1..12)
    """
    if isinstance(value, datetime):
        if value.tzinfo is None:
            raise RowError(f"{column} {value.isoformat()!r} has no time zone (a Parquet timestamp not adjusted "
                           "to UTC): export it as TIMESTAMP WITH TIME ZONE or as text with its offset")
        return value.isoformat()
    if not isinstance(value, str):
        raise RowError(f"{column} must be a timestamp with its time zone, got {type(value).__name__}")
    quoted = repr(value if shown is None else shown)
    match = _TIMESTAMP.fullmatch(value.strip())
    if match is None:
        raise RowError(f"{column} {quoted} is not a timestamp with a time zone this reader knows (ISO-8601 with "
                       "an offset, Z, UTC or GMT)")
    if match["zone"] is None:
        raise RowError(f"{column} {quoted} has no time zone: export timestamps with their offset or in UTC")
    time = match["time"] if match["time"].count(":") == 2 else match["time"] + ":00"
    fraction = f".{(match['fraction'] + '000000')[:6]}" if match["fraction"] else ""
    zone = match["zone"]
    offset = "+00:00" if zone in ("Z", "UTC", "GMT") else _offset(zone)
    written = f"{match['date']}T{time}{fraction}{offset}"
    try:
        datetime.fromisoformat(written)
    except ValueError as err:  # February 30th, month 13, hour 25
        raise RowError(f"{column} {quoted} is no time of the calendar ({err})") from None
    return written


def utc_timestamp(value: Any, column: str) -> str:
    """``value`` as an ISO-8601 timestamp, a time without a zone taken as UTC (Redshift's system views' times, Fabric's
    query insights', BigQuery's as ``bq`` writes them).

    >>> utc_timestamp("2026-11-16 09:00:01.123456", "start_time")
    '2026-11-16T09:00:01.123456+00:00'
    >>> utc_timestamp("2026-11-16T10:00:00+01:00", "start_time")
    '2026-11-16T10:00:00+01:00'
    >>> utc_timestamp("2026-02-30 09:00:00", "start_time")
    Traceback (most recent call last):
    ...
    access_history_platform.formats.format.RowError: start_time '2026-02-30 09:00:00' is no time of the calendar (day is out of range for month)
    """
    if isinstance(value, datetime):
        return (value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)).isoformat()
    try:
        return zoned_timestamp(value, column)
    except RowError:
        if not isinstance(value, str):
            raise
    if _TIMESTAMP.fullmatch(f"{value.strip()} UTC") is None:
        raise RowError(f"{column} {value!r} is not a timestamp this reader knows (ISO-8601, with its offset, Z, UTC or "
                       "GMT, or without a zone: UTC)")
    return zoned_timestamp(f"{value.strip()} UTC", column, shown=value)


def _offset(zone: str) -> str:
    digits = zone[1:].replace(":", "")
    return f"{zone[0]}{digits[:2]}:{digits[2:4] or '00'}"


def extras(fields: Mapping[str, Any], used: Iterable[str], log_fields: Iterable[str]) -> dict[str, Any]:
    """The row's other non-empty columns, kept as extra fields of its log line (never one of its own fields)."""
    skip = {*used, *log_fields}
    return {key: value for key, value in fields.items() if key not in skip and value not in (None, "")}
