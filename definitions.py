"""The Dagster code location: merges the definitions of assets/, resources/ and sensors/.

Runs execute their steps in the run's own process (``in_process_executor``): every step
drives Spark, and one Spark session per run is far cheaper than one per step (a local
session takes seconds and a JVM to start; steps in parallel would only compete for the
same cores, which Spark already uses).
"""

from __future__ import annotations

import dagster as dg

import assets
import resources
import sensors


def _defs_of(module: object) -> dg.Definitions:
    return getattr(module, "defs", None) or dg.Definitions()


defs = dg.Definitions.merge(*(_defs_of(module) for module in (assets, resources, sensors)),
                            dg.Definitions(executor=dg.in_process_executor))
