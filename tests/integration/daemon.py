"""The Dagster daemon's work, driven in-process by a test: its workspace and its run queue.

``daemon_workspace`` loads the code location from ``workspace.yaml`` in a code server of its own,
as ``dagster-daemon`` does; ``launch_queued_runs`` is one iteration of the daemon's run queue
(``QueuedRunCoordinatorDaemon``): it launches what the instance's queue limits allow.
"""

from __future__ import annotations

import contextlib
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager

from dagster import DagsterInstance
from dagster._core.storage.dagster_run import DagsterRunStatus
from dagster._core.workspace.context import WorkspaceProcessContext
from dagster._core.workspace.load_target import WorkspaceFileTarget
from dagster._daemon.controller import create_daemon_grpc_server_registry
from dagster._daemon.run_coordinator.queued_run_coordinator_daemon import QueuedRunCoordinatorDaemon
from dagster._utils.error import SerializableErrorInfo

from .conftest import REPO_ROOT

CODE_SERVER_EXIT_SECONDS = 10  # every run it started has ended by then in these tests; past it, kill


@contextmanager
def daemon_workspace(instance: DagsterInstance) -> Iterator[WorkspaceProcessContext]:
    """The workspace the daemon builds from ``workspace.yaml``: the code location in a code
    server process of its own, reached over gRPC; the server is gone when this exits.

    The server starts in an empty folder: the instance's secrets loader adds the variables of a
    ``.env`` in the server's working directory over the test's settings, and ``bin/demo`` writes one
    (``AHP_START_DATE``) into the repository's root."""
    target = WorkspaceFileTarget(paths=[str(REPO_ROOT / "workspace.yaml")])
    with tempfile.TemporaryDirectory(prefix="ahp-code-server-") as folder, contextlib.chdir(folder), \
            create_daemon_grpc_server_registry(instance) as registry:
        try:
            with WorkspaceProcessContext(instance, target, grpc_server_registry=registry) as context:
                yield context
        finally:
            # The registry's own list (dagster 1.13): the server processes it started.
            servers = [entry.server_process for entry in registry._all_processes]  # noqa: SLF001
    # The registry asked each server to shut down; a server leaves once the runs it started
    # are cleared, which takes a look at the instance: wait while its storage is still up.
    for server in servers:
        try:
            server.wait(CODE_SERVER_EXIT_SECONDS)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()


def launch_queued_runs(context: WorkspaceProcessContext) -> None:
    """One iteration of the daemon's run queue: launch what the queue's limits allow."""
    with QueuedRunCoordinatorDaemon(interval_seconds=1) as daemon:
        errors = [item for item in daemon.run_iteration(context) if isinstance(item, SerializableErrorInfo)]
    assert not errors, "\n".join(error.to_string() for error in errors)


def wait_for_run(instance: DagsterInstance, run_id: str, timeout: float) -> DagsterRunStatus:
    """The run's final status; a run still going after ``timeout`` is terminated (its process too)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        run = instance.get_run_by_id(run_id)
        if run is not None and run.is_finished:
            return run.status
        time.sleep(1)
    instance.run_launcher.terminate(run_id)
    raise AssertionError(f"run {run_id} did not finish within {timeout:.0f} s")
