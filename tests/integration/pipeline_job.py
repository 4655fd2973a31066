"""Materialize the pipeline over a landing zone, as its own process, configured only by the environment.

    AHP_SPARK_MASTER=spark://127.0.0.1:7077 AHP_SPARK_CONF='{"spark.driver.host": "127.0.0.1"}' \\
    AHP_LANDING=file:///tmp/landing AHP_WAREHOUSE=file:///tmp/warehouse PYSPARK_PYTHON=.venv/bin/python \\
        python tests/integration/pipeline_job.py [--parallelism 3] [--lines-per-task 20] [--no-answers]

    AHP_SPARK_MASTER=sc://127.0.0.1:15002 AHP_LANDING=... AHP_WAREHOUSE=... python pipeline_job.py

Every account-level asset of every account-day of the landing zone (``--no-answers``: all but
the ready answers, whose work is Spark SQL alone), day by day, then each day's organization rollup, through ``dg.materialize`` on an ephemeral Dagster instance with
the resources ``resources_from_env`` builds (as a deployment's code location does). Prints
one JSON line: the Spark master and version, the session's kind and the materializations'
numeric metadata; on stderr, the time each run and step took.

A separate process because a Python process holds one Spark session kind: the test process
keeps a ``local[2]`` session (``getOrCreate`` would hand it back instead of a cluster
session), and ``sc://`` switches pyspark into Spark Connect mode process-wide. The local
reference run of the same inputs is this job too, on ``local[2]``, so that the scale-out test
needs no Spark session of the test process.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Mapping

import dagster as dg

from assets import ACCOUNT_DAY_ASSETS, ALL_ASSETS, ANSWER_ASSETS, ORGANIZATION_ASSETS
from assets.partitions import ACCOUNTS, partition_key
from resources import LandingZone, SparkResource, resources_from_env

QUIET = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}


#: The account-level assets whose work runs in Python tasks on the executors (log reading, SQL
#: resolution) or leaves the driver (OpenLineage): all but the ready answers.
RESOLVING_ASSETS = tuple(asset for asset in ACCOUNT_DAY_ASSETS if asset not in ANSWER_ASSETS)


def materialize_landing(resources: Mapping[str, object], instance: dg.DagsterInstance,
                        account_day_assets: tuple = ACCOUNT_DAY_ASSETS) -> dict[str, dict[str, int | float]]:
    """Materialize ``account_day_assets`` of every account-day of the landing zone, and each day's rollup,
    in day order.

    Returns the numeric metadata of each materialization (rows written, lines and
    statements quarantined, resolving tasks, ...) by ``"<asset> <day> <account>"`` (no
    account for the organization-level assets).
    """
    landing: LandingZone = resources["landing"]  # type: ignore[assignment]
    accounts = landing.accounts()
    instance.add_dynamic_partitions(ACCOUNTS, accounts)
    days_of = {account: landing.days(account) for account in accounts}
    metadata: dict[str, dict[str, int | float]] = {}
    for day in sorted({day for days in days_of.values() for day in days}):
        for account in (account for account in accounts if day in days_of[account]):
            metadata |= _run(instance, resources, account_day_assets, partition_key(day, account), f"{day} {account}")
        metadata |= _run(instance, resources, ORGANIZATION_ASSETS, day.isoformat(), f"{day}")
    return metadata


def _run(instance: dg.DagsterInstance, resources: Mapping[str, object], selection: tuple,
         key: str | dg.MultiPartitionKey, label: str) -> dict[str, dict[str, int | float]]:
    started = time.monotonic()
    result = dg.materialize(list(ALL_ASSETS), selection=list(selection), partition_key=key, instance=instance,
                            resources=dict(resources), run_config=QUIET, raise_on_error=True)
    out = {}
    for event in result.get_asset_materialization_events():
        materialization = event.step_materialization_data.materialization
        out[f"{materialization.asset_key.to_user_string()} {label}"] = {
            name: value.value for name, value in materialization.metadata.items()
            if isinstance(value.value, (int, float)) and not isinstance(value.value, bool)}
    # On stderr, which the test shows when the job fails or times out: where the time went.
    steps = ", ".join(f"{event.step_key} {event.event_specific_data.duration_ms / 1000:.1f} s"
                      for event in result.all_events if event.event_type_value == "STEP_SUCCESS")
    print(f"{label}: {time.monotonic() - started:.1f} s ({steps})", file=sys.stderr, flush=True)
    return out


def with_task_split(spark: SparkResource, *, parallelism: int, lines_per_task: int) -> SparkResource:
    """``spark`` with another task split of the resolving step (the same session)."""
    return SparkResource(spark_config=spark.spark_config, log_level=spark.log_level, parallelism=parallelism,
                         lines_per_task=lines_per_task)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--parallelism", type=int, default=0,
                        help="most resolving tasks per account-day (default 0: the session's default parallelism)")
    parser.add_argument("--lines-per-task", type=int, default=2000, help="fewest log lines per resolving task")
    parser.add_argument("--no-answers", action="store_true",
                        help="leave out the ready answers (object_access, data_movement, ...): Spark SQL alone")
    args = parser.parse_args(argv)
    resources = resources_from_env(os.environ)
    spark = with_task_split(resources["spark"], parallelism=args.parallelism,  # type: ignore[arg-type]
                            lines_per_task=args.lines_per_task)
    resources["spark"] = spark
    session = spark.session()
    try:
        with dg.DagsterInstance.ephemeral() as instance:
            metadata = materialize_landing(resources, instance,
                                           RESOLVING_ASSETS if args.no_answers else ACCOUNT_DAY_ASSETS)
        print(json.dumps({"master": spark.master, "spark_version": session.version,
                          "session": type(session).__module__, "metadata": metadata}))
    finally:
        session.stop()


if __name__ == "__main__":
    main()
