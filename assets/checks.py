"""Asset checks: the rules every partition of the six assets obeys, evaluated on its stored Parquet.

One multi-asset check per asset evaluates the partition just materialized (its tables read
through the Spark and Warehouse resources) and yields one result per rule. Each result
carries ``checked_rows``, ``offending_rows`` and other counts, and a few offending rows as a
markdown table. The checks of an asset run in every run that materializes it (they have no
automation condition of their own, so they ride along). Blocking rules stop downstream
assets in the same run and, through the automation conditions (``assets.automation``), in
later runs; the parse-failure rate is a warning (``AHP_MAX_PARSE_FAILURE_RATE``, default 0.05).

``docs/operations.md`` says what each rule means. :func:`execute_checks` evaluates checks on a
stored partition without materializing it (``python -m sensors.local --recheck`` does so for
every materialized partition).
"""

import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import dagster as dg
import pyarrow as pa
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from sqlglot import exp

from access_history_platform.catalog import VIEW_DOMAINS
from access_history_platform.resolve import NO_RECORD, root_of
from access_history_platform.spark.batch import make_resolve_batch, ordered_statements, outcomes_schema
from access_history_platform.spark.transforms import column_lineage as lineage_of
from access_history_platform.spark.transforms import spark_schema
from access_history_platform.sql.binder import parse_view_definition
from access_history_platform.sql.names import Context, naming_for
from resources import LandingZone, Settings, SparkResource, Warehouse
from resources.settings import variable
from resources.tables import (ACCESS_HISTORY, ACCESS_HISTORY_QUARANTINE, CATALOG, COLUMN_LINEAGE, ORG_ACCESS_HISTORY,
                              POLICY_REFERENCES, RAW_QUERY_LOGS, RAW_QUERY_LOGS_QUARANTINE, Level, Table)

from .access_history import QUARANTINE as RECORDS_QUARANTINE
from .access_history import TABLE as RECORDS_TABLE
from .access_history import day_inputs
from .catalog import TABLE as CATALOG_TABLE
from .catalog import day_start_state
from .org_access_history import TABLE as ORG_TABLE
from .partitions import AccountDay, account_days, day_of, days, registered_accounts
from .raw_query_logs import raw_lines
from .tables import frame_of, preview

MAX_PARSE_FAILURE_RATE = variable("max_parse_failure_rate")
DEFAULT_MAX_PARSE_FAILURE_RATE = Settings.model_fields["max_parse_failure_rate"].default
SAMPLE_ROWS = 5
_VIEWS = sorted(domain.upper() for domain in VIEW_DOMAINS)


def _spec(table: Table, name: str, description: str, *, blocking: bool = True) -> dg.AssetCheckSpec:
    with warnings.catch_warnings():  # partitioned checks are a preview feature of dagster 1.13
        warnings.simplefilter("ignore", dg.PreviewWarning)
        return dg.AssetCheckSpec(name, asset=table.name, description=description, blocking=blocking,
                                 partitions_def=account_days if table.level is Level.ACCOUNT_DAY else days)


RAW_QUERY_LOGS_CHECKS = (
    _spec(RAW_QUERY_LOGS, "required_fields_present",
          "Every stored line has query_id, query_text, query_start_time and user_name."),
    _spec(RAW_QUERY_LOGS, "query_id_unique", "No query_id appears on two lines of the account-day."),
    _spec(RAW_QUERY_LOGS, "timestamps_inside_partition", "Every query_start_time falls on the partition's UTC day."),
    _spec(RAW_QUERY_LOGS_QUARANTINE, "every_entry_has_a_reason",
          "Every line or file set aside names its file and the rule it broke."),
)
CATALOG_CHECKS = (
    _spec(CATALOG, "ids_unique_per_domain",
          "No two object versions of one domain alive at the same time share an id."),
    _spec(CATALOG, "view_definitions_parse", "Every view definition (but shared views') parses as a query."),
    _spec(CATALOG, "view_references_known", "Every object a view definition reads is in the day's catalog."),
)
ACCESS_HISTORY_CHECKS = (
    _spec(ACCESS_HISTORY, "statements_complete",
          "Every successful statement of the log is a record, a documented no-record statement or quarantined."),
    _spec(ACCESS_HISTORY, "no_failed_statement_recorded", "No record belongs to a failed statement."),
    _spec(ACCESS_HISTORY, "base_objects_are_not_views", "base_objects_accessed holds no view but shared views."),
    _spec(ACCESS_HISTORY, "no_intermediate_views",
          "No view reached only through another view appears in column sources."),
    _spec(ACCESS_HISTORY, "written_column_sources_exist",
          "Every source of a written column exists, with that column, in the catalog at the statement's time."),
    _spec(ACCESS_HISTORY, "parent_root_ids_consistent",
          "root_query_id is set exactly when parent_query_id is, and is the top of the parent chain."),
    _spec(ACCESS_HISTORY, "query_id_unique", "query_id is unique, except the two records of a SWAP."),
    _spec(ACCESS_HISTORY, "upstream_as_materialized",
          "The raw_query_logs partition the records were resolved from holds the rows its materialization reported."),
    _spec(ACCESS_HISTORY, "parse_failure_rate",
          f"Quarantined statements stay under {MAX_PARSE_FAILURE_RATE} (default {DEFAULT_MAX_PARSE_FAILURE_RATE}) "
          "of the successful statements.", blocking=False),
    _spec(ACCESS_HISTORY_QUARANTINE, "every_entry_has_a_reason",
          "Every statement set aside has its query_id and the reason."),
    _spec(ACCESS_HISTORY_QUARANTINE, "not_also_recorded", "No statement set aside also has a record."),
)
COLUMN_LINEAGE_CHECKS = (
    _spec(COLUMN_LINEAGE, "points_at_records", "Every lineage row's query_id is a record of the account-day."),
    _spec(COLUMN_LINEAGE, "points_at_known_objects",
          "Every lineage row's source and target objects are in the day's catalog."),
    _spec(COLUMN_LINEAGE, "upstream_as_materialized",
          "The access_history partition the rows come from holds the rows its materialization reported."),
)
POLICY_REFERENCES_CHECKS = (
    _spec(POLICY_REFERENCES, "points_at_records", "Every policy reference's query_id is a record of the account-day."),
    _spec(POLICY_REFERENCES, "points_at_known_policies",
          "Every policy reference's policy and object are in the day's catalog."),
    _spec(POLICY_REFERENCES, "upstream_as_materialized",
          "The access_history partition the rows come from holds the rows its materialization reported."),
)
ORG_ACCESS_HISTORY_CHECKS = (
    _spec(ORG_ACCESS_HISTORY, "equals_sum_of_accounts",
          "Each account's rows in the rollup equal its access_history rows of the day."),
    _spec(ORG_ACCESS_HISTORY, "no_duplicates", "No record appears twice in the rollup."),
)
ALL_CHECK_SPECS = (*RAW_QUERY_LOGS_CHECKS, *CATALOG_CHECKS, *ACCESS_HISTORY_CHECKS, *COLUMN_LINEAGE_CHECKS,
                   *POLICY_REFERENCES_CHECKS, *ORG_ACCESS_HISTORY_CHECKS)


# --------------------------------------------------------------------------- results


def verdict(spec: dg.AssetCheckSpec, offending: DataFrame | None, columns: Sequence[str], *, checked: int,
            bad: int | None = None, severity: dg.AssetCheckSeverity = dg.AssetCheckSeverity.ERROR,
            **counts: int) -> dg.AssetCheckResult:
    """Pass when ``offending`` is empty (``bad`` rows, counted here unless given); counts and the first
    offending rows in the metadata."""
    bad = offending.count() if bad is None else bad
    metadata: dict[str, Any] = {"checked_rows": dg.MetadataValue.int(checked),
                                "offending_rows": dg.MetadataValue.int(bad)}
    metadata.update({name: dg.MetadataValue.int(int(value)) for name, value in counts.items()})
    if bad:  # a second pass only when something is wrong
        metadata["offending_sample"] = preview(offending, list(columns), rows=SAMPLE_ROWS)
    return dg.AssetCheckResult(asset_key=spec.asset_key, check_name=spec.name, passed=bad == 0,
                               severity=severity, metadata=metadata)


def driver_verdict(spec: dg.AssetCheckSpec, session: SparkSession, rows: list[dict[str, Any]],
                   columns: Sequence[str], *, checked: int, **counts: int) -> dg.AssetCheckResult:
    """:func:`verdict` for offending rows found on the driver (shown through a small DataFrame of text)."""
    frame = frame_of(session, [{c: None if r.get(c) is None else str(r[c]) for c in columns} for r in rows],
                     pa.schema([(c, pa.string()) for c in columns]))
    return verdict(spec, frame, columns, checked=checked, bad=len(rows), **counts)


def upstream_as_materialized(spec: dg.AssetCheckSpec, context: dg.AssetCheckExecutionContext, session: SparkSession,
                             warehouse: Warehouse, table: Table) -> dg.AssetCheckResult:
    """The upstream partition an asset read holds the rows its latest materialization reported.

    A partition emptied or cut short after it was written (what a killed run used to leave
    behind while Dagster still showed the good materialization) fails this check in every
    asset that reads it, instead of flowing on as an empty day.
    """
    part = AccountDay.of(context)
    uri = warehouse.partition_uri(table, part.day, part.account)
    stored = warehouse.read(session, table, part.day, part.account).count() if warehouse.exists(uri) else 0
    records = context.instance.fetch_materializations(
        dg.AssetRecordsFilter(asset_key=dg.AssetKey(table.name), asset_partitions=[str(part.key)]), limit=1).records
    reported_value = records[0].asset_materialization.metadata.get("dagster/row_count") if records else None
    reported = int(reported_value.value) if reported_value is not None else stored  # nothing recorded to compare
    rows = [] if stored == reported else [{"table": table.name, "stored_rows": stored, "reported_rows": reported}]
    return driver_verdict(spec, session, rows, ["table", "stored_rows", "reported_rows"], checked=stored,
                          reported_rows=reported)


def _domain(column: Any) -> Any:
    """A domain as records and catalog both spell it: ``Masking policy`` and ``MASKING_POLICY`` alike."""
    return F.upper(F.regexp_replace(column, " ", "_"))


def catalog_objects(versions: DataFrame) -> DataFrame:
    """The day's object versions: domain key, name, id, validity, column names (null if unknown), shared."""
    parsed = F.from_json("object", "struct<columns: array<struct<name: string>>, shared: boolean>")
    return versions.select(
        _domain(F.col("domain")).alias("domain_key"), "name", "object_id", "valid_from", "valid_to",
        F.transform(parsed["columns"], lambda c: c["name"]).alias("column_names"),
        F.coalesce(parsed["shared"], F.lit(False)).alias("shared"),
    )


# --------------------------------------------------------------------------- raw_query_logs


@dg.multi_asset_check(specs=list(RAW_QUERY_LOGS_CHECKS), name="raw_query_logs_checks", compute_kind="spark")
def raw_query_logs_checks(context: dg.AssetCheckExecutionContext, spark: SparkResource,
                          warehouse: Warehouse) -> Iterator[dg.AssetCheckResult]:
    part = AccountDay.of(context)
    lines = raw_lines(spark.session(), warehouse, part).persist()
    try:
        checked = lines.count()
        yield required_fields_present(lines, checked)
        yield query_id_unique_in_log(lines, checked)
        yield timestamps_inside_partition(lines, checked, part)
        set_aside = warehouse.read(spark.session(), RAW_QUERY_LOGS_QUARANTINE, part.day, part.account)
        unexplained = set_aside.where(_blank("file") | _blank("reason") | F.col("line").isNull())
        yield verdict(RAW_QUERY_LOGS_CHECKS[3], unexplained, ["file", "line", "reason"], checked=set_aside.count())
    finally:
        lines.unpersist()


def _blank(column: str) -> Any:
    return F.col(column).isNull() | (F.trim(F.col(column)) == "")


def required_fields_present(lines: DataFrame, checked: int) -> dg.AssetCheckResult:
    blank = [F.col(name).isNull() | (F.trim(F.col(name)) == "") for name in ("query_id", "query_text", "user_name")]
    missing = blank[0] | blank[1] | blank[2] | F.col("query_start_time").isNull()
    return verdict(RAW_QUERY_LOGS_CHECKS[0], lines.where(missing),
                   ["file", "line", "query_id", "query_start_time", "user_name"], checked=checked)


def query_id_unique_in_log(lines: DataFrame, checked: int) -> dg.AssetCheckResult:
    duplicated = (lines.groupBy("query_id")
                  .agg(F.count(F.lit(1)).alias("occurrences"),
                       F.concat_ws(", ", F.sort_array(F.collect_list(F.format_string("%s:%d", "file", "line"))))
                       .alias("where"))
                  .where(F.col("occurrences") > 1).persist())
    extra = duplicated.agg(F.sum(F.col("occurrences") - 1)).first()[0] or 0
    result = verdict(RAW_QUERY_LOGS_CHECKS[1], duplicated.orderBy("query_id"), ["query_id", "occurrences", "where"],
                     checked=checked, duplicate_lines=extra)
    duplicated.unpersist()
    return result


def timestamps_inside_partition(lines: DataFrame, checked: int, part: AccountDay) -> dg.AssetCheckResult:
    # The session's time zone is UTC (resources.spark.BASE_CONF): to_date gives the UTC day.
    outside = lines.where(F.to_date("query_start_time") != F.lit(part.day))
    return verdict(RAW_QUERY_LOGS_CHECKS[2], outside, ["file", "line", "query_id", "query_start_time"],
                   checked=checked)


# --------------------------------------------------------------------------- catalog


@dg.multi_asset_check(specs=list(CATALOG_CHECKS), name="catalog_checks", compute_kind="spark")
def catalog_checks(context: dg.AssetCheckExecutionContext, spark: SparkResource, landing: LandingZone,
                   warehouse: Warehouse) -> Iterator[dg.AssetCheckResult]:
    part = AccountDay.of(context)
    session = spark.session()
    versions = warehouse.read(session, CATALOG_TABLE, part.day, part.account).persist()
    try:
        yield ids_unique_per_domain(versions)
        views = view_rows(versions)
        definitions = {row["key"]: parse_view_definition(row["definition"], landing.dialect) for row in views}
        yield view_definitions_parse(session, views, definitions)
        yield view_references_known(session, versions, views, definitions, landing.dialect)
    finally:
        versions.unpersist()


def ids_unique_per_domain(versions: DataFrame) -> dg.AssetCheckResult:
    """Two versions of one (domain, id) overlap in time: two objects held the id at once."""
    lowest, highest = F.lit("0001-01-01").cast("timestamp"), F.lit("9999-12-31").cast("timestamp")
    spans = versions.select(
        "domain", "object_id", "name",
        F.struct(F.coalesce("valid_from", lowest), F.coalesce("valid_from_position", F.lit(-1))).alias("start"),
        F.struct(F.coalesce("valid_to", highest), F.coalesce("valid_to_position", F.lit(2**62))).alias("end"),
        F.monotonically_increasing_id().alias("version"),
    )
    a, b = spans.alias("a"), spans.alias("b")
    clashes = a.join(b, (F.col("a.domain") == F.col("b.domain")) & (F.col("a.object_id") == F.col("b.object_id"))
                     & (F.col("a.version") < F.col("b.version"))
                     & (F.col("a.start") < F.col("b.end")) & (F.col("b.start") < F.col("a.end")))
    offending = clashes.select(F.col("a.domain").alias("domain"), F.col("a.object_id").alias("object_id"),
                               F.col("a.name").alias("name"), F.col("b.name").alias("other_name"))
    return verdict(CATALOG_CHECKS[0], offending, ["domain", "object_id", "name", "other_name"],
                   checked=versions.count())


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


def view_definitions_parse(session: SparkSession, views: list[dict[str, Any]],
                           definitions: dict[tuple, exp.Expression | None]) -> dg.AssetCheckResult:
    failed = [{**row, "definition": row["definition"][:200]} for row in views if definitions[row["key"]] is None]
    columns = ["name", "object_id", "valid_from", "definition"]
    return driver_verdict(CATALOG_CHECKS[1], session, failed, columns, checked=len(views))


def view_references_known(session: SparkSession, versions: DataFrame, views: list[dict[str, Any]],
                          definitions: dict[tuple, exp.Expression | None], dialect: str) -> dg.AssetCheckResult:
    known = {row["name"].upper() for row in versions.select("name").distinct().toArrow().to_pylist()}
    unknown, references = [], 0
    for row in views:
        for name in view_references(definitions[row["key"]], row["name"], dialect):
            references += 1
            if name.upper() not in known:
                unknown.append({"view": row["name"], "valid_from": row["valid_from"], "reference": name})
    columns = ["view", "valid_from", "reference"]
    return driver_verdict(CATALOG_CHECKS[2], session, unknown, columns, checked=len(views),
                          references=references)


def view_references(query: exp.Expression | None, view_name: str, dialect: str) -> list[str]:
    """Fully qualified names of the objects a view's query reads (CTEs and table functions left out).

    >>> view_references(parse_view_definition("with c as (select 1 a) select * from t join c", "snowflake"),
    ...                 "DB.S.V", "snowflake")
    ['DB.S.T']
    """
    if query is None:
        return []
    naming, context = naming_for(dialect), Context.of_object(view_name)
    ctes = {naming.ident(cte.alias) for cte in query.find_all(exp.CTE)}
    names = []
    for table in query.find_all(exp.Table):
        if not isinstance(table.this, exp.Identifier):
            continue
        parts = naming.table_parts(table)
        if len(parts) == 1 and parts[0] in ctes:
            continue
        names.append(".".join(context.qualify(parts)))
    return sorted(set(names))


# --------------------------------------------------------------------------- access_history


@dataclass
class RecordsDay:
    """One account-day's records and what the checks compare them with, read once and shared."""

    lines: DataFrame
    records: DataFrame
    lineage: DataFrame
    statements: DataFrame
    quarantine: DataFrame
    quarantined_ids: DataFrame
    objects: DataFrame
    parents: dict[str, str]
    resolve: Callable
    counts: dict[str, int]

    def unpersist(self) -> None:
        for frame in (self.records, self.lineage, self.statements, self.quarantined_ids, self.objects):
            frame.unpersist()


def records_day(session: SparkSession, warehouse: Warehouse, part: AccountDay, dialect: str) -> RecordsDay:
    lines = raw_lines(session, warehouse, part)
    records = warehouse.read(session, RECORDS_TABLE, part.day, part.account).persist()
    quarantine = warehouse.read(session, RECORDS_QUARANTINE, part.day, part.account)
    versions = warehouse.read(session, CATALOG_TABLE, part.day, part.account)
    shared = day_inputs(lines)
    statements = lines.mapInArrow(make_statement_rows(shared["parents"], dialect),
                                  spark_schema(STATEMENT_SCHEMA)).persist()
    day = RecordsDay(
        lines=lines, records=records, lineage=lineage_of(records).persist(), statements=statements,
        quarantine=quarantine, quarantined_ids=quarantine.select("query_id").distinct().persist(),
        objects=catalog_objects(versions).persist(), parents=shared["parents"],
        resolve=make_resolve_batch(catalog_state=day_start_state(part, warehouse)["catalog"],
                                   catalog_lines=shared["catalog_lines"], parents=shared["parents"],
                                   account=part.account, dialect=dialect),
        counts={"records": records.count(), "lineage": 0, "quarantined": 0},
    )
    statuses = statements.agg(F.count(F.when(F.col("successful"), 1)).alias("successful"),
                              F.count(F.when(~F.col("successful"), 1)).alias("failed")).first()
    day.counts.update(successful=statuses["successful"], failed=statuses["failed"],
                      lineage=day.lineage.count(), quarantined=day.quarantined_ids.count())
    return day


@dg.multi_asset_check(specs=list(ACCESS_HISTORY_CHECKS), name="access_history_checks", compute_kind="spark")
def access_history_checks(context: dg.AssetCheckExecutionContext, spark: SparkResource, landing: LandingZone,
                          warehouse: Warehouse) -> Iterator[dg.AssetCheckResult]:
    session = spark.session()
    day = records_day(session, warehouse, AccountDay.of(context), landing.dialect)
    try:
        yield statements_complete(day)
        yield no_failed_statement_recorded(day)
        yield base_objects_are_not_views(day)
        yield no_intermediate_views(day)
        yield written_column_sources_exist(day)
        yield parent_root_ids_consistent(session, day)
        yield query_id_unique_in_records(day)
        yield upstream_as_materialized(ACCESS_HISTORY_CHECKS[7], context, session, warehouse, RAW_QUERY_LOGS)
        yield parse_failure_rate(day)
        checked = day.quarantine.count()
        yield verdict(ACCESS_HISTORY_CHECKS[9], day.quarantine.where(_blank("query_id") | _blank("reason")),
                      ["query_id", "file", "line", "reason"], checked=checked)
        yield verdict(ACCESS_HISTORY_CHECKS[10], day.quarantine.join(day.records.select("query_id"), "query_id",
                                                                     "left_semi"),
                      ["query_id", "file", "line", "reason"], checked=checked)
    finally:
        day.unpersist()


STATEMENT_SCHEMA = pa.schema([("query_id", pa.string()), ("successful", pa.bool_()), ("log_position", pa.int64())])


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


def statements_complete(day: RecordsDay) -> dg.AssetCheckResult:
    """Nothing lost: a successful statement with neither record nor quarantine entry must resolve to no record.

    Those statements' lines are resolved again, with the day's DDL replayed as the asset did.
    """
    accounted = day.records.select("query_id").union(day.quarantined_ids).distinct()
    leftover = day.statements.where("successful").join(accounted, "query_id", "left_anti")
    own = day.lines.join(leftover.select("log_position").distinct(), "log_position", "left_semi")
    outcomes = (own.mapInArrow(day.resolve, spark_schema(outcomes_schema()))
                .where(F.col("record_index") == 0).select("query_id", "status", "reason"))
    judged = leftover.join(outcomes, "query_id", "left").select(
        "query_id", "log_position", F.coalesce("status", F.lit("no outcome")).alias("status"), "reason").persist()
    try:
        tally = judged.agg(F.count(F.when(F.col("status") == NO_RECORD, 1)).alias("without_record"),
                           F.count(F.when(F.col("status") != NO_RECORD, 1)).alias("lost")).first()
        return verdict(ACCESS_HISTORY_CHECKS[0], judged.where(F.col("status") != NO_RECORD).orderBy("log_position"),
                       ["query_id", "log_position", "status", "reason"], checked=day.counts["successful"],
                       bad=tally["lost"], statements_without_record=tally["without_record"],
                       statements_quarantined=day.counts["quarantined"])
    finally:
        judged.unpersist()


def no_failed_statement_recorded(day: RecordsDay) -> dg.AssetCheckResult:
    failed = day.statements.where(~F.col("successful")).select("query_id")
    return verdict(ACCESS_HISTORY_CHECKS[1], day.records.join(failed, "query_id", "left_semi"),
                   ["query_id", "query_start_time", "user_name"], checked=day.counts["records"],
                   failed_statements=day.counts["failed"])


def _shared_views(objects: DataFrame) -> DataFrame:
    return objects.where(F.col("domain_key").isin(*_VIEWS) & F.col("shared")).select(
        F.col("domain_key").alias("view_domain"), F.col("name").alias("view_name"),
        F.col("object_id").alias("view_id")).distinct()


def _unless_shared(entries: DataFrame, objects: DataFrame, domain: str, name: str, object_id: str) -> DataFrame:
    """The view entries of ``entries`` that are not shared views of the catalog."""
    views = entries.where(_domain(F.col(domain)).isin(*_VIEWS))
    shared = _shared_views(objects)
    on = ((_domain(views[domain]) == shared["view_domain"]) & (views[name] == shared["view_name"])
          & (views[object_id].isNull() | (views[object_id] == shared["view_id"])))
    return views.join(shared, on, "left_anti")


def base_objects_are_not_views(day: RecordsDay) -> dg.AssetCheckResult:
    base = day.records.select("query_id", F.inline("base_objects_accessed"))
    offending = _unless_shared(base, day.objects, "objectDomain", "objectName", "objectId")
    return verdict(ACCESS_HISTORY_CHECKS[2], offending, ["query_id", "objectDomain", "objectName", "objectId"],
                   checked=day.counts["records"])


def no_intermediate_views(day: RecordsDay) -> dg.AssetCheckResult:
    """A view may feed a written column directly only if the statement names it; as a base source, never.

    (``direct_objects_accessed`` lists exactly what the statement names; ``base_objects_accessed``
    has its own check.)
    """
    lineage = day.lineage
    base = _unless_shared(lineage.where(F.col("source_column_type") == "BASE"), day.objects,
                          "source_object_domain", "source_object_name", "source_object_id")
    named = day.records.select("query_id", F.inline("direct_objects_accessed")).select(
        "query_id", F.col("objectName").alias("named"))
    direct = lineage.where((F.col("source_column_type") == "DIRECT")
                           & _domain(F.col("source_object_domain")).isin(*_VIEWS))
    unnamed = direct.join(named, (direct["query_id"] == named["query_id"])
                          & (direct["source_object_name"] == named["named"]), "left_anti")
    columns = ["query_id", "source_column_type", "source_object_name", "source_column_name", "target_object_name",
               "target_column_name"]
    offending = base.select(*columns).unionByName(unnamed.select(*columns))
    return verdict(ACCESS_HISTORY_CHECKS[3], offending, columns, checked=day.counts["records"])


def written_column_sources_exist(day: RecordsDay) -> dg.AssetCheckResult:
    """A version of the source object, valid at the statement's time (bounds included), has the column."""
    sources, v = day.lineage, day.objects.alias("v")
    found = ((_domain(sources["source_object_domain"]) == F.col("v.domain_key"))
             & (sources["source_object_name"] == F.col("v.name"))
             & (sources["source_object_id"].isNull() | (sources["source_object_id"] == F.col("v.object_id")))
             & (F.col("v.valid_from").isNull() | (F.col("v.valid_from") <= sources["query_start_time"]))
             & (F.col("v.valid_to").isNull() | (F.col("v.valid_to") >= sources["query_start_time"]))
             & (sources["source_column_name"].isNull() | F.col("v.column_names").isNull()
                | F.array_contains(F.col("v.column_names"), sources["source_column_name"])))
    missing = sources.join(v, found, "left_anti")
    return verdict(ACCESS_HISTORY_CHECKS[4], missing,
                   ["query_id", "source_column_type", "source_object_name", "source_column_name", "target_object_name",
                    "target_column_name"], checked=day.counts["records"], sources=day.counts["lineage"])


_CHAIN_SCHEMA = pa.schema([("chain_id", pa.string()), ("chain_root", pa.string())])


def parent_root_ids_consistent(session: SparkSession, day: RecordsDay) -> dg.AssetCheckResult:
    """``root_query_id`` is null exactly when ``parent_query_id`` is, else the top of the parent's chain."""
    chain = frame_of(session, [{"chain_id": query_id, "chain_root": root_of(query_id, day.parents)}
                               for query_id in day.parents], _CHAIN_SCHEMA)
    records = day.records
    joined = records.join(F.broadcast(chain), records["parent_query_id"] == chain["chain_id"], "left")
    expected = F.coalesce(F.col("chain_root"), F.col("parent_query_id"))
    wrong = ((F.col("parent_query_id").isNull() != F.col("root_query_id").isNull())
             | (F.col("parent_query_id").isNotNull() & (F.col("root_query_id") != expected)))
    offending = joined.where(wrong).withColumn("expected_root_query_id", expected)
    return verdict(ACCESS_HISTORY_CHECKS[5], offending,
                   ["query_id", "parent_query_id", "root_query_id", "expected_root_query_id"],
                   checked=day.counts["records"])


def query_id_unique_in_records(day: RecordsDay) -> dg.AssetCheckResult:
    ddl = F.col("object_modified_by_ddl")
    swap = (F.col("records") == 2) & (F.col("swap_records") == 2) & (F.col("ddl_objects") == 2)
    grouped = (day.records.groupBy("query_id").agg(
        F.count(F.lit(1)).alias("records"),
        F.count(F.when(ddl["properties"].contains('"swapTargetName"'), 1)).alias("swap_records"),
        F.countDistinct(ddl["objectName"]).alias("ddl_objects"),
        F.concat_ws(", ", F.sort_array(F.collect_list(ddl["objectName"]))).alias("ddl_object_names"))
        .where(F.col("records") > 1).withColumn("swap", swap).persist())
    try:
        tally = grouped.agg(F.count(F.when(~F.col("swap"), 1)).alias("bad"),
                            F.count(F.when(F.col("swap"), 1)).alias("swaps")).first()
        return verdict(ACCESS_HISTORY_CHECKS[6], grouped.where(~F.col("swap")),
                       ["query_id", "records", "ddl_object_names"], checked=day.counts["records"],
                       bad=tally["bad"], swap_pairs=tally["swaps"])
    finally:
        grouped.unpersist()


def max_parse_failure_rate() -> float:
    """The threshold of the parse-failure check, from ``AHP_MAX_PARSE_FAILURE_RATE`` (a share, 0 to 1)."""
    return Settings.from_env().max_parse_failure_rate


def parse_failure_rate(day: RecordsDay) -> dg.AssetCheckResult:
    """A warning: the share of the successful statements the resolver set aside."""
    spec = ACCESS_HISTORY_CHECKS[8]
    quarantined, successful = day.counts["quarantined"], day.counts["successful"]
    threshold = max_parse_failure_rate()
    rate = quarantined / successful if successful else 0.0
    metadata: dict[str, Any] = {
        "checked_rows": dg.MetadataValue.int(successful), "statements_quarantined": dg.MetadataValue.int(quarantined),
        "parse_failure_rate": dg.MetadataValue.float(round(rate, 6)),
        "max_parse_failure_rate": dg.MetadataValue.float(threshold),
    }
    if rate > threshold:
        metadata["offending_sample"] = preview(day.quarantine.orderBy("log_position"), ["query_id", "reason", "query_text"])
    return dg.AssetCheckResult(asset_key=spec.asset_key, check_name=spec.name, passed=rate <= threshold,
                               severity=dg.AssetCheckSeverity.WARN, metadata=metadata)


# --------------------------------------------------------------------------- lineage and policies


def _record_ids(session: SparkSession, warehouse: Warehouse, part: AccountDay) -> DataFrame:
    return warehouse.read(session, RECORDS_TABLE, part.day, part.account).select("query_id").distinct()


def _objects_of_day(session: SparkSession, warehouse: Warehouse, part: AccountDay) -> DataFrame:
    versions = warehouse.read(session, CATALOG_TABLE, part.day, part.account)
    return catalog_objects(versions).select("domain_key", "name", "object_id").distinct()


def unknown_entries(rows: DataFrame, objects: DataFrame, sides: dict[str, tuple[str, str, str]],
                    columns: Sequence[str]) -> DataFrame:
    """Rows whose entry on some side (domain, name, id columns) is no object of the day's catalog."""
    out = None
    for side, (domain, name, object_id) in sides.items():
        entries = rows.select(*columns, F.lit(side).alias("side"), F.col(domain).alias("entry_domain"),
                              F.col(name).alias("entry_name"), F.col(object_id).alias("entry_id"))
        on = ((_domain(entries["entry_domain"]) == objects["domain_key"]) & (entries["entry_name"] == objects["name"])
              & (entries["entry_id"].isNull() | (entries["entry_id"] == objects["object_id"])))
        unknown = entries.join(objects, on, "left_anti")
        out = unknown if out is None else out.unionByName(unknown)
    return out


@dg.multi_asset_check(specs=list(COLUMN_LINEAGE_CHECKS), name="column_lineage_checks", compute_kind="spark")
def column_lineage_checks(context: dg.AssetCheckExecutionContext, spark: SparkResource,
                          warehouse: Warehouse) -> Iterator[dg.AssetCheckResult]:
    yield from flattened_table_checks(
        context, spark, warehouse, COLUMN_LINEAGE, COLUMN_LINEAGE_CHECKS,
        ["query_id", "target_object_name", "target_column_name"], {
            "source": ("source_object_domain", "source_object_name", "source_object_id"),
            "target": ("target_object_domain", "target_object_name", "target_object_id"),
        })


@dg.multi_asset_check(specs=list(POLICY_REFERENCES_CHECKS), name="policy_references_checks", compute_kind="spark")
def policy_references_checks(context: dg.AssetCheckExecutionContext, spark: SparkResource,
                             warehouse: Warehouse) -> Iterator[dg.AssetCheckResult]:
    yield from flattened_table_checks(
        context, spark, warehouse, POLICY_REFERENCES, POLICY_REFERENCES_CHECKS,
        ["query_id", "object_name", "policy_name"], {
            "policy": ("policy_kind", "policy_name", "policy_id"),
            "object": ("object_domain", "object_name", "object_id"),
        })


def flattened_table_checks(context: dg.AssetCheckExecutionContext, spark: SparkResource, warehouse: Warehouse,
                           table: Table, specs: Sequence[dg.AssetCheckSpec], orphan_columns: list[str],
                           sides: dict[str, tuple[str, str, str]]) -> Iterator[dg.AssetCheckResult]:
    """The two checks of a table flattened from the records: every row points at an existing
    record (``specs[0]``), and each of its ``sides`` (domain, name, id columns) at a known
    object or policy of the day's catalog (``specs[1]``)."""
    part = AccountDay.of(context)
    session = spark.session()
    rows = warehouse.read(session, table, part.day, part.account).persist()
    try:
        checked = rows.count()
        orphans = rows.join(_record_ids(session, warehouse, part), "query_id", "left_anti")
        yield verdict(specs[0], orphans, orphan_columns, checked=checked)
        unknown = unknown_entries(rows, _objects_of_day(session, warehouse, part), sides, ["query_id"])
        yield verdict(specs[1], unknown, ["query_id", "side", "entry_domain", "entry_name", "entry_id"],
                      checked=checked)
        yield upstream_as_materialized(specs[2], context, session, warehouse, ACCESS_HISTORY)
    finally:
        rows.unpersist()


# --------------------------------------------------------------------------- org_access_history


_ACCOUNT_ROWS_SCHEMA = pa.schema([("account_name", pa.string()), ("account_rows", pa.int64())])


@dg.multi_asset_check(specs=list(ORG_ACCESS_HISTORY_CHECKS), name="org_access_history_checks", compute_kind="spark")
def org_access_history_checks(context: dg.AssetCheckExecutionContext, spark: SparkResource,
                              warehouse: Warehouse) -> Iterator[dg.AssetCheckResult]:
    day = day_of(context)
    session = spark.session()
    rows = warehouse.read(session, ORG_TABLE, day).persist()
    try:
        checked = rows.count()
        accounts = registered_accounts(context)
        paths = [path for account in accounts
                 if warehouse.exists(path := warehouse.partition_uri(RECORDS_TABLE, day, account))]
        per_account = ({row["account_name"]: row["account_rows"] for row in (
            warehouse.read_uris(session, RECORDS_TABLE, paths).groupBy("account_name")
            .agg(F.count(F.lit(1)).alias("account_rows")).collect())} if paths else {})
        expected = frame_of(session, [{"account_name": a, "account_rows": n} for a, n in per_account.items()],
                            _ACCOUNT_ROWS_SCHEMA)
        rolled = rows.groupBy("account_name").agg(F.count(F.lit(1)).alias("rollup_rows"))
        compared = expected.join(rolled, "account_name", "full").fillna(0, ["account_rows", "rollup_rows"])
        yield verdict(ORG_ACCESS_HISTORY_CHECKS[0], compared.where(F.col("account_rows") != F.col("rollup_rows")),
                      ["account_name", "account_rows", "rollup_rows"], checked=checked,
                      sum_of_accounts=sum(per_account.values()), accounts=len(paths))
        ddl = F.col("object_modified_by_ddl")
        duplicated = (rows.groupBy("account_name", "query_id", ddl["objectName"].alias("ddl_object"))
                      .agg(F.count(F.lit(1)).alias("copies")).where(F.col("copies") > 1))
        yield verdict(ORG_ACCESS_HISTORY_CHECKS[1], duplicated, ["account_name", "query_id", "ddl_object", "copies"],
                      checked=checked)
    finally:
        rows.unpersist()


ACCOUNT_DAY_CHECKS = (raw_query_logs_checks, catalog_checks, access_history_checks, column_lineage_checks,
                      policy_references_checks)
ORGANIZATION_CHECKS = (org_access_history_checks,)
ALL_CHECKS = (*ACCOUNT_DAY_CHECKS, *ORGANIZATION_CHECKS)


# --------------------------------------------------------------------------- running checks alone


def partition_tags(key: str | dg.MultiPartitionKey) -> dict[str, str]:
    """The run tags that name a partition (what a run of one partition carries)."""
    tags = {"dagster/partition": str(key)}
    if isinstance(key, dg.MultiPartitionKey):
        tags.update({f"dagster/partition/{dim}": value for dim, value in key.keys_by_dimension.items()})
    return tags


def execute_checks(checks: Sequence[dg.AssetChecksDefinition], key: str | dg.MultiPartitionKey, *,
                   instance: dg.DagsterInstance, resources: dict[str, object], tags: dict[str, str] | None = None,
                   run_config: dict[str, Any] | None = None) -> dg.ExecuteInProcessResult:
    """Evaluate ``checks`` on the stored partition ``key`` in-process, without materializing anything.

    The partition is named by the run's tags: dagster 1.13 refuses a ``partition_key`` for a
    selection of checks only.
    """
    from . import ALL_ASSETS

    selection = dg.AssetSelection.checks(*checks)
    return dg.materialize([*ALL_ASSETS, *ALL_CHECKS], selection=selection, instance=instance, resources=resources,
                          tags={**partition_tags(key), **(tags or {})}, run_config=run_config, raise_on_error=False)
