"""Splitting a request into statements and parsing each one, with sqlglot's tokenizer.

A request's text may hold several statements separated by ``;`` (CONTRACT section 1).
Splitting works on tokens, so a ``;`` inside a string, a ``$$`` body or a comment never
splits. Each statement is then parsed by the platform's own grammar when it is one sqlglot
leaves opaque (:mod:`.commands`), else by sqlglot.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import sqlglot
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import SqlglotError
from sqlglot.tokens import TokenType

from ..errors import UnsupportedStatement

logging.getLogger("sqlglot").setLevel(logging.ERROR)


def split_statements(text: str, dialect: str = "snowflake") -> list[str]:
    """The statements of a request, as source text, empty ones left out.

    >>> split_statements("insert into a select * from b; select 'x;y' from c;")
    ['insert into a select * from b', "select 'x;y' from c"]
    """
    stripped = text.strip().rstrip(";").strip()
    if ";" not in stripped:
        return [stripped] if stripped else []
    try:
        tokens = Dialect.get_or_raise(dialect).tokenize(text)
    except SqlglotError:
        return [stripped]
    chunks: list[str] = []
    start = end = None
    for token in tokens:
        if token.token_type == TokenType.SEMICOLON:
            if start is not None:
                chunks.append(text[start : end + 1].strip())
            start = None
            continue
        if start is None:
            start = token.start
        end = token.end
    if start is not None:
        chunks.append(text[start : end + 1].strip())
    return [chunk for chunk in chunks if chunk]


@dataclass(frozen=True, slots=True)
class Parsed:
    """One parsed statement: a sqlglot tree, or a node of the platform's command grammar."""

    text: str
    tree: exp.Expression | None = None
    command: object | None = None


def parse_statement(text: str, dialect: str = "snowflake") -> Parsed:
    """Parse one statement; raise :class:`UnsupportedStatement` with sqlglot's reason when it fails."""
    from . import commands

    keywords = commands.statement_keywords(text, dialect)
    if keywords and keywords[0] in _GRAMMAR_VERBS:
        try:
            command = commands.parse_command(text, dialect=dialect)
        except commands.CommandSyntaxError as err:
            raise UnsupportedStatement(f"cannot parse: {err}") from None
        if command is not None:
            return Parsed(text, command=command)
    try:
        tree = sqlglot.parse_one(text, read=dialect)
    except SqlglotError as err:
        raise UnsupportedStatement(f"cannot parse: {_first_line(err)}") from None
    except (TypeError, ValueError, AttributeError, IndexError, KeyError) as err:  # sqlglot tripping on odd input
        raise UnsupportedStatement(f"cannot parse: the parser failed ({type(err).__name__}: {_first_line(err)})") from None
    if tree is None:
        raise UnsupportedStatement("empty statement")
    return Parsed(text, tree=tree)


# First keywords of the statements the platform's own grammar may own (see .commands);
# everything else (SELECT, INSERT, MERGE, COPY, ...) goes straight to sqlglot.
_GRAMMAR_VERBS = frozenset({"CALL", "GET", "PUT", "EXPLAIN", "ALTER", "DROP", "UNDROP", "CREATE"})


def _first_line(err: Exception) -> str:
    message = str(err).strip().splitlines()
    return " ".join(message[:1]) if message else type(err).__name__
