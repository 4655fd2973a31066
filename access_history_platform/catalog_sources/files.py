"""The files of an information-schema export: which view each holds, and its rows.

An export is a folder of CSV (optionally gzip-compressed) or Parquet files, each named after
the view it holds: ``TABLES.csv``, ``columns.parquet``, ``VIEWS.csv.gz``. A view may be split
into parts, as an unload writes them (``TABLES_0_0_0.csv.gz``, ``columns-part-1.parquet``):
their rows are read in the order of the file names. Column names are upper-cased, so
``table_name`` and ``TABLE_NAME`` are the same column.
"""

from __future__ import annotations

import csv
import gzip
import io
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Callable, Iterable, Iterator

from ..errors import CatalogError
from .formats import VIEW_NAMES

SUFFIXES = (".csv", ".csv.gz", ".parquet")
#: A part number after the view's name: ``_0_0_0``, ``-part-1``, ``_001``.
#: A view's name, then the suffix it was given (Snowflake's ``COPY INTO @stage/TABLES.csv`` takes the name as a
#: prefix: ``TABLES.csv_0_0_0.csv.gz``), then the numbers of a part.
_PART = re.compile(r"^(?P<view>[A-Za-z_]+?)(?:\.(?:csv|parquet))?(?:[-_.](?:part[-_]?)?\d+)*$", re.IGNORECASE)


@dataclass(frozen=True)
class ExportFile:
    """One file of an export: its name (for messages and to tell the view) and how to open it."""

    name: str
    open: Callable[[], IO[bytes]]

    @classmethod
    def local(cls, path: Path) -> ExportFile:
        return cls(str(path), lambda: open(path, "rb"))


@dataclass
class ViewRows:
    """The rows of one view, from one or more files, with the columns every file has."""

    view: str
    files: list[str]
    columns: set[str]
    rows: list[tuple[str, int, dict[str, object]]]  # (file, line or row number, row)
    headers: dict[str, frozenset[str]] = field(default_factory=dict)  # each file's own columns


def export_files(folder: Path) -> list[ExportFile]:
    """The export files of a local folder, by name (other files are left alone)."""
    if not folder.is_dir():
        raise CatalogError(str(folder), "no such folder of information-schema export files")
    return [ExportFile.local(p) for p in sorted(folder.iterdir())
            if p.is_file() and not p.name.startswith((".", "_")) and p.name.lower().endswith(SUFFIXES)]


def view_of(name: str) -> str:
    """The view a file holds, from its name.

    >>> view_of("landing/ACME/catalog/tag_references_0_0_0.csv.gz"), view_of("TABLES.csv_0_0_0.csv.gz")
    ('TAG_REFERENCES', 'TABLES')
    """
    base = name.rsplit("/", 1)[-1]
    stem = base[: -len(next(s for s in SUFFIXES if base.lower().endswith(s)))] if base.lower().endswith(SUFFIXES) else base
    match = _PART.match(stem)
    view = match.group("view").upper() if match else stem.upper()
    if view not in VIEW_NAMES:
        raise CatalogError(name, f"the file name does not name a view of an information-schema export: "
                                 f"name it after the view it holds ({', '.join(VIEW_NAMES)}), "
                                 f"e.g. TABLES.csv or columns.parquet")
    return view


def read_views(files: Iterable[ExportFile], problems: list[str]) -> dict[str, ViewRows]:
    """Every file's rows, gathered by view; a file whose name names no view is left out (in ``problems``)."""
    views: dict[str, ViewRows] = {}
    for file in sorted(files, key=lambda f: f.name):
        try:
            view = view_of(file.name)
        except CatalogError as err:
            problems.append(f"{err}; the file is left out")
            continue
        columns, rows = _read(file, problems)
        held = views.setdefault(view, ViewRows(view, [], set(columns), []))
        held.files.append(file.name)
        held.headers[file.name] = frozenset(columns)
        held.columns &= set(columns)
        held.rows.extend((file.name, number, row) for number, row in rows)
    return views


def _read(file: ExportFile, problems: list[str]) -> tuple[list[str], list[tuple[int, dict[str, object]]]]:
    try:
        with file.open() as stream:
            data = stream.read()
    except OSError as err:
        raise CatalogError(file.name, f"cannot read the file: {err.strerror or err}") from None
    if file.name.lower().endswith(".parquet"):
        return _parquet(file.name, data)
    if file.name.lower().endswith(".gz"):
        try:
            data = gzip.decompress(data)
        except (OSError, EOFError) as err:
            raise CatalogError(file.name, f"not a readable gzip file: {err}") from None
    return _csv(file.name, data, problems)


def _csv(name: str, data: bytes, problems: list[str]) -> tuple[list[str], list[tuple[int, dict[str, object]]]]:
    """The CSV file's columns and rows; a row of more fields than its header names is left out (in ``problems``):
    its values cannot be told apart (a view's definition with commas, not quoted, was cut at its first one and the
    rest read as other columns)."""
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as err:
        raise CatalogError(name, f"not UTF-8 text (byte {err.start})") from None
    reader = csv.reader(io.StringIO(text, newline=""))
    header = next(reader, None)
    if not header:
        raise CatalogError(name, "the CSV file has no header line naming its columns")
    columns = [c.strip().upper() for c in header]
    rows = []
    for row in reader:
        if not any(cell.strip() for cell in row):
            continue
        if len(row) > len(columns):
            problems.append(f"{name}:{reader.line_num}: the row has {len(row)} fields where the header names "
                            f"{len(columns)} (a field holding a comma, a quote or a line break must be quoted); the row "
                            "is left out")
            continue
        # an empty CSV field is how exports write NULL
        rows.append((reader.line_num, {c: (v if v != "" else None) for c, v in zip(columns, row)}))
    return columns, rows


def _parquet(name: str, data: bytes) -> tuple[list[str], list[tuple[int, dict[str, object]]]]:
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        table = pq.read_table(pa.BufferReader(data))
    except (pa.ArrowException, OSError) as err:
        raise CatalogError(name, f"not a readable Parquet file: {err}") from None
    columns = [c.upper() for c in table.column_names]
    rows = [(number, {c: v for c, v in zip(columns, row.values())})
            for number, row in enumerate(table.to_pylist(), start=1)]
    return columns, rows


def iter_rows(view: ViewRows | None) -> Iterator[tuple[str, int, dict[str, object]]]:
    return iter(view.rows if view is not None else ())
