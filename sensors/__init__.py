"""Dagster sensors of the Access History Platform.

- ``landing_zone_sensor`` (:mod:`sensors.landing`): new or changed files in the landing zone
  become runs of ``raw_query_logs`` (with its checks) for their (day, account) partitions;
  new accounts are registered as partitions.
- ``access_history_automation``: evaluates the automation conditions of every other asset
  and check (:mod:`assets.automation`), so that everything downstream follows.

:mod:`tools.automation` runs both in-process, one tick after another, for the demo and tests.
"""

from __future__ import annotations

import warnings

import dagster as dg

from .landing import SENSOR_INTERVAL, landing_zone_sensor

AUTOMATION_SENSOR_NAME = "access_history_automation"

# ``use_user_code_server`` is marked beta in dagster 1.13 (its warning was a line of every tool's output); it is what
# a condition written in Python needs.
with warnings.catch_warnings():
    warnings.simplefilter("ignore", dg.BetaWarning)
    automation_sensor = dg.AutomationConditionSensorDefinition(
        AUTOMATION_SENSOR_NAME,
        target=dg.AssetSelection.all() | dg.AssetSelection.all_asset_checks(),
        default_status=dg.DefaultSensorStatus.RUNNING,
        minimum_interval_seconds=SENSOR_INTERVAL,
        description="Brings the catalog, the records, the lineage, the policy references, the organization rollup "
                    "and the asset checks up to date after raw_query_logs changes (assets.automation).",
        use_user_code_server=True,  # evaluated on the code server: assets.automation.BlockingChecksPassed is Python
    )

defs = dg.Definitions(sensors=[landing_zone_sensor, automation_sensor])

__all__ = ["AUTOMATION_SENSOR_NAME", "automation_sensor", "defs", "landing_zone_sensor"]
