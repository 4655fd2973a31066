"""The engine's Spark side: Arrow schemas, batch functions for ``mapInArrow``, DataFrame transforms.

The batch functions are pure Python over ``pyarrow.RecordBatch`` iterators and can be
tested without Spark:

* :mod:`.logs` - :func:`parse_log_files`: raw log files (rows naming them, each read as a
  stream by the engine's one log reader) into validated lines and bad lines;
* :mod:`.batch` - :func:`resolve_batch`: a worker's share of a day's log into records, with
  the day's DDL replayed so every statement sees the catalog of its point of the log;
* :mod:`.versions` - :func:`replay_catalog_day`: a day's catalog versions and end state;
* :mod:`.records` - :func:`records_schema`, :func:`record_to_row`, :func:`row_to_record`.

:mod:`.transforms` holds the ``DataFrame -> DataFrame`` steps, :mod:`.checks` what the asset
checks compute on stored tables (both import pyspark).
"""

from .batch import make_resolve_batch, outcomes_schema, resolve_batch
from .logs import parse_log_files, parsed_lines_schema, row_to_line
from .records import RECORD_COLUMNS, record_to_row, records_schema, row_to_record
from .versions import initial_state, replay_catalog_day, versions_schema

__all__ = [
    "RECORD_COLUMNS",
    "initial_state",
    "make_resolve_batch",
    "outcomes_schema",
    "parse_log_files",
    "parsed_lines_schema",
    "record_to_row",
    "records_schema",
    "replay_catalog_day",
    "resolve_batch",
    "row_to_line",
    "row_to_record",
    "versions_schema",
]
