"""Access History Platform: Snowflake-style ACCESS_HISTORY records for any SQL warehouse.

The engine (this package) never imports Dagster; the Dagster layer lives in the top-level
``assets``, ``resources`` and ``sensors`` packages and wires engine functions to storage.
"""

__version__ = "0.1.0"
