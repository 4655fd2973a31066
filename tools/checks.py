"""Asset checks evaluated on a stored partition, without materializing anything."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import dagster as dg

from assets import ALL_ASSETS, ALL_CHECKS


def partition_tags(key: str | dg.MultiPartitionKey) -> dict[str, str]:
    """The run tags that name a partition (what a run of one partition carries)."""
    tags = {"dagster/partition": str(key)}
    if isinstance(key, dg.MultiPartitionKey):
        tags.update({f"dagster/partition/{dim}": value for dim, value in key.keys_by_dimension.items()})
    return tags


def execute_checks(checks: Sequence[dg.AssetChecksDefinition], key: str | dg.MultiPartitionKey, *,
                   instance: dg.DagsterInstance, resources: dict[str, object], tags: dict[str, str] | None = None,
                   run_config: dict[str, Any] | None = None) -> dg.ExecuteInProcessResult:
    """Evaluate ``checks`` on the stored partition ``key`` in-process, without materializing anything.

    The partition is named by the run's tags: dagster 1.13 refuses a ``partition_key`` for a
    selection of checks only.
    """
    selection = dg.AssetSelection.checks(*checks)
    return dg.materialize([*ALL_ASSETS, *ALL_CHECKS], selection=selection, instance=instance, resources=resources,
                          tags={**partition_tags(key), **(tags or {})}, run_config=run_config, raise_on_error=False)
