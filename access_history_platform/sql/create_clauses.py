"""CREATE statements sqlglot cannot read, read again without the clauses their record does not depend on.

A CREATE records the object it makes: its kind, name and columns, the tags and masking / row access
policies it is created with, its creation source (``docs/ddl-properties.md``); a CTAS or a view also
what its query reads. Snowflake documents many more clauses, and sqlglot 30 rejects some of them (or
keeps the whole statement as an opaque ``Command``): governance clauses whose policies are not in the
reference's vocabulary (aggregation, join, projection and storage lifecycle policies, contacts),
refresh and storage options of dynamic, hybrid and Iceberg tables, constraint states, clustering.

:func:`readable_create` drops those clauses from the statement's tokens, so sqlglot reads the rest
and the one CREATE handler of :mod:`.dispatch` records it; each rule in :data:`_DROPPED` says what it
drops. Three kinds of table are rewritten to what they create: an event table gets the columns
Snowflake gives every event table (:data:`EVENT_TABLE_COLUMNS`), an external table written without
columns gets its ``VALUE`` column, and a dynamic table defined by ``REFRESH USING (INSERT INTO SELF
<query>)`` is created from that query, as ``AS <query>`` would. Two clauses a dynamic table's record depends on
are kept as properties sqlglot reads (:data:`BACKFILL_FROM`, :data:`REFRESH_USING`, the clause's text in a
``$$`` string), which the CREATE handler reads back. Text inside the object's query is never touched.

>>> readable_create("create local temp read only table t clone s")
'create temp table t clone s'
>>> readable_create("create view v with contact (steward = c1) with aggregation policy ap as select a from t")
'create view v CONTACT_STEWARD = $$c1$$ AGGREGATION_POLICY = $$ap$$ as select a from t'
>>> readable_create("select 1") is None
True
"""

from __future__ import annotations

from collections.abc import Callable

from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import SqlglotError
from sqlglot.tokens import Token, TokenType

from .commands.lexer import HIVE_STREAM
from .token_groups import depths, group_end, word_of

#: The properties a CREATE is read with in place of clauses sqlglot rejects and a record depends on: a dynamic
#: table's ``BACKFILL FROM table`` (the table's name) and ``REFRESH USING (MERGE INTO SELF ...)`` (the MERGE);
#: the governance policies outside the reference's vocabulary set on the object (the policy's name).
BACKFILL_FROM = "BACKFILL_FROM"
REFRESH_USING = "REFRESH_USING"
OBJECT_POLICIES = ("AGGREGATION_POLICY", "JOIN_POLICY", "PROJECTION_POLICY", "STORAGE_LIFECYCLE_POLICY")
#: The start of a contact's property: ``CONTACT_STEWARD`` (one per purpose).
CONTACT = "CONTACT_"
#: Databricks' column masks and row filter written in a CREATE, which sqlglot does not read: ``c STRING MASK f
#: [USING COLUMNS (a, 'k')]`` kept as the property ``COLUMN_MASK`` (one per column), ``[WITH] ROW FILTER f ON (a,
#: ...)`` as ``ROW_FILTER``; the value holds the texts of the column (a mask's), the function and its arguments,
#: each after a tab (:data:`PART_SEPARATOR`).
COLUMN_MASK = "COLUMN_MASK"
ROW_FILTER = "ROW_FILTER"
#: Oracle's ``c type INVISIBLE``, which sqlglot's Oracle does not read, kept as the property ``INVISIBLE_COLUMN`` (the
#: column's name as written), one per column.
INVISIBLE_COLUMN = "INVISIBLE_COLUMN"
#: PostgreSQL 18's ``c type GENERATED ALWAYS AS (e) VIRTUAL``, which sqlglot does not read, kept as the property
#: ``VIRTUAL_COLUMN`` (the column's name as written), one per column: computed when read, never stored.
VIRTUAL_COLUMN = "VIRTUAL_COLUMN"
PART_SEPARATOR = "\t"

#: The columns of every event table (Snowflake's event table data model).
EVENT_TABLE_COLUMNS = (
    "TIMESTAMP TIMESTAMP_NTZ", "START_TIMESTAMP TIMESTAMP_NTZ", "OBSERVED_TIMESTAMP TIMESTAMP_NTZ",
    "TRACE OBJECT", "RESOURCE OBJECT", "RESOURCE_ATTRIBUTES OBJECT", "SCOPE OBJECT", "SCOPE_ATTRIBUTES OBJECT",
    "RECORD_TYPE VARCHAR", "RECORD OBJECT", "RECORD_ATTRIBUTES OBJECT", "VALUE VARIANT", "EXEMPLARS ARRAY",
)

_STRINGLIKE = (TokenType.STRING, TokenType.IDENTIFIER)
#: Words that start the object's query after a top-level AS.
_QUERY_START = frozenset({"SELECT", "WITH", "(", "VALUES"})
#: Constraint states (``PRIMARY KEY (id) NOT ENFORCED NOVALIDATE NORELY``): no part of any record.
_CONSTRAINT_STATES = frozenset({"ENFORCED", "VALIDATE", "NOVALIDATE", "RELY", "NORELY", "ENABLE", "DISABLE"})


def name_end(tokens: list[Token], index: int) -> int:
    """The index after the dotted name (``db.s.t``) whose first part is ``tokens[index]``."""
    end = index + 1
    while end + 1 < len(tokens) and tokens[end].token_type == TokenType.DOT:
        end += 2
    return min(end, len(tokens))


class _Tokens:
    """The statement's tokens and which of them are dropped (or followed by inserted text)."""

    def __init__(self, text: str, tokens: list[Token], dialect: str = "snowflake") -> None:
        self.text = text
        self.dialect = dialect
        self.tokens = tokens
        self.words = [word_of(t) or "" for t in tokens]  # "" for a string or a quoted name
        self.dropped: set[int] = set()
        self.inserted: dict[int, str] = {}  # text put after the token at that index
        self.before: dict[int, str] = {}  # text put before the token at that index
        self.replaced: set[int] = set()  # tokens whose text is left out, the text put before them kept
        self.depth = depths(tokens)

    def at(self, index: int, *words: str) -> bool:
        return self.words[index:index + len(words)] == list(words)

    def group_end(self, index: int) -> int:
        """The index after the parenthesized group opening at ``index`` (``index`` itself if none opens there)."""
        return group_end(self.tokens, index)

    def name_end(self, index: int) -> int:
        """The index after a dotted name starting at ``index``."""
        return name_end(self.tokens, index)

    def clause_end(self, start: int, depth: int, ends: frozenset[str]) -> int:
        """The index of the first word of ``ends`` at ``depth`` from ``start`` on (where a clause whose own words
        are free-form ends: the next clause, or the query), else the end."""
        end = start
        while end < len(self.tokens) and not (self.words[end] in ends and self.depth[end] == depth):
            end += 1
        return end

    def drop(self, start: int, end: int) -> int:
        self.dropped.update(range(start, end))
        return end

    def render(self) -> str:
        out: list[str] = []
        previous = None
        for index, token in enumerate(self.tokens):
            if index in self.dropped:
                continue
            if previous is not None:
                out.append(self.text[self.tokens[previous].end + 1:token.start] if previous == index - 1 else " ")
            out.append(self.before.get(index, "") + ("" if index in self.replaced else self.text[token.start:token.end + 1]))
            if index in self.inserted:
                out.append(self.inserted[index])
            previous = index
        return "".join(out)


def _query_start(t: _Tokens) -> int:
    """Where the object's query starts (a top-level ``AS`` before SELECT / WITH / ``(``), else the end."""
    for index in range(len(t.tokens) - 1):
        if t.depth[index] == 0 and t.words[index] == "AS" and t.words[index + 1] in _QUERY_START:
            return index
    return len(t.tokens)


# --------------------------------------------------------------------------- the rules: each returns the index
# after what it dropped, or None when it does not apply at ``index``


def _policy(t: _Tokens, index: int) -> int | None:
    """``[WITH] {AGGREGATION | JOIN | PROJECTION | STORAGE LIFECYCLE} POLICY name [ENTITY KEY (...) | ALLOWED
    JOIN KEYS (...) | ON (...)]``: policies outside the reference's vocabulary (masking and row access), recorded
    as a property of the object, as ``ALTER ... SET ... POLICY`` records them: kept as the property
    ``AGGREGATION_POLICY = $$name$$`` (and so on). A column's projection policy is left to sqlglot, which reads it."""
    start = index + 1 if t.words[index] == "WITH" else index
    for kind in (("AGGREGATION",), ("JOIN",), ("PROJECTION",), ("STORAGE", "LIFECYCLE")):
        if t.at(start, *kind, "POLICY"):
            if t.depth[index] and kind == ("PROJECTION",):
                return None
            name = start + len(kind) + 1
            end = t.name_end(name)
            text = t.text[t.tokens[name].start:t.tokens[end - 1].end + 1] if end > name else ""
            for clause in (("ENTITY", "KEY"), ("ALLOWED", "JOIN", "KEYS"), ("ON",)):
                if t.at(end, *clause):
                    end = t.group_end(end + len(clause))
            if t.depth[index] or not text:
                return t.drop(index, end)
            return _as_property(t, index, end, [("_".join(kind) + "_POLICY", text)])
    return None


def _contact(t: _Tokens, index: int) -> int | None:
    """``[WITH] CONTACT (purpose = contact, ...)``: who to ask about the object, one property per purpose
    (``CONTACT_STEWARD = $$contact$$``), as ``ALTER ... SET CONTACT`` records them; a column's is dropped."""
    start = index + 1 if t.words[index] == "WITH" else index
    if not (t.at(start, "CONTACT") and start + 1 < len(t.tokens) and t.tokens[start + 1].token_type == TokenType.L_PAREN):
        return None
    end = t.group_end(start + 1)
    contacts, at = [], start + 2
    while at + 2 < end and t.tokens[at + 1].token_type == TokenType.EQ:
        stop = t.name_end(at + 2)
        contacts.append((f"{CONTACT}{t.words[at]}", t.text[t.tokens[at + 2].start:t.tokens[stop - 1].end + 1]))
        at = stop + 1  # past the comma
    if t.depth[index] or not contacts:
        return t.drop(index, end)
    return _as_property(t, index, end, contacts)


def _words(*words: str) -> Callable[[_Tokens, int], int | None]:
    """A fixed run of words that records nothing (``COPY TAGS``, ``WITH MANAGED ACCESS`` ...)."""

    def rule(t: _Tokens, index: int) -> int | None:
        return t.drop(index, index + len(words)) if t.at(index, *words) else None

    rule.__name__ = "_".join(words).lower()
    return rule


def _authorization(t: _Tokens, index: int) -> int | None:
    """PostgreSQL's ``CREATE SCHEMA s AUTHORIZATION owner`` (Trino's ``AUTHORIZATION [USER | ROLE] owner``): the
    owner, no part of the record."""
    if not t.at(index, "AUTHORIZATION"):
        return None
    kind = (t.at(index + 1, "USER") or t.at(index + 1, "ROLE")) and index + 2 < len(t.tokens)
    end = index + 2 + kind
    return t.drop(index, end) if end <= len(t.tokens) else None


def _where(t: _Tokens, index: int) -> int | None:
    """A dynamic table's ``FROZEN WHERE (...)`` / ``IMMUTABLE WHERE (...)``: rows its refreshes leave alone."""
    if t.words[index] in ("FROZEN", "IMMUTABLE") and t.at(index + 1, "WHERE"):
        return t.drop(index, t.group_end(index + 2))
    return None


def _execute_as_user(t: _Tokens, index: int) -> int | None:
    """A dynamic table's ``EXECUTE AS USER u [USE SECONDARY ROLES {ALL | NONE | r [, ...]}]``: who refreshes it."""
    if not t.at(index, "EXECUTE", "AS", "USER"):
        return None
    end = t.name_end(index + 3)
    if t.at(end, "USE", "SECONDARY", "ROLES"):
        end = t.name_end(end + 3)
        while end < len(t.tokens) and t.tokens[end].token_type == TokenType.COMMA:
            end = t.name_end(end + 1)
    return t.drop(index, end)


def _cluster_by(t: _Tokens, index: int) -> int | None:
    """``CLUSTER BY [LINEAR] (expr, ...)`` or ``CLUSTER BY expr, ...``: how the storage is organized."""
    if t.at(index, "CLUSTER BY"):  # sqlglot's tokenizer reads the two words as one token
        end = index + 1
    elif t.at(index, "CLUSTER", "BY"):
        end = index + 2
    else:
        return None
    end += t.at(end, "LINEAR")
    if end < len(t.tokens) and t.tokens[end].token_type == TokenType.L_PAREN:
        return t.drop(index, t.group_end(end))
    while end < len(t.tokens):
        end = t.group_end(t.name_end(end))
        if end >= len(t.tokens) or t.tokens[end].token_type != TokenType.COMMA:
            break
        end += 1
    return t.drop(index, end)


def _ignore_tables(t: _Tokens, index: int) -> int | None:
    """A database clone's ``IGNORE TABLES WITH INSUFFICIENT DATA RETENTION`` / ``IGNORE HYBRID TABLES``: the
    tables it leaves out are those the catalog could not copy anyway."""
    for words in (("IGNORE", "TABLES", "WITH", "INSUFFICIENT", "DATA", "RETENTION"), ("IGNORE", "HYBRID", "TABLES")):
        if t.at(index, *words):
            return t.drop(index, index + len(words))
    return None


def _clone_options(t: _Tokens, index: int) -> int | None:
    """What follows ``CLONE source [AT | BEFORE (...)]`` (retention, comment, tags ...): a clone is its source's copy,
    with the source's tags and policies; sqlglot reads a CLONE only at the end of the statement."""
    if t.words[index] != "CLONE" or t.depth[index]:
        return None
    end = t.name_end(index + 1)
    if t.words[end:end + 1] in (["AT"], ["BEFORE"]):
        end = t.group_end(end + 1)
    t.drop(end, len(t.tokens))
    return len(t.tokens)


def _backfill(t: _Tokens, index: int) -> int | None:
    """A dynamic table's ``BACKFILL FROM table``: its first rows are copied from that table, which the CREATE so
    reads; kept as the property :data:`BACKFILL_FROM` (the table's name as written), which sqlglot reads."""
    if not t.at(index, "BACKFILL", "FROM"):
        return None
    end = t.name_end(index + 2)
    return _as_property(t, index, end, [(BACKFILL_FROM, t.text[t.tokens[index + 2].start:t.tokens[end - 1].end + 1])])


def _as_property(t: _Tokens, start: int, end: int, items: list[tuple[str, str]]) -> int:
    """Tokens ``start`` to ``end`` turned into the properties ``key = $$text$$`` of ``items`` (strings without
    escapes), or dropped when a text holds ``$$`` itself."""
    if all("$$" not in text for _, text in items):
        t.before[start] = " ".join(f"{key} = $${text}$$" for key, text in items)
        t.dropped.update(range(start + 1, end))
        t.replaced.add(start)
        return end
    return t.drop(start, end)


def _using_template(t: _Tokens, index: int) -> int | None:
    """``USING TEMPLATE (query)`` where sqlglot does not read it (an external table): the columns it infers from
    staged files are unknown here, and the reference records no creation source for it."""
    return t.drop(index, t.group_end(index + 2)) if t.at(index, "USING", "TEMPLATE") else None


def _unique_then_named_constraint(t: _Tokens, index: int) -> int | None:
    """A column's ``UNIQUE`` before a named constraint of it (T-SQL's ``c uniqueidentifier NOT NULL UNIQUE CONSTRAINT
    [DF_x] DEFAULT (NEWID())``, AdventureWorks'), where sqlglot takes ``CONSTRAINT`` for the index's name and cannot
    read the rest: the uniqueness of a column moves no data."""
    return t.drop(index, index + 1) if t.at(index, "UNIQUE", "CONSTRAINT") and t.depth[index] else None


def _row_filter(t: _Tokens, index: int) -> int | None:
    """Databricks' ``[WITH] ROW FILTER f ON (a, ...)``: the table's row filter, a row access policy by another name,
    kept as the property :data:`ROW_FILTER`."""
    start = index + 1 if t.words[index] == "WITH" else index
    if not t.at(start, "ROW", "FILTER") or t.depth[index] or t.dialect not in _COLUMN_MASKS:
        return None
    stop = t.name_end(start + 2)
    if not t.at(stop, "ON") or stop + 1 >= len(t.tokens):
        return None
    end = t.group_end(stop + 1)
    policy = t.text[t.tokens[start + 2].start:t.tokens[stop - 1].end + 1]
    arguments = t.text[t.tokens[stop + 2].start:t.tokens[end - 2].end + 1] if end - 2 > stop + 1 else ""
    _add_property(t, index - 1, ROW_FILTER, PART_SEPARATOR.join((policy, arguments)))
    return t.drop(index, end)


def _table_properties(t: _Tokens, index: int) -> int | None:
    """Redshift Spectrum's ``TABLE PROPERTIES ('numRows' = '1', ...)`` of an external table: no part of the record
    (sqlglot reads ``TABLE properties`` as a query of a table named so)."""
    if (t.at(index, "TABLE", "PROPERTIES") and index + 2 < len(t.tokens) and not t.depth[index]
            and t.tokens[index + 2].token_type == TokenType.L_PAREN and t.words[index - 1] != "AS"):
        return t.drop(index, t.group_end(index + 2))
    return None


def _grace_period(t: _Tokens, index: int) -> int | None:
    """Trino's materialized view ``GRACE PERIOD interval``: how stale its data may be read (up to its AS)."""
    if not t.at(index, "GRACE", "PERIOD"):
        return None
    return t.drop(index, t.clause_end(index + 2, t.depth[index], _GRACE_ENDS))


#: The words after which a Trino grace period has ended: the next clause, or the query.
_GRACE_ENDS = frozenset({"AS", "COMMENT", "WITH"})
#: The words after which a Databricks refresh clause has ended: the next clause, or the query.
_REFRESH_ENDS = frozenset({"AS", "COMMENT", "TBLPROPERTIES", "PARTITIONED", "CLUSTER", "SCHEDULE", "TRIGGER", "WITH"})


def _refresh_schedule(t: _Tokens, index: int) -> int | None:
    """Databricks' materialized view or streaming table refresh: ``SCHEDULE [REFRESH] EVERY n HOURS``,
    ``SCHEDULE [REFRESH] CRON 'expr' [AT TIME ZONE 'tz']``, ``TRIGGER ON UPDATE [AT MOST EVERY INTERVAL ...]``
    (when its data is refreshed, none of the record; sqlglot reads none of them)."""
    if t.dialect != "databricks" or not (t.at(index, "SCHEDULE") or t.at(index, "TRIGGER", "ON", "UPDATE")):
        return None
    start = index + (3 if t.words[index] == "TRIGGER" else 1)
    return t.drop(index, t.clause_end(start, t.depth[index], _REFRESH_ENDS))


def _bigquery_external(t: _Tokens, index: int) -> int | None:
    """BigQuery's external table: ``WITH CONNECTION name`` (the credentials it reads its files with: none of the
    record) and ``WITH PARTITION COLUMNS [(c type, ...)]`` (the columns its files' paths give), which sqlglot does
    not read. Partition columns named are columns of the table: put at the end of its column list when it has one
    (without one its columns are the files', unknown here)."""
    if t.dialect != "bigquery" or t.depth[index] or not t.at(index, "WITH"):
        return None
    if t.at(index + 1, "CONNECTION") and index + 2 < len(t.tokens):
        return t.drop(index, t.name_end(index + 2))
    if not t.at(index + 1, "PARTITION", "COLUMNS"):
        return None
    end = t.group_end(index + 3) if index + 3 < len(t.tokens) else index + 3
    listed = next((i for i in range(index) if t.depth[i] == 0 and t.tokens[i].token_type == TokenType.L_PAREN), None)
    if end > index + 3 and listed is not None:
        close = t.group_end(listed) - 1
        columns = t.text[t.tokens[index + 4].start:t.tokens[end - 2].end + 1]
        t.before[close] = t.before.get(close, "") + f", {columns}"
    return t.drop(index, end)


def _default_collation(t: _Tokens, index: int) -> int | None:
    """Databricks' ``DEFAULT COLLATION name``: how the object's strings compare."""
    if t.at(index, "DEFAULT", "COLLATION") and index + 2 < len(t.tokens):
        return t.drop(index, index + 3)
    return None


def _with_options(t: _Tokens, index: int) -> int | None:
    """``WITH (option [= value], ...)`` that sqlglot does not read: PostgreSQL's view and storage options
    (``security_barrier``, ``fillfactor = 70``), Trino's table properties named by a keyword (``external = true``):
    none is part of the record."""
    if not t.at(index, "WITH") or index + 1 >= len(t.tokens) or t.tokens[index + 1].token_type != TokenType.L_PAREN:
        return None
    return t.drop(index, t.group_end(index + 1))


def _with_dbproperties(t: _Tokens, index: int) -> int | None:
    """Spark's, Hive's and Athena's ``[WITH] DBPROPERTIES (key = value, ...)`` of a database or schema (CONTRACT 3a:
    a CREATE DATABASE / SCHEMA is recorded without properties)."""
    start = index + 1 if t.at(index, "WITH", "DBPROPERTIES") else index if t.at(index, "DBPROPERTIES") else None
    if start is None or start + 1 >= len(t.tokens) or t.tokens[start + 1].token_type != TokenType.L_PAREN:
        return None
    return t.drop(index, t.group_end(start + 1))


def _serde_properties(t: _Tokens, index: int) -> int | None:
    """Redshift Spectrum's ``ROW FORMAT SERDE 'class' WITH SERDEPROPERTIES ('k' = 'v', ...)``: how the files' rows
    are read, no part of the record (sqlglot reads the SERDE without its properties)."""
    start = index + 1 if t.at(index, "WITH", "SERDEPROPERTIES") else None
    if start is None or start + 1 >= len(t.tokens) or t.tokens[start + 1].token_type != TokenType.L_PAREN:
        return None
    return t.drop(index, t.group_end(start + 1))


def _managed_location(t: _Tokens, index: int) -> int | None:
    """Databricks' ``MANAGED LOCATION 'path'`` of a schema (CONTRACT 3a: a CREATE SCHEMA is recorded without
    properties)."""
    if not t.at(index, "MANAGED", "LOCATION") or index + 2 >= len(t.tokens) \
            or t.tokens[index + 2].token_type not in _STRINGLIKE:
        return None
    return t.drop(index, index + 3)


def _storage_place(t: _Tokens, index: int) -> int | None:
    """T-SQL's where a table or an index is stored: ``ON filegroup`` or ``ON scheme (column)`` after the column list
    or a constraint's columns, ``TEXTIMAGE_ON filegroup``, and a constraint's index options ``WITH (DATA_COMPRESSION
    = PAGE, ...)``: no part of the record."""
    if t.dialect != "tsql" or t.depth[index] > 1 or index + 1 >= len(t.tokens):
        return None
    after_list = t.tokens[index - 1].token_type == TokenType.R_PAREN
    if (t.words[index] == "ON" and after_list) or t.words[index] in ("TEXTIMAGE_ON", "FILESTREAM_ON"):
        end = t.name_end(index + 1)
        if end < len(t.tokens) and t.tokens[end].token_type == TokenType.L_PAREN and t.words[index] == "ON":
            end = t.group_end(end)
        return t.drop(index, end)
    if t.depth[index] == 1 and after_list and t.words[index] == "WITH" \
            and t.tokens[index + 1].token_type == TokenType.L_PAREN:
        return t.drop(index, t.group_end(index + 1))
    return None


#: The first words of Oracle's clauses after a table's columns that say how and where its rows are stored (an
#: index-organized or external table, partitions, LOB storage, tablespace, compression, logging, parallelism, row
#: movement, an object table's nested table storage ...): none of them is part of the record.
_ORACLE_STORAGE = frozenset({
    "ORGANIZATION", "PARTITION", "PARTITION BY", "LOB", "TABLESPACE", "PCTFREE", "PCTUSED", "INITRANS", "MAXTRANS",
    "STORAGE", "COMPRESS", "NOCOMPRESS", "ROW", "LOGGING", "NOLOGGING", "PARALLEL", "NOPARALLEL", "CACHE",
    "NOCACHE", "ENABLE", "DISABLE", "SEGMENT", "NESTED", "RESULT_CACHE", "INMEMORY", "NO", "FLASHBACK",
    "MONITORING", "NOMONITORING", "ROWDEPENDENCIES", "NOROWDEPENDENCIES", "OVERFLOW", "INCLUDING", "PCTTHRESHOLD",
    "MAPPING", "COLUMN", "XMLTYPE", "VARRAY", "FILESYSTEM_LIKE_LOGGING", "MEMOPTIMIZE", "SHARING", "DEFAULT",
    # a materialized view's build and refresh (BUILD IMMEDIATE REFRESH FAST ON COMMIT WITH PRIMARY KEY ENABLE QUERY
    # REWRITE, ON PREBUILT TABLE, USING INDEX ...) and an object view's type (OF t WITH OBJECT IDENTIFIER (id))
    "BUILD", "REFRESH", "NEVER", "ON", "USING", "WITH", "OF", "FOR",
    # attribute clustering (CLUSTERING BY LINEAR ORDER (c), before or after the partitions)
    "CLUSTERING"})


def _oracle_storage(t: _Tokens, index: int) -> int | None:
    """Oracle's storage of a table: its clauses after the column list (or the name), up to its query
    (:data:`_ORACLE_STORAGE`: ``ORGANIZATION INDEX``, ``PARTITION BY RANGE (c) (PARTITION p VALUES LESS THAN (...),
    ...)``, ``LOB (c) STORE AS SECUREFILE (...)``, ``NOLOGGING PARALLEL 4`` ...), and a constraint's ``USING INDEX
    ...``: no part of the record, and sqlglot reads few of them (oracle-samples' SH fact tables and HR.COUNTRIES were
    never created)."""
    if t.dialect != "oracle":
        return None
    if t.depth[index] == 0 and t.words[index] in _ORACLE_STORAGE and (index == 0 or t.words[index - 1] != "AS"):
        return t.drop(index, _query_start(t))
    if t.depth[index] >= 1 and t.at(index, "USING", "INDEX"):
        depth, end = t.depth[index], index
        while end < len(t.tokens) and t.depth[end] >= depth and not (
                t.depth[end] == depth and t.tokens[end].token_type == TokenType.COMMA):
            end += 1
        return t.drop(index, end)
    return None


def _database_options(t: _Tokens, index: int) -> int | None:
    """PostgreSQL's and Redshift's options of a new database (``[WITH] OWNER [=] u``, ``ENCODING 'UTF8'``, ``CONNECTION
    LIMIT n``, ``ISOLATION LEVEL SNAPSHOT`` ...), to the statement's end, and Redshift's ``QUOTA n [MB | GB | TB]``
    (or ``UNLIMITED``) of a schema (CONTRACT 3a: a CREATE DATABASE / SCHEMA is recorded without properties). A
    database made from a datashare (``FROM DATASHARE``) keeps its words."""
    if t.dialect not in ("postgres", "redshift"):
        return None
    kind = next((word for word in t.words[1:index] if word in ("DATABASE", "SCHEMA")), None)
    if kind == "SCHEMA" and t.at(index, "QUOTA") and index + 1 < len(t.tokens):
        return t.drop(index, index + 2 + (t.words[index + 2:index + 3] in (["MB"], ["GB"], ["TB"])))
    if kind == "DATABASE" and t.words[index] in _DATABASE_OPTIONS and "FROM" not in t.words[index:]:
        return t.drop(index, len(t.tokens))
    return None


#: The words that start a new database's options (PostgreSQL's CREATE DATABASE, Redshift's).
_DATABASE_OPTIONS = frozenset({
    "WITH", "OWNER", "TEMPLATE", "ENCODING", "STRATEGY", "LOCALE", "LC_COLLATE", "LC_CTYPE", "BUILTIN_LOCALE",
    "ICU_LOCALE", "ICU_RULES", "LOCALE_PROVIDER", "COLLATION_VERSION", "TABLESPACE", "ALLOW_CONNECTIONS", "CONNECTION",
    "IS_TEMPLATE", "OID", "COLLATE", "ISOLATION"})


#: The clauses dropped before the object's query, anywhere in the statement's head.
_DROPPED: tuple[Callable[[_Tokens, int], int | None], ...] = (
    _policy, _contact, _where, _execute_as_user, _cluster_by, _ignore_tables, _clone_options, _backfill,
    _using_template, _row_filter, _unique_then_named_constraint,
    _words("COPY", "TAGS"), _words("COPY", "GRANTS"), _words("WITH", "MANAGED", "ACCESS"), _words("REQUIRE", "USER"),
    # PostgreSQL: a temporary table's end of transaction, a schema's owner; Redshift: sort keys sqlglot does not read
    _words("ON", "COMMIT", "DROP"), _words("ON", "COMMIT", "DELETE", "ROWS"), _words("ON", "COMMIT", "PRESERVE", "ROWS"),
    _authorization, _words("INTERLEAVED"), _words("SORTKEY", "AUTO"), _words("ENCODE", "AUTO"), _with_options,
    # Redshift Spectrum: an external table's properties (numRows, the files' format options), its SerDe's
    _table_properties, _serde_properties,
    # Databricks: a Delta table's deep copy (its data copied: a CLONE all the same); the collation of its string
    # columns (DEFAULT COLLATION UTF8_LCASE)
    _words("DEEP"), _default_collation, _refresh_schedule,
    # BigQuery: an external table's connection and partition columns
    _bigquery_external,
    # Trino: how stale a materialized view may be read
    _grace_period,
    # Spark, Hive, Athena: a database's properties; Databricks: where a catalog's or schema's managed tables live
    _with_dbproperties, _managed_location,
    # PostgreSQL, Redshift: a database's options, a schema's quota
    _database_options,
    # T-SQL: the filegroups and partition schemes a table and its constraints' indexes are stored on
    _storage_place,
    # Oracle: how and where a table's rows are stored
    _oracle_storage,
)


#: The words that may stand between CREATE and the kind of object (TABLE, VIEW, DATABASE, SCHEMA).
_MODIFIERS = frozenset({
    "OR", "REPLACE", "ALTER", "TEMP", "TEMPORARY", "LOCAL", "GLOBAL", "VOLATILE", "TRANSIENT", "SECURE", "RECURSIVE",
    "MATERIALIZED", "EXTERNAL", "DYNAMIC", "HYBRID", "EVENT", "ICEBERG", "READ", "ONLY", "VERSIONED",
    "REFRESH", "STREAMING", "LIVE",  # Databricks' Delta Live Tables: CREATE OR REFRESH [STREAMING] LIVE TABLE
    "INCREMENTAL",  # (its STREAMING of old: CREATE INCREMENTAL LIVE TABLE)
    "PRIVATE",  # Lakeflow's pipeline-private table or view (PRIVATE MATERIALIZED VIEW): its TEMPORARY of old
    "FORCE", "NOFORCE", "EDITIONABLE", "NONEDITIONABLE", "EDITIONING",  # Oracle's views, as DBMS_METADATA writes them
})
#: The modifiers read as others (:func:`_head_words`): Lakeflow's PRIVATE table or view, its TEMPORARY of old;
#: Delta Live Tables' INCREMENTAL LIVE TABLE, the STREAMING LIVE TABLE it was renamed to.
_RENAMED_MODIFIERS = {"PRIVATE": "TEMPORARY", "INCREMENTAL": "STREAMING"}
#: The modifiers dropped (:func:`_head_words`): what sqlglot does not read and the record does not depend on.
_DROPPED_MODIFIERS = frozenset({"LOCAL", "HYBRID", "RECURSIVE", "EVENT", "VERSIONED", "LIVE", "FORCE", "NOFORCE",
                                "EDITIONABLE", "NONEDITIONABLE", "EDITIONING"})


def _head_words(t: _Tokens) -> int | None:
    """Drop the kind words sqlglot does not know (``LOCAL`` TEMP, ``READ ONLY``, ``HYBRID``, ``RECURSIVE``
    view, a native application's ``VERSIONED`` schema, a schema whose objects an upgrade replaces, Oracle's ``FORCE``
    and ``EDITIONABLE`` view), turn an
    ``EVENT TABLE`` into a table with its columns; the index of the kind's word, or None when the statement
    creates another kind of object (a procedure returning a TABLE is not a table)."""
    kind = next((i for i in range(1, min(len(t.tokens), 8)) if t.words[i] in ("TABLE", "VIEW", "DATABASE", "SCHEMA")),
                None)
    modifiers = set(t.words[1:kind]) if kind is not None else set()
    # Delta Live Tables' LIVE TABLE, not STREAMING: "a materialized view" (its CREATE MATERIALIZED VIEW of old)
    live_view = kind is not None and t.words[kind] == "TABLE" and "LIVE" in modifiers \
        and not modifiers & {"STREAMING", "INCREMENTAL"}
    # its [STREAMING] LIVE VIEW: "an older syntax" of CREATE TEMPORARY VIEW, private to the pipeline
    temporary_view = kind is not None and t.words[kind] == "VIEW" and "LIVE" in modifiers \
        and not modifiers & {"TEMPORARY", "TEMP"}
    index = 1
    while index < len(t.tokens) and t.words[index] not in ("TABLE", "VIEW", "DATABASE", "SCHEMA"):
        if t.words[index] not in _MODIFIERS:
            return None
        if t.words[index] in _RENAMED_MODIFIERS:  # (read as the modifier it renames)
            t.replaced.add(index)
            t.before[index] = _RENAMED_MODIFIERS[t.words[index]]
        if live_view and t.words[index] == "LIVE":
            t.replaced.add(index)
            t.before[index] = "MATERIALIZED"
        elif temporary_view and t.words[index] == "LIVE":
            t.replaced.add(index)
            t.before[index] = "TEMPORARY"
        elif t.words[kind or 0] == "VIEW" and t.words[index] == "STREAMING" and "LIVE" in modifiers:
            t.drop(index, index + 1)  # (a streaming live view: its rows a stream's, a view all the same)
        elif t.words[index] in _DROPPED_MODIFIERS or t.at(index, "READ", "ONLY"):
            t.drop(index, index + (2 if t.words[index] == "READ" else 1))
        index += 1
    if live_view:
        t.replaced.add(index)
        t.before[index] = "VIEW"
    return index


def _kind_is(t: _Tokens, kind_index: int, *words: str) -> bool:
    return any(t.words[i] in words for i in range(1, kind_index))


def _name_end(t: _Tokens, kind_index: int) -> int:
    index = kind_index + 1
    if t.at(index, "IF", "NOT", "EXISTS"):
        index += 3
    return t.name_end(index)


def _columns(t: _Tokens, kind_index: int, name_end: int) -> None:
    """An event table's columns; a Snowflake external table's ``VALUE`` when none are written; and inside a column list,
    a hybrid table's ``INDEX`` entries, constraint states, ``VIRTUAL`` and an external table's column
    expressions (``AS expr``, parenthesized or not) dropped."""
    has_columns = name_end < len(t.tokens) and t.tokens[name_end].token_type == TokenType.L_PAREN
    if _kind_is(t, kind_index, "EVENT") and not has_columns:
        t.inserted[name_end - 1] = " (" + ", ".join(EVENT_TABLE_COLUMNS) + ")"
    elif _kind_is(t, kind_index, "EXTERNAL") and not has_columns and t.dialect == "snowflake":
        t.inserted[name_end - 1] = " (VALUE VARIANT)"  # (another warehouse's external table: its files' columns)
    if not has_columns:
        return
    end = t.group_end(name_end)
    external = _kind_is(t, kind_index, "EXTERNAL")
    index, column = name_end + 1, name_end + 1
    while index < end - 1:
        if t.depth[index] == 1 and t.tokens[index - 1].token_type in (TokenType.COMMA, TokenType.L_PAREN):
            column = index  # where a column's definition (or a constraint) starts
        index = _column_clause_end(t, column, index, end, external)


def _column_clause_end(t: _Tokens, column: int, index: int, end: int, external: bool) -> int:
    """Where a column list (closing before ``end``) is read on from the token at ``index``, in the column's or
    constraint's definition starting at ``column``: after the clause starting there, dropped (or kept as a property:
    a mask, Oracle's ``INVISIBLE``), else at the next token."""
    word, depth = t.words[index], t.depth[index]
    if depth == 1 and word == "MASK" and index > column + 1 and t.dialect in _COLUMN_MASKS:
        return _column_mask(t, column, index, end)
    if depth == 1 and word == "INDEX" and t.tokens[index - 1].token_type == TokenType.COMMA:
        stop = t.group_end(t.name_end(index + 1))
        if t.at(stop, "INCLUDE"):
            stop = t.group_end(stop + 1)
        return t.drop(index - 1, stop)
    if depth == 1 and t.at(index, "ON", "VIOLATION"):  # Delta Live Tables' expectation: what a failed row does
        stop = index + 2
        while stop < end - 1 and not (t.depth[stop] == 1 and t.tokens[stop].token_type == TokenType.COMMA):
            stop += 1
        return t.drop(index, stop)
    if depth == 1 and word in ("DISTKEY", "SORTKEY") and t.tokens[index + 1].token_type != TokenType.L_PAREN:
        return t.drop(index, index + 1)  # Redshift: a column that is the table's distribution or sort key
    if depth == 1 and t.tokens[index].token_type == TokenType.EQ \
            and t.words[index - 1] in ("START", "INCREMENT") \
            and any(t.words[i] in ("AUTOINCREMENT", "IDENTITY") for i in range(column, index)):
        return t.drop(index, index + 1)  # Snowflake's AUTOINCREMENT START = 1 INCREMENT = 1 (as a sequence's)
    stop = _postgres_clause_end(t, column, index, end)
    if stop is None:
        stop = _oracle_or_tsql_clause_end(t, column, index, end)
    if stop is not None:
        return stop
    if depth == 1 and (word in _CONSTRAINT_STATES or word == "VIRTUAL"):
        return t.drop(index - (t.words[index - 1] == "NOT" and word == "ENFORCED"), index + 1)
    if depth >= 2 and t.at(index, "NOT", "NULL") and t.words[index - 1] != "IS" and _in_type(t, index):
        return t.drop(index, index + 2)  # ARRAY(NUMBER NOT NULL): a structured type's element is never null
    if external and depth == 1 and word == "AS":
        stop = index + 1
        while stop < end - 1 and not (t.depth[stop] == 1 and t.tokens[stop].token_type == TokenType.COMMA):
            stop += 1
        return t.drop(index, stop)
    return index + 1


def _postgres_clause_end(t: _Tokens, column: int, index: int, end: int) -> int | None:
    """The index after PostgreSQL's clause of a column or constraint starting at ``index``, dropped: a CHECK's ``NO
    INHERIT``, a column's ``COMPRESSION`` and ``STORAGE``, a constraint's ``[NOT] DEFERRABLE`` and ``INITIALLY``, a
    foreign key's ``SET NULL (c)`` and ``PERIOD``, a temporal key's ``WITHOUT OVERLAPS``, a generated column's
    ``VIRTUAL`` (kept as the property :data:`VIRTUAL_COLUMN`); None when none starts there."""
    word, depth = t.words[index], t.depth[index]
    if depth == 1 and t.dialect == "postgres" and word == "VIRTUAL" and t.tokens[index - 1].token_type == \
            TokenType.R_PAREN and index > column + 1:  # PostgreSQL 18: GENERATED ALWAYS AS (e) VIRTUAL
        _add_property(t, end - 1, VIRTUAL_COLUMN, t.text[t.tokens[column].start:t.tokens[column].end + 1])
        return t.drop(index, index + 1)
    if depth == 1 and t.at(index, "NO", "INHERIT"):  # PostgreSQL: a CHECK its child tables do not inherit
        return t.drop(index, index + 2)
    if depth == 1 and t.dialect == "postgres" and word in ("COMPRESSION", "STORAGE") and index > column + 1:
        return t.drop(index, index + 2)  # PostgreSQL: how a column's values are compressed and kept (TOAST)
    if depth == 1 and t.dialect == "postgres" and (word == "DEFERRABLE" or t.at(index, "INITIALLY")):
        # PostgreSQL: when a constraint is checked ([NOT] DEFERRABLE, INITIALLY DEFERRED | IMMEDIATE)
        return t.drop(index - (t.words[index - 1] == "NOT"), index + (2 if word == "INITIALLY" else 1))
    if depth == 1 and t.dialect == "postgres" and t.words[index - 1] in ("NULL", "DEFAULT") \
            and t.words[index - 2] == "SET" and t.tokens[index].token_type == TokenType.L_PAREN:
        return t.drop(index, t.group_end(index))  # PostgreSQL 15: ON DELETE SET NULL (c): the columns it sets
    if depth == 2 and t.at(index, "WITHOUT", "OVERLAPS"):  # PostgreSQL 18: a temporal key's period
        return t.drop(index, index + 2)
    if depth == 2 and word == "PERIOD" and t.tokens[index - 1].token_type in (TokenType.COMMA, TokenType.L_PAREN) \
            and index + 1 < end and t.tokens[index + 1].token_type == TokenType.VAR:  # a temporal foreign key's
        return t.drop(index, index + 1)
    return None


def _oracle_or_tsql_clause_end(t: _Tokens, column: int, index: int, end: int) -> int | None:
    """The index after Oracle's or T-SQL's clause of the column defined at ``column`` starting at ``index``, dropped:
    Oracle's ``[IN]VISIBLE`` (an invisible column kept as the property :data:`INVISIBLE_COLUMN`), T-SQL's
    ``ROWGUIDCOL``, ``MASKED WITH (...)`` and ``ENCRYPTED WITH (...)``; None when none starts there."""
    word, depth = t.words[index], t.depth[index]
    if depth == 1 and t.dialect == "oracle" and word in ("INVISIBLE", "VISIBLE") and index > column + 1:
        if word == "INVISIBLE":  # (left out of * and of an insert without a column list)
            _add_property(t, end - 1, INVISIBLE_COLUMN, t.text[t.tokens[column].start:t.tokens[column].end + 1])
        return t.drop(index, index + 1)
    if depth == 1 and t.dialect == "tsql" and word == "ROWGUIDCOL":  # T-SQL: the table's row GUID column
        return t.drop(index, index + 1)
    if depth == 1 and t.dialect == "tsql" and (t.at(index, "MASKED", "WITH") or t.at(index, "ENCRYPTED", "WITH")) \
            and index + 2 < end and t.tokens[index + 2].token_type == TokenType.L_PAREN:
        # T-SQL's dynamic data masking of the column's values, and Always Encrypted's encryption of them (the
        # client encrypts them; the table holds them as written)
        return t.drop(index, t.group_end(index + 2))
    return None


#: The dialects whose columns may have a mask (Databricks' ``MASK f``).
_COLUMN_MASKS = frozenset({"databricks"})


def _column_mask(t: _Tokens, column: int, index: int, end: int) -> int:
    """``MASK f [USING COLUMNS (a, 'k')]`` of the column defined at ``column``: dropped, and kept as the property
    :data:`COLUMN_MASK` after the column list."""
    stop = t.name_end(index + 1)
    policy = t.text[t.tokens[index + 1].start:t.tokens[stop - 1].end + 1] if stop > index + 1 else ""
    arguments = ""
    if t.at(stop, "USING", "COLUMNS") and stop + 2 < end:
        after = t.group_end(stop + 2)
        arguments = t.text[t.tokens[stop + 3].start:t.tokens[after - 2].end + 1] if after - 2 > stop + 2 else ""
        stop = after
    if policy:
        named = t.text[t.tokens[column].start:t.tokens[column].end + 1]
        _add_property(t, end - 1, COLUMN_MASK, PART_SEPARATOR.join((named, policy, arguments)))
    return t.drop(index, stop)


def _add_property(t: _Tokens, index: int, key: str, text: str) -> None:
    """The property ``key = 'text'`` put after the token at ``index``, a string in the dialect's quoting."""
    literal = exp.Literal.string(text).sql(dialect=t.dialect)
    t.inserted[index] = t.inserted.get(index, "") + f" {key} = {literal}"


def _in_type(t: _Tokens, index: int) -> bool:
    """The token at ``index`` is inside the parentheses of a type (``ARRAY(...)``, ``OBJECT(...)``, ``MAP(...)``)."""
    opening = next(i for i in range(index, -1, -1) if t.tokens[i].token_type == TokenType.L_PAREN
                   and t.depth[i] == t.depth[index] - 1)
    return opening > 0 and t.words[opening - 1] in ("ARRAY", "OBJECT", "MAP", "VECTOR")


def _refresh_using(t: _Tokens, start: int, query: int) -> int:
    """``REFRESH USING (INSERT INTO SELF <query>)`` defines the dynamic table by its query: ``AS <query>``;
    ``REFRESH USING (MERGE INTO SELF ...)`` by a MERGE into it, kept as the property :data:`REFRESH_USING` (the
    MERGE's text), the table created with the columns its definition lists. Where the object's query starts
    afterwards."""
    for index in range(start, query):
        if t.at(index, "REFRESH", "USING") and index + 2 < len(t.tokens):
            end = t.group_end(index + 2)
            if not t.at(index + 3, "INSERT", "INTO", "SELF"):
                statement = t.text[t.tokens[index + 3].start:t.tokens[end - 2].end + 1] if end - 2 > index + 2 else ""
                _as_property(t, index, end, [(REFRESH_USING, statement)])
                return query
            t.drop(index, index + 6)
            t.drop(end - 1, end)
            t.before[index + 6] = "AS "
            return index + 6
    return query


def readable_create(text: str, dialect: str = "snowflake", tokens: list[Token] | None = None) -> str | None:
    """``text`` (a CREATE) without the clauses sqlglot does not read and no record depends on; None when the
    text is not a CREATE of a table, view, database or schema, or nothing in it needs dropping. ``tokens``: the
    text's tokens, when the caller has them."""
    if tokens is None:
        try:
            tokens = Dialect.get_or_raise(dialect).tokenize(text)
        except SqlglotError:
            return None
    tokens = [token for token in tokens if token.token_type is not HIVE_STREAM]  # Athena's mark of Hive's DDL
    if not tokens or word_of(tokens[0]) != "CREATE":
        return None
    t = _Tokens(text, tokens, dialect)
    kind_index = _head_words(t)
    if kind_index is None or kind_index >= len(tokens):
        return None
    name_end = _name_end(t, kind_index)
    query = _refresh_using(t, name_end, _query_start(t))
    _columns(t, kind_index, name_end)
    index = name_end
    while index < query:
        index = next((end for rule in _DROPPED if (end := rule(t, index)) is not None), index + 1)
    last = len(tokens)
    # PostgreSQL's materialized view, filled or not yet; an updatable view's check of the rows written through it
    for tail in (("WITH", "NO", "DATA"), ("WITH", "DATA"), ("WITH", "CHECK", "OPTION"), ("WITH", "LOCAL", "CHECK", "OPTION"),
                 ("WITH", "CASCADED", "CHECK", "OPTION")):
        if last - len(tail) > query and t.at(last - len(tail), *tail) and t.depth[last - len(tail)] == 0:
            t.drop(last - len(tail), last)
            break
    if not t.dropped and not t.inserted and not t.replaced:
        return None
    return t.render()
