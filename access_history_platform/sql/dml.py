"""Reads and writes of data: SELECT, INSERT, UPDATE, DELETE, TRUNCATE, MERGE, COPY, UNLOAD, PUT, GET, CALL.

Each handler takes the statement's tree and a :class:`~.resolution.Resolution` and records
what the statement reads (through the analyser) and writes (with each written column's
flow, from which the lineage follows); the registry of statement forms (:mod:`.dispatch`)
gives each one its Resolution.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from functools import lru_cache, wraps

from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import SqlglotError
from sqlglot.tokens import Token, TokenType

from ..catalog import CatalogObject, Column, stable_id
from ..errors import StatementError, UnsupportedStatement
from .analysis import (EMPTY, Analyzer, ColumnAtom, DirectReads, ObjectAtom, QueryResult, RowAtom, Scope, Source,
                       cte_order, files_read, names_files, values_column_names)
from .binder import Binder, argument_names, is_sql_udf, signature_items
from .clickhouse import copied_partition
from .dialects import file_uri
from .names import Naming
from .resolution import VIEWS_DEEP, Resolution, is_star, relation_in, view_select
from .rules import Rule, rule_instead, rules_on
from .tsql import output_target_parts
from .parsing import parse_sql
from .whole_forms import BY_POSITION, SCHEMA_EVOLUTION

QUERY_TYPES = (exp.Select, exp.Union, exp.Intersect, exp.Except, exp.Subquery, exp.Values)


_MODIFYING = (exp.Insert, exp.Update, exp.Delete, exp.Merge)


def _modifying_ctes(node: exp.Expression | None, res: Resolution) -> None:
    """PostgreSQL's data-modifying CTEs (``WITH d AS (DELETE FROM t ... RETURNING id) INSERT ... SELECT ... FROM d``):
    each one's statement is resolved (its writes and reads recorded), and the CTE is then the rows its RETURNING
    gives, read from the table it modified. A CTE's statement sees the CTEs before it (``WITH src AS (...), ins AS
    (INSERT ... SELECT ... FROM src ...)``)."""
    with_ = node.args.get("with_") if node is not None else None
    ordered = cte_order(with_, res.binder.naming) if with_ is not None else []
    for index, cte in enumerate(ordered):
        body = cte.this
        if not isinstance(body, _MODIFYING):
            continue
        resolve = {exp.Insert: resolve_insert, exp.Update: resolve_update, exp.Delete: resolve_delete,
                   exp.Merge: resolve_merge}[type(body)]
        statement = body.copy()
        if index:
            own = statement.args.get("with_")
            earlier = [c.copy() for c in ordered[:index]]
            statement.set("with_", exp.With(expressions=earlier + (list(own.expressions) if own is not None else []),
                                            recursive=with_.args.get("recursive")))
        resolve(statement, res)
        returning = body.args.get("returning")
        table = target_of(body.this)[0] if isinstance(body.this, (exp.Table, exp.Schema)) else None
        if returning is not None and returning.expressions and table is not None:
            rows = _returned_rows(body, table)
        else:
            rows = exp.select(exp.alias_(exp.null(), "_"))
        cte.set("this", rows)



def _returned_rows(body: exp.Expression, table: exp.Table) -> exp.Select:
    """The rows a data-modifying CTE's RETURNING gives, as a SELECT over the table it modified (and an UPDATE's FROM
    items, a DELETE's USING items, a MERGE's source), each value as PostgreSQL computes it: "using the new values" of
    an INSERT's or UPDATE's row, the old of a DELETE's. An UPDATE's column it sets (``c``, ``t.c``, PostgreSQL 18's ``new.c``) is
    the value set; ``old.c`` (and ``new.c`` of a column left as it was) the table's ``c``; ``new.c`` of a DELETE and
    ``old.c`` of an INSERT without ON CONFLICT (no such row) NULL."""
    own = table.alias_or_name.casefold()
    named = {found.alias_or_name.casefold() for found in body.find_all(exp.Table)}  # (FROM items named old or new)
    assigned = {eq.this.name.casefold(): eq.expression for eq in body.expressions if isinstance(eq, exp.EQ)
                and isinstance(eq.this, exp.Column)} if isinstance(body, exp.Update) else {}
    missing = "new" if isinstance(body, exp.Delete) else "old" if isinstance(body, exp.Insert) \
        and body.args.get("conflict") is None else None
    items = []
    for item in body.args["returning"].expressions:
        item = item.copy()
        for column in list(item.find_all(exp.Column)):
            qualifier = column.table.casefold()
            changed = qualifier in ("old", "new") and qualifier not in named
            if changed and isinstance(column.this, exp.Star):  # old.*, new.*: the table's columns
                column.set("table", exp.to_identifier(table.alias_or_name))
                continue
            if qualifier == missing and changed:
                value: exp.Expression | None = exp.Null()
            elif (qualifier == "new" and changed or qualifier in ("", own)) and column.name.casefold() in assigned:
                value = exp.Paren(this=assigned[column.name.casefold()].copy())
            else:
                value = None
                if changed:
                    column.set("table", exp.to_identifier(table.alias_or_name))
            if value is not None and column is item:
                item = exp.alias_(value, column.name, quoted=True) if column.name else value
            elif value is not None:
                column.replace(value)
        items.append(item)
    rows = exp.select(*items).from_(table.copy())
    using = body.args.get("using") or []  # (a DELETE's list, a MERGE's source)
    for item in ([body.args["from_"].this] if body.args.get("from_") is not None else []) + (
            using if isinstance(using, list) else [using]):
        joined = item.copy()
        joined.set("joins", None)  # (sqlglot keeps the items after the first as its joins)
        rows = rows.join(joined)
        for join in item.args.get("joins") or []:
            rows.append("joins", join.copy())
    return rows


def resolve_select(tree: exp.Expression, res: Resolution) -> None:
    _modifying_ctes(tree, res)
    first = tree
    while isinstance(first, (exp.Union, exp.Intersect, exp.Except)):
        first = first.this
    if first is not tree and isinstance(first, exp.Select) and first.args.get("into") is not None:
        # the CTAS a SELECT ... INTO is must not be lost: set aside until its routing handles set operations
        raise UnsupportedStatement("SELECT ... INTO with UNION / INTERSECT / EXCEPT is not supported yet")
    res.query(tree)


def target_of(node: exp.Expression) -> tuple[exp.Table | None, list[exp.Expression] | None]:
    """The table an INSERT / COPY writes and the column list it names, if any."""
    if isinstance(node, exp.Schema):
        return node.this, list(node.expressions)
    if isinstance(node, exp.Table):
        return node, None
    return None, None


def target_columns(res: Resolution, target: CatalogObject | None, listed: list[exp.Expression] | None,
                   result: QueryResult | None = None, *, loading: bool = False) -> list[str | None]:
    """The written columns: the ones listed, else every column of the target, else those of the query's columns
    that are named (by a column or an alias), by position: an expression's text, ``$1`` or the ``COLUMNn`` of a
    VALUES names no column of a target whose columns are unknown (None in its place). Every column is one an insert
    lists but the invisible ones and, where the dialect skips them, the generated ones; a load from files
    (``loading``: T-SQL's ``BULK INSERT``, whose file has a field for each column, an identity's too) skips no
    generated column."""
    naming = res.binder.naming
    if listed:
        return [name for c in listed for name in (
            _matched(naming, c, target) if isinstance(c, exp.Star) else [_listed_name(naming, c)])]
    if target is None:  # files written in place (a path table): their columns are not known
        return []
    if not target.columns_open:
        skipped = naming.rules.generated_columns_skipped and not loading
        return [c.name for c in target.visible_columns() if not (skipped and c.generated)]
    if result is None:
        return []
    names = result.names()
    if names == values_column_names(naming, len(names)):  # a VALUES list's
        return [None] * len(names)
    # a stage file's METADATA$FILENAME (and the other metadata columns), or a pseudo-column's name (Oracle's ROWNUM,
    # a sequence's NEXTVAL), is no column of the target either
    return [name if _NAMED.fullmatch(name) and not name.upper().startswith("METADATA$")
            and name.upper() not in _CONSTANT_WORDS and name.upper() not in naming.rules.pseudo_columns else None
            for name in names]


def _literal_places(query: exp.Expression) -> frozenset[int]:
    """The places of a query's output columns that are unaliased constants (``SELECT 1, 'a1', x``: 0 and 1), whose
    names, in the dialects that name them (Spark's ``a1``), name no column of a table of unknown columns an insert
    fills by position; none where a ``*`` makes the places unknown."""
    while isinstance(query, (exp.SetOperation, exp.Subquery)):
        query = query.this
    items = query.expressions if isinstance(query, exp.Select) else []
    if any(isinstance(item, exp.Star) or (isinstance(item, exp.Column) and isinstance(item.this, exp.Star))
           for item in items):
        return frozenset()
    return frozenset(i for i, item in enumerate(items) if isinstance(item, (exp.Literal, exp.Null, exp.Boolean)))


def _matched(naming: Naming, star: exp.Star, target: CatalogObject | None) -> list[str]:
    """The columns ``*`` names in an insert's list: every one of the target's an insert lists but those after
    EXCEPT (ClickHouse's ``INSERT INTO t (* EXCEPT (c))``, a column matcher in the list); none of a target whose
    columns are not known."""
    if target is None or target.columns_open:
        return []
    left_out = {naming.ident(c.this if isinstance(c, exp.Column) else c) for c in star.args.get("except_") or []}
    return [c.name for c in target.visible_columns() if c.name not in left_out]


def _listed_name(naming: Naming, column: exp.Expression) -> str:
    """The name of a column an insert lists: ``meta.key`` whole where a name may hold dots (ClickHouse's flat Nested
    columns, :attr:`.DialectRules.dotted_columns`), else its last part."""
    if naming.rules.dotted_columns and isinstance(column, exp.Dot):  # (sqlglot reads a listed meta.key as a Dot)
        return f"{_listed_name(naming, column.this)}.{naming.ident(column.expression)}"
    if naming.rules.dotted_columns and isinstance(column, exp.Column):
        return ".".join(naming.ident(part) for part in column.parts)
    return naming.ident(column.this if isinstance(column, exp.Column) else column)


#: An output column's name that names a column: an identifier (a column's or an alias's), not an expression's text.
_NAMED = re.compile(r"[^\W\d][\w$]*")
#: The text of an unaliased constant or niladic function, a word that names no column (``SELECT a, TRUE, NULL``).
_CONSTANT_WORDS = frozenset({"TRUE", "FALSE", "NULL", "CURRENT_DATE", "CURRENT_TIME", "CURRENT_TIMESTAMP", "LOCALTIME",
                             "LOCALTIMESTAMP", "CURRENT_USER", "SESSION_USER", "CURRENT_ROLE", "CURRENT_SCHEMA",
                             "CURRENT_CATALOG", "SYSDATE"})


def write_positional(res: Resolution, target: CatalogObject, names: list[str | None], result: QueryResult) -> None:
    """Columns of ``target`` take the query's output columns by position (a column without a name is not written:
    of a target whose columns are unknown, a warning says so where the value has sources).
    A query of fewer columns writes the first ones only (PostgreSQL's "the first N column names, if there are only N
    columns supplied by the VALUES clause or query"); one whose columns are not all known, every column (from where
    a known one stands after unknown ones, each from any of them)."""
    flows = [flow for _, flow in result.columns]
    beyond = result.rest if result.open else EMPTY  # what a column beyond the known ones is computed from
    if result.open and result.placed is not None:  # known columns after unknown ones: which target column each
        # fills is not known, so each column from there on may be computed from any of them or the unknown ones
        beyond = frozenset().union(result.rest, *flows[result.placed:])
        flows = flows[:result.placed]
    count = len(names) if result.open else min(len(names), len(flows))
    res.write(target, [(name, flows[i] if i < len(flows) else beyond)
                       for i, name in enumerate(names[:count]) if name is not None])
    if target.columns_open and res.reads is not None:  # (a value of no name, of sources: a loss the record shows)
        for i, name in enumerate(names[:count]):
            if name is None and (flows[i] if i < len(flows) else beyond):
                res.reads.unnamed_writes.setdefault(target.name, {})[i + 1] = None


def read_execute(node: exp.Execute, res: Resolution) -> None:
    """T-SQL's ``EXEC procedure [[@name =] value, ...]``: the procedure (:func:`read_procedure`) and what its arguments
    read; ``EXEC (...)`` of dynamic SQL names none (what it runs is logged on its own), nor does ``EXEC @v`` (a
    variable "that represents a module name": which module is not in the statement)."""
    if not isinstance(node.this, exp.Table):
        return
    if not isinstance(node.this.this, exp.Parameter):
        read_procedure(res, res.binder.naming.table_parts(node.this))
    values = [argument.expression if isinstance(argument, exp.EQ) and isinstance(argument.this, exp.Parameter)
              else argument for argument in node.expressions]
    if values:
        res.query(exp.select(*(value.copy() for value in values)))


def read_procedure(res: Resolution, parts: tuple[str, ...], arguments: tuple[str, ...] | None = None) -> None:
    """A called procedure read: the catalog's, else one known by name only; a system procedure is no object of the
    account (Snowflake's ``SYSTEM$...``, BigQuery's ``BQ.``, T-SQL's ``sp_...``). Of overloads (a procedure is
    "identified by its name and its input argument types"), the one of as many arguments as the call's ``arguments``
    (their texts), and of those the one whose parameters' types its literals fit (:func:`_fitting_overload`)."""
    binder = res.binder
    procedure = binder.lookup("Procedure", parts)
    if procedure is not None and arguments is not None:
        procedure = _fitting_overload(binder, parts, arguments) or procedure
    prefixes = binder.naming.rules.system_procedure_prefixes
    system = (is_system_function(parts) or parts[0].upper() in binder.naming.rules.system_procedures
              or bool(prefixes) and parts[-1].lower().startswith(prefixes))
    if procedure is None and not system:
        qualified = _packaged(binder, parts) or binder.qualified(parts)
        procedure = CatalogObject(domain="Procedure", name=".".join(qualified), id=None, argument_signature=None,
                                  known=False)
    if procedure is not None:
        res.read_object(procedure)


#: The kinds of SQL type a literal argument fits: a number's, a string's.
_NUMERIC_TYPES = re.compile(r"^(?:INT|INTEGER|BIGINT|SMALLINT|TINYINT|INT[248]|NUMERIC|NUMBER|DECIMAL|DEC|FLOAT"
                            r"|FLOAT[48]|REAL|DOUBLE|SERIAL|BIGSERIAL)\b", re.IGNORECASE)
_STRING_TYPES = re.compile(r"^(?:VARCHAR|CHAR|CHARACTER|NVARCHAR|NCHAR|TEXT|STRING|BPCHAR|VARCHAR2|CLOB)\b",
                           re.IGNORECASE)


def _fitting_overload(binder: Binder, parts: tuple[str, ...], arguments: tuple[str, ...]) -> CatalogObject | None:
    """Of a procedure's overloads, the one of the call's arity whose parameters' types its literal arguments fit
    best (``CALL sp(1)`` of ``sp(a int)`` and ``sp(a varchar)``: the first); None when there are no overloads."""
    overloads = next((found for candidate in dict.fromkeys((binder.qualified(parts), parts))
                      if (found := binder.catalog.lookup_all("Procedure", candidate))), [])
    if len(overloads) <= 1:
        return None
    arity = len([a for a in arguments if a.strip()])
    matching = [p for p in overloads if len(argument_names(p.argument_signature)) == arity] or overloads

    def fit(procedure: CatalogObject) -> int:
        types = [" ".join(item.split()[1:]) for item in signature_items(procedure.argument_signature)]
        score = 0
        for argument, kind in zip(arguments, types):
            text = argument.strip()
            if re.fullmatch(r"[-+]?\d+(?:\.\d*)?(?:[eE][-+]?\d+)?", text):
                score += bool(_NUMERIC_TYPES.match(kind))
            elif text[:1] == "'":
                score += bool(_STRING_TYPES.match(kind))
        return score

    return max(matching, key=fit)


def _packaged(binder: Binder, parts: tuple[str, ...]) -> tuple[str, ...] | None:
    """An Oracle routine's name as ``CALL [schema.] [package.] routine`` gives it (a database is never one of its
    parts): ``p.r`` of a package the log created in the session's schema (or of a synonym of one), else ``s.p.r``
    in the session's database, ``p.r`` a package of the session's schema unless the catalog holds a schema ``p``
    (as Oracle looks for an object of the current schema first); None elsewhere."""
    if binder.naming.dialect_name != "oracle" or len(parts) not in (2, 3):
        return None
    database, schema = binder.context.known("database"), binder.context.known("schema")
    package = binder.package(parts[:-1])
    if package is not None:  # a package of the current schema (or a synonym of one) first, as Oracle looks
        return (*package.parts, parts[-1])
    if not database or len(parts) == 2 and (not schema or binder.catalog.holds((database, parts[0]))):
        return None
    return (database, *parts) if len(parts) == 3 else (database, schema, *parts)


def is_system_function(parts: tuple[str, ...]) -> bool:
    """Whether an unqualified name is one of Snowflake's built-in system functions (``SYSTEM$WAIT``): those
    are no object of the account, so a ``CALL`` of one reads nothing, as a ``SELECT`` of one does.

    >>> is_system_function(("SYSTEM$WAIT",)), is_system_function(("ADMIN", "SYSTEM$WAIT"))
    (True, False)
    """
    return len(parts) == 1 and parts[0].upper().startswith("SYSTEM$")


def _event(event: str) -> Callable[[Callable[[exp.Expression, Resolution], None]],
                                    Callable[[exp.Expression, Resolution], None]]:
    """A handler of the statements that ``event`` the rows of the table they write: its table's rules on it run
    (:meth:`.Resolution.writing`, :func:`rule_writes`)."""
    def wrap(handler: Callable[[exp.Expression, Resolution], None]) -> Callable[[exp.Expression, Resolution], None]:
        @wraps(handler)
        def resolve(tree: exp.Expression, res: Resolution) -> None:
            with res.writing(event, returning=tree.args.get("returning") is not None):
                handler(tree, res)
        return resolve
    return wrap


@_event("INSERT")
def resolve_insert(tree: exp.Insert, res: Resolution) -> None:
    if _insert_into_files(tree, res):
        return
    through = _through_cte(tree, res) or _through_view(tree, res)
    if through is not None:
        resolve_insert(through, res)
        return
    table, listed = target_of(tree.this)
    if table is None:
        raise UnsupportedStatement("INSERT into a table function is not supported")
    query = tree.expression
    if isinstance(query, exp.Execute):  # T-SQL's INSERT INTO t [(c, ...)] EXEC p: the rows the procedure returns
        read_execute(query, res)
        target = res.target(table)
        res.write(target, [(name, EMPTY) for name in target_columns(res, target, listed) if name is not None])
        return
    if query is None and isinstance(tree.args.get("source"), exp.Table):  # Spark's INSERT INTO t TABLE src
        query = exp.select("*").from_(tree.args["source"].copy())
    _modifying_ctes(tree, res)
    _modifying_ctes(query, res)
    _with_outer_ctes(query, tree.args.get("with_"))
    query = _record_values(res, table, listed, query)
    # DEFAULT VALUES: every column takes its default, a value of no source
    result = res.query(query) if query is not None else QueryResult([], EMPTY, open=True)
    path = _path_table(res, table)
    if path is not None:  # Databricks' INSERT INTO delta.`/path`: the files written in place, a location
        res.write_location(path)
        return
    target = res.target(table)
    _read_replaced_rows(res, tree, target)
    if tree.args.get("by_name") and not listed:  # INSERT ... BY NAME: each column of the query fills its namesake
        res.write(target, list(result.columns))
        return
    names = target_columns(res, target, listed, result)
    if target.columns_open and not listed and query is not None:  # (Spark names an unaliased 'a1' a1: no column)
        names = [None if i in _literal_places(query) else name for i, name in enumerate(names)]
    fixed = _static_partition(res, table)
    if fixed:  # Spark's and Hive's PARTITION (p = v): p is written the value, the query fills the other columns
        names = [name for name in names if name is None or name.casefold() not in fixed]
    write_positional(res, target, names, result)
    res.write(target, [(name, EMPTY) for name in fixed.values() if target.columns_open or target.column(name)])
    if res.binder.naming.rules.insert_triggers and not copied_partition(tree):
        _inserted_triggers(res, table, target, names, result)
    if target.rules and rule_instead(target, "INSERT"):  # (what it returns is its rule's command's: no row is put in t)
        return
    if tree.args.get("conflict") is not None or tree.args.get("returning") is not None:
        _conflict_and_returning(res, tree, table, target, query, names, result)


def _insert_into_files(tree: exp.Insert, res: Resolution) -> bool:
    """Whether ``tree`` is an INSERT whose rows go to files, or nowhere, instead of a table (Spark's and Hive's
    ``INSERT OVERWRITE DIRECTORY 'path' query``, ClickHouse's ``INSERT INTO FUNCTION s3('url', ...) query`` and
    ``INSERT INTO FUNCTION null(...) query``): resolved so if it is, its query read and the files' location
    written."""
    if isinstance(tree.this, exp.Directory):  # INSERT OVERWRITE DIRECTORY 'path' (Spark, Hive)
        if not (isinstance(tree.this.this, exp.Literal) and tree.this.this.is_string) or tree.expression is None:
            raise UnsupportedStatement("INSERT OVERWRITE DIRECTORY: expected a path (a string) and a query")
        res.query(tree.expression)
        path = tree.this.this.name  # (LOCAL DIRECTORY: the client's files, as LOAD DATA LOCAL's: a file URI)
        res.write_location(file_uri(path) if tree.this.args.get("local") else path)
        return True
    files = files_read(tree.this, res.binder.naming) if tree.args.get("is_function") else None
    if files is not None and tree.expression is not None:  # ClickHouse's INSERT INTO FUNCTION s3('url', ...) query
        res.query(tree.expression)
        for url in files:
            res.write_location(url)
        return True
    if tree.args.get("is_function") and isinstance(tree.this, exp.Anonymous) and tree.this.name.lower() == "null" \
            and tree.expression is not None:  # ClickHouse's INSERT INTO FUNCTION null(...) query: the rows discarded
        res.query(tree.expression)
        return True
    return False


def _with_outer_ctes(query: exp.Expression | None, outer: exp.With | None) -> None:
    """An INSERT's query (in place) with the CTEs of the statement's own WITH (``WITH a AS (...) INSERT INTO t SELECT
    ... FROM a``) in its scope, before its own."""
    if outer is not None and query is not None:
        inner = query.args.get("with_")
        if inner is None:
            query.set("with_", outer)
        else:  # WITH a AS (...) INSERT INTO t WITH b AS (...) SELECT ... FROM a: both in scope, b seeing a
            query.set("with_", exp.With(expressions=[c.copy() for c in outer.expressions] + list(inner.expressions),
                                        recursive=outer.args.get("recursive") or inner.args.get("recursive")))


def _read_replaced_rows(res: Resolution, tree: exp.Insert, target: CatalogObject) -> None:
    """Databricks' ``INSERT INTO t REPLACE WHERE p`` and ``REPLACE USING (c, ...)``: the rows of t that p selects
    (whose c the query's rows have) are replaced, so p and the c are read to find them."""
    replaced, keys = tree.args.get("where"), tree.args.get("using") or []
    if replaced is not None or keys:
        scope = res.scope_over(target, "")
        for condition in [replaced, *(exp.column(key.copy()) if isinstance(key, exp.Identifier) else key
                                      for key in keys)]:
            res.collect(condition, scope, scope.conditions)


def _inserted_triggers(res: Resolution, table: exp.Table, target: CatalogObject, names: list[str | None],
                       result: QueryResult) -> None:
    """The writes of the views an INSERT into ``target`` fires (ClickHouse's materialized views,
    :func:`triggered_writes`), each inserted column by folded name from the query's column at its place; of a
    Distributed (or Buffer) table written through, its own views' too."""
    flows = [flow for _, flow in result.columns]
    inserted = {name.casefold(): flows[i] if i < len(flows) else result.rest
                for i, name in enumerate(names) if name is not None}
    triggered_writes(res, target, inserted)
    named = res.relation(table)  # a Distributed (or Buffer) table written through: its own views fire too
    if named.parts != target.parts:
        triggered_writes(res, named, inserted)


def _conflict_and_returning(res: Resolution, tree: exp.Insert, table: exp.Table, target: CatalogObject,
                            query: exp.Expression | None, names: list[str | None], result: QueryResult) -> None:
    """An INSERT's ``ON CONFLICT`` (``ON DUPLICATE KEY UPDATE``) and ``RETURNING``, over the target's row (by its
    alias, with the statement's CTEs) and the row proposed for insertion, ``EXCLUDED`` (each inserted column the
    query's column at its place): the conflict's keys read, its update's assignments written, and the values
    returned read."""
    conflict = tree.args.get("conflict")
    alias = table.args.get("alias")
    ctes = tree if tree.args.get("with_") is not None else exp.Select(with_=query.args["with_"].copy()) \
        if query is not None and query.args.get("with_") is not None else None  # (INSERT INTO t WITH c AS ...)
    scope = res.scope_over(target, res.binder.naming.ident(alias.this) if alias is not None else "",
                           ctes)  # with the statement's CTEs
    if conflict is not None:  # ON CONFLICT (c, ...) WHERE p: the target's columns, read to find a conflicting row
        for key in [*(conflict.args.get("conflict_keys") or ()), conflict.args.get("index_predicate")]:
            res.collect(key, scope, scope.conditions)
    flows = [flow for _, flow in result.columns]
    inserted = {name: flows[i] if i < len(flows) else EMPTY for i, name in enumerate(names) if name is not None}
    excluded = res.binder.naming.normalize("EXCLUDED")  # the row proposed for insertion
    scope.add(Source(excluded, columns=None, open_flow=EMPTY, known=inserted) if target.columns_open
              else Source(excluded, columns=inserted))
    if conflict is not None:
        _conflict_update(res, conflict, target, query, scope, excluded)
    _returning(res, tree, scope, target, {name.casefold(): (flow, False) for name, flow in inserted.items()}
               if conflict is None else None, inserting=conflict is None)


def _conflict_update(res: Resolution, conflict: exp.OnConflict, target: CatalogObject, query: exp.Expression | None,
                     scope: Scope, excluded: str) -> None:
    """``ON CONFLICT ... DO UPDATE SET c = ... WHERE p`` (PostgreSQL), ``ON DUPLICATE KEY UPDATE c = ...`` (MySQL, whose
    ``VALUES(c)`` is ``excluded``'s c and whose values may name the SELECT's tables): each assigned column of the
    target written from its value, and p read."""
    if conflict.args.get("duplicate") and isinstance(query, exp.Select) and \
            query.args.get("from_") is not None and not query.args.get("group"):
        # MySQL's INSERT ... SELECT ... ON DUPLICATE KEY UPDATE c = s.d: "can refer to columns in other tables" of
        # the SELECT (without GROUP BY)
        for item in [query.args["from_"].this, *(join.this for join in query.args.get("joins") or [])]:
            res.add_source(scope, item)
    if conflict.expressions:  # ON CONFLICT ... DO UPDATE SET, ON DUPLICATE KEY UPDATE
        sets = [_inserted_values(eq, excluded) for eq in conflict.expressions] if conflict.args.get("duplicate") \
            else conflict.expressions
        res.write(target, [pair for eq in sets for pair in _assignments(res, eq, scope)])
        res.collect(conflict.args.get("where"), scope, scope.conditions)


def _inserted_values(eq: exp.Expression, excluded: str) -> exp.Expression:
    """An ON DUPLICATE KEY UPDATE assignment with each ``VALUES(c)`` ("the value that would be inserted" into c) the
    proposed row's column, ``excluded.c`` (a copy: the statement's own tree is kept as parsed)."""
    def values_call(node: exp.Expression) -> bool:
        return node.name.upper() == "VALUES" and len(node.expressions) == 1 \
            and isinstance(node.expressions[0], (exp.Identifier, exp.Column))

    if not any(values_call(call) for call in eq.find_all(exp.Anonymous)):
        return eq
    eq = eq.copy()
    for call in [call for call in eq.find_all(exp.Anonymous) if values_call(call)]:
        named = call.expressions[0]
        column = named.this if isinstance(named, exp.Column) else named
        call.replace(exp.column(column.copy(), table=exp.to_identifier(excluded)))
    return eq


def _static_partition(res: Resolution, table: exp.Table) -> dict[str, str]:
    """The columns an INSERT's ``PARTITION (p = v, ...)`` gives a value (a static partition), by their folded names;
    a partition column without one (dynamic) is filled by the query, as any other column."""
    partition = table.args.get("partition")
    return {name.casefold(): name for eq in (partition.expressions if partition is not None else ())
            if isinstance(eq, exp.EQ) and isinstance(eq.this, exp.Column)
            for name in (res.binder.naming.ident(eq.this.this),)}


def _new_values(branches: list[list[tuple[str, frozenset]]], keeps_old: bool) -> dict[str, tuple[frozenset, bool]]:
    """The values the statement's branches write into each column, by folded name (what T-SQL's ``inserted.c`` is):
    their sources joined, and whether a branch that changes a row but not the column (``keeps_old``: a MERGE's
    UPDATE) may leave it as it was (the old value, the target's column, is then a source too)."""
    values: dict[str, frozenset] = {}
    for pairs in branches:
        for name, flow in pairs:
            values[name.casefold()] = values.get(name.casefold(), frozenset()) | flow
    assigned = [{name.casefold() for name, _ in pairs} for pairs in branches]
    return {name: (flow, keeps_old and not all(name in names for names in assigned)) for name, flow in values.items()}


def _returning(res: Resolution, tree: exp.Expression, scope: Scope, target: CatalogObject,
               new: dict[str, tuple[frozenset, bool]] | None = None, inserting: bool = False) -> None:
    """``RETURNING ...`` (PostgreSQL), ``OUTPUT ...`` (T-SQL): the values it gives the client are read, as a select
    list's are; ``old.c`` and ``new.c`` (PostgreSQL 18: the row before and after the change), T-SQL's ``deleted.c``
    and ``inserted.c``, are the target's ``c``, unless a FROM item is named so, and ``deleted.*`` every column of
    the target (``target``), each a value of its own where its columns are known. T-SQL's ``inserted.c`` of a
    column the statement writes (``new``: by folded name, the values written into it, and whether the old one may
    stay) are the value written, from its sources ("the value after the ... statement is completed"), no read of
    the target's column unless it may stay as it was; of an INSERT (``inserting``), a column it does not write is
    its default, of no column either. T-SQL's ``OUTPUT ...
    INTO t [(c, ...)]`` (a one-part name or a table variable) writes ``t``: each column the value given in its
    place."""
    returning = tree.args.get("returning")
    flows = []
    # the changed row's column is the target's: named by the target's FROM item, unqualified only where it has none
    # (beside a MERGE's source of unknown columns too, an unqualified name could be either's)
    row = next((exp.to_identifier(source.alias, quoted=True) for source in scope.sources
                if source.is_object and source.obj is target), None)
    for expression in returning.expressions if returning is not None else ():
        items, written = _returned_items(expression, scope, target, row, new, inserting)
        for item in items:
            flow = res.collect(item, scope) | written
            scope.conditions |= flow
            flows.append(flow)
    into = returning.args.get("into") if returning is not None else None
    if isinstance(into, exp.Expression):
        _output_into(res, into, returning, flows)


def _returned_items(expression: exp.Expression, scope: Scope, target: CatalogObject, row: exp.Identifier | None,
                    new: dict[str, tuple[frozenset, bool]] | None, inserting: bool
                    ) -> tuple[list[exp.Expression], frozenset]:
    """The values one item of a RETURNING or OUTPUT list is read as (copies; :func:`_returning`), and the sources of
    the written values it returns: a column of the changed row is the target's, qualified by the target's FROM item
    ``row`` (None: unqualified), ``deleted.*`` (``old.*``) the target's columns; an ``inserted.c`` of a column written
    (``new``) the value written, a NULL in its place unless the old value may stay; of an INSERT (``inserting``), a
    column it does not write a NULL, its default."""
    written: frozenset = frozenset()
    if (isinstance(expression, exp.Column) and isinstance(expression.this, exp.Star)
            and _of_changed_row(expression, scope) and target.columns and not target.columns_open):
        # deleted.*: each column of the target in its place, where they are known
        return [exp.Column(this=exp.to_identifier(column.name, quoted=True)) for column in target.columns], written
    items = [expression.copy()]
    for column in list(items[0].find_all(exp.Column)):
        if _of_changed_row(column, scope):
            if isinstance(column.this, exp.Star):  # old.*: every column of the target
                star = exp.Star()
                items[0] = star if column is items[0] else items[0]
                column.replace(star)
            elif inserting and column.table.casefold() in ("inserted", "new") \
                    and column.name.casefold() not in (new or {}):
                null = exp.Null()  # a column the INSERT does not write: its default
                items[0] = null if column is items[0] else items[0]
                column.replace(null)
            elif new and column.table.casefold() in ("inserted", "new") and column.name.casefold() in new:
                value, old_too = new[column.name.casefold()]  # the value written
                written |= value
                if old_too:
                    column.set("table", row and row.copy())
                else:
                    null = exp.Null()
                    items[0] = null if column is items[0] else items[0]
                    column.replace(null)
            else:
                column.set("table", row and row.copy())
    return items, written


def _output_into(res: Resolution, into: exp.Expression, returning: exp.Returning, flows: list[frozenset]) -> None:
    """T-SQL's ``OUTPUT ... INTO t [(c, ...)]`` (a one-part name or a table variable): ``t`` written, each column the
    value given in its place (``flows``, from the OUTPUT list's values)."""
    named = _output_target(into, res.binder.naming.dialect)
    if named is None:
        raise UnsupportedStatement(f"OUTPUT ... INTO {into.sql(dialect=res.binder.naming.dialect)}: not a table")
    target = res.target(named[0])
    # the columns listed, else the table's in order (as an INSERT lists them: an identity and a computed column
    # "must be skipped"), else (a table of unknown columns) those the values are named by
    listed = [n for n in target_columns(res, target, None) if n is not None] if not target.columns_open else []
    names = named[1] or listed or [
        res.binder.naming.ident(expression.alias_or_name) for expression in returning.expressions]
    res.write(target, list(zip(names, flows)))


def _output_target(into: exp.Expression, dialect) -> tuple[exp.Table, list[str]] | None:
    """The table of T-SQL's ``OUTPUT ... INTO t [(c, ...)]`` and the columns it lists, as sqlglot reads them: ``t (c,
    ...)`` as a call (of a function of that name, ``log (a, b)`` too), ``t`` as a name, ``@t`` as a variable (a table
    variable). None for another node."""
    if isinstance(into, exp.Parameter):
        return exp.Table(this=into.copy()), []
    if isinstance(into, exp.Identifier) and (parts := output_target_parts(into.name)) is not None:
        return _table_of(parts), []  # INTO s.t, written as one identifier for sqlglot (tsql.output_targets_named)
    if isinstance(into, exp.Identifier):  # (#t, ##t: sqlglot's temporary or global identifier, kept as it is)
        return exp.Table(this=into.copy()), []
    if isinstance(into, (exp.Column, exp.Table)):
        return (into.copy() if isinstance(into, exp.Table) else exp.Table(this=exp.to_identifier(into.name))), []
    if isinstance(into, exp.Func):  # written back as sqlglot reads it: the name, then the listed columns in order
        written = into.sql(dialect=dialect)
        name, _, listed = written.partition("(")
        columns = [column.strip().strip("[]\"") for column in listed.rstrip(")").split(",") if column.strip()]
        parts = output_target_parts(into.name) if isinstance(into, exp.Anonymous) else None
        name = name.strip()
        bracketed = name.startswith("[") and name.endswith("]")  # ([#t] (c, ...): tsql.output_targets_named)
        name = name[1:-1].replace("]]", "]") if bracketed else name
        named = exp.Parameter(this=exp.var(name[1:])) if bracketed and name.startswith("@") else \
            exp.to_identifier(name, quoted=bracketed)  # ([@t] (c, ...): a table variable)
        return (_table_of(parts) if parts else exp.Table(this=named)), columns
    return None


def _table_of(parts: list[exp.Identifier]) -> exp.Table:
    """A table of its name's parts (the last the table's, then its schema's and its database's)."""
    names = dict(zip(("this", "db", "catalog"), reversed(parts)))
    return exp.Table(**names)


#: The names a RETURNING or OUTPUT clause gives the changed row: PostgreSQL 18's ``old`` and ``new``, T-SQL's
#: ``deleted`` and ``inserted``.
_CHANGED_ROWS = ("old", "new", "deleted", "inserted")


def _of_changed_row(column: exp.Column, scope: Scope) -> bool:
    """Whether a column of a RETURNING or OUTPUT list is the changed row's (``deleted.c``, ``old.*``): qualified by one
    of :data:`_CHANGED_ROWS` that no FROM item is named."""
    qualifier = column.args.get("table")
    return (isinstance(qualifier, exp.Identifier) and not column.args.get("db")
            and qualifier.name.casefold() in _CHANGED_ROWS and scope.source_named(qualifier.name) is None)


def resolve_multitable_insert(tree: exp.Expression, res: Resolution) -> None:
    """Snowflake's INSERT ALL / FIRST ... SELECT; Hive's and Spark's ``FROM src INSERT INTO t SELECT ... [INSERT ...]``,
    each INSERT's SELECT reading the FROM's rows."""
    if all(isinstance(branch, exp.Insert) for branch in tree.expressions):  # FROM src INSERT ... (Hive, Spark)
        source = tree.args["source"]
        for insert in tree.expressions:
            query = insert.expression
            if isinstance(query, exp.Select) and query.args.get("from_") is None:
                query = query.copy().from_(source.copy())
            branch = insert.copy()
            branch.set("expression", query)
            if tree.args.get("with_") is not None:  # WITH s AS (...) FROM s INSERT ...: each branch's
                branch.set("with_", tree.args["with_"].copy())
            resolve_insert(branch, res)
        return
    result = res.query(tree.args["source"])
    scope = Scope(None, {})
    scope.add(Source("", columns=dict(result.columns)))
    scope.conditions |= result.conditions
    for branch in tree.expressions:
        res.collect(branch.expression, scope, scope.conditions)  # the WHEN condition
        insert = branch.this
        table, listed = target_of(insert.this)
        if table is None:
            raise UnsupportedStatement("INSERT ALL | FIRST: each INTO names its table")
        target = res.target(table)
        names = target_columns(res, target, listed, result)
        values = insert.expression
        if values is None:
            write_positional(res, target, names, result)
            continue
        row = values.expressions[0] if isinstance(values, exp.Values) else values
        items = row.expressions if isinstance(row, exp.Tuple) else [row]
        res.write(target, [(name, res.collect(item, scope)) for name, item in zip(names, items) if name is not None])


@_event("UPDATE")
def resolve_update(tree: exp.Update, res: Resolution) -> None:
    through = _through_cte(tree, res) or _through_view(tree, res)
    if through is not None:
        resolve_update(through, res)
        return
    tree = _table_first(tree)
    _modifying_ctes(tree, res)
    target, scope = _target_scope(res, tree.this, tree)
    written: dict[int, tuple[CatalogObject | None, list[tuple[str, frozenset]]]] = {id(target): (target, [])}
    joined = isinstance(tree.this, exp.Table) and bool(tree.this.args.get("joins"))
    assignments = tree.expressions
    if res.binder.naming.rules.updates_left_to_right and isinstance(tree.this, exp.Table) and not joined \
            and tree.args.get("from_") is None:
        assignments = left_to_right(assignments, tree.this.alias_or_name)
    if res.binder.naming.dialect_name == "oracle" and target is not None:
        assignments = _record_assigned(assignments, target)
    for eq in assignments:
        into = _joined_target(res, eq.this, scope, joined) or target
        written.setdefault(id(into), (into, []))[1].extend(_assignments(res, eq, scope))
    res.collect(tree.args.get("where"), scope, scope.conditions)
    # (MySQL's UPDATE ... ORDER BY c LIMIT n: the order decides which rows change, as a condition does)
    res.collect(tree.args.get("order"), scope, scope.conditions)
    for into, assignments in written.values():
        if joined and into is target and not assignments:  # MySQL's UPDATE a JOIN b ... SET b.c = ...: a is read
            continue
        res.write(*_written_through(res, into, assignments))
    if joined:  # (a joined table none of whose columns is assigned is read, its columns or none)
        for source in scope.sources:
            if source.obj is not None and not (id(source.obj) in written and written[id(source.obj)][1]):
                res.read_object(source.obj)
    _returning(res, tree, scope, target, _new_values([written[id(target)][1]], False))


def _record_values(res: Resolution, table: exp.Table, listed: list | None, query: exp.Expression | None
                   ) -> exp.Expression | None:
    """PL/SQL's ``INSERT INTO t VALUES r`` of a record variable r (``t%ROWTYPE``): a row of t's columns, each r's field
    at its place; read as ``VALUES (r, r, ...)``, one for each of t's columns. A single value that is no variable, or
    a table of one column, is the row it is."""
    if res.binder.naming.dialect_name != "oracle" or listed or not isinstance(query, exp.Values) \
            or len(query.expressions) != 1:
        return query
    row = query.expressions[0]
    items = row.expressions if isinstance(row, exp.Tuple) else [row]
    if len(items) != 1 or not isinstance(items[0], exp.Column) or items[0].table \
            or res.binder.naming.ident(items[0].this) not in res.binder.variables:
        return query
    columns = res.relation(table).visible_columns()
    if len(columns) < 2:
        return query
    return exp.Values(expressions=[exp.Tuple(expressions=[items[0].copy() for _ in columns])])


def _record_assigned(assignments: list[exp.Expression], target: CatalogObject) -> list[exp.Expression]:
    """PL/SQL's ``UPDATE t SET ROW = r``: each of t's columns set from the record r's field, as ``SET c = r`` for
    each."""
    if len(assignments) != 1 or not isinstance(assignments[0], exp.EQ) \
            or not isinstance(assignments[0].this, exp.Column):
        return assignments
    column = assignments[0].this
    if column.table or column.this.quoted or column.name.upper() != "ROW" or target.column("ROW") is not None:
        return assignments
    return [exp.EQ(this=exp.column(exp.to_identifier(c.name, quoted=True)), expression=assignments[0].expression.copy())
            for c in target.visible_columns()] or assignments


def _table_first(tree: exp.Update) -> exp.Update:
    """MySQL's multiple-table UPDATE whose first item is a derived table (``UPDATE (SELECT ...) x, t SET t.c = x.s``)
    with its first table first (a copy), where the SET's names find it as the target; the statement as it is
    otherwise. (Of a comma's or an inner join's items, the order changes no row.)"""
    first = tree.this
    joins = first.args.get("joins") if isinstance(first, exp.Subquery) else None
    at = next((index for index, join in enumerate(joins or ()) if isinstance(join.this, exp.Table)
               and join.side not in ("LEFT", "RIGHT", "FULL")), None)
    if at is None:
        return tree
    tree = tree.copy()
    first = tree.this
    joins = first.args.pop("joins")
    moved = joins[at]  # (its ON or USING joins the two all the same)
    table = moved.this
    table.set("joins", [exp.Join(this=first, on=moved.args.get("on"), using=moved.args.get("using")),
                        *(join for index, join in enumerate(joins) if index != at)])
    tree.set("this", table)
    return tree


def left_to_right(assignments: list[exp.Expression], target: str) -> list[exp.Expression]:
    """A single-table UPDATE's assignments as they run left to right (:attr:`.DialectRules.updates_left_to_right`):
    a column an earlier one assigned, named in a later one's value (bare, or by the target's name or alias; not in a
    subquery, whose names may be its own tables'), stands for the value it was given.

    >>> from sqlglot import parse_one
    >>> update = parse_one("UPDATE c SET fn = ssn, ln = c.FN, n = n + 1, m = (SELECT fn FROM u)", read="mysql")
    >>> [eq.sql("mysql") for eq in left_to_right(update.expressions, "c")]
    ['fn = ssn', 'ln = (ssn)', 'n = n + 1', 'm = (SELECT fn FROM u)']
    """
    given: dict[str, exp.Expression] = {}
    out = []
    for eq in assignments:
        eq = eq.copy()
        if isinstance(eq, exp.EQ) and given:
            for column in list(eq.expression.find_all(exp.Column)):
                if column.name.casefold() in given and column.table.casefold() in ("", target.casefold()) \
                        and not column.db and column.find_ancestor(exp.Query) is None:
                    value = exp.Paren(this=given[column.name.casefold()].copy())
                    if column is eq.expression:
                        eq.set("expression", value)
                    else:
                        column.replace(value)
        if isinstance(eq, exp.EQ) and isinstance(eq.this, exp.Column) and eq.this.table.casefold() in (
                "", target.casefold()):
            given[eq.this.name.casefold()] = eq.expression
        out.append(eq)
    return out


def _through_cte(tree: exp.Update | exp.Delete | exp.Insert, res: Resolution) -> exp.Expression | None:
    """An UPDATE, DELETE or INSERT whose target is a CTE of its WITH (:attr:`.DialectRules.updatable_ctes`) as the
    statement on the table the CTE selects from that it is: each assigned or inserted column the table's column the
    CTE's column is; a value, and the conditions, read through the CTE (``SET c = e WHERE w`` as ``SET base(c) =
    (SELECT e FROM cte WHERE w)``, ``DELETE FROM cte WHERE w`` as ``DELETE FROM t WHERE EXISTS (SELECT 1 FROM cte
    WHERE w)``). None for another statement; a CTE that is not one table's columns as they are (T-SQL refuses the
    statement: "not updatable") is set aside, never recorded as a table."""
    with_ = tree.args.get("with_")
    if with_ is None or not res.binder.naming.rules.updatable_ctes:
        return None
    naming = res.binder.naming
    tables = tree.args.get("tables") or []
    named, listed = target_of(tree.this) if isinstance(tree, exp.Insert) else (tables[0] if tables else tree.this, None)
    if not isinstance(named, exp.Table) or len(naming.table_parts(named)) != 1 or len(tables) > 1:
        return None
    ctes = {naming.ident(c.args["alias"].this).casefold(): c for c in with_.expressions if c.args.get("alias")}
    name = naming.table_parts(named)[0].casefold()
    if name not in ctes and not isinstance(tree, exp.Insert):  # UPDATE t2 ... FROM cte AS t2, DELETE t2 FROM cte t2
        name = _aliased_cte_name(naming, tree, name)
    cte = ctes.get(name)
    if cte is None:
        return None
    table, found = _table_under_cte(naming, cte, tree, listed)
    # (UPDATE cte SET ... FROM cte JOIN u ...: the FROM as written; DELETE cte FROM cte JOIN u: sqlglot hangs the
    # joins on the target)
    joined = tree.this if isinstance(tree.this, exp.Table) and (tree.this.args.get("joins")
                                                               or tree.this.args.get("alias")) else None
    rows = tree.args.get("from_") or exp.From(this=joined.copy() if joined is not None else
                                              exp.Table(this=cte.args["alias"].this.copy()))
    if isinstance(tree, (exp.Update, exp.Delete)):  # (a DELETE's OUTPUT ... INTO kept: what it writes)
        return _changed_through(tree, table, [exp.column(column) for _, column in found], rows,
                                list(tree.args.get("joins") or []), with_.copy(), _copied(tree, "returning"))
    return _insert_through_cte(naming, tree, name, table, found)


def _changed_through(tree: exp.Update | exp.Delete, table: exp.Table, written: list[exp.Column], rows: exp.From,
                     joins: list[exp.Join], with_: exp.With | None, returning: exp.Expression | None
                     ) -> exp.Update | exp.Delete:
    """An UPDATE or DELETE through a CTE or a view (:func:`_through_cte`, :func:`_through_view`) as the statement on
    ``table`` under it: each assigned column the table's (``written``, in the SET's order), its value read through
    the rows the statement changes (``rows`` and ``joins``, with its WHERE: ``SET c = e`` as ``SET c = (SELECT e FROM
    rows WHERE w)``); a DELETE's rows those ``EXISTS (SELECT 1 FROM rows WHERE w)`` finds."""
    def through(value: exp.Expression) -> exp.Select:  # (the value as the rows the statement changes give it)
        query = exp.Select(expressions=[value.copy()], from_=rows.copy(), joins=[join.copy() for join in joins])
        return query.where(tree.args["where"].this.copy()) if tree.args.get("where") is not None else query

    if isinstance(tree, exp.Update):
        sets = [exp.EQ(this=column, expression=exp.Subquery(this=through(eq.expression)))
                for column, eq in zip(written, tree.expressions)]
        return exp.Update(this=table, expressions=sets, with_=with_, returning=returning)
    return exp.Delete(this=table, where=exp.Where(this=exp.Exists(this=through(exp.Literal.number(1)))),
                      with_=with_, returning=returning)


def _aliased_cte_name(naming: Naming, tree: exp.Update | exp.Delete, name: str) -> str:
    """The name (casefolded) of the one-part table an UPDATE's or DELETE's target ``name`` is the alias of in its FROM
    or joins (``UPDATE t2 ... FROM cte AS t2``, ``DELETE t2 FROM cte t2``: ``cte``); ``name`` where none is."""
    froms = tree.args.get("from_")
    written = [froms.this, *(j.this for j in froms.args.get("joins") or [])] if froms is not None else []
    written += [tree.this, *(j.this for j in tree.this.args.get("joins") or [])] \
        if isinstance(tree.this, exp.Table) else []
    aliased = next((t for t in written if isinstance(t, exp.Table) and t.args.get("alias") is not None
                    and naming.ident(t.args["alias"].this).casefold() == name
                    and len(naming.table_parts(t)) == 1), None)
    return naming.table_parts(aliased)[0].casefold() if aliased is not None else name


def _table_under_cte(naming: Naming, cte: exp.CTE, tree: exp.Update | exp.Delete | exp.Insert,
                     listed: list[exp.Expression] | None) -> tuple[exp.Table, list[tuple[exp.Table, str]]]:
    """The table a statement through ``cte`` writes (a copy, unaliased), and for each column it writes the table and
    the table's column the CTE's column is (:func:`_cte_columns`); a CTE that is not one table's columns as they are
    raises :class:`.UnsupportedStatement`."""
    body = cte.this
    unwritable = UnsupportedStatement(f"{tree.key.upper()} through the CTE {cte.alias}: it writes no one table's "
                                      "columns as they are")
    if not isinstance(body, exp.Select) or body.args.get("from_") is None:
        raise unwritable
    items: dict[str, exp.Table] = {}  # the tables the CTE selects from, by alias or name
    for item in [body.args["from_"].this, *(join.this for join in body.args.get("joins") or [])]:
        if not isinstance(item, exp.Table):
            raise unwritable
        items[naming.ident(item.args["alias"].this if item.args.get("alias") else item.this).casefold()] = item
    found = _cte_columns(naming, body, items, tree, listed,
                         [naming.ident(c) for c in cte.args["alias"].args.get("columns") or ()])
    if found is None or None in found or len({id(table) for table, _ in found}) > 1 \
            or not found and len(items) != 1:
        raise unwritable
    table = (found[0][0] if found else next(iter(items.values()))).copy()
    table.set("alias", None)
    return table, found


def _insert_through_cte(naming: Naming, tree: exp.Insert, name: str, table: exp.Table,
                        found: list[tuple[exp.Table, str]]) -> exp.Insert:
    """An INSERT into the CTE ``name`` as the INSERT into ``table`` under it (a copy): each listed column the table's
    column the CTE's is; the CTE dropped from its WITH where the query does not read it."""
    insert = tree.copy()
    insert.set("this", exp.Schema(this=table, expressions=[exp.to_identifier(column) for _, column in found]))
    query = insert.expression
    if query is None or not any(naming.table_parts(t)[-1].casefold() == name for t in query.find_all(exp.Table)):
        others = [c for c in insert.args["with_"].expressions if naming.ident(c.args["alias"].this).casefold() != name]
        insert.set("with_", exp.With(expressions=others) if others else None)  # (the CTE written through, unread)
    return insert


def _through_view(tree: exp.Update | exp.Delete | exp.Insert, res: Resolution) -> exp.Expression | None:
    """An UPDATE, DELETE or INSERT through an updatable view (:attr:`.DialectRules.updatable_views`; of the shape
    :func:`.resolution.view_select` gives), its columns the table's by their own names or its own (``CREATE VIEW v
    (pid, title) AS SELECT id, post_title ...``), perhaps joining tables (:attr:`.DialectRules.updatable_joined_views`),
    as the statement on the table the written columns are of: each the table's column the view's column is, the values
    and the conditions read through the view, as through a CTE (:func:`_through_cte`): the view the statement names is
    its direct read. None for another statement, and for a view that is no table's columns as they are (a computed
    column, two tables' columns, a DELETE through a join): :meth:`.Resolution.target` decides, which writes the view,
    as an INSTEAD OF trigger would take the write (and a MERGE through a view of one table's columns by their names
    into the table)."""
    naming = res.binder.naming
    tables = tree.args.get("tables") or []
    named, listed = target_of(tree.this) if isinstance(tree, exp.Insert) else (tables[0] if tables else tree.this, None)
    if not naming.rules.updatable_views or not isinstance(named, exp.Table) \
            or not isinstance(named.this, exp.Identifier) or len(tables) > 1 or named.args.get("joins"):
        return None
    viewed = res.relation(named)
    if viewed.rules and res.ruled_view(viewed):  # (a rule on the view takes the write: rule_writes)
        return None
    rows = exp.From(this=named.copy())
    if isinstance(tree, exp.Delete) and tables and isinstance(tree.this, (exp.Table, exp.Subquery)):
        # MySQL's and T-SQL's DELETE v FROM a JOIN v ON ...: the rows of v that FROM clause selects
        rows, others = exp.From(this=tree.this.copy()), []
    else:
        others = [tree.args["from_"].this] if tree.args.get("from_") is not None \
            else list(tree.args.get("using") or [])
    own = naming.ident(named.this).casefold()
    if any(not isinstance(other, exp.Table) or naming.ident(
            other.args["alias"].this if other.args.get("alias") else other.this).casefold() == own for other in others):
        return None  # (T-SQL's UPDATE v ... FROM v JOIN s, the target named again: Resolution.target decides)
    target = _down_to_table(res, _view_target(res, res.relation(named), tree, listed), tree)
    if target is None:
        return None
    stored, columns = target
    table, name = _table_named(stored), stored.parts[-1]

    # the view's columns over the table, and its qualifier, for RETURNING and ON CONFLICT: found once
    shown, view = (_view_columns(res, named), _view_qualifier(res, named)) \
        if tree.args.get("returning") is not None or tree.args.get("conflict") is not None else ({}, "")
    if isinstance(tree, (exp.Update, exp.Delete)):  # (UPDATE's FROM, DELETE's USING: joined to the view's rows)
        return _changed_through(tree, table, [exp.column(exp.to_identifier(column, quoted=True)) for column in columns],
                                rows, [exp.Join(this=other.copy()) for other in others], _copied(tree, "with_"),
                                _returned_through(tree, shown, view, name))
    return _insert_through_view(tree, table, columns, shown, view, name)


def _insert_through_view(tree: exp.Insert, table: exp.Table, columns: list[str], shown: dict[str, exp.Expression],
                         view: str, name: str) -> exp.Insert:
    """An INSERT through an updatable view as the INSERT into ``table`` (named ``name``) under it (a copy): each
    listed column the table's column the view's is (``columns``), its ``ON CONFLICT`` and ``RETURNING`` over the
    table (``shown``: the view's columns as values over it; ``view``: its qualifier)."""
    insert = tree.copy()
    insert.set("returning", _returned_through(tree, shown, view, name))
    conflict = insert.args.get("conflict")
    if conflict is not None:
        _conflict_through(conflict, shown, view)
    insert.set("this", exp.Schema(this=table, expressions=[exp.to_identifier(column, quoted=True)
                                                           for column in columns]))
    return insert


def _conflict_through(conflict: exp.OnConflict, shown: dict[str, exp.Expression], view: str) -> None:
    """An INSERT's ``ON CONFLICT`` through an updatable view, in place, over the table under it: its keys (``(aa)``)
    and ``DO UPDATE SET bb = ...`` name the view's columns, each the table's column it shows; in the values and the
    WHERE, the view's columns of the row there (``bb``, ``v.bb``) and of the row proposed (``excluded.bb``) are the
    values they show over the table's row and over ``excluded``'s."""
    if not shown:
        return
    if conflict.args.get("conflict_keys"):  # ON CONFLICT (aa): the view's column aa
        conflict.set("conflict_keys", [_shown_as(key, shown) for key in conflict.args["conflict_keys"]])

    def over_the_table(part: exp.Expression) -> exp.Expression:
        if type(part) is exp.Column and isinstance(part.this, exp.Identifier) and not part.args.get("db") \
                and part.name.casefold() in shown and part.table.casefold() in ("", view, "excluded"):
            value = shown[part.name.casefold()].copy()
            if part.table.casefold() == "excluded":
                for column in value.find_all(exp.Column):
                    column.set("table", exp.to_identifier("excluded"))
            return value
        return part

    sets = []
    for eq in conflict.args.get("expressions") or ():
        target = shown.get(eq.this.name.casefold()) if isinstance(eq, exp.EQ) and type(eq.this) is exp.Column else None
        sets.append(exp.EQ(this=exp.column(target.this.copy()) if type(target) is exp.Column else eq.this.copy(),
                           expression=eq.expression.transform(over_the_table)) if isinstance(eq, exp.EQ) else eq)
    if sets:
        conflict.set("expressions", sets)
    if conflict.args.get("where") is not None:
        conflict.set("where", conflict.args["where"].transform(over_the_table))


def _written_through(res: Resolution, obj: CatalogObject | None, assignments: list[tuple[str, frozenset]]
                     ) -> tuple[CatalogObject | None, list[tuple[str, frozenset]]]:
    """What a multiple-table UPDATE's assignments to an updatable view's columns write (MySQL's ``UPDATE t2, v1 SET
    v1.c = ...`` "to update the contents of the underlying table"): the table under the view (through views of views),
    each column the table's column it is; ``obj`` and ``assignments`` as they are for a table, or a view that is not
    updatable so."""
    if obj is None or obj.domain != "View" or not res.binder.naming.rules.updatable_views \
            or obj.rules and res.ruled_view(obj):  # (a rule on the view takes the write: rule_writes)
        return obj, assignments
    target = _down_to_table(res, (obj, [name for name, _ in assignments]), exp.Update())
    if target is None:
        return obj, assignments
    stored, columns = target
    return stored, [(column, flow) for column, (_, flow) in zip(columns, assignments)]


def _down_to_table(res: Resolution, target: tuple[CatalogObject, list[str]] | None, tree: exp.Expression,
                   ) -> tuple[CatalogObject, list[str]] | None:
    """A write of ``tree``'s kind into ``target`` (a relation and the columns written) followed through views of
    updatable views to their table ("Reference to nonupdatable view in the FROM clause" alone makes a view of a view
    not updatable): the table and its columns; None when a view on the way is not updatable so."""
    for _ in range(VIEWS_DEEP):
        if target is None or target[0].domain != "View":
            break
        view, columns = target
        level, listed = _statement_on(view, tree, columns)
        target = _view_target(res, view, level, listed)
    return None if target is None or target[0].domain == "View" else target


def _returned_through(tree: exp.Expression, columns: dict[str, exp.Expression], qualifier: str, table: str
                      ) -> exp.Returning | None:
    """A statement's ``RETURNING`` through an updatable view (qualified by ``qualifier``, its ``columns`` those of
    :func:`_view_columns`), over the table under it (a copy): a ``*`` (``v.*``) is the view's columns, the table's it
    shows (PostgreSQL's "the columns of the view's row"), not every column of the table; a column of the view it names
    (``aa``, ``v.aa``) is the value it shows, and the view's name alone (PostgreSQL's whole row, ``f(v)``) the row of
    them, or the row of the table named ``table`` under a view of all its columns."""
    returning = _copied(tree, "returning")
    if returning is None:
        return returning
    # (columns empty: a view of all the table's columns, which are what it shows)

    def of_the_row(part: exp.Expression) -> exp.Expression:  # (v.aa: the row's aa; v alone: the row)
        if type(part) is exp.Column and isinstance(part.this, exp.Identifier) and not part.args.get("db"):
            if part.table and part.table.casefold() == qualifier:
                return exp.column(part.this.copy())
            if not part.table and part.name.casefold() == qualifier and qualifier not in columns:
                return exp.Tuple(expressions=[value.copy() for value in columns.values()]) if columns \
                    else exp.column(exp.to_identifier(table, quoted=True))
        return part

    items = [copy for item in returning.expressions for copy in (
        ([value.copy() for value in columns.values()] or [exp.Star()]) if is_star(item)
        else [_shown_as(item.transform(of_the_row), columns)])]
    returning.set("expressions", items)
    return returning


def _view_qualifier(res: Resolution, named: exp.Table) -> str:
    """What the statement's clauses qualify the view ``named`` names by (its alias, else its name), casefolded."""
    alias = named.args.get("alias")
    naming = res.binder.naming
    return (naming.ident(alias.this) if alias is not None and alias.this else naming.table_parts(named)[-1]).casefold()


def _view_columns(res: Resolution, named: exp.Table) -> dict[str, exp.Expression]:
    """The columns of the updatable view ``named`` names, by name (casefolded), each as the value over the table
    under it that it shows, through views of views (unqualified: the statement rewritten over the table names it
    alone); empty for views of ``*`` all the way down."""
    view, shown = res.relation(named), None
    for _ in range(VIEWS_DEEP):
        shape = view_select(res.binder, view) if view.domain == "View" else None
        if shape is None:
            break
        query, items = shape
        if not any(is_star(projection) for projection in query.expressions):  # (a view of * shows its names)
            renamed = [column.name for column in view.columns or ()]  # (CREATE VIEW v (x, y) AS ...: its own names)
            level = {}
            for at, projection in enumerate(query.expressions):
                value = projection.unalias().copy()
                for column in value.find_all(exp.Column):
                    column.set("table", None)
                name = renamed[at] if len(renamed) == len(query.expressions) else res.binder.naming.ident(
                    projection.args["alias"]) if isinstance(projection.args.get("alias"), exp.Identifier) \
                    else projection.alias_or_name
                level.setdefault(name.casefold(), value)
            shown = level if shown is None else {name: _in_terms_of(value, level) for name, value in shown.items()}
        if len(items) != 1:
            break
        view = relation_in(res.binder, view, next(iter(items.values())))
    return shown or {}


def _in_terms_of(node: exp.Expression, columns: dict[str, exp.Expression]) -> exp.Expression:
    """``node`` with each unqualified column it names that ``columns`` holds as the value there (a copy)."""
    def shown(part: exp.Expression) -> exp.Expression:
        if type(part) is exp.Column and not part.table and isinstance(part.this, exp.Identifier):
            value = columns.get(part.name.casefold())
            if value is not None:
                return value.copy()
        return part
    return node.copy().transform(shown)


def _shown_as(node: exp.Expression, columns: dict[str, exp.Expression]) -> exp.Expression:
    """``node`` (of a statement through an updatable view) with each column of the view it names unqualified as the
    value over the table the view shows (``RETURNING s`` of a view's ``a + b AS s`` is ``a + b``; ``ON CONFLICT
    (aa)`` of its ``a AS aa`` is ``a``), keeping the name it returns."""
    if not columns:
        return node
    alias = node.alias if isinstance(node, exp.Alias) else None
    value = node.unalias() if isinstance(node, exp.Alias) else node
    if type(value) is exp.Column and not value.table and alias is None and value.name.casefold() in columns:
        alias = value.name  # (RETURNING aa keeps its name)
    replaced = _in_terms_of(value, columns)
    return exp.alias_(replaced, alias) if alias and replaced.alias_or_name != alias else replaced


def _view_target(res: Resolution, view: CatalogObject, tree: exp.Expression, listed: list[exp.Expression] | None,
                 ) -> tuple[CatalogObject, list[str]] | None:
    """The relation (a table, or the updatable view a view is of) that a statement ``tree`` through ``view`` writes,
    and the column of it each column the statement writes is (:func:`_through_view`); None when ``view`` is no
    updatable view of that shape."""
    naming = res.binder.naming
    shape = view_select(res.binder, view) if view.domain == "View" else None
    if shape is None:
        return None
    body, items = shape
    if body.args.get("joins") and not naming.rules.updatable_joined_views:
        return None
    if any(is_star(projection) for projection in body.expressions):
        if len(items) > 1 or len(body.expressions) > 1:
            return None  # (a star beside other columns, or over a join: Resolution.target decides)
        if isinstance(tree, exp.Insert) and not listed:  # (an insert into SELECT * fills the view's columns)
            if not view.columns:
                return None
            listed = [exp.to_identifier(column.name, quoted=True) for column in view.columns]
    renamed = [column.name for column in view.columns or ()]
    def owner(column: str) -> exp.Table | None:  # (of a view joining tables: the one table of the column's name)
        having = [table for table in items.values() if any(
            c.name.casefold() == column.casefold() for c in relation_in(res.binder, view, table).columns or ())]
        return having[0] if len(having) == 1 else None

    found = _cte_columns(naming, body, items, tree, listed,
                         renamed if len(renamed) == len(body.expressions) else [], owner)
    if found is None or None in found or len({id(table) for table, _ in found}) > 1 or not found and len(items) != 1:
        return None
    stored = relation_in(res.binder, view, found[0][0] if found else next(iter(items.values())))
    if not 1 <= len(stored.parts) <= 3:
        return None
    return stored, [column for _, column in found]


def _table_named(obj: CatalogObject, alias: str | None = None) -> exp.Table:
    """A table node naming ``obj`` by its parts, each quoted (its database and schema where it has them)."""
    *qualifier, name = obj.parts
    return exp.table_(name, db=qualifier[-1] if qualifier else None,
                      catalog=qualifier[-2] if len(qualifier) > 1 else None, quoted=True, alias=alias)


def _statement_on(view: CatalogObject, tree: exp.Expression, columns: list[str]
                  ) -> tuple[exp.Expression, list[exp.Expression] | None]:
    """A statement of ``tree``'s kind on ``view`` that writes ``columns`` (the next view down of a write through views
    of views), and an INSERT's column list."""
    table = _table_named(view)
    names = [exp.to_identifier(column, quoted=True) for column in columns]
    if isinstance(tree, exp.Update):
        return exp.Update(this=table, expressions=[exp.EQ(this=exp.column(n), expression=exp.null())
                                                   for n in names]), None
    if isinstance(tree, exp.Insert):
        return exp.Insert(this=exp.Schema(this=table, expressions=names)), names
    return exp.Delete(this=table), None


def _merge_through_cte(tree: exp.Merge, res: Resolution) -> None:
    """A MERGE into a CTE of its WITH (:attr:`.DialectRules.updatable_ctes`) merges into the table the CTE selects
    from: its target is set to that table (its alias kept), when the CTE's columns are the table's by their own names
    (``SELECT *``, ``SELECT a, b``); another CTE is set aside, never recorded as a table."""
    with_, target = tree.args.get("with_"), tree.this
    naming = res.binder.naming
    if with_ is None or not naming.rules.updatable_ctes or not isinstance(target, exp.Table) \
            or len(naming.table_parts(target)) != 1:
        return
    name = naming.table_parts(target)[0].casefold()
    cte = next((c for c in with_.expressions if c.args.get("alias") is not None
                and naming.ident(c.args["alias"].this).casefold() == name), None)
    if cte is None:
        return
    body = cte.this
    if not (isinstance(body, exp.Select) and body.args.get("from_") is not None and not body.args.get("joins")
            and isinstance(body.args["from_"].this, exp.Table) and not cte.args["alias"].args.get("columns")
            and all(isinstance(p, exp.Star) or isinstance(p, exp.Column) and (
                isinstance(p.this, exp.Star) or p.alias_or_name.casefold() == p.name.casefold())
                for p in body.expressions)):
        raise UnsupportedStatement(f"MERGE into the CTE {cte.alias}: its columns are not one table's by their names")
    table = body.args["from_"].this.copy()
    table.set("alias", target.args.get("alias"))
    tree.set("this", table)


def _copied(tree: exp.Expression, key: str) -> exp.Expression | None:
    value = tree.args.get(key)
    return value.copy() if isinstance(value, exp.Expression) else None


def _cte_columns(naming: Naming, body: exp.Select, items: dict[str, exp.Table], tree: exp.Expression,
                 listed: list[exp.Expression] | None, renamed: list[str],
                 owner: Callable[[str], exp.Table | None] | None = None) -> list[tuple[exp.Table, str] | None] | None:
    """The table and column each column a statement through a CTE writes is (:func:`_through_cte`): an UPDATE's
    assigned ones, an INSERT's listed ones (or all the CTE's), none of a DELETE's, by the CTE's own column list when it
    has one (``renamed``); a column that is no table's column as it is None; None when an assignment is no column's.
    An unqualified column of a body of several tables is the one ``owner`` names (None: none known)."""
    if isinstance(tree, exp.Update):
        if not all(isinstance(eq, exp.EQ) and isinstance(eq.this, exp.Column) for eq in tree.expressions):
            return None
        names = [naming.ident(eq.this.this) for eq in tree.expressions]
    elif isinstance(tree, exp.Insert):
        names = [naming.ident(c.this if isinstance(c, exp.Column) else c) for c in listed] if listed else \
            renamed or [projection.alias_or_name for projection in body.expressions]
    else:
        return []
    out: list[tuple[exp.Table, str] | None] = []
    for name in names:
        base = None
        if renamed:  # WITH c (k, v) AS (SELECT id, a ...): the CTE's columns named by its list, by position
            at = next((i for i, r in enumerate(renamed) if r.casefold() == name.casefold()), None)
            projections = [body.expressions[at]] if at is not None and at < len(body.expressions) else []
            name = projections[0].alias_or_name if projections and not is_star(projections[0]) else name
        else:
            projections = body.expressions
        for projection in projections:
            inner = projection.unalias()
            if isinstance(inner, exp.Collate):  # (MySQL's s1 COLLATE latin1_german1_ci AS s1: the column, compared so)
                inner = inner.this
            if is_star(projection) and len(items) == 1:  # SELECT * (or t.*) FROM t: t's columns by their names
                base = (next(iter(items.values())), name)
                break
            if projection.alias_or_name.casefold() != name.casefold():
                continue
            if isinstance(inner, exp.Column) and not isinstance(inner.this, exp.Star):
                table = items.get(naming.ident(inner.args["table"]).casefold()) if inner.table else \
                    next(iter(items.values())) if len(items) == 1 else \
                    owner(naming.ident(inner.this)) if owner is not None else None
                base = (table, naming.ident(inner.this)) if table is not None else None
            break
        out.append(base)
    return out


def _joined_target(res: Resolution, column: exp.Expression, scope: Scope, joined: bool = False
                   ) -> CatalogObject | None:
    """The table a SET item's qualified column writes when that is a table joined to the target, not the target:
    MySQL's ``UPDATE a JOIN b ON ... SET b.c = a.c`` ("can update any table of the join"), and in such a join
    (``joined``) an unqualified column the target lacks and one joined table has; None otherwise."""
    if not isinstance(column, exp.Column) or len(scope.sources) < 2:
        return None
    if not column.table:
        target = scope.sources[0].obj
        name = res.binder.naming.ident(column.this)
        if not joined or target is None or target.columns_open or target.column(name) is not None:
            return None
        having = [source.obj for source in scope.sources[1:] if source.is_object and source.obj is not None
                  and not source.obj.columns_open and source.obj.column(name) is not None]
        return having[0] if len(having) == 1 else None
    source = scope.source_named(res.binder.naming.ident(column.args["table"]))
    return source.obj if source is not None and source is not scope.sources[0] and source.is_object else None


@_event("DELETE")
def resolve_delete(tree: exp.Delete, res: Resolution) -> None:
    """DELETE: the target written (no columns), what its conditions read. T-SQL's and MySQL's ``DELETE t FROM a [JOIN
    b ...] WHERE ...`` deletes from ``t`` (a table, or an alias of the FROM clause) the rows the FROM clause's tables
    select: they are read as an UPDATE ... FROM's are."""
    through = _through_cte(tree, res) or _through_view(tree, res)
    if through is not None:
        resolve_delete(through, res)
        return
    table, tables, using = tree.this, tree.args.get("tables") or [], tree.args.get("using") or []
    _modifying_ctes(tree, res)
    others: list[CatalogObject | None] = []
    if isinstance(table, exp.Table) and table.args.get("joins") and using and not tables:
        # MySQL's DELETE FROM t1, t2 USING ...: each table listed (or alias of USING's tables) deletes rows
        used = [item for node in using for item in node.find_all(exp.Table)]
        for name in [join.this for join in table.args["joins"]]:
            aliased = _aliased_among(res, name, used)
            others.append(aliased.obj if aliased is not None else res.target(name))
        table = table.copy()
        table.set("joins", None)
    rows = _rows_deleted_from(res, table, tables, using)
    if rows is not None and tree.args.get("with_") is not None:  # (the statement's CTEs, which its FROM may read)
        rows.set("with_", tree.args["with_"].copy())
    if rows is not None:
        target, scope = _target_scope(res, (tables or [table])[0], rows)
        for name in tables[1:]:  # MySQL's DELETE a, b FROM a JOIN b ...: "deletes rows from each tbl_name"
            aliased = _aliased_among(res, name, rows.find_all(exp.Table))  # (of the FROM or its joins)
            others.append(aliased.obj if aliased is not None else res.target(name))
        using = []
    else:
        if not isinstance(table, exp.Expression) and len(tables) == 1 and res.binder.naming.rules.delete_without_from:
            # DELETE t WHERE ...: FROM is optional in BigQuery, T-SQL, Oracle
            table = tables[0]
        target, scope = _target_scope(res, table, tree)
    for item in using:
        res.add_source(scope, item)
    res.collect(tree.args.get("where"), scope, scope.conditions)
    # (MySQL's DELETE ... ORDER BY c LIMIT n: the order decides which rows are deleted, as a condition does)
    res.collect(tree.args.get("order"), scope, scope.conditions)
    res.write(target)
    for other in others:
        res.write(other)
    _returning(res, tree, scope, target)


def _rows_deleted_from(res: Resolution, table: exp.Expression | None, tables: list[exp.Expression],
                       using: list[exp.Expression]) -> exp.Select | None:
    """The query of the rows a DELETE of several tables deletes, whose FROM names its targets: T-SQL's and MySQL's
    ``DELETE t [, u] FROM a [JOIN b ...]`` (``t``, ``u``: tables or aliases of that FROM), and MySQL's ``DELETE FROM t
    USING a AS t JOIN b ...`` (``t`` an alias of USING's tables); None for another DELETE."""
    if tables and isinstance(table, (exp.Table, exp.Subquery)):  # (MySQL's DELETE c FROM (query) x, t c ...)
        items = [table]
    elif isinstance(table, exp.Table) and using and not tables:
        items = using
        probe = exp.Select(expressions=[exp.Star()], from_=exp.From(this=using[0].copy()))  # (a copy: never re-parented)
        if _aliased_in_from(res, table, probe) is None:  # PostgreSQL's DELETE FROM t USING u: t is a table
            return None
    else:
        return None
    rows = items[0].copy()
    joins = rows.args.pop("joins", None) or []  # (sqlglot hangs the FROM clause's joins on its first table)
    joins += [exp.Join(this=item.copy()) for item in items[1:]]
    return exp.Select(expressions=[exp.Star()], from_=exp.From(this=rows), joins=joins)


def resolve_truncate(tree: exp.TruncateTable, res: Resolution) -> None:
    """TRUNCATE: each table written with no column. PostgreSQL's ``CASCADE`` "automatically truncate[s] all tables that
    have foreign-key references to any of the named tables, or to any tables added to the group due to CASCADE": the
    foreign keys the catalog and the log's DDL declared."""
    written = [res.target(table, through=False) for table in tree.expressions]  # (of a ClickHouse Distributed table:
    # its queue of inserts to send, not the shards')
    if str(tree.args.get("option") or "").upper() == "CASCADE" and res.binder.naming.dialect_name == "postgres":
        names = {table.name.casefold() for table in written}
        referencing = [table for table in res.binder.catalog.lookup_referencing() if table not in written]
        while names:
            emptied = [table for table in referencing if any(target.casefold() in names
                                                             for _, target in table.references)]
            referencing = [table for table in referencing if table not in emptied]
            written += emptied
            names = {table.name.casefold() for table in emptied}
    for table in written:
        res.write(table)


def resolve_merge(tree: exp.Merge, res: Resolution) -> None:
    """MERGE: the ON condition reads both tables; each WHEN writes the target. A ``WHEN NOT MATCHED [BY TARGET]``
    clause has no target row, so its names are the source's: dbt's incremental and snapshot merges insert
    ``VALUES ("ID", "AMOUNT")``, the source's columns named as the target's. PostgreSQL's data-modifying CTEs
    before it and its ``RETURNING`` are read as an UPDATE's are."""
    _modifying_ctes(tree, res)
    _merge_through_cte(tree, res)
    target, scope = _target_scope(res, tree.this, tree)
    first = len(scope.sources)
    res.add_source(scope, tree.args["using"])
    source = scope.sources[first:]  # (a join's tables: PostgreSQL's USING a JOIN b ON ...)
    _read_merge_condition(res, tree, scope)
    whens = tree.args.get("whens")
    evolving = bool(tree.meta.get(SCHEMA_EVOLUTION))
    if evolving and whens is not None and any(_all_by_name(when.args.get("then")) for when in whens.expressions
                                              if isinstance(when.args.get("then"), (exp.Update, exp.Insert))):
        target = _evolved(res, target, source[0] if len(source) == 1 else None)
    if whens is None or not all(_does_nothing(when) for when in whens.expressions):
        res.write(target)  # (PostgreSQL's WHEN ... THEN DO NOTHING alone changes no row)
    unmatched = _source_scope(scope, source)
    branches: list[list[tuple[str, frozenset]]] = []  # (the values each branch writes: what OUTPUT inserted.c gives)
    updates = False
    for when in whens.expressions if whens is not None else ():
        names = unmatched if not when.args.get("matched") and not when.args.get("source") else scope
        res.collect(when.args.get("condition"), names, scope.conditions)
        action = when.args.get("then")
        where = action.args.get("where") if isinstance(action, (exp.Update, exp.Insert)) else None
        if isinstance(where, exp.Where):  # Oracle's UPDATE SET ... WHERE c, INSERT ... VALUES (...) WHERE c: which
            res.collect(where.this, names, scope.conditions)  # rows the branch changes
        pairs = _merge_action_writes(res, target, source, names, action)
        if pairs is None:
            continue
        res.write(target, pairs)
        branches.append(pairs)
        updates |= isinstance(action, exp.Update)
    _returning(res, tree, scope, target, _new_values(branches, updates))


def _read_merge_condition(res: Resolution, tree: exp.Merge, scope: Scope) -> None:
    """A MERGE's ``ON`` condition, read as a condition over both tables; DuckDB's ``USING source USING (id)``: the
    column of each side. Another raises :class:`.UnsupportedStatement`."""
    joined = tree.args.get("using_cond")  # DuckDB's MERGE ... USING source USING (id): the column of each side
    if isinstance(tree.args.get("on"), exp.Expression):
        res.collect(tree.args["on"], scope, scope.conditions)
    elif joined and all(isinstance(name, exp.Identifier) for name in joined):
        for name in joined:
            for side in (tree.this, tree.args["using"]):
                res.collect(exp.column(name.copy(), table=side.alias_or_name), scope, scope.conditions)
    else:
        raise UnsupportedStatement("MERGE: its ON condition cannot be read")


def _merge_action_writes(res: Resolution, target: CatalogObject | None, source: list[Source], names: Scope,
                         action: exp.Expression | None) -> list[tuple[str, frozenset]] | None:
    """The columns a MERGE's WHEN action writes and the flow of each (its names read in ``names``): an ``UPDATE`` or
    ``INSERT`` all by name or of the whole row (from the one source, ``source`` being its items), an ``UPDATE``'s
    assignments, an ``INSERT``'s values; None for another action (``DELETE``, ``DO NOTHING``)."""
    if isinstance(action, (exp.Update, exp.Insert)) and _all_by_name(action):
        return _by_name(res, target, source[0] if len(source) == 1 else None, names, _star_excepted(res, action))
    if isinstance(action, (exp.Update, exp.Insert)) and _whole_row(action):
        return _by_position(res, target, source[0] if len(source) == 1 else None, names)
    if isinstance(action, exp.Update):
        return [pair for eq in action.expressions for pair in _assignments(res, eq, names)]
    if isinstance(action, exp.Insert):
        return _merge_insert(res, target, action, names)
    return None


def _does_nothing(when: exp.Expression) -> bool:
    """Whether a MERGE's WHEN clause is ``THEN DO NOTHING``."""
    action = when.args.get("then")
    return isinstance(action, exp.Var) and action.name.upper() == "DO NOTHING"


def _all_by_name(action: exp.Update | exp.Insert) -> bool:
    """Snowflake's ``UPDATE ALL BY NAME`` / ``INSERT ALL BY NAME`` (Databricks' ``UPDATE SET *`` / ``INSERT *``), which
    sqlglot reads as a ``*``."""
    if isinstance(action, exp.Update):
        expressions = action.args.get("expressions")
        if isinstance(expressions, exp.Star):  # Delta's UPDATE * (without SET), which sqlglot keeps as the star
            return True
        return isinstance(expressions, list) and len(expressions) == 1 and isinstance(expressions[0], exp.Star)
    return isinstance(action.this, exp.Star)


def _whole_row(action: exp.Update | exp.Insert) -> bool:
    """A MERGE's ``UPDATE`` or ``INSERT`` of no list, which sets the source's row as a whole, by position (DuckDB's:
    "the row can be updated to the new row", "trivially inserted"; its ``BY POSITION``, ``UPDATE SET *`` and ``INSERT
    *`` read as these: :func:`.rewrites._bare_merge_actions`)."""
    if isinstance(action, exp.Update):
        return not action.args.get("expressions")
    return action.this is None and not action.expression


def _by_position(res: Resolution, target: CatalogObject | None, source: Source | None,
                 scope: Scope) -> list[tuple[str, frozenset]]:
    """Each column of the target from the source's column at its place; of a target of unknown columns, each of the
    source's under its own name (as an INSERT's query names them). Of a source of unknown columns, every column of
    the target is written, from what is known of the source's rows (as ``INSERT INTO t SELECT * FROM`` such a
    source writes them); none when neither side's columns are known."""
    if source is not None and source.is_open and target is not None and not target.columns_open:
        flow = source.open_flow or EMPTY
        return [(name, flow) for name in target_columns(res, target, None) if name is not None]
    if source is None or target is None or source.is_open:
        return []
    columns = source.column_names()
    names = target_columns(res, target, None) if not target.columns_open else list(columns)
    quoted = exp.to_identifier(source.alias, quoted=True)
    return [(name, res.collect(exp.column(exp.to_identifier(column, quoted=True), quoted), scope))
            for name, column in zip(names, columns) if name is not None]


def _evolved(res: Resolution, target: CatalogObject | None, source: Source | None) -> CatalogObject | None:
    """``MERGE WITH SCHEMA EVOLUTION``'s target with the columns of the source it lacks added after its own (Spark:
    "the schema of the target table is automatically evolved to add new columns ... based on the source table or
    query"), put in the catalog in place of ``target``, as ``ALTER TABLE ... ADD COLUMNS`` would: the MERGE writes
    them by name, and later statements read them. ``target`` itself when it gains none, or when either side's
    columns are unknown."""
    if target is None or source is None or target.columns_open or source.is_open:
        return target
    known = {column.name.casefold() for column in target.columns}
    added = []
    for name in source.column_names():
        if name.casefold() not in known:
            known.add(name.casefold())
            found = source.obj.column(name) if source.is_object else None
            added.append(Column(name=name, id=stable_id("column", target.id, name),
                                data_type=found.data_type if found is not None else None))
    if not added:
        return target
    evolved = target.evolve(columns=(*target.columns, *added))
    res.binder.catalog.put(target, evolved)
    return evolved


def _star_excepted(res: Resolution, action: exp.Update | exp.Insert) -> frozenset[str]:
    """The columns Databricks' ``UPDATE SET * EXCEPT (c, ...)`` / ``INSERT * EXCEPT (c, ...)`` leaves out, folded."""
    star = action.this if isinstance(action, exp.Insert) else action.args.get("expressions")
    star = star[0] if isinstance(star, list) and star else star
    excepted = (star.args.get("except_") or ()) if isinstance(star, exp.Star) else ()
    return frozenset(res.binder.naming.ident(c.this if isinstance(c, exp.Column) else c).casefold() for c in excepted)


def _by_name(res: Resolution, target: CatalogObject, source: Source | None, scope: Scope,
             excepted: frozenset[str] = frozenset()) -> list[tuple[str, frozenset]]:
    """Every column of the target that the source has a column of its name for (case ignored), from that column.
    Where one side's columns are unknown, the other's name them: a target of unknown columns is written every
    column of the source; a source of unknown columns gives every column of the target from its column of that
    name (Databricks: "UPDATE SET * ... assigns each target column the value of the source column of the same
    name"); none when neither's are known; none of ``excepted`` (``SET * EXCEPT (c)``). (``MERGE WITH SCHEMA
    EVOLUTION``'s target has gained the source's columns it lacked first: :func:`_evolved`.)"""
    if source is None or target is None:  # (a target of files written in place: its columns are not known)
        return []
    if source.is_open:
        pairs = [] if target.columns_open else [(c.name, c.name) for c in target.columns]
    else:
        by_fold = {name.casefold(): name for name in source.column_names()}
        names = list(by_fold.values()) if target.columns_open else [c.name for c in target.columns]
        pairs = [(name, by_fold[name.casefold()]) for name in names if name.casefold() in by_fold]
    quoted = exp.to_identifier(source.alias, quoted=True)
    return [(name, res.collect(exp.column(exp.to_identifier(column, quoted=True), quoted), scope))
            for name, column in pairs if name.casefold() not in excepted]


def _source_scope(scope: Scope, sources: list[Source]) -> Scope:
    """A scope of the MERGE's source alone (the statement's CTEs kept); ``scope`` when there is no source."""
    if not sources:
        return scope
    alone = Scope(scope.outer, scope.ctes)
    for source in sources:
        alone.add(source)
    return alone


def _merge_insert(res: Resolution, target: CatalogObject, action: exp.Insert, scope: Scope) -> list[tuple[str, frozenset]]:
    this, values = action.this, action.expression
    if (isinstance(this, exp.Tuple) and len(this.expressions) == 1 and isinstance(this.expressions[0], exp.Anonymous)
            and this.expressions[0].name.upper() == "VALUES" and not values):
        # INSERT VALUES (...) without a column list, as sqlglot reads it for Redshift: a call of VALUES
        action = exp.Insert(expression=exp.Tuple(expressions=[e.copy() for e in this.expressions[0].expressions]))
    if (isinstance(this, exp.Tuple) and len(this.expressions) == 1 and isinstance(this.expressions[0], exp.Column)
            and not this.expressions[0].this.quoted and this.expressions[0].name.upper() == "DEFAULT" and not values):
        # INSERT DEFAULT VALUES, as sqlglot reads it: "All columns will be filled with their default values"
        return [(name, EMPTY) for name in target_columns(res, target, None) if name is not None]
    columns = action.this.expressions if isinstance(action.this, exp.Tuple) else None
    names = target_columns(res, target, columns)
    if isinstance(action.this, exp.Var) and action.this.name.upper() == "ROW":  # BigQuery: the source's row, by position
        return _by_position(res, target, scope.sources[0] if scope.sources else None, scope)
    values = action.expression
    if values is not None and not isinstance(values, exp.Expression):  # sqlglot's reading of INSERT BY NAME (no ALL)
        raise UnsupportedStatement("cannot parse: the MERGE's INSERT has neither VALUES (...) nor ALL BY NAME")
    items = values.expressions if isinstance(values, exp.Tuple) else [values] if values is not None else []
    for item in items[len(names):]:  # (values of no column known here, a target of unknown columns: still read)
        res.collect(item, scope)
    return [(name, res.collect(item, scope)) for name, item in zip(names, items)]


def _path_table(res: Resolution, table: exp.Table) -> str | None:
    """The path of Spark's and Databricks' ``format.`/path``` table (``delta.`/tmp/t```), else None."""
    return table.this.name if names_files(res.binder.naming.table_parts(table)) else None


def _target_scope(res: Resolution, table: exp.Expression, node: exp.Expression) -> tuple[CatalogObject | None, Scope]:
    """The written table and the scope its statement's expressions resolve in."""
    if not isinstance(table, exp.Table):
        shown = table.sql()[:60] if isinstance(table, exp.Expression) else repr(table)
        raise UnsupportedStatement(f"cannot write to {shown}: not a table")
    aliased = _aliased_in_from(res, table, node)
    if aliased is not None:  # UPDATE w SET ... FROM db.t AS w: the target is named by its alias
        return aliased.obj, res.scope_over(None, "", node)
    path = _path_table(res, table)
    if path is not None:  # Databricks' DELETE FROM delta.`/path` ...: the files are read and rewritten in place
        res.read_location(path)
        res.write_location(path)
        scope = res.scope_over(None, "", node)
        alias = table.args.get("alias")
        if alias is not None:  # MERGE INTO delta.`/path` t ...: t.c names the files' column, no column of the source
            scope.add(Source(res.binder.naming.ident(alias.this), columns=None, open_flow=EMPTY))
        return None, scope
    target = res.target(table)
    if res.binder.naming.rules.updatable_views and isinstance(table.this, exp.Identifier) \
            and (view := res.relation(table)) is not target and view.domain == "View":
        through = exp.Table(**{key: table.args[key].copy() for key in ("this", "db", "catalog") if table.args.get(key)})
        res.query(exp.select(exp.Literal.number(1)).from_(through))  # (the view's filter decides which rows change)
    alias = table.args.get("alias")
    named = res.binder.naming.ident(alias.this) if alias is not None else ""
    if not named and isinstance(table.this, exp.Identifier) and target.parts[-1] != (
            written := res.binder.naming.table_parts(table)[-1]) and target.parts[-1].casefold() != written.casefold():
        named = written  # a write through a view into the table under it: v.c still names the row's column c
    scope = res.scope_over(target, named, node)
    joins = table.args.get("joins")
    if joins:  # MySQL's UPDATE a JOIN b ON ... SET ...: the joined tables are read beside the target
        res.join_sources(scope, scope.sources[0], joins)
    res.filtered.append(target)  # (an UPDATE's, a DELETE's or a MERGE's: its row access policy decides the rows)
    return target, scope


def _aliased_in_from(res: Resolution, table: exp.Table, node: exp.Expression) -> Source | None:
    """The table of ``node``'s FROM clause, its joins' too (MySQL's ``DELETE c FROM a JOIN b AS c``), whose alias the
    one-part name ``table`` is; None when none is."""
    from_ = node.args.get("from_")
    if from_ is None:
        return None
    joined = [item for join in node.args.get("joins") or () for item in join.find_all(exp.Table)]
    return _aliased_among(res, table, [*from_.find_all(exp.Table), *joined])


def _aliased_among(res: Resolution, table: exp.Table, candidates: Iterable[exp.Table]) -> Source | None:
    """The table of ``candidates`` whose alias the one-part name ``table`` is, as a source; None when none is."""
    parts = res.binder.naming.table_parts(table)
    if len(parts) != 1:
        return None
    for candidate in candidates:
        alias = candidate.args.get("alias")
        if alias is not None and res.binder.naming.ident(alias.this).casefold() == parts[0].casefold():
            return Source(parts[0], obj=res.relation(candidate))
    return None


def _assignments(res: Resolution, eq: exp.Expression, scope) -> list[tuple[str, frozenset]]:
    """The columns one ``SET`` item assigns, each with its flow: ``c = expr``; or, as PostgreSQL, Oracle and
    DuckDB write it, ``(a, b) = (x, y)`` and ``(a, b) = (SELECT x, y FROM ...)``, each column from the value at
    its place (the subquery's conditions read, as for a scalar subquery; PostgreSQL's ``= ROW (x, y)`` as ``= (x,
    y)``). Another right side (a ROW value of another length) gives each column the flow of the whole."""
    if isinstance(eq.this, exp.Parameter):  # T-SQL's SET @v = expr: a variable, no column (@v = c = expr: c too)
        if isinstance(eq.expression, exp.EQ) and not isinstance(eq.expression.this, exp.Literal):
            return _assignments(res, eq.expression, scope)
        res.collect(eq.expression, scope)
        return []
    eq = exp.EQ(this=eq.this, expression=_default_keyword(eq.expression))
    columns = eq.this.expressions if isinstance(eq.this, exp.Tuple) else None
    if columns is None:
        name = _assigned(res, eq.this, scope)
        return [(name, res.collect(eq.expression, scope) | _kept(res, eq.this, name, scope))]
    value = eq.expression
    query = value.this if isinstance(value, exp.Subquery) else None
    if isinstance(query, exp.Select) and len(query.expressions) == len(columns):
        values = [exp.Subquery(this=_projecting(query, item)) for item in query.expressions]
    elif (isinstance(value, exp.Tuple) or (isinstance(value, exp.Anonymous) and value.name.upper() == "ROW")) \
            and len(value.expressions) == len(columns):  # (PostgreSQL's ROW (x, y): ROW an optional noise word)
        values = [_default_keyword(item) for item in value.expressions]
    else:
        values = [value] * len(columns)
    assigned = [(column, _assigned(res, column, scope)) for column in columns]
    return [(name, res.collect(item, scope) | _kept(res, column, name, scope))
            for (column, name), item in zip(assigned, values)]


def _kept(res: Resolution, column: exp.Expression, name: str, scope: Scope) -> frozenset:
    """What an assignment of an element or a field of the column ``name`` keeps of it: the column as it was, read
    (PostgreSQL's ``SET j['a'] = '1'``, ``SET arr[2] = x``, ``SET comp.f1 = 5``, Delta's ``SET address.city = 'x'``:
    the rest of the value stays), as ``SET j = jsonb_set(j, ...)`` reads it; nothing for a whole column."""
    if not isinstance(column, (exp.Bracket, exp.Dot)) and not (
            isinstance(column, exp.Column) and res.binder.naming.ident(column.this) != name):
        return EMPTY
    target = scope.sources[0] if scope.sources else None
    if target is None:
        return EMPTY
    return res.collect(exp.column(exp.to_identifier(name, quoted=True),
                                  table=exp.to_identifier(target.alias, quoted=True)), scope)


def _default_keyword(value: exp.Expression) -> exp.Expression:
    """``value`` of a ``SET``, but ``DEFAULT`` (``SET c = DEFAULT``, ``SET (a, b) = (1, DEFAULT)``) as the keyword it
    is: the column's default value, no source (sqlglot reads a column named DEFAULT)."""
    if isinstance(value, exp.Column) and not value.table and not value.this.quoted and value.name.upper() == "DEFAULT":
        return exp.var("DEFAULT")
    return value


def _projecting(query: exp.Select, item: exp.Expression) -> exp.Select:
    """``query`` selecting ``item`` alone."""
    single = query.copy()
    single.set("expressions", [item.copy()])
    return single


def _assigned(res: Resolution, column: exp.Expression, scope: Scope) -> str:
    """The column a SET item assigns: ``c``, or ``t.c`` qualified by the target's name or alias; of an element or a
    field (PostgreSQL's ``c[1]``, ``c.field``, ``c[1].field``), the column holding it."""
    while isinstance(column, (exp.Bracket, exp.Dot)):
        column = column.this
    if not isinstance(column, exp.Column):
        return res.binder.naming.ident(column)
    names = [res.binder.naming.ident(part) for part in column.parts]
    for at in range(len(names) - 1, 0, -1):
        if scope.source_named(names[at - 1]) is not None:
            return names[at]  # t.c, s.t.c: the target's c (or a field of it)
    target = scope.sources[0] if scope.sources else None
    if len(names) > 1 and target is not None and target.is_object and (
            target.is_open or target.obj.column(names[0]) is not None):
        return names[0]  # c.field of the target's column c (a target of unknown columns: its first name, no source's)
    return names[-1]


# --------------------------------------------------------------------------- stages


def resolve_copy(tree: exp.Copy, res: Resolution) -> None:
    """COPY INTO a table (a load) or into a stage or location (an unload). With ``VALIDATION_MODE`` it only
    validates the files, or returns the rows an unload would write: it writes nothing."""
    if tree.args.get("kind") is False:  # PostgreSQL's, Redshift's COPY t | (query) TO 'file' | STDOUT | PROGRAM '...'
        _copy_out(tree, res)
        return
    table, listed = target_of(tree.this)
    if table is None:
        raise UnsupportedStatement("COPY INTO: unrecognised target")
    kind, value = _storage(table)
    validating = any(isinstance(p, exp.CopyParameter) and p.name.upper() == "VALIDATION_MODE"
                     for p in tree.args.get("params") or ())
    if kind == "table":
        path = _path_table(res, table)  # Databricks' COPY INTO delta.`/path`: the files written in place
        by_name = res.binder.naming.rules.copy_by_name and not tree.meta.get(BY_POSITION)
        _copy_load(res, None if path else res.target(table), listed, tree.args.get("files") or [], validating,
                   by_name=by_name)
        if path is not None and not validating:
            res.write_location(path)
        return
    for source in tree.args.get("files") or []:
        _copy_unload_source(res, source)
    if validating:
        return
    if kind == "stage":
        stage = res.binder.stage(value)
        if stage is not None:
            res.write_stage(stage)
    else:
        res.write_location(value)


def _copy_out(tree: exp.Copy, res: Resolution) -> None:
    """``COPY t [(columns)] TO ...`` / ``COPY (query) TO ...``: the table's columns (or the query) read, the file
    written when one is named (a location); to STDOUT or a PROGRAM the rows go to the client."""
    source = tree.this
    if isinstance(source, exp.Subquery):
        res.query(source.this)
    else:
        table, listed = target_of(source)
        if table is None:
            raise UnsupportedStatement("COPY ... TO: unrecognised source")
        columns = [exp.column(c.this if isinstance(c, exp.Column) else c) for c in listed] if listed else [exp.Star()]
        res.query(exp.select(*columns).from_(table.copy()))
    for file in tree.args.get("files") or ():  # a path: a string; STDOUT and PROGRAM: names
        if isinstance(file, exp.Literal) and file.is_string:
            res.write_location(file.name)


def _copy_load(res: Resolution, target: CatalogObject | None, listed, sources: list[exp.Expression], validating: bool,
               *, by_name: bool = False) -> None:
    result: QueryResult | None = None
    for source in sources:
        if isinstance(source, QUERY_TYPES):
            result = res.query(source)
            continue
        if isinstance(source, exp.Literal) and source.is_string:  # PostgreSQL's, Redshift's COPY t FROM 'path'
            res.read_location(source.name)
            continue
        kind, value = _storage(source) if isinstance(source, exp.Table) else ("other", "")
        if kind == "stage":
            stage = res.binder.stage(value)
            if stage is not None:
                res.read_object(stage)
        elif kind == "location":
            res.read_location(value)
    if validating:
        return
    if result is not None and by_name and not listed and target is not None:
        # each of the query's columns loads the table's column of its name (one the table lacks is left out)
        res.write(target, [(name, flow) for name, flow in result.columns
                           if target.columns_open or target.column(name) is not None])
        return
    names = target_columns(res, target, listed, result, loading=result is None)
    if result is not None:
        write_positional(res, target, names, result)
    else:  # loaded from files: the columns have no sources
        res.write(target, [(name, EMPTY) for name in names])


def resolve_unload(command: exp.Command, res: Resolution) -> None:
    """``UNLOAD ('query') TO 's3://...' [options]`` (Redshift; Athena writes the query unquoted,
    ``UNLOAD (query) TO ...``): ``COPY INTO 's3://...' FROM (query)`` by another name, the query read and
    the location written."""
    if command.expression is None:
        raise UnsupportedStatement("cannot parse: UNLOAD takes ('<query>') or (<query>), then TO '<location>'")
    resolve_copy(unload_as_copy(command.expression.name, res.binder.naming.dialect), res)


def resolve_export(tree: exp.Export, res: Resolution) -> None:
    """BigQuery's ``EXPORT DATA OPTIONS (uri = '...', ...) AS <query>``: an unload, the query read and the location
    written."""
    res.query(tree.this)
    uri = _option(tree.args.get("options"), "URI")
    if isinstance(uri, exp.Literal) and uri.is_string:
        res.write_location(uri.name)


def resolve_load_data(tree: exp.LoadData, res: Resolution) -> None:
    """``LOAD DATA {INTO | OVERWRITE} t [(columns)] FROM FILES (uris = [...], ...)`` (BigQuery), ``LOAD DATA INPATH
    '...' INTO TABLE t`` (Hive, Spark): a load, the files' locations read and the table written from them (no
    sources), as COPY INTO a table is."""
    table = tree.this.this if isinstance(tree.this, exp.Schema) else tree.this
    if not isinstance(table, exp.Table):
        raise UnsupportedStatement("LOAD DATA: unrecognised target")
    uris = _option(tree.args.get("files"), "URIS")
    locations = uris.expressions if isinstance(uris, exp.Array) else [uris] if uris is not None else []
    inpath = tree.args.get("inpath")
    for location in [*locations, *([inpath] if inpath is not None else [])]:
        if isinstance(location, exp.Literal) and location.is_string:
            # (LOAD DATA LOCAL INPATH: a file of the client's own file system, not the cluster's default one)
            res.read_location(file_uri(location.name) if tree.args.get("local") and location is inpath
                              else location.name)
    target = res.target(table)
    defined = [c.this for c in tree.this.expressions] if isinstance(tree.this, exp.Schema) else None
    names = target_columns(res, target, defined if target.columns_open else None)
    res.write(target, [(name, EMPTY) for name in names if name is not None])


def _option(options: exp.Expression | None, key: str) -> exp.Expression | None:
    """The value of the option ``key`` among ``OPTIONS (...)`` / ``FILES (...)`` properties."""
    for prop in options.expressions if isinstance(options, exp.Properties) else ():
        if isinstance(prop, exp.Property) and prop.name.upper() == key:
            return prop.args.get("value")
    return None


def unload_as_copy(text: str, dialect: Dialect) -> exp.Copy:
    """The ``COPY INTO <location> FROM (<query>)`` that an UNLOAD's text after its verb stands for.

    >>> unload_as_copy("('select * from venue where state = ''NV''') to 's3://b/venue_' iam_role 'r'",
    ...                Dialect.get_or_raise("redshift")).sql("snowflake")
    "COPY INTO 's3://b/venue_' FROM (SELECT * FROM venue WHERE state = 'NV')"
    """
    tokens = dialect.tokenize(text)
    close = _closing(tokens)
    if close is None or close + 2 >= len(tokens) or tokens[close + 1].text.upper() != "TO" or (
            tokens[close + 2].token_type != TokenType.STRING):
        raise UnsupportedStatement("cannot parse: UNLOAD takes ('<query>') or (<query>), then TO '<location>'")
    quoted = close == 2 and tokens[1].token_type == TokenType.STRING
    query = tokens[1].text if quoted else text[tokens[1].start : tokens[close].start]
    try:
        tree = parse_sql(query, dialect, "UNLOAD's query")
    except SqlglotError as err:
        raise UnsupportedStatement(f"cannot parse UNLOAD's query: {str(err).strip().splitlines()[0]}") from None
    if not isinstance(tree, QUERY_TYPES):
        raise UnsupportedStatement("cannot parse: UNLOAD's query is not a query")
    return exp.Copy(this=exp.Table(this=exp.Literal.string(tokens[close + 2].text)), kind=True,
                    files=[exp.Subquery(this=tree)])


def _closing(tokens: list[Token]) -> int | None:
    """The index of the bracket that closes the one ``tokens`` open with, or None."""
    if not tokens or tokens[0].token_type != TokenType.L_PAREN:
        return None
    depth = 0
    for index, token in enumerate(tokens):
        depth += (token.token_type == TokenType.L_PAREN) - (token.token_type == TokenType.R_PAREN)
        if not depth:
            return index
    return None


def _copy_unload_source(res: Resolution, source: exp.Expression) -> None:
    if isinstance(source, QUERY_TYPES):
        res.query(source)
        return
    if isinstance(source, exp.Table):
        kind, _ = _storage(source)
        if kind == "table":
            res.read_all_columns(res.relation(source))


def _storage(table: exp.Table) -> tuple[str, str]:
    """('stage', '@...') | ('location', 's3://...') | ('table', '') for a COPY operand."""
    this = table.this
    if isinstance(this, exp.Var) and this.name.startswith("@"):
        return "stage", this.name
    if isinstance(this, exp.Literal) and this.is_string:  # a quoted stage path ('@s/dir 1/') is still a stage
        return ("stage" if this.name.startswith("@") else "location"), this.name
    return "table", ""


def resolve_put(tree: exp.Put, res: Resolution) -> None:
    res.read_location(tree.this.name)
    stage = res.binder.stage(tree.args["target"].name)
    if stage is not None:
        res.write_stage(stage)


def triggered_writes(res: Resolution, target: CatalogObject, inserted: dict[str, frozenset],
                     chain: tuple[CatalogObject, ...] = ()) -> None:
    """The writes an insert into ``target`` sets off (:attr:`.dialects.DialectRules.insert_triggers`): each ClickHouse
    materialized view whose query reads ``target`` first runs over the inserted rows and writes its ``TO`` table, each
    column from what the query computes it from, the inserted columns standing for ``target``'s (``inserted``: the
    flows of the insert's columns by name); and so on for views over that table, as ClickHouse chains them (a view
    already in the chain is not run again: views that feed each other)."""
    if len(chain) >= _TRIGGER_DEPTH:
        return
    for view, query, into in _views_over(res.binder, target):
        if any(view is earlier for earlier in chain):
            continue
        own = res.binder.for_object(view)
        written = own.relation(own.naming.table_parts(into), session=False) if into is not None else view
        reads = DirectReads()
        analyzer, query = Analyzer(own, reads), query.copy()
        rows = _inserted_rows(own, analyzer, query, target)
        result = analyzer.query(query)
        for obj, columns in reads.objects.items():  # what else it reads (a join to a dimension) is the insert's read;
            if obj.parts != target.parts or rows is not target:  # the inserted rows are no read of their table (a
                res.reads.touch(obj)  # self-join's other side reads the table, stored rows and all)
                for name in columns:
                    res.reads.column(obj, name)
        columns = [(name, _through(flow, rows, inserted)) for name, flow in result.columns]
        res.write(written, columns)
        triggered_writes(res, written, {name.casefold(): flow for name, flow in columns}, (*chain, view))


def _inserted_rows(binder: Binder, analyzer: Analyzer, query: exp.Query, target: CatalogObject) -> CatalogObject:
    """What stands for the inserted rows in a materialized view's ``query`` over ``target``: the table itself, or,
    where the query names it more than once (a self-join), its first reference alone, read as the inserted rows
    (ClickHouse runs the view with "the inserted block" in place of the first table; the others read the table's
    stored rows): then a stand-in object of the table's columns, which no catalog holds."""
    first = _first_table(query)
    named = [table for table in query.find_all(exp.Table) if isinstance(table.this, exp.Identifier)
             and (found := binder.lookup("relation", binder.naming.table_parts(table))) is not None
             and found.parts == target.parts]
    if first is None or len(named) < 2 or target.columns is None or not any(table is first for table in named):
        return target
    rows = target.evolve(name=f"{target.name}$inserted", id=None, known=False)
    columns = {column.name: frozenset((ColumnAtom(rows, column.name),)) for column in target.visible_columns()}
    analyzer.substitutes[id(first)] = Source(first.alias_or_name, columns=columns)
    return rows


#: How many materialized views deep an insert's writes are followed (ClickHouse chains them).
_TRIGGER_DEPTH = 8


def _views_over(binder: Binder, target: CatalogObject) -> list[tuple[CatalogObject, exp.Query, exp.Table | None]]:
    """The materialized views of the catalog whose query reads ``target`` first, each with its query and its ``TO``
    table (None for one that stores its rows itself, in its own engine). The catalog's triggers are a lookup the
    resolution cache records (a view or table created, dropped or renamed later makes an insert of the same shape
    resolve again); they are indexed by the table each reads first once per version of the catalog."""
    catalog = binder.catalog
    views = catalog.lookup_triggers()
    key = (catalog.serial, catalog.version, binder.naming.dialect_name)
    index = _TRIGGER_INDEX.get(key)
    if index is None:
        index = {}
        for view in views:
            parsed = _trigger(view.definition or "", binder.naming.dialect)
            if parsed:
                first, query, into = parsed
                own = binder.for_object(view)
                source = own.relation(own.naming.table_parts(first), session=False)
                index.setdefault(source.parts, []).append((view, query, into))
        _TRIGGER_INDEX.clear()  # (the catalog being resolved, at its version)
        _TRIGGER_INDEX[key] = index
    return index.get(target.parts, [])


#: The triggers of the catalog being resolved, by the table each reads first: (serial, version, dialect) -> index.
_TRIGGER_INDEX: dict[tuple, dict[tuple[str, ...], list]] = {}


def _trigger(definition: str, dialect: str) -> tuple[exp.Table, exp.Query, exp.Table | None] | tuple[()]:
    """A materialized view's CREATE (or, of one that stores its rows itself, its query) as (the table its query
    reads first, its query, its ``TO`` table or None): the first table named in its query, in a subquery, a CTE or a
    union's first branch as in a plain FROM (the one whose inserts ClickHouse runs it on), a CTE's own name never; ()
    when it is none, or a refreshable view (``REFRESH EVERY ...``: it runs on its schedule, and each refresh is logged
    as an INSERT of its own)."""
    try:
        tree = parse_sql(definition, dialect)
    except (SqlglotError, StatementError):
        return ()
    into = tree.find(exp.ToTableProperty) if isinstance(tree, exp.Create) else None
    query = tree.expression if isinstance(tree, exp.Create) else tree
    if not isinstance(query, exp.Query) or (into is not None and not isinstance(into.this, exp.Table)) \
            or tree.find(exp.AutoRefreshProperty):
        return ()
    first = _first_table(query)
    return (first, query, into.this if into is not None else None) if first is not None else ()


def _first_table(query: exp.Query) -> exp.Table | None:
    """The first table a materialized view's query names (:func:`_trigger`), a CTE's own name never."""
    ctes = {cte.alias_or_name.casefold() for cte in query.find_all(exp.CTE)}
    return next((table for table in query.find_all(exp.Table, bfs=False) if isinstance(table.this, exp.Identifier)
                 and not (not table.args.get("db") and table.name.casefold() in ctes)), None)


def _through(flow: frozenset, table: CatalogObject, inserted: dict[str, frozenset]) -> frozenset:
    """``flow`` with ``table``'s columns replaced by what the inserted rows' columns are computed from (the rows a
    materialized view's query reads are the insert's, not the table's)."""
    out: set = set()
    for atom in flow:
        inner = atom.atom if isinstance(atom, RowAtom) else atom
        if isinstance(inner, (ColumnAtom, ObjectAtom)) and inner.obj.parts == table.parts:
            if isinstance(inner, ColumnAtom):
                passed = inserted.get(inner.column.casefold(), EMPTY)
                out |= {RowAtom(a) for a in passed if not isinstance(a, RowAtom)} if isinstance(atom, RowAtom) \
                    else passed
            continue
        out.add(atom)
    return frozenset(out)



#: A statement that writes in a SQL function's body: ``INSERT``, ``UPDATE``, ``DELETE`` or ``MERGE`` at its start,
#: after a ``;``, ``BEGIN ATOMIC`` or its string's opening quote.
_BODY_WRITES = re.compile(r"(?:^|;|\batomic\b|\$\w*\$|')\s*+(?:with\b[^;]*?\)\s*+)?(?:insert|update|delete|merge)\b",
                          re.IGNORECASE)
#: How many times a statement's called functions are looked at for writes (a function's write calling another's).
_FUNCTIONS_DEEP = 8


def function_writes(res: Resolution) -> None:
    """PostgreSQL's SQL functions whose body writes (``LANGUAGE sql``, ``BEGIN ATOMIC ... END`` or a string of
    statements: ``INSERT INTO t ... RETURNING id``), called by the statement, or by a SQL function or a view's query
    it runs: the body's ``INSERT``, ``UPDATE``, ``DELETE`` and ``MERGE`` run as part of it (PostgreSQL logs no line of
    their own: PostgREST's RPC, ``SELECT f(...)``), so they are its writes, and what they read its reads, their names
    resolved as the function's body's (its schema; its parameters no columns). A value its parameter gives has no
    source here."""
    if res.binder.naming.dialect_name != "postgres":
        return
    writing = _writing_functions(res.binder)
    if not writing:
        return
    seen: set[tuple[str, int | None]] = set()
    pending = [obj for obj in res.reads.objects if obj.domain in ("Function", "View")
               and any(name in (obj.body if obj.domain == "Function" else obj.definition or "").casefold()
                       or name == obj.parts[-1].casefold() for name in writing)]
    for _ in range(_FUNCTIONS_DEEP):
        called: list[CatalogObject] = []
        for obj in pending:
            if (obj.domain, obj.id) in seen or not (obj.body if obj.domain == "Function" else obj.definition):
                continue
            seen.add((obj.domain, obj.id))
            if obj.domain == "Function" and not is_sql_udf(obj):
                continue
            own = res.binder.for_object(obj)
            trees = _body_trees(own, obj)
            for tree in trees:  # the SQL functions it calls in turn (a view's select list runs its calls too)
                for node in tree.find_all(exp.Anonymous, exp.Func):
                    found = own.udf_call(node)
                    if found is not None and (found[0].domain, found[0].id) not in seen and is_sql_udf(found[0]) \
                            and (found[0].parts[-1].casefold() in writing
                                 or any(name in (found[0].body or "").casefold() for name in writing)):
                        called.append(found[0])
            if obj.domain == "Function" and _body_writes(obj.body):
                _resolve_body(res, own, obj, trees)
        if not called:
            return
        pending = called


def _writing_functions(binder: Binder) -> frozenset[str]:
    """The names (casefolded) of the catalog's SQL functions whose body writes, remembered in the binder's cache (found
    again when the catalog changes)."""
    cache = binder.cache
    if cache.writing_functions is None:
        cache.writing_functions = frozenset(obj.parts[-1].casefold() for obj in binder.catalog.objects()
                                            if obj.domain == "Function" and obj.body and is_sql_udf(obj)
                                            and _body_writes(obj.body))
    return cache.writing_functions


def _body_trees(own: Binder, obj: CatalogObject) -> list[exp.Expression]:
    """The statements of a SQL function's body, or a view's query, parsed in its own dialect (``own``: the binder of
    its names); a statement this does not read is left out."""
    texts = _body_statements(obj.body) if obj.domain == "Function" else [obj.definition]
    trees = []
    for text in texts:
        try:
            trees.append(parse_sql(text, own.naming.dialect_name, what=f"the body of {obj.name}"))
        except (SqlglotError, UnsupportedStatement):
            continue  # (a statement this does not read: its writes are not recorded)
    return trees


def _resolve_body(res: Resolution, own: Binder, obj: CatalogObject, trees: list[exp.Expression]) -> None:
    """A writing SQL function's statements (``trees``) resolved as part of the statement that calls it: their writes
    and reads recorded, their names resolved as the function's body's (``own``), its parameters variables, no
    columns."""
    within = res.within(own)
    within.binder.variables = frozenset(own.naming.normalize(name) for name in argument_names(obj.argument_signature))
    for tree in trees:
        handler = _BODY_HANDLERS.get(type(tree))
        if handler is not None:
            handler(tree, within)


@lru_cache(maxsize=4096)
def _body_writes(body: str) -> bool:
    """Whether a SQL function's body holds a statement that writes (remembered by its text: a catalog's functions are
    looked at again whenever the catalog changes)."""
    return _BODY_WRITES.search(body) is not None


def _body_statements(body: str) -> list[str]:
    """The statements of a SQL function's body: of ``BEGIN ATOMIC ... END``, or of its string."""
    from .statements import split_statements

    text = body.strip().strip("$").strip() if body.lstrip()[:1] == "$" else body.strip()
    atomic = re.fullmatch(r"begin\s+atomic\b(?P<inner>.*?)\bend\s*;?", text, re.IGNORECASE | re.DOTALL)
    return split_statements(atomic["inner"] if atomic is not None else text, "postgres")


#: How many rules deep a write's rules are followed (a rule's command writing a table with rules of its own).
_RULES_DEEP = 8
#: The name the rows a rule's statement writes stand under in its commands, as ``NEW``: none a log gives.
_NEW_ROWS = "\x1fnew"


def rule_writes(res: Resolution) -> None:
    """PostgreSQL's rules (:mod:`.rules`) on the tables the statement writes: each rule on the statement's event runs
    its commands as part of the statement (an unconditional ``DO INSTEAD`` rule in place of its write of the table),
    ``NEW`` the rows it writes (each column from what the statement computes it from; of an UPDATE, a column it
    leaves as it was is the table's, read where a command uses it), ``OLD`` the table's rows as they were, the rule's
    condition read as the command's own; names resolved as in the table's schema (PostgreSQL resolves them when the
    rule is made, and prints them as a view's). A command's write of a table with rules runs those in turn."""
    if not res.ruled or res.binder.naming.dialect_name != "postgres":
        return
    done: set[tuple] = set()
    for _ in range(_RULES_DEEP):
        pending = [(key, item) for key, item in res.ruled.items() if key not in done]
        for view, event in res.through:  # (a view written through: the rows its table is written, by name)
            if (("view", id(view)), event) not in done:
                flows: dict[str, set] = {}
                for key, (_, given) in list(res.ruled.items()):
                    if key[1] == event:
                        for name, flow in given.items():
                            flows.setdefault(name, set()).update(flow)
                        if key in res.returned:
                            res.returned.add((("view", id(view)), event))
                pending.append(((("view", id(view)), event), (view, flows)))
        if not pending:
            return
        for key, (target, flows) in pending:
            done.add(key)
            event = key[1]
            rules = rules_on(target, event)
            if rule_instead(target, event):
                res.unwrite(target)
                if not any(rule.commands for rule in rules) and not res.modified_entries():
                    res.forget_reads()  # (DO INSTEAD NOTHING: the statement runs nothing, reads nothing)
            for rule in rules:
                for command in rule.commands:
                    _rule_command(res, target, event, flows, rule, command, returning=key in res.returned)


def _rule_command(res: Resolution, target: CatalogObject, event: str, flows: dict[str, set], rule: Rule,
                  command: exp.Expression, *, returning: bool) -> None:
    """One command of a rule on ``target``, run as part of the statement that ``event``-ed it (:func:`rule_writes`):
    ``NEW`` and ``OLD`` are FROM items of the command (as PostgreSQL joins them in, seen by no unqualified name nor
    ``*``), the rule's condition its ``WHERE``'s too; its ``RETURNING`` runs only for a statement ``returning`` rows
    (the statement's RETURNING is the rule's)."""
    within = res.within(res.binder.for_object(target, rule=True))
    tree, condition = command.copy(), rule.condition.copy() if rule.condition is not None else None
    if not returning and tree.args.get("returning") is not None:
        tree.set("returning", None)
    parts = [node for node in (tree, condition) if node is not None]
    used = {column.table.casefold() for node in parts for column in node.find_all(exp.Column) if column.table}
    rows: list[exp.Table] = []
    if "new" in used and event != "DELETE":
        within.analyzer.stand_ins[_NEW_ROWS] = _new_rows(within, target, event, flows, parts)
        rows.append(exp.Table(this=exp.to_identifier(_NEW_ROWS), alias=exp.TableAlias(this=exp.to_identifier("new"))))
    if "old" in used and event != "INSERT":
        rows.append(_table_named(target, alias="old"))
    if rows or condition is not None:
        _joined_rows(tree, rows, condition)
    handler = _BODY_HANDLERS.get(type(tree), resolve_select)
    handler(tree, within)


def _new_rows(res: Resolution, target: CatalogObject, event: str, flows: dict[str, set],
              parts: list[exp.Expression]) -> dict[str, frozenset]:
    """``NEW``'s columns, each with its flow: what the statement writes into it, else (an UPDATE's column it leaves as
    it was) the table's column, read where the rule uses it; an INSERT's column it gives no value has none."""
    names = [column.name for column in target.columns or ()]
    used = {column.name.casefold() for node in parts for column in node.find_all(exp.Column)
            if column.table.casefold() == "new"}
    everything = any(isinstance(column.this, exp.Star) for node in parts for column in node.find_all(exp.Column)
                     if column.table.casefold() == "new")
    columns: dict[str, frozenset] = {}  # (in the table's order: NEW.* gives them so)
    for name in names:
        if name in flows:
            columns[name] = frozenset(flows[name])
        elif event == "INSERT":
            columns[name] = EMPTY
        else:
            columns[name] = frozenset((ColumnAtom(target, name),))
            if everything or name.casefold() in used:
                res.reads.touch(target)
                res.reads.column(target, name)
    for name, flow in flows.items():  # (a table of unknown columns: those written)
        columns.setdefault(name, frozenset(flow))
    return columns


def _joined_rows(tree: exp.Expression, rows: list[exp.Table], condition: exp.Expression | None) -> None:
    """``rows`` joined to a rule's command, in place, and ``condition`` added to its ``WHERE``: an INSERT's query
    (its ``VALUES`` as the SELECTs of its rows), an UPDATE's ``FROM``, a DELETE's ``USING``, a query's FROM."""
    if isinstance(tree, exp.Insert):
        query = tree.expression
        if isinstance(query, exp.Values):
            selects = [exp.Select(expressions=[value.copy() for value in (row.expressions if isinstance(row, exp.Tuple)
                                                                          else [row])]) for row in query.expressions]
            query = selects[0] if len(selects) == 1 else exp.union(*selects, distinct=False)
            tree.set("expression", query)
        if query is not None:
            _joined_rows(query, rows, condition)
        return
    if isinstance(tree, exp.SetOperation):
        _joined_rows(tree.this, rows, condition)
        _joined_rows(tree.expression, rows, condition)
        return
    if isinstance(tree, exp.Subquery):
        _joined_rows(tree.this, rows, condition)
        return
    if isinstance(tree, exp.Delete):
        tree.set("using", [*(tree.args.get("using") or []), *(row.copy() for row in rows)])
    elif isinstance(tree, (exp.Select, exp.Update)):
        if isinstance(tree, exp.Select) and rows and tree.args.get("from_") is not None:
            _own_stars(tree)
        for row in rows:
            held = tree.args.get("from_")
            if held is None:
                tree.set("from_", exp.From(this=row.copy()))
            elif isinstance(tree, exp.Select):
                tree.append("joins", exp.Join(this=row.copy()))
            else:  # (an UPDATE's FROM holds its joins on its first item)
                held.this.append("joins", exp.Join(this=row.copy()))
    else:
        return
    if condition is not None:
        where = tree.args.get("where")
        tree.set("where", exp.Where(this=exp.and_(where.this, condition.copy()) if where is not None
                                    else condition.copy()))


def _own_stars(select: exp.Select) -> None:
    """A rule command's query's ``*`` as the ``*`` of each of its own FROM items, in place, before ``NEW`` and ``OLD``
    are joined to it (they are in no ``*``: PostgreSQL adds them to the range table alone); left as it is where an
    item has no name to qualify it by."""
    if not any(isinstance(item, exp.Star) for item in select.expressions):
        return
    items = [select.args["from_"].this, *(join.this for join in select.args.get("joins") or ())]
    names = [item.alias_or_name for item in items]
    if not all(names):
        return
    stars = [exp.Column(this=exp.Star(), table=exp.to_identifier(name)) for name in names]
    select.set("expressions", [star.copy() for item in select.expressions for star in
                               (stars if isinstance(item, exp.Star) else [item])])


_BODY_HANDLERS: dict[type, Callable[[exp.Expression, Resolution], None]] = {
    exp.Insert: resolve_insert, exp.Update: resolve_update, exp.Delete: resolve_delete, exp.Merge: resolve_merge}
