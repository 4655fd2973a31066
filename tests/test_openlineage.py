"""OpenLineage out: the example log's writes as run events, valid by the pinned spec, posted to a real endpoint.

The events are built from a real resolution of ``examples/`` (catalog and log, the same
``ahp resolve`` reads), validated against the JSON schemas of the OpenLineage version the
client library stamps on them (``tests/data/openlineage/``, copied from the spec's repository),
and posted through the platform's ``openlineage`` resource to an HTTP server this module
starts on 127.0.0.1, which checks what it receives.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import jsonschema
import pytest
import referencing

from access_history_platform.catalog import Catalog, load_catalog
from access_history_platform.logs import read_log
from access_history_platform.openlineage import (
    Naming,
    catalog_schemas,
    column_kinds,
    event_json,
    run_events,
    snowflake_namespace,
    statement_tree,
)
from access_history_platform.resolve import RECORDED, resolve_log
from resources.openlineage import OpenLineageRefused, OpenLineageTransport
from tools.demo_data import generate_demo

REPOSITORY = Path(__file__).resolve().parents[1]
SCHEMAS = Path(__file__).parent / "data" / "openlineage"
NAMING = Naming(namespace=snowflake_namespace("ACME", "ACME_PROD"), account="ACME_PROD")
#: A facet's key in the event -> the property naming it in its schema file.
FACET_FILES = {"sql": "SQLJobFacet", "jobType": "JobTypeJobFacet", "schema": "SchemaDatasetFacet",
               "columnLineage": "ColumnLineageDatasetFacet"}


# --------------------------------------------------------------------------- the events


@pytest.fixture(scope="module")
def demo_day(tmp_path_factory) -> tuple[Catalog, list[Path]]:
    """One account-day of the demo organization: its catalog and its log files (ETL, governance, reads)."""
    landing = tmp_path_factory.mktemp("openlineage") / "landing"
    generate_demo(landing, accounts=1, days=1, statements_per_day=300)
    [account] = [folder for folder in landing.iterdir() if folder.is_dir()]
    files = sorted(path for day in account.iterdir() if day.is_dir() for path in day.iterdir())
    return load_catalog(account / "catalog.json"), files


@pytest.fixture(scope="module")
def resolved(demo_day) -> list[tuple[dict, str]]:
    """Every record of the day with its statement's text."""
    catalog, files = demo_day
    lines = [line for path in files for line in read_log(path)]
    outcomes = [o for o in resolve_log(catalog, lines) if getattr(o, "status", None) == RECORDED]
    return [(record, outcome.statement.text) for outcome in outcomes for record in outcome.records]


@pytest.fixture(scope="module")
def events(demo_day, resolved) -> list[dict]:
    schemas = catalog_schemas(demo_day[0])
    return [json.loads(event_json(e)) for e in run_events(resolved, naming=NAMING, schemas=schemas)]


@pytest.fixture(scope="module")
def registry() -> referencing.Registry:
    resources = [referencing.Resource.from_contents(json.loads(path.read_text())) for path in SCHEMAS.glob("*.json")
                 if path.name != "column_kinds.json"]
    return referencing.Registry().with_resources((resource.id(), resource) for resource in resources)


def validate(instance: dict, schema_id: str, registry: referencing.Registry) -> None:
    """``instance`` against the schema ``schema_id`` names (a file's ``$id``, with a ``#`` fragment or not)."""
    base, _, fragment = schema_id.partition("#")
    assert base in {str(uri) for uri in registry}, f"no schema file for {base}: see tests/data/openlineage/SOURCE.md"
    jsonschema.Draft202012Validator({"$ref": schema_id}, registry=registry,
                                    format_checker=jsonschema.FormatChecker()).validate(instance)


def uri(dataset: dict) -> str:
    """A dataset's namespace and name as the URI they stand for (OpenLineage's naming: ``file`` + a path)."""
    namespace = "file://" if dataset["namespace"] == "file" else dataset["namespace"]
    return f"{namespace}/{dataset['name'].lstrip('/')}"


def facets_of(event: dict) -> Iterator[tuple[str, dict]]:
    yield from event["job"].get("facets", {}).items()
    for dataset in (*event["inputs"], *event["outputs"]):
        yield from dataset.get("facets", {}).items()


def test_one_complete_event_per_writing_statement(resolved, events):
    writing = [record for record, _ in resolved if record["objects_modified"]]
    assert len(writing) >= 20, "the demo's day has loads, CTAS, inserts, merges, unloads"
    assert len(events) == len(writing) == len({e["run"]["runId"] for e in events})
    assert {e["eventType"] for e in events} == {"COMPLETE"}
    for event, record in zip(events, writing):
        assert datetime.fromisoformat(event["eventTime"]) == datetime.fromisoformat(record["query_start_time"])
        assert sorted(d["name"] for d in event["outputs"] if d["namespace"] == NAMING.namespace) == sorted(
            o["objectName"] for o in record["objects_modified"] if o.get("objectName"))
        for location in (o["location"] for o in record["objects_modified"] if o.get("location")):
            assert location in {uri(d) for d in event["outputs"]}, location
        assert event["job"]["namespace"] == NAMING.namespace
        assert event["job"]["name"].startswith("ACME_PROD.statement_")
        assert event["job"]["facets"]["sql"]["query"].strip()


def test_every_event_and_facet_is_valid_by_the_pinned_spec(events, registry):
    for event in events:
        validate(event, event["schemaURL"].replace("BaseEvent", "RunEvent"), registry)
        for key, facet in facets_of(event):
            assert key in FACET_FILES, f"facet {key} has no schema here"
            validate({key: facet}, facet["_schemaURL"].partition("#")[0], registry)


def test_a_broken_event_fails_the_validation(events, registry):
    [lineage, *_] = [json.loads(json.dumps(output["facets"]["columnLineage"])) for event in events
                     for output in event["outputs"] if "columnLineage" in output["facets"]]
    validate({"columnLineage": lineage}, lineage["_schemaURL"].partition("#")[0], registry)
    lineage["fields"] = {"A": {"inputFields": [{"namespace": "x"}]}}  # an input field without name and field
    with pytest.raises(jsonschema.ValidationError):
        validate({"columnLineage": lineage}, lineage["_schemaURL"].partition("#")[0], registry)


def test_datasets_carry_the_catalogs_columns_and_the_column_lineage(demo_day, resolved, events):
    catalog = {o.name: o for o in demo_day[0].objects()}
    with_schema = [d for e in events for d in (*e["inputs"], *e["outputs"]) if "schema" in d.get("facets", {})]
    assert len(with_schema) >= len(events), "tables of the catalog get their columns"
    for dataset in with_schema:
        if dataset["name"] in catalog and catalog[dataset["name"]].columns:
            assert [f["name"] for f in dataset["facets"]["schema"]["fields"]] == [
                c.name for c in catalog[dataset["name"]].columns]
    writing = [record for record, _ in resolved if record["objects_modified"]]
    for event, record in zip(events, writing):
        for modified in record["objects_modified"]:
            sources = {c["columnName"]: {(s["objectName"], s["columnName"]) for s in
                                         (*c.get("directSources", ()), *c.get("baseSources", ())) if s.get("columnName")}
                       for c in modified.get("columns") or ()}
            [output] = [d for d in event["outputs"] if d["name"] == modified.get("objectName")] or [None]
            if output is None or not any(sources.values()):
                continue
            fields = output["facets"]["columnLineage"]["fields"]
            assert {name: {(f["name"], f["field"]) for f in fields[name]["inputFields"]}
                    for name in fields} == {name: found for name, found in sources.items() if found}


def test_the_same_record_gives_the_same_run_every_time(resolved):
    first = [event_json(e) for e in run_events(resolved, naming=NAMING)]
    assert first == [event_json(e) for e in run_events(resolved, naming=NAMING)]


@pytest.mark.parametrize("case", json.loads((SCHEMAS / "column_kinds.json").read_text()), ids=lambda c: c["sql"][:40])
def test_transformation_types_where_the_text_tells_them(case):
    assert column_kinds(statement_tree(case["sql"])) == case["kinds"]


# --------------------------------------------------------------------------- the endpoint


@dataclass
class Receiver:
    """An OpenLineage endpoint on 127.0.0.1: stores what is posted, answers ``status``."""

    url: str
    status: int = 201
    received: list[tuple[str, str, dict]] = field(default_factory=list)


@pytest.fixture
def receiver() -> Iterator[Receiver]:
    state = Receiver(url="")

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:  # noqa: N802 - the stdlib's name
            body = self.rfile.read(int(self.headers["Content-Length"]))
            state.received.append((self.path, self.headers.get("Authorization", ""), json.loads(body)))
            self.send_response(state.status)
            self.end_headers()

        def log_message(self, *args: object) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield state
    finally:
        server.shutdown()
        server.server_close()


def test_the_events_are_posted_to_the_endpoint_with_the_api_key(demo_day, resolved, events, receiver, registry):
    transport = OpenLineageTransport(url=receiver.url, api_key="secret-key")
    posted = transport.emit_all(run_events(resolved, naming=NAMING, schemas=catalog_schemas(demo_day[0])))
    assert posted == len(events) == len(receiver.received)
    for (path, authorization, body), event in zip(receiver.received, events):
        assert path == "/api/v1/lineage"
        assert authorization == "Bearer secret-key"
        validate(body, body["schemaURL"].replace("BaseEvent", "RunEvent"), registry)
        body["run"]["facets"].pop("tags")  # the client's own version, added as it sends
        assert body == event


@pytest.mark.parametrize("status", [401, 503])
def test_a_failing_endpoint_fails_with_its_status(resolved, receiver, status):
    receiver.status = status
    transport = OpenLineageTransport(url=receiver.url, retries=0)
    with pytest.raises(OpenLineageRefused, match=str(status)):
        transport.emit_all(run_events(resolved, naming=NAMING))
    assert len(receiver.received) == 1, "the first refused event stops the posting"


# --------------------------------------------------------------------------- the asset


@pytest.mark.spark
def test_the_asset_writes_the_days_events_in_log_order_and_posts_them_and_a_refusal_fails_the_run(
        spark_resource, tmp_path, receiver, monkeypatch, registry):
    import dagster as dg

    from assets import ACCOUNT_DAY_ASSETS, ALL_ASSETS
    from assets.partitions import ACCOUNTS, partition_key
    from resources import LandingZone, Organization, Settings, Warehouse, openlineage_from_env

    landing = tmp_path / "landing"
    summary = generate_demo(landing, accounts=1, days=1, statements_per_day=120)
    [(account, days)] = summary.lines.items()
    day = next(iter(days))
    monkeypatch.setenv("AHP_OPENLINEAGE_API_KEY", "key-from-env")
    transport = openlineage_from_env(Settings(openlineage_url=receiver.url))
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions(ACCOUNTS, [account])
    resources = {"spark": spark_resource, "landing": LandingZone(root=str(landing)),
                 "warehouse": Warehouse(root=str(tmp_path / "warehouse")), "organization": Organization(name="ACME"),
                 "openlineage": transport}

    def run(selection: list) -> dg.ExecuteInProcessResult:
        return dg.materialize(list(ALL_ASSETS), selection=selection, instance=instance, resources=resources,
                              partition_key=partition_key(day, account), raise_on_error=False)

    assert run(list(ACCOUNT_DAY_ASSETS)).success
    warehouse = Warehouse(root=str(tmp_path / "warehouse"))

    def written() -> list[dict]:
        """The partition's events: its files in the manifest's order, each front to back."""
        return [json.loads(line) for uri in warehouse.files("openlineage_events", day, account)
                for line in Path(uri.removeprefix("file://")).read_text().splitlines()]

    lines = written()
    assert len(lines) >= 5 and all(e["job"]["name"].startswith(f"{account}.statement_") for e in lines)
    assert [e["eventTime"] for e in lines] == sorted(e["eventTime"] for e in lines), "in log order"
    assert {e["outputs"][0]["namespace"] for e in lines} >= {f"snowflake://ACME-{account}"}
    for event in lines:
        validate(event, event["schemaURL"].replace("BaseEvent", "RunEvent"), registry)
    posted = [body["run"]["runId"] for _, _, body in receiver.received]
    assert sorted(posted) == sorted(e["run"]["runId"] for e in lines) and len(set(posted)) == len(posted)
    assert {authorization for _, authorization, _ in receiver.received} == {"Bearer key-from-env"}
    [materialization] = [m for m in instance.fetch_materializations(dg.AssetKey("openlineage_events"), limit=1).records]
    assert materialization.asset_materialization.metadata["posted"].value == len(lines)
    assert materialization.asset_materialization.metadata["dagster/row_count"].value == len(lines)

    # several tasks (the shuffle's partitions not merged): several part files, which read in order are the same events
    session = spark_resource.session()
    settings = {"spark.sql.adaptive.coalescePartitions.enabled": "false", "spark.sql.shuffle.partitions": "7"}
    before = {key: session.conf.get(key) for key in settings}
    try:
        for key, value in settings.items():
            session.conf.set(key, value)
        receiver.received = []
        assert run([dg.AssetKey("openlineage_events")]).success
    finally:
        for key, value in before.items():
            session.conf.set(key, value)
    assert len(warehouse.files("openlineage_events", day, account)) > 1
    assert written() == lines
    assert sorted(body["run"]["runId"] for _, _, body in receiver.received) == sorted(posted)

    receiver.status, receiver.received = 500, []
    resources["openlineage"] = OpenLineageTransport(url=receiver.url, retries=0)
    kept = warehouse.files("openlineage_events", day, account)
    failed = run([dg.AssetKey("openlineage_events")])
    assert not failed.success
    [failure] = [e for e in failed.all_events if e.is_step_failure]
    message = failure.step_failure_data.error.message
    assert message.startswith("resources.openlineage.OpenLineageRefused: OpenLineage endpoint") and "500" in message
    assert "Traceback" not in message, "the endpoint's answer, not the Spark task's stack"
    assert warehouse.files("openlineage_events", day, account) == kept and written() == lines, "kept whole"


def test_the_modules_examples_hold():
    """The docstrings' examples: an event's output and its subtype, the namespaces, locations by their stores."""
    import doctest

    from access_history_platform import openlineage

    failed, tried = doctest.testmod(openlineage)
    assert tried >= 6 and failed == 0
