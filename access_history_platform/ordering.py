"""Putting a log in log order (``query_start_time``, then input order) in bounded memory.

A day of a busy account holds millions of lines, rarely in order. Lines are kept in memory
up to a chunk; beyond that, each sorted chunk is spilled to a temporary file and the chunks
are merged while the resolver reads them, so memory stays proportional to the chunk, not
to the log. Only the map of child to parent query ids (lines that have a parent) is kept
whole, since any line may name any other as its parent.
"""

from __future__ import annotations

import heapq
import pickle
import tempfile
from dataclasses import dataclass, field
from typing import IO, Iterable, Iterator

from .records import LogLine

DEFAULT_CHUNK = 100_000


@dataclass
class OrderedLog:
    """The good lines of a log in log order (an iterator to be read once), with their ancestry."""

    parents: dict[str, str] = field(default_factory=dict)
    lines: Iterator[tuple[int, LogLine]] = field(default_factory=lambda: iter(()))
    spilled_chunks: int = 0


def order_log(lines: Iterable[LogLine], *, chunk: int = DEFAULT_CHUNK) -> OrderedLog:
    """Sort ``lines`` by (query_start_time, input position), spilling sorted chunks beyond ``chunk`` lines
    (a log of at most ``chunk`` lines is sorted in memory)."""
    parents: dict[str, str] = {}
    buffer: list[tuple[float, int, LogLine]] = []
    spills: list[IO[bytes]] = []
    for index, line in enumerate(lines):
        if line.parent_query_id:
            parents[line.query_id] = line.parent_query_id
        if len(buffer) >= chunk:
            spills.append(_spill(buffer))
            buffer = []
        buffer.append((line.query_start_time.timestamp(), index, line))
    buffer.sort(key=_key)
    if not spills:
        return OrderedLog(parents, ((index, line) for _, index, line in buffer))
    runs = [_read_spill(handle) for handle in spills] + [iter(buffer)]
    merged = heapq.merge(*runs, key=_key)
    return OrderedLog(parents, ((index, line) for _, index, line in merged), len(spills))


def _key(item: tuple[float, int, LogLine]) -> tuple[float, int]:
    return item[0], item[1]


#: Lines pickled together: one pickle per line cost more than the lines' own bytes.
_SPILL_BATCH = 1_000


def _spill(buffer: list[tuple[float, int, LogLine]]) -> IO[bytes]:
    """The buffer sorted into a temporary file, in batches of lines in pydantic's own pickling state
    (``__getstate__``: the fields as validated, extra fields included), rebuilt without validation."""
    buffer.sort(key=_key)
    handle = tempfile.TemporaryFile(prefix="ahp-log-order-")
    for start in range(0, len(buffer), _SPILL_BATCH):
        batch = [(stamp, index, line.__getstate__()) for stamp, index, line in buffer[start : start + _SPILL_BATCH]]
        pickle.dump(batch, handle, protocol=pickle.HIGHEST_PROTOCOL)
    handle.seek(0)
    return handle


def _read_spill(handle: IO[bytes]) -> Iterator[tuple[float, int, LogLine]]:
    new = LogLine.__new__
    with handle:
        while True:
            try:
                batch = pickle.load(handle)
            except EOFError:
                return
            for stamp, index, state in batch:
                line = new(LogLine)
                line.__setstate__(state)
                yield stamp, index, line
