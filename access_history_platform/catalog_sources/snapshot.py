"""An information-schema export, recognized and turned into a catalog snapshot (CONTRACT section 2).

:func:`recognize` tells the warehouse from the columns of the files (or checks the one
declared); :func:`snapshot_from_views` maps its rows onto the snapshot's objects:

- ``TABLES`` gives each table and view its domain (by the warehouse's ``TABLE_TYPE`` vocabulary),
  ``COLUMNS`` its columns in ``ORDINAL_POSITION`` order with their ``data_type``, ``VIEWS`` each
  view's definition (and, in Snowflake, ``secure``). Names are ``catalog.schema.table`` as stored.
  Snowflake's ``ACCOUNT_USAGE.TABLES`` and ``COLUMNS`` (a superset of the information schema's)
  also give the objects' own ids (``TABLE_ID``, ``COLUMN_ID``), which the records then carry;
  their rows of dropped objects (``DELETED`` set) are skipped.
- Snowflake's ``TAG_REFERENCES`` sets tags on databases, schemas, tables, views and columns (and
  creates the tags); ``POLICY_REFERENCES`` sets masking policies on columns, row access policies
  on tables and views, and a tag's masking policies; ``MASKING_POLICIES`` and
  ``ROW_ACCESS_POLICIES`` give the policies' signatures and bodies (without them a policy is
  known by name only, and the choice among a tag's policies by data type is not made).

A row that cannot be used (an unknown ``TABLE_TYPE``, a column of a table ``TABLES`` does not
list, a blank name) is left out and reported in :attr:`CatalogExport.problems` with its file and
line; the rest of the export is read.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Iterable

from ..errors import CatalogError
from .files import ExportFile, ViewRows, iter_rows, read_views
from .formats import (
    COLUMNS, FORMATS, MASKING_POLICIES, POLICY_REFERENCES, REQUIRED_VIEWS, ROW_ACCESS_POLICIES, RULES, TABLES,
    TAG_REFERENCES, TRINO, VIEWS, CatalogFormat, catalog_format, text_of, whole_number,
)

@dataclass
class CatalogExport:
    """What an export gave: the snapshot, the warehouse it was recognized as, and the rows left out."""

    snapshot: dict[str, Any]
    format: CatalogFormat
    problems: list[str] = field(default_factory=list)


def read_export(files: Iterable[ExportFile], *, source: str, account: str | None = None,
                warehouse: str | None = None) -> CatalogExport:
    """Read an export's files (:mod:`.files`) into a catalog snapshot; ``warehouse`` overrides the guess.

    Raises :class:`~access_history_platform.errors.CatalogError` naming ``source`` when the
    export is unusable as a whole: a view it must hold is missing, a file lacks columns its
    view needs, or no warehouse's export has the columns it has.
    """
    problems: list[str] = []
    views = read_views(files, problems)
    declared = None
    if warehouse is not None:
        try:
            declared = catalog_format(warehouse)
        except ValueError as err:
            raise CatalogError(source, str(err)) from None
    try:
        fmt = recognize(views, source=source, declared=declared)
    except CatalogError as err:
        if not problems:
            raise
        # (the files it left out are likely the export's own, misnamed: what they were is what to mend)
        raise CatalogError(source, f"{err.problem}; left out: {'; '.join(problems)}") from None
    export = snapshot_from_views(views, fmt, account=account)
    _check_one_export(views, fmt, export, source)
    export.problems[:0] = problems
    return export


def _check_one_export(views: dict[str, ViewRows], fmt: CatalogFormat, export: CatalogExport, source: str) -> None:
    """:class:`CatalogError` when COLUMNS lists columns and none is of a table TABLES lists: the two files are not
    of one export (a warehouse's TABLES beside another's COLUMNS), whose every column would be left out."""
    listed = [row for _, _, row in iter_rows(views.get(COLUMNS)) if not _skipped(row, fmt)]
    if listed and not any(obj.get("columns") for obj in export.snapshot["objects"]):
        raise CatalogError(source, f"none of the {len(listed):,} column(s) of {', '.join(map(_base, views[COLUMNS].files))} "
                                   f"is of a table {', '.join(map(_base, views[TABLES].files))} lists: the files are not "
                                   "of one export")


def recognize(views: dict[str, ViewRows], *, source: str, declared: CatalogFormat | None = None) -> CatalogFormat:
    """The warehouse whose export has the columns of every file (the declared one, checked)."""
    missing_views = [v for v in REQUIRED_VIEWS if v not in views]
    if missing_views:
        raise CatalogError(source, f"the export has no {' or '.join(missing_views)} file; it has "
                                   f"{', '.join(sorted(views)) or 'no export file'} (TABLES and COLUMNS are needed)")
    for held in views.values():
        if len(set(held.headers.values())) > 1:
            raise CatalogError(source, f"the files mix exports: their {held.view} files have different columns: "
                               f"{_different_headers(held)} (one export's files of a view have the same columns)")
    if declared is not None:
        if not _fits(declared, views):
            raise CatalogError(source, _unfit(views, [declared]))
        return declared
    formats = list(FORMATS.values())
    # which warehouses each file's columns claim (the columns only that warehouse's view has)
    marked_by = {v.view: {f.name for f in formats if f.marked(v.view, v.columns)} for v in views.values()}
    claims = [names for names in marked_by.values() if names]
    common = set.intersection(*claims) if claims else {f.name for f in formats}
    if not common:
        raise CatalogError(source, "the files mix exports of different warehouses: " + "; ".join(
            f"{', '.join(views[view].files)} has the columns of {' or '.join(sorted(names))}"
            for view, names in marked_by.items() if names) + " (declare the warehouse if the guess is wrong)")
    claimed = [f for f in formats if f.name in common]
    fitting = [f for f in claimed if _fits(f, views)]
    if not fitting:
        raise CatalogError(source, _unfit(views, claimed))
    if not claims:  # the standard's core columns only: what Trino exports
        return TRINO if TRINO in fitting else fitting[0]
    return fitting[0]


def _different_headers(held: ViewRows) -> str:
    """How the files of one view differ: the columns each has that another lacks (a few of them)."""
    common = frozenset.intersection(*held.headers.values())
    return "; ".join(f"{_base(file)} has {', '.join(sorted(columns - common)[:5]) or 'no other column'}"
                     + ("..." if len(columns - common) > 5 else "") for file, columns in held.headers.items())


def _base(file: str) -> str:
    return file.rsplit("/", 1)[-1]


def _fits(fmt: CatalogFormat, views: dict[str, ViewRows]) -> bool:
    return all(v.view in fmt.required and not fmt.missing(v.view, v.columns) for v in views.values())


def _unfit(views: dict[str, ViewRows], candidates: list[CatalogFormat]) -> str:
    """Why no candidate fits: per file, the columns it has and what each warehouse's view needs."""
    lines = ["not a known information-schema export"]
    for view in views.values():
        by_need: dict[str, list[str]] = defaultdict(list)
        for fmt in candidates:
            if view.view not in fmt.required:
                by_need[f"has no {view.view} view"].append(fmt.name)
            elif missing := fmt.missing(view.view, view.columns):
                by_need[f"needs {', '.join(fmt.required[view.view])} (missing {', '.join(missing)})"].append(fmt.name)
        needs = [f"{' / '.join(names)} {need}" for need, names in by_need.items()]
        if needs:
            lines.append(f"{', '.join(view.files)} ({view.view}) has columns {', '.join(sorted(view.columns))}; "
                         + "; ".join(needs))
    return "\n  ".join(lines)


def snapshot_from_views(views: dict[str, ViewRows], fmt: CatalogFormat, *, account: str | None = None) -> CatalogExport:
    """The snapshot of a recognized export."""
    out = CatalogExport({"account": account, "objects": []}, fmt)
    relations = _relations(views.get(TABLES), fmt, out.problems)
    _add_columns(relations, views.get(COLUMNS), fmt, out.problems)
    _add_definitions(relations, views.get(VIEWS), fmt, out.problems)
    _add_rules(relations, views.get(RULES), fmt, out.problems)
    governance = _Governance(relations, out.problems)
    governance.policies(views.get(MASKING_POLICIES), "Masking policy")
    governance.policies(views.get(ROW_ACCESS_POLICIES), "Row access policy")
    governance.tags(views.get(TAG_REFERENCES))
    governance.references(views.get(POLICY_REFERENCES))
    for name, obj in relations.items():
        if obj["domain"] in ("View", "Materialized view") and not obj.get("definition"):
            # CONTRACT: a view that is not expanded is a shared one; without its text no other reading is possible
            obj["shared"] = True
            out.problems.append(f"{obj['domain']} {name}: the export gives no definition (VIEWS has no row for it, "
                                "or its VIEW_DEFINITION is empty because the exporting role does not own it): "
                                "kept as a view that is not expanded")
    out.snapshot["objects"] = [*governance.containers.values(), *relations.values(), *governance.objects.values()]
    return out


def _name(row: dict[str, object], columns: tuple[str, ...]) -> str | None:
    parts = [text_of(row, c) for c in columns]
    return ".".join(parts) if all(parts) else None  # type: ignore[arg-type]


def _listed(columns: tuple[str, ...]) -> str:
    return f"{', '.join(columns[:-1])} and {columns[-1]}"


def _where(file: str, number: int) -> str:
    return f"{file}:{number}"


def _relations(view: ViewRows | None, fmt: CatalogFormat, problems: list[str]) -> dict[str, dict[str, Any]]:
    relations: dict[str, dict[str, Any]] = {}
    for file, number, row in iter_rows(view):
        if _skipped(row, fmt):
            if _dotted(row, fmt):
                problems.append(f"{_where(file, number)}: {'.'.join(text_of(row, c) or '' for c in fmt.name_columns)}"
                                ": a name holding a dot (ClickHouse's .inner tables of materialized views) is none a "
                                "catalog snapshot can hold, whose names' parts are split at dots; the row and its "
                                "columns are left out")
            continue
        name, kind = _name(row, fmt.name_columns), (text_of(row, "TABLE_TYPE") or "").upper()
        if name is None:
            problems.append(f"{_where(file, number)}: {_listed(fmt.name_columns)} must not be empty")
        elif kind not in fmt.table_types:
            problems.append(f"{_where(file, number)}: {name}: TABLE_TYPE {kind!r} is not one of {fmt.name}'s "
                            f"({', '.join(fmt.table_types)}); the row is left out")
        elif name in relations:
            problems.append(f"{_where(file, number)}: {name} is listed twice; the first row is kept")
        else:
            relations[name] = {"domain": fmt.table_types[kind], "name": name, "columns": []}
            if (table_id := whole_number(row.get("TABLE_ID"))) is not None:
                relations[name]["id"] = table_id
    return relations


def _skipped(row: dict[str, object], fmt: CatalogFormat) -> bool:
    """A row of a system schema, of a dropped object (Snowflake's ACCOUNT_USAGE views keep those, with DELETED), or of
    a relation whose name holds a dot (:func:`_dotted`)."""
    return ((text_of(row, "TABLE_SCHEMA") or "").upper() in fmt.system_schemas or bool(text_of(row, "DELETED"))
            or _dotted(row, fmt))


def _dotted(row: dict[str, object], fmt: CatalogFormat) -> bool:
    return any("." in (text_of(row, column) or "") for column in fmt.name_columns)


def _add_columns(relations: dict[str, dict[str, Any]], view: ViewRows | None, fmt: CatalogFormat,
                 problems: list[str]) -> None:
    ordered: dict[str, list[tuple[float, str, dict[str, Any]]]] = defaultdict(list)
    for file, number, row in iter_rows(view):
        if _skipped(row, fmt):
            continue
        name, column = _name(row, fmt.name_columns), text_of(row, "COLUMN_NAME")
        if name not in relations or column is None:
            problems.append(f"{_where(file, number)}: the column {column!r} of {name}: "
                            + ("a blank COLUMN_NAME" if column is None else "TABLES does not list its table")
                            + "; the row is left out")
            continue
        spec = {"name": column, "id": whole_number(row.get("COLUMN_ID")), "data_type": fmt.data_type(row),
                "invisible": fmt.invisible(row) or None, "computed_from": list(fmt.computed_from(row)) or None,
                "stored_from": list(fmt.stored_from(row)) or None, "generated": fmt.generated(row) or None}
        ordered[name].append((_position(row), column, {k: v for k, v in spec.items() if v is not None}))
    for name, columns in ordered.items():
        seen = set()
        for _, column, spec in sorted(columns, key=lambda item: item[0]):
            if column not in seen:
                seen.add(column)
                relations[name]["columns"].append(spec)


def _position(row: dict[str, object]) -> float:
    try:
        return float(text_of(row, "ORDINAL_POSITION") or "inf")
    except ValueError:
        return float("inf")


def _add_definitions(relations: dict[str, dict[str, Any]], view: ViewRows | None, fmt: CatalogFormat,
                     problems: list[str]) -> None:
    for file, number, row in iter_rows(view):
        name = _name(row, fmt.name_columns)
        obj = relations.get(name or "")
        if obj is None:
            continue  # a view of a system schema, or one TABLES left out (already reported)
        definition = (text_of(row, "VIEW_DEFINITION") or "").rstrip(";").strip()
        if definition and fmt.described is not None and definition[:6].upper() in ("CREATE", "ATTACH"):
            _described(obj, definition, fmt, f"{_where(file, number)}: {name}", problems)
        elif definition:
            obj["definition"] = definition
        if (text_of(row, "IS_SECURE") or "").upper() in ("YES", "TRUE"):
            obj["secure"] = True


def _add_rules(relations: dict[str, dict[str, Any]], view: ViewRows | None, fmt: CatalogFormat,
               problems: list[str]) -> None:
    """PostgreSQL's rules, each kept with its table or view (:attr:`.CatalogObject.rules`)."""
    for file, number, row in iter_rows(view):
        name = _name(row, fmt.name_columns)
        definition = (text_of(row, "RULE_DEFINITION") or "").strip()
        obj = relations.get(name or "")
        if obj is None:
            if name is not None and not _skipped(row, fmt):
                problems.append(f"{_where(file, number)}: a rule of {name}, which TABLES does not list; the row is "
                                "left out")
            continue
        if definition:
            obj.setdefault("rules", []).append(definition)


def _described(obj: dict[str, Any], create: str, fmt: CatalogFormat, where: str, problems: list[str]) -> None:
    """An object given by its whole CREATE (a ClickHouse export's VIEWS from ``system.tables``): a Distributed table or
    a dictionary is the view it is read as, a materialized view kept as the log's CREATE keeps it, a table's invisible
    columns marked; one not read keeps what TABLES and COLUMNS say of it."""
    described = fmt.described(create)  # type: ignore[misc]
    if described is None:
        problems.append(f"{where}: its CREATE is none the platform reads ({create[:80]!r}); kept as TABLES lists it")
        return
    domain, definition, invisible = described
    if definition is not None:
        obj["domain"], obj["definition"] = domain, definition
    for column in obj["columns"]:
        if column["name"] in invisible:
            column["invisible"] = True


class _Governance:
    """Snowflake's tags and policies, set on the relations, databases and schemas they name."""

    def __init__(self, relations: dict[str, dict[str, Any]], problems: list[str]) -> None:
        self.relations = relations
        self.problems = problems
        self.containers: dict[str, dict[str, Any]] = {}
        self.objects: dict[tuple[str, str], dict[str, Any]] = {}

    def policies(self, view: ViewRows | None, domain: str) -> None:
        for file, number, row in iter_rows(view):
            if text_of(row, "DELETED"):
                continue
            name = _name(row, ("POLICY_CATALOG", "POLICY_SCHEMA", "POLICY_NAME"))
            body = text_of(row, "POLICY_BODY")
            if name is None or body is None:
                self.problems.append(f"{_where(file, number)}: a {domain.lower()} needs POLICY_CATALOG, POLICY_SCHEMA, "
                                     "POLICY_NAME and POLICY_BODY; the row is left out")
                continue
            policy = {"domain": domain, "name": name, "body": body, "signature": text_of(row, "POLICY_SIGNATURE")}
            if policy_id := whole_number(row.get("POLICY_ID")):
                policy["id"] = policy_id
            self.objects[(domain, name)] = {k: v for k, v in policy.items() if v is not None}

    def tags(self, view: ViewRows | None) -> None:
        for file, number, row in iter_rows(view):
            if text_of(row, "OBJECT_DELETED"):
                continue
            tag = _name(row, ("TAG_DATABASE", "TAG_SCHEMA", "TAG_NAME"))
            target = self._target(row, "DOMAIN", ("OBJECT_DATABASE", "OBJECT_SCHEMA", "OBJECT_NAME"), "COLUMN_NAME")
            if tag is None or target is None:
                self.problems.append(f"{_where(file, number)}: a tag reference to "
                                     f"{text_of(row, 'OBJECT_NAME')!r} that names no known object; the row is left out")
                continue
            self._tag(tag, whole_number(row.get("TAG_ID")))  # the tag exists; its value sits on the object
            target.setdefault("tags", {})[tag] = text_of(row, "TAG_VALUE") or ""

    def references(self, view: ViewRows | None) -> None:
        for file, number, row in iter_rows(view):
            policy = _name(row, ("POLICY_DB", "POLICY_SCHEMA", "POLICY_NAME"))
            kind = (text_of(row, "POLICY_KIND") or "").upper()
            tag = _name(row, ("TAG_DATABASE", "TAG_SCHEMA", "TAG_NAME"))
            if policy is None or kind not in ("MASKING_POLICY", "ROW_ACCESS_POLICY"):
                continue  # other policy kinds (network, aggregation, projection...) are no concern of the records
            if kind == "MASKING_POLICY" and tag is not None:
                masking = self._tag(tag, None).setdefault("masking_policies", [])
                if policy not in masking:
                    masking.append(policy)
                continue
            target = self._target(row, "REF_ENTITY_DOMAIN", ("REF_DATABASE_NAME", "REF_SCHEMA_NAME", "REF_ENTITY_NAME"),
                                  "REF_COLUMN_NAME" if kind == "MASKING_POLICY" else None)
            if target is None:
                self.problems.append(f"{_where(file, number)}: {policy} is set on "
                                     f"{_name(row, ('REF_DATABASE_NAME', 'REF_SCHEMA_NAME', 'REF_ENTITY_NAME'))}, "
                                     "which TABLES and COLUMNS do not list; the row is left out")
            elif kind == "MASKING_POLICY":
                target["masking_policy"] = policy
                if arguments := _names_list(row.get("REF_ARG_COLUMN_NAMES")):  # a conditional policy's USING
                    own = target["name"]
                    first = arguments[0].casefold() == own.casefold()
                    target["masking_using"] = arguments if first else [own, *arguments]
            else:
                target["row_access_policy"] = policy
                if arguments := _names_list(row.get("REF_ARG_COLUMN_NAMES")):
                    target["row_access_columns"] = arguments

    def _tag(self, name: str, tag_id: int | None) -> dict[str, Any]:
        tag = self.objects.setdefault(("Tag", name), {"domain": "Tag", "name": name})
        if tag_id is not None:
            tag["id"] = tag_id
        return tag

    def _target(self, row: dict[str, object], domain_column: str, name_columns: tuple[str, str, str],
                column_column: str | None) -> dict[str, Any] | None:
        """The snapshot entry (relation, column, database or schema) a reference row names."""
        domain = (text_of(row, domain_column) or "").upper()
        database, schema, entity = (text_of(row, c) for c in name_columns)
        if domain == "DATABASE" and entity:
            return self._container("Database", entity)
        if domain == "SCHEMA" and entity:
            return self._container("Schema", f"{database}.{entity}" if database else entity)
        relation = self.relations.get(f"{database}.{schema}.{entity}")
        column = text_of(row, column_column) if column_column else None
        if relation is None:
            return None
        if domain == "COLUMN" or (column and column_column == "REF_COLUMN_NAME"):
            return next((c for c in relation["columns"] if c["name"] == column), None)
        return relation

    def _container(self, domain: str, name: str) -> dict[str, Any]:
        return self.containers.setdefault(f"{domain}:{name}", {"domain": domain, "name": name})


def _names_list(value: object) -> list[str]:
    """``REF_ARG_COLUMN_NAMES``: an ARRAY (Parquet list, or JSON text in a CSV)."""
    if isinstance(value, (list, tuple)):
        return [str(v) for v in value]
    if isinstance(value, str) and value.strip().startswith("["):
        import json

        try:
            return [str(v) for v in json.loads(value)]
        except ValueError:
            return []
    return []
