"""Dagster assets of the Access History Platform, computed with PySpark.

Per account and UTC day (``assets.partitions.account_days``)::

    raw_query_logs -> catalog (also from the previous day's catalog) -> access_history
    raw_query_logs ----------------------------------------------------^   |-> column_lineage
                                                                           |-> policy_references
                                                                           |-> openlineage_events
Per UTC day, across the accounts: ``access_history -> org_access_history``.

The ready answers (:mod:`.answers`), per account-day: ``access_history -> object_access ->
object_usage`` (with ``catalog``), ``access_history -> data_movement -> data_movement_paths``
(also from the previous day's paths), ``access_history -> governance_history`` (with ``catalog``).

Every asset has its asset checks (``assets.checks``); every asset but ``raw_query_logs`` (which
the landing-zone sensor materializes) has an automation condition (``assets.automation``).
"""

from __future__ import annotations

import dagster as dg

from .access_history import access_history
from .answers import ANSWER_ASSETS, data_movement, data_movement_paths, governance_history, object_access, object_usage
from .catalog import catalog
from .checks import ALL_CHECKS
from .lineage import column_lineage, policy_references
from .openlineage import openlineage_events
from .org_access_history import org_access_history
from .raw_query_logs import raw_query_logs
from .retention import retention_job, retention_schedule

ACCOUNT_DAY_ASSETS = (raw_query_logs, catalog, access_history, column_lineage, policy_references, *ANSWER_ASSETS,
                      openlineage_events)
ORGANIZATION_ASSETS = (org_access_history,)
ALL_ASSETS = (*ACCOUNT_DAY_ASSETS, *ORGANIZATION_ASSETS)

account_day_job = dg.define_asset_job(
    "account_day_job", selection=list(ACCOUNT_DAY_ASSETS),
    description="Every account-level asset of one account-day, in dependency order.",
)
organization_day_job = dg.define_asset_job(
    "organization_day_job", selection=list(ORGANIZATION_ASSETS),
    description="The organization-level rollup of one day.",
)

defs = dg.Definitions(assets=list(ALL_ASSETS), asset_checks=list(ALL_CHECKS),
                      jobs=[account_day_job, organization_day_job, retention_job], schedules=[retention_schedule])

__all__ = ["ACCOUNT_DAY_ASSETS", "ALL_ASSETS", "ALL_CHECKS", "ANSWER_ASSETS", "data_movement", "data_movement_paths",
           "governance_history", "object_access", "object_usage", "ORGANIZATION_ASSETS", "access_history", "account_day_job", "catalog",
           "column_lineage", "defs", "openlineage_events", "org_access_history", "organization_day_job", "policy_references",
           "raw_query_logs"]
