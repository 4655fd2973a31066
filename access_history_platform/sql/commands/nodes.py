"""The statements the command grammar produces: one frozen dataclass per form.

An ``ALTER`` is an object (kind and name) plus the actions it applies, in order. Names are
tuples of ``exp.Identifier`` with their text as written; the caller normalizes case.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypeAlias

from sqlglot import exp

Name: TypeAlias = tuple[exp.Identifier, ...]
#: T-SQL's ``ALTER DATABASE CURRENT``: the session's database, which the handler knows (no name can be this one).
CURRENT_DATABASE: Name = (exp.Identifier(this="\x00CURRENT"),)


# ---------------------------------------------------------------------------------------
# Values shared by several statements


@dataclass(frozen=True, slots=True)
class StageReference:
    """``@name``, ``@db.sch.name`` (named), ``@%t`` / ``@db.sch.%t`` (table), ``@~`` (user).

    ``path`` is what follows the name, starting with ``/`` (empty when there is none).
    """

    kind: str
    name: Name
    path: str


@dataclass(frozen=True, slots=True)
class Property:
    """``KEY = value``: the key upper-cased, a string value unquoted, others as written."""

    key: str
    value: str


@dataclass(frozen=True, slots=True)
class TagKey:
    """A tag named by its key alone (Databricks' ``SET TAGS ('pii' = 'email')``): no object of a schema."""

    key: str


@dataclass(frozen=True, slots=True)
class TagAssignment:
    """``tag = 'value'`` in ``SET TAG`` or ``WITH TAG (...)``, ``'key' = 'value'`` in Databricks' ``SET TAGS (...)``."""

    tag: Name | TagKey
    value: str


@dataclass(frozen=True, slots=True)
class PolicyArgument:
    """One ``name type`` of a policy signature ``AS (name type, ...)``."""

    name: exp.Identifier
    type_text: str


@dataclass(frozen=True, slots=True)
class ColumnDefinition:
    """A column added by ``ALTER TABLE ... ADD``; ``options`` holds the other clauses' text."""

    name: exp.Identifier
    type_text: str
    masking_policy: Name | None
    masking_policy_using: tuple[exp.Identifier, ...]
    tags: tuple[TagAssignment, ...]
    options: tuple[str, ...]


# ---------------------------------------------------------------------------------------
# Changes to one column, inside ALTER TABLE ... { ALTER | MODIFY } [COLUMN] c <change>


@dataclass(frozen=True, slots=True)
class SetMaskingPolicy:
    """``SET MASKING POLICY p [USING (c, ...)] [FORCE]`` on a column."""

    policy: Name
    using: tuple[exp.Identifier, ...]
    force: bool


@dataclass(frozen=True, slots=True)
class UnsetMaskingPolicy:
    """``UNSET MASKING POLICY`` on a column; Redshift's DETACH of a policy names it, unsetting that one only
    (:func:`.rewrites._redshift_policies_written_out`)."""

    policy: Name | None = None


@dataclass(frozen=True, slots=True)
class OtherColumnChange:
    """Any other column change (``SET DATA TYPE ...``, ``DROP DEFAULT`` ...), as written."""

    text: str


# ---------------------------------------------------------------------------------------
# Actions of an ALTER statement


@dataclass(frozen=True, slots=True)
class Rename:
    """``RENAME TO n``."""

    new_name: Name


@dataclass(frozen=True, slots=True)
class Swap:
    """``SWAP WITH n``."""

    target: Name


@dataclass(frozen=True, slots=True)
class AppendFrom:
    """Redshift's ``APPEND FROM source [IGNOREEXTRA | FILLTARGET]``: the source's rows move into the table."""

    source: Name
    option: str | None


@dataclass(frozen=True, slots=True)
class SwitchTo:
    """T-SQL's ``SWITCH [PARTITION n] TO target [PARTITION m]``: the table's rows (a partition's) move into the target."""

    target: Name


@dataclass(frozen=True, slots=True)
class AddColumn:
    """``ADD [COLUMN] [IF NOT EXISTS] c type ...``: one per column added."""

    column: ColumnDefinition
    if_not_exists: bool


@dataclass(frozen=True, slots=True)
class DropColumn:
    """``DROP [COLUMN] [IF EXISTS] c``: one per column dropped."""

    column: exp.Identifier
    if_exists: bool


@dataclass(frozen=True, slots=True)
class ReplaceColumns:
    """Hive's, Spark's and Athena's ``REPLACE COLUMNS (a type, ...)``: the table's columns are these from now on."""

    columns: tuple[ColumnDefinition, ...]


@dataclass(frozen=True, slots=True)
class RenameColumn:
    """``RENAME COLUMN a TO b``; MySQL's ``CHANGE a b <definition>`` also defines the column again (``definition``)."""

    column: exp.Identifier
    new_name: exp.Identifier
    definition: str = ""


@dataclass(frozen=True, slots=True)
class SetTags:
    """``SET TAG t = 'v' [, ...]`` on the object or on a column."""

    tags: tuple[TagAssignment, ...]


@dataclass(frozen=True, slots=True)
class UnsetTags:
    """``UNSET TAG t [, ...]`` on the object or on a column (Databricks' ``UNSET TAGS ('key', ...)``)."""

    tags: tuple[Name | TagKey, ...]


ColumnChange: TypeAlias = (
    SetMaskingPolicy | UnsetMaskingPolicy | SetTags | UnsetTags | OtherColumnChange
)


@dataclass(frozen=True, slots=True)
class AlterColumn:
    """``{ALTER | MODIFY} [COLUMN] c <change>``: one per column changed."""

    column: exp.Identifier
    change: ColumnChange


@dataclass(frozen=True, slots=True)
class AddRowAccessPolicy:
    """``ADD ROW ACCESS POLICY p ON (c, ...)``."""

    policy: Name
    columns: tuple[exp.Identifier, ...]


@dataclass(frozen=True, slots=True)
class DropRowAccessPolicy:
    """``DROP ROW ACCESS POLICY p``."""

    policy: Name


@dataclass(frozen=True, slots=True)
class DropAllRowAccessPolicies:
    """``DROP ALL ROW ACCESS POLICIES``."""


@dataclass(frozen=True, slots=True)
class SetSecure:
    """``SET SECURE`` (views)."""


@dataclass(frozen=True, slots=True)
class UnsetSecure:
    """``UNSET SECURE`` (views)."""


@dataclass(frozen=True, slots=True)
class SetComment:
    """``SET COMMENT = '...'``."""

    comment: str


@dataclass(frozen=True, slots=True)
class UnsetComment:
    """``UNSET COMMENT``."""


@dataclass(frozen=True, slots=True)
class SetProperty:
    """Any other ``SET key = value``; ``exact``: the key is a string to keep as written (an entry of Spark's
    ``SET {DBPROPERTIES | TBLPROPERTIES | PROPERTIES} ('key' = value, ...)``), not a keyword; ``names``: the
    value names an object (an aggregation policy, a contact), recorded by its qualified name."""

    key: str
    value: str
    exact: bool = False
    names: Name | None = None


@dataclass(frozen=True, slots=True)
class UnsetProperty:
    """Any other ``UNSET key`` (``exact`` as for :class:`SetProperty`)."""

    key: str
    exact: bool = False


@dataclass(frozen=True, slots=True)
class SetMaskingPolicies:
    """``SET MASKING POLICY p [, MASKING POLICY p2 ...] [FORCE]`` on a tag."""

    policies: tuple[Name, ...]
    force: bool


@dataclass(frozen=True, slots=True)
class UnsetMaskingPolicies:
    """``UNSET MASKING POLICY p [, MASKING POLICY p2 ...]`` on a tag."""

    policies: tuple[Name, ...]


@dataclass(frozen=True, slots=True)
class AddAllowedValues:
    """``ADD ALLOWED_VALUES 'a' [, ...]`` on a tag."""

    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class DropAllowedValues:
    """``DROP ALLOWED_VALUES 'a' [, ...]`` on a tag."""

    values: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class UnsetAllowedValues:
    """``UNSET ALLOWED_VALUES`` on a tag."""


@dataclass(frozen=True, slots=True)
class SetBody:
    """``SET BODY -> body`` on a policy; the body as written, trimmed."""

    body: str


@dataclass(frozen=True, slots=True)
class SetIncrement:
    """``[SET] INCREMENT [BY] [=] n`` on a sequence."""

    increment: int


@dataclass(frozen=True, slots=True)
class SetOrder:
    """``SET ORDER`` (``ordered``) or ``SET NOORDER`` on a sequence."""

    ordered: bool


@dataclass(frozen=True, slots=True)
class ModifyQuery:
    """ClickHouse's ``MODIFY QUERY <select>``: a materialized view's query replaced (the rest of the statement)."""

    query: str


@dataclass(frozen=True, slots=True)
class OtherChange:
    """Any other action (``CLUSTER BY ...``, ``RESUME RECLUSTER`` ...), as written."""

    text: str


@dataclass(frozen=True, slots=True)
class Refresh:
    """A dynamic table's ``REFRESH [COPY SESSION]``: its definition run again (its one DML)."""


Action: TypeAlias = (
    Refresh
    | Rename
    | Swap
    | AppendFrom
    | SwitchTo
    | AddColumn
    | DropColumn
    | ReplaceColumns
    | RenameColumn
    | AlterColumn
    | SetTags
    | UnsetTags
    | AddRowAccessPolicy
    | DropRowAccessPolicy
    | DropAllRowAccessPolicies
    | SetSecure
    | UnsetSecure
    | SetComment
    | UnsetComment
    | SetProperty
    | UnsetProperty
    | SetMaskingPolicies
    | UnsetMaskingPolicies
    | AddAllowedValues
    | DropAllowedValues
    | UnsetAllowedValues
    | SetBody
    | SetIncrement
    | SetOrder
    | ModifyQuery
    | OtherChange
)


# ---------------------------------------------------------------------------------------
# Statements


@dataclass(frozen=True, slots=True)
class Call:
    """``CALL name(args) [INTO :variable]``, or ``CALL instance!method(args)`` (an instance of a class such as
    ``SNOWFLAKE.ML.FORECAST``, with ``method``); each argument is its source text."""

    name: Name
    arguments: tuple[str, ...]
    into: str | None = None
    method: str | None = None


@dataclass(frozen=True, slots=True)
class AnonymousCall:
    """``WITH name AS PROCEDURE (...) ... AS <body> CALL name(args) [INTO :v]``: a procedure defined for this one
    call (the body is not read: the statements it runs are logged on their own)."""

    procedure: exp.Identifier
    call: Call


@dataclass(frozen=True, slots=True)
class CopyFiles:
    """``COPY FILES INTO @stage[/path] FROM @stage[/path] [FILES = (...)] [PATTERN = '...']
    [DETAILED_OUTPUT = ...]``, or ``... FROM (SELECT <existing_url> [, <new_filename>] FROM ...)``: the files a
    query lists (``query``, its text; ``source`` is then None), or ``... FROM 'snow://workspace/...'``: the files of
    a location (``location``; ``source`` None)."""

    target: StageReference
    source: StageReference | None
    options: tuple[Property, ...]
    query: str | None = None
    location: str | None = None


@dataclass(frozen=True, slots=True)
class Get:
    """``GET @stage[/path] location [options]``; the location unquoted."""

    stage: StageReference
    location: str
    options: tuple[Property, ...]


@dataclass(frozen=True, slots=True)
class Put:
    """``PUT location @stage[/path] [options]``; the location unquoted."""

    location: str
    stage: StageReference
    options: tuple[Property, ...]


@dataclass(frozen=True, slots=True)
class Explain:
    """``EXPLAIN [USING fmt] statement``: accesses nothing."""

    statement: str
    using: str | None


@dataclass(frozen=True, slots=True)
class CreateTag:
    """``CREATE [OR REPLACE | OR ALTER] TAG [IF NOT EXISTS] name [ALLOWED_VALUES ...] [COMMENT = ...]``."""

    name: Name
    or_replace: bool
    if_not_exists: bool
    allowed_values: tuple[str, ...]
    comment: str | None
    properties: tuple[Property, ...]
    or_alter: bool = False


@dataclass(frozen=True, slots=True)
class CreateStream:
    """``CREATE [OR REPLACE | OR ALTER] STREAM [IF NOT EXISTS] name [[WITH] TAG (...)] [COPY GRANTS]
    {ON <kind> source [AT | BEFORE (...)] | CLONE stream [AT | BEFORE (...)]} [options] [COMMENT = ...]``;
    ``source_kind`` is ``STREAM`` for a clone."""

    name: Name
    or_replace: bool
    or_alter: bool
    if_not_exists: bool
    source_kind: str
    source: Name
    tags: tuple[TagAssignment, ...]
    comment: str | None
    options: tuple[Property, ...]


@dataclass(frozen=True, slots=True)
class CreatePolicy:
    """``CREATE [OR REPLACE] {MASKING | ROW ACCESS} POLICY ... AS (args) RETURNS t -> body``."""

    kind: str
    name: Name
    or_replace: bool
    if_not_exists: bool
    arguments: tuple[PolicyArgument, ...]
    returns: str
    body: str
    comment: str | None
    exempt_other_policies: bool | None


@dataclass(frozen=True, slots=True)
class CreateSequence:
    """``CREATE [OR REPLACE] SEQUENCE [IF NOT EXISTS] name [START ..] [INCREMENT ..] ...``."""

    name: Name
    or_replace: bool
    if_not_exists: bool
    start: int | None
    increment: int | None
    ordered: bool | None
    comment: str | None


@dataclass(frozen=True, slots=True)
class Alter:
    """``ALTER <kind> [IF EXISTS] name [(arg types)] <action> [, <action> ...]``; a function or procedure is
    named with its argument types (``argument_types``), which pick the overload."""

    kind: str
    name: Name
    if_exists: bool
    actions: tuple[Action, ...]
    argument_types: tuple[str, ...] | None = None
    others: tuple[Name, ...] = ()  # ALTER DYNAMIC TABLE a, b, ... REFRESH: the same actions on each


@dataclass(frozen=True, slots=True)
class Drop:
    """``DROP <kind> [IF EXISTS] name [(arg types)] [, name ...] [CASCADE | RESTRICT]`` (several names: PostgreSQL,
    Redshift, Spark)."""

    kind: str
    name: Name
    if_exists: bool
    argument_types: tuple[str, ...] | None
    behavior: str | None
    others: tuple[Name, ...] = ()
    others_argument_types: tuple[tuple[str, ...] | None, ...] = ()  # each of ``others``'s, as ``argument_types``


@dataclass(frozen=True, slots=True)
class Undrop:
    """``UNDROP <kind> name``."""

    kind: str
    name: Name


@dataclass(frozen=True, slots=True)
class RenameObjects:
    """``RENAME [TABLE | TABLES | DATABASE | DICTIONARY] a TO b [, c TO d ...]`` (MySQL's, ClickHouse's, Oracle's):
    each renamed in turn by one statement (``RENAME TABLE t TO t_old, t_new TO t`` puts a new table in an old one's
    place). ``kind`` is the kind of ALTER each rename is (a ClickHouse dictionary's a VIEW's: it is read as a view),
    empty when the statement names none (Oracle's ``RENAME a TO b``: of a table, a view or a sequence)."""

    kind: str
    pairs: tuple[tuple[Name, Name], ...]


Statement: TypeAlias = (
    Call | AnonymousCall | CopyFiles | Get | Put | Explain | CreateTag | CreateStream | CreatePolicy | CreateSequence
    | Alter | Drop | Undrop | RenameObjects
)

#: The leading keywords of each statement of this grammar; an ALTER, DROP, UNDROP or CREATE ... POLICY adds its kind.
_STATEMENT_WORDS: dict[type, str] = {
    Call: "CALL", AnonymousCall: "CALL", CopyFiles: "COPY FILES", Get: "GET", Put: "PUT", Explain: "EXPLAIN",
    CreateTag: "CREATE TAG", CreateStream: "CREATE STREAM", CreatePolicy: "CREATE", CreateSequence: "CREATE SEQUENCE",
    Alter: "ALTER", Drop: "DROP", Undrop: "UNDROP", RenameObjects: "RENAME",
}


def statement_name(node: Statement) -> str:
    """What a message or a count calls the statement: its leading keywords, as the statement spells them.

    >>> statement_name(Drop("DYNAMIC TABLE", (), False, None, None)), statement_name(Explain("select 1", None))
    ('DROP DYNAMIC TABLE', 'EXPLAIN')
    """
    words = _STATEMENT_WORDS[type(node)]
    kind = getattr(node, "kind", None)
    return f"{words} {kind}" if kind else words
