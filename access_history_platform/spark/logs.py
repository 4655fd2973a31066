"""Raw log files as Arrow rows: every line validated, good and bad side by side.

:func:`parse_log_files` is the batch function Spark runs over rows naming the day's log
files (``path``): each worker opens its files by path (through fsspec) and reads them as a
stream with the engine's one reader (:func:`~access_history_platform.logs.log_entries`,
the reader ``ahp resolve`` uses), yielding rows of :func:`parsed_lines_schema`. A bad line,
a truncated file or a line of another day or account comes out as a ``bad`` row with its
file, line and reason, never dropped.

Reading files inside a worker (rather than Spark's text reader) keeps exact line numbers
and makes a corrupt file a quarantined line instead of a failed job; reading them as
streams (rather than as Spark's ``binaryFile`` values, one value per file) keeps a
worker's memory bounded by the size limits (:class:`~access_history_platform.logs.Limits`)
and lets a file be bigger than the 2 GiB a binary value holds. What a file can hold and
what comes out:

- a line that is not UTF-8 or not JSON (or JSON nested too deeply, or a number too long to
  convert), not an object, that lacks, mistypes or leaves blank a required field, or whose
  timestamp is out of range: one ``bad`` row with its line;
- a line over ``AHP_MAX_LINE_BYTES``: one ``bad`` row holding its start; the file's text
  past ``AHP_MAX_FILE_BYTES``: one ``bad`` row for all of it, after the lines before it;
- a gzip file cut short or corrupt: its lines before the cut, then one ``bad`` row naming
  the file and the line where it broke, holding the partial line's text;
- a CSV or Parquet file that no known format fits, or that lacks a required column of its
  format, or a file of a format whose dialect is not the account's: one ``bad`` row for
  the whole file (``line`` 0), naming its columns and what is missing; a Parquet file
  that cannot be read, or breaks after some rows, likewise after the rows it gave;
- a JSON document (an array of rows, an API's response; :mod:`~access_history_platform.json_documents`) that
  breaks: its rows before the break, numbered by their place in the file, then one ``bad`` row for the rest;
- an empty file (no bytes, only blank lines, an empty gzip stream, a Parquet file of no
  rows): nothing.

>>> import io
>>> rows = list(log_rows("q.jsonl", io.BytesIO(b'{"query_id": "q1"}\\n'), account="A", day=date(2024, 3, 1)))
>>> rows[0]["kind"], rows[0]["line"], rows[0]["reason"]
('bad', 1, "missing required field 'query_text'; missing required field 'query_start_time'; \
missing required field 'user_name'")
"""

from __future__ import annotations

import io
import json
import re
from datetime import date
from typing import IO, Any, Callable, Iterable, Iterator

import pyarrow as pa

from ..errors import InputError
from ..logs import LOG_FILE_SUFFIXES, BadLine, Limits, log_entries  # noqa: F401 (LOG_FILE_SUFFIXES: re-exported)
from ..records import LogLine
from ..resolve import changes_catalog, expand_line
from ..sql.transactions import TRANSACTIONAL_DDL
from ..sql.variables import may_assign
from .records import TIMESTAMP

__all__ = [
    "LOG_COLUMNS",
    "LOG_FILE_SUFFIXES",
    "StoredLine",
    "BLOCK_BOUND",
    "BLOCK_START",
    "batched",
    "line_changes_catalog",
    "log_rows",
    "parse_log_files",
    "parsed_lines_schema",
    "replayed_rows",
    "row_to_line",
    "stored_lines_schema",
]

#: The fields of CONTRACT section 1, in the order the tables store them.
LOG_COLUMNS = (
    "query_id", "query_text", "query_start_time", "user_name", "role_name", "execution_status",
    "database_name", "schema_name", "parent_query_id", "account_name", "session_id",
)
_TEXT = pa.string()
_ROWS_PER_BATCH = 2048
#: Text bytes per Arrow batch at most: a string column holds at most 2 GiB per batch, and
#: statements of a megabyte and more occur (generated INSERTs, long IN lists).
BYTES_PER_BATCH = 64 * 1024 * 1024


def parsed_lines_schema() -> pa.Schema:
    """Rows :func:`parse_log_files` yields: ``kind`` is ``line`` (valid) or ``bad`` (with ``reason``)."""
    return pa.schema([
        ("kind", _TEXT), ("file", _TEXT), ("line", pa.int64()),
        *[(name, TIMESTAMP if name == "query_start_time" else _TEXT) for name in LOG_COLUMNS],
        ("extra", _TEXT), ("changes_catalog", pa.bool_()), ("reason", _TEXT), ("text", _TEXT),
    ])


def stored_lines_schema() -> pa.Schema:
    """The ``raw_query_logs`` table: valid lines, where they came from, and their place in the log."""
    parsed = parsed_lines_schema()
    return pa.schema([
        *(parsed.field(name) for name in LOG_COLUMNS),
        parsed.field("extra"), parsed.field("file"), parsed.field("line"),
        pa.field("log_position", pa.int64()), parsed.field("changes_catalog"),
    ])


def parse_log_files(batches: Iterable[pa.RecordBatch], *, account: str, day: date, dialect: str = "snowflake",
                    limits: Limits | None = None, log_format: str | None = None) -> Iterator[pa.RecordBatch]:
    """Spark batch function: rows naming log files (``path``) in, validated lines out.

    Each file is opened by its path and read as a stream; rows that carry the file's bytes
    too (``content``, as Spark's ``binaryFile`` source gives them) are read from those.
    ``log_format`` is the account's declared format (None: each file's is recognized).
    """
    schema = parsed_lines_schema()
    limits = limits or Limits.from_env()

    def rows() -> Iterator[dict[str, Any]]:
        for batch in batches:
            contents = batch.column("content").to_pylist() if "content" in batch.schema.names else None
            for index, path in enumerate(batch.column("path").to_pylist()):
                content = io.BytesIO(contents[index]) if contents is not None else None
                yield from log_rows(path, content, account=account, day=day, dialect=dialect, limits=limits,
                                    log_format=log_format)

    for chunk in batched(rows(), _ROWS_PER_BATCH, max_bytes=BYTES_PER_BATCH, weigh=_text_bytes):
        yield pa.RecordBatch.from_pylist(chunk, schema=schema)


def log_rows(file: str, content: bytes | IO[bytes] | None = None, *, account: str, day: date,
             dialect: str = "snowflake", limits: Limits | None = None,
             log_format: str | None = None) -> Iterator[dict[str, Any]]:
    """Each line of one log file as a row of :func:`parsed_lines_schema` (none for an empty file).

    ``content`` is the file's bytes or a stream of them; without it the file is opened by
    its path (or URI). A name without a log file's suffix is one ``bad`` row (line 0), and
    so is a file whose format's dialect is not ``dialect``, the account's.
    """
    if not file.lower().endswith(LOG_FILE_SUFFIXES):
        yield _bad_row(file, 0, f"not a log file: the name must end with one of {list(LOG_FILE_SUFFIXES)}", "")
        return
    if isinstance(content, (bytes, bytearray)):
        content = io.BytesIO(content)
    try:
        for number, text, item in log_entries(file, content, limits=limits, log_format=log_format, dialect=dialect):
            if isinstance(item, BadLine):
                yield _bad_row(item.file, item.line, item.rule, item.text or text)
                continue
            problem = _partition_problem(item, account, day)
            if problem:
                yield _bad_row(file, number, problem, text.rstrip("\n"))
            else:
                yield _line_row(item, file, number, account, dialect)
    except InputError as err:  # gone since it was listed, or not readable (permissions): set aside, the day goes on
        yield _bad_row(file, 0, err.problem, "")


def row_to_line(row: dict[str, Any]) -> LogLine:
    """A stored log row (of ``raw_query_logs``) back as the engine's :class:`LogLine`."""
    data = {name: row[name] for name in LOG_COLUMNS if row.get(name) is not None}
    if row.get("extra"):
        data = {**json.loads(row["extra"]), **data}
    return LogLine.model_validate(data)


class StoredLine:
    """What the resolver reads of a stored log row (``raw_query_logs``), as :func:`expand_line` takes it.

    The row was validated as a :class:`LogLine` when it was stored; the workers, which read
    every row of a day, take its fields as they are instead of validating them again
    (:func:`row_to_line` does, and keeps the extra fields too).
    """

    __slots__ = ("query_id", "query_text", "query_start_time", "user_name", "execution_status", "database_name",
                 "schema_name", "parent_query_id", "account_name", "session_id")

    def __init__(self, row: dict[str, Any]) -> None:
        self.query_id, self.query_text = row["query_id"], row["query_text"]
        self.query_start_time, self.user_name = row["query_start_time"], row["user_name"]
        self.execution_status = row["execution_status"]
        self.database_name, self.schema_name = row.get("database_name"), row.get("schema_name")
        self.parent_query_id, self.account_name = row.get("parent_query_id"), row.get("account_name")
        self.session_id = row.get("session_id")


#: The stored columns the resolving workers read (:class:`StoredLine`, the line's place and origin): the
#: rest (``role_name``, ``extra``, ``changes_catalog``) is neither shuffled nor converted.
RESOLVER_COLUMNS = (*StoredLine.__slots__, "log_position", "file", "line")


def line_changes_catalog(line: LogLine, dialect: str = "snowflake") -> bool:
    """Whether any statement of the line may change the catalog (the same split the resolver makes), or the line
    sets variables of its session, which its session's later lines may name objects by: the lines
    every task of the day replays in log order before and among its own (the ``changes_catalog`` column)."""
    statements = expand_line(line, 0, {}, dialect=dialect)
    return (any(s.successful and changes_catalog(s.text, dialect) for s in statements)
            or (bool(line.session_id) and any(s.successful and may_assign(s.text, dialect) for s in statements)))


#: White space as the resolver reads it before a statement (Python's ``str.isspace``: its statement split strips it,
#: so a ``BEGIN`` after a no-break space is a ``BEGIN``), written out so that Java's regexes read it as Python's do
#: (Java's ``\s`` is ASCII's).
SPACE = r"[\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]"
#: A line holding a statement of a transaction block's bounds (``BEGIN``, ``COMMIT``, ``ROLLBACK [TO SAVEPOINT]``,
#: ``PREPARE TRANSACTION`` ..., first or after a ``;``, after white space and comments), through which a session's
#: catalog changes (:mod:`~access_history_platform.sql.transactions`) and a PostgreSQL or Redshift session's search
#: path (:mod:`~access_history_platform.sql.search_paths`) move. Read alike by Spark's
#: ``rlike`` and Python's ``re`` with ``re.ASCII`` (Java's ``\b`` and ``(?i)`` are ASCII's): :func:`replayed_rows`,
#: :func:`~access_history_platform.spark.day.with_replayed`. A line it takes in vain costs time, never a record.
BLOCK_BOUND = (rf"(?i)(?:^|;)(?:{SPACE}|--[^\n]*+\n|/\*[\s\S]*?\*/)*+"
               r"(?:begin|start|commit|end|rollback|abort|savepoint|release|prepare)\b")
#: A line that opens a transaction block (its first statement ``BEGIN`` or ``START``): it numbers its session's
#: blocks, whose bounds are read only where the catalog or the search path may move (:func:`replayed_rows`).
BLOCK_START = rf"(?i)^(?:{SPACE}|--[^\n]*+\n|/\*[\s\S]*?\*/)*+(?:begin|start)\b"


def replayed_rows(rows: list[dict[str, Any]], dialect: str) -> list[dict[str, Any]]:
    """The stored rows every task of the day (and the day's catalog replay) reads besides its own, as
    :func:`~access_history_platform.spark.day.with_replayed` selects them in Spark: those that may change the
    catalog or their session (``changes_catalog``); where DDL is transactional (:data:`.sql.transactions.
    TRANSACTIONAL_DDL`: PostgreSQL, Redshift, DuckDB, SQLite), also the bounds (:data:`BLOCK_BOUND`) and the failures
    (which abort a block) of each transaction block in which such a line ran (its ROLLBACK undoes the block's DDL; a
    ``SET LOCAL`` of the search path lasts until its block's ``COMMIT``, a ``SET`` rolled back is undone), and of the
    block after it (a block opened twice, a ``COMMIT; BEGIN``): a session's blocks numbered by the lines that open
    one (:data:`BLOCK_START`). Another block leaves the catalog and the path as it found them."""
    if dialect not in TRANSACTIONAL_DDL:
        return [row for row in rows if row["changes_catalog"]]
    bound, start = (re.compile(pattern, re.ASCII) for pattern in (BLOCK_BOUND, BLOCK_START))
    blocks: dict[str, int] = {}
    numbered = []  # (row, its session's block)
    for row in sorted(rows, key=lambda row: row["log_position"]):
        session = row["session_id"]
        if session and start.search(row["query_text"]):
            blocks[session] = blocks.get(session, 0) + 1
        numbered.append((row, blocks.get(session, 0)))
    moved = {(row["session_id"], block + after) for row, block in numbered for after in (0, 1)
             if row["changes_catalog"] and row["session_id"]}
    return [row for row, block in numbered if row["changes_catalog"] or (row["session_id"], block) in moved and (
        row["execution_status"] != "SUCCESS" or bound.search(row["query_text"]) is not None)]


def batched(items: Iterable[Any], size: int, *, max_bytes: int | None = None,
            weigh: Callable[[Any], int] | None = None) -> Iterator[list[Any]]:
    """``items`` in lists of ``size`` (the last one shorter); nothing for no items.

    With ``max_bytes`` and ``weigh``, a list also ends once its items weigh ``max_bytes``
    (so one item heavier than that still comes out, alone).

    >>> list(batched(["a", "bb", "ccc", "d"], 3, max_bytes=3, weigh=len))
    [['a', 'bb'], ['ccc'], ['d']]
    """
    chunk: list[Any] = []
    weight = 0
    for item in items:
        chunk.append(item)
        weight += weigh(item) if weigh is not None else 0
        if len(chunk) >= size or (max_bytes is not None and weight >= max_bytes):
            yield chunk
            chunk, weight = [], 0
    if chunk:
        yield chunk


def text_bytes(row: dict[str, Any], columns: Iterable[str]) -> int:
    """About how many bytes the text ``columns`` of ``row`` take in an Arrow batch."""
    return sum(len(value) for name in columns if isinstance(value := row.get(name), str))


def _text_bytes(row: dict[str, Any]) -> int:
    return text_bytes(row, ("query_text", "text", "extra"))


# --------------------------------------------------------------------------- rows


def _partition_problem(line: LogLine, account: str, day: date) -> str | None:
    if line.query_start_time.date() != day:
        return (f"query_start_time {line.query_start_time.isoformat()} is outside the partition's day "
                f"{day.isoformat()} (UTC)")
    if line.account_name is not None and line.account_name.upper() != account.upper():
        return f"account_name {line.account_name!r} does not match the landing folder's account {account!r}"
    return None


def _line_row(line: LogLine, file: str, number: int, account: str, dialect: str) -> dict[str, Any]:
    data = line.model_dump()
    extra = {key: value for key, value in data.items() if key not in LOG_COLUMNS}
    row = {name: data.get(name) for name in LOG_COLUMNS}
    row.update(
        kind="line", file=file, line=number, account_name=account,
        extra=json.dumps(extra, default=str, sort_keys=True) if extra else None,
        changes_catalog=line_changes_catalog(line, dialect), reason=None, text=None,
    )
    return row


def _bad_row(file: str, number: int, reason: str, text: str) -> dict[str, Any]:
    return {"kind": "bad", "file": file, "line": number, "reason": reason, "text": text}
