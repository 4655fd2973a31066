"""One statement of the log, as the engine resolves it: its text and the identity its record carries.

Its own module so that the SQL handlers (``sql/``) and the resolver (``resolve``) both
depend on it, and ``sql/`` never imports ``resolve``. What travels with a statement from its
one tokenization (its :class:`Scan` and :class:`StatementKind`) is defined here too.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any


@dataclass(frozen=True, slots=True)
class StatementKind:
    """What a statement's first keywords say about it, before any parse (:func:`~.sql.statements.classify`)."""

    keywords: tuple[str, ...]  # the first (up to three) keywords, upper-cased
    changes_catalog: bool  # DDL: resolved every time, in log order, never from the cache
    grammar: bool  # the platform's own grammar (sql/commands) may own it; else sqlglot parses it


class Scan:
    """A statement's one tokenization (:func:`~.sql.statements.scan`): its kind, and its tokens until its parse takes them."""

    __slots__ = ("kind", "tokens", "broken", "error")

    def __init__(self, kind: StatementKind, tokens: list[Any] | None, broken: Exception | None = None,
                 error: Exception | None = None) -> None:
        self.kind = kind
        self.tokens = tokens  # sqlglot's, of the whole text; None once parsed (or when ``error``)
        self.broken = broken  # the tokenizer stopped at text it cannot read: its error (sqlglot's parse raises it)
        self.error = error  # what the tokenizer raised besides that (the parse raises it)


@dataclass(slots=True)
class Statement:
    """One statement to resolve, with the identity its record carries."""

    query_id: str
    text: str
    start_time: datetime
    user_name: str
    database: str | None = None
    schema: str | None = None
    parent_query_id: str | None = None
    root_query_id: str | None = None
    successful: bool = True
    position: tuple[int, int] = (0, 0)
    account: str | None = None
    #: the script variables its request declared before it (BigQuery's ``DECLARE x INT64``): a name among them that
    #: no table of known columns has is the variable, never a column of a table of unknown columns
    variables: frozenset[str] = frozenset()
    #: whether its session made a backquoted name of a select list a regular expression of the columns it selects
    #: (Spark's ``SET spark.sql.parser.quotedRegexColumnNames=true``: :data:`.sql.variables.REGEX_NAMES`)
    regex_names: bool = False
    #: whether its session made quoted names keep their case (Redshift's ``SET enable_case_sensitive_identifier TO
    #: true``: :data:`.sql.variables.CASE_SENSITIVE`)
    case_sensitive: bool = False
    #: PostgreSQL's and Redshift's schemas searched after ``schema`` for an unqualified name (the session's
    #: ``SET search_path TO schema, ...``)
    search_path: tuple[str, ...] = ()
    #: Spark's and Databricks' SQL path its unqualified names are looked up along (its session's ``SET PATH``, for a
    #: query or DML: :mod:`.sql.sql_path`); None for the default path
    sql_path: tuple[tuple[str, ...], ...] | None = None
    #: the record variables of its block's loops over a query's rows, each with that query (:func:`.sql.variables.
    #: loop_rows`): ``r.id`` in the loop is a column of the query's rows
    loop_rows: tuple[tuple[str, str], ...] = ()
    #: whose temporary objects it creates and finds (:attr:`.CatalogObject.session`): its line's ``session_id``; in
    #: BigQuery, outside a session, its script's (:attr:`.DialectRules.script_temporary_tables`)
    session: str | None = None
    #: its one tokenization and the kind its first keywords give (:func:`~.sql.statements.kind_of`),
    #: made when first needed; the parse takes the tokens, the kind stays
    scan: Scan | None = field(default=None, compare=False, repr=False)
