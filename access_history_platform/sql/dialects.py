"""What a dialect's SQL means beyond its grammar, in one place.

sqlglot parses every dialect; these are the meanings the resolver gives what it parsed where the warehouses
differ: how a name is read, what a session command sets, which names are the system's and not the account's,
what an unaliased column is called. Each rule is a field of :class:`DialectRules`, off by default, and
:data:`RULES` says which dialects have it. The statement splitter's grammar (how a request is cut into
statements, which dialects have Scripting blocks or ``->>`` chains) stays in :mod:`.statements`.

>>> rules_for("databricks").database_is_schema, rules_for("snowflake").database_is_schema
(True, False)
>>> rules_for("teradata") == DialectRules()
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlglot import exp

from .. import catalog


@dataclass(frozen=True, slots=True)
class DialectRules:
    #: ``USE CATALOG c`` sets the first level of a three-part name (its schema is then ``default``) and ``USE
    #: [SCHEMA | DATABASE] [c.]s`` the second.
    catalog_sessions: bool = False
    #: A view's unqualified names are resolved in the catalog and schema of the session that created it, which the
    #: view keeps (Trino's ``ConnectorViewDefinition`` holds the session's catalog and schema), whatever schema the
    #: view is in. Spark's ``catalog_sessions`` do the same.
    session_view_names: bool = False
    #: ``USE [catalog.]schema`` sets the schema, and the catalog (the first level of a three-part name) when named
    #: (Trino's and Presto's "Update the session to use the specified catalog and schema").
    use_schema: bool = False
    #: ``IDENTIFIER('db.t')`` reaches the resolver as a call (or a table named IDENTIFIER) and stands for the name
    #: its string spells.
    identifier_calls: bool = False
    #: DATABASE is another word for SCHEMA, the level below the catalog (Databricks' Unity Catalog).
    database_is_schema: bool = False
    #: No level stands above the database, which is the schema of a two-part name (MySQL's "database", a synonym of
    #: SCHEMA: ``db.t``): the log's ``database_name`` (the session's current database) is the session's schema, and
    #: ``USE db`` sets it.
    schema_databases: bool = False
    #: A new database has a schema ``PUBLIC`` (not one from a share, a replica or a backup).
    public_schema: bool = False
    #: The schema of a name whose schema is left out between two dots (Snowflake's ``db..t``: "The PUBLIC default
    #: schema is always referenced").
    omitted_schema: str | None = None
    #: The schema of an unqualified name the catalog lacks on a line that gives its database and no schema: the
    #: first of the default search path a session starts with (PostgreSQL's and Redshift's ``"$user", public``; a
    #: schema named as the user is not known here). A name the catalog holds once is still found in any schema.
    default_schema: str | None = None
    #: The schema a temporary table lives in, apart from every dataset (BigQuery's ``_SESSION``, recorded as
    #: ``_session`` however written): an unqualified name finds a temporary table there first; a qualified one
    #: names the dataset's table.
    temporary_schema: str | None = None
    #: A temporary table made by a script's child outside a session is its script's: the statements of the lines of
    #: the same ``parent_query_id`` find it, no other (BigQuery: "a temporary table ... exists for the duration of the
    #: multi-statement query", whose statements are its child jobs; in a session, "temporary tables ... exist at the
    #: session level"); a line of several statements and neither is a script of its own. A temporary table is
    #: in ``_session`` (:attr:`temporary_schema`), marked :attr:`.CatalogObject.temporary`: a dataset of that name
    #: in another dialect is a dataset. A line of one statement and neither finds those of the lines of neither.
    script_temporary_tables: bool = False
    #: A temporary table or view (``CREATE TEMPORARY TABLE t``) is in the schema it names, and its session's own: that
    #: session's names find it before the permanent object of its name, which it hides and never replaces; other
    #: sessions' names find the permanent one (Snowflake: "the temporary table takes precedence over any other table
    #: with the same name in the same schema"; MySQL: "the temporary table hides the nontemporary table").
    temporary_tables_shadow: bool = False
    #: A table created under a name beginning with ``#`` is a temporary one, of :attr:`temporary_schema` (Redshift: "If
    #: you specify a table name that begins with '# ', the table is created as a temporary table").
    hash_names_temporary: bool = False
    #: A derived table in FROM sees the FROM items before it for a path of nested data (Redshift's documented ``FROM
    #: spectrum.customers c, (SELECT count(*) AS count FROM c.orders o) s``): ``c.orders`` is the column, no table.
    lateral_paths: bool = False
    #: A local temporary view lives in no schema but the session (Spark's ``CREATE TEMPORARY VIEW v``, ``CACHE TABLE
    #: v AS query``), named ``system.session.v`` as Spark qualifies it (SPARK-54808): an unqualified name finds it
    #: before the session schema's table of that name, which it never replaces; a qualified name finds the table.
    session_views: bool = False
    #: A schema name that stands for the session's own schema (Delta Live Tables' ``LIVE.t``).
    session_schema_alias: str | None = None
    #: The names of objects (datasets, tables, views, routines, models) keep their case as written, quoted or not:
    #: BigQuery's "Dataset names are case-sensitive" and "mytable and MyTable can coexist in the same dataset".
    #: Column names, aliases and CTE names are folded all the same.
    case_sensitive_objects: bool = False
    #: Every name keeps its case, quoted or not, objects' and columns' alike (Druid's "identifiers ... are
    #: case-sensitive", where sqlglot folds them to lower case).
    case_sensitive_names: bool = False
    #: With :attr:`case_sensitive_objects`: names are kept as written but found in any case (SQL Server's default,
    #: case-insensitive collation: ``dbo.FactSale`` and ``dbo.factsale`` are one table). An object neither the
    #: catalog nor the log's DDL made is then named in lower case, whole, so that every spelling of it is one object.
    case_insensitive_objects: bool = False
    #: A column keeps the case its definition gives it (``CREATE TABLE t (UserId ...)``, ``ADD COLUMN``, ``RENAME
    #: COLUMN ... TO``), though it is found in any case: BigQuery's columns "are returned in the case which they
    #: were defined in".
    defined_column_case: bool = False
    #: With :attr:`defined_column_case`: a column named in a select list is named as written there (BigQuery's "SELECT
    #: COL1 ... returns COL1"); without it, as its table defined it (DuckDB's ``SELECT cosineofpi FROM t`` returns
    #: ``CosineOfPi``).
    selected_as_written: bool = True
    #: A path in one pair of quotes is several parts (BigQuery's `` `p.dataset.t` ``: no name holds a dot).
    quoted_paths: bool = False
    #: A table name's ``$`` suffix is a partition decorator (BigQuery's ``t$20240101``), not part of the name.
    partition_decorators: bool = False
    #: A table name ending in ``*`` is a wildcard table (BigQuery's `` `ds.events_*` ``): the union of the
    #: dataset's tables whose names start with what precedes the ``*``.
    wildcard_tables: bool = False
    #: A FROM item that is a path starting with the alias of a FROM item in scope, its own query's or an enclosing
    #: one's (``JOIN t.arr AS x ON TRUE``, ``(SELECT ... FROM t.arr AS e)``), is an array column flattened, as
    #: ``UNNEST(t.arr)`` (BigQuery's "implicit UNNEST", Redshift's PartiQL navigation over a SUPER column).
    implicit_unnest: bool = False
    #: Column names no table has (BigQuery's wildcard-table suffix, ingestion-time partition columns and change
    #: history columns, an external table's _FILE_NAME; PostgreSQL's system columns; Spark's file metadata, change
    #: data feed and Iceberg metadata columns).
    pseudo_columns: frozenset[str] = frozenset()
    #: Functions (upper-cased) whose argument at the given place is a keyword that sqlglot reads as a column (T-SQL's
    #: ``DATE_BUCKET(week, 1, d)``: its date part, "cannot be a user-defined variable").
    keyword_arguments: tuple[tuple[str, int], ...] = ()
    #: A derived table in FROM sees the FROM items before it without LATERAL (DuckDB's: "LATERAL ... is implied"
    #: where its subquery refers to them).
    implicit_lateral: bool = False
    #: An unqualified name two FROM items have is the left one's, no ambiguity error (ClickHouse's
    #: ``single_join_prefer_left_table``): a column named by one of them elsewhere says nothing of the other.
    left_names_first: bool = False
    #: A column qualified by its table's catalog and name, without the schema (DuckDB's ``memory.t.c``, of any
    #: schema's t that is the only t of that catalog in the FROM clause).
    catalog_table_columns: bool = False
    #: A WITH's CTE may read one written after it, without RECURSIVE (SQLite's): each sees all the others.
    forward_ctes: bool = False
    #: A CTE is recursive only under ``WITH RECURSIVE``: without the keyword, a CTE whose UNION names itself reads the
    #: table its name shadows (PostgreSQL: "without RECURSIVE, a WITH query cannot refer to itself"; MySQL, MariaDB,
    #: DuckDB, Spark, BigQuery, Trino, ClickHouse alike). Snowflake, SQLite, T-SQL and Oracle take it as recursive.
    recursive_keyword: bool = False
    #: A comma joins as a CROSS JOIN does, left to right (SQLite's): ``FROM a, b NATURAL JOIN c`` joins c to a and b.
    commas_join_in_order: bool = False
    #: A table's name or alias used as a value is its whole row (``TO_JSON_STRING(t)``, ``row_to_json(t)``).
    whole_rows: bool = False
    #: A FROM item's name is its row before it is a column of a table of unknown columns beside it (BigQuery's
    #: "range variables always take precedence"; PostgreSQL matches "simple names ... to column names before
    #: table names").
    range_variables_first: bool = False
    #: A statement reads a table's columns only by their names or through a ``*`` (no whole rows, no position a
    #: later column could answer): a resolution cached before a column was added still holds.
    names_only: bool = False
    #: An unaliased output column is named as PostgreSQL names it (``a::text`` is ``a``, ``upper(b)`` ``upper``).
    figured_names: bool = False
    #: An unaliased ``CAST(column AS type)`` is named by the column (Spark's analyzer aliases a cast of a named
    #: expression by that expression's name), not by the cast's text.
    cast_names: bool = False
    #: An unaliased output column is named by the expression as DuckDB prints it back (``i + 1`` is ``(i + 1)``,
    #: ``count(*)`` is ``count_star()``: :func:`.analysis.duckdb_name`).
    printed_names: bool = False
    #: An unaliased output column that is no column is named by its place in the select list, from 0 (Hive's
    #: ``SELECT key, key + 1`` makes ``key`` and ``_c1``).
    positional_names: bool = False
    #: Prefixes of the system catalogs an unqualified name finds through ``pg_catalog`` before the search path
    #: (a schema ``pg_catalog`` is then the system's too).
    system_prefixes: tuple[str, ...] = ()
    #: Names of system catalog views an unqualified (or ``dbo.`` / ``sys.``) name finds unless the catalog has a table
    #: so named (T-SQL's compatibility views: ``sysobjects``, ``master..sysdatabases``), lower case.
    system_views: frozenset[str] = frozenset()
    #: The system catalog's views are read only: a name a statement writes is a table, whatever it starts with
    #: (Oracle's data dictionary: an ``INSERT INTO user_accounts`` writes the application's table).
    system_views_read_only: bool = False
    #: An unqualified name the session's schema lacks is a public synonym's, if one is so named (Oracle's ``CREATE
    #: PUBLIC SYNONYM s FOR t``: a synonym of the schema ``PUBLIC``).
    public_synonyms: bool = False
    #: The catalog of the engine's own metadata tables (Trino's ``system``: ``system.runtime.queries``,
    #: ``system.metadata.table_comments``, ``system.jdbc.tables``), ignored as an information schema is.
    system_catalog: str | None = None
    #: Calls that stand for another server's or data source's rows (T-SQL's ``OPENQUERY(server, 'query')``), lower
    #: case: a write through one writes a table the statement does not name.
    remote_rowsets: frozenset[str] = frozenset()
    #: Schemas of the engine's own catalog views, in every database, ignored as an information schema is (T-SQL's
    #: ``sys``: ``sys.tables``, ``sys.columns``, ``sys.dm_pdw_exec_requests``; Fabric's ``queryinsights``, its query
    #: history, as Snowflake's ACCOUNT_USAGE is), lower case.
    system_schemas: frozenset[str] = frozenset()
    #: When given, a call qualified by a dataset (``ds.f(x)``, ``p.ds.f(x)``) is a user-defined function, recorded as
    #: one when the catalog does not hold it, unless it is qualified by one of these namespaces of built-in functions
    #: (BigQuery's own functions are unqualified but for ``NET.``, ``SAFE.`` ...).
    builtin_namespaces: frozenset[str] | None = None
    #: Namespaces of built-in system procedures (BigQuery's ``CALL BQ.REFRESH_MATERIALIZED_VIEW('p.d.mv')``), upper
    #: case: no object of the account, so a CALL of one reads nothing, as one of Snowflake's ``SYSTEM$`` functions.
    system_procedures: frozenset[str] = frozenset()
    #: Prefixes of the names of built-in system procedures, lower case (T-SQL's ``sp_``, ``xp_``: "system stored
    #: procedures" of ``master``, looked up there first).
    system_procedure_prefixes: tuple[str, ...] = ()
    #: Names of a dataset's metadata tables, ignored as an information schema is (BigQuery's ``ds.__TABLES__``,
    #: ``__TABLES_SUMMARY__``: the dataset's tables and their sizes, no table's data), lower case.
    metadata_tables: frozenset[str] = frozenset()
    #: ``RENAME TO <one part>`` leaves an object in its schema (instead of qualifying the name by the session).
    rename_in_place: bool = False
    #: A FROM item that calls a view by its name (``pv(p = 1)``, ``db.pv(...)``) reads the view, its arguments bound to
    #: the view's parameters (ClickHouse's parameterized views, ``CREATE VIEW pv AS ... WHERE c = {p:UInt32}``).
    parameterized_views: bool = False
    #: The right side of IN may be a table's name (ClickHouse's ``x IN t``, ``x IN (t)``: "the name of a database
    #: table"): read as ``x IN (SELECT * FROM t)`` when the catalog (or a CTE) has that table.
    in_tables: bool = False
    #: ``dictGet('db.d', 'attr', key)`` and its family read the dictionary named by their first argument (a string):
    #: its attributes named by the second (ClickHouse's dictionaries, read as views of their source).
    dictionary_functions: bool = False
    #: A column's name may hold dots (ClickHouse's Nested columns, stored flat as ``n.key``, ``n.value``; Debezium's
    #: ``after.id``): ``a.b`` where ``a`` names no FROM item with a column ``b`` is the column ``a.b``, in a select
    #: list, where it is named so, and in an insert's column list.
    dotted_columns: bool = False
    #: A user-defined function is the server's, in no database (ClickHouse's SQL UDFs: ``CREATE FUNCTION f AS (x) ->
    #: ...``, which ``system.functions`` lists with no database): created, called and dropped by its one-part name from
    #: a session in any database.
    global_functions: bool = False
    #: A select-list alias is found before a column of the same name of the FROM clause's tables, in every clause
    #: (ClickHouse's default, ``prefer_column_name_to_alias = 0``: ``SELECT b AS a FROM t WHERE a > 1`` filters on b).
    aliases_first: bool = False
    #: A write into a view writes the one table the view selects from (ClickHouse's Distributed table and a materialized
    #: view's ``TO`` table, read as views: neither stores rows of its own, and an insert into them lands in that table).
    writes_through_views: bool = False
    #: An insert into a table also writes what the materialized views over it write: each ``CREATE MATERIALIZED VIEW
    #: mv TO t AS SELECT ... FROM table`` runs its query over the inserted rows and writes ``t`` (ClickHouse's
    #: materialized views are insert triggers), the lineage running from the insert's sources through the view's query.
    insert_triggers: bool = False
    #: The first words of a column's clauses that make it invisible: left out of ``*`` and of an insert's implicit
    #: column list (MySQL's and Oracle's ``INVISIBLE``; ClickHouse's ``ALIAS`` and ``MATERIALIZED`` columns, computed
    #: from the others, and ``EPHEMERAL`` ones, never stored: "not substituted when using an asterisk").
    invisible_columns: frozenset[str] = frozenset()
    #: A computed column not persisted is computed from its table's other columns each time it is read, and a read of
    #: it reads them (ClickHouse's ``ALIAS``; MySQL's ``VIRTUAL`` generated columns, "evaluated when rows are read";
    #: T-SQL's computed columns not ``PERSISTED``). Elsewhere sqlglot reads stored ones the same way (PostgreSQL's
    #: ``STORED``, Delta's generated columns) and Snowflake's external table's columns are expressions of its VALUE.
    computed_columns_read: bool = False
    #: Methods a value's type has, called on a column or a subquery's value (T-SQL's xml ``c.value('path', 'type')``,
    #: ``(SELECT ... FOR XML PATH(''), TYPE).value(...)``, hierarchyid's and the spatial types'), upper case: the call
    #: reads its receiver and arguments, where a name before a function is otherwise its schema (``dbo.f(x)``). Any
    #: call on a column or a FROM item of the scope is such a method when the dialect has methods, ``{"*"}`` standing
    #: for none by name (DuckDB's function chaining, ``c.lower()``).
    column_methods: frozenset[str] = frozenset()
    #: An UPDATE, DELETE or INSERT may name a CTE of its WITH as its target, and writes the table the CTE selects from
    #: (T-SQL: a CTE is updatable as a view is, "the modifications must reference columns from only one base table":
    #: ``WITH d AS (SELECT ..., ROW_NUMBER() OVER (...) AS rn FROM t) DELETE FROM d WHERE rn > 1``; Oracle's DML
    #: through an inline view, ``UPDATE (SELECT ...) SET ...``, read so: :func:`.rewrites._inline_view_targets_named`).
    updatable_ctes: bool = False
    #: A single-table UPDATE's assignments run left to right, each seeing the columns the ones before it set (MySQL:
    #: "Single-table UPDATE assignments are generally evaluated from left to right", ``SET col1 = col1 + 1, col2 =
    #: col1`` sets col2 to the updated col1); elsewhere every right side reads the row as it was.
    updates_left_to_right: bool = False
    #: An UPDATE, DELETE or INSERT may name a simple view as its target (one table's columns as they are, a filter
    #: allowed), and writes the table the view selects from (PostgreSQL: "Simple views are automatically updatable ...
    #: converted into corresponding statements on the underlying base relation"; MySQL's, SQL Server's and Oracle's
    #: updatable views alike): :func:`.dml._through_view` (a MERGE's target: :meth:`.resolution.Resolution.target`).
    updatable_views: bool = False
    #: An updatable view may join tables: a write through it lands in the one table whose columns it writes (SQL
    #: Server: "any modifications ... must reference columns from only one base table"; MySQL's and Oracle's alike;
    #: PostgreSQL's "must have exactly one entry in its FROM list"): :func:`.dml._through_view`.
    updatable_joined_views: bool = False
    #: An insert without a column list skips the columns whose values the engine generates (:attr:`.Column.generated`;
    #: T-SQL: "INSERT statements do not specify values for" identity and computed columns, nor a ``rowversion``);
    #: elsewhere it lists them (MySQL's and PostgreSQL's take DEFAULT).
    generated_columns_skipped: bool = False
    #: A view is bound to the tables it reads, not to their names: renamed or moved to another schema, a table is
    #: still the one the view reads, and a renamed column still the view's column (PostgreSQL: a view "references
    #: the table by OID", its columns by number; Redshift's views but the late-binding ones).
    views_follow_renames: bool = False
    #: ``CREATE MATERIALIZED VIEW`` runs its query and stores the rows, so the view is written (PostgreSQL's "similar
    #: to CREATE TABLE AS", Redshift's, Databricks' initial refresh); Trino's waits for a REFRESH, Snowflake's and
    #: BigQuery's are kept up to date by the warehouse, apart from any statement.
    filled_materialized_views: bool = False
    #: A sequence is a relation of one row a query may read (PostgreSQL's ``SELECT last_value FROM s``): the use of a
    #: sequence, no table.
    sequence_relations: bool = False
    #: ``CREATE TABLE t (a INT, ...) SELECT ...`` makes the listed columns and then one for each of the query's columns
    #: not among them, each filled from the query's column of its name (MySQL's "creates new columns for all elements
    #: in the SELECT", "appended to the right side of the table, not overlapped onto it"); elsewhere the list names
    #: the query's columns by place.
    listed_columns_then_query: bool = False
    #: ``SELECT ... INTO [:]v`` sets variables: the dialect has no SELECT INTO a table (Snowflake Scripting's).
    select_into_variables: bool = False
    #: ``$n`` is the n-th column of the query's only source (Snowflake's positional columns); elsewhere it is a
    #: bind parameter (PostgreSQL's ``$1``, as pg_stat_statements writes every constant), which reads nothing.
    positional_columns: bool = False
    #: A file a statement reads or writes by its path names a file on the database server (PostgreSQL's ``COPY t FROM
    #: '/path'``, "an absolute path name"; MySQL's ``LOAD DATA INFILE`` and ``INTO OUTFILE``; SQL Server's ``BULK
    #: INSERT ... FROM 'C:\\...'``): recorded as a file URI, ``file:///path``, as CONTRACT writes a local file's
    #: location.
    server_files: bool = False
    #: ``DELETE t WHERE ...`` without FROM (Snowflake requires FROM).
    delete_without_from: bool = True
    #: sqlglot reads a comma in FROM as a CROSS join (the dialect's joins have equal precedence):
    #: :func:`.parsing.comma_joins` tells them apart.
    comma_joins_crossed: bool = False
    #: A ``[LEFT] SEMI`` or ``[LEFT] ANTI`` join's right side only filters the left's rows: its columns are read by
    #: the join's condition and are no columns of the query (Spark's "returns values from the left side of the
    #: relation", DuckDB's). ClickHouse's semi joins give the right side's columns too.
    filtering_semi_joins: bool = False
    #: A column mask or row filter is a SQL function (Databricks'): a policy named so is that function, whose id is
    #: the policy's.
    policies_are_functions: bool = False
    #: An unaliased ``col:path`` is named by the path's last key (Databricks' ``raw:owner`` is ``owner``,
    #: ``details:flow_progress.status`` ``status``).
    path_names: bool = False
    #: A generator gives the columns Spark names (``explode`` of an array ``col``, of a map ``key`` and ``value``;
    #: ``posexplode`` ``pos`` before them; ``stack`` ``col0``, ``col1`` ...; ``json_tuple`` ``c0``, ``c1`` ...), in a
    #: select list and in a ``LATERAL VIEW`` without column aliases.
    generator_columns: bool = False
    #: The names of a ``VALUES`` list's columns: a prefix, then the position counted from the number given (Snowflake's
    #: and PostgreSQL's ``COLUMN1`` / ``column1``, Spark's ``col1``, DuckDB's ``col0``, Trino's ``_col0``), in the
    #: dialect's case.
    values_columns: tuple[str, int] = ("column", 1)
    #: A ``VALUES`` row written as a row value, ``VALUES ROW ('a', 1), ROW ('b', 2)``, has a column per field
    #: (Trino's "(1, 'a')" is the row constructor ``ROW(1, 'a')`` by another spelling).
    row_values: bool = False
    #: ``COPY INTO t FROM (SELECT ...)`` loads the query's columns into the table's of the same names, unless it
    #: says ``BY POSITION`` (Databricks' "COPY INTO target_table [ BY POSITION | ( col_name [, ...] ) ]").
    copy_by_name: bool = False
    #: Files are read in place by name: a FROM item that no table has and that spells files (a path, a URL, a file
    #: name with a data format's extension, a glob: DuckDB's ``FROM 'data/*.parquet'``, its "replacement scans"), and
    #: the reader functions named here, each string of whose first argument is a file or a glob (``read_csv('a.csv')``,
    #: ``read_parquet(['a.parquet', 'b.parquet'])``).
    file_readers: frozenset[str] = frozenset()
    #: ``->`` is a JSON operator, never a lambda's arrow (PostgreSQL's ``items -> 'data'``, in a call's arguments too).
    arrows_are_json: bool = False
    #: The clauses that see a select-list alias, in a dialect without lateral column aliases (None: it has them, and
    #: the select list after an alias and every clause see it). Elsewhere a name an alias also has is a column of the
    #: FROM clause's, of a table of unknown columns too. PostgreSQL's "an output column's name can be used to refer
    #: to the column's value in ORDER BY and GROUP BY clauses, but not in the WHERE or HAVING clauses"; BigQuery's
    #: GROUP BY, HAVING, QUALIFY; MySQL's GROUP BY and HAVING; Trino's, T-SQL's and Oracle's ORDER BY only (ORDER BY
    #: is read apart). Snowflake, Redshift, Databricks and Spark 3.4 have lateral column aliases.
    alias_clauses: frozenset[str] | None = None
    #: Of :attr:`alias_clauses`, those where a select-list alias is found before a FROM clause's column of its name
    #: (BigQuery's GROUP BY: "those aliases override names in the corresponding FROM clause"; its HAVING, where the
    #: column would be neither grouped nor aggregated). Elsewhere the FROM clause's column is found first.
    aliases_override: frozenset[str] = frozenset()
    #: A table or view made from a query whose columns share a name numbers the later ones (DuckDB's ``ssn``,
    #: ``ssn_1``: :func:`.ddl.output_names`).
    numbered_duplicates: bool = False
    #: A table whose name starts with ``#`` is a temporary table (T-SQL's local ``#t``, global ``##t``), in the
    #: database ``tempdb`` whatever the session's database (SQL Server's "Temporary tables are stored in tempdb"),
    #: schema ``dbo``: recorded as ``tempdb.dbo.#t``, apart from any table ``t`` of the session's schema. A table
    #: variable (``DECLARE @t TABLE (...)``, stored in tempdb too) is ``tempdb.dbo.@t``: what is written into it and
    #: read from it keeps its lineage.
    hash_temporary_tables: bool = False

    @property
    def marks_temporary(self) -> bool:
        """Whether a ``CREATE TEMPORARY`` object is a session's own by a mark (:attr:`.CatalogObject.temporary`), its
        name saying nothing of it (:attr:`temporary_tables_shadow`, :attr:`script_temporary_tables`)."""
        return self.temporary_tables_shadow or self.script_temporary_tables


#: Trino's (and Presto's, Athena's) hidden columns of a connector's tables: the file a row came from, its partition.
_TRINO_HIDDEN = frozenset({"$PATH", "$FILE_SIZE", "$FILE_MODIFIED_TIME", "$PARTITION", "$PARTITION_DATE",
                           "$PARTITION_TIME", "$BUCKET", "$ROW_ID", "$PROPERTIES"})
#: ClickHouse's virtual columns: a MergeTree table's part, partition and row-mask columns, a file's or URL's
#: ``_path`` / ``_file``, a Distributed or Merge table's ``_shard_num`` / ``_table`` / ``_database``.
_CLICKHOUSE_VIRTUAL = frozenset({"_PART", "_PART_INDEX", "_PART_UUID", "_PART_OFFSET", "_PART_STARTING_OFFSET",
                                 "_PART_DATA_VERSION", "_PARTITION_ID", "_PARTITION_VALUE", "_SAMPLE_FACTOR",
                                 "_ROW_EXISTS", "_BLOCK_NUMBER", "_BLOCK_OFFSET", "_DISK_NAME", "_PATH", "_FILE",
                                 "_SIZE", "_TIME", "_ETAG", "_SHARD_NUM", "_TABLE", "_DATABASE"})
#: PostgreSQL's system columns, which every table has and none lists.
_SYSTEM_COLUMNS = frozenset({"CTID", "XMIN", "XMAX", "CMIN", "CMAX", "TABLEOID"})
#: SQL Server's compatibility views of its system tables, in every database (``sysobjects``, ``master..sysdatabases``,
#: ``master.dbo.syslogins``): its catalog views by their SQL Server 2000 names, read as ``sys``'s are; and
#: ``master..spt_values``, the system table queries use for a list of numbers.
_TSQL_COMPATIBILITY_VIEWS = frozenset({
    "sysaltfiles", "syscacheobjects", "syscharsets", "syscolumns", "syscomments", "sysconfigures", "sysconstraints",
    "syscurconfigs", "sysdatabases", "sysdepends", "sysdevices", "sysfilegroups", "sysfiles", "sysforeignkeys",
    "sysfulltextcatalogs", "sysindexes", "sysindexkeys", "syslanguages", "syslockinfo", "syslogins", "sysmembers",
    "sysmessages", "sysobjects", "sysoledbusers", "sysopentapes", "sysperfinfo", "syspermissions", "sysprocesses",
    "sysprotects", "sysreferences", "sysremotelogins", "sysservers", "systypes", "sysusers", "spt_values"})
#: T-SQL's methods of its xml, hierarchyid, geometry and geography types.
_TSQL_METHODS = frozenset({
    "VALUE", "QUERY", "EXIST", "NODES", "MODIFY", "GETANCESTOR", "GETDESCENDANT", "GETLEVEL", "GETREPARENTEDVALUE",
    "ISDESCENDANTOF", "TOSTRING", "STASTEXT", "STASBINARY", "STBUFFER", "STCONTAINS", "STDISTANCE", "STEQUALS",
    "STINTERSECTS", "STWITHIN", "STAREA", "STLENGTH", "STX", "STY", "STSRID", "STISVALID", "MAKEVALID"})
#: Oracle's machine learning scoring functions ("Data Mining Functions"), which score a model on a row's attributes.
MINING_FUNCTIONS = frozenset({
    "PREDICTION", "PREDICTION_BOUNDS", "PREDICTION_COST", "PREDICTION_DETAILS", "PREDICTION_PROBABILITY",
    "PREDICTION_SET", "CLUSTER_DETAILS", "CLUSTER_DISTANCE", "CLUSTER_ID", "CLUSTER_PROBABILITY", "CLUSTER_SET",
    "FEATURE_COMPARE", "FEATURE_DETAILS", "FEATURE_ID", "FEATURE_SET", "FEATURE_VALUE",
    "ORA_DM_PARTITION_NAME"})  # (a partitioned model's partition that scores the row)
#: Oracle's dictionary views found by public synonyms of names without a prefix ("Static Data Dictionary Views":
#: DICT, TAB, COLS, CAT, the NLS_ and ROLE_ views, DATABASE_PROPERTIES ...) and Oracle Text's (CTX_PARAMETERS ...).
_ORACLE_DICTIONARY_VIEWS = frozenset({
    "dictionary", "dict", "dict_columns", "tab", "tabs", "cols", "cat", "clu", "ind", "obj", "seq", "syn",
    "publicsyn", "tabquotas", "sysfiles", "database_properties", "global_name", "nls_database_parameters",
    "nls_instance_parameters", "nls_session_parameters", "product_component_version", "role_role_privs",
    "role_sys_privs", "role_tab_privs", "session_privs", "session_roles", "session_schema_privs", "table_privileges",
    "column_privileges", "unified_audit_trail", "unified_audit_policies", "audit_unified_policies",
    "audit_unified_enabled_policies",
    "resource_cost", "ctx_parameters", "ctx_preferences", "ctx_classes", "ctx_objects", "ctx_object_attributes",
    "ctx_stoplists", "ctx_sections", "ctx_section_groups", "ctx_thesauri", "ctx_index_sets"})
#: Oracle's XMLType methods (``XMLAGG(...).EXTRACT('//text()')``, ``t.doc.getClobVal()``: "XMLType Methods").
_ORACLE_METHODS = frozenset({
    "EXTRACT", "EXTRACTVALUE", "EXISTSNODE", "GETCLOBVAL", "GETSTRINGVAL", "GETNUMBERVAL", "GETBLOBVAL",
    "GETROOTELEMENT", "GETNAMESPACE", "GETSCHEMAURL", "ISFRAGMENT", "ISSCHEMABASED", "ISSCHEMAVALID", "TRANSFORM",
    "TOOBJECT", "SCHEMAVALIDATE", "CREATESCHEMABASEDXML", "CREATENONSCHEMABASEDXML"})
#: Oracle's pseudo-columns ("behaves like a table column, but is not actually stored in the table"): a row's address
#: and change number, a query's row number and hierarchy level, a flashback version query's, a sequence's values
#: (``seq.NEXTVAL``), an object table's; and USER, the session's user, and the time zones, written without parentheses.
_ORACLE_PSEUDO_COLUMNS = frozenset({
    "ROWID", "ROWNUM", "ORA_ROWSCN", "LEVEL", "CONNECT_BY_ISLEAF", "CONNECT_BY_ISCYCLE", "NEXTVAL", "CURRVAL",
    "VERSIONS_STARTSCN", "VERSIONS_STARTTIME", "VERSIONS_ENDSCN", "VERSIONS_ENDTIME", "VERSIONS_XID",
    "VERSIONS_OPERATION", "COLUMN_VALUE", "OBJECT_VALUE", "ORA_ROWVERSION", "USER", "UID", "SESSIONTIMEZONE",
    "DBTIMEZONE"})
#: Exasol's pseudo-columns (a row's number and address, a hierarchical query's level and leaf and cycle flags) and
#: the functions it calls without parentheses (the session's and statement's numbers, the date and time, the time
#: zones), which sqlglot reads as columns.
_EXASOL_PSEUDO_COLUMNS = frozenset({"ROWNUM", "ROWID", "LEVEL", "CONNECT_BY_ISLEAF", "CONNECT_BY_ISCYCLE",
                                    "CURRENT_SESSION", "CURRENT_STATEMENT", "SYSDATE", "LOCALTIMESTAMP",
                                    "DBTIMEZONE", "SESSIONTIMEZONE"})
_POSTGRES = dict(alias_clauses=frozenset({"group"}), whole_rows=True, figured_names=True, rename_in_place=True,
                 arrows_are_json=True,
                 views_follow_renames=True, temporary_schema="pg_temp", filled_materialized_views=True,
                 default_schema="public", recursive_keyword=True)
#: Where a local temporary view lives when the dialect's rules have ``session_views``: Spark's qualified name for it
#: (each session's own: :data:`.catalog.SESSION_VIEWS`).
SESSION_VIEWS = catalog.SESSION_VIEWS
#: Where a temporary table lives when the dialect's rules have ``hash_temporary_tables``: T-SQL's ``tempdb.dbo``.
TEMPORARY_TABLES = ("tempdb", "dbo")
#: MySQL's rules, SingleStore's too (below).
_MYSQL = dict(alias_clauses=frozenset({"group", "having"}), database_is_schema=True, schema_databases=True,
              recursive_keyword=True, server_files=True,
              # functions MySQL calls without parentheses too
              pseudo_columns=frozenset({"UTC_DATE", "UTC_TIME", "UTC_TIMESTAMP", "LOCALTIME", "LOCALTIMESTAMP"}),
              select_into_variables=True, listed_columns_then_query=True, computed_columns_read=True,
              invisible_columns=frozenset({"INVISIBLE"}), temporary_tables_shadow=True,
              updatable_views=True, updatable_joined_views=True, updates_left_to_right=True)
_SPARK = dict(catalog_sessions=True, session_views=True, identifier_calls=True, comma_joins_crossed=True,
              cast_names=True, filtering_semi_joins=True, generator_columns=True, values_columns=("col", 1),
              recursive_keyword=True,
              # a qualified call is a function of a schema (``s.f(x)``, Unity Catalog's ``c.s.f(x)``), but for
              # ``system.builtin.f`` and ``system.session.f`` (the built-in and temporary functions' own namespace)
              builtin_namespaces=frozenset({"SYSTEM", "BUILTIN", "SESSION"}),
              # a file's metadata column; the change data feed's columns (table_changes); Iceberg's metadata columns
              # and its changelog's; Hudi's record metadata columns; Hive's grouping id of GROUPING SETS, CUBE and
              # ROLLUP, which Spark keeps (grouping__id)
              pseudo_columns=frozenset({"GROUPING__ID", "_METADATA", "_CHANGE_TYPE", "_COMMIT_VERSION",
                                        "_COMMIT_TIMESTAMP", "_FILE", "_POS", "_SPEC_ID", "_PARTITION", "_DELETED",
                                        "_CHANGE_ORDINAL", "_COMMIT_SNAPSHOT_ID", "_HOODIE_COMMIT_TIME",
                                        "_HOODIE_COMMIT_SEQNO", "_HOODIE_RECORD_KEY", "_HOODIE_PARTITION_PATH",
                                        "_HOODIE_FILE_NAME"}))

#: The views DuckDB keeps for PostgreSQL's clients (its pg_catalog), found by an unqualified name too, lower case.
_DUCKDB_PG_CATALOG = frozenset({
    "pg_am", "pg_attrdef", "pg_attribute", "pg_class", "pg_constraint", "pg_database", "pg_depend", "pg_description",
    "pg_enum", "pg_index", "pg_indexes", "pg_namespace", "pg_prepared_statements", "pg_proc", "pg_sequence",
    "pg_sequences", "pg_settings", "pg_tables", "pg_tablespace", "pg_type", "pg_views"})

RULES: dict[str, DialectRules] = {
    "snowflake": DialectRules(public_schema=True, omitted_schema="PUBLIC", names_only=True, delete_without_from=False,
                              positional_columns=True, select_into_variables=True, temporary_tables_shadow=True,
                              builtin_namespaces=frozenset({"SNOWFLAKE"}),
                              pseudo_columns=frozenset({"NEXTVAL"})),  # seq.NEXTVAL: a sequence's next value
    "bigquery": DialectRules(case_sensitive_objects=True, defined_column_case=True, quoted_paths=True,
                             recursive_keyword=True, comma_joins_crossed=True, temporary_schema="_session",
                             script_temporary_tables=True, partition_decorators=True,
                             wildcard_tables=True, implicit_unnest=True, whole_rows=True, range_variables_first=True,
                             rename_in_place=True, metadata_tables=frozenset({"__tables__", "__tables_summary__"}),
                             system_procedures=frozenset({"BQ"}),
                             alias_clauses=frozenset({"group", "having", "qualify"}),
                             aliases_override=frozenset({"group", "having"}),
                             builtin_namespaces=frozenset({"SAFE", "NET", "KEYS", "AEAD", "HLL_COUNT", "KLL_QUANTILES",
                                                           "ML", "AI", "OBJ", "VECTOR_INDEX"}),
                             pseudo_columns=frozenset({"_TABLE_SUFFIX", "_PARTITIONTIME", "_PARTITIONDATE",
                                                       "_CHANGE_TYPE", "_CHANGE_TIMESTAMP", "_FILE_NAME"})),
    "postgres": DialectRules(**_POSTGRES, system_prefixes=("pg_",), server_files=True,
                             pseudo_columns=_SYSTEM_COLUMNS, sequence_relations=True, updatable_views=True),
    # The streaming databases that speak PostgreSQL's SQL, whose materialized views are filled as they are created
    # and kept up to date: Materialize's catalog (mz_catalog, mz_internal, mz_introspection: mz_* relations, found
    # unqualified), RisingWave's (rw_catalog: rw_* relations); both keep pg_catalog's too
    "materialize": DialectRules(**_POSTGRES, system_prefixes=("pg_", "mz_"),
                                system_schemas=frozenset({"mz_catalog", "mz_internal", "mz_introspection"}),
                                pseudo_columns=_SYSTEM_COLUMNS),
    "risingwave": DialectRules(**_POSTGRES, system_prefixes=("pg_", "rw_"), system_schemas=frozenset({"rw_catalog"}),
                               pseudo_columns=_SYSTEM_COLUMNS),
    # Druid: a datasource's __time is the time column it is partitioned by, written and read as any other
    "druid": DialectRules(case_sensitive_names=True),
    # (Redshift's tables have hidden columns of their own: the transactions that inserted and deleted a row)
    "redshift": DialectRules(**(_POSTGRES | {"alias_clauses": None}), implicit_unnest=True, hash_names_temporary=True,
                             lateral_paths=True,
                             # (and Spectrum's of an external table's files: "$path", "$size", "$spectrum_oid")
                             pseudo_columns=_SYSTEM_COLUMNS | {"INSERTXID", "DELETEXID", "$PATH", "$SIZE",
                                                               "$SPECTRUM_OID"},
                             system_prefixes=("pg_", "stl_", "stll_", "stv_", "svl_", "svv_", "svcs_", "stcs_", "sys_")),
    "databricks": DialectRules(**_SPARK, database_is_schema=True, session_schema_alias="live", rename_in_place=True,
                               filled_materialized_views=True, policies_are_functions=True, path_names=True,
                               copy_by_name=True, defined_column_case=True),
    "spark": DialectRules(**_SPARK, rename_in_place=True, path_names=True, defined_column_case=True),
    "spark2": DialectRules(**_SPARK, defined_column_case=True),
    # (Hive resolves a WITH's names in a map of all its CTEs: one may read a CTE written after it, cte_1.q's "chaining")
    "hive": DialectRules(**(_SPARK | {"cast_names": False}), positional_names=True, forward_ctes=True),
    # (Trino's RENAME TO of one part keeps the catalog and schema: trino#11281, views since trino#29911)
    "trino": DialectRules(use_schema=True, session_view_names=True, pseudo_columns=_TRINO_HIDDEN,
                          system_catalog="system", values_columns=("_col", 0), row_values=True,
                          alias_clauses=frozenset(), rename_in_place=True, recursive_keyword=True),
    "presto": DialectRules(use_schema=True, session_view_names=True, pseudo_columns=_TRINO_HIDDEN,
                           system_catalog="system", values_columns=("_col", 0), row_values=True,
                           alias_clauses=frozenset(), recursive_keyword=True),
    # Athena: "The use of DATABASE and SCHEMA is interchangeable", and its names hold letters, digits and
    # underscores only, so a backquoted `db.t` (its DDL's) is two parts
    "athena": DialectRules(use_schema=True, pseudo_columns=_TRINO_HIDDEN, values_columns=("_col", 0),
                           database_is_schema=True, quoted_paths=True, row_values=True, alias_clauses=frozenset(),
                           recursive_keyword=True),
    # (DuckDB's function chaining, c.lower(): any function is a method of a column the scope has)
    "duckdb": DialectRules(filtering_semi_joins=True, values_columns=("col", 0), whole_rows=True,
                           numbered_duplicates=True, printed_names=True, column_methods=frozenset({"*"}),
                           temporary_tables_shadow=True, default_schema="main", implicit_lateral=True,
                           catalog_table_columns=True, rename_in_place=True, recursive_keyword=True,
                           # names keep the case they were created with, found in any case ("MyTaBLe")
                           case_sensitive_objects=True, case_insensitive_objects=True, defined_column_case=True,
                           selected_as_written=False,
                           # a table's row id, and MERGE ... RETURNING merge_action's action of each row
                           pseudo_columns=frozenset({"ROWID", "MERGE_ACTION"}),
                           # its own catalog's views and functions (duckdb_tables(), duckdb_types ...), and those
                           # it keeps for PostgreSQL's and SQLite's clients (pg_class, pg_description, sqlite_master):
                           # no data
                           # (and the pragma_ views of PRAGMA's tables: pragma_database_list, pragma_table_info)
                           system_prefixes=("duckdb_", "sqlite_", "pragma_"), system_views=_DUCKDB_PG_CATALOG,
                           file_readers=frozenset({
        "read_csv", "read_csv_auto", "read_parquet", "parquet_scan", "read_json", "read_json_auto", "read_ndjson",
        "read_ndjson_auto", "read_json_objects", "read_ndjson_objects", "read_text", "read_blob", "read_xlsx",
        "delta_scan", "iceberg_scan", "sniff_csv", "parquet_metadata", "parquet_schema", "parquet_file_metadata",
        "sqlite_scan"})),  # (a SQLite database's file, one of its tables read)
    # ClickHouse: a database is the one level above a table (`db.t`); "Identifiers are case-sensitive"; the
    # `system` database holds the server's own tables (its query_log, tables, parts), as an information schema
    "clickhouse": DialectRules(comma_joins_crossed=True, left_names_first=True, database_is_schema=True,
                               schema_databases=True, recursive_keyword=True,
                               case_sensitive_objects=True, defined_column_case=True, aliases_first=True,
                               writes_through_views=True, insert_triggers=True,
                               invisible_columns=frozenset({"ALIAS", "MATERIALIZED", "EPHEMERAL"}),
                               computed_columns_read=True, dotted_columns=True, global_functions=True,
                               parameterized_views=True, in_tables=True, dictionary_functions=True,
                               system_schemas=frozenset({"system"}), pseudo_columns=_CLICKHOUSE_VIRTUAL,
                               # the table functions that read files or objects in place (a URL, a bucket's glob)
                               file_readers=frozenset({"file", "url", "s3", "s3cluster", "gcs", "hdfs", "hdfscluster",
                                                       "azureblobstorage", "azureblobstoragecluster", "deltalake",
                                                       "iceberg", "icebergs3", "hudi", "urlcluster",
                                                       "icebergs3cluster", "deltalakecluster", "hudicluster"})),
    # SQLite's own tables (sqlite_master / sqlite_schema, sqlite_sequence, sqlite_stat1): its catalog, no data
    "sqlite": DialectRules(comma_joins_crossed=True, system_prefixes=("sqlite_",), forward_ctes=True,
                           commas_join_in_order=True, rename_in_place=True,
                           case_sensitive_objects=True, case_insensitive_objects=True, defined_column_case=True,
                           # "the ROWID can be accessed using one of the special case-independent names "ROWID",
                           # "OID", or "_ROWID_"", unless a column of that name hides it
                           pseudo_columns=frozenset({"ROWID", "OID", "_ROWID_"}),
                           metadata_tables=frozenset({"sqlite_master", "sqlite_schema", "sqlite_temp_master",
                                                      "sqlite_temp_schema", "sqlite_sequence", "sqlite_stat1",
                                                      "sqlite_stat4"})),
    # MySQL: "SELECT ... INTO enables a query result to be stored in variables or written to a file" (no table);
    # SingleStore speaks MySQL's SQL ("MySQL wire-protocol compatible"), its databases MySQL's
    "mysql": DialectRules(**_MYSQL),
    "singlestore": DialectRules(**_MYSQL),
    # Exasol's system tables: SYS's (EXA_ALL_TABLES, EXA_DBA_SESSIONS ...), which any schema finds unqualified, its
    # internal ones ("$EXA_INDICES") and EXA_STATISTICS' (its audit and usage statistics): its catalog, no data
    # (read only: a write to an EXA_ name is a user table's)
    "exasol": DialectRules(system_schemas=frozenset({"sys", "exa_statistics"}), system_prefixes=("exa_", "$exa_"),
                           system_views_read_only=True, pseudo_columns=_EXASOL_PSEUDO_COLUMNS),
    # T-SQL's db..t: "the default schema", dbo unless the user has another
    "tsql": DialectRules(alias_clauses=frozenset(), hash_temporary_tables=True, omitted_schema="dbo",
                         server_files=True,
                         case_sensitive_objects=True, case_insensitive_objects=True, defined_column_case=True,
                         system_procedures=frozenset({"SYS"}),
                         system_procedure_prefixes=("sp_", "xp_"), file_readers=frozenset({"openrowset"}),
                         system_schemas=frozenset({"sys", "queryinsights"}), rename_in_place=True,
                         remote_rowsets=frozenset({"openquery", "openrowset", "opendatasource"}),
                         computed_columns_read=True, generated_columns_skipped=True,
                         system_views=_TSQL_COMPATIBILITY_VIEWS, updatable_ctes=True, updatable_views=True,
                         updatable_joined_views=True,
                         column_methods=_TSQL_METHODS, builtin_namespaces=frozenset({"SYS", "$PARTITION"}),
                         # DATE_BUCKET(week, ...)'s date part; SELECT ... INTO's IDENTITY(int, 1, 1), a type
                         keyword_arguments=(("DATE_BUCKET", 0), ("IDENTITY", 0))),
    # Oracle's data dictionary: USER_ / ALL_ / DBA_ / CDB_ views and the V$ / GV$ dynamic performance views, public
    # synonyms of SYS's views found by an unqualified name, and SYS's and SYSTEM's own objects (SYS.DUAL,
    # SYS.DBA_OBJECTS, SYSTEM.PRODUCT_PRIVS)
    "oracle": DialectRules(alias_clauses=frozenset(), column_methods=_ORACLE_METHODS,
                           invisible_columns=frozenset({"INVISIBLE"}), updatable_ctes=True,
                           system_prefixes=("user_", "all_", "dba_", "cdb_", "v$", "gv$", "ctx_user_"),
                           system_views=_ORACLE_DICTIONARY_VIEWS,
                           system_schemas=frozenset({"sys", "system"}), pseudo_columns=_ORACLE_PSEUDO_COLUMNS,
                           system_views_read_only=True, public_synonyms=True, updatable_views=True,
                           updatable_joined_views=True),
}
_DEFAULT = DialectRules()
#: The dialects of Spark's grammar (Spark, Databricks, Hive: those whose sessions have a catalog).
SPARK_FAMILY = frozenset(name for name, rules in RULES.items() if rules.catalog_sessions)
#: The dialects of MySQL's SQL: MySQL's (MariaDB's) and SingleStore's, whose rules are MySQL's.
MYSQL_FAMILY = frozenset({"mysql", "singlestore"})
#: Spark's built-in catalog, where its Hive tables are.
SPARK_SESSION_CATALOG = "spark_catalog"


def rules_for(dialect: str) -> DialectRules:
    """The rules of a dialect by its sqlglot name; a dialect not in :data:`RULES` has none of them."""
    return RULES.get(dialect, _DEFAULT)


def unknown_dialect(name: str) -> str | None:
    """Why ``name`` is not a dialect sqlglot knows (the first line of its complaint), or None when it is: what
    ``ahp resolve --dialect`` and ``AHP_DIALECT`` take.

    >>> unknown_dialect("databricks") is None, unknown_dialect("snowflak").startswith("Unknown dialect 'snowflak'")
    (True, True)
    """
    from sqlglot.dialects.dialect import Dialect
    from sqlglot.errors import SqlglotError

    try:
        Dialect.get_or_raise(name)
    except (ValueError, SqlglotError) as err:
        return str(err).splitlines()[0]
    return None


def invisible_column(definition: exp.ColumnDef, dialect: str) -> bool:
    """Whether a clause of the column's definition makes it invisible in ``dialect``
    (:attr:`DialectRules.invisible_columns`), told by the clause's first word; a T-SQL period column ``GENERATED
    ALWAYS AS ROW START | END HIDDEN`` is too ("account for the PERIOD columns if they aren't HIDDEN").

    >>> from sqlglot import parse_one
    >>> [invisible_column(d, "clickhouse") for d in parse_one("CREATE TABLE t (a Int8, b Int8 ALIAS a + 1)",
    ...                                                       read="clickhouse").this.expressions]
    [False, True]
    """
    words = rules_for(dialect).invisible_columns
    for constraint in definition.args.get("constraints") or ():
        kind = constraint.args.get("kind")
        if isinstance(kind, exp.GeneratedAsRowColumnConstraint) and kind.args.get("hidden"):
            return True
        if not words:
            continue
        written = constraint.sql(dialect=dialect).split(None, 1)  # (some constraints are written as nothing)
        if written and written[0].upper() in words:
            return True
    return False


def column_method(name: str, dialect: str) -> bool:
    """Whether a call written ``name`` after a value is a method of the value's type in ``dialect``
    (:attr:`DialectRules.column_methods`; T-SQL's spatial methods are the ``ST...`` ones, as written: their names
    are case-sensitive).

    >>> [column_method(n, "tsql") for n in ("value", "STGeometryType", "stuff", "Stuff")]
    [True, True, False, False]
    """
    methods = rules_for(dialect).column_methods
    return bool(methods) and (name.upper() in methods or dialect == "tsql" and re.match(r"ST[A-Z]", name) is not None)


def generated_column(definition: exp.ColumnDef) -> bool:
    """Whether the engine generates the column's values (:attr:`.Column.generated`): an identity (``IDENTITY(1, 1)``,
    ``GENERATED ... AS IDENTITY``, ``AUTO_INCREMENT``), a computed column (``AS (a + 1) [PERSISTED]``, ``GENERATED
    ALWAYS AS (e)``) or a row version (T-SQL's ``rowversion``, which its ``timestamp`` is).

    >>> from sqlglot import parse_one
    >>> tree = parse_one("CREATE TABLE t (id INT IDENTITY(1, 1), a INT, c AS a * 2 PERSISTED, v ROWVERSION)",
    ...                  read="tsql")
    >>> [generated_column(d) for d in tree.this.expressions]
    [True, False, True, True]
    """
    kind = definition.args.get("kind")
    if isinstance(kind, exp.DataType) and kind.is_type(exp.DataType.Type.ROWVERSION):
        return True
    return any(isinstance(constraint.args.get("kind"), _GENERATING)
               for constraint in definition.args.get("constraints") or ())


#: The column constraints whose column's values the engine generates.
_GENERATING = (exp.ComputedColumnConstraint, exp.GeneratedAsIdentityColumnConstraint, exp.AutoIncrementColumnConstraint)


def stored_from(definition: exp.ColumnDef, dialect: str) -> tuple[str, ...]:
    """The columns a column computed when its row is written is computed from (:attr:`.Column.stored_from`): MySQL's
    ``STORED``, T-SQL's ``PERSISTED``, ClickHouse's ``MATERIALIZED`` and ``EPHEMERAL e``; and of a dialect whose
    generated columns are all stored (PostgreSQL's, ``GENERATED ALWAYS AS (e) STORED``; Spark's and Delta's), every
    one. () for any other column.

    >>> from sqlglot import parse_one
    >>> tree = parse_one("CREATE TABLE t (a text, e text GENERATED ALWAYS AS (lower(a)) STORED)", read="postgres")
    >>> [stored_from(d, "postgres") for d in tree.this.expressions]
    [(), ('a',)]
    """
    for constraint in definition.args.get("constraints") or ():
        kind = constraint.args.get("kind")
        if isinstance(kind, exp.ComputedColumnConstraint) and isinstance(kind.this, exp.Expression) and (
                kind.args.get("persisted") or kind.args.get("persisted") is None and dialect in _STORED_GENERATED) \
                or isinstance(kind, exp.EphemeralColumnConstraint) and isinstance(kind.this, exp.Expression):
            # (ClickHouse's EPHEMERAL expr: computed from the row inserted, for the MATERIALIZED columns that use it)
            return _named_columns(kind.this)
    return ()


def _named_columns(expression: exp.Expression) -> tuple[str, ...]:
    """The columns an expression names, each once, in order."""
    return tuple(dict.fromkeys(column.name for column in expression.find_all(exp.Column)))


def generation_columns(definition: exp.ColumnDef) -> tuple[str, ...]:
    """The columns a generated column's expression names (``GENERATED ALWAYS AS (e)``, ``AS (e)``), whether it is
    stored or computed when read; () for any other column.

    >>> from sqlglot import parse_one
    >>> tree = parse_one("CREATE TABLE t (a int, b int GENERATED ALWAYS AS (a * 2), c int AS (a + b))", read="mysql")
    >>> [generation_columns(d) for d in tree.this.expressions]
    [(), ('a',), ('a', 'b')]
    """
    for constraint in definition.args.get("constraints") or ():
        kind = constraint.args.get("kind")
        generation = kind.args.get("expression") if isinstance(kind, exp.GeneratedAsIdentityColumnConstraint) \
            else kind.this if isinstance(kind, exp.ComputedColumnConstraint) else None
        if isinstance(generation, exp.Expression):
            return _named_columns(generation)
    return ()


#: The dialects whose generated columns are all stored, computed when a row is written (PostgreSQL's before 18,
#: which sqlglot reads without its STORED; Spark's and Delta's ``GENERATED ALWAYS AS (e)``).
_STORED_GENERATED = frozenset({"postgres", "spark", "spark2", "databricks"})


def computed_from(definition: exp.ColumnDef, dialect: str) -> tuple[str, ...]:
    """The columns a column computed when read is computed from (:attr:`DialectRules.computed_columns_read`: ``b String
    ALIAS upper(a)``, ``c INT AS (a + 1) VIRTUAL``); () for any other column.

    >>> from sqlglot import parse_one
    >>> tree = parse_one("CREATE TABLE t (a Int8, b Int8 ALIAS a + c, c Int8 MATERIALIZED a)", read="clickhouse")
    >>> [computed_from(d, "clickhouse") for d in tree.this.expressions]
    [(), ('a', 'c'), ()]
    """
    if not rules_for(dialect).computed_columns_read:
        return ()
    for constraint in definition.args.get("constraints") or ():
        kind = constraint.args.get("kind")
        if isinstance(kind, exp.ComputedColumnConstraint) and not kind.args.get("persisted") \
                and isinstance(kind.this, exp.Expression):
            return _named_columns(kind.this)
        if isinstance(kind, exp.GeneratedAsIdentityColumnConstraint) and isinstance(kind.args.get("expression"),
                                                                                     exp.Expression):
            # (MySQL's GENERATED ALWAYS AS (e) with neither VIRTUAL nor STORED: "VIRTUAL is the default")
            return _named_columns(kind.args["expression"])
    return ()


def server_file(rules: DialectRules, path: str) -> str:
    """The location of a file a statement reads or writes by its path, where the dialect's paths name files on the
    database server (:attr:`.DialectRules.server_files`): an absolute path as a file URI (a relative one,
    "relative to the server's data directory", as written); any other dialect's, and a URI, as written.

    >>> [server_file(rules_for("postgres"), p) for p in ("/tmp/a.csv", "C:\\\\d\\\\a.csv", "a.csv", "file:///b")]
    ['file:///tmp/a.csv', 'file:///C:/d/a.csv', 'a.csv', 'file:///b']
    >>> server_file(rules_for("databricks"), "/Volumes/main/raw/files")
    '/Volumes/main/raw/files'
    """
    path = without_credentials(path)
    return file_uri(path) if rules.server_files else path


#: A location's parameter that carries a credential: a key, a secret, a token, a signature (DuckDB's and ClickHouse's
#: ``?s3_access_key_id=...&s3_secret_access_key=...``, S3's presigned ``X-Amz-Signature``, Azure's SAS ``sig`` and its
#: connection string's ``AccountKey``, a JDBC URL's ``;password=...``).
_CREDENTIAL = re.compile(r"secret|passw|pwd|token|signature|credential|(?:access|account)_?key|key_?id|session|^sig$"
                         r"|^key$", re.IGNORECASE)


def without_credentials(location: str) -> str:
    """``location`` (a URL, a JDBC URL, a connection string) without the parameters that carry credentials, those of
    its query (``?k=v&k=v``) and those after semicolons (``;k=v``): a record names a location, never a secret.

    >>> without_credentials("s3://b/f.parquet?s3_access_key_id=AK&s3_region=eu&s3_secret_access_key=SK")
    's3://b/f.parquet?s3_region=eu'
    >>> without_credentials("https://a.blob.core.windows.net/c/f.csv?sv=2022&sig=abc"), without_credentials("a?b")
    ('https://a.blob.core.windows.net/c/f.csv?sv=2022', 'a?b')
    >>> without_credentials("jdbc:jtds:sqlserver://db;databaseName=dw;password=x;Session=y")
    'jdbc:jtds:sqlserver://db;databaseName=dw'
    >>> without_credentials("DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=k3y")
    'DefaultEndpointsProtocol=https;AccountName=acct'
    """
    if "=" not in location:
        return location
    base, mark, query = location.partition("?")
    head, *parameters = base.split(";")
    base = ";".join([head, *(part for part in parameters if not ("=" in part and _credential(part)))])
    if not mark:
        return base
    kept = [part for part in query.split("&") if part and not _credential(part)]
    return f"{base}?{'&'.join(kept)}" if kept else base


def _credential(parameter: str) -> bool:
    return _CREDENTIAL.search(parameter.split("=", 1)[0]) is not None


def file_uri(path: str) -> str:
    """A file's absolute path as a file URI (a Windows one's ``C:\\...`` too); a relative path or a URI as written.

    >>> [file_uri(p) for p in ("/tmp/a.csv", "C:\\\\d\\\\a.csv", "a.csv", "hdfs:///b")]
    ['file:///tmp/a.csv', 'file:///C:/d/a.csv', 'a.csv', 'hdfs:///b']
    """
    if path.startswith("/"):
        return "file://" + path
    if len(path) > 2 and path[1] == ":" and path[0].isalpha() and path[2] in "\\/":  # a Windows server's C:\...
        return "file:///" + path.replace("\\", "/")
    return path


def azure_blobs(account: str, rest: list[exp.Expression]) -> str:
    """ClickHouse's ``azureBlobStorage(connection_string | account_url, 'container', 'blob path', ...)`` (and Exasol's
    ``AT CLOUD AZURE BLOBSTORAGE 'connection string' FILE 'container/blob'``): the blobs' URL,
    ``https://<account>.blob.core.windows.net/<container>/<path>``. A connection string's key is never kept (it
    named the location, secret and all)."""
    fields = dict(part.split("=", 1) for part in account.split(";") if "=" in part)
    if "BlobEndpoint" in fields:
        base = fields["BlobEndpoint"]
    elif "AccountName" in fields:
        base = (f"{fields.get('DefaultEndpointsProtocol', 'https')}://{fields['AccountName']}.blob."
                f"{fields.get('EndpointSuffix', 'core.windows.net')}")
    else:
        base = account.split("?", 1)[0]  # an account's URL (a SAS token after '?' is a secret too)
    parts = [base.rstrip("/")] + [r.name.strip("/") for r in rest if isinstance(r, exp.Literal) and r.is_string]
    return "/".join(parts)
