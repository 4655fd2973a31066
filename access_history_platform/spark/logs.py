"""Raw log files as Arrow rows: every line validated, good and bad side by side.

:func:`parse_log_files` is the batch function Spark runs over ``binaryFile`` rows (``path``,
``content``): it reads JSON Lines (plain or gzip) and Parquet with the engine's validation
(:func:`~access_history_platform.logs.parse_log_line`,
:func:`~access_history_platform.logs.validate_log_record`) and yields rows of
:func:`parsed_lines_schema`. A bad line, a truncated file or a line of another day or
account comes out as a ``bad`` row with its file, line and reason, never dropped.

Reading whole files inside a worker (rather than Spark's text reader) keeps exact line
numbers and makes a corrupt file a quarantined line instead of a failed job. What a file
can hold and what comes out:

- a line that is not JSON (or JSON nested too deeply, or a number too long to convert), not
  an object, or that lacks or mistypes a required field: one ``bad`` row with its line;
- a gzip file cut short or corrupt: its lines before the cut, then one ``bad`` row naming
  the file and the line where it broke, holding the partial line's text;
- a Parquet file without the log's required columns: one ``bad`` row for the whole file
  (``line`` 0), naming the columns it lacks and how many rows it set aside; a Parquet file
  that cannot be read, or breaks after some rows, likewise after the rows it gave;
- an empty file (no bytes, only blank lines, an empty gzip stream, a Parquet file of no
  rows): nothing.

>>> rows = list(log_rows("q.jsonl", b'{"query_id": "q1"}\\n', account="A", day=date(2024, 3, 1)))
>>> rows[0]["kind"], rows[0]["line"], rows[0]["reason"]
('bad', 1, "missing required field 'query_text'; missing required field 'query_start_time'; \
missing required field 'user_name'")
"""

from __future__ import annotations

import gzip
import io
import json
import zlib
from dataclasses import dataclass
from datetime import date
from functools import partial
from typing import Any, Callable, Iterable, Iterator

import pyarrow as pa
import pyarrow.parquet as pq

from ..logs import BadLine, parse_log_line, validate_log_record
from ..records import LogLine
from ..resolve import changes_catalog, expand_line
from .records import TIMESTAMP

__all__ = [
    "LOG_COLUMNS",
    "LOG_FILE_SUFFIXES",
    "StoredLine",
    "batched",
    "line_changes_catalog",
    "log_rows",
    "parse_log_files",
    "parsed_lines_schema",
    "row_to_line",
    "stored_lines_schema",
]

#: File names the landing zone's reader accepts.
LOG_FILE_SUFFIXES = (".jsonl", ".jsonl.gz", ".parquet")
#: The fields of CONTRACT section 1, in the order the tables store them.
LOG_COLUMNS = (
    "query_id", "query_text", "query_start_time", "user_name", "role_name", "execution_status",
    "database_name", "schema_name", "parent_query_id", "account_name", "session_id",
)
#: The fields a line must have (CONTRACT section 1): a Parquet file without one of these
#: columns is set aside as a whole.
REQUIRED_COLUMNS = ("query_id", "query_text", "query_start_time", "user_name")
_TEXT = pa.string()
_ROWS_PER_BATCH = 2048
#: Text bytes per Arrow batch at most: a string column holds at most 2 GiB per batch, and
#: statements of a megabyte and more occur (generated INSERTs, long IN lists).
BYTES_PER_BATCH = 64 * 1024 * 1024
_GZIP_CHUNK = 1024 * 1024


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


def parse_log_files(batches: Iterable[pa.RecordBatch], *, account: str, day: date,
                    dialect: str = "snowflake") -> Iterator[pa.RecordBatch]:
    """Spark batch function: ``binaryFile`` rows (``path``, ``content``) in, validated lines out."""
    schema = parsed_lines_schema()

    def rows() -> Iterator[dict[str, Any]]:
        for batch in batches:
            for path, content in zip(batch.column("path").to_pylist(), batch.column("content").to_pylist()):
                yield from log_rows(path, content, account=account, day=day, dialect=dialect)

    for chunk in batched(rows(), _ROWS_PER_BATCH, max_bytes=BYTES_PER_BATCH, weigh=_text_bytes):
        yield pa.RecordBatch.from_pylist(chunk, schema=schema)


def log_rows(file: str, content: bytes, *, account: str, day: date,
             dialect: str = "snowflake") -> Iterator[dict[str, Any]]:
    """Each line of one log file as a row of :func:`parsed_lines_schema` (none for an empty file)."""
    if not content:
        return
    for number, text, item in _file_items(file, content):
        if isinstance(item, BadLine):
            yield _bad_row(item.file, item.line, item.rule, item.text or text)
            continue
        problem = _partition_problem(item, account, day)
        if problem:
            yield _bad_row(file, number, problem, text)
        else:
            yield _line_row(item, file, number, account, dialect)


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
                 "schema_name", "parent_query_id", "account_name")

    def __init__(self, row: dict[str, Any]) -> None:
        self.query_id, self.query_text = row["query_id"], row["query_text"]
        self.query_start_time, self.user_name = row["query_start_time"], row["user_name"]
        self.execution_status = row["execution_status"]
        self.database_name, self.schema_name = row.get("database_name"), row.get("schema_name")
        self.parent_query_id, self.account_name = row.get("parent_query_id"), row.get("account_name")


def line_changes_catalog(line: LogLine, dialect: str = "snowflake") -> bool:
    """Whether any statement of the line may change the catalog (the same split the resolver makes)."""
    statements = expand_line(line, 0, {}, dialect=dialect)
    return any(s.successful and changes_catalog(s.text, dialect) for s in statements)


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


# --------------------------------------------------------------------------- files


def _file_items(file: str, content: bytes) -> Iterator[tuple[int, str, LogLine | BadLine]]:
    reader = _reader_for(file)
    if reader is None:
        yield 0, "", BadLine(file, 0, f"not a log file: the name must end with one of {list(LOG_FILE_SUFFIXES)}")
        return
    yield from reader(file, content)


def _reader_for(file: str) -> Callable[[str, bytes], Iterator[tuple[int, str, LogLine | BadLine]]] | None:
    name = file.lower()
    if name.endswith(".jsonl.gz"):
        return partial(_json_lines, compressed=True)
    if name.endswith(".jsonl"):
        return partial(_json_lines, compressed=False)
    if name.endswith(".parquet"):
        return _parquet_rows
    return None


def _json_lines(file: str, content: bytes, *, compressed: bool) -> Iterator[tuple[int, str, LogLine | BadLine]]:
    for number, raw in enumerate(_gunzipped_lines(content) if compressed else io.BytesIO(content), start=1):
        if isinstance(raw, _Cut):
            partial_line = "; the entry's text is the partial line it breaks off in" if raw.tail else ""
            yield number, "", BadLine(file, number, f"the file is truncated or corrupt after line {number - 1} "
                                                    f"({raw.problem}){partial_line}", raw.tail.decode("utf-8", "replace"))
            return
        try:  # decoded line by line: one bad byte costs one line, not the file
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            yield number, "", BadLine(file, number, f"not UTF-8 text: {err.reason}",
                                      raw.decode("utf-8", "replace").rstrip("\n"))
            continue
        if text.strip():
            # JSON beyond the decoder's limits is a bad line there too
            yield number, text.rstrip("\n"), parse_log_line(text, file, number)


@dataclass(frozen=True, slots=True)
class _Cut:
    """Where a gzip stream broke: the partial line it ended on, and why."""

    tail: bytes
    problem: str


def _gunzipped_lines(content: bytes) -> Iterator[bytes | _Cut]:
    """The lines of a gzip file (every member), each with its newline; a :class:`_Cut` last if it breaks."""
    stream = gzip.GzipFile(fileobj=io.BytesIO(content))
    pending = bytearray()
    try:
        while chunk := stream.read1(_GZIP_CHUNK):
            pending += chunk
            if b"\n" not in chunk:
                continue
            *complete, rest = bytes(pending).split(b"\n")
            yield from (line + b"\n" for line in complete)
            pending = bytearray(rest)
    except (EOFError, OSError, zlib.error) as err:
        yield _Cut(bytes(pending), str(err) or type(err).__name__)
        return
    if pending:
        yield bytes(pending)


def _parquet_rows(file: str, content: bytes) -> Iterator[tuple[int, str, LogLine | BadLine]]:
    try:
        parquet = pq.ParquetFile(io.BytesIO(content))
    except (pa.ArrowException, OSError) as err:
        yield 0, "", BadLine(file, 0, f"not a readable Parquet file: {err}")
        return
    rows = parquet.metadata.num_rows
    missing = [name for name in REQUIRED_COLUMNS if name not in parquet.schema_arrow.names]
    if missing and rows:
        yield 0, "", BadLine(file, 0, f"the Parquet file lacks the log's required column(s) {missing}: its {rows} "
                                      f"row(s) are set aside (its columns: {parquet.schema_arrow.names})",
                             parquet.schema_arrow.to_string(show_schema_metadata=False))
        return
    number = 0
    try:
        for batch in parquet.iter_batches():
            for row in batch.to_pylist():
                number += 1
                present = {key: value for key, value in row.items() if value is not None}
                text = json.dumps(present, default=str, sort_keys=True)
                yield number, text, validate_log_record(present, file, number, text)
    except (pa.ArrowException, OSError) as err:
        yield number + 1, "", BadLine(file, number + 1, f"the Parquet file is corrupt after row {number}: {err}")


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
