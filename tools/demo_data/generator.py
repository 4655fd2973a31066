"""A deterministic generator of a realistic demo organization's landing zone.

``generate_demo`` writes, for a few accounts of the fictional company ACME, the catalog
snapshot each account starts from (README, "The catalog snapshot") and a few days of raw
query log (README, "The query log"), laid out as the pipeline's landing zone expects::

    landing/<ACCOUNT>/catalog.json
    landing/<ACCOUNT>/<YYYY-MM-DD>/query_history[_am|_pm].jsonl | .jsonl.gz | .parquet

An account's day is what a busy warehouse looks like: a nightly ETL batch (PUT, COPY INTO
from stages and S3, a stored procedure calling another, MERGE, UPDATE, DELETE, TRUNCATE,
a multi-statement request, a CTAS chain, a SWAP and a CLONE), a day of BI and ad-hoc reads
repeating a few hundred statement shapes with varying literals, governance DDL (tags,
masking and row access policies, tag-based masking), schema changes (RENAME, ADD COLUMN,
CREATE OR REPLACE VIEW, DROP and UNDROP, sequences), statements that produce no record
(USE, SHOW, SELECT 1, ...) and, at a controlled rate, deliberately bad input: FAIL
statements, lines that are not JSON, lines missing a required field, an ill-typed field
and a statement that is not valid SQL.

The DDL is consistent with the catalog as it evolves: a renamed table is read by its new
name afterwards (the next days included), a dropped table is not read until undropped, a
column gets a new masking policy only after the old one is unset.

The SQL statement templates are data, in ``templates.yaml`` beside this module.

Everything derives from ``seed`` and ``start``; there is no wall clock, keys are sorted and
gzip headers carry mtime 0, so the same arguments give byte-identical files. A day's
statements depend on its place in the demo, not on its date: the demo ``bin/demo`` writes
(its days ending today) is the same from one day to the next but for its dates.

>>> import tempfile
>>> summary = generate_demo(Path(tempfile.mkdtemp()), accounts=1, days=1)
>>> summary.lines
{'ACME_PROD': {'2026-11-16': 400}}
"""

from __future__ import annotations

import gzip
import json
import random
import string
import uuid
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta, timezone
from itertools import count
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq
import yaml

__all__ = ["BAD_LINE_KINDS", "DemoSummary", "generate_demo"]

# --------------------------------------------------------------------------------------
# Rates and sizes
# --------------------------------------------------------------------------------------

#: Share of a day's lines that are statements with ``execution_status`` FAIL (at least 2).
FAILED_STATEMENT_RATE = 0.01
#: Deliberately bad lines written per account-day, by kind, on top of the FAIL lines.
#: ``not_json`` and ``ill_typed`` only exist in JSON Lines files (Parquet has a schema).
BAD_LINES_PER_DAY: Mapping[str, int] = {
    "not_json": 1,
    "missing_field": 2,
    "ill_typed": 1,
    "invalid_sql": 1,
}
BAD_LINE_KINDS = ("failed", *BAD_LINES_PER_DAY)
#: The required fields ``missing_field`` lines leave out, in turn.
_MISSING_FIELDS = ("query_id", "query_text")
_JSON_ONLY_KINDS = frozenset({"not_json", "ill_typed"})

#: Relative load of ad-hoc and BI traffic by UTC hour.
_HOUR_WEIGHTS = (1, 1, 1, 1, 1, 2, 3, 6, 9, 10, 10, 9, 8, 9, 10, 10, 9, 7, 5, 4, 3, 2, 2, 1)

# --------------------------------------------------------------------------------------
# The organization: accounts, people, objects
# --------------------------------------------------------------------------------------

_ACCOUNT_NAMES = ("ACME_PROD", "ACME_EU", "ACME_DEV", "ACME_APAC", "ACME_QA", "ACME_SANDBOX")
#: The offset an account's log writes its timestamps with (the instant is what counts).
_ACCOUNT_OFFSETS = {"ACME_EU": timedelta(hours=1), "ACME_APAC": timedelta(hours=9)}
_ANALYST_NAMES = (
    "JSMITH", "MGARCIA", "AKUMAR", "LCHEN", "OOKAFOR",
    "SMULLER", "TNGUYEN", "RSILVA", "EDUBOIS", "HTANAKA",
)
_REGIONS = ("NA", "EU", "APAC", "LATAM")
_STATUSES = ("OPEN", "SHIPPED", "COMPLETE", "CANCELLED")

#: Logical key -> (fully qualified name, columns). Keys are the templates' placeholders.
_TABLES: Mapping[str, tuple[str, str]] = {
    "orders": ("ANALYTICS.RAW.ORDERS",
               "ORDER_ID CUSTOMER_ID ORDER_DATE STATUS AMOUNT CURRENCY REGION PAYLOAD LOADED_AT"),
    "customers": ("ANALYTICS.RAW.CUSTOMERS",
                  "CUSTOMER_ID FIRST_NAME LAST_NAME EMAIL SSN PHONE BIRTH_DATE ADDRESS REGION CREATED_AT"),
    "order_items": ("ANALYTICS.RAW.ORDER_ITEMS", "ORDER_ID LINE_NO PRODUCT_ID QUANTITY UNIT_PRICE"),
    "products": ("ANALYTICS.RAW.PRODUCTS", "PRODUCT_ID SKU PRODUCT_NAME CATEGORY LIST_PRICE"),
    "events": ("ANALYTICS.RAW.EVENTS", "EVENT_ID EVENT_TIME EVENT_TYPE CUSTOMER_ID PAYLOAD"),
    "stg_orders": ("ANALYTICS.STAGING.STG_ORDERS",
                   "ORDER_ID CUSTOMER_ID ORDER_DATE STATUS AMOUNT REGION CUSTOMER_EMAIL"),
    "stg_customers": ("ANALYTICS.STAGING.STG_CUSTOMERS", "CUSTOMER_ID FULL_NAME EMAIL PHONE REGION UPDATED_AT"),
    "stg_lines": ("ANALYTICS.STAGING.STG_ORDER_ITEMS", "ORDER_ID LINE_NO PRODUCT_ID QUANTITY LINE_AMOUNT"),
    "fct_orders": ("ANALYTICS.MART.FCT_ORDERS",
                   "ORDER_ID CUSTOMER_ID ORDER_DATE STATUS AMOUNT REGION ITEM_COUNT UPDATED_AT"),
    "fct_orders_backup": ("ANALYTICS.MART.FCT_ORDERS_BACKUP",
                          "ORDER_ID CUSTOMER_ID ORDER_DATE STATUS AMOUNT REGION ITEM_COUNT UPDATED_AT"),
    "dim_customers": ("ANALYTICS.MART.DIM_CUSTOMERS",
                      "CUSTOMER_ID FULL_NAME EMAIL REGION SEGMENT LIFETIME_VALUE UPDATED_AT"),
    "daily_revenue": ("ANALYTICS.MART.DAILY_REVENUE", "ORDER_DATE REGION REVENUE ORDER_COUNT"),
    "region_revenue_7d": ("ANALYTICS.MART.REGION_REVENUE_7D", "REGION REVENUE_7D ORDERS_7D"),
}
#: Tables of the snapshot that no statement of the demo reads or writes: what ``object_usage``
#: lists as unused. Listed after every other object, so the others keep their ids.
_UNREAD_TABLES: Mapping[str, tuple[str, str]] = {
    "orders_archive_2019": ("ANALYTICS.RAW.ORDERS_ARCHIVE_2019", "ORDER_ID CUSTOMER_ID ORDER_DATE AMOUNT"),
    "legacy_kpis": ("ANALYTICS.MART.LEGACY_KPIS", "KPI_NAME KPI_DATE KPI_VALUE"),
}
#: Tables the nightly batch creates; not in the snapshot, never read by ad-hoc traffic.
_CREATED_BY_LOG = {"daily_revenue_new": "ANALYTICS.MART.DAILY_REVENUE_NEW"}

#: Logical key -> (domain, name, secure, columns, definition). Four levels deep:
#: V_EXEC_KPIS (secure) -> V_REGION_SALES -> V_CUSTOMER_ORDERS -> V_ORDERS_BASE -> table.
#: Unqualified names in a body resolve against the view's own database and schema.
_VIEWS: Mapping[str, tuple[str, str, bool, str, str]] = {
    "v_open_orders": (
        "View", "ANALYTICS.RAW.V_OPEN_ORDERS", False, "ORDER_ID ORDER_DATE AMOUNT CUSTOMER_ID EMAIL PHONE",
        "SELECT o.ORDER_ID, o.ORDER_DATE, o.AMOUNT, c.CUSTOMER_ID, c.EMAIL, c.PHONE FROM ORDERS o "
        "INNER JOIN CUSTOMERS c ON o.CUSTOMER_ID = c.CUSTOMER_ID WHERE o.STATUS = 'OPEN'",
    ),
    "v_orders_base": (
        "View", "ANALYTICS.MART.V_ORDERS_BASE", False, "ORDER_ID CUSTOMER_ID ORDER_DATE AMOUNT REGION ITEM_COUNT",
        "SELECT ORDER_ID, CUSTOMER_ID, ORDER_DATE, AMOUNT, REGION, ITEM_COUNT FROM ANALYTICS.MART.FCT_ORDERS "
        "WHERE STATUS <> 'CANCELLED'",
    ),
    "v_customer_orders": (
        "View", "ANALYTICS.REPORTING.V_CUSTOMER_ORDERS", False,
        "ORDER_ID ORDER_DATE AMOUNT REGION CUSTOMER_ID FULL_NAME EMAIL SEGMENT",
        "SELECT o.ORDER_ID, o.ORDER_DATE, o.AMOUNT, o.REGION, c.CUSTOMER_ID, c.FULL_NAME, c.EMAIL, c.SEGMENT "
        "FROM MART.V_ORDERS_BASE o INNER JOIN MART.DIM_CUSTOMERS c ON o.CUSTOMER_ID = c.CUSTOMER_ID",
    ),
    "v_region_sales": (
        "View", "ANALYTICS.REPORTING.V_REGION_SALES", False, "REGION ORDER_DATE REVENUE CUSTOMERS ORDERS",
        "SELECT REGION, ORDER_DATE, SUM(AMOUNT) AS REVENUE, COUNT(DISTINCT CUSTOMER_ID) AS CUSTOMERS, "
        "COUNT(*) AS ORDERS FROM V_CUSTOMER_ORDERS GROUP BY REGION, ORDER_DATE",
    ),
    "v_exec_kpis": (
        "View", "ANALYTICS.REPORTING.V_EXEC_KPIS", True, "REGION REVENUE_30D ORDERS_30D",
        "SELECT REGION, SUM(REVENUE) AS REVENUE_30D, SUM(ORDERS) AS ORDERS_30D "
        "FROM ANALYTICS.REPORTING.V_REGION_SALES "
        "WHERE ORDER_DATE >= DATEADD(day, -30, CURRENT_DATE()) GROUP BY REGION",
    ),
    "v_order_net": (
        "View", "ANALYTICS.REPORTING.V_ORDER_NET", False, "ORDER_ID ORDER_DATE NET_AMOUNT",
        "SELECT ORDER_ID, ORDER_DATE, MYDB.UDFS.NET_AMOUNT(AMOUNT, 0.2) AS NET_AMOUNT FROM ANALYTICS.MART.FCT_ORDERS",
    ),
    "mv_daily_orders": (
        "Materialized view", "ANALYTICS.MART.MV_DAILY_ORDERS", False, "ORDER_DATE ORDER_COUNT REVENUE",
        "SELECT ORDER_DATE, COUNT(*) AS ORDER_COUNT, SUM(AMOUNT) AS REVENUE FROM ANALYTICS.MART.FCT_ORDERS "
        "GROUP BY ORDER_DATE",
    ),
}

#: Logical key -> (name, stage kind, url template or None).
_STAGES: Mapping[str, tuple[str, str, str | None]] = {
    "ext_stage": ("ANALYTICS.RAW.EXT_STAGE", "External Named", "s3://{bucket}-landing/"),
    "int_stage": ("ANALYTICS.RAW.INT_STAGE", "Internal Named", None),
    "export_stage": ("ANALYTICS.MART.EXPORT_STAGE", "External Named", "s3://{bucket}-exports/"),
}

_DATABASES = ("ANALYTICS", "GOV", "MYDB")
_SCHEMAS = (
    "ANALYTICS.RAW", "ANALYTICS.STAGING", "ANALYTICS.MART", "ANALYTICS.REPORTING",
    "GOV.POLICIES", "GOV.TAGS", "MYDB.PROCS", "MYDB.UDFS",
)

_FUNCTIONS = (
    {"name": "MYDB.UDFS.NET_AMOUNT", "argument_signature": "(AMOUNT NUMBER, TAX_RATE NUMBER)",
     "data_type": "NUMBER(12,2)", "language": "SQL", "body": "AMOUNT * (1 - TAX_RATE)",
     "shared": False, "external": False},
    {"name": "MYDB.UDFS.NORMALIZE_EMAIL", "argument_signature": "(EMAIL VARCHAR)",
     "data_type": "VARCHAR", "language": "JAVASCRIPT",
     "body": "return EMAIL == null ? null : EMAIL.trim().toLowerCase();",
     "shared": False, "external": False},
)
_PROCEDURES = (
    {"name": "MYDB.PROCS.LOAD_ORDERS", "argument_signature": "()", "data_type": "VARCHAR"},
    {"name": "MYDB.PROCS.REFRESH_CUSTOMERS", "argument_signature": "()", "data_type": "VARCHAR"},
    {"name": "MYDB.PROCS.PURGE_EVENTS", "argument_signature": "(DAYS_TO_KEEP NUMBER)", "data_type": "NUMBER(38,0)"},
)
_MASKING_POLICIES = (
    {"name": "GOV.POLICIES.SSN_MASK", "signature": "(VAL STRING)",
     "body": "CASE WHEN CURRENT_ROLE() IN ('GOVERNANCE_ADMIN', 'HR') THEN VAL ELSE '***-**-' || RIGHT(VAL, 4) END"},
    {"name": "GOV.POLICIES.EMAIL_MASK", "signature": "(VAL STRING)",
     "body": "CASE WHEN CURRENT_ROLE() IN ('GOVERNANCE_ADMIN', 'ETL_ROLE') THEN VAL "
             "ELSE REGEXP_REPLACE(VAL, '.+@', '*****@') END"},
    {"name": "GOV.POLICIES.REDACT_STRING", "signature": "(VAL STRING)",
     "body": "CASE WHEN IS_ROLE_IN_SESSION('GOVERNANCE_ADMIN') THEN VAL ELSE '[REDACTED]' END"},
)
_ROW_ACCESS_POLICIES = (
    {"name": "GOV.POLICIES.CUSTOMER_REGION_RAP", "signature": "(REGION_VAL STRING)",
     "body": "IS_ROLE_IN_SESSION('GOVERNANCE_ADMIN') OR IS_ROLE_IN_SESSION('ETL_ROLE') "
             "OR REGION_VAL IN ('NA', 'EU')"},
)
_TAGS = (
    # Tag-based masking: every STRING column tagged PII is masked by EMAIL_MASK.
    {"name": "GOV.TAGS.PII", "allowed_values": ["sensitive", "public"],
     "masking_policies": ["GOV.POLICIES.EMAIL_MASK"]},
    {"name": "GOV.TAGS.COST_CENTER", "allowed_values": ["finance", "marketing", "operations"],
     "masking_policies": []},
)
#: Governance already in place in the snapshot: (table key, column) -> column settings.
_COLUMN_GOVERNANCE: Mapping[tuple[str, str], Mapping[str, object]] = {
    ("customers", "SSN"): {"masking_policy": "GOV.POLICIES.SSN_MASK"},
    ("customers", "EMAIL"): {"tags": {"GOV.TAGS.PII": "sensitive"}},
    ("stg_orders", "CUSTOMER_EMAIL"): {"masking_policy": "GOV.POLICIES.EMAIL_MASK"},
    ("stg_customers", "EMAIL"): {"tags": {"GOV.TAGS.PII": "sensitive"}},
    ("dim_customers", "EMAIL"): {"tags": {"GOV.TAGS.PII": "sensitive"}},
}
_TABLE_GOVERNANCE: Mapping[str, Mapping[str, object]] = {
    "customers": {"row_access_policy": "GOV.POLICIES.CUSTOMER_REGION_RAP"},
    "fct_orders": {"tags": {"GOV.TAGS.COST_CENTER": "finance"}},
    "daily_revenue": {"tags": {"GOV.TAGS.COST_CENTER": "finance"}},
}
_SEQUENCES = ("ANALYTICS.RAW.ORDER_SEQ",)

# --------------------------------------------------------------------------------------
# SQL templates, loaded from templates.yaml beside this module (its header says what the
# placeholders render as). A template is (home schema in ANALYTICS, template text).
# --------------------------------------------------------------------------------------

Template = tuple[str, str]
#: A stored-procedure call is (CALL text, the statements it runs); they may call further.
Script = str | tuple[str, tuple["Script", ...]]

TEMPLATES_FILE = Path(__file__).with_name("templates.yaml")


def _templates(entries: list[dict[str, str]]) -> tuple[Template, ...]:
    return tuple((entry["home"], entry["sql"]) for entry in entries)


def _script(entry: str | dict[str, Any]) -> Script:
    if isinstance(entry, str):
        return entry
    return entry["call"], tuple(_script(step) for step in entry["runs"])


with TEMPLATES_FILE.open(encoding="utf-8") as _file:
    _SQL: dict[str, Any] = yaml.safe_load(_file)

BI_READS = _templates(_SQL["bi_reads"])
ANALYST_READS = _templates(_SQL["analyst_reads"])
ETL_MICRO_BATCHES = _templates(_SQL["etl_micro_batches"])
#: Statements that access no object and produce no record.
NO_RECORD = _templates(_SQL["no_record"])
NIGHTLY_LOAD: tuple[Script, ...] = tuple(_script(entry) for entry in _SQL["nightly_load"])
NIGHTLY_EXPORT: tuple[Script, ...] = tuple(_script(entry) for entry in _SQL["nightly_export"])
#: Statements run with ``execution_status`` FAIL; the first is always a failed CREATE.
FAILED_STATEMENTS = _templates(_SQL["failed_statements"])
#: Text that is not valid SQL in any dialect (sqlglot raises on each).
INVALID_SQL = _templates(_SQL["invalid_sql"])

_DDL: dict[str, str] = _SQL["ddl"]
CREATE_TAG = _DDL["create_tag"]
ALTER_TAG_MASKING = _DDL["alter_tag_masking"]
SET_COLUMN_TAG = _DDL["set_column_tag"]
SET_TABLE_TAG = _DDL["set_table_tag"]
CREATE_MASKING_POLICY = _DDL["create_masking_policy"]
UNSET_MASKING_POLICY = _DDL["unset_masking_policy"]
SET_MASKING_POLICY = _DDL["set_masking_policy"]
CREATE_ROW_ACCESS_POLICY = _DDL["create_row_access_policy"]
DROP_ROW_ACCESS_POLICY = _DDL["drop_row_access_policy"]
ADD_ROW_ACCESS_POLICY = _DDL["add_row_access_policy"]
CREATE_SEQUENCE = _DDL["create_sequence"]
ADD_COLUMN = _DDL["add_column"]
RENAME_TABLE = _DDL["rename_table"]
REPLACE_VIEW = _DDL["replace_view"]
DROP_TABLE = _DDL["drop_table"]
UNDROP_TABLE = _DDL["undrop_table"]

# --------------------------------------------------------------------------------------
# What the governance and schema-change DDL is applied to
# --------------------------------------------------------------------------------------

#: Governance DDL rotated over the days; names get a ``_V<n>`` suffix after a full turn.
NEW_TAGS = (
    ("DATA_CATEGORY", ("pii", "finance", "public")),
    ("RETENTION", ("30d", "1y", "7y")),
    ("DATA_OWNER", ("sales", "marketing", "finance")),
)
#: (policy, table key, column, masked expression)
NEW_MASKING_POLICIES = (
    ("PHONE_MASK", "customers", "PHONE", "'***-***-' || RIGHT(val, 4)"),
    ("NAME_MASK", "customers", "LAST_NAME", "LEFT(val, 1) || '****'"),
    ("ADDRESS_MASK", "customers", "ADDRESS", "'[REDACTED]'"),
)
#: (policy, table key, column)
NEW_ROW_ACCESS_POLICIES = (
    ("ORDERS_REGION_RAP", "fct_orders", "REGION"),
    ("DIM_CUSTOMERS_REGION_RAP", "dim_customers", "REGION"),
    ("STG_ORDERS_REGION_RAP", "stg_orders", "REGION"),
)
#: Columns the day's new tag is set on: (table key, column).
TAG_TARGETS = (("dim_customers", "SEGMENT"), ("stg_customers", "FULL_NAME"), ("orders", "CURRENCY"))
NEW_SEQUENCES = ("INVOICE_SEQ", "SHIPMENT_SEQ", "REFUND_SEQ")
NEW_COLUMNS = (("dim_customers", "LOYALTY_TIER", "STRING"), ("fct_orders", "DISCOUNT", "NUMBER(12,2)"),
               ("dim_customers", "CHURN_SCORE", "FLOAT"))
#: (table key, new table name in the same schema)
RENAMES = (("stg_lines", "STG_ORDER_LINES"), ("events", "WEB_EVENTS"), ("products", "PRODUCT_CATALOG"))
V_ORDERS_BASE_FILTERS = (
    "STATUS NOT IN ('CANCELLED', 'TEST') AND AMOUNT > 0",
    "STATUS <> 'CANCELLED' AND ORDER_DATE >= '2020-01-01'",
    "STATUS <> 'CANCELLED'",
)


# --------------------------------------------------------------------------------------
# Public result
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DemoSummary:
    """What ``generate_demo`` wrote.

    ``lines`` counts every line of every log file (bad ones included) by account and
    day; ``bad_lines`` counts the deliberately bad ones by kind (``BAD_LINE_KINDS``):
    ``failed`` (valid SQL with ``execution_status`` FAIL), ``not_json``,
    ``missing_field`` (no ``query_id`` or no ``query_text``), ``ill_typed``
    (``query_start_time`` is a number) and ``invalid_sql`` (SUCCESS, but not SQL).
    """

    landing: Path
    files: tuple[Path, ...]
    lines: dict[str, dict[str, int]]
    bad_lines: dict[str, int]

    @property
    def total_lines(self) -> int:
        return sum(sum(days.values()) for days in self.lines.values())

    @property
    def failed(self) -> int:
        return self.bad_lines["failed"]

    @property
    def malformed(self) -> int:
        """Lines the pipeline must set aside as bad records (not JSON, missing or ill-typed field)."""
        return self.bad_lines["not_json"] + self.bad_lines["missing_field"] + self.bad_lines["ill_typed"]

    @property
    def unparseable(self) -> int:
        return self.bad_lines["invalid_sql"]


# --------------------------------------------------------------------------------------
# People and accounts
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Persona:
    """Who runs a statement, and how they write names.

    ``full_share`` is the share of their statements written fully qualified with no
    session context; the rest run in a session whose schema is the template's home,
    with names as short as that context allows (``lower`` writes them in lower case).
    """

    user: str
    role: str
    warehouse: str
    full_share: float
    lower: bool = False
    query_tag: str | None = None
    #: The session schema (in ANALYTICS) their fully qualified statements still run in.
    default_schema: str | None = None


_ETL = Persona("ETL_SVC", "ETL_ROLE", "ETL_WH", 0.0, query_tag="nightly_load")
_BI = Persona("BI_TOOL", "BI_READER", "BI_WH", 1.0, default_schema="REPORTING")
_GOVERNANCE = Persona("GOV_ADMIN", "GOVERNANCE_ADMIN", "ADMIN_WH", 1.0)
_ENGINEER = Persona("PNOVAK", "SYSADMIN", "ADMIN_WH", 0.0)


@dataclass(frozen=True)
class _Account:
    name: str
    index: int
    offset: timedelta
    bucket: str
    analysts: tuple[Persona, ...]


def _account(index: int, seed: int) -> _Account:
    name = _ACCOUNT_NAMES[index] if index < len(_ACCOUNT_NAMES) else f"ACME_{index + 1:02d}"
    rng = random.Random(f"{seed}/{name}/people")
    analysts = tuple(
        Persona(user, "DATA_SCIENTIST" if n == 0 else "ANALYST", "ADHOC_WH", 0.15, lower=n % 2 == 0)
        for n, user in enumerate(sorted(rng.sample(_ANALYST_NAMES, 4)))
    )
    bucket = "acme-" + name.removeprefix("ACME_").lower().replace("_", "-")
    return _Account(name, index, _ACCOUNT_OFFSETS.get(name, timedelta(0)), bucket, analysts)


# --------------------------------------------------------------------------------------
# The catalog snapshot
# --------------------------------------------------------------------------------------


def _catalog(account: _Account) -> dict[str, object]:
    """The account's catalog snapshot (the objects, their columns, policies and tags), with ids stable per account."""
    ids = count(1001 + account.index * 100_000)
    objects: list[dict[str, object]] = []
    objects += [{"domain": "Database", "name": name, "id": next(ids)} for name in _DATABASES]
    objects += [{"domain": "Schema", "name": name, "id": next(ids)} for name in _SCHEMAS]
    objects += [_table_object(key, ids) for key in _TABLES]
    objects += [_view_object(key, ids) for key in _VIEWS]
    objects += [_stage_object(key, account, ids) for key in _STAGES]
    objects += [{"domain": "Function", "id": next(ids), **function} for function in _FUNCTIONS]
    objects += [{"domain": "Procedure", "id": next(ids), **procedure} for procedure in _PROCEDURES]
    objects += [{"domain": "Sequence", "name": name, "id": next(ids)} for name in _SEQUENCES]
    objects += [{"domain": "Masking policy", "id": next(ids), **policy} for policy in _MASKING_POLICIES]
    objects += [{"domain": "Row access policy", "id": next(ids), **policy} for policy in _ROW_ACCESS_POLICIES]
    objects += [{"domain": "Tag", "id": next(ids), **tag} for tag in _TAGS]
    objects += [_table_object(key, ids, _UNREAD_TABLES) for key in _UNREAD_TABLES]
    return {"account": account.name, "objects": objects}


def _table_object(key: str, ids: Iterator[int], tables: Mapping[str, tuple[str, str]] = _TABLES) -> dict[str, object]:
    name, columns = tables[key]
    table = {"domain": "Table", "name": name, "id": next(ids), **_TABLE_GOVERNANCE.get(key, {})}
    table["columns"] = [
        {"name": column, "id": next(ids), **_COLUMN_GOVERNANCE.get((key, column), {})} for column in columns.split()
    ]
    return table


def _view_object(key: str, ids: Iterator[int]) -> dict[str, object]:
    domain, name, secure, columns, definition = _VIEWS[key]
    view = {"domain": domain, "name": name, "id": next(ids), "secure": secure, "shared": False,
            "definition": definition}
    view["columns"] = [{"name": column, "id": next(ids)} for column in columns.split()]
    return view


def _stage_object(key: str, account: _Account, ids: Iterator[int]) -> dict[str, object]:
    name, kind, url = _STAGES[key]
    stage = {"domain": "Stage", "name": name, "id": next(ids), "stage_kind": kind}
    if url is not None:
        stage["url"] = url.format(bucket=account.bucket)
    return stage


# --------------------------------------------------------------------------------------
# The catalog as the log's DDL changes it
# --------------------------------------------------------------------------------------


@dataclass
class _OrgState:
    """What the generator must know of the evolving catalog to keep its DDL consistent."""

    names: dict[str, str]
    dropped: set[str] = field(default_factory=set)
    column_masks: dict[tuple[str, str], str] = field(default_factory=dict)
    row_access: dict[str, str] = field(default_factory=dict)
    #: (time, names, dropped) after each change of names or of dropped tables, in order.
    history: list[tuple[datetime, dict[str, str], frozenset[str]]] = field(default_factory=list)

    @classmethod
    def initial(cls) -> _OrgState:
        names = {key: name for key, (name, _) in _TABLES.items()}
        names |= {key: view[1] for key, view in _VIEWS.items()}
        names |= {key: stage[0] for key, stage in _STAGES.items()}
        names |= _CREATED_BY_LOG
        state = cls(names)
        state.column_masks = {(names[key], column): settings["masking_policy"]
                              for (key, column), settings in _COLUMN_GOVERNANCE.items()
                              if "masking_policy" in settings}
        state.row_access = {names[key]: settings["row_access_policy"]
                            for key, settings in _TABLE_GOVERNANCE.items() if "row_access_policy" in settings}
        return state

    def record(self, at: datetime) -> None:
        """Remember the names and dropped tables as they are from ``at`` on."""
        self.history.append((at, dict(self.names), frozenset(self.dropped)))

    def view_at(self, at: datetime) -> tuple[dict[str, str], frozenset[str]]:
        """The names and dropped tables as they were at ``at`` (changes at ``at`` included)."""
        names, dropped = self.names, frozenset(self.dropped)
        for changed, names_then, dropped_then in self.history:
            if changed <= at:
                names, dropped = names_then, dropped_then
        return names, dropped


# --------------------------------------------------------------------------------------
# Rendering statements
# --------------------------------------------------------------------------------------

#: Literal placeholders: name -> value from (rng, the line's UTC time, account).
_LITERALS: Mapping[str, Callable[[random.Random, datetime, _Account], str]] = {
    "d": lambda rng, at, acct: at.date().isoformat(),
    "d_prev": lambda rng, at, acct: (at.date() - timedelta(days=1)).isoformat(),
    "d_week": lambda rng, at, acct: (at.date() - timedelta(days=7)).isoformat(),
    "d_month": lambda rng, at, acct: (at.date() - timedelta(days=30)).isoformat(),
    "ts": lambda rng, at, acct: at.strftime("%Y-%m-%d %H:00:00"),
    "compact": lambda rng, at, acct: at.strftime("%Y%m%d"),
    "yyyy": lambda rng, at, acct: at.strftime("%Y"),
    "mm": lambda rng, at, acct: at.strftime("%m"),
    "dd": lambda rng, at, acct: at.strftime("%d"),
    "hh": lambda rng, at, acct: at.strftime("%H"),
    "bucket": lambda rng, at, acct: acct.bucket,
    "region": lambda rng, at, acct: rng.choice(_REGIONS),
    "status": lambda rng, at, acct: rng.choice(_STATUSES),
    "limit": lambda rng, at, acct: str(rng.choice((10, 50, 100, 500, 1000))),
    "days": lambda rng, at, acct: str(rng.choice((7, 14, 30, 90))),
    "amount": lambda rng, at, acct: str(rng.choice((50, 100, 250, 500, 1000, 5000))),
    "customer_id": lambda rng, at, acct: str(rng.randint(10_000, 99_999)),
    "rate": lambda rng, at, acct: rng.choice(("0.07", "0.19", "0.2", "0.21")),
    "n": lambda rng, at, acct: str(rng.randint(1, 24)),
    "k": lambda rng, at, acct: str(rng.randint(1, 999)).zfill(3),
}


_FULLY_QUALIFIED = "fq_"


def _object_keys(template: str) -> set[str]:
    """The object placeholders a template uses."""
    fields = {name for _, name, _, _ in string.Formatter().parse(template) if name}
    return {name.removeprefix(_FULLY_QUALIFIED) for name in fields - set(_LITERALS)}


def _reference(name: str, schema: str | None, lower: bool) -> str:
    """How a statement run in ``ANALYTICS.<schema>`` (None: no context) writes ``name``."""
    parts = name.split(".")
    if schema is not None and parts[0] == "ANALYTICS":
        parts = parts[2:] if parts[1] == schema else parts[1:]
    text = ".".join(parts)
    return text.lower() if lower else text


class _Bindings(dict[str, str]):
    """Placeholder values for one statement, computed on first use."""

    def __init__(self, names: Mapping[str, str], schema: str | None, lower: bool,
                 literal: Callable[[str], str], extra: Mapping[str, str]) -> None:
        super().__init__(extra)
        self._names, self._schema, self._lower, self._literal = names, schema, lower, literal

    def __missing__(self, key: str) -> str:
        if key in _LITERALS:
            value = self._literal(key)
        elif key.startswith(_FULLY_QUALIFIED):
            value = _reference(self._names[key.removeprefix(_FULLY_QUALIFIED)], None, self._lower)
        else:
            value = _reference(self._names[key], self._schema, self._lower)
        self[key] = value
        return value


@dataclass(frozen=True)
class _Statement:
    """One log line to be, before it gets an id and a time."""

    text: str
    persona: Persona
    #: The session's schema in ANALYTICS (None: no session context).
    context: str | None
    status: str = "SUCCESS"
    bad: str | None = None
    #: For a ``missing_field`` line: the required field it leaves out.
    missing: str | None = None
    children: tuple[_Statement, ...] = ()


@dataclass
class _Renderer:
    rng: random.Random
    account: _Account

    def render(self, template: str, persona: Persona, home: str, names: Mapping[str, str], at: datetime,
               *, full: bool | None = None, **extra: str) -> _Statement:
        """Fill ``template`` for ``persona``; ``full`` forces (or forbids) full qualification."""
        if full is None:
            full = self.rng.random() < persona.full_share
        schema = None if full else home
        bindings = _Bindings(names, schema, persona.lower and not full,
                             lambda key: _LITERALS[key](self.rng, at, self.account), extra)
        return _Statement(template.format_map(bindings), persona, schema or persona.default_schema)

    def script(self, script: Script, persona: Persona, home: str, names: Mapping[str, str], at: datetime,
               *, full: bool | None = None) -> _Statement:
        """Render a statement or a procedure call with the statements it runs (fully qualified)."""
        if isinstance(script, str):
            return self.render(script, persona, home, names, at, full=full)
        call, body = script
        children = tuple(self.script(child, persona, "PROCS", names, at, full=True) for child in body)
        statement = self.render(call, persona, home, names, at, full=full)
        return _Statement(statement.text, persona, statement.context, children=children)


# --------------------------------------------------------------------------------------
# A day's scripted work: the nightly batch, governance, schema changes, the export
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Slot:
    """Statements that start at ``at`` and follow each other a few seconds apart."""

    at: datetime
    statements: tuple[_Statement, ...]


def _suffix(turn: int) -> str:
    return "" if turn < 3 else f"_V{turn // 3 + 1}"


def _rotation(account: _Account, day_index: int) -> tuple[int, str]:
    """Which entry of the rotating DDL lists a day uses, and the suffix of new names."""
    return (day_index + account.index) % 3, _suffix(day_index)


def _at(day: date, hour: int, minute: int, rng: random.Random) -> datetime:
    start = datetime.combine(day, time(hour, minute), UTC)
    return start + timedelta(milliseconds=rng.randrange(120_000))


def _scripted_slots(ctx: _Renderer, state: _OrgState, day: date, day_index: int) -> list[_Slot]:
    """The day's scripted work in time order; mutates ``state`` as its DDL would."""
    rng = ctx.rng
    steps: list[tuple[datetime, Callable[[datetime], tuple[_Statement, ...]]]] = [
        (_at(day, 1, 5, rng), lambda at: _scripts(ctx, NIGHTLY_LOAD, _ETL, state, at)),
        (_at(day, 9, 10, rng), lambda at: _governance(ctx, state, at, day_index)),
        (_at(day, 10, 40, rng), lambda at: _schema_changes(ctx, state, at, day_index)),
        (_at(day, 11, 20, rng), lambda at: _rename(ctx, state, at, day_index)),
        (_at(day, 13, 15, rng), lambda at: _replace_view(ctx, state, at, day_index)),
        (_at(day, 15, 0, rng), lambda at: _drop(ctx, state, at, DROP_TABLE, dropped=True)),
        (_at(day, 15, 30, rng), lambda at: _drop(ctx, state, at, UNDROP_TABLE, dropped=False)),
        (_at(day, 17, 30, rng), lambda at: _tag_value_change(ctx, state, at, day_index)),
        (_at(day, 22, 10, rng), lambda at: _scripts(ctx, NIGHTLY_EXPORT, _ETL, state, at)),
    ]
    return [_Slot(at, build(at)) for at, build in steps]


def _scripts(ctx: _Renderer, scripts: tuple[Script, ...], persona: Persona, state: _OrgState,
             at: datetime) -> tuple[_Statement, ...]:
    return tuple(ctx.script(script, persona, "RAW", state.names, at) for script in scripts)


def _governance(ctx: _Renderer, state: _OrgState, at: datetime, day_index: int) -> tuple[_Statement, ...]:
    """A new tag (with tag-based masking), a new masking policy and a new row access policy."""
    turn, suffix = _rotation(ctx.account, day_index)
    tag_name, allowed = NEW_TAGS[turn]
    tag = f"GOV.TAGS.{tag_name}{suffix}"

    def gov(template: str, **extra: str) -> _Statement:
        return ctx.render(template, _GOVERNANCE, "RAW", state.names, at, full=True, **extra)

    statements = [
        gov(CREATE_TAG, tag=tag, allowed=", ".join(f"'{value}'" for value in allowed)),
        gov(ALTER_TAG_MASKING, tag=tag),
    ]
    for key, column in ctx.rng.sample(TAG_TARGETS, 2):
        statements.append(gov(SET_COLUMN_TAG, table=state.names[key], column=column, tag=tag,
                              value=ctx.rng.choice(allowed)))
    statements += _masking_policy_change(ctx, state, gov, turn, suffix)
    statements += _row_access_policy_change(ctx, state, gov, turn, suffix)
    return tuple(statements)


def _masking_policy_change(ctx: _Renderer, state: _OrgState, gov: Callable[..., _Statement],
                           turn: int, suffix: str) -> list[_Statement]:
    name, key, column, masked = NEW_MASKING_POLICIES[turn]
    policy, table = f"GOV.POLICIES.{name}{suffix}", state.names[key]
    statements = [gov(CREATE_MASKING_POLICY, policy=policy, masked=masked)]
    if (table, column) in state.column_masks:
        statements.append(gov(UNSET_MASKING_POLICY, table=table, column=column))
    statements.append(gov(SET_MASKING_POLICY, table=table, column=column, policy=policy))
    state.column_masks[(table, column)] = policy
    return statements


def _row_access_policy_change(ctx: _Renderer, state: _OrgState, gov: Callable[..., _Statement],
                              turn: int, suffix: str) -> list[_Statement]:
    name, key, column = NEW_ROW_ACCESS_POLICIES[turn]
    policy, table = f"GOV.POLICIES.{name}{suffix}", state.names[key]
    statements = [gov(CREATE_ROW_ACCESS_POLICY, policy=policy, region=ctx.rng.choice(_REGIONS))]
    if table in state.row_access:
        statements.append(gov(DROP_ROW_ACCESS_POLICY, table=table, policy=state.row_access[table]))
    statements.append(gov(ADD_ROW_ACCESS_POLICY, table=table, policy=policy, column=column))
    state.row_access[table] = policy
    return statements


def _schema_changes(ctx: _Renderer, state: _OrgState, at: datetime, day_index: int) -> tuple[_Statement, ...]:
    turn, suffix = _rotation(ctx.account, day_index)
    key, column, data_type = NEW_COLUMNS[turn]
    sequence = f"ANALYTICS.RAW.{NEW_SEQUENCES[turn]}{suffix}"
    return (
        ctx.render(CREATE_SEQUENCE, _ENGINEER, "RAW", state.names, at, full=True, sequence=sequence),
        ctx.render(ADD_COLUMN, _ENGINEER, "MART", state.names, at, full=True, table=state.names[key],
                   column=column + suffix, data_type=data_type),
        ctx.render(SET_TABLE_TAG, _GOVERNANCE, "MART", state.names, at, full=True, table=state.names[key],
                   value=ctx.rng.choice(("finance", "marketing", "operations"))),
    )


def _rename(ctx: _Renderer, state: _OrgState, at: datetime, day_index: int) -> tuple[_Statement, ...]:
    """Rename a table for good: later statements (and days) use the new name."""
    turn, suffix = _rotation(ctx.account, day_index)
    key, new_table = RENAMES[turn]
    old_name = state.names[key]
    new_name = old_name.rsplit(".", 1)[0] + "." + new_table + suffix
    statement = ctx.render(RENAME_TABLE, _ENGINEER, "RAW", state.names, at, full=True, table=old_name,
                           new_name=new_name)
    state.names[key] = new_name
    state.column_masks = {(new_name if table == old_name else table, column): policy
                          for (table, column), policy in state.column_masks.items()}
    state.row_access = {new_name if table == old_name else table: p for table, p in state.row_access.items()}
    state.record(at)
    return (statement,)


def _replace_view(ctx: _Renderer, state: _OrgState, at: datetime, day_index: int) -> tuple[_Statement, ...]:
    view_filter = V_ORDERS_BASE_FILTERS[(day_index + ctx.account.index) % len(V_ORDERS_BASE_FILTERS)]
    return (ctx.render(REPLACE_VIEW, _ENGINEER, "MART", state.names, at, full=False, filter=view_filter),)


def _drop(ctx: _Renderer, state: _OrgState, at: datetime, template: str, *, dropped: bool) -> tuple[_Statement, ...]:
    statement = ctx.render(template, _ENGINEER, "MART", state.names, at, full=False)
    if dropped:
        state.dropped.add("fct_orders_backup")
    else:
        state.dropped.discard("fct_orders_backup")
    state.record(at)
    return (statement,)


def _tag_value_change(ctx: _Renderer, state: _OrgState, at: datetime, day_index: int) -> tuple[_Statement, ...]:
    """Re-set an existing tag to another of its values."""
    value = ("public", "sensitive")[day_index % 2]
    return (ctx.render(SET_COLUMN_TAG, _GOVERNANCE, "STAGING", state.names, at, full=True,
                       table=state.names["stg_customers"], column="EMAIL", tag="GOV.TAGS.PII", value=value),)


# --------------------------------------------------------------------------------------
# A day's unscripted traffic and its bad lines
# --------------------------------------------------------------------------------------

#: (share, templates, who runs them, business hours only)
_Pool = tuple[int, tuple[Template, ...], str, bool]
_FILLER_POOLS: tuple[_Pool, ...] = (
    (34, BI_READS, "bi", True),
    (30, ANALYST_READS, "analyst", True),
    (14, ETL_MICRO_BATCHES, "etl", False),
    (22, NO_RECORD, "any", True),
)


def _persona(ctx: _Renderer, who: str) -> Persona:
    choices = {"bi": (_BI,), "etl": (_ETL,), "analyst": ctx.account.analysts,
               "any": (_BI, _BI, _GOVERNANCE, *ctx.account.analysts)}[who]
    return ctx.rng.choice(choices)


def _random_time(rng: random.Random, day: date, busy: bool) -> datetime:
    hour = rng.choices(range(24), weights=_HOUR_WEIGHTS)[0] if busy else rng.randrange(24)
    return datetime.combine(day, time(hour), UTC) + timedelta(milliseconds=rng.randrange(3_600_000))


def _filler_plan(rng: random.Random, size: int) -> list[tuple[_Pool, Template]]:
    """Every template once (so each day shows every shape), then weighted repeats."""
    plan = [(pool, template) for pool in _FILLER_POOLS for template in pool[1]]
    rng.shuffle(plan)
    weights = [pool[0] for pool in _FILLER_POOLS]
    for pool in rng.choices(_FILLER_POOLS, weights=weights, k=max(0, size - len(plan))):
        plan.append((pool, rng.choice(pool[1])))
    return plan[:size]


def _filler_slot(ctx: _Renderer, state: _OrgState, day: date, pool: _Pool, template: Template) -> _Slot:
    """One ad-hoc, BI, micro-batch or no-record statement, at a time its tables exist."""
    _, _, who, busy = pool
    home, text = template
    at = _random_time(ctx.rng, day, busy)
    while _object_keys(text) & state.view_at(at)[1]:
        at = _random_time(ctx.rng, day, busy)
    statement = ctx.render(text, _persona(ctx, who), home, state.view_at(at)[0], at)
    return _Slot(at, (statement,))


def _bad_slots(ctx: _Renderer, state: _OrgState, day: date, lines: int, json_lines: bool) -> list[_Slot]:
    """The day's deliberately bad lines: FAIL statements, then malformed input."""
    failed = max(2, round(lines * FAILED_STATEMENT_RATE))
    slots = []
    for n in range(failed):
        home, template = FAILED_STATEMENTS[0] if n == 0 else ctx.rng.choice(FAILED_STATEMENTS[1:])
        slots.append(_bad_slot(ctx, state, day, template, home, "failed", status="FAIL"))
    for kind, how_many in BAD_LINES_PER_DAY.items():
        if kind in _JSON_ONLY_KINDS and not json_lines:
            continue
        for n in range(how_many):
            home, template = ctx.rng.choice(INVALID_SQL if kind == "invalid_sql" else ANALYST_READS)
            missing = _MISSING_FIELDS[n % len(_MISSING_FIELDS)] if kind == "missing_field" else None
            slots.append(_bad_slot(ctx, state, day, template, home, kind, missing=missing))
    return slots


def _bad_slot(ctx: _Renderer, state: _OrgState, day: date, template: str, home: str, kind: str,
              status: str = "SUCCESS", missing: str | None = None) -> _Slot:
    at = _random_time(ctx.rng, day, busy=True)
    names, dropped = state.view_at(at)
    if _object_keys(template) & dropped:
        home, template = BI_READS[0]
    failed_create = kind == "failed" and template == FAILED_STATEMENTS[0][1]
    who = _ENGINEER if failed_create else ctx.rng.choice(ctx.account.analysts)
    statement = ctx.render(template, who, home, names, at)
    return _Slot(at, (_Statement(statement.text, who, statement.context, status, kind, missing),))


# --------------------------------------------------------------------------------------
# From slots to log lines
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Line:
    """One line of a log file: a record, or (not JSON) raw text."""

    at: datetime
    record: dict[str, object]
    bad: str | None = None
    raw: str | None = None


def _query_id(rng: random.Random) -> str:
    return str(uuid.UUID(int=rng.getrandbits(128), version=4))


def _lines(ctx: _Renderer, statement: _Statement, at: datetime, sessions: Mapping[str, str],
           parent: str | None = None) -> tuple[list[_Line], datetime]:
    """The statement's line and its children's, each a little after the previous one."""
    record = _record(ctx, statement, at, sessions, parent)
    lines = [_malformed(record, at, statement)]
    for child in statement.children:
        at += timedelta(milliseconds=ctx.rng.randint(5, 400))
        child_lines, at = _lines(ctx, child, at, sessions, parent=record["query_id"])
        lines += child_lines
    return lines, at


def _record(ctx: _Renderer, statement: _Statement, at: datetime, sessions: Mapping[str, str],
            parent: str | None) -> dict[str, object]:
    persona = statement.persona
    record: dict[str, object] = {
        "query_id": _query_id(ctx.rng),
        "query_text": statement.text,
        "query_start_time": at.astimezone(timezone(ctx.account.offset)).isoformat(timespec="milliseconds"),
        "user_name": persona.user,
        "role_name": persona.role,
        "execution_status": statement.status,
        "account_name": ctx.account.name,
        "session_id": sessions[persona.user],
        "warehouse_name": persona.warehouse,
    }
    if statement.context is not None:
        record |= {"database_name": "ANALYTICS", "schema_name": statement.context}
    elif parent is not None:
        record |= {"database_name": "MYDB", "schema_name": "PROCS"}
    if parent is not None:
        record["parent_query_id"] = parent
    if persona.query_tag is not None:
        record["query_tag"] = persona.query_tag
    return record


def _malformed(record: dict[str, object], at: datetime, statement: _Statement) -> _Line:
    """Spoil a record as the statement's ``bad`` kind says (FAIL and invalid SQL are spoiled already)."""
    bad = statement.bad
    if bad == "not_json":
        text = json.dumps(record, sort_keys=True)
        return _Line(at, record, bad, raw=text[: len(text) // 2])
    if bad == "missing_field":
        return _Line(at, {key: value for key, value in record.items() if key != statement.missing}, bad)
    if bad == "ill_typed":
        return _Line(at, record | {"query_start_time": 12}, bad)
    return _Line(at, record, bad)


def _day_log(account: _Account, state: _OrgState, day: date, day_index: int, lines: int, seed: int,
             json_lines: bool) -> list[_Line]:
    """An account's log lines for one UTC day, in time order."""
    # seeded by the day's place in the demo, not its date: the same seed gives the same days whenever they fall
    ctx = _Renderer(random.Random(f"{seed}/{account.name}/day-{day_index}"), account)
    state.history = [(datetime.combine(day, time(0), UTC), dict(state.names), frozenset(state.dropped))]
    scripted = _scripted_slots(ctx, state, day, day_index)
    bad = _bad_slots(ctx, state, day, lines, json_lines)
    planned = sum(_count(statement) for slot in scripted + bad for statement in slot.statements)
    plan = _filler_plan(ctx.rng, max(0, lines - planned))
    filler = [_filler_slot(ctx, state, day, pool, template) for pool, template in plan]
    sessions = _sessions(ctx.rng, account)
    out: list[_Line] = []
    for slot in sorted(scripted + bad + filler, key=lambda slot: slot.at):
        at = slot.at
        for statement in slot.statements:
            statement_lines, at = _lines(ctx, statement, at, sessions)
            out += statement_lines
            at += timedelta(milliseconds=ctx.rng.randint(800, 20_000))
    return sorted(out, key=lambda line: line.at)


def _count(statement: _Statement) -> int:
    return 1 + sum(_count(child) for child in statement.children)


def _sessions(rng: random.Random, account: _Account) -> dict[str, str]:
    people = (_ETL, _BI, _GOVERNANCE, _ENGINEER, *account.analysts)
    return {persona.user: str(rng.randrange(10**15, 10**16)) for persona in people}


# --------------------------------------------------------------------------------------
# Writing files
# --------------------------------------------------------------------------------------

_FORMATS = ("jsonl", "jsonl.gz", "parquet")
_PARQUET_COLUMNS = (
    "account_name", "database_name", "execution_status", "parent_query_id", "query_id", "query_start_time",
    "query_tag", "query_text", "role_name", "schema_name", "session_id", "user_name", "warehouse_name",
)


def _day_format(account: _Account, day_index: int) -> str:
    """Each account sees every format over three days; gzip days come as two files."""
    return _FORMATS[(day_index + account.index) % len(_FORMATS)]


def _jsonl(lines: list[_Line]) -> bytes:
    text = "".join((line.raw if line.raw is not None else json.dumps(line.record, sort_keys=True)) + "\n"
                   for line in lines)
    return text.encode("utf-8")


def _parquet(lines: list[_Line], path: Path) -> None:
    rows = [{column: line.record.get(column) for column in _PARQUET_COLUMNS} for line in lines]
    schema = pa.schema([(column, pa.string()) for column in _PARQUET_COLUMNS])
    pq.write_table(pa.Table.from_pylist(rows, schema=schema), path, compression="zstd")


def _write_log(path: Path, lines: list[_Line]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.name.endswith(".parquet"):
        _parquet(lines, path)
    elif path.name.endswith(".gz"):
        path.write_bytes(gzip.compress(_jsonl(lines), compresslevel=6, mtime=0))
    else:
        path.write_bytes(_jsonl(lines))
    return path


def _write_day(landing: Path, account: _Account, day: date, fmt: str, lines: list[_Line]) -> list[Path]:
    folder = landing / account.name / day.isoformat()
    if fmt != "jsonl.gz":
        return [_write_log(folder / f"query_history.{fmt}", lines)]
    noon = datetime.combine(day, time(12), UTC)
    morning = [line for line in lines if line.at < noon]
    afternoon = [line for line in lines if line.at >= noon]
    return [_write_log(folder / f"query_history_am.{fmt}", morning),
            _write_log(folder / f"query_history_pm.{fmt}", afternoon)]


def _write_catalog(landing: Path, account: _Account) -> Path:
    path = landing / account.name / "catalog.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(_catalog(account), indent=2, sort_keys=True) + "\n", encoding="utf-8")
    return path


# --------------------------------------------------------------------------------------
# The entry point
# --------------------------------------------------------------------------------------


def generate_demo(landing: Path, *, accounts: int = 3, days: int = 3, statements_per_day: int = 400,
                  start: date = date(2026, 11, 16), seed: int = 7) -> DemoSummary:
    """Write a demo organization's catalogs and query logs under ``landing``.

    ``accounts`` accounts (ACME_PROD, ACME_EU, ACME_DEV, ...) each get a catalog snapshot
    and ``days`` UTC days of log from ``start`` (``bin/demo`` passes the day that makes the last one today), each day ``statements_per_day`` lines
    (bad lines included; never fewer than the day's scripted work). Formats rotate over
    accounts and days: plain JSON Lines, gzip JSON Lines in a morning and an afternoon
    file, and Parquet. The same arguments always give byte-identical files.

    >>> import tempfile
    >>> summary = generate_demo(Path(tempfile.mkdtemp()), accounts=2, days=1, statements_per_day=120)
    >>> sorted(summary.lines), summary.bad_lines["failed"]
    (['ACME_EU', 'ACME_PROD'], 4)
    """
    if accounts < 1 or days < 1 or statements_per_day < 1:
        raise ValueError("generate_demo needs at least one account, one day and one statement per day")
    landing = Path(landing)
    files: list[Path] = []
    lines: dict[str, dict[str, int]] = {}
    bad: Counter[str] = Counter({kind: 0 for kind in BAD_LINE_KINDS})
    for index in range(accounts):
        account = _account(index, seed)
        files.append(_write_catalog(landing, account))
        state = _OrgState.initial()
        for day_index in range(days):
            day = start + timedelta(days=day_index)
            fmt = _day_format(account, day_index)
            log = _day_log(account, state, day, day_index, statements_per_day, seed, json_lines=fmt != "parquet")
            files += _write_day(landing, account, day, fmt, log)
            lines.setdefault(account.name, {})[day.isoformat()] = len(log)
            bad.update(line.bad for line in log if line.bad)
    return DemoSummary(landing, tuple(files), lines, dict(bad))
