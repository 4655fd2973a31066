"""T-SQL's batches and the T-SQL forms sqlglot cannot read (Microsoft Fabric, Azure Synapse, SQL Server: the dialect
``tsql``, which the ``fabric`` query history's lines are resolved in).

A T-SQL batch's statements need no ``;`` between them, and it may hold control of flow around them (``IF``,
``WHILE``, ``BEGIN ... END``, ``TRY ... CATCH``). :func:`control_flow_flattened` takes the control of flow out (each
branch's statements in the order written, each condition read as a query of its own) and :func:`statement_starts`
tells where another statement may begin; the splitter (:func:`.statements.split_statements`) cuts there where every
piece parses, which takes the parser this module's forms serve, so it lives beside the parser.
:func:`stands_for` gives the statement a rename, a ``BULK INSERT``, a clone or dynamic SQL stands for;
:func:`dml_written_out`, :func:`bulk_rowsets_written_out` and :func:`insert_exec` write forms sqlglot cannot read as
forms it reads; :func:`changes_catalog` tells a table variable's declaration and ``sp_rename``, which change the catalog.

>>> from .statements import split_statements
>>> split_statements("IF EXISTS (SELECT 1 FROM dbo.a) BEGIN DELETE FROM dbo.b INSERT INTO dbo.b SELECT * FROM dbo.a END", "tsql")
['SELECT CASE WHEN EXISTS (SELECT 1 FROM dbo.a) THEN 1 END', 'DELETE FROM dbo.b', 'INSERT INTO dbo.b SELECT * FROM dbo.a']
"""

from __future__ import annotations

import re

from sqlglot import exp
from sqlglot.errors import SqlglotError
from sqlglot.tokens import Token, TokenType

from ..errors import UnsupportedStatement
from .names import naming_for
from .parsing import parse_sql
from .token_groups import BRACKETS, STRING_TOKENS, calls_of, depths, edited, group_end, tokens_of, word_of


#: T-SQL's dynamic SQL of a literal, ``EXEC[UTE] (N'...')`` and ``EXEC[UTE] [sys.]sp_executesql N'...' [, params]``:
#: the statements it holds, run as the EXECUTE IMMEDIATE of a literal runs them.
#: ``sp_executesql`` (of master's sys or dbo schema), its text first or named ``@stmt =``.
_SP_EXECUTESQL = (r"\s++(?:(?:\[?(?:master\]?\s*\.\s*\[?)?(?:sys|dbo)?\]?\s*\.\s*)?\[?sp_executesql\]?)\s+"
                  r"(?:@stmt\s*=\s*|@statement\s*=\s*)?")
_DYNAMIC_TSQL = re.compile(r"\s*exec(?:ute)?(?:\s*+\(\s*N?'(?P<body>(?:[^']|'')*)'\s*\)"
                           rf"|{_SP_EXECUTESQL}N?'(?P<stmt>(?:[^']|'')*)'"
                           # its parameters' declarations and values: strings, @p = value, constants (never a statement)
                           r"(?:\s*,\s*(?:@\w+\s*=\s*)?(?:N?'(?:[^']|'')*'|[-+\w.@]+)(?:\s+OUT(?:PUT)?)?)*)\s*+;?\s*+",
                           re.IGNORECASE)


#: T-SQL's ``EXEC[UTE] (expression)`` of a text built when it runs (``'SELECT * FROM ' + @t``): what it runs is not
#: in the statement (a literal alone is :data:`_DYNAMIC_TSQL`).
_BUILT_TSQL = re.compile(r"\s*exec(?:ute)?\s*\((?=[^;]*[+@])(?:[^()';]|'(?:[^']|'')*+'|\((?:[^()']|'(?:[^']|'')*+')*\))*\)\s*+;?\s*+",
                         re.IGNORECASE)


#: T-SQL's dynamic SQL of a variable, ``EXEC[UTE] sp_executesql @sql [, params]``, or of an expression, ``EXEC[UTE]
#: (@sql)``, ``EXEC ('SELECT * FROM ' + @t)``, a statement's or an ``INSERT ... EXEC``'s (:func:`bound_dynamic_sql`).
_DYNAMIC_OF_VARIABLES = re.compile(r"\bexec(?:ute)?(?:\s*+\((?P<expression>(?=[^;]*@)(?:[^()';]|'(?:[^']|'')*+'"
                                   r"|\((?:[^()']|'(?:[^']|'')*+')*\))*)\)"
                                   rf"|{_SP_EXECUTESQL}@(?P<variable>\w+)(?P<parameters>\s*,.*)?)\s*+;?\s*+$",
                                   re.IGNORECASE | re.DOTALL)
#: ``EXEC[UTE] (@v)``.
_EXEC_VARIABLE = re.compile(r"\s*exec(?:ute)?\s*\(\s*@\w+\s*\)\s*+;?\s*+", re.IGNORECASE)
#: A T-SQL statement that may set a variable: ``DECLARE @v type = ...``, ``SET @v = ...``.
_ASSIGNS = re.compile(r"\s*(?:declare|set)\s+@", re.IGNORECASE)


#: Synapse's ``RENAME OBJECT [::] name [COLUMN column] TO new_name`` (its CTAS-and-swap pattern's last step; a
#: column's rename).
_RENAME_OBJECT = re.compile(r"\s*rename\s+object(?:\s*+::|\s)\s*+(?P<old>\S.*?)(?<!\s)"
                            r"(?:\s++column\s++(?P<column>\S+?))?\s++to\s++(?P<new>\S+?)\s*+;?\s*+",
                            re.IGNORECASE | re.DOTALL)


#: SQL Server's ``EXEC sp_rename 'old', 'new' [, 'OBJECT' | 'COLUMN']`` (its arguments by name too), as
#: ``sys.sp_rename`` or ``dbo.sp_rename`` (a system procedure the current database lacks is master's: SQL Server's own
#: scripts call it so), tempdb's too (``EXEC tempdb..sp_rename '#t.a', 'b', 'COLUMN'``: the form that renames a
#: temporary table's column).
_SP_RENAME = re.compile(r"\s*exec(?:ute)?\s+(?:\[?tempdb\]?\s*\.\s*(?:\[?(?:sys|dbo)\]?\s*)?\.\s*)?"
                        r"(?:\[?(?:sys|dbo)\]?\s*\.\s*)?\[?sp_rename\]?\s+(?:@objname\s*=\s*)?N?'(?P<old>[^']+)'"
                        r"\s*,\s*(?:@newname\s*=\s*)?N?'(?P<new>[^']+)'(?:\s*,\s*(?:@objtype\s*=\s*)?N?'(?P<kind>\w+)')?"
                        r"\s*+;?\s*+", re.IGNORECASE)


#: SQL Server's ``BULK INSERT t FROM 'file' [WITH (options)]``.
_BULK_INSERT = re.compile(r"\s*bulk\s+insert(?:\s+|(?=\[))(?P<table>[^\s;]+)\s+from\s+(?P<file>N?'(?:[^']|'')*')"
                          r"(?:\s+with\s*\((?:[^()']|'(?:[^']|'')*+')*\))?\s*+;?\s*+", re.IGNORECASE)


#: Fabric Warehouse's ``CREATE TABLE t AS CLONE OF s [AT 'point in time']``.
_CLONE_OF = re.compile(r"\s*create\s+table\s+(?P<table>\S+?)\s+as\s+clone\s+of\s+(?P<source>\S+?)"
                       r"(?:\s+at\s+'[^']*')?\s*+;?\s*+", re.IGNORECASE)


#: A statement's last clause ``OPTION (...)`` (query hints; Synapse's ``LABEL = '...'``, Fabric's ``FOR TIMESTAMP AS
#: OF '...'``), which sqlglot reads after a query but not after a ``COPY INTO``, nor Fabric's time travel.
_OPTION_CLAUSE = re.compile(r"(?P<statement>.*\S)\s++option\s*+\((?P<options>(?:[^()']|'(?:[^']|'')*+')*+)\)\s*+;?\s*+",
                            re.IGNORECASE | re.DOTALL)


def _options_left_out(statement: str) -> str | None:
    """Synapse's ``COPY INTO t FROM ... OPTION (LABEL = '...')`` (a label names the load in the pool's views) and
    Fabric's ``... OPTION (FOR TIMESTAMP AS OF '...')`` (the tables as they were then: the same tables read) without
    that last clause; None for another statement.

    >>> _options_left_out("COPY INTO dbo.t FROM 'https://a/c' WITH (FILE_TYPE = 'CSV') OPTION (LABEL = 'load (1)')")
    "COPY INTO dbo.t FROM 'https://a/c' WITH (FILE_TYPE = 'CSV')"
    >>> _options_left_out("SELECT * FROM t OPTION (FOR TIMESTAMP AS OF '2024-05-02')"), _options_left_out("SELECT 1")
    ('SELECT * FROM t', None)
    """
    if "option" not in statement[-400:].lower():
        return None
    found = _OPTION_CLAUSE.fullmatch(statement)
    if found is None:
        return None
    copy = re.match(r"\s*copy\s+into\b", statement, re.IGNORECASE) is not None
    travel = re.search(r"\bfor\s+timestamp\s+as\s+of\b", found["options"], re.IGNORECASE) is not None
    return found["statement"] if copy or travel else None


def _clone_of(statement: str) -> str | None:
    """Fabric's zero-copy clone, ``CREATE TABLE t AS CLONE OF s [AT '...']``, as the ``CREATE TABLE t CLONE s`` it is
    (the source read whole, as it stood then; the clone created); None for another statement.

    >>> _clone_of("CREATE TABLE dbo.t2 AS CLONE OF dbo.t AT '2026-11-01T00:00:00.000'")
    'CREATE TABLE dbo.t2 CLONE dbo.t'
    """
    match = _CLONE_OF.fullmatch(statement)
    return f"CREATE TABLE {match['table']} CLONE {match['source']}" if match is not None else None


def _bulk_insert(statement: str) -> str | None:
    """SQL Server's ``BULK INSERT t FROM 'file' WITH (...)`` as the ``COPY INTO t FROM 'file'`` it is (the file read,
    the table written; the options say how the file is read); None for another statement.

    >>> _bulk_insert("BULK INSERT dbo.t FROM '/data/t.csv' WITH (FIELDTERMINATOR = ',', FIRSTROW = 2)")
    "COPY INTO dbo.t FROM '/data/t.csv'"
    """
    match = _BULK_INSERT.fullmatch(statement)
    return f"COPY INTO {match['table']} FROM {match['file'].lstrip('Nn')}" if match is not None else None


#: SQL Server's ``ALTER SCHEMA s TRANSFER [OBJECT ::] [schema.]name``: the object moved into s.
_TRANSFER = re.compile(r"\s*alter\s+schema\s+(?P<schema>\[[^\]]+\]|\w+)\s+transfer\s+"
                       r"(?:(?P<kind>\w+(?:\s+\w+)*?)\s*::\s*)?"
                       r"(?P<name>(?:(?:\[[^\]]+\]|\w+)\s*\.\s*)*(?P<last>\[[^\]]+\]|\w+))\s*+;?\s*+", re.IGNORECASE)


def _transferred(statement: str) -> str | None:
    """SQL Server's ``ALTER SCHEMA s TRANSFER [OBJECT ::] dbo.t`` ("The securable is moved into this schema") as the
    rename of the table or view into s, if it exists (another object, a procedure's, changes nothing here); None for
    another statement or a type's transfer.

    >>> _transferred("ALTER SCHEMA s2 TRANSFER OBJECT::dbo.t;"), _transferred("ALTER SCHEMA s2 TRANSFER TYPE::dbo.ty")
    ('ALTER TABLE IF EXISTS dbo.t RENAME TO s2.t', None)
    """
    match = _TRANSFER.fullmatch(statement)
    if match is None or (match["kind"] is not None and match["kind"].upper() != "OBJECT"):
        return None
    return f"ALTER TABLE IF EXISTS {match['name']} RENAME TO {match['schema']}.{match['last']}"


def _renamed(statement: str) -> str | None:
    """T-SQL's renames of a table (a view) or a column, Synapse's ``RENAME OBJECT`` and SQL Server's ``sp_rename``
    (without a kind, or of a ``'COLUMN'``), as the ``ALTER TABLE ... RENAME`` they are (the new name in the object's
    schema; of an ``'OBJECT'``, only if the table exists: it may be a constraint); None for another statement or
    another kind of rename (an index's, a database's).

    >>> _renamed("RENAME OBJECT dbo.Sales_new TO Sales"), _renamed("EXEC sp_rename 'dbo.t.old', 'new', 'COLUMN'")
    ('ALTER TABLE dbo.Sales_new RENAME TO Sales', 'ALTER TABLE dbo.t RENAME COLUMN old TO new')
    >>> _renamed("RENAME OBJECT::dbo.Customer COLUMN FName TO FirstName")
    'ALTER TABLE dbo.Customer RENAME COLUMN FName TO FirstName'
    """
    match = _RENAME_OBJECT.fullmatch(statement)
    if match is not None and match["column"] is not None:
        return f"ALTER TABLE {match['old']} RENAME COLUMN {match['column']} TO {match['new']}"
    if match is not None:
        return f"ALTER TABLE {match['old']} RENAME TO {match['new']}"
    match = _SP_RENAME.fullmatch(statement)
    if match is None or (match["kind"] is not None and match["kind"].upper() not in ("COLUMN", "OBJECT")):
        return None
    if (match["kind"] or "").upper() == "COLUMN":
        table, _, column = match["old"].rpartition(".")
        return f"ALTER TABLE {table} RENAME COLUMN {column} TO {match['new']}" if table else None
    if (match["kind"] or "").upper() == "OBJECT":  # a table's (SSMS writes it so) or a constraint's (Microsoft's
        # examples rename keys so): a table the catalog holds is renamed, another name changes nothing here
        return f"ALTER TABLE IF EXISTS {match['old']} RENAME TO {match['new']}"
    return f"ALTER TABLE {match['old']} RENAME TO {match['new']}"


#: SQL Server's ``SET option, option ... ON | OFF``: session options, set together.
_OPTIONS = re.compile(r"\s*set\s+(?P<first>\w+)(?:\s*,\s*\w+)+\s+(?P<value>on|off)\s*+;?\s*+", re.IGNORECASE)
#: SQL Server Machine Learning Services' ``EXEC sp_execute_external_script @language = ..., @script = ...,
#: @input_data_1 = N'<query>' ...``: the script's input rows are the query's.
_EXTERNAL_SCRIPT = re.compile(r"\s*exec(?:ute)?\s+(?:\[?sys\]?\s*\.\s*)?\[?sp_execute_external_script\]?\s", re.IGNORECASE)
_INPUT_QUERY = re.compile(r"@input_data_1\s*=\s*N?'(?P<query>(?:[^']|'')*)'", re.IGNORECASE)


def _written_as(statement: str) -> str | None:
    """The one statement a T-SQL statement is, written as sqlglot reads it: a rename, a ``BULK INSERT``, a Fabric
    clone, a statement of options sqlglot cannot read (:func:`_renamed`, :func:`_bulk_insert`, :func:`_clone_of`,
    :func:`_options_left_out`), session options set together (as the first of
    them: none touches data), an external script without input rows (the call); None for another statement."""
    if statement.lstrip()[:3].upper() == "SET":
        options = _OPTIONS.fullmatch(statement)
        return f"SET {options['first']} {options['value']}" if options is not None else None
    if _EXTERNAL_SCRIPT.match(statement) and not _INPUT_QUERY.search(statement):
        return "EXEC sp_execute_external_script"  # a script of no input rows (its WITH RESULT SETS: its output's)
    return _renamed(statement) or _bulk_insert(statement) or _clone_of(statement) or _transferred(statement) \
        or _options_left_out(statement)


def _runs(statement: str) -> str | None:
    """The statements a T-SQL statement runs, as text: those of dynamic SQL of a literal (``EXEC ('...')``,
    ``sp_executesql N'...'``), an external script's input query; None for another statement."""
    dynamic = _DYNAMIC_TSQL.fullmatch(statement)
    if dynamic is not None:
        body = dynamic["body"] if dynamic["body"] is not None else dynamic["stmt"]
        return body.replace("''", "'")
    query = _INPUT_QUERY.search(statement) if _EXTERNAL_SCRIPT.match(statement) else None
    return query["query"].replace("''", "'") if query is not None else None


def stands_for(statement: str) -> tuple[str, bool] | None:
    """What a T-SQL statement stands for, and whether that is a text of statements to split: the statement it is
    (:func:`_written_as`); the text it runs (:func:`_runs`); ``EXEC (@built_at_run_time)`` for dynamic SQL of a text
    built when it runs, which the log does not give; None for another statement.

    >>> stands_for("EXEC sp_executesql N'DELETE FROM t WHERE a = ''x'''"), stands_for("EXEC ('SELECT * FROM ' + @t)")
    (("DELETE FROM t WHERE a = 'x'", True), ('EXEC (@built_at_run_time)', False))
    >>> stands_for("EXEC sp_execute_external_script @language = N'R', @script = N'...', @input_data_1 = N'SELECT a FROM t'")
    ('SELECT a FROM t', True)
    >>> stands_for("SET ANSI_NULLS, QUOTED_IDENTIFIER ON")
    ('SET ANSI_NULLS ON', False)
    """
    head = statement.lstrip()[:4].upper()
    if head not in ("EXEC", "RENA", "BULK", "CREA", "ALTE", "COPY") and head[:3] != "SET":
        left_out = _options_left_out(statement)  # (Fabric's OPTION (FOR TIMESTAMP AS OF ...) after a query)
        return (left_out, False) if left_out is not None else None
    written = _written_as(statement)
    if written is not None:
        return written, False
    runs = _runs(statement)
    if runs is not None:
        return runs, True
    if _BUILT_TSQL.fullmatch(statement) and not _EXEC_VARIABLE.fullmatch(statement):  # EXEC ('SELECT ... ' + @t): text
        # the log does not give, as EXEC (@sql), which sqlglot reads (its variable names it in the reason it is set aside)
        return f"EXEC (@{BUILT_AT_RUN_TIME})", False
    return None


#: The variable :func:`stands_for` names dynamic SQL of a text built when it runs by (``EXEC (@built_at_run_time)``).
BUILT_AT_RUN_TIME = "built_at_run_time"
#: A T-SQL statement's setting of variables besides DECLARE and SET: ``SELECT @v = ...``, ``FETCH ... INTO @v``, ``EXEC
#: p @v OUTPUT``, ``UPDATE ... SET @v = ...`` (a comparison ``@v = 'x'`` counted too: the value is then unknown, never
#: wrong).
_SETS_VARIABLE = re.compile(r"@(\w+)\s*[-+*/%&|^]?=(?!=)|\binto\s+@(\w+)|@(\w+)\s+out(?:put)?\b", re.IGNORECASE)


def bound_dynamic_sql(statements: list[str], batch: str) -> list[str]:
    """A batch's statements, each EXEC of dynamic SQL of variables (``EXEC sp_executesql @sql``, ``EXEC (@sql)``,
    ``EXEC ('SELECT * FROM ' + @t)``, an ``INSERT ... EXEC`` of one) written as the EXEC of the literal it runs where
    the batch set those variables to literals before it (``DECLARE @sql nvarchar(max) = N'...'``, ``SET @sql = ...``,
    ``SET @sql += ...`` of literals and such variables joined by ``+``): a variable lives for its batch, so the log
    gives what it holds. Another is left as written (:func:`unknown_dynamic_sql` says why it is set aside). In a
    ``batch`` of control of flow (whose branches are all among ``statements``), a value set over one no EXEC used
    (``IF c SET @s = 'a' ELSE SET @s = 'b'``), or over its declaration's across a condition, but for one built on
    it (``SET @s += ';'``) or over an empty one (which runs nothing), leaves the variable unknown: which it holds
    depends on the branches taken.

    >>> bound_dynamic_sql(["DECLARE @t sysname = N'dbo.s'", "DECLARE @sql nvarchar(max) = N'DELETE FROM ' + @t",
    ...                    "EXEC sp_executesql @sql, N'@b int', @b = 1", "SELECT @t = name FROM sys.tables",
    ...                    "EXEC ('SELECT * FROM ' + @t)"], "")[2:]
    ["EXEC sp_executesql N'DELETE FROM dbo.s', N'@b int', @b = 1", 'SELECT @t = name FROM sys.tables', "EXEC ('SELECT * FROM ' + @t)"]
    >>> bound = bound_dynamic_sql(["DECLARE @s nvarchar(max) = N''", "SET @s = N'DELETE FROM a'", "EXEC (@s)",
    ...                            "SET @s = N'DELETE FROM b'", "EXEC (@s)", "SELECT CASE WHEN @n = 0 THEN 1 END",
    ...                            "SET @s = N'DELETE FROM c'", "SET @s = N'DELETE FROM d'", "EXEC (@s)",
    ...                            "SET @s = N'DELETE'", "SET @s += N' FROM e'", "EXEC (@s)"], "IF ...")
    >>> bound[2:5:2], bound[8], bound[-1]
    (["EXEC (N'DELETE FROM a')", "EXEC (N'DELETE FROM b')"], 'EXEC (@s)', "EXEC (N'DELETE FROM e')")
    """
    if not any("@" in statement and _DYNAMIC_OF_VARIABLES.search(statement) for statement in statements):
        return statements
    flow = _CONTROL_FLOW.search(batch) is not None
    known: dict[str, str | None] = {}
    unused: set[str] = set()  # (set to a value no EXEC has used yet)
    declared: set[str] = set()  # (holding the value its DECLARE gave, no condition between)
    bound = []
    for statement in statements:
        if flow and _CONDITION.fullmatch(statement):  # (a branch may or may not run after it)
            declared.clear()
        if _ASSIGNS.match(statement):
            declaring = statement.lstrip()[:7].upper() == "DECLARE"
            for name, value in _assignments(statement, known):
                # (SET @s += ..., SET @s = @s + ...: built on the value before, no branch of its own)
                builds = _COMPOUND_SET.match(statement) or re.search(rf"@{re.escape(name)}\b",
                                                                      statement.partition("=")[2], re.IGNORECASE)
                branched = flow and name in unused and name not in declared and not builds \
                    and known.get(name) != ""  # (over an empty text, NULL: the other branch runs nothing)
                known[name] = None if branched else value
                unused.add(name)
                (declared.add if declaring else declared.discard)(name)
            bound.append(statement)
            continue
        bound.append(_bound_exec(statement, known))
        dynamic = _DYNAMIC_OF_VARIABLES.search(statement) if "@" in statement else None
        if dynamic is not None:
            unused -= {name.casefold() for name in re.findall(r"@(\w+)", dynamic[0])}
        for names in _SETS_VARIABLE.findall(statement):
            known.update(dict.fromkeys((name.casefold() for name in names if name), None))
    return bound


#: ``SET @v += ...`` (and the other compound assignments).
_COMPOUND_SET = re.compile(r"\s*set\s+@\w+\s*[-+*/%&|^]=", re.IGNORECASE)
#: The query :func:`control_flow_flattened` reads an ``IF`` / ``WHILE`` condition as.
_CONDITION = re.compile(r"\s*SELECT CASE WHEN .* THEN 1 END\s*", re.DOTALL)


def _assignments(statement: str, known: dict[str, str | None]) -> list[tuple[str, str | None]]:
    """The variables a ``DECLARE`` or ``SET`` sets, each with the text it holds after: ``""`` for one declared
    without a value (NULL, which runs nothing), None when the log does not give it (no literal)."""
    compound = re.match(r"\s*set\s+@(\w+)\s*\+=(.*)", statement, re.IGNORECASE | re.DOTALL)
    if compound is not None:  # (SET @v += x, which sqlglot cannot read: SET @v = @v + x)
        statement = f"SET @{compound[1]} = @{compound[1]} + ({compound[2].rstrip().rstrip(';')})"
    try:
        tree = parse_sql(statement, "tsql")
    except (SqlglotError, UnsupportedStatement):
        tree = None
    if isinstance(tree, exp.Declare):
        return [(name.name.casefold(), _text_of(item.args.get("default"), known) if item.args.get("default") else "")
                for item in tree.expressions for name in item.this or () if isinstance(name, exp.Parameter)]
    if isinstance(tree, exp.Set):
        return [(item.this.this.name.casefold(), _text_of(item.this.expression, known))
                for item in tree.expressions
                if isinstance(item.this, exp.EQ) and isinstance(item.this.this, exp.Parameter)]
    return [(name.casefold(), None) for name in re.findall(r"@(\w+)", statement)]  # (unread: each variable unknown)


def _text_of(value: exp.Expression | None, known: dict[str, str | None]) -> str | None:
    """The text ``value`` is when the log gives it: a string literal, a variable of known text, those joined by ``+``
    or ``CONCAT``; None otherwise."""
    if isinstance(value, (exp.National, exp.Literal)):
        return value.this if isinstance(value, exp.National) or value.is_string else None
    if isinstance(value, exp.Paren):
        return _text_of(value.this, known)
    if isinstance(value, exp.Parameter):
        return known.get(value.name.casefold())
    parts = [value.this, value.expression] if isinstance(value, exp.Add) else \
        value.expressions if isinstance(value, exp.Concat) else None
    texts = [_text_of(part, known) for part in parts or ()]
    return "".join(texts) if parts and None not in texts else None


def _bound_exec(statement: str, known: dict[str, str | None]) -> str:
    """``statement`` with its EXEC of dynamic SQL of variables (:data:`_DYNAMIC_OF_VARIABLES`) written as the EXEC of
    the literal it runs, where ``known`` gives each variable's text; ``statement`` itself otherwise."""
    dynamic = _DYNAMIC_OF_VARIABLES.search(statement) if "@" in statement else None
    if dynamic is None or (statement[:dynamic.start()].strip() and statement.lstrip()[:6].upper() != "INSERT"):
        return statement
    if dynamic["variable"] is not None:
        text = known.get(dynamic["variable"].casefold())
    else:
        try:
            query = parse_sql(f"SELECT {dynamic['expression']}", "tsql")
        except (SqlglotError, UnsupportedStatement):
            query = None
        text = _text_of(query.selects[0], known) if isinstance(query, exp.Select) and len(query.selects) == 1 \
            else None
    if text is None:
        return statement
    literal = "N'" + text.replace("'", "''") + "'"
    run = f"EXEC sp_executesql {literal}{dynamic['parameters'] or ''}" if dynamic["variable"] is not None \
        else f"EXEC ({literal})"
    return statement[:dynamic.start()] + run


def unknown_dynamic_sql(variable: str) -> str:
    """Why an EXEC of dynamic SQL of ``variable`` (:func:`bound_dynamic_sql` left it) is set aside: what it runs is not
    in the log, as a variable's whose value the log does not give (CONTRACT 3a)."""
    if variable == BUILT_AT_RUN_TIME:
        return ("dynamic SQL of a text built when it runs ('...' + @t) of values its batch does not give: what it runs "
                "is not in the log")
    return (f"dynamic SQL in the variable @{variable}, which its batch does not set to a literal before it: what it "
            "runs is not in the log")


#: T-SQL's statements that touch no data object, known by their first words: a trigger enabled or disabled, the session's
#: impersonation (``EXECUTE AS USER = 'u'`` ... ``REVERT``), and the objects of the server's and the database's security,
#: auditing, resources and storage layout that hold no rows (Always Encrypted's keys, certificates, audits and their
#: specifications, resource pools and workload groups, availability groups ...). (Partition functions and schemes,
#: full-text catalogs and XML schema collections are recorded nothing for in every dialect, in :mod:`.dispatch`.)
ADMIN_FORMS = ("ENABLE TRIGGER", "DISABLE TRIGGER", "EXECUTE AS", "EXEC AS", "REVERT", "ALTER RESOURCE GOVERNOR",
               "BACKUP DATABASE", "BACKUP LOG",  # (a database's or its log's backup to a device)
               *(f"{verb} {kind}" for verb in ("CREATE", "ALTER", "DROP") for kind in (
                   "COLUMN ENCRYPTION KEY", "COLUMN MASTER KEY", "CERTIFICATE", "SYMMETRIC KEY", "ASYMMETRIC KEY",
                   "DATABASE ENCRYPTION KEY", "CRYPTOGRAPHIC PROVIDER", "RESOURCE POOL", "EXTERNAL RESOURCE POOL",
                   "WORKLOAD GROUP", "WORKLOAD CLASSIFIER", "SERVER AUDIT", "SERVER AUDIT SPECIFICATION",
                   "DATABASE AUDIT SPECIFICATION", "SERVER ROLE", "ENDPOINT", "AVAILABILITY GROUP", "EVENT SESSION",
                   "SEARCH PROPERTY LIST", "MESSAGE TYPE", "BROKER PRIORITY", "EXTERNAL LANGUAGE",
                   "EXTERNAL LIBRARY")))


#: Dialects whose statements need no ``;`` between them (T-SQL: a batch's statements may follow each other).
UNTERMINATED = frozenset({"tsql"})
#: The longest batch whose control of flow is taken out and whose statements are cut apart (each cut tried costs
#: parses, and splitting runs outside every statement's time budget).
BATCH_CHARS = 16 * 1024
#: The longest batch whose control of flow is taken out (:func:`control_flow_flattened`: one pass over its tokens, each
#: condition read to its end), as long as the longest text the splitter scans.
FLATTENED_CHARS = 256 * 1024


#: Words that begin a statement of a batch.
_STATEMENT_STARTS = frozenset({
    "INSERT", "UPDATE", "DELETE", "MERGE", "SELECT", "WITH", "CREATE", "ALTER", "DROP", "TRUNCATE", "DECLARE", "SET",
    "EXEC", "EXECUTE", "PRINT", "USE", "GRANT", "REVOKE", "DENY", "RETURN", "COMMIT", "ROLLBACK", "RENAME", "BULK",
    "RAISERROR", "WAITFOR",  # (an error raised, a delay: SELECT ... RAISERROR (...) WITH NOWAIT is two statements)
    "OPEN", "FETCH", "CLOSE", "DEALLOCATE",  # a cursor's moves (DECLARE c CURSOR FOR SELECT ... OPEN c FETCH c ...)
    "BEGIN",  # (BEGIN TRAN: a block's BEGIN is taken out before the batch is cut, control_flow_flattened)
    "REVERT", "ENABLE", "DISABLE"})  # (impersonation ended, a trigger enabled or disabled: ADMIN_FORMS)


#: Reserved words that begin a statement, which no unquoted alias can be: ``SELECT @a = 'Y' DELETE FROM t`` is two
#: statements, though sqlglot reads the DELETE as the alias of the first's value.
RESERVED_STARTS = _STATEMENT_STARTS - {"WITH", "RENAME", "ENABLE", "DISABLE"}
#: Words after which a statement word belongs to the statement before (``THEN UPDATE``, ``AS SELECT`` ...), besides a
#: comma (no statement ends in one: ``GRANT SELECT, INSERT, CREATE TABLE TO u``); a WITH's (``WITH GRANT OPTION``,
#: ``WITH ROLLBACK IMMEDIATE``: a common table expression's WITH is followed by its name).
_CONTINUING = frozenset({"THEN", "AS", "UNION", "ALL", "EXCEPT", "INTERSECT", "DISTINCT", "INTO", "FOR", "ON", "WITH",
                         "UPDATE",  # (UPDATE SET: a MERGE's)
                         "GRANT", "REVOKE", "DENY"})  # (a permission named by a verb: GRANT CREATE TABLE TO u)


#: The words of T-SQL's control of flow, which a batch may hold around its statements, and a label (GOTO's target).
_CONTROL_FLOW = re.compile(r"\b(?:begin|if|while|else|return)\b|^[ \t]*+[A-Za-z_]\w*+:(?!:)",
                           re.IGNORECASE | re.MULTILINE)


#: Words that begin a T-SQL branch besides :data:`_STATEMENT_STARTS`: a block, a condition, a jump, a message.
_FLOW_STARTS = frozenset({"BEGIN", "IF", "WHILE", "BREAK", "CONTINUE", "GOTO", "THROW", "RAISERROR", "WAITFOR",
                          "OPEN", "CLOSE", "FETCH", "DEALLOCATE", "BULK"})


#: The kinds of object a DDL statement's own ``IF [NOT] EXISTS`` follows (``DROP TABLE IF EXISTS t``), which is no
#: ``IF`` of the batch's control of flow.
_GUARDED_KINDS = frozenset({
    "TABLE", "VIEW", "DATABASE", "SCHEMA", "USER", "ROLE", "LOGIN", "PROCEDURE", "PROC", "FUNCTION", "INDEX",
    "COLUMN", "CONSTRAINT", "TRIGGER", "SEQUENCE", "TYPE", "SYNONYM", "STATISTICS", "DEFAULT", "RULE", "ASSEMBLY",
    "SECURITY", "POLICY", "EVENT", "CREDENTIAL", "SOURCE", "FORMAT", "FILE"})


#: The kinds of object whose CREATE or ALTER holds a body a T-SQL batch must keep whole (its only statement).
_ROUTINE_KINDS = frozenset({"PROC", "PROCEDURE", "FUNCTION", "TRIGGER", "VIEW"})


#: What follows a ``BEGIN`` that opens no block (``BEGIN TRAN``, ``BEGIN DISTRIBUTED TRANSACTION``, ``BEGIN DIALOG``).
_NO_BLOCK = frozenset({"TRAN", "TRANSACTION", "DISTRIBUTED", "DIALOG", "CONVERSATION"})


#: A line of the batch separator of sqlcmd and SQL Server Management Studio, ``GO [count]`` ("not a Transact-SQL
#: statement": the end of a batch).
_GO_LINE = re.compile(r"^[ \t]*go(?:[ \t]+\d+)?[ \t]*(?:--[^\n]*)?$", re.IGNORECASE | re.MULTILINE)


#: T-SQL's reserved keywords (its documentation's "Reserved keywords" list): never a procedure's unquoted name.
_RESERVED = frozenset("""
    ADD ALL ALTER AND ANY AS ASC AUTHORIZATION BACKUP BEGIN BETWEEN BREAK BROWSE BULK BY CASCADE CASE CHECK CHECKPOINT
    CLOSE CLUSTERED COALESCE COLLATE COLUMN COMMIT COMPUTE CONSTRAINT CONTAINS CONTAINSTABLE CONTINUE CONVERT CREATE
    CROSS CURRENT CURRENT_DATE CURRENT_TIME CURRENT_TIMESTAMP CURRENT_USER CURSOR DATABASE DBCC DEALLOCATE DECLARE
    DEFAULT DELETE DENY DESC DISK DISTINCT DISTRIBUTED DOUBLE DROP DUMP ELSE END ERRLVL ESCAPE EXCEPT EXEC EXECUTE
    EXISTS EXIT EXTERNAL FETCH FILE FILLFACTOR FOR FOREIGN FREETEXT FREETEXTTABLE FROM FULL FUNCTION GOTO GRANT GROUP
    HAVING HOLDLOCK IDENTITY IDENTITY_INSERT IDENTITYCOL IF IN INDEX INNER INSERT INTERSECT INTO IS JOIN KEY KILL LEFT
    LIKE LINENO LOAD MERGE NATIONAL NOCHECK NONCLUSTERED NOT NULL NULLIF OF OFF OFFSETS ON OPEN OPENDATASOURCE
    OPENQUERY OPENROWSET OPENXML OPTION OR ORDER OUTER OVER PERCENT PIVOT PLAN PRECISION PRIMARY PRINT PROC PROCEDURE
    PUBLIC RAISERROR READ READTEXT RECONFIGURE REFERENCES REPLICATION RESTORE RESTRICT RETURN REVERT REVOKE RIGHT
    ROLLBACK ROWCOUNT ROWGUIDCOL RULE SAVE SCHEMA SECURITYAUDIT SELECT SEMANTICKEYPHRASETABLE
    SEMANTICSIMILARITYDETAILSTABLE SEMANTICSIMILARITYTABLE SESSION_USER SET SETUSER SHUTDOWN SOME STATISTICS
    SYSTEM_USER TABLE TABLESAMPLE TEXTSIZE THEN TO TOP TRAN TRANSACTION TRIGGER TRUNCATE TRY_CONVERT TSEQUAL UNION
    UNIQUE UNPIVOT UPDATE UPDATETEXT USE USER VALUES VARYING VIEW WAITFOR WHEN WHERE WHILE WITH WRITETEXT""".split())
#: Words that begin a statement though T-SQL does not reserve them (a batch's first word, never a procedure's name).
_UNRESERVED_VERBS = frozenset({"THROW", "ENABLE", "DISABLE", "RENAME", "SEND", "RECEIVE", "GET", "MOVE", "COPY",
                               "PREDICT", "GO", "EXPLAIN"})


def bare_call_written_out(text: str) -> str:
    """``text`` with ``EXEC`` before a procedure called by its name alone, which T-SQL allows as a batch's first
    statement (``sp_spaceused 'dbo.t'``, ``dbo.p @x = 1``): the call as an EXEC (it was set aside as an expression).

    >>> [bare_call_written_out(sql) for sql in ("sp_helptext dbo.p", "[dbo].[p] @x = 1\\nSELECT 1", "THROW 5, 'x', 1")]
    ['EXEC sp_helptext dbo.p', 'EXEC [dbo].[p] @x = 1\\nSELECT 1', "THROW 5, 'x', 1"]
    """
    first = _FIRST_WORD.match(text)
    if first is None:
        return text
    lead = text[:first.start(1)] if first.group(1) is not None else ""
    if first.group(1) is not None and first.group(1).upper() in _RESERVED and lead.count("/*") == lead.count("*/"):
        return text  # (most batches: their first word a statement's; a nested comment is the tokenizer's to read)
    try:
        tokens = tokens_of(text, "tsql")
    except SqlglotError:
        return text
    return f"{text[:tokens[0].start]}EXEC {text[tokens[0].start:]}" if tokens and _bare_call_at(tokens, 0) else text


#: A text's first word after its comments (group 1), or the bracket or quote it begins with.
_FIRST_WORD = re.compile(r"(?:\s++|--[^\n]*+|/\*.*?\*/)*+(?:([A-Za-z_]\w*+)|\[|\")", re.DOTALL)


def _bare_call_at(tokens: list[Token], index: int) -> bool:
    """Whether the tokens from ``index`` call a procedure by its name alone: a (dotted) name of no statement's word,
    then the batch's end, a line's end, or an argument (a literal, a variable, a name, DEFAULT, a sign)."""
    first = tokens[index] if index < len(tokens) else None
    if first is None or first.token_type not in (TokenType.VAR, TokenType.IDENTIFIER) \
            or word_of(first) in _RESERVED or word_of(first) in _UNRESERVED_VERBS:
        return False
    at = index
    while at + 2 < len(tokens) and tokens[at + 1].token_type == TokenType.DOT \
            and tokens[at + 2].token_type in (TokenType.VAR, TokenType.IDENTIFIER):
        at += 2
    following = tokens[at + 1] if at + 1 < len(tokens) else None
    return following is None or following.line > tokens[at].line or following.token_type in _ARGUMENT_STARTS \
        or following.token_type in (TokenType.VAR, TokenType.IDENTIFIER, TokenType.DEFAULT, TokenType.NULL) \
        or following.token_type == TokenType.SEMICOLON


#: Tokens an argument of a procedure call may begin with.
_ARGUMENT_STARTS = frozenset({TokenType.STRING, TokenType.NATIONAL_STRING, TokenType.NUMBER, TokenType.PARAMETER,
                              TokenType.DASH, TokenType.HEX_STRING})


def batch_ends_written_out(text: str) -> str:
    """``text`` with each ``GO`` line (:data:`_GO_LINE`, outside strings and comments) a ``;``: a script's batches end
    there, and no statement runs on into the next (``UPDATE t SET a = 1`` then ``GO`` was read as ``UPDATE t`` and a
    ``SET``).

    >>> batch_ends_written_out("UPDATE dbo.t SET a = 1\\nGO\\nSELECT 'x\\nGO\\n' FROM t\\n  go 2\\nsp_who")
    "UPDATE dbo.t SET a = 1\\n;\\nSELECT 'x\\nGO\\n' FROM t\\n; EXEC\\nsp_who"
    """
    if _GO_LINE.search(text) is None:
        return text
    try:
        tokens = tokens_of(text, "tsql")
    except SqlglotError:
        return text
    lines = []
    for index, token in enumerate(tokens):
        if word_of(token) == "GO":
            start, end = text.rfind("\n", 0, token.start) + 1, text.find("\n", token.end)
            end = len(text) if end < 0 else end
            if _GO_LINE.fullmatch(text, start, end) and (not lines or lines[-1][1] <= start):
                after = next((at for at in range(index + 1, len(tokens)) if tokens[at].start >= end), len(tokens))
                lines.append((start, end, " EXEC" if _bare_call_at(tokens, after) else ""))
    for start, end, call in reversed(lines):  # (a batch may begin with a procedure called by its name alone)
        text = text[:start] + ";" + call + text[end:]
    return text


def control_flow_flattened(text: str, dialect: str) -> str:
    """A T-SQL batch's statements with its control of flow taken out: each ``BEGIN`` / ``END`` of a block (``TRY`` and
    ``CATCH`` blocks too), ``ELSE``, ``BREAK`` and ``CONTINUE`` a ``;``, each ``IF`` / ``WHILE`` condition the query
    ``SELECT CASE WHEN <condition> THEN 1 END`` of its own (what it reads is read), a label (``EndSave:``) a ``;``, and
    a ``RETURN`` a statement of its own: ``RETURN`` (no record), or ``SELECT <status>`` when its status holds a
    subquery. The statements of every branch
    are then the batch's statements in the order written, each resolved as one (CONTRACT 3a: a logged block "is
    resolved statement by statement"). A routine's body (``CREATE PROCEDURE ... AS``) is left as it is, as is a
    batch whose condition runs to its end.

    >>> control_flow_flattened("if exists (select 1 from a) begin try delete from b end try begin catch "
    ...                         "select 1 end catch else insert into c select case when x then 1 else 2 end from d", "tsql")
    ';SELECT CASE WHEN exists (select 1 from a) THEN 1 END;; delete from b ; ; select 1 ; ; insert into c select case when x then 1 else 2 end from d'
    >>> control_flow_flattened("if @n = 0 return select a from t begin return (select count(*) from u) end", "tsql")
    ';SELECT CASE WHEN @n = 0 THEN 1 END;;RETURN;select a from t ; ;SELECT (select count(*) from u);;'
    >>> control_flow_flattened("if not update(a) or update([b c]) update t set b = 1", "tsql")
    ';SELECT CASE WHEN not (1 = 1) or (1 = 1) THEN 1 END;update t set b = 1'
    >>> control_flow_flattened("drop table if exists t", "tsql"), control_flow_flattened("create user if not exists u", "tsql")
    ('drop table if exists t', 'create user if not exists u')
    """
    if dialect not in UNTERMINATED or len(text) > FLATTENED_CHARS or not _CONTROL_FLOW.search(text):
        return text
    try:
        tokens = tokens_of(text, dialect)
    except SqlglotError:
        return text
    if not tokens or routine_batch(tokens):
        return text
    levels = depths(tokens)
    edits: list[tuple[int, int, str]] = []
    cases, index = 0, 0
    while index < len(tokens):
        token, word = tokens[index], word_of(tokens[index])
        following = word_of(tokens[index + 1]) if index + 1 < len(tokens) else None
        if levels[index] or _variable(tokens, index):  # (a variable named like a word of flow: @Begin, @End, @If)
            pass
        elif word == "CASE":
            cases += 1
        elif word == "END" and cases:
            cases -= 1
        elif token.token_type == TokenType.VAR and index + 1 < len(tokens) \
                and tokens[index + 1].token_type == TokenType.COLON:  # a label (GOTO's target), no statement
            edits.append((token.start, tokens[index + 1].end + 1, ";"))
            index += 1
        elif word in ("BEGIN", "END") and following in ("TRY", "CATCH"):
            edits.append((token.start, tokens[index + 1].end + 1, ";"))
            if word == "BEGIN" and following == "TRY":
                edits += _swallowed_edits(tokens, levels, index + 2)
            index += 1
        elif (word == "BEGIN" and following not in _NO_BLOCK) or word in ("END", "BREAK", "CONTINUE") \
                or (word == "ELSE" and not cases):
            edits.append((token.start, token.end + 1, ";"))
        elif word == "RETURN":  # leaves the batch (a procedure, with a status): what its value's subquery reads is read
            end = _clause_end(tokens, levels, index + 1, also=_STATUS_ENDS, from_first=True) or len(tokens)
            edits.append(_return_edit(text, tokens, index, end))
            index = end
            continue
        elif word == "WHILE" or (word == "IF" and not (following in ("EXISTS", "NOT") and _guarded(tokens, index))):
            end = _clause_end(tokens, levels, index + 1)
            if end is None:
                return text
            edits += _condition_edits(word, text, tokens, index, end)
            index = end
            continue
        index += 1
    return edited(text, tokens, edits, dialect)[0]


def _return_edit(text: str, tokens: list[Token], index: int, end: int) -> tuple[int, int, str]:
    """The edit that makes the ``RETURN`` at ``index``, its status (if any) up to ``end``, a statement of its own:
    ``SELECT <status>`` when the status holds a subquery (``RETURN (SELECT COUNT(*) FROM u)``), else ``RETURN``."""
    value = text[tokens[index + 1].start : tokens[end - 1].end + 1] if end > index + 1 else ""
    stop = tokens[end].start if end < len(tokens) else len(text)
    return tokens[index].start, stop, f";SELECT {value};" if "select" in value.lower() else ";RETURN;"


def _condition_edits(word: str, text: str, tokens: list[Token], index: int, end: int) -> list[tuple[int, int, str]]:
    """The edits that make the condition of the ``IF`` or ``WHILE`` (``word``) at ``index``, up to ``end``, the query
    ``SELECT CASE WHEN <condition> THEN 1 END`` of its own (a trigger's ``UPDATE(column)`` in it ``(1 = 1)``); of an
    ``IF``, and those that make the DDL statement it guards by whether its object exists that statement's own guard
    (:func:`_existence_guard_edits`)."""
    condition = _UPDATE_FUNCTION.sub("(1 = 1)", text[tokens[index + 1].start : tokens[end - 1].end + 1])
    edits = [(tokens[index].start, tokens[end].start, f";SELECT CASE WHEN {condition} THEN 1 END;")]
    if word == "IF":
        edits += _existence_guard_edits(condition, text, tokens, end)
    return edits


#: The kinds of object whose DROP (or, a table, CREATE) a test of whether it exists may guard: those whose DDL is
#: recorded (a procedure's or a function's is not: its guard would only move its statement to another count).
_GUARDED_DDL = frozenset({"TABLE", "VIEW", "SCHEMA", "DATABASE"})
#: What ``OBJECT_ID('name', 'type')`` finds of each kind it may guard (a schema-scoped object: no schema, no database,
#: "the database object identification number of a schema-scoped object").
_OBJECT_TYPES = {"TABLE": frozenset({"U"}), "VIEW": frozenset({"V"})}
#: The catalog views an ``IF [NOT] EXISTS (SELECT ... FROM <view> WHERE ...)`` asks in whether an object of a name
#: exists, and the kinds of object each lists (``sys.objects``: every schema-scoped one).
_EXISTENCE_VIEWS = {
    "objects": frozenset({"TABLE", "VIEW"}), "all_objects": frozenset({"TABLE", "VIEW"}),
    "sysobjects": frozenset({"TABLE", "VIEW"}), "tables": frozenset({"TABLE"}), "views": frozenset({"VIEW"}),
    "schemas": frozenset({"SCHEMA"}), "databases": frozenset({"DATABASE"}), "sysdatabases": frozenset({"DATABASE"})}
#: The same, of the information schema (whose ``TABLES`` lists views too).
_INFORMATION_VIEWS = {"tables": frozenset({"TABLE", "VIEW"}), "views": frozenset({"VIEW"}),
                      "schemata": frozenset({"SCHEMA"})}
#: The columns of those views that name the object, its schema and its database, as an ``=`` with a string compares
#: them (``name = 't'``, ``TABLE_SCHEMA = 's'``); any other filter (``type IN ('U')``) is no name.
_NAME_COLUMNS = {"NAME": 2, "TABLE_NAME": 2, "SCHEMA_NAME": 1, "TABLE_SCHEMA": 1, "TABLE_CATALOG": 0,
                 "CATALOG_NAME": 0}
#: A condition that may test whether an object of a name exists (what :func:`_existence_tested` reads).
_MAY_TEST_EXISTENCE = re.compile(r"object_id|db_id|schema_id|\bname\b|table_name|schema_name", re.IGNORECASE)


def _existence_guard_edits(condition: str, text: str, tokens: list[Token], at: int) -> list[tuple[int, int, str]]:
    """The edits that make the statement an ``IF`` guards by whether its own object exists that DDL statement's own
    guard: ``IF OBJECT_ID('tempdb..#t') IS NOT NULL DROP TABLE #t`` (or ``IF EXISTS (SELECT * FROM sys.objects WHERE
    object_id = OBJECT_ID(N'[dbo].[t]'))``, first in a ``BEGIN`` block too) drops ``#t`` only where it exists, as
    ``DROP TABLE IF EXISTS #t`` does, and ``IF OBJECT_ID('t') IS NULL CREATE TABLE t (...)`` creates ``t`` only where
    it does not, as ``CREATE TABLE IF NOT EXISTS t``. Every branch is read (:func:`control_flow_flattened`), so
    without this the DROP is recorded where nothing was dropped. None for any other condition or statement: one that
    tests another object, another kind of object, or a name in another database than the statement's.

    >>> control_flow_flattened("IF OBJECT_ID('tempdb..#t') IS NOT NULL DROP TABLE #t", "tsql")
    ";SELECT CASE WHEN OBJECT_ID('tempdb..#t') IS NOT NULL THEN 1 END;DROP TABLE IF EXISTS #t"
    >>> control_flow_flattened("if object_id('dbo.t') is null begin create table t (a int) on [PRIMARY] end", "tsql")
    ";SELECT CASE WHEN object_id('dbo.t') is null THEN 1 END;; create table IF NOT EXISTS t (a int) on [PRIMARY] ;"
    >>> [control_flow_flattened(f"IF {test} IS NOT NULL DROP TABLE dbo.b", "tsql").rpartition(";")[2]
    ...  for test in ("OBJECT_ID('dbo.a')", "OBJECT_ID('db2.dbo.b')", "OBJECT_ID('dbo.b', 'P')", "OBJECT_ID('b')")]
    ['DROP TABLE dbo.b', 'DROP TABLE dbo.b', 'DROP TABLE dbo.b', 'DROP TABLE IF EXISTS dbo.b']
    """
    tested = _existence_tested(condition) if _MAY_TEST_EXISTENCE.search(condition) else None
    if tested is None:
        return []
    exists, kinds, name = tested
    if word_of(tokens[at]) == "BEGIN" and at + 1 < len(tokens) and word_of(tokens[at + 1]) not in _NO_BLOCK:
        at += 1
    if at + 2 >= len(tokens):
        return []
    verb, kind, after = (word_of(tokens[i]) for i in (at, at + 1, at + 2))
    if (verb, exists) not in (("DROP", True), ("CREATE", False)) or kind not in kinds \
            or (verb == "CREATE" and kind != "TABLE") or after == "IF":
        return []
    named = _name_at(tokens, at + 2)
    if named is None or not _same_object(name, named[0]) or (
            named[1] < len(tokens) and tokens[named[1]].token_type == TokenType.COMMA):  # (DROP TABLE a, b: not one)
        return []
    return [(tokens[at + 1].end + 1, tokens[at + 1].end + 1, " IF EXISTS" if exists else " IF NOT EXISTS")]


def _swallowed_edits(tokens: list[Token], levels: list[int], at: int) -> list[tuple[int, int, str]]:
    """The edits that make a ``TRY`` block's only statement, a DROP or a CREATE TABLE whose error the ``CATCH`` block
    after it swallows (running nothing: empty, or ``PRINT`` alone), the ``DROP ... IF EXISTS`` or ``CREATE TABLE IF
    NOT EXISTS`` it stands for: ``BEGIN TRY DROP TABLE dbo.stage END TRY BEGIN CATCH END CATCH`` drops only a table
    that exists. None for any other block.

    >>> control_flow_flattened("BEGIN TRY DROP TABLE dbo.stage; END TRY BEGIN CATCH PRINT 'none' END CATCH", "tsql")
    "; DROP TABLE IF EXISTS dbo.stage; ; ; PRINT 'none' ;"
    """
    verb = word_of(tokens[at]) if at + 2 < len(tokens) else None
    kinds = {"DROP": _GUARDED_DDL, "CREATE": frozenset({"TABLE"})}.get(verb or "")
    if kinds is None or word_of(tokens[at + 1]) not in kinds or word_of(tokens[at + 2]) == "IF":
        return []
    named = _name_at(tokens, at + 2)
    if named is None or (named[1] < len(tokens) and tokens[named[1]].token_type == TokenType.COMMA):
        return []
    end = _clause_end(tokens, levels, at + 1, also=frozenset({"END"}))
    if end is None or end + 3 >= len(tokens) or [word_of(token) for token in tokens[end:end + 4]] != [
            "END", "TRY", "BEGIN", "CATCH"]:
        return []
    for index in range(end + 4, len(tokens)):
        word = word_of(tokens[index])
        if word == "END" and word_of(tokens[index + 1] if index + 1 < len(tokens) else None) == "CATCH":
            return [(tokens[at + 1].end + 1, tokens[at + 1].end + 1, " IF EXISTS" if verb == "DROP" else
                     " IF NOT EXISTS")]
        if not levels[index] and word in (_STATEMENT_STARTS | _FLOW_STARTS) - {"PRINT"}:
            return []  # (a CATCH that runs a statement, or raises again: THROW, RAISERROR)
    return []


def _existence_tested(condition: str) -> tuple[bool, frozenset[str], list[str]] | None:
    """Whether ``condition`` tests that an object exists (True) or that none does (False), the kinds of object it may
    be and its name's parts, when that is all it tests: ``OBJECT_ID('name'[, 'U' | 'V']) IS [NOT] NULL``
    (``DB_ID('d')``, ``SCHEMA_ID('s')`` too) or ``[NOT] EXISTS (SELECT ... FROM <catalog view> WHERE ...)`` whose
    filter names one object by ``OBJECT_ID('name')`` or by ``name`` / ``TABLE_NAME`` (and ``TABLE_SCHEMA`` ...)
    ``= 'name'``; None for any other condition."""
    try:
        tree = parse_sql(condition, "tsql")
    except SqlglotError:
        return None
    exists = True
    while isinstance(tree, (exp.Paren, exp.Not)):
        exists, tree = exists ^ isinstance(tree, exp.Not), tree.this
    if isinstance(tree, exp.Is) and isinstance(tree.expression, exp.Null):  # OBJECT_ID('t') IS [NOT] NULL
        tested = _named_by_function(tree.this)
        return (exists == bool(tree.args.get("negate")), *tested) if tested is not None else None
    if not isinstance(tree, exp.Exists) or not isinstance(tree.this, exp.Select) or len(tree.this.args.get("joins")
                                                                                         or ()) > 0:
        return None
    query = tree.this
    views = list(query.find_all(exp.Table))
    if len(views) != 1:
        return None
    schema, name = views[0].db.casefold(), views[0].name.casefold()
    listed = (_INFORMATION_VIEWS if schema == "information_schema" else _EXISTENCE_VIEWS if schema == "sys" or (
        schema in ("", "dbo") and name.startswith("sys")) else {}).get(name)  # (dbo.sysobjects: a compatibility view)
    if listed is None:
        return None
    parts: list[str | None] = [None, None, None]
    functions = [_named_by_function(found) for found in query.find_all(exp.ObjectId)]
    for found in functions:
        if found is None or len(functions) > 1:
            return None
        parts = [None] * (3 - len(found[1])) + list(found[1])
    codes = _type_codes(query)
    if codes:  # (type IN (N'U'): the kinds of object it lists)
        listed = frozenset(kind for kind in listed if _OBJECT_TYPES.get(kind, frozenset()) & codes)
        if not listed:
            return None
    for eq in query.find_all(exp.EQ):
        column, value = (eq.this, eq.expression) if isinstance(eq.this, exp.Column) else (eq.expression, eq.this)
        at = _NAME_COLUMNS.get(column.name.upper()) if isinstance(column, exp.Column) else None
        named = _string_of(value) if at is not None else None
        if at is not None and (named is None or len(named) != 1 or parts[at] not in (None, named[0])):
            return None  # (a name compared with no string, or two names)
        if named is not None:
            parts[at] = named[0]
    if parts[2] is None or (parts[2][:1] == "#" and not functions):  # (tempdb's sys.objects names #t otherwise)
        return None
    return exists, listed, [part or "" for part in parts]


def _type_codes(query: exp.Select) -> set[str]:
    """The object types a catalog view's query keeps (``type IN (N'U', N'V')``, ``xtype = 'U'``), upper-cased."""
    codes = set()
    for found in query.find_all(exp.EQ, exp.In):
        if isinstance(found.this, exp.Column) and found.this.name.upper() in ("TYPE", "XTYPE"):
            for value in found.args.get("expressions") or [found.expression]:
                code = _string_of(value)
                codes |= {code[0].strip().upper()} if code else set()
    return codes


def _named_by_function(function: exp.Expression) -> tuple[frozenset[str], list[str]] | None:
    """The kinds of object and the name ``OBJECT_ID('name'[, 'type'])``, ``DB_ID('d')`` or ``SCHEMA_ID('s')`` asks
    for; None for anything else. ``OBJECT_ID('#t')`` is no guard: it finds a temporary table only when the name says
    ``tempdb`` ("the database name must come before the temporary table name")."""
    if isinstance(function, exp.ObjectId):
        name, kind = _string_of(function.this), function.expression
        if name is None or (name[-1][:1] == "#" and (len(name) != 3 or name[0].casefold() != "tempdb")):
            return None
        if kind is None:
            return frozenset(_OBJECT_TYPES), name
        code = _string_of(kind)
        kinds = frozenset(k for k, codes in _OBJECT_TYPES.items() if code and code[0].strip().upper() in codes)
        return (kinds, name) if kinds else None
    if isinstance(function, exp.Anonymous) and function.name.upper() in ("DB_ID", "SCHEMA_ID") \
            and len(function.expressions) == 1:
        name = _string_of(function.expressions[0])
        kind = "DATABASE" if function.name.upper() == "DB_ID" else "SCHEMA"
        return (frozenset({kind}), name) if name and len(name) == 1 else None
    return None


def _string_of(literal: exp.Expression | None) -> list[str] | None:
    """The name a string literal holds (``'tempdb..#t'``, ``N'[dbo].[t]'``), as its parts (an empty part for a
    schema left out); None for anything but a string."""
    if not isinstance(literal, exp.National) and not (isinstance(literal, exp.Literal) and literal.is_string):
        return None
    parts = [part.strip() for part in re.findall(r'(\[(?:[^\]]|\]\])*\]|"[^"]*"|[^.]*)(?:\.|$)', literal.name)]
    parts = parts[:-1] if len(parts) > 1 and parts[-1] == "" and not literal.name.endswith(".") else parts
    return [part[1:-1].replace("]]", "]") if part[:1] in ("[", '"') else part for part in parts] or None


def _name_at(tokens: list[Token], index: int) -> tuple[list[str], int] | None:
    """The parts of the object name whose first token is at ``index`` (``[dbo].[t]``, ``tempdb..#t``, ``##g``: an
    empty part for one left out), and the index of the token after it; None where no name begins."""
    parts: list[str] = []
    while True:
        hashes = ""
        while index < len(tokens) and tokens[index].token_type == TokenType.HASH:
            hashes, index = hashes + "#", index + 1
        if index < len(tokens) and tokens[index].token_type == TokenType.DOT and not hashes and parts:
            parts.append("")  # (db..t)
        elif index < len(tokens) and (tokens[index].token_type in (TokenType.VAR, TokenType.IDENTIFIER)
                                      or (not hashes and tokens[index].text.isidentifier())):
            parts.append(hashes + tokens[index].text)
            index += 1
            if index >= len(tokens) or tokens[index].token_type != TokenType.DOT:
                return parts, index
        else:
            return None
        index += 1  # (past the dot)


def _same_object(tested: list[str], named: list[str]) -> bool:
    """Whether the name an existence test gives (:func:`_string_of`) and the one a statement gives name one object:
    the same name, in the same schema (``dbo`` where one is left out: the default) and the same database where
    either names one (case-insensitively; ``tempdb..#t`` and ``#t`` are one, T-SQL keeping ``#t`` in ``tempdb``)."""
    def placed(parts: list[str]) -> list[str]:
        full = list(naming_for("tsql")._placed(parts)) if parts[-1][:1] == "#" else parts
        full = [""] * (3 - len(full)) + full
        return [full[0].casefold(), (full[1] or "dbo").casefold(), full[2].casefold()]

    return len(tested) <= 3 and len(named) <= 3 and placed(tested) == placed(named)


def routine_batch(tokens: list[Token]) -> bool:
    """Whether a T-SQL text is a routine's or a view's CREATE or ALTER, its batch's only statement: its body stays
    whole, whatever statements it holds."""
    if word_of(tokens[0]) not in ("CREATE", "ALTER"):
        return False
    kind = next((word_of(t) for t in tokens[1:4] if word_of(t) not in ("OR", "ALTER", "REPLACE")), None)
    return kind in _ROUTINE_KINDS  # (the kind CREATE names: ALTER TABLE Comment DISABLE TRIGGER ALL alters a table)


def _guarded(tokens: list[Token], index: int) -> bool:
    """Whether the ``IF`` at ``index`` is a DDL statement's own ``IF [NOT] EXISTS``: after the kind of object of a
    DROP, CREATE or ALTER (``DROP TABLE IF EXISTS``, ``DROP EXTERNAL TABLE IF EXISTS``, ``ALTER TABLE t DROP COLUMN IF
    EXISTS``), not after a statement that ends in a table named like a kind (``DELETE FROM dbo.Event``)."""
    if not index or word_of(tokens[index - 1]) not in _GUARDED_KINDS:
        return False
    return any(word_of(tokens[at]) in ("DROP", "CREATE", "ALTER") for at in range(max(0, index - 4), index - 1))


def _clause_end(tokens: list[Token], levels: list[int], start: int, *, also: frozenset[str] = frozenset(),
                from_first: bool = False) -> int | None:
    """Where a clause of the control of flow starting at ``start`` ends: at the first word outside brackets and
    ``CASE ... END`` that begins a statement or a block (or is one of ``also``), from its second token on (from its
    first with ``from_first``); None when none does. An ``IF`` or ``WHILE`` condition ends so; a ``RETURN``'s status
    also where its block or branch does (``END``, ``ELSE``)."""
    cases = 0
    for index in range(start, len(tokens)):
        word = word_of(tokens[index])
        if levels[index] or _variable(tokens, index) or _update_function(tokens, index):
            continue
        if word == "CASE":
            cases += 1
        elif word == "END" and cases:
            cases -= 1
        elif not cases and (index > start or from_first) and (
                word in _STATEMENT_STARTS or word in _FLOW_STARTS or word in also):
            return index
    return None


#: A trigger's ``UPDATE(column)``: whether its statement changed the column, no statement (and no data read).
_UPDATE_FUNCTION = re.compile(r"\bupdate\s*+\(\s*+(?:\[[^\]]*+\]|\w++)\s*+\)", re.IGNORECASE)


def _update_function(tokens: list[Token], index: int) -> bool:
    """Whether the word at ``index`` is the function ``UPDATE(column)`` (:data:`_UPDATE_FUNCTION`), no statement's first
    word (an UPDATE statement names its table, or TOP, first)."""
    return word_of(tokens[index]) == "UPDATE" and index + 1 < len(tokens) \
        and tokens[index + 1].token_type == TokenType.L_PAREN


def _variable(tokens: list[Token], index: int) -> bool:
    """Whether the word at ``index`` is a variable's name (``@Execute``, ``@Drop``: sqlglot's lexer gives the ``@`` and
    the name as two tokens), no statement's first word."""
    return index > 0 and tokens[index - 1].token_type == TokenType.PARAMETER \
        and tokens[index - 1].end + 1 == tokens[index].start


#: Where a ``RETURN``'s status ends besides a statement's or a block's start (:func:`_clause_end`).
_STATUS_ENDS = frozenset({"END", "ELSE"})


def _session_option_before(tokens: list[Token], index: int) -> bool:
    """Whether the tokens before ``index`` end a T-SQL session option, ``SET NOCOUNT ON``, ``SET IDENTITY_INSERT dbo.t
    ON`` (whose ``ON`` continues no statement, as a foreign key's ``ON DELETE`` does)."""
    if word_of(tokens[index - 1]) != "ON":
        return False
    for at in range(index - 2, max(-1, index - 9), -1):
        if word_of(tokens[at]) == "SET":
            return at < index - 2
        if tokens[at].token_type not in (TokenType.VAR, TokenType.IDENTIFIER, TokenType.DOT, TokenType.COMMA):
            return False
    return False


def statement_starts(tokens: list[Token]) -> list[int]:
    """Indexes of the tokens, outside brackets and not first, where another statement may begin."""
    starts = []
    for index, (token, depth) in enumerate(zip(tokens, depths(tokens))):
        word = word_of(token)
        if (index and not depth and word in _STATEMENT_STARTS and not _variable(tokens, index)
                and not _update_function(tokens, index)
                and tokens[index - 1].token_type != TokenType.COMMA
                and not (word == "FETCH" and word_of(tokens[index - 1]) in ("ROWS", "ROW"))  # OFFSET n ROWS FETCH
                and (word_of(tokens[index - 1]) not in _CONTINUING or _session_option_before(tokens, index)
                     # (DISABLE TRIGGER ALL INSERT ...: an ALL of no UNION ALL, EXCEPT ALL, INTERSECT ALL)
                     or word_of(tokens[index - 1]) == "ALL"
                     and word_of(tokens[index - 2]) not in ("UNION", "EXCEPT", "INTERSECT"))
                and not (word == "WITH" and not _opens_cte(tokens, index))
                and not (word == "REVERT" and word_of(tokens[index - 1]) == "NO")  # (EXECUTE AS ... WITH NO REVERT)
                and not (word == "SET" and _altered_before(tokens, index))
                # (ENABLE | DISABLE TRIGGER: not ALTER INDEX i ON t DISABLE, nor ALTER TABLE t DISABLE TRIGGER ALL)
                and not (word in ("ENABLE", "DISABLE") and (index + 1 >= len(tokens) or _altered_before(tokens, index)
                                                            or word_of(tokens[index + 1]) != "TRIGGER"))):
            starts.append(index)
    return starts


def _opens_cte(tokens: list[Token], index: int) -> bool:
    """Whether the ``WITH`` at ``index`` opens a query's common table expressions, ``WITH name [(columns)] AS (``
    or ``WITH XMLNAMESPACES (...)``: not a statement's options (``RAISERROR (...) WITH NOWAIT``, ``CREATE CERTIFICATE c
    WITH SUBJECT = 's'``, ``EXECUTE AS USER = 'u' WITH NO REVERT``, a table hint ``WITH (NOLOCK)``)."""
    after = tokens[index + 1:index + 3]
    if not after or after[0].token_type == TokenType.L_PAREN:
        return False
    if word_of(after[0]) == "XMLNAMESPACES":
        return True
    return len(after) == 2 and (after[1].token_type == TokenType.L_PAREN or word_of(after[1]) == "AS")


def _altered_before(tokens: list[Token], index: int) -> bool:
    """Whether the tokens before ``index`` are ``ALTER <kind> <name>`` (``ALTER DATABASE CURRENT``, ``ALTER TABLE
    dbo.t``): a ``SET`` there is the ALTER's (its options), no statement of its own."""
    at = index - 1
    while at > 0 and (tokens[at].token_type in (TokenType.VAR, TokenType.IDENTIFIER, TokenType.DOT)
                      or word_of(tokens[at]) == "CURRENT"  # (a keyword as a name's part: dbo.Comment, TABLE Comment)
                      or tokens[at].text.isidentifier() and (tokens[at - 1].token_type == TokenType.DOT
                                                             or at >= 2 and word_of(tokens[at - 2]) == "ALTER")):
        at -= 1
    return at < index - 1 and at >= 1 and word_of(tokens[at - 1]) == "ALTER"


#: T-SQL's statements sqlglot keeps as commands that read and write no data (a session option, a message, an error, a wait, a cursor's
#: move, a check).
_NO_DATA_COMMANDS = frozenset({"SET", "PRINT", "RAISERROR", "THROW", "WAITFOR", "DBCC", "OPEN", "FETCH", "CLOSE",
                               "DEALLOCATE", "GOTO", "UPDATE STATISTICS"})


def no_data_command(tree: exp.Command) -> bool:
    """Whether a command sqlglot kept opaque is one of T-SQL's that touch no data (a batch's statement without ``;``
    may be cut after one).

    >>> [no_data_command(parse_sql(s, "tsql")) for s in ("PRINT 'x'", "REVERT")]
    [True, False]
    """
    return str(tree.this).upper() in _NO_DATA_COMMANDS


#: T-SQL's statements of no data whose every form sqlglot cannot read: a permission's ``GRANT`` / ``REVOKE`` / ``DENY``
#: (``GRANT CREATE TABLE, ALTER ANY SCHEMA TO u``), a key's ``OPEN`` / ``CLOSE`` (``OPEN SYMMETRIC KEY k DECRYPTION BY
#: CERTIFICATE c``), ``WAITFOR DELAY | TIME``, ``BEGIN DISTRIBUTED TRANSACTION``; a synonym's ``CREATE`` / ``DROP``
#: (no data either: another name of a table, :func:`.governance.create_synonym`); ``DBCC`` with its options (``WITH
#: NO_INFOMSGS``); and a table's triggers or constraints disabled or enabled
#: (``ALTER TABLE t DISABLE TRIGGER ALL``, ``ALTER TABLE t NOCHECK CONSTRAINT ALL``: an ALTER of t, whose batch's next
#: statement is its own).
_NO_DATA_STATEMENT = re.compile(r"\s*(?:GRANT|REVOKE|DENY|OPEN|CLOSE|WAITFOR\s+(?:DELAY|TIME)|RAISERROR\b"
                                r"|BEGIN\s+DISTRIBUTED|(?:CREATE|DROP)\s+SYNONYM"
                                r"|DBCC"
                                r"|ALTER\s+TABLE\s+(?:\[[^\]]*\]|[\w#]+)(?:\s*\.\s*(?:\[[^\]]*\]|[\w#]+))*"
                                r"\s+(?:(?:ENABLE|DISABLE)\s+TRIGGER|(?:WITH\s+(?:NO)?CHECK\s+)?(?:NO)?CHECK\s+CONSTRAINT))\b",
                                re.IGNORECASE)


#: A procedure's call recompiled (``EXEC p @a = 1 WITH RECOMPILE``): its EXEC, whose batch's next statement is its own.
_RECOMPILED_CALL = re.compile(r"\s*EXEC(?:UTE)?\s+[^;()]*?\bWITH\s+RECOMPILE\s*;?\s*", re.IGNORECASE)
#: A batch's piece that begins with one of :data:`ADMIN_FORMS`.
_ADMIN_STATEMENT = re.compile(r"\s*(?:" + "|".join(form.replace(" ", r"\s+") for form in ADMIN_FORMS) + r")\b",
                              re.IGNORECASE)


def no_data_statement(text: str, dialect: str) -> bool:
    """Whether a piece of a T-SQL batch is one whole statement though sqlglot cannot read it: one of no data
    (:data:`_NO_DATA_STATEMENT`, :data:`ADMIN_FORMS`), or a form read otherwise (an ALTER TABLE's switch of its
    triggers or constraints, a call ``WITH RECOMPILE``), that holds no word that begins another statement (a batch's
    statements after it are its own, never swallowed).

    >>> [no_data_statement(s, "tsql") for s in ("WAITFOR DELAY '00:00:05'", "DENY SELECT, INSERT ON dbo.t TO u",
    ...                                          "OPEN SYMMETRIC KEY k DECRYPTION BY CERTIFICATE c DELETE FROM t")]
    [True, True, False]
    """
    if not (_NO_DATA_STATEMENT.match(text) or _ADMIN_STATEMENT.match(text) or _RECOMPILED_CALL.fullmatch(text)):
        return False
    try:
        return not statement_starts(tokens_of(text, dialect))
    except SqlglotError:
        return False


def stands_for_another(text: str) -> bool:
    """Whether a T-SQL statement is one :func:`.statements.split_statements` reads as another (:func:`_written_as`,
    :func:`_runs`), or dynamic SQL of a text built when it runs (set aside, as ``EXEC (@sql)`` is): a piece of a batch
    that reads, though sqlglot cannot read it."""
    return bool(_written_as(text) or _runs(text) or _BUILT_TSQL.fullmatch(text))


#: T-SQL's ``DECLARE @t [AS] TABLE``: a table variable, which later statements of its batch find by its columns.
_TABLE_VARIABLE = re.compile(r"\s*declare\s+@\w+\s+(?:as\s+)?table\b", re.IGNORECASE)
#: The type of each variable a ``DECLARE`` declares (``@o [AS] Website.OrderIDList``).
_DECLARED_TYPE = re.compile(r"(?:\bdeclare|,)\s*@\w+\s+(?:as\s+)?(\[?\w+\]?(?:\s*\.\s*\[?\w+\]?)?)", re.IGNORECASE)
#: T-SQL's system data types (any other type a variable is declared of may be a table type: :func:`.ddl.create_type`).
_SYSTEM_TYPES = frozenset({
    "BIGINT", "INT", "SMALLINT", "TINYINT", "BIT", "DECIMAL", "NUMERIC", "MONEY", "SMALLMONEY", "FLOAT", "REAL", "DATE",
    "DATETIME", "DATETIME2", "DATETIMEOFFSET", "SMALLDATETIME", "TIME", "CHAR", "VARCHAR", "NCHAR", "NVARCHAR", "TEXT",
    "NTEXT", "BINARY", "VARBINARY", "IMAGE", "UNIQUEIDENTIFIER", "XML", "SQL_VARIANT", "SYSNAME", "CURSOR", "TABLE",
    "HIERARCHYID", "GEOGRAPHY", "GEOMETRY", "ROWVERSION", "TIMESTAMP", "JSON", "VECTOR", "INTEGER", "DEC", "CHARACTER",
    "NATIONAL", "DOUBLE"})


def changes_catalog(keywords: tuple[str, ...], text: str) -> bool:
    """Whether the statement, of no DDL verb, changes the catalog all the same: it declares a table variable (of a
    type of no system's name: maybe a table type), as a CREATE TABLE does, or renames an object (``EXEC sp_rename``), as an ALTER does.

    >>> changes_catalog(("DECLARE",), "declare @t as table (a int)"), changes_catalog(("DECLARE",), "declare @n int")
    (True, False)
    >>> changes_catalog(("DECLARE",), "declare @n int = 1, @o [Website].OrderIDList")  # (of a table type, it may be)
    True
    >>> changes_catalog(("EXEC",), "exec tempdb..sp_rename '#t.a', 'b', 'COLUMN'")
    True
    """
    if keywords[:1] in (("EXEC",), ("EXECUTE",)):
        return _SP_RENAME.fullmatch(text) is not None
    return keywords[:1] == ("DECLARE",) and (_TABLE_VARIABLE.match(text) is not None or any(
        declared.strip("[]").upper() not in _SYSTEM_TYPES for declared in _DECLARED_TYPE.findall(text)))


#: The statements whose ``TOP (n)`` :func:`dml_written_out` leaves out.
_DML_VERBS = ("UPDATE", "INSERT", "DELETE", "MERGE")


def dml_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """T-SQL forms sqlglot cannot read (or misreads) written as forms it reads: ``UPDATE | INSERT | DELETE | MERGE
    TOP (n) [PERCENT]`` without the TOP (how many rows, not which columns or tables); ``DELETE FROM t FROM t JOIN
    ...`` as ``DELETE t FROM t JOIN ...``; an INSERT's ``WITH (TABLOCK)`` after its target (how it is locked) left
    out; the table hint ``INDEX = i`` as ``INDEX(i)``; a positioned ``UPDATE | DELETE ... WHERE CURRENT OF [GLOBAL]
    cursor`` without its WHERE (the cursor's current row: its query read which).

    >>> sql = "delete top (10) percent from dbo.t from dbo.t join s with (index = 0) on s.a = t.a"
    >>> dml_written_out(sql, tokens_of(sql, "tsql"), "tsql")[0]
    'delete   dbo.t from dbo.t join s with (INDEX(0)) on s.a = t.a'
    >>> sql = "UPDATE dbo.t SET a = 1 WHERE CURRENT OF GLOBAL c"
    >>> dml_written_out(sql, tokens_of(sql, "tsql"), "tsql")[0]
    'UPDATE dbo.t SET a = 1 '
    """
    edits = []
    levels = depths(tokens)
    at = 0
    if word_of(tokens[0]) == "WITH":  # (a CTE's statement: its verb after the CTEs)
        at = next((i for i in range(1, len(tokens)) if not levels[i] and word_of(tokens[i]) in _DML_VERBS), 0)
    verb, after = word_of(tokens[at]), at + 1
    if verb in _DML_VERBS and len(tokens) > at + 2 and word_of(tokens[at + 1]) == "TOP" \
            and tokens[at + 2].token_type == TokenType.L_PAREN:
        after = group_end(tokens, at + 2)
        after += after < len(tokens) and word_of(tokens[after]) == "PERCENT"
        edits.append((tokens[at + 1].start, tokens[after - 1].end + 1, ""))
    if verb == "DELETE":
        froms = [index for index, token in enumerate(tokens) if not levels[index] and word_of(token) == "FROM"]
        outputs = any(not level and word_of(token) == "OUTPUT" for token, level in zip(tokens, levels))
        if froms and froms[0] == after and (len(froms) >= 2 or outputs):
            # DELETE [TOP (n)] FROM t FROM ... | OUTPUT ...: the first FROM names the target
            edits.append((tokens[froms[0]].start, tokens[froms[0]].end + 1, ""))
    if verb == "INSERT":  # INSERT [INTO] t WITH (TABLOCK) ...: the target's table hints (how it is locked)
        at = after + (after < len(tokens) and word_of(tokens[after]) == "INTO")
        while at + 1 < len(tokens) and tokens[at].token_type == TokenType.HASH:  # (#t, ##t: a token per #)
            at += 1
        while at + 1 < len(tokens) and tokens[at + 1].token_type == TokenType.DOT:
            at += 2
        hint = at + 1
        if hint + 1 < len(tokens) and word_of(tokens[hint]) == "WITH" \
                and tokens[hint + 1].token_type == TokenType.L_PAREN:
            edits.append((tokens[hint].start, tokens[group_end(tokens, hint + 1) - 1].end + 1, ""))
    if verb in ("UPDATE", "DELETE"):
        current = next((index for index in range(after, len(tokens) - 3) if not levels[index]
                        and [word_of(token) for token in tokens[index:index + 3]] == ["WHERE", "CURRENT", "OF"]), None)
        if current is not None:
            cursor = current + 3 + (word_of(tokens[current + 3]) == "GLOBAL" and current + 4 < len(tokens))
            cursor += tokens[cursor].token_type == TokenType.PARAMETER and cursor + 1 < len(tokens)  # (@cursor_variable)
            edits.append((tokens[current].start, tokens[cursor].end + 1, ""))
    for index in range(1, len(tokens) - 2):
        if (word_of(tokens[index]) == "INDEX" and tokens[index + 1].token_type == TokenType.EQ and levels[index]
                and tokens[index - 1].token_type in (TokenType.L_PAREN, TokenType.COMMA)):
            value = tokens[index + 2]
            edits.append((tokens[index].start, value.end + 1, f"INDEX({text[value.start:value.end + 1]})"))
    return edited(text, tokens, edits, dialect)


#: Azure Synapse's distribution hints of a join (``INNER REDISTRIBUTE JOIN``, ``LEFT REPLICATE JOIN``): how the rows
#: move between distributions, not which rows join.
_JOIN_HINTS = frozenset({"REDISTRIBUTE", "REPLICATE", "REDUCE"})


def join_hints_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Synapse's join hints, which sqlglot cannot read, left out.

    >>> sql = "select a.x from a inner redistribute join b on a.id = b.id left outer replicate join c on c.id = a.id"
    >>> join_hints_left_out(sql, tokens_of(sql, "tsql"), "tsql")[0]
    'select a.x from a inner  join b on a.id = b.id left outer  join c on c.id = a.id'
    """
    edits = []
    for index in range(len(tokens) - 1):
        if word_of(tokens[index]) in _JOIN_HINTS:
            after = group_end(tokens, index + 1)  # REDISTRIBUTE (n): how many columns it distributes on
            if after < len(tokens) and word_of(tokens[after]) == "JOIN":
                edits.append((tokens[index].start, tokens[after - 1].end + 1, ""))
    return edited(text, tokens, edits, dialect)


def check_no_sqlcmd_variable(tokens: list[Token]) -> None:
    """Raise :class:`UnsupportedStatement` for a statement that holds a sqlcmd scripting variable, ``$(name)``
    unquoted (``CREATE DATABASE $(DatabaseName)``): sqlcmd puts its value in before the batch runs, and the log does not
    give it (a bracketed or quoted one, ``[$(DatabaseName)]``, is a name or a text as written)."""
    for index in range(len(tokens) - 3):
        if tokens[index].text == "$" and tokens[index + 1].token_type == TokenType.L_PAREN \
                and tokens[index + 1].start == tokens[index].end + 1 \
                and tokens[index + 3].token_type == TokenType.R_PAREN:
            raise UnsupportedStatement(f"$({tokens[index + 2].text}): a sqlcmd scripting variable, whose value sqlcmd "
                                       "puts in before the batch runs: the log does not give it")


#: T-SQL's full-text predicates and functions, whose arguments may hold ``LANGUAGE language_term``.
_FULL_TEXT_CALLS = frozenset({"CONTAINS", "FREETEXT", "CONTAINSTABLE", "FREETEXTTABLE"})


def search_languages_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The ``LANGUAGE language_term`` argument of T-SQL's full-text predicates and functions (``CONTAINS``,
    ``FREETEXT``, ``CONTAINSTABLE``, ``FREETEXTTABLE``), which sqlglot cannot read, left out: the language the search
    text's words are broken in, no data read.

    >>> sql = "select k.[KEY] from freetexttable(t, *, @s, LANGUAGE @lang, 10) k where contains(a, 'x', language 'en')"
    >>> search_languages_left_out(sql, tokens_of(sql, "tsql"), "tsql")[0]
    "select k.[KEY] from freetexttable(t, *, @s, 10) k where contains(a, 'x')"
    """
    edits = []
    levels = depths(tokens)
    for index, close in calls_of(tokens, _FULL_TEXT_CALLS):
        for at in range(index + 2, close - 2):
            if levels[at] == levels[index] + 1 and tokens[at].token_type == TokenType.COMMA \
                    and word_of(tokens[at + 1]) == "LANGUAGE":
                term = at + 2 + (tokens[at + 2].token_type == TokenType.PARAMETER)  # (@language: two tokens)
                edits.append((tokens[at].start, tokens[term].end + 1, ""))
    return edited(text, tokens, edits, dialect)


#: Between the parts of ``OUTPUT ... INTO db.s.t``'s name once written as one identifier (:func:`output_targets_named`).
OUTPUT_NAME_DOT = "\u2024"
#: The statements an OUTPUT clause belongs to.
_OUTPUT_VERBS = frozenset({"INSERT", "UPDATE", "DELETE", "MERGE"})


def output_targets_named(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """``OUTPUT ... INTO s.t [(c, ...)]``, whose name of several parts sqlglot cannot read there (one part only), with
    the name written as one bracketed identifier, its parts joined by :data:`OUTPUT_NAME_DOT` (each as written, a
    bracketed part's ``]`` doubled); :func:`output_target_parts` reads it back. A temporary table's or a table
    variable's ``#t (c, ...)``, ``@t (c, ...)``, which sqlglot cannot read before a column list, is bracketed.

    >>> sql = "delete from t output deleted.* into dbo.[audit log] where a = 1"
    >>> output_targets_named(sql, tokens_of(sql, "tsql"), "tsql")[0] == (
    ...     "delete from t output deleted.* into [dbo" + OUTPUT_NAME_DOT + "[audit log]]] where a = 1")
    True
    >>> sql = "select output into dbo.copy from t"  # a column named output: a SELECT ... INTO
    >>> output_targets_named(sql, tokens_of(sql, "tsql"), "tsql")[0] == sql
    True
    """
    verbs = [index for index, token in enumerate(tokens) if word_of(token) in _OUTPUT_VERBS]
    if not tokens or word_of(tokens[0]) not in (*_OUTPUT_VERBS, "WITH") or not verbs:
        return text, tokens  # (SELECT output INTO t: a column named output, and a SELECT ... INTO)
    edits = []
    outputs = [index for index, token in enumerate(tokens) if word_of(token) == "OUTPUT" and index > verbs[0]
               and word_of(tokens[index - 1]) not in ("AS", "SET", ",", ".")]
    for start in outputs:
        into = next((i for i in range(start + 1, len(tokens)) if word_of(tokens[i]) == "INTO"
                     or word_of(tokens[i]) in ("WHERE", "FROM", "OUTPUT") or tokens[i].token_type == TokenType.SEMICOLON),
                    None)
        if into is None or word_of(tokens[into]) != "INTO":
            continue
        hashes = into + 1
        while hashes < len(tokens) and tokens[hashes].token_type in (TokenType.HASH, TokenType.PARAMETER):
            hashes += 1  # (#t, ##t, @t: the # or @ a token of its own)
        if hashes > into + 1 and hashes < len(tokens):  # a temporary table or a table variable: bracketed, one name
            edits.append((tokens[into + 1].start, tokens[hashes].end + 1,
                          f"[{text[tokens[into + 1].start:tokens[hashes].end + 1]}]"))
            continue
        end = into + 2
        while end + 1 < len(tokens) and tokens[end].token_type == TokenType.DOT:
            end += 2
        if end == into + 2:  # one part: sqlglot reads it
            continue
        parts = [text[tokens[i].start:tokens[i].end + 1] for i in range(into + 1, end, 2)]
        written = OUTPUT_NAME_DOT.join(parts).replace("]", "]]")
        edits.append((tokens[into + 1].start, tokens[end - 1].end + 1, f"[{written}]"))
    return edited(text, tokens, edits, dialect)


def output_target_parts(name: str) -> list[exp.Identifier] | None:
    """The parts of a name :func:`output_targets_named` wrote as one identifier; None for another name."""
    if OUTPUT_NAME_DOT not in name:
        return None
    parts = []
    for part in name.split(OUTPUT_NAME_DOT):
        bracketed = part.startswith("[") and part.endswith("]")
        parts.append(exp.to_identifier(part[1:-1] if bracketed else part, quoted=bracketed))
    return parts


def system_function_colons_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """SQL Server's older call of a system table function, ``FROM ::fn_name(...)`` (``::fn_listextendedproperty``,
    ``::fn_virtualfilestats``), which sqlglot cannot read, as the call it is (``FROM fn_name(...)``).

    >>> sql = "select name, value from ::fn_listextendedproperty(null, 'schema', 'dbo', 'table', 't', null, null)"
    >>> system_function_colons_left_out(sql, tokens_of(sql, "tsql"), "tsql")[0]
    "select name, value from fn_listextendedproperty(null, 'schema', 'dbo', 'table', 't', null, null)"
    """
    edits = [(tokens[index].start, tokens[index].end + 1, "") for index in range(1, len(tokens) - 2)
             if tokens[index].token_type == TokenType.DCOLON and word_of(tokens[index - 1]) in ("FROM", "JOIN", "APPLY")
             and tokens[index + 2].token_type == TokenType.L_PAREN]
    return edited(text, tokens, edits, dialect)


def bulk_rowsets_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """T-SQL's ``OPENROWSET(BULK 'url' [, option = value ...]) [WITH (column type [...], ...)] [AS] alias``, the
    files at a location read as rows (Fabric's, Synapse's, SQL Server's), which sqlglot cannot read, as the call of
    the file reader ``OPENROWSET('url')`` (:attr:`.DialectRules.file_readers`): the options say how to read the
    files; the ``WITH`` clause's columns are the alias's column names.

    >>> sql = "select e.a from openrowset(bulk 'https://x/e/*.csv', format = 'csv') with (a int, [b c] varchar(9) '$.b') as e"
    >>> bulk_rowsets_written_out(sql, tokens_of(sql, "tsql"), "tsql")[0]
    "select e.a from OPENROWSET('https://x/e/*.csv')  as e (a, [b c])"

    A path relative to an external data source (``DATA_SOURCE = 'ds'``) keeps the data source's name, its second
    argument: the files are under the data source's LOCATION.

    >>> sql = "select * from openrowset(bulk 'taxi/*.parquet', data_source = 'ds', format = 'parquet') as r"
    >>> bulk_rowsets_written_out(sql, tokens_of(sql, "tsql"), "tsql")[0]
    "select * from OPENROWSET('taxi/*.parquet', 'ds') as r"
    """
    edits = []
    for index in range(len(tokens) - 3):
        if not (word_of(tokens[index]) == "OPENROWSET" and tokens[index + 1].token_type == TokenType.L_PAREN
                and word_of(tokens[index + 2]) == "BULK" and tokens[index + 3].token_type in STRING_TOKENS):
            continue
        close = group_end(tokens, index + 1) - 1
        if close >= len(tokens):
            continue
        location = tokens[index + 3].text.replace("'", "''")  # (N'...' too: a string all the same)
        source = next((tokens[at + 2].text.replace("'", "''") for at in range(index + 4, close - 2)
                       if word_of(tokens[at]) == "DATA_SOURCE" and tokens[at + 1].token_type == TokenType.EQ
                       and tokens[at + 2].token_type in STRING_TOKENS), None)
        source = f", '{source}'" if source is not None else ""
        edits.append((tokens[index].start, tokens[close].end + 1, f"OPENROWSET('{location}'{source})"))
        after = close + 1
        if after + 1 < len(tokens) and word_of(tokens[after]) == "WITH" and tokens[after + 1].token_type == TokenType.L_PAREN:
            schema_end = group_end(tokens, after + 1) - 1
            columns = [text[tokens[at].start:tokens[at].end + 1] for at, level
                       in zip(range(after + 2, schema_end), depths(tokens, BRACKETS, after + 2))
                       if not level and tokens[at - 1].token_type in (TokenType.L_PAREN, TokenType.COMMA)]
            edits.append((tokens[after].start, tokens[schema_end].end + 1, ""))
            alias = schema_end + 1 + (schema_end + 1 < len(tokens) and word_of(tokens[schema_end + 1]) == "AS")
            if columns and alias < len(tokens) and tokens[alias].token_type in (TokenType.VAR, TokenType.IDENTIFIER):
                edits.append((tokens[alias].end + 1, tokens[alias].end + 1, f" ({', '.join(columns)})"))
    return edited(text, tokens, edits, dialect)


def insert_exec(text: str, tokens: list[Token], dialect: str) -> exp.Insert | None:
    """T-SQL's ``INSERT [INTO] t [(c, ...)] EXEC[UTE] procedure ...``, which sqlglot cannot read: the INSERT with the
    EXEC in its query's place (:func:`.dml.resolve_insert` writes the table from the procedure's rows); of dynamic SQL
    of a literal query (``EXEC ('SELECT ...')``, ``sp_executesql N'SELECT ...'``), with that query. None for another
    statement.

    >>> sql = "insert into dbo.t (a, b) exec dbo.p @x = 1"
    >>> tree = insert_exec(sql, tokens_of(sql, "tsql"), "tsql")
    >>> type(tree.expression).__name__, tree.this.sql("tsql")
    ('Execute', 'dbo.t (a, b)')
    """
    if not tokens or word_of(tokens[0]) != "INSERT":
        return None
    start = next((index for index, (token, depth) in enumerate(zip(tokens, depths(tokens)))
                  if not depth and word_of(token) in ("EXEC", "EXECUTE")), None)
    if start is None:
        return None
    dynamic = _DYNAMIC_TSQL.fullmatch(text[tokens[start].start:])
    try:
        insert = parse_sql(text[:tokens[start].start] + " SELECT 1", dialect)
        if dynamic is not None:  # EXEC ('query') / sp_executesql N'query': the rows are the query's
            body = dynamic["body"] if dynamic["body"] is not None else dynamic["stmt"]
            try:
                execute = parse_sql(body.replace("''", "'"), dialect)
            except (SqlglotError, UnsupportedStatement):
                execute = None
            if not isinstance(execute, exp.Query):  # (EXEC ('DBCC TRACESTATUS(-1)'): a command's rows, of no table)
                execute = exp.Execute(this=exp.Literal.string(body))
        else:
            execute = parse_sql(text[tokens[start].start:], dialect)
    except (SqlglotError, UnsupportedStatement):
        return None
    if not isinstance(insert, exp.Insert) or not isinstance(execute, (exp.Execute, exp.Query)):
        return None
    insert.set("expression", execute)
    return insert

