"""``openlineage_events``: the account-day's writing statements as OpenLineage run events.

The asset reads the day's records (with the text of their statements from ``raw_query_logs``)
and the catalog's object versions, has the engine
(:mod:`access_history_platform.openlineage`) build one ``COMPLETE`` event per writing
statement, writes them as JSON lines (``<warehouse>/openlineage_events/day=.../account=.../_versions/<version>/
events.jsonl``, the file the partition's ``_manifest.json`` lists; a re-run writes a new version, as every partition's) and, when the ``openlineage`` resource
names an endpoint, posts each event there; a refused event fails the run with the
endpoint's status, and the partition keeps its previous events.
"""


from collections.abc import Iterator
from typing import Any

import dagster as dg
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from access_history_platform.openlineage import Naming, event_json, run_events, statement_text, versions_schemas
from resources import LandingZone, OpenLineageTransport, Organization, SparkResource, Warehouse, spark_step
from resources.storage import filesystem
from resources.tables import ACCESS_HISTORY, CATALOG, RAW_QUERY_LOGS

from .automation import follows_upstream
from .partitions import AccountDay, account_days
from .tables import asset_identity

NAME = "openlineage_events"
FILE = "events.jsonl"
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
                               "partition_level": "account-day", "file": FILE}),
)
@spark_step
def openlineage_events(context: dg.AssetExecutionContext, spark: SparkResource, landing: LandingZone,
                       warehouse: Warehouse, organization: Organization,
                       openlineage: OpenLineageTransport) -> dg.MaterializeResult:
    part = AccountDay.of(context)
    session = spark.session()
    naming = Naming(namespace=openlineage.namespace_of(organization=organization.name, account=part.account),
                    account=part.account, dialect=landing.dialect)
    versions = warehouse.read(session, CATALOG, part.day, part.account).select("name", "valid_from", "valid_to",
                                                                                "object")
    schemas = versions_schemas(row.asDict() for row in versions.toLocalIterator())
    client = openlineage.client() if openlineage.enabled else None
    events = outputs = 0
    jobs: dict[str, list[str]] = {}
    with warehouse.replacing(NAME, part.day, part.account) as staged:
        fs, path = filesystem(f"{staged}/{FILE}")
        fs.makedirs(path.rsplit("/", 1)[0], exist_ok=True)
        with fs.open(path, "w", encoding="utf-8") as out:
            for event in run_events(_writing_records(warehouse, session, part, landing.dialect), naming=naming,
                                    schemas=schemas):
                out.write(event_json(event) + "\n")
                if client is not None:
                    openlineage.emit(client, event)
                events, outputs = events + 1, outputs + len(event.outputs)
                if len(jobs) < 5:
                    jobs.setdefault(event.job.name, [f"{d.namespace}/{d.name}" for d in event.outputs])
    posted = events if client is not None else 0
    context.log.info(f"{part}: {events} OpenLineage event(s)" + (f", posted to {openlineage.url}" if client else ""))
    return dg.MaterializeResult(metadata={
        "dagster/row_count": dg.MetadataValue.int(events),
        "path": dg.MetadataValue.path(warehouse.partition_uri(NAME, part.day, part.account)),  # holds FILE
        "outputs": dg.MetadataValue.int(outputs),
        "posted": dg.MetadataValue.int(posted),
        "endpoint": dg.MetadataValue.text(openlineage.url or "none (events only written to the warehouse)"),
        "preview": dg.MetadataValue.md(_preview(jobs)),
    })


def _writing_records(warehouse: Warehouse, session: Any, part: AccountDay,
                     dialect: str) -> Iterator[tuple[dict[str, Any], str]]:
    """The day's records that wrote something, in log order, each with its statement's text."""
    records = warehouse.read(session, ACCESS_HISTORY, part.day, part.account).where(F.size("objects_modified") > 0)
    texts: DataFrame = warehouse.read(session, RAW_QUERY_LOGS, part.day, part.account).select(
        F.col("query_id").alias("request_id"), "query_text").dropDuplicates(["request_id"])
    joined = records.join(texts, F.regexp_replace("query_id", "#[0-9]+$", "") == F.col("request_id"), "left")
    for row in joined.orderBy("query_start_time", "query_id").toLocalIterator():
        record = row.asDict(recursive=True)
        yield record, statement_text(record["query_id"], record.pop("query_text") or "", dialect=dialect)


def _preview(jobs: dict[str, list[str]]) -> str:
    lines = ["| job | outputs |", "|---|---|"]
    lines += [f"| {job} | {', '.join(outputs)} |" for job, outputs in jobs.items()]
    return "\n".join(lines)
