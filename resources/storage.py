"""Where the pipeline reads and writes: locations as URIs, and the one rule for keys that become paths.

Both take a local path (``./landing``, made absolute) or any URI fsspec and Spark both
understand (``s3a://bucket/prefix``, ``abfss://container@account.dfs.core.windows.net/prefix``,
``gs://bucket/prefix``, ``hdfs://...``). Files are listed with fsspec (:func:`filesystem`) and
read or written by Spark, but for the log files the Spark workers read and the records and
quarantine part files they write, through fsspec too; only small JSON documents (catalog
snapshots and day states) are read and written here directly. An object store therefore needs
its fsspec package (``s3fs``, ``adlfs``, ``gcsfs``) on the driver and the Spark workers, as
well as its Hadoop connector in Spark (deploy/README.md).

The layouts are described where they are kept: ``resources.landing`` and ``resources.warehouse``.
"""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from typing import Any

from access_history_platform.files import filesystem

#: The name of a day folder of the landing zone.
DAY_FOLDER = re.compile(r"^\d{4}-\d{2}-\d{2}$")
#: Account names (Snowflake account names and locators): what an account partition key may be.
ACCOUNT_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.$-]*$")
#: The longest account name: ``account=<name>.lock`` stays well under the 255 bytes a file name may have.
MAX_ACCOUNT_NAME = 200


class InvalidKey(ValueError):
    """A partition key that cannot name a folder: rejected wherever a key becomes a path."""


def account_name(name: str) -> str:
    """``name`` if it is a valid account name, else :class:`InvalidKey` saying the rule.

    The one check of every account key (a dynamic partition added by the sensor, the UI, the
    GraphQL API or code) before it becomes part of a path: nothing else can climb out of
    the landing zone or the warehouse.

    >>> account_name("ACME_EU-1")
    'ACME_EU-1'
    >>> account_name("x/../../victim")
    Traceback (most recent call last):
    ...
    resources.storage.InvalidKey: 'x/../../victim' is not a valid account name: ...
    """
    if not isinstance(name, str) or len(name) > MAX_ACCOUNT_NAME or not ACCOUNT_NAME.match(name):
        shown = repr(name) if not isinstance(name, str) or len(name) <= 80 else repr(name[:80]) + "..."
        raise InvalidKey(f"{shown} is not a valid account name: it must start with a letter or digit and hold "
                         f"only letters, digits, '_', '.', '$' and '-', at most {MAX_ACCOUNT_NAME} characters "
                         "(an account name becomes a folder name)")
    return name


def day_key(day: date | str) -> str:
    """A day as it is written in paths (``YYYY-MM-DD``), checked."""
    return day.isoformat() if isinstance(day, date) else date.fromisoformat(str(day)).isoformat()


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





def read_json(uri: str) -> Any:
    fs, path = filesystem(uri)
    with fs.open(path, "r", encoding="utf-8") as handle:
        return json.load(handle)


def write_json(uri: str, data: Any) -> None:
    fs, path = filesystem(uri)
    fs.makedirs(path.rsplit("/", 1)[0], exist_ok=True)
    with fs.open(path, "w", encoding="utf-8") as handle:
        json.dump(data, handle, separators=(",", ":"), sort_keys=True)
