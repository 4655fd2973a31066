"""The Dagster code location: merges the definitions of assets/, resources/ and sensors/."""

from __future__ import annotations

import dagster as dg

import assets
import resources
import sensors


def _defs_of(module: object) -> dg.Definitions:
    return getattr(module, "defs", None) or dg.Definitions()


defs = dg.Definitions.merge(*(_defs_of(module) for module in (assets, resources, sensors)))
