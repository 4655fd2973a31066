"""The account's catalog: objects by domain and name, stable ids, and the changes DDL makes.

A :class:`Catalog` is one account's state at one point of its log. Objects are immutable
values; DDL replaces them (``dataclasses.replace``) so that an analysis cached against an
object stays true for that object. ``version`` counts changes, so caches that depend on
the catalog as a whole (view analyses) know when to start over.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import re
from contextlib import contextmanager
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from pydantic import ValidationError

from .errors import CatalogError
from .records import CatalogSnapshot, ColumnSpec, ObjectSpec

#: Objects named in FROM, sharing one namespace: a semantic view too (Snowflake queries one by its name), and a synonym
#: (Oracle's, T-SQL's: another name of the object its ``source`` names, which a statement naming it reads or writes).
RELATION_DOMAINS = frozenset({"Table", "View", "Materialized view", "External table", "Stream", "Semantic view",
                              "Synonym"})
VIEW_DOMAINS = frozenset({"View", "Materialized view"})
#: The domains read as what stands behind them: views, and Snowflake's semantic views (whose definition is the
#: SELECT they stand for, :mod:`.sql.semantic_views`).
EXPANDED_DOMAINS = VIEW_DOMAINS | {"Semantic view"}
#: Namespaces only policies are looked up in: a change there can change which policies a
#: statement references (and lineage through a masking policy), never what it reads.
POLICY_NAMESPACES = frozenset({"Tag", "Masking policy", "Row access policy"})
#: The recorded lookup of :meth:`Catalog.masks_through_tags`.
_TAG_MASKS = "tag masks"


def name_parts(domain_or_ns: str, name: str) -> tuple[str, ...]:
    """The parts of an object's qualified name: split at its dots, but a tag's or a policy's last part (its own name,
    after its database and schema) may hold dots (PostgreSQL's ``CREATE POLICY "Users can read their own rows."``).

    >>> name_parts("Row access policy", "db.public.Can view own data."), name_parts("Table", "db.s.t")
    (('db', 'public', 'Can view own data.'), ('db', 's', 't'))
    """
    return tuple(name.split(".", 2)) if domain_or_ns in POLICY_NAMESPACES else tuple(name.split("."))


def stored_parts(domain_or_ns: str, parts: tuple[str, ...]) -> tuple[str, ...]:
    """The parts an object named ``parts`` is stored and found by, where a part holds a dot (a quoted name,
    ``"a.b"``): its name, the parts joined by dots as every record writes it (CONTRACT 3), split again by
    :func:`name_parts`. A table ``db.s."a.b"`` is the object ``db.s.a.b`` of a catalog snapshot, or of the CREATE
    that made it.

    >>> stored_parts("Table", ("db", "s", "a.b")), stored_parts("Row access policy", ("db", "s", "p."))
    (('db', 's', 'a', 'b'), ('db', 's', 'p.'))
    """
    return name_parts(domain_or_ns, ".".join(parts))


#: A rule's name in its ``CREATE [OR REPLACE] RULE name``.
_RULE_NAME = re.compile(r'\s*create\s+(?:or\s+replace\s+)?rule\s+(?P<name>"(?:[^"]|"")+"|[^\s."();,]+)',
                        re.IGNORECASE)


def rule_name(text: str) -> str:
    """A PostgreSQL rule's name as PostgreSQL keeps it, from its name as written (a quoted one as written, another
    lowered) or from its ``CREATE RULE`` (:attr:`CatalogObject.rules`).

    >>> rule_name('"Log It"'), rule_name("Log_It"), rule_name('CREATE RULE "R 1" AS ON INSERT TO t DO NOTHING')
    ('Log It', 'log_it', 'R 1')
    """
    found = _RULE_NAME.match(text)
    name = found["name"] if found is not None else text
    return name[1:-1].replace('""', '"') if name[:1] == '"' else name.lower()


def _dotted(parts: tuple[str, ...]) -> bool:
    return any("." in part for part in parts)


#: Verdicts of :meth:`Catalog.compare`.
SAME, GOVERNANCE, CHANGED = "same", "governance", "changed"
_ID_BITS = 53  # ids stay exact in JSON readers that use doubles
#: A session's local temporary views (Spark's ``system.session.v``): the session's own, which no other session sees.
SESSION_VIEWS = ("system", "session")
#: The schema of a session's temporary tables and views in every database (PostgreSQL's ``db.pg_temp.t``): its own.
SESSION_SCHEMA = "pg_temp"
#: Where T-SQL's local temporary tables and table variables live (``tempdb.dbo.#t``, ``tempdb.dbo.@t``): a session's
#: own ("Local temporary tables are visible only in the current session"); a global one (``##t``) is every session's.
SESSION_TEMPDB = ("tempdb", "dbo")
#: What joins a session's id to the second part of its temporary objects' keys (never in a name a log gives).
SESSION_MARK = "\x1f"
#: The words of a statement's text a temporary object's name may be (Redshift's ``#t`` too).
_WORDS = re.compile(r"[\w$#]+")


def session_scoped(parts: tuple[str, ...]) -> bool:
    """Whether an object named ``parts`` is a session's own, its temporary one (:data:`SESSION_VIEWS`,
    :data:`SESSION_SCHEMA`, :data:`SESSION_TEMPDB`), found only by that session's statements (when they have a
    session). A temporary table whose name does not say so (Snowflake's, MySQL's, BigQuery's ``_session.t``: a
    dataset of that name is a dataset in every other dialect) is marked :attr:`CatalogObject.temporary` instead.

    >>> session_scoped(("system", "session", "v")), session_scoped(("shop", "PG_TEMP", "t")), session_scoped(("a", "b"))
    (True, True, False)
    >>> [session_scoped(("tempdb", "dbo", name)) for name in ("#t", "@t", "##t")]
    [True, True, False]
    """
    if len(parts) != 3:
        return False
    database, schema = parts[0].casefold(), parts[1].partition(SESSION_MARK)[0].casefold()
    if (database, schema) == SESSION_TEMPDB:
        return parts[2][:1] == "@" or (parts[2][:1] == "#" and parts[2][:2] != "##")
    return schema == SESSION_SCHEMA or (schema == SESSION_VIEWS[1] and database == SESSION_VIEWS[0])


def session_parts(parts: tuple[str, ...], session: str) -> tuple[str, ...]:
    """The key parts of ``parts`` as a temporary object of ``session``: its second part joined to the session's id.

    A name of one part (a line that gives no schema to qualify it with) is put under a part of the session's id alone.

    >>> session_parts(("system", "session", "v"), "s1"), session_parts(("TMP",), "s1")
    (('system', 'session\\x1fs1', 'v'), ('\\x1fs1', 'TMP'))
    """
    if len(parts) < 2:
        return (f"{SESSION_MARK}{session}", *parts)
    return (parts[0], f"{parts[1]}{SESSION_MARK}{session}", *parts[2:])


def folded_key(parts: tuple[str, ...]) -> tuple[str, ...]:
    """``parts`` as a name found in any case: each part case-folded, but a session's id marked into one
    (:func:`session_parts`), which is no name: sessions ``A`` and ``a`` are two.

    >>> folded_key(("DB", "Dbo\\x1fA", "#T"))
    ('db', 'dbo\\x1fA', '#t')
    """
    return tuple(part.casefold() if SESSION_MARK not in part else
                 f"{part.partition(SESSION_MARK)[0].casefold()}{SESSION_MARK}{part.partition(SESSION_MARK)[2]}"
                 for part in parts)


def stable_id(*parts: object) -> int:
    """A positive id derived from ``parts`` only: the same input gives the same id on every run.

    >>> stable_id("object", "relation", "DB.S.T") == stable_id("object", "relation", "DB.S.T")
    True
    """
    digest = hashlib.blake2b("\x1f".join(map(str, parts)).encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big") % ((1 << _ID_BITS) - 1) + 1


def namespace(domain: str) -> str:
    """Objects of one namespace cannot share a name (tables, views and streams share one)."""
    return "relation" if domain in RELATION_DOMAINS else domain


@dataclass(slots=True, eq=False)
class Column:
    name: str
    id: int
    masking_policy: str | None = None
    tags: dict[str, str] = field(default_factory=dict)
    data_type: str | None = None
    #: a conditional masking policy's ``USING (c, c2, ...)``: the columns bound to its arguments, this one first
    masking_using: tuple[str, ...] = ()
    #: a Hive-format table's partition column (``PARTITIONED BY (c type)``): its files' paths give its values, and
    #: ``REPLACE COLUMNS`` keeps it
    partition: bool = False
    #: left out of ``*`` and of an insert's implicit column list, read only when named (MySQL's and Oracle's
    #: ``INVISIBLE``; ClickHouse's ``ALIAS``, ``MATERIALIZED`` and ``EPHEMERAL`` columns)
    invisible: bool = False
    #: a column computed when it is read, never stored (ClickHouse's ``ALIAS upper(a)``, MySQL's ``AS (a + 1)
    #: VIRTUAL``): the columns of its table it is computed from, which a read of it reads
    computed_from: tuple[str, ...] = ()
    #: a column computed when its row is written and stored (PostgreSQL's ``GENERATED ALWAYS AS (e) STORED``, MySQL's
    #: ``STORED``, T-SQL's ``PERSISTED``, Delta's ``GENERATED ALWAYS AS (e)``): the columns of its table it is
    #: computed from, whose writes write it too
    stored_from: tuple[str, ...] = ()
    #: its values are the engine's, never an insert's (an identity, a computed column, T-SQL's ``rowversion``): an
    #: insert without a column list leaves it out where the dialect's rule says so
    #: (:attr:`.DialectRules.generated_columns_skipped`)
    generated: bool = False


@dataclass(slots=True, eq=False)
class CatalogObject:
    """One object of the catalog. Never mutated: DDL builds a new one with ``replace``."""

    domain: str
    name: str
    id: int | None
    columns: tuple[Column, ...] | None = None
    known: bool = True
    #: a known object of unknown columns (a clone of an object the catalog lacks) that lists just the columns statements
    #: set a tag or policy on, as an object known only by name does (:attr:`columns_open`)
    columns_partial: bool = False
    tags: dict[str, str] = field(default_factory=dict)
    row_access_policy: str | None = None
    row_access_columns: tuple[str, ...] = ()
    comment: str | None = None
    definition: str | None = None
    secure: bool = False
    shared: bool = False
    stage_kind: str | None = None
    url: str | None = None
    argument_signature: str | None = None
    data_type: str | None = None
    language: str | None = None
    body: str | None = None
    external: bool = False
    signature: str | None = None
    allowed_values: tuple[str, ...] = ()
    masking_policies: tuple[str, ...] = ()
    #: a tag's PROPAGATE (``ON_DEPENDENCY``, ``ON_DATA_MOVEMENT``, ``ON_DEPENDENCY_AND_DATA_MOVEMENT``): where it goes
    #: along with the values of the columns it is set on (:func:`.sql.resolution.propagated_tags`)
    propagate: str | None = None
    #: a table's foreign keys: (the constraint's name, casefolded, or "" when not known; the name of the table it
    #: references), what PostgreSQL's ``TRUNCATE ... CASCADE`` empties with the referenced table
    #: (:meth:`Catalog.lookup_referencing`)
    references: tuple[tuple[str, str], ...] = ()
    #: the tables a PostgreSQL table inherits from (``INHERITS (p)``) or is a partition of (``PARTITION OF p``), by
    #: name: a change of their columns is a change of its own (:func:`.sql.governance.alter`)
    parents: tuple[str, ...] = ()
    #: PostgreSQL's rules on it (``CREATE RULE r AS ON INSERT TO t ... DO [ALSO | INSTEAD] ...``), each (its name, its
    #: CREATE, whether it is enabled), in the order made: what a write of it also runs, or runs instead
    #: (:mod:`.sql.rules`)
    rules: tuple[tuple[str, str, bool], ...] = ()
    start: int | None = None
    increment: int | None = None
    source: str | None = None
    #: the session whose temporary object it is (:func:`session_scoped`): found only by that session's statements
    session: str | None = None
    #: a session's temporary table (or view) whose name does not say so (Snowflake's, MySQL's: :attr:`.DialectRules.
    #: temporary_tables_shadow`; BigQuery's ``_session.t``): its session finds it before any other object of its
    #: name, which it hides
    temporary: bool = False
    #: its name's parts: as given where they join to its name (the parts of ``db.s."a.b"``, whose name is
    #: ``db.s.a.b``, as a CREATE names it), else its name split at its dots (:func:`name_parts`)
    parts: tuple[str, ...] = ()
    #: what the catalog finds it by: its name split at its dots (:func:`stored_parts`), a session's own object's
    #: marked with its session (:func:`session_parts`)
    key: tuple[str, ...] = field(default=(), repr=False, compare=False)
    _by_name: dict[str, Column] = field(default_factory=dict, repr=False)
    _by_fold: dict[str, Column | None] = field(default_factory=dict, repr=False)
    _structure: tuple | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        stored = name_parts(self.domain, self.name)
        if not self.parts or ".".join(self.parts) != self.name:  # (renamed, or given no parts)
            self.parts = stored
        if self.session is not None and not self.temporary and not session_scoped(self.parts):
            self.session = None  # (moved out of the temporary schema: ALTER ... SET SCHEMA)
        self.key = session_parts(stored, self.session) if self.session is not None else stored
        # its own lookups, always: an object copied with dataclasses.replace would share (and spoil) the original's,
        # each of its columns then found twice by its folded name, so by none
        self._by_name, self._by_fold, self._structure = {}, {}, None
        for column in self.columns or ():
            self._by_name[column.name] = column
            fold = column.name.casefold()
            self._by_fold[fold] = None if fold in self._by_fold else column

    @property
    def columns_open(self) -> bool:
        """Whether the object may have columns ``columns`` does not list: its columns are unknown, or it is
        known only by name (neither the catalog nor the log created it) or of unknown columns
        (:attr:`columns_partial`), and lists just the columns that statements set a tag or policy on (CONTRACT 3a)."""
        return self.columns is None or not self.known or self.columns_partial

    @property
    def is_view(self) -> bool:
        return self.domain in EXPANDED_DOMAINS and not self.shared and self.definition is not None

    def column(self, name: str) -> Column | None:
        """The column called ``name``: exactly, else the only one equal ignoring case."""
        found = self._by_name.get(name)
        return found if found is not None else self._by_fold.get(name.casefold())

    def visible_columns(self) -> list[Column]:
        """The columns a ``*`` reads and an insert without a column list writes: all but the invisible ones."""
        return [c for c in self.columns or () if not c.invisible]

    def evolve(self, **changes: Any) -> CatalogObject:
        return replace(self, **changes)  # (its lookups and structure built anew: __post_init__)

    def structure(self) -> tuple:
        """Everything about the object but its governance (tags, policies, comment).

        Two objects of equal structure are read the same way by a statement: only which
        policies it references (and lineage through a masking policy) can differ.
        """
        if self._structure is None:
            columns = tuple((c.name, c.id, c.data_type, c.invisible, c.computed_from, c.stored_from, c.generated)
                            for c in self.columns) if self.columns is not None else None
            self._structure = (columns, *(getattr(self, name) for name in _STRUCTURAL_FIELDS))
        return self._structure


_SERIALS = itertools.count()
#: The scans of the catalog's relations a lookup may make (:meth:`Catalog.lookup_triggers`, :meth:`Catalog.
#: lookup_referencing`), each with what it keeps: recorded as a lookup of all the relations.
_SCANS: dict[str, Callable[[CatalogObject], bool]] = {
    "triggers": lambda obj: obj.domain == "Materialized view" or (
        obj.domain == "View" and " TO " in (obj.definition or "").upper()),
    "referencing": lambda obj: bool(obj.references),
    "inheriting": lambda obj: bool(obj.parents),
}
#: Properties that change which policies a statement references, never what it reads or writes.
GOVERNANCE_FIELDS = frozenset({"tags", "row_access_policy", "row_access_columns", "masking_policies",
                               "allowed_values", "comment", "propagate"})
_STRUCTURAL_FIELDS = tuple(
    f.name for f in fields(CatalogObject)
    if not f.name.startswith("_") and f.name not in GOVERNANCE_FIELDS and f.name != "columns"
)


def appended_columns(old: CatalogObject, new: CatalogObject) -> tuple[str, ...] | None:
    """The names of the columns ``new`` has after all of ``old``'s, when that is all that differs between the two
    versions of a known table (governance aside); else None."""
    if old.domain != "Table" or new.domain != "Table" or old.columns_open or new.columns_open:
        return None
    before, after = old.structure(), new.structure()
    count = len(before[0])
    if len(after[0]) <= count or after[0][:count] != before[0] or after[1:] != before[1:]:
        return None
    return tuple(column[0] for column in after[0][count:])


def unknown_object(name: str, domain: str = "Table") -> CatalogObject:
    """An object the statement names but the catalog does not hold (recorded, with no id)."""
    return CatalogObject(domain=domain, name=name, id=None, columns=None, known=False)


class Catalog:
    """The objects of one account, looked up by namespace and name parts."""

    def __init__(self, objects: Iterable[CatalogObject] = (), account: str | None = None) -> None:
        self.account = account
        self.version = 0
        #: a digest of the changes that led to this version: two copies of one catalog at the same version hold the
        #: same objects only if the same changes led there (a resolution cache shared by copies checks both)
        self.lineage = 0
        #: this catalog among the process's catalogs and their copies (a version counts one catalog's changes)
        self.serial = next(_SERIALS)
        self._recorders: list[dict[tuple, tuple]] = []
        # what each scan of the catalog's tables found (lookup_triggers', lookup_referencing'), and at which version
        self._scans: dict[str, tuple[int, tuple[CatalogObject, ...]]] = {}
        # the version of the last change of the objects of each (namespace, folded name), and of each namespace
        # (as ``(namespace,)``): what :meth:`changed_since` reads
        self._changed: dict[tuple, int] = {}
        self._exact: dict[tuple[str, tuple[str, ...]], list[CatalogObject]] = {}
        self._fold: dict[tuple[str, tuple[str, ...]], list[CatalogObject]] = {}
        self._dropped: dict[tuple[str, tuple[str, ...]], list[CatalogObject]] = {}
        # what DROP DATABASE / SCHEMA took with it, per container, for its UNDROP
        self._dropped_trees: dict[tuple[str, tuple[str, ...]], list[list[CatalogObject]]] = {}
        # how many objects each name prefix (a database, a database and schema) holds: :meth:`holds`
        self._held: dict[tuple[str, ...], int] = {}
        #: how many synonyms the catalog holds: none, and no name need be tried as one (:meth:`.Binder._lookup`)
        self.synonyms = 0
        #: how many Databricks ABAC policies it holds (:func:`.sql.governance.abac_applied` looks for none else)
        self.abac_policies = 0
        #: how many tags carry masking policies: none, and no column is masked through a tag (:func:`.masking_policy_of`)
        self.tag_policies = 0
        #: how many tables inherit from others (:attr:`CatalogObject.parents`): none, and no ALTER looks for children
        self.inheriting = 0
        #: the dialect whose rules gave the catalog's views without columns their definitions' columns
        #: (:func:`.sql.binder.derive_view_columns`), None before: the engine derives them before its first statement
        self.views_derived: str | None = None
        #: the session of the statement being resolved: its temporary objects are what ``system.session.v`` and
        #: ``db.pg_temp.t`` name (:func:`session_scoped`), another session's are found by none of its lookups
        self.session: str | None = None
        #: each session's temporary objects: how many of each name (its last part, folded) (:meth:`views_session`)
        self._session_names: dict[str, dict[str, int]] = {}
        # while a statement runs (:meth:`begin` to :meth:`end`): how to undo each change it made, in order
        self._journal: list[tuple] | None = None
        for obj in objects:
            self._index(obj)

    # -- reading
    def objects(self) -> Iterator[CatalogObject]:
        for bucket in self._exact.values():
            yield from bucket

    def lookup(self, domain_or_ns: str, parts: tuple[str, ...], *, fold: bool = True) -> CatalogObject | None:
        """The object of that namespace named ``parts``: exactly, else (``fold``) the only case-insensitive match."""
        found = self.lookup_all(domain_or_ns, parts, fold=fold)
        return found[0] if found else None

    def lookup_all(self, domain_or_ns: str, parts: tuple[str, ...], *, fold: bool = True) -> list[CatalogObject]:
        """The objects named exactly ``parts`` (overloads); with ``fold``, when there are none, those of the
        only name equal to it ignoring case. A quoted name differing only in case is another object."""
        ns = namespace(domain_or_ns)
        if self.session is not None and parts and SESSION_MARK not in parts[min(1, len(parts) - 1)] \
                and SESSION_MARK not in parts[0]:
            if session_scoped(parts):
                parts = session_parts(parts, self.session)
            elif parts[-1].casefold() in self._session_names.get(self.session, ()):  # its own temporary object of
                own = session_parts(parts, self.session)  # the name, if any, hides the permanent one
                if (ns, own) in self._exact or (fold and (ns, folded_key(own)) in self._fold):
                    parts = own
        asked, found = parts, self._exact.get((ns, parts))
        if not found and _dotted(parts):
            parts = stored_parts(ns, parts)
            found = self._exact.get((ns, parts))
        if not found and fold:
            folded = self._fold.get((ns, folded_key(parts)))
            found = folded if folded and len({o.name for o in folded}) == 1 else []
        found = found or []
        if self._recorders:
            self._recorders[-1][("all" if fold else "exact", ns, asked)] = tuple(found)
        return found

    def lookup_suffix(self, domain_or_ns: str, parts: tuple[str, ...], within: tuple[str, ...] = (),
                      ) -> CatalogObject | None:
        """The only object whose name ends with ``parts`` and starts with ``within`` (used when the session
        context is incomplete: ``within`` is what it does give, its database)."""
        found = self._lookup_suffix(domain_or_ns, parts, within)
        if self._recorders:
            self._recorders[-1][("suffix", namespace(domain_or_ns), parts, within)] = (found,)
        return found

    def lookup_prefix(self, domain_or_ns: str, parts: tuple[str, ...]) -> tuple[CatalogObject, ...]:
        """The objects of that namespace whose names are ``parts`` but for the last part, which starts with
        ``parts[-1]`` (exactly: BigQuery's names are case-sensitive), in name order: what a wildcard table
        (`` `ds.events_*` ``) stands for."""
        found = self._lookup_prefix(domain_or_ns, parts)
        if self._recorders:
            self._recorders[-1][("prefix", namespace(domain_or_ns), parts)] = found
        return found

    def lookup_triggers(self) -> tuple[CatalogObject, ...]:
        """The materialized views, and the views that write a table of their own (ClickHouse's ``CREATE MATERIALIZED VIEW
        mv TO t``, kept with its whole CREATE), in name order: what an insert into a table may set off."""
        return self._scan_recorded("triggers")

    def lookup_referencing(self) -> tuple[CatalogObject, ...]:
        """The tables with foreign keys (:attr:`CatalogObject.references`), in name order: what a ``TRUNCATE ...
        CASCADE`` may empty with the tables it names."""
        return self._scan_recorded("referencing")

    def lookup_inheriting(self) -> tuple[CatalogObject, ...]:
        """The tables with parents (:attr:`CatalogObject.parents`: partitions, inheriting tables, a temporal table's
        history table), in name order: what a read of a parent's history may read."""
        return self._scan_recorded("inheriting")

    def masks_through_tags(self) -> bool:
        """Whether a tag carries masking policies (:attr:`tag_policies`): when none does, no column is masked through
        a tag, and a resolution that relied on that is recorded as depending on it (a tag that gains a policy, or a
        new tag with one, changes its policies)."""
        if self._recorders and not self.tag_policies:
            self._recorders[-1][(_TAG_MASKS, "Tag", ())] = ()
        return bool(self.tag_policies)

    def _masking_tags(self) -> tuple[CatalogObject, ...]:
        """The tags that carry masking policies, in name order (what :meth:`masks_through_tags` depends on)."""
        if not self.tag_policies:
            return ()
        return tuple(sorted((obj for (ns, _), bucket in self._exact.items() if ns == "Tag" for obj in bucket
                             if obj.masking_policies), key=lambda o: o.name))

    def _scan_recorded(self, kind: str) -> tuple[CatalogObject, ...]:
        found = self._scanned(kind)
        if self._recorders:
            self._recorders[-1][(kind, namespace("Table"), ())] = found
        return found

    def _scanned(self, kind: str) -> tuple[CatalogObject, ...]:
        """The relations the scan ``kind`` of :data:`_SCANS` keeps, in name order: one scan of the catalog per
        version of it."""
        kept = self._scans.get(kind)
        if kept is not None and kept[0] == self.version:
            return kept[1]
        ns, keep = namespace("Table"), _SCANS[kind]
        found = tuple(sorted((bucket[0] for (key_ns, _), bucket in self._exact.items()
                              if bucket and key_ns == ns and keep(bucket[0])), key=lambda o: o.name))
        self._scans[kind] = (self.version, found)
        return found

    def _lookup_prefix(self, domain_or_ns: str, parts: tuple[str, ...]) -> tuple[CatalogObject, ...]:
        ns, container, start = namespace(domain_or_ns), parts[:-1], parts[-1]
        hits = [bucket[0] for (key_ns, key), bucket in self._exact.items()
                if bucket and key_ns == ns and len(key) == len(parts) and key[:-1] == container
                and key[-1].startswith(start)]
        return tuple(sorted(hits, key=lambda o: o.name))

    # -- what a resolution depended on
    @contextmanager
    def recording(self) -> Iterator[dict[tuple, tuple]]:
        """Record every lookup made inside (name -> the objects found), for caches to check later."""
        deps: dict[tuple, tuple] = {}
        self._recorders.append(deps)
        try:
            yield deps
        finally:
            self._recorders.pop()
            if self._recorders:
                self._recorders[-1].update(deps)

    def replay(self, deps: dict[tuple, tuple]) -> None:
        """Count lookups made earlier (by a cached analysis) as made now."""
        if self._recorders:
            self._recorders[-1].update(deps)

    def compare(self, deps: dict[tuple, tuple], *, added: list[tuple[CatalogObject, tuple[str, ...]]] | None = None,
                ) -> tuple[str, dict[int, CatalogObject], dict[tuple, tuple]]:
        """How the catalog differs from what recorded lookups found: (verdict, replacements, lookups now).

        The verdict is ``SAME`` (every lookup finds the very same objects), ``GOVERNANCE``
        (what changed is only governance: tags and policies set on the objects found, or the
        tags and policies themselves) or ``CHANGED``. ``replacements`` maps ``id()`` of each
        object found then to the object of equal structure found now. With ``added`` (a list),
        a table that only gained columns after its last one (``ALTER TABLE ... ADD COLUMN``)
        counts as a replacement too, and ``added`` gets (the table now, the names of its new
        columns): whether the lookups' user read those columns is the caller's to decide.
        """
        recorders, self._recorders = self._recorders, []
        verdict, replaced, now_deps = SAME, {}, {}
        try:
            for key, objects in deps.items():
                kind, ns, parts = key[:3]
                within = key[3] if len(key) > 3 else ()  # (a lookup by suffix: the name's known start)
                now = ((self._lookup_suffix(ns, parts, within),) if kind == "suffix"
                       else self._lookup_prefix(ns, parts) if kind == "prefix"
                       else self._scanned(kind) if kind in _SCANS
                       else self._masking_tags() if kind == _TAG_MASKS
                       else tuple(self.lookup_all(ns, parts, fold=kind == "all")))
                now_deps[key] = now
                if len(now) == len(objects) and all(a is b for a, b in zip(now, objects)):
                    continue
                if ns in POLICY_NAMESPACES:
                    verdict = GOVERNANCE
                    continue
                if len(now) != len(objects):
                    return CHANGED, {}, {}
                for old, new in zip(objects, now):
                    if old is new:
                        continue
                    if old is None or new is None:
                        return CHANGED, {}, {}
                    if old.structure() != new.structure():
                        columns = appended_columns(old, new) if added is not None else None
                        if columns is None:
                            return CHANGED, {}, {}
                        added.append((new, columns))
                    replaced[id(old)] = new
                    verdict = GOVERNANCE
            return verdict, replaced, now_deps
        finally:
            self._recorders = recorders

    def _lookup_suffix(self, domain_or_ns: str, parts: tuple[str, ...], within: tuple[str, ...] = (),
                       ) -> CatalogObject | None:
        ns = namespace(domain_or_ns)
        parts = stored_parts(ns, parts) if _dotted(parts) else parts
        folded, start = tuple(p.casefold() for p in parts), tuple(p.casefold() for p in within)
        hits = [
            bucket[0]
            for (key_ns, key), bucket in self._fold.items()
            if key_ns == ns and key[-len(folded):] == folded and len(key) >= len(start) + len(folded)
            and key[:len(start)] == start and not session_scoped(key)
            and not any(SESSION_MARK in part for part in key[:2])
        ]
        return hits[0] if len(hits) == 1 else None

    def by_name(self, domain_or_ns: str, name: str) -> CatalogObject | None:
        """The object whose stored name is ``name``, exactly (whether the object a CREATE makes exists)."""
        return self.lookup(domain_or_ns, tuple(name.split(".")), fold=False)

    def referenced(self, domain_or_ns: str, name: str) -> CatalogObject | None:
        """The object a name stored in another object refers to (a column's masking policy, a tag):
        exactly, else the only case-insensitive match."""
        return self.lookup(domain_or_ns, name_parts(domain_or_ns, name))

    # -- changing (DDL), one statement's changes all or none
    def begin(self) -> list[tuple] | None:
        """Journal the catalog's changes from now on, until :meth:`end` (a statement set aside after it changed the
        catalog changes nothing: a view's CREATE whose views then form a cycle, a DDL that ran out of its time
        budget). The journal, or None when one is already kept (an inner statement shares the outer's)."""
        if self._journal is not None:
            return None
        self._journal = journal = []
        return journal

    def end(self, journal: list[tuple] | None, *, undo: bool = False) -> None:
        """Stop the journal :meth:`begin` gave (None: nothing to stop); with ``undo``, undo its changes first,
        newest first."""
        if journal is None:
            return
        self._journal = None  # the undoing itself is no change to journal
        while undo and journal:
            self._undo(journal.pop())

    def undo(self, changes: list[tuple]) -> None:
        """Undo ``changes`` (journals :meth:`end` kept: a transaction block's statements' that it rolled back, see
        :mod:`.sql.transactions`), newest first; ``changes`` is emptied. Outside any statement's journal."""
        kept, self._journal = self._journal, None
        try:
            while changes:
                self._undo(changes.pop())
        finally:
            self._journal = kept

    def _undo(self, change: tuple) -> None:
        """Undo one journaled change (the journal is stopped: undoing journals nothing). Tolerant of what another
        session changed since (a block's changes are undone at its ROLLBACK, not at once)."""
        if change[0] == "add":
            self.remove(change[1])
        elif change[0] == "remove":
            _, obj, kept = change
            dropped = self._dropped.get((namespace(obj.domain), obj.key)) if kept else None
            if dropped and obj in dropped:
                dropped.remove(obj)
            self.add(obj)
        elif change[0] == "undrop":
            self._dropped.setdefault(change[1], []).append(change[2])
        elif change[0] == "tree":
            if self._dropped_trees.get(change[1]):
                self._dropped_trees[change[1]].pop()
        elif change[0] == "untree":
            self._dropped_trees.setdefault(change[1], []).append(change[2])

    def add(self, obj: CatalogObject) -> None:
        self._index(obj)
        self._stamp(obj)
        if self._journal is not None:
            self._journal.append(("add", obj))

    def remove(self, obj: CatalogObject, *, keep_for_undrop: bool = False) -> None:
        key = (namespace(obj.domain), obj.key)
        bucket = self._exact.get(key, [])
        if obj in bucket:
            bucket.remove(obj)
            if not bucket:
                del self._exact[key]
            for size in range(1, len(obj.key)):
                self._held[obj.key[:size]] -= 1
            self.synonyms -= obj.domain == "Synonym"
            self.abac_policies -= obj.domain == "ABAC policy"
            self.tag_policies -= obj.domain == "Tag" and bool(obj.masking_policies)
            self.inheriting -= bool(obj.parents)
            if obj.session is not None:
                names, name = self._session_names[obj.session], obj.parts[-1].casefold()
                names[name] -= 1
                if not names[name]:
                    del names[name]
                    if not names:
                        del self._session_names[obj.session]
        fold_key = (key[0], folded_key(obj.key))
        fold_bucket = self._fold.get(fold_key, [])
        if obj in fold_bucket:
            fold_bucket.remove(obj)
            if not fold_bucket:
                del self._fold[fold_key]
        if keep_for_undrop:
            self._dropped.setdefault(key, []).append(obj)
        self._stamp(obj)
        if self._journal is not None:
            self._journal.append(("remove", obj, keep_for_undrop))

    def _stamp(self, obj: CatalogObject) -> None:
        """A change of ``obj``: the catalog's next version, and the last change of its name and of its namespace."""
        self.version += 1
        self.lineage = hash((self.lineage, repr(obj)))
        ns = namespace(obj.domain)
        self._changed[(ns, folded_key(obj.key))] = self._changed[(ns,)] = self.version
        if obj.temporary:  # (it hides, or no longer hides, what its name found in its session)
            self._changed[(ns, folded_key(obj.parts))] = self.version

    @staticmethod
    def change_keys(deps: dict[tuple, tuple]) -> tuple[tuple, ...]:
        """What :meth:`changed_since` needs of recorded lookups: the (namespace, folded name) of each lookup by
        name, the namespace of each lookup by suffix or prefix, or of the triggers or the referencing tables (which any
        object of the namespace may change)."""
        return tuple({(ns,) if kind in ("suffix", "prefix", _TAG_MASKS, *_SCANS) else (ns, folded_key(parts))
                      for kind, ns, parts, *_ in deps})

    def changed_since(self, keys: tuple[tuple, ...], version: int) -> bool:
        """Whether an object the lookups of ``keys`` (:meth:`change_keys`) may find was added or removed after
        ``version`` of this catalog: if not, each lookup still finds the very same objects (what
        :meth:`compare` would call ``SAME``, without looking them up again)."""
        changed = self._changed
        for key in keys:  # (a loop, not any() of a generator: called for most cache hits after a change)
            if changed.get(key, -1) > version:
                return True
        return False

    def put(self, old: CatalogObject | None, new: CatalogObject) -> None:
        """Replace ``old`` (if any) by ``new``."""
        if old is not None:
            self.remove(old)
        self.add(new)

    def undrop(self, domain: str, parts: tuple[str, ...]) -> CatalogObject | None:
        key = (namespace(domain), stored_parts(namespace(domain), parts) if _dotted(parts) else parts)
        bucket = self._dropped.get(key) or self._dropped.get(self._fold_dropped_key(key))
        if not bucket:
            return None
        obj = bucket.pop()
        if self._journal is not None:
            self._journal.append(("undrop", (namespace(obj.domain), obj.key), obj))
        self.add(obj)
        return obj

    def sessions(self) -> set[str]:
        """The sessions whose temporary objects the catalog holds, or keeps dropped for UNDROP."""
        return {obj.session for bucket in (*self._exact.values(), *self._dropped.values()) for obj in bucket
                if obj.session is not None}

    def end_sessions(self, sessions: set[str]) -> list[CatalogObject]:
        """Remove the temporary objects of ``sessions``, which have ended, and forget those they dropped; the
        objects removed."""
        gone = [obj for obj in self.objects() if obj.session in sessions]
        for obj in gone:
            self.remove(obj)
        for key, bucket in list(self._dropped.items()):
            bucket[:] = [obj for obj in bucket if obj.session not in sessions]
            if not bucket:
                del self._dropped[key]
        return gone

    @contextmanager
    def in_session(self, session: str | None) -> Iterator[None]:
        """Lookups as a statement of ``session`` makes them (an object's body: a permanent view's or function's
        finds no session's temporary objects, a temporary view's its own session's), then as before."""
        kept, self.session = self.session, session
        try:
            yield
        finally:
            self.session = kept

    def views_session(self, session: str | None, text: str) -> str | None:
        """Whose temporary objects a statement of ``session`` whose text is ``text`` may find, as caches key what it
        resolves to: its session's when the text names one of the session's (what it finds is its own), ``""`` when
        it names none (none of its names can find one: it finds what a session without any finds), None for a
        statement of no session (it finds those of no session)."""
        names = self._session_names.get(session) if session is not None else None
        if not names:
            return None if session is None else ""
        folded = text.casefold()
        words = set(_WORDS.findall(folded))
        return session if any(name in words if _WORDS.fullmatch(name) else name in folded for name in names) else ""

    def holds(self, prefix: tuple[str, ...]) -> bool:
        """Whether some object's name continues ``prefix`` (a database or schema holds it), without a scan."""
        return self._held.get(prefix, 0) > 0

    def inside(self, prefix: tuple[str, ...]) -> list[CatalogObject]:
        """Every object whose name continues ``prefix`` (what a database or schema holds)."""
        size = len(prefix)
        return [o for o in self.objects() if len(o.parts) > size and o.parts[:size] == prefix]

    def drop_tree(self, domain: str, parts: tuple[str, ...]) -> CatalogObject | None:
        """Drop the database or schema ``parts`` and everything in it; :meth:`undrop_tree` brings them back together.

        The contents go even when the catalog does not hold the container itself (snapshots
        often list tables only). Returns the container, if the catalog held it.
        """
        container = self.lookup(domain, parts)
        prefix = container.parts if container is not None else parts
        contents = self.inside(prefix) if self.holds(prefix) else []
        for obj in contents:
            self.remove(obj)
        if container is not None:
            self.remove(container, keep_for_undrop=True)
        self._dropped_trees.setdefault((namespace(domain), prefix), []).append(contents)
        if self._journal is not None:
            self._journal.append(("tree", (namespace(domain), prefix)))
        return container

    def undrop_tree(self, domain: str, parts: tuple[str, ...]) -> CatalogObject | None:
        """Undo the last :meth:`drop_tree` of ``parts``: the container (if it was held) and its contents."""
        container = self.undrop(domain, parts)
        prefix = container.parts if container is not None else parts
        groups = self._dropped_trees.get((namespace(domain), prefix))
        popped = bool(groups)
        group = groups.pop() if popped else []
        if popped and self._journal is not None:
            self._journal.append(("untree", (namespace(domain), prefix), group))
        for obj in group:
            self.add(obj)
        return container

    def copy(self) -> Catalog:
        twin = Catalog(account=self.account)  # noqa: the copy records nothing of its own yet
        twin.version, twin.lineage = self.version, self.lineage
        twin._exact = {k: list(v) for k, v in self._exact.items()}
        twin._fold = {k: list(v) for k, v in self._fold.items()}
        twin._dropped = {k: list(v) for k, v in self._dropped.items()}
        twin._dropped_trees = {k: [list(g) for g in v] for k, v in self._dropped_trees.items()}
        twin._held = dict(self._held)
        twin.synonyms = self.synonyms
        twin.abac_policies = self.abac_policies
        twin.tag_policies = self.tag_policies
        twin.inheriting = self.inheriting
        twin.views_derived = self.views_derived
        twin._session_names = {session: dict(names) for session, names in self._session_names.items()}
        return twin

    def _fold_dropped_key(self, key: tuple[str, tuple[str, ...]]) -> tuple[str, tuple[str, ...]]:
        folded = folded_key(key[1])
        for ns, parts in self._dropped:
            if ns == key[0] and folded_key(parts) == folded:
                return (ns, parts)
        return key

    def _index(self, obj: CatalogObject) -> None:
        key = (namespace(obj.domain), obj.key)
        self._exact.setdefault(key, []).append(obj)
        self._fold.setdefault((key[0], folded_key(obj.key)), []).append(obj)
        for size in range(1, len(obj.key)):
            self._held[obj.key[:size]] = self._held.get(obj.key[:size], 0) + 1
        self.synonyms += obj.domain == "Synonym"
        self.abac_policies += obj.domain == "ABAC policy"
        self.tag_policies += obj.domain == "Tag" and bool(obj.masking_policies)
        self.inheriting += bool(obj.parents)
        if obj.session is not None:
            names, name = self._session_names.setdefault(obj.session, {}), obj.parts[-1].casefold()
            names[name] = names.get(name, 0) + 1


# --------------------------------------------------------------------------- loading


def load_catalog(path: str | Path) -> Catalog:
    """Read and validate a catalog snapshot (JSON or YAML); raise :class:`CatalogError` naming the problem."""
    source = str(path)
    if Path(path).is_dir():
        raise CatalogError(source, "a folder, not a catalog snapshot: an information-schema export's folder is made "
                                   "into one by `ahp catalog --export FOLDER --out catalog.json`")
    try:
        text = Path(path).read_text(encoding="utf-8-sig")  # a byte order mark may start it, as it may a log file
    except OSError as err:
        raise CatalogError(source, f"cannot read the catalog: {err.strerror or err}") from None
    except UnicodeDecodeError as err:
        raise CatalogError(source, f"not UTF-8 text (byte {err.object[err.start]:#04x} at offset {err.start})") from None
    try:
        data = _parse_document(source, text)
    except RecursionError:
        raise CatalogError(source, "not a catalog snapshot the platform reads: nested too deeply") from None
    return catalog_from_dict(data, source=source)


def catalog_from_dict(data: Any, *, source: str = "<catalog>") -> Catalog:
    """Build a :class:`Catalog` from a snapshot already parsed into Python objects."""
    if not isinstance(data, dict):
        raise CatalogError(source, "the catalog must be an object with an 'objects' list")
    try:
        snapshot = CatalogSnapshot.model_validate(data)
    except ValidationError as err:
        raise CatalogError(source, _describe_validation(data, err)) from None
    objects = [_object_from_spec(spec) for spec in snapshot.objects]
    _check_unique(source, objects)
    _assign_missing_ids(objects, snapshot.objects)
    return Catalog(objects, account=snapshot.account)


def _parse_document(source: str, text: str) -> Any:
    if source.endswith((".yaml", ".yml")):
        import yaml

        try:
            return yaml.safe_load(text)
        except yaml.YAMLError as err:
            raise CatalogError(source, f"not valid YAML: {err}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise CatalogError(source, f"not valid JSON: {err.msg}: line {err.lineno} column {err.colno}") from None


#: Names other catalogs use for a snapshot's fields, and the field they mean here.
_RENAMED_FIELDS = {"type": "data_type", "datatype": "data_type", "dataType": "data_type", "column_name": "name",
                   "policy": "masking_policy", "sql": "definition", "text": "definition"}


def _describe_validation(data: dict[str, Any], err: ValidationError) -> str:
    problems = []
    for issue in err.errors()[:5]:
        loc = issue["loc"]
        where = ".".join(str(p) for p in loc)
        if len(loc) >= 2 and loc[0] == "objects" and isinstance(loc[1], int):
            raw = data.get("objects", [])[loc[1]]
            label = raw.get("name", "?") if isinstance(raw, dict) else "?"
            domain = raw.get("domain", "?") if isinstance(raw, dict) else "?"
            field_path = ".".join(str(p) for p in loc[2:]) or "(object)"
            where = f"object #{loc[1]} ({domain} {label}), field {field_path}"
        message = issue["msg"].removeprefix("Value error, ")
        if issue["type"] == "extra_forbidden" and loc[-1] in _RENAMED_FIELDS:
            message += f" (the field is named {_RENAMED_FIELDS[loc[-1]]!r}; README, 'The catalog snapshot', lists them)"
        problems.append(f"{where}: {message}")
    more = len(err.errors()) - len(problems)
    return "; ".join(problems) + (f"; and {more} more problem(s)" if more > 0 else "")


def _object_from_spec(spec: ObjectSpec) -> CatalogObject:
    """The catalog object a snapshot's entry describes; a stage of no kind given is an external named stage when it
    has a URL, an internal named one otherwise."""
    columns = None
    if spec.columns is not None:
        columns = tuple(_column_from_spec(c, spec.name) for c in spec.columns)
    stage_kind = spec.stage_kind
    if spec.domain == "Stage" and stage_kind is None:
        stage_kind = "External Named" if spec.url else "Internal Named"
    return CatalogObject(
        domain=spec.domain,
        name=spec.name,
        id=spec.id,
        columns=columns,
        tags=dict(spec.tags),
        row_access_policy=spec.row_access_policy,
        row_access_columns=tuple(spec.row_access_columns or ()),
        comment=spec.comment,
        definition=spec.definition,
        secure=spec.secure,
        shared=spec.shared,
        stage_kind=stage_kind,
        url=spec.url,
        argument_signature=spec.argument_signature,
        data_type=spec.data_type,
        language=spec.language,
        body=spec.body,
        external=spec.external,
        signature=spec.signature,
        allowed_values=tuple(spec.allowed_values or ()),
        masking_policies=tuple(spec.masking_policies or ()),
        propagate=spec.propagate,
        references=tuple(("", target) for target in spec.references or ()),
        parents=tuple(spec.parents or ()),
        rules=tuple((rule_name(text), text.strip(), True) for text in spec.rules or ()),
        start=spec.start,
        increment=spec.increment,
        source=spec.source,
    )


def _column_from_spec(c: ColumnSpec, table: str) -> Column:
    """The column a snapshot's entry of the table named ``table`` describes; of no id given, a stable id of the
    table's name and its own."""
    return Column(
        name=c.name,
        id=c.id if c.id is not None else stable_id("column", table, c.name),
        masking_policy=c.masking_policy,
        tags=dict(c.tags),
        data_type=c.data_type,
        masking_using=c.masking_using,
        partition=c.partition,
        invisible=c.invisible,
        computed_from=c.computed_from,
        stored_from=c.stored_from,
        generated=c.generated,
    )


def _check_unique(source: str, objects: list[CatalogObject]) -> None:
    seen: dict[tuple[str, str, str], CatalogObject] = {}
    for obj in objects:
        key = (namespace(obj.domain), obj.name, obj.argument_signature or "")
        if key in seen:
            raise CatalogError(source, f"{obj.domain} {obj.name} is defined twice")
        seen[key] = obj
    ids: dict[tuple[str, int], CatalogObject] = {}
    for obj in objects:
        if obj.id is None:
            continue
        other = ids.setdefault((obj.domain, obj.id), obj)
        if other is not obj:
            raise CatalogError(source, f"{obj.domain} {obj.name} has id {obj.id}, already used by {other.name}")


def _assign_missing_ids(objects: list[CatalogObject], specs: list[ObjectSpec]) -> None:
    taken = {(o.domain, o.id) for o in objects if o.id is not None}
    for obj in objects:
        if obj.id is not None:
            continue
        salt = 0
        candidate = stable_id("object", namespace(obj.domain), obj.name, obj.argument_signature or "")
        while (obj.domain, candidate) in taken:
            salt += 1
            candidate = stable_id("object", namespace(obj.domain), obj.name, salt)
        obj.id = candidate
        taken.add((obj.domain, candidate))


# --------------------------------------------------------------------------- state as data

_STATE_FIELDS = (
    "comment", "definition", "secure", "shared", "stage_kind", "url", "argument_signature", "data_type",
    "language", "body", "external", "signature", "start", "increment", "source", "row_access_policy", "session",
    "temporary", "columns_partial", "propagate",
)


def object_to_dict(obj: CatalogObject) -> dict[str, Any]:
    """An object as JSON-able data: the snapshot's fields plus ids (round-trips through :func:`object_from_dict`)."""
    data: dict[str, Any] = {"domain": obj.domain, "name": obj.name, "id": obj.id}
    if obj.columns is not None:
        data["columns"] = [
            {k: v for k, v in (("name", c.name), ("id", c.id), ("masking_policy", c.masking_policy),
                               ("tags", dict(c.tags) or None), ("data_type", c.data_type),
                               ("masking_using", list(c.masking_using) or None), ("partition", c.partition or None),
                               ("invisible", c.invisible or None),
                               ("computed_from", list(c.computed_from) or None),
                               ("stored_from", list(c.stored_from) or None), ("generated", c.generated or None))
                               if v is not None}
            for c in obj.columns
        ]
    for name in _STATE_FIELDS:
        v = getattr(obj, name)
        if v not in (None, False, ""):
            data[name] = v
    for name in ("tags",):
        if obj.tags:
            data[name] = dict(obj.tags)
    for name in ("row_access_columns", "allowed_values", "masking_policies"):
        if getattr(obj, name):
            data[name] = list(getattr(obj, name))
    if obj.references:
        data["references"] = [list(pair) for pair in obj.references]
    if obj.parents:
        data["parents"] = list(obj.parents)
    if obj.rules:
        data["rules"] = [list(pair) for pair in obj.rules]
    if not obj.known:
        data["known"] = False
    if obj.parts != name_parts(obj.domain, obj.name):  # a part holding a dot
        data["parts"] = list(obj.parts)
    return data


def object_from_dict(data: dict[str, Any]) -> CatalogObject:
    fields = dict(data)
    columns = fields.pop("columns", None)
    return CatalogObject(
        columns=None if columns is None else tuple(
            Column(name=c["name"], id=c.get("id"), masking_policy=c.get("masking_policy"),
                   tags=dict(c.get("tags") or {}), data_type=c.get("data_type"),
                   masking_using=tuple(c.get("masking_using") or ()), partition=bool(c.get("partition")),
                   invisible=bool(c.get("invisible")), computed_from=tuple(c.get("computed_from") or ()),
                   stored_from=tuple(c.get("stored_from") or ()),
                   generated=bool(c.get("generated")))
            for c in columns
        ),
        tags=dict(fields.pop("tags", None) or {}),
        row_access_columns=tuple(fields.pop("row_access_columns", ())),
        allowed_values=tuple(fields.pop("allowed_values", ())),
        masking_policies=tuple(fields.pop("masking_policies", ())),
        references=tuple((str(name), str(target)) for name, target in fields.pop("references", ())),
        parents=tuple(fields.pop("parents", ())),
        rules=tuple((str(rule[0]), str(rule[1]), bool(rule[2]) if len(rule) > 2 else True)
                    for rule in fields.pop("rules", ())),
        parts=tuple(fields.pop("parts", ())),
        **fields,
    )


def catalog_to_dict(catalog: Catalog) -> dict[str, Any]:
    """The whole state (objects and dropped objects kept for UNDROP), for storage between runs."""
    return {
        "account": catalog.account,
        "objects": [object_to_dict(o) for o in sorted(catalog.objects(), key=lambda o: (o.domain, o.name))],
        "dropped": [object_to_dict(o) for bucket in catalog._dropped.values() for o in bucket],
        "dropped_trees": [
            {"namespace": ns, "parts": list(parts), "contents": [object_to_dict(o) for o in group]}
            for (ns, parts), groups in catalog._dropped_trees.items() for group in groups
        ],
    }


def catalog_from_state(data: dict[str, Any]) -> Catalog:
    """Rebuild a catalog stored by :func:`catalog_to_dict` (ids kept as they are)."""
    catalog = Catalog((object_from_dict(o) for o in data.get("objects", [])), account=data.get("account"))
    for item in data.get("dropped", []):
        obj = object_from_dict(item)
        catalog._dropped.setdefault((namespace(obj.domain), obj.key), []).append(obj)
    for tree in data.get("dropped_trees", []):
        group = [object_from_dict(o) for o in tree["contents"]]
        catalog._dropped_trees.setdefault((tree["namespace"], tuple(tree["parts"])), []).append(group)
    return catalog
