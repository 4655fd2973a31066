"""The Dagster UI as a user sees it: ``dagster-webserver`` on the sensor-driven instance, and after ``bin/demo``.

The webserver serves the code location of workspace.yaml on the instance test_automation.py
built (sensor runs, automation runs, check results); its GraphQL API, which the UI itself
queries, must show the assets, their latest materializations, who launched them, and
the result of every check. After the demo (``python -m tools.demo``, run as a user runs it,
in a folder of its own), the UI must look right: every asset 100% filled over exactly the
demo's days (ending today), its column schema, owners and code version, and the demo's runs
as the named jobs with the tags saying what started them, placed by the Overview timeline under
the code location's jobs.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import date, timedelta
from pathlib import Path

import pytest

from assets.checks import ALL_CHECK_SPECS
from assets.openlineage import EVENT_SCHEMA
from assets.tables import CODE_VERSION, OWNERS
from resources.tables import BY_NAME, TABLES, Level

from tools.common import stop_process_group, today

from .test_automation import Environment, demo_environment

pytestmark = pytest.mark.spark

REPOSITORY = Path(__file__).resolve().parents[1]
EVENT_SCHEMA_COLUMNS = [column.name for column in EVENT_SCHEMA.columns]
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


def serve(folder: Path, home: Path, landing: Path, warehouse: Path) -> Iterator[str]:
    """``dagster-webserver`` on workspace.yaml started from ``folder`` (whose ``.env``, if any, it reads), until closed."""
    port = free_port()
    log = folder / "webserver.log"
    env = {**os.environ, "DAGSTER_HOME": str(home), "AHP_LANDING": str(landing), "AHP_WAREHOUSE": str(warehouse)}
    env.pop("AHP_START_DATE", None)
    command = [str(Path(sys.executable).parent / "dagster-webserver"), "-w", str(REPOSITORY / "workspace.yaml"),
               "-h", "127.0.0.1", "-p", str(port)]
    with log.open("w") as output:
        process = subprocess.Popen(command, cwd=folder, env=env, stdout=output, stderr=subprocess.STDOUT,
                                   start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until_serving(url, process, log)
        yield url
    finally:
        stop_process_group(process, grace_seconds=30)


@pytest.fixture(scope="module")
def webserver(environment, tmp_path_factory) -> Iterator[str]:
    # started from a folder without .env: the instance's partitions are the default ones
    yield from serve(tmp_path_factory.mktemp("webserver"), environment.home, environment.landing,
                     environment.warehouse)


@pytest.fixture(scope="module")
def asset_nodes(webserver) -> dict[str, dict]:
    return {"/".join(node["assetKey"]["path"]): node for node in graphql(webserver, ASSETS_QUERY)["assetNodes"]}


def test_the_ui_shows_every_asset_with_its_columns(asset_nodes):
    assert set(asset_nodes) == {table.name for table in TABLES} | {"openlineage_events"}, "quarantines too"
    for name, node in asset_nodes.items():
        [schema] = [entry["schema"] for entry in node["metadataEntries"] if entry["label"] == "dagster/column_schema"]
        assert [column["name"] for column in schema["columns"]] == column_names(name), name


def column_names(asset: str) -> list[str]:
    """The columns an asset's table has (the OpenLineage events: the event's top-level fields)."""
    return EVENT_SCHEMA_COLUMNS if asset == "openlineage_events" else BY_NAME[asset].schema.names


def test_each_asset_shows_its_latest_materialization(asset_nodes, environment):
    latest = {table.name: "2026-11-17" if table.level is Level.DAY else "ACME_PROD|2026-11-17" for table in TABLES}
    latest["openlineage_events"] = "ACME_PROD|2026-11-17"
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


# --------------------------------------------------------------------------- after bin/demo

#: One account-day and its rollup (a day more cost a minute of this 2-core machine's test run, and shows the UI
#: nothing new: the sensor-driven instance above has two days).
DEMO_ACCOUNTS, DEMO_DAYS = 1, 1
DEMO_ASSETS_QUERY = """
{ assetNodes {
    assetKey { path }
    partitionStats { numMaterialized numPartitions numFailed }
    partitionKeysByDimension { name partitionKeys }
    metadataEntries { label ... on TableSchemaMetadataEntry { schema { columns { name } } } }
    owners { ... on TeamAssetOwner { team } ... on UserAssetOwner { email } }
    opVersion
} }
"""
RUNS_QUERY = """
{ runsOrError { ... on Runs { results { jobName status tags { key value } } } } }
"""


#: The Overview timeline's queries (dagster-ui ``useRunsForTimeline``): the finished runs updated in the window,
#: and the workspace's jobs; the UI leaves out a run without a start time or a code-location origin.
TIMELINE_RUNS_QUERY = """
query ($filter: RunsFilter!) { runsOrError(filter: $filter, limit: 500) { ... on Runs { results {
    id pipelineName status startTime endTime
    repositoryOrigin { repositoryName repositoryLocationName }
} } } }
"""
TIMELINE_JOBS_QUERY = """
{ workspaceOrError { ... on Workspace { locationEntries { locationOrLoadError { ... on RepositoryLocation {
    name repositories { name pipelines { name isJob } } } } } } } }
"""
DONE_STATUSES = ["SUCCESS", "FAILURE", "CANCELED"]


@dataclass
class Demo:
    folder: Path
    url: str
    first_day: date
    last_day: date
    started: float
    finished: float


@pytest.fixture(scope="module")
def demo(tmp_path_factory) -> Iterator[Demo]:
    """``python -m tools.demo`` run from a folder of its own (its .env there), then the webserver started from it."""
    folder = tmp_path_factory.mktemp("after-demo")
    locations = {"landing": folder / "landing", "warehouse": folder / "warehouse", "home": folder / "dagster_home"}
    env = {key: value for key, value in os.environ.items() if key not in ("AHP_START_DATE", "DAGSTER_HOME")}
    command = [sys.executable, "-m", "tools.demo", "--landing", str(locations["landing"]),
               "--warehouse", str(locations["warehouse"]), "--dagster-home", str(locations["home"]),
               "--accounts", str(DEMO_ACCOUNTS), "--days", str(DEMO_DAYS), "--statements-per-day", "40"]
    started = time.time()
    done = subprocess.run(command, cwd=folder, env=env, capture_output=True, text=True, timeout=3600)
    finished = time.time()
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    last_day = today()
    first_day = last_day - timedelta(days=DEMO_DAYS - 1)
    assert (folder / ".env").read_text() == f"AHP_START_DATE={first_day.isoformat()}\n"
    for url in serve(folder, locations["home"], locations["landing"], locations["warehouse"]):
        yield Demo(folder, url, first_day, last_day, started, finished)


@pytest.fixture(scope="module")
def demo_nodes(demo) -> dict[str, dict]:
    return {"/".join(node["assetKey"]["path"]): node for node in graphql(demo.url, DEMO_ASSETS_QUERY)["assetNodes"]}


def test_after_the_demo_its_days_are_the_partitions_and_all_are_filled(demo, demo_nodes):
    days = [(demo.first_day + timedelta(days=n)).isoformat() for n in range(DEMO_DAYS)]
    assert days[-1] == today().isoformat(), "the demo's days end today"
    for name, node in demo_nodes.items():
        stats = node["partitionStats"]
        assert stats["numMaterialized"] == stats["numPartitions"] > 0 and stats["numFailed"] == 0, (name, stats)
        by_dimension = {d["name"]: d["partitionKeys"] for d in node["partitionKeysByDimension"]}
        assert by_dimension.get("day", by_dimension.get("default")) == days, name
        if "account" in by_dimension:
            assert len(by_dimension["account"]) == DEMO_ACCOUNTS
            assert stats["numPartitions"] == DEMO_ACCOUNTS * DEMO_DAYS


def test_after_the_demo_every_asset_shows_its_columns_owners_and_code_version(demo_nodes):
    assert set(demo_nodes) == {table.name for table in TABLES} | {"openlineage_events"}
    for name, node in demo_nodes.items():
        [schema] = [entry["schema"] for entry in node["metadataEntries"] if entry["label"] == "dagster/column_schema"]
        assert [column["name"] for column in schema["columns"]] == column_names(name), name
        assert [owner.get("team") or owner.get("email") for owner in node["owners"]] == [
            owner.removeprefix("team:") for owner in OWNERS], name
        assert node["opVersion"] == CODE_VERSION, name


def test_the_demos_runs_are_the_named_jobs_tagged_with_what_started_them(demo):
    runs = graphql(demo.url, RUNS_QUERY)["runsOrError"]["results"]
    assert len(runs) == DEMO_DAYS * (DEMO_ACCOUNTS + 1)
    assert sorted(run["jobName"] for run in runs) == sorted(
        ["account_day_job"] * DEMO_DAYS * DEMO_ACCOUNTS + ["organization_day_job"] * DEMO_DAYS)
    for run in runs:
        tags = {tag["key"]: tag["value"] for tag in run["tags"]}
        assert run["status"] == "SUCCESS"
        assert tags["ahp/launched_by"] == "bin/demo" and tags["ahp/demo_seed"] == "7"


def test_the_overview_timeline_places_the_demos_runs_under_the_code_locations_jobs(demo):
    window = {"statuses": DONE_STATUSES, "updatedAfter": demo.started, "updatedBefore": demo.finished}
    runs = graphql(demo.url, TIMELINE_RUNS_QUERY, {"filter": window})["runsOrError"]["results"]
    assert len(runs) == DEMO_DAYS * (DEMO_ACCOUNTS + 1), "every run of the demo is in its window"
    rows: dict[tuple[str, str, str], int] = {}
    for run in runs:
        assert run["startTime"] and run["endTime"] and run["repositoryOrigin"], run
        origin = run["repositoryOrigin"]
        key = (origin["repositoryLocationName"], origin["repositoryName"], run["pipelineName"])
        rows[key] = rows.get(key, 0) + 1
    [location] = [entry["locationOrLoadError"] for entry in
                  graphql(demo.url, TIMELINE_JOBS_QUERY)["workspaceOrError"]["locationEntries"]]
    jobs = {(location["name"], repository["name"], job["name"])
            for repository in location["repositories"] for job in repository["pipelines"] if job["isJob"]}
    assert location["name"] == LOCATION
    assert rows == {(LOCATION, "__repository__", "account_day_job"): DEMO_DAYS * DEMO_ACCOUNTS,
                    (LOCATION, "__repository__", "organization_day_job"): DEMO_DAYS}
    assert set(rows) <= jobs, "each timeline row is a job of the loaded code location"


def test_the_records_preview_is_readable(demo):
    events = graphql(demo.url, """
    { assetOrError(assetKey: {path: ["access_history"]}) { ... on Asset {
        assetMaterializations(limit: 1) { metadataEntries { label ... on MarkdownMetadataEntry { mdStr } } } } } }
    """)["assetOrError"]["assetMaterializations"]
    [preview] = [entry["mdStr"] for entry in events[0]["metadataEntries"] if entry["label"] == "preview"]
    header, _, *rows = preview.splitlines()
    assert header == "| query_id | query_start_time | user_name | objects_read | objects_written | columns_read |"
    assert rows and "Row(" not in preview and "{" not in preview
    assert any("ANALYTICS." in row for row in rows)
