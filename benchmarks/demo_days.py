"""One demo account's account-days, materialized one after the other in this process, every asset and check of each
(through Dagster, in-process executor): what the benchmarks of an account-day's Spark work share
(``generated_classes.py``, ``account_day_steps.py``). Import it after the code to measure is on ``sys.path``."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import dagster as dg

from assets import ACCOUNT_DAY_ASSETS, ALL_ASSETS, ALL_CHECKS
from assets.partitions import ACCOUNTS, partition_key
from resources import LandingZone, OpenLineageTransport, Organization, SparkResource, Warehouse, spark_config_for
from tools.demo_data import generate_demo


@dataclass
class DemoDays:
    """A demo account landed in ``scratch`` (``days`` days from ``start``), a driver and an ephemeral instance."""

    session: Any
    instance: dg.DagsterInstance
    account: str
    start: date
    resources: dict[str, Any]

    def materialize(self, n: int) -> str:
        """The account's day ``n`` (from 0); its run's id. A failed run ends the benchmark."""
        result = dg.materialize([*ALL_ASSETS, *ALL_CHECKS], selection=list(ACCOUNT_DAY_ASSETS), instance=self.instance,
                                partition_key=partition_key(self.start + timedelta(days=n), self.account),
                                resources=self.resources, raise_on_error=False)
        if not result.success:
            raise SystemExit(f"day {n + 1}: the account-day's run failed")
        return result.run_id


def demo_days(scratch: Path, *, days: int, lines: int, start: date, master: str, conf: dict[str, str]) -> DemoDays:
    """Land the account and start its driver (``SparkResource`` with ``conf`` and no UI, as a run's)."""
    demo = generate_demo(scratch / "landing", accounts=1, days=days, statements_per_day=lines, start=start)
    [account] = sorted(demo.lines)
    spark = SparkResource(spark_config=spark_config_for(master, {"spark.ui.enabled": "false", **conf}),
                          log_level="ERROR")
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions(ACCOUNTS, [account])
    resources = {"spark": spark, "landing": LandingZone(root=str(scratch / "landing")),
                 "warehouse": Warehouse(root=str(scratch / "warehouse")), "organization": Organization(name="BENCH"),
                 "openlineage": OpenLineageTransport()}
    return DemoDays(spark.session(), instance, account, start, resources)
