"""Reading raw query logs: the one reader of log files, for ``ahp resolve`` and the pipeline alike.

A log file is JSON Lines (``.jsonl``, ``.json``) or JSON documents (``.json``: an array of rows, an API's response;
:mod:`.json_documents`), CSV (``.csv``) or Parquet (``.parquet``);
``.gz`` is gzip-compressed (every member), ``.zst`` and ``.zstd`` zstd-compressed (a Spark 4 event log as Spark
names it, ``events_1_<app>.zstd``: JSON Lines). Its rows are the platform's own log lines
(CONTRACT section 1) or a warehouse's query history as the warehouse exports it: the
format is recognized from the file's columns, or declared (:mod:`access_history_platform.formats`,
one module per format), and maps each row onto the log line. :func:`log_entries` reads
one file as a stream and validates each line: a bad line (not UTF-8, not JSON, not an
object, a missing, ill-typed or blank required field, a status outside the format's
vocabulary, a timestamp without a zone or out of range, a line over the size limit, a
line of another format than the file's) never stops the read: it comes out as a
:class:`BadLine` with its file, line number and the rule it broke, next to the good ones.
So does the break of a truncated or corrupt file (its lines before the cut are kept) and
a file that expands past the size limit (its lines before the limit are kept). A file no
format fits, or that lacks a required column of its format, is one :class:`BadLine` (line
0) naming the columns it has and the columns the formats need.

Memory stays bounded whatever the file holds: JSON Lines are read in chunks of
:data:`CHUNK_BYTES`, a line longer than :attr:`Limits.line_bytes` is skipped up to its
newline without being held (only its first :data:`KEPT_TEXT` bytes are kept, as its
text), and reading stops once the file's text passes :attr:`Limits.file_bytes`. A UTF-8
byte order mark at the start of a file is skipped.

>>> import io
>>> [str(e[2]) for e in log_entries("q.jsonl", io.BytesIO(b'\\xef\\xbb\\xbf{"query_id": " "}\\n'))]
["q.jsonl:1: field 'query_id': must not be blank; missing required field 'query_text'; \
missing required field 'query_start_time'; missing required field 'user_name'"]
"""

from __future__ import annotations

import csv
import gzip
import io
import itertools
import json
import os
import re
from collections import deque
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any, Collection, Iterable, Iterator, MutableMapping

import zstandard
from pydantic import ValidationError

from . import formats, json_documents
from .errors import InputError
from .formats import LogFormat, Rejected, mariadb, mysql_general
from .records import LogLine

#: Bytes read from a file at a time.
CHUNK_BYTES = 1024 * 1024
#: Bytes of an oversize line or of the rest of an oversize file kept as the entry's text.
KEPT_TEXT = 1024
#: The environment variables of :class:`Limits`.
MAX_LINE_BYTES, MAX_FILE_BYTES = "AHP_MAX_LINE_BYTES", "AHP_MAX_FILE_BYTES"
#: The fields a line must have (CONTRACT section 1).
REQUIRED_COLUMNS = formats.NATIVE.required
#: The reason of a line whose query_id an earlier line in log order holds with other content.
DUPLICATE_REASON = "duplicate query_id with different content"
#: The whole rule, as a ``printf`` template of the query_id and the kept line's ``file:line``
#: (the pipeline formats it in Spark, ``ahp resolve`` in Python).
DUPLICATE_RULE = DUPLICATE_REASON + " (query_id '%s'; the line kept, first in log order, is %s)"
_BOM = b"\xef\xbb\xbf"
_PARQUET_BATCH_ROWS = 1024
#: Lines of a JSON Lines file read at most to find its first object (whose keys tell its format).
_PEEK_LINES = 1000
#: A file of JSON documents (the kind named in messages), and both kinds of JSON, whose rows each have their own keys.
_DOCUMENTS = "JSON document"
_JSON_KINDS = ("JSON Lines", _DOCUMENTS)
#: File names the reader (and the landing zone) accepts.
LOG_FILE_SUFFIXES = (".jsonl", ".jsonl.gz", ".json", ".json.gz", ".csv", ".csv.gz", ".parquet", ".log", ".log.gz",
                     ".zst", ".zstd")
#: Compressions known by a file name's last suffix; a name without another suffix under it is JSON Lines.
_COMPRESSED = (".gz", ".zst", ".zstd")
#: How a compressed stream that breaks (cut short, corrupt) fails while it is read.
STREAM_FAILURES = json_documents.STREAM_FAILURES
#: The file in ``landing/<ACCOUNT>/`` that declares the format of the account's query history.
LOG_FORMAT_FILE = "log_format.json"


@dataclass(frozen=True, slots=True)
class BadLine:
    """A log line set aside: where it was, which rule it broke, and its text."""

    file: str
    line: int
    rule: str
    text: str = ""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.rule}"


@dataclass(frozen=True, slots=True)
class Limits:
    """How big a log line and a log file's text may be, in bytes.

    ``line_bytes`` (``AHP_MAX_LINE_BYTES``, 8 MiB): a Snowflake statement holds up to 1 MB
    of text, which JSON escaping can make up to six times longer; a longer line is set
    aside. ``file_bytes`` (``AHP_MAX_FILE_BYTES``, 4 GiB): the text of one file after
    decompression (a gzip stream, Parquet's uncompressed row groups); what lies beyond is
    set aside as one entry, so a decompression bomb costs a bounded read.
    """

    line_bytes: int = 8 * 1024 * 1024
    file_bytes: int = 4 * 1024 ** 3

    @classmethod
    def from_env(cls, environ: dict[str, str] | None = None) -> Limits:
        """The limits the environment sets (``AHP_MAX_LINE_BYTES``, ``AHP_MAX_FILE_BYTES``), else the defaults."""
        environ = os.environ if environ is None else environ
        default = cls()
        return cls(_positive(environ, MAX_LINE_BYTES, default.line_bytes),
                   _positive(environ, MAX_FILE_BYTES, default.file_bytes))


def _positive(environ: Any, name: str, default: int) -> int:
    value = environ.get(name, "").strip()
    if not value:
        return default
    if not (value.isascii() and value.isdigit()) or int(value) <= 0:  # (isdigit alone takes "²")
        raise InputError(f"{name}={value!r}", "it is not a positive whole number of bytes")
    return int(value)


def read_log(path: str | Path, *, limits: Limits | None = None) -> Iterator[LogLine | BadLine]:
    """Each line of a log file as a :class:`LogLine` or a :class:`BadLine`, in file order."""
    for _, _, item in log_entries(str(path), limits=limits):
        yield item


def log_entries(file: str, stream: IO[bytes] | None = None, *, limits: Limits | None = None,
                log_format: LogFormat | str | None = None,
                dialect: str | None = None) -> Iterator[tuple[int, str, LogLine | BadLine]]:
    """``(line number, text, LogLine or BadLine)`` for each entry of a log file.

    ``stream`` is the file's bytes, opened by the caller (a Spark worker opens a landing
    file through fsspec); without it, ``file`` is opened here (a path or an fsspec URI).
    The container comes from the name (:func:`container_of`; ``.gz`` is gzip), the format
    from the file's columns (:func:`~access_history_platform.formats.recognize`) unless
    ``log_format`` declares it. A problem of the whole file (unreadable, a format it does
    not fit or lacks the columns of, statements of another dialect than ``dialect``, the
    dialect the account's statements are resolved in) is one :class:`BadLine` of line 0.
    """
    limits = limits or Limits.from_env()
    declared = formats.by_name(log_format) if isinstance(log_format, str) else log_format
    with ExitStack() as stack:
        table = _open_table(stack, file, stream, limits, declared)
        if table is not None:
            yield from _entries(file, table, declared, dialect)


def container_of(file: str) -> str:
    """How a log file's rows are stored, from its name: ``parquet``, ``csv``, ``log`` (a server's own text log) or
    ``json`` (JSON Lines, JSON documents)."""
    name = file.lower()
    name = next((name.removesuffix(suffix) for suffix in _COMPRESSED if name.endswith(suffix)), name)
    return ("parquet" if name.endswith(".parquet") else "csv" if name.endswith(".csv")
            else "log" if name.endswith(".log") else "json")


def detect_format(file: str, *, limits: Limits | None = None) -> LogFormat:
    """The format :func:`log_entries` reads ``file`` as (the platform's own when none fits or it is unreadable)."""
    with ExitStack() as stack:
        try:
            table = _open_table(stack, file, None, limits or Limits.from_env(), None)
        except (*STREAM_FAILURES, OSError):  # log_entries says what is wrong with it
            return formats.NATIVE
        return (_format_of(table, None) if table is not None else None) or formats.NATIVE


def _open_table(stack: ExitStack, file: str, stream: IO[bytes] | None, limits: Limits,
                declared: LogFormat | None) -> _Table | None:
    """The file's rows as its container gives them (None: an empty file); ``stack`` closes what it opens."""
    if stream is None:
        stream = stack.enter_context(open_log(file))
    if file.lower().endswith(".gz"):
        stream = stack.enter_context(gzip.GzipFile(fileobj=stream, mode="rb"))
    elif file.lower().endswith((".zst", ".zstd")):
        stream = _Zstd(stream)
    return _TABLE_READERS[container_of(file)](file, stream, limits, declared)


class _Zstd(io.RawIOBase):
    """A zstd stream's decompressed bytes, its frames one after another read as one stream, as ``zstd -d`` reads
    them; one that ends inside a frame (a file cut short) fails the read with an ``EOFError``, as a gzip stream does
    (zstandard's own reader ends quietly there). The compressed bytes are fed :data:`_ZSTD_FEED` at a time: zstd
    expands a byte to at most about 32,000, so no read holds more than about 32 MB however the file was made."""

    def __init__(self, raw: IO[bytes]) -> None:
        super().__init__()
        self._raw, self._frame = raw, zstandard.ZstdDecompressor().decompressobj()
        self._input, self._output, self._inside = b"", b"", False
        self._broken: zstandard.ZstdError | None = None  # (raised once what was decoded before it is read)

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: Any) -> int:
        data = self.read1(len(buffer))
        buffer[:len(data)] = data
        return len(data)

    def read1(self, size: int = -1) -> bytes:
        while not self._output:
            if self._broken is not None:
                raise self._broken
            if not self._input:
                self._input = self._raw.read(CHUNK_BYTES)
                if not self._input:
                    if self._inside:
                        raise EOFError("the zstd stream ends inside a frame: the file is cut short")
                    return b""
            self._output = self._decompressed(self._input[:_ZSTD_FEED])
            self._input = self._input[_ZSTD_FEED:]
        taken = self._output if size is None or size < 0 else self._output[:size]
        self._output = self._output[len(taken):]
        return taken

    def _decompressed(self, compressed: bytes) -> bytes:
        out = bytearray()
        while compressed:
            self._inside = True
            try:
                out += self._frame.decompress(compressed)
            except zstandard.ZstdError as err:
                if not out:
                    raise
                self._broken = err  # (the frames before it are read first)
                break
            if not self._frame.eof:
                break
            compressed, self._inside = self._frame.unused_data, False  # the next frame starts there
            self._frame = zstandard.ZstdDecompressor().decompressobj()
        return bytes(out)


#: Compressed bytes a zstd stream is fed at a time (:class:`_Zstd`).
_ZSTD_FEED = 1024


def _format_of(table: _Table, declared: LogFormat | None) -> LogFormat | None:
    """The declared format, else the one the container decided or the columns show (None: no format fits).

    JSON Lines whose first object fits no format are read as the platform's own lines, line
    by line, so that each says what it lacks.
    """
    found = declared or table.format or (formats.recognize(table.columns) if table.columns else None)
    return formats.NATIVE if found is None and table.kind in _JSON_KINDS else found


@dataclass(slots=True)
class _Table:
    """A log file's rows as its container gives them, before any format maps them.

    ``columns``: the header (CSV), the schema (Parquet), the first object's keys (JSON
    Lines), or None. ``format``: a format the container itself decided (a headerless CSV of
    PostgreSQL's csvlog). ``problem``: the whole file's, when it cannot be read at all.
    """

    kind: str
    columns: list[str] | None
    rows: Iterator[tuple[int, str, Any]]
    row_count: int | None = None
    format: LogFormat | None = None
    problem: str | None = None
    #: JSON Lines: the rows decoded to find the columns, and the texts of the lines after them, not yet decoded
    #: (what ``rows`` would decode next), for lines of the platform's own format (:func:`_native_json_rows`)
    head: list[tuple[int, str, Any]] | None = None
    texts: Iterator[tuple[int, str | BadLine]] | None = None


def _entries(file: str, table: _Table, declared: LogFormat | None,
             dialect: str | None) -> Iterator[tuple[int, str, LogLine | BadLine]]:
    if table.problem:
        yield 0, "", BadLine(file, 0, table.problem)
        return
    log_format = _format_of(table, declared)
    whole = _declared_elsewise(table, declared) or _whole_file_problem(table, log_format, dialect)
    if whole is not None:
        if table.row_count != 0:
            yield 0, "", BadLine(file, 0, whole, ", ".join(table.columns or []))
        return
    if table.texts is not None and log_format is formats.NATIVE:
        rows = _native_json_rows(file, table.head or [], table.texts)
    elif table.texts is not None and log_format.skipped is not None:
        rows = _lowered(_unskipped_json_rows(file, table.head or [], table.texts, log_format.skipped))
    else:
        rows = table.rows if log_format is formats.NATIVE else _lowered(table.rows)
    if table.kind in _JSON_KINDS:
        rows = _one_format(rows, log_format)
    for number, text, item in log_format.translate(rows):
        if isinstance(item, LogLine):  # validated from its JSON text
            yield number, text, item
        elif isinstance(item, BadLine):
            yield number, item.text or text, item
        elif isinstance(item, Rejected):
            yield number, text, BadLine(file, number, item.rule, text)
        else:
            yield number, text, validate_log_record({k: v for k, v in item.items() if v is not None}, file, number,
                                                    text)


def _declared_elsewise(table: _Table, declared: LogFormat | None) -> str | None:
    """Why a file of another known format than the declared one is set aside unread: it lacks the declared
    format's columns and has every column another needs (each of its lines was called a line of a file mixing
    formats, the platform's own lines too; a file of a few of them, ``QUERY_ID,QUERY_TEXT``, is told what the
    declared format lacks)."""
    if declared is None or not table.columns:
        return None
    found = formats.recognize(table.columns)
    if found in (None, declared) or found.missing(table.columns) or not declared.missing(table.columns):
        return None
    return (f"the file holds {found.title} records ({found.name}), but its format is declared {declared.name} "
            f"(--format, or the account's {LOG_FORMAT_FILE}): declare {found.name}, or leave the format undeclared; "
            "the file is set aside unread")


def _whole_file_problem(table: _Table, log_format: LogFormat | None, dialect: str | None) -> str | None:
    rows = f"its {table.row_count} row(s) are" if table.row_count is not None else "its rows are"
    if log_format is None:
        return (f"the {table.kind} file is no query history this platform knows: {rows} set aside (its columns: "
                f"{table.columns}; the known formats need: {formats.describe_needs()})")
    missing = log_format.missing(table.columns) if table.columns is not None and table.kind not in _JSON_KINDS else []
    if missing:
        return (f"the {table.kind} file lacks the required column(s) {missing} of a {log_format.title} "
                f"({log_format.name}): {rows} set aside (its columns: {table.columns})")
    if dialect and log_format.dialect and log_format.dialect != dialect:
        return (f"the file is a {log_format.title} ({log_format.dialect} SQL), but this account's statements are "
                f"resolved as {dialect}: declare the account's format in its landing folder "
                f"({LOG_FORMAT_FILE}) or land it under an account of that dialect; the file is set aside unread")
    return None


def _lowered(rows: Iterable[tuple[int, str, Any]]) -> Iterator[tuple[int, str, Any]]:
    for number, text, fields in rows:
        yield number, text, formats.lower_keys(fields) if isinstance(fields, dict) else fields


def _one_format(rows: Iterable[tuple[int, str, Any]], log_format: LogFormat) -> Iterator[tuple[int, str, Any]]:
    """JSON lines of another known format than the file's are set aside: one file holds one format.

    A line with the same keys, in the same order, as the last line recognized, which fitted, fits too:
    the format is recognized once per run of such lines, not per line.
    """
    fitting: Collection[str] | None = None
    for number, text, fields in rows:
        # A line validated from its text (:func:`_native_json_rows`) was given no null: its keys are its fields set.
        keys = (fields.model_fields_set if isinstance(fields, LogLine)
                else tuple(fields) if isinstance(fields, dict) else None)
        if keys is not None and keys != fitting:
            other = formats.recognize(keys)
            fitting = keys if other is None or other is log_format else None
            if other is not None and other is not log_format:
                yield number, text, _mixed(other, log_format)
                continue
        yield number, text, fields


def _mixed(other: LogFormat, log_format: LogFormat) -> Rejected:
    return Rejected(f"a {other.title} record in a file of {log_format.title} records (its first record): a file "
                    "mixing formats; land each format in files of its own")


def _native_json_rows(file: str, head: list[tuple[int, str, Any]],
                      texts: Iterable[tuple[int, str | BadLine]]) -> Iterator[tuple[int, str, Any]]:
    """The rows of a JSON Lines file of the platform's own lines: after the rows already decoded, each line is
    validated from its text by pydantic's own JSON parser (in one step, without a dict of it: half the time of
    decoding, then validating). A line that turns out otherwise (not a valid line) or that has a field of ``null``
    (which the general way drops before validating) is decoded and goes the general way, which words its rule."""
    yield from head
    validate = LogLine.model_validate_json
    for number, text in texts:
        if isinstance(text, BadLine):
            yield number, text.text, text
            continue
        try:
            line = validate(text)
        except ValidationError:
            line = None
        if line is not None and ("null" not in text or not _null_field(line)):
            yield number, text, line
        else:
            yield number, text, _json_object(text, file, number)


def _unskipped_json_rows(file: str, head: list[tuple[int, str, Any]], texts: Iterable[tuple[int, str | BadLine]],
                         skipped: Any) -> Iterator[tuple[int, str, Any]]:
    """The rows of a JSON Lines file after those already decoded, but the lines ``skipped`` matches, never decoded."""
    yield from head
    match = skipped.match
    for number, text in texts:
        if isinstance(text, BadLine):
            yield number, text.text, text
        elif match(text) is None:
            yield number, text, _json_object(text, file, number)


def _null_field(line: LogLine) -> bool:
    """Whether the line was given a field of ``null`` (a field set to None, or an extra field of None)."""
    values = line.__dict__  # its fields; the extra fields are apart, in ``model_extra``
    if any(values.get(name, "") is None for name in line.model_fields_set):
        return True
    return None in (line.model_extra or {}).values()


def open_log(file: str) -> IO[bytes]:
    """A log file's bytes: a local path, or any URI fsspec knows (``file:``, ``s3a://``, ...)."""
    try:
        if "://" not in file and not file.startswith("file:"):
            return open(file, "rb")
        import fsspec  # only for URIs: the CLI runs without it

        return fsspec.open(file, "rb").open()
    except OSError as err:
        raise InputError(file, f"cannot read the log: {err.strerror or err}") from None


# --------------------------------------------------------------------------- JSON Lines


def _json_table(file: str, stream: IO[bytes], limits: Limits, declared: LogFormat | None) -> _Table | None:
    """JSON Lines, or JSON documents (:mod:`.json_documents`: an array of rows, an API response wrapping them, or
    several; a row's number is its place among the file's rows)."""
    documents, stream = json_documents.opening(stream, limits.line_bytes, limits.file_bytes)
    if documents:
        rows = ((number, text, item if not isinstance(item, str) else BadLine(file, number, item, text))
                for number, text, item in json_documents.Values(stream, limits.line_bytes, limits.file_bytes))
        return _json_rows_table(_DOCUMENTS, rows)
    texts = _json_texts(file, stream, limits)
    return _json_rows_table("JSON Lines", _json_rows(file, texts), texts)


def _json_rows_table(kind: str, rows: Iterator[tuple[int, str, Any]],
                     texts: Iterator[tuple[int, str | BadLine]] | None = None) -> _Table | None:
    """A JSON file's rows as a table: the columns are the keys of the first object (looked for in the first rows
    only); None for a file of none."""
    head = []
    for row in rows:
        head.append(row)
        if isinstance(row[2], dict) or len(head) >= _PEEK_LINES:
            break
    if not head:
        return None
    first = next((fields for _, _, fields in head if isinstance(fields, dict)), None)
    return _Table(kind, list(first) if first is not None else None, itertools.chain(head, rows),
                  head=head if texts is not None else None, texts=texts)


def _json_texts(file: str, stream: IO[bytes], limits: Limits) -> Iterator[tuple[int, str | BadLine]]:
    """The text of each line that is not blank, or the :class:`BadLine` of a line that is no text."""
    for number, raw in _bounded_lines(file, stream, limits):
        if isinstance(raw, BadLine):
            yield number, raw
            continue
        try:  # decoded line by line: one bad byte costs one line, not the file
            text = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            text = raw.decode("utf-8", "replace")
            yield number, BadLine(file, number, f"not UTF-8 text ({err.reason} at byte {err.start})", text)
            continue
        if text and not text.isspace():
            yield number, text


def _json_rows(file: str, texts: Iterable[tuple[int, str | BadLine]]) -> Iterator[tuple[int, str, Any]]:
    for number, text in texts:
        if isinstance(text, BadLine):
            yield number, text.text, text
        else:
            yield number, text, _json_object(text, file, number)


def _json_object(text: str, file: str, line: int) -> dict[str, Any] | BadLine:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        return BadLine(file, line, f"not valid JSON ({err.msg}: column {err.colno})", text.rstrip("\n"))
    except (ValueError, RecursionError) as err:  # nested too deeply, a number too long to convert
        return BadLine(file, line, f"not valid JSON ({str(err)[:160]})", text.rstrip("\n"))
    if not isinstance(data, dict):
        return BadLine(file, line, f"a log line must be a JSON object, got {type(data).__name__}", text.rstrip("\n"))
    return data


def _bounded_lines(file: str, stream: IO[bytes], limits: Limits) -> Iterator[tuple[int, bytes | BadLine]]:
    """Each line of ``stream`` without its newline, read in chunks; an oversize line is a :class:`BadLine`.

    A line over ``limits.line_bytes`` is never held whole: once the line being read passes
    the limit, its bytes are counted and dropped up to its newline. Past ``limits.file_bytes``
    the rest of the file is one :class:`BadLine` (the lines before the limit are kept), and a
    stream that breaks (a truncated gzip file) ends with one naming the line it broke in.
    """
    pending = bytearray()  # the line being read
    skipped = 0  # > 0 while dropping an oversize line: its bytes so far
    number, total, first = 1, 0, True
    read = getattr(stream, "read1", stream.read)  # what a gzip stream decoded before it broke
    while True:
        try:
            chunk = read(CHUNK_BYTES)
        except STREAM_FAILURES as err:  # an I/O error fails the read (Spark retries it)
            yield number, _cut(file, number, bytes(pending), err)
            return
        if not chunk:
            break
        if first:
            chunk, first = chunk.removeprefix(_BOM), False
        total += len(chunk)
        over = total > limits.file_bytes
        if over:
            chunk = chunk[:len(chunk) - (total - limits.file_bytes)]
        *complete, rest = chunk.split(b"\n")
        for piece in complete:
            if skipped:
                yield number, _oversize(file, number, skipped + len(piece), bytes(pending), limits)
            elif pending:
                pending += piece
                yield number, (bytes(pending) if len(pending) <= limits.line_bytes
                               else _oversize(file, number, len(pending), bytes(pending[:KEPT_TEXT]), limits))
            else:
                yield number, (piece if len(piece) <= limits.line_bytes
                               else _oversize(file, number, len(piece), piece[:KEPT_TEXT], limits))
            pending, skipped, number = bytearray(), 0, number + 1
        if skipped:
            skipped += len(rest)
        else:
            pending += rest
            if len(pending) > limits.line_bytes:  # keep its start as its text, drop the rest as it comes
                skipped, pending = len(pending), pending[:KEPT_TEXT]
        if over:
            yield number, _too_big(file, number, bytes(pending[:KEPT_TEXT]), limits)
            return
    if skipped:
        yield number, _oversize(file, number, skipped, bytes(pending), limits)
    elif pending:
        yield number, bytes(pending)


def _oversize(file: str, number: int, size: int, start: bytes, limits: Limits) -> BadLine:
    return BadLine(file, number, f"line {number} is {size} bytes, more than the limit of {limits.line_bytes} "
                                 f"({MAX_LINE_BYTES}); the entry keeps its first {min(size, KEPT_TEXT)} bytes",
                   start.decode("utf-8", "replace"))


def _too_big(file: str, number: int, start: bytes, limits: Limits) -> BadLine:
    return BadLine(file, number, f"the file's text is more than the limit of {limits.file_bytes} bytes "
                                 f"({MAX_FILE_BYTES}): line {number} and everything after it are set aside",
                   start.decode("utf-8", "replace"))


def _cut(file: str, number: int, tail: bytes, err: BaseException) -> BadLine:
    problem = str(err) or type(err).__name__
    partial = "; the entry's text is the partial line it breaks off in" if tail else ""
    return BadLine(file, number, f"the file is truncated or corrupt after line {number - 1} ({problem}){partial}",
                   tail.decode("utf-8", "replace"))


def first_of_each_query_id(lines: Iterable[tuple[int, LogLine]], file: str,
                           counts: MutableMapping[str, int]) -> Iterator[LogLine | BadLine]:
    """The lines of one log file in log order, each ``query_id`` once: the pipeline's rule (``raw_query_logs``).

    ``lines`` are ``(line number, LogLine)`` in log order. The first line of a ``query_id``
    is kept; a later one with the same content (its own fields: :func:`_content_hash`) is dropped (counted in
    ``counts["duplicate lines"]``), one with other content is a :class:`BadLine` naming the
    line kept. Memory: one entry per distinct ``query_id`` (its content's hash and line).
    """
    kept: dict[str, int] = {}
    for number, line in lines:
        content = _content_hash(line)
        seen = kept.get(line.query_id)
        if seen is None:
            kept[line.query_id] = number << 64 | content
            yield line
        elif seen & _HASH_BITS == content:
            counts["duplicate lines"] = counts.get("duplicate lines", 0) + 1
        else:
            yield BadLine(file, number, DUPLICATE_RULE % (line.query_id, f"{file}:{seen >> 64}"))


_HASH_BITS = (1 << 64) - 1


def _content_hash(line: LogLine) -> int:
    """A 64-bit hash of the line's own fields (two lines of different content share one once in 2**64): not of the
    export's other columns, kept as extra fields, which the same history exported as CSV and as Parquet gives as text
    and as typed values (its lines were conflicts)."""
    return hash((line.query_text, line.query_start_time, line.user_name, line.role_name, line.execution_status,
                 line.database_name, line.schema_name, line.parent_query_id, line.account_name,
                 line.session_id)) & _HASH_BITS


def parse_log_line(text: str, file: str = "<log>", line: int = 0) -> LogLine | BadLine:
    """Validate one JSON line against CONTRACT section 1."""
    data = _json_object(text, file, line)
    return data if isinstance(data, BadLine) else validate_log_record(data, file, line, text)


def validate_log_record(data: Any, file: str = "<log>", line: int = 0, text: str = "") -> LogLine | BadLine:
    """Validate one already-decoded log record (a dict, e.g. a Parquet row)."""
    if not isinstance(data, dict):
        return BadLine(file, line, f"a log line must be a JSON object, got {type(data).__name__}", text.rstrip("\n"))
    try:
        return LogLine.model_validate(data)
    except ValidationError as err:
        return BadLine(file, line, describe_errors(err), text.rstrip("\n"))


def describe_errors(err: ValidationError) -> str:
    """A validation error as one sentence per field: ``missing required field 'x'``, ``field 'x': ...``."""
    rules = []
    for issue in err.errors():
        where = ".".join(str(p) for p in issue["loc"]) or "line"
        if issue["type"] == "missing":
            rules.append(f"missing required field '{where}'")
        else:
            rules.append(f"field '{where}': {issue['msg'].removeprefix('Value error, ')}")
    return "; ".join(rules)


# --------------------------------------------------------------------------- Parquet


def _parquet_table(file: str, stream: IO[bytes], limits: Limits, declared: LogFormat | None) -> _Table | None:
    import pyarrow as pa  # only for Parquet: JSON Lines need no Arrow
    import pyarrow.parquet as pq

    if not stream.read(1):  # an empty file holds no lines, whatever its name
        return None
    stream.seek(0)
    try:
        parquet = pq.ParquetFile(stream)
    except (pa.ArrowException, OSError) as err:
        return _Table("Parquet", None, iter(()), problem=f"not a readable Parquet file: {err}")
    metadata = parquet.metadata
    groups, total = [], 0
    for index in range(metadata.num_row_groups):
        total += metadata.row_group(index).total_byte_size
        if total > limits.file_bytes:
            break
        groups.append(index)
    return _Table("Parquet", parquet.schema_arrow.names, _parquet_rows(file, parquet, groups, limits),
                  row_count=metadata.num_rows)


def _parquet_rows(file: str, parquet: Any, groups: list[int], limits: Limits) -> Iterator[tuple[int, str, Any]]:
    import pyarrow as pa

    number = 0
    for group in groups:  # a group at a time: one that cannot be read loses only its own rows
        end = number + parquet.metadata.row_group(group).num_rows
        try:
            for batch in parquet.iter_batches(batch_size=_PARQUET_BATCH_ROWS, row_groups=[group]):
                for row in _python_rows(batch):
                    number += 1
                    yield number, *_parquet_row(file, number, row, limits)
        except (pa.ArrowException, OSError) as err:
            yield number + 1, "", BadLine(file, number + 1, f"the Parquet file's row group {group} is corrupt: its "
                                                            f"rows {number + 1} to {end} are set aside ({err})")
            number = end
    if len(groups) < parquet.metadata.num_row_groups:
        yield number + 1, "", _too_big(file, number + 1, b"", limits)


def _python_rows(batch: Any) -> list[dict[str, Any]]:
    """A Parquet batch's rows as Python values. A value Python cannot hold (a time or date outside years 1 to 9999)
    is written out with its stored value instead, so that the field is checked as any bad value is (a required
    time's line set aside naming it; an extra field kept) and the rows beside it are read."""
    try:
        return batch.to_pylist()
    except (OverflowError, ValueError):
        names, columns = batch.schema.names, batch.columns
        rows = []
        for index in range(batch.num_rows):
            row = {}
            for name, column in zip(names, columns):
                scalar = column[index]
                try:
                    row[name] = scalar.as_py()
                except (OverflowError, ValueError):
                    row[name] = f"out of range: {getattr(scalar, 'value', '?')} ({scalar.type})"
            rows.append(row)
        return rows


def _parquet_row(file: str, number: int, row: dict[str, Any], limits: Limits) -> tuple[str, Any]:
    present = {key: value for key, value in row.items() if value is not None}
    text = json.dumps(present, default=str, sort_keys=True)
    if len(text) > limits.line_bytes:  # ASCII (JSON escapes the rest): characters are bytes
        return text[:KEPT_TEXT], _oversize(file, number, len(text), text[:KEPT_TEXT].encode(), limits)
    return text, present


# --------------------------------------------------------------------------- CSV


def _csv_table(file: str, stream: IO[bytes], limits: Limits, declared: LogFormat | None) -> _Table | None:
    """CSV with a header row, or headerless rows of a format that has positional columns (csvlog).

    Records may span lines (a statement's newlines inside quotes); each physical line is
    bounded as in JSON Lines, a record by the line limit (``csv.field_size_limit``).
    """
    problems: list[BadLine] = []
    lines = _CsvLines(file, stream, limits, problems)
    reader = csv.reader(lines)
    csv.field_size_limit(limits.line_bytes)
    records = _csv_records(file, reader, problems, lines)
    head = list(itertools.islice(records, 1))
    if not head:
        return None
    number, record = head[0]
    lines.width = None if isinstance(record, BadLine) else len(record)
    if isinstance(record, BadLine):
        return _Table("CSV", None, iter(()), problem=f"the CSV file's first row cannot be read: {record.rule}")
    header_format = formats.recognize(record)
    by_position = declared if declared and declared.positional else formats.positional(len(record))
    if header_format is None and by_position is not None and _looks_like_time(record[0]):
        columns = list(by_position.positional[:len(record)])
        return _Table("CSV", columns, _csv_rows(file, itertools.chain(head, records), columns), format=by_position)
    return _Table("CSV", record, _csv_rows(file, records, record))


class _CsvLines:
    """The file's lines as text for the CSV reader (a bad line as an empty one, in ``problems``).

    The lines of the record being read are in ``read`` with their numbers (its reader empties it); lines put in
    ``again`` are given to the reader again before the file's next.
    """

    def __init__(self, file: str, stream: IO[bytes], limits: Limits, problems: list[BadLine]) -> None:
        self._lines = self._decoded(file, stream, limits, problems)
        self.read: list[tuple[int, str]] = []
        self.again: deque[tuple[int, str]] = deque()
        #: how many fields a row has (the header's), once known
        self.width: int | None = None

    def __iter__(self) -> _CsvLines:
        return self

    def __next__(self) -> str:
        number, text = self.again.popleft() if self.again else next(self._lines)
        if number:
            self.read.append((number, text))
        return text

    def first(self, otherwise: int) -> int:
        """The number of the record's first line read (``otherwise`` when none was)."""
        return self.read[0][0] if self.read else otherwise

    @staticmethod
    def _decoded(file: str, stream: IO[bytes], limits: Limits,
                 problems: list[BadLine]) -> Iterator[tuple[int, str]]:
        for number, raw in _bounded_lines(file, stream, limits):
            if isinstance(raw, BadLine):
                problems.append(raw)
                yield 0, "\n"
                continue
            try:
                yield number, raw.decode("utf-8") + "\n"
            except UnicodeDecodeError as err:
                problems.append(BadLine(file, number, f"not UTF-8 text ({err.reason} at byte {err.start})",
                                        raw.decode("utf-8", "replace")))
                yield 0, "\n"


def _csv_records(file: str, reader: Any, problems: list[BadLine],
                 lines: _CsvLines) -> Iterator[tuple[int, list[str] | BadLine]]:
    """Each non-empty record with the line it starts on; the reader's problems where they occurred.

    A quoted field that is never closed takes the rows after it into itself, up to the next quote, and the reader
    gives the whole as one record. Where that quote does not end a field (the strict reader's complaint about the
    record's lines), the record's first line is set aside and the lines after it are read again. Of a file cut
    inside a quoted field (an export or a copy that broke off), the reader gives the last record whole, what was
    cut off lost without a word: that record is set aside instead, unless a line after its first is a row of its
    own (as many fields as the header, not indented as a statement's next line): then its quoted field never closed
    (a writer that quotes only the fields that need it leaves no later quote to end it), and the lines after its
    first are read again. Each record is held, with the lines it was read from, until the next is read, so the last
    is known.
    """
    start, held, kept = 1, None, []
    while True:
        lines.read.clear()
        try:
            record = next(reader, None)
        except csv.Error as err:  # the reader's state is lost: the rest of the file is one entry
            start = lines.first(start)
            if held is not None:
                yield held
            yield from ((bad.line, bad) for bad in problems)
            yield start, BadLine(file, start, f"not valid CSV from line {start} on ({err}): the rest of the file "
                                              "is set aside")
            return
        if record is None:
            if held is not None and _strict_csv_error("".join(line for _, line in kept)) == _END_INSIDE_QUOTES:
                number, cut = held
                if any(not line[:1].isspace() and _row_width(line) == lines.width for _, line in kept[1:]):
                    yield number, BadLine(file, number, f"the quoted field opened on line {number} never closes: the "
                                                        "row is set aside and the lines after it read again",
                                          kept[0][1].rstrip("\n"))
                    lines.again.extend(kept[1:])
                    held, kept, start = None, [], kept[1][0]
                    continue
                held = number, BadLine(file, number, f"the file ends inside a quoted field of the row of line "
                                                     f"{number}: the row is cut off", json.dumps(cut))
            if held is not None:
                yield held
            yield from ((bad.line, bad) for bad in problems)
            return
        if held is not None:
            yield held
            held = None
        yield from ((bad.line, bad) for bad in problems)
        problems.clear()
        start = lines.first(start)
        if len(lines.read) > 1 and _strict_csv_error("".join(line for _, line in lines.read)) not in {
                None, _END_INSIDE_QUOTES}:
            yield start, BadLine(file, start, f"the quoted field opened on line {start} does not close where a "
                                              "field ends: the row is set aside and the lines after it read again",
                                 lines.read[0][1].rstrip("\n"))
            lines.again.extendleft(reversed(lines.read[1:]))
        elif any(cell.strip() for cell in record):
            held, kept = (start, record), list(lines.read)
        start = lines.read[-1][0] + 1 if lines.read else start


def _row_width(line: str) -> int:
    """How many fields ``line`` holds read alone as a CSV row."""
    return len(next(csv.reader([line]), []))


#: The strict CSV reader's complaint about text that ends inside a quoted field (Python's wording since 2.x).
_END_INSIDE_QUOTES = "unexpected end of data"


def _strict_csv_error(text: str) -> str | None:
    """What the strict CSV reader finds wrong with ``text`` (its complaint), if anything.

    >>> _strict_csv_error('a,"b\\nc",d\\n') is None, _strict_csv_error('a,"b\\n')
    (True, 'unexpected end of data')
    >>> print(_strict_csv_error('a,"b"c\\n'))
    ',' expected after '"'
    """
    try:
        for _ in csv.reader(io.StringIO(text), strict=True):
            pass
    except csv.Error as err:
        return str(err)
    return None


def _csv_rows(file: str, records: Iterable[tuple[int, list[str] | BadLine]],
              columns: list[str]) -> Iterator[tuple[int, str, Any]]:
    for number, record in records:
        if isinstance(record, BadLine):
            yield number, record.text, record
            continue
        text = json.dumps(record)
        if len(record) != len(columns):
            yield number, text, BadLine(file, number, f"the row has {len(record)} field(s), the header "
                                                      f"{len(columns)}", text)
            continue
        yield number, text, {name: cell for name, cell in zip(columns, record) if cell != ""}


def _looks_like_time(cell: str) -> bool:
    """Whether a headerless CSV's first cell is a time (csvlog's ``log_time``), in a zone the reader takes or not: a
    server whose log_timezone is not UTC writes ``2026-12-01 23:17:01.159 PST``, whose rows then say what to set."""
    if _DATE_TIME.match(cell):
        return True
    try:
        formats.zoned_timestamp(cell, "")
    except formats.RowError as err:
        return "no time zone" in str(err)
    return True


_DATE_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}")


# --------------------------------------------------------------------------- a server's own text log


def _text_log_table(file: str, stream: IO[bytes], limits: Limits, declared: LogFormat | None) -> _Table | None:
    """A server's own text log: the audit log of MariaDB's ``server_audit`` plugin (MySQL on RDS and Aurora too;
    :mod:`.formats.mariadb`) or MySQL's and MariaDB's general query log (:mod:`.formats.mysql_general`), known by its
    first line of either among the file's first lines (a file downloaded from the middle of a line, or a line of
    garbage, first). A line that is no event is set aside, the lines beside it read; a file whose first lines hold no
    event is set aside whole, saying which logs are read. The servers write a statement's bytes as the client sent
    them: the bytes of a line that are not UTF-8 (a latin1 client's text, a binary literal) are read as Latin-1, and
    the line says so."""
    lines = _decoded_lines(file, stream, limits)
    head: list[tuple[int, str, Any]] = []
    found: LogFormat | None = None
    size = 0  # (a file may start inside a statement of many lines: the first lines are looked at up to the line limit)
    for number, text, whole in lines:
        head.append((number, text, whole))
        size += len(text) + 1
        if isinstance(whole, bool) and text.strip():
            if mysql_general.recognizes(text):
                found = mysql_general.FORMAT
            elif mariadb.event_fields(text, utf_8=True) is not None:
                found = mariadb.FORMAT
        if found is not None or (len(head) >= _PEEK_LINES and size >= limits.line_bytes) or len(head) >= _MAX_PEEK:
            break
    if all(isinstance(whole, bool) and not text.strip() for _, text, whole in head):
        return None  # (no line, or blank ones only)
    if found is None:
        number, text, _ = next(line for line in head if not isinstance(line[2], bool) or line[1].strip())
        return _Table("text log", None, iter(()), problem=(
            f"no line of the first {len(head):,} is an event of a log this reader knows (a .log file is the audit "
            "log of MariaDB's server_audit plugin, which MySQL on RDS and Aurora write too: "
            "'20261201 11:39:16,host,user,client,4,7,QUERY,db,'select ...',0', or MySQL's or MariaDB's general query "
            f"log: '2026-12-01T11:39:16.123456Z\\t    8 Query\\tselect ...'); line {number} starts "
            f"{mariadb.latin_1_bytes(text)[:80]!r}"))
    rest = itertools.chain(head, lines)
    if found is mysql_general.FORMAT:
        return _Table("text log", list(mysql_general.COLUMNS), _general_log_rows(file, rest, limits), format=found)
    return _Table("text log", list(mariadb.COLUMNS), _audit_log_rows(file, rest), format=found)


#: The most lines of a text log looked at for its first event.
_MAX_PEEK = 100 * _PEEK_LINES


def _decoded_lines(file: str, stream: IO[bytes], limits: Limits) -> Iterator[tuple[int, str, bool | BadLine]]:
    """Each line of a text log, decoded, with whether it was UTF-8 whole (its other bytes are decoded as surrogates,
    read as Latin-1 by its format); or the :class:`BadLine` of a line over the line limit, or where the file broke.
    A blank line is one too (a statement's, in the general log)."""
    for number, raw in _bounded_lines(file, stream, limits):
        if isinstance(raw, BadLine):
            yield number, raw.text, raw
            continue
        try:
            text, whole = raw.decode("utf-8"), True
        except UnicodeDecodeError:  # (each byte that is not UTF-8: a lone surrogate, read as Latin-1 by the format)
            text, whole = raw.decode("utf-8", errors="surrogateescape"), False
        yield number, text, whole


def _audit_log_rows(file: str, lines: Iterable[tuple[int, str, bool | BadLine]]) -> Iterator[tuple[int, str, Any]]:
    """The audit log's events, one a line, with their fields; the :class:`BadLine` of a line that is no event."""
    for number, text, whole in lines:
        if isinstance(whole, BadLine):
            yield number, text, whole
            continue
        if not text or text.isspace():
            continue
        fields = mariadb.event_fields(text, utf_8=whole)
        text = text if whole else mariadb.latin_1_bytes(text)
        yield number, text, fields if fields is not None else BadLine(
            file, number, "not an event of the audit log (timestamp,serverhost,username,host,connectionid,queryid,"
            "operation,database,object,retcode)", text)


def _general_log_rows(file: str, lines: Iterable[tuple[int, str, bool | BadLine]],
                      limits: Limits) -> Iterator[tuple[int, str, Any]]:
    """The general log's events (a statement of several lines is one), with their fields; the :class:`BadLine` of a
    line that is no event and follows none."""
    for number, text, fields in mysql_general.file_events(lines, limits.line_bytes):
        yield number, text, fields if fields is not None else BadLine(
            file, number, "not an event of the general query log (time, thread, command, argument) and after none "
            "(the file starts inside a statement of several lines)", text)


_TABLE_READERS = {"json": _json_table, "csv": _csv_table, "parquet": _parquet_table, "log": _text_log_table}
