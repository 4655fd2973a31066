"""DDL: the ``object_modified_by_ddl`` entry of a statement and the change it makes to the catalog.

This module handles the CREATE forms sqlglot parses (tables with columns, CTAS, CLONE,
LIKE, views and materialized views, databases and schemas) and the statements of the
platform's own grammar (:mod:`.commands`) that move data (CALL, GET, PUT). The
governance DDL of that grammar (tags, policies, sequences, ALTER / DROP / UNDROP) is
handled in :mod:`.governance`, which builds on the helpers here.

Property shapes follow the reference's examples: compound properties are objects keyed by
the member's name, each member carrying ``subOperationType`` (``ADD`` / ``DROP`` /
``ALTER``) and, where it has one, ``objectId: {"value": id}``; atomic properties are
``{"value": ...}``.
"""

from __future__ import annotations

import dataclasses
import json
import re
from typing import Any

from sqlglot import exp
from sqlglot.errors import SqlglotError

from ..catalog import Catalog, CatalogObject, Column, namespace, session_scoped, stable_id
from ..errors import StatementError, UnsupportedStatement
from . import commands as cmd
from . import dml, streaming, tsql
from .analysis import EMPTY, Analyzer, ColumnAtom, QueryResult, names_files
from .assemble import Entry
from .binder import (DATA_SOURCE, MODEL_LANGUAGE, Binder, late_binding, parse_view_definition,
                     recursive_view_query, signature_items, table_columns)
from .clickhouse import EVERY_COLUMN, STORES_NOTHING
from .create_clauses import (BACKFILL_FROM, COLUMN_MASK, CONTACT, INVISIBLE_COLUMN, OBJECT_POLICIES, PART_SEPARATOR,
                             REFRESH_USING, ROW_FILTER, VIRTUAL_COLUMN)
from .dialects import (SESSION_VIEWS, SPARK_FAMILY, SPARK_SESSION_CATALOG, computed_from, generated_column,
                       generation_columns, invisible_column, stored_from)
from .resolution import (DATA_MOVEMENT, DEPENDENCY, RecordParts, Resolution, is_star, propagated_tags, tagged,
                         unchanged)
from .parsing import SQLGLOT_FAILURES, first_line, parse_sql
from .statements import known_kind
from .whole_forms import CONTENTS_UNKNOWN, PREDICTION_FUNCTION
from ..statement import Statement

DDL_DOMAINS = {
    "Tag": "TAG",
    "Masking policy": "MASKING_POLICY",
    "Row access policy": "ROW_ACCESS_POLICY",
}


# --------------------------------------------------------------------------- shared helpers


def ddl_entry(obj: CatalogObject, operation: str, properties: dict[str, Any] | None = None) -> Entry:
    """An ``object_modified_by_ddl`` value."""
    return {
        "objectDomain": DDL_DOMAINS.get(obj.domain, obj.domain),
        "objectName": obj.name,
        "objectId": obj.id,
        "operationType": operation,
        "properties": properties or {},
    }


def value(v: Any) -> dict[str, Any]:
    return {"value": v}


def camel(key: str) -> str:
    """A property's name in a record: ``AGGREGATION_POLICY`` -> ``aggregationPolicy``."""
    head, *rest = key.lower().split("_")
    return head + "".join(word.capitalize() for word in rest)


def output_types(query: exp.Expression | None, result: QueryResult, dialect: Any) -> dict[str, str]:
    """The data types of the output columns a query's select list passes through (a column of a known type), casts
    or writes as a literal, by output name: what a CTAS's or a view's columns are, so that a tag's masking policy of
    the column's type is the one enforced on it. Other columns' types are left unknown (as is every column of a
    query of ``*`` or a set operation).

    >>> import sqlglot
    >>> from access_history_platform.catalog import CatalogObject
    >>> src = CatalogObject("Table", "D.S.SRC", 1, columns=(Column("BD", 2, data_type="DATE"),))
    >>> query = sqlglot.parse_one("select bd, bd + 1 as n, 'x' as s, 1 as i, cast(bd as varchar) as c from src")
    >>> flows = [frozenset({ColumnAtom(src, "BD")})] * 2 + [EMPTY] * 2 + [frozenset({ColumnAtom(src, "BD")})]
    >>> output_types(query, QueryResult(list(zip(["BD", "N", "S", "I", "C"], flows)), EMPTY), "snowflake")
    {'BD': 'DATE', 'S': 'VARCHAR', 'I': 'NUMBER', 'C': 'VARCHAR'}
    """
    if not isinstance(query, exp.Select) or result.open:
        return {}
    starred = any(isinstance(item.unalias(), exp.Star) or (isinstance(item, exp.Column) and item.is_star)
                  for item in query.selects)
    if starred or len(query.selects) != len(result.columns):  # (a * passes its columns through, by name)
        return {name: typed for name, flow in result.columns
                if (typed := _passed_type(flow, name)) is not None}
    types: dict[str, str] = {}
    for item, (name, flow) in zip(query.selects, result.columns):
        value = item.unalias()
        if isinstance(value, (exp.Cast, exp.TryCast)) and value.to is not None:
            types[name] = value.to.sql(dialect=dialect).upper()
        elif isinstance(value, exp.Literal):
            types[name] = "VARCHAR" if value.is_string else "NUMBER"
        elif isinstance(value, exp.Boolean):
            types[name] = "BOOLEAN"
        elif isinstance(value, exp.Column) and (typed := _passed_type(flow)) is not None:
            types[name] = typed
    return types


def _passed_type(flow: frozenset, name: str | None = None) -> str | None:
    """The data type of the one known column ``flow`` is (of that name, when given), if it has one."""
    if len(flow) != 1:
        return None
    atom = next(iter(flow))
    if not isinstance(atom, ColumnAtom) or not atom.obj.columns or (name is not None and atom.column != name):
        return None
    column = atom.obj.column(atom.column)
    return column.data_type if column is not None and column.data_type else None


def new_object_id(catalog: Catalog, domain: str, name: str, statement: Statement) -> int:
    """A new object's id: stable across runs (derived from its name and the creating statement)."""
    return stable_id("object", namespace(domain), name, statement.query_id)


def new_columns(object_id: int, names: list[str], like: dict[str, Column] | None = None,
                types: dict[str, str] | None = None) -> tuple[Column, ...]:
    """Columns of a new object, with new ids (tags, policies and invisibility copied from ``like`` when cloning; the
    data types ``types`` gives: :func:`output_types`)."""
    out = []
    for name in names:
        template = (like or {}).get(name)
        out.append(
            Column(
                name=name,
                id=stable_id("column", object_id, name),
                masking_policy=template.masking_policy if template else None,
                masking_using=template.masking_using if template else (),
                tags=dict(template.tags) if template else {},
                data_type=template.data_type if template else (types or {}).get(name),
                invisible=template.invisible if template else False,
                computed_from=template.computed_from if template else (),
                stored_from=template.stored_from if template else (),
                generated=template.generated if template else False,
            )
        )
    return tuple(out)


def qualified_name(binder: Binder, parts: tuple[str, ...]) -> str:
    return ".".join(binder.qualified(parts))


def reference_name(binder: Binder, domain: str, parts: tuple[str, ...]) -> tuple[str, CatalogObject | None]:
    """The catalog name of a tag or policy named in SQL (its normalized qualified name if unknown)."""
    found = binder.lookup(domain, parts)
    return (found.name, found) if found is not None else (qualified_name(binder, parts), None)


def tag_member(binder: Binder, parts: tuple[str, ...], operation: str, tag_value: str | None) -> tuple[str, Entry]:
    name, tag = reference_name(binder, "Tag", parts)
    member: Entry = {"subOperationType": operation}
    if tag is not None:
        member["objectId"] = value(tag.id)
    if tag_value is not None:
        member["tagValue"] = value(tag_value)
    return name, member


def policy_member(binder: Binder, domain: str, parts: tuple[str, ...], operation: str) -> tuple[str, Entry]:
    name, policy = reference_name(binder, domain, parts)
    policy = policy or binder.policy_function(name)
    member: Entry = {"subOperationType": operation}
    if policy is not None:
        member["objectId"] = value(policy.id)
    return name, member


def columns_property(columns: tuple[Column, ...], operation: str = "ADD") -> dict[str, Entry]:
    return {c.name: {"objectId": value(c.id), "subOperationType": operation} for c in columns}


def create_or_replace(binder: Binder, domain: str, name: str) -> tuple[str, CatalogObject | None]:
    """``CREATE`` when no object of that name exists, ``REPLACE`` (and the old object) otherwise."""
    existing = binder.existing(domain, name)
    return ("REPLACE", existing) if existing is not None else ("CREATE", None)


def _create_operation(tree: exp.Create, statement: Statement, binder: Binder, name: str,
                        domain: str = "relation") -> tuple[str, CatalogObject | None]:
    """A table's, view's, schema's or database's :func:`create_or_replace`, but a plain ``CREATE`` (no ``OR
    REPLACE`` / ``OR ALTER``, Delta Live Tables' ``OR REFRESH``) is a ``CREATE`` whatever the catalog holds: it
    fails where the object exists, so one that ran found none (the catalog's object of that name was dropped
    unseen, or is another session's temporary one). The catalog's object is replaced all the same."""
    operation, old = create_or_replace(binder, domain, name)
    if old is not None and not tree.args.get("replace") and known_kind(statement).keywords[:3] != (
            "CREATE", "OR", "REFRESH"):
        operation = "CREATE"
    return operation, old


def ddl_only(*entries: Entry) -> RecordParts:
    return RecordParts(object_modified_by_ddl=list(entries))


# --------------------------------------------------------------------------- CREATE (sqlglot)


def _target(tree: exp.Create, binder: Binder) -> tuple[exp.Table, list[exp.Expression]]:
    """The table a CREATE names and its column definitions; a Hive-format table's typed partition columns
    (``PARTITIONED BY (p STRING)``: Hive's, Spark's, Athena's, Redshift Spectrum's) are columns of it too, after
    the others (as Hive lists them)."""
    this = tree.this
    partitions = [d for p in _properties(tree) if isinstance(p, exp.PartitionedByProperty)
                  and isinstance(p.this, exp.Schema) for d in p.this.expressions if isinstance(d, exp.ColumnDef)]
    for definition in partitions:
        definition.meta[PARTITION_COLUMN] = True
    if isinstance(this, exp.Schema):
        return this.this, list(this.expressions) + partitions
    return this, partitions


#: The mark :func:`_target` puts on a partition column's definition (:attr:`~.catalog.Column.partition`).
PARTITION_COLUMN = "partition_column"


def _listed_columns(definitions: list[exp.Expression], binder: Binder) -> list[str]:
    """The names of the columns a CREATE ... AS SELECT lists (``(a, b)`` or ``(a NUMBER, b STRING)``); its
    constraints (``CONSTRAINT pk PRIMARY KEY (a)``, ``UNIQUE (b)``, ``FOREIGN KEY ...``) name no column. A name
    is in the case its definition gives it, as a CREATE TABLE's columns are (:meth:`.Naming.defined_column`)."""
    return [binder.naming.defined_column(d.this if isinstance(d, exp.ColumnDef) else d) for d in definitions
            if isinstance(d, (exp.ColumnDef, exp.Identifier))]


def _exists_guard(tree: exp.Create, binder: Binder, domain: str, name: str, temporary: str | None = None) -> bool:
    """True when IF NOT EXISTS finds the object already there (nothing happens, nothing is recorded: :func:`.unchanged`);
    for a session's ``temporary`` object in the schema it names (:func:`_temporary_session`), that session's own."""
    found = binder.existing(domain, name) if tree.args.get("exists") else None
    return found is not None and (temporary is None or found.session == temporary)


def _temporary_session(tree: exp.Create, binder: Binder, statement: Statement) -> str | None:
    """The session whose temporary object, named as any other, the CREATE makes, hiding from that session any
    permanent object of its name (:attr:`.DialectRules.temporary_tables_shadow`; Snowflake's ``VOLATILE`` is its
    ``TEMPORARY``; BigQuery's, in ``_session``, its session's or script's: :attr:`.DialectRules.
    script_temporary_tables`); None for any other CREATE, or one of a line without a session (its object replaces the
    permanent one, as before sessions were known)."""
    if not binder.naming.rules.marks_temporary or statement.session is None:
        return None
    return statement.session if (_has_property(tree, exp.TemporaryProperty)
                                 or _has_property(tree, exp.VolatileProperty)) else None


def _created_over(tree: exp.Create, statement: Statement, binder: Binder, name: str, temporary: str | None,
                  ) -> tuple[str, CatalogObject | None]:
    """:func:`_create_operation` of a CREATE in a dialect whose temporary objects hide permanent ones: a temporary
    object's replaces only its session's own temporary object of the name, never the permanent one it hides; a
    permanent object's replaces the permanent one, never the session's temporary object, which then hides it
    (Snowflake: "you can create a table with the same name as an existing temporary table ... it is hidden by the
    temporary one")."""
    if temporary is None and binder.catalog.session is not None and binder.naming.rules.marks_temporary:
        with binder.catalog.in_session(None):
            return _create_operation(tree, statement, binder, name)
    operation, old = _create_operation(tree, statement, binder, name)
    if temporary is not None and (old is None or old.session != temporary):
        return "CREATE", None
    return operation, old


def create_table(tree: exp.Create, binder: Binder, statement: Statement) -> RecordParts | None:
    """CREATE TABLE (of columns, AS query, CLONE, LIKE): the table made, or ALTERed by ``CREATE OR ALTER``, its DDL
    entry, and what its creation reads and writes; no record when IF NOT EXISTS finds it there (:func:`.unchanged`)."""
    table, definitions = _target(tree, binder)
    parts = binder.naming.table_parts(table)
    if names_files(parts):  # Spark's and Databricks' CREATE TABLE delta.`/path` [AS query | CLONE t]: the files
        return _create_path_table(tree, binder, table)  # written there
    temporary_schema = binder.naming.rules.temporary_schema
    if temporary_schema and len(parts) == 1 and _has_property(tree, exp.TemporaryProperty):
        parts = (binder.naming.normalize(temporary_schema), *parts)  # BigQuery's temporary table: in no dataset
        # (Redshift's #t is placed there by its name: Binder.qualified)
    own_parts = binder.qualified(parts)  # (the parts of a name holding a dot, which its name does not give back)
    name = ".".join(own_parts)
    domain = "External table" if _is_external(tree, binder, statement) else "Table"
    temporary = _temporary_session(tree, binder, statement)
    if _exists_guard(tree, binder, "relation", name, temporary):
        return unchanged(f"CREATE {(tree.args.get('kind') or '').upper()}", name, found=True)
    operation, old = _created_over(tree, statement, binder, name, temporary)
    res = Resolution(binder, record_stages=True)
    object_id = new_object_id(binder.catalog, domain, name, statement)
    # writes: the written columns' flows, written once the table is final
    obj, writes, properties = _new_table(tree, binder, res, definitions, domain, name, own_parts, object_id)
    obj, properties = _table_clauses(tree, binder, obj, properties, operation, old)
    # (read before the catalog changes: a statement set aside changes nothing)
    backfill, merge = _refresh_sources(tree, binder)
    operation, obj, properties = _or_alter(statement, old, operation, obj, properties)
    if temporary is not None:  # a temporary table in the schema it names: its session's own, hiding the permanent one
        obj = obj.evolve(session=temporary, temporary=True)
    elif statement.session is not None and session_scoped(obj.parts):  # a temporary table: its session's own
        obj = obj.evolve(session=statement.session)
    carried = propagated_tags(binder, writes or (), DEPENDENCY if obj.definition is not None else DATA_MOVEMENT)
    if carried and obj.columns is not None:  # (a dynamic table depends on its query; a CTAS moves data)
        obj = tagged(obj, carried)
    if operation == "REPLACE" and old is not None and binder.naming.dialect_name == "snowflake":
        # the replaced table is dropped, as DROP TABLE drops one: UNDROP TABLE brings it back ("rename the new
        # table, then UNDROP TABLE to restore the older one")
        binder.catalog.remove(old, keep_for_undrop=True)
        old = None
    binder.catalog.put(old, obj)
    late_views_expanded(binder, obj)
    if writes is not None:  # onto the table as created or altered (CREATE OR ALTER keeps the old one's ids)
        res.write(obj, writes)
    _initial_refresh(res, obj, backfill, merge)
    res.ddl.append(ddl_entry(obj, operation, properties))
    return res.parts()


def _create_path_table(tree: exp.Create, binder: Binder, table: exp.Table) -> RecordParts:
    """Spark's and Databricks' ``CREATE TABLE delta.`/path` [AS query | CLONE t]``: the files written at the path
    (no catalog object), after the query's reads or the clone's source read whole."""
    res = Resolution(binder, record_stages=True)
    if tree.expression is not None:
        res.query(tree.expression)
    clone = tree.args.get("clone")
    if clone is not None:  # the clone's source read whole, as into a named table
        cloned = binder.naming.table_parts(clone.this)
        if names_files(cloned):
            res.read_location(clone.this.this.name)
        else:
            res.read_all_columns(binder.relation(cloned))
    res.write_location(table.this.name)
    return res.parts()


def _is_external(tree: exp.Create, binder: Binder, statement: Statement) -> bool:
    """Whether the table a CREATE TABLE makes is an external table: ``EXTERNAL`` written, or a table of data kept
    outside the database that its dialect makes external without the word."""
    # (Spark's and Databricks' table of a LOCATION or a path option is external, EXTERNAL written or not: "CREATE
    # TABLE with LOCATION implies EXTERNAL", and Unity Catalog lists it so, as the catalog's export reads it)
    return _has_property(tree, exp.ExternalProperty) or (
        binder.naming.dialect_name in ("spark", "databricks") and (_has_property(tree, exp.LocationProperty) or any(
            isinstance(option, exp.Property) and option.name.lower() == "path" for prop in _properties(tree)
            if isinstance(prop, exp.OptionsProperty) for option in prop.expressions))) or (
        # (Oracle's ORGANIZATION EXTERNAL: "read-only tables whose data is stored outside the database")
        binder.naming.dialect_name == "oracle" and _ORGANIZATION_EXTERNAL.search(statement.text) is not None)


def _new_table(tree: exp.Create, binder: Binder, res: Resolution, definitions: list[exp.Expression], domain: str,
               name: str, own_parts: tuple[str, ...], object_id: int,
               ) -> tuple[CatalogObject, list[tuple[str, frozenset]] | None, dict[str, Any]]:
    """The table a CREATE TABLE makes, the flows its creation writes to its columns (None when it writes none) and
    its properties so far, by how the CREATE gives its columns: a copy's (``CLONE s``, ``LIKE s``), a query's
    (``AS query``), the data's (no column list) or its own column list's."""
    clone = tree.args.get("clone")
    like = _like_source(tree)
    query = tree.expression if tree.expression is not like else None
    if clone is not None or like is not None:
        return _copied_table(binder, res, clone, like, query, domain, name, own_parts, object_id)
    if query is not None:
        return _table_as_query(tree, binder, res, definitions, query, domain, name, own_parts, object_id)
    if not isinstance(tree.this, exp.Schema) and not any(
            isinstance(p, (exp.InheritsProperty, exp.PartitionedOfProperty)) for p in _properties(tree)):
        return _table_of_its_data(tree, binder, domain, name, own_parts, object_id), None, {}
    obj, properties = _table_of_definitions(tree, binder, definitions, domain, name, own_parts, object_id)
    return obj, None, properties


def _copied_table(binder: Binder, res: Resolution, clone: exp.Expression | None, like: exp.Table | None,
                  query: exp.Expression | None, domain: str, name: str, own_parts: tuple[str, ...], object_id: int,
                  ) -> tuple[CatalogObject, list[tuple[str, frozenset]] | None, dict[str, Any]]:
    """The table ``CREATE TABLE t CLONE s`` or ``LIKE s`` makes: ``s``'s columns (a clone's source read whole and
    each of its columns written to the new one's), its tags, and its policies where the copy takes them; BigQuery's
    ``LIKE s AS query`` fills ``s``'s columns from the query's."""
    properties: dict[str, Any] = {}
    writes: list[tuple[str, frozenset]] | None = None
    source_parts = binder.naming.table_parts((clone or like).this if clone else like)
    if source_parts and names_files(source_parts):  # a clone of a path table (Delta's CLONE delta.`/path`)
        res.read_location(((clone or like).this if clone else like).this.name)
        # its columns unknown here; a copy all the same, of a location (no object's domain, id or name)
        properties.update(_creation_source(None, "CLONE" if clone is not None else "LIKE"))
        return CatalogObject(domain=domain, name=name, parts=own_parts, id=object_id, columns=None), [], properties
    source = binder.relation(source_parts)
    # an uncatalogued source's columns are unknown, and so are the new table's
    columns = None if source.columns_open else new_columns(
        object_id, [c.name for c in source.columns], {c.name: c for c in source.columns})
    properties.update(_creation_source(source, "CLONE" if clone is not None else "LIKE"))
    # (a copy of the definition alone takes no policy but in Snowflake: PostgreSQL's LIKE, a ClickHouse or
    # Redshift table made LIKE or AS another has none of its policies; a clone has them everywhere)
    policed = clone is not None or binder.naming.dialect_name == "snowflake"
    if not policed and columns is not None:
        columns = tuple(dataclasses.replace(c, masking_policy=None, masking_using=()) for c in columns)
    obj = CatalogObject(domain=domain, name=name, parts=own_parts, id=object_id, columns=columns,
                        tags=dict(source.tags), row_access_policy=source.row_access_policy if policed else None,
                        row_access_columns=source.row_access_columns if policed else ())
    if clone is not None:
        res.read_all_columns(source)
        writes = [(c.name, frozenset(_column_atoms(source, c.name))) for c in columns or ()]
    elif query is not None:  # BigQuery's CREATE TABLE t LIKE s AS query: s's columns, filled by the query's
        result = res.query(query)
        flows = [flow for _, flow in result.columns]
        writes = (list(result.columns) if columns is None
                  else [(c.name, flows[i] if i < len(flows) else EMPTY) for i, c in enumerate(columns)])
    return obj, writes, properties


def _table_as_query(tree: exp.Create, binder: Binder, res: Resolution, definitions: list[exp.Expression],
                    query: exp.Expression, domain: str, name: str, own_parts: tuple[str, ...], object_id: int,
                    ) -> tuple[CatalogObject, list[tuple[str, frozenset]] | None, dict[str, Any]]:
    """The table ``CREATE TABLE t [(columns)] AS query`` makes, of the query's columns (or those listed), and the
    query's flows written to them; the listed columns' governance (a policy, a tag in a definition) its property."""
    # CREATE TABLE t AS query WITH NO DATA (Trino, PostgreSQL, Redshift): "the same schema ... and no data", the
    # query planned for its columns, never run: nothing read, nothing written; ClickHouse's CREATE TABLE t EMPTY
    # AS query, the query's structure and no row (dbt-clickhouse's first step of a table model)
    no_data = any(isinstance(p, exp.WithDataProperty) and p.args.get("no") or isinstance(p, exp.EmptyProperty)
                  for p in _properties(tree))
    result = Analyzer(binder, None).query(query) if no_data else res.query(query)
    columns, writes = _columns_of_query(binder, definitions, query, result, object_id)
    obj = CatalogObject(domain=domain, name=name, parts=own_parts, id=object_id, columns=columns)
    properties: dict[str, Any] = {}
    if columns is not None and any(isinstance(d, exp.ColumnDef) and d.args.get("constraints") for d in definitions):
        properties["columns"] = _listed_governance(definitions, binder, columns)
    return obj, None if no_data else writes, properties


def _columns_of_query(binder: Binder, definitions: list[exp.Expression], query: exp.Expression, result: QueryResult,
                      object_id: int) -> tuple[tuple[Column, ...] | None, list[tuple[str, frozenset]]]:
    """The columns of the table a CREATE TABLE ... AS query makes, from the names it lists and the query's
    ``result`` (None when a ``*`` over a source of unknown columns makes them unknown), and the flow written to each."""
    listed = _listed_columns(definitions, binder)
    flows = [flow for _, flow in result.columns]
    if result.open and not listed:  # SELECT * from a source of unknown columns: the new table's are unknown
        return None, list(result.columns)
    if listed and binder.naming.rules.listed_columns_then_query and not result.open:
        by_name = {name.casefold(): flow for name, flow in result.columns}
        known = {name.casefold() for name in listed}
        columns = new_columns(object_id, [*listed, *(name for name in result.names() if name.casefold() not in known)])
        return columns, [(c.name, by_name.get(c.name.casefold(), EMPTY)) for c in columns]
    types = {} if listed else output_types(query, result, binder.naming.dialect)
    names = listed or output_names(binder, result.names())
    untyped = all(isinstance(d, exp.Identifier) or isinstance(d, exp.ColumnDef) and d.args.get("kind") is None
                  for d in definitions if isinstance(d, (exp.ColumnDef, exp.Identifier)))
    if listed and untyped and len(listed) < len(flows):
        # a shorter list of names (PostgreSQL's, DuckDB's) names the first columns, the query the rest (a list
        # with types, ClickHouse's, is the table's columns)
        names = [*listed, *output_names(binder, result.names())[len(listed):]]
    columns = new_columns(object_id, names, types=types)
    return columns, [(c.name, flows[i] if i < len(flows) else EMPTY) for i, c in enumerate(columns)]


def _table_of_its_data(tree: exp.Create, binder: Binder, domain: str, name: str, own_parts: tuple[str, ...],
                       object_id: int) -> CatalogObject:
    """The table a CREATE TABLE of no column list and no parent makes: its columns are the data's, unknown here
    (Databricks' CREATE TABLE t USING csv OPTIONS (path ...) or LOCATION '...', a streaming table its flows fill,
    Snowflake's dynamic table of a REFRESH USING, an Iceberg table of an external catalog)."""
    # (a Snowflake external table has its one column VALUE, each row's data)
    snowflake_external = domain == "External table" and binder.naming.rules.positional_columns
    columns = new_columns(object_id, ["VALUE"]) if snowflake_external else None
    avro = _avro_fields(tree, binder)  # (a Hive Avro table's columns are its schema's fields)
    if avro:
        columns = new_columns(object_id, avro)
    return CatalogObject(domain=domain, name=name, parts=own_parts, id=object_id, columns=columns,
                         tags=_table_tags(tree, binder))


def _table_of_definitions(tree: exp.Create, binder: Binder, definitions: list[exp.Expression], domain: str,
                          name: str, own_parts: tuple[str, ...], object_id: int,
                          ) -> tuple[CatalogObject, dict[str, Any]]:
    """The table a CREATE TABLE of column definitions (or of a parent's columns: ``INHERITS``, ``PARTITION OF``)
    makes, with its foreign keys and parents, and its properties: its columns, and its source when a definition is
    ``LIKE t``."""
    columns, column_props = _inherited_columns(tree, binder, object_id,
                                               *_column_definitions(definitions, binder, object_id))
    if domain == "External table" and binder.naming.rules.positional_columns and columns \
            and not any(column.name.casefold() == "value" for column in columns):
        # Snowflake's external table has VALUE (each row's VARIANT) beside the columns it declares from it (the
        # DDL's columns are those it declares)
        columns = (*new_columns(object_id, [binder.naming.normalize("VALUE")]), *columns)
    obj = CatalogObject(domain=domain, name=name, parts=own_parts, id=object_id, columns=columns,
                        tags=_table_tags(tree, binder), references=foreign_keys(definitions, binder, name),
                        parents=_parent_names(tree, binder))
    properties: dict[str, Any] = {}
    liked = next((d.this for d in definitions if isinstance(d, exp.LikeProperty) and isinstance(d.this, exp.Table)),
                 None)
    if liked is not None:  # (a int, LIKE t, b int): created LIKE t, as (LIKE t) is (a record has one source)
        properties.update(_creation_source(binder.relation(binder.naming.table_parts(liked)), "LIKE"))
    properties["columns"] = column_props
    return obj, properties


def _table_clauses(tree: exp.Create, binder: Binder, obj: CatalogObject, properties: dict[str, Any],
                   operation: str, old: CatalogObject | None) -> tuple[CatalogObject, dict[str, Any]]:
    """The new table ``obj`` and its properties with what the CREATE's clauses beyond its columns make of them:
    invisible columns, partition columns last, the columns' property, the governance properties, a dynamic table's
    definition, tags, the row access policy, column masks and row filter (a replaced table's kept where the
    policies are functions: Databricks')."""
    obj = _listed_column_clauses(tree, binder, obj)
    stored = _partitions_last(tree, binder, obj.columns) if obj.columns else obj.columns
    if stored is not obj.columns:  # (a new object: its columns are looked up by name)
        obj = obj.evolve(columns=stored)
    if obj.columns is not None:  # of a table whose columns are not known here, none are listed
        properties.setdefault("columns", columns_property(obj.columns))
    properties.update(_governance_properties(tree, binder))
    if _has_property(tree, exp.DynamicProperty) or _has_property(tree, exp.StreamingTableProperty):
        # (Databricks' streaming table: what its refreshes run)
        obj = obj.evolve(definition=_dynamic_definition(tree, binder))
    tags = _tags_property(tree, binder)
    if tags:
        obj = obj.evolve(tags=_table_tags(tree, binder))
        properties = {"tags": tags, **properties}
    obj = _row_access_policy(tree, binder, obj, properties)
    obj = _masks_and_row_filter(tree, binder, obj, properties)
    if operation == "REPLACE" and old is not None and binder.naming.rules.policies_are_functions:
        obj = _filter_and_masks_kept(old, obj)
    return obj, properties


#: A Databricks view's ``WITH SCHEMA EVOLUTION`` (kept in its whole CREATE: :func:`_view_definition`).
_SCHEMA_EVOLUTION = re.compile(r"\bWITH\s++SCHEMA\s++EVOLUTION\b", re.IGNORECASE)


def _filter_and_masks_kept(old: CatalogObject, obj: CatalogObject) -> CatalogObject:
    """Databricks' ``CREATE OR REPLACE TABLE`` (and ``REPLACE TABLE``) of a table with a row filter or column masks:
    the new table keeps them ("row filters and column masks are retained" when a table is replaced), the filter and
    each mask of a column of the same name, unless the statement sets its own."""
    masks = {c.name.casefold(): c for c in old.columns or () if c.masking_policy}
    columns = obj.columns
    if columns is not None and masks:
        columns = tuple(dataclasses.replace(c, masking_policy=masks[c.name.casefold()].masking_policy,
                                            masking_using=masks[c.name.casefold()].masking_using)
                        if not c.masking_policy and c.name.casefold() in masks else c for c in columns)
    kept = obj.row_access_policy is None and old.row_access_policy is not None
    if columns is obj.columns and not kept:
        return obj
    return obj.evolve(columns=columns, **({"row_access_policy": old.row_access_policy,
                                           "row_access_columns": old.row_access_columns} if kept else {}))


def late_views_expanded(binder: Binder, relation: CatalogObject) -> None:
    """Redshift's late-binding views (``WITH NO SCHEMA BINDING``), Databricks' views ``WITH SCHEMA EVOLUTION`` and
    every DuckDB and SQLite view that select ``*`` from ``relation`` by its name, with its columns as they are now
    (created again, a column added or renamed): such a view reads its tables when it is queried ("doesn't check the
    underlying database objects ... until the view is queried"; "the view adapts to changes in the schema of the
    query"), so its ``*`` is what they hold then. A column of the same name keeps its id."""
    dialect = binder.naming.dialect_name
    if dialect not in ("redshift", "databricks", "spark", "duckdb", "sqlite") or not relation.parts:
        return
    name = relation.parts[-1].casefold()
    # (every DuckDB view binds its query again when it is read: EXPLAIN shows a table's later columns under its *; a
    # SQLite view is its CREATE VIEW's text, compiled again at each use, as its authorizer shows)
    follows = late_binding if dialect == "redshift" else (lambda _: True) if dialect in ("duckdb", "sqlite") \
        else _SCHEMA_EVOLUTION.search
    for view in list(binder.catalog.objects()):
        definition = view.definition or ""
        if view.domain != "View" or "*" not in definition or name not in definition.casefold() \
                or not follows(definition):
            continue
        tree = parse_view_definition(definition, binder.naming.dialect)
        if not isinstance(tree, exp.Select) or not any(is_star(projection) for projection in tree.expressions):
            continue
        try:
            result = Analyzer(binder.for_object(view), None).query(tree)
        except UnsupportedStatement:
            continue
        names = result.names()
        if result.open or [c.name for c in view.columns or ()] == names:
            continue
        kept = {column.name.casefold(): column for column in view.columns or ()}
        columns = tuple(kept.get(name.casefold()) or new_columns(view.id, [name])[0] for name in names)
        binder.catalog.put(view, view.evolve(columns=columns))


def _dynamic_definition(tree: exp.Create, binder: Binder) -> str | None:
    """What a dynamic table's refreshes run: its ``AS`` query, or the ``MERGE INTO SELF`` of its ``REFRESH USING``
    (its names resolve against the table's own database and schema, as a view's do)."""
    if tree.expression is not None:
        return tree.expression.sql(dialect=binder.naming.dialect)
    merge = next((p for p in _properties(tree) if _property_key(p) == REFRESH_USING), None)
    return merge.args["value"].name if merge is not None else None


def refresh_dynamic_table(res: Resolution, table: CatalogObject) -> None:
    """``ALTER DYNAMIC TABLE ... REFRESH``, the one DML a dynamic table has (the reference's supported objects:
    "DML only for ALTER DYNAMIC TABLE ... REFRESH"): its definition runs again, its names resolved against the
    table's own database and schema. The definition's reads are recorded, and the table written, each column from
    the query's column at its place (or as the ``MERGE INTO SELF`` writes it); a table whose definition the log
    did not give is written from sources unknown."""
    own = res.within(res.binder.for_object(table))
    try:
        definition = parse_sql(table.definition, own.binder.naming.dialect_name) if table.definition else None
    except SqlglotError:
        definition = None
    if isinstance(definition, exp.Create) and definition.find(exp.ToTableProperty) is None:
        definition = definition.expression  # (a view kept whole for its AUTO REFRESH: _view_definition)
    if isinstance(definition, exp.Merge):
        dml.resolve_merge(_self_as(_merge_into_self(definition, own.binder), table), own)
    elif isinstance(definition, dml.QUERY_TYPES):
        dml.write_positional(own, table, [c.name for c in table.columns or ()], own.query(definition))
    else:
        res.write(table)


def _governance_properties(tree: exp.Create, binder: Binder) -> dict[str, Any]:
    """The aggregation, join and storage lifecycle policies and the contacts a CREATE sets on its object
    (:mod:`.create_clauses` keeps them as properties): each a property named after it (``aggregationPolicy``,
    ``contactSteward``) with the object's qualified name, as ``ALTER ... SET ... POLICY`` and ``SET CONTACT``
    record them (the reference has no such policies nor contacts)."""
    return {camel(key): value(_object_name(prop.args["value"].name, binder)) for prop in _properties(tree)
            if (key := _property_key(prop)) in OBJECT_POLICIES or key.startswith(CONTACT)}


def _object_name(text: str, binder: Binder) -> str:
    """The qualified name of an object named by ``text`` (as written when it does not read as a name)."""
    try:
        table = exp.to_table(text, dialect=binder.naming.dialect)
    except (SqlglotError, *SQLGLOT_FAILURES):  # (sqlglot's own ways of failing on a name of too many parts)
        return text
    return ".".join(binder.qualified(binder.naming.table_parts(table)))


def _property_key(prop: exp.Expression) -> str:
    """The name of a generic ``KEY = value`` property of a CREATE (``""`` for any other property)."""
    return prop.this.name.upper() if isinstance(prop, exp.Property) and isinstance(prop.this, exp.Expression) else ""


def _refresh_sources(tree: exp.Create, binder: Binder) -> tuple[CatalogObject | None, exp.Merge | None]:
    """A dynamic table's ``BACKFILL FROM`` table and the ``MERGE INTO SELF`` of its ``REFRESH USING`` (the
    properties :mod:`.create_clauses` keeps them as), when it has them."""
    backfill = merge = None
    for prop in _properties(tree):
        key = _property_key(prop)
        if key == BACKFILL_FROM:
            backfill = binder.relation(binder.naming.spelled(exp.Literal.string(prop.args["value"].name)))
        elif key == REFRESH_USING:
            merge = _merge_into_self(_parse_part(prop.args["value"].name, binder, "REFRESH USING"), binder)
    return backfill, merge


def _initial_refresh(res: Resolution, table: CatalogObject, backfill: CatalogObject | None,
                     merge: exp.Merge | None) -> None:
    """What a dynamic table's CREATE reads and writes beyond its ``AS`` query, as its initial refresh runs it:

    - ``BACKFILL FROM source``: its first rows are copied from ``source`` ("Backfill copies historical data",
      and "the backfill table must contain matching columns ... in the same order as your dynamic table"):
      ``source`` is read whole, and each of its columns feeds the new table's column at the same place;
    - ``REFRESH USING (MERGE INTO SELF ...)`` (custom incremental refresh): the MERGE's reads and writes, ``SELF``
      being the new table.
    """
    if backfill is not None:
        res.read_all_columns(backfill)
        known = () if backfill.columns_open else backfill.columns
        res.write(table, [(column.name, frozenset(_column_atoms(backfill, copied.name)))
                          for column, copied in zip(table.columns or (), known)])
    if merge is not None:
        dml.resolve_merge(_self_as(merge.copy(), table), res)


def _merge_into_self(merge: exp.Expression, binder: Binder) -> exp.Merge:
    """``merge`` when it is a ``MERGE INTO SELF``; :class:`UnsupportedStatement` for anything else (Snowflake takes a
    MERGE or an INSERT INTO SELF in a dynamic table's ``REFRESH USING``, and the INSERT is read as its ``AS`` query)."""
    target = merge.this if isinstance(merge, exp.Merge) else None
    if not isinstance(target, exp.Table) or binder.naming.table_parts(target) != (binder.naming.normalize("SELF"),):
        raise UnsupportedStatement("REFRESH USING of a dynamic table takes MERGE INTO SELF or INSERT INTO SELF")
    return merge


def _self_as(merge: exp.Merge, table: CatalogObject) -> exp.Merge:
    """A ``MERGE INTO SELF ...`` made to write ``table`` (``SELF`` its alias unless the MERGE names another)."""
    *_, database, schema, name = (None, None, *table.parts)
    written = exp.table_(name, db=schema, catalog=database, quoted=True)
    written.set("alias", merge.this.args.get("alias") or exp.TableAlias(this=exp.to_identifier("SELF")))
    merge.set("this", written)
    return merge


def _parse_part(text: str, binder: Binder, what: str) -> exp.Expression:
    """A statement's part kept as text (a dynamic table's REFRESH USING, COPY FILES' query), parsed;
    :class:`UnsupportedStatement` naming ``what`` when it does not parse."""
    try:
        parsed = parse_sql(text, binder.naming.dialect_name, what)
    except SqlglotError as err:
        raise UnsupportedStatement(f"cannot parse {what}: {str(err).splitlines()[0]}") from None
    if parsed is None:
        raise UnsupportedStatement(f"cannot parse {what}: it is empty")
    return parsed


def _column_atoms(source: CatalogObject, column: str) -> list:
    from .analysis import ColumnAtom

    return [ColumnAtom(source, column)]


def _inherited_columns(tree: exp.Create, binder: Binder, object_id: int, own: tuple[Column, ...],
                       own_props: dict) -> tuple[tuple[Column, ...], dict]:
    """A PostgreSQL table's columns with those it takes from its parents first: ``INHERITS (p, ...)`` ("the new
    table automatically inherits all columns"; a column of the same name as one before it is merged into it, at
    that one's place) and ``PARTITION OF p`` (a partition "has the same columns as the parent"). A parent of unknown
    columns gives none."""
    names: dict[str, str] = {}
    for parent in _parents(tree):
        for name in _known_columns(binder, parent):
            names.setdefault(name.casefold(), name)
    if not names:
        return own, own_props
    mine = {column.name.casefold(): column for column in own}
    columns = [mine.pop(key, None) or new_columns(object_id, [name])[0] for key, name in names.items()]
    columns += [column for column in own if column.name.casefold() in mine]
    props = {column.name: own_props.get(column.name) or columns_property((column,))[column.name] for column in columns}
    return tuple(columns), props


def _listed_column_clauses(tree: exp.Create, binder: Binder, obj: CatalogObject) -> CatalogObject:
    """``obj`` with the columns Oracle's ``c type INVISIBLE`` hides (:data:`.create_clauses.INVISIBLE_COLUMN`, a
    property of the CREATE) invisible, and those PostgreSQL 18's ``GENERATED ALWAYS AS (e) VIRTUAL`` computes when
    they are read (:data:`.create_clauses.VIRTUAL_COLUMN`) computed from what they were stored from."""
    hidden = _columns_named_by(tree, binder, INVISIBLE_COLUMN)
    virtual = _virtual_columns(tree, binder)
    if not (hidden or virtual) or not obj.columns:
        return obj
    return obj.evolve(columns=tuple(
        dataclasses.replace(c, invisible=True) if c.name.casefold() in hidden else
        dataclasses.replace(c, computed_from=virtual[c.name.casefold()], stored_from=())
        if c.name.casefold() in virtual else c for c in obj.columns))


def _virtual_columns(tree: exp.Create, binder: Binder) -> dict[str, tuple[str, ...]]:
    """The columns PostgreSQL 18's ``GENERATED ALWAYS AS (e) VIRTUAL`` computes when they are read
    (:data:`.create_clauses.VIRTUAL_COLUMN`), folded, each with the columns its ``e`` names."""
    listed = _columns_named_by(tree, binder, VIRTUAL_COLUMN)
    if not listed or not isinstance(tree.this, exp.Schema):
        return {}
    names = {binder.naming.defined_column(d.this).casefold(): d for d in tree.this.expressions
             if isinstance(d, exp.ColumnDef)}
    return {name: generation_columns(names[name]) for name in listed if name in names}


def _columns_named_by(tree: exp.Create, binder: Binder, key: str) -> set[str]:
    """The columns the CREATE's properties ``key`` name (each a column's name as written), folded."""
    written = [prop.args["value"].name for prop in _properties(tree) if _property_key(prop) == key]
    return {binder.naming.defined_column(exp.to_identifier(name.strip('"'), quoted=name[:1] == '"')).casefold()
            for name in written}


def _parents(tree: exp.Create) -> list[exp.Expression]:
    """The tables a PostgreSQL CREATE TABLE names its parents: ``INHERITS (p, ...)`` and ``PARTITION OF p``."""
    parents: list[exp.Expression] = []
    for prop in _properties(tree):
        if isinstance(prop, exp.InheritsProperty):
            parents.extend(prop.expressions)
        elif isinstance(prop, exp.PartitionedOfProperty):
            parents.append(prop.this.this if isinstance(prop.this, exp.Schema) else prop.this)
    return parents


def _parent_names(tree: exp.Create, binder: Binder) -> tuple[str, ...]:
    """The names of the tables the table a CREATE makes inherits from or is a partition of (:func:`_parents`)."""
    return tuple(binder.relation(binder.naming.table_parts(parent)).name for parent in _parents(tree)
                 if isinstance(parent, exp.Table))


def _known_columns(binder: Binder, table: exp.Expression) -> list[str]:
    """The names of the columns of the table ``table`` names, as the catalog knows them (none when it does not)."""
    if not isinstance(table, exp.Table):
        return []
    source = binder.relation(binder.naming.table_parts(table))
    return [] if source.columns_open else [column.name for column in source.columns]


def _like_source(tree: exp.Create) -> exp.Table | None:
    """The table a CREATE TABLE ... LIKE t copies the columns of; PostgreSQL's CREATE TABLE x (LIKE t [INCLUDING ...])
    when that is all the column list holds; ClickHouse's CREATE TABLE x AS [db.]t [ENGINE = ...] ("creates a table
    with the same structure as another table", no rows)."""
    if type(tree.expression) is exp.Table and isinstance(tree.expression.this, exp.Identifier):
        return tree.expression
    for prop in _properties(tree):
        if isinstance(prop, exp.LikeProperty):
            return prop.this
    listed = tree.this.expressions if isinstance(tree.this, exp.Schema) else []
    if len(listed) == 1 and isinstance(listed[0], exp.LikeProperty):
        return listed[0].this
    return None


#: Oracle's external table, ``CREATE TABLE t (...) ORGANIZATION EXTERNAL (TYPE ORACLE_LOADER ...)``.
_ORGANIZATION_EXTERNAL = re.compile(r"\borganization\s+external\b", re.IGNORECASE)


def _creation_source(source: CatalogObject | None, how: str) -> dict[str, Any]:
    """The properties of a table made as a copy of ``source`` (``how``: ``CLONE``, ``LIKE``); of files (a path table's:
    no object), the kind of copy alone."""
    if source is None:
        return {"creationSourceType": value(how)}
    return {
        "creationSourceType": value(how),
        "creationSourceDomain": value(source.domain),
        "creationSourceId": value(source.id),
        "creationSourceName": value(source.name),
    }


#: The providers of Spark tables that store their partition columns last, in PARTITIONED BY's order: Spark's file
#: sources and Hive's tables (SPARK-19305: "For data source tables, we will always reorder the specified table schema,
#: or the query in CTAS, to put partition columns at the end"). Delta's and Iceberg's keep the order declared.
_PARTITIONS_LAST = frozenset({"PARQUET", "ORC", "CSV", "JSON", "TEXT", "AVRO", "HIVE", "BINARYFILE", "XML"})


def output_names(binder: Binder, names: list[str]) -> list[str]:
    """The columns a table or view made from a query's columns ``names`` has: DuckDB gives a name that an earlier
    column has (``SELECT a.ssn, b.ssn``) a suffix, ``ssn_1``, ``ssn_2`` ... (:attr:`.DialectRules.
    numbered_duplicates`); elsewhere the names as they are.

    >>> from access_history_platform.catalog import Catalog
    >>> output_names(Binder.for_session(Catalog(), dialect="duckdb"), ["ssn", "SSN", "id", "ssn"])
    ['ssn', 'SSN_1', 'id', 'ssn_2']
    """
    if not binder.naming.rules.numbered_duplicates:
        return names
    seen: dict[str, int] = {}
    taken = {name.casefold() for name in names}
    out = []
    for name in names:
        count = seen.get(name.casefold(), 0)
        seen[name.casefold()] = count + 1
        renamed = name
        while count and (renamed := f"{name}_{count}").casefold() in taken:
            count += 1
        if renamed != name:
            taken.add(renamed.casefold())
        out.append(renamed)
    return out


def foreign_keys(definitions: list[exp.Expression], binder: Binder, table: str) -> tuple[tuple[str, str], ...]:
    """The foreign keys a CREATE TABLE's definitions declare (a column's ``REFERENCES t``, ``[CONSTRAINT n] FOREIGN KEY
    (a, b) REFERENCES t``): each one's name, casefolded (PostgreSQL's ``<table>_<columns>_fkey`` when none is given),
    and the name of the table it references."""
    found: list[tuple[str, str]] = []
    for definition in definitions:
        named = definition.name if isinstance(definition, exp.Constraint) else ""
        if isinstance(definition, exp.ColumnDef):
            keys = [(constraint.name, [definition.name], constraint.args.get("kind"))
                    for constraint in definition.args.get("constraints") or ()]
        else:
            keys = [(named, [c.name for c in key.expressions], key.args.get("reference"))
                    for key in ([definition] if isinstance(definition, exp.ForeignKey) else definition.expressions
                                if isinstance(definition, exp.Constraint) else ()) if isinstance(key, exp.ForeignKey)]
        for name, columns, reference in keys:
            target = reference.this if isinstance(reference, exp.Reference) else None
            target = target.this if isinstance(target, exp.Schema) else target
            if isinstance(target, exp.Table):
                found.append(_foreign_key(binder, table, name, columns, target))
    return tuple(found)


def _foreign_key(binder: Binder, table: str, name: str, columns: list[str], target: exp.Table) -> tuple[str, str]:
    """One foreign key of ``table``: its name, casefolded (PostgreSQL's default when ``name`` is empty), and the name of
    the table it references, as the catalog holds it."""
    name = name or "_".join((table.split(".")[-1], *columns, "fkey"))[:63]
    referenced = binder.relation(binder.naming.table_parts(target))
    return name.casefold(), referenced.name


def _partitions_last(tree: exp.Create, binder: Binder, columns: tuple[Column, ...]) -> tuple[Column, ...]:
    """A Spark table's columns as it stores them: a file source's or a Hive table's partitioned by its columns
    (``USING parquet PARTITIONED BY (c)``) has them last, so an INSERT without a column list fills them last. Of
    Spark, whose tables are Parquet unless they say otherwise, and Databricks, whose are Delta."""
    dialect = binder.naming.dialect_name
    if dialect not in SPARK_FAMILY:
        return columns
    stored = next((p for p in _properties(tree) if isinstance(p, exp.FileFormatProperty)), None)
    provider = stored.name.upper() if stored is not None else "DELTA" if dialect == "databricks" else "PARQUET"
    partitioned = next((p for p in _properties(tree) if isinstance(p, exp.PartitionedByProperty)), None)
    if provider not in _PARTITIONS_LAST or partitioned is None:
        return columns
    listed = partitioned.this.expressions if isinstance(partitioned.this, (exp.Schema, exp.Tuple)) \
        else [partitioned.this]
    if not all(isinstance(name, (exp.Column, exp.Identifier)) for name in listed):
        return columns  # (typed new columns, Hive's, are last already; a transform is no column)
    by_name = {column.name.casefold(): column for column in columns}
    names = [binder.naming.ident(name.this if isinstance(name, exp.Column) else name).casefold() for name in listed]
    if not names or any(name not in by_name for name in names):
        return columns
    return (*(column for column in columns if column.name.casefold() not in names),
            *(dataclasses.replace(by_name[name], partition=True) for name in names))


def _column_definitions(definitions: list[exp.Expression], binder: Binder, object_id: int) -> tuple[tuple[Column, ...], dict]:
    columns, props = [], {}
    for definition in definitions:
        if isinstance(definition, exp.LikeProperty):
            # (a int, LIKE t, b int): t's columns where the LIKE stands (one of unknown columns gives none)
            liked = new_columns(object_id, _known_columns(binder, definition.this))
            columns.extend(liked)
            props.update(columns_property(liked))
            continue
        if isinstance(definition, exp.Identifier):  # (SQLite's column of no type: CREATE TABLE t (a, b INT))
            definition = exp.ColumnDef(this=definition)
        if not isinstance(definition, exp.ColumnDef):
            continue
        name = binder.naming.defined_column(definition.this)
        column = Column(name=name, id=stable_id("column", object_id, name),
                        data_type=definition.args["kind"].sql() if definition.args.get("kind") else None,
                        partition=bool(definition.meta.get(PARTITION_COLUMN)),
                        invisible=invisible_column(definition, binder.naming.dialect_name),
                        computed_from=computed_from(definition, binder.naming.dialect_name),
                        stored_from=stored_from(definition, binder.naming.dialect_name),
                        generated=generated_column(definition))
        member: Entry = {"objectId": value(column.id), "subOperationType": "ADD"}
        _column_governance(definition, binder, column, member)
        columns.append(column)
        props[name] = member
    return tuple(columns), props


def _listed_governance(definitions: list[exp.Expression], binder: Binder, columns: tuple[Column, ...]
                       ) -> dict[str, Entry]:
    """The ``columns`` property of a CREATE ... AS SELECT (or a dynamic table) whose column list sets masking policies
    or tags (``(id NUMBER, ssn STRING WITH MASKING POLICY p) AS SELECT ...``: "a masking policy can be applied to a
    column in a CTAS statement"), each set on its column as a listed column's is (:func:`_column_governance`)."""
    props = columns_property(columns)
    by_name = {column.name: column for column in columns}
    for definition in definitions:
        if isinstance(definition, exp.ColumnDef):
            column = by_name.get(binder.naming.defined_column(definition.this))
            if column is not None:
                _column_governance(definition, binder, column, props[column.name])
    return props


def _column_governance(definition: exp.ColumnDef, binder: Binder, column: Column, member: Entry) -> None:
    """A listed column's ``[WITH] MASKING POLICY p [USING (...)]``, ``PROJECTION POLICY p`` and ``[WITH] TAG (...)``
    (a table's or a view's), set on ``column`` and recorded in its ``member`` of the DDL's ``columns``."""
    for constraint in definition.args.get("constraints") or ():
        kind = constraint.args.get("kind")
        if isinstance(kind, exp.MaskingPolicyColumnConstraint):
            policy_name, policy = policy_member(binder, "Masking policy", binder.naming.dotted(kind.this), "ADD")
            column.masking_policy = policy_name
            column.masking_using = tuple(binder.naming.ident(c) for c in kind.expressions)
            member.setdefault("maskingPolicies", {})[policy_name] = policy
        elif isinstance(kind, exp.ProjectionPolicyColumnConstraint):  # as ALTER COLUMN ... SET PROJECTION POLICY
            member["projectionPolicy"] = value(".".join(binder.qualified(binder.naming.dotted(kind.this))))
        elif isinstance(kind, exp.Tags):
            for prop in kind.expressions:
                tag_name, tag = tag_member(binder, binder.naming.dotted(prop.this), "ADD", prop.args["value"].name)
                column.tags[tag_name] = prop.args["value"].name
                member.setdefault("tags", {})[tag_name] = tag


def _properties(tree: exp.Create) -> list[exp.Expression]:
    props = tree.args.get("properties")
    return list(props.expressions) if props is not None else []


def _has_property(tree: exp.Create, kind: type) -> bool:
    return any(isinstance(p, kind) for p in _properties(tree))


def _tags_property(tree: exp.Create, binder: Binder) -> dict[str, Entry]:
    out = {}
    for prop in _properties(tree):
        if isinstance(prop, exp.Tags):
            for item in prop.expressions:
                name, member = tag_member(binder, binder.naming.dotted(item.this), "ADD", item.args["value"].name)
                out[name] = member
    return out


def _table_tags(tree: exp.Create, binder: Binder) -> dict[str, str]:
    tags = {}
    for prop in _properties(tree):
        if isinstance(prop, exp.Tags):
            for item in prop.expressions:
                name, _ = reference_name(binder, "Tag", binder.naming.dotted(item.this))
                tags[name] = item.args["value"].name
    return tags


def _row_access_policy(tree: exp.Create, binder: Binder, obj: CatalogObject,
                       properties: dict[str, Any]) -> CatalogObject:
    """``[WITH] ROW ACCESS POLICY p ON (c, ...)`` of a CREATE: the new object with its policy, which later reads
    reference, recorded in ``properties`` as ``ALTER ... ADD ROW ACCESS POLICY`` records it."""
    prop = next((p for p in _properties(tree) if isinstance(p, exp.RowAccessProperty) and p.this is not None), None)
    if prop is None:
        return obj
    name, member = policy_member(binder, "Row access policy", binder.naming.dotted(prop.this), "ADD")
    properties["rowAccessPolicies"] = {name: member}
    return obj.evolve(row_access_policy=name,
                      row_access_columns=tuple(binder.naming.ident(c) for c in prop.expressions))


def _masks_and_row_filter(tree: exp.Create, binder: Binder, obj: CatalogObject,
                          properties: dict[str, Any]) -> CatalogObject:
    """Databricks' column masks and row filter written in the CREATE (:mod:`.create_clauses` keeps them as the
    properties ``COLUMN_MASK`` and ``ROW_FILTER``): the new object with a masking policy on the column (set on the
    new object's own column) and a row access policy on the table, recorded in ``properties`` as
    ``ALTER COLUMN ... SET MASK`` and ``SET ROW FILTER`` record them."""
    for prop in _properties(tree):
        key = _property_key(prop)
        if key not in (COLUMN_MASK, ROW_FILTER):
            continue
        parts = prop.args["value"].name.split(PART_SEPARATOR)
        if len(parts) != (3 if key == COLUMN_MASK else 2):
            raise UnsupportedStatement(f"CREATE TABLE: a {'column MASK' if key == COLUMN_MASK else 'ROW FILTER'} "
                                       "clause it cannot read")
        named, function, arguments = parts if key == COLUMN_MASK else ("", *parts)
        policy_parts = binder.naming.spelled(exp.Literal.string(function))
        using = _argument_columns(arguments, binder)
        if key == ROW_FILTER:
            name, member = policy_member(binder, "Row access policy", policy_parts, "ADD")
            obj = obj.evolve(row_access_policy=name, row_access_columns=using)
            properties["rowAccessPolicies"] = {name: member}
            continue
        column_name = binder.naming.ident(exp.to_identifier(named.strip("`"), quoted=named.startswith("`")))
        column = obj.column(column_name) if obj.columns is not None else None
        if column is None:
            raise UnsupportedStatement(f"MASK {function} of the column {named}: the table has no such column")
        name, member = policy_member(binder, "Masking policy", policy_parts, "ADD")
        column.masking_policy = name  # the function's arguments in their places, the masked column first
        column.masking_using = (column.name, *_argument_columns(arguments, binder, placed=True))
        properties.setdefault("columns", {}).setdefault(column.name, {}).setdefault("maskingPolicies", {})[name] = member
    return obj


def _argument_columns(text: str, binder: Binder, placed: bool = False) -> tuple[str, ...]:
    """The columns among a mask's or a row filter's arguments (constants pass no column); ``placed``, each argument
    in its place, a constant's an empty name."""
    if not text.strip():
        return ()
    try:
        values = parse_sql(f"SELECT {text}", binder.naming.dialect_name, "the arguments").expressions
    except (SqlglotError, UnsupportedStatement):
        return ()
    return tuple(binder.naming.ident(v.this) if isinstance(v, exp.Column) else "" for v in values
                 if placed or isinstance(v, exp.Column))


def _or_alter(statement: Statement, old: CatalogObject | None, operation: str, new: CatalogObject,
              properties: dict[str, Any], *, altering: bool = False) -> tuple[str, CatalogObject, dict[str, Any]]:
    """``CREATE OR ALTER`` of an object that exists (sqlglot reads it as OR REPLACE), and ``ALTER VIEW v AS query``
    (``altering``): an ``ALTER`` of that object to the definition given. It keeps its id, and its columns the
    definition still names keep theirs; the columns it adds (``ADD``) and those it no longer has (``DROP``) are the
    ``columns`` property. Anything else is unchanged."""
    if old is None or not altering and known_kind(statement).keywords[:3] != ("CREATE", "OR", "ALTER"):
        return operation, new, properties
    kept = {c.name: c for c in old.columns or ()}
    columns = tuple(kept.get(c.name) or dataclasses.replace(c, id=stable_id("column", old.id, c.name,
                                                                              statement.query_id))
                    for c in new.columns or ())
    names = {c.name for c in columns}
    changes = {c.name: {"objectId": value(c.id), "subOperationType": "ADD"} for c in columns if c.name not in kept}
    changes.update({c.name: {"objectId": value(c.id), "subOperationType": "DROP"} for c in old.columns or ()
                    if c.name not in names})
    properties = {key: member for key, member in properties.items() if key != "columns"}
    if changes:
        properties["columns"] = changes
    altered = new.evolve(id=old.id, columns=columns, tags=new.tags or old.tags,
                         row_access_policy=new.row_access_policy or old.row_access_policy,
                         row_access_columns=new.row_access_columns or old.row_access_columns)
    return "ALTER", altered, properties


def create_view(tree: exp.Create, binder: Binder, statement: Statement, *, altering: bool = False,
                ) -> RecordParts | None:
    """CREATE [MATERIALIZED] VIEW: its query is read with the names in it resolved against the view's own database
    and schema, as every later read of the view resolves them (CONTRACT 3a; Snowflake's name resolution: "all
    unqualified objects in a view or UDF definition will be resolved in the view's or UDF's schema only"); in
    PostgreSQL and Redshift against the session's, as they bind a view's names when it is created, and in Spark's
    grammar (Databricks', Hive's) and Trino's against the session's too, which Spark and Trino keep with the view.
    ``altering``: an ``ALTER VIEW v AS query`` (Spark's, Hive's) given as such a CREATE: the view, the same
    object, ALTERed to the new query."""
    table, definitions = _target(tree, binder)
    parts = binder.naming.table_parts(table)
    query = tree.expression if tree.expression is not None else _files_query(tree, binder)
    global_temporary = (binder.naming.rules.catalog_sessions and _has_property(tree, exp.GlobalProperty)
                        and len(parts) == 1)
    parts, query = _temporary_view_parts(tree, binder, parts, query, global_temporary, altering)
    parts, query = _bound_when_created(binder, statement, parts, query, global_temporary)
    hidden: dict[str, Column] = {}
    if tree.meta.get(EVERY_COLUMN) is not None and query is not None:
        query, hidden = _every_column(query, tree.meta[EVERY_COLUMN], binder)
    own_parts = binder.qualified(parts)  # (the parts of a name holding a dot, which its name does not give back)
    name = ".".join(own_parts)
    domain = "Materialized view" if _has_property(tree, exp.MaterializedProperty) else "View"
    temporary = _temporary_session(tree, binder, statement)
    if _exists_guard(tree, binder, "relation", name, temporary):
        return unchanged(f"CREATE {(tree.args.get('kind') or '').upper()}", name, found=True)
    operation, old = _created_over(tree, statement, binder, name, temporary)
    res = Resolution(binder)
    session = temporary or (statement.session if session_scoped(tuple(name.split("."))) else None)  # (its own)
    own = binder.for_name(name, session)
    written = _listed_columns(definitions, binder)
    result = (res.within(own).query(recursive_view_query(query, own, name, written)) if query is not None
              else QueryResult([], EMPTY))
    names = written or output_names(binder, result.names())
    if written and not result.open and len(written) < len(result.columns):  # CREATE VIEW v (a, b) AS SELECT x, y, z:
        names = [*written, *result.names()[len(written):]]  # the rest keep their names (PostgreSQL's, DuckDB's)
    object_id = old.id if altering and old is not None else new_object_id(binder.catalog, domain, name, statement)
    if altering:
        operation = "ALTER"
    # a star over a source of unknown columns: the view's columns are unknown too, as a CTAS's are
    view = CatalogObject(
        domain=domain, name=name, parts=own_parts, id=object_id,
        columns=None if result.open and not written else new_columns(
            object_id, names, types={} if written else output_types(query, result, binder.naming.dialect)),
        definition=_written_view_definition(tree, query, binder),
        secure=_has_property(tree, exp.SecureProperty), tags=_table_tags(tree, binder),
        session=session, temporary=temporary is not None,
    )
    _invisible_and_computed(view, definitions, hidden, binder)
    view, properties = _view_properties(tree, binder, definitions, view)
    operation, view, properties = _or_alter(statement, old, operation, view, properties, altering=altering)
    carried = propagated_tags(binder, result.columns, DEPENDENCY) if view.columns is not None else {}
    binder.catalog.put(old, tagged(view, carried) if carried else view)  # (tags a view takes from what it reads)
    _filled_when_created(tree, binder, res, view, query, result)
    if tree.meta.get(STORES_NOTHING):  # a ClickHouse Distributed or Merge table: its CREATE reads no row (it is the
        res = Resolution(binder)  # view it is read as, in this record as in every other: one object, one domain)
    res.ddl.append(ddl_entry(view, operation, properties))
    return res.parts()


def _temporary_view_parts(tree: exp.Create, binder: Binder, parts: tuple[str, ...], query: exp.Expression | None,
                          global_temporary: bool, altering: bool,
                          ) -> tuple[tuple[str, ...], exp.Expression | None]:
    """The parts of the temporary view a CREATE VIEW of a one-part name makes, in the schema its dialect keeps such
    a view in, and its query as read there; the parts and the query as they are for any other view."""
    if global_temporary:  # Spark's global temporary view: in global_temp, its query read in the session's schema
        parts = (binder.naming.normalize("global_temp"), *parts)
        return parts, _session_qualified(query, binder) if query is not None else None
    if (binder.naming.rules.views_follow_renames and binder.naming.rules.temporary_schema and len(parts) == 1
            and _has_property(tree, exp.TemporaryProperty)):  # PostgreSQL's temporary view: in the temporary schema
        return (binder.naming.normalize(binder.naming.rules.temporary_schema), *parts), query
    if binder.naming.rules.session_views and len(parts) == 1 and (
            _has_property(tree, exp.TemporaryProperty) or (altering and _session_view(binder, parts) is not None)):
        # Spark's local temporary view (or ALTER VIEW v AS of one): the session's, system.session.v, beside any table
        # of its name; its query read as the session finds its names now, a name of its own the table it would
        # shadow (Spark keeps a temporary view's resolved plan). A session that cannot qualify that name (it gives
        # no schema) keeps the view where it names it, as before: in system.session the name would be the view's own
        qualified = _session_qualified(query, binder, permanent=parts[-1]) if query is not None else None
        if qualified is None or not any(len(named) == 1 and named[0].casefold() == parts[-1].casefold()
                                        for _, named in object_tables(qualified, binder)):
            return (*SESSION_VIEWS, *parts), qualified
    return parts, query


def _bound_when_created(binder: Binder, statement: Statement, parts: tuple[str, ...], query: exp.Expression | None,
                        global_temporary: bool) -> tuple[tuple[str, ...], exp.Expression | None]:
    """The view's query with its names qualified as the session found them, where the dialect binds a view's names
    when it is created rather than in the view's own schema (PostgreSQL's view of a temporary table made temporary
    too); the parts and the query as they are elsewhere."""
    if binder.naming.rules.views_follow_renames and query is not None and not global_temporary:
        # PostgreSQL binds a view to the tables its names find through the session's search path when it is
        # created, whatever schema the view is in (CREATE VIEW private.v AS SELECT ... FROM jobs reads public.jobs);
        # a recursive view's own name is its query's, and the system catalogs are found before the path
        query = _session_qualified(query, binder, keep=parts[-1])
        if len(parts) == 1 and statement.session is not None and any(
                session_scoped(named) for _, named in object_tables(query, binder)):
            # "If any of the tables referenced by the view are temporary, the view is created as a temporary view"
            parts = (binder.naming.normalize(binder.naming.rules.temporary_schema or "pg_temp"), *parts)
        return parts, query
    if binder.naming.rules.schema_databases and query is not None:
        # MySQL and ClickHouse qualify a view's names with the session's current database when it is created
        # (MySQL keeps `db`.`t`), whatever database the view is in
        return parts, _session_qualified(query, binder, keep=parts[-1])
    if (binder.naming.rules.catalog_sessions or binder.naming.rules.session_view_names) and query is not None \
            and not global_temporary and parts[:2] != SESSION_VIEWS:
        # Spark keeps the session's catalog and namespace with a view ("view.catalogAndNamespace") and resolves the
        # view's names in them, whatever schema the view is in; Trino keeps the session's catalog and schema
        return parts, _session_qualified(query, binder)
    return parts, query


def _invisible_and_computed(view: CatalogObject, definitions: list[exp.Expression], hidden: dict[str, Column],
                            binder: Binder) -> None:
    """The new view's columns made invisible and computed as a column listed with a clause that makes it so, or one
    of those the query's ``*`` stands for (``hidden``: ClickHouse's Distributed table's ALIAS column, read as a
    view's: .clickhouse.tree_read), is."""
    for column in view.columns or ():
        listed = next((d for d in definitions if isinstance(d, exp.ColumnDef)
                       and binder.naming.defined_column(d.this) == column.name), None)
        like = hidden.get(column.name)
        column.invisible = like is not None or (listed is not None
                                                and invisible_column(listed, binder.naming.dialect_name))
        column.computed_from = like.computed_from if like is not None else \
            computed_from(listed, binder.naming.dialect_name) if listed is not None else ()


def _view_properties(tree: exp.Create, binder: Binder, definitions: list[exp.Expression],
                     view: CatalogObject) -> tuple[CatalogObject, dict[str, Any]]:
    """The view a CREATE VIEW makes with its row access policy and column masks, and its properties: its columns (a
    listed column's masking policy and tags with it), the governance properties, its tags, its row access policy,
    column masks and row filter."""
    properties: dict[str, Any] = {"columns": columns_property(view.columns or ()),
                                  **_governance_properties(tree, binder)}
    for definition in definitions:  # a listed column's masking policy and tags (v (id, name MASKING POLICY p))
        column = view.column(binder.naming.defined_column(definition.this)) \
            if isinstance(definition, exp.ColumnDef) else None
        if column is not None:
            _column_governance(definition, binder, column, properties["columns"][column.name])
    tags = _tags_property(tree, binder)
    if tags:
        properties = {"tags": tags, **properties}
    view = _row_access_policy(tree, binder, view, properties)
    # (Databricks' materialized view's MASK and ROW FILTER)
    view = _masks_and_row_filter(tree, binder, view, properties)
    return view, properties


def _filled_when_created(tree: exp.Create, binder: Binder, res: Resolution, view: CatalogObject,
                         query: exp.Expression | None, result: QueryResult) -> None:
    """A materialized view of a dialect that fills it when it is created (unless WITH NO DATA), as its REFRESH fills
    it: written from its query, as a CTAS is."""
    if (view.domain == "Materialized view" and query is not None and binder.naming.rules.filled_materialized_views
            and not any(isinstance(p, exp.WithDataProperty) and p.args.get("no") for p in _properties(tree))):
        flows = [flow for _, flow in result.columns]
        res.write(view, list(result.columns) if view.columns is None
                  else [(c.name, flows[i] if i < len(flows) else EMPTY) for i, c in enumerate(view.columns)])


def _avro_fields(tree: exp.Create, binder: Binder) -> list[str]:
    """The fields of the Avro record schema a Hive (Spark) table of no column list gives in its ``TBLPROPERTIES
    ('avro.schema.literal' = '{"type": "record", "fields": [...]}')``: its columns, in order (none when there is no
    such schema, or it is no record's)."""
    if not binder.naming.rules.catalog_sessions:
        return []
    for prop in _properties(tree):
        key = prop.this if isinstance(prop, exp.Property) else None
        if isinstance(key, exp.Literal) and key.name.casefold() == "avro.schema.literal":
            value = prop.args.get("value")
            try:
                schema = json.loads(value.name) if isinstance(value, exp.Literal) else None
            except ValueError:
                return []
            fields = schema.get("fields") if isinstance(schema, dict) and schema.get("type") == "record" else None
            return [binder.naming.defined_column(str(field["name"])) for field in fields or ()
                    if isinstance(field, dict) and field.get("name")]
    return []


def _files_query(tree: exp.Create, binder: Binder) -> exp.Expression | None:
    """The query of Spark's view of files, ``CREATE [TEMPORARY] VIEW v USING parquet OPTIONS (path '/p')``: ``SELECT *
    FROM parquet.`/p``` (the files read in place, a location behind the view); None for another view."""
    if not binder.naming.rules.catalog_sessions:
        return None
    formats = [p for p in _properties(tree) if isinstance(p, exp.FileFormatProperty)]
    paths = [option.args.get("value") for p in _properties(tree) if isinstance(p, exp.OptionsProperty)
             for option in p.expressions if isinstance(option, exp.Property) and option.name.lower() == "path"]
    if len(formats) != 1 or len(paths) != 1 or not isinstance(paths[0], exp.Literal) or not paths[0].is_string:
        return None
    kind = formats[0].this.name if isinstance(formats[0].this, exp.Expression) else str(formats[0].this)
    return exp.select(exp.Star()).from_(exp.Table(this=exp.to_identifier(paths[0].name, quoted=True),
                                                  db=exp.to_identifier(kind.lower())))


def _every_column(query: exp.Expression, like: exp.Table, binder: Binder) -> tuple[exp.Expression, dict[str, Column]]:
    """``SELECT * FROM ...`` as the select of every column of ``like``, its invisible ones too, and those by name: the
    view a ClickHouse Distributed or Merge table written ``AS like`` is read as has every column of ``like``
    (:data:`.clickhouse.EVERY_COLUMN`). The query as it is when ``like``'s columns are not known."""
    copied = binder.relation(binder.naming.table_parts(like))
    if not isinstance(query, exp.Select) or copied.columns_open or not any(c.invisible for c in copied.columns):
        return query, {}
    every = query.copy()
    every.set("expressions", [exp.column(exp.to_identifier(c.name, quoted=True)) for c in copied.columns])
    return every, {c.name: c for c in copied.columns if c.invisible}


def _session_view(binder: Binder, parts: tuple[str, ...]) -> CatalogObject | None:
    """The session's temporary view a one-part name finds (Spark's ``system.session.v``), if any."""
    found = binder.lookup("View", parts)
    return found if found is not None and tuple(found.name.split(".")[:2]) == SESSION_VIEWS else None


def _written_view_definition(tree: exp.Create, query: exp.Expression | None, binder: Binder) -> str | None:
    """:func:`_view_definition`; a query sqlglot cannot write back (a name with an empty part: ``db.s..t``) is the
    statement's reason to be set aside."""
    try:
        return _view_definition(tree, query, binder)
    except SQLGLOT_FAILURES as err:
        raise UnsupportedStatement(f"the view's query cannot be written back as its definition ({type(err).__name__}: "
                                   f"{err})") from None


def _view_definition(tree: exp.Create, query: exp.Expression | None, binder: Binder) -> str | None:
    """The definition a view created in the log is kept with: its query, and a Redshift late-binding view's ``WITH NO
    SCHEMA BINDING`` after it (:func:`.binder.late_binding`: it reads its tables by name, renamed or not); a ClickHouse
    materialized view's that writes into a table of its own (``TO t``), its whole CREATE."""
    if query is None:
        return None
    target = tree.find(exp.ToTableProperty)
    if target is not None and isinstance(target.this, exp.Table):
        # ClickHouse's CREATE MATERIALIZED VIEW mv TO t AS SELECT ...: its query runs on each insert into the table it
        # reads first and writes t, whose rows a read of mv reads: the whole CREATE is kept, t qualified as the
        # session found it (parse_view_definition reads it as a select from t; dml.triggered_writes runs the query)
        _qualify_as_found(target.this, binder.naming.table_parts(target.this), binder)
    evolving = any(isinstance(p, exp.WithSchemaBindingProperty) and p.name.upper() == "EVOLUTION"
                   for p in _properties(tree))  # (Databricks' view WITH SCHEMA EVOLUTION: its * follows its tables,
    # late_views_expanded; its whole CREATE kept to say so)
    if target is not None or evolving or tree.find(exp.AutoRefreshProperty) is not None:  # (and a refreshable one,
        # which is no insert trigger: dml._trigger tells it by its REFRESH)
        kept = tree.copy()
        kept.set("expression", query.copy())  # (its names qualified as the session found them)
        return kept.sql(dialect=binder.naming.dialect)
    try:
        text = query.sql(dialect=binder.naming.dialect)
    except ValueError:  # (a form sqlglot reads but cannot write in the dialect, DuckDB's recursive JSON path '$..a':
        text = query.sql()  # as sqlglot writes it, JSON_EXTRACT(j, '$..a'), which the dialect reads back)
    return f"{text} WITH NO SCHEMA BINDING" if tree.args.get("no_schema_binding") else text


def _session_qualified(query: exp.Expression, binder: Binder, keep: str | None = None,
                       permanent: str | None = None) -> exp.Expression:
    """``query`` with the names of the tables it reads qualified as the session finds them (the table the name
    finds, in a temporary schema or along the search path; else the session's schema; a CTE's name, a system
    catalog's and the unqualified name ``keep`` left as they are; the unqualified name ``permanent`` never a session's
    temporary view): read the same wherever it is resolved later, as Spark resolves a temporary view's query when it
    is created."""
    query = query.copy()
    for table, parts in object_tables(query, binder):
        if not isinstance(table.this, exp.Identifier) or table.args.get("catalog") is not None:
            continue
        if (len(parts) == 1 and keep is not None and parts[0].casefold() == keep.casefold()) \
                or binder.is_ignored(parts):
            continue
        own = permanent is not None and len(parts) == 1 and parts[0].casefold() == permanent.casefold()
        _qualify_as_found(table, parts, binder, session=not own)
    for call in query.find_all(exp.Anonymous):  # table_changes('t', 1): the table its string names, as found now
        first = call.expressions[0] if call.name.upper() in _NAMING_CALLS and call.expressions else None
        if isinstance(first, exp.Literal) and first.is_string and "/" not in first.name and ":" not in first.name:
            try:
                parts = binder.naming.spelled(first)
            except UnsupportedStatement:
                continue  # (no name: set aside where the view's query is read)
            qualified = _as_found(parts, binder)
            first.replace(exp.Literal.string(".".join(exp.to_identifier(p, quoted=True).sql(binder.naming.dialect)
                                                      for p in qualified)))
    return query


#: The calls whose first argument, a string, names the table they read (Delta's ``table_changes('t', 1)``, Hudi's
#: ``hudi_table_changes('t', 'cdc', 0)``).
_NAMING_CALLS = frozenset({"TABLE_CHANGES", "HUDI_TABLE_CHANGES"})


def _qualify_as_found(table: exp.Table, parts: tuple[str, ...], binder: Binder, *, session: bool = True) -> None:
    """``table`` named in full as the session finds ``parts`` (the relation it finds, else the session's schema, or
    the first of its Spark SQL path: :meth:`.Binder.path_qualified`): its catalog and schema, or its schema alone where
    a database is a schema (MySQL's, ClickHouse's ``db.t``)."""
    qualified = _as_found(parts, binder, session=session)
    if len(qualified) in (2, 3):
        for key, part in zip(("catalog", "db")[-(len(qualified) - 1):], qualified[:-1]):
            table.set(key, exp.to_identifier(part))


def _as_found(parts: tuple[str, ...], binder: Binder, *, session: bool = True) -> tuple[str, ...]:
    """The full name of the relation ``parts`` finds as the session finds it, else of where the session would put it
    (:meth:`.Binder.path_qualified`)."""
    found = binder.lookup("relation", parts, session=session)
    return found.parts if found is not None else binder.path_qualified(parts)


def object_tables(query: exp.Expression, binder: Binder) -> list[tuple[exp.Table, tuple[str, ...]]]:
    """The tables of ``query`` that name objects, with their name parts: not a CTE's name, nor files named by their
    path (delta.`/p`: a location wherever it is read), nor a name a variable gives, nor DUAL (the one-row table of no
    object) where no relation has that name."""
    ctes = {binder.naming.ident(cte.args["alias"].this).casefold() for cte in query.find_all(exp.CTE)
            if cte.args.get("alias")}
    found = []
    for table in query.find_all(exp.Table):
        try:
            parts = binder.naming.table_parts(table)
        except UnsupportedStatement:
            continue
        if parts and all(parts) and not (len(parts) == 1 and parts[0].casefold() in ctes) and not names_files(parts) \
                and not (len(parts) == 1 and parts[0].upper() == "DUAL" and binder.lookup("relation", parts) is None):
            found.append((table, parts))
    return found


def create_container(tree: exp.Create, binder: Binder, statement: Statement) -> RecordParts | None:
    """CREATE DATABASE / SCHEMA, with CLONE: the clone's tables are read and written. In Databricks a DATABASE is a
    schema."""
    domain = (tree.args.get("kind") or "").capitalize()
    if domain == "Database" and binder.naming.rules.database_is_schema:
        domain = "Schema"
    table = tree.this.this if isinstance(tree.this, exp.Schema) else tree.this
    parts = tuple(p for p in binder.naming.table_parts(table) if p)
    if not parts:  # an empty quoted name (``CREATE DATABASE `` ``)
        raise UnsupportedStatement(f"CREATE {domain.upper()}: expected the name of what it creates")
    if domain == "Database":
        name = parts[-1]
    else:
        name = ".".join(parts) if len(parts) >= 2 else ".".join(p for p in (binder.context.known("database"), parts[-1]) if p)
    if binder.catalog.by_name(domain, name) is None and binder.catalog.holds(tuple(name.split("."))):
        # a database or schema a catalog lists only through what it holds (its tables, as INFORMATION_SCHEMA.TABLES
        # gives them) exists all the same: IF NOT EXISTS finds it, OR REPLACE replaces it
        binder.catalog.add(CatalogObject(domain=domain, name=name, id=None))
    if _exists_guard(tree, binder, domain, name):
        return unchanged(f"CREATE {(tree.args.get('kind') or '').upper()}", name, found=True)
    operation, old = _create_operation(tree, statement, binder, name, domain)
    if tree.args.get("replace"):  # the old one goes with its contents (and can be undropped)
        binder.catalog.drop_tree(domain, tuple(name.split(".")))
        old = None
    container = CatalogObject(domain=domain, name=name, id=new_object_id(binder.catalog, domain, name, statement))
    binder.catalog.put(old, container)
    res = Resolution(binder)
    clone = tree.args.get("clone")
    if clone is not None:
        source_parts = tuple(p for p in binder.naming.table_parts(clone.this) if p)
        if not source_parts:
            raise UnsupportedStatement(f"CREATE {domain.upper()} ... CLONE: the clone names no source")
        source_name = source_parts[-1] if domain == "Database" else (
            ".".join(source_parts) if len(source_parts) >= 2
            else ".".join(p for p in (binder.context.known("database"), source_parts[-1]) if p))
        _clone_contents(binder, res, source_name, name, statement)
    elif domain == "Database" and binder.naming.rules.public_schema and not tree.meta.get(CONTENTS_UNKNOWN):
        public = f"{name}.PUBLIC"  # every new Snowflake database has one: dropped, replaced or guarded like any other
        public_id = new_object_id(binder.catalog, "Schema", public, statement)
        binder.catalog.add(CatalogObject(domain="Schema", name=public, id=public_id))
    res.ddl.append(ddl_entry(container, operation))
    return res.parts()


def _clone_contents(binder: Binder, res: Resolution, source: str, target: str, statement: Statement) -> None:
    """Every table under ``source`` is cloned under ``target``: read, written, and added to the catalog; a cloned
    database's schemas are added to the catalog. A cloned object's masking and row access policies and tags that
    are cloned with it are their clones, as Snowflake's are ("the cloned table references the cloned policy")."""
    prefix = tuple(source.split("."))

    def inside(reference: str | None) -> str | None:  # a policy or tag of the source's: its clone's
        return target + reference[len(source):] if reference and reference.startswith(source + ".") else reference

    for obj in list(binder.catalog.objects()):
        if obj.domain == "Database" or obj.parts[: len(prefix)] != prefix or obj.parts == prefix:
            continue
        parts = (*target.split("."), *obj.parts[len(prefix):])
        name = ".".join(parts)
        object_id = new_object_id(binder.catalog, obj.domain, name, statement)
        if obj.domain == "Schema":
            binder.catalog.add(CatalogObject(domain="Schema", name=name, id=object_id))
            continue
        columns = new_columns(object_id, [c.name for c in obj.columns], {c.name: c for c in obj.columns}) \
            if obj.columns is not None else None
        for column in columns or ():  # (Snowflake: an object and a policy or tag cloned together, the clone's)
            column.masking_policy = inside(column.masking_policy)
            column.tags = {inside(tag): value for tag, value in column.tags.items()}
        clone = obj.evolve(name=name, parts=parts, id=object_id, columns=columns,
                           row_access_policy=inside(obj.row_access_policy),
                           tags={inside(tag): value for tag, value in obj.tags.items()},
                           masking_policies=tuple(inside(policy) for policy in obj.masking_policies))
        binder.catalog.add(clone)
        if obj.domain in ("Table", "External table") and not obj.columns_open:
            res.read_all_columns(obj)
            res.write(clone, [(c.name, frozenset(_column_atoms(obj, c.name))) for c in obj.columns])


def register_object(tree: exp.Create, binder: Binder, statement: Statement) -> None:
    """CREATE FUNCTION / PROCEDURE (T-SQL's PROC) / STAGE / STREAM: no record, but later statements must find them."""
    domain = (tree.args.get("kind") or "").capitalize()
    domain = "Procedure" if domain == "Proc" else domain
    table, _ = _target(tree, binder)
    if isinstance(table, exp.StoredProcedure) and isinstance(table.this, exp.Table):
        table = table.this  # (T-SQL's CREATE PROCEDURE s.p AS ..., of no parameters)
    if isinstance(table, exp.UserDefinedFunction):
        parts = binder.naming.dotted(table.this)
    else:
        parts = binder.naming.table_parts(table)
    temporary = binder.naming.rules.temporary_schema
    if temporary and domain == "Function" and len(parts) == 1 and _has_property(tree, exp.TemporaryProperty):
        parts = (binder.naming.normalize(temporary), *parts)  # BigQuery's temporary function: in no dataset
    global_function = domain == "Function" and binder.naming.rules.global_functions and len(parts) == 1
    name = parts[0] if global_function else qualified_name(binder, parts)
    if domain in ("Function", "Procedure"):
        fields = _routine_fields(tree, binder, statement)
    elif domain == "Stage":
        fields = _stage_fields(tree, binder)
    else:
        fields = {}
    obj = CatalogObject(domain=domain, name=name, id=new_object_id(binder.catalog, domain, name, statement), **fields)
    if domain in ("Function", "Procedure"):  # overloads: only the one with the same arguments is replaced
        old = same_overload(binder, domain, obj.parts, obj.argument_signature)
    else:
        old = binder.existing(domain, name)
    if old is not None and tree.args.get("exists"):  # IF NOT EXISTS of one that exists: nothing happens
        return
    binder.catalog.put(old, obj)


def _routine_fields(tree: exp.Create, binder: Binder, statement: Statement) -> dict[str, Any]:
    """What a CREATE FUNCTION or PROCEDURE says of its routine, as :class:`.CatalogObject` fields: its arguments'
    signature, its return type, language and body, and whether it is external (a remote service's)."""
    fields: dict[str, Any] = {}
    fields["argument_signature"], fields["data_type"] = routine_signature(statement.text, binder)
    language = next((p for p in _properties(tree) if isinstance(p, exp.LanguageProperty)), None)
    fields["language"] = language.this.name.upper() if language is not None else "SQL"
    if language is None and binder.naming.rules.catalog_sessions and isinstance(tree.expression, exp.Literal) \
            and tree.expression.is_string and not isinstance(tree.this, exp.UserDefinedFunction):
        fields["language"] = "JAVA"  # (Spark's and Hive's CREATE FUNCTION f AS 'com.x.MyUDF': a JVM class's)
    fields["external"] = _has_property(tree, exp.ExternalProperty)  # a remote service's (AS 'https://...')
    body = tree.expression
    returned = isinstance(body, exp.Return)  # Databricks' RETURN { expression | query }: the expression or query
    if returned:  # (RETURN 'x' returns a string; AS 'x' is the body's text)
        body = body.this
    fields["body"] = body.name if isinstance(body, (exp.Literal, exp.RawString)) and not returned else (
        body.sql(dialect=binder.naming.dialect) if body is not None else None)
    fields["data_type"], fields["body"] = _table_function_rows(statement.text, fields["data_type"],
                                                               fields["body"], binder)
    return fields


def _stage_fields(tree: exp.Create, binder: Binder) -> dict[str, Any]:
    """What a CREATE STAGE says of its stage, as :class:`.CatalogObject` fields: its kind (external when it has a
    URL) and URL; a clone's, those of the stage it clones."""
    fields: dict[str, Any] = {}
    url = next((p for p in _properties(tree) if isinstance(p, exp.Property) and p.name.upper() == "URL"), None)
    fields["stage_kind"] = "External Named" if url is not None else "Internal Named"
    fields["url"] = url.args["value"].name if url is not None else None
    clone = tree.args.get("clone")
    source = binder.lookup("Stage", binder.naming.table_parts(clone.this)) if clone is not None else None
    if source is not None:  # a clone of a stage: its kind and URL (an external stage's clone is external)
        fields["stage_kind"], fields["url"] = source.stage_kind, source.url
    return fields


#: T-SQL's multi-statement table-valued function: ``RETURNS @r TABLE (columns) [WITH ...] AS BEGIN body END``.
_MULTI_STATEMENT_FUNCTION = re.compile(
    r"\breturns\s+@(?P<variable>\w+)\s+table\s*\((?:[^()]|\([^()]*\))*\)[^()]*?\bas\s+begin\b(?P<body>.*)\bend\s*;?\s*",
    re.IGNORECASE | re.DOTALL)


#: ``TABLE (columns)`` at the start of a return type (the options after it left out).
_TABLE_TYPE_OF = re.compile(r"[^()]*(?:\((?:[^()]|\([^()]*\))*\))?")


def _table_function_rows(text: str, data_type: str | None, body: str | None, binder: Binder
                         ) -> tuple[str | None, str | None]:
    """A function's return type and body, those of a T-SQL multi-statement table function (``RETURNS @r TABLE (...)
    AS BEGIN ... END``) the table it returns without the variable's name and the query its rows are
    (:func:`_rows_inserted`), so that it is read through as an inline one is; ``data_type`` and ``body`` otherwise."""
    function = _MULTI_STATEMENT_FUNCTION.search(text) if binder.naming.dialect_name == "tsql" else None
    if function is None or data_type is None:
        return data_type, body
    data_type = _TABLE_TYPE_OF.match(data_type.split(None, 1)[-1])[0]  # (@R TABLE (...) WITH ...: TABLE (...))
    return data_type, _rows_inserted((function["variable"], function["body"]), table_columns(data_type))


def _rows_inserted(returned: tuple[str, str], declared: list[str]) -> str | None:
    """The query a multi-statement table function's rows are (its returned table variable's rows, of the ``declared``
    columns): the ``UNION ALL`` of the queries its ``INSERT [INTO] @r [(columns)] query`` statements insert, each
    column at its declared place (one an INSERT leaves out is NULL). None when the body changes the variable's rows
    otherwise (an UPDATE, a DELETE) or inserts none: the function is then known by its signature alone.

    >>> _rows_inserted(("r", "INSERT @r (v) SELECT b FROM s; INSERT INTO @r SELECT 1, 2; RETURN;"), ["ID", "V"])
    'SELECT NULL AS [ID], r.[V] FROM (SELECT b FROM s) AS r ([v]) UNION ALL SELECT 1, 2'
    """
    from .statements import split_statements  # (the splitter's module imports this one's)

    variable, body = returned
    inserted = re.compile(rf"\s*insert\s+(?:into\s+)?@{variable}\b\s*(?:\((?P<columns>[^()]*)\))?\s*"
                          r"(?P<query>(?:select\b|with\b|\().*)", re.IGNORECASE | re.DOTALL)
    changed = re.compile(rf"\s*(?:update|delete|merge|insert)\b[^;]*?@{variable}\b", re.IGNORECASE)
    queries = []
    for statement in split_statements(body, "tsql"):
        insert = inserted.fullmatch(statement)
        if insert is None:
            if changed.match(statement):
                return None
            continue
        if insert["columns"] is None:
            queries.append(insert["query"].strip())
            continue
        listed = [column.strip().strip("[]") for column in insert["columns"].split(",")]
        folded = {column.casefold() for column in listed}
        picked = ", ".join(f"r.[{column}]" if column.casefold() in folded else f"NULL AS [{column}]"
                           for column in declared)
        queries.append(f"SELECT {picked} FROM ({insert['query'].strip()}) AS r ({', '.join(f'[{c}]' for c in listed)})")
    return " UNION ALL ".join(queries) if queries else None


def declare_table_variable(variable: exp.Parameter, kind: exp.Schema | exp.DataType, binder: Binder,
                           statement: Statement) -> None:
    """T-SQL's ``DECLARE @name TABLE (columns)``, or ``DECLARE @name type`` of a table type (:func:`create_type`): no
    record (a declaration), but later statements find the table variable ``tempdb.dbo.@name`` with its columns
    (:attr:`.DialectRules.hash_temporary_tables`). A variable of another type is no table."""
    if isinstance(kind, exp.Schema):
        names = [binder.naming.defined_column(column.this) for column in kind.expressions
                 if isinstance(column, exp.ColumnDef)]
    else:
        table_type = _table_type(binder, kind)
        if table_type is None:
            return
        names = [column.name for column in table_type.columns or ()]
    qualified = qualified_name(binder, binder.naming.table_parts(exp.Table(this=variable.copy())))
    object_id = new_object_id(binder.catalog, "Table", qualified, statement)
    table = CatalogObject(domain="Table", name=qualified, id=object_id, columns=new_columns(object_id, names) or None,
                          session=statement.session)  # (a batch's own: its session's, never another's)
    binder.catalog.put(binder.catalog.by_name("Table", qualified), table)


#: T-SQL's ``CREATE TYPE name AS TABLE (columns ...)``: a user-defined table type.
_TABLE_TYPE = re.compile(r"\s*create\s+type\s+(?P<name>\S+?)\s+as\s+table\s*(?P<columns>\(.*\))\s*;?\s*",
                         re.IGNORECASE | re.DOTALL)
#: The catalog's domain of the table types the log creates (never read: a variable of the type is the table).
TABLE_TYPE = "Table type"


def create_type(node: object, binder: Binder, statement: Statement) -> RecordParts | None:
    """``CREATE TYPE``: no record (a type holds no rows). T-SQL's table type (``CREATE TYPE s.t AS TABLE (...)``) is
    kept with its columns: a variable declared of it (a table-valued parameter's too) is a table variable of those
    columns (:func:`declare_table_variable`). DuckDB's ``CREATE TYPE t AS ENUM (query)`` reads what its query reads
    (the enum's values are the query's)."""
    enum = _ENUM_QUERY.fullmatch(statement.text) if binder.naming.dialect_name == "duckdb" else None
    if enum is not None:
        res = Resolution(binder)
        dml.resolve_select(parse_sql(enum["query"], binder.naming.dialect_name), res)
        return res.parts()
    table_type = _TABLE_TYPE.fullmatch(statement.text) if binder.naming.rules.hash_temporary_tables else None
    if table_type is None:
        return None
    try:
        tree = parse_sql(f"CREATE TABLE t {table_type['columns']}", binder.naming.dialect_name)
        name = exp.to_table(table_type["name"], dialect=binder.naming.dialect_name)
    except (SqlglotError, UnsupportedStatement, *SQLGLOT_FAILURES):
        return None
    if not isinstance(tree, exp.Create) or not isinstance(tree.this, exp.Schema):
        return None
    qualified = qualified_name(binder, binder.naming.table_parts(name))
    names = [binder.naming.defined_column(column.this) for column in tree.this.expressions
             if isinstance(column, exp.ColumnDef)]
    object_id = new_object_id(binder.catalog, TABLE_TYPE, qualified, statement)
    binder.catalog.put(binder.catalog.by_name(TABLE_TYPE, qualified),
                       CatalogObject(domain=TABLE_TYPE, name=qualified, id=object_id,
                                     columns=new_columns(object_id, names) or None))
    return None


#: DuckDB's ``CREATE TYPE t AS ENUM (query)``: its query.
_ENUM_QUERY = re.compile(r"\s*CREATE\s+(?:OR\s+REPLACE\s+)?TYPE\s+.+?\s+AS\s+ENUM\s*\(\s*(?P<query>(?:SELECT|WITH|FROM)\b.*)\)"
                         r"\s*;?\s*", re.IGNORECASE | re.DOTALL)
_DATA_SOURCE = re.compile(r"\s*(?P<verb>CREATE|ALTER|DROP)\s+EXTERNAL\s+DATA\s+SOURCE\s+(?P<name>\[[^\]]+\]|\"[^\"]+\"|"
                          r"[^\s;(]+)(?P<rest>.*)", re.IGNORECASE | re.DOTALL)
_LOCATION = re.compile(r"\bLOCATION\s*=\s*N?'(?P<url>(?:[^']|'')*)'", re.IGNORECASE)


def external_data_source(node: object, binder: Binder, statement: Statement) -> None:
    """``CREATE | ALTER EXTERNAL DATA SOURCE ds WITH | SET (LOCATION = 'url', ...)`` keeps ``ds`` and its location,
    ``DROP EXTERNAL DATA SOURCE ds`` forgets it: no record (what is read under it is recorded by its full path)."""
    written = _DATA_SOURCE.match(statement.text)
    if written is None:
        return None
    name = binder.data_source_name(written["name"])
    old = binder.catalog.lookup(DATA_SOURCE, tuple(name.split(".")))
    verb = written["verb"].upper()
    if verb == "DROP":
        if old is not None:
            binder.catalog.remove(old)
        return None
    location = _LOCATION.search(written["rest"])
    url = location["url"].replace("''", "'") if location is not None else old.url if old is not None else None
    if url is not None:
        binder.catalog.put(old, CatalogObject(domain=DATA_SOURCE, name=name, url=url,
                                              id=new_object_id(binder.catalog, DATA_SOURCE, name, statement)))
    return None


def _table_type(binder: Binder, kind: exp.DataType) -> CatalogObject | None:
    """The table type (:func:`create_type`) a variable's declared type names; None for another type."""
    named = kind.args.get("kind") if kind.this == exp.DataType.Type.USERDEFINED else None
    if not named:
        return None
    try:
        table = exp.to_table(str(named), dialect=binder.naming.dialect_name)
    except (SqlglotError, *SQLGLOT_FAILURES):
        return None
    return binder.catalog.referenced(TABLE_TYPE, qualified_name(binder, binder.naming.table_parts(table)))


def create_model(tree: exp.Create, binder: Binder, statement: Statement) -> RecordParts | None:
    """BigQuery's ``CREATE [OR REPLACE] MODEL m ... [AS query]``: the query's training data is read; the model is
    registered as the function its ML calls are read as (:meth:`Binder.model`), with no DDL entry, as a function's
    CREATE has none."""
    parts = binder.naming.table_parts(tree.this if isinstance(tree.this, exp.Table) else tree.this.this)
    name = qualified_name(binder, parts)
    if tree.expression is None and statement.text.rstrip().rstrip(";").rstrip().upper().endswith(" AS"):
        raise UnsupportedStatement("CREATE MODEL ... AS: expected the training query after AS")
    if _exists_guard(tree, binder, "Function", name):
        return unchanged(f"CREATE {(tree.args.get('kind') or '').upper()}", name, found=True)
    res = Resolution(binder)
    if isinstance(tree.expression, dml.QUERY_TYPES):
        res.query(tree.expression)
    model = CatalogObject(domain="Function", name=name, id=new_object_id(binder.catalog, "Function", name, statement),
                          language=MODEL_LANGUAGE)
    binder.catalog.put(same_overload(binder, "Function", model.parts, None), model)
    function = tree.meta.get(PREDICTION_FUNCTION)
    if function is not None:  # Redshift's: the function its predictions are called by, the model's (DROP MODEL drops it)
        called = qualified_name(binder, binder.naming.table_parts(function))
        predictions = CatalogObject(domain="Function", name=called, language=MODEL_LANGUAGE, body=name,
                                    id=new_object_id(binder.catalog, "Function", called, statement))
        binder.catalog.put(same_overload(binder, "Function", predictions.parts, None), predictions)
    return res.parts() if isinstance(tree.expression, dml.QUERY_TYPES) else None


def _name_after(tokens: list, words: list[str], kind: str, binder: Binder) -> tuple[tuple[str, ...], int]:
    """The name after the object kind ``kind`` of a CREATE read from its tokens (``IF NOT EXISTS`` skipped): its
    normalized parts, and the index of the token after it."""
    from sqlglot.tokens import TokenType

    start = words.index(kind) + 1
    if words[start:start + 3] == ["IF", "NOT", "EXISTS"]:
        start += 3
    if start >= len(tokens):
        raise UnsupportedStatement(f"CREATE {kind}: expected the {kind.lower()}'s name")
    stop = start + 1  # the name: parts joined by dots
    while stop + 1 < len(tokens) and tokens[stop].token_type == TokenType.DOT:
        stop += 2
    name_tokens = [t for t in tokens[start:stop] if t.token_type != TokenType.DOT]
    return binder.naming.parts(exp.to_identifier(t.text, quoted=t.token_type == TokenType.IDENTIFIER)
                               for t in name_tokens), stop


def _register_stage(tokens: list, words: list[str], binder: Binder, statement: Statement) -> None:
    """A CREATE STAGE sqlglot cannot read (options such as ``CREDENTIALS = (AWS_KEY_ID = '...' ...)``):
    registered from its tokens, its name and its ``URL``, as :func:`register_object` registers one."""
    from sqlglot.tokens import TokenType

    parts, stop = _name_after(tokens, words, "STAGE", binder)
    url = next((tokens[i + 2].text for i in range(stop, len(tokens) - 2)
                if words[i] == "URL" and tokens[i + 1].token_type == TokenType.EQ
                and tokens[i + 2].token_type == TokenType.STRING), None)
    name = qualified_name(binder, parts)
    old = binder.catalog.by_name("Stage", name)
    if old is not None and "EXISTS" in words[:stop] and "NOT" in words[:stop]:  # IF NOT EXISTS: nothing happens
        return
    obj = CatalogObject(domain="Stage", name=name, id=new_object_id(binder.catalog, "Stage", name, statement),
                        stage_kind="External Named" if url is not None else "Internal Named", url=url)
    binder.catalog.put(old, obj)


_AFTER_RETURNS = frozenset({
    "LANGUAGE", "AS", "NOT", "NULL", "STRICT", "IMMUTABLE", "VOLATILE", "CALLED", "COMMENT", "EXECUTE",
    "RUNTIME_VERSION", "PACKAGES", "HANDLER", "IMPORTS", "SECURE", "MEMOIZABLE", "COPY", "EXTERNAL_ACCESS_INTEGRATIONS",
    "SECRETS", "TARGET_PATH",
    # PostgreSQL and Redshift (RETURNS type STABLE AS $$ ... $$ LANGUAGE plpythonu; [NOT] LEAKPROOF, PARALLEL SAFE ...)
    "STABLE", "LEAKPROOF", "PARALLEL", "SECURITY", "COST", "SUPPORT", "WINDOW", "TRANSFORM",
    # Spark / Databricks (RETURNS type [characteristics] RETURN body), BigQuery (RETURNS type OPTIONS (...) AS), a
    # body that follows at once
    "RETURN", "DETERMINISTIC", "CONTAINS", "READS", "MODIFIES", "OPTIONS", "BEGIN",
})


def routine_signature(sql: str, binder: Binder) -> tuple[str, str | None]:
    """A CREATE FUNCTION / PROCEDURE's ``(NAME TYPE, ...)`` and return type, as written (types upper-cased).

    Read from the statement's tokens, because sqlglot rewrites type names (STRING as VARCHAR).
    """
    from sqlglot.tokens import TokenType

    tokens = binder.naming.dialect.tokenize(sql)
    start = next((i for i, t in enumerate(tokens) if t.token_type == TokenType.L_PAREN), None)
    if binder.naming.dialect_name in ("tsql", "fabric"):
        listed = _tsql_parameters(sql, tokens, binder)
        if listed is not None:
            return listed, None
    if start is None:
        return "()", None
    depth, angles, arguments, current_start, end = 0, 0, [], tokens[start].end + 1, start
    for i in range(start, len(tokens)):
        kind = tokens[i].token_type
        depth += kind == TokenType.L_PAREN
        depth -= kind == TokenType.R_PAREN
        if kind == TokenType.LT and tokens[i - 1].text.upper() in _BRACKETED_TYPES:  # STRUCT<a INT64, b STRING>
            angles += 1
        elif kind == TokenType.GT and angles:
            angles -= 1
        if (kind == TokenType.COMMA and depth == 1 and not angles) or depth == 0:
            arguments.append(_argument_text(sql[current_start:tokens[i].start], binder))
            current_start = tokens[i].end + 1
        if depth == 0:
            end = i
            break
    returns = None
    for i in range(end + 1, len(tokens)):
        if tokens[i].text.upper() == "RETURNS":
            stop = _returns_end(tokens, i + 1)
            if stop > i + 1:
                returns = _type_text(" ".join(sql[tokens[i + 1].start:tokens[stop - 1].end + 1].split()))
            break
    return "(" + ", ".join(a for a in arguments if a) + ")", returns


def _tsql_parameters(sql: str, tokens: list, binder: Binder) -> str | None:
    """A T-SQL procedure's parameters written without brackets (``CREATE PROCEDURE p @a int, @b nvarchar(50) = NULL
    OUTPUT [WITH ...] AS ...``, the usual form) as a signature, ``()`` of a procedure of none (``CREATE PROCEDURE p
    AS ...``); None when its name is followed by a bracketed list."""
    from sqlglot.tokens import TokenType

    kind = next((i for i, t in enumerate(tokens[:6]) if t.text.upper() in ("PROC", "PROCEDURE")), None)
    if kind is None:
        return None
    first = kind + 1
    while first < len(tokens) and tokens[first].token_type in (TokenType.VAR, TokenType.DOT, TokenType.IDENTIFIER):
        first += 1
    if first >= len(tokens) or tokens[first].text.upper() in ("AS", "WITH", "FOR", ";"):
        return "()"  # (no parameter: CREATE PROCEDURE p AS ..., the body's brackets none of its)
    if tokens[first].token_type != TokenType.PARAMETER:
        return None
    arguments, depth, start = [], 0, tokens[first].start
    for i in range(first, len(tokens)):
        kind_of = tokens[i].token_type
        depth += kind_of == TokenType.L_PAREN
        depth -= kind_of == TokenType.R_PAREN
        word = tokens[i].text.upper()
        ends = depth == 0 and (word in ("WITH", "FOR") or word == "AS" and not (
            tokens[i - 1].token_type == TokenType.VAR and tokens[i - 2].token_type == TokenType.PARAMETER))
        if depth == 0 and kind_of == TokenType.COMMA or ends:
            arguments.append(_argument_text(sql[start:tokens[i].start], binder))
            start = tokens[i].end + 1
        if ends:
            break
    return "(" + ", ".join(a for a in arguments if a) + ")"


def _returns_end(tokens: list, start: int) -> int:
    """Where a RETURNS type starting at ``start`` ends: at the first clause word outside its brackets (a column of
    a ``TABLE (k INT COMMENT '...', options VARCHAR)`` is named or described by such words too)."""
    from sqlglot.tokens import TokenType

    depth = 0
    for j in range(start, len(tokens)):
        kind = tokens[j].token_type
        if kind in (TokenType.L_PAREN, TokenType.LT):
            depth += 1
        elif kind in (TokenType.R_PAREN, TokenType.GT):
            depth -= 1
        elif depth <= 0 and tokens[j].text.upper() in _AFTER_RETURNS:
            return j
    return len(tokens)


#: The types whose parameters are in angle brackets (BigQuery's, Spark's, Trino's): their commas part no arguments.
_BRACKETED_TYPES = frozenset({"STRUCT", "ARRAY", "MAP", "RANGE"})
#: An argument's mode before its name.
_ARGUMENT_MODES = frozenset({"IN", "OUT", "INOUT", "VARIADIC"})
#: The words of an argument's text, a quoted part kept whole.
_WORDS = re.compile(r'(?:"(?:[^"]|"")*"|[^\s"])+')


def _type_text(text: str) -> str:
    """A type as a signature shows it: upper-cased, but for what its angle brackets hold (``STRUCT<a INT64>``: a
    struct's fields' names) and its strings (a ``COMMENT 'text'``, a default), which stay as written.

    >>> print(_type_text("string comment 'City like Sydney, New York'"))
    STRING COMMENT 'City like Sydney, New York'
    >>> print(_type_text('string comment "Don' + "'" + 't use X"'))
    STRING COMMENT "Don't use X"
    """
    bracket = text.find("<")
    head, tail = (text, "") if bracket < 0 else (text[:bracket], text[bracket:])
    return _STRINGS_APART.sub(lambda part: part[0] if part[0][:1] in "'\"" else part[0].upper(), head) + tail


#: A text's strings and quoted names (``'...'``, ``"..."``, quotes doubled inside) and what lies between them.
_STRINGS_APART = re.compile(r"'(?:[^']|'')*'?|\"(?:[^\"]|\"\")*\"?|[^'\"]+")


def _argument_text(text: str, binder: Binder) -> str:
    """An argument as a signature shows it: its mode (upper-cased), its name as the dialect keeps a name, its type
    upper-cased but for what its angle brackets hold (a struct's fields' names), which stays as written.

    >>> from types import SimpleNamespace
    >>> from access_history_platform.sql.names import naming_for
    >>> _argument_text("out Res STRUCT<a float64, b ARRAY<STRING>>", SimpleNamespace(naming=naming_for("bigquery")))
    'OUT res STRUCT<a float64, b ARRAY<STRING>>'
    """
    words = _WORDS.findall(text)  # (a quoted name is one word: "my schema".t)
    mode = [words.pop(0).upper()] if len(words) > 1 and words[0].upper() in _ARGUMENT_MODES else []
    if not words:
        return " ".join(mode)
    typed = _type_text(" ".join(words[1:]))
    first = words[0]
    quoted = len(first) > 1 and first[0] == first[-1] == '"' and '"' not in first[1:-1].replace('""', "")
    name = first if '"' in first and not quoted else binder.naming.normalize(first.strip('"'), quoted)  # ("s".t, a
    # type of no name, as written)
    return " ".join([*mode, name, typed] if typed else [*mode, name])


def same_overload(binder: Binder, domain: str, parts: tuple[str, ...], signature: str | None) -> CatalogObject | None:
    """The function or procedure a CREATE of ``parts`` with ``signature`` replaces: the overload of exactly that
    name (unquoted parts are normalized already; a quoted name differing only in case is another object, CONTRACT
    3a) with the same arguments."""
    return next((o for o in binder.catalog.lookup_all(domain, parts, fold=False)
                 if binder.naming.dialect_name in _NO_OVERLOADS
                 or _arguments_key(o.argument_signature) == _arguments_key(signature)), None)


#: The dialects whose routines have no overloads: a routine's name is the routine (T-SQL: "Procedure names must
#: comply with the rules for identifiers and must be unique within the schema"; MySQL likewise; BigQuery, whose
#: CREATE OR REPLACE FUNCTION replaces the function of its name whatever its arguments).
_NO_OVERLOADS = frozenset({"tsql", "fabric", "mysql", "bigquery"})


def _arguments_key(signature: str | None) -> list[str]:
    """What identifies an overload here: its input arguments' types, each by its kind (:func:`_type_kind`: a number's,
    a string's, a boolean's, a timestamp's, else the type's first word), as PostgreSQL identifies a function ("the same
    if they have the same names and input argument types, ignoring any OUT parameters") and Snowflake (by the arguments'
    data types). An argument's name and its mode are no part of it: ``f(integer)``, ``f(k integer)`` and ``f(IN k
    integer)`` are one function, which a ``CREATE OR REPLACE`` of any of them replaces; an ``OUT`` argument is none.

    >>> _arguments_key("(a INT, b VARCHAR(10))") == _arguments_key("(A NUMBER(38, 0), c TEXT)")
    True
    >>> _arguments_key("(a INT)") == _arguments_key("(a VARCHAR)")
    False
    >>> _arguments_key("(a DATE)") == _arguments_key("(a BOOL)")
    False
    >>> _arguments_key("(integer, double precision)") == _arguments_key("(IN k int, v float8, OUT r text)")
    True
    """
    key = []
    for item in signature_items(signature):
        words = item.split()
        mode = words[0].upper() if len(words) > 1 else ""
        if mode == "OUT":
            continue
        if mode in ("IN", "INOUT", "VARIADIC"):
            words = words[1:]
        named = len(words) > 1 and _type_word(words[0]) not in _TYPE_WORDS  # (PostgreSQL's arguments may be unnamed)
        key.append(_type_kind(words[1:] if named else words))
    return key


def _type_word(word: str) -> str:
    """A type's first word, upper-cased, without its parameters (``VARCHAR(10)``, ``ARRAY<INT>``)."""
    return re.split(r"[(<]", word.upper(), maxsplit=1)[0]


def _type_kind(words: list[str]) -> str:
    """A type's kind, as an overload's key tells types apart: ``number``, ``string``, ``boolean``, ``timestamp`` (the
    spellings of one type are many: ``int4`` and ``integer``, ``timestamptz`` and ``timestamp with time zone``, ``bool``
    and ``boolean``), else the type's first word, after a mode written after the name (Oracle's ``x IN NUMBER``, ``y IN
    OUT NOCOPY VARCHAR2``)."""
    upper = [word.upper() for word in words]
    while upper and upper[0] in ("IN", "OUT", "INOUT", "NOCOPY", "VARIADIC"):
        upper = upper[1:]
    word = _type_word(upper[0]) if upper else ""
    return "number" if word in _NUMBER_WORDS else "string" if word in _STRING_WORDS else \
        "boolean" if word in ("BOOL", "BOOLEAN") else "timestamp" if word.startswith("TIMESTAMP") else word


_NUMBER_WORDS = frozenset({"INT", "INTEGER", "BIGINT", "SMALLINT", "TINYINT", "BYTEINT", "INT2", "INT4", "INT8",
                           "INT64", "NUMBER", "NUMERIC", "DECIMAL", "DEC", "BIGNUMERIC", "FLOAT", "FLOAT4", "FLOAT8",
                           "FLOAT64", "REAL", "DOUBLE", "LONG", "SHORT", "BYTE", "BINARY_INTEGER", "PLS_INTEGER",
                           "BINARY_FLOAT", "BINARY_DOUBLE", "MONEY", "SMALLMONEY", "HUGEINT", "UBIGINT", "UINTEGER"})
_STRING_WORDS = frozenset({"VARCHAR", "CHAR", "CHARACTER", "NVARCHAR", "NCHAR", "TEXT", "STRING", "BPCHAR",
                           "VARCHAR2", "NVARCHAR2", "CLOB"})
#: The first words of types an unnamed argument is written with (PostgreSQL's ``f(integer, text)``): of these, a
#: first word is the argument's type, not its name.
_TYPE_WORDS = _NUMBER_WORDS | _STRING_WORDS | frozenset({
    "BOOL", "BOOLEAN", "DATE", "TIME", "TIMETZ", "TIMESTAMP", "TIMESTAMPTZ", "TIMESTAMP_NTZ", "TIMESTAMP_LTZ",
    "TIMESTAMP_TZ", "DATETIME", "INTERVAL", "JSON", "JSONB", "UUID", "BYTEA", "BINARY", "VARBINARY", "VARIANT",
    "OBJECT", "ARRAY", "GEOGRAPHY", "GEOMETRY", "RECORD", "ANYELEMENT", "ANYARRAY", "ANYNONARRAY", "ANYENUM",
    "ANYRANGE", "XML", "INET", "CIDR", "MACADDR", "OID", "REGCLASS", "TSVECTOR", "TSQUERY", "POINT", "BIT", "VARBIT",
    "SERIAL", "BIGSERIAL", "VECTOR", "STRUCT", "MAP", "TABLE", "SETOF"})


# --------------------------------------------------------------------------- the command grammar: data movement


def call(command: cmd.Call, binder: Binder, statement: Statement) -> RecordParts | None:
    """A procedure's call: the procedure read and what its arguments read. Iceberg's procedures in Spark
    (``CALL [catalog.]system.name(...)``) are no object of the account: those that change a table's rows write it
    (:func:`_iceberg_procedure`), the others (``expire_snapshots``, ``rewrite_data_files``, ``migrate``,
    ``remove_orphan_files`` ...: its files, snapshots and metadata kept up, as OPTIMIZE and VACUUM do) record nothing."""
    res = Resolution(binder)
    if command.method is not None:  # a method of a class instance (a model, a classifier): no object of the reference's
        return res.parts()
    parts = binder.naming.parts(command.name)
    iceberg = _iceberg_procedure(command, binder, parts) or _trino_iceberg_procedure(command, binder, parts)
    if iceberg is not None:
        return iceberg
    if _hudi_procedure(binder, parts):
        return _hudi_call(command, binder, parts[0].casefold())
    if binder.naming.rules.catalog_sessions and len(parts) in (2, 3) and parts[-2].casefold() == "system" \
            and binder.lookup("Procedure", parts) is None:
        return None  # Iceberg's other procedures: a table's files, snapshots and metadata kept up, no row of it
    dml.read_procedure(res, parts, command.arguments)
    for argument in command.arguments:
        _read_argument(res, binder, argument)
    return res.parts()


def execute(node: exp.Execute, binder: Binder, statement: Statement) -> RecordParts | None:
    """T-SQL's ``EXEC[UTE] [@status =] procedure [[@name =] value, ...]``, a CALL by another name: the procedure and
    what its arguments read (:func:`.dml.read_execute`). ``EXEC (@sql)`` runs a variable's text, which its batch did
    not set to a literal (:func:`.tsql.bound_dynamic_sql`: then it is the ``EXEC ('...')`` of that literal, split into
    the statements it holds before it gets here): what it runs is not in the log, so it is set aside with that reason
    (CONTRACT 3a, a variable whose value the log does not give), never dropped unseen."""
    if not isinstance(node.this, exp.Table):
        variable = node.this.find(exp.Parameter)
        raise UnsupportedStatement(tsql.unknown_dynamic_sql(variable.name if variable is not None else "?"))
    res = Resolution(binder)
    dml.read_execute(node, res)
    return res.parts()


def execute_sql(node: exp.ExecuteSql, binder: Binder, statement: Statement) -> None:
    """T-SQL's ``sp_executesql @sql`` of a variable its batch did not set to a literal (of one it set, the literal's
    statements: :func:`.tsql.bound_dynamic_sql`): set aside, as ``EXEC (@sql)`` is (:func:`execute`). No record for
    another call of it (a literal is split into its statements before it gets here)."""
    variable = node.expressions[0] if node.expressions else None
    if isinstance(variable, exp.EQ):  # (@stmt = @sql)
        variable = variable.expression
    if isinstance(variable, exp.Parameter):
        raise UnsupportedStatement(tsql.unknown_dynamic_sql(variable.name))


def rows_moved(binder: Binder, source: CatalogObject, target: CatalogObject, *, leave_out: bool = False,
               fill: bool = False, res: Resolution | None = None) -> Resolution:
    """``source`` read and ``target`` written, each column of ``target`` from ``source``'s of its name (in ``res``,
    when given: rows moved both ways). With one side's columns unknown, the other's name them, unless some of them
    may be left out of the target (``leave_out``) or filled with defaults (``fill``)."""
    if target.columns is not None and source.columns is not None:
        moved = [column.name for column in source.columns if target.column(column.name) is not None]
    elif source.columns is not None:
        moved = [column.name for column in source.columns] if not leave_out else []
    else:
        moved = [column.name for column in target.columns or ()] if not fill else []
    res = res if res is not None else Resolution(binder)
    res.read_object(source)
    flows = []
    for column in moved:
        known = source.column(column)
        read = known.name if known is not None else column
        res.reads.column(source, read)
        flows.append((column, frozenset({ColumnAtom(source, read)})))
    res.write(target, flows)
    return res


#: Iceberg's Spark procedures that change a table's rows (``CALL [catalog.]system.name(table => 'db.t', ...)``): the
#: table they write (its first argument, ``table``) as a RESTORE writes it; ``add_files`` also moves the rows of its
#: ``source_table`` (the second) into it, by column name. Trino's of these names (``ALTER TABLE t EXECUTE
#: rollback_to_snapshot(...)``, its older ``CALL system.rollback_to_snapshot('s', 't', ...)``) write the table too.
ICEBERG_WRITES = frozenset({"rollback_to_snapshot", "rollback_to_timestamp", "set_current_snapshot",
                             "cherrypick_snapshot", "fast_forward", "publish_changes", "add_files"})
_NAMED_ARGUMENT = re.compile(r"\s*(\w+)\s*=>\s*(.*)", re.DOTALL)


def _iceberg_procedure(command: cmd.Call, binder: Binder, parts: tuple[str, ...]) -> RecordParts | None:
    """The record of a call of one of :data:`ICEBERG_WRITES` (Spark's grammar); None for another call. A table
    argument is a string naming a table of the procedure's catalog (``'db.t'``), or files (``'`parquet`.`/p`'``).
    Iceberg's procedures are no object of the account: the procedure itself is not recorded."""
    if not binder.naming.rules.catalog_sessions or len(parts) not in (2, 3) or parts[-2].casefold() != "system" \
            or parts[-1].casefold() not in ICEBERG_WRITES:
        return None
    given: dict[str, str] = {}
    for position, argument in enumerate(command.arguments):
        named = _NAMED_ARGUMENT.fullmatch(argument)
        key, text = (named[1].casefold(), named[2]) if named else (("table", "source_table", "")[min(position, 2)],
                                                                   argument)
        given.setdefault(key, text.strip())
    # the table is the procedure's catalog's; add_files' source table is the session catalog's (a Hive table's files
    # added to an Iceberg table: Iceberg reads it in Spark's v2SessionCatalog)
    names = {"table": _table_argument(binder, given.get("table"), parts[:-2]),
             "source_table": _table_argument(binder, given.get("source_table"), (SPARK_SESSION_CATALOG,))}
    if names["table"] is None:
        return None
    target = binder.relation(names["table"])
    source = names["source_table"] if parts[-1].casefold() == "add_files" else None
    if source is None:
        res = Resolution(binder)
        res.write(target, [])
        return res.parts()
    if names_files(source):
        res = Resolution(binder, record_stages=True)
        res.read_location(source[1])
        res.write(target, [])
        return res.parts()
    return rows_moved(binder, binder.relation(source), target).parts()


#: Hudi's Spark procedures (``CALL name(table => 't', ...)``, named without a schema): those that change a table's
#: rows, and those that show, keep up or repair its timeline, files and metadata (any name of these prefixes too).
HUDI_WRITES = frozenset({"rollback_to_instant", "rollback_to_savepoint", "copy_to_table"})
_HUDI_OTHERS = frozenset({"help", "commits_compare", "archive_commits", "export_instants", "create_savepoint",
                          "delete_savepoint", "copy_to_temp_view", "create_metadata_table", "init_metadata_table",
                          "delete_metadata_table", "sync_validate", "hive_sync", "hdfs_parquet_import", "upgrade_table",
                          "downgrade_table", "delete_marker", "partition_bucket_index_manager"})
_HUDI_PREFIXES = ("show_", "run_", "repair_", "stats_", "validate_")


def _hudi_procedure(binder: Binder, parts: tuple[str, ...]) -> bool:
    """Whether a CALL in Spark's dialects is of one of Hudi's procedures (a name of no schema the log and the catalog
    hold no procedure of)."""
    if not binder.naming.rules.catalog_sessions or len(parts) != 1:
        return False
    name = parts[0].casefold()
    if name not in HUDI_WRITES and name not in _HUDI_OTHERS and not name.startswith(_HUDI_PREFIXES):
        return False
    return binder.lookup("Procedure", binder.qualified(parts)) is None


def _hudi_call(command: cmd.Call, binder: Binder, name: str) -> RecordParts | None:
    """Hudi's procedures are no object of the account: ``rollback_to_instant`` and ``rollback_to_savepoint`` write the
    table they roll back (``table => 't'``, as Iceberg's ``rollback_to_snapshot`` does), ``copy_to_table`` moves the
    rows of ``table`` into ``new_table``; the others (``show_commits``, ``run_compaction``, ``run_clean``, savepoints
    ...: its timeline, files and metadata shown or kept up, as OPTIMIZE and VACUUM) record nothing."""
    if name not in HUDI_WRITES:
        return None
    given = {named[1].casefold(): named[2].strip() for argument in command.arguments
             if (named := _NAMED_ARGUMENT.fullmatch(argument)) is not None}
    table = _table_argument(binder, given.get("table"), ())
    if table is None:
        raise UnsupportedStatement(f"CALL {name}: its table is not named by a string (table => 'db.t')")
    if name != "copy_to_table":
        res = Resolution(binder)
        res.write(binder.relation(table), [])
        return res.parts()
    copied = _table_argument(binder, given.get("new_table"), ())
    if copied is None:
        raise UnsupportedStatement("CALL copy_to_table: its new table is not named by a string (new_table => 't')")
    return rows_moved(binder, binder.relation(table), binder.relation(copied)).parts()


def _trino_iceberg_procedure(command: cmd.Call, binder: Binder, parts: tuple[str, ...]) -> RecordParts | None:
    """The record of Trino's ``CALL [catalog.]system.rollback_to_snapshot('s', 't', id)`` (its Iceberg connector's
    form before the table procedure, arguments by position or as ``schema_name => 's', table_name => 't'``): the
    table ``catalog.s.t`` written, as :func:`_iceberg_procedure` writes Spark's; None for another call."""
    if not binder.naming.rules.use_schema or len(parts) not in (2, 3) or parts[-2].casefold() != "system" \
            or parts[-1].casefold() not in ICEBERG_WRITES:
        return None
    given: dict[str, str] = {}
    for position, argument in enumerate(command.arguments[:2]):
        named = _NAMED_ARGUMENT.fullmatch(argument)
        key, text = (named[1].casefold(), named[2]) if named else (("schema_name", "table_name")[position], argument)
        given[key] = text.strip()
    spelled = [given.get(key, "") for key in ("schema_name", "table_name")]
    if not all(len(text) > 1 and text[0] == text[-1] == "'" for text in spelled):
        return None
    catalog = binder.qualified(parts)[0]
    names = tuple(exp.to_identifier(part, quoted=True)
                  for part in (catalog, *(binder.naming.normalize(text[1:-1]) for text in spelled)))
    res = Resolution(binder)
    res.write(binder.relation(binder.naming.parts(names)), [])
    return res.parts()


def _table_argument(binder: Binder, text: str | None, catalog: tuple[str, ...]) -> tuple[str, ...] | None:
    """The name a procedure's string argument spells, in the procedure's ``catalog`` unless it names one."""
    if not text or len(text) < 2 or text[0] not in "'\"" or text[-1] != text[0]:
        return None
    try:
        parts = binder.naming.spelled(exp.Literal.string(text[1:-1]))
    except UnsupportedStatement:
        return None
    if names_files(parts) or len(parts) > 2 or not catalog:
        return parts
    if len(parts) == 1:  # the namespace the session is in, of the procedure's catalog
        qualified = binder.qualified(parts)
        return (*catalog, qualified[-2], *parts) if len(qualified) == 3 else parts
    return (*catalog, *parts)


def _read_argument(res: Resolution, binder: Binder, argument: str) -> None:
    """What a CALL's argument reads: "each argument to a stored procedure can be a general expression", a UDF's
    call or a subquery (``CALL p(SELECT COUNT(*) FROM t)``) among them (Snowflake's CALL). An argument that does not
    parse as an expression (a Scripting variable sqlglot cannot read) reads nothing."""
    text = argument.strip()
    if not text:
        return
    query = f"SELECT ({text})" if text.split(None, 1)[0].upper() in ("SELECT", "WITH") else f"SELECT {text}"
    try:
        tree = parse_sql(query, binder.naming.dialect, what="a CALL's argument")
    except (SqlglotError, UnsupportedStatement):
        return
    if isinstance(tree, exp.Select):
        res.query(tree)


def _stage_text(reference: cmd.StageReference) -> str:
    names = ".".join(f'"{p.this}"' if p.quoted else p.this for p in reference.name)
    prefix = {"table": "@%", "user": "@~"}.get(reference.kind, "@")
    return prefix + ("" if reference.kind == "user" else names)


def get(command: cmd.Get, binder: Binder, statement: Statement) -> RecordParts:
    res = Resolution(binder, record_stages=True)
    stage = binder.stage(_stage_text(command.stage))
    if stage is not None:
        res.read_object(stage)
    res.write_location(command.location)
    return res.parts()


def put(command: cmd.Put, binder: Binder, statement: Statement) -> RecordParts:
    res = Resolution(binder, record_stages=True)
    res.read_location(command.location)
    stage = binder.stage(_stage_text(command.stage))
    if stage is not None:
        res.write_stage(stage)
    return res.parts()


def copy_files(command: cmd.CopyFiles, binder: Binder, statement: Statement) -> RecordParts:
    """``COPY FILES INTO @target FROM @source``: the source stage is read and the target stage written, as GET
    reads a stage and PUT writes one; ``FROM (SELECT url ... FROM ...)``: what the query reads instead; ``FROM
    'snow://...'`` (a workspace's, a Git repository's files): that location."""
    res = Resolution(binder, record_stages=True)
    if command.query is not None:
        res.query(_listing_query(command.query, binder))
    if command.location is not None:
        res.read_location(command.location)
    source = binder.stage(_stage_text(command.source)) if command.source is not None else None
    if source is not None:
        res.read_object(source)
    target = binder.stage(_stage_text(command.target))
    if target is not None:
        res.write_stage(target)
    return res.parts()


def _listing_query(text: str, binder: Binder) -> exp.Expression:
    """The query of ``COPY FILES ... FROM (query)``, parsed; :class:`UnsupportedStatement` when it is none."""
    query = _parse_part(text, binder, "the query of COPY FILES")
    if not isinstance(query, dml.QUERY_TYPES):
        raise UnsupportedStatement("COPY FILES ... FROM (...) takes a query listing the files")
    return query


#: What may follow a routine's name when it is read from its tokens, and what a name is (Oracle's ``AUTHID
#: CURRENT_USER``, ``ACCESSIBLE BY (...)``, ``DEFAULT COLLATION ...``, ``SHARING = ...`` before the unit's IS / AS).
_AFTER_ROUTINE_NAME = frozenset({"(", "AS", "IS", "RETURN", "RETURNS", "LANGUAGE", "BEGIN", "WITH", "AUTHID",
                                 "ACCESSIBLE", "DEFAULT", "SHARING", "DETERMINISTIC", "PIPELINED", "PARALLEL_ENABLE",
                                 "RESULT_CACHE"})
#: A part of a routine's name (a quoted one may hold spaces: ``"my schema".f``).
_ROUTINE_NAME = re.compile(r"(?!\s)[^=,;()'.]+(?<!\s)")


def _query_read_or_why(text: str, tokens: list, words: list[str], binder: Binder) -> None:
    """Of an opaque ``CREATE [OR ALTER | OR REPLACE] VIEW v AS <query>``, why its query cannot be read, when that is
    why the CREATE is opaque (``b AS Annual Usage``: the statement is invalid SQL, no form this does not know)."""
    view = next((i for i, word in enumerate(words[:8]) if word == "VIEW"), None)
    at = next((i for i in range(view + 1, len(words)) if words[i] == "AS"), None) if view is not None else None
    if at is None or at + 1 >= len(tokens):
        return
    try:
        parse_sql(text[tokens[at + 1].start:], binder.naming.dialect, what="the view's query")
    except SqlglotError as err:
        raise UnsupportedStatement(f"cannot parse the view's query: {first_line(err)}") from None
    except StatementError:
        return


def resolve_create_command(tree: exp.Command, binder: Binder, statement: Statement) -> RecordParts | None:
    """A CREATE sqlglot keeps opaque: a FUNCTION or PROCEDURE (e.g. with a ``$$`` body) is registered from its tokens
    (PostgreSQL's ``BEGIN ATOMIC ... END`` body from the string body it is read as: :func:`.rewrites.readable`)."""
    from sqlglot.tokens import TokenType

    written = f"{tree.this}{tree.args.get('expression')}" if isinstance(tree.args.get("expression"), str) else ""
    text = written if "$ahp_body$" in written else statement.text
    try:
        tokens = binder.naming.dialect.tokenize(text)
    except SqlglotError as err:  # a comment or a quote never closed (the statement was kept whole, opaque)
        raise UnsupportedStatement(f"cannot parse: {first_line(err)}") from None
    words = [t.text.upper() for t in tokens]
    if "STAGE" in words[:6] and str(tree.this).upper() == "CREATE":
        return _register_stage(tokens, words, binder, statement)
    kind = next((w for w in words[:8] if w in ("FUNCTION", "PROCEDURE", "PROC", "TRIGGER")), None) or (
        "AGGREGATE" if words[1:2] == ["AGGREGATE"] or words[1:4] == ["OR", "REPLACE", "AGGREGATE"] else None)
    if str(tree.this).upper() != "CREATE" or kind is None:
        _query_read_or_why(text, tokens, words, binder)
        raise UnsupportedStatement(f"unsupported statement: {' '.join(words[:4])}")
    if kind == "TRIGGER":  # no data object: what its body runs later is logged as statements of their own
        return None
    parts, stop = _name_after(tokens, words, kind, binder)
    following = words[stop] if stop < len(words) else ""
    if not all(_ROUTINE_NAME.fullmatch(part) for part in parts) or not (
            following in _AFTER_ROUTINE_NAME or following.startswith("@")):  # (...), PL/SQL's IS, T-SQL's @parameters
        raise UnsupportedStatement(f"CREATE {kind}: expected '(' and the arguments after the name")
    if kind == "PROC":  # T-SQL's short form
        kind = "PROCEDURE"
    temporary = binder.naming.rules.temporary_schema
    if temporary and len(parts) == 1 and {"TEMP", "TEMPORARY"} & set(words[:words.index(kind)]):
        parts = (binder.naming.normalize(temporary), *parts)  # BigQuery's temporary function: in no dataset
    if kind == "AGGREGATE":  # PostgreSQL's CREATE AGGREGATE name (types) (SFUNC = ..., ...): a function
        kind = "FUNCTION"
    signature, returns = routine_signature(text, binder) if stop < len(tokens) and (
        tokens[stop].token_type == TokenType.L_PAREN) else ("()", None)
    # the word after LANGUAGE (a tokenizer may take ``sql SECURITY`` as one keyword)
    language = words[words.index("LANGUAGE") + 1].split()[0] if "LANGUAGE" in words[:-1] else "SQL"
    strings = [t.text for t in tokens if t.token_type in (TokenType.STRING, TokenType.RAW_STRING, TokenType.HEREDOC_STRING)]
    domain = kind.capitalize()
    name = qualified_name(binder, parts)
    external = "EXTERNAL" in words[:stop]  # CREATE EXTERNAL FUNCTION: a remote service's or a Lambda's, no SQL body
    returns, body = _table_function_rows(text, returns, strings[-1] if strings else None, binder)
    obj = CatalogObject(domain=domain, name=name, id=new_object_id(binder.catalog, domain, name, statement),
                        argument_signature=signature, data_type=returns, language=language, external=external,
                        body=body)
    old = same_overload(binder, domain, obj.parts, signature)
    binder.catalog.put(old, obj)
    return None


def into_select(tree: exp.Expression) -> exp.Select | None:
    """The SELECT of ``tree`` that holds an ``INTO new_table``: the query's own, or its first branch's (``SELECT ...
    INTO t FROM a UNION ALL SELECT ... FROM b``); None for a plain query."""
    while isinstance(tree, (exp.Union, exp.Intersect, exp.Except)):
        tree = tree.this
    return tree if isinstance(tree, exp.Select) and tree.args.get("into") is not None else None


def resolve_select_into(tree: exp.Expression, binder: Binder, statement: Statement) -> RecordParts | None:
    """``SELECT ... INTO new_table FROM ...`` (PostgreSQL, Redshift, T-SQL), alone or as the first branch of a set
    operation: a CTAS of the whole query by another name."""
    query = tree.copy()
    select = into_select(query)
    target = select.args["into"].this
    temporary = select.args["into"].args.get("temporary")  # SELECT ... INTO TEMP t: a temporary table
    identities = _identities_selected(select) if binder.naming.rules.generated_columns_skipped else set()
    select.set("into", None)
    properties = exp.Properties(expressions=[exp.TemporaryProperty()]) if temporary else None
    parts = create_table(exp.Create(this=target, kind="TABLE", expression=query, properties=properties), binder,
                         statement)
    created = binder.relation(binder.naming.table_parts(target)) if identities else None
    if created is not None and created.columns is not None:
        columns = tuple(dataclasses.replace(c, generated=True) if c.name.casefold() in identities else c
                        for c in created.columns)
        binder.catalog.put(created, created.evolve(columns=columns))
    return parts


def _identities_selected(select: exp.Select) -> set[str]:
    """The columns of a T-SQL ``SELECT ... INTO`` that are the new table's identities (casefolded): ``IDENTITY(int, 1,
    1) AS c``. (An identity column of the table read, selected as it is, is one too, "unless" the SELECT "contains a
    join" ...: not followed, as a catalog's ``generated`` does not tell an identity from a persisted computed column or
    a ``rowversion``, which the new table has as plain columns.)"""
    return {item.alias_or_name.casefold() for item in select.expressions
            if isinstance(item.unalias(), exp.Anonymous) and item.unalias().name.upper() == "IDENTITY"}


def create_source(tree: exp.Create, binder: Binder, statement: Statement) -> RecordParts | None:
    """RisingWave's ``CREATE SOURCE s [(columns)] WITH (connector = ...) FORMAT ... ENCODE ...``: a relation whose rows
    are read from outside each time ("data from a source is not persisted"): recorded as the CREATE of an external
    table of those columns (of columns unknown without a list: a schema registry's), which later reads find."""
    table = tree.copy()
    table.set("kind", "TABLE")
    properties = table.args.get("properties") or exp.Properties(expressions=[])
    properties.append("expressions", exp.ExternalProperty())
    table.set("properties", properties)
    return create_table(table, binder, statement)


def create_sink(tree: exp.Create, binder: Binder, statement: Statement) -> RecordParts:
    """RisingWave's ``CREATE SINK s {FROM x | AS query} WITH (connector = ...)``: x's rows (or the query's) read, as
    the sink sends them, its existing ones first, to the connector's destination; that destination written, where it
    is a location: a Kafka topic (``kafka://server/topic``, as OpenLineage names one), files in S3, Google Cloud
    Storage or a file system, a JDBC database (its URL, without secrets), a Delta Lake table's location. Another
    connector's destination (Iceberg's catalogs, ClickHouse, Elasticsearch ...) is not named here."""
    res = Resolution(binder)
    if isinstance(tree.expression, exp.Query):
        res.query(tree.expression)
    location = streaming.sink_location(tree.args.get("properties"))
    if location is not None:
        res.write_location(location)
    return res.parts()
