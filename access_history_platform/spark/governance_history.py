"""``governance_history``: every tag and policy set or unset, per object and column, with the policy body in force.

The events come from the records' ``object_modified_by_ddl`` (its ``properties`` are JSON
text, two levels of maps deep): each tag, masking policy or row access policy a statement
set (``SET``) or unset (``UNSET``) on an object, one of its columns, or a tag (a tag's
masking policies) is one row with the statement's time, query and user; creating,
altering or dropping a policy is one row on the policy itself (``CREATE``, ``ALTER``, ...).
What the catalog snapshot already held (tags, policies on objects and columns, the
policies themselves) is one ``SNAPSHOT`` row each, with no time, on the account's first
day. Every row naming a policy carries the body that policy had at that moment, taken from
the catalog's versions, snapshot policies included; the body in force at a time T is the
latest row of that policy at or before T (a ``SNAPSHOT`` row counts as before all).
"""

from __future__ import annotations

import pyarrow as pa
from pyspark.sql import Column, DataFrame, Window
from pyspark.sql import functions as F

from ..sql.ddl import DDL_DOMAINS
from .checks import domain_key
from .records import records_schema

__all__ = ["GOVERNANCE_COLUMNS", "governance_history", "governance_history_schema", "governance_summary"]

_IDENTITY = ("account_name", "query_id", "query_start_time", "user_name")
_TARGET = ("object_domain", "object_id", "object_name", "column_name")
GOVERNANCE_COLUMNS = (*_IDENTITY, *_TARGET, "governance_kind", "governance_name", "governance_id", "operation",
                      "tag_value", "policy_body")
_POLICY_KINDS = ("MASKING_POLICY", "ROW_ACCESS_POLICY")
_MEMBER = "struct<subOperationType: string, objectId: struct<value: bigint>, tagValue: struct<value: string>>"
_MEMBERS = f"map<string, {_MEMBER}>"
#: ``properties`` keys holding members, with the kind of what they name.
_KINDS = {"tags": "TAG", "maskingPolicies": "MASKING_POLICY", "rowAccessPolicies": "ROW_ACCESS_POLICY"}
_PROPERTIES = (f"struct<tags: {_MEMBERS}, maskingPolicies: {_MEMBERS}, rowAccessPolicies: {_MEMBERS}, "
               f"columns: map<string, struct<tags: {_MEMBERS}, maskingPolicies: {_MEMBERS}>>>")
_SNAPSHOT_OBJECT = ("struct<tags: map<string, string>, row_access_policy: string, masking_policies: array<string>, "
                    "columns: array<struct<name: string, masking_policy: string, tags: map<string, string>>>>")
_OPERATIONS = {"ADD": "SET", "DROP": "UNSET"}


def _literal_map(mapping: dict[str, str]) -> Column:
    return F.create_map(*(F.lit(x) for pair in mapping.items() for x in pair))


def governance_history(records: DataFrame, versions: DataFrame, *, with_snapshot: bool) -> DataFrame:
    """The day's governance events in ``records``, the snapshot's state if ``with_snapshot``, policy bodies
    from ``versions``."""
    events = _events(records)
    if with_snapshot:
        events = events.unionByName(_snapshot(versions))
    return _with_policy_versions(events, versions).select(*GOVERNANCE_COLUMNS)


def _events(records: DataFrame) -> DataFrame:
    ddl = records.where(F.col("object_modified_by_ddl").isNotNull()).select(
        *_IDENTITY, F.col("object_modified_by_ddl.objectDomain").alias("object_domain"),
        F.col("object_modified_by_ddl.objectId").alias("object_id"),
        F.col("object_modified_by_ddl.objectName").alias("object_name"),
        F.col("object_modified_by_ddl.operationType").alias("ddl_operation"),
        F.from_json("object_modified_by_ddl.properties", _PROPERTIES).alias("p"))
    on_object = [_members(ddl, F.col(f"p.{key}"), kind, F.lit(None).cast("string")) for key, kind in _KINDS.items()]
    columns = ddl.select("*", F.explode("p.columns").alias("column_name", "c"))
    on_columns = [_members(columns, F.col(f"c.{key}"), _KINDS[key], F.col("column_name"))
                  for key in ("tags", "maskingPolicies")]
    policies = ddl.where(F.col("object_domain").isin(*_POLICY_KINDS)).select(
        *_IDENTITY, *_TARGET[:3], F.lit(None).cast("string").alias("column_name"),
        F.col("object_domain").alias("governance_kind"), F.col("object_name").alias("governance_name"),
        F.col("object_id").alias("governance_id"), F.col("ddl_operation").alias("operation"),
        F.lit(None).cast("string").alias("tag_value"))
    out = policies
    for frame in (*on_object, *on_columns):
        out = out.unionByName(frame)
    return out


def _members(frame: DataFrame, members: Column, kind: str, column_name: Column) -> DataFrame:
    """One row per member (tag or policy) of a ``properties`` map."""
    exploded = frame.select("*", column_name.alias("_column"), F.explode(members).alias("_name", "_member"))
    operation = F.col("_member.subOperationType")
    operations = _literal_map(_OPERATIONS)
    return exploded.select(
        *_IDENTITY, *_TARGET[:3], F.col("_column").alias("column_name"), F.lit(kind).alias("governance_kind"),
        F.col("_name").alias("governance_name"), F.col("_member.objectId.value").alias("governance_id"),
        F.coalesce(F.try_element_at(operations, operation), operation).alias("operation"),
        F.col("_member.tagValue.value").alias("tag_value"))


def _snapshot(versions: DataFrame) -> DataFrame:
    """What the catalog snapshot held: its objects' tags and policies, and its policies."""
    mapping = _literal_map(DDL_DOMAINS)
    start = versions.where(F.col("valid_from").isNull()).select(
        "account_name", F.coalesce(F.try_element_at(mapping, F.col("domain")), F.col("domain")).alias("object_domain"),
        "object_id", F.col("name").alias("object_name"), F.from_json("object", _SNAPSHOT_OBJECT).alias("o"))

    def rows(frame: DataFrame, column: Column, kind: str, name: Column, tag_value: Column) -> DataFrame:
        return frame.select(
            "account_name", F.lit(None).cast("string").alias("query_id"),
            F.lit(None).cast("timestamp").alias("query_start_time"), F.lit(None).cast("string").alias("user_name"),
            *_TARGET[:3], column.alias("column_name"), F.lit(kind).alias("governance_kind"),
            name.alias("governance_name"), F.lit(None).cast("bigint").alias("governance_id"),
            F.lit("SNAPSHOT").alias("operation"), tag_value.alias("tag_value"),
        ).where(F.col("governance_name").isNotNull())

    none = F.lit(None).cast("string")
    object_tags = start.select("*", F.explode("o.tags").alias("_tag", "_value"))
    columns = start.select("*", F.explode("o.columns").alias("_c"))
    column_tags = columns.select("*", F.explode("_c.tags").alias("_tag", "_value"))
    tag_policies = start.select("*", F.explode("o.masking_policies").alias("_policy"))
    parts = [
        rows(object_tags, none, "TAG", F.col("_tag"), F.col("_value")),
        rows(start, none, "ROW_ACCESS_POLICY", F.col("o.row_access_policy"), none),
        rows(tag_policies, none, "MASKING_POLICY", F.col("_policy"), none),
        rows(columns, F.col("_c.name"), "MASKING_POLICY", F.col("_c.masking_policy"), none),
        rows(column_tags, F.col("_c.name"), "TAG", F.col("_tag"), F.col("_value")),
        rows(start.where(F.col("object_domain").isin(*_POLICY_KINDS)), none, "", F.col("object_name"), none)
        .withColumn("governance_kind", F.col("object_domain")),
    ]
    out = parts[0]
    for frame in parts[1:]:
        out = out.unionByName(frame)
    return out


def _with_policy_versions(events: DataFrame, versions: DataFrame) -> DataFrame:
    """Each event's governance id (where the record gave none) and, for a policy, its body at the event's time.

    The version in force at T began at or before T (or came with the snapshot) and had not
    ended by T; a ``SNAPSHOT`` row (no time) takes the snapshot's version.
    """
    governed = versions.select(
        domain_key(F.col("domain")).alias("_kind"), F.col("name").alias("_name"), F.col("object_id").alias("_id"),
        "valid_from", "valid_from_position", "valid_to",
        F.get_json_object("object", "$.body").alias("_body"))
    numbered = events.withColumn("_event", F.monotonically_increasing_id())
    at = F.col("query_start_time")
    began = F.col("valid_from").isNull() | (at.isNotNull() & (F.col("valid_from") <= at))
    not_ended = F.col("valid_to").isNull() | at.isNull() | (F.col("valid_to") > at)
    matched = numbered.join(
        governed, (F.col("governance_kind") == F.col("_kind")) & (F.col("governance_name") == F.col("_name"))
        & began & not_ended, "left")
    latest = Window.partitionBy("_event").orderBy(F.col("valid_from").desc_nulls_last(),
                                                  F.col("valid_from_position").desc_nulls_last())
    return matched.withColumn("_rank", F.row_number().over(latest)).where(F.col("_rank") == 1).select(
        *(c for c in GOVERNANCE_COLUMNS if c not in ("governance_id", "policy_body")),
        F.coalesce("governance_id", "_id").alias("governance_id"),
        F.when(F.col("governance_kind").isin(*_POLICY_KINDS), F.col("_body")).alias("policy_body"))


def governance_summary() -> list[Column]:
    """Aggregates of a day's rows worth plotting across days: sets, unsets, policy changes, snapshot rows."""
    def rows(condition: Column) -> Column:
        return F.count(F.when(condition, 1))

    operation, kind = F.col("operation"), F.col("governance_kind")
    is_policy_itself = F.col("object_domain") == kind
    return [
        rows(operation == "SET").alias("sets"), rows(operation == "UNSET").alias("unsets"),
        rows((operation != "SNAPSHOT") & is_policy_itself).alias("policy_changes"),
        rows(operation == "SNAPSHOT").alias("snapshot_rows"),
        rows(kind.isin(*_POLICY_KINDS) & F.col("policy_body").isNull() & operation.isin("SET", "SNAPSHOT"))
        .alias("policies_without_body"),
    ]


def governance_history_schema() -> pa.Schema:
    """The Arrow schema of :func:`governance_history`'s rows."""
    records = records_schema()
    text, number = pa.string(), pa.int64()
    return pa.schema([
        records.field("account_name"), pa.field("query_id", text), pa.field("query_start_time",
                                                                            records.field("query_start_time").type),
        records.field("user_name"), pa.field("object_domain", text), pa.field("object_id", number),
        pa.field("object_name", text), pa.field("column_name", text), pa.field("governance_kind", text),
        pa.field("governance_name", text), pa.field("governance_id", number), pa.field("operation", text),
        pa.field("tag_value", text), pa.field("policy_body", text),
    ])
