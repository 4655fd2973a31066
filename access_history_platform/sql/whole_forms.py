"""The readers of whole statements: forms sqlglot cannot read (or reads wrongly), each read by building the tree
itself, usually from the statement written without the clause sqlglot stumbles on.

:func:`.statements.parse_statement` calls them after sqlglot fails (:func:`other_form` tries each of
:data:`_OTHER_FORMS` in turn, by dialect; a CREATE DATABASE from a share is :func:`database_head`) or where sqlglot
reads the statement as something else (a COPY from a table's stage, BigQuery's ASSERT, Databricks' COPY ... BY
POSITION, a COPY naming a file format). A form sqlglot cannot read but that can be written as one it reads is a
rewrite instead (:mod:`.rewrites`, before the parse); a form the record needs the platform's own grammar for is a
command (:mod:`.commands`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from sqlglot import exp
from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import SqlglotError
from sqlglot.tokens import Token, TokenType

from ..errors import UnsupportedStatement
from . import clickhouse, tsql
from .create_clauses import name_end
from .dialects import SPARK_FAMILY
from .fingerprint import COMMENT
from .parsing import first_line, parse_sql
from .token_groups import STRING_TOKENS, depths, group_end, word_of


def copy_from_table_stage(text: str, tokens: list[Token] | None, dialect: str) -> exp.Copy | None:
    """``COPY INTO t [options]`` without FROM loads the files of the table's own stage (Snowflake: "when copying
    data from files in a table stage, the FROM clause can be omitted"): read as ``COPY INTO t FROM @%t``."""
    if not tokens or [word_of(t) for t in tokens[:2]] != ["COPY", "INTO"] or len(tokens) < 3:
        return None
    if any(word_of(t) == "FROM" for t in tokens):
        return None
    end = 3  # after the table's name: its parts joined by dots
    while end + 1 < len(tokens) and tokens[end].token_type == TokenType.DOT:
        end += 2
    namespace = text[tokens[2].start:tokens[end - 3].end + 2] if end > 3 else ""  # "db.sch." of @db.sch.%t
    stage = f"@{namespace}%{text[tokens[end - 1].start:tokens[end - 1].end + 1]}"
    try:
        tree = parse_sql(f"{text[:tokens[end - 1].end + 1]} FROM {stage}{text[tokens[end - 1].end + 1:]}", dialect)
    except SqlglotError:
        return None
    return tree if isinstance(tree, exp.Copy) else None


def assertion(text: str, tokens: list[Token], dialect: str) -> exp.Expression:
    """BigQuery's ``ASSERT <expression> [AS '<description>']``: it reads what a SELECT of the expression reads.

    >>> assertion("assert (select count(*) from d.t) > 0 as 'not empty'", None, "bigquery").sql("bigquery")
    'SELECT ((SELECT count(*) FROM d.t) > 0)'
    """
    tokens = tokens if tokens is not None else Dialect.get_or_raise(dialect).tokenize(text)
    end = len(tokens)
    if end > 3 and word_of(tokens[-2]) == "AS" and tokens[-1].token_type in STRING_TOKENS:
        end -= 2
    if end < 2:
        raise UnsupportedStatement("cannot parse: ASSERT needs an expression")
    try:
        return parse_sql(f"SELECT ({text[tokens[1].start : tokens[end - 1].end + 1]})", dialect, "ASSERT's expression")
    except SqlglotError as err:
        raise UnsupportedStatement(f"cannot parse: {first_line(err)}") from None


def _read_edited(text: str, tokens: list[Token], edits: list[tuple[int, int, str]], dialect: str,
                 kind: type[exp.Expression]) -> exp.Expression | None:
    """``text`` with each range of tokens ``[first, stop)`` of ``edits`` replaced by its text (in order, apart),
    read again: the tree when it is a ``kind``, else None (also when it does not parse). The text-read forms'
    one way back to sqlglot.

    >>> sql = "merge with schema evolution into t using s on true when matched then update set *"
    >>> tokens = Dialect.get_or_raise("databricks").tokenize(sql)
    >>> _read_edited(sql, tokens, [(1, 4, "")], "databricks", exp.Merge).sql("databricks")
    'MERGE INTO t USING s ON TRUE WHEN MATCHED THEN UPDATE SET *'
    """
    pieces, last = [], 0
    for first, stop, replacement in edits:
        pieces += [text[last:tokens[first].start], replacement]
        last = tokens[stop - 1].end + 1
    try:
        tree = parse_sql("".join([*pieces, text[last:]]), dialect)
    except SqlglotError:
        return None
    return tree if isinstance(tree, kind) else None


def copy_with_format_name(text: str, tokens: list[Token] | None, dialect: str) -> exp.Copy | None:
    """A COPY naming its file format in a shorthand sqlglot cannot read, ``FILE_FORMAT = db.sch.name``, read as
    the documented ``FILE_FORMAT = (FORMAT_NAME = db.sch.name)``; None when it names none that way.

    >>> copy_with_format_name("copy into t from @s file_format = d.s.csv", None, "snowflake").sql("snowflake")
    'COPY INTO t FROM @s file_format = (FORMAT_NAME=d.s.csv)'
    """
    tokens = tokens if tokens is not None else Dialect.get_or_raise(dialect).tokenize(text)
    if [word_of(t) for t in tokens[:2]] != ["COPY", "INTO"]:
        return None
    edits = []
    for i in range(len(tokens) - 3):
        named = word_of(tokens[i]) == "FILE_FORMAT" and tokens[i + 1].token_type == TokenType.EQ
        if named and tokens[i + 3].token_type == TokenType.DOT:
            stop = name_end(tokens, i + 2)  # after the name's last part: parts joined by dots
            edits.append((i + 2, stop, f"(FORMAT_NAME = {text[tokens[i + 2].start:tokens[stop - 1].end + 1]})"))
    return _read_edited(text, tokens, edits, dialect, exp.Copy) if edits else None


def _directory_using(text: str, tokens: list[Token], dialect: str) -> exp.Insert | None:
    """Spark's and Databricks' ``INSERT OVERWRITE [LOCAL] DIRECTORY ['path'] USING format [OPTIONS (...)] query``,
    which sqlglot reads only in Hive's form (``STORED AS``): the query written to the path (or to the ``path``
    option). None when the statement is not one, or holds no query.

    >>> sql = "insert overwrite directory using parquet options ('path' '/o', x 1) select a from t"
    >>> _directory_using(sql, Dialect.get_or_raise("databricks").tokenize(sql), "databricks").sql("databricks")
    "INSERT OVERWRITE DIRECTORY '/o' SELECT a FROM t"
    """
    if len(tokens) < 5:
        return None
    words = [word_of(t) for t in tokens[:4]]
    local = words[2] == "LOCAL"
    if words[:2] != ["INSERT", "OVERWRITE"] or words[2 + local] != "DIRECTORY":
        return None
    at = 3 + local
    path = tokens[at].text if at < len(tokens) and tokens[at].token_type == TokenType.STRING else None
    at += path is not None
    if at + 1 >= len(tokens) or word_of(tokens[at]) != "USING":
        return None
    at += 2  # USING format
    if at < len(tokens) and word_of(tokens[at]) == "OPTIONS" and at + 1 < len(tokens) \
            and tokens[at + 1].token_type == TokenType.L_PAREN:
        end = group_end(tokens, at + 1)
        for index, depth in zip(range(at + 2, end), depths(tokens, start=at + 2)):
            key = tokens[index].text.casefold() if tokens[index].token_type in (TokenType.STRING, TokenType.VAR) else None
            if depth == 0 and key == "path" and index + 1 < end and tokens[index + 1].token_type == TokenType.STRING:
                path = path or tokens[index + 1].text
        at = end
    if path is None:
        raise UnsupportedStatement("INSERT OVERWRITE DIRECTORY names no path (neither after DIRECTORY nor in OPTIONS)")
    if at >= len(tokens):
        return None
    try:
        query = parse_sql(text[tokens[at].start:], dialect)
    except SqlglotError:
        return None
    return exp.Insert(this=exp.Directory(this=exp.Literal.string(path), local=local), expression=query,
                      overwrite=True)


#: The clauses of Delta Live Tables' ``APPLY CHANGES INTO`` (``AUTO CDC INTO``), by their first words.
_CHANGE_FEED_CLAUSES = (("FROM",), ("KEYS",), ("IGNORE", "NULL", "UPDATES"), ("APPLY", "AS", "DELETE", "WHEN"),
                        ("APPLY", "AS", "TRUNCATE", "WHEN"), ("SEQUENCE", "BY"), ("COLUMNS",), ("STORED", "AS"),
                        ("TRACK", "HISTORY", "ON"))


def _change_feed(text: str, tokens: list[Token], dialect: str) -> exp.Insert | None:
    """Delta Live Tables' ``[CREATE FLOW f AS] APPLY CHANGES INTO t FROM s KEYS (k) ... SEQUENCE BY c [COLUMNS
    list]`` (``AUTO CDC INTO`` in its newer name): t's columns of the same names take s's (all of them, or the
    COLUMNS list), as ``INSERT INTO t BY NAME SELECT list FROM s`` writes them; the keys, the sequence column and
    the delete and truncate conditions are read, as a WHERE's columns are. None when the statement is not one.

    >>> sql = "apply changes into live.t from stream(s) keys (id) apply as delete when op = 'D' sequence by ts"
    >>> _change_feed(sql + " columns * except (op)", Dialect.get_or_raise("databricks").tokenize(
    ...     sql + " columns * except (op)"), "databricks").sql("databricks")  # doctest: +NORMALIZE_WHITESPACE
    "INSERT INTO live.t BY NAME SELECT * EXCEPT (op) FROM STREAM (s)
     WHERE NOT ((id)) IS NULL AND NOT (op = 'D') IS NULL AND NOT (ts) IS NULL"
    """
    words = [word_of(t) for t in tokens]
    start = _flow_head(words) or 0
    if words[start:start + 3] not in (["APPLY", "CHANGES", "INTO"], ["AUTO", "CDC", "INTO"]):
        return None
    heads: list[tuple[tuple[str | None, ...], int, int]] = []  # (clause, first token, first token after its words)
    for i, depth in zip(range(start + 3, len(tokens)), depths(tokens, start=start + 3)):
        if depth == 0:
            head = next((h for h in _CHANGE_FEED_CLAUSES if tuple(words[i:i + len(h)]) == h), None)
            if head is not None and (not heads or i >= heads[-1][2] and head != ("FROM",)):  # IS DISTINCT FROM
                heads.append((head, i, i + len(head)))
    bounds = [(h, s, heads[n + 1][1] if n + 1 < len(heads) else len(tokens)) for n, (h, _, s) in enumerate(heads)]
    clauses = {h: text[tokens[s].start:tokens[e - 1].end + 1].strip() for h, s, e in bounds if e > s}
    if not heads or heads[0][0] != ("FROM",) or ("FROM",) not in clauses:
        return None
    target = text[tokens[start + 3].start:tokens[heads[0][1] - 1].end + 1]
    columns = clauses.get(("COLUMNS",), "*")
    stored = clauses.get(("STORED", "AS"), "")
    if ("SEQUENCE", "BY") in clauses and re.sub(r"\s+", " ", stored).upper().startswith("SCD TYPE 2"):
        # SCD type 2: each row's validity, __START_AT and __END_AT, takes "the values of the SEQUENCE BY column"
        sequence = clauses[("SEQUENCE", "BY")]
        columns += f", ({sequence}) AS __START_AT, ({sequence}) AS __END_AT"
    read = [clauses[h] for h in _CHANGE_FEED_CLAUSES if h[0] in ("KEYS", "APPLY", "SEQUENCE") and h in clauses]
    where = " AND ".join(f"({value}) IS NOT NULL" for value in read)
    try:
        return parse_sql(f"INSERT INTO {target} BY NAME SELECT {columns} FROM {clauses[('FROM',)]}"
                         + (f" WHERE {where}" if where else ""), dialect)
    except SqlglotError:
        return None


def _oracle_table_forms(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """Oracle's table statements sqlglot cannot read: ``TRUNCATE TABLE t`` with its storage options (``REUSE
    STORAGE``, ``DROP ALL STORAGE``, ``PRESERVE MATERIALIZED VIEW LOG``, ``CASCADE``) is the TRUNCATE it is;
    ``FLASHBACK TABLE t TO TIMESTAMP | SCN | RESTORE POINT ...`` rewinds t's rows, written as by a DELETE of all of
    them (Delta's RESTORE likewise); ``LOCK TABLE t IN mode MODE [NOWAIT | WAIT n]`` takes a lock (no data). None
    for another statement.

    >>> [_oracle_table_forms(sql, Dialect.get_or_raise("oracle").tokenize(sql), "oracle").sql("oracle") for sql in (
    ...     "truncate table hr.t reuse storage", "flashback table t to timestamp systimestamp - 1")]
    ['TRUNCATE TABLE hr.t', 'DELETE FROM t']
    """
    words = [word_of(t) for t in tokens]
    if words[:1] == ["LOCK"]:
        return exp.Command(this="LOCK", expression=exp.Literal.string(text[tokens[0].end + 1:].strip()))
    verb = words[:2]
    if verb not in (["TRUNCATE", "TABLE"], ["FLASHBACK", "TABLE"]) or len(tokens) < 3:
        return None
    end = name_end(tokens, 2)
    if verb[0] == "FLASHBACK" and words[end:end + 2] != ["TO", "TIMESTAMP"] and words[end:end + 2] != ["TO", "SCN"] \
            and words[end:end + 3] != ["TO", "RESTORE", "POINT"]:
        return None  # (TO BEFORE DROP: an UNDROP, rewrites._flashback_before_drop)
    try:
        table = exp.to_table(text[tokens[2].start:tokens[end - 1].end + 1], dialect=dialect)
    except (SqlglotError, ValueError):
        return None
    return exp.TruncateTable(expressions=[table]) if verb[0] == "TRUNCATE" else exp.Delete(this=table)


def _oracle_clauses(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """Oracle's clauses sqlglot cannot read, read without what changes no object or column: a DML's error logging
    (``LOG ERRORS [INTO t] [(tag)] [REJECT LIMIT n | UNLIMITED]``: rows that fail go to t, Oracle's own error
    table), a type constructor's ``NEW`` (``NEW food_ot(...)`` is ``food_ot(...)``), a column's ``DEFAULT ON NULL``
    (a default), a table's attribute ``CLUSTERING [... JOIN ...] BY LINEAR | INTERLEAVED ORDER (...)`` (how rows are
    stored), ``TRANSLATE(x USING CHAR_CS | NCHAR_CS)`` (x in another character set: ``TO_CHAR(x)``), the SQL/XML
    and JSON functions' clauses (:func:`_document_clauses`), and ``APPROX_RANK(PARTITION BY a ORDER BY b)`` (the
    rank it estimates). None for a statement without them.

    >>> sql = ("insert into b (id, f) select id, new food_ot(n, 'x') from e log errors into err$_b ('l') reject limit "
    ...        "10")
    >>> _oracle_clauses(sql, Dialect.get_or_raise("oracle").tokenize(sql), "oracle").sql("oracle")
    "INSERT INTO b (id, f) SELECT id, FOOD_OT(n, 'x') FROM e"
    >>> sql = ("create table s (id number default on null 0, n varchar2(9)) clustering s join l on (s.k = l.k) "
    ...        "by interleaved order ((l.a, l.b)) yes on load with materialized zonemap")
    >>> _oracle_clauses(sql, Dialect.get_or_raise("oracle").tokenize(sql), "oracle").sql("oracle")
    'CREATE TABLE s (id NUMBER DEFAULT 0, n VARCHAR2(9))'
    >>> sql = "select translate(p.name using nchar_cs) as n from p"
    >>> _oracle_clauses(sql, Dialect.get_or_raise("oracle").tokenize(sql), "oracle").sql("oracle")
    'SELECT TO_CHAR(p.name) AS n FROM p'
    """
    words = [word_of(t) for t in tokens]
    levels = depths(tokens)
    edits: list[tuple[int, int, str]] = []
    for i, word in enumerate(words):
        if word == "LOG" and words[i + 1:i + 2] == ["ERRORS"] and levels[i] == 0 and words[0] in _ERROR_LOGGING:
            edits.append((i, len(tokens), ""))  # (the statement's last clause)
            break
        if word == "NEW" and i + 2 < len(tokens) and tokens[i + 1].token_type in (TokenType.VAR, TokenType.IDENTIFIER) \
                and tokens[i + 2].token_type in (TokenType.L_PAREN, TokenType.DOT) and words[i - 1] != ":":
            edits.append((i, i + 1, ""))
        elif word == "DEFAULT" and words[i + 1:i + 3] == ["ON", "NULL"]:
            edits.append((i + 1, i + 3, ""))
        elif word == "CLUSTERING" and levels[i] == 0 and words[0] == "CREATE":
            order = next((j for j in range(i, len(tokens) - 1) if words[j] == "ORDER" and levels[j] == 0
                          and tokens[j + 1].token_type == TokenType.L_PAREN), None)
            if order is None:
                return None
            end = group_end(tokens, order + 1)
            while end < len(tokens) and levels[end] == 0 and words[end] in _CLUSTERING_OPTIONS:
                end = group_end(tokens, end + 1) if tokens[end + 1:end + 2] and \
                    tokens[end + 1].token_type == TokenType.L_PAREN and words[end] == "ZONEMAP" else end + 1
            edits.append((i, end, ""))
        elif word == "TRANSLATE" and i + 1 < len(tokens) and tokens[i + 1].token_type == TokenType.L_PAREN:
            close = group_end(tokens, i + 1) - 1
            if words[close - 2:close] in (["USING", "CHAR_CS"], ["USING", "NCHAR_CS"]):
                edits += [(i, i + 1, "TO_CHAR"), (close - 2, close, "")]
        elif word in _ORACLE_DOCUMENT_CALLS and i + 1 < len(tokens) and tokens[i + 1].token_type == TokenType.L_PAREN:
            edits += _document_clauses(tokens, words, levels, i)
        elif word == "MODEL" and levels[i] == 0 and words[i + 1:i + 2] and words[i + 1] in _MODEL_STARTS:
            model = _model_clause(text, tokens, words, levels, i)
            if model is None:
                return None
            edits.append(model)
        elif word == "PARTITION BY" and words[i + 1:i + 2] == ["("] and i > 1 and _outer_join_near(tokens, words, i):
            edits += _partitioned_join(text, tokens, words, levels, i)
        elif word == "APPROX_RANK" and words[i + 1:i + 2] == ["("] and words[i + 2:i + 3] in (["PARTITION BY"],
                                                                                            ["ORDER BY"]):
            edits.append((i, i + 1, "RANK() OVER"))  # APPROX_RANK(PARTITION BY a ORDER BY b): the rank it estimates
    return _read_edited(text, tokens, sorted(edits), dialect, exp.Expression) if edits else None


#: The words that may open a MODEL clause's body.
_MODEL_STARTS = frozenset({"PARTITION BY", "DIMENSION", "RETURN", "IGNORE", "KEEP", "UNIQUE", "MAIN"})


def _model_clause(text: str, tokens: list[Token], words: list[str | None], levels: list[int], at: int
                  ) -> tuple[int, int, str] | None:
    """The edit that writes a top-level query's Oracle ``MODEL [PARTITION BY (p ...)] DIMENSION BY (d ...) MEASURES
    (m ...) ... RULES (...)`` as the query it computes from: ``FROM (SELECT p ..., d ..., m ... FROM <its FROM, WHERE,
    GROUP BY>)``, so that the select list's partitions, dimensions and measures (by their aliases) are the columns
    they are computed from. A rule computes a measure's cells from other cells: its lineage is the measures' own.
    None for a model of reference models (``REFERENCE r ON (...)``), or one not read so."""
    source = next((j for j in range(at - 1, 0, -1) if words[j] == "FROM" and levels[j] == 0), None)
    rules = next((j for j in range(at + 1, len(tokens)) if words[j] == "RULES" and levels[j] == 0), None)
    if source is None or rules is None or "REFERENCE" in words[at:rules]:
        return None
    items = []
    for j in range(at + 1, rules):
        if levels[j] == 0 and (words[j] in ("PARTITION BY", "MEASURES") or words[j - 1:j + 1] == ["DIMENSION", "BY"]):
            if words[j + 1:j + 2] != ["("]:
                return None
            items.append(text[tokens[j + 2].start:tokens[group_end(tokens, j + 1) - 2].end + 1])
    body = next((j for j in range(rules + 1, len(tokens)) if tokens[j].token_type == TokenType.L_PAREN
                 and levels[j] == 0 and words[j - 1] != "ITERATE"), None)
    if body is None or len(items) < 2:
        return None
    end = group_end(tokens, body)
    query = text[tokens[source + 1].start:tokens[at - 1].end + 1]
    return source + 1, end, f"(SELECT {', '.join(items)} FROM {query})"


#: The words of an outer join a partitioned outer join's ``PARTITION BY (...)`` stands next to.
_OUTER_JOINS = frozenset({"LEFT", "RIGHT", "FULL", "OUTER", "JOIN"})


def _outer_join_near(tokens: list[Token], words: list[str | None], at: int) -> bool:
    """Whether the ``PARTITION BY`` at ``at`` is a partitioned outer join's (``t PARTITION BY (c) RIGHT OUTER JOIN
    u``, ``t LEFT OUTER JOIN u PARTITION BY (c) ON ...``): after a table, next to a join's words; not a window's or a
    pattern's (inside brackets), nor a MODEL's."""
    close = group_end(tokens, at + 1)
    after = words[close] if close < len(words) else None
    return words[at - 1] not in ("(", "MODEL", "ROWS") and (
        not _OUTER_JOINS.isdisjoint(words[max(0, at - 4):at]) or after in _OUTER_JOINS | {"ON"})


def _partitioned_join(text: str, tokens: list[Token], words: list[str | None], levels: list[int], at: int
                      ) -> list[tuple[int, int, str]]:
    """The edits that write Oracle's partitioned outer join (``inventory i PARTITION BY (product) RIGHT OUTER JOIN
    times t ON (...)``: the join made for each partition's rows) as the join without the clause, its columns read by
    the ON condition as what decides the rows (``ON ((i.product) IS NULL OR 1 = 1) AND (...)``)."""
    close = group_end(tokens, at + 1)
    qualifier = text[tokens[at - 1].start:tokens[at - 1].end + 1]
    columns = " ".join(f"{qualifier}.{text[t.start:t.end + 1]}" if t.token_type in (TokenType.VAR, TokenType.IDENTIFIER)
                       and tokens[k - 1].token_type != TokenType.DOT and tokens[k + 1].token_type != TokenType.DOT
                       else text[t.start:t.end + 1] for k, t in enumerate(tokens[at + 2:close - 1], start=at + 2))
    on = next((j for j in range(close, len(tokens)) if levels[j] == levels[at] and words[j] == "ON"), None)
    if on is None:
        return []
    return [(at, close, ""), (on + 1, on + 1, f"(({columns}) IS NULL OR 1 = 1) AND ")]


#: Oracle's SQL/XML and JSON functions whose clauses sqlglot cannot read (:func:`_document_clauses`).
_ORACLE_DOCUMENT_CALLS = frozenset({"XMLQUERY", "XMLEXISTS", "JSON_QUERY", "JSON_VALUE", "JSON_SERIALIZE"})


def _document_clauses(tokens: list[Token], words: list[str | None], levels: list[int], at: int
                      ) -> list[tuple[int, int, str]]:
    """The edits that write Oracle's ``XMLQUERY('xq' PASSING [BY VALUE] a [AS x], b RETURNING CONTENT [NULL ON
    EMPTY])`` and ``XMLEXISTS('xq' PASSING ...)`` as calls of the query and what it is passed (``XMLQUERY('xq', a,
    b)``), and ``JSON_QUERY(d, '$.p' WITH WRAPPER | RETURNING type | ... ON ERROR)``, ``JSON_VALUE(...)``,
    ``JSON_SERIALIZE(d PRETTY)`` without the clauses after their path or document (how the result is shaped, never
    what is read)."""
    close, depth = group_end(tokens, at + 1) - 1, levels[at] + 1
    inside = [j for j in range(at + 2, close) if levels[j] == depth]
    if words[at].startswith("XML"):
        passing = next((j for j in inside if words[j] == "PASSING"), None)
        if passing is None:
            return []
        edits = [(passing, passing + 1 + 2 * (words[passing + 1:passing + 3] == ["BY", "VALUE"]), ",")]
        for j in inside:
            if j > passing and words[j] == "AS":
                edits.append((j, j + 2, ""))
            elif j > passing and words[j] in ("RETURNING", "NULL"):
                edits.append((j, close, ""))
                break
        return edits
    commas = [j for j in inside if tokens[j].token_type == TokenType.COMMA]
    last = commas[-1] + 1 if commas else at + 2  # the path (JSON_QUERY, JSON_VALUE) or the document (JSON_SERIALIZE)
    cut = next((j for j in inside if j > last and tokens[j].token_type not in (TokenType.DOT, TokenType.STRING)
                and tokens[j - 1].token_type in (TokenType.STRING, TokenType.VAR, TokenType.IDENTIFIER)
                and words[j] is not None and words[j].isalpha()), None)
    return [(cut, close, "")] if cut is not None else []


#: The statements Oracle's DML error logging may end.
_ERROR_LOGGING = frozenset({"INSERT", "UPDATE", "DELETE", "MERGE", "WITH"})
#: The words after a clustering clause's ``ORDER (...)``: ``YES | NO ON LOAD``, ``... ON DATA MOVEMENT``, ``WITH |
#: WITHOUT MATERIALIZED ZONEMAP [(...)]``.
_CLUSTERING_OPTIONS = frozenset({"YES", "NO", "ON", "LOAD", "DATA", "MOVEMENT", "WITH", "WITHOUT", "MATERIALIZED",
                                 "ZONEMAP"})


def materialized_view_log(tokens: list[Token], dialect: str) -> exp.Command | None:
    """Oracle's ``{CREATE | ALTER | DROP} MATERIALIZED VIEW LOG ON t ...`` (the changes of a table a fast refresh
    reads, kept by Oracle itself: no object of the account's, no data read or written), known before any grammar or
    parse reads it as a view named LOG; likewise ``{CREATE | ALTER | DROP} MATERIALIZED ZONEMAP z ...`` (the minimum
    and maximum of columns per zone of a table's blocks, which the optimizer prunes by: storage, as an index is);
    None for another statement."""
    if dialect != "oracle" or len(tokens) < 4:
        return None
    words = [word_of(t) for t in tokens[:5]]
    if words[1:3] == ["MATERIALIZED", "ZONEMAP"] and words[0] in ("CREATE", "ALTER", "DROP"):
        return exp.Command(this=f"{words[0]} MATERIALIZED ZONEMAP", expression=exp.Literal.string(""))
    if words[1:] != ["MATERIALIZED", "VIEW", "LOG", "ON"] or words[0] not in ("CREATE", "ALTER", "DROP"):
        return None
    return exp.Command(this=f"{words[0]} MATERIALIZED VIEW LOG", expression=exp.Literal.string(""))


def other_form(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """A statement of a form sqlglot cannot read (or keeps opaque), as the tree of what it does
    (:data:`_OTHER_FORMS`); None when it is none of them."""
    for read, dialects in _OTHER_FORMS:
        tree = read(text, tokens, dialect) if dialect in dialects else None
        if tree is not None:
            return tree
    return None


def _redshift_model(text: str, tokens: list[Token], dialect: str) -> exp.Create | None:
    """Redshift's ``CREATE MODEL m FROM { table | (query) } TARGET c FUNCTION f ...``: its training data read, as
    BigQuery's ``CREATE MODEL m AS query`` reads it (a table: every column of it, its features and target), the
    model's prediction function ``f`` (what queries call) kept as :data:`PREDICTION_FUNCTION`; ``FROM 'name'`` of
    a model trained elsewhere (a SageMaker job, an S3 path) reads no data, nor does ``CREATE EXTERNAL MODEL m FUNCTION f
    ...`` (Amazon Bedrock's). None when the statement is not one.

    >>> sql = "create model m from (select a, b from t) target b function predict_b iam_role default"
    >>> tree = _redshift_model(sql, Dialect.get_or_raise("redshift").tokenize(sql), "redshift")
    >>> tree.sql("redshift"), tree.meta[PREDICTION_FUNCTION].name
    ('CREATE MODEL m AS SELECT a, b FROM t', 'predict_b')
    """
    words = [word_of(t) for t in tokens]
    if words[:3] == ["CREATE", "EXTERNAL", "MODEL"] and "FUNCTION" in words:
        # an Amazon Bedrock model (CREATE EXTERNAL MODEL m FUNCTION f IAM_ROLE ... MODEL_TYPE BEDROCK SETTINGS (...)):
        # no training data, its function f (what queries call) the model's
        named = words.index("FUNCTION") + 1
        last = named
        while last + 2 < len(tokens) and tokens[last + 1].token_type == TokenType.DOT:
            last += 2
        try:
            model = exp.to_table(text[tokens[3].start:tokens[named - 2].end + 1], dialect=dialect)
            function = exp.to_table(text[tokens[named].start:tokens[last].end + 1], dialect=dialect)
        except (SqlglotError, IndexError):
            return None
        tree = exp.Create(this=model, kind="MODEL")
        tree.meta[PREDICTION_FUNCTION] = function
        return tree
    if words[:2] != ["CREATE", "MODEL"] or "FROM" not in words or not ({"TARGET", "FUNCTION"} & set(words)):
        return None  # (an unsupervised model, KMEANS, has no TARGET)
    start = words.index("FROM") + 1
    if start >= len(tokens) or start < 4:
        return None
    trained = tokens[start].token_type != TokenType.STRING
    if not trained:  # bring your own model: FROM 'job name' or 's3://.../model.tar.gz', a model trained elsewhere
        end, source = start + 1, ""
    elif tokens[start].token_type == TokenType.L_PAREN:
        end = group_end(tokens, start)
        source = text[tokens[start + 1].start:tokens[end - 2].end + 1] if end - 2 > start else ""
    else:
        end = start
        while end < len(tokens) and words[end] not in ("TARGET", "FUNCTION", "IAM_ROLE", "AUTO", "SETTINGS"):
            end += 1
        source = "SELECT * FROM " + text[tokens[start].start:tokens[end - 1].end + 1] if end > start else ""
    named = words.index("FUNCTION", end) + 1 if "FUNCTION" in words[end:] else None
    try:
        query = parse_sql(source, dialect) if source else None
        model = exp.to_table(text[tokens[2].start:tokens[start - 2].end + 1], dialect=dialect)  # [schema.]name
        last = named
        while named is not None and last + 2 < len(tokens) and tokens[last + 1].token_type == TokenType.DOT:
            last += 2  # [schema.]function
        function = exp.to_table(text[tokens[named].start:tokens[last].end + 1], dialect=dialect) if named else None
    except (SqlglotError, IndexError):
        return None
    if trained and not isinstance(query, (exp.Select, exp.Union, exp.Subquery)):
        return None
    tree = exp.Create(this=model, kind="MODEL", expression=query)
    if function is not None:
        tree.meta[PREDICTION_FUNCTION] = function
    return tree


#: The key of a Redshift model's tree meta holding its prediction function's name (a table node).
PREDICTION_FUNCTION = "prediction_function"


def _merge_removing_duplicates(text: str, tokens: list[Token], dialect: str) -> exp.Merge | None:
    """Redshift's simplified ``MERGE INTO t USING s ON ... REMOVE DUPLICATES``: matched rows of t are updated to s's,
    the others of s inserted, t and s having the same columns: read as ``WHEN MATCHED THEN UPDATE SET * WHEN NOT
    MATCHED THEN INSERT *``. None when the statement is not one.

    >>> sql = "merge into t using s on t.id = s.id remove duplicates"
    >>> _merge_removing_duplicates(sql, Dialect.get_or_raise("redshift").tokenize(sql), "redshift").sql("redshift")
    'MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *'
    """
    if len(tokens) < 3 or word_of(tokens[0]) != "MERGE" or [word_of(t) for t in tokens[-2:]] != ["REMOVE", "DUPLICATES"]:
        return None
    try:
        matched = " WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *"
        tree = parse_sql(text[:tokens[-2].start] + matched, dialect)
    except SqlglotError:
        return None
    return tree if isinstance(tree, exp.Merge) else None


def _refresh_option(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """Databricks' ``REFRESH MATERIALIZED VIEW v FULL`` (or ``SYNC``, ``ASYNC``): the refresh, read without how it
    runs. None when the statement is not one.

    >>> sql = "refresh materialized view mv full"
    >>> _refresh_option(sql, Dialect.get_or_raise("databricks").tokenize(sql), "databricks").sql("databricks")
    'REFRESH MATERIALIZED VIEW mv'
    """
    if len(tokens) < 3 or word_of(tokens[0]) != "REFRESH" or word_of(tokens[-1]) not in ("FULL", "SYNC", "ASYNC"):
        return None
    try:
        return parse_sql(text[:tokens[-1].start], dialect)
    except SqlglotError:
        return None


def _restore(text: str, tokens: list[Token], dialect: str) -> exp.Delete | None:
    """Delta Lake's ``RESTORE [TABLE] t [TO] VERSION | TIMESTAMP AS OF x``: t's rows are replaced by an earlier
    version's, written as by a DELETE of all of them (no column written from a source). None when the statement is
    not one.

    >>> sql = "restore table db.t to version as of 3"
    >>> _restore(sql, Dialect.get_or_raise("databricks").tokenize(sql), "databricks").sql("databricks")
    'DELETE FROM db.t'
    """
    words = [word_of(t) for t in tokens]
    if words[:1] != ["RESTORE"]:
        return None
    start = 1 + (words[1:2] == ["TABLE"])
    end = next((i for i in range(start, len(words)) if words[i] in ("TO", "VERSION", "TIMESTAMP")), None)
    if end is None or end == start or words[end + (words[end] == "TO"):][1:3] != ["AS", "OF"]:
        return None
    if any(t.token_type in (TokenType.L_PAREN, TokenType.R_PAREN, TokenType.COMMA) or t.token_type in STRING_TOKENS
           for t in tokens[start:end]):
        raise UnsupportedStatement("RESTORE: expected the table's name before its version")
    try:
        table = exp.to_table(text[tokens[start].start:tokens[end - 1].end + 1], dialect=dialect)
    except (SqlglotError, ValueError):
        return None
    return exp.Delete(this=table) if isinstance(table, exp.Table) else None


def _snapshot(text: str, tokens: list[Token], dialect: str) -> exp.Create | None:
    """BigQuery's ``CREATE SNAPSHOT TABLE s CLONE t [FOR SYSTEM_TIME AS OF x] [OPTIONS (...)]`` (and a clone of a
    table as of a time), which sqlglot cannot read: a clone of t. None when the statement is none of them.

    >>> sql = "create snapshot table if not exists ds.s clone ds.t for system_time as of current_timestamp() options (x = 1)"
    >>> _snapshot(sql, Dialect.get_or_raise("bigquery").tokenize(sql), "bigquery").sql("bigquery")
    'CREATE TABLE IF NOT EXISTS ds.s CLONE ds.t'
    """
    words = [word_of(t) for t in tokens]
    dropped: list[tuple[int, int]] = []  # token ranges left out, [first, last)
    if words[:1] == ["CREATE"] and "CLONE" in words:
        clone = words.index("CLONE")
        table = next((i for i in range(1, clone) if words[i] == "TABLE"), None)
        if table is None:
            return None
        if words[table - 1] == "SNAPSHOT":
            dropped.append((table - 1, table))
        after = name_end(tokens, clone + 1)
        if after < len(tokens) and (dropped or words[after:after + 4] == ["FOR", "SYSTEM_TIME", "AS", "OF"]):
            dropped.append((after, len(tokens)))  # the time and the options: no part of the record
    return _read_edited(text, tokens, [(first, stop, "") for first, stop in dropped], dialect, exp.Create) \
        if dropped else None


def _load_clauses(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """BigQuery's ``LOAD DATA {INTO | OVERWRITE} t`` with the clauses sqlglot cannot read: ``[OVERWRITE] PARTITIONS
    (c = v)`` (the partition a load writes), ``PARTITION BY expr``, ``CLUSTER BY columns`` and ``OPTIONS (...)`` (the
    new table's layout), ``WITH PARTITION COLUMNS [(...)]`` and ``WITH CONNECTION name`` (how its files are read):
    read without them, which no record depends on. None for another statement.

    >>> sql = ("load data overwrite ds.t overwrite partitions (_partitiontime = timestamp '2020-01-01') cluster by id, "
    ...        "n options (description = 'x') from files (format = 'CSV', uris = ['gs://b/*']) with connection `us.c`")
    >>> _load_clauses(sql, Dialect.get_or_raise("bigquery").tokenize(sql), "bigquery").sql("bigquery")
    "LOAD DATA OVERWRITE ds.t FROM FILES(FORMAT='CSV', uris=['gs://b/*'])"
    """
    words = [word_of(t) for t in tokens]
    if words[:2] != ["LOAD", "DATA"]:
        return None
    depth = depths(tokens)
    edits, at = [], 2
    while at < len(tokens):
        if depth[at]:
            at += 1
            continue
        start, stop = at, None
        if words[at] == "OVERWRITE" and words[at + 1:at + 2] == ["PARTITIONS"]:
            at += 1
        if words[at] == "PARTITIONS" and at + 1 < len(tokens) and tokens[at + 1].token_type == TokenType.L_PAREN:
            stop = group_end(tokens, at + 1)
        elif words[at] == "OPTIONS" and at + 1 < len(tokens) and tokens[at + 1].token_type == TokenType.L_PAREN:
            stop = group_end(tokens, at + 1)
        elif words[at] in ("PARTITION BY", "CLUSTER BY"):
            stop = next((i for i in range(at + 1, len(tokens)) if not depth[i] and words[i] in _LOAD_CLAUSES),
                        len(tokens))
        elif words[at] == "WITH" and words[at + 1:at + 3] == ["PARTITION", "COLUMNS"]:
            stop = group_end(tokens, at + 3) if at + 3 < len(tokens) else at + 3
        elif words[at] == "WITH" and words[at + 1:at + 2] == ["CONNECTION"] and at + 2 < len(tokens):
            stop = name_end(tokens, at + 2)
        if stop is None:
            at = start + 1
            continue
        edits.append((start, stop, ""))
        at = stop
    return _read_edited(text, tokens, edits, dialect, exp.LoadData) if edits else None


#: The words that start a clause of BigQuery's LOAD DATA after its table (what ends a PARTITION BY or CLUSTER BY).
_LOAD_CLAUSES = frozenset({"CLUSTER BY", "OPTIONS", "FROM", "WITH"})


def _overriding(text: str, tokens: list[Token], dialect: str) -> exp.Insert | None:
    """PostgreSQL's ``INSERT INTO t [(columns)] OVERRIDING {SYSTEM | USER} VALUE query`` (who gives an identity
    column its values), which sqlglot cannot read: read without it, which no record depends on. None for another
    statement.

    >>> sql = "insert into t (id, a) overriding system value values (1, 'x')"
    >>> _overriding(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres").sql("postgres")
    "INSERT INTO t (id, a) VALUES (1, 'x')"
    """
    words = [word_of(t) for t in tokens]
    if words[:1] != ["INSERT"]:
        return None
    depth = depths(tokens)
    at = next((i for i in range(2, len(words) - 2) if words[i] == "OVERRIDING" and not depth[i]
               and words[i + 1] in ("SYSTEM", "USER") and words[i + 2] == "VALUE"), None)
    return _read_edited(text, tokens, [(at, at + 3, "")], dialect, exp.Insert) if at is not None else None


def _dml_phrase(words: list[str], phrase: list[str]) -> int | None:
    """Where ``phrase`` (three words) first stands in an UPDATE's or DELETE's ``words``; None elsewhere."""
    if words[:1] not in (["UPDATE"], ["DELETE"]):
        return None
    return next((i for i in range(1, len(words) - 3) if words[i:i + 3] == phrase), None)


def _current_of(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """PostgreSQL's ``{UPDATE | DELETE} ... WHERE CURRENT OF cursor`` (the row a cursor is on, in a PL/pgSQL block),
    which sqlglot cannot read: read without the condition, as the rows of the table it names. None for another
    statement.

    >>> sql = "update t set a = 1 where current of c"
    >>> _current_of(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres").sql("postgres")
    'UPDATE t SET a = 1'
    """
    words = [word_of(t) for t in tokens]
    at = _dml_phrase(words, ["WHERE", "CURRENT", "OF"])
    if at is None:
        return None
    return _read_edited(text, tokens, [(at, at + 4, "")], dialect, exp.Expression)  # (RETURNING ... stays)


def _partition_if_not_exists(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """Hive's and Spark's ``INSERT OVERWRITE TABLE t PARTITION (p = v) IF NOT EXISTS query``, which sqlglot cannot
    read: read without ``IF NOT EXISTS`` (the write is skipped when the partition exists; where it ran, it wrote).
    None for another statement.

    >>> sql = "insert overwrite table t partition (p = 'a') if not exists select k from s"
    >>> _partition_if_not_exists(sql, Dialect.get_or_raise("hive").tokenize(sql), "hive").sql("hive")
    "INSERT OVERWRITE TABLE t PARTITION(p = 'a') SELECT k FROM s"
    """
    if not tokens or word_of(tokens[0]) != "INSERT":
        return None
    at = next((i for i, t in enumerate(tokens) if word_of(t) == "PARTITION"), None)
    if at is None or at + 1 >= len(tokens) or tokens[at + 1].token_type != TokenType.L_PAREN:
        return None
    i = group_end(tokens, at + 1) - 1  # the partition's closing bracket
    if [word_of(t) for t in tokens[i + 1:i + 4]] != ["IF", "NOT", "EXISTS"]:
        return None
    return _read_edited(text, tokens, [(i + 1, i + 4, "")], dialect, exp.Insert)


def _portion_of(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """PostgreSQL 18's temporal ``{UPDATE | DELETE [FROM]} t FOR PORTION OF period {FROM a TO b | (range)}``, which
    sqlglot cannot read: read without the portion, which bounds the rows' periods changed, not the columns written
    or read. None for another statement.

    >>> sql = "update t for portion of valid_at from '2024-07-01' to '2024-08-01' set a = 1 where k = 2"
    >>> _portion_of(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres").sql("postgres")
    'UPDATE t SET a = 1 WHERE k = 2'
    """
    words = [word_of(t) for t in tokens]
    at = _dml_phrase(words, ["FOR", "PORTION", "OF"])
    if at is None:
        return None
    levels = depths(tokens)
    stop = next((i for i in range(at + 4, len(words)) if levels[i] == 0 and words[i] in ("SET", "WHERE", "RETURNING",
                                                                                          "AS", "USING")), len(words))
    return _read_edited(text, tokens, [(at, stop, "")], dialect, exp.Expression)


def _replace_table(text: str, tokens: list[Token], dialect: str) -> exp.Create | None:
    """Delta's and Iceberg's ``REPLACE TABLE t [(columns)] USING ... [AS query]`` (Spark's grammar), which sqlglot
    cannot read: read as ``CREATE OR REPLACE TABLE``, which it is. None for another statement.

    >>> sql = "replace table db.t using delta as select * from s"
    >>> _replace_table(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark").sql("spark")
    'CREATE OR REPLACE TABLE db.t USING DELTA AS SELECT * FROM s'
    """
    if [word_of(t) for t in tokens[:2]] != ["REPLACE", "TABLE"]:
        return None
    return _read_edited(text, tokens, [(0, 1, "CREATE OR REPLACE")], dialect, exp.Create)


def _foreign_table(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """PostgreSQL's ``{CREATE | ALTER | DROP} FOREIGN TABLE`` (a table whose rows a foreign server holds), which
    sqlglot cannot read: read as the same statement of a table, an external table's CREATE (its rows are outside the
    database, as an external table's), without its ``SERVER s [OPTIONS (...)]`` (where the rows are: no part of the
    record) and an ALTER's column ``OPTIONS (...)``. None for another statement.

    >>> sql = "create foreign table ft (id int options (column_name 'i'), name text) server s options (table_name 'x')"
    >>> _foreign_table(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres").sql("postgres")
    'CREATE EXTERNAL TABLE ft (id INT, name TEXT)'
    """
    words = [word_of(t) for t in tokens]
    if len(words) < 4 or words[0] not in ("CREATE", "ALTER", "DROP") or words[1:3] != ["FOREIGN", "TABLE"]:
        return None
    depth = depths(tokens)
    edits = [(1, 2, "EXTERNAL" if words[0] == "CREATE" else "")]
    for index in range(3, len(tokens)):
        if depth[index] == 0 and words[index] == "SERVER" and words[0] == "CREATE":
            edits.append((index, len(tokens), ""))
            break
        if words[index] == "OPTIONS" and index + 1 < len(tokens) and tokens[index + 1].token_type == TokenType.L_PAREN:
            edits.append((index, group_end(tokens, index + 1), ""))  # a column's (or the table's) options
    return _read_edited(text, tokens, edits, dialect, exp.Expression)


def _flow_insert(text: str, tokens: list[Token], dialect: str) -> exp.Insert | None:
    """Lakeflow's append flow ``CREATE FLOW f AS INSERT INTO [ONCE] t [BY NAME] query``: the INSERT it runs. None
    for another statement.

    >>> sql = "create flow f as insert into once t by name select id from s"
    >>> _flow_insert(sql, Dialect.get_or_raise("databricks").tokenize(sql), "databricks").sql("databricks")
    'INSERT INTO t BY NAME SELECT id FROM s'
    """
    words = [word_of(t) for t in tokens[:9]]
    start = _flow_head(words)
    if start is None or words[start:start + 2] != ["INSERT", "INTO"]:
        return None
    edits = [(0, start, ""), *([(start + 2, start + 3, "")] if words[start + 2:start + 3] == ["ONCE"] else [])]
    return _read_edited(text, tokens, edits, dialect, exp.Insert)  # (CREATE FLOW f [COMMENT 'c'] AS, and ONCE)


#: Words that open the query of ``INSERT ... REPLACE ON cond query`` (bare or in brackets).
_REPLACE_ON_QUERY = frozenset({"SELECT", "WITH", "VALUES", "FROM", "TABLE"})
#: Words after which a bracketed query belongs to the condition (``a IN (SELECT ...)``), not the statement.
_CONDITION_BEFORE = frozenset({"IN", "EXISTS", "ANY", "ALL", "SOME", "NOT", "AND", "OR", "ON", "=", "<", ">", "<=",
                               ">=", "<>", "!=", "<=>"})


def _replace_on(text: str, tokens: list[Token], dialect: str) -> exp.Insert | None:
    """Databricks' ``INSERT INTO [TABLE] t [alias] REPLACE ON cond {(query) [AS] s | query}`` (the rows of t that
    match a row of the query by ``cond`` replaced by the query's rows: dbt-databricks' ``insert_overwrite`` and
    ``delete+insert`` on Databricks Runtime 17.1 and later), which sqlglot cannot read: read as ``INSERT INTO t SELECT
    s.* FROM (query) AS s WHERE EXISTS (SELECT 1 FROM t AS alias WHERE cond)``, the query's columns written by
    position and the condition's columns of both sides read. None for another statement.

    >>> sql = "insert into table target as t replace on (t.a <=> s.a) (select a, b from source) as s"
    >>> _replace_on(sql, Dialect.get_or_raise("databricks").tokenize(sql), "databricks").sql("databricks")
    'INSERT INTO target SELECT s.* FROM (SELECT a, b FROM source) AS s WHERE EXISTS(SELECT 1 FROM target AS t WHERE \
(t.a IS NOT DISTINCT FROM s.a))'
    """
    words = [word_of(t) if t.token_type not in STRING_TOKENS else "" for t in tokens]
    if words[:2] != ["INSERT", "INTO"] or "REPLACE" not in words:
        return None
    levels = depths(tokens)
    start = 2 + (words[2:3] == ["TABLE"])
    stop = name_end(tokens, start) if start < len(tokens) else start
    rest = stop + (words[stop:stop + 1] == ["AS"])
    named = rest < len(tokens) and words[rest] != "REPLACE" and tokens[rest].token_type != TokenType.STRING
    alias = exp.to_identifier(tokens[rest].text, quoted=tokens[rest].token_type == TokenType.IDENTIFIER).sql(
        dialect=dialect) if named else None
    replace = rest + named
    if words[replace:replace + 2] != ["REPLACE", "ON"]:
        return None
    query_at = next((i for i in range(replace + 2, len(tokens)) if not levels[i] and (
        words[i] in _REPLACE_ON_QUERY or (tokens[i].token_type == TokenType.L_PAREN and i + 1 < len(tokens)
                                          and words[i + 1] in _REPLACE_ON_QUERY
                                          and words[i - 1] not in _CONDITION_BEFORE))), None)
    if query_at is None or query_at == replace + 2:
        return None

    def between(first: int, end: int) -> str:
        return text[tokens[first].start : tokens[end - 1].end + 1]

    target, condition = between(start, stop), between(replace + 2, query_at)
    source = None
    if tokens[query_at].token_type == TokenType.L_PAREN:  # (a bracketed query, then perhaps its alias)
        close = group_end(tokens, query_at)
        query = between(query_at + 1, close - 1)
        at = close + (words[close:close + 1] == ["AS"])
        source = exp.to_identifier(tokens[at].text, quoted=tokens[at].token_type == TokenType.IDENTIFIER).sql(
            dialect=dialect) if at < len(tokens) else None
        if at + (source is not None) < len(tokens):
            return None
    else:
        query = between(query_at, len(tokens))
    from_source = f"({query}) AS {source}" if source else f"({query})"
    from_target = f"{target} AS {alias}" if alias else target
    rewritten = (f"INSERT INTO {target} SELECT {source + '.' if source else ''}* FROM {from_source} "
                 f"WHERE EXISTS (SELECT 1 FROM {from_target} WHERE {condition})")
    try:
        tree = parse_sql(rewritten, dialect)
    except SqlglotError:
        return None
    return tree if isinstance(tree, exp.Insert) else None


def _flow_head(words: list[str]) -> int | None:
    """Where the statement of ``CREATE FLOW f [COMMENT 'c'] AS statement`` starts; None for another statement."""
    if words[:2] != ["CREATE", "FLOW"]:
        return None
    at = 5 if words[3:4] == ["COMMENT"] else 3
    return at + 1 if words[at:at + 1] == ["AS"] else None


def _schema_evolution(text: str, tokens: list[Token], dialect: str) -> exp.Merge | exp.Insert | None:
    """Databricks' (and Spark 4.1's) ``{MERGE | INSERT} WITH SCHEMA EVOLUTION INTO ...`` (the target may gain the
    source's columns): the MERGE or INSERT, marked :data:`SCHEMA_EVOLUTION`. None for another statement.

    >>> sql = "merge with schema evolution into t using s on t.id = s.id when matched then update set *"
    >>> tree = _schema_evolution(sql, Dialect.get_or_raise("databricks").tokenize(sql), "databricks")
    >>> tree.meta[SCHEMA_EVOLUTION], tree.sql("databricks")
    (True, 'MERGE INTO t USING s ON t.id = s.id WHEN MATCHED THEN UPDATE SET *')
    """
    words = [word_of(t) for t in tokens[:5]]
    if words[1:4] != ["WITH", "SCHEMA", "EVOLUTION"] or words[0] not in ("MERGE", "INSERT"):
        return None
    tree = _read_edited(text, tokens, [(1, 4, "")], dialect, exp.Merge if words[0] == "MERGE" else exp.Insert)
    if tree is not None:
        tree.meta[SCHEMA_EVOLUTION] = True
    return tree


#: ``CREATE [OR REPLACE] VIEW v WITH METRICS LANGUAGE YAML [COMMENT 'c'] AS $$ ... $$``: the CREATE's head, its
#: comment and the YAML.
_METRIC_VIEW = re.compile(rf"(?:\s|{COMMENT})*+(?P<head>create\s.*?\S)\s++with\s++metrics\s++language\s++yaml\s++"
                          r"(?:comment\s+(?P<comment>'(?:[^'\\]|\\.|'')*')\s+)?as\s+"
                          r"\$\$(?P<yaml>(?:(?!\$\$).)*)\$\$\s*(?:;\s*)?",
                          re.IGNORECASE | re.DOTALL)


def _metric_view(text: str, tokens: list[Token], dialect: str) -> exp.Create | None:
    """A Unity Catalog metric view, ``CREATE [OR REPLACE] VIEW v WITH METRICS LANGUAGE YAML AS $$ yaml $$``: the view
    of its YAML's ``source`` (a table or a query), its ``joins`` and ``filter``, whose columns are its dimensions and
    measures, each computed by its ``expr``. None for another statement, or YAML that does not read as one.

    >>> sql = ("create view m with metrics language yaml as $$\\nsource: s.orders\\nfilter: o > 0\\n"
    ...        "dimensions:\\n  - name: Status\\n    expr: o_status\\nmeasures:\\n  - name: Total\\n    expr: SUM(o_price)\\n$$")
    >>> _metric_view(sql, Dialect.get_or_raise("databricks").tokenize(sql), "databricks").sql("databricks")
    'CREATE VIEW m AS SELECT o_status AS `Status`, SUM(o_price) AS `Total` FROM s.orders AS source WHERE o > 0'
    """
    match = _METRIC_VIEW.fullmatch(text)  # the YAML is read from the text: sqlglot's tokenizer has no $$ here
    if match is None:
        return None
    import yaml  # only for a metric view

    try:
        spec = yaml.safe_load(match["yaml"])
    except yaml.YAMLError:
        return None
    if not isinstance(spec, dict) or not isinstance(spec.get("source"), str):
        return None
    items = [item for key in ("dimensions", "measures") for item in spec.get(key) or ()]
    if not items or not all(isinstance(i, dict) and isinstance(i.get("name"), str) and isinstance(i.get("expr"), str)
                            for i in items):
        return None
    source = spec["source"].strip()
    source = f"({source})" if source.split(None, 1)[0].upper() in ("SELECT", "WITH") else source
    joins = "".join(f" LEFT JOIN {j['source']} AS {j['name']} {condition}"
                    for j in spec.get("joins") or ()
                    if isinstance(j, dict) and all(isinstance(j.get(k), str) for k in ("source", "name"))
                    and (condition := _metric_join_condition(j)))
    columns = ", ".join(f"{i['expr']} AS `{i['name'].replace('`', '``')}`" for i in items)
    where = f" WHERE {spec['filter']}" if isinstance(spec.get("filter"), str) else ""
    try:
        comment = f" COMMENT {match['comment']}" if match["comment"] else ""
        tree = parse_sql(f"{match['head']}{comment} AS SELECT {columns} FROM {source} AS source{joins}{where}", dialect)
    except SqlglotError:
        return None
    return tree if isinstance(tree, exp.Create) else None


def _metric_join_condition(join: dict) -> str | None:
    """A metric view's join's condition: its ``on`` expression, or its ``using`` list of columns; None for
    neither."""
    on = join.get("on", join.get(True))  # YAML 1.1 reads the key on as True
    if isinstance(on, str):
        return f"ON {on}"
    using = join.get("using")
    if isinstance(using, list) and using and all(isinstance(c, str) for c in using):
        return f"USING ({', '.join(using)})"
    return None


def _system_version(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """Spark's time travel by the names sqlglot cannot read: ``[FOR] SYSTEM_VERSION AS OF n`` (its grammar's other
    name of ``VERSION AS OF``) read as ``VERSION AS OF``, and ``SYSTEM_TIME AS OF t`` without its optional FOR as
    ``TIMESTAMP AS OF`` (``temporalClause: FOR? (SYSTEM_VERSION | VERSION) AS OF version | FOR? (SYSTEM_TIME |
    TIMESTAMP) AS OF timestamp``). None for a statement without them.

    >>> sql = "select * from t for system_version as of 42 join u system_time as of '2024-01-01' on true"
    >>> _system_version(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark").sql("spark")
    "SELECT * FROM t VERSION AS OF 42 JOIN u TIMESTAMP AS OF '2024-01-01' ON TRUE"
    """
    cuts = []
    for index in range(1, len(tokens) - 2):
        word = word_of(tokens[index])
        if word in ("SYSTEM_VERSION", "SYSTEM_TIME") and [word_of(t) for t in tokens[index + 1:index + 3]] == ["AS",
                                                                                                          "OF"]:
            bare = word_of(tokens[index - 1]) != "FOR"
            if word == "SYSTEM_VERSION":
                cuts.append((index - (not bare), index + 1, "VERSION"))
            elif bare:
                cuts.append((index, index + 1, "TIMESTAMP"))
    return _read_edited(text, tokens, cuts, dialect, exp.Expression) if cuts else None


def _comment_removed(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """PostgreSQL's and Trino's ``COMMENT ON <object> IS NULL``, which removes the object's comment: the COMMENT with
    a NULL comment (sqlglot reads only a string there). None when the statement is not one.

    >>> sql = "comment on table t is null"
    >>> _comment_removed(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres").expression
    Null()
    """
    if len(tokens) < 5 or word_of(tokens[0]) != "COMMENT" or [word_of(t) for t in tokens[-2:]] != ["IS", "NULL"]:
        return None
    try:
        tree = parse_sql(text[:tokens[-1].start] + "''", dialect)
    except SqlglotError:
        return None
    if not isinstance(tree, exp.Comment):
        return None
    tree.set("expression", exp.Null())
    return tree


def _lateral_view_alias(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """Spark's ``LATERAL VIEW f(x) tbl col [, col]`` without the AS before its column names (``tblName=identifier
    (AS? colName+=identifier (',' colName+=identifier)*)?``), read with it. None for a statement without it.

    >>> sql = "select k, e from src lateral view outer explode(arr) ex e where e > 1"
    >>> _lateral_view_alias(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark").sql("spark")
    'SELECT k, e FROM src LATERAL VIEW OUTER EXPLODE(arr) ex AS e WHERE e > 1'
    """
    names = (TokenType.VAR, TokenType.IDENTIFIER)
    edits = []
    for index in range(len(tokens) - 1):
        if [word_of(t) for t in tokens[index:index + 2]] != ["LATERAL", "VIEW"]:
            continue
        call = index + 2 + (word_of(tokens[index + 2]) == "OUTER" if index + 2 < len(tokens) else 0)
        while call < len(tokens) and tokens[call].token_type != TokenType.L_PAREN:
            call += 1  # past the function's (perhaps qualified) name
        alias = group_end(tokens, call)
        if alias + 1 < len(tokens) and tokens[alias].token_type in names and tokens[alias + 1].token_type in names:
            edits.append((alias + 1, alias + 2, f"AS {text[tokens[alias + 1].start:tokens[alias + 1].end + 1]}"))
    return _read_edited(text, tokens, edits, dialect, exp.Expression) if edits else None


def _table_options(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """Spark 4's options of a table read, ``FROM t WITH ('k' = 'v', ...)`` (``optionsClause: WITH
    options=propertyList``: how its source reads the files, no object of the record), read without them. None
    for a statement without them.

    >>> sql = "select ssn from t with ('k' = 'v', x.y = 1) as a join u on true"
    >>> _table_options(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark").sql("spark")
    'SELECT ssn FROM t AS a JOIN u ON TRUE'
    """
    edits = [(index, group_end(tokens, index + 1), "") for index in range(1, len(tokens) - 1)
             if word_of(tokens[index]) == "WITH" and tokens[index + 1].token_type == TokenType.L_PAREN
             and tokens[index - 1].token_type in (TokenType.VAR, TokenType.IDENTIFIER)
             and index + 2 < len(tokens) and tokens[index + 2].token_type in (TokenType.STRING, TokenType.VAR)
             and index + 3 < len(tokens) and tokens[index + 3].token_type in (TokenType.EQ, TokenType.DOT)]
    return _read_edited(text, tokens, edits, dialect, exp.Expression) if edits else None


def _configuration_set(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """Spark's ``SET key=value``, whose value is the rest of the text whatever it holds (Delta's ``SET
    spark.databricks.delta.commitInfo.userMetadata=overwritten-for-fixing-incorrect-data``): the SET of a
    string, which sets an option and reads no data. None for another statement, and for ``SET VAR`` (a variable
    set to an expression, which may read).

    >>> sql = "set spark.x.userMetadata=fix-for-bad-data"
    >>> _configuration_set(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark").sql("spark")
    "SET spark.x.userMetadata = ''"
    """
    if len(tokens) < 4 or word_of(tokens[0]) != "SET" or word_of(tokens[1]) in ("VAR", "VARIABLE") \
            or tokens[1].token_type == TokenType.L_PAREN:
        return None
    equals = next((i for i, t in enumerate(tokens) if t.token_type == TokenType.EQ), None)
    if equals is None or equals + 1 >= len(tokens) or any(
            t.token_type not in (TokenType.VAR, TokenType.DOT) and not t.text.isalnum() for t in tokens[1:equals]):
        return None
    return _read_edited(text, tokens, [(equals + 1, len(tokens), "''")], dialect, exp.Set)


def _created_by_identifier(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """Spark's ``CREATE TABLE IDENTIFIER(expression)(columns) ...``, its name given by a variable or an expression
    (a string's is written out before: :mod:`.rewrites`), which sqlglot cannot read with the column list: read with
    the name's expression as a :class:`sqlglot.exp.DynamicIdentifier`, as a table's elsewhere. None for a statement
    without it.

    >>> sql = "create table identifier(v || 'x')(c1 int) using csv"
    >>> tree = _created_by_identifier(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark")
    >>> tree.this.this.sql("spark"), [c.name for c in tree.this.expressions]
    ("IDENTIFIER(v || 'x')", ['c1'])
    """
    at = next((i for i, t in enumerate(tokens[:8]) if word_of(t) == "IDENTIFIER"), None)
    if word_of(tokens[0]) != "CREATE" or at is None or at + 1 >= len(tokens) \
            or tokens[at + 1].token_type != TokenType.L_PAREN:
        return None
    end = group_end(tokens, at + 1)
    try:
        name = parse_sql(text[tokens[at + 2].start:tokens[end - 2].end + 1], dialect)
    except SqlglotError:
        return None
    if end >= len(tokens) or tokens[end].token_type != TokenType.L_PAREN or not isinstance(name, exp.Expression):
        return None
    tree = _read_edited(text, tokens, [(at, end, "__identifier__")], dialect, exp.Create)
    if tree is None or not isinstance(tree.this, exp.Schema) or not isinstance(tree.this.this, exp.Table):
        return None
    tree.this.set("this", exp.Table(this=exp.DynamicIdentifier(this=name)))
    return tree


def _unpivot_subscripts(text: str, tokens: list[Token], dialect: str) -> exp.Expression | None:
    """Redshift's ``UNPIVOT c.orders[0] AS v AT k`` (the attributes of an object a subscript reaches), which sqlglot
    reads only without the subscripts: read without them, the same column's values unpivoted. None for a statement
    without it.

    >>> sql = "select k from t c, unpivot c.orders[0].x AS v AT k"
    >>> _unpivot_subscripts(sql, Dialect.get_or_raise("redshift").tokenize(sql), "redshift").sql("redshift")
    'SELECT k FROM t AS c, UNPIVOT c.orders.x AS v AT k'
    """
    edits = []
    for index, token in enumerate(tokens):
        if word_of(token) != "UNPIVOT":
            continue
        at = index + 1
        while at < len(tokens) and word_of(tokens[at]) != "AS" and tokens[at].token_type != TokenType.L_PAREN:
            if tokens[at].token_type == TokenType.L_BRACKET:
                end = next((i for i in range(at, len(tokens)) if tokens[i].token_type == TokenType.R_BRACKET), None)
                if end is None:
                    return None
                edits.append((at, end + 1, ""))
                at = end
            at += 1
    return _read_edited(text, tokens, edits, dialect, exp.Expression) if edits else None


#: Readers of the forms :func:`other_form` knows, each None for a statement of another form, with the dialects that
#: have the form (in another it stays set aside, as SQL the dialect does not know).
_OTHER_FORMS: tuple[tuple[Callable[[str, list[Token], str], exp.Expression | None], frozenset[str]], ...] = (
    (_directory_using, SPARK_FAMILY), (_change_feed, frozenset({"databricks"})),
    (_flow_insert, frozenset({"databricks"})), (_schema_evolution, frozenset({"databricks", "spark"})),
    (_replace_on, frozenset({"databricks"})),
    (_metric_view, frozenset({"databricks"})), (_system_version, SPARK_FAMILY),
    (_restore, frozenset({"databricks", "spark"})), (_merge_removing_duplicates, frozenset({"redshift"})),
    (_redshift_model, frozenset({"redshift"})),
    (_refresh_option, frozenset({"databricks"})), (_snapshot, frozenset({"bigquery"})),
    (_load_clauses, frozenset({"bigquery"})), (_foreign_table, frozenset({"postgres"})),
    (_replace_table, SPARK_FAMILY), (_overriding, frozenset({"postgres"})),
    (_current_of, frozenset({"postgres"})), (_comment_removed, frozenset({"postgres", "redshift", "trino", "presto"})),
    (_portion_of, frozenset({"postgres"})), (_partition_if_not_exists, SPARK_FAMILY),
    (tsql.insert_exec, tsql.UNTERMINATED), (clickhouse.inserted_data, frozenset({"clickhouse"})),
    (_oracle_table_forms, frozenset({"oracle"})), (_lateral_view_alias, SPARK_FAMILY),
    (_table_options, SPARK_FAMILY), (_configuration_set, SPARK_FAMILY), (_created_by_identifier, SPARK_FAMILY),
    (_unpivot_subscripts, frozenset({"redshift"})), (_oracle_clauses, frozenset({"oracle"})))


def copy_location(tree: exp.Create) -> None:
    """Databricks' ``CREATE TABLE t LIKE s COPY LOCATION`` (an upgrade to Unity Catalog: the new table is over the
    old one's files; where they are is none of the record), which sqlglot reads as BigQuery's table copy, a clone
    of a table named ``location``: the clone is dropped, the LIKE stays."""
    clone = tree.args.get("clone")
    if isinstance(clone, exp.Clone) and clone.args.get("copy") and tree.find(exp.LikeProperty) \
            and isinstance(clone.this, exp.Table) and clone.this.sql().lower() == "location":
        tree.set("clone", None)


def copy_by_position(text: str, tokens: list[Token], dialect: str) -> exp.Copy | None:
    """Databricks' ``COPY INTO t BY POSITION FROM ...`` (which sqlglot reads as a copy of a file named BY), read
    without the clause and marked :data:`BY_POSITION`; None for another COPY.

    >>> sql = "copy into t by position from (select _c0 from '/v/f') fileformat = csv"
    >>> tree = copy_by_position(sql, Dialect.get_or_raise("databricks").tokenize(sql), "databricks")
    >>> tree.meta[BY_POSITION], tree.sql("databricks")
    (True, 'COPY INTO t FROM (SELECT _c0 FROM `/v/f`) fileformat = csv')
    """
    at = next((i for i in range(2, min(len(tokens) - 1, 12)) if word_of(tokens[i]) == "BY"
               and word_of(tokens[i + 1]) == "POSITION"), None)
    tree = _read_edited(text, tokens, [(at, at + 2, "")], dialect, exp.Copy) if at is not None else None
    if tree is not None:
        tree.meta[BY_POSITION] = True
    return tree


#: The meta key of a CREATE DATABASE whose contents are unknown (:data:`_DATABASE_SOURCES`): not even its PUBLIC schema.
CONTENTS_UNKNOWN = "contents_unknown"


#: The meta key of a Databricks ``COPY INTO t BY POSITION`` (which sqlglot reads without the clause): its query's
#: columns load the table's by position, not by name.
BY_POSITION = "by_position"
#: The meta key of a MERGE or INSERT written ``WITH SCHEMA EVOLUTION``: its target gains the source's other columns
#: (a MERGE's ``UPDATE SET *`` and ``INSERT *`` write them: :func:`.dml.resolve_merge`).
SCHEMA_EVOLUTION = "schema_evolution"


#: What may follow a database's name in a CREATE DATABASE sqlglot cannot read: ``FROM SHARE``, ``FROM BACKUP
#: SET``, ``AS REPLICA OF``, which make its contents unknown, and ``WITH CONTACT (...)``, which does not.
_DATABASE_SOURCES = (("FROM", "SHARE"), ("FROM", "BACKUP"), ("AS", "REPLICA"), ("WITH", "CONTACT"),
                     ("FROM", "DATASHARE"))  # Redshift's database of a datashare


def database_head(text: str, tokens: list[Token] | None) -> tuple[str, bool] | None:
    """``CREATE [OR REPLACE] [TRANSIENT] DATABASE [IF NOT EXISTS] name`` of such a statement and whether its
    contents are unknown, or None."""
    if not tokens or tokens[0].token_type != TokenType.CREATE:
        return None
    words = [word_of(token) for token in tokens]
    if "DATABASE" not in words[:6] or not all(w in {"OR", "REPLACE", "TRANSIENT"} for w in words[1 : words.index("DATABASE")]):
        return None
    start = words.index("DATABASE") + 1
    if words[start : start + 3] == ["IF", "NOT", "EXISTS"]:
        start += 3
    source = tuple(words[start + 1 : start + 3])
    if start + 2 < len(tokens) and source in _DATABASE_SOURCES:
        return text[: tokens[start].end + 1], source != ("WITH", "CONTACT")
    return None
