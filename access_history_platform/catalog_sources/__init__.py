"""Catalog snapshots read as the warehouse gives them: information-schema exports and live databases.

Two sources give the same snapshot (CONTRACT section 2) the platform reads from ``catalog.json``:

- an export: the warehouse's own ``TABLES``, ``COLUMNS`` and ``VIEWS`` (and Snowflake's
  ``TAG_REFERENCES``, ``POLICY_REFERENCES``, ``MASKING_POLICIES``, ``ROW_ACCESS_POLICIES``) as
  CSV or Parquet files, one per view (:func:`read_export`, :func:`export_files`; the warehouse is
  recognized from the columns: :mod:`.formats` lists each one's, with the pages they come from);
- a live database through SQLAlchemy (:func:`snapshot_from_database`).

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "tables.csv").write_text("table_catalog,table_schema,table_name,table_type\\nshop,public,orders,BASE TABLE\\n")
>>> _ = (folder / "columns.csv").write_text("table_catalog,table_schema,table_name,column_name,ordinal_position,data_type\\n"
...                                         "shop,public,orders,id,1,bigint\\n")
>>> export = read_export(export_files(folder), source=str(folder))
>>> export.format.name, export.snapshot["objects"]
('trino', [{'domain': 'Table', 'name': 'shop.public.orders', 'columns': [{'name': 'id', 'data_type': 'bigint'}]}])
"""

from __future__ import annotations

from .files import ExportFile, export_files
from .formats import FORMATS, CatalogFormat, catalog_format
from .live import redacted_url, snapshot_from_database
from .snapshot import CatalogExport, read_export

__all__ = ["FORMATS", "CatalogExport", "CatalogFormat", "ExportFile", "catalog_format", "export_files",
           "read_export", "redacted_url", "snapshot_from_database"]
