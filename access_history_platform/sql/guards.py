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

>>> test = "NOT EXISTS (SELECT FROM pg_tables WHERE schemaname = 'public' AND tablename = 'people')"
>>> guarded_by_test("create table people (id int)", test, "postgres")
'create table IF NOT EXISTS people (id int)'
>>> guarded_by_handler("DROP TABLE stage", ["undefined_table"], "postgres")
'DROP TABLE IF EXISTS stage'
"""

from __future__ import annotations

import re
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
_MISSING = frozenset({"undefined_table", "undefined_object", "others", "other", "statement_error", "42p01", "42704",
                      "-942", "-4043"})  # (Oracle's SQLCODEs: ORA-00942, ORA-04043)
_PRESENT = frozenset({"duplicate_table", "duplicate_object", "duplicate_schema", "others", "other",
                      "statement_error", "42p07", "42710", "42p06", "-955"})  # (ORA-00955)
#: A statement that may be made conditional (:func:`guarded_by_test`): no other is worth reading its test for.
_DDL = re.compile(r"\s*(?:drop|create)\s", re.IGNORECASE)
#: What each verb may be made conditional on, by the kinds of object it acts on.
_GUARDED = {"DROP": frozenset({"TABLE", "VIEW", "SCHEMA"}), "CREATE": frozenset({"TABLE", "SCHEMA"})}


def existence_test(condition: str, dialect: str) -> Tested | None:
    """What ``condition`` tests, when it only tests whether one named object exists: ``[NOT] EXISTS (SELECT ...
    FROM <catalog view> WHERE <its name column> = 'name' [AND <its schema column> = 'schema'])`` (PostgreSQL's
    ``pg_class`` joined to ``pg_namespace`` too), PostgreSQL's ``to_regclass('s.t') IS [NOT] NULL``; None for any
    other condition (one that counts, compares with a variable, filters on anything but the name, or asks another
    database's catalog). The name is as the catalog view keeps it: in the case it was created in."""
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
        parts = _regclass_parts(literal.name) if isinstance(literal, exp.Literal) and literal.is_string else None
        if parts is None or len(parts) > 2:
            return None
        return Tested(exists == bool(tree.args.get("negate")), frozenset({"TABLE", "VIEW"}),
                      parts[0] if len(parts) == 2 else None, parts[-1])
    if not isinstance(tree, exp.Exists) or not isinstance(tree.this, exp.Select):
        return None
    return _listed(tree.this, exists, views)


def _regclass_parts(text: str) -> list[str] | None:
    """The parts of the name ``to_regclass`` reads from a string, as PostgreSQL reads an identifier: a part in
    double quotes as written, any other folded to lower case (``to_regclass('People')`` finds ``people``)."""
    parts = re.findall(r'\s*("(?:[^"]|"")*"|[^."]+)\s*(?:\.|$)', text)
    if not parts or "".join(parts) == "" or len(".".join(parts)) < len(text.strip()) - 2:
        return None
    return [part[1:-1].replace('""', '"') if part.startswith('"') else part.strip().lower() for part in parts]


def _listed(query: exp.Select, exists: bool, views: dict) -> Tested | None:
    tables = list(query.find_all(exp.Table))
    known = [views.get((table.db.lower(), table.name.lower())) for table in tables]
    if not tables or None in known or len(tables) > 2 or any(table.catalog for table in tables):
        return None  # (another database's information schema: no test of the statement's)
    if len(tables) == 2 and {t.name.lower() for t in tables} != {"pg_class", "pg_namespace"}:
        return None  # (pg_class joined to pg_namespace: its relname in the nspname schema)
    names = {entry[1] for entry in known}
    schemas = {entry[2] for entry in known if entry[2]} | ({"nspname"} if len(tables) == 2 else set())
    kinds = known[0][0] if len(tables) == 1 else known[[t.name.lower() for t in tables].index("pg_class")][0]
    if len(tables) == 2:
        names = {"relname"}
    where = query.args.get("where")
    filters = list(where.this.flatten()) if where is not None and isinstance(where.this, exp.And) else \
        [where.this] if where is not None else []
    for join in query.args.get("joins") or ():
        on = join.args.get("on")
        filters += list(on.flatten()) if isinstance(on, exp.And) else [on] if on is not None else []
    found: dict[str, str] = {}
    for condition in filters:
        if not isinstance(condition, exp.EQ):
            return None  # (anything but an equality: another test than the name's)
        column, value = (condition.this, condition.expression) if isinstance(condition.this, exp.Column) else \
            (condition.expression, condition.this)
        if isinstance(column, exp.Column) and isinstance(value, exp.Column) and len(tables) == 2:
            continue  # (the join's own condition: n.oid = c.relnamespace)
        if not isinstance(column, exp.Column) or column.name.lower() not in names | schemas \
                or not (isinstance(value, exp.Literal) and value.is_string) or column.name.lower() in found:
            return None  # (a filter of another column, a name compared with no string, or twice)
        found[column.name.lower()] = value.name
    name = next((found[column] for column in names if column in found), None)
    schema = next((found[column] for column in schemas if column in found), None)
    return Tested(exists, kinds, schema, name) if name else None


def guarded_by_test(statement: str, condition: str, dialect: str) -> str | None:
    """``statement`` as the ``DROP ... IF EXISTS`` or ``CREATE ... IF NOT EXISTS`` it is where ``condition``, a test
    of whether its own object exists (:func:`existence_test`), guards it; None where it guards nothing: another
    object, another kind, another verb, a DROP of several. A test of PostgreSQL's ``pg_temp.t`` guards a statement
    of ``t`` unqualified, which it makes ``pg_temp.t``: where the session has no temporary ``t``, the test fails and
    nothing is dropped, though a permanent ``t`` is there."""
    if not _DDL.match(statement):
        return None
    tested = existence_test(condition, dialect)
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
    temporary = ""
    if tested is not None:
        named = _name_of(statement, dialect)
        default = _DEFAULT_SCHEMA.get(dialect)
        if tested.schema == "pg_temp" and dialect == "postgres" and named is not None and named[0] is None:
            temporary = "pg_temp."  # (t unqualified: a temporary t, found first, else the permanent one)
            named = ("pg_temp", named[1])
        if named is None or named[1] != tested.name or (named[0] or default) != (tested.schema or default):
            return None
    words = " IF EXISTS " if verb == "DROP" else " IF NOT EXISTS "
    return statement[:tokens[1].end + 1] + words + temporary + statement[tokens[2].start:]


def _name_of(statement: str, dialect: str) -> tuple[str | None, str] | None:
    """The schema (None: none written) and name of the one object a DROP or CREATE names, each as the catalog
    keeps it (an unquoted name folded as the dialect folds it: PostgreSQL's to lower case, Snowflake's to upper
    case); None for several, another database's, or a statement that does not parse."""
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
    folded = str.lower if dialect == "postgres" else str.upper

    def kept(identifier: exp.Expression | None) -> str | None:
        if not isinstance(identifier, exp.Identifier):
            return None
        return identifier.this if identifier.quoted else folded(identifier.this)

    if (tree.args.get("kind") or "").upper() == "SCHEMA":
        return None, kept(table.args.get("db") or table.this)  # (a schema's name stands in the db slot)
    name = kept(table.this)
    return (kept(table.args.get("db")), name) if name is not None else None
