"""A session's transaction blocks, as the catalog follows them: what a block's DDL changed is undone when the block
rolls back, in the dialects whose DDL is transactional (:data:`TRANSACTIONAL_DDL`).

PostgreSQL's DDL runs inside a transaction as any statement does: ``BEGIN; DROP TABLE t; ROLLBACK`` leaves ``t`` as
it was, and a ``ROLLBACK TO SAVEPOINT s`` undoes what ran after ``SAVEPOINT s`` ("all commands that were executed
after the savepoint was established are rolled back"). A migration tool runs each migration in a block and rolls it
back when a statement of it fails; the tables and columns it had created, dropped or altered until then are not the
catalog's. Redshift, DuckDB and SQLite do the same. Snowflake, MySQL, Oracle, BigQuery and Spark commit DDL as it
runs (Snowflake: "a DDL statement ... executes in its own transaction"), so their blocks are not followed here.

A statement that fails in a PostgreSQL, Redshift or DuckDB block aborts it: its ``COMMIT`` (or ``END``) rolls back, as
does a ``PREPARE TRANSACTION``, and a ``COMMIT`` that fails has rolled the block back too (:mod:`.search_paths`
follows the search path through the same bounds). A ``PREPARE TRANSACTION 'id'`` ends the block and keeps its
changes pending until ``COMMIT PREPARED 'id'`` or ``ROLLBACK PREPARED 'id'``, from any session. SQLite's ``SAVEPOINT``
outside a block opens one, which the ``RELEASE`` of that savepoint commits. Only what the log holds is followed: a
block whose ``BEGIN`` is not logged is not seen, and its DDL stays; a block still open when the log (or the day) ends
keeps its changes.

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

from sqlglot.errors import TokenError
from sqlglot.tokens import Token, TokenType

from ..catalog import Catalog
from .commands.lexer import dialect_named
from .search_paths import first_word, savepoint_name

__all__ = ["TRANSACTIONAL_DDL", "Blocks", "bounds_block"]

#: The dialects whose DDL a ``ROLLBACK`` undoes.
TRANSACTIONAL_DDL = frozenset({"postgres", "redshift", "duckdb", "sqlite"})
#: Those of them in which a statement that fails aborts the block it runs in (SQLite's block goes on).
_ABORTING = frozenset({"postgres", "redshift", "duckdb"})
#: The first words of the statements that bound a block.
_BOUND_VERBS = frozenset({"BEGIN", "START", "COMMIT", "END", "ROLLBACK", "ABORT", "SAVEPOINT", "RELEASE", "PREPARE"})
#: ``PREPARE TRANSACTION 'id'``: its id.
_PREPARED = re.compile(r"\bprepare\s++transaction\s++'((?:[^']|'')*+)'", re.IGNORECASE)


def bounds_block(text: str) -> bool:
    """Whether the statement ``text`` may bound a transaction block (its first word one that does), cheaply.

    >>> bounds_block("/* app */ begin"), bounds_block("rollback to savepoint s"), bounds_block("select 1")
    (True, True, False)
    """
    return first_word(text) in _BOUND_VERBS


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
            if block is None:
                return
            if first_word(text) in ("COMMIT", "END"):  # (a COMMIT that failed rolled the block back)
                self._rolled_back(session, catalog)
            elif self.dialect in _ABORTING:
                block.aborted = True
            return
        if not bounds_block(text):
            return
        tokens = self._tokens(text)
        words = [t.text.upper() if t.token_type not in (TokenType.IDENTIFIER, TokenType.STRING) else ""
                 for t in tokens]  # (a quoted name or a string: "")
        if not words:
            return
        verb, chained = words[0], "CHAIN" in words and "NO" not in words
        name = savepoint_name(tokens[-1])  # (the savepoint a statement ends with)
        if verb == "PREPARE":  # PREPARE TRANSACTION 'id' (one command to the tokenizer: read from the text)
            prepared = _PREPARED.search(text)
            if prepared is None or block is None:
                return
            if block.aborted:  # ("If the transaction has failed, PREPARE TRANSACTION ... rolls back")
                self._rolled_back(session, catalog)
            else:
                self._prepared[prepared[1].replace("''", "'")] = self._open.pop(session).changes
        elif words[1:2] == ["PREPARED"] and verb in ("COMMIT", "ROLLBACK"):
            changes = self._prepared.pop(tokens[-1].text, [])  # (its id, a string, as written)
            if verb == "ROLLBACK":
                catalog.undo(changes)
        elif verb in ("BEGIN", "START") and block is None:
            self._open[session] = _Block()
        elif block is None:
            if verb == "SAVEPOINT" and len(words) > 1:  # (SQLite: a savepoint outside a block opens one)
                self._open[session] = _Block(savepoints=[(name, 0)], opened_by=name)
        elif verb in ("COMMIT", "END"):
            if block.aborted:
                self._rolled_back(session, catalog)
            else:
                del self._open[session]
            if chained:
                self._open[session] = _Block()
        elif verb in ("ROLLBACK", "ABORT") and "TO" not in words:
            self._rolled_back(session, catalog)
            if chained:
                self._open[session] = _Block()
        elif verb == "ROLLBACK":  # ROLLBACK [WORK | TRANSACTION] TO [SAVEPOINT] s: what ran after s undone
            at = _savepoint(block, name)
            if at is not None:
                count = block.savepoints[at][1]
                catalog.undo(block.changes[count:])
                del block.changes[count:], block.savepoints[at + 1:]
                block.aborted = False
        elif verb == "SAVEPOINT" and len(words) > 1:
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

    def _tokens(self, text: str) -> list[Token]:
        try:
            return [t for t in dialect_named(self.dialect).tokenize(text) if t.token_type != TokenType.SEMICOLON]
        except TokenError:
            return []


def _savepoint(block: _Block, name: str) -> int | None:
    """Where the block's latest savepoint ``name`` stands among its savepoints (None: none)."""
    return next((i for i in range(len(block.savepoints) - 1, -1, -1) if block.savepoints[i][0] == name), None)
