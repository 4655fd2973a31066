"""The resolution cache: statement shapes resolved once, reused while the catalog objects they read stay the same.

A busy warehouse runs mostly repeats of a few thousand statement templates, so the
:class:`~access_history_platform.resolve.Resolver` keeps each shape's resolution (a
fingerprint, or the exact text of a statement without one, with the session's database and
schema) together with the catalog lookups it made. A cached resolution holds while those
lookups still find the very same objects (:func:`still_valid`): DDL elsewhere in the catalog
does not void it, and a change of tags or policies only recomputes its policies
(:func:`refresh_policies`). Parse trees are kept per shape too: a catalog change voids a
resolution, not its parse. Both are bounded, least recently used out first.

One :class:`ResolutionCache` may serve several resolvers of a process (the Spark workers'
batches, each on its own copy of the day's catalog): entries are checked against the objects
of the catalog they are used with.
"""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, replace

from .catalog import CHANGED, GOVERNANCE, SAME, Catalog, CatalogObject
from .sql.assemble import masked_sources, policies_referenced
from .sql.binder import Binder, CatalogCache
from .sql.dialects import rules_for
from .sql.resolution import RecordParts
from .sql.statements import Parsed, release
from .statement import Statement

DEFAULT_CACHE_SIZE = 10_000
#: Prefix of the cache shape of a statement cached by its exact text (never a fingerprint's
#: first character: a fingerprint starts with a keyword or a parenthesis).
EXACT_SHAPE = "\x00="


@dataclass(slots=True)
class CachedResolution:
    """A statement shape's resolution, the catalog lookups it made, and the version it was last checked at."""

    status: str
    parts: RecordParts | None
    reason: str | None
    deps: dict
    version: int
    #: the catalog (its serial) whose ``version`` that is, once a check found it (-1: none yet), and what
    #: :meth:`~.catalog.Catalog.changed_since` needs of ``deps`` to tell that nothing they find changed since
    serial: int = -1
    change_keys: tuple | None = None  # (made when first needed: most resolutions are never checked again)
    #: the catalog's :attr:`~.catalog.Catalog.lineage` at ``version``: an equal version of another copy of the
    #: catalog that other changes led to is not the same catalog
    lineage: int = 0


@dataclass(frozen=True, slots=True)
class Lookups:
    """What a validity check resolves against: the resolver's catalog, dialect and binder cache."""

    catalog: Catalog
    dialect: str
    cache: CatalogCache


class ResolutionCache:
    """Cached resolutions and parse trees of statement shapes, shareable by the resolvers of one process."""

    def __init__(self, size: int = DEFAULT_CACHE_SIZE) -> None:
        self.size = size
        self.resolved: OrderedDict[tuple, CachedResolution] = OrderedDict()
        self.trees: OrderedDict[str, Parsed] = OrderedDict()
        self.hits = 0
        #: hits whose policies were computed again after a governance change
        self.refreshed = 0

    def get(self, key: tuple | None, statement: Statement, lookups: Lookups) -> CachedResolution | None:
        """The resolution cached for ``key`` if it still holds for ``lookups.catalog`` (a hit), else None."""
        cached = self.resolved.get(key) if key is not None else None
        if cached is None or not still_valid(cached, statement, lookups, self):
            return None
        self.resolved.move_to_end(key)
        self.hits += 1
        return cached

    def remember(self, key: tuple, value: CachedResolution) -> None:
        self.resolved[key] = value
        if len(self.resolved) > self.size:
            self.resolved.popitem(last=False)

    def tree(self, shape: str | None) -> Parsed | None:
        """The parse kept for ``shape``, if any."""
        parsed = self.trees.get(shape) if shape is not None else None
        if parsed is not None:
            self.trees.move_to_end(shape)
        return parsed

    def keep_tree(self, shape: str, parsed: Parsed) -> None:
        self.trees[shape] = parsed
        if len(self.trees) > self.size:
            release(self.trees.popitem(last=False)[1])

    def release_trees(self) -> None:
        """Drop every parse kept, freeing the trees now rather than leaving them to the garbage collector
        (:func:`~.sql.statements.release`): for the end of a run that owns the cache."""
        while self.trees:
            release(self.trees.popitem()[1])


def still_valid(cached: CachedResolution, statement: Statement, lookups: Lookups, shared: ResolutionCache) -> bool:
    """Whether the cached resolution holds for the catalog as it is now (checked once per catalog
    version, not per hit). When only governance changed (a tag or a masking policy set on an object
    it reads), its policies are computed again, not the whole resolution."""
    catalog = lookups.catalog
    if cached.version == catalog.version and cached.lineage == catalog.lineage:
        return True
    if cached.serial == catalog.serial:
        if cached.change_keys is None:
            cached.change_keys = catalog.change_keys(cached.deps)  # (first needed now)
        if not catalog.changed_since(cached.change_keys, cached.version):
            # every lookup finds the very same objects: no need to compare them
            cached.version, cached.lineage = catalog.version, catalog.lineage
            return True
    added: list[tuple[CatalogObject, tuple[str, ...]]] = []
    names_only = rules_for(lookups.dialect).names_only
    verdict, replaced, deps = catalog.compare(cached.deps, added=added if names_only else None)
    if verdict == CHANGED or (added and not reads_no_new_column(cached, statement, added)):
        return False
    if verdict == GOVERNANCE:
        refreshed = refresh_policies(cached, replaced, statement, lookups)
        if refreshed is None:
            return False
        cached.parts, policy_deps = refreshed
        deps.update(policy_deps)
        cached.deps = deps
        shared.refreshed += 1
    if verdict != SAME or cached.serial != catalog.serial:
        cached.change_keys = None  # (of the lookups now: made when next needed)
    cached.version, cached.serial, cached.lineage = catalog.version, catalog.serial, catalog.lineage
    return True


#: The one ``*`` that reads no column: ``COUNT(*)``.
_COUNT_STAR = re.compile(r"\bcount\s*\(\s*\*\s*\)")
#: A column by its position (``$3``), which a column added after the last may answer.
_POSITION = re.compile(r"\$[0-9]")


def reads_no_new_column(cached: CachedResolution, statement: Statement,
                        added: list[tuple[CatalogObject, tuple[str, ...]]]) -> bool:
    """Whether a cached resolution holds although tables it reads gained columns (``ADD COLUMN``): it names none
    of the new columns, even as part of another word, nor a column by its position (``$3``), and lists no table's
    columns whole (a ``*`` other than ``COUNT(*)``, a ``NATURAL`` join), in the statement or in a definition or body it was resolved through, and
    it writes none of those tables (an INSERT without a column list writes them all). A cautious test on the
    text: a resolution it turns down is resolved again, as any after a change."""
    parts = cached.parts
    if parts is None:
        return False
    grown = {obj.name for obj, _ in added}
    if any(entry.get("objectName") in grown for entry in parts.objects_modified):
        return False
    texts = [statement.text]
    texts += [text for objects in cached.deps.values() for obj in objects if obj is not None
              for text in (obj.definition, obj.body) if text]
    names = [name.casefold() for _, columns in added for name in columns]
    for text in texts:
        folded = text.casefold()
        if ("natural" in folded or "*" in _COUNT_STAR.sub("", folded) or _POSITION.search(folded)
                or any(name in folded for name in names)):
            return False
    return True


def refresh_policies(cached: CachedResolution, replaced: dict[int, CatalogObject], statement: Statement,
                     lookups: Lookups) -> tuple[RecordParts, dict] | None:
    """The cached parts with the policies of the objects as they are now, and the lookups that took;
    None when that is not enough (a masking change alters lineage, or the parts do not say what they read)."""
    parts = cached.parts
    if parts is None or parts.visited is None:
        return None
    found = {id(obj) for objects in cached.deps.values() for obj in objects}
    if any(obj.known and id(obj) not in found for obj in parts.visited):
        return None  # read through something other than a lookup: cannot tell what it is now

    def now(obj: CatalogObject) -> CatalogObject:
        return replaced.get(id(obj), obj)

    binder = Binder.for_session(lookups.catalog, lookups.dialect, statement.database, statement.schema,
                                cache=lookups.cache, user=statement.user_name, search_path=statement.search_path,
                                sql_path=statement.sql_path,
                                session=lookups.catalog.views_session(statement.session, statement.text))
    with lookups.catalog.recording() as deps:
        checks = tuple((now(obj), column, sources) for obj, column, sources in parts.masking_checks)
        if any(masked_sources(binder, obj, column) != sources for obj, column, sources in checks):
            return None
        visited = {now(obj): columns for obj, columns in parts.visited.items()}
        policies = policies_referenced(binder, visited)
    return replace(parts, policies_referenced=policies, visited=visited, masking_checks=checks), deps
