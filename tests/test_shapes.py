"""One description per shape: where a shape is described twice, a test pins the two equal.

- the record: the pydantic models (:class:`AccessHistoryRecord`, which validates records in
  tests and conformance) and the Arrow schema of the ``access_history`` table, level by level;
- a catalog object: the snapshot's :class:`ObjectSpec`, the engine's :class:`CatalogObject`
  and its state as data (:func:`object_to_dict` / :func:`object_from_dict`).
"""

from __future__ import annotations

import dataclasses
import types
import typing

import pyarrow as pa
from pydantic import BaseModel

from access_history_platform.catalog import CatalogObject, Column, object_from_dict, object_to_dict
from access_history_platform.records import AccessHistoryRecord, ColumnSpec, ObjectSpec
from access_history_platform.spark.records import records_schema

#: Engine-only fields of a catalog object: whether the catalog knew it, and its name's parts.
#: (A session's temporary object is the log's, never a snapshot's.)
ENGINE_ONLY = {"known", "columns_partial", "parts", "key", "session", "temporary"}
#: Snapshot fields of a column the engine does not keep (no record or policy depends on them).
COLUMN_NOT_KEPT = {"comment"}


def model_inside(annotation: typing.Any) -> tuple[type[BaseModel] | None, bool]:
    """The pydantic model an annotation holds (``X``, ``X | None``, ``list[X]``) and whether in a list."""
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return annotation, False
    origin, args = typing.get_origin(annotation), typing.get_args(annotation)
    if origin is list:
        return model_inside(args[0])[0], True
    if origin in (typing.Union, types.UnionType):
        inner = [arg for arg in args if arg is not type(None)]
        return model_inside(inner[0]) if len(inner) == 1 else (None, False)
    return None, False


def differences(model: type[BaseModel], struct: pa.StructType, path: str) -> list[str]:
    fields = {field.alias or name: field for name, field in model.model_fields.items()}
    arrow = {struct.field(i).name: struct.field(i).type for i in range(struct.num_fields)}
    found = [f"{path}: only in the model {sorted(fields.keys() - arrow.keys())}, "
             f"only in the table {sorted(arrow.keys() - fields.keys())}"] if fields.keys() != arrow.keys() else []
    for name, field in fields.items():
        inner, _ = model_inside(field.annotation)
        if inner is None or name not in arrow:
            continue
        arrow_type = arrow[name].value_type if pa.types.is_list(arrow[name]) else arrow[name]
        if not pa.types.is_struct(arrow_type):
            found.append(f"{path}.{name}: a model, but {arrow_type} in the table")
            continue
        found += differences(inner, arrow_type, f"{path}.{name}")
    return found


def test_the_record_model_and_the_table_schema_describe_the_same_fields_at_every_level():
    schema = records_schema()
    table = pa.struct([field for field in schema if field.name != "account_name"])
    assert differences(AccessHistoryRecord, table, "record") == []


def test_the_pin_fails_when_a_level_drifts():
    schema = records_schema()
    drifted = pa.struct([field for field in schema if field.name not in ("account_name", "root_query_id")])
    assert differences(AccessHistoryRecord, drifted, "record") == [
        "record: only in the model ['root_query_id'], only in the table []"]


def test_a_snapshot_object_and_a_catalog_object_have_the_same_fields():
    engine = {f.name for f in dataclasses.fields(CatalogObject) if not f.name.startswith("_")}
    assert set(ObjectSpec.model_fields) == engine - ENGINE_ONLY
    assert set(ColumnSpec.model_fields) - COLUMN_NOT_KEPT == {f.name for f in dataclasses.fields(Column)}


def test_every_field_of_a_catalog_object_survives_its_state_as_data():
    values = {"comment": "c", "definition": "select 1", "secure": True, "shared": True, "stage_kind": "Internal Named",
              "url": "s3://b/", "argument_signature": "(A INT)", "data_type": "INT", "language": "SQL", "body": "1",
              "external": True, "signature": "(V STRING)", "start": 1, "increment": 2, "source": "D.S.T",
              "row_access_policy": "P.R", "tags": {"T": "v"}, "row_access_columns": ("A",),
              "allowed_values": ("x",), "masking_policies": ("P.M",), "known": False, "session": "s1",
              "temporary": True, "columns_partial": True, "propagate": "ON_DATA_MOVEMENT", "parents": ("D.S.P",),
              "references": (("t_a_fkey", "D.S.U"),),
              "rules": (("r", "CREATE RULE r AS ON INSERT TO t DO INSTEAD NOTHING", False),)}
    columns = (Column("A", 7, masking_policy="P.M", tags={"T": "w"}, data_type="INT", masking_using=("A", "B")),)
    obj = CatalogObject(domain="Table", name="D.pg_temp.T", id=3, columns=columns, **values)
    missing = {f.name for f in dataclasses.fields(CatalogObject) if not f.name.startswith("_")} - set(values) - {
        "domain", "name", "id", "columns", "parts", "key"}
    assert not missing, f"give the new fields a value here: {missing}"
    back = object_from_dict(object_to_dict(obj))
    assert [dataclasses.astuple(c) for c in back.columns] == [dataclasses.astuple(c) for c in columns]
    for field in dataclasses.fields(CatalogObject):
        if not field.name.startswith("_") and field.name != "columns":
            assert getattr(back, field.name) == getattr(obj, field.name), field.name


def test_the_sql_package_never_imports_the_resolver():
    """``sql/`` holds the handlers the resolver dispatches to: it depends on ``statement``, never on ``resolve``."""
    import ast
    from pathlib import Path

    import access_history_platform.sql as sql

    offending = []
    for path in Path(sql.__file__).parent.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[-1] == "resolve":
                offending.append(f"{path.name}:{node.lineno}")
    assert offending == []
