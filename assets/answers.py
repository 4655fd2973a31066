"""Ready answers: the questions the reference asks of ACCESS_HISTORY, computed once per account-day.

- ``object_access``: the records flattened once, one row per (query, object, column, how);
- ``data_movement``: object and column edges of every write, COPY, PUT and GET;
- ``data_movement_paths``: the time-ordered paths over those edges, the previous day's
  extended by the day's (a self-dependency, like ``catalog``);
- ``object_usage``: reads, writes and users per object and column, the catalog's unread
  objects included;
- ``governance_history``: tags and policies set and unset, the snapshot's, and the policy
  bodies in force.

Each asset reads its inputs, calls one engine function, writes its table, and reports the
day's figures as numeric metadata (Dagster plots them across partitions).
"""


from datetime import datetime, time, timedelta, timezone

import dagster as dg
from pyspark.sql import Column, DataFrame, SparkSession
from pyspark.sql import functions as F

from access_history_platform.spark.data_movement import (data_movement as movement_of, movement_paths,
                                                         movement_summary, paths_summary)
from access_history_platform.spark.governance_history import governance_history as governance_of
from access_history_platform.spark.governance_history import governance_summary
from access_history_platform.spark.object_access import access_summary
from access_history_platform.spark.object_access import object_access as access_of
from access_history_platform.spark.object_usage import object_usage as usage_of
from access_history_platform.spark.object_usage import usage_summary
from resources import SparkResource, Warehouse
from resources.tables import (ACCESS_HISTORY, CATALOG, DATA_MOVEMENT, DATA_MOVEMENT_PATHS, GOVERNANCE_HISTORY,
                              OBJECT_ACCESS, OBJECT_USAGE, RAW_QUERY_LOGS, Table)

from .automation import follows_previous_day, follows_upstream
from .partitions import AccountDay, account_days, previous_day
from .tables import empty_frame, stored_preview, table_asset, table_metadata

__all__ = ["ANSWER_ASSETS", "data_movement", "data_movement_paths", "governance_history", "object_access",
           "object_usage"]


def answer_asset(table: Table, description: str, deps: list[str | dg.AssetDep], **asset: object) -> object:
    """The decorator of an answer asset: account-day partitions, following its inputs."""
    asset.setdefault("automation_condition", follows_upstream())
    return table_asset(table, description, partitions_def=account_days, deps=deps, **asset)


def write_and_report(warehouse: Warehouse, part: AccountDay, table: Table, frame: DataFrame, summary: list[Column],
                     preview_columns: list[str], *, distinct: bool = False) -> dg.MaterializeResult:
    """Write ``frame`` as the partition of ``table``; report its rows, the ``summary`` of what was stored and a
    preview (read from the files, :func:`~.tables.stored_preview`).

    The summary is computed over the rows as they are written, by the write's own query; a summary that counts
    ``distinct`` values, which Spark cannot compute so, over the stored partition read back."""
    if distinct:
        rows = warehouse.write(frame, table, part.day, part.account)
        figures = warehouse.read(frame.sparkSession, table, part.day, part.account).agg(*summary).first().asDict()
    else:
        figures = warehouse.write_observed(frame, table, part.day, part.account, summary)
        rows = figures.pop("rows")
    return dg.MaterializeResult(metadata=table_metadata(
        rows=rows, path=warehouse.partition_uri(table, part.day, part.account),
        preview_value=stored_preview(warehouse, table, part.day, part.account, preview_columns),
        **{name: int(value) for name, value in figures.items()}))


@answer_asset(OBJECT_ACCESS, "One row per (query, object, column, DIRECT / BASE / MODIFIED / DDL) of the day's "
                             "records, with user, role, time and account: the reference's FLATTEN done once.",
              [ACCESS_HISTORY.name, RAW_QUERY_LOGS.name])
def object_access(context: dg.AssetExecutionContext, spark: SparkResource,
                  warehouse: Warehouse) -> dg.MaterializeResult:
    part, session = AccountDay.of(context), spark.session()
    frame = access_of(warehouse.read(session, ACCESS_HISTORY, part.day, part.account),
                      warehouse.read(session, RAW_QUERY_LOGS, part.day, part.account))
    return write_and_report(warehouse, part, OBJECT_ACCESS, frame, access_summary(),
                            ["query_id", "user_name", "access_kind", "object_name", "column_name"], distinct=True)


@answer_asset(DATA_MOVEMENT, "Edges source -> target of the day's writes, COPY, PUT and GET, with query and time: "
                             "OBJECT edges (each base object read to each object written, per written column) "
                             "and COLUMN edges (the column lineage).",
              [ACCESS_HISTORY.name])
def data_movement(context: dg.AssetExecutionContext, spark: SparkResource,
                  warehouse: Warehouse) -> dg.MaterializeResult:
    part, session = AccountDay.of(context), spark.session()
    frame = movement_of(warehouse.read(session, ACCESS_HISTORY, part.day, part.account))
    return write_and_report(warehouse, part, DATA_MOVEMENT, frame, movement_summary(),
                            ["query_id", "movement_kind", "source_name", "target_name", "target_column_name"],
                            distinct=True)


@answer_asset(DATA_MOVEMENT_PATHS, "Every time-ordered path of data between objects known at the end of the day "
                                   "(the previous day's extended by the day's edges), one row per sequence of "
                                   "objects with its first and last traversal: read the latest day.",
              [DATA_MOVEMENT.name, dg.AssetDep(DATA_MOVEMENT_PATHS.name, partition_mapping=previous_day)],
              # waits for the previous day's paths while that day has edges or its own previous day has paths
              # (a run that stopped before its edges leaves neither of the day's own)
              automation_condition=follows_previous_day(dg.AssetSelection.assets(DATA_MOVEMENT_PATHS.name),
                                                        dg.AssetSelection.assets(DATA_MOVEMENT.name,
                                                                                 DATA_MOVEMENT_PATHS.name)))
def data_movement_paths(context: dg.AssetExecutionContext, spark: SparkResource,
                        warehouse: Warehouse) -> dg.MaterializeResult:
    part, session = AccountDay.of(context), spark.session()
    frame = movement_paths(previous_paths(warehouse, part, session),
                           warehouse.read(session, DATA_MOVEMENT, part.day, part.account))
    return write_and_report(warehouse, part, DATA_MOVEMENT_PATHS, frame, paths_summary(F.lit(part.day)),
                            ["path", "depth", "target_columns", "first_moved_at", "last_moved_at"])


def previous_paths(warehouse: Warehouse, part: AccountDay, session: SparkSession) -> DataFrame:
    """The paths known after the previous day; none on the account's first day.

    The previous day is a day of the account when its catalog or its edges are there: then its paths must be too
    (that day's run stopped before them, or is not over), or this day would start from none and lose every path
    the days before it knew."""
    previous = part.day - timedelta(days=1)
    if warehouse.materialized(DATA_MOVEMENT_PATHS, previous, part.account):
        return warehouse.read(session, DATA_MOVEMENT_PATHS, previous, part.account)
    there = [table.name for table in (CATALOG, DATA_MOVEMENT) if warehouse.materialized(table, previous, part.account)]
    if there:
        raise dg.Failure(f"{part}: the data_movement_paths of {previous.isoformat()} are not materialized, but its "
                         f"{' and '.join(there)} {'are' if len(there) > 1 else 'is'}: materialize the paths day by "
                         "day, in order")
    if warehouse.materialized(DATA_MOVEMENT_PATHS, part.day, part.account) and not (
            warehouse.read(session, DATA_MOVEMENT_PATHS, part.day, part.account)
            .where(F.col("first_moved_at") < F.lit(datetime.combine(part.day, time(), timezone.utc))).isEmpty()):
        raise part.start_gone(DATA_MOVEMENT_PATHS.name)  # its current version holds paths of days before
    return empty_frame(session, DATA_MOVEMENT_PATHS.schema)


@answer_asset(OBJECT_USAGE, "Per object and column of the day: reads, writes, DDL, distinct users and readers, last "
                            "access; every table, view and stage of the catalog has its rows, read or not.",
              [OBJECT_ACCESS.name, CATALOG.name])
def object_usage(context: dg.AssetExecutionContext, spark: SparkResource,
                 warehouse: Warehouse) -> dg.MaterializeResult:
    part, session = AccountDay.of(context), spark.session()
    frame = usage_of(warehouse.read(session, OBJECT_ACCESS, part.day, part.account),
                     warehouse.read(session, CATALOG, part.day, part.account), account=part.account, day=part.day)
    return write_and_report(warehouse, part, OBJECT_USAGE, frame, usage_summary(),
                            ["object_name", "column_name", "reads", "writes", "distinct_users"])


@answer_asset(GOVERNANCE_HISTORY, "Every tag and policy set or unset on an object or column, with time, query and "
                                  "user; policies created, altered, dropped; the snapshot's tags and policies on "
                                  "the account's first day; each policy's body in force at the time.",
              [ACCESS_HISTORY.name, CATALOG.name])
def governance_history(context: dg.AssetExecutionContext, spark: SparkResource,
                       warehouse: Warehouse) -> dg.MaterializeResult:
    part, session = AccountDay.of(context), spark.session()
    first_day = not warehouse.materialized(CATALOG, part.day - timedelta(days=1), part.account)
    frame = governance_of(warehouse.read(session, ACCESS_HISTORY, part.day, part.account),
                          warehouse.read(session, CATALOG, part.day, part.account), with_snapshot=first_day)
    return write_and_report(warehouse, part, GOVERNANCE_HISTORY, frame, governance_summary(),
                            ["object_name", "column_name", "governance_name", "operation", "policy_body"])


ANSWER_ASSETS = (object_access, data_movement, data_movement_paths, object_usage, governance_history)
