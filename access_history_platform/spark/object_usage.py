"""``object_usage``: per object and column per day, how often it was read and written, by how many users.

:func:`object_usage` counts the day's :mod:`object_access` rows: reads are the statements
that read the object directly or at the base of a view (``DIRECT`` or ``BASE``), writes
those that modified it, DDL those that changed its definition. An object is its domain and
name (a table replaced during the day is one object, with the id it had last). One row per object has a
null ``column_name`` and counts the statements that touched any of its columns. Every
table, view and stage the catalog holds at the end of the day has its rows, read or not (zero
reads), so the objects nobody read in the last N days are a filter over N partitions,
which :func:`unused_objects` applies.
"""

from __future__ import annotations

from datetime import date, timedelta

import pyarrow as pa
from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F

from ..catalog import RELATION_DOMAINS
from .checks import domain_key
from .records import TIMESTAMP

__all__ = ["USAGE_COLUMNS", "object_usage", "object_usage_schema", "unused_objects", "usage_summary"]

_OBJECT = ("object_domain", "object_id", "object_name")
USAGE_COLUMNS = ("account_name", "usage_date", *_OBJECT, "column_name", "in_catalog", "reads", "writes",
                 "ddl_changes", "distinct_users", "distinct_readers", "last_read_at", "last_written_at",
                 "last_access_at")
_READ, _WRITE, _DDL = ("DIRECT", "BASE"), ("MODIFIED",), ("DDL",)
#: Objects whose use is counted even when nobody touched them: the catalog's tables, views and stages (a synonym is
#: another name of one: its reads are its object's).
DATA_DOMAINS = tuple(sorted(RELATION_DOMAINS - {"Stream", "Synonym"} | {"Stage"}))
_CATALOG_OBJECT = "struct<columns: array<struct<name: string>>>"


def object_usage(access: DataFrame, versions: DataFrame, *, account: str, day: date) -> DataFrame:
    """The day's use of every object the ``access`` rows name and every data object of the catalog ``versions``."""
    touched = access.where(F.col("object_name").isNotNull())
    named = ("object_domain", "object_name")  # a name replaced during the day is one object to its users
    per_column = touched.where(F.col("column_name").isNotNull()).groupBy(*named, "column_name").agg(*_counts())
    per_object = touched.groupBy(*named).agg(*_counts()).withColumn("column_name", F.lit(None).cast("string"))
    used = per_column.unionByName(per_object)
    known = _catalog_rows(versions)
    keyed = used.withColumn("_domain_key", domain_key(F.col("object_domain")))
    joined = keyed.alias("u").join(
        known.alias("k"),
        (F.col("u._domain_key") == F.col("k._domain_key")) & (F.col("u.object_name") == F.col("k.object_name"))
        & F.col("u.column_name").eqNullSafe(F.col("k.column_name")),
        "full_outer")
    zero = F.lit(0).cast("bigint")
    return joined.select(
        F.lit(account).alias("account_name"), F.lit(day).alias("usage_date"),
        F.coalesce("u.object_domain", "k.object_domain").alias("object_domain"),
        F.coalesce("k.object_id", "u.object_id").alias("object_id"),
        F.coalesce("u.object_name", "k.object_name").alias("object_name"),
        F.coalesce("u.column_name", "k.column_name").alias("column_name"),
        F.col("k.object_name").isNotNull().alias("in_catalog"),
        *(F.coalesce(f"u.{name}", zero).alias(name)
          for name in ("reads", "writes", "ddl_changes", "distinct_users", "distinct_readers")),
        "u.last_read_at", "u.last_written_at", "u.last_access_at",
    ).select(*USAGE_COLUMNS)


def _counts() -> list[Column]:
    def queries(kinds: tuple[str, ...]) -> Column:
        return F.count_distinct(F.when(F.col("access_kind").isin(*kinds), F.col("query_id")))

    def last(kinds: tuple[str, ...]) -> Column:
        return F.max(F.when(F.col("access_kind").isin(*kinds), F.col("query_start_time")))

    return [
        F.max_by("object_id", "query_start_time").alias("object_id"),
        queries(_READ).alias("reads"), queries(_WRITE).alias("writes"), queries(_DDL).alias("ddl_changes"),
        F.count_distinct("user_name").alias("distinct_users"),
        F.count_distinct(F.when(F.col("access_kind").isin(*_READ), F.col("user_name"))).alias("distinct_readers"),
        last(_READ).alias("last_read_at"), last(_WRITE).alias("last_written_at"),
        F.max("query_start_time").alias("last_access_at"),
    ]


def _catalog_rows(versions: DataFrame) -> DataFrame:
    """The data objects alive at the end of the day: one row per object (null column) and per column."""
    alive = versions.where(F.col("valid_to").isNull() & F.col("domain").isin(*DATA_DOMAINS)).select(
        F.col("domain").alias("object_domain"), "object_id", F.col("name").alias("object_name"),
        F.from_json("object", _CATALOG_OBJECT)["columns"]["name"].alias("names"))
    objects = alive.select(*_OBJECT, F.lit(None).cast("string").alias("column_name"))
    columns = alive.select(*_OBJECT, F.explode("names").alias("column_name"))
    return objects.unionByName(columns).withColumn("_domain_key", domain_key(F.col("object_domain"))).dropDuplicates(
        ["_domain_key", "object_name", "column_name"])


def unused_objects(usage: DataFrame, *, as_of: date, days: int) -> DataFrame:
    """The catalog's objects on ``as_of`` that nobody read in the ``days`` days up to it, per account.

    ``usage`` is ``object_usage`` over those days (more days are filtered out); an object
    created within the window counts from its first day.
    """
    if days < 1:
        raise ValueError(f"days is {days}: the window holds at least the day itself")
    since = as_of - timedelta(days=days - 1)
    window = usage.where(F.col("column_name").isNull() & F.col("usage_date").between(since, as_of))
    return window.groupBy("account_name", "object_domain", "object_name").agg(
        F.sum("reads").alias("reads"), F.max(F.when(F.col("usage_date") == as_of, F.col("in_catalog"))).alias("alive"),
        F.min("usage_date").alias("first_seen"), F.max("last_written_at").alias("last_written_at"),
    ).where((F.col("reads") == 0) & F.col("alive")).select(
        "account_name", "object_domain", "object_name", "first_seen", "last_written_at")


def usage_summary() -> list[Column]:
    """Aggregates of a day's usage worth plotting across days: objects read and written, catalog objects unread."""
    whole = F.col("column_name").isNull()
    return [
        F.count(F.when(whole & (F.col("reads") > 0), 1)).alias("objects_read"),
        F.count(F.when(whole & (F.col("writes") > 0), 1)).alias("objects_written"),
        F.count(F.when(whole & F.col("in_catalog") & (F.col("reads") == 0), 1)).alias("unused_objects"),
        F.count(F.when(~whole & F.col("in_catalog") & (F.col("reads") == 0), 1)).alias("unread_columns"),
        F.coalesce(F.max(F.when(whole, F.col("distinct_readers"))), F.lit(0)).alias("most_readers_of_an_object"),
    ]


def object_usage_schema() -> pa.Schema:
    """The Arrow schema of :func:`object_usage`'s rows."""
    text, number = pa.string(), pa.int64()
    return pa.schema([
        pa.field("account_name", text), pa.field("usage_date", pa.date32()), pa.field("object_domain", text),
        pa.field("object_id", number), pa.field("object_name", text), pa.field("column_name", text),
        pa.field("in_catalog", pa.bool_()),
        *(pa.field(name, number) for name in ("reads", "writes", "ddl_changes", "distinct_users", "distinct_readers")),
        *(pa.field(name, TIMESTAMP) for name in ("last_read_at", "last_written_at", "last_access_at")),
    ])
