"""Where an account's catalog at the start of its log comes from, when not from landed files.

:class:`LiveCatalog` reads a live database's information schema through SQLAlchemy (the engine's
:func:`~access_history_platform.catalog_sources.snapshot_from_database`). Its URL holds a
password, so a deployment gives it through the environment::

    LiveCatalog(url=dg.EnvVar("AHP_CATALOG_URL"))

which :func:`live_catalog_from_env` does when ``AHP_CATALOG_URL`` is set. The landing zone holds
it (``LandingZone.live_catalog``): the ``catalog`` asset asks the landing zone for an account's
start, which is the live database's catalog when one is configured for that account, and the
landed files (``catalog.json`` or the ``catalog/`` export folder) otherwise. It is read once, on
the account's first day; later days start from the day before.

It is Dagster configuration (``dg.Config``) of the landing-zone resource rather than a resource
of its own: a resource nested in another makes that one a context-manager resource, which every
``build_sensor_context(resources=...)`` caller would then have to open, and a resource of its own
on the ``catalog`` asset would be required in every resource set that materializes it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Optional

import dagster as dg
from pydantic import Field

from access_history_platform.catalog_sources import CatalogExport, snapshot_from_database
from access_history_platform.errors import CatalogError

CATALOG_URL = "AHP_CATALOG_URL"


class LiveCatalog(dg.Config):
    """A live database whose information schema is an account's catalog at the start of its log."""

    url: str = Field(description=f"SQLAlchemy URL of the database (postgresql://user:password@host:port/db); "
                                 f"give it as dg.EnvVar('{CATALOG_URL}')")
    account: Optional[str] = Field(default=None, description="the account whose catalog it is; unset: every account's")
    schemas: Optional[list[str]] = Field(default=None, description="read only these schemas; unset: every schema")

    def serves(self, account: str) -> bool:
        return self.account is None or self.account == account

    def read(self, account: str) -> CatalogExport:
        """The database's catalog now, as the account's snapshot; a failure names the database (not its password)."""
        try:
            return snapshot_from_database(self.url, account=account, schemas=self.schemas)
        except CatalogError as err:
            raise dg.Failure(f"the live catalog of {account}: {err}") from None


def live_catalog_from_env(environ: Mapping[str, str] = os.environ) -> LiveCatalog | None:
    """A :class:`LiveCatalog` reading ``AHP_CATALOG_URL`` when that variable is set."""
    return LiveCatalog(url=dg.EnvVar(CATALOG_URL)) if environ.get(CATALOG_URL) else None
