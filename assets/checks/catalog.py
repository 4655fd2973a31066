"""The checks of ``catalog``: ids unique per domain over time, view definitions that parse and read known objects."""

from collections.abc import Iterator
from typing import Any

import dagster as dg
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from sqlglot import exp

from access_history_platform.spark.checks import view_rows
from access_history_platform.sql.binder import parse_view_definition
from access_history_platform.sql.view_references import view_references
from resources import LandingZone, SparkResource, Warehouse, spark_step
from resources.tables import CATALOG

from ..catalog import TABLE as CATALOG_TABLE
from ..partitions import AccountDay
from .common import Rule, check_spec, driver_verdict, judged

CATALOG_CHECKS = (
    check_spec(CATALOG, "ids_unique_per_domain",
               "No two object versions of one domain alive at the same time share an id."),
    check_spec(CATALOG, "view_definitions_parse", "Every view definition (but shared views') parses as a query."),
    check_spec(CATALOG, "view_references_known", "Every object a view definition reads is in the day's catalog."),
)


@dg.multi_asset_check(specs=list(CATALOG_CHECKS), name="catalog_checks", compute_kind="spark")
@spark_step
def catalog_checks(context: dg.AssetCheckExecutionContext, spark: SparkResource, landing: LandingZone,
                   warehouse: Warehouse) -> Iterator[dg.AssetCheckResult]:
    part = AccountDay.of(context)
    session = spark.session()
    versions = warehouse.read(session, CATALOG_TABLE, part.day, part.account).persist()
    try:
        yield ids_unique_per_domain(versions)
        views = view_rows(versions)
        dialect = landing.dialect_for(part.account)
        definitions = {row["key"]: parse_view_definition(row["definition"], dialect) for row in views}
        yield view_definitions_parse(session, views, definitions)
        yield view_references_known(session, versions, views, definitions, dialect)
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
    [result], _ = judged([Rule(CATALOG_CHECKS[0], offending, ["domain", "object_id", "name", "other_name"], versions)])
    return result


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
