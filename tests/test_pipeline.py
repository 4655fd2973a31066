"""The assets materialized in-process through Dagster on the run's local Spark session.

Two demo accounts over two days (every log format, bad lines, DDL that carries over to the
next day), then their contents checked against the engine run in-process, and a re-run
that must leave every table as it was.
"""

from __future__ import annotations

import json
import re
import shutil
from collections import Counter
from dataclasses import dataclass
from datetime import date
from pathlib import Path

import dagster as dg
import pyarrow.parquet as pq
import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.resolve import NO_RECORD, QUARANTINED, no_record_kinds, resolve_log
from access_history_platform.spark.logs import row_to_line
from access_history_platform.spark.records import RECORD_COLUMNS, record_to_row, row_to_record
from assets import ACCOUNT_DAY_ASSETS, ALL_ASSETS, ORGANIZATION_ASSETS
from assets.partitions import ACCOUNTS, partition_key
from resources import LandingZone, OpenLineageTransport, Organization, Warehouse, read_json
from resources.tables import CATALOG, DATA_MOVEMENT, DATA_MOVEMENT_PATHS
from resources.warehouse import MANIFEST, partition_files, read_manifest
from tools.demo_data import DemoSummary, generate_demo

pytestmark = pytest.mark.spark

DAYS = (date(2026, 11, 16), date(2026, 11, 17))
ORGANIZATION = "TESTORG"
TABLES = ("raw_query_logs", "raw_query_logs_quarantine", "catalog", "access_history", "access_history_quarantine",
          "column_lineage", "policy_references")


@dataclass
class Pipeline:
    demo: DemoSummary
    accounts: list[str]
    warehouse: Path
    instance: dg.DagsterInstance
    resources: dict[str, object]
    metadata: dict[tuple[str, str, str], dict[str, object]]

    def table(self, name: str, day: date, account: str | None = None) -> list[dict]:
        folder = self.warehouse / name / f"day={day.isoformat()}"
        folder = folder / f"account={account}" if account else folder
        return pq.read_table(partition_files(folder), partitioning=None).to_pylist()

    def materialize_account_day(self, day: date, account: str) -> None:
        result = dg.materialize(list(ALL_ASSETS), selection=list(ACCOUNT_DAY_ASSETS), instance=self.instance,
                                partition_key=partition_key(day, account), resources=self.resources)
        self._keep(result, day, account)

    def materialize_organization_day(self, day: date) -> None:
        result = dg.materialize(list(ALL_ASSETS), selection=list(ORGANIZATION_ASSETS), instance=self.instance,
                                partition_key=day.isoformat(), resources=self.resources)
        self._keep(result, day, "")

    def _keep(self, result: dg.ExecuteInProcessResult, day: date, account: str) -> None:
        assert result.success
        for event in result.get_asset_materialization_events():
            materialization = event.step_materialization_data.materialization
            self.metadata[(materialization.asset_key.to_user_string(), day.isoformat(), account)] = {
                key: value.value for key, value in materialization.metadata.items()}


@pytest.fixture(scope="module")
def pipeline(spark, spark_resource, tmp_path_factory) -> Pipeline:
    root = tmp_path_factory.mktemp("pipeline")
    demo = generate_demo(root / "landing", accounts=2, days=2, statements_per_day=60)
    accounts = sorted(demo.lines)
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions(ACCOUNTS, accounts)
    resources = {"spark": spark_resource, "landing": LandingZone(root=str(root / "landing")),
                 "warehouse": Warehouse(root=str(root / "warehouse")), "organization": Organization(name=ORGANIZATION),
                 "openlineage": OpenLineageTransport()}
    run = Pipeline(demo, accounts, root / "warehouse", instance, resources, {})
    for day in DAYS:
        for account in accounts:
            run.materialize_account_day(day, account)
        run.materialize_organization_day(day)
    return run


def engine_records(run: Pipeline, account: str) -> tuple[dict[str, list[str]], set[str]]:
    """``resolve_log`` over the account's stored lines of both days: canonical records by day, quarantined ids."""
    by_day: dict[str, list[str]] = {day.isoformat(): [] for day in DAYS}
    quarantined = set()
    for outcome in resolve_log(*account_log(run, account)):
        if outcome.status == QUARANTINED:
            quarantined.add(outcome.statement.query_id)
        for record in outcome.records:
            by_day[record["query_start_time"][:10]].append(canonical(record))
    return {day: sorted(records) for day, records in by_day.items()}, quarantined


def account_log(run: Pipeline, account: str) -> tuple:
    """The account's catalog at the start and its stored lines of both days, in log order."""
    lines = [row_to_line(row) for day in DAYS
             for row in sorted(run.table("raw_query_logs", day, account), key=lambda r: r["log_position"])]
    catalog = catalog_from_dict(json.loads((Path(run.resources["landing"].root) / account / "catalog.json").read_text()))
    return catalog, lines


def canonical(record: dict) -> str:
    return json.dumps(row_to_record(record_to_row(record, account=None)), sort_keys=True)


def row_counts(run: Pipeline) -> dict[tuple[str, str, str], int]:
    counts = {(t, d.isoformat(), a): len(run.table(t, d, a)) for t in TABLES for d in DAYS for a in run.accounts}
    counts.update({("org_access_history", d.isoformat(), ""): len(run.table("org_access_history", d)) for d in DAYS})
    return counts


def test_every_partition_is_written_and_reports_its_metadata(pipeline):
    for asset in ("raw_query_logs", "catalog", "access_history", "column_lineage", "policy_references"):
        for day in DAYS:
            for account in pipeline.accounts:
                metadata = pipeline.metadata[(asset, day.isoformat(), account)]
                assert metadata["dagster/row_count"] == len(pipeline.table(asset, day, account)) > 0
                assert metadata["path"].endswith(f"/{asset}/day={day.isoformat()}/account={account}")
                assert metadata["preview"].startswith("| ")
    raw = pipeline.metadata[("raw_query_logs", DAYS[0].isoformat(), pipeline.accounts[0])]
    assert 0 < raw["parse_failure_rate"] < 0.2 and raw["lines_quarantined"] > 0
    records = pipeline.metadata[("access_history", DAYS[0].isoformat(), pipeline.accounts[0])]
    assert {"statements_quarantined", "statements_failed", "parse_failure_rate"} <= set(records)
    stored = pipeline.table("access_history", DAYS[0], pipeline.accounts[0])
    earliest = [row["query_id"] for row in sorted(stored, key=lambda row: (row["query_start_time"], row["query_id"]))][:5]
    assert [row.split(" | ")[0].removeprefix("| ") for row in records["preview"].splitlines()[2:]] == earliest


def test_access_history_counts_statements_without_a_record_by_kind_as_the_engine_does(pipeline):
    """The materialization's per-kind counts of statements without a record are ``ahp resolve``'s, partition by
    partition (the engine over the account's stored lines of both days)."""
    kinds = set()
    for account in pipeline.accounts:
        reasons: dict[str, list[tuple[str, int]]] = {day.isoformat(): [] for day in DAYS}
        for outcome in resolve_log(*account_log(pipeline, account)):
            if outcome.status == NO_RECORD:
                reasons[outcome.statement.start_time.date().isoformat()].append((outcome.reason, 1))
        for day in DAYS:
            metadata = pipeline.metadata[("access_history", day.isoformat(), account)]
            expected = no_record_kinds(reasons[day.isoformat()])
            assert metadata["statements_without_record_by_kind"] == expected, (account, day)
            assert sum(expected.values()) == metadata["statements_without_record"]
            kinds.update(expected)
    assert len(kinds) >= 2, kinds  # the demo's days hold statements of several kinds without a record


def test_every_log_line_is_stored_or_quarantined_with_its_reason(pipeline):
    bad_total = 0
    for account in pipeline.accounts:
        for day in DAYS:
            good = pipeline.table("raw_query_logs", day, account)
            bad = pipeline.table("raw_query_logs_quarantine", day, account)
            assert len(good) + len(bad) == pipeline.demo.lines[account][day.isoformat()]
            assert sorted(r["log_position"] for r in good) == list(range(len(good)))
            assert all(r["file"].startswith("file:") and r["line"] > 0 and r["reason"] for r in bad)
            bad_total += len(bad)
    assert bad_total == pipeline.demo.malformed


@pytest.mark.parametrize("index", [0, 1])
def test_access_history_equals_the_engine_over_both_days(pipeline, index):
    """Day 2 resolves against the catalog day 1's DDL left: the same records as one in-process pass."""
    account = pipeline.accounts[index]
    expected, quarantined = engine_records(pipeline, account)
    for day in DAYS:
        rows = pipeline.table("access_history", day, account)
        assert {r["account_name"] for r in rows} == {account}
        assert list(rows[0]) == list(RECORD_COLUMNS)
        assert sorted(json.dumps(row_to_record(r), sort_keys=True) for r in rows) == expected[day.isoformat()]
    stored = {r["query_id"] for day in DAYS for r in pipeline.table("access_history_quarantine", day, account)}
    assert stored == quarantined and stored


def test_catalog_versions_cover_the_day_and_carry_over(pipeline):
    account = pipeline.accounts[0]
    first, second = (pipeline.table("catalog", day, account) for day in DAYS)
    changed = [v for v in first if v["valid_to"] is not None]
    assert changed, "the demo's DDL replaces objects every day"
    assert all(v["valid_from"] is None or v["valid_from"].date() == DAYS[0] for v in first)
    still_valid = {(v["domain"], v["name"], v["object_id"]) for v in first if v["valid_to"] is None}
    carried = {(v["domain"], v["name"], v["object_id"]) for v in second
               if v["valid_from"] is None or v["valid_from"].date() < DAYS[1]}
    assert carried == still_valid
    warehouse = Warehouse(root=str(pipeline.warehouse))
    end_state = read_json(warehouse.document_uri("catalog", DAYS[1], account, "_catalog_end.json"))
    assert len(end_state["catalog"]["objects"]) == sum(1 for v in second if v["valid_to"] is None)
    decided = read_json(warehouse.document_uri("catalog", DAYS[1], account, "_catalog_decided.json"))
    changed_by = {v["valid_from_query_id"] for v in second
                  if v["valid_from_query_id"] and v["valid_from"].date() == DAYS[1]}
    assert changed_by, "day 2 changes the catalog"
    assert changed_by <= {query_id for query_id, reason in decided.items() if reason is None}, \
        "every change of the day comes from a statement the catalog stored as applied"


def test_column_lineage_and_policy_references_flatten_the_records(pipeline):
    for account in pipeline.accounts:
        for day in DAYS:
            records = [row_to_record(r) for r in pipeline.table("access_history", day, account)]
            edges = Counter(
                (r["query_id"], kind, om["objectName"], column["columnName"], source["objectName"],
                 source.get("columnName"))
                for r in records for om in r["objects_modified"] for column in om.get("columns") or ()
                for kind, key in (("DIRECT", "directSources"), ("BASE", "baseSources"))
                for source in column.get(key) or ())
            lineage = Counter(
                (r["query_id"], r["source_column_type"], r["target_object_name"], r["target_column_name"],
                 r["source_object_name"], r["source_column_name"])
                for r in pipeline.table("column_lineage", day, account))
            assert lineage == edges and lineage
            policies = Counter(
                (r["query_id"], o["objectName"], c.get("columnName"), p["policyName"])
                for r in records for o in r["policies_referenced"]
                for c, ps in [({}, o.get("policies") or [])] + [(c, c["policies"]) for c in o.get("columns") or []]
                for p in ps)
            references = Counter((r["query_id"], r["object_name"], r["column_name"], r["policy_name"])
                                 for r in pipeline.table("policy_references", day, account))
            assert references == policies and references


def test_the_answers_are_written_with_figures_and_the_paths_carry_over(pipeline):
    figures = {"object_access": ("read_statements", "distinct_users"), "data_movement": ("moving_statements",),
               "data_movement_paths": ("paths", "paths_travelled"), "object_usage": ("objects_read", "unused_objects"),
               "governance_history": ("sets",)}
    for asset, names in figures.items():
        for day in DAYS:
            for account in pipeline.accounts:
                metadata = pipeline.metadata[(asset, day.isoformat(), account)]
                assert metadata["dagster/row_count"] == len(pipeline.table(asset, day, account)) > 0, asset
                assert all(metadata[name] > 0 for name in names), (asset, metadata)
    for account in pipeline.accounts:
        unused = {r["object_name"] for r in pipeline.table("object_usage", DAYS[0], account)
                  if r["column_name"] is None and r["in_catalog"] and r["reads"] == 0}
        assert {"ANALYTICS.RAW.ORDERS_ARCHIVE_2019", "ANALYTICS.MART.LEGACY_KPIS"} <= unused
        first, second = (pipeline.table("data_movement_paths", day, account) for day in DAYS)
        assert {tuple(r["path_keys"]) for r in first} <= {tuple(r["path_keys"]) for r in second}
        snapshot = [r for r in pipeline.table("governance_history", DAYS[0], account) if r["operation"] == "SNAPSHOT"]
        assert snapshot and all(r["policy_body"] for r in snapshot if r["governance_kind"] == "MASKING_POLICY")
        assert not [r for r in pipeline.table("governance_history", DAYS[1], account) if r["operation"] == "SNAPSHOT"]


def test_what_a_materialization_shows_is_its_stored_partitions(pipeline, spark):
    """An answer's figures are its summary over the stored partition (computed as its rows were written, or read
    back where they count distinct values), and every table's preview written without a Spark query is its stored
    partition's first rows (its files in the manifest's order), as Spark's Arrow gives them."""
    from pyspark.sql import functions as F

    from access_history_platform.spark.data_movement import movement_summary, paths_summary
    from access_history_platform.spark.governance_history import governance_summary
    from access_history_platform.spark.object_access import access_summary
    from access_history_platform.spark.object_usage import usage_summary
    from assets.tables import preview_of
    from resources.tables import TABLES

    warehouse = pipeline.resources["warehouse"]
    by_name = {table.name: table for table in TABLES}
    summaries = {"object_access": lambda day: access_summary(), "data_movement": lambda day: movement_summary(),
                 "data_movement_paths": lambda day: paths_summary(F.lit(day)),
                 "object_usage": lambda day: usage_summary(), "governance_history": lambda day: governance_summary()}
    for day in DAYS:
        for account in pipeline.accounts:
            for name in (*summaries, "raw_query_logs", "column_lineage", "policy_references"):
                metadata = pipeline.metadata[(name, day.isoformat(), account)]
                stored = warehouse.read(spark, by_name[name], day, account)
                if name in summaries:
                    figures = stored.agg(*summaries[name](day)).first().asDict()
                    assert {key: metadata[key] for key in figures} == figures, (name, day, account)
                columns = [cell.strip() for cell in metadata["preview"].splitlines()[0].strip("| ").split(" | ")]
                first = stored.select(*columns).toArrow().to_pylist()  # (Spark reads the files in its own order)
                in_order = [{column: row[column] for column in columns} for row in pipeline.table(name, day, account)]
                assert sorted(map(str, first)) == sorted(map(str, in_order)) and len(in_order) > 5, name
                assert metadata["preview"] == preview_of(in_order[:5], columns).value, (name, day, account)


def test_the_organization_rollup_holds_every_account_of_the_day(pipeline):
    for day in DAYS:
        rows = pipeline.table("org_access_history", day)
        assert Counter(r["account_name"] for r in rows) == {
            a: len(pipeline.table("access_history", day, a)) for a in pipeline.accounts}
        assert {r["organization_name"] for r in rows} == {ORGANIZATION}
        metadata = pipeline.metadata[("org_access_history", day.isoformat(), "")]
        assert metadata["accounts"] == 2 and metadata["dagster/row_count"] == len(rows)


def test_a_rerun_replaces_partitions_and_never_duplicates_rows(pipeline):
    before = row_counts(pipeline)
    versions_before = current_versions(pipeline.warehouse / "access_history")
    pipeline.materialize_account_day(DAYS[1], pipeline.accounts[0])
    pipeline.materialize_organization_day(DAYS[1])
    assert row_counts(pipeline) == before
    versions_after = current_versions(pipeline.warehouse / "access_history")
    replaced = f"day={DAYS[1]}/account={pipeline.accounts[0]}"
    assert versions_after.keys() == versions_before.keys() and versions_after[replaced] != versions_before[replaced]
    assert {k: v for k, v in versions_after.items() if k != replaced} == {
        k: v for k, v in versions_before.items() if k != replaced}, "the other partitions are untouched"
    assert read_manifest(str(pipeline.warehouse / "access_history" / replaced)).retired.keys() == {
        versions_before[replaced]}, "the replaced version is retired, kept a while for readers"


def current_versions(table: Path) -> dict[str, str]:
    """Each partition of a table folder, and its current version."""
    return {path.parent.relative_to(table).as_posix(): read_manifest(str(path.parent)).version
            for path in table.rglob(MANIFEST)}


def test_a_day_whose_previous_catalog_is_missing_fails_and_says_why(pipeline, tmp_path):
    resources = {**pipeline.resources, "warehouse": Warehouse(root=str(tmp_path / "warehouse"))}
    result = dg.materialize(list(ALL_ASSETS), selection=list(ACCOUNT_DAY_ASSETS[:2]), instance=pipeline.instance,
                            partition_key=partition_key(DAYS[1], pipeline.accounts[0]), resources=resources,
                            raise_on_error=False)
    assert not result.success
    [failure] = [event for event in result.all_events if event.is_step_failure]
    message = failure.step_failure_data.error.message
    assert f"the catalog of {DAYS[0]} is not materialized" in message and "day by day, in order" in message


def test_a_day_whose_previous_days_run_stopped_before_its_paths_does_not_make_its_paths_from_none(
        pipeline, tmp_path):
    """Day 1's run stopped after its catalog, before its edges and paths (a blocking check of its records failed).
    Day 2's paths are refused: made from none, they would answer without day 1's paths (and the days' before it)
    until day 1 is made and day 2 redone."""
    shutil.copytree(pipeline.warehouse, tmp_path / "warehouse")
    warehouse = Warehouse(root=str(tmp_path / "warehouse"))
    for table in (DATA_MOVEMENT, DATA_MOVEMENT_PATHS):
        warehouse.drop(table, DAYS[0])
    warehouse.drop(DATA_MOVEMENT_PATHS, DAYS[1])  # made for the first time
    account = pipeline.accounts[0]
    result = dg.materialize(list(ALL_ASSETS), selection=["data_movement_paths"], instance=pipeline.instance,
                            partition_key=partition_key(DAYS[1], account), raise_on_error=False,
                            resources={**pipeline.resources, "warehouse": warehouse})
    assert not result.success
    [failure] = [event for event in result.all_events if event.is_step_failure]
    assert (f"{account} {DAYS[1]}: the data_movement_paths of {DAYS[0]} are not materialized, but its catalog is: "
            "materialize the paths day by day, in order") in failure.step_failure_data.error.message
    assert not warehouse.materialized(DATA_MOVEMENT_PATHS, DAYS[1], account)


def test_a_day_that_started_from_a_day_retention_dropped_is_not_redone_from_nothing(pipeline, tmp_path):
    """Retention keeps the catalog and the paths of the day before its first kept day only as where that day starts.
    A late file landing in that day redoes it: started again from nothing (the landing zone's snapshot, no paths), it
    would lose what it carried, and so would every day after it. It is refused, and its partitions are left as they
    were; an account's first day, which started from the snapshot, is redone as before."""
    shutil.copytree(pipeline.warehouse, tmp_path / "warehouse")
    warehouse = Warehouse(root=str(tmp_path / "warehouse"))
    for table in (CATALOG, DATA_MOVEMENT, DATA_MOVEMENT_PATHS):  # what retention drops before the day it keeps
        warehouse.drop(table, DAYS[0])
    account = pipeline.accounts[0]
    assert any(row["first_moved_at"].date() < DAYS[1]
               for row in pipeline.table("data_movement_paths", DAYS[1], account)), "day 2's paths carry day 1's"
    resources = {**pipeline.resources, "warehouse": warehouse}

    def materialize(asset: str, day: date) -> dg.ExecuteInProcessResult:
        return dg.materialize(list(ALL_ASSETS), selection=[asset], instance=pipeline.instance, raise_on_error=False,
                              partition_key=partition_key(day, account), resources=resources)

    for table in ("catalog", "data_movement_paths"):
        version = read_manifest(str(tmp_path / "warehouse" / table / f"day={DAYS[1]}" / f"account={account}")).version
        result = materialize(table, DAYS[1])
        assert not result.success
        [failure] = [event for event in result.all_events if event.is_step_failure]
        assert (f"{account} {DAYS[1]}: this day's {table} started from the {table} of {DAYS[0]}, which is gone"
                in failure.step_failure_data.error.message)
        assert read_manifest(str(tmp_path / "warehouse" / table / f"day={DAYS[1]}" / f"account={account}")
                             ).version == version, "the partition is left as it was"
    for _ in range(2):  # made, then redone: the account's first day starts from the landing zone's snapshot
        assert materialize("catalog", DAYS[0]).success


def readme_spark_sql() -> list[str]:
    """The Spark SQL examples of the README's sections "Querying the outputs with Spark SQL" and "Ready answers"."""
    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    sections = text[text.index("### Querying the outputs with Spark SQL"):text.index("### OpenLineage out")]
    return re.findall(r"```sql\n(.*?)```", sections, re.DOTALL)


def test_the_readmes_spark_sql_examples_answer_on_the_warehouse_and_tables_nobody_read_are_right(pipeline, spark):
    from tools.query import register_views

    examples = readme_spark_sql()
    assert len(examples) == 8
    register_views(spark, Warehouse(root=str(pipeline.warehouse)))
    answers = [spark.sql(sql).collect() for sql in examples]  # every example runs as written
    nobody_read = next(rows for sql, rows in zip(examples, answers) if "FROM catalog c" in sql)
    tables, read = set(), set()
    for account in pipeline.accounts:  # each account's tables at the end of the latest day, read on any day
        tables |= {(account, row["name"]) for row in pipeline.table("catalog", DAYS[-1], account)
                   if row["domain"] == "Table" and row["valid_to"] is None}
        for day in DAYS:
            read |= {(account, entry["objectName"]) for row in pipeline.table("access_history", day, account)
                     for entry in row["base_objects_accessed"]}
    assert any(name is None for _, name in read), "a location read (a stage's file) has no name"
    answered = [(row["account_name"], row["name"]) for row in nobody_read]
    assert len(answered) == len(set(answered)), "each account's table once (the catalog holds every day's versions)"
    assert set(answered) == tables - read and tables - read
