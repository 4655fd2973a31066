"""Files by URI: a local path or any location an fsspec file system knows (``s3a://``, ``abfss://``, ``gs://``).

The one way the engine and the Dagster side open a location (the landing zone's listing, the Spark workers'
part files): fsspec's file system of the URI, without a listings cache.
"""

from __future__ import annotations

import fsspec

__all__ = ["filesystem"]


def filesystem(uri: str) -> tuple[fsspec.AbstractFileSystem, str]:
    """The fsspec file system of ``uri`` and the path in it, without a listings cache.

    Object-store file systems (s3fs, gcsfs, adlfs) otherwise keep every folder listing for
    the life of the process (fsspec reuses the instance), so a long-lived process, such as
    a code location evaluating the landing-zone sensor every 30 s, would never see the
    files that landed after its first look.

    >>> filesystem("file:///tmp/a b")[1]
    '/tmp/a b'
    """
    return fsspec.core.url_to_fs(uri, use_listings_cache=False)
