"""What every asset check shares: its spec, its verdict, and the upstream-as-materialized rule."""

import warnings
from collections.abc import Sequence
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


def driver_verdict(spec: dg.AssetCheckSpec, session: SparkSession, rows: list[dict[str, Any]],
                   columns: Sequence[str], *, checked: int, **counts: int) -> dg.AssetCheckResult:
    """:func:`verdict` for offending rows found on the driver (shown through a small DataFrame of text)."""
    frame = frame_of(session, [{c: None if r.get(c) is None else str(r[c]) for c in columns} for r in rows],
                     pa.schema([(c, pa.string()) for c in columns]))
    return verdict(spec, frame, columns, checked=checked, bad=len(rows), **counts)


def upstream_as_materialized(spec: dg.AssetCheckSpec, context: dg.AssetCheckExecutionContext, session: SparkSession,
                             warehouse: Warehouse, table: Table) -> dg.AssetCheckResult:
    """The upstream partition an asset read holds the rows its latest materialization reported.

    A partition emptied or cut short after it was written (what a killed run used to leave
    behind while Dagster still showed the good materialization) fails this check in every
    asset that reads it, instead of flowing on as an empty day.
    """
    part = AccountDay.of(context)
    materialized = warehouse.materialized(table, part.day, part.account)
    stored = warehouse.read(session, table, part.day, part.account).count() if materialized else 0
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
