"""Retention: partitions older than ``retention_days`` leave the warehouse and Dagster's records.

Snowflake keeps ACCESS_HISTORY for 365 days; ``AHP_RETENTION_DAYS`` (the warehouse's
``retention_days``, 0 by default: keep everything) does the same here. The ``retention_job``
runs daily at 03:00 UTC (its schedule is on when retention is set) and can be launched by
hand. For every table of the registry and the OpenLineage events (each is an asset of the same name: what
:data:`RETAINED` lists, every table the warehouse stores), every day
before ``today - retention_days`` is dropped: each partition at once, under its write lock,
as a replacement would (:meth:`resources.Warehouse.drop`), then its materializations are
wiped from the Dagster instance so the UI no longer shows it as filled. Days on or after the
cutoff are never touched, and the tables each day of which starts from the day before (:func:`carried_over`: the
catalog, whose end state is where the next day starts, and ``data_movement_paths``, the previous day's paths
extended) keep the day before it too: a late file landing in the first kept day, or a backfill from it, needs it
(without it, the first kept day's paths were redone from none, and every later day's after them). That day before is
kept only as where the first kept day starts: its own day before is gone, so it is not redone
(:meth:`~assets.partitions.AccountDay.start_gone`). The run's log and its output's metadata say what was dropped.

Dagster OSS's event log storages (SQLite, PostgreSQL; 1.13) cannot wipe single partitions
(``wipe_asset_partitions`` raises ``NotImplementedError``): there the data is gone but the
UI still shows the partitions as materialized, and the run says so (``records_not_wiped``).
"""

from datetime import date, datetime, timedelta, timezone

import dagster as dg
import pyarrow as pa
from pydantic import Field

from resources import Warehouse
from resources.settings import Settings
from resources.tables import TABLES, Level, Table

from .openlineage import NAME as OPENLINEAGE_EVENTS
from .partitions import partition_key, previous_day


def carried_over() -> frozenset[str]:
    """The tables each day of which the next day's partition reads (an asset depending on its own previous day:
    the catalog, ``data_movement_paths``): they keep the day before the first kept day. Read from the asset graph
    when the job runs (``assets`` imports this module)."""
    from . import ALL_ASSETS

    return frozenset(spec.key.to_user_string() for asset in ALL_ASSETS for spec in asset.specs
                     for dep in spec.deps if dep.asset_key == spec.key and dep.partition_mapping is previous_day)


#: Every table the warehouse stores: the registry's Parquet tables and the OpenLineage events (JSON lines, which
#: hold each writing statement's text), each named as its asset.
RETAINED: tuple[Table, ...] = (*TABLES, Table(OPENLINEAGE_EVENTS, Level.ACCOUNT_DAY, schema_of=lambda: pa.schema([])))


def cutoff(today: date, retention_days: int) -> date | None:
    """The first day kept, or None when everything is kept.

    >>> cutoff(date(2026, 11, 23), 365)
    datetime.date(2025, 11, 23)
    """
    return today - timedelta(days=retention_days) if retention_days > 0 else None


class RetentionConfig(dg.Config):
    today: str = Field(default="", description="the day retention counts back from, YYYY-MM-DD (default: today, UTC)")


def expired(days: list[date], first_kept: date | None) -> list[date]:
    """The days before ``first_kept``."""
    return [] if first_kept is None else [day for day in days if day < first_kept]


def _partition_keys(table: Table, day: date, accounts: list[str]) -> list[str]:
    if table.level is Level.DAY:
        return [day.isoformat()]
    return [str(partition_key(day, account)) for account in accounts if account]


def _wipe(instance: dg.DagsterInstance, table: Table, keys: list[str]) -> str | None:
    """Wipe the partitions' materializations; why not, if the instance cannot."""
    try:
        instance.wipe_asset_partitions(dg.AssetKey(table.name), keys)
    except NotImplementedError:  # Dagster OSS's SQLite and PostgreSQL storages (1.13) cannot wipe partitions
        return "the instance's event log storage cannot wipe partitions: the UI still lists them as materialized"
    return None


@dg.op(description="Drops the partitions older than the warehouse's retention_days from every table and "
                   "wipes their materializations from the instance.")
def apply_retention(context: dg.OpExecutionContext, config: RetentionConfig, warehouse: Warehouse) -> dg.Output[int]:
    today = date.fromisoformat(config.today) if config.today else datetime.now(timezone.utc).date()
    first_kept = cutoff(today, warehouse.retention_days)
    if first_kept is None:
        context.log.info("retention_days is 0: every partition is kept")
        return dg.Output(0, metadata={"partitions_dropped": 0, "first_day_kept": "none (keep all)"})
    dropped, problems, carried = 0, [], carried_over()
    for table in RETAINED:
        # a table each day of which starts from the day before (the catalog, the paths) keeps the day before the
        # first kept day: where that day starts, which a late file landing in it, or a backfill from it, needs
        kept_from = first_kept - timedelta(days=1) if table.name in carried else first_kept
        for day in expired(warehouse.days(table), kept_from):
            accounts = warehouse.drop(table, day)
            dropped += len(accounts)
            context.log.info(f"{table.name} {day.isoformat()}: dropped {len(accounts)} partition(s)")
            if problem := _wipe(context.instance, table, _partition_keys(table, day, accounts)):
                problems.append(f"{table.name} {day.isoformat()}: {problem}")
    if problems:
        context.log.warning(f"materializations not wiped for {len(problems)} table-day(s), e.g. {problems[0]}")
    return dg.Output(dropped, metadata={"partitions_dropped": dropped, "first_day_kept": first_kept.isoformat(),
                                        "records_not_wiped": len(problems)})


@dg.job(description="Drops partitions older than AHP_RETENTION_DAYS from every table (see assets.retention).")
def retention_job() -> None:
    apply_retention()


retention_schedule = dg.ScheduleDefinition(
    job=retention_job, cron_schedule="0 3 * * *", execution_timezone="UTC",
    default_status=dg.DefaultScheduleStatus.RUNNING if Settings.from_env().retention_days
    else dg.DefaultScheduleStatus.STOPPED,
    description="Daily retention at 03:00 UTC; on when AHP_RETENTION_DAYS is set.",
)

__all__ = ["RETAINED", "apply_retention", "cutoff", "expired", "retention_job", "retention_schedule"]
