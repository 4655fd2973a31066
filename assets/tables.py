"""Reading and writing the warehouse's partitions with Spark, and what a materialization reports."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

import dagster as dg
import pyarrow as pa
from pyspark.sql import Column, DataFrame, Observation, SparkSession
from pyspark.sql import functions as F

from access_history_platform.spark.transforms import spark_schema
from resources import Warehouse, write_json

PREVIEW_ROWS = 5
_PREVIEW_WIDTH = 60


def replace_partition(warehouse: Warehouse, frame: DataFrame, table: str, day: date, account: str | None = None, *,
                      row_group_bytes: int | None = None, documents: Mapping[str, Any] | None = None) -> int:
    """Write ``frame`` (and ``documents``, JSON files by name) as the new content of one partition,
    replacing the old one at once when all is written (:meth:`Warehouse.replacing`); the rows written."""
    with warehouse.replacing(table, day, account) as staged:
        rows = write_partition(frame, staged, row_group_bytes=row_group_bytes)
        for name, document in (documents or {}).items():
            write_json(f"{staged}/{name}", document)
    return rows


def write_partition(frame: DataFrame, uri: str, *, row_group_bytes: int | None = None) -> int:
    """Write ``frame`` as the whole content of the folder ``uri``: a staging folder of
    :meth:`Warehouse.replacing` (assets call :func:`replace_partition`, never this on a partition).

    Returns the rows written, counted while writing (no second pass over the data).
    ``row_group_bytes`` caps the Parquet row groups (default 128 MB): Spark splits a file
    between tasks at row-group boundaries only, so a table written by one task but read by
    many needs smaller ones.
    """
    written = Observation()
    writer = frame.observe(written, F.count(F.lit(1)).alias("rows")).write.mode("overwrite")
    if row_group_bytes:
        writer = writer.option("parquet.block.size", str(row_group_bytes))
    writer.parquet(uri)
    return int(written.get["rows"])


def count_where(**conditions: Column) -> list[Column]:
    """Aggregates for :meth:`DataFrame.observe`: how many rows meet each condition (0 when none)."""
    return [F.count(F.when(condition, 1)).alias(name) for name, condition in conditions.items()]


def require_partition(warehouse: Warehouse, uri: str, what: str) -> str:
    """``uri``, or a :class:`dagster.Failure` saying which upstream partition to materialize first."""
    if not warehouse.exists(uri):
        raise dg.Failure(f"{uri} is missing: materialize {what} first")
    return uri


def read_partition(session: SparkSession, uri: str | list[str], schema: pa.Schema) -> DataFrame:
    """Partition folders written by :func:`write_partition`, read with their table's schema."""
    return session.read.schema(spark_schema(schema)).parquet(*([uri] if isinstance(uri, str) else uri))


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
    table = frame.select(*columns).limit(rows).toArrow()
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    for row in table.to_pylist():
        lines.append("| " + " | ".join(_cell(row[name]) for name in columns) + " |")
    return dg.MetadataValue.md("\n".join(lines))


def _cell(value: Any) -> str:
    text = "" if value is None else str(value)
    text = text.replace("|", "\\|").replace("\n", " ")
    return text if len(text) <= _PREVIEW_WIDTH else text[: _PREVIEW_WIDTH - 1] + "…"


def rate(part: int, whole: int) -> float:
    return round(part / whole, 4) if whole else 0.0


def table_metadata(*, rows: int, path: str, preview_value: dg.MetadataValue,
                   **counts: int | float | str) -> dict[str, dg.MetadataValue]:
    """The metadata every materialization reports: rows written, where, a preview, and its counts."""
    metadata: dict[str, Any] = {
        "dagster/row_count": dg.MetadataValue.int(rows),
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
