"""Runs one peer lineage tool over a benchmark workload and prints its figures as JSON.

Run with the peers' interpreter (``benchmarks/.peers-venv/bin/python``, see setup.sh),
never the project's: the peers pin other sqlglot versions.

    benchmarks/.peers-venv/bin/python benchmarks/peers/run_peer.py datahub benchmarks/out/tpc

Peers:

- ``datahub``: ``datahub.sql_parsing.sqlglot_lineage.sqlglot_lineage`` with a
  ``SchemaResolver`` (platform ``snowflake``) holding every Table of the catalog, and the
  line's ``database_name`` / ``schema_name`` as default database and schema.
- ``sqllineage``: ``LineageRunner(sql, dialect="snowflake")`` with a
  ``DummyMetaDataProvider`` holding every Table of the catalog, and the line's
  ``database.schema`` as ``DEFAULT_SCHEMA``.

How it measures: the process is pinned to one core; the catalog and the log are read
and the tool's metadata built before the clock starts (reported as ``setup_seconds``);
a few warm-up statements run first and are not counted; then every SUCCESS statement
runs once per pass, with a fresh metadata object per pass so that no result is served
from a cache filled by an earlier pass (DataHub caches results per resolver). Each
statement has a time budget: one that runs over it in a pass is stopped, listed under
``skipped`` and left out of the later passes; the figures are over the statements that
completed in every pass, with the median of the passes' total times.
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import logging
import os
import platform
import resource
import signal
import statistics
import sys
import time
import warnings
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from typing import Callable, Iterable

PEERS = ("datahub", "sqllineage")


class StatementTimeout(BaseException):
    """Raised by the alarm in a statement that ran over its budget.

    A BaseException, so that the peers' own ``except Exception`` does not swallow it.
    """


@dataclass
class Outcome:
    """What one statement gave: did it fail, and which written columns got a source."""

    failed: bool = False
    column_failed: bool = False
    writes: bool = False
    written_columns: set[str] = field(default_factory=set)
    sourced_columns: set[str] = field(default_factory=set)
    sources: dict[str, list[str]] = field(default_factory=dict)  # for --samples
    error: str = ""


@dataclass(frozen=True)
class Statement:
    query_id: str
    sql: str
    database: str | None
    schema: str | None


# --------------------------------------------------------------------------- inputs


def read_statements(log_path: Path, limit: int | None) -> list[Statement]:
    """The SUCCESS lines among the first ``limit`` lines of the log (all without a limit),
    in file order: the same prefix ours is given with the same limit."""
    statements = []
    with log_path.open() as log:
        for line in itertools.islice(log, limit):
            entry = json.loads(line)
            if entry.get("execution_status", "SUCCESS") == "SUCCESS":
                statements.append(Statement(entry["query_id"], entry["query_text"],
                                            entry.get("database_name"), entry.get("schema_name")))
    return statements


def catalog_tables(catalog_path: Path) -> dict[str, list[str]]:
    """Fully qualified table name -> column names, for every table-like catalog object."""
    catalog = json.loads(catalog_path.read_text())
    tables = {}
    for entry in catalog["objects"]:
        domain = entry["domain"].lower().replace("_", " ")
        if domain in ("table", "view", "materialized view", "external table") and entry.get("columns"):
            tables[entry["name"]] = [column["name"] for column in entry["columns"]]
    return tables


# --------------------------------------------------------------------------- datahub


Runner = Callable[[Statement], Outcome]


def datahub_runner(tables: dict[str, list[str]]) -> tuple[Runner, Callable[[], None]]:
    """(run, close): run DataHub's SQL lineage on one statement, over a fresh resolver."""
    from datahub.emitter.mce_builder import make_dataset_urn
    from datahub.sql_parsing.schema_resolver import SchemaResolver
    from datahub.sql_parsing.split_statements import split_statements
    from datahub.sql_parsing.sqlglot_lineage import sqlglot_lineage

    resolver = SchemaResolver(platform="snowflake", env="PROD")
    for name, columns in tables.items():
        # The catalog has no column types; lineage does not need them.
        resolver.add_raw_schema_info(make_dataset_urn("snowflake", name.lower()),
                                     {column.lower(): "VARCHAR" for column in columns})

    def _statements(text: str) -> list[str]:
        # Only texts holding several statements go through DataHub's splitter: it cuts
        # ``INSERT INTO t WITH c AS (SELECT ...) SELECT ...`` at the CTE's SELECT.
        if ";" not in text.strip().rstrip(";"):
            return [text]
        return list(split_statements(text, dialect="snowflake"))

    def run(statement: Statement) -> Outcome:
        outcome = Outcome()
        for n, sql in enumerate(_statements(statement.sql)):
            result = sqlglot_lineage(sql, resolver, default_db=statement.database,
                                     default_schema=statement.schema)
            if result.debug_info.table_error is not None:
                outcome.failed = True
                outcome.error = repr(result.debug_info.table_error)[:300]
                continue
            if result.debug_info.column_error is not None:
                outcome.column_failed = True
                outcome.error = repr(result.debug_info.column_error)[:300]
            outcome.writes = outcome.writes or bool(result.out_tables)
            for lineage in result.column_lineage or []:
                if lineage.downstream.table is None:
                    continue  # an output column of a plain SELECT
                column = f"{n}:{lineage.downstream.table}.{lineage.downstream.column}".lower()
                outcome.written_columns.add(column)
                if lineage.upstreams:
                    outcome.sourced_columns.add(column)
                    outcome.sources[column] = [f"{u.table}.{u.column}" for u in lineage.upstreams]
        return outcome

    return run, resolver.close


# --------------------------------------------------------------------------- sqllineage


def sqllineage_runner(tables: dict[str, list[str]]) -> tuple[Runner, Callable[[], None]]:
    """(run, close): run sqllineage's column lineage on one statement."""
    from sqllineage.config import SQLLineageConfig
    from sqllineage.core.metadata.dummy import DummyMetaDataProvider
    from sqllineage.core.models import Table
    from sqllineage.runner import LineageRunner

    provider = DummyMetaDataProvider({name.lower(): [c.lower() for c in columns] for name, columns in tables.items()})

    def run(statement: Statement) -> Outcome:
        outcome = Outcome()
        default = ".".join(part for part in (statement.database, statement.schema) if part).lower()
        try:
            with SQLLineageConfig(DEFAULT_SCHEMA=default):
                runner = LineageRunner(statement.sql, dialect="snowflake", metadata_provider=provider,
                                       silent_mode=True)
                targets = {str(table) for table in runner.target_tables}
                paths = runner.get_column_lineage(exclude_path_ending_in_subquery=True)
        except Exception as error:  # noqa: BLE001 - any error of the peer is a failed statement
            outcome.failed = True
            outcome.error = f"{type(error).__name__}: {error}"[:300]
            return outcome
        outcome.writes = bool(targets)
        for path in paths:
            source, target = path[0], path[-1]
            if not isinstance(target.parent, Table) or str(target.parent) not in targets:
                continue
            column = f"{target.parent}.{target.raw_name}"
            outcome.written_columns.add(column)
            # ``COUNT(*)`` shows as a path from ``t.*``: no column is its source.
            if isinstance(source.parent, Table) and source.raw_name != "*":
                outcome.sourced_columns.add(column)
                outcome.sources.setdefault(column, []).append(f"{source.parent}.{source.raw_name}")
        return outcome

    return run, lambda: None


RUNNERS = {"datahub": datahub_runner, "sqllineage": sqllineage_runner}
DISTRIBUTIONS = {"datahub": ("acryl-datahub", "sqlglot", "sqlglotc"), "sqllineage": ("sqllineage", "sqlfluff", "sqlparse")}


# --------------------------------------------------------------------------- measuring


def _on_alarm(signum: int, frame: object) -> None:
    raise StatementTimeout


def run_one(run: Runner, statement: Statement,
            budget: float) -> tuple[Outcome | None, float, float]:
    """(outcome, wall seconds, CPU seconds) of one statement; outcome None when it ran
    over ``budget`` (wall time)."""
    signal.setitimer(signal.ITIMER_REAL, budget)
    start, start_cpu = time.perf_counter(), time.process_time()
    outcome: Outcome | None
    try:
        outcome = run(statement)
    except StatementTimeout:
        outcome = None
    except Exception as error:  # noqa: BLE001 - a crash of the peer is a failed statement
        outcome = Outcome(failed=True, error=f"{type(error).__name__}: {error}"[:300])
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return outcome, time.perf_counter() - start, time.process_time() - start_cpu


def measure(peer: str, tables: dict[str, list[str]], statements: list[Statement], *, passes: int,
            warmup: int, budget: float, progress: bool, samples: int = 0) -> dict:
    """Runs the passes and returns the figures (see the module's docstring)."""
    signal.signal(signal.SIGALRM, _on_alarm)
    run, close = RUNNERS[peer](tables)
    for statement in statements[:warmup]:
        run_one(run, statement, budget)
    close()

    skipped: dict[str, float] = {}
    durations: list[dict[str, float]] = []
    cpu_durations: list[dict[str, float]] = []
    outcomes: dict[str, Outcome] = {}
    setup = []
    for n in range(passes):
        start = time.perf_counter()
        run, close = RUNNERS[peer](tables)
        setup.append(time.perf_counter() - start)
        gc.collect()
        times: dict[str, float] = {}
        cpu_times: dict[str, float] = {}
        for i, statement in enumerate(statements):
            if statement.query_id in skipped:
                continue
            outcome, seconds, cpu_seconds = run_one(run, statement, budget)
            if outcome is None:
                skipped[statement.query_id] = round(seconds, 3)
                continue
            times[statement.query_id] = seconds
            cpu_times[statement.query_id] = cpu_seconds
            outcomes.setdefault(statement.query_id, outcome)
            if progress and i % 50 == 0:
                print(f"{peer}: pass {n + 1}/{passes}, statement {i}/{len(statements)}", file=sys.stderr)
        close()
        durations.append(times)
        cpu_durations.append(cpu_times)

    measured = [s.query_id for s in statements if s.query_id not in skipped]
    totals = [sum(times[q] for q in measured) for times in durations]
    cpu_totals = [sum(times[q] for q in measured) for times in cpu_durations]
    seconds = statistics.median(totals) if totals else 0.0
    cpu_seconds = statistics.median(cpu_totals) if cpu_totals else 0.0
    done = [outcomes[q] for q in measured]
    errors = {q: outcomes[q].error for q in measured if outcomes[q].error}
    if samples:
        print_samples(statements, outcomes, samples)
    return {
        "statements": len(measured),
        "seconds": round(seconds, 4),
        "statements_per_second": round(len(measured) / seconds, 2) if seconds else None,
        "pass_seconds": [round(t, 4) for t in totals],
        "cpu_seconds": round(cpu_seconds, 4),
        "statements_per_cpu_second": round(len(measured) / cpu_seconds, 2) if cpu_seconds else None,
        "setup_seconds": round(statistics.median(setup), 4),
        "failures": sum(o.failed for o in done),
        "column_failures": sum(o.column_failed and not o.failed for o in done),
        "writing_statements": sum(o.writes for o in done),
        "written_columns": sum(len(o.written_columns) for o in done),
        "written_columns_with_source": sum(len(o.sourced_columns) for o in done),
        "skipped": len(skipped),
        "skipped_statements": skipped,
        "sample_errors": dict(list(errors.items())[:10]),
    }


def print_samples(statements: list[Statement], outcomes: dict[str, Outcome], count: int) -> None:
    """Shows, on stderr, the column lineage of the first ``count`` writing statements."""
    shown = 0
    for statement in statements:
        outcome = outcomes.get(statement.query_id)
        if outcome is None or not outcome.written_columns:
            continue
        print(f"--- {statement.query_id}", file=sys.stderr)
        for column in sorted(outcome.written_columns)[:8]:
            print(f"    {column} <- {', '.join(outcome.sources.get(column, [])) or '(none)'}", file=sys.stderr)
        shown += 1
        if shown == count:
            return


def peak_rss_kb() -> int:
    """This process's peak resident memory since its exec (VmHWM).

    Not ``ru_maxrss``: Linux carries the parent's peak across fork and exec into it, so a
    small peer started by a bigger harness would report the harness's figure.
    """
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def versions(peer: str) -> dict[str, str]:
    found = {"python": platform.python_version()}
    for distribution in DISTRIBUTIONS[peer]:
        try:
            found[distribution] = version(distribution)
        except PackageNotFoundError:
            pass
    return found


def main(argv: Iterable[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("peer", choices=PEERS)
    parser.add_argument("workload", type=Path, help="a folder holding catalog.json and queries.jsonl")
    parser.add_argument("--limit", type=int, help="only the first N lines of the log")
    parser.add_argument("--budget", type=float, default=30.0, help="seconds one statement may take (default 30)")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=5, help="statements run once before measuring")
    parser.add_argument("--cpu", type=int, default=0, help="the core to pin the process to (-1: no pinning)")
    parser.add_argument("--progress", action="store_true", help="report progress on stderr")
    parser.add_argument("--samples", type=int, default=0, help="show the lineage of N writing statements on stderr")
    args = parser.parse_args(list(argv) if argv is not None else None)

    if args.cpu >= 0:
        os.sched_setaffinity(0, {args.cpu})
    logging.disable(logging.WARNING)  # the peers log every statement they cannot handle
    warnings.simplefilter("ignore")

    tables = catalog_tables(args.workload / "catalog.json")
    statements = read_statements(args.workload / "queries.jsonl", args.limit)
    figures = measure(args.peer, tables, statements, passes=args.passes, warmup=args.warmup,
                      budget=args.budget, progress=args.progress, samples=args.samples)
    print(json.dumps({
        "tool": args.peer,
        "workload": str(args.workload),
        "limit": args.limit,
        "budget_seconds": args.budget,
        "passes": args.passes,
        "warmup_statements": args.warmup,
        "cpu": args.cpu,
        **figures,
        "peak_rss_mb": round(peak_rss_kb() / 1024, 1),
        "versions": versions(args.peer),
    }, indent=1))


if __name__ == "__main__":
    main()
