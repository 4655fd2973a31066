"""Parsing SQL text with sqlglot, guarded, with the readings every parse shares.

Every parse of SQL text is guarded by :func:`check_nesting` (:func:`.statements.parse_statement`, or
:func:`parse_sql` for view definitions and bodies), which first bounds how deeply the text nests brackets
(:data:`MAX_NESTING`): sqlglot's compiled parser recurses on the C stack once per level and a few thousand levels
kill the process (a segmentation fault, which no ``except`` catches), so such a text is refused before it reaches the
parser. :func:`parse_sql` then reads what sqlglot's tree leaves out or misreads: the name a call is written with
(:func:`name_calls`), PostgreSQL's JSON arrows (:func:`json_arrows`), a comma join's items (:func:`comma_joins`).
"""

from __future__ import annotations

import re

import sqlglot
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import ParseError, SqlglotError, TokenError
from sqlglot.tokens import Token, TokenType

from ..errors import UnsupportedStatement
from .commands.lexer import dialect_named
from .dialects import rules_for
from .fingerprint import SKIPPED
from .token_groups import STRING_TOKENS, depths, word_of


#: How deeply brackets may nest in a text given to the parser. sqlglot's compiled parser
#: takes about 1.1 KB of C stack per nested subquery: 7,450 levels overflow the main
#: thread's 8 MB stack and end the process; 500 need about 0.55 MB (safe in any thread
#: with a 1 MB stack). sqlglot raises RecursionError from about 480 nested parenthesised
#: expressions and the analysis gives up on about 200 nested subqueries, so no statement
#: that could be resolved is refused.
MAX_NESTING = 500

_OPENING = "([{"
_BRACKET = re.compile(r"[()\[\]{}]")


def nesting_depth(text: str) -> int:
    """How deeply brackets nest in ``text``, those inside comments, strings and quoted identifiers aside.

    >>> nesting_depth("select ((1)), f(g(x)) from t -- (((")
    2
    >>> nesting_depth("select ')))(((' from (select [1] from t)")
    2
    """
    depth = deepest = 0
    for bracket in _BRACKET.findall(SKIPPED.sub(" ", text)):
        if bracket in _OPENING:
            depth += 1
            deepest = max(deepest, depth)
        elif depth:
            depth -= 1
    return deepest


def check_nesting(text: str, what: str = "the statement") -> None:
    """Raise :class:`UnsupportedStatement` when brackets nest in ``text`` deeper than :data:`MAX_NESTING`.

    Costs three counts of characters (in C) unless the text holds more opening brackets
    than the limit; only then is it scanned for its real depth.

    >>> check_nesting("select " + "(" * 600 + "1" + ")" * 600)
    Traceback (most recent call last):
    ...
    access_history_platform.errors.UnsupportedStatement: the statement is nested 600 levels deep, more than the limit of 500
    """
    if len(text) <= MAX_NESTING or sum(text.count(bracket) for bracket in _OPENING) <= MAX_NESTING:
        return
    depth = nesting_depth(text)
    if depth > MAX_NESTING:
        raise UnsupportedStatement(f"{what} is nested {depth:,} levels deep, more than the limit of {MAX_NESTING}")


#: sqlglot's own failures on a text it cannot read (its parser tripping on odd input, not a ParseError): wherever
#: a text is parsed, these mean "cannot parse", never an internal error.
SQLGLOT_FAILURES = (TypeError, ValueError, AttributeError, IndexError, KeyError)


def parse_sql(text: str, dialect: str = "snowflake", what: str = "the statement") -> exp.Expression | None:
    """``sqlglot.parse_one`` behind the nesting guard; ``what`` names the text in the guard's error.

    Raises :class:`UnsupportedStatement` for a text nested too deeply, sqlglot's errors otherwise (its parser's own
    failure on a text it cannot read, such as ``map(2, 1, 1)``'s IndexError, a ParseError too).
    """
    check_nesting(text, what)
    try:
        if dialect in ROW_PATTERN_WORD_UNKNOWN and "MATCH_RECOGNIZE" in text.upper():
            tree = sqlglot_parse(text, dialect, dialect_named(dialect).tokenize(text), None)
        else:
            tree = sqlglot.parse_one(text, read=dialect)
            if isinstance(tree, exp.Command) and _spark_variant_path(text, dialect):
                tree = _variant_paths_read(text, [tree])[0]
    except ParseError as err:
        trees = read_otherwise(text, err, dialect)
        tree = trees[0] if trees else None
    except SQLGLOT_FAILURES as err:
        raise ParseError(f"the parser failed on it ({type(err).__name__}: {err})") from err
    tree = json_arrows(comma_joins(string_aliases(tree, dialect), text, dialect), text, dialect)
    return from_text(name_calls(misread_forms(tree, text, dialect), text, dialect), text)


#: The mark (in a tree's ``meta``) of a tree whose text holds no ``COLUMNS``: it has no ``COLUMNS(...)`` node.
NO_COLUMNS = "ahp_no_columns"

#: The last text :func:`lowered` lower-cased, and its copy (one tuple: replaced whole, never half).
_LAST_LOWERED: tuple[str, str] = ("", "")


def lowered(text: str) -> str:
    """``text.lower()`` with its line breaks and tabs as spaces, the last one kept: a statement's readers each test
    its text for the words of their forms (``" join "``, ``" then "``: a word at the end of a line too), one
    lower-cased copy for all of them (five copies of each text cost 0.5 % of a TPC statement's resolution). Each
    character stays where it is.

    >>> lowered("SELECT A\\nFROM T"), lowered("SELECT A FROM T") is lowered("SELECT A FROM T")
    ('select a from t', True)
    """
    global _LAST_LOWERED
    last = _LAST_LOWERED
    if last[0] is text:
        return last[1]
    folded = text.lower().replace("\n", " ").replace("\t", " ").replace("\r", " ")
    _LAST_LOWERED = (text, folded)
    return folded


def from_text(tree: exp.Expression | None, text: str) -> exp.Expression | None:
    """``tree`` with what only its text tells cheaply: each ``NEXT VALUE FOR``'s sequence named
    (:func:`sequences_named`), and :data:`NO_COLUMNS` marked when the text holds no ``columns``, so that the
    analysis of a select list need not walk each item for a ``COLUMNS(...)`` (2 % of a TPC statement's resolution).
    A case-insensitive regex over each text cost 3 %: one lower-cased copy decides whether either is needed.

    >>> from_text(sqlglot.parse_one("select a from t"), "select a from t").meta
    {'ahp_no_columns': True}
    """
    if tree is None:
        return tree
    folded = lowered(text)
    if "columns" not in folded:
        tree.meta[NO_COLUMNS] = True
    return sequences_named(tree, text) if "value" in folded else tree


#: ``NEXT VALUE FOR``, whose operand is a sequence's name.
_NEXT_VALUE_FOR = re.compile(r"\bnext\s+value\s+for\b", re.IGNORECASE)


def sequences_named(tree: exp.Expression | None, text: str) -> exp.Expression | None:
    """``tree`` with the operand of each ``NEXT VALUE FOR s.seq`` (sqlglot's column ``s.seq``) the name it is: a
    sequence's, never a column of a table the query reads (``seq`` of a table of unknown columns, ``s`` its alias).

    >>> tree = sequences_named(sqlglot.parse_one("select next value for s.seq from t", read="tsql"), "next value for")
    >>> tree.sql(), list(tree.find_all(exp.Column))
    ('SELECT NEXT VALUE FOR s.seq FROM t', [])
    """
    if tree is None or _NEXT_VALUE_FOR.search(text) is None:
        return tree
    for call in list(tree.find_all(exp.NextValueFor)):
        if isinstance(call.this, exp.Column):
            call.this.replace(exp.Var(this=".".join(part.name for part in call.this.parts)))
    return tree


def string_aliases(tree: exp.Expression | None, dialect: str) -> exp.Expression | None:
    """T-SQL's ``'Alias' = expression`` in a select list (its "column_alias = expression" with the alias a string),
    which sqlglot reads as a comparison, as the alias it is (a select list holds no comparison in T-SQL).

    >>> string_aliases(sqlglot.parse_one("select 'Order Total' = amount from t", read="tsql"), "tsql").sql("tsql")
    'SELECT amount AS [Order Total] FROM t'
    """
    if dialect != "tsql" or tree is None:
        return tree
    for select in tree.find_all(exp.Select):
        for projection in select.expressions:
            if isinstance(projection, exp.EQ) and isinstance(projection.this, exp.Literal) \
                    and projection.this.is_string:
                projection.replace(exp.alias_(projection.expression, exp.to_identifier(projection.this.this,
                                                                                         quoted=True)))
    return tree


#: The meta key of the name a select list's call is written with, where the dialect names an unaliased column by it.
WRITTEN_NAME = "written_name"


def columns_named(argument: exp.Expression) -> exp.Expression:
    """A copy of ``argument`` with each bare name (``a``, ``t.b``, which sqlglot reads so in the arguments of a call on
    a method chain's left) the column it names.

    >>> import sqlglot
    >>> point = sqlglot.parse_one("select geography::Point(a + 1, t.b, 4).STX(g)", read="tsql").selects[0].this
    >>> [columns_named(argument).sql() for argument in point.expression.expressions]
    ['a + 1', 't.b', '4']
    >>> [type(columns_named(argument).find(exp.Column)).__name__ for argument in point.expression.expressions[:2]]
    ['Column', 'Column']
    """
    def named(node: exp.Expression) -> exp.Expression:
        parts: list[exp.Identifier] = []
        head = node
        while isinstance(head, exp.Dot) and isinstance(head.expression, exp.Identifier):
            parts.insert(0, head.expression)
            head = head.this
        if not isinstance(head, exp.Identifier) or len(parts) > 3 or node.arg_key == "alias" \
                or isinstance(node.parent, (exp.Column, exp.Dot, exp.Table, exp.TableAlias)) \
                or node.arg_key == "this" and isinstance(node.parent, exp.XMLElement):  # (names of no column)
            return node
        names = [head, *parts]
        return exp.Column(this=names[-1].copy(),
                          **dict(zip(("table", "db", "catalog"), (name.copy() for name in reversed(names[:-1])))))

    return argument.copy().transform(named)


def chained_calls(tree: exp.Expression) -> exp.Expression:
    """BigQuery's chained function calls (``(expression).FUNCTION(args)``, "equivalent to" ``FUNCTION(expression,
    args)``; ``'a'.REPLACE('a', 'b').UPPER()``), which sqlglot reads as a path ending in a call, as the calls they are.

    >>> tree = sqlglot.parse_one("select (e.user_id).SUBSTR(1, 3).UPPER() from t e", read="bigquery")
    >>> chained_calls(tree).sql("bigquery")
    'SELECT UPPER(SUBSTRING(e.user_id, 1, 3)) FROM t AS e'
    """
    def called(node: exp.Expression) -> exp.Expression:
        if not (isinstance(node, exp.Dot) and isinstance(node.expression, exp.Anonymous)):
            return node
        receiver = node.this
        if isinstance(receiver, exp.Dot) and isinstance(receiver.expression, exp.Anonymous):
            receiver = called(receiver)
        elif isinstance(receiver, exp.Paren):
            receiver = columns_named(receiver.this)
        elif isinstance(receiver, exp.Func):  # lower(a).upper(): its arguments' bare names are columns too
            receiver = columns_named(receiver)
        elif not isinstance(receiver, exp.Literal):
            return node  # (a path's call: a UDF's name or a method, read elsewhere)
        arguments = [receiver, *(columns_named(argument) for argument in node.expression.expressions)]
        try:
            return exp.func(node.expression.name, *arguments, dialect="bigquery")
        except (ValueError, SqlglotError, TypeError):
            return exp.Anonymous(this=node.expression.name, expressions=arguments)

    return tree.transform(called, copy=False)


def qualified_calls(tree: exp.Expression) -> exp.Expression:
    """A dataset-qualified call before ``IGNORE NULLS`` or ``RESPECT NULLS`` (BigQuery's ``ARRAY_AGG(ds.f(x) IGNORE
    NULLS)``), which sqlglot reads as a column the call names (of a table ``ds``), as the path's call it reads
    elsewhere: ``ds.f(x)``.

    >>> tree = sqlglot.parse_one("select array_agg(p.ds.f(x) ignore nulls) from t", read="bigquery")
    >>> qualified_calls(tree).sql("bigquery")
    'SELECT array_agg(p.ds.f(x) IGNORE NULLS) FROM t'
    >>> type(qualified_calls(tree).find(exp.Anonymous).parent).__name__
    'Dot'
    """
    def path_call(node: exp.Expression) -> exp.Expression:
        if not (isinstance(node, exp.Column) and isinstance(node.this, exp.Func)):
            return node
        parts = [part for part in (node.args.get("catalog"), node.args.get("db"), node.args.get("table")) if part]
        if not parts:
            return node.this
        path = parts[0].copy()
        for part in parts[1:]:
            path = exp.Dot(this=path, expression=part.copy())
        return exp.Dot(this=path, expression=node.this.copy())

    return tree.transform(path_call)


def name_calls(tree: exp.Expression | None, text: str, dialect: str) -> exp.Expression | None:
    """``tree`` with each select-list call of a built-in function (a cast's operand, a window's or a filter's
    function, one in brackets too) marked with the name it is written with (:data:`WRITTEN_NAME`), in a dialect
    that names an unaliased column by its function (PostgreSQL's
    ``now()`` is ``now``, ``date_part('epoch', t)`` is ``date_part``, ``position('a' in s)`` is ``position``;
    sqlglot reads them as CURRENT_TIMESTAMP, EXTRACT and STR_POSITION). ``text`` is what the tree was parsed from.

    >>> sql = "select now(), date_part('epoch', t), extract(year from t), date_trunc('day', t) from x"
    >>> [item.meta.get(WRITTEN_NAME) for item in name_calls(sqlglot.parse_one(sql, read="postgres"), sql, "postgres")
    ...  .selects]
    ['now', 'date_part', 'extract', 'date_trunc']
    """
    if tree is None or not rules_for(dialect).figured_names:
        return tree
    for select in tree.find_all(exp.Select):
        for item in select.expressions:
            while isinstance(item, (exp.Cast, exp.TryCast, exp.Paren, exp.Window, exp.Filter)):
                item = item.this
            if isinstance(item, exp.Func) and not isinstance(item, exp.Anonymous):
                written = _written_call(item, text)
                if written is not None:
                    item.meta[WRITTEN_NAME] = written
    return tree


def _written_call(call: exp.Func, text: str) -> str | None:
    """The name ``call`` is written with in ``text``: at the place sqlglot kept for it, or else the name before the
    innermost bracket still open before its first argument (``date_part`` of ``date_part('epoch', t)``). None when
    what is there is no name followed by a bracket (a tree not parsed from ``text``, a keyword like CURRENT_DATE)."""
    start, end = call.meta.get("start"), call.meta.get("end")
    if isinstance(start, int) and isinstance(end, int):
        match = _CALLED.match(text, start)
        return match.group(1) if match is not None and match.end(1) == end + 1 else None
    inner = min((node.meta["start"] for node in call.walk() if node is not call and "start" in node.meta), default=None)
    if not isinstance(inner, int) or inner > len(text):
        return None
    depth, at = 0, inner - 1
    while at >= 0:
        char = text[at]
        if char == "'":
            at = text.rfind("'", 0, at)  # to the string's opening quote ('' inside it: two strings, same place)
            if at < 0:
                return None
        elif char == ")":
            depth += 1
        elif char == "(" and depth:
            depth -= 1
        elif char == "(":
            match = _CALL_BEFORE.search(text, max(0, at - 128), at)
            return match.group(1) if match is not None else None
        at -= 1
    return None


_CALLED = re.compile(r"([A-Za-z_][A-Za-z0-9_$]*)\s*\(")


_CALL_BEFORE = re.compile(r"([A-Za-z_][A-Za-z0-9_$]*)\s*$")


def read_otherwise(text: str, err: ParseError, dialect: str) -> list:
    """``text``'s statements read in the grammar that has what the dialect's parser in sqlglot failed on (``err``):
    PostgreSQL's for Redshift's casts to its system types (:func:`_redshift_unknown_type`), Databricks' for Spark 4's
    path into a VARIANT (``v:a.b``, ``v:['k']``: :func:`_spark_variant_path`); otherwise ``err``, raised.

    >>> sql = "select v:a.b::int, v:['k'] from t"
    >>> read_otherwise(sql, ParseError("Invalid expression / Unexpected token"), "spark")[0].sql("databricks")
    'SELECT CAST(v:a.b AS INT), v:["k"] FROM t'
    """
    if _redshift_unknown_type(err, dialect):
        return _as_postgres(text, err)
    if _spark_variant_path(text, dialect):
        try:
            return _as_databricks(text)
        except SqlglotError:
            raise err from None
    raise err


def _spark_variant_path(text: str, dialect: str) -> bool:
    """Whether ``text``, which Spark's parser in sqlglot failed on (or kept as a command, as it keeps a CREATE it
    cannot read), may hold Spark 4's path into a VARIANT, ``v:a.b`` (Spark 4's "semi-structured extraction
    operator", which sqlglot reads in Databricks' grammar only: its parser is Spark's with that operator, and an
    unaliased path is named by its last key in both, ``v:a.b`` as ``b``)."""
    return dialect == "spark" and ":" in text


def _as_databricks(text: str) -> list:
    """``text``'s statements read in Databricks' grammar."""
    return dialect_named("databricks").parser().parse(dialect_named("databricks").tokenize(text), text)


def _variant_paths_read(text: str, commands: list) -> list:
    """The statements Spark's parser kept as ``commands``, read in Databricks' grammar when it reads them as more than
    a command (:func:`_spark_variant_path`); ``commands`` otherwise."""
    try:
        trees = _as_databricks(text)
    except SqlglotError:
        return commands
    return trees if trees and trees[0] is not None and not isinstance(trees[0], exp.Command) else commands


def _redshift_unknown_type(err: ParseError, dialect: str) -> bool:
    """Whether ``err`` is Redshift's parser meeting a cast to a PostgreSQL system type it does not know
    (``'{}'::aclitem[]``, ``::xid``, ``::int2vector`` in catalog queries): such a statement is read as PostgreSQL,
    whose parser takes any type name (:func:`_as_postgres`)."""
    return dialect == "redshift" and str(err).startswith(("Expected type", "Expected TYPE after CAST"))


def _as_postgres(text: str, err: ParseError) -> list:
    """``text``'s statements read as PostgreSQL; when that fails too, Redshift's own error (``err``), the one that
    names the statement's problem in its dialect."""
    try:
        return dialect_named("postgres").parser().parse(dialect_named("postgres").tokenize(text), text)
    except SqlglotError:
        raise err from None


def json_arrows(tree: exp.Expression | None, text: str, dialect: str) -> exp.Expression | None:
    """``tree`` with its lambdas read as the JSON operators they are in the dialects that have no lambdas
    (:attr:`.dialects.DialectRules.arrows_are_json`): sqlglot reads PostgreSQL's ``f(items -> 'data')``, an
    operator's use as a call's argument, as a lambda of a parameter ``items``, and ``items`` was no column.

    >>> sql = "select jsonb_array_elements(items -> 'data'), coalesce(m -> 0, n) from t"
    >>> json_arrows(sqlglot.parse_one(sql, read="postgres"), sql, "postgres").sql("postgres")
    "SELECT JSONB_ARRAY_ELEMENTS(items -> 'data'), COALESCE(m -> 0, n) FROM t"
    >>> sorted(c.name for c in json_arrows(sqlglot.parse_one(sql, read="postgres"), sql, "postgres").find_all(exp.Column))
    ['items', 'm', 'n']
    """
    if tree is None or "->" not in text or not rules_for(dialect).arrows_are_json:
        return tree
    for node in list(tree.find_all(exp.Lambda)):
        parameters = node.expressions
        if len(parameters) == 1 and isinstance(parameters[0], exp.Identifier):
            node.replace(exp.JSONExtract(this=exp.Column(this=parameters[0].copy()), expression=node.this.copy()))
    return tree


def misread_forms(tree: exp.Expression | None, text: str, dialect: str) -> exp.Expression | None:
    """``tree`` with the names sqlglot reads as columns that are none read as what they are: a list comprehension's
    variables (:func:`comprehension_variables`), a call's keyword argument (:func:`keyword_arguments`), SQLite's
    table after IN (:func:`in_tables`). Each looks at the text first, and leaves a tree without them as it is."""
    return in_tables(keyword_arguments(comprehension_variables(tree, text), text, dialect), text, dialect)


def comprehension_variables(tree: exp.Expression | None, text: str) -> exp.Expression | None:
    """``tree`` with the variables of its list comprehensions (DuckDB's ``[x + 1 FOR x IN l IF x > 0]``, and its
    position ``FOR x, i IN l``) read as a lambda's parameters are: sqlglot reads them as columns in the
    comprehension's value and condition, and ``x`` was recorded as a column of the table beside it. A qualified
    name is a column still, but ``x.f`` of a variable ``x`` is the field ``f`` of its value.

    >>> sql = "select [x.f + i + t.x + k for x, i in l if x > k] from t"
    >>> tree = comprehension_variables(sqlglot.parse_one(sql, read="duckdb"), sql)
    >>> sorted(c.sql("duckdb") for c in tree.find_all(exp.Column))
    ['k', 'k', 'l', 't.x']
    """
    if tree is None or "[" not in text or " for " not in lowered(text):
        return tree
    for comprehension in list(tree.find_all(exp.Comprehension)):
        names = {variable.name.lower() for variable in (comprehension.expression, comprehension.args.get("position"))
                 if isinstance(variable, exp.Identifier)}
        for part in (comprehension.this, comprehension.args.get("condition")):
            for column in list(part.find_all(exp.Column)) if part is not None else ():
                parts = column.parts
                if len(parts) > 2 or parts[0].name.lower() not in names:
                    continue
                variable = exp.Identifier(this=parts[0].name, quoted=parts[0].quoted)
                column.replace(variable if len(parts) == 1 else exp.Dot(this=variable, expression=parts[1].copy()))
    return tree


def keyword_arguments(tree: exp.Expression | None, text: str, dialect: str) -> exp.Expression | None:
    """``tree`` with the keywords that a call of the dialect's :attr:`~.dialects.DialectRules.keyword_arguments` takes
    as an argument read as keywords, not as the columns sqlglot reads them as (T-SQL's ``DATE_BUCKET(week, 1, d)``
    read ``week`` from the table beside it).

    >>> sql = "select date_bucket(week, 1, d), date_bucket(wk, 2, t.d, @origin) from t"
    >>> sorted(c.sql("tsql") for c in keyword_arguments(sqlglot.parse_one(sql, read="tsql"), sql, "tsql")
    ...        .find_all(exp.Column))
    ['d', 't.d']
    """
    places = rules_for(dialect).keyword_arguments
    if tree is None or not places:
        return tree
    folded = lowered(text)
    for name, place in places:
        if name.lower() not in folded:
            continue
        for call in list(tree.find_all(exp.Anonymous)):
            arguments = call.expressions
            if call.name.upper() == name and place < len(arguments) and isinstance(arguments[place], exp.Column) \
                    and not arguments[place].table:
                arguments[place].replace(exp.Var(this=arguments[place].name))
    return tree


def in_tables(tree: exp.Expression | None, text: str, dialect: str) -> exp.Expression | None:
    """``tree`` with SQLite's ``x IN t`` (a table named as IN's operand: "the right-hand operand of an IN ... operator
    ... may be a table name") as the ``x IN (SELECT * FROM t)`` it means: sqlglot reads ``t`` as a column, and the
    table's read was lost.

    >>> sql = "select 1 in t1 where b not in main.t2"
    >>> in_tables(sqlglot.parse_one(sql, read="sqlite"), sql, "sqlite").sql("sqlite")
    'SELECT 1 IN (SELECT * FROM t1) WHERE NOT b IN (SELECT * FROM main.t2)'
    """
    if tree is None or dialect != "sqlite" or " in " not in lowered(text):
        return tree
    for node in list(tree.find_all(exp.In)):
        field = node.args.get("field")
        if isinstance(field, exp.Column) and not isinstance(field.this, exp.Star):
            schema = field.args.get("table")
            table = exp.Table(this=field.this.copy(), db=schema.copy() if schema is not None else None)
            node.set("field", None)
            node.set("query", exp.Subquery(this=exp.select("*").from_(table)))
    return tree


def comma_joins(tree: exp.Expression | None, text: str, dialect: str,
                tokens: list[Token] | None = None) -> exp.Expression | None:
    """``tree`` with its comma joins (``FROM a, b``) told from its ``CROSS JOIN`` s: in the dialects whose joins have
    equal precedence (:attr:`.dialects.DialectRules.comma_joins_crossed`) sqlglot reads both as a CROSS join, and a
    comma is no explicit join (CONTRACT 3a: no ``joinObjects``). Each ``CROSS JOIN`` of the text is matched to the
    join of the item it joins (the outermost join whose first name stands in that item's text, else, for an item
    that names nothing, the first join after those before it); the other CROSS joins are commas, and lose their
    kind, as other dialects read them.

    >>> sql = "select 1 from a, b cross join c, (select x from d cross join e) f cross join explode(array(1)), h"
    >>> joins = comma_joins(sqlglot.parse_one(sql, read="spark"), sql, "spark").find_all(exp.Join)
    >>> [j.sql("spark") for j in joins]  # doctest: +NORMALIZE_WHITESPACE
    [', b', 'CROSS JOIN c', ', (SELECT x FROM d CROSS JOIN e) AS f',
     'CROSS JOIN EXPLODE(ARRAY(1))', ', h', 'CROSS JOIN e']
    """
    if tree is None or not rules_for(dialect).comma_joins_crossed:
        return tree
    crossed = [node for node in tree.walk(bfs=False)
               if type(node) is exp.Join and (node.args.get("kind") or "").upper() == "CROSS"]
    if not crossed:
        return tree
    tokens = tokens if tokens is not None else Dialect.get_or_raise(dialect).tokenize(text)
    written = [n + 1 for n, (t, after) in enumerate(zip(tokens, tokens[1:]))
               if t.token_type == TokenType.CROSS and after.token_type == TokenType.JOIN]
    if len(written) >= len(crossed):
        return tree
    anchors = [min((i.meta["start"] for i in join.this.find_all(exp.Identifier) if "start" in i.meta), default=None)
               for join in crossed]
    explicit: set[int] = set()
    for at in written:  # the index of the JOIN token
        begin, end = tokens[at].end, _joined_item_end(tokens, at + 1, len(text))
        inside = [(anchor, n) for n, anchor in enumerate(anchors)
                  if anchor is not None and begin < anchor < end and n not in explicit]
        if inside:
            explicit.add(min(inside)[1])
            continue
        before = max((n for n, anchor in enumerate(anchors) if anchor is not None and anchor < begin), default=-1)
        unnamed = [n for n, anchor in enumerate(anchors) if anchor is None and n > before and n not in explicit]
        if unnamed:
            explicit.add(unnamed[0])
    for n, join in enumerate(crossed):
        if n not in explicit:
            join.set("kind", None)
    return tree


#: Words that end a joined item's text: the next join, its condition, the query's next clause.
_AFTER_JOINED = frozenset({"JOIN", "CROSS", "INNER", "LEFT", "RIGHT", "FULL", "NATURAL", "ON", "USING", "WHERE",
                           "GROUP", "ORDER", "HAVING", "LIMIT", "QUALIFY", "WINDOW", "UNION", "EXCEPT", "INTERSECT",
                           "LATERAL", "SORT", "CLUSTER", "DISTRIBUTE"})


def _joined_item_end(tokens: list[Token], at: int, default: int) -> int:
    """Where the item joined at token ``at`` ends in the text: at the first comma, closing bracket or clause word
    outside its own brackets."""
    for token, depth in zip(tokens[at:], depths(tokens, start=at)):
        if depth < 0 or depth == 0 and (token.token_type == TokenType.COMMA or (
                token.token_type not in STRING_TOKENS and word_of(token) in _AFTER_JOINED)):
            return token.start
    return default


def sqlglot_parse(text: str, dialect: str, tokens: list[Token], broken: TokenError | None) -> exp.Expression:
    """``sqlglot.parse_one(text, read=dialect)`` from the statement's tokens (the same result and errors)."""
    if broken is not None:  # what parse_one's own tokenization would have raised
        raise broken
    if dialect in ROW_PATTERN_WORD_UNKNOWN:
        tokens = row_patterns_marked(tokens)
    try:
        result = dialect_named(dialect).parser().parse(tokens, text)
        if result and isinstance(result[0], exp.Command) and _spark_variant_path(text, dialect):
            result = _variant_paths_read(text, result)
    except ParseError as err:
        result = read_otherwise(text, err, dialect)
    if not result or result[0] is None:
        raise ParseError(f"No expression was parsed from '{text}'")
    return exp.Block(expressions=result) if len(result) > 1 else result[0]


#: The dialects whose tokenizer in sqlglot does not know ``MATCH_RECOGNIZE`` as a word, though the dialect has the
#: clause (BigQuery: "MATCH_RECOGNIZE clause", query syntax) and sqlglot's parser reads it (as Snowflake's and Trino's).
ROW_PATTERN_WORD_UNKNOWN = frozenset({"bigquery"})


def row_patterns_marked(tokens: list[Token]) -> list[Token]:
    """``tokens`` with each ``MATCH_RECOGNIZE`` before a parenthesis the clause's word, not a name (new tokens, the
    given ones unchanged).

    >>> sql = "select * from t match_recognize (partition by a order by b pattern (x+) define x as c > 0)"
    >>> tokens = row_patterns_marked(dialect_named("bigquery").tokenize(sql))
    >>> sqlglot_parse(sql, "bigquery", tokens, None).args["match"].sql("bigquery")
    'MATCH_RECOGNIZE (PARTITION BY a ORDER BY b PATTERN (x+) DEFINE x AS c > 0)'
    """
    marked = None
    for index, token in enumerate(tokens[:-1]):
        if token.token_type == TokenType.VAR and token.text.upper() == "MATCH_RECOGNIZE" \
                and tokens[index + 1].token_type == TokenType.L_PAREN:
            marked = list(tokens) if marked is None else marked
            marked[index] = Token(TokenType.MATCH_RECOGNIZE, token.text, token.line, token.col, token.start, token.end,
                                  token.comments)
    return tokens if marked is None else marked


def first_line(err: Exception) -> str:
    """An error's first line, the same in every run: which of a node's missing parts sqlglot names first varies with
    the process's string hashes, so a missing part is named by its node alone.

    >>> first_line(ValueError("Required keyword: 'this' missing for <class 'sqlglot.expressions.core.Dot'>. Line 1"))
    'Required keyword missing for Dot. Line 1'
    """
    message = str(err).strip().splitlines()
    return _MISSING_PART.sub(r"Required keyword missing for \1", message[0]) if message else type(err).__name__


_MISSING_PART = re.compile(r"Required keyword: '\w+' missing for <class '(?:\w+\.)*(\w+)'>")
