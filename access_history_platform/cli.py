"""The ``ahp`` command line.

``ahp query`` asks the records questions (:mod:`tools.query`). ``ahp resolve`` resolves a query log against a catalog snapshot in-process (no Spark) and
writes one access-history record per line, in log order. Bad log lines and statements the
platform cannot resolve are reported on stderr with their file and line or query_id and
the reason, and counted in a summary line; the exit status stays 0. Unusable input (a
missing file, a catalog that fails validation) exits with status 2 and names the problem.
"""

from __future__ import annotations

import argparse
import json
import sys
from array import array
from collections import Counter
from pathlib import Path
from typing import IO, Iterator, Sequence

from sqlglot.errors import SqlglotError

from .catalog import load_catalog
from .errors import InputError
from .logs import BadLine, Limits, first_of_each_query_id, log_entries
from .ordering import order_log
from .records import LogLine
from .resolve import FAILED, NO_RECORD, QUARANTINED, RECORDED, Outcome, resolve_log


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["query"]:
        return _query(argv[1:])
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        return args.run(args)
    except InputError as err:
        print(f"ahp: error: {err}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="ahp", description="Access History Platform")
    commands = parser.add_subparsers(dest="command", required=True)
    resolve = commands.add_parser("resolve", help="resolve a query log against a catalog (in-process)")
    resolve.add_argument("--catalog", required=True, type=Path, help="catalog snapshot (JSON or YAML)")
    resolve.add_argument("--log", required=True, type=Path, help="query log (.jsonl, .jsonl.gz or .parquet)")
    resolve.add_argument("--dialect", default="snowflake", help="sqlglot dialect of the statements (default: snowflake)")
    resolve.add_argument("--out", type=Path, help="write the records here instead of stdout")
    resolve.add_argument("--time-budget", type=float, default=5.0,
                         help="seconds the resolver may spend on one statement (default 5; 0 for none)")
    resolve.add_argument("--cache-size", type=int, default=10_000,
                         help="statement shapes whose resolution is cached (default 10000; 0 turns the cache off)")
    resolve.set_defaults(run=_resolve)
    commands.add_parser("query", add_help=False,
                        help="ask the records questions in Snowflake SQL or Spark SQL (ahp query --help)")
    return parser


def _query(argv: list[str]) -> int:
    """``ahp query``: the query tool, which wires the deployment's resources (the Spark session set-up
    and the warehouse). Imported here, when asked for, so that the rest of ``ahp`` (and the engine)
    never loads Dagster."""
    from tools.query import main as query_main

    return query_main(argv, prog="ahp query")


def _resolve(args: argparse.Namespace) -> int:
    _check_dialect(args.dialect)
    catalog = load_catalog(args.catalog)
    limits = Limits.from_env()
    if not args.log.is_file():
        raise InputError(str(args.log), "no such log file")
    out: IO[str] = open(args.out, "w", encoding="utf-8") if args.out else sys.stdout
    counts: Counter[str] = Counter()
    try:
        lines = _unique_lines(str(args.log), limits, out, counts)
        for item in resolve_log(catalog, lines, dialect=args.dialect, time_budget=args.time_budget or None,
                                cache_size=args.cache_size):
            _emit(item, out, counts)
    finally:
        if args.out:
            out.close()
    print(_summary(counts), file=sys.stderr)
    return 0


def _unique_lines(file: str, limits: Limits, out: IO[str], counts: Counter[str]) -> Iterator[LogLine]:
    """The log's good lines in log order, each query_id once (as the pipeline stores them).

    Bad lines are reported as they come, never held: the log is read whole (and ordered,
    in bounded memory) before the first statement is resolved.
    """
    numbers = array("q")  # the file line of each good line, by its input position

    def good() -> Iterator[LogLine]:
        for number, _, item in log_entries(file, limits=limits):
            if isinstance(item, BadLine):
                _emit(item, out, counts)
            else:
                numbers.append(number)
                yield item

    ordered = order_log(good())
    unique = first_of_each_query_id(((numbers[index], line) for index, line in ordered.lines), file, counts)
    for item in unique:
        if isinstance(item, BadLine):
            _emit(item, out, counts)
        else:
            yield item


def _check_dialect(name: str) -> None:
    from sqlglot.dialects.dialect import Dialect

    try:
        Dialect.get_or_raise(name)
    except (ValueError, SqlglotError) as err:
        raise InputError("--dialect", str(err).splitlines()[0]) from None


def _emit(item: Outcome | BadLine, out: IO[str], counts: Counter[str]) -> None:
    if isinstance(item, BadLine):
        counts["bad lines"] += 1
        print(f"bad line: {item}", file=sys.stderr)
        return
    counts[item.status] += 1
    if item.status == QUARANTINED:
        print(f"quarantined: {item.statement.query_id}: {item.reason}", file=sys.stderr)
    for record in item.records:
        counts["records"] += 1
        out.write(json.dumps(record, separators=(",", ":")) + "\n")


def _summary(counts: Counter[str]) -> str:
    statements = counts[RECORDED] + counts[NO_RECORD] + counts[FAILED] + counts[QUARANTINED]
    return (
        f"ahp: {statements} statements: {counts['records']} records from {counts[RECORDED]} statements, "
        f"{counts[NO_RECORD]} without a record, {counts[FAILED]} failed (not recorded), "
        f"{counts[QUARANTINED]} quarantined; {counts['bad lines']} bad log lines set aside"
    ) + (f"; {counts['duplicate lines']} duplicate lines dropped" if counts["duplicate lines"] else "")


if __name__ == "__main__":
    sys.exit(main())
