"""Statement forms through the pipeline: real materializations of one account-day on the shared Spark session.

What a statement does to the catalog must reach every resolving task of its day (the catalog replay takes the
statements that change the catalog, decided once from their text), and what ``access_history`` reports of the
statements without a record names them by their statement, as ``ahp resolve`` does.
"""

from __future__ import annotations

import dagster as dg
import pyarrow.parquet as pq
import pytest

from access_history_platform.spark.records import row_to_record
from assets import access_history, catalog
from assets.checks import access_history_checks
from assets.partitions import partition_key
from resources import LandingZone, OpenLineageTransport, Organization, SparkResource, Warehouse
from tests.test_bad_input import DAY, THROUGH_RECORDS, Zone, jsonl, line, zone  # noqa: F401 (fixture)
from tools.checks import execute_checks

pytestmark = pytest.mark.spark


def split_zone(spark_resource: SparkResource, root, dialect: str) -> Zone:
    """A landing zone of ``dialect``'s accounts whose days are split into as many tasks as the session has cores."""
    split = SparkResource(spark_config=spark_resource.spark_config, log_level="ERROR", lines_per_task=1)
    resources = {"spark": split, "landing": LandingZone(root=str(root / "landing"), dialect=dialect),
                 "warehouse": Warehouse(root=str(root / "warehouse")), "organization": Organization(),
                 "openlineage": OpenLineageTransport()}
    return Zone(root, dg.DagsterInstance.ephemeral(), resources)


@pytest.fixture(scope="module")
def postgres_zone(spark, spark_resource, tmp_path_factory) -> Zone:
    return split_zone(spark_resource, tmp_path_factory.mktemp("pipeline_statements"), "postgres")


@pytest.fixture(scope="module")
def databricks_zone(spark, spark_resource, tmp_path_factory) -> Zone:
    return split_zone(spark_resource, tmp_path_factory.mktemp("pipeline_statements_databricks"), "databricks")


def test_a_table_select_into_creates_is_known_to_every_later_read_of_its_day(postgres_zone):
    """``SELECT ... INTO t`` creates ``t`` (a CTAS by another name): the catalog replay applies it, so the day's
    reads of ``t``, whichever task resolves them, know its id and its columns' ids."""
    reads = ["select amount from d.s.big", "select id from d.s.big where amount > 1", "select count(amount) from d.s.big",
             "select b.id, o.amount from d.s.big b join d.s.orders o on o.id = b.id", "select max(amount) from d.s.big"]
    postgres_zone.land("SELECTINTO", {"log.jsonl": jsonl(
        line("into", "select id, amount into d.s.big from d.s.orders where amount > 0"),
        *(line(f"read{i}", text, 10 + i) for i, text in enumerate(reads)))})
    run = postgres_zone.materialize("SELECTINTO")

    records = {row["query_id"]: row_to_record(row) for row in postgres_zone.table("access_history", "SELECTINTO")}
    created = records["into"]["object_modified_by_ddl"]
    assert (created["objectName"], created["operationType"]) == ("d.s.big", "CREATE")
    ids = {name: member["objectId"]["value"] for name, member in created["properties"]["columns"].items()}
    assert sorted(ids) == ["AMOUNT", "ID"]
    for i in range(len(reads)):
        [big] = [o for o in records[f"read{i}"]["direct_objects_accessed"] if o["objectName"] == "d.s.big"]
        assert big["objectId"] == created["objectId"], (reads[i], big)
        assert big["columns"] and all(c["columnId"] == ids[c["columnName"]] for c in big["columns"]), (reads[i], big)
    versions = [row for row in postgres_zone.table("catalog", "SELECTINTO") if row["name"] == "d.s.big"]
    assert [row["object_id"] for row in versions] == [created["objectId"]]
    assert run.metadata(catalog)["statements_quarantined"] == 0
    assert run.metadata(access_history)["dagster/row_count"] == 1 + len(reads)


def test_the_columns_a_merge_with_schema_evolution_adds_are_known_to_every_later_read_of_its_day(databricks_zone):
    """Databricks' ``MERGE WITH SCHEMA EVOLUTION`` adds the source's columns the target lacks: the catalog replay
    applies it as an ``ALTER TABLE ... ADD COLUMNS``, so the day's reads of the new column, whichever task resolves
    them, know its id, and the catalog table holds the target's new version."""
    reads = ["select amount from d.s.big", "select id, amount from d.s.big where amount > 1", "select * from d.s.big",
             "select max(amount) from d.s.big"]
    databricks_zone.land("EVOLVING", {"log.jsonl": jsonl(
        line("create", "create table d.s.big (id int)"),
        line("merge", "merge with schema evolution into d.s.big using d.s.orders on big.id = orders.id "
                      "when not matched then insert *", 1),
        *(line(f"read{i}", text, 10 + i) for i, text in enumerate(reads)))})
    run = databricks_zone.materialize("EVOLVING")

    records = {row["query_id"]: row_to_record(row) for row in databricks_zone.table("access_history", "EVOLVING")}
    [written] = records["merge"]["objects_modified"]
    ids = {column["columnName"]: column["columnId"] for column in written["columns"]}
    assert sorted(ids) == ["AMOUNT", "id"] and all(ids.values()), written  # (id as created, AMOUNT as the source's)
    for i in range(len(reads)):
        [big] = [o for o in records[f"read{i}"]["direct_objects_accessed"] if o["objectName"] == "d.s.big"]
        assert big["objectId"] == written["objectId"], (reads[i], big)
        assert any(c["columnName"] == "AMOUNT" for c in big["columns"]), (reads[i], big)
        assert all(c["columnId"] == ids[c["columnName"]] for c in big["columns"]), (reads[i], big)
    versions = [row for row in databricks_zone.table("catalog", "EVOLVING") if row["name"] == "d.s.big"]
    assert len(versions) == 2, "created, then evolved"
    assert run.metadata(catalog)["statements_quarantined"] == 0
    assert run.metadata(access_history)["dagster/row_count"] == 2 + len(reads)


def test_statements_without_a_record_are_counted_by_their_statement(zone):  # noqa: F811 (fixture)
    """``access_history`` counts the statements without a record by kind, each kind named by its statement's
    leading keywords: those the platform's own grammar reads too (a stream's CREATE, an anonymous procedure's
    CALL, an EXPLAIN), not by the class of their parse; a DROP ... IF EXISTS of nothing as 'nothing changed'."""
    texts = ["create stream d.s.changes on table d.s.orders", "explain select id from d.s.orders",
             "drop dynamic table if exists d.s.nothing_here", "alter warehouse w suspend", "use role analyst",
             "with p as procedure (x int) returns int language sql as $$ begin return x; end; $$ call p(1)",
             "select id from d.s.orders"]
    zone.land("KINDS", {"log.jsonl": jsonl(*(line(f"q{i}", text, i) for i, text in enumerate(texts)))})
    run = zone.materialize("KINDS", THROUGH_RECORDS)

    metadata = run.metadata(access_history)
    assert metadata["statements_without_record_by_kind"] == {
        "ALTER WAREHOUSE": 1, "CALL": 1, "CREATE STREAM": 1, "EXPLAIN": 1, "USE ROLE": 1, "nothing changed": 1}
    assert metadata["statements_without_record"] == 6
    assert [row["query_id"] for row in zone.table("access_history", "KINDS")] == ["q6"]


def test_the_children_of_a_requests_execute_immediate_are_recorded_and_pass_the_records_checks(zone):  # noqa: F811
    """An EXECUTE IMMEDIATE block among a request's statements: its statements are its children (``q#2#1``, parent
    ``q#2``, root ``q``) in the stored records, and every check of the records passes on them (the parent chain's
    among them: ``q#2`` is no line)."""
    zone.land("IMMEDIATE", {"log.jsonl": jsonl(line(
        "q", "select id from d.s.orders; execute immediate $$ begin delete from d.s.orders where amount < 0; "
             "select amount from d.s.orders; end; $$; select id, amount from d.s.orders"))})
    zone.materialize("IMMEDIATE")

    ids = sorted((row["query_id"], row["parent_query_id"], row["root_query_id"])
                 for row in zone.table("access_history", "IMMEDIATE"))
    assert ids == [("q#1", "q", "q"), ("q#2#1", "q#2", "q"), ("q#2#2", "q#2", "q"), ("q#3", "q", "q")]
    checked = execute_checks([access_history_checks], partition_key(DAY, "IMMEDIATE"), instance=zone.instance,
                             resources=zone.resources)
    evaluations = [event.event_specific_data for event in checked.all_events
                   if event.event_type_value == "ASSET_CHECK_EVALUATION"]
    assert evaluations and all(evaluation.passed for evaluation in evaluations), [
        (e.check_name, e.metadata) for e in evaluations if not e.passed]


def test_the_records_preview_is_the_days_first_records_across_its_tasks(postgres_zone):
    """Each resolving task reports its first records; the materialization's preview is the first five of the day's,
    by start time then query_id, as the stored records show them, whichever tasks resolved them."""
    from access_history_platform.spark.records import OVERVIEW, record_overview
    from assets.tables import preview_of
    from tests.test_bad_input import partition_files

    texts = ["select id from d.s.orders", "select amount from d.s.orders", "select id, amount from d.s.orders",
             "select count(*) from d.s.orders", "select max(amount) from d.s.orders", "select min(id) from d.s.orders",
             "insert into d.s.orders (id, amount) select id, amount from d.s.orders",
             "select sum(amount) from d.s.orders", "select avg(amount) from d.s.orders", "select id from d.s.orders o"]
    # two statements at one time: query_id decides (q07 before q10)
    postgres_zone.land("PREVIEW", {"log.jsonl": jsonl(*(line(f"q{n:02d}", text, 30 - 3 * n if n != 10 else 9)
                                                         for n, text in enumerate(texts, 1)))})
    run = postgres_zone.materialize("PREVIEW")
    metadata = run.metadata(access_history)
    assert metadata["resolve_tasks"] == 2

    files = partition_files(postgres_zone.folder("access_history", "PREVIEW"))
    by_file = {row["query_id"]: name for name in files for row in pq.read_table(name).to_pylist()}
    stored = sorted(postgres_zone.table("access_history", "PREVIEW"),
                    key=lambda row: (row["query_start_time"], row["query_id"]))
    first = stored[:5]
    assert [row["query_id"] for row in first] == ["q09", "q08", "q07", "q10", "q06"]
    assert len({by_file[row["query_id"]] for row in first}) == 2, "the first five come from both tasks' files"
    assert metadata["preview"] == preview_of([record_overview(row) for row in first], OVERVIEW.names).value
    assert metadata["preview"].splitlines()[4].split(" | ")[4] == "D.S.ORDERS"  # q07's objects_written


def test_the_quarantine_preview_is_the_days_first_quarantined_statements_across_its_tasks(postgres_zone):
    """Each resolving task reports its first quarantined statements; the quarantine's preview is the first five of
    the day's in log order, whichever tasks set them aside, without reading back the table just written."""
    from tests.test_bad_input import partition_files

    typos = [f"selec id frm d.s.t{n} where x{'y' * n} = 1" for n in range(12)]  # twelve shapes: both tasks get some
    postgres_zone.land("SETASIDE", {"log.jsonl": jsonl(*(line(f"q{n:02d}", text, 60 - 4 * n)
                                                          for n, text in enumerate(typos)))})
    run = postgres_zone.materialize("SETASIDE")
    assert (run.metadata(access_history)["resolve_tasks"], run.metadata(access_history)["statements_quarantined"]) \
        == (2, 12)

    files = partition_files(postgres_zone.folder("access_history_quarantine", "SETASIDE"))
    by_file = {row["query_id"]: name for name in files for row in pq.read_table(name).to_pylist()}
    first = ["q11", "q10", "q09", "q08", "q07"]  # the latest lines start first
    assert len({by_file[query_id] for query_id in first}) == 2, "the first five come from both tasks' files"
    rows = run.metadata("access_history_quarantine")["preview"].splitlines()
    assert rows[0] == "| query_id | file_name | line | reason |"
    assert [row.split(" | ")[:3] for row in rows[2:]] == [[f"| {query_id}", "log.jsonl", str(int(query_id[1:]) + 1)]
                                                           for query_id in first]


def test_statements_recorded_without_a_column_they_read_are_counted_and_shown_across_its_tasks(postgres_zone):
    """A column the catalog does not place (d.s.orders has no ssn: a catalog older than the log; ts of two tables it
    does not have) is read from no table, and the statement is recorded with a warning: the materialization counts
    such statements over all its tasks and shows the first in log order with their warnings, as ``ahp resolve``
    prints them; the records are the engine's."""
    texts = [f"select id, ssn from d.s.orders where amount > {n}" if n % 3 == 0 else
             f"select ts from d.s.x{n} join d.s.y on x{n}.id = y.id" if n % 3 == 1 else
             f"select id from d.s.orders where amount < {n}" for n in range(12)]
    postgres_zone.land("WARNED", {"log.jsonl": jsonl(*(line(f"q{n:02d}", text, 60 - 4 * n)
                                                        for n, text in enumerate(texts)))})
    run = postgres_zone.materialize("WARNED")
    metadata = run.metadata(access_history)
    assert (metadata["resolve_tasks"], metadata["statements_recorded"], metadata["statements_with_warnings"]) \
        == (2, 12, 8)
    first = ["q10", "q09", "q07", "q06", "q04"]  # the latest lines start first; q11 and q08 give none
    assert [row["query_id"] for row in metadata["first_warnings"]] == first
    stale = ("column ssn: D.S.ORDERS has no such column in the catalog (is the catalog older than the statement?); "
             "read from no table")
    assert metadata["first_warnings"][1] == {"query_id": "q09", "warnings": stale}
    assert metadata["first_warnings"][0]["warnings"] == ("column ts: d.s.x10 or d.s.y may have it, and the catalog "
                                                         "has the columns of neither; read from no table")
    stored = {row["query_id"]: row_to_record(row) for row in postgres_zone.table("access_history", "WARNED")}
    assert [c["columnName"] for c in stored["q09"]["direct_objects_accessed"][0]["columns"]] == ["ID", "AMOUNT"]
    checked = execute_checks([access_history_checks], partition_key(DAY, "WARNED"), instance=postgres_zone.instance,
                             resources=postgres_zone.resources)
    evaluations = {event.event_specific_data.check_name: event.event_specific_data for event in checked.all_events
                   if event.event_type_value == "ASSET_CHECK_EVALUATION"}
    placed = evaluations.pop("columns_placed")
    assert (placed.passed, placed.severity, placed.metadata["statements_with_warnings"].value) \
        == (False, dg.AssetCheckSeverity.WARN, 8)
    assert [row["query_id"] for row in placed.metadata["offending_sample"].value] == first
    assert all(evaluation.passed for evaluation in evaluations.values()), [
        (name, e.metadata) for name, e in evaluations.items() if not e.passed]
