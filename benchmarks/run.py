"""The benchmark: the platform against DataHub's SQL parser and sqllineage, on one core.

    .venv/bin/python benchmarks/run.py [--workload tpc|day] [--size N ...] [--skip-peers]

Builds the workload if it is missing, runs each peer in its own virtualenv
(``benchmarks/.peers-venv``, made by ``peers/setup.sh`` when absent) as a subprocess,
runs the platform in-process through ``ours.resolve_with_ours``, prints one table and
writes every figure, with a description of the machine, to
``benchmarks/results/<machine>-<date>.json``. See benchmarks/README.md for what is
measured and how.
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import platform
import subprocess
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

BENCH_DIR = Path(__file__).resolve().parent
ROOT = BENCH_DIR.parent
sys.path.insert(0, str(BENCH_DIR))
sys.path.insert(0, str(ROOT))

import ours  # noqa: E402
import workloads  # noqa: E402

PEERS_PYTHON = BENCH_DIR / ".peers-venv" / "bin" / "python"
PEERS = ("datahub", "sqllineage")
RESULTS_DIR = BENCH_DIR / "results"


# --------------------------------------------------------------------------- the machine


def machine_description() -> dict:
    """nproc, CPU model, RAM, OS and the versions the figures depend on."""
    cpu_model = ""
    for line in Path("/proc/cpuinfo").read_text().splitlines():
        if line.startswith("model name"):
            cpu_model = line.split(":", 1)[1].strip()
            break
    mem_kb = next(int(line.split()[1]) for line in Path("/proc/meminfo").read_text().splitlines()
                  if line.startswith("MemTotal:"))
    return {
        "nproc": os.cpu_count(),
        "cpu_model": cpu_model,
        "ram_gib": round(mem_kb / 2**20, 1),
        "kernel": platform.release(),
        "python": platform.python_version(),
        "ours_versions": _versions("access-history-platform", "sqlglot", "sqlglotc", "pydantic"),
    }


def engine_state() -> dict:
    """The commit measured, and whether the engine's files differed from it (others may
    be editing the engine while the benchmark runs)."""
    return {
        "git_commit": _git("rev-parse", "--short", "HEAD"),
        "uncommitted_changes": bool(_git("status", "--porcelain", "--", "access_history_platform")),
    }


def machine_name(description: dict) -> str:
    return f"{description['nproc']}cpu-{round(description['ram_gib'])}g"


def _versions(*distributions: str) -> dict[str, str]:
    found = {}
    for distribution in distributions:
        try:
            found[distribution] = version(distribution)
        except PackageNotFoundError:
            found[distribution] = "absent"
    return found


def _git(*arguments: str) -> str:
    done = subprocess.run(["git", "-C", str(ROOT), *arguments], capture_output=True, text=True)
    return done.stdout.strip()


# --------------------------------------------------------------------------- running


def ensure_peers_venv() -> None:
    if not PEERS_PYTHON.exists():
        print("benchmarks/.peers-venv is missing: running benchmarks/peers/setup.sh", file=sys.stderr)
        subprocess.run(["bash", str(BENCH_DIR / "peers" / "setup.sh")], check=True)


def run_peer(peer: str, folder: Path, args: argparse.Namespace, limit: int | None) -> dict:
    """The peer's figures (its JSON), or a row that says why there are none."""
    command = [str(PEERS_PYTHON), str(BENCH_DIR / "peers" / "run_peer.py"), peer, str(folder),
               "--budget", str(args.peer_budget), "--passes", str(args.passes), "--cpu", str(args.cpu)]
    if limit is not None:
        command += ["--limit", str(limit)]
    print(f"running {peer} on {folder.name}{f' (first {limit})' if limit else ''} ...", file=sys.stderr)
    try:
        done = subprocess.run(command, capture_output=True, text=True, timeout=args.peer_timeout)
    except subprocess.TimeoutExpired:
        return {"tool": peer, "error": f"no answer within {args.peer_timeout} s"}
    if done.returncode != 0:
        return {"tool": peer, "error": done.stderr.strip()[-1000:]}
    return json.loads(done.stdout)


def run_ours(folder: Path, args: argparse.Namespace, limit: int | None) -> dict:
    """Our figures, in-process (or in a child process of the project's interpreter with
    ``--isolate``, for a peak memory of its own)."""
    print(f"running ours on {folder.name}{f' (first {limit})' if limit else ''} ...", file=sys.stderr)
    if args.isolate:
        command = [sys.executable, str(BENCH_DIR / "ours.py"), str(folder), "--passes", str(args.passes),
                   "--cpu", str(args.cpu)] + (["--limit", str(limit)] if limit is not None else []) \
            + (["--floor"] if args.floor else [])
        done = subprocess.run(command, capture_output=True, text=True)
        if done.returncode != 0:
            return {"tool": "ours", "unavailable": done.stderr.strip()[-1000:]}
        return json.loads(done.stdout)
    try:
        return ours.measure_ours(folder, passes=args.passes, limit=limit, floor=args.floor)
    except ours.OursUnavailable as error:
        return {"tool": "ours", "workload": str(folder), "unavailable": str(error)}


def measure_workload(folder: Path, label: str, args: argparse.Namespace, peer_limit: int | None) -> list[dict]:
    """Rows for one workload folder: ours on all of it, and where the peers run on a
    prefix only, ours again on that same prefix, so that every ratio compares like with like."""
    rows = [dict(run_ours(folder, args, None), workload=label)]
    if args.skip_peers:
        return rows
    ensure_peers_venv()
    peer_label = f"{label}[:{peer_limit}]" if peer_limit else label
    if peer_limit:
        rows.append(dict(run_ours(folder, args, peer_limit), workload=peer_label))
    ours_row = rows[-1]
    for peer in args.peers:
        row = dict(run_peer(peer, folder, args, peer_limit), workload=peer_label)
        row["ratio_ours_to_peer"] = _ratio(ours_row, row)
        rows.append(row)
    return rows


def _ratio(ours_row: dict, peer_row: dict) -> float | None:
    if ours_row.get("statements_per_second") and peer_row.get("statements_per_second"):
        return round(ours_row["statements_per_second"] / peer_row["statements_per_second"], 2)
    return None


# --------------------------------------------------------------------------- reporting


COLUMNS = [("workload", 18), ("tool", 10), ("statements", 10), ("stmt/s wall", 11), ("stmt/s CPU", 10),
           ("ours/peer", 9), ("cols w/ src", 11), ("failures", 8), ("skipped", 7), ("peak MB", 8)]


def table(rows: list[dict], written_columns: dict[str, int]) -> str:
    """The rows as a fixed-width text table."""
    lines = ["  ".join(name.rjust(width) if i > 1 else name.ljust(width) for i, (name, width) in enumerate(COLUMNS))]
    for row in rows:
        if "unavailable" in row or "error" in row:
            reason = (row.get("unavailable") or row.get("error") or "").strip() or "no output"
            lines.append(f"{row['workload']:<18}  {row['tool']:<10}  not available: {reason.splitlines()[-1][:90]}")
            continue
        total = written_columns.get(row["workload"])
        sourced = row.get("written_columns_with_source")
        cells = [row["workload"], row["tool"], row.get("statements"), row.get("statements_per_second"),
                 row.get("statements_per_cpu_second"), row.get("ratio_ours_to_peer", ""),
                 f"{sourced}/{total}" if total and sourced is not None else sourced,
                 row.get("failures"), row.get("skipped", 0), row.get("peak_rss_mb")]
        lines.append("  ".join(_cell(value, width, i) for i, (value, (_, width)) in enumerate(zip(cells, COLUMNS))))
    return "\n".join(lines)


def _cell(value: object, width: int, position: int) -> str:
    text = "" if value is None else f"{value:,}" if isinstance(value, int) else str(value)
    return text.ljust(width) if position <= 1 else text.rjust(width)


def write_results(rows: list[dict], description: dict, args: argparse.Namespace) -> Path:
    RESULTS_DIR.mkdir(exist_ok=True)
    name = args.machine or machine_name(description)
    path = RESULTS_DIR / f"{name}-{dt.date.today().isoformat()}.json"
    previous = json.loads(path.read_text()) if path.exists() else {"runs": []}
    previous["machine"] = description
    previous["runs"].append({
        "started": args.started,
        "command": " ".join(sys.argv),
        "engine": args.engine_state,
        "load_average_before": args.load_before,
        "load_average_after": list(os.getloadavg()),
        "rows": rows,
    })
    path.write_text(json.dumps(previous, indent=1) + "\n")
    return path


# --------------------------------------------------------------------------- main


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workload", choices=("tpc", "day"), default="tpc")
    parser.add_argument("--size", type=int, action="append",
                        help=f"statements of the day workload; repeat for several (default {workloads.DAY_DEFAULT_SIZE})")
    parser.add_argument("--skip-peers", action="store_true", help="measure ours only")
    parser.add_argument("--peers", default=",".join(PEERS), help="comma-separated subset of datahub,sqllineage")
    parser.add_argument("--peer-limit", type=int,
                        help="run the peers on the first N lines of the log only (default: all for tpc, 1000 for day)")
    parser.add_argument("--peer-budget", type=float, default=30.0, help="seconds a peer may spend on one statement")
    parser.add_argument("--peer-timeout", type=float, default=4 * 3600, help="seconds a whole peer run may take")
    parser.add_argument("--passes", type=int, default=3, help="timed passes; the median is reported")
    parser.add_argument("--cpu", type=int, default=0, help="the core everything is pinned to")
    parser.add_argument("--isolate", action="store_true",
                        help="measure ours in a child process (its own peak memory) instead of in this one")
    parser.add_argument("--floor", action="store_true",
                        help="after each of our passes, time sqlglot's bare parse of the same statements (the floor)")
    parser.add_argument("--machine", help="name of the results file's machine (default: <nproc>cpu-<ram>g)")
    parser.add_argument("--no-save", action="store_true", help="print the table only")
    args = parser.parse_args(argv)
    args.peers = [p for p in args.peers.split(",") if p]
    unknown = set(args.peers) - set(PEERS)
    if unknown:
        parser.error(f"unknown peer(s): {', '.join(sorted(unknown))}")
    return args


def main(argv: list[str] | None = None) -> None:
    args = parse_args(argv)
    args.started = dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")
    args.load_before = list(os.getloadavg())
    os.sched_setaffinity(0, {args.cpu})
    description = machine_description()
    args.engine_state = engine_state()

    rows: list[dict] = []
    written_columns: dict[str, int] = {}
    if args.workload == "tpc":
        folder = workloads.ensure("tpc")
        manifest = json.loads((folder / "workload.json").read_text())
        written_columns["tpc"] = manifest["written_columns"]
        rows += measure_workload(folder, "tpc", args, args.peer_limit)
    else:
        for size in args.size or [workloads.DAY_DEFAULT_SIZE]:
            folder = workloads.ensure("day", size=size)
            rows += measure_workload(folder, folder.name, args, args.peer_limit or min(1000, size))

    print(table(rows, written_columns))
    for row in rows:
        if row.get("ratio_to_floor"):
            print(f"{row['workload']}: sqlglot's bare parse {row['floor_statements_per_cpu_second']:,} statements/s (CPU); "
                  f"ours takes {row['ratio_to_floor']} times its CPU time (median of the passes' ratios)")
    if not args.no_save:
        print(f"\nwritten to {write_results(rows, description, args).relative_to(ROOT)}")


if __name__ == "__main__":
    main()
