"""Identifier rules of a SQL dialect, and qualification of names against a session or object.

Snowflake (the default) upper-cases unquoted identifiers and keeps quoted ones; other
dialects follow sqlglot's normalization strategy for them, but for BigQuery's objects, whose
names keep their case (its columns, aliases and CTEs do not). Names from the catalog are
taken as stored; a name written in SQL is normalized, qualified with the session's (or
the enclosing object's) database and schema, and then looked up exactly, falling back to
the only case-insensitive match.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from sqlglot import exp
from sqlglot.dialects.dialect import Dialect, NormalizationStrategy
from sqlglot.errors import SqlglotError

from ..errors import UnsupportedStatement
from .dialects import TEMPORARY_TABLES, rules_for

#: The most parts a name of an object may have (database, schema, object).
MAX_NAME_PARTS = 3
#: Begins a session's database or schema that a ``USE ... IDENTIFIER($v)`` set to a value the log does not give;
#: the statement's text follows (:func:`unknown_part`). A name needing it cannot be resolved.
UNKNOWN_PART = "\x00"


def variable_name(shown: str) -> UnsupportedStatement:
    """The error of a name given by a session variable (``IDENTIFIER($v)``): its value is not in the log."""
    return UnsupportedStatement(f"{shown}: the name is the value of a variable the log does not give")


def variable_shown(node: exp.Placeholder | exp.Parameter, *, braces: bool = False) -> str:
    """A variable as written: ``:v``, ``$v``, a widget's ``{{v}}``, ``${hiveconf:v}``; with ``braces``, ``$v`` is
    ``${v}`` (sqlglot reads both alike).

    >>> import sqlglot
    >>> tables = sqlglot.parse_one("select * from {{c}}.$s.t", read="databricks").find_all(exp.Table)
    >>> [variable_shown(t.args[k]) for t in tables for k in ("catalog", "db")]
    ['{{c}}', '$s']
    """
    inner = node
    while isinstance(inner, (exp.Placeholder, exp.Parameter)) and isinstance(inner.this, exp.Expression):
        inner = inner.this
    name = inner.name if isinstance(inner, exp.Expression) else str(node.this or "")
    if isinstance(node, exp.Placeholder) and node.args.get("widget"):
        return "{{" + name + "}}"
    if isinstance(node, exp.Parameter) and isinstance(node.args.get("expression"), exp.Expression):
        return "${" + name + ":" + node.expression.name + "}"  # (Spark's and Hive's ${hiveconf:v})
    if isinstance(node, exp.Placeholder):
        return ":" + name
    return "${" + name + "}" if braces else "$" + name


def unknown_part(statement: str) -> str:
    """The session part a ``USE`` of a name the log does not give leaves: :data:`UNKNOWN_PART` and the statement."""
    return UNKNOWN_PART + " ".join(statement.split())[:200]


#: A search path's first entry ``"$user"``: "a schema with the same name as the current user is to be searched. If no
#: such schema exists, the entry is ignored" (PostgreSQL's and Redshift's default path is ``"$user", public``).
USER_SCHEMA = "$user"


@dataclass(frozen=True, slots=True)
class Context:
    """Where unqualified names resolve: the session's (or an object's) database and schema, and the schemas searched
    after it for a name found nowhere else (PostgreSQL's search path after its first schema)."""

    database: str | None = None
    schema: str | None = None
    #: (led by ``("$user", user)`` when the user's schema is searched before the statement's: :data:`USER_SCHEMA`)
    path: tuple[str | tuple[str, str], ...] = ()
    #: whose temporary views its names may find (:meth:`.Catalog.views_session`): what is cached of a name is cached
    #: for it
    session: str | None = None
    #: Spark's and Databricks' SQL path (:mod:`.sql_path`), which an unqualified name is looked up along instead (None:
    #: the default path, or a statement that does not search it)
    sql_path: tuple[tuple[str, ...], ...] | None = None

    @classmethod
    def of_object(cls, name: str, session: str | None = None) -> Context:
        parts = name.split(".")
        if len(parts) >= 3:
            return cls(parts[-3], parts[-2], session=session)
        if len(parts) == 2:
            return cls(None, parts[0], session=session)
        return cls(session=session)

    @property
    def complete(self) -> bool:
        return self.database is not None and self.schema is not None

    def qualify(self, parts: tuple[str, ...]) -> tuple[str, ...]:
        """Fill in the database and schema a name leaves out; :class:`UnsupportedStatement` when one of them
        was set by a ``USE`` of a name the log does not give (:data:`UNKNOWN_PART`).

        >>> Context("DB", "S").qualify(("T",))
        ('DB', 'S', 'T')
        """
        if len(parts) >= 3:
            return parts
        if len(parts) == 2:
            return (self.known("database"), *parts) if self.database else parts
        prefix = tuple(p for p in (self.known("database"), self.known("schema")) if p)
        if self.database and not self.schema:
            prefix = ()
        return prefix + parts

    def known(self, part: str) -> str | None:
        """The session's ``database`` or ``schema``; :class:`UnsupportedStatement` if a ``USE`` set it to a
        value the log does not give."""
        value = self.database if part == "database" else self.schema
        if value and value[0] == UNKNOWN_PART:
            raise UnsupportedStatement(f"the session's {part} was set by {value[1:]}: the variable's value is not "
                                       f"in the log, so a name without its {part} cannot be resolved")
        return value


def keyword_name(node: exp.Expression) -> str:
    """The keyword a call without arguments is written as, where sqlglot reads a name as that call: Spark's, DuckDB's
    or ClickHouse's ``CREATE TABLE t (current_date INT, session_user STRING)`` defines the columns ``current_date`` and
    ``session_user`` (they had been one column named ``""``); "" for any other node.

    >>> [keyword_name(node) for node in (exp.CurrentDate(), exp.SessionUser(), exp.Localtimestamp(), exp.Null())]
    ['current_date', 'session_user', 'localtimestamp', '']
    """
    if not isinstance(node, exp.Func) or any(node.args.values()):
        return ""
    return _KEYWORDS.get(type(node)) or _KEYWORDS.setdefault(type(node), _snake(type(node).__name__))


def _snake(name: str) -> str:
    return "".join(f"_{c.lower()}" if c.isupper() and i else c.lower() for i, c in enumerate(name))


_KEYWORDS: dict[type, str] = {}


def _unchanged(text: str) -> str:
    return text


#: How each normalization strategy folds an unquoted and a quoted name.
_FOLDS = {
    NormalizationStrategy.CASE_INSENSITIVE: (str.lower, str.lower),
    NormalizationStrategy.CASE_INSENSITIVE_UPPERCASE: (str.upper, str.upper),
    NormalizationStrategy.CASE_SENSITIVE: (_unchanged, _unchanged),
    NormalizationStrategy.UPPERCASE: (str.upper, _unchanged),
    NormalizationStrategy.LOWERCASE: (str.lower, _unchanged),
}


class Naming:
    """A dialect's identifier normalization."""

    def __init__(self, dialect: str = "snowflake", *, quoted_case: bool = False) -> None:
        """``quoted_case``: quoted names keep their case, where the dialect folds them too (a Redshift session's
        ``SET enable_case_sensitive_identifier TO true``)."""
        self.dialect_name = dialect
        self.dialect = Dialect.get_or_raise(dialect)
        self.rules = rules_for(dialect)
        self.strategy = NormalizationStrategy.CASE_SENSITIVE if self.rules.case_sensitive_names \
            else self.dialect.NORMALIZATION_STRATEGY
        # (unquoted, quoted) folding, decided once: normalize runs for every name of every statement
        self._folds = _FOLDS.get(self.strategy, (str.lower, _unchanged))
        if quoted_case:
            self._folds = (self._folds[0], _unchanged)
        # an object's name may keep its case where a column's is folded (BigQuery)
        self._object_folds = (_unchanged, _unchanged) if self.rules.case_sensitive_objects else self._folds

    def normalize(self, text: str, quoted: bool = False) -> str:
        return self._folds[1 if quoted else 0](text)

    def object_name(self, text: str, quoted: bool = False) -> str:
        """A part of an object's name as written, normalized: as :meth:`normalize`, but for the dialects whose
        objects' names keep their case.

        >>> naming_for("bigquery").object_name("MyTable"), naming_for("bigquery").normalize("MyColumn")
        ('MyTable', 'mycolumn')
        """
        return self._object_folds[1 if quoted else 0](text)

    def _object_ident(self, node: exp.Expression) -> str:
        if isinstance(node, exp.Identifier):
            return _temporary_marks(node) + self._object_folds[node.quoted](node.this)
        return self.ident(node)  # a keyword sqlglot read as a name (a Var), a star: as any other

    def defined_column(self, node: exp.Expression | str) -> str:
        """The name a column's definition gives it: as :meth:`ident`, but in the case written where the dialect's
        columns keep it (:attr:`.DialectRules.defined_column_case`).

        >>> naming_for("bigquery").defined_column(exp.to_identifier("UserId")), naming_for("trino").defined_column("UserId")
        ('UserId', 'userid')
        """
        if self.rules.defined_column_case:
            return node.this if isinstance(node, exp.Identifier) else node if isinstance(node, str) else \
                node.name or keyword_name(node)
        return self.ident(node)

    def ident(self, node: exp.Expression | str | None) -> str:
        """The normalized text of an identifier node (or of a bare name)."""
        if isinstance(node, exp.Identifier):
            args = node.args
            if args.get("temporary") or args.get("global_"):
                return _temporary_marks(node) + self._folds[node.quoted](node.this)
            return self._folds[node.quoted](node.this)
        if node is None:
            return ""
        if isinstance(node, str):
            return self.normalize(node)
        if isinstance(node, exp.Star):
            return "*"
        return self.normalize(node.name or keyword_name(node))

    def parts(self, identifiers: Iterable[exp.Expression]) -> tuple[str, ...]:
        """The normalized parts of an object's name written as identifiers; in BigQuery a path in one pair of
        backticks (`` `p.ds.f` ``, `` `p.INFORMATION_SCHEMA.SCHEMATA` ``: no BigQuery name holds a dot; sqlglot keeps
        some of them whole) is several parts, for a table and a routine alike.

        >>> naming_for("bigquery").parts([exp.to_identifier("p.ds.f", quoted=True)])
        ('p', 'ds', 'f')
        """
        return self._placed(self._written(identifiers))

    def _written(self, identifiers: Iterable[exp.Expression]) -> list[str]:
        out: list[str] = []
        for part in identifiers:
            if self.rules.quoted_paths and isinstance(part, exp.Identifier) and "." in part.this:
                out.extend(self._object_folds[part.quoted](piece) for piece in part.this.split("."))
            else:
                out.append(self._object_ident(part))
        return out

    def _placed(self, parts: list[str]) -> tuple[str, ...]:
        """A name's parts where the dialect puts what the name leaves out: the schema of ``db..t``
        (:attr:`.DialectRules.omitted_schema`); T-SQL's ``#t``, ``##t``, ``tempdb..#t`` (a table, a procedure) and
        table variable ``@t`` in ``tempdb.dbo`` whatever the session's database
        (:attr:`.DialectRules.hash_temporary_tables`).

        >>> naming_for("tsql")._placed(["dw", "", "#t"]), naming_for("snowflake")._placed(["DB", "", "T"])
        (('tempdb', 'dbo', '#t'), ('DB', 'PUBLIC', 'T'))
        """
        if self.rules.hash_temporary_tables and parts and parts[-1][:1] in ("#", "@"):
            return (*TEMPORARY_TABLES, parts[-1])
        if len(parts) == 3 and not parts[1] and parts[0] and self.rules.omitted_schema:
            return (parts[0], self.rules.omitted_schema, parts[2])  # db..t
        return tuple(parts)

    def table_parts(self, table: exp.Table) -> tuple[str, ...]:
        """The parts of a table reference as written, normalized (catalog, db, name).

        ``IDENTIFIER('db.s.t')`` stands for the name its string spells:

        >>> import sqlglot
        >>> sql = "select 1 from identifier('db.s.orders')"
        >>> naming_for("snowflake").table_parts(sqlglot.parse_one(sql, read="snowflake").find(exp.Table))
        ('DB', 'S', 'ORDERS')
        >>> naming_for("snowflake").table_parts(sqlglot.parse_one("create schema identifier('db.s')", read="snowflake").this)
        ('DB', 'S')
        """
        if isinstance(table.this, exp.DynamicIdentifier):
            return self.spelled(table.this)
        catalog, db = table.args.get("catalog"), table.args.get("db")
        if isinstance(catalog, exp.DynamicIdentifier) or isinstance(db, exp.DynamicIdentifier):
            # a schema's name (CREATE SCHEMA IDENTIFIER(...)) stands in the db slot: the whole name, if alone
            if table.this or catalog:
                raise UnsupportedStatement(f"{table.sql(dialect=self.dialect)}: IDENTIFIER(...) stands for a "
                                           "whole name, not a part of one")
            return self.spelled(db)
        if (self.rules.hash_temporary_tables and isinstance(table.this, exp.Parameter) and not db
                and isinstance(table.this.this, exp.Var)):  # T-SQL's table variable, @t: a table in tempdb, as #t
            return self._placed(["@" + self._object_folds[False](table.this.name)])
        parts = [catalog, db, table.this]
        for part in parts:
            if isinstance(part, (exp.Placeholder, exp.Parameter)):  # SELECT ... INTO :v (Snowflake Scripting), a
                # notebook's $db.t, ${catalog}.s.t, {{schema}}.t: a value the log does not give, no part of a name
                raise UnsupportedStatement(f"{variable_shown(part)} is a variable, not an object name")
        out: list[str] = []
        for part in parts:
            if part is None:
                continue
            out.extend(self._written(_flatten_dot(part) if isinstance(part, exp.Dot) else (part,)))
        out = list(self._placed(out))
        temporary = self.rules.temporary_schema
        if temporary and len(out) == 2 and out[0].casefold() == temporary.casefold():
            out[0] = self.normalize(temporary)  # BigQuery's _SESSION.t, however written
        if len(out) == 2 and out[0].casefold() == self.rules.session_schema_alias:
            out = out[1:]  # Delta Live Tables' LIVE.t: the pipeline's own schema, the session's
        if self.rules.partition_decorators and out and "$" in out[-1].strip("$"):
            out[-1] = out[-1].split("$", 1)[0]  # a partition decorator (t$20240101, t$__UNPARTITIONED__) names the table
        return tuple(out)

    def spelled(self, node: exp.Expression) -> tuple[str, ...]:
        """The name an ``IDENTIFIER(...)`` or ``TABLE(...)`` argument spells, parsed as a name
        (quoted parts keep their case). A session variable (``$t``, ``:t``) has a value the log
        does not give: :class:`UnsupportedStatement` says so, as does a string that is no name.
        """
        literal = node.this if isinstance(node, (exp.DynamicIdentifier, exp.TableFromRows)) else node
        try:  # Spark's generator parses an IDENTIFIER's string again: one of back-quoted parts trips it
            shown = node.sql(dialect=self.dialect)
        except SqlglotError:
            shown = f"IDENTIFIER({literal.sql()})"
        # (imported here: variables imports parsing, whose commands import this module)
        from .variables import SESSION_VARIABLE_DIALECTS, string_value

        spelled = string_value(literal, {}, self.dialect_name)  # (a string, or strings joined: 'db.s.' || 't')
        if spelled is None:
            if any(isinstance(node, (exp.Placeholder, exp.Parameter)) for node in literal.walk()) or (
                    self.dialect_name in SESSION_VARIABLE_DIALECTS and any(
                        isinstance(node, exp.Column) for node in literal.walk())):  # (Databricks: a variable's name)
                raise variable_name(shown)
            raise UnsupportedStatement(f"{shown}: the name is computed by more than joining strings: it is not read")
        try:
            table = exp.to_table(spelled, dialect=self.dialect)
        except (SqlglotError, ValueError, TypeError):
            table = None
        if not isinstance(table, exp.Table) or isinstance(table.this, exp.DynamicIdentifier) or not table.name:
            raise UnsupportedStatement(f"{shown}: the string does not spell an object name")
        parts = self.table_parts(table)
        if len(parts) > MAX_NAME_PARTS or not all(parts):
            raise UnsupportedStatement(f"{shown}: an object name has at most {MAX_NAME_PARTS} non-empty parts")
        return parts

    def dotted(self, node: exp.Expression) -> tuple[str, ...]:
        """Parts of an object's dotted name written as Dot / Column / Table / Identifier nodes, or as
        ``IDENTIFIER('db.s.name')`` (the name its string spells: a tag's in ``WITH TAG (IDENTIFIER(...) = 'v')``).

        >>> import sqlglot
        >>> tag = sqlglot.parse_one("create table t (a int) with tag (identifier('gov.tags.pii') = 'x')", read="snowflake")
        >>> naming_for("snowflake").dotted(tag.find(exp.Tags).expressions[0].this)
        ('GOV', 'TAGS', 'PII')
        """
        if isinstance(node, exp.DynamicIdentifier):
            return self.spelled(node)
        if isinstance(node, exp.Table):
            return self.table_parts(node)
        if isinstance(node, exp.Column):
            return self.parts(node.parts)
        if isinstance(node, exp.Dot):
            return self.parts(_flatten_dot(node))
        return self.parts((node,))


def _flatten_dot(node: exp.Expression) -> list[exp.Expression]:
    if isinstance(node, exp.Dot):
        return _flatten_dot(node.this) + _flatten_dot(node.expression)
    return [node]


def _temporary_marks(node: exp.Identifier) -> str:
    """The marks of a T-SQL temporary table's name, which sqlglot keeps apart from it: ``#`` of ``#t``, ``##`` of
    ``##t`` (its qualifier of a column, ``#t.a``, too)."""
    return "##" if node.args.get("global_") else "#" if node.args.get("temporary") else ""


@lru_cache(maxsize=64)
def naming_for(dialect: str, quoted_case: bool = False) -> Naming:
    return Naming(dialect, quoted_case=quoted_case)
