"""Access-history records as OpenLineage run events, for data catalogs that ingest lineage.

Every record that wrote something (``objects_modified`` not empty) becomes one ``COMPLETE``
:class:`~openlineage.client.event_v2.RunEvent`, built with the OpenLineage client library
(``openlineage-python``); failed statements write nothing and have no record, so there is
no ``FAIL`` event. The event carries:

- ``eventTime``: the query's start time (the log has no end time);
- the run: a UUID derived from the dataset namespace and the ``query_id``, so the same
  record always gives the same run (a re-run of a partition re-sends the same events);
- the job: namespace = the warehouse's dataset namespace, name =
  ``<ACCOUNT>.statement_<12 hex digits>``, a hash of the statement's text with its literals
  folded (:func:`job_name`), so every run of one statement shape is one job; its facets are
  ``sql`` (the statement's text and dialect) and ``jobType`` (``BATCH``, ``QUERY``);
- inputs: every table, view, stage, stream and external location the record read, directly
  or as a base object behind views; outputs: what it wrote. Catalog objects are named by
  OpenLineage's naming conventions for the warehouse (namespace e.g.
  ``snowflake://<organization>-<account>``, name ``DB.SCHEMA.TABLE``); locations by their
  store's (``s3://bucket`` + key, ``gs://``, ``abfss://``, ``file``);
- a ``schema`` facet on each dataset whose columns the catalog knows, as it was at the
  query's time;
- a ``columnLineage`` facet on each output: every written column's ``directSources`` and
  ``baseSources`` as input fields of type ``DIRECT``, with the subtype ``IDENTITY``,
  ``TRANSFORMATION`` or ``AGGREGATION`` where the statement's text tells it
  (:func:`column_kinds`); the columns the statement read without feeding a written column
  (filters, joins, grouping) as dataset-wide ``INDIRECT`` fields, with the subtype
  ``FILTER``, ``JOIN``, ``GROUP_BY``, ``SORT`` or ``WINDOW`` where the column's name
  appears in one such clause only.

>>> from datetime import datetime, timezone
>>> record = {"query_id": "q1", "query_start_time": datetime(2026, 11, 1, tzinfo=timezone.utc),
...           "user_name": "ETL", "direct_objects_accessed": [{"objectDomain": "Table", "objectName": "DB.S.SRC",
...           "columns": [{"columnName": "A"}]}], "base_objects_accessed": [],
...           "objects_modified": [{"objectDomain": "Table", "objectName": "DB.S.DST", "columns": [
...               {"columnName": "A", "directSources": [{"objectDomain": "Table", "objectName": "DB.S.SRC",
...                                                      "columnName": "A"}], "baseSources": []}]}],
...           "object_modified_by_ddl": None, "policies_referenced": [], "parent_query_id": None,
...           "root_query_id": None}
>>> naming = Naming(namespace=snowflake_namespace("ACME", "PROD"), account="PROD")
>>> event = run_event(record, query_text="insert into db.s.dst select a from db.s.src", naming=naming)
>>> [(d.namespace, d.name) for d in event.outputs]
[('snowflake://ACME-PROD', 'DB.S.DST')]
>>> event.outputs[0].facets["columnLineage"].fields["A"].inputFields[0].transformations[0].subtype
'IDENTITY'
"""

from __future__ import annotations

import hashlib
import uuid
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import datetime, timezone
from importlib import metadata
from typing import Any
from urllib.parse import urlsplit

import requests
import sqlglot
from openlineage.client import OpenLineageClient
from openlineage.client.event_v2 import InputDataset, Job, OutputDataset, Run, RunEvent, RunState
from openlineage.client.facet_v2 import column_lineage_dataset, job_type_job, schema_dataset, sql_job
from openlineage.client.naming import dataset as ol_naming
from openlineage.client.serde import Serde
from openlineage.client.transport.http import ApiKeyTokenProvider, HttpConfig, HttpTransport, TokenProvider
from sqlglot import exp

from .catalog import Catalog
from .sql.fingerprint import fingerprint
from .sql.statements import split_request, statement_ids

__all__ = ["Endpoint", "EventRefused", "Naming", "SchemaLookup", "catalog_schemas", "column_kinds", "event_json",
           "job_name", "run_event", "run_events", "snowflake_namespace", "statement_text", "statement_tree",
           "versions_schemas"]


def _producer() -> str:
    try:
        version = metadata.version("access-history-platform")
    except metadata.PackageNotFoundError:  # run from a source tree that was never installed
        version = "0"
    return f"urn:access-history-platform:{version}"


PRODUCER = _producer()
#: Domains of catalog objects that hold data (the others, functions and procedures, are not datasets).
DATASET_DOMAINS = frozenset({"Table", "View", "Materialized view", "External table", "Stage", "Stream"})
#: (name, type) of a dataset's columns; None when the catalog does not know them.
Columns = list[tuple[str, str | None]]
#: The columns of a catalog object (by name) as the catalog held them at a time.
SchemaLookup = Callable[[str, datetime], Columns | None]


@dataclass(frozen=True, slots=True)
class Naming:
    """Where the events' datasets and jobs live: the warehouse's dataset namespace, and the account."""

    namespace: str
    account: str
    dialect: str = "snowflake"


def snowflake_namespace(organization: str, account: str) -> str:
    """A Snowflake account's dataset namespace, ``snowflake://<organization>-<account>``.

    >>> snowflake_namespace("ACME", "ACME_PROD")
    'snowflake://ACME-ACME_PROD'
    """
    return ol_naming.Snowflake(organization_name=organization, account_name=account, database="-", schema="-",
                               table="-").get_namespace()


def job_name(account: str, text: str) -> str:
    """The job of a statement: the account and a hash of the text with its literals folded.

    >>> job_name("PROD", "insert into t select 1") == job_name("PROD", "INSERT  into t select 2")
    False
    >>> shape = "insert into t select * from s where a = {}"
    >>> job_name("PROD", shape.format(1)) == job_name("PROD", shape.format(2))
    True
    """
    shape = fingerprint(text) or " ".join(text.split())
    return f"{account}.statement_{hashlib.sha256(shape.encode()).hexdigest()[:12]}"


def statement_text(query_id: str, request_text: str, *, dialect: str = "snowflake") -> str:
    """The text of the statement ``query_id`` names: the request's, or its n-th statement for ``<id>#<n>`` (the m-th
    statement its n-th runs for ``<id>#<n>#<m>``: :func:`~.sql.statements.statement_ids`).

    >>> statement_text("q1#2", "use db; insert into t select 1")
    'insert into t select 1'
    >>> statement_text("q1#2#2", "use db; execute immediate $$ select 1; insert into t select 2 $$")
    'insert into t select 2'
    """
    base, _, number = query_id.rpartition("#")
    if not base or not number.isdigit():
        return request_text
    groups = split_request(request_text, dialect)
    outer, _, outer_number = base.rpartition("#")
    for request in ((outer, base) if outer and outer_number.isdigit() else (base,)):
        found = next((text for child, _, text in statement_ids(request, groups) if child == query_id), None)
        if found is not None:
            return found
    return request_text


# --------------------------------------------------------------------------- schemas from the catalog


def catalog_schemas(catalog: Catalog) -> SchemaLookup:
    """The columns of ``catalog``'s objects, whatever the time (a snapshot that does not change)."""
    known = {obj.name: [(c.name, c.data_type) for c in obj.columns] for obj in catalog.objects()
             if obj.columns is not None}
    return lambda name, at: known.get(name)


def versions_schemas(versions: Iterable[Mapping[str, Any]]) -> SchemaLookup:
    """The columns of the ``catalog`` table's object versions, each valid from ``valid_from`` until ``valid_to``.

    ``versions`` are rows with ``name``, ``valid_from``, ``valid_to`` (None: still valid) and
    ``object`` (the object as JSON data, or its JSON text).
    """
    import json

    by_name: dict[str, list[tuple[datetime | None, datetime | None, Columns | None]]] = {}
    for row in versions:
        obj = row["object"] if isinstance(row["object"], Mapping) else json.loads(row["object"])
        columns = [(c["name"], c.get("data_type")) for c in obj["columns"]] if obj.get("columns") is not None else None
        by_name.setdefault(row["name"], []).append((_utc(row.get("valid_from")), _utc(row.get("valid_to")), columns))

    def lookup(name: str, at: datetime) -> Columns | None:
        moment = _utc(at)
        for start, end, columns in by_name.get(name, ()):
            if (start is None or start <= moment) and (end is None or moment < end):
                return columns
        return None

    return lookup


def _utc(value: datetime | None) -> datetime | None:
    if value is None:
        return None
    return value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)


# --------------------------------------------------------------------------- events


def run_events(records: Iterable[tuple[Mapping[str, Any], str]], *, naming: Naming,
               schemas: SchemaLookup | None = None) -> Iterator[RunEvent]:
    """One event per writing record of ``(record, statement text)`` pairs; the others are skipped."""
    for record, text in records:
        event = run_event(record, query_text=text, naming=naming, schemas=schemas)
        if event is not None:
            yield event


def run_event(record: Mapping[str, Any], *, query_text: str, naming: Naming,
              schemas: SchemaLookup | None = None) -> RunEvent | None:
    """The ``COMPLETE`` event of one access-history record, or None when it wrote nothing."""
    modified = [entry for entry in record.get("objects_modified") or () if _dataset_key(entry, naming)]
    if not modified:
        return None
    at = _utc(_timestamp(record["query_start_time"]))
    lookup = schemas or (lambda name, when: None)
    tree = statement_tree(query_text, naming.dialect)
    kinds, clauses = column_kinds(tree), _clause_columns(tree)
    read = _unique(entry for key in ("direct_objects_accessed", "base_objects_accessed")
                   for entry in record.get(key) or () if _dataset_key(entry, naming))
    fed = {(s.get("objectName"), (s.get("columnName") or "").casefold())
           for entry in modified for column in entry.get("columns") or ()
           for s in (*(column.get("directSources") or ()), *(column.get("baseSources") or ()))}
    indirect = [_input_field(entry, column["columnName"], naming, "INDIRECT",
                             _only(clauses.get(column["columnName"].casefold(), set())))
                for entry in record.get("direct_objects_accessed") or () if _dataset_key(entry, naming)
                for column in entry.get("columns") or ()
                if column.get("columnName") and column["columnName"] != "*"
                and (entry.get("objectName"), column["columnName"].casefold()) not in fed]
    outputs = [_output(entry, naming, lookup, at, kinds, indirect) for entry in _unique(modified)]
    return RunEvent(
        eventType=RunState.COMPLETE,
        eventTime=at.isoformat(),
        run=Run(runId=str(uuid.uuid5(uuid.NAMESPACE_URL, f"{naming.namespace}/{record['query_id']}"))),
        job=Job(namespace=naming.namespace, name=job_name(naming.account, query_text), facets={
            "sql": sql_job.SQLJobFacet(query=query_text, dialect=naming.dialect),
            "jobType": job_type_job.JobTypeJobFacet(processingType="BATCH", integration=naming.dialect.upper(),
                                                    jobType="QUERY"),
        }),
        inputs=[InputDataset(*_dataset_key(entry, naming), facets=_schema_facet(entry, lookup, at)) for entry in read],
        outputs=outputs,
        producer=PRODUCER,
    )


def event_json(event: RunEvent) -> str:
    """One event as one line of JSON (the form the HTTP transport sends)."""
    return Serde.to_json(event)


# --------------------------------------------------------------------------- posting


class EventRefused(Exception):
    """The endpoint answered an event with an error status, or not at all."""


@dataclass(frozen=True)
class Endpoint:
    """An OpenLineage HTTP endpoint (Marquez, DataHub, ...), events posted to ``<url>/<endpoint>`` with the API
    key (if any) as a bearer token; plain data, so a Spark task can post too."""

    url: str
    endpoint: str = "api/v1/lineage"
    api_key: str | None = field(default=None, repr=False)
    timeout_seconds: float = 5.0
    retries: int = 5

    def client(self) -> OpenLineageClient:
        """The OpenLineage client's HTTP transport to the endpoint: ``retries`` on a 5xx answer or a lost
        connection."""
        auth = ApiKeyTokenProvider({"api_key": self.api_key}) if self.api_key else TokenProvider({})
        retry = {"total": self.retries, "read": self.retries, "connect": self.retries, "backoff_factor": 0.3,
                 "status_forcelist": [500, 502, 503, 504], "allowed_methods": ["HEAD", "POST"]}
        config = HttpConfig(url=self.url, endpoint=self.endpoint, timeout=self.timeout_seconds, auth=auth,
                            retry=retry)
        return OpenLineageClient(transport=HttpTransport(config))

    def post(self, client: OpenLineageClient, event: RunEvent) -> None:
        """Post one event through ``client`` (:meth:`client`); an error status or no answer is an
        :class:`EventRefused` naming the status, the run and the job."""
        try:
            client.emit(event)
        except requests.HTTPError as err:
            status = err.response.status_code if err.response is not None else "?"
            raise EventRefused(f"OpenLineage endpoint {self.url} answered HTTP {status} to the event of run "
                               f"{event.run.runId} (job {event.job.name}): {err}") from None
        except requests.RequestException as err:
            raise EventRefused(f"OpenLineage endpoint {self.url} did not take the event of run "
                               f"{event.run.runId} (job {event.job.name}): {err}") from None


def _output(entry: Mapping[str, Any], naming: Naming, lookup: SchemaLookup, at: datetime,
            kinds: Mapping[str, str], indirect: list[column_lineage_dataset.InputField]) -> OutputDataset:
    fields = {}
    for column in entry.get("columns") or ():
        inputs = _column_inputs(column, naming, kinds.get(column["columnName"].casefold()))
        if inputs:
            fields[column["columnName"]] = column_lineage_dataset.Fields(inputFields=inputs)
    facets: dict[str, Any] = dict(_schema_facet(entry, lookup, at))
    if fields or indirect:
        facets["columnLineage"] = column_lineage_dataset.ColumnLineageDatasetFacet(fields=fields, dataset=indirect)
    return OutputDataset(*_dataset_key(entry, naming), facets=facets)


def _column_inputs(column: Mapping[str, Any], naming: Naming,
                   kind: str | None) -> list[column_lineage_dataset.InputField]:
    """A written column's direct sources, then the base sources that are not also direct."""
    seen, inputs = set(), []
    for source_kind, sources in ((kind, column.get("directSources")), (None, column.get("baseSources"))):
        for source in sources or ():
            key = _dataset_key(source, naming)
            if key is None or not source.get("columnName") or (*key, source["columnName"]) in seen:
                continue
            seen.add((*key, source["columnName"]))
            inputs.append(_input_field(source, source["columnName"], naming, "DIRECT", source_kind))
    return inputs


def _input_field(entry: Mapping[str, Any], column: str, naming: Naming, kind: str,
                 subtype: str | None) -> column_lineage_dataset.InputField:
    namespace, name = _dataset_key(entry, naming)  # type: ignore[misc]
    return column_lineage_dataset.InputField(namespace=namespace, name=name, field=column, transformations=[
        column_lineage_dataset.Transformation(type=kind, subtype=subtype)])


def _schema_facet(entry: Mapping[str, Any], lookup: SchemaLookup, at: datetime) -> dict[str, Any]:
    columns = lookup(entry["objectName"], at) if entry.get("objectName") else None
    if not columns:
        return {}
    return {"schema": schema_dataset.SchemaDatasetFacet(fields=[
        schema_dataset.SchemaDatasetFacetFields(name=name, type=data_type, ordinal_position=position)
        for position, (name, data_type) in enumerate(columns, start=1)])}


def _dataset_key(entry: Mapping[str, Any], naming: Naming) -> tuple[str, str] | None:
    """(namespace, name) of an entry that is a dataset; None for functions, procedures and the like."""
    if entry.get("location"):
        return _location(entry["location"])
    if entry.get("objectName") and entry.get("objectDomain") in DATASET_DOMAINS:
        return naming.namespace, entry["objectName"]
    return None


def _location(uri: str) -> tuple[str, str]:
    """An external location or a local file by its store's naming convention.

    >>> _location("s3://acme-hr/landing/2026/"), _location("azure://acme.blob.core.windows.net/raw/day/")
    (('s3://acme-hr', 'landing/2026/'), ('wasbs://raw@acme.dfs.core.windows.net', 'day/'))
    """
    parts = urlsplit(uri)
    key = parts.path.lstrip("/") or "/"
    scheme, host = parts.scheme.lower(), parts.netloc
    if scheme in ("s3", "s3a") and host:
        naming: Any = ol_naming.S3(bucket_name=host, object_key=key)
    elif scheme in ("gs", "gcs") and host:
        naming = ol_naming.GCS(bucket_name=host, object_key=key)
    elif scheme == "abfss" and "@" in host:
        container, _, service = host.partition("@")
        naming = ol_naming.ABFSS(container=container, service=service.split(".")[0], path=key)
    elif scheme == "azure" and host and "/" in key:  # Snowflake's azure://<account>.blob.core.windows.net/<container>/
        container, _, rest = key.partition("/")
        naming = ol_naming.WASBS(container=container, service_name=host.split(".")[0], object_key=rest or "/")
    elif scheme in ("file", "") or not host:
        naming = ol_naming.LocalFileSystem(path=parts.path or uri)
    else:
        return f"{scheme}://{host}", key
    return naming.get_namespace(), naming.get_name()


def _unique(entries: Iterable[Mapping[str, Any]]) -> list[Mapping[str, Any]]:
    seen, out = set(), []
    for entry in entries:
        key = (entry.get("objectName"), entry.get("location"))
        if key not in seen:
            seen.add(key)
            out.append(entry)
    return out


def _timestamp(value: Any) -> datetime:
    return value if isinstance(value, datetime) else datetime.fromisoformat(str(value))


def _only(values: set[str]) -> str | None:
    return next(iter(values)) if len(values) == 1 else None


# --------------------------------------------------------------------------- what the text tells


def statement_tree(text: str, dialect: str = "snowflake") -> exp.Expression | None:
    """The statement's syntax tree, or None when sqlglot cannot parse it (the subtypes are then not told)."""
    try:
        return sqlglot.parse_one(text, read=dialect)
    except Exception:  # noqa: BLE001 - an unparsable text only means the subtypes cannot be told
        return None


def column_kinds(tree: exp.Expression | None) -> dict[str, str]:
    """How each written column (by case-folded name) is computed: IDENTITY, TRANSFORMATION or AGGREGATION.

    Told for CTAS and INSERT ... SELECT (by the target's column list or the projections'
    names), UPDATE and MERGE (by their assignments); a bare column read through a subquery
    or a CTE is left out, since the text alone does not say what stands behind it.

    >>> column_kinds(sqlglot.parse_one("insert into t (a, b, c) select x, upper(y), sum(z) from s group by 1, 2"))
    {'a': 'IDENTITY', 'b': 'TRANSFORMATION', 'c': 'AGGREGATION'}
    """
    pairs: list[tuple[str, exp.Expression, bool]] = []
    if isinstance(tree, (exp.Insert, exp.Create)) and isinstance(tree.expression, exp.Select):
        select = tree.expression
        simple = not select.find(exp.Subquery, exp.With) and not select.args.get("with_")
        targets = [c.name for c in tree.this.expressions] if isinstance(tree.this, exp.Schema) else []
        for position, projection in enumerate(select.expressions):
            name = targets[position] if position < len(targets) else projection.alias_or_name
            pairs.append((name, projection.unalias(), simple))
    elif isinstance(tree, exp.Update):
        pairs = [(eq.this.name, eq.expression, not tree.args.get("from_")) for eq in tree.expressions
                 if isinstance(eq, exp.EQ)]
    elif isinstance(tree, exp.Merge):
        pairs = _merge_pairs(tree)
    told: dict[str, set[str | None]] = {}
    for name, value, simple in pairs:
        if name:
            told.setdefault(name.casefold(), set()).add(_kind(value, simple))
    return {name: kind for name, kinds in told.items() if len(kinds) == 1 and (kind := next(iter(kinds)))}


def _merge_pairs(tree: exp.Merge) -> list[tuple[str, exp.Expression, bool]]:
    pairs = []
    for when in tree.find_all(exp.When):
        then = when.args.get("then")
        if isinstance(then, exp.Update):
            pairs += [(eq.this.name, eq.expression, False) for eq in then.expressions if isinstance(eq, exp.EQ)]
        elif isinstance(then, exp.Insert) and isinstance(then.this, exp.Tuple | exp.Schema):
            values = then.expression.expressions if isinstance(then.expression, exp.Tuple) else []
            pairs += [(target.name, value, False) for target, value in zip(then.this.expressions, values)]
    return pairs


def _kind(value: exp.Expression, simple: bool) -> str | None:
    if value.find(exp.AggFunc):
        return "AGGREGATION"
    if isinstance(value, exp.Column):
        return "IDENTITY" if simple else None
    return "TRANSFORMATION" if value.find(exp.Column) else None


#: Clauses whose columns decide rows rather than values, by OpenLineage's INDIRECT subtypes.
_CLAUSES: tuple[tuple[type[exp.Expression], str], ...] = (
    (exp.Where, "FILTER"), (exp.Having, "FILTER"), (exp.Join, "JOIN"), (exp.Group, "GROUP_BY"),
    (exp.Order, "SORT"), (exp.Window, "WINDOW"))


def _clause_columns(tree: exp.Expression | None) -> dict[str, set[str]]:
    """The INDIRECT subtypes each column name (case-folded) appears under in the statement."""
    found: dict[str, set[str]] = {}
    if tree is None:
        return found
    for column in tree.find_all(exp.Column):
        for clause, subtype in _CLAUSES:
            if column.find_ancestor(clause) is not None:
                found.setdefault(column.name.casefold(), set()).add(subtype)
    return found
