"""Variables a request sets: Snowflake session variables it then names objects by, and BigQuery script variables.

A request that runs ``SET t = 'SALES.PUBLIC.ORDERS'`` and then ``SELECT * FROM IDENTIFIER($t)`` gives the
variable's value in the log itself: the later statements of the request are read with the value in its place
(CONTRACT 3a quarantines only a variable "whose value the log does not give"). Only string values are kept
(a name is a string); a variable set to anything else, or unset, is forgotten.

>>> known = assigned("set (t, n) = ('sales.public.orders', 5)", {})
>>> known
{'T': "'sales.public.orders'"}
>>> with_values("select * from identifier($t) join table($T) using (id) where x = $n", known)
"select * from identifier('sales.public.orders') join table('sales.public.orders') using (id) where x = $n"
>>> assigned("unset (t, n)", known)
{}

A BigQuery script's ``DECLARE`` names variables its later statements use as values (``WHERE d > days``): a name
that is no column of the tables of known columns a statement reads is such a variable, not a column of a table
whose columns are unknown (:func:`declared`). So are a PostgreSQL ``DO`` block's variables, declared or a loop's
(:func:`block_variables`).
"""

from __future__ import annotations

import bisect
import re

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

from .fingerprint import SKIPPED
from .parsing import SQLGLOT_FAILURES, lowered
from .scripting import is_plsql_block
from .sql_path import PATH_DIALECTS, sets_path

__all__ = ["CASE_SENSITIVE", "LOOP_DIALECTS", "PREPARE_DIALECTS", "PREPARED_FROM_VARIABLE", "REGEX_NAMES",
           "SEARCH_PATH_DIALECTS", "SESSION_VARIABLE_DIALECTS", "assigned",
           "block_variables", "declared", "is_use", "loop_rows", "may_assign", "session_declared", "string_value",
           "with_values"]

#: ``IDENTIFIER($v)``, ``TABLE($v)`` or ``TO_QUERY($v)``, or of variables and strings joined (``IDENTIFIER($db ||
#: '.s.t')``): where variables name an object, or (TO_QUERY) hold a query.
_STRING = r"'(?:[^'\\]|''|\\.)*+'"
_NAMED_BY = re.compile(rf"\b(identifier|table|to_query)(\s*\()((?:\s*+(?:\$[A-Za-z_][\w$]*|{_STRING}|\|\|))++\s*)(\))",
                       re.IGNORECASE)
#: A variable, or a string (whose text is no variable), in such an argument.
_ARGUMENT_PIECE = re.compile(rf"\$([A-Za-z_][\w$]*)|{_STRING}")
#: Databricks' ``IDENTIFIER(v)`` of session variables and strings joined (``IDENTIFIER('main.' || session.v)``), and a
#: variable in it (its name, ``session.`` or ``system.session.`` before it).
_SESSION_PREFIX = r"(?:system\s*+\.\s*+session\s*+\.\s*+|session\s*+\.\s*+)?"
_SESSION_VARIABLE = rf"{_SESSION_PREFIX}([A-Za-z_]\w*)"
#: (no group in the repeated one: Python 3.11's ``re`` fails on a possessive repeat of a group holding one,
#: "SystemError: The span of capturing group is wrong", on ``IDENTIFIER(sch || '.t')``)
_NAMED_BY_VARIABLES = re.compile(rf"\b(identifier)(\s*\()((?:\s*+(?:{_SESSION_PREFIX}[A-Za-z_]\w*+|{_STRING}"
                                 rf"|\|\|))++\s*)(\))", re.IGNORECASE)
_VARIABLE_PIECE = re.compile(rf"{_SESSION_VARIABLE}|{_STRING}", re.IGNORECASE)
#: The dialects whose session variables a statement declares (``DECLARE [OR REPLACE] [VARIABLE] v [type] [DEFAULT |
#: =] value``), sets (``SET VAR | VARIABLE v = value, ...``) and drops (``DROP TEMPORARY VARIABLE v``): Databricks' and
#: Spark 4's.
SESSION_VARIABLE_DIALECTS = frozenset({"databricks", "spark"})
#: What marks, among a session's known values (:func:`assigned`), a session variable declared of any value, by its
#: lower-cased name after it: a name a statement gives that no column of its tables has is that variable (Spark's
#: analyzer looks for a column first, then for a variable), read from no table.
_DECLARED_MARK = "DECLARED "
#: White space and comments before a statement's first word (possessively: a line of dashes is one comment, never
#: split into many ways of matching it).
_COMMENTS = r"(?:\s++|--[^\n]*+|//[^\n]*+|/\*.*?\*/)*+"
#: The dialects whose sessions may make a backquoted name of a select list a regular expression of the columns it
#: selects: Spark's ``SET spark.sql.parser.quotedRegexColumnNames=true``, Hive's ``SET
#: hive.support.quoted.identifiers=none`` (``SELECT `(ds|hr)?+.+` FROM t``: every column but ds and hr).
REGEX_NAME_DIALECTS = frozenset({"spark", "spark2", "databricks", "hive"})
#: What marks that setting on among a session's known values (:func:`assigned`).
REGEX_NAMES = "SETTING quoted regex column names"
#: The dialects whose statements' ``${var}`` is the value a ``SET var=value`` of the session gave, put in the text
#: before the statement is parsed (Spark's ``VariableSubstitution``, ``spark.sql.variable.substitute``, on by default;
#: Hive's ``hivevar`` and ``hiveconf`` namespaces: ``SET hivevar:v=x`` and ``${hivevar:v}``).
SUBSTITUTION_DIALECTS = REGEX_NAME_DIALECTS
#: What marks a setting's value among a session's known values (:func:`assigned`), by its name after it.
_SETTING_VALUE = "VALUE "
#: A ``SET key=value`` (its value the rest of the statement, as Spark's ``SetCommand`` takes it, trimmed) or a ``RESET
#: [key]`` (of every setting without one), after any comments.
_SUBSTITUTION_SET = re.compile(
    _COMMENTS + r"(?:set\s++(?:hive(?:var|conf)\s*+:\s*+)?+([\w.:]++)\s*+=(.*?)|reset(?:\s++([\w.:]++))?+)"
                r"\s*+;?+\s*+$", re.IGNORECASE | re.DOTALL)
#: A ``${var}`` (``${hivevar:var}``, ``${hiveconf:var}``; not ``${env:var}`` or ``${system:var}``, which no ``SET``
#: gives).
_SUBSTITUTED = re.compile(r"\$\{(?:(?:hivevar|hiveconf|spark|sparkconf):)?+([\w.]++)\}", re.IGNORECASE)
#: A statement that sets it, or resets it (``RESET`` alone resets every setting).
_REGEX_SETTING = re.compile(
    _COMMENTS + r"(?:set\s++(?:spark\.sql\.parser\.quotedregexcolumnnames\s*+=\s*+(\w++)"
                r"|hive\.support\.quoted\.identifiers\s*+=\s*+(\w++))"
                r"|reset(?:\s++(?:spark\.sql\.parser\.quotedregexcolumnnames|hive\.support\.quoted\.identifiers))?+)"
                r"\s*+;?+\s*+$", re.IGNORECASE | re.DOTALL)
#: The dialects whose sessions may keep the case of quoted names: Redshift's ``SET enable_case_sensitive_identifier
#: TO true`` ("Names identifiers including table names and column names are case sensitive ... when enclosed in
#: double quotation marks"; by default a quoted name is folded to lower case as an unquoted one is).
CASE_SENSITIVE_DIALECTS = frozenset({"redshift"})
#: What marks that setting on among a session's known values (:func:`assigned`).
CASE_SENSITIVE = "SETTING case-sensitive identifiers"
#: A statement that sets it (``TO | =`` a Boolean, quoted or not), or resets it (``RESET ALL`` too).
_CASE_SETTING = re.compile(
    _COMMENTS + r"(?:set\s++(?:session\s++)?enable_case_sensitive_identifier\s*+(?:to\b|=)\s*+'?+(\w++)'?+"
                r"|reset\s++(?:enable_case_sensitive_identifier|all)\b)\s*+;?+\s*+$", re.IGNORECASE | re.DOTALL)
#: A PostgreSQL DO block, after any comments (a migration's ``-- backfill`` line before it).
_DO = re.compile(_COMMENTS + r"do\b", re.IGNORECASE | re.DOTALL)
#: A statement that may set or unset variables: its first word, after any comments.
_SETS = re.compile(_COMMENTS + r"(set|unset)\b", re.IGNORECASE | re.DOTALL)
#: A Databricks statement that may declare, set or drop session variables (:data:`SESSION_VARIABLE_DIALECTS`).
_VARIABLE_SETS = re.compile(_COMMENTS + r"(declare|set\s++var(?:iable)?|drop\s++temp(?:orary)?\s++var(?:iable)?)\b",
                            re.IGNORECASE | re.DOTALL)
#: A statement that may set the search path (PostgreSQL's and Redshift's ``SET`` / ``RESET``), after any comments.
_PATH_SETS = re.compile(_COMMENTS + r"(?:set|reset)\b", re.IGNORECASE | re.DOTALL)
#: A call of ``set_config`` of the search path (PostgreSQL's ``SELECT set_config('search_path', 'a', false)``, which
#: pg_dump's scripts open with).
_SET_CONFIG = re.compile(r"\bset_config\s*+\(\s*+'search_path'", re.IGNORECASE)
#: PostgreSQL's other statements that move the search path: ``SET [SESSION | LOCAL] SCHEMA 'x'`` ("an alias for SET
#: search_path TO value"), ``RESET ALL``, ``DISCARD ALL``.
_PATH_RESETS = re.compile(_COMMENTS + r"(?:set\b" + _COMMENTS + r"(?:(?:session|local)\b" + _COMMENTS + r")?schema\b"
                          r"|(?:reset|discard)\b" + _COMMENTS + r"all\b)", re.IGNORECASE | re.DOTALL)
#: A statement that makes a database or schema current (``USE ...``; Spark's and Databricks' ``SET CATALOG c``;
#: Exasol's ``OPEN SCHEMA s``), after any comments.
_USES = re.compile(_COMMENTS + r"(?:use|set\s++catalog|open\s++schema)\b", re.IGNORECASE | re.DOTALL)
#: The dialects whose ``SET search_path`` gives the schemas unqualified names are searched in.
SEARCH_PATH_DIALECTS = frozenset({"postgres", "redshift"})
#: The dialects of prepared statements: ``PREPARE name FROM statement`` (Trino's, Athena's), ``PREPARE name FROM
#: 'statement'`` (MySQL's, a string literal; one a user variable holds, ``FROM @q``, is not known here) or ``PREPARE
#: name [(types)] AS statement`` (PostgreSQL's, Redshift's, DuckDB's), run by a later ``EXECUTE name [USING ...] |
#: [(...)]`` of the session and dropped by ``DEALLOCATE [PREPARE] name``.
PREPARE_DIALECTS = frozenset({"trino", "presto", "athena", "postgres", "redshift", "mysql", "duckdb"})
#: A prepared statement's name: a word, or quoted (its case kept).
_PREPARED_NAME = r'(\w+|"[^"]+")'
_PREPARE = re.compile(_COMMENTS + r"prepare\s+" + _PREPARED_NAME + r"\s*(?:\((?:[^()]|\([^()]*\))*\)\s*)?"
                      r"(?:from|as)\s++(.*\S)", re.IGNORECASE | re.DOTALL)
_EXECUTE = re.compile(_COMMENTS + r"execute\s+" + _PREPARED_NAME + r"(?!\w)", re.IGNORECASE | re.DOTALL)
_DEALLOCATE = re.compile(_COMMENTS + r"deallocate\s+(?:prepare\s+)?" + _PREPARED_NAME + r"\s*$",
                         re.IGNORECASE | re.DOTALL)
#: The key under which a session's prepared statement is known, beside its variables (no variable's name has a
#: space).
_PREPARED = "PREPARE {}"


def _prepared_key(name: str) -> str:
    """The key of the prepared statement ``name`` as written: a word folds to lower case (as every dialect of
    :data:`PREPARE_DIALECTS` folds names), a quoted name keeps its case."""
    return _PREPARED.format(name[1:-1] if name.startswith('"') else name.lower())


#: BigQuery's ``DECLARE name[, ...] [type] [DEFAULT expr]`` (after any comments: :func:`_past_comments`): the names.
_DECLARE = re.compile(r"DECLARE\s+((?:`[^`]+`|\w+)(?:\s*,\s*(?:`[^`]+`|\w+))*)", re.IGNORECASE)


def _past_comments(text: str) -> int:
    """Where ``text``'s first word starts, past white space and ``--``, ``#`` and ``/* */`` comments (in one pass)."""
    at = 0
    while True:
        while at < len(text) and text[at].isspace():
            at += 1
        if text.startswith(("--", "#"), at):
            end = text.find("\n", at)
            at = len(text) if end < 0 else end + 1
        elif text.startswith("/*", at):
            end = text.find("*/", at + 2)
            at = len(text) if end < 0 else end + 2
        else:
            return at


def declared(text: str, dialect: str = "bigquery") -> frozenset[str]:
    """The script variables the statement ``text`` declares: when it is a BigQuery ``DECLARE``, or a Spark or
    Databricks one (:data:`SESSION_VARIABLE_DIALECTS`: a session's, or a variable local to a compound statement), the
    names it declares (lower-cased: these variables, like the dialects' columns, ignore case); none otherwise.

    >>> sorted(declared("-- how far back\\nDECLARE days, `Max` INT64 DEFAULT 7", "bigquery"))
    ['days', 'max']
    >>> sorted(declared("declare or replace variable session.Lim int default 3", "spark"))
    ['lim']
    >>> declared("declare x int", "snowflake")
    frozenset()
    """
    if dialect in SESSION_VARIABLE_DIALECTS:
        verb = _VARIABLE_SETS.match(text)
        if verb is None or verb[1].upper() != "DECLARE":
            return frozenset()
        return frozenset(name.name.lower() for name, _ in _declared(text, dialect))
    if dialect != "bigquery":
        return frozenset()
    match = _DECLARE.match(text, _past_comments(text))
    if match is None:
        return frozenset()
    return frozenset(name.strip().strip("`").lower() for name in match[1].split(","))


#: A PL/pgSQL block's ``DECLARE`` section (up to its ``BEGIN``), and a loop's variables (``FOR r IN``, ``FOR i, j
#: IN``, ``FOREACH x [SLICE n] IN ARRAY``).
_SECTION_WORDS = re.compile(r"\b(declare|begin)\b", re.IGNORECASE)
_LOOP = re.compile(r"\b(?:for|foreach|forall)\s+(\w+(?:\s*,\s*\w+)*)\s+(?:slice\s+\d+\s+)?in\b", re.IGNORECASE)
_DECLARED = re.compile(r"(?:^|;)\s*(?:<<\w+>>\s*)?(\w+)", re.IGNORECASE)
#: A cursor's parameters in a declaration: PL/pgSQL's ``c CURSOR (p int, ...) FOR``, PL/SQL's ``CURSOR c (p NUMBER)
#: IS``.
_CURSOR_PARAMETERS = re.compile(r"\bcursor\s*(?:\w+\s*)?\(([^()]*)\)", re.IGNORECASE)
#: PL/SQL's declarations name what follows their kind (``TYPE t IS ...``, ``CURSOR c IS ...``, ``PROCEDURE p``).
_PLSQL_DECLARED = re.compile(r"(?:^|;)\s*(?:(?:type|subtype|cursor|procedure|function)\s+)?(\w+)", re.IGNORECASE)


def block_variables(text: str, dialect: str) -> frozenset[str]:
    """The variables of a PostgreSQL ``DO`` block's PL/pgSQL (lower-cased, as PostgreSQL folds them): what its
    ``DECLARE`` sections declare and its loops iterate with. PL/pgSQL raises an error where a name could be both a
    variable and a column of a statement's table (``plpgsql.variable_conflict = error``, the default), so in its
    statements such a name is never a column.

    >>> sorted(block_variables("DO $$ DECLARE n int := 0; Total numeric; BEGIN FOR r IN SELECT 1 LOOP NULL; "
    ...                        "END LOOP; FOREACH x SLICE 1 IN ARRAY a LOOP NULL; END LOOP; END $$", "postgres"))
    ['n', 'r', 'total', 'x']

    A cursor's parameters are its query's variables:

    >>> sorted(block_variables("DO $$ DECLARE c CURSOR (p int, q text) FOR SELECT a FROM t WHERE id = p; BEGIN "
    ...                        "OPEN c(1, 'x'); END $$", "postgres"))
    ['c', 'p', 'q']

    An Oracle PL/SQL anonymous block's too (upper-cased, as Oracle folds them; ``FORALL i IN``'s index among them),
    where a name that is also a column of a statement's table is that column ("the column name takes precedence"),
    as the resolver takes any script variable.
    """
    oracle = dialect == "oracle" and is_plsql_block(text)
    if not oracle and (dialect != "postgres" or _DO.match(text) is None):
        return frozenset()
    names: set[str] = set()
    start = None  # where the DECLARE section being read starts
    for word in _SECTION_WORDS.finditer(text):  # one pass: a DECLARE section ends at its block's BEGIN
        if word[1].lower() == "declare":
            start = word.end() if start is None else start
        elif start is not None:
            declared = _PLSQL_DECLARED if oracle else _DECLARED
            section = text[start:word.start()]
            names.update(m[1].lower() for m in declared.finditer(section))
            names.update(argument.split()[0].lower() for m in _CURSOR_PARAMETERS.finditer(section)
                         for argument in m[1].split(",") if argument.strip())
            start = None
    for loop in _LOOP.finditer(text):
        names.update(name.strip().lower() for name in loop[1].split(","))
    return frozenset(name.upper() for name in names) if oracle else frozenset(names)


#: The dialects whose blocks' loops :func:`loop_rows` reads.
LOOP_DIALECTS = frozenset({"postgres", "snowflake", "databricks", "spark", "bigquery", "oracle"})
#: A word each dialect's loops over rows cannot do without (``for `` where not listed).
_LOOP_NEEDS = {"postgres": "loop", "oracle": "loop", "snowflake": "cursor"}
#: A loop over a query's rows: PL/pgSQL's ``FOR r IN query LOOP``, up to the query's start (its end is the next LOOP).
_ROWS_LOOP = re.compile(r"\bfor\s+(\w+)\s+in\s++(?=\(?\s*(?:select|with|values)\b)", re.IGNORECASE)
#: A loop over a cursor's rows: PL/pgSQL's ``FOR r IN c [(arguments)] LOOP``, Snowflake's ``FOR r IN c DO``.
_CURSOR_LOOP = re.compile(r"\bfor\s+(\w+)\s+in\s+(\w+)\s*(?:\([^()]*\)\s*)?(?:loop|do)\b", re.IGNORECASE)
#: A cursor's declaration and its query, up to the ``;`` that ends it: PL/pgSQL's ``c [[NO] SCROLL] CURSOR
#: [(arguments)] {FOR | IS} query;``, Snowflake's ``c CURSOR FOR query;`` (also after ``LET``).
_CURSOR = re.compile(r"\b(\w+)\s+(?:(?:no\s+)?scroll\s+)?cursor\s*(?:\([^()]*\)\s*)?(?:for|is)\s++"
                     r"(?=\(?\s*(?:select|with|values)\b)", re.IGNORECASE)
#: Oracle's cursor declaration, ``CURSOR c [(parameters)] [RETURN type] IS query;``.
_PLSQL_CURSOR = re.compile(r"\bcursor\s+(\w+)\s*(?:\([^()]*\)\s*)?(?:return\s+[\w.%]+\s+)?is\s++"
                           r"(?=\(?\s*(?:select|with)\b)", re.IGNORECASE)
#: Databricks' and Spark's SQL scripting loop over a query's rows, ``FOR r AS query DO`` (its query ends at DO).
_SCRIPT_LOOP = re.compile(r"\bfor\s+(\w+)\s+as\s++(?=\(?\s*(?:select|with|values)\b)", re.IGNORECASE)
_DO_WORD = re.compile(r"\bdo\b", re.IGNORECASE)
_LOOP_WORD = re.compile(r"\bloop\b", re.IGNORECASE)
#: The longest loop or cursor query taken (a longer one's variable carries no lineage): bounds the work on hostile text.
_LONGEST_QUERY = 20_000


def loop_rows(text: str, dialect: str) -> tuple[tuple[str, str], ...]:
    """The record variables of a request's loops over a query's rows, each with that query: a PostgreSQL ``DO``
    block's ``FOR r IN SELECT ... LOOP`` and ``FOR r IN c LOOP`` over a declared cursor; a Snowflake Scripting
    block's ``FOR r IN c DO``; a Databricks or Spark SQL script's ``FOR r AS query DO``; a BigQuery script's ``FOR r
    IN (query) DO``; an Oracle PL/SQL block's ``FOR r IN (query) LOOP`` and ``FOR r IN c LOOP`` over a ``CURSOR c IS
    query``. In the loop's statements,
    ``r.id`` is the column ``id`` of the query's rows, so a value written from it comes from what the query read
    (names upper-cased in Snowflake and Oracle, lower-cased elsewhere, as each folds them). The first loop of a name
    counts.

    >>> loop_rows("DO $$ DECLARE c CURSOR FOR SELECT a FROM t; BEGIN FOR r IN SELECT id, b FROM u WHERE x LOOP "
    ...           "INSERT INTO w VALUES (r.id); END LOOP; FOR q IN c LOOP NULL; END LOOP; END $$", "postgres")
    (('r', 'SELECT id, b FROM u WHERE x'), ('q', 'SELECT a FROM t'))
    """
    if dialect not in LOOP_DIALECTS or ";" not in text or _LOOP_NEEDS.get(dialect, "for ") not in lowered(text):
        return ()  # (a loop is in a block, whose statements end at a ';'; a DO block anywhere in a request: its
        # statements are the request's)
    # (a cursor's query ends at the next ';', a loop's at the next LOOP or DO: each found once, so that many cursors
    # and loops cost one pass)
    ends = [m.start() for m in re.finditer(";", text)]
    cursors: dict[str, str] = {}
    for declared_cursor in (_PLSQL_CURSOR if dialect == "oracle" else _CURSOR).finditer(text):
        at = bisect.bisect_left(ends, declared_cursor.end())
        name = declared_cursor[1].casefold()
        if at < len(ends) and ends[at] - declared_cursor.end() <= _LONGEST_QUERY and name not in cursors:
            cursors[name] = text[declared_cursor.end():ends[at]].strip()
    rows: dict[str, str] = {}
    if dialect != "snowflake":  # PostgreSQL's FOR r IN query LOOP, Databricks' FOR r AS query DO, BigQuery's
        opening, closing = {"postgres": (_ROWS_LOOP, _LOOP_WORD), "oracle": (_ROWS_LOOP, _LOOP_WORD),
                            "bigquery": (_ROWS_LOOP, _DO_WORD)}.get(
            dialect, (_SCRIPT_LOOP, _DO_WORD))  # BigQuery's FOR r IN (query) DO
        loops = [m.start() for m in closing.finditer(text)]
        for loop in opening.finditer(text):
            at = bisect.bisect_left(loops, loop.end())
            name = loop[1].casefold()
            if at < len(loops) and loops[at] - loop.end() <= _LONGEST_QUERY and name not in rows:
                rows[name] = text[loop.end():loops[at]].strip()
    for loop in _CURSOR_LOOP.finditer(text):
        query = cursors.get(loop[2].casefold())
        if query is not None:
            rows.setdefault(loop[1].casefold(), query)
    fold = str.upper if dialect in ("snowflake", "oracle") else str.lower
    return tuple((fold(name), query) for name, query in rows.items() if query)


def assigned(text: str, known: dict[str, str], dialect: str = "snowflake") -> dict[str, str]:
    """The variables known after the statement ``text``: ``known``, with what a ``SET`` of string literals sets
    (the literal's SQL, by the upper-cased name) and without what any other ``SET`` or an ``UNSET`` changes; and
    the session's prepared statements (:data:`PREPARE_DIALECTS`), each by its key (:data:`_PREPARED`); and, in
    Spark's and Hive's dialects, whether backquoted names are regular expressions (:data:`REGEX_NAMES`); in
    Redshift's, whether quoted names keep their case (:data:`CASE_SENSITIVE`)."""
    if dialect in SUBSTITUTION_DIALECTS and (values := _substitution_set(text, known)) is not None:
        regex = _regex_names_set(text, values)  # (a RESET resets both)
        return values if regex is None else regex
    if dialect in REGEX_NAME_DIALECTS and (regex := _regex_names_set(text, known)) is not None:
        return regex
    if dialect in CASE_SENSITIVE_DIALECTS and (cased := _case_sensitive_set(text, known)) is not None:
        return cased
    if dialect in PREPARE_DIALECTS:
        return _prepared(text, known, dialect)
    if dialect in SESSION_VARIABLE_DIALECTS:
        return _session_variables(text, known, dialect)
    verb = _SETS.match(text) if dialect == "snowflake" else None
    if verb is None:
        return known
    if verb[1].upper() == "UNSET":
        names = re.findall(r"[A-Za-z_][\w$]*", text[verb.end():])
        return {key: value for key, value in known.items() if key not in {name.upper() for name in names}}
    try:
        tree = sqlglot.parse_one(text, read=dialect)
    except (SqlglotError, *SQLGLOT_FAILURES):  # (sqlglot's parser fails in its own ways on some texts)
        return known
    if isinstance(tree, exp.Set):
        pairs = []
        for item in tree.expressions:
            if not isinstance(item, exp.SetItem) or not isinstance(item.this, exp.EQ):
                continue
            names, values = item.this.this.unnest(), item.this.expression.unnest()  # (SET (t) = ('x'): one, bracketed)
            names = names.expressions if isinstance(names, exp.Tuple) else [names]
            values = values.expressions if isinstance(values, exp.Tuple) else [values]
            pairs += list(zip(names, values)) if len(names) == len(values) else [(name, None) for name in names]
    else:
        return known
    out = dict(known)
    for name, value in pairs:
        if not isinstance(name, exp.Column):
            continue
        key = name.name.upper()
        text = string_value(value, known, dialect)
        if text is not None:
            out[key] = exp.Literal.string(text).sql(dialect=dialect)
        else:
            out.pop(key, None)
    return out


def _session_variables(text: str, known: dict[str, str], dialect: str) -> dict[str, str]:
    """:func:`assigned` in Databricks and Spark 4: a ``DECLARE`` of a variable with a string's value, a ``SET VAR`` of
    strings, and a ``DROP TEMPORARY VARIABLE``, by the upper-cased name (a variable of another value is forgotten), and
    each variable declared, marked by its name (:func:`session_declared`).

    >>> known = _session_variables("declare or replace variable t string default 'main.s.orders'", {}, "databricks")
    >>> known, _session_variables("set var t = 'main.s.' || 'items', n = 5", known, "databricks")
    ({'DECLARED t': '', 'T': "'main.s.orders'"}, {'DECLARED t': '', 'T': "'main.s.items'"})
    >>> _session_variables("drop temporary variable if exists session.t", known, "databricks")
    {}

    A variable of another value is known as declared (:func:`session_declared`):

    >>> known = _session_variables("declare variable lim int default 3", {}, "spark")
    >>> known, _session_variables("drop temporary variable lim", known, "spark")
    ({'DECLARED lim': ''}, {})
    """
    verb = _VARIABLE_SETS.match(text)
    if verb is None:
        return known
    if verb[1].upper().startswith("DROP"):
        names = re.findall(r"[A-Za-z_]\w*", text[verb.end():])
        dropped = {name.upper() for name in names} | {_DECLARED_MARK + name.lower() for name in names}
        return {key: value for key, value in known.items() if key not in dropped}
    try:  # (a DECLARE read from its tokens; a SET parsed)
        pairs = _declared(text, dialect) if verb[1].upper() == "DECLARE" else []
        tree = sqlglot.parse_one(text, read=dialect) if not pairs else None
    except (SqlglotError, *SQLGLOT_FAILURES):
        return known
    if isinstance(tree, exp.Set):
        for item in tree.expressions:
            if isinstance(item, exp.SetItem) and isinstance(item.this, exp.EQ):
                pairs.append((item.this.this, item.this.expression))
    out = dict(known)
    if verb[1].upper() == "DECLARE":
        out.update((_DECLARED_MARK + name.name.lower(), "") for name, _ in pairs)
    for name, value in pairs:
        key = name.name.upper()
        string = string_value(value, known, dialect) if value is not None else None
        if string is not None:
            out[key] = exp.Literal.string(string).sql(dialect=dialect)
        else:
            out.pop(key, None)
    return out


def _substitution_set(text: str, known: dict[str, str]) -> dict[str, str] | None:
    """``known`` after ``text`` when it sets a value a later ``${key}`` stands for, or resets one or every one
    (:data:`SUBSTITUTION_DIALECTS`); None when it does neither.

    >>> known = _substitution_set("SET source_db = hls_cms ;", {})
    >>> known, _substitution_set("set hivevar:n=5", known), _substitution_set("reset source_db", known)
    ({'VALUE source_db': 'hls_cms'}, {'VALUE source_db': 'hls_cms', 'VALUE n': '5'}, {})
    >>> _substitution_set("SET VAR v = 1", known) is None, _substitution_set("set time zone 'UTC'", known) is None
    (True, True)
    """
    match = _SUBSTITUTION_SET.match(text)
    if match is None:
        return None
    if match[1] is not None:
        return {**known, _SETTING_VALUE + match[1]: match[2].strip()}
    if match[3] is not None:
        return {key: value for key, value in known.items() if key != _SETTING_VALUE + match[3]}
    return {key: value for key, value in known.items() if not key.startswith(_SETTING_VALUE)}


def _substituted(text: str, known: dict[str, str]) -> str:
    """``text`` with each ``${key}`` whose value its session set (:func:`_substitution_set`) holding that value, as
    Spark puts it in before it parses the statement; an unknown one is left as it is.

    >>> _substituted("create table t3 as select id from ${hivevar:db}.c where k = '${k}' and x = ${env:X}",
    ...              {"VALUE db": "hls", "VALUE k": "a"})
    "create table t3 as select id from hls.c where k = 'a' and x = ${env:X}"
    """
    return _SUBSTITUTED.sub(lambda match: known.get(_SETTING_VALUE + match[1], match[0]), text)


def _regex_names_set(text: str, known: dict[str, str]) -> dict[str, str] | None:
    """``known`` after ``text`` when it sets or resets whether backquoted names are regular expressions
    (:data:`REGEX_NAMES`); None when it does neither.

    >>> on = _regex_names_set("SET spark.sql.parser.quotedRegexColumnNames=true", {})
    >>> on, _regex_names_set("set hive.support.quoted.identifiers = column", on), _regex_names_set("reset", on)
    ({'SETTING quoted regex column names': ''}, {}, {})
    >>> _regex_names_set("set spark.sql.ansi.enabled=true", on) is None
    True
    """
    match = _REGEX_SETTING.match(text)
    if match is None:
        return None
    return _setting(known, REGEX_NAMES, (match[1] or "").lower() == "true" or (match[2] or "").lower() == "none")


def _case_sensitive_set(text: str, known: dict[str, str]) -> dict[str, str] | None:
    """``known`` after ``text`` when it sets or resets whether quoted names keep their case (:data:`CASE_SENSITIVE`);
    None when it does neither.

    >>> on = _case_sensitive_set("SET enable_case_sensitive_identifier TO true;", {})
    >>> on, _case_sensitive_set("set enable_case_sensitive_identifier = 'off'", on), _case_sensitive_set("RESET ALL", on)
    ({'SETTING case-sensitive identifiers': ''}, {}, {})
    >>> _case_sensitive_set("set search_path to s", on) is None
    True
    """
    match = _CASE_SETTING.match(text)
    if match is None:
        return None
    return _setting(known, CASE_SENSITIVE, (match[1] or "").lower() in ("true", "on", "1"))


def _setting(known: dict[str, str], mark: str, on: bool) -> dict[str, str]:
    """``known`` with the session's setting ``mark`` on or off (``known`` itself where it already is)."""
    if on:
        return known if mark in known else {**known, mark: ""}
    return {key: value for key, value in known.items() if key != mark} if mark in known else known


def session_declared(known: dict[str, str]) -> frozenset[str]:
    """The session variables of any value that ``known`` (:func:`assigned`'s, in :data:`SESSION_VARIABLE_DIALECTS`)
    holds as declared, by their lower-cased names.

    >>> sorted(session_declared({"DECLARED lim": "", "T": "'d.s.t'", "DECLARED t": ""}))
    ['lim', 't']
    """
    return frozenset(key[len(_DECLARED_MARK):] for key in known if key.startswith(_DECLARED_MARK))


def _declared(text: str, dialect: str) -> list[tuple[exp.Expression, exp.Expression | None]]:
    """The variables of Databricks' ``DECLARE [OR REPLACE] [VARIABLE | VAR] name [, ...] [type] [{DEFAULT | =} value]``
    (a name perhaps ``session.`` or ``system.session.`` qualified), each with its value (None without one, or when
    it does not read), read from the tokens: sqlglot takes the name of ``DECLARE v STRING = 'x'`` for the type's,
    and cannot read ``DECLARE v = 'x'`` or a qualified name.

    >>> [(name.name, value.sql()) for name, value in _declared("DECLARE v STRING = 'a' || 'b'", "databricks")]
    [('v', "'a' || 'b'")]
    >>> [(name.name, value) for name, value in _declared("declare or replace session.v1, v2 int", "databricks")]
    [('v1', None), ('v2', None)]
    >>> [[name.name for name, _ in _declared(sql, "spark")] for sql in ("declare var lim int", "declare var = 'x'")]
    [['lim'], ['var']]
    """
    tokens = [token for token in sqlglot.Dialect.get_or_raise(dialect).tokenize(text)
              if token.token_type != sqlglot.TokenType.SEMICOLON]
    words = [token.text.upper() for token in tokens]
    at = 1 + 2 * (words[1:3] == ["OR", "REPLACE"])
    at += words[at:at + 1] == ["VARIABLE"] or words[at:at + 1] == ["VAR"] and at + 1 < len(tokens) and (
        tokens[at + 1].token_type in (sqlglot.TokenType.VAR, sqlglot.TokenType.IDENTIFIER)
        or words[at + 1] in ("SESSION", "SYSTEM"))  # (DECLARE VAR v, but DECLARE var = 1 of a variable named var)
    names: list[exp.Expression] = []
    while at < len(tokens):
        while at + 2 < len(tokens) and tokens[at + 1].token_type == sqlglot.TokenType.DOT:
            at += 2  # (session.v, system.session.v: the variable v)
        if tokens[at].token_type not in (sqlglot.TokenType.VAR, sqlglot.TokenType.IDENTIFIER):
            break
        names.append(exp.to_identifier(tokens[at].text, quoted=tokens[at].token_type == sqlglot.TokenType.IDENTIFIER))
        at += 1
        if at >= len(tokens) or tokens[at].token_type != sqlglot.TokenType.COMMA:
            break
        at += 1
    given = next((i for i in range(at, len(tokens)) if words[i] == "DEFAULT"
                  or tokens[i].token_type == sqlglot.TokenType.EQ), None)
    value = None
    if given is not None and given + 1 < len(tokens):
        try:
            select = sqlglot.parse_one(f"SELECT {text[tokens[given + 1].start:tokens[-1].end + 1]}", read=dialect)
            value = select.expressions[0] if isinstance(select, exp.Select) and len(select.expressions) == 1 else None
        except (SqlglotError, *SQLGLOT_FAILURES):
            value = None
    return [(name, value) for name in names]


def _prepared(text: str, known: dict[str, str], dialect: str = "trino") -> dict[str, str]:
    """The prepared statements known after ``text``: ``known``, with the statement a ``PREPARE`` names, without the
    one a ``DEALLOCATE`` drops (``DEALLOCATE ALL``: every one). MySQL's statement is a string's text, or the one a
    user variable was set to; one of a variable set to what the log does not give is marked so
    (:data:`PREPARED_FROM_VARIABLE`).

    >>> _prepared("PREPARE q FROM insert into t select a from s where b = ?", {})
    {'PREPARE q': 'insert into t select a from s where b = ?'}
    >>> _prepared("-- done\\ndeallocate prepare q", {'PREPARE q': 'select 1'})
    {}
    >>> _prepared("PREPARE s1 FROM 'select ssn from c where n = ''x'' and id = ?'", {}, "mysql")
    {'PREPARE s1': "select ssn from c where n = 'x' and id = ?"}
    """
    match = _PREPARE.match(text)
    if match is not None and dialect == "mysql":
        user = _USER_VARIABLE.fullmatch(match[2].strip().rstrip(";").strip())
        try:
            literal = sqlglot.parse_one(match[2], read=dialect) if user is None else None
        except (SqlglotError, *SQLGLOT_FAILURES):
            literal = None
        key = _prepared_key(match[1])
        if user is not None and _user_key(user[1]) in known:  # PREPARE s FROM @q, @q set to a string before
            return {**known, key: known[_user_key(user[1])]}
        if user is not None:  # @q set to what the log does not give (a query's value, an expression): said so
            return {**known, key: f"EXECUTE {PREPARED_FROM_VARIABLE} @{user[1]}"}
        if not isinstance(literal, exp.Literal) or not literal.is_string:
            return {name: value for name, value in known.items() if name != key}
        return {**known, key: literal.this}
    if dialect == "mysql" and _SETS.match(text):
        return _user_variables(text, known)
    if match is not None:
        return {**known, _prepared_key(match[1]): match[2]}
    match = _DEALLOCATE.match(text)
    if match is None:
        return known
    if match[1].upper() == "ALL":  # (DEALLOCATE "ALL" drops the one of that name)
        return {key: value for key, value in known.items() if not key.startswith(_PREPARED.format(""))}
    return {key: value for key, value in known.items() if key != _prepared_key(match[1])}


#: The mark of a MySQL prepared statement whose text a user variable held that the log does not give (``SET @q =
#: (SELECT ...)`` then ``PREPARE s FROM @q``): what ``EXECUTE s`` stands for (:func:`.dispatch._unsupported` says so).
PREPARED_FROM_VARIABLE = "ahp_prepared_from_a_variable"
#: A MySQL user variable (``@q``), and one set in a SET (``SET @q = 'select ...'``, ``:=`` too): its name, and its
#: value, a string literal or anything else.
_USER_VARIABLE = re.compile(r"@(\w+)")
_USER_SET = re.compile(r"@(\w+)\s*:?=\s*(?:'((?:[^'\\]|''|\\.)*)'(?=\s*(?:,|;|$))|([^,;]+))")


def _user_key(name: str) -> str:
    """The key of MySQL's user variable ``name`` among a session's known values (names fold: "User variable names
    are not case-sensitive"; no variable's or prepared statement's key has an ``@``)."""
    return f"@{name.lower()}"


def _user_variables(text: str, known: dict[str, str]) -> dict[str, str]:
    """:func:`_prepared` of MySQL's ``SET @q = 'text' [, @r = ...]``: each user variable set to a string literal is
    known by :func:`_user_key` (the text a later ``PREPARE s FROM @q`` prepares), one set to anything else is not.

    >>> _user_variables("SET @q = 'select a from t where b = ''x''', @n = 5", {})
    {'@q': "select a from t where b = 'x'"}
    """
    out = dict(known)
    for name, string, other in _USER_SET.findall(text):
        if other.strip():
            out.pop(_user_key(name), None)
        else:
            out[_user_key(name)] = string.replace("''", "'").replace("\\'", "'")
    return out


def string_value(value: exp.Expression | None, known: dict[str, str], dialect: str) -> str | None:
    """The string ``value`` is when the log gives it: a string literal, a variable set to one earlier, or those
    joined by ``||`` or ``CONCAT`` (``SET t = $schema || '.ORDERS'``); None otherwise.

    A query of no table selecting one such value (``(SELECT 'Y')``) is that value, and ``IFF`` of an equality of
    such values is the branch it picks (``IFF($env = 'PROD', '', '_' || $env)``).

    >>> string_value(sqlglot.parse_one("concat($s, '.' || 'T')", read="snowflake"), {"S": "'DB.SCH'"}, "snowflake")
    'DB.SCH.T'
    >>> string_value(sqlglot.parse_one("(select iff($e = 'PROD', '', '_' || $e))", read="snowflake"), {"E": "'DEV'"},
    ...         "snowflake")
    '_DEV'
    """
    if isinstance(value, (exp.Subquery, exp.Paren)):
        return string_value(value.this, known, dialect)
    if isinstance(value, exp.Select):
        only = value.expressions[0] if len(value.expressions) == 1 and not value.args.get("from_") else None
        return string_value(only.this if isinstance(only, exp.Alias) else only, known, dialect) if only else None
    if isinstance(value, exp.If) and isinstance(value.this, (exp.EQ, exp.NEQ)):
        left, right = (string_value(side, known, dialect) for side in (value.this.this, value.this.expression))
        if left is None or right is None:
            return None
        holds = (left == right) == isinstance(value.this, exp.EQ)
        picked = value.args.get("true") if holds else value.args.get("false")
        return string_value(picked, known, dialect)
    if isinstance(value, exp.Literal):
        return value.this if value.is_string else None
    if isinstance(value, exp.Parameter) and isinstance(value.this, exp.Var):
        literal = known.get(value.this.name.upper())
        if literal is None:
            return None
        try:
            parsed = sqlglot.parse_one(literal, read=dialect)
        except (SqlglotError, *SQLGLOT_FAILURES):
            return None
        return parsed.this if isinstance(parsed, exp.Literal) and parsed.is_string else None
    if isinstance(value, exp.DPipe):
        parts = [value.this, value.expression]
    elif isinstance(value, exp.Concat):
        parts = list(value.expressions)
    else:
        return None
    texts = [string_value(part, known, dialect) for part in parts]
    return None if any(text is None for text in texts) else "".join(texts)


def is_use(text: str) -> bool:
    """Whether the statement ``text`` is a ``USE`` (after any comments), which makes its database or schema current
    even when it already was.

    >>> is_use("-- next\\nUSE SCHEMA s"), is_use("select 1 from users")
    (True, False)
    """
    return _USES.match(text) is not None


def may_assign(text: str, dialect: str = "snowflake") -> bool:
    """Whether the statement ``text`` may set what later statements of its session read names by: a ``USE`` (the
    current database or schema), Snowflake's session variables (:func:`assigned` reads which), PostgreSQL's and
    Redshift's search path (Spark's SQL path), a prepared statement, MySQL's user variable."""
    if is_use(text):
        return True
    if dialect in PREPARE_DIALECTS and (_PREPARE.match(text) or _DEALLOCATE.match(text)):
        return True
    if dialect == "mysql" and "@" in text and _SETS.match(text) is not None:
        return True  # (MySQL's SET @q = '...': the text a later PREPARE s FROM @q prepares)
    if dialect == "duckdb" and "search_path" in text.lower() and _PATH_SETS.match(text) is not None:
        return True  # (DuckDB's SET search_path = 's': its first schema is the session's, as a USE s)
    if dialect in CASE_SENSITIVE_DIALECTS and _CASE_SETTING.match(text) is not None:
        return True  # (Redshift's SET enable_case_sensitive_identifier TO true: quoted names keep their case)
    if dialect in SEARCH_PATH_DIALECTS:  # SET search_path, or a query calling set_config('search_path', ...); SET
        # SCHEMA 'x', RESET ALL, DISCARD ALL
        return ("search_path" in text.lower() and (_PATH_SETS.match(text) is not None
                                                   or _SET_CONFIG.search(text) is not None)
                or _PATH_RESETS.match(text) is not None)
    if dialect in REGEX_NAME_DIALECTS and _REGEX_SETTING.match(text) is not None:
        return True  # (SET spark.sql.parser.quotedRegexColumnNames=true: backquoted names are regular expressions)
    if dialect in SUBSTITUTION_DIALECTS and _SUBSTITUTION_SET.match(text) is not None:
        return True  # (SET v=x: what a later ${v} stands for)
    if dialect in PATH_DIALECTS and sets_path(text):
        return True  # (Spark's SET PATH: the schemas later queries look names up in)
    if dialect in SESSION_VARIABLE_DIALECTS:
        return _VARIABLE_SETS.match(text) is not None
    return dialect == "snowflake" and _SETS.match(text) is not None


def with_values(text: str, known: dict[str, str], dialect: str = "snowflake") -> str:
    """``text`` with each known variable of an ``IDENTIFIER($v)`` / ``TABLE($v)`` (or of its strings joined) holding
    its value instead; an ``EXECUTE`` of a known prepared statement is that statement (its parameters, ``?`` or
    ``$1``, unbound: they are values, no names).

    >>> with_values("execute Q using 'F'", {'PREPARE q': 'insert into t select a from s where b = ?'})
    'insert into t select a from s where b = ?'
    >>> with_values("select a from identifier($db || '.$S.' || $t)", {"DB": "'d'", "S": "'x'"})
    "select a from identifier('d' || '.$S.' || $t)"
    >>> with_values("select a from identifier(session.t) join identifier('s.' || u) using (k)", {"T": "'d.s.t'"},
    ...             "databricks")
    "select a from identifier('d.s.t') join identifier('s.' || u) using (k)"
    """
    if not known:
        return text
    if dialect in SUBSTITUTION_DIALECTS and "${" in text:
        text = _substituted(text, known)
    if dialect in SESSION_VARIABLE_DIALECTS:
        return _named_with_values(text, known, _NAMED_BY_VARIABLES, _VARIABLE_PIECE) \
            if "identifier" in text.lower() else text
    match = _EXECUTE.match(text)
    prepared = known.get(_prepared_key(match[1])) if match is not None else None
    if prepared is not None:
        return _parameters_as_nulls(prepared) if dialect == "duckdb" else prepared
    return _named_with_values(text, known, _NAMED_BY, _ARGUMENT_PIECE) if "$" in text else text


#: DuckDB's parameters (``?``, ``?2``, ``$1``) outside strings, quoted names and comments (which are matched, to be
#: kept).
_DUCKDB_PARAMETERS = re.compile(f"({SKIPPED.pattern})|\\?\\d*+|\\$\\d++", re.DOTALL)


def _parameters_as_nulls(text: str) -> str:
    """A DuckDB prepared statement's text with its parameters as NULLs: values, no names, which sqlglot reads where it
    does not read ``?::VARCHAR``, ``CAST(?2 AS INT)`` or ``VALUES ($1,$2)``.

    >>> _parameters_as_nulls("select a from t where s = ?::varchar and k = '?' and n = CAST(?2 AS INT) limit $1")
    "select a from t where s = NULL::varchar and k = '?' and n = CAST(NULL AS INT) limit NULL"
    """
    return _DUCKDB_PARAMETERS.sub(lambda match: match[0] if match[1] is not None else "NULL", text)


def _named_with_values(text: str, known: dict[str, str], calls: re.Pattern, pieces: re.Pattern) -> str:
    """``text`` with the known variables among the ``pieces`` of each call ``calls`` finds (its name, its opening
    bracket, its argument, ..., its closing bracket last) holding their values (a piece's variable: its group 1)."""
    def piece(match: re.Match) -> str:
        return match[0] if match[1] is None else known.get(match[1].upper(), match[0])

    def value(match: re.Match) -> str:
        return f"{match[1]}{match[2]}{pieces.sub(piece, match[3])}{match[calls.groups]}"

    return calls.sub(value, text)
