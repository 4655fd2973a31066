"""The engine's cost in instructions: one in-process pass over a workload, counted by valgrind.

A rate measured on this machine moves by a third from one hour to the next (README, "This machine's speed
varied by half"), so a change of a few per cent cannot be seen in it. The count of instructions a pass executes
does not move with the machine: it is the same, run after run, to about 0.1 %, and it compares two revisions of
the engine exactly. It is no rate (a pass of fewer instructions that misses the cache more is not faster), so
the README's figures stay the rates; this is what finds where a rate went.

Each revision's engine (``access_history_platform``) is exported with ``git archive`` into a folder of its own
(``--engine-dir``; the working tree's is used as it is: ``WORKTREE``). A child process resolves the workload once
or twice under ``valgrind --tool=cachegrind --cache-sim=no`` (hash seed fixed); the difference of the two counts is
one pass (the catalog loaded, the log read, every statement resolved, its records built), without the start-up::

    .venv/bin/python benchmarks/instructions.py                                  # the working tree, tpc
    .venv/bin/python benchmarks/instructions.py --workload day --size 5000 598160d HEAD WORKTREE

Figures go to ``benchmarks/results/instructions-<machine>.jsonl`` (``--no-save``: printed only). valgrind must be
installed (``apt-get install valgrind``); a pass of tpc takes about 15 s under it, a day of 5,000 statements 25 s.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from datetime import datetime, timezone
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
WORKTREE = "WORKTREE"

# The child: resolve the workload ``passes`` times with the engine found first on sys.path.
_CHILD = """
import gc, sys
engine, workload, passes = sys.argv[1], sys.argv[2], int(sys.argv[3])
sys.path.insert(0, engine)
from access_history_platform.catalog import load_catalog
from access_history_platform.logs import read_log
from access_history_platform.resolve import resolve_log
from access_history_platform.sql.binder import derive_view_columns
for _ in range(passes):
    catalog = load_catalog(workload + "/catalog.json")
    derive_view_columns(catalog, "snowflake")
    for _ in resolve_log(catalog, read_log(workload + "/queries.jsonl")):
        pass
    gc.collect(1)
"""


class InstructionsUnavailable(RuntimeError):
    """valgrind is missing, or a revision cannot be exported or run."""


def engine_of(revision: str, engine_dir: Path) -> tuple[Path, str]:
    """The folder holding ``revision``'s ``access_history_platform`` (exported once), and its commit."""
    if revision == WORKTREE:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True)
        return ROOT, f"{head.stdout.strip()}+worktree"
    found = subprocess.run(["git", "rev-parse", "--short", f"{revision}^{{commit}}"], cwd=ROOT, capture_output=True,
                           text=True)
    if found.returncode != 0:
        raise InstructionsUnavailable(f"{revision}: no such revision ({found.stderr.strip()})")
    commit = found.stdout.strip()
    folder = engine_dir / commit
    if not (folder / "access_history_platform").is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "archive", commit, "access_history_platform"], cwd=ROOT, capture_output=True)
        if archive.returncode != 0:
            raise InstructionsUnavailable(f"{revision}: git archive failed ({archive.stderr.decode().strip()})")
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive.stdout, check=True)
    return folder, commit


def count(engine: Path, workload: Path, passes: int) -> int:
    """Instructions valgrind counts for the child's whole run of ``passes`` passes."""
    with tempfile.TemporaryDirectory() as scratch:  # (the child runs where no checkout shadows the engine)
        done = subprocess.run(
            ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
             sys.executable, "-c", _CHILD, str(engine), str(workload), str(passes)],
            cwd=scratch, capture_output=True, text=True, env={**os.environ, "PYTHONHASHSEED": "0"})
    if done.returncode != 0:
        raise InstructionsUnavailable(f"the pass failed under valgrind (exit {done.returncode}): "
                                      f"{done.stderr.strip().splitlines()[-1:] or ''}")
    for line in done.stderr.splitlines():
        if "I" in line and "refs:" in line:
            return int(line.split("refs:")[1].strip().replace(",", ""))
    raise InstructionsUnavailable("valgrind printed no instruction count")


def per_pass(engine: Path, workload: Path) -> int:
    """Instructions of one pass: two passes' count less one pass's (the start-up and imports cancel)."""
    return count(engine, workload, 2) - count(engine, workload, 1)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revisions", nargs="*", default=[WORKTREE],
                        help=f"git revisions to compare, and {WORKTREE} for the working tree (default)")
    parser.add_argument("--workload", choices=("tpc", "day"), default="tpc")
    parser.add_argument("--size", type=int, default=5_000, help="statements of the day workload (default 5,000)")
    parser.add_argument("--engine-dir", type=Path, default=Path(tempfile.gettempdir()) / "ahp-engines",
                        help="where revisions' engines are exported (kept for the next run)")
    parser.add_argument("--no-save", action="store_true")
    args = parser.parse_args(argv)
    if shutil.which("valgrind") is None:
        sys.exit("instructions.py: valgrind is not installed (apt-get install valgrind)")
    sys.path.insert(0, str(BENCH_DIR))
    from workloads import ensure  # noqa: PLC0415 - benchmarks/ is no package

    workload = ensure(args.workload, size=args.size)
    rows = []
    for revision in args.revisions:
        try:
            engine, commit = engine_of(revision, args.engine_dir)
            instructions = per_pass(engine, workload)
        except InstructionsUnavailable as err:
            sys.exit(f"instructions.py: {err}")
        rows.append({"revision": revision, "commit": commit, "workload": workload.name,
                     "instructions_per_pass": instructions})
        print(f"{revision:>12} {commit:>18} {workload.name:>10} {instructions / 1e6:12,.0f} M instructions per pass",
              flush=True)
    if not args.no_save:
        machine = f"{os.cpu_count()}cpu"
        out = BENCH_DIR / "results" / f"instructions-{machine}.jsonl"
        stamp = datetime.now(timezone.utc).isoformat(timespec="seconds")
        with out.open("a") as results:
            for row in rows:
                results.write(json.dumps({"at": stamp, **row}) + "\n")
        print(f"saved to {out.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
