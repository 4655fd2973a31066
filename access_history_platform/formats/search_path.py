"""The schema each session of a PostgreSQL or Redshift log searches first, as its statements leave it.

A session's ``SET search_path`` moves it (:func:`~..sql.statements.search_path`), but inside a transaction block as
PostgreSQL's manual says: "If SET (or equivalently SET SESSION) is issued within a transaction that is later
aborted, the effects of the SET command disappear when the transaction is rolled back"; "The effects of SET LOCAL
last only till the end of the current transaction, whether committed or not" (and outside a transaction block it
has none); a ``ROLLBACK TO SAVEPOINT`` undoes what was set after the savepoint. A statement that fails inside a
block aborts it: its ``COMMIT`` rolls back. Drivers with autocommit off (psycopg2's default) open a block for every
unit of work, so a ``SET`` followed by an error and a ``ROLLBACK`` is common. Only what the log holds is followed:
a block whose ``BEGIN`` is not logged is not seen, and its ``SET`` counts as the session's.

>>> paths = SearchPaths()
>>> for text, ok in [("BEGIN", True), ("SET search_path TO sales", True), ("SELECT 1/0", False), ("ROLLBACK", True)]:
...     paths.ran("s1", text, ok)
>>> paths.schema("s1")
'public'
>>> for text in ["begin; set local search_path to mart", "select 1"]:
...     paths.ran("s2", text, True)
>>> paths.schema("s2"), paths.ran("s2", "commit", True), paths.schema("s2")
('mart', None, 'public')
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from sqlglot.errors import TokenError
from sqlglot.tokens import Token, TokenType

from ..sql.commands.lexer import dialect_named
from ..sql.statements import DEFAULT_SCHEMA, search_path_of

#: A text that may hold a statement the sessions follow (a word of one, anywhere: a request's later statement too).
_FOLLOWED = re.compile(r"\b(?:search_path|begin|start|commit|end|rollback|abort|savepoint|release)\b", re.IGNORECASE)


@dataclass(slots=True)
class _Block:
    """An open transaction block: the session's schema as it stands in it, the one ``SET LOCAL`` gave (until its
    end), whether a failure aborted it, and its savepoints (name, schema, local schema)."""

    schema: str
    local: str | None = None
    aborted: bool = False
    savepoints: list[tuple[str, str, str | None]] = field(default_factory=list)


@dataclass(slots=True)
class _Session:
    schema: str = DEFAULT_SCHEMA
    block: _Block | None = None

    def current(self) -> str:
        if self.block is None:
            return self.schema
        return self.block.local or self.block.schema


class SearchPaths:
    """Each session's schema (:meth:`schema`), kept up to date by each statement it runs (:meth:`ran`)."""

    def __init__(self) -> None:
        self._sessions: dict[str, _Session] = {}

    def schema(self, session: str | None) -> str:
        """The schema the session's next statement searches first (``public``, PostgreSQL's default, before any)."""
        found = self._sessions.get(session or "")
        return found.current() if found is not None else DEFAULT_SCHEMA

    def ran(self, session: str | None, text: str, succeeded: bool) -> None:
        """The statement (or request of statements) ``text`` ran in the session, succeeded or not."""
        if session is None:
            return
        state = self._sessions.get(session)
        if not succeeded:  # a failure in a block aborts it; outside one, what failed changed nothing
            if state is not None and state.block is not None:
                state.block.aborted = True
            return
        if not _FOLLOWED.search(text):
            return
        state = self._sessions.setdefault(session, _Session())
        for tokens in _statements(text):
            _apply(state, tokens)


def _statements(text: str) -> list[list[Token]]:
    try:
        tokens = dialect_named("postgres").tokenize(text)
    except TokenError:
        return []
    out, start = [], 0
    for end in [*(i for i, t in enumerate(tokens) if t.token_type == TokenType.SEMICOLON), len(tokens)]:
        if end > start:
            out.append(tokens[start:end])
        start = end + 1
    return out


def _apply(state: _Session, tokens: list[Token]) -> None:
    words = [token.text.upper() if token.token_type != TokenType.IDENTIFIER else "" for token in tokens[:4]]
    verb, block = words[0], state.block
    if verb == "BEGIN" or words[:2] == ["START", "TRANSACTION"]:
        if block is None:
            state.block = _Block(state.schema)
    elif verb in ("COMMIT", "END") and block is not None:
        state.schema = state.schema if block.aborted else block.schema
        state.block = _Block(state.schema) if "CHAIN" in words and "NO" not in words else None
    elif verb in ("ROLLBACK", "ABORT") and block is not None:
        if "TO" in words:  # ROLLBACK TO [SAVEPOINT] s: what was set after it undone, the block usable again
            name = tokens[-1].text.casefold()
            kept = next((i for i in range(len(block.savepoints) - 1, -1, -1)
                         if block.savepoints[i][0] == name), None)
            if kept is not None:
                _, block.schema, block.local = block.savepoints[kept]
                del block.savepoints[kept + 1:]
                block.aborted = False
        else:
            state.block = None
    elif verb == "SAVEPOINT" and block is not None and len(tokens) > 1:
        block.savepoints.append((tokens[1].text.casefold(), block.schema, block.local))
    elif verb == "RELEASE" and block is not None:
        name = tokens[-1].text.casefold()
        kept = next((i for i in range(len(block.savepoints) - 1, -1, -1) if block.savepoints[i][0] == name), None)
        if kept is not None:
            del block.savepoints[kept:]
    elif verb in ("SET", "RESET"):
        path = search_path_of(tokens)
        if not path:
            return
        if words[1] == "LOCAL":  # for the block only; outside one it has no effect
            if block is not None:
                block.local = path[0]
        elif block is not None:  # the session's, when the block commits (a later SET overrides a SET LOCAL)
            block.schema, block.local = path[0], None
        else:
            state.schema = path[0]
