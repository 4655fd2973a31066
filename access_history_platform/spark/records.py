"""Access-history records as Arrow rows: one schema, the conversion there, and back.

The object lists are arrays of structs whose fields are the union of every entry kind's
keys (data object, stage, location, function), so that Spark users reach them with
``explode`` / ``inline`` as the reference's examples use FLATTEN. ``object_modified_by_ddl``
is a struct whose free-form ``properties`` is kept as a JSON string.

:func:`record_to_row` is strict: a key the schema has no field for is an error naming
where it is, never silently dropped. :func:`row_to_record` is its inverse, except that an
Arrow struct cannot tell an absent key from a null one: below the top level, keys holding
``None`` are left out.

>>> record = {"query_id": "q1", "query_start_time": "2024-03-01T09:00:00.000+00:00",
...           "user_name": "U", "direct_objects_accessed": [{"location": "s3://b/p/"}],
...           "base_objects_accessed": [], "objects_modified": [], "object_modified_by_ddl": None,
...           "policies_referenced": [], "parent_query_id": None, "root_query_id": None}
>>> row_to_record(record_to_row(record, account="ACME")) == record
True
"""

from __future__ import annotations

from functools import lru_cache

import json
from datetime import datetime, timezone
from typing import Callable, Any, Iterable

import pyarrow as pa

__all__ = [
    "OBJECT_COLUMNS",
    "OVERVIEW",
    "RECORD_COLUMNS",
    "RecordShapeError",
    "object_column",
    "record_objects",
    "record_overview",
    "record_to_row",
    "records_schema",
    "records_to_batch",
    "row_to_record",
]

_TEXT, _ID = pa.string(), pa.int64()
TIMESTAMP = pa.timestamp("us", tz="UTC")

_SOURCE = pa.struct([
    ("objectDomain", _TEXT), ("objectName", _TEXT), ("objectId", _ID), ("columnName", _TEXT),
    ("argumentSignature", _TEXT), ("dataType", _TEXT),
])
_COLUMN = pa.struct([
    ("columnId", _ID), ("columnName", _TEXT),
    ("directSources", pa.list_(_SOURCE)), ("baseSources", pa.list_(_SOURCE)),
])
_JOIN = pa.struct([
    ("joinType", _TEXT),
    ("node", pa.struct([("objectDomain", _TEXT), ("objectId", _ID), ("objectName", _TEXT)])),
])
_OBJECT = pa.struct([
    ("objectDomain", _TEXT), ("objectName", _TEXT), ("objectId", _ID),
    ("columns", pa.list_(_COLUMN)), ("joinObjects", pa.list_(_JOIN)),
    ("stageKind", _TEXT), ("location", _TEXT), ("argumentSignature", _TEXT), ("dataType", _TEXT),
])
_DDL = pa.struct([
    ("objectDomain", _TEXT), ("objectName", _TEXT), ("objectId", _ID), ("operationType", _TEXT),
    ("properties", _TEXT),
])
_POLICY = pa.struct([("policyName", _TEXT), ("policyId", _ID), ("policyKind", _TEXT)])
_POLICY_OBJECT = pa.struct([
    ("objectDomain", _TEXT), ("objectName", _TEXT), ("objectId", _ID), ("policies", pa.list_(_POLICY)),
    ("columns", pa.list_(pa.struct([("columnId", _ID), ("columnName", _TEXT), ("policies", pa.list_(_POLICY))]))),
])

_RECORD_FIELDS = [
    pa.field("query_id", _TEXT, nullable=False),
    pa.field("query_start_time", TIMESTAMP, nullable=False),
    pa.field("user_name", _TEXT),
    pa.field("direct_objects_accessed", pa.list_(_OBJECT)),
    pa.field("base_objects_accessed", pa.list_(_OBJECT)),
    pa.field("objects_modified", pa.list_(_OBJECT)),
    pa.field("object_modified_by_ddl", _DDL),
    pa.field("policies_referenced", pa.list_(_POLICY_OBJECT)),
    pa.field("parent_query_id", _TEXT),
    pa.field("root_query_id", _TEXT),
    pa.field("account_name", _TEXT),
]
#: The columns of the ``access_history`` table: CONTRACT section 3, plus ``account_name``.
RECORD_COLUMNS = tuple(f.name for f in _RECORD_FIELDS)
_CONTRACT_COLUMNS = RECORD_COLUMNS[:-1]
_CONTRACT_KEYS = frozenset(_CONTRACT_COLUMNS)


#: What a preview of the records shows of each (:func:`record_overview`).
OVERVIEW = pa.struct([
    ("query_id", _TEXT), ("query_start_time", TIMESTAMP), ("user_name", _TEXT), ("objects_read", _TEXT),
    ("objects_written", _TEXT), ("columns_read", _ID),
])


def record_overview(row: dict[str, Any]) -> dict[str, Any]:
    """A row of :func:`records_schema` (as ``to_pylist`` gives it) as a person reads it: who, when, the objects read
    directly and those written (by name, a location for an entry without one; the DDL's operation and object when
    it wrote none), and how many columns it read directly.

    >>> record_overview({"query_id": "q1", "query_start_time": None, "user_name": "U",
    ...     "direct_objects_accessed": [{"objectName": "D.S.T", "columns": [{}, {}]}, {"location": "s3://b/"},
    ...                                 {"objectName": None, "columns": None}],
    ...     "objects_modified": [], "object_modified_by_ddl": {"operationType": "CREATE", "objectName": "D.S.V"}})
    ... # doctest: +NORMALIZE_WHITESPACE
    {'query_id': 'q1', 'query_start_time': None, 'user_name': 'U', 'objects_read': 'D.S.T, s3://b/',
     'objects_written': 'CREATE D.S.V', 'columns_read': 2}
    """
    def names(entries: list[dict[str, Any]] | None) -> str:
        return ", ".join(name for entry in entries or () if (name := _name_or_location(entry)) is not None)

    ddl = row.get("object_modified_by_ddl") or {}
    direct = row.get("direct_objects_accessed")
    return {"query_id": row["query_id"], "query_start_time": row["query_start_time"], "user_name": row["user_name"],
            "objects_read": names(direct),
            "objects_written": names(row.get("objects_modified")) or " ".join(
                part for part in (ddl.get("operationType"), ddl.get("objectName")) if part is not None),
            "columns_read": None if direct is None else sum(len(entry.get("columns") or ()) for entry in direct)}


def _name_or_location(entry: dict[str, Any]) -> str | None:
    name = entry.get("objectName")
    return name if name is not None else entry.get("location")


class RecordShapeError(ValueError):
    """A record that does not fit :func:`records_schema` (names the key and where it is)."""


def records_schema() -> pa.Schema:
    """The Arrow schema of the ``access_history`` table."""
    return pa.schema(_RECORD_FIELDS)


_IDENTITY = ("query_id", "user_name", "parent_query_id", "root_query_id")
_OBJECTS = ("direct_objects_accessed", "base_objects_accessed", "objects_modified", "object_modified_by_ddl",
            "policies_referenced")
_TYPES = {field.name: field.type for field in _RECORD_FIELDS}


def record_to_row(record: dict[str, Any], *, account: str | None) -> dict[str, Any]:
    """A record shaped as CONTRACT section 3, as a row of :func:`records_schema`."""
    _check_keys(record)
    row: dict[str, Any] = {"account_name": account, "query_start_time": _timestamp(record.get("query_start_time"))}
    for name in _IDENTITY:
        row[name] = _conform(record.get(name), _TYPES[name], name)
    row.update(zip(_OBJECTS, _conform_objects(record)))
    return row


#: The record's object lists, in the order :func:`record_objects` gives them.
OBJECT_COLUMNS = _OBJECTS


def record_objects(record: dict[str, Any]) -> tuple:
    """The record's object lists (:data:`OBJECT_COLUMNS`) as the table holds them.

    Raises :class:`RecordShapeError` naming what does not fit, as :func:`record_to_row` does.
    """
    _check_keys(record)
    return _conform_objects(record)


def _check_keys(record: dict[str, Any]) -> None:
    unknown = record.keys() - _CONTRACT_KEYS
    if unknown:
        raise RecordShapeError(f"the record has keys the table has no column for: {sorted(unknown)}")


def _conform_objects(record: dict[str, Any]) -> tuple:
    return tuple(object_column(name, record.get(name)) for name in _OBJECTS)


def object_column(name: str, value: Any) -> Any:
    """One of a record's object lists (``name`` in :data:`OBJECT_COLUMNS`) as the table holds it.

    Raises :class:`RecordShapeError` naming what does not fit.
    """
    if name == "object_modified_by_ddl" and value is not None:
        value = _ddl_with_json_properties(value)
    try:
        return _converter(_TYPES[name])(value)
    except _Mismatch:  # the slow way: names the culprit, or accepts what the fast path is too strict for
        return _conform(value, _TYPES[name], name)


def records_to_batch(rows: Iterable[dict[str, Any]], schema: pa.Schema | None = None) -> pa.RecordBatch:
    """Rows (already conformed by :func:`record_to_row`) as one Arrow batch."""
    return pa.RecordBatch.from_pylist(list(rows), schema=schema or records_schema())


def row_to_record(row: dict[str, Any]) -> dict[str, Any]:
    """A row of the ``access_history`` table (as ``to_pylist`` gives it) back as a CONTRACT record."""
    record: dict[str, Any] = {}
    for name in _CONTRACT_COLUMNS:
        value = row.get(name)
        if name == "query_start_time":
            value = _iso(value)
        elif name == "object_modified_by_ddl" and value is not None:
            value = _drop_nulls(value)
            if "properties" in value:
                value["properties"] = json.loads(value["properties"])
        elif isinstance(value, list):
            value = [_drop_nulls(item) for item in value]
        record[name] = value
    return record


# --------------------------------------------------------------------------- helpers


def _conform(value: Any, kind: pa.DataType, where: str) -> Any:
    """Check ``value`` against ``kind`` (keys of structs, lists, scalars) and return it for Arrow."""
    if value is None:
        return None
    if pa.types.is_struct(kind):
        if not isinstance(value, dict):
            raise RecordShapeError(f"{where}: expected an object, got {type(value).__name__}")
        names = _struct_fields(kind)
        unknown = [key for key in value if key not in names]
        if unknown:
            raise RecordShapeError(f"{where}: unknown key {unknown[0]!r}")
        return {key: _conform(item, names[key], f"{where}.{key}") for key, item in value.items()}
    if pa.types.is_list(kind):
        if not isinstance(value, list):
            raise RecordShapeError(f"{where}: expected a list, got {type(value).__name__}")
        return [_conform(item, kind.value_type, f"{where}[{i}]") for i, item in enumerate(value)]
    if pa.types.is_integer(kind):
        if isinstance(value, bool) or not isinstance(value, int):
            raise RecordShapeError(f"{where}: expected an integer id, got {value!r}")
        return value
    if not isinstance(value, str):
        raise RecordShapeError(f"{where}: expected text, got {value!r}")
    return value


class _Mismatch(Exception):
    """Raised by a compiled converter; :func:`_conform` then says where and why."""


@lru_cache(maxsize=None)
def _converter(kind: pa.DataType) -> Callable[[Any], Any]:
    """A function checking a value against ``kind`` and returning it for Arrow, compiled once per type."""
    if pa.types.is_struct(kind):
        fields = {name: _converter(item) for name, item in _struct_fields(kind).items()}

        def struct(value: Any) -> Any:
            if value is None:
                return None
            if type(value) is not dict:
                raise _Mismatch
            try:
                return {key: fields[key](item) for key, item in value.items()}
            except KeyError:
                raise _Mismatch from None
        return struct
    if pa.types.is_list(kind):
        item_converter = _converter(kind.value_type)

        def listing(value: Any) -> Any:
            if value is None:
                return None
            if type(value) is not list:
                raise _Mismatch
            return [item_converter(item) for item in value]
        return listing
    expected = int if pa.types.is_integer(kind) else str

    def scalar(value: Any) -> Any:
        if value is None or type(value) is expected:
            return value
        raise _Mismatch
    return scalar


@lru_cache(maxsize=None)
def _struct_fields(kind: pa.DataType) -> dict[str, pa.DataType]:
    return {kind.field(i).name: kind.field(i).type for i in range(kind.num_fields)}


def _ddl_with_json_properties(entry: dict[str, Any]) -> dict[str, Any]:
    if not isinstance(entry, dict):
        raise RecordShapeError(f"object_modified_by_ddl: expected an object, got {type(entry).__name__}")
    if "properties" not in entry:
        return entry
    return {**entry, "properties": json.dumps(entry["properties"], separators=(",", ":"))}


def _timestamp(value: Any) -> datetime:
    if isinstance(value, datetime):
        stamp = value
    else:
        try:
            stamp = datetime.fromisoformat(str(value))
        except ValueError:
            raise RecordShapeError(f"query_start_time: not an ISO-8601 timestamp: {value!r}") from None
    if stamp.tzinfo is None:
        raise RecordShapeError(f"query_start_time: no UTC offset: {value!r}")
    return stamp.astimezone(timezone.utc)


def _iso(value: Any) -> Any:
    if not isinstance(value, datetime):
        return value
    stamp = value if value.tzinfo else value.replace(tzinfo=timezone.utc)
    return stamp.astimezone(timezone.utc).isoformat(timespec="milliseconds")


def _drop_nulls(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _drop_nulls(item) for key, item in value.items() if item is not None}
    if isinstance(value, list):
        return [_drop_nulls(item) for item in value]
    return value
