"""The engine's base objects against a real PostgreSQL planner's account of what a statement scans.

On the integration tests' PostgreSQL server, TPC-H-like tables and views over views are
created; the catalog the engine resolves against is read back from the server (tables and
their columns, each view's definition as ``pg_get_viewdef`` prints it). Each statement goes
through ``EXPLAIN (VERBOSE, FORMAT JSON)`` (not executed: writes change nothing) and through
the engine (dialect postgres), and the record's base tables are compared with the relations
the plan scans; for the statements marked so, the columns too: every column the plan scans
or filters on (``alias.column`` anywhere in the plan's expressions).

Where the planner and the record differ by design, the case says why (``differs``): the
planner may skip work an access-history record must show (a table a LEFT JOIN can drop, a
branch it proves empty). The written table of an UPDATE / DELETE is scanned for the columns its
conditions read (and for ``ctid``, a system column, left out), as the record reads them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

import psycopg2
import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import RECORDED, resolve_log

from .services import Postgres

DATABASE = "planner"
SCHEMA = "tpch"

TABLES = {
    "region": "r_regionkey int primary key, r_name text",
    "nation": "n_nationkey int primary key, n_name text, n_regionkey int",
    "customer": "c_custkey int primary key, c_name text, c_nationkey int, c_acctbal numeric, c_segment text",
    "orders": "o_orderkey int primary key, o_custkey int, o_status text, o_total numeric, o_date date",
    "lineitem": "l_orderkey int, l_linenumber int, l_partkey int, l_qty int, l_price numeric",
    "part": "p_partkey int primary key, p_name text, p_brand text",
    "orders_archive": "o_orderkey int, o_custkey int, o_status text, o_total numeric, o_date date",
    "order_summary": "o_custkey int, total numeric, n int",
}
VIEWS = {  # in creation order: views over views
    "v_customer_nation": "select c.c_custkey, c.c_name, n.n_name as nation, c.c_acctbal "
                         "from customer c join nation n on n.n_nationkey = c.c_nationkey",
    "v_customer_region": "select v.c_custkey, v.c_name, v.nation, r.r_name as region "
                         "from v_customer_nation v join nation n on n.n_name = v.nation "
                         "join region r on r.r_regionkey = n.n_regionkey",
    "v_europe": "select c_custkey, c_name from v_customer_region where region = 'EUROPE'",
    "v_statuses": "select distinct o_status, o_custkey from orders",
    "v_all_orders": "select o_orderkey, o_total from orders union select o_orderkey, o_total from orders_archive",
    "v_all_orders_dup": "select o_orderkey, o_total from orders "
                        "union all select o_orderkey, o_total from orders_archive",
    "v_in_both": "select o_orderkey from orders intersect select o_orderkey from orders_archive",
    "v_not_archived": "select o_orderkey from orders except select o_orderkey from orders_archive",
    "v_customer_sub": "select c.c_custkey, c.c_name, "
                      "(select n.n_name from nation n where n.n_nationkey = c.c_nationkey) as nation_name "
                      "from customer c",
    "v_order_totals": "select o.o_custkey, sum(l.l_price * l.l_qty) as total "
                      "from orders o join lineitem l on l.l_orderkey = o.o_orderkey group by o.o_custkey",
    "v_big_spenders": "select o_custkey, total from v_order_totals where total > 1000",
}


@dataclass(frozen=True)
class Case:
    name: str
    sql: str
    columns: bool = True  #: compare columns as well as tables
    differs: dict[str, str] = field(default_factory=dict)  #: table -> why planner and record differ there


CASES = [
    Case("view_over_view_over_view", "select c_name from v_europe"),
    Case("view_over_aggregate_view", "select o_custkey from v_big_spenders"),
    Case("distinct_view_count", "select count(*) from v_statuses"),
    Case("union_view_count", "select count(*) from v_all_orders"),
    Case("union_all_view_count", "select count(*) from v_all_orders_dup"),
    Case("intersect_view_count", "select count(*) from v_in_both"),
    Case("except_view_count", "select count(*) from v_not_archived"),
    Case("scalar_subquery_column_not_read", "select c_name from v_customer_sub"),
    Case("scalar_subquery_column_read", "select nation_name from v_customer_sub where c_custkey = 1"),
    Case("exists_select_star", "select o.o_orderkey from orders o "
                               "where exists (select * from customer c where c.c_custkey = o.o_custkey)"),
    Case("not_exists_select_one", "select c.c_name from customer c "
                                  "where not exists (select 1 from orders o where o.o_custkey = c.c_custkey)"),
    Case("comma_then_join", "select o.o_total, n.n_name from nation n, orders o "
                            "join customer c on c.c_custkey = o.o_custkey where c.c_nationkey = n.n_nationkey"),
    Case("left_join_the_planner_removes",
         "select c.c_name from customer c left join nation n on n.n_nationkey = c.c_nationkey",
         columns=False,
         differs={"nation": "n_nationkey is nation's primary key and no column of nation is used, so the planner "
                            "drops the LEFT JOIN (and with it the read of customer.c_nationkey); the statement "
                            "still names and joins nation: the record keeps both"}),
    Case("insert_select_from_view", "insert into order_summary (o_custkey, total) select o_custkey, total from v_big_spenders"),
    Case("update_from", "update orders set o_status = 'VIP' from customer c "
                        "where c.c_custkey = orders.o_custkey and c.c_acctbal > 100"),
    Case("delete_where_exists", "delete from orders_archive a where exists "
                                "(select * from orders o where o.o_orderkey = a.o_orderkey)"),
]


def _run(connection, sql: str) -> list[tuple]:
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchall() if cursor.description else []


@contextmanager
def planner_database(postgres: Postgres, database: str, schema: str, tables: dict[str, str],
                     views: dict[str, str]) -> Iterator:
    """A database of its own on the tests' server: ``schema`` (the connection's search path) with ``tables`` (name ->
    column definitions) and ``views`` (name -> query, in creation order), analyzed; dropped after."""
    admin = psycopg2.connect(host=postgres.host, port=postgres.port, user=postgres.user,
                             password=postgres.password, dbname=postgres.database)
    admin.autocommit = True
    _run(admin, f"drop database if exists {database}")
    _run(admin, f"create database {database}")
    connection = psycopg2.connect(host=postgres.host, port=postgres.port, user=postgres.user,
                                  password=postgres.password, dbname=database)
    connection.autocommit = True
    _run(connection, f"create schema {schema}; set search_path = {schema}")
    for name, columns in tables.items():
        _run(connection, f"create table {name} ({columns})")
    for name, definition in views.items():
        _run(connection, f"create view {name} as {definition}")
    _run(connection, "analyze")
    try:
        yield connection
    finally:
        connection.close()
        _run(admin, f"drop database {database}")
        admin.close()


@pytest.fixture(scope="module")
def planner_db(postgres: Postgres) -> Iterator:
    with planner_database(postgres, DATABASE, SCHEMA, TABLES, VIEWS) as connection:
        yield connection


def server_catalog(connection) -> dict:
    """The catalog as the server holds it: tables with their columns, views with their definitions."""
    rows = _run(connection, f"select table_name, column_name from information_schema.columns "
                            f"where table_schema = '{SCHEMA}' order by table_name, ordinal_position")
    columns: dict[str, list[dict]] = {}
    for table, column in rows:
        columns.setdefault(table, []).append({"name": column})
    objects = [{"domain": "Table", "name": f"{DATABASE}.{SCHEMA}.{t}", "columns": columns[t]} for t in TABLES]
    for view in VIEWS:
        (definition,) = _run(connection, f"select pg_get_viewdef('{SCHEMA}.{view}'::regclass, true)")[0]
        objects.append({"domain": "View", "name": f"{DATABASE}.{SCHEMA}.{view}", "definition": definition.strip().rstrip(";")})
    return {"objects": objects}


#: Plan keys whose expressions decide which rows come out (filters, join and grouping keys).
_DECIDING_KEYS = ("Filter", "Index Cond", "Recheck Cond", "Hash Cond", "Merge Cond", "Join Filter", "Group Key",
                  "Sort Key", "One-Time Filter", "TID Cond")

#: System columns (the planner finds the rows an UPDATE or DELETE changes by ``ctid``): no table's columns.
_SYSTEM = frozenset({"ctid", "tableoid", "xmin", "xmax", "cmin", "cmax"})


@dataclass
class Scans:
    """What a plan scans: per table, the columns it needs (``deciding``: its conditions and the
    statement's output) and every column the plan mentions (``mentioned``: scans emit whole rows)."""

    deciding: dict[str, set[str]]
    mentioned: dict[str, set[str]]
    written: str | None


def planner_scans(connection, sql: str) -> Scans:
    """The relations ``EXPLAIN (VERBOSE, FORMAT JSON)`` scans, with their columns, and the table a write modifies."""
    ((plan,),) = _run(connection, f"explain (verbose, format json) {sql}")
    top = plan[0]["Plan"]
    nodes = list(_nodes(top))
    written = top["Relation Name"] if top.get("Node Type") == "ModifyTable" else None
    produced = top["Plans"][0] if written else top  # what the statement returns, or writes
    everything = " ".join(json.dumps(node.get(key)) for node in nodes for key in node if key != "Plans")
    deciding = " ".join([json.dumps(node.get(key)) for node in nodes for key in _DECIDING_KEYS]
                        + [json.dumps(produced.get("Output"))])
    scans = Scans({}, {}, written)
    for node in nodes:
        if "Relation Name" in node and node.get("Node Type") != "ModifyTable":
            alias = rf"\b{re.escape(node['Alias'])}\.(\w+)"
            scans.deciding.setdefault(node["Relation Name"], set()).update(set(re.findall(alias, deciding)) - _SYSTEM)
            scans.mentioned.setdefault(node["Relation Name"], set()).update(set(re.findall(alias, everything)) - _SYSTEM)
    return scans


def _nodes(node: dict) -> Iterator[dict]:
    yield node
    for child in node.get("Plans", ()):
        yield from _nodes(child)


def record_of(catalog: dict, sql: str) -> dict:
    line = validate_log_record({"query_id": "q1", "query_text": sql, "query_start_time": "2024-03-01T09:00:00+00:00",
                                "user_name": "PLANNER", "database_name": DATABASE, "schema_name": SCHEMA}, "case", 1)
    (outcome,) = list(resolve_log(catalog_from_dict(catalog), [line], dialect="postgres"))
    assert outcome.status == RECORDED, outcome.reason
    return outcome.records[0]


def _tables(entries: list[dict]) -> dict[str, set[str]]:
    return {e["objectName"].split(".")[-1]: {c["columnName"] for c in e.get("columns") or ()}
            for e in entries if "objectName" in e}


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_base_tables_agree_with_the_planner(planner_db, case: Case):
    catalog = server_catalog(planner_db)
    record = record_of(catalog, case.sql)
    scans = planner_scans(planner_db, case.sql)
    base = _tables(record["base_objects_accessed"])
    modified = set(_tables(record["objects_modified"]))
    assert modified == ({scans.written} if scans.written else set()), (modified, scans.written)
    agreed = set(scans.mentioned) - set(case.differs)
    assert set(base) - set(case.differs) == agreed, f"record {sorted(base)}, planner {sorted(scans.mentioned)}"
    for table in case.differs:  # each judged difference is real
        assert (table in base) != (table in scans.mentioned) or base.get(table) != scans.deciding.get(table), table
    if case.columns:
        for table in agreed:
            needed, mentioned = scans.deciding[table], scans.mentioned[table]
            assert needed <= base[table] <= mentioned, (f"{table}: record {sorted(base[table])}, planner needs "
                                                       f"{sorted(needed)} of {sorted(mentioned)}")
