"""The ready answers' transforms on the real Spark session: object_access, data_movement and its paths,
object_usage, governance_history. The logs are data (``tests/data/answers/``), resolved by the engine."""

from __future__ import annotations

from datetime import date

import pytest
from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from access_history_platform.spark.data_movement import data_movement, movement_paths
from access_history_platform.spark.governance_history import governance_history
from access_history_platform.spark.object_access import object_access
from access_history_platform.spark.object_usage import object_usage, unused_objects
from access_history_platform.spark.transforms import spark_schema
from resources.tables import (ACCESS_HISTORY, CATALOG, DATA_MOVEMENT, DATA_MOVEMENT_PATHS, GOVERNANCE_HISTORY,
                              OBJECT_ACCESS, OBJECT_USAGE, RAW_QUERY_LOGS)

from .support.answers import DayFrames, day_frames, load_case, shifted
from .test_tables import shape

pytestmark = pytest.mark.spark
DAY = date(2024, 3, 1)


def no_paths(spark) -> DataFrame:
    return spark.createDataFrame([], spark_schema(DATA_MOVEMENT_PATHS.schema))


def ordered(items: list[tuple]) -> list[tuple]:
    """Sorted, nulls first."""
    return sorted(items, key=lambda row: tuple((value is not None, value) for value in row))


def rows(frame: DataFrame, *columns: str) -> list[tuple]:
    """The rows' values, :func:`ordered`."""
    return ordered([tuple(row) for row in frame.select(*columns).collect()])


@pytest.fixture(scope="module")
def governed(spark) -> DayFrames:
    return day_frames(spark, load_case("usage_and_governance"))[0]


# --------------------------------------------------------------------------- schemas


def test_each_answer_table_has_the_schema_its_transform_produces(spark, governed):
    empty = {table: spark.createDataFrame([], spark_schema(table.schema))
             for table in (ACCESS_HISTORY, RAW_QUERY_LOGS, CATALOG, OBJECT_ACCESS, DATA_MOVEMENT)}
    produced = {
        OBJECT_ACCESS: object_access(empty[ACCESS_HISTORY], empty[RAW_QUERY_LOGS]),
        DATA_MOVEMENT: data_movement(empty[ACCESS_HISTORY]),
        DATA_MOVEMENT_PATHS: movement_paths(no_paths(spark), data_movement(empty[ACCESS_HISTORY])),
        OBJECT_USAGE: object_usage(empty[OBJECT_ACCESS], empty[CATALOG], account="ACME", day=DAY),
        GOVERNANCE_HISTORY: governance_history(empty[ACCESS_HISTORY], empty[CATALOG], with_snapshot=True),
    }
    for table, frame in produced.items():
        assert shape(frame.schema) == shape(spark_schema(table.schema)), table.name


# --------------------------------------------------------------------------- object_access


def test_object_access_flattens_every_kind_of_access_once_with_user_and_role(governed):
    access = object_access(governed.records, governed.lines)
    ssn_readers = access.where((F.col("access_kind") == "BASE") & (F.col("object_name") == "HR.DATA.EMP")
                               & (F.col("column_name") == "SSN"))
    assert rows(ssn_readers, "query_id", "user_name", "role_name") == [
        ("q1", "ALICE", "ANALYST"), ("q2", "BOB", "HR"), ("q4#2", "CAROL", "AUDIT")], \
        "read through the view (q1) and in a multi-statement request (q4#2, its request's role)"
    assert rows(access.where(F.col("access_kind") == "DIRECT"), "query_id", "object_name", "column_name") == ordered([
        ("q1", "HR.DATA.EMP_V", "SSN"), ("q2", "HR.DATA.EMP", "ID"), ("q2", "HR.DATA.EMP", "SSN"),
        ("q3", "HR.DATA.EMP", "ID"), ("q4#1", "HR.DATA.EMP", "ID"), ("q4#2", "HR.DATA.EMP_V", "SSN"),
        ("q10", "HR.DATA.REPORT", "ID"), ("q12", "HR.DATA.REPORT", "ID")])
    assert rows(access.where(F.col("access_kind") == "MODIFIED"), "query_id", "object_name", "column_name") == [
        ("q3", "HR.DATA.REPORT", "ID")]
    assert rows(access.where(F.col("access_kind") == "DDL"), "query_id", "object_name", "column_name",
                "ddl_operation") == ordered([
        ("q5", "HR.DATA.EMP", "SSN", "ALTER"), ("q6", "GOV.P.SSN_MASK", None, "ALTER"),
        ("q7", "HR.DATA.EMP", "SSN", "ALTER"), ("q8", "HR.DATA.REPORT", "ID", "ALTER"),
        ("q9", "HR.DATA.EMP", "EMAIL", "ALTER"), ("q11", "HR.DATA.REPORT", "ID", "REPLACE")])


def test_an_object_without_columns_is_one_row_with_a_null_column(spark):
    frames, _ = day_frames(spark, load_case("stage_s1_movement"))
    stage = object_access(frames.records, frames.lines).where(F.col("object_domain") == "Stage")
    assert rows(stage, "query_id", "access_kind", "object_name", "stage_kind", "column_name") == [
        ("q05", "BASE", "TEST_DB.TEST_SCHEMA.S1", "External Named", None),
        ("q05", "DIRECT", "TEST_DB.TEST_SCHEMA.S1", "External Named", None),
        ("q07", "MODIFIED", "TEST_DB.TEST_SCHEMA.S2", "External Named", None),
        ("q09", "BASE", "TEST_DB.TEST_SCHEMA.S1", "External Named", None),
        ("q09", "DIRECT", "TEST_DB.TEST_SCHEMA.S1", "External Named", None)]


# --------------------------------------------------------------------------- data_movement


def test_the_paths_from_stage_s1_are_the_references_five_rows(spark):
    case = load_case("stage_s1_movement")
    frames, _ = day_frames(spark, case)
    paths = movement_paths(no_paths(spark), data_movement(frames.records)).where(
        F.col("origin_name") == case["origin"])
    got = {row["path"]: row.asDict() for row in paths.collect()}
    assert sorted(got) == sorted(expected["path"] for expected in case["expected_paths"])
    ids = {obj["objectName"]: obj["objectId"] for record in frames.record_rows
           for obj in record["objects_modified"]}
    for expected in case["expected_paths"]:
        row = got[expected["path"]]
        assert {key: row[key] for key in expected if key != "target_id"} == {
            key: value for key, value in expected.items() if key != "target_id"}
        assert row["target_id"] == expected.get("target_id", ids[expected["target_name"]]) is not None


def test_movement_edges_cover_loads_unloads_and_column_lineage(spark):
    frames, _ = day_frames(spark, load_case("stage_s1_movement"))
    edges = data_movement(frames.records)
    assert rows(edges.where(F.col("edge_level") == "OBJECT").select(
        "query_id", "movement_kind", "source_name", "target_name").distinct(), "*") == [
        ("q04", "WRITE", "TEST_DB.TEST_SCHEMA.T1", "TEST_DB.TEST_SCHEMA.T6"),
        ("q05", "LOAD", "TEST_DB.TEST_SCHEMA.S1", "TEST_DB.TEST_SCHEMA.T1"),
        ("q06", "WRITE", "TEST_DB.TEST_SCHEMA.T1", "TEST_DB.TEST_SCHEMA.T2"),
        ("q07", "UNLOAD", "TEST_DB.TEST_SCHEMA.T1", "TEST_DB.TEST_SCHEMA.S2"),
        ("q09", "LOAD", "TEST_DB.TEST_SCHEMA.S1", "TEST_DB.TEST_SCHEMA.T3"),
        ("q11", "WRITE", "TEST_DB.TEST_SCHEMA.T1", "TEST_DB.TEST_SCHEMA.T4"),
        ("q12", "WRITE", "TEST_DB.TEST_SCHEMA.T6", "TEST_DB.TEST_SCHEMA.T7")]
    columns = edges.where((F.col("edge_level") == "COLUMN") & (F.col("query_id") == "q06"))
    assert rows(columns, "lineage", "source_column_name", "target_column_name") == [
        ("BASE", "CONTENT", "ID"), ("BASE", "CONTENT", "NAME"), ("DIRECT", "CONTENT", "ID"),
        ("DIRECT", "CONTENT", "NAME")]


def test_repeated_daily_loads_update_the_paths_and_never_add_rows(spark):
    case, state, paths = load_case("daily_load"), None, no_paths(spark)
    counts = []
    for day in range(8):
        frames, state = day_frames(spark, shifted(case, day), state)
        paths = movement_paths(paths, data_movement(frames.records)).localCheckpoint()
        counts.append(paths.count())
    assert counts == [counts[0]] * 8 and counts[0] == 4
    cycle = "ETL.RAW.LANDING-->ETL.RAW.STAGING-->ETL.RAW.REPORT"
    row = paths.where(F.col("path") == cycle).collect()[0]
    assert (row["first_query_id"], row["last_query_id"]) == ("report-d0", "report-d7")
    assert paths.where(F.size("path_keys") != F.size(F.array_distinct("path_keys"))).isEmpty(), "no object twice"
    assert rows(paths.where(F.col("origin_name") == "ETL.RAW.STAGING"), "path") == [
        ("ETL.RAW.STAGING-->ETL.RAW.REPORT",)], "the cycle back to staging is not followed"


def test_paths_follow_time_order_across_days_and_stop_at_the_depth_bound(spark):
    case = load_case("daily_load")
    report_first = {**case, "log": [line for line in case["log"] if line["query_id"] == "report"]}
    load_later = {**case, "log": [line for line in case["log"] if line["query_id"] == "load"]}
    frames, state = day_frames(spark, report_first)
    paths = movement_paths(no_paths(spark), data_movement(frames.records))
    frames, _ = day_frames(spark, shifted(load_later, 1), state)
    paths = movement_paths(paths, data_movement(frames.records))
    assert rows(paths, "path") == [("ETL.RAW.LANDING-->ETL.RAW.STAGING",), ("ETL.RAW.STAGING-->ETL.RAW.REPORT",)], \
        "the report ran before the load reached staging: no path from the stage to the report"
    frames, _ = day_frames(spark, case)
    shallow = movement_paths(no_paths(spark), data_movement(frames.records), max_depth=1)
    assert rows(shallow.select("depth").distinct(), "depth") == [(1,)]
    with pytest.raises(ValueError, match="max_depth is 0"):
        movement_paths(no_paths(spark), data_movement(frames.records), max_depth=0)


# --------------------------------------------------------------------------- object_usage


def test_object_usage_counts_reads_writes_users_and_lists_what_nobody_read(spark, governed):
    access = object_access(governed.records, governed.lines)
    usage = object_usage(access, governed.versions, account="ACME", day=DAY)
    collected = usage.collect()
    by_key = {(r["object_name"], r["column_name"]): r for r in collected}
    assert len(by_key) == len(collected), "one row per object and column, the replaced report included"
    emp = by_key[("HR.DATA.EMP", None)]
    assert (emp["reads"], emp["writes"], emp["distinct_readers"]) == (5, 0, 4), "q1, q2, q3, q4#1, q4#2"
    assert (by_key[("HR.DATA.EMP", "SSN")]["reads"], by_key[("HR.DATA.EMP", "SSN")]["distinct_readers"]) == (3, 3)
    report = by_key[("HR.DATA.REPORT", None)]
    assert (report["writes"], report["reads"], report["ddl_changes"]) == (1, 2, 2), "q3; q10, q12; q8, q11"
    ids = {obj["objectName"]: obj["objectId"] for record in governed.record_rows if record["query_id"] == "q12"
           for obj in record["direct_objects_accessed"]}
    assert report["object_id"] == ids["HR.DATA.REPORT"] != 120, "the id it has at the end of the day"
    unused = by_key[("HR.DATA.UNUSED", None)]
    assert (unused["in_catalog"], unused["reads"], unused["last_access_at"]) == (True, 0, None)
    assert by_key[("HR.DATA.EMP_V", "ID")]["reads"] == 0
    assert rows(unused_objects(usage, as_of=DAY, days=30), "object_name") == [("HR.DATA.UNUSED",)]
    with pytest.raises(ValueError, match="days is 0"):
        unused_objects(usage, as_of=DAY, days=0)


# --------------------------------------------------------------------------- governance_history


def test_governance_history_has_every_set_and_unset_with_the_body_in_force(governed):
    history = governance_history(governed.records, governed.versions, with_snapshot=False)
    assert rows(history, "query_id", "user_name", "object_name", "column_name", "governance_kind",
                "governance_name", "operation", "tag_value", "policy_body") == [
        ("q5", "ADMIN", "HR.DATA.EMP", "SSN", "MASKING_POLICY", "GOV.P.SSN_MASK", "UNSET", None,
         "CASE WHEN CURRENT_ROLE() = 'HR' THEN VAL ELSE '***' END"),
        ("q6", "ADMIN", "GOV.P.SSN_MASK", None, "MASKING_POLICY", "GOV.P.SSN_MASK", "ALTER", None, "'MASKED'"),
        ("q7", "ADMIN", "HR.DATA.EMP", "SSN", "MASKING_POLICY", "GOV.P.SSN_MASK", "SET", None, "'MASKED'"),
        ("q8", "ADMIN", "HR.DATA.REPORT", "ID", "TAG", "GOV.T.PII", "SET", "public", None)]


def test_the_snapshots_tags_and_policies_come_with_their_bodies_on_the_first_day(governed):
    history = governance_history(governed.records, governed.versions, with_snapshot=True)
    snapshot = history.where(F.col("operation") == "SNAPSHOT")
    assert rows(snapshot, "object_name", "column_name", "governance_kind", "governance_name", "governance_id",
                "tag_value", "policy_body") == [
        ("GOV.P.RAP", None, "ROW_ACCESS_POLICY", "GOV.P.RAP", 901, None, "CURRENT_ROLE() <> 'GUEST'"),
        ("GOV.P.SSN_MASK", None, "MASKING_POLICY", "GOV.P.SSN_MASK", 900, None,
         "CASE WHEN CURRENT_ROLE() = 'HR' THEN VAL ELSE '***' END"),
        ("HR.DATA.EMP", None, "ROW_ACCESS_POLICY", "GOV.P.RAP", 901, None, "CURRENT_ROLE() <> 'GUEST'"),
        ("HR.DATA.EMP", "SSN", "MASKING_POLICY", "GOV.P.SSN_MASK", 900, None,
         "CASE WHEN CURRENT_ROLE() = 'HR' THEN VAL ELSE '***' END"),
        ("HR.DATA.EMP", "SSN", "TAG", "GOV.T.PII", 902, "sensitive", None)]
    assert snapshot.where(F.col("query_start_time").isNotNull()).isEmpty()
