"""The warehouse: the pipeline's Parquet tables, and the one way a partition is replaced.

Layout::

    <warehouse>/<table>/day=<YYYY-MM-DD>/account=<ACCOUNT>/part-*.parquet   account-day tables
    <warehouse>/<table>/day=<YYYY-MM-DD>/part-*.parquet                     organization-level tables
    <warehouse>/_staging/<table>/day=.../account=.../<token>/               a write in progress
    <warehouse>/_locks/<table>/day=.../account=....lock                     who writes a partition
    <warehouse>/_trash/<table>/<epoch ms>-<token>/                           a replaced version, kept a while

A materialization never writes into a partition's folder. :meth:`Warehouse.replacing`
gives it a fresh staging folder beside the tables (same file system, a name Spark and
other readers skip), and only when everything was written there does the staged folder
take the partition's place:

- **Local files**: one ``renameat2(RENAME_EXCHANGE)`` swaps the staged folder and the
  partition's folder atomically (Linux 3.15+): a reader lists the old partition or the new
  one, never a mix and never nothing. The old version is moved to ``_trash`` and deleted
  by a later write of the table once it is ``trash_grace_seconds`` old (5 minutes), so a
  reader that listed the old version just before the swap can still read its files (an
  immediate delete could hand such a reader a listing of part of them). Where the call is
  missing (not Linux) two renames do it, and a reader could find the folder missing for
  the instant between them. A first write is one atomic rename.
- **Object stores** (``s3a://``, ``gs://``, ``abfss://``): a rename is a copy and a delete
  per object, so no swap is atomic there; the staged files replace the partition's only
  after they were all written (a failed or killed run leaves the old partition whole),
  but a reader listing during the short replacement may see part of it. Atomic
  replacement on an object store needs a table format with a commit log (Delta Lake,
  Iceberg), which this layout does not use; deploy/README.md says so.

One partition is written by one writer at a time: the replacement holds an exclusive
lock on the partition (``flock`` on a lock file, which the operating system releases when
a killed process dies, so a crash never leaves a stale lock). A second run of the same
partition waits for the first to commit (up to ``lock_timeout_seconds``), then replaces
its result with its own: the partition holds one run's rows, never two runs' rows. On
object stores there is no lock: the run queue's per-partition limit (deploy/dagster.yaml)
is the guard there. Staging folders left by killed runs are removed by the partition's
next write.
"""

from __future__ import annotations

import ctypes
import errno
import fcntl
import os
import shutil
import time
import uuid
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from datetime import date, datetime, timezone
from typing import Any, TextIO

import dagster as dg
from pydantic import Field
from pyspark.sql import DataFrame, Observation, SparkSession
from pyspark.sql import functions as F

from access_history_platform.spark.transforms import spark_schema

from .storage import account_name, as_uri, day_key, filesystem, write_json
from .tables import Level, Table

STAGING = "_staging"
LOCKS = "_locks"
TRASH = "_trash"
#: Table names: what may follow the warehouse root in a path.
_TABLE_CHARS = frozenset("abcdefghijklmnopqrstuvwxyz0123456789_")


class PartitionBusy(dg.Failure):
    """Another writer held the partition's lock for longer than the timeout."""


class Warehouse(dg.ConfigurableResource):
    """The pipeline's Parquet tables, one folder per table, day and account."""

    root: str = Field(default="./warehouse", description="local path or URI of the warehouse")
    lock_timeout_seconds: float = Field(
        default=1800.0, description="how long a write waits for another run writing the same partition")
    trash_grace_seconds: float = Field(
        default=300.0, description="how long a replaced partition version is kept for readers that listed it")

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

    def read(self, session: SparkSession, table: Table, day: date, account: str | None = None) -> DataFrame:
        """One partition, typed by the table's schema; a missing one is a :class:`dagster.Failure`
        saying which partition to materialize first."""
        uri = self.partition_uri(table, day, account)
        if not self.exists(uri):
            where = day_key(day) if account is None else f"{account} {day_key(day)}"
            raise dg.Failure(f"{uri} is missing: materialize {table.name} {where} first")
        return self.read_uris(session, table, [uri])

    def read_table(self, session: SparkSession, table: Table) -> DataFrame:
        """The whole table, every partition, typed by its schema (the partition folders' keys, ``day``
        and ``account``, as columns)."""
        return session.read.schema(spark_schema(table.schema)).parquet(self.table_uri(table.name))

    def read_uris(self, session: SparkSession, table: Table, uris: list[str]) -> DataFrame:
        """Partitions of ``table`` (as :meth:`partition_uri` names them) read together, typed."""
        return session.read.schema(spark_schema(table.schema)).parquet(*uris)

    def write(self, frame: DataFrame, table: Table, day: date, account: str | None = None, *,
              documents: Mapping[str, Any] | None = None) -> int:
        """``frame`` (and ``documents``, JSON files by name) as the new content of one partition,
        replacing the old one at once when all is written (:meth:`replacing`); the rows written."""
        self.partition_uri(table, day, account)  # the level checked before any work
        with self.replacing(table.name, day, account) as staged:
            rows = write_parquet(frame, staged, row_group_bytes=table.row_group_bytes)
            for name, document in (documents or {}).items():
                write_json(f"{staged}/{name}", document)
        return rows

    def exists(self, uri: str) -> bool:
        fs, path = filesystem(uri)
        return fs.exists(path)

    @contextmanager
    def replacing(self, table: str, day: date, account: str | None = None) -> Iterator[str]:
        """A staging folder's URI to write one partition's new content into (Parquet, and any files
        beside it); when the block ends without an error, the staged folder replaces the partition
        (see the module's docstring). On an error the partition is left as it was."""
        target_uri = self.partition_uri(table, day, account)
        relative = target_uri[len(self.uri) + 1:]
        fs, target = filesystem(target_uri)
        staging_uri = f"{self.uri}/{STAGING}/{relative}"
        _, staging = filesystem(staging_uri)
        with self._lock(relative):
            if fs.exists(staging):  # left by a run killed while writing this partition
                fs.rm(staging, recursive=True)
            token = uuid.uuid4().hex
            _, trash = filesystem(f"{self.uri}/{TRASH}/{table}")
            try:
                yield f"{staging_uri}/{token}"
                _replace(fs, f"{staging}/{token}", target, f"{trash}/{time.time_ns() // 1_000_000}-{token}")
            finally:
                if fs.exists(staging):
                    fs.rm(staging, recursive=True)
        _purge(fs, trash, self.trash_grace_seconds)

    @contextmanager
    def _lock(self, relative: str) -> Iterator[None]:
        fs, root = filesystem(self.uri)
        if not _is_local(fs):
            yield
            return
        path = f"{root}/{LOCKS}/{relative}.lock"
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "a+", encoding="utf-8") as handle:
            _acquire(handle, path, self.lock_timeout_seconds, relative)
            try:
                handle.seek(0)
                handle.truncate()
                handle.write(f"pid {os.getpid()} since {datetime.now(timezone.utc).isoformat()}\n")
                handle.flush()
                yield
            finally:
                fcntl.flock(handle, fcntl.LOCK_UN)


def write_parquet(frame: DataFrame, uri: str, *, row_group_bytes: int | None = None) -> int:
    """Write ``frame`` as the whole content of the folder ``uri`` (a staging folder of
    :meth:`Warehouse.replacing`); the rows written, counted while writing (no second pass).

    ``row_group_bytes`` caps the Parquet row groups (default 128 MB): Spark splits a file
    between tasks at row-group boundaries only, so a table written by one task but read by
    many needs smaller ones.
    """
    written = Observation()
    writer = frame.observe(written, F.count(F.lit(1)).alias("rows")).write.mode("overwrite")
    if row_group_bytes:
        writer = writer.option("parquet.block.size", str(row_group_bytes))
    writer.parquet(uri)
    return int(written.get["rows"])


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


def _is_local(fs: object) -> bool:
    protocol = getattr(fs, "protocol", ())
    return "file" in (protocol if isinstance(protocol, (tuple, list)) else (protocol,))


def _replace(fs, staged: str, target: str, trash: str) -> None:  # type: ignore[no-untyped-def]
    """Put the folder ``staged`` in the place of ``target``, the old version at ``trash``
    (see the module's docstring). Nothing staged is an empty partition."""
    fs.makedirs(staged, exist_ok=True)
    if not _is_local(fs):
        if fs.exists(target):
            fs.rm(target, recursive=True)
        fs.mv(staged, target, recursive=True)
        return
    os.makedirs(os.path.dirname(target), exist_ok=True)
    if not os.path.lexists(target):
        os.rename(staged, target)
        return
    os.makedirs(os.path.dirname(trash), exist_ok=True)
    if exchange(staged, target):
        os.rename(staged, trash)  # the old partition, now at the staged path
        return
    os.rename(target, trash)
    os.rename(staged, target)


def _purge(fs, trash: str, grace: float) -> None:  # type: ignore[no-untyped-def]
    """Delete the replaced versions in ``trash`` (one table's) older than ``grace`` seconds."""
    if not _is_local(fs) or not os.path.isdir(trash):
        return
    oldest = time.time_ns() // 1_000_000 - grace * 1000
    for name in os.listdir(trash):
        stamp = name.split("-", 1)[0]
        if stamp.isdigit() and int(stamp) <= oldest:
            shutil.rmtree(os.path.join(trash, name), ignore_errors=True)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def exchange(first: str, second: str) -> bool:
    """Swap two paths atomically (Linux ``renameat2`` with ``RENAME_EXCHANGE``); False where the
    system cannot (another OS, an old kernel, a file system without it)."""
    renameat2 = getattr(_libc(), "renameat2", None)
    if renameat2 is None:
        return False
    result = renameat2(_AT_FDCWD, os.fsencode(first), _AT_FDCWD, os.fsencode(second), _RENAME_EXCHANGE)
    if result == 0:
        return True
    code = ctypes.get_errno()
    if code in (errno.ENOSYS, errno.EINVAL, errno.EOPNOTSUPP):
        return False
    raise OSError(code, f"cannot swap {first} and {second}: {os.strerror(code)}")


_LIBC: ctypes.CDLL | None = None


def _libc() -> ctypes.CDLL:
    global _LIBC
    if _LIBC is None:
        _LIBC = ctypes.CDLL(None, use_errno=True)
    return _LIBC
