"""What a materialization reports (counts, previews, metadata) and small frames built on the driver.

Partitions are read and written by :class:`~resources.warehouse.Warehouse` (``read``, ``write``), with
the tables of :mod:`resources.tables`.
"""

from __future__ import annotations

from datetime import date
from typing import Any

import dagster as dg
import pyarrow as pa
from pyspark.sql import Column, DataFrame, SparkSession
from pyspark.sql import functions as F

from access_history_platform.spark.transforms import spark_schema
from resources import Warehouse, spark_step
from resources.tables import Table

PREVIEW_ROWS = 5
_PREVIEW_WIDTH = 60


def count_where(**conditions: Column) -> list[Column]:
    """Aggregates for :meth:`DataFrame.observe`: how many rows meet each condition (0 when none)."""
    return [F.count(F.when(condition, 1)).alias(name) for name, condition in conditions.items()]


def empty_frame(session: SparkSession, schema: pa.Schema) -> DataFrame:
    return session.createDataFrame([], spark_schema(schema))


def frame_of(session: SparkSession, rows: list[dict[str, Any]], schema: pa.Schema) -> DataFrame:
    """Driver-side rows as a DataFrame (through Arrow, so timestamps keep their time zone).

    No rows give an empty frame of the schema: Spark Connect cannot build one from an empty
    Arrow table (``CANNOT_INFER_EMPTY_SCHEMA``).
    """
    if not rows:
        return empty_frame(session, schema)
    return session.createDataFrame(pa.Table.from_pylist(rows, schema=schema))


def preview(frame: DataFrame, columns: list[str], rows: int = PREVIEW_ROWS) -> dg.MetadataValue:
    """A few rows of ``frame`` as a markdown table (long values cut short)."""
    return preview_of(frame.select(*columns).limit(rows).toArrow().to_pylist(), columns)


def stored_preview(warehouse: Warehouse, table: Table, day: date, account: str | None, columns: list[str],
                   rows: int = PREVIEW_ROWS) -> dg.MetadataValue:
    """A few rows of a stored partition as a markdown table, read without Spark (:meth:`Warehouse.head`)."""
    return preview_of(warehouse.head(table, day, account, columns, rows), columns)


def preview_of(rows: list[dict[str, Any]], columns: list[str]) -> dg.MetadataValue:
    """Rows as a markdown table of ``columns`` (long values cut short)."""
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for row in rows:
        lines.append("| " + " | ".join(_cell(row[name]) for name in columns) + " |")
    return dg.MetadataValue.md("\n".join(lines))


def _cell(value: Any) -> str:
    text = "" if value is None else str(value)
    text = text.replace("|", "\\|").replace("\n", " ")
    return text if len(text) <= _PREVIEW_WIDTH else text[: _PREVIEW_WIDTH - 1] + "…"


def definition_metadata(table: Table) -> dict[str, Any]:
    """An asset's definition metadata: its table's column schema (shown in the UI before a first run)."""
    return {"dagster/column_schema": table.column_schema(), "warehouse_table": table.name,
            "partition_level": table.level.value}


#: Who answers for the assets (shown on each asset in the UI).
OWNERS = ["team:access-history-platform"]
#: The assets' code version: raise it when what an asset computes changes, so that the UI marks
#: the partitions materialized by older code as stale.
CODE_VERSION = "2026.11.1"


def asset_identity(*, kinds: set[str], metadata: dict[str, Any]) -> dict[str, Any]:
    """What every asset of the platform carries: its group, kinds, owners, code version and definition metadata."""
    return {"group_name": "access_history", "kinds": kinds, "owners": OWNERS, "code_version": CODE_VERSION,
            "metadata": metadata}


def table_spec(table: Table, description: str, **spec: Any) -> dg.AssetSpec:
    """The asset of one warehouse table (for a multi-asset writing it beside another)."""
    return dg.AssetSpec(table.name, description=description, **spec,
                        **asset_identity(kinds={"spark", "parquet"}, metadata=definition_metadata(table)))


def table_asset(table: Table, description: str, **asset: Any) -> Any:
    """The decorator of the asset that writes one warehouse table (named after it, as :func:`table_spec`), a
    :func:`~resources.spark.spark_step`."""
    decorate = dg.asset(name=table.name, description=description, **asset,
                        **asset_identity(kinds={"spark", "parquet"}, metadata=definition_metadata(table)))
    return lambda compute: decorate(spark_step(compute))


def rate(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def table_metadata(*, rows: int, path: str, preview_value: dg.MetadataValue,
                   **counts: int | float | str) -> dict[str, dg.MetadataValue]:
    """The metadata every materialization reports: rows written, where, a preview, and its counts."""
    metadata: dict[str, Any] = {
        "dagster/row_count": dg.MetadataValue.int(rows),
        "dagster/partition_row_count": dg.MetadataValue.int(rows),
        "path": dg.MetadataValue.path(path),
        "preview": preview_value,
    }
    for name, value in counts.items():
        if isinstance(value, bool) or isinstance(value, int):
            metadata[name] = dg.MetadataValue.int(int(value))
        elif isinstance(value, float):
            metadata[name] = dg.MetadataValue.float(value)
        else:
            metadata[name] = dg.MetadataValue.text(value)
    return metadata
