"""Asset checks: the rules every partition of the six assets obeys, evaluated on its stored Parquet.

One multi-asset check per asset evaluates the partition just materialized (its tables read
through the Spark and Warehouse resources) and yields one result per rule; one module per
asset holds its rules (:mod:`.raw_query_logs`, :mod:`.catalog`, :mod:`.access_history`,
:mod:`.flattened` for ``column_lineage`` and ``policy_references``,
:mod:`.org_access_history`, :mod:`.answers` for the ready answers), :mod:`.common` what they share. Each result carries
``checked_rows``, ``offending_rows`` and other counts, and a few offending rows as a
markdown table. The checks of an asset run in every run that materializes it (they have no
automation condition of their own, so they ride along). Blocking rules stop downstream
assets in the same run and, through the automation conditions (``assets.automation``), in
later runs; the parse-failure rate is a warning (``AHP_MAX_PARSE_FAILURE_RATE``, default 0.05).

``docs/operations.md`` says what each rule means. What the rules compute without Dagster is
the engine's (:mod:`access_history_platform.spark.checks`,
:mod:`access_history_platform.sql.view_references`). :func:`tools.checks.execute_checks`
evaluates checks on a stored partition without materializing it (``python -m
tools.automation --recheck`` does so for every materialized partition).
"""

from access_history_platform.spark.checks import (STATEMENT_SCHEMA, catalog_objects, make_statement_rows,
                                                  unknown_entries, view_rows)
from access_history_platform.sql.view_references import view_references

from .access_history import (ACCESS_HISTORY_CHECKS, DEFAULT_MAX_PARSE_FAILURE_RATE, MAX_PARSE_FAILURE_RATE,
                             RecordsDay, access_history_checks, base_objects_are_not_views, max_parse_failure_rate,
                             no_failed_statement_recorded, no_intermediate_views, parent_root_ids_consistent,
                             parse_failure_rate, query_id_unique_in_records, records_day, statements_complete,
                             written_column_sources_exist)
from .answers import (ANSWER_CHECK_SPECS, ANSWER_CHECKS, DATA_MOVEMENT_CHECKS, DATA_MOVEMENT_PATHS_CHECKS,
                      GOVERNANCE_HISTORY_CHECKS, OBJECT_ACCESS_CHECKS, OBJECT_USAGE_CHECKS)
from .catalog import (CATALOG_CHECKS, catalog_checks, ids_unique_per_domain, view_definitions_parse,
                      view_references_known)
from .common import SAMPLE_ROWS, check_spec, driver_verdict, upstream_as_materialized, verdict
from .flattened import (COLUMN_LINEAGE_CHECKS, POLICY_REFERENCES_CHECKS, column_lineage_checks, flattened_specs,
                        flattened_table_checks, policy_references_checks)
from .org_access_history import ORG_ACCESS_HISTORY_CHECKS, org_access_history_checks
from .raw_query_logs import (RAW_QUERY_LOGS_CHECKS, query_id_unique_in_log, raw_query_logs_checks,
                             required_fields_present, timestamps_inside_partition)

ALL_CHECK_SPECS = (*RAW_QUERY_LOGS_CHECKS, *CATALOG_CHECKS, *ACCESS_HISTORY_CHECKS, *COLUMN_LINEAGE_CHECKS,
                   *POLICY_REFERENCES_CHECKS, *ORG_ACCESS_HISTORY_CHECKS, *ANSWER_CHECK_SPECS)
ACCOUNT_DAY_CHECKS = (raw_query_logs_checks, catalog_checks, access_history_checks, column_lineage_checks,
                      policy_references_checks, *ANSWER_CHECKS)
ORGANIZATION_CHECKS = (org_access_history_checks,)
ALL_CHECKS = (*ACCOUNT_DAY_CHECKS, *ORGANIZATION_CHECKS)

__all__ = [
    "ACCESS_HISTORY_CHECKS", "ANSWER_CHECKS", "ANSWER_CHECK_SPECS", "DATA_MOVEMENT_CHECKS", "DATA_MOVEMENT_PATHS_CHECKS",
    "GOVERNANCE_HISTORY_CHECKS", "OBJECT_ACCESS_CHECKS", "OBJECT_USAGE_CHECKS", "ACCOUNT_DAY_CHECKS", "ALL_CHECKS", "ALL_CHECK_SPECS", "CATALOG_CHECKS",
    "COLUMN_LINEAGE_CHECKS", "DEFAULT_MAX_PARSE_FAILURE_RATE", "MAX_PARSE_FAILURE_RATE", "ORGANIZATION_CHECKS",
    "ORG_ACCESS_HISTORY_CHECKS", "POLICY_REFERENCES_CHECKS", "RAW_QUERY_LOGS_CHECKS", "SAMPLE_ROWS",
    "STATEMENT_SCHEMA", "RecordsDay", "access_history_checks", "base_objects_are_not_views", "catalog_checks",
    "catalog_objects", "check_spec", "column_lineage_checks", "driver_verdict", "flattened_specs",
    "flattened_table_checks", "ids_unique_per_domain", "make_statement_rows", "max_parse_failure_rate",
    "no_failed_statement_recorded", "no_intermediate_views", "org_access_history_checks",
    "parent_root_ids_consistent", "parse_failure_rate", "policy_references_checks", "query_id_unique_in_log",
    "query_id_unique_in_records", "raw_query_logs_checks", "records_day", "required_fields_present",
    "statements_complete", "timestamps_inside_partition", "unknown_entries", "upstream_as_materialized",
    "verdict", "view_definitions_parse", "view_references", "view_references_known", "view_rows",
    "written_column_sources_exist",
]
