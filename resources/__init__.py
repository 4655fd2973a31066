"""Dagster resources of the Access History Platform: Spark, the landing zone, the warehouse.

Each is configured from the environment, with defaults that run the demo locally:

- ``AHP_SPARK_MASTER`` (``local[*]``; ``spark://host:port`` or ``sc://host:port``),
  ``AHP_SPARK_CONF`` (JSON object of extra Spark properties), ``AHP_SPARK_LOG_LEVEL`` (``WARN``);
- ``AHP_LANDING`` (``./landing``), ``AHP_DIALECT`` (``snowflake``);
- ``AHP_WAREHOUSE`` (``./warehouse``);
- ``AHP_ORGANIZATION`` (``ACME``): the organization name of the org-level rollup.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping

import dagster as dg
from pydantic import Field

from .spark import SparkResource, spark_session
from .landing import LandedFile, LandingZone
from .storage import InvalidKey, account_name, as_uri, read_json, write_json
from .warehouse import PartitionBusy, Warehouse

__all__ = ["InvalidKey", "LandedFile", "LandingZone", "Organization", "PartitionBusy", "SparkResource", "Warehouse",
           "account_name", "as_uri", "defs", "read_json", "resources_from_env", "spark_session", "write_json"]


class Organization(dg.ConfigurableResource):
    """The organization the accounts belong to (ORGANIZATION_USAGE's ``organization_name``)."""

    name: str = Field(default="ACME", description="organization name written on the org-level rollup")


def resources_from_env(environ: Mapping[str, str] = os.environ) -> dict[str, dg.ConfigurableResource]:
    """The pipeline's resources, configured from ``environ`` (see the module's docstring)."""
    return {
        "spark": SparkResource(
            master=environ.get("AHP_SPARK_MASTER", "local[*]"),
            conf=json.loads(environ.get("AHP_SPARK_CONF", "{}")),
            log_level=environ.get("AHP_SPARK_LOG_LEVEL", "WARN"),
        ),
        "landing": LandingZone(root=environ.get("AHP_LANDING", "./landing"),
                               dialect=environ.get("AHP_DIALECT", "snowflake")),
        "warehouse": Warehouse(root=environ.get("AHP_WAREHOUSE", "./warehouse")),
        "organization": Organization(name=environ.get("AHP_ORGANIZATION", "ACME")),
    }


defs = dg.Definitions(resources=resources_from_env())
