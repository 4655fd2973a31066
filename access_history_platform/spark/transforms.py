"""DataFrame -> DataFrame transforms of the pipeline, each ending in a ``select`` that fixes its schema.

* :func:`order_log` numbers a day's valid log lines in the log's total order.
* :func:`statement_shape` groups log lines whose statements differ only in their literals,
  so that the resolving tasks can split a day by shape.
* :func:`column_lineage` flattens ``objects_modified`` into one row per (target column,
  source column, DIRECT or BASE): the table the reference's "Example: Column lineage"
  query produces, with the query's identity.
* :func:`policy_references` flattens ``policies_referenced`` into one row per (query,
  object, column, policy).
* :func:`org_access_history` stacks accounts' records under the organization's name.

They only use ``pyspark.sql.functions``, so they run on a classic session and over Spark
Connect alike.
"""

from __future__ import annotations

import pyarrow as pa
from pyspark.sql import Column, DataFrame, Window
from pyspark.sql import functions as F
from pyspark.sql.pandas.types import from_arrow_schema
from pyspark.sql.types import StructType

from .logs import stored_lines_schema
from .records import RECORD_COLUMNS, records_schema

__all__ = ["LINEAGE_COLUMNS", "POLICY_COLUMNS", "column_lineage", "column_lineage_schema", "order_log",
           "org_access_history", "org_access_history_schema", "policy_references", "policy_references_schema",
           "spark_schema", "statement_shape"]

_IDENTITY = ("query_id", "query_start_time", "user_name", "account_name")
LINEAGE_COLUMNS = (
    *_IDENTITY,
    "source_object_domain", "source_object_id", "source_object_name", "source_column_name", "source_column_type",
    "target_object_domain", "target_object_id", "target_object_name", "target_column_id", "target_column_name",
)
POLICY_COLUMNS = (
    *_IDENTITY,
    "object_domain", "object_id", "object_name", "column_id", "column_name",
    "policy_kind", "policy_id", "policy_name",
)


def order_log(lines: DataFrame) -> DataFrame:
    """Valid log rows numbered by ``log_position``: ``query_start_time``, then file name, then line.

    That is the order ``ahp resolve`` gives a log (time, then input order), with a day's files
    read one after another in name order. One account-day is ordered as one partition.
    """
    order = Window.orderBy("query_start_time", "file", "line")
    return lines.withColumn("log_position", F.row_number().over(order) - 1).select(*stored_lines_schema().names)


# Strings and digits: the literals of a template's repeats (digits inside names go too,
# which only makes two templates share a shape now and then).
_LITERALS = r"'[^']*'|[0-9]+"


def statement_shape(text: Column) -> Column:
    """A 64-bit hash of the text without its string literals and digits.

    Statements of one template (a dashboard tile, a scheduled load) with different literals
    get the same shape, computed in the JVM without a Python pass. Splitting a day's lines
    across tasks by shape sends every repeat of a template to the one task that resolves it,
    so each worker's resolution cache resolves a template once for the day instead of once
    per task. It need not equal the engine's fingerprint: a shape that differs costs a cache
    miss, never a different record.
    """
    return F.xxhash64(F.regexp_replace(text, F.lit(_LITERALS), F.lit("")))


def column_lineage(records: DataFrame) -> DataFrame:
    """One row per (target column, source column, DIRECT or BASE) of the records' writes."""
    targets = (
        records.select(*_IDENTITY, F.explode("objects_modified").alias("om"))
        .select(*_IDENTITY, "om", F.explode("om.columns").alias("target"))
    )
    edges = [
        targets.select("*", F.lit(kind).alias("source_column_type"), F.explode(f"target.{field}").alias("source"))
        for kind, field in (("DIRECT", "directSources"), ("BASE", "baseSources"))
    ]
    return edges[0].unionByName(edges[1]).select(
        *_IDENTITY,
        F.col("source.objectDomain").alias("source_object_domain"),
        F.col("source.objectId").alias("source_object_id"),
        F.col("source.objectName").alias("source_object_name"),
        F.col("source.columnName").alias("source_column_name"),
        "source_column_type",
        F.col("om.objectDomain").alias("target_object_domain"),
        F.col("om.objectId").alias("target_object_id"),
        F.col("om.objectName").alias("target_object_name"),
        F.col("target.columnId").alias("target_column_id"),
        F.col("target.columnName").alias("target_column_name"),
    )


def policy_references(records: DataFrame) -> DataFrame:
    """One row per (query, object, column, policy): row access policies with no column."""
    objects = records.select(*_IDENTITY, F.explode("policies_referenced").alias("obj"))
    on_objects = objects.select(
        *_IDENTITY, "obj", F.lit(None).cast("bigint").alias("column_id"), F.lit(None).cast("string").alias("column_name"),
        F.explode("obj.policies").alias("policy"))
    on_columns = (
        objects.select(*_IDENTITY, "obj", F.explode("obj.columns").alias("col"))
        .select(*_IDENTITY, "obj", F.col("col.columnId").alias("column_id"),
                F.col("col.columnName").alias("column_name"), F.explode("col.policies").alias("policy"))
    )
    return on_objects.unionByName(on_columns).select(
        *_IDENTITY,
        F.col("obj.objectDomain").alias("object_domain"),
        F.col("obj.objectId").alias("object_id"),
        F.col("obj.objectName").alias("object_name"),
        "column_id", "column_name",
        F.col("policy.policyKind").alias("policy_kind"),
        F.col("policy.policyId").alias("policy_id"),
        F.col("policy.policyName").alias("policy_name"),
    )


def org_access_history(records: DataFrame, organization: str) -> DataFrame:
    """The accounts' records with the organization's name: ORGANIZATION_USAGE.ACCESS_HISTORY's shape."""
    return records.select(*RECORD_COLUMNS, F.lit(organization).alias("organization_name"))


def column_lineage_schema() -> pa.Schema:
    """The Arrow schema of :func:`column_lineage`'s rows, derived from the record's (a test pins the two)."""
    records = records_schema()
    modified = _element(records.field("objects_modified").type)
    target = _element(modified.field("columns").type)
    source = _element(target.field("directSources").type)
    return pa.schema([
        *(records.field(name) for name in _IDENTITY),
        *(pa.field(f"source_object_{snake}", source.field(camel).type) for snake, camel in _OBJECT_FIELDS),
        pa.field("source_column_name", source.field("columnName").type),
        pa.field("source_column_type", pa.string()),
        *(pa.field(f"target_object_{snake}", modified.field(camel).type) for snake, camel in _OBJECT_FIELDS),
        pa.field("target_column_id", target.field("columnId").type),
        pa.field("target_column_name", target.field("columnName").type),
    ])


def policy_references_schema() -> pa.Schema:
    """The Arrow schema of :func:`policy_references`' rows, derived from the record's."""
    records = records_schema()
    referenced = _element(records.field("policies_referenced").type)
    column = _element(referenced.field("columns").type)
    policy = _element(referenced.field("policies").type)
    return pa.schema([
        *(records.field(name) for name in _IDENTITY),
        *(pa.field(f"object_{snake}", referenced.field(camel).type) for snake, camel in _OBJECT_FIELDS),
        pa.field("column_id", column.field("columnId").type),
        pa.field("column_name", column.field("columnName").type),
        pa.field("policy_kind", policy.field("policyKind").type),
        pa.field("policy_id", policy.field("policyId").type),
        pa.field("policy_name", policy.field("policyName").type),
    ])


def org_access_history_schema() -> pa.Schema:
    """The Arrow schema of :func:`org_access_history`'s rows: the record's and ``organization_name``."""
    return records_schema().append(pa.field("organization_name", pa.string()))


_OBJECT_FIELDS = (("domain", "objectDomain"), ("id", "objectId"), ("name", "objectName"))


def _element(list_type: pa.DataType) -> pa.StructType:
    return list_type.value_type


def spark_schema(schema: pa.Schema) -> StructType:
    """The Spark schema of an Arrow schema (what ``mapInArrow`` and typed reads are given)."""
    return from_arrow_schema(schema, prefer_timestamp_ntz=False)
