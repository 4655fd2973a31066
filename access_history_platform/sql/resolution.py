"""What one statement reads, writes and defines, gathered while it is resolved.

Statement handlers (:mod:`.dml`, :mod:`.ddl`) feed a :class:`Resolution`: the queries they
analyse record direct reads; the writes they find become ``objects_modified`` entries with
column lineage; DDL adds ``object_modified_by_ddl`` entries. :meth:`Resolution.parts` then
expands the reads to base objects and collects the policies enforced.
"""

from __future__ import annotations

import dataclasses
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Iterable, Iterator

from sqlglot import exp

from ..catalog import CatalogObject
from ..errors import UnsupportedStatement
from .analysis import EMPTY, Analyzer, ColumnAtom, DirectReads, QueryResult, Scope, Source
from .assemble import (
    Entry,
    Expansion,
    Lineage,
    column_entries,
    direct_objects,
    location_entry,
    object_entry,
    policies_referenced,
)
from .binder import Binder, parse_view_definition
from .dialects import server_file
from .rules import rule_instead, rules_on


@dataclass
class RecordParts:
    """The object lists of one record (everything but the statement's identity)."""

    direct_objects_accessed: list[Entry] = field(default_factory=list)
    base_objects_accessed: list[Entry] = field(default_factory=list)
    objects_modified: list[Entry] = field(default_factory=list)
    object_modified_by_ddl: list[Entry] = field(default_factory=list)
    policies_referenced: list[Entry] = field(default_factory=list)
    #: Every object read at any depth, with its columns read (what the policies are computed
    #: from), and the masking checks the lineage made: with them a cache can redo the policies
    #: alone when only tags or policies changed. None when the parts do not come from an analysis.
    visited: dict[CatalogObject, dict[str, None]] | None = field(default=None, repr=False, compare=False)
    masking_checks: tuple[tuple[CatalogObject, str, tuple[str, ...]], ...] = field(default=(), repr=False, compare=False)
    #: Why the statement has no record where its kind alone does not say (:func:`unchanged`, :func:`not_recorded`).
    no_record: str | None = None
    #: What the record leaves out that its statement reads (:meth:`.analysis.DirectReads.warnings`); the resolver adds
    #: the objects it names short of their full names (:func:`.resolve.partial_names`).
    warnings: tuple[str, ...] = ()

    @property
    def empty(self) -> bool:
        return not (
            self.direct_objects_accessed
            or self.base_objects_accessed
            or self.objects_modified
            or self.object_modified_by_ddl
        )



#: The end of a no-record outcome's reason after the statement's kind (``ALTER WAREHOUSE statements are not
#: recorded``): :func:`.dispatch.no_record_reason`, :func:`not_recorded`.
NOT_RECORDED = " statements are not recorded"


def not_recorded(kind: str) -> RecordParts:
    """No record, for a statement of a form the reference records nothing for, though its verb and object often are
    recorded (``ALTER DATABASE ... REFRESH``: replication).

    >>> not_recorded("ALTER DATABASE ... REFRESH").no_record
    'ALTER DATABASE ... REFRESH statements are not recorded'
    """
    return RecordParts(no_record=f"{kind}{NOT_RECORDED}")


#: The end of the reason of a DDL statement that changed nothing (:func:`unchanged`); its no-record kind.
NOTHING_CHANGED = "nothing changed"


def unchanged(verb: str, *names: str, found: bool) -> RecordParts:
    """No record, for a statement whose ``IF NOT EXISTS`` found its object there (``found``) or whose ``IF EXISTS``
    found none (of ``names``: a ``DROP a, b`` may find neither): it changed nothing (the reference:
    "only records ... when creating or modifying"), and says so (its kind was its verb's, as if such statements
    were never recorded).

    >>> unchanged("CREATE TABLE", "D.S.T", found=True).no_record, unchanged("DROP VIEW", "D.S.V", found=False).no_record
    ('CREATE TABLE ... IF NOT EXISTS: D.S.T is there already, nothing changed', 'DROP VIEW ... IF EXISTS: there is no D.S.V, nothing changed')
    >>> unchanged("DROP TABLE", "D.S.A", "D.S.B", found=False).no_record
    'DROP TABLE ... IF EXISTS: there is no D.S.A nor D.S.B, nothing changed'
    """
    listed = " nor ".join(names)
    found_it = f"IF NOT EXISTS: {listed} is there already" if found else f"IF EXISTS: there is no {listed}"
    return RecordParts(no_record=f"{verb} ... {found_it}, {NOTHING_CHANGED}")


#: How many views deep a write through views of updatable views is followed to its table.
VIEWS_DEEP = 16


class Resolution:
    """Collects one statement's reads, writes and DDL."""

    def __init__(self, binder: Binder, *, record_stages: bool = False) -> None:
        self.binder = binder
        self.reads = DirectReads()
        self.analyzer = Analyzer(binder, self.reads, record_stages=record_stages)
        self.lineage = Lineage(binder)
        self._modified: dict[tuple, Entry] = {}
        self._written: dict[tuple, dict[str, tuple[set, set]]] = {}
        self.ddl: list[Entry] = []
        #: the tables an UPDATE, DELETE or MERGE changes rows of: their row access policy decides which rows, read or
        #: not ("row access policies ... UPDATE, DELETE, and MERGE"): referenced though the statement reads no column
        self.filtered: list[CatalogObject] = []
        #: what the statement being read does to the rows of the table it writes (``INSERT``, ``UPDATE``, ``DELETE``:
        #: :meth:`writing`), which decides which of its rules run
        self.event: str | None = None
        #: the writes of tables with rules (PostgreSQL's), by (write, event): the table, and each written column's
        #: flow, what the rules' ``NEW`` gives (:func:`.dml.rule_writes`)
        self.ruled: dict[tuple, tuple[CatalogObject, dict[str, set]]] = {}
        #: the views with rules on the statement's event it writes through (their rules run too), with the event
        self.through: list[tuple[CatalogObject, str]] = []
        #: whether the statement being read returns rows (``RETURNING``), and the writes of :attr:`ruled` by one
        #: that does: a rule's command returns rows (and reads what its ``RETURNING`` names) only for such a one
        self.returning = False
        self.returned: set[tuple] = set()

    @contextmanager
    def writing(self, event: str, *, returning: bool = False) -> Iterator[None]:
        """Inside, the statement read is an ``event`` (an INSERT's data-modifying CTE, an UPDATE, is one of its
        own), ``returning`` rows or not."""
        before = self.event, self.returning
        self.event, self.returning = event, returning
        try:
            yield
        finally:
            self.event, self.returning = before

    def within(self, binder: Binder) -> Resolution:
        """This statement's resolution with names resolved by ``binder`` (a stored definition run by the statement,
        in its object's own database and schema): what it reads and writes is recorded here."""
        other = Resolution.__new__(Resolution)
        other.binder, other.reads, other.lineage = binder, self.reads, self.lineage
        other.analyzer = Analyzer(binder, self.reads, record_stages=self.analyzer.record_stages)
        other._modified, other._written, other.ddl = self._modified, self._written, self.ddl
        other.filtered, other.event, other.ruled, other.through = self.filtered, None, self.ruled, self.through
        other.returning, other.returned = False, self.returned
        return other

    # ------------------------------------------------------------------ reads
    def query(self, node: exp.Expression, outer: Scope | None = None) -> QueryResult:
        return self.analyzer.query(node, outer)

    def relation(self, table: exp.Table) -> CatalogObject:
        return self.binder.relation(self.binder.naming.table_parts(table))

    def target(self, table: exp.Table, *, through: bool = True) -> CatalogObject:
        """The object a statement writes rows into: a relation, never a session's temporary view (Spark inserts into
        no view a query defines: a logged write into the name was into the table). T-SQL's ``INSERT OPENQUERY(server,
        'query')`` (``UPDATE``, ``DELETE``) writes a linked server's table, which the statement does not name: set
        aside, saying so. ``through``: a write into a view lands in the table under it
        (:attr:`.dialects.DialectRules.writes_through_views`)."""
        if not table.args.get("db") and table.name.casefold() in self.binder.naming.rules.remote_rowsets:
            raise UnsupportedStatement(f"a write through {table.name.upper()}(...): a linked server's table, which the "
                                       "statement does not name")
        found = self.binder.relation(self.binder.naming.table_parts(table), session=False)
        if found.rules and self.ruled_view(found):  # (a view's rule takes the write: PostgreSQL's)
            return found
        rules = self.binder.naming.rules
        if through and rules.writes_through_views and (found.domain == "View" or (
                found.domain == "Materialized view" and " TO " in (found.definition or "").upper())):
            return self._stored_under(found) or found  # (a materialized view of its own engine stores its rows)
        if through and rules.updatable_views and found.domain == "View":
            stored = found  # (through a view of an updatable view, and so on, to the table)
            for _ in range(VIEWS_DEEP):
                under = self._stored_under(stored, filtered=True)
                if under is None:
                    break
                stored = under
                if stored.domain != "View":
                    break
            return stored
        return found

    def ruled_view(self, view: CatalogObject) -> bool:
        """Whether an unconditional ``DO INSTEAD`` rule of ``view`` takes the statement's write (PostgreSQL writes
        no table through it); a view with other rules on the event is written through, and they run too."""
        if rule_instead(view, self.event):
            return True
        if view.is_view and rules_on(view, self.event) and (view, self.event) not in self.through:
            self.through.append((view, self.event))
        return False

    def _stored_under(self, view: CatalogObject, *, filtered: bool = False) -> CatalogObject | None:
        """The table a view selects all its rows from, as it is (one table, no join, filter or grouping): where a
        write into the view lands (:attr:`.dialects.DialectRules.writes_through_views`); None for another view.
        ``filtered``: an updatable view (:attr:`.dialects.DialectRules.updatable_views`), whose filter only decides
        which of the table's rows it shows, and whose columns are the table's by their own names."""
        shape = view_select(self.binder, view)
        if shape is None or shape[0].args.get("joins") or not filtered and shape[0].args.get("where"):
            return None
        query, items = shape
        if filtered and not all(_kept_as_is(projection) for projection in query.expressions):
            return None  # (a column computed or renamed: PostgreSQL writes none of it)
        starred = any(is_star(projection) for projection in query.expressions)
        if filtered and view.columns and not starred and [p.alias_or_name.casefold() for p in query.expressions] \
                != [c.name.casefold() for c in view.columns]:
            return None  # (CREATE VIEW v (a, b) AS SELECT x, y ...: its own names for the table's columns)
        stored = relation_in(self.binder, view, next(iter(items.values())))
        if filtered and starred and view.columns and not stored.columns_open and not all(
                stored.column(c.name) is not None for c in view.columns):
            return None
        return stored

    def _writes_system_table(self, target: CatalogObject) -> bool:
        """Whether a written table is a system catalog that neither the catalog nor the log holds (PostgreSQL's
        ``UPDATE pg_index ...``, ``DELETE FROM pg_catalog.pg_statistic ...``): not recorded, as its reads are not.
        A name qualified by another schema than the session's (``analytics.pg_events``) is a table of that schema."""
        if target.known:
            return False
        name = target.parts[-1:]
        return self.binder.is_ignored(target.parts, writing=True) or (
            self.binder.qualified(name) == target.parts and self.binder.is_ignored(name, writing=True))

    def scope_over(self, target: CatalogObject | None, alias: str, node: exp.Expression | None = None) -> Scope:
        """A scope holding a written table (not itself a read), the statement's CTEs and the FROM items of ``node``."""
        ctes: dict = {}
        with_ = node.args.get("with_") if node is not None else None
        if with_ is not None:
            conditions: set = set()
            ctes = self.analyzer._ctes(with_, None, {}, conditions)
        scope = Scope(None, ctes)
        scope.see(node, self.binder.naming)
        if target is not None and self._writes_system_table(target):
            scope.add(Source(alias or target.parts[-1], columns=None, open_flow=EMPTY))  # no reads of it either
        elif target is not None:
            scope.add(Source(alias or target.parts[-1], obj=target))
        if node is not None:
            self.analyzer._from(node, scope)
        return scope

    def add_source(self, scope: Scope, node: exp.Expression) -> Source | None:
        return self.analyzer._table_expression(node, scope)

    def join_sources(self, scope: Scope, left: Source, joins: list[exp.Join]) -> None:
        """Add the tables joined to ``left`` (with their ON conditions) to ``scope``."""
        self.analyzer._joins(joins, left, scope)

    def collect(self, node: exp.Expression | None, scope: Scope, acc: set | None = None) -> frozenset:
        """The flow of an expression in ``scope`` (its reads recorded); into ``acc`` when given."""
        if node is None:
            return EMPTY
        target = set() if acc is None else acc
        self.analyzer.collect(node, scope, target)
        return frozenset(target)

    def read_all_columns(self, obj: CatalogObject) -> None:
        self.reads.touch(obj)
        for column in obj.columns or ():
            self.reads.column(obj, column.name)

    def read_object(self, obj: CatalogObject) -> None:
        self.reads.touch(obj)

    def read_location(self, url: str) -> None:
        self.reads.location(server_file(self.binder.naming.rules, _located(url)))

    # ------------------------------------------------------------------ writes
    def write(self, target: CatalogObject | None, columns: Iterable[tuple[str, frozenset]] = ()) -> None:
        """``target`` is written: each (column, flow) gets its lineage; flows of one column merge. None: a location
        the statement wrote already (:meth:`write_location`)."""
        if target is None or self._writes_system_table(target):
            return
        key = ("obj", id(target))
        if key not in self._modified:
            self._modified[key] = {"target": target}
            self._written[key] = {}
        written = self._written[key]
        columns = _with_stored(target, columns)
        if self.event is not None and (target.rules or self.through):
            flows = self.ruled.setdefault((key, self.event), (target, {}))[1]
            if self.returning:
                self.returned.add((key, self.event))
            for name, flow in columns:
                flows.setdefault(name, set()).update(flow)
        for name, flow in columns:
            column = target.column(name)
            name = column.name if column is not None else name
            direct, base = self.lineage.sources(flow)
            slot = written.setdefault(name, ({}, {}))
            for entry in direct:
                slot[0].setdefault(_source_key(entry), entry)
            for entry in base:
                slot[1].setdefault(_source_key(entry), entry)

    def unwrite(self, target: CatalogObject) -> None:
        """``target`` is not written after all (an unconditional ``DO INSTEAD`` rule runs in the write's place)."""
        self._modified.pop(("obj", id(target)), None)
        self._written.pop(("obj", id(target)), None)

    def forget_reads(self) -> None:
        """Nothing is read after all (a statement an unconditional ``DO INSTEAD NOTHING`` rule discards)."""
        self.reads.objects.clear()
        self.reads.joins.clear()
        self.reads.unresolved.clear()
        self.reads.unknown_stars.clear()
        self.filtered.clear()

    def write_stage(self, stage: CatalogObject) -> None:
        self._modified.setdefault(("obj", id(stage)), {"entry": object_entry(stage)})

    def write_location(self, url: str) -> None:
        url = server_file(self.binder.naming.rules, _located(url))
        self._modified.setdefault(("loc", url), {"entry": location_entry(url)})

    def modified_entries(self) -> list[Entry]:
        out = []
        for key, item in self._modified.items():
            if "entry" in item:
                out.append(item["entry"])
                continue
            target: CatalogObject = item["target"]
            entry = object_entry(target, ())
            written = self._written[key]
            ids = {e["columnName"]: e["columnId"] for e in column_entries(target, written)}
            entry["columns"] = [
                {
                    "columnId": ids.get(name),
                    "columnName": name,
                    "directSources": list(direct.values()),
                    "baseSources": list(base.values()),
                }
                for name, (direct, base) in written.items()
            ]
            out.append(entry)
        return out

    # ------------------------------------------------------------------ result
    def parts(self) -> RecordParts:
        expansion = Expansion(self.binder)
        expansion.read_all(self.reads)
        locations = [location_entry(url) for url in dict.fromkeys((*self.reads.locations, *expansion.locations))]
        guessed: list[str] = []  # (a tag's masking policy for a column of unknown type)
        policies = policies_referenced(self.binder, {
            **expansion.visited, **{obj: {} for obj in self.filtered if obj not in expansion.visited}}, guessed)
        return RecordParts(
            direct_objects_accessed=direct_objects(self.reads),
            base_objects_accessed=expansion.entries() + locations,
            objects_modified=self.modified_entries(),
            object_modified_by_ddl=list(self.ddl),
            policies_referenced=policies,
            visited=expansion.visited,
            masking_checks=tuple(self.lineage.masking_checks),
            warnings=(*self.reads.warnings(), *dict.fromkeys(guessed)),
        )


def _with_stored(target: CatalogObject, columns: Iterable[tuple[str, frozenset]]) -> list[tuple[str, frozenset]]:
    """``columns`` written, and the stored generated columns of ``target`` that a write of them computes
    (:attr:`.Column.stored_from`: PostgreSQL's ``GENERATED ALWAYS AS (lower(a)) STORED``, written with a), each
    from what the written columns it is computed from are, through the computed ones it is computed from.

    >>> from ..catalog import Column
    >>> t = CatalogObject("Table", "D.S.T", 1, (Column("a", 2), Column("b", 3), Column("e", 4, stored_from=("a",))))
    >>> _with_stored(t, [("a", frozenset({"x"})), ("b", frozenset({"y"}))])
    [('a', frozenset({'x'})), ('b', frozenset({'y'})), ('e', frozenset({'x'}))]
    """
    columns = list(columns)
    stored = [c for c in target.columns or () if c.stored_from]
    if not stored or not columns:
        return columns
    flows: dict[str, frozenset] = {}
    for name, flow in columns:
        flows[name.casefold()] = flows.get(name.casefold(), frozenset()) | flow
    computed: dict[str, tuple[str, frozenset]] = {}
    for _ in range(len(stored)):  # (through the computed ones it is computed from: ClickHouse's EPHEMERAL parts, then
        changed = False  # MATERIALIZED parts[1], each written with the inserted line: until none changes)
        for column in stored:
            inputs = [flows[name.casefold()] for name in column.stored_from if name.casefold() in flows]
            flow = frozenset().union(*inputs) if inputs else None
            if flow is not None and computed.get(column.name.casefold(), (None, None))[1] != flow:
                computed[column.name.casefold()] = (column.name, flow)
                flows[column.name.casefold()] = flows.get(column.name.casefold(), frozenset()) | flow
                changed = True
        if not changed:
            break
    return columns + list(computed.values())


def _source_key(entry: dict[str, Any]) -> tuple:
    return (entry.get("objectDomain"), entry.get("objectName"), entry.get("objectId"), entry.get("columnName"))


#: A tag's PROPAGATE settings that carry it along data movement ("using a CTAS statement to create a table from a
#: tagged table") and along an object dependency ("creating a view, secure view, materialized view, or dynamic table
#: from a source object"). Only a CREATE carries tags here: its line is replayed on every worker of the Spark
#: pipeline, as a catalog change must be; an INSERT's or a MERGE's is not.
DATA_MOVEMENT = frozenset({"ON_DATA_MOVEMENT", "ON_DEPENDENCY_AND_DATA_MOVEMENT"})
DEPENDENCY = frozenset({"ON_DEPENDENCY", "ON_DEPENDENCY_AND_DATA_MOVEMENT"})


def propagated_tags(binder: Binder, columns: Iterable[tuple[str, frozenset]], settings: frozenset[str]
                    ) -> dict[str, dict[str, str]]:
    """The tags that Snowflake's automatic tag propagation carries to each column written (or defined) from
    ``columns``' flows: a tag set on a column read directly whose PROPAGATE is one of ``settings`` ("tag propagation
    automatically assigns an object tag to target objects if it is applied to the source object"), with its value; of
    two values, the first."""
    carried: dict[str, dict[str, str]] = {}
    for name, flow in columns:
        for atom in flow:
            column = atom.obj.column(atom.column) if isinstance(atom, ColumnAtom) else None
            for tag, tag_value in (column.tags if column is not None else {}).items():
                found = binder.catalog.referenced("Tag", tag)
                if found is not None and (found.propagate or "") in settings:
                    carried.setdefault(name, {}).setdefault(tag, tag_value)
    return carried


def tagged(obj: CatalogObject, carried: dict[str, dict[str, str]]) -> CatalogObject:
    """``obj`` with the tags ``carried`` set on its columns, where a column has none of that tag yet."""
    folded = {name.casefold(): tags for name, tags in carried.items()}
    columns = tuple(dataclasses.replace(column, tags={**folded[column.name.casefold()], **column.tags})
                    if column.name.casefold() in folded else column for column in obj.columns or ())
    return obj.evolve(columns=columns)


def relation_in(binder: Binder, view: CatalogObject, table: exp.Table) -> CatalogObject:
    """The relation ``table``, a FROM item of ``view``'s query, names: in the view's own database and schema, never a
    session's temporary object."""
    own = binder.for_object(view)
    return own.relation(own.naming.table_parts(table), session=False)


def view_select(binder: Binder, view: CatalogObject) -> tuple[exp.Select, dict[str, exp.Table]] | None:
    """A view's query when it shows rows of tables as they are, which a write through it may land in: one SELECT
    from tables (each FROM and JOIN item a table), without grouping, DISTINCT, LIMIT or WITH; with its tables by
    their aliases or names (case-folded). None for a view of another shape. A view's own column list over ``SELECT *``
    of one table (``CREATE VIEW v (x, y) AS SELECT * FROM t``) renames t's columns by position: its ``*`` is given as
    those columns, which the list then names."""
    query = parse_view_definition(view.definition or "", binder.naming.dialect)
    if not isinstance(query, exp.Select) or query.args.get("from_") is None or any(query.args.get(key) for key in (
            "group", "having", "distinct", "limit", "with_")):
        return None
    flat = _joins_unbracketed(query.args["from_"].this)
    if flat is not None and flat[1]:  # MySQL's form of a join view (SHOW CREATE VIEW, information_schema.VIEWS): FROM
        query = query.copy()  # (a JOIN b ON (...)), the joins bracketed: the same rows as FROM a JOIN b ON (...)
        query.set("from_", exp.From(this=flat[0]))
        query.set("joins", [*flat[1], *(query.args.get("joins") or [])])
    items: dict[str, exp.Table] = {}
    for item in [query.args["from_"].this, *(join.this for join in query.args.get("joins") or [])]:
        if not isinstance(item, exp.Table) or not isinstance(item.this, exp.Identifier):
            return None
        items[binder.naming.ident(item.args["alias"].this if item.args.get("alias") else item.this).casefold()] = item
    if len(items) == 1 and len(query.expressions) == 1 and is_star(query.expressions[0]) and view.columns:
        table = relation_in(binder, view, next(iter(items.values())))
        shown = [column.name for column in table.visible_columns()] if not table.columns_open else []
        own = [column.name for column in view.columns]
        if len(shown) == len(own) and [name.casefold() for name in shown] != [name.casefold() for name in own]:
            query = query.copy()
            query.set("expressions", [exp.column(exp.to_identifier(name, quoted=True)) for name in shown])
    return query, items


def _joins_unbracketed(item: exp.Expression) -> tuple[exp.Table, list[exp.Join]] | None:
    """A FROM item of bracketed joins (``(a JOIN b ON ...)``, ``((a JOIN b ...) JOIN c ...)``, unaliased) as its first
    table and the joins after it, in order (copies); None for an item of another kind."""
    if isinstance(item, exp.Subquery) and item.args.get("alias") is None:
        inner = _joins_unbracketed(item.this)
        return (inner[0], [*inner[1], *(join.copy() for join in item.args.get("joins") or [])]) \
            if inner is not None else None
    if isinstance(item, exp.Table):
        table = item.copy()
        joins = table.args.get("joins") or []
        table.set("joins", None)
        return table, list(joins)
    return None


def is_star(projection: exp.Expression) -> bool:
    """Whether a select-list item is ``*`` or ``t.*``."""
    inner = projection.unalias()
    return isinstance(inner, exp.Star) or isinstance(inner, exp.Column) and isinstance(inner.this, exp.Star)


def _kept_as_is(projection: exp.Expression) -> bool:
    """Whether a view's select-list item is a column of its table under its own name (``c``, ``t.c``, ``c AS c``,
    ``*``, ``t.*``)."""
    inner = projection.unalias()
    return isinstance(inner, exp.Star) or isinstance(inner, exp.Column) and (
        isinstance(inner.this, exp.Star) or projection.alias_or_name.casefold() == inner.name.casefold())


def _located(url: str) -> str:
    """``url``, a location a statement reads or writes; :class:`UnsupportedStatement` for an empty one (``UNLOAD
    (...) TO ''``, a script's variable left unset: no warehouse runs it), which no record names."""
    if not url.strip():
        raise UnsupportedStatement("the statement names an empty location ('')")
    return url
