"""A session's transaction blocks, as the catalog follows them: what a block's DDL changed is undone when the block
rolls back, in the dialects whose DDL is transactional (:data:`TRANSACTIONAL_DDL`).

PostgreSQL's DDL runs inside a transaction as any statement does: ``BEGIN; DROP TABLE t; ROLLBACK`` leaves ``t`` as
it was, and a ``ROLLBACK TO SAVEPOINT s`` undoes what ran after ``SAVEPOINT s`` ("all commands that were executed
after the savepoint was established are rolled back"). A migration tool runs each migration in a block and rolls it
back when a statement of it fails; the tables and columns it had created, dropped or altered until then are not the
catalog's. Redshift, DuckDB and SQLite do the same. Snowflake, MySQL, Oracle, BigQuery and Spark commit DDL as it
runs (Snowflake: "a DDL statement ... executes in its own transaction"), so their blocks are not followed here.

A statement that fails in a PostgreSQL, Redshift or DuckDB block aborts it: its ``COMMIT`` (or ``END``) rolls back, as
does a ``PREPARE TRANSACTION``, and a ``COMMIT`` that fails has rolled the block back too. A ``PREPARE TRANSACTION
'id'`` ends the block and keeps its changes pending until ``COMMIT PREPARED 'id'`` or ``ROLLBACK PREPARED 'id'``, from
any session. SQLite's ``SAVEPOINT`` outside a block opens one, which the ``RELEASE`` of that savepoint commits. Only
what the log holds is followed: a block whose ``BEGIN`` is not logged is not seen, and its DDL stays; a block still
open when the log (or the day) ends keeps its changes.

What bounds a block is read once, by :func:`bound_of`, for the two that follow the blocks: :class:`Blocks` here (the
catalog, as the statements are resolved) and :mod:`.search_paths` (the search path, as the log's lines are read).

>>> from access_history_platform.catalog import Catalog, CatalogObject
>>> catalog, blocks = Catalog([]), Blocks("postgres")
>>> blocks.follow("s1", "BEGIN", True, catalog)
>>> journal = catalog.begin(); catalog.add(CatalogObject(domain="Table", name="D.S.T", id=1)); catalog.end(journal)
>>> blocks.kept("s1", journal)
>>> blocks.follow("s1", "ROLLBACK", True, catalog)
>>> catalog.lookup("Table", ("D", "S", "T")) is None
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from sqlglot.errors import TokenError
from sqlglot.tokens import Token, TokenType

from ..catalog import Catalog
from .commands.lexer import dialect_named

__all__ = ["BOUND_VERBS", "TRANSACTIONAL_DDL", "Blocks", "Bound", "bound_of", "bounds_block", "first_word",
           "savepoint_name"]

#: The dialects whose DDL a ``ROLLBACK`` undoes.
TRANSACTIONAL_DDL = frozenset({"postgres", "redshift", "duckdb", "sqlite"})
#: Those of them in which a statement that fails aborts the block it runs in (SQLite's block goes on).
_ABORTING = frozenset({"postgres", "redshift", "duckdb"})
#: The first words of the statements that bound a block.
BOUND_VERBS = frozenset({"BEGIN", "START", "COMMIT", "END", "ROLLBACK", "ABORT", "SAVEPOINT", "RELEASE", "PREPARE"})
#: ``PREPARE TRANSACTION 'id'``: its id.
_PREPARED = re.compile(r"\bprepare\s++transaction\s++'((?:[^']|'')*+)'", re.IGNORECASE)
_FIRST_WORD = re.compile(r"(?:\s+|--[^\n]*+(?:\n|\Z)|/\*.*?\*/)*+(\w+)", re.DOTALL)


def first_word(text: str) -> str | None:
    """The statement's first word in upper case, past white space and comments; None when none comes first.

    >>> first_word("/* app */ -- x\\n begin"), first_word("(select 1)")
    ('BEGIN', None)
    """
    match = _FIRST_WORD.match(text)
    return match[1].upper() if match is not None else None


def bounds_block(text: str) -> bool:
    """Whether the statement ``text`` may bound a transaction block (its first word one that does), cheaply.

    >>> bounds_block("/* app */ begin"), bounds_block("rollback to savepoint s"), bounds_block("select 1")
    (True, True, False)
    """
    return first_word(text) in BOUND_VERBS


class Bound(NamedTuple):
    """A statement that bounds a transaction block, as its words say (:func:`bound_of`): ``verb`` one of ``BEGIN``,
    ``COMMIT``, ``ROLLBACK``, ``ROLLBACK TO``, ``SAVEPOINT``, ``RELEASE``, ``PREPARE TRANSACTION``, ``COMMIT
    PREPARED``, ``ROLLBACK PREPARED``; ``name`` the savepoint's (as :func:`savepoint_name` compares it) or the prepared
    transaction's id; ``chained`` for ``... AND CHAIN`` (a new block opens as this one ends)."""

    verb: str
    name: str | None = None
    chained: bool = False


def bound_of(text: str, dialect: str) -> Bound | None:
    """The bound the statement ``text`` of ``dialect`` is (None: it bounds no block). Read once, here, for what
    follows a session's blocks: the search path (:mod:`.search_paths`) and the catalog (:class:`Blocks`).

    >>> bound_of("begin", "postgres"), bound_of("END AND CHAIN", "postgres")
    (Bound(verb='BEGIN', name=None, chained=False), Bound(verb='COMMIT', name=None, chained=True))
    >>> bound_of('ROLLBACK TRANSACTION TO SAVEPOINT "S1"', "postgres"), bound_of("release s1", "postgres")
    (Bound(verb='ROLLBACK TO', name='S1', chained=False), Bound(verb='RELEASE', name='s1', chained=False))
    >>> bound_of("PREPARE TRANSACTION 'it''s'", "postgres")
    Bound(verb='PREPARE TRANSACTION', name="it's", chained=False)
    >>> bound_of("COMMIT PREPARED 'x'", "postgres")
    Bound(verb='COMMIT PREPARED', name='x', chained=False)
    >>> bound_of("savepoint", "postgres"), bound_of("start", "postgres"), bound_of("select 1", "postgres")
    (None, None, None)
    """
    verb = first_word(text)
    if verb not in BOUND_VERBS:
        return None
    if verb == "PREPARE":  # PREPARE TRANSACTION 'id' (one command to the tokenizer: read from the text)
        prepared = _PREPARED.search(text)
        return Bound("PREPARE TRANSACTION", prepared[1].replace("''", "'")) if prepared is not None else None
    try:
        tokens = [t for t in dialect_named(dialect).tokenize(text) if t.token_type != TokenType.SEMICOLON]
    except TokenError:
        return None
    words = [t.text.upper() if t.token_type not in (TokenType.IDENTIFIER, TokenType.STRING) else ""
             for t in tokens]  # (a quoted name or a string: "")
    if not words:
        return None
    verb, chained, last = words[0], "CHAIN" in words and "NO" not in words, tokens[-1]
    if verb in ("COMMIT", "ROLLBACK") and words[1:2] == ["PREPARED"]:
        return Bound(f"{verb} PREPARED", last.text)  # (its id, a string, as written)
    if verb == "BEGIN" or words[:2] == ["START", "TRANSACTION"]:
        return Bound("BEGIN")
    if verb in ("COMMIT", "END"):
        return Bound("COMMIT", chained=chained)
    if verb in ("ROLLBACK", "ABORT"):  # ROLLBACK [WORK | TRANSACTION] TO [SAVEPOINT] s: what ran after s undone
        return Bound("ROLLBACK TO", savepoint_name(last)) if "TO" in words else Bound("ROLLBACK", chained=chained)
    if verb in ("SAVEPOINT", "RELEASE") and len(words) > 1:
        return Bound(verb, savepoint_name(last))
    return None


def savepoint_name(token: Token) -> str:
    """A savepoint's name as PostgreSQL compares it: quoted as written, unquoted in lower case."""
    return token.text if token.token_type == TokenType.IDENTIFIER else token.text.casefold()


@dataclass
class _Block:
    """An open block: the catalog's changes its statements made (as :meth:`.Catalog.begin` journals them, oldest
    first), its savepoints (name, how many changes came before it), whether a failure aborted it, and the savepoint
    that opened it (SQLite's), if one did."""

    changes: list[tuple] = field(default_factory=list)
    savepoints: list[tuple[str, int]] = field(default_factory=list)
    aborted: bool = False
    opened_by: str | None = None


class Blocks:
    """Each session's open block, and the prepared transactions, of one dialect's log (:data:`TRANSACTIONAL_DDL`)."""

    def __init__(self, dialect: str) -> None:
        self.dialect = dialect
        self._open: dict[object, _Block] = {}
        self._prepared: dict[str, list[tuple]] = {}

    def kept(self, session: object, journal: list[tuple] | None) -> None:
        """The catalog's changes ``journal`` of a statement of ``session`` that succeeded: its open block's, if it
        has one."""
        block = self._open.get(session) if journal else None
        if block is not None:
            block.changes.extend(journal)

    def follow(self, session: object, text: str, succeeded: bool, catalog: Catalog) -> None:
        """Follow the statement ``text`` of ``session`` (None: of no session, not followed), which ran and
        ``succeeded`` or not: a block opened, committed or rolled back (its changes undone in ``catalog``), a
        savepoint set, released or rolled back to, a failure that aborts the block."""
        if session is None:
            return
        block = self._open.get(session)
        if not succeeded:
            if block is not None:
                self._failed(session, block, text, catalog)
            return
        bound = bound_of(text, self.dialect)
        if bound is None:
            return
        verb, name = bound.verb, bound.name
        if verb == "PREPARE TRANSACTION":
            if block is None:
                return
            if block.aborted:  # ("If the transaction has failed, PREPARE TRANSACTION ... rolls back")
                self._rolled_back(session, catalog)
            else:
                self._prepared[name] = self._open.pop(session).changes
        elif verb in ("COMMIT PREPARED", "ROLLBACK PREPARED"):
            changes = self._prepared.pop(name, [])
            if verb == "ROLLBACK PREPARED":
                catalog.undo(changes)
        elif verb == "BEGIN":
            if block is None:
                self._open[session] = _Block()
        elif block is None:
            if verb == "SAVEPOINT":  # (SQLite: a savepoint outside a block opens one)
                self._open[session] = _Block(savepoints=[(name, 0)], opened_by=name)
        else:
            self._bound_in_block(session, block, bound, catalog)

    def _failed(self, session: object, block: _Block, text: str, catalog: Catalog) -> None:
        """A statement ``text`` of ``session`` that failed in its open ``block``: a ``COMMIT`` (or ``END``) that
        rolled the block back, or a failure that aborts it (:data:`_ABORTING`)."""
        if first_word(text) in ("COMMIT", "END"):  # (a COMMIT that failed rolled the block back)
            self._rolled_back(session, catalog)
        elif self.dialect in _ABORTING:
            block.aborted = True

    def _bound_in_block(self, session: object, block: _Block, bound: Bound, catalog: Catalog) -> None:
        """A bound of ``session``'s open ``block`` that succeeded: its ``COMMIT`` or ``ROLLBACK`` (``AND CHAIN``: a
        new block opened), a ``ROLLBACK TO`` a savepoint (what ran after it undone), a ``SAVEPOINT`` set, a
        ``RELEASE`` (of the savepoint that opened the block: its commit)."""
        verb, name = bound.verb, bound.name
        if verb in ("COMMIT", "ROLLBACK"):
            if verb == "ROLLBACK" or block.aborted:
                self._rolled_back(session, catalog)
            else:
                del self._open[session]
            if bound.chained:
                self._open[session] = _Block()
        elif verb == "ROLLBACK TO":
            at = _savepoint(block, name)
            if at is not None:
                count = block.savepoints[at][1]
                catalog.undo(block.changes[count:])
                del block.changes[count:], block.savepoints[at + 1:]
                block.aborted = False
        elif verb == "SAVEPOINT":
            block.savepoints.append((name, len(block.changes)))
        elif verb == "RELEASE":
            at = _savepoint(block, name)
            if at is not None:
                if at == 0 and block.opened_by is not None:  # (the savepoint that opened the block: it commits)
                    del self._open[session]
                else:
                    del block.savepoints[at:]

    def _rolled_back(self, session: object, catalog: Catalog) -> None:
        catalog.undo(self._open.pop(session).changes)


def _savepoint(block: _Block, name: str) -> int | None:
    """Where the block's latest savepoint ``name`` stands among its savepoints (None: none)."""
    return next((i for i in range(len(block.savepoints) - 1, -1, -1) if block.savepoints[i][0] == name), None)
