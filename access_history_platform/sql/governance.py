"""Governance DDL: tags, masking and row access policies, sequences, ALTER / DROP / UNDROP.

Handlers for the statements of :mod:`.commands` that define or change objects; each returns
the record parts (its ``object_modified_by_ddl`` entry) and applies the change to the catalog,
so that every later statement of the log resolves against the catalog as it then is.

An ``ALTER`` applies its actions in order to one object and records them in one entry
(``ALTER ... SWAP WITH`` records two, one per object). Renamed and swapped objects keep
their ids; a renamed or swapped database or schema takes its contents along, and the
references to a renamed tag or policy (on columns, objects and tags) follow it. Property
shapes are listed in ``docs/ddl-properties.md``.

>>> from access_history_platform.catalog import Catalog
>>> from access_history_platform.statement import Statement
>>> from datetime import datetime
>>> from .binder import Binder
>>> binder = Binder.for_session(Catalog(), database="GOV", schema="TAGS")
>>> statement = Statement("q1", "", datetime(2024, 3, 1), "ADMIN")
>>> tag = cmd.parse_command("create tag pii allowed_values 'sensitive'")
>>> entry = create_tag(tag, binder, statement).object_modified_by_ddl[0]
>>> entry["objectName"], entry["operationType"], entry["properties"]
('GOV.TAGS.PII', 'CREATE', {'allowedValues': {'sensitive': {'subOperationType': 'ADD'}}})
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from typing import Any, Callable, Collection, Iterator

from sqlglot import exp
from sqlglot.errors import SqlglotError
from sqlglot.optimizer.scope import Scope, traverse_scope
from sqlglot.tokens import Token, TokenType

from ..catalog import CatalogObject, Column, namespace, stable_id, unknown_object
from ..errors import StatementError, UnsupportedStatement
from . import commands as cmd
from .assemble import Entry
from .analysis import names_files
from .binder import (EXTERNAL_SCHEMA, MODEL_LANGUAGE, PUBLIC_SCHEMA, Binder, argument_names, late_binding,
                     parse_view_definition)
from .create_clauses import name_end
from .ddl import (
    DDL_DOMAINS,
    ICEBERG_WRITES,
    camel,
    create_or_replace,
    create_view,
    ddl_entry,
    ddl_only,
    foreign_keys,
    late_views_expanded,
    new_columns,
    new_object_id,
    object_tables,
    policy_member,
    qualified_name,
    refresh_dynamic_table,
    register_object,
    resolve_create_command,
    rows_moved,
    tag_member,
    value,
)
from .resolution import RecordParts, Resolution, not_recorded, unchanged
from .rules import toggled
from .semantic_views import semantic_view_query
from .statements import known_kind, parse_statement
from .view_references import view_references
from .dialects import computed_from, generated_column, generation_columns, invisible_column, stored_from
from .parsing import parse_sql
from ..statement import Statement

Parts = tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Kind:
    """What the grammar's object kind (``TABLE``, ``MASKING POLICY`` ...) means here."""

    domain: str  # the catalog domain of objects of this kind
    recorded: bool = True  # whether its DDL has an object_modified_by_ddl entry
    container: bool = False  # a database or schema: other objects live inside it


KINDS = {
    "TABLE": Kind("Table"),
    "EXTERNAL TABLE": Kind("External table"),
    "DYNAMIC TABLE": Kind("Table"),  # dynamic and Iceberg tables are tables in every record (CONTRACT 3a)
    "ICEBERG TABLE": Kind("Table"),
    "HYBRID TABLE": Kind("Table"),
    "EVENT TABLE": Kind("Table"),
    "SNAPSHOT TABLE": Kind("Table"),
    "FOREIGN TABLE": Kind("Table"),  # PostgreSQL's: a table whose rows a foreign server holds
    "STREAMING TABLE": Kind("Table"),  # Databricks' table its flows fill
    "TABLE FUNCTION": Kind("Function", recorded=False),
    "VIEW": Kind("View"),
    "MATERIALIZED VIEW": Kind("Materialized view"),
    "SCHEMA": Kind("Schema", container=True),
    "DATABASE": Kind("Database", container=True),
    "TAG": Kind("Tag"),
    "MASKING POLICY": Kind("Masking policy"),
    "ROW ACCESS POLICY": Kind("Row access policy"),
    "SEQUENCE": Kind("Sequence"),
    "STAGE": Kind("Stage", recorded=False),
    "STREAM": Kind("Stream", recorded=False),
    "FUNCTION": Kind("Function", recorded=False),
    "AGGREGATE": Kind("Function", recorded=False),  # PostgreSQL's aggregate: a function
    "ROUTINE": Kind("Function", recorded=False),  # PostgreSQL's function or procedure (read as a function)
    "PROCEDURE": Kind("Procedure", recorded=False),
    "MODEL": Kind("Function", recorded=False),  # BigQuery's, Redshift's: read as the function of its predictions
}


# --------------------------------------------------------------------------- names


def name_parts(binder: Binder, name: cmd.Name) -> Parts:
    return binder.naming.parts(name)


def container_parts(binder: Binder, domain: str, parts: Parts, home: Parts = ()) -> Parts:
    """A database's one-part name, or a schema's ``DB.SCHEMA`` (the session's database, else ``home``'s); in MySQL
    and ClickHouse, whose database is the schema (a name is ``db.t``), a schema's one-part name."""
    if domain == "Database" or (domain == "Schema" and binder.naming.rules.schema_databases):
        return parts[-1:]
    if len(parts) >= 2:
        return parts[-2:]
    database = binder.context.known("database") or (home[0] if home else None)
    return (database, *parts) if database else parts


def locate(binder: Binder, kind: Kind, name: cmd.Name, arity: int | None = None, *,
           session: bool = True) -> tuple[str, CatalogObject | None]:
    """The qualified name a statement gives an object, and the object when the catalog holds it; ``session``: a
    session's temporary view may be what a one-part name finds."""
    parts = name_parts(binder, name)
    if kind.container:
        parts = container_parts(binder, kind.domain, parts)
        return ".".join(parts), binder.catalog.lookup(kind.domain, parts)
    if kind.domain in ("Function", "Procedure"):
        overloads = binder.catalog.lookup_all(kind.domain, binder.qualified(parts)) or binder.catalog.lookup_all(
            kind.domain, parts)
        matching = [f for f in overloads if arity is None or len(argument_names(f.argument_signature)) == arity]
        found = (matching or overloads or [None])[0]
    else:
        found = binder.lookup(kind.domain, parts, session=session)
    return (found.name if found is not None else binder.unknown_name(parts)), found


def new_name(binder: Binder, kind: Kind, name: cmd.Name, old: CatalogObject) -> tuple[str, ...]:
    """The parts of the name ``RENAME TO`` gives: qualified by the session, then by where the object was."""
    parts = name_parts(binder, name)
    if kind.container:
        return container_parts(binder, kind.domain, parts, old.parts)
    if len(parts) == 1 and binder.naming.rules.rename_in_place:
        return (*old.parts[:-1], *parts)
    parts = binder.qualified(parts)
    missing = len(old.parts) - len(parts)
    return (*old.parts[:missing], *parts) if missing > 0 else parts


# --------------------------------------------------------------------------- CREATE


def _created(binder: Binder, statement: Statement, domain: str, name: cmd.Name, if_not_exists: bool,
             properties: dict[str, Any], or_alter: bool = False, **fields: Any) -> RecordParts | None:
    """Define a tag, policy or sequence: ``CREATE``, or ``REPLACE`` of the object of that name; with ``CREATE OR
    ALTER`` an existing one is an ``ALTER`` to the properties given (it keeps its id)."""
    parts = binder.qualified(name_parts(binder, name))
    qualified = ".".join(parts)
    if if_not_exists and binder.catalog.by_name(domain, qualified) is not None:
        return unchanged(f"CREATE {domain.upper()}", qualified, found=True)
    operation, old = create_or_replace(binder, domain, qualified)
    if or_alter and old is not None:
        binder.catalog.put(old, old.evolve(**fields))
        return ddl_only(ddl_entry(old, "ALTER", properties))
    obj = CatalogObject(domain=domain, name=qualified, parts=parts,
                        id=new_object_id(binder.catalog, domain, qualified, statement), **fields)
    binder.catalog.put(old, obj)
    return ddl_only(ddl_entry(obj, operation, properties))


def _comment(comment: str | None) -> dict[str, Any]:
    return {"comment": value(comment)} if comment is not None else {}


def create_tag(command: cmd.CreateTag, binder: Binder, statement: Statement) -> RecordParts | None:
    existing = binder.catalog.by_name("Tag", qualified_name(binder, name_parts(binder, command.name)))
    if command.or_alter and existing is not None:
        properties = _tag_changes(existing, command)
    else:
        properties = {"allowedValues": {v: {"subOperationType": "ADD"} for v in command.allowed_values}}
        properties = {**(properties if command.allowed_values else {}), **_comment(command.comment)}
    propagate = next((p.value.upper() for p in command.properties if p.key == "PROPAGATE"), None)
    return _created(binder, statement, "Tag", command.name, command.if_not_exists, properties, command.or_alter,
                    allowed_values=command.allowed_values, comment=command.comment, propagate=propagate)


def _tag_changes(tag: CatalogObject, command: cmd.CreateTag) -> dict[str, Any]:
    """What ``CREATE OR ALTER TAG`` changes in an existing tag, which it "transforms ... into the tag defined in the
    statement" (Snowflake's CREATE TAG; its alterations: ALLOWED_VALUES and COMMENT): the allowed values it adds
    (``ADD``) and those it no longer lists (``DROP``), as ALTER TAG ... ADD / DROP ALLOWED_VALUES records them; the
    comment when it changes (``null`` when the statement has none)."""
    changes = {v: {"subOperationType": "ADD"} for v in command.allowed_values if v not in tag.allowed_values}
    changes.update({v: {"subOperationType": "DROP"} for v in tag.allowed_values if v not in command.allowed_values})
    properties: dict[str, Any] = {"allowedValues": changes} if changes else {}
    if command.comment != tag.comment:
        properties["comment"] = value(command.comment)
    return properties


def create_stream(command: cmd.CreateStream, binder: Binder, statement: Statement) -> None:
    """``CREATE STREAM``: no record (streams are not DDL domains of the reference), but later statements read
    the stream, with the columns of what it tracks (or of the stream it clones) and its tags."""
    qualified = qualified_name(binder, name_parts(binder, command.name))
    old = binder.catalog.by_name("Stream", qualified)
    if old is not None and command.if_not_exists:
        return None
    source_parts = name_parts(binder, command.source)
    source = (binder.lookup("Stream", source_parts) if command.source_kind == "STREAM"
              else None if command.source_kind == "STAGE" else binder.relation(source_parts))
    object_id = old.id if command.or_alter and old is not None else new_object_id(
        binder.catalog, "Stream", qualified, statement)
    columns = source.columns if source is not None else None
    tags = {tag_member(binder, name_parts(binder, t.tag), "ADD", t.value)[0]: t.value for t in command.tags}
    # (the tracked table's policies hold for its rows read through the stream, "Stream: the role that queries a given
    # stream" evaluates them: its columns keep their masking policies, the stream its row access policy)
    stream = CatalogObject(domain="Stream", name=qualified, id=object_id, comment=command.comment, tags=tags,
                           columns=new_columns(object_id, [c.name for c in columns], {c.name: c for c in columns})
                           if columns is not None else None,
                           row_access_policy=source.row_access_policy if source is not None else None,
                           row_access_columns=source.row_access_columns if source is not None else (),
                           # (the table it tracks, whose policies a read of it takes as they are then: Binder.relation)
                           source=source.name if source is not None and source.known else None)
    binder.catalog.put(old, stream)
    return None


def create_semantic_view(node: object, binder: Binder, statement: Statement) -> None:
    """``CREATE [OR REPLACE] SEMANTIC VIEW [IF NOT EXISTS] name ...``: no record (the reference's supported objects
    do not list semantic views), but the semantic view joins the catalog, so that a query of it
    (``SEMANTIC_VIEW(name ...)``, or its name in FROM) names it with its id, and reads what stands behind its
    items: its definition is its CREATE (read as the SELECT it stands for, :func:`.semantic_views.semantic_view_query`),
    its columns its facts, dimensions and metrics. One whose items cannot be read is kept without them (read as a
    whole)."""
    found = _semantic_view_name(statement.text, binder)
    if found is None:
        return None
    parts, guarded = found
    qualified = qualified_name(binder, parts)
    old = binder.catalog.by_name("Semantic view", qualified)
    if old is not None and (guarded or old.domain != "Semantic view"):  # kept; a table of that name is no view
        return None
    object_id = new_object_id(binder.catalog, "Semantic view", qualified, statement)
    defined = semantic_view_query(statement.text, binder.naming.dialect_name)
    binder.catalog.put(old, CatalogObject(
        domain="Semantic view", name=qualified, id=object_id, definition=statement.text if defined else None,
        columns=new_columns(object_id, [binder.naming.ident(exp.to_identifier(name)) for name in defined[1]])
        if defined else None))
    return None


def drop_semantic_view(node: object, binder: Binder, statement: Statement) -> None:
    """``DROP SEMANTIC VIEW [IF EXISTS] name``: no record; the semantic view leaves the catalog."""
    found = _semantic_view_name(statement.text, binder)
    obj = binder.lookup("Semantic view", found[0]) if found is not None else None
    if obj is not None and obj.domain == "Semantic view":
        binder.catalog.remove(obj, keep_for_undrop=True)
    return None


def _name_after_kind(text: str, binder: Binder, kind: str
                     ) -> tuple[list[Token], list[str], int, Parts, bool] | None:
    """A CREATE or DROP of an object of ``kind`` (its last word: the tokenizer reads SEMANTIC VIEW as one token):
    the statement's tokens and their words, where the object's name ends, its parts, and whether an ``IF [NOT]
    EXISTS`` guards it; None when it cannot be read."""
    try:
        tokens = binder.naming.dialect.tokenize(text)
    except SqlglotError:
        return None
    words = [token.text.upper() for token in tokens]
    index = next((i + 1 for i, word in enumerate(words) if word.split()[-1:] == [kind]), None)
    if index is None:
        return None
    guarded = words[index : index + 3] == ["IF", "NOT", "EXISTS"] or words[index : index + 2] == ["IF", "EXISTS"]
    index += (3 if words[index + 1 : index + 2] == ["NOT"] else 2) if guarded else 0
    if index >= len(tokens) or not (tokens[index].token_type in (TokenType.VAR, TokenType.IDENTIFIER)
                                    or tokens[index].text[:1].isalpha() or tokens[index].text[:1] == "_"):
        return None  # (a name may be a word the tokenizer keeps as a keyword: a synonym ref.cty, text, session)
    end = name_end(tokens, index)
    try:
        parts = binder.naming.table_parts(exp.to_table(text[tokens[index].start : tokens[end - 1].end + 1],
                                                       dialect=binder.naming.dialect))
    except (SqlglotError, UnsupportedStatement, ValueError):  # (to_table of a text that is no one name)
        return None
    return (tokens, words, end, parts, guarded) if parts and all(parts) else None


def _semantic_view_name(text: str, binder: Binder) -> tuple[Parts, bool] | None:
    """The name a CREATE or DROP of a semantic view names, and whether an ``IF [NOT] EXISTS`` guards it; None
    when it cannot be read (the statement then changes nothing)."""
    named = _name_after_kind(text, binder, "VIEW")
    return (named[3], named[4]) if named is not None else None


def create_synonym(node: object, binder: Binder, statement: Statement) -> None:
    """``CREATE [OR REPLACE] [PUBLIC] SYNONYM [schema.]s FOR [schema.]object`` (Oracle, T-SQL): no record (the
    reference's objects list no synonyms), but the synonym joins the catalog, so that a statement naming it reads or
    writes the object it names (:meth:`.Binder._lookup`). Its object is qualified by the creating session's context
    (Oracle: "the database assumes that the schema object is in your own schema"); a public synonym is of the schema
    PUBLIC. One for a remote object (``t@link``), of a name a table already has, or that cannot be read changes
    nothing."""
    found = _synonym_names(statement.text, binder)
    if found is None or found[1] is None:
        return None
    name, target = found
    old = binder.catalog.lookup("Synonym", name, fold=False)
    if old is not None and old.domain != "Synonym":
        return None
    qualified = ".".join(name)
    binder.catalog.put(old, CatalogObject(domain="Synonym", name=qualified, source=".".join(target),
                                          id=new_object_id(binder.catalog, "Synonym", qualified, statement)))
    return None


def drop_synonym(node: object, binder: Binder, statement: Statement) -> None:
    """``DROP [PUBLIC] SYNONYM [IF EXISTS] [schema.]s [FORCE]``: no record; the synonym leaves the catalog."""
    found = _synonym_names(statement.text, binder)
    old = binder.catalog.lookup("Synonym", found[0]) if found is not None else None
    if old is not None and old.domain == "Synonym":
        binder.catalog.remove(old)
    return None


def _synonym_names(text: str, binder: Binder) -> tuple[Parts, Parts | None] | None:
    """The qualified name a CREATE or DROP of a synonym names and, after ``FOR``, the qualified name of its object
    (None for a DROP, or a remote object); None when the statement cannot be read."""
    named = _name_after_kind(text, binder, "SYNONYM")
    if named is None:
        return None
    tokens, words, end, parts, _ = named
    public = "PUBLIC" in words[: words.index("SYNONYM")]
    follows = end + 1 < len(tokens) and words[end] == "FOR"
    object_text = text[tokens[end + 1].start :].strip().rstrip(";").strip() if follows else ""
    try:
        target = binder.naming.table_parts(exp.to_table(object_text, dialect=binder.naming.dialect)) \
            if object_text and "@" not in object_text else None
    except (SqlglotError, UnsupportedStatement, ValueError):
        return None
    if target is not None and not all(target):
        return None
    qualified = binder.qualified(parts)
    if public:
        qualified = (*qualified[:-len(parts) - 1], binder.naming.normalize(PUBLIC_SCHEMA), parts[-1]) \
            if len(qualified) > len(parts) else (binder.naming.normalize(PUBLIC_SCHEMA), parts[-1])
    return qualified, binder.qualified(target) if target is not None else None


def create_policy(command: cmd.CreatePolicy, binder: Binder, statement: Statement) -> RecordParts | None:
    domain = "Masking policy" if command.kind == "MASKING POLICY" else "Row access policy"
    arguments = ", ".join(f"{binder.naming.ident(a.name)} {a.type_text}" for a in command.arguments)
    properties = {"policyBody": value(command.body), **_comment(command.comment)}
    return _created(binder, statement, domain, command.name, command.if_not_exists, properties,
                    signature=f"({arguments})", data_type=command.returns, body=command.body,
                    comment=command.comment)


def create_sequence(command: cmd.CreateSequence, binder: Binder, statement: Statement) -> RecordParts | None:
    properties: dict[str, Any] = {}
    if command.start is not None:
        properties["start"] = value(str(command.start))
    if command.increment is not None:
        properties["increment"] = value(str(command.increment))
    if command.ordered is not None:
        properties["order"] = value("ORDER" if command.ordered else "NOORDER")
    properties.update(_comment(command.comment))
    return _created(binder, statement, "Sequence", command.name, command.if_not_exists, properties,
                    start=command.start, increment=command.increment, comment=command.comment)


# --------------------------------------------------------------------------- ALTER


class Alteration:
    """One ALTER applied to one object: the object as its actions leave it, and what they record."""

    def __init__(self, binder: Binder, statement: Statement, kind: Kind, obj: CatalogObject) -> None:
        self.binder = binder
        self.statement = statement
        self.kind = kind
        self.obj = obj
        self.properties: dict[str, Any] = {}
        self.skipped = 0  # actions that changed nothing
        #: the columns an action's IF NOT EXISTS found there (True) or IF EXISTS did not find (False): no-ops
        self.guarded: list[tuple[str, bool]] = []

    def member(self, key: str, name: str) -> Entry:
        """The entry of ``name`` in the compound property ``key`` (``columns``, ``tags`` ...)."""
        return self.properties.setdefault(key, {}).setdefault(name, {})

    def column(self, identifier: Any, operation: str = "ALTER") -> tuple[Column | None, Entry]:
        """A column of the object and its entry under ``columns`` (``subOperationType`` set once)."""
        name = self.binder.naming.ident(identifier)
        column = self.obj.column(name)
        member = self.member("columns", column.name if column is not None else name)
        if column is not None and column.id is not None:  # a remembered column of an uncatalogued table has none
            member.setdefault("objectId", value(column.id))
        member.setdefault("subOperationType", operation)
        return column, member

    def remember_column(self, name: str) -> Column:
        """A column of an object neither the catalog nor the log created, or of a table of unknown columns (a clone
        of one the catalog lacks), known from now on by name (no id), so that the tags and policies set on it are
        remembered (CONTRACT 3a); its other columns stay unknown."""
        column = Column(name=name, id=None)
        self.obj = self.obj.evolve(columns=(*(self.obj.columns or ()), column),
                                   columns_partial=self.obj.known and self.obj.columns_open)
        return column

    def replace_column(self, column: Column, new: Column | None) -> None:
        """Put ``new`` in ``column``'s place (``None`` drops it); columns are never changed in place."""
        kept = (new if c is column else c for c in self.obj.columns or ())
        self.obj = self.obj.evolve(columns=tuple(c for c in kept if c is not None))

    def tag(self, assignment: cmd.TagAssignment | cmd.Name | cmd.TagKey, operation: str) -> tuple[str, Entry]:
        tag = assignment.tag if isinstance(assignment, cmd.TagAssignment) else assignment
        tag_value = assignment.value if isinstance(assignment, cmd.TagAssignment) else None
        if isinstance(tag, cmd.TagKey):  # a Databricks tag: named by its key, no object of a schema
            member: Entry = {"subOperationType": operation}
            if tag_value is not None:
                member["tagValue"] = value(tag_value)
            return tag.key, member
        return tag_member(self.binder, name_parts(self.binder, tag), operation, tag_value)

    def policy(self, domain: str, name: cmd.Name | str, operation: str) -> tuple[str, Entry]:
        parts = tuple(name.split(".")) if isinstance(name, str) else name_parts(self.binder, name)
        return policy_member(self.binder, domain, parts, operation)


def _without(mapping: dict[str, str], name: str) -> dict[str, str]:
    """``mapping`` without the key ``name`` (or its only case-insensitive twin)."""
    folded = name.casefold()
    return {k: v for k, v in mapping.items() if k != name and k.casefold() != folded}


# -- actions on the object


def _rename(alt: Alteration, action: cmd.Rename) -> None:
    parts = new_name(alt.binder, alt.kind, action.new_name, alt.obj)
    alt.properties["objectName"] = value(".".join(parts))
    alt.obj = alt.obj.evolve(name=".".join(parts), parts=parts)


def _set_tags(alt: Alteration, action: cmd.SetTags) -> None:
    tags = dict(alt.obj.tags)
    for assignment in action.tags:
        name, member = alt.tag(assignment, "ADD")
        alt.properties.setdefault("tags", {})[name] = member
        tags = {**_without(tags, name), name: assignment.value}
    alt.obj = alt.obj.evolve(tags=tags)


def _unset_tags(alt: Alteration, action: cmd.UnsetTags) -> None:
    tags = dict(alt.obj.tags)
    for tag in action.tags:
        name, member = alt.tag(tag, "DROP")
        alt.properties.setdefault("tags", {})[name] = member
        tags = _without(tags, name)
    alt.obj = alt.obj.evolve(tags=tags)


def _add_row_access_policy(alt: Alteration, action: cmd.AddRowAccessPolicy) -> None:
    name, member = alt.policy("Row access policy", action.policy, "ADD")
    alt.properties.setdefault("rowAccessPolicies", {})[name] = member
    columns = tuple(alt.binder.naming.ident(c) for c in action.columns)
    alt.obj = alt.obj.evolve(row_access_policy=name, row_access_columns=columns)


def _drop_row_access_policy(alt: Alteration, action: cmd.DropRowAccessPolicy) -> None:
    name, member = alt.policy("Row access policy", action.policy, "DROP")
    alt.properties.setdefault("rowAccessPolicies", {})[name] = member
    if alt.obj.row_access_policy is not None and alt.obj.row_access_policy.casefold() == name.casefold():
        alt.obj = alt.obj.evolve(row_access_policy=None, row_access_columns=())


def _drop_all_row_access_policies(alt: Alteration, action: cmd.DropAllRowAccessPolicies) -> None:
    if alt.obj.row_access_policy is None:
        return
    name, member = alt.policy("Row access policy", alt.obj.row_access_policy, "DROP")
    alt.properties.setdefault("rowAccessPolicies", {})[name] = member
    alt.obj = alt.obj.evolve(row_access_policy=None, row_access_columns=())


def _set_masking_policies(alt: Alteration, action: cmd.SetMaskingPolicies) -> None:
    policies = list(alt.obj.masking_policies)
    for policy in action.policies:
        name, member = alt.policy("Masking policy", policy, "ADD")
        alt.properties.setdefault("maskingPolicies", {})[name] = member
        if name not in policies:
            policies.append(name)
    alt.obj = alt.obj.evolve(masking_policies=tuple(policies))


def _unset_masking_policies(alt: Alteration, action: cmd.UnsetMaskingPolicies) -> None:
    policies = list(alt.obj.masking_policies)
    for policy in action.policies:
        name, member = alt.policy("Masking policy", policy, "DROP")
        alt.properties.setdefault("maskingPolicies", {})[name] = member
        policies = [p for p in policies if p.casefold() != name.casefold()]
    alt.obj = alt.obj.evolve(masking_policies=tuple(policies))


def _allowed_values(alt: Alteration, values: tuple[str, ...], operation: str) -> None:
    for v in values:
        alt.member("allowedValues", v)["subOperationType"] = operation
    kept = [v for v in alt.obj.allowed_values if v not in values]
    added = [v for v in values if v not in kept] if operation == "ADD" else []
    alt.obj = alt.obj.evolve(allowed_values=tuple(kept + added))


def _add_allowed_values(alt: Alteration, action: cmd.AddAllowedValues) -> None:
    _allowed_values(alt, action.values, "ADD")


def _drop_allowed_values(alt: Alteration, action: cmd.DropAllowedValues) -> None:
    _allowed_values(alt, action.values, "DROP")


def _unset_allowed_values(alt: Alteration, action: cmd.UnsetAllowedValues) -> None:
    _allowed_values(alt, alt.obj.allowed_values, "DROP")


def _set_body(alt: Alteration, action: cmd.SetBody) -> None:
    alt.properties["policyBody"] = value(action.body)
    alt.obj = alt.obj.evolve(body=action.body)


def _set_increment(alt: Alteration, action: cmd.SetIncrement) -> None:
    alt.properties["increment"] = value(str(action.increment))
    alt.obj = alt.obj.evolve(increment=action.increment)


def _set_order(alt: Alteration, action: cmd.SetOrder) -> None:
    alt.properties["order"] = value("ORDER" if action.ordered else "NOORDER")


def _set_comment(alt: Alteration, action: cmd.SetComment | cmd.UnsetComment) -> None:
    comment = action.comment if isinstance(action, cmd.SetComment) else None
    alt.properties["comment"] = value(comment)
    alt.obj = alt.obj.evolve(comment=comment)


def _set_secure(alt: Alteration, action: cmd.SetSecure | cmd.UnsetSecure) -> None:
    secure = isinstance(action, cmd.SetSecure)
    alt.properties["secure"] = value(secure)
    alt.obj = alt.obj.evolve(secure=secure)


def _setting(alt: Alteration, action: cmd.SetProperty | cmd.UnsetProperty) -> str | None:
    """The value a property is set to (``None`` when unset); an object's name (an aggregation policy's, a
    contact's) qualified as every name in a record is."""
    if not isinstance(action, cmd.SetProperty):
        return None
    return action.value if action.names is None else ".".join(alt.binder.qualified(name_parts(alt.binder, action.names)))


def _set_property(alt: Alteration, action: cmd.SetProperty | cmd.UnsetProperty) -> None:
    setting = _setting(alt, action)
    alt.properties[action.key if action.exact else camel(action.key)] = value(setting)
    if alt.kind.domain == "Stage" and action.key == "URL":  # where later loads from the stage read
        url = setting.strip("'") if setting else None
        alt.obj = alt.obj.evolve(url=url, stage_kind="External Named" if url else "Internal Named")
    if alt.kind.domain == "Tag" and action.key == "PROPAGATE":  # where the tag goes along with its columns' values
        alt.obj = alt.obj.evolve(propagate=setting.strip("'").upper() if setting else None)


def _other_change(alt: Alteration, action: cmd.OtherChange) -> None:
    """Changes that touch no recorded property (``CLUSTER BY`` ...): the object is still ALTERed. Trino's table
    procedures (``EXECUTE optimize``, ``expire_snapshots``, ``remove_orphan_files`` ...) rewrite or drop the table's
    files, as Delta's OPTIMIZE and VACUUM do: they record nothing."""
    if action.text.lstrip()[:7].upper() == "EXECUTE":
        alt.skipped += 1
    elif alt.kind.domain == "Table":
        _foreign_key_changed(alt, action.text)
        if alt.binder.naming.dialect_name == "postgres":
            _parents_changed(alt, action.text)


#: PostgreSQL's ``ATTACH | DETACH PARTITION p`` (of the table altered) and ``[NO] INHERIT parent`` (of the table
#: altered): a partition's or an inheriting table's link to its parent.
_LINKED = re.compile(r"\s*(?:(?P<verb>ATTACH|DETACH)\s+PARTITION|(?P<no>NO\s+)?INHERIT)\s+(?P<table>\"(?:[^\"]|\"\")+\""
                     r"(?:\.\"(?:[^\"]|\"\")+\"|\.[^\s\"]+)*|[^\s\"]+)", re.IGNORECASE)


def _parents_changed(alt: Alteration, text: str) -> None:
    """PostgreSQL's ``ALTER TABLE p ATTACH PARTITION c ...`` and ``ALTER TABLE c INHERIT p`` make c a child of p (a
    column p gains later is c's too, as for a ``PARTITION OF`` or ``INHERITS`` of its CREATE); ``DETACH PARTITION c``
    and ``NO INHERIT p`` undo it."""
    found = _LINKED.match(text)
    if found is None:
        return
    try:
        named = alt.binder.relation(alt.binder.naming.table_parts(exp.to_table(found["table"],
                                                                               dialect=alt.binder.naming.dialect)))
    except (SqlglotError, ValueError):
        return
    if not named.known:
        return
    verb = (found["verb"] or "").upper()
    child, parent = (named, alt.obj) if verb else (alt.obj, named)
    attached = verb == "ATTACH" or (not verb and not found["no"])
    parents = tuple(p for p in child.parents if p.casefold() != parent.name.casefold())
    parents = (*parents, parent.name) if attached else parents
    if parents == child.parents:
        return
    if child is alt.obj:
        alt.obj = alt.obj.evolve(parents=parents)
    else:
        alt.binder.catalog.put(child, child.evolve(parents=parents))


_CONSTRAINT_NAME = r'("(?:[^"]|"")+"|[^\s"(,]+)'
_FOREIGN_KEY_ADDED = re.compile(rf"\s*ADD\s+(?:CONSTRAINT\s+{_CONSTRAINT_NAME}\s+)?FOREIGN\s+KEY\b", re.IGNORECASE)
_CONSTRAINT_DROPPED = re.compile(rf"\s*DROP\s+CONSTRAINT\s+(?:IF\s+EXISTS\s+)?{_CONSTRAINT_NAME}", re.IGNORECASE)
_CONSTRAINT_RENAMED = re.compile(rf"\s*RENAME\s+CONSTRAINT\s+{_CONSTRAINT_NAME}\s+TO\s+{_CONSTRAINT_NAME}",
                                 re.IGNORECASE)
#: A constraint's closing ``NOT VALID`` (a match starts at a run of whitespace's first character only: linear).
_NOT_VALID = re.compile(r"(?<!\s)\s++NOT\s++VALID\s*+$", re.IGNORECASE)


def _foreign_key_changed(alt: Alteration, text: str) -> None:
    """``ADD [CONSTRAINT n] FOREIGN KEY (a) REFERENCES t``, ``DROP CONSTRAINT n``, ``RENAME CONSTRAINT n TO m``: the
    table's foreign keys (:attr:`.CatalogObject.references`) as they are after it."""
    def folded(name: str) -> str:
        return name[1:-1].replace('""', '"').casefold() if name[:1] == '"' else name.casefold()

    references = alt.obj.references
    if _FOREIGN_KEY_ADDED.match(text):
        definition = _NOT_VALID.sub("", text.lstrip()[3:])
        try:
            created = parse_sql(f"CREATE TABLE t ({definition})", alt.binder.naming.dialect, what="the foreign key")
        except (SqlglotError, StatementError):
            return
        schema = created.this if isinstance(created, exp.Create) else None
        if isinstance(schema, exp.Schema):
            references += foreign_keys(schema.expressions, alt.binder, alt.obj.name)
    elif (dropped := _CONSTRAINT_DROPPED.match(text)) is not None:
        references = tuple(key for key in references if key[0] != folded(dropped.group(1)))
    elif (renamed := _CONSTRAINT_RENAMED.match(text)) is not None:
        old, new = folded(renamed.group(1)), folded(renamed.group(2))
        references = tuple((new if name == old else name, target) for name, target in references)
    if references != alt.obj.references:
        alt.obj = alt.obj.evolve(references=references)


# -- actions on columns


def _add_column(alt: Alteration, action: cmd.AddColumn) -> None:
    if alt.kind.container:  # (T-SQL's ALTER DATABASE d ADD FILEGROUP | FILE | LOG FILE ...: storage, no column)
        return
    definition = action.column
    name = alt.binder.naming.defined_column(definition.name)
    if action.if_not_exists and alt.obj.column(name) is not None:
        alt.skipped += 1
        alt.guarded.append((name, True))
        return
    options = " ".join(definition.options)
    referencing = re.search(r"\bREFERENCES\b", options, re.IGNORECASE)
    if alt.kind.domain == "Table" and referencing is not None:  # the column's REFERENCES t: a foreign key of it
        column = definition.name.sql(dialect=alt.binder.naming.dialect)
        _foreign_key_changed(alt, f"ADD FOREIGN KEY ({column}) {options[referencing.start():]}")
    column_id = stable_id("column", alt.obj.id, name, alt.statement.query_id)
    # FIRST | AFTER c (Databricks', Trino's, MySQL's) ends the column's clauses, or its type when nothing follows
    place = _COLUMN_PLACE.search(" ".join((definition.type_text, *definition.options)))
    type_text = _COLUMN_PLACE.sub("", definition.type_text) if place and not definition.options else definition.type_text
    type_text, invisible = _visibility(type_text, alt.binder.naming.rules.invisible_columns)
    text, dialect = " ".join((definition.type_text, *definition.options)), alt.binder.naming.dialect_name
    virtual = dialect == "postgres" and _VIRTUAL_GENERATED.search(text) is not None
    clauses = _column_clauses(definition.name, _VIRTUAL_GENERATED.sub(")", text) if virtual else text, alt.binder)
    if clauses is not None:
        invisible, computed = invisible or invisible_column(clauses, dialect), computed_from(clauses, dialect)
        stored = stored_from(clauses, dialect)
        if virtual:  # (PostgreSQL 18's GENERATED ALWAYS AS (e) VIRTUAL: computed when read, never stored)
            computed, stored = generation_columns(clauses), ()
    else:
        computed, stored = (), ()
    column = Column(name=name, id=column_id, data_type=type_text or None, invisible=invisible, computed_from=computed,
                    stored_from=stored, generated=clauses is not None and generated_column(clauses))
    member = alt.member("columns", name)
    member.update({"objectId": value(column_id), "subOperationType": "ADD"})
    if definition.masking_policy is not None:
        policy, entry = alt.policy("Masking policy", definition.masking_policy, "ADD")
        member.setdefault("maskingPolicies", {})[policy] = entry
        column.masking_policy = policy
        column.masking_using = tuple(alt.binder.naming.ident(c) for c in definition.masking_policy_using)
    for assignment in definition.tags:
        tag, entry = alt.tag(assignment, "ADD")
        member.setdefault("tags", {})[tag] = entry
        column.tags[tag] = assignment.value
    if alt.obj.columns is None and alt.obj.known:  # a table the log created of unknown columns (CREATE TABLE t
        return  # LOCATION '...') has one more, still unknown (of an uncatalogued one, the column is remembered)
    alt.obj = alt.obj.evolve(columns=_columns_with_added(alt.obj, column, place, alt.binder))


def _columns_with_added(obj: CatalogObject, column: Column, place: re.Match[str] | None,
                        binder: Binder) -> tuple[Column, ...]:
    """``obj``'s columns with the added ``column`` in the place its clause gives (:data:`_COLUMN_PLACE`: ``FIRST``,
    ``AFTER c``), else after the data's columns."""
    columns = list(obj.columns or ())
    at = _placed(columns, place, obj, binder) if place else None
    if at is None:
        at = len(columns)  # the data's columns end before the partition columns (Hive's, Spark's file sources' and
        while at > 0 and columns[at - 1].partition:  # Athena's ADD COLUMNS: "before the partition columns")
            at -= 1
    return (*columns[:at], column, *columns[at:])


def _placed(columns: list[Column], place: re.Match[str], obj: CatalogObject, binder: Binder) -> int | None:
    """Where ``FIRST`` or ``AFTER c`` (:data:`_COLUMN_PLACE`) puts a column among ``columns`` (``obj``'s, without
    it): None when ``c`` is not among them."""
    if place["first"]:
        return 0
    after = obj.column(binder.naming.normalize(place["after"].strip("`\"")))
    return columns.index(after) + 1 if after is not None and after in columns else None


#: PostgreSQL 18's ``GENERATED ALWAYS AS (e) VIRTUAL`` among an added column's clauses.
_VIRTUAL_GENERATED = re.compile(r"\)\s*VIRTUAL\b", re.IGNORECASE)
#: Where an added column goes: ``FIRST``, or ``AFTER`` a column (at the end of the column's clauses).
_COLUMN_PLACE = re.compile(r"(?:^|\s)(?:(?P<first>FIRST)|AFTER\s+(?P<after>`[^`]+`|\"[^\"]+\"|\w+))\s*$", re.IGNORECASE)


def _visibility(type_text: str, words: frozenset[str]) -> tuple[str, bool]:
    """An added column's type and whether a clause after it makes it invisible (``Int32 ALIAS a + 1``, ``INT
    INVISIBLE``: :attr:`.DialectRules.invisible_columns`), outside parentheses.

    >>> _visibility("Nullable(String) ALIAS upper(a)", frozenset({"ALIAS"}))
    ('Nullable(String)', True)
    """
    depth = 0
    for match in re.finditer(r"[()<>]|\w+", type_text):
        token = match.group()
        depth += {"(": 1, "<": 1, ")": -1, ">": -1}.get(token, 0)
        if depth == 0 and match.start() > 0 and token.upper() in words:
            return type_text[: match.start()].rstrip(), True
    return type_text, False


def _column_clauses(name: exp.Identifier, text: str, binder: Binder) -> exp.ColumnDef | None:
    """An added or redefined column's definition (``name`` and the ``text`` after it) read as a CREATE TABLE's column,
    for the clauses that make it invisible, computed when read or stored, or generated; None where the dialect has no
    rule of them and it computes nothing (nothing to read) or sqlglot cannot read it."""
    rules = binder.naming.rules
    if not (rules.invisible_columns or rules.computed_columns_read or rules.generated_columns_skipped
            or " as " in f" {text.lower()}"):  # (a generated column, stored: PostgreSQL's GENERATED ALWAYS AS (e))
        return None
    dialect = binder.naming.dialect_name
    text = _COLUMN_PLACE.sub("", text)  # (FIRST | AFTER c: where it goes)
    try:
        tree = parse_sql(f"CREATE TABLE t ({name.sql(dialect=dialect)} {text})", dialect)
    except (SqlglotError, StatementError):
        return None
    return tree.find(exp.ColumnDef)


#: The dialects whose MODIFY (and MySQL's CHANGE) of a column gives its definition again: MySQL's whole (what it leaves
#: out is not kept), ClickHouse's how it is filled (:data:`_DEFAULT_KINDS`).
_REDEFINING = frozenset({"mysql", "clickhouse"})
#: ClickHouse's column clauses that set how a column is filled (a MODIFY COLUMN without one keeps the column's).
_DEFAULT_KINDS = (exp.DefaultColumnConstraint, exp.ComputedColumnConstraint, exp.EphemeralColumnConstraint)


def _column_redefined(alt: Alteration, column: Column | None, member: Entry,
                      change: cmd.OtherColumnChange) -> Column | None:
    """A column's visibility and what it is computed from, changed: MySQL's ``ALTER COLUMN c SET [IN]VISIBLE`` and its
    ``MODIFY`` / ``CHANGE`` (the whole definition again: visible unless it says ``INVISIBLE``), ClickHouse's ``MODIFY
    COLUMN c type ALIAS e`` (``DEFAULT`` / ``MATERIALIZED`` / ``EPHEMERAL``; a type alone keeps the column's) and
    ``REMOVE ALIAS | MATERIALIZED | EPHEMERAL``. Any other change records nothing of the column."""
    rules = alt.binder.naming.rules
    words = change.text.upper().split()
    if column is not None and alt.binder.naming.dialect_name == "postgres" and words[1:2] == ["EXPRESSION"]:
        return _expression_changed(alt, column, change.text, words)
    if column is None or not (rules.invisible_columns or rules.computed_columns_read):
        return None
    if words[:1] == ["SET"] and words[1:] in (["INVISIBLE"], ["VISIBLE"]) or words in (["INVISIBLE"], ["VISIBLE"]):
        # (MySQL's ALTER COLUMN c SET [IN]VISIBLE, Oracle's MODIFY (c [IN]VISIBLE))
        return dataclasses.replace(column, invisible=words[-1] == "INVISIBLE")
    if words[:1] == ["REMOVE"]:  # (ClickHouse's: the column filled as any other; REMOVE DEFAULT, COMMENT ... keep it)
        return dataclasses.replace(column, invisible=False, computed_from=(), stored_from=(), generated=False) \
            if words[1:2] and words[1] in rules.invisible_columns else None
    dialect = alt.binder.naming.dialect_name
    if dialect not in _REDEFINING or words[:1] in (["SET"], ["DROP"]):
        return None  # (Oracle's MODIFY changes what it names, T-SQL's computed column is altered by no ALTER COLUMN;
        # MySQL's ALTER COLUMN c SET | DROP DEFAULT changes the default)
    clauses = _column_clauses(exp.to_identifier(column.name, quoted=True), change.text, alt.binder)
    if clauses is None:
        return None
    if dialect == "clickhouse" and not any(isinstance(c.args.get("kind"), _DEFAULT_KINDS)
                                           for c in clauses.args.get("constraints") or ()):
        return None
    return dataclasses.replace(column, invisible=invisible_column(clauses, dialect),
                               computed_from=computed_from(clauses, dialect), stored_from=stored_from(clauses, dialect),
                               generated=generated_column(clauses))


def _expression_changed(alt: Alteration, column: Column, text: str, words: list[str]) -> Column | None:
    """PostgreSQL's ``ALTER COLUMN c DROP EXPRESSION [IF EXISTS]`` (a generated column "turned into a normal base
    column": written only by what writes it) and ``SET EXPRESSION AS (e)`` (computed from e's columns from then
    on, each row's value computed again)."""
    if words[0] == "DROP":
        return dataclasses.replace(column, stored_from=(), computed_from=(), generated=False)
    found = re.match(r"\s*SET\s+EXPRESSION\s+AS\s+(.+)", text, re.IGNORECASE | re.DOTALL)
    if words[0] != "SET" or found is None:
        return None
    try:
        tree = parse_sql(f"SELECT {found[1]}", alt.binder.naming.dialect_name)
    except (SqlglotError, StatementError):
        return None
    names = [alt.binder.naming.ident(c.this) for c in tree.find_all(exp.Column)]
    return dataclasses.replace(column, stored_from=tuple(dict.fromkeys(names)), computed_from=(), generated=True)


def _drop_column(alt: Alteration, action: cmd.DropColumn) -> None:
    if action.if_exists and alt.obj.column(alt.binder.naming.ident(action.column)) is None:
        alt.skipped += 1
        alt.guarded.append((alt.binder.naming.ident(action.column), False))
        return
    column, _ = alt.column(action.column, "DROP")
    if column is not None:
        alt.replace_column(column, None)


def _replace_columns(alt: Alteration, action: cmd.ReplaceColumns) -> None:
    """Hive's, Spark's and Athena's ``REPLACE COLUMNS (...)``: each column of another name is dropped, each new name
    added, and the columns are in the list's order (a column of the same name stays, with its id). The partition
    columns are not the data's: they stay, last, as Hive lists them."""
    names = [alt.binder.naming.defined_column(definition.name) for definition in action.columns]
    kept = {name.casefold() for name in names}
    for column in list(alt.obj.columns or ()):
        if column.name.casefold() not in kept and not column.partition:
            _drop_column(alt, cmd.DropColumn(exp.to_identifier(column.name, quoted=True), False))
    for name, definition in zip(names, action.columns):
        if alt.obj.column(name) is None:
            _add_column(alt, cmd.AddColumn(definition, False))
    if alt.obj.columns is not None:
        order = {name.casefold(): at for at, name in enumerate(names)}
        alt.obj = alt.obj.evolve(columns=tuple(sorted(alt.obj.columns,
                                                      key=lambda c: order.get(c.name.casefold(), len(order)))))


def _rename_column(alt: Alteration, action: cmd.RenameColumn) -> None:
    column, member = alt.column(action.column)
    renamed = alt.binder.naming.defined_column(action.new_name)
    member["columnName"] = value(renamed)
    if column is not None:
        new = dataclasses.replace(column, name=renamed)
        if action.definition:  # (MySQL's CHANGE a b <definition>: "not specified ... not carried forward")
            new = _column_redefined(alt, new, member, cmd.OtherColumnChange(action.definition)) or new
        alt.replace_column(column, new)
        for other in alt.obj.columns or ():  # (ClickHouse renames it in the ALIAS columns computed from it)
            if column.name in other.computed_from:
                alt.replace_column(other, dataclasses.replace(other, computed_from=tuple(
                    renamed if name == column.name else name for name in other.computed_from)))


def _alter_column(alt: Alteration, action: cmd.AlterColumn) -> None:
    column, member = alt.column(action.column)
    if column is None and alt.obj.columns_open and alt.kind.domain == "Table":
        column = alt.remember_column(alt.binder.naming.ident(action.column))
    change = COLUMN_CHANGES.get(type(action.change))
    new = change(alt, column, member, action.change) if change is not None else None
    if column is not None and new is not None:
        alt.replace_column(column, new)
    if column is not None and isinstance(action.change, cmd.OtherColumnChange):
        _column_moved(alt, column.name, action.change.text)


def _column_moved(alt: Alteration, name: str, text: str) -> None:
    """The column ``name`` moved where its change's last clause puts it, ``FIRST`` or ``AFTER c`` (Spark's and
    Databricks' ``ALTER | CHANGE COLUMN c [type] FIRST | AFTER x``, MySQL's ``MODIFY`` and ``CHANGE``): later inserts
    without a column list fill the columns in their new order. Nothing moves when ``x`` is not known here."""
    place = _COLUMN_PLACE.search(text)
    columns = list(alt.obj.columns or ())
    moving = alt.obj.column(name)
    if place is None or moving is None or moving not in columns:
        return
    columns.remove(moving)
    at = _placed(columns, place, alt.obj, alt.binder)
    if at is not None:
        alt.obj = alt.obj.evolve(columns=(*columns[:at], moving, *columns[at:]))


def _column_set_masking_policy(alt: Alteration, column: Column | None, member: Entry,
                               change: cmd.SetMaskingPolicy) -> Column | None:
    name, entry = alt.policy("Masking policy", change.policy, "ADD")
    policies = member.setdefault("maskingPolicies", {})
    old = column.masking_policy if column is not None else None
    if old is not None and old.casefold() != name.casefold():  # FORCE replaces the policy set before
        old_name, old_entry = alt.policy("Masking policy", old, "DROP")
        policies[old_name] = old_entry
    policies[name] = entry
    using = tuple(alt.binder.naming.ident(c) for c in change.using)
    return dataclasses.replace(column, masking_policy=name, masking_using=using) if column is not None else None


def _column_unset_masking_policy(alt: Alteration, column: Column | None, member: Entry,
                                 change: cmd.UnsetMaskingPolicy) -> Column | None:
    if column is None or column.masking_policy is None:
        return None
    if change.policy is not None and alt.policy("Masking policy", change.policy, "DROP")[0].casefold() \
            != column.masking_policy.casefold():
        return None  # (Redshift's DETACH of another policy than the column's: it stays)
    name, entry = alt.policy("Masking policy", column.masking_policy, "DROP")
    member.setdefault("maskingPolicies", {})[name] = entry
    return dataclasses.replace(column, masking_policy=None, masking_using=())


def _column_set_tags(alt: Alteration, column: Column | None, member: Entry, change: cmd.SetTags) -> Column | None:
    tags = dict(column.tags) if column is not None else {}
    for assignment in change.tags:
        name, entry = alt.tag(assignment, "ADD")
        member.setdefault("tags", {})[name] = entry
        tags = {**_without(tags, name), name: assignment.value}
    return dataclasses.replace(column, tags=tags) if column is not None else None


def _column_unset_tags(alt: Alteration, column: Column | None, member: Entry, change: cmd.UnsetTags) -> Column | None:
    tags = dict(column.tags) if column is not None else {}
    for tag in change.tags:
        name, entry = alt.tag(tag, "DROP")
        member.setdefault("tags", {})[name] = entry
        tags = _without(tags, name)
    return dataclasses.replace(column, tags=tags) if column is not None else None


def _column_property(alt: Alteration, column: Column | None, member: Entry,
                     change: cmd.SetProperty | cmd.UnsetProperty) -> Column | None:
    """A property of the column (its projection policy), as ``SET key = value`` records one on the object."""
    member[camel(change.key)] = value(_setting(alt, change))
    return None


def _column_comment(alt: Alteration, column: Column | None, member: Entry,
                    change: cmd.SetComment | cmd.UnsetComment) -> Column | None:
    """The column's comment (``ALTER COLUMN c COMMENT '...'``, ``COMMENT ON COLUMN``), as ``SET COMMENT`` records
    the object's."""
    member["comment"] = value(change.comment if isinstance(change, cmd.SetComment) else None)
    return None


COLUMN_CHANGES: dict[type, Callable[..., Column | None]] = {
    cmd.SetMaskingPolicy: _column_set_masking_policy,
    cmd.UnsetMaskingPolicy: _column_unset_masking_policy,
    cmd.SetTags: _column_set_tags,
    cmd.UnsetTags: _column_unset_tags,
    cmd.SetProperty: _column_property,
    cmd.UnsetProperty: _column_property,
    cmd.SetComment: _column_comment,
    cmd.UnsetComment: _column_comment,
    cmd.OtherColumnChange: _column_redefined,
}

ACTIONS: dict[type, Callable[[Alteration, Any], None]] = {
    cmd.Rename: _rename,
    cmd.AddColumn: _add_column,
    cmd.DropColumn: _drop_column,
    cmd.RenameColumn: _rename_column,
    cmd.ReplaceColumns: _replace_columns,
    cmd.AlterColumn: _alter_column,
    cmd.SetTags: _set_tags,
    cmd.UnsetTags: _unset_tags,
    cmd.AddRowAccessPolicy: _add_row_access_policy,
    cmd.DropRowAccessPolicy: _drop_row_access_policy,
    cmd.DropAllRowAccessPolicies: _drop_all_row_access_policies,
    cmd.SetMaskingPolicies: _set_masking_policies,
    cmd.UnsetMaskingPolicies: _unset_masking_policies,
    cmd.AddAllowedValues: _add_allowed_values,
    cmd.DropAllowedValues: _drop_allowed_values,
    cmd.UnsetAllowedValues: _unset_allowed_values,
    cmd.SetBody: _set_body,
    cmd.SetIncrement: _set_increment,
    cmd.SetOrder: _set_order,
    cmd.SetComment: _set_comment,
    cmd.UnsetComment: _set_comment,
    cmd.SetSecure: _set_secure,
    cmd.UnsetSecure: _set_secure,
    cmd.SetProperty: _set_property,
    cmd.UnsetProperty: _set_property,
    cmd.OtherChange: _other_change,
    cmd.ModifyQuery: lambda alt, action: None,  # (of no view of a known definition: :func:`_query_modified`)
}


def _names_files(command: cmd.Alter | cmd.Drop, binder: Binder) -> bool:
    """Spark's and Databricks' table named by its files' path (``ALTER TABLE delta.`/data/t` ...``): no object of the
    catalog, and no DDL of one (its reads and writes name the location)."""
    return command.kind == "TABLE" and names_files(name_parts(binder, command.name))


def alter(command: cmd.Alter, binder: Binder, statement: Statement) -> RecordParts | None:
    if _names_files(command, binder):
        return None
    if binder.naming.dialect_name in ("tsql", "fabric") and command.kind in ("PROCEDURE", "PROC", "FUNCTION"):
        return _routine_redefined(binder, statement)
    if any(isinstance(action, cmd.Refresh) for action in command.actions):
        return _refresh(command, binder)
    if command.kind == "DATABASE" and binder.naming.dialect_name == "snowflake" and _refreshes_from_primary(command):
        return not_recorded("ALTER DATABASE ... REFRESH")
    if command.others:  # ALTER DYNAMIC TABLE a, b REFRESH: one entry per table, in the order written
        return _alter_each(command, binder, statement)
    if command.name == cmd.CURRENT_DATABASE:  # T-SQL's ALTER DATABASE CURRENT, MySQL's nameless: the session's database
        command = _of_current_database(command, binder)
    command, kind, name, obj = _object_altered(command, binder)
    if obj is None and command.if_exists and not _holds_objects(binder, kind, name):
        return unchanged(f"ALTER {command.kind}", name, found=False)
    redefined = _view_redefined(command, kind, binder, statement)
    if redefined is not None:
        return redefined
    if obj is not None and obj.domain == "View" and kind.domain == "Table" and binder.naming.dialect_name == "mysql" \
            and (converted := _merge_converted(command, binder, statement, obj)) is not None:
        return converted
    target = obj if obj is not None else unknown_object(name, kind.domain)
    whole = _statement_of_its_own(command, binder, statement, kind, target)
    if whole is not None:
        return whole
    rows = _rows_altered(command, binder, target)
    if rows is not None:
        return rows
    alt = _actions_made(command, binder, statement, kind, target)
    _alteration_stored(command, binder, statement, kind, obj, target, alt)
    return _alteration_recorded(command, binder, kind, target, alt)


def _alter_each(command: cmd.Alter, binder: Binder, statement: Statement) -> RecordParts | None:
    """An ALTER of several objects (``ALTER DYNAMIC TABLE a, b ...``): each one's ALTER, their entries in the order
    the names are written; None when none records one."""
    each = [alter(dataclasses.replace(command, name=name, others=()), binder, statement)
            for name in (command.name, *command.others)]
    entries = [entry for parts in each if parts is not None for entry in parts.object_modified_by_ddl]
    return ddl_only(*entries) if entries else None


def _of_current_database(command: cmd.Alter, binder: Binder) -> cmd.Alter:
    """T-SQL's ``ALTER DATABASE CURRENT`` and MySQL's nameless ``ALTER DATABASE``: the ALTER of the session's
    database, by its name; :class:`UnsupportedStatement` when the log line gives none."""
    # (a MySQL database is a schema: the session's is its current schema, as USE db leaves it)
    current = binder.context.known("schema" if binder.naming.rules.schema_databases else "database")
    if current is None:
        how = "CURRENT" if binder.naming.dialect_name == "tsql" else "without a name"
        raise UnsupportedStatement(f"ALTER {command.kind} {how}: the log line gives no database (database_name)")
    return dataclasses.replace(command, name=(exp.to_identifier(current, quoted=True),))


def _object_altered(command: cmd.Alter, binder: Binder) -> tuple[cmd.Alter, Kind, str, CatalogObject | None]:
    """The object an ALTER names: its kind, its qualified name and the catalog's object (None when the catalog does
    not hold it), with the ALTER; PostgreSQL's ALTER TABLE of a sequence is the ALTER SEQUENCE it stands for."""
    kind = kind_named(command.kind, binder)
    arity = len(command.argument_types) if command.argument_types is not None else None
    # (ALTER TABLE never alters a Spark temporary view: Spark refuses it, so the name was the table's; a DROP TABLE
    # of the name drops the view)
    name, obj = locate(binder, kind, command.name, arity, session=kind.domain != "Table")
    if obj is None and kind.domain == "Table" and binder.naming.dialect_name == "postgres":
        # "For historical reasons, ALTER TABLE can be used with sequences too" (pg_dump's ALTER TABLE s OWNER TO ...)
        named, sequence = locate(binder, KINDS["SEQUENCE"], command.name)
        if sequence is not None:
            return dataclasses.replace(command, kind="SEQUENCE"), KINDS["SEQUENCE"], named, sequence
    return command, kind, name, obj


def _statement_of_its_own(command: cmd.Alter, binder: Binder, statement: Statement, kind: Kind,
                          target: CatalogObject) -> RecordParts | None:
    """The record of an ALTER whose action is a statement of its own rather than a change made to ``target``: a
    ``SWAP WITH``, Redshift's ``APPEND FROM``, T-SQL's ``SWITCH TO``, ClickHouse's ``MODIFY QUERY`` of a view of a
    known definition; None for any other ALTER."""
    swap = next((a for a in command.actions if isinstance(a, cmd.Swap)), None)
    if swap is not None:
        return _swap(binder, kind, target, swap)
    append = next((a for a in command.actions if isinstance(a, cmd.AppendFrom)), None)
    if append is not None:
        return _append(binder, target, append)
    switch = next((a for a in command.actions if isinstance(a, cmd.SwitchTo)), None)
    if switch is not None:
        return _switch(binder, target, switch)
    modified = next((a for a in command.actions if isinstance(a, cmd.ModifyQuery)), None)
    if modified is not None:
        return _query_modified(binder, statement, target, modified)
    return None


def _rows_altered(command: cmd.Alter, binder: Binder, target: CatalogObject) -> RecordParts | None:
    """The record of an ALTER TABLE that changes the table's rows and not its definition (no DDL): files added from
    a location or a Hive table (Trino's Iceberg ``add_files``), a partition's rows (MySQL's, Oracle's), another
    snapshot's rows; None for any other ALTER."""
    source = _files_added_from(command, binder, target)
    if isinstance(source, str):  # the location's files are the table's rows now: a change of its rows, no DDL (a
        res = Resolution(binder, record_stages=True)  # location the statement computes is not known: t written alone)
        if source:
            res.read_location(source)
        res.write(target, [])
        return res.parts()
    if source is not None:  # the Hive table's rows are the Iceberg table's too: a change of its rows, no DDL
        return rows_moved(binder, source, target).parts()
    partitions = _partition_rows(command, binder, target)
    if partitions is not None:
        return partitions
    if _rows_changed(command):  # the table's rows are another snapshot's: a change of its rows, as a RESTORE's
        res = Resolution(binder)
        res.write(target, [])
        return res.parts()
    return None


def _actions_made(command: cmd.Alter, binder: Binder, statement: Statement, kind: Kind,
                  target: CatalogObject) -> Alteration:
    """The ALTER's actions made on ``target``, in order (:data:`ACTIONS`), and what follows from them: a Databricks
    table's ABAC policies matched again, PostgreSQL's rules enabled or disabled."""
    alt = Alteration(binder, statement, kind, target)
    for action in command.actions:
        ACTIONS[type(action)](alt, action)
    if kind.domain == "Table" and binder.naming.dialect_name == "databricks":
        alt.obj = abac_applied(binder, alt.obj)  # (a tag set or unset: the ABAC policies its columns match now)
    if alt.obj.rules:  # (PostgreSQL's ALTER TABLE t DISABLE RULE r, ENABLE RULE r)
        for action in command.actions:
            if isinstance(action, cmd.OtherChange):
                alt.obj = toggled(alt.obj, action.text)
    return alt


def _alteration_stored(command: cmd.Alter, binder: Binder, statement: Statement, kind: Kind,
                       obj: CatalogObject | None, target: CatalogObject, alt: Alteration) -> None:
    """The catalog changed as the ALTER changed the object (``obj``, the catalog's, None when it holds none), and what
    follows it there: the views of ``*`` over it, a renamed object's contents, children and references, the views
    reading a renamed column, the columns of the tables that inherit from it."""
    if obj is not None and alt.obj is not obj:
        binder.catalog.put(obj, alt.obj)
        if [c.name for c in obj.columns or ()] != [c.name for c in alt.obj.columns or ()]:
            late_views_expanded(binder, alt.obj)
    elif obj is None and alt.obj != target and kind.domain in ("Table", "Schema", "Database") \
            and alt.obj.name == target.name:
        binder.catalog.put(None, alt.obj)  # neither catalog nor log created it: its tags and policies are remembered (CONTRACT 3a)
    if alt.obj.name != target.name:
        _moved(binder, kind, [(target, alt.obj)])
        if binder.catalog.inheriting:  # (its children inherit from it under its new name)
            for child in [o for o in binder.catalog.objects() if target.name in o.parents]:
                binder.catalog.put(child, child.evolve(parents=tuple(
                    alt.obj.name if parent == target.name else parent for parent in child.parents)))
    renamed = {binder.naming.ident(a.column): binder.naming.defined_column(a.new_name)
               for a in command.actions if isinstance(a, cmd.RenameColumn)}
    if renamed and binder.naming.rules.views_follow_renames and namespace(kind.domain) == "relation":
        _views_follow_columns(binder, alt.obj, renamed)
    if binder.catalog.inheriting and kind.domain == "Table" and alt.obj.name == target.name:
        _children_altered(command, binder, statement, alt.obj)


def _alteration_recorded(command: cmd.Alter, binder: Binder, kind: Kind, target: CatalogObject,
                         alt: Alteration) -> RecordParts | None:
    """The record of an ALTER whose actions were made one by one: its DDL entry (a dropped partition's table written
    besides); an IF [NOT] EXISTS no-op's note; None for a kind the reference does not record, or an ALTER whose
    every action changed nothing."""
    if kind.recorded and len(alt.guarded) == len(command.actions) and len({found for _, found in alt.guarded}) == 1:
        # (each action's IF [NOT] EXISTS made it a no-op: nothing changed, said so)
        return unchanged(f"ALTER {command.kind} ... {'ADD' if alt.guarded[0][1] else 'DROP'} COLUMN",
                         *(f"{target.name}.{column}" for column, _ in alt.guarded), found=alt.guarded[0][1])
    if not kind.recorded or alt.skipped == len(command.actions):
        return None
    if kind.domain == "Table" and any(isinstance(action, cmd.OtherChange) and _PARTITION_DROPPED.match(action.text)
                                      for action in command.actions):
        # the partition's rows go with it (Spark's and Hive's managed tables, MySQL, Oracle, ClickHouse): a change
        # of the table's rows, with no column, besides the ALTER
        res = Resolution(binder)
        res.write(alt.obj, [])
        parts = res.parts()
        parts.object_modified_by_ddl = [ddl_entry(target, "ALTER", alt.properties)]
        return parts
    return ddl_only(ddl_entry(target, "ALTER", alt.properties))


#: ``DROP [IF EXISTS] PARTITION | SUBPARTITION ...`` of an ALTER TABLE (not Iceberg's ``DROP PARTITION FIELD``, a
#: spec change).
_PARTITION_DROPPED = re.compile(r"\s*DROP\s+(?:IF\s+EXISTS\s+)?(?:SUB)?PARTITIONS?\b(?!\s+FIELD\b)", re.IGNORECASE)


def _routine_redefined(binder: Binder, statement: Statement) -> None:
    """T-SQL's ``ALTER PROC[EDURE] | FUNCTION p ... AS body``, which defines the routine anew ("Modifies a previously
    created procedure": the parameters and body given), registered as the ``CREATE OR ALTER`` it is: no record."""
    text = statement.text.lstrip()
    try:
        tree = parse_statement(f"CREATE OR ALTER{text[len('ALTER'):]}", binder.naming.dialect_name).tree
    except UnsupportedStatement:
        return None
    if isinstance(tree, exp.Create):
        register_object(tree, binder, statement)
    elif isinstance(tree, exp.Command):
        resolve_create_command(tree, binder, statement)
    return None


#: PostgreSQL's ``ALTER TABLE [IF EXISTS] ONLY t``: the change is t's alone, none of its children's.
_ONLY = re.compile(r"\s*ALTER\s+TABLE\s+(?:IF\s+EXISTS\s+)?ONLY\b", re.IGNORECASE)
#: The changes of a table's columns its children (PostgreSQL's inheriting tables and partitions) take too.
_CHILDREN_TAKE = (cmd.AddColumn, cmd.DropColumn, cmd.RenameColumn, cmd.AlterColumn)


def _children_altered(command: cmd.Alter, binder: Binder, statement: Statement, table: CatalogObject) -> None:
    """The changes of ``table``'s columns a PostgreSQL ALTER TABLE makes, made to the tables that inherit from it and
    its partitions too (and theirs): "ADD COLUMN ... adds a new column ... to all its descendants" unless ``ONLY`` is
    written, and a column renamed or dropped on the parent is so on its children. No record of their own."""
    actions = tuple(action for action in command.actions if isinstance(action, _CHILDREN_TAKE))
    if not actions or _ONLY.match(statement.text):
        return
    for child in [obj for obj in binder.catalog.objects()
                  if any(parent.casefold() == table.name.casefold() for parent in obj.parents)]:
        named = tuple(exp.to_identifier(part, quoted=True) for part in child.parts)
        alter(dataclasses.replace(command, name=named, actions=actions, if_exists=False, others=()), binder,
              statement)


def rename_objects(command: cmd.RenameObjects, binder: Binder, statement: Statement) -> RecordParts | None:
    """``RENAME TABLE a TO b, c TO d``: each pair, in turn, the ``ALTER ... RENAME TO`` it is (of a sequence where
    Oracle's names no kind and the name is a sequence's); one DDL entry per object renamed (as a SWAP's two), a
    chain's (``t TO tmp, u TO t, tmp TO u``) from its first name to its last; none when no pair records one."""
    entries: list[Entry] = []
    for old, new in command.pairs:
        kind = command.kind or ("SEQUENCE" if locate(binder, KINDS["SEQUENCE"], old)[1] is not None else "TABLE")
        parts = alter(cmd.Alter(kind, old, False, (cmd.Rename(new),)), binder, statement)
        for entry in parts.object_modified_by_ddl if parts is not None else ():
            renamed = next((e for e in entries if _same_renamed(e, entry)), None)
            if renamed is not None:  # (the same object again: renamed on, under its first name)
                renamed["properties"] = entry.get("properties")
            else:
                entries.append(entry)
    return ddl_only(*entries) if entries else None


def _same_renamed(earlier: Entry, entry: Entry) -> bool:
    """Whether a rename's entry renames again the object an earlier pair's entry renamed: the same id, or, of an
    object the catalog does not know (no id), the name the earlier pair gave it."""
    if entry["objectId"] is not None:
        return earlier["objectId"] == entry["objectId"]
    given = (earlier.get("properties") or {}).get("objectName")
    return earlier["objectId"] is None and earlier["objectDomain"] == entry["objectDomain"] \
        and isinstance(given, dict) and given.get("value") == entry["objectName"]


def _query_modified(binder: Binder, statement: Statement, view: CatalogObject,
                    action: cmd.ModifyQuery) -> RecordParts | None:
    """ClickHouse's ``ALTER TABLE mv MODIFY QUERY <select>``: the materialized view's query replaced, the rest of it
    (its ``TO`` table, its engine) kept, read as a CREATE's is (the view ALTERed); None when ``view`` is no view of a
    known definition (an ALTER that changes nothing recorded)."""
    if view.domain not in ("View", "Materialized view") or not view.definition:
        return None
    try:
        query = parse_sql(action.query, binder.naming.dialect, what="the view's new query")
        kept = parse_sql(view.definition, binder.naming.dialect) if view.definition[:6].upper() == "CREATE" else None
    except (SqlglotError, StatementError):
        return None
    if not isinstance(query, exp.Query):
        return None
    if isinstance(kept, exp.Create):  # (a view that writes a table of its own: its whole CREATE)
        kept.set("expression", query)
        kept.set("replace", True)
        kept.set("exists", False)  # (a CREATE ... IF NOT EXISTS, as dbt-clickhouse's: the view is there, replaced)
        tree = kept
    else:
        properties = exp.Properties(expressions=[exp.MaterializedProperty()]) if view.domain == "Materialized view" \
            else None
        tree = exp.Create(this=exp.to_table(view.name, dialect=binder.naming.dialect), kind="VIEW", expression=query,
                          replace=True, properties=properties)
    return create_view(tree, binder, statement, altering=True)


def _view_redefined(command: cmd.Alter, kind: Kind, binder: Binder, statement: Statement) -> RecordParts | None:
    """Spark's and Hive's ``ALTER VIEW v AS query``: the view's query replaced, read as a CREATE VIEW's is (its
    reads recorded, later reads of the view resolved through the new query), the view ALTERed; None for another
    ALTER."""
    if kind.domain != "View" or len(command.actions) != 1 or not isinstance(command.actions[0], cmd.OtherChange):
        return None
    text = command.actions[0].text
    listed = re.match(r"\((?P<columns>[^()]*)\)\s*(?=AS\b)", text, re.IGNORECASE)  # (MySQL's ALTER VIEW v (x, y) AS)
    if listed is not None:
        text = text[listed.end():]
    if not re.match(r"AS\b", text, re.IGNORECASE):
        return None
    try:
        query = parse_sql(text[2:], binder.naming.dialect, what="the view's new query")
        columns = [exp.to_column(name.strip(), dialect=binder.naming.dialect).this
                   for name in listed["columns"].split(",")] if listed is not None else []
    except SqlglotError:
        return None
    if not isinstance(query, exp.Query):
        return None
    ids = [part.copy() if isinstance(part, exp.Expression) else exp.to_identifier(str(part)) for part in command.name]
    table = _table_named(ids)
    return create_view(exp.Create(this=exp.Schema(this=table, expressions=columns) if columns else table, kind="VIEW",
                                  expression=query, replace=True), binder, statement, altering=True)


def _table_named(parts: list, alias: exp.TableAlias | None = None, *, quoted: bool | None = None) -> exp.Table:
    """A table node of the name ``parts`` (identifiers or strings, up to catalog, db and name)."""
    *qualifier, name = parts
    table = exp.table_(name, db=qualifier[-1] if qualifier else None,
                       catalog=qualifier[-2] if len(qualifier) > 1 else None, quoted=quoted)
    table.set("alias", alias)
    return table


def _refreshes_from_primary(command: cmd.Alter) -> bool:
    """Snowflake's ``ALTER DATABASE d REFRESH``: a secondary database refreshed from its primary, replication, which
    the reference does not record ("Data movement resulting from replication")."""
    return [action.text.strip().upper() if isinstance(action, cmd.OtherChange) else None
            for action in command.actions] == ["REFRESH"]


def _refresh(command: cmd.Alter, binder: Binder) -> RecordParts | None:
    """``ALTER DYNAMIC TABLE [IF EXISTS] name [, name ...] REFRESH``: each table's definition runs again, a DML
    (:func:`.ddl.refresh_dynamic_table`) and no DDL; IF EXISTS leaves out a table the catalog does not hold."""
    res = Resolution(binder)
    kind = kind_named(command.kind, binder)
    for each in (command.name, *command.others):
        name, obj = locate(binder, kind, each)
        if obj is None and command.if_exists:
            continue
        refresh_dynamic_table(res, obj if obj is not None else unknown_object(name, kind.domain))
    parts = res.parts()
    return None if parts.empty else parts


def comment_on(node: exp.Comment, binder: Binder, statement: Statement) -> RecordParts | None:
    """``COMMENT [IF EXISTS] ON <kind> name IS '...'``: an ALTER of that object setting its comment, as
    ``ALTER ... SET COMMENT`` is (CONTRACT 3a); on a column, an ALTER of the column, as ``ALTER TABLE ...
    ALTER COLUMN c COMMENT '...'`` is. Other kinds of objects hold no data: their form records nothing
    (:data:`.dispatch.NO_DATA_OBJECTS`)."""
    kind = (node.args.get("kind") or "").upper()
    if node.args.get("materialized"):
        kind = f"MATERIALIZED {kind}"
    text = node.expression.name if isinstance(node.expression, (exp.Literal, exp.RawString)) else node.expression.sql()
    # PostgreSQL's COMMENT ON ... IS NULL removes the comment (whole_forms._comment_removed): UNSET COMMENT
    change = cmd.UnsetComment() if isinstance(node.expression, exp.Null) else cmd.SetComment(text)
    target = node.this
    if kind == "COLUMN" and isinstance(target, exp.Column) and target.table:
        table = tuple(part for part in target.parts[:-1])
        action: cmd.Action = cmd.AlterColumn(target.parts[-1], change)
        return alter(cmd.Alter("TABLE", table, bool(node.args.get("exists")), (action,)), binder, statement)
    if kind in ("FUNCTION", "PROCEDURE") and not isinstance(target, exp.Table):  # with argument types: a call to sqlglot
        return comment_on_command(node, binder, statement)
    if kind not in KINDS or kind == "COLUMN" or not isinstance(target, exp.Table):
        raise UnsupportedStatement(f"unsupported statement: COMMENT ON {kind or node.this.sql()}")
    if isinstance(target.this, exp.DynamicIdentifier):  # IDENTIFIER('d.s.t'): the name its string spells
        name = tuple(exp.to_identifier(part, quoted=True) for part in binder.naming.spelled(target.this))
    else:
        name = tuple(part for part in target.parts)
    return alter(cmd.Alter(kind, name, bool(node.args.get("exists")), (change,)), binder, statement)


def comment_on_command(node: exp.Expression, binder: Binder, statement: Statement) -> RecordParts | None:
    """A ``COMMENT ON`` sqlglot keeps opaque (a stream, an external table, a masking or row access policy ...) or
    misreads (a routine with its argument types): read by the grammar's rule for it, then the same ALTER of the
    object's comment as :func:`comment_on`."""
    try:
        command = cmd.parse_comment(statement.text, dialect=binder.naming.dialect_name)
    except cmd.CommandSyntaxError as err:
        raise UnsupportedStatement(f"cannot parse: {err}") from None
    if command is None:
        raise UnsupportedStatement(f"unsupported statement: {' '.join(statement.text.split()[:4]).upper()}")
    return alter(command, binder, statement)


def _holds_objects(binder: Binder, kind: Kind, name: str) -> bool:
    """A database or schema the catalog does not list still exists when objects live in it."""
    return kind.container and bool(binder.catalog.inside(tuple(name.split("."))))


def _swap(binder: Binder, kind: Kind, first: CatalogObject, action: cmd.Swap) -> RecordParts:
    """``ALTER ... SWAP WITH``: each name now holds the other object (its id and columns)."""
    name, found = locate(binder, kind, action.target)
    second = found if found is not None else unknown_object(name, kind.domain)
    entries = [ddl_entry(first, "ALTER", _swap_target(second)), ddl_entry(second, "ALTER", _swap_target(first))]
    moves = [(first, first.evolve(name=second.name, parts=second.parts)),
             (second, second.evolve(name=first.name, parts=first.parts))]
    for old, new in moves:
        if old.known:
            binder.catalog.put(old, new)
    _moved(binder, kind, moves)
    return ddl_only(*entries)


def _append(binder: Binder, target: CatalogObject, action: cmd.AppendFrom) -> RecordParts:
    """Redshift's ``ALTER TABLE t APPEND FROM s``: s's rows move into t's columns of the same names, and s is left
    empty (written, as by a TRUNCATE). A move of rows, no change of t's definition: no DDL. Columns only one
    table has (dropped with IGNOREEXTRA, defaulted with FILLTARGET) move nothing."""
    name, found = locate(binder, KINDS["TABLE"], action.source)
    source = found if found is not None else unknown_object(name, "Table")
    res = rows_moved(binder, source, target, leave_out=action.option == "IGNOREEXTRA",
                      fill=action.option == "FILLTARGET")
    res.write(source)
    return res.parts()


def _switch(binder: Binder, source: CatalogObject, action: cmd.SwitchTo) -> RecordParts:
    """T-SQL's ``ALTER TABLE s SWITCH [PARTITION n] TO t [PARTITION m]``: s's rows (a partition's) move into t, whose
    columns are s's by name (a switch refuses tables whose columns differ), and leave s
    (written, as by a DELETE). A move of rows, no change of either definition: no DDL, as Redshift's APPEND FROM."""
    name, found = locate(binder, KINDS["TABLE"], action.target)
    res = rows_moved(binder, source, found if found is not None else unknown_object(name, "Table"))
    res.write(source)
    return res.parts()


#: Trino's Iceberg procedures adding files to the table: a Hive table's (``EXECUTE add_files_from_table(...)``), or a
#: location's (``EXECUTE add_files(location => ..., format => ...)``).
_ADD_FILES = re.compile(r"EXECUTE\s+((add_files(?:_from_table)?)\s*\(.*\))\s*$", re.IGNORECASE | re.DOTALL)


def _files_added_from(command: cmd.Alter, binder: Binder, target: CatalogObject) -> CatalogObject | str | None:
    """The table whose files Trino's ``ALTER TABLE t EXECUTE add_files_from_table(schema_name => 's', table_name =>
    'h' [, partition_filter => ...])`` (or its arguments by position) adds to ``t``: a table of t's catalog, which
    keeps its files; the location whose files ``EXECUTE add_files(location => 's3://...', format => 'ORC')`` adds
    ("" for a location computed by an expression). None for another ALTER."""
    if len(command.actions) != 1 or not isinstance(command.actions[0], cmd.OtherChange):
        return None
    match = _ADD_FILES.match(command.actions[0].text.strip())
    if match is None or len(target.parts) < 3:
        return None
    try:
        call = parse_sql(f"SELECT {match.group(1)}", binder.naming.dialect).selects[0]
    except (SqlglotError, UnsupportedStatement, AttributeError):  # AttributeError: not a SELECT
        return None
    named = {arg.this.name.lower(): arg.expression for arg in call.expressions if isinstance(arg, exp.Kwarg)}
    positional = [arg for arg in call.expressions if not isinstance(arg, exp.Kwarg)]
    if match.group(2).lower() == "add_files":
        location = named.get("location") if named else (positional or [None])[0]
        if location is None:
            return None
        return location.name if isinstance(location, exp.Literal) and location.is_string else ""  # (computed)
    schema, table = (named.get("schema_name"), named.get("table_name")) if named else (positional + [None, None])[:2]
    if not all(isinstance(part, exp.Literal) and part.is_string for part in (schema, table)):
        return None
    parts = (target.parts[0], binder.naming.normalize(schema.name), binder.naming.normalize(table.name))
    name, found = locate(binder, KINDS["TABLE"], tuple(exp.to_identifier(part, quoted=True) for part in parts))
    return found if found is not None else unknown_object(name, "Table")



#: A table procedure's name (``EXECUTE name[(...)]``).
_TABLE_PROCEDURE = re.compile(r"EXECUTE\s+(\w+)", re.IGNORECASE)


#: MySQL's and Oracle's partition operations that change a table's rows, not its definition (MySQL's 15.1.9.1 ALTER
#: TABLE Partition Operations): ``TRUNCATE [SUB]PARTITION {p, ... | ALL}`` "deletes all rows from one or more
#: partitions", as TRUNCATE TABLE does; ``EXCHANGE [SUB]PARTITION {p | FOR (v)} WITH TABLE nt [{WITH | WITHOUT}
#: VALIDATION] [{INCLUDING | EXCLUDING} INDEXES] [UPDATE [GLOBAL] INDEXES]`` swaps p's rows with nt's.
_PARTITION_ROWS = re.compile(r"\s*(?:TRUNCATE\s+(?:SUB)?PARTITION\b|EXCHANGE\s+(?:SUB)?PARTITION\s*+"
                             r"(?:FOR\s*\([^()]*\)|\([^()]*\)|\S+)\s+WITH\s+TABLE\s+(?P<table>[^\s;]+?)"
                             r"(?:\s+(?:(?:WITH|WITHOUT)\s+VALIDATION|(?:INCLUDING|EXCLUDING)\s+INDEXES"
                             r"|UPDATE\s+(?:GLOBAL\s+)?INDEXES))*\s*$)",
                             re.IGNORECASE | re.DOTALL)
#: The dialects of :data:`_PARTITION_ROWS` (Hive's ``EXCHANGE PARTITION (p = v, ...) WITH TABLE src`` too: "move the
#: data in a partition from a table to another table", src's partition to this table, not a swap).
_PARTITION_ROW_DIALECTS = frozenset({"mysql", "oracle", "hive"})


def _partition_rows(command: cmd.Alter, binder: Binder, target: CatalogObject) -> RecordParts | None:
    """A MySQL or Oracle ALTER TABLE of :data:`_PARTITION_ROWS`: a change of rows, no DDL. TRUNCATE PARTITION writes
    the table with no columns, as TRUNCATE TABLE; EXCHANGE PARTITION moves rows both ways, each table's columns from
    the other's of their names. None for another ALTER."""
    if binder.naming.dialect_name not in _PARTITION_ROW_DIALECTS or len(command.actions) != 1 \
            or not isinstance(command.actions[0], cmd.OtherChange):
        return None
    match = _PARTITION_ROWS.match(command.actions[0].text)
    if match is None:
        return None
    if match["table"] is None:
        res = Resolution(binder)
        res.write(target, [])
        return res.parts()
    try:
        named = parse_sql(f"SELECT 1 FROM {match['table']}", binder.naming.dialect).find(exp.Table)
    except (SqlglotError, UnsupportedStatement):
        return None
    name, found = locate(binder, KINDS["TABLE"], tuple(named.parts))
    other = found if found is not None else unknown_object(name, "Table")
    if binder.naming.dialect_name == "hive":  # (the partition's rows leave the other table for this one)
        moved = rows_moved(binder, other, target)
        moved.write(other, [])
        return moved.parts()
    return rows_moved(binder, target, other, res=rows_moved(binder, other, target)).parts()


#: MySQL's ``ENGINE [=] name`` among an ALTER TABLE's options.
_ENGINE = re.compile(r"\bENGINE\s*=?\s*`?(?P<engine>\w+)", re.IGNORECASE)


def _merge_converted(command: cmd.Alter, binder: Binder, statement: Statement, view: CatalogObject,
                     ) -> RecordParts | None:
    """MySQL's ``ALTER TABLE t ENGINE = e`` of a MERGE table (read as the view of the tables it collects,
    :func:`.rewrites._merge_tables_as_views`; an ALTER TABLE of any other view is refused by the server) into a
    table of another engine: t is a table of its own from then on, of the view's columns, holding a copy of the rows
    it showed, which the ALTER reads from the tables it collected and writes into t (MariaDB's audit logs the reads);
    then the ALTER of the table, as any. None for another ALTER."""
    engines = [found["engine"].upper() for action in command.actions if isinstance(action, cmd.OtherChange)
               for found in _ENGINE.finditer(action.text)]
    if not engines or engines[-1] in ("MERGE", "MRG_MYISAM"):
        return None
    query = parse_view_definition(view.definition or "", binder.naming.dialect)
    if query is None:
        return None
    res = Resolution(binder.for_object(view))
    result = res.query(query)
    table = CatalogObject(domain="Table", name=view.name, id=view.id, columns=view.columns, parts=view.parts,
                          session=view.session, temporary=view.temporary, comment=view.comment)
    binder.catalog.put(view, table)
    res.write(table, [(name, flow) for name, flow in result.columns])
    copied = res.parts()
    altered = alter(command, binder, statement)
    return dataclasses.replace(copied, object_modified_by_ddl=altered.object_modified_by_ddl if altered else [])


def _rows_changed(command: cmd.Alter) -> bool:
    """Whether the ALTER is Trino's ``ALTER TABLE t EXECUTE rollback_to_snapshot(...)`` (or another of Iceberg's
    procedures that set which snapshot's rows the table returns, :data:`.ddl.ICEBERG_WRITES`), which writes the table
    as Spark's ``CALL system.rollback_to_snapshot(...)`` does; the procedures that only rewrite or drop files
    (``optimize``, ``expire_snapshots``) record nothing (:func:`_other_change`).

    >>> _rows_changed(cmd.parse_command("ALTER TABLE t EXECUTE rollback_to_snapshot(1)", dialect="trino"))
    True
    >>> _rows_changed(cmd.parse_command("ALTER TABLE t EXECUTE optimize", dialect="trino"))
    False
    """
    if len(command.actions) != 1 or not isinstance(command.actions[0], cmd.OtherChange):
        return False
    match = _TABLE_PROCEDURE.match(command.actions[0].text.strip())
    return match is not None and match[1].casefold() in ICEBERG_WRITES


def _swap_target(obj: CatalogObject) -> dict[str, Any]:
    return {
        "swapTargetDomain": value(DDL_DOMAINS.get(obj.domain, obj.domain)),
        "swapTargetId": value(obj.id),
        "swapTargetName": value(obj.name),
    }


def _moved(binder: Binder, kind: Kind, moves: list[tuple[CatalogObject, CatalogObject]]) -> None:
    """After objects changed names: a container's contents follow it, references follow policies and tags."""
    renamed = {(old.domain, old.name): new.name for old, new in moves}
    if kind.container:
        # every content is listed before any moves, so that a swap does not move things twice
        contents = [(obj, old.parts, new.parts) for old, new in moves for obj in binder.catalog.inside(old.parts)]
        for obj, _, _ in contents:
            binder.catalog.remove(obj)
        for obj, old_prefix, new_prefix in contents:
            parts = (*new_prefix, *obj.parts[len(old_prefix):])
            moved = obj.evolve(name=".".join(parts), parts=parts)
            binder.catalog.add(moved)
            renamed[(obj.domain, obj.name)] = moved.name
    follow_references(binder, renamed)
    # (a schema's or a database's tables too: ALTER SCHEMA s RENAME TO s2)
    _streams_follow(binder, {name.casefold(): new for (domain, name), new in renamed.items()
                             if namespace(domain) == "relation"})
    if binder.naming.rules.views_follow_renames:
        _views_follow(binder, [(old, new) for old, new in moves if namespace(old.domain) == "relation"])


def _streams_follow(binder: Binder, renamed: dict[str, str | None]) -> None:
    """The streams that track a table renamed, swapped or dropped (``renamed``: its old name casefolded, its new one
    or None): a stream tracks the table, whatever it is named (:meth:`.Binder.relation` takes its policies from it);
    one whose table is dropped keeps the policies it had."""
    if not renamed:
        return
    for stream in [o for o in binder.catalog.objects() if o.domain == "Stream" and o.source]:
        folded = stream.source.casefold()  # type: ignore[union-attr]
        if folded in renamed:
            binder.catalog.put(stream, stream.evolve(source=renamed[folded]))


def _bound_views(binder: Binder, *words: Collection[str]) -> Iterator[tuple[CatalogObject, exp.Expression, Binder]]:
    """The views (and materialized views) bound to the tables they read whose definitions hold, for each of
    ``words``, one of its words (case-folded: a cheap test before the parse), each with its parsed query and a binder
    for the names inside it. A late-binding view (Redshift's ``WITH NO SCHEMA BINDING``) is bound by name: none."""
    for view in list(binder.catalog.objects()):
        definition = view.definition or ""
        if view.domain not in ("View", "Materialized view"):
            continue
        folded = definition.casefold()
        if not all(any(word in folded for word in group) for group in words) or late_binding(definition):
            continue
        tree = parse_view_definition(definition, binder.naming.dialect)
        if tree is not None:
            yield view, tree, binder.for_object(view)


def _views_follow(binder: Binder, moves: list[tuple[CatalogObject, CatalogObject]]) -> None:
    """Where views are bound to the tables they read (:attr:`~.dialects.DialectRules.views_follow_renames`), a view
    reading a renamed or moved table (or view) reads it under its new name: the name in its definition is the new
    one, under the old name as an alias (its columns are still qualified so). A late-binding view keeps its name; a
    CTE of the old name is no reference."""
    if not moves:
        return
    olds = {tuple(p.casefold() for p in old.parts): new for old, new in moves}
    for view, tree, own in _bound_views(binder, {old.parts[-1].casefold() for old, _ in moves}):
        changed = False
        for table, parts in object_tables(tree, own):
            new = olds.get(tuple(p.casefold() for p in own.qualified(parts)))
            if new is None:
                continue
            table.replace(_table_named(new.parts, table.args["alias"].copy() if table.args.get("alias")
                                       else exp.TableAlias(this=exp.to_identifier(table.name)), quoted=True))
            changed = True
        if changed:
            binder.catalog.put(view, view.evolve(definition=tree.sql(dialect=binder.naming.dialect)))


def _views_follow_columns(binder: Binder, relation: CatalogObject, renamed: dict[str, str]) -> None:
    """Where views are bound to the tables they read (:attr:`~.dialects.DialectRules.views_follow_renames`), a view
    reading a renamed column of ``relation`` (old name to new, as the dialect names them) reads it under its new
    name, and its own column keeps the old one: PostgreSQL's view names a column by its number, and shows ``t.b AS
    a`` after ``RENAME COLUMN a TO b``.

    A reference is renamed where it is the relation's column for sure: qualified by the relation's name or alias,
    or unqualified in a query whose only source is the relation. A late-binding view keeps its names.
    """
    for view, tree, own in _bound_views(binder, {relation.parts[-1].casefold()}, {o.casefold() for o in renamed}):
        tables = {id(table) for table, parts in object_tables(tree, own)
                  if ".".join(own.qualified(parts)).casefold() == relation.name.casefold()}
        if tables and _rename_references(tree, tables, renamed, binder):
            binder.catalog.put(view, view.evolve(definition=tree.sql(dialect=binder.naming.dialect)))


def _rename_references(tree: exp.Expression, tables: set[int], olds: dict[str, str], binder: Binder) -> bool:
    """Renames, in place, the columns of ``tree`` that are the columns ``olds`` names (old name to new, as the
    dialect names them: ``"A"`` is not ``a`` in PostgreSQL) of the table nodes ``tables`` (by identity); whether any
    was."""
    try:
        scopes = traverse_scope(tree)
    except (SqlglotError, ValueError, KeyError):
        return False
    changed = False
    for scope in scopes:
        for column in scope.columns:
            if not isinstance(column.this, exp.Identifier):
                continue
            new = olds.get(binder.naming.ident(column.this))
            if new is None or not _of_tables(scope, column.table, tables):
                continue
            old = column.this.copy()
            column.set("this", exp.to_identifier(new, quoted=True))
            select = column.parent
            if isinstance(select, exp.Select) and any(e is column for e in select.expressions):
                # the view's column keeps its name
                column.replace(exp.alias_(column.copy(), old))
            changed = True
    return changed


def _of_tables(scope: Scope, qualifier: str, tables: set[int]) -> bool:
    """Whether a column qualified by ``qualifier`` (empty: unqualified) in ``scope`` is a column of one of the table
    nodes ``tables``: its qualifier names one in this scope or an enclosing one (a correlated subquery), or it is
    unqualified and one of them is the scope's only source."""
    if not qualifier:
        sources = list(scope.selected_sources.values())
        return len(sources) == 1 and id(sources[0][1]) in tables
    while scope is not None:
        source = scope.sources.get(qualifier)
        if source is not None:
            return id(source) in tables
        scope = scope.parent
    return False


_REFERENCED = frozenset({"Tag", "Masking policy", "Row access policy"})


def follow_references(binder: Binder, renamed: dict[tuple[str, str], str]) -> None:
    """Objects that name a renamed tag or policy (columns, tables, tags) now use its new name."""
    renamed = {key: name for key, name in renamed.items() if key[0] in _REFERENCED}
    if not renamed:
        return
    for obj in list(binder.catalog.objects()):
        updated = _with_references(obj, renamed)
        if updated is not obj:
            binder.catalog.put(obj, updated)


def _with_references(obj: CatalogObject, renamed: dict[tuple[str, str], str]) -> CatalogObject:
    def name(domain: str, current: str | None) -> str | None:
        return renamed.get((domain, current), current) if current is not None else None

    def tags(mapping: dict[str, str]) -> dict[str, str]:
        return {name("Tag", k) or k: v for k, v in mapping.items()}

    columns = None if obj.columns is None else tuple(
        dataclasses.replace(c, masking_policy=name("Masking policy", c.masking_policy), tags=tags(c.tags))
        for c in obj.columns
    )
    changes = {
        "tags": tags(obj.tags),
        "row_access_policy": name("Row access policy", obj.row_access_policy),
        "masking_policies": tuple(name("Masking policy", p) or p for p in obj.masking_policies),
    }
    same_columns = columns is None or all(
        (a.masking_policy, a.tags) == (b.masking_policy, b.tags) for a, b in zip(columns, obj.columns or ())
    )
    if same_columns and all(changes[key] == getattr(obj, key) for key in changes):
        return obj
    return obj.evolve(columns=columns, **changes)


# --------------------------------------------------------------------------- DROP / UNDROP


def kind_named(word: str, binder: Binder) -> Kind:
    """The kind of object ``word`` names in the statement's dialect: in Databricks a DATABASE is a schema."""
    if word == "DATABASE" and binder.naming.rules.database_is_schema:
        return KINDS["SCHEMA"]
    return KINDS[word]


def drop(command: cmd.Drop, binder: Binder, statement: Statement) -> RecordParts | None:
    # DROP TABLE a, b: one entry per object, in the order written (but a table named by its files' path); nothing
    # changed when IF EXISTS found none; Redshift's DROP SCHEMA of an external schema forgets it, no record, as its
    # CREATE has none (:func:`.dispatch.redshift_external_schema`)
    if command.kind == "SCHEMA" and binder.naming.dialect_name == "redshift" and not command.others:
        database = binder.context.known("database")
        parts = name_parts(binder, command.name)
        external = binder.catalog.lookup(EXTERNAL_SCHEMA, (database, *parts) if len(parts) == 1 else parts)
        if external is not None:
            binder.catalog.remove(external)
            return None
    each = [dataclasses.replace(command, name=name, argument_types=types)
            for name, types in zip((command.name, *command.others),
                                   (command.argument_types, *command.others_argument_types))]
    cascading = command.behavior == "CASCADE" and binder.naming.rules.views_follow_renames
    before = {obj.name.casefold() for obj in binder.catalog.objects()} if cascading else set()
    # MySQL's DROP TEMPORARY TABLE (read as a DROP TABLE): "only TEMPORARY tables are dropped", never the table its
    # session's temporary one hides, nor one another session sees
    temporary = binder.catalog.session if binder.naming.rules.temporary_tables_shadow and \
        known_kind(statement, binder.naming.dialect_name).keywords[:2] == ("DROP", "TEMPORARY") else None
    dropped = [_drop_one(one, binder, temporary) for one in each if not _names_files(one, binder)]
    dependents = _dependent_views_dropped(binder, before - {obj.name.casefold() for obj in binder.catalog.objects()}) \
        if cascading else []
    if not dropped:
        return None
    if all(found is None for _, found in dropped) and command.if_exists:
        return unchanged(f"DROP {command.kind}", *(name for name, _ in dropped), found=False)
    if not kind_named(command.kind, binder).recorded:
        return None
    # (the views CASCADE dropped with it: an entry each, after the objects named, as DROP VIEW would record them)
    return ddl_only(*(ddl_entry(found, "DROP") for _, found in dropped if found is not None),
                    *(ddl_entry(view, "DROP") for view in dependents))


#: Redshift's late-binding view (``CREATE VIEW v AS ... WITH NO SCHEMA BINDING``): "there is no dependency between the
#: view and the objects it references".
_LATE_BINDING = re.compile(r"\bwith\s++no\s++schema\s++binding\b", re.IGNORECASE)


def _dependent_views_dropped(binder: Binder, gone: set[str]) -> list[CatalogObject]:
    """PostgreSQL's and Redshift's ``DROP ... CASCADE``: "automatically drop objects that depend on" what it drops,
    the views reading it (and the views reading those), out of the catalog too (``gone``: the names dropped,
    casefolded): those views. They were left, so a later ``CREATE OR REPLACE VIEW`` of one was a REPLACE and a read
    of one read the dropped table."""
    dropped = dependent_views(binder, gone)
    for view in dropped:
        binder.catalog.remove(view, keep_for_undrop=True)
    return dropped


def dependent_views(binder: Binder, names: set[str]) -> list[CatalogObject]:
    """The views that read the objects ``names`` names (casefolded), and the views that read those, each after what
    it reads; a Redshift late-binding view depends on nothing ("there is no dependency between the view and the
    objects it references")."""
    dialect = binder.naming.dialect_name
    if not names:
        return []
    found: list[CatalogObject] = []
    reads = {view: {name.casefold() for name in view_references(parse_view_definition(view.definition, dialect),
                                                                 view.name, dialect)}
             for view in binder.catalog.objects() if view.is_view and view.definition
             and not _LATE_BINDING.search(view.definition)}
    while names:
        reading = [view for view, read in reads.items() if read & names]
        names = {view.name.casefold() for view in reading}
        for view in reading:
            del reads[view]
            found.append(view)
    return found


def _drop_one(command: cmd.Drop, binder: Binder, temporary: str | None = None) -> tuple[str, CatalogObject | None]:
    """Drop the one object ``command`` names from the catalog: its qualified name and the object it dropped (an
    unknown object when the catalog lacks it), or None when ``IF EXISTS`` found nothing to drop. ``temporary``: only
    that session's temporary object of the name is dropped."""
    kind = kind_named(command.kind, binder)
    arity = len(command.argument_types) if command.argument_types is not None else None
    name, obj = locate(binder, kind, command.name, arity)
    if temporary is not None and obj is not None and obj.session != temporary:
        obj = None
    if obj is not None and obj.is_view and command.kind == "TABLE" and command.if_exists \
            and binder.naming.dialect_name == "mysql":
        return name, None  # (MySQL's DROP TABLE IF EXISTS of a view: "Unknown table", a note; the view stays)
    if obj is None and command.if_exists and not _holds_objects(binder, kind, name):
        return name, None
    if kind.container:
        binder.catalog.drop_tree(kind.domain, tuple(name.split(".")))
    elif obj is not None:  # (a session's temporary object is no UNDROP's: it is gone once dropped)
        binder.catalog.remove(obj, keep_for_undrop=obj.session is None)
        if namespace(obj.domain) == "relation":
            _streams_follow(binder, {obj.name.casefold(): None})
        # PostgreSQL's DROP TABLE ... CASCADE drops the foreign keys that reference the table (without CASCADE, a
        # referenced table is not dropped)
        for table in binder.catalog.lookup_referencing():
            kept = tuple(key for key in table.references if key[1].casefold() != obj.name.casefold())
            if kept != table.references:
                binder.catalog.put(table, table.evolve(references=kept))
        if kind.domain in ("Masking policy", "Row access policy") and command.behavior == "CASCADE":
            _policy_detached(binder, obj)  # (Redshift's DROP RLS POLICY ... CASCADE)
        if command.kind == "MODEL":  # a Redshift model's prediction function goes with it
            for called in [o for o in binder.catalog.objects() if o.language == MODEL_LANGUAGE and o.body == obj.name]:
                binder.catalog.remove(called)
    return name, obj if obj is not None else unknown_object(name, kind.domain)


def _policy_detached(binder: Binder, policy: CatalogObject) -> None:
    """A dropped policy taken off every table and column it is on (Redshift's ``DROP RLS POLICY p CASCADE``
    "detaches the policy from all attached tables"; without CASCADE a policy still attached is not dropped)."""
    folded = policy.name.casefold()
    for obj in list(binder.catalog.objects()):
        if policy.domain == "Row access policy" and (obj.row_access_policy or "").casefold() == folded:
            binder.catalog.put(obj, obj.evolve(row_access_policy=None, row_access_columns=()))
        elif policy.domain == "Masking policy" and any((c.masking_policy or "").casefold() == folded
                                                       for c in obj.columns or ()):
            binder.catalog.put(obj, obj.evolve(columns=tuple(
                dataclasses.replace(c, masking_policy=None, masking_using=())
                if (c.masking_policy or "").casefold() == folded else c for c in obj.columns)))


def undrop(command: cmd.Undrop, binder: Binder, statement: Statement) -> RecordParts | None:
    kind = kind_named(command.kind, binder)
    parts = name_parts(binder, command.name)
    if kind.container:
        parts = container_parts(binder, kind.domain, parts)
        obj = binder.catalog.undrop_tree(kind.domain, parts)
    else:
        parts = binder.qualified(parts)
        obj = binder.catalog.undrop(kind.domain, parts)
    if not kind.recorded:
        return None
    return ddl_only(ddl_entry(obj if obj is not None else unknown_object(".".join(parts), kind.domain), "UNDROP"))


# -- Databricks' ABAC policies


#: The domain of a Databricks ABAC policy in the catalog (no record's object: what it governs is referenced).
ABAC_POLICY = "ABAC policy"
#: ``CREATE [OR REPLACE] POLICY p ON {CATALOG | SCHEMA | TABLE} name [COMMENT '...'] {ROW FILTER | COLUMN MASK} f
#: TO ... FOR TABLES ...``.
_ABAC = re.compile(r"\s*create\s+(?:or\s+replace\s+)?policy\s+(?:if\s+not\s+exists\s+)?(?P<name>`[^`]+`|\w+)\s+on\s+"
                   r"(?P<level>catalog|schema|table)\s+(?P<scope>(?:`[^`]+`|[\w.])+)\s+"
                   r"(?:comment\s+'(?:[^'\\]|''|\\.)*'\s+)?(?P<kind>row\s+filter|column\s+mask)\s+"
                   r"(?P<function>(?:`[^`]+`|[\w.])+)\s+to\s+.*?\bfor\s+tables\b(?P<rest>.*)", re.IGNORECASE | re.DOTALL)
_ABAC_DROP = re.compile(r"\s*drop\s+policy\s+(?:if\s+exists\s+)?(?P<name>`[^`]+`|\w+)\s+on\s+"
                        r"(?P<level>catalog|schema|table)\s+(?P<scope>(?:`[^`]+`|[\w.])+)\s*;?\s*", re.IGNORECASE)
#: One condition on tags: ``hasTag('k')`` or ``hasTagValue('k', 'v')``.
_HAS_TAG = r"has_?tag(?:_?value)?\s*\(\s*'(?P<key{n}>[^']*)'\s*(?:,\s*'(?P<value{n}>[^']*)'\s*)?\)"
_MATCHED = re.compile(_HAS_TAG.format(n="") + r"\s+(?:as\s+)?(?P<alias>\w+)", re.IGNORECASE)
_WHEN = re.compile(r"^\s*when\s+" + _HAS_TAG.format(n="") + r"\s+(?=match\b|on\b|using\b|$)", re.IGNORECASE)


@dataclass(frozen=True)
class _AbacRule:
    """What an ABAC policy does: its function, as a row filter or a column mask, on the tables (whose tags ``when``
    holds, if given) with a column for each of ``matched`` (tag key, value or None, alias), the mask ``on`` the
    column of that alias, the function's other arguments the columns of ``using``'s aliases."""

    filters: bool
    function: str
    when: tuple[str, str | None] | None
    matched: tuple[tuple[str, str | None, str], ...]
    on: str | None
    using: tuple[str, ...]


def _abac_rule(text: str) -> _AbacRule | None:
    """The rule of a ``CREATE POLICY`` text, or None where its conditions are not one tag each (``hasTag('a') AND
    ...``): such a policy is not followed."""
    found = _ABAC.match(text)
    if found is None:
        return None
    rest = found["rest"].strip().rstrip(";")
    when = _WHEN.match(rest)
    if re.match(r"\s*when\b", rest, re.IGNORECASE) and when is None:
        return None
    tail = rest[when.end():] if when is not None else rest
    head = re.match(r"\s*match\s+columns\s+", tail, re.IGNORECASE)
    body = tail[head.end():] if head is not None else ""
    clauses = re.split(r"\s+(?=on\s+column\b|using\s+columns\b)", body, flags=re.IGNORECASE)
    matched = [(m["key"], m["value"], m["alias"]) for m in _MATCHED.finditer(clauses[0])]
    if head is not None and len(matched) != re.sub(r"\([^()]*\)", "", clauses[0]).count(",") + 1:
        return None
    on = re.search(r"\bon\s+column\s+(\w+)", body, re.IGNORECASE)
    using = re.search(r"\busing\s+columns\s*\(([^)]*)\)", body, re.IGNORECASE)
    return _AbacRule(filters=found["kind"].upper().startswith("ROW"), function=found["function"],
                     when=(when["key"], when["value"]) if when is not None else None,
                     matched=tuple(matched), on=on[1] if on is not None else None,
                     using=tuple(a.strip() for a in using[1].split(",")) if using is not None else ())


def _tagged(tags: dict[str, str], key: str, wanted: str | None) -> bool:
    """Whether ``tags`` holds the tag ``key`` (of the value ``wanted``, if given), its key found in any case."""
    return any(name.casefold() == key.casefold() and (wanted is None or value == wanted)
               for name, value in tags.items())


def abac_policy(binder: Binder, statement: Statement) -> RecordParts | None:
    """Databricks' ABAC policies: ``CREATE [OR REPLACE] POLICY p ON SCHEMA s {ROW FILTER | COLUMN MASK} f TO ...
    FOR TABLES [WHEN hasTag(...)] MATCH COLUMNS hasTag('k') AS a [, hasTagValue('k', 'v') AS b] [ON COLUMN a]
    [USING COLUMNS (b, ...)]`` ("row filters or column masks applied to catalogs, schemas, or tables") puts f on
    every table of its catalog, schema or table whose columns carry the tags, as ``SET ROW FILTER f ON (b, ...)`` or
    ``ALTER COLUMN a SET MASK f USING COLUMNS (b, ...)`` would, now and whenever a tag is set later
    (:func:`abac_applied`); ``DROP POLICY p ON ...`` takes it off. No record: the policy holds no data, what it
    governs is referenced by the reads."""
    text = statement.text
    dropped = _ABAC_DROP.fullmatch(text)
    found = dropped or _ABAC.match(text)
    if found is None:
        return None
    level = found["level"].upper()
    written = tuple(binder.naming.normalize(part.strip("`")) for part in found["scope"].split("."))
    if level == "TABLE":
        table = binder.relation(binder.naming.table_parts(exp.to_table(found["scope"], dialect=binder.naming.dialect)))
        scope = table.parts or written
    elif level == "SCHEMA" and len(written) == 1:  # (a schema of the session's catalog)
        scope = tuple(part for part in (binder.context.known("database"), *written) if part)
    else:
        scope = written
    name = ".".join((*scope, found["name"].strip("`")))
    old = binder.catalog.by_name(ABAC_POLICY, name)
    if dropped is not None:
        if old is None:
            return None
        binder.catalog.remove(old)
    else:
        rule = _abac_rule(text)
        function = policy_member(binder, "Row access policy" if rule is None or rule.filters else "Masking policy",
                                 tuple(binder.naming.normalize(p.strip("`")) for p in found["function"].split(".")),
                                 "ADD")[0]  # (named as the session finds it now, whatever session sets a tag later)
        binder.catalog.put(old, CatalogObject(domain=ABAC_POLICY, name=name, id=None, body=text, source=function))
    for table in [obj for obj in binder.catalog.objects() if obj.domain == "Table" and _covers(scope, obj.parts)]:
        governed = abac_applied(binder, table, dropped=old if dropped is not None else None)
        if governed is not table:
            binder.catalog.put(table, governed)
    return None


def _covers(scope: tuple[str, ...], parts: tuple[str, ...]) -> bool:
    """Whether a policy on the catalog, schema or table ``scope`` governs the table ``parts`` (names in any case)."""
    return len(parts) >= len(scope) and all(a.casefold() == b.casefold() for a, b in zip(scope, parts))


def abac_applied(binder: Binder, table: CatalogObject, dropped: CatalogObject | None = None) -> CatalogObject:
    """``table`` with the row filter and the column masks the catalog's ABAC policies put on it by its columns'
    tags now (:func:`abac_policy`), and without one a policy put there whose tags are gone, or that is ``dropped``;
    ``table`` itself when none changes. Databricks' only."""
    if binder.naming.dialect_name != "databricks" or not table.columns or not table.parts \
            or not (binder.catalog.abac_policies or dropped):
        return table
    policies = [obj for obj in binder.catalog.objects() if obj.domain == ABAC_POLICY
                and _covers(tuple(obj.name.split(".")[:-1]), table.parts)] + ([dropped] if dropped else [])
    if not policies:
        return table
    columns = {column.name: column for column in table.columns}
    row_policy, row_columns = table.row_access_policy, table.row_access_columns
    for policy in policies:
        rule = _abac_rule(policy.body or "")
        if rule is None or not policy.source:
            continue
        function = policy.source
        applies = policy is not dropped and (rule.when is None or _tagged(table.tags, *rule.when))
        bound: dict[str, str] = {}
        for key, wanted, alias in rule.matched:
            column = next((c.name for c in table.columns if _tagged(c.tags, key, wanted)), None)
            if column is None:
                applies = False
                break
            bound[alias.casefold()] = column
        arguments = tuple(bound[a.casefold()] for a in rule.using if a.casefold() in bound)
        if rule.filters:
            if applies:
                row_policy, row_columns = function, arguments
            elif row_policy is not None and row_policy.casefold() == function.casefold():
                row_policy, row_columns = None, ()
            continue
        masked = bound.get((rule.on or "").casefold()) if applies else None
        for column in list(columns.values()):
            if column.name == masked:
                columns[column.name] = dataclasses.replace(column, masking_policy=function,
                                                           masking_using=(column.name, *arguments))
            elif column.masking_policy is not None and column.masking_policy.casefold() == function.casefold():
                columns[column.name] = dataclasses.replace(column, masking_policy=None, masking_using=())
    changed = tuple(columns.values())
    if row_policy == table.row_access_policy and row_columns == table.row_access_columns and all(
            a is b for a, b in zip(changed, table.columns)):
        return table
    return table.evolve(columns=changed, row_access_policy=row_policy, row_access_columns=row_columns)
