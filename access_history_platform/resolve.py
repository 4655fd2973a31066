"""The engine's entry point: a log and a catalog in, access-history records out.

:func:`resolve_log` is what ``ahp resolve`` and the Spark pipeline both call. It orders the
log (``query_start_time``, then input order), splits multi-statement requests, works out
every statement's ``root_query_id``, and resolves each statement against the catalog as it
is at that point of the log: earlier successful DDL has already changed it. Every
statement comes out as an :class:`Outcome`: its records, or why it has none (a failed
statement, a statement that touches no object, one the platform set aside with a reason).
"""

from __future__ import annotations

import gc
import re
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Set
from contextlib import contextmanager
from dataclasses import replace
from typing import Any, Callable, Iterable, Iterator, Mapping, NamedTuple

from .catalog import Catalog
from .errors import EmptyStatement, StatementError, StatementTimeout, UnsupportedStatement
from .logs import BadLine
from .ordering import DEFAULT_CHUNK, OrderedLog, order_log
from .records import LogLine
from .resolution_cache import DEFAULT_CACHE_SIZE, EXACT_SHAPE, CachedResolution, Lookups, ResolutionCache
from .sql.analysis import FOREIGN_SCAN
from .sql.binder import Binder, CatalogCache, derive_view_columns
from .sql.dispatch import UNPARSED, dispatch, no_record_reason
from .sql.dialects import DialectRules, rules_for
from .sql.fingerprint import fingerprint
from .sql.resolution import NOT_RECORDED, NOTHING_CHANGED, RecordParts
from .sql.search_paths import PathState
from .sql.search_paths import after as path_after
from .sql.sql_path import PATH_DIALECTS, SqlPath, searches_path
from .sql.sql_path import after as sql_path_after
from .sql.transactions import TRANSACTIONAL_DDL, Blocks
from .sql.statements import (
    DEFAULT_SCHEMA,
    UNREADABLE,
    USER_SCHEMA,
    Parsed,
    changes_catalog,
    kind_of,
    parse_statement,
    release,
    search_path,
    session_after,
    split_request,
    statement_ids,
)
from .sql.variables import (CASE_SENSITIVE, LOOP_DIALECTS, REGEX_NAMES, SEARCH_PATH_DIALECTS,
                            SESSION_VARIABLE_DIALECTS, assigned, block_variables, declared, is_use, loop_rows, session_declared, with_values)
from .statement import Scan, Statement

__all__ = [
    "DEFAULT_CACHE_SIZE", "FAILED", "NO_RECORD", "QUARANTINED", "RECORDED", "Outcome", "ResolutionCache", "Resolver",
    "SessionState",
    "Sessions",
    "Statement", "TimeBudget", "build_records", "changes_catalog", "expand_line", "fewer_collections",
    "internal_error", "iter_statements", "no_record_kind", "no_record_kinds", "record_count", "resolve_log",
    "resolve_statements", "root_of", "statements_of", "time_budget",
]

RECORDED, NO_RECORD, FAILED, QUARANTINED = "recorded", "no_record", "failed", "quarantined"



class Outcome:
    """What became of one statement: records, or the reason there is none.

    ``records`` are built from ``parts`` (shared by the outcomes of one cached resolution) on
    first use, unless given: a consumer that converts the parts once per cached resolution
    (the Spark path) never builds a dict per statement.
    """

    __slots__ = ("statement", "status", "reason", "parts", "_records")

    def __init__(self, statement: Statement, status: str, records: list[dict] | None = None,
                 reason: str | None = None, parts: RecordParts | None = None) -> None:
        self.statement, self.status, self.reason, self.parts = statement, status, reason, parts
        self._records = records

    @property
    def records(self) -> list[dict]:
        if self._records is None:
            self._records = build_records(self.statement, self.parts) if self.parts is not None else []
        return self._records

    @property
    def record_count(self) -> int:
        """How many records the statement has (two when a SWAP defines two objects), without building them."""
        if self._records is not None:
            return len(self._records)
        return record_count(self.parts) if self.parts is not None else 0

    @property
    def warnings(self) -> tuple[str, ...]:
        """What the statement's record leaves out that it reads (a column the catalog does not place), and the objects
        it names short of their full names (:func:`partial_names`)."""
        return self.parts.warnings if self.parts is not None and self.status == RECORDED else ()

    def __repr__(self) -> str:
        return f"Outcome({self.statement.query_id!r}, {self.status!r}, reason={self.reason!r})"


def no_record_kind(reason: str | None) -> str:
    """The kind of statement a no-record outcome's reason names (``"ALTER WAREHOUSE"``, ``"USE"``), or
    ``"no object"`` for a statement that touches none."""
    if reason and reason.endswith(NOT_RECORDED):
        return reason[: -len(NOT_RECORDED)]
    if reason and reason.endswith(NOTHING_CHANGED):
        return NOTHING_CHANGED
    return "no object"


def no_record_kinds(tallies: Iterable[tuple[str | None, int]]) -> dict[str, int]:
    """Statements without a record by kind, from (reason, how many) pairs: most first, then by kind.

    >>> no_record_kinds([("USE statements are not recorded", 2), ("the statement touches no object", 1),
    ...                  ("USE statements are not recorded", 1)])
    {'USE': 3, 'no object': 1}
    """
    counts: Counter[str] = Counter()
    for reason, n in tallies:
        counts[no_record_kind(reason)] += n
    return dict(sorted(counts.items(), key=lambda kind: (-kind[1], kind[0])))


# --------------------------------------------------------------------------- the log


def statements_of(lines: Iterable[LogLine], *, dialect: str = "snowflake") -> list[Statement]:
    """Order the log and split its requests into statements, each with its ancestry."""
    return list(iter_statements(order_log(lines), dialect=dialect))


def iter_statements(ordered: OrderedLog, *, dialect: str = "snowflake") -> Iterator[Statement]:
    """The statements of an ordered log, one line at a time (what each session's lines set carried to its later
    lines: :data:`Sessions`)."""
    sessions: Sessions = {}
    for index, line in ordered.lines:
        yield from expand_line(line, index, ordered.parents, dialect=dialect, sessions=sessions)


class SessionState(NamedTuple):
    """What a session's lines have set so far: its variables (Snowflake's ``SET v = 'db.s.t'``) and prepared
    statements (``PREPARE p FROM ...``: :func:`~.sql.variables.assigned`), its search path (PostgreSQL's and
    Redshift's ``SET search_path TO s, public``), and the database and schema its last ``USE`` (or Snowflake's
    ``CREATE DATABASE`` / ``SCHEMA``, or a search path) left current, for a later line that does not give its own;
    its SQL path (Spark's and Databricks' ``SET PATH``: :mod:`.sql.sql_path`; None for the default one)."""

    known: dict[str, str]
    path: PathState
    database: str | None
    schema: str | None
    sql_path: SqlPath | None = None


#: Each session's state by account and ``session_id``, which :func:`expand_line` carries from a session's line to
#: its later ones.
Sessions = dict[tuple[str | None, str], SessionState]
_NO_SESSION = SessionState({}, PathState(), None, None)
_NO_VARIABLES: frozenset[str] = frozenset()


def _searched_after(schema: str | None, path: tuple[str, ...], user_first: bool = False) -> tuple[str, ...]:
    """The schemas a search path searches after the statement's schema, when that schema is the path's first (past
    ``"$user"``); led by ``"$user"`` (:data:`.sql.statements.USER_SCHEMA`: the user's schema is searched before the
    statement's) when the path searches it first, or ``user_first``: the default path, ``"$user", public``, of a line
    that gives no schema of its own.

    >>> _searched_after("sales", ("$user", "sales", "public")), _searched_after("sales", ("sales", "public"))
    (('$user', 'public'), ('public',))
    """
    user = path[:1] == (USER_SCHEMA,) or (user_first and not path)
    rest = path[1:] if path[:1] == (USER_SCHEMA,) else path
    after = rest[1:] if rest and schema and rest[0].casefold() == schema.casefold() else ()
    return (USER_SCHEMA, *after) if user else after


#: A statement's first word, when no comment comes before it; and the first words of the statements
#: :func:`~.sql.statements.session_after` and :func:`~.sql.variables.is_use` look further into.
_LEAD_WORD = re.compile(r"\s*([A-Za-z]+)")
_SESSION_WORDS = frozenset({"USE", "SET", "RESET", "CREATE", "OPEN"})
#: The first words of the statements :func:`~.sql.variables.assigned` looks further into (a variable, a prepared
#: statement), with those of :data:`_SESSION_WORDS`.
_CARRIED_WORDS = _SESSION_WORDS | {"UNSET", "PREPARE", "DEALLOCATE", "DECLARE", "DROP"}


def _lead(text: str) -> str | None:
    """The first word of ``text`` upper-cased, None when something else (a comment, a bracket) comes first."""
    lead = _LEAD_WORD.match(text)
    return lead[1].upper() if lead is not None else None


def _plain(text: str) -> bool:
    """Whether the statement ``text`` opens with a word (no comment before it) of no statement that sets what its
    session carries to later statements: its database or schema, a variable, a prepared statement (not a search
    path: a query may set it, ``SELECT set_config('search_path', ...)``).

    >>> [_plain(text) for text in ("select 1", " Set x = 1", "settle", "use db", "-- c", "drop table t")]
    [True, False, True, False, False, False]
    """
    return _PLAIN.match(text) is not None


#: :func:`_plain`'s answer as one match (a line's cost: no word split off and upper-cased): a first word, none of
#: :data:`_CARRIED_WORDS` (in any case of its ASCII letters, as :func:`_lead` upper-cases them).
_PLAIN = re.compile(r"\s*(?!(?ai:%s)(?![A-Za-z]))[A-Za-z]" % "|".join(sorted(_CARRIED_WORDS)))


def _duckdb_path_after(paths: PathState, text: str) -> PathState:
    """A DuckDB session's search path after the statement ``text``: ``SET search_path = 'a,b'`` (whose first schema
    :func:`_context_after` makes current) sets it, ``RESET search_path`` and a ``USE`` end it (the current schema, then
    ``main``, as the binder searches without one).

    >>> _duckdb_path_after(PathState(), "SET search_path = 'test,test2'").current()
    ('test', 'test2')
    >>> _duckdb_path_after(PathState(("a", "b")), "use other").current(), _duckdb_path_after(PathState(), "select 1")
    ((), PathState(path=(), block=None))
    """
    word = _lead(text)
    if word is not None and word not in ("SET", "RESET", "USE"):
        return paths
    if is_use(text):
        return PathState()
    path = search_path(text)
    if path is None:
        return paths
    return PathState(tuple(schema for schema in path if schema != USER_SCHEMA) if path != (USER_SCHEMA, DEFAULT_SCHEMA)
                     else ())


def _context_after(text: str, database: str | None, schema: str | None, used: tuple[str | None, str | None],
                   dialect: str) -> tuple[tuple[str | None, str | None], tuple[str | None, str | None]]:
    """The database and schema after the statement ``text`` ran with ``database`` and ``schema``, and what its
    session has made current by statements for later lines (``used``: changed by a ``USE`` and the others
    :func:`~.sql.statements.session_after` follows, not by a line's own context)."""
    word = _lead(text)
    if word is not None and word not in _SESSION_WORDS:  # (most statements: no look past comments)
        return (database, schema), used
    after = session_after(text, database, schema, dialect)
    return after, (after if after != (database, schema) or is_use(text) else used)


def expand_line(line: LogLine, index: int, parents: dict[str, str], *, dialect: str = "snowflake",
                sessions: Sessions | None = None) -> list[Statement]:
    """One line as its statements: itself, or ``<query_id>#<n>`` for each statement of a request, each in
    the session's database and schema as the request's ``USE`` statements before it left them
    (:func:`~.sql.statements.session_after`; a line without ``database_name`` or ``schema_name`` in what an earlier
    line of its session made current), and with the values of the session variables the request, or an earlier line
    of its session (``sessions``, kept up to date), set (``IDENTIFIER($t)``).

    ``line`` is a :class:`LogLine` or any object with its fields (the Spark workers' ``StoredLine``).
    """
    try:
        return _expanded(line, index, parents, dialect, sessions)
    except Exception as err:  # noqa: BLE001  (one line's surprise is that line's, set aside, never the run's)
        parent = line.parent_query_id
        statement = Statement(line.query_id, line.query_text, line.query_start_time, line.user_name,
                              database=line.database_name, schema=line.schema_name, parent_query_id=parent,
                              root_query_id=root_of(line.query_id, parents) if parent else None,
                              successful=line.execution_status == "SUCCESS", position=(index, 0),
                              account=line.account_name, session=getattr(line, "session_id", None))
        statement.scan = Scan(UNREADABLE, None, error=UnsupportedStatement(
            f"internal error while reading the line's statements: {type(err).__name__}: {err}"))
        return [statement]


def _expanded(line: LogLine, index: int, parents: dict[str, str], dialect: str,
              sessions: Sessions | None) -> list[Statement]:
    """:func:`expand_line`'s statements of ``line``, with what they share: its block's variables, its loop's rows,
    its temporary tables' scope, and the context the line gives or its session's earlier lines made current."""
    successful = line.execution_status == "SUCCESS"
    unsplit = None  # why the line could not be split into its statements: then it is one, set aside with that reason
    try:
        groups = split_request(line.query_text, dialect) if successful else [line.query_text]
    except RecursionError:
        groups, unsplit = [line.query_text], UnsupportedStatement(
            "its blocks are nested too deeply to split it into statements")
    texts = groups if len(groups) == 1 and isinstance(groups[0], str) else \
        [text for group in groups for text in ((group,) if isinstance(group, str) else group)]  # (most: one text)
    rules = rules_for(dialect)
    # a PostgreSQL DO block's variables, in each statement it runs (its one statement: the line itself)
    variables = block_variables(line.query_text, dialect) if successful and dialect in ("postgres", "oracle") \
        else _NO_VARIABLES  # (and an Oracle PL/SQL block's)
    rows = loop_rows(line.query_text, dialect) if successful and dialect in LOOP_DIALECTS else ()
    session_id = getattr(line, "session_id", None)
    scope = session_id if session_id or not rules.script_temporary_tables else \
        line.parent_query_id or (line.query_id if len(texts) > 1 else None)  # (a script's: its children's, or its own)
    if not successful and sessions is not None and session_id and dialect in SEARCH_PATH_DIALECTS:
        _failed_in_block(sessions, (line.account_name, session_id), line.query_text)
    session = (line.account_name, session_id) if sessions is not None and session_id and successful else None
    before = sessions.get(session, _NO_SESSION) if session is not None else _NO_SESSION
    # the variables and the search path set so far (through its blocks), and what its statements made current
    known, paths, used_database, used_schema, _ = before
    if known and dialect in SESSION_VARIABLE_DIALECTS:  # (Spark's and Databricks' session variables: those named)
        variables = _named_in(session_declared(known), line.query_text)
    database, schema = _context_of(line, used_database, used_schema, paths, rules)
    if len(texts) <= 1:  # most lines: one statement, built without a dict of the fields they share
        statement = _line_statement(line, index, parents, texts, dialect, sessions, session, before, database, schema,
                                    successful=successful, variables=variables, rows=rows, scope=scope)
        if unsplit is not None:
            statement.scan = Scan(UNREADABLE, None, error=unsplit)
        return [statement]
    return _request_statements(line, index, parents, groups, dialect, sessions, session, before, database, schema,
                               successful=successful, variables=variables, rows=rows, scope=scope)


def _failed_in_block(sessions: Sessions, session: tuple[str | None, str], text: str) -> None:
    """Keep in ``sessions`` the search path of ``session`` after its statement ``text`` failed in a transaction block
    (:func:`.sql.search_paths.after`)."""
    kept = sessions.get(session)  # a failure in a transaction block aborts it (or, a COMMIT, ends it)
    if kept is not None and kept.path.block is not None:
        paths = path_after(kept.path, text, False)
        sessions[session] = kept._replace(path=paths, schema=paths.first())


def _context_of(line: LogLine, used_database: str | None, used_schema: str | None, paths: PathState,
                rules: DialectRules) -> tuple[str | None, str | None]:
    """The database and schema ``line``'s first statement runs in: the line's own, or what its session's earlier lines
    made current (``used_database``, ``used_schema``; the first schema of its search path, ``paths``); MySQL's
    current database: the schema."""
    database, schema = line.database_name, line.schema_name
    if database is None:  # a line that does not give its context: what its session's earlier lines made current
        database = used_database
    if schema is None:  # (the first schema of its search path; with none set, the catalog's one table of the name
        schema = used_schema or paths.first()  # is found)
    if database is not None and rules.schema_databases:  # MySQL's current database: the schema, the
        # line's own where it gives one (an earlier line's USE is not the session's database once a line says another)
        own = line.schema_name if line.schema_name is not None else line.database_name
        database, schema = None, own if own is not None else schema if schema is not None else database
    return database, schema


def _line_statement(line: LogLine, index: int, parents: dict[str, str], texts: list[str], dialect: str,
                    sessions: Sessions | None, session: tuple[str | None, str] | None, before: SessionState,
                    database: str | None, schema: str | None, *, successful: bool, variables: frozenset[str],
                    rows: tuple[tuple[str, str], ...], scope: str | None) -> Statement:
    """The statement of a line of one statement (``texts``: it, or none), in ``database`` and ``schema``, with the
    values its session's variables hold; the state its session is in after it kept in ``sessions``."""
    known, paths, used_database, used_schema, sql_path = before
    searching = dialect in SEARCH_PATH_DIALECTS
    duck = dialect == "duckdb"  # (DuckDB's search path: its later schemas searched after the statement's, no blocks)
    path, used = paths.current(), (used_database, used_schema)
    user_first = searching and line.schema_name is None  # (the default path searches "$user" first)
    parent = line.parent_query_id
    root = root_of(line.query_id, parents) if parent else None
    text = with_values(texts[0], known, dialect) if texts else ""
    # (the session's state is left as it was after most lines: a statement that sets nothing it carries)
    if session is not None and (searching or not _plain(text)):
        if searching:  # the schema a later line without its own searches first: its path's, through its blocks
            changed = path_after(paths, text, True)
            if changed.current() != paths.current():
                used = used[0], changed.first()
            paths = changed
        else:
            _, used = _context_after(text, database, schema, used, dialect)
            if duck:
                paths = _duckdb_path_after(paths, text)
        after = SessionState(assigned(text, known, dialect), paths, *used,
                             sql_path_after(text, sql_path, dialect) if dialect in PATH_DIALECTS else None)
        if after != before:
            sessions[session] = after
    return Statement(line.query_id, text, line.query_start_time, line.user_name, database=database, schema=schema,
                     parent_query_id=parent, root_query_id=root, successful=successful, position=(index, 0),
                     account=line.account_name, variables=variables, regex_names=bool(known) and REGEX_NAMES in known,
                     case_sensitive=bool(known) and CASE_SENSITIVE in known,
                     search_path=_searched_after(schema, path, user_first) if searching or duck else (),
                     sql_path=sql_path if sql_path is not None and searches_path(text) else None,
                     loop_rows=rows, session=scope)


def _request_statements(line: LogLine, index: int, parents: dict[str, str], groups: list[str | tuple[str, ...]],
                        dialect: str, sessions: Sessions | None, session: tuple[str | None, str] | None,
                        before: SessionState, database: str | None, schema: str | None, *, successful: bool,
                        variables: frozenset[str], rows: tuple[tuple[str, str], ...],
                        scope: str | None) -> list[Statement]:
    """The statements of a request (``groups``, as :func:`~.sql.statements.split_request` gives them), each
    ``<query_id>#<n>`` in the context, with the variables and on the search path the request's statements before it
    left (the first in ``database`` and ``schema``); the state its session is in after them kept in ``sessions``."""
    known, paths, used_database, used_schema, sql_path = before
    searching = dialect in SEARCH_PATH_DIALECTS
    duck = dialect == "duckdb"  # (DuckDB's search path: its later schemas searched after the statement's, no blocks)
    walking = dialect in PATH_DIALECTS  # (Spark's and Databricks' sessions: a SQL path their SET PATH sets)
    start, user, account = line.query_start_time, line.user_name, line.account_name
    path, used = paths.current(), (used_database, used_schema)
    user_first = searching and line.schema_name is None  # (the default path searches "$user" first)
    root = root_of(line.query_id, parents) if line.parent_query_id else line.query_id
    statements = []
    first_schema = schema  # (the request's: its schema before a search path it sets)
    known_variables = set(variables)  # (its DECLAREs add to them, in place: a copy each was quadratic in a script)
    for n, (query_id, parent, text) in enumerate(statement_ids(line.query_id, groups), start=1):
        text = with_values(text, known, dialect)
        statements.append(Statement(query_id, text, start, user, database=database, schema=schema,
                                    parent_query_id=parent, root_query_id=root, successful=successful,
                                    position=(index, n), account=account, variables=_named_in(known_variables, text),
                                    regex_names=bool(known) and REGEX_NAMES in known,
                                    case_sensitive=bool(known) and CASE_SENSITIVE in known,
                                    search_path=_searched_after(schema, path, user_first) if searching or duck else (),
                                    sql_path=sql_path if sql_path is not None and searches_path(text) else None,
                                    loop_rows=rows, session=scope))
        known_variables |= declared(text, dialect)
        if walking:  # (a SET PATH moves the path for the request's next statements)
            sql_path = sql_path_after(text, sql_path, dialect)
        # a USE changes the session for the request's next statements: the log gives the request's first context;
        # a SET gives the value of the variables they name objects by, or the schemas names are searched in
        if not searching:  # (PostgreSQL's and Redshift's context is their search path, below)
            (database, schema), used = _context_after(text, database, schema, used, dialect)
            if duck:
                paths = _duckdb_path_after(paths, text)
                path = paths.current()
        known = assigned(text, known, dialect)
        if searching:  # the request's next statement searches the path as its blocks leave it (SET LOCAL: to COMMIT)
            paths = path_after(paths, text, True)
            # (else the line's own schema stands; a SET of the path its session had set before is a change of it)
            if paths.current() != path or (paths.current() and search_path(text) == paths.current()):
                path = paths.current()
                schema = paths.first() or (DEFAULT_SCHEMA if first_schema is not None else None)
                used = used[0], paths.first()
    if session is not None:
        after = SessionState(known, paths, *used, sql_path)
        if after != before:
            sessions[session] = after
    return statements


def _named_in(variables: Set[str], text: str) -> frozenset[str]:
    """The variables of ``variables`` whose names are words of ``text`` in any case (each kept in the case its
    dialect folds it to: BigQuery's and PostgreSQL's lower, Oracle's upper): what the statement may read, so that a
    request of many DECLAREs does not give each of its statements all of them (10,000 DECLAREs held 2.4 GB)."""
    if not variables:
        return frozenset()
    words = frozenset(_WORD.findall(text.lower()))
    # the words looked up among the variables, in both folded cases, not every variable folded for every statement
    # (quadratic in a script: 20,000 DECLAREs took 25 s, now 7)
    return frozenset(name for word in words for name in (word, word.upper())
                     if name in variables and name.lower() in words)


_WORD = re.compile(r"\w+")


def root_of(query_id: str, parents: dict[str, str]) -> str:
    """The top of ``query_id``'s chain of parents (guarding against cycles in bad data). A chain that ends at a
    query of no parent is shortened in ``parents`` as it is walked, each query on it then naming that top as its
    parent (which changes no query's top), so that a long chain costs its length once, not once per query on it.

    >>> parents = {"c": "b", "b": "a"}
    >>> root_of("c", parents), parents
    ('a', {'c': 'a', 'b': 'a'})
    """
    current, seen, path = query_id, {query_id}, []
    while current in parents and parents[current] not in seen:
        path.append(current)
        current = parents[current]
        seen.add(current)
    if current not in parents:  # a true top (in a cycle, where the walk stops depends on where it starts)
        for query in path:
            parents[query] = current
    return current


# --------------------------------------------------------------------------- resolving


class Resolver:
    """Resolves statements in log order against a catalog that their DDL keeps up to date.

    Resolutions of queries and DML are cached per (fingerprint, session database and
    schema), at most ``cache_size`` of them (least recently used go first), each with the
    catalog lookups it made: a hit counts only if those lookups still find the very same
    objects, so the catalog "version" a cached resolution holds for is exactly the state of
    the objects it depends on, and DDL elsewhere in the catalog does not void it. A repeat of
    a statement template costs a dictionary lookup, that check and the assembly of its
    record, bound to the statement's own query_id, time, user and ancestry.
    """

    def __init__(self, catalog: Catalog, *, dialect: str = "snowflake", time_budget: float | None = 5.0,
                 cache_size: int = DEFAULT_CACHE_SIZE, shared: ResolutionCache | None = None,
                 build: bool = True, decided: Mapping[str, str | None] | None = None) -> None:
        self.catalog = catalog
        #: what the day's catalog replay decided for its catalog-changing statements, by query_id:
        #: None (applied) or the reason it set the statement aside (see :meth:`resolve`)
        self.decided = decided or {}
        #: build each outcome's records (False: on first use of ``Outcome.records``)
        self.build = build
        self.dialect = dialect
        self.time_budget = time_budget
        self.budget = TimeBudget(time_budget)
        self.cache = CatalogCache()
        self.shared = shared if shared is not None else ResolutionCache(cache_size)
        self.cache_size = self.shared.size
        self._lookups = Lookups(catalog, dialect, self.cache)
        self._files_by_strings = bool(rules_for(dialect).file_readers)
        #: each session's open transaction block, whose DDL its ROLLBACK undoes (None: the dialect commits DDL as it
        #: runs)
        self._blocks = Blocks(dialect) if dialect in TRANSACTIONAL_DDL else None

    @property
    def hits(self) -> int:
        return self.shared.hits

    def resolve(self, statement: Statement) -> Outcome:
        """The statement's outcome; never raises: an error the engine did not expect costs this
        statement (quarantined, naming the error), not the log or the Spark task around it.

        Everything done for the statement (its fingerprint, the cache's checks, the parse and
        the analysis, its records) runs inside the time budget. A statement set aside changes
        nothing: whatever it changed in the catalog before it failed is undone.
        """
        blocks = self._blocks
        if blocks is not None:
            self._bound(statement)
        journal, outcome = self.catalog.begin(), None
        try:
            outcome = self._resolve_guarded(statement)
        finally:  # (an interrupt too leaves the catalog as it was before the statement)
            self.catalog.end(journal, undo=outcome is None or outcome.status == QUARANTINED)
        if blocks is not None and statement.session is not None and outcome.status != QUARANTINED:
            blocks.kept((statement.account, statement.session), journal)  # (its block's ROLLBACK undoes them)
        return outcome

    def _bound(self, statement: Statement) -> None:
        """Follow the statement's transaction block (:mod:`.sql.transactions`): one it opens, commits or rolls back
        (undoing what the block's statements changed in the catalog), or a failure that aborts it."""
        if statement.session is not None:
            self._blocks.follow((statement.account, statement.session), statement.text, statement.successful,
                                self.catalog)

    def _resolve_guarded(self, statement: Statement) -> Outcome:
        try:
            if statement.query_id in self.decided:
                return self._follow(statement, self.decided[statement.query_id])
            with self.budget:
                return self._resolve(statement)
        except StatementTimeout as err:
            self.budget.disarm()  # the alarm may have landed where ``with`` could not stop it
            return Outcome(statement, QUARANTINED, reason=err.reason)
        except Exception as err:  # noqa: BLE001 - one statement never stops the run: set it aside, say why
            return Outcome(statement, QUARANTINED, reason=internal_error(err))

    def replay(self, statement: Statement) -> None:
        """Resolve a statement whose outcome nobody wants only if it may change the catalog, so that the
        catalog changes as the whole log changes it (another Spark task's share of the day).

        Its kind comes from its scan, made inside the time budget and kept on it for its parse (one
        tokenization); should the scan run out of time, a prefix of the text decides.
        """
        if not statement.successful:
            if self._blocks is not None:
                self._bound(statement)  # (a failure aborts its block)
            return
        try:
            with self.budget:
                changes = kind_of(statement, self.dialect).changes_catalog
        except StatementTimeout:
            self.budget.disarm()
            changes = changes_catalog(statement.text, self.dialect)
        if changes:
            self.resolve(statement)
            return
        if self._blocks is not None:
            self._bound(statement)  # (a BEGIN, ROLLBACK, SAVEPOINT ...: another task's line, replayed for its block)
        if statement.scan is not None:
            statement.scan.tokens = None  # never parsed: its batch need not hold them

    def _follow(self, statement: Statement, reason: str | None) -> Outcome:
        """A catalog-changing statement the day's catalog replay already decided: set aside with the
        replay's reason, or resolved (and applied to this catalog) without the time budget, so that
        every copy of the day's catalog changes exactly as the stored one did, however long it takes."""
        if reason is not None:
            return Outcome(statement, QUARANTINED, reason=reason)
        return self._resolve(statement)

    def _resolve(self, statement: Statement) -> Outcome:
        if not statement.successful:
            return Outcome(statement, FAILED, reason="the statement did not succeed")
        self.catalog.session = statement.session  # (whose temporary views its names find)
        key = self._key(statement)
        cached = self.shared.get(key, statement, self._lookups)
        if cached is not None:
            status, parts, reason = cached.status, cached.parts, cached.reason
        else:
            with self.catalog.recording() as deps:
                status, parts, reason, repeatable = self._resolve_fully(statement, key)
            # a time-out may not recur, and DDL must run every time: resolve such a statement afresh next time
            if repeatable and key is not None and not self._changes_catalog(statement, key):
                self.shared.remember(key, CachedResolution(status, parts, reason, deps, self.catalog.version,
                                                           self.catalog.serial, lineage=self.catalog.lineage))
        if status != RECORDED:
            return Outcome(statement, status, reason=reason)
        # Built here unless the consumer builds from the parts (an error then costs this statement).
        records = build_records(statement, parts) if self.build else None
        return Outcome(statement, RECORDED, records=records, parts=parts)

    def _key(self, statement: Statement) -> tuple | None:
        """The statement's cache key: its fingerprint, else its exact text (COPY / PUT / GET locations,
        IDENTIFIER(...), SHOW, DDL ...), with the session's database and schema; None for a statement
        naming the user stage ``@~`` (whose stage is the user's). A catalog-changing statement is looked
        up but never cached (see :meth:`_resolve`), so it runs every time, without a scan before the lookup."""
        if not self.cache_size:
            return None
        # DuckDB names files by strings in FROM (FROM t, 'b.csv'): its statements with a string are keyed by their text
        text = statement.text
        shape = None if self._files_by_strings and ("'" in text or "$$" in text) else fingerprint(text)
        if shape is None:
            if "@~" in text:
                return None
            shape = EXACT_SHAPE + text
        return (shape, statement.database, statement.schema, statement.variables, statement.search_path,
                statement.loop_rows, statement.regex_names, statement.case_sensitive, statement.sql_path,
                self.catalog.views_session(statement.session, statement.text),
                statement.user_name if statement.search_path[:1] == (USER_SCHEMA,) else None)  # (its schema first)

    def _changes_catalog(self, statement: Statement, key: tuple) -> bool:
        """Whether the statement may change the catalog: DDL, or a query that creates a table (``SELECT ... INTO
        t``, which has a fingerprint as any query has). Its kind is known from the scan its parse just made."""
        parsed = self.shared.trees.get(key[0])  # only statements that change nothing keep their parse
        return parsed is None and kind_of(statement, self.dialect).changes_catalog

    def _parse(self, statement: Statement, key: tuple | None) -> Parsed:
        """Parse once per statement shape (a catalog change voids a cached resolution, not its parse),
        from the statement's one scan."""
        shape = key[0] if key is not None else None
        parsed = self.shared.tree(shape)
        if parsed is None:
            kind_of(statement, self.dialect)  # its one scan, kept on it for whatever asks its kind later
            parsed = parse_statement(statement.text, self.dialect, statement.scan, UNPARSED)
            if shape is not None and not parsed.kind.changes_catalog:
                self.shared.keep_tree(shape, parsed)
        return parsed

    def _resolve_fully(self, statement: Statement, key: tuple | None = None) -> tuple[str, RecordParts | None, str | None, bool]:
        """(status, parts, reason, whether the same statement would always resolve the same way)."""
        try:  # inside the statement's time budget (see resolve)
            parsed = self._parse(statement, key)
            try:
                parts = self.resolve_parsed(parsed, statement)
            finally:
                self._done_with(parsed, key)
        except StatementTimeout as err:
            return QUARANTINED, None, err.reason, False
        except EmptyStatement as err:  # it did nothing: no object touched
            return NO_RECORD, None, err.reason, True
        except StatementError as err:
            return QUARANTINED, None, err.reason, True
        except RecursionError:
            return QUARANTINED, None, "the statement is nested too deeply to analyse", True
        except Exception as err:  # noqa: BLE001 - one statement never stops the run: set it aside, say why
            return QUARANTINED, None, internal_error(err), True
        if parts is None:
            return NO_RECORD, None, no_record_reason(parsed), True
        if parts.empty:
            foreign = next((warning for warning in parts.warnings if FOREIGN_SCAN in warning), None)
            if foreign is not None:  # (it reads another server's table, and nothing the record could name)
                return QUARANTINED, None, foreign.rpartition("; ")[0], True
            return NO_RECORD, None, parts.no_record or "the statement touches no object", True
        partial = partial_names(parts, statement, self.dialect)
        if partial:
            parts = replace(parts, warnings=(*parts.warnings, *partial))
        return RECORDED, parts, None, True

    def _done_with(self, parsed: Parsed, key: tuple | None) -> None:
        """Free a parse the cache does not keep (a statement that changes the catalog, or one without a cache key)
        as soon as it is resolved, rather than leave its tree to the garbage collector (:func:`release`)."""
        if key is None or self.shared.trees.get(key[0]) is not parsed:
            release(parsed)

    def resolve_parsed(self, parsed: Parsed, statement: Statement) -> RecordParts | None:
        """The record parts of a parsed statement, or None when such statements are never recorded."""
        binder = Binder.for_session(self.catalog, self.dialect, statement.database, statement.schema,
                                    cache=self.cache, user=statement.user_name, variables=statement.variables,
                                    regex_names=statement.regex_names, case_sensitive=statement.case_sensitive,
                                    sql_path=statement.sql_path,
                                    search_path=statement.search_path, loop_rows=dict(statement.loop_rows),
                                    session=self.catalog.views_session(statement.session, statement.text))
        return dispatch(parsed, binder, statement)


#: The recorded lists whose entries name objects (a location has no name).
_NAMED_LISTS = ("direct_objects_accessed", "base_objects_accessed", "objects_modified", "object_modified_by_ddl")


def partial_names(parts: RecordParts, statement: Statement, dialect: str) -> tuple[str, ...]:
    """Warnings for the objects the record names by fewer parts than a full name has, because the statement's line
    (or what its session made current) gives no current schema or database: ``CREATE TABLE tmp`` on a line without
    ``schema_name`` is recorded as ``TMP``, where the contract wants every ``objectName`` fully qualified, since the
    log does not say which database and schema the table is in (a name the catalog holds once is found, fully
    named, in any schema). A full name has three parts (database, schema, object), or two in a dialect whose
    database is the schema (MySQL's, ClickHouse's ``db.t``) and in Spark's dialects on a line without a catalog
    (``db.t``, Spark's session catalog); a schema's has one part fewer; a user stage is named by its user.

    >>> from datetime import datetime, timezone
    >>> at = datetime(2024, 3, 1, tzinfo=timezone.utc)
    >>> parts = RecordParts(object_modified_by_ddl=[{"objectDomain": "Table", "objectName": "TMP"}],
    ...                     direct_objects_accessed=[{"objectDomain": "Table", "objectName": "S.T"},
    ...                                              {"objectDomain": "Table", "objectName": "D.S.U"}])
    >>> partial_names(parts, Statement("q", "...", at, "U", database="D"), "snowflake")
    ('object TMP: named without its schema (the log line gives no schema_name); recorded as written',)
    >>> partial_names(parts, Statement("q", "...", at, "U", schema="S"), "snowflake")
    ('object S.T: named without its database (the log line gives no database_name); recorded as written',)
    >>> unqualified = partial_names(parts, Statement("q", "...", at, "U"), "snowflake")
    >>> for warning in unqualified:  # doctest: +NORMALIZE_WHITESPACE
    ...     print(warning)
    object S.T: named without its database (the log line gives no database_name or schema_name); recorded as written
    object TMP: named without its schema and database (the log line gives no database_name or schema_name); recorded
    as written
    >>> partial_names(parts, Statement("q", "...", at, "U", database="D", schema="S"), "snowflake")
    ()
    """
    database, schema = statement.database, statement.schema
    rules = rules_for(dialect)
    if (database or schema) if rules.schema_databases else (database and schema):
        return ()
    full = 2 if rules.schema_databases or rules.catalog_sessions and not database else 3
    lacking = "database_name" if rules.schema_databases else \
        " or ".join(field for field, value in (("database_name", database), ("schema_name", schema)) if not value)
    out: dict[str, None] = {}
    for key in _NAMED_LISTS:
        for entry in getattr(parts, key) or ():
            name, domain = entry.get("objectName"), entry.get("objectDomain")
            if not name or domain == "Database" or entry.get("stageKind") == "User":
                continue
            count = name.count(".") + 1 + (domain == "Schema")
            if count >= full or (schema if count == 1 else database) and not rules.schema_databases:
                continue  # (what the line gives qualifies the name: the catalog's own name for the object)
            what = ("database" if rules.schema_databases else "schema") if full == 2 else \
                "database" if count == 2 else "schema" if database else "schema and database"
            out[f"object {name}: named without its {what} (the log line gives no {lacking}); recorded as written"] \
                = None
    return tuple(out)


def record_count(parts: RecordParts) -> int:
    """How many records :func:`build_records` makes of ``parts``."""
    return 0 if parts.empty else len(parts.object_modified_by_ddl or (None,))


def build_records(statement: Statement, parts: RecordParts) -> list[dict]:
    """The statement's record (two when a SWAP defines two objects)."""
    if parts.empty:
        return []
    ddl_entries = parts.object_modified_by_ddl or [None]
    return [
        {
            "query_id": statement.query_id,
            "query_start_time": statement.start_time.isoformat(timespec="milliseconds"),
            "user_name": statement.user_name,
            "direct_objects_accessed": parts.direct_objects_accessed,
            "base_objects_accessed": parts.base_objects_accessed,
            "objects_modified": parts.objects_modified,
            "object_modified_by_ddl": entry,
            "policies_referenced": parts.policies_referenced,
            "parent_query_id": statement.parent_query_id,
            "root_query_id": statement.root_query_id,
        }
        for entry in ddl_entries
    ]


#: The longest time budget of a statement, a day: longer is no budget (0), and the timers hold about 290 years at most.
LONGEST_TIME_BUDGET = 86_400.0


def is_budget(seconds: float) -> bool:
    """Whether ``seconds`` is a time budget: 0 (none) or more seconds, up to :data:`LONGEST_TIME_BUDGET` (not NaN, not
    infinity: the timers cannot hold them)."""
    return 0 <= seconds <= LONGEST_TIME_BUDGET


def budget_rule(seconds: object) -> str:
    """Why ``seconds`` is no time budget."""
    return f"{seconds!r}: a time budget is 0 (none) or more seconds, up to {LONGEST_TIME_BUDGET:,.0f} (a day)"


class TimeBudget:
    """Stops the work inside ``with budget:`` after ``seconds`` with :class:`StatementTimeout`.

    A SIGALRM interval timer, so it works in the main thread only (elsewhere, and with no
    seconds, it does nothing). The alarm repeats every 50 ms until the work stops: Python
    drops an exception raised while it runs a weakref callback or a ``__del__`` (where an
    alarm can land, e.g. while the garbage collector frees a parse tree), and a single alarm
    would be lost there.

    Installing the signal handler and putting the previous one back takes about 4.5 us, and
    starting and stopping the timer takes two system calls, about 3 us on this project's virtual
    machine (6 % of a day of 100,000 statements, most of them resolved from the cache). So a run
    of statements keeps the handler installed for its whole length (:meth:`installed`), with a
    watchdog thread beside it, and each statement only sets its deadline. The watchdog sleeps
    until the deadline it last saw and signals the main thread when a statement is past its
    own; the handler raises only if one still is (a statement that ended meanwhile is not
    stopped), so no alarm lands in the code that consumes the run's statements. Outside such a
    run, each ``with`` installs the handler, starts the timer, and puts the previous handler back.

    >>> import time
    >>> with TimeBudget(0.1):
    ...     time.sleep(5)
    Traceback (most recent call last):
    ...
    access_history_platform.errors.StatementTimeout: the resolver spent more than its time budget of 0.1 s on the statement
    """

    def __init__(self, seconds: float | None) -> None:
        if seconds and not is_budget(seconds):
            raise ValueError(budget_rule(seconds))
        self.seconds = seconds or None
        self._armed = False
        self._deadline = 0.0  # (time.monotonic's) when the work inside ``with`` runs out of its budget
        self._owner: int | None = None  # the thread the handler is installed for, while installed
        self._undo: list = []  # per ``with`` inside: what its exit puts back

    def _expired(self, signum, frame) -> None:  # noqa: ARG002
        if self._armed and time.monotonic() >= self._deadline:
            raise StatementTimeout(f"the resolver spent more than its time budget of {self.seconds:g} s on the statement")

    @contextmanager
    def installed(self) -> Iterator[None]:
        """Keep the handler installed inside (a run of statements; the main thread only)."""
        if not self.seconds or self._owner is not None or threading.current_thread() is not threading.main_thread():
            yield
            return
        previous = self._install()
        self._owner = threading.get_ident()
        watchdog = _Watchdog(self, self._owner)
        watchdog.start()
        try:
            yield
        finally:
            watchdog.stop()
            if threading.get_ident() == self._owner:  # a generator finalized in another thread cannot touch signals
                self._owner = None
                self.disarm()  # never leave a repeating alarm behind the handler put back (the default kills)
                self._put_back(previous)

    def _install(self) -> tuple[Any, Any]:
        """Install the alarm's handler, and a ``sys.unraisablehook`` that lets a dropped alarm go quietly: the
        next alarm raises it again where it counts. Without it, the hook in place reports it (Python's prints
        "Exception ignored in ..."; pytest's formats the traceback, which the next alarm may interrupt and
        fail the test). What was there before, for :meth:`_put_back`."""
        previous = signal.signal(signal.SIGALRM, self._expired), sys.unraisablehook
        sys.unraisablehook = _DroppedAlarmsIgnored(previous[1])
        return previous

    @staticmethod
    def _put_back(previous: tuple[Any, Any]) -> None:
        signal.signal(signal.SIGALRM, previous[0])
        sys.unraisablehook = previous[1]

    def disarm(self) -> None:
        """Stop the timer (after an alarm that landed where ``__exit__`` could not run, such as in ``__enter__``)."""
        self._armed = False
        if threading.current_thread() is threading.main_thread():
            signal.setitimer(signal.ITIMER_REAL, 0)

    def __enter__(self) -> TimeBudget:
        if self.seconds and threading.get_ident() == self._owner:  # (a run's: its watchdog keeps the time)
            self._undo.append(_WATCHED)
            self._deadline = time.monotonic() + self.seconds
            self._armed = True
            return self
        if self.seconds and threading.current_thread() is threading.main_thread():
            self._undo.append(self._install())
        else:
            self._undo.append(_NOTHING)
            return self
        self._deadline = time.monotonic() + self.seconds
        self._armed = True
        try:
            signal.setitimer(signal.ITIMER_REAL, self.seconds, _ALARM_REPEAT)
        except BaseException:  # the alarm itself, landing before ``with`` had entered: nothing else stops it
            self.__exit__()
            raise
        return self

    def __exit__(self, *exc_info: object) -> None:
        undo = self._undo.pop()
        if undo is _NOTHING:
            return
        if undo is _WATCHED:
            self._armed = False
            return
        try:
            self._armed = False
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            self._put_back(undo)


_NOTHING, _WATCHED = object(), object()


class _Watchdog(threading.Thread):
    """A run's timekeeper (:meth:`TimeBudget.installed`): it sleeps until the deadline of the statement on when it
    looked (a statement that ends sooner leaves it a later one to sleep until), and while a statement is past its
    deadline it sends the thread that runs the statements SIGALRM every 50 ms (:data:`_ALARM_REPEAT`: a dropped
    alarm is followed by the next). Asleep, it holds no lock the statements need; it wakes about once per
    budget."""

    def __init__(self, budget: TimeBudget, thread: int) -> None:
        super().__init__(name="ahp-time-budget", daemon=True)
        self.budget, self.thread = budget, thread
        self._stopped = threading.Event()

    def run(self) -> None:
        budget, wait = self.budget, self._stopped.wait
        idle = budget.seconds or _ALARM_REPEAT  # (a statement armed while it sleeps runs out no sooner than this)
        while not wait(max(budget._deadline - time.monotonic(), _ALARM_REPEAT) if budget._armed else idle):
            if budget._armed and time.monotonic() >= budget._deadline:
                signal.pthread_kill(self.thread, signal.SIGALRM)

    def stop(self) -> None:
        self._stopped.set()
        self.join()


class _DroppedAlarmsIgnored:
    """A ``sys.unraisablehook`` that passes on everything but a :class:`StatementTimeout` Python dropped."""

    __slots__ = ("previous",)

    def __init__(self, previous: Any) -> None:
        self.previous = previous

    def __call__(self, unraisable: Any) -> None:
        if not isinstance(unraisable.exc_value, StatementTimeout):
            self.previous(unraisable)


def time_budget(seconds: float | None) -> TimeBudget:
    """A :class:`TimeBudget` of ``seconds`` for the work inside ``with`` (None or 0: no limit)."""
    return TimeBudget(seconds)


_ALARM_REPEAT = 0.05


def internal_error(err: Exception) -> str:
    """The quarantine reason of an error the engine did not expect."""
    return f"internal error while resolving the statement: {type(err).__name__}: {err}"


def resolve_statements(catalog: Catalog, statements: Iterable[Statement], *, dialect: str = "snowflake",
                       time_budget: float | None = 5.0, cache_size: int = DEFAULT_CACHE_SIZE,
                       emit: Callable[[Statement], bool] | None = None,
                       shared: ResolutionCache | None = None, build: bool = True,
                       decided: Mapping[str, str | None] | None = None) -> Iterator[Outcome]:
    """Resolve statements already in log order (streaming; the catalog is changed by their DDL).

    With ``emit``, only the statements it accepts come out; the others are resolved only when
    they change the catalog, so that a batch of a day's statements sees the catalog as the
    whole day's DDL left it at each point (how the Spark workers resolve their share).
    ``build=False`` leaves the outcomes' records to be built on first use (see :class:`Outcome`).
    ``decided`` is the day's catalog replay's outcome of each catalog-changing statement
    (:attr:`~access_history_platform.spark.versions.CatalogDay.decided`), followed instead of
    deciding again (:meth:`Resolver._follow`).
    """
    resolver = Resolver(catalog, dialect=dialect, time_budget=time_budget, cache_size=cache_size, shared=shared,
                        build=build, decided=decided)
    with fewer_collections(), resolver.budget.installed():
        try:
            for statement in statements:
                if emit is None or emit(statement):
                    yield resolver.resolve(statement)
                else:
                    resolver.replay(statement)
        finally:
            if shared is None:  # the run's own cache ends with it: its trees are freed now, not by the collector
                resolver.shared.release_trees()


@contextmanager
def fewer_collections(young: int = 50_000, middle: int = 50) -> Iterator[None]:
    """Run Python's cyclic garbage collector less often inside (every ``young`` allocations, not 700,
    and the middle generation every ``middle`` young collections, not 10).

    Resolving allocates many short-lived objects next to large long-lived caches, and each
    collection of the older generations walks the caches: with the default thresholds a
    fifth of a day's resolving time went to the collector. A collection of the middle generation
    walks everything that outlived a young one since the last: the lines being put in order and the
    parse trees the cache keeps, little of it garbage (half of the collector's time on day-100000 at
    10). Memory stays bounded (cycles are still collected, in larger steps); the previous thresholds
    come back on exit.
    """
    previous = gc.get_threshold()
    gc.set_threshold(max(young, previous[0]), max(middle, previous[1]), previous[2])
    try:
        yield
    finally:
        gc.set_threshold(*previous)


def resolve_log(catalog: Catalog, lines: Iterable[LogLine | BadLine], *, dialect: str = "snowflake",
                time_budget: float | None = 5.0, cache_size: int = DEFAULT_CACHE_SIZE,
                chunk: int = DEFAULT_CHUNK) -> Iterator[Outcome | BadLine]:
    """Resolve a whole log: bad lines come out first as they are, then one outcome per statement.

    Memory stays bounded whatever the size of the log: it is put in order by an external
    merge sort (chunks of ``chunk`` lines), the cache has a size limit, and records are
    yielded, not kept.

    >>> from access_history_platform.catalog import catalog_from_dict
    >>> from access_history_platform.logs import parse_log_line
    >>> catalog = catalog_from_dict({"objects": [{"domain": "Table", "name": "DB.S.T", "columns": [{"name": "A"}]}]})
    >>> line = parse_log_line('{"query_id": "q1", "query_text": "select a from db.s.t", '
    ...                       '"query_start_time": "2024-03-01T09:00:00+00:00", "user_name": "ANALYST"}')
    >>> [o.records[0]["direct_objects_accessed"][0]["objectName"] for o in resolve_log(catalog, [line])]
    ['DB.S.T']

    The catalog is loaded here as far as the log's dialect goes: its views listed without columns get those their
    definitions give (:func:`~access_history_platform.sql.binder.derive_view_columns`, unless done for this dialect).
    """
    if catalog.views_derived != dialect:
        derive_view_columns(catalog, dialect)
    bad: list[BadLine] = []

    def good() -> Iterator[LogLine]:
        for line in lines:
            if isinstance(line, BadLine):
                bad.append(line)
            else:
                yield line

    with fewer_collections():  # reading keeps every line (up to a chunk): as many allocations as resolving
        ordered = order_log(good(), chunk=chunk)  # reads the whole input (in bounded memory) before the first record
        yield from bad
        yield from resolve_statements(catalog, iter_statements(ordered, dialect=dialect), dialect=dialect,
                                      time_budget=time_budget, cache_size=cache_size)
