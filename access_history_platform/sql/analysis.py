"""Column-level dataflow of one SQL query, in one pass over sqlglot's tree.

For a query, :func:`analyze_query` finds

* for every output column, the *atoms* its value is computed from: columns of the objects
  the query names (:class:`ColumnAtom`) and the UDFs the value goes through
  (:class:`FunctionAtom`) -- this is column lineage, and what a view's column stands for;
* the atoms the query needs to decide which rows it returns (*conditions*): columns of
  WHERE, JOIN ... ON, GROUP BY, HAVING, QUALIFY, ORDER BY, EXISTS, plus every object read
  (:class:`ObjectAtom`), so that ``COUNT(*)`` still reads its table;
* in a :class:`DirectReads`, every object the text names with every column it references
  anywhere (``*`` expanded from the catalog), and its explicit joins.

Scoping follows SQL: CTEs (which may shadow a table), derived tables, correlated
subqueries, lateral column aliases, ``USING`` joins, LATERAL FLATTEN and other table
functions. Names resolve through a :class:`Binder` (catalog, dialect, session context).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Callable, Iterable, Iterator, Sequence

from sqlglot import exp
from sqlglot.errors import SqlglotError

from ..catalog import CatalogObject, Column, unknown_object
from ..errors import UnsupportedStatement
from .clickhouse import GENERATED_COLUMNS
from .dialects import MINING_FUNCTIONS, SPARK_FAMILY, azure_blobs, column_method, server_file, without_credentials
from .druid import appended, input_locations
from .exasol import imported_rows
from .names import keyword_name
from .parsing import NO_COLUMNS, WRITTEN_NAME, columns_named, first_line, parse_sql
from .semantic_views import SemanticItem, semantic_view_model

if TYPE_CHECKING:
    from .binder import Binder
    from .dialects import DialectRules
    from .names import Naming


@dataclass(frozen=True, slots=True)
class ColumnAtom:
    """A column of a catalog object. ``based`` is False when the value only passes through a
    SQL UDF whose body ignores it: still a direct source, but no base sources follow."""

    obj: CatalogObject
    column: str
    based: bool = True


@dataclass(frozen=True, slots=True)
class ObjectAtom:
    """An object read as a whole (its rows), with no particular column."""

    obj: CatalogObject


@dataclass(frozen=True, slots=True)
class FunctionAtom:
    """A UDF (or UDTF) whose result feeds a value; of a SQL UDTF, the output column it is (whose base sources are
    those of its body's column, as a view's column's are)."""

    fn: CatalogObject
    column: str | None = None


@dataclass(frozen=True, slots=True)
class RowAtom:
    """What decides which rows a value is computed from (a scalar subquery's filters and tables):
    read whenever the value is read, never a lineage source of it."""

    atom: ColumnAtom | ObjectAtom | FunctionAtom


Atom = ColumnAtom | ObjectAtom | FunctionAtom | RowAtom
Flow = frozenset
EMPTY: frozenset = frozenset()


@dataclass(slots=True)
class QueryResult:
    """What a query produces: named output columns with their flows, and its conditions."""

    columns: list[tuple[str, frozenset]]
    conditions: frozenset
    open: bool = False  # the output columns are not all known (e.g. SELECT * from an unknown table)
    rest: frozenset = EMPTY  # when open: what a column beyond the known ones is computed from
    #: when open: the tables of unknown columns a ``*`` took every column of: a column beyond the known ones is
    #: theirs (a column of that name, when there is one such table)
    through: tuple = ()
    #: when open: how many leading columns stand where they are numbered, before the first of the unknown ones
    #: (``SELECT *, r.v FROM unknown u JOIN r``: none); None when the unknown ones come after every known one
    placed: int | None = None
    #: the fields of its output columns that are struct values built here (``STRUCT(id AS i) AS s``, a whole row
    #: ``t AS r``, ``ARRAY_AGG(t ORDER BY ts LIMIT 1)[OFFSET(0)] AS latest``), each with its own flow, by column name:
    #: ``s.*`` and ``s.i`` of the query's rows take them
    fields: dict[str, list[tuple[str, frozenset]]] | None = None

    def names(self) -> list[str]:
        return [name for name, _ in self.columns]

    def flow_of(self, name: str) -> frozenset | None:
        for key, flow in self.columns:
            if key == name:
                return flow
        folded = name.casefold()
        hits = [flow for key, flow in self.columns if key.casefold() == folded]
        if len(hits) == 1:
            return hits[0]
        if self.open and not hits:  # a column beyond the known ones: computed from what the unknown ones are
            return self.rest | {ColumnAtom(self.through[0], name)} if len(self.through) == 1 else self.rest
        return None


#: The kinds of :attr:`DirectReads.unresolved`: a name none of the tables of known columns in reach has, and a name
#: two or more tables of unknown columns may have.
KNOWN_COLUMNS, UNKNOWN_COLUMNS = "known columns", "unknown columns"


@dataclass(slots=True)
class DirectReads:
    """Objects named directly by a statement, with the columns it references and its joins."""

    objects: dict[CatalogObject, dict[str, None]] = field(default_factory=dict)
    joins: dict[CatalogObject, list[tuple[str, CatalogObject]]] = field(default_factory=dict)
    locations: list[str] = field(default_factory=list)
    #: the joins recorded, by where they are written (a CTE that a data-modifying CTE reads too is analyzed again,
    #: in a copy, for that CTE's statement)
    written_joins: set[tuple] = field(default_factory=set)
    #: the names the statement reads as columns (unqualified, or the first of a path of fields) that no source in
    #: reach has (:meth:`Analyzer._unresolved`), each with :data:`KNOWN_COLUMNS` and the tables of known columns it is
    #: none of, or :data:`UNKNOWN_COLUMNS` and the tables of unknown columns it may be of: read from none
    unresolved: dict[str, tuple[str, tuple[str, ...]]] = field(default_factory=dict)
    #: the tables of unknown columns a star read (``SELECT * FROM t`` of a table the catalog lacks, or whose CREATE
    #: was set aside): the record names the table, and of the columns the star returned only those it knows
    unknown_stars: dict[str, None] = field(default_factory=dict)
    #: of a table whose columns are unknown, the places (from 1) of the values an insert wrote that no name places
    #: (``INSERT INTO t SELECT a + 1 ...``: :func:`.dml.target_columns`), whose sources its lineage lacks
    unnamed_writes: dict[str, dict[int, None]] = field(default_factory=dict)
    #: the scans of another server's table the statement reads (DuckDB's ``postgres_scan``): not recorded; a statement
    #: that reads nothing else is set aside for them (:data:`FOREIGN_SCAN`)
    foreign_scans: dict[str, None] = field(default_factory=dict)

    def warnings(self) -> tuple[str, ...]:
        """What :attr:`unresolved`, :attr:`unknown_stars` and :attr:`unnamed_writes` hold, as warnings on the
        statement's record.

        >>> reads = DirectReads()
        >>> reads.unresolved["ZZ"] = (KNOWN_COLUMNS, ("D.S.U",))
        >>> reads.unresolved["TS"] = (UNKNOWN_COLUMNS, ("D.S.A", "D.S.B"))
        >>> reads.unresolved["Q"] = (KNOWN_COLUMNS, ("D.S.U", "D.S.V"))
        >>> reads.unresolved["R"] = (UNKNOWN_COLUMNS, ("D.S.A", "D.S.B", "D.S.C"))
        >>> reads.unknown_stars["D.S.W"] = None
        >>> reads.unnamed_writes["D.S.X"] = {2: None, 3: None}
        >>> [warning.split("; ") for warning in reads.warnings()]  # doctest: +NORMALIZE_WHITESPACE
        [['column ZZ: D.S.U has no such column in the catalog (is the catalog older than the statement?)',
          'read from no table'],
         ['column TS: D.S.A or D.S.B may have it, and the catalog has the columns of neither', 'read from no table'],
         ['column Q: none of D.S.U, D.S.V has such a column in the catalog (is the catalog older than the statement?)',
          'read from no table'],
         ['column R: D.S.A, D.S.B or D.S.C may have it, and the catalog has the columns of none of them',
          'read from no table'],
         ['object D.S.W: * read its columns, which the catalog does not know (was its CREATE set aside, or is the
           catalog older than the statement?)', 'those are not recorded'],
         ['object D.S.X: its columns are unknown, and the values written in places 2, 3 have no name that places them',
          'their sources are not in its lineage']]
        """
        out = []
        for name, (kind, tables) in self.unresolved.items():
            listed = " or ".join(tables) if len(tables) < 3 else f"{', '.join(tables[:-1])} or {tables[-1]}"
            if kind == KNOWN_COLUMNS:
                has = f"{listed} has no such column" if len(tables) == 1 else \
                    f"none of {', '.join(tables)} has such a column"
                out.append(f"column {name}: {has} in the catalog (is the catalog older than the statement?); read "
                           "from no table")
            else:
                neither = "neither" if len(tables) == 2 else "none of them"
                out.append(f"column {name}: {listed} may have it, and the catalog has the columns of {neither}; read "
                           "from no table")
        for name in self.unknown_stars:
            out.append(f"object {name}: * read its columns, which the catalog does not know (was its CREATE set "
                       "aside, or is the catalog older than the statement?); those are not recorded")
        for table, places in self.unnamed_writes.items():
            listed = ", ".join(map(str, places))
            which = (f"the values written in places {listed} have no name that places them; their sources are"
                     if len(places) > 1 else
                     f"the value written in place {listed} has no name that places it; its sources are")
            out.append(f"object {table}: its columns are unknown, and {which} not in its lineage")
        for name in self.foreign_scans:
            out.append(f"{name}(...): {FOREIGN_SCAN}; not recorded")
        return tuple(out)

    def touch(self, obj: CatalogObject) -> None:
        if obj not in self.objects:
            self.objects[obj] = {}

    def column(self, obj: CatalogObject, name: str) -> None:
        cols = self.objects.get(obj)
        if cols is None:
            self.objects[obj] = {name: None}
        else:
            cols[name] = None

    def join(self, left: CatalogObject, join_type: str, right: CatalogObject, written: exp.Join) -> None:
        """A join of ``left`` and ``right``, once for the join ``written`` however often its query is analyzed: a
        copy of it has its place in the statement's text (that of its first name)."""
        at = _first_place(written)
        key = (at, left, join_type, right) if at is not None else (id(written),)
        if key not in self.written_joins:
            self.written_joins.add(key)
            self.joins.setdefault(left, []).append((join_type, right))

    def location(self, url: str) -> None:
        if url not in self.locations:
            self.locations.append(url)


def _first_place(join: exp.Join) -> int | None:
    """Where in the statement's text the first name of ``join`` met breadth first stands (None: nowhere known):
    of most joins, the joined table's name, read without a walk of the join (its condition, a subquery)."""
    table = join.this
    if type(table) is exp.Table and next(iter(join.args)) == "this" and next(iter(table.args)) == "this" \
            and type(table.this) is exp.Identifier and "start" in table.this.meta and not any(
                type(value) is exp.Identifier or type(value) is list and any(type(v) is exp.Identifier for v in value)
                for value in join.args.values()):
        return table.this.meta["start"]  # (the first node of depth two, after no name of depth one)
    return next((node.meta["start"] for node in join.walk() if isinstance(node, exp.Identifier)
                 and "start" in node.meta), None)


class Source:
    """One item of a FROM clause, as seen by column resolution."""

    __slots__ = ("alias", "obj", "columns", "open_flow", "known", "through", "placed", "is_object", "union", "_found",
                 "changes", "elements", "hidden", "fields", "element_fields", "struct_fields")

    def __init__(
        self,
        alias: str,
        *,
        obj: CatalogObject | None = None,
        columns: dict[str, frozenset] | None = None,
        open_flow: frozenset | None = None,
        found: dict | None = None,
        known: dict[str, frozenset] | None = None,
    ) -> None:
        self.alias = alias
        self.obj = obj
        self.is_object = obj is not None and columns is None
        self.columns = columns
        self.open_flow = open_flow
        self.known = known  # of a source of unknown columns: the columns it is known to have, with their flows
        self.through: tuple = ()  # of a source of unknown columns: QueryResult.through
        self.placed: int | None = None  # of a source of unknown columns: QueryResult.placed
        # a wildcard table, a table whose columns an alias renames, bracketed joins under one alias: each of its columns
        # used is read from the tables of its flow
        self.union = False
        self.changes = False  # its rows are a table's changes (Snowflake's stream, or CHANGES (...) of a table)
        self.elements = False  # its rows are an array's elements (an UNNEST, Redshift's f.arr AS a)
        #: its one column is an array's element of a type not known here, whose fields are columns of its rows too
        #: (BigQuery's UNNEST(a) AS e of structs: ``e.f`` and ``f`` alike), found where no other source has the name
        self.fields = False
        #: of such a source, the fields of its element when its type is known here (BigQuery's ``UNNEST(a) AS e`` of
        #: an ARRAY<STRUCT<...>> column): ``e.*`` is they, each from the array
        self.element_fields: list[str] | None = None
        #: of a derived table or a CTE, the fields of its struct columns built in its query (QueryResult.fields)
        self.struct_fields: dict[str, list[tuple[str, frozenset]]] | None = None
        self.hidden: frozenset[str] = frozenset()  # of a union of tables, their invisible columns: found, not in *
        # an object's columns, by the name asked (shared by the sources of one object: ``Binder.found_in``)
        self._found: dict[str, tuple[str, frozenset] | None] = {} if found is None else found

    @classmethod
    def of_result(cls, alias: str, result: QueryResult) -> Source:
        """A derived table or a CTE: its columns; when not all are known, those that are, and any other name is
        computed from what the unknown ones are (``rest``), never from the known ones."""
        if result.open:
            known = dict(result.columns) if result.columns else None
            source = cls(alias, columns=None, open_flow=result.rest, known=known)
            source.through, source.placed = result.through, result.placed
            source.struct_fields = result.fields
            return source
        source = cls(alias, columns=dict(result.columns), open_flow=_union(result))
        source.struct_fields = result.fields
        return source

    @property
    def is_open(self) -> bool:
        if self.is_object:
            return self.obj.columns_open
        return self.columns is None

    def column_names(self) -> list[str]:
        """The columns a ``*`` of this source gives (an object's invisible columns are only read when named)."""
        if self.is_object:
            return [c.name for c in self.obj.visible_columns()]
        return [name for name in self.columns or () if name not in self.hidden]

    def find(self, name: str) -> tuple[str, frozenset] | None:
        """The column ``name`` of this source as (canonical name, flow), or None."""
        if self.is_object:
            try:
                return self._found[name]
            except KeyError:
                found = self._found[name] = self._find_column(name)
                return found
        if self.columns is None:
            hit = _named(self.known, name) if self.known else None
            if hit is not None:
                return hit
            table = self.read_through(name)
            if table is not None:
                return name, (self.open_flow or EMPTY) | {ColumnAtom(table, name)}
            return (name, self.open_flow) if self.open_flow is not None else None
        return _named(self.columns, name)

    def read_through(self, name: str) -> CatalogObject | None:
        """The table of unknown columns whose column ``name`` of this derived table is, when it is the only one
        its ``*`` took columns of and ``name`` is none of the columns known to come from elsewhere."""
        if len(self.through) != 1 or (self.known and _named(self.known, name) is not None):
            return None
        return self.through[0]

    def _find_column(self, name: str) -> tuple[str, frozenset] | None:
        obj = self.obj
        if obj.columns is None:  # (a stage file's or a stream's METADATA$ACTION: no column of the object's)
            return (name, EMPTY) if name[:9].upper() == "METADATA$" else (name, frozenset((ColumnAtom(obj, name),)))
        column = obj.column(name)
        if column is None:  # an uncatalogued table known by some of its columns: any other name is one of its own
            return (name, frozenset((ColumnAtom(obj, name),))) if obj.columns_open else None
        if column.computed_from:
            return column.name, frozenset(ColumnAtom(obj, stored) for stored in _computed_from(obj, column))
        return column.name, frozenset((ColumnAtom(obj, column.name),))


def _computed_from(obj: CatalogObject, column: Column) -> list[str]:
    """The stored columns a column computed when read is computed from (:attr:`.Column.computed_from`), through the
    computed ones it names; a name its table does not have is left out."""
    out, seen, pending = [], {column.name}, list(column.computed_from)
    while pending:
        found = obj.column(pending.pop(0))
        if found is None or found.name in seen:
            continue
        seen.add(found.name)
        if found.computed_from:
            pending.extend(found.computed_from)
        else:
            out.append(found.name)
    return out


def _joins_object(source: Source) -> bool:
    """Whether a join of ``source`` joins a table (a view ...): the object itself, or its columns renamed by its
    alias's list (``FROM s s1 (p, q) JOIN t ...``)."""
    return source.is_object or source.obj is not None and source.union


def _renamed_by_alias(source: Source, alias: exp.TableAlias | None, naming) -> None:
    """A table function's columns renamed by its alias's column list, by position (``f(1) AS t(a, b)``)."""
    listed = alias.args.get("columns") if isinstance(alias, exp.TableAlias) else None
    if not listed or source.is_object:
        return
    names = [naming.ident(c.this if isinstance(c, exp.ColumnDef) else c) for c in listed]
    if source.columns is not None and source.hidden == _MAP_NAMES:  # explode of a column of unknown type (_exploded):
        # the list tells an array's element (col) from a map's key and value, after posexplode's pos
        position = [name for name in source.columns if name == "pos"]
        given = [*position, *(("key", "value") if len(names) - len(position) == 2 else ("col",))]
        source.columns = {name: source.columns[given[i]] if i < len(given) else source.open_flow or EMPTY
                          for i, name in enumerate(names)}
        source.hidden = frozenset()
        return
    if source.columns is None:  # a function's rows of columns not known here: those its alias lists (a * gives them)
        source.columns = {name: source.open_flow or EMPTY for name in names}
        return
    source.columns = {names[i] if i < len(names) else name: flow
                      for i, (name, flow) in enumerate(source.columns.items())}


#: The operations Spark's names bracket: binary ones, negations, ``IN``.
_BRACKETED = (exp.Binary, exp.Neg, exp.Not, exp.In)
#: sqlglot's binary nodes that are no operation Spark brackets: a struct's field (``s.f``), a named argument, LIKE.
_NOT_OPERATIONS = (exp.Dot, exp.PropertyEQ, exp.Kwarg, exp.Like, exp.ILike)


def _path_key(item: exp.Expression) -> str | None:
    """The last key of a path into a VARIANT (``v:a.b[0]``, ``v:['k']``), cast or not (``v:a::int``): what Databricks
    and Spark 4 name such an unaliased item (``b``, ``k``, ``a``); None for any other item, or a path of subscripts
    only.

    >>> import sqlglot
    >>> [_path_key(item) for item in sqlglot.parse_one("select v:a.b[0], v:['k'], v:a::int, v:[0], a from t",
    ...                                                read="databricks").selects]
    ['b', 'k', 'a', None, None]
    """
    if isinstance(item, exp.Cast):
        item = item.this
    if not isinstance(item, exp.JSONExtract) or not item.args.get("variant_extract") \
            or not isinstance(path := item.expression, exp.JSONPath):
        return None
    keys = [step for step in path.expressions if isinstance(step, exp.JSONPathKey)]
    return str(keys[-1].this) if keys else None


def _spark_operation(node: exp.Expression) -> bool:
    """Whether Spark names ``node`` as an operation in brackets: a binary operator's node (not a function sqlglot
    reads as a binary node, ``array_contains(b, 11)``, ``power(a, 2)``, but AND, OR, XOR), a negation, NOT, IN."""
    return isinstance(node, _BRACKETED) and not isinstance(node, _NOT_OPERATIONS) and (
        not isinstance(node, exp.Func) or isinstance(node, exp.Connector))


def spark_name(item: exp.Expression, dialect) -> str:
    """The name Spark's analyzer gives an unaliased expression (its "pretty" SQL): columns without their qualifiers,
    ``count(*)`` as ``count(1)``, each operation in brackets (``(a + b)``, ``((a > 1) AND b)``, ``(- a)``,
    ``(NOT b)``, ``(a IN (1, 2))``; not ``LIKE``; a negative number is none, ``-1``), ``a || b`` as ``concat(a, b)``,
    ``a BETWEEN 1 AND 2`` as ``between(a, 1, 2)`` (Spark 4's), ``c RLIKE 'x'`` as ``RLIKE(c, x)``, a function sqlglot
    reads as a binary node as a function (``array_contains(b, 1)``), a decimal type without a space
    (``DECIMAL(15,4)``), a bracketed expression that is none as itself (``(a)`` is ``a``), a string constant by its
    value.

    >>> import sqlglot
    >>> [spark_name(sqlglot.parse_one(f"select {e} from t", read="spark").expressions[0], "spark")
    ...  for e in ("count(*)", "(t.a)", "sum(t1.v) * 2", "count(distinct t.a)", "(a + b) * c", "upper('x')", "-a",
    ...            "not b", "a in (1, 2)", "a like 'x%'", "a || b", "a between 1 and 2",
    ...            "cast(a as decimal(15, 4)) * 100", "-(a + b)", "-1 * a", "- -a", "-(1)", "(array_contains(b, 1))",
    ...            "a > 1 or b")]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['COUNT(1)', 'a', '(SUM(v) * 2)', 'COUNT(DISTINCT a)', '((a + b) * c)', 'UPPER(x)', '(- a)', '(NOT b)',
     '(a IN (1, 2))', 'a LIKE x%', 'CONCAT(a, b)', 'BETWEEN(a, 1, 2)', '(CAST(a AS DECIMAL(15,4)) * 100)',
     '(- (a + b))', '(-1 * a)', '(- (- a))', '(- 1)', 'ARRAY_CONTAINS(b, 1)', '((a > 1) OR b)']
    """
    while isinstance(item, exp.Paren) and not _spark_operation(item.this):
        item = item.this
    tree = exp.Paren(this=item.copy())  # a holder, so that the expression itself may be replaced
    for column in list(tree.find_all(exp.Column)):
        if column.args.get("table") is not None:
            column.replace(exp.Column(this=column.this.copy()))
    for count in list(tree.find_all(exp.Count)):
        if isinstance(count.this, exp.Star):
            count.set("this", exp.Literal.number(1))
    for literal in list(tree.find_all(exp.Literal)):
        if literal.is_string:
            literal.replace(exp.Var(this=literal.name))
    for concatenation in list(tree.find_all(exp.DPipe)):  # a || b is concat(a, b)
        concatenation.replace(exp.Concat(expressions=[concatenation.this.copy(), concatenation.expression.copy()]))
    for between in list(tree.find_all(exp.Between)):  # a BETWEEN 1 AND 2 is between(a, 1, 2) (Spark 4)
        between.replace(exp.Anonymous(this="between", expressions=[
            between.this.copy(), between.args["low"].copy(), between.args["high"].copy()]))
    for match in list(tree.find_all(exp.RegexpLike)):  # c RLIKE 'x' is RLIKE(c, x)
        match.replace(exp.Anonymous(this="rlike", expressions=[match.this.copy(), match.expression.copy()]))
    for negation in list(tree.find_all(exp.Neg)):  # -1 is a negative number, -(1) the negation of one
        if isinstance(negation.this, exp.Literal) and negation.this.is_number:
            negation.replace(exp.Literal(this=f"-{negation.this.name}", is_string=False))
    for paren in list(tree.this.find_all(exp.Paren)):
        if not isinstance(paren.this, _BRACKETED):
            paren.replace(paren.this)
    for operation in reversed(list(tree.this.find_all(*_BRACKETED))):  # the innermost first
        if not _spark_operation(operation):
            continue
        if not isinstance(operation.parent, exp.Paren) or operation.parent is tree:
            operation.replace(exp.Paren(this=operation.copy()))
    for negation in reversed(list(tree.find_all(exp.Neg))):  # Spark 4's (- a), the innermost first
        held = negation.parent if isinstance(negation.parent, exp.Paren) and negation.parent is not tree else negation
        held.replace(exp.Var(this=f"(- {negation.this.sql(dialect=dialect, comments=False)})"))
    return _SPARK_DECIMAL.sub(r"DECIMAL(\1,\2)", tree.this.sql(dialect=dialect, comments=False))


#: A decimal type as sqlglot writes it, which Spark writes without the space (``DECIMAL(15,4)``).
_SPARK_DECIMAL = re.compile(r"\bDECIMAL\((\d+), (\d+)\)")
#: The operations DuckDB's names bracket: Spark's, and BETWEEN.
_DUCKDB_BRACKETED = (*_BRACKETED, exp.Between)
#: DuckDB's names of types sqlglot writes otherwise, and where sqlglot writes them as a cast's type.
_DUCKDB_TYPES = {"TEXT": "VARCHAR", "CHAR": "VARCHAR", "INT": "INTEGER"}
_DUCKDB_CAST_TYPE = re.compile(r" AS (TEXT|CHAR|INT)\)")


def _data_type(text: str, dialect) -> exp.DataType | None:
    """A catalogued column's type: as the dialect writes it (a catalog export's), else as sqlglot writes it (the log's
    DDL, kept so); None when neither reads it (DuckDB's ``DOUBLE[2]`` kept as ``ARRAY<DOUBLE>[2]``, which sqlglot
    does not read back: a TypeError of its own).

    >>> _data_type("STRUCT<a INT>", "duckdb").sql("duckdb"), _data_type("ARRAY<DOUBLE>[2]", "duckdb")
    ('STRUCT(a INT)', None)
    """
    for reader in (dialect, None):
        try:
            return exp.DataType.build(text, dialect=reader)
        except (SqlglotError, ValueError, TypeError):  # (a type of another spelling: TypeError in sqlglot's build)
            continue
    return None


#: What a scan of another server's table reads (:attr:`DirectReads.foreign_scans`): a warning's text, and the reason a
#: statement that reads nothing else is set aside.
FOREIGN_SCAN = "reads a table of another database server (PostgreSQL's or MySQL's), which the catalog does not describe"
#: DuckDB's scanners of another server's tables (its postgres and mysql extensions): what they read is not here.
_OTHER_SERVERS_SCANS = frozenset({"postgres_scan", "postgres_scan_pushdown", "postgres_query", "mysql_query"})


def _histogram_query(node: exp.Table) -> exp.Expression:
    """DuckDB's table macros ``histogram(source, col_name, ...)`` and ``histogram_values(...)`` (``... FROM
    query_table(source)``, the table named bare or as a string, its value ``col_name``, an expression of its columns)
    as the query of their rows: ``(SELECT col_name AS bin, count(*) AS count FROM source ...)`` under the call's alias
    (``histogram`` has a ``bar`` too); another call stays the table function it is.

    >>> import sqlglot
    >>> node = sqlglot.parse_one("select * from histogram(main.t, a % 2, bin_count := 3)", read="duckdb").find(exp.Table)
    >>> _histogram_query(node).sql("duckdb")
    '(SELECT a % 2 AS bin, COUNT(*) AS count, NULL AS bar FROM main.t GROUP BY a % 2)'
    """
    source, value = (node.this.expressions + [None, None])[:2]
    if isinstance(source, exp.Literal) and source.is_string:
        table = exp.to_table(source.name, dialect="duckdb")
    elif isinstance(source, exp.Column) and not source.args.get("catalog"):
        table = exp.Table(this=source.this.copy(), db=source.args["table"].copy() if source.args.get("table") else None,
                          catalog=source.args["db"].copy() if source.args.get("db") else None)
    else:
        return node
    if value is None or isinstance(value, (exp.PropertyEQ, exp.Kwarg)):
        return node
    query = exp.select(exp.alias_(value.copy(), "bin"), exp.alias_(exp.Count(this=exp.Star()), "count")).from_(table)
    if node.this.name.lower() == "histogram":
        query = query.select(exp.alias_(exp.Null(), "bar"))
    return exp.Subquery(this=query.group_by(value.copy()), alias=node.args.get("alias"))


def duckdb_name(item: exp.Expression, dialect) -> str:
    """The name DuckDB gives an unaliased expression (the expression as its parser prints it back): each operation
    in brackets (``(i + 1)``, ``((i * 2) + 1)``, ``(i BETWEEN 1 AND 2)``), ``count(*)`` as ``count_star()``, a cast's
    type by its own name (``CAST(i AS VARCHAR)``, ``CAST(avg(i) AS INTEGER)``), ``<>`` as ``!=`` (in a string too), a
    bracketed expression that is none as itself. Checked against DuckDB 2.0's names; it differs where DuckDB prints a
    function by another name than sqlglot's (``list``, ``string_agg``), a keyword's function in quotes
    (``"trim"(s)``), a cast to a type's alias as written (``CAST(i AS text)``), ``LIKE`` as ``~~``, or ``CASE`` and
    ``FILTER`` with its own spacing. Function names come in sqlglot's case; the names compare without case here, as
    DuckDB's do.

    >>> import sqlglot
    >>> [duckdb_name(sqlglot.parse_one(f"select {e} from t", read="duckdb").expressions[0], "duckdb")
    ...  for e in ("count(*)", "i * 2 + 1", "i::varchar", "avg(i)::int", "t.i + 1", "(i)", "i <> 1",
    ...            "try_cast(a as int)")]  # doctest: +NORMALIZE_WHITESPACE
    ['COUNT_STAR()', '((i * 2) + 1)', 'CAST(i AS VARCHAR)', 'CAST(AVG(i) AS INTEGER)', '(t.i + 1)', 'i', '(i != 1)',
     'TRY_CAST(a AS INTEGER)']
    """
    while isinstance(item, exp.Paren) and not isinstance(item.this, exp.Binary):
        item = item.this
    tree = exp.Paren(this=item.copy())  # a holder, so that the expression itself may be replaced
    for count in list(tree.find_all(exp.Count)):
        if isinstance(count.this, exp.Star):
            count.replace(exp.Anonymous(this="count_star", expressions=[]))
    for paren in list(tree.this.find_all(exp.Paren)):
        if not isinstance(paren.this, _DUCKDB_BRACKETED):
            paren.replace(paren.this)
    for operation in reversed(list(tree.this.find_all(*_DUCKDB_BRACKETED))):  # the innermost first
        if isinstance(operation, _NOT_OPERATIONS):
            continue
        if not isinstance(operation.parent, exp.Paren) or operation.parent is tree:
            operation.replace(exp.Paren(this=operation.copy()))
    return _DUCKDB_CAST_TYPE.sub(lambda m: f" AS {_DUCKDB_TYPES[m[1]]})",
                                 tree.this.sql(dialect=dialect, comments=False).replace(" <> ", " != "))


def _identifier(node: exp.Expression) -> exp.Expression:
    """A column's identifier (``t.a``: ``a``); any other node as it is."""
    return node.this if isinstance(node, exp.Column) else node


def _unpivot_rows(pivot: exp.Pivot
                  ) -> tuple[list[exp.Expression], list[exp.Expression], list[list[exp.Expression]]] | None:
    """An UNPIVOT's label columns, value columns and ``IN`` entries, each entry's parts by position (``UNPIVOT ((v1,
    v2) FOR (n1, n2) IN ((a, b) AS ..., (c, d) AS ...))``: ``[n1, n2]``, ``[v1, v2]``, ``[[a, b], [c, d]]``; an
    entry's alias names it in the labels, no column). None unless every entry has a part for each value column."""
    fields = pivot.args.get("fields") or []
    if len(fields) != 1 or len(pivot.expressions) != 1:
        return None
    value = pivot.expressions[0].unnest()  # (a set of one value column, (v), is one in parentheses)
    value_names = [_identifier(v) for v in (value.expressions if isinstance(value, exp.Tuple) else [value])]
    if not all(isinstance(v, exp.Identifier) for v in value_names):
        return None
    entries = []
    for entry in fields[0].expressions:
        entry = (entry.this if isinstance(entry, exp.PivotAlias) else entry).unnest()
        parts = entry.expressions if isinstance(entry, exp.Tuple) and len(value_names) > 1 else [entry]
        if len(parts) != len(value_names):
            return None
        entries.append(parts)
    label = fields[0].this
    labels = [_identifier(n) for n in (label.expressions if isinstance(label, exp.Tuple) else [label])]
    return labels, value_names, entries


def _known_places(result: QueryResult) -> int:
    """How many of a query's leading columns stand at known places: all of its known columns, but those after its
    first unknown one (:attr:`QueryResult.placed`)."""
    return result.placed if result.placed is not None else len(result.columns)


def _pivoted_name(value: exp.Expression) -> str:
    """The name of a pivot's column for a value sqlglot leaves unnamed: a tuple of several columns' values is
    Spark's ``{1, 2}``.

    >>> _pivoted_name(exp.Tuple(expressions=[exp.Literal.number(1), exp.Literal.string("x")]))
    '{1, x}'
    """
    if isinstance(value, exp.Tuple):
        return "{" + ", ".join(v.name if isinstance(v, exp.Literal) else v.sql() for v in value.expressions) + "}"
    return value.name if isinstance(value, exp.Literal) else value.sql()


def _named(columns: dict[str, frozenset], name: str) -> tuple[str, frozenset] | None:
    """The column ``name`` of ``columns`` with its flow: exactly so named, else the only one named so in
    another case."""
    flow = columns.get(name)
    if flow is not None:
        return name, flow
    folded = name.casefold()
    hits = [(k, v) for k, v in columns.items() if k.casefold() == folded]
    return hits[0] if len(hits) == 1 else None


#: The change columns of a Snowflake stream's rows ("METADATA$ACTION ... METADATA$ISUPDATE ... METADATA$ROW_ID").
STREAM_COLUMNS = ("METADATA$ACTION", "METADATA$ISUPDATE", "METADATA$ROW_ID")


class Scope:
    """The names visible in one SELECT: its sources, select-list aliases, CTEs and outer scope."""

    __slots__ = ("sources", "by_alias", "outer", "aliases", "ctes", "conditions", "using", "lateral", "named",
                 "grouping_aliases", "aliases_win", "repeated", "_clause", "_naming", "_named_by")

    def __init__(self, outer: Scope | None, ctes: dict[str, QueryResult]) -> None:
        self.sources: list[Source] = []
        self.by_alias: dict[str, Source] = {}
        #: an unqualified column's search of the sources, by name (see :meth:`search`); emptied when a source is added
        self.named: dict[str, tuple[Source | None, tuple[str, frozenset] | None, Source | None]] = {}
        self.outer = outer
        self.aliases: dict[str, frozenset] = {}
        self.ctes = ctes
        self.conditions: set = set()
        self.using: dict[str, frozenset] = {}
        self.lateral = True  # select-list aliases visible (Snowflake's lateral column aliases)
        #: select-list aliases seen by some clauses only (a dialect without lateral column aliases: its alias_clauses)
        self.grouping_aliases: dict[str, frozenset] = {}
        #: a select-list alias is found before a FROM column of its name (:attr:`.DialectRules.aliases_override`)
        self.aliases_win = False
        #: two sources have one name, in some case (unaliased shop.orders and shop2.orders)
        self.repeated = False
        #: the SELECT (or the UPDATE, DELETE, MERGE) whose FROM items these are, when known (:meth:`see`): what it
        #: names of each (:meth:`names`)
        self._clause: exp.Expression | None = None
        self._naming: Naming | None = None
        self._named_by: dict[str, set[str]] | None = None

    def see(self, clause: exp.Expression | None, naming: Naming) -> None:
        """Take ``clause`` as the statement part whose FROM items these are, its names read by ``naming``."""
        self._clause, self._naming = clause, naming

    def add(self, source: Source) -> None:
        self.sources.append(source)
        if self.named:
            self.named = {}
        folded = source.alias.casefold()
        if folded in self.by_alias:
            self.repeated = True
        self.by_alias.setdefault(source.alias, source)
        if folded != source.alias:
            self.by_alias.setdefault(folded, source)

    def hide(self, source: Source) -> None:
        """Take ``source`` out of the names visible from here on: a semi join's right side, once its condition is
        read."""
        if source not in self.sources:
            return
        self.sources.remove(source)
        self.named = {}
        for key in [k for k, v in self.by_alias.items() if v is source]:
            del self.by_alias[key]

    def names(self, source: Source, name: str) -> bool:
        """Whether the clause of this scope names the column ``name`` of ``source`` by its qualifier (``x.cnt``, not in
        a query within it, where another x could be meant) or writes it (``UPDATE x SET cnt = ...``): the table then
        has it, whether its columns are unknown (:meth:`search`) or catalogued before it was added
        (:meth:`Analyzer._resolve_in`), and no other table beside it does."""
        if self._named_by is None:
            self._named_by = _named_by(self._clause, self._naming) if self._clause is not None \
                and self._naming is not None and not self._naming.rules.left_names_first else {}
        return name in self._named_by.get(source.alias.casefold(), ())

    def source_named(self, alias: str) -> Source | None:
        found = self.by_alias.get(alias)
        return found if found is not None else self.by_alias.get(alias.casefold())

    def search(self, name: str) -> tuple[Source | None, tuple[str, frozenset] | None, Source | None]:
        """An unqualified column ``name`` among the sources: (the first source of known columns that has it,
        what it found), else (None, None, the only source of unknown columns or None). Searched once per name
        while the sources stay the same: a query names the same column in its select list, filters, groups."""
        try:
            return self.named[name]
        except KeyError:
            pass
        opened = []
        hit: tuple[Source | None, tuple[str, frozenset] | None, Source | None] | None = None
        for source in self.sources:
            if source.is_open:
                opened.append(source)
                continue
            found = source.find(name)
            if found is not None:
                hit = (source, found, None)
                break
        if hit is None and (len(opened) > 1 or opened and any(source.fields for source in self.sources)):
            # of several sources of unknown columns (or beside an UNNEST of structs), the only one known to have the
            # name (a derived table's own column beside its star, a field of the UNNEST's structs): a statement that
            # ran names no column two sources have
            knowing = [source for source in self.sources if (source.is_open or source.fields) and _knows(source, name)]
            if not knowing:  # (x.cnt elsewhere in the clause, UPDATE x SET cnt: x has cnt, and so no other has)
                knowing = [source for source in opened if source.is_object and self.names(source, name)]
            if len(knowing) == 1:
                found = knowing[0].find(name)
                if found is None and knowing[0].fields and knowing[0].open_flow is not None:
                    found = (name, knowing[0].open_flow)  # (a field of its element: from the array)
                if found is not None:
                    hit = (knowing[0], found, None)
        if hit is None and len(opened) > 1:
            # a table of unknown columns and UNNESTs of its own columns without an alias (BigQuery's FROM t,
            # UNNEST(events): the elements' fields are columns too): the table's, as beside an aliased UNNEST
            tables = [source for source in opened if source.is_object]
            if len(tables) == 1 and all(source.elements and not source.alias and source.open_flow and all(
                    type(atom) is ColumnAtom and atom.obj is tables[0].obj for atom in source.open_flow)
                    for source in opened if source is not tables[0]):
                opened = tables
        if hit is None:
            fielded = [source for source in self.sources if source.fields] if not opened else []
            if len(fielded) > 1 and all(source.open_flow for source in fielded) \
                    and not any(source.element_fields for source in fielded):
                # a field of one of several UNNESTs' structs, which one cannot be told: from each of their arrays
                hit = (fielded[0], (name, frozenset().union(*(source.open_flow for source in fielded))), None)
            else:
                hit = (None, None, opened[0] if len(opened) == 1 else fielded[0] if len(fielded) == 1 else None)
        self.named[name] = hit
        return hit


class _Beside(Scope):
    """The outer scope of a derived table without ``LATERAL``: its query's outer scope, and for a qualified name
    only, the FROM items before it. A derived table correlated with them (``JOIN (SELECT ... WHERE n.k = c.k) c``)
    reads them as a lateral one does; its qualifier names no column of its own."""

    __slots__ = ()

    @classmethod
    def of(cls, scope: Scope) -> Scope:
        beside = cls(scope.outer, scope.ctes)
        beside.sources, beside.by_alias, beside.lateral = scope.sources, scope.by_alias, False
        beside.repeated = scope.repeated
        return beside

    def search(self, name: str) -> tuple[Source | None, tuple[str, frozenset] | None, Source | None]:
        return None, None, None


def _choice(value: exp.Expression) -> tuple[list[exp.Expression], list[exp.Expression]] | None:
    """Of a choice among values (IF, CASE, COALESCE), what chooses (the conditions, CASE's operand) and the values it
    chooses among, a NULL left out; None for another value."""
    if isinstance(value, exp.If):
        conditions, branches = [value.this], [value.args.get("true"), value.args.get("false")]
    elif isinstance(value, exp.Case):
        conditions = [e for e in (value.this, *(i.this for i in value.args.get("ifs") or ())) if e is not None]
        branches = [*(i.args.get("true") for i in value.args.get("ifs") or ()), value.args.get("default")]
    elif isinstance(value, exp.Coalesce):
        conditions, branches = [], [value.this, *value.expressions]
    else:
        return None
    branches = [b for b in branches if b is not None and not isinstance(b, exp.Null)]
    return (conditions, branches) if branches else None


def _may_hold_structs(array: exp.Expression) -> bool:
    """Whether an UNNEST's array may hold structs, whose fields are columns of its rows: not an array written out of
    values that are no structs (``UNNEST([REPLACE(k, 'a', 'b')]) AS x``: x alone)."""
    return not isinstance(array, exp.Array) or any(
        not isinstance(e, exp.Literal) and (not isinstance(e, exp.Func) or isinstance(e, (exp.Struct, exp.Cast,
                                                                                          exp.Anonymous)))
        for e in array.expressions)


def _generated_renamed(generated: list[tuple[str, frozenset]], names: list[str]) -> list[tuple[str, frozenset]]:
    """A generator's columns (``generated``) named by an alias list (``explode(m) AS (k, v)``, ``LATERAL VIEW
    explode(m) t AS k, v``): each name the column at its place; each from all of them when the list is of another
    length (``stack(...) t AS x``)."""
    if len(names) == len(generated):
        return [(name, flow) for name, (_, flow) in zip(names, generated)]
    whole = frozenset().union(*(flow for _, flow in generated))
    return [(name, whole) for name in names]


def _exploded(alias: str, generated: list[tuple[str, frozenset]]) -> Source:
    """The rows of ``explode`` of a column of unknown type (:meth:`Analyzer._of_unknown_kind`): ``col`` as an array's
    (what a ``*`` gives), and ``key`` and ``value`` found by name as a map's, never taken for another table's."""
    source = Source(alias, columns=dict(generated), open_flow=frozenset().union(*(flow for _, flow in generated)))
    source.hidden = _MAP_NAMES
    return source


#: A map's exploded columns, of a source of ``explode`` of unknown type (:func:`_exploded`).
_MAP_NAMES = frozenset(("key", "value"))


class _NoColumns:
    """A statement's :class:`DirectReads` that take the objects read but none of their columns (the subqueries of an
    EXISTS subquery's select list)."""

    __slots__ = ("reads",)

    def __init__(self, reads: DirectReads) -> None:
        self.reads = reads

    def column(self, obj: CatalogObject, name: str) -> None:
        self.reads.touch(obj)

    def __getattr__(self, name: str):  # noqa: ANN204 - the rest as the statement's
        return getattr(self.reads, name)


#: The columns of DuckDB's DESCRIBE and SUMMARIZE.
_DESCRIBE_COLUMNS = ("column_name", "column_type", "null", "key", "default", "extra")
_SUMMARY_COLUMNS = ("column_name", "column_type", "min", "max", "approx_unique", "avg", "std", "q25", "q50", "q75",
                    "count", "null_percentage")


def _about_objects(node: exp.Expression) -> bool:
    """Whether a bracketed FROM item of DuckDB's is a statement about objects: ``DESCRIBE ...``, ``SUMMARIZE ...``,
    ``SHOW ...`` (which sqlglot reads as a table ``SHOW`` aliased)."""
    return isinstance(node, (exp.Describe, exp.Summarize)) or type(node) is exp.Table and isinstance(
        node.this, exp.Identifier) and not node.this.quoted and node.this.name.upper() == "SHOW" \
        and node.args.get("alias") is not None and not node.args.get("db")


def _outermost_queries(node: exp.Expression) -> Iterator[exp.Expression]:
    """The queries in ``node`` that no other query in it holds (``(SELECT ...)``, ``EXISTS (SELECT ...)``).

    >>> from sqlglot import parse_one
    >>> item = parse_one("select exists(select (select 1 from t) from u) + (select 2 from v)").expressions[0]
    >>> [q.sql() for q in _outermost_queries(item)]
    ['(SELECT 2 FROM v)', 'SELECT (SELECT 1 FROM t) FROM u']
    """
    for child in node.walk(prune=lambda n: n is not node and _is_query(n)):
        if child is not node and _is_query(child):
            yield child


def _named_by(clause: exp.Expression, naming: Naming) -> dict[str, set[str]]:
    """The columns ``clause`` names by a qualifier (as ``naming`` reads them, by the qualifier casefolded), outside the
    queries within it, and the columns an UPDATE of one table (a MERGE's WHEN MATCHED THEN UPDATE) sets, by its
    target's name; nothing for a clause of a NATURAL join, whose tables may share any column unambiguously.

    >>> from sqlglot import parse_one
    >>> from access_history_platform.sql.names import Naming
    >>> text = "update x set cnt = cnt + 1 from y where x.id = y.id and exists (select z.k from z)"
    >>> named = _named_by(parse_one(text, "postgres"), Naming("postgres"))
    >>> {qualifier: sorted(names) for qualifier, names in named.items()}
    {'x': ['cnt', 'id'], 'y': ['id']}
    >>> _named_by(parse_one("select cnt from a natural join b where a.cnt > 0"), Naming("postgres"))
    {}
    """
    named: dict[str, set[str]] = {}
    for node in clause.walk(prune=lambda n: n is not clause and _is_query(n)):
        if type(node) is exp.Column and node.table and not node.args.get("db") \
                and isinstance(node.this, exp.Identifier):
            named.setdefault(node.table.casefold(), set()).add(naming.ident(node.this))
        elif type(node) is exp.Join and (node.args.get("method") or "").upper() == "NATURAL":
            return {}
    target = clause.this if isinstance(clause, (exp.Update, exp.Merge)) else None
    if isinstance(target, exp.Table) and not target.args.get("joins"):  # (MySQL's UPDATE a JOIN b SET c: a's or b's)
        updates = [clause] if isinstance(clause, exp.Update) else [
            when.args["then"] for when in clause.find_all(exp.When) if isinstance(when.args.get("then"), exp.Update)]
        named.setdefault(target.alias_or_name.casefold(), set()).update(
            naming.ident(eq.this.this) for update in updates for eq in update.expressions
            if isinstance(eq, exp.EQ) and type(eq.this) is exp.Column and not eq.this.table
            and isinstance(eq.this.this, exp.Identifier))
    return named


def _knows(source: Source, name: str) -> bool:
    """Whether a source of unknown columns is known to have the column ``name``: a derived table's column beside its
    star (``SELECT t.*, 1 AS n``), a field of its element's known type."""
    folded = name.casefold()
    return any(key.casefold() == folded for key in (source.known or ())) or any(
        field.casefold() == folded for field in (source.element_fields or ()))


def values_column_names(naming: Naming, count: int) -> list[str]:
    """The names of a ``VALUES`` list's ``count`` columns in the dialect of ``naming`` (``column1``, ``col0`` ...)."""
    prefix, first = naming.rules.values_columns
    return [naming.normalize(f"{prefix}{first + i}") for i in range(count)]


def _is_filtering(join: exp.Join) -> bool:
    """A ``[LEFT] SEMI`` or ``[LEFT] ANTI`` join (sqlglot's kind; a RIGHT one is ClickHouse's, keeping the right)."""
    kind, side = (join.args.get("kind") or "").upper(), (join.args.get("side") or "LEFT").upper()
    return kind in ("SEMI", "ANTI") and side == "LEFT"


_JOIN_TYPES = {"LEFT": "LEFT_OUTER_JOIN", "RIGHT": "RIGHT_OUTER_JOIN", "FULL": "FULL_OUTER_JOIN"}
_LITERALS = (exp.Literal, exp.Null, exp.Boolean, exp.DataType, exp.Var, exp.Identifier, exp.Placeholder)
_SET_OPS = (exp.Union, exp.Intersect, exp.Except)
_QUERY_TYPES = (exp.Select, exp.Union, exp.Intersect, exp.Except, exp.Subquery, exp.Values)
#: PostgreSQL's SQL value functions, reserved words called without parentheses (a FROM item of one row when in FROM),
#: and Trino's of those names: unquoted, never a column
_VALUE_FUNCTIONS = frozenset({"current_date", "current_time", "current_timestamp", "localtime", "localtimestamp",
                              "current_user", "current_role", "session_user", "user", "current_catalog",
                              "current_schema"})
_VALUE_FUNCTION_DIALECTS = frozenset({"postgres", "redshift", "trino", "presto", "athena"})
#: The mark of a column that is the first name of a path of fields (``user`` of ``user.name``): no value function.
_PATH_HEAD = "path_head"
_FLATTEN_COLUMNS = ("SEQ", "KEY", "PATH", "INDEX", "VALUE", "THIS")


class Analyzer:
    """Walks one statement's query trees; ``reads`` collects what the text names directly."""

    def __init__(self, binder: Binder, reads: DirectReads | None = None, *, record_stages: bool = True) -> None:
        self.binder = binder
        self.naming = binder.naming
        self.reads = reads
        self.record_stages = record_stages
        self._loop_sources: dict[str, Source | None] = {}  # a loop's record variable's rows, once read
        #: FROM items read as given rows, not their table's (by the node's id): a ClickHouse materialized view's first
        #: table, the rows an insert into it gives (:func:`.dml.triggered_writes`)
        self.substitutes: dict[int, Source] = {}
        #: FROM items read as given rows, by a name no log gives (a copy of the statement finds them too): a
        #: PostgreSQL rule's ``NEW``, the rows its statement writes (:func:`.dml.rule_writes`), by column
        self.stand_ins: dict[str, dict[str, frozenset]] = {}
        #: the user functions sqlglot reads as typed calls (:meth:`.Binder.typed_udf_names`; none: no look)
        self._typed_udfs = binder.typed_udf_names()

    # ------------------------------------------------------------------ queries
    def query(self, node: exp.Expression, outer: Scope | None = None, ctes: dict | None = None,
              *, rows_only: bool = False) -> QueryResult:
        """Analyze a query expression (SELECT, set operation, VALUES, parenthesized query).

        ``rows_only``: only which rows it returns matters (an EXISTS subquery), not its select list.
        """
        ctes = dict(ctes or {})
        with_ = node.args.get("with_")
        extra: set = set()
        if with_ is not None:
            ctes = self._ctes(with_, outer, ctes, extra)
        if isinstance(node, exp.Subquery):
            result = self.query(node.this, outer, ctes, rows_only=rows_only)
            result = self._renamed(result, node.args.get("alias"))
        elif isinstance(node, exp.Select):
            result = self._select(node, outer, ctes, rows_only)
        elif isinstance(node, _SET_OPS):
            result = self._set_operation(node, outer, ctes, rows_only)
        elif isinstance(node, exp.Values):
            result = self._values(node, outer, ctes)
        elif _pivot_statement(node):
            result = self._pivot_statement(node, outer, ctes)
        else:
            scope = Scope(outer, ctes)
            acc: set = set()
            self.collect(node, scope, acc)
            result = QueryResult([], frozenset(acc | scope.conditions))
        if extra:
            result.conditions = result.conditions | extra
        return result

    def _ctes(self, with_: exp.With, outer: Scope | None, ctes: dict, extra: set) -> dict:
        ctes = dict(ctes)
        recursive = bool(with_.args.get("recursive"))
        order = cte_order(with_, self.naming)
        # Under RECURSIVE each CTE sees all the others: one that reads a CTE written after it in a cycle (MariaDB's
        # mutually recursive CTEs) reads that CTE, not a table of its name: first of its listed columns only, then,
        # in a second pass, as that CTE was analyzed
        ahead = self._read_ahead(order) if recursive else []
        for cte in ahead:
            alias = cte.args.get("alias")
            listed = [self.naming.ident(c) for c in alias.args.get("columns") or ()] if alias else []
            ctes[self.naming.ident(alias.this)] = QueryResult([(c, EMPTY) for c in listed], EMPTY, open=not listed)
        for cte in order * (2 if ahead else 1):
            name = self.naming.ident(cte.alias_or_name and cte.args["alias"].this)
            body = cte.this
            if isinstance(body, exp.Union) and (recursive or not self.naming.rules.recursive_keyword
                                                and self._refers_to(_branches(body)[1:], name)):
                # recursive, with the keyword RECURSIVE or without it (Snowflake's): the anchor's columns stand for
                # the CTE inside its recursive branches. The anchor is the first branch that does not read the
                # CTE (Spark: "recursion works regardless the order"); a WITH opening the body is the anchor's
                # too, and a CTE of it that reads the recursive one sees it as the CTE, with the columns its
                # alias lists (what they hold is the anchor's, known after it)
                branches = _branches(body)
                anchor = next((b for b in branches if not self._refers_to([b], name)), branches[0])
                alias = cte.args.get("alias")
                listed = [self.naming.ident(c) for c in alias.args.get("columns") or ()] if alias else []
                ctes[name] = QueryResult([(column, EMPTY) for column in listed], EMPTY, open=not listed)
                own = body.args.get("with_")
                inner = self._ctes(own, outer, ctes, extra) if own is not None else ctes
                ctes[name] = self._renamed(self.query(anchor, outer, inner), alias)
            ctes[name] = self._renamed(self.query(body, outer, ctes), cte.args.get("alias"))
        return ctes

    def _read_ahead(self, order: list[exp.CTE]) -> list[exp.CTE]:
        """The CTEs of ``order`` that a CTE before them reads (by a one-part name)."""
        at = {self.naming.ident(c.args["alias"].this).casefold(): i for i, c in enumerate(order) if c.args.get("alias")}
        read = {at[n] for i, cte in enumerate(order) for table in cte.this.find_all(exp.Table)
                if not table.args.get("db") and isinstance(table.this, exp.Identifier)
                and at.get(n := self.naming.ident(table.this).casefold(), -1) > i}
        return [order[i] for i in sorted(read)]

    def _refers_to(self, branches: list[exp.Expression], name: str) -> bool:
        """Whether one of a CTE's UNION ``branches`` reads a one-part table of the CTE's own name (without the
        keyword RECURSIVE, the branches after the first, the anchor: a CTE that names itself otherwise reads the
        table its name shadows)."""
        return any(not table.args.get("db") and not isinstance(table.this, exp.DynamicIdentifier)
                   and self.naming.ident(table.this).casefold() == name.casefold()
                   for branch in branches for table in branch.find_all(exp.Table))

    def _renamed(self, result: QueryResult, alias: exp.TableAlias | None) -> QueryResult:
        if alias is None or not alias.args.get("columns"):
            return result
        names = [self.naming.ident(c) for c in alias.args["columns"]]
        columns, rest, placed, through = result.columns, result.rest, result.placed, result.through
        first_unknown = placed if placed is not None else len(columns)
        if result.open and len(names) > first_unknown:
            # the list names some of the unknown columns: a name there is no name of the tables they are of (no
            # column of theirs is known by it), and when known columns stand after the unknown ones, at places not
            # known, the names may be theirs too: those are no longer known by name, and any column may be theirs
            rest = rest.union(*(flow for _, flow in columns[first_unknown:]), (ObjectAtom(t) for t in through))
            columns, placed, through = columns[:first_unknown], None, ()
        fields = {names[i] if i < len(names) else name: result.fields[name]
                  for i, (name, _) in enumerate(columns) if name in result.fields} if result.fields else None
        columns = [(names[i] if i < len(names) else name, flow) for i, (name, flow) in enumerate(columns)]
        return QueryResult(columns, result.conditions, result.open, rest, through, placed, fields)

    def _pivot_statement(self, node: exp.Pivot, outer: Scope | None, ctes: dict) -> QueryResult:
        """DuckDB's simplified ``PIVOT t ON c USING agg(x) [GROUP BY g]`` (its rows: a column for each value of c, of
        names not known here, each from x and c, beside the groups' columns) and ``UNPIVOT t ON a, b INTO NAME n VALUE
        v`` (t's other columns, n, and v from a and b), read as queries, in FROM or as a statement."""
        scope = Scope(outer, ctes)
        source = self._table_expression(node.this, scope)
        pivoted: set = set()
        for column in node.expressions:
            self.collect(column, scope, pivoted)
        on = {self._name_key(column.name) for column in (c.this if isinstance(c, exp.In) else c
                                                          for c in node.expressions) if isinstance(column, exp.Column)}
        if node.args.get("unpivot"):
            return self._simplified_unpivot(node, source, scope, pivoted, on)
        return self._simplified_pivot(node, source, scope, pivoted, on)

    def _simplified_unpivot(self, node: exp.Pivot, source: Source | None, scope: Scope, pivoted: set, on: set[str]
                            ) -> QueryResult:
        """DuckDB's ``UNPIVOT t ON a, b INTO NAME n VALUE v`` (:meth:`_pivot_statement`; ``pivoted`` what its ON
        columns ``on`` read): t's other columns, n, and v from a and b."""
        into = node.args.get("into")
        named = into.this if into is not None else None
        name = self.naming.ident(named) if isinstance(named, (exp.Column, exp.Identifier)) else "name"
        values = [self.naming.ident(v) for v in into.expressions] if into is not None else ["value"]
        unknown = source is None or source.is_open
        kept = [] if unknown else [self._column_read(column, scope) for column in source.column_names()
                                   if self._name_key(column) not in on]
        columns = [*kept, (name, EMPTY), *((value, frozenset(pivoted)) for value in values)]
        return QueryResult(columns, frozenset(scope.conditions), open=unknown,
                           rest=frozenset(source.open_flow or EMPTY) if unknown and source is not None else EMPTY)

    def _simplified_pivot(self, node: exp.Pivot, source: Source | None, scope: Scope, pivoted: set, on: set[str]
                          ) -> QueryResult:
        """DuckDB's ``PIVOT t ON c [IN (v1, v2)] USING agg(x) [GROUP BY g]`` (:meth:`_pivot_statement`; ``pivoted``
        what its ON columns ``on`` read): the groups' columns (without GROUP BY, t's columns it neither pivots nor
        aggregates), then a column for each value of c (of names not known here without IN), each from x."""
        # (the ON column decides which rows feed each pivoted column, as a condition: no value flows from it, as in
        # the standard PIVOT ... FOR c IN (...))
        scope.conditions.update(pivoted)
        computed: set = set()
        aggregated: list[tuple[str | None, frozenset]] = []  # (each aggregate's name when there are several, its flow)
        for aggregate in node.args.get("using") or ():
            flow: set = set()
            self.collect(aggregate, scope, flow)
            computed |= flow
            name = self.naming.ident(aggregate.args["alias"]) if isinstance(aggregate, exp.Alias) \
                else self.naming.normalize(duckdb_name(aggregate, self.naming.dialect))
            aggregated.append((name, frozenset(flow)))
        group = node.args.get("group")
        grouped: list[tuple[str, frozenset]] = []
        for item in group.expressions if isinstance(group, exp.Group) else ():
            flow = set()
            self.collect(item, scope, flow)
            grouped.append((item.alias_or_name, frozenset(flow)))
        if not isinstance(group, exp.Group) and source is not None and not source.is_open:  # grouped by the others
            used = {self._name_key(c.name) for a in node.args.get("using") or () for c in a.find_all(exp.Column)}
            grouped += [self._column_read(column, scope) for column in source.column_names()
                        if self._name_key(column) not in on | used]
        listed = node.expressions[0] if len(node.expressions) == 1 else None
        if isinstance(listed, exp.In) and listed.expressions and aggregated \
                and all(isinstance(value, exp.Literal) for value in listed.expressions):
            # ON c IN (v1, v2): a column for each value (DuckDB's names: the value, or value_aggregate of several)
            values = [self.naming.normalize(value.name) for value in listed.expressions]
            pivots = [(value if len(aggregated) == 1 else f"{value}_{name}", flow)
                      for value in values for name, flow in aggregated]
            return QueryResult(grouped + pivots, frozenset(scope.conditions))
        return QueryResult(grouped, frozenset(scope.conditions), open=True, rest=frozenset(computed))

    def _column_read(self, name: str, scope: Scope) -> tuple[str, frozenset]:
        """The column ``name`` of the FROM item of a simplified PIVOT or UNPIVOT, read: its name and flow."""
        flow: set = set()
        self.collect(exp.column(exp.to_identifier(name, quoted=True)), scope, flow)
        return name, frozenset(flow)

    def _set_operation(self, node: exp.Expression, outer: Scope | None, ctes: dict,
                       rows_only: bool = False) -> QueryResult:
        # a chain of set operations is a left-deep tree as deep as its branches are many (a generated UNION ALL of
        # hundreds of tables): walked along its left edge, not down it
        chain = [node]
        while isinstance(chain[-1].this, _SET_OPS) and chain[-1].this.args.get("with_") is None:
            chain.append(chain[-1].this)
        # (of an EXISTS (SELECT a ... INTERSECT | EXCEPT SELECT b ...), the compared select lists decide its rows)
        compared = rows_only and any(isinstance(operation, (exp.Intersect, exp.Except)) for operation in chain)
        rows_only = rows_only and not compared
        result = self.query(chain[-1].this, outer, ctes, rows_only=rows_only)
        for operation in reversed(chain):
            right = self.query(operation.expression, outer, ctes, rows_only=rows_only)
            result = self._combined(operation, result, right, outer, ctes)
        if compared:
            result = replace(result, conditions=result.conditions.union(
                *(flow for _, flow in result.columns), result.rest))
        return result

    def _combined(self, node: exp.Expression, left: QueryResult, right: QueryResult, outer: Scope | None,
                  ctes: dict) -> QueryResult:
        """The rows of set operation ``node`` from its branches' results."""
        conditions = set(left.conditions) | right.conditions
        columns = list(left.columns)
        rest = left.rest | right.rest
        if node.args.get("by_name"):
            columns, matched = _by_name(node, left, right)
        elif isinstance(node, exp.Union):
            # by position, where both branches' places are known: not past a branch's first unknown column (a known
            # one after it, as * REPLACE (f(c) AS c) of a table of unknown columns gives, stands where the unknown
            # ones put it, which may be any column's place: its flow is any column's)
            known = min(_known_places(left), _known_places(right))
            unplaced: frozenset = EMPTY
            for i, (_, flow) in enumerate(right.columns):
                if i < known:
                    columns[i] = (columns[i][0], columns[i][1] | flow)
                elif left.open or right.open:
                    unplaced |= flow
            if unplaced:
                columns = [(name, flow | unplaced) for name, flow in columns]
                rest |= unplaced
            if right.open and not left.open:
                # the second branch's unknown columns stand in the first's places after its known ones: the rows'
                # columns are the first branch's, each there computed also from what the unknown ones are (a column
                # of its name, of the one table they are of, as a name past a query's known columns is)
                for i in range(_known_places(right), len(columns)):
                    name, flow = columns[i]
                    own = frozenset({ColumnAtom(right.through[0], name)}) if len(right.through) == 1 else EMPTY
                    if own and self.reads is not None:
                        self.reads.column(right.through[0], name)
                    columns[i] = (name, flow | right.rest | own)
        is_open = left.open if not node.args.get("by_name") else _by_name_open(node, left, right)
        if node.args.get("distinct") is not False or not isinstance(node, exp.Union):
            # UNION (DISTINCT), INTERSECT and EXCEPT compare whole rows: every column of both
            # branches decides which rows remain (of those matched by name, the ones kept); UNION ALL keeps every row
            conditions |= matched if node.args.get("by_name") else _union(left) | _union(right)
        scope = Scope(outer, ctes)
        for key in ("order", "sort", "distribute", "cluster"):
            if node.args.get(key) is not None:
                self.collect(node.args[key], scope, conditions)
        through = tuple(dict.fromkeys((*left.through, *right.through)))
        placed = min((p for p in (left.placed, right.placed) if p is not None), default=None)
        return QueryResult(columns, frozenset(conditions), is_open, rest, through, placed)

    def _values(self, node: exp.Values, outer: Scope | None, ctes: dict) -> QueryResult:
        scope = Scope(outer, ctes)
        flows: list[set] = []
        for row in node.expressions:
            items = row.expressions if isinstance(row, exp.Tuple) else [row]
            if self.naming.rules.row_values and len(items) == 1 and type(items[0]) is exp.Struct \
                    and not any(isinstance(field, exp.PropertyEQ) for field in items[0].expressions):
                items = items[0].expressions  # VALUES ROW ('a', 1): a column per field
            for i, item in enumerate(items):
                if i >= len(flows):
                    flows.append(set())
                self.collect(item, scope, flows[i])
        names = values_column_names(self.naming, len(flows))
        result = QueryResult([(n, frozenset(f)) for n, f in zip(names, flows)], frozenset(scope.conditions))
        return self._renamed(result, node.args.get("alias"))

    def _select(self, node: exp.Select, outer: Scope | None, ctes: dict, rows_only: bool = False) -> QueryResult:
        """The dataflow of one SELECT: its FROM items in a scope of its own, its select list (none read of an EXISTS
        subquery's, ``rows_only``), and what its clauses decide its rows by."""
        scope = Scope(outer, ctes)
        scope.see(node, self.naming)
        self._from(node, scope)
        if node.args.get("match") is not None:
            self._match_recognize(node.args["match"], scope)
        columns, is_open, rest, through, placed, fields = ([], False, EMPTY, (), None, None) if rows_only \
            else self._projection(node, scope)
        if rows_only and self.reads is not None:
            self._read_list_queries(node, scope)
        cond = scope.conditions
        group = node.args.get("group")
        if isinstance(group, exp.Group) and len(columns) == len(node.expressions):
            self._grouped_by_place(node, group, columns, cond)
        self._row_clauses(node, scope, columns, cond)
        self._order_clauses(node, scope, columns, cond)
        return QueryResult(columns, frozenset(cond), is_open, rest, through, placed, fields)

    def _read_list_queries(self, node: exp.Select, scope: Scope) -> None:
        """Of an EXISTS subquery's select list, which reads no column: the tables its subqueries name, read."""
        queries = [query for item in node.expressions for query in _outermost_queries(item)]
        if queries:
            reads, self.reads = self.reads, _NoColumns(self.reads)
            try:
                for query in queries:
                    self.query(query, scope, scope.ctes, rows_only=True)
            finally:
                self.reads = reads

    def _grouped_by_place(self, node: exp.Select, group: exp.Group, columns: list[tuple[str, frozenset]],
                          cond: set) -> None:
        """Add to ``cond`` what GROUP BY 1 (the select list's first item) and GROUP BY ALL (every item of no
        aggregate) name: it groups the rows, as GROUP BY a does."""
        for item in group.expressions:
            if isinstance(item, exp.Literal) and not item.is_string and item.name.isdigit() \
                    and 1 <= int(item.name) <= len(columns):
                cond.update(columns[int(item.name) - 1][1])
        if group.args.get("all"):
            for (_, flow), item in zip(columns, node.expressions):
                if item.find(exp.AggFunc) is None:
                    cond.update(flow)

    def _row_clauses(self, node: exp.Select, scope: Scope, columns: list[tuple[str, frozenset]], cond: set) -> None:
        """Add to ``cond`` what the clauses that pick the SELECT's rows read: WHERE, GROUP BY, HAVING, QUALIFY,
        CONNECT BY, PREWHERE, WINDOW, DISTINCT [ON], ClickHouse's LIMIT n BY, a LIMIT or OFFSET a query counts."""
        for key in ("where", "group", "having", "qualify", "connect", "start", "prewhere"):
            part = node.args.get(key)
            if scope.grouping_aliases:  # no lateral column aliases: the clauses that see them
                seeing = self.naming.rules.alias_clauses
                scope.aliases = scope.grouping_aliases if seeing is not None and key in seeing else {}
                scope.aliases_win = key in self.naming.rules.aliases_override
            if part is not None:
                self.collect(part, scope, cond)
        for window in node.args.get("windows") or ():
            self.collect(window, scope, cond)
        distinct = node.args.get("distinct")
        if distinct is not None and distinct.args.get("on") is not None:
            self.collect(distinct.args["on"], scope, cond)
        elif distinct is not None:  # SELECT DISTINCT: the whole select list decides which rows remain
            cond.update(atom for _, flow in columns for atom in flow)
        limit = node.args.get("limit")
        for by in limit.expressions if isinstance(limit, exp.Limit) else ():  # ClickHouse's LIMIT n BY a, b: n rows
            self.collect(by, scope, cond)  # of each a, b, as DISTINCT ON keeps one
        for key in ("limit", "offset"):  # LIMIT (SELECT max(k) FROM u): how many rows, a query's value
            counted = node.args.get(key)
            if isinstance(counted, (exp.Limit, exp.Offset, exp.Fetch)) and isinstance(counted.args.get("expression"),
                                                                                      exp.Expression):
                if not isinstance(counted.args["expression"], exp.Literal) \
                        and counted.args["expression"].find(exp.Select) is not None:
                    self.collect(counted.args["expression"], scope, cond)

    def _order_clauses(self, node: exp.Select, scope: Scope, columns: list[tuple[str, frozenset]], cond: set
                       ) -> None:
        """Add to ``cond`` what the clauses that order or partition the SELECT's rows read: ORDER BY (:meth:`_order`),
        Spark's SORT BY, DISTRIBUTE BY, CLUSTER BY and its partitioning hints."""
        order = node.args.get("order")
        if order is not None:
            self._order(order, scope, columns)
        for key in ("sort", "distribute", "cluster"):  # Spark's SORT BY, DISTRIBUTE BY, CLUSTER BY: read as ORDER BY
            if node.args.get(key) is not None:
                self._order(node.args[key], scope, columns)
        hint = node.args.get("hint")
        if hint is not None and self.naming.dialect_name in _PARTITIONING_HINT_DIALECTS:
            output = {name.casefold(): flow for name, flow in columns}
            for call in hint.expressions:  # /*+ REPARTITION(8, c) */: the rows partitioned by c, read as DISTRIBUTE BY
                if isinstance(call, exp.Func) and call.name.upper() in _PARTITIONING_HINTS:
                    for argument in call.expressions:
                        if type(argument) is exp.Column and not argument.table and argument.name.casefold() in output:
                            cond.update(output[argument.name.casefold()])  # (the query's own column: its rows are
                        elif not isinstance(argument, exp.Literal):       # partitioned, Spark's plan says)
                            self.collect(argument, scope, cond)

    def _match_recognize(self, match: exp.MatchRecognize, scope: Scope) -> None:
        """``MATCH_RECOGNIZE`` over the FROM clause's rows: its rows are the matches, one per match (the PARTITION BY
        columns and the MEASURES) or all rows per match (every column and the MEASURES); PARTITION BY, ORDER BY and
        DEFINE decide the matches (conditions). A pattern variable qualifies a column as the rows it matched do
        (``FIRST(up.price)``): it names the FROM clause's one source."""
        if len(scope.sources) != 1:
            return
        source = scope.sources[0]
        variables = set(re.findall(r"[A-Za-z_][A-Za-z0-9_$]*", match.text("pattern")))
        variables |= {define.alias for define in match.args.get("define") or ()}
        for variable in variables:
            scope.by_alias.setdefault(self.naming.ident(variable), source)
        conditions = scope.conditions
        if match.args.get("order") is not None:
            self.collect(match.args["order"], scope, conditions)
        for define in match.args.get("define") or ():
            self.collect(define.this, scope, conditions)
        partition: list[tuple[str, frozenset]] = []
        for column in match.args.get("partition_by") or ():
            acc: set = set()
            self.collect(column, scope, acc)
            conditions |= _deciding(acc)
            partition.append((self._output_name(column, scope), frozenset(acc)))
        measures = []
        for measure in match.args.get("measures") or ():
            item = measure.this
            acc = set()
            self.collect(item, scope, acc)
            measures.append((self._output_name(item, scope), frozenset(acc)))
        every_row = "ALL ROWS" in match.text("rows").upper()
        rows = self._star(exp.Star(), scope)[0] if every_row else partition
        alias = match.args.get("alias")
        matched = Source(self.naming.ident(alias.this) if alias is not None and alias.this else source.alias,
                         columns=dict(rows + measures))
        scope.sources, scope.by_alias, scope.named = [], {}, {}
        scope.add(matched)

    def _order(self, order: exp.Order, scope: Scope, columns: list[tuple[str, frozenset]]) -> None:
        by_name = dict(columns)
        folded: dict[str, frozenset | None] = {}  # (an output name found in any case where the dialect folds names:
        for name, flow in columns:                 # T-SQL's AS Loc is ORDER BY Loc's, which ident folds)
            folded[name.casefold()] = None if name.casefold() in folded else flow
        for ordered in order.expressions:
            key = ordered.this
            if isinstance(key, exp.Column) and not key.table:
                name = self.naming.ident(key.this)
                flow = by_name.get(name)
                if flow is None and not key.this.quoted and self.naming.normalize("Ab") != "Ab":
                    flow = folded.get(name.casefold())
                if flow is not None:
                    scope.conditions |= flow
                    continue
            if isinstance(key, exp.Literal) and not key.is_string and key.name.isdigit() \
                    and 1 <= int(key.name) <= len(columns):  # ORDER BY 2: the select list's second column
                scope.conditions |= columns[int(key.name) - 1][1]
                continue
            if (isinstance(key, exp.Var) or isinstance(key, exp.Column) and not key.table and not key.this.quoted) \
                    and key.name.upper() == "ALL":  # ORDER BY ALL: every column, left to right
                for _, flow in columns:
                    scope.conditions |= flow
                continue
            self.collect(ordered, scope, scope.conditions)

    # ------------------------------------------------------------------ FROM
    def _from(self, node: exp.Expression, scope: Scope) -> None:
        from_ = node.args.get("from_")
        left: Source | None = None
        if from_ is not None:
            left = self._table_expression(from_.this, scope)
        self._joins(node.args.get("joins") or (), left, scope)
        for lateral in node.args.get("laterals") or ():
            self._table_expression(lateral, scope)

    def _joins(self, joins, left: Source | None, scope: Scope) -> None:
        chain = scope.sources.index(left) if left in scope.sources else 0  # where the chain's sources start
        for join in joins:
            right = self._table_expression(join.this, scope)
            if not self._join(join, left, right, scope, chain):
                left = right  # ``FROM a, b JOIN c``: a comma starts a new chain, whose joins sit on b
                chain = scope.sources.index(right) if right in scope.sources else chain
        if self.naming.dialect_name == "sqlite":  # (its ON names any table of the FROM, one joined later too:
            for join in joins:  # ``JOIN b ON a.k = c.k JOIN c ...``, as it reads an ON with the WHERE)
                if join.args.get("on") is not None:
                    self.collect(join.args["on"], scope, scope.conditions)

    def _join(self, join: exp.Join, left: Source | None, right: Source | None, scope: Scope, chain: int = 0) -> bool:
        """Record one join; whether it is an explicit join (not a comma)."""
        # an ASOF join's MATCH_CONDITION picks its rows as ON does, and a DuckDB NEAREST join's BY DISTANCE expression
        for key in ("match_condition", "on", "nearest"):
            if join.args.get(key) is not None and (key != "on" or self.naming.dialect_name != "sqlite"):
                self.collect(join.args[key], scope, scope.conditions)  # (SQLite's ON: once the FROM is whole)
        filtering = right is not None and self.naming.rules.filtering_semi_joins and _is_filtering(join)
        using = join.args.get("using")
        names = [self.naming.ident(u) for u in using] if using else []
        if not using and join.args.get("method") == "NATURAL" and right is not None:
            # the columns it shares with the join chain it is in (``FROM a, b NATURAL JOIN c``: with b, not a; but
            # with both where a comma joins in order, as SQLite's)
            joined = scope.sources if self.naming.rules.commas_join_in_order else scope.sources[chain:]
            names = [n for n in right.column_names() if any(s.find(n) for s in joined if s is not right)]
        if names:
            names = [self._name_key(name) for name in names]
            merged_before = {name: scope.using[name] for name in names if name in scope.using}
            self._using(names, right, scope, chain)
            if filtering:  # the right side's column is read by the join only: the name stays the left's
                for name in names:
                    scope.using.pop(name)
                scope.using.update(merged_before)
        explicit = "pivots" in join.args or any(join.args.get(k) for k in ("kind", "side", "on", "using", "method"))
        if filtering:
            scope.hide(right)
        # a filtering semi or anti join is EXISTS or NOT EXISTS written as a join: no join entry, as for those
        if explicit and not filtering and self.reads is not None and left is not None and right is not None:
            if _joins_object(left) and _joins_object(right):
                self.reads.join(left.obj, self._join_type(join), right.obj, join)
        return explicit

    def _join_type(self, join: exp.Join) -> str:
        if (join.args.get("kind") or "").upper() == "CROSS":
            return "CROSS_JOIN"
        if str(join.args.get("method") or "").upper() == "ASOF" and not join.args.get("side") \
                and self.naming.dialect_name == "snowflake":
            return "LEFT_OUTER_JOIN"  # (Snowflake's ASOF JOIN keeps every left row, with the right's or NULLs;
            # DuckDB's drops a row of no match, as an inner join does, and writes ASOF LEFT JOIN to keep it)
        if str(join.args.get("method") or "").upper() == "POSITIONAL":
            return "FULL_OUTER_JOIN"  # (DuckDB: "positional joins are always FULL OUTER joins")
        return _JOIN_TYPES.get((join.args.get("side") or "").upper(), "INNER_JOIN")

    def _using(self, names: list[str], right: Source | None, scope: Scope, chain: int = 0) -> None:
        """The columns a ``USING`` joins: the right side's and the left side's, of the join chain it is in (in ``FROM
        a, b JOIN c USING (k)``, b's), else of the FROM items before it."""
        for name in names:
            merged: set = set(scope.using.get(name, ()))  # a chain (t1 JOIN t2 USING (k) JOIN t3 USING (k)): all three
            for source in (*scope.sources[chain:], *scope.sources[:chain]):
                if source is right:
                    continue
                found = self._find_in(source, name)
                if found is not None:
                    self._record(source, found[0])
                    merged |= found[1]
                    break
            if right is not None:
                found = self._find_in(right, name)
                if found is not None:
                    self._record(right, found[0])
                    merged |= found[1]
            scope.using[name] = frozenset(merged)
            scope.conditions |= merged

    def _as_read(self, node: exp.Expression) -> exp.Expression:
        """A FROM item written as another it reads as: Snowflake's ``TABLE(TO_QUERY(...))`` its query, the pipe syntax's
        ``|> AS u`` a table, Databricks' ``STREAM(t)`` the table, Spark's ``(TABLE src) [x]`` the table src."""
        if isinstance(node, exp.TableFromRows) and type(node.this) is exp.Anonymous \
                and node.this.name.upper() == "TO_QUERY" and self.naming.dialect_name == "snowflake":
            node = self._compiled_query(node)
        if isinstance(node, exp.TableAlias) and isinstance(node.this, exp.Identifier):
            node = exp.Table(this=node.this.copy())  # the pipe syntax's |> AS u: sqlglot writes the next FROM as the alias
        if isinstance(node, exp.Stream) and isinstance(node.this, exp.Subquery) and isinstance(node.this.this, exp.Table):
            # Databricks' STREAM(t) [AS s]: a streaming read of the table (the alias sits on the brackets)
            table = node.this.this.copy()
            table.set("alias", node.this.args.get("alias"))
            node = table
        elif isinstance(node, exp.Stream) and isinstance(node.this, exp.Table):  # STREAM t [s]
            node = node.this
        if isinstance(node, exp.Subquery) and isinstance(node.this, exp.Table) and _table_query(node.this):
            # Spark's (TABLE src) [x]: the table src, under the brackets' alias
            node = exp.Table(this=node.this.args["alias"].this.copy(), alias=node.args.get("alias"))
        if type(node) is exp.Table and type(node.this) is exp.Anonymous and self.naming.dialect_name == "duckdb":
            if node.this.name.lower() in ("query", "query_table"):
                node = self._queried(node)
            elif node.this.name.lower() in ("histogram", "histogram_values"):
                node = _histogram_query(node)
            elif node.this.name.lower() in _OTHER_SERVERS_SCANS and self.reads is not None:
                self.reads.foreign_scans[node.this.name] = None  # (what it reads: no object here)
        return node

    def _queried(self, node: exp.Table) -> exp.Expression:
        """DuckDB's ``query('SELECT ...')``, the query its string holds, and ``query_table('t')``,
        ``query_table(['t1', 't2'] [, by_name])``, the table, or the tables' rows one after another (``UNION ALL
        [BY NAME]``): as that query, under the call's alias. A call of what is not known here (a macro's parameter, a
        text that is no one query) stays the table function it is, of rows not known here."""
        call = node.this
        arguments = call.expressions
        first = arguments[0] if arguments else None
        names = first.expressions if isinstance(first, exp.Array) else [first]
        if not names or not all(isinstance(name, exp.Literal) and name.is_string for name in names):
            return node
        try:
            if call.name.lower() == "query":
                query = parse_sql(names[0].name, self.naming.dialect, "the query of query()")
                if not _is_query(query):
                    return node
            else:
                tables = [exp.to_table(name.name, dialect=self.naming.dialect) for name in names]
                if len(tables) == 1:
                    return exp.Table(**{**tables[0].args, "alias": node.args.get("alias")})
                by_name = len(arguments) > 1 and isinstance(arguments[1], exp.Boolean) and arguments[1].this is True
                query = exp.select("*").from_(tables[0])
                for table in tables[1:]:
                    query = exp.Union(this=query, expression=exp.select("*").from_(table), distinct=False,
                                      by_name=by_name or None)
        except SqlglotError:
            return node
        return exp.Subquery(this=query, alias=node.args.get("alias"))

    def _table_expression(self, node: exp.Expression, scope: Scope) -> Source | None:
        """The source of a FROM item (a JOIN's too), added to ``scope`` with its PIVOTs and the joins nested under it;
        of a bracketed join, the sources it adds (:meth:`_joined_as` names them as one)."""
        if type(node) is not exp.Table or type(node.this) is exp.Anonymous:  # (a table, most FROM items, is none of
            node = self._as_read(node)  # the forms read as another first)
        if isinstance(node, exp.Subquery) and isinstance(node.this, _QUERY_TYPES) and node.args.get("joins"):
            # a derived table the joins of an UPDATE's FROM or a MERGE's USING hang on (``FROM (SELECT ...) x JOIN t
            # ON ...``): the derived table, then the tables joined to it, each a source of its own
            bare = node.copy()
            bare.set("joins", None)
            source = self._table_expression(bare, scope)
            self._joins(node.args["joins"], source, scope)
            return source
        if isinstance(node, exp.Subquery) and self.naming.dialect_name == "duckdb" and _about_objects(node.this):
            return self._about(node, scope)
        if isinstance(node, exp.Subquery) and not _is_query(node):
            # a parenthesized FROM item: ``FROM (t1 JOIN t2 ON ...)``; its sources join this scope
            first = len(scope.sources)
            source = self._table_expression(node.this, scope)
            self._joins(node.args.get("joins") or (), source, scope)
            alias_node = node.args.get("alias")
            if alias_node is not None and alias_node.this:  # (t1 JOIN t2) j [(a, b, ...)]: one source named j
                return self._joined_as(scope, first, alias_node) or source
            return source
        if isinstance(node, exp.Pivot) and node.args.get("unpivot") and isinstance(node.this, exp.AtIndex):
            node = node.this  # Redshift's UNPIVOT o AS v AT k: an object's values v with their keys k (as AT below)
        alias_node = node.args.get("alias")
        alias = self.naming.ident(alias_node.this) if alias_node is not None and alias_node.this else ""
        if not alias and isinstance(node, exp.Table) and isinstance(node.this, exp.Func) \
                and self.naming.dialect_name in ("postgres", "redshift"):
            # FROM generate_series(1, 3): named after the function, as written
            alias = self.naming.normalize(node.this.sql(dialect=self.naming.dialect).split("(", 1)[0]
                                          .rsplit(".", 1)[-1].strip('"').lower())
        source = self._item_source(node, alias, alias_node, scope)
        if source is not None:
            self._pivots(node, source, scope)
            scope.add(source)
        nested = node.args.get("joins")
        if nested:  # FROM t1 JOIN t2 nested under the table (UPDATE ... FROM, parenthesized joins)
            self._joins(nested, source, scope)
        return source

    def _item_source(self, node: exp.Expression, alias: str, alias_node: exp.TableAlias | None, scope: Scope
                     ) -> Source | None:
        """The source of one FROM item named ``alias``, by its kind: a table, a derived table (``LATERAL`` or not),
        ``VALUES``, ``TABLE('db.s.t')``, an ``UNNEST`` (``LATERAL`` or not), a table function, Redshift's ``c.arr AS o
        AT i``; of anything else, rows of unknown columns computed from what it reads."""
        if isinstance(node, exp.Table):
            source = self._table(node, alias, scope)
            if source is not None and node.args.get("changes") is not None:
                source.changes = True
            return source
        if isinstance(node, exp.Subquery):
            result = self.query(node, scope if _is_lateral(node) or self.naming.rules.implicit_lateral
                                else _Beside.of(scope), scope.ctes)
            scope.conditions |= result.conditions
            return Source.of_result(alias, result)
        if isinstance(node, exp.Lateral) and isinstance(node.this, exp.Subquery) and _is_query(node.this):
            # [JOIN] LATERAL (SELECT ...) s [(a, b)]: a derived table that sees the FROM items before it
            result = self._renamed(self.query(node.this, scope, scope.ctes), alias_node)
            scope.conditions |= result.conditions
            return Source.of_result(alias, result)
        if isinstance(node, exp.Values):
            result = self._values(node, scope.outer, scope.ctes)
            return Source(alias, columns=dict(result.columns))
        if isinstance(node, exp.TableFromRows) and _names_a_table(node):
            # TABLE('db.s.t') / TABLE($t): a table named by a string, as IDENTIFIER(...) does
            named = exp.Table(this=exp.DynamicIdentifier(this=node.this), alias=node.args.get("alias"))
            return self._table(named, alias, scope)
        if isinstance(node, exp.Unnest):
            return self._elements(node, alias, scope)
        if isinstance(node, exp.Lateral) and isinstance(node.this, exp.Unnest) and not node.this.args.get("alias"):
            # LATERAL UNNEST(...) [WITH ORDINALITY] AS u(v, n): the UNNEST's rows, as without LATERAL (sqlglot keeps
            # the ordinality's name n on the UNNEST, the other names on the LATERAL)
            unnest = node.this.copy()
            unnest.set("alias", alias_node.copy() if alias_node is not None else None)
            return self._elements(unnest, alias, scope)
        if isinstance(node, (exp.Lateral, exp.TableFromRows)):
            return self._table_function(node, alias, scope)
        if isinstance(node, exp.AtIndex) and isinstance(node.this, (exp.Alias, exp.Column)):
            return self._elements_at(node, alias, scope)
        acc: set = set()
        self.collect(node, scope, acc)
        return Source(alias, columns=None, open_flow=frozenset(acc))

    def _elements_at(self, node: exp.AtIndex, alias: str, scope: Scope) -> Source | None:
        """Redshift's ``FROM t c, c.arr AS o AT i``: the array's elements ``o``, each with its position ``i`` (as an
        UNNEST's WITH OFFSET)."""
        value, at = node.this, node.expression
        named = value.args["alias"].copy() if isinstance(value, exp.Alias) else None
        unnest = exp.Unnest(expressions=[(value.this if isinstance(value, exp.Alias) else value).copy()],
                            alias=exp.TableAlias(columns=[named]) if named is not None else None,
                            offset=at.copy() if isinstance(at, exp.Identifier) else None)
        return self._elements(unnest, alias, scope)

    def _about(self, node: exp.Subquery, scope: Scope) -> Source:
        """DuckDB's ``(DESCRIBE ...)``, ``(SHOW ...)`` and ``(SUMMARIZE ...)`` in FROM: the rows a statement that
        reads no data gives (as at the top, CONTRACT 3a), or the statistics of every column of the table or query
        summarized, each computed from all of them (as ``SUMMARIZE`` at the top reads every column)."""
        alias_node = node.args.get("alias")
        alias = self.naming.ident(alias_node.this) if alias_node is not None and alias_node.this else ""
        inner, flow, names = node.this, EMPTY, _DESCRIBE_COLUMNS
        if isinstance(inner, exp.Summarize):
            query = inner.this if _is_query(inner.this) else exp.select("*").from_(inner.this.copy())
            result = self.query(query, _Beside.of(scope), scope.ctes)
            flow = frozenset().union(*(column_flow for _, column_flow in result.columns), result.rest)
            names = _SUMMARY_COLUMNS
        elif not isinstance(inner, exp.Describe):  # SHOW ...: its columns are the command's
            names = None
        columns = {self.naming.normalize(name): flow for name in names} if names is not None else None
        source = Source(alias, columns=columns, open_flow=flow)
        scope.add(source)
        return source

    def _table(self, node: exp.Table, alias: str, scope: Scope) -> Source | None:
        """The source of a FROM item written as a table: a name (of a CTE, an array path, a catalog object, files), or
        a call, a stage, a semantic view in its place (:meth:`_unnamed_table`)."""
        if self.substitutes and id(node) in self.substitutes:
            return self.substitutes[id(node)]
        if self.stand_ins and type(node.this) is exp.Identifier and node.this.this in self.stand_ins \
                and not node.args.get("db"):
            return Source(alias or node.this.this, columns=dict(self.stand_ins[node.this.this]))
        if node.args.get("rows_from"):
            return self._rows_from(node, alias, scope)
        target = node.this
        four_parts = (type(target) is exp.Dot and isinstance(target.this, exp.Identifier)
                      and isinstance(target.expression, exp.Identifier))
        if type(target) is not exp.Identifier and not four_parts:  # a table's name (most FROM items) is none of these
            # (but a name of four parts: Spark's catalog.db.t.snapshots, an Iceberg table's metadata or branch; SQL
            # Server's server.db.schema.t, a linked server's table, read as it is written)
            if isinstance(target, exp.Anonymous) and node.args.get("db") is not None:  # ds.tf(1): a qualified call
                target = self._qualified_call(node)
            source = self._unnamed_table(target, alias, scope)
            if source is not None:
                _renamed_by_alias(source, node.args.get("alias"), self.naming)
                return source
        if isinstance(node.this, exp.Identifier) and node.this.quoted and not node.args.get("db") and (
                self.naming.rules.catalog_sessions and "/" in node.this.this
                or self.naming.dialect_name == "dremio" and node.this.this.startswith("@")):
            # Databricks' COPY INTO t FROM (SELECT ... FROM 'path'), Dremio's (... FROM '@source/path'): the files
            # read in place, a location (sqlglot reads the string as a quoted name)
            return self._read_in_place(alias, node.this.this)
        parts = self.naming.table_parts(node)
        if not parts or not all(parts):
            shown = node.sql(dialect=self.naming.dialect)
            raise UnsupportedStatement(f"{shown if len(shown) <= 80 else shown[:77] + '...'}: names no table")
        if names_files(parts) or (self.naming.rules.file_readers and len(parts) == 1 and spells_files(parts[0])
                                  and self.binder.lookup("relation", parts) is None):
            # files read in place, a location: Spark's parquet.`/path`, DuckDB's FROM 'data/*.csv' (no table's name)
            return self._read_in_place(alias, node.this.name)
        source = self._table_in_query(node, parts, alias, scope)
        if source is not None:
            return source
        source = self._table_of_no_object(node, parts, alias)
        if source is not None:
            return source
        return self._catalog_table(node, parts, alias, scope)

    def _qualified_call(self, node: exp.Table) -> exp.Dot:
        """A call in FROM that sqlglot reads as a table's name (``ds.tf(1)``): the call under its qualifier."""
        parts = [p.copy() for p in (node.args.get("catalog"), node.args["db"]) if isinstance(p, exp.Expression)]
        if not parts:
            shown = node.sql(dialect=self.naming.dialect)
            raise UnsupportedStatement(f"{shown}: a call's name with an empty part")
        qualifier = exp.Dot.build(parts) if len(parts) > 1 else parts[0]
        return exp.Dot(this=qualifier, expression=node.this.copy())

    def _table_in_query(self, node: exp.Table, parts: tuple[str, ...], alias: str, scope: Scope) -> Source | None:
        """The source of a table's name ``parts`` that names rows of the query itself: a CTE in scope, an array of an
        earlier FROM item (``t.arr``, Redshift's ``a`` of ``f.arr AS a``), DuckDB's ``recurring.cte``; None for any
        other name."""
        cte = _cte(parts, scope.ctes)
        if cte is None and self.naming.rules.implicit_unnest and len(parts) > 1 and self._path_of_alias(node, scope):
            # JOIN t.arr AS x ON ..., (SELECT ... FROM t.arr): an array column of the FROM item t, flattened
            path = node.copy()
            path.set("alias", None)
            unnest = exp.Unnest(expressions=[path.to_column()])
            return self._elements(unnest, alias or self.naming.ident(node.parts[-1]), scope)
        if (cte is None and self.naming.rules.implicit_unnest and len(parts) == 1 and len(node.parts) == 1
                and self._unnested_alias(parts, scope)):
            # Redshift's FROM t AS f, f.arr AS a, a AS e: the rows of the array an earlier FROM item's alias is
            unnest = exp.Unnest(expressions=[exp.column(node.this.copy())])
            return self._elements(unnest, alias or parts[0], scope)
        if cte is None and self.naming.dialect_name == "duckdb" and len(parts) == 2 and parts[0] == "recurring":
            cte = _cte(parts[1:], scope.ctes)  # DuckDB's recursive CTE USING KEY: "the union table built so far"
        if cte is not None:
            scope.conditions |= cte.conditions
            return Source.of_result(alias or parts[0], cte)
        return None

    def _table_of_no_object(self, node: exp.Table, parts: tuple[str, ...], alias: str) -> Source | None:
        """The source of a table's name ``parts`` that names rows of no object: ``DUAL``, PostgreSQL's ``FROM
        current_date``, a name the binder ignores; None for any other name."""
        if (len(parts) == 1 and parts[0].upper() == "DUAL" and type(node.this) is exp.Identifier
                and (not node.this.quoted or self.naming.dialect_name == "mysql")
                and self.binder.lookup("relation", parts) is None):
            # DUAL, the one-row table of no object (Snowflake's, MySQL's, Oracle's SELECT ... FROM DUAL), unless a
            # table (or a CTE) of that name is known (quoted in MySQL too: a view's definition written back by sqlglot
            # quotes the reserved word)
            return Source(alias, columns=None, open_flow=EMPTY)
        if (len(parts) == 1 and self.naming.dialect_name in ("postgres", "redshift") and type(node.this) is exp.Identifier
                and not node.this.quoted and parts[0].casefold() in _VALUE_FUNCTIONS):
            # FROM current_date AS d: PostgreSQL's SQL value function (a reserved word, never a table's unquoted name),
            # one row of one column named by the alias, of no object
            name = alias or parts[0]
            return Source(name, columns={name: EMPTY}, open_flow=EMPTY)
        if self.binder.is_ignored(parts):
            return Source(alias or parts[-1], columns=None, open_flow=EMPTY)
        return None

    def _catalog_table(self, node: exp.Table, parts: tuple[str, ...], alias: str, scope: Scope) -> Source:
        """The source of a table's name ``parts`` that names an object of the catalog (a table format's metadata
        table, a wildcard table, a sequence read as a relation, SQL Server's table of a history): read whole, its
        columns as named."""
        if self.naming.rules.use_schema and parts[-1][1:].casefold().endswith("$data") \
                and self.binder.lookup("relation", parts) is None:  # (not a table of that very name)
            # Iceberg's "t$data" in Trino: "an alias for the Iceberg table itself", its rows and columns
            alias, parts = alias or parts[-1], (*parts[:-1], parts[-1][:-len("$data")])
        metadata = self._metadata_table(parts, alias, scope)
        if metadata is not None:
            return metadata
        if self.naming.rules.wildcard_tables and parts[-1].endswith("*") and (len(parts[-1]) > 1 or len(parts) > 1):
            source = self._wildcard_table(parts, alias, scope, node)
            if source is not None:
                return source
        obj = self.binder.relation(parts)
        if not obj.known and self.naming.rules.sequence_relations and self.binder.lookup("Sequence", parts) is not None:
            # SELECT last_value FROM s: the use of a sequence, which no record shows ("not generated when a sequence
            # is used in any other operations")
            return Source(alias or parts[-1], columns=None, open_flow=EMPTY)
        self._read_whole(obj, scope)
        source = Source(alias or obj.parts[-1], obj=obj, found=self.binder.found_in(obj))
        self._renamed_object(node, source)
        if self.naming.dialect_name == "tsql" and node.args.get("version") is not None and source.is_object \
                and not obj.columns_open:
            return self._with_history(source, obj, scope)
        return source

    def _metadata_table(self, parts: tuple[str, ...], alias: str, scope: Scope) -> Source | None:
        """The source of a table format's metadata table (Spark's ``catalog.db.t.snapshots``, Trino's
        ``"t$snapshots"``, Iceberg's changelog ``catalog.db.t.changes``): the table's, read whole; None for another
        name, and for a table of that very name."""
        base = _metadata_of(parts, self.naming.rules)
        if (base is None and len(parts) == 3 and self.naming.rules.catalog_sessions
                and parts[2].casefold() in _ICEBERG_METADATA and self.binder.lookup("relation", parts[:2]) is not None):
            base = parts[:2]  # db.t.snapshots of the session's catalog's table db.t
        if base is not None and parts[-1].casefold() == "changes" and self.binder.lookup("relation", parts) is None:
            # Iceberg's changelog table (catalog.db.t.changes, "SparkChangelogTable"): the table's rows, each with its
            # change's _change_type, _change_ordinal and _commit_snapshot_id
            table = self.binder.relation(base)
            if self.reads is not None:
                self.reads.touch(table)
            scope.conditions.add(ObjectAtom(table))
            return Source(alias or parts[-1], obj=table, found=self.binder.found_in(table))
        if base is not None and self.binder.lookup("relation", parts) is None:  # not a table of that very name
            # a table format's metadata table (Spark's catalog.db.t.snapshots, Trino's "t$snapshots"): the table's
            # history, files ... read, none of its columns
            table = self.binder.relation(base)
            if self.reads is not None:
                self.reads.touch(table)
            scope.conditions.add(ObjectAtom(table))
            return Source(alias or parts[-1], columns=None, open_flow=frozenset((ObjectAtom(table),)))
        return None

    def _with_history(self, source: Source, obj: CatalogObject, scope: Scope) -> Source:
        """SQL Server's ``t FOR SYSTEM_TIME ALL | AS OF ...`` of a system-versioned table: "the union of rows that
        belong to the current and the history table" (its history table's :attr:`.CatalogObject.parents` name t):
        each column read from both; the table alone when it has no history table known here."""
        folded = obj.name.casefold()
        histories = [o for o in self.binder.catalog.lookup_inheriting()
                     if any(parent.casefold() == folded for parent in o.parents) and not o.columns_open]
        if not histories:
            return source
        columns = {}
        for column in obj.visible_columns():
            atoms = {ColumnAtom(obj, column.name)}
            for history in histories:
                found = history.column(column.name)
                if found is not None:
                    atoms.add(ColumnAtom(history, found.name))
            columns[column.name] = frozenset(atoms)
        for history in histories:
            if self.reads is not None:
                self.reads.touch(history)
            scope.conditions.add(ObjectAtom(history))
        joined = Source(source.alias, obj=obj, columns=columns)
        joined.union = True  # (a column used is read from each table under its own name; a join, the table's)
        return joined

    def _path_of_alias(self, node: exp.Table, scope: Scope) -> bool:
        """Whether the FROM item ``node`` is a path from the alias of a FROM item in scope (and no table's name): of
        its own query, or of an enclosing one (a derived table without LATERAL does not see the FROM items before
        it, but where :attr:`.DialectRules.lateral_paths` says so); a table of known columns must have the path's
        first column (``sales.items`` after ``FROM sales``, a table without a column ``items``, is the schema's
        table)."""
        if len(node.parts) < 2 or not all(isinstance(part, exp.Identifier) for part in node.parts):
            return False  # (an empty part, a call: no path)
        first, step = self.naming.ident(node.parts[0]), self.naming.ident(node.parts[1])
        lateral = self.naming.rules.lateral_paths
        scopes = [s for s in _chain(scope) if lateral or not isinstance(s, _Beside)]
        source = next((found for s in scopes for found in (s.source_named(first),) if found is not None), None)
        if source is None:  # BigQuery's UNNEST(t.items) AS it: it is the element, a column of the UNNEST's rows,
            # which has no alias of its own (a derived table's column so named is no range variable)
            element = next((hit for s in scopes for hit in (s.search(first)[0],) if hit is not None), None)
            if element is None or element.is_object or element.alias:
                return False
        elif source.is_object and not source.is_open and self._find_in(source, step) is None:
            return False
        return self.binder.lookup("relation", self.naming.table_parts(node)) is None

    def _unnested_alias(self, parts: tuple[str, ...], scope: Scope) -> bool:
        """Whether a one-part FROM item is the element column of an earlier item of its FROM clause that is an
        array's elements (``f.arr AS a``; a derived table's or a CTE's column so named is no range variable), and no
        table has its name."""
        source = scope.search(parts[0])[0]
        return source is not None and source.elements and self.binder.lookup("relation", parts) is None

    def _wildcard_table(self, parts: tuple[str, ...], alias: str, scope: Scope, node: exp.Table) -> Source | None:
        """A wildcard table (`` `ds.events_*` ``; `` `ds.*` ``, every table of the dataset): "a union of all the tables
        that match the wildcard expression".
        Each of them is read, but those its query's WHERE leaves out by their ``_TABLE_SUFFIX`` (BigQuery "scans
        only the tables that match", :func:`_suffix_filter`); a column is read from each of them that has it. None
        when the catalog knows no such table, or not all of their columns (the wildcard is then read as the one
        table it names)."""
        tables = self.binder.wildcard_tables(parts)
        kept = _suffix_filter(node, alias or parts[-1], self.naming)
        if kept is not None:
            prefix = len(parts[-1]) - 1
            tables = tuple(table for table in tables if kept(table.parts[-1][prefix:]))
        if not tables or any(table.columns_open or table.columns is None for table in tables):
            return None
        return self._union_of(tables, alias or parts[-1], scope)

    def _union_of(self, tables: tuple[CatalogObject, ...], alias: str, scope: Scope) -> Source:
        """The rows of several tables of known columns, one after the other (a wildcard table, ClickHouse's
        ``merge(...)``): each table read, a column read from each of them that has it."""
        columns: dict[str, set] = {}
        hidden = set()
        for table in tables:
            if self.reads is not None:
                self.reads.touch(table)
            scope.conditions.add(ObjectAtom(table))
            for column in table.columns:
                stored = _computed_from(table, column) if column.computed_from else (column.name,)
                columns.setdefault(column.name, set()).update(ColumnAtom(table, name) for name in stored)
                if column.invisible:
                    hidden.add(column.name)
        flows = {name: frozenset(flow) for name, flow in columns.items()}
        source = Source(alias, columns=flows, open_flow=frozenset().union(*flows.values()))
        source.union, source.hidden = True, frozenset(hidden)
        return source

    def _unnamed_table(self, target: exp.Expression, alias: str, scope: Scope) -> Source | None:
        """The source of a FROM item that is a stage, a semantic view, a table function or a quoted location; None
        for a name (an identifier, ``IDENTIFIER('...')``)."""
        if isinstance(target, exp.Var) and target.name.startswith("@"):
            return self._stage_source(target.name, alias)
        if isinstance(target, exp.DirectoryStage):  # DIRECTORY(@stage): the stage's directory table
            return self._stage_source(target.name, alias)
        if isinstance(target, exp.SemanticView):
            return self._semantic_view(target, alias, scope)
        if isinstance(target, exp.Parameter) and target.name.isdigit():
            # $1 in a pipe chain (``SHOW TABLES ->> SELECT ... FROM $1``): an earlier statement's result, which
            # Snowflake reads as RESULT_SCAN of that statement's query: no object
            return Source(alias, columns=None, open_flow=EMPTY)
        named = isinstance(target, (exp.Identifier, exp.DynamicIdentifier))  # IDENTIFIER('...') is a name, not a call
        if isinstance(target, (exp.Anonymous, exp.Func, exp.Dot)) and not named:
            return self._function_table(target, alias, scope)
        if isinstance(target, exp.Literal) and target.is_string and target.name.startswith("@"):
            # COPY INTO t FROM (SELECT $1 FROM '@db.s.st/x.csv'): the stage, quoted as COPY's FROM may quote it
            return self._stage_source(target.name, alias)
        if isinstance(target, exp.Literal):  # a quoted location used as a table (COPY)
            return Source(alias, columns=None, open_flow=EMPTY)
        return None

    def _rows_from(self, node: exp.Table, alias: str, scope: Scope) -> Source:
        """PostgreSQL's ``ROWS FROM (f(...), g(...)) [WITH ORDINALITY] [AS t(a, b[, n])]``: the functions' rows side by
        side. Where each function's columns are known (a SQL function's declared ones) they follow one another;
        else, with one name a function (and WITH ORDINALITY's last, a position), each name is its function's;
        else (a function of several columns) every column is from all the functions."""
        members = []
        for member in node.args["rows_from"]:
            call = member.this if isinstance(member, exp.Table) else member
            if not isinstance(call, (exp.Func, exp.Anonymous)):  # a name, which ROWS FROM does not take
                raise UnsupportedStatement(f"ROWS FROM ({call.sql(dialect=self.naming.dialect)}): not a function")
            members.append(self._table_function(call, alias, scope))
        flow = frozenset().union(*(m.open_flow or EMPTY for m in members))
        listed = node.args.get("alias").args.get("columns") if node.args.get("alias") else None
        names = [self.naming.ident(c) for c in listed or ()]
        ordinality = bool(node.args.get("ordinality"))
        if all(m.columns is not None for m in members):
            flows = [f for m in members for f in m.columns.values()]
            names = names or [n for m in members for n in m.columns]
        elif len(names) == len(members) + ordinality:
            flows = [m.open_flow or EMPTY for m in members]
        else:
            return Source(alias, columns={n: flow for n in names} if names else None, open_flow=flow)
        columns = {name: flows[i] if i < len(flows) else flow for i, name in enumerate(names)}  # (the position: from
        return Source(alias, columns=columns, open_flow=flow)  # every function's rows)

    def _renamed_object(self, node: exp.Table, source: Source) -> None:
        alias = node.args.get("alias")
        if alias is None or not alias.args.get("columns") or source.obj.columns_open:
            return
        names = [self.naming.ident(c) for c in alias.args["columns"]]
        columns = {}
        visible = iter(names)  # (an invisible column keeps its name: the list renames the columns ``*`` has)
        for column in source.obj.columns:
            flow = frozenset((ColumnAtom(source.obj, column.name),))
            columns[column.name if column.invisible else next(visible, column.name)] = flow
        source.columns = columns
        source.is_object = False
        source.union = True  # a column used is read from the table under its own name

    def _joined_as(self, scope: Scope, first: int, alias: exp.TableAlias) -> Source | None:
        """``(t1 JOIN t2 ...) j [(a, b, ...)]``: the sources the brackets added become one source named ``j``, its
        columns theirs in order (renamed by the list), each read from its table when used; None when one of them
        has unknown columns."""
        joined = scope.sources[first:]
        if not joined or any(source.is_open for source in joined):
            return None
        names = [self.naming.ident(c) for c in alias.args.get("columns") or ()]
        columns: dict[str, frozenset] = {}
        for source in joined:
            for name in source.column_names():
                found = self._find_in(source, name)
                if found is not None:
                    columns.setdefault(names[len(columns)] if len(columns) < len(names) else name, found[1])
        for source in joined:
            scope.hide(source)
        named = Source(self.naming.ident(alias.this), columns=columns)
        named.union = True
        scope.add(named)
        return named

    def _read_in_place(self, alias: str, *paths: str, server: bool = True) -> Source:
        """Files read where they lie (a path, no table's name): each path a location (a file on the database server
        as a file URI, :func:`.dialects.server_file`, unless ``server`` is false: a path under a data source not
        known here, as written), rows of columns unknown."""
        if self.reads is not None:
            for path in paths:
                self.reads.location(server_file(self.naming.rules, path) if server else without_credentials(path))
        return Source(alias, columns=None, open_flow=EMPTY)

    def _read_whole(self, obj: CatalogObject, scope: Scope) -> None:
        """``obj`` named as a whole by what reads it (a change feed's table, a table function's argument): read
        directly, and its rows decide what the query returns."""
        if self.reads is not None:
            self.reads.touch(obj)
        scope.conditions.add(ObjectAtom(obj))

    def _stage_source(self, text: str, alias: str) -> Source:
        stage = self.binder.stage(text)
        if self.reads is not None and self.record_stages and stage is not None:
            self.reads.touch(stage)
        return Source(alias or "$stage", columns=None, open_flow=EMPTY)

    def _semantic_view(self, node: exp.SemanticView, alias: str, scope: Scope) -> Source:
        """``SEMANTIC_VIEW(name DIMENSIONS ... FACTS ... METRICS ... [WHERE ...])``: the items it asks for are its
        columns, each read from the semantic view (and, behind it, from what its definition computes it from), and
        the items its WHERE names decide its rows. A semantic view whose items are not known is read as a whole."""
        view = node.this if isinstance(node.this, exp.Table) else None
        parts = self.naming.table_parts(view) if view is not None and view.name else ()
        name = alias or (parts[-1] if parts else "")
        if not (parts and all(parts)):
            return Source(name, columns=None, open_flow=EMPTY)
        obj = self.binder.lookup("Semantic view", parts) or unknown_object(
            ".".join(self.binder.qualified(parts)), "Semantic view")
        if self.reads is not None:
            self.reads.touch(obj)
        defined = self.binder.view_result(obj) if obj.is_view else None
        items = {column.casefold(): column for column in defined.names()} if defined is not None else {}
        model = semantic_view_model(obj.definition or "", self.naming.dialect_name) if items else None
        if model is None:
            scope.conditions.add(ObjectAtom(obj))
            return Source(name, columns=None, open_flow=frozenset((ObjectAtom(obj),)))
        columns = self._semantic_view_columns(node, obj, model[1], items, scope)
        where = node.args.get("where")
        for item in _semantic_columns(where, model[1], items) if where is not None else ():
            if self.reads is not None:
                self.reads.column(obj, item)
            scope.conditions.add(ColumnAtom(obj, item))
        return Source(name, columns=columns)

    def _semantic_view_columns(self, node: exp.SemanticView, obj: CatalogObject, model: tuple[SemanticItem, ...],
                               items: dict[str, str], scope: Scope) -> dict[str, frozenset]:
        """The columns of a ``SEMANTIC_VIEW(...)`` of the semantic view ``obj``, whose definition's items are
        ``model`` and whose columns are ``items`` (by folded name): each item its DIMENSIONS, FACTS and METRICS ask
        for, named by its alias, else as asked, read from the column that holds it."""
        columns: dict[str, frozenset] = {}
        for key in ("dimensions", "facts", "metrics"):
            for asked in node.args.get(key) or ():
                value = asked.this if isinstance(asked, exp.Alias) else asked
                names = _semantic_columns(value, model, items, key.upper())
                for item in names:
                    if self.reads is not None:
                        self.reads.column(obj, item)
                flow = frozenset(ColumnAtom(obj, item) for item in names)
                if isinstance(asked, exp.Alias):
                    columns[self.naming.ident(asked.args["alias"])] = flow
                elif isinstance(value, exp.Column) and isinstance(value.this, exp.Star):
                    columns.update((self._semantic_item_name(item, model, items), frozenset((ColumnAtom(obj, item),)))
                                   for item in names)
                elif isinstance(value, exp.Column) and isinstance(value.this, exp.Identifier):
                    columns[self.naming.ident(value.this)] = flow
                else:
                    columns[self._output_name(value, scope)] = flow
        return columns

    def _semantic_item_name(self, column: str, model: tuple[SemanticItem, ...], items: dict[str, str]) -> str:
        """The name an item of a semantic view is asked by, of the column that holds it (``c.nm`` when repeated)."""
        return next((self.naming.ident(exp.to_identifier(item.name)) for item in model
                     if items.get(item.column.casefold()) == column), column)

    def _function_table(self, target: exp.Expression, alias: str, scope: Scope) -> Source | None:
        """A table function in FROM. Its table arguments (BigQuery's ``TABLE t``) are read whole, as ``(SELECT * FROM t)``
        is; the model of an ML function (``ML.PREDICT(MODEL m, ...)``) is read as the function that computes the rows."""
        if self.binder.is_result_scan(target):
            return Source(alias, columns=None, open_flow=EMPTY)
        if isinstance(target, exp.Anonymous) and target.name.upper() in ("TUMBLE", "HOP") \
                and self.naming.dialect_name == "risingwave" and len(target.expressions) >= 3 \
                and isinstance(target.expressions[0], exp.Column) and isinstance(target.expressions[1], exp.Column):
            return self._time_windows(target, alias, scope)
        generator = self._generator_source(target, alias, scope, None)
        if generator is not None:  # Spark's FROM explode(...), range(3) (an alias's list renames its columns after)
            return generator
        view = self._parameterized_view(target) if self.naming.rules.parameterized_views else None
        if view is not None:
            return self._table(view, alias, scope)
        if isinstance(target, exp.Anonymous) and target.name == "$IMPORT" and self.naming.dialect_name == "exasol" \
                and len(target.expressions) == 1 and isinstance(target.expressions[0], exp.Literal):
            return self._imported(target.expressions[0].name, alias, scope)
        files = files_read(target, self.naming)
        if files is not None:
            return self._files_of_call(target, files, alias)
        called = target.name.upper() if isinstance(target, exp.Anonymous) else ""
        if called == "MERGE" and self.naming.dialect_name == "clickhouse":
            merged = self.binder.merged_tables(target)
            if merged is not None:  # (none known: read as the tables it names cannot be, nothing)
                return self._union_of(merged, alias, scope) if merged else Source(alias, columns=None, open_flow=EMPTY)
        series = self._series(target, called, alias, scope)
        if series is not None:
            return series
        first = target.expressions[0] if called and target.expressions else None
        if isinstance(first, exp.Kwarg) and first.this.name.lower() == "path":  # read_files(path => '/mnt/x/')
            first = first.expression
        named = self._table_or_path_call(target, called, first, alias, scope)
        if named is not None:
            return named
        passed = self._pass_through_call(target, called, first, alias, scope)
        if passed is not None:
            return passed
        tabled = self._table_call(target, called, alias, scope)
        if tabled is not None:
            return tabled
        return self._called_rows(target, alias, scope)

    def _files_of_call(self, target: exp.Expression, files: list[str], alias: str) -> Source:
        """The rows of a call that reads ``files`` in place (:func:`files_read`: DuckDB's ``read_csv('a.csv')``,
        ``read_parquet(['a', 'b'])``): each a location, under the data source T-SQL's ``OPENROWSET(BULK 'path',
        DATA_SOURCE = 'ds')`` names."""
        source = target.expressions[1] if isinstance(target, exp.Anonymous) \
            and target.name.upper() == "OPENROWSET" and len(target.expressions) > 1 else None
        if isinstance(source, exp.Literal) and source.is_string:  # T-SQL's OPENROWSET(BULK 'path', DATA_SOURCE = 'ds')
            files = [self.binder.under_data_source(source.name, path) for path in files or ()]
            # (under a data source not known here, a path as written: no file of the server's)
            return self._read_in_place(alias, *files, server=self.binder.data_source_url(source.name) is not None)
        return self._read_in_place(alias, *files)

    def _series(self, target: exp.Expression, called: str, alias: str, scope: Scope) -> Source | None:
        """The rows of numbers a call makes, one column computed from its arguments: DuckDB's ``range(3)``,
        ``generate_series(1, 3)`` (named after the function), ClickHouse's ``numbers(3)``, ``zeros(3)`` ...
        (:data:`.clickhouse.GENERATED_COLUMNS`); None for another call."""
        if isinstance(target, exp.GenerateSeries) and self.naming.dialect_name == "duckdb":
            # range(3), generate_series(1, 3): rows of one column named after the function, from its arguments
            computed: set = set()
            for argument in target.args.values():
                if isinstance(argument, exp.Expression):
                    self.collect(argument, scope, computed)
            named = "range" if target.args.get("is_end_exclusive") else "generate_series"
            return Source(alias, columns={self.naming.normalize(named): frozenset(computed)},
                          open_flow=frozenset(computed))
        generated = GENERATED_COLUMNS.get(called.lower()) if self.naming.dialect_name == "clickhouse" else None
        if generated is not None:  # numbers(3): rows of one column, number, computed from the arguments
            computed_from: set = set()
            for argument in target.expressions:
                self.collect(argument, scope, computed_from)
            return Source(alias, columns={self.naming.normalize(name): frozenset(computed_from) for name in generated})
        return None

    def _table_or_path_call(self, target: exp.Expression, called: str, first: exp.Expression | None, alias: str,
                            scope: Scope) -> Source | None:
        """The rows of a Spark call whose ``first`` argument names a table or a path: Hudi's
        ``hudi_table_changes``, Delta's ``table_changes`` and ``table_changes_by_path``, Databricks' ``read_files``
        and ``cloud_files`` and ``event_log``; None for another call."""
        if called == "HUDI_TABLE_CHANGES" and isinstance(first, exp.Literal) and first.is_string \
                and self.naming.dialect_name in SPARK_FAMILY:
            # Hudi's incremental and change data capture reads, hudi_table_changes('t' | '/path', 'cdc' |
            # 'latest_state', from [, to]): the table's rows (of 'cdc': op, ts_ms, before and after, the row as a
            # whole); of a path, the files read in place
            if "/" in first.name or ":" in first.name:
                return self._read_in_place(alias, first.name)
            obj = self.binder.relation(self.naming.spelled(first))
            self._read_whole(obj, scope)
            mode = target.expressions[1] if len(target.expressions) > 1 else None
            if isinstance(mode, exp.Literal) and mode.name.casefold() == "cdc":
                return Source(alias or obj.parts[-1], columns=None, open_flow=frozenset((ObjectAtom(obj),)))
            return Source(alias or obj.parts[-1], obj=obj, found=self.binder.found_in(obj))
        if called in ("TABLE_CHANGES", "READ_FILES", "CLOUD_FILES", "TABLE_CHANGES_BY_PATH") \
                and isinstance(first, exp.Literal) and first.is_string:
            if called != "TABLE_CHANGES":  # Databricks' read_files('/path', ...) (Auto Loader's cloud_files in
                # Delta Live Tables), Delta's table_changes_by_path('/path', from, to) (the change feed of a path
                # table): the files read in place, a location
                return self._read_in_place(alias, first.name)
            # table_changes('t', from, to): the change data feed of the table, its rows and their change columns
            obj = self.binder.relation(self.naming.spelled(first))
            self._read_whole(obj, scope)
            return Source(alias or obj.parts[-1], obj=obj, found=self.binder.found_in(obj))
        if called == "EVENT_LOG" and self.naming.dialect_name == "databricks":
            # event_log(TABLE(t)) (or of a pipeline's id): the events of the pipeline that updates t, none of t's rows:
            # t named, no column of it read
            named = (first.expressions[0] if isinstance(first, exp.Anonymous) and first.name.upper() == "TABLE"
                     and len(first.expressions) == 1 else None)
            if isinstance(named, exp.Column):
                obj = self.binder.relation(self.naming.table_parts(_as_table(named)))
                self._read_whole(obj, scope)
            return Source(alias, columns=None, open_flow=EMPTY)
        return None

    def _pass_through_call(self, target: exp.Expression, called: str, first: exp.Expression | None, alias: str,
                           scope: Scope) -> Source | None:
        """The rows of a call that passes a query to another database (:meth:`_passed_through`): BigQuery's
        ``EXTERNAL_QUERY``, T-SQL's ``OPENQUERY``; None for another call."""
        if called == "EXTERNAL_QUERY" and self.naming.dialect_name == "bigquery" and len(target.expressions) >= 2 \
                and all(isinstance(a, exp.Literal) and a.is_string for a in target.expressions[:2]):
            # EXTERNAL_QUERY('project.location.connection', 'SELECT ...'): a pass-through query of the Cloud SQL or
            # Spanner database the connection reaches, its tables named in the connection (as Trino's system.query)
            connection = re.split(r"[./]", target.expressions[0].name)[-1]  # (p.us.c, projects/p/.../connections/c)
            return self._passed_through(target.expressions[1].name, exp.to_identifier(connection), alias, scope,
                                        f"EXTERNAL_QUERY('{target.expressions[0].name}', ...)")
        if called == "OPENQUERY" and self.naming.dialect_name == "tsql" and len(target.expressions) == 2 \
                and isinstance(first, exp.Column) and not first.table \
                and isinstance(target.expressions[1], exp.Literal) and target.expressions[1].is_string:
            # OPENQUERY(linked_server, 'SELECT ...'): a pass-through query the linked server runs, over its own tables,
            # which the four-part name linked_server.database.schema.table names
            return self._passed_through(target.expressions[1].name, first.this, alias, scope,
                                        f"OPENQUERY({first.name}, ...)", linked=True)
        return None

    def _table_call(self, target: exp.Expression, called: str, alias: str, scope: Scope) -> Source | None:
        """The rows of ``TABLE(f(...))`` of a call whose rows are known here: Druid's ``TABLE(EXTERN(...))`` (files
        read in place) and ``TABLE(APPEND('t1', 't2'))``, Trino's polymorphic table functions (:meth:`_polymorphic`);
        None for another call."""
        inner = target.expressions[0] if called == "TABLE" and len(target.expressions) == 1 else None
        if inner is None:
            return None
        if isinstance(inner, exp.Anonymous) and self.naming.dialect_name == "druid":
            locations = input_locations(inner)  # TABLE(EXTERN('{"type": "http", "uris": [...]}', ...)), s3(...)
            if locations is not None:
                return self._read_in_place(alias, *locations)
            union = appended(inner)  # TABLE(APPEND('t1', 't2')): the rows of both
            if union is not None:
                result = self.query(union, None, {})
                scope.conditions |= result.conditions
                return Source.of_result(alias, result)
        return self._polymorphic(inner, alias, scope)

    def _called_rows(self, target: exp.Expression, alias: str, scope: Scope) -> Source:
        """The rows of any other table function, of columns unknown here (but a catalogued SQL UDTF's): computed from
        the function (a catalogued one read, and what its body reads; an ML function's model) and its arguments, its
        table arguments read whole."""
        acc: set = set()
        if self.binder.udf_call(target) is not None:  # a table function of the catalog: read, and what its body reads
            self.collect(target, scope, acc)
            columns = self._udtf_column_flows(target, self.binder.udtf_columns(target), frozenset(acc))
            return Source(alias, columns=columns, open_flow=frozenset(acc))
        if self.binder.uncatalogued_udf(target) is not None:  # BigQuery's ds.tvf(1), not in the catalog: read,
            self.collect(target, scope, acc)  # and its arguments; its columns unknown
            return Source(alias, columns=None, open_flow=frozenset(acc))
        model = target.this if isinstance(target, _MODEL_FUNCTIONS) and isinstance(target.this, exp.Table) else None
        if model is not None:
            fn = self.binder.model(self.naming.table_parts(model))
            if self.reads is not None:
                self.reads.touch(fn)
            acc.add(FunctionAtom(fn))
        for argument in target.iter_expressions():
            if argument is model:
                continue
            if isinstance(argument, exp.Table) and isinstance(argument.this, exp.Identifier):
                argument = exp.Subquery(this=exp.Select(expressions=[exp.Star()]).from_(argument.copy()))
            self.collect(_table_arguments(argument), scope, acc)
        return Source(alias, columns=None, open_flow=frozenset(acc))

    def _compiled_query(self, node: exp.TableFromRows) -> exp.Subquery:
        """Snowflake's ``TABLE(TO_QUERY('<sql>' [, name => 'value' ...]))``, which "compiles the SQL text as the
        definition of a subquery in the FROM clause": that subquery, under the call's alias (its ``:name`` binds are
        values). A text given by a session variable the log sets is in its place already (:mod:`.variables`); one the
        log does not give is an :class:`UnsupportedStatement`."""
        arguments = node.this.expressions
        text = next((a.expression for a in arguments if isinstance(a, exp.Kwarg) and a.this.name.upper() == "SQL"),
                    arguments[0] if arguments and not isinstance(arguments[0], exp.Kwarg) else None)
        if not isinstance(text, exp.Literal) or not text.is_string:
            shown = text.sql(dialect=self.naming.dialect) if text is not None else ""
            raise UnsupportedStatement(f"TO_QUERY({shown}): the query is the value of a variable the log does not give"
                                       if isinstance(text, exp.Parameter) else
                                       f"TO_QUERY({shown}): its text is no constant string, and is not known here")
        try:
            query = parse_sql(text.name, self.naming.dialect, "the query of TO_QUERY")
        except SqlglotError as err:
            raise UnsupportedStatement(f"TO_QUERY: its text cannot be parsed: {first_line(err)}") from None
        if not _is_query(query):
            raise UnsupportedStatement("TO_QUERY: its text is no query")
        return exp.Subquery(this=query, alias=node.args.get("alias"))

    def _dictionary_call(self, node: exp.Anonymous, scope: Scope, acc: set) -> bool:
        """``dictGet[OrDefault | OrNull | <Type>]('db.d', 'a' | ('a', 'b'), key[, default])``: the attributes read from
        the dictionary, as ``(SELECT a, b FROM db.d)``, and the key's and default's own reads; ``dictHas('d', key)``
        and the hierarchy's calls read the dictionary's rows, none of its attributes
        (:attr:`.dialects.DialectRules.dictionary_functions`). False for another call, or a dictionary not named by a
        string or a name (``dictGet(db.d, ...)``). ``joinGet[OrNull]('db.t', 'a', key)`` reads a Join table's
        attribute the same way."""
        name, arguments = node.name.lower(), node.expressions
        getter = (name.startswith("dictget") and name not in _DICTIONARY_KEYS) or name in _JOIN_GETTERS
        if not (getter or name in _DICTIONARY_KEYS) or not arguments:
            return False
        if isinstance(arguments[0], exp.Column) and isinstance(arguments[0].this, exp.Identifier) \
                and not arguments[0].args.get("db"):  # dictGet(d, ...), dictGet(db.d, ...): the dictionary's name
            named_by = ".".join(part.name for part in arguments[0].parts)
        elif isinstance(arguments[0], exp.Literal) and arguments[0].is_string and arguments[0].name:
            named_by = arguments[0].name
        else:
            return False
        named = arguments[1] if getter and len(arguments) > 1 else None
        attributes = [named] if isinstance(named, exp.Literal) else list(named.expressions) if isinstance(
            named, exp.Tuple) else []
        if getter and (not attributes or not all(isinstance(a, exp.Literal) and a.is_string for a in attributes)):
            return False
        try:
            table = exp.to_table(named_by, dialect=self.naming.dialect)
        except SqlglotError:  # a string that is no name: the call of a function of its arguments
            return False
        values = [exp.column(exp.to_identifier(a.name)) for a in attributes] or [exp.Literal.number(1)]
        for argument in arguments[2 if getter else 1:]:
            self.collect(argument, scope, acc)
        self.collect(exp.Subquery(this=exp.select(*values).from_(table)), scope, acc)
        return True

    def _in_table(self, node: exp.In, scope: Scope) -> exp.Table | None:
        """The table the right side of an IN names (:attr:`.dialects.DialectRules.in_tables`): a name alone, or alone
        in brackets, that a CTE in scope or the catalog has as a relation; None otherwise."""
        named = node.args.get("field")
        if named is None and not node.args.get("query") and len(node.expressions) == 1:
            named = node.expressions[0]
        if not isinstance(named, exp.Column) or not isinstance(named.this, exp.Identifier) or named.args.get("db"):
            return None
        qualifier = named.args.get("table")
        if qualifier is None and scope.search(self.naming.ident(named.this))[1] is not None:
            return None  # a column of the query's tables of that name is what ClickHouse reads
        table = exp.Table(this=named.this.copy(), db=qualifier.copy() if qualifier is not None else None)
        parts = self.naming.table_parts(table)
        if (len(parts) == 1 and _cte(parts, scope.ctes) is not None) or self.binder.lookup("relation", parts) is not None:
            return table
        return None

    def _parameterized_view(self, target: exp.Expression) -> exp.Table | None:
        """The view a call in FROM names (:attr:`.dialects.DialectRules.parameterized_views`), as a table of that
        name; None when the call names no view of the catalog (a table function: ``numbers(10)``)."""
        qualifier = target.this if isinstance(target, exp.Dot) else None
        call = target.expression if isinstance(target, exp.Dot) else target
        if not isinstance(call, exp.Anonymous) or (qualifier is not None and not isinstance(qualifier, exp.Identifier)):
            return None
        table = exp.Table(this=exp.to_identifier(call.name), db=qualifier.copy() if qualifier is not None else None)
        found = self.binder.lookup("relation", self.naming.table_parts(table))
        return table if found is not None and found.domain == "View" else None

    def _time_windows(self, call: exp.Anonymous, alias: str, scope: Scope) -> Source:
        """RisingWave's ``TUMBLE(t, time_col, size)`` and ``HOP(t, time_col, hop, size)``: "take a table/source/
        materialized view, a time column ... and assign each input row a time window by augmenting the row with two
        new columns: window_start and window_end": t's rows, its columns and those two, computed from the time
        column."""
        named = call.expressions[0]
        table = exp.Table(this=named.this.copy(), db=named.args["table"].copy() if named.args.get("table") else None)
        base = self._table(table, alias or named.name, scope)
        found = base.find(self.naming.ident(call.expressions[1].this)) if base is not None else None
        time = found[1] if found is not None else EMPTY
        windows = {self.naming.normalize("window_start"): time, self.naming.normalize("window_end"): time}
        if base is not None and base.is_object and not base.is_open:  # a table of known columns: each read by name
            if self.reads is not None:
                self.reads.touch(base.obj)
            columns = {c.name: frozenset((ColumnAtom(base.obj, c.name),)) for c in base.obj.visible_columns()}
            source = Source(base.alias, obj=base.obj, columns={**columns, **windows})
            source.union = True  # (a column used is read from the table: window_start from the time column)
            return source
        if base is not None and base.columns is not None:  # a CTE's or a derived table's rows
            return Source(base.alias, columns={**base.columns, **windows}, open_flow=base.open_flow)
        source = Source(alias or named.name, columns=None, open_flow=base.open_flow if base is not None else EMPTY,
                        known=windows)  # (of a table of unknown columns: any other name is one of its own)
        source.through = (base.obj,) if base is not None and base.is_object else base.through if base else ()
        return source

    def _imported(self, text: str, alias: str, scope: Scope) -> Source:
        """Exasol's IMPORT inside a query (:func:`.exasol.imported_rows`): another database's query, read as a derived
        table is, or the files it reads, of the columns its definitions name (else of columns unknown)."""
        query, locations, defined = imported_rows(self.naming, text, self.binder.data_source_url, passed_through_query)
        if query is not None:
            result = self.query(query, None, {})
            scope.conditions |= result.conditions
            return Source.of_result(alias, result)
        source = self._read_in_place(alias, *locations)
        return Source(alias, columns=dict.fromkeys(defined, EMPTY), open_flow=EMPTY) if defined else source

    def _passed_through(self, text: str, catalog: exp.Identifier | None, alias: str, scope: Scope,
                        shown: str | None = None, *, linked: bool = False) -> Source:
        """Trino's pass-through query (``TABLE(example.system.query(query => 'SELECT ...'))``): the rows of a query
        the catalog's data source runs in its own SQL, over its own tables, which Trino names in that catalog (the
        data source's ``tpch.nation`` is ``example.tpch.nation``). The query is read as the statement's dialect reads
        it (else as the first of the data sources' SQL dialects that reads it), its tables qualified by the catalog; a
        text that is no query this platform reads sets the statement aside, saying so, rather than lose what it
        reads. A T-SQL linked server's (``linked``: ``OPENQUERY``) names ``database.schema.table`` in it as
        ``catalog.database.schema.table``."""
        shown = shown or f"{catalog.name + '.' if catalog is not None else ''}system.query(...)"
        # which source it is, the log does not say: a catalog named after its connector does (mysql, sqlserver)
        named = _CONNECTOR_DIALECTS.get(catalog.name.casefold()) if catalog is not None else None
        tree = passed_through_query(text, catalog, (named, self.naming.dialect_name), shown, linked=linked)
        result = self.query(tree, None, {})
        scope.conditions |= result.conditions
        return Source.of_result(alias, result)

    def _polymorphic(self, call: exp.Expression, alias: str, scope: Scope) -> Source | None:
        """Trino's table functions whose rows are a table's, inside ``TABLE(...)``: Delta Lake's
        ``[catalog.]system.table_changes(schema_name => 's', table_name => 't', ...)`` (the table's change data feed:
        its columns, and ``_change_type``, ``_commit_version``, ``_commit_timestamp``) and ``exclude_columns(input =>
        TABLE(t), columns => DESCRIPTOR(a, ...))`` (the input's columns but those), and a catalog's ``system.query``
        (:meth:`_system_query`). None for any other call."""
        qualifier = call.this if isinstance(call, exp.Dot) else None
        function = call.expression if isinstance(call, exp.Dot) else call
        if not isinstance(function, exp.Anonymous):
            return None
        arguments = {kwarg.this.name.lower(): kwarg.expression for kwarg in function.expressions
                     if isinstance(kwarg, exp.Kwarg)}
        name = function.name.lower()
        if name == "table_changes" and all(isinstance(arguments.get(k), exp.Literal) and arguments[k].is_string
                                           for k in ("schema_name", "table_name")):
            return self._table_changes(qualifier, arguments, alias, scope)
        catalog = qualifier.this if isinstance(qualifier, exp.Dot) else None  # example.system.query: example
        schema = qualifier.expression if isinstance(qualifier, exp.Dot) else qualifier
        if name == "query" and isinstance(schema, exp.Identifier) and schema.name.casefold() == "system":
            queried = self._system_query(function, catalog, arguments, alias, scope)
            if queried is not None:
                return queried
        table = arguments.get("input")
        if name == "exclude_columns" and isinstance(table, exp.Anonymous) and table.name.upper() == "TABLE":
            return self._excluded_columns(table, arguments, alias, scope)
        return None

    def _table_changes(self, qualifier: exp.Expression | None, arguments: dict[str, exp.Expression], alias: str,
                       scope: Scope) -> Source:
        """Delta Lake's ``[catalog.]system.table_changes(schema_name => 's', table_name => 't', ...)`` in Trino: the
        table's change data feed, read whole, its columns and ``_change_type``, ``_commit_version``,
        ``_commit_timestamp``."""
        catalog = [qualifier.this.name] if isinstance(qualifier, exp.Dot) else []  # delta.system.table_changes
        parts = (*catalog, arguments["schema_name"].name, arguments["table_name"].name)
        obj = self.binder.relation(tuple(self.naming.normalize(p) for p in parts))
        self._read_whole(obj, scope)
        source = Source(alias or obj.parts[-1], columns=None, open_flow=EMPTY) if obj.columns_open else Source(
            alias or obj.parts[-1], columns={**{c.name: frozenset((ColumnAtom(obj, c.name),)) for c in obj.columns},
                                             **dict.fromkeys(("_change_type", "_commit_version", "_commit_timestamp"),
                                                             EMPTY)})
        source.union = True
        return source

    def _system_query(self, function: exp.Anonymous, catalog: exp.Expression | None,
                      arguments: dict[str, exp.Expression], alias: str, scope: Scope) -> Source | None:
        """Trino's ``[catalog.]system.query(...)``: a pass-through query's rows (:meth:`_passed_through`), or of
        MongoDB's ``query(database => 'db', collection => 'c', ...)`` the collection's; None for other arguments."""
        positional = [a for a in function.expressions if not isinstance(a, exp.Kwarg)]
        text = arguments.get("query", positional[0] if len(positional) == 1 else None)
        if isinstance(text, exp.Literal) and text.is_string:
            return self._passed_through(text.name, catalog, alias, scope)
        if all(isinstance(arguments.get(k), exp.Literal) for k in ("database", "collection")):
            # MongoDB's query(database => 'db', collection => 'c', filter => '{...}'): the collection's rows
            parts = (*([catalog.name] if catalog is not None else []), arguments["database"].name,
                     arguments["collection"].name)
            obj = self.binder.relation(tuple(self.naming.normalize(p) for p in parts))
            self._read_whole(obj, scope)
            return Source(alias or obj.parts[-1], obj=obj, found=self.binder.found_in(obj))
        return None

    def _excluded_columns(self, table: exp.Anonymous, arguments: dict[str, exp.Expression], alias: str,
                          scope: Scope) -> Source:
        """Trino's ``exclude_columns(input => TABLE(t), columns => DESCRIPTOR(a, ...))``: the input's rows, its
        columns but those listed (which it does not read)."""
        descriptor = arguments.get("columns")
        listed = [c for c in (descriptor.expressions if isinstance(descriptor, exp.Anonymous) else ())
                  if isinstance(c, (exp.Column, exp.Identifier))]
        excluded = {self.naming.ident(c.this if isinstance(c, exp.Column) else c).casefold() for c in listed}
        rows = _table_arguments(table)
        inner = rows.this if isinstance(rows, exp.Subquery) else rows
        if isinstance(inner, exp.Select) and len(inner.expressions) == 1 and isinstance(inner.expressions[0],
                                                                                           exp.Star):
            # (the excluded columns are none the function reads: "Excludes from table all columns listed")
            inner.expressions[0].set("except_", [exp.column(c.this if isinstance(c, exp.Column) else c)
                                                 for c in listed])
        result = self.query(rows, scope, scope.ctes)
        scope.conditions |= result.conditions
        if result.open:
            return Source.of_result(alias, result)
        return Source(alias, columns={n: f for n, f in result.columns if n.casefold() not in excluded})

    def _elements(self, unnest: exp.Unnest, alias: str, scope: Scope) -> Source | None:
        """The source of an array's elements (an UNNEST, written or implied), marked so (:attr:`Source.elements`)."""
        source = self._table_function(unnest, alias, scope)
        if source is not None:
            source.elements = True
        return source

    def _table_function(self, node: exp.Expression, alias: str, scope: Scope) -> Source | None:
        """The rows of a table function in FROM (an ``UNNEST``, ``LATERAL FLATTEN(...)``, ``TABLE(f(...))``, a
        generator, a UDTF): its columns, by its alias's names, else those the function has, each computed from its
        arguments (of a SQL UDTF, from its body's column)."""
        acc: set = set()
        inner = node.this if isinstance(node, (exp.Lateral, exp.TableFromRows)) else node
        if isinstance(node, exp.Lateral) and isinstance(inner, exp.TableFromRows):  # LATERAL TABLE(f(...)): the call
            inner = inner.this
        unnested: list[frozenset] = []  # of UNNEST(a, b): each argument's flow
        if isinstance(node, exp.Unnest):
            for e in node.expressions:
                one: set = set()
                self.collect(e, scope, one)
                unnested.append(frozenset(one))
                acc |= one
        elif inner is not None:
            if self.binder.is_result_scan(inner):
                return Source(alias, columns=None, open_flow=EMPTY)
            generator = self._generator_source(inner, alias, scope, node.args.get("alias"))
            if generator is not None:  # LATERAL VIEW explode(...) t [AS k, v]
                return generator
            self.collect(inner, scope, acc)
        flow = frozenset(acc)
        alias_node = node.args.get("alias")
        names = [self.naming.ident(c) for c in (alias_node.args.get("columns") or ())] if alias_node else []
        if not alias and not names and isinstance(node, exp.Unnest) and len(node.expressions) == 1 \
                and self.naming.dialect_name in ("postgres", "redshift"):
            # PostgreSQL names a function in FROM, and its one column, after it; WITH ORDINALITY adds ``ordinality``
            alias = self.naming.normalize("unnest")
            columns = {alias: flow}
            if node.args.get("offset") is True:  # (a position: computed from the array, as FLATTEN's INDEX)
                columns[self.naming.normalize("ordinality")] = flow
            return Source(alias, columns=columns, open_flow=flow)
        if isinstance(inner, exp.OpenJSON) and not names:  # T-SQL's OPENJSON: the columns of its WITH, else its own
            names = ([self.naming.ident(c.this) for c in inner.expressions] if inner.expressions
                     else [self.naming.normalize(n) for n in ("key", "value", "type")])
        if isinstance(inner, exp.Explode) and not names:
            names = [self.naming.normalize(n) for n in _FLATTEN_COLUMNS]
        if not names and inner is not None:  # a UDTF's rows have the columns its RETURNS TABLE (...) declares
            names = self.binder.udtf_columns(inner)
        if inner is not None and not isinstance(inner, exp.Explode):  # a SQL UDTF: each column from its body's
            columns = self._udtf_column_flows(inner, names, flow)
            if columns is not None:
                return Source(alias, columns=columns, open_flow=flow)
        return self._function_rows(node, alias, names, unnested, flow, scope)

    def _function_rows(self, node: exp.Expression, alias: str, names: list[str], unnested: list[frozenset],
                       flow: frozenset, scope: Scope) -> Source:
        """The rows of a table function whose columns no SQL UDTF gives (:meth:`_table_function`), ``names`` its
        columns' (else none known), ``flow`` what it is computed from, ``unnested`` the flows of an UNNEST's
        arguments: an UNNEST's by argument, with its offset, of the fields of its rows or structs; each column from
        all of it otherwise."""
        offset = node.args.get("offset") if isinstance(node, exp.Unnest) else None
        if isinstance(offset, exp.Identifier):  # UNNEST(...) WITH OFFSET AS o: o is a column of the rows, a position
            return self._rows_with_offset(node, offset, alias, names, unnested, flow)
        # UNNEST(a, b) AS t(x, y): "expanded into multiple columns", one per argument
        if len(unnested) > 1 and len(names) == len(unnested):
            return Source(alias, columns=dict(zip(names, unnested)), open_flow=flow)
        literal = self._literal_rows(node.expressions[0], scope) if len(unnested) == 1 and (
            self.naming.dialect_name in _ROW_UNNEST_DIALECTS or self.naming.dialect_name == "bigquery") else None
        if literal is not None and (len(names) == len(literal) and self.naming.dialect_name != "bigquery"
                                    or not names and all(n for n, _ in literal)):
            # UNNEST of an array of ROWs or STRUCTs written out: each field's column from that field of each row (a
            # BigQuery alias names the struct, never its one field: below)
            return Source(alias, columns={name: fields for name, (_, fields) in zip(names or [n for n, _ in literal],
                                                                                    literal)}, open_flow=flow)
        if names:
            source = Source(alias, columns={n: flow for n in names}, open_flow=flow)
            source.fields = isinstance(node, exp.Unnest) and len(names) == 1 and self.naming.dialect_name == "bigquery" \
                and _may_hold_structs(node.expressions[0])
            if source.fields and len(unnested) == 1:
                source.element_fields = self._row_type_fields(node.expressions[0], unnested[0], elements=True)
                if source.element_fields is None and literal is not None and all(n for n, _ in literal):
                    source.element_fields = [n for n, _ in literal]  # UNNEST([STRUCT(a AS x, ...), ...]) AS e
            return source
        if unnested and (self.naming.dialect_name in _ROW_UNNEST_DIALECTS or self.naming.dialect_name == "bigquery"):
            # Trino's UNNEST of an array of ROWs: "expanding each field of the ROW into a corresponding column";
            # BigQuery's of an array of STRUCTs without an alias: "a separate column for each field in the struct"
            fields = [self._row_type_fields(e, f, elements=True) for e, f in zip(node.expressions, unnested)]
            if all(fields):
                return Source(alias, columns={name: f for names_of, f in zip(fields, unnested) for name in names_of},
                              open_flow=flow)
        return Source(alias, columns=None, open_flow=flow)

    def _rows_with_offset(self, node: exp.Unnest, offset: exp.Identifier, alias: str, names: list[str],
                          unnested: list[frozenset], flow: frozenset) -> Source:
        """An ``UNNEST(...) WITH OFFSET AS o``'s rows (:meth:`_function_rows`): its columns as without the offset
        (by argument, of BigQuery's structs' fields), and ``o``, a position computed from the arrays."""
        columns = {n: flow for n in names or [alias]} if (names or alias) else {}
        if len(unnested) > 1 and len(names) == len(unnested):  # (one column per argument)
            columns = dict(zip(names, unnested))
        if not names and not alias and len(unnested) == 1 and self.naming.dialect_name == "bigquery":
            known = self._row_type_fields(node.expressions[0], unnested[0], elements=True)
            columns = {name: unnested[0] for name in known or ()}  # (its structs' fields, as without the offset)
        source = Source(alias, columns={**columns, self.naming.ident(offset): flow}, open_flow=flow)
        if len(names) <= 1 and len(unnested) == 1 and self.naming.dialect_name == "bigquery" \
                and len(columns) <= 1 and _may_hold_structs(node.expressions[0]):
            # (its elements' fields are its columns, as without the offset: below)
            source.fields = True
            source.element_fields = self._row_type_fields(node.expressions[0], unnested[0], elements=True)
        return source

    def _literal_rows(self, array: exp.Expression, scope: Scope) -> list[tuple[str | None, frozenset]] | None:
        """Of an array of ROWs or STRUCTs written out, all of one width (Trino's ``ARRAY[ROW(a, b), ROW(c, d)]``,
        BigQuery's ``[STRUCT(a AS x, b AS y), STRUCT(c, d), (e, f)]``): each field's name (the first row's, None when it names
        none) and what it is computed from in every row; None for another value."""
        rows = array.expressions if isinstance(array, exp.Array) else []
        # (a row after the first may be written as a tuple, ("d", x): of the first row's type)
        if not rows or not isinstance(rows[0], exp.Struct) \
                or not all(isinstance(row, (exp.Struct, exp.Tuple)) and row.expressions for row in rows) \
                or len({len(row.expressions) for row in rows}) != 1:
            return None
        first = rows[0].expressions
        names = [self.naming.ident(e.this if isinstance(e, exp.PropertyEQ) else e.args["alias"])
                 if isinstance(e, (exp.PropertyEQ, exp.Alias)) else None for e in first]
        flows: list[set] = [set() for _ in first]
        for row in rows:
            for at, e in enumerate(row.expressions):
                self.collect(e.expression if isinstance(e, exp.PropertyEQ) else e.this if isinstance(e, exp.Alias)
                             else e, scope, flows[at])
        return [(name, frozenset(flow)) for name, flow in zip(names, flows)]

    def _udtf_column_flows(self, call: exp.Expression, names: list[str], flow: frozenset
                           ) -> dict[str, frozenset] | None:
        """Each column of a SQL UDTF's rows (``names``: an alias's or its declared ones, else its body's), from the
        function as its body's column at that place (whose base sources are that column's) and the arguments it is
        called with; of a function whose body is not read, each declared column from the call as a whole; None for
        another function, or when the names do not match its body's columns in number."""
        found = self.binder.udf_call(call)
        body_names = self.binder.udtf_column_names(found[0]) if found is not None else None
        if body_names is None and names and found is not None:  # a function whose body is not read here (PL/pgSQL's
            return {name: flow for name in names}  # RETURNS SETOF t | TABLE (...)): its columns, each from the call
        if body_names is None or (names and len(names) != len(body_names)):
            return None
        fn = found[0]
        rest = flow - {FunctionAtom(fn)}
        return {name: rest | {FunctionAtom(fn, body_name)} for name, body_name in zip(names or body_names, body_names)}

    def _generator_source(self, call: exp.Expression, alias: str, scope: Scope,
                          alias_node: exp.TableAlias | None) -> Source | None:
        """The rows of a Spark generator in FROM, with the columns Spark names (:meth:`_generated`), renamed by
        ``alias_node``'s list; of ``explode`` of a column of unknown type without such a list, col, key and value
        (:func:`_exploded`). None for another call, and outside Spark's dialects."""
        if not self.naming.rules.generator_columns:
            return None
        listed = alias_node is not None and alias_node.args.get("columns")
        unknown = None if listed else self._of_unknown_kind(call, scope)
        if unknown is not None:
            return _exploded(alias, unknown)
        generated = self._generated(call, scope)
        return self._generated_source(generated, alias, alias_node) if generated is not None else None

    def _generated_source(self, generated: list[tuple[str, frozenset]], alias: str,
                          alias_node: exp.TableAlias | None) -> Source:
        """A generator's rows in FROM (Spark's ``LATERAL VIEW explode(m) t [AS k, v]``): its columns, renamed by the
        alias list; a list of another length names columns each computed from all of them."""
        names = [self.naming.ident(c) for c in (alias_node.args.get("columns") or ())] if alias_node else []
        flow = frozenset().union(*(column_flow for _, column_flow in generated))
        return Source(alias, columns=dict(_generated_renamed(generated, names) if names else generated),
                      open_flow=flow)

    def _pivots(self, node: exp.Expression, source: Source, scope: Scope) -> None:
        """A FROM item's PIVOT / UNPIVOT: the source becomes the rotated rows, each column with its own flow
        (:meth:`_pivot`, :meth:`_unpivot`); one they cannot tell (``IN (ANY ...)``, a subquery, several value
        columns, a source of unknown columns) leaves it open, every column from all of them."""
        for pivot in node.args.get("pivots") or ():
            alias = pivot.args.get("alias")
            named = [self.naming.ident(c) for c in alias.args.get("columns") or ()] if alias is not None else []
            grouped = self._grouped_pivot(pivot)
            rotated = self._rotated_open(pivot, source, scope) if source.is_open and not grouped and (
                source.is_object or not named) else None
            if rotated is not None and not source.is_object:
                self._rotated_derived_table(pivot, source, rotated)
            elif rotated is not None and (not named or len(named) >= len(rotated)):
                self._rotated_table(source, rotated, named)
            else:
                self._pivoted_rows(pivot, source, scope, grouped, alias)
            if alias is not None and alias.this:
                source.alias = self.naming.ident(alias.this)

    def _rotated_derived_table(self, pivot: exp.Pivot, source: Source, rotated: dict[str, frozenset]) -> None:
        """``source``, a derived table or a CTE of unknown columns (``FROM (SELECT *, ...) UNPIVOT ...``), as the
        columns ``rotated`` its PIVOT / UNPIVOT makes: the columns known to be its own that the rotation uses are gone,
        the columns it makes are known; any other name is still one of the table's its * took."""
        used = {self.naming.ident(c.this).casefold() for c in pivot.find_all(exp.Column)}
        source.known = {**{name: flow for name, flow in (source.known or {}).items()
                           if name.casefold() not in used}, **rotated}

    def _rotated_table(self, source: Source, rotated: dict[str, frozenset], named: list[str]) -> None:
        """``source``, a table of unknown columns, as the columns ``rotated`` its PIVOT / UNPIVOT makes, under the
        alias's names ``named``."""
        table = source.obj
        if named:  # AS p (emp, jan, feb): the table's columns it keeps (names unknown here), then the rotated
            kept = named[:len(named) - len(rotated)]
            source.obj, source.is_object, source.open_flow = None, False, frozenset().union(*rotated.values())
            source.columns = {**{name: EMPTY for name in kept}, **dict(zip(named[len(kept):], rotated.values()))}
        else:  # the rotated columns; any other is the table's
            source.obj, source.is_object, source.known, source.open_flow = None, False, rotated, EMPTY
            source.through = (table,)

    def _pivoted_rows(self, pivot: exp.Pivot, source: Source, scope: Scope, grouped: bool,
                      alias: exp.TableAlias | None) -> None:
        """``source`` as the rows its PIVOT / UNPIVOT makes (:meth:`_pivot`, :meth:`_unpivot`, renamed by the alias's
        list; :meth:`_dynamic_pivot`); where they cannot tell, open, every column from all of them."""
        reshaped = None if source.is_open and not grouped else (
            self._unpivot if pivot.args.get("unpivot") else self._pivot)(pivot, source, scope)
        dynamic = self._dynamic_pivot(pivot, source, scope) if reshaped is None and not source.is_open else None
        if dynamic is not None:  # IN (ANY ...) | IN (subquery): the groups known, the pivoted columns not
            kept, rotated = dynamic
            source.columns, source.is_object, source.known, source.open_flow = None, False, dict(kept), rotated
            source.placed = len(kept)
            return
        if reshaped is None:
            acc: set = set()
            alone = Scope(scope.outer, scope.ctes)
            alone.add(source)  # (its columns are the rotated table's)
            self.collect(pivot, alone, acc)
            scope.conditions |= acc
            base = [] if source.is_open else [flow for _, flow in self._source_columns(source)]
            source.open_flow = frozenset(acc).union(*base)
        elif alias is not None and alias.args.get("columns"):
            names = [self.naming.ident(c) for c in alias.args["columns"]]
            reshaped = [(names[i] if i < len(names) else name, flow) for i, (name, flow) in enumerate(reshaped)]
        source.columns = dict(reshaped) if reshaped is not None else None
        if reshaped is not None and pivot.args.get("unpivot"):
            source.union = True  # (a column it keeps is read from the table where it is used, no sooner)
        source.is_object = False

    def _rotated_open(self, pivot: exp.Pivot, source: Source, scope: Scope) -> dict[str, frozenset] | None:
        """The columns a PIVOT / UNPIVOT of a table of unknown columns makes, with their flows (the columns it names
        are read): ``UNPIVOT(v FOR n IN (a, b))`` gives ``n`` (no column's value) and ``v`` (a's and b's values);
        ``PIVOT(agg(v) FOR p IN (x, y))`` one column per value (and aggregate: ``PIVOT (SUM(a) AS s, COUNT(c) AS n
        ...)``, each from its own aggregate's columns), from the aggregated columns (``p`` decides which value feeds
        which: a condition). The columns it leaves, the rows' own, are the table's columns of their
        names. None for a form :meth:`_pivot` and :meth:`_unpivot` cannot tell either."""
        fields = pivot.args.get("fields") or []
        if len(fields) != 1:
            return None
        alone = Scope(scope.outer, scope.ctes)
        alone.add(source)
        if pivot.args.get("unpivot"):
            rows = _unpivot_rows(pivot)
            if rows is None:
                return None
            labels, value_names, entries = rows
            values: list[set] = [set() for _ in value_names]
            for parts in entries:
                for part, read in zip(parts, values):
                    self.collect(part, alone, read)
            if not pivot.args.get("include_nulls"):  # EXCLUDE NULLS, the default: a null value makes no row
                scope.conditions.update(*values)
            return {**{self.naming.ident(label): EMPTY for label in labels},
                    **{self.naming.ident(v): frozenset(read) for v, read in zip(value_names, values)}}
        names = [self.naming.ident(c) for c in pivot.args.get("columns") or ()]
        if not names or any(isinstance(v, (exp.PivotAny, exp.Subquery, exp.Select)) for v in fields[0].expressions):
            return None
        flows: list[frozenset] = []
        for aggregate in pivot.expressions:
            values: set = set()
            self.collect(aggregate, alone, values)
            flows.append(frozenset(values))
        self.collect(fields[0].this, alone, scope.conditions)
        if len(names) != len(fields[0].expressions) * len(flows):  # not one column per value and aggregate: from all
            flows = [frozenset().union(*flows)]
        return {name: flows[i % len(flows)] for i, name in enumerate(names)}  # (as :meth:`_pivot` names them)

    def _grouped_pivot(self, pivot: exp.Pivot) -> bool:
        """Whether a PIVOT keeps only the columns of its own ``GROUP BY`` (Trino's, DuckDB's ``PIVOT ... GROUP BY
        region``; Trino's without one is ``GROUP BY ()``: "a single row whose only columns are the pivot output
        columns"), not every column it neither aggregates nor pivots (Snowflake's, Spark's)."""
        return not pivot.args.get("unpivot") and (pivot.args.get("group") is not None
                                                  or self.naming.dialect_name in _GROUPED_PIVOT_DIALECTS)

    def _pivot_groups(self, pivot: exp.Pivot, scope: Scope) -> list[tuple[str, frozenset]]:
        """The columns of a grouped PIVOT's ``GROUP BY`` (:meth:`_grouped_pivot`), each grouping expression once, in
        declaration order (those of ``ROLLUP (...)``, ``CUBE (...)``, ``GROUPING SETS (...)`` too): they decide the
        rows."""
        group = pivot.args.get("group")
        out: dict[str, frozenset] = {}
        for element in group.args.values() if group is not None else ():
            for e in element if isinstance(element, list) else [element]:
                if not isinstance(e, exp.Expression):
                    continue
                items = [e] if not isinstance(e, (exp.Rollup, exp.Cube, exp.GroupingSets, exp.Tuple)) else [
                    c for c in e.find_all(exp.Column)]
                for item in items:
                    acc: set = set()
                    self.collect(item, scope, acc)
                    out.setdefault(self._output_name(item, scope), frozenset(acc))
                    scope.conditions |= acc
        return list(out.items())

    def _source_columns(self, source: Source, *, record: bool = True) -> list[tuple[str, frozenset]]:
        """Every column of ``source`` with its flow, recorded as read (the rotation evaluates them all) unless not
        to ``record``."""
        out = []
        for name in source.column_names():
            found = self._find_in(source, name)
            if found is not None:
                if record:
                    self._record(source, found[0])
                out.append(found)
        return out

    def _pivot(self, pivot: exp.Pivot, source: Source, scope: Scope) -> list[tuple[str, frozenset]] | None:
        """``PIVOT(agg(v) FOR p IN (x, y))``: the columns neither aggregated nor pivoted (the rows' groups), then one
        per value and aggregate, named as sqlglot names them (``'X'``, ``1_sb``; a tuple of values as Spark does,
        ``{1, 2}``), each from its aggregate's columns; ``p`` decides which value feeds which column (a condition)."""
        fields = pivot.args.get("fields") or []
        names = [self.naming.ident(c) for c in pivot.args.get("columns") or ()]
        if len(fields) != 1 or not names or any(isinstance(v, (exp.PivotAny, exp.Subquery, exp.Select))
                                                for v in fields[0].expressions):
            return None
        alone = Scope(scope.outer, scope.ctes)
        alone.add(source)
        flows: list[frozenset] = []
        for aggregate in pivot.expressions:
            values: set = set()
            self.collect(aggregate, alone, values)
            flows.append(frozenset(values))
        pivoted = fields[0].expressions
        if len(names) == len(pivoted) * len(flows):
            # sqlglot names them value by value, each value's aggregates in turn (Spark's "1_sb", "1_mc", "2_sb" ...)
            names = [name or _pivoted_name(pivoted[i // len(flows)]) for i, name in enumerate(names)]
        else:  # not one column per value and aggregate: each from them all
            flows = [frozenset().union(*flows)]
        self.collect(fields[0].this, alone, scope.conditions)
        if self._grouped_pivot(pivot):
            kept = self._pivot_groups(pivot, alone)
            scope.conditions |= alone.conditions
            return kept + [(name, flows[i % len(flows)]) for i, name in enumerate(names)]
        used = {self.naming.ident(c.this).casefold() for c in pivot.find_all(exp.Column)}
        kept = [(name, flow) for name, flow in self._source_columns(source) if name.casefold() not in used]
        for _, flow in kept:  # one row per group of the columns it keeps, as GROUP BY them: they decide the rows
            scope.conditions |= flow
        return kept + [(name, flows[i % len(flows)]) for i, name in enumerate(names)]

    def _dynamic_pivot(self, pivot: exp.Pivot, source: Source, scope: Scope
                       ) -> tuple[list[tuple[str, frozenset]], frozenset] | None:
        """Snowflake's ``PIVOT(agg(v) FOR p IN (ANY [ORDER BY ...]) | IN (subquery))`` of a source of known columns:
        the columns it keeps (the rows' groups, which decide the rows) and what its pivoted columns, of values not
        known here, are computed from (the aggregates' columns; ``p`` a condition). None for another pivot."""
        fields = pivot.args.get("fields") or []
        if pivot.args.get("unpivot") or len(fields) != 1 or not fields[0].expressions or not all(
                isinstance(v, (exp.PivotAny, exp.Subquery, exp.Select)) for v in fields[0].expressions):
            return None
        alone = Scope(scope.outer, scope.ctes)
        alone.add(source)
        rotated: set = set()
        for aggregate in pivot.expressions:
            self.collect(aggregate, alone, rotated)
        self.collect(fields[0].this, alone, scope.conditions)
        for value in fields[0].expressions:  # (a subquery's reads, an ANY's ORDER BY)
            self.collect(value, scope, scope.conditions)
        used = {self.naming.ident(c.this).casefold() for part in (*pivot.expressions, fields[0].this)
                for c in part.find_all(exp.Column)}
        kept = [(name, flow) for name, flow in self._source_columns(source) if name.casefold() not in used]
        for _, flow in kept:
            scope.conditions |= flow
        return kept, frozenset(rotated)

    def _unpivot(self, pivot: exp.Pivot, source: Source, scope: Scope) -> list[tuple[str, frozenset]] | None:
        """``UNPIVOT(v FOR n IN (a, b))``: the columns not unpivoted, then ``n`` (the names of a and b: no column's
        value) and ``v`` (the values of a and b). Several value columns (Spark's ``UNPIVOT ((v1, v2) FOR n IN ((a, b)
        AS x, (c, d) AS y))``) take their values by position; an entry's alias names it in ``n``, no column."""
        rows = _unpivot_rows(pivot)
        if rows is None or not all(isinstance(p, (exp.Column, exp.Identifier)) for parts in rows[2] for p in parts):
            return None
        labels, value_names, entries = rows
        positions: dict[str, set[int]] = {}  # a column may stand in several entries, at different places
        for parts in entries:
            for i, part in enumerate(parts):
                positions.setdefault(self.naming.ident(_identifier(part)).casefold(), set()).add(i)
        kept, values = [], [set() for _ in value_names]
        for name, flow in self._source_columns(source, record=False):  # (a column kept: read where it is used)
            if name.casefold() in positions:
                self._record(source, name)
                for i in positions[name.casefold()]:
                    values[i] |= flow
                if not pivot.args.get("include_nulls"):  # EXCLUDE NULLS, the default: a null value makes no row
                    scope.conditions |= flow
            else:
                kept.append((name, flow))
        return kept + [(self.naming.ident(label), EMPTY) for label in labels] + [
            (self.naming.ident(v), frozenset(flow)) for v, flow in zip(value_names, values)]

    # ------------------------------------------------------------------ projection
    def _projection(self, node: exp.Select, scope: Scope) -> tuple[list[tuple[str, frozenset]], bool, frozenset,
                                                                    tuple, int | None, dict | None]:
        """The select list's columns, whether more columns than those are output (a star over a source of
        unknown columns), what those are computed from, the tables of unknown columns they are of, how many
        leading columns come before the first unknown one when a known one comes after it (:attr:`QueryResult.placed`),
        and the fields of its struct values built here (:attr:`QueryResult.fields`; None when none)."""
        columns: list[tuple[str, frozenset]] = []
        structs: dict[str, list[tuple[str, frozenset]]] = {}
        is_open, rest, through, placed = False, EMPTY, (), None
        if node.args.get("kind") == "VALUE" and len(node.expressions) == 1:
            # BigQuery's SELECT AS VALUE of a struct or a row: a value table, its fields the columns
            only = node.expressions[0]
            fields = self._fields(only.this if isinstance(only, exp.Alias) else only, scope)
            if fields is not None:
                return fields, False, EMPTY, (), None, None
        first_unknown: int | None = None  # where the first unknown columns stand among the known ones
        no_columns = node.root().meta.get(NO_COLUMNS)
        # (an item as written, an alias or a column, where no COLUMNS(...) nor generator can make several columns)
        single = no_columns and not self.naming.rules.generator_columns and not self.binder.regex_names
        for item in node.expressions:
            if first_unknown is None and is_open:
                first_unknown = len(columns)
            if single and (type(item) is exp.Alias or type(item) is exp.Column and not isinstance(item.this, exp.Star)):
                self._single_column(item, scope, columns, structs)
                continue
            starred = self._star_item(item, node, scope, no_columns)
            if starred is not None:
                expanded, star_rest, star_through, star_unknown = starred
                if first_unknown is None and star_unknown is not None:
                    first_unknown = len(columns) + star_unknown
                columns.extend(expanded)
                if star_rest is not None:
                    is_open, rest = True, rest | star_rest
                    through = tuple(dict.fromkeys((*through, *star_through)))
                continue
            several = self._several_columns(item, scope)
            if several is not None:
                columns.extend(several)
                continue
            if self.naming.rules.generator_columns and (isinstance(item, exp.Inline) or (
                    isinstance(item, exp.Anonymous) and item.name.lower() == "inline_outer")):
                # inline(arr) of structs not written out: its columns are their fields, unknown here (as expr.*)
                acc: set = set()
                self.collect(item, scope, acc)
                is_open, rest = True, rest | frozenset(acc)
                continue
            self._single_column(item, scope, columns, structs)
        if first_unknown is not None and first_unknown < len(columns):  # a known column after unknown ones
            placed = first_unknown
        return columns, is_open, rest, through, placed, structs or None

    def _star_item(self, item: exp.Expression, node: exp.Select, scope: Scope, no_columns: bool | None
                   ) -> tuple[list[tuple[str, frozenset]], frozenset | None, tuple, int | None] | None:
        """What :meth:`_star` returns of a select item of ``node`` that stands for some columns of its FROM items or
        of a value: ``*``, ``t.*``, Spark's ``(*)``, ``expr.*`` (:meth:`_star_of_value`), ClickHouse's and DuckDB's
        ``COLUMNS(...)`` [``APPLY(f)``] and ``max(COLUMNS(*))``, DuckDB's ``* LIKE 'p'``, Spark's regular expression
        of names; None for any other item (``no_columns``: the statement has no ``COLUMNS(...)``)."""
        if isinstance(item, exp.Dot) and isinstance(item.expression, exp.Star):
            return self._star_of_value(item, scope)
        if type(item) is exp.Paren and (isinstance(item.this, exp.Star) or type(item.this) is exp.Column
                                        and isinstance(item.this.this, exp.Star)):
            item = item.this  # (Spark's SELECT (*), (t.*): the star)
        applied = item
        while isinstance(applied, exp.Apply):  # (COLUMNS('re') APPLY(avg) APPLY(round): each column's own)
            applied = applied.this
        picked = _columns_star(applied) or _pattern_star(applied) or (
            _regex_star(applied) if self.binder.regex_names else None)
        matching = picked[1] if picked is not None else None
        if picked is not None:  # ClickHouse's and DuckDB's COLUMNS('regexp' | * [EXCLUDE ...] | [names] | lambda)
            item = picked[0]  # [APPLY(f)]: the columns it finds
        inside = [found for found in applied.find_all(exp.Columns)  # (of this query, none of a subquery's)
                  if found.find_ancestor(exp.Select) is node] \
            if picked is None and not no_columns else []
        if len(inside) == 1 and (picked := _columns_star(inside[0])) is not None:
            # max(COLUMNS(*)): a column for each column found, computed as the expression is from it
            rest_of = applied.copy()
            next(rest_of.find_all(exp.Columns)).replace(exp.null())
            around: set = set()
            self.collect(rest_of, scope, around)
            return [(name, flow | frozenset(around)) for name, flow in self._star(picked[0], scope, picked[1])[0]], \
                None, (), None
        if isinstance(item, exp.Star) or (isinstance(item, exp.Column) and isinstance(item.this, exp.Star)):
            return self._star(item, scope, matching)
        return None

    def _star_of_value(self, item: exp.Dot, scope: Scope
                       ) -> tuple[list[tuple[str, frozenset]], frozenset | None, tuple, int | None]:
        """What :meth:`_star` returns of ``expr.*``: the value's fields when :meth:`_fields` knows them, less those its
        ``EXCEPT (f)`` leaves out, those its ``REPLACE (e AS g)`` names from the expression; else the fields its
        REPLACE gives, and the value's flow for the others, unknown here."""
        fields = self._fields(item.this, scope)
        star = item.expression
        if fields is None:
            # expr.* (BigQuery: a struct's fields, ARRAY_AGG(STRUCT(a, b))[OFFSET(0)].*): columns unknown here,
            # but those its REPLACE (e AS g) gives, after them, each from its expression
            acc: set = set()
            self.collect(item.this, scope, acc)
            return self._replacements(star, scope), frozenset(acc), (), 0
        return self._star_fields(fields, star, scope), None, (), None

    def _several_columns(self, item: exp.Expression, scope: Scope) -> list[tuple[str, frozenset]] | None:
        """The columns of a select item that makes several, each with its flow: Trino's ``row.* AS (a, b)``, DuckDB's
        ``unnest(s)`` of a STRUCT column, a Spark generator (:meth:`_generator_columns`), Hive's ``TRANSFORM (...)
        USING 'script' [AS (x, y)]``; None for any other item."""
        if isinstance(item, exp.Aliases) and _is_row_star(item.this):
            # Trino's row_expression.* AS (a, b): the row's fields, renamed in order; of fields not known here,
            # each name from the row (never from every column a star would take)
            fields = self._row_star_fields(item.this, scope)
            names = [self.naming.ident(n) for n in item.expressions]
            if fields is None or len(fields) != len(names):
                acc: set = set()
                self.collect(item.this.this if isinstance(item.this, exp.Dot) else _row_of_star(item.this),
                             scope, acc)
                fields = [(None, frozenset(acc))] * len(names)
            return [(name, flow) for name, (_, flow) in zip(names, fields)]
        if self.naming.dialect_name == "duckdb" and isinstance(item, exp.Explode) \
                and isinstance(item.this, exp.Column):
            # DuckDB's unnest(s) of a STRUCT column in a select list: "unnests a struct into its fields", a
            # column each (of a list, rows: one column)
            acc = set()
            self.collect(item.this, scope, acc)
            unpacked = self._row_type_fields(item.this, frozenset(acc))
            if unpacked:
                return [(name, frozenset(acc)) for name in unpacked]
        generator = item.this if isinstance(item, exp.Aliases) else item
        generated = self._generated(generator, scope) if self.naming.rules.generator_columns else None
        if generated is not None or isinstance(item, exp.Aliases):  # explode(m) [AS (k, v)]: several columns
            return self._generator_columns(item, generator, generated, scope)
        if isinstance(item, exp.QueryTransform):  # TRANSFORM (...) USING 'script' [AS (x, y)]: the script's columns
            acc = set()
            self.collect(item, scope, acc)
            schema = item.args.get("schema")
            names = [self.naming.ident(n.this if isinstance(n, exp.ColumnDef) else n)
                     for n in (schema.expressions if schema is not None else ())] or ["key", "value"]
            return [(name, frozenset(acc)) for name in names]
        return None

    def _generator_columns(self, item: exp.Expression, generator: exp.Expression,
                           generated: list[tuple[str, frozenset]] | None, scope: Scope) -> list[tuple[str, frozenset]]:
        """The columns of a select item that is a Spark generator, whose columns :meth:`_generated` gave
        (``generated``), or any call ``generator`` given several names (``explode(m) AS (k, v)``: each name from the
        generator's own column at its place, else from them all, seen by the later items)."""
        if generated is None:
            acc: set = set()
            self.collect(generator, scope, acc)
            generated = [(None, frozenset(acc))]
        if isinstance(item, exp.Aliases):
            generated = _generated_renamed(generated, [self.naming.ident(n) for n in item.expressions])
            if scope.lateral:  # (explode(m) AS (k, v), v * 2 AS d: the later items see k and v)
                seen = scope.aliases if self.naming.rules.alias_clauses is None else scope.grouping_aliases
                for name, flow in generated:
                    seen.setdefault(self._name_key(name), flow)
        return generated

    def _single_column(self, item: exp.Expression, scope: Scope, columns: list[tuple[str, frozenset]],
                       structs: dict[str, list[tuple[str, frozenset]]]) -> None:
        """A select item that is one column, its name and flow added to ``columns`` (of :meth:`_projection`); the
        fields of a struct it builds to ``structs``."""
        rules = self.naming.rules
        if type(item) is exp.Column and type(item.this) is exp.Identifier and not rules.dotted_columns \
                and not (rules.defined_column_case and rules.selected_as_written):  # a column named: resolved once,
            # for its flow and its name
            found = self._resolve(item, scope)  # (as :meth:`collect` and :meth:`_output_name` would, each again)
            if found is None and self.reads is not None:
                self._unresolved(item, scope)
            flow = found[1] if found is not None else EMPTY
            name = self._column_name(item, found)
        else:
            acc: set = set()
            self.collect(item, scope, acc)
            flow = frozenset(acc)
            name = self._output_name(item, scope, item.index if item.arg_key == "expressions" else None)
        columns.append((name, flow))
        built = self._built_fields(item.unalias(), scope)
        if built is not None:
            structs[name] = built
        if scope.lateral and isinstance(item, exp.Alias):  # an alias written out, not a name the column is given
            seen = scope.aliases if self.naming.rules.alias_clauses is None else scope.grouping_aliases
            seen.setdefault(self._name_key(name), flow)

    def _built_fields(self, value: exp.Expression, scope: Scope) -> list[tuple[str, frozenset]] | None:
        """The fields of a select item that is a struct built in this query, each with its flow (:meth:`_fields`): a
        ``STRUCT(id AS i, ...)``, or in a dialect of whole rows a row (``t``, ``ARRAY_AGG(t ORDER BY ts LIMIT
        1)[OFFSET(0)]``, ``ANY_VALUE(t)``, ``IF(c, t, u)``); None for any other value (looked at no further)."""
        if isinstance(value, exp.Struct):
            return self._fields(value, scope)
        if not self.naming.rules.whole_rows:
            return None
        inner = value
        while isinstance(inner, (exp.Paren, exp.Bracket, exp.IgnoreNulls, exp.RespectNulls, exp.ArrayAgg,
                                 exp.AnyValue, exp.Limit, exp.Order, exp.ArgMax, exp.ArgMin)):
            inner = inner.this
        if isinstance(inner, exp.Column):
            if inner.args.get("table") is not None or not isinstance(inner.this, exp.Identifier) or not any(
                    current.source_named(self.naming.ident(inner.this)) is not None for current in _chain(scope)):
                return None
        elif not isinstance(inner, (exp.If, exp.Case, exp.Coalesce, exp.Nullif)):
            return None
        return self._fields(value, scope)

    def _derived_fields(self, column: exp.Column, scope: Scope) -> list[tuple[str, frozenset]] | None:
        """The fields of the column ``column`` names when it is a struct its derived table or CTE built
        (:attr:`Source.struct_fields`), found as the column is (its qualifier's source, else the nearest source that
        has it); None otherwise."""
        name = self.naming.ident(column.this).casefold() if isinstance(column.this, exp.Identifier) else None
        table = column.args.get("table")
        if name is None or column.args.get("db") is not None:
            return None
        for current in _chain(scope):
            sources = [current.source_named(self.naming.ident(table))] if table is not None else current.sources
            for source in sources:
                if source is None or source.is_object:
                    continue
                names = {key.casefold(): key for key in source.columns or source.known or ()}
                if name in names:
                    return (source.struct_fields or {}).get(names[name])
            if table is not None and sources[0] is not None:
                return None
        return None

    def _name_key(self, name: str) -> str:
        """A select-list alias or a ``USING`` column as it is looked up: folded where a query's column names keep
        the case written (BigQuery's ``AS UserId`` is found as ``userid``)."""
        return name.casefold() if self.naming.rules.defined_column_case else name

    def _generated(self, call: exp.Expression, scope: Scope) -> list[tuple[str, frozenset]] | None:
        """The columns of the rows a Spark generator gives, as Spark names them, each with its flow: ``explode(a)``
        ``col`` (of a map, ``key`` and ``value``), ``posexplode`` ``pos`` (a position, computed from the array: its
        flow) before them,
        ``stack(n, v1, v2, ...)`` ``col0``, ``col1`` ... each from its own values, ``json_tuple(j, 'a', 'b')``
        ``c0``, ``c1``, ``inline(array(struct(x, y), ...))`` the structs' fields, each from its own values (of a column
        whose type the catalog gives, its element's fields, each from the column), ``range(...)`` (in FROM) ``id``.
        None for anything else, and for ``inline`` of an array whose fields are not known here; nothing is recorded
        then."""
        if isinstance(call, exp.Explode):
            acc: set = set()
            self.collect(call.this, scope, acc)
            flow = frozenset(acc)
            values = ["key", "value"] if self._is_map(call.this, flow) else ["col"]
            position = [("pos", flow)] if isinstance(call, exp.Posexplode) else []  # (computed from the array)
            return position + [(name, flow) for name in values]
        if isinstance(call, exp.Stack) and isinstance(call.this, exp.Literal) and call.this.is_int:
            rows, values = int(call.this.name), call.expressions
            if rows <= 0 or not values:
                return None
            width = -(-len(values) // rows)
            flows: list[set] = [set() for _ in range(width)]
            for position, value in enumerate(values):
                self.collect(value, scope, flows[position % width])
            self.collect(call.this, scope, flows[0])
            return [(f"col{i}", frozenset(flow)) for i, flow in enumerate(flows)]
        outer = isinstance(call, exp.Anonymous) and call.name.lower() == "inline_outer" and len(call.expressions) == 1
        inlined = call.this if isinstance(call, exp.Inline) else call.expressions[0] if outer else None
        if isinstance(inlined, exp.Array) and inlined.expressions:  # inline(array(struct(x, y), ...)): its fields
            structs = inlined.expressions
            width = len(structs[0].expressions) if isinstance(structs[0], exp.Struct) else 0
            if not width or not all(isinstance(struct, exp.Struct) and len(struct.expressions) == width
                                    and all(isinstance(f, exp.PropertyEQ) for f in struct.expressions)
                                    for struct in structs):
                return None
            fields: list[set] = [set() for _ in range(width)]
            for struct in structs:
                for i, member in enumerate(struct.expressions):
                    self.collect(member.expression, scope, fields[i])
            return [(self.naming.ident(member.this), frozenset(fields[i]))
                    for i, member in enumerate(structs[0].expressions)]
        if isinstance(inlined, exp.Column):  # inline(arr) of a column whose type the catalog gives: its fields
            acc = set()
            self.collect(inlined, scope, acc)
            names = self._row_type_fields(inlined, frozenset(acc), elements=True)
            return [(name, frozenset(acc)) for name in names] if names else None
        if isinstance(call, exp.Anonymous) and call.name.lower() == "json_tuple" and len(call.expressions) > 1:
            acc = set()
            for argument in call.expressions:
                self.collect(argument, scope, acc)
            return [(f"c{i}", frozenset(acc)) for i in range(len(call.expressions) - 1)]
        if isinstance(call, exp.Anonymous) and call.name.lower() == "range" and call.expressions:
            acc = set()  # range(start, end[, step[, partitions]]): rows of one column, id, counted from its arguments
            for argument in call.expressions:
                self.collect(argument, scope, acc)
            return [("id", frozenset(acc))]
        return None

    def _row_star_fields(self, item: exp.Expression, scope: Scope) -> list[tuple[str, frozenset]] | None:
        """The columns of a row's ``.*`` (``(CAST(... AS ROW(...))).*``, ``address.*`` of a ROW column) when its
        fields are known here; None otherwise."""
        if isinstance(item, exp.Dot):
            return self._fields(item.this, scope)
        expanded, unknown, _, _ = self._star(item, scope)
        return expanded if unknown is None else None

    def _row_type_fields(self, value: exp.Expression, flow: frozenset, elements: bool = False) -> list[str] | None:
        """The field names of the ROW type ``value`` is declared of (of its elements, with ``elements``: an
        ARRAY(ROW(...)) Trino's UNNEST expands into a column per field): a CAST's type, or that of the one
        catalogued column ``flow`` is, as its DDL gave it, or of an array written out, its first element's
        (BigQuery's ``[STRUCT<x INT64>(1), ...]``). None when it is no ROW, or not known here."""
        if elements and isinstance(value, exp.Array) and value.expressions \
                and isinstance(value.expressions[0], exp.Cast):
            return self._row_type_fields(value.expressions[0], flow)
        kind = value.args.get("to") if isinstance(value, exp.Cast) else None
        if isinstance(value, exp.Column) and len(flow) == 1:
            (atom,) = flow
            column = atom.obj.column(atom.column) if isinstance(atom, ColumnAtom) else None
            if column is not None and column.data_type:
                kind = _data_type(column.data_type, self.naming.dialect)
                if kind is None:
                    return None
                # a path into the column (BigQuery's metrics.counter.*, t.s.f.*): the type of the field it names, the
                # path taken from the first place the column's name stands in it that leads to a field
                names = [self.naming.ident(part).casefold() for part in value.parts]
                paths = [names[at + 1:] for at, name in enumerate(names) if name == column.name.casefold()] or [[]]
                kinds = [kind] * len(paths)
                for index, path in enumerate(paths):
                    for step in path:
                        kinds[index] = _field_type(kinds[index], step, self.naming)
                kind = next((found for found in kinds if found is not None), None)
        if elements and isinstance(kind, exp.DataType) and kind.is_type(exp.DataType.Type.ARRAY) \
                and len(kind.expressions) == 1:
            kind = kind.expressions[0]
        elif elements:
            return None
        if not isinstance(kind, exp.DataType) or not kind.is_type(exp.DataType.Type.STRUCT) or not kind.expressions \
                or not all(isinstance(f, exp.ColumnDef) for f in kind.expressions):
            return None
        return [self.naming.ident(f.this) for f in kind.expressions]

    def _of_unknown_kind(self, call: exp.Expression, scope: Scope) -> list[tuple[str, frozenset]] | None:
        """Of ``explode`` (``posexplode``) of a column whose type is not known here (an array's elements are ``col``, a
        map's ``key`` and ``value``): every name its rows may have, each from the column (:func:`_exploded`); None for
        any other call."""
        if not isinstance(call, exp.Explode) or not isinstance(call.this, exp.Column):
            return None
        acc: set = set()
        self.collect(call.this, scope, acc)
        flow = frozenset(acc)
        atom = next(iter(flow)) if len(flow) == 1 else None
        column = atom.obj.column(atom.column) if isinstance(atom, ColumnAtom) else None
        if column is not None and column.data_type:
            return None
        position = [("pos", flow)] if isinstance(call, exp.Posexplode) else []
        return position + [(name, flow) for name in ("col", "key", "value")]

    def _is_map(self, value: exp.Expression, flow: frozenset) -> bool:
        """Whether an exploded value is a map: a ``map(...)`` call, or one catalogued column whose type is a map."""
        if isinstance(value, (exp.Map, exp.VarMap, exp.MapFromEntries, exp.StrToMap)) or (
                isinstance(value, exp.Anonymous) and value.name.lower() in _MAP_FUNCTIONS):
            return True
        if isinstance(value, exp.Column) and len(flow) == 1:
            (atom,) = flow
            column = atom.obj.column(atom.column) if isinstance(atom, ColumnAtom) else None
            return column is not None and (column.data_type or "").lstrip().lower().startswith("map")
        return False

    def _fields(self, value: exp.Expression, scope: Scope) -> list[tuple[str, frozenset]] | None:
        """The fields of ``value.*`` when they are known here: a ``STRUCT(a AS x, ...)``'s, or a whole row's
        (BigQuery's ``IF(c.id IS NULL, p, c).*``, ``COALESCE(c, p).*``, ``ARRAY_AGG(t ORDER BY ts LIMIT 1)[OFFSET(0)].*``):
        every column of the rows it picks from, each computed as ``value`` with each row replaced by that column
        (``NULL`` for a row without it), or a ``CAST(... AS ROW(k bigint, n varchar))``'s (Trino), each field from
        the value at its place in a ``ROW(...)`` cast, else from the whole value. None otherwise: the fields are
        then unknown here."""
        cast = value.unnest() if isinstance(value, exp.Paren) else value
        names = self._row_type_fields(cast, EMPTY) if isinstance(cast, exp.Cast) else None
        if isinstance(cast, exp.Struct) and self.naming.dialect_name in _ROW_UNNEST_DIALECTS:
            value = cast  # ((ROW(a, b))).*
        if names is not None:
            return self._fields_of_cast(cast, names, scope)
        if isinstance(value, exp.Struct):
            return self._fields_of_struct(value, scope)
        built = self._fields_of_udf(cast, scope)
        if built is not None:
            return built
        if isinstance(cast, exp.Subquery) and isinstance(cast.this, exp.Select) \
                and str(cast.this.args.get("kind") or "").upper() == "STRUCT":
            result = self.query(cast.this, scope, scope.ctes)  # (SELECT AS STRUCT a AS x, ...).*: its columns
            return None if result.open else list(result.columns)
        chosen = self._fields_of_choice(cast, scope)
        if chosen is not None:
            return chosen
        if not self.naming.rules.whole_rows:
            return None
        return self._fields_of_rows(value, scope)

    def _fields_of_cast(self, cast: exp.Cast, names: list[str], scope: Scope) -> list[tuple[str, frozenset]]:
        """The fields ``names`` of a ``CAST(... AS ROW(...))`` (Trino): each from the value at its place in a
        ``ROW(...)`` cast, else from the whole value."""
        items = cast.this.expressions if isinstance(cast.this, exp.Struct) else []
        if len(items) != len(names) or any(isinstance(e, (exp.PropertyEQ, exp.Alias)) for e in items):
            items = [cast.this] * len(names)
        flows = []
        for e in items:
            acc: set = set()
            self.collect(e, scope, acc)
            flows.append(frozenset(acc))
        return list(zip(names, flows))

    def _fields_of_struct(self, value: exp.Struct, scope: Scope) -> list[tuple[str, frozenset]] | None:
        """The fields of a ``STRUCT(a AS x, ...)`` (``ROW(...)``), each from its value: named as written, or Trino's
        anonymous ``_col0``, ``_col1`` ...; None when only some are named."""
        if self.naming.dialect_name in _ROW_UNNEST_DIALECTS and value.expressions and not any(
                isinstance(e, (exp.PropertyEQ, exp.Alias)) for e in value.expressions):
            flows = []  # Trino's (ROW(1, true)).*: "anonymous columns", _col0, _col1 ...
            for e in value.expressions:
                acc: set = set()
                self.collect(e, scope, acc)
                flows.append(frozenset(acc))
            return [(f"_col{i}", flow) for i, flow in enumerate(flows)]
        if not all(isinstance(e, (exp.PropertyEQ, exp.Alias)) for e in value.expressions):
            return None
        fields = []
        for e in value.expressions:
            acc = set()
            self.collect(e.expression if isinstance(e, exp.PropertyEQ) else e.this, scope, acc)
            fields.append((self.naming.ident(e.this if isinstance(e, exp.PropertyEQ) else e.args["alias"]),
                           frozenset(acc)))
        return fields

    def _fields_of_udf(self, cast: exp.Expression, scope: Scope) -> list[tuple[str, frozenset]] | None:
        """Of ``f(x).*`` of a SQL UDF whose body builds a STRUCT: its fields, each from the function and the arguments
        its field is computed from (the function read); None for another value."""
        call = self.binder.udf_call(cast) if isinstance(cast, (exp.Anonymous, exp.Dot)) else None
        fields = self.binder.udf_struct_fields(call[0]) if call is not None else None
        if call is None or fields is None:
            return None
        fn, args = call
        if self.reads is not None:
            self.reads.touch(fn)
        flows = []
        for arg in args:
            arg_acc: set = set()
            self.collect(arg, scope, arg_acc)
            flows.append(frozenset(arg_acc))
        return [(name, frozenset().union({FunctionAtom(fn)}, *(flows[i] for i in used if i < len(flows))))
                for name, used in fields]

    def _fields_of_choice(self, cast: exp.Expression, scope: Scope) -> list[tuple[str, frozenset]] | None:
        """Of ``IF(c, STRUCT(a AS x, ...), STRUCT(b AS x, ...)).*`` (a CASE's, COALESCE's ... of STRUCTs): each field
        from that field of every branch (by place, named as the first names it), and from what chooses the branch;
        None for another value, and for branches of fields not known here or of different numbers of them."""
        choice = _choice(cast)
        if choice is None or not all(isinstance(branch, exp.Struct) for branch in choice[1]):
            return None
        branches = [self._fields(branch, scope) for branch in choice[1]]
        if not all(branches) or len({len(fields) for fields in branches}) != 1:
            return None
        chooses: set = set()
        for condition in choice[0]:
            self.collect(condition, scope, chooses)
        return [(name, frozenset().union(chooses, *(fields[i][1] for fields in branches)))
                for i, (name, _) in enumerate(branches[0])]

    def _fields_of_rows(self, value: exp.Expression, scope: Scope) -> list[tuple[str, frozenset]] | None:
        """The fields of a value that is a whole row (:meth:`_rows`: ``IF(c.id IS NULL, p, c)``, ``COALESCE(c, p)``,
        ``ARRAY_AGG(t ORDER BY ts LIMIT 1)[OFFSET(0)]``): every column of the rows it picks from, each computed as
        ``value`` with each row replaced by that column (``NULL`` for a row without it); None when it is no row, or
        one of unknown columns."""
        rows = self._rows(value, scope)
        if not rows or any(source.is_open for _, source in rows):
            return None
        names = list(dict.fromkeys(name for _, source in rows for name in source.column_names()))
        fields = []
        for name in names:
            copy = value.copy()
            for leaf, source in self._rows(copy, scope):
                found = self._find_in(source, name)
                field = exp.column(name, table=leaf.name) if found is not None else exp.Null()
                if leaf is copy:  # the value is the row itself (SELECT AS VALUE c)
                    copy = field
                else:
                    leaf.replace(field)
            acc: set = set()
            self.collect(copy, scope, acc)
            fields.append((name, frozenset(acc)))
        return fields

    def _rows(self, value: exp.Expression, scope: Scope) -> list[tuple[exp.Column, Source]] | None:
        """The names of whole rows ``value`` is one of (with their sources), through the branches of a choice
        (IF, CASE, COALESCE, NULLIF) and the one value of an aggregate (ARRAY_AGG(t ...)[OFFSET(0)], ANY_VALUE(t));
        None when it may be anything else."""
        while isinstance(value, (exp.Paren, exp.Bracket, exp.IgnoreNulls, exp.RespectNulls, exp.ArrayAgg,
                                 exp.AnyValue, exp.Limit, exp.Order, exp.ArgMax, exp.ArgMin)):
            value = value.this
        if isinstance(value, exp.Column):
            if value.args.get("table") is not None or not isinstance(value.this, exp.Identifier):
                return None
            name = self.naming.ident(value.this)
            if any(self._resolve_in(current, value, name, None, False) is not None for current in _chain(scope)):
                return None  # a column of that name
            source = next((found for found in (current.source_named(name) for current in _chain(scope)
                                               if not isinstance(current, _Beside)) if found is not None), None)
            return [(value, source)] if source is not None else None
        if isinstance(value, exp.If):
            branches = [value.args.get("true"), value.args.get("false")]
        elif isinstance(value, exp.Case):
            branches = [branch.args.get("true") for branch in value.args.get("ifs") or ()] + [value.args.get("default")]
        elif isinstance(value, exp.Coalesce):
            branches = [value.this, *value.expressions]
        elif isinstance(value, exp.Nullif):
            branches = [value.this]
        else:
            return None
        rows: list[tuple[exp.Column, Source]] = []
        for branch in branches:
            if branch is None or isinstance(branch, exp.Null):
                continue
            found = self._rows(branch, scope)
            if found is None:
                return None
            rows.extend(found)
        return rows

    def _positional_column(self, node: exp.PositionalColumn, scope: Scope) -> exp.Column | None:
        """DuckDB's ``#n`` in a select list: the n-th column of the FROM clause's items, in order, as a column of its
        item; None when it is out of their columns or an item before it has columns not known here."""
        position = node.this.name if isinstance(node.this, exp.Literal) and node.this.name.isdigit() else ""
        remaining = int(position) if position else 0
        for source in scope.sources:
            if source.is_open or remaining < 1:
                return None
            names = source.column_names()
            if remaining <= len(names):
                return exp.column(exp.to_identifier(names[remaining - 1], quoted=True),
                                  table=exp.to_identifier(source.alias, quoted=True))
            remaining -= len(names)
        return None

    def _output_name(self, item: exp.Expression, scope: Scope, position: int | None = None) -> str:
        """The name of the output column a select item makes (``position``: its place in the select list, where it
        is one: a ``*`` there is one place, as Hive counts them)."""
        if isinstance(item, exp.Alias):
            return self.naming.defined_column(item.args["alias"])
        if isinstance(item, exp.PositionalColumn) and (named := self._positional_column(item, scope)) is not None:
            return named.name  # (DuckDB names #2 by the column it is)
        if isinstance(item, exp.Column) and not isinstance(item.this, exp.Parameter):
            if self.naming.rules.dotted_columns and item.args.get("table") is not None:
                found = self._resolve(item, scope, record=False)
                if found is not None and "." in found[0]:
                    return found[0]  # (ClickHouse's meta.key, a column whose name holds the dot: _dotted_column)
            if self.naming.rules.defined_column_case and self.naming.rules.selected_as_written \
                    and isinstance(item.this, exp.Identifier):
                return self.naming.defined_column(item.this)  # BigQuery: "SELECT COL1 ... returns COL1" as written
            return self._column_name(item, self._resolve(item, scope, record=False))
        if isinstance(item, (exp.Dot,)) and isinstance(item.expression, exp.Identifier):
            return self.naming.ident(item.expression)
        if self.naming.rules.positional_names and position is not None:
            if isinstance(item, exp.Paren):  # ((key) is key's column, as Hive's grammar has no node for brackets)
                return self._output_name(item.unnest(), scope, position)
            return f"_c{position}"  # (Hive's key + 1 in second place: _c1)
        if _KINDS.get(type(item)) is _KEYWORD and (name := self._keyword_column(item, scope)) is not None:
            return self.naming.normalize(name)  # (Spark's current_timestamp of a table of that column: the column)
        if self.naming.rules.figured_names:
            return self._figured_name(item, scope)
        if self.naming.rules.path_names and (key := _path_key(item)) is not None:
            return self.naming.normalize(key)
        if self.naming.rules.cast_names and isinstance(item, exp.Cast) and isinstance(item.this, exp.Column):
            return self._output_name(item.this, scope)  # Spark: CAST(a AS INT) is named a
        if self.naming.rules.cast_names and isinstance(item, exp.Literal) and item.is_string:
            return self.naming.normalize(item.name)  # Spark: a string is named by its value ('c' is c), no quotes
        try:
            if self.naming.rules.cast_names:
                return self.naming.normalize(spark_name(item, self.naming.dialect))
            if self.naming.rules.printed_names:
                return self.naming.normalize(duckdb_name(item, self.naming.dialect))
            # an unaliased expression is named by its text, never by a comment written beside it
            return self.naming.normalize(item.sql(dialect=self.naming.dialect, comments=False))
        except (ValueError, SqlglotError):  # a form sqlglot reads but cannot write in the dialect (a recursive JSON
            return self.naming.normalize(item.sql(comments=False))  # path, '$..a'): its text as sqlglot writes it

    def _column_name(self, column: exp.Column, found: tuple[str, frozenset] | None) -> str:
        """The output name of a column named in a select list that resolved to ``found``: the column's name as the
        source has it, unless what it found is named otherwise (a struct's field, t.a.b, is named by the field)."""
        written = self.naming.ident(column.this)
        return found[0] if found is not None and found[0].casefold() == written.casefold() else written

    def _figured_name(self, item: exp.Expression, scope: Scope) -> str:
        """PostgreSQL's (and Redshift's) name of an unaliased output column: a cast's is its operand's (``a::text``
        is ``a``), a function call's the function's (``upper(b)`` is ``upper``), a CASE's ``case``, a scalar
        subquery's its own column's; anything else ``?column?``."""
        if isinstance(item, (exp.Cast, exp.TryCast)):
            inner = self._figured_name(item.this, scope) if not isinstance(item.this, exp.Column) else None
            if isinstance(item.this, exp.Column):
                return self._output_name(item.this, scope)
            return inner if inner != "?column?" else self.naming.normalize(item.to.sql(dialect=self.naming.dialect))
        if isinstance(item, exp.Column):
            return self._output_name(item, scope)
        if isinstance(item, (exp.Paren, exp.Window, exp.Filter)):  # (x), f(...) OVER (...), agg(...) FILTER (...)
            return self._figured_name(item.this, scope)
        if isinstance(item, exp.Case):
            return "case"
        if isinstance(item, exp.Subquery) and isinstance(item.this, exp.Select) and len(item.this.expressions) == 1:
            only = item.this.expressions[0]
            return self.naming.ident(only.args["alias"]) if isinstance(only, exp.Alias) else self._figured_name(only, scope)
        if isinstance(item, exp.Anonymous):
            return self.naming.normalize(item.name)
        if isinstance(item, exp.Func):  # by the name it is written with (parsing.name_calls), else sqlglot's
            return self.naming.normalize(item.meta.get(WRITTEN_NAME) or item.sql_name())
        return "?column?"

    def _star(self, item: exp.Expression, scope: Scope, matching: re.Pattern | _NameTest | None = None
              ) -> tuple[list[tuple[str, frozenset]], frozenset | None, tuple, int | None]:
        """The columns a star expands to (those whose names ``matching`` finds, when given); when some of its sources'
        columns are unknown, what those are computed from (else None), the tables of unknown columns they are of, and
        how many of the columns come before the first unknown ones (None when none are unknown)."""
        star = item if isinstance(item, exp.Star) else item.this
        if not isinstance(item, exp.Column):
            return self._star_of_sources(item, star, scope.sources, scope, matching)
        named = self.naming.ident(item.args.get("table"))
        only = scope.source_named(named)
        if only is not None and item.args.get("db") is not None and _struct_named_as_table(item, only, self.naming):
            only = None  # (Spark's t5.t5.* of a table t5 of a struct column t5, in no schema t5: the struct's)
        if only is None:
            element = next((s for s in scope.sources if s.element_fields and s.columns
                            and [c.casefold() for c in s.columns] == [named.casefold()]), None)
            if element is not None:  # e.* of BigQuery's UNNEST(a) AS e of STRUCTs: the element's fields, from a
                (flow,) = element.columns.values()
                excluded = self._excepted(star)
                return [(name, flow) for name in element.element_fields if name.casefold() not in excluded], \
                    None, (), None
            column = _row_of_star(item)
            found = self._resolve(column, scope)
            if found is not None:  # s.* of a struct column s (t.s.*): its fields, each from s
                return self._star_of_struct(column, found, star, scope)
            # v1.* of a FROM item of an outer query (LATERAL (SELECT v1.*), a subquery's)
            only = next((source for outer in _chain(scope.outer) if (source := outer.source_named(named)) is not None),
                        None)
            if only is None:
                return [], None, (), None
        return self._star_of_sources(item, star, [only], scope, matching)

    def _star_of_struct(self, column: exp.Column, found: tuple[str, frozenset], star: exp.Expression, scope: Scope
                        ) -> tuple[list[tuple[str, frozenset]], frozenset | None, tuple, int | None]:
        """What :meth:`_star` returns of ``s.*`` (``t.s.*``) of a struct column ``column``, which resolved to
        ``found``: its fields, each from the column (or from what its derived table built the field of), less those
        its ``EXCEPT (f)`` leaves out, those its ``REPLACE (expr AS g)`` names from the expression; of a struct whose
        fields are not known here, those its REPLACE gives, after them, and the column's flow for the rest."""
        built = self._derived_fields(column, scope) if len(column.parts) <= 2 else None
        fields = [name for name, _ in built] if built is not None else self._row_type_fields(column, found[1])
        if fields is None:  # (a struct of fields not known here: those its REPLACE gives, after them)
            return self._replacements(star, scope), found[1], (), 0
        # (a ROW column the DDL declared: Trino's address.* is its fields)
        own = dict(built) if built is not None else {}
        return self._star_fields([(name, own.get(name, found[1])) for name in fields], star, scope), None, (), None

    def _star_fields(self, fields: list[tuple[str, frozenset]], star: exp.Expression, scope: Scope
                     ) -> list[tuple[str, frozenset]]:
        """A struct's or a value's ``fields`` as its star takes them: BigQuery's ``s.* EXCEPT (f) REPLACE (e AS g)``
        leaves ``f`` out and takes ``g`` from ``e``."""
        excluded = self._excepted(star)
        replaced = self._replaced(star)
        out = []
        for name, flow in fields:
            if name.casefold() in excluded:
                continue
            if name.casefold() in replaced:
                acc: set = set()
                self.collect(replaced[name.casefold()], scope, acc)
                flow = frozenset(acc)
            out.append((name, flow))
        return out

    def _excepted(self, star: exp.Expression) -> set[str]:
        """The names a star's ``EXCEPT (f, ...)`` leaves out of a struct's fields (``s.* EXCEPT (f)``), folded."""
        return {self.naming.ident(c.this if isinstance(c, exp.Column) else c).casefold()
                for c in star.args.get("except_") or ()}

    def _replaced(self, star: exp.Expression) -> dict[str, exp.Expression]:
        """The expressions a star's ``REPLACE (expr AS g, ...)`` takes a struct's fields from, by their folded
        names."""
        return {self.naming.ident(r.args["alias"]).casefold(): r.this
                for r in star.args.get("replace") or () if isinstance(r, exp.Alias)}

    def _star_of_sources(self, item: exp.Expression, star: exp.Expression, sources: list[Source], scope: Scope,
                         matching: re.Pattern | _NameTest | None
                         ) -> tuple[list[tuple[str, frozenset]], frozenset | None, tuple, int | None]:
        """What :meth:`_star` returns of a star over the FROM items ``sources``: their columns in order, as its
        ``EXCEPT`` (``EXCLUDE``), ``ILIKE``, ``RENAME`` and ``REPLACE`` take them (:class:`_StarModifiers`)."""
        modifiers = _StarModifiers.of(star, matching, self.naming)
        out: list[tuple[str, frozenset]] = []
        seen_using: set[str] = set()
        rest: frozenset | None = None
        through: list = []
        first_unknown: int | None = None
        owners = [(self._qualified_source(scope, c), self.naming.ident(c.this)) for c in modifiers.qualified]
        for source in sources:
            taking = modifiers
            if owners:
                own = {name for owner, name in owners if owner is source}
                taking = replace(modifiers, excluded=modifiers.excluded | own,
                                 excluded_folded=modifiers.excluded_folded | {e.casefold() for e in own})
            names = source.column_names()
            if matching is not None and source.is_object and source.obj.columns:
                # (COLUMNS('re') finds a table's stored columns, its MATERIALIZED ones too, as ClickHouse reads it)
                names = [c.name for c in source.obj.columns if not (c.invisible and c.computed_from)]
            unknown_at = None  # where this source's unknown columns stand among its columns taken
            if source.is_open:
                rest = rest or EMPTY
                if not source.is_object:  # (a derived table's: what its unknown columns are computed from)
                    rest |= source.open_flow or EMPTY
                known = self._open_star_names(source, scope, taking, through)
                if known is None:  # (no column of it known here: all of them stand here, unknown)
                    first_unknown = len(out) if first_unknown is None else first_unknown
                    continue
                names, unknown_at = known
            placed = self._star_columns(item, source, names, unknown_at, scope, taking, seen_using, out)
            if first_unknown is None:
                first_unknown = placed
        if rest is not None:  # REPLACE (f(c) AS c) of a column among the unknown ones: that column, from what f reads
            for name, expression in modifiers.replaces.items():
                acc: set = set()
                self.collect(expression, scope, acc)
                out.append((modifiers.renames.get(name, name), frozenset(acc)))
        return out, rest, tuple(dict.fromkeys(through)), first_unknown

    def _open_star_names(self, source: Source, scope: Scope, modifiers: _StarModifiers, through: list
                         ) -> tuple[list[str], int] | None:
        """The known columns a star takes of a FROM item of unknown columns, and where its unknown ones stand among
        them; None when none of its columns is known (a table the catalog lacks, or a view whose query's are all
        unknown). The tables of unknown columns it reads through are added to ``through``."""
        # a derived table's or a view's known columns are columns of the star too (SELECT * FROM (SELECT u.*, k.v FROM
        # unknown u JOIN k) x has v), standing where its query placed them
        if not source.is_object:
            through.extend(source.through)
            # (its known columns are the star's, each with its own flow, below: no condition of the query)
            scope.conditions |= source.open_flow or EMPTY
            names = list(source.known or ())
            return names, len(names) if source.placed is None else source.placed
        through.append(source.obj)
        if self.reads is not None:
            self.reads.touch(source.obj)
        view = self.binder.view_result(source.obj) if source.obj.is_view and source.obj.definition else None
        if view is None or not view.open or not view.columns:
            if view is None and not source.obj.is_view:  # the columns it is known to have (a tag or a
                for column in source.obj.columns or ():  # masking policy set on them) are read too
                    if column.name not in modifiers.excluded \
                            and column.name.casefold() not in modifiers.excluded_folded:
                        self._record(source, column.name)
                if self.reads is not None:
                    self.reads.unknown_stars[source.obj.name] = None
            return None
        names = view.names()
        return names, len(names) if view.placed is None else view.placed

    def _star_columns(self, item: exp.Expression, source: Source, names: list[str], unknown_at: int | None,
                      scope: Scope, modifiers: _StarModifiers, seen_using: set[str], out: list[tuple[str, frozenset]]
                      ) -> int | None:
        """Add to ``out`` the columns a star takes of the columns ``names`` of the FROM item ``source`` (a ``USING``
        join's column once, from both sides; a stream's change columns after its own); the place in ``out`` where its
        unknown columns stand, when ``unknown_at`` places them among ``names``, else None."""
        excluded, excluded_folded, wanted, matching = \
            modifiers.excluded, modifiers.excluded_folded, modifiers.wanted, modifiers.matching
        renames, replaces = modifiers.renames, modifiers.replaces
        placed = None
        for position, name in enumerate(names):
            if unknown_at == position:
                placed = len(out)
            if excluded and (name in excluded or name.casefold() in excluded_folded):
                continue
            if (wanted is not None and not wanted.fullmatch(name)) or (matching is not None
                                                                       and not matching.search(name)):
                continue
            key = self._name_key(name)
            if key in scope.using and isinstance(item, exp.Star):
                if key in seen_using:
                    continue
                seen_using.add(key)
                self._record(source, name)
                out.append((name, scope.using[key]))
                continue
            if name in replaces:  # (its value is the replacement's: the column itself is not read)
                acc: set = set()
                self.collect(replaces.pop(name), scope, acc)
                out.append((renames.get(name, name), frozenset(acc)))
                continue
            found = self._find_in(source, name)
            if found is not None:
                self._record(source, found[0])
            out.append((renames.get(name, name), found[1] if found is not None else EMPTY))
        if unknown_at is not None and unknown_at >= len(names):
            placed = len(out)  # after its known columns
        if source.is_object and (source.obj.domain == "Stream" or source.changes) and not source.is_open:
            # a stream's rows (a table's CHANGES) carry its change columns after the table's, which * returns
            # too (a CTAS of SELECT * FROM stream has them); they are of no column of the table
            out.extend((renames.get(name, name), EMPTY) for name in STREAM_COLUMNS
                       if name.casefold() not in excluded_folded and (wanted is None or wanted.fullmatch(name)))
        return placed

    def _replacements(self, star: exp.Expression, scope: Scope) -> list[tuple[str, frozenset]]:
        """The columns a star's ``REPLACE (e AS g, ...)`` gives where the star's other columns are not known here: each
        its own, from its expression (BigQuery's ``IF(c, a, b).* REPLACE (f(b.x) AS x)``)."""
        out = []
        for replacement in star.args.get("replace") or ():
            if isinstance(replacement, exp.Alias) and replacement.args.get("alias"):
                acc: set = set()
                self.collect(replacement.this, scope, acc)
                out.append((self.naming.ident(replacement.args["alias"]), frozenset(acc)))
        return out

    # ------------------------------------------------------------------ expressions
    def collect(self, node: exp.Expression, scope: Scope, acc: set) -> None:
        """Add to ``acc`` the atoms the value of ``node`` is computed from."""
        kind = type(node)
        if self._typed_udfs and isinstance(node, exp.Func) and node.sql_name() in self._typed_udfs \
                and self._udf_call(node, scope, acc):
            return  # (PostgreSQL's last_day(d) of a schema's function: sqlglot reads LAST_DAY, no built-in there)
        if kind in _ORDINARY:  # (most nodes: operators, calls, literals, identifiers: their children alone)
            self._collect_children(node, scope, acc)
            return
        if kind in _BINARY:  # (a plain binary operator: the chain it heads)
            self._collect_chain(node, scope, acc)
            return
        what = _KINDS.get(kind)  # one look-up: most other nodes are operators and functions (None), walked below
        if what is not None:
            if what is _COLUMN:
                if type(node.this) is exp.Star:  # t.* as an argument
                    self._star_argument(node, scope, acc)
                elif (found := self._resolve(node, scope)) is not None:
                    acc |= found[1]
                elif self.reads is not None:
                    self._unresolved(node, scope)
                return
            if what is _LEAF:
                if type(node) is exp.Star:
                    self._star_argument(node, scope, acc)
                elif type(node) is exp.Columns and (picked := _columns_star(node)) is not None:
                    for _, flow in self._star(picked[0], scope, picked[1])[0]:  # sum(COLUMNS('re')): each found
                        acc |= flow
                return
            if what is _QUERY or what is _EXISTS and _is_query(node.this):
                self._collect_subquery(node, scope, acc)
                return
            # (Spark's exists(array, x -> predicate), a higher-order function: of its arguments, below)
            if what is _KEYWORD or what is _POSITION or what is _PARAMETER:
                self._collect_named_column(node, what, scope, acc)
                return
            if self._collect_call(node, what, scope, acc):
                return
        if kind is exp.In and self.naming.rules.in_tables and self._collect_in_table(node, scope, acc):
            return
        if type(node) is exp.Dot and self._collect_path(node, scope, acc):
            return
        if type(node) is exp.Window and isinstance(node.args.get("alias"), exp.Identifier):
            self._collect_named_windows(node, scope, acc)
        if _chained(node):
            _BINARY.add(kind)
            self._collect_chain(node, scope, acc)
            return
        if kind not in _KINDS and kind not in (exp.In, exp.Dot, exp.Window):  # (nor a chain's: returned above)
            _ORDINARY.add(kind)  # (a node of its type reads its children alone, whatever it holds)
        self._collect_children(node, scope, acc)

    def _collect_subquery(self, node: exp.Expression, scope: Scope, acc: set) -> None:
        """:meth:`collect` of a scalar (or IN) subquery: its columns' flows, what decides its rows only where its
        value is read (:class:`RowAtom`); of ``EXISTS (SELECT ...)``, what decides its rows alone."""
        if type(node) is exp.Exists:  # its select list reads nothing; its conditions decide
            acc |= _deciding(self.query(node.this, scope, scope.ctes, rows_only=True).conditions)
            return
        # (a scalar or IN subquery: its rows are decided only where its value is read)
        result = self.query(node, scope, scope.ctes)
        acc |= _deciding(result.conditions)
        for _, flow in result.columns:
            acc |= flow
        if result.open:
            acc |= _deciding(_union(result))

    def _collect_named_column(self, node: exp.Expression, what: str, scope: Scope, acc: set) -> None:
        """:meth:`collect` of a node that may stand for a column of the FROM items: Spark's ``current_date`` (a
        column of that name first, then the function: :data:`_KEYWORD`), DuckDB's ``#n``, ``$n``."""
        if what is _KEYWORD:  # Spark's current_date: a column of that name first, then the function
            if (name := self._keyword_column(node, scope)) is not None:
                found = self._resolve(exp.column(name), scope)
                if found is not None:
                    acc |= found[1]
            return
        if what is _POSITION:
            named = self._positional_column(node, scope)
            found = self._resolve(named, scope) if named is not None else None
            if found is not None:
                acc |= found[1]
            return
        self._positional(node, scope, acc)

    def _collect_call(self, node: exp.Expression, what: str, scope: Scope, acc: set) -> bool:
        """:meth:`collect` of a call read otherwise than as a function of its arguments: a JSON constructor (not its
        ``RETURNING`` type), ClickHouse's dictionaries (:meth:`_dictionary_call`), a file's metadata of OPENROWSET,
        a method (:meth:`_method_call`), Oracle's data mining functions, a UDF (:meth:`_udf_call`); False for
        another node (nothing added)."""
        if what is _RETURNING:  # json_object(... RETURNING VARCHAR): the type, which sqlglot reads as a column
            for key, value in node.args.items():
                if key != "return_type":
                    for child in value if type(value) is list else (value,):
                        if isinstance(child, exp.Expression):
                            self.collect(child, scope, acc)
            return True
        if type(node) is exp.Anonymous and self.naming.rules.dictionary_functions and \
                self._dictionary_call(node, scope, acc):
            return True
        if type(node) is exp.Dot and _file_metadata_call(node, scope, self.naming):
            for argument in node.expression.expressions:  # r.filepath(1), r.filename() of OPENROWSET ... AS r:
                self.collect(argument, scope, acc)  # which file a row came from, no function of the catalog's
            return True
        if type(node) is exp.Dot and self._method_call(node, scope, acc):
            return True
        if type(node) is exp.Anonymous and self.naming.dialect_name == "oracle" \
                and self._mining_call(node, scope, acc):
            return True
        return self._udf_call(node, scope, acc)  # a call: a UDF's, else a function of its arguments (below)

    def _collect_in_table(self, node: exp.In, scope: Scope, acc: set) -> bool:
        """:meth:`collect` of ClickHouse's ``x IN t`` of a table (:meth:`_in_table`), as ``x IN (SELECT * FROM t)``;
        False for another IN (nothing added)."""
        table = self._in_table(node, scope)
        if table is None:
            return False
        self.collect(node.this, scope, acc)
        self.collect(exp.Subquery(this=exp.select("*").from_(table)), scope, acc)
        return True

    def _collect_path(self, node: exp.Dot, scope: Scope, acc: set) -> bool:
        """:meth:`collect` of a dotted path that is no call read otherwise (:meth:`_collect_call`): PostgreSQL's
        ``(x).a``, ``schema.f(x)`` of no UDF; False for another (its parts read as any other node's)."""
        if self.naming.rules.whole_rows and _row_field(node):
            # PostgreSQL's (x).a: the field a of the row x names, as x.a (of a column x, its field: _struct_field);
            # (q.x).a, of the column x of q, as q.x.a
            named = node.this.this
            found = self._resolve(exp.column(node.expression.copy(), table=named.this.copy(),
                                             db=named.args["table"].copy() if named.table else None), scope)
            if found is not None:
                acc |= found[1]
            return True
        if isinstance(node.expression, exp.Anonymous) and not self._udf_call(node, scope, acc):
            # schema.f(x) of no UDF known there: a function of its arguments, never the session's f of that name
            for argument in node.expression.expressions:
                self.collect(argument, scope, acc)
            return True
        return False

    def _collect_named_windows(self, node: exp.Window, scope: Scope, acc: set) -> None:
        """Of ``OVER w`` of ``WINDOW w AS (...)``: its partitions and order, as if inline, and those of the window it
        is defined by (``WINDOW w1 AS (ORDER BY k), w3 AS w1``), added to ``acc``."""
        named, seen = _named_window(node), set()
        while named is not None and id(named) not in seen:
            seen.add(id(named))
            for child in named.args.get("partition_by") or ():
                self.collect(child, scope, acc)
            if named.args.get("order") is not None:
                self.collect(named.args["order"], scope, acc)
            named = _named_window(named) if isinstance(named.args.get("alias"), exp.Identifier) else None

    def _collect_chain(self, node: exp.Binary, scope: Scope, acc: set) -> None:
        """:meth:`collect` of a chain of binary operators (a OR b OR ..., a || b || ...), a left-deep tree as deep as
        its terms are many: walked along its left edge, not down it, its terms in the same order."""
        chain = [node]
        while _chained(chain[-1].this):
            chain.append(chain[-1].this)
        self.collect(chain[-1].this, scope, acc)
        for link in reversed(chain):
            self._collect_children(link, scope, acc, "this")

    def _collect_children(self, node: exp.Expression, scope: Scope, acc: set, skipped: str | None = None) -> None:
        """:meth:`collect` of each child of ``node`` but the one under key ``skipped``."""
        for key, value in node.args.items():
            if value is None or key == skipped:
                continue
            if type(value) is list:
                for child in value:
                    if isinstance(child, exp.Expression):
                        self.collect(child, scope, acc)
            elif isinstance(value, exp.Expression):
                self.collect(value, scope, acc)

    def _star_argument(self, node: exp.Expression, scope: Scope, acc: set) -> None:
        """``*`` or ``t.*`` as a function's argument (``OBJECT_CONSTRUCT(*)``, ``HASH(t.*)``): the value is computed
        from every column it stands for, as from any other arguments (CONTRACT 3a); ``COUNT(*)`` counts rows and
        reads none, nor does Oracle's ``APPROX_COUNT(*)``. ``COUNT(DISTINCT *)`` counts distinct rows: it reads them
        whole; ``COUNT(t.*)`` "returns the number of records that do not contain any NULL values", and ``COUNT(*
        EXCLUDE c)`` those without a NULL in the other columns: they read the columns they stand for."""
        parent = node.parent
        if type(node) is exp.Star and not any(node.args.values()) and (isinstance(parent, exp.Count) or type(
                parent) is exp.Anonymous and parent.name.upper() in _ROW_COUNTS and len(parent.expressions) == 1):
            return
        named = None
        if isinstance(node, exp.Column) and node.args.get("table") is not None:  # t.* of an outer query's t (a
            named = self.naming.ident(node.args["table"])  # correlated subquery's, an APPLY's): that scope's t
            scope = next((current for current in _chain(scope) if current.source_named(named) is not None), scope)
        columns, rest, _, _ = self._star(node, scope)
        for _, flow in columns:
            acc |= flow
        if rest is not None and not columns and named is not None and not any(
                current.source_named(named) for current in _chain(scope)):
            acc |= rest  # (STRUCT(st.*) of a struct whose fields the catalog does not know: from st)

    def _positional(self, node: exp.Parameter, scope: Scope, acc: set) -> None:
        """``$n``: the n-th column of the only source (stage columns have no sources)."""
        position = node.this.name if isinstance(node.this, exp.Literal) else ""
        if not position.isdigit() or len(scope.sources) != 1 or not self.naming.rules.positional_columns:
            return
        source = scope.sources[0]
        name = _nth_column(source, position)
        found = self._find_in(source, name) if name is not None else None
        if found is not None:
            self._record(source, found[0])
            acc |= found[1]

    def _method_call(self, node: exp.Dot, scope: Scope, acc: set) -> bool:
        """A method of a value's type called on a column or a subquery's value (:attr:`.DialectRules.column_methods`:
        ``x.value('(/a)[1]', 'int')``, ``t.x.query('/a')``, ``(SELECT ... FOR XML PATH(''), TYPE).value('.', ...)``):
        what its receiver and arguments read; False for another call, and for a UDF of the catalog so named."""
        call, receiver = node.expression, node.this
        if not isinstance(call, exp.Anonymous) or not self.naming.rules.column_methods:
            return False
        listed = column_method(call.name, self.naming.dialect_name)
        any_method = "*" in self.naming.rules.column_methods  # (DuckDB's function chaining: any function is a method)
        if isinstance(receiver, exp.Dot) and isinstance(receiver.expression, exp.Anonymous) and (listed or any_method):
            # a method of a method's value (DuckDB's a.lower().upper()): what the inner call reads, and the arguments
            if not self._method_call(receiver, scope, acc):
                return False
            receiver = None
        elif isinstance(receiver, (exp.Identifier, exp.Dot)):
            parts = []
            while isinstance(receiver, exp.Dot) and isinstance(receiver.expression, exp.Identifier):
                parts.insert(0, receiver.expression)
                receiver = receiver.this
            if not isinstance(receiver, exp.Identifier) or len(parts) > 3 or self.binder.udf_call(node) is not None:
                return False
            parts.insert(0, receiver)
            # a method no list names (a geography's Reduce(), a CLR type's): its receiver names a FROM item (t.c.m())
            # or a column (c.m()) of the scope
            if not listed and not (len(parts) == 2 and scope.source_named(self.naming.ident(parts[0])) is not None
                                   or len(parts) == 1 and self._resolve(exp.column(parts[0].copy()), scope,
                                                                        record=False) is not None):
                return False
            receiver = exp.Column(this=parts[-1].copy(), **dict(zip(("table", "db", "catalog"),
                                                                    (p.copy() for p in reversed(parts[:-1])))))
        elif isinstance(receiver, exp.Subquery) and listed:
            receiver = _select_columns_named(receiver)
        elif isinstance(receiver, exp.Func) and (listed or any_method):
            # a call's value (Oracle's XMLAGG(...).EXTRACT(...), DuckDB's list(c).list_sort()), whose arguments sqlglot
            # reads as bare names there
            receiver = columns_named(receiver)
        elif isinstance(receiver, exp.Paren) and (listed or "*" in self.naming.rules.column_methods):
            receiver = columns_named(receiver)  # a bracketed value's (DuckDB's (l).list_transform(...), any method)
        elif isinstance(receiver, exp.ScopeResolution) and isinstance(receiver.expression, exp.Anonymous) and listed:
            # a static method's value (geography::Point(a, b, 4326).STDistance(g)), whose arguments sqlglot reads as
            # bare names there
            receiver = exp.Tuple(expressions=[columns_named(argument) for argument in receiver.expression.expressions])
        elif not isinstance(receiver, exp.Column) or not listed:
            return False
        if receiver is not None:
            self.collect(receiver, scope, acc)
        for argument in call.expressions:  # (bare names inside a chain, a.add(b).multiply(c): sqlglot's b is no column)
            bare = isinstance(argument, exp.Identifier) or isinstance(argument, exp.Dot) \
                and isinstance(argument.expression, exp.Identifier)
            self.collect(columns_named(argument) if bare else argument, scope, acc)
        return True

    def _mining_call(self, node: exp.Anonymous, scope: Scope, acc: set) -> bool:
        """Oracle's scoring function of a model (``PREDICTION(model USING ...)``, written with the model's name as a
        string first: :func:`.rewrites._mining_calls_written_out`): the model read, as the function that is no SQL it
        is recorded as (:meth:`.Binder.model`, as BigQuery's and Redshift's models), and its arguments. False for
        another call."""
        first = node.expressions[0] if node.expressions else None
        if node.name.upper() not in MINING_FUNCTIONS or not isinstance(first, exp.Literal) or not first.is_string:
            return False
        try:
            model = exp.to_table(first.name, dialect=self.naming.dialect)
        except (SqlglotError, ValueError):
            return False
        fn = self.binder.model(self.naming.table_parts(model))
        if self.reads is not None:
            self.reads.touch(fn)
        acc.add(FunctionAtom(fn))
        for argument in node.expressions[1:]:
            self.collect(argument, scope, acc)
        return True

    def _udf_call(self, node: exp.Expression, scope: Scope, acc: set) -> bool:
        call = self.binder.udf_call(node) or self.binder.uncatalogued_udf(node)
        if call is None:
            return False
        fn, args = call
        if self.reads is not None:
            self.reads.touch(fn)
        acc.add(FunctionAtom(fn))
        used = self.binder.udf_arguments_used(fn)
        for i, arg in enumerate(args):
            arg_acc: set = set()
            self.collect(arg, scope, arg_acc)
            if used is None or i in used:
                acc |= arg_acc
            else:
                acc.update(ColumnAtom(a.obj, a.column, False) if isinstance(a, ColumnAtom) else a for a in arg_acc)
        return True

    def _resolve(self, node: exp.Column, scope: Scope, *, record: bool = True) -> tuple[str, frozenset] | None:
        """Resolve a column reference to (name, flow), recording what it reads."""
        this = node.this
        if type(this) is exp.Parameter and node.args.get("table") is not None:  # t.$3: t's third column
            return self._positional_of(node, scope, record)  # (a stage's has none)
        if type(this) is not exp.Identifier and isinstance(this, (exp.Star, exp.Parameter)):  # t.*
            return None
        name = self.naming.ident(this)
        table = node.args.get("table")
        pseudo = self.naming.rules.pseudo_columns
        if pseudo and name.upper() in pseudo and not self._catalogued(name, scope):
            return name, EMPTY  # a pseudo-column of a wildcard or partitioned table: no column of it
        if table is None and not this.quoted and name.casefold() in _VALUE_FUNCTIONS \
                and self.naming.dialect_name in _VALUE_FUNCTION_DIALECTS and not node.meta.get(_PATH_HEAD) \
                and not self._catalogued(name, scope):
            return name, EMPTY  # user, current_role, current_schema: a function called without parentheses
        current: Scope | None = scope
        while current is not None:
            found = self._resolve_in(current, node, name, table, record)
            if found is not None:
                return found
            current = current.outer
        if table is not None and self.naming.rules.dotted_columns:
            dotted = self._dotted_column(node, scope, record)
            if dotted is not None:
                return dotted
        if table is not None:
            looped = self._loop_column(node, record) if self.binder.loop_rows else None
            if looped is None and self.naming.dialect_name == "duckdb":
                named = self._table_named(node, scope)
                if named is not None:  # DuckDB's SELECT main.t FROM main.t: t's row
                    return self._row_of(named, name, record)
            return looped if looped is not None else self._struct_field(node, scope, record)
        if self.naming.rules.whole_rows:
            return self._whole_row(name, scope, record)
        return None

    def _unresolved(self, node: exp.Column, scope: Scope) -> None:
        """Note an unqualified column name that nothing the statement names has (:attr:`DirectReads.unresolved`):
        where every source in reach has known columns and one or more is a table, the catalog is older than the
        statement (it ran, so the name was a column); where it has two or more tables of unknown columns, the name
        is one of theirs but which cannot be told. Either way it is read from no table: the note makes that loss
        visible. A name of no table in any case (a variable, a pseudo-column, an alias of the statement's own, a
        source of unknown columns that is no table) is no loss. A path of three names or more (BigQuery's
        ``metrics.uuid.cid``) whose first names no FROM item is a column's fields: that column is noted."""
        if type(node.this) is not exp.Identifier:
            return
        if node.args.get("table") is None:
            name = self.naming.ident(node.this)
        else:
            parts = [self.naming.ident(part) for part in node.parts]
            head = parts[0].casefold()
            if len(parts) < 3 or any(
                    source.alias.casefold() == head or source.is_object and any(part.casefold() == head
                                                                                for part in source.obj.parts)
                    for current in _chain(scope) for source in current.sources):
                return  # (a name of a FROM item or of its database or schema: db.t.c, DuckDB's without the schema)
            name = parts[0]
        if "$" in name or name in self.binder.variables or name.upper() in self.naming.rules.pseudo_columns:
            return
        known: list[CatalogObject] = []
        unknown: list[CatalogObject] = []
        for current in _chain(scope):
            if isinstance(current, _Beside):
                continue  # (the FROM items before a derived table: not in reach of its unqualified names)
            for source in current.sources:
                if source.is_object:
                    (unknown if source.is_open else known).append(source.obj)
                elif source.is_open:
                    if not source.through:
                        return  # (a table function's rows, VALUES of unknown width: any name may be theirs)
                    unknown.extend(source.through)
        if not known and not unknown or len(set(unknown)) == 1:
            return
        if not unknown and node.this.quoted and node.args.get("table") is None \
                and self.naming.dialect_name == "sqlite":
            return  # ("x" that names no column is a string in SQLite: "If a keyword in double quotes ... cannot be
            # resolved to an identifier but where a string literal is allowed, then the token is understood to be a
            # string literal"; a name in brackets or backquotes would have failed the statement)
        folded = name.casefold()
        if any(alias.casefold() == folded for alias in _aliases_in(node.root())):
            return  # (a MATCH_RECOGNIZE measure, an alias of the select list where the dialect does not see it)
        if self.naming.dialect_name == "clickhouse" and any(
                column.name.casefold().startswith(f"{folded}.") for obj in known for column in obj.columns or ()):
            return  # (a Nested structure's name, of its columns n.key, n.value: ARRAY JOIN n joins their arrays, each
            # column read where the statement names it)
        tables = tuple(dict.fromkeys(obj.name for obj in (unknown or known)))
        self.reads.unresolved.setdefault(name, (UNKNOWN_COLUMNS if unknown else KNOWN_COLUMNS, tables))

    def _table_named(self, node: exp.Column, scope: Scope) -> Source | None:
        """The FROM item, a table not aliased, whose qualified name a qualified name that is no column is (``main.t``
        of ``FROM main.t``, of ``FROM s1.t, s2.t`` too); None when there is none."""
        parts = tuple(self.naming.ident(part).casefold() for part in node.parts)
        name = parts[-1]
        if len(parts) == 2 and any(current.search(self.naming.ident(node.parts[0]))[1] is not None
                                   for current in _chain(scope)):
            return None  # (a column main of a FROM item: main.t is its field t, as DuckDB reads it)
        for current in _chain(scope):
            if isinstance(current, _Beside):
                continue
            for source in current.sources:
                if source.is_object and source.alias.casefold() == name and (_suffix_match(source.obj.parts, parts) or (
                        self.naming.rules.catalog_table_columns and _catalog_table_match(source.obj.parts, parts))):
                    return source
        return None

    def _positional_of(self, node: exp.Column, scope: Scope, record: bool) -> tuple[str, frozenset] | None:
        """Snowflake's ``t.$n`` (``[{<object_name> | <alias>}.]$<col_position>``): the n-th column of the FROM item
        ``t`` of known columns, in this scope or an outer one, resolved as if named; None for another (a stage's
        columns have no name here)."""
        position = node.this.this.name if isinstance(node.this.this, exp.Literal) else ""
        if not position.isdigit() or not self.naming.rules.positional_columns:
            return None
        qualifier = self.naming.ident(node.args["table"])
        for current in _chain(scope):
            source = current.source_named(qualifier)
            if source is None:
                continue
            name = _nth_column(source, position)
            if name is None:
                return None
            named = exp.column(exp.to_identifier(name, quoted=True), table=node.args["table"].copy())
            return self._resolve(named, current, record=record)
        return None

    def _dotted_column(self, node: exp.Column, scope: Scope, record: bool) -> tuple[str, frozenset] | None:
        """``a.b`` that no FROM item ``a`` answers, as the column whose name holds the dot (ClickHouse's flat Nested
        columns, ``meta.key``), or ``t.a.b`` as that column of the FROM item ``t``: None when no source of known
        columns has a column so named (of a table of unknown columns, ``a.b`` may as well be a field of a tuple or
        JSON column ``a``)."""
        parts = node.parts
        for qualifier in ([], parts[:1]) if len(parts) > 2 else ([],):
            named = exp.to_identifier(".".join(part.name for part in parts[len(qualifier):]), quoted=True)
            if not any(not source.is_open and source.find(named.this) is not None
                       for current in _chain(scope) for source in current.sources):
                continue
            found = self._resolve(exp.column(named, table=qualifier[0].copy() if qualifier else None), scope,
                                  record=record)
            if found is not None:
                return found
        return None

    def _loop_column(self, node: exp.Column, record: bool) -> tuple[str, frozenset] | None:
        """``r.id`` where ``r`` is no FROM item but the record variable of a loop over a query's rows (PL/pgSQL's
        ``FOR r IN SELECT ... LOOP``, a cursor's loop: :attr:`.Binder.loop_rows`): the column of that query's
        rows, read as a derived table's is (the query's reads recorded with the statement's); None for another
        name, or a query this does not read."""
        parts = node.parts
        if len(parts) != 2:
            return None
        name = self.naming.ident(parts[0])
        text = self.binder.loop_rows.get(name)
        if text is None:
            return None
        if name not in self._loop_sources:
            self._loop_sources[name] = None  # (a query naming its own variable reads as no column of it)
            try:
                tree = parse_sql(text, self.naming.dialect_name, what="a loop's query")
            except (SqlglotError, UnsupportedStatement):
                tree = None
            if isinstance(tree, _QUERY_TYPES):
                self._loop_sources[name] = Source.of_result(name, self.query(tree))
        source = self._loop_sources[name]
        found = self._find_in(source, self.naming.ident(parts[1])) if source is not None else None
        if found is not None and record:
            self._record(source, found[0])
        return found

    def _keyword_column(self, node: exp.Expression, scope: Scope) -> str | None:
        """The column a keyword sqlglot reads as a call (``current_date``) names, in Spark's dialects where a
        catalogued table of the query's own FROM has a column of that name (:data:`_KEYWORD`); None where it is the
        function (also in a subquery whose FROM has none, ``(SELECT current_user)``: an outer query's column is not
        looked for)."""
        if not self.naming.rules.catalog_sessions:
            return None
        name = keyword_name(node)
        if not name:
            return None
        name = self.naming.normalize(name)
        return name if any(source.is_object and source.obj.column(name) is not None for source in scope.sources) \
            else None

    def _catalogued(self, name: str, scope: Scope) -> bool:
        """Whether a table in scope has a known column ``name`` (a table's own ``_change_type``, no pseudo-column)."""
        return any(source.is_object and source.obj.column(name) is not None
                   for s in _chain(scope) for source in s.sources)

    def _whole_row(self, name: str, scope: Scope, record: bool) -> tuple[str, frozenset] | None:
        """A table alias as a value (BigQuery's ``TO_JSON_STRING(t)``, ``IF(..., c, p).*``; PostgreSQL's
        ``row_to_json(x)``): the row, a struct of every column of the source it names; None when no source is named
        so."""
        current: Scope | None = scope
        while current is not None:
            source = current.source_named(name)
            if source is not None and not isinstance(current, _Beside):
                return self._row_of(source, name, record)
            current = current.outer
        return None

    def _row_of(self, source: Source, name: str, record: bool) -> tuple[str, frozenset]:
        """The row of ``source`` as a value named ``name``: every column of it."""
        if source.is_open:
            return name, source.open_flow or EMPTY
        acc: set = set()
        for column in source.column_names():
            found = self._find_in(source, column)
            if found is not None:
                acc |= found[1]
                if record:
                    self._record(source, found[0])
        return name, frozenset(acc)

    def _resolve_in(self, scope: Scope, node: exp.Column, name: str, table, record: bool) -> tuple[str, frozenset] | None:
        if table is not None:
            source = self._qualified_source(scope, node)
            if source is None:
                return None
            found = self._find_in(source, name)
            if found is not None and record:
                self._record(source, found[0])
            return found
        if scope.using and self._name_key(name) in scope.using:
            return name, scope.using[self._name_key(name)]
        if scope.lateral and (self.naming.rules.aliases_first or scope.aliases_win) \
                and self._name_key(name) in scope.aliases:
            return name, scope.aliases[self._name_key(name)]
        source, found, opened = scope.search(name)
        if found is not None:
            if record:
                self._record(source, found[0])
            return found
        if scope.lateral and self._name_key(name) in scope.aliases:
            return name, scope.aliases[self._name_key(name)]
        if opened is not None and name in self.binder.variables:
            return name, EMPTY  # a script variable (BigQuery's DECLARE), no column of the table of unknown columns
        shown = [source for source in scope.sources if source.is_object and not source.is_open
                 and scope.names(source, name)]
        if len(shown) == 1:  # (x.cnt in the clause, x's catalogued columns without cnt: a stale catalog's x has it)
            found = self._uncatalogued_column(shown[0], name, record)
            if found is not None:
                return found
        if opened is not None and self.naming.rules.whole_rows and _aliased_row(
                scope.source_named(name), self.naming.rules.range_variables_first):
            # row_to_json(p) of FROM t p, t of unknown columns: its row (a name of the table's own may be a column)
            return self._whole_row(name, scope, record)
        if opened is not None:
            found = self._find_in(opened, name)
            if found is not None and record:
                self._record(opened, found[0])
            return found
        return None

    def _qualified_source(self, scope: Scope, node: exp.Column) -> Source | None:
        args = node.args
        qualifier = [self.naming.ident(p) for p in node.parts[:-1]] \
            if args.get("db") or args.get("catalog") or not args.get("this") else [self.naming.ident(args["table"])]
        source = scope.source_named(qualifier[-1])
        if source is not None and scope.repeated and len(qualifier) == 1 and not source.is_open:
            # two FROM items of one name (shop.orders and shop2.orders, unaliased: MySQL's, DuckDB's): the one that has
            # the column ("orders.amt" is shop.orders's where shop2.orders has no amt)
            folded = qualifier[-1].casefold()
            column = self.naming.ident(node.this) if isinstance(node.this, exp.Identifier) else None
            if column is not None and source.find(column) is None:
                source = next((other for other in scope.sources if other is not source and other.alias.casefold()
                               == folded and not other.is_open and other.find(column) is not None), source)
        if source is not None and (len(qualifier) == 1 or source.is_object):
            if len(qualifier) == 1 or _suffix_match(source.obj.parts, qualifier):
                return source
        for candidate in scope.sources:
            if candidate.is_object and _suffix_match(candidate.obj.parts, qualifier):
                return candidate
        if self.naming.rules.catalog_table_columns:  # memory.t.c: memory.<schema>.t's c, t not aliased
            matching = [candidate for candidate in scope.sources if candidate.is_object
                        and candidate.alias.casefold() == qualifier[-1].casefold()
                        and _catalog_table_match(candidate.obj.parts, qualifier)]
            if len(matching) == 1:
                return matching[0]
        return None

    def _struct_field(self, node: exp.Column, scope: Scope, record: bool) -> tuple[str, frozenset] | None:
        """``a.b`` where ``a`` is a column (a struct or semi-structured field access); ``t.a.b`` where ``t`` names a
        source and ``a`` is its column (BigQuery's ``alias.struct_column.field``)."""
        parts = node.parts
        # t.a.b, and of a FROM item named in full, db.t.a.b and cat.db.t.a.b (Spark's schema.table.column.field)
        for at in range(1, min(len(parts) - 2, 3) + 1):
            qualifier = dict(zip(("table", "db", "catalog"), (p.copy() for p in reversed(parts[:at]))))
            qualified = exp.column(parts[at].copy(), **qualifier)
            name = self.naming.ident(parts[at])
            current: Scope | None = scope
            while current is not None:
                found = self._resolve_in(current, qualified, name, qualified.args["table"], record)
                if found is not None:
                    return self._field_of(found, qualified, parts[at + 1], scope)
                current = current.outer
        if len(parts) == 2:  # t.x of a FROM item t that has no column x: no column, never t's whole row (a column t
            head_name = self.naming.ident(parts[0])  # of a nearer scope is a struct: s.f its field)
            for current in _chain(scope):
                named = current.source_named(head_name)
                if named is not None:
                    return self._uncatalogued_column(named, self.naming.ident(parts[1]), record)
                _, found, opened = current.search(head_name)
                if found is not None:
                    break
                if opened is not None and not any(outer.source_named(head_name) is not None
                                                  for outer in _chain(current.outer)):
                    break  # (a column t of a nearer source of unknown columns may be; an enclosing query's alias t is)
            if self.naming.dialect_name == "oracle":
                # Oracle reaches an object column's attribute only through a table alias ("you must use a table
                # alias"): pkg.c, whose pkg names no FROM item, is a package's constant, no column
                return self.naming.ident(parts[1]), EMPTY
        head = exp.column(parts[0].copy())
        head.meta[_PATH_HEAD] = True  # (user.name: a column user's field, no value function's: it has no fields)
        found = self._resolve(head, scope, record=record) if len(parts) > 1 else None
        return self._field_of(found, head, parts[1], scope) if found is not None else None

    def _field_of(self, found: tuple[str, frozenset], column: exp.Column, field: exp.Identifier, scope: Scope
                  ) -> tuple[str, frozenset]:
        """``found``, the struct column ``column`` names, with the flow of its field ``field`` when its derived table
        built it (:meth:`_derived_fields`: ``s.i`` of ``STRUCT(id AS i) AS s`` is from id alone)."""
        name = self.naming.ident(field).casefold() if isinstance(field, exp.Identifier) else None
        built = self._derived_fields(column, scope) if name is not None else None
        flow = next((flow for key, flow in built or () if key.casefold() == name), None)
        return (found[0], flow) if flow is not None else found

    def _uncatalogued_column(self, source: Source, name: str, record: bool) -> tuple[str, frozenset] | None:
        """``t.c`` of a table whose catalogued columns lack ``c``: a column the catalog does not know yet (a stale
        snapshot; a column added by schema evolution), read by name as an uncatalogued table's are (its id null),
        rather than lost. None for a source that is no table, and for a name no table has (``METADATA$ACTION``,
        Trino's ``$path``, the dialect's pseudo-columns), and for a view (its columns are its query's)."""
        if (not source.is_object or source.obj.definition is not None or "$" in name
                or name.upper() in self.naming.rules.pseudo_columns):
            return None
        if record:
            self._record(source, name)
        return name, frozenset((ColumnAtom(source.obj, name),))

    def _find_in(self, source: Source, name: str) -> tuple[str, frozenset] | None:
        found = source.find(name)
        if found is None and source.fields and source.open_flow is not None:  # a field of its element
            return name, source.open_flow
        return found

    def _record(self, source: Source, name: str) -> None:
        if self.reads is None:
            return
        if source.is_object:
            if source.obj.columns is None and name[:9].upper() == "METADATA$":
                return  # (a stream's change column, a stage file's name: no column of the object's, read or not)
            column = source.obj.column(name) if source.obj.columns else None
            # (a column computed when read is a read of the columns it is computed from, as ClickHouse logs it)
            computed = column is not None and column.computed_from
            for stored in _computed_from(source.obj, column) if computed else (name,):
                self.reads.column(source.obj, stored)
        elif source.union:
            for atom in source.columns.get(name, ()):
                self.reads.column(atom.obj, atom.column)
        elif source.through:
            table = source.read_through(name)
            if table is not None:
                self.reads.column(table, name)


def _semantic_columns(asked: exp.Expression, model: tuple[SemanticItem, ...], items: dict[str, str],
                      clause: str = "") -> list[str]:
    """The columns of a semantic view (``items``, by folded name) that hold the items ``asked`` names, of its
    definition's ``model``: itself (``c.nm``: the logical table's item; ``nm``: each item so named), those of its
    expression (``YEAR(s.sale_date)``), those of its clause and logical table that are not private for ``t.*`` ("all
    metrics in a logical table")."""
    if isinstance(asked, exp.Column) and isinstance(asked.this, exp.Star):
        table = asked.table.casefold()
        found = [item for item in model if item.table and item.table.casefold() == table
                 and item.clause == clause and not item.private]
    else:
        found = []
        for column in [asked] if isinstance(asked, exp.Column) else asked.find_all(exp.Column):
            if not isinstance(column.this, exp.Identifier):
                continue
            wanted, table = column.name.casefold(), column.table.casefold()
            found += [item for item in model if item.name.casefold() == wanted
                      and (not table or (item.table or "").casefold() == table)]
    return [column for item in found if (column := items.get(item.column.casefold())) is not None]


#: Iceberg's metadata tables, named after the table they describe (``catalog.db.t.snapshots``).
def _metadata_of(parts: tuple[str, ...], rules: DialectRules) -> tuple[str, ...] | None:
    """The table whose metadata table ``parts`` names, None for another name: Spark's four-part
    ``catalog.db.t.snapshots`` (Iceberg's), Trino's ``"t$snapshots"`` (its Iceberg, Delta Lake and Hive
    connectors': ``$history``, ``$files``, ``$partitions``, ``$properties``, Hudi's ``$timeline`` ...)."""
    if len(parts) == 4 and rules.catalog_sessions and parts[3].casefold() in _ICEBERG_METADATA:
        return parts[:3]
    if rules.use_schema and "$" in parts[-1][1:]:
        name, kind = parts[-1].rsplit("$", 1)
        if kind.casefold() in _ICEBERG_METADATA | _TRINO_METADATA:
            return (*parts[:-1], name)
    return None


#: Trino's metadata tables beside Iceberg's (``"t$properties"``, Delta Lake's, Hive's and Hudi's).
_TRINO_METADATA = frozenset({"properties", "timeline"})
_ICEBERG_METADATA = frozenset({"snapshots", "history", "files", "data_files", "delete_files", "manifests", "partitions",
                               "entries", "refs", "metadata_log_entries", "position_deletes", "all_data_files",
                               "all_delete_files", "all_files", "all_manifests", "all_entries", "changes"})


def _suffix_filter(table: exp.Table, alias: str, naming: Naming) -> Callable[[str], bool] | None:
    """Which ``_TABLE_SUFFIX`` values the WHERE of the SELECT reading wildcard ``table`` keeps, from the conditions it
    ANDs on the pseudo-column with constants (``=``, ``!=``, ``IN``, ``BETWEEN``, ``<`` ... ``>=``, ``LIKE 'p%'``, and
    each of them under ``NOT``; the column unqualified only when the FROM has no other wildcard table, else qualified
    by ``alias``); None when it keeps every table. Any other condition (an OR, a function of the suffix, a variable) is left out: it may only
    keep fewer, so the tables kept are never too few.

    >>> import sqlglot
    >>> from access_history_platform.sql.names import naming_for
    >>> tree = sqlglot.parse_one("select 1 from `d.e_*` where _TABLE_SUFFIX between '2' and '4' and x = 1", "bigquery")
    >>> kept = _suffix_filter(tree.find(exp.Table), "e_*", naming_for("bigquery"))
    >>> [suffix for suffix in ("1", "2", "3", "4", "5") if kept(suffix)]
    ['2', '3', '4']
    """
    select = table.parent.parent if isinstance(table.parent, (exp.From, exp.Join)) else None
    if not isinstance(select, exp.Select) or select.args.get("where") is None:
        return None
    wildcards = [t for t in (select.args["from_"].this if select.args.get("from_") else None,
                             *(join.this for join in select.args.get("joins") or ()))
                 if isinstance(t, exp.Table) and t.name.endswith("*")]
    tests: list[Callable[[str], bool]] = []
    for condition in select.args["where"].this.flatten() if isinstance(select.args["where"].this, exp.And) \
            else [select.args["where"].this]:
        test = _suffix_test(condition, lambda column: _names_suffix(column, alias, len(wildcards) == 1, naming))
        if test is not None:
            tests.append(test)
    return (lambda suffix: all(test(suffix) for test in tests)) if tests else None


def _names_suffix(node: exp.Expression, alias: str, alone: bool, naming: Naming) -> bool:
    """Whether ``node`` is the ``_TABLE_SUFFIX`` of the wildcard table of ``alias``."""
    if not isinstance(node, exp.Column) or node.name.upper() != "_TABLE_SUFFIX":
        return False
    qualifier = node.args.get("table")
    return alone if qualifier is None else naming.ident(qualifier).casefold() == alias.casefold()


def _suffix_test(condition: exp.Expression,
                 is_suffix: Callable[[exp.Expression], bool]) -> Callable[[str], bool] | None:
    """The test one condition puts on the suffix; None for a condition that is none of :func:`_suffix_filter`'s."""
    def constant(node: exp.Expression | None) -> str | None:
        return node.name if isinstance(node, exp.Literal) and node.is_string else None

    if isinstance(condition, exp.Paren):
        return _suffix_test(condition.this, is_suffix)
    if isinstance(condition, exp.Not) or (isinstance(condition, exp.Like) and condition.args.get("negate")):
        # NOT c, and sqlglot's ``s NOT LIKE 'p%'`` (a LIKE marked negated): the tables c's test leaves out
        inner = condition.this if isinstance(condition, exp.Not) else exp.Like(
            this=condition.this, expression=condition.expression, escape=condition.args.get("escape"))
        test = _suffix_test(inner, is_suffix)
        return None if test is None else (lambda s: not test(s))
    comparisons = {exp.EQ: "==", exp.NEQ: "!=", exp.GT: ">", exp.GTE: ">=", exp.LT: "<", exp.LTE: "<="}
    flipped = {"==": "==", "!=": "!=", ">": "<", ">=": "<=", "<": ">", "<=": ">="}
    if type(condition) in comparisons:
        operator = comparisons[type(condition)]
        left, right = condition.this, condition.expression
        if is_suffix(right) and constant(left) is not None:
            left, right, operator = right, left, flipped[operator]
        value = constant(right)
        if not is_suffix(left) or value is None:
            return None
        return {"==": lambda s: s == value, "!=": lambda s: s != value, ">": lambda s: s > value,
                ">=": lambda s: s >= value, "<": lambda s: s < value, "<=": lambda s: s <= value}[operator]
    if isinstance(condition, exp.In) and is_suffix(condition.this) and not condition.args.get("query"):
        values = [constant(item) for item in condition.expressions]
        return None if None in values or not values else (lambda s: s in values)
    if isinstance(condition, exp.Between) and is_suffix(condition.this):
        low, high = constant(condition.args.get("low")), constant(condition.args.get("high"))
        return None if low is None or high is None else (lambda s: low <= s <= high)
    if isinstance(condition, exp.Like) and is_suffix(condition.this) and not condition.args.get("escape"):
        pattern = constant(condition.expression)
        if pattern is None or not pattern.endswith("%") or any(c in pattern[:-1] for c in "%_\\"):
            return None
        return lambda s: s.startswith(pattern[:-1])
    return None


#: The node types :meth:`Analyzer.collect` reads as their children alone (no kind of its own, no In, Dot or Window,
#: no chain of binary operators), learnt as they are met: one look-up instead of a test of each case.
_ORDINARY: set[type] = set()
#: The node types :meth:`Analyzer.collect` reads as plain binary operators (:func:`_chained`), learnt as they are met.
_BINARY: set[type] = set()


def _chained(node: exp.Expression | None) -> bool:
    """Whether :meth:`Analyzer.collect` reads ``node`` as a plain binary operator (its operands, nothing else)."""
    return isinstance(node, exp.Binary) and type(node) is not exp.Dot and type(node) not in _KINDS


def _branches(body: exp.Union) -> list[exp.Expression]:
    """The branches of a chain of UNIONs, in the order written."""
    branches: list[exp.Expression] = []
    node: exp.Expression = body
    while isinstance(node, exp.Union):
        branches.append(node.expression)
        node = node.this
    return [node, *reversed(branches)]


def _nth_column(source: Source, position: str) -> str | None:
    """The name of the ``position``-th column (``$n``'s n, counted from 1) of a source of known columns; None when its
    columns are not all known or it has fewer."""
    names = source.column_names()
    index = int(position) - 1
    return names[index] if not source.is_open and 0 <= index < len(names) else None


def _aliases_in(root: exp.Expression) -> set[str]:
    """The names the statement ``root`` gives anything by ``AS`` (select items, measures, derived columns)."""
    return {alias.alias for alias in root.find_all(exp.Alias)}


def _chain(scope: Scope | None) -> Iterator[Scope]:
    """``scope`` and its outer scopes, inmost first."""
    while scope is not None:
        yield scope
        scope = scope.outer


def _aliased_row(source: Source | None, range_variables_first: bool) -> bool:
    """Whether the name of ``source``, beside a table of unknown columns, is its row as a value rather than that
    table's column: a table's alias of its own (``FROM persons p``; the table's own name may as well be one of its
    columns, ``SELECT status FROM status``); with ``range_variables_first``, any other FROM item's name too (a
    derived table, a CTE, an UNNEST: BigQuery's ``WITH m AS (SELECT AS VALUE ...) ... CROSS JOIN m``)."""
    if source is None:
        return False
    if not source.is_object:
        return range_variables_first
    return source.alias.casefold() != source.obj.parts[-1].casefold()


def _table_query(node: exp.Table) -> bool:
    """Whether ``node`` is sqlglot's reading of ``TABLE src`` as a query in brackets: a table named by the word TABLE
    (unquoted), aliased by the name; only alone in its brackets, where the caller finds it (``FROM table AS tbl`` is a
    table named table)."""
    alias = node.args.get("alias")
    return (type(node.this) is exp.Identifier and not node.this.quoted and node.this.this.upper() == "TABLE"
            and not node.args.get("db") and alias is not None and not alias.columns and alias.this is not None)


def _select_columns_named(subquery: exp.Subquery) -> exp.Subquery:
    """A subquery a method is called on, its columns as columns again: sqlglot reads ``(SELECT a FROM t WHERE b =
    1).value(...)`` with ``a`` and ``b`` bare names, no columns."""
    subquery = subquery.copy()
    for dot in list(subquery.find_all(exp.Dot)):  # t.x: a qualified column
        if isinstance(dot.this, exp.Identifier) and isinstance(dot.expression, exp.Identifier):
            dot.replace(exp.Column(this=dot.expression.copy(), table=dot.this.copy()))
    for name in list(subquery.find_all(exp.Identifier)):
        if name.arg_key != "alias" and not isinstance(name.parent, (exp.Column, exp.Dot, exp.Table, exp.TableAlias)):
            name.replace(exp.Column(this=name.copy()))
    return subquery


def _file_metadata_call(node: exp.Dot, scope: Scope, naming: Naming) -> bool:
    """Whether ``node`` is Synapse's ``alias.filepath([n])`` or ``alias.filename()`` of an ``OPENROWSET(BULK ...)`` FROM
    item (its rows' file path, or the n-th wildcard's value in it)."""
    call, alias = node.expression, node.this
    return (naming.dialect_name == "tsql" and isinstance(call, exp.Anonymous)
            and call.name.upper() in ("FILEPATH", "FILENAME") and isinstance(alias, exp.Identifier)
            and any(current.source_named(naming.ident(alias)) is not None for current in _chain(scope)))


def _row_field(node: exp.Dot) -> bool:
    """Whether ``node`` is a field of a bracketed bare or qualified name, ``(x).a``, ``(q.x).a``."""
    inner = node.this
    return (type(inner) is exp.Paren and type(inner.this) is exp.Column and not inner.this.args.get("db")
            and type(inner.this.this) is exp.Identifier and type(node.expression) is exp.Identifier)


#: The dialects whose PIVOT without a GROUP BY of its own groups by nothing (:meth:`Analyzer._grouped_pivot`).
_GROUPED_PIVOT_DIALECTS = frozenset({"trino"})
#: Spark's hints that partition or sort a query's rows by its columns (``/*+ REPARTITION(8, c) */``, Spark's "Hints":
#: "The REPARTITION hint can be used to repartition to the specified number of partitions using the specified
#: partitioning expressions"): the columns are read, as DISTRIBUTE BY's are; other hints name tables or nothing.
_PARTITIONING_HINTS = frozenset({"REPARTITION", "REPARTITION_BY_RANGE", "REBALANCE"})
_PARTITIONING_HINT_DIALECTS = frozenset({"spark", "spark2", "databricks", "hive"})
#: The dialects whose UNNEST of an array of ROWs has a column per field, and whose anonymous ROW's fields are
#: ``_col0``, ``_col1`` ... (Trino's, Presto's).
_ROW_UNNEST_DIALECTS = frozenset({"trino", "presto", "athena"})


def _field_type(kind: exp.DataType | None, field: str, naming: Naming) -> exp.DataType | None:
    """The type of the field ``field`` (casefolded) of a STRUCT type; None when ``kind`` is none or has no such
    field."""
    if not isinstance(kind, exp.DataType) or not kind.is_type(exp.DataType.Type.STRUCT):
        return None
    found = next((f for f in kind.expressions if isinstance(f, exp.ColumnDef)
                  and naming.ident(f.this).casefold() == field), None)
    return found.args.get("kind") if found is not None else None


def _struct_named_as_table(star: exp.Column, source: Source, naming: Naming) -> bool:
    """Whether ``a.t.*``, whose ``t`` names the FROM item ``source``, is the struct column ``t`` of a table ``a`` rather
    than the table ``t`` of schema ``a``: ``source`` is a table with a column named ``t``, in a schema not named ``a``
    (Spark expands a star by a qualifier of its FROM items' names first, then by a struct: "if there is a
    conflict ... the struct path can always be qualified").

    >>> from access_history_platform.sql.names import naming_for
    >>> from access_history_platform.catalog import CatalogObject, Column
    >>> t5 = Source("t5", obj=CatalogObject("Table", "spark_catalog.s.t5", 1, (Column("i1", 2), Column("t5", 3))))
    >>> import sqlglot
    >>> star = lambda sql: sqlglot.parse_one(sql, read="spark").selects[0]
    >>> naming = naming_for("spark")
    >>> [_struct_named_as_table(star(f"SELECT {q}.* FROM t5"), t5, naming) for q in ("t5.t5", "s.t5")]
    [True, False]
    """
    obj = source.obj
    table = naming.ident(star.args.get("table"))
    if not source.is_object or obj is None or obj.column(table) is None:
        return False
    parts = obj.name.split(".")
    return len(parts) > 1 and parts[-2].casefold() != naming.ident(star.args["db"]).casefold()


def _row_of_star(star: exp.Column) -> exp.Column:
    """The row column ``s`` of ``s.*`` (``t.s.*``, ``s.f.*``: the whole path)."""
    named = [part.copy() for part in star.parts[:-1]]
    return exp.Column(this=named[-1], **dict(zip(("table", "db", "catalog"), named[-2::-1])))


def _is_row_star(node: exp.Expression) -> bool:
    """Whether ``node`` is a row's ``.*`` (``(expr).*``, ``address.*``, ``t.address.*``), not a table's ``t.*``
    (which a name resolves)."""
    return (isinstance(node, exp.Dot) and isinstance(node.expression, exp.Star)) or (
        isinstance(node, exp.Column) and isinstance(node.this, exp.Star) and node.args.get("table") is not None)


#: Spark's functions that return a map (those sqlglot reads as calls of no class of its own).
_MAP_FUNCTIONS = frozenset({"map", "map_from_arrays", "map_from_entries", "map_concat", "map_filter", "map_zip_with",
                            "str_to_map", "transform_keys", "transform_values"})


def _named_window(node: exp.Window) -> exp.Window | None:
    """The ``WINDOW w AS (...)`` of its query that ``OVER w`` (or ``OVER (w ...)``) names; None when there is none."""
    name = node.args["alias"].name.casefold()
    select = node.find_ancestor(exp.Select)
    windows = select.args.get("windows") or () if select is not None else ()
    return next((w for w in windows if isinstance(w.this, exp.Identifier) and w.this.name.casefold() == name), None)


def _is_query(node: exp.Expression) -> bool:
    """Whether a (possibly multiply) parenthesized FROM item holds a query rather than tables and joins (a
    derived table joined inside the brackets, ``((SELECT ...) x JOIN y ON ...)``, is the first of the joins)."""
    while isinstance(node, exp.Subquery):
        if node.args.get("joins"):
            return False
        node = node.this
    return isinstance(node, _QUERY_TYPES) or _pivot_statement(node)


def _pivot_statement(node: exp.Expression) -> bool:
    """Whether ``node`` is DuckDB's simplified ``PIVOT`` / ``UNPIVOT`` statement (a query of its own: a FROM item's
    ``PIVOT (...)`` hangs on the item, with no table of its own)."""
    return type(node) is exp.Pivot and isinstance(node.this, (exp.Table, exp.Subquery))


def _deciding(atoms: Iterable[object]) -> frozenset:
    """``atoms`` as what decides a value's rows (:class:`RowAtom`), not sources of it."""
    return frozenset(a if isinstance(a, RowAtom) else RowAtom(a) for a in atoms)


def _union(result: QueryResult) -> frozenset:
    flows = [flow for _, flow in result.columns]
    return frozenset().union(*flows) if flows else EMPTY


def _names_a_table(node: exp.TableFromRows) -> bool:
    """Whether ``TABLE(...)`` holds a name (a string or a variable) rather than a table function call."""
    inner = node.this
    return isinstance(inner, (exp.Parameter, exp.Placeholder)) or (isinstance(inner, exp.Literal) and inner.is_string)


def _is_lateral(node: exp.Expression) -> bool:
    return bool(node.args.get("lateral"))


def _suffix_match(parts: tuple[str, ...], qualifier: Iterable[str]) -> bool:
    qualifier = [q.casefold() for q in qualifier]
    folded = [p.casefold() for p in parts]
    return len(qualifier) <= len(folded) and folded[-len(qualifier):] == qualifier


def _catalog_table_match(parts: tuple[str, ...], qualifier: Sequence[str]) -> bool:
    """Whether ``qualifier`` is the catalog and the name of the table of three-part name ``parts``, its schema left out
    (:attr:`.DialectRules.catalog_table_columns`).

    >>> _catalog_table_match(("db1", "s1", "t"), ["DB1", "t"]), _catalog_table_match(("db1", "s1", "t"), ["s1", "t"])
    (True, False)
    """
    return len(qualifier) == 2 and len(parts) == 3 and parts[0].casefold() == qualifier[0].casefold() \
        and parts[2].casefold() == qualifier[1].casefold()


def _table_arguments(argument: exp.Expression) -> exp.Expression:
    """A table function's argument with the polymorphic table functions' arguments (Trino's, Databricks') read as
    what they are: ``TABLE(t)`` the table's rows, as ``(SELECT * FROM t)``, ``TABLE(query)`` the query's;
    ``DESCRIPTOR(a, b)`` names columns, no values (read as NULL). Anything else as it is.

    >>> import sqlglot
    >>> call = sqlglot.parse_one("select * from table(f(input => table(s.t), columns => descriptor(a)))", "trino")
    >>> _table_arguments(call.find(exp.Anonymous).expressions[0]).sql("trino")
    'F(input => (SELECT * FROM s.t), columns => NULL)'
    """
    if not any(isinstance(node, exp.Anonymous) and node.name.upper() in ("TABLE", "DESCRIPTOR")
               for node in argument.find_all(exp.Anonymous)):
        return argument

    def read(node: exp.Expression) -> exp.Expression:
        if not isinstance(node, exp.Anonymous) or node.name.upper() not in ("TABLE", "DESCRIPTOR"):
            return node
        if node.name.upper() == "DESCRIPTOR" or len(node.expressions) != 1:
            return exp.Null()
        only = node.expressions[0]
        if isinstance(only, exp.Column):
            return exp.Subquery(this=exp.Select(expressions=[exp.Star()]).from_(_as_table(only)))
        return exp.Subquery(this=only.copy()) if isinstance(only, _QUERY_TYPES) else node

    return argument.copy().transform(read)


def _as_table(column: exp.Column) -> exp.Table:
    """The table a column's parts name (``TABLE(s.t)``, which sqlglot reads as a column)."""
    parts = [part.copy() for part in column.parts]
    return exp.Table(this=parts[-1], db=parts[-2] if len(parts) > 1 else None,
                     catalog=parts[-3] if len(parts) > 2 else None)


def cte_order(with_: exp.With, naming: Naming) -> list[exp.CTE]:
    """A WITH's CTEs in the order they are analyzed: as written, but under RECURSIVE (where each sees all the
    others), and in the dialects where each sees all the others anyway (:attr:`.DialectRules.forward_ctes`), a CTE
    after those it reads (``WITH RECURSIVE a AS (SELECT * FROM b), b AS (...)``); a cycle keeps the order written.

    >>> import sqlglot
    >>> from access_history_platform.sql.names import naming_for
    >>> tree = sqlglot.parse_one("with recursive a as (select * from b), b as (select 1 x) select * from a", "postgres")
    >>> [c.alias for c in cte_order(tree.args["with_"], naming_for("postgres"))]
    ['b', 'a']
    """
    written = list(with_.expressions)
    if not (with_.args.get("recursive") or naming.rules.forward_ctes) or len(written) < 2:
        return written
    names = {naming.ident(c.args["alias"].this).casefold(): c for c in written if c.args.get("alias")}
    reads = {id(c): {n for t in c.this.find_all(exp.Table) if not t.args.get("db")
                     and (n := naming.ident(t.this).casefold()) in names and names[n] is not c} for c in written}
    ordered: list[exp.CTE] = []
    placed: set[int] = set()
    while len(ordered) < len(written):
        ready = next((c for c in written if id(c) not in placed
                      and all(id(names[n]) in placed for n in reads[id(c)])), None)
        if ready is None:  # the rest read one another: as written
            ready = next(c for c in written if id(c) not in placed)
        ordered.append(ready)
        placed.add(id(ready))
    return ordered


def _cte(parts: tuple[str, ...], ctes: dict[str, QueryResult]) -> QueryResult | None:
    """The CTE a one-part table name refers to (a CTE shadows a table of the same name)."""
    if len(parts) != 1 or not ctes:
        return None
    found = ctes.get(parts[0])
    if found is not None:
        return found
    folded = parts[0].casefold()
    for key, value in ctes.items():
        if key.casefold() == folded:
            return value
    return None


#: Table functions whose first argument is a model (BigQuery ``ML.PREDICT(MODEL m, ...)`` and the other ML functions
#: sqlglot reads); their other table arguments are tables.
_MODEL_FUNCTIONS = (exp.Predict, exp.GenerateEmbedding, exp.MLTranslate, exp.MLForecast, exp.GenerateText,
                    exp.GenerateTable, exp.GenerateBool, exp.GenerateInt, exp.GenerateDouble)

#: Functions of ``*`` that count rows, as ``COUNT(*)`` does (:meth:`Analyzer._star_argument`): Oracle's.
_ROW_COUNTS = frozenset({"APPROX_COUNT"})
#: The formats of files a name may read or write in place (Spark's and Databricks' built-in ones, XML among them since
#: Spark 4; the table formats Delta, Iceberg and Hudi, whose `format.`/path`` is the table at that path).
_FILE_FORMATS = frozenset({"parquet", "json", "csv", "orc", "avro", "text", "delta", "binaryfile", "xml", "iceberg",
                           "hudi"})


def names_files(parts: tuple[str, ...]) -> bool:
    """Whether a table's name is Spark's and Databricks' ``format.`/path``` (``delta.`/tmp/t```): the files at the
    path, read or written in place."""
    return len(parts) == 2 and parts[0].casefold() in _FILE_FORMATS and "/" in parts[1]


def passed_through_query(text: str, catalog: exp.Identifier | None, dialects: Sequence[str | None], shown: str,
                         *, linked: bool = False) -> exp.Expression:
    """The tree of a query another database runs over its own tables (a pass-through query, :meth:`Analyzer.
    _passed_through`; Exasol's ``IMPORT ... STATEMENT '...'``), its tables named in ``catalog``: read as the first of
    ``dialects`` that reads it, else as the first of the data sources' SQL dialects that does. A text that is no query
    this platform reads, or names a table without its schema (the data source's default schema, which the log does not
    give), raises :class:`UnsupportedStatement`, saying so, rather than lose what it reads."""
    tree, error = None, None
    for dialect in dict.fromkeys(d for d in (*dialects, *_DATA_SOURCE_DIALECTS) if d):
        try:
            tree = parse_sql(text, dialect, what="the pass-through query")
            break
        except SqlglotError as err:
            error = error or err
    if tree is None and error is not None:
        raise UnsupportedStatement(f"{shown}: the data source's query cannot be read: {first_line(error)[:200]}")
    if tree is None or not _is_query(tree):
        raise UnsupportedStatement(f"{shown}: the data source's text is not a query")
    ctes = {cte.alias_or_name.casefold() for cte in tree.find_all(exp.CTE)}
    for table in tree.find_all(exp.Table) if catalog is not None else ():
        if linked and isinstance(table.this, exp.Identifier) and table.name.casefold() not in ctes:
            if table.args.get("catalog") is None:
                raise UnsupportedStatement(f"{shown}: the linked server's query names {table.sql('tsql')} without "
                                           "its database, and the linked server's default database is not in the log")
            table.set("this", exp.Dot(this=table.args["db"].copy(), expression=table.this.copy()))
            table.set("db", table.args["catalog"].copy())
            table.set("catalog", catalog.copy())
            continue
        if not isinstance(table.this, exp.Identifier) or table.args.get("catalog") is not None:
            continue
        if table.args.get("db") is not None:  # schema.table: the catalog's
            table.set("catalog", catalog.copy())
        elif table.name.casefold() not in ctes and table.name.upper() != "DUAL":  # (DUAL: Oracle's row, MySQL's)
            # the data source's default schema, which the log does not give
            raise UnsupportedStatement(f"{shown}: the data source's query names {table.name} without its schema, "
                                       "and the data source's default schema is not in the log")
    return tree


#: The SQL of the data sources Trino passes a query through to (its JDBC connectors'), tried in turn after the
#: statement's own dialect: the log says which catalog, not which kind of database it is.
_DATA_SOURCE_DIALECTS = ("postgres", "mysql", "tsql", "oracle", "snowflake", "bigquery", "clickhouse")
#: The SQL of the data source of a Trino catalog named after its connector (the docs' ``mariadb.system.query(...)``),
#: whose query is read in it first: MySQL's ``TIMESTAMPDIFF(YEAR, a, b)`` takes a unit, which Trino's SQL reads as a
#: column ``year``.
_CONNECTOR_DIALECTS = {"mysql": "mysql", "mariadb": "mysql", "singlestore": "mysql", "postgresql": "postgres",
                       "postgres": "postgres", "redshift": "redshift", "sqlserver": "tsql", "oracle": "oracle",
                       "snowflake": "snowflake", "bigquery": "bigquery", "clickhouse": "clickhouse"}

_DATA_FILE = re.compile(r"\.(?:csv|tsv|txt|parquet|json|jsonl|ndjson|xlsx|arrow|avro)(?:\.(?:gz|zst|bz2))?$",
                        re.IGNORECASE)


def spells_files(name: str) -> bool:
    """Whether a FROM item's name spells files (DuckDB's replacement scans): a path, a URL, a glob or a file name with
    a data format's extension.

    >>> [spells_files(n) for n in ("data/a.csv", "s3://b/k", "*.parquet", "events.json.gz", "orders", "v1.2")]
    [True, True, True, True, False, False]
    """
    return "/" in name or "*" in name or bool(_DATA_FILE.search(name))


def _by_name(node: exp.Expression, left: QueryResult, right: QueryResult) -> tuple[list, frozenset]:
    """The columns of set operation ``node`` matching its branches' columns by name (case ignored, as Snowflake, DuckDB
    and Trino match them), and what the kept ones of both branches are computed from. ``UNION [ALL] BY NAME`` keeps
    every column, one only the right branch has after the left's (NULL in the left's rows); ``CORRESPONDING`` (sqlglot's
    ``INNER ... BY NAME``, BigQuery's spelling) only those both branches have, ``CORRESPONDING BY (c, ...)`` (``BY NAME
    ON (...)``) those it lists, in its order, BigQuery's ``LEFT ... BY NAME`` the left's. Only a UNION's values come
    from its right branch too; a branch of unknown columns may have a column of any name.

    >>> left = QueryResult([("A", frozenset({1})), ("B", frozenset({2}))], EMPTY)
    >>> both = left, QueryResult([("b", frozenset({3}))], EMPTY)
    >>> [(n, sorted(f)) for n, f in _by_name(exp.Union(by_name=True), *both)[0]]
    [('A', [1]), ('B', [2, 3])]
    >>> [(n, sorted(f)) for n, f in _by_name(exp.Union(by_name=True, kind="INNER"), *both)[0]]
    [('B', [2, 3])]
    """
    union = isinstance(node, exp.Union)
    columns, merged = list(left.columns), list(left.columns)
    at = {name.casefold(): index for index, (name, _) in enumerate(columns)}
    for name, flow in right.columns:
        index = at.get(name.casefold())
        if index is None:
            at[name.casefold()] = len(columns)
            columns.append((name, flow if union else EMPTY))
            merged.append((name, flow))
        else:
            merged[index] = (merged[index][0], merged[index][1] | flow)
            if union:
                columns[index] = merged[index]
    listed = [column.name.casefold() for column in node.args.get("on") or ()]
    if listed:
        kept = [at[name] for name in listed if name in at]
    elif node.args.get("kind") == "INNER":
        lefts, rights = ({name.casefold() for name, _ in side.columns} for side in (left, right))
        kept = [index for name, index in at.items()
                if (name in lefts or left.open) and (name in rights or right.open)]
    elif node.args.get("side") == "LEFT":
        kept = list(range(len(left.columns)))
    else:
        kept = list(range(len(columns)))
    return [columns[i] for i in kept], frozenset().union(*(merged[i][1] for i in kept))


def _by_name_open(node: exp.Expression, left: QueryResult, right: QueryResult) -> bool:
    """Whether set operation ``node``, matching by name, has columns beyond the known ones (see :func:`_by_name`)."""
    if node.args.get("on"):
        return False
    if node.args.get("kind") == "INNER":
        return left.open and right.open
    return left.open or (right.open and node.args.get("side") != "LEFT")


def _columns_matching(node: exp.Expression) -> re.Pattern | None:
    """ClickHouse's and DuckDB's ``COLUMNS('regexp')``: the expression that picks the columns (found anywhere in the
    name, as re2's partial match does); None for another node, or a pattern Python does not read.

    >>> _columns_matching(exp.Columns(this=exp.Literal.string("^amount_"))).search("amount_eur") is not None
    True
    """
    if type(node) is not exp.Columns or not isinstance(node.this, exp.Literal) or not node.this.is_string:
        return None
    try:
        return re.compile(node.this.name)
    except re.error:
        return None


def _columns_star(node: exp.Expression) -> tuple[exp.Star, re.Pattern | _NameTest | None] | None:
    """ClickHouse's and DuckDB's ``COLUMNS(...)`` as the star it expands like and the pattern that picks the columns:
    ``COLUMNS('regexp')`` (:func:`_columns_matching`), ``COLUMNS([t.]* [EXCLUDE | REPLACE | RENAME ...])`` the star,
    ``COLUMNS(* LIKE 'p')`` the names it matches (:func:`_pattern_star`), ``COLUMNS(['a', 'b'])`` those names,
    ``COLUMNS(lambda c: ...)`` or of a list computed when it runs (``COLUMNS([x FOR x IN *])``) every column (neither is
    run here: each may be picked). None for another node.

    >>> star, picked = _columns_star(exp.Columns(this=exp.Array(expressions=[exp.Literal.string("id")])))
    >>> bool(picked.search("ID")), bool(picked.search("idx"))
    (True, False)
    """
    if type(node) is not exp.Columns:
        return None
    inner = node.this
    if isinstance(inner, exp.Star):
        return inner.copy(), None
    if isinstance(inner, exp.Array) and inner.expressions and all(
            isinstance(name, exp.Literal) and name.is_string for name in inner.expressions):
        names = "|".join(re.escape(name.name) for name in inner.expressions)
        return exp.Star(), re.compile(f"^(?:{names})$", re.IGNORECASE)  # (the whole name: a star's match searches)
    if isinstance(inner, exp.Column) and isinstance(inner.this, exp.Star):  # COLUMNS(t.* EXCLUDE (a))
        return inner.copy(), None
    matching = _columns_matching(node)
    if matching is not None:
        return exp.Star(), matching
    patterned = _pattern_star(inner)  # COLUMNS(* LIKE 'a%')
    if patterned is not None:
        return patterned
    # a lambda (not run here), or a list computed when it runs (COLUMNS([x FOR x IN *]), COLUMNS(list_concat(...))):
    # each column may be picked
    return None if isinstance(inner, (exp.Literal, exp.Column)) else (exp.Star(), None)


def _regex_star(node: exp.Expression) -> tuple[exp.Expression, _NameTest] | None:
    """A backquoted name of a select list as Spark reads it once its session set
    ``spark.sql.parser.quotedRegexColumnNames`` (:attr:`.Binder.regex_names`): a regular expression of the columns it
    selects, a star taking each column whose whole name it matches, in any case (``SELECT `(ds|hr)?+.+` FROM t``:
    every column but ds and hr; ``t.`(a)?+.+``` of t's columns). None for a name of letters, digits and underscores
    only (Spark's "normal string"), one not backquoted, or a pattern Python's regular expressions cannot read.

    >>> from sqlglot import parse_one
    >>> star, test = _regex_star(parse_one("select t.`(ds|hr)?+.+` from t", read="spark").expressions[0])
    >>> star.sql("spark"), test.search("DS"), test.search("value"), test.search("hr2")
    ('t.*', False, True, True)
    >>> _regex_star(parse_one("select `a_1` from t", read="spark").expressions[0]) is None
    True
    """
    if type(node) is not exp.Column or type(node.this) is not exp.Identifier or not node.this.quoted:
        return None
    name = node.this.name
    if all(char.isalnum() or char == "_" for char in name):
        return None
    try:
        pattern = re.compile(name, re.IGNORECASE)
    except re.error:
        return None
    table = node.args.get("table")
    star = exp.Star() if table is None else exp.Column(this=exp.Star(), table=table.copy())
    return star, _NameTest(pattern, False)


class _NameTest:
    """A test of a column's name with a ``search`` as a compiled pattern's: whether the pattern matches the whole name,
    or, ``negated``, does not."""

    __slots__ = ("pattern", "negated")

    def __init__(self, pattern: re.Pattern, negated: bool) -> None:
        self.pattern, self.negated = pattern, negated

    def search(self, name: str) -> bool:
        return (self.pattern.fullmatch(name) is None) is self.negated

@dataclass(slots=True)
class _StarModifiers:
    """What a star's modifiers do to the columns it takes: the names its ``EXCEPT`` (``EXCLUDE``) leaves out (as
    written, and folded), its qualified ones (DuckDB's ``EXCLUDE (s1.t.c)``, leaving out the column of that FROM item
    only), the pattern of ``ILIKE``, the test of ``COLUMNS(...)`` (:func:`_columns_star`), the new names ``RENAME``
    gives, and the expressions ``REPLACE`` takes columns from, by name (each taken once)."""

    excluded: set[str]
    excluded_folded: set[str]
    qualified: list[exp.Column]
    wanted: re.Pattern | None
    matching: re.Pattern | _NameTest | None
    renames: dict[str, str]
    replaces: dict[str, exp.Expression]

    @classmethod
    def of(cls, star: exp.Expression, matching: re.Pattern | _NameTest | None, naming: Naming) -> _StarModifiers:
        """The modifiers of ``star``, names read by ``naming``; a ``REPLACE`` item without its column's name is an
        error."""
        listed = star.args.get("except_") or ()
        qualified = [c for c in listed if isinstance(c, exp.Column) and c.args.get("table") is not None]
        excluded = {naming.ident(c.this if isinstance(c, exp.Column) else c) for c in listed if c not in qualified}
        excluded_folded = {e.casefold() for e in excluded}
        wanted = _ilike(star.args.get("ilike"))
        renames = {
            naming.ident(r.this.this if isinstance(r.this, exp.Column) else r.this): naming.ident(r.args["alias"])
            for r in star.args.get("rename") or ()
        }
        if any(not isinstance(r, exp.Alias) or not r.args.get("alias") for r in star.args.get("replace") or ()):
            raise UnsupportedStatement("* REPLACE (...): each replacement needs its column's name, expr AS column")
        replaces = {naming.ident(r.args["alias"]): r.this for r in star.args.get("replace") or ()}
        return cls(excluded, excluded_folded, qualified, wanted, matching, renames, replaces)


def _pattern_star(node: exp.Expression) -> tuple[exp.Expression, _NameTest] | None:
    """DuckDB's ``SELECT * [NOT] LIKE 'p'``, ``* NOT ILIKE 'p'`` and ``* [NOT] SIMILAR TO 're'`` (``* ILIKE`` is the
    star's own): the star and the test of the names of the columns it takes; None for another node.

    >>> from sqlglot import parse_one
    >>> star, test = _pattern_star(parse_one("select * not like 'a%' from t", read="duckdb").expressions[0])
    >>> test.search("b"), test.search("a1"), test.search("A1")
    (True, False, True)
    >>> _pattern_star(parse_one("select * similar to '(a|c)' from t", read="duckdb").expressions[0])[1].search("c")
    True
    """
    negated = isinstance(node, exp.Not)
    if negated:
        node = node.this
    star = node.this if isinstance(node, (exp.Like, exp.ILike, exp.SimilarTo)) else None
    if not (isinstance(star, exp.Star) or isinstance(star, exp.Column) and isinstance(star.this, exp.Star)) \
            or not isinstance(node.expression, exp.Literal) or not node.expression.is_string:
        return None
    negated ^= bool(node.args.get("negate"))
    text = node.expression.name
    try:
        pattern = re.compile(text, re.DOTALL) if isinstance(node, exp.SimilarTo) \
            else _like(text, re.IGNORECASE if isinstance(node, exp.ILike) else 0)
    except re.error:
        return None
    return star.copy(), _NameTest(pattern, negated)  # (t.* LIKE 'p', * EXCLUDE (a) LIKE 'p': that star's columns)


def _ilike(pattern: exp.Expression | None) -> re.Pattern | None:
    """``SELECT * ILIKE 'pattern'``'s pattern as a regular expression (``%`` any text, ``_`` one character, case
    ignored); None for no pattern.

    >>> bool(_ilike(exp.Literal.string("%am%")).fullmatch("AMOUNT")), bool(_ilike(exp.Literal.string("n_")).fullmatch("NAME"))
    (True, False)
    """
    if not isinstance(pattern, exp.Literal):
        return None
    return _like(pattern.name, re.IGNORECASE)


def _like(pattern: str, flags: int = 0) -> re.Pattern:
    """A LIKE pattern as a regular expression to match whole names with (``%`` any text, ``_`` one character)."""
    return re.compile("".join(".*" if c == "%" else "." if c == "_" else re.escape(c) for c in pattern),
                      flags | re.DOTALL)


_COLUMN, _LEAF, _QUERY, _EXISTS, _PARAMETER, _CALL = "column", "leaf", "query", "exists", "parameter", "call"
_RETURNING = "returning"  # a JSON constructor, whose RETURNING type is no value
_POSITION = "position"  # DuckDB's #n, the FROM clause's n-th column
#: A keyword that is a call (``current_date``), which Spark resolves as a column of its name where the FROM clause has
#: one ("a column ... takes precedence": its analyzer turns the name into the function only when no column has it)
_KEYWORD = "keyword"
#: How :meth:`Analyzer.collect` treats a node, by its exact type; any other node is walked into.
_KINDS: dict[type, str] = {
    exp.Column: _COLUMN,
    **dict.fromkeys((exp.Literal, exp.Null, exp.Boolean, exp.DataType, exp.Var, exp.Identifier, exp.Placeholder,
                     exp.Star, exp.Columns), _LEAF),
    **dict.fromkeys((exp.Select, exp.Union, exp.Intersect, exp.Except, exp.Subquery), _QUERY),
    exp.Exists: _EXISTS,
    exp.Parameter: _PARAMETER,
    exp.PositionalColumn: _POSITION,
    **dict.fromkeys((exp.CurrentDate, exp.CurrentTimestamp, exp.CurrentUser, exp.SessionUser), _KEYWORD),
    exp.Anonymous: _CALL,
    exp.Dot: _CALL,
    **dict.fromkeys((exp.JSONObject, exp.JSONObjectAgg, exp.JSONArray, exp.JSONArrayAgg), _RETURNING),
}


def analyze_query(node: exp.Expression, binder: Binder, reads: DirectReads | None = None) -> QueryResult:
    """The dataflow of one query.

    >>> from access_history_platform.catalog import Catalog, CatalogObject, Column
    >>> from access_history_platform.sql.binder import Binder
    >>> t = CatalogObject("Table", "DB.S.T", 1, (Column("A", 11), Column("B", 12)))
    >>> import sqlglot
    >>> result = analyze_query(sqlglot.parse_one("SELECT a + b AS s FROM t WHERE b > 0", read="snowflake"),
    ...                        Binder.for_session(Catalog([t]), "snowflake", "DB", "S"))
    >>> sorted(a.column for a in result.flow_of("S"))
    ['A', 'B']
    """
    return Analyzer(binder, reads).query(node)


#: ClickHouse's dictionary functions that read a dictionary's keys (or hierarchy), no attribute named by the call.
_DICTIONARY_KEYS = frozenset({"dicthas", "dictisin", "dictgethierarchy", "dictgetchildren", "dictgetdescendants"})
#: ClickHouse's calls that read an attribute of a Join table by key, as ``dictGet`` reads a dictionary's.
_JOIN_GETTERS = frozenset({"joinget", "joingetornull"})


def files_read(call: exp.Expression, naming: Naming) -> list[str] | None:
    """The files a call of one of the dialect's file readers reads, or writes as ClickHouse's ``INSERT INTO FUNCTION
    s3('url', ...)`` (:attr:`.dialects.DialectRules.file_readers`): the strings of its first argument, one or a list.
    None for any other call."""
    readers = naming.rules.file_readers
    if not readers or not isinstance(call, exp.Func):
        return None
    name = (call.name if isinstance(call, exp.Anonymous) else call.sql_name()).lower()
    if name not in readers:
        return None
    arguments = [*([call.this] if isinstance(call.this, exp.Expression) else []), *call.expressions]
    if name.endswith("cluster"):  # ClickHouse's s3Cluster('cluster', 'url', ...): the cluster's name comes first
        arguments = arguments[1:]
    first = arguments[0] if arguments else None
    listed = isinstance(first, exp.Array) or (isinstance(first, exp.Anonymous) and first.name.upper() == "BULK")
    strings = first.expressions if listed else [first]  # (a list; T-SQL's OPENROWSET(BULK ('a', 'b'), ...))
    if not strings or not all(isinstance(s, exp.Literal) and s.is_string for s in strings):
        shown = call.sql(dialect=naming.dialect)
        raise UnsupportedStatement(f"{shown if len(shown) <= 80 else shown[:77] + '...'}: the files read are "
                                   "not named by strings")
    if name.startswith("azureblobstorage"):
        return [azure_blobs(strings[0].name, arguments[1:3])]
    return [s.name for s in strings]
