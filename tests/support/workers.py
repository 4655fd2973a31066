"""The resident memory of the Spark Python workers this test process started, sampled while a block runs.

A local Spark session's JVM is a child of the test process; it starts ``python -m pyspark.daemon``,
which forks the Python workers that run the tasks' Python (and may keep one for a later task or
fork a new one). Only the processes below this one are watched: other test runs on the machine
have their own.

A worker's peak is its kernel high-water mark (``VmHWM`` in ``/proc/<pid>/status``): reset to its
current size when the block starts (``5`` written to ``/proc/<pid>/clear_refs``), as it is for a
worker forked during the block, and read every :data:`INTERVAL` seconds while the block runs, so
a peak between two samples still counts (a worker that ends between two samples loses at most
its last interval).
"""

from __future__ import annotations

import os
import threading
from dataclasses import dataclass, field
from pathlib import Path
from types import TracebackType

#: Seconds between two samples.
INTERVAL = 0.1
#: What a Spark Python worker (and the daemon that forks them) runs as.
WORKER_COMMAND = b"pyspark.daemon"


def descendants(root: int) -> list[int]:
    """Every process below ``root`` (its children, theirs, ...), from ``/proc``."""
    children: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:  # gone meanwhile
                continue
            parent = int(stat.rsplit(")", 1)[1].split()[1])  # the command name may hold spaces and ')'
            children.setdefault(parent, []).append(int(entry.name))
    found, todo = [], [root]
    while todo:
        for child in children.get(todo.pop(), ()):
            found.append(child)
            todo.append(child)
    return found


def spark_workers(root: int | None = None) -> list[int]:
    """The Spark Python workers (and their daemon) below ``root`` (this process by default)."""
    workers = []
    for pid in descendants(os.getpid() if root is None else root):
        try:
            if WORKER_COMMAND in Path(f"/proc/{pid}/cmdline").read_bytes():
                workers.append(pid)
        except OSError:
            continue
    return workers


def peak_rss(pid: int) -> int | None:
    """The high-water mark of ``pid``'s resident set in bytes (at least its resident set); None once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return None
    fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
    return max(int(fields[name].split()[0]) * 1024 for name in ("VmRSS", "VmHWM"))


@dataclass
class WorkerMemory:
    """``with WorkerMemory() as workers: ...``; then ``workers.peak``: the largest worker, in bytes."""

    peaks: dict[int, int] = field(default_factory=dict)  # pid -> its highest resident set during the block
    _stop: threading.Event = field(default_factory=threading.Event)
    _thread: threading.Thread | None = None

    def __enter__(self) -> WorkerMemory:
        for pid in spark_workers():
            try:  # without the reset a worker kept from an earlier task would report that task's peak
                Path(f"/proc/{pid}/clear_refs").write_text("5")
            except (FileNotFoundError, ProcessLookupError):  # gone meanwhile
                continue
        self._thread = threading.Thread(target=self._sample, name="worker-memory", daemon=True)
        self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._stop.set()
        assert self._thread is not None
        self._thread.join()
        self._sample_once()

    def _sample(self) -> None:
        while not self._stop.wait(INTERVAL):
            self._sample_once()

    def _sample_once(self) -> None:
        for pid in spark_workers():
            peak = peak_rss(pid)
            if peak is not None:
                self.peaks[pid] = max(self.peaks.get(pid, 0), peak)

    @property
    def peak(self) -> int:
        """The largest resident set of one worker during the block."""
        return max(self.peaks.values(), default=0)
