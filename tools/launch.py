"""Runs of the code location's jobs, executed in this process but recorded as the code location's runs.

``execute_in_process`` records a run without a code-location origin, and the Dagster UI's
Overview timeline, which groups runs by code location and job, leaves such runs out ("No
runs"). ``dagster job launch`` creates a run with the origins of the job as the workspace
loads it (``remote_job_origin``: location and repository; ``job_code_origin``: the Python
file a run worker imports) and hands it to the instance's run launcher, which starts one
process per run, and so one Spark session per run. Here the run is created the same way,
then executed in this process as a run worker executes it (``execute_run``): a tool's runs
share one Spark session and still show under the code location's jobs, re-executable from
the UI like any launched run.

Dagster keeps these steps in ``dagster._core`` (1.13: the ``dagster job launch`` command
calls them); :func:`load_code_location` and :func:`execute_job` are the only places that
touch them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

import dagster as dg
from dagster._core.definitions.job_base import InMemoryJob
from dagster._core.execution.api import create_execution_plan, execute_run
from dagster._core.execution.execute_in_process import merge_run_tags
from dagster._core.origin import JobPythonOrigin
from dagster._core.remote_origin import RemoteJobOrigin
from dagster._core.workspace.context import WorkspaceProcessContext
from dagster._core.workspace.load_target import WorkspaceFileTarget

#: The workspace ``dagster dev`` and ``dagster-webserver`` load (one code location, ``definitions.py``).
WORKSPACE = Path(__file__).resolve().parents[1] / "workspace.yaml"


@dataclass(frozen=True)
class CodeLocation:
    """A code location as the workspace loads it: its name and, per job, the origins its runs carry."""

    name: str
    repository: str
    origins: Mapping[str, tuple[RemoteJobOrigin, JobPythonOrigin]]


class CodeLocationError(RuntimeError):
    """The workspace's code location does not load, or lacks a job a tool runs."""


def load_code_location(instance: dg.DagsterInstance, job_names: tuple[str, ...], *,
                       workspace: Path = WORKSPACE) -> CodeLocation:
    """Load ``workspace`` as the webserver does (a code server started with this process's environment)
    and take the origins of ``job_names`` from it; the code server stops before this returns."""
    target = WorkspaceFileTarget(paths=[str(workspace)])
    with WorkspaceProcessContext(instance, target, code_server_log_level="WARNING") as process:
        context = process.create_request_context()
        entries = context.get_code_location_entries()
        if len(entries) != 1:
            raise CodeLocationError(f"{workspace}: expected one code location, found {sorted(entries)}")
        [(name, entry)] = entries.items()
        if entry.load_error is not None:
            raise CodeLocationError(f"{workspace}: the code location {name} does not load: "
                                    f"{entry.load_error.message.strip()}")
        [repository] = context.get_code_location(name).get_repositories().values()
        missing = [job for job in job_names if not repository.has_job(job)]
        if missing:
            raise CodeLocationError(f"{workspace}: the code location {name} has no job {', '.join(missing)}")
        origins = {job: (remote.get_remote_origin(), remote.get_python_origin())
                   for job in job_names for remote in [repository.get_full_job(job)]}
        return CodeLocation(name=name, repository=repository.name, origins=origins)


def execute_job(job: dg.JobDefinition, partition_key: str, *, location: CodeLocation,
                instance: dg.DagsterInstance, run_config: Mapping[str, object],
                tags: Mapping[str, str]) -> dg.JobExecutionResult:
    """Create the run of ``job`` for ``partition_key`` with the code location's origins of the job of
    the same name, and execute it in this process (raising on the first failure, as
    ``execute_in_process`` does). ``job`` must be the code location's job, bound to this tool's
    resources."""
    remote_origin, python_origin = location.origins[job.name]
    run_tags = merge_run_tags(job, partition_key, tags, None, instance, run_config)
    plan = create_execution_plan(job, run_config=run_config, instance_ref=instance.get_ref(), tags=run_tags)
    run = instance.create_run_for_job(job, execution_plan=plan, run_config=run_config, tags=run_tags,
                                      remote_job_origin=remote_origin, job_code_origin=python_origin)
    return execute_run(InMemoryJob(job), run, instance, raise_on_error=True)
