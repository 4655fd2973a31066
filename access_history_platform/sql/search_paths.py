"""A PostgreSQL or Redshift session's search path, as its statements leave it, through its transaction blocks.

A ``SET search_path`` moves it (:func:`.statements.search_path`), inside a transaction block as PostgreSQL's manual
says: "If SET (or equivalently SET SESSION) is issued within a transaction that is later aborted, the effects of the
SET command disappear when the transaction is rolled back"; "The effects of SET LOCAL last only till the end of the
current transaction, whether committed or not" (outside a block it has none). A ``ROLLBACK TO SAVEPOINT`` undoes what
was set after the savepoint; a statement that fails in a block aborts it, and its ``COMMIT`` rolls back (a ``COMMIT``
that fails, a deferred constraint's or a serialization failure, has rolled the block back too); ``PREPARE
TRANSACTION`` ends the block, its ``SET`` s kept ("those effects persist after PREPARE TRANSACTION, and will not be
affected by any later COMMIT PREPARED or ROLLBACK PREPARED"). Drivers with autocommit off (psycopg2's default) open
a block for every unit of work, so a ``SET`` followed by an error and a ``ROLLBACK`` is common. Only what the log
holds is followed: a block whose ``BEGIN`` is not logged is not seen, and its ``SET`` counts as the session's.

The state is a value (:class:`PathState`), so that the log readers (the schema they give each line) and the resolver
(the schemas a name is searched in after it: :func:`~access_history_platform.resolve.expand_line`) follow it alike.

>>> state = PathState()
>>> for text, ok in [("BEGIN", True), ("SET search_path TO sales", True), ("SELECT 1/0", False), ("ROLLBACK", True)]:
...     state = after(state, text, ok)
>>> state.current()
()
>>> state = after(after(state, "set search_path to public, sales", True), "begin; set local search_path to mart", True)
>>> state.current(), after(state, "commit", True).current()
(('mart',), ('public', 'sales'))
"""

from __future__ import annotations

import re
from typing import NamedTuple

from sqlglot.errors import TokenError
from sqlglot.tokens import Token, TokenType

from .commands.lexer import dialect_named
from .statements import USER_SCHEMA, search_path_of, split_statements
from .transactions import BOUND_VERBS, Bound, bound_of, first_word

#: The first word of a statement that moves the path (after comments: a request's other statements are split first);
#: the statements that bound a block are :func:`.transactions.bound_of`'s.
_SETTINGS = frozenset({"SET", "RESET", "DISCARD"})
#: The first word of a statement the state follows.
_VERBS = _SETTINGS | BOUND_VERBS
#: A call of ``set_config`` of the search path, its value and ``is_local`` literals (``SELECT
#: [pg_catalog.]set_config('search_path', 'a, b', false)``).
_SET_CONFIG = re.compile(r"\bset_config\s*\(\s*'search_path'\s*,\s*'(?P<value>(?:[^']|'')*+)'\s*,\s*"
                         r"(?P<local>\w+|'\w*')\s*\)", re.IGNORECASE)


class Block(NamedTuple):
    """An open transaction block: the session's path as it stands in it, the one ``SET LOCAL`` gave (until its end),
    whether a failure aborted it, and its savepoints (name, path, local path)."""

    path: tuple[str, ...]
    local: tuple[str, ...] | None = None
    aborted: bool = False
    savepoints: tuple[tuple[str, tuple[str, ...], tuple[str, ...] | None], ...] = ()


class PathState(NamedTuple):
    """A session's search path outside any block (``()``: none set), and its open block, if any."""

    path: tuple[str, ...] = ()
    block: Block | None = None

    def current(self) -> tuple[str, ...]:
        """The schemas the session's next statement searches (``()``: none set)."""
        if self.block is None:
            return self.path
        return self.block.local or self.block.path

    def first(self) -> str | None:
        """The schema the session's next statement searches first, past ``"$user"`` (None: no path set)."""
        return next((schema for schema in self.current() if schema != USER_SCHEMA), None)


def follows(text: str) -> bool:
    """Whether ``text`` (a statement or a request) may change the state: a first word, or a request's statement's,
    the state follows, or a call of ``set_config``. Cheap for the plain statements a log holds most."""
    return first_word(text) in _VERBS or ";" in text.rstrip().rstrip(";") or _calls_set_config(text)


def _calls_set_config(text: str) -> bool:
    """Whether ``text`` sets the search path by ``set_config`` (written in lower, upper or title case: a search
    ignoring case costs 30 times more on a long statement)."""
    return ("_config" in text or "_CONFIG" in text or "_Config" in text) and _SET_CONFIG.search(text) is not None


def after(state: PathState, text: str, succeeded: bool) -> PathState:
    """The state after the statement (or request) ``text`` ran, succeeded or not."""
    if not succeeded:
        return _failed(state, text)
    if not follows(text):
        return state
    pieces = split_statements(text, "postgres") if ";" in text.rstrip().rstrip(";") else [text]
    for piece in pieces:
        verb = first_word(piece)
        if verb in ("SELECT", "WITH") and _calls_set_config(piece):
            state = _configured(state, piece)
        elif verb in _SETTINGS:
            try:
                tokens = dialect_named("postgres").tokenize(piece)
            except TokenError:
                continue
            state = _set(state, [t for t in tokens if t.token_type != TokenType.SEMICOLON])
        elif verb in _VERBS:
            bound = bound_of(piece, "postgres")
            state = _bounded(state, bound) if bound is not None else state
    return state


def _configured(state: PathState, text: str) -> PathState:
    """The state after a ``SELECT`` calling ``set_config('search_path', value, is_local)`` with literal arguments, as
    ``SET [LOCAL] search_path TO value`` would leave it ("set_config sets the parameter setting_name to new_value ...
    If is_local is true, the new value will only apply during the current transaction"): pg_dump's scripts open with
    ``SELECT pg_catalog.set_config('search_path', '', false)``. A call whose arguments are parameters (``$1``) or
    expressions is not followed; only the calls are read, not the whole statement.

    >>> _configured(PathState(), "SELECT pg_catalog.set_config('search_path', 'sales, \\"Mart\\"', false)").current()
    ('sales', 'Mart')
    """
    for call in _SET_CONFIG.finditer(text):
        local = call["local"].strip("'").lower() in ("true", "t", "on", "yes", "1")
        value = call["value"].replace("''", "'")
        try:
            setting = dialect_named("postgres").tokenize(
                f"SET {'LOCAL ' if local else ''}search_path TO {value if value.strip() else chr(39) * 2}")
        except TokenError:
            continue
        state = _set(state, setting)
    return state


def _failed(state: PathState, text: str) -> PathState:
    """A failure in a block aborts it; a ``COMMIT`` (or ``END``) that fails has rolled it back and ended it."""
    if state.block is None:
        return state
    if first_word(text) in ("COMMIT", "END") and ";" not in text:
        return PathState(state.path)
    return state._replace(block=state.block._replace(aborted=True))


def _savepoint(block: Block, name: str) -> int | None:
    """Where the block's latest savepoint ``name`` stands among its savepoints (None: none)."""
    return next((i for i in range(len(block.savepoints) - 1, -1, -1) if block.savepoints[i][0] == name), None)


def _set(state: PathState, tokens: list[Token]) -> PathState:
    """The state after a ``SET``, ``RESET`` or ``DISCARD`` (``tokens``): the path it sets, in a block or outside."""
    if not tokens:
        return state
    words = [token.text.upper() if token.token_type != TokenType.IDENTIFIER else "" for token in tokens]
    block = state.block
    if words[:2] == ["DISCARD", "ALL"] or words[:2] == ["RESET", "ALL"]:  # every setting back to its default
        return PathState() if block is None else state._replace(block=block._replace(path=(), local=None))
    if words[0] not in ("SET", "RESET"):
        return state
    path = search_path_of(tokens)
    if not path:
        return state
    if block is None:  # (SET LOCAL outside a block: no effect)
        return state if words[1:2] == ["LOCAL"] else state._replace(path=path)
    if words[1:2] == ["LOCAL"]:  # for the block only
        return state._replace(block=block._replace(local=path))
    return state._replace(block=block._replace(path=path, local=None))  # (a later SET overrides a SET LOCAL)


def _bounded(state: PathState, bound: Bound) -> PathState:
    """The state after a statement that bounds a block (:func:`.transactions.bound_of`)."""
    verb, block = bound.verb, state.block
    if verb == "BEGIN":
        return state if block is not None else state._replace(block=Block(state.path))
    if block is None:
        return state
    if verb == "PREPARE TRANSACTION":  # the block ends, its SETs kept whatever comes of it
        return PathState(block.path)
    if verb == "COMMIT":
        path = state.path if block.aborted else block.path
        return PathState(path, Block(path) if bound.chained else None)
    if verb == "ROLLBACK":
        return PathState(state.path, Block(state.path) if bound.chained else None)
    if verb == "ROLLBACK TO":  # what was set after the savepoint undone, the block usable again
        kept = _savepoint(block, bound.name)
        if kept is None:
            return state
        _, path, local = block.savepoints[kept]
        return state._replace(block=Block(path, local, False, block.savepoints[:kept + 1]))
    if verb == "SAVEPOINT":
        savepoint = (bound.name, block.path, block.local)
        return state._replace(block=block._replace(savepoints=(*block.savepoints, savepoint)))
    if verb == "RELEASE":
        kept = _savepoint(block, bound.name)
        return state if kept is None else state._replace(block=block._replace(savepoints=block.savepoints[:kept]))
    return state  # (COMMIT PREPARED, ROLLBACK PREPARED: the path is not theirs)
