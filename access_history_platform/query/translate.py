"""Snowflake SQL to Spark SQL, on sqlglot's tree: the reference's queries over ACCESS_HISTORY, unchanged.

sqlglot reads the Snowflake text; the transforms below rewrite the tree where sqlglot's own
Snowflake -> Spark generation gives SQL Spark rejects or answers differently:

- ``ACCESS_HISTORY``, ``<db>.ACCOUNT_USAGE.ACCESS_HISTORY`` and
  ``SNOWFLAKE.ORGANIZATION_USAGE.ACCESS_HISTORY`` name the views of :data:`VIEW_NAMES`;
- ``LATERAL FLATTEN(input => x, outer => true) f`` is ``LATERAL variant_explode[_outer](x) AS
  f(index, key, value)``, so ``f.value``, ``f.key`` and ``f.index`` mean what they mean in Snowflake;
- ``v:"a"."b"`` is ``variant_get(v, '$.a.b')``, ``::int`` / ``::number`` a cast to BIGINT (Snowflake's
  NUMBER(38,0)); a semi-structured value used as a value (selected, compared, grouped,
  concatenated) is its text: a string without JSON quotes, as Snowflake shows it;
- ``dateadd`` keeps the time of day (``timestampadd``); ``current_date`` and
  ``current_timestamp`` can be fixed (``now``) to ask a question as of another time;
- a CTE that reads itself makes the ``WITH`` recursive, with or without the keyword;
- ``SELECT DISTINCT t.*`` over semi-structured columns compares their text (Spark cannot
  compare VARIANT values);
- ``USE ...``, ``ALTER SESSION ...`` and ``SET ...`` are accepted and ignored.

:func:`split` cuts a text of several statements into its questions, each to be translated and
answered on its own.

QUALIFY, ILIKE, ``||``, ``array_agg``, ``date_trunc``, ``nvl`` and ``//`` comments are
sqlglot's own. What cannot be translated raises :class:`Untranslatable` naming the construct.

>>> translate('select f.value:"objectName"::string from access_history, lateral flatten(base_objects_accessed) f').statements
["SELECT CAST(VARIANT_GET(f.value, '$.objectName') AS STRING) FROM account_usage_access_history, LATERAL VARIANT_EXPLODE(base_objects_accessed) AS f(index, key, value)"]
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone

import sqlglot
from sqlglot import Dialect, exp
from sqlglot.errors import SqlglotError
from sqlglot.tokens import Token, TokenType

__all__ = ["QueryError", "Translation", "Untranslatable", "VARIANT_COLUMNS", "VIEW_COLUMNS", "VIEW_NAMES", "split",
           "translate"]

#: Snowflake's (schema, view) -> the Spark view that stands for it.
VIEW_NAMES = {
    ("ACCOUNT_USAGE", "ACCESS_HISTORY"): "account_usage_access_history",
    ("ORGANIZATION_USAGE", "ACCESS_HISTORY"): "organization_usage_access_history",
}
_ACCOUNT_COLUMNS = ("QUERY_ID", "QUERY_START_TIME", "USER_NAME", "DIRECT_OBJECTS_ACCESSED", "BASE_OBJECTS_ACCESSED",
                    "OBJECTS_MODIFIED", "OBJECT_MODIFIED_BY_DDL", "POLICIES_REFERENCED", "PARENT_QUERY_ID",
                    "ROOT_QUERY_ID", "ACCOUNT_NAME")
#: The columns of those views, in order (the organization's adds its name).
VIEW_COLUMNS = {
    "account_usage_access_history": _ACCOUNT_COLUMNS,
    "organization_usage_access_history": ("ORGANIZATION_NAME", *_ACCOUNT_COLUMNS),
}
#: The semi-structured (VARIANT) columns of those views.
VARIANT_COLUMNS = frozenset({"DIRECT_OBJECTS_ACCESSED", "BASE_OBJECTS_ACCESSED", "OBJECTS_MODIFIED",
                             "OBJECT_MODIFIED_BY_DDL", "POLICIES_REFERENCED"})
#: FLATTEN's output columns that Spark's variant_explode has, by Snowflake's name.
_FLATTEN_COLUMNS = ("index", "key", "value")
_FLATTEN_MISSING = frozenset({"SEQ", "PATH", "THIS"})
_NOW_WORDS = {"CURRENT_DATE": exp.CurrentDate, "CURRENT_TIMESTAMP": exp.CurrentTimestamp}
_NO_STATEMENT = "the question holds no statement"
_WHOLE_NUMBERS = {exp.DataType.Type.INT, exp.DataType.Type.SMALLINT, exp.DataType.Type.TINYINT,
                  exp.DataType.Type.BIGINT}


class QueryError(ValueError):
    """A question that cannot be asked: the message is one line naming what and why."""


class Untranslatable(QueryError):
    """A construct of the question's dialect with no translation to Spark SQL."""


@dataclass(frozen=True)
class Translation:
    """The Spark SQL statements of a question, in order, and the session statements left out."""

    statements: list[str]
    ignored: list[str] = field(default_factory=list)


def translate(sql: str, *, dialect: str = "snowflake", now: datetime | None = None) -> Translation:
    """``sql`` (one or more statements of ``dialect``) as Spark SQL; see the module's docstring.

    ``dialect="spark"`` passes the statements through sqlglot unchanged. ``now`` replaces
    ``current_date`` / ``current_timestamp``.
    """
    try:
        trees = [tree for tree in sqlglot.parse(sql, read=dialect) if tree is not None]
    except SqlglotError as err:
        raise QueryError(f"cannot parse the question as {dialect} SQL: {_parse_problem(err)}") from None
    if not trees:
        raise QueryError(_NO_STATEMENT)
    statements, ignored = [], []
    for tree in trees:
        if _is_session_statement(tree):
            ignored.append(tree.sql(dialect=dialect))
            continue
        if dialect == "snowflake":
            tree = _snowflake_to_spark(tree, now)
        elif now is not None:
            tree = tree.transform(lambda node: _fixed_now(node, now))
        statements.append(_generate(tree))
    return Translation(statements, ignored)


def split(sql: str, *, dialect: str = "snowflake") -> list[str]:
    """The questions of ``sql``: the text of each statement, in order, but the session statements (USE,
    ALTER SESSION, SET), which answer nothing. Cut at the ``;`` tokens, so a statement that cannot be
    parsed is still one question, whose error :func:`translate` names, and the others stay answerable.

    >>> split("use role r; select ';' as a; select 2 as b;")
    ["select ';' as a", 'select 2 as b']
    """
    try:
        tokens = Dialect.get_or_raise(dialect).tokenize(sql)
    except SqlglotError as err:
        raise QueryError(f"cannot parse the question as {dialect} SQL: {_parse_problem(err)}") from None
    texts = [sql[start:end].strip() for start, end in _statement_spans(tokens)]
    if not texts:
        raise QueryError(_NO_STATEMENT)
    return [text for text in texts if not _is_session_text(text, dialect)]


def _statement_spans(tokens: list[Token]) -> list[tuple[int, int]]:
    """Where each statement's text starts and ends: from the ``;`` before it, so that the comments
    before it stay with it, to its last token."""
    spans: list[tuple[int, int]] = []
    start, last = 0, None
    for token in tokens:
        if token.token_type != TokenType.SEMICOLON:
            last = token
            continue
        if last is not None:
            spans.append((start, last.end + 1))
        start, last = token.end + 1, None
    if last is not None:  # the last statement needs no ;
        spans.append((start, last.end + 1))
    return spans


def _is_session_text(text: str, dialect: str) -> bool:
    try:
        return _is_session_statement(sqlglot.parse_one(text, read=dialect))
    except SqlglotError:
        return False  # not a session statement: asked, its parse error is its answer


def _parse_problem(err: SqlglotError) -> str:
    found = (getattr(err, "errors", None) or [{}])[0]
    description = str(found.get("description") or _first_line(err)).split(" but got ")[0]
    where = f" (line {found['line']}, column {found['col']})" if found.get("line") else ""
    return description + where


def _first_line(err: Exception) -> str:
    return " ".join(str(err).split("\n")[0].split())


def _is_session_statement(tree: exp.Expression) -> bool:
    if isinstance(tree, (exp.Use, exp.Set)):
        return True
    return isinstance(tree, exp.Alter) and str(tree.args.get("kind") or "").upper() == "SESSION"


def _generate(tree: exp.Expression) -> str:
    if isinstance(tree, (exp.Command, exp.Show)):
        raise Untranslatable(f"cannot translate the statement {_head(tree)} (only queries are answered)")
    try:
        return tree.sql(dialect="spark", unsupported_level=sqlglot.ErrorLevel.RAISE)
    except SqlglotError as err:
        raise Untranslatable(f"cannot translate to Spark SQL: {_first_line(err)}") from None


def _head(tree: exp.Expression) -> str:
    text = tree.sql(dialect="snowflake") if not isinstance(tree, exp.Command) else str(tree.this)
    return " ".join(text.split()[:3]).upper() or type(tree).__name__.upper()


def _snowflake_to_spark(tree: exp.Expression, now: datetime | None) -> exp.Expression:
    tree = tree.transform(lambda node: _view_name(node) if isinstance(node, exp.Table) else node)
    tree = _expand_distinct_stars(tree)
    flattens = _flatten_aliases(tree)
    # one kind of node a pass: a replaced node's children are not visited again in the same pass
    tree = tree.transform(lambda node: _rewrite(node, now, flattens))
    tree = tree.transform(lambda node: _timestamp_add(node) if isinstance(node, exp.DateAdd) else node)
    tree = tree.transform(lambda node: _flatten(node) if isinstance(node, exp.Lateral)
                          and isinstance(node.this, exp.Explode) else node)
    tree = tree.transform(lambda node: _as_text(node, flattens))
    for with_ in tree.find_all(exp.With):
        if any(_reads_itself(cte) for cte in with_.expressions):
            with_.set("recursive", True)
    return tree


def _rewrite(node: exp.Expression, now: datetime | None, flattens: set[str]) -> exp.Expression:
    if isinstance(node, exp.Explode) and not isinstance(node.parent, exp.Lateral):
        raise Untranslatable("cannot translate FLATTEN outside LATERAL FLATTEN(...) (write `, LATERAL FLATTEN(...) f`)")
    if isinstance(node, exp.JSONExtract):
        return _variant_get(node)
    if isinstance(node, exp.DataType) and node.this in _WHOLE_NUMBERS | {exp.DataType.Type.DECIMAL} \
            and not (node.this == exp.DataType.Type.DECIMAL and node.expressions):
        return exp.DataType.build("BIGINT")
    if isinstance(node, exp.Column) and (node.table or node.name.upper() not in _NOW_WORDS):
        return _column(node, flattens)
    if isinstance(node, exp.Parameter) or (isinstance(node, exp.Var) and node.name.startswith("$")):
        raise Untranslatable(f"cannot translate the positional column {node.sql('snowflake')}")
    return _fixed_now(node, now)


def _timestamp_add(node: exp.DateAdd) -> exp.Expression:
    unit = node.args.get("unit")
    return exp.Anonymous(this="TIMESTAMPADD", expressions=[
        exp.Var(this=(unit.name if unit is not None else "DAY").upper()), node.expression, node.this])


def _fixed_now(node: exp.Expression, now: datetime | None) -> exp.Expression:
    if now is None:
        return node
    if isinstance(node, exp.Column) and not node.table and node.name.upper() in _NOW_WORDS:
        node = _NOW_WORDS[node.name.upper()]()  # written without brackets, read as a column
    moment = now.astimezone(timezone.utc) if now.tzinfo else now.replace(tzinfo=timezone.utc)
    if isinstance(node, exp.CurrentDate):
        return exp.cast(exp.Literal.string(moment.date().isoformat()), "DATE")
    if isinstance(node, exp.CurrentTimestamp):
        return exp.cast(exp.Literal.string(moment.strftime("%Y-%m-%d %H:%M:%S.%f")), "TIMESTAMP")
    return node


def _view_name(table: exp.Table) -> exp.Expression:
    schema = (table.db or "ACCOUNT_USAGE").upper()
    name = VIEW_NAMES.get((schema, table.name.upper()))
    if name is None or not isinstance(table.this, exp.Identifier):
        return table
    renamed = exp.Table(this=exp.to_identifier(name))
    for arg in ("alias", "joins", "pivots", "laterals"):
        if table.args.get(arg):
            renamed.set(arg, table.args[arg])
    return renamed


def _flatten_aliases(tree: exp.Expression) -> set[str]:
    return {lateral.alias.upper() for lateral in tree.find_all(exp.Lateral)
            if isinstance(lateral.this, exp.Explode) and lateral.alias}


def _flatten(lateral: exp.Lateral) -> exp.Expression:
    explode = lateral.this
    arguments = [explode.this, *explode.expressions]
    source, outer = None, False
    for argument in arguments:
        if isinstance(argument, exp.Kwarg):
            name = argument.this.name.lower()
            if name == "input":
                source = argument.expression
            elif name == "outer":
                outer = isinstance(argument.expression, exp.Boolean) and argument.expression.this
            else:
                raise Untranslatable(f"cannot translate FLATTEN's {name.upper()} argument (only INPUT and OUTER)")
        elif source is None:
            source = argument
        else:
            raise Untranslatable("cannot translate FLATTEN with more than its INPUT as positional argument")
    if source is None:
        raise Untranslatable("cannot translate FLATTEN without an INPUT")
    function = "VARIANT_EXPLODE_OUTER" if outer else "VARIANT_EXPLODE"
    alias = lateral.alias or "f"
    return exp.Lateral(this=exp.Anonymous(this=function, expressions=[source]),
                       alias=exp.TableAlias(this=exp.to_identifier(alias),
                                            columns=[exp.to_identifier(c) for c in _FLATTEN_COLUMNS]))


def _variant_get(node: exp.JSONExtract) -> exp.Expression:
    path = node.expression
    if not isinstance(path, exp.JSONPath):
        raise Untranslatable(f"cannot translate the path {node.sql('snowflake')}")
    base = node.this.unnest()  # the brackets of (v:a):b
    base = _variant_get(base) if isinstance(base, exp.JSONExtract) else node.this
    return exp.Anonymous(this="VARIANT_GET", expressions=[base, exp.Literal.string(_json_path(path))])


def _json_path(path: exp.JSONPath) -> str:
    text = "$"
    for part in path.expressions:
        if isinstance(part, exp.JSONPathRoot):
            continue
        if isinstance(part, exp.JSONPathKey):
            key = str(part.this)
            text += f".{key}" if key.isidentifier() else f"[{json.dumps(key)}]"
        elif isinstance(part, exp.JSONPathSubscript) and isinstance(part.this, int):
            text += f"[{part.this}]"
        else:
            raise Untranslatable(f"cannot translate the path element {part.sql('snowflake')!r}")
    return text


def _column(column: exp.Column, flattens: set[str]) -> exp.Expression:
    if column.table.upper() in flattens and column.name.upper() in _FLATTEN_MISSING:
        raise Untranslatable(f"cannot translate FLATTEN's {column.name.upper()} column (only INDEX, KEY and VALUE)")
    return column


def _is_variant(node: exp.Expression, flattens: set[str]) -> bool:
    if isinstance(node, exp.Anonymous) and str(node.this).upper() == "VARIANT_GET":
        return len(node.expressions) == 2
    return isinstance(node, exp.Column) and node.table.upper() in flattens and node.name.upper() == "VALUE"


def _as_text(node: exp.Expression, flattens: set[str]) -> exp.Expression:
    """A semi-structured value used as a value (not navigated, flattened or cast) as its text."""
    if not _is_variant(node, flattens):
        return node
    parent = node.parent
    while isinstance(parent, exp.Paren):
        parent = parent.parent
    if isinstance(parent, (exp.Cast, exp.TryCast, exp.Is)):
        return node
    if isinstance(parent, exp.Anonymous) and str(parent.this).upper() in (
            "VARIANT_GET", "VARIANT_EXPLODE", "VARIANT_EXPLODE_OUTER"):
        return node
    return exp.cast(node.copy(), "STRING")


def _reads_itself(cte: exp.CTE) -> bool:
    name = cte.alias_or_name.upper()
    return any(table.name.upper() == name and not table.db for table in cte.this.find_all(exp.Table))


def _expand_distinct_stars(tree: exp.Expression) -> exp.Expression:
    """``SELECT DISTINCT t.*`` with the star spelled out, the semi-structured columns as text."""
    if not any(select.args.get("distinct") and select.is_star for select in tree.find_all(exp.Select)):
        return tree
    from sqlglot.optimizer.qualify import qualify

    schema = {name: {column: "VARIANT" if column in VARIANT_COLUMNS else "STRING" for column in columns}
              for name, columns in VIEW_COLUMNS.items()}
    try:
        tree = qualify(tree, schema=schema, dialect="snowflake", quote_identifiers=False,
                       validate_qualify_columns=False, identify=False)
    except SqlglotError as err:
        raise Untranslatable(f"cannot expand SELECT DISTINCT *: {_first_line(err)}") from None
    for select in tree.find_all(exp.Select):
        if select.args.get("distinct"):
            select.set("expressions", [_text_projection(p) for p in select.expressions])
    return tree


def _text_projection(projection: exp.Expression) -> exp.Expression:
    inner = projection.this if isinstance(projection, exp.Alias) else projection
    if isinstance(inner, exp.Column) and inner.name.upper() in VARIANT_COLUMNS:
        return exp.alias_(exp.cast(inner.copy(), "STRING"), inner.name)
    return projection


