"""Governance DDL: tags, masking and row access policies, sequences, ALTER / DROP / UNDROP.

Handlers for the statements of :mod:`.commands` that define or change objects; each returns
the record parts (its ``object_modified_by_ddl`` entry) and applies the change to the catalog.
"""

from __future__ import annotations

from typing import Any, Callable

HANDLERS: dict[type, Callable[..., Any]] = {}
