"""CPU seconds of a Spark pipeline by side, read from ``/proc`` (Linux): the driver's Python, the JVM
(by kind of thread) and the Python workers.

On a shared machine wall time says how much of the cores a run got; CPU time says what the work
cost. :func:`snapshot` reads every process below this one (the JVM that PySpark starts, the
``pyspark.daemon`` and its workers under it) and every thread of the JVM; :func:`spent` is the
difference of two snapshots.

- ``driver``: this process's own CPU (Dagster, the plan, the Arrow batches collected);
- ``jvm``: the JVM's own CPU, split by thread name (:data:`THREAD_KINDS`): the task threads
  (reading, shuffling, converting rows to and from Arrow, writing Parquet), the threads that feed
  the Python workers (``stdin writer``), the JIT compiler, the garbage collector, and the rest;
  threads that ended between the snapshots are counted as ``ended``;
- ``python_workers``: the Python processes under the JVM, with their reaped children.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field

TICKS = os.sysconf("SC_CLK_TCK")
#: The JVM's threads by kind: the first pattern (a regular expression on the thread's name, which
#: Linux cuts to 15 characters) that matches names the kind.
THREAD_KINDS = (
    ("tasks", r"^Executor task"),
    ("python_feed", r"^stdin writer"),
    ("jit", r"^C[12] Compiler"),
    ("gc", r"^(GC Thread|G1 |VM Periodic|VM Thread)"),
)


@dataclass
class Snapshot:
    """CPU seconds so far: per process (own, reaped children) and per JVM thread."""

    processes: dict[int, tuple[str, int, float, float]] = field(default_factory=dict)  # name, parent, own, reaped
    jvm: int | None = None
    threads: dict[int, tuple[str, float]] = field(default_factory=dict)


def _stat(path: str) -> tuple[str, list[str]] | None:
    try:
        with open(path) as handle:
            text = handle.read()
    except OSError:  # the process or thread ended
        return None
    name = text[text.index("(") + 1:text.rindex(")")]
    return name, text[text.rindex(")") + 2:].split()


def _children() -> dict[int, list[int]]:
    out: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := _stat(f"/proc/{entry}/stat")):
            out.setdefault(int(stat[1][1]), []).append(int(entry))
    return out


def snapshot(root: int | None = None) -> Snapshot:
    """The CPU seconds of ``root`` (this process) and every process below it, and of the JVM's threads."""
    root = root or os.getpid()
    children, todo, out = _children(), [root], Snapshot()
    while todo:
        pid = todo.pop()
        todo.extend(children.get(pid, []))
        if stat := _stat(f"/proc/{pid}/stat"):
            name, fields = stat
            # fields from the state on: utime, stime, cutime, cstime are the 12th to 15th
            own, reaped = (int(fields[11]) + int(fields[12])) / TICKS, (int(fields[13]) + int(fields[14])) / TICKS
            out.processes[pid] = (name, int(fields[1]), own, reaped)
            if name == "java" and out.jvm is None:
                out.jvm = pid
    if out.jvm is not None:
        for tid in os.listdir(f"/proc/{out.jvm}/task"):
            if stat := _stat(f"/proc/{out.jvm}/task/{tid}/stat"):
                name, fields = stat
                out.threads[int(tid)] = (name, (int(fields[11]) + int(fields[12])) / TICKS)
    return out


def thread_kind(name: str) -> str:
    return next((kind for kind, pattern in THREAD_KINDS if re.search(pattern, name)), "other")


def spent(before: Snapshot, after: Snapshot, root: int | None = None) -> dict[str, object]:
    """CPU seconds between two snapshots, by side, and the JVM's by kind of thread."""
    root = root or os.getpid()

    def own(pid: int) -> float:
        return after.processes[pid][2] - (before.processes[pid][2] if pid in before.processes else 0.0)

    def with_reaped(pid: int) -> float:
        return own(pid) + after.processes[pid][3] - (before.processes[pid][3] if pid in before.processes else 0.0)

    below_jvm = _below(after, after.jvm) if after.jvm else set()
    workers = sum(with_reaped(pid) for pid in below_jvm if after.processes[pid][0].startswith("python"))
    jvm = own(after.jvm) if after.jvm else 0.0
    kinds: dict[str, float] = {}
    for tid, (name, seconds) in after.threads.items():
        kind = thread_kind(name)
        kinds[kind] = kinds.get(kind, 0.0) + seconds - before.threads.get(tid, (name, 0.0))[1]
    kinds["ended"] = jvm - sum(kinds.values())
    return {"driver": round(own(root), 2), "jvm": round(jvm, 2), "python_workers": round(workers, 2),
            "jvm_threads": {kind: round(seconds, 2) for kind, seconds in sorted(kinds.items())}}


def _below(shot: Snapshot, pid: int) -> set[int]:
    children: dict[int, list[int]] = {}
    for child, (_, parent, _, _) in shot.processes.items():
        children.setdefault(parent, []).append(child)
    out, todo = set(), [pid]
    while todo:
        for child in children.get(todo.pop(), []):
            out.add(child)
            todo.append(child)
    return out
