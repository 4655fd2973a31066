"""The tools' one session set-up: where the landing zone, the warehouse and the Dagster instance are, and the
resources over them.

Each tool takes the folders as flags whose defaults are the environment's (``AHP_LANDING``,
``AHP_WAREHOUSE``, ``DAGSTER_HOME``, as ``dagster dev`` and a deployment read them); the
resources are the code location's (:func:`resources.resources_from_env`) with the flags
over the environment, and Spark's own log kept to errors unless ``AHP_SPARK_LOG_LEVEL``
says otherwise (a tool prints its own lines). The instance is the embedded default one
(:func:`resources.instance.local_instance`).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
from collections.abc import Mapping
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

import dagster as dg

from resources import resources_from_env
from resources.instance import local_instance

from .demo_data import DemoSummary, generate_demo
from .env_file import ENV_FILE

#: dagster's own console logger, kept to warnings: the tools print one line per run.
QUIET = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}

#: flag -> (attribute, environment variable, default, what it is)
_LOCATIONS = {
    "--landing": ("landing", "AHP_LANDING", "./landing", "the landing zone: accounts' catalogs and logs"),
    "--warehouse": ("warehouse", "AHP_WAREHOUSE", "./warehouse", "the warehouse the pipeline writes"),
    "--dagster-home": ("dagster_home", "DAGSTER_HOME", "./.dagster_home", "the Dagster instance's folder"),
}


def tool_parser(prog: str, doc: str, *, landing: bool = True, dagster_home: bool = True,
                environ: Mapping[str, str] = os.environ) -> argparse.ArgumentParser:
    """A parser described by ``doc``'s first line, with the location flags the tool needs (``--warehouse`` always)."""
    parser = argparse.ArgumentParser(prog=prog, description=doc.splitlines()[0])
    wanted = {"--landing": landing, "--warehouse": True, "--dagster-home": dagster_home}
    for flag, (_, variable, default, what) in _LOCATIONS.items():
        if wanted[flag]:
            parser.add_argument(flag, default=environ.get(variable, default),
                                help=f"{what} (default ${variable}, else {default})")
    return parser


def changed_locations(args: argparse.Namespace) -> dict[str, str]:
    """The landing zone and warehouse ``args`` name other than the defaults, by their variables (a command printed
    for another process, such as ``dagster dev``, must carry them)."""
    return {variable: getattr(args, attribute) for attribute, variable, default, _ in _LOCATIONS.values()
            if variable != "DAGSTER_HOME" and getattr(args, attribute, default) != default}


def tool_resources(args: argparse.Namespace,
                   environ: Mapping[str, str] = os.environ) -> dict[str, dg.ConfigurableResource]:
    """The pipeline's resources over the folders ``args`` name (the environment's for the others)."""
    overrides = {variable: getattr(args, attribute) for attribute, variable, _, _ in _LOCATIONS.values()
                 if variable != "DAGSTER_HOME" and hasattr(args, attribute)}
    return resources_from_env({**environ, **overrides,
                               "AHP_SPARK_LOG_LEVEL": environ.get("AHP_SPARK_LOG_LEVEL", "ERROR")})


def tool_instance(args: argparse.Namespace) -> dg.DagsterInstance:
    """The Dagster instance in ``--dagster-home`` (made if missing; it becomes ``DAGSTER_HOME``)."""
    return local_instance(args.dagster_home)


def add_demo_arguments(parser: argparse.ArgumentParser, *, when: str = "") -> argparse.ArgumentParser:
    """The demo organization's size, days and seed: ``--accounts``, ``--days``, ``--statements-per-day``,
    ``--last-day``, ``--seed`` (``when`` opens their help)."""
    parser.add_argument("--accounts", type=int, default=3, help=f"{when}demo accounts to generate (default 3)")
    parser.add_argument("--days", type=int, default=3, help=f"{when}demo days to generate (default 3)")
    parser.add_argument("--statements-per-day", type=int, default=400,
                        help=f"{when}log lines per account-day (default 400)")
    parser.add_argument("--last-day", type=_last_day, default=today(),
                        help=f"{when}the demo's last day, YYYY-MM-DD, today or earlier (default today, UTC)")
    parser.add_argument("--seed", type=int, default=7,
                        help=f"{when}the generator's seed: the same seed gives the same statements (default 7)")
    return parser


def _last_day(text: str) -> date:
    """A demo's last day: a date up to today (UTC), since a later day has no partition yet."""
    try:
        day = date.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a date (YYYY-MM-DD)") from None
    if day > today():
        raise argparse.ArgumentTypeError(f"{day} is after today ({today()}, UTC): its partitions do not exist yet")
    return day


def today() -> date:
    """Today's UTC date (the demo's days end on it by default)."""
    return datetime.now(UTC).date()


def write_demo(args: argparse.Namespace) -> DemoSummary:
    """The demo organization of the size ``args`` give, its days ending on ``args.last_day``, into ``args.landing``."""
    return generate_demo(Path(args.landing), accounts=args.accounts, days=args.days,
                         statements_per_day=args.statements_per_day,
                         start=args.last_day - timedelta(days=args.days - 1), seed=args.seed)


START_DATE_VARIABLE = "AHP_START_DATE"


def pin_start_date(first_day: date, env_file: Path = Path(ENV_FILE)) -> None:
    """Make ``first_day`` the first partition day, for this process and for ``dagster dev`` started from the
    folder of ``env_file``: the ``AHP_START_DATE`` line of ``env_file`` (its other lines are kept).

    Called before the assets are imported (their partitions are defined on import); a process that
    imported them with another first day cannot change it, and is told so.
    """
    loaded = sys.modules.get("assets.partitions")
    if loaded is not None and getattr(loaded, "START_DATE", None) != first_day.isoformat():
        raise RuntimeError(f"the assets were imported with partitions from {loaded.START_DATE}, not {first_day}: "
                           f"set {START_DATE_VARIABLE}={first_day} before importing them")
    os.environ[START_DATE_VARIABLE] = first_day.isoformat()
    kept = [line for line in env_file.read_text(encoding="utf-8").splitlines()
            if not line.startswith(f"{START_DATE_VARIABLE}=")] if env_file.exists() else []
    env_file.write_text("\n".join([*kept, f"{START_DATE_VARIABLE}={first_day.isoformat()}"]) + "\n",
                        encoding="utf-8")


def stop_process_group(process: subprocess.Popen, *, grace_seconds: float) -> None:
    """Stop the process group ``process`` leads (started with ``start_new_session``): SIGTERM, then SIGKILL
    if it is still there after ``grace_seconds``."""
    os.killpg(process.pid, signal.SIGTERM)
    try:
        process.wait(timeout=grace_seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait()
