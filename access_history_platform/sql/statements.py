"""Splitting a request into statements, classifying each one and parsing it, with sqlglot's tokenizer.

A request's text may hold several statements separated by ``;`` (CONTRACT section 1).
Splitting works on tokens, so a ``;`` inside a string, a ``$$`` body or a comment never
splits.

A statement is tokenized once (:func:`scan`): its first keywords give its
:class:`StatementKind` (whether it may change the catalog, whether the platform's own grammar
may own it), and the same tokens are parsed, by that grammar when it owns the statement
(:mod:`.commands`: the forms sqlglot leaves opaque), else by sqlglot. The scan travels with
the statement (``Statement.scan``), so whatever asks for its kind before the parse costs no
second tokenization. :mod:`.dispatch` then sends the parse to its handler.

Every parse is guarded by :func:`.parsing.check_nesting` (:mod:`.parsing`: sqlglot's parse and the readings every
parse shares).

What the module holds, in order: the splitter (``;`` and blocks, the statements an ``EXECUTE IMMEDIATE``, a ``DO``
block or dynamic SQL of a literal stands for, a T-SQL batch cut where every piece parses, which needs the parser);
the session a statement leaves (``USE``, a search path, a Snowflake ``CREATE DATABASE``: :func:`session_after`);
the scan and classification; the parse. A form sqlglot cannot read is met twice: before the parse, written as a form
it reads (:mod:`.rewrites`, :mod:`.tsql`); after sqlglot fails, read by a reader of whole statements
(:mod:`.whole_forms`), which builds the tree itself.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import lru_cache

import sqlglot
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import SqlglotError, TokenError
from sqlglot.tokens import Token, TokenType

from ..errors import EmptyStatement, StatementError, UnsupportedStatement
from ..statement import Scan, Statement, StatementKind
from . import assignments, clickhouse, commands, rewrites, scripting, tsql
from .commands.lexer import HIVE_STREAM, dialect_named
from .create_clauses import readable_create
from .dialects import rules_for
from .fingerprint import COMMENT, SKIPPED
from .names import USER_SCHEMA, naming_for, unknown_part
from .parsing import (SQLGLOT_FAILURES, chained_calls, check_nesting, comma_joins, first_line, from_text, json_arrows,
                      lowered, misread_forms, name_calls, parse_sql, qualified_calls, sqlglot_parse, string_aliases)
from .token_groups import BRACKETS, STRING_TOKENS, depths, group_end, lexed_again, tokens_of, word_of
from .variables import SEARCH_PATH_DIALECTS
from .whole_forms import (CONTENTS_UNKNOWN, assertion, copy_by_position, copy_from_table_stage, copy_location,
                          copy_with_format_name, database_head, materialized_view_log, other_form)


logging.getLogger("sqlglot").setLevel(logging.ERROR)


#: Above this length a request is split by :func:`split_scanning` instead of sqlglot's tokenizer,
#: whose tokens are about 160 bytes each and which no time budget can interrupt: a request of
#: 8 MiB of short tokens took 700 MB and more than a minute to tokenize.
SPLIT_SCAN_CHARS = 256 * 1024


#: Words after ``END`` that close a Snowflake Scripting statement, not a block or a CASE.
_END_OF = frozenset({"IF", "LOOP", "FOR", "WHILE", "REPEAT"})
#: The marks around a word ``END`` that make it a name, not a block's end (a column named End, SingleStore's and
#: MySQL's procedures' ``SET End = _End``, ``INSERT INTO t (Start, End)``): before it, and after it.
_BEFORE_NAME = frozenset({",", "(", "."})
_AFTER_NAME = frozenset({",", "=", ".", "<", ">"})
#: Words after ``BEGIN`` that make it a transaction, not a block: Snowflake's ``TRANSACTION``, ``WORK``,
#: ``NAME t``; T-SQL's ``TRAN``, ``DISTRIBUTED``; PostgreSQL's modes (``ISOLATION LEVEL``, ``READ WRITE``,
#: ``[NOT] DEFERRABLE``); SQLite's ``DEFERRED``, ``IMMEDIATE``, ``EXCLUSIVE``.
_TRANSACTION = frozenset({"TRANSACTION", "WORK", "NAME", "TRAN", "DISTRIBUTED", "ISOLATION", "READ", "DEFERRABLE",
                          "NOT", "DEFERRED", "IMMEDIATE", "EXCLUSIVE"})
#: Dialects where ``DECLARE`` opens a block's declarations (``DECLARE ... BEGIN ... END``); elsewhere (T-SQL,
#: BigQuery, PostgreSQL's cursors) a ``DECLARE`` is a statement of its own.
DECLARE_SECTIONS = frozenset({"snowflake", "oracle"})
#: Routines whose body may follow ``AS`` / ``IS`` unquoted (:func:`opens_body`).
_ROUTINES = frozenset({"PROCEDURE", "PROC", "FUNCTION", "TRIGGER", "PACKAGE"})
#: Forms known by their words (:func:`parse_statement`'s ``unparsed``) in some dialects only: elsewhere the same words
#: start another form (Snowflake's ``CREATE EVENT TABLE`` is a table's CREATE; MySQL's ``CREATE EVENT`` a schedule).
#: MySQL's statements known by their words (:data:`.dispatch.FORMS`): its DO (elsewhere a PL/pgSQL block's), HANDLER,
#: a handler's GET DIAGNOSTICS (into variables: elsewhere GET is a stage's), DROP PREPARE (DEALLOCATE PREPARE's other
#: spelling), and its server's administration, replication and transaction branches, which read and write no data
#: (15.3.8 XA, 15.7.3.3 CHECKSUM TABLE, 15.7.3.5 REPAIR TABLE, 15.7.4.4 INSTALL PLUGIN, 15.4.2 replication, 15.7.1.7
#: RENAME USER, 15.1.5 ALTER INSTANCE, 15.7.8.2 CACHE INDEX, 15.7.8.5 LOAD INDEX INTO CACHE, 15.8.3 HELP, 15.7.8.9
#: SHUTDOWN and RESTART, 15.2.6 IMPORT TABLE, whose tables the .sdi files name, not the statement; MariaDB's BACKUP
#: LOCK t and BACKUP STAGE, which block DDL on a table or the server while its files are copied).
MYSQL_ADMIN_FORMS = ("GET DIAGNOSTICS", "GET CURRENT DIAGNOSTICS", "GET STACKED DIAGNOSTICS", "DROP PREPARE",
                     "XA", "CHECKSUM TABLE", "REPAIR TABLE", "REPAIR NO_WRITE_TO_BINLOG", "REPAIR LOCAL",
                     "INSTALL PLUGIN", "INSTALL COMPONENT", "UNINSTALL PLUGIN", "UNINSTALL COMPONENT",
                     "CHANGE REPLICATION", "CHANGE MASTER", "START REPLICA", "STOP REPLICA", "START SLAVE",
                     "STOP SLAVE", "RENAME USER", "ALTER INSTANCE", "CACHE INDEX", "LOAD INDEX", "HELP", "SHUTDOWN",
                     "RESTART", "IMPORT TABLE", "BACKUP LOCK", "BACKUP UNLOCK", "BACKUP STAGE")
#: Objects of one dialect each that hold no data, whose forms :mod:`.dispatch` records nothing for in that dialect only
#: (:data:`DIALECT_FORMS`: ``EXECUTE pipeline`` elsewhere is a call of a procedure of that name): Dremio's folders, in a
#: space or a catalog (a place in the paths of its tables and views, which are recorded); SingleStore's pipelines (a
#: definition of the loads that run later, as a pipe's); Exasol's scripts (Lua, Python, Java, R ... code, whose
#: statements are logged as statements of their own when it runs: EXECUTE SCRIPT is a call); Materialize's clusters
#: and their replicas (compute, as a warehouse) and a view's default index; a sink's ALTER and DROP (RisingWave's,
#: Materialize's: its CREATE reads, :func:`.ddl.create_sink`); RisingWave's RECOVER and WAIT (its streaming jobs
#: recovered, waited for); ClickHouse's named collections (a connection's settings, credentials among them, which
#: the s3(...) or mysql(...) table functions name). The dialects of a form are named apart by spaces.
DIALECT_NO_DATA_FORMS = {**{f"{verb} FOLDER": "dremio" for verb in ("CREATE", "ALTER", "DROP")},
                         **{f"{verb} PIPELINE": "singlestore" for verb in ("CREATE", "ALTER", "DROP", "START", "STOP")},
                         **{f"{verb} SCRIPT": "exasol" for verb in ("CREATE", "DROP")},
                         **{f"{verb} {kind}": "materialize" for verb in ("CREATE", "ALTER", "DROP")
                            for kind in ("CLUSTER", "CLUSTER REPLICA")},
                         "CREATE DEFAULT INDEX": "materialize",
                         **{f"{verb} SINK": "risingwave materialize" for verb in ("ALTER", "DROP")},
                         **{form: "risingwave" for form in ("RECOVER", "WAIT")},
                         **{f"{verb} NAMED COLLECTION": "clickhouse" for verb in ("CREATE", "ALTER", "DROP")}}
DIALECT_FORMS = {**{f"{verb} EVENT": frozenset({"mysql"}) for verb in ("CREATE", "ALTER", "DROP")},
                 **dict.fromkeys(tsql.ADMIN_FORMS, frozenset({"tsql"})),
                 **dict.fromkeys(("DO", "HANDLER", *MYSQL_ADMIN_FORMS), frozenset({"mysql"})),
                 # BigQuery's row-level security: a policy ON a table (Snowflake's CREATE ROW ACCESS POLICY is parsed)
                 **dict.fromkeys(("CREATE ROW ACCESS POLICY", "DROP ROW ACCESS POLICY", "DROP ALL ROW ACCESS"),
                                 frozenset({"bigquery"})),
                 # ClickHouse's row policies (:func:`.dispatch.clickhouse_row_policy`)
                 **dict.fromkeys(("CREATE ROW POLICY", "DROP ROW POLICY", "ALTER ROW POLICY"),
                                 frozenset({"clickhouse"})),
                 # DuckDB's ATTACH [OR REPLACE] 'file' AS db (ClickHouse's ATTACH TABLE is parsed, then not recorded)
                 "ATTACH": frozenset({"duckdb"}), "EXPORT DATABASE": frozenset({"duckdb"}),
                 "COPY FROM DATABASE": frozenset({"duckdb"}), "IMPORT DATABASE": frozenset({"duckdb"}),
                 # DuckDB's checkpoint that waits for no transaction, a macro's comment (a macro is a function)
                 **dict.fromkeys(("FORCE CHECKPOINT", "COMMENT MACRO"), frozenset({"duckdb"})),
                 # BigQuery's model exported to Cloud Storage, a BigLake Iceberg table's metadata exported (no rows)
                 "EXPORT MODEL": frozenset({"bigquery"}), "EXPORT TABLE METADATA": frozenset({"bigquery"}),
                 # Redshift's auto-copy jobs (elsewhere, a table named job: COPY job FROM ...)
                 **dict.fromkeys(("COPY JOB LIST", "COPY JOB SHOW", "COPY JOB RUN", "COPY JOB ALTER", "COPY JOB DROP"),
                                 frozenset({"redshift"})),
                 # Exasol's loads and unloads (:mod:`.exasol`; Hive's EXPORT | IMPORT TABLE are written out before)
                 "IMPORT": frozenset({"exasol"}), "EXPORT": frozenset({"exasol"}),
                 # Dremio's folders, SingleStore's pipelines, Exasol's scripts (:data:`DIALECT_NO_DATA_FORMS`)
                 **{form: frozenset(dialects.split()) for form, dialects in DIALECT_NO_DATA_FORMS.items()}}
#: Objects whose unquoted body may open with a DECLARE section after their ``AS``: routines, and tasks.
_DECLARING = _ROUTINES | {"TASK"}


def _is_begin(token: Token) -> bool:
    """``BEGIN``: its own token in most dialects, a command word in some (BigQuery)."""
    return token.token_type == TokenType.BEGIN or (token.token_type == TokenType.COMMAND and token.text.upper() == "BEGIN")


def opens_block(tokens: list[Token], index: int) -> bool:
    """Whether ``BEGIN`` at ``tokens[index]`` opens a block (``BEGIN ... END``: Snowflake Scripting, PL/SQL, T-SQL,
    a MySQL or BigQuery procedure's body), not a transaction (``BEGIN``, ``BEGIN TRANSACTION``, ``BEGIN WORK`` ...)."""
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    return (_is_begin(tokens[index]) and following is not None and following.token_type != TokenType.SEMICOLON
            and word_of(following) not in _TRANSACTION)


def _in_trigger(tokens: list[Token], start: int) -> bool:
    """Whether the statement starting at ``start`` creates (or alters) a trigger."""
    head = [word_of(token) for token in tokens[start:start + 6]]
    return head[:1] in (["CREATE"], ["ALTER"]) and "TRIGGER" in head


def _unquoted_body(tokens: list[Token], start: int, index: int) -> bool:
    """Whether ``tokens[index]``, an ``AS`` or ``IS`` in the statement starting at ``start``, opens the unquoted body of a
    routine (:func:`opens_body`), on sqlglot's tokens."""
    following = tokens[index + 1] if index + 1 < len(tokens) else None
    return opens_body([word_of(token) for token in tokens[start : min(index, start + 8)]],
                      word_of(tokens[index - 1]) if index > start else None, word_of(tokens[index]),
                      "" if following is None else "'" if following.token_type in STRING_TOKENS
                      else "(" if following.token_type == TokenType.L_PAREN else word_of(following))


#: What may follow an ``AS`` / ``IS`` that does not open an unquoted body: the end of the text (``""``), a string
#: (``"'"``: a quoted body), a bracket (an expression), a query (``CREATE TABLE FUNCTION f() AS SELECT ...``), a block.
_NOT_A_BODY = frozenset({"", "'", "(", "SELECT", "WITH", "VALUES", "BEGIN", "TABLE", "RETURN"})
#: The word before the ``AS`` of a trigger's ``REFERENCING`` clause (SQL's, PostgreSQL's, Oracle's, Db2's
#: ``NEW_TABLE``).
_TRANSITION = frozenset({"TABLE", "ROW", "NEW", "OLD", "NEW_TABLE", "OLD_TABLE"})


def opens_body(head: list[str | None], before: str | None, word: str | None, following: str | None) -> bool:
    """Whether ``word``, an ``AS`` or ``IS`` after the statement's first (up to eight) words ``head`` and the word
    ``before``, opens the unquoted body of a routine (``CREATE PROCEDURE p AS x NUMBER; BEGIN ... END``, PL/SQL;
    ``CREATE PROCEDURE p AS INSERT ...; ...``, T-SQL, whose body runs to the end of the batch): not a quoted body
    (``AS $$ ... $$``, ``AS '...'``), an expression (``AS (x + 1)``), a query, nor ``EXECUTE AS CALLER | OWNER``
    (whose rights the routine runs with). ``following`` is the next word, or what :data:`_NOT_A_BODY` names.
    The one rule of both splitters (:func:`split_tokenizing`, :func:`split_scanning`).

    A task's body (``CREATE TASK t ... AS DECLARE n NUMBER; BEGIN ... END``) opens with its DECLARE section too.

    >>> opens_body(["CREATE", "PROCEDURE", "P"], "P", "AS", "INSERT"), opens_body(["CREATE", "VIEW", "V"], "V", "AS", "INSERT")
    (True, False)
    >>> opens_body(["CREATE", "TASK", "T"], "T", "AS", "DECLARE"), opens_body(["CREATE", "TASK", "T"], "T", "AS", "INSERT")
    (True, False)

    A trigger's ``REFERENCING {OLD | NEW} [ROW | TABLE] AS name`` names its transition rows or table: no body.

    >>> opens_body(["CREATE", "TRIGGER", "TR", "AFTER", "UPDATE", "ON", "T", "REFERENCING"], "TABLE", "AS", "NT")
    False
    """
    if "TRIGGER" in head and before in _TRANSITION:  # REFERENCING NEW TABLE AS nt: a trigger's transition name
        return False
    return (word in ("AS", "IS") and bool(head) and head[0] in ("CREATE", "ALTER") and before != "EXECUTE"
            and (not _ROUTINES.isdisjoint(head) and following not in _NOT_A_BODY
                 or not _DECLARING.isdisjoint(head) and following == "DECLARE"))


#: Dialects whose declaration sections may define local subprograms (PL/SQL's ``PROCEDURE p IS BEGIN ... END;`` before
#: the unit's own ``BEGIN``), and whose compound triggers hold timing points (:class:`_Blocks`).
LOCAL_SUBPROGRAMS = frozenset({"oracle"})
#: Dialects where a bare ``BEGIN`` opens a block (T-SQL: a transaction is ``BEGIN TRAN[SACTION]``).
BARE_BEGIN_BLOCKS = frozenset({"tsql"})
#: What follows a ``BEGIN`` that makes it a transaction (``BEGIN``, ``BEGIN TRANSACTION``, ``BEGIN WORK``,
#: ``BEGIN NAME t``), not a block: those words, a ``;`` or the end of the text (``""``).
_NOT_A_BLOCK = _TRANSACTION | {";", ""}
#: The words :class:`_Blocks` needs the next word of.
_LOOKS_AHEAD = frozenset({"BEGIN", "END", "IS", "AS", "COMPOUND"})
#: PL/SQL: the words that open the header of a local subprogram in a declaration section (``PROCEDURE p IS ... BEGIN
#: ... END;``), or of a compound trigger's timing point (``AFTER EACH ROW IS BEGIN ... END AFTER EACH ROW;``).
_LOCAL_HEADS = frozenset({"PROCEDURE", "FUNCTION", "BEFORE", "AFTER", "INSTEAD"})
#: The words of a declaration section :class:`_Blocks` is fed at depth 0 (PL/SQL's local subprograms).
DECLARED_WORDS = _LOCAL_HEADS | {"IS", "AS", "END", "COMPOUND", ";"}


def _following(tokens: list[Token], index: int) -> str | None:
    """The word after ``tokens[index]`` as :class:`_Blocks` takes it: ``""`` at the end of the text."""
    return word_of(tokens[index + 1]) if index + 1 < len(tokens) else ""


@dataclass(slots=True)
class _Blocks:
    """Whether a ``;`` ends the statement it is in: not inside a Snowflake Scripting block (``BEGIN ... END``,
    and the ``CASE ... END`` inside one) nor in the ``DECLARE`` section before its ``BEGIN``. The one rule of
    both splitters (:func:`split_tokenizing`, :func:`split_scanning`), fed the words of a statement in order.
    A word is upper-cased; a quoted name or a string is None, a ``;`` is ``";"``, the end of the text ``""``."""

    sections: bool = True  #: whether the dialect has a DECLARE section before a block (:data:`DECLARE_SECTIONS`)
    #: whether a bare ``BEGIN`` (before a ``;`` or the end) starts a transaction; T-SQL's is a block (``IF @a = 1
    #: BEGIN; ... END``), its transactions ``BEGIN TRAN[SACTION]`` (:data:`BARE_BEGIN_BLOCKS`)
    bare_transactions: bool = True
    #: PL/SQL: a declaration section may define local subprograms (``PROCEDURE p IS BEGIN ... END;``), whose END
    #: returns to the section, not to the statement's end; a compound trigger's sections run to its own END
    local_subprograms: bool = False
    declaring: bool = False
    header: bool = False  #: a local subprogram's header is being read (its IS / AS not yet)
    pending: int = 0  #: local subprograms whose IS / AS came and whose BEGIN has not
    resume: bool = False  #: the block open at depth 1 is a local subprogram's: the section goes on after its END
    compound: bool = False  #: in an Oracle compound trigger, which its own END at depth 0 ends
    #: what each open level is, innermost last: ``"BEGIN"`` (a block) or ``"CASE"``
    opened: list[str] = field(default_factory=list)

    @property
    def depth(self) -> int:
        """How many blocks and CASEs are open."""
        return len(self.opened)

    def start(self, first: str | None) -> None:
        """A statement begins with the word ``first``."""
        self.declaring = self.sections and first == "DECLARE"
        self.header, self.pending, self.resume, self.compound = False, 0, False, False

    def word(self, word: str | None, before: str | None, after: str | None) -> None:
        """The statement goes on with ``word``, after the word ``before`` and followed by ``after`` (needed only
        for the words of :data:`_LOOKS_AHEAD`)."""
        if before == "@":  # a T-SQL variable named like a word of a block (@Begin, @End, @Case)
            return
        if self.local_subprograms and self.declaring and not self.depth and self._declared(word, after):
            return
        if word == "BEGIN" and (after not in _NOT_A_BLOCK or not self.bare_transactions and after in (";", "")):
            if self.declaring and not self.depth and self.pending:  # a local subprogram's body
                self.pending, self.resume = self.pending - 1, True
            self.declaring = False
            self.opened.append("BEGIN")
        elif self.depth and word == "CASE" and before != "END":
            self.opened.append("CASE")
        elif self.depth and word == "END" and after not in _END_OF and not (
                self.opened[-1:] == ["BEGIN"] and (before in _BEFORE_NAME or after in _AFTER_NAME)):
            # (a column named END in a block's statement: ``SET End = x``, ``(a, End)``, ``t.End``, ends nothing)
            self.opened.pop()
            if not self.depth and self.resume:  # back in the declaration section the subprogram was defined in
                self.resume, self.declaring = False, True
        elif self.local_subprograms and not self.depth and word == "COMPOUND" and after == "TRIGGER":
            self.declaring = self.compound = True  # its declarations and timing points, up to its own END

    def _declared(self, word: str | None, after: str | None) -> bool:
        """A word of a PL/SQL declaration section: a local subprogram's (or a timing point's) header opens, its IS
        or AS is to be followed by its body (not a forward declaration's ``;``, nor an external one's LANGUAGE);
        a compound trigger's own END closes it. True when the word is taken."""
        if word in _LOCAL_HEADS:
            self.header = True
        elif word in ("IS", "AS") and self.header:
            self.header = False
            self.pending += after not in ("LANGUAGE", "EXTERNAL")
        elif word == ";":
            self.header = False
        elif word == "END" and self.compound:
            self.declaring = self.compound = False
        else:
            return False
        return True

    @property
    def open(self) -> bool:
        """Whether a ``;`` here belongs to the statement."""
        return bool(self.depth or self.declaring)


def split_statements(text: str, dialect: str = "snowflake") -> list[str]:
    """The statements of a request, as source text, empty ones left out. A Snowflake Scripting block
    (``[DECLARE ...] BEGIN ... END``, alone or as a procedure's body) is one statement: its ``;`` do not split.

    >>> split_statements("create procedure p() returns int language sql as begin select 1; return 1; end; select 2")
    ['create procedure p() returns int language sql as begin select 1; return 1; end', 'select 2']

    >>> split_statements("insert into a select * from b; select 'x;y' from c;")
    ['insert into a select * from b', "select 'x;y' from c"]

    ``EXECUTE IMMEDIATE`` of a literal (``$$ ... $$`` or ``'...'``) stands for the statements it holds (CONTRACT
    3a: resolved statement by statement, each a child of the request):

    >>> split_statements("execute immediate $$ insert into a select 1; select 'x' $$")
    ['insert into a select 1', "select 'x'"]
    """
    if ";" not in text and dialect not in tsql.UNTERMINATED and dialect not in ("oracle", "clickhouse"):
        stripped = text.strip()  # most requests: one statement (or an EXECUTE IMMEDIATE)
        return _immediate(stripped, dialect) if stripped else []
    return [statement for group in split_request(text, dialect)
            for statement in ((group,) if isinstance(group, str) else group)]


def split_request(text: str, dialect: str = "snowflake") -> list[str | tuple[str, ...]]:
    """The statements of a request (:func:`split_statements`), each as the statements it stands for: itself (a text),
    or the statements an ``EXECUTE IMMEDIATE`` of a literal (a ``DO`` block, an Oracle block, T-SQL's ``EXEC
    ('...')``) runs, its children (a tuple of texts, when more than one). The statements of a Snowflake pipe chain are
    the request's own.

    >>> split_request("select 1; execute immediate $$ insert into a select 1; select 2 $$; select 3")
    ['select 1', ('insert into a select 1', 'select 2'), 'select 3']
    >>> split_request("execute immediate $$ insert into a select 1; select 2 $$")
    [('insert into a select 1', 'select 2')]
    """
    if dialect == "oracle" and _PLSQL_UNIT.match(text):  # a package or a type: one statement, its ; its own
        return [unit for unit in (piece.strip().rstrip("/").strip() for piece in _SQLPLUS_END.split(text)) if unit]
    if dialect == "oracle" and _INLINE_FUNCTIONS.match(text):
        first, rest = _with_functions(text, dialect)
        return [first, *split_request(rest, dialect)] if rest else [first]
    script = _EXASOL_SCRIPT.search(text) if dialect == "exasol" else None
    if script is not None:  # a script's body (Lua, Python ...): one statement, to its / line
        end = _SQLPLUS_END.search(text, script.end())
        after = text[end.end():] if end is not None else ""
        return [*split_request(text[:script.start()], dialect),
                text[script.start():end.start() if end is not None else len(text)].strip(),
                *(split_request(after, dialect) if after.strip() else [])]
    if dialect == "mysql" and ("/*!" in text or "/*M!" in text):  # mysqldump's /*!50003 CREATE*/ ... /*!50003
        text = executable_comments_opened(text)  # FUNCTION f() ... BEGIN ...; END */: the SQL they hold, split as such
    if dialect == "clickhouse" and "$" in text:  # a name holding a $, which sqlglot's lexer cannot take
        text = clickhouse.dollar_names_quoted(text)
    if ";" not in text and dialect not in tsql.UNTERMINATED:
        stripped = text.strip()
        chunks = [stripped] if stripped else []
    else:
        if dialect in tsql.UNTERMINATED:  # (a script's GO lines: its batches' ends; a batch's call without EXEC)
            text = tsql.batch_ends_written_out(tsql.bare_call_written_out(text))
        flattened = tsql.control_flow_flattened(text, dialect)
        chunks = [piece for chunk in _split_around_paths(flattened, dialect) for piece in _unterminated(chunk, dialect)]
        if dialect in tsql.UNTERMINATED:  # EXEC (@sql) of a variable the batch sets: the EXEC of its literal
            chunks = tsql.bound_dynamic_sql(chunks, text)
        text = flattened
        if dialect in SCRIPT_DIALECTS and len(text) <= SPLIT_SCAN_CHARS and any(map(scripting.opens_script, chunks)):
            chunks = _script(text, dialect) or chunks
    groups: list[str | tuple[str, ...]] = []
    for chunk in chunks:
        elements = _schema_elements(chunk) if dialect == "postgres" and _SCHEMA_WITH_ELEMENTS.match(chunk) else None
        if elements is not None:  # CREATE SCHEMA s CREATE TABLE ... CREATE VIEW ...: the request's statements
            groups.extend(elements)
            continue
        held = _immediate(chunk, dialect)
        if len(held) == 1:
            groups.append(held[0])
        elif dialect == "snowflake" and "->>" in chunk and _piped(chunk, dialect) == held:
            groups.extend(held)  # (a pipe chain's statements are the request's)
        elif held:
            groups.append(tuple(held))
    return groups


#: A PostgreSQL ``CREATE SCHEMA`` that may hold schema elements (:func:`_schema_elements`).
_SCHEMA_WITH_ELEMENTS = re.compile(r"\s*+create\s++schema\b(?!\s++if\b).*?\b(?:create|grant)\b",
                                   re.IGNORECASE | re.DOTALL)
#: The statements a ``CREATE SCHEMA`` may hold ("Currently, only CREATE TABLE, CREATE VIEW, CREATE INDEX, CREATE
#: SEQUENCE, CREATE TRIGGER and GRANT are accepted as clauses within CREATE SCHEMA").
_SCHEMA_ELEMENT_VERBS = frozenset({"CREATE", "GRANT"})


def _schema_elements(text: str) -> list[str] | None:
    """PostgreSQL's ``CREATE SCHEMA s [AUTHORIZATION r] element ...`` as its statements: the ``CREATE SCHEMA`` alone,
    then each element, in which a name of no schema that the statement creates is ``s``'s (the new schema is searched
    first while they run, and holds only what they create), in the order PostgreSQL runs them: sequences, tables, views,
    then the rest (``transformCreateSchemaStmt``: a view may name a table an element after it creates). None for a
    ``CREATE SCHEMA`` of no elements, or one not read so.

    >>> for statement in _schema_elements("create schema hr create view emp_v as select salary from emp "
    ...                                   "create table emp (id int, salary int) grant select on emp_v to r"):
    ...     print(statement)
    create schema hr
    create table hr.emp (id int, salary int)
    create view hr.emp_v as select salary from hr.emp
    grant select on hr.emp_v to r
    """
    try:
        tokens = dialect_named("postgres").tokenize(text)
    except TokenError:
        return None
    levels = depths(tokens)
    starts = [i for i in range(3, len(tokens)) if not levels[i] and word_of(tokens[i]) in _SCHEMA_ELEMENT_VERBS]
    if len(tokens) < 4 or not starts or tokens[2].token_type not in (TokenType.VAR, TokenType.IDENTIFIER) \
            or word_of(tokens[3]) not in ("AUTHORIZATION", *_SCHEMA_ELEMENT_VERBS):
        return None
    schema = text[tokens[2].start:tokens[2].end + 1]
    spans = [(first, stop - (tokens[stop - 1].token_type == TokenType.SEMICOLON))
             for first, stop in zip(starts, [*starts[1:], len(tokens)])]
    created = {_part_name(tokens[i]) for first, end in spans for i in range(first + 1, end)
               if word_of(tokens[first]) == "CREATE" and word_of(tokens[i - 1]) in ("TABLE", "VIEW", "SEQUENCE")
               and _unqualified(tokens, i)}
    elements = []
    for first, end in spans:
        edits = [token.start for i, token in enumerate(tokens[first:end], start=first)
                 if _unqualified(tokens, i) and _part_name(token) in created]
        element = text[tokens[first].start:tokens[end - 1].end + 1]
        for at in reversed(edits):
            at -= tokens[first].start
            element = element[:at] + f"{schema}." + element[at:]
        kind = next((word for word in map(word_of, tokens[first:min(first + 4, end)]) if word in _SCHEMA_ELEMENT_ORDER),
                    "GRANT")
        elements.append((_SCHEMA_ELEMENT_ORDER[kind], element))
    return [text[tokens[0].start:tokens[starts[0] - 1].end + 1],
            *(element for _, element in sorted(elements, key=lambda pair: pair[0]))]


#: The order PostgreSQL runs a CREATE SCHEMA's elements in, by the kind of each (``CREATE [UNLOGGED] TABLE``, ``CREATE
#: [RECURSIVE] VIEW``, ``CREATE [UNIQUE] INDEX``, ``CREATE [CONSTRAINT] TRIGGER``, ``GRANT``), each kind's in order.
_SCHEMA_ELEMENT_ORDER = {"SEQUENCE": 0, "TABLE": 1, "VIEW": 2, "INDEX": 3, "TRIGGER": 4, "GRANT": 5}


def _unqualified(tokens: list[Token], i: int) -> bool:
    """Whether ``tokens[i]`` is a name of one part (no ``.`` before or after it)."""
    return tokens[i].token_type in (TokenType.VAR, TokenType.IDENTIFIER) \
        and not (i > 0 and tokens[i - 1].token_type == TokenType.DOT) \
        and not (i + 1 < len(tokens) and tokens[i + 1].token_type == TokenType.DOT)


def _part_name(token: Token) -> str:
    """A name part as PostgreSQL folds it: quoted as written, else in lower case."""
    return token.text if token.token_type == TokenType.IDENTIFIER else token.text.lower()


def statement_ids(query_id: str, groups: list[str | tuple[str, ...]]) -> Iterator[tuple[str, str, str]]:
    """``(query_id, parent_query_id, text)`` of each statement of the request ``query_id`` split into ``groups``
    (:func:`split_request`): the n-th statement ``<query_id>#<n>``, a child of the request; the statements an n-th
    statement runs (an ``EXECUTE IMMEDIATE``'s), ``<query_id>#<n>#<m>``, children of that statement; a request of
    one such statement, its statements' ``<query_id>#<m>`` (CONTRACT 1 and 3a).

    >>> list(statement_ids("q", ["select 1", ("insert into a select 1", "select 2")]))
    [('q#1', 'q', 'select 1'), ('q#2#1', 'q#2', 'insert into a select 1'), ('q#2#2', 'q#2', 'select 2')]
    >>> list(statement_ids("q", [("insert into a select 1", "select 2")]))
    [('q#1', 'q', 'insert into a select 1'), ('q#2', 'q', 'select 2')]
    """
    if len(groups) == 1 and isinstance(groups[0], tuple):
        for n, text in enumerate(groups[0], start=1):
            yield f"{query_id}#{n}", query_id, text
        return
    for n, group in enumerate(groups, start=1):
        if isinstance(group, str):
            yield f"{query_id}#{n}", query_id, group
            continue
        for m, text in enumerate(group, start=1):
            yield f"{query_id}#{n}#{m}", f"{query_id}#{n}", text


#: Comments before a statement's first word (a script's ``/* header */``).
_LEADING_COMMENTS = r"(?:\s++|--[^\n]*+|/\*(?:[^*]|\*(?!/))*+\*/)*+"
#: An Oracle package (its specification or body) or a type's body: one statement to the end of the text (or a
#: SQL*Plus ``/`` line), its ``;`` its own: a package's declarations (``AS g NUMBER := 0; FUNCTION f ...; END p;``) have
#: no BEGIN that would keep them together. (Oracle runs one statement per call: a log holds one to a line.)
_PLSQL_UNIT = re.compile(_LEADING_COMMENTS + r"CREATE\s+(?:OR\s+REPLACE\s+)?(?:(?:NON)?EDITIONABLE\s+)?"
                         r"(?:PACKAGE|TYPE\s+BODY)\b", re.IGNORECASE)
#: Oracle's query with PL/SQL functions of its own (12c's ``WITH FUNCTION f ... END; SELECT f(x) ...``), alone or as
#: a CREATE TABLE's query or an INSERT's (``INSERT /*+ WITH_PLSQL */ INTO t WITH FUNCTION ...``).
_INLINE_FUNCTIONS = re.compile(_LEADING_COMMENTS + r"(?:CREATE\s+(?:\w+\s+)*?TABLE\s+[^\s(]+(?:\s*\([^()]*\))?\s+AS\s+"
                               + r"|INSERT\s+" + _LEADING_COMMENTS + r"INTO\s+[^\s(]+(?:\s*\([^()]*\))?\s+)?"
                               r"WITH\s+(?:FUNCTION|PROCEDURE)\s", re.IGNORECASE)
#: SQL*Plus's end of a PL/SQL unit in a script: a line holding only ``/``.
_SQLPLUS_END = re.compile(r"^[ \t]*/[ \t]*$", re.MULTILINE)
#: Exasol's ``CREATE [OR REPLACE] [LUA | PYTHON3 | JAVA | R ...] [SCALAR | SET] SCRIPT``, first on its line: its
#: body, code of its language, runs to a line holding only ``/`` (as EXAplus ends it) or to the request's end.
_EXASOL_SCRIPT = re.compile(r"^[ \t]*CREATE\s+(?:OR\s+REPLACE\s+)?(?:\w+\s+){0,3}?SCRIPT\b",
                            re.IGNORECASE | re.MULTILINE)
#: Dialects whose requests are scripts: branches, loops and blocks at their top level (BigQuery's procedural
#: language, Databricks' and Spark 4's SQL scripting), each statement inside them run as a statement of its own.
SCRIPT_DIALECTS = frozenset({"bigquery", "databricks", "spark"})


def _script(text: str, dialect: str) -> list[str] | None:
    """The statements of a script with branches, loops or blocks, those inside them in the order written
    (:func:`.scripting.script_statements`); None when it does not read as one. (A text the splitter scans
    rather than tokenizes, over :data:`SPLIT_SCAN_CHARS`, keeps its pieces.)

    >>> _script("if (select count(*) from t) > 0 then insert into u select 1; "
    ...         "else begin delete from u where true; exception when error then select 2; end; end if; select 3",
    ...         "bigquery")
    ['SELECT (select count(*) from t) > 0', 'insert into u select 1', 'delete from u where true', 'select 2', 'select 3']
    """
    try:
        return scripting.script_statements(text, tokens_of(text, dialect))
    except SqlglotError:
        return None


#: An unquoted local file URI (PUT's source, GET's target) or external location (a COPY's ``FROM s3://bucket/path/``,
#: an unload's ``INTO gcs://...``): up to white space, ``;`` or a quote. Snowflake's PUT takes wildcards in
#: a file URI ("You can use wildcard characters (*, ?) to upload multiple files"), so ``file://src/*.py`` or
#: ``file:///tmp/--out/`` holds what every lexer takes for the start of a comment, and ``//`` itself opens one in
#: Snowflake. Snowflake's grammar quotes an external location, but hands-on labs published by Snowflake run COPY with
#: it unquoted.
_URI = re.compile(r"(?<![\w$'\"@/])(?:file|s3|s3gov|s3china|gcs|azure)://[^\s;'\"]*+", re.IGNORECASE)
#: Stand-ins for a URI's ``/``, ``*`` and ``-`` while a request is split (characters of Unicode's private use
#: area, which lexers take into a name): a wildcard path is then no comment, and every offset stays.
_PATH_MASK = str.maketrans("/*-", "\ue001\ue002\ue003")
_PATH_UNMASK = str.maketrans("\ue001\ue002\ue003", "/*-")


def _masked_uris(text: str) -> str | None:
    """``text`` with the paths of its unquoted URIs masked (:data:`_PATH_MASK`); None when it has none (or holds
    the stand-ins already)."""
    if "://" not in text or any(mark in text for mark in "\ue001\ue002\ue003"):
        return None
    masked = _URI.sub(lambda uri: uri.group().translate(_PATH_MASK), text)
    return None if masked == text else masked


def _split_around_paths(text: str, dialect: str) -> list[str]:
    """:func:`_split` of a request whose unquoted URIs are read as paths, not as comments or operators.

    >>> _split_around_paths("put file://src/*.py @s; select 1", "snowflake")
    ['put file://src/*.py @s', 'select 1']
    >>> _split_around_paths("copy into t from s3://b/p/f.csv; select 1", "snowflake")
    ['copy into t from s3://b/p/f.csv', 'select 1']
    """
    masked = _masked_uris(text)
    if masked is None:
        return _split(text, dialect)
    return [chunk.translate(_PATH_UNMASK) for chunk in _split(masked, dialect)]


#: The schemes of an external location (a COPY's source or an unload's target) written without quotes.
_LOCATION_SCHEMES = ("s3", "s3gov", "s3china", "gcs", "azure")


def quoted_locations(text: str, dialect: str = "snowflake") -> str:
    """``text`` with every external location written without quotes (``FROM s3://bucket/path/``) quoted, as
    Snowflake's grammar writes it, so that it is read as the location it is, not as a name followed by a comment;
    ``text`` itself when it has none. A URI inside a string or a comment stays as it is.

    >>> quoted_locations("copy into t from s3://b/p/f.csv file_format = (type = 'CSV') -- not s3://x")
    "copy into t from 's3://b/p/f.csv' file_format = (type = 'CSV') -- not s3://x"
    """
    masked = _masked_uris(text) if dialect == "snowflake" else None
    if masked is None:
        return text
    try:
        tokens = Dialect.get_or_raise(dialect).tokenize(masked)
    except SqlglotError:
        return text
    starts = {token.start for token in tokens if token.token_type not in STRING_TOKENS and token.text.lower() in
              _LOCATION_SCHEMES}
    pieces, last = [], 0
    for uri in _URI.finditer(text):
        if uri.start() in starts:
            pieces += [text[last : uri.start()], "'", uri.group(), "'"]
            last = uri.end()
    return "".join([*pieces, text[last:]]) if pieces else text


#: ``EXECUTE IMMEDIATE`` of a literal (in brackets or not: Snowflake's ``EXECUTE IMMEDIATE ('...')``): its ``$$``
#: body, or its quoted one (``''`` for a quote), and whatever ``USING (...)`` (Trino's ``USING a, b``) follows.
_IMMEDIATE = re.compile(r"\s*execute\s+immediate(?:\s+|\s*(?=\())(?P<open>\(\s*)?"
                        r"(?:\$\$(?P<dollars>(?:(?!\$\$).)*)\$\$|'(?P<quoted>(?:[^']|'')*)')(?(open)\s*\))"
                        r"(?:\s*using\b.*)?\s*",
                        re.IGNORECASE | re.DOTALL)


#: BigQuery's (and Spark's) ``EXECUTE IMMEDIATE`` of a literal: in triple or single quotes of either kind (a
#: backslash escapes), and whatever ``INTO`` or ``USING`` follows.
_IMMEDIATE_BIGQUERY = re.compile(
    r"""\s*execute\s+immediate\s+(?P<raw>[rR])?(?:(?P<q>"{3}|'{3})(?P<triple>(?:(?!(?P=q)).)*)(?P=q)|(?P<s>["'])(?P<single>(?:\\.|(?!(?P=s))[^\\])*)(?P=s))"""
    r"\s*(?P<tail>(?:into|using)\b.*)?", re.IGNORECASE | re.DOTALL)


#: BigQuery's ``EXECUTE IMMEDIATE FORMAT(...)``: the text its FORMAT call builds (:func:`_formatted`).
_IMMEDIATE_FORMAT = re.compile(r"\s*execute\s+immediate\s+(?=format\s*\()", re.IGNORECASE)
#: A FORMAT specifier :func:`_formatted` fills: ``%%``, or a value's text (``%s``, ``%d``, ``%i``, ``%t``) or
#: literal (``%T``) without flags, width or precision.
_SPECIFIER = re.compile(r"%(.)", re.DOTALL)
_CONSTANTS = frozenset({TokenType.STRING, TokenType.RAW_STRING, TokenType.NUMBER})


def _formatted(statement: str, dialect: str) -> tuple[str, str] | None:
    """The text BigQuery's ``EXECUTE IMMEDIATE FORMAT(format [, constant ...]) [INTO ...] [USING ...]`` runs, and
    what follows the call; None unless the format and every value are constants and each specifier is one
    :data:`_SPECIFIER` fills (a variable's value is not known here).

    >>> _formatted("execute immediate format('select %s from %t where c > %d', 'a', 'ds.t', 5) using 1 as p",
    ...            "bigquery")
    ('select a from ds.t where c > 5', 'using 1 as p')
    >>> _formatted("execute immediate format('select %s from t', v)", "bigquery") is None
    True
    """
    match = _IMMEDIATE_FORMAT.match(statement)
    if match is None:
        return None
    rest = statement[match.end():]
    try:
        tokens = Dialect.get_or_raise(dialect).tokenize(rest)
    except SqlglotError:
        return None
    if len(tokens) < 4 or tokens[1].token_type != TokenType.L_PAREN or tokens[2].token_type not in _CONSTANTS - {
            TokenType.NUMBER}:
        return None
    values, at = [], 3
    while at + 1 < len(tokens) and tokens[at].token_type == TokenType.COMMA and tokens[at + 1].token_type in _CONSTANTS:
        values.append(tokens[at + 1])
        at += 2
    if at >= len(tokens) or tokens[at].token_type != TokenType.R_PAREN:
        return None
    given = iter(values)

    def filled(specifier: re.Match) -> str:
        kind = specifier[1]
        if kind == "%":
            return "%"
        value = next(given, None)
        if value is None or kind not in "sditT":
            raise ValueError(kind)
        if kind == "T" and value.token_type != TokenType.NUMBER:
            return '"' + value.text.replace("\\", "\\\\").replace('"', '\\"') + '"'
        return value.text

    try:
        text = _SPECIFIER.sub(filled, tokens[2].text)
    except ValueError:
        return None
    if next(given, None) is not None:
        return None
    return text, rest[tokens[at].end + 1:].strip()


#: The dialects whose strings a backslash escapes in, in quotes of either kind, and whose ``EXECUTE IMMEDIATE`` may
#: take ``INTO`` variables: BigQuery's, and Spark's ("EXECUTE IMMEDIATE sql_string [ INTO var_name [, ...] ]
#: [ USING ... ]").
_BACKSLASH_ESCAPES = frozenset({"bigquery", "spark", "spark2", "databricks"})


#: PostgreSQL's anonymous block ``DO [LANGUAGE l] $tag$ body $tag$ [LANGUAGE l]``.
_DO = re.compile(r"\s*do\s+(?:language\s+'?(?P<before>\w+)'?\s+)?"
                 r"(?:(?P<tag>\$\w*\$)(?P<body>(?:(?!(?P=tag)).)*)(?P=tag)|'(?P<quoted>(?:[^']|'')*)')"
                 r"(?:\s*language\s+'?(?P<after>\w+)'?)?\s*(?:;\s*)?", re.IGNORECASE | re.DOTALL)


def do_block(statement: str) -> tuple[str, str] | None:
    """A PostgreSQL ``DO`` block's language (lower-cased; ``plpgsql`` unless named) and body; None for another
    statement.

    >>> do_block("do language 'plpgsql' 'begin perform 1; end'")
    ('plpgsql', 'begin perform 1; end')
    """
    block = _DO.fullmatch(statement)
    if block is None:
        return None
    body = block["body"] if block["tag"] is not None else block["quoted"].replace("''", "'")
    return (block["before"] or block["after"] or "plpgsql").lower(), body


#: BigQuery's escape sequences in a quoted string, by the character after the backslash (any other stands for itself).
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "v": "\v", "a": "\a", "0": "\0"}


def _unescaped(text: str) -> str:
    r"""A BigQuery quoted string's text with its escapes decoded (``\n`` a newline, ``\'`` a quote).

    >>> _unescaped(r"select a from t\nwhere b = \"x\"")
    'select a from t\nwhere b = "x"'
    """
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m[1], m[1]), text, flags=re.DOTALL)


#: ``EXPLAIN ANALYZE [VERBOSE] statement`` (PostgreSQL's also ``EXPLAIN (ANALYZE[, ...]) statement``), which runs its
#: statement to measure it, in the dialects whose EXPLAIN ANALYZE does (PostgreSQL's runs an INSERT's writes too).
_ANALYZING = frozenset({"postgres", "trino", "presto", "athena"})


def _analyzed(statement: str, dialect: str) -> str | None:
    """The statement an ``EXPLAIN ANALYZE [VERBOSE] s`` or ``EXPLAIN (..., ANALYZE [true | on | 1], ...) s`` runs
    (PostgreSQL: "causes the statement to be actually executed"), comments anywhere before it; None for another
    statement (a plain EXPLAIN runs nothing).

    >>> _analyzed("/* tag */ explain -- x\\n (costs off, analyze) update t set a = 1", "postgres")
    'update t set a = 1'
    >>> _analyzed("explain (analyze off) select 1", "postgres"), _analyzed("explain select 1", "postgres")
    (None, None)
    >>> _analyzed("EXPLAIN ANALYZE (FORMAT JSON) SELECT a FROM t", "athena")
    'SELECT a FROM t'
    """
    resolved = Dialect.get_or_raise(dialect)
    try:
        head = resolved.tokenize(statement)[:1]  # (EXPLAIN: a command whose text sqlglot keeps whole)
        offset = head[0].end + 1 if head and word_of(head[0]) == "EXPLAIN" else None
        tokens = head + resolved.tokenize(statement[offset:]) if offset is not None else []
    except SqlglotError:
        return None
    if len(tokens) < 3:
        return None
    at = 1
    if word_of(tokens[at]) == "ANALYZE":
        at += 2 if word_of(tokens[at + 1]) == "VERBOSE" else 1
        if at + 1 < len(tokens) and tokens[at].token_type == TokenType.L_PAREN and word_of(tokens[at + 1]) in (
                "FORMAT", "TYPE"):  # Athena's EXPLAIN ANALYZE (FORMAT JSON) s
            at = group_end(tokens, at)
    elif tokens[at].token_type == TokenType.L_PAREN:
        end = group_end(tokens, at)
        options = [word_of(token) for token in tokens[at + 1:end - 1]]
        if "ANALYZE" not in options:
            return None
        after = options.index("ANALYZE") + 1
        if after < len(options) and options[after] in ("FALSE", "OFF", "0"):
            return None
        at = end
    else:
        return None
    return statement[offset + tokens[at].start:] if at < len(tokens) else None


_TAG_PART = r"(?:`(?:[^`]|``)*`|\w+)"
#: Databricks' ``{SET | UNSET} TAG ON kind name tag_key [= tag_value]`` (the key and value identifiers).
_TAG_ON = re.compile(rf"\s*(?P<verb>SET|UNSET)\s+TAG\s+ON\s+(?P<kind>CATALOG|COLUMN|SCHEMA|DATABASE|TABLE|VIEW|VOLUME"
                     rf"|FUNCTION|PROCEDURE)\s+(?P<name>{_TAG_PART}(?:\s*\.\s*{_TAG_PART})*)\s+(?P<key>{_TAG_PART})"
                     rf"(?:\s*=\s*(?P<value>{_TAG_PART}|'[^'\\]*'))?\s*(?:;\s*)?", re.IGNORECASE)


def _tag_as_alter(statement: str) -> str | None:
    """Databricks' ``SET TAG ON TABLE t key = value`` (and ``UNSET TAG ON``, of a column, a schema, a view ...) as
    the ``ALTER ... SET TAGS ('key' = 'value')`` that sets the same tag; None for another statement.

    >>> _tag_as_alter("SET TAG ON COLUMN main.s.t.email `pii` = `email`")
    "ALTER TABLE main.s.t ALTER COLUMN email SET TAGS ('pii' = 'email')"
    >>> _tag_as_alter("unset tag on schema main.s cost_center")
    "ALTER SCHEMA main.s UNSET TAGS ('cost_center')"
    """
    tag = _TAG_ON.fullmatch(statement)
    if tag is None:
        return None
    key, value = (_tag_word(tag[group]) for group in ("key", "value"))
    if "'" in key or (value is not None and "'" in value):
        return None
    kind = {"DATABASE": "SCHEMA", "PROCEDURE": "FUNCTION"}.get(tag["kind"].upper(), tag["kind"].upper())
    name = tag["name"]
    if kind == "COLUMN":
        parts = re.findall(_TAG_PART, name)
        if len(parts) < 2:
            return None
        kind, name = "TABLE", f"{'.'.join(parts[:-1])} ALTER COLUMN {parts[-1]}"
    if tag["verb"].upper() == "UNSET":
        return f"ALTER {kind} {name} UNSET TAGS ('{key}')"
    return f"ALTER {kind} {name} SET TAGS ('{key}' = '{value or ''}')"  # a key-only tag: an empty value


def _tag_word(word: str | None) -> str | None:
    """A tag's key or value as written: an identifier without its back quotes, a string without its quotes."""
    if word is None:
        return None
    if word[:1] == "`":
        return word[1:-1].replace("``", "`")
    return word[1:-1] if word[:1] == "'" else word


#: MariaDB's anonymous block's opening, ``BEGIN NOT ATOMIC``, and its closing ``END``.
_NOT_ATOMIC = re.compile(r"\s*begin\s+not\s+atomic\b", re.IGNORECASE)
_BLOCK_END = re.compile(r"\bend\s*+;?\s*+\Z", re.IGNORECASE)
#: The first words of the statements MariaDB's ``ANALYZE`` and MySQL's ``EXPLAIN ANALYZE`` run.
#: (not TABLE: ``ANALYZE TABLE t`` updates statistics)
_RUNNABLE = frozenset({"SELECT", "WITH", "VALUES", "INSERT", "REPLACE", "UPDATE", "DELETE"})


def _mysql_runs(statement: str) -> str | None:
    """The statement MariaDB's ``SET STATEMENT var = value [, ...] FOR s`` runs ("the variables ... for the duration
    of the statement"), and its ``ANALYZE [FORMAT=JSON] s`` ("invokes the optimizer, executes the statement"), and
    MySQL's ``EXPLAIN ANALYZE [FORMAT=TREE] s`` ("runs the statement"); None for another statement (``ANALYZE TABLE``
    updates statistics, a plain ``EXPLAIN`` runs nothing).

    >>> _mysql_runs("SET STATEMENT sql_mode = '', max_statement_time = 10 FOR insert into t select a from u")
    'insert into t select a from u'
    >>> _mysql_runs("analyze format=json update t set a = 1"), _mysql_runs("EXPLAIN ANALYZE SELECT a FROM t")
    ('update t set a = 1', 'SELECT a FROM t')
    >>> _mysql_runs("analyze table t"), _mysql_runs("set statement x = 1 for")
    (None, None)
    """
    try:
        tokens = dialect_named("mysql").tokenize(statement)
    except SqlglotError:
        return None
    words = [word_of(token) for token in tokens[:3]]
    if words[:2] == ["SET", "STATEMENT"]:
        levels = depths(tokens)
        at = next((i for i in range(2, len(tokens)) if levels[i] == 0 and word_of(tokens[i]) == "FOR"), None)
        runs = statement[tokens[at].end + 1:].strip() if at is not None else ""
        return runs or None
    if words[:1] == ["ANALYZE"] or words[:2] == ["EXPLAIN", "ANALYZE"]:
        at = 1 if words[0] == "ANALYZE" else 2
        if word_of(tokens[at] if at < len(tokens) else None) == "FORMAT" and at + 2 < len(tokens):
            at += 3  # FORMAT = JSON | TREE
        if at < len(tokens) and (word_of(tokens[at]) in _RUNNABLE or tokens[at].token_type == TokenType.L_PAREN):
            return statement[tokens[at].start:]
    return None


def without_leading_comments(statement: str, dialect: str) -> str:
    """``statement`` without the comments before its first word, which are no part of it (a rule that reads a
    statement from its first word finds it so), a comment nested in one where the dialect nests them; MySQL's
    executable ``/*! ... */`` and a hint's ``/*+ ... */`` are code, kept; a statement of comments alone as it is.

    >>> without_leading_comments("-- Create a source\\n/* lake */ CREATE EXTERNAL DATA SOURCE s", "tsql")
    'CREATE EXTERNAL DATA SOURCE s'
    >>> without_leading_comments("/* a /* b */ SELECT */ p 1", "tsql"), without_leading_comments("/* a /* b */ x", "mysql")
    ('p 1', 'x')
    >>> without_leading_comments("/*!50001 CREATE VIEW v AS SELECT 1 */", "mysql"), without_leading_comments("-- a", "tsql")
    ('/*!50001 CREATE VIEW v AS SELECT 1 */', '-- a')
    """
    nested = Dialect.get_or_raise(dialect).tokenizer_class.NESTED_COMMENTS
    at, end = 0, len(statement)
    while True:
        while at < end and statement[at].isspace():
            at += 1
        if statement.startswith("--", at):
            line_end = statement.find("\n", at)
            at = end if line_end < 0 else line_end + 1
        elif statement.startswith("/*", at) and statement[at + 2 : at + 3] not in ("!", "+"):
            depth, at = 1, at + 2
            while depth and at < end:
                if statement.startswith("*/", at):
                    depth, at = depth - 1, at + 2
                elif nested and statement.startswith("/*", at):
                    depth, at = depth + 1, at + 2
                else:
                    at += 1
        else:
            return statement[at:] if at < end else statement


def _immediate(statement: str, dialect: str) -> list[str]:
    """The statements a statement stands for: those an ``EXECUTE IMMEDIATE`` of a literal runs (of a Scripting block,
    the SQL statements it holds: :mod:`.scripting`), and T-SQL's ``EXEC ('...')`` / ``sp_executesql N'...'``; the
    statement an ``EXPLAIN ANALYZE`` runs (a plain EXPLAIN runs nothing), and MariaDB's ``SET STATEMENT ... FOR`` and
    ``ANALYZE`` (:func:`_mysql_runs`); the statements of MariaDB's ``BEGIN NOT ATOMIC ... END``; T-SQL's renames,
    ``BULK INSERT`` and Fabric's clones as the statements they are (:func:`.tsql.stands_for`); else the statement
    itself.

    >>> _immediate("explain (analyze, buffers) insert into t select * from s", "postgres")
    ['insert into t select * from s']
    >>> _immediate("explain (analyze false) select 1", "postgres"), _immediate("explain select 1", "trino")
    (['explain (analyze false) select 1'], ['explain select 1'])
    """
    if statement[:2] in ("--", "/*"):
        statement = without_leading_comments(statement, dialect)
        if dialect == "mysql" and statement[:3] in ("/*!", "/*M"):  # mysqldump's /*!50003 CREATE*/ /*!50020 DEFINER=
            statement = executable_comments_opened(statement).strip()  # ...*/ /*!50003 FUNCTION ... */: the SQL it holds
    run = _statement_run(statement, dialect)
    if run is not None:
        return run
    held = _block_held(statement, dialect)
    if held is not None:
        return held
    if dialect == "databricks" and statement.lstrip()[:3].upper() in ("SET", "UNS"):
        tagging = _tag_as_alter(statement)
        if tagging is not None:
            return [tagging]
    bound = _literal_run(statement, dialect)
    if bound is not None:
        return bound
    if dialect in tsql.UNTERMINATED:
        stands_for = tsql.stands_for(statement)
        if stands_for is not None:
            written, runs_statements = stands_for
            return split_statements(written, dialect) if runs_statements else [written]
    return _executed_immediately(statement, dialect)


def _statement_run(statement: str, dialect: str) -> list[str] | None:
    """The statement an ``EXPLAIN ANALYZE`` runs (:func:`_analyzed`), and what MariaDB's ``SET STATEMENT ... FOR``
    and ``ANALYZE`` and MySQL's ``EXPLAIN ANALYZE`` run (:func:`_mysql_runs`), as :func:`_immediate` reads it; None
    for another statement."""
    if dialect in _ANALYZING and "explain" in statement[:200].lower():
        analyzed = _analyzed(statement, dialect)
        if analyzed is not None:
            return [analyzed]
    if dialect == "mysql" and statement.lstrip()[:3].upper() in ("SET", "ANA", "EXP"):
        runs = _mysql_runs(statement)
        if runs is not None:
            return _immediate(runs, dialect)
    return None


def _block_held(statement: str, dialect: str) -> list[str] | None:
    """The statements an anonymous block holds, each a child of it: MariaDB's ``BEGIN NOT ATOMIC ... END``,
    PostgreSQL's ``DO`` of PL/pgSQL, an Oracle PL/SQL block; None for another statement, or a block that runs no
    statement known here (the block alone)."""
    if dialect == "mysql" and _NOT_ATOMIC.match(statement):
        # MariaDB's anonymous block, BEGIN NOT ATOMIC ... END: its statements, each as a child of it; of a block with
        # variables, loops or handlers, which this does not read, each statement as the ';' split them (a loop's
        # words, a DECLARE, are set aside: their reasons say so)
        held = scripting.block_statements(_NOT_ATOMIC.sub("BEGIN ", statement, count=1), dialect)
        if held:
            return held
        return split_statements(_BLOCK_END.sub("", _NOT_ATOMIC.sub("", statement, count=1)), dialect)
    if dialect == "postgres" and statement[:2].upper() == "DO":
        block = do_block(statement)
        held = plpgsql(block[1]) if block is not None and block[0] == "plpgsql" else None
        if held:  # (a block that runs no statement known here, only EXECUTEs of expressions, is the DO alone;
            return held  # one that does not read is set aside: dispatch.do_block)
    if dialect == "oracle" and scripting.is_plsql_block(statement):
        held = plsql(statement)
        if held:  # (a block that runs no statement known here is the block alone: no record)
            return held
    return None


def _literal_run(statement: str, dialect: str) -> list[str] | None:
    """The statements an ``EXECUTE IMMEDIATE`` of a constant runs, its ``USING`` values bound (:func:`_bound`):
    BigQuery's ``FORMAT(...)`` (:func:`_formatted`), Databricks' ``'a' || 'b'`` (:func:`_joined_immediate`), a string
    (MariaDB's too); None for another statement."""
    if dialect == "bigquery":
        formatted = _formatted(statement, dialect)
        if formatted is not None:
            return split_statements(_bound(*formatted, dialect), dialect)
    if dialect in _BACKSLASH_ESCAPES and "||" in statement:
        joined = _joined_immediate(statement, dialect)
        if joined is not None:
            return split_statements(_bound(*joined, dialect), dialect)
    if dialect in _BACKSLASH_ESCAPES or dialect == "mysql":  # (MariaDB's EXECUTE IMMEDIATE "..." or '...')
        quoted = _IMMEDIATE_BIGQUERY.fullmatch(statement)
        if quoted is not None:
            # a raw string (r'...', BigQuery's) decodes no escapes
            body = (quoted["triple"] if quoted["triple"] is not None
                    else quoted["single"] if quoted["raw"] else _unescaped(quoted["single"]))
            return split_statements(_bound(body, quoted["tail"] or "", dialect), dialect)
    return None


def _executed_immediately(statement: str, dialect: str) -> list[str]:
    """The statements of a Snowflake ``EXECUTE IMMEDIATE`` of a literal (of a Scripting block, the SQL statements it
    holds, an ``EXECUTE IMMEDIATE`` among them read in turn) or of a Scripting block sent as it is; else the
    statement itself (:func:`_piped`: each statement of a ``->>`` pipe)."""
    match = _IMMEDIATE.fullmatch(statement)
    piped = (_piped(statement, dialect) if "->>" in statement else [statement]) if match is None else None
    if match is None and len(piped) == 1 and scripting.is_block(statement, dialect):
        # a Scripting block sent as it is (Snowsight's, the JDBC driver's: "[DECLARE ...] BEGIN ... END;"), the same
        # execution as an EXECUTE IMMEDIATE of it (which SnowSQL and the Classic Console need "to correctly parse"
        # it): its statements, as that one's; one this cannot read stays whole, a block of no record
        held = scripting.block_statements(statement, dialect)
        return [inner for statement in held or [statement] for inner in (
            _immediate(statement, dialect) if held and _IMMEDIATE.fullmatch(statement) else [statement])]
    if match is None:
        return piped
    body = match["dollars"] if match["dollars"] is not None else match["quoted"].replace("''", "'")
    held = scripting.block_statements(body, dialect) if scripting.is_block(body, dialect) else None
    if held:  # an EXECUTE IMMEDIATE of a literal inside the block runs that literal's statements in turn
        return [inner for statement in held
                for inner in (_immediate(statement, dialect) if _IMMEDIATE.fullmatch(statement) else [statement])]
    return split_statements(body, dialect)


#: The words an ``EXECUTE IMMEDIATE`` opens with (:func:`_joined_immediate`).
_EXECUTE_IMMEDIATE = re.compile(r"\s*execute\s+immediate\s", re.IGNORECASE)


def _joined_immediate(statement: str, dialect: str) -> tuple[str, str] | None:
    """The text ``EXECUTE IMMEDIATE 'a' || 'b' [|| ...] [INTO ... | USING ...]`` runs (Databricks': "a STRING constant
    expression"), and what follows it; None for another statement (a variable in the expression: not known here).

    >>> _joined_immediate("EXECUTE IMMEDIATE 'INSERT INTO u SELECT a FROM ' || 't' USING 1 AS x", "databricks")
    ('INSERT INTO u SELECT a FROM t', 'USING 1 AS x')
    """
    head = _EXECUTE_IMMEDIATE.match(statement)
    if head is None:
        return None
    rest = statement[head.end():]
    try:
        tokens = Dialect.get_or_raise(dialect).tokenize(rest)  # (EXECUTE is a command word: its rest one string)
    except SqlglotError:
        return None
    parts, at = [], 0
    while at < len(tokens) and tokens[at].token_type in STRING_TOKENS:
        parts.append(tokens[at].text)
        if at + 1 < len(tokens) and tokens[at + 1].token_type == TokenType.DPIPE:
            at += 2
            continue
        at += 1
        break
    if len(parts) < 2 or (at < len(tokens) and word_of(tokens[at]) not in ("INTO", "USING")):
        return None
    return "".join(parts), rest[tokens[at].start:].strip() if at < len(tokens) else ""


def _bound(body: str, tail: str, dialect: str) -> str:
    """``body`` with its parameter markers replaced by the constants its ``EXECUTE IMMEDIATE``'s ``USING`` binds to
    them (Spark's and BigQuery's ``USING 'tv' AS n, 5`` binds ``:n`` / ``@n`` by name, ``?`` by position): a name
    given that way (``IDENTIFIER(:n)``) is then known. A value that is no constant (a variable) leaves its marker.

    >>> _bound("create view identifier(:n) as select * from t where a = ?", "USING 'tv' AS n, 5", "spark")
    "create view identifier('tv') as select * from t where a = 5"
    """
    resolved = Dialect.get_or_raise(dialect)
    try:
        given = resolved.tokenize(tail)
        start = next((at + 1 for at, token in enumerate(given) if word_of(token) == "USING"), None)  # after INTO ...
        tokens = resolved.tokenize(body) if start is not None else []
    except SqlglotError:
        return body
    named: dict[str, str] = {}
    positional: list[str | None] = []
    i = start or 0
    while i < len(given):
        value = given[i]
        constant = value.token_type in (TokenType.STRING, TokenType.NUMBER) and (
            i + 1 == len(given) or given[i + 1].token_type in (TokenType.COMMA, TokenType.ALIAS))
        text = ("'" + value.text.replace("\\", "\\\\").replace("'", "\\'") + "'"
                if value.token_type == TokenType.STRING else value.text)
        while i < len(given) and given[i].token_type not in (TokenType.COMMA, TokenType.ALIAS):
            i += 1  # past an expression that is no constant
        if i + 1 < len(given) and given[i].token_type == TokenType.ALIAS:
            if constant:
                named[given[i + 1].text.casefold()] = text
            i += 2
        else:
            positional.append(text if constant else None)
        i += 1
    edits: list[tuple[int, int, str]] = []
    places = iter(positional)
    for at, token in enumerate(tokens):
        if token.token_type == TokenType.PLACEHOLDER and token.text == "?":
            value = next(places, None)
            if value is not None:
                edits.append((token.start, token.end + 1, value))
        elif (token.token_type in (TokenType.COLON, TokenType.PARAMETER) and at + 1 < len(tokens)
              and tokens[at + 1].start == token.end + 1 and tokens[at + 1].text.casefold() in named):
            edits.append((token.start, tokens[at + 1].end + 1, named[tokens[at + 1].text.casefold()]))
    for start, end, text in reversed(edits):
        body = body[:start] + text + body[end:]
    return body


def plpgsql(body: str) -> list[str] | None:
    """The statements of a PL/pgSQL block (:func:`.scripting.plpgsql_statements`), a ``DECLARE`` that sqlglot
    takes with the rest of its statement as one string lexed again, and the statements of an ``EXECUTE`` of a
    literal that holds several; None when the block does not read as one."""
    return _procedural(body, "postgres")


def plsql(block: str) -> list[str] | None:
    """The statements of an Oracle PL/SQL anonymous block (:func:`.scripting.plsql_statements`), each literal an
    ``EXECUTE IMMEDIATE`` runs among them; None when the block does not read as one."""
    return _procedural(block, "oracle")


def _procedural(body: str, dialect: str) -> list[str] | None:
    """:func:`plpgsql` (``postgres``) or :func:`plsql` (``oracle``): the block's statements, each literal of
    several statements split into them."""
    resolved = Dialect.get_or_raise(dialect)
    try:
        tokens = resolved.tokenize(body)
        if dialect == "postgres":  # (sqlglot's postgres takes a DECLARE and the rest as one string)
            tokens = lexed_again(body, tokens, resolved, frozenset({"DECLARE"}))
    except SqlglotError:
        return None
    read = scripting.plpgsql_statements if dialect == "postgres" else scripting.plsql_statements
    held = read(body, tokens)
    return None if held is None else [each for statement in held
                                      for each in (split_statements(statement, dialect) if ";" in statement
                                                   else [statement])]


def _piped(statement: str, dialect: str) -> list[str]:
    """The statements of a Snowflake pipe chain, in the order they run; any other statement alone.

    Snowflake's flow operator ``->>`` chains statements, each reading an earlier one's result as ``$n`` (the
    result ``RESULT_SCAN`` of that statement's query gives: no object), each run as a query of its own. A chain
    inside a Scripting block stays in its block.

    >>> _piped('show tables ->> select "name" from $1 where "rows" > 0', "snowflake")
    ['show tables', 'select "name" from $1 where "rows" > 0']
    >>> _piped("begin transaction ->> delete from t ->> commit", "snowflake")
    ['begin transaction', 'delete from t', 'commit']
    >>> _piped("select v ->> 'k' from t", "postgres")
    ["select v ->> 'k' from t"]
    """
    if dialect != "snowflake" or "->>" not in statement:
        return [statement]
    try:
        tokens = Dialect.get_or_raise(dialect).tokenize(statement)
    except SqlglotError:
        return [statement]
    cuts = []
    for index, (token, depth) in enumerate(zip(tokens, depths(tokens, BRACKETS))):
        if token.token_type == TokenType.BEGIN and not _begins_transaction(tokens, index):
            return [statement]
        if token.token_type == TokenType.DARROW and depth == 0:
            cuts.append(token)
    if not cuts:
        return [statement]
    starts = [0, *(cut.end + 1 for cut in cuts)]
    ends = [cut.end + 1 - len(cut.text) for cut in cuts] + [len(statement)]
    pieces = [statement[start:end].strip() for start, end in zip(starts, ends)]
    return pieces if all(pieces) else [statement]


def _begins_transaction(tokens: list[Token], index: int) -> bool:
    """Whether the ``BEGIN`` at ``index`` starts a transaction (``BEGIN [TRANSACTION | WORK]``, alone or as a
    pipe chain's link), not a block."""
    following = _following(tokens, index)
    return following in _NOT_A_BLOCK or (index + 1 < len(tokens) and tokens[index + 1].token_type == TokenType.DARROW)


def _split(text: str, dialect: str) -> list[str]:
    stripped = text.strip().rstrip(";").strip()
    if ";" not in stripped:
        return [stripped] if stripped else []
    if len(text) > SPLIT_SCAN_CHARS:
        return split_scanning(text, dialect)
    plain = split_plain(text, dialect)
    chunks = plain if plain is not None else split_tokenizing(text, dialect)
    if dialect == "postgres" and _RULE.search(text):
        return _bodies_joined(chunks, _RULE, dialect)
    if dialect == "teradata" and _MACRO.search(text):  # (each the procedure it stands for)
        return [rewrites.macro_as_procedure(chunk, dialect) if _MACRO.match(chunk.lstrip()) else chunk
                for chunk in _bodies_joined(chunks, _MACRO, dialect)]
    return chunks


#: PostgreSQL's ``CREATE [OR REPLACE] RULE``, whose ``DO [ALSO | INSTEAD] (a; b)`` holds several statements.
_RULE = re.compile(r"\bcreate\s+(?:or\s+replace\s+)?rule\b", re.IGNORECASE)
#: Teradata's ``CREATE | REPLACE MACRO m AS (a; b;)``, whose bracketed body holds several statements.
_MACRO = re.compile(r"\b(?:create|replace)\s+macro\b", re.IGNORECASE)


def _bodies_joined(chunks: list[str], opener: re.Pattern, dialect: str) -> list[str]:
    """The chunks of a request with each statement ``opener`` matches whose parenthesized body was cut at its ``;``
    whole again: a PostgreSQL rule's actions run when its event does, as statements of their own, never when it is
    created; a Teradata macro's statements run when it is executed (``EXEC m``).

    >>> _bodies_joined(["create rule r as on delete to t do also (delete from u where k = old.k",
    ...                 "delete from v where k = old.k", ")", "select 1"], _RULE, "postgres")
    ['create rule r as on delete to t do also (delete from u where k = old.k; delete from v where k = old.k; )', \
'select 1']
    >>> _bodies_joined(["REPLACE MACRO m AS (SELECT a FROM t", "DELETE FROM u ALL", ")"], _MACRO, "teradata")
    ['REPLACE MACRO m AS (SELECT a FROM t; DELETE FROM u ALL; )']
    """
    out: list[str] = []
    left_open = 0  # parentheses the statement being joined leaves open (each chunk tokenized once)
    for chunk in chunks:
        if left_open > 0:
            out[-1] += "; " + chunk
        else:
            out.append(chunk)
            if not opener.match(chunk.lstrip()):
                continue
        try:
            tokens = Dialect.get_or_raise(dialect).tokenize(chunk)
        except SqlglotError:
            left_open = 0
            continue
        left_open += sum(t.token_type == TokenType.L_PAREN for t in tokens) - sum(
            t.token_type == TokenType.R_PAREN for t in tokens)
    return out


#: After its first word ``CREATE``: a Snowflake statement that creates a database or a schema, which becomes the
#: session's (their usage notes: "equivalent to using the USE DATABASE command"), ``CREATE OR ALTER`` too (whether it
#: creates or alters: :func:`session_after`). Words apart by white space only (a linear match).
_CREATES_NAMESPACE = re.compile(r"create\s+(?:or\s+(?:replace|alter)\s+)?(?:transient\s+)?(?:database|schema)\b",
                                re.IGNORECASE)


def session_after(text: str, database: str | None, schema: str | None,
                  dialect: str = "snowflake") -> tuple[str | None, str | None]:
    """The session's database and schema after the statement ``text`` ran with them: a ``USE`` changes them for
    the statements after it in the same request (CONTRACT section 1 splits a request; the log gives only the
    context the request began with). Any other statement leaves them.

    Snowflake: ``USE [DATABASE] db`` sets the database, whose schema is then ``PUBLIC`` (its default schema);
    ``USE [SCHEMA] [db.]s`` the schema, and the database when named; ``USE ROLE``, ``WAREHOUSE`` and
    ``SECONDARY ROLES`` neither; ``CREATE DATABASE`` and ``CREATE SCHEMA`` set what they create, as their
    usage notes say (not with ``IF NOT EXISTS``, which may create nothing), and so does ``CREATE OR ALTER``, whether
    it creates or alters (Snowflake's own deployment scripts, run again on every change, rely on it: ``CREATE OR
    ALTER DATABASE d; CREATE OR ALTER SCHEMA s; ...``). Databricks and Spark: ``USE
    CATALOG c`` (schema ``default``) and ``USE [SCHEMA | DATABASE] [c.]s``. Trino: ``USE [c.]s``. T-SQL: ``USE
    db``, the database. MySQL: ``USE db``, the schema (its database is a schema). PostgreSQL and Redshift: ``SET
    search_path TO s, ...`` the schema, its first. Exasol: ``OPEN SCHEMA s``, the schema.
    A name given by a variable (``USE SCHEMA IDENTIFIER($v)``), whose value the log does not give, leaves
    what it sets unknown (:func:`~.names.unknown_part`): a later name that needs it is quarantined, with
    the reason; a qualified one still resolves.

    >>> session_after("use schema staging", "SALES", "PUBLIC")
    ('SALES', 'STAGING')
    >>> session_after('/* next */ USE DATABASE "Raw"', "SALES", "STAGING")
    ('Raw', 'PUBLIC')
    >>> session_after("use role analyst", "SALES", "PUBLIC"), session_after("select 1", "SALES", "PUBLIC")
    (('SALES', 'PUBLIC'), ('SALES', 'PUBLIC'))
    >>> session_after("SET CATALOG 'dev'", "main", "sales", "databricks")
    ('dev', 'default')
    >>> session_after("OPEN SCHEMA retail", "EXA", "PUBLIC", "exasol")
    ('EXA', 'RETAIL')
    """
    word, at = _next_word(text, 0)  # past comments and white space, possessively: no backtracking on them
    if word == "SET" and rules_for(dialect).catalog_sessions:
        following, where = _next_word(text, at + 3)
        if following == "CATALOG":  # Spark's and Databricks' SET CATALOG c, USE CATALOG c by another name: Spark's
            # CatalogManager.setCurrentCatalog resets the namespace to the catalog's default
            name = text[where + len("CATALOG"):].strip().rstrip(";").strip()
            if len(name) > 1 and name[0] in "'\"" and name[-1] == name[0]:
                name = f"`{name[1:-1]}`"
            text, word = f"USE CATALOG {name}", "USE"
    opened = False
    if word == "OPEN":  # Exasol's OPEN SCHEMA s, its USE: the schema of the names after it
        following, where = _next_word(text, at + 4)
        if following != "SCHEMA":
            return database, schema
        text, word, opened = f"USE {text[where + len('SCHEMA'):].strip().rstrip(';').strip()}", "USE", True
    if word == "CREATE" and dialect == "snowflake" and _CREATES_NAMESPACE.match(text, at):
        return _created_namespace(text, database, schema)
    if word in ("SET", "RESET") and (dialect in SEARCH_PATH_DIALECTS or dialect == "duckdb"):
        first = search_path_schema(text)  # SET search_path TO s, ...: unqualified names are looked up in s first
        if dialect == "duckdb" and first == DEFAULT_SCHEMA and search_path(text) == (USER_SCHEMA, DEFAULT_SCHEMA):
            first = rules_for(dialect).default_schema  # (DuckDB's RESET search_path: main)
        return (database, first) if first is not None else (database, schema)
    if word != "USE":
        return database, schema
    return _session_used(text, database, schema, dialect, opened)


def _session_used(text: str, database: str | None, schema: str | None, dialect: str,
                  opened: bool) -> tuple[str | None, str | None]:
    """The session's database and schema after the ``USE`` statement ``text`` (``opened``: Exasol's ``OPEN SCHEMA``
    written so) ran with them: what its name sets, by its kind (``DATABASE``, ``SCHEMA``, ``CATALOG`` or none) and
    the dialect's reading (:func:`_session_named`); of a name given by a variable, what it sets is unknown."""
    try:
        tree = sqlglot.parse_one(text, read=dialect)
    except (SqlglotError, *SQLGLOT_FAILURES):  # (sqlglot's parser fails in its own ways on some texts)
        return database, schema
    if rules_for(dialect).identifier_calls and "identifier" in text.lower():  # USE CATALOG IDENTIFIER('main')
        tree = _named_by_identifier(tree)
    kind = tree.args.get("kind") if isinstance(tree, exp.Use) else None
    kind = kind.name.upper() if isinstance(kind, exp.Expression) else kind
    if not isinstance(tree, exp.Use) or not isinstance(tree.this, exp.Table) or kind not in (
            None, "DATABASE", "SCHEMA", "CATALOG"):
        return database, schema
    try:
        parts = naming_for(dialect).table_parts(tree.this)
    except UnsupportedStatement:  # IDENTIFIER($v): what it sets is unknown, and so are the names that need it
        unknown = unknown_part(text)
        return (database, unknown) if kind == "SCHEMA" else (unknown, schema if dialect == "tsql" else unknown)
    if not 1 <= len(parts) <= 2:
        return database, schema
    if opened:
        return (database, parts[0]) if len(parts) == 1 else (database, schema)
    return _session_named(parts, kind, database, schema, dialect)


def _session_named(parts: tuple[str, ...], kind: str | None, database: str | None, schema: str | None,
                   dialect: str) -> tuple[str | None, str | None]:
    """The session's database and schema after a ``USE [kind]`` of the name ``parts`` (one or two), as the dialect
    reads it (:func:`session_after`): a catalog and its schema, a database and its ``PUBLIC``, a schema of the
    database, MySQL's schema, DuckDB's database or schema."""
    if rules_for(dialect).catalog_sessions:
        if kind == "CATALOG":
            return (parts[0], "default") if len(parts) == 1 else (database, schema)
        return (parts[0], parts[1]) if len(parts) == 2 else (database, parts[0])
    if dialect == "snowflake":
        if len(parts) == 2 and kind != "DATABASE":
            return parts[0], parts[1]
        if len(parts) == 1 and kind == "SCHEMA":
            return database, parts[0]
        return (parts[0], "PUBLIC") if len(parts) == 1 else (database, schema)
    if rules_for(dialect).use_schema and kind is None:
        return (parts[0], parts[1]) if len(parts) == 2 else (database, parts[0])
    if dialect == "tsql" and kind is None and len(parts) == 1:
        return parts[0], schema
    if dialect == "duckdb" and kind is None:  # USE db.schema, USE db (its main schema), USE schema (of the database)
        if len(parts) == 2:
            return parts[0], parts[1]
        named = parts[0].casefold()
        return (parts[0], "main") if named in ("memory", "temp", "system") or named == (database or "").casefold() \
            else (database, parts[0])
    if rules_for(dialect).schema_databases and kind in (None, "DATABASE", "SCHEMA") and len(parts) == 1:
        return database, parts[0]  # MySQL's USE db: the schema of the names after it
    return database, schema


#: PostgreSQL's default search path's first schema.
DEFAULT_SCHEMA = "public"
#: PostgreSQL's name of the session's temporary schema in a search path: searched first unless the path names it
#: after another schema ("It can be explicitly listed in the path by using the alias pg_temp").
TEMPORARY_SCHEMA = "pg_temp"


def search_path_schema(text: str) -> str | None:
    """The schema the last ``SET search_path`` (or ``RESET``) of ``text`` puts first; None when it has none. Read
    from the text's tokens: comments, a request's other statements and a path's other schemas are no schema.

    >>> search_path_schema('SET search_path TO "$user", Sales, public')
    'sales'
    >>> search_path_schema("reset search_path"), search_path_schema("set search_path to default -- back")
    ('public', 'public')
    >>> search_path_schema("/* editor */ SET search_path TO sales; select 1 from t -- next")
    'sales'
    >>> search_path_schema('set search_path = "Raw", public; set search_path to mart'), search_path_schema("select 1")
    ('mart', None)
    """
    path = [schema for schema in search_path(text) or () if schema != USER_SCHEMA]
    return path[0] if path else None


def search_path(text: str) -> tuple[str, ...] | None:
    """The schemas the last ``SET search_path`` (or ``RESET``) of ``text`` searches, in order (the system's left out,
    ``"$user"`` kept when first: :data:`USER_SCHEMA`; :data:`TEMPORARY_SCHEMA` kept when after a schema; ``"$user",
    public`` for the default path); None when it has none.

    >>> search_path('SET search_path TO "$user", Sales, "Raw"'), search_path("set search_path = default")
    (('$user', 'sales', 'Raw'), ('$user', 'public'))
    >>> search_path("set search_path to mart, '$user'"), search_path("SET search_path = 's2,main'")
    (('mart',), ('s2', 'main'))
    >>> search_path("set search_path = pg_temp, public"), search_path("set search_path = public, pg_temp")
    (('public',), ('public', 'pg_temp'))
    """
    if "search_path" not in text.lower():  # most statements: no tokens needed
        return None
    try:
        tokens = dialect_named("postgres").tokenize(text)
    except TokenError:
        return None
    found, start = None, 0
    for end in [*(i for i, t in enumerate(tokens) if t.token_type == TokenType.SEMICOLON), len(tokens)]:
        path = search_path_of(tokens[start:end])
        found = path if path is not None else found
        start = end + 1
    return found


def search_path_of(tokens: list[Token]) -> tuple[str, ...] | None:
    """The schemas of one statement's ``SET [SESSION | LOCAL] search_path {TO | =} ...`` or ``RESET search_path``
    (``public`` for the default path), or ``SET [SESSION | LOCAL] SCHEMA 'value'`` ("an alias for SET search_path TO
    value"); None for another statement."""
    words = [t.text.upper() for t in tokens[:4]]
    if words[:2] == ["RESET", "SEARCH_PATH"]:
        return (USER_SCHEMA, DEFAULT_SCHEMA)
    at = 2 if words[1:2] in (["SESSION"], ["LOCAL"]) else 1
    if words[:1] == ["SET"] and words[at:at + 1] == ["SCHEMA"] and len(tokens) == at + 2 \
            and tokens[at + 1].token_type == TokenType.STRING:
        return (tokens[at + 1].text,)
    if words[:1] != ["SET"] or words[at:at + 1] != ["SEARCH_PATH"] or len(tokens) <= at + 2:
        return None
    if tokens[at + 1].text.upper() not in ("TO", "="):
        return None
    path = []
    for token in tokens[at + 2:]:
        if token.token_type == TokenType.COMMA:
            continue
        if token.text.upper() == "DEFAULT" and token.token_type != TokenType.IDENTIFIER:
            return (USER_SCHEMA, DEFAULT_SCHEMA)
        quoted = token.token_type == TokenType.IDENTIFIER
        # (DuckDB's path is one string of names: SET search_path = 's2,main')
        names = [part.strip() for part in token.text.split(",")] if token.token_type == TokenType.STRING \
            and "," in token.text else [token.text if quoted else token.text.lower()]
        for name in names:
            if name == USER_SCHEMA and not path:  # (searched first; later in the path, not followed)
                path.append(name)
            elif name == TEMPORARY_SCHEMA and any(entry != USER_SCHEMA for entry in path) and name not in path:
                path.append(name)  # (after a schema: searched where it stands; first or left out, searched first)
            elif name and name not in (USER_SCHEMA, "pg_catalog", TEMPORARY_SCHEMA) and name not in path:
                path.append(name)
    return tuple(path) if any(name != USER_SCHEMA for name in path) else (USER_SCHEMA, DEFAULT_SCHEMA)


def _created_namespace(text: str, database: str | None, schema: str | None) -> tuple[str | None, str | None]:
    """The session after a Snowflake ``CREATE DATABASE`` (the new database, schema ``PUBLIC``) or ``CREATE
    SCHEMA`` (the new schema, in its database); unchanged after ``IF NOT EXISTS``, which may create nothing.

    >>> _created_namespace("create or replace transient schema raw.landing clone raw.old", "SALES", "PUBLIC")
    ('RAW', 'LANDING')
    >>> _created_namespace("create database if not exists raw", "SALES", "PUBLIC")
    ('SALES', 'PUBLIC')
    >>> _created_namespace("create schema raw.basement with managed access", "SALES", "PUBLIC")
    ('RAW', 'BASEMENT')

    Named by a variable the log does not give (``CREATE SCHEMA IDENTIFIER($s)``), what it creates is unknown, and
    so is the session's part it sets, as after ``USE SCHEMA IDENTIFIER($s)``.
    """
    try:
        tree = sqlglot.parse_one(text, read="snowflake")
        if isinstance(tree, exp.Command):  # a clause sqlglot does not read (WITH MANAGED ACCESS, FROM SHARE ...)
            tokens = Dialect.get_or_raise("snowflake").tokenize(text)
            head = database_head(text, tokens)
            tree = sqlglot.parse_one(head[0], read="snowflake") if head else _readable_create(text, "snowflake", tokens)
    except (SqlglotError, *SQLGLOT_FAILURES):
        return database, schema
    if not isinstance(tree, exp.Create) or tree.args.get("exists"):
        return database, schema
    kind = str(tree.args.get("kind") or "").upper()
    try:
        parts = naming_for("snowflake").table_parts(tree.this)
    except UnsupportedStatement:
        unknown = unknown_part(text)
        return (unknown, unknown) if kind == "DATABASE" else (database, unknown) if kind == "SCHEMA" else (database, schema)
    if not parts:
        return database, schema
    if kind == "DATABASE" and len(parts) == 1:
        return parts[0], "PUBLIC"
    if kind == "SCHEMA" and len(parts) <= 2:
        return (parts[0], parts[1]) if len(parts) == 2 else (database, parts[0])
    return database, schema


#: Dialects whose tokenizer :func:`split_plain` stands in for: there, in a plain request, ``'`` quotes a string, and nothing else quotes.
_PLAIN_DIALECTS = frozenset({"snowflake"})
#: What leaves a request to the tokenizer: other quotes, comments, ``$`` (``$$`` bodies), escapes, brackets.
_PLAIN_NOT = re.compile(r'["`\\$#\[\]{}]|--|/[*/]')
#: Words that may open a block or a routine's body (:class:`_Blocks`, :func:`opens_body`), anywhere in a word.
_PLAIN_BLOCK_WORDS = re.compile(r"begin|declare|proc|function|trigger|package")
#: How each statement of a plain request starts: a query or DML, never a command the tokenizer reads whole.
_PLAIN_HEAD = re.compile(r"\s*(?:\(|(?:select|with|insert|update|delete|merge)\b)", re.IGNORECASE)


def split_plain(text: str, dialect: str = "snowflake") -> list[str] | None:
    """:func:`split_tokenizing`'s statements of a plain request, without tokenizing it (a ``DELETE ...; INSERT ...``
    job: a tenth of the time); None for any other. Plain: ASCII, its only quotes ``'`` strings without a ``''``, no
    comment, no ``$``, no bracket but round ones, no word that may open a block, each statement a query or DML.
    Its statements are then the text between the ``;`` outside its strings (the odd pieces between quotes).

    >>> split_plain("delete from t where d = 'a;b'; insert into t select * from s;")
    ["delete from t where d = 'a;b'", 'insert into t select * from s']
    """
    if dialect not in _PLAIN_DIALECTS or not text.isascii() or _PLAIN_NOT.search(text):
        return None
    pieces = text.split("'")
    if not len(pieces) % 2 or not all(pieces[2:-1:2]) or _PLAIN_BLOCK_WORDS.search("'".join(pieces[::2]).lower()):
        return None
    statements, current = [], []
    for index, piece in enumerate(pieces):
        if index % 2 or ";" not in piece:
            current.append(piece)
            continue
        *ends, rest = piece.split(";")
        for end in ends:
            statements.append("'".join([*current, end]).strip())
            current = []
        current.append(rest)
    statements.append("'".join(current).strip())
    statements = [statement for statement in statements if statement]
    return statements if all(_PLAIN_HEAD.match(statement) for statement in statements) else None


def split_tokenizing(text: str, dialect: str = "snowflake") -> list[str]:
    """A request cut at each ``;`` that ends a statement (:class:`_Blocks`), on sqlglot's tokens: the
    splitter of requests up to :data:`SPLIT_SCAN_CHARS`. A text the tokenizer rejects (a comment or a quote never
    closed) is cut by the scan that cuts longer texts (:func:`split_scanning`): the statements before the break are
    resolved, the one it ends in is set aside, instead of the whole text taking its first statement's kind (a
    ``USE ROLE`` first made a later INSERT, DROP or CREATE a statement that records nothing).

    >>> split_tokenizing("begin select 1; end; /* two */ select 2;")
    ['begin select 1; end', 'select 2']
    >>> split_tokenizing("use role r; insert into t select a from s; /*")
    ['use role r', 'insert into t select a from s', '/*']
    """
    try:
        tokens = tokens_of(text, dialect)
    except SqlglotError:
        return [chunk for chunk in split_scanning(text, dialect) if chunk]
    chunks: list[str] = []
    start = end = first = None
    depth = 0  # of brackets in the statement: an AS inside them (CAST(x AS STRING)) opens no body
    blocks = _Blocks(sections=dialect in DECLARE_SECTIONS, bare_transactions=dialect not in BARE_BEGIN_BLOCKS,
                     local_subprograms=dialect in LOCAL_SUBPROGRAMS)
    routine = False  # (a MySQL routine's statement: its body's compound statements hold their ';')
    for index, token in enumerate(tokens):
        if token.token_type == TokenType.SEMICOLON and not blocks.open:
            if start is not None:
                chunks.append(text[start : end + 1].strip())
            start = None
            continue
        if routine and token.token_type != TokenType.SEMICOLON and not depth:
            compound = _compound_at(tokens, index, blocks)
            if compound is not None:
                end = token.end
                if compound:
                    blocks.opened.append(compound)
                else:
                    blocks.opened.pop()
                continue
        if token.token_type == TokenType.SEMICOLON and blocks.local_subprograms:
            blocks.word(";", None, None)
        word = word_of(token)
        if start is None:
            start, first, depth = token.start, index, 0
            blocks.start(word)
            routine = dialect == "mysql" and _routine_of_one_statement(tokens[index:index + 12])
        end = token.end
        depth += (token.token_type == TokenType.L_PAREN) - (token.token_type == TokenType.R_PAREN)
        if not blocks.open and not depth and _unquoted_body(tokens, first, index):
            blocks.declaring = True  # a routine's declarations, or (T-SQL) its statements: no ';' ends it before a block does
            continue
        if word == "DECLARE" and index > first and not blocks.open and not depth and blocks.sections \
                and _in_trigger(tokens, first):  # an Oracle trigger's DECLARE section, after FOR EACH ROW / WHEN (...)
            blocks.declaring = True
            continue
        after = _following(tokens, index) if word in _LOOKS_AHEAD else None
        if after == "NOT" and word == "BEGIN" and _following(tokens, index + 1) == "ATOMIC":
            after = "ATOMIC"  # (MariaDB's BEGIN NOT ATOMIC ... END, a block; PostgreSQL's BEGIN NOT DEFERRABLE is not)
        blocks.word(word, word_of(tokens[index - 1]) if index else None, after)
    if start is not None:  # a body that ran to the end may end with its ';'
        chunks.append(text[start : end + 1].strip().rstrip(";").rstrip())
    return [chunk for chunk in chunks if chunk]


#: The compound statements of MySQL's stored programs other than BEGIN ... END, each closed by END and its word.
_COMPOUND_STATEMENTS = frozenset({"WHILE", "REPEAT", "LOOP", "IF", "CASE"})


def _compound_at(tokens: list[Token], index: int, blocks: _Blocks) -> str | None:
    """In a MySQL routine's statement, whether the token at ``index`` opens a compound statement (its word, to push:
    ``WHILE ... DO``, ``REPEAT``, ``LOOP``, ``IF ... THEN``, ``CASE`` at the top, which a body may be alone, without
    ``BEGIN ... END``: ``CREATE PROCEDURE p(x INT) WHILE x > 0 DO SET x = x - 1; INSERT ...; END WHILE``), or closes
    the one open (``""``: its ``END WHILE``); None for any other token (``IF(a, b, c)``, ``REPEAT('x', 3)``, ``IF NOT
    EXISTS``, a CASE inside a block, which the block rule reads). The body's ``;`` were cuts: its INSERT was recorded
    as run at the CREATE (MariaDB's sp tests).

    >>> split_tokenizing("create procedure a(x int) while x > 0 do set x = x - 1; insert into t values (x); end while;"
    ...                  " select 1", "mysql")
    ['create procedure a(x int) while x > 0 do set x = x - 1; insert into t values (x); end while', 'select 1']
    """
    word = word_of(tokens[index])
    before = word_of(tokens[index - 1]) if index else None
    after = tokens[index + 1] if index + 1 < len(tokens) else None
    if word == "END" and after is not None and blocks.opened and word_of(after) == blocks.opened[-1] \
            and blocks.opened[-1] in _COMPOUND_STATEMENTS:
        return ""
    if word not in _COMPOUND_STATEMENTS or before == "END" or after is None \
            or after.token_type in (TokenType.L_PAREN, TokenType.SEMICOLON) or word == "CASE" and blocks.depth:
        return None
    if word == "IF" and word_of(after) == "NOT" and index + 2 < len(tokens) and word_of(tokens[index + 2]) == "EXISTS":
        return None
    return word


#: Splitting runs outside every statement's time budget, and each cut tried costs a parse: only a text up to
#: :data:`.tsql.BATCH_CHARS` long is cut, and a piece tried spans at most this many of the words that may begin a
#: statement (an ``INSERT ... SELECT``, a CTE's ``WITH ... AS (...) SELECT`` hold some), so that a text of n such
#: words costs at most about n times this many parses of pieces, whatever its length.
_SPAN = 8


def _unterminated(chunk: str, dialect: str) -> list[str]:
    """The statements of a text between two ``;`` in a dialect whose statements need none (T-SQL): the text itself
    when it parses whole, else cut before words that begin a statement where every piece parses as a whole
    statement (``insert into a select * from b insert into c select * from d``). When no cut makes every piece one,
    the statements that do read are kept apart from the first one that does not, which runs to where the rest reads
    again (its parse error is reported; the text stays whole when nothing after it reads): a statement nobody can
    read never takes its neighbours with it unseen (a batch starting ``DECLARE ...`` was read as that declaration)."""
    if dialect not in tsql.UNTERMINATED or len(chunk) > tsql.FLATTENED_CHARS:
        return [chunk]
    try:
        tokens = tokens_of(chunk, dialect)
    except SqlglotError:
        return [chunk]
    cuts = tsql.statement_starts(tokens)
    if not cuts or _routine_with_block(tokens) or tsql.routine_batch(tokens) or _parses_whole(chunk, dialect):
        return [chunk]
    if len(chunk) > tsql.BATCH_CHARS:  # too long to try every way of cutting it (a script's batch of 830 INSERTs)
        return _cut_forward(chunk, tokens, cuts, dialect) or [chunk]
    cutting = _Cutting(chunk, tokens, cuts, dialect)
    pieces = cutting.pieces(0)
    return pieces if pieces is not None else _around_unreadable(cutting)


def _cut_forward(text: str, tokens: list[Token], cuts: list[int], dialect: str) -> list[str] | None:
    """A long batch cut into whole statements front to back, each the shortest piece that parses whole (at most
    :data:`_SPAN` cuts long): about one parse per statement. From the first piece with no such end, the rest is one
    statement nobody can read (its parse error is reported); None when that is the first (no way back is tried, as
    :class:`_Cutting` tries)."""
    points, pieces, at = [0, *cuts, len(tokens)], [], 0
    while at < len(points) - 1:
        end = next((e for e in range(at + 1, min(at + 1 + _SPAN, len(points)))
                    if _parses_whole(_Cutting.piece_of(text, tokens, points[at], points[e]), dialect)), None)
        if end is None:
            return [*pieces, text[tokens[points[at]].start:].strip()] if pieces else None
        pieces.append(_Cutting.piece_of(text, tokens, points[at], points[end]))
        at = end
    return pieces


class _Cutting:
    """The ways a text can be cut into whole statements at the words that may begin one (:func:`_unterminated`): for
    each place a piece may start, where its first piece ends when every piece from there on is a whole statement,
    found from the text's end back (each piece tried at most :data:`_SPAN` cuts long)."""

    def __init__(self, text: str, tokens: list[Token], cuts: list[int], dialect: str) -> None:
        self.text, self.tokens, self.cuts, self.dialect = text, tokens, cuts, dialect
        points = [0, *cuts]
        #: per start, the cut its first piece ends at, len(tokens) for a last piece running to the end, or None
        self.next: dict[int, int | None] = {}
        for at in range(len(points) - 1, -1, -1):
            start, found = points[at], None
            for end in points[at + 1 : at + 1 + _SPAN]:
                if self.next[end] is not None and self.whole(start, end):
                    found = end
                    break
            if found is None and len(points) - 1 - at < _SPAN and self.whole(start, len(tokens)):
                found = len(tokens)
            self.next[start] = found

    def piece(self, start: int, end: int) -> str:
        """The text from the token ``start`` to the token ``end`` (the text's end when ``end`` is past the last)."""
        return self.piece_of(self.text, self.tokens, start, end)

    @staticmethod
    def piece_of(text: str, tokens: list[Token], start: int, end: int) -> str:
        stop = tokens[end].start if end < len(tokens) else len(text)
        return text[tokens[start].start : stop].strip()

    def whole(self, start: int, end: int) -> bool:
        return _parses_whole(self.piece(start, end), self.dialect)

    def pieces(self, start: int) -> list[str] | None:
        """The whole statements the text from the token ``start`` on is cut into; None when no cutting makes them."""
        out: list[str] = []
        while start < len(self.tokens):
            end = self.next.get(start)
            if end is None:
                return None
            out.append(self.piece(start, end))
            start = end
        return out


def _around_unreadable(cutting: _Cutting) -> list[str]:
    """The pieces of a text no cut makes wholly readable: the statements that read, from the start on, then the first
    one that does not, up to the first cut after which the rest reads (:class:`_Cutting`), then that rest; the text
    whole when no rest after the unreadable statement reads. The text stays whole, as a statement nobody can read,
    where a cut could change what a piece means: a CTE's statement (its name would be a later piece's table), an
    unreadable statement of no data verb (a ``SET ...`` piece records nothing: what it holds would be lost unseen), an
    INSERT before its query."""
    text, tokens, cuts = cutting.text, cutting.tokens, cutting.cuts
    if word_of(tokens[0]) == "WITH":  # a CTE's statement: a cut would leave the CTE's name to a later piece
        return [text]
    pieces, start = [], 0
    while True:
        following = next((c for c in [c for c in cuts if c > start][:_SPAN] if cutting.whole(start, c)), None)
        if following is None:
            break
        pieces.append(cutting.piece(start, following))
        start = following
    # the unreadable statement must begin with a verb of data (a no-data verb's would be no record: its statements lost
    # unseen) and may not be an INSERT whose query a cut would take from it
    if word_of(tokens[start]) not in _DATA_VERBS:
        return [text]
    for cut in (c for c in cuts if c > start):
        if word_of(tokens[start]) == "INSERT" and word_of(tokens[cut]) in ("SELECT", "WITH", "VALUES", "EXEC", "EXECUTE"):
            continue
        rest = cutting.pieces(cut)
        if rest is not None:
            return [*pieces, cutting.piece(start, cut), *rest]
    return [text] if not pieces else [*pieces, text[tokens[start].start:].strip()]


#: The verbs an unreadable statement of a batch must begin with to be set aside alone (:func:`_around_unreadable`).
_DATA_VERBS = frozenset({"INSERT", "UPDATE", "DELETE", "MERGE", "SELECT", "CREATE", "ALTER", "DROP", "TRUNCATE"})


def _parses_whole(text: str, dialect: str) -> bool:
    """Whether ``text`` parses as one complete statement (not an opaque command, an INSERT without its rows, an UPDATE
    without its assignments)."""
    if dialect in tsql.UNTERMINATED and tsql.no_data_statement(text, dialect):
        return True
    cursor = _TSQL_CURSOR.match(text) if dialect in tsql.UNTERMINATED else None
    if cursor is not None:  # DECLARE c CURSOR [options] FOR <query> [FOR READ ONLY | UPDATE ...]: its query, whole
        return _parses_whole(_TSQL_CURSOR_UPDATABILITY.sub("", cursor.group("query")), dialect)
    try:
        check_nesting(text)
        trees = sqlglot.parse(assignments.written_out(text, dialect), read=dialect)
    except (SqlglotError, UnsupportedStatement, *SQLGLOT_FAILURES):
        return _read_otherwise(text, dialect)
    if len(trees) != 1 or trees[0] is None:
        return False
    tree = trees[0]
    if isinstance(tree, exp.Command):  # (sqlglot's command runs to the text's end: it must hold no other statement)
        return dialect in tsql.UNTERMINATED and (tsql.stands_for_another(text) or tsql.no_data_command(tree)) \
            and not tsql.statement_starts(tokens_of(text, dialect))
    if dialect in tsql.UNTERMINATED and any(not alias.quoted and alias.name.upper() in tsql.RESERVED_STARTS
                                            for node in tree.find_all(exp.Alias, exp.TableAlias)  # (a table's: this)
                                            if isinstance(alias := node.args.get("alias") or node.this,
                                                          exp.Identifier)):
        return False  # (a reserved word read as an alias: the next statement's first word)
    return not ((isinstance(tree, exp.Insert) and tree.expression is None)
                or (isinstance(tree, exp.Update) and not tree.expressions))


def _read_otherwise(text: str, dialect: str) -> bool:
    """Whether a T-SQL statement sqlglot cannot read is read all the same: one :func:`.tsql.stands_for` reads as another, or
    a form :func:`parse_statement` rewrites into one sqlglot reads (``INSERT ... EXEC``, ``DELETE TOP (n)``,
    ``OPENROWSET(BULK ...)``, a scripted CREATE TABLE ...), whole."""
    if dialect not in tsql.UNTERMINATED:
        return False
    if tsql.stands_for_another(text):
        return True
    verb = text.lstrip()[:6].upper()
    rewritten = _REWRITTEN_FORMS.get(verb.split(None, 1)[0] if verb.strip() else "")
    if rewritten is None or len(text) > _REREAD_CHARS or not _REWRITE_MARKS.search(text):
        return False  # (a parse costs: only where a rewrite may apply, for a statement of a usual length)
    try:
        tree = parse_statement(text, dialect).tree
    except (StatementError, SqlglotError, *SQLGLOT_FAILURES):
        return False
    return isinstance(tree, rewritten) and not (
        (isinstance(tree, exp.Insert) and tree.expression is None) or (isinstance(tree, exp.Update) and not tree.expressions))


#: T-SQL's ``DECLARE c CURSOR [options] FOR <query>`` (a cursor's declaration: :func:`.dispatch.declare` reads its
#: query), and how its rows may be changed after the query.
_TSQL_CURSOR = re.compile(r"\s*DECLARE\s+[\w$]+\s+(?:[A-Z_]+\s+)*?CURSOR\s+(?:[A-Z_]+\s+)*?FOR\s+"
                          r"(?P<query>(?:SELECT|WITH|\().*)", re.IGNORECASE | re.DOTALL)
_TSQL_CURSOR_UPDATABILITY = re.compile(r"(?<!\s)\s++FOR\s++(?:READ\s++ONLY|UPDATE(?:\s++OF\s++.*)?)\s*+$",
                                       re.IGNORECASE | re.DOTALL)
#: The longest piece of a batch :func:`_read_otherwise` parses again (the pieces tried grow with the cuts of a batch).
_REREAD_CHARS = 2048


#: What a T-SQL statement holds when :func:`parse_statement` may rewrite it for sqlglot (TOP, EXEC, OPENROWSET, OUTPUT,
#: a second FROM, a table hint, a scripted CREATE TABLE's storage clauses, a column's mask or encryption, a graph's
#: MATCH).
_REWRITE_MARKS = re.compile(r"\b(?:top|exec|execute|openrowset|output|rowguidcol|masked|encrypted|textimage_on)\b"
                            r"|\bindex\s*=|\bmatch\s*\(|\bcurrent\s+of\b"
                            r"|\bfrom\b.*\bfrom\b|\bon\s+\[", re.IGNORECASE | re.DOTALL)


#: The verbs of the T-SQL forms :func:`parse_statement` rewrites for sqlglot, and the trees they give.
_REWRITTEN_FORMS: dict[str, type | tuple[type, ...]] = {
    "INSERT": exp.Insert, "UPDATE": exp.Update, "DELETE": exp.Delete, "CREATE": exp.Create,
    "SELECT": (exp.Select, exp.Union), "WITH": (exp.Select, exp.Union, exp.Insert, exp.Update, exp.Delete)}


#: First keywords of the statements that may change the catalog (DDL; Spark's ``CACHE TABLE v AS query`` makes the
#: temporary view ``v``).
CATALOG_VERBS = frozenset({"CREATE", "ALTER", "DROP", "UNDROP", "REPLACE", "CACHE", "RENAME", "COMMENT", "ATTACH",
                           "DETACH", "FLASHBACK", "EXCHANGE"})


#: First keywords of a query that may end in ``INTO <table>``: ``SELECT ... INTO t`` creates ``t`` (T-SQL,
#: PostgreSQL, Redshift), so it changes the catalog as the CREATE TABLE it stands for does.
QUERY_VERBS = frozenset({"SELECT", "WITH"})
#: Tokens after ``INTO`` that name a variable, not a table (``INTO :v`` in Snowflake Scripting, ``INTO @v``).
_VARIABLE_MARKS = frozenset({TokenType.COLON, TokenType.PARAMETER})
#: Verbs whose own ``INTO`` follows them (``WITH c AS (...) INSERT INTO t ...``): no query's INTO.
_INTO_VERBS = frozenset({"INSERT", "MERGE", "OVERWRITE"})
#: The same test on a text too long to tokenize (strings and comments blanked): an INTO after no such verb,
#: before no variable (it may be inside brackets: the answer errs towards changing the catalog).
_INTO_TABLE = re.compile(r"(?<!\s)(?<!\binsert)(?<!\bmerge)(?<!\boverwrite)\s+into\b(?!\s*[:@])", re.IGNORECASE)


@lru_cache(maxsize=1024)
def _kind(keywords: tuple[str, ...], creates_table: bool = False) -> StatementKind:
    verb = keywords[0] if keywords else ""
    return StatementKind(keywords, creates_table or verb in CATALOG_VERBS or keywords[:3] == _EVOLVING_MERGE
                         or keywords[:3] == _DATABASE_COPY, commands.may_own(keywords))


#: DuckDB's ``COPY FROM DATABASE a TO b``: it makes a copy of each table of a in b.
_DATABASE_COPY = ("COPY", "FROM", "DATABASE")


#: Databricks' (and Spark's) ``MERGE WITH SCHEMA EVOLUTION INTO t ...``: its target gains the source's columns it
#: lacks, so it changes the catalog as an ``ALTER TABLE ... ADD COLUMNS`` does.
_EVOLVING_MERGE = ("MERGE", "WITH", "SCHEMA")


#: The kind of a statement whose text cannot be read (nothing to route it by).
UNREADABLE = _kind(())


def selects_into_table(tokens: list[Token]) -> bool:
    """Whether a query's tokens hold an ``INTO`` outside brackets that is no INSERT's or MERGE's and names no
    variable: a ``SELECT ... INTO t`` (also as a set operation's first branch, or after a WITH), which creates ``t``.

    >>> selects_into_table(sqlglot.tokenize("with c as (select 1 a) select a into t from c union select 2"))
    True
    >>> selects_into_table(sqlglot.tokenize("select a into :v from t")), selects_into_table(sqlglot.tokenize(
    ...     "with c as (select 1 a) insert into t select a from c"))
    (False, False)
    """
    for index, (token, depth) in enumerate(zip(tokens, depths(tokens))):
        if depth or token.token_type != TokenType.INTO or not index or word_of(tokens[index - 1]) in _INTO_VERBS:
            continue
        if index + 1 < len(tokens) and tokens[index + 1].token_type not in _VARIABLE_MARKS:
            return True
    return False


def _kind_of_tokens(keywords: tuple[str, ...], tokens: list[Token], text: str) -> StatementKind:
    """The kind of a statement tokenized whole: its first keywords', a query that creates a table changing the catalog."""
    return _kind(keywords, (_may_select_into(keywords, text) and selects_into_table(tokens))
                 or _changes_catalog_otherwise(keywords, text))


#: Iceberg's Spark procedures that make an object (:func:`.rewrites._iceberg_copies_written_out`).
_ICEBERG_COPIES = re.compile(r"\bsystem\s*+\.\s*+(?:snapshot|create_changelog_view|register_table)\s*+\(",
                             re.IGNORECASE)


def _changes_catalog_otherwise(keywords: tuple[str, ...], text: str) -> bool:
    """Whether the statement, of no DDL verb, changes the catalog all the same: T-SQL's (:func:`.tsql.changes_catalog`),
    a CALL of one of Iceberg's procedures that create a table or a view, or (in a block too) of Oracle's
    ``DBMS_RLS.ADD_POLICY`` / ``DROP_POLICY`` or ``DBMS_REDACT``'s (a policy put on a table or taken off)."""
    if "dbms_r" in lowered(text) and _VPD_CALL.search(text):
        return True
    if keywords[:1] == ("CALL",):
        return _ICEBERG_COPIES.search(text) is not None
    return tsql.changes_catalog(keywords, text)


#: Oracle's ``DBMS_RLS.ADD_POLICY`` and ``DROP_POLICY`` (:func:`.dispatch.oracle_vpd_policy`), ``DBMS_REDACT.ADD_POLICY``,
#: ``ALTER_POLICY`` and ``DROP_POLICY`` (:func:`.dispatch.oracle_redaction_policy`).
_VPD_CALL = re.compile(r"\b(?:dbms_rls\s*\.\s*(?:add|drop)|dbms_redact\s*\.\s*(?:add|alter|drop))_policy\b",
                       re.IGNORECASE)


def _may_select_into(keywords: tuple[str, ...], text: str) -> bool:
    """Whether the statement may be a query that creates a table: a query whose text holds ``into`` (a test of the
    text that spares the walk over its tokens to most queries)."""
    return bool(keywords) and keywords[0] in QUERY_VERBS and "into" in lowered(text)


def scan(text: str, dialect: str = "snowflake") -> Scan:
    """Tokenize a statement whole, once, and classify it by its first keywords (and a query by its INTO)."""
    resolved = dialect_named(dialect)
    text = _executable_opened(text, dialect)
    try:
        tokens, broken = commands.sqlglot_tokens(text, resolved)
    except Exception as err:  # noqa: BLE001 - the parse reports it; meanwhile the statement changes nothing
        return Scan(UNREADABLE, None, error=err)
    return Scan(_kind_of_tokens(commands.leading_keywords(tokens, resolved), tokens, text), tokens, broken)


def _opens_executable(text: str, dialect: str) -> bool:
    """Whether a MySQL statement opens with an executable comment (mysqldump's ``/*!50001 CREATE ... */ /*!50001 VIEW v
    AS ... */``): it is scanned as the SQL it holds, so that its kind is the statement's."""
    return dialect == "mysql" and text.lstrip()[:3] in ("/*!", "/*M")


def _executable_opened(text: str, dialect: str) -> str:
    """``text`` as :func:`scan` and :func:`classify` read it (:func:`_opens_executable`)."""
    return executable_comments_opened(text) if _opens_executable(text, dialect) else text


def classify(text: str, dialect: str = "snowflake") -> StatementKind:
    """A statement's kind from a prefix of its text, for a caller that will not parse it (a log line's
    ``changes_catalog``): the same kind as :func:`scan` finds, at the cost of a short prefix (a query that
    holds the word ``into`` is tokenized whole, to see whether it creates a table).

    >>> kind = classify("/* nightly */ create or replace table t as select 1 a")
    >>> kind.keywords, kind.changes_catalog, kind.grammar
    (('CREATE', 'OR', 'REPLACE'), True, True)
    >>> classify("select 1").changes_catalog, classify("select a into t from s", "postgres").changes_catalog
    (False, True)
    """
    try:
        text = _executable_opened(text, dialect)
        keywords = commands.statement_keywords(text, dialect)
        if not _may_select_into(keywords, text):
            return _kind(keywords, _changes_catalog_otherwise(keywords, text))
        if len(text) > SPLIT_SCAN_CHARS:  # too long to tokenize here: any INTO naming no variable may create a table
            return _kind(keywords, _INTO_TABLE.search(SKIPPED.sub(" ", text)) is not None)
        return _kind_of_tokens(keywords, commands.sqlglot_tokens(text, dialect_named(dialect))[0], text)
    except Exception:  # noqa: BLE001 - an unreadable statement changes nothing; resolving it reports why
        return UNREADABLE


def changes_catalog(text: str, dialect: str = "snowflake") -> bool:
    """Whether a statement may change the catalog (DDL), judged from its first keyword, without a parse.

    >>> changes_catalog("/* nightly */ create or replace table t as select 1 a"), changes_catalog("select 1")
    (True, False)
    """
    return classify(text, dialect).changes_catalog


def kind_of(statement: Statement, dialect: str = "snowflake") -> StatementKind:
    """The statement's kind, from its scan (made now if it has none yet; its tokens stay for its parse)."""
    if statement.scan is None:
        statement.scan = scan(statement.text, dialect)
    return statement.scan.kind


def known_kind(statement: Statement, dialect: str = "snowflake") -> StatementKind:
    """The statement's kind without tokenizing it whole: from its scan if it has one, else from a prefix
    of its text (a statement served from the cache was never scanned)."""
    return statement.scan.kind if statement.scan is not None else classify(statement.text, dialect)


def split_scanning(text: str, dialect: str = "snowflake") -> list[str]:
    """:func:`split_statements` by one linear scan: the text is cut at each ``;`` that ends a statement
    (:class:`_Blocks` and :func:`opens_body`, the rules of :func:`split_tokenizing`, for the dialect: a
    scripting block, a ``DECLARE`` section and a routine's unquoted body stay whole), outside the spans
    :data:`~.fingerprint.SKIPPED` and the dialect's own quotes and comments step over whole (comments,
    strings, quoted identifiers, ``$$`` bodies; an unclosed one runs to the end); nothing but the
    statements is held. Only the words the rules look at are read. Unlike the tokenizer, it keeps a
    comment that opens a statement as part of its text.

    >>> split_scanning("select ';' from a; /* ; */ begin select 2; end;")
    ["select ';' from a", '/* ; */ begin select 2; end']
    >>> split_scanning("create proc p as set nocount on; delete from [x;y]; select 1", "tsql")
    ['create proc p as set nocount on; delete from [x;y]; select 1']
    """
    syntax = _scan_syntax(dialect)
    blocks = _Blocks(sections=dialect in DECLARE_SECTIONS, bare_transactions=dialect not in BARE_BEGIN_BLOCKS,
                     local_subprograms=dialect in LOCAL_SUBPROGRAMS)
    chunks, start, first, head, after_end, after_execute = [], 0, None, None, -1, -1
    depth = 0  # of brackets in a routine's CREATE or ALTER (only its pattern finds them): an AS inside opens no body
    words = syntax.scanned
    match = words.search(text)
    while match is not None:
        if match.lastgroup == "paren":
            depth += 1 if match.group() == "(" else -1
        elif match.lastgroup == "semicolon":
            if not blocks.open:
                chunks.append(text[start:match.start()].strip())
                start, first, head, words, depth = match.end(), None, None, syntax.scanned, 0
                blocks.start(None)
            elif blocks.local_subprograms:
                blocks.word(";", None, None)
        elif match.lastgroup == "word":
            word = match.group().upper()
            if word in ("DECLARE", "CREATE", "ALTER"):  # only as the statement's first word
                first = syntax.blank.match(text, start).end() if first is None else first  # once per statement
                if match.start() == first and word == "DECLARE":  # a DECLARE section opens
                    blocks.start(word)
                elif match.start() == first:  # it may create or alter a routine: its AS / IS are looked at
                    words = syntax.routine
                elif word == "DECLARE" and words is syntax.routine and blocks.sections and not blocks.open \
                        and not depth:  # an Oracle trigger's DECLARE section, after FOR EACH ROW / WHEN (...)
                    head = syntax.head(text, start) if head is None else head
                    blocks.declaring = "TRIGGER" in (name for name, _ in head[:6])
            elif word in ("AS", "IS"):
                if not blocks.open and not depth:
                    head = syntax.head(text, start) if head is None else head  # once per statement
                    blocks.declaring = syntax.opens_body(text, match, head, match.start() == after_execute)
                elif blocks.local_subprograms and blocks.declaring and not blocks.depth:
                    blocks.word(word, None, _next_word(text, match.end())[0])
            elif word in DECLARED_WORDS and blocks.local_subprograms and not blocks.depth and (
                    blocks.declaring or word == "COMPOUND"):
                blocks.word(word, None, _next_word(text, match.end())[0] if word in _LOOKS_AHEAD else None)
            elif word == "EXECUTE":  # EXECUTE AS CALLER names whose rights a routine runs with
                after_execute = syntax.blank.match(text, match.end()).end()
            elif word == "BEGIN" or blocks.depth:  # at depth 0 an END or a CASE changes nothing
                after_end = _block_word_scanned(text, match, word, blocks, after_end)
        match = words.search(text, match.end())
    chunks.append(text[start:].strip().rstrip(";").rstrip())  # a body that ran to the end may end with its ';'
    return [chunk for chunk in chunks if chunk]


def _block_word_scanned(text: str, match: re.Match, word: str, blocks: _Blocks, after_end: int) -> int:
    """Give ``blocks`` the word ``word`` that ``match`` found (a ``BEGIN``, or a word in a block), with the word after
    it and the marks next to it as the tokens give them; where the word after it starts when it is an ``END`` (a
    ``CASE`` there is ``END CASE``), else ``after_end``: where the word after the last ``END`` starts."""
    after, at = _next_word(text, match.end()) if word in _LOOKS_AHEAD else (None, -1)
    if after == "NOT" and word == "BEGIN" and _next_word(text, at + 3)[0] == "ATOMIC":
        after = "ATOMIC"  # (MariaDB's BEGIN NOT ATOMIC ... END, a block)
    before = "@" if match.start() and text[match.start() - 1] == "@" else None
    if word == "END":  # the marks next to it, as the tokens give them (:data:`_BEFORE_NAME`)
        before, after = before or _mark_before(text, match.start()), after or _mark_after(text, match.end())
    blocks.word(word, "END" if match.start() == after_end else before, after)
    return at if word == "END" else after_end  # where the word after this END starts: a CASE there is END CASE


#: A dollar-quoted string with a tag (PostgreSQL's ``$body$ ... $body$``; an unclosed one runs to the end).
_TAGGED_DOLLARS = r"\$(?P<tag>[^\W\d]\w*+)\$(?:.*?\$(?P=tag)\$|.*)"
#: The words :class:`_Blocks` looks at and the verbs that may start a routine's CREATE or ALTER; and in such a
#: statement, the words :func:`opens_body` looks at too (most statements have many AS, none a body).
_BLOCK_WORDS, _ROUTINE_WORDS = "begin|end|case|declare|create|alter", "begin|end|case|declare|as|is|execute"
#: PL/SQL's words of local subprograms and compound triggers, which the scan matches too (:data:`DECLARED_WORDS`).
_LOCAL_WORDS = "|as|is|procedure|function|before|after|instead|compound"


@dataclass(frozen=True, slots=True)
class _ScanSyntax:
    """What :func:`split_scanning` needs of a dialect's lexical syntax, from its sqlglot tokenizer's settings."""

    scanned: re.Pattern  # a span to step over, a ``;``, or a word of :data:`_BLOCK_WORDS`
    routine: re.Pattern  # the same with :data:`_ROUTINE_WORDS` and brackets, for a statement that starts with CREATE or ALTER
    blank: re.Pattern  # whitespace and comments only
    token: re.Pattern  # one token after whitespace and comments: a word, a span stepped over, anything else
    following: re.Pattern  # what follows a position, as :func:`opens_body` takes it

    def head(self, text: str, start: int) -> list[tuple[str | None, int]]:
        """The first (up to eight) tokens of the statement starting at ``start``, as :func:`opens_body` takes them
        (a word upper-cased, None for a string or quoted name, else the text), with where each starts."""
        tokens, position = [], start
        while len(tokens) < 8:
            match = self.token.match(text, position)
            if match is None:
                break
            kind = match.lastgroup
            tokens.append((match.group(kind).upper() if kind == "word" else None if kind == "skipped" else match.group(kind),
                           match.start(kind)))
            position = match.end()
        return tokens

    def opens_body(self, text: str, match: re.Match, head: list[tuple[str | None, int]], executes: bool) -> bool:
        """:func:`opens_body` for the ``AS`` / ``IS`` of ``match``, in the statement whose first tokens are ``head``;
        ``executes``: the word before it is ``EXECUTE``."""
        if _DECLARING.isdisjoint(word for word, _ in head):
            return False  # a CREATE TABLE ... AS, a view: no need to look further
        before = [word for word, at in head if at < match.start()]
        following = self.following.match(text, match.end())
        kind = following.lastgroup
        word = (following.group(kind).upper() if kind == "word" else "'" if kind == "quote" else "(" if kind == "paren"
                else "" if kind == "end" else None)
        preceding = _COMMENTS.sub(" ", text[max(0, match.start() - 256):match.start()])
        previous = _LAST_WORD.search(preceding)
        return opens_body(before, "EXECUTE" if executes else previous[1].upper() if previous else None,
                          match.group().upper(), word)


#: The word that ends a text (before an ``AS``, in the scanning splitter, its comments left out).
_LAST_WORD = re.compile(r"(\w+)\s*$")
_COMMENTS = re.compile(r"--[^\n]*|/\*.*?\*/", re.DOTALL)


@lru_cache(maxsize=None)
def _scan_syntax(dialect: str) -> _ScanSyntax:
    """The dialect's spans beyond :data:`~.fingerprint.SKIPPED` (tagged ``$`` quotes, ``[bracketed]`` names, ``#``
    comments), its string quotes, and the patterns :func:`split_scanning` matches with them."""
    tokenizer = Dialect.get_or_raise(dialect).tokenizer_class
    spans, comments = [], [COMMENT]
    if "$" in tokenizer.HEREDOC_STRINGS:
        spans.append(_TAGGED_DOLLARS)
    for opener in tokenizer.IDENTIFIERS:
        if isinstance(opener, tuple) and opener[0] != opener[1]:  # T-SQL's [name], ]] for a ]
            close = re.escape(opener[1])
            spans.append(rf"{re.escape(opener[0])}(?:[^{close}]|{close}{close})*+(?:{close}|\Z)")
    if "#" in tokenizer.COMMENTS:
        comments.append(r"#[^\n]*")
    skipped = "|".join([*spans, *comments[1:], SKIPPED.pattern])
    blank = rf"(?:\s++|{'|'.join(comments)})*+"
    quotes = "".join(sorted({re.escape(q[0] if isinstance(q, str) else q[0][0]) for q in tokenizer.QUOTES} | {"'", r"\$"}))

    local = _LOCAL_WORDS if dialect in LOCAL_SUBPROGRAMS else ""

    def words(names: str, brackets: str = "") -> re.Pattern:
        return re.compile(rf"(?:{skipped})|(?P<semicolon>;)|(?P<word>(?<![\w$])(?i:{names})(?![\w$])){brackets}",
                          re.DOTALL)

    return _ScanSyntax(
        scanned=words(_BLOCK_WORDS + local), routine=words(_ROUTINE_WORDS + local, r"|(?P<paren>[()])"),
        blank=re.compile(blank, re.DOTALL),
        token=re.compile(rf"{blank}(?:(?P<skipped>{skipped})|(?P<word>[^\W\d][\w$]*+)|(?P<other>\d[\w.]*+|\S))", re.DOTALL),
        following=re.compile(rf"{blank}(?:(?P<quote>[{quotes}])|(?P<paren>\()|(?P<word>[^\W\d][\w$]*+)|(?P<end>\Z))?",
                             re.DOTALL))


#: The next word after a position, as :class:`_Blocks` takes it: whitespace and comments stepped over.
_NEXT_WORD = re.compile(rf"(?:\s++|{COMMENT})*+(?:(?P<word>[^\W\d][\w$]*+)|(?P<semicolon>;)|(?P<end>\Z))?", re.DOTALL)


def _mark_before(text: str, position: int) -> str | None:
    """The character before ``position`` past white space, when it is one of :data:`_BEFORE_NAME`."""
    while position and text[position - 1].isspace():
        position -= 1
    return text[position - 1] if position and text[position - 1] in _BEFORE_NAME else None


def _mark_after(text: str, position: int) -> str | None:
    """The character at ``position`` past white space, when it is one of :data:`_AFTER_NAME`."""
    while position < len(text) and text[position].isspace():
        position += 1
    return text[position] if position < len(text) and text[position] in _AFTER_NAME else None


def _next_word(text: str, position: int) -> tuple[str | None, int]:
    """The word after ``position`` (upper-cased; ``";"``, ``""`` at the end, None for anything else) and where it starts."""
    match = _NEXT_WORD.match(text, position)
    kind = match.lastgroup
    word = match.group(kind).upper() if kind == "word" else ";" if kind == "semicolon" else "" if kind == "end" else None
    return word, match.start(kind) if kind else -1


@dataclass(frozen=True, slots=True)
class Parsed:
    """One parsed statement: a sqlglot tree, or a node of the platform's command grammar; and its kind."""

    text: str
    tree: exp.Expression | None = None
    command: object | None = None
    kind: StatementKind = UNREADABLE

    @property
    def node(self) -> object:
        """What :mod:`.dispatch` routes by: the command grammar's node, else sqlglot's tree."""
        return self.command if self.command is not None else self.tree


def release(parsed: Parsed) -> None:
    """Free a parse the engine is done with now, by reference counting: every node of sqlglot's tree points
    to its parent, so a dropped tree is a web of cycles that only the cyclic garbage collector frees, at
    three to five times the cost of cutting the parent links and letting go (the 363 TPC trees: 0.16-0.24 s
    of a collection against 0.05 s). The tree must not be used afterwards."""
    if parsed.tree is None:
        return
    stack = [parsed.tree]
    while stack:
        node = stack.pop()
        node.parent = None
        stack.extend(node.iter_expressions())


@dataclass(frozen=True, slots=True)
class Unparsed:
    """A statement known by its form alone (its verb and the kind of object it names, ``"ALTER WAREHOUSE"``),
    never parsed: a form :mod:`.dispatch` records nothing for, whatever its options say."""

    form: str


#: Words between a statement's verb and the kind of object it names.
_COMMAND_TOKENS = frozenset({TokenType.COMMAND, TokenType.EXECUTE, TokenType.RENAME})  # (RENAME: MySQL's RENAME USER)
_FORM_MODIFIERS = frozenset({"OR", "REPLACE", "IF", "NOT", "EXISTS", "TEMPORARY", "TEMP", "TRANSIENT", "ON",
                             "EDITIONABLE", "NONEDITIONABLE"})  # (Oracle's, as DBMS_METADATA writes every CREATE)


def _declares_block(tokens: list[Token]) -> bool:
    """A ``DECLARE ...`` that opens a block (``DECLARE ... BEGIN ... END``), not a variable's or cursor's declaration."""
    return any(opens_block(tokens, index) for index, token in enumerate(tokens) if _is_begin(token))


def form_words(tokens: list[Token], limit: int = 4, dialect: str = "snowflake") -> list[str]:
    """A statement's verb and the words after it that name the kind of object (``OR REPLACE``, ``IF
    [NOT] EXISTS`` and ``ON`` skipped; ``CREATE OR ALTER`` keeps its verb), upper-cased, at most
    ``limit`` of them; the candidates of :func:`parse_statement`'s ``unparsed`` forms.

    >>> form_words(sqlglot.tokenize("create or replace storage integration i type = external_stage"))
    ['CREATE', 'STORAGE', 'INTEGRATION', 'I']
    """
    if tokens and tokens[0].token_type is HIVE_STREAM:  # Athena's mark of Hive's DDL (and DESCRIBE, SHOW ...)
        tokens = tokens[1:]
    declares = tokens and word_of(tokens[0]) == "DECLARE" and (dialect in DECLARE_SECTIONS or _declares_block(tokens))
    if tokens and (declares or opens_block(tokens, 0)):
        return ["BLOCK"]
    words: list[str] = []
    for index, token in enumerate(tokens):
        if index == 1 and tokens[0].token_type in _COMMAND_TOKENS and token.token_type is TokenType.STRING:
            for text in _COMMAND_WORDS.findall(token.text):  # the tokenizer keeps a command's remainder as one
                # string (a word before a bracket stands alone: EXECUTE IMMEDIATE(v) is EXECUTE IMMEDIATE (v)'s)
                if not _take_word(text, words, limit):
                    break
            break
        if token.token_type in (TokenType.STRING, TokenType.IDENTIFIER) or not _take_word(token.text, words, limit):
            break
    return words


#: The pieces of an opaque command's remainder :func:`form_words` reads: runs of other characters, and ``(``.
_COMMAND_WORDS = re.compile(r"[^\s(]+|\(")


def _take_word(text: str, words: list[str], limit: int) -> bool:
    """Add ``text`` to a statement's form words (:func:`form_words`) unless it is a modifier; whether to go on
    (False at a text that is no word, or once there are ``limit`` words): the tokens after them are never looked at."""
    if not (text[:1].isalpha() or text[:1] == "_"):
        return False
    word = text.upper()
    if words and (word in _FORM_MODIFIERS or (word == "ALTER" and words[-1:] == ["CREATE"])):
        return True
    words.append(word)
    return len(words) < limit


#: The start of MySQL's executable comment, ``/*! sql */`` or ``/*!50001 sql */`` (run by servers from that version
#: on: every server now; MariaDB's ``/*M! ... */`` too), as mysqldump writes a view's CREATE and a newer column type.
_EXECUTABLE_COMMENT = re.compile(r"/\*M?!\d{0,6}")


def executable_comments_opened(text: str) -> str:
    """``text`` with MySQL's executable comments written as the SQL they hold (found in one pass: an opening never
    closed ends the search, so hostile text stays linear).

    >>> executable_comments_opened("/*!50001 CREATE ALGORITHM=UNDEFINED */ /*!50001 VIEW v AS SELECT 1 */")
    ' CREATE ALGORITHM=UNDEFINED   VIEW v AS SELECT 1 '
    >>> executable_comments_opened("create table g (id int, /*!50705 p point,*/ n text) /* a comment */ /*! x")
    'create table g (id int,  p point, n text) /* a comment */ /*! x'
    """
    pieces, done = [], 0
    while (opening := _EXECUTABLE_COMMENT.search(text, done)) is not None:
        closing = text.find("*/", opening.end())
        if closing < 0:
            break
        pieces += [text[done:opening.start()], text[opening.end():closing]]
        done = closing + 2
    return "".join(pieces) + text[done:] if pieces else text


def parse_statement(text: str, dialect: str = "snowflake", scanned: Scan | None = None,
                    unparsed: frozenset[str] = frozenset()) -> Parsed:
    """Parse one statement from its scan (``scanned``, made here if not given: the statement is tokenized
    once); raise :class:`UnsupportedStatement` with the parser's reason when it fails. A statement whose
    verb and object kind (or verb alone) is one of the ``unparsed`` forms is not parsed: it is that form."""
    if dialect == "exasol" and _EXASOL_SCRIPT.match(text):  # its body is code of another language: not SQL to parse
        return Parsed(text, command=Unparsed("CREATE SCRIPT"), kind=_kind(("CREATE", "SCRIPT")))
    text, scanned = _scanned_as_read(text, dialect, scanned)
    tokens, scanned.tokens = scanned.tokens, None  # the parse below is their last use
    check_nesting(text)
    if scanned.error is not None:
        raise scanned.error
    broken = scanned.broken
    if tokens is not None and broken is None and all(token.token_type == TokenType.SEMICOLON
                                                     for token in tokens):  # white space, comments, ';' only
        comments = ", only comments" if text.strip().strip(";").strip() else ""
        raise EmptyStatement(f"empty statement: the text holds no SQL{comments}")
    if tokens and dialect in tsql.UNTERMINATED and "$(" in text:
        tsql.check_no_sqlcmd_variable(tokens)
    if tokens and broken is None and dialect in assignments.DIALECTS and not _routine_with_block(tokens):
        text, tokens = _assignments_written_out(text, tokens, dialect)  # a routine's body is kept as written
    kind = scanned.kind
    if tokens and broken is None:
        verb = [word_of(token) for token in tokens[:2]]
        text, tokens = rewrites.readable(text, tokens, dialect)
        if tokens and [word_of(token) for token in tokens[:2]] != verb:
            # written as another verb's form (MySQL's RENAME TABLE, an ALTER), or another object's (Oracle's PLUGGABLE
            # DATABASE a DATABASE)
            kind = scan(text, dialect).kind
    parsed = (_unparsed_form(text, tokens, kind, dialect, unparsed) if unparsed and tokens else None) \
        or _parsed_without_sqlglot(text, tokens, broken, kind, dialect)
    if parsed is not None:
        return parsed
    try:
        tree = ((None if broken else copy_from_table_stage(text, tokens, dialect))
                or sqlglot_parse(text, dialect, tokens, broken))  # nesting checked above
    except SqlglotError as err:
        parsed = _kept_opaque(text, tokens, kind, dialect)
        if parsed is not None:
            return parsed
        tree = _tree_read_otherwise(text, tokens, broken, dialect)
        if tree is None:
            uncut = _uncut_batch(text, tokens, dialect) or _run_together(text, tokens, dialect)
            raise UnsupportedStatement(f"cannot parse: {first_line(err)}{uncut}") from None
    except SQLGLOT_FAILURES as err:
        raise UnsupportedStatement(
            f"cannot parse: the parser failed ({type(err).__name__}: {first_line(err)})") from None
    if tree is None:  # (tokens the parser made nothing of: not known to be empty)
        raise UnsupportedStatement("empty statement")
    if isinstance(tree, exp.Block) and _routine_with_block(tokens):  # sqlglot split its body at the ';': kept opaque
        return Parsed(text, tree=exp.Command(this="CREATE", expression=exp.Literal.string(text)), kind=kind)
    tree = _misread_corrected(_whole_statement_read(tree, text, tokens, dialect), text, tokens, broken, dialect)
    return Parsed(text, tree=from_text(name_calls(tree, text, dialect), text), kind=kind)


def _scanned_as_read(text: str, dialect: str, scanned: Scan | None) -> tuple[str, Scan]:
    """The statement's text as it is read, and its scan (made here when not given or when the text changed): MySQL's
    executable comments opened (``/*!50003 CREATE ...*/``: SQL), and unquoted locations quoted (``//`` opened a
    comment)."""
    if dialect == "mysql" and "/*" in text:
        opened = executable_comments_opened(text)
        if opened != text:  # read again: what was a comment is SQL (unless the scan read it so, as it reads a
            text, scanned = opened, scanned if _opens_executable(text, dialect) else None  # statement it opens)
    quoted = quoted_locations(text, dialect)
    if quoted is not text:  # read again: an unquoted location's ``//`` opened a comment in the scan
        text, scanned = quoted, scan(quoted, dialect)
    if scanned is None or (scanned.tokens is None and scanned.error is None):
        scanned = scan(text, dialect)
    return text, scanned


def _unparsed_form(text: str, tokens: list[Token], kind: StatementKind, dialect: str,
                   unparsed: frozenset[str]) -> Parsed | None:
    """The statement as the longest of the ``unparsed`` forms its first words are (:func:`form_words`), never
    parsed; None when it is none of them. A T-SQL block left whole is one: raise :class:`UnsupportedStatement`
    saying why it was not taken apart."""
    words = form_words(tokens, dialect=dialect)
    for size in range(len(words), 0, -1):
        form = " ".join(words[:size])
        if form in unparsed and dialect in DIALECT_FORMS.get(form, (dialect,)):
            if words[0] == "BLOCK" and dialect in tsql.UNTERMINATED:  # (not taken apart by the flattening)
                why = f"over {tsql.FLATTENED_CHARS // 1024} KiB" if len(text) > tsql.FLATTENED_CHARS \
                    else "whose control of flow could not be read"
                raise UnsupportedStatement(f"a T-SQL block {why}: its statements are not taken apart (split the "
                                           "batch, or log its statements one by one)")
            return Parsed(text, command=Unparsed(" ".join(words[:size])), kind=kind)
    return None


def _parsed_without_sqlglot(text: str, tokens: list[Token] | None, broken: Exception | None, kind: StatementKind,
                            dialect: str) -> Parsed | None:
    """The statement read before sqlglot's parser is asked: an Oracle materialized view log
    (:func:`materialized_view_log`), a statement of the platform's grammar (:mod:`.commands`), T-SQL's ``RETURN
    [status]``, BigQuery's ``ASSERT``; None for any other."""
    log = materialized_view_log(tokens, dialect) if tokens and broken is None else None
    if log is not None:
        return Parsed(text, tree=log, kind=kind)
    if kind.grammar:
        resolved = Dialect.get_or_raise(dialect)
        try:
            command = commands.parse_command(
                text, dialect=dialect, tokens=commands.from_sqlglot(tokens, broken is not None, text, resolved))
        except commands.CommandSyntaxError as err:
            raise UnsupportedStatement(f"cannot parse: {err}") from None
        if command is not None:
            return Parsed(text, command=command, kind=kind)
    if dialect in tsql.UNTERMINATED and tokens and word_of(tokens[0]) == "RETURN" and "select" not in text.lower():
        return Parsed(text, tree=exp.Command(this="RETURN"), kind=kind)  # T-SQL's RETURN [status]: leaves the batch
    if dialect == "bigquery" and tokens and word_of(tokens[0]) == "ASSERT" and broken is None:
        return Parsed(text, tree=assertion(text, tokens, dialect), kind=kind)
    return None


def _kept_opaque(text: str, tokens: list[Token] | None, kind: StatementKind, dialect: str) -> Parsed | None:
    """A statement sqlglot cannot parse that is known nonetheless: a routine or a stage kept opaque, as sqlglot keeps a
    CREATE it cannot read (registered from its tokens), or an anonymous procedure's call (``WITH p AS PROCEDURE ...
    CALL p()``, the grammar's); None for any other."""
    if _routine_with_block(tokens) or _stage(tokens) or _routine(tokens) or (
            dialect == "mysql" and _routine_of_one_statement(tokens)):
        # kept opaque, as sqlglot keeps a CREATE it cannot read: registered from its tokens
        return Parsed(text, tree=exp.Command(this="CREATE", expression=exp.Literal.string(text)), kind=kind)
    if _anonymous_procedure(tokens):  # WITH p AS PROCEDURE ... CALL p(): the grammar's
        return Parsed(text, command=_anonymous_call(text, dialect), kind=kind)
    return None


def _tree_read_otherwise(text: str, tokens: list[Token] | None, broken: Exception | None,
                         dialect: str) -> exp.Expression | None:
    """The tree of a statement sqlglot cannot parse, read by the platform: a CREATE whose clauses it reads
    (:func:`_readable_create`), another form it knows (:func:`.whole_forms.other_form`), or a ``COMMENT`` kept
    opaque; None when it is none of them."""
    tree = (_readable_create(text, dialect, None if broken else tokens)
            or (None if broken else other_form(text, tokens, dialect)))
    if tree is None and tokens and word_of(tokens[0]) == "COMMENT" and not broken:
        # COMMENT ON FUNCTION f(text[]), which sqlglot cannot read: kept opaque, as it keeps other COMMENTs, and
        # read by the grammar's rule (dispatch)
        tree = exp.Command(this="COMMENT", expression=exp.Literal.string(text))
    return tree


def _whole_statement_read(tree: exp.Expression, text: str, tokens: list[Token] | None,
                          dialect: str) -> exp.Expression:
    """sqlglot's ``tree`` of the statement, or the platform's reading of the whole statement where sqlglot's falls
    short: Redshift Spectrum's ``TABLE PROPERTIES (...)`` of a CREATE, and a statement sqlglot keeps as a
    ``Command`` (a database from a share, a replica or a backup; a CREATE, a COPY, another form it cannot read)."""
    if isinstance(tree, exp.Create) and "properties" in lowered(text) and tree.find(exp.ExternalProperty) \
            and tokens and any(word_of(first) == "TABLE" and word_of(second) == "PROPERTIES"
                               for first, second in zip(tokens, tokens[1:])):
        # Redshift Spectrum's TABLE PROPERTIES (...), which sqlglot reads as the new table's query ("TABLE x")
        tree = _readable_create(text, dialect, tokens) or tree
    if isinstance(tree, exp.Command):
        head = database_head(text, tokens)
        if head is not None:  # a database from a share, a replica or a backup: created, its contents unknown
            tree = sqlglot.parse_one(head[0], read=dialect)
            tree.meta[CONTENTS_UNKNOWN] = head[1]
        else:
            tree = (_readable_create(text, dialect, tokens) or copy_with_format_name(text, tokens, dialect)
                    or (other_form(text, tokens, dialect) if tokens else None) or tree)
    return tree


def _misread_corrected(tree: exp.Expression, text: str, tokens: list[Token] | None, broken: Exception | None,
                       dialect: str) -> exp.Expression | None:
    """``tree`` with what sqlglot misreads read as the statement says: a Databricks table's location, a COPY's
    columns by position, comma joins, JSON arrows and other misread forms, T-SQL's ``'alias' = value``, ClickHouse's
    forms, BigQuery's chained and qualified calls, a name given by ``IDENTIFIER(...)``, PostgreSQL's other built-ins."""
    if dialect == "databricks" and isinstance(tree, exp.Create):
        copy_location(tree)
    if isinstance(tree, exp.Copy) and tokens and rules_for(dialect).copy_by_name:
        tree = copy_by_position(text, tokens, dialect) or tree
    tree = comma_joins(tree, text, dialect, None if broken else tokens)  # while its names keep their places
    tree = misread_forms(json_arrows(tree, text, dialect), text, dialect)
    if dialect == "tsql" and _STRING_ALIAS.search(text):
        tree = string_aliases(tree, dialect)
    if dialect == "clickhouse":
        tree = clickhouse.tree_read(tree)
    if dialect == "bigquery" and _CHAINED_CALL.search(text):
        tree = chained_calls(tree)
    if dialect == "bigquery" and tree is not None and _NULLS_CLAUSE.search(text):
        tree = qualified_calls(tree)
    if rules_for(dialect).identifier_calls and "identifier" in lowered(text):
        tree = _named_by_identifier(tree)
    elif dialect == "snowflake" and tree is not None and "identifier" in lowered(text):
        tree = _identifier_expressions(tree, dialect)
    if dialect == "postgres" and tree is not None and _OTHER_BUILT_INS.search(text):
        tree = _other_built_ins_called(tree, text, dialect)
    return tree


#: A string then ``=``: perhaps T-SQL's ``'Alias' = expression`` in a select list (:func:`.parsing.string_aliases`)
_STRING_ALIAS = re.compile(r"'\s*=")
#: ``IGNORE NULLS`` or ``RESPECT NULLS``, after which sqlglot reads a dataset's call as a column
#: (:func:`qualified_calls`).
_NULLS_CLAUSE = re.compile(r"\b(?:ignore|respect)\s++nulls\b", re.IGNORECASE)
#: Where a BigQuery chained function call may be (``(x).F(``, ``'a'.F(``).
_CHAINED_CALL = re.compile(r"""[)'"]\s*+\.\s*+[A-Za-z_]\w*+\s*+\(""")


def _uncut_batch(text: str, tokens: list[Token] | None, dialect: str) -> str:
    """Why a T-SQL batch may not parse: over :data:`.tsql.BATCH_CHARS`, its statements are cut apart where no ``;``
    ends them only front to back (:func:`_cut_forward`); empty otherwise."""
    if dialect not in tsql.UNTERMINATED or len(text) <= tsql.BATCH_CHARS or not tokens \
            or not tsql.statement_starts(tokens):
        return ""
    return (f" (a T-SQL batch over {tsql.BATCH_CHARS // 1024} KiB is cut where no ';' ends its statements only when "
            "each piece from the front parses whole)")



#: How many lines that may begin another statement :func:`_run_together` tries, the first ones: each try parses the
#: text before the line, so a hostile text of many such lines is not parsed once per line.
_RUN_TOGETHER_TRIES = 3
#: The words that begin a statement where a line of a text that does not parse begins another (:func:`_run_together`).
_STATEMENT_VERBS = frozenset({"SELECT", "INSERT", "UPDATE", "DELETE", "MERGE", "CREATE", "ALTER", "DROP", "TRUNCATE",
                              "WITH", "GRANT", "CALL", "COPY"})


def _run_together(text: str, tokens: list[Token] | None, dialect: str) -> str:
    """Why a statement may not parse: a line of it begins another statement, no ';' between them, the text before
    that line a statement of its own; empty otherwise (and in T-SQL, whose statements need no ';').

    >>> sql = "select a from t\\nselect b from u"
    >>> _run_together(sql, tokens_of(sql, "snowflake"), "snowflake")
    " (line 2 begins another statement, SELECT, with no ';' before it)"
    """
    if dialect in tsql.UNTERMINATED or not tokens:
        return ""
    starts = [at for at in tsql.statement_starts(tokens) if word_of(tokens[at]) in _STATEMENT_VERBS
              and "\n" in text[tokens[at - 1].end + 1:tokens[at].start]]
    for at in starts[:_RUN_TOGETHER_TRIES]:  # (a parse of the text before each: a few, not one per line)
        try:
            alone = sqlglot.parse(text[:tokens[at].start], read=dialect)
        except (SqlglotError, *SQLGLOT_FAILURES):  # (sqlglot's parser fails in its own ways on some texts)
            continue
        if len(alone) == 1 and alone[0] is not None:
            line = text.count("\n", 0, tokens[at].start) + 1
            return f" (line {line} begins another statement, {word_of(tokens[at])}, with no ';' before it)"
    return ""


def _named_by_identifier(tree: exp.Expression) -> exp.Expression:
    """Databricks' and Spark's ``IDENTIFIER('db.t')``, which sqlglot reads as a call (``FROM IDENTIFIER(...)``) or as
    a table named IDENTIFIER with a column list (``INSERT INTO IDENTIFIER(...)``), as the name it spells, as
    Snowflake's is read.

    >>> target = _named_by_identifier(sqlglot.parse_one("insert into identifier('main.s.t') select 1", read="databricks")).this
    >>> type(target.this).__name__, target.this.name
    ('DynamicIdentifier', 'main.s.t')
    """
    def named(node: exp.Expression) -> exp.Expression:
        if isinstance(node, exp.Table) and isinstance(node.this, exp.Anonymous) and node.this.name.upper() == "IDENTIFIER" \
                and len(node.this.expressions) == 1 and not node.args.get("db"):
            named_table = node.copy()
            named_table.set("this", exp.DynamicIdentifier(this=node.this.expressions[0].copy()))
            return named_table
        if (isinstance(node, exp.Schema) and isinstance(node.this, exp.Table) and not node.this.args.get("db")
                and isinstance(node.this.this, exp.Identifier) and not node.this.this.quoted
                and node.this.name.upper() == "IDENTIFIER" and len(node.expressions) == 1
                and not isinstance(node.expressions[0], (exp.Identifier, exp.ColumnDef, exp.Column))):
            return exp.Table(this=exp.DynamicIdentifier(this=node.expressions[0].copy()))
        return node

    return tree.transform(named, copy=False)


def _identifier_expressions(tree: exp.Expression, dialect: str) -> exp.Expression:
    """Snowflake's ``IDENTIFIER('c')`` where an expression stands (a column: "``SELECT IDENTIFIER($col) FROM t``")
    as the column its string spells, and ``IDENTIFIER('db.s.f')(x)`` as the call of the function it spells, as if
    written by name. Its table's (``FROM IDENTIFIER('db.s.t')``) is read by :meth:`.names.Naming.table_parts`. A
    session variable's (``IDENTIFIER($c)``) the log does not give is an :class:`UnsupportedStatement`.

    >>> tree = sqlglot.parse_one("select identifier('email'), identifier('db.s.f')(x) from t", read="snowflake")
    >>> _identifier_expressions(tree, "snowflake").sql("snowflake")
    'SELECT "EMAIL", "DB"."S"."F"(x) FROM t'
    """
    def named(node: exp.Expression) -> exp.Expression:
        if not isinstance(node, exp.DynamicIdentifier) or not isinstance(
                node.find_ancestor(exp.Table, exp.Property, exp.Query, exp.DML), (exp.Query, exp.DML)):
            return node  # (an object's name: a table's, a tag's, a schema's)
        parts = naming.spelled(node)
        written = ".".join(exp.to_identifier(part, quoted=True).sql(dialect=dialect) for part in parts)
        if "expressions" not in node.args:
            return exp.column(*reversed([exp.to_identifier(part, quoted=True) for part in parts[-4:]]))
        arguments = ", ".join(argument.sql(dialect=dialect) for argument in node.expressions)
        try:  # (parsed as written by name: a built-in function's name gives the built-in)
            return sqlglot.parse_one(f"SELECT {written}({arguments})", read=dialect).selects[0]
        except SqlglotError:
            raise UnsupportedStatement(f"IDENTIFIER({node.this.sql(dialect=dialect)})(...): the call cannot be read "
                                       "by the name it spells") from None

    naming = naming_for(dialect)
    return tree.transform(named, copy=False)


#: Names sqlglot reads as its built-in functions that PostgreSQL has none of (other dialects' ``nvl``, ``ifnull``,
#: ``group_concat`` ...): in PostgreSQL they call a user's function (pagila's ``group_concat``, an Oracle port's
#: ``nvl``), of the catalog or not.
_OTHER_BUILT_IN_NAMES = frozenset({"nvl", "nvl2", "ifnull", "group_concat", "instr", "iif", "datediff", "len",
                                   "charindex", "locate", "to_boolean", "ucase", "lcase"})
_OTHER_BUILT_INS = re.compile(rf"\b(?:{'|'.join(_OTHER_BUILT_IN_NAMES)})\s*+\(", re.IGNORECASE)


def _other_built_ins_called(tree: exp.Expression, text: str, dialect: str) -> exp.Expression:
    """``tree`` (parsed from ``text``) with each call sqlglot read as a built-in PostgreSQL lacks
    (:data:`_OTHER_BUILT_IN_NAMES`) as the call of a function of that name, its arguments as written.

    >>> sql = "select group_concat(first_name), nvl(a, b), coalesce(c, d) from actor"
    >>> _other_built_ins_called(sqlglot.parse_one(sql, read="postgres"), sql, "postgres").sql("postgres")
    'SELECT GROUP_CONCAT(first_name), NVL(a, b), COALESCE(c, d) FROM actor'
    """
    def called(node: exp.Expression) -> exp.Expression:
        start, end = node.meta.get("start"), node.meta.get("end")
        if not isinstance(node, exp.Func) or isinstance(node, exp.Anonymous) or not isinstance(start, int) \
                or not isinstance(end, int) or text[start:end + 1].lower() not in _OTHER_BUILT_IN_NAMES:
            return node
        tokens = tokens_of(text[end + 1:], dialect)
        close = group_end(tokens, 0)
        if close <= 1 or tokens[close - 1].token_type != TokenType.R_PAREN:
            return node
        arguments = text[end + 1:end + 1 + tokens[close - 1].end + 1]
        try:
            call = sqlglot.parse_one(f"SELECT ahp_call{arguments}", read=dialect).selects[0]
        except SqlglotError:
            return node
        if not isinstance(call, exp.Anonymous):
            return node
        call.set("this", text[start:end + 1])
        return call

    return tree.transform(called, copy=False)


def _assignments_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The statement with its compound assignments written out (:mod:`.assignments`), and its tokens."""
    written = assignments.written_out(text, dialect, tokens)
    return (text, tokens) if written is text else (written, Dialect.get_or_raise(dialect).tokenize(written))


def _readable_create(text: str, dialect: str, tokens: list[Token] | None) -> exp.Create | None:
    """A CREATE sqlglot cannot read, read without the clauses no record depends on (:mod:`.create_clauses`)."""
    first = next((token for token in tokens or () if token.token_type is not HIVE_STREAM), None)  # past Athena's mark
    if first is None or first.token_type != TokenType.CREATE:
        return None
    readable = readable_create(text, dialect, tokens)
    if readable is None:
        return None
    try:
        tree = parse_sql(readable, dialect)
    except SqlglotError:
        return None
    if not isinstance(tree, exp.Create):
        return None
    if [word_of(token) for token in tokens[-3:]] == ["WITH", "NO", "DATA"]:  # left out above: a materialized view
        # created empty (PostgreSQL's), kept as the property a CTAS's is read as
        properties = tree.args.get("properties") or exp.Properties(expressions=[])
        properties.append("expressions", exp.WithDataProperty(no=True))
        tree.set("properties", properties)
    return tree


def _with_functions(text: str, dialect: str) -> tuple[str, str]:
    """An Oracle query with functions of its own (:data:`_INLINE_FUNCTIONS`), to the ``;`` after its query, and what
    follows it: the functions' ``;`` (inside their blocks, and after each ``END``) are the query's.

    >>> _with_functions("with function f(n number) return number is begin return n; end; select f(1) from dual; "
    ...                 "select 2 from dual", "oracle")
    ('with function f(n number) return number is begin return n; end; select f(1) from dual', 'select 2 from dual')
    """
    try:
        tokens = tokens_of(text, dialect)
    except SqlglotError:
        return text, ""
    blocks, declaring = 0, True
    for index, (token, level) in enumerate(zip(tokens, depths(tokens))):
        word = word_of(token)
        if word == "BEGIN" or word == "CASE" and word_of(tokens[index - 1]) != "END":
            blocks += 1  # (a block, a CASE's END closes too)
        elif word == "END" and blocks and word_of(tokens[index + 1] if index + 1 < len(tokens) else None) not in (
                "IF", "LOOP"):  # (END IF, END LOOP close no block)
            blocks -= 1
        elif token.token_type == TokenType.SEMICOLON and not blocks and not level:
            following = word_of(tokens[index + 1]) if index + 1 < len(tokens) else None
            ended = "END" in (word_of(tokens[index - 1]), word_of(tokens[index - 2]) if index > 1 else None)
            if declaring and ended and following not in ("FUNCTION", "PROCEDURE"):
                declaring = False  # (the functions end here, at a function's END [name];, the query follows; a
                # declaration's ; before its BEGIN is the function's)
            elif not declaring:
                return text[:token.start].strip(), text[token.end + 1:].strip()
    return text.strip().rstrip(";").strip(), ""


def _routine_with_block(tokens: list[Token] | None) -> bool:
    """A ``CREATE ... PROCEDURE | FUNCTION | TRIGGER ...`` whose body is a block (``AS BEGIN ... END``, PL/SQL's
    ``IS <declarations> BEGIN ... END``, MySQL's and BigQuery's ``p() BEGIN ... END``), or (T-SQL) statements
    after ``AS``: a body sqlglot's parser does not read."""
    if not tokens or tokens[0].token_type != TokenType.CREATE:
        return False
    head = {word_of(token) for token in tokens[:8]}
    return bool(head & _ROUTINES) and any(
        (_is_begin(token) and opens_block(tokens, index)) or _unquoted_body(tokens, 0, index)
        for index, token in enumerate(tokens))


def _routine(tokens: list[Token] | None) -> bool:
    """A ``CREATE [OR REPLACE] [TEMPORARY] FUNCTION | PROCEDURE`` with a body, or an ``EXTERNAL FUNCTION`` (whose
    arguments or options sqlglot may not read: PostgreSQL's unnamed ``f(schema.type)``, ``f(INTEGER[])``, ``SECURITY
    DEFINER``, Redshift's ``f(VARCHAR(MAX))``)."""
    words = [word_of(token) for token in (tokens or [])[:5]]
    if words[:1] != ["CREATE"]:
        return False
    rest = words[3:] if words[1:3] == ["OR", "REPLACE"] else words[1:]
    rest = rest[1:] if rest[:1] in (["TEMP"], ["TEMPORARY"]) else rest
    has_body = any(word_of(token) == "AS" and following.token_type in STRING_TOKENS  # AS $$ ... $$ or AS '...'
                   for token, following in zip(tokens or [], (tokens or [])[1:]))
    # (Redshift's and Snowflake's EXTERNAL FUNCTION, a Lambda's or a remote service's: VARCHAR(MAX) arguments)
    return (rest[:1] in (["FUNCTION"], ["PROCEDURE"]) and has_body) or rest[:2] == ["EXTERNAL", "FUNCTION"]


def _routine_of_one_statement(tokens: list[Token] | None) -> bool:
    """MySQL's ``CREATE [DEFINER = u] PROCEDURE | FUNCTION | TRIGGER ...`` whose body is one statement, not a block
    (``CREATE PROCEDURE p(IN x INT, OUT n INT) SELECT COUNT(*) INTO n FROM t WHERE id = x``), whose parameters or body
    sqlglot cannot read."""
    kind = next((word_of(token) for token in (tokens or [])[1:12] if word_of(token) in _CREATED_KINDS), None)
    return bool(tokens) and word_of(tokens[0]) == "CREATE" and kind in ("PROCEDURE", "FUNCTION", "TRIGGER")


#: The kinds of object a MySQL CREATE names first (after OR REPLACE, DEFINER = u@h ...).
_CREATED_KINDS = frozenset({"TABLE", "VIEW", "INDEX", "PROCEDURE", "FUNCTION", "TRIGGER", "EVENT", "DATABASE",
                            "SCHEMA", "USER", "ROLE", "SERVER", "TABLESPACE", "SEQUENCE"})


def _anonymous_procedure(tokens: list[Token] | None) -> bool:
    """``WITH name AS PROCEDURE``: an anonymous procedure and its CALL (:func:`.commands.parse_anonymous_call`)."""
    return (bool(tokens) and len(tokens) > 3 and [word_of(t) for t in tokens[:4:2]] == ["WITH", "AS"]
            and word_of(tokens[3]) == "PROCEDURE")


def _anonymous_call(text: str, dialect: str) -> commands.AnonymousCall:
    try:
        command = commands.parse_anonymous_call(text, dialect=dialect)
    except commands.CommandSyntaxError as err:
        raise UnsupportedStatement(f"cannot parse: {err}") from None
    assert command is not None  # _anonymous_procedure saw its first words
    return command


def _stage(tokens: list[Token] | None) -> bool:
    """A ``CREATE [OR REPLACE] [TEMPORARY] STAGE``: its options (``CREDENTIALS = (...)``, ``DIRECTORY = (...)`` ...)
    need not be read to register it (its name and URL)."""
    if not tokens or tokens[0].token_type != TokenType.CREATE:
        return False
    words = [word_of(token) for token in tokens[1:6]]
    return "STAGE" in words and all(word in _FORM_MODIFIERS | {"TEMPORARY", "TEMP", "STAGE"} for word in words[: words.index("STAGE")])

