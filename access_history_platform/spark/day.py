"""One account-day resolved in Spark: the stored log lines in, the records written and the quarantine out.

:func:`resolve_day` is the whole of the ``access_history`` asset's Spark work. The day's
lines are split into tasks by statement shape (every repeat of a template goes to the task,
and the worker's cache, that resolves it first, so a template is resolved once per day, not
once per task); each task runs :func:`~access_history_platform.spark.batch.resolve_batch`
over its whole share, with the catalog at the start of the day, the day's catalog-changing
lines and the parent map in the function's closure.

The day is resolved once: the records are written straight from the resolving stage, and
the quarantined statements come back to the driver with that write's metrics, up to
``CARRY_BYTES`` (each task carries its share). A day whose quarantine weighs more is
resolved again with its outcomes cached (:attr:`ResolvedDay.resolved_twice`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pyarrow as pa
from pyspark.sql import DataFrame, Observation, Row
from pyspark.sql import functions as F

from ..resolve import FAILED, NO_RECORD, QUARANTINED, RECORDED, no_record_kinds
from .batch import make_resolve_batch, outcomes_schema
from .logs import RESOLVER_COLUMNS
from .records import RECORD_COLUMNS
from .transforms import spark_schema, statement_shape

STATUSES = (RECORDED, NO_RECORD, FAILED, QUARANTINED)
#: The quarantined rows a records write may bring back to the driver, in bytes (texts and reasons
#: plus about 256 each); a day whose quarantine weighs more is resolved again, its outcomes cached.
CARRY_BYTES = 32 << 20
UNCARRIED = "quarantined_not_carried"
#: The columns of a quarantined statement, taken from the outcome rows.
QUARANTINE_COLUMNS = ("query_id", "query_start_time", "user_name", "parent_query_id", "root_query_id",
                      "account_name", "reason", "query_text", "log_position", "file", "line")


@dataclass
class ResolvedDay:
    """What :func:`resolve_day` did: rows written, statements by status, and the quarantine to write."""

    lines: int
    catalog_lines: int
    tasks: int
    records: int
    counts: dict[str, int]
    quarantined: DataFrame
    resolved_twice: bool
    no_record_kinds: dict[str, int] = field(default_factory=dict)  # statements without a record, by kind
    _cached: DataFrame | None = None

    def release(self) -> None:
        """Drop the cached outcomes of a day resolved twice (after the quarantine was written)."""
        if self._cached is not None:
            self._cached.unpersist()


def quarantine_schema() -> pa.Schema:
    """The ``access_history_quarantine`` table."""
    outcomes = outcomes_schema()
    return pa.schema([outcomes.field(name) for name in QUARANTINE_COLUMNS])


def day_inputs(lines: DataFrame) -> dict[str, Any]:
    """What every task needs from the whole day: its catalog-changing lines and its parent map (few)."""
    # Sorted here, not by Spark: an observation below a sort is lost when the sort is empty.
    counted = Observation()
    shared = sorted((lines.observe(counted, F.count(F.lit(1)).alias("lines"))
                     .where(F.col("changes_catalog") | F.col("parent_query_id").isNotNull())
                     .toArrow().to_pylist()), key=lambda row: row["log_position"])
    return {
        "lines": int(counted.get["lines"]),
        "catalog_lines": [row for row in shared if row["changes_catalog"]],
        "parents": {row["query_id"]: row["parent_query_id"] for row in shared if row["parent_query_id"]},
    }


def resolve_day(lines: DataFrame, records_uri: str, *, catalog_state: dict[str, Any], account: str, dialect: str,
                time_budget: float | None, tasks_for: Callable[[int], int],
                write: Callable[[DataFrame, str], int], decided: dict[str, str | None] | None = None) -> ResolvedDay:
    """Resolve the stored lines of one account-day and write its records (Parquet) to ``records_uri``.

    ``decided`` is the day's catalog replay's outcome of each catalog-changing statement
    (:attr:`~access_history_platform.spark.versions.CatalogDay.decided`): every task follows it
    instead of deciding again, so all see the catalog the ``catalog`` asset stored.

    ``tasks_for`` says how many tasks a day of so many lines gets; ``write`` writes a frame as
    the whole content of a folder and returns its rows (the warehouse's Parquet writer).
    """
    shared = day_inputs(lines)
    tasks = tasks_for(shared["lines"])
    resolve = make_resolve_batch(catalog_state=catalog_state, catalog_lines=shared["catalog_lines"],
                                 parents=shared["parents"], account=account, dialect=dialect,
                                 time_budget=time_budget, carry_bytes=CARRY_BYTES // tasks, decided=decided)
    outcomes = (lines.select(*RESOLVER_COLUMNS).repartition(tasks, statement_shape(F.col("query_text")))
                .mapInArrow(resolve, spark_schema(outcomes_schema())))
    records, counts, carried, kinds = write_records(outcomes, records_uri, write)
    cached = None
    if counts[UNCARRIED]:
        cached = outcomes.persist()
        records, counts, _, kinds = write_records(cached, records_uri, write)
        quarantined = cached.where(F.col("status") == QUARANTINED).select(*QUARANTINE_COLUMNS)
    else:
        quarantined = lines.sparkSession.createDataFrame(quarantine_table(carried), spark_schema(quarantine_schema()))
    return ResolvedDay(lines=shared["lines"], catalog_lines=len(shared["catalog_lines"]), tasks=tasks,
                       records=records, counts=counts, quarantined=quarantined, resolved_twice=cached is not None,
                       no_record_kinds=kinds, _cached=cached)


def write_records(outcomes: DataFrame, uri: str,
                  write: Callable[[DataFrame, str], int]) -> tuple[int, dict[str, int], list[Row], dict[str, int]]:
    """Write the recorded rows of ``outcomes`` to ``uri``; the rows written, the statements by
    status (and ``UNCARRIED``: quarantined rows not ``carried``), the carried quarantined
    rows (``QUARANTINE_COLUMNS``, ``query_start_time`` in microseconds), and the statements without
    a record by kind (from the batches' ``tally`` values, as ``ahp resolve`` counts them), gathered
    while writing."""
    first = F.col("record_index") == 0
    quarantined = F.col("status") == QUARANTINED
    statuses = Observation()
    observed = outcomes.observe(statuses, *[F.count(F.when(condition, 1)).alias(name) for name, condition in {
        **{status: (F.col("status") == status) & first for status in STATUSES},
        UNCARRIED: quarantined & ~F.col("carried")}.items()],
        F.collect_list(F.when(quarantined & F.col("carried"), F.struct(*(
            F.unix_micros(name).alias(name) if name == "query_start_time" else F.col(name)
            for name in QUARANTINE_COLUMNS)))).alias("carried"),
        F.collect_list(F.when(F.col("tally").isNotNull(), F.struct("reason", "tally"))).alias("tallies"))
    rows = write(observed.where(F.col("status") == RECORDED).select(*RECORD_COLUMNS), uri)
    metrics = statuses.get
    kinds = no_record_kinds((row["reason"], row["tally"]) for row in metrics["tallies"])
    return rows, {name: int(metrics[name]) for name in (*STATUSES, UNCARRIED)}, metrics["carried"], kinds


def quarantine_table(rows: list[Row]) -> pa.Table:
    """The carried quarantined rows gathered by :func:`write_records`, as ``access_history_quarantine`` rows."""
    schema = quarantine_schema()
    columns = {name: [row[name] for row in rows] for name in QUARANTINE_COLUMNS}
    columns["query_start_time"] = pa.array(columns["query_start_time"], pa.int64()).cast(
        schema.field("query_start_time").type)
    return pa.table(columns, schema=schema)
