"""The platform's side of the benchmark: one adapter to the engine, and its measurement.

``resolve_with_ours`` is the only place that calls the engine. It uses the in-process API
(``load_catalog``, ``read_log``, ``resolve_log``) when it imports, and otherwise runs the
``ahp resolve`` command of the project's virtualenv; when neither is there it raises
``OursUnavailable`` and the benchmark prints the peers' figures alone.

    .venv/bin/python benchmarks/ours.py benchmarks/out/tpc      # figures as JSON
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parent.parent
AHP = ROOT / ".venv" / "bin" / "ahp"
STATUSES = ("recorded", "no_record", "failed", "quarantined", "bad_line")


class OursUnavailable(RuntimeError):
    """Neither the engine's in-process API nor its command line can be used."""


@dataclass
class Result:
    """What the engine made of one statement (or of one bad log line)."""

    status: str
    records: list[dict] = field(default_factory=list)


def resolve_with_ours(catalog_path: Path, log_path: Path, *, limit: int | None = None,
                      mode: str = "auto") -> Iterator[Result]:
    """The engine's results for the log, statement by statement, in the engine's order.

    ``mode`` is ``auto`` (in-process if the API imports, else the command line),
    ``api`` or ``cli``. ``limit`` keeps the first lines of the log only.
    """
    if mode in ("auto", "api"):
        try:
            from access_history_platform.catalog import load_catalog
            from access_history_platform.logs import read_log
            from access_history_platform.resolve import resolve_log
            from access_history_platform.sql.binder import derive_view_columns
        except Exception as error:  # noqa: BLE001 - a half-written engine may fail in any way
            if mode == "api":
                raise OursUnavailable(f"the engine's API does not import: {error!r}") from error
        else:
            lines = itertools.islice(read_log(log_path), limit)
            catalog = load_catalog(catalog_path)
            derive_view_columns(catalog, "snowflake")  # as ``ahp resolve`` loads it
            for item in resolve_log(catalog, lines, dialect="snowflake"):
                yield _result(item)
            return
    yield from _resolve_with_cli(catalog_path, log_path, limit=limit)


def api_available() -> bool:
    try:
        import access_history_platform.resolve  # noqa: F401
    except Exception:  # noqa: BLE001
        return False
    return True


def _result(item: object) -> Result:
    """A ``Result`` of an engine outcome or bad-line report, whatever its exact class."""
    records = getattr(item, "records", None)
    status = getattr(item, "status", None)
    if records is None and status is None:
        return Result("bad_line")
    return Result(str(status or "recorded"), [_as_dict(r) for r in records or []])


def _as_dict(record: object) -> dict:
    if isinstance(record, dict):
        return record
    return record.model_dump(by_alias=True, mode="json")  # type: ignore[attr-defined]


def _resolve_with_cli(catalog_path: Path, log_path: Path, *, limit: int | None) -> Iterator[Result]:
    if not AHP.exists():
        raise OursUnavailable(f"neither the engine's API nor {AHP} is there")
    with tempfile.TemporaryDirectory() as scratch:
        if limit is not None:
            log_path = _head(log_path, limit, Path(scratch) / "log.jsonl")
        out = Path(scratch) / "records.jsonl"
        done = subprocess.run([str(AHP), "resolve", "--catalog", str(catalog_path), "--log", str(log_path),
                               "--dialect", "snowflake", "--out", str(out)], capture_output=True, text=True)
        if done.returncode != 0 or not out.exists():
            raise OursUnavailable(f"ahp resolve exited with {done.returncode}: {done.stderr.strip()[-500:]}")
        # The command line gives records, not per-statement outcomes: one Result per record.
        with out.open() as records:
            for line in records:
                yield Result("recorded", [json.loads(line)])


def _head(log_path: Path, limit: int, target: Path) -> Path:
    with log_path.open() as source, target.open("w") as sink:
        sink.writelines(itertools.islice(source, limit))
    return target


# --------------------------------------------------------------------------- counting


def written_columns_with_source(records: list[dict]) -> int:
    """Columns of Table targets in ``objects_modified`` that have at least one direct source."""
    count = 0
    for record in records:
        for modified in record.get("objects_modified") or []:
            if modified.get("objectDomain") != "Table":
                continue
            count += sum(1 for column in modified.get("columns") or [] if column.get("directSources"))
    return count


def success_statements(log_path: Path, limit: int | None = None) -> int:
    """SUCCESS lines of the log (the statements the peers are timed on), up to ``limit`` lines."""
    with log_path.open() as log:
        return sum(json.loads(line).get("execution_status", "SUCCESS") == "SUCCESS"
                   for line in itertools.islice(log, limit))


# --------------------------------------------------------------------------- measuring


@dataclass
class Tally:
    """Counts over one run, kept as the results stream by (a million records do not fit)."""

    outcomes: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    records: int = 0
    written_columns_with_source: int = 0

    def add(self, result: Result) -> None:
        self.outcomes[result.status] = self.outcomes.get(result.status, 0) + 1
        self.records += len(result.records)
        self.written_columns_with_source += written_columns_with_source(result.records)


def _one_pass(catalog_path: Path, log_path: Path, *, limit: int | None,
              mode: str) -> tuple[float, float, Tally]:
    """(wall seconds, CPU seconds of this process, tally) of one whole run, the collection of its own
    garbage included (sqlglot's trees are cycles that only the garbage collector frees): none of it is
    left to be billed to the next pass, and none of an earlier one's is billed to this one. The pass's
    garbage is young: the two younger generations are collected, not the harness's older objects."""
    tally = Tally()
    start, start_cpu = time.perf_counter(), time.process_time()
    for result in resolve_with_ours(catalog_path, log_path, limit=limit, mode=mode):
        tally.add(result)
    gc.collect(1)
    return time.perf_counter() - start, time.process_time() - start_cpu, tally


def success_texts(log_path: Path, limit: int | None = None) -> list[str]:
    """The text of every SUCCESS line of the log, up to ``limit`` lines."""
    with log_path.open() as log:
        rows = (json.loads(line) for line in itertools.islice(log, limit))
        return [row["query_text"] for row in rows if row.get("execution_status", "SUCCESS") == "SUCCESS"]


def _floor_pass(texts: list[str]) -> float:
    """CPU seconds of sqlglot's own parse of ``texts`` (``sqlglot.parse``, Snowflake), nothing else: the
    floor for statements never seen before. Taken right after each of ours, so both see the machine alike;
    without the garbage collector, whose passes over the harness's objects are no part of a parse. Its
    trees are freed after its clock stops and before ours starts again (left to the collector, they were
    freed inside our next pass and billed to it)."""
    import sqlglot

    gc.disable()
    try:
        start_cpu = time.process_time()
        for text in texts:
            sqlglot.parse(text, read="snowflake")
        return time.process_time() - start_cpu
    finally:
        gc.enable()
        gc.collect()


def _startup_seconds(catalog_path: Path, mode: str) -> float:
    """What a run costs before its first statement: for the command line, the interpreter's
    start, the imports and the catalog, measured on an empty log; nothing in-process."""
    if mode != "cli":
        return 0.0
    with tempfile.TemporaryDirectory() as scratch:
        empty = Path(scratch) / "empty.jsonl"
        empty.write_text("")
        return min(_one_pass(catalog_path, empty, limit=None, mode=mode)[0] for _ in range(3))


def measure_ours(workload: Path, *, passes: int = 3, warmup: int = 5, limit: int | None = None,
                 mode: str = "auto", floor: bool = False) -> dict:
    """Times the engine over a workload folder: median of ``passes`` whole runs, after a warm-up
    run on the first ``warmup`` lines; counts outcomes and written columns with a source. With
    ``floor``, each pass is followed by one of sqlglot's bare parse of the same statements, and the
    figures add its rate and the median of the passes' ratios (ours / parse, CPU time)."""
    catalog_path, log_path = workload / "catalog.json", workload / "queries.jsonl"
    if mode == "auto":
        mode = "api" if api_available() else "cli"
    if warmup:
        _one_pass(catalog_path, log_path, limit=warmup, mode=mode)
    startup = _startup_seconds(catalog_path, mode)
    rss_before = _peak_rss_kb("api")
    timings, cpu_timings, floor_timings, tally = [], [], [], Tally()
    texts = success_texts(log_path, limit) if floor else []
    for _ in range(passes):
        seconds, cpu_seconds, tally = _one_pass(catalog_path, log_path, limit=limit, mode=mode)
        timings.append(seconds - startup)
        cpu_timings.append(cpu_seconds)
        if floor:
            floor_timings.append(_floor_pass(texts))
    statements = success_statements(log_path, limit)
    seconds = statistics.median(timings)
    # The command line's CPU time is the child's, which this process does not see.
    cpu_seconds = statistics.median(cpu_timings) if mode == "api" else None
    figures = {
        "tool": "ours",
        "mode": "in-process" if mode == "api" else "ahp resolve (start-up subtracted)",
        "workload": str(workload),
        "limit": limit,
        "passes": passes,
        "warmup_lines": warmup,
        "statements": statements,
        "seconds": round(seconds, 4),
        "statements_per_second": round(statements / seconds, 2) if seconds > 0 else None,
        "pass_seconds": [round(t, 4) for t in timings],
        "cpu_seconds": round(cpu_seconds, 4) if cpu_seconds else None,
        "statements_per_cpu_second": round(statements / cpu_seconds, 2) if cpu_seconds else None,
        "startup_seconds": round(startup, 4),
        "outcomes": tally.outcomes,
        # "failed" is the log's own FAIL status; "quarantined" is what the engine could not resolve.
        "failures": tally.outcomes.get("quarantined", 0) + tally.outcomes.get("bad_line", 0),
        "records": tally.records,
        "written_columns_with_source": tally.written_columns_with_source,
        # A high-water mark: in-process it covers this process's whole life (harness too).
        "peak_rss_mb": round(_peak_rss_kb(mode) / 1024, 1),
        "peak_rss_mb_before": round(rss_before / 1024, 1),
    }
    if floor_timings and mode == "api":
        figures["floor_pass_cpu_seconds"] = [round(t, 4) for t in floor_timings]
        figures["floor_statements_per_cpu_second"] = round(len(texts) / statistics.median(floor_timings), 2)
        figures["ratio_to_floor"] = round(statistics.median(c / f for c, f in zip(cpu_timings, floor_timings)), 3)
    return figures


def _peak_rss_kb(mode: str) -> int:
    """Peak resident memory of the process that ran the engine.

    In-process, this process's VmHWM (its peak since exec). For the command line only
    ``ru_maxrss`` of the children is to be had, and Linux carries the parent's peak into
    a child across fork and exec: an upper bound.
    """
    if mode == "cli":
        return resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1])
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Measure the platform on one workload folder.")
    parser.add_argument("workload", type=Path, help="a folder holding catalog.json and queries.jsonl")
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--warmup", type=int, default=5, help="lines of the log run once before measuring")
    parser.add_argument("--limit", type=int, help="only the first N lines of the log")
    parser.add_argument("--mode", choices=("auto", "api", "cli"), default="auto")
    parser.add_argument("--cpu", type=int, default=0, help="the core to pin the process to (-1: no pinning)")
    parser.add_argument("--floor", action="store_true", help="also time sqlglot's bare parse after each pass")
    args = parser.parse_args(argv)
    if args.cpu >= 0:
        os.sched_setaffinity(0, {args.cpu})
    try:
        figures = measure_ours(args.workload, passes=args.passes, warmup=args.warmup, limit=args.limit,
                               mode=args.mode, floor=args.floor)
    except OursUnavailable as error:
        figures = {"tool": "ours", "workload": str(args.workload), "unavailable": str(error)}
    print(json.dumps(figures, indent=1))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
