"""Every table of the warehouse in one place: its name, its level and its schema.

An account-day table has one partition per (day, account), ``<table>/day=.../account=...``;
a day table one per day, ``<table>/day=...``. The schemas are the engine's Arrow schemas
(the records', the log lines', the catalog versions', the flattened tables'), so the Parquet
written, the typed reads, the column schemas the Dagster UI shows before a first run and
the query tool's views cannot drift apart. :class:`~resources.warehouse.Warehouse` reads and
writes partitions of these tables; nothing else builds a partition's path.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from enum import Enum
from functools import cached_property

import dagster as dg
import pyarrow as pa

from access_history_platform.spark.data_movement import data_movement_schema, movement_paths_schema
from access_history_platform.spark.governance_history import governance_history_schema
from access_history_platform.spark.logs import parsed_lines_schema, stored_lines_schema
from access_history_platform.spark.object_access import object_access_schema
from access_history_platform.spark.object_usage import object_usage_schema
from access_history_platform.spark.parts import quarantine_schema as records_quarantine_schema
from access_history_platform.spark.records import records_schema
from access_history_platform.spark.transforms import (
    column_lineage_schema,
    org_access_history_schema,
    policy_references_schema,
)
from access_history_platform.spark.versions import versions_schema


class Level(Enum):
    """What one partition of a table holds."""

    ACCOUNT_DAY = "account-day"
    DAY = "day"


@dataclass(frozen=True)
class Table:
    """One table of the warehouse."""

    name: str
    level: Level
    schema_of: Callable[[], pa.Schema] = field(repr=False, compare=False)
    #: Parquet row-group size when the default (128 MB) does not suit the table's readers.
    row_group_bytes: int | None = None

    @cached_property
    def schema(self) -> pa.Schema:
        return self.schema_of()

    def column_schema(self) -> dg.TableSchema:
        """The table's columns as Dagster shows them (``dagster/column_schema``)."""
        return dg.TableSchema(columns=[dg.TableColumn(name=f.name, type=_type_name(f.type),
                                                      constraints=dg.TableColumnConstraints(nullable=f.nullable))
                                       for f in self.schema])

    def __str__(self) -> str:
        return self.name


def _type_name(data_type: pa.DataType) -> str:
    text = str(data_type)
    return text if len(text) <= 120 else text[:119] + "…"


def _columns(schema: Callable[[], pa.Schema], names: tuple[str, ...]) -> Callable[[], pa.Schema]:
    return lambda: pa.schema([schema().field(name) for name in names])


#: Columns of the log lines' quarantine, taken from the parsed rows they are set aside from.
RAW_QUARANTINE_COLUMNS = ("account_name", "file", "line", "reason", "text")

RAW_QUERY_LOGS = Table("raw_query_logs", Level.ACCOUNT_DAY, stored_lines_schema,
                       row_group_bytes=4 * 1024 * 1024)  # one task writes the day, several resolve it
RAW_QUERY_LOGS_QUARANTINE = Table("raw_query_logs_quarantine", Level.ACCOUNT_DAY,
                                  _columns(parsed_lines_schema, RAW_QUARANTINE_COLUMNS))
CATALOG = Table("catalog", Level.ACCOUNT_DAY, versions_schema)
ACCESS_HISTORY = Table("access_history", Level.ACCOUNT_DAY, records_schema)
ACCESS_HISTORY_QUARANTINE = Table("access_history_quarantine", Level.ACCOUNT_DAY, records_quarantine_schema)
COLUMN_LINEAGE = Table("column_lineage", Level.ACCOUNT_DAY, column_lineage_schema)
POLICY_REFERENCES = Table("policy_references", Level.ACCOUNT_DAY, policy_references_schema)
ORG_ACCESS_HISTORY = Table("org_access_history", Level.DAY, org_access_history_schema)
# The ready answers (issue 18): the records flattened once, data movement, usage, governance.
OBJECT_ACCESS = Table("object_access", Level.ACCOUNT_DAY, object_access_schema)
DATA_MOVEMENT = Table("data_movement", Level.ACCOUNT_DAY, data_movement_schema)
DATA_MOVEMENT_PATHS = Table("data_movement_paths", Level.ACCOUNT_DAY, movement_paths_schema)
OBJECT_USAGE = Table("object_usage", Level.ACCOUNT_DAY, object_usage_schema)
GOVERNANCE_HISTORY = Table("governance_history", Level.ACCOUNT_DAY, governance_history_schema)
ANSWER_TABLES = (OBJECT_ACCESS, DATA_MOVEMENT, DATA_MOVEMENT_PATHS, OBJECT_USAGE, GOVERNANCE_HISTORY)

TABLES = (RAW_QUERY_LOGS, RAW_QUERY_LOGS_QUARANTINE, CATALOG, ACCESS_HISTORY, ACCESS_HISTORY_QUARANTINE,
          COLUMN_LINEAGE, POLICY_REFERENCES, ORG_ACCESS_HISTORY, *ANSWER_TABLES)
BY_NAME = {table.name: table for table in TABLES}
