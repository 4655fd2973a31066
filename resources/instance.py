"""The embedded default Dagster instance: one set-up for every local driver.

``bin/demo``, ``python -m tools.automation`` and ``dagster dev`` share ``DAGSTER_HOME``
(``./.dagster_home``); the first to run writes ``resources/local_instance.yaml`` there as ``dagster.yaml`` (run
queue with one run per partition, run monitoring, no telemetry). An existing
``dagster.yaml`` is the operator's and is left alone.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import dagster as dg

LOCAL_INSTANCE = Path(__file__).resolve().parent / "local_instance.yaml"


def local_instance(home: str | os.PathLike[str]) -> dg.DagsterInstance:
    """The instance in ``home`` (made, with the local ``dagster.yaml``, if missing), as ``DAGSTER_HOME``."""
    folder = Path(home).expanduser().resolve()
    folder.mkdir(parents=True, exist_ok=True)
    if not (folder / "dagster.yaml").exists():
        shutil.copyfile(LOCAL_INSTANCE, folder / "dagster.yaml")
    os.environ["DAGSTER_HOME"] = str(folder)
    return dg.DagsterInstance.get()
