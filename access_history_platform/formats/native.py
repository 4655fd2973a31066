"""The platform's own log line (CONTRACT section 1), in JSON Lines, CSV or Parquet.

Its rows are the log records themselves: the reader validates them as they are.
"""

from __future__ import annotations

from typing import Iterable, Iterator

from .format import LogFormat, Row

#: The fields a line must have (CONTRACT section 1).
REQUIRED = ("query_id", "query_text", "query_start_time", "user_name")


def _translate(rows: Iterable[Row]) -> Iterator[Row]:
    return iter(rows)


FORMAT = LogFormat(
    name="ahp",
    title="access-history log (CONTRACT section 1)",
    dialect=None,
    signature=frozenset({"query_id"}),
    required=REQUIRED,
    translate=_translate,
)
