"""One Spark session answering many questions: the tables registered once, each question translated,
run, and its answer or its error in one line; a text of several questions is cut into them
(:meth:`QuestionSession.questions`), each answered on its own.

Asked many questions (the interactive mode), the session keeps the ACCESS_HISTORY views in memory
(``keep=True``): their object lists are parsed into VARIANT values once, on first use or by
:meth:`QuestionSession.warm`, instead of once per question.

:class:`QuestionSession` is given frames, never paths: what reads the warehouse (``Warehouse.read_table``)
or ``ahp resolve``'s output (:func:`~.views.read_records`) is the caller's, so the engine stays free
of Dagster and of storage.
"""

from __future__ import annotations

import csv
import io
import json
import logging
import re
from collections.abc import Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from py4j.protocol import Py4JJavaError
from pyspark.errors import PySparkException
from pyspark.sql import DataFrame, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import VariantType

from .translate import QueryError, split, translate
from .views import ACCOUNT_USAGE, ORGANIZATION_USAGE, account_usage_view, organization_usage_view

__all__ = ["Answer", "QuestionSession", "format_answer", "one_line"]

#: What Spark raises for a question: its own errors, and (on a classic session) a Java error it left unconverted,
#: as for a subquery run as a job of its own (a scalar subquery, an EXISTS without correlation).
SPARK_ERRORS = (PySparkException, Py4JJavaError)

Answer = tuple[list[str], list[tuple[Any, ...]]]
_ONLY_SESSION_STATEMENTS = "the question holds only session statements (USE, ALTER SESSION, SET): nothing to answer"


class QuestionSession:
    """Tables registered as views of ``session``, and questions asked of them.

    ``tables`` are the warehouse's tables by name (typed frames; ``access_history`` at least);
    ``snapshot`` the catalog snapshot's governance records (:func:`~.views.snapshot_records`), added to
    ACCOUNT_USAGE.ACCESS_HISTORY; ``organization`` names the organization where the tables do not.
    ``keep`` keeps the ACCESS_HISTORY views (their VARIANT values) in memory once computed: for a
    session asked many questions; a single question is answered faster without.
    """

    def __init__(self, session: SparkSession, tables: Mapping[str, DataFrame], *, dialect: str = "snowflake",
                 snapshot: DataFrame | None = None, organization: str | None = None,
                 now: datetime | None = None, keep: bool = False) -> None:
        self.session, self.dialect, self.now = session, dialect, now
        self.views: dict[str, list[str]] = {}
        self.kept: list[DataFrame] = []
        _quiet()
        for name, frame in tables.items():
            self._register(name, frame)
        records = tables.get("access_history")
        if records is not None:
            # the snapshot's governance first (recorded at the start of its first day, before every statement): a
            # question reading the first rows only (LIMIT, --rows) reads it, and fails if it cannot be read
            account = snapshot.unionByName(records, allowMissingColumns=True) if snapshot is not None else records
            self._register(ACCOUNT_USAGE, account_usage_view(account), keep=keep)
            organization_rows = tables.get("org_access_history", records)
            self._register(ORGANIZATION_USAGE, organization_usage_view(organization_rows, organization), keep=keep)

    def _register(self, name: str, frame: DataFrame, *, keep: bool = False) -> None:
        if keep:
            frame = frame.persist()
            self.kept.append(frame)
        frame.createOrReplaceTempView(name)
        self.views[name] = list(frame.columns)

    def warm(self) -> None:
        """Compute the views kept in memory now (a question asked meanwhile waits for them, never
        computes them twice)."""
        for frame in self.kept:
            frame.count()

    def questions(self, sql: str) -> list[str]:
        """The questions of ``sql``, in order, each to be asked on its own (:func:`~.translate.split`);
        :class:`QueryError` when it holds none."""
        found = split(sql, dialect=self.dialect)
        if not found:
            raise QueryError(_ONLY_SESSION_STATEMENTS)
        return found

    def ask(self, sql: str) -> DataFrame:
        """The answer to the question's last statement (the others run first); :class:`QueryError`
        with one line naming the problem, and the tables or columns that exist, when it cannot be answered."""
        translation = translate(sql, dialect=self.dialect, now=self.now)
        if not translation.statements:
            raise QueryError(_ONLY_SESSION_STATEMENTS)
        try:
            frame = None
            for statement in translation.statements:
                frame = self.session.sql(statement)
            assert frame is not None
            frame.schema  # noqa: B018 - analysis errors surface here, not at the first row
            return frame
        except SPARK_ERRORS as err:
            raise QueryError(self._explain(err, sql)) from None

    def answer(self, sql: str, *, limit: int | None = None) -> Answer:
        """The answer's column names and rows (semi-structured values as JSON text); no columns for a
        statement that answers nothing (``CREATE TEMPORARY VIEW``, ``CACHE TABLE``: Spark runs it at once)."""
        frame = self.ask(sql)
        try:
            rows = _as_text(frame.limit(limit) if limit is not None else frame).collect()
        except SPARK_ERRORS as err:
            raise QueryError(self._explain(err, sql)) from None
        return list(frame.columns), [tuple(_plain(value) for value in row) for row in rows]

    def _explain(self, err: PySparkException | Py4JJavaError, sql: str = "") -> str:
        condition = (err.getCondition() if isinstance(err, PySparkException) else None) or ""
        text = str(err)
        if not condition:  # a job's error wrapped ("Exception thrown in awaitResult"): the Spark error under it
            condition, text = _innermost(err) or ("", text)
        text = one_line(text)
        if condition == "USER_RAISED_EXCEPTION":  # raise_error's own words (a damaged table's, tools.query.unreadable)
            return text.removeprefix("[USER_RAISED_EXCEPTION] ")
        if condition.startswith("TABLE_OR_VIEW_NOT_FOUND"):
            return f"{text} Tables: {', '.join(sorted(self.views))}."
        if condition.startswith("UNRESOLVED_COLUMN") or condition.startswith("FIELD_NOT_FOUND"):
            named = [name for name in self.views if re.search(rf"\b{re.escape(name)}\b", sql, re.IGNORECASE)]
            return f"{text} {self.describe(named or None)}"
        if condition.startswith("RECURSION_ROW_LIMIT_EXCEEDED") or condition.startswith("RECURSION_LEVEL_LIMIT"):
            return f"{text} {_ENDLESS_PATHS}"
        return text

    def describe(self, names: list[str] | None = None) -> str:
        """The tables ``names`` (default: every table) and their columns, in one line."""
        return " ".join(f"{name}({', '.join(columns)})." for name, columns in sorted(self.views.items())
                        if names is None or name in names)


#: What a recursive question that never ends over the records usually is, and what answers it instead.
_ENDLESS_PATHS = ("A CTE that follows data from object to object (the reference's stage data movement query) gives a "
                  "row for every sequence of statements that moved it, and has no end where data went round (a table "
                  "written from one it fed): the data_movement_paths table holds each path the data took once, each "
                  "object once on it (README, \"Ready answers\").")


def one_line(message: str) -> str:
    """A Spark error's message as one line: its first, white space made single, without its SQLSTATE.

    >>> one_line("[PATH_NOT_FOUND] Path does not exist:  file:/w/x.parquet. SQLSTATE: 42K03\\n  at ...")
    '[PATH_NOT_FOUND] Path does not exist: file:/w/x.parquet.'
    """
    return " ".join(message.split("\n")[0].split()).split(" SQLSTATE:")[0]


def _innermost(err: BaseException) -> tuple[str, str] | None:
    """The condition and message of the innermost Spark error (``[CONDITION] message``) under ``err``: the causes
    of a classic session's Java error, or the ``Caused by:`` lines of a Spark Connect error's server trace."""
    messages = []
    java = getattr(err, "java_exception", None)
    while java is not None:
        messages.append(str(java.getMessage() or ""))
        java = java.getCause()
    trace = err.getStackTrace() if isinstance(err, PySparkException) else None
    messages += [line.removeprefix("Caused by: ") for line in (trace or "").splitlines()
                 if line.startswith("Caused by: ")]
    for message in reversed(messages):  # (a trace's line names the Java class first: ``org.apache...: [COND] ...``)
        found = re.search(r"\[([A-Z][A-Z0-9_.]*)\] ", message)
        if found:
            return found.group(1), message[found.start():]
    return None


def _quiet() -> None:
    """Keep PySpark's SQL error logger from writing each failed question's plan and Java stack trace
    on stderr: the error is reported once, in one line (:meth:`QuestionSession._explain`)."""
    logging.getLogger("SQLQueryContextLogger").setLevel(logging.CRITICAL + 1)


def _as_text(frame: DataFrame) -> DataFrame:
    """``frame`` with its VARIANT columns as JSON text, written by Spark (converting them on the
    Python side costs about 0.1 ms a value)."""
    fields = frame.schema.fields
    if not any(isinstance(field.dataType, VariantType) for field in fields):
        return frame
    # by position: an answer's column names may repeat
    numbered = frame.toDF(*[f"_{i}" for i in range(len(fields))])
    return numbered.select(*[(F.to_json(f"_{i}") if isinstance(field.dataType, VariantType) else F.col(f"_{i}"))
                             .alias(field.name) for i, field in enumerate(fields)])


def _plain(value: Any) -> Any:
    if hasattr(value, "toJson") and callable(value.toJson):  # a VARIANT value
        return value.toJson()
    if isinstance(value, list):
        return [_plain(item) for item in value]
    if hasattr(value, "asDict"):
        return {key: _plain(item) for key, item in value.asDict().items()}
    return value


def format_answer(answer: Answer, fmt: str = "table", *, more: bool = False) -> str:
    """An answer as an aligned text table, CSV or JSON lines; ``more``: the answer has rows beyond these,
    which the table's last line says (CSV and JSON have no place for it)."""
    columns, rows = answer
    if fmt == "json":
        return "".join(json.dumps(dict(zip(columns, row)), default=_json_default) + "\n" for row in rows)
    texts = [[_text(value) for value in row] for row in rows]
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(columns)
        writer.writerows(texts)
        return out.getvalue()
    return _table(columns, texts, more)


#: How the table shows a control character (a statement's line breaks, a file name's): escaped, so that a row stays
#: one line. CSV and JSON give every value as it is.
_SHOWN_CONTROLS = {**{code: f"\\x{code:02x}" for code in (*range(0x20), *range(0x7f, 0xa0))},
                   ord("\n"): "\\n", ord("\r"): "\\r", ord("\t"): "\\t"}


def _table(columns: Sequence[str], texts: list[list[str]], more: bool) -> str:
    columns = [column.translate(_SHOWN_CONTROLS) for column in columns]
    texts = [[text.translate(_SHOWN_CONTROLS) for text in row] for row in texts]
    widths = [max([len(c), *(len(row[i]) for row in texts)]) for i, c in enumerate(columns)]
    line = "+" + "+".join("-" * (w + 2) for w in widths) + "+"
    body = [line, _row(columns, widths), line, *(_row(row, widths) for row in texts), line]
    shown = f"{len(texts)} row{'s' if len(texts) != 1 else ''}"
    count = f"(first {shown}; more not shown)" if more else f"({shown})"
    return "\n".join([*body, count]) + "\n"


def _row(values: Sequence[str], widths: Sequence[int]) -> str:
    return "| " + " | ".join(value.ljust(width) for value, width in zip(values, widths)) + " |"


def _text(value: Any) -> str:
    if value is None:
        return "NULL"
    if isinstance(value, (list, dict)):
        return json.dumps(value, default=_json_default)
    if isinstance(value, datetime):
        return value.isoformat(sep=" ")
    return str(value)


def _json_default(value: Any) -> Any:
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    return str(value)
