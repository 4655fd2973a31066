"""The command grammar's recursive-descent parser: tokens in, a statement node out.

``parse_command`` returns a node of :mod:`.nodes` per statement form, or ``None`` when the
statement is not one this grammar owns (the caller then uses sqlglot).
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator
from contextlib import contextmanager

from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.tokens import TokenType

from ...errors import StatementError
from ..dialects import rules_for
from ..names import variable_name
from .lexer import (
    CLOSING,
    OPENING,
    QUOTED,
    STRINGS,
    UNLEXABLE,
    Token,
    is_name_part,
    is_word,
    lex,
    matches,
    touching,
)
from .nodes import (
    CURRENT_DATABASE,
    Action,
    AddAllowedValues,
    AddColumn,
    AddRowAccessPolicy,
    Alter,
    AnonymousCall,
    AlterColumn,
    AppendFrom,
    SwitchTo,
    Call,
    ColumnDefinition,
    CopyFiles,
    CreatePolicy,
    CreateSequence,
    CreateStream,
    CreateTag,
    Drop,
    DropAllowedValues,
    DropAllRowAccessPolicies,
    DropColumn,
    DropRowAccessPolicy,
    Explain,
    Get,
    Name,
    OtherChange,
    OtherColumnChange,
    PolicyArgument,
    Property,
    Put,
    Refresh,
    Rename,
    RenameColumn,
    RenameObjects,
    ModifyQuery,
    ReplaceColumns,
    SetBody,
    SetComment,
    SetIncrement,
    SetMaskingPolicies,
    SetMaskingPolicy,
    SetOrder,
    SetProperty,
    SetSecure,
    SetTags,
    StageReference,
    Statement,
    Swap,
    TagAssignment,
    TagKey,
    Undrop,
    UnsetAllowedValues,
    UnsetComment,
    UnsetMaskingPolicies,
    UnsetMaskingPolicy,
    UnsetProperty,
    UnsetSecure,
    UnsetTags,
)

__all__ = ["STATEMENT_VERBS", "CommandSyntaxError", "may_own", "parse_anonymous_call", "parse_command", "parse_comment"]


class CommandSyntaxError(StatementError, ValueError):
    """A statement this grammar owns that breaks one of its rules (named in the message).

    A :class:`StatementError`, so the resolver sets it aside like any unparseable statement.
    """


def parse_command(sql: str, *, dialect: str = "snowflake", tokens: list[Token] | None = None) -> Statement | None:
    """Parse one statement (a trailing ``;`` is fine) this grammar owns; ``None`` otherwise.

    Raises ``CommandSyntaxError`` when the statement starts like one of the forms owned
    here but breaks its grammar; the message names the rule and the offset.

    >>> statement = parse_command("ALTER TAG gov.tags.pii SET MASKING POLICY gov.p.mask")
    >>> statement.kind, [part.this for part in statement.name]
    ('TAG', ['gov', 'tags', 'pii'])
    >>> [part.this for part in statement.actions[0].policies[0]]
    ['gov', 'p', 'mask']
    >>> parse_command("SELECT 1") is None
    True

    ``tokens`` are the statement's tokens when the caller has them already (:func:`.lexer.from_sqlglot`).
    """
    return _Parser(sql, Dialect.get_or_raise(dialect), tokens=tokens).statement()


def parse_comment(sql: str, *, dialect: str = "snowflake") -> Alter | None:
    """A ``COMMENT ON`` sqlglot keeps opaque (``COMMENT ON STREAM s IS '...'``) as the ALTER of its comment.

    >>> parse_comment("comment on masking policy p is 'masks'").actions
    (SetComment(comment='masks'),)
    >>> parse_comment("comment on function f(int[]) is null", dialect="postgres").actions
    (UnsetComment(),)
    """
    parser = _Parser(sql, Dialect.get_or_raise(dialect))
    node = parser.comment_on()
    if node is not None:
        parser.finish()
    return node


def parse_anonymous_call(sql: str, *, dialect: str = "snowflake") -> AnonymousCall | None:
    """``WITH name AS PROCEDURE ... CALL name(...)``, a statement sqlglot does not read; None for any other WITH.

    >>> parse_anonymous_call("with p as procedure () returns int language sql as $$ return 1 $$ call p()").call
    Call(name=(Identifier(this=p, quoted=False),), arguments=(), into=None, method=None)
    """
    parser = _Parser(sql, Dialect.get_or_raise(dialect))
    node = parser.anonymous_call()
    if node is not None:
        parser.finish()
    return node


def _shorten(text: str, limit: int = 30) -> str:
    return text if len(text) <= limit else text[: limit - 3] + "..."


# Snowflake's reserved words: never an unquoted name, so `ALTER TABLE SET ...` is an error.
_RESERVED = frozenset(
    """ALL ALTER AND ANY AS BETWEEN BY CASE CAST CHECK COLUMN CONNECT CREATE CROSS CURRENT
    DELETE DISTINCT DROP ELSE EXISTS FALSE FOLLOWING FOR FROM FULL GRANT GROUP HAVING ILIKE
    IN INCREMENT INNER INSERT INTERSECT INTO IS JOIN LATERAL LEFT LIKE MINUS NATURAL NOT
    NULL OF ON OR ORDER QUALIFY REGEXP REVOKE RIGHT RLIKE ROW ROWS SAMPLE SELECT SET SOME
    START TABLE TABLESAMPLE THEN TO TRIGGER TRUE TRY_CAST UNION UNIQUE UPDATE USING VALUES
    WHEN WHENEVER WHERE WITH""".split()
)

#: PostgreSQL's reserved key words (its documentation's appendix: "reserved" and "reserved (can be function or
#: type)"); any other word, ``start``, ``rows``, ``trigger``, ``set``, is a name there (``RENAME COLUMN a TO start``).
_RESERVED_POSTGRES = frozenset(
    """ALL ANALYSE ANALYZE AND ANY ARRAY AS ASC ASYMMETRIC AUTHORIZATION BINARY BOTH CASE CAST CHECK COLLATE
    COLLATION COLUMN CONCURRENTLY CONSTRAINT CREATE CROSS CURRENT_CATALOG CURRENT_DATE CURRENT_ROLE CURRENT_SCHEMA
    CURRENT_TIME CURRENT_TIMESTAMP CURRENT_USER DEFAULT DEFERRABLE DESC DISTINCT DO ELSE END EXCEPT FALSE FETCH FOR
    FOREIGN FREEZE FROM FULL GRANT GROUP HAVING ILIKE IN INITIALLY INNER INTERSECT INTO IS ISNULL JOIN LATERAL
    LEADING LEFT LIKE LIMIT LOCALTIME LOCALTIMESTAMP NATURAL NOT NOTNULL NULL OFFSET ON ONLY OR ORDER OUTER
    OVERLAPS PLACING PRIMARY REFERENCES RETURNING RIGHT SELECT SESSION_USER SIMILAR SOME SYMMETRIC SYSTEM_USER TABLE
    TABLESAMPLE THEN TO TRAILING TRUE UNION UNIQUE USER USING VARIADIC VERBOSE WHEN WHERE WINDOW WITH""".split()
)

#: Amazon Redshift's reserved words (its documentation's "Reserved words"): PostgreSQL's differ (``TIMESTAMP``,
#: ``TAG``, ``OPEN``, ``PARTITION`` are reserved, ``WINDOW``, ``RETURNING`` are names).
_RESERVED_REDSHIFT = frozenset(
    """AES128 AES256 ALL ALLOWOVERWRITE ANALYSE ANALYZE AND ANY ARRAY AS ASC AUTHORIZATION AZ64 BACKUP BETWEEN BINARY
    BLANKSASNULL BOTH BYTEDICT BZIP2 CASE CAST CHECK COLLATE COLUMN CONSTRAINT CREATE CREDENTIALS CROSS CURRENT_DATE
    CURRENT_TIME CURRENT_TIMESTAMP CURRENT_USER CURRENT_USER_ID DEFAULT DEFERRABLE DEFLATE DEFRAG DELTA DELTA32K DESC
    DISABLE DISTINCT DO ELSE EMPTYASNULL ENABLE ENCODE ENCRYPT ENCRYPTION END EXCEPT EXPLICIT FALSE FOR FOREIGN FREEZE
    FROM FULL GLOBALDICT256 GLOBALDICT64K GRANT GROUP GZIP HAVING IDENTITY IGNORE ILIKE IN INITIALLY INNER INTERSECT
    INTERVAL INTO IS ISNULL JOIN LEADING LEFT LIKE LIMIT LOCALTIME LOCALTIMESTAMP LUN LUNS LZO LZOP MINUS MOSTLY16
    MOSTLY32 MOSTLY8 NATURAL NEW NOT NOTNULL NULL NULLS OFF OFFLINE OFFSET OID OLD ON ONLY OPEN OR ORDER OUTER
    OVERLAPS PARALLEL PARTITION PERCENT PERMISSIONS PIVOT PLACING PRIMARY RAW READRATIO RECOVER REFERENCES REJECTLOG
    RESORT RESPECT RESTORE RIGHT SELECT SESSION_USER SIMILAR SNAPSHOT SOME SYSDATE SYSTEM TABLE TAG TDES TEXT255
    TEXT32K THEN TIMESTAMP TO TOP TRAILING TRUE TRUNCATECOLUMNS UNION UNIQUE UNNEST UNPIVOT USER USING VERBOSE WALLET
    WHEN WHERE WITH WITHOUT""".split()
)

#: The reserved words of each dialect that has its own; Snowflake's (:data:`_RESERVED`) for the others.
#: ClickHouse's key words "are not reserved; they are treated as such only in the corresponding context": a table named
#: ``set`` or ``rows`` is dropped by that name unquoted. The words a name never is where a command names an object:
#: those that join, compare or start a clause.
_RESERVED_CLICKHOUSE = _RESERVED - frozenset(
    """CHECK COLUMN CONNECT CURRENT FOLLOWING INCREMENT MINUS OF QUALIFY REGEXP RLIKE ROW ROWS SAMPLE SET SOME START
    TABLESAMPLE TRIGGER TRY_CAST UNIQUE WHENEVER""".split())

#: Spark's and Databricks' key words are not reserved either unless ``spark.sql.ansi.enforceReservedKeywords`` is
#: set (off by default, Spark 4 too): Delta's own tests name a table ``table`` (``ALTER TABLE table ADD CONSTRAINT``).
_RESERVED_SPARK = _RESERVED - {"TABLE"}

_RESERVED_BY_DIALECT = {"postgres": _RESERVED_POSTGRES, "redshift": _RESERVED_REDSHIFT,
                        "clickhouse": _RESERVED_CLICKHOUSE, "spark": _RESERVED_SPARK, "spark2": _RESERVED_SPARK,
                        "databricks": _RESERVED_SPARK}

# The first words of MySQL's ALTER DATABASE options (``[DEFAULT] CHARACTER SET [=] x``, ``COLLATE``, ``ENCRYPTION``,
# ``READ ONLY``): one standing where the name would, the statement alters the default database.
_MYSQL_DATABASE_OPTIONS = frozenset({"DEFAULT", "CHARACTER", "CHARSET", "COLLATE", "ENCRYPTION", "READ"})
#: Oracle's partitions of a table, named without brackets (``ADD | DROP | TRUNCATE PARTITION p``).
_ORACLE_PARTITIONS = frozenset({"PARTITION", "SUBPARTITION", "PARTITIONS"})
#: Oracle's sequence options of one word: no record depends on them.
_SEQUENCE_FLAGS = frozenset({"NOCYCLE", "NOCACHE", "NOMAXVALUE", "NOMINVALUE", "KEEP", "NOKEEP", "SCALE", "NOSCALE",
                             "EXTEND", "NOEXTEND", "SESSION", "GLOBAL", "SHARD", "NOSHARD"})
_ALTER_KINDS = (
    ("MATERIALIZED", "VIEW"),
    ("STREAMING", "TABLE"),  # Databricks' table its flows fill: a table
    ("EXTERNAL", "TABLE"),
    ("DYNAMIC", "TABLE"),  # dynamic and Iceberg tables are tables (CONTRACT 3a)
    ("ICEBERG", "TABLE"),
    ("HYBRID", "TABLE"),
    ("EVENT", "TABLE"),
    ("SNAPSHOT", "TABLE"),  # BigQuery's table snapshot: a table
    ("FOREIGN", "TABLE"),  # PostgreSQL's: a table whose rows a foreign server holds
    ("TABLE", "FUNCTION"),  # BigQuery's table function: a function
    ("ROW", "ACCESS", "POLICY"),
    ("MASKING", "POLICY"),
    ("TABLE",),
    ("VIEW",),
    ("SCHEMA",),
    ("DATABASE",),
    ("TAG",),
    ("SEQUENCE",),
    ("STAGE",),
    ("STREAM",),
    ("FUNCTION",),
    ("PROCEDURE",),
    ("PROC",),  # T-SQL's short form: a procedure
    ("ROUTINE",),  # PostgreSQL's function or procedure
    ("AGGREGATE",),  # PostgreSQL's aggregate function (pg_dump's ALTER AGGREGATE f(text) OWNER TO ...)
    ("MODEL",),  # BigQuery's and Redshift's machine learning model: the function its predictions are read as
)
_DROP_KINDS = _ALTER_KINDS
#: Kinds named with their argument types (``f(NUMBER, VARCHAR)``): the types pick the overload.
_ROUTINES = frozenset({"FUNCTION", "PROCEDURE", "AGGREGATE", "ROUTINE"})
_DROP_BEHAVIORS = frozenset({"CASCADE", "RESTRICT"})
#: What may follow Oracle's SET UNUSED columns: CASCADE CONSTRAINTS, INVALIDATE, ONLINE.
_UNUSED_OPTIONS = frozenset({"CASCADE", "CONSTRAINTS", "INVALIDATE", "ONLINE"})
_SEQUENCE_LIMITS = frozenset({"MINVALUE", "MAXVALUE"})
#: PostgreSQL's ``CREATE {TEMP | TEMPORARY | UNLOGGED} SEQUENCE``: a sequence all the same.
_SEQUENCE_MODIFIERS = frozenset({"TEMP", "TEMPORARY", "UNLOGGED"})
#: Iceberg's references of a table's snapshots (``ALTER TABLE t DROP BRANCH b``, ``DROP TAG t``): no column.
_ICEBERG_REFS = frozenset({"BRANCH", "TAG"})
#: The tokens of a constant besides a string (a row filter's or a mask's argument that passes no column).
_CONSTANT_TOKENS = frozenset({TokenType.NUMBER, TokenType.TRUE, TokenType.FALSE, TokenType.NULL})
_CREATE_KINDS = (("ROW", "ACCESS", "POLICY"), ("MASKING", "POLICY"), ("TAG",), ("SEQUENCE",), ("STREAM",))
#: What ``CREATE STREAM ... ON`` may track.
_STREAM_SOURCES = (("EXTERNAL", "TABLE"), ("DYNAMIC", "TABLE"), ("EVENT", "TABLE"), ("ICEBERG", "TABLE"),
                   ("MATERIALIZED", "VIEW"), ("TABLE",), ("VIEW",), ("STAGE",))

#: Redshift's ``ALTER {DISTSTYLE | DISTKEY | [COMPOUND | INTERLEAVED] SORTKEY | ENCODE AUTO}`` of a table: how its rows
#: are spread and ordered, no column changed.
_DISTRIBUTION = frozenset({"DISTSTYLE", "DISTKEY", "SORTKEY", "COMPOUND", "INTERLEAVED", "ENCODE"})
#: PostgreSQL's ``SET`` of how a table's rows are kept (``LOGGED``, ``UNLOGGED``, ``WITHOUT CLUSTER``, ``WITHOUT OIDS``,
#: ``TABLESPACE t``, ``ACCESS METHOD m``): no recorded property.
_STORAGE_SETTINGS = frozenset({"LOGGED", "UNLOGGED", "WITHOUT", "TABLESPACE", "ACCESS"})
#: What starts another clause after ``ADD COLUMN c type,`` (BigQuery's and PostgreSQL's lists of actions), where
#: Snowflake's ``ADD COLUMN a INT, b INT`` goes on with another column.
_NEXT_CLAUSES = (("ADD",), ("DROP",), ("ALTER",), ("SET",), ("RESET",), ("RENAME",), ("OWNER", "TO"))
#: MySQL's other actions of an ALTER TABLE's list (``ADD c INT, CHANGE a b TEXT, MODIFY d INT, ALGORITHM=INPLACE``):
#: after a comma they start another action, never a column named so.
_MYSQL_NEXT_CLAUSES = (("CHANGE",), ("MODIFY",), ("ALGORITHM",), ("LOCK",), ("CONVERT", "TO"), ("ORDER", "BY"),
                       ("ENGINE",), ("AUTO_INCREMENT",), ("FORCE",), ("DISABLE", "KEYS"), ("ENABLE", "KEYS"),
                       ("COMMENT",))
#: The dialects of MySQL's ALTER TABLE lists (sqlglot's MySQL family).
_MYSQL_FAMILY = frozenset({"mysql", "doris", "starrocks", "singlestore"})
#: ClickHouse's other actions of an ALTER's list (``DROP COLUMN x, MODIFY COLUMN y String``): after a comma they start
#: another action, never a column named so.
_CLICKHOUSE_NEXT_CLAUSES = (("MODIFY",), ("CLEAR",), ("COMMENT",), ("MATERIALIZE",))
#: The first words of MySQL's table options (``ENGINE = InnoDB``, ``AUTO_INCREMENT = 5``, ``[DEFAULT] CHARSET = x``,
#: ``COLLATE x``, ``ROW_FORMAT = DYNAMIC`` ...), which follow one another with or without commas: no record depends on
#: them, but on ``COMMENT [=] 'x'`` among them, the table's comment.
_MYSQL_TABLE_OPTIONS = frozenset({"ENGINE", "AUTO_INCREMENT", "DEFAULT", "CHARSET", "CHARACTER", "COLLATE", "ROW_FORMAT",
                                  "KEY_BLOCK_SIZE", "AVG_ROW_LENGTH", "CHECKSUM", "COMPRESSION", "MAX_ROWS", "MIN_ROWS",
                                  "PACK_KEYS", "STATS_AUTO_RECALC", "STATS_PERSISTENT", "STATS_SAMPLE_PAGES",
                                  "DELAY_KEY_WRITE", "INSERT_METHOD"})
# Words after ADD / DROP that start a constraint or a table feature, not a column.
_NOT_A_COLUMN = frozenset({"CONSTRAINT", "PRIMARY", "UNIQUE", "FOREIGN", "CHECK", "EXCLUDE", "SEARCH", "CLUSTERING"})
# MySQL's index of a table (``ADD INDEX i (c)``, ``DROP INDEX i``, ``DROP KEY k``, ``ADD FULLTEXT KEY ...``): no column,
# when a name follows (a column named ``key`` dropped alone is a column).
_INDEX_WORDS = frozenset({"INDEX", "KEY", "FULLTEXT", "SPATIAL"})
# The same, as sqlglot's tokenizer reads two of them: one token each.
_CONSTRAINT_TOKENS = ("PRIMARY KEY", "FOREIGN KEY")
# A data metric function a table or view is given, taken off or suspended (``{ADD | DROP | MODIFY} DATA METRIC
# FUNCTION f ON (c, ...)``): a change of the object, no column named DATA.
_DATA_METRIC_FUNCTION = ("DATA", "METRIC", "FUNCTION")
# Databricks' refresh of a materialized view or streaming table (``{ADD | ALTER} SCHEDULE ...``, ``DROP SCHEDULE``,
# ``{ADD | DROP} TRIGGER ON UPDATE``): when it is refreshed, no column.
_REFRESH_SETTINGS = frozenset({"SCHEDULE", "TRIGGER"})
_REFRESHED_KINDS = frozenset({"MATERIALIZED VIEW", "STREAMING TABLE"})
# PostgreSQL's objects whose SET gives a configuration parameter's default (``ALTER DATABASE d SET work_mem TO ...``).
_CONFIGURED_KINDS = frozenset({"DATABASE", "FUNCTION", "PROCEDURE", "ROUTINE"})
# Words after an external table's ADD / DROP (and REMOVE): its partitions and files, not columns.
_EXTERNAL_TABLE_PARTS = frozenset({"PARTITION", "FILES"})
#: ClickHouse's ``ADD | DROP PROJECTION p (...)`` and ``ADD | DROP STATISTICS c ...``: no column, no data of the table
_CLICKHOUSE_TABLE_PARTS = frozenset({"PROJECTION", "STATISTICS"})
# Governance policies other than masking and row access ones, set on a table or view as a whole:
# recorded as a property of the object (they are not in the reference's policy vocabulary).
_OBJECT_POLICIES = (("AGGREGATION", "POLICY"), ("JOIN", "POLICY"), ("PROJECTION", "POLICY"),
                    ("STORAGE", "LIFECYCLE", "POLICY"))
# What may follow such a policy's name: the keys it works on, the columns it is applied on, FORCE.
_POLICY_CLAUSES = (("ENTITY", "KEY"), ("ALLOWED", "JOIN", "KEYS"), ("ON",))
# Words that end a column's type in ADD COLUMN and start its options.
_COLUMN_OPTIONS = frozenset(
    """NOT NULL DEFAULT COLLATE COMMENT AUTOINCREMENT IDENTITY PRIMARY UNIQUE REFERENCES
    FOREIGN CONSTRAINT AS""".split()
)


# ---------------------------------------------------------------------------------------
# The parser


class _Parser:
    """Recursive descent over the tokens of one statement (or of a stage reference)."""

    def __init__(
        self, sql: str, dialect: Dialect, *, origin: int = 0, rules: list[str] | None = None,
        tokens: list[Token] | None = None,
    ) -> None:
        self.sql = sql
        self.dialect = dialect
        self.tokens = tokens if tokens is not None else lex(sql, dialect)
        self.pos = 0
        self.origin = origin  # where `sql` starts in the statement, for messages
        self.rules: list[str] = list(rules or [])
        self.dialect_rules = rules_for(type(dialect).__name__.lower())  # (the class's name is its sqlglot name)
        self.kind: str | None = None  # the kind of object an ALTER acts on
        self.altered: Name = ()  # and its name

    # -- looking at tokens ---------------------------------------------------------------

    def peek(self, ahead: int = 0) -> Token | None:
        index = self.pos + ahead
        token = self.tokens[index] if index < len(self.tokens) else None
        if token is not None and token.type is UNLEXABLE:
            if not self.rules:  # not (yet) a statement of ours: the caller's parser reports it
                return None
            raise CommandSyntaxError(
                f"{self.rule_name()}: cannot tokenize the text at offset "
                f"{token.start + self.origin}: '{_shorten(token.text)}'"
            )
        return token

    def at(self, *words: str, ahead: int = 0) -> bool:
        return all(matches(self.peek(ahead + i), word) for i, word in enumerate(words))

    def at_any(self, words: frozenset[str]) -> bool:
        token = self.peek()
        return is_word(token) and token is not None and token.text.upper() in words

    def at_type(self, types: Collection[TokenType], ahead: int = 0) -> bool:
        token = self.peek(ahead)
        return token is not None and token.type in types

    def at_end(self) -> bool:
        token = self.peek()
        return token is None or token.type is TokenType.SEMICOLON

    def accept(self, *words: str) -> bool:
        if not self.at(*words):
            return False
        self.pos += len(words)
        return True

    def accept_any(self, words: frozenset[str]) -> bool:
        if not self.at_any(words):
            return False
        self.pos += 1
        return True

    def expect(self, *words: str, what: str | None = None) -> None:
        if not self.accept(*words):
            raise self.error(what or "'" + " ".join(words) + "'")

    def advance(self) -> Token:
        token = self.peek()
        if token is None:
            raise self.error("more input")
        self.pos += 1
        return token

    def text(self, first: int, last: int) -> str:
        """The source text of tokens ``first`` to ``last`` (exclusive), comments included."""
        if last <= first:
            return ""
        return self.sql[self.tokens[first].start : self.tokens[last - 1].end + 1]

    def take_until(self, stop: Callable[[], bool]) -> str:
        """Source text up to ``stop()`` or the end, at parenthesis depth 0 (exclusive)."""
        first, depth = self.pos, 0
        while not self.at_end():
            token = self.peek()
            assert token is not None
            if depth == 0 and (token.type in CLOSING or stop()):
                break
            depth += (token.type in OPENING) - (token.type in CLOSING)
            self.pos += 1
        return self.text(first, self.pos)

    def type_text(self) -> str:
        """A column's type up to a ``,`` or a column option outside brackets, angle brackets included (Spark's and
        BigQuery's ``STRUCT<x: INT, y: INT>``, ``MAP<STRING, INT>``)."""
        first, angles = self.pos, 0
        while not self.at_end():
            self.take_until(lambda: self.at("<") or self.at(">") or (
                not angles and (self.at(",") or self.at_column_option())))
            if self.at("<"):
                angles += 1
            elif self.at(">") and angles:
                angles -= 1
            else:
                break
            self.pos += 1
        return self.text(first, self.pos)

    # -- errors --------------------------------------------------------------------------

    def rule_name(self) -> str:
        return " ... ".join(self.rules)

    def error(self, expected: str) -> CommandSyntaxError:
        token = self.tokens[self.pos] if self.pos < len(self.tokens) else None
        if token is None or token.type is TokenType.SEMICOLON:
            offset = token.start if token else len(self.sql)
            found = "end of statement"
        else:
            offset = token.start
            found = _shorten(self.sql[token.start : token.end + 1])
            found = found if token.type in STRINGS else f"'{found}'"  # strings show their quotes
        return CommandSyntaxError(
            f"{self.rule_name()}: expected {expected} at offset {offset + self.origin}, "
            f"found {found}"
        )

    @contextmanager
    def rule(self, name: str) -> Iterator[None]:
        self.rules.append(name)
        try:
            yield
        finally:
            self.rules.pop()

    # -- terminals -----------------------------------------------------------------------

    def identifier(self, what: str, *, dotted: bool = False) -> exp.Identifier:
        """A name (part); a reserved word is none, but for a part after a dot outside Snowflake (Spark's and the
        others' ``prod.db.sample``, ``db.table``: their reserved words are names there)."""
        token = self.peek()
        marks = self._temporary_marks()
        if marks:  # T-SQL's #t, ##t: the marks are tokens of their own, touching the name
            self.pos += len(marks)
            name = self.identifier(what, dotted=dotted)
            return exp.Identifier(this=name.this, quoted=name.quoted, **{"global_" if len(marks) == 2 else "temporary": True})
        quoted = token is not None and token.type is TokenType.IDENTIFIER
        words = _RESERVED_BY_DIALECT.get(self.dialect, _RESERVED)
        reserved = self.at_any(words) and (not dotted or self.dialect == "snowflake")
        # (a name starting with a digit, ClickHouse's 02162_t, is one name where the dialect's tokenizer says so)
        named = is_word(token) or (token is not None and token.type is TokenType.VAR and token.text[:1].isdigit()
                                   and token.text.replace("_", "").isalnum())
        # (Redshift's temporary #t is one token, as sqlglot's own grammar reads it in CREATE TABLE and FROM)
        named = named or (self.dialect_rules.hash_names_temporary and not dotted and token is not None
                          and token.type is TokenType.VAR and token.text[:1] == "#" and len(token.text) > 1
                          and token.text[1:].replace("_", "").replace("$", "").isalnum())
        if not quoted and (not named or reserved):
            raise self.error(what)
        self.pos += 1
        assert token is not None
        return exp.Identifier(this=token.text, quoted=quoted)

    def _temporary_marks(self) -> str:
        """The ``#`` or ``##`` before a T-SQL temporary table's name, each touching the next token ('' elsewhere)."""
        if not self.dialect_rules.hash_temporary_tables:
            return ""
        marks = ""
        while (token := self.peek(len(marks))) is not None and token.type is TokenType.HASH and len(marks) < 2:
            following = self.peek(len(marks) + 1)
            if following is None or not touching(token, following):
                return ""
            marks += "#"
        return marks

    def name(self, what: str) -> Name:
        if self.at("IDENTIFIER", "("):
            return self.identifier_function(what)
        parts = [self.identifier(what)]
        while self.accept("."):
            if len(parts) == 1 and self.at(".") and self.dialect_rules.omitted_schema:
                parts.append(exp.Identifier(this=""))  # db..t: the schema left out
                continue
            parts.append(self.identifier(f"a name part after '.' in {what}", dotted=True))
        return tuple(parts)

    def identifier_function(self, what: str) -> Name:
        """``IDENTIFIER('db.sch.name')``: the string holds the name, parsed as SQL."""
        with self.rule("IDENTIFIER()"):
            self.pos += 2
            token = self.peek()
            variable = self.at_type({TokenType.PARAMETER, TokenType.COLON}) and is_name_part(self.peek(1))
            if variable and self.at(")", ahead=2):
                raise variable_name(f"IDENTIFIER({token.text}{self.peek(1).text})")
            text = self.string(f"a string holding {what} (session variables are not supported)")
            self.expect(")", what="')' closing IDENTIFIER(")
        assert token is not None
        inner = _Parser(text, self.dialect, origin=token.start + 1, rules=self.rules)
        name = inner.name(what)
        if inner.pos < len(inner.tokens):
            raise inner.error(f"the end of {what}")
        return name

    def identifiers(self, what: str, *, empty: bool = False) -> tuple[exp.Identifier, ...]:
        """``(a, b, ...)``; ``()`` too when ``empty``."""
        self.expect("(", what=f"'(' before the {what}")
        if empty and self.accept(")"):
            return ()
        names = [self.identifier(what)]
        while self.accept(","):
            names.append(self.identifier(what))
        self.expect(")", what=f"')' after the {what}")
        return tuple(names)

    def word(self, what: str) -> str:
        token = self.peek()
        if not is_word(token):
            raise self.error(what)
        self.pos += 1
        assert token is not None
        return token.text.upper()

    def string(self, what: str) -> str:
        token = self.peek()
        if token is None or token.type not in STRINGS:
            raise self.error(what)
        self.pos += 1
        return token.text

    def strings(self, what: str) -> tuple[str, ...]:
        values = [self.string(what)]
        while self.at(",") and self.at_type(STRINGS, ahead=1):
            self.pos += 1
            values.append(self.string(what))
        return tuple(values)

    def integer(self, what: str) -> int:
        negative = self.accept("-")
        if not negative:
            self.accept("+")
        token = self.peek()
        if token is None or token.type is not TokenType.NUMBER or not token.text.isdigit():
            raise self.error(what)
        self.pos += 1
        return -int(token.text) if negative else int(token.text)

    def boolean(self, what: str) -> bool:
        if self.accept("TRUE"):
            return True
        self.expect("FALSE", what=what)
        return False

    def value(self, key: str) -> str:
        """A property's value: a string (unquoted), a number, a name or a ``(...)`` group."""
        first = self.pos
        if self.at_type(STRINGS):
            return self.string("a value")
        if self.accept("("):
            self.take_until(lambda: False)
            self.expect(")", what=f"')' closing the value of {key}")
        elif self.at("-") or self.at_type({TokenType.NUMBER}):
            self.accept("-")
            if not self.at_type({TokenType.NUMBER}):
                raise self.error(f"a number in the value of {key}")
            self.pos += 1
        elif name_length := self.skip_name(0):
            self.pos += name_length  # any word will do here, even TRUE or a keyword
        elif self.at_type({TokenType.PARAMETER}) and self.skip_name(1):  # a session variable: $name
            self.pos += self.skip_name(1)
        else:
            raise self.error(f"a value for {key}")
        return self.text(first, self.pos)

    def property(self) -> Property:
        key = self.word("a property name")
        self.expect("=", what=f"'=' after {key}")
        return Property(key, self.value(key))

    def comment(self) -> str:
        self.expect("COMMENT")
        self.expect("=", what="'=' after COMMENT")
        return self.string("a string after COMMENT =")

    def parenthesized_texts(self, what: str) -> tuple[str, ...]:
        """``(x, y, ...)`` as the source text of each item (``()`` gives none)."""
        self.expect("(", what=f"'(' opening the {what} list")
        items: list[str] = []
        while not self.accept(")"):
            if items:
                self.expect(",", what=f"',' or ')' after an {what}")
            item = self.take_until(lambda: self.at(","))
            if not item:
                raise self.error(f"an {what}")
            items.append(item)
        return tuple(items)

    def if_exists(self) -> bool:
        if not self.accept("IF"):
            return False
        self.expect("EXISTS", what="EXISTS after IF")
        return True

    def if_not_exists(self) -> bool:
        if not self.accept("IF"):
            return False
        self.expect("NOT", "EXISTS", what="NOT EXISTS after IF")
        return True

    def table_function(self, kind: str | None) -> str | None:
        """``TABLE FUNCTION`` is BigQuery's table function only when a name follows it; otherwise a table named
        ``function``."""
        if kind == "TABLE FUNCTION" and (self.dialect != "bigquery" or not is_name_part(self.peek())):
            self.pos -= 1
            return "TABLE"
        return kind

    def object_kind(self, kinds: tuple[tuple[str, ...], ...]) -> str | None:
        for words in kinds:
            if self.accept(*words):
                return "PROCEDURE" if words == ("PROC",) else " ".join(words)
        return None

    def finish(self) -> None:
        self.accept(";")
        if self.pos < len(self.tokens):
            self.peek()
            raise self.error("end of statement")

    # -- statements ----------------------------------------------------------------------

    def statement(self) -> Statement | None:
        first = self.tokens[0] if self.tokens else None
        if first is None or first.type is UNLEXABLE or first.type in QUOTED:
            return None
        rule = _STATEMENTS.get(first.text.upper())
        node = rule(self) if rule else None
        if node is not None:
            self.finish()
        return node

    def anonymous_call(self) -> AnonymousCall | None:
        if not (self.at("WITH") and is_name_part(self.peek(1)) and self.at("AS", "PROCEDURE", ahead=2)):
            return None
        self.rules = ["WITH ... AS PROCEDURE"]
        self.pos += 1
        procedure = self.identifier("the procedure's name")
        while not self.at_end() and not self.at("CALL"):  # its signature, options and body (one string)
            self.advance()
        if not self.at("CALL"):
            raise self.error("CALL after the procedure's definition")
        return AnonymousCall(procedure, self.call())

    def call(self) -> Call:
        self.advance()
        self.rules = ["CALL"]
        name = self.name("a procedure name")
        method = None
        if self.accept("!"):  # an instance of a class (SNOWFLAKE.ML.FORECAST ...) and one of its methods
            method = self.identifier("the method's name after '!'").this
        if self.at_end() and type(self.dialect).__name__.lower() == "mysql":  # CALL p: a procedure of no arguments
            return Call(name, (), method=method)
        arguments = self.parenthesized_texts("argument")
        if not self.accept("INTO"):
            return Call(name, arguments, method=method)
        # Snowflake Scripting: the result goes to a variable
        self.expect(":", what="':' before the variable after INTO")
        return Call(name, arguments, self.identifier("a variable name").this, method)

    def copy_files(self) -> CopyFiles | None:
        """``COPY FILES INTO`` a stage; every other COPY is sqlglot's."""
        if not self.at("COPY", "FILES"):
            return None
        self.pos += 2
        self.rules = ["COPY FILES"]
        self.expect("INTO", what="INTO after COPY FILES")
        target = self.stage_reference()
        self.expect("FROM", what="FROM and the stage the files come from, or a query listing them")
        if self.at_type(STRINGS) and not self.peek().text.startswith("@"):  # FROM 'snow://workspace/...'
            location = self.advance().text
            return CopyFiles(target, None, self.options(), location=location)
        if not self.accept("("):
            return CopyFiles(target, self.stage_reference(), self.options())
        query = self.take_until(lambda: False)
        if not query:
            raise self.error("a query listing the files to copy")
        self.expect(")", what="')' closing the query")
        return CopyFiles(target, None, self.options(), query)

    def get(self) -> Get:
        self.advance()
        self.rules = ["GET"]
        stage = self.stage_reference()
        return Get(stage, self.location(), self.options())

    def put(self) -> Put:
        self.advance()
        self.rules = ["PUT"]
        location = self.location()
        return Put(location, self.stage_reference(), self.options())

    def explain(self) -> Explain:
        self.advance()
        self.rules = ["EXPLAIN"]
        using = self.word("TABULAR, JSON or TEXT after USING") if self.accept("USING") else None
        statement = self.take_until(lambda: False)
        if not statement:
            raise self.error("a statement to explain")
        return Explain(statement, using)

    def create(self) -> Statement | None:
        self.advance()
        or_replace = self.accept("OR", "REPLACE")
        or_alter = not or_replace and self.accept("OR", "ALTER")  # created if missing, else altered to match
        if self.accept_any(_SEQUENCE_MODIFIERS) and not self.at("SEQUENCE"):
            return None
        kind = self.object_kind(_CREATE_KINDS)
        if kind is None or (or_alter and kind not in ("TAG", "STREAM")):
            return None
        self.rules = [f"CREATE {kind}"]
        if kind == "TAG":
            return self.create_tag(or_replace, or_alter)
        if kind == "STREAM":
            return self.create_stream(or_replace, or_alter)
        if kind == "SEQUENCE":
            return self.create_sequence(or_replace)
        return self.create_policy(kind, or_replace)

    def alter(self) -> Alter | None:
        self.advance()
        kind = self.table_function(self.object_kind(_ALTER_KINDS))
        if kind is None:
            return None
        self.rules = [f"ALTER {kind}"]
        self.kind = kind
        if_exists = self.if_exists()
        if kind == "TABLE" and self.at("ONLY") and is_name_part(self.peek(1)) \
                and not any(self.at(word, ahead=1) for word, _ in _ACTIONS):
            self.pos += 1  # PostgreSQL's ONLY: the table, not the tables inheriting from it (pg_dump writes it)
        if kind == "DATABASE" and self.dialect == "tsql" and self.accept("CURRENT"):
            name = self.altered = CURRENT_DATABASE  # T-SQL's ALTER DATABASE CURRENT: the session's (the handler's)
        elif kind in ("DATABASE", "SCHEMA") and self.dialect == "mysql" and self.at_any(_MYSQL_DATABASE_OPTIONS):
            name = self.altered = CURRENT_DATABASE  # MySQL's ALTER DATABASE without a name: "the default database"
        else:
            name = self.altered = self.name(f"the {kind.lower()} name")
        if kind == "TABLE" and self.dialect == "postgres" and self.at("*"):
            self.pos += 1  # PostgreSQL's name *: the table and those inheriting from it, as without it ("the default")
        argument_types = self.parenthesized_texts("argument type") if kind in _ROUTINES and self.at("(") else None
        if kind in _ROUTINES and self.dialect == "tsql" and not self.at_end():
            # T-SQL's ALTER PROCEDURE p [@a int ...] [WITH ...] AS <body>: the routine defined again, its body's
            # statements (with their ;) part of it, as a CREATE's are
            first, self.pos = self.pos, len(self.tokens)
            return Alter(kind, name, if_exists, (OtherChange(self.text(first, self.pos)),), argument_types)
        others: list[Name] = []
        while kind == "DYNAMIC TABLE" and self.accept(","):  # ALTER DYNAMIC TABLE a, b REFRESH
            others.append(self.name(f"the {kind.lower()} name"))
        if others and not self.at("REFRESH"):
            raise self.error("REFRESH after a list of dynamic tables")
        return Alter(kind, name, if_exists, self.actions(), argument_types, tuple(others))

    def comment_on(self) -> Alter | None:
        """``COMMENT [IF EXISTS] ON <kind> name IS '...' | NULL``: an ALTER setting (or, NULL, removing) the object's
        comment (CONTRACT 3a).
        None for a column's comment and kinds this grammar does not know."""
        if not self.accept("COMMENT"):
            return None
        if_exists = self.if_exists()
        if not self.accept("ON"):
            return None
        kind = self.object_kind(_ALTER_KINDS)
        if kind is None:
            return None
        self.rules = [f"COMMENT ON {kind}"]
        self.kind = kind
        name = self.name(f"the {kind.lower()} name")
        argument_types = self.parenthesized_texts("argument type") if kind in _ROUTINES and self.at("(") else None
        self.expect("IS", what="IS before the comment")
        action = UnsetComment() if self.accept("NULL") else SetComment(self.string("a comment (a string) after IS"))
        return Alter(kind, name, if_exists, (action,), argument_types)

    def drop(self) -> Drop | None:
        self.advance()
        if self.at("TEMPORARY", "FUNCTION"):  # Spark's temporary function: sqlglot's (no catalog object: dispatch)
            return None
        kind = self.table_function(self.object_kind(_DROP_KINDS))
        if kind is None:
            return None
        self.rules = [f"DROP {kind}"]
        if_exists = self.if_exists()
        name = self.name(f"the {kind.lower()} name")
        argument_types = self.parenthesized_texts("argument type") if self.at("(") else None
        others: list[Name] = []
        others_types: list[tuple[str, ...] | None] = []  # PostgreSQL's DROP FUNCTION f(int), g(text)
        while self.accept(","):
            others.append(self.name(f"the {kind.lower()} name"))
            others_types.append(self.parenthesized_texts("argument type") if self.at("(") else None)
        # Redshift's DROP SCHEMA s DROP EXTERNAL DATABASE: the external catalog's database dropped with it
        if kind == "SCHEMA" and self.at("DROP", "EXTERNAL", "DATABASE"):
            self.pos += 3
        behavior = self.word("CASCADE or RESTRICT") if self.at_any(_DROP_BEHAVIORS) else None
        if behavior == "CASCADE" and self.dialect == "oracle":
            self.accept("CONSTRAINTS")  # Oracle's CASCADE CONSTRAINTS: the foreign keys that name the table dropped
        self.accept("PURGE")  # Spark's, Hive's: the files deleted at once; Oracle's: not kept in the recycle bin
        if kind == "DATABASE" and self.at("WITH", "("):  # PostgreSQL's DROP DATABASE d WITH (FORCE): its sessions ended
            self.pos += 2
            self.take_until(lambda: False)
            self.expect(")", what="')' closing the options")
        return Drop(kind, name, if_exists, argument_types, behavior, tuple(others), tuple(others_types))

    def rename_objects(self) -> RenameObjects:
        """``RENAME [TABLE | TABLES | DATABASE | DICTIONARY] a TO b [, c TO d ...] [ON CLUSTER c]`` (MySQL's,
        ClickHouse's; Oracle's without a kind; Teradata's with AS or TO)."""
        self.advance()
        named = self.word("the kind") if self.at_any(_RENAMED_KINDS) else ""
        # (a dictionary is read as a view; Oracle's RENAME names no kind: a table, a view or a sequence)
        kind = {"TABLES": "TABLE", "DICTIONARY": "VIEW"}.get(named, named)
        named = named or "TABLE"
        self.rules = [f"RENAME {named}"]
        pairs = []
        while True:
            old = self.name(f"the {named.lower()} name")
            if not (self.dialect == "teradata" and self.accept("AS")):  # (Teradata's RENAME TABLE a AS b too)
                self.expect("TO", what="TO after the name")
            pairs.append((old, self.name(f"the new {named.lower()} name")))
            if not self.accept(","):
                break
        if self.accept("ON", "CLUSTER"):  # (ClickHouse's: where the statement runs, no object of its own)
            self.advance()
        return RenameObjects(kind, tuple(pairs))

    def undrop(self) -> Undrop | None:
        self.advance()
        kind = self.object_kind(_DROP_KINDS)
        if kind is None:
            return None
        self.rules = [f"UNDROP {kind}"]
        return Undrop(kind, self.name(f"the {kind.lower()} name"))

    # -- stages and locations ------------------------------------------------------------

    def run(self, what: str) -> tuple[str, int]:
        """A quoted string's value, or an unquoted run of text up to whitespace.

        Snowflake reads ``file:///tmp/*.csv`` and ``@st/a--b/`` as one word; sqlglot's
        tokenizer would start a comment at ``/*`` or ``--``, so the run is cut from the
        text and the rest of the statement is tokenized again after it.
        """
        token = self.peek()
        if token is None or self.at_end():
            raise self.error(what)
        if token.type in STRINGS:
            self.pos += 1
            return token.text, token.start + 1
        end = self.run_end()
        self.tokens[self.pos :] = lex(self.sql, self.dialect, end)
        return self.sql[token.start : end], token.start

    def run_end(self) -> int:
        """Where the run starting here ends: after the tokens that touch each other (a
        quoted ``"My Stage"`` may hold a space), then at the next whitespace or ``;``."""
        index, tokens = self.pos, self.tokens
        while index + 1 < len(tokens) and touching(tokens[index], tokens[index + 1]):
            index += 1
        end = self.tokens[index].end + 1
        while end < len(self.sql) and not self.sql[end].isspace() and self.sql[end] != ";":
            end += 1
        return end

    def location(self) -> str:
        """A local file's URI, as written: in quotes (a path with spaces), its backslashes are no escapes (``PUT
        'file://C:\\temp\\my data\\a.csv' @s``: Snowflake's client reads the path, not the SQL string)."""
        if not self.at_type(STRINGS | {TokenType.URI_START}):
            raise self.error("a location ('file://...')")
        token = self.peek()
        if token is not None and token.type in STRINGS and self.sql[token.start] == "'" \
                and self.sql[token.end] == "'":
            self.pos += 1
            return self.sql[token.start + 1 : token.end].replace("''", "'")
        return self.run("a location")[0]

    def stage_reference(self) -> StageReference:
        if not (self.at("@") or self.at_type(STRINGS)):
            raise self.error("a stage reference ('@...')")
        text, offset = self.run("a stage reference")
        reference = _Parser(text, self.dialect, origin=offset, rules=self.rules + ["stage"])
        return reference.stage_body()

    def stage_body(self) -> StageReference:
        self.expect("@", what="'@' starting a stage reference")
        if self.accept("~"):
            kind, name = "user", ()
        else:
            kind, name = self.stage_name()
        rest = self.sql[self.tokens[self.pos - 1].end + 1 :]
        if rest and not rest.startswith("/"):
            raise self.error("'/' before the stage path")
        return StageReference(kind, name, rest)

    def stage_name(self) -> tuple[str, Name]:
        parts: list[exp.Identifier] = []
        while True:
            if self.accept("%"):
                parts.append(self.identifier("a table name after '%'"))
                return "table", tuple(parts)
            parts.append(self.identifier("a stage name"))
            if not self.accept("."):
                return "named", tuple(parts)

    def options(self) -> tuple[Property, ...]:
        options: list[Property] = []
        while not self.at_end():
            options.append(self.property())
        return tuple(options)

    # -- CREATE TAG / POLICY / SEQUENCE --------------------------------------------------

    def create_stream(self, or_replace: bool, or_alter: bool) -> CreateStream:
        if_not_exists = self.if_not_exists()
        name = self.name("a stream name")
        source_kind: str | None = None
        source: Name = ()
        tags: tuple[TagAssignment, ...] = ()
        comment: str | None = None
        options: list[Property] = []
        while not self.at_end():
            if self.at_tag_option():
                tags = self.column_tags()
            elif self.accept("COPY", "GRANTS"):
                continue
            elif source_kind is None and self.accept("ON"):
                if self.at("DIRECTORY", "("):  # ON DIRECTORY(@stage): the stage's directory table
                    source_kind, source = "STAGE", self.directory_table()
                    continue
                source_kind = self.object_kind(_STREAM_SOURCES)
                if source_kind is None:
                    raise self.error("TABLE, EXTERNAL TABLE, DYNAMIC TABLE, EVENT TABLE, VIEW or STAGE after ON")
                source = self.name(f"the {source_kind.lower()} name")
            elif source_kind is None and self.accept("CLONE"):
                source_kind, source = "STREAM", self.name("the stream to clone")
            elif source_kind is not None and (self.accept("AT") or self.accept("BEFORE")):
                self.value("AT | BEFORE")  # the point in time the stream starts from
            elif self.at("COMMENT"):
                comment = self.comment()
            else:
                options.append(self.property())
        if source_kind is None:
            raise self.error("ON <source> or CLONE <stream>")
        return CreateStream(name, or_replace, or_alter, if_not_exists, source_kind, source, tags, comment,
                            tuple(options))

    def directory_table(self) -> Name:
        """``DIRECTORY(@stage)``: the named stage whose directory table it is (what ``ON STAGE stage`` names; the
        form Snowflake's quickstarts use for a stream on a stage's files)."""
        self.advance()
        self.expect("(", what="'(' after DIRECTORY")
        self.expect("@", what="'@' starting the stage's name")
        kind, name = self.stage_name()
        if kind != "named":
            raise self.error("a named stage (a table's stage has no directory table)")
        self.expect(")", what="')' after the stage's name")
        return name

    def create_tag(self, or_replace: bool, or_alter: bool = False) -> CreateTag:
        if_not_exists = self.if_not_exists()
        name = self.name("a tag name")
        allowed: tuple[str, ...] = ()
        comment: str | None = None
        properties: list[Property] = []
        while not self.at_end():
            if self.accept("ALLOWED_VALUES"):
                allowed = self.strings("an allowed value (a string)")
            elif self.at("COMMENT"):
                comment = self.comment()
            else:
                properties.append(self.property())
        return CreateTag(name, or_replace, if_not_exists, allowed, comment, tuple(properties), or_alter)

    def create_policy(self, kind: str, or_replace: bool) -> CreatePolicy:
        if_not_exists = self.if_not_exists()
        name = self.name("a policy name")
        self.expect("AS", what="AS before the policy signature")
        arguments = self.policy_arguments()
        returns = self.policy_returns(kind)
        self.expect("->", what="'->' before the policy body")
        body = self.policy_body()
        comment, exempt = None, None
        while not self.at_end():
            if self.at("COMMENT"):
                comment = self.comment()
            else:
                self.expect("EXEMPT_OTHER_POLICIES")
                self.expect("=", what="'=' after EXEMPT_OTHER_POLICIES")
                exempt = self.boolean("TRUE or FALSE after EXEMPT_OTHER_POLICIES =")
        return CreatePolicy(
            kind, name, or_replace, if_not_exists, arguments, returns, body, comment, exempt
        )

    def policy_arguments(self) -> tuple[PolicyArgument, ...]:
        self.expect("(", what="'(' opening the policy signature")
        if self.dialect in ("redshift", "bigquery", "postgres", "clickhouse") and self.accept(")"):
            return ()  # (Redshift's CREATE RLS POLICY p USING (true), without WITH, written so:
            # rewrites._redshift_policies_written_out; BigQuery's FILTER USING (TRUE):
            # dispatch.bigquery_row_access_policy; PostgreSQL's CREATE POLICY ... USING (false); ClickHouse's USING 1)
        arguments = [self.policy_argument()]
        while self.accept(","):
            arguments.append(self.policy_argument())
        self.expect(")", what="')' closing the policy signature")
        return tuple(arguments)

    def policy_argument(self) -> PolicyArgument:
        name = self.identifier("an argument name")
        type_text = self.take_until(lambda: self.at(","))
        if not type_text:
            raise self.error(f"a type for argument {name.this}")
        return PolicyArgument(name, type_text)

    def policy_returns(self, kind: str) -> str:
        self.expect("RETURNS", what="RETURNS after the policy signature")
        if kind == "ROW ACCESS POLICY":
            self.expect("BOOLEAN", what="BOOLEAN (a row access policy returns BOOLEAN)")
            return self.text(self.pos - 1, self.pos)
        returns = self.take_until(lambda: self.at("->"))
        if not returns:
            raise self.error("a return type")
        return returns

    def policy_body(self) -> str:
        """The text after the ``->`` just read, trimmed, comments kept: to the end of the
        statement or to a ``COMMENT =`` / ``EXEMPT_OTHER_POLICIES =`` outside parentheses."""
        after_arrow = self.tokens[self.pos - 1].end + 1
        if not self.take_until(
            lambda: self.at("COMMENT", "=") or self.at("EXEMPT_OTHER_POLICIES", "=")
        ):
            raise self.error("a policy body after '->'")
        end = self.tokens[self.pos].start if self.pos < len(self.tokens) else len(self.sql)
        return self.sql[after_arrow:end].strip()

    def create_sequence(self, or_replace: bool) -> CreateSequence:
        if_not_exists = self.if_not_exists()
        name = self.name("a sequence name")
        self.accept("WITH")
        start = increment = ordered = comment = None
        while not self.at_end():
            if start is not None or increment is not None or ordered is not None or comment is not None:
                self.accept(",")  # Snowflake also takes the options separated by commas
            if self.accept("START"):
                self.accept("WITH")
                self.accept("=")
                start = self.integer("an integer after START")
            elif self.accept("INCREMENT"):
                increment = self.increment()
            elif self.at("ORDER") or self.at("NOORDER"):
                ordered = self.order()
            elif self.at("COMMENT"):
                comment = self.comment()
            elif not self.sequence_option():
                raise self.error("START, INCREMENT, ORDER, NOORDER or COMMENT")
        return CreateSequence(name, or_replace, if_not_exists, start, increment, ordered, comment)

    def sequence_option(self) -> bool:
        """PostgreSQL's (and the standard's) options no record depends on: ``AS type``, ``[NO] MINVALUE [n]``, ``[NO]
        MAXVALUE [n]``, ``CACHE n``, ``[NO] CYCLE``, ``OWNED BY t.c | NONE``; Oracle's ``NOCACHE``, ``NOCYCLE``,
        ``NOMAXVALUE``, ``KEEP``, ``SCALE``, ``SESSION`` ... (:data:`_SEQUENCE_FLAGS`); False when none is here."""
        if self.accept("NO"):
            return self.accept_any(_SEQUENCE_LIMITS) or self.accept("CYCLE")
        if self.accept_any(_SEQUENCE_LIMITS) or self.accept("CACHE"):
            self.accept("=")
            self.accept("-")
            self.advance()
            return True
        if self.accept("CYCLE") or self.accept_any(_SEQUENCE_FLAGS):
            return True
        if self.accept("AS") or self.accept("OWNED", "BY"):
            self.name("a type or a column")
            return True
        return False

    def increment(self) -> int:
        """After ``INCREMENT``: ``[BY] [=] n``."""
        self.accept("BY")
        self.accept("=")
        return self.integer("an integer after INCREMENT")

    def order(self) -> bool:
        return self.word("ORDER or NOORDER") == "ORDER"

    # -- ALTER actions -------------------------------------------------------------------

    def actions(self) -> tuple[Action, ...]:
        actions: list[Action] = []
        while True:
            actions.extend(self.action())
            if not self.accept(",") and not (self.kind == "SEQUENCE" and not self.at_end()):
                return tuple(actions)  # (a sequence's options follow each other without commas too: Oracle's)

    def action(self) -> list[Action]:
        if self.at_end():
            raise self.error("an action")
        if self.kind == "SCHEMA" and (self.at("ADD", "REPLICA") or self.at("DROP", "REPLICA")):
            # BigQuery's ALTER SCHEMA s ADD | DROP REPLICA `region` [OPTIONS (...)]: the dataset's copies, no column
            return [OtherChange(self.take_until(lambda: False))]
        if self.kind == "TABLE" and self.dialect in _MYSQL_FAMILY and (self.at("COMMENT")
                                                                      or self.at_any(_MYSQL_TABLE_OPTIONS)):
            return self.mysql_table_options()
        for word, method in _ACTIONS:
            if self.at(word):
                return method(self)
        return [self.other_change(self.pos)]

    def mysql_table_options(self) -> list[Action]:
        """MySQL's table options of an ALTER TABLE, one after another up to a comma: ``COMMENT [=] 'x'`` sets the
        table's comment, as ``COMMENT ON TABLE`` does elsewhere; the others are changes no record depends on."""
        actions: list[Action] = []
        while not self.at_end() and not self.at(","):
            if self.accept("COMMENT"):
                with self.rule("COMMENT"):
                    self.accept("=")
                    actions.append(SetComment(self.string("a string after COMMENT")))
                continue
            first = self.pos
            self.advance()
            self.take_until(lambda: self.at(",") or self.at("COMMENT"))
            actions.append(OtherChange(self.text(first, self.pos)))
        return actions

    def at_next_clause(self) -> bool:
        """At a ``,`` that starts another action of the ALTER's list (not another column of the action before)."""
        return any(self.at(",", *clause) for clause in (*_NEXT_CLAUSES, *(
            _MYSQL_NEXT_CLAUSES if self.dialect in _MYSQL_FAMILY else
            _CLICKHOUSE_NEXT_CLAUSES if self.dialect == "clickhouse" else ())))

    def other_change(self, first: int) -> OtherChange:
        """A change no record depends on (a constraint's, a partition's ...), up to the end or a ``,`` before
        another clause (PostgreSQL's ``DROP CONSTRAINT c, ADD COLUMN x INT``)."""
        self.pos = first
        return OtherChange(self.take_until(lambda: self.at_next_clause()))

    def rename(self) -> list[Action]:
        first = self.pos
        self.advance()
        if self.at("CONSTRAINT") or (self.at("INDEX") or self.at("KEY") or self.at("PARTITION")
                                     or self.at("SUBPARTITION")) and not self.at("TO", ahead=1):
            # (MySQL's RENAME {INDEX | KEY} a TO b; Oracle's RENAME [SUB]PARTITION p TO q, a partition's name alone;
            # PostgreSQL's RENAME index TO x renames a column named index)
            return [self.other_change(first)]
        if self.accept("COLUMN"):
            with self.rule("RENAME COLUMN"):
                self.accept("IF", "EXISTS")  # Trino: a column that is not there is renamed by nothing
                column = self.identifier("a column name")
                nested = self.field_path()
                self.expect("TO", what="TO after the column name")
                new_name = self.identifier("a new column name")
                return [AlterColumn(column, OtherColumnChange(f"RENAME {nested} TO {new_name.this}"))] if nested \
                    else [RenameColumn(column, new_name)]
        if not self.at("TO") and is_name_part(self.peek()) and self.at("TO", ahead=1):
            with self.rule("RENAME COLUMN"):  # PostgreSQL: RENAME [COLUMN] a TO b
                column = self.identifier("a column name")
                self.pos += 1
                return [RenameColumn(column, self.identifier("a new column name"))]
        with self.rule("RENAME"):
            if self.dialect != "mysql" or not self.accept("AS"):  # MySQL: RENAME [TO | AS] new_tbl_name
                if self.dialect != "mysql" or not is_name_part(self.peek()) or self.at("TO"):
                    self.expect("TO", what="TO or COLUMN after RENAME")
            return [Rename(self.name("a new name"))]

    def replace_columns(self) -> list[Action]:
        """Hive's, Spark's and Athena's ``REPLACE COLUMNS (a type [COMMENT '...'], ...)``; another REPLACE is a change
        of its own."""
        if not self.at("REPLACE", "COLUMNS", "("):
            return [self.other_change(self.pos)]
        with self.rule("REPLACE COLUMNS"):
            self.pos += 3
            columns = [self.replacing_column()]
            while self.accept(","):
                columns.append(self.replacing_column())
            self.expect(")", what="')' closing the columns")
            self.partitions_too()
            return [ReplaceColumns(tuple(columns))]

    def partitions_too(self) -> None:
        """Hive's ``CASCADE | RESTRICT`` after a table's columns are added or replaced (whether its partitions'
        metadata changes too, "RESTRICT is the default"): the table's columns are the same either way."""
        if self.dialect in ("hive", "spark", "spark2", "databricks"):
            _ = self.accept("CASCADE") or self.accept("RESTRICT")

    def replacing_column(self) -> ColumnDefinition:
        added = self.add_column(False)
        if not isinstance(added, AddColumn):  # a struct's field (point.z)
            raise self.error("a column's name and type")
        return added.column

    def refresh(self) -> list[Action]:
        """A dynamic table's ``REFRESH [COPY SESSION]``; another object's REFRESH (a stage's, an external table's
        metadata) is a change of its own."""
        if self.kind != "DYNAMIC TABLE":
            return [self.other_change(self.pos)]
        self.advance()
        self.accept("COPY", "SESSION")
        return [Refresh()]

    def swap(self) -> list[Action]:
        self.advance()
        with self.rule("SWAP"):
            self.expect("WITH", what="WITH after SWAP")
            return [Swap(self.name("the name to swap with"))]

    def append(self) -> list[Action]:
        """Redshift's ``ALTER TABLE t APPEND FROM source [IGNOREEXTRA | FILLTARGET]``."""
        first = self.pos
        self.advance()
        if not self.accept("FROM"):
            return [self.other_change(first)]
        with self.rule("APPEND FROM"):
            source = self.name("the table to append from")
            option = self.word("the end of the statement") if self.at_any(_APPEND_OPTIONS) else None
            return [AppendFrom(source, option)]

    def switch(self) -> list[Action]:
        """T-SQL's ``ALTER TABLE t SWITCH [PARTITION n] TO target [PARTITION m] [WITH (...)]``."""
        first = self.pos
        self.advance()
        if self.dialect != "tsql":
            return [self.other_change(first)]
        if self.accept("PARTITION"):  # (a number, or $PARTITION.pf(value))
            self.take_until(lambda: self.at("TO"))
        if not self.accept("TO"):
            return [self.other_change(first)]
        with self.rule("SWITCH TO"):
            target = self.name("the table to switch to")
            self.take_until(lambda: False)  # (its partition, WITH (WAIT_AT_LOW_PRIORITY ...): where, and how long)
            return [SwitchTo(target)]

    def add(self) -> list[Action]:
        first = self.pos
        self.advance()
        if self.at("ROW", "ACCESS", "POLICY"):
            return [self.add_row_access_policy()]
        if self.accept("ALLOWED_VALUES"):
            with self.rule("ADD ALLOWED_VALUES"):
                return [AddAllowedValues(self.strings("an allowed value (a string)"))]
        if self.at("STORAGE", "LIFECYCLE", "POLICY"):
            return [self.set_object_policy()]
        if self.at("PARTITION", "FIELD"):  # Iceberg's partition spec: no column
            return [self.other_change(first)]
        if self.at("COLUMNS", "(") or self.at("COLUMN", "("):  # Spark, Databricks: ADD COLUMNS (a INT, b STRING)
            with self.rule("ADD COLUMNS"):
                self.pos += 2
                actions: list[Action] = [self.add_column(False)]
                while self.accept(","):
                    actions.append(self.add_column(False))
                self.expect(")", what="')' closing the columns")
                self.partitions_too()
                return actions
        if self.at_not_a_column() or self.at_external_table_part():
            return [self.other_change(first)]
        if self.dialect in ("spark", "spark2", "databricks", "hive") and self.at("COLUMNS"):
            self.pos += 1  # Spark's ADD COLUMNS a INT, b STRING (without brackets): COLUMNS a keyword, no column's name
        with self.rule("ADD COLUMN"):
            return self.add_columns()

    def drop_clause(self) -> list[Action]:
        first = self.pos
        self.advance()
        if self.at("ROW", "ACCESS", "POLICY"):
            with self.rule("DROP ROW ACCESS POLICY"):
                self.pos += 3
                return [DropRowAccessPolicy(self.name("a policy name"))]
        if self.accept("ALL", "ROW", "ACCESS", "POLICIES") or self.accept("ROW", "FILTER"):  # ROW FILTER: Databricks
            return [DropAllRowAccessPolicies()]
        if self.accept("ALLOWED_VALUES"):
            with self.rule("DROP ALLOWED_VALUES"):
                return [DropAllowedValues(self.strings("an allowed value (a string)"))]
        if self.accept("STORAGE", "LIFECYCLE", "POLICY"):
            return [UnsetProperty("STORAGE_LIFECYCLE_POLICY")]
        if self.at("FEATURE"):  # Delta's table feature (DROP FEATURE f [TRUNCATE HISTORY]): no column
            return [self.other_change(first)]
        if self.dialect == "oracle" and (self.at("UNUSED", "COLUMNS") or self.at("COLUMNS", "CONTINUE")):
            return [self.other_change(first)]  # Oracle's DROP UNUSED COLUMNS: the storage of columns dropped already
        if self.at("PARTITION", "FIELD") or self.at("IDENTIFIER", "FIELDS") or self.at_any(_ICEBERG_REFS):
            return [self.other_change(first)]  # Iceberg's partition spec, row identifier, branches and tags
        if self.at_not_a_column() or self.at_external_table_part():
            return [self.other_change(first)]
        with self.rule("DROP COLUMN"):
            return self.drop_columns()

    def set_row_filter(self) -> AddRowAccessPolicy:
        """Databricks' ``SET ROW FILTER f ON (c, ...)``: a row access policy by another name, its function deciding
        which rows a query sees."""
        with self.rule("SET ROW FILTER"):
            self.pos += 2
            policy = self.name("a function name")
            self.expect("ON", what="ON after the row filter's function")
            return AddRowAccessPolicy(policy, self.filter_arguments())

    def filter_arguments(self) -> tuple[exp.Identifier, ...]:
        """A row filter's ``ON (column | constant_literal, ...)``, maybe ``ON ()`` (a function of no argument): its
        columns (a constant passes none)."""
        self.expect("(", what="'(' before the row filter's arguments")
        columns = []
        while not self.at(")"):
            if self.at_type(STRINGS) or self.at_type(_CONSTANT_TOKENS):
                self.advance()  # a constant: no column
            else:
                columns.append(self.identifier("a column name or a constant"))
            if not self.accept(","):
                break
        self.expect(")", what="')' after the row filter's arguments")
        return tuple(columns)

    def add_row_access_policy(self) -> AddRowAccessPolicy:
        with self.rule("ADD ROW ACCESS POLICY"):
            self.pos += 3
            policy = self.name("a policy name")
            self.expect("ON", what="ON after the policy name")
            # (on no column: a Redshift RLS policy of no argument, attached: dispatch.rls_policy_attached; BigQuery's
            # FILTER USING (TRUE): dispatch.bigquery_row_access_policy; PostgreSQL's USING (false))
            return AddRowAccessPolicy(policy, self.identifiers("column names", empty=self.dialect in (
                "redshift", "bigquery", "postgres", "clickhouse")))

    def add_columns(self) -> list[Action]:
        """``ADD [COLUMN] c type ..., ...``; Oracle's ``ADD (c type, ..., CONSTRAINT ...)``."""
        actions: list[Action] = []
        first = self.pos
        parenthesized = self.dialect == "oracle" and self.accept("(")
        while True:
            self.accept("COLUMN")
            if_not_exists = self.if_not_exists()
            if self.at_not_a_column():  # (T-SQL's columns and table constraints in one list: ADD c INT, CONSTRAINT
                self.take_until(lambda: self.at(","))  # ... and a temporal table's PERIOD FOR SYSTEM_TIME (vf, vt))
            else:
                actions.append(self.add_column(if_not_exists))
            if not self.at(",") or self.at_next_clause():  # BigQuery's, PostgreSQL's
                if parenthesized:
                    self.expect(")", what="')' closing the columns")
                    if not actions:  # (constraints only: ADD (CONSTRAINT pk PRIMARY KEY (id)), as ADD CONSTRAINT)
                        return [self.other_change(first)]
                return actions
            self.pos += 1

    def at_not_a_column(self) -> bool:
        return (self.at_any(_NOT_A_COLUMN) or any(self.at(words) for words in _CONSTRAINT_TOKENS)
                or (self.at_any(_INDEX_WORDS) and (self.peek(1) is not None and self.peek(1).text not in (",", ";")))
                or self.at(*_DATA_METRIC_FUNCTION) or self.at("PERIOD", "FOR")  # (T-SQL's temporal table's period)
                or (self.kind in _REFRESHED_KINDS and self.at_any(_REFRESH_SETTINGS)))

    def at_external_table_part(self) -> bool:
        """An external table's partitions or files, or a table's partition (Spark's, Hive's and Databricks' ``ADD
        [IF NOT EXISTS] PARTITION (c = v)``, ``DROP [IF EXISTS] PARTITION (...)``; Oracle's, MySQL's, Doris's and
        StarRocks's named without brackets): no column."""
        if self.kind == "EXTERNAL TABLE" and self.at_any(_EXTERNAL_TABLE_PARTS):
            return True
        if self.dialect in ("oracle", "mysql") and self.at_any(_ORACLE_PARTITIONS):  # DROP PARTITION p [UPDATE INDEXES]
            return True
        if self.dialect in ("doris", "starrocks") and (self.at_any(_ORACLE_PARTITIONS) or self.at("TEMPORARY",
                                                                                                  "PARTITION")):
            return True  # (ADD [TEMPORARY] PARTITION p VALUES ..., DROP PARTITION p [FORCE], ADD PARTITIONS FROM ...)
        if self.dialect == "clickhouse" and self.at_any(_CLICKHOUSE_TABLE_PARTS):  # (a column is ADD COLUMN c there)
            return True
        return any(self.at(*words, "PARTITION", "(") for words in ((), ("IF", "NOT", "EXISTS"), ("IF", "EXISTS")))

    def drop_columns(self) -> list[Action]:
        """``DROP [COLUMN] [IF EXISTS] a, [IF EXISTS] b ...``: an IF EXISTS before the first column holds for all.
        Spark's ``DROP {COLUMNS | COLUMN} [IF EXISTS] (a, b)`` and Oracle's ``DROP (a, b)`` too."""
        spark = self.dialect in ("spark", "spark2", "databricks", "hive")
        if self.accept("COLUMNS") or self.dialect == "oracle" and self.at("(") or spark and (
                self.at("COLUMN", "(") or self.at("COLUMN", "IF", "EXISTS", "(")) and self.accept("COLUMN"):
            if_exists = self.if_exists()
            parenthesized = self.accept("(")
            actions = [self.drop_column(if_exists)]
            while self.accept(","):
                actions.append(self.drop_column(if_exists))
            if parenthesized:
                self.expect(")", what="')' closing the columns")
            return actions
        self.accept("COLUMN")
        if_exists = self.if_exists()
        actions = [self.drop_column(if_exists)]
        self.accept_any(_DROP_BEHAVIORS)  # PostgreSQL's CASCADE / RESTRICT: what depends on the column
        if self.dialect == "oracle":  # Oracle's CASCADE CONSTRAINTS, INVALIDATE: what depends on it dropped too
            self.accept("CONSTRAINTS")
            self.accept("INVALIDATE")
        while self.at(",") and not self.at_next_clause():  # not another clause
            self.pos += 1
            each = self.if_exists() or if_exists
            actions.append(self.drop_column(each))
            self.accept_any(_DROP_BEHAVIORS)
        return actions

    def drop_column(self, if_exists: bool) -> Action:
        """A column dropped; a struct's field dropped (Spark's ``DROP COLUMN point.z``) is a change of its column."""
        column = self.identifier("a column name")
        nested = self.field_path()
        return AlterColumn(column, OtherColumnChange(f"DROP {nested}")) if nested else DropColumn(column, if_exists)

    def field_path(self) -> str:
        """The field path after a column's name (``.z``, ``.location.lat``: a field of a struct column, in Spark's
        and its table formats' ALTERs), consumed; ``""`` when none follows."""
        fields = []
        while self.at(".") and is_name_part(self.peek(1)):
            self.pos += 1
            fields.append(self.identifier("a field name", dotted=True).this)
        return ".".join(fields)

    def add_column(self, if_not_exists: bool) -> Action:
        """A column added; a field added to a struct column (Spark's ``ADD COLUMN point.z double``) is a change of
        that column."""
        if self.at(".", ahead=1) and is_name_part(self.peek(2)):
            column = self.identifier("a column name")
            nested = self.field_path()
            definition = self.column_definition(column)
            return AlterColumn(column, OtherColumnChange(f"ADD {nested} {definition.type_text}"))
        return AddColumn(self.column_definition(), if_not_exists)

    def column_definition(self, name: exp.Identifier | None = None) -> ColumnDefinition:
        """A column's name (unless given, read already), type and options."""
        name = name or self.identifier("a column name")
        type_text = self.type_text()
        if not type_text and not (self.dialect in ("tsql", "oracle") and self.at("AS")) and not self.at("GENERATED"):
            # (T-SQL's computed column, c AS a + 1; Oracle's virtual one, c [GENERATED ALWAYS] AS (a * 12), its type
            # the expression's)
            raise self.error(f"a type for column {name.this}")
        policy: Name | None = None
        using: tuple[exp.Identifier, ...] = ()
        tags: tuple[TagAssignment, ...] = ()
        options: list[str] = []
        while not self.at_end() and not self.at(",") and not self.at(")"):
            if self.at_masking_option():
                policy, using = self.column_masking_policy()
            elif self.at_mask():
                with self.rule("MASK"):  # Databricks' column mask: MASK f [USING COLUMNS (c | constant, ...)]
                    self.pos += 1
                    policy = self.name("a function name")
                    using = (name, *self.mask_arguments()) if self.accept("USING", "COLUMNS") else ()
            elif self.at_tag_option():
                tags = self.column_tags()
            else:
                options.append(self.column_option())
        return ColumnDefinition(name, type_text, policy, using, tags, tuple(options))

    def at_masking_option(self) -> bool:
        return self.at("WITH", "MASKING", "POLICY") or self.at("MASKING", "POLICY")

    def at_tag_option(self) -> bool:
        return self.at("WITH", "TAG", "(") or self.at("TAG", "(")

    def at_column_option(self) -> bool:
        return self.at_any(_COLUMN_OPTIONS) or self.at_masking_option() or self.at_tag_option() or self.at_mask()

    def column_option(self) -> str:
        """Other column clauses (``NOT NULL``, ``DEFAULT x`` ...) up to a policy or tag."""
        first = self.pos
        self.advance()
        self.take_until(lambda: self.at(",") or self.at_masking_option() or self.at_tag_option() or self.at_mask())
        return self.text(first, self.pos)

    def at_mask(self) -> bool:
        """Whether a Databricks column mask (``MASK f ...``) opens here."""
        return self.dialect in ("databricks", "spark") and self.at("MASK")

    def column_masking_policy(self) -> tuple[Name, tuple[exp.Identifier, ...]]:
        self.accept("WITH")
        self.pos += 2
        with self.rule("MASKING POLICY"):
            policy = self.name("a policy name")
            using = self.identifiers("USING columns") if self.accept("USING") else ()
            return policy, using

    def column_tags(self) -> tuple[TagAssignment, ...]:
        self.accept("WITH")
        self.pos += 2
        with self.rule("WITH TAG"):
            tags = self.tag_assignments()
            self.expect(")", what="')' closing the tag list")
            return tags

    def alter_columns(self) -> list[Action]:
        first = self.pos
        verb = self.advance().text.upper()
        if verb == "MODIFY" and self.dialect == "tsql" and self.kind == "DATABASE" and self.accept("NAME", "="):
            return [Rename(self.name("the database's new name"))]  # T-SQL's rename of a database
        if verb == "MODIFY" and self.dialect == "clickhouse" and self.accept("QUERY"):
            return [ModifyQuery(self.take_until(lambda: False))]  # a materialized view's new query: the rest
        if verb == "MODIFY" and self.dialect == "clickhouse" and self.peek() is not None \
                and self.peek().text.upper() in _CLICKHOUSE_MODIFIED:  # (ORDER BY is one token)
            return [self.other_change(first)]  # MODIFY COMMENT | ORDER BY | TTL | SETTING ...: the table's, no column's
        if self.at_not_a_column():  # MODIFY PRIMARY KEY (...) NOT ENFORCED ...: a constraint's state
            return [self.other_change(first)]
        if verb == "MODIFY" and self.dialect in ("doris", "starrocks") and self.at_any(_ORACLE_PARTITIONS):
            return [self.other_change(first)]  # MODIFY PARTITION p SET (...): a partition's properties, no column
        if verb == "ALTER" and self.at_any(_DISTRIBUTION) and not self.at("COLUMN"):
            return [self.other_change(first)]  # Redshift's ALTER DISTSTYLE / DISTKEY / [COMPOUND] SORTKEY / ENCODE
        with self.rule(f"{verb} COLUMN"):
            parenthesized = self.accept("(")
            actions: list[Action] = [self.column_change()]
            while self.at(",") and not any(self.at(",", word) for word, _ in _ACTIONS):  # not another clause
                self.pos += 1
                actions.append(self.column_change())
            if parenthesized:
                self.expect(")", what="')' closing the column changes")
            return actions

    def column_change(self) -> AlterColumn:
        self.accept("COLUMN")
        if self.at("IF", "EXISTS") and is_name_part(self.peek(2)):  # (ClickHouse's MODIFY COLUMN IF EXISTS c ...)
            self.pos += 2
        column = self.identifier("a column name")
        if self.at("SET", "MASKING", "POLICY"):
            return AlterColumn(column, self.set_masking_policy())
        if self.at("SET", "MASK"):  # Databricks' column mask: a masking policy by another name, its function
            with self.rule("SET MASK"):
                self.pos += 2
                policy = self.name("a function name")
                using = self.mask_arguments() if self.accept("USING", "COLUMNS") else ()
                return AlterColumn(column, SetMaskingPolicy(policy, (column, *using), False))
        if self.accept("DROP", "MASK"):
            return AlterColumn(column, UnsetMaskingPolicy())
        if self.accept("UNSET", "MASKING", "POLICY"):
            named = self.dialect == "redshift" and not self.at_end() and not self.at(",")
            return AlterColumn(column, UnsetMaskingPolicy(self.name("a policy name") if named else None))
        if self.at("SET", "TAG"):
            self.pos += 1
            return AlterColumn(column, self.set_tags())
        if self.at("UNSET", "TAG"):
            self.pos += 1
            return AlterColumn(column, self.unset_tags())
        if self.at("SET", "TAGS", "("):
            self.pos += 1
            return AlterColumn(column, self.set_keyed_tags())
        if self.at("UNSET", "TAGS"):
            self.pos += 1
            return AlterColumn(column, self.unset_keyed_tags())
        if self.at("SET", "PROJECTION", "POLICY"):  # the column's projection policy: a property of the column
            self.pos += 1
            return AlterColumn(column, self.set_object_policy())
        if self.accept("UNSET", "PROJECTION", "POLICY"):
            return AlterColumn(column, UnsetProperty("PROJECTION_POLICY"))
        if self.at("COMMENT") and self.at_type(STRINGS, ahead=1):  # the column's comment: a property of the column
            self.pos += 1
            return AlterColumn(column, SetComment(self.string("the column's comment")))
        if self.accept("UNSET", "COMMENT"):
            return AlterColumn(column, UnsetComment())
        text = self.take_until(lambda: self.at(","))
        if not text:
            raise self.error(f"a change for column {column.this}")
        return AlterColumn(column, OtherColumnChange(text))

    def mask_arguments(self) -> tuple[exp.Identifier, ...]:
        """A column mask's ``USING COLUMNS (other_column | constant_literal, ...)``, the function's arguments after
        the masked column's, in their places: a constant's an empty name (it passes no column)."""
        self.expect("(", what="'(' before the mask's arguments")
        columns = []
        while True:
            if self.at_type(STRINGS) or self.at_type(_CONSTANT_TOKENS):
                self.advance()  # a constant: no column
                columns.append(exp.to_identifier(""))
            else:
                columns.append(self.identifier("a column name or a constant"))
            if not self.accept(","):
                break
        self.expect(")", what="')' after the mask's arguments")
        return tuple(columns)

    def set_masking_policy(self) -> SetMaskingPolicy:
        self.pos += 3
        with self.rule("SET MASKING POLICY"):
            policy = self.name("a policy name")
            using = self.identifiers("USING columns") if self.accept("USING") else ()
            return SetMaskingPolicy(policy, using, self.accept("FORCE"))

    # -- SET / UNSET ---------------------------------------------------------------------

    def storage_parameters(self) -> list[Action]:
        """``(k = v, ...)`` after SET: one property per key, named as written."""
        with self.rule("SET (...)"):
            self.advance()
            items = [self.storage_parameter()]
            while self.accept(","):
                items.append(self.storage_parameter())
            self.expect(")", what="')' closing the storage parameters")
            return items

    def set_clause(self) -> list[Action]:
        """``SET item [,] item ...``: Snowflake takes the items of one SET with or without commas. PostgreSQL's ``SET
        SCHEMA s`` moves the object into s: a rename to ``s.name``."""
        self.advance()
        if self.dialect == "oracle" and self.accept("UNUSED"):
            # Oracle's SET UNUSED (a, b) | COLUMN a: unused columns "are treated as if they were dropped"
            with self.rule("SET UNUSED"):
                if self.at("("):
                    columns = self.identifiers("the unused columns")
                else:
                    self.expect("COLUMN", what="'COLUMN' or '(' after SET UNUSED")
                    columns = (self.identifier("an unused column"),)
                while self.accept_any(_UNUSED_OPTIONS):
                    pass
                return [DropColumn(column, False) for column in columns]
        if self.dialect == "tsql" and self.kind == "DATABASE":
            # T-SQL's database options (SET RECOVERY SIMPLE, SET QUERY_STORE = ON (...)): no recorded property
            return [self.other_change(self.pos - 1)]
        if self.dialect == "tsql" and self.at("("):  # a table's SET (LOCK_ESCALATION = AUTO), one property per key;
            start = self.pos  # SET (SYSTEM_VERSIONING = ON (HISTORY_TABLE = h)), whose values nest: no recorded property
            try:
                return self.storage_parameters()
            except CommandSyntaxError:
                self.pos = start
                return [self.other_change(self.pos - 1)]
        if (self.at("AUTHORIZATION") and not self.at("AUTHORIZATION", "=")) or self.at("OWNER", "TO") \
                or self.at("IDENTIFIER", "FIELDS"):  # Iceberg's row identifier: no recorded property
            return [self.other_change(self.pos - 1)]  # Trino's and Databricks' owner: no recorded property
        if self.at_any(_STORAGE_SETTINGS) and not self.at("=", ahead=1):
            return [self.other_change(self.pos - 1)]  # PostgreSQL's SET LOGGED, SET TABLESPACE t ...: how rows are kept
        if self.at("("):  # PostgreSQL's storage parameters, SET (k = v, ...): one property per key, named as written
            return self.storage_parameters()
        if self.at("SCHEMA") and not self.at("SCHEMA", "=") and self.altered:
            with self.rule("SET SCHEMA"):
                self.pos += 1
                return [Rename((*self.name("a schema name"), self.altered[-1]))]
        if self.dialect in ("postgres", "redshift") and self.kind in _CONFIGURED_KINDS:
            # PostgreSQL's ALTER DATABASE / FUNCTION / PROCEDURE / ROUTINE ... SET parameter {TO | =} value [, ...] or
            # FROM CURRENT: a configuration parameter's default for the object's sessions, no recorded property
            return [self.other_change(self.pos - 1)]
        items = self.set_item()
        while not self.at_end():
            if self.at(",") and self.at_set_item(1):
                self.pos += 1
            elif self.at(","):
                break
            items.extend(self.set_item())
        return items

    def at_any_set_keyword(self, ahead: int) -> bool:
        return any(self.at(*words, ahead=ahead) for words, _ in _SET_ITEMS)

    def at_set_item(self, ahead: int) -> bool:
        return self.at_assignment(ahead) or self.at_any_set_keyword(ahead)

    def set_item(self) -> list[Action]:
        for words, method in _SET_ITEMS:
            if self.at(*words):
                item = method(self)
                return item if isinstance(item, list) else [item]
        with self.rule("SET"):
            if self.at("WHERE", ahead=1):  # FROZEN WHERE (...), IMMUTABLE WHERE (...) of a dynamic table
                key = self.word("a property name") + "_WHERE"
                self.pos += 1
                if not self.at("("):
                    raise self.error(f"'(' and a condition after {key.replace('_', ' ')}")
                return [SetProperty(key, self.value(key))]
            item = self.property()
            return [SetProperty(item.key, item.value)]

    def set_property_list(self) -> list[Action]:
        """Spark's ``SET {DBPROPERTIES | TBLPROPERTIES | PROPERTIES} ('key' = value [, ...])``: one property per
        key, named as written; without the parentheses, a property like any other."""
        if self.at("PROPERTIES") and not self.at("(", ahead=1) and not self.at("=", ahead=1):
            self.advance()  # Trino's SET PROPERTIES k = v [, ...]: each value any expression
            with self.rule("SET PROPERTIES"):
                items = [self.listed_property("OPTIONS")]
                while self.accept(","):
                    items.append(self.listed_property("OPTIONS"))
                return items
        if not self.at("(", ahead=1):
            with self.rule("SET"):
                item = self.property()
                return [SetProperty(item.key, item.value)]
        word = self.advance().text.upper()
        with self.rule(f"SET {word}"):
            self.advance()
            items = [self.listed_property(word)]
            while self.accept(","):
                items.append(self.listed_property(word))
            self.expect(")", what="')' closing the properties")
            return items

    def set_table_properties(self) -> list[Action]:
        """Redshift Spectrum's ``SET TABLE PROPERTIES ('numRows' = '170000', ...)`` of an external table: one
        property per key, as Spark's ``SET TBLPROPERTIES``."""
        self.pos += 1
        return self.set_property_list()

    def set_serde(self) -> list[Action]:
        """Hive's and Spark's ``SET SERDE 'class' [WITH SERDEPROPERTIES ('k' = 'v', ...)]`` (how the table's files are
        read): the property ``SERDE``, and one per key."""
        self.pos += 1
        with self.rule("SET SERDE"):
            items: list[Action] = [SetProperty("SERDE", self.value("SERDE"))]
            if self.accept("WITH"):
                if not self.at("SERDEPROPERTIES", "("):
                    raise self.error("SERDEPROPERTIES (...) after WITH")
                items += self.set_property_list()
            return items

    def set_file_format(self) -> Action:
        """Redshift Spectrum's ``SET FILE FORMAT PARQUET`` of an external table (how its files are read): the property
        ``FILE_FORMAT``."""
        self.pos += 2
        with self.rule("SET FILE FORMAT"):
            return SetProperty("FILE_FORMAT", self.word("a file format"))

    def set_fileformat(self) -> Action:
        """Hive's and Spark's ``SET FILEFORMAT format`` (``ORC``, or ``INPUTFORMAT 'c' OUTPUTFORMAT 'c' [SERDE 'c']``:
        how the table's files are read): the property ``FILEFORMAT``, as written; ``FILEFORMAT = x`` a property like
        any other."""
        if self.at("=", ahead=1):
            item = self.property()
            return SetProperty(item.key, item.value)
        self.pos += 1
        with self.rule("SET FILEFORMAT"):
            first = self.pos
            if self.accept("INPUTFORMAT"):
                self.string("the input format's class")
                self.expect("OUTPUTFORMAT", what="OUTPUTFORMAT after the input format")
                self.string("the output format's class")
                if self.accept("SERDE"):
                    self.string("the SerDe's class")
            else:
                self.word("a file format")
            return SetProperty("FILEFORMAT", self.text(first, self.pos))

    def listed_property(self, word: str) -> SetProperty:
        key = self.property_key()
        self.expect("=", what=f"'=' after '{key}'")
        alone = self.at(",", ahead=1) or self.at(")", ahead=1) or self.peek(1) is None  # a string and no more
        if word == "OPTIONS" and not (self.at_type(STRINGS) and alone):
            value = self.take_until(lambda: self.at(","))  # BigQuery: any expression (TIMESTAMP '...', [('k', 'v')])
            if not value:
                raise self.error(f"a value for {key}")
            return SetProperty(key, value, exact=True)
        return SetProperty(key, self.value(key), exact=True)

    def set_keyed_tags(self) -> SetTags:
        """Databricks' ``SET TAGS ('key' [= 'value'] [, ...])``: tags named by their keys (a key alone: an empty
        value), on the object or on a column."""
        self.expect("TAGS")
        with self.rule("SET TAGS"):
            self.expect("(", what="'(' and the tags")
            tags = [self.keyed_tag()]
            while self.accept(","):
                tags.append(self.keyed_tag())
            self.expect(")", what="')' closing the tags")
            return SetTags(tuple(tags))

    def keyed_tag(self) -> TagAssignment:
        key = self.property_key()
        return TagAssignment(TagKey(key), self.string("a tag value (a string)") if self.accept("=") else "")

    def unset_keyed_tags(self) -> UnsetTags:
        """Databricks' ``UNSET TAGS [IF EXISTS] ('key' [, ...])``."""
        self.expect("TAGS")
        with self.rule("UNSET TAGS"):
            self.if_exists()
            self.expect("(", what="'(' and the keys")
            keys = [TagKey(self.property_key())]
            while self.accept(","):
                keys.append(TagKey(self.property_key()))
            self.expect(")", what="')' closing the keys")
            return UnsetTags(tuple(keys))

    def property_key(self) -> str:
        """A key of a property list: a string, or a dotted name, as written."""
        if self.at_type(STRINGS):
            return self.string("a property key")
        length = self.skip_name(0)
        if not length:
            raise self.error("a property key (a string)")
        first, self.pos = self.pos, self.pos + length
        return self.text(first, self.pos)

    def unset_property_list(self) -> list[Action]:
        """Spark's ``UNSET {DBPROPERTIES | TBLPROPERTIES | PROPERTIES} [IF EXISTS] ('key' [, ...])``."""
        with self.rule(f"UNSET {self.advance().text.upper()}"):
            self.if_exists()
            self.expect("(", what="'(' and the keys")
            keys = [self.property_key()]
            while self.accept(","):
                keys.append(self.property_key())
            self.expect(")", what="')' closing the keys")
            return [UnsetProperty(key, exact=True) for key in keys]

    def set_contacts(self) -> list[Action]:
        """``SET CONTACT [(] purpose = contact [, ...] [)]``: one property per purpose (``CONTACT_STEWARD``)."""
        self.advance()
        with self.rule("SET CONTACT"):
            parenthesized = self.accept("(")
            contacts = [self.contact()]
            while self.at(",") and self.at_assignment(1):
                self.pos += 1
                contacts.append(self.contact())
            if parenthesized:
                self.expect(")", what="')' closing the contacts")
            return contacts

    def contact(self) -> SetProperty:
        purpose = self.word("a contact purpose (STEWARD, SUPPORT, ACCESS_APPROVAL)")
        self.expect("=", what=f"'=' after {purpose}")
        first = self.pos
        name = self.name("a contact name")
        return SetProperty(f"CONTACT_{purpose}", self.text(first, self.pos), names=name)

    def set_object_policy(self) -> SetProperty:
        """``{AGGREGATION | JOIN | PROJECTION | STORAGE LIFECYCLE} POLICY name [ENTITY KEY (...) | ALLOWED JOIN
        KEYS (...) | ON (...)] [FORCE]``: the policy's name as the property's value (``AGGREGATION_POLICY``)."""
        words = []
        while not self.accept("POLICY"):
            words.append(self.word("POLICY"))
        key = "_".join(words) + "_POLICY"
        with self.rule(f"SET {key}"):
            first = self.pos
            name = self.name("a policy name")
            text = self.text(first, self.pos)
            for clause in _POLICY_CLAUSES:
                if self.accept(*clause):
                    self.identifiers("columns")
            self.accept("FORCE")
            return SetProperty(key, text, names=name)

    def set_execute_as(self) -> SetProperty:
        """``EXECUTE AS USER name [USE SECONDARY ROLES ...]`` of a dynamic table: who its refreshes run as."""
        self.pos += 2
        key = "EXECUTE_AS_USER" if self.accept("USER") else "EXECUTE_AS"
        first = self.pos
        with self.rule(f"SET {key}"):
            self.name("a user")
            if self.accept("USE", "SECONDARY", "ROLES"):
                if not (self.accept("ALL") or self.accept("NONE")):
                    self.name("ALL, NONE or a role")
                    while self.at(",") and not (self.at_assignment(1) or self.at_any_set_keyword(1)):
                        self.pos += 1
                        self.name("a role")
            return SetProperty(key, self.text(first, self.pos))

    def set_tags(self) -> SetTags:
        self.expect("TAG")
        with self.rule("SET TAG"):
            return SetTags(self.tag_assignments())

    def tag_assignments(self) -> tuple[TagAssignment, ...]:
        tags = [self.tag_assignment()]
        # a comma also separates the SET's next item (``SET TAG t = 'v', COMMENT = 'c'``)
        while self.at(",") and self.at_assignment(1, STRINGS) and not self.at_any_set_keyword(1):
            self.pos += 1
            tags.append(self.tag_assignment())
        return tuple(tags)

    def tag_assignment(self) -> TagAssignment:
        tag = self.name("a tag name")
        self.expect("=", what="'=' after tag name")
        return TagAssignment(tag, self.string("a tag value (a string)"))

    def at_assignment(self, ahead: int, values: Collection[TokenType] | None = None) -> bool:
        """A ``name [. name ...] =`` starts ``ahead`` tokens from here (followed by a token of ``values``, if given)."""
        ahead = self.skip_name(ahead)
        return ahead > 0 and self.at("=", ahead=ahead) and (values is None or self.at_type(values, ahead=ahead + 1))

    def at_listed_name(self, ahead: int) -> bool:
        """A name starting ``ahead`` tokens from here is followed by ``,``, ``)`` or the end."""
        ahead = self.skip_name(ahead)
        following = self.peek(ahead)
        return ahead > 0 and (
            following is None
            or following.type in CLOSING | {TokenType.COMMA, TokenType.SEMICOLON}
        )

    def skip_name(self, ahead: int) -> int:
        """The offset after a dotted name starting ``ahead`` tokens from here (0: none)."""
        while True:
            token = self.peek(ahead)
            if not is_name_part(token):
                return 0
            if not self.at(".", ahead=ahead + 1):
                return ahead + 1
            ahead += 2

    def set_secure(self) -> Action:
        self.pos += 1
        return SetSecure()

    def set_body(self) -> Action:
        if self.at("=", ahead=1):  # a data metric function's SET BODY = '<expression>': a property like any other
            with self.rule("SET"):
                item = self.property()
                return SetProperty(item.key, item.value)
        self.pos += 1
        with self.rule("SET BODY"):
            self.expect("->", what="'->' after BODY")
            return SetBody(self.policy_body())

    def set_masking_policies(self) -> Action:
        with self.rule("SET MASKING POLICY"):
            policies = self.masking_policy_list()
            return SetMaskingPolicies(policies, self.accept("FORCE"))

    def masking_policy_list(self) -> tuple[Name, ...]:
        self.pos += 2
        policies = [self.name("a policy name")]
        while self.at(",", "MASKING", "POLICY"):
            self.pos += 3
            policies.append(self.name("a policy name"))
        return tuple(policies)

    def set_increment(self) -> Action:
        self.pos += 1
        with self.rule("INCREMENT"):
            return SetIncrement(self.increment())

    def set_order(self) -> Action:
        return SetOrder(self.order())

    def storage_parameter(self) -> SetProperty:
        """``k [= v]`` of PostgreSQL's ``SET (...)``: a boolean parameter written alone is ``true``."""
        if self.at_type(STRINGS) or self.at("=", ahead=self.skip_name(0)):  # k = v, toast.k = v
            return self.listed_property("")
        return SetProperty(self.property_key(), "true", exact=True)

    def change_column(self) -> list[Action]:
        """Hive's (Athena's, Spark's) ``CHANGE [COLUMN] old new type [COMMENT ...] [FIRST | AFTER c]``: a rename
        when the names differ, else a change of the column. Spark's and Databricks' ``CHANGE [COLUMN] c {TYPE t |
        COMMENT '...' | FIRST | AFTER x | SET ... | DROP ...}`` (``ALTER COLUMN``'s other spelling, which Spark's
        grammar tries first) changes ``c`` and keeps its name."""
        first = self.pos
        self.advance()
        self.accept("COLUMN")
        if self.dialect in ("spark", "spark2", "databricks") and is_name_part(self.peek()) and self.column_action():
            with self.rule("CHANGE COLUMN"):
                return [self.column_change()]
        if not (is_name_part(self.peek()) and is_name_part(self.peek(1))):
            return [self.other_change(first)]
        with self.rule("CHANGE COLUMN"):
            old, new = self.identifier("a column name"), self.identifier("the column's new name")
            text = self.take_until(lambda: self.at(","))
            if old.this.casefold() != new.this.casefold() or old.quoted != new.quoted:
                return [RenameColumn(old, new, text)]
            return [AlterColumn(old, OtherColumnChange(text or "CHANGE"))]

    def column_action(self) -> bool:
        """Whether the column at the parser's position is followed by one of Spark's changes of it in place (``TYPE
        t``, ``COMMENT 'c'``, ``FIRST``, ``AFTER x``, ``SET ...``, ``DROP ...``), not by Hive's new name and type
        (``CHANGE c comment STRING`` renames ``c`` to ``comment``)."""
        if self.at("COMMENT", ahead=1):
            return self.at_type(STRINGS, ahead=2)
        if self.at("FIRST", ahead=1):
            following = self.peek(2)
            return following is None or following.type in (TokenType.COMMA, TokenType.SEMICOLON)
        return any(self.at(action, ahead=1) for action in ("TYPE", "AFTER", "SET", "DROP"))

    def reset(self) -> list[Action]:
        """PostgreSQL's ``RESET (k, ...)`` of storage parameters: each property unset, as ``SET (k = v)`` set it."""
        first = self.pos
        self.advance()
        if not self.at("("):
            return [self.other_change(first)]
        with self.rule("RESET (...)"):
            self.advance()
            keys = [self.property_key()]
            while self.accept(","):
                keys.append(self.property_key())
            self.expect(")", what="')' closing the storage parameters")
            return [UnsetProperty(key, exact=True) for key in keys]

    def set_location(self) -> Action:
        """Spark's ``SET LOCATION 'path'`` of a table or schema (where its files are): the property ``LOCATION``;
        ``LOCATION = ...`` is any other property."""
        if not self.at_type(STRINGS, ahead=1):
            with self.rule("SET"):
                item = self.property()
                return SetProperty(item.key, item.value)
        self.pos += 1
        return SetProperty("LOCATION", self.advance().text)

    def set_comment(self) -> Action:
        with self.rule("SET COMMENT"):
            return SetComment(self.comment())

    def unset_clause(self) -> list[Action]:
        self.advance()
        if self.at("TAGS") and (self.at("(", ahead=1) or self.at("IF", ahead=1)):
            return [self.unset_keyed_tags()]
        if self.at_any(_PROPERTY_LISTS) and (self.at("(", ahead=1) or self.at("IF", ahead=1)):
            return self.unset_property_list()
        items = [self.unset_item()]
        while self.accept(","):
            items.append(self.unset_item())
        return items

    def unset_item(self) -> Action:
        if self.at("TAG"):
            return self.unset_tags()
        if self.at("MASKING", "POLICY"):
            with self.rule("UNSET MASKING POLICY"):
                return UnsetMaskingPolicies(self.masking_policy_list())
        if self.at("CONTACT"):  # UNSET CONTACT purpose: the property SET CONTACT purpose = ... gave
            self.pos += 1
            return UnsetProperty("CONTACT_" + self.word("a contact purpose"))
        with self.rule("UNSET"):
            words = [self.word("a property name")]
            while not (self.at_end() or self.at(",") or self.at("=")):  # AGGREGATION POLICY, FROZEN WHERE ...
                words.append(self.word("a property name"))
        key = "_".join(words)
        return _UNSET_ITEMS[key]() if key in _UNSET_ITEMS else UnsetProperty(key)

    def unset_tags(self) -> UnsetTags:
        self.expect("TAG")
        with self.rule("UNSET TAG"):
            tags = [self.name("a tag name")]
            while self.at(",") and self.at_listed_name(1):
                self.pos += 1
                tags.append(self.name("a tag name"))
            return UnsetTags(tuple(tags))


_STATEMENTS: dict[str, Callable[[_Parser], Statement | None]] = {
    "CALL": _Parser.call,
    "COPY": _Parser.copy_files,
    "GET": _Parser.get,
    "PUT": _Parser.put,
    "EXPLAIN": _Parser.explain,
    "CREATE": _Parser.create,
    "ALTER": _Parser.alter,
    "DROP": _Parser.drop,
    "UNDROP": _Parser.undrop,
    "RENAME": _Parser.rename_objects,
}
#: What ClickHouse's ``ALTER TABLE t MODIFY <what>`` changes besides a column (``MODIFY COMMENT 'x'``, ...).
_CLICKHOUSE_MODIFIED = frozenset({"COMMENT", "ORDER BY", "SAMPLE", "TTL", "SETTING", "SETTINGS", "STATISTICS",
                                  "REFRESH", "SQL", "DEFINER"})
#: The kinds a RENAME statement may name (:meth:`_Parser.rename_objects`).
_RENAMED_KINDS = frozenset({"TABLE", "TABLES", "DATABASE", "DICTIONARY"})
#: The first keywords of the statements this grammar may own; every other statement goes to sqlglot.
STATEMENT_VERBS = frozenset(_STATEMENTS)
_CREATED_FIRST_WORDS = frozenset(kind[0] for kind in _CREATE_KINDS)


def may_own(keywords: tuple[str, ...]) -> bool:
    """Whether a statement whose first keywords are ``keywords`` (:func:`.lexer.statement_keywords`) may be
    one this grammar owns: its verb is one of :data:`STATEMENT_VERBS` and, for a ``CREATE [OR REPLACE | OR ALTER]``,
    the kind it names (when the keywords reach it) is one :meth:`_Parser.create` reads. A ``CREATE TABLE
    ... AS SELECT`` is then never turned into this grammar's tokens only to be declined.

    >>> may_own(("CREATE", "TABLE")), may_own(("CREATE", "OR", "REPLACE")), may_own(("CREATE", "TAG"))
    (False, True, True)
    >>> may_own(("CREATE", "OR", "ALTER", "STREAM")), may_own(("CREATE", "OR", "ALTER", "TABLE"))
    (True, False)
    """
    if not keywords or keywords[0] not in _STATEMENTS:
        return False
    kind = keywords[3:] if keywords[:3] in (("CREATE", "OR", "REPLACE"), ("CREATE", "OR", "ALTER")) else keywords[1:]
    if kind[:1] and kind[0] in _SEQUENCE_MODIFIERS:
        kind = kind[1:]
    return keywords[0] != "CREATE" or not kind or kind[0] in _CREATED_FIRST_WORDS


_APPEND_OPTIONS = frozenset({"IGNOREEXTRA", "FILLTARGET"})

_ACTIONS: tuple[tuple[str, Callable[[_Parser], list[Action]]], ...] = (
    ("RENAME", _Parser.rename),
    ("REPLACE", _Parser.replace_columns),
    ("SWAP", _Parser.swap),
    ("APPEND", _Parser.append),
    ("SWITCH", _Parser.switch),
    ("REFRESH", _Parser.refresh),
    ("ADD", _Parser.add),
    ("DROP", _Parser.drop_clause),
    ("ALTER", _Parser.alter_columns),
    ("MODIFY", _Parser.alter_columns),
    ("SET", _Parser.set_clause),
    ("UNSET", _Parser.unset_clause),
    ("RESET", _Parser.reset),
    ("CHANGE", _Parser.change_column),
    ("INCREMENT", lambda parser: [parser.set_increment()]),  # ALTER SEQUENCE s INCREMENT BY n
)

#: Spark's lists of properties of a database, schema or table (``SET DBPROPERTIES ('k' = v)``).
#: ``SET <word> (key = value, ...)``: Spark's property lists, BigQuery's OPTIONS.
_PROPERTY_LISTS = frozenset({"DBPROPERTIES", "TBLPROPERTIES", "PROPERTIES", "OPTIONS", "SERDEPROPERTIES"})

_SET_ITEMS: tuple[tuple[tuple[str, ...], Callable[[_Parser], Action]], ...] = (
    (("TAG",), _Parser.set_tags),
    (("TAGS", "("), _Parser.set_keyed_tags),
    *(((word,), _Parser.set_property_list) for word in sorted(_PROPERTY_LISTS)),
    (("SECURE",), _Parser.set_secure),
    (("BODY",), _Parser.set_body),
    (("MASKING", "POLICY"), _Parser.set_masking_policies),
    (("INCREMENT",), _Parser.set_increment),
    (("ORDER",), _Parser.set_order),
    (("NOORDER",), _Parser.set_order),
    (("COMMENT",), _Parser.set_comment),
    (("LOCATION",), _Parser.set_location),
    (("TABLE", "PROPERTIES", "("), _Parser.set_table_properties),
    (("FILE", "FORMAT"), _Parser.set_file_format),
    (("FILEFORMAT",), _Parser.set_fileformat),
    (("SERDE",), _Parser.set_serde),
    (("CONTACT",), _Parser.set_contacts),
    (("EXECUTE", "AS"), _Parser.set_execute_as),
    (("ROW", "FILTER"), _Parser.set_row_filter),
    *((words, _Parser.set_object_policy) for words in _OBJECT_POLICIES),
)

_UNSET_ITEMS: dict[str, Callable[[], Action]] = {
    "COMMENT": UnsetComment,
    "SECURE": UnsetSecure,
    "ALLOWED_VALUES": UnsetAllowedValues,
}
