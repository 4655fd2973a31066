"""Spark's and Databricks' SQL path: the schemas an unqualified name of a query or DML statement is looked up in.

Spark 4.2 (with ``spark.sql.path.enabled``) and Databricks Runtime 19 let a session set it: ``SET PATH = path_element
[, ...]``. Spark's reference: "The SQL Path is an ordered list of catalog-qualified schema names that Spark walks when
resolving unqualified references to functions, tables, views, and session variables in queries and DML (SELECT,
INSERT, UPDATE, DELETE, MERGE). The first match wins. DDL (CREATE TABLE, CREATE VIEW, CREATE FUNCTION, DROP, ALTER,
...) resolves unqualified object names against current_catalog.current_schema, not the path". An element is a
``catalog.schema`` (two parts or more), ``CURRENT_SCHEMA`` (or ``CURRENT_DATABASE``: "a virtual marker that resolves
to the catalog-qualified current schema ... every time the path is consulted"), ``PATH`` (the path as it stands),
``DEFAULT_PATH`` (``system.builtin, system.session`` and the current schema) or ``SYSTEM_PATH`` (``system.builtin``,
built-in functions only). ``system.session`` holds the session's temporary views: "If you omit system.session,
unqualified temporary views ... are not found" (Databricks).

A path is kept as the entries that can hold a table or view, in order: a schema's name parts, :data:`CURRENT`, or
:data:`SESSION`; ``None`` is the default path, which finds what a session without ``SET PATH`` finds (its temporary
views, then its current schema's objects).

>>> after("SET PATH = spark_catalog.pa, `my db`.sales, system.builtin", None)
(('spark_catalog', 'pa'), ('my db', 'sales'))
>>> after("set path = PATH, current_schema", after("SET PATH = spark_catalog.pa", None))
(('spark_catalog', 'pa'), ())
>>> after("SET PATH = DEFAULT_PATH", (("c", "s"),)) is None, after("SET PATH = s", (("c", "s"),))
(True, (('c', 's'),))
"""

from __future__ import annotations

import re

from sqlglot.errors import TokenError
from sqlglot.tokens import Token, TokenType

from .commands.lexer import dialect_named

__all__ = ["CURRENT", "PATH_DIALECTS", "SESSION", "SqlPath", "after", "searches_path", "sets_path"]

#: A path's entries: a schema's name parts, :data:`CURRENT` or :data:`SESSION`.
SqlPath = tuple[tuple[str, ...], ...]

#: The dialects whose sessions may set a SQL path.
PATH_DIALECTS = frozenset({"spark", "databricks"})
#: The path's entry for the session's current schema (``CURRENT_SCHEMA``), whichever it is when the path is searched.
CURRENT: tuple[str, ...] = ()
#: The path's entry for the session's temporary views (``system.session``).
SESSION = ("system", "session")
#: The default path's entries that can hold a relation: ``system.session``, then the current schema.
_DEFAULT: SqlPath = (SESSION, CURRENT)

#: ``SET PATH =`` after any comments.
_SET_PATH = re.compile(r"(?:\s+|--[^\n]*+(?:\n|\Z)|/\*.*?\*/)*+SET\s+PATH\s*=", re.IGNORECASE | re.DOTALL)
#: The first word of a statement after any comments ("" where a bracket comes first, ``(SELECT ...)``).
_FIRST_WORD = re.compile(r"(?:\s+|--[^\n]*+(?:\n|\Z)|/\*.*?\*/)*+(\w*)", re.DOTALL)
#: The first words of the statements whose unqualified names walk the path: queries, DML, and the CREATE (and
#: Databricks' REPLACE) whose query does (its own object is the current schema's, as :meth:`.Binder.qualified`
#: names it, never looked up along the path); a CACHE TABLE's query.
_SEARCHING = frozenset({"SELECT", "WITH", "FROM", "VALUES", "TABLE", "INSERT", "UPDATE", "DELETE", "MERGE", "CREATE",
                        "REPLACE", "CACHE", ""})
#: ``CREATE TABLE c LIKE t``, from its first word: t is the current schema's (Spark's ``CreateTableLikeCommand``).
_CREATE_LIKE = re.compile(r"CREATE\s+(?:OR\s+REPLACE\s+)?(?:\w+\s+){0,3}?TABLE\s+(?:IF\s+NOT\s+EXISTS\s+)?"
                          r"(?:`[^`]*+`|[\w.])+\s+LIKE\b", re.IGNORECASE)


def searches_path(text: str) -> bool:
    """Whether the statement ``text`` looks its unqualified names up along the session's SQL path: a query or DML
    (or a CREATE's query), not the DDL that names its objects in the current schema (``DROP TABLE t``, ``ALTER``,
    ``TRUNCATE``, ``CREATE TABLE c LIKE t``: Spark 4.3's analyzer looks their names up as it does without a path).

    >>> [searches_path(text) for text in ("select 1", "-- q\\nINSERT INTO t VALUES (1)", "(select 1)", "drop table t")]
    [True, True, True, False]
    >>> searches_path("CREATE TABLE c AS SELECT * FROM t WHERE a LIKE 'x%'"), searches_path("create table c like t")
    (True, False)
    """
    match = _FIRST_WORD.match(text)
    if match is None or match[1].upper() not in _SEARCHING:
        return False
    return match[1].upper() != "CREATE" or _CREATE_LIKE.match(text, match.start(1)) is None


def sets_path(text: str) -> bool:
    """Whether the statement ``text`` is a ``SET PATH``."""
    return _SET_PATH.match(text) is not None


def after(text: str, path: SqlPath | None, dialect: str = "spark") -> SqlPath | None:
    """The session's path after the statement ``text`` ran (``path`` before it): a ``SET PATH``'s, expanded; the same
    path for any other statement, and for a ``SET PATH`` Spark rejects (a one-part schema) or that is not read."""
    match = _SET_PATH.match(text)
    if match is None:
        return path
    try:
        tokens = [t for t in dialect_named(dialect).tokenize(text[match.end():]) if t.token_type != TokenType.SEMICOLON]
    except TokenError:
        return path
    entries: list[tuple[str, ...]] = []
    for element in _elements(tokens):
        if element is None:
            return path
        if len(element) == 1 and not element[0].quoted:
            word = element[0].text.upper()
            if word == "DEFAULT_PATH":
                entries += _DEFAULT
            elif word == "PATH":
                entries += path if path is not None else _DEFAULT
            elif word in ("CURRENT_SCHEMA", "CURRENT_DATABASE"):
                entries.append(CURRENT)
            elif word != "SYSTEM_PATH":  # (built-in functions only)
                return path  # (a schema of one part: "INVALID_SQL_PATH_SCHEMA_REFERENCE")
            continue
        if len(element) == 1:
            return path
        parts = tuple(token.text for token in element)
        if parts[0].casefold() != SESSION[0]:
            entries.append(parts)
        elif len(parts) == 2 and parts[1].casefold() == SESSION[1]:  # (the system catalog's other schemas,
            entries.append(SESSION)  # system.builtin and system.ai, hold functions only)
    found = tuple(entries)
    return None if found == _DEFAULT else found


class _Part:
    """One name part of an element: its text, and whether it was quoted (a quoted ``PATH`` is a schema's name)."""

    __slots__ = ("quoted", "text")

    def __init__(self, token: Token) -> None:
        self.text, self.quoted = token.text, token.token_type == TokenType.IDENTIFIER


def _elements(tokens: list[Token]) -> list[list[_Part] | None]:
    """The path's elements, each its name parts (``a.b.c``, one part for a keyword); None for an empty element, and
    ``[None]`` when a token is no part of a dotted name."""
    elements: list[list[_Part] | None] = []
    parts: list[_Part] = []
    expect_name = True
    for token in [*tokens, None]:
        if token is None or token.token_type == TokenType.COMMA:
            elements.append(parts if parts and not expect_name else None)
            parts, expect_name = [], True
        elif token.token_type == TokenType.DOT and not expect_name:
            expect_name = True
        elif expect_name and token.token_type not in (TokenType.STRING, TokenType.NUMBER, TokenType.DOT) \
                and (token.text[:1].isalpha() or token.text[:1] == "_" or token.token_type == TokenType.IDENTIFIER):
            parts.append(_Part(token))
            expect_name = False
        else:
            return [None]
    return elements
