"""Dagster resources of the Access History Platform: Spark, the landing zone, the warehouse.

Each is configured from the environment (:class:`~resources.settings.Settings`: ``AHP_SPARK_MASTER``,
``AHP_SPARK_CONF``, ``AHP_SPARK_LOG_LEVEL``, ``AHP_LANDING``, ``AHP_DIALECT``, ``AHP_WAREHOUSE``,
``AHP_ORGANIZATION``), with defaults that run the demo locally; ``AHP_CATALOG_URL`` (a secret, read
through ``dg.EnvVar``) makes a live database the accounts' catalog at the start (:mod:`.catalog_source`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

import dagster as dg
from pydantic import Field

from .spark import SparkResource, spark_config_for, spark_session, spark_step
from .catalog_source import LiveCatalog, live_catalog_from_env
from .landing import ClosedDays, LandedFile, LandingZone, Listing, first_to_last
from .openlineage import OpenLineageTransport
from .settings import Settings, SettingsError
from .storage import InvalidKey, account_name, as_uri, read_json, write_json
from .warehouse import PartitionBusy, PartitionSuperseded, Warehouse

__all__ = ["ClosedDays", "InvalidKey", "LandedFile", "LandingZone", "Listing", "LiveCatalog", "OpenLineageTransport", "Organization", "PartitionBusy", "PartitionSuperseded", "Settings", "SettingsError",
           "SparkResource", "Warehouse",
           "account_name", "as_uri", "defs", "first_to_last", "read_json", "resources_from_env", "spark_config_for", "spark_session", "spark_step",
           "write_json"]


class Organization(dg.ConfigurableResource):
    """The organization the accounts belong to (ORGANIZATION_USAGE's ``organization_name``)."""

    name: str = Field(default="ACME", description="organization name written on the org-level rollup")


def resources_from_env(environ: Mapping[str, str] = os.environ) -> dict[str, dg.ConfigurableResource]:
    """The pipeline's resources, configured from ``environ`` (:class:`~resources.settings.Settings`)."""
    settings = Settings.from_env(environ)
    return {
        "spark": SparkResource(spark_config=spark_config_for(settings.spark_master, settings.spark_conf),
                               log_level=settings.spark_log_level, shared_session=settings.spark_shared_session),
        "landing": LandingZone(root=settings.landing, dialect=settings.dialect, lookback_days=settings.lookback_days,
                               backlog_days=settings.sensor_backlog,
                               live_catalog=live_catalog_from_env(environ)),
        "warehouse": Warehouse(root=settings.warehouse, retention_days=settings.retention_days),
        "organization": Organization(name=settings.organization),
        "openlineage": openlineage_from_env(settings, environ),
    }


#: The OpenLineage endpoint's API key, read through ``dg.EnvVar`` (never shown in the UI).
OPENLINEAGE_API_KEY = "AHP_OPENLINEAGE_API_KEY"


def openlineage_from_env(settings: Settings, environ: Mapping[str, str] = os.environ) -> OpenLineageTransport:
    """The OpenLineage endpoint of the settings, its API key from ``AHP_OPENLINEAGE_API_KEY`` if set."""
    return OpenLineageTransport(url=settings.openlineage_url, namespace=settings.openlineage_namespace,
                                api_key=dg.EnvVar(OPENLINEAGE_API_KEY) if environ.get(OPENLINEAGE_API_KEY) else None)


defs = dg.Definitions(resources=resources_from_env())
