"""Binding names written in SQL to catalog objects, with the caches a catalog version allows.

A :class:`Binder` knows the catalog, the dialect's identifier rules and the context names
resolve in (the session's database and schema, or a view's own). Everything derived from
the catalog alone -- a view's analysed definition, which arguments a SQL UDF's body uses,
which argument a masking policy's body reads -- is parsed once per catalog version and
shared by every statement resolved against that version.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from sqlglot import exp
from sqlglot.errors import SqlglotError

from ..catalog import Catalog, CatalogObject, name_parts, namespace, stable_id, unknown_object
from ..errors import StatementError, UnsupportedStatement
from .clickhouse import target_rows
from .create_clauses import readable_create
from .dialects import SESSION_VIEWS, column_method
from .names import USER_SCHEMA, Context, Naming, naming_for
from .parsing import check_nesting, parse_sql
from .semantic_views import semantic_view_query
from .sql_path import CURRENT, SESSION, SqlPath

if TYPE_CHECKING:
    from .analysis import QueryResult

logging.getLogger("sqlglot").setLevel(logging.ERROR)

_IGNORED_SCHEMAS = frozenset({"account_usage", "organization_usage", "data_sharing_usage", "reader_account_usage"})
_SQL_LANGUAGES = frozenset({"sql", ""})
#: The language of a model known by name only (:meth:`Binder.model`): not SQL, so it stands among the base objects.
MODEL_LANGUAGE = "MODEL"


@dataclass(slots=True)
class Kept:
    """What a relation's name found (:meth:`Binder.relation`), or a view's analysed definition (:meth:`Binder.view_result`,
    ``found`` the view and its result), kept across catalog versions while the lookups that found it find the same."""

    found: object
    lookups: dict[tuple, tuple]  # the lookups that found it (:meth:`Catalog.recording`), replayed on each use
    holds_for: int  # the catalog's version they are known to hold for
    checked_at: int  # the cache's :attr:`CatalogCache.version` they were last found or checked at
    #: their :meth:`Catalog.change_keys`, made when first needed (a catalog that never changes needs none)
    change_keys: tuple[tuple, ...] | None = None

    def holds(self, catalog: Catalog, cache: CatalogCache) -> bool:
        """Whether no object its lookups may find was added or removed since: checked once per version of the
        catalog, at the first use after it changed."""
        if self.checked_at == cache.version:
            return True
        if self.change_keys is None:
            self.change_keys = catalog.change_keys(self.lookups)
        if catalog.changed_since(self.change_keys, self.holds_for):
            return False
        self.holds_for, self.checked_at = catalog.version, cache.version
        return True


@dataclass
class CatalogCache:
    """Parses and analyses derived from one catalog version; emptied when the version moves, but for what each
    relation's name finds and each view's analysed definition (kept while the names they looked up are unchanged) and
    the columns found of each object (an object never changes): a statement that changes the catalog voids only what
    depends on what it changed."""

    version: int = -1
    serial: int = -1  # the catalog's (:attr:`Catalog.serial`): another catalog starts afresh
    #: each view's (by its id) analysed definition: ``found`` the view object and the result (:class:`Kept`)
    views: dict[int, Kept] = field(default_factory=dict)
    #: the locations (files read in place: ClickHouse's ``file('a.csv')``, DuckDB's ``read_parquet('s3://...')``) each
    #: view's definition reads, found with its :attr:`views` entry
    view_locations: dict[int, tuple[str, ...]] = field(default_factory=dict)
    udf_args: dict[int, frozenset[int] | None] = field(default_factory=dict)
    udf_fields: dict[int, list[tuple[str, frozenset[int]]] | None] = field(default_factory=dict)
    udf_bodies: dict[int, QueryResult | None] = field(default_factory=dict)
    policy_args: dict[int, frozenset[int] | None] = field(default_factory=dict)
    stages: dict[tuple, object] = field(default_factory=dict)
    synthetic: dict[tuple, CatalogObject] = field(default_factory=dict)
    wildcards: dict[tuple, tuple] = field(default_factory=dict)
    #: (context, name parts) -> what the name found, and how to tell it still holds
    relations: dict[tuple, Kept] = field(default_factory=dict)
    #: the views and functions whose definitions or bodies are being analysed (a view over itself, a body that
    #: calls its own function, or one that calls it, is not analysed again inside itself)
    analysing: set[tuple[str, int]] = field(default_factory=set)
    #: an object's columns as column resolution found them, by the name asked (see ``Source.find``)
    found: dict[CatalogObject, dict] = field(default_factory=dict)
    #: (context, name parts) -> whether the name is one of the views never recorded (:meth:`Binder.is_ignored`)
    ignored: dict[tuple, bool] = field(default_factory=dict)
    #: the names (last part, case folded) of the catalog's SQL functions whose bodies write (PostgreSQL's:
    #: :func:`.dml.function_writes`), found once per catalog version
    writing_functions: frozenset[str] | None = None
    #: the upper-cased names of the catalog's user functions that sqlglot reads as one of its own typed calls
    #: (PostgreSQL has no ``last_day``, ``add_months``: a schema's function of that name is the one called), found
    #: once per catalog version (:meth:`Binder.typed_udf_names`)
    typed_udfs: frozenset[str] | None = None

    def check(self, catalog: Catalog) -> None:
        if catalog.serial != self.serial or max(len(self.relations), len(self.found), len(self.ignored),
                                                len(self.views)) > KEPT:
            self.found.clear()
            self.ignored.clear()
            self.relations.clear()
            self.views.clear()
            self.view_locations.clear()
            self.serial = catalog.serial
        if catalog.version != self.version:
            self.writing_functions = self.typed_udfs = None
            self.udf_args.clear()
            self.udf_fields.clear()
            self.udf_bodies.clear()
            self.policy_args.clear()
            self.stages.clear()
            self.synthetic.clear()
            self.wildcards.clear()
            self.version = catalog.version


#: Relations and objects a :class:`CatalogCache` keeps across versions at most (then it starts afresh).
KEPT = 10_000


#: T-SQL's external data sources (Synapse's, Fabric's, SQL Server's): a LOCATION the paths of ``OPENROWSET(BULK
#: 'path', DATA_SOURCE = 'ds')`` are relative to. Kept by their database's name and theirs, never recorded.
DATA_SOURCE = "External data source"
#: Redshift's external schemas (``CREATE EXTERNAL SCHEMA s FROM DATA CATALOG ...``: a Glue or Hive catalog's database
#: under a local name), whose tables are external tables; kept by their database's name and theirs, never recorded.
EXTERNAL_SCHEMA = "External schema"
#: Oracle's packages (``CREATE PACKAGE p``): their routines' names are ``p.r`` (``schema.p.r``); never recorded.
PACKAGE = "Package"

#: The longest chain of synonyms a name is followed through (a synonym of a synonym ...; a cycle ends there).
SYNONYM_HOPS = 8
#: The schema of Oracle's public synonyms (``CREATE PUBLIC SYNONYM s FOR t``; ``ALL_SYNONYMS.OWNER`` is ``PUBLIC``).
PUBLIC_SCHEMA = "PUBLIC"


def _returns_rows(fn: CatalogObject) -> bool:
    """Whether ``fn`` is a table function: it returns a table (``RETURNS TABLE (...)``, ``SETOF``), or its body is a
    query (DuckDB's table macro, ``CREATE MACRO m(a) AS TABLE SELECT ...``)."""
    returns = (fn.data_type or "").lstrip().upper()
    body = (fn.body or "").lstrip().lstrip("(").lstrip().upper()
    return returns.startswith(("TABLE", "SETOF")) or body.startswith(("SELECT", "WITH", "FROM", "VALUES"))


def _synonym_target(obj: CatalogObject | None) -> tuple[str, ...] | None:
    """The name parts of the object a synonym stands for (its ``source``); None for no synonym, or one naming none."""
    if obj is None or obj.domain != "Synonym" or not obj.source:
        return None
    target = tuple(obj.source.split("."))
    return target if all(target) else None


#: T-SQL's pseudo-tables of a DML trigger's body, "the deleted and inserted logical (conceptual) tables": the rows its
#: statement changed, of the trigger's table, which a statement the trigger runs does not name.
_TRIGGER_ROWS = frozenset({"inserted", "deleted"})


class Binder:
    """Resolves names for one context (a session, or the inside of a view, UDF or policy).

    What it caches per catalog version is kept with the catalog lookups it made, which are
    counted again on every use, so that a statement's cached resolution knows everything
    it depended on (see :meth:`Catalog.recording`).
    """

    def found_in(self, obj: CatalogObject) -> dict:
        """What column resolution found of ``obj`` so far, by the name asked: an object never changes (DDL makes
        a new one), so each of its names is looked up and its flow made once for the run, not per query (the
        cache starts afresh past :data:`KEPT` objects)."""
        found = self.cache.found.get(obj)
        if found is None:
            found = self.cache.found[obj] = {}
        return found

    def _cached(self, table: dict, key: object, compute):
        entry = table.get(key)
        if entry is None:
            with self.catalog.recording() as deps:
                value = compute()
            table[key] = (value, deps)
            return value
        self.catalog.replay(entry[1])
        return entry[0]

    def __init__(
        self,
        catalog: Catalog,
        naming: Naming,
        context: Context,
        cache: CatalogCache | None = None,
        user: str | None = None,
        variables: frozenset[str] = frozenset(),
        loop_rows: dict[str, str] | None = None,
        regex_names: bool = False,
    ) -> None:
        self.catalog = catalog
        self.naming = naming
        self.context = context
        self.cache = cache if cache is not None else CatalogCache()
        self.cache.check(catalog)
        self.user = user
        #: the statement's script variables (:attr:`.Statement.variables`); none inside an object's body
        self.variables = variables
        #: the record variables of the statement's loops, each with the query whose rows it takes
        #: (:attr:`.Statement.loop_rows`); none inside an object's body
        self.loop_rows = loop_rows or {}
        #: whether a backquoted name of the statement's select lists is a regular expression of the columns it selects
        #: (:attr:`.Statement.regex_names`); never inside an object's body
        self.regex_names = regex_names

    @classmethod
    def for_session(
        cls,
        catalog: Catalog,
        dialect: str = "snowflake",
        database: str | None = None,
        schema: str | None = None,
        *,
        cache: CatalogCache | None = None,
        user: str | None = None,
        variables: frozenset[str] = frozenset(),
        search_path: tuple[str, ...] = (),
        loop_rows: dict[str, str] | None = None,
        session: str | None = None,
        regex_names: bool = False,
        sql_path: SqlPath | None = None,
        case_sensitive: bool = False,
    ) -> Binder:
        """``session``: whose temporary views the statement's names may find, as caches key it
        (:meth:`.Catalog.views_session`); ``sql_path``: the Spark SQL path its unqualified names are looked up along
        (:mod:`.sql_path`); ``case_sensitive``: its quoted names keep their case (:attr:`.Statement.case_sensitive`)."""
        if search_path[:1] == (USER_SCHEMA,):  # "$user" first: the schema named as the user, if there is one
            search_path = ((USER_SCHEMA, user), *search_path[1:]) if user else search_path[1:]
        if dialect == "duckdb" and schema is not None and schema.casefold() != "main" \
                and not any(isinstance(entry, str) and entry.casefold() == "main" for entry in search_path):
            search_path = (*search_path, "main")  # (DuckDB's search path ends in main: a name s lacks is main's)
        return cls(catalog, naming_for(dialect, case_sensitive),
                   Context(database, schema, search_path, session, sql_path), cache, user, variables, loop_rows,
                   regex_names)

    def for_object(self, obj: CatalogObject, *, rule: bool = False) -> Binder:
        """A binder for names inside ``obj`` (a view, UDF or policy): its own database and schema (and its
        session's temporary views, a session's temporary view's). In PostgreSQL and Redshift a view's name that its
        own schema lacks is then looked up in the default search path's schema (``public``): a catalog export's
        definition is PostgreSQL's own text of the view, which leaves out the schema of every table the exporting
        session's search path finds (``FROM accounts`` for ``public.accounts``, where the view is
        ``reporting.active_accounts``). A view the log created was read through its session's path already.
        ``rule``: for the commands of a PostgreSQL rule on ``obj``, which PostgreSQL prints as it prints a view's."""
        context = Context.of_object(obj.name, obj.session)
        rules = self.naming.rules
        if rules.views_follow_renames and rules.default_schema and (obj.domain in ("View", "Materialized view")
                                                                    or rule):
            default = self.naming.normalize(rules.default_schema)
            if context.schema is not None and context.schema != default and default not in context.path:
                context = replace(context, path=(*context.path, default))
        return Binder(self.catalog, self.naming, context, self.cache, self.user)

    def for_name(self, name: str, session: str | None = None) -> Binder:
        """A binder for names inside the object named ``name`` (fully qualified): its database and schema."""
        return Binder(self.catalog, self.naming, Context.of_object(name, session), self.cache, self.user)

    # ------------------------------------------------------------------ relations
    def qualified(self, parts: tuple[str, ...]) -> tuple[str, ...]:
        """``parts`` with the database and schema the session gives; Redshift's ``#t`` is a temporary table, of
        the temporary schema whatever the session's (:attr:`.DialectRules.hash_names_temporary`; placed here, not
        where the name is read, so that a CTE named ``#t`` is the CTE); a one-part name on a line without its schema,
        of the dialect's :attr:`.DialectRules.default_schema`."""
        rules = self.naming.rules
        if self.naming.dialect_name == "duckdb" and len(parts) in (2, 3) and parts[0].casefold() == "temp" \
                and (len(parts) == 2 or parts[1].casefold() == "main"):
            parts = (parts[-1],)  # (DuckDB's temp.t and temp.main.t: the session's temporary table, named as t is)
        if rules.hash_names_temporary and len(parts) == 1 and parts[0][:1] == "#" and rules.temporary_schema:
            parts = (self.naming.normalize(rules.temporary_schema), parts[0])
        elif rules.default_schema and len(parts) == 1 and self.context.database and not self.context.schema:
            parts = (self.naming.normalize(rules.default_schema), parts[0])
        elif self.naming.dialect_name == "duckdb" and len(parts) == 2 and (parts[0].casefold() in (
                "memory", "system", (self.context.database or "").casefold())
                or self.catalog.lookup("Database", parts[:1]) is not None):
            parts = (parts[0], "main", parts[1])  # (DuckDB's database.table, an ATTACHed one's too: its main schema's)
        elif self.naming.dialect_name == "duckdb" and len(parts) == 1 and self.context.schema \
                and self.catalog.lookup("Database", (self.context.schema,)) is not None:
            parts = (self.context.schema, "main", parts[0])  # (after USE lake, an ATTACHed database: its main's)
        elif self.naming.dialect_name in ("spark", "hive") and len(parts) == 3 and not self.context.database \
                and parts[0].casefold() == "spark_catalog":
            parts = parts[1:]  # (a session of no catalog is in Spark's session catalog: db.t and spark_catalog.db.t
            # are one table, named as the session names it)
        return self.context.qualify(parts)

    def _with_tracked_policies(self, stream: CatalogObject) -> CatalogObject:
        """A stream with the masking and row access policies the table it tracks has now (``source``; through the
        streams it was cloned from): "the role that queries a given stream" is the one the table's policies are
        evaluated for, whenever they were set on it. The stream keeps its own when the table is gone."""
        tracked, hops = stream, 0
        catalog, session = self.catalog, self.catalog.session
        catalog.session = None  # (the permanent table: a session's temporary one of its name is none a stream tracks)
        try:
            while tracked.domain == "Stream" and tracked.source and hops < 8:
                found = self._lookup("relation", tuple(tracked.source.split(".")), session=False)
                if found is None:
                    return stream
                tracked, hops = found, hops + 1
        finally:
            catalog.session = session
        if tracked.domain == "Stream" or stream.columns is None:
            return stream
        return stream.evolve(
            row_access_policy=tracked.row_access_policy, row_access_columns=tracked.row_access_columns,
            columns=tuple(replace(column, masking_policy=source.masking_policy, masking_using=source.masking_using,
                                  tags=source.tags) if (source := tracked.column(column.name)) is not None else column
                          for column in stream.columns))

    def relation(self, parts: tuple[str, ...], *, session: bool = True) -> CatalogObject:
        """The table, view or stream named ``parts`` (an unknown object when the catalog lacks it). In Spark's
        dialects, Iceberg's ``catalog.db.t.branch_b`` (``tag_t``) is a branch (tag) of the table ``catalog.db.t``, and
        so is ``db.t.branch_b`` of a table ``db.t`` the session's catalog holds. ``session``: a session's temporary
        view may be what a one-part name finds (not where rows are written: Spark writes into none defined by a
        query)."""
        if len(parts) in (3, 4) and self.naming.rules.catalog_sessions \
                and parts[-1].casefold().startswith(("branch_", "tag_")) and self._lookup("relation", parts) is None \
                and (len(parts) == 4 or self._lookup("relation", parts[:2]) is not None):
            # not a table of a namespace of two levels; db.t.branch_b, of a table db.t the session's catalog holds
            parts = parts[:-1]
        key = (self.context, parts) if session else (self.context, parts, False)
        catalog, cache = self.catalog, self.cache
        kept = cache.relations.get(key)
        if kept is not None and not kept.holds(catalog, cache):
            kept = None
        if kept is not None:
            catalog.replay(kept.lookups)
            return kept.found
        if not all(parts):
            shown = ".".join(parts) or "an empty name"
            raise UnsupportedStatement(f"{shown}: a name with an empty part names no object")
        with catalog.recording() as deps:
            found = self._lookup("relation", parts, session=session)
            if found is None:
                name = self.unknown_name(parts)
                found = unknown_object(name, "External table" if self._in_external_schema(name) else "Table")
            if found.domain == "Stream" and found.source:
                found = self._with_tracked_policies(found)
        if len(parts) == 1 and not found.known and parts[0].casefold() in _TRIGGER_ROWS \
                and self.naming.rules.hash_temporary_tables:
            raise UnsupportedStatement(
                f"{parts[0]}: a DML trigger's pseudo-table (the rows its statement changes), of a table the log line "
                "does not name")
        cache.relations[key] = Kept(found, deps, catalog.version, cache.version)
        return found

    def lookup(self, domain: str, parts: tuple[str, ...], *, session: bool = True) -> CatalogObject | None:
        return self._lookup(domain, parts, session=session)

    def wildcard_tables(self, parts: tuple[str, ...]) -> tuple[CatalogObject, ...]:
        """The tables a wildcard table (``parts`` ending in ``prefix*``) stands for: the tables of its dataset
        whose names start with the prefix. Views and external tables are none of them ("Wildcard tables support
        built-in BigQuery storage only")."""
        qualified = self.qualified(parts)
        return self._cached(self.cache.wildcards, (self.context, parts), lambda: tuple(
            obj for obj in self.catalog.lookup_prefix("relation", (*qualified[:-1], qualified[-1][:-1]))
            if obj.domain == "Table"))

    def merged_tables(self, call: exp.Anonymous) -> tuple[CatalogObject, ...] | None:
        """The tables ClickHouse's ``merge([db,] 'regexp')`` reads: those of the database (the session's without one, or
        of ``currentDatabase()``)
        whose names the regular expression finds (re2's syntax, as Python's for the patterns tables are matched by), of
        known columns; None when its arguments are not a name or string and a string (``REGEXP('db_re')`` for the
        database), or the expression is none Python reads."""
        arguments = call.expressions
        if not 1 <= len(arguments) <= 2 or not isinstance(arguments[-1], exp.Literal) or not arguments[-1].is_string:
            return None
        database = arguments[0] if len(arguments) == 2 else None
        if isinstance(database, exp.CurrentDatabase):  # currentDatabase(): the session's (a Merge table's: its own)
            database = None
        if database is not None and not (isinstance(database, exp.Column) and not database.table
                                         or isinstance(database, exp.Literal) and database.is_string):
            return None
        try:
            pattern = re.compile(arguments[-1].name)
        except re.error:
            return None
        qualified = self.qualified((database.name, "_") if database is not None else ("_",))  # (any table's name)
        return tuple(obj for obj in self.catalog.lookup_prefix("relation", (*qualified[:-1], ""))
                     if obj.domain in ("Table", "External table") and pattern.search(obj.parts[-1])
                     and not obj.columns_open and obj.columns is not None)

    def existing(self, domain: str, name: str) -> CatalogObject | None:
        """The object a CREATE of ``name`` (qualified, as stored) finds already there: of that name exactly, or in
        any case where names are found in any case (:attr:`.DialectRules.case_insensitive_objects`: DuckDB's ``CREATE
        OR REPLACE TABLE PERSON`` replaces ``person``, it makes no second table)."""
        found = self.catalog.by_name(domain, name)
        if found is None and self.naming.rules.case_insensitive_objects:
            found = self.catalog.lookup(domain, tuple(name.split(".")))
        return found

    def _in_external_schema(self, name: str) -> bool:
        """Whether the object ``name`` (qualified) is in an external schema the log created (Redshift's: "all external
        tables must be created in an external schema"), so an external table whatever the catalog knows of it."""
        parts = name_parts("Table", name)
        return len(parts) == 3 and self.catalog.lookup(EXTERNAL_SCHEMA, parts[:2]) is not None

    def unknown_name(self, parts: tuple[str, ...]) -> str:
        """The name of an object the catalog lacks: qualified by the context (:meth:`path_qualified`); in lower case
        where names are found in any case (:attr:`.DialectRules.case_insensitive_objects`: its spellings are one
        object)."""
        name = ".".join(self.path_qualified(parts))
        return name.lower() if self.naming.rules.case_insensitive_objects else name

    def _lookup(self, domain: str, parts: tuple[str, ...], *, session: bool = True) -> CatalogObject | None:
        """The object ``parts`` names (:meth:`_named`); a synonym's name, the object its ``source`` names (through a
        chain of them, :data:`SYNONYM_HOPS` long at most; an object the catalog lacks, unknown by that name; a system
        object, as the system's name is, none); a procedure's name the catalog lacks may be a synonym's of one."""
        found = self._named(domain, parts, session=session)
        if not self.catalog.synonyms:
            return found
        if found is None and domain == "Procedure":  # a synonym of a procedure (CALL s(1), EXEC dbo.s)
            synonym = self._named("Synonym", parts, session=session)
            target = _synonym_target(synonym)
            if target is not None and not self._ignored(target):
                return self._named(domain, target, session=False) or unknown_object(synonym.source, domain)
        if domain == "Synonym" or namespace(domain) != "relation":
            return found
        for _ in range(SYNONYM_HOPS):
            if found is None or found.domain != "Synonym":
                return found
            target = _synonym_target(found)
            if target is None or self._ignored(target):
                return None  # (a public synonym of the data dictionary, SYS.DUAL ...: a name of no object)
            found = self._named("relation", target, session=False) or unknown_object(found.source)
        return unknown_object(found.name) if found is not None and found.domain == "Synonym" else found

    def path_qualified(self, parts: tuple[str, ...]) -> tuple[str, ...]:
        """``parts`` qualified by the context (:meth:`qualified`); an unqualified name looked up along a Spark SQL
        path, by the path's first schema (where the statement, which ran, found it, as far as the log tells)."""
        path = self.context.sql_path
        if path is None or len(parts) != 1:
            return self.qualified(parts)
        return self._in_schema(next((entry for entry in path if entry != SESSION), CURRENT), parts[0])

    def _in_schema(self, entry: tuple[str, ...], name: str) -> tuple[str, ...]:
        """``name`` qualified by a Spark SQL path's schema ``entry`` (:data:`.sql_path.CURRENT`: the current one)."""
        return self.qualified((*(self.naming.object_name(part) for part in entry), name))

    def _named(self, domain: str, parts: tuple[str, ...], *, session: bool = True) -> CatalogObject | None:
        """The object ``parts`` names: qualified by the context, else as written; an exact match
        anywhere first, the case-insensitive fallback only for a name that resolves to nothing. ``session``: a
        session's temporary view (Spark's) may be what an unqualified name finds. An unqualified name nothing else
        finds may be a public synonym's (:attr:`.DialectRules.public_synonyms`); one of a statement that searches a
        Spark SQL path, the first the path's schemas hold (:meth:`_on_path`)."""
        if self.context.sql_path is not None and len(parts) == 1:
            return self._on_path(domain, parts[0], session=session)
        if session and len(parts) == 1 and self.naming.rules.session_views:  # Spark: a temporary view first
            found = self.catalog.lookup(domain, (*SESSION_VIEWS, *parts))
            if found is not None and found.domain == "View":
                return found
        temporary = self.naming.rules.temporary_schema
        if temporary and len(parts) == 1 and temporary not in self.context.path:
            # (BigQuery's temporary table of the script or session first; PostgreSQL's too, unless its search path
            # names pg_temp after another schema: then found where the path names it)
            found = self.catalog.lookup(domain, self.qualified((self.naming.normalize(temporary), *parts)))
            if found is not None:
                return found
        qualified = self.qualified(parts)
        path = self.context.path
        if len(parts) == 1 and path and isinstance(path[0], tuple):  # ("$user", user): the user's schema first
            for fold in (False, True):
                found = self.catalog.lookup(domain, (*qualified[:-2], path[0][1], parts[0]), fold=fold)
                if found is not None:
                    return found
            path = path[1:]
        for fold in (False, True):
            found = self.catalog.lookup(domain, qualified, fold=fold)
            if found is None and qualified != parts:
                found = self.catalog.lookup(domain, parts, fold=fold)
            if found is not None:
                return found
        if len(parts) == 1 and path:  # PostgreSQL: the search path's other schemas, in order
            for schema in path:
                for fold in (False, True):
                    found = self.catalog.lookup(domain, (*qualified[:-2], schema, parts[0]), fold=fold)
                    if found is not None:
                        return found
        if len(parts) == 1 and self.naming.rules.public_synonyms and namespace(domain) == "relation":
            # (looked up, and so recorded, with no synonym in the catalog too: a later CREATE PUBLIC SYNONYM changes
            # what a name found before finds)
            public = (*qualified[:-2], self.naming.normalize(PUBLIC_SCHEMA), parts[0])
            for fold in (False, True):
                found = self.catalog.lookup("Synonym", public, fold=fold)
                if found is not None and found.domain == "Synonym":
                    return found
        if not self.context.complete and not (self.naming.rules.schema_databases and self.context.schema is not None):
            # (bounded by the database the session does give, not another catalog's; MySQL's current database is a
            # whole context: an unqualified name is its table or none, never another database's of that name)
            database = self.context.known("database")
            return self.catalog.lookup_suffix(domain, parts, (database,) if database else ())
        return None

    def _on_path(self, domain: str, name: str, *, session: bool) -> CatalogObject | None:
        """The object an unqualified ``name`` finds along the context's Spark SQL path (:mod:`.sql_path`): in each of
        its schemas in turn (the current schema where the path says ``CURRENT_SCHEMA``), a session's temporary view
        where it says ``system.session``; None when none of them holds it ("The first match wins")."""
        for entry in self.context.sql_path or ():
            if entry == SESSION:
                if session and self.naming.rules.session_views:
                    found = self.catalog.lookup(domain, (*SESSION_VIEWS, name))
                    if found is not None and found.domain == "View":
                        return found
                continue
            qualified = self._in_schema(entry, name)
            for fold in (False, True):
                found = self.catalog.lookup(domain, qualified, fold=fold)
                if found is not None:
                    return found
        return None

    def is_ignored(self, parts: tuple[str, ...], *, writing: bool = False) -> bool:
        """Account Usage, Organization Usage and information-schema views are not recorded; ``writing``: the name is
        a statement's target (a read-only system catalog's name written is a table's: :attr:`.DialectRules.
        system_views_read_only`)."""
        key = (self.context, parts)
        ignored = self.cache.ignored.get(key)
        if ignored is None:
            ignored = self.cache.ignored[key] = self._ignored(parts)
        return ignored or (not (writing and self.naming.rules.system_views_read_only) and self._system_catalog(parts)) \
            or self._system_synonym(parts)

    def _system_synonym(self, parts: tuple[str, ...]) -> bool:
        """Whether ``parts`` names a synonym of a system object (Oracle's public ``DUAL``, ``PRODUCT_USER_PROFILE``):
        asked of the catalog each time, as :meth:`_system_catalog` is."""
        target = _synonym_target(self._named("relation", parts)) if self.catalog.synonyms else None
        return target is not None and self._ignored(target)

    def _system_catalog(self, parts: tuple[str, ...]) -> bool:
        """An unqualified name of a system catalog (PostgreSQL's pg_*, Redshift's stl_ / svv_ ..., T-SQL's
        compatibility views, also as ``dbo.`` / ``sys.`` / ``master..``), found through pg_catalog unless the catalog
        has a table so named: asked of the catalog each time, never cached (a CREATE or DROP of such a table changes
        the answer)."""
        rules = self.naming.rules
        if not rules.system_prefixes and not rules.system_views:  # (a dialect of no such catalog: Snowflake's)
            return False
        prefixed = bool(rules.system_prefixes) and len(parts) == 1 and parts[0].casefold().startswith(
            rules.system_prefixes)
        named = prefixed or parts[-1].casefold() in rules.system_views and (
            len(parts) == 1 or parts[-2].casefold() in ("dbo", "sys", ""))
        return named and self._lookup("relation", parts) is None

    def _ignored(self, parts: tuple[str, ...]) -> bool:
        qualified = [p.casefold() for p in self.qualified(parts)]
        if "information_schema" in qualified[:-1]:
            return True
        if self.naming.rules.system_prefixes and "pg_catalog" in qualified[:-1]:
            return True  # a system catalog named in its schema (an unqualified one: _system_catalog)
        if len(qualified) >= 3 and qualified[-3] == self.naming.rules.system_catalog:
            return True
        if len(qualified) >= 2 and qualified[-2] in self.naming.rules.system_schemas:
            return True
        if qualified[-1] in self.naming.rules.metadata_tables:
            return True
        return len(qualified) >= 3 and qualified[-3] == "snowflake" and qualified[-2] in _IGNORED_SCHEMAS

    # ------------------------------------------------------------------ stages
    def stage(self, text: str) -> CatalogObject | None:
        """The stage a ``@...`` reference names: named, table (``@%t``) or user (``@~``)."""
        return self._cached(self.cache.stages, (self.context, self.user, text.split("/")[0]), lambda: self._stage(text))

    def _stage(self, text: str) -> CatalogObject | None:
        body = text[1:] if text.startswith("@") else text
        if body.startswith("~"):
            return self._user_stage()
        if body.startswith("%"):
            return self._table_stage(self._stage_name_parts(body[1:]))
        parts = self._stage_name_parts(body)
        if not parts:
            return None
        if parts[-1].startswith("%"):  # @db.sch.%t: the stage of table db.sch.t
            return self._table_stage((*parts[:-1], parts[-1][1:]))
        found = self._lookup("Stage", parts)
        if found is not None:
            return found
        key = ("named", self.qualified(parts))
        if key not in self.cache.synthetic:
            self.cache.synthetic[key] = CatalogObject(
                domain="Stage", name=".".join(self.qualified(parts)), id=None,
                stage_kind="Internal Named", known=False,
            )
        return self.cache.synthetic[key]

    def _table_stage(self, parts: tuple[str, ...]) -> CatalogObject:
        """A table stage, named by its table's fully qualified name and carrying the table's id."""
        table = self.relation(parts)
        key = ("table", table.name)
        if key not in self.cache.synthetic:
            self.cache.synthetic[key] = CatalogObject(
                domain="Stage", name=table.name, id=table.id, stage_kind="Table", known=table.known
            )
        return self.cache.synthetic[key]

    def _user_stage(self) -> CatalogObject:
        user = self.user or "UNKNOWN_USER"
        key = ("user", user)
        if key not in self.cache.synthetic:
            self.cache.synthetic[key] = CatalogObject(
                domain="Stage", name=user, id=stable_id("user", user), stage_kind="User"
            )
        return self.cache.synthetic[key]

    def _stage_name_parts(self, body: str) -> tuple[str, ...]:
        parts: list[str] = []
        current, quoted, in_quotes = [], False, False
        for ch in body:
            if ch == '"':
                in_quotes = not in_quotes
                quoted = True
                continue
            if not in_quotes and ch in "/":
                break
            if not in_quotes and ch == ".":
                parts.append(self.naming.normalize("".join(current), quoted))
                current, quoted = [], False
                continue
            current.append(ch)
        if current:
            parts.append(self.naming.normalize("".join(current), quoted))
        return tuple(parts)

    # ------------------------------------------------------------------ functions
    def is_result_scan(self, node: exp.Expression) -> bool:
        target = node.expression if isinstance(node, exp.Dot) else node
        return isinstance(target, exp.Func) and target.name.upper() == "RESULT_SCAN" or (
            isinstance(target, exp.Anonymous) and str(target.this).upper() == "RESULT_SCAN"
        )

    def udf_call(self, node: exp.Expression) -> tuple[CatalogObject, list[exp.Expression]] | None:
        """(function, arguments) when ``node`` calls a UDF of the catalog, else None."""
        called = self._called(node)
        if called is None:
            return None
        parts, args = called
        fn = self.function(parts, len(args), rows=isinstance(node.parent, exp.Table))
        return (fn, args) if fn is not None else None

    def uncatalogued_udf(self, node: exp.Expression) -> tuple[CatalogObject, list[exp.Expression]] | None:
        """(function, arguments) when ``node`` is a qualified call the dialect takes for a user-defined function and
        the catalog does not hold it (BigQuery's ``mozfun.map.get_key(m, 'k')``, ``ds.f(x)``): a function known by
        name only, as a table the catalog lacks is; None otherwise."""
        if self.naming.dialect_name == "oracle":
            return self._packaged_function(node)
        builtin = self.naming.rules.builtin_namespaces
        called = self._called(node) if builtin is not None else None
        if called is None or not 2 <= len(called[0]) <= 3 or called[0][0].upper() in builtin \
                or called[0][-2].upper() in builtin \
                or column_method(called[0][-1], self.naming.dialect_name) \
                or any(part.upper() == "INFORMATION_SCHEMA" for part in called[0]):  # a system table function
            return None
        return unknown_object(".".join(self.qualified(called[0])), "Function"), called[1]

    def _packaged_function(self, node: exp.Expression) -> tuple[CatalogObject, list[exp.Expression]] | None:
        """Oracle's ``p.f(x)`` / ``schema.p.f(x)`` of a package the log created (or a synonym of one): a function known
        by name only (``db.schema.p.f``); None for any other call (a method of a column's type, a schema's
        function)."""
        called = self._called(node)
        if called is None or len(called[0]) not in (2, 3):
            return None
        package = self.package(called[0][:-1])
        if package is None:
            return None
        return unknown_object(".".join((*package.parts, called[0][-1])), "Function"), called[1]

    def package(self, parts: tuple[str, ...]) -> CatalogObject | None:
        """The Oracle package ``parts`` names (``p`` of the current schema, ``schema.p``), or the package a synonym
        of that name stands for (the current schema's, then a public one); None when it names no package the log
        created."""
        found = self.catalog.lookup(PACKAGE, tuple(self.qualified(parts)))
        if found is not None or len(parts) != 1:
            return found
        database, schema = self.context.known("database"), self.context.known("schema")
        for owner in (schema, "PUBLIC"):
            synonym = self.catalog.lookup("Synonym", tuple(p for p in (database, owner, parts[0]) if p))
            target = name_parts("Table", synonym.source) if synonym is not None and synonym.source else None
            if target:
                found = self.catalog.lookup(PACKAGE, tuple(self.qualified(tuple(target[-2:]))))
                if found is not None:
                    return found
        return None

    def typed_udf_names(self) -> frozenset[str]:
        """The names of the catalog's user functions that sqlglot reads as its own typed calls (``LAST_DAY``), in
        PostgreSQL, whose built-ins these are not: a call of one is the user function's (pagila's ``last_day(date)``);
        none in another dialect."""
        if self.naming.dialect_name != "postgres":
            return frozenset()
        cache = self.cache
        if cache.typed_udfs is None:
            from sqlglot.parser import Parser

            typed = Parser.FUNCTIONS
            cache.typed_udfs = frozenset(name for obj in self.catalog.objects() if obj.domain == "Function"
                                         and (name := obj.parts[-1].upper()) in typed)
        return cache.typed_udfs

    def _called(self, node: exp.Expression) -> tuple[tuple[str, ...], list[exp.Expression]] | None:
        """The name parts and arguments of a call of a function by name (``f(x)``, ``ds.f(x)``, BigQuery's
        `` `p.ds.f`(x) ``, a user function sqlglot reads as a typed call: :meth:`typed_udf_names`), else None."""
        if isinstance(node, exp.Func) and not isinstance(node, exp.Anonymous) \
                and node.sql_name() in self.typed_udf_names():
            arguments = [argument for key in node.arg_types for value in [node.args.get(key)] if value is not None
                         for argument in (value if isinstance(value, list) else [value])
                         if isinstance(argument, exp.Expression)]
            return (self.naming.object_name(node.sql_name()),), arguments
        if isinstance(node, exp.Dot):
            call = node.expression
            if not isinstance(call, exp.Anonymous):
                return None
            prefix = self.naming.dotted(node.this)
        elif isinstance(node, exp.Anonymous):
            call, prefix = node, ()
        else:
            return None
        if isinstance(call.this, exp.Identifier):  # a quoted name keeps its case; BigQuery's `ds.f` is a path
            named = self.naming.parts([call.this])
        else:
            named = (self.naming.object_name(call.this if isinstance(call.this, str) else call.name),)
        parts = (*prefix, *named)
        if not all(parts):  # ({{database}}.s.f(x), a template's placeholder: no name, as in a FROM clause)
            raise UnsupportedStatement(f"{'.'.join(parts)}: a name with an empty part names no object")
        return parts, list(call.expressions)

    def udtf_columns(self, node: exp.Expression) -> list[str]:
        """The columns of the rows ``node`` returns when it calls a UDTF of the catalog (its declared
        ``RETURNS TABLE (...)``); none otherwise."""
        call = self.udf_call(node)
        return self.declared_columns(call[0]) if call is not None else []

    def declared_columns(self, fn: CatalogObject) -> list[str]:
        """The columns a table function declares it returns (``RETURNS TABLE (...)``), named as the dialect names
        columns (the declaration is kept upper-cased); PostgreSQL's ``RETURNS SETOF t`` of a table t, t's columns
        (its rows are rows of t's row type)."""
        declared = table_columns(fn.data_type)
        kind, _, rows_of = (fn.data_type or "").strip().partition(" ")
        if not declared and kind.upper() == "SETOF":
            rows = self._row_type(fn, rows_of)
            return [column.name for column in rows.visible_columns()] if rows is not None else []
        return [self.naming.normalize(name) for name in declared]

    def _row_type(self, fn: CatalogObject, name: str) -> CatalogObject | None:
        """The table (or view) whose row type ``name`` is, found as ``fn``'s own statements find names; None when
        it is not one of known columns (a base type: SETOF int)."""
        try:
            table = exp.to_table(name.strip(), dialect=self.naming.dialect)
        except (SqlglotError, ValueError):
            return None
        own = self.for_object(fn)
        found = own.lookup("relation", own.naming.table_parts(table)) if table is not None and table.name else None
        return found if found is not None and found.columns and not found.columns_open else None

    def udtf_column_names(self, fn: CatalogObject) -> list[str] | None:
        """The columns of a SQL table function's rows, each one its body's column at the same place: those it
        declares, else its body's (a BigQuery table function declares none); None when its body is no query this
        can read, or gives another number of columns."""
        body = self.udf_body(fn)
        if body is None or body.open:
            return None
        names = self.declared_columns(fn) or body.names()
        return names if len(names) == len(body.columns) else None

    def function(self, parts: tuple[str, ...], arity: int | None = None, *, rows: bool | None = None
                 ) -> CatalogObject | None:
        """The catalog's function ``parts`` names, of ``arity`` arguments where it has overloads; ``rows``: called
        as a FROM item (True) or in an expression (False), which picks a table function or a scalar one of the same
        name and arity (DuckDB keeps ``CREATE MACRO xt(a, b) AS a + b`` and ``... AS TABLE SELECT ...`` apart)."""
        qualified = self.qualified(parts)
        candidates = (qualified, parts)
        temporary = self.naming.rules.temporary_schema
        if temporary and len(parts) == 1:  # BigQuery: a temporary function of the script or session first
            candidates = (self.qualified((self.naming.normalize(temporary), *parts)), *candidates)
        overloads = next((found for fold in (False, True) for candidate in dict.fromkeys(candidates)
                          if (found := self.catalog.lookup_all("Function", candidate, fold=fold))), [])
        if len(overloads) <= 1 or arity is None:
            return overloads[0] if overloads else None
        matching = [f for f in overloads if len(argument_names(f.argument_signature)) == arity]
        if len(matching) > 1 and rows is not None:
            matching = [f for f in matching if _returns_rows(f) == rows] or matching
        return (matching or overloads)[0]

    def policy_function(self, name: str) -> CatalogObject | None:
        """The function a policy named ``name`` is, where policies are functions (Databricks' masks and row filters:
        :attr:`.DialectRules.policies_are_functions`)."""
        return self.function(tuple(name.split("."))) if self.naming.rules.policies_are_functions else None

    def model(self, parts: tuple[str, ...]) -> CatalogObject:
        """The ML model ``parts`` names, recorded as the reference records the nearest kind it has, a function that is
        not SQL (CONTRACT 3a): the catalog's function of that name, else one known by name only."""
        return self.function(parts) or unknown_object(".".join(self.qualified(parts)), "Function").evolve(
            language=MODEL_LANGUAGE)

    def udf_arguments_used(self, fn: CatalogObject) -> frozenset[int] | None:
        """Indices of the arguments a SQL UDF's body uses; None when all count (non-SQL, unknown body)."""
        return self._cached(self.cache.udf_args, fn.id, lambda: self._arguments_used(fn))

    def _arguments_used(self, fn: CatalogObject) -> frozenset[int] | None:
        if fn.external or not is_sql_udf(fn) or not fn.body:
            return None
        tree = self._parse_expression(fn.body, fn)
        if tree is None:
            return None
        return referenced_arguments(tree, argument_names(fn.argument_signature), self.naming)

    def udf_struct_fields(self, fn: CatalogObject) -> list[tuple[str, frozenset[int]]] | None:
        """The fields of the STRUCT a SQL UDF's body builds (``AS (STRUCT(UPPER(x) AS up, ...))``), each with the
        indices of the arguments it is computed from; None for another body."""
        return self._cached(self.cache.udf_fields, fn.id, lambda: self._struct_fields(fn))

    def _struct_fields(self, fn: CatalogObject) -> list[tuple[str, frozenset[int]]] | None:
        if fn.external or not is_sql_udf(fn) or not fn.body:
            return None
        tree = self._parse_expression(fn.body, fn)
        while isinstance(tree, exp.Paren):
            tree = tree.this
        if not isinstance(tree, exp.Struct) or not tree.expressions \
                or not all(isinstance(e, (exp.PropertyEQ, exp.Alias)) for e in tree.expressions):
            return None
        names = argument_names(fn.argument_signature)
        return [(self.naming.ident(e.this if isinstance(e, exp.PropertyEQ) else e.args["alias"]),
                 referenced_arguments(e.expression if isinstance(e, exp.PropertyEQ) else e.this, names, self.naming))
                for e in tree.expressions]

    def udf_body(self, fn: CatalogObject) -> QueryResult | None:
        """What a SQL UDF's body reads, recorded among the base objects: the tables it queries and the non-SQL functions it
        calls, in a query or an expression (``js_f(y) + 1``); None for another function."""
        if self._temporary(fn):  # (read as the calling statement reads its names)
            return self._cached(self.cache.udf_bodies, (fn.id, self.context), lambda: self._udf_body(fn))
        return self._cached(self.cache.udf_bodies, fn.id, lambda: self._in_own_session(fn, self._udf_body))

    def _temporary(self, fn: CatalogObject) -> bool:
        """Whether ``fn`` is a temporary function (BigQuery's, in no dataset): its body's names resolve as the
        calling statement's do, not in a dataset of its own."""
        temporary = self.naming.rules.temporary_schema
        return bool(temporary) and len(fn.parts) >= 2 and fn.parts[-2].casefold() == temporary.casefold()

    def _udf_body(self, fn: CatalogObject) -> QueryResult | None:
        from .analysis import Analyzer

        if not is_sql_udf(fn) or not fn.body:
            return None
        tree = self._parse_expression(fn.body, fn)
        if tree is None or isinstance(tree, (exp.Insert, exp.Update, exp.Delete, exp.Merge)):
            return None  # (a body that writes: PostgreSQL's, run by the statement, :func:`.dml.function_writes`)
        tree = self._bind_table_arguments(tree, table_arguments(fn.argument_signature))
        query = tree if isinstance(tree, (exp.Select, exp.Union, exp.Subquery)) else exp.select(tree)
        binder = (Binder(self.catalog, self.naming, self.context, self.cache, self.user) if self._temporary(fn)
                  else self.for_object(fn))
        # its parameters are no columns of a table of unknown columns it queries (a column of a known one's name is
        # the column, as a script's variable is)
        binder.variables = frozenset(self.naming.normalize(name) for name in argument_names(fn.argument_signature))
        with self._analysing(fn) as entered:
            return Analyzer(binder, None).query(query) if entered else None

    @contextmanager
    def _analysing(self, obj: CatalogObject) -> Iterator[bool]:
        """Whether the definition or body of ``obj`` (a view, a function) may be analysed now: not inside its own
        analysis."""
        key = (namespace(obj.domain), obj.id)  # (ids are unique within a namespace: a view's may be a function's)
        if key in self.cache.analysing:
            yield False
            return
        self.cache.analysing.add(key)
        try:
            yield True
        finally:
            self.cache.analysing.discard(key)

    def _bind_table_arguments(self, tree: exp.Expression, tables: dict[str, list[str]]) -> exp.Expression:
        """A body where each table argument it queries (``FROM ARG_T``) stands as a row of its columns: the rows
        are the caller's argument (read there), no table of the function's schema."""
        folded = {name.casefold(): columns for name, columns in tables.items()}
        for table in list(tree.find_all(exp.Table)) if folded else ():
            columns = folded.get(self.naming.ident(table.this).casefold()) if not table.args.get("db") else None
            if columns is not None:
                row = exp.select(*([exp.alias_(exp.Null(), column) for column in columns] or [exp.Null()]))
                table.replace(row.subquery(table.alias or table.name))
        return tree

    def policy_arguments_used(self, policy: CatalogObject) -> frozenset[int] | None:
        """Indices of the arguments a masking policy's body references anywhere."""
        def compute() -> frozenset[int] | None:
            tree = self._parse_expression(policy.body or "", policy)
            names = argument_names(policy.signature) or ["VAL"]
            return None if tree is None else referenced_arguments(tree, names, self.naming)

        return self._cached(self.cache.policy_args, policy.id, compute)

    def _parse_expression(self, text: str, owner: CatalogObject) -> exp.Expression | None:
        """The body of ``owner`` (a UDF or a policy) parsed; None when it does not parse.

        A body nested too deeply raises :class:`UnsupportedStatement` naming ``owner``.
        """
        body = text.strip().strip("$").strip() or "NULL"
        try:
            return parse_sql(body, self.naming.dialect, what=f"the body of {owner.domain.lower()} {owner.name}")
        except SqlglotError:
            return None

    # ------------------------------------------------------------------ views
    def view_result(self, view: CatalogObject) -> QueryResult | None:
        """The analysed definition of a view, its columns named as the catalog names them: analysed once, and again
        only when the view is replaced or what its definition's names find changes (a statement that changes the
        catalog elsewhere, a table created, keeps it)."""
        catalog, cache = self.catalog, self.cache
        kept = cache.views.get(view.id)
        if kept is not None and kept.found[0] is view and kept.holds(catalog, cache):
            catalog.replay(kept.lookups)
            return kept.found[1]
        cache.view_locations.pop(view.id, None)  # (found again with the result)
        with catalog.recording() as deps:
            result = self._in_own_session(view, self._view_result)
        cache.views[view.id] = Kept((view, result), deps, catalog.version, cache.version)
        return result

    def data_source_name(self, written: str) -> str:
        """An external data source's name as kept (:data:`DATA_SOURCE`): the session's database's and its own (a data
        source belongs to a database, in no schema)."""
        name = written[1:-1] if written[:1] in ("[", '"') else written
        database = self.context.known("database")
        return f"{database}.{name}" if database else name

    def data_source_url(self, source: str) -> str | None:
        """The LOCATION of the external data source (Exasol's connection) named ``source``; None when not known here."""
        found = self.catalog.lookup(DATA_SOURCE, tuple(self.data_source_name(source).split(".")))
        return found.url if found is not None and found.url else None

    def under_data_source(self, source: str, path: str) -> str:
        """The location of ``path`` under the external data source named ``source``: its LOCATION joined with the path;
        the path as written when the data source is not known here (or the path is a whole URL)."""
        url = self.data_source_url(source)
        if url is None or "://" in path:
            return path
        return f"{url.rstrip('/')}/{path.lstrip('/')}"

    def view_locations(self, view: CatalogObject) -> tuple[str, ...]:
        """The locations a view's definition reads (files read in place), which a read of the view reads behind it."""
        self.view_result(view)
        return self.cache.view_locations.get(view.id, ())

    def _in_own_session(self, obj: CatalogObject, analyse):
        """``analyse(obj)`` with the lookups of ``obj``'s session: a temporary view's body finds its own session's
        temporary objects, a permanent object's none (Spark never resolves a temporary view in a permanent view;
        PostgreSQL binds a view's names when it is created), whichever session reads it."""
        with self.catalog.in_session(obj.session):
            return analyse(obj)

    def _view_result(self, view: CatalogObject) -> QueryResult | None:
        from .analysis import Analyzer, DirectReads, QueryResult

        definition = view.definition or ""
        if view.domain == "Semantic view":  # its CREATE (GET_DDL's): the SELECT it stands for
            defined = semantic_view_query(definition, self.naming.dialect_name)
            if defined is None:
                return None
            definition = defined[0]
        check_nesting(definition, what=f"the definition of view {view.name}")
        query = parse_view_definition(definition, self.naming.dialect)
        if query is None:  # (a catalog's text: a view the log created was parsed when it was created)
            shown = " ".join(definition.split())
            raise UnsupportedStatement(f"the definition of view {view.name} in the catalog is not a query the parser "
                                       f"reads ({shown[:60] + '...' if len(shown) > 60 else shown}): a statement "
                                       "reading the view is set aside rather than recorded without its base tables")
        own = self.for_object(view)
        with self._analysing(view) as entered:
            if not entered:
                return None
            query = recursive_view_query(query, own, view.name, [c.name for c in view.columns or ()])
            reads = DirectReads()
            try:
                result = Analyzer(own, reads, record_stages=False).query(query)
            except RecursionError:
                raise UnsupportedStatement(f"the definition of view {view.name} is nested too deeply to analyse"
                                           ) from None
        if reads.locations:
            self.cache.view_locations[view.id] = tuple(reads.locations)
        result = _named_by_definition(result, query, self.naming)
        names = [c.name for c in view.columns or ()]
        if names and len(names) == len(result.columns):
            result = QueryResult(list(zip(names, (f for _, f in result.columns))), result.conditions, result.open,
                                 result.rest, result.through, result.placed)
        return result


_NO_SCHEMA_BINDING = re.compile(r"(?<!\s)\s+WITH\s+NO\s+SCHEMA\s+BINDING\s*+;?\s*+(?:--[^\n]*+\s*+)*+\Z", re.IGNORECASE)
_CREATE = re.compile(r"\s*CREATE\b", re.IGNORECASE)


def late_binding(definition: str) -> bool:
    """Whether a view's definition is a Redshift late-binding view's (it ends ``WITH NO SCHEMA BINDING``): it reads
    its tables by name, whatever they are when it is read."""
    return _NO_SCHEMA_BINDING.search(definition) is not None


def parse_view_definition(definition: str, dialect) -> exp.Expression | None:
    """The SELECT of a view definition (a bare SELECT or a full CREATE VIEW ... AS SELECT, as Snowflake's
    ``GET_DDL`` and ``VIEWS.VIEW_DEFINITION`` give it, with the clauses sqlglot does not read: ``RECURSIVE``,
    ``COPY GRANTS``, policies, tags, contacts). A CREATE's column list names the view's columns: the query's meta
    :data:`VIEW_COLUMNS` holds it (a catalog that lists the view's columns names them first).

    A Redshift late-binding view's query ends with ``WITH NO SCHEMA BINDING`` where its CREATE VIEW had it (as a
    catalog export may give it): the clause is the CREATE's, and is read as such. A ClickHouse materialized view
    that writes into a table of its own (``CREATE MATERIALIZED VIEW mv TO t AS ...``) selects its columns from ``t``
    (:func:`.clickhouse.target_rows`).

    None when it does not parse, or nests too deeply to be given to the parser.
    """
    unbound = _NO_SCHEMA_BINDING.search(definition)
    if unbound is not None and not _CREATE.match(definition):
        definition = definition[:unbound.start()]
    try:
        tree = parse_sql(definition, dialect)
    except (SqlglotError, UnsupportedStatement):
        tree = None
    if tree is None or isinstance(tree, exp.Command):
        readable = readable_create(definition, dialect)
        try:
            tree = parse_sql(readable, dialect) if readable is not None else None
        except (SqlglotError, UnsupportedStatement):
            return None
    named: list[exp.Expression] = []
    if isinstance(tree, exp.Create) and tree.find(exp.ToTableProperty) is not None:  # (ClickHouse's mv TO t)
        tree = target_rows(tree)
    if isinstance(tree, exp.Create):
        if isinstance(tree.this, exp.Schema):  # CREATE VIEW v (p, q COMMENT '...') AS ...: the view's column names
            named = [column.this if isinstance(column, exp.ColumnDef) else column for column in tree.this.expressions]
        tree = tree.expression
    if not isinstance(tree, (exp.Select, exp.Union, exp.Intersect, exp.Except, exp.Subquery, exp.Values)):
        return None
    if named:
        tree.meta[VIEW_COLUMNS] = named
    return tree


#: The meta key of a view's query parsed from a full CREATE VIEW with a column list: the list's identifiers.
VIEW_COLUMNS = "ahp_view_columns"


def recursive_view_query(query: exp.Expression, binder: Binder, name: str, columns: list[str]) -> exp.Expression:
    """A recursive view's query as the recursive CTE it is, which the analysis knows; any other query as it is.

    ``CREATE RECURSIVE VIEW v (x) AS <anchor> UNION ALL <a branch reading v>`` reads as
    ``WITH v (x) AS (...) SELECT * FROM v``: the view's reference to itself is the rows it has
    made so far, as a recursive CTE's is, never an object read (the view does not exist yet when
    it is created, and its reads would otherwise be a cycle). A view is recursive when a branch of
    its UNION after the first names the view itself, resolved in the view's own schema
    (``binder``), with the keyword RECURSIVE or, as for a CTE (CONTRACT 3a), without it.
    """
    body = query
    while isinstance(body, exp.Subquery):
        body = body.this
    if not isinstance(body, exp.Union):
        return query
    body = body.copy()
    branches: list[exp.Expression] = []
    node: exp.Expression = body
    while isinstance(node, exp.Union):
        branches.append(node.expression)
        node = node.this
    itself = [(table, parts) for branch in branches for table in branch.find_all(exp.Table)
              if (parts := _naming(binder, table, name))]
    if not itself:
        return query
    cte = exp.to_identifier(itself[0][1][-1], quoted=True)
    for table, _ in itself:
        table.replace(exp.Table(this=cte.copy(), alias=table.args.get("alias")))
    alias = exp.TableAlias(this=cte.copy(), columns=[exp.to_identifier(c, quoted=True) for c in columns])
    return exp.select("*").from_(exp.Table(this=cte.copy())).with_(alias, as_=body, recursive=True)


def _naming(binder: Binder, table: exp.Table, name: str) -> tuple[str, ...] | None:
    """The qualified parts of ``table`` when they name the object ``name`` (fully qualified), resolved by
    ``binder``; None when it names another."""
    try:
        parts = binder.qualified(binder.naming.table_parts(table))
    except UnsupportedStatement:
        return None
    return parts if parts and ".".join(parts) == name else None


def is_sql_udf(fn: CatalogObject) -> bool:
    return (fn.language or "sql").strip().casefold() in _SQL_LANGUAGES


def records_in_base(fn: CatalogObject) -> bool:
    """External functions, shared functions, non-SQL UDFs and procedures appear among the base objects."""
    if fn.domain == "Procedure":
        return True
    return fn.external or fn.shared or not is_sql_udf(fn)


def argument_names(signature: str | None) -> list[str]:
    """Argument names of a signature such as ``(NUM1 NUMBER, NUM2 NUMBER)``.

    >>> argument_names("(NUM1 NUMBER, NUM2 NUMBER(38, 0))")
    ['NUM1', 'NUM2']
    """
    return [item.split()[0].strip('"') for item in signature_items(signature)]


def table_columns(data_type: str | None) -> list[str]:
    """The columns a table function returns, by the type it declares (``TABLE (CUSTID NUMBER(10), CNAME VARCHAR)``,
    BigQuery's ``TABLE<a INT64, s STRUCT<x INT64, y INT64>>``); none for any other type.

    >>> table_columns("TABLE (CUSTID NUMBER(10, 0), CNAME VARCHAR)"), table_columns("NUMBER(38, 0)")
    (['CUSTID', 'CNAME'], [])
    >>> table_columns("TABLE<a INT64, s STRUCT<x INT64, y INT64>>")
    ['a', 's']
    """
    text = (data_type or "").strip()
    rest = text[5:].strip()
    if text[:5].upper() != "TABLE" or not (rest.startswith("(") or rest.startswith("<") and rest.endswith(">")):
        return []
    return argument_names(rest if rest.startswith("(") else f"({rest[1:-1]})")


def table_arguments(signature: str | None) -> dict[str, list[str]]:
    """The arguments of a signature that are tables (a data metric function's ``ARG_T TABLE(ARG_C STRING)``),
    each with the names of its columns.

    >>> table_arguments("(ARG_T TABLE(ARG_C1 STRING, ARG_C2 NUMBER(38, 0)), N NUMBER)")
    {'ARG_T': ['ARG_C1', 'ARG_C2']}
    """
    tables = {}
    for item in signature_items(signature):
        name, _, rest = item.partition(" ")
        if rest.lstrip().upper().startswith("TABLE") and "(" in rest:
            tables[name.strip('"')] = argument_names(rest[rest.index("("):])
    return tables


#: The end of a type whose parameters its angle brackets hold (``STRUCT<``, ``ARRAY<``, ``MAP<``, ``RANGE<``).
_TYPE_OPENING = re.compile(r"\b(?:struct|array|map|range|object|table)\s*$", re.IGNORECASE)


def signature_items(signature: str | None) -> list[str]:
    """The arguments of a signature, each as written (``NUM2 NUMBER(38, 0)``): its list cut at the commas
    outside parentheses, a type's angle brackets (BigQuery's ``STRUCT<a INT64, b INT64>``, ``ARRAY<STRUCT<...>>``)
    and strings (a parameter's ``COMMENT 'a, b'``, a default's text).

    >>> signature_items("(city STRING COMMENT 'City like Sydney, New York', n INT DEFAULT 1)")
    ["city STRING COMMENT 'City like Sydney, New York'", 'n INT DEFAULT 1']
    >>> signature_items("(p STRUCT<a INT64, b ARRAY<STRUCT<c INT64, d STRING>>>, x INT64, ok BOOL DEFAULT 1 < 2)")
    ['p STRUCT<a INT64, b ARRAY<STRUCT<c INT64, d STRING>>>', 'x INT64', 'ok BOOL DEFAULT 1 < 2']
    """
    if not signature:
        return []
    inner = signature.strip()
    if inner.startswith("(") and inner.endswith(")"):
        inner = inner[1:-1]
    items, depth, angles, current, quote = [], 0, 0, [], None
    for ch in inner + ",":
        if quote is not None:  # (inside a string: '' and "" close and reopen it, which changes nothing here)
            quote = None if ch == quote else quote
            current.append(ch)
            continue
        if ch in "'\"":
            quote = ch
        elif ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
        elif ch == "<" and _TYPE_OPENING.search("".join(current[-8:])):  # (a type's, never a comparison's)
            angles += 1
        elif ch == ">" and angles:
            angles -= 1
        if ch == "," and depth == 0 and not angles:
            item = "".join(current).strip()
            if item:
                items.append(item)
            current = []
        else:
            current.append(ch)
    return items


def referenced_arguments(tree: exp.Expression, names: list[str], naming: Naming) -> frozenset[int]:
    """The indexes of the arguments a body uses: by their names, or by their numbers (PostgreSQL's ``$1``: "the
    arguments of a SQL function can be referenced in the function body using either names or numbers").

    >>> import sqlglot
    >>> sorted(referenced_arguments(sqlglot.parse_one("select btrim($2) || a", read="postgres"), ["a", "b"], naming_for("postgres")))
    [0, 1]

    A field of an argument uses it (BigQuery's ``x.sum`` of a struct, ``ARRAY_LENGTH(x.arr)``):

    >>> sorted(referenced_arguments(sqlglot.parse_one("select x.sum + array_length(y.a.b)", read="bigquery"),
    ...                             ["x", "y", "z"], naming_for("bigquery")))
    [0, 1]
    """
    folded = {name.casefold(): i for i, name in enumerate(names)}
    used = set()
    for column in tree.find_all(exp.Column):
        # (a qualified name whose first part is an argument is a field of it: BigQuery's ``x.sum`` of a struct)
        first = column.parts[0] if column.parts else column.this
        index = folded.get(naming.ident(first).casefold()) if isinstance(first, exp.Identifier) else None
        if index is not None:
            used.add(index)
    for parameter in tree.find_all(exp.Parameter):
        number = parameter.this
        if isinstance(number, exp.Literal) and not number.is_string and number.this.isdigit() \
                and 0 < int(number.this) <= len(names):
            used.add(int(number.this) - 1)
    return frozenset(used)


def derive_view_columns(catalog: Catalog, dialect: str = "snowflake") -> int:
    """Give every view the catalog lists without columns the columns its definition produces (none to a view whose
    definition's columns are not all known, which stays a view of unknown columns).

    Views over views are derived in dependency order (a view whose sources are still unknown
    waits for a later pass). Column ids are derived from the view's and the column's names,
    as for any snapshot column without an id. Returns how many views were completed.
    """
    from ..catalog import Column

    done = 0
    for _ in range(8):  # views over views: each pass completes one more level
        pending = [o for o in catalog.objects() if o.domain in ("View", "Materialized view") and o.columns is None and o.definition]
        progressed = False
        for view in pending:
            result = _analysed_definition(catalog, view, dialect)
            if result is None or result.open:  # a star over a table of unknown columns: so are the view's, as a
                # view the log creates over one (its known columns are found through its definition)
                continue
            columns = tuple(Column(name, stable_id("column", view.name, name)) for name in result.names())
            catalog.put(view, view.evolve(columns=columns))
            done += 1
            progressed = True
        if not progressed:
            break
    catalog.views_derived = dialect
    return done


def _analysed_definition(catalog: Catalog, view: CatalogObject, dialect: str) -> QueryResult | None:
    """What a view's definition produces, or None when it cannot be analysed: such a view is
    left without columns, and a statement that reads it is set aside with the reason."""
    from .analysis import Analyzer

    binder = Binder(catalog, naming_for(dialect), Context.of_object(view.name))
    query = parse_view_definition(view.definition or "", binder.naming.dialect)
    if query is None:
        return None
    try:
        result = Analyzer(binder, None).query(query)
    except (StatementError, RecursionError):  # nested too deeply: reported when a statement reads the view
        return None
    return _named_by_definition(result, query, binder.naming)


def _named_by_definition(result: QueryResult, query: exp.Expression, naming) -> QueryResult:
    """``result`` with its columns named as the view's CREATE lists them (``CREATE VIEW v (p, q) AS ...``), when it
    lists as many."""
    from .analysis import QueryResult

    listed = [naming.defined_column(named) for named in query.meta.get(VIEW_COLUMNS, ())]
    if not listed or len(listed) != len(result.columns):
        return result
    return QueryResult(list(zip(listed, (f for _, f in result.columns))), result.conditions, result.open, result.rest,
                       result.through, result.placed)
