"""One account-day resolved in Spark: the stored log lines in, the records and the quarantine written.

:func:`resolve_day` is the whole of the ``access_history`` asset's Spark work. The day's
lines are split into tasks by statement shape (every repeat of a template goes to the task,
and the worker's cache, that resolves it first, so a template is resolved once per day, not
once per task); each task runs :func:`~access_history_platform.spark.batch.resolve_batch`
over its whole share, with the catalog at the start of the day, the day's catalog-changing
lines and the parent map in the function's closure, and writes its records and quarantined
statements itself (:func:`~access_history_platform.spark.parts.write_outcomes`). The driver
gets one report per task: the part files to commit and the statements by outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from pyspark.sql import DataFrame, Observation, Window
from pyspark.sql import functions as F

from ..resolve import no_record_kinds
from .batch import make_resolve_batch
from ..sql.transactions import TRANSACTIONAL_DDL
from .logs import BLOCK_BOUND, BLOCK_START, RESOLVER_COLUMNS
from .parts import PREVIEW_KEYS, STATUSES, quarantine_schema, report_schema, write_empty, write_outcomes
from .records import records_schema
from .transforms import spark_schema, statement_shape

__all__ = ["ResolvedDay", "day_inputs", "resolve_day", "with_replayed"]


@dataclass
class ResolvedDay:
    """What :func:`resolve_day` did: the part files written, rows and statements by outcome."""

    lines: int
    catalog_lines: int
    tasks: int
    records: int
    counts: dict[str, int]
    #: the part files written, by name in their version folders: what the commits must name
    record_files: list[str] = field(default_factory=list)
    quarantine_files: list[str] = field(default_factory=list)
    no_record_kinds: dict[str, int] = field(default_factory=dict)  # statements without a record, by kind
    #: the day's first records (by :data:`~.parts.PREVIEW_KEYS`) as a preview shows them
    first_records: list[dict[str, Any]] = field(default_factory=list)
    #: the day's first quarantined statements (in log order) as a preview shows them
    first_quarantined: list[dict[str, Any]] = field(default_factory=list)
    #: how many statements were recorded with warnings, and the first of them (in log order)
    warned: int = 0
    first_warnings: list[dict[str, Any]] = field(default_factory=list)


def with_replayed(lines: DataFrame, dialect: str) -> DataFrame:
    """``lines`` with the column ``replayed``: whether every task of the day (and the day's catalog replay) reads the
    line besides its own (:func:`~access_history_platform.spark.logs.replayed_rows`, which says which)."""
    shared = F.col("changes_catalog")
    if dialect not in TRANSACTIONAL_DDL:
        return lines.withColumn("replayed", shared)
    moving = (lines.where(shared & (F.col("session_id") != "")).select(F.col("session_id").alias("_session"))
              .distinct())
    earlier = Window.partitionBy("session_id").orderBy("log_position").rowsBetween(Window.unboundedPreceding, 0)
    numbered = (lines.join(F.broadcast(moving), F.col("session_id") == F.col("_session"), "left_semi")
                .withColumn("_block", F.sum(F.col("query_text").rlike(BLOCK_START).cast("int")).over(earlier)))
    moved = (numbered.where(shared)
             .select(F.col("session_id").alias("_session"), F.explode(F.array(F.col("_block"), F.col("_block") + 1))
                     .alias("_moved")).distinct())
    failed = ~F.col("execution_status").eqNullSafe("SUCCESS")
    bounds = (numbered.where(failed | F.col("query_text").rlike(BLOCK_BOUND))
              .join(moved, (F.col("session_id") == F.col("_session")) & (F.col("_block") == F.col("_moved")),
                    "left_semi")
              .select(F.col("log_position").alias("_bound")))
    return (lines.join(bounds, F.col("log_position") == F.col("_bound"), "left")
            .withColumn("replayed", shared | F.col("_bound").isNotNull()).drop("_bound"))


def day_inputs(lines: DataFrame, dialect: str) -> dict[str, Any]:
    """What every task needs from the whole day: the lines it replays (those that change the catalog or their
    session: :func:`with_replayed`) and its parent map (few)."""
    # Sorted here, not by Spark: an observation below a sort is lost when the sort is empty.
    counted = Observation()
    shared = sorted((with_replayed(lines, dialect).observe(counted, F.count(F.lit(1)).alias("lines"))
                     .where(F.col("replayed") | F.col("parent_query_id").isNotNull())
                     .toArrow().to_pylist()), key=lambda row: row["log_position"])
    return {
        "lines": int(counted.get["lines"]),
        "catalog_lines": [row for row in shared if row["replayed"]],
        "parents": {row["query_id"]: row["parent_query_id"] for row in shared if row["parent_query_id"]},
    }


def resolve_day(lines: DataFrame, records_uri: str, quarantine_uri: str, *, catalog_state: dict[str, Any],
                account: str, dialect: str, time_budget: float | None, tasks_for: Callable[[int], int],
                decided: dict[str, str | None] | None = None, preview: int = 0) -> ResolvedDay:
    """Resolve the stored lines of one account-day; its records go to part files in ``records_uri`` and its
    quarantined statements to part files in ``quarantine_uri`` (version folders the caller commits with the
    files :class:`ResolvedDay` names).

    ``decided`` is the day's catalog replay's outcome of each catalog-changing statement
    (:attr:`~access_history_platform.spark.versions.CatalogDay.decided`): every task follows it
    instead of deciding again, so all see the catalog the ``catalog`` asset stored.
    ``tasks_for`` says how many tasks a day of so many lines gets. A table none of whose tasks wrote a row gets
    one part file of no rows (written here), so that its partition keeps its columns for any reader.
    ``preview``: how many of the day's first records, quarantined statements and statements recorded with warnings
    :attr:`ResolvedDay.first_records`, :attr:`ResolvedDay.first_quarantined` and :attr:`ResolvedDay.first_warnings`
    give.
    """
    shared = day_inputs(lines, dialect)
    tasks = tasks_for(shared["lines"])
    resolve = make_resolve_batch(catalog_state=catalog_state, catalog_lines=shared["catalog_lines"],
                                 parents=shared["parents"], account=account, dialect=dialect,
                                 time_budget=time_budget, decided=decided)
    task = partial(write_outcomes, resolve=resolve, records_uri=records_uri, quarantine_uri=quarantine_uri,
                   preview=preview)
    reports = (lines.select(*RESOLVER_COLUMNS).repartition(tasks, statement_shape(F.col("query_text")))
               .mapInArrow(task, spark_schema(report_schema())).toArrow().to_pylist())
    record_files = [report["records_file"] for report in reports if report["records_file"]]
    quarantine_files = [report["quarantine_file"] for report in reports if report["quarantine_file"]]
    return ResolvedDay(
        lines=shared["lines"], catalog_lines=len(shared["catalog_lines"]), tasks=tasks,
        records=sum(report["records"] for report in reports),
        counts={status: sum(report[status] for report in reports) for status in STATUSES},
        record_files=sorted(record_files or [write_empty(records_uri, records_schema())]),
        quarantine_files=sorted(quarantine_files or [write_empty(quarantine_uri, quarantine_schema())]),
        no_record_kinds=no_record_kinds((reason["reason"], reason["statements"]) for report in reports
                                        for reason in report["no_record_reasons"]),
        first_records=sorted((row for report in reports for row in report["first_records"]),
                             key=lambda row: tuple(row[name] for name in PREVIEW_KEYS))[:preview],
        first_quarantined=sorted((row for report in reports for row in report["first_quarantined"]),
                                 key=lambda row: row["log_position"])[:preview],
        warned=sum(report["warned"] for report in reports),
        first_warnings=sorted((row for report in reports for row in report["first_warnings"]),
                              key=lambda row: row["log_position"])[:preview])
