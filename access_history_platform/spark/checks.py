"""What the asset checks compute on stored tables, without Dagster: DataFrame transforms and one batch function.

The checks themselves (``assets.checks``) read a partition, call these and judge the result;
:func:`make_statement_rows` runs inside Spark's Python workers, which import the engine only.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any

import pyarrow as pa
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from ..catalog import VIEW_DOMAINS
from .batch import ordered_statements

#: The view domains as :func:`domain_key` spells them.
VIEW_DOMAIN_KEYS = sorted(domain.upper() for domain in VIEW_DOMAINS)
STATEMENT_SCHEMA = pa.schema([("query_id", pa.string()), ("successful", pa.bool_()), ("log_position", pa.int64())])


def domain_key(column: Any) -> Any:
    """A domain as records and catalog both spell it: ``Masking policy`` and ``MASKING_POLICY`` alike."""
    return F.upper(F.regexp_replace(column, " ", "_"))


def catalog_objects(versions: DataFrame) -> DataFrame:
    """The day's object versions: domain key, name, id, validity, column names (null if unknown), shared."""
    parsed = F.from_json("object", "struct<columns: array<struct<name: string>>, shared: boolean>")
    return versions.select(
        domain_key(F.col("domain")).alias("domain_key"), "name", "object_id", "valid_from", "valid_to",
        F.transform(parsed["columns"], lambda c: c["name"]).alias("column_names"),
        F.coalesce(parsed["shared"], F.lit(False)).alias("shared"),
    )


def view_rows(versions: DataFrame) -> list[dict[str, Any]]:
    """The day's view versions with a definition (shared views' definitions are not visible)."""
    parsed = F.from_json("object", "struct<definition: string, shared: boolean>")
    views = (versions.where(F.col("domain").isin(*VIEW_DOMAINS))
             .select("name", "object_id", F.col("valid_from").cast("string").alias("valid_from"),
                     parsed["definition"].alias("definition"), F.coalesce(parsed["shared"], F.lit(False)).alias("shared"))
             .where(~F.col("shared") & F.col("definition").isNotNull()))
    rows = views.toArrow().to_pylist()
    for row in rows:
        row["key"] = (row["name"], row["object_id"], row["valid_from"])
    return rows


def shared_views(objects: DataFrame) -> DataFrame:
    """The shared views among :func:`catalog_objects` (domain, name, id)."""
    return objects.where(F.col("domain_key").isin(*VIEW_DOMAIN_KEYS) & F.col("shared")).select(
        F.col("domain_key").alias("view_domain"), F.col("name").alias("view_name"),
        F.col("object_id").alias("view_id")).distinct()


def unless_shared(entries: DataFrame, objects: DataFrame, domain: str, name: str, object_id: str) -> DataFrame:
    """The view entries of ``entries`` that are not shared views of the catalog."""
    views = entries.where(domain_key(F.col(domain)).isin(*VIEW_DOMAIN_KEYS))
    shared = shared_views(objects)
    on = ((domain_key(views[domain]) == shared["view_domain"]) & (views[name] == shared["view_name"])
          & (views[object_id].isNull() | (views[object_id] == shared["view_id"])))
    return views.join(shared, on, "left_anti")


def unknown_entries(rows: DataFrame, objects: DataFrame, sides: dict[str, tuple[str, str, str]],
                    columns: Sequence[str]) -> DataFrame:
    """Rows whose entry on some side (domain, name, id columns) is no object of the day's catalog."""
    out = None
    for side, (domain, name, object_id) in sides.items():
        entries = rows.select(*columns, F.lit(side).alias("side"), F.col(domain).alias("entry_domain"),
                              F.col(name).alias("entry_name"), F.col(object_id).alias("entry_id"))
        on = ((domain_key(entries["entry_domain"]) == objects["domain_key"]) & (entries["entry_name"] == objects["name"])
              & (entries["entry_id"].isNull() | (entries["entry_id"] == objects["object_id"])))
        unknown = entries.join(objects, on, "left_anti")
        out = unknown if out is None else out.unionByName(unknown)
    return out


def make_statement_rows(parents: dict[str, str], dialect: str) -> Callable[[Iterable[pa.RecordBatch]],
                                                                          Iterator[pa.RecordBatch]]:
    """A batch function: ``raw_query_logs`` rows in, one row per statement out (as the resolver splits them).

    A closure (pickled by value), so that Spark's Python workers import the engine only, not Dagster.
    """

    def statement_rows(batches: Iterable[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
        for batch in batches:
            statements = ordered_statements(batch.to_pylist(), [], parents, dialect=dialect)
            yield pa.RecordBatch.from_pylist(
                [{"query_id": s.query_id, "successful": s.successful, "log_position": s.position[0]}
                 for s, _ in statements], schema=STATEMENT_SCHEMA)

    return statement_rows
