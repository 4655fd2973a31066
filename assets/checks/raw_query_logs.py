"""The checks of ``raw_query_logs`` and its quarantine: the stored lines are whole, unique and of their day."""

from collections.abc import Iterator

import dagster as dg
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from resources import SparkResource, Warehouse
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
        unexplained = set_aside.where(blank("file") | blank("reason") | F.col("line").isNull())
        yield verdict(RAW_QUERY_LOGS_CHECKS[3], unexplained, ["file", "line", "reason"], checked=set_aside.count())
    finally:
        lines.unpersist()


def required_fields_present(lines: DataFrame, checked: int) -> dg.AssetCheckResult:
    missing = blank("query_id") | blank("query_text") | blank("user_name") | F.col("query_start_time").isNull()
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
