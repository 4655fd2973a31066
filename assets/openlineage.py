"""``openlineage_events``: the account-day's writing statements as OpenLineage run events.

The asset reads the day's writing records (with the text of their statements from
``raw_query_logs``) sorted in log order, and the catalog's object versions; the Spark tasks
(:mod:`access_history_platform.spark.events`) build one ``COMPLETE`` event per writing
statement with the engine (:mod:`access_history_platform.openlineage`), write them as JSON
lines, one part file per task (``<warehouse>/openlineage_events/day=.../account=.../_versions/
<version>/part-*.jsonl``, the files the partition's ``_manifest.json`` lists, in log order;
a re-run writes a new version, as every partition's) and, when the ``openlineage`` resource
names an endpoint, post each event there; a refused event fails the run with the
endpoint's status, and the partition keeps its previous events.
"""


import json
from typing import Any

import dagster as dg
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from access_history_platform.openlineage import Naming
from access_history_platform.spark.events import JOBS_SHOWN, day_events, refused_message, schema_versions
from resources import LandingZone, OpenLineageTransport, Organization, SparkResource, Warehouse, spark_step
from resources.openlineage import OpenLineageRefused
from resources.tables import ACCESS_HISTORY, CATALOG, RAW_QUERY_LOGS

from .automation import follows_upstream
from .partitions import AccountDay, account_days
from .tables import asset_identity

NAME = "openlineage_events"
#: What one line of the events file holds (OpenLineage's RunEvent, top level).
EVENT_SCHEMA = dg.TableSchema(columns=[
    dg.TableColumn("eventType", "string", description="COMPLETE: the statement ran and wrote"),
    dg.TableColumn("eventTime", "string", description="the query's start time, ISO 8601"),
    dg.TableColumn("run", "struct<runId: uuid>", description="one run per query_id (the same on every re-run)"),
    dg.TableColumn("job", "struct<namespace, name, facets: sql, jobType>",
                   description="<ACCOUNT>.statement_<hash of the statement's shape>, with its SQL"),
    dg.TableColumn("inputs", "list<dataset: namespace, name, facets: schema>",
                   description="what the statement read, directly or behind views"),
    dg.TableColumn("outputs", "list<dataset: namespace, name, facets: schema, columnLineage>",
                   description="what it wrote, each written column with its sources"),
    dg.TableColumn("producer", "string"),
    dg.TableColumn("schemaURL", "string"),
])


@dg.asset(
    name=NAME,
    partitions_def=account_days,
    deps=[ACCESS_HISTORY.name, RAW_QUERY_LOGS.name, CATALOG.name],
    automation_condition=follows_upstream(),
    description="The account-day's writing statements as OpenLineage COMPLETE run events (JSON lines), for data "
                "catalogs such as Marquez, DataHub or OpenMetadata: inputs, outputs, the SQL, column schemas from "
                "the catalog and column lineage. Posted to the endpoint of the openlineage resource when one is set.",
    **asset_identity(kinds={"openlineage", "json"},
                     metadata={"dagster/column_schema": EVENT_SCHEMA, "warehouse_table": NAME,
                               "partition_level": "account-day", "files": "part-*.jsonl"}),
)
@spark_step
def openlineage_events(context: dg.AssetExecutionContext, spark: SparkResource, landing: LandingZone,
                       warehouse: Warehouse, organization: Organization,
                       openlineage: OpenLineageTransport) -> dg.MaterializeResult:
    part = AccountDay.of(context)
    session = spark.session()
    naming = Naming(namespace=openlineage.namespace_of(organization=organization.name, account=part.account),
                    account=part.account, dialect=landing.dialect)
    catalog = warehouse.read(session, CATALOG, part.day, part.account).select("name", "valid_from", "valid_to",
                                                                               "object")
    versions = schema_versions(row.asDict() for row in catalog.toLocalIterator())
    endpoint = openlineage.endpoint_of() if openlineage.enabled else None
    with warehouse.replacing_parts([NAME], part.day, part.account) as staged:
        try:
            reports = day_events(_writing_records(warehouse, session, part), staged.uri(NAME), naming=naming,
                                 versions=versions, endpoint=endpoint)
        except Exception as err:
            refused = refused_message(err)
            if refused is None:
                raise
            raise OpenLineageRefused(refused) from None
        staged.name(NAME, [report["events_file"] for report in reports if report["events_file"]])
    events, outputs = sum(r["events"] for r in reports), sum(r["outputs"] for r in reports)
    jobs: dict[str, list[str]] = {}
    for report in sorted(reports, key=lambda r: r["events_file"] or ""):
        for job, written in json.loads(report["jobs"]).items():
            if len(jobs) < JOBS_SHOWN:
                jobs.setdefault(job, written)
    posted = events if endpoint is not None else 0
    context.log.info(f"{part}: {events} OpenLineage event(s) in {len([r for r in reports if r['events_file']])} "
                     "file(s)" + (f", posted to {openlineage.url}" if endpoint is not None else ""))
    return dg.MaterializeResult(metadata={
        "dagster/row_count": dg.MetadataValue.int(events),
        "path": dg.MetadataValue.path(warehouse.partition_uri(NAME, part.day, part.account)),
        "outputs": dg.MetadataValue.int(outputs),
        "posted": dg.MetadataValue.int(posted),
        "endpoint": dg.MetadataValue.text(openlineage.url or "none (events only written to the warehouse)"),
        "preview": dg.MetadataValue.md(_preview(jobs)),
    })


def _writing_records(warehouse: Warehouse, session: Any, part: AccountDay) -> DataFrame:
    """The day's records that wrote something, each with the text of its request."""
    records = warehouse.read(session, ACCESS_HISTORY, part.day, part.account).where(F.size("objects_modified") > 0)
    texts: DataFrame = warehouse.read(session, RAW_QUERY_LOGS, part.day, part.account).select(
        F.col("query_id").alias("request_id"), "query_text").dropDuplicates(["request_id"])
    return records.join(texts, F.regexp_replace("query_id", "#[0-9]+$", "") == F.col("request_id"), "left")


def _preview(jobs: dict[str, list[str]]) -> str:
    lines = ["| job | outputs |", "|---|---|"]
    lines += [f"| {job} | {', '.join(outputs)} |" for job, outputs in jobs.items()]
    return "\n".join(lines)
