"""``org_access_history``: one day of every account's records, as ORGANIZATION_USAGE.ACCESS_HISTORY."""

import dagster as dg
from pyspark.sql import Observation
from pyspark.sql import functions as F

from access_history_platform.spark.transforms import org_access_history as with_organization
from resources import Organization, SparkResource, Warehouse
from resources.tables import ORG_ACCESS_HISTORY

from .access_history import TABLE as RECORDS_TABLE
from .automation import follows_every_account
from .partitions import day_of, days, every_account_of_day, registered_accounts
from .tables import count_where, empty_frame, preview, table_asset, table_metadata

TABLE = ORG_ACCESS_HISTORY


@table_asset(
    TABLE, "The organization-level access history of the day: every registered account's records, "
           "with account_name and organization_name.",
    partitions_def=days,
    deps=[dg.AssetDep(RECORDS_TABLE.name, partition_mapping=every_account_of_day)],
    automation_condition=follows_every_account(),
)
def org_access_history(context: dg.AssetExecutionContext, spark: SparkResource, warehouse: Warehouse,
                       organization: Organization) -> dg.MaterializeResult:
    day = day_of(context)
    session = spark.session()
    accounts = registered_accounts(context)
    present = [account for account in accounts if warehouse.materialized(RECORDS_TABLE, day, account)]
    missing = [account for account in accounts if account not in present]
    if missing:
        context.log.warning(f"{day}: no access_history for {', '.join(missing)}; the rollup leaves them out")
    uri = warehouse.partition_uri(TABLE, day)
    if present:
        observation = Observation()
        records = warehouse.read_accounts(session, RECORDS_TABLE, day, present)
        records = records.observe(observation, *count_where(**{a: F.col("account_name") == a for a in present}))
    else:
        records = empty_frame(session, RECORDS_TABLE.schema)
    rows = warehouse.write(with_organization(records, organization.name), TABLE, day)
    per_account = observation.get if present else {}
    stored = warehouse.read(session, TABLE, day)
    return dg.MaterializeResult(metadata=table_metadata(
        rows=rows, path=uri,
        preview_value=preview(stored.orderBy(F.col("query_start_time")),
                              ["organization_name", "account_name", "query_id", "query_start_time", "user_name"]),
        accounts=len(present), accounts_missing=", ".join(missing) or "none",
        records_per_account=", ".join(f"{a}: {n}" for a, n in sorted(per_account.items())) or "none",
    ))
