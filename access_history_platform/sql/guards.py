"""DDL that a procedural block runs only where its object exists, or only where it does not.

Every branch of a block is read (which of them ran is not in the log), so a ``DROP`` a block guards by a test of
whether its table exists, or whose error a handler swallows, was recorded where nothing was dropped, and such a
guarded ``CREATE TABLE`` replaced the table that was there, its columns lost. These idioms are the engines' own
``IF EXISTS`` / ``IF NOT EXISTS``, and are read as them (:func:`guarded_by_test`, :func:`guarded_by_handler`):

- PostgreSQL's ``DO`` blocks: ``IF NOT EXISTS (SELECT FROM pg_tables WHERE schemaname = 's' AND tablename = 't')
  THEN CREATE TABLE s.t ...; END IF``, ``IF to_regclass('s.t') IS NOT NULL THEN DROP TABLE s.t; END IF``,
  ``BEGIN DROP TABLE t; EXCEPTION WHEN undefined_table THEN NULL; END``;
- Snowflake Scripting: ``IF (EXISTS (SELECT 1 FROM information_schema.tables WHERE table_name = 'T')) THEN DROP
  TABLE t; END IF``, ``BEGIN CREATE TABLE t ...; EXCEPTION WHEN OTHER THEN NULL; END``.

T-SQL's batches have their own reading (:func:`.tsql.control_flow_flattened`).

>>> test = existence_test("NOT EXISTS (SELECT FROM pg_tables WHERE schemaname = 'public' AND tablename = 'people')",
...                       "postgres")
>>> guarded_by_test("create table people (id int)", test, "postgres")
'create table IF NOT EXISTS people (id int)'
>>> guarded_by_handler("DROP TABLE stage", ["undefined_table"], "postgres")
'DROP TABLE IF EXISTS stage'
"""

from __future__ import annotations

from typing import NamedTuple

from sqlglot import exp
from sqlglot.errors import SqlglotError

from .parsing import parse_sql
from .token_groups import tokens_of, word_of

__all__ = ["Tested", "existence_test", "guarded_by_handler", "guarded_by_test"]


class Tested(NamedTuple):
    """What an existence test asks: whether an object exists (``exists``) or none does, of which kinds, by name."""

    exists: bool
    kinds: frozenset[str]
    schema: str | None
    name: str


#: The catalog views a test ``[NOT] EXISTS (SELECT ... FROM <view> WHERE ...)`` asks in, by dialect and
#: ``(schema, view)``: the kinds of object each lists, and its columns of the object's name and of its schema.
_VIEWS: dict[str, dict[tuple[str, str], tuple[frozenset[str], str, str | None]]] = {
    "postgres": {
        ("", "pg_tables"): (frozenset({"TABLE"}), "tablename", "schemaname"),
        ("pg_catalog", "pg_tables"): (frozenset({"TABLE"}), "tablename", "schemaname"),
        ("", "pg_views"): (frozenset({"VIEW"}), "viewname", "schemaname"),
        ("pg_catalog", "pg_views"): (frozenset({"VIEW"}), "viewname", "schemaname"),
        ("", "pg_class"): (frozenset({"TABLE", "VIEW"}), "relname", None),
        ("pg_catalog", "pg_class"): (frozenset({"TABLE", "VIEW"}), "relname", None),
        ("information_schema", "tables"): (frozenset({"TABLE", "VIEW"}), "table_name", "table_schema"),
        ("information_schema", "views"): (frozenset({"VIEW"}), "table_name", "table_schema"),
        ("information_schema", "schemata"): (frozenset({"SCHEMA"}), "schema_name", None),
        ("", "pg_namespace"): (frozenset({"SCHEMA"}), "nspname", None),
        ("pg_catalog", "pg_namespace"): (frozenset({"SCHEMA"}), "nspname", None),
    },
    "snowflake": {
        ("information_schema", "tables"): (frozenset({"TABLE", "VIEW"}), "table_name", "table_schema"),
        ("information_schema", "views"): (frozenset({"VIEW"}), "table_name", "table_schema"),
        ("information_schema", "schemata"): (frozenset({"SCHEMA"}), "schema_name", None),
    },
}
#: The schema a name without one is in, where the test and the statement may leave it out alike: PostgreSQL's
#: ``public`` (the search path's first, as a session leaves it); elsewhere a name without one only matches another.
_DEFAULT_SCHEMA = {"postgres": "public"}
#: The errors a handler may swallow that a DROP raises where its object does not exist, and a CREATE where it does
#: (PostgreSQL's condition names and SQLSTATEs, Snowflake's ``OTHER``, PostgreSQL's ``OTHERS``).
_MISSING = frozenset({"undefined_table", "undefined_object", "others", "other", "statement_error", "42p01", "42704"})
_PRESENT = frozenset({"duplicate_table", "duplicate_object", "duplicate_schema", "others", "other",
                      "statement_error", "42p07", "42710", "42p06"})
#: What each verb may be made conditional on, by the kinds of object it acts on.
_GUARDED = {"DROP": frozenset({"TABLE", "VIEW", "SCHEMA"}), "CREATE": frozenset({"TABLE", "SCHEMA"})}


def existence_test(condition: str, dialect: str) -> Tested | None:
    """What ``condition`` tests, when it only tests whether one named object exists: ``[NOT] EXISTS (SELECT ...
    FROM <catalog view> WHERE <its name column> = 'name' [AND <its schema column> = 'schema'])`` (PostgreSQL's
    ``pg_class`` joined to ``pg_namespace`` too), PostgreSQL's ``to_regclass('s.t') IS [NOT] NULL``; None for any
    other condition (one that counts, compares with a variable, or filters on anything but the name)."""
    views = _VIEWS.get(dialect)
    if views is None:
        return None
    try:
        tree = parse_sql(condition, dialect)
    except SqlglotError:
        return None
    exists = True
    while isinstance(tree, (exp.Paren, exp.Not)):
        exists, tree = exists ^ isinstance(tree, exp.Not), tree.this
    if isinstance(tree, exp.Is) and isinstance(tree.expression, exp.Null) and isinstance(tree.this, exp.Anonymous) \
            and tree.this.name.lower() == "to_regclass" and dialect == "postgres" and len(tree.this.expressions) == 1:
        literal = tree.this.expressions[0]
        if not (isinstance(literal, exp.Literal) and literal.is_string) or literal.name.count(".") > 1:
            return None
        schema, _, name = literal.name.rpartition(".")
        return Tested(exists == bool(tree.args.get("negate")), frozenset({"TABLE", "VIEW"}), schema or None, name)
    if not isinstance(tree, exp.Exists) or not isinstance(tree.this, exp.Select):
        return None
    return _listed(tree.this, exists, views)


def _listed(query: exp.Select, exists: bool, views: dict) -> Tested | None:
    tables = list(query.find_all(exp.Table))
    known = [views.get((table.db.lower(), table.name.lower())) for table in tables]
    if not tables or None in known or len(tables) > 2:
        return None
    if len(tables) == 2 and {t.name.lower() for t in tables} != {"pg_class", "pg_namespace"}:
        return None  # (pg_class joined to pg_namespace: its relname in the nspname schema)
    names = {entry[1] for entry in known}
    schemas = {entry[2] for entry in known if entry[2]} | ({"nspname"} if len(tables) == 2 else set())
    kinds = frozenset.intersection(*(entry[0] for entry in known)) if len(tables) == 1 else known[
        [t.name.lower() for t in tables].index("pg_class")][0]
    if len(tables) == 2:
        names = {"relname"}
    found: dict[str, str] = {}
    for eq in query.find_all(exp.EQ):
        column, value = (eq.this, eq.expression) if isinstance(eq.this, exp.Column) else (eq.expression, eq.this)
        if not isinstance(column, exp.Column) or column.name.lower() not in names | schemas:
            continue
        if not (isinstance(value, exp.Literal) and value.is_string) or column.name.lower() in found:
            return None  # (a name compared with no string, or twice)
        found[column.name.lower()] = value.name
    name = next((found[column] for column in names if column in found), None)
    schema = next((found[column] for column in schemas if column in found), None)
    return Tested(exists, kinds, schema, name) if name else None


def guarded_by_test(statement: str, tested: Tested | None, dialect: str) -> str | None:
    """``statement`` as the ``DROP ... IF EXISTS`` or ``CREATE ... IF NOT EXISTS`` it is where a test of whether
    its own object exists (``tested``: :func:`existence_test`) guards it; None where it guards nothing: another
    object, another kind, another verb, a DROP of several."""
    if tested is None:
        return None
    return _conditional(statement, "DROP" if tested.exists else "CREATE", tested, dialect)


def guarded_by_handler(statement: str, conditions: list[str], dialect: str) -> str | None:
    """``statement``, a block's only one, as the ``DROP ... IF EXISTS`` or ``CREATE ... IF NOT EXISTS`` it is where
    the block's handler swallows, running nothing, the error it raises where its object is missing or there
    (``conditions``: the handler's condition names, ``undefined_table``, ``OTHERS``, a SQLSTATE); None otherwise."""
    caught = {condition.lower().strip("'") for condition in conditions}
    verb = (statement.lstrip().split(None, 1) or [""])[0].upper()
    if not caught & (_MISSING if verb == "DROP" else _PRESENT if verb == "CREATE" else frozenset()):
        return None
    return _conditional(statement, verb, None, dialect)


def _conditional(statement: str, verb: str, tested: Tested | None, dialect: str) -> str | None:
    try:
        tokens = tokens_of(statement, dialect)
    except SqlglotError:
        return None
    if len(tokens) < 3 or word_of(tokens[0]) != verb or word_of(tokens[1]) not in _GUARDED[verb] \
            or word_of(tokens[2]) == "IF" or (tested is not None and word_of(tokens[1]) not in tested.kinds):
        return None
    if tested is not None:
        named = _name_of(statement, dialect)
        default = _DEFAULT_SCHEMA.get(dialect)
        if named is None or named[1].casefold() != tested.name.casefold() or (
                (named[0] or default or "").casefold() != (tested.schema or default or "").casefold()):
            return None
    words = " IF EXISTS" if verb == "DROP" else " IF NOT EXISTS"
    return statement[:tokens[1].end + 1] + words + statement[tokens[1].end + 1:]


def _name_of(statement: str, dialect: str) -> tuple[str | None, str] | None:
    """The schema (None: none written) and name of the one object a DROP or CREATE names; None for several, or a
    statement that does not parse."""
    try:
        tree = parse_sql(statement, dialect)
    except SqlglotError:
        return None
    if isinstance(tree, exp.Drop):
        tables = tree.args.get("tables") or ([tree.this] if isinstance(tree.this, exp.Table) else [])
    elif isinstance(tree, exp.Create):
        tables = [tree.this.this if isinstance(tree.this, exp.Schema) else tree.this]
    else:
        return None
    if len(tables) != 1 or not isinstance(tables[0], exp.Table) or tables[0].catalog:
        return None
    table = tables[0]
    if isinstance(tree, (exp.Drop, exp.Create)) and (tree.args.get("kind") or "").upper() == "SCHEMA":
        return None, table.db or table.name  # (a schema's name stands in the db slot)
    return table.db or None, table.name
