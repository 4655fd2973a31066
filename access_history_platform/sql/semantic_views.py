"""A Snowflake semantic view read as the view it stands for.

A semantic view (``CREATE SEMANTIC VIEW sv TABLES (...) RELATIONSHIPS (...) FACTS (...) DIMENSIONS (...) METRICS
(...)``) names logical tables over tables and defines each fact, dimension and metric by an expression over their
columns. A query of it (``SELECT * FROM SEMANTIC_VIEW(sv METRICS total DIMENSIONS region)``) reads the semantic
view; what stands behind it are the columns its items are computed from, as a view's are: the base objects of
such a query are those tables and columns (CONTRACT 3, "views replaced by what stands behind them", read by
analogy: the reference does not list semantic views).

:func:`semantic_view_query` writes the definition as the SELECT it stands for: one output column per item, named
by it, computed by its expression with each column qualified by its logical table and each item it names (``s.net``
in ``AVG(s.net)``) replaced by that item's expression, as a scalar subquery over the logical tables that expression
names (its own when it names none): a query of the semantic view reads the tables behind the items it asks for,
not every logical table. (A relationship joins logical tables when a query asks for items of more than one; its key
columns are not read here.) The binder analyses that SELECT as a view's definition.

>>> sql = '''create semantic view sv tables (s as db.s.sales primary key (id), c as db.s.customers unique (id))
...   relationships (s_c as s(cust_id) references c) facts (s.net as amount - discount comment = 'x')
...   dimensions (c.region as c.region_name with synonyms = ('area'))
...   metrics (s.total as sum(s.net), s.bal non additive by (region) as sum(balance), avg_total as s.total / count(*))'''
>>> query, names = semantic_view_query(sql, "snowflake")
>>> names
['net', 'region', 'total', 'bal', 'avg_total']
>>> for column in query.split(", (SELECT "):
...     print(column)
SELECT (SELECT s.amount - s.discount FROM db.s.sales AS s) AS net
c.region_name FROM db.s.customers AS c) AS region
SUM((s.amount - s.discount)) FROM db.s.sales AS s) AS total
SUM(s.balance) FROM db.s.sales AS s) AS bal
SUM((s.amount - s.discount)) / COUNT(*) FROM db.s.sales AS s) AS avg_total
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from dataclasses import dataclass
from functools import lru_cache

from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import SqlglotError
from sqlglot.tokens import Token, TokenType

from .create_clauses import name_end
from .token_groups import depths, group_end

#: The clauses of items, in the order their columns are given.
ITEM_CLAUSES = ("FACTS", "DIMENSIONS", "METRICS")
#: What may follow an item's expression: its synonyms, a dimension's Cortex Search service (``WITH SYNONYMS``,
#: ``WITH CORTEX SEARCH SERVICE``), its comment. (A metric's ``USING (relationship)`` and ``NON ADDITIVE BY (...)``
#: come before its AS.)
_AFTER_EXPRESSION = frozenset({"WITH", "COMMENT"})
_WITH_CLAUSES = frozenset({"SYNONYMS", "SYNONYM", "CORTEX"})
#: Words before an item's name (its visibility).
_VISIBILITY = frozenset({"PRIVATE", "PUBLIC"})


@dataclass(frozen=True, slots=True)
class _Item:
    table: str | None  # the logical table it belongs to (none for a derived metric)
    name: str
    expression: exp.Expression
    clause: str = ""  # FACTS, DIMENSIONS or METRICS
    private: bool = False


@dataclass(frozen=True, slots=True)
class SemanticItem:
    """A fact, dimension or metric as a query names it: its logical table (None for a derived metric), its name, its
    clause, whether it is private, and the semantic view's column that holds it (its name; ``table.name`` where
    two logical tables have an item of that name)."""

    table: str | None
    name: str
    clause: str
    private: bool
    column: str


def semantic_view_query(text: str, dialect: str) -> tuple[str, list[str]] | None:
    """The SELECT a ``CREATE SEMANTIC VIEW`` stands for and its column names (one per fact, dimension and metric);
    None when its tables or items cannot be read."""
    model = semantic_view_model(text, dialect)
    return (model[0], [item.column for item in model[1]]) if model is not None else None


@lru_cache(maxsize=256)
def semantic_view_model(text: str, dialect: str) -> tuple[str, tuple[SemanticItem, ...]] | None:
    """:func:`semantic_view_query`'s SELECT with the items its columns hold."""
    try:
        tokens = Dialect.get_or_raise(dialect).tokenize(text)
    except SqlglotError:
        return None
    depth = depths(tokens)
    clauses: dict[str, list[list[Token]]] = {}
    for index, token in enumerate(tokens):
        word = token.text.upper() if token.token_type != TokenType.STRING else ""
        if depth[index] == 0 and word in ("TABLES", *ITEM_CLAUSES) and index + 1 < len(tokens) \
                and tokens[index + 1].token_type == TokenType.L_PAREN and word not in clauses:
            clauses[word] = _items(tokens, index + 1)
    tables = [table for table in (_table(item, text) for item in clauses.get("TABLES", ())) if table is not None]
    if not tables:
        return None
    sources = {alias.this.casefold(): f"{name} AS {alias.sql(dialect=dialect)}" for alias, name in tables}
    items: list[_Item] = []
    for clause in ITEM_CLAUSES:
        for tokens_of_item in clauses.get(clause, ()):
            item = _item(tokens_of_item, text, dialect)
            if item is None:
                return None
            items.append(dataclasses.replace(item, clause=clause))
    if not items:
        return None
    by_name = {(item.table.casefold() if item.table else None, item.name.casefold()): item for item in items}
    repeated = {name for name, count in Counter(item.name.casefold() for item in items).items() if count > 1}
    columns = [f"{item.table}.{item.name}" if item.name.casefold() in repeated and item.table else item.name
               for item in items]
    selects = []
    for item in items:
        expanded = _expanded(item, by_name, set())
        if expanded is None:
            return None
        named = {column.table.casefold() for column in expanded.find_all(exp.Column) if column.table} & set(sources)
        if not named and item.table and item.table.casefold() in sources:
            named = {item.table.casefold()}
        source = f" FROM {', '.join(sources[alias] for alias in sorted(named))}" if named else ""
        column = columns[len(selects)]
        selects.append(f"(SELECT {expanded.sql(dialect=dialect)}{source}) AS "
                       f"{exp.to_identifier(column).sql(dialect=dialect)}")
    return f"SELECT {', '.join(selects)}", tuple(
        SemanticItem(item.table, item.name, item.clause, item.private, column) for item, column in zip(items, columns))


def _items(tokens: list[Token], opening: int) -> list[list[Token]]:
    """The comma-separated items of the bracketed list opening at ``opening``."""
    end = group_end(tokens, opening) - 1
    inner = depths(tokens[opening + 1:end])
    items: list[list[Token]] = [[]]
    for token, level in zip(tokens[opening + 1:end], inner):
        if level == 0 and token.token_type == TokenType.COMMA:
            items.append([])
        else:
            items[-1].append(token)
    return [item for item in items if item]


def _text(tokens: list[Token], text: str) -> str:
    return text[tokens[0].start:tokens[-1].end + 1] if tokens else ""


def _table(tokens: list[Token], text: str) -> tuple[exp.Identifier, str] | None:
    """A logical table's alias and table name: ``[alias AS] db.s.t [PRIMARY KEY (...)] ...``."""
    words = [token.text.upper() for token in tokens]
    start = 2 if len(words) > 2 and words[1] == "AS" else 0
    end = name_end(tokens, start)
    name = _text(tokens[start:end], text)
    if not name:
        return None
    alias = tokens[0] if start else tokens[end - 1]
    return exp.to_identifier(alias.text, quoted=alias.token_type == TokenType.IDENTIFIER), name


def _item(tokens: list[Token], text: str, dialect: str) -> _Item | None:
    """A fact, dimension or metric: ``[PRIVATE | PUBLIC] [table.]name [USING (...)] [NON ADDITIVE BY (...)] AS
    expression [WITH SYNONYMS ...] [WITH CORTEX SEARCH SERVICE ...] [COMMENT = '...']``."""
    level = depths(tokens)
    words = [token.text.upper() if token.token_type != TokenType.STRING else "" for token in tokens]
    start = 1 if words and words[0] in _VISIBILITY else 0
    end = name_end(tokens, start)  # after the [table.]name
    as_at = next((i for i in range(end, len(tokens)) if words[i] == "AS" and level[i] == 0), None)
    if as_at is None or end > as_at:
        return None
    named = [token.text for token in tokens[start:end] if token.token_type != TokenType.DOT]
    if not named:
        return None
    stop = next((i for i in range(as_at + 1, len(tokens)) if level[i] == 0 and words[i] in _AFTER_EXPRESSION
                 and (words[i] != "WITH" or words[i + 1:i + 2] and words[i + 1] in _WITH_CLAUSES)), len(tokens))
    try:
        expression = exp.maybe_parse(_text(tokens[as_at + 1:stop], text), dialect=dialect)
    except SqlglotError:
        return None
    return _Item(named[-2] if len(named) > 1 else None, named[-1], expression, private=words[0] == "PRIVATE")


def _expanded(item: _Item, by_name: dict, seen: set[tuple[str | None, str]]) -> exp.Expression | None:
    """``item``'s expression with each item it names replaced by that item's (expanded) expression and each other
    column qualified by the logical table (its own, when it names none); None on a cycle."""
    key = (item.table.casefold() if item.table else None, item.name.casefold())
    if key in seen:
        return None
    seen = seen | {key}

    def replaced(node: exp.Expression) -> exp.Expression:
        if not isinstance(node, exp.Column) or not isinstance(node.this, exp.Identifier):
            return node
        qualifier = node.table.casefold() if node.table else None
        name = node.name.casefold()
        named = (by_name.get((qualifier, name)) if qualifier else
                 by_name.get((None, name)) or (None if item.table else _only(by_name, name)))
        if named is not None and named is not item:
            inner = _expanded(named, by_name, seen)
            return exp.Paren(this=inner) if inner is not None and not isinstance(inner, (exp.Column, exp.Func)) \
                else (inner if inner is not None else node)
        if qualifier is None and item.table is not None:
            return exp.column(node.this.copy(), table=exp.to_identifier(item.table))
        return node

    result = item.expression.copy().transform(replaced)
    return result


def _only(by_name: dict, name: str) -> _Item | None:
    """The one item called ``name`` whatever its logical table (a derived metric names items unqualified)."""
    found = [item for (_, each), item in by_name.items() if each == name]
    return found[0] if len(found) == 1 else None
