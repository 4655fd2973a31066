"""Where the pipeline reads and writes: the landing zone and the warehouse, as URIs.

Both take a local path (``./landing``, made absolute) or any URI fsspec and Spark both
understand (``s3a://bucket/prefix``, ``abfss://container@account.dfs.core.windows.net/prefix``,
``gs://bucket/prefix``, ``hdfs://...``). Files are listed with fsspec and read or written by
Spark; only small JSON documents (catalog snapshots and day states) are read and written
here directly. An object store therefore needs its fsspec package on the driver (``s3fs``,
``adlfs``, ``gcsfs``) as well as its Hadoop connector in Spark (deploy/README.md).

Layout::

    <landing>/<ACCOUNT>/catalog.json
    <landing>/<ACCOUNT>/<YYYY-MM-DD>/*.jsonl | *.jsonl.gz | *.parquet
    <warehouse>/<asset>/day=<YYYY-MM-DD>/account=<ACCOUNT>/part-*.parquet
    <warehouse>/<asset>/day=<YYYY-MM-DD>/part-*.parquet          (organization-level assets)
"""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from typing import Any

import dagster as dg
import fsspec
from pydantic import Field

from access_history_platform.spark.logs import LOG_FILE_SUFFIXES

#: The name of a day folder of the landing zone.
DAY_FOLDER = re.compile(r"^\d{4}-\d{2}-\d{2}$")


def as_uri(location: str) -> str:
    """``location`` as a URI: a local path becomes an absolute ``file://`` URI.

    The path is kept as it is, not percent-encoded: Hadoop's ``Path`` and fsspec both take
    ``file:///a dir/ü`` literally, while ``file:///a%20dir/%C3%BC`` names a folder called
    ``a%20dir`` to both.

    >>> as_uri("s3a://bucket/landing/")
    's3a://bucket/landing'
    >>> as_uri("/tmp/a dir/ü")
    'file:///tmp/a dir/ü'
    """
    if "://" in location:
        return location.rstrip("/")
    return "file://" + Path(location).expanduser().resolve().as_posix()


def filesystem(uri: str) -> tuple[fsspec.AbstractFileSystem, str]:
    """The fsspec file system of ``uri`` and the path in it, without a listings cache.

    Object-store file systems (s3fs, gcsfs, adlfs) otherwise keep every folder listing for
    the life of the process (fsspec reuses the instance), so a long-lived process, such as
    a code location evaluating the landing-zone sensor every 30 s, would never see the
    files that landed after its first look.
    """
    return fsspec.core.url_to_fs(uri, use_listings_cache=False)



def _children(uri: str) -> list[tuple[str, str]]:
    """(name, type) of the entries of a folder; none when it does not exist."""
    fs, path = filesystem(uri)
    try:
        entries = fs.ls(path, detail=True)
    except (FileNotFoundError, NotADirectoryError):
        return []
    return sorted((entry["name"].rstrip("/").rsplit("/", 1)[-1], entry["type"]) for entry in entries)


class LandingZone(dg.ConfigurableResource):
    """The raw query logs and catalog snapshots, one folder per account."""

    root: str = Field(default="./landing", description="local path or URI of the landing zone")
    dialect: str = Field(default="snowflake", description="sqlglot dialect of the logged statements")

    @property
    def uri(self) -> str:
        return as_uri(self.root)

    def accounts(self) -> list[str]:
        """The accounts that have a folder in the landing zone."""
        return [name for name, kind in _children(self.uri) if kind == "directory" and not name.startswith((".", "_"))]

    def days(self, account: str) -> list[date]:
        """The days that have a log folder for ``account``, in order."""
        return [date.fromisoformat(name) for name, kind in _children(f"{self.uri}/{account}")
                if kind == "directory" and DAY_FOLDER.match(name)]

    def log_files(self, account: str, day: date) -> list[str]:
        """URIs of the log files of one account-day, ordered by name (the log's input order)."""
        folder = f"{self.uri}/{account}/{day.isoformat()}"
        return [f"{folder}/{name}" for name, kind in _children(folder)
                if kind == "file" and name.lower().endswith(LOG_FILE_SUFFIXES)]

    def catalog_uri(self, account: str) -> str:
        return f"{self.uri}/{account}/catalog.json"

    def catalog_snapshot(self, account: str) -> dict[str, Any]:
        """The account's catalog snapshot as parsed JSON (validated by the engine later)."""
        uri = self.catalog_uri(account)
        try:
            return read_json(uri)
        except FileNotFoundError:
            raise dg.Failure(f"{uri}: no catalog snapshot for account {account}") from None
        except json.JSONDecodeError as err:
            raise dg.Failure(f"{uri}: not valid JSON: {err.msg} at line {err.lineno} column {err.colno}") from None


class Warehouse(dg.ConfigurableResource):
    """The pipeline's Parquet tables, one folder per asset, day and account."""

    root: str = Field(default="./warehouse", description="local path or URI of the warehouse")

    @property
    def uri(self) -> str:
        return as_uri(self.root)

    def table_uri(self, table: str) -> str:
        return f"{self.uri}/{table}"

    def partition_uri(self, table: str, day: date, account: str | None = None) -> str:
        """The folder of one partition; re-materializing the partition replaces exactly this folder."""
        folder = f"{self.uri}/{table}/day={day.isoformat()}"
        return folder if account is None else f"{folder}/account={account}"

    def exists(self, uri: str) -> bool:
        fs, path = filesystem(uri)
        return fs.exists(path)


def read_json(uri: str) -> Any:
    fs, path = filesystem(uri)
    with fs.open(path, "r", encoding="utf-8") as handle:
        return json.load(handle)


def write_json(uri: str, data: Any) -> None:
    fs, path = filesystem(uri)
    fs.makedirs(path.rsplit("/", 1)[0], exist_ok=True)
    with fs.open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, separators=(",", ":"), sort_keys=True)
