"""Resolving a share of one account-day's log inside a Spark worker, over whole batches.

Spark splits a day's log lines (rows of ``raw_query_logs``) across workers. Each worker
runs :func:`resolve_batch` over its whole share: it merges its lines with the day's
catalog-changing lines and the lines that set a session's variables (every worker gets them
all: the ``changes_catalog`` column), puts them in the log's total order
(``log_position``), and resolves them with the engine's
:class:`~access_history_platform.resolve.Resolver` against the catalog as it was at the
start of the day. Only its own statements come out; the DDL of the other shares is
replayed silently, so every statement sees the catalog as it was at its point of the log,
exactly as ``ahp resolve`` resolves the whole log in one pass.

A statement is never fatal to its batch: what the engine cannot resolve comes out
``quarantined`` with the reason (a parse error, the per-statement time budget, or an
unexpected error inside the engine, named with its type), with its file and line. The
time budget per statement (``time_budget`` seconds) is the engine's ``SIGALRM`` timer:
PySpark runs a ``mapInArrow`` function in the main thread of its Python worker process,
where signals are delivered, so the budget holds inside Spark as it does in ``ahp resolve``.

Everything a worker needs (the catalog at the start of the day, the catalog-changing lines,
the parent map) travels inside the function's closure (:func:`make_resolve_batch` binds it
with :func:`functools.partial`), which Spark pickles with the function. That works both on
a classic session and over Spark Connect, where broadcast variables do not exist.
"""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from datetime import datetime, timedelta, timezone
from functools import partial
from typing import Any, Callable, Iterable, Iterator

import pyarrow as pa

from ..catalog import Catalog, catalog_from_state
from ..resolution_cache import ResolutionCache
from ..resolve import (
    QUARANTINED,
    RECORDED,
    Outcome,
    Sessions,
    Statement,
    expand_line,
    fewer_collections,
    internal_error,
    resolve_statements,
)
from ..sql.binder import derive_view_columns
from ..sql.resolution import RecordParts
from .logs import BYTES_PER_BATCH, StoredLine
from .records import OBJECT_COLUMNS, RecordShapeError, object_column, record_objects, records_schema

__all__ = ["OutcomeBatches", "batch_rows", "make_resolve_batch", "ordered_statements", "outcomes_schema",
           "resolve_batch"]

_ROWS_PER_BATCH = 4096
#: Arrow bytes of distinct object values a task keeps for its later batches to repeat.
_DISTINCT_BYTES = 64 << 20


def outcomes_schema() -> pa.Schema:
    """What :func:`resolve_batch` yields: the record columns plus the statement's outcome.

    ``status`` is one of ``recorded`` (one row per record, numbered by ``record_index``; the
    first one's ``reason`` holds the statement's warnings, if any, joined by ``; ``),
    ``no_record``, ``failed`` and ``quarantined`` (one row per statement, with ``reason``);
    ``query_text`` is the statement's own text, ``log_position`` its line's place in the
    day's log, and ``file`` and ``line`` where that line was landed (``query_text`` and
    ``file`` are null on ``recorded`` rows: the records table keeps neither).
    """
    return pa.schema([
        *records_schema(),
        pa.field("status", pa.string()), pa.field("reason", pa.string()), pa.field("record_index", pa.int32()),
        pa.field("query_text", pa.string()), pa.field("log_position", pa.int64()),
        pa.field("file", pa.string()), pa.field("line", pa.int64()),
    ])


def make_resolve_batch(*, catalog_state: dict[str, Any], catalog_lines: list[dict[str, Any]],
                       parents: dict[str, str], account: str, dialect: str = "snowflake",
                       time_budget: float | None = 5.0,
                       decided: dict[str, str | None] | None = None,
                       ) -> Callable[[Iterable[pa.RecordBatch]], Iterator[pa.RecordBatch]]:
    """:func:`resolve_batch` with the day's shared inputs bound, ready for ``mapInArrow``."""
    state_key = day_key(catalog_state, catalog_lines, decided)
    return partial(resolve_batch, catalog_state=catalog_state, catalog_lines=catalog_lines, parents=parents,
                   account=account, dialect=dialect, time_budget=time_budget, state_key=state_key,
                   decided=decided)


def day_key(catalog_state: dict[str, Any], catalog_lines: list[dict[str, Any]],
            decided: dict[str, str | None] | None) -> str:
    """What fixes a day's catalog at every point of its log: the catalog at its start, its
    catalog-changing lines and what was decided for each. Batches of one key replay the same
    changes in the same order, so what one batch cached holds for the others.

    >>> day_key({"objects": []}, [], None) == day_key({"objects": []}, [{"query_id": "q1"}], None)
    False
    """
    day = {"catalog": catalog_state, "lines": catalog_lines, "decided": decided}
    return hashlib.sha256(json.dumps(day, sort_keys=True, default=str).encode()).hexdigest()


# One catalog and one resolution cache per worker process and day (:func:`day_key`): Spark reuses
# its Python workers across tasks, so the batches of a day resolved by one process share what
# earlier ones parsed and resolved. Each batch replays the day on its own copy, which shares the
# objects nobody changes, so cached resolutions stay valid across batches (checked object by
# object, or trusted at the catalog version and lineage they were made at). Two days that start
# alike but change the catalog otherwise (a day redone after a late file brought DDL, two accounts
# with one snapshot) get caches of their own.
_WORKER_STATES: OrderedDict[tuple[str, str], tuple[Catalog, ResolutionCache]] = OrderedDict()
_WORKER_STATES_KEPT = 4


def worker_catalog(catalog_state: dict[str, Any], state_key: str | None, dialect: str) -> tuple[Catalog, ResolutionCache]:
    """This process's copy of a day's starting catalog, and the cache shared by its batches."""
    key = (state_key or "", dialect)
    entry = _WORKER_STATES.get(key) if state_key else None
    if entry is None:
        base = catalog_from_state(catalog_state)
        derive_view_columns(base, dialect)
        entry = (base, ResolutionCache())
        if state_key:
            _WORKER_STATES[key] = entry
            if len(_WORKER_STATES) > _WORKER_STATES_KEPT:
                _WORKER_STATES.popitem(last=False)
    else:
        _WORKER_STATES.move_to_end(key)
    return entry[0].copy(), entry[1]


def resolve_batch(batches: Iterable[pa.RecordBatch], *, catalog_state: dict[str, Any],
                  catalog_lines: list[dict[str, Any]], parents: dict[str, str], account: str,
                  dialect: str = "snowflake", time_budget: float | None = 5.0,
                  state_key: str | None = None,
                  decided: dict[str, str | None] | None = None) -> Iterator[pa.RecordBatch]:
    """Resolve this worker's lines (``raw_query_logs`` rows) and yield rows of :func:`outcomes_schema`.

    ``catalog_state`` is the catalog at the start of the day (as
    :func:`~access_history_platform.catalog.catalog_to_dict` gives it; the ``"catalog"`` of a
    day state), ``catalog_lines``
    the day's lines that may change the catalog, and ``parents`` the day's
    ``query_id -> parent_query_id`` map (for ``root_query_id``); ``decided`` what the day's catalog
    replay decided for each catalog-changing statement, followed here instead of deciding again.
    """
    with fewer_collections():  # the whole batch: reading the rows and building the output allocate as much
        yield from _resolve_rows([row for batch in batches for row in batch_rows(batch)], catalog_state=catalog_state,
                                 catalog_lines=catalog_lines, parents=parents, account=account, dialect=dialect,
                                 time_budget=time_budget, state_key=state_key, decided=decided)


_EPOCH = datetime(1970, 1, 1, tzinfo=timezone.utc)


def batch_rows(batch: pa.RecordBatch) -> list[dict[str, Any]]:
    """The batch's rows, as ``to_pylist`` gives them, but for a UTC timestamp's ``tzinfo`` (``timezone.utc``, not
    ``zoneinfo``'s UTC): built from its microseconds, five times quicker.

    >>> stamp = datetime(2024, 3, 1, 9, 0, 0, 123456, tzinfo=timezone.utc)
    >>> batch = pa.RecordBatch.from_pylist([{"t": stamp, "n": "a"}, {"t": None, "n": None}],
    ...                                    schema=pa.schema([("t", pa.timestamp("us", tz="UTC")), ("n", pa.string())]))
    >>> batch_rows(batch) == batch.to_pylist() == [{"t": stamp, "n": "a"}, {"t": None, "n": None}]
    True
    """
    columns = []
    for field, column in zip(batch.schema, batch.columns):
        kind = field.type
        if pa.types.is_timestamp(kind) and kind.unit == "us" and kind.tz == "UTC":
            columns.append([None if micros is None else _EPOCH + timedelta(microseconds=micros)
                            for micros in column.cast(pa.int64()).to_pylist()])
        else:
            columns.append(column.to_pylist())
    names = batch.schema.names
    return [dict(zip(names, values)) for values in zip(*columns)]


def _resolve_rows(own: list[dict[str, Any]], *, catalog_state: dict[str, Any], catalog_lines: list[dict[str, Any]],
                  parents: dict[str, str], account: str, dialect: str, time_budget: float | None,
                  state_key: str | None, decided: dict[str, str | None] | None = None) -> Iterator[pa.RecordBatch]:
    if not own:
        return
    sources = {row["log_position"]: (row.get("file"), row.get("line")) for row in own}
    statements = ordered_statements(own, catalog_lines, parents, dialect=dialect)
    catalog, shared = worker_catalog(catalog_state, state_key, dialect)
    outcomes = resolve_statements(catalog, [statement for statement, _ in statements], dialect=dialect,
                                  time_budget=time_budget, emit=lambda s: s.position[0] in sources, shared=shared,
                                  build=False, decided=decided)
    builder = OutcomeBatches(account)
    for outcome in outcomes:
        full = builder.add(outcome, sources.get(outcome.statement.position[0]))
        if full is not None:
            yield full
    last = builder.flush()
    if last is not None:
        yield last


def ordered_statements(own: list[dict[str, Any]], shared: list[dict[str, Any]], parents: dict[str, str], *,
                       dialect: str = "snowflake") -> list[tuple[Statement, bool]]:
    """The statements of ``own`` and ``shared`` log rows in log order, each marked as own or not.

    A row in both lists counts once, as own. Rows carry ``log_position``: the place of the
    line in the day's log ordered by ``query_start_time``, then file name and line number.
    """
    by_position: dict[int, tuple[dict[str, Any], bool]] = {row["log_position"]: (row, False) for row in shared}
    by_position.update((row["log_position"], (row, True)) for row in own)
    out: list[tuple[Statement, bool]] = []
    sessions: Sessions = {}  # what each session has set so far (the lines that set it are all shared)
    for position in sorted(by_position):
        row, is_own = by_position[position]
        out.extend((s, is_own) for s in expand_line(StoredLine(row), position, parents, dialect=dialect,
                                                    sessions=sessions))
    return out


_OBJECT_POSITION = {name: index for index, name in enumerate(OBJECT_COLUMNS)}
_NO_OBJECTS = (None,) * len(OBJECT_COLUMNS)
_ROW_ORDER = ("query_id", "query_start_time", "user_name", "parent_query_id", "root_query_id", "account_name",
              "status", "reason", "record_index", "query_text", "log_position", "file", "line")


class _Conversions:
    """The object lists this worker process has recently converted (:func:`object_column`) for its records, each
    entry holding what it was converted from, so that its id stays its own: a cached resolution's lists by its
    parts; each list by the list it was converted from and by its text (resolutions made afresh, or refreshed
    after a catalog change, mostly give their statements lists equal to the ones before); and each combination
    of converted lists as one tuple, which the batches build into Arrow once. Forgotten all at once past
    ``kept`` resolutions or ``max_bytes`` of list texts."""

    def __init__(self, kept: int = 20_000, max_bytes: int = 64 << 20) -> None:
        self.kept, self.max_bytes = kept, max_bytes
        self._forget()

    def _forget(self) -> None:
        self.by_parts: dict[int, tuple[RecordParts, list[tuple]]] = {}
        self.by_list: dict[int, tuple[Any, Any]] = {}
        self.by_text: dict[tuple[str, str], Any] = {}
        self.rows: dict[tuple[int, ...], tuple] = {}
        self.text_bytes = 0

    def record(self, parts: RecordParts) -> list[tuple]:
        """The object lists of the one record ``parts`` make (as :func:`~.resolve.build_records` gives them),
        converted."""
        hit = self.by_parts.get(id(parts))
        if hit is not None and hit[0] is parts:
            return hit[1]
        if len(self.by_parts) >= self.kept or self.text_bytes >= self.max_bytes:
            self._forget()
        ddl = parts.object_modified_by_ddl
        columns = tuple(self.column(name, value) for name, value in zip(OBJECT_COLUMNS, (
            parts.direct_objects_accessed, parts.base_objects_accessed, parts.objects_modified,
            ddl[0] if ddl else None, parts.policies_referenced)))
        converted = [self.rows.setdefault(tuple(map(id, columns)), columns)]
        self.by_parts[id(parts)] = (parts, converted)
        return converted

    def column(self, name: str, value: Any) -> Any:
        if value is None:
            return None
        held = self.by_list.get(id(value))
        if held is not None and held[0] is value:
            return held[1]
        text = repr(value)  # plain data (text, numbers, lists, dicts): equal texts, equal lists
        converted = self.by_text.get((name, text))
        if converted is None:
            converted = self.by_text[name, text] = object_column(name, value)
            self.text_bytes += len(text)
        self.by_list[id(value)] = (value, converted)
        return converted


_CONVERSIONS = _Conversions()


class OutcomeBatches:
    """Outcomes as Arrow batches of :func:`outcomes_schema`, gathered column by column.

    A recorded outcome gives one row per record (numbered by ``record_index``); any other
    one row with its reason. The object lists of a record are converted to the table's shape
    once per worker process (:class:`_Conversions`: the outcomes of a cached resolution share its
    lists, and equal lists are converted once), and into Arrow once for all the task's batches:
    each distinct value is built once, kept in a table of the distinct values so far, and
    repeated by index (a day is mostly repeats of few templates, spread over every batch).
    A batch is full at ``rows`` rows or once its statement texts and reasons weigh ``max_bytes``.
    """

    def __init__(self, account: str, *, rows: int = _ROWS_PER_BATCH, max_bytes: int = BYTES_PER_BATCH) -> None:
        self.account = account
        self.schema = outcomes_schema()
        self.rows, self.max_bytes = rows, max_bytes
        self._plain_names = [name for name in self.schema.names if name not in _OBJECT_POSITION]
        self._object_fields = [self.schema.field(name) for name in OBJECT_COLUMNS]
        self._forget()
        self._start()

    def _forget(self) -> None:
        # The distinct object values so far: held (their ids stay theirs), by their place in ``distinct`` (built
        # up to its length). The first is a row without objects.
        self.values: list[tuple] = [_NO_OBJECTS]
        self.slots: dict[int, int] = {id(_NO_OBJECTS): 0}
        self.distinct: pa.Table | None = None

    def _start(self) -> None:
        self.plain: dict[str, list[Any]] = {name: [] for name in self._plain_names}
        self._columns = [self.plain[name] for name in _ROW_ORDER]
        self.picks: list[int] = []
        self.weight = 0

    def add(self, outcome: Outcome, source: tuple[str | None, int | None] | None = None) -> pa.RecordBatch | None:
        """Add the outcome's rows (``source``: the file and line of its log line); a full batch, if one is."""
        statement = outcome.statement
        file, line = source or (None, None)
        if outcome.status == RECORDED:
            try:
                objects = self._objects(outcome)
            except RecordShapeError as err:
                self._row(statement, QUARANTINED, f"the record does not fit the table: {err}", file, line)
            except Exception as err:  # noqa: BLE001 - building the records: one statement never stops the batch
                self._row(statement, QUARANTINED, internal_error(err), file, line)
            else:
                # The records table keeps neither the text nor the file of a statement.
                warned = "; ".join(outcome.warnings) or None  # (on its first record's row: its reason)
                for index, converted in enumerate(objects):
                    self._row(statement, RECORDED, None if index else warned, None, line, index=index,
                              objects=converted)
        else:
            self._row(statement, outcome.status, outcome.reason, file, line)
        if len(self.picks) >= self.rows or self.weight >= self.max_bytes:
            return self.flush()
        return None

    @staticmethod
    def _objects(outcome: Outcome) -> list[tuple]:
        """The converted object lists of each of the outcome's records (once per cached resolution:
        the records of its repeats share the parts' lists)."""
        parts = outcome.parts
        if parts is None or outcome.record_count != 1:
            return [record_objects(record) for record in outcome.records]
        return _CONVERSIONS.record(parts)

    def _row(self, statement: Statement, status: str, reason: str | None, file: str | None, line: int | None, *,
             index: int = 0, objects: tuple | None = None) -> None:
        recorded = status == RECORDED
        start = statement.start_time
        if recorded:  # as the record has it: milliseconds, in UTC
            start = start.replace(microsecond=start.microsecond - start.microsecond % 1000)
        text = None if recorded else statement.text
        for column, value in zip(self._columns, (
                statement.query_id, start, statement.user_name, statement.parent_query_id, statement.root_query_id,
                self.account, status, reason, index, text, statement.position[0], None if recorded else file, line)):
            column.append(value)
        if objects is None:
            self.picks.append(0)
        else:
            slot = self.slots.get(id(objects))
            if slot is None:
                slot = self.slots[id(objects)] = len(self.values)
                self.values.append(objects)
            self.picks.append(slot)
        self.weight += len(text or "") + len(reason or "")

    def flush(self) -> pa.RecordBatch | None:
        """The rows gathered since the last batch, as one batch (None when there are none)."""
        if not self.picks:
            return None
        built = 0 if self.distinct is None else self.distinct.num_rows
        if built < len(self.values):
            fresh = self.values[built:]
            table = pa.Table.from_arrays([pa.array([value[position] for value in fresh], type=field.type)
                                          for position, field in enumerate(self._object_fields)],
                                         schema=pa.schema(self._object_fields))
            self.distinct = (table if self.distinct is None
                             else pa.concat_tables([self.distinct, table]).combine_chunks())
        objects = self.distinct.take(pa.array(self.picks, type=pa.int32()))
        if self.distinct.nbytes >= _DISTINCT_BYTES:  # a day of few repeats: start again rather than hold it all
            self._forget()
        arrays = []
        for field in self.schema:
            position = _OBJECT_POSITION.get(field.name)
            if position is None:
                arrays.append(pa.array(self.plain[field.name], type=field.type))
            else:
                arrays.append(objects.column(position).combine_chunks())
        self._start()
        return pa.RecordBatch.from_arrays(arrays, schema=self.schema)
