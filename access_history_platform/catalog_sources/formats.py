"""The information-schema exports the platform reads, as each warehouse documents them.

A :class:`CatalogFormat` says, for one warehouse, which views an export holds, the columns
each view must have (``required``), the columns that tell this warehouse's export from the
others' (``marks``), what its ``TABLE_TYPE`` values mean, and where a column's full data type
is. Column names are compared upper-cased (BigQuery and PostgreSQL write them in lower case).

The documented columns, looked up in each warehouse's reference:

- Snowflake: ``INFORMATION_SCHEMA.TABLES`` / ``COLUMNS`` / ``VIEWS``
  (https://docs.snowflake.com/en/sql-reference/info-schema/tables,
  https://docs.snowflake.com/en/sql-reference/info-schema/columns,
  https://docs.snowflake.com/sql-reference/info-schema/views), and from ``ACCOUNT_USAGE``
  ``TAG_REFERENCES`` (https://docs.snowflake.com/en/sql-reference/account-usage/tag_references),
  ``POLICY_REFERENCES`` (https://docs.snowflake.com/en/sql-reference/account-usage/policy_references),
  ``MASKING_POLICIES`` and ``ROW_ACCESS_POLICIES``
  (https://docs.snowflake.com/en/sql-reference/account-usage/row_access_policies; the masking
  one has the same policy columns). ``TABLE_TYPE`` is ``BASE TABLE``, ``TEMPORARY TABLE``,
  ``EXTERNAL TABLE``, ``EVENT TABLE``, ``VIEW`` or ``MATERIALIZED VIEW``.
- Databricks (Unity Catalog): ``information_schema.tables`` / ``columns`` / ``views``
  (https://docs.databricks.com/sql/language-manual/information-schema/tables.html,
  https://docs.databricks.com/aws/sql/language-manual/information-schema/columns,
  https://learn.microsoft.com/en-us/azure/databricks/sql/language-manual/information-schema/views).
  ``TABLE_TYPE`` is ``MANAGED``, ``EXTERNAL``, ``VIEW``, ``MATERIALIZED_VIEW``,
  ``STREAMING_TABLE``, ``FOREIGN``, ``MANAGED_SHALLOW_CLONE`` or ``EXTERNAL_SHALLOW_CLONE``;
  ``FULL_DATA_TYPE`` is the type as declared (``DATA_TYPE`` only its simple name).
- BigQuery: ``INFORMATION_SCHEMA.TABLES`` / ``COLUMNS`` / ``VIEWS``
  (https://cloud.google.com/bigquery/docs/information-schema-tables,
  https://cloud.google.com/bigquery/docs/information-schema-columns,
  https://cloud.google.com/bigquery/docs/information-schema-views). ``TABLE_CATALOG`` is the
  project, ``TABLE_SCHEMA`` the dataset; ``TABLE_TYPE`` is ``BASE TABLE``, ``CLONE``,
  ``SNAPSHOT``, ``VIEW``, ``MATERIALIZED VIEW`` or ``EXTERNAL``.
- Trino / Starburst: ``information_schema.tables`` / ``columns`` / ``views`` with the
  standard's core columns only (table_catalog, table_schema, table_name, table_type;
  column_name, ordinal_position, column_default, is_nullable, data_type; view_definition), as
  Trino's own connector and dbt-trino's catalog query read them
  (https://github.com/starburstdata/dbt-trino, ``dbt/include/trino/macros/catalog.sql``).
  ``TABLE_TYPE`` is ``BASE TABLE`` or ``VIEW``.
- PostgreSQL: ``information_schema.tables`` / ``columns`` / ``views``
  (https://www.postgresql.org/docs/15/infoschema-tables.html,
  https://www.postgresql.org/docs/15/infoschema-columns.html,
  https://www.postgresql.org/docs/15/infoschema-views.html). ``TABLE_TYPE`` is ``BASE TABLE``,
  ``VIEW``, ``FOREIGN`` or ``LOCAL TEMPORARY``, and ``MATERIALIZED VIEW`` in rows of ``pg_matviews`` added in the
  same shape (the information schema leaves materialized views out: ``live.POSTGRES_MATERIALIZED_VIEWS``);
  ``DATA_TYPE`` is ``ARRAY`` or ``USER-DEFINED``
  for arrays and user-defined types, whose name is then ``UDT_NAME``; ``VIEW_DEFINITION`` is
  the view's query (null when the reader does not own the view).
- Amazon Redshift: ``SVV_TABLES`` and ``SVV_COLUMNS`` (https://docs.aws.amazon.com/redshift/latest/dg/r_SVV_TABLES.html,
  https://docs.aws.amazon.com/redshift/latest/dg/r_SVV_COLUMNS.html), which unlike ``information_schema`` list
  external (Spectrum) tables and late-binding views' columns, and ``information_schema.views``. Both have the
  standard's columns and ``REMARKS``; ``TABLE_TYPE`` is ``BASE TABLE``, ``VIEW`` or ``EXTERNAL TABLE``; types are
  PostgreSQL's (``character varying`` with ``CHARACTER_MAXIMUM_LENGTH``), an external column's as declared
  (``varchar(2048)``). An export of ``information_schema`` alone reads as PostgreSQL's.
- Microsoft Fabric Warehouse (and SQL Server, Azure Synapse): ``INFORMATION_SCHEMA.TABLES`` / ``COLUMNS`` / ``VIEWS``
  (https://learn.microsoft.com/sql/relational-databases/system-information-schema-views/tables-transact-sql,
  .../columns-transact-sql, .../views-transact-sql). ``TABLE_TYPE`` is ``BASE TABLE`` or ``VIEW``; ``DATA_TYPE`` is the
  bare name, its length (``-1`` for ``max``), precision and scale in columns of their own. ``VIEW_DEFINITION`` is an
  ``nvarchar(4000)``, null for a longer definition: the export query takes each view's whole ``CREATE VIEW`` text from
  ``OBJECT_DEFINITION`` instead, and adds each table's ``OBJECT_ID`` to ``TABLES`` as ``TABLE_ID``.
- MySQL (and MariaDB): ``information_schema.TABLES`` / ``COLUMNS`` / ``VIEWS``
  (https://dev.mysql.com/doc/refman/8.4/en/information-schema-tables-table.html, .../columns-table.html,
  .../views-table.html). A database is a schema: a name is ``TABLE_SCHEMA.TABLE_NAME`` (``TABLE_CATALOG`` is always
  ``def``); ``TABLE_TYPE`` is ``BASE TABLE``, ``VIEW`` or ``SYSTEM VIEW``; ``COLUMN_TYPE`` is the type as declared
  (``varchar(45)``, ``int unsigned``); ``VIEWS`` has ``SECURITY_TYPE``.
- ClickHouse: ``information_schema.tables`` / ``columns`` / ``views``
  (https://clickhouse.com/docs/operations/system-tables/information_schema), MySQL's columns (and each in upper case
  too) with the standard's ``DOMAIN_*``: a name is ``table_schema.table_name`` (the database); ``table_type`` is ``BASE
  TABLE``, ``VIEW`` (a materialized view too, read as a view of its query: the schema does not tell them apart),
  ``FOREIGN TABLE``, ``LOCAL TEMPORARY`` or ``SYSTEM VIEW``; ``column_type`` is the type (``Nullable(String)``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Mapping

TABLES, COLUMNS, VIEWS = "TABLES", "COLUMNS", "VIEWS"
TAG_REFERENCES, POLICY_REFERENCES = "TAG_REFERENCES", "POLICY_REFERENCES"
MASKING_POLICIES, ROW_ACCESS_POLICIES = "MASKING_POLICIES", "ROW_ACCESS_POLICIES"
#: PostgreSQL's rules: each its table's name and its CREATE RULE (``pg_get_ruledef``; no information schema view has
#: them: ``live.POSTGRES_RULES``)
RULES = "RULES"
#: Every view an export may hold, in the order they are read.
VIEW_NAMES = (TABLES, COLUMNS, VIEWS, TAG_REFERENCES, POLICY_REFERENCES, MASKING_POLICIES, ROW_ACCESS_POLICIES, RULES)
#: The views every export must hold.
REQUIRED_VIEWS = (TABLES, COLUMNS)

_RELATION = ("TABLE_CATALOG", "TABLE_SCHEMA", "TABLE_NAME")
_CORE = {
    TABLES: (*_RELATION, "TABLE_TYPE"),
    COLUMNS: (*_RELATION, "COLUMN_NAME", "ORDINAL_POSITION", "DATA_TYPE"),
    VIEWS: (*_RELATION, "VIEW_DEFINITION"),
}
_POLICY_OBJECT = ("POLICY_CATALOG", "POLICY_SCHEMA", "POLICY_NAME", "POLICY_SIGNATURE", "POLICY_BODY")

Row = Mapping[str, object]


def text_of(row: Row, column: str) -> str | None:
    """A row's value as text, None for a NULL or blank one (CSV writes NULL as an empty field)."""
    value = row.get(column)
    if value is None:
        return None
    text = str(value).strip()
    return text or None


def whole_number(value: object) -> int | None:
    """A whole number written as ``38``, ``38.0`` (CSV from a float column) or a number; None otherwise."""
    try:
        return int(float(str(value))) if value not in (None, "") else None
    except ValueError:
        return None


def _standard_generated(row: Row) -> bool:
    """The standard's ``IS_IDENTITY`` (``YES``) and ``IS_GENERATED`` (``ALWAYS``), where the export has them."""
    return (text_of(row, "IS_IDENTITY") or "").upper() == "YES" \
        or (text_of(row, "IS_GENERATED") or "").upper() == "ALWAYS"


def _generation_columns(row: Row, dialect: str) -> tuple[str, ...]:
    """The columns of a COLUMNS row's ``GENERATION_EXPRESSION`` read in ``dialect``; () for none or an expression
    sqlglot cannot read."""
    expression = text_of(row, "GENERATION_EXPRESSION")
    if not expression:
        return ()
    import sqlglot
    from sqlglot import exp

    try:
        tree = sqlglot.parse_one(expression, read=dialect)
    except sqlglot.errors.SqlglotError:
        return ()
    return tuple(dict.fromkeys(column.name for column in tree.find_all(exp.Column)))


def _extra_from(dialect: str, kind: str) -> Callable[[Row], tuple[str, ...]]:
    """The columns of a column whose ``EXTRA`` starts with ``kind`` (MySQL's and ClickHouse's ``VIRTUAL GENERATED``:
    ClickHouse's ``ALIAS``, MySQL's ``VIRTUAL``; their ``STORED GENERATED``: ClickHouse's ``MATERIALIZED``, MySQL's
    ``STORED``), read from its ``GENERATION_EXPRESSION``.

    >>> _extra_from("mysql", "STORED GENERATED")({"EXTRA": "STORED GENERATED", "GENERATION_EXPRESSION": "lower(`a`)"})
    ('a',)
    """
    return lambda row: _generation_columns(row, dialect) \
        if (text_of(row, "EXTRA") or "").upper().startswith(kind) else ()


def _always_from(dialect: str) -> Callable[[Row], tuple[str, ...]]:
    """The columns of a column the standard's ``IS_GENERATED`` says is generated (``ALWAYS``), read from its
    ``GENERATION_EXPRESSION``: PostgreSQL's (stored, before 18) and Databricks' (Delta's generated columns).

    >>> _always_from("postgres")({"IS_GENERATED": "ALWAYS", "GENERATION_EXPRESSION": "lower(email)"})
    ('email',)
    """
    return lambda row: _generation_columns(row, dialect) \
        if (text_of(row, "IS_GENERATED") or "").upper() == "ALWAYS" else ()


def _declared_type(row: Row) -> str | None:
    return text_of(row, "DATA_TYPE")


def _snowflake_type(row: Row) -> str | None:
    """``NUMBER(38,0)`` as the reference writes it, ``VARCHAR(200)`` as ``GET_DDL`` writes a ``TEXT`` column of that
    length: Snowflake's ``DATA_TYPE`` is the bare name, its length, precision and scale in columns of their own."""
    name = text_of(row, "DATA_TYPE")
    precision, scale = text_of(row, "NUMERIC_PRECISION"), text_of(row, "NUMERIC_SCALE")
    if name and name.upper() == "NUMBER" and precision and scale:
        return f"NUMBER({whole_number(precision)},{whole_number(scale)})"
    length = text_of(row, "CHARACTER_MAXIMUM_LENGTH")
    if name and name.upper() == "TEXT" and length:
        return f"VARCHAR({whole_number(length)})"
    return name


def _databricks_type(row: Row) -> str | None:
    return text_of(row, "FULL_DATA_TYPE") or text_of(row, "DATA_TYPE")


def _postgres_type(row: Row) -> str | None:
    """The type as PostgreSQL writes it in DDL: ``numeric(12,2)``, ``character varying(320)``, ``text[]``."""
    name, udt = text_of(row, "DATA_TYPE"), text_of(row, "UDT_NAME")
    if name == "ARRAY" and udt and udt.startswith("_"):
        return f"{udt[1:]}[]"  # the element type's name behind an underscore
    if name in ("ARRAY", "USER-DEFINED"):
        return udt or name
    length = text_of(row, "CHARACTER_MAXIMUM_LENGTH")
    if name in ("character varying", "character") and length:
        return f"{name}({whole_number(length)})"
    precision, scale = text_of(row, "NUMERIC_PRECISION"), text_of(row, "NUMERIC_SCALE")
    if name == "numeric" and precision and scale:
        return f"numeric({whole_number(precision)},{whole_number(scale)})"
    return name


def _tsql_type(row: Row) -> str | None:
    """The type as T-SQL writes it in DDL: ``varchar(50)``, ``nvarchar(max)`` (a length of -1), ``decimal(18,2)``;
    ``DATA_TYPE`` is the bare name, its length, precision and scale in columns of their own."""
    name = text_of(row, "DATA_TYPE")
    length = whole_number(row.get("CHARACTER_MAXIMUM_LENGTH"))
    if name and name.lower() in ("char", "varchar", "nchar", "nvarchar", "binary", "varbinary") and length:
        return f"{name}({'max' if length == -1 else length})"
    precision, scale = whole_number(row.get("NUMERIC_PRECISION")), whole_number(row.get("NUMERIC_SCALE"))
    if name and name.lower() in ("decimal", "numeric") and precision is not None and scale is not None:
        return f"{name}({precision},{scale})"
    return name


@dataclass(frozen=True)
class CatalogFormat:
    """One warehouse's information-schema export (see the module's docstring for the sources)."""

    name: str
    #: the sqlglot dialect of the warehouse (its view definitions and the log's statements)
    dialect: str
    #: the columns each view must have
    required: Mapping[str, tuple[str, ...]]
    #: per view, columns only this warehouse's export has (any one view's marks present tells it)
    marks: Mapping[str, tuple[str, ...]]
    #: TABLE_TYPE values and the catalog domain each one is
    table_types: Mapping[str, str]
    data_type: Callable[[Row], str | None] = _declared_type
    #: schemas that describe the database itself, never read
    system_schemas: frozenset[str] = frozenset({"INFORMATION_SCHEMA"})
    extra_views: tuple[str, ...] = field(default=())
    #: the columns that name a relation, outermost first (a MySQL or ClickHouse name is ``db.t``: its TABLE_CATALOG
    #: is no level of a name)
    name_columns: tuple[str, ...] = _RELATION
    #: whether a COLUMNS row's column is invisible: left out of ``*`` and of an insert's implicit column list
    invisible: Callable[[Row], bool] = lambda row: False
    #: the columns a COLUMNS row's column computed when read is computed from (:attr:`.Column.computed_from`)
    computed_from: Callable[[Row], tuple[str, ...]] = lambda row: ()
    #: the columns a COLUMNS row's column computed when its row is written is computed from
    #: (:attr:`.Column.stored_from`)
    stored_from: Callable[[Row], tuple[str, ...]] = lambda row: ()
    #: whether a COLUMNS row's column has values the engine generates (:attr:`.Column.generated`)
    generated: Callable[[Row], bool] = lambda row: _standard_generated(row)
    #: a VIEWS row whose definition is an object's whole CREATE (ClickHouse's ``system.tables.create_table_query``):
    #: the object's domain, definition (None for a table) and invisible columns, None when it is none of those
    described: Callable[[str], tuple[str, str | None, frozenset[str]] | None] | None = None

    @property
    def views(self) -> tuple[str, ...]:
        return tuple(self.required)

    def missing(self, view: str, columns: set[str]) -> list[str]:
        """The required columns of ``view`` that ``columns`` lacks."""
        return [c for c in self.required.get(view, ()) if c not in columns]

    def marked(self, view: str, columns: set[str]) -> bool:
        marks = self.marks.get(view)
        return bool(marks) and all(c in columns for c in marks)


SNOWFLAKE = CatalogFormat(
    name="snowflake", dialect="snowflake",
    required={
        **_CORE,
        TAG_REFERENCES: ("TAG_DATABASE", "TAG_SCHEMA", "TAG_NAME", "TAG_VALUE", "OBJECT_DATABASE",
                         "OBJECT_SCHEMA", "OBJECT_NAME", "DOMAIN", "COLUMN_NAME"),
        POLICY_REFERENCES: ("POLICY_DB", "POLICY_SCHEMA", "POLICY_NAME", "POLICY_KIND", "REF_DATABASE_NAME",
                            "REF_SCHEMA_NAME", "REF_ENTITY_NAME", "REF_ENTITY_DOMAIN", "REF_COLUMN_NAME"),
        MASKING_POLICIES: _POLICY_OBJECT,
        ROW_ACCESS_POLICIES: _POLICY_OBJECT,
    },
    marks={TABLES: ("TABLE_OWNER", "IS_TRANSIENT"), VIEWS: ("IS_SECURE",), TAG_REFERENCES: ("TAG_NAME",),
           POLICY_REFERENCES: ("POLICY_KIND",), MASKING_POLICIES: ("POLICY_BODY",),
           ROW_ACCESS_POLICIES: ("POLICY_BODY",)},
    table_types={"BASE TABLE": "Table", "TEMPORARY TABLE": "Table", "EVENT TABLE": "Table",
                 "EXTERNAL TABLE": "External table", "VIEW": "View", "MATERIALIZED VIEW": "Materialized view"},
    data_type=_snowflake_type,
)

DATABRICKS = CatalogFormat(
    name="databricks", dialect="databricks",
    required=dict(_CORE),
    marks={TABLES: ("DATA_SOURCE_FORMAT",), COLUMNS: ("FULL_DATA_TYPE",)},
    table_types={"MANAGED": "Table", "EXTERNAL": "External table", "VIEW": "View",
                 "MATERIALIZED_VIEW": "Materialized view", "STREAMING_TABLE": "Table", "FOREIGN": "External table",
                 "MANAGED_SHALLOW_CLONE": "Table", "EXTERNAL_SHALLOW_CLONE": "External table"},
    data_type=_databricks_type,
    stored_from=_always_from("databricks"),
)

BIGQUERY = CatalogFormat(
    name="bigquery", dialect="bigquery",
    required=dict(_CORE),
    marks={TABLES: ("CREATION_TIME", "DDL"), COLUMNS: ("IS_PARTITIONING_COLUMN",), VIEWS: ("USE_STANDARD_SQL",)},
    table_types={"BASE TABLE": "Table", "CLONE": "Table", "SNAPSHOT": "Table", "VIEW": "View",
                 "MATERIALIZED VIEW": "Materialized view", "EXTERNAL": "External table"},
)

POSTGRES = CatalogFormat(
    name="postgres", dialect="postgres",
    required={**_CORE, RULES: (*_RELATION, "RULE_DEFINITION")},
    # Snowflake's TABLES has these too (it is told by its own marks); its COLUMNS mirrors the standard's, so
    # PostgreSQL's COLUMNS claims nothing
    marks={TABLES: ("SELF_REFERENCING_COLUMN_NAME", "IS_TYPED", "COMMIT_ACTION")},
    table_types={"BASE TABLE": "Table", "LOCAL TEMPORARY": "Table", "FOREIGN": "External table",
                 "VIEW": "View", "MATERIALIZED VIEW": "Materialized view"},
    data_type=_postgres_type,
    system_schemas=frozenset({"INFORMATION_SCHEMA", "PG_CATALOG", "PG_TOAST"}),
    stored_from=_always_from("postgres"),
)

REDSHIFT = CatalogFormat(
    name="redshift", dialect="redshift",
    required=dict(_CORE),
    marks={TABLES: ("REMARKS",), COLUMNS: ("REMARKS",)},
    table_types={"BASE TABLE": "Table", "VIEW": "View", "EXTERNAL TABLE": "External table"},
    data_type=_postgres_type,
    system_schemas=frozenset({"INFORMATION_SCHEMA", "PG_CATALOG", "PG_TOAST", "PG_INTERNAL", "PG_AUTOMV"}),
)


def _tsql_flag(name: str) -> Callable[[Row], bool]:
    """A ``COLUMNPROPERTY(..., name)`` the export query may add to COLUMNS (``IS_HIDDEN``: ``1`` for a temporal
    table's ``HIDDEN`` period column); False where it is absent."""
    return lambda row: whole_number(row.get(name)) == 1


def _tsql_generated(row: Row) -> bool:
    """A column whose values SQL Server generates: an identity or a computed column (``IS_IDENTITY``, ``IS_COMPUTED``,
    when the export query adds them) or a ``timestamp`` (its ``rowversion``), which an insert without a column list
    leaves out."""
    return _tsql_flag("IS_IDENTITY")(row) or _tsql_flag("IS_COMPUTED")(row) \
        or (text_of(row, "DATA_TYPE") or "").lower() in ("timestamp", "rowversion")


FABRIC = CatalogFormat(
    name="fabric", dialect="tsql",
    required=dict(_CORE),
    # the standard's views have no column of SQL Server's own: the export query adds each table's OBJECT_ID as
    # TABLE_ID (the records' ids), which only Snowflake's ACCOUNT_USAGE.TABLES also has (told by its own marks first)
    marks={TABLES: ("TABLE_ID",)},
    table_types={"BASE TABLE": "Table", "VIEW": "View"},
    data_type=_tsql_type,
    system_schemas=frozenset({"INFORMATION_SCHEMA", "SYS", "QUERYINSIGHTS"}),
    invisible=_tsql_flag("IS_HIDDEN"),
    generated=_tsql_generated,
)


def _mysql_type(row: Row) -> str | None:
    """The type as declared (``varchar(45)``, ``int unsigned``, ``Nullable(String)``): MySQL's and ClickHouse's
    ``COLUMN_TYPE``; ``DATA_TYPE`` is MySQL's bare name."""
    return text_of(row, "COLUMN_TYPE") or text_of(row, "DATA_TYPE")


def _generated(row: Row) -> bool:
    """ClickHouse's ``ALIAS`` and ``MATERIALIZED`` columns, which its information schema calls ``VIRTUAL GENERATED`` and
    ``STORED GENERATED`` in ``EXTRA`` (an ``EPHEMERAL`` one is not told there: only its CREATE tells it)."""
    return (text_of(row, "EXTRA") or "").upper() in ("VIRTUAL GENERATED", "STORED GENERATED")


def _mysql_generated(row: Row) -> bool:
    """MySQL's generated and ``auto_increment`` columns, as ``EXTRA`` says."""
    extra = (text_of(row, "EXTRA") or "").upper()
    return "GENERATED" in extra.split() or "AUTO_INCREMENT" in extra.split()


def _mysql_invisible(row: Row) -> bool:
    """MySQL's ``INVISIBLE`` columns: ``EXTRA`` says so (a generated column is visible in MySQL)."""
    return "INVISIBLE" in (text_of(row, "EXTRA") or "").upper()


def _clickhouse_described(text: str) -> tuple[str, str | None, frozenset[str]] | None:
    from ..sql.clickhouse import described  # (the SQL engine, loaded only for a ClickHouse export)

    return described(text)


# ClickHouse's information schema copies MySQL's columns (COLUMN_TYPE, ENGINE, ROW_FORMAT ... and the standard's
# DOMAIN_NAME, which MySQL's lacks), so ClickHouse's marks are MySQL's and one more, and it is tried first
CLICKHOUSE = CatalogFormat(
    name="clickhouse", dialect="clickhouse",
    required=dict(_CORE),
    marks={COLUMNS: ("COLUMN_TYPE", "DOMAIN_NAME")},
    table_types={"BASE TABLE": "Table", "VIEW": "View", "FOREIGN TABLE": "External table", "LOCAL TEMPORARY": "Table",
                 "SYSTEM VIEW": "View"},
    data_type=_mysql_type,
    system_schemas=frozenset({"INFORMATION_SCHEMA", "SYSTEM"}),
    name_columns=("TABLE_SCHEMA", "TABLE_NAME"),
    invisible=_generated,
    computed_from=_extra_from("clickhouse", "VIRTUAL GENERATED"),
    stored_from=_extra_from("clickhouse", "STORED GENERATED"),
    generated=_generated,
    described=_clickhouse_described,
)

MYSQL = CatalogFormat(
    name="mysql", dialect="mysql",
    required=dict(_CORE),
    marks={COLUMNS: ("COLUMN_TYPE",), VIEWS: ("SECURITY_TYPE",)},
    table_types={"BASE TABLE": "Table", "VIEW": "View", "SYSTEM VIEW": "View"},
    data_type=_mysql_type,
    system_schemas=frozenset({"INFORMATION_SCHEMA", "MYSQL", "PERFORMANCE_SCHEMA", "SYS"}),
    name_columns=("TABLE_SCHEMA", "TABLE_NAME"),
    invisible=_mysql_invisible,
    computed_from=_extra_from("mysql", "VIRTUAL GENERATED"),
    stored_from=_extra_from("mysql", "STORED GENERATED"),
    generated=_mysql_generated,
)

TRINO = CatalogFormat(
    name="trino", dialect="trino",
    required=dict(_CORE),
    marks={},  # the standard's core columns only: what no other format's marks claim
    table_types={"BASE TABLE": "Table", "VIEW": "View"},
)

#: Every format, the most specific first: Snowflake's export also has the columns PostgreSQL's marks name.
FORMATS: dict[str, CatalogFormat] = {f.name: f for f in (SNOWFLAKE, DATABRICKS, BIGQUERY, POSTGRES, REDSHIFT, FABRIC,
                                                          CLICKHOUSE, MYSQL, TRINO)}
#: Names a user may declare a format by, beside the format's own.
ALIASES = {"postgresql": "postgres", "starburst": "trino", "unity": "databricks", "synapse": "fabric",
           "sqlserver": "fabric", "mariadb": "mysql"}


def catalog_format(name: str) -> CatalogFormat:
    """The format called ``name`` (case-insensitive; ``postgresql`` and ``starburst`` too).

    >>> catalog_format("PostgreSQL").dialect
    'postgres'
    """
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in FORMATS:
        raise ValueError(f"unknown warehouse {name!r}; known: {', '.join(FORMATS)}")
    return FORMATS[key]
