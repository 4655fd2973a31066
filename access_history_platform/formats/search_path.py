"""The schema each session of a PostgreSQL or Redshift log searches first, as its statements leave it: the first of
its search path, followed through its transaction blocks (:mod:`..sql.search_paths`; ``public``, the default,
before any ``SET``).

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

from ..sql.search_paths import PathState, after
from ..sql.statements import DEFAULT_SCHEMA


class SearchPaths:
    """Each session's schema (:meth:`schema`), kept up to date by each statement it runs (:meth:`ran`)."""

    def __init__(self) -> None:
        self._sessions: dict[str, PathState] = {}

    def schema(self, session: str | None) -> str:
        """The schema the session's next statement searches first (``public``, PostgreSQL's default, before any)."""
        found = self._sessions.get(session or "")
        return (found.first() if found is not None else None) or DEFAULT_SCHEMA

    def ran(self, session: str | None, text: str, succeeded: bool) -> None:
        """The statement (or request of statements) ``text`` ran in the session, succeeded or not."""
        if session is None:
            return
        state = self._sessions.get(session, PathState())
        changed = after(state, text, succeeded)
        if changed is not state:
            self._sessions[session] = changed
