"""What every asset check shares: its spec, its verdict, and the upstream-as-materialized rule."""

import warnings
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from functools import reduce
from typing import Any

import dagster as dg
import pyarrow as pa
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from resources import Warehouse
from resources.tables import Level, Table

from ..partitions import AccountDay, account_days, days
from ..tables import frame_of, preview

SAMPLE_ROWS = 5


def check_spec(table: Table, name: str, description: str, *, blocking: bool = True) -> dg.AssetCheckSpec:
    """A check of ``table``, partitioned as the table is (account-day or day)."""
    with warnings.catch_warnings():  # partitioned checks are a preview feature of dagster 1.13
        warnings.simplefilter("ignore", dg.PreviewWarning)
        return dg.AssetCheckSpec(name, asset=table.name, description=description, blocking=blocking,
                                 partitions_def=account_days if table.level is Level.ACCOUNT_DAY else days)


def verdict(spec: dg.AssetCheckSpec, offending: DataFrame | None, columns: Sequence[str], *, checked: int,
            bad: int | None = None, severity: dg.AssetCheckSeverity = dg.AssetCheckSeverity.ERROR,
            **counts: int) -> dg.AssetCheckResult:
    """Pass when ``offending`` is empty (``bad`` rows, counted here unless given); counts and the first
    offending rows in the metadata."""
    bad = offending.count() if bad is None else bad
    metadata: dict[str, Any] = {"checked_rows": dg.MetadataValue.int(checked),
                                "offending_rows": dg.MetadataValue.int(bad)}
    metadata.update({name: dg.MetadataValue.int(int(value)) for name, value in counts.items()})
    if bad:  # a second pass only when something is wrong
        metadata["offending_sample"] = preview(offending, list(columns), rows=SAMPLE_ROWS)
    return dg.AssetCheckResult(asset_key=spec.asset_key, check_name=spec.name, passed=bad == 0,
                               severity=severity, metadata=metadata)


def row_counts(*frames: DataFrame) -> list[int]:
    """How many rows each of ``frames`` has, counted in one Spark job.

    A check step's rules count several frames (the rows checked, each rule's offending rows, the
    upstream partition); a job each cost its scheduling and planning each time, which on an
    account-day's few rows was most of the step.
    """
    if len(frames) <= 1:
        return [frame.count() for frame in frames]
    tagged = [frame.select(F.lit(index).alias("frame")) for index, frame in enumerate(frames)]
    counted = reduce(lambda left, right: left.unionAll(right), tagged).groupBy("frame").count().collect()
    found = {row["frame"]: row["count"] for row in counted}
    return [found.get(index, 0) for index in range(len(frames))]


@dataclass(frozen=True)
class Rule:
    """A rule of a check step before it is judged: its offending rows (None: none can be), the rows it
    checked (a frame, or their number), and the other numbers its verdict shows."""

    spec: dg.AssetCheckSpec
    offending: DataFrame | None
    columns: Sequence[str]
    checked: DataFrame | int
    severity: dg.AssetCheckSeverity = dg.AssetCheckSeverity.ERROR
    counts: Mapping[str, int] = field(default_factory=dict)


def judged(rules: Sequence[Rule], *others: DataFrame | None) -> tuple[list[dg.AssetCheckResult], list[int]]:
    """The verdicts of ``rules`` and the rows of ``others``, every frame counted once, all in one Spark job."""
    frames: list[DataFrame] = []

    def slot(frame: DataFrame | int | None) -> int | None:
        if not isinstance(frame, DataFrame):
            return None
        found = next((index for index, known in enumerate(frames) if known is frame), None)
        if found is None:
            frames.append(frame)
            found = len(frames) - 1
        return found

    slots = [(slot(rule.offending), slot(rule.checked)) for rule in rules]
    extra = [slot(frame) for frame in others]
    counts = row_counts(*frames)
    results = [verdict(rule.spec, rule.offending, rule.columns,
                       checked=rule.checked if checked is None else counts[checked],
                       bad=0 if offending is None else counts[offending], severity=rule.severity, **rule.counts)
               for rule, (offending, checked) in zip(rules, slots)]
    return results, [0 if index is None else counts[index] for index in extra]


def driver_verdict(spec: dg.AssetCheckSpec, session: SparkSession, rows: list[dict[str, Any]],
                   columns: Sequence[str], *, checked: int, **counts: int) -> dg.AssetCheckResult:
    """:func:`verdict` for offending rows found on the driver (shown through a small DataFrame of text)."""
    frame = frame_of(session, [{c: None if r.get(c) is None else str(r[c]) for c in columns} for r in rows],
                     pa.schema([(c, pa.string()) for c in columns]))
    return verdict(spec, frame, columns, checked=checked, bad=len(rows), **counts)


def upstream_frame(session: SparkSession, warehouse: Warehouse, table: Table, part: AccountDay) -> DataFrame | None:
    """The stored partition of ``table`` an asset read (None when it was never materialized)."""
    return warehouse.read(session, table, part.day, part.account) if warehouse.materialized(
        table, part.day, part.account) else None


def upstream_as_materialized(spec: dg.AssetCheckSpec, context: dg.AssetCheckExecutionContext, session: SparkSession,
                             table: Table, *, stored: int) -> dg.AssetCheckResult:
    """The upstream partition an asset read holds the rows its latest materialization reported.

    A partition emptied or cut short after it was written (what a killed run used to leave
    behind while Dagster still showed the good materialization) fails this check in every
    asset that reads it, instead of flowing on as an empty day. ``stored``: its rows, which the
    step counts with its other rules (:func:`judged`'s other frame, :func:`upstream_frame`).
    """
    part = AccountDay.of(context)
    records = context.instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey(table.name), asset_partitions=[str(part.key)]), limit=1).records
    reported_value = records[0].asset_materialization.metadata.get("dagster/row_count") if records else None
    reported = int(reported_value.value) if reported_value is not None else stored  # nothing recorded to compare
    rows = [] if stored == reported else [{"table": table.name, "stored_rows": stored, "reported_rows": reported}]
    return driver_verdict(spec, session, rows, ["table", "stored_rows", "reported_rows"], checked=stored,
                          reported_rows=reported)


def blank(column: str) -> Any:
    """``column`` is null or only white space."""
    return F.col(column).isNull() | (F.trim(F.col(column)) == "")
