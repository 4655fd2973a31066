"""The Spark Thrift Server's statements, read from the event log a real server writes, against Spark's own plans.

A Spark Thrift Server of its own (``services.start_spark_thrift_server``: the one pyspark ships, its event log on,
zstd as Spark 4 writes it) runs the sample's day (an engineer's and an analyst's sessions through Beeline) and more:
a partitioned table, a view on a view, a CTE, a union, a subquery, a window, an insert with a column list. The same
event log holds, for each statement, the plan Spark analyzed it into (``OperationParsed``), whose relations are the
tables Spark read and whose insert or create-as-select command names the table it wrote: that is the oracle. The
records from the event log (``ahp resolve``, no catalog: the day creates its tables) name the same base tables read
and the same tables written, for each statement Spark planned.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import zstandard

from access_history_platform import cli
from access_history_platform.logs import detect_format
from tests.integration.services import start_spark_thrift_server

EXAMPLES = Path(__file__).parents[2] / "examples" / "histories"
sys.path.insert(0, str(EXAMPLES))
from spark_thrift_sample import ANALYST, ENGINEER  # noqa: E402

#: Statements beyond the sample's day, in a third session (a reporting user's, opened in ``sales``).
REPORTING = (
    "create table daily (customer_id int, amount double, day string) using parquet partitioned by (day)",
    "insert into daily partition (day = '2026-12-01') select customer_id, amount from orders",
    "create view big_eu as select * from eu_orders where amount > 20",
    "select id from big_eu",
    "with totals as (select customer_id, sum(amount) as s from orders group by customer_id) "
    "select c.name, t.s from totals t join customers c on c.id = t.customer_id",
    "select id from orders union all select customer_id from order_totals",
    "select name from customers where id in (select customer_id from orders where amount > 10)",
    "select id, rank() over (partition by customer_id order by amount desc) as r from orders",
    "insert into order_totals (total, customer_id) select amount, id from big_eu",
    "insert overwrite table daily partition (day) select customer_id, amount, '2026-12-02' from eu_orders",
)
#: The plan's nodes that write a table, and the tables a plan read.
_WRITES = re.compile(r"^(?:InsertIntoHadoopFsRelationCommand|CreateDataSourceTableAsSelectCommand|InsertIntoHiveTable|"
                     r"CreateHiveTableAsSelectCommand)\b.*?`([^`]+)`\.`([^`]+)`\.`([^`]+)`", re.MULTILINE)
_READS = re.compile(r"\bRelation (\S+?)\[")


@pytest.fixture(scope="module")
def event_log(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The server's event log after the day, as Spark wrote it."""
    work = tmp_path_factory.mktemp("thrift")
    with start_spark_thrift_server(work / "server") as server:
        for statements, user, database in ((ENGINEER, "etl", "default"), (ANALYST, "ann", "sales"),
                                           (REPORTING, "rep", "sales")):
            done = server.run(statements, user=user, database=database)
            assert done.returncode in (0, 2), done.stderr[-3000:]
    [events] = server.event_logs()
    yield events


def _events(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in
            zstandard.ZstdDecompressor().stream_reader(path.read_bytes()).read().decode().splitlines()]


def _records(log: Path, tmp_path: Path) -> dict[str, dict[str, Any]]:
    catalog, out = tmp_path / "catalog.json", tmp_path / "records.jsonl"
    catalog.write_text('{"objects": []}')
    assert cli.main(["resolve", "--catalog", str(catalog), "--log", str(log), "--out", str(out)]) == 0
    return {record["query_id"]: record for record in map(json.loads, out.read_text().splitlines())}


def test_each_statement_spark_planned_reads_and_writes_the_tables_its_plan_names(event_log, tmp_path):
    events = _events(event_log)
    started = {e["id"]: e for e in events if e["Event"].endswith("ThriftServerOperationStart")}
    plans = {e["id"]: e["executionPlan"] for e in events if e["Event"].endswith("ThriftServerOperationParsed")}
    finished = {e["id"] for e in events if e["Event"].endswith("ThriftServerOperationFinish")}
    records = _records(event_log, tmp_path)

    assert detect_format(str(event_log)).name == "spark_thrift_server"
    statements = {i: e for i, e in started.items() if not e["statement"].startswith("Listing ")}
    assert len(statements) == len(ENGINEER) + len(ANALYST) - 1 + len(REPORTING)  # (!tables is a metadata call)
    compared = 0
    for operation, plan in plans.items():
        analyzed = plan.split("== Analyzed Logical Plan ==", 1)[1].split("== Optimized Logical Plan ==", 1)[0]
        reads = set(_READS.findall(analyzed))
        writes = {".".join(parts) for parts in _WRITES.findall(analyzed)}
        if operation not in finished or not (reads or writes):
            continue
        record = records[operation]
        assert {o["objectName"] for o in record["base_objects_accessed"]} == reads, (started[operation], analyzed)
        assert {o["objectName"] for o in record["objects_modified"]} == writes, (started[operation], analyzed)
        compared += 1
    assert compared >= 16, compared


def test_each_statement_is_read_as_sent_with_its_sessions_user_and_how_it_ended(event_log, tmp_path):
    events = _events(event_log)
    started = [e for e in events if e["Event"].endswith("ThriftServerOperationStart")
               and not e["statement"].startswith("Listing ")]
    records = _records(event_log, tmp_path)

    users = {e["statement"]: e["userName"] for e in started}
    assert [users[s] for s in ENGINEER] == ["etl"] * len(ENGINEER)
    assert {users[s] for s in REPORTING} == {"rep"}
    recorded = {e["statement"] for e in started if e["id"] in records}
    assert {e["statement"] for e in started} - recorded == {  # (failed: not recorded; no object: no record)
        "select nope from orders", "use sales", "use default"}
    assert all(records[e["id"]]["user_name"] == e["userName"] for e in started if e["id"] in records)
    [count] = [records[e["id"]] for e in started if e["statement"] == "select count(*) from sales.orders"]
    assert {o["objectName"] for o in count["direct_objects_accessed"]} == {"spark_catalog.sales.orders"}
