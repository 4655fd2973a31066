"""Ask the access-history records questions: Snowflake's own ACCESS_HISTORY queries, or Spark SQL.

    ahp query [--warehouse URI [--account NAME] | --records FILE.jsonl [--catalog CATALOG.json]]
              [--dialect snowflake|spark] [--format table|csv|json] [--now TIMESTAMP] [--master URL] [SQL | -f FILE]
    ahp query            # no SQL, no -f: questions from stdin, or an interactive prompt on a terminal

Every question of the input (statements ended by ``;``) is answered, in order, a blank line between
two answers, whatever the format; USE, ALTER SESSION and SET answer nothing, and a statement with no
columns (``CREATE TEMPORARY VIEW``) only sets up the next questions. A question that fails is one
line on stderr and the others are still answered; the exit status is 1 if any failed.

Every table of the warehouse is a view of its own name (``access_history``, ``column_lineage``,
``catalog``, ...), and the records are also ``ACCESS_HISTORY`` in any database's ``ACCOUNT_USAGE``
schema and ``SNOWFLAKE.ORGANIZATION_USAGE.ACCESS_HISTORY``, with the object lists as VARIANT
values (``examples/queries/`` holds the reference's queries). ``--records`` asks ``ahp resolve``'s
output instead, with no warehouse. The Spark session is the pipeline's (``--master`` or
``AHP_SPARK_MASTER``: a local master, a cluster or a Spark Connect server, with ``AHP_SPARK_CONF``),
started once for every question asked.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
import threading
from collections.abc import Callable, Iterable, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import TextIO

from pyspark.errors import PySparkException
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import StructType
from pyspark.sql.window import Window

from access_history_platform.catalog import catalog_to_dict, load_catalog
from access_history_platform.errors import InputError
from access_history_platform.query import QueryError
from access_history_platform.query.session import Answer, QuestionSession, format_answer, one_line
from access_history_platform.query.views import read_records, snapshot_frame, snapshot_records, start_of
from resources import Warehouse, spark_session
from resources.settings import master_problem
from resources.spark import SparkUnreachable, bound_connect_retries, lost_connect_server
from resources.tables import ACCESS_HISTORY, CATALOG, TABLES
from resources.warehouse import AGAIN

from .common import tool_parser, tool_resources

PROMPT = "ahp> "
#: Files of a table whose status the driver reads itself, before Spark lists them in a job.
LISTED_ON_THE_DRIVER = 2000
FORMATS = ("table", "csv", "json")
#: The exit code once the Spark Connect server stopped answering during the questions.
LOST = 2


def register_views(session: SparkSession, warehouse: Warehouse) -> list[str]:
    """Register a temporary view for every table the warehouse holds (its partitions' current versions,
    :meth:`~resources.Warehouse.read_table`); their names."""
    names = []
    for name, frame in warehouse_tables(session, warehouse).items():
        frame.createOrReplaceTempView(name)
        names.append(name)
    return names


def warehouse_tables(session: SparkSession, warehouse: Warehouse, *,
                     damaged: dict[str, str] | None = None) -> dict[str, DataFrame]:
    """Every table the warehouse holds, whole and typed, by name. A table a damaged partition keeps from being read
    (a manifest that is not one or cannot be read, a file it names gone) raises :class:`QueryError` naming it; with
    ``damaged``, its one-line error goes there by the table's name instead, and its frame fails every read with that
    line (:func:`unreadable`), so that only the questions reading it fail."""
    frames = {}
    for table in TABLES:
        try:
            frame = warehouse.read_table(session, table)
            files = frame.inputFiles()  # (over Spark Connect, where the files are first looked at)
        except (ValueError, PySparkException) as err:
            reason = _damage(err)
            if reason is None:
                raise
            mend = "" if AGAIN in reason else f" ({AGAIN})"  # check_data_files' own reasons say it already
            message = f"cannot read the warehouse's {table.name}: {reason}{mend}"
            if damaged is None:
                raise QueryError(message) from None
            damaged[table.name] = message
            frames[table.name] = unreadable(session, warehouse.table_schema(table), message)
            continue
        if files:
            frames[table.name] = frame
    return frames


def _damage(err: Exception) -> str | None:
    """What damaged partition ``err`` (from reading a table) names, in one line; None for any other error."""
    if isinstance(err, PySparkException):
        if not (err.getCondition() or "").startswith("PATH_NOT_FOUND"):  # a partition's file gone
            return None
        return one_line(str(err))
    return str(err)  # a partition's manifest that cannot be read (resources.warehouse says which)


def unreadable(session: SparkSession, schema: StructType, message: str) -> DataFrame:
    """A frame of ``schema`` whose every read fails with ``message``: its one row is kept by a filter that raises it,
    and each column raises it too, so no optimization (a count without columns, a predicate on a column) answers
    without reading it. A question that needs no row of it (``LIMIT 0``, ``WHERE false``) is answered."""
    failing = F.raise_error(F.lit(message))
    return (session.range(1).where(failing.isNull())
            .select(*[failing.cast(field.dataType).alias(field.name) for field in schema.fields]))


def warehouse_snapshot(session: SparkSession, catalog: DataFrame) -> DataFrame:
    """The governance of each account's catalog snapshot (the versions of its first day valid from
    the start) as DDL records (:func:`~access_history_platform.query.views.snapshot_records`)."""
    first = F.min("day").over(Window.partitionBy("account"))
    rows = (catalog.where(F.col("valid_from").isNull()).withColumn("_first", first)
            .where(F.col("day") == F.col("_first"))
            .where(F.col("object").contains("polic") | F.col("object").contains('"tags"')
                   | F.col("domain").isin("Tag", "Masking policy", "Row access policy"))
            .select("account", "day", "object").collect())
    return snapshot_frame(session, [(row["account"], record) for row in rows
                                    for record in snapshot_records([json.loads(row["object"])], start_of(row["day"]))])


def records_tables(session: SparkSession, records: Path, catalog: Path | None,
                   report: Callable[[str], None]) -> tuple[dict[str, DataFrame], DataFrame | None]:
    """``ahp resolve``'s output as the ``access_history`` table, and the snapshot's governance."""
    frame = read_records(session, str(records), report=report)
    if catalog is None:
        return {ACCESS_HISTORY.name: frame}, None
    first = frame.agg({"query_start_time": "min"}).collect()[0][0] or datetime.now(timezone.utc)
    objects = catalog_to_dict(load_catalog(catalog))["objects"]
    snapshot = snapshot_frame(session, [(None, record) for record in snapshot_records(objects, start_of(first.date()))])
    return {ACCESS_HISTORY.name: frame}, snapshot


def question_session(args: argparse.Namespace, report: Callable[[str], None],
                     session: SparkSession | None = None, *, keep: bool = False) -> QuestionSession:
    """The tables the arguments name, registered once in ``session`` (default: the pipeline's
    session set-up, :mod:`resources.spark`, for ``AHP_SPARK_MASTER``); ``keep``: for many questions
    (:class:`~access_history_platform.query.session.QuestionSession`)."""
    master = {"AHP_SPARK_MASTER": args.master} if args.master else {}
    resources = tool_resources(args, environ={**os.environ, **master,
                                              "AHP_SPARK_LOG_LEVEL": os.environ.get("AHP_SPARK_LOG_LEVEL", "OFF")})
    # a local file or folder that is not there is said before a local Spark session is started for it (tens of
    # seconds); a cluster's or a Spark Connect server's paths are its own
    if str(resources["spark"].spark_config.get("spark.master", "")).startswith("local"):  # type: ignore[attr-defined]
        for given, what in ((args.records, "no such records file"), (args.catalog, "no such catalog file"),
                            (None if args.records else resources["warehouse"].root, "no such warehouse folder")):
            if given is not None and "://" not in str(given) and not Path(given).exists():
                raise QueryError(f"{given}: {what}")
    if session is None:
        spark = resources["spark"]
        session = spark_session(spark.spark_config, log_level=spark.log_level)  # type: ignore[attr-defined]
    bound_connect_retries(session)  # someone waits on the answer: a server gone is said in seconds, not minutes
    try:
        return _registered(session, args, resources, report, keep=keep)
    except PySparkException as err:
        lost = lost_connect_server(session, err)
        if lost is not None:
            raise QueryError(lost) from None
        raise


def _registered(session: SparkSession, args: argparse.Namespace, resources: dict, report: Callable[[str], None],
                *, keep: bool) -> QuestionSession:
    """:func:`question_session`'s tables, registered in ``session``."""
    # The manifests name every file: listing them is one status call each, cheaper on the driver than
    # the Spark job per table that Spark starts past 32 paths (9-20 s each on a busy cluster).
    session.conf.set("spark.sql.sources.parallelPartitionDiscovery.threshold", str(LISTED_ON_THE_DRIVER))
    if args.records:
        tables, snapshot = records_tables(session, args.records, args.catalog, report)
    else:
        damaged: dict[str, str] = {}
        tables = warehouse_tables(session, resources["warehouse"], damaged=damaged)  # type: ignore[arg-type]
        for message in damaged.values():
            report(f"warning: {message}; the questions reading it fail, the others are answered")
        if ACCESS_HISTORY.name not in tables:
            raise QueryError(f"no access_history table under {args.warehouse}: run bin/demo first, or use --records")
        tables = one_account(tables, accounts_of(tables[ACCESS_HISTORY.name]), args.account, report)
        # ACCOUNT_USAGE.ACCESS_HISTORY is the catalog's governance, then the records: it fails with either, even for
        # a question reading its first rows only (the one damaged frame is all there is, or is first)
        if ACCESS_HISTORY.name in damaged:
            snapshot = None
        elif CATALOG.name in damaged:
            snapshot = unreadable(session, snapshot_frame(session, []).schema, damaged[CATALOG.name])
        else:
            snapshot = warehouse_snapshot(session, tables[CATALOG.name]) if CATALOG.name in tables else None
    return QuestionSession(session, tables, dialect=args.dialect, snapshot=snapshot, keep=keep,
                           organization=resources["organization"].name, now=args.now)  # type: ignore[attr-defined]


def accounts_of(records: DataFrame) -> list[str]:
    """The accounts whose records the warehouse's ``access_history`` frame reads (from its files' partition
    folders, ``.../account=<NAME>/...``: no Spark job)."""
    return sorted({match.group(1) for path in records.inputFiles() for match in _ACCOUNT_FOLDER.finditer(path)})


_ACCOUNT_FOLDER = re.compile(r"/account=([^/]+)/")


def one_account(tables: dict[str, DataFrame], accounts: list[str], account: str | None,
                report: Callable[[str], None]) -> dict[str, DataFrame]:
    """The tables as ``account`` sees them (``--account``): its partitions of every account-day table, the
    organization's tables whole. Without it, every account's, and a note when there are several: Snowflake's
    ACCOUNT_USAGE holds one account's history, so a question written for it would mix them."""
    if account is None:
        if len(accounts) > 1:
            report(f"note: the warehouse holds {len(accounts)} accounts' records ({_listed(accounts)}); ACCESS_HISTORY "
                   "and ACCOUNT_USAGE.ACCESS_HISTORY hold them all, and object ids are unique within an account only: "
                   "--account NAME asks one account's, as Snowflake's ACCOUNT_USAGE does")
        return tables
    if account not in accounts:
        raise QueryError(f"--account {account}: the warehouse has no records of that account; its accounts: "
                         f"{_listed(accounts) or 'none'}")
    return {name: frame.where(F.col("account") == account) if "account" in frame.columns else frame
            for name, frame in tables.items()}


def _listed(names: list[str], shown: int = 10) -> str:
    return ", ".join(names[:shown]) + (f" and {len(names) - shown} more" if len(names) > shown else "")


def parser(prog: str = "ahp query", dialect: str = "snowflake") -> argparse.ArgumentParser:
    parser = tool_parser(prog, __doc__, landing=False, dagster_home=False)
    parser.add_argument("sql", nargs="?", help="the question (default: -f FILE, or stdin)")
    parser.add_argument("-f", "--file", type=Path, help="read the question from this file")
    parser.add_argument("--records", type=Path, help="ask ahp resolve's output (JSON lines) instead of the warehouse")
    parser.add_argument("--catalog", type=Path,
                        help="with --records: the catalog snapshot, whose policies and tags become DDL records")
    parser.add_argument("--dialect", choices=("snowflake", "spark"), default=dialect,
                        help=f"the question's SQL dialect (default {dialect})")
    parser.add_argument("--format", choices=FORMATS, default="table",
                        help="answer format (default table); several answers follow one another, a blank line "
                             "between two (csv: each with its header; json: each answer's rows, a JSON object a line)")
    parser.add_argument("--now", type=_timestamp,
                        help="answer as if asked at this time (current_date, current_timestamp); ISO-8601, UTC if no offset")
    parser.add_argument("--rows", type=_positive, default=None,
                        help="show at most this many rows of each answer; when it has more, the table's last line "
                             "says so (csv and json: a note on stderr)")
    parser.add_argument("--account", help="ask one account's records, as its own ACCOUNT_USAGE.ACCESS_HISTORY holds "
                                          "them (every account-day table limited to that account; the organization's "
                                          "tables and ORGANIZATION_USAGE stay whole); default every account's")
    parser.add_argument("--master", type=_master, help="where Spark runs: local[N], spark://HOST:PORT (a cluster) or sc://HOST:PORT "
                                         "(a Spark Connect server); default AHP_SPARK_MASTER, else local[*]")
    return parser


def _master(text: str) -> str:
    """``--master``'s value: a master Spark takes (as ``AHP_SPARK_MASTER``'s), named as the flag."""
    if (problem := master_problem(text)) is not None:
        raise argparse.ArgumentTypeError(f"{text!r}: {problem}")
    return text.strip()


def _positive(text: str) -> int:
    try:
        number = int(text)
    except ValueError:
        number = 0
    if number < 1:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number of rows, 1 or more")
    return number


def _timestamp(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not an ISO-8601 time (2024-03-15 or 2024-03-15T09:00:00+00:00)")
    return moment if moment.tzinfo else moment.replace(tzinfo=timezone.utc)


def main(argv: Sequence[str] | None = None, prog: str = "python -m tools.query") -> int:
    """``ahp query`` (Snowflake SQL by default), or ``python -m tools.query`` (Spark SQL by default, as before)."""
    args = parser(prog, dialect="snowflake" if prog == "ahp query" else "spark").parse_args(argv)
    if args.catalog and not args.records:
        print(f"{prog}: error: --catalog goes with --records", file=sys.stderr)
        return 2
    if args.account and args.records:
        print(f"{prog}: error: --account goes with a warehouse (--records is one resolved log already)",
              file=sys.stderr)
        return 2
    def report(line: str) -> None:
        print(line, file=sys.stderr)

    try:
        question = _question(args)
        many = question is None and sys.stdin.isatty()
        asked = question_session(args, report, keep=many)
    except (QueryError, InputError, SparkUnreachable) as err:
        print(f"error: {err}", file=sys.stderr)
        return 2
    if question is not None:
        return answer_questions(asked, question, args, sys.stdout)
    if many:
        # the views kept in memory are computed while the first question is typed
        threading.Thread(target=_warm, args=(asked,), daemon=True).start()
        return interactive(asked, args, sys.stdin, sys.stdout)
    return from_a_pipe(asked, args, sys.stdin.read(), sys.stdout)


def _warm(asked: QuestionSession) -> None:
    try:
        asked.warm()
    except Exception:  # noqa: BLE001 - a question needing the views computes them, and reports its own error
        pass


def _question(args: argparse.Namespace) -> str | None:
    if args.file is not None:
        try:
            return args.file.read_text(encoding="utf-8")
        except OSError as err:
            raise QueryError(f"{args.file}: {err.strerror}") from None
    return args.sql


def answer_questions(asked: QuestionSession, text: str, args: argparse.Namespace, out: TextIO) -> int:
    """Answer every question of ``text``, in order, a blank line between two answers; a question that
    fails is its error on stderr, and the next ones are still asked. 1 if any failed; 2 (and no more
    questions) once the Spark Connect server stopped answering (:func:`~resources.spark.lost_connect_server`)."""
    try:
        questions = asked.questions(text)
    except QueryError as err:
        _error(err, out)
        return 1
    failed = printed = False
    for question in questions:
        try:
            answer = asked.answer(question, limit=None if args.rows is None else args.rows + 1)
        except QueryError as err:
            # Spark's error stays the context of the question's error: a server gone ends the questions
            lost = lost_connect_server(asked.session, err)
            _error(lost or err, out)
            if lost is not None:
                return LOST
            failed = True
            continue
        if answer[0]:  # a statement without columns (CREATE TEMPORARY VIEW ...) only sets up the next questions
            _write(answer, args, out, first=not printed)
            printed = True
    return 1 if failed else 0


def _write(answer: Answer, args: argparse.Namespace, out: TextIO, *, first: bool) -> None:
    """One answer in ``args.format``; beyond ``args.rows`` rows (one more was fetched to tell), the rows
    shown are said to be the first ones: in the table, or on stderr to keep CSV and JSON as they are."""
    columns, rows = answer
    more = args.rows is not None and len(rows) > args.rows
    out.write(("" if first else "\n") + format_answer((columns, rows[:args.rows]), args.format, more=more))
    if more and args.format != "table":
        out.flush()
        print(f"note: first {args.rows} rows; more not shown (--rows)", file=sys.stderr)


def _error(err: QueryError | str, out: TextIO) -> None:
    out.flush()  # the error comes after the answers before it
    print(f"error: {err}", file=sys.stderr)


def from_a_pipe(asked: QuestionSession, args: argparse.Namespace, text: str, out: TextIO) -> int:
    """Questions from a pipe or a redirected file, answered as :func:`answer_questions` answers them, with the
    prompt's commands on lines of their own between two questions: ``\\tables`` lists the tables, ``\\q`` ends (a
    piped ``\\tables`` was glued to the next question, which was lost). 1 if a question failed."""
    status, pending = 0, ""
    for line in text.splitlines(keepends=True):
        command = line.strip()
        if command in ("\\tables", "\\d", "\\q") and (not pending.strip() or pending.rstrip().endswith(";")):
            if pending.strip():
                status = max(status, answer_questions(asked, pending, args, out))
                if status == LOST:
                    return LOST
            pending = ""
            if command == "\\q":
                return status
            out.write(_tables(asked))
            continue
        pending += line
    return max(status, answer_questions(asked, pending, args, out)) if pending.strip() else status


def _tables(asked: QuestionSession) -> str:
    return "\n".join(f"{n}: {', '.join(c)}" for n, c in sorted(asked.views.items())) + "\n"


def interactive(asked: QuestionSession, args: argparse.Namespace, lines: Iterable[str], out: TextIO) -> int:
    """Questions ended by ``;`` (or a blank line) answered one after the other in one session, each
    of a line that holds several (:func:`answer_questions`); ``\\tables`` lists the tables and their
    columns, ``\\q`` ends."""
    out.write(f"{len(asked.views)} tables; \\tables lists them, \\q ends; end a question with ;\n{PROMPT}")
    out.flush()
    pending: list[str] = []
    for line in lines:
        command = line.strip()
        if not pending and command in ("\\q", "quit", "exit"):
            break
        if not pending and command in ("\\tables", "\\d"):
            out.write(_tables(asked))
        elif command or pending:
            pending.append(line)
            if command.endswith(";") or not command:
                if answer_questions(asked, "".join(pending), args, out) == LOST:
                    return LOST
                pending = []
        out.write(PROMPT if not pending else "  -> ")
        out.flush()
    out.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
