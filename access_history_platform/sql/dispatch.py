"""Every statement form the engine knows, in one registry: a parsed statement's node -> its handler.

A statement is classified and parsed once (:mod:`.statements`); :func:`dispatch` then looks up
the parse's node in :data:`FORMS` and calls its handler. Every handler has one signature,
``handler(node, binder, statement)``, and returns the statement's record parts, or None when
Snowflake records nothing for it (housekeeping, or DDL that only registers an object). A handler
that changes the catalog changes it through ``binder.catalog``.

The key of a form is the node's type: a sqlglot expression class, or a node class of the
platform's own grammar (:mod:`.commands`). A CREATE is keyed by the kind of object too
(``(exp.Create, "VIEW")``), and a statement sqlglot keeps opaque (``exp.Command``) by its
first word (``"SHOW"``, ``"CREATE"``).

A new statement form is one entry here, its handler (in :mod:`.dml`, :mod:`.ddl` or
:mod:`.governance`) and a case in ``tests/data/records/``; a form sqlglot cannot parse also
needs a rule in the grammar (:mod:`.commands`), or a row of :data:`.rewrites._FORMS` whose reader
writes it out as a form sqlglot reads. A form Snowflake records nothing for maps to
:func:`no_record`.

>>> from datetime import datetime
>>> from access_history_platform.catalog import Catalog
>>> from access_history_platform.statement import Statement
>>> from .binder import Binder
>>> from .statements import parse_statement
>>> statement = Statement("q1", "use schema s", datetime(2024, 3, 1), "U")
>>> parsed = parse_statement(statement.text)
>>> dispatch(parsed, Binder.for_session(Catalog()), statement) is None, no_record_reason(parsed)
(True, 'USE statements are not recorded')
"""

from __future__ import annotations

import re
from typing import Any, Callable

import sqlglot
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import SqlglotError
from sqlglot.tokens import TokenType

from ..catalog import CatalogObject, name_parts, unknown_object
from ..errors import UnsupportedStatement
from ..statement import Statement
from . import commands as cmd
from . import ddl, dml, exasol, governance, rules, scripting, streaming, tsql
from .analysis import EMPTY, passed_through_query
from .binder import DATA_SOURCE, EXTERNAL_SCHEMA, PACKAGE, Binder, argument_names
from .dialects import SPARK_FAMILY, without_credentials
from .names import variable_shown
from .resolution import NOT_RECORDED, RecordParts, Resolution, not_recorded
from .parsing import SQLGLOT_FAILURES, first_line, parse_sql
from .rewrites import redshift_policy_name
from .statements import DIALECT_NO_DATA_FORMS, MYSQL_ADMIN_FORMS, Parsed, Unparsed, parse_statement, plpgsql
from .statements import do_block as do_block_of
from .token_groups import depths, group_end
from .variables import PREPARE_DIALECTS, PREPARED_FROM_VARIABLE

Handler = Callable[[Any, Binder, Statement], "RecordParts | None"]


def no_record(node: object, binder: Binder, statement: Statement) -> None:
    """A statement Snowflake records nothing for: it reads and writes no data."""
    return None


def data(handler: Callable[[Any, Resolution], None], *, stages: bool = False) -> Handler:
    """A handler of :mod:`.dml` (which records into a :class:`Resolution`) as a registry handler;
    ``stages``: the stages the statement reads or writes are listed among its objects."""

    def resolve(tree: exp.Expression, binder: Binder, statement: Statement) -> RecordParts:
        res = Resolution(binder, record_stages=stages)
        handler(tree, res)
        dml.function_writes(res)  # (what the SQL functions it calls write: PostgreSQL's)
        dml.rule_writes(res)  # (what the rules on the tables it writes write: PostgreSQL's)
        return res.parts()

    resolve.__name__ = resolve.__qualname__ = handler.__name__
    return resolve


_query = data(dml.resolve_select)


def _select(tree: exp.Expression, binder: Binder, statement: Statement) -> RecordParts | None:
    """A query, or ``SELECT ... INTO new_table`` (PostgreSQL, Redshift, T-SQL; also as a set operation's first
    branch): a CTAS by another name; ``SELECT ... INTO [:]v`` (Snowflake Scripting) reads, and assigns variables,
    not a table."""
    select = ddl.into_select(tree)
    into_table = select is not None and not binder.naming.rules.select_into_variables
    if into_table and not _into_variables(select.args["into"]):
        return ddl.resolve_select_into(tree, binder, statement)
    if select is not None:
        tree = tree.copy()
        ddl.into_select(tree).set("into", None)
    return _query(tree, binder, statement)


def _into_variables(into: exp.Into) -> bool:
    targets = [into.this, *into.expressions] if into.this is not None else list(into.expressions)
    return bool(targets) and all(isinstance(t, exp.Table) and isinstance(t.this, (exp.Placeholder, exp.Parameter))
                                 or isinstance(t, (exp.Placeholder, exp.Parameter)) for t in targets)


def _set(tree: exp.Set, binder: Binder, statement: Statement) -> RecordParts | None:
    """``SET v = (SELECT ... FROM t)``: what the values' queries read, as a SELECT of the values reads it; a SET of
    values that query nothing records nothing."""
    return _values_read([item.this.expression for item in tree.expressions
                         if isinstance(item, exp.SetItem) and isinstance(item.this, exp.EQ)], binder, statement)


def _declare(tree: exp.Declare, binder: Binder, statement: Statement) -> RecordParts | None:
    """A variable declared with a query's result as its default (BigQuery's ``DECLARE m DEFAULT (SELECT ...)``)
    reads what the query reads, as :func:`_set` does; T-SQL's table variable (``DECLARE @t TABLE (...)``, or of a table
    type) is known by its columns from here on (:func:`.ddl.declare_table_variable`); any other declaration records nothing."""
    for item in tree.expressions:
        if (binder.naming.rules.hash_temporary_tables and isinstance(item, exp.DeclareItem)
                and isinstance(item.args.get("kind"), (exp.Schema, exp.DataType))):
            for variable in item.this if isinstance(item.this, list) else [item.this]:
                if isinstance(variable, exp.Parameter):
                    ddl.declare_table_variable(variable, item.args["kind"], binder, statement)
    return _values_read([item.args.get("default") for item in tree.expressions if isinstance(item, exp.DeclareItem)],
                        binder, statement)


def _cache(tree: exp.Cache, binder: Binder, statement: Statement) -> RecordParts | None:
    """Spark's ``CACHE [LAZY] TABLE t AS query``: "caches contents of a table or output of a query" under a
    temporary view named t, as ``CREATE OR REPLACE TEMPORARY VIEW t AS query`` makes it (its reads, and later
    reads of t find the query's columns); the cache of a table already there records nothing."""
    if tree.expression is None and statement.text.split()[-1].upper() == "AS":  # its last word (a name may end in as)
        raise UnsupportedStatement("CACHE TABLE ... AS: expected the query whose result it caches")
    if tree.expression is None or not isinstance(tree.this, exp.Table):
        return None
    view = exp.Create(this=tree.this.copy(), kind="VIEW", replace=True, expression=tree.expression.copy(),
                      properties=exp.Properties(expressions=[exp.TemporaryProperty()]))
    return ddl.create_view(view, binder, statement)


#: What a REFRESH of a table that is a query's result names: its kind's words.
_REFRESHED = (("MATERIALIZED", "VIEW"), ("STREAMING", "TABLE"))
#: The words that may follow its name: PostgreSQL's WITH [NO] DATA, Databricks' FULL, SYNC, ASYNC.
_AFTER_REFRESHED = frozenset({"WITH", "FULL", "SYNC", "ASYNC", "RESTRICT", "CASCADE"})


def _refresh(tree: exp.Refresh | exp.Command, binder: Binder, statement: Statement) -> RecordParts | None:
    """``REFRESH MATERIALIZED VIEW [CONCURRENTLY] v [WITH [NO] DATA]`` (PostgreSQL, Trino, Databricks) and
    Databricks' ``REFRESH STREAMING TABLE t``: the definition runs again, its reads recorded and the view written
    from them, as a dynamic table's refresh (:func:`.ddl.refresh_dynamic_table`); one whose definition the log did
    not give is written from sources unknown; ``WITH NO DATA`` empties it (written, nothing read). Redshift's
    ``... v CASCADE`` refreshes the materialized views that read v too ("and all its dependent materialized views"),
    each after what it reads; ``RESTRICT``, v alone. Any other REFRESH (Spark's ``REFRESH TABLE t`` of cached
    metadata, a path, a function) records nothing."""
    emptied, cascade = False, False
    if isinstance(tree, exp.Refresh):
        kind = str(tree.args.get("kind") or "").upper()
        table = tree.this if kind in {" ".join(words) for words in _REFRESHED} else None
    else:  # an opaque REFRESH: the words after it
        kind = ""
        rest = tree.expression.name if isinstance(tree.expression, exp.Literal) else str(tree.expression or "")
        tokens = binder.naming.dialect.tokenize(rest)
        words = [token.text.upper() for token in tokens]
        start = 2 + (words[2:3] == ["CONCURRENTLY"])
        end = next((i for i in range(start, len(words)) if words[i] in _AFTER_REFRESHED), len(words))
        table, emptied, cascade = None, words[end:] == ["WITH", "NO", "DATA"], words[end:] == ["CASCADE"]
        if tuple(words[:2]) in _REFRESHED:
            kind = " ".join(words[:2])
            try:
                table = exp.to_table(rest[tokens[start].start:tokens[end - 1].end + 1], dialect=binder.naming.dialect)
            except (SqlglotError, ValueError, IndexError):
                table = None
            if not isinstance(table, exp.Table) or not table.name:
                raise UnsupportedStatement(f"REFRESH {' '.join(words[:2])}: expected the name of what it refreshes")
    if not isinstance(table, exp.Table):
        return None
    res = Resolution(binder)
    refreshed = binder.relation(binder.naming.table_parts(table))
    if not refreshed.known and kind == "MATERIALIZED VIEW":  # (the statement says what the catalog does not)
        refreshed = unknown_object(refreshed.name, "Materialized view")
    if emptied:  # WITH NO DATA: emptied, nothing read
        res.write(refreshed)
    else:
        ddl.refresh_dynamic_table(res, refreshed)
    for dependent in governance.dependent_views(binder, {refreshed.name.casefold()}) if cascade else ():
        if dependent.domain == "Materialized view":
            ddl.refresh_dynamic_table(res, dependent)
    return res.parts()


def _values_read(values: list[exp.Expression | None], binder: Binder, statement: Statement) -> RecordParts | None:
    """What the values given to variables read, as a SELECT of them reads it; None when none of them queries."""
    values = [value for value in values if isinstance(value, exp.Expression) and value.find(exp.Query) is not None]
    if not values:
        return None
    return _query(exp.select(*(value.copy() for value in values)), binder, statement)


def _condition_alone(tree: exp.IfBlock | exp.WhileBlock, binder: Binder, statement: Statement) -> RecordParts | None:
    """T-SQL's ``IF cond`` or ``WHILE cond`` logged alone (Extended Events' ``sql_statement_completed`` logs a
    procedure's condition as a statement of its own, its branches' statements apart): what the condition reads, as
    ``SELECT CASE WHEN cond THEN 1 END`` reads it (``IF EXISTS (SELECT 1 FROM t)`` reads t); no record for one that
    queries nothing (``IF @d IS NULL``). With statements in its body (which the split reads as statements of their
    own before it gets here) it is set aside."""
    body = tree.args.get("true") if isinstance(tree, exp.IfBlock) else tree.args.get("body")
    statements = [node for node in (body.expressions if isinstance(body, exp.Block) else [body]) if node is not None]
    otherwise = tree.args.get("false") if isinstance(tree, exp.IfBlock) else None
    if statements or isinstance(otherwise, exp.Expression):
        raise UnsupportedStatement(f"{'IF' if isinstance(tree, exp.IfBlock) else 'WHILE'} with its statements: "
                                   "expected them split into statements of their own")
    read = _values_read([exp.Case(ifs=[exp.If(this=tree.this.copy(), true=exp.Literal.number(1))])], binder,
                        statement)
    return read if read is not None else not_recorded("IF" if isinstance(tree, exp.IfBlock) else "WHILE")


FORMS: dict[type | str | tuple[type, str], Handler] = {
    # queries and DML (sqlglot)
    exp.IfBlock: _condition_alone,
    exp.WhileBlock: _condition_alone,
    exp.Select: _select,
    exp.Union: _select,
    exp.Pivot: _select,  # (DuckDB's PIVOT t ON c USING ... statement: a query)
    exp.Intersect: _select,
    exp.Except: _select,
    exp.Subquery: _query,
    exp.Values: _query,
    exp.Insert: data(dml.resolve_insert, stages=True),
    exp.MultitableInserts: data(dml.resolve_multitable_insert, stages=True),
    exp.Update: data(dml.resolve_update, stages=True),
    exp.Delete: data(dml.resolve_delete, stages=True),
    exp.TruncateTable: data(dml.resolve_truncate),
    exp.Merge: data(dml.resolve_merge, stages=True),
    exp.Copy: data(dml.resolve_copy, stages=True),
    exp.Put: data(dml.resolve_put, stages=True),
    "UNLOAD": data(dml.resolve_unload, stages=True),  # Redshift, Athena: kept opaque by sqlglot
    exp.Export: data(dml.resolve_export),  # BigQuery's EXPORT DATA: an unload
    exp.LoadData: data(dml.resolve_load_data),  # BigQuery's LOAD DATA ... FROM FILES, Hive's LOAD DATA INPATH
    # DDL (sqlglot): CREATE by the kind of object it creates
    (exp.Create, "TABLE"): ddl.create_table,  # with columns, AS SELECT, CLONE or LIKE
    (exp.Create, "VIEW"): ddl.create_view,  # materialized or not
    (exp.Create, "DATABASE"): ddl.create_container,
    (exp.Create, "SCHEMA"): ddl.create_container,
    (exp.Create, "FUNCTION"): ddl.register_object,  # no record: later statements find the object
    (exp.Create, "PROCEDURE"): ddl.register_object,
    (exp.Create, "PROC"): ddl.register_object,  # T-SQL's short form
    (exp.Create, "STAGE"): ddl.register_object,
    (exp.Create, "STREAM"): ddl.register_object,
    (exp.Create, "MODEL"): ddl.create_model,  # BigQuery ML: its training query read
    (exp.Create, "SOURCE"): ddl.create_source,  # RisingWave's: an external table
    (exp.Create, "SINK"): ddl.create_sink,  # RisingWave's: its rows read, its destination written
    **dict.fromkeys(((exp.Create, "FILE FORMAT"), (exp.Create, "WAREHOUSE"), (exp.Create, "ROLE"),
                     (exp.Create, "USER"), (exp.Create, "TASK")), no_record),
    "CREATE": ddl.resolve_create_command,  # a CREATE FUNCTION / PROCEDURE sqlglot keeps opaque
    # the platform's own grammar: data movement
    cmd.Call: ddl.call,  # (Oracle's DBMS_RLS calls: _call, below)
    exp.Execute: ddl.execute,  # T-SQL's EXEC of a procedure
    # T-SQL's sp_executesql of a variable its batch does not set (a literal is split into its statements): set aside
    exp.ExecuteSql: ddl.execute_sql,
    cmd.AnonymousCall: no_record,  # the procedure is defined for the call: its statements are logged on their own
    cmd.Get: ddl.get,
    cmd.CopyFiles: ddl.copy_files,
    cmd.Put: ddl.put,
    cmd.Explain: no_record,
    # the platform's own grammar: governance DDL
    cmd.CreateTag: governance.create_tag,
    cmd.CreateStream: governance.create_stream,  # no record: later statements read the stream
    cmd.CreatePolicy: governance.create_policy,
    cmd.CreateSequence: governance.create_sequence,
    cmd.Alter: governance.alter,
    cmd.Drop: governance.drop,
    cmd.Undrop: governance.undrop,
    cmd.RenameObjects: governance.rename_objects,
    exp.Comment: governance.comment_on,  # COMMENT ON <object>: an ALTER of its comment
    "COMMENT": governance.comment_on_command,  # a COMMENT ON sqlglot keeps opaque (a stream, a policy ...)
    # session, transaction, privilege and maintenance statements: they read and write no data
    exp.Set: _set,  # a variable set to a query's result reads what the query reads
    exp.Declare: _declare,  # and one declared with it as its default
    exp.Cache: _cache,  # a query's result cached under a name: a temporary view
    exp.Refresh: _refresh,  # a materialized view's definition run again
    "REFRESH": _refresh,
    **dict.fromkeys((exp.Use, exp.Show, exp.Describe, exp.Transaction, exp.Commit, exp.Rollback,
                     exp.Grant, exp.Analyze, exp.Uncache, exp.Pragma), no_record),
    **dict.fromkeys((
        # (SET: set_cursor, below)
        "EXPLAIN", "SHOW", "DESC", "DESCRIBE", "USE", "UNSET", "BEGIN", "COMMIT", "ROLLBACK", "GRANT",
        "REVOKE", "LIST", "LS", "REMOVE", "RM", "CACHE", "UNCACHE", "ADD", "ANALYZE", "ANALYSE", "MSCK",
        "VACUUM", "OPTIMIZE", "PRAGMA", "KILL", "ABORT", "ALTER SESSION", "CLEAR", "PREPARE", "DEALLOCATE",
        "MSCK REPAIR",  # Hive's and Databricks' partition discovery (one token to sqlglot)
        "REORG",  # Delta's REORG TABLE t APPLY (PURGE): files rewritten, as OPTIMIZE does
        "GENERATE",  # Delta's GENERATE symlink_format_manifest FOR TABLE t: manifest files, no data
        "CONVERT",  # Delta's CONVERT TO DELTA t: a transaction log written beside the same Parquet files
        "SAVEPOINT", "RELEASE",  # a transaction's savepoint (ROLLBACK TO SAVEPOINT is a ROLLBACK)
        "CANCEL",  # Redshift's CANCEL pid: another session's query stopped
        # Redshift's auto-copy jobs: listed, shown, altered, dropped, or run (each copy a job runs is logged as the
        # COPY it is; COPY ... JOB CREATE j is that COPY)
        "COPY JOB LIST", "COPY JOB SHOW", "COPY JOB RUN", "COPY JOB ALTER", "COPY JOB DROP",
        "UNLOCK", "FLUSH",  # MySQL's UNLOCK TABLES (its LOCK TABLES is a LOCK); FLUSH LOGS, TABLES, PRIVILEGES ...
        "SYSTEM",  # ClickHouse's SYSTEM FLUSH LOGS, STOP MERGES, SYNC REPLICA ...: the server's work, no data
        "CHECK",  # MySQL's and ClickHouse's CHECK TABLE t: the table's files checked for damage, no data returned
        "EXISTS",  # ClickHouse's EXISTS [TABLE] t: whether the object exists (as SHOW TABLES)
        "AUDIT", "NOAUDIT",  # Oracle's auditing switched on or off (AUDIT POLICY p): the audit trail's, no data
    ), no_record),
}


#: Objects that hold no data, whose statements Snowflake records nothing for (CONTRACT 3a: session,
#: warehouse, role, user, task, share, integration, network, resource monitor ... commands; a secret, an agent,
#: a container service, a repository, a notebook or an alert holds a definition: what it runs is logged apart; a
#: native application, its package and its application roles, and a listing, are of the share and role family:
#: the statements an application's setup script runs are logged as statements of their own; an organization's
#: accounts, listings, profiles and users are account and share commands too;
#: an aggregation, join, projection, privacy or storage lifecycle policy is outside the reference's policy
#: vocabulary, and where one is set on a table, view or column that ALTER or CREATE records it as a property;
#: a semantic view holds metadata over tables, and the reference's supported objects do not list it: a query of
#: it records it as read, and its CREATE and DROP change the catalog, below).
NO_DATA_OBJECTS = (
    "ACCOUNT", "AGENT", "AGGREGATION POLICY", "ALERT", "API INTEGRATION", "APPLICATION", "APPLICATION PACKAGE",
    "APPLICATION ROLE", "AUDIT POLICY", "AUTHENTICATION POLICY",
    "CATALOG INTEGRATION", "COMPUTE POOL", "CONNECTION", "CORTEX SEARCH SERVICE", "DATABASE ROLE", "DBT PROJECT",
    "DCM PROJECT", "EXTERNAL ACCESS INTEGRATION", "EXTERNAL VOLUME", "FAILOVER GROUP", "FILE FORMAT",
    "GIT REPOSITORY", "IMAGE REPOSITORY", "INTEGRATION", "JOIN POLICY", "LISTING", "MANAGED ACCOUNT", "MCP SERVER",
    "NETWORK POLICY", "NETWORK RULE", "NOTEBOOK", "NOTIFICATION INTEGRATION", "ORGANIZATION ACCOUNT",
    "ORGANIZATION LISTING", "ORGANIZATION PROFILE", "ORGANIZATION USER", "ORGANIZATION USER GROUP", "PASSWORD POLICY",
    "PIPE",
    "PRIVACY POLICY", "PROJECTION POLICY", "REPLICATION GROUP", "RESOURCE MONITOR", "RESULT", "ROLE", "SECRET",
    "PERSISTENT SECRET", "TEMPORARY SECRET",  # (DuckDB's credentials)
    "SECURITY INTEGRATION", "SEMANTIC VIEW", "SERVICE", "SESSION", "SESSION POLICY", "SHARE", "STORAGE INTEGRATION",
    "STORAGE LIFECYCLE POLICY", "STREAMLIT", "TASK", "USER", "WAREHOUSE",
    # Databricks' Unity Catalog and workspace objects: a catalog's creation (its schemas and tables are recorded), a
    # group, a recipient or provider of a share, an external location, a credential, a widget, an ABAC policy
    "CATALOG", "GROUP", "RECIPIENT", "PROVIDER", "EXTERNAL LOCATION", "STORAGE CREDENTIAL", "SERVICE CREDENTIAL",
    "CREDENTIAL", "WIDGET", "POLICY", "CLEAN ROOM",
    # a volume: its files are read and written in place, by their paths (/Volumes/catalog/schema/volume/...)
    "VOLUME",
    # PostgreSQL's extensions (their objects are the extension's own), Redshift's external schemas (a Glue or Hive
    # catalog's database under a local name: its tables are read by their names) and datashares (a share)
    "EXTENSION", "EXTERNAL SCHEMA", "DATASHARE",
    # Redshift's Python libraries for UDFs (a package's files) and identity providers (sign-in)
    "LIBRARY", "IDENTITY PROVIDER",
    # T-SQL's (Synapse's, Fabric's) places and formats of external tables' files (an external table names them and
    # is recorded), keys and credentials to reach them, logins
    "EXTERNAL DATA SOURCE", "EXTERNAL FILE FORMAT", "DATABASE SCOPED CREDENTIAL", "MASTER KEY", "LOGIN",
    "DATABASE SCOPED CONFIGURATION",  # (a database's settings: MAXDOP, the ledger's digest storage ...)
    # PostgreSQL's objects that hold no rows: types and domains (a typed table's columns are not read from them),
    # replication, statistics, collations, operators, text search, foreign servers and their wrappers, tablespaces
    "TYPE", "DOMAIN", "PUBLICATION", "SUBSCRIPTION", "STATISTICS", "COLLATION", "CONVERSION", "OPERATOR",
    "OPERATOR CLASS", "OPERATOR FAMILY", "TEXT SEARCH CONFIGURATION", "TEXT SEARCH DICTIONARY", "TEXT SEARCH PARSER",
    "TEXT SEARCH TEMPLATE", "SERVER", "FOREIGN DATA WRAPPER", "USER MAPPING", "EVENT TRIGGER", "TABLESPACE",
    "ACCESS METHOD", "CAST", "RULE", "DEFAULT PRIVILEGES",
    # Oracle's packages and their bodies (PL/SQL code: what their routines run is logged as statements of their own)
    # and application contexts (a namespace of session attributes a package sets)
    "PACKAGE", "CONTEXT",
    # a trigger and MySQL's scheduled event (their bodies run later, as statements of their own: an EVENT only in
    # MySQL, :data:`.statements.DIALECT_FORMS`) and an index (reads and writes name the table), BigQuery's search and vector
    # indexes among them
    "TRIGGER", "EVENT", "INDEX", "SEARCH INDEX", "VECTOR INDEX",
    # BigQuery's compute: slot commitments, reservations and their assignments to projects (as a warehouse), BI
    # Engine's capacity, and an organization's or a project's default options (a time zone, a location ...)
    "CAPACITY", "RESERVATION", "ASSIGNMENT", "BI_CAPACITY", "ORGANIZATION", "PROJECT",
    # an instance of a class of the SNOWFLAKE database (SNOWFLAKE.ML.FORECAST, SNOWFLAKE.CORE.BUDGET,
    # SNOWFLAKE.DATA_PRIVACY.CUSTOM_CLASSIFIER ...), named in full or, for the ML classes, by the class alone
    "SNOWFLAKE", "FORECAST", "ANOMALY_DETECTION", "CLASSIFICATION", "TOP_INSIGHTS",
    # ClickHouse's access entities besides users, roles and row policies: settings profiles and quotas
    "SETTINGS PROFILE", "PROFILE", "QUOTA",
)
#: What may be done to them: the verb (and for a COMMENT, ``COMMENT ON``'s ``ON`` is skipped).
NO_DATA_VERBS = ("CREATE", "ALTER", "DROP", "UNDROP", "DESC", "DESCRIBE", "SHOW", "COMMENT", "EXECUTE", "USE", "REMOVE")

FORMS.update(dict.fromkeys((f"{verb} {kind}" for verb in NO_DATA_VERBS for kind in NO_DATA_OBJECTS), no_record))
FORMS["CREATE TYPE"] = ddl.create_type  # (T-SQL's table type: a variable of it is a table variable of its columns)
# (T-SQL's external data source: the LOCATION that OPENROWSET's DATA_SOURCE paths are under)
FORMS.update(dict.fromkeys((f"{verb} EXTERNAL DATA SOURCE" for verb in ("CREATE", "ALTER", "DROP")),
                           ddl.external_data_source))
FORMS.update(dict.fromkeys(("DESC STREAM", "DESCRIBE STREAM"), no_record))  # a stream's CREATE / DROP register it
# a constraint's comment (PostgreSQL's COMMENT ON CONSTRAINT c ON t), as an index's
FORMS["COMMENT CONSTRAINT"] = no_record
FORMS.update(dict.fromkeys(DIALECT_NO_DATA_FORMS, no_record))  # (Dremio's folders, SingleStore's pipelines ...)
# a hybrid table's index holds no data of its own: reads and writes name the table
FORMS.update(dict.fromkeys(("CREATE INDEX", "DROP INDEX", "CREATE UNIQUE INDEX"), no_record))
#: Transaction and server settings, code and metadata objects that hold no data: the standard's SET TRANSACTION (an
#: isolation level, a mode); T-SQL's SAVE TRAN[SACTION] (a savepoint), RECONFIGURE (server options applied) and CLR
#: assemblies; Oracle's bitmap indexes, dimensions (hierarchies among a table's columns), directories (a server path
#: named), stored outlines and PURGE (the recycle bin emptied of dropped objects)
_NO_DATA_FORMS = ("SET TRANSACTION", "SAVE TRAN", "SAVE TRANSACTION", "RECONFIGURE", "CREATE ASSEMBLY",
                  "ALTER ASSEMBLY", "DROP ASSEMBLY", "CREATE BITMAP INDEX", "CREATE DIMENSION", "ALTER DIMENSION",
                  "DROP DIMENSION", "CREATE DIRECTORY", "DROP DIRECTORY", "CREATE OUTLINE", "DROP OUTLINE", "PURGE")
FORMS.update(dict.fromkeys(_NO_DATA_FORMS, no_record))


def materialized_view_log(node: object, binder: Binder, statement: Statement) -> None:
    """Oracle's ``{CREATE | ALTER | DROP} MATERIALIZED VIEW LOG ON t``, known by
    :func:`.whole_forms.materialized_view_log` (not by its first words: a PostgreSQL materialized view may be named
    ``log``)."""
    return None


FORMS.update(dict.fromkeys((f"{verb} MATERIALIZED VIEW LOG" for verb in ("CREATE", "ALTER", "DROP")),
                           materialized_view_log))
# Oracle's zone map: storage the optimizer prunes by, as an index is (whole_forms.materialized_view_log)
FORMS.update(dict.fromkeys((f"{verb} MATERIALIZED ZONEMAP" for verb in ("CREATE", "ALTER", "DROP")), no_record))


def block(node: object, binder: Binder, statement: Statement) -> None:
    """A block (Snowflake Scripting's ``[DECLARE ...] BEGIN ... END``, a PL/SQL block) of no statement: no record;
    one this cannot read into statements is set aside, saying so (CONTRACT 3a: quarantine is for what cannot be
    understood; counted as no record, the reads of the statements it holds were lost unseen), and so is an Oracle
    block of conditional compilation (``$IF $$flag $THEN ... $ELSE ... $END``), whose statements run or not by flags
    the log does not give (a value the log does not give)."""
    if binder.naming.dialect_name == "oracle" and _CONDITIONAL_COMPILATION.search(statement.text):
        raise UnsupportedStatement("a PL/SQL block of conditional compilation ($IF ... $THEN ... $END): which of its "
                                   "statements run depends on flags the log does not give")
    if scripting.block_statements(statement.text, binder.naming.dialect_name) is None:
        raise UnsupportedStatement("a block whose statements cannot be read (its BEGIN and END do not pair, or a "
                                   "declaration or statement does not end where it should)")
    return None


#: PL/SQL's conditional compilation (``$IF``, ``$ELSIF``, ``$ERROR``), outside its strings and comments or not.
_CONDITIONAL_COMPILATION = re.compile(r"\$(?:IF|ELSIF|ERROR)\b", re.IGNORECASE)
FORMS["BLOCK"] = block
# EXECUTE IMMEDIATE of a variable or a file (a literal is split into its statements): what it runs is logged as
# its children
FORMS["EXECUTE IMMEDIATE"] = no_record
FORMS.update(dict.fromkeys(("REVOKE", "DENY", "LIST", "LS", "UNSET", "START TRANSACTION"), no_record))


def attaching(node: exp.Expression, binder: Binder, statement: Statement) -> None:
    """DuckDB's and SQLite's ``ATTACH`` / ``DETACH`` of a database, DuckDB's ``INSTALL`` of an extension: no table
    read or written (no record). ClickHouse's ``DETACH`` takes a table, view, dictionary or database offline ("does
    not delete the table's data or metadata") and its ``ATTACH t`` brings it back: the same object, its data unchanged
    (an ``ATTACH`` that defines the table is read as the CREATE it is: :mod:`.clickhouse`)."""
    return None


FORMS.update(dict.fromkeys((exp.Attach, exp.Detach, exp.Install), attaching))
#: DuckDB's ``ATTACH [OR REPLACE] [DATABASE] [IF NOT EXISTS] 'path' [AS alias] [(options)]``.
_DUCKDB_ATTACH = re.compile(r"\s*attach\s+(?:or\s+replace\s+)?(?:database\s+)?(?:if\s+not\s+exists\s+)?"
                            r"'(?P<path>[^']*)'(?:\s+as\s+(?P<alias>\w+|\"[^\"]+\"))?", re.IGNORECASE)


def attach(node: object, binder: Binder, statement: Statement) -> None:
    """DuckDB's ``ATTACH 'lake.duckdb' AS lake``: the database ``lake`` (its name the alias, else the file's stem) is
    known from here on, so ``lake.t`` is its main schema's table (:meth:`.binder.Binder.qualified`); no record.
    ClickHouse's ``ATTACH TABLE t`` (which sqlglot keeps opaque) records nothing either."""
    found = _DUCKDB_ATTACH.match(statement.text) if binder.naming.dialect_name == "duckdb" else None
    if found is not None:
        alias = found["alias"]
        stem = found["path"].replace("\\", "/").rsplit("/", 1)[-1].split(".", 1)[0].split(":")[-1]
        name = binder.naming.normalize(alias.strip('"')) if alias else binder.naming.normalize(stem)
        if name and binder.catalog.by_name("Database", name) is None:
            binder.catalog.put(None, CatalogObject(domain="Database", name=name,
                                                   id=ddl.new_object_id(binder.catalog, "Database", name, statement)))
    return None


FORMS["ATTACH"] = attach


def rls_policy_attached(node: object, binder: Binder, statement: Statement) -> RecordParts:
    """Redshift's ``ATTACH RLS POLICY p ON [TABLE] t [, ...] TO ...``: each table gets the row access policy p on its
    columns named as p's arguments (Redshift matches them by name; a policy of none, ``USING (true)``, on none), as
    ``ALTER TABLE t ADD ROW ACCESS POLICY p ON (c, ...)`` records it; ``DETACH RLS POLICY p ON [TABLE] t [, ...] FROM
    ...`` drops it from each, as ``ALTER TABLE t DROP ROW ACCESS POLICY p``. The roles and users it is attached to are
    left out, as for a masking policy (:func:`.rewrites._redshift_policies_written_out`); an ATTACH of a policy the
    catalog lacks is set aside (its columns are not known)."""
    tokens = binder.naming.dialect.tokenize(statement.text)
    words = [token.text.upper() for token in tokens]
    verb = words[0] if words else ""
    to_word = "TO" if verb == "ATTACH" else "FROM"
    shape = f"{verb} RLS POLICY p ON [TABLE] t [, ...] {to_word} ..."
    keyword = [word if token.token_type is not TokenType.IDENTIFIER else "" for word, token in zip(words, tokens)]
    on = keyword.index("ON") if "ON" in keyword else None
    to = next((i for i in range(on + 1, len(tokens)) if keyword[i] == to_word), None) if on is not None else None
    if words[1:3] != ["RLS", "POLICY"] or on is None or to is None or on <= 3:  # (a quoted "to" is a role's name)
        raise UnsupportedStatement(f"{verb} RLS POLICY: expected {shape}")
    text = statement.text
    name = text[tokens[3].start : tokens[on - 1].end + 1]
    policy_name = redshift_policy_name(name, binder.naming.dialect_name)  # (in its database's public schema)
    first = on + 1 + (words[on + 1 : on + 2] == ["TABLE"])
    tables, start = [], first
    for index in range(first, to + 1):
        if index == to or tokens[index].token_type.name == "COMMA":
            tables.append(text[tokens[start].start : tokens[index - 1].end + 1] if index > start else "")
            start = index + 1
    if not all(tables):
        raise UnsupportedStatement(f"{verb} RLS POLICY {name}: expected {shape}")
    if verb == "ATTACH":
        try:
            named = binder.naming.table_parts(exp.to_table(policy_name, dialect=binder.naming.dialect))
        except SqlglotError:
            raise UnsupportedStatement(f"ATTACH RLS POLICY {name}: expected a policy's name") from None
        policy = binder.lookup("Row access policy", named)
        if policy is None or policy.signature is None:
            raise UnsupportedStatement(f"ATTACH RLS POLICY {name}: the policy's columns are not known (its CREATE "
                                       "RLS POLICY is not in the catalog)")
        change = f"ADD ROW ACCESS POLICY {policy_name} ON ({', '.join(argument_names(policy.signature))})"
    else:
        change = f"DROP ROW ACCESS POLICY {policy_name}"
    parts = RecordParts()
    for table in tables:
        found = _dispatched(f"ALTER TABLE {table} {change}", binder, statement)
        if found is not None:
            parts.object_modified_by_ddl.extend(found.object_modified_by_ddl)
    return parts


FORMS["ATTACH RLS POLICY"] = FORMS["DETACH RLS POLICY"] = rls_policy_attached


def bigquery_row_access_policy(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """BigQuery's row-level security, whose policies belong to a table: ``CREATE [OR REPLACE] ROW ACCESS POLICY [IF
    NOT EXISTS] f ON t [GRANT TO (...)] FILTER USING (e)`` creates the row access policy ``f`` of the columns of t
    that e names and puts it on t, as ``CREATE ROW ACCESS POLICY f AS (c type, ...) RETURNS BOOLEAN -> e`` then
    ``ALTER TABLE t ADD ROW ACCESS POLICY f ON (c, ...)`` would (the record is the CREATE's; a later read of t
    references f); ``DROP ROW ACCESS POLICY [IF EXISTS] f ON t`` takes it off t and drops it (the DROP's record);
    ``DROP ALL ROW ACCESS POLICIES ON t`` takes t's off (the ALTER's record). ``f`` is named in t's dataset
    (``project.dataset.f``). The grantees are left out, as Redshift's roles are: the log does not say which a
    session holds. A table holds one row access policy here, as in Snowflake: of several, a read references the
    last put on it."""
    tokens, words, top, between = _policy_words(statement.text, binder)
    shape = ("CREATE [OR REPLACE] ROW ACCESS POLICY [IF NOT EXISTS] f ON t [GRANT TO (...)] FILTER USING (e), "
             "DROP ROW ACCESS POLICY [IF EXISTS] f ON t or DROP ALL ROW ACCESS POLICIES ON t")
    on = top("ON")
    policy_at = top("POLICY")
    if on is None:
        raise UnsupportedStatement(f"expected {shape}")
    if words[:2] == ["DROP", "ALL"]:
        table = between(on + 1, len(tokens) - (words[-1:] == [";"]))
        return _dispatched(f"ALTER TABLE {table} DROP ALL ROW ACCESS POLICIES", binder, statement)
    if policy_at is None:
        raise UnsupportedStatement(f"expected {shape}")
    name_at = policy_at + 1 + 3 * (words[policy_at + 1 : policy_at + 4] == ["IF", "NOT", "EXISTS"]) \
        + 2 * (words[policy_at + 1 : policy_at + 3] == ["IF", "EXISTS"])
    name, stop = between(name_at, on), top("GRANT", on) or top("FILTER", on) or len(tokens)
    table = between(on + 1, stop)
    if not name or not table or "." in name.strip("`"):
        raise UnsupportedStatement(f"expected {shape}")
    target = _policy_table(binder, table, f"ROW ACCESS POLICY {name}")
    policy = _policy_of_table(binder, target, binder.naming.ident(exp.to_identifier(name.strip("`"))))
    if words[0] == "DROP":
        guard = " IF EXISTS" if words[policy_at + 1 : policy_at + 3] == ["IF", "EXISTS"] else ""
        _dispatched(f"ALTER TABLE {table} DROP ROW ACCESS POLICY {policy}", binder, statement)
        return _dispatched(f"DROP ROW ACCESS POLICY{guard} {policy}", binder, statement)
    using = top("USING", stop)
    if words[stop:stop + 1] == ["GRANT"]:
        using = top("USING", top("FILTER", stop) or len(tokens))
    if using is None or using + 1 >= len(tokens) or tokens[using + 1].token_type != TokenType.L_PAREN:
        raise UnsupportedStatement(f"ROW ACCESS POLICY {name}: expected FILTER USING (e)")
    body = between(using + 2, group_end(tokens, using + 1) - 1)
    replace = " OR REPLACE" if words[1:3] == ["OR", "REPLACE"] else ""
    guard = " IF NOT EXISTS" if words[policy_at + 1 : policy_at + 4] == ["IF", "NOT", "EXISTS"] else ""
    return _table_policy_created(binder, statement, policy, name, table, target, body, replace, guard)


def _policy_words(text: str, binder: Binder) -> tuple[list, list[str], Callable[..., int | None], Callable[..., str]]:
    """A policy statement's tokens, their words (upper case; a quoted name none), and two readers: ``top(word,
    start=0)``, the index of ``word`` outside brackets from ``start`` (None: not there), and ``between(start, end)``,
    the text of the tokens ``start`` to ``end`` (excluded)."""
    tokens = binder.naming.dialect.tokenize(text)
    words = [token.text.upper() if token.token_type is not TokenType.IDENTIFIER else "" for token in tokens]
    levels = depths(tokens)

    def top(word: str, start: int = 0) -> int | None:
        return next((i for i in range(start, len(tokens)) if not levels[i] and words[i] == word), None)

    def between(start: int, end: int) -> str:
        return text[tokens[start].start : tokens[end - 1].end + 1] if end > start else ""

    return tokens, words, top, between


def _policy_table(binder: Binder, table: str, what: str) -> CatalogObject:
    """The table a policy is put on, named ``table``; :class:`UnsupportedStatement` naming ``what`` when it is no
    table's name."""
    try:
        return binder.relation(binder.naming.table_parts(exp.to_table(table, dialect=binder.naming.dialect)))
    except SqlglotError:
        raise UnsupportedStatement(f"{what}: expected a table's name after ON, found {table}") from None


def _table_policy_created(binder: Binder, statement: Statement, policy: str, name: str, table: str,
                          target: CatalogObject, body: str, replace: str = "", guard: str = "", *, put: bool = True,
                          create: bool = True) -> RecordParts | None:
    """A row access policy that belongs to a table (BigQuery's, PostgreSQL's), ``policy`` (its name as SQL) with the
    filter ``body``, created on the columns of ``target`` (``table`` as written) that the filter names and put on
    ``target``: the CREATE's record parts. ``put``: put on the table (T-SQL's policy created ``WITH (STATE = OFF)``
    filters nothing); ``create``: created (T-SQL's ALTER SECURITY POLICY ... ADD FILTER PREDICATE puts the policy on
    another table: the ALTER's record parts)."""
    try:
        predicate = sqlglot.parse_one(body, read=binder.naming.dialect)
    except SqlglotError:
        raise UnsupportedStatement(f"ROW ACCESS POLICY {name}: its filter cannot be read: {body}") from None
    columns: dict[str, str] = {}
    for column in predicate.find_all(exp.Column):
        qualifier = column.table
        if qualifier and qualifier.casefold() != target.parts[-1].casefold():
            continue
        known = target.column(column.name) if target.columns is not None else None
        if (target.columns_open or known is not None) and column.name.casefold() not in map(str.casefold, columns):
            columns[known.name if known is not None else column.name] = \
                (known.data_type if known is not None and known.data_type else "STRING")
    own = [column for column in predicate.find_all(exp.Column) if column.table
           and column.table.casefold() == target.parts[-1].casefold() and column.find_ancestor(exp.Select) is None]
    if own:  # t.c of the table the policy is on, as its argument c (in a subquery, t.c is the outer row's: kept, as an
        # unqualified c there may be a column of the subquery's own tables)
        body = predicate.transform(lambda n: exp.column(n.name, quoted=n.this.quoted) if any(
            n is column for column in own) else n, copy=False).sql(dialect=binder.naming.dialect)
    quoted = {column: exp.to_identifier(column, quoted=True).sql(dialect=binder.naming.dialect) for column in columns}
    signature = ", ".join(f"{quoted[column]} {kind}" for column, kind in columns.items())
    created = _dispatched(f"CREATE{replace} ROW ACCESS POLICY{guard} {policy} AS ({signature}) RETURNS BOOLEAN -> "
                          f"{body}", binder, statement) if create else None
    altered = _dispatched(f"ALTER TABLE {table} ADD ROW ACCESS POLICY {policy} ON ({', '.join(quoted.values())})",
                          binder, statement) if put else None
    return created if create else altered


def _last_policy_put_back(binder: Binder, statement: Statement, table: str, target: CatalogObject) -> None:
    """After the policy a table held is dropped, the last created of its other policies (PostgreSQL's: still
    enforced, one of several) is put on it again, on the columns it was created on."""
    prefix = f"{target.parts[-1]}.".casefold()
    others = [obj for obj in binder.catalog.objects() if obj.domain == "Row access policy"
              and obj.parts[:-1] == target.parts[:-1] and obj.parts[-1].casefold().startswith(prefix)]
    if not others:
        return
    last = others[-1]
    policy = ".".join(exp.to_identifier(part, quoted=True).sql(dialect=binder.naming.dialect) for part in last.parts)
    columns = ", ".join(exp.to_identifier(name, quoted=True).sql(dialect=binder.naming.dialect)
                        for name in argument_names(last.signature))
    _dispatched(f"ALTER TABLE {table} ADD ROW ACCESS POLICY {policy} ON ({columns})", binder, statement)


def _policy_of_table(binder: Binder, target: CatalogObject, name: str) -> str:
    """The SQL name of a table's own policy ``name`` (:func:`_policy_parts`)."""
    return ".".join(exp.to_identifier(part, quoted=True).sql(dialect=binder.naming.dialect)
                    for part in _policy_parts(target, name))


def _policy_parts(target: CatalogObject, name: str) -> tuple[str, ...]:
    """The name parts of table ``target``'s own policy ``name``, which belongs to the table (PostgreSQL's,
    BigQuery's, ClickHouse's: two tables may each have a policy of one name, ``pg_policies`` keys them by table): in
    the table's schema (dataset), named after the table and itself (``db.public.orders.p``); the policy the table
    holds under its former name (``db.public.orders_old.p``, the table renamed since) when it holds one of that
    name."""
    held = target.row_access_policy
    if held:
        parts = name_parts("Row access policy", held)
        if parts[:-1] == target.parts[:-1] and parts[-1].casefold().endswith(f".{name.casefold()}"):
            return parts
    return (*target.parts[:-1], f"{target.parts[-1]}.{name}")


def postgres_row_security_policy(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """PostgreSQL's row security policies, which belong to a table (ddl-rowsecurity: "tables can have row security
    policies that restrict, on a per-user basis, which rows can be returned by normal queries"): ``CREATE POLICY p ON
    t [AS ...] [FOR ALL | SELECT] [TO ...] USING (e) [WITH CHECK (c)]`` creates the row access policy ``p`` of the
    columns of t that e names, in t's schema, and puts it on t, as BigQuery's ``CREATE ROW ACCESS POLICY``
    (:func:`bigquery_row_access_policy`) does; ``DROP POLICY [IF EXISTS] p ON t`` takes it off t and drops it. A
    policy of other commands (``FOR INSERT | UPDATE | DELETE``) or of no ``USING`` filters no read: no record, as a
    policy in another dialect (``CREATE POLICY`` of Databricks' ABAC) has none. The roles are left out (the log does
    not say which a session holds); ``DISABLE ROW LEVEL SECURITY`` takes it off, ``ENABLE`` puts it back
    (:func:`_row_security_switched`); a table holds one row access policy here, as
    in Snowflake: of several, a read references the last put on it."""
    if binder.naming.dialect_name == "databricks":
        return governance.abac_policy(binder, statement)
    if binder.naming.dialect_name != "postgres":
        return None
    tokens, words, top, between = _policy_words(statement.text, binder)
    shape = "CREATE POLICY p ON t [AS ...] [FOR ...] [TO ...] [USING (e)] [WITH CHECK (e)], or DROP POLICY p ON t"
    on = top("ON")
    if on is None or on < 3:
        raise UnsupportedStatement(f"expected {shape}")
    name_at = 2 + 2 * (words[2:4] == ["IF", "EXISTS"])
    name = between(name_at, on)
    stop = min((found for word in ("AS", "FOR", "TO", "USING", "WITH", "CASCADE", "RESTRICT", ";")
                if (found := top(word, on + 1)) is not None), default=len(tokens))
    table = between(on + 1, stop)
    if not name or not table or (not name.startswith('"') and "." in name):  # (a quoted name may hold a dot)
        raise UnsupportedStatement(f"expected {shape}")
    target = _policy_table(binder, table, f"POLICY {name}")
    own = binder.naming.ident(exp.to_identifier(name.strip('"'), quoted=name.startswith('"')))
    policy = _policy_of_table(binder, target, own)
    if words[0] == "DROP":
        guard = " IF EXISTS" if name_at == 4 else ""
        if binder.lookup("Row access policy", _policy_parts(target, own)) is None:
            return None  # (a policy of other commands, which was never one here)
        held = target.row_access_policy is not None \
            and name_parts("Row access policy", target.row_access_policy) == _policy_parts(target, own)
        _dispatched(f"ALTER TABLE {table} DROP ROW ACCESS POLICY {policy}", binder, statement)
        dropped = _dispatched(f"DROP ROW ACCESS POLICY{guard} {policy}", binder, statement)
        if held:  # the one it held: the last of its other policies is on it again (reads reference it)
            _last_policy_put_back(binder, statement, table, target)
        return dropped
    command = top("FOR", stop)
    if command is not None and words[command + 1 : command + 2] not in (["ALL"], ["SELECT"]):
        return None
    using = top("USING", stop)
    if using is None or using + 1 >= len(tokens) or tokens[using + 1].token_type != TokenType.L_PAREN:
        return None
    body = between(using + 2, group_end(tokens, using + 1) - 1)
    return _table_policy_created(binder, statement, policy, name, table, target, body)


FORMS["CREATE POLICY"] = FORMS["DROP POLICY"] = postgres_row_security_policy


def _call(command: cmd.Call, binder: Binder, statement: Statement) -> RecordParts | None:
    """A procedure's call (:func:`.ddl.call`), but Oracle's ``DBMS_RLS.ADD_POLICY`` / ``DROP_POLICY``: a Virtual
    Private Database policy's DDL (:func:`oracle_vpd_policy`)."""
    parts = binder.naming.parts(command.name) if binder.naming.dialect_name == "oracle" else ()
    if [part.upper() for part in parts[-2:]] in (["DBMS_RLS", "ADD_POLICY"], ["DBMS_RLS", "DROP_POLICY"]):
        return oracle_vpd_policy(parts[-1].upper(), command.arguments, binder, statement)
    if [part.upper() for part in parts[-2:]] in (["DBMS_REDACT", "ADD_POLICY"], ["DBMS_REDACT", "ALTER_POLICY"],
                                                 ["DBMS_REDACT", "DROP_POLICY"]):
        return oracle_redaction_policy(parts[-1].upper(), command.arguments, binder, statement)
    return ddl.call(command, binder, statement)


FORMS[cmd.Call] = _call

#: The parameters of ``DBMS_RLS.ADD_POLICY`` and ``DROP_POLICY``, in their order (the first five: the table, the
#: policy, and the function that returns its predicate).
_VPD_PARAMETERS = ("OBJECT_SCHEMA", "OBJECT_NAME", "POLICY_NAME", "FUNCTION_SCHEMA", "POLICY_FUNCTION")
#: A call's argument ``name => value``.
_NAMED_ARGUMENT = re.compile(r"\s*(?P<name>\w+)\s*=>\s*(?P<value>.*)", re.DOTALL)


def _named_arguments(arguments: tuple[str, ...], order: tuple[str, ...]) -> dict[str, str]:
    """A call's arguments by parameter name (``name => value``, or by place in ``order``): a string's text, or a
    constant's last part (``DBMS_REDACT.FULL``: ``FULL``)."""
    values: dict[str, str] = {}
    for place, argument in enumerate(arguments):
        named = _NAMED_ARGUMENT.match(argument)
        key = named["name"].upper() if named else (order[place] if place < len(order) else "")
        text = (named["value"] if named else argument).strip()
        if text[:1] == "'" and text[-1:] == "'":
            values[key] = text[1:-1].replace("''", "'")
        elif _CONSTANT.fullmatch(text):
            values[key] = text.rsplit(".", 1)[-1].strip().upper()
    return values


#: A package's constant as an argument (``DBMS_REDACT.FULL``, ``dbms_redact.add_column``).
_CONSTANT = re.compile(r"[A-Za-z_][\w$]*(?:\s*\.\s*[A-Za-z_][\w$]*)*")


def _oracle_table(binder: Binder, values: dict[str, str], what: str) -> tuple[str, CatalogObject]:
    """The table a ``DBMS_*`` call's ``object_schema`` and ``object_name`` name (the schema: the session's when not
    given), as SQL and as the catalog's object."""
    schema = values.get("OBJECT_SCHEMA") or binder.context.known("schema") or ""
    table = ".".join(exp.to_identifier(binder.naming.normalize(part), quoted=True).sql(dialect=binder.naming.dialect)
                     for part in (schema, values["OBJECT_NAME"]) if part)
    return table, _policy_table(binder, table, what)


def oracle_vpd_policy(procedure: str, arguments: tuple[str, ...], binder: Binder, statement: Statement
                      ) -> RecordParts | None:
    """Oracle's Virtual Private Database: ``DBMS_RLS.ADD_POLICY(object_schema, object_name, policy_name,
    function_schema, policy_function, ...)`` puts on the table a row access policy whose predicate the function
    returns when a statement runs ("the policy function returns a predicate ... appended to the WHERE clause"),
    named as the table's own (``db.schema.table.policy``, as PostgreSQL's), its body the function's call (the
    predicate is not in the log, so no column is its argument); ``DROP_POLICY(object_schema, object_name,
    policy_name)`` takes it off and drops it. A read of the table then references it; the CREATE's record parts."""
    values = _named_arguments(arguments, _VPD_PARAMETERS)
    name = values.get("POLICY_NAME")
    if not values.get("OBJECT_NAME") or not name:
        raise UnsupportedStatement(f"DBMS_RLS.{procedure}: its table and policy are not named by strings")
    table, target = _oracle_table(binder, values, f"DBMS_RLS.{procedure}")
    own = binder.naming.normalize(name)
    policy = _policy_of_table(binder, target, own)
    if procedure == "DROP_POLICY":
        if binder.lookup("Row access policy", _policy_parts(target, own)) is None:
            return None
        _dispatched(f"ALTER TABLE {table} DROP ROW ACCESS POLICY {policy}", binder, statement)
        return _dispatched(f"DROP ROW ACCESS POLICY {policy}", binder, statement)
    function = ".".join(part for part in (values.get("FUNCTION_SCHEMA", ""), values.get("POLICY_FUNCTION", "")) if part)
    body = f"{function}()" if function else "TRUE"
    parts = _policy_parts(target, own)
    created = governance.create_policy(cmd.CreatePolicy(
        kind="ROW ACCESS POLICY", name=tuple(exp.to_identifier(part, quoted=True) for part in parts),
        or_replace=True, if_not_exists=False, arguments=(), returns="BOOLEAN", body=body, comment=None,
        exempt_other_policies=None), binder, statement)
    table_now = binder.relation(target.parts)  # (of no column: the predicate the function returns is not in the log)
    binder.catalog.put(table_now, table_now.evolve(row_access_policy=".".join(parts), row_access_columns=()))
    return created


#: The parameters of ``DBMS_REDACT.ADD_POLICY`` and ``ALTER_POLICY``, in their order.
_REDACT_ADD = ("OBJECT_SCHEMA", "OBJECT_NAME", "POLICY_NAME", "POLICY_DESCRIPTION", "COLUMN_NAME", "COLUMN_DESCRIPTION",
               "FUNCTION_TYPE", "FUNCTION_PARAMETERS", "EXPRESSION")
_REDACT_ALTER = ("OBJECT_SCHEMA", "OBJECT_NAME", "POLICY_NAME", "ACTION", "COLUMN_NAME", "FUNCTION_TYPE",
                 "FUNCTION_PARAMETERS", "EXPRESSION")


def oracle_redaction_policy(procedure: str, arguments: tuple[str, ...], binder: Binder, statement: Statement
                            ) -> RecordParts | None:
    """Oracle's Data Redaction, which masks a table's columns in the rows a query returns: ``DBMS_REDACT.ADD_POLICY
    (object_schema, object_name, policy_name, ..., column_name, ..., function_type, function_parameters,
    expression)`` creates the table's redaction policy ("a maximum of one policy per object", "unique based on a
    combination of the object owner, the object name, and the policy name") as a masking policy named as the table's
    own (``db.schema.table.policy``), its body the redaction applied when the expression holds, and sets it on the
    column; ``ALTER_POLICY(..., action, column_name, ...)`` sets it on another column (``ADD_COLUMN``, the default),
    takes it off one (``DROP_COLUMN``) or changes its body (``MODIFY_EXPRESSION``, ``MODIFY_COLUMN``);
    ``DROP_POLICY(object_schema, object_name, policy_name)`` takes it off every column and drops it. A read of such
    a column then references it. The CREATE's, the ALTER's or the DROP's record parts."""
    values = _named_arguments(arguments, _REDACT_ALTER if procedure == "ALTER_POLICY" else _REDACT_ADD)
    name = values.get("POLICY_NAME")
    if not values.get("OBJECT_NAME") or not name:
        raise UnsupportedStatement(f"DBMS_REDACT.{procedure}: its table and policy are not named by strings")
    table, target = _oracle_table(binder, values, f"DBMS_REDACT.{procedure}")
    parts = _policy_parts(target, binder.naming.normalize(name))
    policy = ".".join(exp.to_identifier(part, quoted=True).sql(dialect=binder.naming.dialect) for part in parts)
    existing = binder.lookup("Masking policy", parts)
    quoted = lambda column: exp.to_identifier(binder.naming.normalize(column), quoted=True).sql(  # noqa: E731
        dialect=binder.naming.dialect)
    if procedure == "DROP_POLICY":
        if existing is None:
            return None
        for column in target.columns or ():
            if (column.masking_policy or "").casefold() == existing.name.casefold():
                _dispatched(f"ALTER TABLE {table} MODIFY COLUMN {quoted(column.name)} UNSET MASKING POLICY", binder,
                            statement)
        return _dispatched(f"DROP MASKING POLICY {policy}", binder, statement)
    action = values.get("ACTION", "ADD_COLUMN") if procedure == "ALTER_POLICY" else "ADD_COLUMN"
    column_name = values.get("COLUMN_NAME")
    known = target.column(binder.naming.normalize(column_name)) if column_name and target.columns else None
    kind = known.data_type if known is not None and known.data_type else "VARCHAR2"
    kept = _REDACTED_WHEN.match(existing.body or "") if existing is not None else None  # (ALTER_POLICY: its own)
    parameters = f"('{values['FUNCTION_PARAMETERS']}')" if values.get("FUNCTION_PARAMETERS") else ""
    redacted = f"DBMS_REDACT.{values.get('FUNCTION_TYPE', 'FULL')}{parameters}" \
        if "FUNCTION_TYPE" in values or not kept else kept["redacted"]
    expression = values.get("EXPRESSION") or (kept["when"] if kept else "1=1")
    body = f"CASE WHEN {expression} THEN {redacted} ELSE val END"
    recorded = None
    if existing is None:
        recorded = governance.create_policy(cmd.CreatePolicy(
            kind="MASKING POLICY", name=tuple(exp.to_identifier(part, quoted=True) for part in parts),
            or_replace=True, if_not_exists=False, arguments=(cmd.PolicyArgument(exp.to_identifier("val"), kind),),
            returns=kind, body=body, comment=values.get("POLICY_DESCRIPTION"), exempt_other_policies=None),
            binder, statement)
    elif action in ("MODIFY_EXPRESSION", "MODIFY_COLUMN"):
        recorded = _dispatched(f"ALTER MASKING POLICY {policy} SET BODY -> {body}", binder, statement)
    if column_name and action in ("ADD_COLUMN", "DROP_COLUMN"):
        change = f"SET MASKING POLICY {policy}" if action == "ADD_COLUMN" else "UNSET MASKING POLICY"
        altered = _dispatched(f"ALTER TABLE {table} MODIFY COLUMN {quoted(column_name)} {change}", binder, statement)
        recorded = recorded or altered
    return recorded


#: A redaction policy's body as :func:`oracle_redaction_policy` writes it: its expression.
_REDACTED_WHEN = re.compile(r"CASE WHEN (?P<when>.*) THEN (?P<redacted>DBMS_REDACT\..*) ELSE val END", re.DOTALL)


def postgres_policy_altered(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """PostgreSQL's ``ALTER POLICY p ON t RENAME TO q`` (the row access policy renamed, t's reference with it) and
    ``ALTER POLICY p ON t [TO ...] [USING (e)] [WITH CHECK (c)]`` (a new filter: the policy's body ALTERed), of a
    policy this catalog holds (one of ``FOR SELECT | ALL`` with ``USING``); no record for another, nor in another
    dialect (Databricks' ABAC ``ALTER POLICY`` holds no data)."""
    if binder.naming.dialect_name != "postgres":
        return None
    tokens, words, top, between = _policy_words(statement.text, binder)
    on = top("ON")
    if on is None or on < 3:
        raise UnsupportedStatement("expected ALTER POLICY p ON t RENAME TO q, or ALTER POLICY p ON t [TO ...] "
                                   "[USING (e)] [WITH CHECK (e)]")
    name = between(2, on)
    stop = min((found for word in ("RENAME", "TO", "USING", "WITH", ";") if (found := top(word, on + 1)) is not None),
               default=len(tokens))
    target = _policy_table(binder, between(on + 1, stop), f"ALTER POLICY {name}")
    own = binder.naming.ident(exp.to_identifier(name.strip('"'), quoted=name.startswith('"')))
    if words[stop:stop + 2] == ["RENAME", "TO"] and stop + 2 < len(tokens):
        new = between(stop + 2, len(tokens))
        renamed = binder.naming.ident(exp.to_identifier(new.strip('"'), quoted=new.startswith('"')))
        return _table_policy_altered(binder, statement, target, own, renamed=renamed)
    using = top("USING", stop)
    if using is None or using + 1 >= len(tokens) or tokens[using + 1].token_type != TokenType.L_PAREN:
        return None  # (its roles or its WITH CHECK: no filter of reads changed)
    return _table_policy_altered(binder, statement, target, own,
                                 body=between(using + 2, group_end(tokens, using + 1) - 1))


def _table_policy_altered(binder: Binder, statement: Statement, target: CatalogObject, own: str, *,
                          renamed: str | None = None, body: str | None = None) -> RecordParts | None:
    """The policy ``own`` of the table ``target`` (PostgreSQL's, ClickHouse's) given a new filter ``body`` and renamed
    ``renamed``, as ``ALTER ROW ACCESS POLICY ... SET BODY -> ...`` and ``... RENAME TO ...`` (the table's reference
    follows the rename): the last ALTER's record parts; None when the catalog holds no such policy (one of other
    commands than reads, which was never one here)."""
    if binder.lookup("Row access policy", _policy_parts(target, own)) is None:
        return None
    policy, parts = _policy_of_table(binder, target, own), None
    if body is not None:
        parts = _dispatched(f"ALTER ROW ACCESS POLICY {policy} SET BODY -> {body}", binder, statement)
    if renamed is not None:
        parts = _dispatched(f"ALTER ROW ACCESS POLICY {policy} RENAME TO {_policy_of_table(binder, target, renamed)}",
                            binder, statement)
    return parts


FORMS["ALTER POLICY"] = postgres_policy_altered


def clickhouse_row_policy(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """ClickHouse's row policies, which belong to a table ("A row policy is a filter that defines which rows are
    available to a user or role"): ``CREATE ROW POLICY [IF NOT EXISTS | OR REPLACE] p1 [ON CLUSTER c] ON [db.]t1 [,
    p2 ON [db.]t2 ...] [FOR SELECT] USING e [AS PERMISSIVE | RESTRICTIVE] [TO ...]`` creates each row access policy,
    of its table's columns that e names, in the table's database, and puts it on the table, as PostgreSQL's ``CREATE
    POLICY`` does (``p1, p2 ON t1, t2``: each of the names on each of the tables); ``DROP ROW POLICY [IF EXISTS] p ON
    t [, ...]`` takes each off and drops it. The roles are left out; ``ON db.*`` (every table of a database) is set
    aside. A table holds one row access policy here: of two on one table, the later one is referenced."""
    tokens, words, top, between = _policy_words(statement.text, binder)
    at = 3
    replace = words[at:at + 2] == ["OR", "REPLACE"]
    guard = words[at:at + 3] == ["IF", "NOT", "EXISTS"] or words[at:at + 2] == ["IF", "EXISTS"]
    at += 2 if replace else (3 if words[at + 1:at + 2] == ["NOT"] else 2) if guard else 0
    shape = "CREATE ROW POLICY p ON t [FOR SELECT] USING e [AS ...] [TO ...], or DROP ROW POLICY p ON t"
    named = top("ON", at)
    stop = min((found for word in ("FOR", "USING", "AS", "TO", "IN", ";")
                if (found := top(word, named + 1 if named is not None else at)) is not None), default=len(tokens))
    pairs = _named_on_tables(tokens, words, between, at, stop)
    if not pairs or any(not name or not table or table.endswith("*") for name, table in pairs):
        raise UnsupportedStatement(f"expected {shape}")
    if words[0] == "DROP":
        dropped = None
        for name, table in pairs:
            own = binder.naming.ident(exp.to_identifier(name.strip('"`'), quoted=name[:1] in '"`'))
            target = _policy_table(binder, table, f"ROW POLICY {name}")
            policy = _policy_of_table(binder, target, own)
            if binder.lookup("Row access policy", _policy_parts(target, own)) is not None:
                _dispatched(f"ALTER TABLE {table} DROP ROW ACCESS POLICY {policy}", binder, statement)
                dropped = _dispatched(f"DROP ROW ACCESS POLICY {policy}", binder, statement)
        return dropped
    using = top("USING", stop)
    if using is None:
        return None  # (a policy of no filter: every row)
    end = min((found for word in ("AS", "TO", ";") if (found := top(word, using + 1)) is not None), default=len(tokens))
    body = between(using + 1, end)
    created = None
    for name, table in pairs:
        own = binder.naming.ident(exp.to_identifier(name.strip('"`'), quoted=name[:1] in '"`'))
        target = _policy_table(binder, table, f"ROW POLICY {name}")
        created = _table_policy_created(binder, statement, _policy_of_table(binder, target, own), name, table, target,
                                        body, " OR REPLACE" if replace else "",
                                        " IF NOT EXISTS" if guard else "") or created
    return created


def _named_on_tables(tokens: list, words: list[str], between: Callable[..., str], start: int,
                     stop: int) -> list[tuple[str, str]]:
    """The (policy, table) pairs of ClickHouse's row policy names, tokens ``start`` to ``stop``: ``p1 ON t1, p2 ON
    t2`` each with its table, ``p1, p2 ON t1, t2`` each name with each table; ``ON CLUSTER c`` left out."""
    items, first, level = [], start, 0
    for index in range(start, stop):  # (the items between commas outside brackets)
        level += tokens[index].token_type == TokenType.L_PAREN
        level -= tokens[index].token_type == TokenType.R_PAREN
        if not level and tokens[index].token_type == TokenType.COMMA:
            items.append((first, index))
            first = index + 1
    items.append((first, stop))
    pairs: list[tuple[str, str]] = []
    waiting: list[str] = []  # (names before their ON)
    named: list[str] = []  # (the names of the last ON, whose tables may go on after it)
    for first, end in items:
        on = next((i for i in range(first, end) if words[i] == "ON" and words[i + 1:i + 2] != ["CLUSTER"]), None)
        if on is None and not named:
            waiting.append(between(first, end))
            continue
        if on is None:
            pairs += [(name, between(first, end)) for name in named]
            continue
        head = next((i for i in range(first, on) if words[i] == "ON"), on)  # (before its ON CLUSTER c)
        named, waiting = [*waiting, between(first, head)], []
        pairs += [(name, between(on + 1, end)) for name in named]
    return pairs if not waiting else []


FORMS["CREATE ROW POLICY"] = FORMS["DROP ROW POLICY"] = clickhouse_row_policy


def clickhouse_row_policy_altered(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """ClickHouse's ``ALTER ROW POLICY [IF EXISTS] p [ON CLUSTER c] ON t [RENAME TO q] [...] [USING e] [TO ...]``:
    the row access policy of t renamed (t's reference with it) and its body changed, as PostgreSQL's ``ALTER POLICY``
    (:func:`postgres_policy_altered`) does; no record for a policy this catalog does not hold."""
    tokens, words, top, between = _policy_words(statement.text, binder)
    at = 3 + 2 * (words[3:5] == ["IF", "EXISTS"])
    named = top("ON", at)
    on = top("ON", named + 3) if named is not None and words[named + 1:named + 2] == ["CLUSTER"] else named
    if on is None or named is None or named <= at:
        raise UnsupportedStatement("expected ALTER ROW POLICY p ON t [RENAME TO q] [USING e] ...")
    name = between(at, named)
    stop = min((found for word in ("RENAME", "FOR", "USING", "AS", "TO", "IN", ";") if (found := top(word, on + 1))
                is not None), default=len(tokens))
    target = _policy_table(binder, between(on + 1, stop), f"ROW POLICY {name}")
    own = binder.naming.ident(exp.to_identifier(name.strip('"`'), quoted=name[:1] in '"`'))
    using, renamed = top("USING", stop), top("RENAME", stop)
    end = min((found for word in ("AS", "TO", ";") if (found := top(word, (using or 0) + 1)) is not None),
              default=len(tokens))
    renaming = renamed is not None and words[renamed + 1:renamed + 2] == ["TO"] and renamed + 2 < len(tokens)
    return _table_policy_altered(binder, statement, target, own,
                                 renamed=binder.naming.normalize(tokens[renamed + 2].text) if renaming else None,
                                 body=between(using + 1, end) if using is not None else None)


FORMS["ALTER ROW POLICY"] = clickhouse_row_policy_altered


#: DuckDB's ``EXPORT DATABASE [db TO] 'directory' [(options)]``.
_EXPORT_DATABASE = re.compile(r"\s*export\s+database\s+(?:(?P<db>[\w\"]+)\s+to\s+)?'(?P<dir>(?:[^']|'')*)'",
                              re.IGNORECASE)


def duckdb_export_database(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """DuckDB's ``EXPORT DATABASE [db TO] 'directory'``: "exports the full contents of the database", every column of
    each of its tables read (of each schema, as the catalog knows them then) and written to files in the directory."""
    found = _EXPORT_DATABASE.match(statement.text)
    if binder.naming.dialect_name != "duckdb" or found is None:
        raise UnsupportedStatement(f"unsupported statement: {_unsupported(node, binder, statement)}")
    database = binder.naming.normalize(found["db"].strip('"')) if found["db"] else binder.context.known("database")
    res = Resolution(binder, record_stages=True)
    for table in _database_tables(binder, database or ""):
        res.read_all_columns(table)
    res.write_location(found["dir"].replace("''", "'"))
    return res.parts()


def _database_tables(binder: Binder, database: str) -> list[CatalogObject]:
    """The permanent tables of each schema of the DuckDB database ``database``, as the catalog knows them now, in name
    order: of its name in any case, and of a schema of any spelling (DuckDB finds names in any case, and keeps the
    one each was created with: ``CREATE TABLE stage.t`` after ``CREATE SCHEMA Stage``)."""
    folded = database.casefold()
    return sorted((obj for obj in binder.catalog.objects() if obj.domain == "Table" and obj.session is None
                   and len(obj.parts) == 3 and obj.parts[0].casefold() == folded), key=lambda obj: obj.name.casefold())


FORMS["EXPORT DATABASE"] = duckdb_export_database

#: DuckDB's ``IMPORT DATABASE 'directory'``.
_IMPORT_DATABASE = re.compile(r"\s*import\s+database\s+'(?P<dir>(?:[^']|'')*)'\s*;?\s*", re.IGNORECASE)


def duckdb_import_database(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """DuckDB's ``IMPORT DATABASE 'directory'``: the files an EXPORT DATABASE wrote there read, the location; the
    tables it makes and fills are named in the directory's schema.sql, which the log does not hold."""
    found = _IMPORT_DATABASE.fullmatch(statement.text)
    if binder.naming.dialect_name != "duckdb" or found is None:
        raise UnsupportedStatement(f"unsupported statement: {_unsupported(node, binder, statement)}")
    res = Resolution(binder, record_stages=True)
    res.read_location(found["dir"].replace("''", "'"))
    return res.parts()


FORMS["IMPORT DATABASE"] = duckdb_import_database

#: DuckDB's ``COPY FROM DATABASE db1 TO db2 [(SCHEMA | DATA)]``.
_COPY_DATABASE = re.compile(r"\s*copy\s+from\s+database\s+(?P<source>[\w\"]+)\s+to\s+(?P<target>[\w\"]+)"
                            r"\s*(?:\(\s*(?P<what>schema|data)\s*\))?\s*;?\s*", re.IGNORECASE)


def duckdb_copy_database(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """DuckDB's ``COPY FROM DATABASE db1 TO db2``: every table of ``db1`` (of each schema, as the catalog knows them
    then) copied into a table of its schema and name in ``db2``, each column from its own, and the copies known
    from now on; with ``(SCHEMA)`` the tables alone are made, no row read or written."""
    found = _COPY_DATABASE.fullmatch(statement.text)
    if binder.naming.dialect_name != "duckdb" or found is None:
        raise UnsupportedStatement(f"unsupported statement: {_unsupported(node, binder, statement)}")
    source, target = (binder.naming.object_name(found[key].strip('"'), found[key][:1] == '"')
                      for key in ("source", "target"))
    rows = (found["what"] or "data").lower() == "data"
    res = Resolution(binder, record_stages=True)
    named = next((obj.parts[0] for obj in binder.catalog.objects() if len(obj.parts) == 3
                  and obj.parts[0].casefold() == target.casefold()), target)  # (the target's spelling, if known)
    for table in _database_tables(binder, source):
        name = ".".join((named, *table.parts[1:]))
        object_id = ddl.new_object_id(binder.catalog, "Table", name, statement)
        names = [column.name for column in table.columns or ()]
        copy = CatalogObject(domain="Table", name=name, id=object_id,
                             columns=ddl.new_columns(object_id, names, like={c.name: c for c in table.columns or ()})
                             if table.columns is not None else None)
        binder.catalog.put(binder.existing("relation", name), copy)
        if rows:
            query = res.query(exp.select(exp.Star()).from_(exp.Table(
                this=exp.to_identifier(table.parts[-1], quoted=True),
                db=exp.to_identifier(table.parts[-2], quoted=True),
                catalog=exp.to_identifier(table.parts[0], quoted=True))))
            res.write(copy, query.columns)
    return res.parts()


FORMS["COPY FROM DATABASE"] = duckdb_copy_database


def exasol_connection(node: object, binder: Binder, statement: Statement) -> None:
    """Exasol's ``CREATE | ALTER CONNECTION c TO 'address'`` keeps the address the files of an IMPORT or EXPORT ``AT
    c`` are under (kept as T-SQL's external data sources are), ``DROP CONNECTION c`` forgets it: no record (a
    connection holds no data). Elsewhere (Databricks' connections to other databases) nothing is kept."""
    written = exasol.CONNECTION.match(statement.text)
    if binder.naming.dialect_name != "exasol" or written is None:
        return None
    name = binder.data_source_name(exasol.connection_name(binder.naming, written["name"]))
    old = binder.catalog.lookup(DATA_SOURCE, tuple(name.split(".")))
    if written["verb"].upper() == "DROP":
        if old is not None:
            binder.catalog.remove(old)
        return None
    url = written["url"].replace("''", "'") if written["url"] is not None else old.url if old is not None else None
    if url is not None:
        binder.catalog.put(old, CatalogObject(domain=DATA_SOURCE, name=name, url=url,
                                              id=ddl.new_object_id(binder.catalog, DATA_SOURCE, name, statement)))
    return None


def exasol_import(node: object, binder: Binder, statement: Statement) -> RecordParts:
    """Exasol's ``IMPORT [INTO t [(columns)] | INTO (definitions)] FROM source ...`` (:mod:`.exasol`): a load, the
    source read (files' locations, another database's table or query, a script) and t written, from the query's
    columns by position, else from no source; without a table, a query of the source's rows."""
    imported = exasol.read_import(binder.naming, statement.text)
    rows = exasol.source_rows(binder.naming, imported.source, binder.data_source_url)
    res = Resolution(binder, record_stages=True)
    for location in rows.locations:
        res.read_location(location)
    if rows.script is not None:
        dml.read_procedure(res, rows.script)
    query, table, listed = rows.remote_query(passed_through_query), imported.table, imported.listed
    if table is None:
        if query is not None:
            res.query(query)
        return res.parts()
    columns = [exp.column(exp.to_identifier(name, quoted=True)) for name in listed] if listed else None
    if query is not None:  # rows of another database's table or query: an INSERT ... SELECT
        dml.resolve_insert(exp.Insert(this=exp.Schema(this=table, expressions=columns) if columns else table,
                                      expression=query), res)
        return res.parts()
    written = res.target(table)
    names = dml.target_columns(res, written, columns, loading=True)
    res.write(written, [(name, EMPTY) for name in names if name is not None])
    return res.parts()


def exasol_export(node: object, binder: Binder, statement: Statement) -> RecordParts:
    """Exasol's ``EXPORT {t [(columns)] | (query)} INTO destination ...`` (:mod:`.exasol`): an unload, the rows read
    and the destination written (files' locations; another database's table, each column from the rows' by
    position; a connection given as a string, its address)."""
    exported = exasol.read_export(binder.naming, statement.text)
    destination = exported.destination
    res = Resolution(binder, record_stages=True)
    connection = destination.connection
    if destination.kind == "TABLE" and connection.name is not None:
        target = exasol.remote_select(destination, exp.to_identifier(connection.name, quoted=True)).args["from_"].this
        columns = [exp.column(exp.to_identifier(n, quoted=True)) for n in destination.columns or ()]
        dml.resolve_insert(exp.Insert(this=exp.Schema(this=target, expressions=columns) if columns else target,
                                      expression=exported.rows), res)
        return res.parts()
    res.query(exported.rows)
    if destination.kind == "FILES":
        for via, path in destination.files:
            res.write_location(exasol.located(via, path, binder.data_source_url, local=destination.system == "LOCAL"))
    elif destination.kind == "SCRIPT":
        dml.read_procedure(res, binder.naming.table_parts(destination.table))
    elif connection.name is None:
        res.write_location(without_credentials(connection.address))
    else:
        raise UnsupportedStatement(f"EXPORT ... INTO {destination.system} AT {connection.name} STATEMENT: the "
                                   "statement the rows are written by is another database's, not read here")
    return res.parts()


#: Redshift's ``CREATE EXTERNAL SCHEMA [IF NOT EXISTS] s FROM ...``.
_EXTERNAL_SCHEMA = re.compile(r"\s*CREATE\s+EXTERNAL\s+SCHEMA\s+(?:IF\s+NOT\s+EXISTS\s+)?"
                              r"(?P<name>\"(?:[^\"]|\"\")+\"|[^\s\"]+)", re.IGNORECASE)


#: Where an external schema's tables are Redshift Spectrum's external tables: a Glue Data Catalog's or a Hive
#: metastore's database.
_SPECTRUM = re.compile(r"\bFROM\s+(?:DATA\s+CATALOG|HIVE\s+METASTORE)\b", re.IGNORECASE)


def redshift_external_schema(node: object, binder: Binder, statement: Statement) -> None:
    """Redshift's ``CREATE EXTERNAL SCHEMA s FROM DATA CATALOG | HIVE METASTORE | POSTGRES | MYSQL ...``: a local name
    for another catalog's database, whose tables are read by their names: no record; a Glue Data Catalog's or a Hive
    metastore's tables are external tables (:meth:`.Binder._in_external_schema`), and ``DROP SCHEMA s`` forgets the
    schema (:func:`.governance.drop`)."""
    written = _EXTERNAL_SCHEMA.match(statement.text)
    database = binder.context.known("database")
    if binder.naming.dialect_name != "redshift" or written is None or not database \
            or not _SPECTRUM.search(statement.text, written.end()):
        return None  # (a federated database's, a datashare's or a stream's schema: its tables are not external)
    raw = written["name"]
    schema = raw[1:-1].replace('""', '"') if raw.startswith('"') else binder.naming.normalize(raw)
    name = f"{database}.{schema}"
    old = binder.catalog.lookup(EXTERNAL_SCHEMA, (database, schema))
    if old is None:
        binder.catalog.put(None, CatalogObject(domain=EXTERNAL_SCHEMA, name=name,
                                               id=ddl.new_object_id(binder.catalog, EXTERNAL_SCHEMA, name, statement)))
    return None


FORMS["CREATE EXTERNAL SCHEMA"] = redshift_external_schema

#: Oracle's ``CREATE [OR REPLACE] [EDITIONABLE | NONEDITIONABLE] PACKAGE [BODY] [schema.]p`` and ``DROP PACKAGE [BODY]
#: [schema.]p``.
_PACKAGE = re.compile(r"\s*(?P<verb>CREATE|DROP)\s+(?:OR\s+REPLACE\s+)?(?:(?:NON)?EDITIONABLE\s+)?PACKAGE\s+"
                      r"(?P<body>BODY\s+)?(?P<name>(?:\"[^\"]+\"|[\w$#]+)(?:\s*\.\s*(?:\"[^\"]+\"|[\w$#]+))?)",
                      re.IGNORECASE)


def oracle_package(node: object, binder: Binder, statement: Statement) -> None:
    """Oracle's package: no record (PL/SQL code, what its routines run is logged as statements of their own), but its
    specification's CREATE makes it known, so that ``p.r`` names routine r of package p of the current schema before
    a schema named p ("PL/SQL searches for the first identifier ... first as a package, type, table, or view name in
    the current schema", :func:`.dml.read_procedure`, :meth:`.Binder.uncatalogued_udf`); ``DROP PACKAGE p`` (not
    its BODY alone) forgets it. Its specification's text and its body's are kept (``body``, ``definition``): the
    queries of its cursors, which a block opens (:func:`oracle_package_cursor`)."""
    found = _PACKAGE.match(statement.text)
    if binder.naming.dialect_name != "oracle" or found is None:
        return None
    parts = binder.qualified(binder.naming.parts([exp.to_identifier(part.strip().strip('"'),
                                                                    quoted=part.strip().startswith('"'))
                                                  for part in re.split(r"\s*\.\s*", found["name"])]))
    old = binder.catalog.lookup(PACKAGE, tuple(parts))
    if found["verb"].upper() == "DROP":
        if old is not None and not found["body"]:
            binder.catalog.remove(old)
        elif old is not None:
            binder.catalog.put(old, old.evolve(definition=None))
        return None
    if found["body"]:
        if old is not None:
            binder.catalog.put(old, old.evolve(definition=statement.text))
        return None
    name = ".".join(parts)
    binder.catalog.put(old, CatalogObject(domain=PACKAGE, name=name, body=statement.text,
                                          definition=old.definition if old is not None else None,
                                          id=old.id if old is not None else
                                          ddl.new_object_id(binder.catalog, PACKAGE, name, statement)))
    return None


#: ``OPEN pkg.c`` of a package's cursor (:meth:`.scripting._Walker.package_cursor`).
_OPEN_CURSOR = re.compile(r"\s*OPEN\s+(?P<name>[^\s;]+)\s*;?\s*", re.IGNORECASE)


def oracle_package_cursor(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """A block's ``OPEN pkg.c`` or ``FOR r IN pkg.c LOOP`` of a package's cursor: its query runs (PL/SQL Language
    Reference, "Explicit Cursors": OPEN "executes the query"), read as the package's CREATE (its specification's, or
    its body's for a cursor the specification declares with ``RETURN`` alone) gives it, its names the package's
    schema's; set aside, saying so, when the log created no such package or cursor."""
    found = _OPEN_CURSOR.fullmatch(statement.text)
    if binder.naming.dialect_name != "oracle" or found is None or "." not in found["name"]:
        return None  # (T-SQL's, MySQL's OPEN c: a cursor declared by the batch, whose query was read there)
    written = [part.strip('"') for part in found["name"].split(".")]
    package = binder.package(tuple(binder.naming.normalize(part) for part in written[:-1]))
    query = None
    if package is not None:
        for text in (package.body, package.definition):
            query = scripting.cursor_of(text or "", binder.naming.normalize(written[-1]))
            if query is not None:
                break
    if query is None:
        raise UnsupportedStatement(f"OPEN of {found['name']}, a cursor of a package whose CREATE the log did not give "
                                   "(its query is not known here)")
    res = Resolution(binder.for_object(package))
    dml.resolve_select(parse_sql(query, "oracle", what=f"the query of the cursor {found['name']}"), res)
    return res.parts()



FORMS.update(dict.fromkeys(("CREATE PACKAGE", "DROP PACKAGE"), oracle_package))
# (Exasol's connection: the address the files of its IMPORT and EXPORT are under; elsewhere, Databricks', nothing)
FORMS.update(dict.fromkeys((f"{verb} CONNECTION" for verb in ("CREATE", "ALTER", "DROP")), exasol_connection))
# Exasol's loads and unloads (:data:`.statements.DIALECT_FORMS`: in Exasol only)
FORMS["IMPORT"], FORMS["EXPORT"] = exasol_import, exasol_export
# BigQuery's EXPORT MODEL m OPTIONS (URI = 'gs://...') (a model is no data object of the reference) and EXPORT TABLE
# METADATA FROM t (a BigLake Iceberg table's metadata written out: no row of it read)
FORMS["EXPORT MODEL"] = FORMS["EXPORT TABLE METADATA"] = no_record
# DuckDB's FORCE CHECKPOINT (CHECKPOINT without waiting) and COMMENT ON MACRO [TABLE] m (a macro is a function)
FORMS["FORCE CHECKPOINT"] = FORMS["COMMENT MACRO"] = no_record


def _dispatched(text: str, binder: Binder, statement: Statement) -> RecordParts | None:
    """The record parts of the statement ``text`` stands for (its catalog changes made)."""
    return dispatch(parse_statement(text, binder.naming.dialect_name), binder, statement)


#: T-SQL's ``CREATE SECURITY POLICY``: its name, and each ``ADD FILTER PREDICATE f(c, ...) ON t``.
#: Comments before a statement's first word (a sample script's ``/* TRY IT: ... */``).
_LEADING_COMMENTS = r"(?:\s++|--[^\n]*+|/\*(?:[^*]|\*(?!/))*+\*/)*+"
#: A T-SQL name: words, dots and bracketed parts (``[dbo].[Order Lines]``).
_TSQL_NAME = r"(?:\[[^\]]*+\]|[\w.])++"
_SECURITY_POLICY = re.compile(_LEADING_COMMENTS + r"create\s+security\s+policy\s+(?P<name>" + _TSQL_NAME + r")\s",
                              re.IGNORECASE)
_FILTER_PREDICATE = re.compile(r"\badd\s+filter\s+predicate\s+(?P<call>" + _TSQL_NAME
                               + r"\s*\((?:[^()]|\([^()]*\))*\))\s+on\s+(?P<table>" + _TSQL_NAME + ")", re.IGNORECASE)


def tsql_security_policy(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """T-SQL's row-level security: ``CREATE SECURITY POLICY p ADD FILTER PREDICATE f(c, ...) ON t [, ADD BLOCK
    PREDICATE ...] [WITH (...)]`` creates the row access policy ``p`` whose filter is the call ``f(c, ...)`` (an
    inline table function: a row is read where it returns one) and puts it on t, as BigQuery's ``CREATE ROW ACCESS
    POLICY`` (:func:`bigquery_row_access_policy`) does: the record is the CREATE's, a later read of t references p.
    A BLOCK predicate restricts writes, no read: a policy of none but those records nothing. Of FILTER predicates on
    several tables (Microsoft's sample: ``ADD FILTER PREDICATE f(c) ON dbo.Patients, ADD FILTER PREDICATE f(c) ON
    dbo.Visits``), the policy is created of the first filter and put on each table on the columns its call names."""
    named = _SECURITY_POLICY.match(statement.text)
    filters = _FILTER_PREDICATE.findall(statement.text)
    if named is None:
        raise UnsupportedStatement("expected CREATE SECURITY POLICY p ADD FILTER PREDICATE f(c, ...) ON t ...")
    if not filters:
        return None
    put = _STATE_OFF.search(statement.text) is None
    call, table = filters[0]
    target = _policy_table(binder, table, f"SECURITY POLICY {named['name']}")
    created = _table_policy_created(binder, statement, named["name"], named["name"], table, target, call, put=put)
    for call, table in filters[1:] if put else ():
        target = _policy_table(binder, table, f"SECURITY POLICY {named['name']}")
        _table_policy_created(binder, statement, named["name"], named["name"], table, target, call, create=False)
    return created


#: T-SQL's ``ALTER SECURITY POLICY p`` and ``DROP SECURITY POLICY [IF EXISTS] p``.
_SECURITY_POLICY_CHANGE = re.compile(_LEADING_COMMENTS + r"(?P<verb>alter|drop)\s+security\s+policy\s+"
                                     r"(?P<guard>if\s+exists\s+)?(?P<name>" + _TSQL_NAME + ")", re.IGNORECASE)
#: ``WITH (STATE = OFF)``: a security policy that filters nothing ("the security policy is not enforced").
_STATE_OFF = re.compile(r"\bstate\s*=\s*off\b", re.IGNORECASE)
#: ``DROP FILTER PREDICATE ON t``.
_FILTER_DROPPED = re.compile(r"\bdrop\s+filter\s+predicate\s+on\s+(?P<table>" + _TSQL_NAME + ")", re.IGNORECASE)


def tsql_security_policy_change(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """T-SQL's ``ALTER SECURITY POLICY p ADD FILTER PREDICATE f(c) ON t`` puts p on t too (the ALTER of t's record);
    ``... DROP FILTER PREDICATE ON t`` and ``... WITH (STATE = OFF)`` ("not enforced") take it off t, off every
    table; ``DROP SECURITY POLICY p`` takes it off every table and drops it (the DROP's record). A policy turned back
    ``ON`` is put again only where an ADD in the same statement puts it: the tables it filtered before are not
    known here."""
    change = _SECURITY_POLICY_CHANGE.match(statement.text)
    if change is None:
        raise UnsupportedStatement("expected ALTER SECURITY POLICY p ... or DROP SECURITY POLICY [IF EXISTS] p")
    name = change["name"]
    try:
        _, policy = ddl.reference_name(binder, "Row access policy", binder.naming.table_parts(
            exp.to_table(name, dialect=binder.naming.dialect)))
    except SqlglotError:
        raise UnsupportedStatement(f"SECURITY POLICY {name}: expected the policy's name") from None
    dropped_from = [match["table"] for match in _FILTER_DROPPED.finditer(statement.text)]
    parts: RecordParts | None = None
    if policy is not None and (change["verb"].upper() == "DROP" or _STATE_OFF.search(statement.text)):
        dropped_from = [".".join(exp.to_identifier(part, quoted=True).sql(dialect=binder.naming.dialect)
                                 for part in obj.parts) for obj in binder.catalog.objects()  # (the tables it is on)
                        if obj.row_access_policy and obj.row_access_policy.casefold() == policy.name.casefold()]
    for table in dropped_from:
        parts = _dispatched(f"ALTER TABLE {table} DROP ROW ACCESS POLICY {name}", binder, statement) or parts
    if change["verb"].upper() == "DROP":
        return _dispatched(f"DROP ROW ACCESS POLICY{' IF EXISTS' if change['guard'] else ''} {name}", binder,
                           statement)
    for call, table in _FILTER_PREDICATE.findall(statement.text):
        target = _policy_table(binder, table, f"SECURITY POLICY {name}")
        parts = _table_policy_created(binder, statement, name, name, table, target, call, create=False) or parts
    return parts


FORMS["CREATE SECURITY POLICY"] = tsql_security_policy
FORMS.update(dict.fromkeys(("ALTER SECURITY POLICY", "DROP SECURITY POLICY"), tsql_security_policy_change))


#: SQL Server's ``SYSTEM_VERSIONING = ON (HISTORY_TABLE = h)`` | ``= OFF`` (a CREATE's or an ALTER's).
_SYSTEM_VERSIONING = re.compile(r"\bsystem_versioning\s*=\s*(?P<state>on|off)\b(?:\s*\(\s*history_table\s*=\s*"
                                r"(?P<name>" + _TSQL_NAME + "))?", re.IGNORECASE)


def _versioned(handler: Handler) -> Handler:
    """``handler`` (a CREATE TABLE's, an ALTER's) followed, in T-SQL, by the history table its ``SYSTEM_VERSIONING =
    ON (HISTORY_TABLE = h)`` links to the table (h's :attr:`.CatalogObject.parents` name it, so a read ``FOR
    SYSTEM_TIME`` reads h too: :meth:`.analysis.Analyzer._with_history`), made of the table's columns where the
    catalog lacks it (SQL Server makes it), or ``= OFF`` unlinks."""
    def handle(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
        parts = handler(node, binder, statement)
        found = _SYSTEM_VERSIONING.search(statement.text) if binder.naming.dialect_name == "tsql" else None
        if found is None:
            return parts
        named = node.this.this if isinstance(node, exp.Create) and isinstance(node.this, exp.Schema) else \
            node.this if isinstance(node, exp.Create) else None
        try:
            table = binder.relation(binder.naming.table_parts(named) if isinstance(named, exp.Table)
                                    else binder.naming.parts(node.name))
            history = binder.relation(binder.naming.table_parts(exp.to_table(found["name"], dialect="tsql"))) \
                if found["name"] else None
        except (AttributeError, UnsupportedStatement, SqlglotError):
            return parts  # (a name this cannot read: the link is not made)
        if found["state"].upper() == "OFF":
            for history in binder.catalog.lookup_inheriting():
                if table.name in history.parents:
                    binder.catalog.put(history, history.evolve(
                        parents=tuple(p for p in history.parents if p != table.name)))
        elif history is not None:
            linked = history.name
            if history.known and table.known and table.name not in history.parents:
                binder.catalog.put(history, history.evolve(parents=(*history.parents, table.name)))
            elif not history.known and table.known and table.columns is not None:
                # "if the specified history table does not exist, the system generates a new history table matching
                # the schema of the current table": known from now on, linked to the table
                name = ".".join(binder.path_qualified(binder.naming.table_parts(
                    exp.to_table(found["name"], dialect="tsql"))))  # (as written: the statement makes it)
                object_id = ddl.new_object_id(binder.catalog, "Table", name, statement)
                names = [column.name for column in table.columns]
                binder.catalog.put(None, CatalogObject(
                    domain="Table", name=name, id=object_id, parents=(table.name,),
                    columns=ddl.new_columns(object_id, names, like={c.name: c for c in table.columns})))
                linked = name
            ddl_entries = parts.object_modified_by_ddl if parts is not None and not isinstance(node, exp.Create) else []
            for entry in ddl_entries:  # (an ALTER's SET (SYSTEM_VERSIONING = ON (HISTORY_TABLE = h)), as = OFF's is)
                properties = entry.setdefault("properties", {})
                properties.setdefault("SYSTEM_VERSIONING", ddl.value("ON"))
                properties.setdefault("HISTORY_TABLE", ddl.value(linked))
        return parts
    return handle


#: PostgreSQL's ``ALTER TABLE [IF EXISTS] [ONLY] t ... {ENABLE | DISABLE} ROW LEVEL SECURITY``.
_ROW_SECURITY = re.compile(r"\s*ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?(?:ONLY\s+)?"
                           r"(?P<table>\"[^\"]+\"(?:\.\"[^\"]+\"|\.\S+)*|\S+)"
                           r"\s.*?\b(?P<switch>ENABLE|DISABLE)\s+ROW\s+LEVEL\s+SECURITY\b", re.IGNORECASE | re.DOTALL)


_SWITCH = re.compile(r"(?:ENABLE|DISABLE)\s+ROW\s+LEVEL\s+SECURITY", re.IGNORECASE)


def _row_security_switched(handler: Handler) -> Handler:
    """PostgreSQL's ``ALTER TABLE t DISABLE ROW LEVEL SECURITY`` takes t's policy off (its policies "are not
    applied"; reads reference none), ``ENABLE ROW LEVEL SECURITY`` puts the last of its policies back on: around
    the ALTER's own record (a table's policies are taken as enforced from their CREATE: a log that enabled row
    security before the log began is the usual one)."""

    def handle(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
        parts = handler(node, binder, statement)
        switched = binder.naming.dialect_name == "postgres" and isinstance(node, cmd.Alter) and any(
            isinstance(action, cmd.OtherChange) and _SWITCH.fullmatch(action.text) for action in node.actions)
        found = _ROW_SECURITY.match(statement.text) if switched else None  # (not the ALTERs dispatched below)
        if found is None:
            return parts
        table = found["table"]
        target = _policy_table(binder, table, "ROW LEVEL SECURITY")
        if found["switch"].upper() == "DISABLE" and target.row_access_policy:
            held = ".".join(exp.to_identifier(part, quoted=True).sql(dialect=binder.naming.dialect)
                            for part in name_parts("Row access policy", target.row_access_policy))
            _dispatched(f"ALTER TABLE {table} DROP ROW ACCESS POLICY {held}", binder, statement)
        elif found["switch"].upper() == "ENABLE" and not target.row_access_policy:
            _last_policy_put_back(binder, statement, table, target)
        return parts
    return handle


FORMS[(exp.Create, "TABLE")] = _versioned(FORMS[(exp.Create, "TABLE")])
FORMS[cmd.Alter] = _row_security_switched(_versioned(FORMS[cmd.Alter]))



#: BigQuery's forms of row-level security (:func:`bigquery_row_access_policy`), known without a parse.
BIGQUERY_POLICY_FORMS = ("CREATE ROW ACCESS POLICY", "DROP ROW ACCESS POLICY", "DROP ALL ROW ACCESS")
FORMS.update(dict.fromkeys(BIGQUERY_POLICY_FORMS, bigquery_row_access_policy))

#: Session and maintenance verbs of PostgreSQL (and Spark's RESET): a setting reset, a transaction aborted, a
#: notification channel, a table's physical order or indexes rebuilt: no data read or written. (Not LOCK: Teradata's
#: LOCK ... FOR ACCESS prefixes a query: :func:`lock`.)
_SESSION_VERBS = ("RESET", "ABORT", "LISTEN", "UNLISTEN", "NOTIFY", "DISCARD", "CHECKPOINT", "CLUSTER", "REINDEX")
FORMS.update(dict.fromkeys(_SESSION_VERBS, no_record))
#: T-SQL's messages, errors, waits, jumps, cursor moves and database checks, MySQL's raised conditions (SIGNAL): no
#: data read or written (a cursor's rows are read by its DECLARE)
_MESSAGE_VERBS = ("PRINT", "RAISERROR", "THROW", "WAITFOR", "GOTO", "OPEN", "FETCH", "DBCC", "SIGNAL", "RESIGNAL")
FORMS.update(dict.fromkeys(_MESSAGE_VERBS, no_record))
FORMS["OPEN"] = oracle_package_cursor  # (a cursor of the batch's own: nothing; an Oracle package's: its query)
FORMS["RETURN"] = no_record  # T-SQL's RETURN [status] at a batch's top level (statements.parse_statement): it leaves
# the batch (a status that holds a subquery is read as that query: tsql.control_flow_flattened)
#: T-SQL's indexes (clustered, columnstore) and statistics hold no data of their own: reads and writes name the table
FORMS.update(dict.fromkeys((f"CREATE {unique}{kind} INDEX" for unique in ("", "UNIQUE ")
                            for kind in ("CLUSTERED", "NONCLUSTERED", "COLUMNSTORE", "CLUSTERED COLUMNSTORE",
                                         "NONCLUSTERED COLUMNSTORE")), no_record))
FORMS["UPDATE STATISTICS"] = no_record
#: Teradata's statistics of a table's columns, gathered for its optimizer (``COLLECT STATISTICS ON t COLUMN (c)``): as
#: T-SQL's, no data of the table's own is read or written
FORMS.update(dict.fromkeys(("COLLECT STATISTICS", "COLLECT STATS", "COLLECT STAT", "DROP STATISTICS", "DROP STATS"),
                           no_record))
#: T-SQL's objects of no rows: partition schemes and functions (where a table's partitions are stored, by which
#: values), XML, spatial and full-text indexes and full-text catalogs (indexes: reads and writes name the table), XML
#: schema collections (the schemas an xml column's values are checked against)
FORMS.update(dict.fromkeys((f"{verb} {kind}" for verb in ("CREATE", "ALTER", "DROP")
                            for kind in ("PARTITION SCHEME", "PARTITION FUNCTION", "FULLTEXT CATALOG", "FULLTEXT INDEX",
                                         "FULLTEXT STOPLIST", "XML SCHEMA COLLECTION")), no_record))
FORMS.update(dict.fromkeys((f"CREATE {kind} INDEX" for kind in ("XML", "PRIMARY XML", "SELECTIVE XML", "SPATIAL")),
                           no_record))
#: PostgreSQL's server settings, the objects a role owns dropped or given to another (their names are not in the
#: statement), a prepared transaction ended, a security label: no data read or written
FORMS.update(dict.fromkeys(("ALTER SYSTEM", "DROP OWNED", "REASSIGN OWNED", "COMMIT PREPARED", "ROLLBACK PREPARED",
                            "SECURITY LABEL"), no_record))


def load_library(node: exp.Command, binder: Binder, statement: Statement) -> None:
    """PostgreSQL's ``LOAD 'library'`` and DuckDB's ``LOAD extension``: code loaded into the session, no data
    (Spark's, Hive's and BigQuery's ``LOAD DATA`` write a table: one that sqlglot keeps opaque is set aside)."""
    rest = node.expression.name if isinstance(node.expression, exp.Expression) else str(node.expression or "")
    duckdb = binder.naming.dialect_name == "duckdb" and len(rest.split()) == 1
    if not duckdb and not (binder.naming.dialect_name in ("postgres", "redshift") and rest.strip().startswith("'")):
        raise UnsupportedStatement(f"unsupported statement: {_unsupported(node, binder, statement)}")
    return None


FORMS["LOAD"] = load_library


#: A lock's ``IN mode MODE``: words apart by white space, each taken once (a linear match).
_LOCK_MODE = re.compile(r"\bIN(?:\s++(?!MODE\b)[A-Z]++)*+\s++MODE\b", re.IGNORECASE)


def lock(node: exp.Command, binder: Binder, statement: Statement) -> None:
    """PostgreSQL's (Oracle's, Redshift's) ``LOCK [TABLE] t [, ...] [IN mode MODE] [NOWAIT]``: a lock taken, no data
    read or written. Teradata's ``LOCK t FOR ACCESS`` before a query is left out before this
    (:func:`.rewrites._teradata_forms_written_out`); one before a form that is not read is set aside with it."""
    text = _LOCK_MODE.sub("", statement.text)  # IN SHARE UPDATE EXCLUSIVE MODE
    if re.search(r"\b(SELECT|INSERT|UPDATE|DELETE|MERGE|WITH)\b", text, re.IGNORECASE):
        raise UnsupportedStatement(f"unsupported statement: {_unsupported(node, binder, statement)}")
    return None


FORMS["LOCK"] = lock


def drop_command(node: exp.Command | exp.Drop, binder: Binder, statement: Statement) -> None:
    """A DROP that :mod:`.commands` does not read. Spark's grammar's ``DROP [TEMPORARY | TEMP] {VARIABLE | VAR}
    [IF EXISTS] v`` (which sqlglot keeps opaque), a session variable gone (no data, as its ``DECLARE``), and ``DROP
    TEMPORARY FUNCTION f``, a function of the session gone (a catalog's function of that name stays): no record. Any
    other is set aside."""
    if binder.naming.rules.catalog_sessions:  # Spark's grammar (Databricks', Hive's)
        if isinstance(node, exp.Drop):
            if node.args.get("temporary") and str(node.args.get("kind")).upper() == "FUNCTION":
                return None
        else:
            words = [word.upper() for word in str(node.expression or "").split()[:2]]
            if words[:1] in (["VARIABLE"], ["VAR"]) or words[:1] in (["TEMPORARY"], ["TEMP"]) \
                    and words[1:] in (["VARIABLE"], ["VAR"]):
                return None
    raise UnsupportedStatement(f"unsupported statement: {_unsupported(node, binder, statement)}")


FORMS["DROP"] = FORMS[exp.Drop] = drop_command
# other dialects' procedural statements: PostgreSQL's anonymous block in a language other than PL/pgSQL, or one
# that does not read as a block (a PL/pgSQL one is split into the statements it runs: statements._immediate); a
# variable's or cursor's declaration and use (T-SQL, BigQuery,
# PostgreSQL); a trigger (its body runs later, as statements of their own)
FORMS.update(dict.fromkeys(("FETCH", "MOVE", "CLOSE", (exp.Create, "TRIGGER")), no_record))


def declare(node: exp.Command, binder: Binder, statement: Statement) -> RecordParts | None:
    """A cursor's declaration reads what its query reads (PostgreSQL's and Redshift's ``DECLARE c [NO SCROLL]
    CURSOR [WITH HOLD] FOR <query>``, T-SQL's ``DECLARE c CURSOR [LOCAL] FOR <query>``, Materialize's ``FOR SUBSCRIBE
    ...``): the FETCHes that return its
    rows name no table, so the read is recorded here. Any other declaration (a variable) reads no data."""
    subscribed = streaming.subscription_cursor(statement.text) if binder.naming.dialect_name == "risingwave" else None
    match = _CURSOR_QUERY.match(statement.text) or _CURSOR_SET.match(statement.text)
    if match is None and subscribed is None:
        return None
    text = subscribed or match.group("query")
    if binder.naming.dialect_name == "materialize" and text[:9].upper() == "SUBSCRIBE":
        text = streaming.subscribed(text, "materialize")  # (FOR SUBSCRIBE mv: mv's rows and their changes, streamed)
    if binder.naming.dialect_name == "tsql":  # T-SQL's FOR {READ ONLY | UPDATE [OF c, ...]}: how rows may be changed
        text = _CURSOR_UPDATABILITY.sub("", text)
    try:
        query = parse_sql(text, binder.naming.dialect, "the cursor's query")
    except SqlglotError as err:
        raise UnsupportedStatement(f"DECLARE ... CURSOR FOR: its query cannot be parsed ({first_line(err)})") from None
    if not isinstance(query, dml.QUERY_TYPES):
        return None
    return data(dml.resolve_select)(query, binder, statement)


#: ``DECLARE name [words] CURSOR [words] FOR <query>``, the query a SELECT, WITH, VALUES, TABLE t or a bracketed one.
_CURSOR_QUERY = re.compile(r"\s*DECLARE\s+(?:\"[^\"]+\"|[\w$]+)\s+(?:[A-Z_]+\s+)*?CURSOR\s+(?:[A-Z_]+\s+)*?FOR\s+"
                           r"(?P<query>(?:SELECT|WITH|VALUES|TABLE\s|\(|SUBSCRIBE\s).*)", re.IGNORECASE | re.DOTALL)
_CURSOR_UPDATABILITY = re.compile(r"(?<!\s)\s+FOR\s+(?:READ\s+ONLY|UPDATE(?:\s+OF\s++(?:[^;]*?[^;\s])?)?)\s*+;?\s*+(?:--[^\n]*+\s*+)*+\Z",
                                  re.IGNORECASE)
#: T-SQL's ``SET @c = CURSOR [words] FOR <query>``: a cursor variable's declaration, as ``DECLARE c CURSOR FOR``.
_CURSOR_SET = re.compile(r"\s*SET\s+@[\w$@#]+\s*=\s*CURSOR\s+(?:[A-Z_]+\s+)*?FOR\s+"
                         r"(?P<query>(?:SELECT|WITH|\().*)", re.IGNORECASE | re.DOTALL)
FORMS["DECLARE"] = declare


def set_cursor(node: exp.Command, binder: Binder, statement: Statement) -> RecordParts | None:
    """A ``SET`` sqlglot keeps opaque: T-SQL's cursor variable set to a cursor reads what its query reads, as
    :func:`declare`; MySQL's list of assignments reads what each one's query reads, as :func:`_set` (sqlglot takes
    the comma after a bracketed query for a join: ``SET @c = (SELECT ...), @d = 5``); any other (a session's
    option) reads no data."""
    if binder.naming.dialect_name == "tsql" and _CURSOR_SET.match(statement.text):
        return declare(node, binder, statement)
    if binder.naming.dialect_name == "mysql":
        return _values_read([value for item in _assignments(statement.text) for value in item], binder, statement)
    return None


def _assignments(text: str) -> list[list[exp.Expression]]:
    """The values of each assignment of MySQL's ``SET a = x, b = y``, each assignment parsed as its own SET (an
    assignment sqlglot cannot read: none).

    >>> [[value.sql("mysql") for value in item] for item in _assignments("SET @c = (SELECT a FROM t), @d := 5")]
    [['(SELECT a FROM t)'], ['5']]
    """
    tokens = Dialect.get_or_raise("mysql").tokenize(text)
    levels, pieces, start = depths(tokens), [], 1
    for index in range(1, len(tokens) + 1):
        if index == len(tokens) or levels[index] == 0 and tokens[index].token_type in (TokenType.COMMA,
                                                                                          TokenType.SEMICOLON):
            if index > start:
                pieces.append(text[tokens[start].start:tokens[index - 1].end + 1])
            start = index + 1
    values = []
    for piece in pieces:
        try:
            tree = sqlglot.parse_one(f"SET {piece}", read="mysql")
        except (SqlglotError, *SQLGLOT_FAILURES):  # (sqlglot's parser fails in its own ways on some texts)
            tree = None
        values.append([item.this.expression for item in tree.expressions if isinstance(item, exp.SetItem)
                       and isinstance(item.this, exp.EQ)] if isinstance(tree, exp.Set) else [])
    return values


FORMS["SET"] = set_cursor


def do_block(node: exp.Command, binder: Binder, statement: Statement) -> RecordParts | None:
    """A ``DO`` block that reached here runs no statement known here (only ``EXECUTE``s of expressions), or is in
    a language other than PL/pgSQL: no record. A PL/pgSQL one that does not read as a block is set aside: its
    statements would be lost. MySQL's ``DO expr, ...`` "executes the expressions but does not return any results":
    what their queries read, as a SELECT of them reads it (``DO SLEEP(1)``: no record)."""
    if binder.naming.dialect_name == "mysql":
        try:
            query = parse_sql(_DO.sub("SELECT ", statement.text, count=1), binder.naming.dialect)
        except (SqlglotError, UnsupportedStatement) as error:
            raise UnsupportedStatement(f"DO: its expressions do not read as a SELECT's ({error})") from error
        return _values_read(list(query.expressions), binder, statement) if isinstance(query, exp.Select) else None
    block = do_block_of(statement.text) if binder.naming.dialect_name == "postgres" else None
    if block is not None and block[0] == "plpgsql" and plpgsql(block[1]) is None:
        raise UnsupportedStatement("DO: its PL/pgSQL body does not read as a block ([DECLARE ...] BEGIN ... END)")
    return None


FORMS["DO"] = do_block
FORMS.update(dict.fromkeys((*MYSQL_ADMIN_FORMS, *tsql.ADMIN_FORMS), no_record))


def handler_read(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """MySQL's ``HANDLER t OPEN | READ ... | CLOSE`` ("direct access to table storage engine interfaces"): a READ
    returns whole rows of t, a read of every column as ``SELECT * FROM t`` (a handler opened under an alias, ``OPEN AS
    a``, is named by the alias, which is no table here); OPEN and CLOSE read nothing."""
    read = _HANDLER_READ.match(statement.text)
    if read is None:
        return None
    return _query(parse_sql(f"SELECT * FROM {read[1]}", binder.naming.dialect), binder, statement)


FORMS["HANDLER"] = handler_read


def vacuum(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """``VACUUM t`` keeps a table's files up: no record. Delta's ``VACUUM t USING INVENTORY inv | (query)`` reads the
    inventory of t's files that a table (its ``path``, ``length``, ``isDir`` and ``modificationTime``) or a query gives
    ("the reservoir of files to be considered for vacuum"): that read."""
    inventory = _INVENTORY.search(statement.text) if binder.naming.dialect_name in SPARK_FAMILY else None
    if inventory is None:
        return None
    source = inventory["query"] or f"SELECT path, length, isDir, modificationTime FROM {inventory['table']}"
    return _query(parse_sql(source, binder.naming.dialect), binder, statement)


FORMS["VACUUM"] = vacuum
#: Delta's ``USING INVENTORY`` of a VACUUM: a table's name, or a bracketed query (up to RETAIN, DRY RUN or the end).
_INVENTORY = re.compile(r"\busing\s+inventory\s+(?:\((?P<query>.*)\)(?=\s*(?:retain\b|dry\b|lite\b|full\b|;|--|/\*|$))"
                        r"|(?P<table>(?:\w+|`[^`]*`)(?:\.(?:\w+|`[^`]*`))*))", re.IGNORECASE | re.DOTALL)
#: ``HANDLER name READ``: the handler's name, its table's.
_HANDLER_READ = re.compile(r"\s*HANDLER\s+(\S+?)\s+READ\b", re.IGNORECASE)
#: MySQL's ``DO`` before its expressions.
_DO = re.compile(r"^\s*DO\s+", re.IGNORECASE)

#: Forms known without a parse that record nothing but change the catalog: a semantic view's and a synonym's CREATE and
#: DROP (a query names them).
CATALOG_ONLY: dict[str, Handler] = {"CREATE SEMANTIC VIEW": governance.create_semantic_view,
                                    "DROP SEMANTIC VIEW": governance.drop_semantic_view,
                                    # (PostgreSQL's rules: kept with their tables, what a write of one runs)
                                    "CREATE RULE": rules.create_rule, "DROP RULE": rules.drop_rule,
                                    "ALTER RULE": rules.rename_rule,
                                    # a synonym (Oracle's, T-SQL's): a name a later statement reads its object by
                                    **dict.fromkeys(("CREATE SYNONYM", "CREATE PUBLIC SYNONYM"),
                                                    governance.create_synonym),
                                    **dict.fromkeys(("DROP SYNONYM", "DROP PUBLIC SYNONYM"), governance.drop_synonym)}
FORMS.update(CATALOG_ONLY)

#: The forms a statement is known by without a parse (:func:`.statements.parse_statement`'s ``unparsed``):
#: those of a verb and an object kind, and the verbs whose every statement is recorded nothing for,
#: whatever options follow (the grammar of each need not be known).
UNPARSED = frozenset(key for key, handler in FORMS.items() if handler is no_record and isinstance(key, str)
                     and (" " in key or key in ("REVOKE", "DENY", "LIST", "LS", "UNSET", "BLOCK", "SHOW", "DESC",
                                                "DESCRIBE", "ANALYZE", "ANALYSE", "VACUUM", "OPTIMIZE", "PREPARE",
                                                "DEALLOCATE",
                                                "REORG", "GENERATE", "CONVERT", "SAVEPOINT", "RELEASE", "MOVE", "CLOSE", "CLEAR",
                                                "CANCEL", "UNLOCK", "FLUSH", "SYSTEM", "CHECK", "EXISTS", "KILL",
                                                "RECONFIGURE", "PURGE", "XA", "HELP", "SHUTDOWN", "RESTART", "REVERT",
                                                "RECOVER", "WAIT", "AUDIT", "NOAUDIT", *_SESSION_VERBS,
                                                *_MESSAGE_VERBS))
                     ) | frozenset(CATALOG_ONLY) | {"ATTACH RLS POLICY", "DETACH RLS POLICY", *BIGQUERY_POLICY_FORMS,
                                                    "CREATE POLICY", "DROP POLICY", "ALTER POLICY", "DO", "HANDLER",
                                                    "ATTACH", "CREATE ROW POLICY", "DROP ROW POLICY",
                                                    "ALTER ROW POLICY",
                                                    "EXPORT DATABASE", "COPY FROM DATABASE", "IMPORT DATABASE",
                                                    "VACUUM",
                                                    "CREATE TYPE",
                                                    "CREATE SECURITY POLICY", "ALTER SECURITY POLICY",
                                                    "DROP SECURITY POLICY", "CREATE EXTERNAL DATA SOURCE",
                                                    "ALTER EXTERNAL DATA SOURCE", "DROP EXTERNAL DATA SOURCE",
                                                    "IMPORT", "EXPORT", "CREATE CONNECTION", "ALTER CONNECTION",
                                                    "DROP CONNECTION", "CREATE EXTERNAL SCHEMA", "CREATE PACKAGE",
                                                    "DROP PACKAGE", "BLOCK", "OPEN"}


def form_key(node: object) -> type | str | tuple[type, str]:
    """The key of ``node``'s form in :data:`FORMS`: its type, an opaque command's first word, or
    ``(exp.Create, kind)`` for a CREATE."""
    if isinstance(node, exp.Command):  # its first words (Trino's RESET SESSION, DESCRIBE OUTPUT), else its verb's
        words = str(node.this).upper()
        return words if words in FORMS or " " not in words else words.split(" ", 1)[0]
    if isinstance(node, exp.Create):
        return exp.Create, (node.args.get("kind") or "").upper()
    if isinstance(node, Unparsed):
        return node.form
    return type(node)


def dispatch(parsed: Parsed, binder: Binder, statement: Statement) -> RecordParts | None:
    """The record parts of a parsed statement (its handler's), or None when such statements are never
    recorded; :class:`UnsupportedStatement` for a form the registry does not hold."""
    node = parsed.node
    handler = FORMS.get(form_key(node))
    if handler is None:
        raise UnsupportedStatement(f"unsupported statement: {_unsupported(node, binder, statement)}")
    if binder.naming.dialect_name in SPARK_FAMILY and "${" in statement.text and isinstance(node, exp.Expression) \
            and (substituted := next((found for found in node.find_all(exp.Parameter)
                                      if found.find_ancestor(exp.Table) is None), None)) is not None:
        # Spark's ${var} is text put in before the statement is parsed (a column list, a condition, a name): what it
        # stands for is not in the log (as a notebook's widget, a name's is set aside: names.Naming.table_parts)
        raise UnsupportedStatement(f"{variable_shown(substituted, braces=True)}: the statement's text holds a "
                                   "variable substituted before it runs, whose value the log does not give")
    return handler(node, binder, statement)


def _unsupported(node: object, binder: Binder, statement: Statement) -> str:
    if isinstance(node, exp.Command):  # the statement's first words, as written (sqlglot kept nothing else)
        words = " ".join(token.text.upper() for token in binder.naming.dialect.tokenize(statement.text)[:4])
        if str(node.this).upper() == "EXECUTE" and scripting.BUILT_AT_RUN_TIME in statement.text:
            return ("EXECUTE of a text the block builds when it runs (format(...), '...' || v): what it runs is not in "
                    "the log")
        variable = re.search(PREPARED_FROM_VARIABLE + r" (@\w+)", statement.text)
        if str(node.this).upper() == "EXECUTE" and variable is not None:
            return (f"EXECUTE of a statement PREPARE took from the user variable {variable[1]}, set to a value the log "
                    "does not give (a query's or an expression's): what it runs is not in the log")
        if str(node.this).upper() == "EXECUTE" and binder.naming.dialect_name in PREPARE_DIALECTS:
            return (f"{words} (a prepared statement that no earlier PREPARE of its request or session, by "
                    "session_id, holds: what it runs is not in the log)")
        return f"{words} (the parser keeps it opaque: a form, a clause or a second statement it does not read)"
    if isinstance(node, (exp.Condition, exp.Alias, exp.Identifier)):  # sqlglot read words it does not know as a value
        words = " ".join(token.text.upper() for token in binder.naming.dialect.tokenize(statement.text)[:4])
        return f"{words} (not a statement: read as the expression {describe(node)})"
    if isinstance(node, exp.Create):
        return f"CREATE {form_key(node)[1]}"
    return describe(node)


def describe(node: object) -> str:
    """What a message (and the count of statements without a record) calls the statement: its leading keywords
    (``CREATE STREAM``, ``ALTER DATABASE``, ``USE``), from its sqlglot key, its opaque first word, its form, or
    its grammar node; a CREATE with the kind of object it creates."""
    if node is None:
        return "empty"
    if isinstance(node, exp.Command):
        verb = str(node.this).upper()
        kind = _opaque_kind(node) if verb == "CREATE" else None
        return f"{verb} {kind}" if kind else verb
    if isinstance(node, Unparsed):
        return node.form
    if isinstance(node, exp.Create) and node.args.get("kind"):
        return f"CREATE {node.args['kind'].upper()}"
    if isinstance(node, exp.Expression):
        return node.key.upper()
    return cmd.statement_name(node)


#: The kinds of object an opaque CREATE (a routine with a body sqlglot does not read, a stage) is named by.
_OPAQUE_KINDS = {"FUNCTION": "FUNCTION", "AGGREGATE": "FUNCTION", "PROCEDURE": "PROCEDURE", "PROC": "PROCEDURE",
                 "TRIGGER": "TRIGGER", "STAGE": "STAGE"}


def _opaque_kind(node: exp.Command) -> str | None:
    """The kind of object an opaque CREATE makes, from the first words of its text (None when none is named)."""
    text = node.expression.name if isinstance(node.expression, exp.Expression) else str(node.expression or "")
    return next((_OPAQUE_KINDS[w] for w in text.upper().split()[:8] if w in _OPAQUE_KINDS), None)


def no_record_reason(parsed: Parsed) -> str:
    """Why a statement whose handler returned None has no record: its kind, then :data:`NOT_RECORDED`."""
    return f"{describe(parsed.node)}{NOT_RECORDED}"
