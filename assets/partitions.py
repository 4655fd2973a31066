"""The pipeline's partitions, defined once: UTC days crossed with accounts, and UTC days.

``AHP_START_DATE`` (default 2024-01-01) is the first day; the last one is today (UTC), so a
sensor can fill a day as its logs land. Accounts are dynamic partitions named ``accounts``:
registering an account is what makes the pipeline process it.
"""

from __future__ import annotations

import os
import warnings
from dataclasses import dataclass
from datetime import date

import dagster as dg

START_DATE = os.environ.get("AHP_START_DATE", "2024-01-01")
ACCOUNTS = "accounts"

accounts = dg.DynamicPartitionsDefinition(name=ACCOUNTS)
days = dg.DailyPartitionsDefinition(start_date=START_DATE, timezone="UTC", end_offset=1)
account_days = dg.MultiPartitionsDefinition({"day": days, "account": accounts})

# Both mappings are marked beta in dagster 1.13; they are what multi-partitioned assets use.
with warnings.catch_warnings():
    warnings.simplefilter("ignore", dg.BetaWarning)
    #: The previous day of the same account (the catalog carries each day's DDL to the next).
    previous_day = dg.MultiPartitionMapping({
        "day": dg.DimensionPartitionMapping("day", dg.TimeWindowPartitionMapping(start_offset=-1, end_offset=-1)),
        "account": dg.DimensionPartitionMapping("account", dg.IdentityPartitionMapping()),
    })
    #: A day of the organization reads that day of every account.
    every_account_of_day = dg.MultiToSingleDimensionPartitionMapping(partition_dimension_name="day")


@dataclass(frozen=True, slots=True)
class AccountDay:
    """One partition of the account-level assets."""

    day: date
    account: str

    @classmethod
    def of(cls, context: dg.AssetExecutionContext) -> AccountDay:
        keys = context.partition_key.keys_by_dimension
        return cls(date.fromisoformat(keys["day"]), keys["account"])

    @property
    def key(self) -> dg.MultiPartitionKey:
        return partition_key(self.day, self.account)

    def __str__(self) -> str:
        return f"{self.account} {self.day.isoformat()}"


def partition_key(day: date | str, account: str) -> dg.MultiPartitionKey:
    """The partition key of one account-day."""
    return dg.MultiPartitionKey({"day": str(day), "account": account})


def day_of(context: dg.AssetExecutionContext) -> date:
    """The day of an organization-level partition."""
    return date.fromisoformat(context.partition_key)
