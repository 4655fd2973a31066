"""``object_access``: the records' FLATTEN done once, one row per (query, object, column, how).

The reference answers "who read this column" by flattening ``direct_objects_accessed`` or
``base_objects_accessed`` and then their ``columns`` in every query. Here that is done once
per account-day: each object (and each of its columns) a statement read directly
(``DIRECT``), read at the base of the views it read (``BASE``), wrote (``MODIFIED``) or
changed by DDL (``DDL``) is one row, with the statement's user, role, time and account, so
the common questions are filters::

    SELECT user_name, role_name, max(query_start_time) FROM object_access
    WHERE access_kind = 'BASE' AND object_name = 'HR.DATA.EMPLOYEES' AND column_name = 'SSN'
      AND query_start_time >= current_timestamp() - INTERVAL 30 DAYS GROUP BY ALL

An object with no columns (a stage, a location, a function) has one row whose column is null.
The role is the log line's ``role_name``: a statement split out of a multi-statement request
(``<query_id>#<n>``) takes its request's.
"""

from __future__ import annotations

from collections.abc import Callable

import pyarrow as pa
from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F

from .records import records_schema

__all__ = ["ACCESS_KINDS", "OBJECT_ACCESS_COLUMNS", "access_summary", "object_access", "object_access_schema",
           "with_roles"]

#: How a statement touched an object, and the record field that says so.
ACCESS_KINDS = {"DIRECT": "direct_objects_accessed", "BASE": "base_objects_accessed", "MODIFIED": "objects_modified"}
_DDL = "DDL"
_IDENTITY = ("account_name", "query_id", "query_start_time", "user_name", "role_name", "parent_query_id",
             "root_query_id")
OBJECT_ACCESS_COLUMNS = (*_IDENTITY, "access_kind", "object_domain", "object_id", "object_name", "stage_kind",
                         "location", "column_id", "column_name", "ddl_operation")
#: The parts of ``object_modified_by_ddl.properties`` that name columns.
_DDL_COLUMNS = "struct<columns: map<string, string>>"


def object_access(records: DataFrame, lines: DataFrame) -> DataFrame:
    """One row per (query, object, column, access kind) of ``records``, with the role from the log ``lines``.

    Every kind's objects go into one array per record and are exploded once, so the day's records are joined
    with their roles once (a union of one frame per kind planned that join, and its broadcast, per kind).
    """
    entries = [F.transform(F.coalesce(field, F.array()), _entry(kind)) for kind, field in ACCESS_KINDS.items()]
    ddl = F.col("object_modified_by_ddl")
    ddl_columns = F.map_keys(F.from_json(ddl["properties"], _DDL_COLUMNS)["columns"])
    entries.append(F.when(ddl.isNotNull(), F.array(F.struct(
        F.lit(_DDL).alias("access_kind"), *_object_fields(ddl, located=False),
        F.transform(F.coalesce(ddl_columns, F.array()), lambda name: F.struct(
            F.lit(None).cast("bigint").alias("columnId"), name.alias("columnName"))).alias("columns"),
        ddl["operationType"].alias("ddl_operation")))).otherwise(F.array()))
    return (with_roles(records, lines).select(*_IDENTITY, F.explode(F.concat(*entries)).alias("entry"))
            .select("*", F.explode_outer("entry.columns").alias("col"))
            .select(*_IDENTITY, "entry.access_kind", "entry.object_domain", "entry.object_id", "entry.object_name",
                    "entry.stage_kind", "entry.location", F.col("col.columnId").alias("column_id"),
                    F.col("col.columnName").alias("column_name"), "entry.ddl_operation"))


def _entry(kind: str) -> Callable[[Column], Column]:
    """An object entry of ``kind`` (``DIRECT``, ``BASE``, ``MODIFIED``) as the row it becomes, its columns kept
    (a function of the entry alone: ``transform`` passes a function of two arguments the index too)."""
    def entry(obj: Column) -> Column:
        columns = F.transform(obj["columns"], lambda col: F.struct(col["columnId"].alias("columnId"),
                                                                   col["columnName"].alias("columnName")))
        return F.struct(F.lit(kind).alias("access_kind"), *_object_fields(obj, located=True),
                        columns.alias("columns"), F.lit(None).cast("string").alias("ddl_operation"))
    return entry


def with_roles(records: DataFrame, lines: DataFrame) -> DataFrame:
    """``records`` with ``role_name``: their own log line's, else their request's (``parent_query_id``)."""
    roles = lines.select("query_id", "role_name").dropDuplicates(["query_id"])
    own = roles.select(F.col("query_id").alias("_own_id"), F.col("role_name").alias("_own_role"))
    parent = roles.select(F.col("query_id").alias("_parent_id"), F.col("role_name").alias("_parent_role"))
    return (records.join(own, records["query_id"] == own["_own_id"], "left")
            .join(parent, records["parent_query_id"] == parent["_parent_id"], "left")
            .withColumn("role_name", F.when(F.col("_own_id").isNotNull(), F.col("_own_role"))
                        .otherwise(F.col("_parent_role")))
            .drop("_own_id", "_own_role", "_parent_id", "_parent_role"))


def _object_fields(entry: Column, *, located: bool) -> list[Column]:
    """Domain, id, name, stage kind and location of an object entry (a DDL entry has neither of the last two)."""
    nothing = F.lit(None).cast("string")
    return [
        entry["objectDomain"].alias("object_domain"), entry["objectId"].alias("object_id"),
        entry["objectName"].alias("object_name"), (entry["stageKind"] if located else nothing).alias("stage_kind"),
        (entry["location"] if located else nothing).alias("location"),
    ]


def access_summary() -> list[Column]:
    """Aggregates of a day's rows worth plotting across days: statements, reads, writes, users, objects."""
    def statements(*kinds: str) -> Column:
        return F.count_distinct(F.when(F.col("access_kind").isin(*kinds), F.col("query_id")))

    return [
        F.count_distinct("query_id").alias("statements"), statements("DIRECT", "BASE").alias("read_statements"),
        statements("MODIFIED").alias("write_statements"), statements(_DDL).alias("ddl_statements"),
        F.count_distinct("user_name").alias("distinct_users"),
        F.count_distinct(F.when(F.col("access_kind").isin("DIRECT", "BASE"), F.col("user_name")))
        .alias("distinct_readers"),
        F.count_distinct("object_domain", "object_name").alias("distinct_objects"),
    ]


def object_access_schema() -> pa.Schema:
    """The Arrow schema of :func:`object_access`'s rows, derived from the record's and the log's."""
    records = records_schema()
    entry = records.field("direct_objects_accessed").type.value_type
    column = entry.field("columns").type.value_type
    text = pa.string()
    return pa.schema([
        records.field("account_name"), records.field("query_id"), records.field("query_start_time"),
        records.field("user_name"), pa.field("role_name", text), records.field("parent_query_id"),
        records.field("root_query_id"), pa.field("access_kind", text),
        pa.field("object_domain", entry.field("objectDomain").type),
        pa.field("object_id", entry.field("objectId").type),
        pa.field("object_name", entry.field("objectName").type), pa.field("stage_kind", entry.field("stageKind").type),
        pa.field("location", entry.field("location").type), pa.field("column_id", column.field("columnId").type),
        pa.field("column_name", column.field("columnName").type), pa.field("ddl_operation", text),
    ])
