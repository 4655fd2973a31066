"""ClickHouse's statements that sqlglot cannot read, keeps opaque or reads apart, as the forms that do the same to the
data (the dialect ``clickhouse``, which the ``clickhouse`` query log's statements are resolved in).

:func:`forms_written_out` (called by :func:`.rewrites.readable`, before the parse) writes a mutation, ``ALTER TABLE t
UPDATE ... WHERE`` / ``ALTER TABLE t DELETE WHERE`` (several at once, ``DROP PARTITION``), as the ``UPDATE`` /
``DELETE`` it is (ClickHouse's "ALTER queries that are intended to manipulate table data"); ``EXCHANGE TABLES a AND
b`` as the swap it is, ``RENAME [TABLE | DATABASE | DICTIONARY] a TO b`` of one object as its ALTER ... RENAME, an
``ATTACH`` that defines a table as the CREATE it is, and leaves out what says where or how a statement runs, or when
it returns (``ON CLUSTER c``, ``SETTINGS``, a DROP's ``SYNC``, a materialized view's ``POPULATE``).
:func:`inserted_data` reads an ``INSERT`` whose rows follow its text in a format (``VALUES``, ``FORMAT
JSONEachRow``), as the query log keeps it: without the rows. :func:`tree_read` reads ``FROM t FINAL`` as ``FROM t``
(the rows merged as they are read: the same table and columns), a dictionary as a view of its source and a
Distributed table (and a Buffer table) as a view of the local tables it stands for.

>>> from .token_groups import tokens_of
>>> [forms_written_out(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0] for sql in (
...  "ALTER TABLE db.t ON CLUSTER c UPDATE a = a + 1, b = 0 IN PARTITION '2024' WHERE id = 1",
...  "alter table t delete where id = 1", "EXCHANGE TABLES a AND db.b", "DROP TABLE IF EXISTS t ON CLUSTER '{c}' SYNC")]
['UPDATE db.t SET a = a + 1, b = 0 WHERE id = 1', 'DELETE FROM t WHERE id = 1', 'ALTER TABLE a SWAP WITH db.b', 'DROP TABLE IF EXISTS t']
"""

from __future__ import annotations

import re

from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import SqlglotError
from sqlglot.tokens import Token, TokenType

from ..errors import StatementError
from .create_clauses import name_end
from .dialects import invisible_column
from .parsing import parse_sql
from .token_groups import STRING_TOKENS, depths, edited, group_end, word_of

#: The verbs whose statements :func:`forms_written_out` may write otherwise.
VERBS = frozenset({"ALTER", "EXCHANGE", "RENAME", "DROP", "CREATE", "DELETE", "UPDATE", "ATTACH", "GRANT", "REVOKE"})

#: ``EXCHANGE TABLES a AND b`` and ``RENAME [TABLE | DATABASE] a TO b`` (names with no white space; several pairs are
#: the command grammar's :class:`~.commands.RenameObjects`).
_EXCHANGE = re.compile(r"\s*+TABLES\s++([^\s,;]++)\s++AND\s++([^\s,;]++)\s*+;?\s*+", re.IGNORECASE)
_RENAME = re.compile(r"\s*+(?:(TABLE|DATABASE|DICTIONARY)\s++)?([^\s,;]++)\s++TO\s++([^\s,;]++)\s*+;?\s*+",
                     re.IGNORECASE)
#: What follows a DROP's name that says when it returns or whether it may come back, not what it drops.
_DROP_TAIL = frozenset({"SYNC", "PERMANENTLY"})


def forms_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The statement as a form sqlglot (or the command grammar) reads that does the same to the data, and its
    tokens; the statement itself when it is none of the forms above."""
    verb = word_of(tokens[0])
    if verb in ("EXCHANGE", "RENAME") and len(tokens) == 2:  # (the tokenizer keeps the rest as one string)
        rest = re.sub(_ON_CLUSTER, "", text[tokens[0].end + 1:])
        pair = (_EXCHANGE if verb == "EXCHANGE" else _RENAME).fullmatch(rest)
        if pair is None:
            return text, tokens
        if verb == "EXCHANGE":
            return edited(text, tokens, [(0, len(text), f"ALTER TABLE {pair.group(1)} SWAP WITH {pair.group(2)}")],
                          dialect)
        named = (pair.group(1) or "TABLE").upper()  # (RENAME a TO b: a table)
        kind = "VIEW" if named == "DICTIONARY" else named  # (a dictionary is read as a view: tree_read)
        return edited(text, tokens, [(0, len(text), f"ALTER {kind} {pair.group(2)} RENAME TO {pair.group(3)}")],
                      dialect)
    if verb == "ATTACH":  # ATTACH TABLE t (a UInt8, ...) ENGINE ...: the table defined, as CREATE defines it
        defined = _ATTACH_DEFINING.match(text, tokens[0].end + 1)
        return edited(text, tokens, [(tokens[0].start, tokens[0].end + 1, "CREATE")] if defined else [], dialect)
    level = depths(tokens)
    if verb == "CREATE":  # CREATE MATERIALIZED VIEW ... POPULATE AS SELECT: filled now, and kept up to date
        populate = next((i for i, token in enumerate(tokens) if level[i] == 0 and word_of(token) == "POPULATE"), None)
        return edited(text, tokens, [] if populate is None else [(tokens[populate].start, tokens[populate].end + 1, "")],
                      dialect)
    cluster = next((i for i in range(1, len(tokens) - 2) if level[i] == 0 and word_of(tokens[i]) == "ON"
                    and word_of(tokens[i + 1]) == "CLUSTER"), None)
    if cluster is not None:  # where the DDL runs: no object of its own
        text, tokens = edited(text, tokens, [(tokens[cluster].start, tokens[cluster + 2].end + 1, "")], dialect)
    if verb in ("GRANT", "REVOKE"):  # (GRANT ON CLUSTER c SELECT ON *.* TO r: a grant, as without it)
        return text, tokens
    if verb == "ALTER":
        return _mutation(text, tokens, dialect)
    if verb == "DROP" and len(tokens) < 2:
        return text, tokens  # (a DROP of nothing: not SQL, set aside as the parser finds it)
    if verb == "DROP" and word_of(tokens[1]) == "DICTIONARY":  # a dictionary is read as a view (tree_read)
        text, tokens = edited(text, tokens, [(tokens[1].start, tokens[1].end + 1, "VIEW")], dialect)
    if verb == "DROP" and word_of(tokens[1]) == "TEMPORARY":  # the session's temporary table: it drops no other
        text, tokens = edited(text, tokens, [(tokens[1].start, tokens[2].start, "")], dialect)
    if verb in ("DELETE", "UPDATE"):
        return _settings_left_out(text, tokens, dialect)
    tail = len(tokens)
    while tail > 3 and word_of(tokens[tail - 1]) in _DROP_TAIL or (
            tail > 4 and [word_of(t) for t in tokens[tail - 2:tail]] == ["NO", "DELAY"]):
        tail -= 1 if word_of(tokens[tail - 1]) in _DROP_TAIL else 2
    return edited(text, tokens, [(tokens[tail - 1].end + 1, len(text), "")] if tail < len(tokens) else [], dialect)


#: What follows ``ATTACH`` in one that defines its object (a column list or a query after the name), not in one that
#: brings back a detached object (``ATTACH TABLE t``).
_ATTACH_DEFINING = re.compile(r"\s++(?:(?:TABLE|DICTIONARY)\s++(?:IF\s++NOT\s++EXISTS\s++)?[^\s(]++\s*+"
                              r"(?:UUID\s*+'[^']*+'\s*+)?\("  # (an Atomic database's: ATTACH TABLE t UUID '...' (...))
                              r"|(?:MATERIALIZED\s++)?VIEW\s++(?:IF\s++NOT\s++EXISTS\s++)?[^\s(]++\s)", re.IGNORECASE)
#: ``ON CLUSTER c`` in the text of a command the tokenizer keeps as one string.
_ON_CLUSTER = re.compile(r"\s++ON\s++CLUSTER\s++(?:'[^']*+'|`[^`]*+`|\S++)", re.IGNORECASE)


def _mutation(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """``ALTER TABLE t UPDATE a = e [, ...] [IN PARTITION p] WHERE c`` as ``UPDATE t SET a = e WHERE c``, and ``ALTER
    TABLE t DELETE [IN PARTITION p] WHERE c`` as ``DELETE FROM t WHERE c`` (the rows changed in place: ClickHouse's
    mutations); several at once (``UPDATE a = 1 WHERE c, DELETE WHERE d``) as one UPDATE of every assignment where
    any of their conditions holds (the same columns written from the same sources, the same columns read); ``ALTER
    TABLE t {DROP | DETACH} {PARTITION | PART} p`` as ``DELETE FROM t`` (the partition's rows gone from the table);
    the statement itself for any other ALTER.

    >>> from .token_groups import tokens_of
    >>> sql = "ALTER TABLE t UPDATE a = 1, b = f(c, d) WHERE x > 0, DELETE IN PARTITION 2 WHERE y SETTINGS mutations_sync = 2"
    >>> _mutation(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'UPDATE t SET a = 1, b = f(c, d) WHERE (x > 0) OR (y)'
    """
    if len(tokens) < 5 or word_of(tokens[1]) != "TABLE":
        return text, tokens
    end = name_end(tokens, 2)
    name = text[tokens[2].start:tokens[end - 1].end + 1]
    action = word_of(tokens[end]) if end < len(tokens) else None
    if action in ("DROP", "DETACH") and end + 2 < len(tokens) and word_of(tokens[end + 1]) in ("PARTITION", "PART") \
            and not any(token.token_type == TokenType.COMMA for token in tokens[end:]):
        # the partition's rows leave the table (dropped, or detached to its detached/ folder)
        return edited(text, tokens, [(0, len(text), f"DELETE FROM {name}")], dialect)
    if action in ("REPLACE", "ATTACH", "MOVE") and end + 2 < len(tokens) \
            and word_of(tokens[end + 1]) in ("PARTITION", "PART") \
            and not any(token.token_type == TokenType.COMMA for token in tokens[end:]):
        return _partition_copied(text, tokens, end, name, action, dialect)
    if action in ("REPLACE", "ATTACH") and (first := _copies_of_one_source(tokens, end)) is not None:
        # dbt-clickhouse's insert_overwrite: REPLACE PARTITION a FROM s, REPLACE PARTITION b FROM s: s's rows copied
        return _partition_copied(text[:tokens[first].start], tokens[:first], end, name, action, dialect)
    commands = _mutations(text, tokens, end)
    if not commands:
        return text, tokens
    assignments = [assigned for assigned, _ in commands if assigned]
    conditions = [condition for _, condition in commands]
    where = conditions[0] if len(conditions) == 1 else " OR ".join(f"({condition})" for condition in conditions)
    head = f"UPDATE {name} SET {', '.join(assignments)}" if assignments else f"DELETE FROM {name}"
    return edited(text, tokens, [(0, len(text), f"{head} WHERE {where}")], dialect)


def _copies_of_one_source(tokens: list[Token], end: int) -> int | None:
    """Where the first clause ends (its comma) when several ``{REPLACE | ATTACH} PARTITION p FROM s`` from
    ``tokens[end]`` on, separated by commas, all copy from one table ``s``; else None. (A partition's own commas,
    ``PARTITION (2024, 'a')``, are inside its parentheses.)"""
    level, words = depths(tokens), [word_of(token) for token in tokens]
    starts = [end] + [i + 1 for i in range(end, len(tokens))
                      if level[i] == 0 and tokens[i].token_type == TokenType.COMMA]
    if len(starts) < 2:
        return None
    sources = set()
    for at, stop in zip(starts, [*starts[1:], len(tokens) + 1]):
        if at + 1 >= len(tokens) or words[at] not in ("REPLACE", "ATTACH") \
                or words[at + 1] not in ("PARTITION", "PART"):
            return None
        source = next((i for i in range(at + 2, stop - 2) if level[i] == 0 and words[i] == "FROM"), None)
        if source is None:
            return None
        sources.add(" ".join(token.text for token in tokens[source + 1:stop - 1]))
    return starts[1] - 1 if len(sources) == 1 else None


def _partition_copied(text: str, tokens: list[Token], end: int, name: str, action: str, dialect: str,
                      ) -> tuple[str, list[Token]]:
    """A partition's rows copied between tables of one structure, as the INSERT that does the same to the data:
    ``ALTER TABLE t {REPLACE | ATTACH} PARTITION p FROM s`` as ``INSERT INTO t SELECT * FROM s`` (the usual last step
    of a load: a partition built aside, swapped in), ``ALTER TABLE s MOVE PARTITION p TO TABLE t`` as ``INSERT INTO t
    SELECT * FROM s``, and ``ALTER TABLE t ATTACH PARTITION p`` (from its detached/ folder) as an INSERT of every column
    from no source, each marked :data:`COPIED` (no insert: it sets off no materialized view); the statement itself for
    another (a move to a disk or a volume).

    >>> from .token_groups import tokens_of
    >>> [_mutation(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0] for sql in (
    ...  "ALTER TABLE db.t REPLACE PARTITION '2024-01' FROM db.t_new", "ALTER TABLE s MOVE PARTITION 2 TO TABLE t")]
    ['INSERT INTO db.t SETTINGS ahp_partition_copy = 1 SELECT * FROM db.t_new', 'INSERT INTO t SETTINGS ahp_partition_copy = 1 SELECT * FROM s']
    """
    words = [word_of(token) for token in tokens]
    level = depths(tokens)
    if action == "MOVE":
        at = next((i for i in range(end + 2, len(tokens) - 2) if level[i] == 0 and words[i:i + 2] == ["TO", "TABLE"]),
                  None)
        if at is None:
            return text, tokens
        other = text[tokens[at + 2].start:tokens[name_end(tokens, at + 2) - 1].end + 1]
        return edited(text, tokens, [(0, len(text), f"INSERT INTO {other} {COPIED} SELECT * FROM {name}")], dialect)
    at = next((i for i in range(end + 2, len(tokens) - 1) if level[i] == 0 and words[i] == "FROM"), None)
    if at is None:
        if action != "ATTACH":
            return text, tokens
        return edited(text, tokens, [(0, len(text), f"INSERT INTO {name} {COPIED} DEFAULT VALUES")], dialect)
    source = text[tokens[at + 1].start:tokens[name_end(tokens, at + 1) - 1].end + 1]
    return edited(text, tokens, [(0, len(text), f"INSERT INTO {name} {COPIED} SELECT * FROM {source}")], dialect)


#: The mark of an INSERT that stands for a partition copied (:func:`_partition_copied`): no insert, so it sets off no
#: materialized view (:func:`copied_partition`).
COPIED = "SETTINGS ahp_partition_copy = 1"


def copied_partition(insert: exp.Insert) -> bool:
    """Whether ``insert`` stands for a partition copied between tables, which sets off no materialized view."""
    settings = insert.args.get("settings")
    return isinstance(settings, exp.Expression) and "ahp_partition_copy" in settings.sql().lower()


def _mutations(text: str, tokens: list[Token], at: int) -> list[tuple[str | None, str]]:
    """The mutations from ``tokens[at]`` on, each its assignments' text (None for a DELETE) and its condition's; none
    when something else is there (another ALTER action, a mutation without WHERE)."""
    level, count = depths(tokens), len(tokens)
    commands: list[tuple[str | None, str]] = []
    while at < count and word_of(tokens[at]) in ("UPDATE", "DELETE") and level[at] == 0:
        where = next((i for i in range(at + 1, count) if level[i] == 0 and word_of(tokens[i]) == "WHERE"), None)
        if where is None or where + 1 >= count:
            return []
        stop = next((i for i in range(at + 1, where) if level[i] == 0 and word_of(tokens[i]) == "IN"
                     and word_of(tokens[i + 1]) == "PARTITION"), where)
        if word_of(tokens[at]) == "UPDATE" and stop == at + 1:
            return []
        after = where + 1
        while after < count and not (level[after] == 0 and (word_of(tokens[after]) == "SETTINGS" or (
                tokens[after].token_type == TokenType.COMMA and after + 1 < count
                and word_of(tokens[after + 1]) in ("UPDATE", "DELETE")))):
            after += 1
        assigned = text[tokens[at + 1].start:tokens[stop - 1].end + 1] if word_of(tokens[at]) == "UPDATE" else None
        commands.append((assigned, text[tokens[where + 1].start:tokens[after - 1].end + 1]))
        if after < count and tokens[after].token_type == TokenType.COMMA:
            at = after + 1
            continue
        return commands if after == count or word_of(tokens[after]) == "SETTINGS" else []
    return []


def _settings_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A lightweight ``DELETE`` or ``UPDATE`` without its ``SETTINGS k = v, ...`` (how it runs, not what it changes;
    sqlglot reads none after a WHERE) and its ``IN PARTITION p`` (which rows it looks at: its WHERE says which it
    changes)."""
    level = depths(tokens)
    edits = []
    settings = next((i for i in range(1, len(tokens)) if level[i] == 0 and word_of(tokens[i]) == "SETTINGS"), None)
    if settings is not None:
        edits.append((tokens[settings - 1].end + 1, len(text), ""))
    partition = next((i for i in range(1, len(tokens) - 1) if level[i] == 0 and word_of(tokens[i]) == "IN"
                      and word_of(tokens[i + 1]) == "PARTITION"), None)
    where = next((i for i in range(1, len(tokens)) if level[i] == 0 and word_of(tokens[i]) == "WHERE"), None)
    if partition is not None and where is not None and partition < where:
        edits.append((tokens[partition].start, tokens[where].start, ""))
    return edited(text, tokens, edits, dialect)


#: The tokens after which ``in(`` cannot be the operator IN (which needs a value before it): it is the function.
_BEFORE_A_VALUE = frozenset({TokenType.L_PAREN, TokenType.COMMA, TokenType.WHERE, TokenType.PREWHERE, TokenType.AND,
                             TokenType.OR, TokenType.NOT, TokenType.SELECT, TokenType.HAVING, TokenType.ON,
                             TokenType.WHEN, TokenType.THEN, TokenType.ELSE, TokenType.EQ, TokenType.NEQ})
#: Whether a statement may call the function ``in``.
MAY_CALL_IN = re.compile(r"\bin\s*+\(", re.IGNORECASE)


def in_calls_named(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The function form of IN, ``in(x, set)`` (how Snuba's query builder writes every IN), which sqlglot reads as
    the operator and then cannot read, named as ``globalIn``, the same function of the same arguments (a distributed
    query's form of it) that sqlglot reads as a call.

    >>> from .token_groups import tokens_of
    >>> sql = "SELECT count() FROM t PREWHERE in((p AS _p), tuple(1)) WHERE a NOT IN(1, 2) AND NOT in(b, [3])"
    >>> in_calls_named(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'SELECT count() FROM t PREWHERE globalIn((p AS _p), tuple(1)) WHERE a NOT IN(1, 2) AND NOT globalIn(b, [3])'
    """
    edits = []
    for at, token in enumerate(tokens[:-1]):
        after = tokens[at + 1]
        if token.token_type != TokenType.IN or after.token_type != TokenType.L_PAREN or after.start != token.end + 1:
            continue
        before = at - 2 if at > 0 and tokens[at - 1].token_type == TokenType.NOT else at - 1  # (x NOT IN(...))
        if before >= 0 and tokens[before].token_type not in _BEFORE_A_VALUE:
            continue  # the operator, after a value
        edits.append((token.start, token.end + 1, "globalIn"))
    return edited(text, tokens, edits, dialect)


#: Where the table function ``dictionary(d)`` may be (:func:`dictionary_calls_named`).
MAY_CALL_DICTIONARY = re.compile(r"\bdictionary\s*+\(", re.IGNORECASE)
#: A dictionary's name as ``dictionary('db.d')`` spells it: names that need no quotes.
_PLAIN_NAME = re.compile(r"[A-Za-z_]\w*+(?:\.[A-Za-z_]\w*+)?")


def dictionary_calls_named(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The table function ``dictionary('db.d')`` (or ``dictionary(d)``), the dictionary's rows (docs, table
    functions: "Displays the dictionary data as a ClickHouse table", as ``SELECT * FROM d`` does), as the name of the
    dictionary, read as a view of its source (:func:`_dictionary_as_view`); sqlglot reads the call as a table named
    dictionary, and an alias after it not at all.

    >>> from .token_groups import tokens_of
    >>> sql = "SELECT * FROM dictionary('db.d') AS x JOIN dictionary(e) ON 1"
    >>> dictionary_calls_named(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'SELECT * FROM db.d AS x JOIN e ON 1'
    """
    edits = []
    for at, token in enumerate(tokens[1:-3], start=1):
        if word_of(token) != "DICTIONARY" or tokens[at + 1].token_type != TokenType.L_PAREN \
                or tokens[at + 3].token_type != TokenType.R_PAREN \
                or not (word_of(tokens[at - 1]) in ("FROM", "JOIN") or tokens[at - 1].token_type == TokenType.COMMA):
            continue
        name = tokens[at + 2]
        if name.token_type in (TokenType.STRING, TokenType.VAR) and _PLAIN_NAME.fullmatch(name.text):
            edits.append((token.start, tokens[at + 3].end + 1, name.text))
    return edited(text, tokens, edits, dialect)


#: What the text of a statement holds that is no name: strings, quoted names, heredocs (``$tag$ ... $tag$``) and
#: comments.
_OPAQUE = re.compile(r"'(?:[^'\\]|\\.|'')*+'|\"(?:[^\"\\]|\\.|\"\")*+\"|`(?:[^`\\]|\\.|``)*+`"
                     r"|--[^\n]*+|/\*.*?\*/|(?<![\w$])\$(\w*+)\$.*?\$\1\$", re.DOTALL)
#: A bare name holding a ``$`` (SigNoz's ``attribute_string_rpc$$method``): ClickHouse's names may.
_DOLLAR_NAME = re.compile(r"(?<![\w$])[A-Za-z_]\w*+\$[\w$]*+")


def dollar_names_quoted(text: str) -> str:
    """``text`` with every bare name that holds a ``$`` backquoted (ClickHouse's lexer takes ``$`` into a name, sqlglot's
    cannot tokenize it); strings, quoted names, heredocs and comments as they are.

    >>> dollar_names_quoted("SELECT attr$$method, b$c, '$x$' FROM t -- a$b")
    "SELECT `attr$$method`, `b$c`, '$x$' FROM t -- a$b"
    """
    pieces, last = [], 0
    for opaque in _OPAQUE.finditer(text):
        pieces += [_DOLLAR_NAME.sub(lambda name: f"`{name.group()}`", text[last:opaque.start()]), opaque.group()]
        last = opaque.end()
    pieces.append(_DOLLAR_NAME.sub(lambda name: f"`{name.group()}`", text[last:]))
    return "".join(pieces)


#: ``INSERT INTO [TABLE] t [(c, ...)] [SETTINGS k = v, ...] VALUES | FORMAT name ...``: where the rows start.
_ROWS = ("VALUES", "FORMAT")


#: A parametric aggregate's call, ``f(params)(args)`` (:func:`parametric_calls_read`), cheaply.
MAY_CALL_PARAMETRIC = re.compile(r"\w\([^()]*\)\(")


def parametric_calls_read(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A parametric aggregate function's call sqlglot does not know, ``f(p, ...)(a, ...)`` (``sparkbar(9)(d, v)``,
    ``groupArraySorted(2)(x + 1)``), as the call ``f(a, ..., p, ...)``, which reads the same columns. sqlglot reads
    only its own list's (``quantile(0.5)(x)``, ``sequenceCount(...)(...)``): another's ``(a, b)`` it took for aliases
    of ``f(p)``, reading no column, and ``(x + 1)`` it could not parse.

    >>> from .token_groups import tokens_of
    >>> sql = "SELECT sparkbar(9)(d, -v), quantile(0.5)(v), groupArraySortedIf(2)(v, v > 0) FROM t"
    >>> parametric_calls_read(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'SELECT sparkbar(d, -v, 9), quantile(0.5)(v), groupArraySortedIf(v, v > 0, 2) FROM t'
    """
    edits = []
    for at in range(len(tokens) - 3):
        name, opened = tokens[at], tokens[at + 1]
        if name.token_type not in (TokenType.VAR, TokenType.IDENTIFIER) or opened.token_type != TokenType.L_PAREN \
                or opened.start != name.end + 1 or _known_parametric(name.text):
            continue
        second = group_end(tokens, at + 1)
        if second >= len(tokens) or tokens[second].token_type != TokenType.L_PAREN \
                or tokens[second].start != tokens[second - 1].end + 1:
            continue
        end = group_end(tokens, second)
        parameters = text[opened.end + 1:tokens[second - 1].start].strip()
        arguments = text[tokens[second].end + 1:tokens[end - 1].start].strip()
        joined = f"{arguments}, {parameters}" if arguments and parameters else arguments or parameters
        edits.append((opened.start, tokens[end - 1].end + 1, f"({joined})"))
    edits = [edit for n, edit in enumerate(edits) if not n or edit[0] >= edits[n - 1][1]]  # (none inside another)
    return edited(text, tokens, edits, dialect)


def _known_parametric(name: str) -> bool:
    """Whether sqlglot reads ``name(p)(a)`` itself: one of its aggregates, with any of its combinators' suffixes."""
    parser = Dialect.get_or_raise("clickhouse").parser_class
    base = name
    while suffix := next((s for s in parser.AGG_FUNCTIONS_SUFFIXES if base.endswith(s) and base != s), None):
        base = base[:-len(suffix)]  # (groupArraySortedIf: groupArraySorted, then a suffix of that)
    return base in parser.AGG_FUNCTIONS


def spellings_read(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Forms of ClickHouse's that sqlglot cannot read, as the forms of the same meaning it reads: ``REPLACE TABLE t``
    (``CREATE OR REPLACE TABLE t``), a CTE named ``values`` (quoted), ``CLONE AS s`` (``CLONE s``: s's structure
    and all its partitions, its rows), the type ``DateTime32`` (``DateTime``, the same type), a table's TTL of
    several rules (which says when rows are deleted, no column read or written: left out), and ``LIMIT m`` after
    ``LIMIT n BY ...`` (docs, LIMIT BY: "A query can contain both", the BY applied first; how many rows the query
    returns reads no column: left out), a query's ``SETTINGS`` right after ``GROUP BY ... WITH TOTALS`` (``ROLLUP``,
    ``CUBE``), which say how it runs, no column it reads: left out, and ``ALTER TEMPORARY TABLE t`` (``ALTER TABLE t``:
    the session's temporary table is what its name finds).

    >>> from .token_groups import tokens_of
    >>> sql = "REPLACE TABLE t (a DateTime32) ENGINE = Log TTL a + 1 DELETE WHERE b, a + 2 SETTINGS s = 1"
    >>> spellings_read(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'CREATE OR REPLACE TABLE t (a DateTime) ENGINE = Log SETTINGS s = 1'
    >>> sql = "SELECT * FROM (SELECT a FROM t LIMIT 1 BY a LIMIT 5 OFFSET 1) UNION ALL SELECT 1"
    >>> spellings_read(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'SELECT * FROM (SELECT a FROM t LIMIT 1 BY a) UNION ALL SELECT 1'
    >>> sql = "INSERT INTO d SELECT x FROM t GROUP BY x WITH TOTALS SETTINGS extremes = 1, max_threads = 2 FORMAT JSON"
    >>> spellings_read(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'INSERT INTO d SELECT x FROM t GROUP BY x WITH TOTALS FORMAT JSON'
    >>> sql = "ALTER TEMPORARY TABLE t ADD COLUMN c String"
    >>> spellings_read(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'ALTER TABLE t ADD COLUMN c String'
    """
    level = depths(tokens)
    words = [word_of(token) for token in tokens]
    defining = words[0] in ("CREATE", "REPLACE", "ATTACH", "ALTER")
    edits = []
    if words[:2] == ["REPLACE", "TABLE"]:
        edits.append((tokens[0].start, tokens[0].end + 1, "CREATE OR REPLACE"))
    if words[:3] == ["ALTER", "TEMPORARY", "TABLE"]:  # (the session's temporary table, which its name finds)
        edits.append((tokens[1].start, tokens[2].start, ""))
    if any(word == "VALUES" and words[at + 1:at + 3] == ["AS", "("] and words[at - 1] in ("WITH", ",")
           for at, word in enumerate(words[1:-2], start=1)):  # WITH values AS (...): a CTE named values
        edits += [(tokens[at].start, tokens[at].end + 1, "`values`") for at, word in enumerate(words[1:], start=1)
                  if word == "VALUES" and (words[at - 1] in ("WITH", ",") and words[at + 1:at + 2] == ["AS"]
                                           or words[at - 1] in ("FROM", "JOIN") and words[at + 1:at + 2] != ["("])]
    for at, word in enumerate(words):
        if word == "DATETIME32" and defining and tokens[at].token_type == TokenType.VAR:
            edits.append((tokens[at].start, tokens[at].end + 1, "DateTime"))
        elif word == "CLONE" and defining and level[at] == 0 and words[at + 1:at + 2] == ["AS"]:
            edits.append((tokens[at + 1].start, tokens[at + 1].end + 1, ""))
        elif word == "TTL" and words[0] != "ALTER" and defining and level[at] == 0:  # (MODIFY TTL: the command's)
            end = _clause_end(tokens, words, level, at, _AFTER_TTL)
            if any(tokens[i].token_type == TokenType.COMMA and level[i] == 0 for i in range(at, end)):
                edits.append((tokens[at].start, tokens[end].start if end < len(tokens) else len(text), ""))
        elif word == "SETTINGS" and words[at - 2:at] in (["WITH", "TOTALS"], ["WITH", "ROLLUP"], ["WITH", "CUBE"]):
            end = _clause_end(tokens, words, level, at, _AFTER_SETTINGS)
            edits.append((tokens[at - 1].end + 1, tokens[end - 1].end + 1, ""))
        elif word == "LIMIT" and tokens[at].token_type == TokenType.LIMIT:
            end = _clause_end(tokens, words, level, at, _AFTER_LIMIT)
            if "BY" in words[at:end] and end < len(tokens) and words[end] == "LIMIT":
                stop = _clause_end(tokens, words, level, end, _AFTER_LIMIT)
                edits.append((tokens[end - 1].end + 1, tokens[stop - 1].end + 1, ""))
    return edited(text, tokens, edits, dialect)


def aliases_defined(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """``GROUP BY e AS a`` and a call's argument ``f(e AS a, ...)``, which sqlglot cannot read: an alias is the query's
    wherever it is defined (docs, SELECT, "Expression Aliases": an alias may be used before and after its definition,
    in any clause, "aliases can be defined for any part of a query"), so the alias is defined by the query's WITH,
    ``WITH e AS a SELECT ... GROUP BY a`` (read as :func:`_scalar_named` reads it). Not a cast's ``AS`` (its type),
    an alias inside another's expression, one of a lambda's body, nor one in a call of a grammar of its own
    (:data:`_NOT_DEFINED`).

    >>> from .token_groups import tokens_of
    >>> sql = "SELECT tag, count() FROM t GROUP BY arrayJoin(tags) AS tag, k WITH TOTALS"
    >>> aliases_defined(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'WITH arrayJoin(tags) AS tag SELECT tag, count() FROM t GROUP BY tag, k WITH TOTALS'
    >>> sql = "WITH x AS (SELECT 1) SELECT count() FROM x GROUP BY toDate(d) AS day"
    >>> aliases_defined(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'WITH toDate(d) AS day, x AS (SELECT 1) SELECT count() FROM x GROUP BY day'
    >>> sql = "SELECT round(a - b AS d, 2), d, CAST(c AS String) FROM (SELECT sum(p * q AS r) AS s, r FROM u)"
    >>> aliases_defined(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'WITH a - b AS d SELECT round(d, 2), d, CAST(c AS String) FROM (WITH p * q AS r SELECT sum(r) AS s, r FROM u)'
    >>> sql = ("SELECT * REPLACE (i + 1 AS i) APPLY(sum), replace(s, 'a', 'b'), f([1 AS x, x]), "
    ...        "trim(BOTH 'a' FROM s AS y)")
    >>> aliases_defined(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0] == sql
    True
    """
    found = _Definitions(text, tokens, depths(tokens))
    words = [word_of(t) for t in tokens]
    if not _group_by_defined(found, words) or not _arguments_defined(found):
        return text, tokens
    return edited(text, tokens, found.edits + found.placed(words), dialect)


class _Definitions:
    """The aliases a statement's GROUP BY items and calls' arguments define (:func:`aliases_defined`): the edits that
    leave each ``e AS name`` as ``name``, and the definitions (``e AS name``) by the SELECT of the query they are
    the query's."""

    def __init__(self, text: str, tokens: list[Token], level: list[int]) -> None:
        self.text, self.tokens, self.level = text, tokens, level
        self.edits: list[tuple[int, int, str]] = []
        self.defined: dict[int, list[str]] = {}

    def define(self, first: int, stop: int, at: int) -> bool:
        """Define the item from ``first`` to ``stop`` (after its name) in the query of the clause or call at ``at``,
        if it is ``e AS name``; False where no SELECT holds it."""
        tokens, level = self.tokens, self.level
        if stop - first <= 2 or tokens[stop - 2].token_type != TokenType.ALIAS or any(
                tokens[i].token_type in _NOT_DEFINED for i in range(first, stop - 2)):
            return True
        select = next((i for i in range(at - 1, -1, -1) if level[i] <= level[at]
                       and tokens[i].token_type == TokenType.SELECT), None)
        if select is None:
            return False
        name = self.text[tokens[stop - 1].start:tokens[stop - 1].end + 1]
        self.defined.setdefault(select, []).append(
            f"{self.text[tokens[first].start:tokens[stop - 3].end + 1]} AS {name}")
        self.edits.append((tokens[first].start, tokens[stop - 1].end + 1, name))
        return True

    def placed(self, words: list[str | None]) -> list[tuple[int, int, str]]:
        """The edits that put each query's definitions in its WITH (opened before its SELECT where it has none)."""
        tokens, level, edits = self.tokens, self.level, []
        for select, definitions in self.defined.items():
            with_ = next((i for i in range(select - 1, -1, -1) if level[i] == level[select]
                          and tokens[i].token_type == TokenType.WITH), None)
            stopped = any(level[i] < level[select] or words[i] in ("UNION", "EXCEPT", "INTERSECT")
                          for i in range(with_ if with_ is not None else select, select))
            if with_ is not None and not stopped:
                edits.append((tokens[with_ + 1].start, tokens[with_ + 1].start, ", ".join(definitions) + ", "))
            else:
                edits.append((tokens[select].start, tokens[select].start, "WITH " + ", ".join(definitions) + " "))
        return edits


def _group_by_defined(found: _Definitions, words: list[str | None]) -> bool:
    """Define the aliases of each GROUP BY's items (:meth:`_Definitions.define`); False where one cannot be."""
    tokens, level = found.tokens, found.level
    for at, token in enumerate(tokens):
        if token.token_type != TokenType.GROUP_BY:
            continue
        end, start = _clause_end(tokens, words, level, at, _AFTER_GROUP_BY), at + 1
        for i in range(at + 1, end + 1):
            if i == end or tokens[i].token_type == TokenType.COMMA and level[i] == level[at]:
                if not found.define(start, i, at):
                    return False
                start = i + 1
    return True


def _arguments_defined(found: _Definitions) -> bool:
    """Define the aliases of calls' arguments (:meth:`_Definitions.define`), in one pass: each bracket's opening,
    whether a query opens inside it, its items' starts; False where one cannot be."""
    tokens = found.tokens
    opened: list[int] = []
    queries: set[int] = set()
    starts: dict[int, int] = {}
    for at, token in enumerate(tokens):
        kind = token.token_type
        if kind in (TokenType.L_PAREN, TokenType.L_BRACKET, TokenType.L_BRACE):
            opened.append(at)
            starts[at] = at + 1
        elif kind in (TokenType.COMMA, TokenType.R_PAREN, TokenType.R_BRACKET, TokenType.R_BRACE) and opened:
            bracket = opened[-1]
            if bracket not in queries and tokens[bracket].token_type == TokenType.L_PAREN and bracket \
                    and _called(tokens, bracket - 1) and not found.define(starts[bracket], at, bracket):
                return False
            starts[bracket] = at + 1
            if kind != TokenType.COMMA:
                opened.pop()
        elif kind in (TokenType.SELECT, TokenType.WITH) and opened:
            queries.add(opened[-1])
    return True


#: What an item defining an alias holds where the alias is not defined from it: another alias, a lambda, a query,
#: or the words of a call's own grammar (``trim(LEADING 'a' FROM s AS x)``, ``position(a IN s)``), whose item is no
#: expression of its own.
_NOT_DEFINED = frozenset({TokenType.ALIAS, TokenType.ARROW, TokenType.FROM, TokenType.IN, TokenType.SELECT,
                          TokenType.FOR})
#: The calls whose ``AS`` is no alias: a cast's type follows it.
_CASTS = frozenset({"CAST", "TRY_CAST", "_CAST", "ACCURATECAST", "ACCURATECASTORNULL", "ACCURATECASTORDEFAULT"})

#: The calls the tokenizer takes for keywords.
_KEYWORD_CALLS = frozenset({TokenType.ANY, TokenType.ARRAY, TokenType.DATE, TokenType.LEFT, TokenType.RIGHT,
                            TokenType.MAP, TokenType.REPLACE, TokenType.STRUCT})


def _called(tokens: list[Token], at: int) -> bool:
    """Whether a bracket after the token at ``at`` holds a call's arguments whose ``AS`` may define an alias: after a
    function's name (a keyword's too: ``any``, ``tuple``, ``left``), not a cast's, nor a star's ``REPLACE [STRICT]``
    (whose ``AS`` names the column it replaces)."""
    token, word = tokens[at], word_of(tokens[at])
    before = tokens[at - 1] if at else None
    if word == "STRICT" and before is not None and before.token_type in (TokenType.REPLACE, TokenType.EXCEPT):
        return False
    if token.token_type == TokenType.REPLACE and before is not None and before.token_type in (
            TokenType.STAR, TokenType.R_PAREN, TokenType.VAR):
        return False  # (* REPLACE (...), after another transformer's brackets or name: replace(s, ...) is a call)
    return (token.token_type in (TokenType.VAR, TokenType.IDENTIFIER) or token.token_type in _KEYWORD_CALLS) \
        and word not in _CASTS


def column_transformers_read(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """ClickHouse's column transformers sqlglot cannot read (docs, SELECT: "COLUMNS expression", "Column modifiers"):
    ``APPLY(x -> f(x, ...))``, a lambda over each column, as ``APPLY(f)`` (each column still computed from itself, the
    lambda's constants reading none), and ``COLUMNS('re') EXCEPT (a, b)`` as one pattern, the columns ``re`` finds
    but a and b (a lookahead: the pattern is only ever searched here, with Python's ``re``).

    >>> from .token_groups import tokens_of
    >>> sql = "SELECT COLUMNS('_amount') EXCEPT(tolls_amount) APPLY(x -> round(x, 2)) FROM t"
    >>> column_transformers_read(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    "SELECT COLUMNS('^(?!(?:tolls_amount)$).*?(?:_amount)') APPLY(round) FROM t"

    And the spellings sqlglot cannot read of the same transformers: ``APPLY f`` (``APPLY(f)``), ``EXCEPT STRICT``
    and ``REPLACE STRICT`` (STRICT makes a name no column has an error: what is read is the same) and an ``EXCEPT``
    after an ``APPLY`` (before it: the columns it leaves out are read by no transformer after it either).

    >>> sql = "SELECT a.* APPLY toDate EXCEPT STRICT (i, j) APPLY(any), * REPLACE STRICT i + 1 AS i FROM t a"
    >>> column_transformers_read(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'SELECT a.* EXCEPT (i, j) APPLY (toDate) APPLY(any), * REPLACE i + 1 AS i FROM t a'
    """
    edits = []
    for at, token in enumerate(tokens):
        if token.token_type == TokenType.STAR:
            edits += _transformers_spelled(text, tokens, at + 1)
    for at, token in enumerate(tokens[:-2]):
        end = group_end(tokens, at + 1)
        if token.token_type == TokenType.APPLY and any(t.token_type == TokenType.ARROW for t in tokens[at + 2:end]):
            arrow = next(i for i in range(at + 2, end) if tokens[i].token_type == TokenType.ARROW)
            called = tokens[arrow + 1] if arrow + 2 < end and tokens[arrow + 2].token_type == TokenType.L_PAREN \
                else None
            edits.append((tokens[at + 1].start, tokens[end - 1].end + 1, f"({called.text if called else 'identity'})"))
        elif word_of(token) == "COLUMNS" and end == at + 4 and tokens[at + 2].token_type == TokenType.STRING \
                and end < len(tokens) and tokens[end].token_type == TokenType.EXCEPT:
            names_end = group_end(tokens, end + 1) if tokens[end + 1].token_type == TokenType.L_PAREN else end + 2
            names = [t.text for t in tokens[end + 1:names_end]
                     if t.token_type in (TokenType.VAR, TokenType.IDENTIFIER)]
            if not names:
                continue
            pattern = f"^(?!(?:{'|'.join(map(re.escape, names))})$).*?(?:{tokens[at + 2].text})"
            edits.append((tokens[at + 2].start, tokens[names_end - 1].end + 1,
                          "'" + pattern.replace("\\", "\\\\").replace("'", "\\'") + "')"))
    return edited(text, tokens, edits, dialect)


def _transformers_spelled(text: str, tokens: list[Token], at: int) -> list[tuple[int, int, str]]:
    """The edits of :func:`column_transformers_read`'s spellings, of the transformers after a star from ``at``."""
    edits, first_apply = [], None
    while at < len(tokens) - 1:
        kind, strict = tokens[at].token_type, word_of(tokens[at + 1]) == "STRICT"
        if kind == TokenType.APPLY:
            first_apply = at if first_apply is None else first_apply
            if tokens[at + 1].token_type == TokenType.L_PAREN:
                at = group_end(tokens, at + 1)
                continue
            edits.append((tokens[at + 1].start, tokens[at + 1].end + 1, f"({tokens[at + 1].text})"))
            at += 2
            continue
        if kind not in (TokenType.EXCEPT, TokenType.REPLACE):
            break
        listed = at + 1 + strict
        if listed >= len(tokens):
            break
        if tokens[listed].token_type == TokenType.L_PAREN:
            end = group_end(tokens, listed)
        elif kind == TokenType.EXCEPT:
            end = listed + 1
        else:  # REPLACE expr AS name, unbracketed
            alias = next((i for i in range(listed, len(tokens)) if tokens[i].token_type == TokenType.ALIAS), None)
            if alias is None:
                break
            end = alias + 2
        if kind == TokenType.EXCEPT and first_apply is not None:  # moved before the first APPLY, without STRICT
            edits += [(tokens[first_apply].start, tokens[first_apply].start,
                       f"EXCEPT {text[tokens[listed].start:tokens[end - 1].end + 1]} "),
                      (tokens[at - 1].end + 1, tokens[end - 1].end + 1, "")]
        elif strict:
            edits.append((tokens[at].end + 1, tokens[at + 1].end + 1, ""))
        at = end
    return edits


#: Where :func:`calls_spelled` may have a call to write otherwise.
MAY_SPELL_CALLS = re.compile(r"\b(?:database|arrayMin|arrayMax|arrayCompact)\s*+\(", re.IGNORECASE)
#: The array functions whose lambda form, ``f(x -> e, arr)``, sqlglot reads with one argument only.
_LAMBDA_AGGREGATES = frozenset({"ARRAYMIN", "ARRAYMAX", "ARRAYCOMPACT"})


def calls_spelled(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """ClickHouse's calls sqlglot cannot read, as calls it reads of the same columns: ``database()``, MySQL's name of
    ``currentDatabase()`` (the session's database), and the lambda form of ``arrayMin``, ``arrayMax`` and
    ``arrayCompact`` (``arrayMax(x -> e, arr)``: the greatest of the lambda's values over the array) as the call of
    the values ``arrayMap`` gives (``arrayMax(arrayMap(x -> e, arr))``).

    >>> from .token_groups import tokens_of
    >>> sql = "SELECT arrayMax(x -> x.2, pairs), arrayMin(arrayMap(x -> x, a)) FROM merge(database(), '^t')"
    >>> calls_spelled(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    "SELECT arrayMax(arrayMap(x -> x.2, pairs)), arrayMin(arrayMap(x -> x, a)) FROM merge(currentDatabase(), '^t')"
    """
    edits = []
    for at, token in enumerate(tokens[:-2]):
        if tokens[at + 1].token_type != TokenType.L_PAREN or at and tokens[at - 1].token_type == TokenType.DOT:
            continue
        word = word_of(token)
        if word == "DATABASE" and tokens[at + 2].token_type == TokenType.R_PAREN:
            edits.append((token.start, token.end + 1, "currentDatabase"))
        elif word in _LAMBDA_AGGREGATES and _opens_with_lambda(tokens, at + 2):
            end = group_end(tokens, at + 1) - 1
            edits += [(tokens[at + 1].end + 1, tokens[at + 1].end + 1, "arrayMap("),
                      (tokens[end].start, tokens[end].start, ")")]
    return edited(text, tokens, edits, dialect)


def _opens_with_lambda(tokens: list[Token], at: int) -> bool:
    """Whether the argument at ``at`` is a lambda: ``x -> ...`` or ``(x, y) -> ...``."""
    parameters = group_end(tokens, at) if tokens[at].token_type == TokenType.L_PAREN else at + 1
    return parameters < len(tokens) and tokens[parameters].token_type == TokenType.ARROW


#: ClickHouse's types sqlglot cannot read (in its spelling: ClickHouse's type names are case-sensitive), each with a
#: type of the same kind it reads and what becomes of its arguments: None (it takes none), "kept" (``Time64(3)``:
#: ``DateTime64(3)``) or "dropped" (``QBit(BFloat16, 16)``: ``Array(Float32)``). A column's type decides no access; a
#: table whose CREATE is set aside for one is unknown to every later read.
_NEW_TYPES = {"BFloat16": ("Float32", None), "Time64": ("DateTime64", "kept"), "QBit": ("Array(Float32)", "dropped"),
              "Object": ("JSON", "dropped")}
#: Where :func:`new_types_written_out` may have a type to write otherwise (in any case: a quick look first).
MAY_HAVE_NEW_TYPES = re.compile(r"\b(?:BFloat16|Time64|QBit\s*+\(|Object\s*+\(\s*+')|\bstatistics\s*+\(",
                                re.IGNORECASE)
#: What a type stands after: a cast's ``::`` or ``AS``, a column's name, a type's bracket or comma (``Array(T)``,
#: ``Map(K, V)``).
_BEFORE_A_TYPE = frozenset({TokenType.DCOLON, TokenType.ALIAS, TokenType.VAR, TokenType.IDENTIFIER, TokenType.L_PAREN,
                            TokenType.COMMA})


def new_types_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """ClickHouse's newer types sqlglot cannot read (``BFloat16``, ``Time64(p)``, ``QBit(T, n)``, ``Object('json')``)
    as types of their kind it reads, and a column's ``STATISTICS(...)`` (which statistics the optimizer keeps of it)
    left out: a CREATE of a table of such columns had been set aside, and the table was unknown to every later read.

    >>> from .token_groups import tokens_of
    >>> sql = "CREATE TABLE t (a BFloat16, v QBit(BFloat16, 16), t Time64(3) STATISTICS(tdigest), j Object('json'))"
    >>> new_types_written_out(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'CREATE TABLE t (a Float32, v Array(Float32), t DateTime64(3), j JSON)'
    >>> sql = "SELECT (65535::BFloat16)::Int16, BFloat16.x FROM BFloat16"
    >>> new_types_written_out(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'SELECT (65535::Float32)::Int16, BFloat16.x FROM BFloat16'
    """
    edits, after = [], 1  # (the tokens of a type written out whole are not looked at again)
    for at in range(1, len(tokens)):
        if at < after:
            continue
        token, before = tokens[at], tokens[at - 1]
        following = tokens[at + 1] if at + 1 < len(tokens) else None
        bracket = following is not None and following.token_type == TokenType.L_PAREN
        if token.text in _NEW_TYPES and before.token_type in _BEFORE_A_TYPE and not (
                following is not None and following.token_type == TokenType.DOT):
            written, arguments = _NEW_TYPES[token.text]
            if bracket != (arguments is not None):
                continue  # (a name, not the type: BFloat16 takes no arguments, the others must have theirs)
            after = group_end(tokens, at + 1) if arguments == "dropped" else at + 1
            edits.append((token.start, tokens[after - 1].end + 1, written))
        elif word_of(token) == "STATISTICS" and bracket and before.token_type not in (
                TokenType.ALTER, TokenType.DROP, TokenType.ALIAS) and word_of(before) not in (
                "ADD", "MODIFY", "MATERIALIZE", "CLEAR", "EXISTS"):
            edits.append((before.end + 1, tokens[group_end(tokens, at + 1) - 1].end + 1, ""))
    return edited(text, tokens, edits, dialect)


#: Where a FROM item may be an EXPLAIN (:func:`explains_as_rows`).
MAY_EXPLAIN_ROWS = re.compile(r"\(\s*+explain\b", re.IGNORECASE)
#: A UNION that may be bare (:func:`bare_unions_distinct`).
MAY_UNION_BARE = re.compile(r"\bunion\b(?!\s++(?:all|distinct)\b)", re.IGNORECASE)


def bare_unions_distinct(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A bare ``UNION`` (neither ALL nor DISTINCT), which ClickHouse runs as its ``union_default_mode`` setting says
    and sqlglot will not read, as ``UNION DISTINCT``: the rows either reads are the same.

    >>> from .token_groups import tokens_of
    >>> sql = "SELECT a FROM t UNION SELECT a FROM u UNION ALL SELECT 1"
    >>> bare_unions_distinct(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'SELECT a FROM t UNION DISTINCT SELECT a FROM u UNION ALL SELECT 1'
    """
    edits = [(token.end + 1, token.end + 1, " DISTINCT") for at, token in enumerate(tokens[:-1])
             if token.token_type == TokenType.UNION and word_of(tokens[at + 1]) not in ("ALL", "DISTINCT")]
    return edited(text, tokens, edits, dialect)


def explains_as_rows(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """``FROM (EXPLAIN ...)``, which sqlglot cannot read, as the table function ClickHouse runs it as
    (``viewExplain('EXPLAIN', ...)``, its ``explain`` column) without the query explained: EXPLAIN plans that query
    and reads none of its rows (an EXPLAIN statement has no record), so the FROM item reads no table
    (:func:`tree_read` leaves a written-out ``viewExplain``'s query out too).

    >>> from .token_groups import tokens_of
    >>> sql = "SELECT explain FROM (EXPLAIN indexes = 1 SELECT a FROM t WHERE (b = 1)) WHERE explain LIKE '%Key%'"
    >>> explains_as_rows(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    "SELECT explain FROM viewExplain('EXPLAIN', '') WHERE explain LIKE '%Key%'"
    """
    edits = []
    for at, token in enumerate(tokens[:-1]):
        if token.token_type == TokenType.L_PAREN and word_of(tokens[at + 1]) == "EXPLAIN" and at \
                and tokens[at - 1].token_type in (TokenType.FROM, TokenType.JOIN):
            end = group_end(tokens, at)
            edits.append((token.start, tokens[end - 1].end + 1, "viewExplain('EXPLAIN', '')"))
    return edited(text, tokens, edits, dialect)


#: Where a GROUP BY clause ends: the next clause of its query.
_AFTER_GROUP_BY = frozenset({"HAVING", "ORDER BY", "LIMIT", "WINDOW", "QUALIFY", "SETTINGS", "UNION", "EXCEPT",
                             "INTERSECT", "WITH", "FORMAT", "INTO"})
#: Where a table's TTL clause ends: the next clause of the CREATE.
_AFTER_TTL = frozenset({"SETTINGS", "COMMENT", "AS", "EMPTY", "ORDER BY", "PARTITION BY", "PRIMARY KEY", "SAMPLE"})
#: Where a LIMIT clause ends: another LIMIT, or what may follow a query.
_AFTER_LIMIT = frozenset({"LIMIT", "UNION", "EXCEPT", "INTERSECT", "SETTINGS", "FORMAT", "INTO"})
#: Where a query's SETTINGS clause ends.
_AFTER_SETTINGS = frozenset({"UNION", "EXCEPT", "INTERSECT", "FORMAT", "INTO"})


def _clause_end(tokens: list[Token], words: list[str | None], level: list[int], at: int, after: frozenset) -> int:
    """Where the clause starting at ``at`` ends: the first token after it at its level that is one of ``after``,
    or that closes the brackets it is in, or the end."""
    return next((i for i in range(at + 1, len(tokens)) if level[i] < level[at]
                 or level[i] == level[at] and words[i] in after and tokens[i].token_type not in STRING_TOKENS),
                len(tokens))


def infile_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """``INSERT INTO t [(columns)] FROM INFILE 'f' [COMPRESSION 'c'] FORMAT CSV``: rows the client reads from its own
    file and sends, as it sends a VALUES list's (docs, INSERT INTO: "Inserting Data from a File"), so the write of
    the listed columns from no source, as ``DEFAULT VALUES`` (sqlglot reads a table named INFILE); the statement
    itself when it is another.

    >>> from .token_groups import tokens_of
    >>> sql = "INSERT INTO db.t (a, b) FROM INFILE 'input.csv.gz' COMPRESSION 'gzip' FORMAT CSV"
    >>> infile_left_out(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'INSERT INTO db.t (a, b) DEFAULT VALUES'
    """
    level = depths(tokens)
    at = next((i for i in range(1, len(tokens) - 1) if level[i] == 0 and word_of(tokens[i]) == "FROM"
               and word_of(tokens[i + 1]) == "INFILE"), None)
    if word_of(tokens[0]) != "INSERT" or at is None:
        return text, tokens
    return edited(text, tokens, [(tokens[at].start, len(text), "DEFAULT VALUES")], dialect)


def inserted_data(text: str, tokens: list[Token], dialect: str) -> exp.Insert | None:
    """An ``INSERT`` of rows written after its text in a format (``VALUES (1, 'a')``, ``FORMAT CSV`` and its data),
    read as the write of the listed columns (every column without a list) from no source, as ``DEFAULT VALUES``;
    the query log keeps the text up to the rows ("INSERT INTO t VALUES ", the rows sent apart), which sqlglot cannot
    read. None for another statement (an ``INSERT ... SELECT``, a ``VALUES`` sqlglot reads).

    >>> from .token_groups import tokens_of
    >>> sql = "INSERT INTO db.t (a, b) SETTINGS async_insert = 1 FORMAT JSONEachRow {\\"a\\": 1}"
    >>> inserted_data(sql, tokens_of(sql, "clickhouse"), "clickhouse").sql("clickhouse")
    'INSERT INTO db.t (a, b) DEFAULT VALUES'
    """
    words = [word_of(token) for token in tokens[:4]]
    if words[:2] != ["INSERT", "INTO"] or len(tokens) < 4:
        return None
    start = 3 if words[2] == "TABLE" else 2
    if word_of(tokens[start]) == "FUNCTION":
        return None
    end = name_end(tokens, start)
    level = depths(tokens)
    rows = next((i for i in range(end, len(tokens)) if level[i] == 0 and word_of(tokens[i]) in _ROWS
                 and tokens[i].token_type not in STRING_TOKENS), None)
    if rows is None or any(word_of(tokens[i]) in ("SELECT", "WITH") for i in range(end, rows) if level[i] == 0):
        return None
    listed = end < len(tokens) and tokens[end].token_type == TokenType.L_PAREN
    head = text[tokens[0].start:tokens[end - 1].end + 1]
    if listed:  # (the column list)
        head += " " + text[tokens[end].start:tokens[group_end(tokens, end) - 1].end + 1]
    try:
        tree = parse_sql(f"{head} DEFAULT VALUES", dialect)
    except SqlglotError:
        return None
    return tree if isinstance(tree, exp.Insert) else None


def tree_read(tree: exp.Expression | None) -> exp.Expression | None:
    """``FROM t FINAL`` as ``FROM t``: FINAL merges the rows of a table's parts as they are read (the same table,
    the same columns), and sqlglot wraps the table in it. ``viewExplain(..., (query))`` without its query, which
    EXPLAIN plans and does not run (:func:`explains_as_rows`). ``WITH <expression> AS name`` as the expression wherever
    the name is used (:func:`_scalar_named`); ``ARRAY JOIN a AS x, b AS y`` as the lateral derived table of x and y
    (:func:`_array_join_named`). ``CREATE DICTIONARY`` as the view it is read as
    (:func:`_dictionary_as_view`)."""
    if tree is None:
        return None
    for call in list(tree.find_all(exp.Anonymous)):
        if isinstance(call.this, str) and call.this.lower() == "viewexplain":  # (the query it explains: not run)
            call.set("expressions", [a for a in call.expressions if not isinstance(a, (exp.Subquery, exp.Query))])
    for final in list(tree.find_all(exp.Final)):
        final.replace(final.this)
    for scalar in [cte for cte in tree.find_all(exp.CTE) if cte.args.get("scalar")]:
        _scalar_named(scalar)
    for join in [j for j in tree.find_all(exp.Join) if (j.args.get("kind") or "").upper() == "ARRAY"]:
        _array_join_named(join)
    _remote_tables_named(tree)
    if isinstance(tree, exp.Create) and (tree.args.get("kind") or "").upper() == "DICTIONARY":
        return _dictionary_as_view(tree) or tree
    if isinstance(tree, exp.Create) and (tree.args.get("kind") or "").upper() == "TABLE":
        return _distributed_as_view(tree) or _merge_as_view(tree) or _buffer_as_view(tree) or tree
    return tree


def _scalar_named(cte: exp.CTE) -> None:
    """``WITH <expression> AS name``: the name stands for the expression everywhere in the query (ClickHouse's docs,
    WITH: "WITH <expression> AS <identifier>", ``WITH sum(bytes) AS s SELECT ... ORDER BY s``), and an alias of the
    select list is found before a column (``prefer_column_name_to_alias = 0``), so each use of the name is the
    expression, a select list's named after it; the WITH item goes. A column of the name is never read through it."""
    with_ = cte.parent
    name = cte.alias_or_name
    query = with_.parent if with_ is not None else None
    if query is None:
        return
    for column in [c for c in query.find_all(exp.Column) if not c.table and isinstance(c.this, exp.Identifier)
                   and c.this.this == name and c.find_ancestor(exp.CTE) is not cte]:
        value = cte.this.copy()
        in_list = isinstance(column.parent, exp.Select) and column.arg_key == "expressions"
        column.replace(exp.alias_(value, exp.to_identifier(name)) if in_list else value)
    cte.pop()
    if not with_.expressions:
        with_.pop()


def _array_join_named(join: exp.Join) -> None:
    """``[LEFT] ARRAY JOIN a AS x, b AS y``: x is an element of the array a, y of b (docs, ARRAY JOIN: "Multiple
    arrays can be comma-separated in the ARRAY JOIN clause", joined element by element), as the columns of a lateral
    derived table, ``JOIN LATERAL (SELECT a AS x, b AS y)``, which sqlglot's one FROM item of the first array (its
    alias a name of every column it does not know) is not. An array joined unaliased keeps its name and stays."""
    items = [join.this, *join.expressions]
    named = [item for item in items if isinstance(item, exp.Alias)]
    if not named or join.this is None:
        return
    lateral = exp.Lateral(this=exp.select(*(item.copy() for item in named)).subquery())
    join.set("expressions", [])
    join.set("this", lateral)
    for item in items:
        if not isinstance(item, exp.Alias):
            join.parent.append("joins", exp.Join(this=item.copy(), kind="ARRAY", side=join.args.get("side")))


#: The table functions that generate rows, by the columns they give (docs, table functions: numbers, zeros,
#: generate_series), lower case: a ``*`` over them gives these, no column of any table.
GENERATED_COLUMNS = {"numbers": ("number",), "numbers_mt": ("number",), "zeros": ("zero",), "zeros_mt": ("zero",),
                     "generate_series": ("generate_series",), "generateseries": ("generate_series",)}


#: The table functions that read (and, after ``INSERT INTO FUNCTION``, write) a table of the cluster's servers, named by
#: their arguments after the first (the servers or the cluster): ``remote('host', db.t)``, ``cluster('c', db, t)``.
REMOTE_TABLES = frozenset({"remote", "remotesecure", "cluster", "clusterallreplicas"})


def _remote_tables_named(tree: exp.Expression) -> None:
    """Each call of :data:`REMOTE_TABLES` in a FROM, or written by ``INSERT INTO FUNCTION``, as the table it names:
    the same table on the cluster's servers (a query of ``remote``, ``cluster``, ``clusterAllReplicas`` reads it).

    >>> tree = parse_sql("INSERT INTO FUNCTION cluster('c', db, t) SELECT a FROM remote('h:9000', 'db.u', 'user') AS r",
    ...                  "clickhouse")
    >>> _remote_tables_named(tree); tree.sql("clickhouse")
    'INSERT INTO db.t SELECT a FROM db.u AS r'
    """
    for table in list(tree.find_all(exp.Table)):
        named = _remote_table(table.this)
        if named is not None:
            if table.args.get("alias") is not None:
                named.set("alias", table.args["alias"].copy())
            table.replace(named)
    if isinstance(tree, exp.Insert) and tree.args.get("is_function"):
        written = tree.this.this if isinstance(tree.this, exp.Schema) else tree.this
        named = _remote_table(written)
        if named is not None:
            written.replace(named) if isinstance(tree.this, exp.Schema) else tree.set("this", named)
            tree.set("is_function", False)


def _remote_table(call: exp.Expression | None) -> exp.Table | None:
    """The table a :data:`REMOTE_TABLES` call names: ``db.t`` or ``'db.t'`` after the servers (the user and password
    may follow), else ``db, t`` (names or strings); None for another call, or one that names no table (a named
    collection's)."""
    if not isinstance(call, exp.Anonymous) or call.name.lower() not in REMOTE_TABLES or len(call.expressions) < 2:
        return None
    first, rest = call.expressions[1], call.expressions[2:]
    if isinstance(first, exp.Column) and first.table and not first.args.get("db"):
        return exp.Table(this=first.this.copy(), db=first.args["table"].copy())
    name = _named(first)
    if name is None:
        return None
    if "." in name:  # ('db.t', 'user', ...)
        database, _, table = name.partition(".")
        return exp.Table(this=exp.to_identifier(table), db=exp.to_identifier(database))
    table = _named(rest[0]) if rest else None
    if table is None:  # (a table of the session's database)
        return exp.Table(this=first.this.copy() if isinstance(first, exp.Column) else exp.to_identifier(name))
    return exp.Table(this=exp.to_identifier(table), db=exp.to_identifier(name))


def _source_table(table: exp.Expression | None, database: exp.Expression | None) -> exp.Table | None:
    """A dictionary's source table, ``TABLE 't'`` (``'db.t'``) and ``DB 'db'``; None when it names none (an empty
    name, a query source)."""
    if not _setting(table).strip():
        return None
    try:
        found = exp.to_table(_setting(table), dialect="clickhouse")
    except SqlglotError:
        return None
    if _setting(database) and not found.args.get("db"):
        found.set("db", exp.to_identifier(_setting(database)))
    return found


def _setting(value: exp.Expression | None) -> str:
    """A dictionary source's setting as written: a string, a bare word (``TABLE t``) or a double-quoted one (``QUERY
    "select ..."``, dbt-clickhouse's dictionaries), which sqlglot reads as a word; empty for another value."""
    return value.name if isinstance(value, exp.Var) or isinstance(value, exp.Literal) and value.is_string else ""


def _distributed_as_view(create: exp.Create) -> exp.Create | None:
    """A Distributed table (``ENGINE = Distributed(cluster, db, local_t[, key])``: it stores nothing, a read of it
    reads every shard's ``db.local_t`` and an insert into it writes them) as a view of ``db.local_t``, its columns
    listed (``CREATE TABLE d (a ...) ENGINE = Distributed(...)``) or the local table's (``CREATE TABLE d AS local_t
    ENGINE = ...``). None for another table, or a local table not named by a name or a string.

    >>> tree_read(parse_sql("CREATE TABLE d AS t ENGINE = Distributed('c', 'db', 't_local', rand())", "clickhouse")
    ...           ).sql("clickhouse")
    'CREATE VIEW d AS SELECT * FROM db.t_local'
    """
    engine = create.find(exp.EngineProperty)
    call = engine.this if engine is not None else None
    if not isinstance(call, exp.Anonymous) or call.name.lower() != "distributed" or len(call.expressions) < 3:
        return None
    database, table = (_named(argument) for argument in call.expressions[1:3])
    if table is None:
        return None
    local = exp.Table(this=exp.to_identifier(table), db=exp.to_identifier(database) if database else None)
    return _view_of(create, local)


def _buffer_as_view(create: exp.Create) -> exp.Create | None:
    """A Buffer table (``ENGINE = Buffer(db, t, ...)``: it "buffers the data to write in RAM, periodically flushing it
    to another table", and a read of it reads "from the buffer and the other table simultaneously") as a view of
    ``db.t``, as a Distributed table is: an insert into it writes t, a read of it reads t. None for another table.

    >>> tree_read(parse_sql("CREATE TABLE b AS t ENGINE = Buffer(default, t, 1, 5, 30, 1000, 1e6, 1e6, 1e7)",
    ...                     "clickhouse")).sql("clickhouse")
    'CREATE VIEW b AS SELECT * FROM default.t'
    """
    engine = create.find(exp.EngineProperty)
    call = engine.this if engine is not None else None
    if not isinstance(call, exp.Anonymous) or call.name.lower() != "buffer" or len(call.expressions) < 2:
        return None
    database, table = (_named(argument) for argument in call.expressions[:2])
    if table is None:
        return None
    return _view_of(create, exp.Table(this=exp.to_identifier(table),
                                      db=exp.to_identifier(database) if database else None))


def _view_of(create: exp.Create, source: exp.Table) -> exp.Create:
    """The view a table that stores nothing is read as: ``CREATE VIEW t [(a, ...)] AS SELECT a, ... | * FROM source``,
    its columns listed (an invisible one's definition kept: the view's column is invisible as the table's is), or,
    written ``AS t``, marked :data:`EVERY_COLUMN`."""
    schema = create.this
    listed = [d for d in schema.expressions if isinstance(d, exp.ColumnDef)] if isinstance(schema, exp.Schema) else []
    select = exp.select(*([exp.column(d.this.copy()) for d in listed] or [exp.Star()])).from_(source)
    view = exp.Schema(this=schema.this.copy(), expressions=[d.copy() if invisible_column(d, "clickhouse")
                                                            else d.this.copy() for d in listed]) if listed else \
        (schema.this if isinstance(schema, exp.Schema) else schema).copy()
    created = exp.Create(this=view, kind="VIEW", expression=select, exists=create.args.get("exists"),
                         replace=create.args.get("replace"))
    like = create.expression
    if not listed and type(like) is exp.Table and isinstance(like.this, exp.Identifier):
        created.meta[EVERY_COLUMN] = like.copy()
    created.meta[STORES_NOTHING] = True
    return created


#: The mark of the view a table that stores nothing is read as: its CREATE reads no row.
STORES_NOTHING = "stores_nothing"


#: The mark of a Distributed or Merge table's view written ``AS t``, the table whose structure it copies: its ``*``
#: stands for every column of ``t``, the invisible ones too (an ``ALIAS`` column of it reads the one of its tables).
EVERY_COLUMN = "every_column"


def _merge_as_view(create: exp.Create) -> exp.Create | None:
    """A Merge table (``ENGINE = Merge(db, 'regexp')``: it stores nothing, a read of it reads the tables of ``db``
    whose names the expression finds then) as a view of ``merge(db, 'regexp')``, its columns listed or ``*``. None for
    another table.

    >>> tree_read(parse_sql("CREATE TABLE m (a UInt8) ENGINE = Merge(db, '^t_')", "clickhouse")).sql("clickhouse")
    "CREATE VIEW m (a) AS SELECT a FROM merge(db, '^t_')"
    """
    engine = create.find(exp.EngineProperty)
    call = engine.this if engine is not None else None
    if not isinstance(call, exp.Anonymous) or call.name.lower() != "merge" or len(call.expressions) != 2:
        return None
    merged = exp.Anonymous(this="merge", expressions=[argument.copy() for argument in call.expressions])
    return _view_of(create, exp.Table(this=merged))


def _named(argument: exp.Expression) -> str | None:
    """A Distributed engine's database or table argument: a string or a bare name (None for a call, such as
    ``currentDatabase()``: the session's)."""
    if isinstance(argument, exp.Literal) and argument.is_string and argument.name:
        return argument.name
    if isinstance(argument, exp.Column) and isinstance(argument.this, exp.Identifier) and not argument.table:
        return argument.name
    return None


def _dictionary_as_view(create: exp.Create) -> exp.Create | None:
    """A dictionary (its rows loaded from a source and kept in memory, read by ``dictGet`` and ``SELECT``) as a view
    of its source: ``SOURCE(CLICKHOUSE(TABLE 't' [DB 'db']))`` as ``SELECT <attributes> FROM db.t`` (a dictionary's
    attributes are its source's columns of those names), ``SOURCE(CLICKHOUSE(QUERY '...'))`` as a select of that
    query's rows; another source (a MySQL or PostgreSQL server, a file, a URL) is outside the account: a view that reads
    nothing. None when the statement lists no attributes.

    >>> tree = tree_read(parse_sql("CREATE DICTIONARY d (id UInt64, name String) PRIMARY KEY id SOURCE(CLICKHOUSE("
    ...                            "TABLE 'src' DB 'db')) LIFETIME(300) LAYOUT(HASHED())", "clickhouse"))
    >>> tree.sql("clickhouse")
    'CREATE VIEW d (id, name) AS SELECT id, name FROM db.src'
    """
    schema = create.this
    names = [d.this for d in schema.expressions if isinstance(d, exp.ColumnDef) and isinstance(d.this, exp.Identifier)
             ] if isinstance(schema, exp.Schema) else []
    if not names:
        return None
    source = next((p for p in create.find_all(exp.DictProperty) if p.name.upper() == "SOURCE"), None)
    settings = {s.this.name.upper(): s.args.get("value") for s in source.args.get("settings") or []} if source else {}
    local = source is not None and str(source.args.get("kind") or "").upper() == "CLICKHOUSE"
    table, query = settings.get("TABLE"), settings.get("QUERY")
    columns = [exp.column(name.copy()) for name in names]
    source_table = _source_table(table, settings.get("DB") or settings.get("DATABASE")) if local else None
    if source_table is not None:
        select = exp.select(*columns).from_(source_table)
    elif local and _setting(query):
        try:
            inner = parse_sql(_setting(query), "clickhouse", "the dictionary's source query")
        except SqlglotError:
            return None
        if not isinstance(inner, exp.Query):
            return None
        select = exp.select(*columns).from_(inner.subquery("source"))
    else:
        select = exp.select(*(exp.alias_(exp.Null(), name.copy()) for name in names))
    view = exp.Schema(this=schema.this.copy(), expressions=[name.copy() for name in names])
    return exp.Create(this=view, kind="VIEW", expression=select, exists=create.args.get("exists"),
                      replace=create.args.get("replace"))


def target_rows(create: exp.Create) -> exp.Select | None:
    """The rows of a materialized view that writes into a table of its own (``CREATE MATERIALIZED VIEW mv TO t AS
    SELECT a, f(b) AS c FROM src``): a select of its columns from ``t``, which a read of the view reads (its query runs
    on each insert into ``src`` and writes ``t``); None for another CREATE.

    >>> target_rows(parse_sql("CREATE MATERIALIZED VIEW mv TO db.t AS SELECT a, f(b) AS c FROM src", "clickhouse")
    ...             ).sql("clickhouse")
    'SELECT a, c FROM db.t'
    """
    target = create.find(exp.ToTableProperty)
    query = create.expression
    if target is None or not isinstance(target.this, exp.Table) or not isinstance(query, exp.Query) \
            or not query.named_selects:
        return None
    return exp.select(*(exp.column(exp.to_identifier(name)) if name != "*" else exp.Star()
                        for name in query.named_selects)).from_(target.this.copy())



def described(create_table_query: str) -> tuple[str, str | None, frozenset[str]] | None:
    """What an object's CREATE as ``system.tables`` keeps it (``create_table_query``) makes of it in a catalog snapshot:
    (its domain, its definition, its invisible columns' names), None when it is no table, view or dictionary.

    - a table: ``Table``, no definition, its ``ALIAS``, ``MATERIALIZED`` and ``EPHEMERAL`` columns (left out of ``*``);
    - a Distributed table and a dictionary: the views they are read as (:func:`tree_read`);
    - a view: its query; a materialized view: its query, its whole CREATE when it writes a table of its own (``TO t``)
      or is refreshable, as a view the log creates is kept (:func:`.ddl._view_definition`).

    >>> described("CREATE TABLE db.d (`id` UInt64, `a` String ALIAS upper(b), `b` String) "
    ...           "ENGINE = Distributed('c', 'db', 't')")
    ('View', 'SELECT "id", "a", "b" FROM db.t', frozenset({'a'}))
    >>> described("CREATE MATERIALIZED VIEW db.mv TO db.agg (`id` UInt64) AS SELECT id FROM db.t")[:2]
    ('Materialized view', 'CREATE MATERIALIZED VIEW db.mv TO db.agg ("id" UInt64) AS SELECT id FROM db.t')
    """
    try:
        tree = parse_sql(create_table_query, "clickhouse", "the object's CREATE")
    except (SqlglotError, StatementError):
        return None
    if not isinstance(tree, exp.Create):
        return None
    schema = tree.this
    invisible = frozenset(d.name for d in (schema.expressions if isinstance(schema, exp.Schema) else ())
                          if isinstance(d, exp.ColumnDef) and invisible_column(d, "clickhouse"))
    tree = tree_read(tree)
    kind = (tree.args.get("kind") or "").upper()
    if kind == "TABLE":
        return "Table", None, invisible
    query = tree.expression
    if kind != "VIEW" or not isinstance(query, exp.Query):
        return None
    properties = tree.args.get("properties")
    materialized = properties is not None and any(isinstance(p, exp.MaterializedProperty)
                                                  for p in properties.expressions)
    whole = tree.find(exp.ToTableProperty) is not None or tree.find(exp.AutoRefreshProperty) is not None
    return ("Materialized view" if materialized else "View",
            tree.sql(dialect="clickhouse") if whole else query.sql(dialect="clickhouse"), invisible)
