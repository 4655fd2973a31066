"""The Dagster code location: merges the definitions of assets/, resources/ and sensors/."""

import dagster as dg

defs = dg.Definitions()
