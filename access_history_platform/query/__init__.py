"""Asking the records questions: Snowflake's own ACCESS_HISTORY queries, translated to Spark SQL, over
views that expose the records under Snowflake's names (:mod:`.translate`, :mod:`.views`).

The engine never imports Dagster: whatever reads the warehouse is passed in as a function.
"""

from .translate import (VARIANT_COLUMNS, VIEW_COLUMNS, VIEW_NAMES, QueryError, Translation, Untranslatable, split,
                        translate)

__all__ = ["QueryError", "Translation", "Untranslatable", "VARIANT_COLUMNS", "VIEW_COLUMNS", "VIEW_NAMES",
           "split", "translate"]
