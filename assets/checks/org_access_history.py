"""The checks of ``org_access_history``: each account's rows equal its records of the day, and none twice."""

from collections.abc import Iterator

import dagster as dg
import pyarrow as pa
from pyspark.sql import functions as F

from resources import SparkResource, Warehouse, spark_step
from resources.tables import ORG_ACCESS_HISTORY

from ..access_history import TABLE as RECORDS_TABLE
from ..org_access_history import TABLE as ORG_TABLE
from ..partitions import day_of, registered_accounts
from ..tables import frame_of
from .common import Rule, check_spec, judged

ORG_ACCESS_HISTORY_CHECKS = (
    check_spec(ORG_ACCESS_HISTORY, "equals_sum_of_accounts",
               "Each account's rows in the rollup equal its access_history rows of the day."),
    check_spec(ORG_ACCESS_HISTORY, "no_duplicates", "No record appears twice in the rollup."),
)


_ACCOUNT_ROWS_SCHEMA = pa.schema([("account_name", pa.string()), ("account_rows", pa.int64())])


@dg.multi_asset_check(specs=list(ORG_ACCESS_HISTORY_CHECKS), name="org_access_history_checks", compute_kind="spark")
@spark_step
def org_access_history_checks(context: dg.AssetCheckExecutionContext, spark: SparkResource,
                              warehouse: Warehouse) -> Iterator[dg.AssetCheckResult]:
    day = day_of(context)
    session = spark.session()
    rows = warehouse.read(session, ORG_TABLE, day).persist()
    try:
        accounts = registered_accounts(context)
        present = [account for account in accounts if warehouse.materialized(RECORDS_TABLE, day, account)]
        per_account = ({row["account_name"]: row["account_rows"] for row in (
            warehouse.read_accounts(session, RECORDS_TABLE, day, present).groupBy("account_name")
            .agg(F.count(F.lit(1)).alias("account_rows")).collect())} if present else {})
        expected = frame_of(session, [{"account_name": a, "account_rows": n} for a, n in per_account.items()],
                            _ACCOUNT_ROWS_SCHEMA)
        rolled = rows.groupBy("account_name").agg(F.count(F.lit(1)).alias("rollup_rows"))
        compared = expected.join(rolled, "account_name", "full").fillna(0, ["account_rows", "rollup_rows"])
        differing = compared.where(F.col("account_rows") != F.col("rollup_rows"))
        ddl = F.col("object_modified_by_ddl")
        duplicated = (rows.groupBy("account_name", "query_id", ddl["objectName"].alias("ddl_object"))
                      .agg(F.count(F.lit(1)).alias("copies")).where(F.col("copies") > 1))
        results, _ = judged([
            Rule(ORG_ACCESS_HISTORY_CHECKS[0], differing, ["account_name", "account_rows", "rollup_rows"], rows,
                 counts={"sum_of_accounts": sum(per_account.values()), "accounts": len(present)}),
            Rule(ORG_ACCESS_HISTORY_CHECKS[1], duplicated, ["account_name", "query_id", "ddl_object", "copies"], rows)])
        yield from results
    finally:
        rows.unpersist()
