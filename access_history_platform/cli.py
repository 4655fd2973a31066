"""The ``ahp`` command line.

``ahp query`` asks the records questions (:mod:`tools.query`). ``ahp resolve`` resolves a query log against a catalog snapshot in-process (no Spark) and
writes one access-history record per line, in log order. Bad log lines and statements the
platform cannot resolve are reported on stderr with their file and line or query_id and
the reason, and counted in a summary line, as are the warnings of statements recorded without a column they
read (one the catalog does not place) or with an object named short of its full name (the line gives no schema);
the exit status stays 0. Unusable input (a
missing file, a catalog that fails validation) exits with status 2 and names the problem.

``ahp catalog`` writes a catalog snapshot from a live database (``--url``) or from a folder of
information-schema export files (``--export``); rows it leaves out are reported on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from array import array
from collections import Counter
from pathlib import Path
from typing import IO, Iterator, Sequence


from . import formats
from .catalog import load_catalog
from .catalog_sources.formats import FORMATS as CATALOG_FORMATS
from .errors import InputError
from .logs import BadLine, Limits, detect_format, first_of_each_query_id, log_entries
from .ordering import order_log
from .records import LogLine
from .resolve import (FAILED, NO_RECORD, QUARANTINED, RECORDED, Outcome, budget_rule, is_budget, no_record_kinds,
                      resolve_log)
from .sql.binder import derive_view_columns
from .sql.dialects import unknown_dialect


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
    resolve.add_argument("--log", required=True, type=Path,
                         help="query log or a warehouse's query history (.jsonl, .json, .csv or a server's .log, "
                              "as it is, .gz or .zst; .parquet; a Spark event log's .zstd)")
    resolve.add_argument("--format", dest="log_format", choices=[f.name for f in formats.FORMATS],
                         help="the log's format (default: recognized from its columns)")
    resolve.add_argument("--dialect", help="sqlglot dialect of the statements (default: the format's, else snowflake)")
    resolve.add_argument("--out", type=Path, help="write the records here instead of stdout")
    resolve.add_argument("--time-budget", type=_seconds, default=5.0,
                         help="seconds the resolver may spend on one statement (default 5; 0 for none)")
    resolve.add_argument("--cache-size", type=_count, default=10_000,
                         help="statement shapes whose resolution is cached (default 10000; 0 turns the cache off)")
    resolve.set_defaults(run=_resolve)
    _catalog_parser(commands)
    commands.add_parser("query", add_help=False,
                        help="ask the records questions in Snowflake SQL or Spark SQL (ahp query --help)")
    return parser


def _catalog_parser(commands: argparse._SubParsersAction) -> None:
    catalog = commands.add_parser("catalog", help="write a catalog snapshot from a live database or an "
                                                  "information-schema export")
    source = catalog.add_mutually_exclusive_group(required=True)
    source.add_argument("--url", help="SQLAlchemy URL of the database, e.g. postgresql://user:password@host/db")
    source.add_argument("--export", type=Path, help="folder of TABLES / COLUMNS / VIEWS (...) files, CSV or Parquet")
    catalog.add_argument("--warehouse", help=f"the warehouse of --export, one of {', '.join(CATALOG_FORMATS)} "
                                             "(default: recognized from the files' columns)")
    catalog.add_argument("--account", help="the account name written into the snapshot")
    catalog.add_argument("--schema", action="append", dest="schemas", help="with --url: read only this schema "
                                                                          "(repeatable; default: every schema)")
    catalog.add_argument("--out", type=Path, help="write the snapshot here instead of stdout")
    catalog.set_defaults(run=_catalog)


def _catalog(args: argparse.Namespace) -> int:
    from .catalog import catalog_from_dict
    from .catalog_sources import export_files, read_export, snapshot_from_database

    if args.url:
        export = snapshot_from_database(args.url, account=args.account, schemas=args.schemas)
        source = "--url"
    else:
        export = read_export(export_files(args.export), source=str(args.export), account=args.account,
                             warehouse=args.warehouse)
        source = str(args.export)
    for problem in export.problems:
        print(f"ahp: {problem}", file=sys.stderr)
    catalog_from_dict(export.snapshot, source=source)  # what the pipeline will accept, checked now
    text = json.dumps(export.snapshot, indent=1) + "\n"
    if args.out:
        with _written(args.out) as out:
            out.write(text)
    else:
        sys.stdout.write(text)
    objects = export.snapshot["objects"]
    # (a problem is a row or a file left out, or a view kept unexpanded: each says which above)
    print(f"ahp: {len(objects)} objects from a {export.format.name} catalog; {len(export.problems)} problem(s), each "
          "named above", file=sys.stderr)
    return 0


def _query(argv: list[str]) -> int:
    """``ahp query``: the query tool, which wires the deployment's resources (the Spark session set-up
    and the warehouse). Imported here, when asked for, so that the rest of ``ahp`` (and the engine)
    never loads Dagster."""
    from tools.query import main as query_main

    return query_main(argv, prog="ahp query")


def _resolve(args: argparse.Namespace) -> int:
    if args.dialect:
        _check_dialect(args.dialect)
    catalog = load_catalog(args.catalog)
    limits = Limits.from_env()
    if not args.log.is_file():
        raise InputError(str(args.log), "a folder, not a log file" if args.log.is_dir() else "no such log file")
    declared = formats.by_name(args.log_format) if args.log_format else None
    dialect = args.dialect or (declared or detect_format(str(args.log), limits=limits)).dialect or "snowflake"
    derive_view_columns(catalog, dialect)  # view names are normalized by the log's dialect
    out: IO[str] = _written(args.out) if args.out else sys.stdout
    counts: Counter[str] = Counter()
    try:
        lines = _unique_lines(str(args.log), limits, out, counts, declared)
        for item in resolve_log(catalog, lines, dialect=dialect, time_budget=args.time_budget or None,
                                cache_size=args.cache_size):
            _emit(item, out, counts)
    finally:
        if args.out:
            out.close()
    print(_summary(counts), file=sys.stderr)
    return 0


def _unique_lines(file: str, limits: Limits, out: IO[str], counts: Counter[str],
                  log_format: formats.LogFormat | None = None) -> Iterator[LogLine]:
    """The log's good lines in log order, each query_id once (as the pipeline stores them).

    Bad lines are reported as they come, never held: the log is read whole (and ordered,
    in bounded memory) before the first statement is resolved.
    """
    numbers = array("q")  # the file line of each good line, by its input position

    def good() -> Iterator[LogLine]:
        for number, _, item in log_entries(file, limits=limits, log_format=log_format):
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


def _count(text: str) -> int:
    """``--cache-size``'s value: a whole number, 0 or more."""
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if count < 0:
        raise argparse.ArgumentTypeError(f"{text!r}: the cache holds 0 (none) or more resolutions")
    return count


def _seconds(text: str) -> float:
    """``--time-budget``'s value: 0 (none) or more seconds."""
    try:
        seconds = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not is_budget(seconds):
        raise argparse.ArgumentTypeError(budget_rule(text))
    return seconds


def _written(path: Path) -> IO[str]:
    """``--out``'s file, opened for writing; an InputError naming it when it cannot be (a missing folder)."""
    try:
        return open(path, "w", encoding="utf-8")
    except OSError as err:
        raise InputError(str(path), f"cannot write the output there: {err.strerror or err}") from None


def _check_dialect(name: str) -> None:
    if (problem := unknown_dialect(name)) is not None:
        raise InputError("--dialect", problem)


def _emit(item: Outcome | BadLine, out: IO[str], counts: Counter[str]) -> None:
    if isinstance(item, BadLine):
        counts["bad lines"] += 1
        print(f"line set aside: {item}", file=sys.stderr)
        return
    counts[item.status] += 1
    if item.status == NO_RECORD:
        counts[_NO_RECORD_KIND + (item.reason or "")] += 1
    if item.status == QUARANTINED:
        print(f"quarantined: {item.statement.query_id}: {item.reason}", file=sys.stderr)
    if item.warnings:
        counts["warned"] += 1
    for warning in item.warnings:
        print(f"warning: {item.statement.query_id}: {warning}", file=sys.stderr)
    for record in item.records:
        counts["records"] += 1
        out.write(json.dumps(record, separators=(",", ":")) + "\n")


_NO_RECORD_KIND = "no record: "


def _no_record_kinds(counts: Counter[str]) -> str:
    """The statements without a record by kind, most first: `` (USE 3, ALTER WAREHOUSE 1)``."""
    kinds = no_record_kinds((key[len(_NO_RECORD_KIND):], n) for key, n in counts.items()
                            if key.startswith(_NO_RECORD_KIND))
    return f" ({', '.join(f'{kind} {n}' for kind, n in kinds.items())})" if kinds else ""


def _summary(counts: Counter[str]) -> str:
    statements = counts[RECORDED] + counts[NO_RECORD] + counts[FAILED] + counts[QUARANTINED]
    return (
        f"ahp: {statements} statements: {counts['records']} records from {counts[RECORDED]} statements, "
        f"{counts[NO_RECORD]} without a record{_no_record_kinds(counts)}, {counts[FAILED]} failed (not recorded), "
        f"{counts[QUARANTINED]} quarantined; {counts['bad lines']} log lines set aside"
    ) + (f"; {counts['duplicate lines']} duplicate lines dropped" if counts["duplicate lines"] else "") + (
        f"; {counts['warned']} recorded with warnings" if counts["warned"] else "")


if __name__ == "__main__":
    sys.exit(main())
