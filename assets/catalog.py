"""``catalog``: an account's catalog through one day, as object versions with validity intervals.

Day D starts from day D-1's end state (the self-dependency) or, on the account's first day,
from the landing zone's start (``LandingZone.catalog_start``: ``<landing>/<ACCOUNT>/catalog.json``,
the warehouse's information-schema export in ``<landing>/<ACCOUNT>/catalog/``, or the live
database of the landing zone's ``live_catalog``, with the data types of its columns), and replays the day's
catalog-changing statements with the engine. Beside the versions, the partition folder
keeps the day's start and end states (``_catalog_start.json``, ``_catalog_end.json``; Spark
ignores files whose names start with ``_``): ``access_history`` resolves from the start
state, and day D+1 starts from the end state.
"""

from datetime import datetime, time, timedelta, timezone
from typing import Any

import dagster as dg
from pydantic import Field
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from access_history_platform.errors import CatalogError
from access_history_platform.resolve import budget_rule, is_budget
from access_history_platform.spark.day import with_replayed
from access_history_platform.spark.versions import initial_state, replay_catalog_day
from resources import LandingZone, Settings, SparkResource, Warehouse, read_json
from resources.settings import variable
from resources.tables import CATALOG, RAW_QUERY_LOGS

from .automation import follows_previous_day
from .partitions import AccountDay, account_days, partition_days, previous_day
from .raw_query_logs import raw_lines
from .tables import frame_of, preview, table_asset, table_metadata

TABLE = CATALOG
START_STATE = "_catalog_start.json"
END_STATE = "_catalog_end.json"
#: Each catalog-changing statement's outcome (applied, or set aside with its reason), by query_id:
#: ``access_history`` and its checks follow it instead of deciding again.
DECIDED = "_catalog_decided.json"
#: In a day's start state: the day whose end state it is (absent when the day started from the landing zone).
FROM_DAY = "from_day"
TIME_BUDGET = variable("time_budget")
DEFAULT_TIME_BUDGET = Settings.model_fields["time_budget"].default


class TimeBudgetConfig(dg.Config):
    """The per-statement time budget of the assets that resolve statements.

    ``catalog`` decides each catalog-changing statement of the day under its budget and stores
    the decision (``_catalog_decided.json``); ``access_history``'s workers and its checks
    replay the day by that decision (a statement set aside stays set aside with the same
    reason, one applied is applied whatever it costs), so every copy of the day's catalog
    is the stored one, whichever budget each asset runs with.
    """

    time_budget: float | None = Field(
        default=None,
        description=f"Seconds the resolver may spend on one statement before quarantining it (0: no limit). "
                    f"Unset: ${TIME_BUDGET}, else {DEFAULT_TIME_BUDGET:g}.")

    def seconds(self) -> float | None:
        """The budget in force: this run's, else the environment's, else the default; None for no limit."""
        budget = Settings.from_env().time_budget if self.time_budget is None else self.time_budget
        if not is_budget(budget):
            raise dg.Failure(f"run config time_budget {budget_rule(budget)}")
        return budget if budget > 0 else None


class CatalogConfig(TimeBudgetConfig):
    """Run configuration of ``catalog``."""


@table_asset(
    TABLE, "The account's catalog through the day: one row per object version with its validity "
           "interval; the previous day's end state plus this day's DDL.",
    partitions_def=account_days,
    deps=[RAW_QUERY_LOGS.name, dg.AssetDep(TABLE.name, partition_mapping=previous_day)],
    automation_condition=follows_previous_day(),
)
def catalog(context: dg.AssetExecutionContext, config: CatalogConfig, spark: SparkResource, landing: LandingZone,
            warehouse: Warehouse) -> dg.MaterializeResult:
    part = AccountDay.of(context)
    session = spark.session()
    start, origin = start_state(part, landing, warehouse, log=context.log)
    raw = raw_lines(session, warehouse, part)
    dialect = landing.dialect_for(part.account)
    lines = catalog_changing_lines(raw, dialect)
    day = replay_catalog_day(start, lines, {}, account=part.account, dialect=dialect,
                             time_budget=config.seconds(), ran=lambda sessions: sessions_that_ran(raw, sessions),
                             day_end=datetime.combine(part.day + timedelta(days=1), time(), timezone.utc))
    uri = warehouse.partition_uri(TABLE, part.day, part.account)
    versions = frame_of(session, day.versions, TABLE.schema)
    rows = warehouse.write(versions, TABLE, part.day, part.account,
                           documents={START_STATE: start, END_STATE: day.end_state, DECIDED: day.decided})
    context.log.info(f"{part}: {len(lines)} catalog-changing line(s), {day.changes} change(s), from {origin}")
    return dg.MaterializeResult(metadata=table_metadata(
        rows=rows, path=uri,
        preview_value=preview(versions.orderBy(F.col("valid_from").desc_nulls_last()),
                              ["domain", "name", "object_id", "valid_from", "valid_to"]),
        catalog_changing_statements=day.statements, catalog_changes=day.changes,
        objects_at_end=len(day.end_state["catalog"]["objects"]), statements_quarantined=len(day.quarantined),
        started_from=origin,
    ))


def start_state(part: AccountDay, landing: LandingZone, warehouse: Warehouse,
                log: Any = None) -> tuple[dict[str, Any], str]:
    """The catalog at the start of the day, and where it came from (rows an export left out go to ``log``)."""
    previous = part.day - timedelta(days=1)
    previous_end = warehouse.document_uri(TABLE, previous, part.account, END_STATE)
    if previous_end is not None:
        return {**read_json(previous_end), FROM_DAY: previous.isoformat()}, previous_end
    current_start = warehouse.document_uri(TABLE, part.day, part.account, START_STATE)
    if current_start is not None and FROM_DAY in read_json(current_start):
        raise part.start_gone(TABLE.name)
    # days before the first partition day are set aside by the sensor (they have no partition): not waited for
    first, _ = partition_days()
    earlier = [day for day in landing.days(part.account) if first <= day < part.day]
    if earlier:
        raise dg.Failure(
            f"{part}: the catalog of {previous.isoformat()} is not materialized, but the landing zone holds "
            f"logs of {earlier[-1].isoformat()}: materialize the catalog day by day, in order")
    begun = landing.catalog_start(part.account)
    for problem in begun.problems if log is not None else ():
        log.warning(f"{part}: catalog: left out: {problem}")
    try:
        return initial_state(begun.snapshot, source=begun.origin), begun.origin
    except CatalogError as err:
        raise dg.Failure(str(err)) from None


def day_start_state(part: AccountDay, warehouse: Warehouse) -> dict[str, Any]:
    """The start state the ``catalog`` partition of the same day stored."""
    return _day_document(part, warehouse, START_STATE)


def day_decided(part: AccountDay, warehouse: Warehouse) -> dict[str, str | None]:
    """What the ``catalog`` partition of the same day decided for each catalog-changing statement."""
    return _day_document(part, warehouse, DECIDED)


def _day_document(part: AccountDay, warehouse: Warehouse, name: str) -> Any:
    uri = warehouse.document_uri(TABLE, part.day, part.account, name)
    if uri is None:
        raise dg.Failure(f"{warehouse.partition_uri(TABLE, part.day, part.account)}/{name} is missing: "
                         f"materialize catalog {part} first")
    return read_json(uri)


def sessions_that_ran(lines: DataFrame, sessions: set[str]) -> set[str]:
    """Which of ``sessions`` (whose temporary objects the catalog holds) ran a statement in the day's ``lines``: a
    line of its ``session_id``, or a child of its script (BigQuery's temporary tables outside a session)."""
    wanted = lines.sparkSession.createDataFrame([(name,) for name in sorted(sessions)], "scope string")
    scopes = lines.select(F.explode(F.array("session_id", "parent_query_id")).alias("scope"))
    return {row.scope for row in scopes.join(wanted, "scope", "left_semi").distinct().collect()}


def catalog_changing_lines(lines: DataFrame, dialect: str) -> list[dict[str, Any]]:
    """The day's valid lines that may change the catalog, or the session the next ones are read in (few:
    :func:`~access_history_platform.spark.day.with_replayed`), in log order, on the driver."""
    replayed = with_replayed(lines, dialect).where("replayed").drop("replayed")
    return replayed.orderBy("log_position").toArrow().to_pylist()
