"""The pipeline's partitions, defined once: UTC days crossed with accounts, and UTC days.

``AHP_START_DATE`` (default 2024-01-01) is the first day; the last one is today (UTC), so a
sensor can fill a day as its logs land. A deployment sets its own first day; ``bin/demo``
sets the demo's first day (its days end today) in its process and in ``.env``, which
``dagster dev`` reads, so that the UI's partitions are exactly the demo's days. Accounts are dynamic partitions named ``accounts``:
registering an account is what makes the pipeline process it.
"""

from __future__ import annotations

import warnings
from dataclasses import dataclass
from datetime import date, timedelta

import dagster as dg

from resources.settings import Settings
from resources.storage import InvalidKey, account_name

START_DATE = Settings.from_env().start_date.isoformat()
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
        """The run's partition, its account key checked before anything uses it as a path."""
        keys = context.partition_key.keys_by_dimension
        try:
            return cls(date.fromisoformat(keys["day"]), account_name(keys["account"]))
        except InvalidKey as err:
            raise dg.Failure(f"partition {context.partition_key}: {err}; remove it from the '{ACCOUNTS}' "
                             "partitions") from None

    @property
    def key(self) -> dg.MultiPartitionKey:
        return partition_key(self.day, self.account)

    def __str__(self) -> str:
        return f"{self.account} {self.day.isoformat()}"

    def start_gone(self, table: str) -> dg.Failure:
        """Why the day's ``table``, an asset each day of which starts from the day before, is not redone: its current
        version started from the day before, which is gone (retention drops the days before its first kept day, and
        keeps the day before that one only as where it starts). Redone from nothing, the day would lose what it
        carried, and so would every later day after it."""
        previous = (self.day - timedelta(days=1)).isoformat()
        return dg.Failure(
            f"{self}: this day's {table} started from the {table} of {previous}, which is gone (retention keeps the "
            f"day before its first kept day only as where that day starts): the day is not redone, since it would "
            f"start from nothing and lose what it carried, and every later day with it. Its partition is left as "
            f"it was, and what landed for the day since it was made does not count")


def partition_days() -> tuple[date, date]:
    """The first and the last day that have a partition now: ``AHP_START_DATE`` and today (UTC)."""
    first, last = days.get_first_partition_key(), days.get_last_partition_key()
    if first is None or last is None:
        raise dg.Failure(f"AHP_START_DATE ({days.start.date()}) is after today (UTC): no day has a partition yet")
    return date.fromisoformat(first), date.fromisoformat(last)


def partition_key(day: date | str, account: str) -> dg.MultiPartitionKey:
    """The partition key of one account-day."""
    return dg.MultiPartitionKey({"day": str(day), "account": account})


def registered_accounts(context: dg.AssetExecutionContext | dg.AssetCheckExecutionContext) -> list[str]:
    """The registered accounts whose keys are valid account names; the others are named in the log and left out."""
    valid = []
    for key in sorted(context.instance.get_dynamic_partitions(ACCOUNTS)):
        try:
            valid.append(account_name(key))
        except InvalidKey as err:
            context.log.warning(f"the '{ACCOUNTS}' partition {err}; left out")
    return valid


def day_of(context: dg.AssetExecutionContext) -> date:
    """The day of an organization-level partition."""
    return date.fromisoformat(context.partition_key)
