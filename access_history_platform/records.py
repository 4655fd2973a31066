"""pydantic models of the platform's inputs (log lines, catalog snapshots) and of its output.

The inputs follow CONTRACT sections 1-2; the access-history record follows section 3 with the
reference's camelCase keys. The resolver builds records as plain dicts on its hot path; the
models here validate them in tests and document their shape.
"""

from __future__ import annotations

from datetime import datetime, timezone
from typing import Annotated, Any, Literal, Union

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    field_validator,
    model_validator,
)

# --------------------------------------------------------------------------- inputs


def _aware_timestamp(value: Any) -> datetime:
    if isinstance(value, datetime):
        stamp = value
    elif isinstance(value, str):
        try:
            stamp = datetime.fromisoformat(value.strip().replace("Z", "+00:00"))
        except ValueError:
            raise ValueError(f"not an ISO-8601 timestamp: {value!r}") from None
    else:
        raise ValueError(f"must be an ISO-8601 timestamp string, got {type(value).__name__}")
    if stamp.tzinfo is None:
        raise ValueError(f"must carry a UTC offset (e.g. +00:00): {value!r}")
    try:
        return stamp.astimezone(timezone.utc)
    except OverflowError:  # 0001-01-01T00:00:00+14:00 is in year 0 in UTC
        raise ValueError(f"{value!r} is out of range once converted to UTC (years 1 to 9999)") from None


def _unicode(value: str | None) -> str | None:
    """``value`` if it is Unicode text: a lone surrogate (a JSON ``\\udc00`` escape) cannot be stored as UTF-8."""
    if value is not None and not value.isascii():
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as err:
            raise ValueError(f"holds a lone surrogate ({value[err.start]!r} at character {err.start}), "
                             "which is not Unicode text") from None
    return value


def _filled(value: str) -> str:
    if not value or value.isspace():
        raise ValueError("must not be blank")
    return _unicode(value)  # type: ignore[return-value]


Timestamp = Annotated[datetime, BeforeValidator(_aware_timestamp)]
#: A required text field: not empty, not only white space, Unicode.
RequiredText = Annotated[StrictStr, AfterValidator(_filled)]


def _given(value: str | None) -> str | None:
    """``value``, or None where it is blank: an export writes an empty cell (a CSV's ``,,``, a JSON ``""``) for a
    value it does not have, as a query without a parent or run in no database."""
    return None if value is None or not value.strip() else _unicode(value)


#: An optional text field: Unicode, None when absent or blank.
OptionalText = Annotated[Union[StrictStr, None], AfterValidator(_given), Field(default=None)]


def _status(value: Any) -> Any:
    return value.upper() if isinstance(value, str) else value


class LogLine(BaseModel):
    """One executed statement (or multi-statement request) of a raw query log."""

    model_config = ConfigDict(extra="allow", frozen=True)

    query_id: RequiredText
    query_text: RequiredText
    query_start_time: Timestamp
    user_name: RequiredText
    role_name: OptionalText = None
    execution_status: Annotated[
        Literal["SUCCESS", "FAIL", "INCIDENT"], BeforeValidator(_status)
    ] = "SUCCESS"
    database_name: OptionalText = None
    schema_name: OptionalText = None
    parent_query_id: OptionalText = None
    account_name: OptionalText = None
    session_id: OptionalText = None


DOMAINS: dict[str, str] = {
    "database": "Database",
    "schema": "Schema",
    "table": "Table",
    "view": "View",
    "materialized view": "Materialized view",
    "external table": "External table",
    "stage": "Stage",
    "stream": "Stream",
    "function": "Function",
    "procedure": "Procedure",
    "sequence": "Sequence",
    "tag": "Tag",
    "masking policy": "Masking policy",
    "row access policy": "Row access policy",
    "semantic view": "Semantic view",
    "synonym": "Synonym",
}
STAGE_KINDS = ("Table", "User", "Internal Named", "External Named")


def canonical_domain(value: str) -> str:
    """The catalog domain named by ``value``, case-insensitive, spaces or underscores.

    >>> canonical_domain("MATERIALIZED_VIEW")
    'Materialized view'
    """
    key = " ".join(value.replace("_", " ").lower().split())
    if key not in DOMAINS:
        raise ValueError(f"unknown domain {value!r}; expected one of {sorted(DOMAINS.values())}")
    return DOMAINS[key]


class _Spec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ColumnSpec(_Spec):
    name: Annotated[StrictStr, Field(min_length=1)]
    id: StrictInt | None = None
    masking_policy: StrictStr | None = None
    tags: dict[StrictStr, StrictStr] = Field(default_factory=dict)
    data_type: StrictStr | None = None
    comment: StrictStr | None = None
    masking_using: tuple[StrictStr, ...] = ()
    #: a Hive-format table's partition column (``PARTITIONED BY``), which ``REPLACE COLUMNS`` keeps
    partition: StrictBool = False
    #: left out of ``*`` and of an insert's implicit column list (MySQL's ``INVISIBLE``, ClickHouse's ``ALIAS`` ...)
    invisible: StrictBool = False
    #: a column computed when read (ClickHouse's ``ALIAS``, MySQL's ``VIRTUAL``): the columns it is computed from
    computed_from: tuple[StrictStr, ...] = ()
    #: a column computed when its row is written and stored (PostgreSQL's ``GENERATED ALWAYS AS (e) STORED``, T-SQL's
    #: ``PERSISTED``): the columns it is computed from, whose writes write it
    stored_from: tuple[StrictStr, ...] = ()
    #: its values are the engine's (an identity, a computed column, T-SQL's ``rowversion``): T-SQL's insert without a
    #: column list leaves it out
    generated: StrictBool = False


class ObjectSpec(_Spec):
    """One object of a catalog snapshot; which fields apply depends on its domain."""

    domain: str
    name: Annotated[StrictStr, Field(min_length=1)]
    id: StrictInt | None = None
    columns: list[ColumnSpec] | None = None
    comment: StrictStr | None = None
    tags: dict[StrictStr, StrictStr] = Field(default_factory=dict)
    row_access_policy: StrictStr | None = None
    row_access_columns: list[StrictStr] | None = None
    # views
    definition: StrictStr | None = None
    secure: StrictBool = False
    shared: StrictBool = False
    # stages
    stage_kind: StrictStr | None = None
    url: StrictStr | None = None
    # functions and procedures
    argument_signature: StrictStr | None = None
    data_type: StrictStr | None = None
    language: StrictStr | None = None
    body: StrictStr | None = None
    external: StrictBool = False
    # policies
    signature: StrictStr | None = None
    # tags
    allowed_values: list[StrictStr] | None = None
    masking_policies: list[StrictStr] | None = None
    propagate: StrictStr | None = None  # ON_DEPENDENCY, ON_DATA_MOVEMENT or ON_DEPENDENCY_AND_DATA_MOVEMENT
    # tables: the names of the tables their foreign keys reference (what TRUNCATE ... CASCADE empties with those)
    references: list[StrictStr] | None = None
    # PostgreSQL's tables: the tables they inherit from or are partitions of (their column changes reach them)
    parents: list[StrictStr] | None = None
    # PostgreSQL's tables and views: their rules, each its CREATE RULE (as pg_rules' definition gives it)
    rules: list[StrictStr] | None = None
    # sequences and streams
    start: StrictInt | None = None
    increment: StrictInt | None = None
    source: StrictStr | None = None

    @field_validator("domain")
    @classmethod
    def _domain(cls, value: str) -> str:
        return canonical_domain(value)

    @field_validator("name")
    @classmethod
    def _name(cls, value: str) -> str:
        if any(not part for part in value.split(".")):
            raise ValueError(f"name {value!r} has an empty part")
        return value

    @model_validator(mode="after")
    def _domain_fields(self) -> ObjectSpec:
        if self.domain in ("View", "Materialized view") and not self.definition and not self.shared:
            raise ValueError(f"{self.domain} {self.name} has no definition")
        if self.domain == "Stage" and self.stage_kind and self.stage_kind not in STAGE_KINDS:
            raise ValueError(f"stage_kind {self.stage_kind!r} is not one of {list(STAGE_KINDS)}")
        if self.domain in ("Masking policy", "Row access policy") and self.body is None:
            raise ValueError(f"{self.domain} {self.name} has no body")
        if self.domain == "Synonym" and (not self.source or any(not part for part in self.source.split("."))
                                         or self.source.casefold() == self.name.casefold()):
            raise ValueError(f"Synonym {self.name} has no source naming the object it stands for (its fully "
                             f"qualified name, not its own): {self.source!r}")
        if self.columns is not None:
            seen: set[str] = set()
            for column in self.columns:
                if column.name in seen:
                    raise ValueError(f"column {column.name!r} appears twice")
                seen.add(column.name)
        return self


class CatalogSnapshot(_Spec):
    account: StrictStr | None = None
    objects: list[ObjectSpec] = Field(default_factory=list)


# --------------------------------------------------------------------------- output


def _camel(name: str) -> str:
    head, *rest = name.split("_")
    return head + "".join(part.capitalize() for part in rest)


class _Out(BaseModel):
    model_config = ConfigDict(
        extra="forbid", frozen=True, alias_generator=_camel, populate_by_name=True
    )


class ColumnRef(_Out):
    column_id: int | None = None
    column_name: str


class SourceColumn(_Out):
    object_domain: str
    object_name: str
    object_id: int | None = None
    column_name: str | None = None
    argument_signature: str | None = None
    data_type: str | None = None


class ModifiedColumn(ColumnRef):
    direct_sources: list[SourceColumn] = Field(default_factory=list)
    base_sources: list[SourceColumn] = Field(default_factory=list)


class JoinNode(_Out):
    object_domain: str
    object_id: int | None = None
    object_name: str


class JoinObject(_Out):
    join_type: Literal["INNER_JOIN", "LEFT_OUTER_JOIN", "RIGHT_OUTER_JOIN", "FULL_OUTER_JOIN", "CROSS_JOIN"]
    node: JoinNode


class AccessedObject(_Out):
    """A data object, stage, function, procedure or location of an access-history list."""

    object_domain: str | None = None
    object_name: str | None = None
    object_id: int | None = None
    columns: list[ModifiedColumn] | None = None
    join_objects: list[JoinObject] | None = None
    stage_kind: Literal["Table", "User", "Internal Named", "External Named"] | None = None
    argument_signature: str | None = None
    data_type: str | None = None
    location: str | None = None

    @model_validator(mode="after")
    def _kind(self) -> AccessedObject:
        if (self.location is None) == (self.object_name is None):
            raise ValueError("an entry has either a location or an objectName")
        return self


class PolicyRef(_Out):
    policy_name: str
    policy_id: int | None = None
    policy_kind: Literal["MASKING_POLICY", "ROW_ACCESS_POLICY"]


class PolicyColumn(ColumnRef):
    policies: list[PolicyRef]


class PolicyObject(_Out):
    object_domain: str
    object_name: str
    object_id: int | None = None
    policies: list[PolicyRef] = Field(default_factory=list)
    columns: list[PolicyColumn] = Field(default_factory=list)


class DdlObject(_Out):
    object_domain: str
    object_name: str
    object_id: int | None = None
    operation_type: Literal["CREATE", "REPLACE", "ALTER", "DROP", "UNDROP"]
    properties: dict[str, Any]


class AccessHistoryRecord(BaseModel):
    """One record of the ACCESS_HISTORY view (CONTRACT section 3)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    query_id: str
    query_start_time: datetime
    user_name: str
    direct_objects_accessed: list[AccessedObject]
    base_objects_accessed: list[AccessedObject]
    objects_modified: list[AccessedObject]
    object_modified_by_ddl: DdlObject | None
    policies_referenced: list[PolicyObject]
    parent_query_id: str | None
    root_query_id: str | None
