"""Query the warehouse with Spark SQL: every table of the warehouse is a view of the same name.

    .venv/bin/python -m tools.query "SELECT * FROM column_lineage LIMIT 5"

Tables are read with their partition folders as columns (``day``, and ``account`` for the
account-level tables). The object lists are arrays of structs: ``explode`` / ``inline``
them as the reference's examples use FLATTEN, e.g.::

    SELECT ah.query_id, om.objectName, c.columnName
    FROM access_history ah
    LATERAL VIEW explode(ah.objects_modified) AS om
    LATERAL VIEW explode(om.columns) AS c
"""

from __future__ import annotations

import sys
from typing import Sequence

from pyspark.sql import SparkSession

from resources import Warehouse
from resources.tables import TABLES

from .common import tool_parser, tool_resources


def register_views(session: SparkSession, warehouse: Warehouse) -> list[str]:
    """Register a temporary view for every table the warehouse holds (its partitions' current versions,
    :meth:`~resources.Warehouse.read_table`); their names."""
    names = []
    for table in TABLES:
        frame = warehouse.read_table(session, table)
        if frame.inputFiles():
            frame.createOrReplaceTempView(table.name)
            names.append(table.name)
    return names


def main(argv: Sequence[str] | None = None) -> int:
    parser = tool_parser("python -m tools.query", __doc__, landing=False, dagster_home=False)
    parser.add_argument("sql", help="the Spark SQL statement to run")
    parser.add_argument("--rows", type=int, default=20, help="rows to show (default 20)")
    args = parser.parse_args(argv)
    resources = tool_resources(args)
    session = resources["spark"].session()  # type: ignore[attr-defined]
    if not register_views(session, resources["warehouse"]):  # type: ignore[arg-type]
        print(f"no tables under {args.warehouse}: run bin/demo first", file=sys.stderr)
        return 1
    session.sql(args.sql).show(args.rows, truncate=False)
    return 0


if __name__ == "__main__":
    sys.exit(main())
