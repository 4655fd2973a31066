"""A query history saved as JSON documents rather than JSON Lines: what command-line tools and APIs write.

Command-line tools and API clients write a query history as JSON documents: ``bq query --format=json`` (or
``prettyjson``) one array of row objects, compact or indented; ``snow sql --format json`` an array, or an array of
arrays for several statements; the Databricks CLI (``databricks query-history list -o json``) the array of its queries
before v0.226 and, since, the API's response, which wraps a page of rows in an object (``{"has_next_page": ...,
"next_page_token": ..., "res": [...]}``), pages often appended to one file a line each; ``jq`` indented objects;
the Redshift Data API (``aws redshift-data get-statement-result``) its ``Records``, lists of typed fields
(``{"stringValue": "..."}``, ``{"longValue": 7}``, ``{"isNull": true}``) in the order of its ``ColumnMetadata``,
which become rows of the columns' names.
:func:`opening` looks at a file's start and tells documents from JSON Lines; :class:`Values` then reads the file as a
stream of JSON values, each an array of rows (or of arrays of rows), a wrapper of rows or one row object, and gives
each row with its number (its place among the file's rows, counted from 1), its own JSON text and its object (or,
for an entry that is no object, the rule it breaks).

What is read is bounded as JSON Lines are: one value (a row, a wrapper's other members) may hold up to
:attr:`~access_history_platform.logs.Limits.line_bytes`, a wrapper's list is streamed whatever its length, the text
held is compacted as the rows are given, and the file's text stops at ``file_bytes``. A value that breaks (invalid
JSON, a byte that is no UTF-8, an integer of more digits than Python converts, a row over the line limit) costs the
text up to the next line that starts a value, one entry saying where and why, and the rows after it are read (rows of
an indented array, and pages a line, each start a line; a line inside the broken row that starts an object may give a
row of its own, which its format then sets aside). A document cut short, a stream that breaks and the file's limit
keep the rows before them; the rest of the file is one entry.

>>> import io
>>> def rows(data):
...     values = Values(io.BytesIO(data), 1 << 20, 1 << 30)
...     return list(values)
>>> rows(b'[{"a": 1},\\n {"a": 2}]')
[(1, '{"a": 1}', {'a': 1}), (2, '{"a": 2}', {'a': 2})]
>>> rows(b'{"has_next_page": true, "res": [{"a": 1}]}\\n{"has_next_page": false, "res": [{"a": 2}, 3]}')[1:]
[(2, '{"a": 2}', {'a': 2}), (3, '3', 'an entry of the JSON document must be an object, got int')]
>>> rows(b'[[{"a": 1}], [], [{"a": 2}]]')
[(1, '{"a": 1}', {'a': 1}), (2, '{"a": 2}', {'a': 2})]
>>> rows(b'[{"a": 1}, {"a": ')[-1][2]
'the JSON document is cut short after row 1; the rows before it are read, the rest of the file is set aside'
"""

from __future__ import annotations

import codecs
import gzip
import json
import re
import tempfile
import zlib
from typing import IO, Any, Iterator

import zstandard

from . import formats

#: A row's text and its decoded object, or the rule it breaks.
Row = tuple[int, str, Any]

_BOM = b"\xef\xbb\xbf"
_LIMIT_VARIABLE, _FILE_LIMIT_VARIABLE = "AHP_MAX_LINE_BYTES", "AHP_MAX_FILE_BYTES"
_CHUNK = 1024 * 1024
_NOT_WHITESPACE = re.compile(r"[^ \t\r\n]")
_NUMBER = "0123456789.eE+-"
_OBJECTS = re.compile(rb"\[\s*\{")
#: The members of a Redshift Data API response (``aws redshift-data get-statement-result``): its records, lists of
#: typed fields (``{"stringValue": "..."}``, ``{"longValue": 1}``, ``{"isNull": true}``), in its columns' order.
_DESCRIBED = frozenset({"ColumnMetadata", "Records"})
#: The members of a response's page that holds no rows (the Databricks Go SDK leaves ``res`` out of an empty page).
_PAGE_KEYS = frozenset({"has_next_page", "next_page_token", "res", "NextToken", "TotalNumRows"})
#: How a compressed stream that breaks (cut short, corrupt) fails while it is read (gzip, zstd).
STREAM_FAILURES = (EOFError, zlib.error, gzip.BadGzipFile, zstandard.ZstdError)
#: The columns of the known formats (lower case): an object naming one is a row, not a wrapper of rows.
_COLUMNS = frozenset(column for log_format in formats.FORMATS
                     for column in (*log_format.signature, *log_format.required))


class Replayed:
    """A byte stream whose first bytes were read already (to look at the file's start): they come first, then the
    rest; a failure of the stream met while looking comes after them, where it happened."""

    def __init__(self, head: bytes, stream: IO[bytes], failure: BaseException | None) -> None:
        self._head, self._stream, self._failure = head, stream, failure

    def read(self, size: int = -1) -> bytes:
        if self._head:
            head, self._head = self._head, b""
            return head
        if self._failure is not None:
            failure, self._failure = self._failure, None
            raise failure
        return getattr(self._stream, "read1", self._stream.read)(size)

    read1 = read


def opening(stream: IO[bytes], line_bytes: int, file_bytes: int) -> tuple[bool, Replayed]:
    """Whether the file is JSON documents (True) or JSON Lines, and its bytes to read from the start.

    Its first line decides (read up to ``line_bytes`` and ``file_bytes``), where JSON Lines cannot be: a first line
    that is ``[`` or ``{`` alone (an indented document); an array of objects (``[]`` too, when the file ends there or
    goes on with an array); a wrapper of rows (:func:`rows_of`, its array non-empty and all objects); a page of no
    rows (``{}``, ``{"has_next_page": true, ...}``); a Redshift Data API response. A first line that is anything else
    (another array, a broken object) is a JSON Line set aside, and the lines after it are read as lines.

    >>> import io
    >>> texts = (b'{"query_id": "1"}\\n', b'  [\\n', b'{\\n "res": []\\n}', b'{"res": [{"query_id": "1"}]}',
    ...          b'{"bad": \\n', b'[{"a": 1}, {"a": 2}]\\n', b'[]', b'[]\\n{"query_id": "1"}', b'[null]\\n',
    ...          b'{"x": [1]}\\n', b'[]\\n', b'{}\\n{"res": [{"a": 1}]}')
    >>> [opening(io.BytesIO(text), 1000, 1000)[0] for text in texts]
    [False, True, True, True, False, True, True, False, False, False, True, True]
    """
    head, failure, ended = b"", None, False
    read = getattr(stream, "read1", stream.read)
    try:
        while len(head) < min(line_bytes, file_bytes):
            chunk = read(_CHUNK)
            if not chunk:
                ended = True
                break
            head += chunk
            text = head.removeprefix(_BOM).lstrip()
            if text and (text[:1] not in b"{[" or text.partition(b"\n")[2].strip()):  # (the next line's start)
                break
    except STREAM_FAILURES as err:
        failure = err
    replay = Replayed(head, stream, failure)
    first, newline, rest = head.removeprefix(_BOM).lstrip().partition(b"\n")
    first, rest = first.strip(), rest.lstrip()
    if first in (b"[", b"{"):
        return True, replay
    if not first.startswith((b"[", b"{")):
        return False, replay
    if not newline and not ended:  # a first line longer than the limit: an array of objects, or a line set aside
        return _OBJECTS.match(first, 0, 64) is not None, replay
    try:
        value = json.loads(first)
    except (ValueError, RecursionError):  # an array of objects indented from its first object on, or cut short
        return _OBJECTS.match(first, 0, 64) is not None, replay
    if isinstance(value, list):  # (an empty result, alone or before more results)
        return all(isinstance(row, dict) for row in value) and (value != [] or rest[:1] in (b"", b"[")), replay
    if not isinstance(value, dict):
        return False, replay
    key = rows_of(value)
    rows = value[key] if key is not None else []
    return (_DESCRIBED <= value.keys() or rows != [] and all(isinstance(row, dict) for row in rows)
            or value.keys() <= _PAGE_KEYS and rest[:1] in (b"", b"{", b"[")), replay


def rows_of(value: dict[str, Any]) -> str | None:
    """The member of a wrapper object that holds its rows: its first array that opens with an object (else its first
    array), when none of its names is a column of a known format (a row may hold arrays: ClickHouse's ``tables``,
    BigQuery's ``referenced_tables``). None: the object is a row itself.

    >>> rows_of({"next_page_token": "x", "res": []}), rows_of({"warnings": [], "res": [{}]})
    ('res', 'res')
    >>> rows_of({"query_id": "1", "tables": []}) is None
    True
    """
    if any(key.lower() in _COLUMNS for key in value):
        return None
    lists = [key for key, member in value.items() if isinstance(member, list)]
    return next((key for key in lists if value[key] and isinstance(value[key][0], dict)), lists[0] if lists else None)


def _column_names(metadata: Any) -> list[str]:
    """The column names of a Redshift Data API response's ``ColumnMetadata`` (``column_<n>`` for one without a
    name: its values are kept, as a row's extra field).

    >>> _column_names([{"name": "query_id"}, {"label": "x"}, 3])
    ['query_id', 'column_2', 'column_3']
    """
    if not isinstance(metadata, list):
        return []
    return [column["name"] if isinstance(column, dict) and isinstance(column.get("name"), str) else f"column_{at}"
            for at, column in enumerate(metadata, start=1)]


def _number_going_on(value: Any, text: str, end: int) -> bool:
    """Whether a number decoded from ``text`` up to ``end`` may go on in the text not read yet (``-25`` of ``-25.0``,
    cut before its fraction or its exponent)."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and text[end] in _NUMBER \
        and not text[end:].strip(_NUMBER)


class _Broken(Exception):
    """The document cannot be read on from here: the text up to the next line that starts a value is one entry;
    ``final``: the rest of the file is (a stream that breaks, the file's limit, its end)."""

    def __init__(self, message: str, final: bool = False) -> None:
        super().__init__(message)
        self.final = final


class _TooLong(_Broken):
    """A value longer than the line limit."""


class Values:
    """The rows of a file of JSON documents, as ``(number, text, object or rule)``; see the module's text."""

    def __init__(self, stream: IO[bytes], line_bytes: int, file_bytes: int, chunk: int = _CHUNK) -> None:
        self._stream, self._line_bytes, self._file_bytes = stream, line_bytes, file_bytes
        self._chunk = chunk
        self._decoder = codecs.getincrementaldecoder("utf-8")("strict")
        self._json = json.JSONDecoder()
        self._text, self._at, self._read, self._ended, self._first = "", 0, 0, False, True
        self._over = False  # the file's text passed its limit: what was read up to it is all there is
        self._bad_bytes = False  # a byte that is no UTF-8 was met (a NUL stands for it in the text)
        self._resynced = False  # a break was passed: the separators of the values broken out of are skipped
        self._rows = 0

    def __iter__(self) -> Iterator[tuple[int, str, Any]]:
        while True:
            try:
                yield from self._values()
                return
            except _Broken as err:
                broken = err
            while broken is not None:  # one entry a break; passing it may meet another (the stream's, the limit's)
                self._rows += 1
                yield self._rows, self._text[self._at:self._at + 1024], str(broken)
                if broken.final:
                    return
                try:
                    if not self._resync():
                        return
                    broken = None
                except _Broken as err:
                    broken = err

    def _values(self) -> Iterator[Row]:
        """The file's values from here to its end: arrays of rows, wrappers of rows, rows."""
        while (char := self._peek()) is not None:
            if char == "[":
                self._at += 1
                yield from self._elements(outer=True)
            elif char == "{":
                yield from self._object()
            elif self._resynced and char in ",]}":
                self._at += 1
            else:
                yield self._row(*self._value())

    def _resync(self) -> bool:
        """After a break: on to the next line that starts a value (``{`` or ``[``), its text not held; False at the
        file's end. Rows of an indented array, and pages a line, each start a line."""
        self._resynced = True
        while True:
            while (newline := self._text.find("\n", self._at)) < 0:
                self._at = len(self._text)
                if not self._more_or_end():
                    return False
            self._at = newline + 1
            char = self._peek_or_end()
            if char is None:
                return False
            if char in "{[":
                return True

    # ------------------------------------------------------------------ structure

    def _object(self) -> Iterator[Row]:
        """A top-level object: a row, a wrapper of rows (:func:`rows_of`) or an empty page, decoded whole; a wrapper
        longer than the line limit is read member by member, its rows streamed from its array of objects."""
        try:
            value, text = self._value()
        except _TooLong:
            yield from self._members()
            return
        if _DESCRIBED <= value.keys():
            names = _column_names(value["ColumnMetadata"])
            for record in value["Records"]:
                yield self._described_row(names, record)
            return
        key = rows_of(value)
        if key is None and value.keys() <= _PAGE_KEYS:  # a page of no rows (``{}``: every field left out)
            return
        if key is None:
            yield self._row(value, text)
            return
        for entry in value[key]:
            yield self._row(entry, json.dumps(entry, ensure_ascii=False))

    def _members(self) -> Iterator[Row]:
        """A wrapper too long to hold, its ``{`` next: its other members decoded and dropped, its first array of
        objects streamed as rows (a Data API response's records, by their columns, known before or after them); a
        name of a known format's column makes it a row over the line limit."""
        self._at += 1
        first, listed, names, spooled = True, False, None, None
        while self._peek() != "}":
            if not first:
                self._expect(",", "',' or '}' between the members of an object")
            first = False
            key, _ = self._value()
            if not isinstance(key, str):
                raise self._broken("a member's name must be a string")
            if key.lower() in _COLUMNS:
                raise self._broken(f"a row of more than the line limit of {self._line_bytes} bytes "
                                   f"({_LIMIT_VARIABLE})")
            self._expect(":", "':' after a member's name")
            if key == "ColumnMetadata":
                names = _column_names(self._value()[0])
            elif key == "Records" and names is None and self._peek() == "[":
                self._at += 1
                spooled = self._spooled()
            elif self._peek() == "[" and not listed and self._opens_objects():
                self._at += 1
                listed = True
                yield from self._elements(names)
            else:
                self._value()
        self._at += 1
        if spooled is not None:
            with spooled:
                spooled.seek(0)
                for text in spooled:
                    yield self._described_row(names if names is not None else [], json.loads(text))

    def _opens_objects(self) -> bool:
        """Whether the array that starts here holds objects (its first entry is one) or records of fields."""
        at = self._at
        self._at += 1
        try:
            return self._peek() in ("{", "[")
        finally:
            self._at = at

    def _spooled(self) -> IO[str]:
        """The records of a Data API response whose ColumnMetadata comes after them (the AWS CLI's order), its ``[``
        read: kept in a temporary file, a record a line, until their columns are known."""
        spooled = tempfile.TemporaryFile("w+", encoding="utf-8")
        try:
            if self._peek() != "]":
                while True:
                    # (a record a line: JSON text holds no newline inside a string)
                    spooled.write(self._value()[1].replace("\n", " ") + "\n")
                    if self._peek() == "]":
                        break
                    self._expect(",", "',' or ']' between the entries of an array")
            self._at += 1
        except BaseException:
            spooled.close()
            raise
        return spooled

    def _elements(self, names: list[str] | None = None, outer: bool = False) -> Iterator[Row]:
        """The rows of an array, its ``[`` read: objects, or a Data API response's records of the columns ``names``;
        an ``outer`` array's arrays hold rows too (``snow sql --format json`` of several statements writes an array
        of their results)."""
        if self._peek() == "]":
            self._at += 1
            return
        while True:
            if outer and self._peek() == "[":
                self._at += 1
                yield from self._elements()
            elif names is not None:
                yield self._described_row(names, self._value()[0])
            else:
                yield self._row(*self._value())
            if self._peek() == "]":
                self._at += 1
                return
            self._expect(",", "',' or ']' between the entries of an array")

    def _described_row(self, names: list[str], record: Any) -> Row:
        """A Data API response's record (its fields in the order of its columns) as a row."""
        text = json.dumps(record, ensure_ascii=False)
        if not isinstance(record, list) or len(record) != len(names):
            self._rows += 1
            return self._rows, text, (f"a record of the Redshift Data API response must be a list of "
                                      f"{len(names)} fields, one a column of its ColumnMetadata" if names else
                                      "a record of a Redshift Data API response without ColumnMetadata")
        row = {}
        for name, field in zip(names, record):
            if not isinstance(field, dict) or len(field) != 1:
                self._rows += 1
                return self._rows, text, f"column {name!r}'s field must be one typed value, got {field!r:.80}"
            [(kind, value)] = field.items()
            row[name] = None if kind == "isNull" else value
        return self._row(row, json.dumps(row, ensure_ascii=False))

    def _row(self, value: Any, text: str) -> Row:
        self._rows += 1
        if not isinstance(value, dict):
            return self._rows, text, f"an entry of the JSON document must be an object, got {type(value).__name__}"
        return self._rows, text, value

    def _expect(self, char: str, what: str) -> None:
        found = self._peek()
        if found is None:
            raise self._cut()
        if found != char:
            raise self._broken(f"expected {what}")
        self._at += 1

    def _broken(self, problem: str, kind: type[_Broken] = _Broken) -> _Broken:
        return kind(f"the JSON document is broken after row {self._rows} ({problem}): the text up to the next line "
                    "that starts a row is set aside")

    def _cut(self) -> _Broken:
        if self._over:
            return self._limit()
        return _Broken(f"the JSON document is cut short after row {self._rows}; the rows before it are read, the "
                       "rest of the file is set aside", final=True)

    def _limit(self) -> _Broken:
        return _Broken(f"the file's text is more than the limit of {self._file_bytes} bytes ({_FILE_LIMIT_VARIABLE}): "
                       f"row {self._rows + 1} and everything after it are set aside", final=True)

    # ------------------------------------------------------------------ text

    def _peek(self) -> str | None:
        """The next character that is not white space (None: the file's end)."""
        char = self._peek_or_end()
        if char is None and self._over:
            raise self._limit()
        return char

    def _peek_or_end(self) -> str | None:
        while True:
            found = _NOT_WHITESPACE.search(self._text, self._at)
            if found is not None:
                self._at = found.start()
                return found[0]
            self._at = len(self._text)
            if not self._more_or_end():
                return None

    def _value(self) -> tuple[Any, str]:
        """The JSON value that starts at the next character that is not white space, and its text (read on until it
        is whole, within the line limit)."""
        if self._peek() is None:
            raise self._cut()
        while True:
            try:
                value, end = self._json.raw_decode(self._text, self._at)
                if self._ended or end < len(self._text) and not _number_going_on(value, self._text, end):
                    break
            except json.JSONDecodeError as err:
                # (a value cut by the text's end fails at its last characters, or in a string it opened)
                cut = err.pos >= len(self._text.rstrip()) - 8 or err.msg.startswith("Unterminated string")
                if self._ended and cut:
                    raise self._cut() from None
                if not cut or self._ended:
                    raise self._invalid(err.msg, err.pos) from None
            except RecursionError:
                raise self._broken("nested too deeply") from None
            except ValueError as err:  # an integer of more digits than Python converts
                raise self._broken(f"not valid JSON: {str(err)[:160]}") from None
            if len(self._text) - self._at > self._line_bytes:
                raise self._too_long()
            self._more_or_end()
        if end - self._at > self._line_bytes:
            raise self._too_long()
        text, self._at = self._text[self._at:end], end
        return value, text

    def _too_long(self) -> _Broken:
        return self._broken(f"a value of more than the line limit of {self._line_bytes} bytes ({_LIMIT_VARIABLE})",
                            _TooLong)

    def _invalid(self, message: str, position: int) -> _Broken:
        if self._bad_bytes and "\x00" in self._text[self._at:position + 1]:
            return self._broken("not UTF-8 text")
        return self._broken(f"not valid JSON: {message}")

    def _more_or_end(self) -> bool:
        """Reads on (False: the file has ended, or its limit was reached); the text already given is dropped."""
        if self._ended:
            return False
        try:
            chunk = getattr(self._stream, "read1", self._stream.read)(self._chunk)
        except STREAM_FAILURES as err:
            raise _Broken(f"the file is truncated or corrupt after row {self._rows} ({err or type(err).__name__}); "
                          "the rows before it are read, the rest of the file is set aside", final=True) from None
        self._read += len(chunk)
        if self._read > self._file_bytes:  # what is within the limit is read, and the file ends there
            chunk, self._over = chunk[:len(chunk) - (self._read - self._file_bytes)], True
        text = self._decoded(chunk, final=not chunk or self._over)
        if self._first and text:  # (a byte order mark is the text's first character, however the bytes came)
            text, self._first = text.removeprefix("\ufeff"), False
        self._text = self._text[self._at:] + text
        self._at = 0
        self._ended = not chunk or self._over
        return bool(chunk) or bool(text)

    def _decoded(self, chunk: bytes, final: bool) -> str:
        """A chunk's text; a byte that is no UTF-8 becomes a NUL, which no JSON value holds: the value it is in
        breaks, saying so, and the rows around it are read."""
        pieces = []
        while True:
            try:
                pieces.append(self._decoder.decode(chunk, final=final))
                return "".join(pieces)
            except UnicodeDecodeError as err:
                self._bad_bytes = True
                self._decoder.reset()
                data = err.object  # (the bytes the decoder held from the chunk before, then this chunk's)
                pieces.append(data[:err.start].decode("utf-8", "replace") + "\x00")
                chunk = data[err.end:]
