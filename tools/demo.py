"""The main job: demo data in the landing zone, every asset of every partition materialized through Dagster.

Run from the repository root (``bin/demo`` does)::

    .venv/bin/python -m tools.demo [--accounts 3] [--days 3] [--statements-per-day 400]

1. writes the demo organization's landing zone (:mod:`tools.demo_data`, its days ending
   today, its statements from ``--seed``) unless the landing zone already holds accounts;
2. makes the demo's first day the first partition day (``AHP_START_DATE``), in this process
   and in ``.env``, which ``dagster dev`` reads when started from the same folder: the UI's
   partitions are then the demo's days, all of them filled (a real deployment sets its own
   ``AHP_START_DATE``);
3. registers the accounts as dynamic partitions in the Dagster instance of
   ``DAGSTER_HOME`` (default ``./.dagster_home``, created if missing), so that ``dagster
   dev`` shows the runs afterwards;
4. runs, day by day, the ``account_day_job`` of every account, then the day's
   ``organization_day_job``, tagged ``ahp/launched_by=bin/demo``, printing a line per partition:
   each run is recorded as a run of the job of the code location ``workspace.yaml`` loads (so the
   UI's Overview timeline shows it under that job) and executed in this process, on one Spark
   session for all of them (:mod:`tools.launch`);
5. prints what was produced, where, and how to look at it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import Counter
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Sequence

import dagster as dg
from pyspark.sql import SparkSession

from resources import LandingZone, Warehouse, as_uri, first_to_last
from resources.landing import outside_days_problems
from resources.spark import SparkUnreachable, require_reachable
from resources.tables import TABLES

from .common import (QUIET, add_demo_arguments, changed_locations, pin_start_date, today, tool_instance, tool_parser,
                     tool_resources, write_demo)
from .launch import CodeLocation, execute_job, load_code_location

#: The tags of the demo's runs: what started them (the UI lists them with each run).
DEMO_TAGS = {"ahp/launched_by": "bin/demo"}
#: The code location's jobs the demo runs (recorded with the code location's origins: :mod:`tools.launch`).
DEMO_JOBS = ("account_day_job", "organization_day_job")


@dataclass
class Totals:
    """Rows written per asset, and what was set aside, over the whole run."""

    rows: Counter[str] = field(default_factory=Counter)
    quarantined_lines: int = 0
    quarantined_statements: int = 0
    partitions: int = 0
    checks: Counter[str] = field(default_factory=Counter)


def demo_definitions(resources: dict[str, object]) -> dg.Definitions:
    """The code location's assets, checks, jobs and executor (``definitions.py``: steps in the run's process) over
    ``resources`` (imported once the start date is pinned)."""
    from assets import ALL_ASSETS, ALL_CHECKS, account_day_job, organization_day_job

    return dg.Definitions(assets=list(ALL_ASSETS), asset_checks=list(ALL_CHECKS),
                          jobs=[account_day_job, organization_day_job], resources=resources,
                          executor=dg.in_process_executor)


def materialize_account_day(day: date, account: str, *, instance: dg.DagsterInstance,
                            definitions: dg.Definitions, location: CodeLocation,
                            tags: dict[str, str]) -> dict[str, dict[str, object]]:
    """Run ``account_day_job`` for one account-day; the materializations' metadata by asset."""
    from assets.partitions import partition_key

    result = execute_job(definitions.resolve_job_def("account_day_job"), partition_key(day, account),
                         location=location, instance=instance, run_config=QUIET, tags=tags)
    return _metadata(result)


def materialize_organization_day(day: date, *, instance: dg.DagsterInstance, definitions: dg.Definitions,
                                 location: CodeLocation, tags: dict[str, str]) -> dict[str, dict[str, object]]:
    """Run ``organization_day_job`` (the organization rollup) for one day."""
    result = execute_job(definitions.resolve_job_def("organization_day_job"), day.isoformat(),
                         location=location, instance=instance, run_config=QUIET, tags=tags)
    return _metadata(result)


def _metadata(result: dg.JobExecutionResult) -> dict[str, dict[str, object]]:
    """Each asset's materialization metadata, and under ``"checks"`` how many checks passed and failed."""
    out: dict[str, dict[str, object]] = {}
    for event in result.get_asset_materialization_events():
        materialization = event.step_materialization_data.materialization
        out[materialization.asset_key.to_user_string()] = {k: v.value for k, v in materialization.metadata.items()}
    evaluations = result.get_asset_check_evaluations()
    out["checks"] = {"passed": sum(e.passed for e in evaluations), "failed": sum(not e.passed for e in evaluations),
                     "failing": sorted(f"{e.asset_key.to_user_string()}:{e.check_name}" for e in evaluations if not e.passed)}
    return out


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    started = time.monotonic()
    resources = tool_resources(args)
    landing: LandingZone = resources["landing"]  # type: ignore[assignment]
    warehouse: Warehouse = resources["warehouse"]  # type: ignore[assignment]
    try:  # before anything is written: a Spark that is not there stops the demo with one line
        require_reachable(resources["spark"].master)  # type: ignore[attr-defined]
    except SparkUnreachable as err:
        print(f"ahp demo: {err}", file=sys.stderr)
        return 2

    accounts = _landing_accounts(landing, args)
    spans, later = account_spans(landing, accounts, today())
    for problem in later:
        print(f"Landing zone: {problem}")
    plan = sorted({day for span in spans.values() for day in span})
    if not accounts or not plan:
        print(f"ahp demo: the landing zone {landing.uri} holds no account with logs up to today (UTC)", file=sys.stderr)
        return 1
    pin_start_date(plan[0])
    print(f"First partition day: {plan[0]} (AHP_START_DATE, also written to .env for dagster dev)")
    definitions = demo_definitions(resources)
    from assets.partitions import ACCOUNTS

    tags = {**DEMO_TAGS, "ahp/demo_seed": str(args.seed)}
    instance = tool_instance(args)
    known = set(instance.get_dynamic_partitions(ACCOUNTS))
    instance.add_dynamic_partitions(ACCOUNTS, [a for a in accounts if a not in known])
    print(f"Dagster instance: {os.environ['DAGSTER_HOME']}; accounts registered: {', '.join(accounts)}")
    location = load_code_location(instance, DEMO_JOBS)
    print(f"Code location: {location.name} (workspace.yaml); the runs are recorded as its jobs' runs")
    account_days = sum(len(span) for span in spans.values())
    print(f"Materializing {len(accounts)} account(s) x {len(plan)} day(s) on Spark "
          f"({resources['spark'].master}) into {warehouse.uri}"  # type: ignore[attr-defined]
          + ("" if account_days == len(accounts) * len(plan) else
             f": {account_days} account-days, each account's from its first landed day to its last (a day "
             "without logs between them as an empty day, as the landing sensor does)"))

    totals = Totals()
    steps, step = account_days + len(plan), 0
    for day in plan:
        for account in (account for account in accounts if day in spans[account]):
            step += 1
            tick = time.monotonic()
            try:
                metadata = materialize_account_day(day, account, instance=instance, definitions=definitions,
                                                   location=location, tags=tags)
            except dg.Failure as err:  # the run says why in its own words: one line, not a traceback
                why = err.description or ""
                print(f"ahp demo: the run failed: {why if why.startswith(account) else f'{account} {day}: {why}'}\n"
                      f"(the run is in the Dagster instance {os.environ['DAGSTER_HOME']}: dagster dev shows it)",
                      file=sys.stderr)
                return 1
            _add(totals, metadata)
            print(f"[{step:>2}/{steps}] {day} {account:<12} {_account_line(metadata)} ({time.monotonic() - tick:.1f} s)",
                  flush=True)
        step += 1
        tick = time.monotonic()
        metadata = materialize_organization_day(day, instance=instance, definitions=definitions, location=location,
                                                    tags=tags)
        _add(totals, metadata)
        org = metadata["org_access_history"]
        print(f"[{step:>2}/{steps}] {day} organization  org_access_history: {org['dagster/row_count']} records "
              f"from {org['accounts']} account(s) ({time.monotonic() - tick:.1f} s)", flush=True)
    print(_summary(totals, warehouse, args, time.monotonic() - started))
    print_answers(resources["spark"].session(), warehouse, args)  # type: ignore[attr-defined]
    return 0


#: Three of the questions the platform is for, as the demo answers them (README, "Asking questions").
DEMO_QUESTIONS = (
    ("Who read the most sensitive column (SSN, behind SSN_MASK), directly or through views",
     "SELECT user_name, role_name, count(DISTINCT query_id) AS queries, max(query_start_time) AS last_read "
     "FROM object_access WHERE access_kind = 'BASE' AND object_name = 'ANALYTICS.RAW.CUSTOMERS' "
     "AND column_name = 'SSN' GROUP BY ALL ORDER BY queries DESC LIMIT 5"),
    ("Where data moved: the longest paths between objects",
     # one row per path of names: a path through an object re-created since (another id) is another row of the table
     "SELECT account, path, depth, max(last_moved_at) AS last_moved_at FROM data_movement_paths "
     "WHERE day = (SELECT max(day) FROM data_movement_paths) GROUP BY account, path, depth "
     "ORDER BY depth DESC, path, account LIMIT 3"),
    ("Tables nobody read over the demo's days",
     "SELECT account_name, object_name FROM object_usage WHERE column_name IS NULL AND object_domain = 'Table' "
     "GROUP BY account_name, object_name HAVING sum(reads) = 0 AND max_by(in_catalog, usage_date) "
     "ORDER BY account_name, object_name"),
)


def print_answers(session: SparkSession, warehouse: Warehouse, args: argparse.Namespace) -> None:
    """Answer :data:`DEMO_QUESTIONS` on the warehouse just written, each with the command that asks it."""
    from .query import register_views

    register_views(session, warehouse)
    where = _warehouse_flag(args)
    for title, sql in DEMO_QUESTIONS:
        print(f"\n{title}:\n  .venv/bin/ahp query{where} --dialect spark \"{sql}\"")
        session.sql(sql).show(truncate=False)


def _parser() -> argparse.ArgumentParser:
    return add_demo_arguments(tool_parser("python -m tools.demo", __doc__))


def _warehouse_flag(args: argparse.Namespace) -> str:
    """The ``--warehouse`` a printed command needs to read what this one wrote ("" for the default)."""
    return f" --warehouse {args.warehouse}" if "AHP_WAREHOUSE" in changed_locations(args) else ""


def account_spans(landing: LandingZone, accounts: list[str], until: date) -> tuple[dict[str, list[date]], list[str]]:
    """Each account's days, from its first landed day to its last, as the landing sensor requests them
    (:func:`resources.first_to_last`), and one line per account whose day folders are after ``until`` (today, UTC):
    as the sensor does, the demo leaves those until their day has begun (they have no partition yet)."""
    spans, later = {}, []
    for account in accounts:
        days = landing.days(account)
        later += [(account, day) for day in days if day > until]
        spans[account] = first_to_last(day for day in days if day <= until)
    return spans, outside_days_problems(later, (date.min, until))


def _landing_accounts(landing: LandingZone, args: argparse.Namespace) -> list[str]:
    accounts = landing.accounts()
    if accounts:
        print(f"Landing zone {landing.uri}: using the {len(accounts)} account(s) already there")
        return accounts
    if "://" in args.landing and not args.landing.startswith("file://"):
        return []
    summary = write_demo(args)
    print(f"Landing zone {landing.uri}: wrote the demo organization: {len(summary.lines)} account(s), "
          f"{args.days} day(s), {summary.total_lines} log lines ({summary.malformed} malformed on purpose) "
          f"in {len(summary.files)} files")
    return landing.accounts()


def _add(totals: Totals, metadata: dict[str, dict[str, object]]) -> None:
    totals.partitions += 1
    checks = metadata.pop("checks", {})
    totals.checks["passed"] += int(checks.get("passed", 0))  # type: ignore[arg-type]
    totals.checks["failed"] += int(checks.get("failed", 0))  # type: ignore[arg-type]
    for name in checks.get("failing", ()):  # type: ignore[union-attr]
        print(f"  check failed: {name}", flush=True)
    for asset, values in metadata.items():
        totals.rows[asset] += int(values.get("dagster/row_count", 0))  # type: ignore[arg-type]
    totals.quarantined_lines += int(metadata.get("raw_query_logs", {}).get("lines_quarantined", 0))  # type: ignore[arg-type]
    totals.quarantined_statements += int(
        metadata.get("access_history", {}).get("statements_quarantined", 0))  # type: ignore[arg-type]


def _account_line(metadata: dict[str, dict[str, object]]) -> str:
    raw, records = metadata["raw_query_logs"], metadata["access_history"]
    return (f"{raw['dagster/row_count']:>4} lines ({raw['lines_quarantined']} bad) -> "
            f"{records['dagster/row_count']:>4} records ({records['statements_quarantined']} quarantined), "
            f"{metadata['column_lineage']['dagster/row_count']:>4} lineage rows, "
            f"{metadata['policy_references']['dagster/row_count']:>4} policy refs, "
            f"{metadata['catalog']['catalog_changes']} catalog changes")


def _summary(totals: Totals, warehouse: Warehouse, args: argparse.Namespace, seconds: float) -> str:
    rows = "\n".join(f"  {asset:<20} {totals.rows[asset]:>7} rows   {warehouse.table_uri(asset)}"
                     for asset in (t.name for t in TABLES if not t.name.endswith("_quarantine")))
    python = os.path.relpath(sys.executable) if sys.executable.startswith(os.getcwd()) else sys.executable
    where = _warehouse_flag(args)
    # dagster dev's sensor and assets find the landing zone and the warehouse by the environment, as this command did
    paths = "".join(f"{variable}={as_uri(value)} " for variable, value in changed_locations(args).items())
    return f"""
Done in {seconds:.0f} s: {totals.partitions} partitions materialized through Dagster; asset checks:
{totals.checks['passed']} passed, {totals.checks['failed']} failed.

Tables (Parquet, <table>/day=YYYY-MM-DD/account=ACCOUNT/):
{rows}
  openlineage_events   {totals.rows['openlineage_events']:>7} events {warehouse.table_uri('openlineage_events')}
  quarantined: {totals.quarantined_lines} log lines   {warehouse.table_uri('raw_query_logs_quarantine')}
               {totals.quarantined_statements} statements  {warehouse.table_uri('access_history_quarantine')}

Open the runs, assets and partitions in the Dagster UI (from this folder: its .env holds AHP_START_DATE):
  {paths}DAGSTER_HOME={Path(args.dagster_home).expanduser().resolve()} .venv/bin/dagster dev -w workspace.yaml

Query with Spark SQL (every table above but openlineage_events, JSON lines, is a view of the same name):
  {python} -m tools.query{where} "SELECT source_object_name, source_column_name, source_column_type,
      target_object_name, target_column_name, count(*) AS queries FROM column_lineage
      GROUP BY ALL ORDER BY queries DESC LIMIT 10"
"""


if __name__ == "__main__":
    sys.exit(main())
