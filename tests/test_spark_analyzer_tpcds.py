"""The engine's records of the 99 TPC-DS queries against Spark's own analyzer, as ``test_spark_analyzer`` compares
TPC-H's: base tables, the columns read and, for each query as a CREATE TABLE ... AS SELECT, each written column's
``baseSources``.

The queries are the shared bench's (``tpcds.sql``, written for sqlglot's Snowflake dialect); Spark takes them as
they are but for their double-quoted aliases, which Spark reads as strings and which are given back quotes here. The
tables are created empty in a database of their own (TPC-DS has a ``customer`` of its own beside TPC-H's). Q39 and
Q64 repeat a name in their select lists, which a CREATE TABLE refuses: they are compared as queries only.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator

import pytest
from pyspark.sql import SparkSession

from .support.spark_plans import plan_access
from .test_spark_analyzer import (BENCH, CATALOG, Case, analyzed_database, assert_agrees, bench_queries,
                                  engine_outcome)

pytestmark = pytest.mark.spark

DATABASE = "ahp_spark_analyzer_tpcds"
#: queries whose select lists repeat a name (a CREATE TABLE of them fails)
QUERIES_ONLY = frozenset({"q39", "q64"})
GROUPING = ("grouping({}) is computed from {} (CONTRACT 3a: through any other function than a SQL UDF, the base "
            "sources of all its arguments); Spark computes it from the grouping set's id, of no column")
#: CTAS column -> the grouped column its grouping() call names, for the queries whose written columns take it
GROUPED = {
    "q27": {"g_state": "s_state"},
    "q36": {"lochierarchy": "i_category, i_class", "rank_within_parent": "i_category, i_class"},
    "q70": {"lochierarchy": "s_state, s_county", "rank_within_parent": "s_state, s_county"},
    "q86": {"lochierarchy": "i_category, i_class", "rank_within_parent": "i_category, i_class"},
}


def tpcds_schema() -> dict[str, dict[str, str]]:
    return json.loads((BENCH / "tpcds_schema.json").read_text())


def tpcds_cases() -> list[Case]:
    """Each TPC-DS query of the shared bench as a query, and as a CREATE TABLE ... AS SELECT where Spark takes one."""
    cases = []
    for name, sql in bench_queries("tpcds"):
        sql = re.sub(r'"([^"]*)"', r"`\1`", sql)
        cases.append(Case(f"tpcds_{name}", sql))
        if name not in QUERIES_ONLY:
            differs = {f"lineage:{column}": GROUPING.format(grouped, grouped)
                       for column, grouped in GROUPED.get(name, {}).items()}
            cases.append(Case(f"tpcds_{name}_ctas", f"CREATE TABLE ctas_{name} AS {sql}", differs, False))
    return cases


CASES = tpcds_cases()


@pytest.fixture(scope="module")
def analyzer(spark: SparkSession, tmp_path_factory: pytest.TempPathFactory) -> Iterator[SparkSession]:
    """The run's session with this module's database current: TPC-DS's tables, empty."""
    tables = {table: ", ".join(f"{c} {t}" for c, t in columns.items()) for table, columns in tpcds_schema().items()}
    with analyzed_database(spark, tmp_path_factory.mktemp(DATABASE), DATABASE, tables) as session:
        yield session


@pytest.fixture(scope="module")
def engine_catalog() -> dict:
    return {"objects": [{"domain": "Table", "name": f"{CATALOG}.{DATABASE}.{table}",
                         "columns": [{"name": column} for column in columns]}
                        for table, columns in tpcds_schema().items()]}


@pytest.mark.skipif(not CASES, reason=f"the shared TPC-DS bench is not at {BENCH}")
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_record_agrees_with_the_analyzed_plan(analyzer: SparkSession, engine_catalog: dict, case: Case):
    assert_agrees(plan_access(analyzer, case.sql), engine_outcome(case.sql, engine_catalog, DATABASE), case)
