"""Splitting a request into statements and parsing each one, with sqlglot's tokenizer.

A request's text may hold several statements separated by ``;`` (CONTRACT section 1).
Splitting works on tokens, so a ``;`` inside a string, a ``$$`` body or a comment never
splits. Each statement is then parsed by the platform's own grammar when it is one sqlglot
leaves opaque (:mod:`.commands`), else by sqlglot.

Every parse of SQL text is guarded by :func:`check_nesting` (:func:`parse_statement`, or
:func:`parse_sql` for view definitions and bodies), which first bounds how deeply the text
nests brackets (:data:`MAX_NESTING`): sqlglot's compiled parser recurses on the C
stack once per level and a few thousand levels kill the process (a segmentation fault,
which no ``except`` catches), so such a text is refused before it reaches the parser.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass

import sqlglot
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import SqlglotError
from sqlglot.tokens import TokenType

from ..errors import UnsupportedStatement
from .fingerprint import SKIPPED

logging.getLogger("sqlglot").setLevel(logging.ERROR)

#: How deeply brackets may nest in a text given to the parser. sqlglot's compiled parser
#: takes about 1.1 KB of C stack per nested subquery: 7,450 levels overflow the main
#: thread's 8 MB stack and end the process; 500 need about 0.55 MB (safe in any thread
#: with a 1 MB stack). sqlglot raises RecursionError from about 480 nested parenthesised
#: expressions and the analysis gives up on about 200 nested subqueries, so no statement
#: that could be resolved is refused.
MAX_NESTING = 500

_OPENING = "([{"
_BRACKET = re.compile(r"[()\[\]{}]")
#: Above this length a request is split by :func:`split_scanning` instead of sqlglot's tokenizer,
#: whose tokens are about 160 bytes each and which no time budget can interrupt: a request of
#: 8 MiB of short tokens took 700 MB and more than a minute to tokenize.
SPLIT_SCAN_CHARS = 256 * 1024
_SEPARATOR = re.compile(f"(?:{SKIPPED.pattern})|;", re.DOTALL)


def nesting_depth(text: str) -> int:
    """How deeply brackets nest in ``text``, those inside comments, strings and quoted identifiers aside.

    >>> nesting_depth("select ((1)), f(g(x)) from t -- (((")
    2
    >>> nesting_depth("select ')))(((' from (select [1] from t)")
    2
    """
    depth = deepest = 0
    for bracket in _BRACKET.findall(SKIPPED.sub(" ", text)):
        if bracket in _OPENING:
            depth += 1
            deepest = max(deepest, depth)
        elif depth:
            depth -= 1
    return deepest


def check_nesting(text: str, what: str = "the statement") -> None:
    """Raise :class:`UnsupportedStatement` when brackets nest in ``text`` deeper than :data:`MAX_NESTING`.

    Costs three counts of characters (in C) unless the text holds more opening brackets
    than the limit; only then is it scanned for its real depth.

    >>> check_nesting("select " + "(" * 600 + "1" + ")" * 600)
    Traceback (most recent call last):
    ...
    access_history_platform.errors.UnsupportedStatement: the statement is nested 600 levels deep, more than the limit of 500
    """
    if sum(text.count(bracket) for bracket in _OPENING) <= MAX_NESTING:
        return
    depth = nesting_depth(text)
    if depth > MAX_NESTING:
        raise UnsupportedStatement(f"{what} is nested {depth:,} levels deep, more than the limit of {MAX_NESTING}")


def parse_sql(text: str, dialect: str = "snowflake", what: str = "the statement") -> exp.Expression | None:
    """``sqlglot.parse_one`` behind the nesting guard; ``what`` names the text in the guard's error.

    Raises :class:`UnsupportedStatement` for a text nested too deeply, sqlglot's errors otherwise.
    """
    check_nesting(text, what)
    return sqlglot.parse_one(text, read=dialect)


def split_statements(text: str, dialect: str = "snowflake") -> list[str]:
    """The statements of a request, as source text, empty ones left out.

    >>> split_statements("insert into a select * from b; select 'x;y' from c;")
    ['insert into a select * from b', "select 'x;y' from c"]
    """
    stripped = text.strip().rstrip(";").strip()
    if ";" not in stripped:
        return [stripped] if stripped else []
    if len(text) > SPLIT_SCAN_CHARS:
        return split_scanning(text)
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


def split_scanning(text: str) -> list[str]:
    """:func:`split_statements` by one linear scan: the text is cut at each ``;`` outside the spans
    :data:`~.fingerprint.SKIPPED` steps over whole (comments, strings, quoted identifiers, ``$$``
    bodies; an unclosed one runs to the end), and nothing but the statements is held. Unlike the
    tokenizer, it keeps a comment that opens a statement as part of its text.

    >>> split_scanning("select ';' from a; /* ; */ select 2;")
    ["select ';' from a", '/* ; */ select 2']
    """
    chunks, start = [], 0
    for match in _SEPARATOR.finditer(text):
        if match.group() == ";":
            chunks.append(text[start:match.start()].strip())
            start = match.end()
    chunks.append(text[start:].strip())
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

    check_nesting(text)
    keywords = commands.statement_keywords(text, dialect)
    if keywords and keywords[0] in _GRAMMAR_VERBS:
        try:
            command = commands.parse_command(text, dialect=dialect)
        except commands.CommandSyntaxError as err:
            raise UnsupportedStatement(f"cannot parse: {err}") from None
        if command is not None:
            return Parsed(text, command=command)
    try:
        tree = sqlglot.parse_one(text, read=dialect)  # nesting checked above
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
