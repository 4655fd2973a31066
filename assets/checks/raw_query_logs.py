"""The checks of ``raw_query_logs`` and its quarantine: the stored lines are whole, unique and of their day."""

from collections.abc import Iterator

import dagster as dg
from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F

from resources import SparkResource, Warehouse, spark_step
from resources.tables import RAW_QUERY_LOGS, RAW_QUERY_LOGS_QUARANTINE

from ..partitions import AccountDay
from ..raw_query_logs import raw_lines
from .common import blank, check_spec, verdict

RAW_QUERY_LOGS_CHECKS = (
    check_spec(RAW_QUERY_LOGS, "required_fields_present",
               "Every stored line has query_id, query_text, query_start_time and user_name."),
    check_spec(RAW_QUERY_LOGS, "query_id_unique", "No query_id appears on two lines of the account-day."),
    check_spec(RAW_QUERY_LOGS, "timestamps_inside_partition",
               "Every query_start_time falls on the partition's UTC day."),
    check_spec(RAW_QUERY_LOGS_QUARANTINE, "every_entry_has_a_reason",
               "Every line or file set aside names its file and the rule it broke."),
)


@dg.multi_asset_check(specs=list(RAW_QUERY_LOGS_CHECKS), name="raw_query_logs_checks", compute_kind="spark")
@spark_step
def raw_query_logs_checks(context: dg.AssetCheckExecutionContext, spark: SparkResource,
                          warehouse: Warehouse) -> Iterator[dg.AssetCheckResult]:
    part = AccountDay.of(context)
    lines = raw_lines(spark.session(), warehouse, part)
    # One pass counts what every rule needs; a rule's offending rows are looked for only when it fails.
    tally = lines.agg(F.count(F.lit(1)).alias("checked"), F.count(F.when(_missing(), 1)).alias("missing"),
                      F.count(F.when(_outside(part), 1)).alias("outside"), F.count("query_id").alias("ids"),
                      F.countDistinct("query_id").alias("distinct_ids")).first()
    checked = tally["checked"]
    yield required_fields_present(lines, checked, bad=tally["missing"])
    repeated = tally["ids"] - tally["distinct_ids"] + max(0, checked - tally["ids"] - 1)  # null ids group together
    yield query_id_unique_in_log(lines, checked) if repeated else verdict(
        RAW_QUERY_LOGS_CHECKS[1], None, [], checked=checked, bad=0, duplicate_lines=0)
    yield timestamps_inside_partition(lines, checked, part, bad=tally["outside"])
    set_aside = warehouse.read(spark.session(), RAW_QUERY_LOGS_QUARANTINE, part.day, part.account)
    unexplained = blank("file") | blank("reason") | F.col("line").isNull()
    entries = set_aside.agg(F.count(F.lit(1)).alias("entries"), F.count(F.when(unexplained, 1)).alias("bad")).first()
    yield verdict(RAW_QUERY_LOGS_CHECKS[3], set_aside.where(unexplained), ["file", "line", "reason"],
                  checked=entries["entries"], bad=entries["bad"])


def _missing() -> Column:
    return blank("query_id") | blank("query_text") | blank("user_name") | F.col("query_start_time").isNull()


def _outside(part: AccountDay) -> Column:
    # The session's time zone is UTC (resources.spark.BASE_CONF): to_date gives the UTC day.
    return F.to_date("query_start_time") != F.lit(part.day)


def required_fields_present(lines: DataFrame, checked: int, *, bad: int | None = None) -> dg.AssetCheckResult:
    return verdict(RAW_QUERY_LOGS_CHECKS[0], lines.where(_missing()),
                   ["file", "line", "query_id", "query_start_time", "user_name"], checked=checked, bad=bad)


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


def timestamps_inside_partition(lines: DataFrame, checked: int, part: AccountDay, *,
                                bad: int | None = None) -> dg.AssetCheckResult:
    return verdict(RAW_QUERY_LOGS_CHECKS[2], lines.where(_outside(part)),
                   ["file", "line", "query_id", "query_start_time"], checked=checked, bad=bad)
