"""An account-day's OpenLineage events, built, written and posted by the Spark tasks that hold its records.

The ``openlineage_events`` asset sorts the day's writing records by log order (each with the
text of its statement) and hands them to :func:`write_events` through ``mapInArrow``: each task
builds the events of its share (:func:`~access_history_platform.openlineage.run_event`, which
parses the statement's text again for its columns' subtypes), writes them as one JSON lines
part file into the version folder the driver staged, posts each to the OpenLineage endpoint
when there is one, and yields one short report row (:func:`report_schema`). The part files'
names sort as the tasks' partitions do, so the files in name order, each read front to back,
give the events in log order.

Why the tasks: built on the driver, one record at a time, the events were the largest step of
a day of 100,000 statements (23-25 s of about 115 on ``local[2]``: the records brought to the
driver, the parse, the JSON), on one core whatever the cluster; built by the tasks, 13-19 s on two
cores (benchmarks/README.md, "The OpenLineage events built by the tasks").

What a failed or repeated task attempt wrote is never read: the driver names the files of the
reports Spark returned (:meth:`resources.warehouse.Warehouse.replacing_parts`). A refused event
fails its task with :class:`~access_history_platform.openlineage.EventRefused` (the events
already posted stay posted, as they did on the driver; a task tried again posts its events
again, the same runs).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from ..files import filesystem
from ..openlineage import Endpoint, Naming, event_json, run_event, statement_text, versions_schemas
from .parts import discard_file, part_name
from .transforms import spark_schema

if TYPE_CHECKING:
    from pyspark.sql import DataFrame

__all__ = ["EVENT_INPUT_COLUMNS", "JOBS_SHOWN", "day_events", "refused_message", "report_schema", "schema_versions",
           "write_events"]

#: The record columns an event is built from, besides ``query_text`` (the statement's request).
EVENT_INPUT_COLUMNS = ("query_id", "query_start_time", "direct_objects_accessed", "base_objects_accessed",
                       "objects_modified")
#: How many jobs (with their outputs) a task reports for the asset's preview.
JOBS_SHOWN = 5


def report_schema() -> pa.Schema:
    """What a task reports: the part file it wrote (null when it built no event), its events, their outputs,
    and its first jobs with their outputs (JSON: ``{job: [namespace/name, ...]}``)."""
    return pa.schema([pa.field("events_file", pa.string()), pa.field("events", pa.int64()),
                      pa.field("outputs", pa.int64()), pa.field("jobs", pa.string())])


def schema_versions(versions: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The ``catalog`` table's object versions (``name``, ``valid_from``, ``valid_to``, ``object``) cut to what
    an event's schema facets read, the columns: what every task is sent."""
    out = []
    for row in versions:
        obj = row["object"] if isinstance(row["object"], Mapping) else json.loads(row["object"])
        out.append({"name": row["name"], "valid_from": row.get("valid_from"), "valid_to": row.get("valid_to"),
                    "object": {"columns": obj.get("columns")}})
    return out


def write_events(batches: Iterable[pa.RecordBatch], *, naming: Naming, versions: Sequence[Mapping[str, Any]],
                 uri: str, endpoint: Endpoint | None = None) -> Iterator[pa.RecordBatch]:
    """``mapInArrow``'s function: the events of this task's records (rows of :data:`EVENT_INPUT_COLUMNS` and
    ``query_text``, in log order) written as a JSON lines part file in the folder ``uri`` and, with an
    ``endpoint``, posted to it; one row of :func:`report_schema`."""
    lookup = versions_schemas(versions)
    post = partial(endpoint.post, endpoint.client()) if endpoint is not None else None
    name = part_name(".jsonl")
    handle = None
    events = outputs = 0
    jobs: dict[str, list[str]] = {}
    try:
        for batch in batches:
            for record in batch.to_pylist():
                text = statement_text(record["query_id"], record.pop("query_text") or "", dialect=naming.dialect)
                event = run_event(record, query_text=text, naming=naming, schemas=lookup)
                if event is None:
                    continue
                if handle is None:
                    fs, path = filesystem(f"{uri}/{name}")
                    handle = fs.open(path, "w", encoding="utf-8")
                handle.write(event_json(event) + "\n")
                if post is not None:
                    post(event)
                events, outputs = events + 1, outputs + len(event.outputs)
                if len(jobs) < JOBS_SHOWN:
                    jobs.setdefault(event.job.name, [f"{d.namespace}/{d.name}" for d in event.outputs])
        if handle is not None:
            handle.close()
    except BaseException:
        if handle is not None:
            discard_file(handle, f"{uri}/{name}")
        raise
    yield pa.RecordBatch.from_pylist([{"events_file": name if handle is not None else None, "events": events,
                                       "outputs": outputs, "jobs": json.dumps(jobs)}], schema=report_schema())


def day_events(writing: DataFrame, uri: str, *, naming: Naming, versions: Sequence[Mapping[str, Any]],
               endpoint: Endpoint | None = None) -> list[dict[str, Any]]:
    """The events of ``writing`` (a day's writing records with ``query_text``, :data:`EVENT_INPUT_COLUMNS`) built,
    written into part files in the folder ``uri`` and posted by the tasks, in log order; the tasks' reports
    (:func:`report_schema`), of which the caller names the files that were written."""
    task = partial(write_events, naming=naming, versions=versions, uri=uri, endpoint=endpoint)
    ordered = writing.select(*EVENT_INPUT_COLUMNS, "query_text").orderBy("query_start_time", "query_id")
    return ordered.mapInArrow(task, spark_schema(report_schema())).toArrow().to_pylist()


def refused_message(error: BaseException) -> str | None:
    """The message of the :class:`~access_history_platform.openlineage.EventRefused` that failed a task, as the
    Python error Spark raised on the driver tells it (None when a refusal did not cause ``error``)."""
    marker = "EventRefused: "
    for line in reversed(str(error).splitlines()):
        if marker in line:
            return line.split(marker, 1)[1].strip()
    return None
