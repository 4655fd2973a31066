"""A resolving task's outcomes written by its own Python worker: Parquet part files and one report.

Each task of the ``access_history`` asset resolves its share of the day
(:func:`~access_history_platform.spark.batch.resolve_batch`) and writes what comes out
itself, with pyarrow through fsspec, into the two version folders the driver staged: the
records into one part file of ``access_history``, the quarantined statements into one of
``access_history_quarantine``. Spark gets back one short row per task
(:func:`report_schema`): the files written and the statements by outcome.

Why the worker writes: handed to Spark, the nested records crossed from Arrow into the JVM's
rows and went through Spark's Parquet writer, which cost the JVM about as much CPU as the
resolving cost the workers (benchmarks/README.md, "Spark local[2] against one core"). Here
the JVM reads the lines, shuffles them by statement shape and feeds the workers; the
records never enter it.

What a failed or repeated task attempt wrote is never read: every attempt writes files of
its own name (partition, attempt and a random part), and the driver commits the files named
by the reports Spark returned, one per partition, from the attempt that counted
(:meth:`resources.warehouse.Warehouse.replacing_parts`). A task whose write fails
removes what it had begun (an object store's upload is aborted where fsspec can) and fails,
as a Spark write's task would.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Callable, Iterable, Iterator

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from ..files import filesystem
from ..resolve import FAILED, NO_RECORD, QUARANTINED, RECORDED
from .batch import outcomes_schema
from .records import OVERVIEW, RECORD_COLUMNS, record_overview, records_schema

__all__ = ["COMPRESSION", "PREVIEW_KEYS", "PREVIEW_ORDER", "QUARANTINED_OVERVIEW", "QUARANTINE_COLUMNS", "STATUSES",
           "WARNING_COLUMNS", "WARNING_OVERVIEW", "FirstRows", "discard_file", "first_quarantined", "first_records",
           "first_warnings", "part_name", "quarantine_schema", "quarantined_overview", "report_schema",
           "warning_overview", "write_empty", "write_outcomes"]

STATUSES = (RECORDED, NO_RECORD, FAILED, QUARANTINED)
#: The columns of a quarantined statement, taken from the outcome rows.
QUARANTINE_COLUMNS = ("query_id", "query_start_time", "user_name", "parent_query_id", "root_query_id",
                      "account_name", "reason", "query_text", "log_position", "file", "line")
#: How a task's part files are compressed: zstd wrote a day's records as fast as snappy and 29 % smaller, and
#: Spark and pyarrow read them as fast (benchmarks/README.md, "The records' part files in zstd").
COMPRESSION = "zstd"
#: Arrow bytes a part file's writer gathers before it writes them as one row group: outcome batches are
#: small (4,096 rows), and a row group per batch would make files slow to read.
ROW_GROUP_BYTES = 64 << 20


def quarantine_schema() -> pa.Schema:
    """The ``access_history_quarantine`` table: the outcome columns of :data:`QUARANTINE_COLUMNS`."""
    outcomes = outcomes_schema()
    return pa.schema([outcomes.field(name) for name in QUARANTINE_COLUMNS])


def report_schema() -> pa.Schema:
    """What a task reports: the part files it wrote (names in their version folders; null when it wrote
    none), the records written, its statements by outcome, those without a record by reason, and its first
    records and quarantined statements as the previews show them (:func:`~.records.record_overview`,
    :func:`quarantined_overview`), and the statements recorded with warnings and the first of them."""
    return pa.schema([
        pa.field("records_file", pa.string()), pa.field("records", pa.int64()),
        pa.field("quarantine_file", pa.string()),
        *(pa.field(status, pa.int64()) for status in STATUSES),
        pa.field("no_record_reasons", pa.list_(pa.struct([("reason", pa.string()), ("statements", pa.int64())]))),
        pa.field("first_records", pa.list_(OVERVIEW)), pa.field("first_quarantined", pa.list_(QUARANTINED_OVERVIEW)),
        pa.field("warned", pa.int64()), pa.field("first_warnings", pa.list_(WARNING_OVERVIEW)),
    ])


def write_outcomes(batches: Iterable[pa.RecordBatch], *, resolve: Callable[[Iterable[pa.RecordBatch]],
                   Iterator[pa.RecordBatch]], records_uri: str, quarantine_uri: str,
                   preview: int = 0) -> Iterator[pa.RecordBatch]:
    """``mapInArrow``'s function: resolve this task's lines with ``resolve`` (a bound
    :func:`~access_history_platform.spark.batch.resolve_batch`), write its records under ``records_uri``
    and its quarantined statements under ``quarantine_uri``, and yield one row of :func:`report_schema`
    (with its first ``preview`` records and quarantined statements)."""
    name = part_name()
    records = PartWriter(f"{records_uri}/{name}", records_schema())
    quarantine = PartWriter(f"{quarantine_uri}/{name}", quarantine_schema())
    tally = OutcomeTally()
    first, first_set_aside, first_warned = first_records(preview), first_quarantined(preview), first_warnings(preview)
    try:
        for batch in resolve(batches):
            tally.add(batch)
            status = batch.column("status")
            is_recorded = pc.equal(status, RECORDED)
            recorded = batch.filter(is_recorded).select(list(RECORD_COLUMNS))
            records.add(recorded)
            first.add(recorded)
            first_warned.add(batch.filter(pc.and_(is_recorded, pc.is_valid(batch.column("reason"))))
                             .select(list(WARNING_COLUMNS)))
            set_aside = batch.filter(pc.equal(status, QUARANTINED)).select(list(QUARANTINE_COLUMNS))
            quarantine.add(set_aside)
            first_set_aside.add(set_aside)
        records_file, quarantine_file = records.close(), quarantine.close()
    except BaseException:
        records.discard()
        quarantine.discard()
        raise
    yield pa.RecordBatch.from_pylist([{"records_file": records_file, "records": records.rows,
                                       "quarantine_file": quarantine_file, **tally.report(),
                                       "first_records": first.overview(),
                                       "first_quarantined": first_set_aside.overview(),
                                       "first_warnings": first_warned.overview()}], schema=report_schema())


def write_empty(uri: str, schema: pa.Schema) -> str:
    """A part file of no rows in the folder ``uri`` (a table's partition whose tasks wrote none keeps its
    columns for a reader that reads its files, as Spark's writer leaves one); its name."""
    name = part_name()
    fs, path = filesystem(f"{uri}/{name}")
    with fs.open(path, "wb") as handle:
        pq.write_table(schema.empty_table(), handle, compression=COMPRESSION)
    return name


def part_name(suffix: str = f".{COMPRESSION}.parquet") -> str:
    """A part file's name no other task or attempt can have: its partition, attempt and a random part.
    Names sort in the order of the partitions."""
    from pyspark import TaskContext

    task = TaskContext.get()
    where = f"{task.partitionId():05d}-{task.attemptNumber()}" if task is not None else "00000-0"
    return f"part-{where}-{uuid.uuid4().hex}{suffix}"


def discard_file(handle, uri: str) -> None:  # type: ignore[no-untyped-def]
    """Throw away the file ``uri`` left half written through ``handle`` (best effort: the driver never names it
    anyway): a local file is removed; on an object store the upload is aborted where its fsspec file implements
    ``discard`` (s3fs), and a bucket's rule for incomplete uploads takes what remains (deploy/README.md)."""
    try:
        fs, path = filesystem(uri)
        protocols = fs.protocol if isinstance(fs.protocol, (tuple, list)) else (fs.protocol,)
        if "file" in protocols:
            handle.close()
            fs.rm(path)
        else:
            handle.discard()
    except Exception:  # noqa: BLE001 - the task fails with its own error; an unnamed file is never read
        pass


class OutcomeTally:
    """A task's statements by outcome (a statement's first row counts it), those without a record by reason, and
    those recorded with warnings."""

    def __init__(self) -> None:
        self.statuses: Counter[str] = Counter()
        self.reasons: Counter[str] = Counter()
        self.warned = 0

    def add(self, batch: pa.RecordBatch) -> None:
        status = batch.column("status")
        self.statuses.update(_counts(pc.filter(status, pc.equal(batch.column("record_index"), 0))))
        self.reasons.update(_counts(pc.filter(batch.column("reason"), pc.equal(status, NO_RECORD))))
        self.warned += pc.sum(pc.and_(pc.equal(status, RECORDED), pc.is_valid(batch.column("reason")))).as_py() or 0

    def report(self) -> dict:
        return {**{status: self.statuses[status] for status in STATUSES}, "warned": self.warned,
                "no_record_reasons": [{"reason": reason, "statements": n} for reason, n in sorted(
                    self.reasons.items(), key=lambda item: item[0] or "")]}


def _counts(values: pa.Array) -> Counter[str]:
    return Counter({row["values"]: row["counts"] for row in pc.value_counts(values).to_pylist()})


#: The columns a records preview is ordered by, each ascending: start time, then query_id.
PREVIEW_KEYS = ("query_start_time", "query_id")
#: :data:`PREVIEW_KEYS` as pyarrow's sort keys.
PREVIEW_ORDER = [(name, "ascending") for name in PREVIEW_KEYS]
#: A quarantined statement as the quarantine's preview shows it (:func:`quarantined_overview`); ``log_position``
#: orders the tasks' rows.
QUARANTINED_OVERVIEW = pa.struct([("query_id", pa.string()), ("file_name", pa.string()), ("line", pa.int64()),
                                  ("reason", pa.string()), ("log_position", pa.int64())])


def quarantined_overview(row: dict) -> dict:
    """A row of :func:`quarantine_schema` as the quarantine's preview shows it: its file by the file's name alone.

    >>> quarantined_overview({"query_id": "q1", "file": "s3://zone/A/2024-03-01/log.jsonl", "line": 3,
    ...                       "reason": "parse error", "log_position": 7})["file_name"]
    'log.jsonl'
    """
    file = row["file"]
    return {"query_id": row["query_id"], "file_name": None if file is None else file.rsplit("/", 1)[-1],
            "line": row["line"], "reason": row["reason"], "log_position": row["log_position"]}


#: The columns of a statement recorded with warnings, taken from the outcome rows (its warnings are its first
#: record's ``reason``).
WARNING_COLUMNS = ("query_id", "reason", "log_position")
#: A statement recorded with warnings as the materialization shows it (:func:`warning_overview`).
WARNING_OVERVIEW = pa.struct([("query_id", pa.string()), ("warnings", pa.string()), ("log_position", pa.int64())])


def warning_overview(row: dict) -> dict:
    """A row of :data:`WARNING_COLUMNS` as the materialization shows it.

    >>> warning_overview({"query_id": "q1", "reason": "column SSN: ...", "log_position": 4})["warnings"]
    'column SSN: ...'
    """
    return {"query_id": row["query_id"], "warnings": row["reason"], "log_position": row["log_position"]}


class FirstRows:
    """A task's first ``count`` rows in ``order`` (pyarrow's sort keys), kept as its batches go by and shown by
    ``show``: a partition's preview is the first of all tasks' (the driver never reads what it just had written
    for it)."""

    def __init__(self, count: int, order: list[tuple[str, str]], show: Callable[[dict], dict]) -> None:
        self.count, self.order, self.show = count, order, show
        self.kept: pa.Table | None = None

    def add(self, batch: pa.RecordBatch) -> None:
        if not batch.num_rows or not self.count:
            return
        table = pa.Table.from_batches([batch])
        if self.kept is not None:
            table = pa.concat_tables([self.kept, table])
        self.kept = table.take(pc.select_k_unstable(table, min(self.count, table.num_rows), self.order))

    def overview(self) -> list[dict]:
        """The rows kept, in order, as ``show`` shows them."""
        if self.kept is None:
            return []
        return [self.show(row) for row in self.kept.sort_by(self.order).to_pylist()]


def first_records(count: int) -> FirstRows:
    """A task's first ``count`` records in :data:`PREVIEW_ORDER`, as :func:`~.records.record_overview` shows them."""
    return FirstRows(count, PREVIEW_ORDER, record_overview)


def first_quarantined(count: int) -> FirstRows:
    """A task's first ``count`` quarantined statements in log order, as :func:`quarantined_overview` shows them."""
    return FirstRows(count, [("log_position", "ascending")], quarantined_overview)


def first_warnings(count: int) -> FirstRows:
    """A task's first ``count`` statements recorded with warnings in log order, as :func:`warning_overview` shows
    them."""
    return FirstRows(count, [("log_position", "ascending")], warning_overview)


class PartWriter:
    """One part file, opened on its first row: rows gathered to ``ROW_GROUP_BYTES`` and written as a row group."""

    def __init__(self, uri: str, schema: pa.Schema) -> None:
        self.uri, self.schema = uri, schema
        self.rows = 0
        self._pending: list[pa.RecordBatch] = []
        self._pending_bytes = 0
        self._handle = None
        self._writer: pq.ParquetWriter | None = None

    def add(self, batch: pa.RecordBatch) -> None:
        if not batch.num_rows:
            return
        self._pending.append(batch)
        self._pending_bytes += batch.nbytes
        self.rows += batch.num_rows
        if self._pending_bytes >= ROW_GROUP_BYTES:
            self._flush()

    def close(self) -> str | None:
        """Write what is left and close; the file's name (None when it got no row)."""
        if not self.rows:
            return None
        self._flush()
        if self._writer is None or self._handle is None:
            raise RuntimeError(f"{self.uri}: rows were added but no file was opened")
        self._writer.close()
        self._handle.close()
        return self.uri.rsplit("/", 1)[1]

    def discard(self) -> None:
        """Throw away a file left half written (:func:`discard_file`)."""
        if self._handle is None:
            return
        try:
            if self._writer is not None:
                self._writer.close()  # the footer goes into the handle: else the writer's finalizer writes it later
        except Exception:  # noqa: BLE001 - the task fails with its own error
            pass
        discard_file(self._handle, self.uri)

    def _flush(self) -> None:
        if not self._pending:
            return
        if self._writer is None:
            fs, path = filesystem(self.uri)
            self._handle = fs.open(path, "wb")
            self._writer = pq.ParquetWriter(self._handle, self.schema, compression=COMPRESSION)
        table = pa.Table.from_batches(self._pending, schema=self.schema)
        self._writer.write_table(table, row_group_size=table.num_rows)
        self._pending, self._pending_bytes = [], 0
