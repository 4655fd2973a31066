"""From analysed flows to the record's lists: direct and base objects, lineage sources, policies.

* :func:`direct_objects` renders what a statement names (with ``joinObjects``).
* :class:`Expansion` replaces every view read, at every depth, by what stands behind the
  columns read (their sources, plus every column the definitions filter, join or group
  on); it also remembers every object read at any level, for :func:`policies_referenced`.
* :func:`column_sources` gives a written column's ``directSources`` and ``baseSources``.

Both descend through views over views along a :class:`ViewPath`, which refuses views that
form a cycle or stand more than :data:`MAX_VIEW_NESTING` deep.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Any, Iterable, Iterator

from ..catalog import EXPANDED_DOMAINS, CatalogObject
from ..errors import UnsupportedStatement
from .analysis import ColumnAtom, DirectReads, FunctionAtom, ObjectAtom, RowAtom
from .binder import Binder, records_in_base

Entry = dict[str, Any]
_OUTPUT_DOMAINS = {"Function": "FUNCTION", "Procedure": "PROCEDURE"}


#: How many views deep a statement may read (a view over a view over ... a table). SQL
#: Server refuses more than 32 levels; here expanding one level takes about three Python
#: frames, and Python's recursion limit stops a chain of about 330 views, so the limit
#: keeps a wide margin and still names the views.
MAX_VIEW_NESTING = 100


# --------------------------------------------------------------------------- entries


def object_entry(obj: CatalogObject, columns: Iterable[str] | None = None) -> Entry:
    """The record entry of an object: data object, stage, function or procedure."""
    if obj.domain == "Stage":
        return {"objectDomain": "Stage", "objectName": obj.name, "objectId": obj.id, "stageKind": obj.stage_kind}
    if obj.domain in _OUTPUT_DOMAINS:
        return {
            "objectDomain": _OUTPUT_DOMAINS[obj.domain],
            "objectName": obj.name,
            "objectId": obj.id,
            # a function or procedure known by name only: its arguments are unknown, not none
            "argumentSignature": obj.argument_signature or ("()" if obj.known else None),
            "dataType": obj.data_type,
        }
    return {
        "objectDomain": obj.domain,
        "objectName": obj.name,
        "objectId": obj.id,
        "columns": column_entries(obj, columns or ()),
    }


def column_entries(obj: CatalogObject, names: Iterable[str]) -> list[Entry]:
    """Columns in the catalog's order; columns the catalog does not know come last, without id."""
    wanted = dict.fromkeys(names)
    entries: list[Entry] = []
    for column in obj.columns if wanted and obj.columns else ():
        if column.name in wanted:
            entries.append({"columnId": column.id, "columnName": column.name})
            del wanted[column.name]
            if not wanted:  # the rest of a wide table holds none of them
                break
    for name in wanted:
        column = obj.column(name)
        entries.append({"columnId": column.id if column else None, "columnName": column.name if column else name})
    return entries


def node_entry(obj: CatalogObject) -> Entry:
    return {"objectDomain": obj.domain, "objectId": obj.id, "objectName": obj.name}


def source_entry(obj: CatalogObject, column: str | None) -> Entry:
    """A ``directSources`` / ``baseSources`` entry: a column of an object, or a function."""
    if obj.domain in _OUTPUT_DOMAINS:
        return object_entry(obj)
    return {"objectDomain": obj.domain, "objectName": obj.name, "objectId": obj.id, "columnName": column}


def location_entry(url: str) -> Entry:
    return {"location": url}


# --------------------------------------------------------------------------- direct


def one_per_object(objects: dict[CatalogObject, Any]) -> dict[CatalogObject, list[CatalogObject]]:
    """Each object of ``objects`` (its keys) with the objects it stands for: an object the catalog does not hold is
    a new instance wherever a name finds it (a view of another schema naming the same table, a function called
    twice), so those of one domain and name are one, the first met."""
    one: dict[CatalogObject, list[CatalogObject]] = {}
    first: dict[tuple[str, str], CatalogObject] = {}
    for obj in objects:
        key = obj if obj.id is not None else first.setdefault((obj.domain, obj.name), obj)
        one.setdefault(key, []).append(obj)
    return one


def _merged_columns(objects: dict[CatalogObject, dict[str, None]]) -> dict[CatalogObject, dict[str, None]]:
    """``objects`` with their columns, one entry per object (:func:`one_per_object`), their columns merged."""
    return {obj: {column: None for each in instances for column in objects[each]}
            for obj, instances in one_per_object(objects).items()}


def direct_objects(reads: DirectReads) -> list[Entry]:
    entries = []
    for obj, instances in one_per_object(reads.objects).items():
        entry = object_entry(obj, [column for each in instances for column in reads.objects[each]])
        joins = [join for each in instances for join in reads.joins.get(each, ())]
        if joins:
            entry["joinObjects"] = [{"joinType": kind, "node": node_entry(right)} for kind, right in joins]
        entries.append(entry)
    entries.extend(location_entry(url) for url in reads.locations)
    return entries


# --------------------------------------------------------------------------- base


class ViewPath:
    """The views being expanded, outermost first.

    A view met again on its own path is a cycle (``v1`` reads ``v2`` reads ``v1``), which
    would otherwise stand for nothing; a path longer than :data:`MAX_VIEW_NESTING` would
    end in a RecursionError. Both raise :class:`UnsupportedStatement` naming the views.

    >>> from access_history_platform.catalog import CatalogObject
    >>> v1, v2 = (CatalogObject("View", name, 1, definition="...") for name in ("D.S.V1", "D.S.V2"))
    >>> path = ViewPath()
    >>> with path.through(v1), path.through(v2), path.through(v1):
    ...     pass
    Traceback (most recent call last):
    ...
    access_history_platform.errors.UnsupportedStatement: views form a cycle: D.S.V1 -> D.S.V2 -> D.S.V1
    """

    def __init__(self) -> None:
        self._views: dict[str, CatalogObject] = {}
        self._columns: dict[str, dict[str, None]] = {}  # the columns asked of each view on the path

    def stored_on_cycle(self, view: CatalogObject) -> tuple[CatalogObject, dict[str, None]] | None:
        """When stepping into ``view`` would close a cycle through a materialized view, the last such view on it
        and the columns asked of it: its rows are stored, read as they are, not through the cycle (PostgreSQL lets
        a view read a materialized view made from it)."""
        if view.name not in self._views:
            return None
        names = list(self._views)
        on_cycle = [self._views[name] for name in names[names.index(view.name):]]
        stored = [obj for obj in on_cycle if obj.domain == "Materialized view"]
        return (stored[-1], self._columns[stored[-1].name]) if stored else None

    def check(self, view: CatalogObject) -> None:
        """Raise when stepping into ``view`` would close a cycle or go deeper than the limit."""
        if view.name in self._views:
            names = list(self._views)
            cycle = names[names.index(view.name):]
            raise UnsupportedStatement(f"views form a cycle: {' -> '.join([*cycle, view.name])}")
        if len(self._views) >= MAX_VIEW_NESTING:
            names = list(self._views)
            raise UnsupportedStatement(f"views are nested more than {MAX_VIEW_NESTING} levels deep: "
                                       f"{names[0]} -> {names[1]} -> ... -> {names[-1]} -> {view.name}")

    @contextmanager
    def through(self, view: CatalogObject, columns: dict[str, None] | None = None) -> Iterator[None]:
        """Inside: ``view`` is on the path (checked first), asked for ``columns``."""
        self.check(view)
        self._views[view.name] = view
        self._columns[view.name] = columns or {}
        try:
            yield
        finally:
            del self._views[view.name], self._columns[view.name]


class Expansion:
    """Base objects behind what a statement reads, and every object read at any level."""

    def __init__(self, binder: Binder) -> None:
        self.binder = binder
        self.base: dict[CatalogObject, dict[str, None]] = {}
        self.visited: dict[CatalogObject, dict[str, None]] = {}
        self._done: set[tuple[int, frozenset[str]]] = set()
        self._active: set[int] = set()  # functions being expanded
        self._path = ViewPath()
        #: the locations the views expanded read (files read in place by their definitions)
        self.locations: list[str] = []
        #: how deep in PostgreSQL materialized views the expansion is: their rows were computed when refreshed, so the
        #: policies of what they read are not applied to a read of them (a base object, not a policy's object)
        self._stored = 0

    def read(self, obj: CatalogObject, columns: Iterable[str]) -> None:
        columns = dict.fromkeys(columns)
        if not self._stored:
            self.visited.setdefault(obj, {}).update(columns)
        if obj.domain in ("Function", "Procedure"):
            self._read_function(obj)
        elif obj.is_view:
            self._expand(obj, columns)
        else:
            self.base.setdefault(obj, {}).update(columns)

    def read_all(self, reads: DirectReads) -> None:
        for obj, columns in reads.objects.items():
            self.read(obj, columns)

    def read_atoms(self, atoms: Iterable[object]) -> None:
        grouped: dict[CatalogObject, dict[str, None]] = {}
        unwrapped = (atom.atom if isinstance(atom, RowAtom) else atom for atom in atoms)
        for atom in sorted(unwrapped, key=atom_order):
            if isinstance(atom, ColumnAtom):
                grouped.setdefault(atom.obj, {})[atom.column] = None
            elif isinstance(atom, ObjectAtom):
                grouped.setdefault(atom.obj, {})
            elif isinstance(atom, FunctionAtom):
                grouped.setdefault(atom.fn, {})
        for obj, columns in grouped.items():
            self.read(obj, columns)

    def _read_function(self, fn: CatalogObject) -> None:
        if records_in_base(fn):
            self.base.setdefault(fn, {})
        body = self.binder.udf_body(fn) if fn.domain == "Function" else None
        if body is not None and fn.id not in self._active:
            self._active.add(fn.id)
            self.read_atoms(_all_atoms(body))
            self._active.discard(fn.id)

    def _expand(self, view: CatalogObject, columns: dict[str, None]) -> None:
        stored = self._path.stored_on_cycle(view)
        if stored is not None:  # a materialized view made from a view that now reads it: its stored rows
            self.base.setdefault(stored[0], {}).update(stored[1])
            return
        self._path.check(view)  # before the memo: a view met again on its own path is a cycle
        key = (view.id, frozenset(columns))
        if key in self._done:
            return
        self._done.add(key)
        result = self.binder.view_result(view)
        if result is None:  # a definition that does not parse: keep the view itself
            self.base.setdefault(view, {}).update(columns)
            return
        for location in self.binder.view_locations(view):
            if location not in self.locations:
                self.locations.append(location)
        atoms = set(result.conditions)
        for name in columns:
            flow = result.flow_of(name)
            if flow:
                atoms |= flow
        stored = view.domain == "Materialized view" and self.binder.naming.dialect_name == "postgres"
        self._stored += stored
        try:
            with self._path.through(view, columns):
                self.read_atoms(atoms)
        finally:
            self._stored -= stored

    def entries(self) -> list[Entry]:
        return [object_entry(obj, columns) for obj, columns in _merged_columns(self.base).items()]


def atom_order(atom: object) -> tuple:
    """A total order of atoms that does not depend on hashing, so records come out the same on every run."""
    if isinstance(atom, RowAtom):
        return (*atom_order(atom.atom), True)
    if isinstance(atom, ColumnAtom):
        return (atom.obj.name, atom.obj.domain, 1, atom.column, not atom.based)
    if isinstance(atom, FunctionAtom):
        return (atom.fn.name, atom.fn.domain, 2, f"{atom.fn.argument_signature or ''}.{atom.column or ''}", False)
    return (atom.obj.name, atom.obj.domain, 0, "", False)


def _all_atoms(result) -> set:
    atoms = set(result.conditions)
    for _, flow in result.columns:
        atoms |= flow
    return atoms


# --------------------------------------------------------------------------- lineage


class Lineage:
    """``directSources`` and ``baseSources`` of written columns, memoized per statement."""

    def __init__(self, binder: Binder) -> None:
        self.binder = binder
        self._base: dict[tuple[int, str], list[tuple[CatalogObject, str | None]]] = {}
        self._path = ViewPath()
        self._stored = 0  # materialized views met on a cycle so far: an answer that met one holds for its path only
        #: (object, column, whether its value flows) of every masking check the lineage made
        self.masking_checks: list[tuple[CatalogObject, str, tuple[str, ...]]] = []

    def sources(self, flow: Iterable[object]) -> tuple[list[Entry], list[Entry]]:
        direct: dict[tuple, Entry] = {}
        base: dict[tuple, Entry] = {}
        for atom in sorted(flow, key=atom_order):
            if isinstance(atom, ColumnAtom):
                direct.setdefault((id(atom.obj), atom.column), source_entry(atom.obj, atom.column))
                if atom.based:
                    for obj, column in self.base_of(atom.obj, atom.column):
                        base.setdefault((id(obj), column), source_entry(obj, column))
            elif isinstance(atom, FunctionAtom):
                direct.setdefault((id(atom.fn), None), source_entry(atom.fn, None))
                for obj, column in self.function_base(atom):
                    base.setdefault((id(obj), column), source_entry(obj, column))
        return list(direct.values()), list(base.values())

    def function_base(self, atom: FunctionAtom) -> list[tuple[CatalogObject, str | None]]:
        """The base sources of a function's result: the function itself where it is recorded among the base
        objects (CONTRACT 3a); of a SQL UDTF's column, its body's column's base sources, as a view's column's; of a
        scalar SQL UDF's value, the table columns its body computes it from (:meth:`_body_base`)."""
        out: list[tuple[CatalogObject, str | None]] = [(atom.fn, None)] if records_in_base(atom.fn) else []
        key = (id(atom.fn), f"\0{atom.column or ''}")  # beside the objects' columns in the memo
        if key not in self._base:
            self._base[key] = []  # guards against a function whose body calls it
            self._base[key] = self._body_base(atom.fn, atom.column)
        return [*out, *self._base[key]]

    def _body_base(self, fn: CatalogObject, column: str | None) -> list[tuple[CatalogObject, str | None]]:
        """The base sources of a SQL UDTF's ``column`` (its body's column at its place), or, with none, of a scalar SQL
        UDF's value: the table columns its body computes it from (``RETURN (SELECT sum(c2) FROM t2 WHERE c1 = x)``:
        t2.c2, as the subquery written in the statement gives; its arguments' are the call's, beside it)."""
        if column is None:
            body = self.binder.udf_body(fn)
            if body is None or body.open or len(body.columns) != 1:
                return []
            return self._flow_base(body.columns[0][1])
        names = self.binder.udtf_column_names(fn)
        if names is None or column not in names:
            return []
        return self._flow_base(self.binder.udf_body(fn).columns[names.index(column)][1])

    def _flow_base(self, flow: Iterable[object]) -> list[tuple[CatalogObject, str | None]]:
        out: dict[tuple, tuple[CatalogObject, str | None]] = {}
        for atom in sorted(flow, key=atom_order):
            if isinstance(atom, ColumnAtom) and atom.based:
                pairs = self.base_of(atom.obj, atom.column)
            elif isinstance(atom, FunctionAtom):
                pairs = self.function_base(atom)
            else:
                continue
            for pair in pairs:
                out.setdefault((id(pair[0]), pair[1]), pair)
        return list(out.values())

    def base_of(self, obj: CatalogObject, column: str) -> list[tuple[CatalogObject, str | None]]:
        key = (id(obj), column)
        if key not in self._base:
            self._base[key], stored = [], self._stored  # guards against cycles
            found = self._compute_base(obj, column)
            if self._stored != stored:  # (through a stored cycle: another path may meet another column of it)
                del self._base[key]
                return found
            self._base[key] = found
        return self._base[key]

    def _compute_base(self, obj: CatalogObject, column: str) -> list[tuple[CatalogObject, str | None]]:
        sources = masked_sources(self.binder, obj, column)
        self.masking_checks.append((obj, column, sources))
        if sources == (column,):
            return self._unmasked_base(obj, column)
        out: dict[tuple, tuple[CatalogObject, str | None]] = {}
        for name in sources:
            for pair in self._unmasked_base(obj, name):
                out.setdefault((id(pair[0]), pair[1]), pair)
        return list(out.values())

    def _unmasked_base(self, obj: CatalogObject, column: str) -> list[tuple[CatalogObject, str | None]]:
        if obj.domain == "Stage" or not obj.known and obj.columns is None and obj.domain not in ("Table",
                                                                                                   "External table"):
            return []  # (an unknown view's sources are not visible; an unknown table, external or not, is its own)
        if obj.domain in EXPANDED_DOMAINS:
            if not obj.is_view:  # shared (or a semantic view whose items are not known): its sources are not visible
                return []
            stored = self._path.stored_on_cycle(obj)
            if stored is not None:  # a materialized view made from a view that now reads it: its stored column
                self._stored += 1
                return [(stored[0], name) for name in stored[1]]
            result = self.binder.view_result(obj)
            flow = result.flow_of(column) if result is not None else None
            out: dict[tuple, tuple[CatalogObject, str | None]] = {}
            with self._path.through(obj, {column: None}):
                for atom in sorted(flow or (), key=atom_order):
                    if isinstance(atom, ColumnAtom) and atom.based:
                        for pair in self.base_of(atom.obj, atom.column):
                            out.setdefault((id(pair[0]), pair[1]), pair)
                    elif isinstance(atom, FunctionAtom):
                        for pair in self.function_base(atom):
                            out.setdefault((id(pair[0]), pair[1]), pair)
            return list(out.values())
        return [(obj, column)]


# --------------------------------------------------------------------------- policies


def masking_policy_of(binder: Binder, obj: CatalogObject, column: str,
                      inherited: list[dict[str, str]] | None = None,
                      guessed: list[str] | None = None) -> CatalogObject | str | None:
    """The masking policy enforced on a column.

    Set on the column directly; else through a tag with masking policies, the nearest first:
    a tag on the column, then on its table, schema and database (tags are inherited). Of a
    tag's policies, the one whose argument type suits the column's data type applies; of a column whose type is not
    known, the first, and a warning for ``guessed`` where the tag has policies for several types.
    ``inherited`` is :func:`inherited_tags` of ``obj``, when the caller has it already.
    """
    col = obj.column(column)
    if col is None:
        return None
    if col.masking_policy:
        return binder.catalog.referenced("Masking policy", col.masking_policy) or col.masking_policy
    if not binder.catalog.masks_through_tags():
        return None
    levels = inherited if inherited is not None else inherited_tags(binder, obj)
    for tags in (col.tags, *levels):
        for tag_name in tags:
            tag = binder.catalog.referenced("Tag", tag_name)
            if tag is not None and tag.masking_policies:
                policy = _policy_for_type(binder, tag.masking_policies, col.data_type)
                if policy is not None and guessed is not None and type_family(col.data_type) is None \
                        and len(_argument_families(binder, tag.masking_policies)) > 1:
                    name = policy if isinstance(policy, str) else policy.name
                    guessed.append(f"column {obj.name}.{col.name}: its type is not known, and the tag {tag.name} has "
                                   f"a masking policy for each of several types: {name} (the first) is referenced, "
                                   "which may not be the one enforced")
                if policy is not None:
                    return policy
    return None


def inherited_tags(binder: Binder, obj: CatalogObject) -> list[dict[str, str]]:
    """The tags a column of ``obj`` inherits, nearest first: the object's, its schema's, its database's."""
    levels = [obj.tags]
    if len(obj.parts) >= 3:
        for domain, name in (("Schema", ".".join(obj.parts[:-1])), ("Database", ".".join(obj.parts[:-2]))):
            container = binder.catalog.referenced(domain, name)
            if container is not None:
                levels.append(container.tags)
    return levels


def _policy_for_type(binder: Binder, names: Iterable[str], data_type: str | None) -> CatalogObject | str | None:
    """The first of a tag's policies whose first argument's type family is the column's (any, when unknown)."""
    family = type_family(data_type)
    for name in names:
        policy = binder.catalog.referenced("Masking policy", name)
        if policy is None:
            return name
        if family is None or _argument_family(policy) in (None, family):
            return policy
    return None


def _argument_families(binder: Binder, names: Iterable[str]) -> set[str]:
    """The type families of the first arguments of the masking policies ``names`` (of those the catalog holds)."""
    policies = (binder.catalog.referenced("Masking policy", name) for name in names)
    return {family for policy in policies if policy is not None and (family := _argument_family(policy)) is not None}


def _argument_family(policy: CatalogObject) -> str | None:
    """The type family of a masking policy's first argument (``(val DATE)``: date); None when it is not known."""
    argument = (policy.signature or "").strip("() ").split(",")[0].split()
    return type_family(argument[1]) if len(argument) >= 2 else None


_TYPE_FAMILIES = {
    "string": ("VARCHAR", "STRING", "TEXT", "CHAR", "CHARACTER", "NVARCHAR", "NCHAR", "NVARCHAR2", "BPCHAR", "CITEXT"),
    "number": ("NUMBER", "NUMERIC", "DECIMAL", "INT", "INTEGER", "BIGINT", "SMALLINT", "TINYINT", "BYTEINT",
               "FLOAT", "FLOAT4", "FLOAT8", "DOUBLE", "REAL",
               # the other warehouses' names (information-schema exports give them as the warehouse writes them)
               "INT2", "INT4", "INT8", "INT64", "FLOAT64", "BIGNUMERIC", "BIGDECIMAL", "SERIAL", "BIGSERIAL",
               "SMALLSERIAL", "MONEY", "LONG", "SHORT", "BYTE", "DECFLOAT"),
    "boolean": ("BOOLEAN", "BOOL"),
    "date": ("DATE",),
    "time": ("TIME", "TIMETZ"),
    "timestamp": ("TIMESTAMP", "DATETIME", "TIMESTAMP_LTZ", "TIMESTAMP_NTZ", "TIMESTAMP_TZ", "TIMESTAMPTZ"),
    "semi-structured": ("VARIANT", "OBJECT", "ARRAY", "JSON", "JSONB", "STRUCT", "MAP", "RECORD", "SUPER", "ROW"),
    "binary": ("BINARY", "VARBINARY", "BYTES", "BYTEA", "BLOB", "VARBYTE"),
}
_FAMILY_OF = {name: family for family, names in _TYPE_FAMILIES.items() for name in names}
_TYPE_HEAD = re.compile(r"[\s(<\[]")


def type_family(data_type: str | None) -> str | None:
    """The family of a SQL type name, as any of the warehouses writes it; None when unknown.

    >>> [type_family(t) for t in ("NUMBER(38,0)", "character varying(320)", "INT64", "array<string>", "text[]")]
    ['number', 'string', 'number', 'semi-structured', 'semi-structured']
    """
    text = (data_type or "").strip().upper()
    if not text:
        return None
    if text.endswith("[]"):  # a PostgreSQL array
        return "semi-structured"
    return _FAMILY_OF.get(_TYPE_HEAD.split(text, maxsplit=1)[0])


def masked_sources(binder: Binder, obj: CatalogObject, column: str) -> tuple[str, ...]:
    """The columns of ``obj`` whose values a read of ``column`` carries (CONTRACT 3a: through a masking policy,
    the columns bound to the arguments its body references): the column itself, unless a masking policy
    replaces its value by one that does not use it; of a conditional policy, the columns its ``USING (column, c2,
    ...)`` binds to the arguments its body references."""
    policy = masking_policy_of(binder, obj, column)
    function = binder.policy_function(policy) if isinstance(policy, str) else None
    if policy is None or isinstance(policy, str) and function is None:
        return (column,)
    # (a Databricks mask is a SQL function: its body's arguments, the masked column's first)
    used = binder.udf_arguments_used(function) if function is not None else binder.policy_arguments_used(policy)
    if used is None:
        return (column,)
    col = obj.column(column)
    using = col.masking_using if col is not None and col.masking_policy else ()
    if not using:  # the policy's one input is the column
        return (column,) if 0 in used else ()
    # each argument bound to the USING list's column in its place: Snowflake's list starts with the column masked,
    # Redshift's ATTACH ... USING (is_fraud, cc) need not; a Databricks constant passes none (an empty name)
    return tuple(dict.fromkeys(using[i] for i in sorted(used) if i < len(using) and using[i]))


def policy_entry(binder: Binder, policy: CatalogObject | str, kind: str) -> Entry:
    """A policy reference; a policy known by name only has the id of the function it is, where policies are
    functions."""
    if isinstance(policy, str):
        function = binder.policy_function(policy)
        return {"policyName": policy, "policyId": function.id if function else None, "policyKind": kind}
    return {"policyName": policy.name, "policyId": policy.id, "policyKind": kind}


def policies_referenced(binder: Binder, visited: dict[CatalogObject, dict[str, None]],
                        guessed: list[str] | None = None) -> list[Entry]:
    """The row access policy of every object read and the masking policy of every column read (CONTRACT 3a), but
    a shared object's: its policies are the provider's, which 001 says the consumer does not see ("policies_referenced
    contains policies that are local to the account that queries the data"). ``guessed`` takes a warning for each
    masking policy a tag gave a column of unknown type (:func:`masking_policy_of`)."""
    entries = []
    for obj, columns in visited.items():
        if obj.domain in ("Function", "Procedure", "Stage") or obj.shared:
            continue
        policies = []
        if obj.row_access_policy:
            rap = binder.catalog.referenced("Row access policy", obj.row_access_policy) or obj.row_access_policy
            policies.append(policy_entry(binder, rap, "ROW_ACCESS_POLICY"))
        masked = []
        inherited = inherited_tags(binder, obj) if columns and binder.catalog.masks_through_tags() else []
        for name in columns:
            policy = masking_policy_of(binder, obj, name, inherited, guessed)
            if policy is not None:
                col = obj.column(name)
                masked.append({"columnId": col.id, "columnName": col.name,
                               "policies": [policy_entry(binder, policy, "MASKING_POLICY")]})
        if policies or masked:
            entries.append(
                {"objectDomain": obj.domain, "objectName": obj.name, "objectId": obj.id,
                 "policies": policies, "columns": masked}
            )
    return entries
