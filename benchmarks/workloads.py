"""Benchmark workloads: a query log and a catalog in the formats of CONTRACT sections 1-2.

Two generators, both deterministic (same arguments, same bytes):

- ``tpc``: the 22 TPC-H and 99 TPC-DS queries of ``shared/bench``, each as a SELECT, as
  ``INSERT INTO out_<name> SELECT ...`` and as ``CREATE TABLE ctas_<name> AS SELECT ...``
  (363 statements), with a catalog of the TPC tables and of the INSERT targets.
- ``day``: one UTC day of N statements drawn from about 500 BI/ETL templates over a
  star schema of 27 tables, three levels of views, stages, tags and policies, with a
  few dozen DDL statements spread over the day. The log is written as a stream, so a
  million lines take no more memory than ten thousand.

Each workload folder holds ``catalog.json``, ``queries.jsonl`` and ``workload.json``
(what was generated, and for ``tpc`` how many columns the INSERT/CTAS statements write).

    .venv/bin/python benchmarks/workloads.py tpc
    .venv/bin/python benchmarks/workloads.py day --size 1000000
"""

from __future__ import annotations

import argparse
import bisect
import json
import random
import re
import uuid
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Callable, Iterator

BENCH_DIR = Path(__file__).resolve().parent
DEFAULT_OUT = BENCH_DIR / "out"
SHARED_BENCH = BENCH_DIR.parent.parent / "shared" / "bench"
DAY_SIZES = (10_000, 100_000, 1_000_000)
DAY_DEFAULT_SIZE = 100_000

_QUERY_MARKER = re.compile(r"^-- ===== (.+?) =====\s*$", re.MULTILINE)


def workload_dir(workload: str, *, size: int = DAY_DEFAULT_SIZE, out: Path = DEFAULT_OUT) -> Path:
    """The folder a workload is written to: ``out/tpc`` or ``out/day-<size>``."""
    return out / ("tpc" if workload == "tpc" else f"day-{size}")


def _write_json(path: Path, value: object) -> None:
    path.write_text(json.dumps(value, indent=1) + "\n")


# --------------------------------------------------------------------------- tpc


@dataclass(frozen=True)
class TpcQuery:
    """One TPC query: its name (``tpch_q1``), schema (``TPCH``) and SELECT text."""

    name: str
    schema: str
    sql: str


def tpc_queries(bench_dir: Path = SHARED_BENCH) -> list[TpcQuery]:
    """The 121 queries of ``tpch.sql`` and ``tpcds.sql``, split on their marker lines.

    >>> len(tpc_queries())
    121
    """
    queries = []
    for suite in ("tpch", "tpcds"):
        parts = _QUERY_MARKER.split((bench_dir / f"{suite}.sql").read_text())
        for title, body in zip(parts[1::2], parts[2::2]):
            name = re.sub(r"\W+", "_", title.strip()).lower()
            queries.append(TpcQuery(name, suite.upper(), body.strip().rstrip(";").strip()))
    return queries


def output_columns(sql: str, schema: dict | None = None) -> list[str]:
    """Upper-cased output column names of a query, unique; unnamed ones get ``COL_<n>``.

    The query is qualified against ``schema`` first, so that ``SELECT *`` is expanded.

    >>> output_columns("SELECT a, SUM(b), c AS a, * FROM t", {"t": {"a": "int", "d": "int"}})
    ['A', 'COL_2', 'A_2', 'A_3', 'D']
    """
    from sqlglot import parse_one
    from sqlglot.optimizer.qualify import qualify

    query = qualify(parse_one(sql, read="snowflake"), schema=schema, dialect="snowflake",
                    validate_qualify_columns=False, quote_identifiers=False)
    names: list[str] = []
    for position, name in enumerate(query.named_selects, start=1):
        # qualify names an unnamed projection _col_<i>, counting from 0
        name = f"COL_{position}" if not name or name.upper().startswith("_COL_") else name.upper()
        base, n = name, 1
        while name in names:
            n += 1
            name = f"{base}_{n}"
        names.append(name)
    return names


def tpc_statements(query: TpcQuery) -> list[tuple[str, str]]:
    """(kind, sql) for the SELECT, the INSERT and the CTAS made of one query.

    ``INSERT INTO t WITH ... SELECT ...`` is the form kept for queries with a WITH
    clause: it is valid Snowflake and sqlglot's Snowflake dialect parses it into an
    Insert whose expression is the whole query (checked in ``check_tpc``).
    """
    return [
        ("select", query.sql),
        ("insert", f"INSERT INTO out_{query.name} {query.sql}"),
        ("ctas", f"CREATE TABLE ctas_{query.name} AS {query.sql}"),
    ]


def _tpc_table_objects(schema: str, tables: dict[str, dict[str, str]], ids: Iterator[int]) -> list[dict]:
    return [
        {
            "domain": "Table",
            "name": f"BENCH.{schema}.{table.upper()}",
            "id": next(ids),
            "columns": [{"name": column.upper(), "id": next(ids)} for column in columns],
        }
        for table, columns in tables.items()
    ]


def build_tpc(out_dir: Path, bench_dir: Path = SHARED_BENCH) -> dict:
    """Writes the ``tpc`` workload into ``out_dir``; returns its manifest."""
    out_dir.mkdir(parents=True, exist_ok=True)
    ids = iter(range(1, 10**9))
    objects = [{"domain": "Database", "name": "BENCH", "id": next(ids)}]
    for schema in ("TPCH", "TPCDS"):
        objects.append({"domain": "Schema", "name": f"BENCH.{schema}", "id": next(ids)})
        tables = json.loads((bench_dir / f"{schema.lower()}_schema.json").read_text())
        objects += _tpc_table_objects(schema, tables, ids)

    queries = tpc_queries(bench_dir)
    schemas = {suite: json.loads((bench_dir / f"{suite.lower()}_schema.json").read_text()) for suite in ("TPCH", "TPCDS")}
    start = datetime(2024, 3, 14, tzinfo=timezone.utc)
    written_columns = 0
    lines = []
    for query in queries:
        columns = output_columns(query.sql, schemas[query.schema])
        written_columns += 2 * len(columns)  # the INSERT's and the CTAS's
        objects += _tpc_table_objects(query.schema, {f"out_{query.name}": dict.fromkeys(columns, "")}, ids)
        for kind, sql in tpc_statements(query):
            n = len(lines) + 1
            lines.append({
                "query_id": f"tpc-{n:04d}-{query.name}-{kind}",
                "query_text": sql,
                "query_start_time": _iso(start + timedelta(seconds=10 * n)),
                "user_name": "BENCH",
                "role_name": "SYSADMIN",
                "execution_status": "SUCCESS",
                "database_name": "BENCH",
                "schema_name": query.schema,
            })
    _write_json(out_dir / "catalog.json", {"account": "BENCH", "objects": objects})
    with (out_dir / "queries.jsonl").open("w") as log:
        for line in lines:
            log.write(json.dumps(line) + "\n")
    manifest = {
        "workload": "tpc",
        "statements": len(lines),
        "queries": len(queries),
        "writing_statements": 2 * len(queries),
        "written_columns": written_columns,
    }
    _write_json(out_dir / "workload.json", manifest)
    return manifest


def check_tpc(bench_dir: Path = SHARED_BENCH) -> None:
    """Asserts that sqlglot parses every statement into the intended kind of statement."""
    from sqlglot import exp, parse_one

    for query in tpc_queries(bench_dir):
        schema = json.loads((bench_dir / f"{query.schema.lower()}_schema.json").read_text())
        columns = output_columns(query.sql, schema)
        for kind, sql in tpc_statements(query):
            tree = parse_one(sql, read="snowflake")
            expected = {"select": exp.Query, "insert": exp.Insert, "ctas": exp.Create}[kind]
            assert isinstance(tree, expected), (query.name, kind, type(tree).__name__)
            if kind != "select":
                assert isinstance(tree.expression, exp.Query), (query.name, kind)
                assert len(tree.expression.selects) == len(columns) or tree.expression.is_star, query.name


def _iso(moment: datetime) -> str:
    return moment.isoformat(timespec="milliseconds")


# --------------------------------------------------------------------------- day: schema

DB = "ANALYTICS"

# Column kinds: key (surrogate key), int, num (a measure), date, ts, year, month,
# quarter, text (free text), attr:<POOL> (a low-cardinality attribute with literal pool).
TABLES: dict[str, list[tuple[str, str]]] = {
    "CORE.DIM_DATE": [("DATE_KEY", "key"), ("CAL_DATE", "date"), ("YEAR", "year"), ("QUARTER", "quarter"),
                      ("MONTH", "month"), ("DAY_NAME", "attr:DAY_NAME"), ("IS_HOLIDAY", "attr:BOOL")],
    "CORE.DIM_CUSTOMER": [("CUSTOMER_KEY", "key"), ("CUSTOMER_ID", "text"), ("FIRST_NAME", "text"),
                          ("LAST_NAME", "text"), ("EMAIL", "text"), ("PHONE", "text"), ("SEGMENT", "attr:SEGMENT"),
                          ("COUNTRY", "attr:COUNTRY"), ("CITY", "attr:CITY"), ("SIGNUP_DATE", "date"),
                          ("LOYALTY_TIER", "attr:TIER"), ("BIRTH_DATE", "date")],
    "CORE.DIM_PRODUCT": [("PRODUCT_KEY", "key"), ("SKU", "text"), ("PRODUCT_NAME", "text"),
                         ("CATEGORY", "attr:CATEGORY"), ("SUBCATEGORY", "attr:SUBCATEGORY"), ("BRAND", "attr:BRAND"),
                         ("UNIT_COST", "num"), ("LIST_PRICE", "num"), ("SUPPLIER_KEY", "key"),
                         ("IS_ACTIVE", "attr:BOOL")],
    "CORE.DIM_STORE": [("STORE_KEY", "key"), ("STORE_NAME", "text"), ("REGION_KEY", "key"), ("CITY", "attr:CITY"),
                       ("STATE", "attr:STATE"), ("OPEN_DATE", "date"), ("SQUARE_FEET", "int"),
                       ("EMPLOYEE_KEY", "key")],
    "CORE.DIM_REGION": [("REGION_KEY", "key"), ("REGION_NAME", "attr:REGION"), ("COUNTRY", "attr:COUNTRY"),
                        ("CURRENCY_CODE", "attr:CURRENCY")],
    "CORE.DIM_EMPLOYEE": [("EMPLOYEE_KEY", "key"), ("FULL_NAME", "text"), ("EMAIL", "text"), ("SALARY", "num"),
                          ("DEPARTMENT", "attr:DEPARTMENT"), ("HIRE_DATE", "date"), ("STORE_KEY", "key")],
    "CORE.DIM_PROMOTION": [("PROMOTION_KEY", "key"), ("PROMO_NAME", "text"), ("PROMO_TYPE", "attr:PROMO_TYPE"),
                           ("DISCOUNT_PCT", "num"), ("START_DATE", "date"), ("END_DATE", "date")],
    "CORE.DIM_CHANNEL": [("CHANNEL_KEY", "key"), ("CHANNEL_NAME", "attr:CHANNEL"),
                         ("CHANNEL_GROUP", "attr:CHANNEL_GROUP")],
    "CORE.DIM_SUPPLIER": [("SUPPLIER_KEY", "key"), ("SUPPLIER_NAME", "text"), ("COUNTRY", "attr:COUNTRY"),
                          ("RATING", "int")],
    "CORE.DIM_WAREHOUSE": [("WAREHOUSE_KEY", "key"), ("WAREHOUSE_NAME", "text"), ("CITY", "attr:CITY"),
                           ("CAPACITY", "int")],
    "CORE.DIM_CURRENCY": [("CURRENCY_CODE", "attr:CURRENCY"), ("CURRENCY_NAME", "text"), ("USD_RATE", "num")],
    "CORE.DIM_CAMPAIGN": [("CAMPAIGN_KEY", "key"), ("CAMPAIGN_NAME", "text"), ("CHANNEL_KEY", "key"),
                          ("BUDGET", "num"), ("START_DATE", "date")],
    "CORE.FACT_SALES": [("SALE_ID", "key"), ("DATE_KEY", "key"), ("CUSTOMER_KEY", "key"), ("PRODUCT_KEY", "key"),
                        ("STORE_KEY", "key"), ("PROMOTION_KEY", "key"), ("CHANNEL_KEY", "key"),
                        ("EMPLOYEE_KEY", "key"), ("QUANTITY", "int"), ("UNIT_PRICE", "num"),
                        ("DISCOUNT_AMOUNT", "num"), ("NET_AMOUNT", "num"), ("TAX_AMOUNT", "num"), ("SOLD_AT", "ts")],
    "CORE.FACT_RETURNS": [("RETURN_ID", "key"), ("SALE_ID", "key"), ("DATE_KEY", "key"), ("CUSTOMER_KEY", "key"),
                          ("PRODUCT_KEY", "key"), ("STORE_KEY", "key"), ("RETURN_QUANTITY", "int"),
                          ("REFUND_AMOUNT", "num"), ("REASON_CODE", "attr:REASON")],
    "CORE.FACT_INVENTORY": [("DATE_KEY", "key"), ("PRODUCT_KEY", "key"), ("WAREHOUSE_KEY", "key"),
                            ("ON_HAND_QTY", "int"), ("ON_ORDER_QTY", "int"), ("UNIT_COST", "num")],
    "CORE.FACT_ORDERS": [("ORDER_ID", "key"), ("DATE_KEY", "key"), ("CUSTOMER_KEY", "key"), ("CHANNEL_KEY", "key"),
                         ("ORDER_STATUS", "attr:ORDER_STATUS"), ("ORDER_TOTAL", "num"), ("SHIPPING_COST", "num"),
                         ("CURRENCY_CODE", "attr:CURRENCY"), ("CREATED_AT", "ts")],
    "CORE.FACT_WEB_EVENTS": [("EVENT_ID", "key"), ("DATE_KEY", "key"), ("CUSTOMER_KEY", "key"),
                             ("PRODUCT_KEY", "key"), ("CAMPAIGN_KEY", "key"), ("EVENT_TYPE", "attr:EVENT_TYPE"),
                             ("PAGE_URL", "text"), ("DEVICE_TYPE", "attr:DEVICE"), ("SESSION_ID", "text"),
                             ("DWELL_SECONDS", "int"), ("EVENT_TS", "ts")],
    "CORE.FACT_SHIPMENTS": [("SHIPMENT_ID", "key"), ("ORDER_ID", "key"), ("DATE_KEY", "key"),
                            ("WAREHOUSE_KEY", "key"), ("SHIP_MODE", "attr:SHIP_MODE"), ("SHIPPED_QTY", "int"),
                            ("FREIGHT_COST", "num"), ("DELIVERED_AT", "ts")],
    "CORE.FACT_PAYMENTS": [("PAYMENT_ID", "key"), ("ORDER_ID", "key"), ("DATE_KEY", "key"),
                           ("CUSTOMER_KEY", "key"), ("PAYMENT_METHOD", "attr:PAYMENT_METHOD"), ("AMOUNT", "num"),
                           ("CURRENCY_CODE", "attr:CURRENCY"), ("PAID_AT", "ts")],
    "STAGING.STG_SALES": [("SALE_ID", "key"), ("SOLD_AT", "ts"), ("CUSTOMER_ID", "text"), ("SKU", "text"),
                          ("STORE_NAME", "text"), ("QUANTITY", "int"), ("UNIT_PRICE", "num"),
                          ("DISCOUNT_AMOUNT", "num"), ("FILE_NAME", "text"), ("LOADED_AT", "ts")],
    "STAGING.STG_CUSTOMERS": [("CUSTOMER_ID", "text"), ("FIRST_NAME", "text"), ("LAST_NAME", "text"),
                              ("EMAIL", "text"), ("PHONE", "text"), ("SEGMENT", "attr:SEGMENT"),
                              ("COUNTRY", "attr:COUNTRY"), ("CITY", "attr:CITY"), ("LOYALTY_TIER", "attr:TIER"),
                              ("UPDATED_AT", "ts"), ("LOADED_AT", "ts")],
    "STAGING.STG_PRODUCTS": [("SKU", "text"), ("PRODUCT_NAME", "text"), ("CATEGORY", "attr:CATEGORY"),
                             ("SUBCATEGORY", "attr:SUBCATEGORY"), ("BRAND", "attr:BRAND"), ("UNIT_COST", "num"),
                             ("LIST_PRICE", "num"), ("LOADED_AT", "ts")],
    "STAGING.STG_ORDERS": [("ORDER_ID", "key"), ("CUSTOMER_ID", "text"), ("CHANNEL_NAME", "attr:CHANNEL"),
                           ("ORDER_STATUS", "attr:ORDER_STATUS"), ("ORDER_TOTAL", "num"), ("SHIPPING_COST", "num"),
                           ("CURRENCY_CODE", "attr:CURRENCY"), ("CREATED_AT", "ts"), ("LOADED_AT", "ts")],
    "MART.AGG_DAILY_SALES": [("SALE_DATE", "date"), ("STORE_KEY", "key"), ("CATEGORY", "attr:CATEGORY"),
                             ("TOTAL_QUANTITY", "int"), ("TOTAL_NET_AMOUNT", "num"), ("ORDER_COUNT", "int"),
                             ("LOADED_AT", "ts")],
    "MART.AGG_CUSTOMER_LTV": [("CUSTOMER_KEY", "key"), ("SEGMENT", "attr:SEGMENT"), ("FIRST_ORDER_DATE", "date"),
                              ("LAST_ORDER_DATE", "date"), ("ORDER_COUNT", "int"), ("LIFETIME_VALUE", "num"),
                              ("UPDATED_AT", "ts")],
    "MART.AGG_PRODUCT_PERFORMANCE": [("PRODUCT_KEY", "key"), ("CATEGORY", "attr:CATEGORY"), ("WEEK_START", "date"),
                                     ("UNITS_SOLD", "int"), ("REVENUE", "num"), ("RETURN_RATE", "num")],
    "MART.AGG_CHANNEL_DAILY": [("SALE_DATE", "date"), ("CHANNEL_NAME", "attr:CHANNEL"), ("ORDERS", "int"),
                               ("REVENUE", "num"), ("SESSIONS", "int")],
}

# Views in three levels; names inside a view resolve against the view's own schema.
VIEWS: list[tuple[str, str]] = [
    ("CORE.V_SALES_ENRICHED", """SELECT s.SALE_ID, d.CAL_DATE, d.YEAR, d.MONTH, s.CUSTOMER_KEY, s.STORE_KEY,
  p.PRODUCT_NAME, p.CATEGORY, p.BRAND, st.STORE_NAME, st.STATE, s.QUANTITY, s.NET_AMOUNT,
  s.NET_AMOUNT - s.QUANTITY * p.UNIT_COST AS GROSS_MARGIN
FROM FACT_SALES s
JOIN DIM_DATE d ON s.DATE_KEY = d.DATE_KEY
JOIN DIM_PRODUCT p ON s.PRODUCT_KEY = p.PRODUCT_KEY
JOIN DIM_STORE st ON s.STORE_KEY = st.STORE_KEY"""),
    ("CORE.V_CUSTOMER_PUBLIC", """SELECT CUSTOMER_KEY, SEGMENT, COUNTRY, CITY, LOYALTY_TIER,
  DATEDIFF('year', BIRTH_DATE, CURRENT_DATE()) AS AGE, EMAIL
FROM DIM_CUSTOMER"""),
    ("CORE.V_ORDERS_ENRICHED", """SELECT o.ORDER_ID, d.CAL_DATE, o.CUSTOMER_KEY, c.CHANNEL_NAME, c.CHANNEL_GROUP,
  o.ORDER_STATUS, o.ORDER_TOTAL * cur.USD_RATE AS ORDER_TOTAL_USD, o.SHIPPING_COST
FROM FACT_ORDERS o
JOIN DIM_DATE d ON o.DATE_KEY = d.DATE_KEY
JOIN DIM_CHANNEL c ON o.CHANNEL_KEY = c.CHANNEL_KEY
LEFT JOIN DIM_CURRENCY cur ON o.CURRENCY_CODE = cur.CURRENCY_CODE"""),
    ("CORE.V_RETURNS_ENRICHED", """SELECT r.RETURN_ID, r.SALE_ID, p.CATEGORY, r.REASON_CODE, r.RETURN_QUANTITY,
  r.REFUND_AMOUNT
FROM FACT_RETURNS r
JOIN DIM_PRODUCT p ON r.PRODUCT_KEY = p.PRODUCT_KEY"""),
    ("MART.V_SALES_BY_CUSTOMER", """SELECT s.CAL_DATE, s.YEAR, s.MONTH, c.SEGMENT, c.COUNTRY, c.LOYALTY_TIER,
  s.CATEGORY, s.NET_AMOUNT, s.GROSS_MARGIN
FROM CORE.V_SALES_ENRICHED s
JOIN CORE.V_CUSTOMER_PUBLIC c ON s.CUSTOMER_KEY = c.CUSTOMER_KEY"""),
    ("MART.V_MONTHLY_CATEGORY_SALES", """SELECT YEAR, MONTH, CATEGORY, SUM(NET_AMOUNT) AS NET_SALES,
  SUM(GROSS_MARGIN) AS GROSS_MARGIN, COUNT(DISTINCT CUSTOMER_KEY) AS CUSTOMERS
FROM CORE.V_SALES_ENRICHED
GROUP BY YEAR, MONTH, CATEGORY"""),
    ("MART.V_NET_SALES", """SELECT s.SALE_ID, s.CAL_DATE, s.STORE_NAME, s.CATEGORY,
  s.NET_AMOUNT - COALESCE(r.REFUND_AMOUNT, 0) AS NET_AFTER_RETURNS
FROM CORE.V_SALES_ENRICHED s
LEFT JOIN CORE.V_RETURNS_ENRICHED r ON s.SALE_ID = r.SALE_ID"""),
    ("BI.V_SEGMENT_REVENUE", """SELECT YEAR, MONTH, SEGMENT, SUM(NET_AMOUNT) AS REVENUE, SUM(GROSS_MARGIN) AS MARGIN
FROM MART.V_SALES_BY_CUSTOMER
GROUP BY YEAR, MONTH, SEGMENT"""),
    ("BI.V_CATEGORY_TRENDS", """SELECT YEAR, MONTH, CATEGORY, NET_SALES,
  NET_SALES - LAG(NET_SALES) OVER (PARTITION BY CATEGORY ORDER BY YEAR, MONTH) AS MOM_CHANGE
FROM MART.V_MONTHLY_CATEGORY_SALES"""),
    ("BI.V_EXEC_DASHBOARD", """SELECT n.CAL_DATE, n.STORE_NAME, SUM(n.NET_AFTER_RETURNS) AS NET_REVENUE,
  COUNT(*) AS SALES
FROM MART.V_NET_SALES n
GROUP BY n.CAL_DATE, n.STORE_NAME"""),
]

POOLS: dict[str, list[str]] = {
    "DAY_NAME": ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    "BOOL": ["Y", "N"],
    "SEGMENT": ["Consumer", "Corporate", "Home Office", "Small Business"],
    "COUNTRY": ["US", "CA", "GB", "DE", "FR", "JP", "AU", "BR", "IN", "MX"],
    "CITY": ["Seattle", "Austin", "Boston", "Denver", "Toronto", "London", "Berlin", "Paris", "Tokyo", "Sydney"],
    "TIER": ["Bronze", "Silver", "Gold", "Platinum"],
    "CATEGORY": ["Electronics", "Apparel", "Home", "Grocery", "Toys", "Sports", "Beauty", "Books"],
    "SUBCATEGORY": ["Phones", "Laptops", "Shoes", "Outerwear", "Kitchen", "Snacks", "Board Games", "Fitness"],
    "BRAND": ["Acme", "Globex", "Initech", "Umbrella", "Hooli", "Stark", "Wayne", "Wonka"],
    "STATE": ["WA", "TX", "MA", "CO", "CA", "NY", "IL", "FL", "OR", "GA"],
    "REGION": ["North America", "EMEA", "APAC", "LATAM"],
    "CURRENCY": ["USD", "EUR", "GBP", "JPY", "CAD", "AUD"],
    "DEPARTMENT": ["Sales", "Operations", "Finance", "Marketing", "Support"],
    "PROMO_TYPE": ["Coupon", "Bundle", "Clearance", "Seasonal", "Loyalty"],
    "CHANNEL": ["Store", "Web", "Mobile", "Marketplace", "Call Center"],
    "CHANNEL_GROUP": ["Physical", "Digital", "Partner"],
    "REASON": ["DAMAGED", "WRONG_ITEM", "NOT_NEEDED", "LATE", "OTHER"],
    "ORDER_STATUS": ["PLACED", "SHIPPED", "DELIVERED", "CANCELLED", "RETURNED"],
    "EVENT_TYPE": ["page_view", "add_to_cart", "checkout", "search", "purchase"],
    "DEVICE": ["desktop", "ios", "android", "tablet"],
    "SHIP_MODE": ["GROUND", "AIR", "EXPRESS", "FREIGHT"],
    "PAYMENT_METHOD": ["CARD", "PAYPAL", "GIFT_CARD", "BANK_TRANSFER", "CASH"],
}

STAGES = [
    {"domain": "Stage", "name": f"{DB}.RAW.LANDING_S3", "stage_kind": "External Named",
     "url": "s3://acme-landing/exports/"},
    {"domain": "Stage", "name": f"{DB}.RAW.MANUAL_UPLOADS", "stage_kind": "Internal Named"},
]
PII_COLUMNS = [("CORE.DIM_CUSTOMER", "EMAIL"), ("CORE.DIM_CUSTOMER", "PHONE"), ("CORE.DIM_EMPLOYEE", "EMAIL"),
               ("STAGING.STG_CUSTOMERS", "EMAIL")]


def _day_catalog() -> dict:
    """The day workload's catalog: databases, schemas, tables, views, stages, governance."""
    from sqlglot import parse_one

    ids = iter(range(1, 10**9))
    objects: list[dict] = [{"domain": "Database", "name": name, "id": next(ids)} for name in (DB, "GOV")]
    for schema in ("RAW", "STAGING", "CORE", "MART", "BI", "SANDBOX"):
        objects.append({"domain": "Schema", "name": f"{DB}.{schema}", "id": next(ids)})
    objects += [{"domain": "Schema", "name": f"GOV.{schema}", "id": next(ids)} for schema in ("TAGS", "POLICIES")]
    objects += [
        {"domain": "Tag", "name": "GOV.TAGS.PII", "id": next(ids), "allowed_values": ["sensitive", "public"],
         "masking_policies": []},
        {"domain": "Tag", "name": "GOV.TAGS.COST_CENTER", "id": next(ids)},
        {"domain": "Masking policy", "name": "GOV.POLICIES.PII_MASK", "id": next(ids), "signature": "(VAL STRING)",
         "body": "CASE WHEN CURRENT_ROLE() IN ('SYSADMIN', 'SUPPORT') THEN VAL ELSE '***MASKED***' END"},
        {"domain": "Masking policy", "name": "GOV.POLICIES.SALARY_MASK", "id": next(ids),
         "signature": "(VAL NUMBER)", "body": "CASE WHEN CURRENT_ROLE() = 'HR' THEN VAL ELSE NULL END"},
        {"domain": "Row access policy", "name": "GOV.POLICIES.STORE_RAP", "id": next(ids),
         "signature": "(STORE_KEY NUMBER)",
         "body": "CURRENT_ROLE() IN ('SYSADMIN', 'TRANSFORMER') OR STORE_KEY < 1000"},
    ]
    for name, columns in TABLES.items():
        entry: dict = {"domain": "Table", "name": f"{DB}.{name}", "id": next(ids), "columns": []}
        for column, _kind in columns:
            column_entry: dict = {"name": column, "id": next(ids)}
            if (name, column) in PII_COLUMNS:
                column_entry["masking_policy"] = "GOV.POLICIES.PII_MASK"
                column_entry["tags"] = {"GOV.TAGS.PII": "sensitive"}
            if column == "SALARY":
                column_entry["masking_policy"] = "GOV.POLICIES.SALARY_MASK"
            entry["columns"].append(column_entry)
        if name == "CORE.FACT_SALES":
            entry["row_access_policy"] = "GOV.POLICIES.STORE_RAP"
        objects.append(entry)
    for name, definition in VIEWS:
        columns = [column.upper() for column in parse_one(definition, read="snowflake").named_selects]
        objects.append({"domain": "View", "name": f"{DB}.{name}", "id": next(ids), "secure": False,
                        "shared": False, "definition": definition,
                        "columns": [{"name": column, "id": next(ids)} for column in columns]})
    objects += [dict(stage, id=next(ids)) for stage in STAGES]
    return {"account": "ACME", "objects": objects}


# --------------------------------------------------------------------------- day: literals

Literal = Callable[[random.Random], str]


def _quoted(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def _date(rng: random.Random) -> str:
    day = datetime(2023, 1, 1) + timedelta(days=rng.randrange(440))
    return _quoted(day.strftime("%Y-%m-%d"))


def _date_range(rng: random.Random) -> str:
    first = datetime(2023, 1, 1) + timedelta(days=rng.randrange(400))
    last = first + timedelta(days=rng.choice((6, 13, 29, 30, 89, 364)))
    return f"{_quoted(first.strftime('%Y-%m-%d'))} AND {_quoted(last.strftime('%Y-%m-%d'))}"


def _ts(rng: random.Random) -> str:
    moment = datetime(2024, 3, 13) + timedelta(seconds=rng.randrange(2 * 86400))
    return _quoted(moment.strftime("%Y-%m-%d %H:%M:%S"))


def _text(rng: random.Random) -> str:
    return _quoted(rng.choice(["%son%", "A%", "%smith%", "%@example.com", "J%", "%-XL", "SKU-1%"]))


def _in_list(pool: list[str]) -> Literal:
    # The list's length varies: one template gives several literal-folded fingerprints.
    return lambda rng: ", ".join(_quoted(v) for v in rng.sample(pool, min(len(pool), rng.choice((1, 1, 2, 3, 4)))))


def _optional(text: str, probability: float) -> Literal:
    return lambda rng: text if rng.random() < probability else ""


LITERALS: dict[str, Literal] = {
    "key": lambda rng: str(rng.randint(1, 250_000)),
    "int": lambda rng: str(rng.choice((1, 2, 5, 10, 25, 100, rng.randint(1, 1000)))),
    "num": lambda rng: f"{rng.uniform(1, 5000):.2f}",
    "pct": lambda rng: f"{rng.uniform(0.05, 0.5):.2f}",
    "date": _date,
    "date_range": _date_range,
    "ts": _ts,
    "year": lambda rng: str(rng.choice((2022, 2023, 2024))),
    "month": lambda rng: str(rng.randint(1, 12)),
    "quarter": lambda rng: str(rng.randint(1, 4)),
    "text": _text,
    "limit": lambda rng: rng.choice(("", "", " LIMIT 100", " LIMIT 1000", f" LIMIT {rng.choice((10, 20, 50, 500))}")),
    "path": lambda rng: f"{rng.choice(('sales', 'orders', 'customers', 'products'))}/2024/03/{rng.randint(1, 14):02d}/",
    "hour": lambda rng: f"{rng.randint(0, 23):02d}",
}
for _pool_name, _pool in POOLS.items():
    LITERALS[f"pool:{_pool_name}"] = (lambda values: lambda rng: _quoted(rng.choice(values)))(_pool)
    LITERALS[f"in:{_pool_name}"] = _in_list(_pool)

_SLOT = re.compile(r"\{([a-z_]+(?::[A-Z_]+)?)\}")
_CHOICE = re.compile(r"\[\[(.*?)\]\]", re.DOTALL)


def _compile(text: str) -> list:
    """``text`` as segments: plain strings, literal slots, and ``[[a|b]]`` choices."""
    segments: list = []
    for n, piece in enumerate(_CHOICE.split(text)):
        if n % 2:
            segments.append([_compile(alternative) for alternative in piece.split("|")])
            continue
        for m, part in enumerate(_SLOT.split(piece)):
            segments.append(LITERALS[part] if m % 2 else part)
    return segments


def _render(segments: list, rng: random.Random, out: list[str]) -> None:
    for segment in segments:
        if isinstance(segment, str):
            out.append(segment)
        elif isinstance(segment, list):
            _render(rng.choice(segment), rng, out)
        else:
            out.append(segment(rng))


class Template:
    """A SQL text whose ``{slot}`` fields get fresh literals at each rendering, and whose
    ``[[a|b]]`` fields pick one alternative (the structural variety a BI tool's filters
    and an analyst's edits give one query shape).

    >>> Template("q", "SELECT 1 FROM t WHERE k = {key}[[| LIMIT 10]]", "CORE", "bi").render(random.Random(1))
    'SELECT 1 FROM t WHERE k = 35223'
    """

    def __init__(self, name: str, text: str, schema: str, audience: str) -> None:
        self.name, self.text, self.schema, self.audience = name, text, schema, audience
        self._segments = _compile(text)

    def render(self, rng: random.Random) -> str:
        out: list[str] = []
        _render(self._segments, rng, out)
        return "".join(out)


# --------------------------------------------------------------------------- day: templates


def _columns(table: str, *kinds: str) -> list[str]:
    return [c for c, k in TABLES[table] if k.split(":")[0] in kinds]


def _filter_on(alias: str, table: str, rng: random.Random) -> str:
    """A predicate with a literal slot on one filterable column of ``table``."""
    column, kind = rng.choice([(c, k) for c, k in TABLES[table] if k != "key" or c.endswith("_KEY")])
    ref = f"{alias}.{column}" if alias else column
    if kind.startswith("attr:"):
        pool = kind.split(":")[1]
        return f"{ref} IN ({{in:{pool}}})" if rng.random() < 0.5 else f"{ref} = {{pool:{pool}}}"
    if kind in ("date",):
        return f"{ref} BETWEEN {{date_range}}"
    if kind == "ts":
        return f"{ref} >= {{ts}}"
    if kind == "text":
        return f"{ref} LIKE {{text}}"
    if kind in ("num", "int"):
        return f"{ref} {rng.choice(('>', '>=', '<'))} {{{kind}}}"
    return f"{ref} = {{{kind}}}"


def _toggle(predicates: list[str]) -> str:
    """A render-time choice between no extra predicate and one of ``predicates``."""
    return "[[|" + "|".join(f" AND {p}" for p in predicates) + "]]"


def _table_ref(table: str, session_schema: str, rng: random.Random) -> str:
    """``table`` as a query would name it: bare, schema.table or fully qualified."""
    schema, name = table.split(".")
    if schema == session_schema and rng.random() < 0.6:
        return name
    return f"{DB}.{table}" if rng.random() < 0.3 else table


def _dimensions_of(fact: str) -> list[str]:
    keys = {c for c, k in TABLES[fact] if k == "key"}
    return [t for t in TABLES if t.startswith("CORE.DIM_") and t != "CORE.DIM_DATE"
            and TABLES[t][0][0] in keys and _columns(t, "attr")]


FACTS = [t for t in TABLES if t.startswith("CORE.FACT_")]
DIMENSIONS = [t for t in TABLES if t.startswith("CORE.DIM_")]


def _bi_aggregate(rng: random.Random, session: str) -> str:
    """Measures of one fact by attributes of one or two of its dimensions."""
    fact = rng.choice(FACTS)
    dims = rng.sample(_dimensions_of(fact), min(len(_dimensions_of(fact)), rng.choice((1, 1, 2))))
    select, group, joins = [], [], []
    for n, dim in enumerate(dims, start=1):
        key, attr = TABLES[dim][0][0], rng.choice(_columns(dim, "attr"))
        join = rng.choice(("JOIN", "JOIN", "LEFT JOIN"))
        joins.append(f"{join} {_table_ref(dim, session, rng)} d{n} ON f.{key} = d{n}.{key}")
        select.append(f"d{n}.{attr}")
        group.append(f"d{n}.{attr}")
    where = []
    if any(c == "DATE_KEY" for c, _ in TABLES[fact]):
        joins.append(f"JOIN {_table_ref('CORE.DIM_DATE', session, rng)} dd ON f.DATE_KEY = dd.DATE_KEY")
        where.append("dd.CAL_DATE BETWEEN {date_range}")
        if rng.random() < 0.4:
            select.insert(0, f"dd.{rng.choice(('YEAR', 'MONTH', 'QUARTER', 'CAL_DATE'))}")
            group.insert(0, select[0])
    numeric = _columns(fact, "num", "int")
    measures = rng.sample(numeric, min(len(numeric), rng.randint(1, 3)))
    aggregates = [f"{rng.choice(('SUM', 'SUM', 'AVG', 'MAX', 'MIN'))}(f.{m}) AS {m.lower()}_agg" for m in measures]
    if rng.random() < 0.5:
        aggregates.append("COUNT(*) AS row_count")
    if dims and rng.random() < 0.6:
        where.append(_filter_on("d1", dims[0], rng))
    having = f" HAVING SUM(f.{measures[0]}) > {{num}}" if rng.random() < 0.2 else ""
    toggles = [_filter_on("f", fact, rng)] + [_filter_on(f"d{n}", dim, rng) for n, dim in enumerate(dims, 1)]
    return (f"SELECT {', '.join(select + aggregates)}\nFROM {_table_ref(fact, session, rng)} f\n"
            + "\n".join(joins)
            + f"\nWHERE {' AND '.join(where or ['1 = 1'])}{_toggle(toggles)}"
            + (f"\nGROUP BY {', '.join(group)}" if group else "") + having
            + f"\nORDER BY {measures[0].lower()}_agg [[DESC|DESC|ASC]]{{limit}}")


def _lookup(rng: random.Random, session: str) -> str:
    """Point lookup or short list from one dimension or staging table."""
    table = rng.choice(DIMENSIONS + [t for t in TABLES if t.startswith("STAGING.")])
    columns = [c for c, _ in TABLES[table]]
    picked = columns if rng.random() < 0.2 else rng.sample(columns, rng.randint(2, min(6, len(columns))))
    predicate = _filter_on("", table, rng)
    extra = _toggle([_filter_on("", table, rng) for _ in range(2)])
    return f"SELECT {', '.join(picked)} FROM {_table_ref(table, session, rng)} WHERE {predicate}{extra}{{limit}}"


def _view_query(rng: random.Random, session: str) -> str:
    """A dashboard tile reading one of the views."""
    from sqlglot import parse_one

    name, definition = rng.choice(VIEWS)
    columns = [c.upper() for c in parse_one(definition, read="snowflake").named_selects]
    numeric = [c for c in columns if any(w in c for w in ("AMOUNT", "MARGIN", "SALES", "REVENUE", "TOTAL",
                                                          "QUANTITY", "CUSTOMERS", "CHANGE", "COST"))]
    labels = [c for c in columns if c not in numeric and not c.endswith(("_ID", "_KEY"))]
    ref = _table_ref(name, session, rng)
    dims = rng.sample(labels, min(len(labels), rng.randint(1, 2)))
    where = " WHERE 1 = 1"
    if "CAL_DATE" in columns:
        where = " WHERE CAL_DATE BETWEEN {date_range}"
    elif "YEAR" in columns:
        where = " WHERE YEAR = {year}" + (" AND MONTH IN ({month}, {month})" if rng.random() < 0.3 else "")
    where += _toggle([f"{c} LIKE {{text}}" for c in labels if c not in ("CAL_DATE", "YEAR", "MONTH")][:3])
    if numeric and rng.random() < 0.8:
        measure = rng.choice(numeric)
        return (f"SELECT {', '.join(dims)}, SUM({measure}) AS total_{measure.lower()} FROM {ref}{where} "
                f"GROUP BY {', '.join(dims)} ORDER BY 2 DESC{{limit}}")
    return f"SELECT {', '.join(dims + numeric[:2])} FROM {ref}{where}{{limit}}"


def _cte_ranking(rng: random.Random, session: str) -> str:
    """Top-N per group with a CTE and a window function."""
    fact = rng.choice([f for f in FACTS if _dimensions_of(f)])
    dim = rng.choice(_dimensions_of(fact))
    key, attr = TABLES[dim][0][0], rng.choice(_columns(dim, "attr"))
    measure = rng.choice(_columns(fact, "num", "int"))
    entity = rng.choice([c for c, k in TABLES[fact] if k == "key" and c != key and c != "DATE_KEY"])
    func = rng.choice(("ROW_NUMBER", "RANK", "DENSE_RANK"))
    return (f"WITH base AS (\n  SELECT d.{attr}, f.{entity}, SUM(f.{measure}) AS total\n"
            f"  FROM {_table_ref(fact, session, rng)} f JOIN {_table_ref(dim, session, rng)} d ON f.{key} = d.{key}\n"
            f"  JOIN {_table_ref('CORE.DIM_DATE', session, rng)} dd ON f.DATE_KEY = dd.DATE_KEY\n"
            f"  WHERE dd.CAL_DATE BETWEEN {{date_range}}{_toggle([_filter_on('d', dim, rng), _filter_on('f', fact, rng)])}\n  GROUP BY d.{attr}, f.{entity}\n), ranked AS (\n"
            f"  SELECT {attr}, {entity}, total, {func}() OVER (PARTITION BY {attr} ORDER BY total DESC) AS rn\n"
            f"  FROM base\n)\nSELECT {attr}, {entity}, total FROM ranked WHERE rn <= {{int}} ORDER BY {attr}, rn")


def _subquery_filter(rng: random.Random, session: str) -> str:
    """Fact rows for the members of a dimension slice."""
    fact = rng.choice([f for f in FACTS if _dimensions_of(f)])
    dim = rng.choice(_dimensions_of(fact))
    key = TABLES[dim][0][0]
    measure = rng.choice(_columns(fact, "num", "int"))
    other = rng.choice([c for c, k in TABLES[fact] if k == "key" or k.startswith("attr:")])
    exists = rng.random() < 0.3
    inner = f"SELECT {key} FROM {_table_ref(dim, session, rng)} WHERE {_filter_on('', dim, rng)}"
    if exists:
        inner = (f"SELECT 1 FROM {_table_ref(dim, session, rng)} d WHERE d.{key} = f.{key} "
                 f"AND {_filter_on('d', dim, rng)}")
        condition = f"EXISTS ({inner})"
    else:
        condition = f"f.{key} IN ({inner})"
    return (f"SELECT f.{other}, SUM(f.{measure}) AS total FROM {_table_ref(fact, session, rng)} f "
            f"WHERE {condition}{_toggle([_filter_on('f', fact, rng)])} GROUP BY f.{other}{{limit}}")


def _bucketing(rng: random.Random, session: str) -> str:
    """Histogram of a measure with CASE buckets."""
    fact = rng.choice(FACTS)
    measure = rng.choice(_columns(fact, "num", "int"))
    return (f"SELECT CASE WHEN {measure} < {{num}} THEN 'small' WHEN {measure} < {{num}} THEN 'medium' "
            f"ELSE 'large' END AS bucket, COUNT(*) AS n, SUM({measure}) AS total\n"
            f"FROM {_table_ref(fact, session, rng)}\nWHERE {_filter_on('', fact, rng)}"
            f"{_toggle([_filter_on('', fact, rng), _filter_on('', fact, rng)])}\nGROUP BY 1 ORDER BY 1")


def _union(rng: random.Random, session: str) -> str:
    """Daily amounts from two facts side by side."""
    facts = rng.sample([f for f in FACTS if _columns(f, "num")], 3)
    parts = []
    for fact in facts:
        measure = rng.choice(_columns(fact, "num"))
        parts.append(f"SELECT '{fact.split('.')[1]}' AS source, DATE_KEY, SUM({measure}) AS amount "
                     f"FROM {_table_ref(fact, session, rng)} WHERE DATE_KEY BETWEEN {{key}} AND {{key}} "
                     f"GROUP BY DATE_KEY")
    return f"{parts[0]}\nUNION ALL\n{parts[1]}[[|\nUNION ALL\n{parts[2]}]]\nORDER BY DATE_KEY"


GENERATED_FAMILIES: list[tuple[Callable[[random.Random, str], str], int, str]] = [
    (_bi_aggregate, 190, "bi"),
    (_lookup, 70, "analyst"),
    (_view_query, 70, "bi"),
    (_cte_ranking, 50, "analyst"),
    (_subquery_filter, 40, "analyst"),
    (_bucketing, 25, "analyst"),
    (_union, 20, "analyst"),
]

# Hand-written ETL, maintenance and session statements ({slots} get fresh literals).
ETL_TEMPLATES: list[tuple[str, str, str]] = [
    ("STAGING", "etl", """COPY INTO STG_SALES FROM @ANALYTICS.RAW.LANDING_S3/{path}
FILE_FORMAT = (TYPE = 'CSV' SKIP_HEADER = 1) PATTERN = '.*[.]csv[.]gz' ON_ERROR = 'CONTINUE'"""),
    ("STAGING", "etl", """COPY INTO STG_ORDERS FROM @ANALYTICS.RAW.LANDING_S3/{path}
FILE_FORMAT = (TYPE = 'PARQUET') MATCH_BY_COLUMN_NAME = CASE_INSENSITIVE"""),
    ("STAGING", "etl", """COPY INTO STG_CUSTOMERS (CUSTOMER_ID, FIRST_NAME, LAST_NAME, EMAIL, SEGMENT, LOADED_AT)
FROM (SELECT $1, $2, $3, $4, $5, CURRENT_TIMESTAMP() FROM @ANALYTICS.RAW.LANDING_S3/{path})
FILE_FORMAT = (TYPE = 'CSV' FIELD_OPTIONALLY_ENCLOSED_BY = '"')"""),
    ("STAGING", "etl", """COPY INTO ANALYTICS.STAGING.STG_PRODUCTS FROM @ANALYTICS.RAW.MANUAL_UPLOADS/products/
FILE_FORMAT = (TYPE = 'JSON') MATCH_BY_COLUMN_NAME = CASE_INSENSITIVE"""),
    ("STAGING", "etl", "DELETE FROM STG_SALES WHERE LOADED_AT < {ts}"),
    ("STAGING", "etl", "DELETE FROM STG_ORDERS WHERE LOADED_AT < {ts}"),
    ("STAGING", "etl", "TRUNCATE TABLE STG_PRODUCTS"),
    ("CORE", "etl", """MERGE INTO DIM_CUSTOMER t
USING (SELECT * FROM ANALYTICS.STAGING.STG_CUSTOMERS WHERE LOADED_AT >= {ts}) s
ON t.CUSTOMER_ID = s.CUSTOMER_ID
WHEN MATCHED THEN UPDATE SET t.EMAIL = s.EMAIL, t.PHONE = s.PHONE, t.SEGMENT = s.SEGMENT,
  t.LOYALTY_TIER = s.LOYALTY_TIER, t.CITY = s.CITY
WHEN NOT MATCHED THEN INSERT (CUSTOMER_KEY, CUSTOMER_ID, FIRST_NAME, LAST_NAME, EMAIL, PHONE, SEGMENT, COUNTRY, CITY,
  LOYALTY_TIER) VALUES (HASH(s.CUSTOMER_ID), s.CUSTOMER_ID, s.FIRST_NAME, s.LAST_NAME, s.EMAIL, s.PHONE, s.SEGMENT,
  s.COUNTRY, s.CITY, s.LOYALTY_TIER)"""),
    ("CORE", "etl", """MERGE INTO DIM_PRODUCT t USING ANALYTICS.STAGING.STG_PRODUCTS s ON t.SKU = s.SKU
WHEN MATCHED AND s.LIST_PRICE <> t.LIST_PRICE THEN UPDATE SET t.LIST_PRICE = s.LIST_PRICE, t.UNIT_COST = s.UNIT_COST
WHEN NOT MATCHED THEN INSERT (PRODUCT_KEY, SKU, PRODUCT_NAME, CATEGORY, SUBCATEGORY, BRAND, UNIT_COST, LIST_PRICE,
  IS_ACTIVE) VALUES (HASH(s.SKU), s.SKU, s.PRODUCT_NAME, s.CATEGORY, s.SUBCATEGORY, s.BRAND, s.UNIT_COST,
  s.LIST_PRICE, 'Y')"""),
    ("CORE", "etl", """INSERT INTO FACT_SALES (SALE_ID, DATE_KEY, CUSTOMER_KEY, PRODUCT_KEY, STORE_KEY, QUANTITY,
  UNIT_PRICE, DISCOUNT_AMOUNT, NET_AMOUNT, SOLD_AT)
SELECT s.SALE_ID, TO_NUMBER(TO_CHAR(s.SOLD_AT, 'YYYYMMDD')), c.CUSTOMER_KEY, p.PRODUCT_KEY, st.STORE_KEY,
  s.QUANTITY, s.UNIT_PRICE, s.DISCOUNT_AMOUNT, s.QUANTITY * s.UNIT_PRICE - s.DISCOUNT_AMOUNT, s.SOLD_AT
FROM ANALYTICS.STAGING.STG_SALES s
JOIN DIM_CUSTOMER c ON c.CUSTOMER_ID = s.CUSTOMER_ID
JOIN DIM_PRODUCT p ON p.SKU = s.SKU
LEFT JOIN DIM_STORE st ON st.STORE_NAME = s.STORE_NAME
WHERE s.LOADED_AT >= {ts}"""),
    ("CORE", "etl", """INSERT INTO FACT_ORDERS (ORDER_ID, DATE_KEY, CUSTOMER_KEY, CHANNEL_KEY, ORDER_STATUS, ORDER_TOTAL,
  SHIPPING_COST, CURRENCY_CODE, CREATED_AT)
SELECT o.ORDER_ID, TO_NUMBER(TO_CHAR(o.CREATED_AT, 'YYYYMMDD')), c.CUSTOMER_KEY, ch.CHANNEL_KEY, o.ORDER_STATUS,
  o.ORDER_TOTAL, o.SHIPPING_COST, o.CURRENCY_CODE, o.CREATED_AT
FROM ANALYTICS.STAGING.STG_ORDERS o
JOIN DIM_CUSTOMER c ON c.CUSTOMER_ID = o.CUSTOMER_ID
JOIN DIM_CHANNEL ch ON ch.CHANNEL_NAME = o.CHANNEL_NAME
WHERE o.LOADED_AT >= {ts} AND o.ORDER_STATUS IN ({in:ORDER_STATUS})"""),
    ("CORE", "etl", "UPDATE FACT_ORDERS SET ORDER_STATUS = {pool:ORDER_STATUS} WHERE ORDER_ID = {key}"),
    ("CORE", "etl", """UPDATE FACT_ORDERS o SET ORDER_STATUS = s.ORDER_STATUS, SHIPPING_COST = s.SHIPPING_COST
FROM ANALYTICS.STAGING.STG_ORDERS s WHERE o.ORDER_ID = s.ORDER_ID AND s.LOADED_AT >= {ts}"""),
    ("CORE", "etl", "UPDATE DIM_PRODUCT SET IS_ACTIVE = 'N' WHERE SKU LIKE {text} AND LIST_PRICE < {num}"),
    ("CORE", "etl", "UPDATE DIM_CUSTOMER SET LOYALTY_TIER = {pool:TIER} WHERE CUSTOMER_KEY = {key}"),
    ("CORE", "etl", "DELETE FROM FACT_WEB_EVENTS WHERE EVENT_TS < {ts} AND EVENT_TYPE = {pool:EVENT_TYPE}"),
    ("CORE", "etl", """INSERT INTO FACT_INVENTORY
SELECT DATE_KEY + 1, PRODUCT_KEY, WAREHOUSE_KEY, ON_HAND_QTY - {int}, ON_ORDER_QTY, UNIT_COST
FROM FACT_INVENTORY WHERE DATE_KEY = {key}"""),
    ("MART", "etl", """DELETE FROM AGG_DAILY_SALES WHERE SALE_DATE = {date};
INSERT INTO AGG_DAILY_SALES (SALE_DATE, STORE_KEY, CATEGORY, TOTAL_QUANTITY, TOTAL_NET_AMOUNT, ORDER_COUNT,
  LOADED_AT)
SELECT d.CAL_DATE, f.STORE_KEY, p.CATEGORY, SUM(f.QUANTITY), SUM(f.NET_AMOUNT), COUNT(DISTINCT f.SALE_ID),
  CURRENT_TIMESTAMP()
FROM CORE.FACT_SALES f JOIN CORE.DIM_DATE d ON f.DATE_KEY = d.DATE_KEY
JOIN CORE.DIM_PRODUCT p ON f.PRODUCT_KEY = p.PRODUCT_KEY
WHERE d.CAL_DATE = {date}
GROUP BY d.CAL_DATE, f.STORE_KEY, p.CATEGORY"""),
    ("MART", "etl", """INSERT INTO AGG_DAILY_SALES
SELECT CAL_DATE, STORE_KEY, CATEGORY, SUM(QUANTITY), SUM(NET_AMOUNT), COUNT(*), CURRENT_TIMESTAMP()
FROM CORE.V_SALES_ENRICHED WHERE CAL_DATE BETWEEN {date_range}
GROUP BY CAL_DATE, STORE_KEY, CATEGORY"""),
    ("MART", "etl", """MERGE INTO AGG_CUSTOMER_LTV t
USING (
  SELECT o.CUSTOMER_KEY, c.SEGMENT, MIN(d.CAL_DATE) AS FIRST_ORDER_DATE, MAX(d.CAL_DATE) AS LAST_ORDER_DATE,
    COUNT(*) AS ORDER_COUNT, SUM(o.ORDER_TOTAL) AS LIFETIME_VALUE
  FROM CORE.FACT_ORDERS o JOIN CORE.DIM_CUSTOMER c ON o.CUSTOMER_KEY = c.CUSTOMER_KEY
  JOIN CORE.DIM_DATE d ON o.DATE_KEY = d.DATE_KEY
  WHERE o.ORDER_STATUS <> 'CANCELLED' AND d.CAL_DATE >= {date}
  GROUP BY o.CUSTOMER_KEY, c.SEGMENT
) s ON t.CUSTOMER_KEY = s.CUSTOMER_KEY
WHEN MATCHED THEN UPDATE SET t.LAST_ORDER_DATE = s.LAST_ORDER_DATE, t.ORDER_COUNT = t.ORDER_COUNT + s.ORDER_COUNT,
  t.LIFETIME_VALUE = t.LIFETIME_VALUE + s.LIFETIME_VALUE, t.UPDATED_AT = CURRENT_TIMESTAMP()
WHEN NOT MATCHED THEN INSERT (CUSTOMER_KEY, SEGMENT, FIRST_ORDER_DATE, LAST_ORDER_DATE, ORDER_COUNT,
  LIFETIME_VALUE, UPDATED_AT) VALUES (s.CUSTOMER_KEY, s.SEGMENT, s.FIRST_ORDER_DATE, s.LAST_ORDER_DATE,
  s.ORDER_COUNT, s.LIFETIME_VALUE, CURRENT_TIMESTAMP())"""),
    ("MART", "etl", """INSERT INTO AGG_PRODUCT_PERFORMANCE (PRODUCT_KEY, CATEGORY, WEEK_START, UNITS_SOLD, REVENUE,
  RETURN_RATE)
WITH sales AS (
  SELECT f.PRODUCT_KEY, DATE_TRUNC('week', d.CAL_DATE) AS WEEK_START, SUM(f.QUANTITY) AS UNITS,
    SUM(f.NET_AMOUNT) AS REVENUE
  FROM CORE.FACT_SALES f JOIN CORE.DIM_DATE d ON f.DATE_KEY = d.DATE_KEY
  WHERE d.CAL_DATE BETWEEN {date_range}
  GROUP BY 1, 2
), returns AS (
  SELECT PRODUCT_KEY, SUM(RETURN_QUANTITY) AS RETURNED FROM CORE.FACT_RETURNS GROUP BY PRODUCT_KEY
)
SELECT s.PRODUCT_KEY, p.CATEGORY, s.WEEK_START, s.UNITS, s.REVENUE, COALESCE(r.RETURNED, 0) / NULLIF(s.UNITS, 0)
FROM sales s JOIN CORE.DIM_PRODUCT p ON s.PRODUCT_KEY = p.PRODUCT_KEY
LEFT JOIN returns r ON s.PRODUCT_KEY = r.PRODUCT_KEY"""),
    ("MART", "etl", """INSERT INTO AGG_CHANNEL_DAILY (SALE_DATE, CHANNEL_NAME, ORDERS, REVENUE, SESSIONS)
SELECT o.CAL_DATE, o.CHANNEL_NAME, COUNT(*), SUM(o.ORDER_TOTAL_USD),
  (SELECT COUNT(DISTINCT SESSION_ID) FROM CORE.FACT_WEB_EVENTS w JOIN CORE.DIM_DATE d ON w.DATE_KEY = d.DATE_KEY
   WHERE d.CAL_DATE = o.CAL_DATE)
FROM CORE.V_ORDERS_ENRICHED o WHERE o.CAL_DATE = {date}
GROUP BY o.CAL_DATE, o.CHANNEL_NAME"""),
    ("MART", "etl", "UPDATE AGG_PRODUCT_PERFORMANCE SET RETURN_RATE = 0 WHERE RETURN_RATE IS NULL AND WEEK_START >= {date}"),
    ("MART", "etl", "DELETE FROM AGG_CHANNEL_DAILY WHERE SALE_DATE < {date}"),
    ("MART", "analyst", "SELECT * FROM AGG_DAILY_SALES WHERE SALE_DATE = {date} AND CATEGORY IN ({in:CATEGORY})"),
    ("BI", "bi", "SELECT * FROM V_EXEC_DASHBOARD WHERE CAL_DATE >= {date} ORDER BY NET_REVENUE DESC{limit}"),
    ("BI", "bi", "SELECT SEGMENT, SUM(REVENUE) FROM V_SEGMENT_REVENUE WHERE YEAR = {year} GROUP BY SEGMENT"),
    ("BI", "bi", "SELECT CATEGORY, MONTH, MOM_CHANGE FROM V_CATEGORY_TRENDS WHERE YEAR = {year} AND CATEGORY = {pool:CATEGORY}"),
    ("CORE", "analyst", """SELECT c.SEGMENT, COUNT(DISTINCT c.CUSTOMER_KEY) AS customers, SUM(o.ORDER_TOTAL) AS revenue
FROM DIM_CUSTOMER c LEFT JOIN FACT_ORDERS o ON c.CUSTOMER_KEY = o.CUSTOMER_KEY
WHERE c.SIGNUP_DATE >= {date} AND c.EMAIL LIKE {text}
GROUP BY c.SEGMENT"""),
    ("CORE", "analyst", """SELECT e.FULL_NAME, e.EMAIL, s.STORE_NAME, SUM(f.NET_AMOUNT) AS sales
FROM FACT_SALES f JOIN DIM_EMPLOYEE e ON f.EMPLOYEE_KEY = e.EMPLOYEE_KEY
JOIN DIM_STORE s ON e.STORE_KEY = s.STORE_KEY
WHERE s.STATE IN ({in:STATE}) GROUP BY e.FULL_NAME, e.EMAIL, s.STORE_NAME ORDER BY sales DESC{limit}"""),
    ("CORE", "analyst", "SELECT COUNT(*) FROM FACT_WEB_EVENTS WHERE EVENT_TS >= {ts} AND DEVICE_TYPE = {pool:DEVICE}"),
    ("CORE", "analyst", "SELECT 1"),
    ("CORE", "bi", "SELECT CURRENT_VERSION()"),
    ("CORE", "bi", "SHOW TABLES IN SCHEMA ANALYTICS.MART"),
    ("CORE", "analyst", "USE SCHEMA ANALYTICS.MART"),
    ("CORE", "analyst", "DESCRIBE TABLE ANALYTICS.CORE.FACT_SALES"),
]

TEMPLATE_COUNT = 500


def day_templates(seed: int = 7) -> list[Template]:
    """About 500 templates: the hand-written ETL ones plus generated BI and ad-hoc ones."""
    rng = random.Random(seed)
    templates = [Template(f"etl_{n}", text, schema, audience)
                 for n, (schema, audience, text) in enumerate(ETL_TEMPLATES)]
    seen = {t.text for t in templates}
    for family, count, audience in GENERATED_FAMILIES:
        made, tries = 0, 0
        while made < count and tries < 50 * count:
            tries += 1
            session = rng.choice(("CORE", "CORE", "MART", "BI"))
            text = family(rng, session)
            if text not in seen:
                seen.add(text)
                templates.append(Template(f"{family.__name__.lstrip('_')}_{made}", text, session, audience))
                made += 1
    return templates[:TEMPLATE_COUNT]


# --------------------------------------------------------------------------- day: DDL

def day_ddl(rng: random.Random) -> list[tuple[str, str]]:
    """A few dozen (schema, DDL) statements in the order they run over the day."""
    ddl: list[tuple[str, str]] = []
    for n in range(6):
        table = rng.choice([t for t in TABLES if not t.startswith("MART.")])
        ddl.append(("CORE", f"ALTER TABLE {DB}.{table} ADD COLUMN EXTRA_ATTR_{n} VARCHAR"))
    for name, definition in VIEWS[:4] + VIEWS[4:7]:
        ddl.append((name.split(".")[0], f"CREATE OR REPLACE VIEW {DB}.{name} AS\n{definition}"))
    for table, column in rng.sample([(t, c) for t in TABLES for c, k in TABLES[t] if k == "text"], 6):
        value = rng.choice(("sensitive", "public"))
        ddl.append(("CORE", f"ALTER TABLE {DB}.{table} MODIFY COLUMN {column} SET TAG GOV.TAGS.PII = '{value}'"))
    for table in rng.sample(FACTS, 3):
        ddl.append(("CORE", f"ALTER TABLE {DB}.{table} SET TAG GOV.TAGS.COST_CENTER = 'analytics'"))
    ddl.append(("CORE", f"ALTER TABLE {DB}.CORE.DIM_EMPLOYEE MODIFY COLUMN FULL_NAME "
                        "SET MASKING POLICY GOV.POLICIES.PII_MASK"))
    ddl.append(("CORE", f"ALTER TABLE {DB}.STAGING.STG_CUSTOMERS MODIFY COLUMN PHONE "
                        "SET MASKING POLICY GOV.POLICIES.PII_MASK"))
    for n in range(8):
        fact = rng.choice(FACTS)
        measure = rng.choice(_columns(fact, "num", "int"))
        ddl.append(("SANDBOX", f"CREATE TABLE SANDBOX_SNAPSHOT_{n} AS SELECT DATE_KEY, SUM({measure}) AS TOTAL "
                               f"FROM {DB}.{fact} WHERE DATE_KEY >= {rng.randint(20230101, 20240301)} "
                               "GROUP BY DATE_KEY"))
    for n in range(3):
        ddl.append(("SANDBOX", f"CREATE TABLE IF NOT EXISTS SCRATCH_{n} (ID NUMBER, LABEL VARCHAR, AMOUNT NUMBER(12, 2))"))
    ddl.append(("SANDBOX", "INSERT INTO SCRATCH_0 SELECT DATE_KEY, 'snapshot', TOTAL FROM SANDBOX_SNAPSHOT_0"))
    ddl.append(("SANDBOX", f"CREATE OR REPLACE TABLE SANDBOX_SNAPSHOT_1 AS SELECT * FROM {DB}.MART.AGG_DAILY_SALES"))
    for n in range(4):
        ddl.append(("SANDBOX", f"DROP TABLE IF EXISTS SANDBOX_SNAPSHOT_{n + 4}"))
    ddl.append(("SANDBOX", "ALTER TABLE SCRATCH_2 RENAME TO SCRATCH_ARCHIVE"))
    return ddl


# --------------------------------------------------------------------------- day: log


ROLES = {"bi": ["BI_READER"], "analyst": ["ANALYST", "ANALYST", "DATA_SCIENCE"], "etl": ["TRANSFORMER", "LOADER"]}
FIRST = ["JANE", "JOHN", "PRIYA", "WEI", "CARLOS", "FATIMA", "OLGA", "KENJI", "AMARA", "LIAM", "SOFIA", "NOAH"]
LAST = ["SMITH", "PATEL", "CHEN", "GARCIA", "KHAN", "IVANOVA", "TANAKA", "OKAFOR", "MURPHY", "ROSSI"]
USERS = {
    "bi": ["LOOKER_SVC", "TABLEAU_SVC", "METABASE_SVC"],
    "analyst": [f"{f[0]}{l}" for f in FIRST for l in LAST][:60],
    "etl": ["DBT_SVC", "AIRFLOW_SVC", "FIVETRAN_SVC"],
}
# Relative load per UTC hour: nightly ETL, a business-day peak.
HOURLY_LOAD = [4, 6, 6, 5, 4, 3, 3, 4, 6, 9, 11, 12, 12, 12, 13, 14, 14, 13, 11, 9, 7, 6, 5, 4]
DAY_START = datetime(2024, 3, 14, tzinfo=timezone.utc)


class _DiurnalClock:
    """Maps the i-th of n statements to a time of the day, denser at busy hours, in order."""

    def __init__(self) -> None:
        total = sum(HOURLY_LOAD)
        self._cumulative = [0.0]
        for load in HOURLY_LOAD:
            self._cumulative.append(self._cumulative[-1] + load / total)

    def at(self, quantile: float) -> datetime:
        hour = min(bisect.bisect_right(self._cumulative, quantile) - 1, 23)
        span = self._cumulative[hour + 1] - self._cumulative[hour]
        seconds = 3600 * (hour + (quantile - self._cumulative[hour]) / span)
        return DAY_START + timedelta(seconds=seconds)


def day_log(size: int, seed: int = 20240314) -> Iterator[dict]:
    """The day's log lines, in time order, generated one at a time."""
    rng = random.Random(seed)
    templates = day_templates()
    # A few templates dominate, as dashboards and schedules do (Zipf-like weights).
    order = list(range(len(templates)))
    rng.shuffle(order)
    weights = [0.0] * len(templates)
    for rank, index in enumerate(order, start=1):
        # Scheduled ETL runs often: a log is write-heavier than a template count says.
        weights[index] = (4 if templates[index].audience == "etl" else 1) / rank**0.9
    cumulative = list(_accumulate(weights))
    ddl = day_ddl(random.Random(seed + 1))
    ddl_at = {(k + 1) * size // (len(ddl) + 1): statement for k, statement in enumerate(ddl)}
    clock = _DiurnalClock()
    for i in range(size):
        if i in ddl_at:
            schema, sql = ddl_at[i]
            audience = "etl" if schema != "SANDBOX" else "analyst"
        else:
            template = templates[bisect.bisect_left(cumulative, rng.random() * cumulative[-1])]
            schema, sql, audience = template.schema, template.render(rng), template.audience
        user = rng.choice(USERS[audience])
        yield {
            "query_id": str(uuid.UUID(int=rng.getrandbits(128), version=4)),
            "query_text": sql,
            "query_start_time": _iso(clock.at((i + rng.random() * 0.9) / size)),
            "user_name": user,
            "role_name": rng.choice(ROLES[audience]),
            "execution_status": "FAIL" if rng.random() < 0.015 else "SUCCESS",
            "database_name": DB,
            "schema_name": schema,
            "session_id": str(1000 + USERS[audience].index(user) * 37 + i * 24 // size),
        }


def _accumulate(values: list[float]) -> Iterator[float]:
    total = 0.0
    for value in values:
        total += value
        yield total


def build_day(out_dir: Path, size: int = DAY_DEFAULT_SIZE) -> dict:
    """Writes the ``day`` workload of ``size`` statements into ``out_dir``; returns its manifest."""
    out_dir.mkdir(parents=True, exist_ok=True)
    _write_json(out_dir / "catalog.json", _day_catalog())
    partial = out_dir / "queries.jsonl.partial"
    with partial.open("w") as log:
        for line in day_log(size):
            log.write(json.dumps(line) + "\n")
    partial.replace(out_dir / "queries.jsonl")
    manifest = {"workload": "day", "statements": size, "templates": len(day_templates()),
                "ddl_statements": len(day_ddl(random.Random(0)))}
    _write_json(out_dir / "workload.json", manifest)
    return manifest


def check_day() -> None:
    """Asserts that sqlglot parses a rendering of every template and DDL statement."""
    import logging

    import sqlglot

    # Column-level SET TAG / SET MASKING POLICY parse as a Command; that is expected.
    logging.getLogger("sqlglot").setLevel(logging.ERROR)
    rng = random.Random(0)
    for template in day_templates():
        for _ in range(3):
            sqlglot.parse(template.render(rng), read="snowflake")
    for _schema, sql in day_ddl(rng):
        sqlglot.parse(sql, read="snowflake")


def ensure(workload: str, *, size: int = DAY_DEFAULT_SIZE, out: Path = DEFAULT_OUT) -> Path:
    """The workload's folder, generating it first if it is missing."""
    folder = workload_dir(workload, size=size, out=out)
    if not (folder / "workload.json").exists():
        build_tpc(folder) if workload == "tpc" else build_day(folder, size)
    return folder


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("workload", choices=("tpc", "day"))
    parser.add_argument("--size", type=int, default=DAY_DEFAULT_SIZE, help="statements in the day workload")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="parent folder (default benchmarks/out)")
    parser.add_argument("--check", action="store_true", help="also check that sqlglot parses every statement")
    args = parser.parse_args(argv)
    if args.check:
        check_tpc() if args.workload == "tpc" else check_day()
    folder = workload_dir(args.workload, size=args.size, out=args.out)
    manifest = build_tpc(folder) if args.workload == "tpc" else build_day(folder, args.size)
    print(json.dumps({"folder": str(folder), **manifest}))


if __name__ == "__main__":
    main()
