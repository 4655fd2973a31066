"""A run whose Spark Connect server is killed between two of its steps, then started again.

    python tests/integration/connect_restart_job.py sc://127.0.0.1:15002 LANDING WAREHOUSE ACCOUNT DAY

Builds the run's Spark resource and its session (a first step's Spark work, one small query), prints ``ready``
and waits for a line on stdin (the test kills the server meanwhile, and starts it again some seconds after it
has written that line); then materializes ``raw_query_logs`` of the account-day with that resource, as the next step of a
run does. The resource retries a server that does not answer for 5 s (``lost_server_seconds``: waits of 0.05
to 3.2 s) and tries a step again 1 s after it lost its server (``unreachable_wait``). It then prints ``again``
and waits for a line (the test kills the server for good), and materializes ``raw_query_logs`` once more with
a resource that tries no step again.

Ends with one JSON line: whether each run succeeded, the first run's step events and its warnings in order,
and the second run's step failures (their messages, and each whole, with its causes).

Runs join the UTC day's shared Spark Connect session: the day is pinned here, so that a test run across
midnight does not have the second run build a new session (whose server, gone, is unreachable: another line).

Its own process, since the test process keeps its ``local[2]`` session (a Python process holds one kind
of Spark session).
"""

from __future__ import annotations

import json
import logging
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import dagster as dg  # noqa: E402

import resources.spark as spark_module  # noqa: E402
from assets import ALL_ASSETS, raw_query_logs  # noqa: E402
from assets.partitions import ACCOUNTS, partition_key  # noqa: E402
from resources import LandingZone, OpenLineageTransport, Organization, SparkResource, Warehouse  # noqa: E402

STEP_EVENTS = ("STEP_START", "STEP_UP_FOR_RETRY", "STEP_RESTARTED", "STEP_SUCCESS", "STEP_FAILURE")


def main(url: str, landing: str, warehouse: str, account: str, day: str) -> int:
    today = spark_module.shared_session_day()
    spark_module.shared_session_day = lambda: today
    resources = {"spark": SparkResource(spark_config={"spark.remote": url}, log_level="ERROR", unreachable_wait=1.0,
                                        lost_server_seconds=5.0),
                 "landing": LandingZone(root=landing), "warehouse": Warehouse(root=warehouse),
                 "organization": Organization(), "openlineage": OpenLineageTransport()}
    key = partition_key(day, account)
    with dg.DagsterInstance.ephemeral() as instance:
        instance.add_dynamic_partitions(ACCOUNTS, [account])
        resources["spark"].session().range(1).count()
        print("ready", flush=True)
        sys.stdin.readline()
        run = dg.materialize(list(ALL_ASSETS), selection=[raw_query_logs], partition_key=key, instance=instance,
                             resources=resources, raise_on_error=False)
        said = [(entry.dagster_event.event_type_value if entry.dagster_event else "LOG",
                 entry.user_message if entry.dagster_event is None else "")
                for entry in instance.all_logs(run.run_id)
                if (entry.dagster_event and entry.dagster_event.event_type_value in STEP_EVENTS)
                or (entry.dagster_event is None and entry.level >= logging.WARNING)]
        print("again", flush=True)
        sys.stdin.readline()
        # The server is gone for good: a resource that tries a step no more fails it with the line.
        resources["spark"] = SparkResource(spark_config={"spark.remote": url}, log_level="ERROR",
                                           unreachable_retries=0, lost_server_seconds=2.0)
        last = dg.materialize(list(ALL_ASSETS), selection=[raw_query_logs], partition_key=key, instance=instance,
                              resources=resources, raise_on_error=False)
        errors = [event.step_failure_data.error for event in last.all_events if event.is_step_failure]
        print(json.dumps({"run": run.success, "said": said, "last": last.success,
                          "failures": [error.message for error in errors],
                          "errors": [error.to_string() for error in errors]}))
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:6]))
