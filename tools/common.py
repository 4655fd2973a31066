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
from collections.abc import Mapping
from pathlib import Path

import dagster as dg

from resources import resources_from_env
from resources.instance import local_instance

from .demo_data import DemoSummary, generate_demo

#: dagster's own console logger, kept to warnings: the tools print one line per run.
QUIET = {"loggers": {"console": {"config": {"log_level": "WARNING"}}}}

#: flag -> (attribute, environment variable, default)
_LOCATIONS = {
    "--landing": ("landing", "AHP_LANDING", "./landing"),
    "--warehouse": ("warehouse", "AHP_WAREHOUSE", "./warehouse"),
    "--dagster-home": ("dagster_home", "DAGSTER_HOME", "./.dagster_home"),
}


def tool_parser(prog: str, doc: str, *, landing: bool = True, dagster_home: bool = True,
                environ: Mapping[str, str] = os.environ) -> argparse.ArgumentParser:
    """A parser described by ``doc``'s first line, with the location flags the tool needs (``--warehouse`` always)."""
    parser = argparse.ArgumentParser(prog=prog, description=doc.splitlines()[0])
    wanted = {"--landing": landing, "--warehouse": True, "--dagster-home": dagster_home}
    for flag, (_, variable, default) in _LOCATIONS.items():
        if wanted[flag]:
            parser.add_argument(flag, default=environ.get(variable, default))
    return parser


def tool_resources(args: argparse.Namespace,
                   environ: Mapping[str, str] = os.environ) -> dict[str, dg.ConfigurableResource]:
    """The pipeline's resources over the folders ``args`` name (the environment's for the others)."""
    overrides = {variable: getattr(args, attribute) for attribute, variable, _ in _LOCATIONS.values()
                 if variable != "DAGSTER_HOME" and hasattr(args, attribute)}
    return resources_from_env({**environ, **overrides,
                               "AHP_SPARK_LOG_LEVEL": environ.get("AHP_SPARK_LOG_LEVEL", "ERROR")})


def tool_instance(args: argparse.Namespace) -> dg.DagsterInstance:
    """The Dagster instance in ``--dagster-home`` (made if missing; it becomes ``DAGSTER_HOME``)."""
    return local_instance(args.dagster_home)


def add_demo_arguments(parser: argparse.ArgumentParser, *, when: str = "") -> argparse.ArgumentParser:
    """The demo organization's size: ``--accounts``, ``--days``, ``--statements-per-day`` (``when`` opens their help)."""
    parser.add_argument("--accounts", type=int, default=3, help=f"{when}demo accounts to generate (default 3)")
    parser.add_argument("--days", type=int, default=3, help=f"{when}demo days to generate (default 3)")
    parser.add_argument("--statements-per-day", type=int, default=400,
                        help=f"{when}log lines per account-day (default 400)")
    return parser


def write_demo(args: argparse.Namespace) -> DemoSummary:
    """The demo organization of the size ``args`` give, written into ``args.landing``."""
    return generate_demo(Path(args.landing), accounts=args.accounts, days=args.days,
                         statements_per_day=args.statements_per_day)
