"""The warehouse: the pipeline's Parquet tables, and the one way a partition is replaced and read.

Layout::

    <warehouse>/<table>/day=<YYYY-MM-DD>/account=<ACCOUNT>/_manifest.json           the partition's pointer
    <warehouse>/<table>/day=<YYYY-MM-DD>/account=<ACCOUNT>/_versions/<version>/   one version's files
    <warehouse>/<table>/day=<YYYY-MM-DD>/...                                       organization-level tables
    <warehouse>/_locks/<table>/day=.../account=....lock                            who writes a partition (local)
    <warehouse>/_commits/day=.../account=.../<table>+<table>.json                 tables committed together (below)

**A partition is what its pointer names.** Every write goes to a new version folder
(``_versions/<epoch ms>-<random>``), never into files a reader may be reading. When
everything is written, one small JSON object, ``_manifest.json``, is written in one piece:
it names the current version and its files (paths relative to the partition folder) and
documents. That single write is the commit: a reader reads the manifest once and then the
files it names, so it reads the old version or the new one, whole, never a mix and never
nothing. The manifest names the version's data files, or, when the writers name their own
(Spark tasks writing part files themselves, :meth:`Warehouse.replacing_parts`), exactly those:
a file a failed task attempt left in the folder is never read. A write that fails or is killed before the manifest was written changes nothing
a reader sees. The one atomic operation this needs is writing one object, which every
store has: a ``PUT`` on S3, GCS and Azure Blob, and a write to a temporary file followed by
``os.replace`` on a local disk.

**Tables committed together.** A step that writes two tables of one account-day (the log's lines and the
lines it set aside; the records and the statements it set aside) must never leave one new and the other old: a
statement would be recorded and set aside at once, or in neither. Such a write
(:meth:`Warehouse.replacing_parts`) writes the new manifests of all its tables as one object first, under
``_commits``: that single write is the commit. Then it writes each manifest in its partition and removes the
object. While the object is there, readers read those partitions through it (:func:`current_manifest`); a run
killed before removing it leaves it, and the next write of those tables (together, or of one alone) completes it
before anything else. This holds for one writer at a time: with the lock on local disks, and with the run queue
on object stores, where two runs launched outside the queue could still interleave their commits within a few
requests (a create-if-absent lease would close that window; it is not implemented).

**One mechanism for local disks and object stores.** Local disks could swap folders with
``renameat2(RENAME_EXCHANGE)`` (this module did, until object stores needed more), but
two mechanisms mean two sets of failure modes, and readers would have to handle both. With
the pointer everywhere, the path every test and every demo run exercises is the path a
production object store takes; what differs per store is only how the pointer is written
(above) and whether there is a lock (below). The price: a partition can no longer be read
by pointing a reader at its folder or globbing ``*.parquet`` (that would read retired
versions too). Read through :meth:`Warehouse.read` / :meth:`Warehouse.read_table`, or, without
this package, through the manifests (deploy/README.md has a DuckDB and pyarrow recipe).

**Retired versions are kept for a while.** The replaced version is named in the new
manifest's ``retired`` map with the time it was replaced, and deleted by a later write of
the partition once ``grace_seconds`` (5 minutes) have passed, so a reader that read the
old manifest just before the commit can still read its files. A version folder that no
manifest ever named (the leftovers of a killed run) is deleted by the partition's next
write when that write holds the lock, else once it is ``abandoned_seconds`` (a day) old.

**One writer per partition.** On local disks a write holds an exclusive ``flock`` on the
partition's lock file (released by the operating system when a killed process dies, so a
crash never leaves a stale lock); a second writer waits up to ``lock_timeout_seconds``,
then replaces the first one's result with its own, or fails with :class:`PartitionBusy`
naming the holder. On object stores there is no lock: the run queue's one-run-per-partition
limit (deploy/dagster.yaml, resources/local_instance.yaml) is what serializes writers. A run
launched outside the queue can overlap another; then the last manifest written wins, and
a reader still sees one whole version (each manifest names one version), so rows are never
mixed; what the lock adds on local disks is order (the second writer starts after the
first committed) and prompt cleanup. The steps that read the landing zone and the log
(:meth:`Warehouse.replacing_parts` with ``as_of``) also say when they read them: a run that
read earlier never commits over one that read later (:class:`PartitionSuperseded`), so a file
landed between two overlapping runs' listings is not lost to the slower one (on object stores,
but for the same window of a few requests). deploy/README.md says so.
"""

from __future__ import annotations

import fcntl
import json
import os
import re
import time
import uuid
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from glob import escape as glob_escape
from typing import Any, TextIO

import dagster as dg
import pyarrow.parquet as pq
from pydantic import Field
from pyspark.sql import Column, DataFrame, Observation, SparkSession
from pyspark.sql import functions as F
from pyspark.sql.types import DateType, StringType, StructField, StructType

from access_history_platform.spark.transforms import spark_schema

from .storage import DAY_FOLDER, account_name, as_uri, day_key, filesystem, write_json
from .tables import Level, Table

MANIFEST = "_manifest.json"
VERSIONS = "_versions"
LOCKS = "_locks"
#: Where the manifests of partitions committed together wait while they are written (:meth:`Warehouse.replacing_parts`).
COMMITS = "_commits"
FORMAT = 1
#: A version folder's name: when it was started (epoch milliseconds) and a random part.
VERSION = re.compile(r"^(\d{13})-[0-9a-f]{32}$")
#: Table names: what may follow the warehouse root in a path.
_TABLE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


class PartitionBusy(dg.Failure):
    """Another writer held the partition's lock for longer than the timeout."""


class PartitionSuperseded(dg.Failure):
    """Another run committed the partition from a newer reading of its inputs than this run's: that stands."""


@dataclass(frozen=True)
class Manifest:
    """What a partition's ``_manifest.json`` says: its current version, that version's files and
    documents (relative to the partition folder), and the versions it replaced with when."""

    version: str
    files: tuple[str, ...]
    documents: tuple[str, ...] = ()
    retired: Mapping[str, int] = field(default_factory=dict)
    #: When the run that wrote it read its inputs (the landing zone's listing, the log it resolved), epoch
    #: milliseconds; None where the writer did not say. Of two runs, the one that read later wins.
    as_of: int | None = None

    def to_json(self) -> bytes:
        return json.dumps({"format": FORMAT, "version": self.version, "files": list(self.files),
                           "documents": list(self.documents), "retired": dict(self.retired),
                           **({"as_of": self.as_of} if self.as_of is not None else {}),
                           "committed_at": datetime.now(timezone.utc).isoformat()}, indent=1).encode()

    @classmethod
    def from_json(cls, text: bytes, where: str) -> Manifest:
        try:
            data = json.loads(text)
            if data.get("format") != FORMAT:
                raise ValueError(f"format {data.get('format')!r}, this version reads {FORMAT}")
            as_of = data.get("as_of")
            manifest = cls(str(data["version"]), tuple(data["files"]), tuple(data.get("documents", ())),
                           {str(k): int(v) for k, v in data.get("retired", {}).items()},
                           None if as_of is None else int(as_of))
            folder = f"{manifest.folder}/"
            outside = [n for n in manifest.files if not n.startswith(folder) or ".." in n.split("/")]
            outside += [n for n in manifest.documents if "/" in n or n in (".", "..")]
            if not VERSION.match(manifest.version) or outside:  # no name leads out of the version's folder
                raise ValueError(f"names outside its version: {outside[:3]}")
            return manifest
        except (ValueError, KeyError, TypeError, AttributeError) as err:
            raise ValueError(f"{where}: not a partition manifest ({err})") from None

    @property
    def folder(self) -> str:
        return f"{VERSIONS}/{self.version}"

    def paths(self, partition: str) -> list[str]:
        """The current files as paths or URIs, given the partition folder's."""
        return [f"{partition}/{name}" for name in self.files]


class Warehouse(dg.ConfigurableResource):
    """The pipeline's Parquet tables, one folder per table, day and account."""

    root: str = Field(default="./warehouse", description="local path or URI of the warehouse")
    lock_timeout_seconds: float = Field(
        default=1800.0, description="how long a write waits for another run writing the same partition")
    grace_seconds: float = Field(
        default=300.0, description="how long a replaced partition version is kept for readers that read its manifest")
    abandoned_seconds: float = Field(
        default=86400.0, description="on a store without a lock, how old a version no manifest named (a killed "
                                     "run's) must be before a write deletes it")
    retention_days: int = Field(
        default=0, ge=0, description="days of partitions the retention job keeps (0: keep everything)")

    @property
    def uri(self) -> str:
        return as_uri(self.root)

    def table_uri(self, table: str) -> str:
        if not table or not set(table) <= _TABLE_CHARS:
            raise ValueError(f"{table!r} is not a table name of the warehouse")
        return f"{self.uri}/{table}"

    def partition_uri(self, table: Table | str, day: date, account: str | None = None) -> str:
        """The folder of one partition (its keys checked: no key can point outside the warehouse)."""
        if isinstance(table, Table) and (account is None) != (table.level is Level.DAY):
            raise ValueError(f"{table.name} is a table of {table.level.value} partitions")
        folder = f"{self.table_uri(str(table))}/day={day_key(day)}"
        return folder if account is None else f"{folder}/account={account_name(account)}"

    # ------------------------------------------------------------------ reading

    def manifest(self, table: Table | str, day: date, account: str | None = None) -> Manifest | None:
        """The partition's current manifest; None when it was never written."""
        return current_manifest(self.partition_uri(table, day, account))

    def materialized(self, table: Table | str, day: date, account: str | None = None) -> bool:
        return self.manifest(table, day, account) is not None

    def files(self, table: Table | str, day: date, account: str | None = None) -> list[str]:
        """The URIs of the partition's current files; a :class:`dagster.Failure` saying which partition
        to materialize first when it was never written."""
        return self._files(table, day, account, pending=True)

    def _files(self, table: Table | str, day: date, account: str | None, *, pending: bool) -> list[str]:
        """:meth:`files`; ``pending``: whether a commit of several tables may be waiting for the partition (else
        its manifest is read without looking for one)."""
        uri = self.partition_uri(table, day, account)
        manifest = current_manifest(uri) if pending else read_manifest(uri)
        if manifest is None:
            where = day_key(day) if account is None else f"{account} {day_key(day)}"
            raise dg.Failure(f"{uri} is missing: materialize {table} {where} first")
        return manifest.paths(uri)

    def document_uri(self, table: Table | str, day: date, account: str | None, name: str) -> str | None:
        """The URI of a document the partition's current version holds (see :meth:`write`); None when
        the partition or the document is missing."""
        uri = self.partition_uri(table, day, account)
        manifest = current_manifest(uri)
        return f"{uri}/{manifest.folder}/{name}" if manifest and name in manifest.documents else None

    def read(self, session: SparkSession, table: Table, day: date, account: str | None = None) -> DataFrame:
        """One partition, typed by the table's schema; a missing one is a :class:`dagster.Failure`
        saying which partition to materialize first."""
        return self._read_files(session, table, self.files(table, day, account))

    def head(self, table: Table, day: date, account: str | None, columns: Sequence[str], rows: int) -> list[dict]:
        """The first ``rows`` rows of one partition (its files in the manifest's order), ``columns`` of them, read on
        this process with pyarrow: what a materialization previews of the partition it just wrote, without a Spark
        query (each took about a tenth of a second on a warm local session). A column a file lacks is null, as
        :meth:`read` makes it. Values are what Spark's ``toArrow`` gives of the same rows (the files hold the
        table's Arrow types: UTC microseconds, see :mod:`resources.spark`)."""
        found: list[dict] = []
        for uri in self.files(table, day, account):
            fs, path = filesystem(uri)
            with fs.open(path, "rb") as handle:
                data = pq.ParquetFile(handle, buffer_size=1 << 16)  # (reads a column chunk piecewise, not whole)
                present = [name for name in columns if name in data.schema_arrow.names]
                for batch in data.iter_batches(batch_size=rows, columns=present):
                    found.extend({name: row.get(name) for name in columns} for row in batch.to_pylist())
                    if len(found) >= rows:
                        return found[:rows]
        return found

    def read_accounts(self, session: SparkSession, table: Table, day: date, accounts: Iterable[str]) -> DataFrame:
        """The partitions of ``accounts`` on ``day`` read together, typed (each must exist). The commits waiting
        on the day are listed once, not once per account (a request each on an object store)."""
        waiting = self._waiting(day)
        return self._read_files(session, table, [
            uri for account in accounts
            for uri in self._files(table, day, account, pending=f"account={account_name(account)}" in waiting)])

    def _waiting(self, day: date) -> set[str]:
        """The account folders (``account=...``) for which a commit of several tables is waiting on ``day``."""
        fs, root = filesystem(self.uri)
        return {path.rstrip("/").rsplit("/", 2)[-2]
                for path in list_matching(fs, f"{glob_escape(root)}/{COMMITS}/day={day_key(day)}/account=*/*.json")}

    def read_table(self, session: SparkSession, table: Table) -> DataFrame:
        """The whole table as it is now: every partition's current version, typed, with the partition
        keys as columns (``day`` as a date, and ``account`` for account-day tables). Empty when
        nothing was written."""
        schema = self.table_schema(table)
        files = self._current_files(table)
        if not files:
            return session.createDataFrame([], schema)
        check_data_files(files, table_uri=self.table_uri(table.name))
        return session.read.schema(schema).option("basePath", self.table_uri(table.name)).parquet(*files)

    @staticmethod
    def table_schema(table: Table) -> StructType:
        """The columns of :meth:`read_table`'s frame: the table's, then its partition keys."""
        keys = [StructField("day", DateType())]
        if table.level is Level.ACCOUNT_DAY:
            keys.append(StructField("account", StringType()))
        return StructType([*spark_schema(table.schema).fields, *keys])

    def _current_files(self, table: Table) -> list[str]:
        """Every partition's current files, from the table's manifests (read in one call: concurrently on
        object stores)."""
        table_uri = self.table_uri(table.name)
        fs, folder = filesystem(table_uri)
        # The commits of several tables still being written first, their manifests read before the partitions':
        # a commit completed between the two reads then leaves its partitions' new manifests (read second), where
        # the other order could read a partition's old manifest and then find its commit gone (one table of the
        # commit new, another old).
        pending: dict[str, Manifest] = {}
        if table.level is Level.ACCOUNT_DAY:
            _, root = filesystem(self.uri)
            for intent in list_matching(fs, f"{glob_escape(root)}/{COMMITS}/day=*/account=*/*.json"):
                key = intent[len(root) + len(COMMITS) + 2:].rsplit("/", 1)[0]  # day=.../account=...
                if table.name in _intent_tables(intent):
                    manifest = _pending_in(fs, intent, table.name)
                    if manifest is not None:
                        pending[f"{table_uri}/{key}"] = manifest
        levels = "/day=*/account=*/" if table.level is Level.ACCOUNT_DAY else "/day=*/"
        paths = list_matching(fs, glob_escape(folder) + levels + MANIFEST)
        documents = fs.cat(sorted(paths), on_error="return") if paths else {}
        manifests = {}
        for path, text in documents.items():
            if isinstance(text, FileNotFoundError):  # dropped since it was listed (retention)
                continue
            if isinstance(text, BaseException):  # never left out unsaid: a table read without it would be short
                raise ValueError(f"{path}: cannot read the partition's manifest ({type(text).__name__}: {text})")
            manifests[table_uri + path[len(folder):-len(MANIFEST) - 1]] = Manifest.from_json(text, path)
        for partition, manifest in pending.items():  # (the newer of the two: the commit's, or one written since)
            if partition not in manifests or _later(manifest, manifests[partition]):
                manifests[partition] = manifest
        return [path for partition, manifest in manifests.items() for path in manifest.paths(partition)]

    @staticmethod
    def _read_files(session: SparkSession, table: Table, files: list[str]) -> DataFrame:
        schema = spark_schema(table.schema)
        if not files:
            return session.createDataFrame([], schema)
        check_data_files(files)
        return session.read.schema(schema).parquet(*files)

    # ------------------------------------------------------------------ writing

    def write(self, frame: DataFrame, table: Table, day: date, account: str | None = None, *,
              documents: Mapping[str, Any] | None = None) -> int:
        """``frame`` (and ``documents``, JSON files by name, read back with :meth:`document_uri`) as the
        new content of one partition, committed when all is written (:meth:`replacing`); the rows
        written."""
        return int(self.write_observed(frame, table, day, account, documents=documents)["rows"])

    def write_observed(self, frame: DataFrame, table: Table, day: date, account: str | None = None,
                       figures: Sequence[Column] = (), *, documents: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """:meth:`write`, with ``figures`` computed over the rows as they are written (:func:`write_observed`):
        ``rows`` and each figure by its name."""
        with self.replacing(table, day, account) as staged:
            observed = write_observed(frame, staged, figures, row_group_bytes=table.row_group_bytes)
            for name, document in (documents or {}).items():
                write_json(f"{staged}/{name}", document)
        return observed

    @contextmanager
    def replacing(self, table: Table | str, day: date, account: str | None = None) -> Iterator[str]:
        """A new version folder's URI to write one partition's new content into (Parquet, and JSON
        documents whose names start with ``_``); when the block ends without an error, the
        partition's manifest is replaced by one naming that version (see the module's docstring).
        On an error the partition is left as it was and the version folder removed."""
        target = self.partition_uri(table, day, account)
        with self._lock(target) as exclusive:
            fs, folder = filesystem(target)
            for intent in _intents_of(fs, folder):  # a killed run's commit of this table with others: finished first,
                complete(fs, intent)  # else readers would keep following it over this write
            with replacing_partition(target, grace_seconds=self.grace_seconds,
                                     abandoned_seconds=0 if exclusive else self.abandoned_seconds) as staged:
                yield staged

    @contextmanager
    def replacing_parts(self, tables: Sequence[Table | str], day: date, account: str, *,
                        as_of: int | None = None) -> Iterator[PartVersions]:
        """New version folders of several tables' partitions of one account-day, committed together: the block
        writes into :meth:`PartVersions.uri` and names each table's files with :meth:`PartVersions.name` (Spark
        tasks writing part files themselves; what a failed task attempt left in the folder is never read), or
        :meth:`PartVersions.whole` (a table written whole by :func:`write_parquet`). When it ends without an error,
        every table's named files are checked, then the new manifests are written, all in one object first (the
        commit, :data:`COMMITS`), then each in its partition, then that object is removed. Every reader reads a
        table's partition through the one object while it is there (:func:`current_manifest`), so it sees every
        table new or every table as it was, never some of each: a run killed between two manifests leaves the
        object, which the next write of those tables completes first (for one writer at a time: see the module's
        docstring). A table left unnamed, or a named file that is missing, fails the block, and then no partition
        changes.

        ``as_of`` (epoch milliseconds) is when the run read its inputs: a partition another run committed from a
        later reading is not replaced by this older one (:class:`PartitionSuperseded`, checked once the locks are
        held and again at the commit), so of two runs launched outside the run queue the later reading stands."""
        targets = [self.partition_uri(table, day, account) for table in tables]
        intent = self._intent_uri(tables, day, account)
        with ExitStack() as locks:
            exclusive = all([locks.enter_context(self._lock(target)) for target in targets])
            fs, _ = filesystem(targets[0])
            _, intent_path = filesystem(intent)
            complete(fs, intent_path)  # a killed run's commit of the same tables, finished first
            folders = [filesystem(target)[1] for target in targets]
            _not_superseded(fs, folders, as_of)
            staged = [new_version(fs, folder) for folder in folders]
            versions = PartVersions({str(table): f"{target}/{VERSIONS}/{version}"
                                     for table, target, version in zip(tables, targets, staged)})
            committed = False
            try:
                yield versions
                named = [versions.named(str(table)) for table in tables]
                _not_superseded(fs, folders, as_of)  # (a store without a lock: another run may have committed)
                results = [prepare(fs, folder, version, grace_seconds=self.grace_seconds, files=files, as_of=as_of)
                           for folder, version, files in zip(folders, staged, named)]
                put_in_folder(fs, intent_path, json.dumps({"format": FORMAT, "manifests": {
                    str(table): json.loads(manifest.to_json()) for table, (manifest, _) in zip(tables, results)}},
                    indent=1).encode())
                committed = True  # from here on, readers read the new versions
                complete(fs, intent_path)
            except BaseException:
                # (the object may have been stored though its write failed to say so: then it names these versions)
                if not committed and not _names_versions(fs, intent_path, staged):
                    for folder, version in zip(folders, staged):
                        _remove(fs, f"{folder}/{VERSIONS}/{version}")
                raise
            abandoned = 0 if exclusive else self.abandoned_seconds
            for folder, (new, expired) in zip(folders, results):
                _remove_unnamed(fs, folder, new)
                clean(fs, folder, new, expired=expired, abandoned_seconds=abandoned)

    def write_together(self, frames: Mapping[Table, DataFrame], day: date, account: str, *,
                       as_of: int | None = None) -> dict[str, int]:
        """Each frame as the new content of its table's partition of one account-day, all committed together
        (:meth:`replacing_parts`, with ``as_of``); the rows written, by table."""
        rows = {}
        with self.replacing_parts(list(frames), day, account, as_of=as_of) as versions:
            for table, frame in frames.items():
                rows[table.name] = write_parquet(frame, versions.uri(table), row_group_bytes=table.row_group_bytes)
                versions.whole(table)
        return rows

    def _intent_uri(self, tables: Sequence[Table | str], day: date, account: str) -> str:
        """Where the manifests of ``tables``' partitions committed together wait while they are written."""
        names = sorted(str(table) for table in tables)
        for name in names:
            self.table_uri(name)  # a table's name, checked
        return f"{self.uri}/{COMMITS}/day={day_key(day)}/account={account_name(account)}/{'+'.join(names)}.json"

    def days(self, table: Table) -> list[date]:
        """The days ``table`` holds partitions of, in order."""
        fs, root = filesystem(self.table_uri(table.name))
        try:
            names = [entry.rstrip("/").rsplit("/", 1)[-1] for entry in fs.ls(root, detail=False)]
        except (FileNotFoundError, NotADirectoryError):
            return []
        return sorted(date.fromisoformat(name[4:]) for name in names
                      if name.startswith("day=") and DAY_FOLDER.match(name[4:]))

    def drop(self, table: Table, day: date) -> list[str]:
        """Remove every partition of ``table`` on ``day`` (each account's, for an account-level table),
        each under its lock: its manifest first (from then on readers see no partition), then its
        versions; the accounts dropped (``[""]`` for a day-level partition)."""
        day_uri = self.partition_uri(table.name, day)
        fs, day_path = filesystem(day_uri)
        if table.level is Level.DAY:
            units = [("", day_uri)]
        else:
            names = [entry.rstrip("/").rsplit("/", 1)[-1] for entry in fs.ls(day_path, detail=False)]
            units = [(name[len("account="):], f"{day_uri}/{name}") for name in sorted(names)
                     if name.startswith("account=")]
        for account, uri in units:
            with self._lock(uri):
                path = filesystem(uri)[1]
                if account:  # a commit of this table with others still pending: this table's part is dropped too
                    for intent in _intents_of(fs, path):
                        _remove_commit(fs, intent)
                _remove(fs, f"{path}/{MANIFEST}")
                _remove(fs, path)
        if fs.exists(day_path) and not fs.ls(day_path, detail=False):
            _remove(fs, day_path)
        return [account for account, _ in units]

    @contextmanager
    def _lock(self, partition: str) -> Iterator[bool]:
        """Hold the partition's lock (local disks); True when the lock is exclusive, False where the
        store gives none (see the module's docstring)."""
        fs, root = filesystem(self.uri)
        if not is_local(fs):
            yield False
            return
        relative = partition[len(self.uri) + 1:]
        path = f"{root}/{LOCKS}/{relative}.lock"
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "a+", encoding="utf-8") as handle:
            _acquire(handle, path, self.lock_timeout_seconds, relative)
            try:
                handle.seek(0)
                handle.truncate()
                handle.write(f"pid {os.getpid()} since {datetime.now(timezone.utc).isoformat()}\n")
                handle.flush()
                yield True
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


@contextmanager
def replacing_partition(partition: str, *, grace_seconds: float = 300.0,
                        abandoned_seconds: float = 86400.0) -> Iterator[str]:
    """The protocol of :meth:`Warehouse.replacing` for the partition folder ``partition`` (a path or
    URI), without the lock: a new version folder to write into, committed by one write of the
    manifest when the block ends without an error, then the versions no reader needs deleted."""
    fs, folder = filesystem(partition)
    version = new_version(fs, folder)
    try:
        yield f"{partition}/{VERSIONS}/{version}"
        new, expired = commit(fs, folder, version, grace_seconds=grace_seconds)
    except BaseException:
        current = read_manifest_at(fs, folder)
        if current is None or current.version != version:  # else the commit landed, then failed to say so
            _remove(fs, f"{folder}/{VERSIONS}/{version}")
        raise
    clean(fs, folder, new, expired=expired, abandoned_seconds=abandoned_seconds)


class PartVersions:
    """The version folders :meth:`Warehouse.replacing_parts` staged, by table, and the files the writers named."""

    def __init__(self, uris: Mapping[str, str]) -> None:
        self._uris = dict(uris)
        self._named: dict[str, list[str] | None] = {}

    def uri(self, table: Table | str) -> str:
        """The URI of the version folder staged for ``table``."""
        return self._uris[str(table)]

    def name(self, table: Table | str, files: Iterable[str]) -> None:
        """The data files written for ``table``, by name in its version folder: what its manifest names."""
        names = sorted(files)
        if any("/" in name or name.startswith(("_", ".")) for name in names):
            raise ValueError(f"{table}: {names[:3]}: a part file's name is one name in its version folder, "
                             "not starting with '_' or '.'")
        self._named[str(table)] = names

    def whole(self, table: Table | str) -> None:
        """``table``'s version folder holds its content whole: its manifest names every data file there."""
        self._named[str(table)] = None

    def named(self, table: str) -> list[str] | None:
        if table not in self._named:
            raise RuntimeError(f"{table}: its writers named no files (PartVersions.name): the partition was left "
                               "as it was")
        return self._named[table]


def new_version(fs, folder: str) -> str:  # type: ignore[no-untyped-def]
    """A new version folder in the partition folder ``folder``: its name (when it was started, and a random part)."""
    version = f"{time.time_ns() // 1_000_000:013d}-{uuid.uuid4().hex}"
    fs.makedirs(f"{folder}/{VERSIONS}/{version}", exist_ok=True)
    return version


def read_manifest(partition: str) -> Manifest | None:
    """The manifest of the partition folder ``partition`` (a path or URI); None when there is none."""
    return read_manifest_at(*filesystem(partition))


def current_manifest(partition: str) -> Manifest | None:
    """The manifest readers follow for the partition folder ``partition`` (a path or URI of the warehouse's
    layout): that of a commit of several tables still being written, while there is one (:data:`COMMITS`),
    else its own; None when it was never written."""
    fs, folder = filesystem(partition)
    for intent in _intents_of(fs, folder):
        pending = _pending_in(fs, intent, folder.rstrip("/").split("/")[-3])
        if pending is not None:
            return pending
    return read_manifest_at(fs, folder)


def complete(fs, intent: str) -> None:  # type: ignore[no-untyped-def]
    """Write every manifest of the commit of several tables waiting at ``intent`` (if one does) into its partition,
    then remove it: what the run that wrote it did next, or would have, had it not been killed."""
    manifests = _commit_manifests(fs, intent)
    if manifests is None:
        return
    day_folder = intent.rsplit("/", 3)
    root = intent[: intent.rindex(f"/{COMMITS}/")]
    for table, manifest in sorted(manifests.items()):
        if not table or not set(table) <= _TABLE_CHARS:  # a damaged object never leads a write out of the warehouse
            raise ValueError(f"{intent}: not a commit of several tables (table {table!r}); {_DAMAGED_COMMIT}")
        folder = f"{root}/{table}/{day_folder[1]}/{day_folder[2]}"
        put(fs, f"{folder}/{MANIFEST}", Manifest.from_json(json.dumps(manifest).encode(), intent).to_json())
    _remove_commit(fs, intent)


def _remove_commit(fs, intent: str) -> None:  # type: ignore[no-untyped-def]
    """Remove the commit object ``intent``, and its account's and day's folders once empty (an object store has
    none; a commit being written beside it makes its folders again, :func:`put_in_folder`)."""
    _remove(fs, intent)
    if is_local(fs):
        for empty in (intent.rsplit("/", 1)[0], intent.rsplit("/", 2)[0]):
            try:
                os.rmdir(empty)
            except OSError:
                break


def _intents_of(fs, folder: str) -> list[str]:  # type: ignore[no-untyped-def]
    """The commits of several tables waiting for the account-day partition folder ``folder``
    (``<root>/<table>/day=.../account=...``) that name its table; [] for any other folder."""
    parts = folder.rstrip("/").split("/")
    if len(parts) < 4 or not parts[-2].startswith("day=") or not parts[-1].startswith("account="):
        return []
    waiting = "/".join([*parts[:-3], COMMITS, parts[-2], parts[-1]])
    try:
        names = [path.rstrip("/").rsplit("/", 1)[-1] for path in fs.ls(waiting, detail=False)]
    except (FileNotFoundError, NotADirectoryError):
        return []
    return [f"{waiting}/{name}" for name in sorted(names) if parts[-3] in _intent_tables(name)]


def _later(manifest: Manifest, than: Manifest) -> bool:
    """Whether ``manifest`` is newer than ``than`` (two manifests of one partition read at different times): it
    replaced it (``than``'s version is among those it retired), else its version was started later."""
    if manifest.version == than.version or manifest.version in than.retired:
        return False
    return than.version in manifest.retired or manifest.version > than.version


def _intent_tables(path: str) -> list[str]:
    """The tables a commit's object is named by (``access_history+access_history_quarantine.json``)."""
    name = path.rstrip("/").rsplit("/", 1)[-1]
    return name[: -len(".json")].split("+") if name.endswith(".json") else []


#: What to do about a commit object that cannot be read.
_DAMAGED_COMMIT = "delete it and materialize that account-day's tables again"


def _commit_manifests(fs, intent: str) -> dict[str, Any] | None:  # type: ignore[no-untyped-def]
    """The manifests, by table, of the commit waiting at ``intent``; None when there is none (or no longer)."""
    try:
        data = json.loads(fs.cat_file(intent))
        manifests = data["manifests"]
        if not isinstance(manifests, dict):
            raise ValueError("'manifests' is not an object")
        return manifests
    except FileNotFoundError:
        return None
    except (ValueError, KeyError, TypeError) as err:
        raise ValueError(f"{intent}: not a commit of several tables ({err}); {_DAMAGED_COMMIT}") from None


def _names_versions(fs, intent: str, versions: Sequence[str]) -> bool:  # type: ignore[no-untyped-def]
    """Whether the commit waiting at ``intent`` names ``versions`` (this run's: its write was stored)."""
    try:
        manifests = _commit_manifests(fs, intent) or {}
    except ValueError:
        return False
    named = {str(manifest.get("version")) for manifest in manifests.values() if isinstance(manifest, dict)}
    return bool(named) and named <= set(versions)


def _pending_in(fs, intent: str, table: str) -> Manifest | None:  # type: ignore[no-untyped-def]
    """``table``'s manifest in the commit waiting at ``intent``; None when it is gone (completed meanwhile)."""
    manifest = (_commit_manifests(fs, intent) or {}).get(table)
    return None if manifest is None else Manifest.from_json(json.dumps(manifest).encode(), intent)


def partition_files(partition: str | os.PathLike[str]) -> list[str]:
    """The current files of the partition folder ``partition`` (in the form given: a path or a URI);
    [] when it was never written. What a reader without Spark (pyarrow, DuckDB, a test) reads.

    >>> partition_files("/nowhere/access_history/day=2024-03-01/account=ACME")
    []
    """
    manifest = current_manifest(os.fspath(partition))
    return [] if manifest is None else manifest.paths(os.fspath(partition))


def commit(fs, folder: str, version: str, *,  # type: ignore[no-untyped-def]
           grace_seconds: float, files: list[str] | None = None) -> tuple[Manifest, set[str]]:
    """Make ``version`` (written in ``folder/_versions/version``) the partition's current version: one
    write of its manifest, naming ``files`` (else every data file of the version). The new manifest,
    and the versions no reader needs any more (replaced more than ``grace_seconds`` ago)."""
    new, expired = prepare(fs, folder, version, grace_seconds=grace_seconds, files=files)
    put(fs, f"{folder}/{MANIFEST}", new.to_json())
    return new, expired


def prepare(fs, folder: str, version: str, *,  # type: ignore[no-untyped-def]
            grace_seconds: float, files: list[str] | None = None, as_of: int | None = None
            ) -> tuple[Manifest, set[str]]:
    """The manifest :func:`commit` writes (saying ``as_of``), and the versions it makes expire, without writing it."""
    names = _file_names(fs, f"{folder}/{VERSIONS}/{version}")
    if files is not None:
        missing_files(fs, folder, version, files, names)
        names = [*files, *(n for n in names if n.startswith("_"))]
    old = read_manifest_at(fs, folder)
    now = time.time_ns() // 1_000_000
    replaced = {} if old is None else {**old.retired, old.version: now}
    retired = {v: at for v, at in replaced.items() if now - at < grace_seconds * 1000}
    new = Manifest(version, tuple(f"{VERSIONS}/{version}/{n}" for n in names if not n.startswith(("_", "."))),
                   tuple(n for n in names if n.startswith("_") and n.endswith(".json")), retired, as_of)
    return new, set(replaced) - set(retired)


def _not_superseded(fs, folders: Sequence[str], as_of: int | None) -> None:  # type: ignore[no-untyped-def]
    """:class:`PartitionSuperseded` when a partition of ``folders`` was committed from a later reading of its
    inputs than ``as_of``."""
    if as_of is None:
        return
    for folder in folders:
        current = read_manifest_at(fs, folder)
        if current is not None and current.as_of is not None and current.as_of > as_of:
            read = datetime.fromtimestamp(current.as_of / 1000, timezone.utc).isoformat(timespec="seconds")
            mine = datetime.fromtimestamp(as_of / 1000, timezone.utc).isoformat(timespec="seconds")
            raise PartitionSuperseded(
                f"{folder}: another run committed this partition from its inputs as read at {read}, later than this "
                f"run read them ({mine}): that result stands, this run's older one is not committed")


def check_data_files(files: Sequence[str], *, table_uri: str | None = None) -> None:
    """A :class:`ValueError` naming the first of ``files`` (a table's current data files, by URI) that is gone or
    empty: Spark reads a file of 0 bytes as no rows without a word (a file truncated after it was written, a copy
    cut short), and a file gone as a stack trace. Listed once per folder, or with ``table_uri`` once for the whole
    table (one paginated listing on an object store, fewer requests than its manifests' reads)."""
    fs, _ = filesystem(files[0])
    paths = [filesystem(uri)[1] for uri in files]
    if table_uri is not None:
        sizes = {path: info.get("size") for path, info in fs.find(filesystem(table_uri)[1], detail=True).items()}
    else:
        sizes = {}
        for folder in sorted({path.rsplit("/", 1)[0] for path in paths}):
            try:
                sizes.update((info["name"], info.get("size")) for info in fs.ls(folder, detail=True))
            except FileNotFoundError:
                pass
    for uri, path in zip(files, paths):
        if path not in sizes:
            raise ValueError(f"{uri}: a data file the partition's manifest names is gone ({AGAIN})")
        if sizes[path] == 0:
            raise ValueError(f"{uri}: a data file the partition's manifest names is empty (0 bytes; Spark would read "
                             f"no rows from it): it was cut short after it was written ({AGAIN})")


#: What mends a partition whose data file is gone or empty.
AGAIN = "materialize that partition again"


def _file_names(fs, staged: str) -> list[str]:  # type: ignore[no-untyped-def]
    try:
        return sorted(entry["name"].rstrip("/").rsplit("/", 1)[-1] for entry in fs.ls(staged, detail=True)
                      if entry["type"] == "file")
    except FileNotFoundError:  # an object store: nothing was written, an empty partition
        return []


def missing_files(fs, folder: str, version: str, files: Iterable[str],  # type: ignore[no-untyped-def]
                  names: list[str] | None = None) -> None:
    """:class:`FileNotFoundError` naming the files of ``files`` the version folder does not hold (its writers
    reported them: records would be lost)."""
    staged = f"{folder}/{VERSIONS}/{version}"
    missing = sorted(set(files) - set(_file_names(fs, staged) if names is None else names))
    if missing:
        raise FileNotFoundError(f"{staged}: {len(missing)} file(s) its writers reported are missing, "
                                f"{missing[:3]}: the partition was left as it was")


def _remove_unnamed(fs, folder: str, current: Manifest) -> None:  # type: ignore[no-untyped-def]
    """Delete the data files of the current version its manifest does not name (a failed or repeated task
    attempt's part files; best effort: no reader reads them anyway)."""
    named = {name.rsplit("/", 1)[-1] for name in current.files}
    for name in _file_names(fs, f"{folder}/{current.folder}"):
        if name not in named and not name.startswith("_"):
            try:
                _remove(fs, f"{folder}/{current.folder}/{name}")
            except OSError:
                pass


def read_manifest_at(fs, folder: str) -> Manifest | None:  # type: ignore[no-untyped-def]
    """:func:`read_manifest` of the folder ``folder`` of the file system ``fs``."""
    try:
        return Manifest.from_json(fs.cat_file(f"{folder}/{MANIFEST}"), f"{folder}/{MANIFEST}")
    except FileNotFoundError:
        return None


def clean(fs, folder: str, current: Manifest, *,  # type: ignore[no-untyped-def]
          expired: set[str], abandoned_seconds: float) -> None:
    """Delete the partition's version folders no reader needs any more: the retired versions whose
    grace ran out (``expired``) and those no manifest named, once ``abandoned_seconds`` old; and a killed
    :func:`put`'s temporary manifest, once :data:`TEMPORARY_SECONDS` old."""
    now = time.time_ns() // 1_000_000
    if is_local(fs):
        try:
            for entry in os.scandir(folder):
                if entry.name.startswith(f"{MANIFEST}.") and entry.name.endswith(".tmp") and \
                        now - entry.stat().st_mtime * 1000 >= TEMPORARY_SECONDS * 1000:
                    os.remove(entry.path)
        except FileNotFoundError:  # (removed meanwhile: by another writer, or the partition by retention)
            pass
    try:
        names = [path.rstrip("/").rsplit("/", 1)[-1] for path in fs.ls(f"{folder}/{VERSIONS}", detail=False)]
    except FileNotFoundError:
        return
    for name in names:
        started = VERSION.match(name)
        if not started or name == current.version or name in current.retired:
            continue
        if name in expired or now - int(started.group(1)) >= abandoned_seconds * 1000:
            _remove(fs, f"{folder}/{VERSIONS}/{name}")


#: How old a temporary file of :func:`put` is before :func:`clean` removes it: a write takes milliseconds, and another
#: writer (completing a commit of several tables) may be writing this partition's manifest without its lock.
TEMPORARY_SECONDS = 600


def put(fs, path: str, data: bytes) -> None:  # type: ignore[no-untyped-def]
    """Write ``data`` as the object ``path`` in one piece: a reader finds the old content or the new,
    never part of it (one PUT on an object store; a temporary file and ``os.replace`` locally)."""
    if not is_local(fs):
        fs.pipe_file(path, data)
        return
    temporary = f"{path}.{uuid.uuid4().hex}.tmp"
    with open(temporary, "wb") as handle:
        handle.write(data)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


def list_matching(fs, pattern: str, *, attempts: int = 20) -> list[str]:  # type: ignore[no-untyped-def]
    """``fs.glob(pattern)``, listed again when a folder it was listing went away meanwhile (locally, the stat of a
    folder listed a moment before fails): :func:`complete` removes the commits' folders once empty, and retention
    whole partitions."""
    for attempt in range(attempts):
        try:
            return sorted(fs.glob(pattern))
        except FileNotFoundError:
            if attempt == attempts - 1:
                raise
    return []


def put_in_folder(fs, path: str, data: bytes, *, attempts: int = 20) -> None:  # type: ignore[no-untyped-def]
    """:func:`put`, making the object's folder first: a folder :func:`complete` may remove once empty (the commits'
    ``day=``/``account=`` folders), so another account's commit finishing meanwhile can remove it between the two
    steps; then both are done again."""
    for attempt in range(attempts):
        try:
            fs.makedirs(path.rsplit("/", 1)[0], exist_ok=True)
            put(fs, path, data)
            return
        except (FileNotFoundError, FileExistsError):  # (makedirs: made by another, then removed before its check)
            if attempt == attempts - 1:
                raise


def write_parquet(frame: DataFrame, uri: str, *, row_group_bytes: int | None = None) -> int:
    """Write ``frame`` as the whole content of the folder ``uri`` (a version folder of
    :meth:`Warehouse.replacing`); the rows written, counted while writing (no second pass).

    ``row_group_bytes`` caps the Parquet row groups (default 128 MB): Spark splits a file
    between tasks at row-group boundaries only, so a table written by one task but read by
    many needs smaller ones.
    """
    return int(write_observed(frame, uri, row_group_bytes=row_group_bytes)["rows"])


def write_observed(frame: DataFrame, uri: str, figures: Sequence[Column] = (), *,
                   row_group_bytes: int | None = None) -> dict[str, Any]:
    """:func:`write_parquet`, with ``figures`` (named aggregates, none of them DISTINCT: Spark cannot observe those)
    computed over the rows as they are written: ``rows`` and each figure by its name."""
    written = Observation()
    writer = frame.observe(written, F.count(F.lit(1)).alias("rows"), *figures).write.mode("overwrite")
    if row_group_bytes:
        writer = writer.option("parquet.block.size", str(row_group_bytes))
    writer.parquet(uri)
    return dict(written.get)


def _acquire(handle: TextIO, path: str, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return
        except BlockingIOError:
            if time.monotonic() >= deadline:
                handle.seek(0)
                holder = handle.read().strip() or "another process"
                raise PartitionBusy(f"{what}: another run is writing this partition ({holder}; lock file {path}); "
                                    f"waited {timeout:.0f} s") from None
            time.sleep(0.2)


def is_local(fs: object) -> bool:
    """Whether ``fs`` is the local file system (where ``flock`` and ``os.replace`` work)."""
    protocol = getattr(fs, "protocol", ())
    return "file" in (protocol if isinstance(protocol, (tuple, list)) else (protocol,))


def _remove(fs, path: str) -> None:  # type: ignore[no-untyped-def]
    try:
        fs.rm(path, recursive=True)
    except FileNotFoundError:
        pass
