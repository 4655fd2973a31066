"""The 99 TPC-DS queries' base tables and columns against a real PostgreSQL planner, as ``test_postgres_planner``
compares its TPC-H-like statements, and the same queries read through views over views.

On the integration tests' server, in a database of its own, the TPC-DS tables (empty, the bench's columns) and:

- views of the queries' own: each CTE of the 30 queries that have a WITH clause made a view (``v<n>_<cte>``, over
  the views of the CTEs it reads), and each such query reading its views instead (``q<n>_ctes_as_views``): the same
  meaning, one to four levels of views deep;
- hand-written views (a join, views over it, DISTINCT, an aggregate, a UNION ALL of the three channels, a LEFT JOIN,
  a scalar subquery) and nine queries that read them.

The catalog is read back from the server as ``ahp catalog`` reads it: the tables' columns, each view's definition as
``pg_get_viewdef`` prints it, no view's columns (the engine derives them). The queries are the shared bench's
(``tpcds.sql``); PostgreSQL needs seven of them rewritten (:data:`REWRITES`), and the bench's ``double`` columns are
``numeric`` (PostgreSQL has no ``round(double precision, int)``) and ``d_date`` a ``date`` (compared with dates).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import sqlglot
from sqlglot import exp

from access_history_platform.catalog import Catalog, catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import RECORDED, resolve_log

from .services import Postgres
from .test_postgres_planner import _run, _tables, planner_database, planner_scans

BENCH = Path(__file__).resolve().parents[3] / "shared" / "bench"
DATABASE = "planner_tpcds"
SCHEMA = "tpcds"
TYPES = {"bigint": "bigint", "double": "numeric", "string": "text"}

#: (query, text in it, replacement, why): each text occurs once in its query.
REWRITES = [
    (2, "FROM   web_sales)\n", "FROM   web_sales) x\n", "PostgreSQL 15 needs an alias on a subquery in FROM"),
    (14, "AND d3.d_year BETWEEN 1999 AND 1999 + 2)\n", "AND d3.d_year BETWEEN 1999 AND 1999 + 2) x\n",
     "PostgreSQL 15 needs an alias on a subquery in FROM"),
    (23, "GROUP  BY c_customer_sk)),", "GROUP  BY c_customer_sk) x),", "PostgreSQL 15 needs an alias on a subquery"),
    (23, "FROM   best_ss_customer)) LIMIT 100", "FROM   best_ss_customer)) x LIMIT 100",
     "PostgreSQL 15 needs an alias on a subquery in FROM"),
    (36, "WHEN lochierarchy = 0 THEN i_category", "WHEN Grouping(i_category) + Grouping(i_class) = 0 THEN i_category",
     "PostgreSQL takes no output alias inside an ORDER BY expression: the alias's expression instead"),
    (70, "WHEN lochierarchy = 0 THEN s_state", "WHEN Grouping(s_state) + Grouping(s_county) = 0 THEN s_state",
     "PostgreSQL takes no output alias inside an ORDER BY expression: the alias's expression instead"),
    (86, "WHEN lochierarchy = 0 THEN i_category", "WHEN Grouping(i_category) + Grouping(i_class) = 0 THEN i_category",
     "PostgreSQL takes no output alias inside an ORDER BY expression: the alias's expression instead"),
]

VIEWS = {  # in creation order: views over views
    "v_ss_dated": "select ss.ss_sold_date_sk, ss.ss_item_sk, ss.ss_store_sk, ss.ss_customer_sk, ss.ss_ext_sales_price, "
                  "ss.ss_ext_discount_amt, ss.ss_sales_price, ss.ss_net_profit, d.d_year, d.d_moy, d.d_day_name, "
                  "d.d_date from store_sales ss join date_dim d on d.d_date_sk = ss.ss_sold_date_sk",
    "v_ss_dec": "select * from v_ss_dated where d_moy = 12",
    "v_ss_dec_2000": "select * from v_ss_dec where d_year = 2000",
    "v_item_brand": "select distinct i_item_sk, i_brand_id, i_brand, i_manager_id, i_manufact_id from item",
    "v_store_day_sales": "select ss_store_sk, d_year, d_day_name, sum(ss_sales_price) as sales "
                         "from v_ss_dated group by ss_store_sk, d_year, d_day_name",
    "v_channel_sales": "select 'store' as channel, ss_sold_date_sk as sold_date_sk, ss_item_sk as item_sk, "
                       "ss_ext_sales_price as sales_price from store_sales "
                       "union all select 'catalog', cs_sold_date_sk, cs_item_sk, cs_ext_sales_price from catalog_sales "
                       "union all select 'web', ws_sold_date_sk, ws_item_sk, ws_ext_sales_price from web_sales",
    "v_ss_returns": "select ss.ss_item_sk, ss.ss_ticket_number, ss.ss_customer_sk, ss.ss_quantity, ss.ss_sales_price, "
                    "sr.sr_return_quantity, sr.sr_reason_sk from store_sales ss left join store_returns sr "
                    "on sr.sr_item_sk = ss.ss_item_sk and sr.sr_ticket_number = ss.ss_ticket_number",
    "v_customer_loc": "select c.c_customer_sk, c.c_customer_id, c.c_first_name, c.c_last_name, ca.ca_zip, ca.ca_city, "
                      "ca.ca_state, (select count(*) from customer_demographics cd "
                      "where cd.cd_demo_sk = c.c_current_cdemo_sk) as n_demo "
                      "from customer c join customer_address ca on ca.ca_address_sk = c.c_current_addr_sk",
}

EMPTY_BRANCH = ("the planner proves the view's 'store' branch empty (channel <> 'store') and never scans store_sales; "
                "CONTRACT 3a: through a view, every branch of a UNION is read")


@dataclass(frozen=True)
class Case:
    name: str
    sql: str
    differs: dict[str, str] = field(default_factory=dict)  #: table -> why planner and record differ there


VIEW_QUERIES = [
    Case("q3_through_a_join_view", "SELECT d_year, item.i_brand_id brand_id, item.i_brand brand, "
         "Sum(ss_ext_discount_amt) sum_agg FROM v_ss_dated, item WHERE v_ss_dated.ss_item_sk = item.i_item_sk "
         "AND item.i_manufact_id = 427 AND d_moy = 11 GROUP BY d_year, item.i_brand, item.i_brand_id "
         "ORDER BY d_year, sum_agg DESC, brand_id LIMIT 100"),
    Case("q42_through_views_over_views", "SELECT d_year, item.i_category_id, item.i_category, "
         "Sum(ss_ext_sales_price) FROM v_ss_dec_2000 dt, item WHERE dt.ss_item_sk = item.i_item_sk "
         "AND item.i_manager_id = 1 GROUP BY d_year, item.i_category_id, item.i_category "
         "ORDER BY Sum(ss_ext_sales_price) DESC, d_year, item.i_category_id, item.i_category LIMIT 100"),
    Case("q55_two_views_unqualified_columns", "SELECT i_brand_id brand_id, i_brand brand, "
         "Sum(ss_ext_sales_price) ext_price FROM v_ss_dec, v_item_brand WHERE ss_item_sk = i_item_sk "
         "AND i_manager_id = 33 AND d_year = 1998 GROUP BY i_brand, i_brand_id ORDER BY ext_price DESC, i_brand_id "
         "LIMIT 100"),
    Case("q43_through_an_aggregate_view", "SELECT s_store_name, s_store_id, "
         "Sum(CASE WHEN d_day_name = 'Sunday' THEN sales ELSE NULL END) sun_sales, "
         "Sum(CASE WHEN d_day_name = 'Saturday' THEN sales ELSE NULL END) sat_sales FROM v_store_day_sales, store "
         "WHERE s_store_sk = ss_store_sk AND s_gmt_offset = -5 AND d_year = 2002 GROUP BY s_store_name, s_store_id "
         "ORDER BY s_store_name, s_store_id, sun_sales, sat_sales LIMIT 100"),
    Case("q93_through_a_left_join_view", "SELECT ss_customer_sk, Sum(act_sales) sumsales FROM (SELECT ss_item_sk, "
         "ss_ticket_number, ss_customer_sk, CASE WHEN sr_return_quantity IS NOT NULL "
         "THEN (ss_quantity - sr_return_quantity) * ss_sales_price ELSE ss_quantity * ss_sales_price END act_sales "
         "FROM v_ss_returns, reason WHERE sr_reason_sk = r_reason_sk AND r_reason_desc = 'reason 38') t "
         "GROUP BY ss_customer_sk ORDER BY sumsales, ss_customer_sk LIMIT 100"),
    Case("q19_through_a_view_with_a_scalar_subquery", "SELECT i_brand_id brand_id, i_brand brand, i_manufact_id, "
         "i_manufact, Sum(ss_ext_sales_price) ext_price FROM date_dim, store_sales, item, v_customer_loc, store "
         "WHERE d_date_sk = ss_sold_date_sk AND ss_item_sk = i_item_sk AND i_manager_id = 38 AND d_moy = 12 "
         "AND d_year = 1998 AND ss_customer_sk = c_customer_sk AND SUBSTRING(ca_zip, 1, 5) <> SUBSTRING(s_zip, 1, 5) "
         "AND ss_store_sk = s_store_sk GROUP BY i_brand, i_brand_id, i_manufact_id, i_manufact "
         "ORDER BY ext_price DESC, i_brand, i_brand_id, i_manufact_id, i_manufact LIMIT 100"),
    Case("q19_the_scalar_subquerys_column", "SELECT c_customer_id, n_demo FROM v_customer_loc WHERE ca_state = 'TN' "
         "ORDER BY c_customer_id LIMIT 100"),
    Case("q98_through_a_join_view_with_a_window", "SELECT i_item_id, i_item_desc, i_category, i_class, "
         "i_current_price, Sum(ss_ext_sales_price) AS itemrevenue, Sum(ss_ext_sales_price) * 100 / "
         "Sum(Sum(ss_ext_sales_price)) OVER (PARTITION BY i_class) AS revenueratio FROM v_ss_dated, item "
         "WHERE ss_item_sk = i_item_sk AND i_category IN ('Men', 'Home', 'Electronics') "
         "AND d_date BETWEEN CAST('2000-05-18' AS DATE) AND (CAST('2000-05-18' AS DATE) + INTERVAL '30' DAY) "
         "GROUP BY i_item_id, i_item_desc, i_category, i_class, i_current_price "
         "ORDER BY i_category, i_class, i_item_id, i_item_desc, revenueratio"),
    Case("channels_union_view_a_branch_proven_empty", "SELECT item_sk, sum(sales_price) FROM v_channel_sales "
         "WHERE channel <> 'store' GROUP BY item_sk", {"store_sales": EMPTY_BRANCH}),
]


def tpcds_queries() -> dict[int, str]:
    """Each query of the shared bench by its number, with the rewrites PostgreSQL needs."""
    path = BENCH / "tpcds.sql"
    if not path.is_file():
        return {}
    parts = re.split(r"^-- ===== TPCDS Q(\d+) =====\s*$", path.read_text(), flags=re.M)
    queries = {int(number): sql.strip().rstrip(";").strip() for number, sql in zip(parts[1::2], parts[2::2])}
    for number, old, new, _ in REWRITES:
        assert queries[number].count(old) == 1, (number, old)
        queries[number] = queries[number].replace(old, new)
    return queries


def ctes_as_views(queries: dict[int, str]) -> tuple[dict[str, str], list[Case]]:
    """Every CTE of a query made a view (``v<n>_<cte>``, reading the views of the CTEs it reads), and each such query
    reading its views: (views in creation order, the queries)."""
    views: dict[str, str] = {}
    cases = []
    for number, sql in queries.items():
        tree = sqlglot.parse_one(sql, read="postgres")
        with_ = tree.args.get("with_")
        if with_ is None:
            continue
        names = {cte.alias.lower(): f"v{number}_{cte.alias.lower()}" for cte in with_.expressions}

        def renamed(node: exp.Expression) -> exp.Expression:
            for table in list(node.find_all(exp.Table)):
                view = names.get(table.name.lower()) if not table.args.get("db") else None
                if view is not None:
                    named = exp.to_table(view)
                    named.set("alias", exp.TableAlias(this=exp.to_identifier(table.alias or table.name.lower())))
                    table.replace(named)
            return node

        for cte in with_.expressions:
            views[names[cte.alias.lower()]] = renamed(cte.this.copy()).sql(dialect="postgres")
        query = tree.copy()
        query.set("with_", None)
        cases.append(Case(f"q{number}_ctes_as_views", renamed(query).sql(dialect="postgres")))
    return views, cases


QUERIES = tpcds_queries()
CTE_VIEWS, CTE_CASES = ctes_as_views(QUERIES)
CASES = [Case(f"q{number}", sql) for number, sql in QUERIES.items()] + VIEW_QUERIES + CTE_CASES


@pytest.fixture(scope="module")
def tpcds_db(postgres: Postgres) -> Iterator:
    tables = {table: ", ".join(f"{c} {'date' if c == 'd_date' else TYPES[t]}" for c, t in columns.items())
              for table, columns in json.loads((BENCH / "tpcds_schema.json").read_text()).items()}
    with planner_database(postgres, DATABASE, SCHEMA, tables, {**VIEWS, **CTE_VIEWS}) as connection:
        yield connection


@pytest.fixture(scope="module")
def server_catalog(tpcds_db) -> Catalog:
    """The catalog as the server holds it (tables with their columns, views with ``pg_get_viewdef``'s text and no
    columns), loaded once: the statements compared change nothing."""
    objects = []
    for (table,) in _run(tpcds_db, f"select table_name from information_schema.tables where table_schema = "
                                   f"'{SCHEMA}' and table_type = 'BASE TABLE'"):
        columns = _run(tpcds_db, f"select column_name from information_schema.columns where table_schema = "
                                 f"'{SCHEMA}' and table_name = '{table}' order by ordinal_position")
        objects.append({"domain": "Table", "name": f"{DATABASE}.{SCHEMA}.{table}",
                        "columns": [{"name": column} for (column,) in columns]})
    for view in {**VIEWS, **CTE_VIEWS}:
        (definition,) = _run(tpcds_db, f"select pg_get_viewdef('{SCHEMA}.{view}'::regclass, true)")[0]
        objects.append({"domain": "View", "name": f"{DATABASE}.{SCHEMA}.{view}",
                        "definition": definition.strip().rstrip(";")})
    return catalog_from_dict({"objects": objects})


def record_of(catalog: Catalog, sql: str) -> dict:
    line = validate_log_record({"query_id": "q1", "query_text": sql, "query_start_time": "2024-03-01T09:00:00+00:00",
                                "user_name": "PLANNER", "database_name": DATABASE, "schema_name": SCHEMA}, "case", 1)
    (outcome,) = list(resolve_log(catalog, [line], dialect="postgres"))
    assert outcome.status == RECORDED, outcome.reason
    return outcome.records[0]


@pytest.mark.skipif(not QUERIES, reason=f"the shared TPC-DS bench is not at {BENCH}")
@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_base_tables_and_columns_agree_with_the_planner(tpcds_db, server_catalog: Catalog, case: Case):
    record = record_of(server_catalog, case.sql)
    scans = planner_scans(tpcds_db, case.sql)
    base = _tables(record["base_objects_accessed"])
    agreed = set(scans.mentioned) - set(case.differs)
    assert set(base) - set(case.differs) == agreed, f"record {sorted(base)}, planner {sorted(scans.mentioned)}"
    for table in case.differs:  # each judged difference is real
        assert (table in base) != (table in scans.mentioned), table
    for table in agreed:
        needed, mentioned = scans.deciding[table], scans.mentioned[table]
        assert needed <= base[table] <= mentioned, (f"{table}: record {sorted(base[table])}, planner needs "
                                                   f"{sorted(needed)} of {sorted(mentioned)}")
