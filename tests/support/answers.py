"""One account-day of a case (catalog snapshot and log) as the tables the answer transforms read.

``day_frames`` runs the engine in-process, as ``raw_query_logs``, ``catalog`` and
``access_history`` would store the day: the log lines, the catalog versions and the records.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import pyarrow as pa
from pyspark.sql import DataFrame, SparkSession

from access_history_platform.catalog import catalog_from_state
from access_history_platform.resolve import resolve_log
from access_history_platform.spark.logs import log_rows, row_to_line, stored_lines_schema
from access_history_platform.spark.records import record_to_row, records_schema
from access_history_platform.spark.transforms import spark_schema
from access_history_platform.spark.versions import initial_state, replay_catalog_day, versions_schema

ANSWERS = Path(__file__).resolve().parents[1] / "data" / "answers"
ACCOUNT = "ACME"


def load_case(name: str) -> dict[str, Any]:
    return json.loads((ANSWERS / f"{name}.json").read_text())


@dataclass
class DayFrames:
    records: DataFrame
    lines: DataFrame
    versions: DataFrame
    record_rows: list[dict[str, Any]]


def shifted(case: dict[str, Any], days: int) -> dict[str, Any]:
    """The case's log ``days`` later, each query_id suffixed with the day."""
    log = []
    for line in case["log"]:
        at = datetime.fromisoformat(line["query_start_time"]) + timedelta(days=days)
        log.append({**line, "query_id": f"{line['query_id']}-d{days}", "query_start_time": at.isoformat()})
    return {**case, "log": log}


def day_frames(spark: SparkSession, case: dict[str, Any],
               state: dict[str, Any] | None = None) -> tuple[DayFrames, dict]:
    """The day's frames, and the catalog's end state (the next day's start)."""
    day = date.fromisoformat(case["log"][0]["query_start_time"][:10])
    content = "".join(json.dumps(line) + "\n" for line in case["log"]).encode()
    rows = sorted((r for r in log_rows("log.jsonl", content, account=ACCOUNT, day=day) if r["kind"] == "line"),
                  key=lambda r: (r["query_start_time"], r["line"]))
    rows = [{**r, "log_position": i} for i, r in enumerate(rows)]
    start = state or initial_state(case["catalog"])
    catalog_day = replay_catalog_day(start, [r for r in rows if r["changes_catalog"]], {}, account=ACCOUNT)
    catalog = catalog_from_state(start["catalog"])
    records = [rec for outcome in resolve_log(catalog, [row_to_line(r) for r in rows]) for rec in outcome.records]
    record_rows = [record_to_row(r, account=ACCOUNT) for r in records]
    lines_schema = stored_lines_schema()
    return DayFrames(
        records=_frame(spark, record_rows, records_schema()),
        lines=_frame(spark, [{k: r.get(k) for k in lines_schema.names} for r in rows], lines_schema),
        versions=_frame(spark, catalog_day.versions, versions_schema()),
        record_rows=record_rows,
    ), catalog_day.end_state


def _frame(spark: SparkSession, rows: list[dict[str, Any]], schema: pa.Schema) -> DataFrame:
    if not rows:
        return spark.createDataFrame([], spark_schema(schema))
    return spark.createDataFrame(pa.Table.from_pylist(rows, schema=schema))
