"""The engine's records against Spark's own analyzer: base tables, columns read and column lineage.

In a database of its own, the run's Spark session gets the TPC-H tables (empty, parquet) and
views over them: views over views, a join, an aggregate, a UNION, a scalar subquery and a
CREATE VIEW with a column list. The engine's catalog is built from the same definitions (tables
with their columns, each view's CREATE VIEW statement). Each statement is analyzed by Spark,
never run (:mod:`tests.support.spark_plans`), and resolved by the engine (dialect spark), and the
record is compared with the plan:

- its base tables are the tables the plan reaches;
- its base columns lie between what the plan needs (what comes out and what decides which rows
  do) and every column the plan mentions;
- for an INSERT or a CREATE TABLE ... AS SELECT, the written table is the plan's and each written
  column's ``baseSources`` are the columns the plan computes it from.

The statements are the 22 TPC-H queries, each as a query and as a CTAS, and hand-picked ones.
Where the record differs from the plan by design (a CONTRACT reading: correlation columns are
no lineage, a USING join's key comes from both sides, ...) or through a known limitation of the
engine, the case says which check differs and why (``differs``), and the test checks that it
still does: a case that comes to agree must lose its note.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from pyspark.sql import SparkSession

from access_history_platform.resolve import RECORDED

from .support.records import resolve_case
from .support.spark_plans import PlanAccess, plan_access

pytestmark = pytest.mark.spark

BENCH = Path(__file__).resolve().parents[2] / "shared" / "bench"
DATABASE = "ahp_spark_analyzer"
CATALOG = "spark_catalog"

#: The extra tables (name -> columns) beside TPC-H's.
TABLES = {
    "order_targets": "k bigint, label string, amount double",
    "events": "id bigint, payload variant",
}
VIEWS = {  # in creation order: views over views
    "v_rev": "CREATE VIEW v_rev AS SELECT l_orderkey, sum(l_extendedprice * (1 - l_discount)) AS rev "
             "FROM lineitem GROUP BY l_orderkey",
    "v_order_rev": "CREATE VIEW v_order_rev AS SELECT o_orderkey, o_custkey, o_orderdate, rev "
                   "FROM orders JOIN v_rev ON o_orderkey = l_orderkey",
    "v_cust_rev": "CREATE VIEW v_cust_rev AS SELECT c_name, n_name, sum(rev) AS total "
                  "FROM customer, nation, v_order_rev "
                  "WHERE c_custkey = o_custkey AND c_nationkey = n_nationkey GROUP BY c_name, n_name",
    "v_parties": "CREATE VIEW v_parties AS SELECT c_name AS name, c_nationkey AS nationkey FROM customer "
                 "UNION SELECT s_name, s_nationkey FROM supplier",
    "v_labels": "CREATE VIEW v_labels (key, label) AS SELECT p_partkey, upper(p_name) AS upper_name FROM part "
                "WHERE p_size > 0",
    "v_supplier_cost": "CREATE VIEW v_supplier_cost AS SELECT s_suppkey, s_name, "
                       "(SELECT max(ps_supplycost) FROM partsupp WHERE ps_suppkey = s_suppkey) AS max_cost "
                       "FROM supplier",
}


@dataclass(frozen=True)
class Case:
    name: str
    sql: str
    #: check -> why the record and the plan differ there: ``tables``, ``columns``, ``lineage:<column>``, or ``record``
    #: (the engine gives none)
    differs: dict[str, str] = field(default_factory=dict)
    #: also compared as ``CREATE TABLE ... AS`` the query (a query only)
    ctas: bool = True


PIVOTED = ("the PIVOT's FOR column decides which rows feed each pivoted column, as a condition, no value flows from "
           "it (the engine's reading of PIVOT); Spark rewrites each aggregate over if(o_orderstatus = value, ...)")
CORRELATED = ("the subquery's correlation column ({}) decides which rows it reads, no value flows from it "
              "(CONTRACT 3a); Spark counts a subquery's outer columns among its expression's inputs")

HAND_PICKED = [
    Case("view_over_views_over_aggregate", "SELECT c_name, total FROM v_cust_rev WHERE n_name = 'FRANCE'"),
    Case("view_with_column_list", "SELECT label FROM v_labels WHERE key > 10"),
    Case("union_view", "SELECT name FROM v_parties WHERE nationkey = 1"),
    Case("union_view_count", "SELECT count(*) AS n FROM v_parties"),
    Case("view_column_by_subquery_unread", "SELECT s_name FROM v_supplier_cost"),
    Case("view_column_by_subquery_read", "SELECT s_name, max_cost FROM v_supplier_cost",
         differs={"lineage:max_cost": CORRELATED.format("supplier.s_suppkey")}),
    Case("pivot_two_aggregates",
         "SELECT * FROM (SELECT o_custkey, o_orderstatus, o_totalprice, o_shippriority FROM orders) "
         "PIVOT (sum(o_totalprice) AS total, max(o_shippriority) AS top FOR o_orderstatus IN ('F' AS f, 'O' AS o))",
         differs={f"lineage:{column}": PIVOTED for column in ("f_total", "f_top", "o_total", "o_top")}),
    Case("pivot_aggregate_expression",
         "SELECT * FROM (SELECT o_custkey, o_orderstatus, o_totalprice FROM orders) "
         "PIVOT (sum(o_totalprice) + 1 AS total FOR o_orderstatus IN ('F' AS f, 'O' AS o))",
         differs={f"lineage:{column}": PIVOTED for column in ("f", "o")}),
    Case("left_semi_join", "SELECT c_name FROM customer LEFT SEMI JOIN orders ON o_custkey = c_custkey"),
    Case("count_distinct_star", "SELECT count(DISTINCT *) AS n FROM nation"),
    Case("windows", "SELECT o_custkey, rank() OVER (PARTITION BY o_custkey ORDER BY o_orderdate) AS rk, "
                    "sum(o_totalprice) OVER (PARTITION BY o_orderpriority) AS total FROM orders"),
    Case("scalar_subquery_in_select",
         "SELECT c_name, (SELECT count(*) FROM orders WHERE o_custkey = c_custkey) AS n_orders FROM customer",
         differs={"lineage:n_orders": CORRELATED.format("customer.c_custkey")}),
    Case("exists_select_star",
         "SELECT c_name FROM customer WHERE EXISTS (SELECT * FROM orders WHERE o_custkey = c_custkey)"),
    Case("exists_over_union",
         "SELECT c_name FROM customer WHERE EXISTS (SELECT * FROM orders WHERE o_custkey = c_custkey "
         "UNION SELECT * FROM orders WHERE o_totalprice > 1)",
         differs={"columns": "an EXISTS reads no column of its select list (CONTRACT 3a), a UNION under it neither: "
                             "whether a row exists does not depend on them; Spark's Distinct compares whole rows"}),
    Case("not_exists", "SELECT s_name FROM supplier s WHERE NOT EXISTS "
                       "(SELECT 1 FROM partsupp WHERE ps_suppkey = s.s_suppkey AND ps_availqty > 10)"),
    Case("in_subquery", "SELECT p_name FROM part WHERE p_partkey IN (SELECT ps_partkey FROM partsupp "
                        "WHERE ps_availqty > 10)"),
    Case("union_all_then_distinct", "SELECT n_name AS name FROM nation UNION ALL SELECT r_name FROM region "
                                    "UNION SELECT name FROM v_parties"),
    Case("intersect", "SELECT c_nationkey FROM customer INTERSECT SELECT s_nationkey FROM supplier"),
    Case("grouping_sets", "SELECT n_regionkey, n_name, grouping(n_name) AS g, count(*) AS n FROM nation "
                          "GROUP BY GROUPING SETS ((n_regionkey), (n_name), ())",
         differs={"lineage:g": "grouping(n_name) is a function of n_name, whose sources it has (CONTRACT 3a: through "
                               "any other function, those of all its arguments); Spark computes it from the "
                               "grouping id its Expand adds, which comes from no column"}),
    Case("rollup_grouping_id", "SELECT r_name, n_name, grouping_id() AS gid, sum(n_nationkey) AS s "
                               "FROM nation JOIN region ON n_regionkey = r_regionkey GROUP BY ROLLUP (r_name, n_name)"),
    Case("lateral_view_explode", "SELECT c_name, word FROM customer "
                                 "LATERAL VIEW explode(split(c_comment, ' ')) w AS word WHERE c_acctbal > 0"),
    Case("cte_read_twice", "WITH big AS (SELECT o_custkey, o_totalprice FROM orders WHERE o_totalprice > 100) "
                           "SELECT a.o_custkey, b.o_totalprice FROM big a JOIN big b ON a.o_custkey = b.o_custkey"),
    Case("using_join", "SELECT k, n_name FROM (SELECT n_nationkey AS k, n_name FROM nation) a "
                       "JOIN (SELECT s_nationkey AS k FROM supplier) b USING (k)",
         differs={"lineage:k": "a USING join's column is both sides' key, merged (the engine's reading of USING, as "
                               "for a FULL join's coalesce); Spark's inner join returns the left side's"}),
    Case("lateral_subquery", "SELECT c_name, t.n, t.m FROM customer, LATERAL (SELECT count(*) AS n, "
                             "max(o_totalprice) AS m FROM orders WHERE o_custkey = c_custkey) t"),
    Case("variant_paths", "SELECT id, payload:a.b, payload:c[0]::int, payload:['k'] AS k FROM events "
                          "WHERE payload:x::string = 'y'"),
    Case("negations", "SELECT -o_totalprice, -(o_totalprice + 1), -1 * o_custkey, abs(-o_shippriority), -(2) "
                      "FROM orders"),
    Case("pipe_bare", "TABLE orders | WHERE o_totalprice > 1 | SELECT o_orderkey, o_custkey"),
    Case("pipe_values_first", "VALUES (0, 'abc') tab(k, n) |> UNION ALL (SELECT n_nationkey, n_name FROM nation)"),
    Case("pipe_set_in_order", "TABLE orders |> EXTEND 1 AS z |> SET z = o_totalprice + 1, o_shippriority = z * 2"),
    Case("pipe_named_window", "TABLE orders |> SELECT o_custkey, sum(o_totalprice) OVER w AS s "
                              "WINDOW w AS (PARTITION BY o_orderstatus ORDER BY o_orderdate)"),
    Case("pipe_offset_sort_distribute", "TABLE orders |> WHERE o_custkey > 1 |> SELECT o_orderkey |> OFFSET 1 "
                                        "|> SORT BY o_orderkey DISTRIBUTE BY o_orderkey"),
    Case("time_window", "SELECT window.start AS ws, o_orderstatus, count(*) AS n FROM orders "
                        "GROUP BY window(CAST(o_orderdate AS TIMESTAMP), '5 days'), o_orderstatus ORDER BY window.end"),
    Case("time_window_fields", "SELECT window(CAST(o_orderdate AS TIMESTAMP), '5 days').start AS ws, "
                               "max(o_totalprice) AS top FROM orders GROUP BY window(CAST(o_orderdate AS TIMESTAMP), "
                               "'5 days')"),
    Case("parenthesized_star", "SELECT (*) FROM nation WHERE n_regionkey = 1"),
    Case("unsigned_shift", "SELECT n_nationkey >>> 1 AS s, n_regionkey FROM nation"),
    Case("spatial_type_of_any_reference_system",
         "SELECT typeof(ST_GeomFromWKB(X'0101000000000000000000f03f0000000000000040')::GEOMETRY(ANY)) AS g, n_name "
         "FROM nation"),
    Case("window_defined_by_window", "SELECT rank() OVER w3 AS r3, sum(o_totalprice) OVER w3 AS s FROM orders "
                                     "WINDOW w1 AS (PARTITION BY o_custkey ORDER BY o_orderdate), w3 AS w1"),
    Case("lateral_outer_star", "SELECT t.* FROM region, LATERAL (SELECT region.*) AS t(k, n, c)"),
    Case("insert_column_list", "INSERT INTO order_targets (label, k) SELECT n_name, n_nationkey FROM nation",
         ctas=False),
    Case("insert_by_name", "INSERT INTO order_targets BY NAME "
                           "SELECT o_totalprice AS amount, o_orderkey AS k, o_clerk AS label FROM orders", ctas=False),
    Case("insert_from_view", "INSERT OVERWRITE order_targets SELECT o_orderkey, o_orderdate, rev FROM v_order_rev",
         ctas=False),
]


def tpch_schema() -> dict[str, dict[str, str]]:
    return json.loads((BENCH / "tpch_schema.json").read_text())


def bench_queries(workload: str) -> list[tuple[str, str]]:
    """(``qn``, text) of each query of a workload of the shared bench (``tpch``, ``tpcds``), named by its
    ``-- ===== TPCH Qn =====`` line; none when the bench is not there."""
    path = BENCH / f"{workload}.sql"
    if not path.is_file():
        return []
    parts = re.split(rf"^-- ===== {workload.upper()} (Q\d+) =====$", path.read_text(), flags=re.M)
    return [(name.lower(), sql.strip().rstrip(";")) for name, sql in zip(parts[1::2], parts[2::2])]


def tpch_cases() -> list[Case]:
    """The TPC-H queries of the shared bench."""
    return [Case(f"tpch_{name}", sql) for name, sql in bench_queries("tpch")]


def all_cases() -> list[Case]:
    """Every case, and each query that allows it again as a CREATE TABLE ... AS SELECT."""
    cases = []
    for case in tpch_cases() + HAND_PICKED:
        if not case.ctas:
            cases.append(case)
            continue
        reads = {check: why for check, why in case.differs.items() if not check.startswith("lineage:")}
        cases.append(Case(case.name, case.sql, reads))
        cases.append(Case(f"{case.name}_ctas", f"CREATE TABLE ctas_{case.name} AS {case.sql}", case.differs, False))
    return cases


CASES = all_cases()


def table_definitions() -> dict[str, str]:
    """Every table of the database: name -> its columns, as CREATE TABLE takes them."""
    tpch = {table: ", ".join(f"{c} {t}" for c, t in columns.items()) for table, columns in tpch_schema().items()}
    return {**tpch, **TABLES}


@contextmanager
def analyzed_database(spark: SparkSession, location: Path, database: str, tables: dict[str, str],
                      views: Iterable[str] = ()) -> Iterator[SparkSession]:
    """The session with ``database`` current, at ``location``: empty ``tables`` (name -> column definitions) and
    ``views`` (CREATE VIEW statements, in creation order); dropped after, the session's database current again."""
    previous = spark.catalog.currentDatabase()
    spark.sql(f"DROP DATABASE IF EXISTS {database} CASCADE")
    spark.sql(f"CREATE DATABASE {database} LOCATION '{location}'")
    spark.catalog.setCurrentDatabase(database)
    try:
        for name, columns in tables.items():
            spark.sql(f"CREATE TABLE {name} ({columns}) USING parquet")
        for definition in views:
            spark.sql(definition)
        yield spark
    finally:
        spark.catalog.setCurrentDatabase(previous)
        spark.sql(f"DROP DATABASE IF EXISTS {database} CASCADE")


@pytest.fixture(scope="module")
def analyzer(spark: SparkSession, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SparkSession]:
    """The run's session with this module's database current: empty tables and views over them."""
    with analyzed_database(spark, tmp_path_factory.mktemp(DATABASE), DATABASE, table_definitions(),
                           VIEWS.values()) as session:
        yield session


def engine_catalog() -> dict:
    """The engine's catalog from the same definitions: tables with their columns, views with their CREATE VIEW."""
    objects = [{"domain": "Table", "name": f"{CATALOG}.{DATABASE}.{table}",
                "columns": [{"name": column.split()[0]} for column in columns.split(", ")]}
               for table, columns in table_definitions().items()]
    objects += [{"domain": "View", "name": f"{CATALOG}.{DATABASE}.{view}", "definition": definition}
                for view, definition in VIEWS.items()]
    return {"objects": objects}


def engine_outcome(sql: str, catalog: dict | None = None, database: str = DATABASE):
    """The engine's outcome of ``sql``, run in ``database`` (this module's) against ``catalog`` (this module's)."""
    line = {"query_id": "q1", "query_text": sql, "query_start_time": "2024-03-01T09:00:00+00:00",
            "user_name": "ANALYST", "database_name": CATALOG, "schema_name": database}
    (outcome,) = resolve_case({"dialect": "spark", "catalog": catalog or engine_catalog(), "log": [line]})
    return outcome


@dataclass(frozen=True)
class RecordAccess:
    """What a record says a statement reads and writes, in :class:`PlanAccess`'s terms (lower-case names)."""

    tables: frozenset[str]
    columns: frozenset[str]
    target: str | None
    lineage: dict[str, frozenset[str]] | None


def record_access(record: dict) -> RecordAccess:
    base = [entry for entry in record["base_objects_accessed"] if "objectName" in entry]
    columns = {f"{entry['objectName']}.{c['columnName']}".lower()
               for entry in base for c in entry.get("columns") or ()}
    (written,) = record.get("objects_modified") or [None]
    lineage = None if written is None else {
        c["columnName"].lower(): frozenset(f"{s['objectName']}.{s['columnName']}".lower()
                                           for s in c.get("baseSources") or () if "columnName" in s)
        for c in written.get("columns") or ()}
    return RecordAccess(frozenset(e["objectName"].lower() for e in base), frozenset(columns),
                        written and written["objectName"].lower(), lineage)


def disagreements(plan: PlanAccess, record: RecordAccess) -> dict[str, str]:
    """Each check where the record and the plan disagree, with how. A column the plan writes from nothing (one an
    INSERT's column list leaves to its default) may be missing from the record."""
    found = {}
    if record.tables != plan.tables:
        found["tables"] = f"record {sorted(record.tables)}, plan {sorted(plan.tables)}"
    lost, invented = plan.needed - record.columns, record.columns - plan.mentioned
    if lost or invented:
        found["columns"] = (f"the record leaves out {sorted(lost)} the plan needs, "
                            f"shows {sorted(invented)} it never mentions")
    if record.target != plan.target:
        found["target"] = f"record {record.target}, plan {plan.target}"
    for column, sources in (plan.lineage or {}).items():
        recorded = (record.lineage or {}).get(column)
        if recorded is None and sources:
            found[f"lineage:{column}"] = f"not in the record; the plan computes it from {sorted(sources)}"
        elif recorded is not None and recorded != sources:
            found[f"lineage:{column}"] = f"record {sorted(recorded)}, plan {sorted(sources)}"
    for column in set(record.lineage or ()) - set(plan.lineage or ()):
        found[f"lineage:{column}"] = "written in the record, not in the plan"
    return found


@pytest.mark.skipif(not CASES or not (BENCH / "tpch_schema.json").is_file(),
                    reason=f"the shared TPC-H bench is not at {BENCH}")
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_record_agrees_with_the_analyzed_plan(analyzer: SparkSession, case: Case):
    assert_agrees(plan_access(analyzer, case.sql), engine_outcome(case.sql), case)


def assert_agrees(plan: PlanAccess, outcome, case: Case) -> None:
    """The record agrees with the plan but where the case says why not, and each difference it declares is real."""
    if outcome.status == RECORDED:
        found = disagreements(plan, record_access(outcome.records[0]))
        if outcome.warnings:  # (Spark found a column for every name: the engine must find one too)
            found["warnings"] = "; ".join(outcome.warnings)
    else:
        found = {"record": f"{outcome.status}: {outcome.reason}"}
    unexplained = {check: how for check, how in found.items() if check not in case.differs}
    assert not unexplained, unexplained
    stale = sorted(set(case.differs) - set(found))
    assert not stale, f"declared differences that are gone (drop their notes): {stale}"


@pytest.mark.parametrize("sql", [
    "SELECT `(o_comment|o_clerk)?+.+` FROM orders WHERE o_orderkey > 1",
    "CREATE TABLE ctas_regex AS SELECT o.`(O_COMMENT|o_clerk)?+.+`, c.c_name FROM orders o JOIN customer c "
    "ON o_custkey = c_custkey",
], ids=["query", "ctas"])
def test_a_quoted_regex_selects_the_columns_it_matches_once_the_session_sets_it(analyzer: SparkSession, sql: str):
    """After ``SET spark.sql.parser.quotedRegexColumnNames=true`` (a line of the same session), a backquoted name of a
    select list that is no plain name is a regular expression of the columns it selects (Hive's "every column but"
    idiom, Spark's query_regex_column.sql): it had been one column of that name, invented, with a warning."""
    analyzer.conf.set("spark.sql.parser.quotedRegexColumnNames", "true")
    try:
        plan = plan_access(analyzer, sql)
    finally:
        analyzer.conf.unset("spark.sql.parser.quotedRegexColumnNames")
    lines = [{"query_id": f"q{n}", "query_text": text, "query_start_time": f"2024-03-01T09:00:0{n}+00:00",
              "user_name": "ANALYST", "database_name": CATALOG, "schema_name": DATABASE, "session_id": "s1"}
             for n, text in enumerate(["SET spark.sql.parser.quotedRegexColumnNames=true", sql])]
    _, outcome = resolve_case({"dialect": "spark", "catalog": engine_catalog(), "log": lines})
    assert {column.rsplit(".", 1)[1] for column in plan.needed} >= {"o_orderkey", "o_totalprice", "o_orderdate"}
    assert_agrees(plan, outcome, Case("quoted_regex", sql))


#: Spark 4.2's SQL path (``SET PATH``): two schemas beside this module's, each with a table ``t``, as the module's
#: own schema has one.
PATH_SCHEMAS = {"ahp_path_a": "id int, a_only string", "ahp_path_b": "id int, b_only string"}
PATH_CASES = [
    ("spark_catalog.ahp_path_b, spark_catalog.ahp_path_a, system.builtin", "SELECT id, b_only FROM t"),
    ("spark_catalog.ahp_path_a, spark_catalog.ahp_path_b", "SELECT * FROM t WHERE id > 1"),
    ("spark_catalog.ahp_path_a, CURRENT_SCHEMA", "SELECT o_orderkey, a_only FROM t JOIN orders ON id = o_orderkey"),
    ("spark_catalog.ahp_path_a, spark_catalog.ahp_path_b", "CREATE TABLE ctas_path AS SELECT id, a_only FROM t"),
    ("spark_catalog.ahp_path_b, CURRENT_SCHEMA", "INSERT INTO t SELECT o_orderkey, o_clerk FROM orders"),
]


@pytest.mark.parametrize(("path", "sql"), PATH_CASES, ids=["first_schema", "star", "current_schema", "ctas", "insert"])
def test_an_unqualified_name_is_looked_up_along_the_sql_path(analyzer: SparkSession, tmp_path: Path, path: str,
                                                              sql: str):
    """After ``SET PATH = ...`` (a line of the same session), an unqualified name of a query or DML statement is the
    first table of its name along the path's schemas, as Spark's analyzer finds it (``sql-path.sql``, N7 of the
    review of Spark 5's SQL tests): it had been the current schema's table of the name, another table. A CTAS names
    its own table in the current schema."""
    spark_tables = {**{f"{schema}.t": columns for schema, columns in PATH_SCHEMAS.items()},
                    f"{DATABASE}.t": "id int, own string"}
    for schema in PATH_SCHEMAS:
        analyzer.sql(f"CREATE DATABASE {schema} LOCATION '{tmp_path / schema}'")
    for name, columns in spark_tables.items():
        analyzer.sql(f"CREATE TABLE {name} ({columns}) USING parquet")
    analyzer.conf.set("spark.sql.path.enabled", "true")
    try:
        analyzer.sql(f"SET PATH = {path}")
        plan = plan_access(analyzer, sql)
    finally:
        analyzer.sql("SET PATH = DEFAULT_PATH")
        analyzer.conf.unset("spark.sql.path.enabled")
        analyzer.sql(f"DROP TABLE {DATABASE}.t")
        for schema in PATH_SCHEMAS:
            analyzer.sql(f"DROP DATABASE {schema} CASCADE")
    catalog = engine_catalog()
    catalog["objects"] += [{"domain": "Table", "name": f"{CATALOG}.{name}",
                            "columns": [{"name": column.split()[0]} for column in columns.split(", ")]}
                           for name, columns in spark_tables.items()]
    lines = [{"query_id": f"q{n}", "query_text": text, "query_start_time": f"2024-03-01T09:00:0{n}+00:00",
              "user_name": "ANALYST", "database_name": CATALOG, "schema_name": DATABASE, "session_id": "s1"}
             for n, text in enumerate([f"SET PATH = {path}", sql])]
    _, outcome = resolve_case({"dialect": "spark", "catalog": catalog, "log": lines})
    assert any(table.startswith(f"{CATALOG}.ahp_path_") for table in {*plan.tables, plan.target} if table)
    assert_agrees(plan, outcome, Case("sql_path", sql))
