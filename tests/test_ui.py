"""The Dagster UI as a user sees it: ``dagster-webserver`` on the sensor-driven demo instance.

The webserver serves the code location of workspace.yaml on the instance test_automation.py
built (sensor runs, automation runs, check results); its GraphQL API, which the UI itself
queries, must show the six assets, their latest materializations, who launched them, and
the result of every check.
"""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from resources.tables import BY_NAME, TABLES, Level
from assets.checks import ALL_CHECK_SPECS

from .test_automation import Environment, demo_environment

pytestmark = pytest.mark.spark

REPOSITORY = Path(__file__).resolve().parents[1]
LOCATION = "access_history_platform"
STARTUP_SECONDS = 180

ASSETS_QUERY = """
{ assetNodes {
    assetKey { path }
    metadataEntries { label ... on TableSchemaMetadataEntry { schema { columns { name type } } } }
    assetMaterializations(limit: 1) { partition runId }
    assetChecksOrError { ... on AssetChecks { checks {
        name blocking
        executionForLatestMaterialization { status partition evaluation { success severity } }
    } } }
} }
"""
RUN_QUERY = """
query ($runId: ID!) { runOrError(runId: $runId) { ... on Run { status tags { key value } } } }
"""
SENSORS_QUERY = """
{ repositoriesOrError { ... on RepositoryConnection { nodes {
    location { name } sensors { name sensorState { status } } } } } }
"""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def graphql(url: str, query: str, variables: dict | None = None) -> dict:
    request = urllib.request.Request(f"{url}/graphql", headers={"Content-Type": "application/json"},
                                     data=json.dumps({"query": query, "variables": variables or {}}).encode())
    with urllib.request.urlopen(request, timeout=60) as response:
        answer = json.loads(response.read())
    assert "errors" not in answer, answer["errors"]
    return answer["data"]


def wait_until_serving(url: str, process: subprocess.Popen, log: Path) -> None:
    """Until the code location is loaded (the webserver answers before that)."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"dagster-webserver exited with {process.returncode}:\n{log.read_text()[-3000:]}")
        try:
            nodes = graphql(url, SENSORS_QUERY)["repositoriesOrError"].get("nodes", [])
            if any(node["location"]["name"] == LOCATION for node in nodes):
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError):
            pass
        time.sleep(1)
    raise AssertionError(f"dagster-webserver did not serve {LOCATION} within {STARTUP_SECONDS} s:\n"
                         f"{log.read_text()[-3000:]}")


@pytest.fixture(scope="module")
def environment(spark, spark_resource, tmp_path_factory) -> Environment:
    return demo_environment(tmp_path_factory, spark_resource)


@pytest.fixture(scope="module")
def webserver(environment, tmp_path_factory) -> Iterator[str]:
    port = free_port()
    log = tmp_path_factory.mktemp("webserver") / "webserver.log"
    env = {**os.environ, "DAGSTER_HOME": str(environment.home), "AHP_LANDING": str(environment.landing),
           "AHP_WAREHOUSE": str(environment.warehouse)}
    command = [str(Path(sys.executable).parent / "dagster-webserver"), "-w", "workspace.yaml",
               "-h", "127.0.0.1", "-p", str(port)]
    with log.open("w") as output:
        process = subprocess.Popen(command, cwd=REPOSITORY, env=env, stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(url, process, log)
        yield url
    finally:
        os.killpg(process.pid, signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.fixture(scope="module")
def asset_nodes(webserver) -> dict[str, dict]:
    return {"/".join(node["assetKey"]["path"]): node for node in graphql(webserver, ASSETS_QUERY)["assetNodes"]}


def test_the_ui_shows_the_eight_assets_with_their_columns(asset_nodes):
    assert set(asset_nodes) == {table.name for table in TABLES}, "each warehouse table, quarantines too"
    for name, node in asset_nodes.items():
        [schema] = [entry["schema"] for entry in node["metadataEntries"] if entry["label"] == "dagster/column_schema"]
        assert [column["name"] for column in schema["columns"]] == BY_NAME[name].schema.names, name


def test_each_asset_shows_its_latest_materialization(asset_nodes, environment):
    latest = {table.name: "2026-11-17" if table.level is Level.DAY else "ACME_PROD|2026-11-17" for table in TABLES}
    for name, node in asset_nodes.items():
        [materialization] = node["assetMaterializations"]
        assert materialization["partition"] == latest[name]
        assert environment.instance.get_run_by_id(materialization["runId"]) is not None


def test_each_check_shows_its_result_for_the_latest_materialization(asset_nodes):
    expected = {(spec.asset_key.to_user_string(), spec.name): spec.blocking for spec in ALL_CHECK_SPECS}
    shown = {}
    for name, node in asset_nodes.items():
        for check in node["assetChecksOrError"]["checks"]:
            execution = check["executionForLatestMaterialization"]
            assert execution["status"] == "SUCCEEDED", (name, check)
            assert execution["partition"] == node["assetMaterializations"][0]["partition"]
            assert execution["evaluation"]["success"] is True
            assert execution["evaluation"]["severity"] == ("ERROR" if check["blocking"] else "WARN")
            shown[(name, check["name"])] = check["blocking"]
    assert shown == expected


def test_runs_show_the_sensor_and_the_automation_that_launched_them(webserver, asset_nodes):
    def tags(asset: str) -> dict[str, str]:
        run = graphql(webserver, RUN_QUERY, {"runId": asset_nodes[asset]["assetMaterializations"][0]["runId"]})
        assert run["runOrError"]["status"] == "SUCCESS"
        return {tag["key"]: tag["value"] for tag in run["runOrError"]["tags"]}

    raw = tags("raw_query_logs")
    assert raw["dagster/sensor_name"] == "landing_zone_sensor"
    assert raw["dagster/run_key"].startswith("ACME_PROD/2026-11-17/r1-")
    for asset in ("access_history", "org_access_history"):
        assert tags(asset)["dagster/from_automation_condition"] == "true"
    [node] = [n for n in graphql(webserver, SENSORS_QUERY)["repositoriesOrError"]["nodes"]
              if n["location"]["name"] == LOCATION]
    assert {s["name"]: s["sensorState"]["status"] for s in node["sensors"]} == {
        "landing_zone_sensor": "RUNNING", "access_history_automation": "RUNNING"}
