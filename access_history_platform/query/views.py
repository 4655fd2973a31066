"""The records under Snowflake's names: ACCOUNT_USAGE and ORGANIZATION_USAGE ``ACCESS_HISTORY`` with
VARIANT object lists, built from the typed ``access_history`` rows (the warehouse's or ``ahp
resolve``'s output), and the catalog snapshot's governance as DDL records.

The object lists and ``object_modified_by_ddl`` are Spark 4 ``VARIANT`` values, so ``:`` paths,
``::`` casts and FLATTEN (``variant_explode``) reach them as in Snowflake; keys holding null are
left out, as Snowflake's JSON has them. ``object_modified_by_ddl.properties`` (JSON text in the
table) is part of the value.

Policies, tags and the tags and policies set on objects that came with the catalog snapshot
were never created by a statement of the log, so no record carries their bodies and values:
:func:`snapshot_records` gives each one a DDL record (``query_id`` ``snapshot:<domain>:<name>``,
no user, at the start of the snapshot's first day), so that the reference's "enforced policy"
and tag-history queries find them.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator, Mapping
from datetime import date, datetime, time, timezone
from typing import Any

import pyarrow as pa
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F

from ..spark.records import RecordShapeError, record_to_row, records_schema, records_to_batch
from ..spark.transforms import spark_schema
from .translate import QueryError, VIEW_NAMES

__all__ = ["ACCOUNT_USAGE", "ORGANIZATION_USAGE", "account_usage_view", "organization_usage_view",
           "read_records", "snapshot_frame", "snapshot_records", "start_of"]

ACCOUNT_USAGE = VIEW_NAMES[("ACCOUNT_USAGE", "ACCESS_HISTORY")]
ORGANIZATION_USAGE = VIEW_NAMES[("ORGANIZATION_USAGE", "ACCESS_HISTORY")]
_LISTS = ("direct_objects_accessed", "base_objects_accessed", "objects_modified", "policies_referenced")
_GOVERNANCE_DOMAINS = {"masking policy": "MASKING_POLICY", "row access policy": "ROW_ACCESS_POLICY", "tag": "TAG"}


def account_usage_view(records: DataFrame, *, leading: tuple[str, ...] = ()) -> DataFrame:
    """Typed ``access_history`` rows as ACCOUNT_USAGE.ACCESS_HISTORY (the VARIANT columns), after
    the ``leading`` columns."""
    ddl = F.col("object_modified_by_ddl")
    return records.select(
        *leading, "query_id", "query_start_time", "user_name",
        *[F.parse_json(F.to_json(name)).alias(name) for name in _LISTS[:3]],
        F.when(ddl.isNotNull(), F.to_variant_object(F.struct(
            ddl.objectDomain.alias("objectDomain"), ddl.objectName.alias("objectName"),
            ddl.objectId.alias("objectId"), ddl.operationType.alias("operationType"),
            F.parse_json(F.coalesce(ddl.properties, F.lit("{}"))).alias("properties"))))
        .alias("object_modified_by_ddl"),
        F.parse_json(F.to_json(_LISTS[3])).alias(_LISTS[3]),
        "parent_query_id", "root_query_id", "account_name",
    )


def organization_usage_view(records: DataFrame, organization: str | None = None) -> DataFrame:
    """Rows of ``org_access_history`` (or records and the ``organization`` name) as
    ORGANIZATION_USAGE.ACCESS_HISTORY: the organization's name first, then the account view's columns."""
    if "organization_name" not in records.columns:
        records = records.withColumn("organization_name", F.lit(organization).cast("string"))
    return account_usage_view(records, leading=("organization_name",))


def read_records(session: SparkSession, path: str, *, report: Callable[[str], None]) -> DataFrame:
    """``ahp resolve``'s output (one record a line) as typed ``access_history`` rows.

    A line that is not a record is reported (``FILE:LINE: reason``) and left out; the others are kept.
    """
    rows = list(_record_rows(path, report))
    return session.createDataFrame(_table(rows), schema=spark_schema(records_schema()))


def _record_rows(path: str, report: Callable[[str], None]) -> Iterator[dict[str, Any]]:
    try:
        handle = open(path, encoding="utf-8")
    except OSError as err:
        raise QueryError(f"{path}: cannot read the records: {err.strerror}") from None
    with handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                record = json.loads(line)
                if not isinstance(record, dict):
                    raise ValueError("not a JSON object")
                account = record.pop("account_name", None)
                yield record_to_row(record, account=account)
            except (ValueError, RecordShapeError) as err:  # one bad line never loses the others
                report(f"{path}:{number}: not an access-history record: {err}")


def _table(rows: list[dict[str, Any]]) -> pa.Table:
    return pa.Table.from_batches([records_to_batch(rows)], schema=records_schema())


def snapshot_records(objects: Iterable[Mapping[str, Any]], at: datetime) -> list[dict[str, Any]]:
    """DDL records (CONTRACT section 3) for the governance that came with a catalog snapshot.

    ``objects`` are catalog objects as the snapshot gives them; each policy and tag becomes a
    ``CREATE`` of it (a policy's body as ``policyBody``), and each object with tags, a row access
    policy or column tags and masking policies an ``ALTER`` setting them, as the DDL would record it.

    >>> [r["object_modified_by_ddl"]["properties"] for r in snapshot_records(
    ...     [{"domain": "Masking policy", "name": "G.P.M", "id": 7, "body": "'***'"}], datetime(2024, 3, 1))]
    [{'policyBody': {'value': "'***'"}}]
    """
    records = []
    for obj in objects:
        ddl = _governance_ddl(obj)
        if ddl is not None:
            records.append({
                "query_id": f"snapshot:{obj['domain']}:{obj['name']}", "query_start_time": _iso(at),
                "user_name": None, "direct_objects_accessed": [], "base_objects_accessed": [],
                "objects_modified": [], "object_modified_by_ddl": ddl, "policies_referenced": [],
                "parent_query_id": None, "root_query_id": None,
            })
    return records


def _iso(moment: datetime) -> str:
    moment = moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)
    return moment.astimezone(timezone.utc).isoformat(timespec="milliseconds")


def _governance_ddl(obj: Mapping[str, Any]) -> dict[str, Any] | None:
    kind = _GOVERNANCE_DOMAINS.get(str(obj.get("domain", "")).lower().replace("_", " "))
    if kind in ("MASKING_POLICY", "ROW_ACCESS_POLICY"):
        properties = {"policyBody": {"value": obj.get("body")}}
    elif kind == "TAG":
        properties = {**_members("allowedValues", obj.get("allowed_values")),
                      **_members("maskingPolicies", obj.get("masking_policies"))}
    else:
        properties = _settings(obj)
        if not properties:
            return None
    return {"objectDomain": kind or obj.get("domain"), "objectName": obj.get("name"), "objectId": obj.get("id"),
            "operationType": "CREATE" if kind else "ALTER", "properties": properties}


def _members(key: str, names: Iterable[str] | None) -> dict[str, Any]:
    return {key: {name: {"subOperationType": "ADD"} for name in names}} if names else {}


def _tags(tags: Mapping[str, Any] | None) -> dict[str, Any]:
    if not tags:
        return {}
    return {"tags": {name: {"subOperationType": "ADD", "tagValue": {"value": value}} for name, value in tags.items()}}


def _settings(obj: Mapping[str, Any]) -> dict[str, Any]:
    """The tags and policies set on an object and its columns, as the ALTERs setting them record them."""
    properties = {**_tags(obj.get("tags")), **_members("rowAccessPolicies", _listed(obj.get("row_access_policy")))}
    columns = {}
    for column in obj.get("columns") or []:
        settings = {**_tags(column.get("tags")), **_members("maskingPolicies", _listed(column.get("masking_policy")))}
        if settings:
            columns[column["name"]] = {"subOperationType": "ALTER", **settings,
                                       **({"objectId": {"value": column["id"]}} if column.get("id") else {})}
    return {**properties, **({"columns": columns} if columns else {})}


def _listed(value: Any) -> list[str]:
    if not value:
        return []
    return [value] if isinstance(value, str) else list(value)


def snapshot_frame(session: SparkSession, records: Iterable[tuple[str | None, dict[str, Any]]]) -> DataFrame:
    """(account, record) pairs of :func:`snapshot_records` as typed ``access_history`` rows."""
    rows = [record_to_row(record, account=account) for account, record in records]
    return session.createDataFrame(_table(rows), schema=spark_schema(records_schema()))


def start_of(day: date) -> datetime:
    """The first instant of a UTC day (when a snapshot's governance is recorded)."""
    return datetime.combine(day, time(0), tzinfo=timezone.utc)
