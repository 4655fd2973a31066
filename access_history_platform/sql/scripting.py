"""The SQL statements a Snowflake Scripting block holds, in the order they are written.

CONTRACT 3a: "A logged ``EXECUTE IMMEDIATE`` block is resolved statement by statement, each as a child of the
block". A block (``[DECLARE ...] BEGIN ... [EXCEPTION ...] END``) holds SQL statements among its control
statements: branches (``IF``, ``CASE``), loops (``FOR``, ``WHILE``, ``REPEAT``, ``LOOP``), nested blocks and
exception handlers, whose statements are all taken (which of them run is not in the log); a cursor's query,
a ``RESULTSET``'s or a variable's query (``LET r RESULTSET := (SELECT ...)``, ``x := (SELECT ...)``; a
``RESULTSET``'s DML, ``:= (UPDATE ...)``) and an asynchronous child job's statement (``ASYNC (INSERT ...)``,
``LET r RESULTSET := ASYNC (...)``: "any valid SQL statement") run as statements too, and so do a loop's ``FOR r IN
(query)`` and a condition that queries (``IF (SELECT COUNT(*) FROM t) > 0 THEN``: ``SELECT`` of the condition).
Declarations, assignments of expressions and ``RETURN`` / ``BREAK`` / ``OPEN`` ... run none.

>>> block_statements("begin insert into a select 1; if (x > 0) then delete from a; "
...                  "else update a set c = 1; end if; end;")
['insert into a select 1', 'delete from a', 'update a set c = 1']
>>> block_statements("declare c cursor for select id from t; n int default 0; begin for r in c do "
...                  "n := n + 1; end for; let s resultset := (select * from u); return n; end")
['select id from t', 'select * from u']
"""

from __future__ import annotations

import re
from collections.abc import Collection
from functools import lru_cache

import sqlglot
from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import SqlglotError
from sqlglot.tokens import Token, TokenType

from . import guards

__all__ = ["block_statements", "is_block", "is_plsql_block", "opens_script", "plpgsql_statements",
           "plsql_statements", "script_statements"]

#: Statements that open a compound statement closed by ``END [word]``.
_COMPOUND = frozenset({"IF", "FOR", "WHILE", "LOOP", "REPEAT", "CASE", "FOREACH"})
#: What ends the header of a compound statement or a branch: the statements follow.
_HEADER_ENDS = {"IF": ("THEN",), "ELSEIF": ("THEN",), "ELSIF": ("THEN",), "WHEN": ("THEN",), "FOR": ("DO", "LOOP"),
                "WHILE": ("DO", "LOOP"), "CASE": ("WHEN",), "UNTIL": ("END",), "FOREACH": ("LOOP",)}
#: Control statements that run no SQL of their own.
_NO_SQL = frozenset({"RETURN", "BREAK", "CONTINUE", "OPEN", "CLOSE", "FETCH", "RAISE", "NULL", "EXIT", "ITERATE",
                     "LEAVE", "CANCEL", "AWAIT"})
#: What follows a ``BEGIN`` that makes it a transaction, not a block.
_TRANSACTION = frozenset({"TRANSACTION", "WORK", "NAME", ";", ""})
_OPENS = frozenset({TokenType.L_PAREN, TokenType.L_BRACKET, TokenType.L_BRACE})
_CLOSES = frozenset({TokenType.R_PAREN, TokenType.R_BRACKET, TokenType.R_BRACE})
_QUERY_WORDS = frozenset({"SELECT", "WITH"})
#: What a PL/pgSQL ``FOR r IN ... LOOP`` or ``OPEN c FOR ...`` may run beside a query (with ``RETURNING``).
_MODIFYING = frozenset({"INSERT", "UPDATE", "DELETE", "MERGE"})
#: Words that go on a block after an END: never a label.
_BLOCK_WORDS = frozenset({"END", "ELSE", "ELSEIF", "ELSIF", "WHEN", "UNTIL", "EXCEPTION", "BEGIN"})
#: PL/pgSQL's statements that run no SQL of their own (``GET DIAGNOSTICS n = ROW_COUNT``, ``ASSERT``, a cursor's ``MOVE``), beside
#: :data:`_NO_SQL`.
_PLPGSQL_NO_SQL = frozenset({"GET", "ASSERT", "MOVE"})
#: What a ``RAISE`` that only reports, raising no error, says (PL/pgSQL's levels below ``EXCEPTION``).
_MESSAGES = frozenset({"NOTICE", "WARNING", "INFO", "LOG", "DEBUG"})
#: PL/SQL's statements that run no SQL of their own, beside :data:`_NO_SQL` (``GOTO label``, ``PIPE ROW (r)``).
_PLSQL_NO_SQL = frozenset({"GOTO", "PIPE"})
#: PL/SQL's SQL statements whose first word the tokenizer gives as a name: no procedure call.
_PLSQL_STATEMENTS = frozenset({"SAVEPOINT", "LOCK", "SET", "CALL", "GOTO", "PIPE", "ANALYZE", "PURGE", "AUDIT",
                               "NOAUDIT", "FLASHBACK", "EXPLAIN"})
#: The opening of an Oracle PL/SQL anonymous block (:func:`is_plsql_block`).
_PLSQL_BLOCK = re.compile(r"\s*(?:declare|begin)\b", re.IGNORECASE)
#: A bind variable by number in dynamic SQL (``WHERE id = :1``), which sqlglot reads only by name.
_NUMBERED_BIND = re.compile(r"(?<![\w:]):(\d+)\b")
#: The ``IMMEDIATE`` of PL/SQL's ``EXECUTE IMMEDIATE 'literal'``.
_IMMEDIATE = re.compile(r"\s*immediate\b", re.IGNORECASE)
#: Oracle's own packages, whose procedures a block calls to print, raise or sleep (``DBMS_OUTPUT.PUT_LINE``,
#: ``RAISE_APPLICATION_ERROR``): no object of the warehouse's, never a call recorded.
_SYSTEM_PACKAGES = re.compile(r"\s*(?:\"?sys\"?\s*\.\s*|dbms_|utl_|owa_|htp\b|htf\b|apex_|raise_application_error\b)",
                              re.IGNORECASE)
#: Oracle's own procedures that put a Virtual Private Database or a Data Redaction policy on a table or take it off
#: (``DBMS_RLS``, ``DBMS_REDACT``): a call of the policy's DDL (:func:`.dispatch.oracle_vpd_policy`,
#: :func:`.dispatch.oracle_redaction_policy`), not a system call recorded as nothing.
_POLICY_CALLS = re.compile(r"\s*(?:\"?sys\"?\s*\.\s*)?(?:dbms_rls\s*\.\s*(?:add|drop)|dbms_redact\s*\.\s*(?:add|alter|drop))"
                           r"_policy\b", re.IGNORECASE)
#: A word that may name a variable (a keyword too).
_NAME = re.compile(r"[A-Za-z_][A-Za-z_0-9$]*")
#: A label before a block or a loop (BigQuery's ``label_name: BEGIN ... END label_name``, ``outer: LOOP``).
_LABEL = re.compile(r"^\s*[A-Za-z_][A-Za-z_0-9]*\s*:(?!:)")
#: What a label may stand before.
_LABELLED = frozenset({"BEGIN", "LOOP", "WHILE", "FOR", "REPEAT"})


#: What a PL/pgSQL block's ``EXECUTE`` of an expression (``format(...)``, ``'TRUNCATE ' || v``) runs, as the block's
#: statements hold it: the EXECUTE of a prepared statement of this name, which no PREPARE makes, set aside saying
#: that the statement was built when it ran (:func:`.dispatch.dispatch`).
BUILT_AT_RUN_TIME = "ahp_built_at_run_time"


#: The first words of a dynamic statement that touches no data object whatever the rest built (``EXECUTE 'grant
#: select on t to ' || r``): no record, as such a statement written out has none.
_NO_DATA_DYNAMIC = frozenset({"GRANT", "REVOKE", "SET", "RESET", "NOTIFY", "LISTEN", "UNLISTEN", "ANALYZE", "VACUUM",
                              "REINDEX", "DISCARD"})
#: The kinds of object a dynamic CREATE, DROP or ALTER of which touches no data object (``'drop trigger ' || t``, PL/SQL's
#: ``'create or replace context ' || c``, ``'alter session set ...'``, PostgreSQL's ``'alter default privileges ...'``): no
#: record, as the statement written out has none.
_NO_DATA_KINDS = frozenset({"TRIGGER", "CONTEXT", "INDEX", "SESSION", "ROLE", "USER", "TYPE", "PACKAGE", "PROCEDURE",
                            "FUNCTION", "EXTENSION", "STATISTICS", "DEFAULT"})
#: An expression's leading string literal.
_LEADING_LITERAL = re.compile(r"\s*(?:format\s*\(\s*)?'(?P<text>(?:[^']|'')*)'", re.IGNORECASE)


@lru_cache(maxsize=4096)
def _runs_sql(expression: str, dialect: str, declared: frozenset[str] = frozenset()) -> bool:
    """Whether a procedural expression runs a query or calls a function that is no built-in (one sqlglot does not
    know, of no system package, none of the block's own types and variables (``declared``, upper case): a stored
    function), and reads as the select list of a query.

    >>> _runs_sql("cnt('x') > 0", "postgres"), _runs_sql("pk.f(1) || 'a'", "oracle")
    (True, True)
    >>> _runs_sql("(SELECT 1) + 1", "postgres"), _runs_sql("upper(a) || 'x'", "postgres")
    (True, False)
    >>> _runs_sql("dbms_random.value(1, 2)", "oracle"), _runs_sql("n + 1", "oracle")
    (False, False)
    >>> _runs_sql("to_regclass('t') IS NULL", "postgres"), _runs_sql("tt()", "oracle", frozenset({"TT"}))
    (False, False)
    """
    if "(" not in expression:
        return False
    try:
        tree = sqlglot.parse_one(f"SELECT {expression}", read=dialect)
    except (SqlglotError, RecursionError, ValueError, TypeError, AttributeError):
        return False
    if not isinstance(tree, exp.Select) or len(tree.expressions) != 1 or tree.args.get("from_") is not None:
        return False
    if any(isinstance(node, exp.Query) for node in tree.expressions[0].walk()):
        return True
    for call in tree.expressions[0].find_all(exp.Anonymous):
        dotted = isinstance(call.parent, exp.Dot)
        named = call.parent.sql(dialect=dialect) if dotted else call.name
        if not _SYSTEM_PACKAGES.match(named) and call.name.upper() not in declared and (
                dotted or not _BUILT_IN_CALLS.fullmatch(call.name)):
            return True
    return False


#: Built-in functions of PL/pgSQL's and PL/SQL's expressions that sqlglot does not know, by name or family (a value of
#: no table: the catalog's own functions, settings, sequences, times, quoting).
_BUILT_IN_CALLS = re.compile(
    r"(?:pg_|to_reg|has_\w+_privilege|txid_|quote_|current_|array_|jsonb?_|regexp_|uuid_generate_)\w*|gen_random_uuid|"
    r"clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|set_config|format_type|obj_description|"
    r"col_description|string_to_array|nextval|currval|setval|lastval|version|age|encode|decode|digest|crypt|"
    r"gen_salt|sys_context|sys_guid|userenv|sqlerrm|sqlcode|rawtohex|hextoraw|dump|vsize|empty_[bc]lob",
    re.IGNORECASE)


def _touches_no_data(expression: str) -> bool:
    """Whether PL/pgSQL's ``EXECUTE`` of ``expression`` (built when it runs) runs a statement that touches no data
    object, as its leading literal's first word says (``'grant select on w to ' || r``, ``format('GRANT ...',
    r)``).

    >>> _touches_no_data("'grant select on w to ' || r"), _touches_no_data("format('DELETE FROM %I', t)")
    (True, False)
    >>> _touches_no_data("'create or replace context ' || c"), _touches_no_data("'drop ' || r.object_type")
    (True, False)
    >>> _touches_no_data("'alter default privileges in schema s grant all on tables to ' || r")
    True
    """
    leading = _LEADING_LITERAL.match(expression)
    words = [word.upper() for word in leading["text"].split(None, 5)] if leading is not None else []
    while words[1:2] in (["OR"], ["REPLACE"], ["UNIQUE"], ["PUBLIC"]):  # CREATE OR REPLACE CONTEXT, UNIQUE INDEX
        del words[1]
    return bool(words) and (words[0] in _NO_DATA_DYNAMIC or words[0] in ("CREATE", "DROP", "ALTER")
                            and words[1:2] != [] and words[1] in _NO_DATA_KINDS)


#: The first letters of DECLARE and BEGIN.
_BLOCK_INITIALS = frozenset("dDbB")


def is_block(text: str, dialect: str = "snowflake") -> bool:
    """Whether ``text`` is a Snowflake Scripting block: it opens with ``DECLARE`` or with a ``BEGIN`` that is no
    transaction's."""
    if dialect != "snowflake" or text.lstrip()[:1] not in _BLOCK_INITIALS:  # (most statements: no word split off)
        return False
    first, following = _leading_words(text)
    return first == "DECLARE" or (first == "BEGIN" and following not in _TRANSACTION)


def _leading_words(text: str) -> tuple[str, str]:
    """The first two words of a statement, upper-cased (the second ``""`` when a ``;`` ends the first)."""
    words = text.lstrip().split(None, 2)
    if not words:
        return "", ""
    following = words[1].upper().rstrip(";") if len(words) > 1 and not words[0].endswith(";") else ""
    return words[0].upper().rstrip(";"), following


def block_statements(text: str, dialect: str = "snowflake") -> list[str] | None:
    """The SQL statements of the block ``text``, as source text; None when it is no block this reads (its
    ``BEGIN`` and ``END`` do not pair, or it does not tokenize)."""
    try:
        tokens = Dialect.get_or_raise(dialect).tokenize(text)
    except SqlglotError:
        return None
    walker = _Walker(text, tokens, dialect=dialect)
    try:
        walker.block()
    except _Unreadable:
        return None
    literals = _literal_variables(tokens) if dialect == "snowflake" else {}
    if not literals:
        return walker.statements
    statements = []
    for statement in walker.statements:
        executed = _EXECUTE_VARIABLE.fullmatch(statement)
        if executed is not None and executed["name"].casefold() in literals:  # it runs the text the variable holds,
            statements.append(f"EXECUTE IMMEDIATE {literals[executed['name'].casefold()]}")  # as of that literal
            continue
        statements.append(_IDENTIFIER_VARIABLE.sub(lambda m: f"IDENTIFIER({literals[m['name'].casefold()]})"
                                                   if m["name"].casefold() in literals else m[0], statement))
    return statements


#: PL/SQL's ``DBMS_SQL.PARSE(c, statement, mode)``, which parses the statement it is given (and runs it when it is DDL;
#: a query runs at ``DBMS_SQL.EXECUTE``).
_DBMS_SQL_PARSE = re.compile(r"\s*(?:\"?sys\"?\s*\.\s*)?dbms_sql\s*\.\s*parse\s*\(", re.IGNORECASE)
#: A dynamic statement given by a variable (``EXECUTE IMMEDIATE q [INTO n] [USING ...]``).
_RUN_VARIABLE = re.compile(r"\s*:?(?P<name>[A-Za-z_][\w$#]*)\s*(?:$|;|(?:into|using|returning|return|bulk)\b)",
                           re.IGNORECASE)
#: ``IDENTIFIER(:v)`` of a Scripting variable.
_IDENTIFIER_VARIABLE = re.compile(r"\bIDENTIFIER\s*\(\s*:(?P<name>\w+)\s*\)", re.IGNORECASE)
#: ``EXECUTE IMMEDIATE :v`` (or ``v``, in brackets or not) of a Scripting variable, without ``USING``: it runs the
#: variable's text.
_EXECUTE_VARIABLE = re.compile(r"\s*EXECUTE\s+IMMEDIATE(?:\s+|\s*(?=\())(?P<open>\(\s*)?:?(?P<name>[A-Za-z_]\w*)"
                               r"(?(open)\s*\))\s*;?\s*", re.IGNORECASE)


def _literal_variables(tokens: list[Token], *, oracle: bool = False) -> dict[str, str]:
    """The variables of a Snowflake Scripting block set once, to a string literal (``DECLARE t STRING DEFAULT 't1';``,
    ``LET t := 'T2';``), by folded name, each with its literal as written: a name the block gives, which
    ``IDENTIFIER(:t)`` stands for. A variable set anywhere else (``t := ...``, ``INTO :t``) is none of them; of a
    PL/SQL block (``oracle``: ``q VARCHAR2(100) := 'select ...';``, a q-quoted literal too), ``INTO q`` sets q too.

    >>> sql = "declare a string default 'T1'; b int; begin let c string := 'S.T2'; select 1 into :b; a := 'x'; end"
    >>> _literal_variables(Dialect.get_or_raise("snowflake").tokenize(sql))
    {'c': "'S.T2'"}
    """
    pieces, first = [], 0
    for index, token in enumerate(tokens):
        if token.token_type == TokenType.SEMICOLON:
            pieces.append(tokens[first:index])
            first = index + 1
    literals: dict[str, str] = {}
    set_elsewhere: set[str] = set()
    for piece in pieces:
        words = [token.text.upper() for token in piece]
        while words and words[0] in ("DECLARE", "BEGIN", "LET"):
            piece, words = piece[1:], words[1:]
        for index, token in enumerate(piece):  # INTO :a, :a: the variable set by a statement
            if token.token_type == TokenType.COLON and index and words[index - 1] == "INTO" and index + 1 < len(piece):
                set_elsewhere.add(piece[index + 1].text.casefold())
            elif oracle and index and words[index - 1] in ("INTO", "BULK COLLECT INTO"):  # (PL/SQL's INTO q)
                set_elsewhere.add(token.text.casefold())
        setter = next((i for i, word in enumerate(words) if word in (":=", "DEFAULT")), None)
        if not piece or setter is None or piece[0].token_type not in (TokenType.VAR, TokenType.IDENTIFIER):
            continue
        name = piece[0].text.casefold()
        if name in literals:
            set_elsewhere.add(name)
        if setter == len(piece) - 2 and (piece[-1].token_type == TokenType.STRING
                                         or oracle and piece[-1].token_type == TokenType.RAW_STRING):
            literals[name] = "'" + piece[-1].text.replace("'", "''") + "'"
        else:
            set_elsewhere.add(name)
    return {name: literal for name, literal in literals.items() if name not in set_elsewhere}


def plpgsql_statements(body: str, tokens: list[Token]) -> list[str] | None:
    """The SQL statements of a PL/pgSQL block (a ``DO`` block's body: ``[<<label>>] [DECLARE ...] BEGIN ...
    [EXCEPTION ...] END``), in the order written; None when it does not read as one. PostgreSQL's server log
    (``log_statement``) logs the ``DO`` alone, never the statements it runs, so they are resolved from its text.
    ``PERFORM q`` runs ``SELECT q``; ``SELECT ... INTO v`` and ``RETURNING ... INTO v`` set variables (no table);
    ``EXECUTE 'literal'`` runs the literal, ``EXECUTE`` of an expression nothing known here; ``x = expr`` assigns.

    ``tokens``: the body's, a ``DECLARE`` that sqlglot takes with the rest of its statement as one string lexed
    again (:func:`.statements.plpgsql`).

    >>> body = ("declare n int; begin select count(*) into n from t; if n > 0 then perform f(1); "
    ...         "elsif n < 0 then execute 'truncate u'; end if; "
    ...         "for r in select id from v loop update w set c = r.id; end loop; end")
    >>> plpgsql_statements(body, Dialect.get_or_raise("postgres").tokenize(body))
    ['select count(*) from t', 'SELECT f(1)', 'truncate u', 'select id from v', 'update w set c = r.id']
    """
    return _procedural_statements(body, tokens, "postgres")


def _procedural_statements(text: str, tokens: list[Token], dialect: str) -> list[str] | None:
    """The SQL statements of a PL/pgSQL or PL/SQL block, read by one walker; None when it does not read as one."""
    walker = _Walker(text, tokens, plpgsql=True, dialect=dialect)
    try:
        walker.block()
    except _Unreadable:
        return None
    return walker.statements


def cursor_of(text: str, name: str) -> str | None:
    """The query of the cursor ``name`` (upper case) that a package's CREATE text declares with it (``CURSOR c [(p
    ...)] [RETURN t] IS query;``); None when it declares none (or declares it with ``RETURN`` alone, its query in the
    body)."""
    try:
        tokens = Dialect.get_or_raise("oracle").tokenize(text)
    except SqlglotError:
        return None
    for at, token in enumerate(tokens[:-2]):
        if token.text.upper() != "CURSOR" or tokens[at + 1].text.strip('"').upper() != name:
            continue
        depth = 0
        for index in range(at + 2, len(tokens)):
            kind = tokens[index].token_type
            depth += (kind in _OPENS) - (kind in _CLOSES)
            if kind == TokenType.SEMICOLON and depth == 0:
                break  # (a declaration alone: CURSOR c RETURN t;)
            if depth == 0 and tokens[index].text.upper() == "IS":
                end = next((i for i in range(index + 1, len(tokens)) if tokens[i].token_type == TokenType.SEMICOLON),
                           len(tokens))
                if end > index + 1:
                    return text[tokens[index + 1].start : tokens[end - 1].end + 1]
                break
    return None


def is_plsql_block(text: str) -> bool:
    """Whether ``text`` is an Oracle PL/SQL anonymous block: it opens with ``DECLARE`` or ``BEGIN``."""
    return _PLSQL_BLOCK.match(text) is not None


def plsql_statements(text: str, tokens: list[Token]) -> list[str] | None:
    """The SQL statements of an Oracle PL/SQL anonymous block (``[DECLARE ...] BEGIN ... [EXCEPTION ...] END``), in
    the order written, read as a PL/pgSQL block is (:func:`plpgsql_statements`): ``EXECUTE IMMEDIATE 'literal'``
    runs the literal, ``SELECT ... [BULK COLLECT] INTO v`` sets variables, ``FORALL i IN ...`` runs its DML, and a
    procedure call (``pkg.proc(1);``) is the ``CALL`` it is (one of Oracle's own packages, ``DBMS_OUTPUT.PUT_LINE``,
    none); None when it does not read as one.

    >>> sql = ("declare n number; begin select count(*) into n from t; if n > 0 then "
    ...        "execute immediate 'truncate table u'; end if; app.load(n); dbms_output.put_line(n); end;")
    >>> plsql_statements(sql, Dialect.get_or_raise("oracle").tokenize(sql))
    ['select count(*) from t', 'truncate table u', 'CALL app.load(n)']
    """
    return _procedural_statements(text, tokens, "oracle")


def opens_script(statement: str) -> bool:
    """Whether a statement of a BigQuery request is a procedural one holding statements of its own: a branch, a
    loop, or a block (``BEGIN`` that is no transaction's), labelled or not (``outer: LOOP``)."""
    first, following = _leading_words(_LABEL.sub("", statement, count=1))
    return first in _COMPOUND or (first == "BEGIN" and following not in _TRANSACTION)


def script_statements(text: str, tokens: list[Token]) -> list[str] | None:
    """The SQL statements of a BigQuery script, in the order written, those of its branches, loops and blocks
    among them (BigQuery runs each as a child job of the script); None when the script does not read as one (a
    compound's END is missing, a label). ``DECLARE`` is a statement of its own here, as are ``SET`` and ``CALL``.

    >>> sql = "declare n int64 default 0; if n > 0 then insert into u select 1; else delete from u where true; end if"
    >>> script_statements(sql, Dialect.get_or_raise("bigquery").tokenize(sql))
    ['declare n int64 default 0', 'insert into u select 1', 'delete from u where true']
    """
    if tokens and tokens[-1].token_type != TokenType.SEMICOLON:  # the last statement's end
        tokens = [*tokens, Token(TokenType.SEMICOLON, ";", start=len(text), end=len(text))]
    walker = _Walker(text, tokens, sections=False, dialect="bigquery")
    try:
        while walker.pos < len(tokens):
            if walker.word() == ";":
                walker.pos += 1
            else:
                walker.statement()
    except _Unreadable:
        return None
    return walker.statements


def _literal(text: str, dialect: str = "postgres") -> str | None:
    """The string of ``'literal' [USING ... | INTO ...]`` (what PL/pgSQL's ``EXECUTE`` runs when it is a literal,
    and PL/SQL's ``EXECUTE IMMEDIATE``); None for any other expression (``format(...)``, ``'a' || v``)."""
    try:
        tokens = Dialect.get_or_raise(dialect).tokenize(text)
    except SqlglotError:
        return None
    if tokens and tokens[0].token_type in (TokenType.STRING, TokenType.HEREDOC_STRING, TokenType.RAW_STRING) and (
            len(tokens) == 1 or tokens[1].text.upper() in ("USING", "INTO", "RETURNING", "RETURN")
            or tokens[1].token_type == TokenType.BULK_COLLECT_INTO):
        return tokens[0].text  # (Oracle's q'[...]' is a raw string; BULK COLLECT INTO v, RETURNING ... INTO v)
    return None


#: PL/SQL's collection methods that change a collection (``coll.DELETE(3)``, ``.EXTEND``, ``.TRIM``): DELETE is
#: reserved, so no procedure has the name unquoted; EXTEND and TRIM, taken so, are not called as procedures either.
_COLLECTION_METHODS = frozenset({"DELETE", "EXTEND", "TRIM"})


class _Unreadable(Exception):
    pass


class _Walker:
    """Reads a block's tokens from the front, collecting the text of each SQL statement it holds."""

    def __init__(self, text: str, tokens: list[Token], sections: bool = True, plpgsql: bool = False,
                 dialect: str = "snowflake") -> None:
        self.text, self.tokens, self.pos, self.dialect = text, tokens, 0, dialect
        self.sections = sections  # whether DECLARE opens a block's declarations (Snowflake), else is a statement
        self.plpgsql = plpgsql  # PL/pgSQL: <<labels>>, ELSIF, PERFORM, SELECT ... INTO variables, x = expr
        self.statements: list[str] = []
        #: where the statements of each block being read begin in ``statements`` (what an EXCEPTION handler guards)
        self.blocks: list[int] = []
        #: PL/SQL: the names the block's declarations give (variables, collections, local subprograms), upper-cased:
        #: ``a.extend(2)`` and ``local_p(1)`` call no procedure of the warehouse's
        self.declared: set[str] = set()
        #: the variables the block sets once, to a literal (:func:`_literal_variables`), found when first needed
        self.literals: dict[str, str] | None = None
        #: PL/SQL's variables by the literal their last assignment before the position set them to, if it did
        #: (``l_sql := q'!alter table ...!'; EXECUTE IMMEDIATE l_sql;``)
        self.assigned: dict[str, str] = {}

    def word(self, ahead: int = 0) -> str:
        """The word at the position (upper-cased; ``""`` past the end, a quoted name or a string ``"\\x00"``)."""
        index = self.pos + ahead
        if index >= len(self.tokens):
            return ""
        token = self.tokens[index]
        if token.token_type in (TokenType.STRING, TokenType.IDENTIFIER, TokenType.RAW_STRING):
            return "\x00"
        return token.text.upper()

    def block(self) -> None:
        """``[DECLARE declarations] BEGIN statements [EXCEPTION handlers] END [;]``, then the end of the text."""
        self.label()
        if self.word() == "DECLARE":
            self.pos += 1
            self.declarations()
        if self.word() != "BEGIN":
            raise _Unreadable
        self.pos += 1 + (self.word(1) == "ATOMIC")  # (Databricks' BEGIN ATOMIC: its statements all or none)
        self.blocks.append(len(self.statements))
        self.statement_list(("END",))
        self.blocks.pop()
        self.end()
        while self.word() == ";":
            self.pos += 1
        if self.pos < len(self.tokens):
            raise _Unreadable

    def declarations(self) -> None:
        """Declarations up to the block's ``BEGIN``: a cursor's query, a ``RESULTSET``'s or a variable's query."""
        while self.word() not in ("BEGIN", ""):
            start = self.pos
            stop = self.to_semicolon()
            words = [self.word_at(i) for i in range(start, min(stop, start + 4))]
            if self.dialect == "oracle" and words:  # (PROCEDURE p IS ..., CURSOR c IS ..., TYPE t IS ...: the second)
                self.declared.add(words[1] if words[0] in ("PROCEDURE", "FUNCTION", "CURSOR", "TYPE") and
                                  len(words) > 1 else words[0])
            cursor = next((start + i for i, w in enumerate(words) if w == "CURSOR"), None) if self.plpgsql else None
            if len(words) > 2 and words[1] == "CURSOR" and words[2] == "FOR":
                self.cursor_query(start + 3, stop)
            elif cursor is not None:  # PL/pgSQL's c [[NO] SCROLL] CURSOR [(arguments)] FOR query
                found = next((i for i in range(cursor + 1, stop) if self.word_at(i) in ("FOR", "IS")), None)
                if found is not None:
                    self.cursor_query(found + 1, stop)
            else:
                self.query_value(start, stop)
            self.pos = stop + 1

    def statement_list(self, stops: tuple[str, ...]) -> None:
        """Statements up to one of the words ``stops`` (not consumed) at this level."""
        while True:
            word = self.word()
            if word == "":
                raise _Unreadable
            if word in stops:
                return
            if word == ";":
                self.pos += 1
                continue
            self.statement()

    def routine_body(self) -> int | None:
        """The index of the ``BEGIN`` of a ``CREATE [OR REPLACE] [TEMP] {PROCEDURE | FUNCTION} ... BEGIN ... END``
        starting at the position (BigQuery's procedure bodies); None for another statement."""
        if self.word() != "CREATE" or not any(self.word(i) in ("PROCEDURE", "FUNCTION") for i in range(1, 6)):
            return None
        first_end = self.to_semicolon()
        depth = 0
        for index in range(self.pos, first_end):
            token = self.tokens[index]
            depth += (token.token_type in _OPENS) - (token.token_type in _CLOSES)
            if depth == 0 and self.word_at(index) == "BEGIN" and self.word_at(index + 1) not in _TRANSACTION:
                return index
        return None

    def assignment(self) -> bool:
        """Whether a PL/pgSQL assignment starts at the position: a variable, its fields (``r.f``) or elements
        (``a[1]``), then ``:=`` or ``=``. The variable may have a keyword's name (``trigger = 'SCHEDULE'``): no
        statement starts with a word and ``=``."""
        index = self.pos
        if not (self.token_at(index, TokenType.VAR) or self.token_at(index, TokenType.IDENTIFIER)
                or (index < len(self.tokens) and _NAME.fullmatch(self.tokens[index].text))):
            return False
        index += 1
        while index < len(self.tokens):
            if self.word_at(index) == "." and index + 1 < len(self.tokens):
                index += 2
            elif self.token_at(index, TokenType.L_BRACKET):
                depth = 0
                while index < len(self.tokens):
                    depth += self.token_at(index, TokenType.L_BRACKET) - self.token_at(index, TokenType.R_BRACKET)
                    index += 1
                    if not depth:
                        break
            else:
                return self.token_at(index, TokenType.COLON_EQ) or self.token_at(index, TokenType.EQ)
        return False

    def procedure_call(self) -> bool:
        """Whether a PL/SQL procedure call starts at the position: a name, not a statement's keyword, then its
        other parts, its arguments, or the statement's end (``pkg.proc(1)``, ``proc``)."""
        token = self.tokens[self.pos]
        if token.token_type not in (TokenType.VAR, TokenType.IDENTIFIER) or self.word() in _PLSQL_STATEMENTS \
                or self.word() in self.declared:  # (a.extend(2), local_p(1): the block's own)
            return False
        following = self.tokens[self.pos + 1] if self.pos + 1 < len(self.tokens) else None
        return following is None or following.token_type in (TokenType.DOT, TokenType.L_PAREN, TokenType.SEMICOLON)

    def plsql_assignment(self) -> bool:
        """Whether a PL/SQL assignment starts at the position: a ``:=`` outside brackets before the statement's end
        (``a(1) := 5``, ``:x := f``, ``:new.c := v``, ``r.f := g(1)``), whatever is assigned to."""
        stop, depth = self.to_semicolon(), 0
        for index in range(self.pos, stop):
            token = self.tokens[index]
            depth += (token.token_type in _OPENS) - (token.token_type in _CLOSES)
            if depth == 0 and token.token_type == TokenType.COLON_EQ:
                return True
        return False

    def handler_body(self) -> int | None:
        """Where the statement of a ``DECLARE ... HANDLER FOR`` (at the position) starts, after its conditions
        (``SQLEXCEPTION``, ``SQLWARNING``, ``NOT FOUND``, ``SQLSTATE [VALUE] 'code'``, a condition's name or number,
        comma-separated); None when it reads otherwise."""
        at = self.pos + 4
        while at < len(self.tokens):
            if self.word_at(at) == "NOT" and self.word_at(at + 1) == "FOUND":
                at += 2
            elif self.word_at(at) == "SQLSTATE":
                at += 2 + (self.word_at(at + 1) == "VALUE")
            elif self.tokens[at].token_type in (TokenType.VAR, TokenType.NUMBER, TokenType.IDENTIFIER) \
                    or self.word_at(at) in ("SQLEXCEPTION", "SQLWARNING"):
                at += 1
            else:
                return None
            if self.word_at(at) != ",":
                return at if at < len(self.tokens) and self.word_at(at) != ";" else None
            at += 1
        return None

    def label(self) -> None:
        """Step over PL/pgSQL's ``<<label>>`` before a block or a loop."""
        if self.plpgsql and self.word() == "<" and self.word(1) == "<" and self.word(3) == ">" and self.word(4) == ">":
            self.pos += 5

    def statement(self) -> None:
        """One statement of the block at the position, its label stepped over, and the SQL it runs collected: a
        nested block, exception handlers, a compound statement, a control statement, or a SQL statement."""
        if self.token_at(self.pos + 1, TokenType.COLON) and self.tokens[self.pos].token_type == TokenType.VAR \
                and self.word(2) in _LABELLED:
            self.pos += 2  # a block's or a loop's label
        self.label()
        word = self.word()
        if (word == "BEGIN" and self.word(1) not in _TRANSACTION) or (word == "DECLARE" and self.sections):
            self.block_begun(word)  # (its statements read here: a block nested in a block costs no frame more)
            self.statement_list(("END",))
            self.blocks.pop()
            self.end()
        elif word == "EXCEPTION":
            self.exception_handlers()
        elif word in _COMPOUND:
            self.compound(word)
        elif word == "DECLARE" and self.word(1) in ("EXIT", "CONTINUE", "UNDO") and self.word(2) == "HANDLER" \
                and self.word(3) == "FOR" and (body := self.handler_body()) is not None:
            self.pos = body  # DECLARE EXIT | CONTINUE HANDLER FOR conditions <statement>: the statement may run
            self.statement()
        elif word == "ASYNC" and self.token_at(self.pos + 1, TokenType.L_PAREN):  # ASYNC (statement): a child job
            self.async_job()
        elif self.plpgsql and word == "OPEN":  # OPEN c [[NO] SCROLL] FOR query: the query runs
            self.cursor_opened()
        elif self.plpgsql and self.dialect != "oracle" and word in ("RAISE", "ASSERT"):
            self.values_raised()
        elif self.plpgsql and word in ("EXIT", "CONTINUE") and (
                when := next((i for i in range(self.pos + 1, self.to_semicolon()) if self.word_at(i) == "WHEN"), None)):
            self.exit_condition(when)
        elif word in _NO_SQL or (self.plpgsql and word in _PLPGSQL_NO_SQL) or (
                self.dialect == "oracle" and word in _PLSQL_NO_SQL):
            self.pos = self.to_semicolon() + 1
        elif self.plpgsql and word == "PERFORM":
            self.performed()
        elif self.plpgsql and word == "EXECUTE":
            self.executed()
        elif self.plpgsql and self.assignment():
            self.assigned_value()  # x = expr, r.f := expr, a[1] := expr: an assignment
        elif (body := self.routine_body()) is not None:
            self.routine(body)
        elif self.dialect == "oracle" and word == "FORALL":  # FORALL i IN ... <one INSERT, UPDATE or DELETE>
            self.forall()
        elif self.dialect == "oracle" and (word in self.declared or word == ":"):
            self.pos = self.to_semicolon() + 1  # a.extend(2), a.delete, :x := v: the block's own, no SQL
        elif self.dialect == "oracle" and self.plsql_assignment():
            self.assigned_value()  # a(1) := 5, :x := f: its value's query, if any
        elif self.dialect == "oracle" and self.procedure_call():
            self.procedure_called()
        else:
            self.sql_statement()

    def block_begun(self, word: str) -> None:
        """Step over the head of a block in the block, ``[DECLARE declarations] BEGIN [ATOMIC]`` (``word``: its first
        word), its declarations' queries read: the block's statements begin here (what its handlers guard)."""
        if word == "DECLARE":
            self.pos += 1
            self.declarations()
        self.pos += 1 + (self.word(1) == "ATOMIC")  # BEGIN [ATOMIC]
        self.blocks.append(len(self.statements))

    def exception_handlers(self) -> None:
        """A block's ``EXCEPTION WHEN conditions THEN statements ...``: the handlers' statements; and the block's
        only statement, a DROP or a CREATE, guarded when the handlers swallow its error (:meth:`handled`)."""
        self.pos += 1
        first, caught, handlers = len(self.statements), [], self.pos
        while self.word() == "WHEN":
            start = self.pos + 1
            self.header("WHEN")
            caught += [self.text[self.tokens[index].start : self.tokens[index].end + 1]
                       for index in range(start, self.pos - 1) if self.word_at(index) not in ("OR", "SQLSTATE")]
            self.statement_list(("WHEN", "END"))
        codes = self.swallowed_codes(handlers, self.pos) if self.dialect == "oracle" else None
        if codes is not None:  # (PL/SQL: IF SQLCODE != -942 THEN RAISE; END IF: it swallows ORA-00942 alone)
            self.handled(first, [f"-{code}" for code in codes])
        elif not any(self.word_at(index) == "RAISE" and self.word_at(index + 1) not in _MESSAGES
                     for index in range(handlers, self.pos)):  # (a handler that raises again swallows nothing)
            self.handled(first, caught)

    def async_job(self) -> None:
        """``ASYNC (statement)``: the statement, which a child job runs."""
        stop = self.to_semicolon()
        if self.token_at(stop - 1, TokenType.R_PAREN):
            self.collect(self.pos + 2, stop - 1)
        self.pos = stop + 1

    def cursor_opened(self) -> None:
        """``OPEN c [[NO] SCROLL] FOR query``: the query, which runs; PL/SQL's ``OPEN c FOR 'literal' [USING ...]``: the
        literal's statement (:meth:`dynamic`); ``OPEN pkg.c [(arguments)]``: the package's cursor's query."""
        start = self.pos
        stop = self.to_semicolon()
        found = next((i for i in range(start + 2, stop) if self.word_at(i) == "FOR"), None)
        if found is not None and self.word_at(found + 1) in _QUERY_WORDS | _MODIFYING:
            self.collect(found + 1, stop)
        elif found is not None and self.dialect == "oracle" and found + 1 < stop:  # OPEN c FOR 'literal' [USING]
            end = self.tokens[stop].start if stop < len(self.tokens) else len(self.text)
            self.dynamic(self.text[self.tokens[found + 1].start:end])
        elif found is None:
            self.package_cursor(start + 1, stop)  # OPEN pkg.c [(arguments)]: the package's cursor's query
        self.pos = stop + 1

    def values_raised(self) -> None:
        """PL/pgSQL's ``RAISE NOTICE '%', (SELECT ...), f(x)`` and ``ASSERT (SELECT ...) > 0``: each value, which runs
        (its ``USING`` options are none)."""
        stop = self.to_semicolon()
        using = next((i for i in range(self.pos + 1, stop) if self.word_at(i) == "USING"), stop)
        for first, end in self.arguments(self.pos, using):
            self.value_read(first, end)
        self.pos = stop + 1

    def exit_condition(self, when: int) -> None:
        """PL/pgSQL's ``EXIT WHEN f(x) > 0`` (or ``CONTINUE WHEN``), its ``WHEN`` at ``when``: its condition's value,
        which runs."""
        stop = self.to_semicolon()
        self.value_read(when + 1, stop)
        self.pos = stop + 1

    def performed(self) -> None:
        """PL/pgSQL's ``PERFORM q``: ``SELECT q``, its result thrown away."""
        start = self.pos
        stop = self.to_semicolon()
        if start + 1 < stop:
            tail = self.text[self.tokens[start + 1].start : self.tokens[stop - 1].end + 1].strip()
            self.statements.append(f"SELECT {tail}")
        self.pos = stop + 1

    def executed(self) -> None:
        """PL/pgSQL's ``EXECUTE 'literal' [USING ...]``: the literal, which runs; PL/SQL's ``EXECUTE IMMEDIATE``: what
        it runs (:meth:`dynamic`); an ``EXECUTE`` of a text built at run time that may touch data: a statement the
        log does not give (:data:`BUILT_AT_RUN_TIME`)."""
        start = self.pos
        stop = self.to_semicolon()
        if stop > start + 1:  # (sqlglot may keep what follows as one string)
            end = self.tokens[stop].start if stop < len(self.tokens) else len(self.text)
            executed = self.text[self.tokens[start].end + 1 : end]
            if self.dialect == "oracle":  # PL/SQL's EXECUTE IMMEDIATE 'literal'
                immediate = _IMMEDIATE.match(executed)
                executed = executed[immediate.end():] if immediate else executed
            literal = _literal(executed, "postgres") if self.dialect != "oracle" else None
            if self.dialect == "oracle":
                self.dynamic(executed)
            elif literal is not None:  # EXECUTE 'literal' [USING ...]: the literal runs
                self.statements.append(literal)
            elif not _touches_no_data(executed):
                # EXECUTE format(...), 'TRUNCATE ' || v: a statement the log does not give, set aside saying so
                self.statements.append(f"EXECUTE {BUILT_AT_RUN_TIME}")
        self.pos = stop + 1

    def assigned_value(self) -> None:
        """An assignment (PL/pgSQL's ``x = expr``, ``r.f := expr``, ``a[1] := expr``; PL/SQL's ``a(1) := 5``, ``:x :=
        f``): its value's query, if any (:meth:`query_value`)."""
        start = self.pos
        stop = self.to_semicolon()
        self.query_value(start, stop)
        self.pos = stop + 1

    def routine(self, body: int) -> None:
        """``CREATE PROCEDURE p() BEGIN ... END``, its body's ``BEGIN`` at ``body``: one statement, its body's
        statements run when it is called, not here."""
        start, kept = self.pos, self.statements
        self.statements = []
        self.pos = body + 1
        self.statement_list(("END",))
        self.end()
        self.statements = kept
        stop = self.to_semicolon()
        self.collect(start, stop)
        self.pos = stop + 1

    def forall(self) -> None:
        """PL/SQL's ``FORALL i IN ... <statement>``: its one INSERT, UPDATE or DELETE."""
        stop = self.to_semicolon()
        found = next((i for i in range(self.pos + 1, stop) if self.word_at(i) in _MODIFYING), None)
        if found is not None:
            self.collect(found, stop)
        self.pos = stop + 1

    def procedure_called(self) -> None:
        """A PL/SQL procedure's call: of an object of the warehouse's (``pkg.proc(1)``, ``pkg.load``), ``CALL
        pkg.proc(1)``; of Oracle's own packages, the statement given to ``DBMS_SQL.PARSE`` (:meth:`dynamic`) or the
        values of its arguments (``DBMS_OUTPUT.PUT_LINE(pk.f(x))``); a package's collection changed, nothing."""
        start = self.pos
        stop = self.to_semicolon()
        called = self.text[self.tokens[start].start : self.tokens[stop - 1].end + 1].strip()
        method = next((i for i in range(start + 1, stop) if self.tokens[i].token_type == TokenType.L_PAREN),
                      stop) - 1  # the name's last part
        if self.word_at(method) in _COLLECTION_METHODS and self.token_at(method - 1, TokenType.DOT):
            pass  # pkg.coll.DELETE(3), .EXTEND, .TRIM: a package's collection changed, no procedure called
        elif not _SYSTEM_PACKAGES.match(called) or _POLICY_CALLS.match(called):  # pkg.proc(1): CALL pkg.proc(1);
            # DBMS_OUTPUT's and UTL_'s: no
            arguments = "" if self.tokens[stop - 1].token_type == TokenType.R_PAREN else "()"  # object of the
            self.statements.append(f"CALL {called}{arguments}")  # warehouse's (pkg.load: CALL pkg.load())
        elif _DBMS_SQL_PARSE.match(called) and (arguments := self.arguments(method + 1, stop - 1)) \
                and len(arguments) >= 2:  # DBMS_SQL.PARSE(c, statement, DBMS_SQL.NATIVE): the statement runs
            self.dynamic(self.text[self.tokens[arguments[1][0]].start : self.tokens[arguments[1][1] - 1].end + 1])
        elif method + 1 < stop - 1 and self.token_at(stop - 1, TokenType.R_PAREN):
            self.value_read(method + 2, stop - 1)  # DBMS_OUTPUT.PUT_LINE(pk.f(x)): its arguments' values
        self.pos = stop + 1

    def sql_statement(self) -> None:
        """A SQL statement up to its ``;``; of ``LET c CURSOR FOR <query>``, the query; of an assignment (``LET r
        RESULTSET := (SELECT ...)``, ``x := (SELECT ...)``), its value's query (:meth:`query_value`)."""
        start = self.pos
        stop = self.to_semicolon()
        assigned = self.word_at(start) == "LET" or self.token_at(start + 1, TokenType.COLON_EQ)
        if self.word_at(start) == "LET" and self.word_at(start + 2) == "CURSOR" and self.word_at(start + 3) == "FOR":
            self.cursor_query(start + 4, stop)  # LET c CURSOR FOR <query>
        elif assigned:
            self.query_value(start, stop)
        else:
            self.collect(start, stop)
        self.pos = stop + 1

    def compound(self, word: str) -> None:
        """``IF ... END IF``, ``CASE ... END CASE``, a loop: the statements of each branch or of the body."""
        if word == "IF":
            start = self.pos + 1
            self.header("IF")
            condition = self.text[self.tokens[start].start : self.tokens[self.pos - 2].end + 1] \
                if self.pos - 2 >= start else ""
            first = len(self.statements)
            self.statement_list(("ELSEIF", "ELSIF", "ELSE", "END"))
            if len(self.statements) > first and condition and self.dialect in ("postgres", "snowflake"):
                guarded = guards.guarded_by_test(self.statements[first], condition, self.dialect)
                self.statements[first] = guarded or self.statements[first]
            self.branches("ELSEIF", "ELSIF")
        elif word == "CASE":
            self.header("CASE")
            self.pos -= 1  # the WHEN that ended the header begins the first branch
            self.branches("WHEN")
        elif word == "REPEAT":
            self.pos += 1
            self.statement_list(("UNTIL",))
            self.header("UNTIL")
            self.pos -= 1  # the END that ended the condition ends the loop
        elif word == "LOOP":
            self.pos += 1
            self.statement_list(("END",))
        else:  # FOR, WHILE, FOREACH
            self.header(word)
            self.statement_list(("END",))
        self.end()

    def swallowed_codes(self, start: int, stop: int) -> set[str] | None:
        """The Oracle errors (``SQLCODE``\\ s, without their sign) a handler from ``start`` to ``stop`` swallows when
        all it does is test ``SQLCODE`` and raise the others: ``IF SQLCODE != -942 THEN RAISE; END IF`` (``<>``,
        ``NOT IN (-942, -4043)``), ``IF SQLCODE = -955 THEN NULL; ELSE RAISE; END IF``; None for any other handler
        (``IF SQLCODE = -942 THEN RAISE``: it raises that one and swallows the rest)."""
        at = next((index for index in range(start, stop) if self.word_at(index) == "SQLCODE"), None)
        then = next((index for index in range(at or stop, stop) if self.word_at(index) == "THEN"), None)
        if at is None or then is None:
            return None
        test = [self.word_at(index) for index in range(at + 1, then)]
        negated = test[:1] in (["!="], ["<>"], ["^="], ["NOT"])
        codes = {test[index + 1] for index in range(len(test) - 1) if test[index] == "-"}
        raises = self.word_at(then + 1) == "RAISE"
        return codes if codes and negated == raises and (negated or test[:1] in (["="], ["IN"])) else None

    def handled(self, first: int, caught: list[str]) -> None:
        """A block's only statement, a DROP or a CREATE, whose error its handlers (``caught``: their conditions)
        swallow running nothing: the ``DROP ... IF EXISTS`` or ``CREATE ... IF NOT EXISTS`` it is
        (:func:`.guards.guarded_by_handler`)."""
        begun = self.blocks[-1] if self.blocks else None
        if begun is None or first - begun != 1 or len(self.statements) != first:
            return
        guarded = guards.guarded_by_handler(self.statements[begun], caught, self.dialect)
        self.statements[begun] = guarded or self.statements[begun]

    def branches(self, *branch: str) -> None:
        """The branches after the first of an IF (``ELSEIF``, PL/pgSQL's ``ELSIF``) or a CASE (``WHEN``), and an
        ``ELSE``: their statements."""
        while self.word() in (*branch, "ELSE"):
            if self.word() == "ELSE":
                self.pos += 1
            else:
                self.header(self.word())
            self.statement_list((*branch, "ELSE", "END"))

    def header(self, word: str) -> None:
        """Step over ``word`` and what follows it up to the word that ends it (:data:`_HEADER_ENDS`), included; a
        query in it runs: a loop's ``FOR r IN (query)``, a condition's subquery (``IF (SELECT COUNT(*) ...) > 0``,
        run as a query of the condition's value)."""
        self.pos += 1
        start = self.pos
        self.step_over(_HEADER_ENDS[word])
        stop = self.pos - 1  # the word that ended it
        queries = _QUERY_WORDS | _MODIFYING if self.plpgsql else _QUERY_WORDS
        within = next((i for i in range(start + 1, stop) if self.word_at(i) == "IN"), None) if self.plpgsql else None
        if word == "FOR" and within is not None and within + 2 < stop and self.word_at(within + 1) == "EXECUTE":
            # PL/pgSQL's FOR r IN EXECUTE 'query' [USING ...] LOOP: the literal's query runs (of an expression, a
            # text built when it runs)
            executed = self.text[self.tokens[within + 2].start : self.tokens[stop - 1].end + 1]
            literal = _literal(executed, "postgres") if self.dialect != "oracle" else None
            self.statements.append(literal if literal is not None else f"EXECUTE {BUILT_AT_RUN_TIME}")
            return
        if word == "FOR" and self.dialect == "oracle" and self.word_at(start + 1) == "IN" \
                and self.package_cursor(start + 2, stop):
            return  # FOR r IN pkg.c [(arguments)] LOOP: the package's cursor's query
        if not any(self.word_at(index) in queries for index in range(start, stop)):
            if word != "FOR" and self.plpgsql:  # IF f(a) > 0: a stored function's call
                self.value_read(start, stop)
            return
        if word == "FOR" and self.word_at(start + 1) == "IN" and self.token_at(start + 2, TokenType.L_PAREN) \
                and self.token_at(stop - 1, TokenType.R_PAREN) and not self.bounded(start + 2, stop):
            self.collect(start + 3, stop - 1)
        elif word == "FOR" and self.bounded(start, stop):  # FOR i IN 1..(SELECT count(*) FROM t): a bound's query
            self.subqueries(start, stop)
        elif word == "FOR" and within is not None and self.word_at(within + 1) in queries:
            self.collect(within + 1, stop)  # PL/pgSQL's FOR r [, s ...] IN query LOOP (a RETURNING DML among them)
        elif word == "FOR" and (self.word_at(start) in _QUERY_WORDS or self.word_at(start + 1) == "AS"):
            # Databricks' FOR [r AS] query DO
            self.collect(start if self.word_at(start) in _QUERY_WORDS else start + 2, stop)
        elif word != "FOR" and start < stop:
            condition = self.text[self.tokens[start].start : self.tokens[stop - 1].end + 1].strip()
            self.statements.append(f"SELECT {condition}")

    def step_over(self, ends: Collection[str]) -> None:
        """Step over tokens, a bracketed group as one, up to the first (included) whose word is one of ``ends``
        outside brackets."""
        depth = cases = 0  # brackets, and CASE ... END expressions (whose THEN and END end nothing here)
        while self.pos < len(self.tokens):
            token = self.tokens[self.pos]
            depth += (token.token_type in _OPENS) - (token.token_type in _CLOSES)
            word = self.word()
            self.pos += 1
            if word == "CASE":
                cases += 1
            elif word == "END" and cases:
                cases -= 1
            elif depth == 0 and not cases and word in ends:
                return
        raise _Unreadable

    def end(self) -> None:
        """``END [IF | FOR | WHILE | LOOP | REPEAT | CASE] [label]``."""
        if self.word() != "END":
            raise _Unreadable
        self.pos += 1
        if self.word() in _COMPOUND:
            self.pos += 1
            if self.pos < len(self.tokens) and self.word() not in _BLOCK_WORDS and (
                    self.tokens[self.pos].token_type == TokenType.VAR or (self.plpgsql and self.word(1) in (";", ""))):
                self.pos += 1  # END LOOP label
        elif self.token_at(self.pos, TokenType.VAR) and self.word(1) in (";", ""):
            self.pos += 1  # END label (of a labelled block)
        elif self.plpgsql and self.word() not in (";", "") and self.word(1) in (";", ""):
            self.pos += 1  # END label, whatever word the label is

    def to_semicolon(self) -> int:
        """The index of the ``;`` ending the statement at the position (or of the ``END`` after it when the last
        statement of a list has none), stepping over brackets and ``CASE ... END`` expressions."""
        depth, index = 0, self.pos
        while index < len(self.tokens):
            token = self.tokens[index]
            word = self.word_at(index)
            if token.token_type in _OPENS or word == "CASE":
                depth += 1
            elif token.token_type in _CLOSES or (word == "END" and depth):
                depth -= 1
            elif depth == 0 and (word == ";" or word == "END"):
                return index
            index += 1
        raise _Unreadable

    def word_at(self, index: int) -> str:
        return self.word(index - self.pos)

    def token_at(self, index: int, kind: TokenType) -> bool:
        return index < len(self.tokens) and self.tokens[index].token_type is kind

    def collect(self, start: int, stop: int) -> None:
        """The statement of the tokens ``start`` to ``stop`` (excluded), as written (in PL/pgSQL without the
        variables an ``INTO`` sets)."""
        if start >= stop:
            return
        into = self.into_variables(start, stop) if self.plpgsql else None
        if into is None:
            self.statements.append(self.text[self.tokens[start].start : self.tokens[stop - 1].end + 1].strip())
        else:
            first, last = into
            before = self.text[self.tokens[start].start : self.tokens[first].start]
            after = self.text[self.tokens[last].start : self.tokens[stop - 1].end + 1] if last < stop else ""
            self.statements.append(f"{before.rstrip()} {after.lstrip()}".strip())

    def into_variables(self, start: int, stop: int) -> tuple[int, int] | None:
        """PL/pgSQL's ``INTO [STRICT] v [, ...]`` of a query (``SELECT a INTO v FROM t``) or after a ``RETURNING``
        (PL/SQL's ``BULK COLLECT INTO``, one token): the variables it sets, no table: its tokens ``[first, last)``;
        None when there is none."""
        depth, returning = 0, False
        verb = self.word_at(start)
        for index in range(start, stop):
            token = self.tokens[index]
            depth += (token.token_type in _OPENS) - (token.token_type in _CLOSES)
            word = self.word_at(index)
            returning = returning or (depth == 0 and word == "RETURNING")
            if depth or word not in ("INTO", "BULK COLLECT INTO") or not (verb in _QUERY_WORDS or returning) \
                    or self.word_at(index - 1) in ("INSERT", "MERGE"):  # WITH ... INSERT INTO t: the table
                continue
            last = index + 1 + (self.word_at(index + 1) == "STRICT")
            while last < stop:  # v, r.f, ...
                last += 1
                while self.word_at(last) == "." and last + 1 < stop:
                    last += 2
                if self.word_at(last) != ",":
                    break
                last += 1
            return index, last
        return None

    def cursor_query(self, start: int, stop: int) -> None:
        """A cursor's query; a cursor over a ``RESULTSET`` variable (``c CURSOR FOR res``) runs none of its own."""
        if stop - start > 1 or self.word_at(start) in _QUERY_WORDS:
            self.collect(start, stop)

    def query_value(self, start: int, stop: int) -> None:
        """The query a declaration or an assignment sets its variable to (``:= (SELECT ...)``, ``DEFAULT (...)``),
        if its value is one; else, in PL/pgSQL and PL/SQL, a value computed by a query or a stored function
        (:meth:`value_read`). In PL/SQL, the literal it sets its variable to, if it is one (:attr:`assigned`)."""
        for index in range(start, stop):
            if self.token_at(index, TokenType.COLON_EQ) or self.word_at(index) == "DEFAULT" or (
                    self.plpgsql and self.token_at(index, TokenType.EQ)):  # PL/pgSQL's x = expr
                if self.dialect == "oracle" and index > start:
                    name = self.tokens[start].text.casefold()
                    if index + 2 == stop and self.tokens[index + 1].token_type in (TokenType.STRING,
                                                                                   TokenType.RAW_STRING):
                        self.assigned[name] = "'" + self.tokens[index + 1].text.replace("'", "''") + "'"
                    else:
                        self.assigned.pop(name, None)
                value = index + 1 + (self.word_at(index + 1) == "ASYNC")  # := ASYNC (query): a child job's
                if self.token_at(value, TokenType.L_PAREN) and self.token_at(stop - 1, TokenType.R_PAREN) and (
                        self.word_at(value + 1) in _QUERY_WORDS | _MODIFYING  # (a RESULTSET's DML too)
                        or self.word_at(value + 1) == "EXECUTE" and self.word_at(value + 2) == "IMMEDIATE"):
                    self.collect(value + 1, stop - 1)  # (:= (EXECUTE IMMEDIATE ...): the statement it runs)
                elif self.word_at(value) in _QUERY_WORDS:
                    self.collect(value, stop)
                elif self.plpgsql:
                    self.value_read(value, stop)
                return

    def dynamic(self, executed: str) -> None:
        """PL/SQL's dynamic SQL (``EXECUTE IMMEDIATE x``, ``OPEN c FOR x``, ``DBMS_SQL.PARSE(c, x, ...)``, ``x``
        maybe followed by ``INTO`` / ``USING`` ...): a literal runs, and so does the literal of a variable the block
        sets once (``q VARCHAR2(100) := 'select ...'``), or last set to one before (``l_sql := q'!...!'; EXECUTE
        IMMEDIATE l_sql;``); any other text is built when the block runs, a statement the log does not give: set aside
        saying so (unless nothing it may hold touches data: ``'grant ...' || r``, ``'drop trigger ' || t``)."""
        literal = _literal(executed, "oracle")
        if literal is None and (named := _RUN_VARIABLE.match(executed)) is not None:
            if self.literals is None:
                self.literals = _literal_variables(self.tokens, oracle=True)
            value = self.assigned.get(named["name"].casefold()) or self.literals.get(named["name"].casefold())
            literal = _literal(value, "oracle") if value is not None else None
        if literal is not None:
            self.statements.append(_NUMBERED_BIND.sub(r":b\1", literal))  # (its binds by number, :1, named: :b1)
        elif not _touches_no_data(executed):
            self.statements.append(f"EXECUTE {BUILT_AT_RUN_TIME}")

    def package_cursor(self, start: int, stop: int) -> bool:
        """PL/SQL's cursor of a package (``pkg.c``, ``schema.pkg.c``, maybe with arguments) opened by the block, from
        ``start`` to ``stop``: its query runs, which the package's CREATE holds: the statement ``OPEN pkg.c``, which
        finds it (:func:`.dispatch.oracle_package_cursor`). Whether it was one."""
        if self.dialect != "oracle" or start >= stop:
            return False
        end = next((i for i in range(start, stop) if self.tokens[i].token_type == TokenType.L_PAREN), stop)
        names = [self.tokens[i] for i in range(start, end)]
        if len(names) not in (3, 5) or any(token.token_type != TokenType.DOT for token in names[1::2]) \
                or names[0].text.upper() in self.declared or (end < stop and not self.token_at(stop - 1,
                                                                                            TokenType.R_PAREN)):
            return False
        self.statements.append(f"OPEN {self.text[names[0].start:names[-1].end + 1]}")
        return True

    def bounded(self, start: int, stop: int) -> bool:
        """Whether a loop's header from ``start`` to ``stop`` is an integer range (``i IN [REVERSE] a .. b``: its
        ``..`` outside brackets)."""
        depth = 0
        for index in range(start, stop):
            depth += (self.tokens[index].token_type in _OPENS) - (self.tokens[index].token_type in _CLOSES)
            if depth == 0 and (self.tokens[index].text.endswith(".") and index + 1 < stop
                               and self.tokens[index + 1].text.startswith(".") or self.tokens[index].text == ".."):
                return True
        return False

    def subqueries(self, start: int, stop: int) -> None:
        """Each bracketed query from ``start`` to ``stop``, run as ``SELECT (query)``."""
        index = start
        while index < stop:
            if self.token_at(index, TokenType.L_PAREN) and self.word_at(index + 1) in _QUERY_WORDS:
                close, depth = index, 0
                while close < stop:
                    depth += (self.tokens[close].token_type in _OPENS) - (self.tokens[close].token_type in _CLOSES)
                    if not depth:
                        break
                    close += 1
                self.statements.append(
                    f"SELECT {self.text[self.tokens[index].start : self.tokens[min(close, stop - 1)].end + 1]}")
                index = close
            index += 1

    def arguments(self, opening: int, closing: int) -> list[tuple[int, int]]:
        """The arguments of a call whose brackets are at ``opening`` and ``closing``: (first token, end) each."""
        found, first, depth = [], opening + 1, 0
        for index in range(opening + 1, closing):
            depth += (self.tokens[index].token_type in _OPENS) - (self.tokens[index].token_type in _CLOSES)
            if depth == 0 and self.tokens[index].token_type == TokenType.COMMA:
                found.append((first, index))
                first = index + 1
        if first < closing:
            found.append((first, closing))
        return found

    def value_read(self, start: int, stop: int) -> None:
        """The value of an expression of PL/pgSQL or PL/SQL (an assignment's, a declaration's default, a condition, a
        built-in procedure's arguments) that runs a query or calls a function that is no built-in: read as ``SELECT
        <expression>``, as PL/pgSQL evaluates every expression ("each expression ... is executed as a SELECT
        command"), so that the query's tables and the function (the catalog's or the log's, and what its body
        reads) are the block's reads (``n := cnt('x')``, ``IF f(a) > 0``, ``n := (SELECT count(*) FROM t) + 1``);
        a function no catalog holds then touches no object."""
        if start < stop:
            expression = self.text[self.tokens[start].start : self.tokens[stop - 1].end + 1].strip()
            if _runs_sql(expression, self.dialect, frozenset(self.declared)):
                self.statements.append(f"SELECT {expression}")
