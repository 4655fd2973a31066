"""One statement of the log, as the engine resolves it: its text and the identity its record carries.

Its own module so that the SQL handlers (``sql/``) and the resolver (``resolve``) both
depend on it, and ``sql/`` never imports ``resolve``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime


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
