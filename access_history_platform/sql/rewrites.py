"""A statement's forms sqlglot cannot read (or reads wrong), written as forms it reads, dialect by dialect.

:func:`readable` is the one entry (:func:`.statements.parse_statement` calls it on every statement it gives sqlglot):
each reader below rewrites one form, on the statement's tokens, when a cheap test of the text says it may hold that
form (:data:`_FORMS`, at the end of the module: a form's dialects, its test and its reader, one row each, in the
order the readers run); what the rewrite leaves out is what no record depends on (a transaction's modes, a table
argument's PARTITION BY), what it writes out is what sqlglot would misread (Trino's JSON clauses, BigQuery's pipes, Spark's NAMESPACE).
The T-SQL forms are :mod:`.tsql`'s.

>>> [readable(sql, tokens_of(sql, dialect), dialect)[0] for sql, dialect
...  in (("create namespace if not exists s", "spark"), ("select json_exists(j, 'lax $.a' false on error) from t", "trino"))]
['create SCHEMA if not exists s', "select json_exists(j, 'lax $.a' ) from t"]
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Collection
from typing import NamedTuple

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError
from sqlglot.dialects.dialect import Dialect
from sqlglot.parser import Parser
from sqlglot.tokens import Token, TokenType

from ..errors import UnsupportedStatement
from . import clickhouse, druid, streaming, tsql
from .create_clauses import name_end
from .dialects import MINING_FUNCTIONS, MYSQL_FAMILY, RULES, SPARK_FAMILY, SPARK_SESSION_CATALOG
from .parsing import SQLGLOT_FAILURES
from .parsing import lowered as lowered_text
from .token_groups import BRACKETS, STRING_TOKENS, calls_of, depths, edited, group_end, tokens_of, word_of


class _Statement(NamedTuple):
    """A statement as the tests of :data:`_FORMS` see it: its text and tokens as written out so far, its first word,
    its dialect, and its text as it came, in lower case (where the words a form may hold are looked for)."""

    text: str
    tokens: list[Token]
    first: str
    dialect: str
    lowered: str


class _Form(NamedTuple):
    """A form sqlglot cannot read (or reads wrong): the dialects that have it (None: every dialect), whether a
    statement may hold it (a cheap test of its text), and its reader, which writes it out as forms sqlglot reads."""

    dialects: Collection[str] | None
    may_hold: Callable[[_Statement], object]
    written_out: Callable[[str, list[Token], str], tuple[str, list[Token]]]


def readable(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The statement with the dialect's forms sqlglot cannot read (or reads wrong) written as forms it reads, each
    by its reader when the text may hold it, in the order of :data:`_FORMS`; and its tokens."""
    statement = _Statement(text, tokens, word_of(tokens[0]) if tokens else "", dialect, lowered_text(text))
    for form in _forms_of(dialect):
        if form.may_hold(statement):
            text, tokens = form.written_out(statement.text, statement.tokens, dialect)
            statement = statement._replace(text=text, tokens=tokens, first=word_of(tokens[0]) if tokens else "")
    return statement.text, statement.tokens


@functools.cache
def _forms_of(dialect: str) -> tuple[_Form, ...]:
    """The forms of :data:`_FORMS` a statement of ``dialect`` may hold, in their order."""
    return tuple(form for form in _FORMS if form.dialects is None or dialect in form.dialects)


def _predictions_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """SQL Server's ``PREDICT(MODEL = m, DATA = src AS d [, RUNTIME = ONNX]) WITH (c type, ...) AS p``, the rows of src
    scored by the model, as ``src AS d CROSS JOIN (SELECT CAST(CHECKSUM(scored.*) AS type) AS c, ... FROM src AS
    scored) AS p``: d's columns as they are, and each score computed from the row's columns (which of them the model
    uses is not known here). The model is a value (a variable, or a query the statement reads in its place).

    >>> sql = "select d.a, p.s from predict(model = @m, data = dbo.t as d, runtime = onnx) with (s float) as p"
    >>> _predictions_written_out(sql, tokens_of(sql, "tsql"), "tsql")[0].split(" CROSS JOIN ")
    ['select d.a, p.s from dbo.t as d', '(SELECT CAST(CHECKSUM(scored.*) AS float) AS s FROM dbo.t AS scored) as p']
    """
    levels, words, edits = depths(tokens), [word_of(t) for t in tokens], []
    for i, close in calls_of(tokens, "PREDICT"):
        inside = [j for j in range(i + 2, close) if levels[j] == levels[i] + 1]
        data = next((j for j in inside if words[j] == "DATA" and tokens[j + 1].token_type == TokenType.EQ), None)
        stop = next((j for j in inside if data is not None and j > data and tokens[j].token_type == TokenType.COMMA),
                    close)
        alias = stop - 1 if data is not None and words[stop - 2] == "AS" else None
        if data is None or alias is None or words[close + 1:close + 2] != ["WITH"] or close + 2 >= len(tokens) \
                or tokens[close + 2].token_type != TokenType.L_PAREN:
            continue
        end = group_end(tokens, close + 2)
        scores = ", ".join(f"CAST(CHECKSUM(scored.*) AS {item.split(None, 1)[1]}) AS {item.split(None, 1)[0]}"
                           for item in _top_level_items(text, tokens, close + 3, end - 1) if len(item.split()) > 1)
        source, table = (text[tokens[data + 2].start:tokens[j].end + 1] for j in (stop - 1, alias - 2))
        edits.append((tokens[i].start, tokens[end - 1].end + 1,
                      f"{source} CROSS JOIN (SELECT {scores} FROM {table} AS scored)"))
    return edited(text, tokens, edits, dialect) if edits else (text, tokens)


def _copy_field_positions_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Synapse's and Fabric's ``COPY INTO t (c [DEFAULT v] n, ...)``, each column with the position of the field that
    fills it (and its default), as ``COPY INTO t (c, ...)``: a file's fields have no names of their own, so a column
    comes from the file whichever field it is.

    >>> sql = "copy into s.t (a default 0 1, b 2) from 'https://x/f/' with (file_type = 'CSV')"
    >>> _copy_field_positions_left_out(sql, tokens_of(sql, "tsql"), "tsql")[0]
    "copy into s.t (a, b) from 'https://x/f/' with (file_type = 'CSV')"
    """
    opening = name_end(tokens, 2)
    if opening >= len(tokens) or tokens[opening].token_type != TokenType.L_PAREN:
        return text, tokens
    close = group_end(tokens, opening) - 1
    edits, start = [], opening + 1
    for index in range(opening + 1, close + 1):
        if index == close or tokens[index].token_type == TokenType.COMMA:
            if index - start > 1:  # (a name alone stays)
                edits.append((tokens[start].end + 1, tokens[index - 1].end + 1, ""))
            start = index + 1
    return edited(text, tokens, edits, dialect) if edits else (text, tokens)


#: The statements SQL Server's composable DML nests (``INSERT ... SELECT ... FROM (<dml> OUTPUT ...) AS c``), and the
#: clauses of an UPDATE or DELETE after its OUTPUT.
_NESTED_DML = frozenset({"MERGE", "INSERT", "UPDATE", "DELETE"})
_AFTER_OUTPUT = frozenset({"FROM", "WHERE", "OPTION"})


def _composable_dml(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """SQL Server's composable DML, ``INSERT INTO t [(a, b)] SELECT x, y FROM (<MERGE | INSERT | UPDATE | DELETE ...>
    OUTPUT o1, o2 ...) AS c (x, y) [WHERE ...]``, as the nested statement with its OUTPUT into t, ``<dml> OUTPUT o1, o2
    INTO t (a, b)``, which is read (its write, and t's columns from the output values): the outer SELECT's columns,
    each one of c's, in the order it names them, or a value of none of them (``GETDATE()``, a constant), the same in
    the OUTPUT list. The outer WHERE (which rows of the output go on) is left out. The statement itself when it is no
    such INSERT, or its SELECT computes a column from c's.

    >>> sql = ("insert into audit (k, v) select v, k from (delete from c output deleted.id, deleted.ssn where id < 0) "
    ...        "as o (k, v) where k > 5")
    >>> _composable_dml(sql, tokens_of(sql, "tsql"), "tsql")[0]
    'delete from c output deleted.ssn, deleted.id INTO audit (k, v) where id < 0'
    """
    levels, words = depths(tokens), [word_of(t) for t in tokens]
    select = next((i for i, w in enumerate(words) if w == "SELECT" and levels[i] == 0), None)
    source = next((i for i in range(select or 0, len(tokens)) if words[i] == "FROM" and levels[i] == 0), None) \
        if select is not None else None
    if source is None or source + 2 >= len(tokens) or tokens[source + 1].token_type != TokenType.L_PAREN \
            or words[source + 2] not in _NESTED_DML:
        return text, tokens
    close = group_end(tokens, source + 1) - 1
    inner = [j for j in range(source + 2, close) if levels[j] == 1]
    output = next((j for j in reversed(inner) if words[j] == "OUTPUT"), None)
    if output is None:
        return text, tokens
    out_end = next((j for j in inner if j > output and words[j] in _AFTER_OUTPUT), close)
    outputs = _top_level_items(text, tokens, output + 1, out_end)
    after = close + 1 + (words[close + 1:close + 2] == ["AS"])  # the alias, then its column names if any
    named = after + 1 < len(tokens) and tokens[after + 1].token_type == TokenType.L_PAREN
    stop = group_end(tokens, after + 1) if named else after + 1
    listed = [item.strip().upper() for item in _top_level_items(text, tokens, after + 2, stop - 1)] if named else [
        re.split(r"\s+AS\s+|\.", item.strip(), flags=re.IGNORECASE)[-1].upper() for item in outputs]
    items = [item.strip() for item in _top_level_items(text, tokens, select + 1, source)]
    chosen = [item.split(".")[-1].strip("[]").upper() for item in items]
    # (an item of none of c's columns, GETDATE() or a constant, is the same value in the OUTPUT list)
    own = [name not in listed and "*" not in item and not any(  # (a star is c's columns: no value of its own)
        re.search(rf"(?<![\w@#$]){re.escape(column)}(?![\w$])", item, re.IGNORECASE) for column in listed)
        for name, item in zip(chosen, items)]
    if after >= len(tokens) or len(listed) != len(outputs) \
            or any(name not in listed and not free for name, free in zip(chosen, own)):
        return text, tokens
    target = text[tokens[1].start:tokens[select - 1].end + 1]  # [INTO] t [(a, b)]
    target = target[4:].strip() if target[:4].upper() == "INTO" else target.strip()
    written = ", ".join(item if free else outputs[listed.index(name)].strip()
                        for name, item, free in zip(chosen, items, own))
    nested = (text[tokens[source + 2].start:tokens[output].end + 1] + f" {written} INTO {target}"
              + (" " + text[tokens[out_end].start:tokens[close - 1].end + 1] if out_end < close else ""))
    return nested, tokens_of(nested, dialect)


#: What makes a SQL Server database another's contents: ``AS COPY OF``, ``AS SNAPSHOT OF``, ``FOR ATTACH``.
_OTHER_DATABASES_CONTENTS = (["AS", "COPY"], ["AS", "SNAPSHOT"], ["FOR", "ATTACH"], ["FOR", "ATTACH_REBUILD_LOG"])


def _typed_xml_plain(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """SQL Server's typed xml, ``xml([CONTENT | DOCUMENT] schema_collection)`` (SSMS scripts it ``[xml](CONTENT
    [s].[c])``), as ``xml``: the schemas its values are checked against, no column's.

    >>> sql = "create table t (id int, resume [xml](CONTENT [hr].[ResumeSchema]) NULL)"
    >>> _typed_xml_plain(sql, tokens_of(sql, "tsql"), "tsql")[0]
    'create table t (id int, resume [xml] NULL)'
    """
    edits = [(tokens[i].end + 1, tokens[group_end(tokens, i + 1) - 1].end + 1, "") for i in range(1, len(tokens) - 1)
             if (tokens[i].text.lower() == "xml") and tokens[i + 1].token_type == TokenType.L_PAREN
             and tokens[i - 1].token_type in (TokenType.VAR, TokenType.IDENTIFIER)]
    return edited(text, tokens, edits, dialect) if edits else (text, tokens)


#: The words a query starts with: where a clause before it (Trino's ``WITH SESSION``) ends.
_QUERY_STARTS = frozenset({"SELECT", "WITH", "VALUES", "TABLE", "FROM"})


def _session_properties_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Trino's ``WITH SESSION name = value [, ...] <query>`` (select.md: session properties "for the processing of
    the current SELECT statement only") as the query alone: the properties change no object and no name's meaning.

    >>> sql = "with session query_max_execution_time = '2h', c.p = true select a from t"
    >>> _session_properties_left_out(sql, tokens_of(sql, "trino"), "trino")[0]
    'select a from t'
    """
    levels = depths(tokens)
    start = next((i for i in range(2, len(tokens)) if not levels[i] and word_of(tokens[i]) in _QUERY_STARTS), None)
    if start is None:
        return text, tokens
    return edited(text, tokens, [(0, tokens[start].start, "")], dialect)


def _nearest_as_lateral(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Trino's ``JOIN NEAREST (FROM r [WHERE c] MATCH m)`` (select.md: the row of ``r`` nearest by ``m``, "shorthand
    for a lateral subquery") as that lateral subquery, named as ``r`` is: ``JOIN LATERAL (SELECT * FROM r WHERE (c)
    AND (m)) AS r`` (the order that picks the nearest row reads the columns ``m`` reads).

    >>> sql = "select q.p from t cross join nearest (from s.quotes q where q.k = t.k match q.ts <= t.ts)"
    >>> _nearest_as_lateral(sql, tokens_of(sql, "trino"), "trino")[0]
    'select q.p from t cross join LATERAL (SELECT * FROM s.quotes q WHERE (q.k = t.k) AND (q.ts <= t.ts)) AS q'
    """
    levels = depths(tokens)
    edits = []
    for index, token in enumerate(tokens[:-2]):
        if word_of(token) != "NEAREST" or tokens[index + 1].token_type != TokenType.L_PAREN \
                or word_of(tokens[index + 2]) != "FROM" or word_of(tokens[index - 1]) != "JOIN":
            continue
        end, depth = group_end(tokens, index + 1), levels[index + 1] + 1
        inside = range(index + 3, end - 1)
        match = next((i for i in inside if levels[i] == depth and word_of(tokens[i]) == "MATCH"), None)
        where = next((i for i in inside if levels[i] == depth and word_of(tokens[i]) == "WHERE"), None)
        if match is None or match <= index + 3:
            continue
        relation_end = where if where is not None and where < match else match
        relation = text[tokens[index + 3].start:tokens[relation_end - 1].end + 1]
        alias = text[tokens[relation_end - 1].start:tokens[relation_end - 1].end + 1]
        condition = text[tokens[relation_end + 1].start:tokens[match - 1].end + 1] if relation_end == where else None
        matched = text[tokens[match + 1].start:tokens[end - 2].end + 1]
        conditions = f"({condition}) AND ({matched})" if condition else f"({matched})"
        edits.append((token.start, tokens[end - 1].end + 1,
                      f"LATERAL (SELECT * FROM {relation} WHERE {conditions}) AS {alias}"))
    return edited(text, tokens, edits, dialect)


def _pattern_subsets_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A ``MATCH_RECOGNIZE``'s ``SUBSET u = (b, c) [, ...]`` (match-recognize.md: a union of pattern variables),
    which sqlglot cannot read, left out, and a column qualified by ``u`` qualified by its first variable: the
    input's column all the same, as one qualified by ``b`` is.

    >>> sql = "select * from t match_recognize (measures last(u.p) as l pattern (a b) subset u = (a, b) define b as p)"
    >>> _pattern_subsets_left_out(sql, tokens_of(sql, "trino"), "trino")[0]
    'select * from t match_recognize (measures last(a.p) as l pattern (a b) define b as p)'
    """
    levels = depths(tokens)
    edits, unions = [], {}
    for index, token in enumerate(tokens):
        if word_of(token) != "SUBSET":
            continue
        end = next((i for i in range(index + 1, len(tokens)) if levels[i] < levels[index] or (
            levels[i] == levels[index] and word_of(tokens[i]) in ("DEFINE", "PATTERN", "INITIAL", "SEEK"))),
                   len(tokens))
        edits.append((token.start, tokens[end].start if end < len(tokens) else len(text), ""))
        for item in _items(tokens, levels, index + 1, end, levels[index]):  # u = (b, c)
            if len(item) > 3 and tokens[item[1]].token_type == TokenType.EQ:
                unions[tokens[item[0]].text.casefold()] = tokens[item[3]].text
    for index, token in enumerate(tokens[:-1]):
        if tokens[index + 1].token_type == TokenType.DOT and token.text.casefold() in unions \
                and (index == 0 or tokens[index - 1].token_type != TokenType.DOT):
            edits.append((token.start, token.end + 1, unions[token.text.casefold()]))
    return edited(text, tokens, edits, dialect)


def _json_array_clauses_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """``json_array(...)``'s clauses sqlglot cannot read (json.md: ``{NULL | ABSENT} ON NULL``, ``RETURNING type
    [FORMAT JSON [ENCODING e]]``) left out: they decide how the value is written, never what is read.

    >>> sql = "select json_array(a, b absent on null returning varchar(100)) from t"
    >>> _json_array_clauses_left_out(sql, tokens_of(sql, "trino"), "trino")[0]
    'select json_array(a, b  ) from t'
    """
    levels = depths(tokens)
    edits = []
    for index, token in enumerate(tokens[:-1]):
        if (token.text.lower() != "json_array") or tokens[index + 1].token_type != TokenType.L_PAREN:
            continue
        end, depth = group_end(tokens, index + 1), levels[index + 1] + 1
        for i in range(index + 2, end - 1):
            if levels[i] != depth:
                continue
            if word_of(tokens[i]) in ("NULL", "ABSENT") and [word_of(t) for t in tokens[i + 1:i + 3]] == ["ON", "NULL"]:
                edits.append((tokens[i].start, tokens[i + 2].end + 1, ""))
            elif word_of(tokens[i]) == "RETURNING":
                edits.append((tokens[i].start, tokens[end - 2].end + 1, ""))
                break
    return edited(text, tokens, edits, dialect)


#: The JSON functions whose input (``j FORMAT JSON [ENCODING e]``) or result (``RETURNING type [FORMAT JSON ...]``)
#: may be given a format sqlglot cannot read (json_array's result: :func:`_json_array_clauses_left_out`).
_FORMATTED_JSON_CALLS = frozenset({"json_array", "json_query", "json_value", "json_exists"})
#: What ends json_query's and json_value's ``RETURNING type`` (their wrapper, quotes, empty and error clauses).
_AFTER_RETURNING = frozenset({"WITHOUT", "KEEP", "OMIT", "NULL", "ERROR", "EMPTY", "DEFAULT", "FORMAT"})


def _json_formats_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Trino's JSON functions without the formats sqlglot cannot read (json.md: an input's ``FORMAT JSON [ENCODING
    UTF8 | UTF16 | UTF32]``, json_query's and json_value's ``RETURNING type [FORMAT JSON ...]``): they say how a
    value is read or written, never which value.

    >>> sql = "select json_value(c FORMAT JSON, 'lax $.a' RETURNING varchar(10) DEFAULT '' ON EMPTY) from t"
    >>> _json_formats_left_out(sql, tokens_of(sql, "trino"), "trino")[0]
    "select json_value(c , 'lax $.a'  DEFAULT '' ON EMPTY) from t"
    """
    levels = depths(tokens)
    edits = []
    for index, token in enumerate(tokens[:-1]):
        name = token.text.lower()
        if name not in _FORMATTED_JSON_CALLS or tokens[index + 1].token_type != TokenType.L_PAREN:
            continue
        end, depth = group_end(tokens, index + 1), levels[index + 1] + 1
        i = index + 2
        while i < end - 1:
            if levels[i] == depth and word_of(tokens[i]) == "FORMAT" and word_of(tokens[i + 1]) == "JSON":
                stop = i + 3 if i + 3 < end - 1 and word_of(tokens[i + 2]) == "ENCODING" else i + 1
                edits.append((tokens[i].start, tokens[stop].end + 1, ""))
                i = stop + 1
            elif levels[i] == depth and word_of(tokens[i]) == "RETURNING" and name != "json_array":
                stop = i + 1
                while stop < end - 1 and not (levels[stop] == depth and (
                        word_of(tokens[stop]) in _AFTER_RETURNING or word_of(tokens[stop]) == "WITH"
                        and word_of(tokens[stop + 1]) in ("ARRAY", "CONDITIONAL", "UNCONDITIONAL", "WRAPPER"))):
                    stop += 1
                edits.append((tokens[i].start, tokens[stop - 1].end + 1, ""))
                i = stop
            else:
                i += 1
    return edited(text, tokens, edits, dialect)


def _pair_aggregates_without_distinct(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """``corr(DISTINCT x, y)``, ``covar_samp``'s and ``covar_pop``'s without the DISTINCT sqlglot cannot read with
    two arguments: which rows count, never which columns are read.

    >>> sql = "select corr(distinct a, b), covar_samp(DISTINCT a, b) from t"
    >>> _pair_aggregates_without_distinct(sql, tokens_of(sql, "trino"), "trino")[0]
    'select corr( a, b), covar_samp( a, b) from t'
    """
    edits = [(tokens[i + 2].start, tokens[i + 2].end + 1, "") for i in range(len(tokens) - 2)
             if tokens[i].text.lower() in ("corr", "covar_samp", "covar_pop")
             and tokens[i + 1].token_type == TokenType.L_PAREN and word_of(tokens[i + 2]) == "DISTINCT"]
    return edited(text, tokens, edits, dialect)


def _inner_semantics_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A row pattern's measure without the ``RUNNING`` / ``FINAL`` of a call inside a call (``PREV(RUNNING
    LAST(p))``), which sqlglot reads only where a measure starts: which row a value is taken at, never which column.

    >>> sql = "select * from t match_recognize (measures prev(running last(p)) as v, final last(q) as w pattern (a))"
    >>> _inner_semantics_left_out(sql, tokens_of(sql, "trino"), "trino")[0]
    'select * from t match_recognize (measures prev( last(p)) as v, final last(q) as w pattern (a))'
    """
    edits = [(tokens[i].start, tokens[i].end + 1, "") for i in range(1, len(tokens) - 2)
             if word_of(tokens[i]) in ("RUNNING", "FINAL") and tokens[i - 1].token_type == TokenType.L_PAREN
             and tokens[i + 2].token_type == TokenType.L_PAREN]
    return edited(text, tokens, edits, dialect)


def _values_branches_as_queries(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A bracketed set operation whose first branch is a bare ``VALUES`` (Trino's ``(VALUES 1, 2 EXCEPT SELECT ...)``,
    which sqlglot cannot read) with that branch written as the query of its rows, ``SELECT * FROM (VALUES ...)``.

    >>> sql = "select x from (values 1, 2 union select k from t) u(x)"
    >>> _values_branches_as_queries(sql, tokens_of(sql, "trino"), "trino")[0]
    'select x from (SELECT * FROM (values 1, 2 ) union select k from t) u(x)'
    """
    levels = depths(tokens)
    edits = []
    for i in range(len(tokens) - 1):
        if tokens[i].token_type != TokenType.L_PAREN or word_of(tokens[i + 1]) != "VALUES":
            continue
        end, depth = group_end(tokens, i), levels[i] + 1
        operation = next((k for k in range(i + 2, end - 1) if levels[k] == depth
                          and word_of(tokens[k]) in ("UNION", "EXCEPT", "INTERSECT")), None)
        if operation is not None:
            edits += [(tokens[i + 1].start, tokens[i + 1].start, "SELECT * FROM ("),
                      (tokens[operation].start, tokens[operation].start, ") ")]
    return edited(text, tokens, edits, dialect)


def _inline_routines_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Trino's inline functions as sqlglot reads them: a Python one's ``LANGUAGE PYTHON [WITH (...)] AS $$ ... $$``
    (udf/python.md) as ``RETURN coalesce(<its arguments>)``, a value computed from all of them (as any function not
    written in SQL is read); a SQL one's ``FOR v IN a TO b DO ... END FOR`` loop (udf/sql/for.md) as ``WHILE v
    BETWEEN a AND b DO ... END WHILE``, which reads the same.

    >>> sql = "with function f(x int, y int) returns int language python with (handler = 'h') as $$ $$ select f(a, b)"
    >>> _inline_routines_written_out(sql, tokens_of(sql, "trino"), "trino")[0]
    'with function f(x int, y int) returns int RETURN coalesce(x, y) select f(a, b)'
    """
    words = [word_of(token) for token in tokens]
    edits = []
    for index, word in enumerate(words):
        if word == "FUNCTION" and index + 2 < len(tokens) and tokens[index + 2].token_type == TokenType.L_PAREN:
            end = group_end(tokens, index + 2)
            arguments = [text[tokens[i].start:tokens[i].end + 1] for i in range(index + 3, end - 1)
                         if tokens[i - 1].token_type in (TokenType.L_PAREN, TokenType.COMMA) and i - 1 >= index + 2]
            language = next((i for i in range(end, len(tokens)) if words[i] in ("LANGUAGE", "FUNCTION", "SELECT")),
                            None)
            if language is None or words[language] != "LANGUAGE" or words[language + 1] == "SQL":
                continue
            opening = next((i for i in range(language, len(tokens)) if tokens[i].text == "$$"), None)
            closing = next((i for i in range((opening or len(tokens)) + 1, len(tokens)) if tokens[i].text == "$$"),
                           None)
            if closing is not None:
                edits.append((tokens[language].start, tokens[closing].end + 1,
                              f"RETURN coalesce({', '.join(arguments)})"))
        elif word == "FOR" and index + 4 < len(tokens) and words[index + 2] == "IN" \
                and words[index - 1] != "END":
            to = next((i for i in range(index + 3, len(tokens)) if words[i] in ("TO", "DO")), None)
            do = next((i for i in range(index + 3, len(tokens)) if words[i] == "DO"), None)
            if to is None or do is None or words[to] != "TO":
                continue
            edits += [(tokens[index].start, tokens[index].end + 1, "WHILE"),
                      (tokens[index + 2].start, tokens[index + 2].end + 1, "BETWEEN"),
                      (tokens[to].start, tokens[to].end + 1, "AND")]
        elif word == "FOR" and words[index - 1] == "END":
            edits.append((tokens[index].start, tokens[index].end + 1, "WHILE"))
    return edited(text, tokens, edits, dialect)


#: The clauses of a window's row pattern recognition (pattern-recognition-in-window.md), and the frame's first words
#: (which stay).
_WINDOW_PATTERN_CLAUSES = frozenset({"MEASURES", "AFTER", "INITIAL", "SEEK", "PATTERN", "SUBSET", "DEFINE"})
_FRAME_STARTS = frozenset({"ROWS", "RANGE", "GROUPS"})


def _window_patterns_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Trino's row pattern recognition in a window (``OVER (... MEASURES m AS v ... PATTERN (...) DEFINE b AS c)``,
    pattern-recognition-in-window.md), which sqlglot cannot read, as a plain window: a measure called over it (``v
    OVER w``) is its expression (``(m) OVER w``, without ``RUNNING`` / ``FINAL``), and the ``DEFINE`` conditions,
    which decide the rows a match covers, are read as the window's ORDER BY is (added to it; left out with none).

    >>> sql = ("select v over w from t window w as (order by d measures running last(p) as v rows current row "
    ...        "pattern (a b+) define b as p < prev(p))")
    >>> _window_patterns_written_out(sql, tokens_of(sql, "trino"), "trino")[0]
    'select (last(p)) over w from t window w as (order by d, (p < prev(p))  rows current row  )'
    """
    levels = depths(tokens)
    words = [word_of(token) for token in tokens]
    edits, measures = [], {}
    for opener, token in enumerate(tokens):
        if token.token_type != TokenType.L_PAREN or opener == 0 or words[opener - 1] not in ("OVER", "AS"):
            continue
        closer, depth = group_end(tokens, opener) - 1, levels[opener] + 1
        marks = [i for i in range(opener + 1, closer) if levels[i] == depth
                 and words[i] in _WINDOW_PATTERN_CLAUSES | _FRAME_STARTS | {"ORDER", "ORDER BY"}]
        if not any(words[i] == "PATTERN" for i in marks):
            continue
        spans = list(zip(marks, marks[1:] + [closer]))
        # the pattern's variables (DEFINE b AS ...), whose names qualify columns (b.p: the column p of its rows)
        variables = {words[item[0]] for start, stop in spans if words[start] == "DEFINE"
                     for item in _items(tokens, levels, start + 1, stop, depth)}
        conditions = []
        for start, stop in spans:
            if words[start] not in _WINDOW_PATTERN_CLAUSES:
                continue
            edits.append((tokens[start].start, tokens[stop - 1].end + 1, ""))
            if words[start] in ("MEASURES", "DEFINE"):
                for item in _items(tokens, levels, start + 1, stop, depth):
                    named = len(item) > 2 and words[item[-2]] == "AS"
                    first = item[0] + (words[item[0]] in ("RUNNING", "FINAL"))
                    if words[start] == "MEASURES" and named and first < item[-2]:
                        value = _unqualified(text, tokens, first, item[-3], variables)
                        # (a call of no argument, CLASSIFIER(), as it is: sqlglot cannot read (f()) OVER w)
                        called = item[-3] - first == 2 and tokens[first + 1].token_type == TokenType.L_PAREN
                        measures[tokens[item[-1]].text.casefold()] = value if called else f"({value})"
                    elif words[start] == "DEFINE" and len(item) > 2 and words[item[1]] == "AS":
                        conditions.append(_unqualified(text, tokens, item[2], item[-1], variables))
        order = next(((start, stop) for start, stop in spans if words[start] in ("ORDER", "ORDER BY")), None)
        if order is not None and conditions:
            edits.append((tokens[order[1] - 1].end + 1, tokens[order[1] - 1].end + 1,
                          "".join(f", ({condition})" for condition in conditions)))
    for index, token in enumerate(tokens[:-1]):
        if words[index + 1] == "OVER" and token.text.casefold() in measures \
                and token.token_type in (TokenType.VAR, TokenType.IDENTIFIER):
            edits.append((token.start, token.end + 1, measures[token.text.casefold()]))
    return edited(text, tokens, edits, dialect)


def _unqualified(text: str, tokens: list[Token], first: int, last: int, variables: set[str | None]) -> str:
    """The text of ``tokens[first:last + 1]`` without the pattern variables that qualify its columns (``b.p``: p)."""
    pieces, at = [], tokens[first].start
    for i in range(first, last):
        if word_of(tokens[i]) in variables and tokens[i + 1].token_type == TokenType.DOT:
            pieces.append(text[at:tokens[i].start])
            at = tokens[i + 1].end + 1
    return "".join(pieces) + text[at:tokens[last].end + 1]


def _items(tokens: list[Token], levels: list[int], start: int, stop: int, depth: int) -> list[list[int]]:
    """The indexes of each item of a comma-separated list from ``start`` to ``stop`` at ``depth``."""
    items: list[list[int]] = [[]]
    for i in range(start, stop):
        if levels[i] == depth and tokens[i].token_type == TokenType.COMMA:
            items.append([])
        else:
            items[-1].append(i)
    return [item for item in items if item]


def _pivot_slots_wrapped(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Trino's and Spark's PIVOT aggregation that is an expression over aggregates (Trino's pivot.md: ``avg(amount) *
    100 AS pct``, ``sum(amount) - sum(refund) AS net``; Spark's pivot tests: ``avg(earnings) + 1 AS a1``), where
    sqlglot reads only a call: the expression as the one argument of
    ``coalesce(...)``, a call of the same value that reads the same columns, its alias kept.

    >>> sql = "select * from s pivot (sum(a) - sum(b) as net, count(*) for m in (1 as jan))"
    >>> _pivot_slots_wrapped(sql, tokens_of(sql, "trino"), "trino")[0]
    'select * from s pivot (coalesce(sum(a) - sum(b)) as net, count(*) for m in (1 as jan))'
    """
    levels = depths(tokens)
    edits = []
    for index, token in enumerate(tokens[:-1]):
        if word_of(token) != "PIVOT" or tokens[index + 1].token_type != TokenType.L_PAREN:
            continue
        start, depth = index + 2, levels[index + 1] + 1
        end = next((i for i in range(start, len(tokens)) if levels[i] == depth and word_of(tokens[i]) == "FOR"), None)
        if end is None:
            continue
        cuts = [start] + [i + 1 for i in range(start, end) if levels[i] == depth
                          and tokens[i].token_type == TokenType.COMMA] + [end + 1]
        for first, stop in zip(cuts, cuts[1:]):
            last = stop - 2  # the slot's last token (before its comma or FOR)
            aliased = last - first >= 2 and (word_of(tokens[last - 1]) == "AS" or tokens[last - 1].token_type in (
                TokenType.R_PAREN, TokenType.NUMBER)) and tokens[last].token_type in (TokenType.VAR,
                                                                                    TokenType.IDENTIFIER)
            value_end = last - (2 if word_of(tokens[last - 1]) == "AS" else 1) if aliased else last
            if value_end <= first or (group_end(tokens, first + 1) == value_end + 1
                                      and tokens[first + 1].token_type == TokenType.L_PAREN):
                continue  # one call
            edits += [(tokens[first].start, tokens[first].start, "coalesce("),
                      (tokens[value_end].end + 1, tokens[value_end].end + 1, ")")]
    return edited(text, tokens, edits, dialect)


#: The verbs of Trino's statements that may name an Iceberg branch (:func:`_branches_written_out`).
_BRANCH_VERBS = frozenset({"INSERT", "MERGE", "UPDATE", "DELETE", "CREATE", "DROP", "ALTER"})


def _branches_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Trino's Iceberg branches as forms read here: a write to a branch (``INSERT INTO t @ b``, ``MERGE INTO t @ b``,
    ``UPDATE t @ b``, ``DELETE FROM t @ b``) is a write of the table, the branch left out (sqlglot cannot read it);
    ``CREATE [OR REPLACE] BRANCH [IF NOT EXISTS] b ... IN TABLE t [FROM s]`` and ``DROP BRANCH [IF EXISTS] b IN
    TABLE t`` as Spark's ``ALTER TABLE t {CREATE | DROP} BRANCH b`` (an ALTER of t, no column); ``ALTER BRANCH b IN
    TABLE t FAST FORWARD TO c`` (b's rows made c's) as the table procedure of Iceberg's procedure of that meaning,
    ``ALTER TABLE t EXECUTE fast_forward('b', 'c')``, which writes t.

    >>> sql = "insert into s.t @ audit select * from n"
    >>> _branches_written_out(sql, tokens_of(sql, "trino"), "trino")[0]
    'insert into s.t select * from n'
    >>> sql = "alter branch main in table t fast forward to audit"
    >>> _branches_written_out(sql, tokens_of(sql, "trino"), "trino")[0]
    "ALTER TABLE t EXECUTE fast_forward('main', 'audit')"
    """
    words = [word_of(token) for token in tokens]
    verb = words[0]
    if verb in ("INSERT", "MERGE", "UPDATE", "DELETE"):
        at = 1 + (verb != "UPDATE" and len(words) > 1 and words[1] in ("INTO", "FROM"))
        end = name_end(tokens, at) if at < len(tokens) else at
        if end + 1 < len(tokens) and tokens[end].token_type == TokenType.PARAMETER and tokens[end].text == "@" \
                and tokens[end + 1].token_type in (TokenType.VAR, TokenType.IDENTIFIER):
            return edited(text, tokens, [(tokens[end - 1].end + 1, tokens[end + 1].end + 1, "")], dialect)
        return text, tokens
    at = words.index("BRANCH") if "BRANCH" in words[:4] else None
    inside = next((i for i in range(len(words) - 2) if words[i:i + 2] == ["IN", "TABLE"]), None)
    if at is None or inside is None or words[:at] not in (["CREATE"], ["CREATE", "OR", "REPLACE"], ["DROP"], ["ALTER"]):
        return text, tokens
    branch = at + 1 + 2 * (words[at + 1:at + 3] == ["IF", "EXISTS"]) \
        + 3 * (words[at + 1:at + 4] == ["IF", "NOT", "EXISTS"])
    end = name_end(tokens, inside + 2)
    table = text[tokens[inside + 2].start:tokens[end - 1].end + 1]
    if verb != "ALTER":
        name = text[tokens[branch].start:tokens[branch].end + 1]
        return edited(text, tokens, [(0, len(text), f"ALTER TABLE {table} {verb} BRANCH {name}")], dialect)
    if words[end:end + 3] == ["FAST", "FORWARD", "TO"] and end + 3 < len(tokens):
        written = f"ALTER TABLE {table} EXECUTE fast_forward('{tokens[branch].text}', '{tokens[end + 3].text}')"
        return edited(text, tokens, [(0, len(text), written)], dialect)
    return text, tokens


#: The metadata columns of an Iceberg changelog view, after the table's own (Iceberg's Spark procedures page).
_CHANGELOG_COLUMNS = "CAST(NULL AS STRING) AS _change_type, CAST(NULL AS INT) AS _change_ordinal, " \
    "CAST(NULL AS BIGINT) AS _commit_snapshot_id"


def _iceberg_copies_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Iceberg's Spark procedures that make an object from a table, as the statements of that meaning: ``CALL
    [catalog.]system.snapshot(source_table => 'db.t', table => 'db.snap')`` ("a light-weight temporary copy of a
    table", its schema and its data files, the source a table of Spark's session catalog) as ``CREATE TABLE
    catalog.db.snap SHALLOW CLONE spark_catalog.db.t``; ``CALL [catalog.]system.create_changelog_view(table =>
    'db.t' [, changelog_view => 'v'])`` ("creates a view that contains the changes from a given table": its
    columns and ``_change_type``, ``_change_ordinal``, ``_commit_snapshot_id``; named ``<t>_changes`` unless named)
    as a temporary view of the table with those columns; ``CALL [catalog.]system.register_table(table => 'db.t',
    metadata_file => '...')`` ("Creates a catalog entry for a metadata.json file which already exists") as ``CREATE
    TABLE catalog.db.t USING iceberg``, its columns unknown (the log does not give the file). Arguments by name or by
    position.

    >>> sql = "CALL cat.system.snapshot('db.sample', 'db.snap')"
    >>> _iceberg_copies_written_out(sql, tokens_of(sql, "spark"), "spark")[0]
    'CREATE TABLE cat.db.snap SHALLOW CLONE spark_catalog.db.sample'
    >>> sql = "CALL system.create_changelog_view(table => 'db.tbl', options => map('start-snapshot-id', '1'))"
    >>> _iceberg_copies_written_out(sql, tokens_of(sql, "spark"), "spark")[0][:83]
    'CREATE TEMPORARY VIEW tbl_changes AS SELECT *, CAST(NULL AS STRING) AS _change_type'
    >>> sql = "CALL cat.system.register_table(table => 'db.reg', metadata_file => 's3://b/db/reg/metadata/3.json')"
    >>> _iceberg_copies_written_out(sql, tokens_of(sql, "spark"), "spark")[0]
    'CREATE TABLE cat.db.reg USING iceberg'
    """
    call = tokens_of(text[tokens[0].end + 1:], dialect)  # (Spark's tokenizer gives what follows CALL as one string)
    opening = next((i for i, token in enumerate(call) if token.token_type == TokenType.L_PAREN), None)
    parts = [word_of(token) for token in call[:opening or 0] if token.token_type != TokenType.DOT]
    if opening is None or len(parts) not in (2, 3) or parts[-2] != "SYSTEM" \
            or parts[-1] not in ("SNAPSHOT", "CREATE_CHANGELOG_VIEW", "REGISTER_TABLE"):
        return text, tokens
    levels, close = depths(call), group_end(call, opening) - 1
    order = {"SNAPSHOT": ("source_table", "table"), "REGISTER_TABLE": ("table", "metadata_file")}.get(
        parts[-1], ("table", "changelog_view"))
    given: dict[str, str] = {}
    for position, item in enumerate(_items(call, levels, opening + 1, close, levels[opening] + 1)):
        named = len(item) == 3 and call[item[1]].text == "=>"
        key = call[item[0]].text.casefold() if named else (order[position] if position < 2 else "")
        value = call[item[-1]]
        if value.token_type == TokenType.STRING and (named or len(item) == 1):
            given.setdefault(key, value.text)
    catalog = call[0].text if len(parts) == 3 else None

    def of(name: str, where: str | None) -> str:  # a name of two parts (db.t) in ``where``'s catalog
        return f"{where}.{name}" if where and len(exp.to_table(name, dialect=dialect).parts) == 2 else name

    try:
        if parts[-1] == "SNAPSHOT":
            if "source_table" not in given or "table" not in given:
                return text, tokens
            written = f"CREATE TABLE {of(given['table'], catalog)} SHALLOW CLONE " \
                      f"{of(given['source_table'], SPARK_SESSION_CATALOG)}"
        elif parts[-1] == "REGISTER_TABLE":
            if "table" not in given:
                return text, tokens
            written = f"CREATE TABLE {of(given['table'], catalog)} USING iceberg"
        else:
            if "table" not in given:
                return text, tokens
            table = of(given["table"], catalog)
            view = given.get("changelog_view") or f"{exp.to_table(given['table'], dialect=dialect).name}_changes"
            written = f"CREATE TEMPORARY VIEW {view} AS SELECT *, {_CHANGELOG_COLUMNS} FROM {table}"
    except SqlglotError:
        return text, tokens
    return edited(text, tokens, [(0, len(text), written)], dialect)


#: Where an alias may be defined that sqlglot cannot read, a GROUP BY's or a call's argument's
#: (:func:`.clickhouse.aliases_defined`), once an AS follows (:func:`_alias_may_be_defined`).
_GROUP_BY_OR_BRACKET = re.compile(r"\bgroup\s++by\b|\(", re.IGNORECASE)
#: An AS, which after a GROUP BY or a call's bracket may define an alias (a cast's AS too, and a select list's,
#: which the reader leaves).
_AS = re.compile(r"\bas\b", re.IGNORECASE)


def _alias_may_be_defined(text: str) -> bool:
    """Whether an AS follows the first GROUP BY or bracket: a quick look in linear time (each look runs in C, where
    the statement's time budget cannot stop it: a pattern that rescanned the text from every GROUP BY took 533 s on
    50,000 of them)."""
    first = _GROUP_BY_OR_BRACKET.search(text)
    return first is not None and _AS.search(text, first.end()) is not None
#: Where :func:`.clickhouse.spellings_read` may have a form to write otherwise.
_CLICKHOUSE_SPELLINGS = re.compile(r"^\s*+replace\b|\bclone\s++as\b|datetime32|\bttl\b|\bvalues\s++as\s*+\(|"
                                   r"\b(?:totals|rollup|cube)\s++settings\b|^\s*+alter\s++temporary\b",
                                   re.IGNORECASE)


def _json_arrows_bracketed(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A call's first argument ``name -> 'key'`` (or ``-> 0``) bracketed: sqlglot reads it as a lambda, which
    :func:`.parsing.json_arrows` turns back into the JSON operator once parsed, but an aggregate's ``ORDER BY`` after it
    (``jsonb_agg(items -> 'a' ORDER BY k)``) made the statement unreadable.

    >>> sql = "select jsonb_agg(items -> 'a' order by k), f(1, x -> 0) from t"
    >>> _json_arrows_bracketed(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    "select jsonb_agg((items -> 'a') order by k), f(1, (x -> 0)) from t"
    """
    edits = []
    for index in range(2, len(tokens) - 1):
        if (tokens[index].token_type == TokenType.ARROW and tokens[index - 1].token_type == TokenType.VAR
                and tokens[index - 2].token_type in (TokenType.L_PAREN, TokenType.COMMA)
                and tokens[index + 1].token_type in (TokenType.STRING, TokenType.NUMBER)):
            edits += [(tokens[index - 1].start, tokens[index - 1].start, "("),
                      (tokens[index + 1].end + 1, tokens[index + 1].end + 1, ")")]
    return edited(text, tokens, edits, dialect)


def _model_calls_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """BigQuery ML's functions of a model (``ML.EVALUATE(MODEL m, (query))``, ``ML.WEIGHTS(MODEL m)``,
    ``ML.CENTROIDS``, ``ML.FORECAST(MODEL m)`` ...), of which sqlglot reads only ``ML.PREDICT``, ``ML.GENERATE_TEXT``
    and ``ML.GENERATE_EMBEDDING`` with a table or a query after the model: written as ``ML.PREDICT`` (what is read is
    the same: the model, as the function computing the rows, and the table or query given; the call's name is in no
    record), a model alone (or with its options only) given an empty query.

    >>> sql = "select * from ML.WEIGHTS(MODEL `p.ds.m`) w join ML.EVALUATE(MODEL ds.m, (select a from t)) e on true"
    >>> _model_calls_written_out(sql, Dialect.get_or_raise("bigquery").tokenize(sql), "bigquery")[0]
    'select * from ML.PREDICT(MODEL `p.ds.m`, (SELECT 1)) w join ML.PREDICT(MODEL ds.m, (select a from t)) e on true'
    """
    edits = []
    for index in range(len(tokens) - 5):
        if not (word_of(tokens[index]) == "ML" and tokens[index + 1].token_type == TokenType.DOT
                and tokens[index + 3].token_type == TokenType.L_PAREN and word_of(tokens[index + 4]) == "MODEL"
                and tokens[index + 5].token_type in (TokenType.VAR, TokenType.IDENTIFIER)):
            continue  # (a function of a dataset ml whose argument is a column model: ml.norm(model))
        name = tokens[index + 2]
        if word_of(name) not in _READ_MODEL_CALLS:
            edits.append((name.start, name.end + 1, "PREDICT"))
        after = index + 5  # past the model's name: parts and dots
        while after + 1 < len(tokens) and tokens[after + 1].token_type == TokenType.DOT:
            after += 2
        following = tokens[after + 1] if after + 1 < len(tokens) else None
        struct = (following is not None and following.token_type == TokenType.COMMA and after + 3 < len(tokens)
                  and word_of(tokens[after + 2]) == "STRUCT")
        struct_end = group_end(tokens, after + 3) if struct else after + 1  # past the options' STRUCT(...)
        if struct and struct_end < len(tokens) and tokens[struct_end].token_type == TokenType.COMMA:
            # (MODEL m, STRUCT(...), TABLE t | (query)), ML.DETECT_ANOMALIES': the options moved after the data
            call_end = group_end(tokens, index + 3) - 1
            options = text[following.start:tokens[struct_end - 1].end + 1]
            edits += [(following.start, tokens[struct_end - 1].end + 1, ""),
                      (tokens[call_end].start, tokens[call_end].start, options)]
        elif following is not None and (following.token_type == TokenType.R_PAREN or struct):  # a model alone, or its
            edits.append((tokens[after].end + 1, tokens[after].end + 1, ", (SELECT 1)"))  # options only
    return edited(text, tokens, edits, dialect)


def _table_arguments_as_queries(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """BigQuery's table passed to a table-valued function (``ds.f(TABLE ds.orders, 'pencil')``, for its parameter of
    type ``TABLE<...>``), which sqlglot reads only in its own functions (``ML.PREDICT(MODEL m, TABLE t)``,
    ``VECTOR_SEARCH``): written as the query of the table's rows, ``ds.f((SELECT * FROM ds.orders), 'pencil')``, which
    it reads as a function's argument (the function's rows are computed from the table's).

    >>> sql = "select * from ds.f(TABLE ds.orders, 'x', TABLE `p.ds.u`) join ML.PREDICT(MODEL m, TABLE t) on true"
    >>> _table_arguments_as_queries(sql, Dialect.get_or_raise("bigquery").tokenize(sql), "bigquery")[0]
    "select * from ds.f((SELECT * FROM ds.orders), 'x', (SELECT * FROM `p.ds.u`)) join ML.PREDICT(MODEL m, TABLE t) on true"
    """
    edits = []
    level = depths(tokens)
    for index in range(1, len(tokens) - 1):
        if tokens[index].token_type != TokenType.TABLE \
                or tokens[index - 1].token_type not in (TokenType.L_PAREN, TokenType.COMMA) \
                or tokens[index + 1].token_type not in (TokenType.VAR, TokenType.IDENTIFIER):
            continue
        opened = next((back for back in range(index - 1, -1, -1) if tokens[back].token_type == TokenType.L_PAREN
                       and level[back] == level[index] - 1), None)  # the call's opening parenthesis
        if opened is None or opened == 0 or word_of(tokens[opened - 1]) in _TABLE_ARGUMENT_CALLS or (
                opened >= 3 and tokens[opened - 2].token_type == TokenType.DOT
                and word_of(tokens[opened - 3]) in _TABLE_ARGUMENT_NAMESPACES):
            continue
        end = index + 1  # the table's name: parts and dots
        while end + 2 < len(tokens) and tokens[end + 1].token_type == TokenType.DOT:
            end += 2
        edits += [(tokens[index].start, tokens[index + 1].start, "(SELECT * FROM "),
                  (tokens[end].end + 1, tokens[end].end + 1, ")")]
    return edited(text, tokens, edits, dialect)


def _replica_as_query(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """BigQuery's materialized view replica, ``CREATE MATERIALIZED VIEW r [OPTIONS (...)] AS REPLICA OF mv`` ("a
    replication of external Amazon S3, Apache Iceberg, or Salesforce Data Cloud data in a BigQuery dataset"), which
    sqlglot cannot read: written as the materialized view of ``SELECT * FROM mv``, the rows it replicates.

    >>> sql = "create materialized view ds.r options (replication_interval_seconds = 300) as replica of s3.mv"
    >>> _replica_as_query(sql, Dialect.get_or_raise("bigquery").tokenize(sql), "bigquery")[0]
    'create materialized view ds.r options (replication_interval_seconds = 300) as SELECT * FROM s3.mv'
    """
    for index in range(len(tokens) - 3):
        if tokens[index].token_type == TokenType.ALIAS and word_of(tokens[index + 1]) == "REPLICA" \
                and word_of(tokens[index + 2]) == "OF":
            return edited(text, tokens, [(tokens[index + 1].start, tokens[index + 3].start, "SELECT * FROM ")], dialect)
    return text, tokens


#: A BigQuery statement that may pass a table to a function (:func:`_table_arguments_as_queries`).
_TABLE_ARGUMENT = re.compile(r"[(,]\s*+TABLE\s", re.IGNORECASE)
#: The functions, and the namespaces of functions, whose ``TABLE t`` arguments sqlglot reads itself.
_TABLE_ARGUMENT_CALLS = frozenset({"VECTOR_SEARCH"})
_TABLE_ARGUMENT_NAMESPACES = frozenset({"ML", "AI"})


#: MySQL's ``REPLACE [LOW_PRIORITY | DELAYED] [INTO]`` (the rest of the statement is one opaque token to sqlglot).
_REPLACE = re.compile(r"\s*+(?:(?:LOW_PRIORITY|DELAYED)\s++)?(?:INTO\b\s*+)?", re.IGNORECASE)
#: MySQL's ``RENAME TABLE a TO b`` of one table (``a`` and ``b`` names, backquoted or not, with no white space).
_RENAME_ONE = re.compile(r"\s*+TABLES?\s++([^\s,;]++)\s++TO\s++([^\s,;]++)\s*+;?\s*+", re.IGNORECASE)


#: MySQL's ``LOAD DATA [LOW_PRIORITY | CONCURRENT] [LOCAL] INFILE 'file' [REPLACE | IGNORE] INTO TABLE t`` and its
#: options (no column list, no partition: no bracket after the table); a string of SQL's quotes or backslashes.
_LOAD_INFILE = re.compile(r"\s*+LOAD\s++DATA\s++(?:(?:LOW_PRIORITY|CONCURRENT)\s++)?(LOCAL\s++)?INFILE\s*+"
                          r"('(?:[^'\\]|\\.|'')*+')\s*+(?:(?:REPLACE|IGNORE)\s++)?INTO\s++TABLE\s++([^\s(;]++)[^(]*+",
                          re.IGNORECASE | re.DOTALL)
#: The same with a list of the columns (and user variables) the file's fields go to, then perhaps ``SET c = expr, ...``.
_LOAD_INFILE_LISTED = re.compile(_LOAD_INFILE.pattern
                                 + r"\((?P<columns>[^()]*+)\)\s*+(?:SET\s++(?P<set>.*?))?\s*+;?\s*+",
                                 re.IGNORECASE | re.DOTALL)
#: The partitions a MySQL ``LOAD DATA ... INTO TABLE t PARTITION (p0, ...)`` loads.
_LOAD_PARTITION = re.compile(r"(\bINTO\s++TABLE\s++[^\s(;]++)\s*+PARTITION\s*+\([^()]*+\)", re.IGNORECASE)
#: MySQL's ``LOAD XML``, whose other words are LOAD DATA's.
_LOAD_XML = re.compile(r"^(\s*+LOAD\s++)XML\b", re.IGNORECASE)
#: A column a ``SET`` of LOAD DATA assigns (``c = expr``, after the start or a comma, and any comments).
_LOAD_SET_COLUMN = re.compile(r"(?:^|,)(?:\s++|--[^\n]*+(?:\n|$)|#[^\n]*+(?:\n|$)|/\*.*?\*/)*+"
                              r"(`[^`]++`|\w++)\s*+=(?!=)", re.DOTALL)


def _load_columns(listed: str, assigned: str | None) -> list[str]:
    """The columns a MySQL ``LOAD DATA`` writes: those its list names (a user variable, ``@v``, is none) and those
    its ``SET`` assigns.

    >>> _load_columns("id, @d, `note`", "day = STR_TO_DATE(@d, '%Y-%m-%d'), amount = 0")
    ['id', '`note`', 'day', 'amount']
    >>> _load_columns("id, @pop", "-- messy data\\n pop = IF(@pop = 0, 100, @pop), /* fixed */ kind = 'point'")
    ['id', 'pop', 'kind']
    """
    names = [name.strip() for name in listed.split(",") if name.strip() and not name.strip().startswith("@")]
    names += [match[1] for match in _LOAD_SET_COLUMN.finditer(assigned or "")]
    return list(dict.fromkeys(names))


def _return_string_bracketed(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A Spark SQL function's ``RETURN 'x' || a || b``, a body that starts with a string and goes on, in brackets:
    sqlglot reads a string after RETURN as the whole body (``RETURN 'x'``) and keeps the CREATE opaque, its body lost.

    >>> sql = "CREATE FUNCTION f(a STRING) RETURNS STRING RETURN 'x' || a"
    >>> _return_string_bracketed(sql, tokens_of(sql, "databricks"), "databricks")[0]
    "CREATE FUNCTION f(a STRING) RETURNS STRING RETURN ('x' || a)"
    """
    if "FUNCTION" not in (word_of(token) for token in tokens[:6]):
        return text, tokens
    level = depths(tokens)
    at = next((i for i, token in enumerate(tokens) if level[i] == 0 and word_of(token) == "RETURN"), None)
    end = len(tokens) - (tokens[-1].token_type == TokenType.SEMICOLON)
    if at is None or at + 2 >= end or tokens[at + 1].token_type not in STRING_TOKENS:
        return text, tokens
    return edited(text, tokens, [(tokens[at + 1].start, tokens[at + 1].start, "("),
                                 (tokens[end - 1].end + 1, tokens[end - 1].end + 1, ")")], dialect)


def _json_table_responses_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MySQL's JSON_TABLE columns without what they give where the path finds nothing or an error (``{NULL | ERROR |
    DEFAULT json_string} ON {EMPTY | ERROR}``: a constant), and an ``EXISTS PATH`` column (1 where the path finds
    something) as a ``PATH`` one: each still reads the document, and sqlglot reads neither form.

    >>> sql = "select * from json_table(d, '$' columns (v int path '$.a' default '1' on empty null on error, " \\
    ...       "e int exists path '$.b')) j"
    >>> _json_table_responses_left_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    "select * from json_table(d, '$' columns (v int path '$.a', e int path '$.b')) j"
    """
    edits = []
    for start, token in enumerate(tokens):
        if word_of(token) != "JSON_TABLE" or start + 1 >= len(tokens) \
                or tokens[start + 1].token_type != TokenType.L_PAREN:
            continue
        for at in range(start + 2, group_end(tokens, start + 1) - 1):
            word = word_of(tokens[at])
            if word == "EXISTS" and word_of(tokens[at + 1]) == "PATH":
                edits.append((tokens[at].start, tokens[at + 1].start, ""))
            elif word == "ON" and word_of(tokens[at + 1]) in ("EMPTY", "ERROR"):
                before = at - 2 if word_of(tokens[at - 2]) == "DEFAULT" else at - 1
                if word_of(tokens[before]) in ("NULL", "ERROR", "DEFAULT"):  # (from the white space before it)
                    edits.append((tokens[before - 1].end + 1, tokens[at + 1].end + 1, ""))
    return edited(text, tokens, edits, dialect)


#: DuckDB's ``COPY t [(columns)] FROM | TO file.csv`` with its file's name unquoted (a path of a dot or a slash).
_BARE_COPY_FILE = re.compile(r"(\s*COPY\s+[\w.\"]+(?:\s*\([^()]*\))?\s+(?:FROM|TO)\s+)([^\s'\"();]*[./][^\s'\"();]*"
                             r"|\"[^\"]*[./][^\"]*\")(?=\s|\(|;|$)", re.IGNORECASE)


def _copy_file_quoted(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """DuckDB's ``COPY t FROM file.csv`` ("omitting quotes") and ``COPY t TO "file.csv"`` (in double quotes, as its
    docs write it too), which sqlglot keeps opaque or reads as a table's name: the file's name as a string.

    >>> sql = "COPY lineitem FROM lineitem.csv (HEADER)"
    >>> _copy_file_quoted(sql, tokens_of(sql, "duckdb"), "duckdb")[0]
    "COPY lineitem FROM 'lineitem.csv' (HEADER)"
    >>> sql = 'COPY lineitem TO "out/lineitem.csv"'
    >>> _copy_file_quoted(sql, tokens_of(sql, "duckdb"), "duckdb")[0]
    "COPY lineitem TO 'out/lineitem.csv'"
    """
    found = _BARE_COPY_FILE.match(text)
    if found is None:
        return text, tokens
    name = found[2][1:-1] if found[2].startswith('"') else found[2]
    return edited(text, tokens, [(found.start(2), found.end(2), "'" + name.replace("'", "''") + "'")], dialect)


def _privacy_clauses_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """BigQuery's ``SELECT WITH AGGREGATION_THRESHOLD [OPTIONS (...)]`` and ``SELECT WITH DIFFERENTIAL_PRIVACY
    [OPTIONS (...)]`` (a data clean room's analysis rules: which groups are returned, how values are noised), which
    sqlglot cannot read: the clause left out, the query kept (a privacy unit column its options name is not read).

    >>> sql = "select with aggregation_threshold options (threshold = 3) c, count(distinct d) n from t group by c"
    >>> _privacy_clauses_left_out(sql, tokens_of(sql, "bigquery"), "bigquery")[0]
    'select c, count(distinct d) n from t group by c'
    """
    edits = []
    for index in range(len(tokens) - 2):
        if word_of(tokens[index]) == "SELECT" and word_of(tokens[index + 1]) == "WITH" \
                and word_of(tokens[index + 2]) in ("AGGREGATION_THRESHOLD", "DIFFERENTIAL_PRIVACY"):
            end = index + 2
            if end + 2 < len(tokens) and word_of(tokens[end + 1]) == "OPTIONS" \
                    and tokens[end + 2].token_type == TokenType.L_PAREN:
                end = group_end(tokens, end + 2) - 1
            edits.append((tokens[index].end + 1, tokens[end].end + 1, ""))
    return edited(text, tokens, edits, dialect)


def _copy_option_commas_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Snowflake's ``COPY INTO`` with its options after the source separated by commas (``ON_ERROR = abort_statement,
    PURGE = TRUE``), as Snowflake takes a format's options, which sqlglot keeps opaque: the commas left out (each
    option is ``name = value``; a list of values is bracketed).

    >>> sql = "copy into t from @s file_format = (type = csv, skip_header = 1) on_error = continue, purge = true"
    >>> _copy_option_commas_left_out(sql, tokens_of(sql, "snowflake"), "snowflake")[0]
    'copy into t from @s file_format = (type = csv, skip_header = 1) on_error = continue purge = true'
    """
    levels = depths(tokens)
    start = next((i for i, token in enumerate(tokens) if levels[i] == 0 and word_of(token) == "FROM"), None)
    if start is None:
        return text, tokens
    edits = [(tokens[i].start, tokens[i].end + 1, "") for i in range(start + 1, len(tokens) - 2)
             if levels[i] == 0 and tokens[i].token_type == TokenType.COMMA and word_of(tokens[i + 1]) is not None
             and tokens[i + 2].token_type == TokenType.EQ]
    return edited(text, tokens, edits, dialect)


def _join_engine_kinds_quoted(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """ClickHouse's ``ENGINE = Join(strictness, INNER | CROSS, keys)`` (a table kept for joins), whose ``INNER`` and
    ``CROSS`` sqlglot does not read as an engine's argument, quoted as names (the CREATE was set aside, and ``SELECT *
    FROM j`` read no column; ``LEFT``, ``FULL`` were read).

    >>> sql = "CREATE TABLE j (k UInt64, s String) ENGINE = Join(ANY, INNER, k)"
    >>> _join_engine_kinds_quoted(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'CREATE TABLE j (k UInt64, s String) ENGINE = Join(ANY, `INNER`, k)'
    """
    edits = []
    for at in range(len(tokens) - 3):
        if word_of(tokens[at]) == "ENGINE" and tokens[at + 1].token_type == TokenType.EQ \
                and word_of(tokens[at + 2]) == "JOIN" and tokens[at + 3].token_type == TokenType.L_PAREN:
            for inner in range(at + 4, min(group_end(tokens, at + 3), len(tokens))):
                if word_of(tokens[inner]) in ("INNER", "CROSS"):
                    edits.append((tokens[inner].start, tokens[inner].end + 1, f"`{tokens[inner].text}`"))
    return edited(text, tokens, edits, dialect)


def _inline_primary_keys_bracketed(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """ClickHouse's ``PRIMARY KEY expr`` as an item of a CREATE TABLE's column list without brackets (``CREATE TABLE t
    (id UInt32, d String, PRIMARY KEY id)``), bracketed as sqlglot reads it (the CREATE was set aside, and the
    table's later reads had no columns).

    >>> sql = "create table t (id UInt32, d String, primary key id) engine = MergeTree order by id"
    >>> _inline_primary_keys_bracketed(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'create table t (id UInt32, d String, primary key (id)) engine = MergeTree order by id'
    """
    levels = depths(tokens)
    edits = []
    for at, token in enumerate(tokens):
        if word_of(token) != "PRIMARY KEY" or levels[at] != 1 or tokens[at - 1].token_type != TokenType.COMMA \
                or at + 1 >= len(tokens) or tokens[at + 1].token_type == TokenType.L_PAREN:
            continue
        last = at + 1  # (to the item's end: before the comma after it, or the bracket closing the list)
        while last + 1 < len(tokens) and levels[last + 1] >= 1 and not (
                levels[last + 1] == 1 and tokens[last + 1].token_type == TokenType.COMMA):
            last += 1
        edits += [(tokens[at + 1].start, tokens[at + 1].start, "("), (tokens[last].end + 1, tokens[last].end + 1, ")")]
    return edited(text, tokens, edits, dialect)


def _nested_columns_quoted(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """ClickHouse's ``ALTER TABLE t ADD | DROP | MODIFY | RENAME | CLEAR | COMMENT COLUMN [IF [NOT] EXISTS] n.key ...``:
    a Nested structure's column named by its dotted name unquoted, which ClickHouse takes as the one name ``n.key``,
    quoted so (the statement was read as an ALTER of a column ``n``, and ``n.key`` never learnt: later reads of it
    read no column).

    >>> sql = "ALTER TABLE t ADD COLUMN IF NOT EXISTS m.key Array(UInt8), RENAME COLUMN n.a TO n.b, DROP COLUMN x"
    >>> _nested_columns_quoted(sql, tokens_of(sql, "clickhouse"), "clickhouse")[0]
    'ALTER TABLE t ADD COLUMN IF NOT EXISTS `m.key` Array(UInt8), RENAME COLUMN `n.a` TO `n.b`, DROP COLUMN x'
    """
    edits = []
    for at, token in enumerate(tokens):
        if word_of(token) not in ("COLUMN", "TO") or at + 3 >= len(tokens):
            continue
        if word_of(token) == "TO" and not any(word_of(t) == "RENAME" for t in tokens[max(0, at - 6):at]):
            continue
        name = at + 1
        while word_of(tokens[name]) in ("IF", "NOT", "EXISTS") and name + 3 < len(tokens):
            name += 1
        first, dot, second = tokens[name:name + 3]
        if first.token_type == TokenType.VAR and dot.token_type == TokenType.DOT \
                and second.token_type in (TokenType.VAR, TokenType.IDENTIFIER) and first.end + 1 == dot.start:
            edits.append((first.start, second.end + 1, f"`{first.text}.{second.text}`"))
    return edited(text, tokens, edits, dialect)


#: The first words of a MySQL CREATE TABLE's index items (whose columns may be ordered ``a DESC``).
_INDEX_ITEMS = frozenset({"PRIMARY KEY", "PRIMARY", "KEY", "INDEX", "UNIQUE", "FULLTEXT", "SPATIAL"})


def _mysql_table_clauses_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A MySQL CREATE TABLE's clauses sqlglot does not read and no record needs, left out: an index's column order
    (``PRIMARY KEY (a DESC)``, how the index is kept) and the ``DATA DIRECTORY`` / ``INDEX DIRECTORY`` table options
    (where MyISAM keeps its files). Both CREATEs were set aside, and the table's later reads had no columns
    (MariaDB's merge tests).

    >>> sql = ("create table t (a int, b int, primary key (a desc), key k (b asc)) data directory='/d' "
    ...        "index directory = '/i'")
    >>> _mysql_table_clauses_left_out(sql, tokens_of(sql, "mysql"), "mysql")[0]
    'create table t (a int, b int, primary key (a ), key k (b ))  '
    """
    words = [word_of(token) for token in tokens]
    if "TABLE" not in words[:5]:
        return text, tokens
    levels = depths(tokens)
    edits = []
    item = None  # the first word of the column list's item the tokens are in
    for at, token in enumerate(tokens):
        if levels[at] == 1 and (tokens[at - 1].token_type in (TokenType.COMMA, TokenType.L_PAREN)) \
                and token.token_type not in (TokenType.L_PAREN, TokenType.R_PAREN):
            item = words[at]
        if levels[at] == 2 and item in _INDEX_ITEMS and words[at] in ("ASC", "DESC"):
            edits.append((token.start, token.end + 1, ""))
        if levels[at] == 0 and words[at] in ("DATA", "INDEX") and at + 1 < len(tokens) \
                and words[at + 1] == "DIRECTORY":
            value = at + 2 + (at + 2 < len(tokens) and tokens[at + 2].token_type == TokenType.EQ)
            if value < len(tokens) and tokens[value].token_type in STRING_TOKENS:
                edits.append((token.start, tokens[value].end + 1, ""))
    return edited(text, tokens, edits, dialect)


def _bracketed_update_items(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A MySQL multiple-table UPDATE whose first item is in brackets, as sqlglot reads it: a join in brackets
    (``UPDATE (t1 JOIN t2 ON ...) SET ...``) without them, and after a derived table (``UPDATE (SELECT ...) x, t2 SET
    ...``) a last table without an alias aliased by its name, whose ``SET`` sqlglot took for its alias (both were set
    aside; MariaDB's multi_update tests).

    >>> [_bracketed_update_items(sql, tokens_of(sql, "mysql"), "mysql")[0] for sql in (
    ...     "update (t1 join t2 on t1.a = t2.a) set t2.c = t1.b", "update (select s from t1) x, test.t2 set t2.c = x.s",
    ...     "update (select s from t1) x, t2 c set c.c = x.s", "update ignore (select s from t1) x, t2 set t2.c = x.s")]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['update t1 join t2 on t1.a = t2.a set t2.c = t1.b', 'update (select s from t1) x, test.t2 AS t2 set t2.c = x.s',
     'update (select s from t1) x, t2 c set c.c = x.s', 'update ignore (select s from t1) x, t2 AS t2 set t2.c = x.s']
    """
    first = 1
    while first < len(tokens) - 1 and word_of(tokens[first]) in ("LOW_PRIORITY", "IGNORE"):
        first += 1
    if tokens[first].token_type != TokenType.L_PAREN:
        return text, tokens
    end = group_end(tokens, first)
    if end >= len(tokens):
        return text, tokens
    if word_of(tokens[first + 1]) not in ("SELECT", "WITH", "("):  # a join in brackets: the same items without them
        return edited(text, tokens, [(tokens[first].start, tokens[first].end + 1, ""),
                                     (tokens[end - 1].start, tokens[end - 1].end + 1, "")], dialect)
    levels = depths(tokens)
    at = next((i for i in range(end, len(tokens)) if not levels[i] and tokens[i].token_type == TokenType.SET), None)
    if at is None or at < 2 or tokens[at - 1].token_type not in (TokenType.VAR, TokenType.IDENTIFIER):
        return text, tokens
    before = tokens[at - 2].token_type
    if before not in (TokenType.COMMA, TokenType.DOT) and word_of(tokens[at - 2]) not in ("JOIN",):
        return text, tokens  # (aliased: ``t2 c SET``, ``t2 AS c SET``)
    name = text[tokens[at - 1].start:tokens[at - 1].end + 1]
    if tokens[at - 1].token_type == TokenType.IDENTIFIER:
        name = f"`{tokens[at - 1].text}`"
    return edited(text, tokens, [(tokens[at - 1].end + 1, tokens[at - 1].end + 1, f" AS {name}")], dialect)


def _deleted_stars_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MySQL's multiple-table DELETE naming its tables ``tbl_name.*`` (``DELETE t.*, u.* FROM ...``, ``DELETE FROM
    t.*, u.* USING ...``: ".* after each tbl_name for compatibility with Access") as ``tbl_name``, which sqlglot reads.

    >>> sql = "delete from t.*, d.u.* using t, d.u where t.id = u.id"
    >>> _deleted_stars_left_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'delete from t, d.u using t, d.u where t.id = u.id'
    >>> sql = "delete quick ignore t.* from t join u on t.id = u.id"
    >>> _deleted_stars_left_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'delete quick ignore t from t join u on t.id = u.id'
    """
    levels = depths(tokens)
    verb = 1  # (after DELETE's modifiers: LOW_PRIORITY, QUICK, IGNORE)
    while verb < len(tokens) and word_of(tokens[verb]) in ("LOW_PRIORITY", "QUICK", "IGNORE"):
        verb += 1
    listed = "USING" if len(tokens) > verb and word_of(tokens[verb]) == "FROM" else "FROM"
    first = verb + 1 if listed == "USING" else verb
    end = next((i for i in range(first, len(tokens)) if levels[i] == 0 and word_of(tokens[i]) == listed), None)
    if end is None:
        return text, tokens
    edits = [(tokens[i].start, tokens[i + 1].end + 1, "") for i in range(first, end - 1)
             if tokens[i].token_type == TokenType.DOT and tokens[i + 1].token_type == TokenType.STAR]
    return edited(text, tokens, edits, dialect)


def _returning_before_order(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MariaDB's ``DELETE ... [ORDER BY ...] [LIMIT n] RETURNING list`` (its grammar puts RETURNING last), written
    with the RETURNING before the ORDER BY and LIMIT, where sqlglot reads it; the same rows deleted and returned.

    >>> sql = "delete from t where a > 1 order by a limit 2 returning a, b"
    >>> _returning_before_order(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'delete from t where a > 1 returning a, b order by a limit 2'
    """
    levels = depths(tokens)
    words = [word_of(token) if levels[at] == 0 else None for at, token in enumerate(tokens)]
    returning = next((at for at, word in enumerate(words) if word == "RETURNING"), None)
    ordered = next((at for at, word in enumerate(words) if word in ("ORDER BY", "ORDER", "LIMIT")), None)
    if returning is None or ordered is None or ordered > returning:
        return text, tokens
    end = tokens[-1].end + 1 if tokens[-1].token_type != TokenType.SEMICOLON else tokens[-1].start
    moved = text[tokens[returning].start:end].rstrip()
    kept = text[tokens[ordered].start:tokens[returning].start].rstrip()
    return edited(text, tokens, [(tokens[ordered].start, end, f"{moved} {kept}")], dialect)


def _partitioning_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A MySQL CREATE TABLE without its partition_options (``PARTITION BY { [LINEAR] HASH (expr) | [LINEAR] KEY (...)
    | RANGE ... | LIST ... } [PARTITIONS n] [SUBPARTITION BY ...] [(partition_definition, ...)]``, up to the query of a
    CREATE TABLE ... SELECT): how the rows are stored, no data, and forms sqlglot does not read (``PARTITIONS 4``,
    ``VALUES LESS THAN MAXVALUE``).

    >>> sql = "create table o (id int, d date) partition by range (year(d)) " \\
    ...       "(partition p0 values less than maxvalue) as select 1"
    >>> _partitioning_left_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'create table o (id int, d date) as select 1'
    """
    words = [word_of(token) for token in tokens[1:3]]
    if words[:1] != ["TABLE"] and words != ["TEMPORARY", "TABLE"]:
        return text, tokens
    levels = depths(tokens)
    start = next((i for i, token in enumerate(tokens) if levels[i] == 0 and (word_of(token) or "").split() == [
        "PARTITION", "BY"]), None)
    if start is None:
        return text, tokens
    stop = next((i for i in range(start + 1, len(tokens)) if levels[i] == 0 and (
        word_of(tokens[i]) in ("IGNORE", "REPLACE", "AS", "SELECT", "WITH", "TABLE") or tokens[i].token_type
        == TokenType.SEMICOLON)), len(tokens))
    end = tokens[stop].start if stop < len(tokens) else len(text)
    return edited(text, tokens, [(tokens[start].start, end, "")], dialect)


def _value_rows_unwrapped(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MySQL's table value constructor ``VALUES ROW(1, 'x'), ROW(2, 'y')`` (the VALUES statement, and INSERT's "VALUES
    ROW()" form) without its ROW words, the rows sqlglot reads (it takes ``ROW(1, 'x')`` for one value, a call).

    >>> sql = "insert into t (a, b) values row(1, 'x'), row(2, row_count()) on duplicate key update b = 1"
    >>> _value_rows_unwrapped(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    "insert into t (a, b) values (1, 'x'), (2, row_count()) on duplicate key update b = 1"
    """
    edits, index = [], 0
    while index < len(tokens):
        if word_of(tokens[index]) != "VALUES":
            index += 1
            continue
        at = index + 1  # each row of the list: ROW (...), then a comma or the list's end
        while at + 1 < len(tokens) and word_of(tokens[at]) == "ROW" and tokens[at + 1].token_type == TokenType.L_PAREN:
            edits.append((tokens[at].start, tokens[at + 1].start, ""))
            at = group_end(tokens, at + 1)
            if at >= len(tokens) or tokens[at].token_type != TokenType.COMMA:
                break
            at += 1
        index = at
    return edited(text, tokens, edits, dialect)


def _values_columns_quoted(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Spark's (Hive's) column named ``values``, a word its grammar does not reserve (Hive's tests name a column so),
    which sqlglot takes for a VALUES clause: quoted where no row list follows it (``VALUES (...)`` stays a clause).

    >>> sql = "select key, values from t order by key, values"
    >>> _values_columns_quoted(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark")[0]
    'select key, `values` from t order by key, `values`'
    """
    edits = [(token.start, token.end + 1, f"`{token.text}`") for index, token in enumerate(tokens)
             if token.token_type == TokenType.VALUES and index > 0
             and (index + 1 >= len(tokens) or tokens[index + 1].token_type != TokenType.L_PAREN)
             and word_of(tokens[index - 1]) not in ("INSERT", "INTO", "TABLE", "FROM", "JOIN", "AS")
             and tokens[index - 1].token_type != TokenType.L_PAREN]  # (FROM VALUES 1, 2: an inline table)
    return edited(text, tokens, edits, dialect) if edits else (text, tokens)


#: What follows an INSERT's target: a word here after ``INSERT INTO TABLE`` says TABLE was the target's name.
_AFTER_TARGET = frozenset({"SELECT", "VALUES", "WITH", "FROM", "PARTITION", "BY", "REPLACE"})


def _table_named_table_quoted(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A Spark table named ``table`` (a word Spark does not reserve; Delta's tests name a table so) as an INSERT's
    target, which sqlglot takes for the optional TABLE of ``INSERT INTO TABLE t``: quoted where no name follows it.

    >>> sql = "insert into table select a from s"
    >>> _table_named_table_quoted(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark")[0]
    'insert into `table` select a from s'
    """
    verb, table, following = tokens[1], tokens[2], tokens[3]
    if word_of(verb) not in ("INTO", "OVERWRITE") or word_of(table) != "TABLE" \
            or not (word_of(following) in _AFTER_TARGET or following.token_type == TokenType.L_PAREN):
        return text, tokens
    return edited(text, tokens, [(table.start, table.end + 1, f"`{table.text}`")], dialect)


def _column_compressions_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A DuckDB column's ``USING COMPRESSION name`` (how its values are stored), which sqlglot cannot read, left out.

    >>> sql = "CREATE TABLE tbl (s VARCHAR USING COMPRESSION zstd, n INT)"
    >>> _column_compressions_left_out(sql, tokens_of(sql, "duckdb"), "duckdb")[0]
    'CREATE TABLE tbl (s VARCHAR, n INT)'
    """
    edits = [(tokens[at - 1].end + 1, tokens[at + 2].end + 1, "") for at in range(1, len(tokens) - 2)
             if word_of(tokens[at]) == "USING" and word_of(tokens[at + 1]) == "COMPRESSION"]
    return edited(text, tokens, edits, dialect)


#: Hive's ``EXPORT TABLE t [PARTITION (...)] TO 'path'`` and ``IMPORT [EXTERNAL] TABLE t [PARTITION (...)] FROM 'path'
#: [LOCATION 'path']`` (group 1 the table, 2 the path).
_HIVE_EXPORT = re.compile(r"\s*+EXPORT\s++TABLE\s++([^\s(;]++)\s*+(?:PARTITION\s*+\([^()]*+\)\s*+)?TO\s++('[^']*+')"
                          r"(?:\s++FOR\s++(?:METADATA\s++)?REPLICATION\s*+\([^()]*+\))?\s*+;?\s*+", re.IGNORECASE)
_HIVE_IMPORT = re.compile(r"\s*+IMPORT\s++(?:EXTERNAL\s++)?TABLE\s++([^\s(;]++)\s*+(?:PARTITION\s*+\([^()]*+\)\s*+)?"
                          r"FROM\s++('[^']*+')(?:\s++LOCATION\s++'[^']*+')?\s*+;?\s*+", re.IGNORECASE)
#: Hive's IMPORT of an exported table under the export's own name: ``IMPORT [EXTERNAL] FROM 'path'``.
_HIVE_IMPORT_UNNAMED = re.compile(r"\s*+IMPORT\s++(?:EXTERNAL\s++)?FROM\s*+'", re.IGNORECASE)


def _hive_exports_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Hive's EXPORT of a table (its rows and metadata written to a directory) as ``INSERT OVERWRITE DIRECTORY 'path'
    SELECT * FROM t``, and its IMPORT of a table so exported as ``LOAD DATA INPATH 'path' INTO TABLE t``: the table
    read and the location written, the location read and the table written. An IMPORT that names no table (its name
    is the export's, which the log does not give) is set aside saying so.

    >>> sql = "export table emp partition (d='1') to 'exports/emp'"
    >>> _hive_exports_written_out(sql, Dialect.get_or_raise("hive").tokenize(sql), "hive")[0]
    "INSERT OVERWRITE DIRECTORY 'exports/emp' SELECT * FROM emp"
    """
    export = _HIVE_EXPORT.fullmatch(text)
    if export is not None:
        written = f"INSERT OVERWRITE DIRECTORY {export.group(2)} SELECT * FROM {export.group(1)}"
        return edited(text, tokens, [(0, len(text), written)], dialect)
    imported = _HIVE_IMPORT.fullmatch(text)
    if imported is not None:
        written = f"LOAD DATA INPATH {imported.group(2)} INTO TABLE {imported.group(1)}"
        return edited(text, tokens, [(0, len(text), written)], dialect)
    if _HIVE_IMPORT_UNNAMED.match(text):
        raise UnsupportedStatement("IMPORT FROM 'path' without a table name: the table it writes is the one exported "
                                   "there, whose name the log does not give")
    return text, tokens


#: Hive's clauses of a CREATE that sqlglot cannot read and no record depends on (:func:`_hive_clauses_left_out`).
_HIVE_CLAUSES = re.compile(r"\btransactional\s++table\b|\bpartitioned\s++on\b|\b(?:dis|en)able\s++rewrite\b"
                           r"|\bskewed\s++by\b", re.IGNORECASE)


def _hive_clauses_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Hive's ``CREATE TRANSACTIONAL TABLE`` (a full ACID table), a view's or a materialized view's ``PARTITIONED ON
    (cols)`` (how its rows are stored), a materialized view's ``DISABLE | ENABLE REWRITE`` (whether the optimizer
    may answer queries from it) and a table's ``SKEWED BY (cols) ON (values) [STORED AS DIRECTORIES]`` (list
    bucketing), left out: the table, its columns and its query are the same.

    >>> sql = "create materialized view mv disable rewrite partitioned on (v) as select k, v from src"
    >>> _hive_clauses_left_out(sql, Dialect.get_or_raise("hive").tokenize(sql), "hive")[0]
    'create materialized view mv   as select k, v from src'
    """
    edits, at, level = [], 1, depths(tokens)
    while at < len(tokens) - 1:
        words = [word_of(tokens[at]), word_of(tokens[at + 1])]
        end = at
        if at == 1 and words == ["TRANSACTIONAL", "TABLE"]:
            end = at + 1
        elif level[at] == 0 and words == ["PARTITIONED", "ON"]:
            end = group_end(tokens, at + 2)
        elif level[at] == 0 and words in (["DISABLE", "REWRITE"], ["ENABLE", "REWRITE"]):
            end = at + 2
        elif level[at] == 0 and words == ["SKEWED", "BY"]:
            end = group_end(tokens, at + 2)
            if end < len(tokens) and word_of(tokens[end]) == "ON":
                end = group_end(tokens, end + 1)
            if [word_of(t) for t in tokens[end:end + 3]] == ["STORED", "AS", "DIRECTORIES"]:
                end += 3
        if end > at:
            edits.append((tokens[at].start, tokens[end - 1].end + 1, ""))
            at = end
        else:
            at += 1
    return edited(text, tokens, edits, dialect)


#: Exasol's forms :func:`_exasol_forms_written_out` writes out, as the text may hold them.
_EXASOL_FORMS = re.compile(r"^\s*+(?:enforce|execute\s++script)\b|\b(?:distribute|partition)\s++by\b"
                           r"|\b(?:utf8|ascii)\b|\(\s*+import\b", re.IGNORECASE)
#: Exasol's ``EXECUTE SCRIPT s(args) [WITH OUTPUT]``, the script's name and arguments before the group.
_EXECUTED_SCRIPT = re.compile(r"\s*+execute\s++script\s++(?P<name>[\w$.\"]++)\s*+(?P<arguments>\(.*\))?"
                              r"(?:\s*+with\s++output)?(?:\s++|--[^\n]*+|/\*.*?\*/)*+$", re.IGNORECASE | re.DOTALL)
#: The character types whose character set Exasol writes after their length (``VARCHAR(20) UTF8``).
_EXASOL_CHARACTER_TYPES = frozenset({"VARCHAR", "CHAR", "CHARACTER", "VARYING", "NVARCHAR", "NCHAR", "VARCHAR2",
                                     "NVARCHAR2", "CLOB"})


def _exasol_forms_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Exasol's forms as those sqlglot reads: a CREATE TABLE's ``DISTRIBUTE BY cols`` and ``PARTITION BY cols`` (how
    its rows are spread over the nodes and stored, last in its list) and a character type's set (``VARCHAR(20)
    UTF8``, ``CHAR(2) ASCII``) left out; ``ENFORCE [LOCAL | GLOBAL] INDEX ON t (cols)`` (an index, as CREATE INDEX
    makes one) and ``EXECUTE SCRIPT s(args)`` (a script run: a procedure's call) written as those; an IMPORT inside a
    query, ``(IMPORT ...)``, as the table function ``"$IMPORT"('IMPORT ...')``, whose rows the analysis reads
    (:func:`.exasol.imported_rows`).

    >>> sql = "create table t (a varchar(20) utf8, b char(2) ascii, c int, distribute by a, c, partition by c)"
    >>> _exasol_forms_written_out(sql, tokens_of(sql, "exasol"), "exasol")[0]
    'create table t (a varchar(20) , b char(2) , c int)'
    >>> sql = "create table t2 as select char(65) ascii, id from t"
    >>> _exasol_forms_written_out(sql, tokens_of(sql, "exasol"), "exasol")[0]
    'create table t2 as select char(65) ascii, id from t'
    >>> sql = "ENFORCE LOCAL INDEX ON s.t (a)"
    >>> _exasol_forms_written_out(sql, tokens_of(sql, "exasol"), "exasol")[0]
    'CREATE INDEX ON s.t (a)'
    >>> sql = "execute script s.cleanup(1) with output -- nightly"
    >>> _exasol_forms_written_out(sql, tokens_of(sql, "exasol"), "exasol")[0]
    'CALL s.cleanup(1)'
    >>> sql = "execute script s.report with output"
    >>> _exasol_forms_written_out(sql, tokens_of(sql, "exasol"), "exasol")[0]
    'CALL s.report()'
    >>> sql = "select * from (import from exa at c statement 'select 1') x"
    >>> print(_exasol_forms_written_out(sql, tokens_of(sql, "exasol"), "exasol")[0])
    select * from "$IMPORT"('import from exa at c statement ''select 1''') x
    """
    imports = [(tokens[at].start, tokens[end - 1].end + 1, "\"$IMPORT\"('"
                + text[tokens[at + 1].start:tokens[end - 2].end + 1].replace("'", "''") + "')")
               for at in range(len(tokens) - 1) if tokens[at].token_type == TokenType.L_PAREN
               and word_of(tokens[at + 1]) == "IMPORT" and (end := group_end(tokens, at)) > at + 2]
    if imports:  # (one inside another's text is in its string: the analysis reads it there)
        imports = [edit for n, edit in enumerate(imports) if all(edit[0] >= e[1] for e in imports[:n])]
        text, tokens = edited(text, tokens, imports, dialect)
    words = [word_of(t) for t in tokens[:3]]
    if words[0] == "ENFORCE":
        index = next((i for i, word in enumerate(words) if word == "INDEX"), None)
        if index is None:
            return text, tokens
        return edited(text, tokens, [(tokens[0].start, tokens[index].end + 1, "CREATE INDEX")], dialect)
    script = _EXECUTED_SCRIPT.match(text) if words[0] == "EXECUTE" else None  # (the rest is one token to sqlglot)
    if script is not None:  # (WITH OUTPUT: its result set is the script's output)
        return edited(text, tokens, [(0, len(text), f"CALL {script['name']}{script['arguments'] or '()'}")], dialect)
    if words[0] not in ("CREATE", "ALTER"):
        return text, tokens
    edits, level, at = [], depths(tokens), 1
    while at < len(tokens) - 1:
        word = word_of(tokens[at])
        if level[at] == 1 and word in ("DISTRIBUTE BY", "PARTITION BY") \
                and tokens[at - 1].token_type == TokenType.COMMA:
            end = next((i for i in range(at, len(tokens)) if level[i] == 0), len(tokens))  # (the list's bracket)
            edits.append((tokens[at - 1].start, tokens[end - 1].end + 1, ""))
            at = end
            continue
        if word in ("UTF8", "ASCII") and tokens[at - 1].token_type == TokenType.R_PAREN:
            opened = next((i for i in range(at - 1, 0, -1) if tokens[i].token_type == TokenType.L_PAREN
                           and level[i] == level[at]), None)
            if opened is not None and opened > 1 and word_of(tokens[opened - 1]) in _EXASOL_CHARACTER_TYPES \
                    and tokens[opened - 2].token_type in (TokenType.VAR, TokenType.IDENTIFIER):  # (a column's type)
                edits.append((tokens[at].start, tokens[at].end + 1, ""))
        at += 1
    return edited(text, tokens, edits, dialect)


#: Dremio's forms :func:`_dremio_versions_left_out` leaves out, as the text may hold them.
_DREMIO_VERSIONS = re.compile(r"\bat\s++(?:branch|tag|commit|ref|reference)\b|\blocalsort\s++by\b", re.IGNORECASE)
#: The kinds of a version Dremio reads a table at (``AT BRANCH dev``), besides a snapshot and a time.
_DREMIO_VERSION_KINDS = frozenset({"BRANCH", "TAG", "COMMIT", "REF", "REFERENCE"})


def _dremio_versions_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Dremio's ``t AT BRANCH b`` (``TAG``, ``COMMIT``, ``REF``: the table of a Nessie or Arctic catalog as that
    version holds it) and a CREATE TABLE's ``LOCALSORT BY (cols)`` (how its files are sorted), left out: the same
    table and columns, read or written (``AT SNAPSHOT`` sqlglot reads itself).

    >>> sql = "insert into lake.t at branch dev select a from lake.t at commit 'ab12' x"
    >>> _dremio_versions_left_out(sql, tokens_of(sql, "dremio"), "dremio")[0]
    'insert into lake.t select a from lake.t x'
    >>> sql = "create table lake.p (a int, r varchar) partition by (r) localsort by (a)"
    >>> _dremio_versions_left_out(sql, tokens_of(sql, "dremio"), "dremio")[0]
    'create table lake.p (a int, r varchar) partition by (r)'
    """
    edits, at = [], 1
    while at < len(tokens) - 2:
        words = [word_of(t) for t in tokens[at:at + 2]]
        if words[0] == "AT" and words[1] in _DREMIO_VERSION_KINDS \
                and tokens[at - 1].token_type in (TokenType.VAR, TokenType.IDENTIFIER):  # (after a table's name)
            edits.append((tokens[at - 1].end + 1, tokens[at + 2].end + 1, ""))
            at += 3
        elif words == ["LOCALSORT", "BY"] and word_of(tokens[0]) == "CREATE":
            edits.append((tokens[at - 1].end + 1, tokens[group_end(tokens, at + 2) - 1].end + 1, ""))
            at = group_end(tokens, at + 2)
        else:
            at += 1
    return edited(text, tokens, edits, dialect)


#: SingleStore's clauses :func:`_singlestore_clauses_left_out` leaves out, as the text may hold them.
_SINGLESTORE_CLAUSES = re.compile(r"\b(?:rowstore|reference)\b|\busing\s++clustered\s++columnstore\b"
                                  r"|\bseries\s++timestamp\b|\b(?:shard|sort)\s++key\b", re.IGNORECASE)


def _key_columns(tokens: list[Token], at: int) -> int | None:
    """Where the bracket of a key's columns opens, at ``at`` or after the key's name there; None for neither."""
    for index in (at, at + 1):
        if index < len(tokens) and tokens[index].token_type == TokenType.L_PAREN:
            return index
        if index >= len(tokens) or tokens[index].token_type not in (TokenType.VAR, TokenType.IDENTIFIER):
            return None
    return None


def _singlestore_clauses_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """SingleStore's ``CREATE [ROWSTORE] [REFERENCE] TABLE`` (how the table is stored, and a reference table copied
    to every node), its ``SHARD KEY (cols)`` and ``SORT KEY (cols)`` (which node holds a row, and the columnstore's
    order: sqlglot reads each as a column named SHARD or SORT), a key's ``USING CLUSTERED COLUMNSTORE`` (the
    columnstore's sort key) and a column's ``SERIES TIMESTAMP`` (the column a time series is ordered by), left out:
    the table and its columns are the same.

    >>> sql = ("create rowstore reference table t (id int, ts datetime series timestamp, "
    ...        "key (ts) using clustered columnstore)")
    >>> _singlestore_clauses_left_out(sql, tokens_of(sql, "singlestore"), "singlestore")[0]
    'create   table t (id int, ts datetime , key (ts) )'
    >>> sql = "create table t (series timestamp(6), ts datetime(6) series timestamp)"
    >>> _singlestore_clauses_left_out(sql, tokens_of(sql, "singlestore"), "singlestore")[0]
    'create table t (series timestamp(6), ts datetime(6) )'
    >>> sql = "create table t (id int, ts datetime, shard key (id), sort key ts_sort (ts), shard key ())"
    >>> _singlestore_clauses_left_out(sql, tokens_of(sql, "singlestore"), "singlestore")[0]
    'create table t (id int, ts datetime)'
    """
    edits, at, level = [], 1, depths(tokens)
    while at < len(tokens) - 1:
        words = [word_of(t) for t in tokens[at:at + 3]]
        end = at
        if word_of(tokens[0]) == "CREATE" and at <= 3 and words[0] in ("ROWSTORE", "REFERENCE") \
                and "TABLE" in words:
            end = at + 1
        elif level[at] == 1 and words == ["USING", "CLUSTERED", "COLUMNSTORE"]:
            end = at + 3
        elif level[at] == 1 and words[:2] == ["SERIES", "TIMESTAMP"] \
                and tokens[at - 1].token_type not in (TokenType.COMMA, TokenType.L_PAREN):  # (after a column's type)
            end = at + 2
        elif level[at] == 1 and words[:2] in (["SHARD", "KEY"], ["SORT", "KEY"]) \
                and tokens[at - 1].token_type == TokenType.COMMA and (opens := _key_columns(tokens, at + 2)):
            at, end = at - 1, group_end(tokens, opens)  # (with the comma before it)
        if end > at:
            edits.append((tokens[at].start, tokens[end - 1].end + 1, ""))
            at = end
        else:
            at += 1
    return edited(text, tokens, edits, dialect)


#: The words that end the inputs of a MAP or REDUCE: the script's clauses, or a word that says the MAP was a name
#: (``t map JOIN u USING (id)``).
_AFTER_SCRIPT_INPUT = frozenset({"USING", "ROW", "RECORDWRITER", "SELECT", "FROM", "JOIN", "ON", "WHERE", "GROUP",
                                 "ORDER", "LIMIT", "UNION", "LATERAL", "INNER", "LEFT", "RIGHT", "FULL", "CROSS",
                                 "NATURAL", "SEMI", "ANTI"})


def _map_reduce_as_transform(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Hive's (and Spark's) ``MAP a, b USING 'script'`` and ``REDUCE a, b USING 'script'``, the script's rows as a
    query's select clause, which sqlglot cannot read, as the ``SELECT TRANSFORM(a, b) USING 'script'`` they are
    written for.

    >>> sql = "FROM src INSERT OVERWRITE TABLE d MAP src.key, src.value USING 'cat' AS (k, v)"
    >>> _map_reduce_as_transform(sql, Dialect.get_or_raise("hive").tokenize(sql), "hive")[0]
    "FROM src INSERT OVERWRITE TABLE d SELECT TRANSFORM(src.key, src.value) USING 'cat' AS (k, v)"
    """
    levels, edits = depths(tokens), []
    for at, token in enumerate(tokens[:-1]):
        if word_of(token) not in ("MAP", "REDUCE") or tokens[at + 1].token_type == TokenType.L_PAREN \
                or at and tokens[at - 1].token_type in (TokenType.COMMA, TokenType.DOT):
            continue
        if at and word_of(tokens[at - 1]) in ("FROM", "JOIN", "AS", "TABLE", "INTO", "UPDATE"):
            continue  # (a table or an alias named map: FROM map JOIN u USING (id))
        end = next((j for j in range(at + 1, len(tokens)) if levels[j] == levels[at]
                    and word_of(tokens[j]) in _AFTER_SCRIPT_INPUT), None)
        if end is None or word_of(tokens[end]) not in ("USING", "ROW", "RECORDWRITER") or end == at + 1:
            continue
        edits += [(token.start, tokens[at + 1].start, "SELECT TRANSFORM("),
                  (tokens[end - 1].end + 1, tokens[end - 1].end + 1, ")")]
    return edited(text, tokens, edits, dialect)


def _transform_schemas_bracketed(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Spark's ``TRANSFORM (...) USING 'script' AS key binary, value int`` (its output columns typed without brackets,
    as Hive's tests write them), which sqlglot reads only in brackets: bracketed up to the FROM.

    >>> sql = "select transform(*) using 'cat' as key binary, value int from t"
    >>> _transform_schemas_bracketed(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark")[0]
    "select transform(*) using 'cat' as (key binary, value int) from t"
    """
    levels = depths(tokens)
    for index, token in enumerate(tokens[:-2]):
        if word_of(token) != "USING" or tokens[index + 1].token_type not in STRING_TOKENS \
                or word_of(tokens[index + 2]) != "AS" or index + 3 >= len(tokens) \
                or tokens[index + 3].token_type == TokenType.L_PAREN \
                or not any(word_of(t) == "TRANSFORM" for t in tokens[:index]):
            continue
        end = next((at for at in range(index + 3, len(tokens)) if levels[at] == levels[index]
                    and word_of(tokens[at]) in ("FROM", "WHERE", "GROUP", "ORDER", "LIMIT", "UNION", ")")), len(tokens))
        listed = tokens[index + 3:end]
        if not any(t.token_type == TokenType.COMMA for t in listed) and len(listed) < 2:
            continue  # (AS k: one name, read as it is)
        return edited(text, tokens, [(tokens[index + 3].start, tokens[index + 3].start, "("),
                                     (tokens[end - 1].end + 1, tokens[end - 1].end + 1, ")")], dialect)
    return text, tokens


def _exported_states_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """DuckDB's ``agg(x) EXPORT_STATE``, the aggregate's state rather than its value: the same reads, as the call.

    >>> sql = "select finalize(sum(i) export_state), first(d) EXPORT_STATE f from t"
    >>> _exported_states_left_out(sql, Dialect.get_or_raise("duckdb").tokenize(sql), "duckdb")[0]
    'select finalize(sum(i)), first(d) f from t'
    """
    edits = [(tokens[index - 1].end + 1, token.end + 1, "") for index, token in enumerate(tokens)
             if index and token.token_type not in STRING_TOKENS and token.text.upper() == "EXPORT_STATE"
             and tokens[index - 1].token_type == TokenType.R_PAREN]
    return edited(text, tokens, edits, dialect)


#: ``INTO`` after white space (and comments).
_INTO_AFTER = re.compile(r"(?:\s++|/\*.*?\*/|--[^\n]*+)*+into\b", re.IGNORECASE | re.DOTALL)
#: SQLite's conflict resolutions of ``UPDATE OR ...``.
_SQLITE_CONFLICTS = frozenset({"ROLLBACK", "ABORT", "REPLACE", "FAIL", "IGNORE"})
#: SQLite's table options after a CREATE TABLE's columns ("WITHOUT ROWID", "STRICT").
_SQLITE_TABLE_OPTIONS = frozenset({"WITHOUT", "ROWID", "STRICT"})


def _sqlite_forms_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """SQLite's forms sqlglot does not read, as the forms they are: ``REPLACE INTO`` ("an alias for INSERT OR
    REPLACE"), ``UPDATE OR IGNORE`` (and its other conflict resolutions: how a conflict is met, not what is written)
    as ``UPDATE``, and a CREATE TABLE's table options ``WITHOUT ROWID`` and ``STRICT`` (how rows are kept) left out.

    >>> [_sqlite_forms_written_out(sql, Dialect.get_or_raise("sqlite").tokenize(sql), "sqlite")[0] for sql in (
    ...     "replace into t values (1)", "update or ignore t set a = 1",
    ...     "create table t (k integer primary key, v text) without rowid, strict")]
    ['INSERT OR REPLACE into t values (1)', 'update t set a = 1', 'create table t (k integer primary key, v text)']
    """
    first, second = word_of(tokens[0]), word_of(tokens[1])
    if first == "REPLACE" and _INTO_AFTER.match(text, tokens[0].end + 1):  # (the tokenizer took the rest as a string)
        return edited(text, tokens, [(tokens[0].start, tokens[0].end + 1, "INSERT OR REPLACE")], dialect)
    if first == "UPDATE" and second == "OR" and len(tokens) > 3 and word_of(tokens[2]) in _SQLITE_CONFLICTS:
        return edited(text, tokens, [(tokens[1].start, tokens[3].start, "")], dialect)
    if first == "CREATE" and (commas := _sqlite_constraint_commas(tokens)):
        text, tokens = edited(text, tokens, [(at, at, ", ") for at in commas], dialect)
    if first == "CREATE" and (types := _sqlite_type_names(text, tokens)):
        text, tokens = edited(text, tokens, types, dialect)
    if first == "CREATE" and word_of(tokens[-1]) in _SQLITE_TABLE_OPTIONS:
        at = len(tokens)
        while at > 0 and (word_of(tokens[at - 1]) in _SQLITE_TABLE_OPTIONS
                          or tokens[at - 1].token_type == TokenType.COMMA):
            at -= 1
        if 0 < at < len(tokens) and tokens[at - 1].token_type == TokenType.R_PAREN:
            return edited(text, tokens, [(tokens[at - 1].end + 1, tokens[-1].end + 1, "")], dialect)
    return text, tokens


#: The words a SQLite table constraint starts with (a name given it by ``CONSTRAINT``, or none).
_SQLITE_TABLE_CONSTRAINTS = frozenset({"CONSTRAINT", "PRIMARY KEY", "UNIQUE", "CHECK", "FOREIGN KEY"})


def _sqlite_constraint_commas(tokens: list[Token]) -> list[int]:
    """Where a CREATE TABLE's table constraint follows another without the comma between them, which SQLite's grammar
    makes optional (``PRIMARY KEY (a, b) FOREIGN KEY (b) REFERENCES t (k)``: 7 of Spider's 840 CREATE TABLEs; the
    table was set aside): the text offsets of the commas to put in. Table constraints follow the columns: the first is
    one after a comma (``PRIMARY KEY (``, ``UNIQUE (``, ``CHECK (``, ``FOREIGN KEY``, ``CONSTRAINT``), where a column's
    own (``UNIQUE``, ``CHECK (...)``) follows its type.

    >>> sql = "create table r (a real, b int, primary key (a, b) foreign key (b) references c (b) check (a > 0))"
    >>> [sql[at:at + 8] for at in _sqlite_constraint_commas(tokens_of(sql, "sqlite"))]
    ['foreign ', 'check (a']
    >>> _sqlite_constraint_commas(tokens_of("create table t (a int check (a > 0) unique, b int)", "sqlite"))
    []
    """
    words = [word_of(token) for token in tokens]
    if "TABLE" not in words[:4]:
        return []
    levels = depths(tokens)
    inside = _column_list(tokens, words, levels)
    found, constraints = [], False
    for at in inside:
        if levels[at] != 1 or words[at] not in _SQLITE_TABLE_CONSTRAINTS:
            continue
        if words[at] not in ("CONSTRAINT", "FOREIGN KEY") and (
                at + 1 >= len(tokens) or tokens[at + 1].token_type != TokenType.L_PAREN):
            continue  # (a column's own PRIMARY KEY, UNIQUE)
        follows = tokens[at - 1].token_type
        if follows == TokenType.COMMA:
            constraints = True
        elif constraints and follows == TokenType.R_PAREN:
            found.append(tokens[at].start)
    return found


#: The words that end a SQLite column's type: its constraints' first words.
_SQLITE_COLUMN_CONSTRAINTS = frozenset({"CONSTRAINT", "PRIMARY KEY", "NOT", "NULL", "UNIQUE", "CHECK", "DEFAULT",
                                        "COLLATE", "REFERENCES", "GENERATED", "AS", "AUTOINCREMENT", "ON"})


def _sqlite_type_names(text: str, tokens: list[Token]) -> list[tuple[int, int, str]]:
    """A CREATE TABLE's column types of several words that sqlglot does not read (SQLite takes any: ``UNSIGNED BIG
    INT``, ``VARYING CHARACTER(255)``, ``NATIVE CHARACTER(70)``, ``LONG VARCHAR``, Firebird's ``BLOB SUB_TYPE TEXT``
    in sakila's SQLite port: the CREATE was set aside), as the edits that write each as the type its affinity is, by
    SQLite's rules ("Determination Of Column Affinity": INT, then CHAR / CLOB / TEXT, then BLOB, then REAL / FLOA /
    DOUB, else NUMERIC), which is what SQLite makes of it.

    >>> sql = ("create table t (a unsigned big int not null, b varying character(9), c double precision, "
    ...        "d blob sub_type text)")
    >>> [(sql[start:end], type_) for start, end, type_ in _sqlite_type_names(sql, tokens_of(sql, "sqlite"))]
    [('unsigned big int', 'INTEGER'), ('varying character(9)', 'TEXT'), ('blob sub_type text', 'TEXT')]
    """
    words = [word_of(token) for token in tokens]
    if "TABLE" not in words[:4]:
        return []
    levels = depths(tokens)
    inside = _column_list(tokens, words, levels)
    edits = []
    for at in inside:
        if levels[at] != 1 or tokens[at - 1].token_type not in (TokenType.COMMA, TokenType.L_PAREN) \
                or at - 1 not in inside and tokens[at - 1].token_type == TokenType.COMMA:
            continue
        if words[at] in _SQLITE_TABLE_CONSTRAINTS:
            continue
        last = at + 1  # (after the column's name: its type's words, then its size in brackets)
        while last < len(tokens) and levels[last] == 1 and words[last] not in _SQLITE_COLUMN_CONSTRAINTS \
                and tokens[last].token_type not in (TokenType.COMMA, TokenType.R_PAREN, TokenType.L_PAREN):
            last += 1
        if last - at - 1 < 2:
            continue
        end = group_end(tokens, last) if last < len(tokens) and tokens[last].token_type == TokenType.L_PAREN else last
        declared = text[tokens[at + 1].start:tokens[end - 1].end + 1]
        try:
            sqlglot.parse_one(f"CREATE TABLE t (c {declared})", read="sqlite")
            continue  # (DOUBLE PRECISION, CHARACTER VARYING(9): read as they are)
        except (SqlglotError, *SQLGLOT_FAILURES):
            pass
        upper = declared.upper()
        affinity = "INTEGER" if "INT" in upper else "TEXT" if any(w in upper for w in ("CHAR", "CLOB", "TEXT")) \
            else "BLOB" if "BLOB" in upper else "REAL" if any(w in upper for w in ("REAL", "FLOA", "DOUB")) \
            else "NUMERIC"
        edits.append((tokens[at + 1].start, tokens[end - 1].end + 1, affinity))
    return edits


#: A text that may hold a Doris or StarRocks clause sqlglot cannot read (:func:`_doris_forms_written_out`).
_DORIS_CLAUSES = re.compile(r"\b(?:tablet|partitions|partition\s+(?!by\b)\w+|rollup|label|force|largeint|datev2|"
                            r"datetimev2|decimalv[23]|aggregate\s+key|bitmap|hll)\b", re.IGNORECASE)
#: Doris's and StarRocks's hints in square brackets: a scan's (``FROM t [_SYNC_MV_]``), a join's (``JOIN [broadcast]``)
#: and a window's (``OVER ([hash] PARTITION BY k)``).
_SCAN_HINTS = frozenset({"_SYNC_MV_", "_META_"})
_JOIN_HINTS = frozenset({"BROADCAST", "SHUFFLE", "BUCKET", "COLOCATE", "SKEW", "UNREORDER"})
_WINDOW_HINTS = frozenset({"HASH", "SKEWED", "SORT"})
#: Doris's types sqlglot does not know, as the types it reads (a record names no column's type).
_DORIS_TYPES = {"LARGEINT": "BIGINT", "DATETIMEV2": "DATETIME", "DATEV2": "DATE", "DECIMALV3": "DECIMAL",
                "DECIMALV2": "DECIMAL", "BITMAP": "VARBINARY", "HLL": "VARBINARY", "QUANTILE_STATE": "VARBINARY",
                "AGG_STATE": "VARBINARY"}
#: The aggregation of a value column of an aggregate-key table (``cost BIGINT SUM DEFAULT '0'``), and what may follow.
_AGGREGATIONS = frozenset({"SUM", "MAX", "MIN", "REPLACE", "REPLACE_IF_NOT_NULL", "BITMAP_UNION", "HLL_UNION",
                           "PERCENTILE_UNION", "QUANTILE_UNION", "GENERIC"})
_AFTER_AGGREGATION = frozenset({TokenType.COMMA, TokenType.R_PAREN, TokenType.DEFAULT, TokenType.NULL, TokenType.NOT,
                                TokenType.COMMENT})


def _column_list(tokens: list[Token], words: list[str | None], levels: list[int]) -> range:
    """The indices inside a CREATE TABLE's column list (``CREATE TABLE t (a INT, ...)``: its first bracket at the top
    level, before any AS), where a column's type and attributes are; an empty range when it has none (a CTAS)."""
    if not words or words[0] != "CREATE":
        return range(0)
    for at, token in enumerate(tokens):
        if levels[at] == 0 and words[at] == "AS":
            return range(0)
        if levels[at] == 0 and token.token_type == TokenType.L_PAREN and at and tokens[at - 1].token_type in (
                TokenType.VAR, TokenType.IDENTIFIER):
            return range(at + 1, group_end(tokens, at) - 1)
    return range(0)


def _doris_forms_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Doris's and StarRocks's forms sqlglot cannot read, or reads wrong, written as it reads them, none changing what
    is read or written: the hints in square brackets of a scan (``FROM t [_SYNC_MV_]``, which was read as a subscript
    of a table, and the statement recorded nothing), of a join (``JOIN [broadcast]``) and of a window (``OVER ([hash]
    ...)``) left out; a table's ``TABLET(10001)``, ``PARTITIONS (p1, p2)``, ``TEMPORARY PARTITION (p1)`` and
    ``PARTITION p1`` left out (the first two were read as the table's alias and a call, and its columns lost: every
    row read is of the table); and a rollup (``ALTER TABLE t ADD ROLLUP r (k, v)``, ``DROP ROLLUP r``), an index of the
    table as Doris keeps one, read as the index it is (it was read as a column named ROLLUP added to the table); an
    INSERT's ``WITH LABEL l`` (the load's name) and a DROP's ``FORCE`` (no recycle bin) left out; and in a CREATE
    TABLE, Doris's types ``LARGEINT``, ``DATETIMEV2``, ``DECIMALV3``, ``BITMAP`` ... as the types sqlglot reads, an
    ``AGGREGATE KEY (k)`` as the key columns it names, and a value column's aggregation (``cost BIGINT SUM DEFAULT
    '0'``, ``members BITMAP BITMAP_UNION``) left out.

    >>> [_doris_forms_written_out(sql, tokens_of(sql, "doris"), "doris")[0] for sql in (
    ...     "SELECT k FROM t [_SYNC_MV_] JOIN [broadcast] u ON t.k = u.k", "select sum(v) over ([hash] partition by k) from t",
    ...     "SELECT k FROM t TABLET(10001), u PARTITIONS (p1, p2) WHERE arr[1] > 0", "SELECT k FROM t PARTITION p1",
    ...     "ALTER TABLE t ADD ROLLUP r1 (k, v)")]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['SELECT k FROM t JOIN u ON t.k = u.k', 'select sum(v) over ( partition by k) from t',
     'SELECT k FROM t, u WHERE arr[1] > 0', 'SELECT k FROM t', 'ALTER TABLE t ADD INDEX r1 (k, v)']
    """
    levels, words, edits, count = depths(tokens), [word_of(t) for t in tokens], [], len(tokens)
    # (a value column's aggregation: only in a CREATE TABLE of an aggregate key, in its column list)
    aggregating = words[0] == "CREATE" and any(words[j] == "AGGREGATE" and words[j + 1] == "KEY" and not levels[j]
                                               for j in range(count - 1))
    columns = _column_list(tokens, words, levels)
    for at, token in enumerate(tokens):
        kind, word = token.token_type, words[at]
        if kind == TokenType.L_BRACKET and at and at + 2 < count and tokens[at + 2].token_type == TokenType.R_BRACKET:
            hint, before = words[at + 1], tokens[at - 1]
            if hint in _SCAN_HINTS and before.token_type in (TokenType.VAR, TokenType.IDENTIFIER) \
                    or hint in _JOIN_HINTS and words[at - 1] == "JOIN" \
                    or hint in _WINDOW_HINTS and before.token_type == TokenType.L_PAREN and at >= 2 \
                    and words[at - 2] == "OVER":
                edits.append((before.end + 1, tokens[at + 2].end + 1, ""))
        elif word in ("TABLET", "PARTITIONS", "TEMPORARY", "PARTITION") and at and at + 1 < count and \
                words[0] in ("SELECT", "WITH", "INSERT", "CREATE") and tokens[at - 1].token_type in (
                    TokenType.VAR, TokenType.IDENTIFIER, TokenType.R_PAREN):  # (after a table, or its PARTITION (p))
            following, named = tokens[at + 1], tokens[at - 1].token_type != TokenType.R_PAREN
            if word == "TEMPORARY" and words[at + 1] == "PARTITION" and at + 2 < count:
                stop = group_end(tokens, at + 2)
            elif word == "PARTITION" and named and following.token_type in (TokenType.VAR, TokenType.IDENTIFIER):
                stop = at + 2  # (PARTITION p1: one partition, no brackets)
            elif word in ("TABLET", "PARTITIONS") and following.token_type == TokenType.L_PAREN:
                stop = group_end(tokens, at + 1)
            else:
                continue
            edits.append((tokens[at - 1].end + 1, tokens[stop - 1].end + 1, ""))
        elif word in _DORIS_TYPES and (at in columns or words[0] == "ALTER" and at >= 2 and words[at - 2] == "COLUMN") \
                and tokens[at - 1].token_type in (TokenType.VAR, TokenType.IDENTIFIER, TokenType.LT):
            edits.append((token.start, token.end + 1, _DORIS_TYPES[word]))  # (a column's type, an ARRAY's element's)
        elif word == "AGGREGATE" and words[0] == "CREATE" and levels[at] == 0 and at + 1 < count \
                and words[at + 1] == "KEY":  # (its key columns, as a DUPLICATE KEY names them)
            edits.append((token.start, token.end + 1, "DUPLICATE"))
        elif word in _AGGREGATIONS and aggregating and at in columns and levels[at] == 1 and at + 1 < count \
                and tokens[at + 1].token_type in _AFTER_AGGREGATION \
                and (tokens[at - 1].token_type in Parser.TYPE_TOKENS or word_of(tokens[at - 1]) in _DORIS_TYPES
                     or tokens[at - 1].token_type == TokenType.R_PAREN and levels[at - 1] == 1):  # (DECIMAL(9, 2) SUM)
            edits.append((tokens[at - 1].end + 1, token.end + 1, ""))
        elif word == "WITH" and words[0] == "INSERT" and at + 3 < count and words[at + 1] == "LABEL" \
                and not levels[at] and tokens[at + 2].token_type in (TokenType.VAR, TokenType.IDENTIFIER) \
                and words[at + 2] != "AS":  # (INSERT INTO t WITH LABEL l ...: the load's name; not a CTE label)
            edits.append((tokens[at - 1].end + 1, tokens[at + 2].end + 1, ""))
        elif word == "FORCE" and at == count - 1 and words[0] == "DROP" and tokens[at - 1].token_type in (
                TokenType.VAR, TokenType.IDENTIFIER):  # (DROP TABLE t FORCE: no recycle bin; not a table named force)
            edits.append((tokens[at - 1].end + 1, token.end + 1, ""))
        elif word == "ROLLUP" and words[0] == "ALTER" and at and words[at - 1] in ("ADD", "DROP") \
                and at + 1 < count and tokens[at + 1].token_type in (TokenType.VAR, TokenType.IDENTIFIER):
            edits.append((token.start, token.end + 1, "INDEX"))
    return edited(text, tokens, edits, dialect)


#: The words that begin a Teradata query or data change after a request's ``LOCKING`` modifiers (and their short
#: forms).
_TERADATA_QUERIES = frozenset({"SELECT", "SEL", "INSERT", "INS", "UPDATE", "UPD", "DELETE", "DEL", "MERGE", "WITH"})
#: Teradata's conversion attributes, beside a data type, in ``expression (attribute, ...)``.
_TERADATA_ATTRIBUTES = frozenset({"FORMAT", "TITLE", "CHARACTER", "UPPERCASE", "CASESPECIFIC", "NOT"})


def _teradata_forms_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Teradata's forms sqlglot cannot read, or reads wrong, written as it reads them, none changing what is read or
    written: a request's ``LOCKING ... FOR ACCESS`` modifiers (and a view's before a WITH) left out (they take
    locks); ``INSERT INTO t (1, 2)``, whose VALUES Teradata lets out, with it (it was read as a column list of
    columns named 1 and 2); ``SELECT NORMALIZE [ON MEETS OR OVERLAPS] ...`` without the option (it was read as a
    column NORMALIZE, and the column after it lost); ``CREATE TABLE t AS s WITH DATA`` as the copy of ``s``'s rows it
    is (``AS (SELECT * FROM s) WITH DATA``; ``WITH NO DATA`` copies the definition alone, as sqlglot reads it); and
    a data type conversion ``amt (INTEGER)``, ``sum(x) (DEC(18,2))``, ``dt (DATE, FORMAT 'YYYY')`` left out (a
    conversion changes no column read: ``amt (INTEGER)`` was read as a call of a function ``amt``); ``EXEC m
    [(arguments)]``, a macro executed, as the call of the procedure its definition stands for
    (:func:`macro_as_procedure`); ``COMMENT ON TABLE t AS 'text'`` with the IS it stands for (``RENAME TABLE a AS
    b``: the commands' parser); the short forms ``BT`` and ``ET`` (a transaction's start and end) written out; and a
    CREATE TABLE's options of no column (:func:`_teradata_table_options_left_out`).

    >>> [_teradata_forms_written_out(sql, tokens_of(sql, "teradata"), "teradata")[0] for sql in (
    ...     "LOCKING TABLE s FOR ACCESS LOCKING ROW FOR WRITE SEL id FROM s", "INS tgt (3, 'x')",
    ...     "SELECT NORMALIZE ON MEETS OR OVERLAPS id, dt FROM s", "CREATE TABLE t4 AS s WITH DATA PRIMARY INDEX (id)",
    ...     "SELECT amt (INTEGER) AS a2, SUM(x) (DEC(18,2)), dt (DATE, FORMAT 'YYYY'), ADD_MONTHS(DATE, 1) FROM s")]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['SEL id FROM s', "INS tgt VALUES (3, 'x')", 'SELECT id, dt FROM s',
     'CREATE TABLE t4 AS (SELECT * FROM s) WITH DATA PRIMARY INDEX (id)',
     'SELECT amt AS a2, SUM(x), dt, ADD_MONTHS(DATE, 1) FROM s']
    """
    levels, words = depths(tokens), [word_of(t) for t in tokens]
    count = len(tokens)
    whole = _teradata_statement_written_out(text, tokens, words, levels, dialect)
    if whole is not None:
        return whole
    edits = _teradata_clauses_left_out(text, tokens, words, levels)
    if words[0] == "CREATE" and "TABLE" in words[:6]:
        edits += _teradata_table_options_left_out(tokens, words, levels)
    if words[0] in ("INSERT", "INS") and count > 2:
        opening = next((j for j in range(1, count) if tokens[j].token_type == TokenType.L_PAREN), None)
        if opening is not None and group_end(tokens, opening) == count and all(
                tokens[j].token_type in (TokenType.VAR, TokenType.IDENTIFIER, TokenType.DOT, TokenType.INTO)
                for j in range(1, opening)) and words[opening + 1] not in ("SELECT", "SEL", "WITH") \
                and tokens[opening + 1].token_type != TokenType.L_PAREN:  # (INSERT INTO t (SELECT ...): a query)
            edits.append((tokens[opening].start, tokens[opening].start, "VALUES "))
    if words[0] == "CREATE":
        named = next((j for j in range(count) if levels[j] == 0 and words[j] == "AS"), None)
        if named is not None and named + 3 < count and tokens[named + 1].token_type in (TokenType.VAR,
                                                                                      TokenType.IDENTIFIER):
            stop = name_end(tokens, named + 1)
            if stop + 1 < count and words[stop] == "WITH" and words[stop + 1] == "DATA":
                source = text[tokens[named + 1].start:tokens[stop - 1].end + 1]
                edits.append((tokens[named + 1].start, tokens[stop - 1].end + 1, f"(SELECT * FROM {source})"))
    return edited(text, tokens, edits, dialect)


def _teradata_statement_written_out(text: str, tokens: list[Token], words: list[str | None], levels: list[int],
                                    dialect: str) -> tuple[str, list[Token]] | None:
    """Teradata's statements written out whole as those sqlglot reads: ``BT`` and ``ET`` (a transaction's bounds),
    ``COMMENT ON t AS 'text'``, a macro's ``EXEC m(...)``; None when it is none of those."""
    count = len(tokens)
    if words in (["BT"], ["ET"], ["END", "TRANSACTION"]):  # (a transaction's bounds, ET's long form)
        short = {"BT": "BEGIN TRANSACTION", "ET": "COMMIT", "END": "COMMIT"}[words[0]]
        return edited(text, tokens, [(tokens[0].start, tokens[-1 if words[0] == "END" else 0].end + 1, short)],
                      dialect)
    if words[0] == "COMMENT" and count > 3:  # COMMENT ON TABLE t AS 'text'
        named = next((j for j in range(2, count - 1) if levels[j] == 0 and words[j] == "AS"), None)
        if named is not None and tokens[named + 1].token_type == TokenType.STRING:
            return edited(text, tokens, [(tokens[named].start, tokens[named].end + 1, "IS")], dialect)
    if count == 2 and words[0] == "EXECUTE" and tokens[1].token_type == TokenType.STRING:  # (a command's rest)
        short = f"EXEC{text[tokens[0].end + 1:]}"
        called = _macro_call(short, tokens_of(short, dialect), dialect)
        if called is not None:
            return called
    if count > 1 and words[0] == "EXEC" and (called := _macro_call(text, tokens, dialect)) is not None:
        return called
    return None


def _teradata_clauses_left_out(text: str, tokens: list[Token], words: list[str | None],
                               levels: list[int]) -> list[tuple[int, int, str]]:
    """The edits leaving out Teradata's clauses no record depends on: a request's ``LOCKING ... FOR ACCESS`` modifier
    (a view's before a WITH), ``SELECT NORMALIZE``'s option, a data type conversion (``amt (INTEGER)``, ``dt (DATE,
    FORMAT 'YYYY')``)."""
    count, edits = len(tokens), []
    for at, token in enumerate(tokens):
        kind, word = token.token_type, words[at]
        if kind == TokenType.LOCK and levels[at] == 0 and (at == 0 or words[at - 1] == "AS"):
            query = next((j for j in range(at + 1, count) if levels[j] == 0 and (
                words[j] in _TERADATA_QUERIES or words[j] in ("CREATE", "REPLACE", "ALTER", "DROP"))), None)
            if query is not None and words[query] in _TERADATA_QUERIES and (at == 0 or words[query] == "WITH"):
                edits.append((token.start, tokens[query].start, ""))
        elif word in ("SELECT", "SEL") and at + 2 < count and words[at + 1] == "NORMALIZE" \
                and tokens[at + 2].token_type not in (TokenType.COMMA, TokenType.FROM, TokenType.ALIAS):
            stop = at + 2
            if stop < count and words[stop] == "ON":
                stop += 1
                while stop < count and words[stop] in ("MEETS", "OVERLAPS", "OR"):
                    stop += 1
            edits.append((tokens[at + 1].start, tokens[stop].start if stop < count else len(text), ""))
        elif kind == TokenType.L_PAREN and at and _conversion(tokens, words, levels, at,
                                                              closing := group_end(tokens, at)):
            edits.append((tokens[at - 1].end + 1, tokens[closing - 1].end + 1, ""))
    return edits


def _teradata_table_options_left_out(tokens: list[Token], words: list[str | None], levels: list[int]
                                     ) -> list[tuple[int, int, str]]:
    """The edits that leave out of a Teradata CREATE TABLE what sqlglot cannot read and no column depends on: a
    table option ``MAP = TD_MAP1`` (the AMPs its rows are spread over), a ``PARTITION BY`` of column or row
    partitions (``(COLUMN ADD 10, RANGE_N(a BETWEEN 1 AND 10 EACH 1))``), and a period column's ``AS VALIDTIME`` /
    ``AS TRANSACTIONTIME`` (which time it keeps)."""
    edits, count, columns = [], len(tokens), _column_list(tokens, words, levels)
    for at in range(1, count - 2):
        if levels[at] == 0 and words[at] == "MAP" and tokens[at + 1].token_type == TokenType.EQ \
                and tokens[at - 1].token_type == TokenType.COMMA:
            edits.append((tokens[at - 2].end + 1, tokens[at + 2].end + 1, ""))
        elif levels[at] == 0 and words[at] == "PARTITION BY" and at > 2:
            following = at + 1
            if tokens[following].token_type in (TokenType.VAR, TokenType.IDENTIFIER) and following + 1 < count:
                following += 1  # (RANGE_N(...), CASE_N(...))
            if tokens[following].token_type == TokenType.L_PAREN:
                edits.append((tokens[at - 1].end + 1, tokens[group_end(tokens, following) - 1].end + 1, ""))
        elif at in columns and levels[at] == 1 and words[at] == "AS" and words[at + 1] in ("VALIDTIME",
                                                                                        "TRANSACTIONTIME"):
            edits.append((tokens[at - 1].end + 1, tokens[at + 1].end + 1, ""))
    return edits


def _macro_call(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]] | None:
    """``EXEC m [(arguments)]``, a Teradata macro executed, as its call (``CALL m(arguments)``); None for another
    EXEC."""
    count = len(tokens)
    if count < 2 or tokens[1].token_type not in (TokenType.VAR, TokenType.IDENTIFIER) \
            or word_of(tokens[1]) == "IMMEDIATE":
        return None
    stop = name_end(tokens, 1)
    if stop < count and not (tokens[stop].token_type == TokenType.L_PAREN and group_end(tokens, stop) == count):
        return None
    return edited(text, tokens, [(tokens[0].start, tokens[0].end + 1, "CALL"),
                                 (tokens[stop - 1].end + 1, tokens[stop - 1].end + 1, "()" if stop == count else "")],
                  dialect)


def macro_as_procedure(text: str, dialect: str = "teradata") -> str:
    """A Teradata macro's definition (``CREATE | REPLACE MACRO m [(parameters)] AS (a; b;)``) as the procedure it
    stands for (``CREATE PROCEDURE m() BEGIN a; b; END``), its text as the request's splitting gives the statement
    (:func:`.statements._split`: its name and signature are read from it): its statements run when it is executed
    (``EXEC m``, a call), never when it is defined (they were recorded as run, reading and writing what the macro
    does). Its parameters are left out (a call names the macro, whatever its arguments); another text as it is.

    >>> macro_as_procedure("REPLACE MACRO db.m (x INTEGER) AS (SEL a FROM t WHERE b = :x; DELETE FROM u ALL;)")
    'CREATE PROCEDURE db.m() BEGIN SEL a FROM t WHERE b = :x; DELETE FROM u ALL; END'
    """
    try:
        tokens = tokens_of(text, dialect)
    except SqlglotError:
        return text
    words = [word_of(t) for t in tokens]
    if len(tokens) < 4 or words[0] not in ("CREATE", "REPLACE") or words[1] != "MACRO":
        return text
    named = name_end(tokens, 2)
    body = next((j for j in range(named, len(tokens) - 1) if words[j] == "AS"
                 and tokens[j + 1].token_type == TokenType.L_PAREN), None)
    if body is None:
        return text
    closing = group_end(tokens, body + 1) - 1
    statements = text[tokens[body + 1].end + 1:tokens[closing].start].strip()
    name = text[tokens[2].start:tokens[named - 1].end + 1]
    return f"CREATE PROCEDURE {name}() BEGIN {statements}{'' if statements.endswith(';') else ';'} END"


def _conversion(tokens: list[Token], words: list[str | None], levels: list[int], opening: int,
                closing_after: int) -> bool:
    """Whether the bracket at ``opening`` is a Teradata data type conversion of what precedes it (a column, a call,
    a bracketed expression, a literal), apart from it (``amt (INTEGER)``: a call is written ``f(x)``): each of its
    comma-separated parts one of Teradata's data types (``DECIMAL(10,2)``) or a conversion attribute (``FORMAT
    'YYYY'``); not a function's arguments (``ADD_MONTHS (DATE, 1)``: the word before is a function sqlglot knows), nor
    the column list of an object named before it (``CREATE TABLE s.t (text VARCHAR(10))``, ``INSERT INTO s.t
    (NULL)``)."""
    before = tokens[opening - 1]
    if before.token_type not in (TokenType.VAR, TokenType.IDENTIFIER, TokenType.R_PAREN, TokenType.NUMBER,
                                 TokenType.STRING) or closing_after <= opening + 2 \
            or tokens[opening].start == before.end + 1:
        return False
    if before.token_type in (TokenType.VAR, TokenType.IDENTIFIER):
        if words[opening - 1] in Parser.FUNCTIONS:
            return False
        named = opening - 1  # (the name's first part)
        while named >= 2 and tokens[named - 1].token_type == TokenType.DOT:
            named -= 2
        if named and words[named - 1] in _TERADATA_NAMING_WORDS:
            return False
    part_start = opening + 1
    for at in range(opening + 1, closing_after):
        if at == part_start:
            if words[at] not in _TERADATA_TYPES and words[at] not in _TERADATA_ATTRIBUTES:
                return False
            if words[at] in ("DATE", "TIME", "TIMESTAMP") and \
                    tokens[at + 1].token_type not in (TokenType.COMMA, TokenType.R_PAREN, TokenType.L_PAREN):
                return False  # (a literal, DATE '2020-01-01')
        if tokens[at].token_type == TokenType.COMMA and levels[at] == levels[opening] + 1:
            part_start = at + 1
    return True


#: The words after which a name's bracket is its column list or its arguments, no conversion.
_TERADATA_NAMING_WORDS = frozenset({"TABLE", "VIEW", "INTO", "INSERT", "INS", "MACRO", "PROCEDURE", "FUNCTION", "INDEX",
                                    "ON", "REFERENCES", "EXEC", "EXECUTE", "CALL", "JOIN", "FROM", "UPDATE", "UPD"})
#: Teradata's data types, as a conversion names them (``amt (DECIMAL(10,2))``).
_TERADATA_TYPES = frozenset({"BYTEINT", "SMALLINT", "INTEGER", "INT", "BIGINT", "DECIMAL", "DEC", "NUMERIC", "NUMBER",
                             "FLOAT", "REAL", "DOUBLE", "DATE", "TIME", "TIMESTAMP", "INTERVAL", "CHAR", "CHARACTER",
                             "VARCHAR", "CLOB", "BYTE", "VARBYTE", "BLOB", "PERIOD", "GRAPHIC", "VARGRAPHIC"})


#: A text that may hold a SQLite clause sqlglot cannot read (:func:`_sqlite_clauses_written_out`).
_SQLITE_CLAUSES = re.compile(r"\?\d|\bon\s+conflict\b|\bvirtual\b|\bany\b|\b(?:asc|desc)\b|\bouter\b",
                             re.IGNORECASE)
#: A CREATE TABLE's constraints whose bracketed columns may be ordered (``PRIMARY KEY (x ASC)``).
_KEYED = frozenset({"KEY", "PRIMARY KEY", "UNIQUE"})


def _sqlite_clauses_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """SQLite's clauses sqlglot cannot read, written as it reads them where no record depends on what is left out: a
    numbered parameter ``?1`` as ``?``; in a CREATE TABLE, a constraint's ``ON CONFLICT FAIL`` (how a conflict is met),
    a column's type ``ANY`` (a column of no type), a key's column order (``PRIMARY KEY (x ASC)``), and a virtual
    table's ``key = value`` arguments (``fts5(body, content = 't')``: options of its module); a table aliased
    ``outer`` (a word SQLite does not reserve), quoted; an UPSERT's later ``ON CONFLICT`` clauses (SQLite runs the
    first whose target a row violates), their assignments and conditions added to the first's.

    >>> [_sqlite_clauses_written_out(sql, tokens_of(sql, "sqlite"), "sqlite")[0] for sql in (
    ...     "select a from t where b = ?1", "create table r (h text primary key on conflict fail, d any, primary key(h desc))",
    ...     "insert into t(a) values (1) on conflict(a) do update set c = 1 on conflict do update set d = 2")]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['select a from t where b = ?', 'create table r (h text primary key, d, primary key(h))',
     'insert into t(a) values (1) ON CONFLICT(a) DO UPDATE SET c = 1, d = 2']
    >>> sql = ("insert into t values (1) on conflict(a) where a > 0 do nothing "
    ...        "on conflict(b) where b is not null do update set d = 2 where t.e < 5 returning a")
    >>> _sqlite_clauses_written_out(sql, tokens_of(sql, "sqlite"), "sqlite")[0]
    'insert into t values (1) ON CONFLICT(a) where a > 0 DO UPDATE SET d = 2 WHERE (t.e < 5) returning a'
    """
    levels, words, edits = depths(tokens), [word_of(t) for t in tokens], []
    creating = words[0] == "CREATE"
    conflicts = [at for at in range(len(tokens) - 1) if levels[at] == 0 and words[at] == "ON"
                 and words[at + 1] == "CONFLICT"] if not creating else []
    for at, token in enumerate(tokens):
        kind = token.token_type
        if kind == TokenType.PLACEHOLDER and at + 1 < len(tokens) and tokens[at + 1].token_type == TokenType.NUMBER \
                and tokens[at + 1].start == token.end + 1:
            edits.append((tokens[at + 1].start, tokens[at + 1].end + 1, ""))
        elif kind == TokenType.OUTER and (words[at - 1] == "AS" or at + 1 < len(tokens)
                                          and tokens[at + 1].token_type == TokenType.DOT):
            edits.append((token.start, token.end + 1, f'"{token.text}"'))
        elif creating and levels[at] >= 1 and words[at] == "ON" and at + 2 < len(tokens) and words[at + 1] == "CONFLICT":
            edits.append((tokens[at - 1].end + 1, tokens[at + 2].end + 1, ""))
        elif creating and levels[at] == 1 and words[at] == "ANY" and tokens[at - 1].token_type in (TokenType.VAR,
                                                                                                 TokenType.IDENTIFIER):
            edits.append((tokens[at - 1].end + 1, token.end + 1, ""))
        elif creating and levels[at] == 2 and words[at] in ("ASC", "DESC"):
            opening = max(j for j in range(at) if levels[j] == 1 and tokens[j].token_type == TokenType.L_PAREN)
            if words[opening - 1] in _KEYED:
                edits.append((tokens[at - 1].end + 1, token.end + 1, ""))
        elif creating and levels[at] == 1 and kind == TokenType.EQ and "VIRTUAL" in words[:3]:
            start = at - 1
            while start > 0 and tokens[start - 1].token_type not in (TokenType.COMMA, TokenType.L_PAREN):
                start -= 1
            stop = at + 1
            while stop < len(tokens) and levels[stop] >= 1 and tokens[stop].token_type != TokenType.COMMA \
                    and not (levels[stop] == 1 and tokens[stop].token_type == TokenType.R_PAREN):
                stop += 1
            if tokens[start - 1].token_type == TokenType.COMMA:  # (the argument and the comma before it)
                edits.append((tokens[start - 2].end + 1, tokens[stop - 1].end + 1, ""))
            elif stop < len(tokens) and tokens[stop].token_type == TokenType.COMMA:
                edits.append((tokens[start].start, tokens[stop + 1].start, ""))
            else:
                edits.append((tokens[start].start, tokens[stop - 1].end + 1, ""))
    if len(conflicts) > 1:
        merged = _upserts_merged(text, tokens, levels, words, conflicts)
        edits += [merged] if merged is not None else []
    return edited(text, tokens, edits, dialect)



def _upserts_merged(text: str, tokens: list[Token], levels: list[int], words: list[str | None],
                    conflicts: list[int]) -> tuple[int, int, str] | None:
    """The edit writing an UPSERT's ``ON CONFLICT`` clauses (at ``conflicts``) as the first, with the later ones'
    assignments and conditions added to its own (SQLite runs the first whose target a row violates); None when one
    is not an upsert clause as SQLite writes one."""
    returning = next((j for j in range(conflicts[-1], len(tokens)) if levels[j] == 0 and words[j] == "RETURNING"),
                     len(tokens))
    bounds = [*conflicts, returning]
    target, assignments, conditions = None, [], []
    for number, at in enumerate(conflicts):
        end = bounds[number + 1]
        does = next((j for j in range(at + 2, end) if levels[j] == 0 and words[j] == "DO"), None)
        if does is None:
            return None  # (not an upsert clause as SQLite writes one)
        if number == 0:
            target = text[tokens[at + 1].end + 1:tokens[does].start]  # (the first's target, its WHERE too)
        sets = next((j for j in range(does, end) if levels[j] == 0 and words[j] == "SET"), None)
        if sets is None:
            continue  # (DO NOTHING)
        where = next((j for j in range(sets + 1, end) if levels[j] == 0 and words[j] == "WHERE"), end)
        if sets + 1 < where:
            assignments.append(text[tokens[sets + 1].start:tokens[where - 1].end + 1])
        if where + 1 < end:
            conditions.append(f"({text[tokens[where + 1].start:tokens[end - 1].end + 1]})")
    action = (f"DO UPDATE SET {', '.join(assignments)}" + (f" WHERE {' OR '.join(conditions)}" if conditions else "")
              if assignments else "DO NOTHING")
    return tokens[conflicts[0]].start, tokens[returning - 1].end + 1, f"ON CONFLICT{target}{action}"


def _summaries_as_queries(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """DuckDB's ``SUMMARIZE [TABLE] t`` and ``SUMMARIZE query``: statistics of every column of the table or query
    ("computes a number of aggregates over all columns"), read as ``SELECT * FROM t`` and as the query.

    >>> [_summaries_as_queries(sql, Dialect.get_or_raise("duckdb").tokenize(sql), "duckdb")[0]
    ...  for sql in ("summarize t", "summarize table s.t", "summarize select a from t")]
    ['SELECT * FROM t', 'SELECT * FROM s.t', 'select a from t']
    """
    start = 1 + (word_of(tokens[1]) == "TABLE")
    if start >= len(tokens):
        return text, tokens
    if word_of(tokens[start]) in ("SELECT", "WITH", "FROM", "(", "VALUES"):
        return edited(text, tokens, [(tokens[0].start, tokens[start].start, "")], dialect)
    return edited(text, tokens, [(tokens[0].start, tokens[start].start, "SELECT * FROM ")], dialect)


def _open_slices_bounded(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """DuckDB's list slice from the start, ``l[:n]``, which sqlglot reads as the bind parameter ``:n``, written with its
    open start, ``l[NULL:n]`` (the same slice).

    >>> sql = "select l[:n], l[:2] from t"
    >>> _open_slices_bounded(sql, Dialect.get_or_raise("duckdb").tokenize(sql), "duckdb")[0]
    'select l[NULL:n], l[:2] from t'
    """
    edits = [(tokens[index].end + 1, tokens[index].end + 1, "NULL") for index in range(len(tokens) - 2)
             if tokens[index].token_type == TokenType.L_BRACKET and tokens[index + 1].token_type == TokenType.COLON
             and tokens[index + 2].token_type in (TokenType.VAR, TokenType.IDENTIFIER)
             and tokens[index + 1].end + 1 == tokens[index + 2].start]
    return edited(text, tokens, edits, dialect) if edits else (text, tokens)


#: T-SQL's view attributes (``WITH SCHEMABINDING, VIEW_METADATA``): how the view is kept, not what it reads.
_VIEW_ATTRIBUTES = frozenset({"ENCRYPTION", "SCHEMABINDING", "VIEW_METADATA"})


def _view_attributes_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """T-SQL's ``CREATE [OR ALTER] VIEW v [(columns)] WITH attribute, attribute ... AS query`` without its attributes,
    which sqlglot reads one of only (SSMS scripts ``WITH SCHEMABINDING, VIEW_METADATA``).

    >>> sql = "create view dbo.v with schemabinding, view_metadata as select a from dbo.t"
    >>> _view_attributes_left_out(sql, tokens_of(sql, "tsql"), "tsql")[0]
    'create view dbo.v  as select a from dbo.t'
    """
    words = [word_of(token) for token in tokens[:12]]
    view = next((i for i, word in enumerate(words) if word == "VIEW"), None)
    if view is None or not set(words[1:view]) <= {"OR", "ALTER"}:
        return text, tokens
    at = view + 1
    while at < len(tokens) and tokens[at].token_type in (TokenType.VAR, TokenType.DOT, TokenType.IDENTIFIER):
        at += 1
    if at < len(tokens) and tokens[at].token_type == TokenType.L_PAREN:
        at = group_end(tokens, at)
    if at >= len(tokens) or word_of(tokens[at]) != "WITH":
        return text, tokens
    end = at + 1
    while end < len(tokens) and (word_of(tokens[end]) in _VIEW_ATTRIBUTES or tokens[end].token_type == TokenType.COMMA):
        end += 1
    if end == at + 1 or end >= len(tokens) or word_of(tokens[end]) != "AS":
        return text, tokens
    return edited(text, tokens, [(tokens[at].start, tokens[end - 1].end + 1, "")], dialect)


def _returning_block_unwrapped(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A T-SQL scalar function whose body is a block of one ``RETURN`` (``CREATE FUNCTION f (@id int) RETURNS int AS
    BEGIN RETURN (SELECT ...); END``) as the function of that ``RETURN`` it is, whose body is read where it is called
    (an inline function's is: "if tables are included in queries inside the functions ... logged in the
    base_objects_accessed field"). Another block is kept as it is.

    >>> sql = "create function dbo.f (@id int) returns int as begin return (select max(a) from t where b = @id); end"
    >>> _returning_block_unwrapped(sql, tokens_of(sql, "tsql"), "tsql")[0]
    'create function dbo.f (@id int) returns int as return (select max(a) from t where b = @id)'
    """
    if not any(word_of(token) == "FUNCTION" for token in tokens[1:4]):
        return text, tokens
    levels = depths(tokens)
    begin = next((i for i in range(3, len(tokens) - 1) if not levels[i] and word_of(tokens[i]) == "BEGIN"
                  and word_of(tokens[i - 1]) == "AS"), None)
    last = len(tokens) - 1 - (tokens[-1].token_type == TokenType.SEMICOLON)
    if begin is None or word_of(tokens[begin + 1]) != "RETURN" or word_of(tokens[last]) != "END":
        return text, tokens
    stop = last - (tokens[last - 1].token_type == TokenType.SEMICOLON)
    if stop <= begin + 2 or any(not levels[i] and tokens[i].token_type == TokenType.SEMICOLON
                                for i in range(begin + 2, stop)):
        return text, tokens
    return edited(text, tokens, [(tokens[begin].start, len(text),
                                  text[tokens[begin + 1].start:tokens[stop - 1].end + 1])], dialect)


def _key_aggregates_as_columns(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A DuckDB recursive CTE's ``USING KEY (k, min(v) [AS v])`` (DuckDB 1.3: the key's other columns aggregated
    into the union table as rows of a key meet), which sqlglot does not read, as ``USING KEY (k, v)``: each
    aggregate of the list as the CTE column it keeps (its alias, else the first column it aggregates). The key list
    names the CTE's own columns, so no table's read is lost.

    >>> sql = "with recursive t(k, v, w) using key (k, min(v), sum(abs(w)) as w) as (select 1, 2, 3) from t"
    >>> _key_aggregates_as_columns(sql, tokens_of(sql, "duckdb"), "duckdb")[0]
    'with recursive t(k, v, w) using key (k, v, w) as (select 1, 2, 3) from t'
    """
    edits, levels = [], depths(tokens)
    for at in range(len(tokens) - 2):
        if word_of(tokens[at]) != "USING" or word_of(tokens[at + 1]) != "KEY" \
                or tokens[at + 2].token_type != TokenType.L_PAREN:
            continue
        for item in _items(tokens, levels, at + 3, group_end(tokens, at + 2) - 1, levels[at + 2] + 1):
            first, last = item[0], item[-1]
            if first >= last or tokens[first + 1].token_type != TokenType.L_PAREN:
                continue  # (a column, not a call)
            call_end = group_end(tokens, first + 1) - 1
            if call_end + 2 <= last and word_of(tokens[call_end + 1]) == "AS":
                kept = tokens[call_end + 2]
            else:
                kept = next((tokens[n] for n in range(first + 2, call_end)  # (its first column: arg_min(via, len)'s via)
                             if tokens[n].token_type in (TokenType.VAR, TokenType.IDENTIFIER)
                             and tokens[n + 1].token_type != TokenType.L_PAREN), None)
            if kept is not None:
                edits.append((tokens[first].start, tokens[last].end + 1, text[kept.start:kept.end + 1]))
    return edited(text, tokens, edits, dialect)


def _bare_merge_actions(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """DuckDB's MERGE actions of the source's row as a whole, each in the spelling sqlglot reads: ``UPDATE BY NAME``
    and ``INSERT BY NAME`` (each column from the source's column of its name) as ``UPDATE ALL BY NAME`` / ``INSERT ALL
    BY NAME``, which sqlglot reads as Snowflake's; ``UPDATE`` / ``INSERT`` alone, ``BY POSITION``, ``UPDATE SET *``
    and ``INSERT *`` (each column from the source's column at its place: DuckDB 2.0.1 fills a table (x, y, z) from a
    source (z, x, y) as z, x, y) as the action alone, which sqlglot reads as one of no list
    (:func:`.dml.resolve_merge`); ``ERROR ['message']``, which aborts the statement and changes no row, as ``DO
    NOTHING``.

    >>> sql = "merge into t using s on t.id = s.id when matched then update by name when not matched then insert *"
    >>> _bare_merge_actions(sql, Dialect.get_or_raise("duckdb").tokenize(sql), "duckdb")[0]
    'merge into t using s on t.id = s.id when matched then update ALL by name when not matched then insert'
    >>> sql = "merge into t using s on t.id = s.id when matched and s.x < 0 then error 'bad' when matched then delete"
    >>> _bare_merge_actions(sql, Dialect.get_or_raise("duckdb").tokenize(sql), "duckdb")[0]
    'merge into t using s on t.id = s.id when matched and s.x < 0 then DO NOTHING when matched then delete'
    """
    edits, words = [], [word_of(token) for token in tokens]
    for index, token in enumerate(tokens[:-1]):
        if words[index] != "THEN":
            continue
        action, after = words[index + 1], words[index + 2:index + 4]
        ends = ("", "WHEN", ";")
        if action == "ERROR":
            stop = index + 2 + (index + 2 < len(tokens) and tokens[index + 2].token_type == TokenType.STRING)
            edits.append((tokens[index + 1].start, tokens[stop - 1].end + 1, "DO NOTHING"))
        elif action in ("UPDATE", "INSERT") and after == ["BY", "NAME"]:
            edits.append((tokens[index + 1].end + 1, tokens[index + 1].end + 1, " ALL"))
        elif action in ("UPDATE", "INSERT") and after == ["BY", "POSITION"]:
            edits.append((tokens[index + 1].end + 1, tokens[index + 3].end + 1, ""))
        elif action == "UPDATE" and after == ["SET", "*"] and (words[index + 4:index + 5] or [""])[0] in ends:
            edits.append((tokens[index + 1].end + 1, tokens[index + 3].end + 1, ""))
        elif action == "INSERT" and after[:1] == ["*"] and (after[1:] or [""])[0] in ends:
            edits.append((tokens[index + 1].end + 1, tokens[index + 2].end + 1, ""))
    return edited(text, tokens, edits, dialect) if edits else (text, tokens)


def _macros_as_functions(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """DuckDB's ``CREATE [OR REPLACE] [TEMP] MACRO m(a) AS expr | AS TABLE query`` and ``DROP MACRO [TABLE] m``, which
    sqlglot does not read, as the ``FUNCTION`` it is an alias of ("CREATE MACRO ... CREATE FUNCTION is an alias").

    >>> sql = "create or replace temp macro high(m) as table select id from emp where salary > m"
    >>> _macros_as_functions(sql, Dialect.get_or_raise("duckdb").tokenize(sql), "duckdb")[0]
    'create or replace temp FUNCTION high(m) as table select id from emp where salary > m'
    >>> sql = "drop macro table high"
    >>> _macros_as_functions(sql, Dialect.get_or_raise("duckdb").tokenize(sql), "duckdb")[0]
    'drop FUNCTION high'
    >>> sql = "create macro add_default(a, b := 5) as a + b"
    >>> _macros_as_functions(sql, Dialect.get_or_raise("duckdb").tokenize(sql), "duckdb")[0]
    'create FUNCTION add_default(a, b) as a + b'
    """
    at = next((index for index, token in enumerate(tokens[:6]) if word_of(token) == "MACRO"), None)
    if at is None or any(word_of(token) not in ("CREATE", "DROP", "OR", "REPLACE", "TEMP", "TEMPORARY")
                         for token in tokens[:at]):
        return text, tokens
    end = tokens[at].end + 1
    if word_of(tokens[0]) == "DROP" and at + 1 < len(tokens) and word_of(tokens[at + 1]) == "TABLE":
        end = tokens[at + 1].end + 1  # (DROP MACRO TABLE m: a table macro's)
    edits = [(tokens[at].start, end, "FUNCTION")]
    opening = next((i for i in range(at + 1, len(tokens)) if tokens[i].token_type == TokenType.L_PAREN), None)
    if word_of(tokens[0]) == "CREATE" and opening is not None:  # a parameter's default (b := 5): left out (a call
        levels, close = depths(tokens), group_end(tokens, opening) - 1  # that omits it reads the same columns)
        for item in _items(tokens, levels, opening + 1, close, levels[opening] + 1):
            assigned = next((i for i in item if tokens[i].token_type == TokenType.COLON_EQ), None)
            if assigned is not None:
                edits.append((tokens[assigned - 1].end + 1, tokens[item[-1]].end + 1, ""))
    return edited(text, tokens, edits, dialect)


#: The verbs of MySQL's statements that read or write rows (whose ``DEFAULT(c)`` is a value, not a column's clause).
_DML_VERBS = frozenset({"SELECT", "WITH", "INSERT", "REPLACE", "UPDATE", "DELETE"})


def _column_defaults_as_values(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MySQL's ``DEFAULT(c)`` in a query or a change of rows, "the default value for a table column", which sqlglot
    cannot read in a SET: a constant of the table's definition, no value of any row (NULL here: nothing read).

    >>> sql = "update customers set ltv = default(ltv) where id = 3"
    >>> _column_defaults_as_values(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'update customers set ltv = NULL where id = 3'
    """
    edits = []
    for index, end in calls_of(tokens, "DEFAULT"):
        inside = tokens[index + 2:end]
        if end < len(tokens) and inside and all(t.token_type == TokenType.DOT or (
                t.token_type not in _NOT_NAMES and _WORD.fullmatch(t.text)) for t in inside):  # (a column's name)
            edits.append((tokens[index].start, tokens[end].end + 1, "NULL"))
    return edited(text, tokens, edits, dialect)


def _upsert_sources_bracketed(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MySQL's ``INSERT ... SELECT ... FROM a NATURAL JOIN b ON DUPLICATE KEY UPDATE ...``, whose ``ON`` sqlglot takes
    for the join's condition: the FROM clause's joined tables bracketed (``FROM (a NATURAL JOIN b)``, the same rows);
    and ``VALUES(t.c)`` of the target's column, which sqlglot cannot read qualified, as ``VALUES(c)``.

    >>> sql = "insert into t1 select 1, a from t2 natural join t3 on duplicate key update j = t1.j + values(t1.j)"
    >>> _upsert_sources_bracketed(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'insert into t1 select 1, a from (t2 natural join t3) on duplicate key update j = t1.j + values(j)'
    """
    levels, words = depths(tokens), [word_of(t) for t in tokens]
    upsert = next((at for at in range(len(tokens) - 3) if levels[at] == 0
                   and words[at:at + 4] == ["ON", "DUPLICATE", "KEY", "UPDATE"]), None)
    if upsert is None:
        return text, tokens
    edits = []
    start = next((at for at in range(upsert - 1, -1, -1) if levels[at] == 0 and words[at] == "FROM"), None)
    clauses = ("WHERE", "GROUP", "HAVING", "ORDER", "LIMIT", "WINDOW", "UNION")
    if start is not None and start + 1 < upsert and any(words[at] == "JOIN" and levels[at] == 0
                                                        for at in range(start, upsert)) \
            and not any(words[at] in clauses and levels[at] == 0 for at in range(start, upsert)):
        edits += [(tokens[start + 1].start, tokens[start + 1].start, "("),
                  (tokens[upsert - 1].end + 1, tokens[upsert - 1].end + 1, ")")]
    for at in range(upsert + 4, len(tokens) - 5):
        if words[at] == "VALUES" and tokens[at + 1].token_type == TokenType.L_PAREN \
                and tokens[at + 3].token_type == TokenType.DOT and tokens[at + 5].token_type == TokenType.R_PAREN:
            edits.append((tokens[at + 2].start, tokens[at + 4].start, ""))  # VALUES(t1.j): the target's j
    return edited(text, tokens, edits, dialect) if edits else (text, tokens)


def _merge_tables_as_views(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A MySQL MERGE table (``ENGINE = MERGE | MRG_MyISAM UNION [=] (t1, t2, ...)``: "a collection of identical MyISAM
    tables that can be used as one"), which sqlglot does not read, as the view it is read as: a read of it reads the
    tables it collects, as the server's does (a ClickHouse Merge table's alike). An insert into it is recorded as a
    write of it (which table its ``INSERT_METHOD`` takes is not told). A temporary one is created as a table of its
    columns, its ``UNION`` left out (a read of it is recorded as of that table), as is a table of another engine,
    whose ``UNION`` MySQL ignores.

    >>> sql = "create or replace table t (a int, `b` int, key (a)) engine=mrg_myisam union=(t1, db.t2) insert_method=1"
    >>> _merge_tables_as_views(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'CREATE OR REPLACE VIEW t (a, `b`) AS SELECT a, `b` FROM t1 UNION ALL SELECT a, `b` FROM db.t2'
    >>> sql = "create temporary table t (a int) engine=merge union (t1, t2)"
    >>> _merge_tables_as_views(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'create temporary table t (a int) engine=merge '
    >>> sql = "create table t (select a from t1) union (select a from t2)"
    >>> _merge_tables_as_views(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'create table t (select a from t1) union (select a from t2)'
    >>> sql = "create table t (a int, primary key (a)) union = (t1, t2)"  # (no MERGE engine: MySQL ignores it)
    >>> _merge_tables_as_views(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'create table t (a int, primary key (a)) '
    """
    levels = depths(tokens)
    words = [word_of(token) for token in tokens]
    merged = any(word == "ENGINE" and not levels[at] and {"MERGE", "MRG_MYISAM"} & set(words[at + 1:at + 3])
                 for at, word in enumerate(words))  # (without it, MySQL ignores the option: a table of its own)
    head = next((at for at, word in enumerate(words) if word == "TABLE" and not levels[at]), 0)  # (CREATE ... TABLE t)
    for index, token in enumerate(tokens):
        if words[index] in ("SELECT", "AS", "WITH", "LIKE", "TABLE") and index > head and not levels[index]:
            break  # (a query's UNION is no option)
        if words[index] != "UNION" or levels[index] or not any(t.token_type == TokenType.R_PAREN
                                                               for t in tokens[:index]):
            continue
        start = index + 1 + (index + 1 < len(tokens) and tokens[index + 1].token_type == TokenType.EQ)
        if start >= len(tokens) or tokens[start].token_type != TokenType.L_PAREN:
            return text, tokens
        end = group_end(tokens, start) - 1
        if end >= len(tokens) or words[start + 1] in ("SELECT", "WITH", "VALUES", "TABLE", "("):
            return text, tokens  # (a query's UNION: CREATE TABLE t (SELECT ...) UNION (SELECT ...))
        listed = _items(tokens, levels, start + 1, end, levels[start] + 1)
        view = _merge_view(text, tokens, words, levels, head, [text[tokens[item[0]].start:tokens[item[-1]].end + 1]
                                                               for item in listed]) if merged and head else None
        if view is not None:
            return edited(text, tokens, [(0, len(text), view)], dialect)
        return edited(text, tokens, [(token.start, tokens[end].end + 1, "")], dialect)
    return text, tokens


#: The first words of a table's column list's items that are no column.
_NO_COLUMN = frozenset({"KEY", "INDEX", "PRIMARY", "PRIMARY KEY", "UNIQUE", "CONSTRAINT", "FULLTEXT", "SPATIAL",
                        "FOREIGN", "FOREIGN KEY", "CHECK", "PERIOD"})


def _merge_view(text: str, tokens: list[Token], words: list[str | None], levels: list[int], table: int,
                tables: list[str]) -> str | None:
    """The view of :func:`_merge_tables_as_views` (``table``: where its TABLE word is): ``CREATE [OR REPLACE] VIEW
    [IF NOT EXISTS] t (a, ...) AS SELECT a, ... FROM t1 UNION ALL ...``; None for a temporary table, or a CREATE of
    another shape."""
    if not tables or any(word not in ("CREATE", "OR", "REPLACE") for word in words[:table]):
        return None
    name = table + 1 + 3 * (words[table + 1:table + 4] == ["IF", "NOT", "EXISTS"])
    opening = next((at for at in range(name, len(tokens)) if tokens[at].token_type == TokenType.L_PAREN), None)
    if opening is None or opening == name:
        return None
    items = _items(tokens, levels, opening + 1, group_end(tokens, opening) - 1, levels[opening] + 1)
    columns = [text[tokens[item[0]].start:tokens[item[0]].end + 1] for item in items
               if words[item[0]] not in _NO_COLUMN]
    if not columns:
        return None
    listed = ", ".join(columns)
    head = "CREATE OR REPLACE VIEW" if "REPLACE" in words[:table] else "CREATE VIEW"
    exists = " IF NOT EXISTS" if name > table + 1 else ""
    return (f"{head}{exists} {text[tokens[name].start:tokens[opening - 1].end + 1]} ({listed}) AS "
            + " UNION ALL ".join(f"SELECT {listed} FROM {source}" for source in tables))


def _mysql_forms_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MySQL's statements sqlglot keeps opaque or reads apart, written as the forms it reads that do the same to the
    data: ``REPLACE [INTO] t ...`` as ``INSERT INTO t ...`` (it inserts, first deleting the rows whose keys the new
    ones repeat), ``RENAME TABLE a TO b`` as ``ALTER TABLE a RENAME TO b`` (several at once are the command grammar's),
    ``DROP TEMPORARY TABLE`` as ``DROP TABLE`` (the session's temporary table: MySQL's drops no other), ``DROP TABLES``
    as ``DROP TABLE`` and ``LOCK TABLE`` as ``LOCK TABLES`` (each the other's spelling), ``LOAD DATA
    INFILE 'f' INTO TABLE t`` (with its options; LOAD XML's alike) as ``LOAD DATA INPATH 'f' INTO TABLE t``, a CREATE or
    ALTER of a view without its options (``ALGORITHM = ...``, ``DEFINER = ...``, ``SQL SECURITY ...``: sqlglot reads none
    of them before a ``WITH CHECK OPTION`` or after ALTER), an INSERT or SELECT without its priority and a CREATE TABLE
    ... SELECT without its IGNORE or REPLACE (sqlglot reads neither), and a CREATE without its ``DEFINER =
    CURRENT_USER``, which sqlglot does not read (``DEFINER = user@host`` it does).

    >>> [_mysql_forms_written_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0] for sql in (
    ...  "replace low_priority into t (a) select a from u", "rename table `d`.`a` to b", "drop temporary table if exists t")]
    ['INSERT INTO t (a) select a from u', 'ALTER TABLE `d`.`a` RENAME TO b', 'drop TABLE if exists t']
    >>> [_mysql_forms_written_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0] for sql in (
    ...  "create or replace algorithm=merge definer=`root`@`%` sql security invoker view v as select 1 with check option",
    ...  "alter definer=x@y view v as select 1", "create table t (sql int, view int)")]
    ['create or replace view v as select 1 with check option', 'alter view v as select 1', 'create table t (sql int, view int)']
    >>> [_mysql_forms_written_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0] for sql in (
    ...  "insert low_priority ignore into t select 1", "select high_priority distinct a from t",
    ...  "create table t2 ignore select a from t", "create table t2 (k int primary key) replace as select a from t")]
    ['insert ignore into t select 1', 'select distinct a from t', 'create table t2 select a from t', 'create table t2 (k int primary key) as select a from t']
    """
    first, verb = tokens[0], [word_of(token) for token in tokens[:3]]
    rest = text[first.end + 1:]
    if verb[0] == "REPLACE" and len(tokens) == 2:
        skipped = _REPLACE.match(rest)
        return edited(text, tokens, [(first.start, first.end + 1 + skipped.end(), "INSERT INTO ")], dialect)
    if verb[0] == "RENAME" and len(tokens) == 2:
        one = _RENAME_ONE.fullmatch(rest)
        if one is None:
            return text, tokens
        return edited(text, tokens, [(first.start, len(text), f"ALTER TABLE {one.group(1)} RENAME TO {one.group(2)}")],
                      dialect)
    if verb[0] == "LOAD":
        return _mysql_load_written_out(text, tokens, dialect)
    if verb[0] in ("INSERT", "SELECT") and verb[1] in _PRIORITIES:  # how it waits for others
        return edited(text, tokens, [(tokens[1].start, tokens[2].start if len(tokens) > 2 else len(text), "")],
                      dialect)
    if verb[:2] == ["CREATE", "TABLE"]:
        # CREATE TABLE t [(...)] IGNORE | REPLACE [AS] SELECT ...: what a row whose key repeats does, no data
        at = next((i for i, token in enumerate(tokens) if word_of(token) in ("IGNORE", "REPLACE")
                   and i + 1 < len(tokens) and word_of(tokens[i + 1]) in ("SELECT", "AS", "WITH")
                   and all(word_of(t) not in ("SELECT", "AS", "WITH") for t in tokens[2:i])), None)
        if at is not None:
            return edited(text, tokens, [(tokens[at].start, tokens[at + 1].start, "")], dialect)
    if verb in (["DROP", "TEMPORARY", "TABLE"], ["DROP", "TEMPORARY", "TABLES"]):
        return edited(text, tokens, [(tokens[1].start, tokens[2].end + 1, "TABLE")], dialect)
    if verb[:2] in (["DROP", "TABLES"], ["LOCK", "TABLE"]):  # (the grammar's either: "LOCK {TABLE | TABLES}", DROP
        spelled = "TABLE" if verb[0] == "DROP" else "TABLES"  # TABLES as MySQL's test suite writes it)
        return edited(text, tokens, [(tokens[1].start, tokens[1].end + 1, spelled)], dialect)
    if verb[0] in ("CREATE", "ALTER"):
        return _mysql_definitions_written_out(text, tokens, dialect)
    return text, tokens


def _mysql_load_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MySQL's ``LOAD DATA | XML [LOCAL] INFILE 'f' INTO TABLE t ...``, the file read and the table written, as Hive's
    ``LOAD DATA INPATH 'f' INTO TABLE t``, which sqlglot reads; with the columns its fields or its SET give, as
    ``COPY INTO t (...) FROM 'f'``; as written when it lists variables only (set aside, rather than write every
    column)."""
    # (LOAD XML "reads data from an XML file into a table" as LOAD DATA does, its ROWS IDENTIFIED BY '<tag>' how)
    text = _LOAD_XML.sub(r"\1DATA", text, count=1)
    text = _LOAD_PARTITION.sub(r"\1", text, count=1)  # (the partitions it loads: the table is written all the same)
    listed = _LOAD_INFILE_LISTED.fullmatch(text)
    written = _load_columns(listed["columns"], listed["set"]) if listed is not None else None
    if written:  # (c1, @v, c2) SET c3 = f(@v): the columns the file's fields or the SET give, as COPY INTO t (...)
        return edited(text, tokens, [(0, len(text), f"COPY INTO {listed[3]} ({', '.join(written)}) FROM "
                                                    f"{listed[2]}")], dialect)
    load = _LOAD_INFILE.fullmatch(text)
    if load is None:
        return text, tokens
    local = "LOCAL " if load.group(1) else ""
    return edited(text, tokens, [(0, len(text), f"LOAD DATA {local}INPATH {load.group(2)} INTO TABLE {load.group(3)}")],
                  dialect)


def _mysql_definitions_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A MySQL CREATE or ALTER without what sqlglot does not read and no record depends on: a view's options
    (``ALGORITHM = a``, ``DEFINER = u@h``, ``SQL SECURITY s``: how the view runs), ``DEFINER = CURRENT_USER[()]``
    (who the routine runs as), an event's ``DEFINER = u@h``."""
    view = next((i for i, token in enumerate(tokens[:24]) if word_of(token) == "VIEW"), None)
    if view is not None and any(token.token_type is TokenType.L_PAREN or word_of(token) in _NOT_A_VIEW
                                for token in tokens[1:view]):
        view = None  # (a word VIEW in a table's or a routine's definition)
    start = next((i for i in range(1, view) if word_of(tokens[i]) in _VIEW_OPTIONS), None) if view else None
    if start is not None:
        return edited(text, tokens, [(tokens[start].start, tokens[view].start, "")], dialect)
    at = next((i for i, token in enumerate(tokens[:12]) if word_of(token) == "DEFINER"), None)
    if at is not None and at + 2 < len(tokens) and tokens[at + 1].token_type is TokenType.EQ and \
            word_of(tokens[at + 2]) == "CURRENT_USER":
        end = at + 4 if at + 4 < len(tokens) and tokens[at + 3].token_type is TokenType.L_PAREN and \
            tokens[at + 4].token_type is TokenType.R_PAREN else at + 2
        return edited(text, tokens, [(tokens[at].start, tokens[end].end + 1, "")], dialect)
    event = next((i for i, token in enumerate(tokens[:16]) if word_of(token) == "EVENT"), None)
    if at is not None and event is not None and at < event and not any(
            word_of(token) in _KINDS_AFTER_DEFINER for token in tokens[at + 1:event]):
        # CREATE DEFINER = u@h EVENT: an event's schedule (not a view with a column named event)
        return edited(text, tokens, [(tokens[at].start, tokens[event].start, "")], dialect)
    return text, tokens

#: What a table value constructor (MySQL's and MariaDB's ``VALUES (1), (2)`` as a query) may follow.
_QUERY_PLACES = frozenset({"AS", "UNION", "EXCEPT", "INTERSECT", "ALL", "DISTINCT"})


def _value_lists_bracketed(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A table value constructor standing as a query (``VALUES (1), (2)`` as a statement, a view's query, a CTE's
    body, a set operation's branch), which sqlglot reads only in brackets, bracketed: its rows are the query's, and a
    subquery among them reads its tables. An INSERT's VALUES is left as it is.

    >>> sql = "with t as (values (1), ((select max(a) from u))) select * from t union values (3)"
    >>> _value_lists_bracketed(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'with t as ((values (1), ((select max(a) from u)))) select * from t union (values (3))'
    """
    edits = []
    for at, token in enumerate(tokens):
        if token.token_type != TokenType.VALUES:
            continue
        opens_body = at > 1 and tokens[at - 1].token_type == TokenType.L_PAREN and word_of(tokens[at - 2]) == "AS"
        if at and not (opens_body or word_of(tokens[at - 1]) in _QUERY_PLACES):  # (a CTE's AS (VALUES ...))
            continue
        end = at + 1  # past each row: (...) or ROW(...), a comma between two
        while end < len(tokens) and (tokens[end].token_type == TokenType.L_PAREN or word_of(tokens[end]) == "ROW"):
            end = group_end(tokens, end + (word_of(tokens[end]) == "ROW"))
            if end + 1 < len(tokens) and tokens[end].token_type == TokenType.COMMA:
                end += 1
            else:
                break
        if end > at + 1:
            edits += [(token.start, token.start, "("), (tokens[end - 1].end + 1, tokens[end - 1].end + 1, ")")]
    return edited(text, tokens, edits, dialect)


def _parameter_modes_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A MariaDB function's parameters declared ``IN`` (10.8: ``CREATE FUNCTION f(IN a INT)``, the default mode of a
    function's parameter), which sqlglot cannot read, without it: the function's body is then read where it is called.

    >>> sql = "create function f(in a int, `in` int) returns int return a"
    >>> _parameter_modes_left_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'create function f(a int, `in` int) returns int return a'
    """
    named = next((i for i, token in enumerate(tokens[:12]) if word_of(token) == "FUNCTION"), None)
    opened = next((i for i in range(named + 1, len(tokens)) if tokens[i].token_type == TokenType.L_PAREN), None) \
        if named is not None else None
    if opened is None:
        return text, tokens
    closed, edits = group_end(tokens, opened), []
    levels = depths(tokens, start=opened + 1)
    for at in range(opened + 1, closed - 1):
        if word_of(tokens[at]) == "IN" and levels[at - opened - 1] == 0 and tokens[at - 1].token_type in (
                TokenType.L_PAREN, TokenType.COMMA):
            edits.append((tokens[at].start, tokens[at + 1].start, ""))
    return edited(text, tokens, edits, dialect)


#: The words that may follow a GROUP BY clause's last item (:func:`_ends_item`).
_AFTER_GROUPING = frozenset({"HAVING", "LIMIT", "WITH", "UNION", "WINDOW", "PROCEDURE", "INTO", "FOR", "LOCK"})


def _ends_item(tokens: list[Token], at: int, levels: list[int]) -> bool:
    """Whether ``tokens[at]`` is the last token of an item of the list it is in: the text ends, or a comma, a bracket
    or a clause comes next."""
    if at + 1 == len(tokens) or levels[at + 1] < levels[at]:
        return True
    following = tokens[at + 1]
    return following.token_type in (TokenType.COMMA, TokenType.R_PAREN, TokenType.SEMICOLON, TokenType.ORDER_BY) \
        or word_of(following) in _AFTER_GROUPING


def _mariadb_table_options_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MariaDB's words of a CREATE or ALTER TABLE that sqlglot cannot read, left out or written as what they are:
    ``ALTER ONLINE | IGNORE TABLE`` (how the table is altered, and its duplicate rows dropped), ``WITHOUT SYSTEM
    VERSIONING`` (a column's history not kept), ``CHECKSUM = n`` (a live checksum kept), and ``IF EXISTS`` after
    ``CHANGE [COLUMN]``, ``MODIFY [COLUMN]`` or ``DROP [COLUMN]`` (a column that is not there is no error), left out; a
    system-versioned table's period columns: a CREATE's ``WITH SYSTEM VERSIONING`` and an ALTER's ``ADD SYSTEM
    VERSIONING`` add its invisible ``row_start`` and ``row_end`` ("MariaDB will automatically add the hidden columns")
    unless the statement names its own (``AS ROW START``, read as ``GENERATED ALWAYS AS ROW START``; ``ADD PERIOD FOR
    SYSTEM_TIME (s, e)`` left out), and ``DROP SYSTEM VERSIONING`` drops them.

    >>> sql = "alter online ignore table t change column if exists b c int"
    >>> _mariadb_table_options_left_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'alter table t change column b c int'
    >>> sql = "create table t (checksum int, b int without system versioning) checksum = 1 with system versioning"
    >>> _mariadb_table_options_left_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'create table t (checksum int, b int, row_start TIMESTAMP(6) INVISIBLE, row_end TIMESTAMP(6) INVISIBLE)'
    >>> sql = "alter table t add system versioning"
    >>> _mariadb_table_options_left_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'alter table t ADD COLUMN row_start TIMESTAMP(6) INVISIBLE, ADD COLUMN row_end TIMESTAMP(6) INVISIBLE'
    >>> sql = "create table t (x int, s timestamp(6) as row start, e timestamp(6) as row end, period for system_time (s, e))"
    >>> _mariadb_table_options_left_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'create table t (x int, s timestamp(6) GENERATED ALWAYS AS ROW START, e timestamp(6) GENERATED ALWAYS AS ROW END, \
period for system_time (s, e))'
    """
    words, levels = [word_of(token) for token in tokens], depths(tokens)
    edits: list[tuple[int, int, str]] = []
    own_periods = any(words[at:at + 3] in (["AS", "ROW", "START"], ["AS", "ROW", "END"], ["PERIOD", "FOR", "SYSTEM_TIME"])
                      for at in range(len(words)))
    hidden = "row_start TIMESTAMP(6) INVISIBLE, {}row_end TIMESTAMP(6) INVISIBLE"
    for at in range(1, len(words) - 2):
        if words[at:at + 3] in (["AS", "ROW", "START"], ["AS", "ROW", "END"]) and words[at - 2:at] != ["GENERATED",
                                                                                                        "ALWAYS"]:
            edits.append((tokens[at].start, tokens[at + 2].end + 1, f"GENERATED ALWAYS AS ROW {words[at + 2]}"))
        elif words[0] == "ALTER" and words[at:at + 3] == ["ADD", "SYSTEM", "VERSIONING"]:
            start = tokens[at - 1].start if own_periods and tokens[at - 1].token_type == TokenType.COMMA else \
                tokens[at].start  # (an item left out takes its comma with it)
            edits.append((start, tokens[at + 2].end + 1,
                          "" if own_periods else "ADD COLUMN " + hidden.format("ADD COLUMN ")))
        elif words[0] == "ALTER" and words[at:at + 3] == ["DROP", "SYSTEM", "VERSIONING"]:
            edits.append((tokens[at].start, tokens[at + 2].end + 1, "DROP COLUMN row_start, DROP COLUMN row_end"))
        elif words[0] == "ALTER" and words[at:at + 4] == ["ADD", "PERIOD", "FOR", "SYSTEM_TIME"] \
                and at + 4 < len(tokens) and tokens[at + 4].token_type == TokenType.L_PAREN:
            start = tokens[at - 1].start if tokens[at - 1].token_type == TokenType.COMMA else tokens[at].start
            edits.append((start, tokens[group_end(tokens, at + 4) - 1].end + 1, ""))
    if words[0] == "ALTER":
        at = 1
        while at < len(words) and words[at] in ("ONLINE", "IGNORE"):
            at += 1
        if at > 1 and at < len(words) and words[at] == "TABLE":
            edits.append((tokens[1].start, tokens[at].start, ""))
    for at, word in enumerate(words):
        if word in ("WITH", "WITHOUT") and words[at + 1:at + 3] == ["SYSTEM", "VERSIONING"]:
            edits.append((tokens[at - 1].end + 1, tokens[at + 2].end + 1, ""))
            columns = next((i for i in range(1, at) if levels[i] == 0 and tokens[i].token_type == TokenType.L_PAREN),
                           None) if word == "WITH" and words[0] == "CREATE" and levels[at] == 0 else None
            if columns is not None and not own_periods:  # (the hidden columns, after the listed ones)
                closing = group_end(tokens, columns) - 1
                edits.append((tokens[closing].start, tokens[closing].start, ", " + hidden.format("")))
        elif word == "CHECKSUM" and at + 1 < len(tokens) and words[0] == "CREATE" and levels[at] == 0:
            end = at + 2 if tokens[at + 1].token_type == TokenType.EQ else at + 1
            if end < len(tokens):
                edits.append((tokens[at - 1].end + 1, tokens[end].end + 1, ""))
        elif word == "IF" and words[at + 1:at + 2] == ["EXISTS"] and at > 2 and words[0] == "ALTER" and (
                words[at - 1] in ("CHANGE", "MODIFY", "DROP") or words[at - 2:at] in (
                ["CHANGE", "COLUMN"], ["MODIFY", "COLUMN"], ["DROP", "COLUMN"])):
            edits.append((tokens[at].start, tokens[at + 2].start if at + 2 < len(tokens) else len(text), ""))
    return edited(text, tokens, edits, dialect)


def _mysql_operands_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MySQL's and MariaDB's operands sqlglot cannot read, as ones it reads of the same access: a column set with
    ``:=`` (``UPDATE t SET a := 1``, ``INSERT INTO t SET a := 1``: MySQL takes ``:=`` for ``=`` there) set with ``=``
    (``@v := e``, the assignment of a variable, stays); a ``LIKE ... ESCAPE`` character that is no string
    (``ESCAPE 0x5c``, ``ESCAPE _cp850 0xFF``, ``ESCAPE 3``: which character escapes reads no column) as ``'|'``.

    >>> sql = "UPDATE t SET a:=1, t.b := @x := 2 WHERE c LIKE 'x|%' ESCAPE _cp850 0x7C OR d LIKE '%' ESCAPE 3"
    >>> _mysql_operands_written_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    "UPDATE t SET a=1, t.b = @x := 2 WHERE c LIKE 'x|%' ESCAPE '|' OR d LIKE '%' ESCAPE '|'"
    """
    edits = []
    setting = word_of(tokens[0]) in ("UPDATE", "INSERT", "REPLACE")
    for at, token in enumerate(tokens[1:-1], start=1):
        if token.token_type == TokenType.COLON_EQ and setting and tokens[at - 1].token_type in (
                TokenType.VAR, TokenType.IDENTIFIER) and (at < 2 or tokens[at - 2].token_type != TokenType.PARAMETER):
            edits.append((token.start, token.end + 1, "="))
        elif token.token_type == TokenType.ESCAPE and tokens[at + 1].token_type != TokenType.STRING:
            operand = at + 2 if tokens[at + 1].token_type == TokenType.INTRODUCER and at + 2 < len(tokens) else at + 1
            if tokens[operand].token_type in (TokenType.NUMBER, TokenType.HEX_STRING, TokenType.BIT_STRING,
                                              TokenType.STRING):
                edits.append((tokens[at + 1].start, tokens[operand].end + 1, "'|'"))
    return edited(text, tokens, edits, dialect)


def _mariadb_clauses_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MariaDB's and older MySQL's spellings sqlglot cannot read, as the forms it reads: ``MATCH a, b AGAINST (...)``
    as ``MATCH (a, b) AGAINST (...)`` (the columns searched); and left out, as they decide no data read or written:
    ``LIMIT [n] ROWS EXAMINED m`` (a query stops after examining m rows), ``SELECT STRAIGHT_JOIN`` before ``DISTINCT``
    or ``ALL`` (the join order), a ``GROUP BY`` item's ``ASC`` / ``DESC`` (the groups' order), ``PROCEDURE ANALYSE()``
    (a report of the result's columns).

    >>> sql = "select * from t1 where match a, t1.b against ('x' in boolean mode) limit 3 rows examined 5"
    >>> _mariadb_clauses_written_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    "select * from t1 where match (a, t1.b) against ('x' in boolean mode) limit 3"
    >>> sql = "select straight_join distinct c from t1 group by c desc, d asc limit rows examined 9 procedure analyse()"
    >>> _mariadb_clauses_written_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'select distinct c from t1 group by c, d'
    """
    levels = depths(tokens)
    edits: list[tuple[int, int, str]] = []
    grouping: int | None = None  # (the depth of the GROUP BY clause the tokens are in)
    for at, token in enumerate(tokens):
        word = word_of(token)
        following = word_of(tokens[at + 1]) if at + 1 < len(tokens) else None
        if word in ("SELECT", "HAVING", "LIMIT", "UNION", "WINDOW") or token.token_type == TokenType.ORDER_BY or (
                grouping is not None and levels[at] < grouping):
            grouping = None
        if token.token_type == TokenType.GROUP_BY:
            grouping = levels[at]
        elif word in ("ASC", "DESC") and grouping == levels[at] and at > 0 \
                and tokens[at - 1].token_type not in (TokenType.COMMA, TokenType.L_PAREN) \
                and _ends_item(tokens, at, levels):  # GROUP BY c DESC[, ...]: the item's order
            edits.append((tokens[at - 1].end + 1, token.end + 1, ""))
        elif word == "MATCH" and at + 1 < len(tokens) and tokens[at + 1].token_type != TokenType.L_PAREN:
            against = next((i for i in range(at + 1, len(tokens)) if levels[i] == levels[at]
                            and word_of(tokens[i]) == "AGAINST"), None)
            if against is not None and against > at + 1:
                edits += [(tokens[at + 1].start, tokens[at + 1].start, "("),
                          (tokens[against - 1].end + 1, tokens[against - 1].end + 1, ")")]
        elif word == "ROWS" and following == "EXAMINED" and at + 2 < len(tokens) and at > 1:
            # LIMIT [n] ROWS EXAMINED m: from n on (LIMIT ROWS EXAMINED m, with no row limit: the LIMIT too)
            kept = at - 2 if word_of(tokens[at - 1]) == "LIMIT" else at - 1
            edits.append((tokens[kept].end + 1, tokens[at + 2].end + 1, ""))
        elif word == "STRAIGHT_JOIN" and at > 0 and word_of(tokens[at - 1]) == "SELECT" and following in (
                "DISTINCT", "ALL", "DISTINCTROW"):
            edits.append((token.start, tokens[at + 1].start, ""))
        elif word == "PROCEDURE" and following == "ANALYSE" and levels[at] == 0 and at > 0:
            edits.append((tokens[at - 1].end + 1, len(text), ""))
            break
    return edited(text, tokens, edits, dialect)


#: ``INTO`` between white space, a line's end among it.
_INTO = re.compile(r"\sinto\s")
#: The words that start a MySQL view's options, written between CREATE [OR REPLACE] or ALTER and VIEW.
_VIEW_OPTIONS = frozenset({"ALGORITHM", "DEFINER", "SQL"})
#: An INSERT's or a SELECT's priority (MySQL's ``INSERT LOW_PRIORITY | DELAYED | HIGH_PRIORITY``, ``SELECT
#: HIGH_PRIORITY``): when it runs, no data.
_PRIORITIES = frozenset({"LOW_PRIORITY", "DELAYED", "HIGH_PRIORITY"})
_NOT_A_VIEW = frozenset({"TABLE", "PROCEDURE", "FUNCTION", "TRIGGER", "EVENT"})
#: Words that come after a CREATE's DEFINER = u@h before what it creates is named.
_KINDS_AFTER_DEFINER = frozenset({"VIEW", "PROCEDURE", "FUNCTION", "TRIGGER", "SQL", "SECURITY", "ALGORITHM", "AS",
                                  "SELECT", "AGGREGATE"})


def _namespace_as_schema(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Spark's ``CREATE | ALTER | DROP | DESCRIBE | USE NAMESPACE``, another word for SCHEMA (and DATABASE), written
    as SCHEMA, which sqlglot reads.

    >>> sql = "create namespace if not exists main.ns1"
    >>> _namespace_as_schema(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark")[0]
    'create SCHEMA if not exists main.ns1'
    """
    words = [word_of(token) for token in tokens[:4]]
    if not words or words[0] not in ("CREATE", "ALTER", "DROP", "DESCRIBE", "DESC", "USE", "COMMENT"):
        return text, tokens
    at = next((i for i, word in enumerate(words) if word == "NAMESPACE"), None)
    if at is None or any(word not in ("CREATE", "ALTER", "DROP", "DESCRIBE", "DESC", "USE", "COMMENT", "ON", "OR",
                                      "REPLACE", "EXTENDED") for word in words[:at]):
        return text, tokens
    return edited(text, tokens, [(tokens[at].start, tokens[at].end + 1, "SCHEMA")], dialect)


def _query_without_as(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Spark's ``CREATE TABLE t [...] WITH h AS (...) SELECT ...``, a CTAS whose query opens with a WITH and no AS
    before it (its grammar: ``[AS] query``), given its AS, as sqlglot reads it (it reads a SELECT without one).
    MySQL's and MariaDB's too (``CREATE TABLE t [(...)] [options] [AS] query``). Only a table's: MySQL's ``CREATE
    USER u IDENTIFIED WITH plugin AS 'hash'`` is not a query.

    >>> sql = "create or replace table t2 with h as (select a from s) select a from h"
    >>> _query_without_as(sql, Dialect.get_or_raise("databricks").tokenize(sql), "databricks")[0]
    'create or replace table t2 AS with h as (select a from s) select a from h'
    >>> sql = "create table t2 with h (b) as (select a from s) select b from h"
    >>> _query_without_as(sql, Dialect.get_or_raise("databricks").tokenize(sql), "databricks")[0]
    'create table t2 AS with h (b) as (select a from s) select b from h'
    >>> sql = "create schema s2 with dbproperties ('owner' = 'x')"
    >>> _query_without_as(sql, Dialect.get_or_raise("databricks").tokenize(sql), "databricks")[0]
    "create schema s2 with dbproperties ('owner' = 'x')"
    >>> sql = "create user u identified with mysql_native_password as '*0'"
    >>> _query_without_as(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    "create user u identified with mysql_native_password as '*0'"
    """
    levels = depths(tokens)
    table = False  # a TABLE word before the WITH: the statement creates a table
    for index in range(1, len(tokens) - 2):
        table = table or (not levels[index] and word_of(tokens[index]) == "TABLE")
        if levels[index] or word_of(tokens[index]) != "WITH" or not table:
            continue
        if word_of(tokens[index - 1]) == "AS":  # the query has its AS
            break
        name = index + 2 if word_of(tokens[index + 1]) == "RECURSIVE" else index + 1
        after = tokens[name + 1] if name + 1 < len(tokens) else None  # a CTE's AS, or its column list
        if after is not None and after.token_type == TokenType.L_PAREN:  # the CTE's columns, then its AS: not a
            listed = group_end(tokens, name + 1)  # schema's WITH DBPROPERTIES (...)
            after = tokens[listed] if listed < len(tokens) and word_of(tokens[listed]) == "AS" else None
        if tokens[name].token_type in (TokenType.VAR, TokenType.IDENTIFIER) and after is not None \
                and word_of(after) == "AS":
            return edited(text, tokens, [(tokens[index].start, tokens[index].start, "AS ")], dialect)
    return text, tokens


def _virtual_columns_bracketed(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A Snowflake virtual column's expression without brackets (``c varchar AS upper(u)``: "<col_name> <col_type>
    AS <expr>") bracketed, as sqlglot reads it (``AS (upper(u))``).

    >>> sql = "create table login (u varchar, s varchar as upper(u), n int as (1), m int)"
    >>> _virtual_columns_bracketed(sql, Dialect.get_or_raise("snowflake").tokenize(sql), "snowflake")[0]
    'create table login (u varchar, s varchar as (upper(u)), n int as (1), m int)'
    """
    edits = []
    opening = None  # the first bracket or AS (of depth 0: no bracket opens before the first)
    for at, token in enumerate(tokens):
        if token.token_type == TokenType.R_PAREN:  # (closed before any opened: no column list)
            return text, tokens
        if token.token_type == TokenType.L_PAREN or word_of(token) == "AS":
            opening = at
            break
    if opening is None or tokens[opening].token_type != TokenType.L_PAREN:  # no column list before the query
        return text, tokens
    closing = group_end(tokens, opening) - 1  # the column list's closing bracket
    levels = [0] * opening + depths(tokens[:closing + 1], start=opening)
    index = opening + 1
    while index < closing:
        if levels[index] != 1 or word_of(tokens[index]) != "AS" or tokens[index + 1].token_type == TokenType.L_PAREN:
            index += 1
            continue
        end = index + 1  # the expression runs to the column's comma, or to the list's closing bracket
        while end < closing and not (levels[end] == 1 and tokens[end].token_type == TokenType.COMMA):
            end += 1
        if end > index + 1:
            edits += [(tokens[index + 1].start, tokens[index + 1].start, "("),
                      (tokens[end - 1].end + 1, tokens[end - 1].end + 1, ")")]
        index = end  # (once per column: an AS inside the expression is its own)
    return edited(text, tokens, edits, dialect)


#: A word that may name a variable after a colon (a key word among them: ``:date``).
_NAME_WORD = re.compile(r"[A-Za-z_][A-Za-z0-9_$]*")


def _into_variables_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Snowflake Scripting's ``SELECT ... INTO [:]v1, [:]v2 FROM ...`` (the row's values set into variables; Snowflake
    has no SELECT INTO a table) with its INTO left out: sqlglot reads one variable only. The query reads the same.
    MySQL's too, ``INTO @a, v`` before FROM or at the query's end (its preferred place), which sqlglot cannot read.

    >>> sql = "select a, b into :v1, v2 from t where a > 0"
    >>> _into_variables_left_out(sql, Dialect.get_or_raise("snowflake").tokenize(sql), "snowflake")[0]
    'select a, b  from t where a > 0'
    >>> sql = "select a, b from t where a > 0 into @x, y"
    >>> _into_variables_left_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'select a, b from t where a > 0 '
    """
    edits = []
    bound_by = (TokenType.COLON, TokenType.PARAMETER) if dialect == "mysql" else (TokenType.COLON,)
    fewest = 1 if dialect == "mysql" else 2
    for index, (token, depth) in enumerate(zip(tokens, depths(tokens))):
        if depth or word_of(token) != "INTO" or index == 0 or word_of(tokens[index - 1]) in ("INSERT", "MERGE", "ALL"):
            continue
        end, names = index + 1, 0
        while end < len(tokens):
            bound = tokens[end].token_type in bound_by  # :v, whatever word v is (:date, :end); MySQL's @v
            end += bound
            if end >= len(tokens) or not (tokens[end].token_type in (TokenType.VAR, TokenType.IDENTIFIER)
                                          or (bound and _NAME_WORD.fullmatch(tokens[end].text))):
                break
            end, names = end + 1, names + 1
            if end >= len(tokens) or tokens[end].token_type != TokenType.COMMA:
                break
            end += 1
        if names >= fewest and (end == len(tokens) or word_of(tokens[end]) in (
                "FROM", "WHERE", "GROUP", "ORDER", "LIMIT", "FOR")):
            edits.append((token.start, tokens[end - 1].end + 1, ""))
    return edited(text, tokens, edits, dialect)


#: The clauses that end MySQL's ``INTO OUTFILE 'f' [export options]`` where it stands before them.
_AFTER_INTO = frozenset({"FROM", "WHERE", "GROUP", "HAVING", "WINDOW", "ORDER", "LIMIT", "FOR", "LOCK", "UNION",
                         "FORMAT", "SETTINGS"})  # (ClickHouse's output format and settings, after its INTO OUTFILE)


def _outfile_as_directory(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MySQL's ``SELECT ... INTO {OUTFILE | DUMPFILE} 'f' [export options] ...``, which writes the query's rows to a
    file on the server (ClickHouse's ``SELECT ... INTO OUTFILE 'f' [TRUNCATE | APPEND] [COMPRESSION ...] [FORMAT x]``
    to a file of the client's), written as ``INSERT OVERWRITE DIRECTORY 'f' SELECT ...`` (a query's rows written to a
    location, as Hive's and Spark's form, which sqlglot reads): the file is where the data went.

    >>> sql = "select a, b from t where a > 0 into outfile '/tmp/t.csv' fields terminated by ','"
    >>> _outfile_as_directory(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    "INSERT OVERWRITE DIRECTORY '/tmp/t.csv' select a, b from t where a > 0 "
    """
    levels = depths(tokens)
    for index, token in enumerate(tokens[:-2]):
        if levels[index] or word_of(token) != "INTO" or word_of(tokens[index + 1]) not in ("OUTFILE", "DUMPFILE") or \
                tokens[index + 2].token_type is not TokenType.STRING:
            continue
        end = index + 3
        while end < len(tokens) and (levels[end] or word_of(tokens[end]) not in _AFTER_INTO):
            end += 1
        stop = tokens[end].start if end < len(tokens) else len(text)
        written = text[:token.start] + text[stop:]
        location = text[tokens[index + 2].start:tokens[index + 2].end + 1]
        return edited(written, [], [(0, 0, f"INSERT OVERWRITE DIRECTORY {location} ")], dialect)
    return text, tokens


def _column_key_kinds_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """T-SQL's key constraint ``PRIMARY KEY | UNIQUE [NON]CLUSTERED [HASH] [WITH (options)]`` (how its index is stored)
    as sqlglot reads it: after a column (``Id INT IDENTITY(1, 1) PRIMARY KEY CLUSTERED, ...``: the First Responder
    Kit's and tSQLt's tables were never created) its index's kind and options left out; of a table (``PRIMARY KEY
    NONCLUSTERED HASH (id) WITH (BUCKET_COUNT = 1024)``, a memory-optimized table's) its kind and options too; a
    CREATE TABLE's inline ``INDEX ix ... (c) ...``, a table's or a column's, left out (an index holds no data).

    >>> sql = "create table #w (id int primary key clustered with (fillfactor = 90), c int unique nonclustered hash, "
    >>> sql += "primary key nonclustered hash (c) with (bucket_count = 64), index ix nonclustered hash (c))"
    >>> _column_key_kinds_left_out(sql, tokens_of(sql, "tsql"), "tsql")[0]
    'create table #w (id int primary key , c int unique , primary key  (c) )'
    """
    edits = []
    levels = depths(tokens)
    for index, token in enumerate(tokens):
        if word_of(token) == "INDEX" and levels[index] == 1 and word_of(tokens[0]) == "CREATE":
            # a table's inline index (, INDEX ix NONCLUSTERED HASH (c) WITH (BUCKET_COUNT = n): from its comma) or
            # a column's own (a INT INDEX ix ...), to the next item or the list's end: no data of its own
            first = index - (tokens[index - 1].token_type == TokenType.COMMA)
            end = next((at for at in range(index + 1, len(tokens))
                        if levels[at] == 1 and tokens[at].token_type == TokenType.COMMA or levels[at] == 0), None)
            if end is not None:
                edits.append((tokens[first].start, tokens[end - 1].end + 1, ""))
            continue
        if word_of(token) not in ("CLUSTERED", "NONCLUSTERED") or index < 1 or word_of(tokens[index - 1]) not in (
                "PRIMARY KEY", "KEY", "UNIQUE") or any(start <= token.start < stop for start, stop, _ in edits):
            continue
        at = index + 1
        hashed = at < len(tokens) and word_of(tokens[at]) == "HASH"
        at += hashed
        table = at < len(tokens) and tokens[at].token_type == TokenType.L_PAREN  # (a table's: its columns follow)
        # (sqlglot reads a table's key with its kind when it is named or UNIQUE, not with HASH)
        named = index >= 3 and word_of(tokens[index - 3 + (word_of(tokens[index - 1]) == "KEY")]) == "CONSTRAINT"
        kind = not table or not named and word_of(tokens[index - 1]) != "UNIQUE"
        if table and (kind or hashed):
            edits.append((token.start if kind else tokens[at - 1].start, tokens[at - 1].end + 1, ""))
        if table:
            at = group_end(tokens, at)
        first = at
        if at + 1 < len(tokens) and word_of(tokens[at]) == "WITH" and tokens[at + 1].token_type == TokenType.L_PAREN:
            at = group_end(tokens, at + 1)  # WITH (FILLFACTOR = 90 | BUCKET_COUNT = n ...): the index's options
        if table and at > first and (kind or hashed):
            edits.append((tokens[first].start, tokens[at - 1].end + 1, ""))
        elif not table:
            edits.append((token.start, tokens[at - 1].end + 1, ""))
    return edited(text, tokens, edits, dialect)


def _statement_options_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """T-SQL's options of how a statement runs, at its end: a DELETE's or MERGE's query hints ``OPTION (MAXDOP 1,
    ...)``, an EXEC's ``WITH RECOMPILE`` and ``WITH RESULT SETS ...``: none of the record (sqlglot reads them after
    a SELECT, an UPDATE and an INSERT only).

    >>> sql = "delete from t where a > 1 option (maxdop 1)"
    >>> _statement_options_left_out(sql, tokens_of(sql, "tsql"), "tsql")[0]
    'delete from t where a > 1 '
    """
    levels = depths(tokens)
    last = len(tokens) - (tokens[-1].token_type == TokenType.SEMICOLON)
    verb = word_of(tokens[0])
    for index in range(1, last - 1):
        if levels[index] or tokens[index + 1].token_type != TokenType.L_PAREN:
            if verb in ("EXEC", "EXECUTE") and not levels[index] and word_of(tokens[index]) == "WITH" \
                    and word_of(tokens[index + 1]) in ("RECOMPILE", "RESULT"):
                return edited(text, tokens, [(tokens[index].start, tokens[last - 1].end + 1, "")], dialect)
            continue
        if word_of(tokens[index]) == "OPTION" and group_end(tokens, index + 1) == last and verb != "EXEC":
            return edited(text, tokens, [(tokens[index].start, tokens[last - 1].end + 1, "")], dialect)
    return text, tokens


def _xml_namespaces_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """T-SQL's ``WITH XMLNAMESPACES ('uri' AS p, ...)`` before a statement's CTEs or query left out: the prefixes its
    XML methods' paths use, no object; sqlglot cannot read it.

    >>> sql = "with xmlnamespaces ('urn:x' as x), c as (select a from t) select a from c"
    >>> _xml_namespaces_left_out(sql, tokens_of(sql, "tsql"), "tsql")[0]
    'with  c as (select a from t) select a from c'
    """
    edits = []
    for index in range(len(tokens) - 2):
        if word_of(tokens[index]) == "WITH" and word_of(tokens[index + 1]) == "XMLNAMESPACES" \
                and tokens[index + 2].token_type == TokenType.L_PAREN:
            end = group_end(tokens, index + 2)
            if end < len(tokens) and tokens[end].token_type == TokenType.COMMA:  # CTEs follow: the WITH is theirs
                edits.append((tokens[index + 1].start, tokens[end].end + 1, ""))
            else:
                edits.append((tokens[index].start, tokens[end - 1].end + 1, ""))
    return edited(text, tokens, edits, dialect)


def _partitions_for_keys_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Oracle's partition named by a key value after a table (``FROM sales PARTITION FOR (DATE '1998-02-01')``,
    ``SUBPARTITION FOR (...)``: the partition_extension_clause of an interval or auto-list partition), which sqlglot
    does not read, left out: the statement reads or writes the table's rows of that partition, its columns as
    written.

    >>> sql = "delete from sales partition for (date '1998-02-01') where amount < 10"
    >>> _partitions_for_keys_left_out(sql, tokens_of(sql, "oracle"), "oracle")[0]
    'delete from sales  where amount < 10'
    """
    edits = []
    for index in range(1, len(tokens) - 2):
        if word_of(tokens[index]) in ("PARTITION", "SUBPARTITION") and word_of(tokens[index + 1]) == "FOR" \
                and tokens[index + 2].token_type == TokenType.L_PAREN:
            close = group_end(tokens, index + 2) - 1
            edits.append((tokens[index].start, tokens[close].end + 1, ""))
    return edited(text, tokens, edits, dialect) if edits else (text, tokens)


def _inline_functions_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Oracle's query with PL/SQL functions of its own (``WITH FUNCTION f(n NUMBER) RETURN NUMBER IS BEGIN ... END;
    [c AS (...)] SELECT f(x) FROM t``) without them: the query (and its CTEs), whose calls of them read their
    arguments, as a function's the catalog lacks does.

    A CREATE TABLE's or an INSERT's query so written keeps its head.

    >>> sql = "with function dbl(n number) return number is begin return n * 2; end; select dbl(sal) from emp"
    >>> _inline_functions_left_out(sql, tokens_of(sql, "oracle"), "oracle")[0]
    'select dbl(sal) from emp'
    >>> sql = "create table t as with function f(n number) return number is m number; begin m := n; return m; end; "
    >>> _inline_functions_left_out(sql + "select f(sal) d from emp", tokens_of(sql + "select f(sal) d from emp",
    ...                                                                    "oracle"), "oracle")[0]
    'create table t as select f(sal) d from emp'
    """
    levels = depths(tokens)
    start = next((i for i in range(len(tokens) - 1) if not levels[i] and word_of(tokens[i]) == "WITH"
                  and word_of(tokens[i + 1]) in ("FUNCTION", "PROCEDURE")), None)
    if start is None or (start and word_of(tokens[0]) not in ("CREATE", "INSERT")):
        return text, tokens
    ends = [i for i, t in enumerate(tokens) if not levels[i] and t.token_type == TokenType.SEMICOLON]
    if not ends or ends[-1] + 1 >= len(tokens) or ends[-1] < start:
        return text, tokens
    rest = ends[-1] + 1
    head = "" if word_of(tokens[rest]) in ("SELECT", "WITH") else "WITH "  # (the query's own CTEs follow)
    return edited(text, tokens, [(tokens[start].start, tokens[rest].start, head)], dialect)


def _database_links_named(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """An Oracle name's database link of several parts (``hr.employees@prod.example.com``: the link's global name)
    kept with its table's part, as one name (``"EMPLOYEES@PROD.EXAMPLE.COM"``, upper case as Oracle folds it): sqlglot
    read its dots as more parts (a table COM of a schema EXAMPLE), or lost the statement's record.

    >>> sql = "select e.a from hr.employees@prod.example.com e"
    >>> _database_links_named(sql, tokens_of(sql, "oracle"), "oracle")[0]
    'select e.a from hr."EMPLOYEES@PROD.EXAMPLE.COM" e'
    """
    edits = []
    index = 0
    while index < len(tokens):
        token = tokens[index]
        end = index + 1
        if token.token_type == TokenType.VAR and "@" in token.text:
            while end + 1 < len(tokens) and tokens[end].token_type == TokenType.DOT \
                    and tokens[end + 1].token_type == TokenType.VAR and tokens[end].start == tokens[end - 1].end + 1:
                end += 2
        if end > index + 1:
            written = text[token.start:tokens[end - 1].end + 1]
            edits.append((token.start, tokens[end - 1].end + 1, f'"{written.upper()}"'))
        index = end
    return edited(text, tokens, edits, dialect)


#: The name an inline view an Oracle DML statement writes through is given (:func:`_inline_view_targets_named`).
INLINE_VIEW = "inline_view"


def _inline_view_targets_named(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Oracle's DML through an inline view (``UPDATE (SELECT ... FROM a JOIN b ...) [v] SET c = ...``, ``DELETE
    [FROM] (SELECT ...)``, ``INSERT INTO (SELECT ...) VALUES ...``: a key-preserved view's table is changed) as the
    statement through a CTE of that query, named by the view's alias (else :data:`INLINE_VIEW`), which
    :func:`.dml._through_cte` reads as the table it changes.

    >>> sql = "update (select e.sal, j.top from emp e join job j on e.j = j.j) v set v.sal = v.top"
    >>> _inline_view_targets_named(sql, tokens_of(sql, "oracle"), "oracle")[0]
    'WITH v AS (select e.sal, j.top from emp e join job j on e.j = j.j) update v set v.sal = v.top'
    """
    at = 1 + (word_of(tokens[0]) == "DELETE" and len(tokens) > 1 and word_of(tokens[1]) == "FROM") \
        + (word_of(tokens[0]) == "INSERT" and len(tokens) > 1 and word_of(tokens[1]) == "INTO")
    if at >= len(tokens) or tokens[at].token_type != TokenType.L_PAREN or at + 1 >= len(tokens) \
            or word_of(tokens[at + 1]) not in ("SELECT", "WITH"):
        return text, tokens
    end = group_end(tokens, at)
    alias = tokens[end] if end < len(tokens) and tokens[end].token_type in (TokenType.VAR, TokenType.IDENTIFIER) \
        and word_of(tokens[end]) not in ("SET", "WHERE", "VALUES", "SELECT", "RETURNING", "RETURN", "LOG") else None
    name = text[alias.start:alias.end + 1] if alias is not None else INLINE_VIEW
    query = text[tokens[at].start:tokens[end - 1].end + 1]
    stop = alias.end + 1 if alias is not None else tokens[end - 1].end + 1
    edits = [(0, 0, f"WITH {name} AS {query} "), (tokens[at].start, stop, name)]
    return edited(text, tokens, edits, dialect)


def _merge_branches_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Oracle's MERGE branches as sqlglot reads them: ``WHEN MATCHED THEN UPDATE SET ... DELETE WHERE c`` (the rows
    updated, then those of them meeting ``c`` deleted) as ``... WHEN MATCHED AND c THEN DELETE``; a hint in a
    branch (``INSERT /*+ APPEND */ (c, ...)``: how rows are loaded) left out. Exasol's too, and its ``WHEN MATCHED THEN
    DELETE WHERE c`` as ``WHEN MATCHED AND c THEN DELETE``.

    >>> sql = "merge into b using s on (b.id = s.id) when matched then update set b.x = s.x delete where b.x < 0"
    >>> _merge_branches_written_out(sql, tokens_of(sql, "oracle"), "oracle")[0]
    'merge into b using s on (b.id = s.id) when matched then update set b.x = s.x WHEN MATCHED AND b.x < 0 THEN DELETE'
    >>> sql = "merge into b using s on b.id = s.id when matched then delete where s.x is null"
    >>> _merge_branches_written_out(sql, tokens_of(sql, "exasol"), "exasol")[0]
    'merge into b using s on b.id = s.id when matched AND s.x is null THEN DELETE'
    """
    levels = depths(tokens)
    edits = []
    for index, token in enumerate(tokens):
        if index and token.token_type == TokenType.HINT:
            edits.append((token.start, token.end + 1, ""))
        elif not levels[index] and word_of(token) == "DELETE" and index + 1 < len(tokens) \
                and word_of(tokens[index + 1]) == "WHERE" \
                and (dialect == "exasol" or word_of(tokens[index - 1]) != "THEN"):
            # after an UPDATE's SET, a branch of its own; Exasol's WHEN MATCHED THEN DELETE WHERE c, the branch's test
            bare = word_of(tokens[index - 1]) == "THEN"
            end = next((i for i in range(index + 2, len(tokens)) if not levels[i] and word_of(tokens[i]) == "WHEN"),
                       len(tokens))
            edits += [(tokens[index - 1].start if bare else token.start, tokens[index + 1].end + 1,
                       "AND" if bare else "WHEN MATCHED AND"),
                      (tokens[end - 1].end + 1, tokens[end - 1].end + 1, " THEN DELETE")]
    return edited(text, tokens, edits, dialect)


def _returning_into_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Oracle's ``RETURNING | RETURN e, ... [BULK COLLECT] INTO :a, :b`` after an INSERT, UPDATE or DELETE: the values
    go to bind variables (a client's, or PL/SQL's), no table; the INTO and its variables left out (sqlglot reads one
    variable as a table and cannot read several).

    >>> sql = "update t set a = a + 1 where id = 1 returning a, b into :x, :y"
    >>> _returning_into_left_out(sql, tokens_of(sql, "oracle"), "oracle")[0]
    'update t set a = a + 1 where id = 1 returning a, b '
    """
    levels = depths(tokens)
    returning = next((i for i, t in enumerate(tokens) if not levels[i] and word_of(t) in ("RETURNING", "RETURN")),
                     None)
    if returning is None:
        return text, tokens
    into = next((i for i in range(returning + 1, len(tokens)) if not levels[i] and word_of(tokens[i]) == "INTO"),
                None)
    if into is None:
        return text, tokens
    start = into - 2 if [word_of(t) for t in tokens[into - 2:into]] == ["BULK", "COLLECT"] else into
    end = next((i for i in range(into + 1, len(tokens)) if tokens[i].token_type == TokenType.SEMICOLON), len(tokens))
    return edited(text, tokens, [(tokens[start].start, tokens[end - 1].end + 1, "")], dialect)


#: The schema a Redshift policy's name is placed in (:func:`redshift_policy_name`).
REDSHIFT_POLICY_SCHEMA = "public"


def redshift_policy_name(name: str, dialect: str = "redshift") -> str:
    """A Redshift masking or RLS policy's name as written (``p`` or ``database.p``: a policy belongs to a database, not
    a schema, "unique in the database"), placed in its database's ``public`` schema, whatever the session's schema: a
    policy made in one schema's session and attached in another's is one object.

    >>> redshift_policy_name("mask_b"), redshift_policy_name('dev."Mask"'), redshift_policy_name("a.b.c")
    ('public.mask_b', 'dev.public."Mask"', 'a.b.c')
    """
    dots = [token for token in tokens_of(name, dialect) if token.token_type == TokenType.DOT]
    if not dots:
        return f"{REDSHIFT_POLICY_SCHEMA}.{name}"
    if len(dots) == 1:
        return f"{name[:dots[0].start]}.{REDSHIFT_POLICY_SCHEMA}.{name[dots[0].end + 1:]}"
    return name


def _redshift_policies_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Redshift's dynamic data masking and row-level security, written as the reference's policies are: ``CREATE
    MASKING POLICY p WITH (c type, ...) USING (e)`` as ``CREATE MASKING POLICY p AS (c type, ...) RETURNS type -> e``
    (its output is its first input's type), ``ALTER MASKING | RLS POLICY p USING (e)`` as ``... SET BODY -> e``,
    ``ATTACH | DETACH MASKING POLICY p ON t (c) [USING (c, ...)] TO | FROM ...`` as ``ALTER TABLE t MODIFY COLUMN c
    SET MASKING POLICY p [USING (...)]`` | ``UNSET MASKING POLICY p`` (that policy only; a policy of several outputs,
    ``ON t (c1, c2)``, on each, bound to its inputs: the ``USING`` columns or the outputs; a SUPER path, ``ON t
    (c.a)``, is left as it is), ``CREATE RLS POLICY p [WITH (c type, ...) [[AS] a]] USING (e)`` as a row access
    policy of those arguments (its body as written, ``a.`` kept; without WITH, of none) and ``DROP RLS POLICY [CASCADE]`` as ``DROP
    ROW ACCESS POLICY``. (ATTACH and DETACH RLS POLICY take the policy's arguments from the catalog:
    :func:`.dispatch.rls_policy_attached`.) The roles and users a policy is attached to are left out: the log does
    not say which a session holds.

    >>> sql = "create masking policy m with (cc varchar(256)) using (sha2(cc + 'salt', 256))"
    >>> _redshift_policies_written_out(sql, tokens_of(sql, "redshift"), "redshift")[0]
    "CREATE MASKING POLICY public.m AS (cc varchar(256)) RETURNS varchar(256) -> sha2(cc + 'salt', 256)"
    >>> sql = "attach masking policy m on cards(cc) using (cc, id) to role r priority 30"
    >>> _redshift_policies_written_out(sql, tokens_of(sql, "redshift"), "redshift")[0]
    'ALTER TABLE cards MODIFY COLUMN cc SET MASKING POLICY public.m USING (cc, id)'
    >>> sql = "attach masking policy m2 on t(a, b) to public"
    >>> written = _redshift_policies_written_out(sql, tokens_of(sql, "redshift"), "redshift")[0]
    >>> written.split(", COLUMN ")  # doctest: +NORMALIZE_WHITESPACE
    ['ALTER TABLE t MODIFY COLUMN a SET MASKING POLICY public.m2 USING (a, b)',
     'b SET MASKING POLICY public.m2 USING (a, b)']
    >>> sql = "create rls policy p with (g varchar(10)) as c using (c.g = 'x')"
    >>> _redshift_policies_written_out(sql, tokens_of(sql, "redshift"), "redshift")[0]
    "CREATE ROW ACCESS POLICY public.p AS (g varchar(10)) RETURNS BOOLEAN -> c.g = 'x'"
    """
    spelled = _Spelled(text, tokens, [word_of(token) for token in tokens], depths(tokens))
    words = spelled.words
    verb, kind = words[0], words[1:3]
    if kind != ["MASKING", "POLICY"] and kind != ["RLS", "POLICY"]:
        return text, tokens
    guard = 3 if words[3:6] == ["IF", "NOT", "EXISTS"] else 2 if words[3:5] == ["IF", "EXISTS"] else 0
    name_at = 3 + guard
    name_stop = name_end(tokens, name_at) if name_at < len(tokens) else name_at
    name = redshift_policy_name(spelled.between(name_at, name_stop), dialect) if name_stop > name_at else ""
    written = None
    using = spelled.at("USING", name_stop)
    body = spelled.bracketed(using + 1) if using is not None else None
    if verb == "CREATE" and body is not None:
        written = _redshift_policy_created(spelled, kind[0], name, name_stop, " IF NOT EXISTS" if guard == 3 else "",
                                           body[0])
    elif verb == "ALTER" and body is not None:
        written = f"ALTER {'MASKING' if kind[0] == 'MASKING' else 'ROW ACCESS'} POLICY {name} SET BODY -> {body[0]}"
    elif verb in ("ATTACH", "DETACH") and kind[0] == "MASKING" and words[name_stop:name_stop + 1] == ["ON"]:
        written = _redshift_mask_attached(spelled, verb, name, name_stop)
    elif verb == "DROP":
        exists = " IF EXISTS" if guard == 2 else ""
        cascade = " CASCADE" if words[-1] == "CASCADE" else ""  # (RLS: "detaches the policy from all attached tables")
        written = f"DROP {'MASKING' if kind[0] == 'MASKING' else 'ROW ACCESS'} POLICY{exists} {name}{cascade}"
    return (text, tokens) if written is None else (written, tokens_of(written, dialect))


class _Spelled(NamedTuple):
    """A statement's text and tokens, with the tokens' words and bracket levels, for the readers that take pieces of
    its text."""

    text: str
    tokens: list[Token]
    words: list[str | None]
    levels: list[int]

    def between(self, start: int, end: int) -> str:
        """The text of ``tokens[start:end]``."""
        return self.text[self.tokens[start].start : self.tokens[end - 1].end + 1] if end > start else ""

    def at(self, word: str, start: int) -> int | None:
        """Where ``word`` is first, outside brackets, from ``start``."""
        return next((i for i in range(start, len(self.tokens)) if not self.levels[i] and self.words[i] == word), None)

    def bracketed(self, open_at: int | None) -> tuple[str, int] | None:
        """The text inside the brackets opening at ``open_at``, and where they end; None where none opens there."""
        if open_at is None or open_at >= len(self.tokens) or self.tokens[open_at].token_type != TokenType.L_PAREN:
            return None
        end = group_end(self.tokens, open_at)
        return self.between(open_at + 1, end - 1), end


def _redshift_policy_created(spelled: _Spelled, kind: str, name: str, name_stop: int, missing: str,
                             predicate: str) -> str | None:
    """Redshift's ``CREATE MASKING | RLS POLICY p [WITH (c type, ...)] USING (predicate)`` (the name ending at
    ``name_stop``) as the reference's policy (:func:`_redshift_policies_written_out`); None when it cannot be so
    written (``WITH ()``, a masking policy of no argument or of an argument of no type)."""
    words, tokens, levels = spelled.words, spelled.tokens, spelled.levels
    arguments = spelled.bracketed(name_stop + 1) if words[name_stop:name_stop + 1] == ["WITH"] else ("", name_stop)
    if arguments is None or not (arguments[0].strip() or words[name_stop] != "WITH"):  # (not WITH ())
        return None
    if kind == "MASKING" and arguments[0]:
        # the first argument's type (DECIMAL(10, 2) too; a quoted name of spaces is one token)
        opened = name_stop + 1
        first = _items(tokens, levels, opened + 1, group_end(tokens, opened) - 1, levels[opened] + 1)[0]
        returned = spelled.between(first[1], first[-1] + 1) if len(first) > 1 else ""
        return f"CREATE MASKING POLICY{missing} {name} AS ({arguments[0]}) RETURNS {returned} -> {predicate}" \
            if returned else None
    if kind == "RLS":
        return f"CREATE ROW ACCESS POLICY{missing} {name} AS ({arguments[0]}) RETURNS BOOLEAN -> {predicate}"
    return None


def _redshift_mask_attached(spelled: _Spelled, verb: str, name: str, name_stop: int) -> str | None:
    """Redshift's ``ATTACH | DETACH MASKING POLICY p ON t (c, ...) [USING (c, ...)] ...`` (the policy's name ending
    at ``name_stop``) as ``ALTER TABLE t MODIFY COLUMN c SET | UNSET MASKING POLICY p ...`` on each output; None for
    a SUPER column's path (``ON t (c.a.b)`` masks no column of the table's: left as it is, set aside)."""
    words, tokens = spelled.words, spelled.tokens
    table_stop = name_end(tokens, name_stop + 1)
    columns = spelled.bracketed(table_stop)
    outputs = [column.strip() for column in columns[0].split(",")] if columns is not None else []
    using = columns is not None and words[columns[1]:columns[1] + 1] == ["USING"]
    inputs = spelled.bracketed(columns[1] + 1) if using else None
    if not outputs or not all(output and "." not in output for output in outputs) \
            or inputs is not None and not inputs[0].strip():
        return None
    table = spelled.between(name_stop + 1, table_stop)
    bound = inputs[0] if inputs else (columns[0] if len(outputs) > 1 else None)
    action = f"SET MASKING POLICY {name}" + (f" USING ({bound})" if bound else "") \
        if verb == "ATTACH" else f"UNSET MASKING POLICY {name}"
    return f"ALTER TABLE {table} MODIFY " + ", ".join(f"COLUMN {column} {action}" for column in outputs)


#: The words that open a clause of PostgreSQL's CREATE FUNCTION | PROCEDURE after its arguments (one ends a SET).
_ROUTINE_CLAUSES = frozenset({"AS", "LANGUAGE", "IMMUTABLE", "STABLE", "VOLATILE", "SECURITY", "EXTERNAL", "STRICT",
                              "CALLED", "RETURNS", "COST", "ROWS", "SUPPORT", "PARALLEL", "LEAKPROOF", "NOT", "SET",
                              "WINDOW", "TRANSFORM", "BEGIN", "RETURN"})


def _routine_settings_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL's (and Redshift's) ``CREATE FUNCTION | PROCEDURE ... SET param { TO | = } value [, ...] | FROM
    CURRENT`` (a setting while the routine runs: Supabase's ``SET search_path = public`` on every function), which
    sqlglot reads as taking the ``AS $$ ... $$`` after it for an alias, so the body was lost: left out (the body's
    names resolve in the routine's schema, CONTRACT 3a).

    >>> sql = "create function f() returns int language sql set search_path = public, x as $$ select 1 $$"
    >>> _routine_settings_left_out(sql, tokens_of(sql, "postgres"), "postgres")[0]
    'create function f() returns int language sql as $$ select 1 $$'
    """
    words, levels = [word_of(token) for token in tokens], depths(tokens)
    if not {"FUNCTION", "PROCEDURE"} & set(words[:5]):
        return text, tokens
    edits = []
    for index, word in enumerate(words):
        if word != "SET" or levels[index] or tokens[index].token_type == TokenType.STRING:
            continue
        end = next((i for i in range(index + 2, len(tokens)) if not levels[i] and words[i] in _ROUTINE_CLAUSES
                    and not (words[i] == "NOT" and i > 0 and words[i - 1] == "IS")), None)
        if end is None:
            continue  # (a SET with nothing after it: left as it is)
        edits.append((tokens[index].start, tokens[end].start, ""))
    return edited(text, tokens, edits, dialect)


#: Trino's integer literals of other forms: digits grouped by ``_`` (``100_000``), binary ``0b1001``, octal ``0o40``,
#: hexadecimal ``0x_ff`` with groups.
_NUMBER_FORMS = re.compile(r"(?<![\w.$])(?:0[bB][01]++(?:_[01]++)*+|0[oO][0-7]++(?:_[0-7]++)*+"
                           r"|0[xX][0-9a-fA-F]++(?:_[0-9a-fA-F]++)++|\d++(?:_\d++)++(?:\.\d++(?:_\d++)*+)?)(?![\w.])")


def _numbers_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Trino's numeric literals sqlglot cannot read (``100_000``, ``0b1001``, ``0o40``; Trino's data types page) as the
    decimal numbers they are; a string's or a quoted name's text is left as it is.

    >>> sql = "select 100_000, 0b1001, 0o40, '1_0' from t_1"
    >>> _numbers_written_out(sql, tokens_of(sql, "trino"), "trino")[0]
    "select 100000, 9, 32, '1_0' from t_1"
    """
    quoted = [(token.start, token.end) for token in tokens if token.token_type in STRING_TOKENS
              or token.token_type == TokenType.IDENTIFIER]
    edits = []
    for found in _NUMBER_FORMS.finditer(text):
        if any(start <= found.start() <= end for start, end in quoted):
            continue
        written = found.group().replace("_", "")
        value = str(int(written, 0)) if written[:2].lower() in ("0b", "0o", "0x") else written
        edits.append((found.start(), found.end(), value))
    return edited(text, tokens, edits, dialect)


def _bracketed_values_opened(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """``INSERT INTO t [(columns)] (VALUES ...)``, a bracketed VALUES list as the query (PostgreSQL and DuckDB run it),
    which sqlglot reads as a column list of one column named ``values``: the brackets left out.

    >>> sql = "insert into u (values (1, 2), (3, 4))"
    >>> _bracketed_values_opened(sql, tokens_of(sql, "postgres"), "postgres")[0]
    'insert into u  values (1, 2), (3, 4)'
    >>> sql = "insert into t values (1, 2) on duplicate key update b = if(values(b) > t.b, 1, 2)"
    >>> _bracketed_values_opened(sql, tokens_of(sql, "mysql"), "mysql")[0] == sql
    True
    """
    levels = depths(tokens)
    for index in range(1, len(tokens) - 1):
        if levels[index] == 0 and word_of(tokens[index]) in ("VALUES", "SELECT", "ON", "SET", "DEFAULT", "RETURNING"):
            break  # (the query begins: a bracket after it is no bracketed VALUES list, MySQL's IF(VALUES(b) > ...))
        if levels[index] == 0 and tokens[index].token_type == TokenType.L_PAREN \
                and word_of(tokens[index + 1]) == "VALUES" and tokens[index - 1].token_type != TokenType.ALIAS:
            # (not a CTE's: INSERT INTO t WITH s(x) AS (VALUES (2)) SELECT x FROM s)
            close = group_end(tokens, index) - 1
            if close < len(tokens) and tokens[close].token_type == TokenType.R_PAREN:
                return edited(text, tokens, [(tokens[index].start, tokens[index].end + 1, " "),
                                             (tokens[close].start, tokens[close].end + 1, "")], dialect)
    return text, tokens


def _graph_matches_as_conditions(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """SQL Server's graph pattern, ``WHERE MATCH(Customers-(Bought)->StockItems)``, which sqlglot reads as MySQL's
    full-text MATCH and fails on: a condition of no column (the pattern joins the node and edge tables by their
    graph columns, ``$node_id``, ``$from_id``, ``$to_id``, which hold no data of the account's).

    A shortest path's tables are named ``FOR PATH`` and its aggregates over the path's nodes are ``WITHIN GROUP (GRAPH
    PATH)``: both left out (the aggregate reads the columns it names).

    >>> sql = "select c.name from Customers c, Bought b, StockItems s where match(c-(b)->s) and s.id = 1"
    >>> _graph_matches_as_conditions(sql, tokens_of(sql, "tsql"), "tsql")[0]
    'select c.name from Customers c, Bought b, StockItems s where (1 = 1) and s.id = 1'
    >>> sql = ("select string_agg(p2.name, '->') within group (graph path) from p p1, p for path p2, e for path e1 "
    ...        "where match(shortest_path(p1(-(e1)->p2)+))")
    >>> _graph_matches_as_conditions(sql, tokens_of(sql, "tsql"), "tsql")[0]
    "select string_agg(p2.name, '->') from p p1, p p2, e e1 where (1 = 1)"
    """
    edits = []
    for index, close in calls_of(tokens, "MATCH"):
        if any(token.token_type in (TokenType.ARROW, TokenType.LT, TokenType.DASH)
               for token in tokens[index + 2:close]):
            edits.append((tokens[index].start, tokens[close].end + 1, "(1 = 1)"))
    if edits:
        words = [word_of(token) for token in tokens]
        for index in range(1, len(tokens) - 1):
            if words[index] == "FOR" and words[index + 1] == "PATH":
                edits.append((tokens[index - 1].end + 1, tokens[index + 1].end + 1, ""))
            elif words[index:index + 6] == ["WITHIN", "GROUP", "(", "GRAPH", "PATH", ")"]:
                edits.append((tokens[index - 1].end + 1, tokens[index + 5].end + 1, ""))
    return edited(text, tokens, sorted(edits), dialect)


def _graph_tables_as_tables(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """SQL Server's graph tables, ``CREATE TABLE t (...) AS NODE | AS EDGE``, which sqlglot reads as a CREATE ... LIKE
    of a table ``node`` or ``edge``: the table of its columns (its graph columns, ``$node_id``, ``$from_id``,
    ``$to_id``, are named where read or written).

    >>> sql = "create table g.Likes (rating int) as edge;"
    >>> _graph_tables_as_tables(sql, tokens_of(sql, "tsql"), "tsql")[0]
    'create table g.Likes (rating int);'
    """
    last = len(tokens) - 1 - (tokens[-1].token_type == TokenType.SEMICOLON)
    if last < 3 or word_of(tokens[last]) not in ("NODE", "EDGE") or word_of(tokens[last - 1]) != "AS" \
            or tokens[last - 2].token_type != TokenType.R_PAREN or "TABLE" not in (word_of(t) for t in tokens[:4]):
        return text, tokens
    return edited(text, tokens, [(tokens[last - 2].end + 1, tokens[last].end + 1, "")], dialect)


def _float_unsigned_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MySQL's ``FLOAT [(M, D)] UNSIGNED`` and ``REAL UNSIGNED`` (deprecated, still accepted: Magento's schemas), which
    sqlglot cannot read ("Cannot convert FLOAT to unsigned"): the attribute left out, the type kept.

    >>> sql = "create table t (a float(12, 4) unsigned default 1, b real unsigned, c int unsigned)"
    >>> _float_unsigned_left_out(sql, tokens_of(sql, "mysql"), "mysql")[0]
    'create table t (a float(12, 4) default 1, b real, c int unsigned)'
    """
    edits = []
    for index, token in enumerate(tokens):
        if word_of(token) not in ("FLOAT", "REAL") or index + 1 >= len(tokens):
            continue
        after = group_end(tokens, index + 1)  # (past FLOAT's (M, D))
        if after < len(tokens) and word_of(tokens[after]) == "UNSIGNED":
            edits.append((tokens[after - 1].end + 1, tokens[after].end + 1, ""))
    return edited(text, tokens, edits, dialect)


#: The words an INSERT's query may start with.
_QUERY_WORDS = frozenset({"SELECT", "WITH", "FROM", "VALUES", "PIVOT", "UNPIVOT", "TABLE", "("})


def _created_from_pivots(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """DuckDB's ``CREATE TABLE | VIEW ... AS PIVOT ...`` (and ``UNPIVOT``), whose simplified statement sqlglot reads
    alone or in FROM only: ``AS SELECT * FROM (PIVOT ...)``, the same rows.

    ``INSERT INTO t [BY NAME] PIVOT ...`` likewise; and ``INSERT INTO t BY POSITION query``, which sqlglot does not
    read either, as ``INSERT INTO t query`` (by position is an INSERT's default).

    >>> sql = "create table p as pivot t on y using sum(c)"
    >>> _created_from_pivots(sql, tokens_of(sql, "duckdb"), "duckdb")[0]
    'create table p as SELECT * FROM (pivot t on y using sum(c))'
    >>> sql = "insert into p by position pivot t on y in (1, 2) using sum(c) group by a"
    >>> _created_from_pivots(sql, tokens_of(sql, "duckdb"), "duckdb")[0]
    'insert into p SELECT * FROM (pivot t on y in (1, 2) using sum(c) group by a)'

    A PIVOT's ``ORDER BY`` and ``LIMIT`` (which sqlglot reads of a query only: the statement was set aside) are the
    query's around it, the statement's own too (``PIVOT t ON y USING sum(c) ORDER BY ALL LIMIT 2``):

    >>> sql = "create view v as pivot t on y using sum(c) group by a order by all limit 2"
    >>> _created_from_pivots(sql, tokens_of(sql, "duckdb"), "duckdb")[0]
    'create view v as SELECT * FROM (pivot t on y using sum(c) group by a) order by all limit 2'
    >>> sql = "unpivot t on a, b into name k value v order by all"
    >>> _created_from_pivots(sql, tokens_of(sql, "duckdb"), "duckdb")[0]
    'SELECT * FROM (unpivot t on a, b into name k value v) order by all'
    """
    levels, words = depths(tokens), [word_of(token) for token in tokens]
    if words[0] == "INSERT":
        by = next((i for i in range(2, len(tokens) - 2) if not levels[i] and words[i:i + 2] == ["BY", "POSITION"]
                   and words[i + 2] in ("SELECT", "WITH", "FROM", "VALUES", "PIVOT", "UNPIVOT", "(")), None)
        if by is not None:
            text, tokens = edited(text, tokens, [(tokens[by].start, tokens[by + 2].start, "")], dialect)
            levels, words = depths(tokens), [word_of(token) for token in tokens]
        head = next((i for i in range(2, len(tokens)) if not levels[i] and words[i] in _QUERY_WORDS), None)
        at = head - 1 if head is not None and words[head] in ("PIVOT", "UNPIVOT") else None
    elif words[0] in ("PIVOT", "UNPIVOT"):
        at = -1
    else:
        at = next((i for i in range(1, len(tokens) - 1) if not levels[i] and words[i] == "AS"
                   and words[i + 1] in ("PIVOT", "UNPIVOT")), None)
    if at is None:
        return text, tokens
    stop = len(tokens) - (tokens[-1].token_type == TokenType.SEMICOLON)
    stop = next((i for i in range(at + 2, stop) if not levels[i] and words[i] in _ORDERING_WORDS), stop)
    if at == -1 and stop == len(tokens) - (tokens[-1].token_type == TokenType.SEMICOLON):
        return text, tokens  # (a PIVOT statement alone: sqlglot reads it)
    return edited(text, tokens, [(tokens[at + 1].start, tokens[at + 1].start, "SELECT * FROM ("),
                                 (tokens[stop - 1].end + 1, tokens[stop - 1].end + 1, ")")], dialect)


#: A PIVOT's clauses sqlglot reads of a query only (:func:`_created_from_pivots`).
_ORDERING_WORDS = frozenset({"ORDER BY", "LIMIT", "OFFSET"})
_ORDERED = re.compile(r"\b(?:order\s+by|limit|offset)\b", re.IGNORECASE)


#: The tokens a value may end with, before an alias written without AS.
_VALUE_ENDS = frozenset({TokenType.VAR, TokenType.IDENTIFIER, TokenType.R_PAREN, TokenType.NUMBER, TokenType.STRING,
                         TokenType.R_BRACKET})


def _struct_aliases_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Spark's ``struct(a, b x)``: a field named without ``AS`` (Spark's parser takes it; TPC-DI's DimTrade pipeline
    writes ``struct(t_dts, t_st_id status, ...)``), which sqlglot cannot read: the ``AS`` written out.

    >>> sql = "select max_by(struct(t_dts, t_st_id status, upper(x) q), t_dts) from t"
    >>> _struct_aliases_written_out(sql, tokens_of(sql, "spark"), "spark")[0]
    'select max_by(struct(t_dts, t_st_id AS status, upper(x) AS q), t_dts) from t'
    """
    levels, edits = depths(tokens), []
    for index, close in calls_of(tokens, "STRUCT"):
        for item in _items(tokens, levels, index + 2, close, levels[index + 1] + 1):
            last = item[-1]
            if len(item) >= 2 and tokens[last].token_type in (TokenType.VAR, TokenType.IDENTIFIER) \
                    and tokens[item[-2]].token_type in _VALUE_ENDS and word_of(tokens[item[-2]]) != "AS":
                edits.append((tokens[last].start, tokens[last].start, "AS "))
    return edited(text, tokens, edits, dialect)


def _escape_string_comment(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL's ``COMMENT ON ... IS E'...'`` (an escape string constant; ``N'...'`` too), which sqlglot cannot read
    there: the comment as the plain string of the same value.

    >>> sql = "comment on table users is E'A user''s ''handle''.'"
    >>> _escape_string_comment(sql, tokens_of(sql, "postgres"), "postgres")[0]
    "comment on table users is 'A user''s ''handle''.'"
    """
    value = tokens[-1].text.replace("'", "''")
    return edited(text, tokens, [(tokens[-1].start, tokens[-1].end + 1, f"'{value}'")], dialect)


def _external_views_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Redshift's views of the AWS Glue Data Catalog as views: ``CREATE [OR REPLACE] EXTERNAL [PROTECTED] VIEW v [IF
    NOT EXISTS] ... AS query`` as ``CREATE [OR REPLACE] VIEW [IF NOT EXISTS] v ...``, ``ALTER EXTERNAL VIEW v [FORCE]
    AS query`` as ``ALTER VIEW v AS query`` (its definition replaced), ``DROP EXTERNAL VIEW v [IF EXISTS]`` as ``DROP
    VIEW [IF EXISTS] v``; any other form as it is.

    >>> sql = "create external protected view s.v if not exists as select * from db.t"
    >>> _external_views_written_out(sql, tokens_of(sql, "redshift"), "redshift")[0]
    'create VIEW IF NOT EXISTS s.v as select * from db.t'
    >>> sql = "drop external view s.v if exists"
    >>> _external_views_written_out(sql, tokens_of(sql, "redshift"), "redshift")[0]
    'DROP VIEW IF EXISTS s.v'
    """
    words = [word_of(token) for token in tokens]
    verb = words[0]
    at = 1 + (verb == "CREATE" and words[1:3] == ["OR", "REPLACE"]) * 2
    if words[at:at + 1] != ["EXTERNAL"]:
        return text, tokens
    view = at + 1 + (words[at + 1:at + 2] == ["PROTECTED"] and verb == "CREATE")
    if words[view:view + 1] != ["VIEW"] or view + 1 >= len(tokens):
        return text, tokens
    stop = name_end(tokens, view + 1)
    name = text[tokens[view + 1].start:tokens[stop - 1].end + 1]
    if verb == "DROP":
        exists = " IF EXISTS" if words[stop:stop + 2] == ["IF", "EXISTS"] else ""
        if stop + (2 if exists else 0) != len(tokens):
            return text, tokens
        written = f"DROP VIEW{exists} {name}"
        return edited(text, tokens, [(0, len(text), written)], dialect)
    if verb == "ALTER":
        after = stop + (words[stop:stop + 1] == ["FORCE"])
        if words[after:after + 1] != ["AS"]:
            return text, tokens
        return edited(text, tokens, [(0, tokens[after].start, f"ALTER VIEW {name} ")], dialect)
    missing = words[stop:stop + 3] == ["IF", "NOT", "EXISTS"]
    rest = tokens[stop + 3].start if missing and stop + 3 < len(tokens) else tokens[stop].start if stop < len(tokens) \
        else len(text)
    head = text[:tokens[at].start] + "VIEW" + (" IF NOT EXISTS " if missing else " ") + name + " "
    return edited(text, tokens, [(0, rest, head)], dialect)


def _schema_named_by_owner(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL's and Redshift's ``CREATE SCHEMA [IF NOT EXISTS] AUTHORIZATION role``, whose schema is named after
    its owner ("If this is omitted, the user_name is used as the schema name"): the name written out.

    >>> sql = 'create schema if not exists authorization "Joe"'
    >>> _schema_named_by_owner(sql, tokens_of(sql, "postgres"), "postgres")[0]
    'create schema if not exists "Joe" authorization "Joe"'
    """
    words = [word_of(token) for token in tokens[:6]]
    at = 5 if words[2:5] == ["IF", "NOT", "EXISTS"] else 2
    if words[1:2] != ["SCHEMA"] or words[at:at + 1] != ["AUTHORIZATION"] or len(tokens) <= at + 1 \
            or tokens[at + 1].token_type not in (TokenType.VAR, TokenType.IDENTIFIER):
        return text, tokens
    owner = text[tokens[at + 1].start:tokens[at + 1].end + 1]  # (as written: a quoted name with its quotes)
    return edited(text, tokens, [(tokens[at].start, tokens[at].start, owner + " ")], dialect)


def _version_queries_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Oracle's flashback version query, ``FROM t VERSIONS BETWEEN { SCN | TIMESTAMP } { e | MINVALUE } AND { e |
    MAXVALUE }`` (every version of t's rows in the range; its ``VERSIONS_*`` pseudo-columns say which), written as the
    temporal table clause sqlglot reads, ``FOR SYSTEM_TIME BETWEEN e AND e``, an open bound as NULL: the table is
    read all the same.

    >>> sql = "select versions_xid, sal from emp versions between scn minvalue and maxvalue e where e.id = 1"
    >>> _version_queries_written_out(sql, tokens_of(sql, "oracle"), "oracle")[0]
    'select versions_xid, sal from emp FOR SYSTEM_TIME BETWEEN NULL and NULL e where e.id = 1'
    """
    words = [word_of(token) for token in tokens]
    levels = depths(tokens)
    edits = []
    for index in range(len(tokens) - 3):
        if words[index:index + 2] != ["VERSIONS", "BETWEEN"] or words[index + 2] not in ("SCN", "TIMESTAMP"):
            continue
        edits.append((tokens[index].start, tokens[index + 2].end + 1, "FOR SYSTEM_TIME BETWEEN"))
        if words[index + 3] == "MINVALUE":
            edits.append((tokens[index + 3].start, tokens[index + 3].end + 1, "NULL"))
        conjunction = next((i for i in range(index + 3, len(tokens))
                            if levels[i] == levels[index] and words[i] == "AND"), None)
        if conjunction is not None and conjunction + 1 < len(tokens) and words[conjunction + 1] == "MAXVALUE":
            edits.append((tokens[conjunction + 1].start, tokens[conjunction + 1].end + 1, "NULL"))
    return edited(text, tokens, edits, dialect) if edits else (text, tokens)


def _flashback_before_drop(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Oracle's ``FLASHBACK TABLE t TO BEFORE DROP``: the dropped table back from the recycle bin, as Snowflake's
    ``UNDROP TABLE t`` brings it back (written so). One restored under another name (``RENAME TO t2``) is left as it
    is (set aside), as is one named by its recycle bin's name (``"BIN$...==$0"``).

    >>> sql = "flashback table hr.emp to before drop"
    >>> _flashback_before_drop(sql, tokens_of(sql, "oracle"), "oracle")[0]
    'UNDROP TABLE hr.emp '
    """
    words = [word_of(token) for token in tokens]
    if words[:2] != ["FLASHBACK", "TABLE"] or len(tokens) < 3:
        return text, tokens
    end = name_end(tokens, 2)
    if words[end:] != ["TO", "BEFORE", "DROP"] and words[end:] != ["TO", "BEFORE", "DROP", ";"] \
            or tokens[end - 1].text.upper().startswith("BIN$"):  # (a recycle bin's name for the table: set aside)
        return text, tokens
    return edited(text, tokens, [(tokens[0].start, tokens[1].end + 1, "UNDROP TABLE"),
                                 (tokens[end].start, tokens[-1].end + 1, "")], dialect)


def _table_not_nulls_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL 18's table constraint ``[CONSTRAINT n] NOT NULL c [NO INHERIT]`` (pg_dump 18 writes it) left out
    of a CREATE TABLE's list: it makes a column not null, none of the record; sqlglot cannot read it.

    >>> sql = "create table t (a int, b text, constraint n not null a no inherit, not null b)"
    >>> _table_not_nulls_left_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'create table t (a int, b text)'
    """
    edits = []
    for index, (token, depth) in enumerate(zip(tokens, depths(tokens))):
        if depth != 1 or token.token_type != TokenType.COMMA:
            continue
        at = index + 1
        if at < len(tokens) and word_of(tokens[at]) == "CONSTRAINT":  # CONSTRAINT name
            at += 2
        if [word_of(t) for t in tokens[at:at + 2]] != ["NOT", "NULL"] or at + 3 >= len(tokens):
            continue
        end = at + 3  # past NOT NULL column
        if [word_of(t) for t in tokens[end:end + 2]] == ["NO", "INHERIT"]:
            end += 2
        if end < len(tokens) and tokens[end].token_type in (TokenType.COMMA, TokenType.R_PAREN):
            edits.append((token.start, tokens[end - 1].end + 1, ""))
    return edited(text, tokens, edits, dialect)


def _partition_key_classes_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The operator class after a column or expression of a PostgreSQL table's partition key (``PARTITION BY HASH (a
    part_test_int4_ops, (b + 1) int4_ops, c COLLATE "C" text_pattern_ops)``) left out: it says how values compare,
    nothing the record shows; sqlglot cannot read it, and the table was lost with its columns.

    >>> sql = 'create table t (a int, b text) partition by range (a int4_ops, b collate "C", (a + 1) my_ops)'
    >>> _partition_key_classes_left_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'create table t (a int, b text) partition by range (a, b collate "C", (a + 1))'
    """
    edits = []
    for index in range(len(tokens) - 2):  # (PARTITION BY is one token)
        if tokens[index].token_type != TokenType.PARTITION_BY or word_of(tokens[index + 1]) not in (
                "RANGE", "LIST", "HASH") or tokens[index + 2].token_type != TokenType.L_PAREN:
            continue
        close = group_end(tokens, index + 2) - 1
        level, element = 0, []
        for at in range(index + 3, close + 1):
            token = tokens[at]
            if level == 0 and token.token_type in (TokenType.COMMA, TokenType.R_PAREN):
                if len(element) >= 2 and tokens[element[-1]].token_type in (TokenType.VAR, TokenType.IDENTIFIER) \
                        and tokens[element[-2]].token_type in (TokenType.VAR, TokenType.IDENTIFIER, TokenType.R_PAREN):
                    edits.append((tokens[element[-2]].end + 1, tokens[element[-1]].end + 1, ""))
                element = []
                continue
            level += (token.token_type in BRACKETS[0]) - (token.token_type in BRACKETS[1])
            element.append(at)
    return edited(text, tokens, edits, dialect)


def _negative_scales_unsigned(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL 15's ``numeric(3, -6)`` (a negative scale: rounded to millions) as ``numeric(3, 6)``: a type's
    parameter, nothing the record shows; sqlglot cannot read the sign, and the table was lost with its columns.

    >>> sql = "create table t (millions numeric(3, -6), n decimal(5,-2), d numeric(4, 2))"
    >>> _negative_scales_unsigned(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'create table t (millions numeric(3, 6), n decimal(5,2), d numeric(4, 2))'
    """
    edits = []
    for index in range(len(tokens) - 6):
        window = tokens[index:index + 7]
        if window[0].token_type in (TokenType.DECIMAL, TokenType.BIGDECIMAL) or word_of(window[0]) == "NUMERIC":
            if [t.token_type for t in window[1:]] == [TokenType.L_PAREN, TokenType.NUMBER, TokenType.COMMA,
                                                      TokenType.DASH, TokenType.NUMBER, TokenType.R_PAREN]:
                edits.append((window[4].start, window[4].end + 1, ""))
    return edited(text, tokens, edits, dialect)


#: The dialects with no QUALIFY clause, where the word is a name (sqlglot reads it as the clause in every dialect).
_NO_QUALIFY = frozenset({"postgres", "mysql", "tsql"})


def _qualify_as_name(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The word ``qualify`` quoted where the dialect has no QUALIFY clause: there it is a name (a column of
    PostgreSQL's tests), which sqlglot read as the clause and could not parse.

    >>> sql = "insert into a select qualify, b from q where q.qualify > 1"
    >>> _qualify_as_name(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'insert into a select "qualify", b from q where q."qualify" > 1'
    """
    quoted = exp.to_identifier("qualify", quoted=True).sql(dialect=dialect)
    edits = [(token.start, token.end + 1, quoted) for token in tokens if token.token_type == TokenType.QUALIFY]
    return edited(text, tokens, edits, dialect)


def _atomic_bodies_quoted(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A PostgreSQL routine's SQL-standard body (``BEGIN ATOMIC statement; ... END``, PostgreSQL 14's ``sql_body``:
    "a block BEGIN ATOMIC statement; statement; ... END") written as the string body of the same statements
    (``AS $$ ... $$``), which is read where the function is called, as a string body is.

    >>> sql = "create function f(i int) returns text language sql begin atomic select ssn from c where id = i; end"
    >>> _atomic_bodies_quoted(sql, tokens_of(sql, "postgres"), "postgres")[0]
    'create function f(i int) returns text language sql AS $ahp_body$ select ssn from c where id = i; $ahp_body$'
    """
    begin = next((i for i in range(1, len(tokens) - 1) if word_of(tokens[i]) == "BEGIN"
                  and word_of(tokens[i + 1]) == "ATOMIC"), None)
    last = len(tokens) - 1 - (tokens[-1].token_type == TokenType.SEMICOLON)
    if begin is None or last <= begin + 1 or word_of(tokens[last]) != "END" or "$ahp_body$" in text \
            or not any(word_of(token) in ("FUNCTION", "PROCEDURE") for token in tokens[1:begin]):
        return text, tokens
    body = text[tokens[begin + 1].end + 1:tokens[last].start].strip()
    return edited(text, tokens, [(tokens[begin].start, tokens[last].end + 1, f"AS $ahp_body$ {body} $ahp_body$")],
                  dialect)


def _implicit_unnests_with_offset(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """BigQuery's implicit UNNEST of an array path with its offset (``FROM t v, v.arr a WITH OFFSET o``), which
    sqlglot reads only as ``UNNEST(v.arr)``: the path written in UNNEST (only an array has an offset).

    >>> sql = "select a, o from t v, v.arr as a with offset o join u on true, v.b.c with offset"
    >>> _implicit_unnests_with_offset(sql, Dialect.get_or_raise("bigquery").tokenize(sql), "bigquery")[0]
    'select a, o from t v, UNNEST(v.arr) as a with offset o join u on true, UNNEST(v.b.c) with offset'
    """
    edits = []
    for index in range(3, len(tokens) - 1):
        if word_of(tokens[index]) != "WITH" or word_of(tokens[index + 1]) != "OFFSET":
            continue
        alias = index - 1  # [[AS] alias] WITH OFFSET (a path's last part has a dot before it)
        path_end = index if tokens[alias - 1].token_type == TokenType.DOT else \
            alias - 1 if word_of(tokens[alias - 1]) == "AS" else alias
        start = path_end - 1
        while start >= 2 and tokens[start - 1].token_type == TokenType.DOT:
            start -= 2
        after_join = tokens[start - 1].token_type == TokenType.COMMA or word_of(tokens[start - 1]) == "JOIN"
        if start < path_end - 1 and after_join:
            edits += [(tokens[start].start, tokens[start].start, "UNNEST("),
                      (tokens[path_end - 1].end + 1, tokens[path_end - 1].end + 1, ")")]
    return edited(text, tokens, edits, dialect)


def _apply_as_function(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Trino's ``apply(value, lambda)``, a function, which sqlglot reads as the start of ``CROSS APPLY`` and could
    not parse: its name quoted, which sqlglot reads as the call.

    >>> sql = "select apply(price, x -> x * 2) from t"
    >>> _apply_as_function(sql, Dialect.get_or_raise("trino").tokenize(sql), "trino")[0]
    'select "apply"(price, x -> x * 2) from t'
    """
    edits = [(token.start, token.end + 1, '"apply"') for token, following in zip(tokens, tokens[1:])
             if token.token_type == TokenType.APPLY and following.token_type == TokenType.L_PAREN]
    return edited(text, tokens, edits, dialect)


#: PostgreSQL's binary operators (of its types and of the extensions users install) that sqlglot splits into operators
#: that do not read as one: inet's containment (``<<=``, ``>>=``), the geometric types' and PostGIS's (``~=``, ``<<|``,
#: ``|>>``, ``&<|``, ``|&>``, ``?#``, ``?-|``, ``?||``, ``<^``, ``>^``, ``##``, ``&&&``, ``<<#>>``), a record's image
#: comparisons (``*=``, ``*<`` ...), the text pattern operators (``~<~`` ...), earthdistance's ``<@>``, pg_trgm's (``<%``,
#: ``%>``, ``<<%``, ``%>>``, ``<<->``, ``<->>``) and pgvector's distances (``<#>``, ``<+>``, ``<~>``, ``<%>``).
_UNREAD_OPERATORS = frozenset({
    "<<=", ">>=", "~=", "<<|", "|>>", "&<|", "|&>", "?#", "?-|", "?||", "<^", ">^", "##", "&&&", "<<#>>",
    "*=", "*<>", "*<", "*<=", "*>", "*>=", "~<~", "~<=~", "~>=~", "~>~", "<@>", "<%", "%>", "<<%", "%>>", "<<->",
    "<->>", "<#>", "<+>", "<~>", "<%>",
    # PGroonga's full-text search operators
    "&@~", "&@*", "&@|", "&@~|", "&~", "&^", "&^~", "&^|", "&^~|", "&=~", "==="})
#: Where one of them may be (a cheap look before the tokens are read).
_UNREAD_OPERATOR = re.compile(r"<<=|>>=|~=|<<\||\|>>|&<\||\|&>|\?#|\?-\||\?\|\||[<>]\^|##|&&&|<<#>>|\*[<>=]|~[<>]=?~"
                              r"|<@>|<%|%>|<<->|<->>|<[#+~]>|&[@~^=]|===")


def _operators_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Each of PostgreSQL's binary operators that sqlglot does not read (:data:`_UNREAD_OPERATORS`; DuckDB's inet
    containment too) written as ``<->``, an operator of two operands it reads (both read either way): ``ip <<=
    '10.0.0.0/8'``, ``b ~= box``, pgvector's ``a <#> b``. An operator is the characters written together; one ending in ``+`` or ``-`` ends before
    them unless it holds one of ``~ ! @ # % ^ & | ` ?`` (PostgreSQL's rule: ``a*=-1`` is ``a *= -1``).

    >>> sql = "select id from items where ip<<=inet '10.0.0.0/8' and b |>> c order by embedding <#> '[3,1,2]'"
    >>> _operators_written_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    "select id from items where ip<->inet '10.0.0.0/8' and b <-> c order by embedding <-> '[3,1,2]'"
    """
    edits = []
    at = 0
    while at < len(tokens):
        if not _operator_text(tokens[at]):
            at += 1
            continue
        run = [tokens[at]]  # (the operator's tokens: written together)
        while at + len(run) < len(tokens) and tokens[at + len(run)].start == run[-1].end + 1 \
                and _operator_text(tokens[at + len(run)]):
            run.append(tokens[at + len(run)])
        spelled = "".join(token.text for token in run)
        while len(run) > 1 and spelled[-1] in "+-" and not set(spelled) & set("~!@#%^&|`?"):
            spelled, run = spelled[:-len(run[-1].text)], run[:-1]  # (a sign of the operand after it)
        if spelled in _UNREAD_OPERATORS:
            edits.append((run[0].start, run[-1].end + 1, "<->"))
        at += len(run)
    return edited(text, tokens, edits, dialect)


def _operator_text(token: Token) -> bool:
    """Whether ``token`` is written with an operator's characters only (no string or name)."""
    return token.token_type not in (TokenType.STRING, TokenType.IDENTIFIER) \
        and _OPERATOR_CHARACTERS.fullmatch(token.text) is not None


#: PostgreSQL's types (of its own and of common extensions) whose literal written ``type 'text'`` sqlglot does not
#: read, though it reads ``'text'::type``: the geometric ones, cidr, full-text search's, pg_lsn, macaddr ... (not
#: ``path``, which is also the word before a column's path in XMLTABLE and JSON_TABLE: ``COLUMNS a int PATH 'a'``).
_LITERAL_TYPES = frozenset({"box", "polygon", "circle", "lseg", "line", "cidr", "tsquery", "tsvector", "pg_lsn",
                            "macaddr", "macaddr8", "jsonpath", "varbit", "txid_snapshot", "pg_snapshot", "tid", "xid",
                            "citext", "ltree", "lquery", "cube"})
_LITERAL_TYPE = re.compile(r"\b(?:%s)\s+'" % "|".join(sorted(_LITERAL_TYPES)), re.IGNORECASE)


def _typed_literals_as_casts(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL's literal of a type written before its text (``box '((0,0),(1,1))'``, ``tsquery 'cat & dog'``,
    ``cidr '10.2.3/24'``) as the cast ``'text'::type`` sqlglot reads, for the types of :data:`_LITERAL_TYPES`; an
    option's name (``OPTIONS (path '/data')``) left alone, and a column so named, which no string follows.

    >>> sql = "select id from shapes where b && box '((0,0),(1,1))' and doc @@ TSQUERY 'cat & dog'"
    >>> _typed_literals_as_casts(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    "select id from shapes where b && '((0,0),(1,1))'::box and doc @@ 'cat & dog'::TSQUERY"
    """
    options = "options" in text.lower()
    edits = []
    for before, token, following in zip([None, *tokens], tokens, tokens[1:]):
        if following.token_type != TokenType.STRING or token.token_type not in (TokenType.VAR, TokenType.CUBE) \
                or token.text.lower() not in _LITERAL_TYPES or text[token.start:token.end + 1] != token.text \
                or before is not None and (before.token_type == TokenType.DOT
                                           or options and before.token_type in (TokenType.L_PAREN, TokenType.COMMA)):
            continue
        edits.append((token.start, following.end + 1, f"{text[following.start:following.end + 1]}::{token.text}"))
    return edited(text, tokens, edits, dialect)


#: The SQL-standard XML functions whose keyword arguments sqlglot does not read (PostgreSQL's ``xmlexists(x PASSING
#: BY REF doc)``, ``xmlserialize(CONTENT doc AS text)``, ``xmlparse(DOCUMENT s)``, ``xmlpi(NAME php, s)``,
#: ``xmlroot(doc, VERSION '1.0', STANDALONE yes)``, ``xmltable(... PASSING BY VALUE doc ...)``).
_XML_FORMS = frozenset({"XMLEXISTS", "XMLSERIALIZE", "XMLPARSE", "XMLPI", "XMLROOT", "XMLTABLE"})
_XML_FORM = re.compile(r"\bxml(?:exists|serialize|parse|pi|root|table)\s*+\(", re.IGNORECASE)


def _xml_forms_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The calls of :data:`_XML_FORMS` with their keywords left out, so each is a call of its values, which it reads:
    ``PASSING`` of ``xmlexists`` a comma, ``BY REF`` and ``BY VALUE`` left out, ``xmlserialize``'s and ``xmlparse``'s
    ``DOCUMENT`` or ``CONTENT`` and what follows the value (``AS text [NO] INDENT``, ``STRIP WHITESPACE``),
    ``xmlpi``'s ``NAME target``, ``xmlroot``'s ``VERSION`` and ``STANDALONE`` setting (``NO VALUE`` a null).

    >>> sql = "select xmlserialize(content xmlparse(document d) as text) from t where xmlexists('//a' passing by ref d)"
    >>> _xml_forms_written_out(sql, tokens_of(sql, "postgres"), "postgres")[0]
    "select xmlserialize( xmlparse( d) ) from t where xmlexists('//a' ,  d)"
    >>> sql = "select xmlpi(name php, s), xmlroot(d, version no value, standalone yes) from t"
    >>> _xml_forms_written_out(sql, tokens_of(sql, "postgres"), "postgres")[0]
    'select xmlpi( s), xmlroot(d,  NULL) from t'
    """
    edits = []
    for call, close in calls_of(tokens, _XML_FORMS):
        form, first = word_of(tokens[call]), call + 2
        level = depths(tokens[first:close])
        top = [at for at, depth in zip(range(first, close), level) if depth == 0]
        words = [word_of(tokens[at]) for at in top]

        def out(start: int, stop: int, replacement: str = "") -> None:  # (top-level tokens start..stop-1 replaced)
            edits.append((tokens[top[start]].start, tokens[top[stop - 1]].end + 1, replacement))
        for n, word in enumerate(words):
            if word == "BY" and words[n + 1:n + 2] in (["REF"], ["VALUE"]):
                out(n, n + 2)
            elif word == "PASSING" and form == "XMLEXISTS":
                out(n, n + 1, ",")
        if form in ("XMLSERIALIZE", "XMLPARSE") and words[:1] in (["DOCUMENT"], ["CONTENT"]) and len(top) > 1:
            out(0, 1)
            end = next((n for n, word in enumerate(words) if n > 1 and word in ("AS", "STRIP", "PRESERVE")), None)
            if end is not None:
                out(end, len(top))
        elif form == "XMLPI" and words[:1] == ["NAME"] and len(top) > 1:
            out(0, 3 if words[2:3] == [","] else 2)
        elif form == "XMLROOT":
            for n, word in enumerate(words):
                if word == "VERSION":
                    out(n, n + 3 if words[n + 1:n + 3] == ["NO", "VALUE"] else n + 1,
                        " NULL" if words[n + 1:n + 3] == ["NO", "VALUE"] else "")
                elif word == "STANDALONE" and n and words[n - 1] == ",":
                    out(n - 1, next((m for m in range(n, len(words)) if words[m] == ","), len(words)))
    return edited(text, tokens, edits, dialect)


#: Where PostgreSQL's test of a value's form may be: ``x IS [NOT] DOCUMENT``, ``s IS [NOT] [NFC | NFD | NFKC | NFKD]
#: NORMALIZED``.
_FORM_TEST = re.compile(r"\bis\s++(?:not\s++)?(?:document\b|(?:nfk?[cd]\s++)?normalized\b)", re.IGNORECASE)


def _form_tests_as_null_tests(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """``x IS [NOT] DOCUMENT`` and ``s IS [NOT] [NFC ...] NORMALIZED`` as ``IS [NOT] NULL``, a test of the same value
    (sqlglot reads ``DOCUMENT`` and ``NFC`` as columns, and ``NORMALIZED`` after ``NFC`` as the item's alias).

    >>> sql = "select s is nfkc normalized, x is not document from t"
    >>> _form_tests_as_null_tests(sql, tokens_of(sql, "postgres"), "postgres")[0]
    'select s is NULL, x is not NULL from t'
    """
    edits = []
    for at in range(len(tokens) - 1):
        if word_of(tokens[at]) != "IS":
            continue
        first = at + 2 if word_of(tokens[at + 1]) == "NOT" else at + 1
        words = [word_of(token) for token in tokens[first:first + 2]]
        if words[:1] == ["DOCUMENT"] or words[:1] == ["NORMALIZED"]:
            edits.append((tokens[first].start, tokens[first].end + 1, "NULL"))
        elif words[:1] in (["NFC"], ["NFD"], ["NFKC"], ["NFKD"]) and words[1:] == ["NORMALIZED"]:
            edits.append((tokens[first].start, tokens[first + 1].end + 1, "NULL"))
    return edited(text, tokens, edits, dialect)


def _sample_arguments_as_numbers(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A ``TABLESAMPLE method (size) [REPEATABLE (seed)]`` whose size or seed is an expression of no column
    (``REPEATABLE (1+2)``, ``SYSTEM ('50'::float)``), which sqlglot does not read (it reads a number), written
    with the number ``0`` there: how much a sample takes reads nothing. An argument naming a column (a lateral
    reference, ``BERNOULLI (p.pct)``) is left as it is (the statement is set aside, not read without it).

    >>> sql = "select count(*) from ts tablesample system ('50'::float) repeatable (1 + 2)"
    >>> _sample_arguments_as_numbers(sql, tokens_of(sql, "postgres"), "postgres")[0]
    'select count(*) from ts tablesample system (0) repeatable (0)'
    """
    edits = []
    for at, token in enumerate(tokens):
        if word_of(token) not in ("TABLESAMPLE", "REPEATABLE"):
            continue
        opening = at + (2 if word_of(token) == "TABLESAMPLE" else 1)
        if opening >= len(tokens) or tokens[opening].token_type != TokenType.L_PAREN:
            continue
        inside = tokens[opening + 1:group_end(tokens, opening) - 1]
        read = len(inside) == 1 and inside[0].token_type in (TokenType.NUMBER, TokenType.PARAMETER)  # (as it is)
        names = any(token.token_type in (TokenType.VAR, TokenType.IDENTIFIER)  # (a column; a type after :: is none)
                    and (n == 0 or inside[n - 1].token_type != TokenType.DCOLON) for n, token in enumerate(inside))
        if inside and not read and not names:
            edits.append((inside[0].start, inside[-1].end + 1, "0"))
    return edited(text, tokens, edits, dialect)


def _transaction_modes_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """``BEGIN [TRANSACTION] ... READ ONLY`` and ``START TRANSACTION ... READ ONLY`` (PostgreSQL's transaction modes,
    of which sqlglot cannot read ``READ ONLY``): the transaction begun, its modes left out (it reads and writes no
    table either way).

    >>> sql = "begin transaction isolation level serializable, read only, deferrable"
    >>> _transaction_modes_left_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'begin transaction '
    """
    words = [word_of(token) for token in tokens[1:] if token.token_type != TokenType.COMMA]
    if not set(words) <= _TRANSACTION_MODES or (word_of(tokens[0]) == "START" and words[:1] != ["TRANSACTION"]):
        return text, tokens
    first_mode = 2 if words[:1] in (["TRANSACTION"], ["WORK"]) else 1
    if first_mode >= len(tokens):  # no modes (the " only" was in a comment): as it is
        return text, tokens
    return edited(text, tokens, [(tokens[first_mode].start, len(text), "")], dialect)


#: The words of PostgreSQL's transaction modes (and of ``TRANSACTION`` / ``WORK`` after ``BEGIN``).
_TRANSACTION_MODES = frozenset({"TRANSACTION", "WORK", "ISOLATION", "LEVEL", "SERIALIZABLE", "REPEATABLE", "READ",
                                "COMMITTED", "UNCOMMITTED", "WRITE", "ONLY", "NOT", "DEFERRABLE"})


def _search_cycle_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A recursive CTE's ``SEARCH {BREADTH | DEPTH} FIRST BY c [, ...] SET s`` and ``CYCLE c [, ...] SET m [TO v
    DEFAULT d] USING p`` (PostgreSQL), which sqlglot cannot read, left out: they order the rows and mark cycles, from
    the CTE's own columns (their new columns ``s``, ``m``, ``p`` are then no column of it).

    >>> sql = "with recursive g(id) as (select 1 union all select id + 1 from g) cycle id set c using p select * from g"
    >>> _search_cycle_left_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'with recursive g(id) as (select 1 union all select id + 1 from g)  select * from g'
    >>> sql = sql.replace("cycle", "search depth first by id set o cycle")
    >>> _search_cycle_left_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'with recursive g(id) as (select 1 union all select id + 1 from g)   select * from g'
    """
    edits, clause_end = [], None  # (the index after the last clause left out: a CYCLE may follow a SEARCH)
    for index in range(1, len(tokens) - 1):
        word = word_of(tokens[index])
        if word not in ("SEARCH", "CYCLE") or (tokens[index - 1].token_type != TokenType.R_PAREN
                                               and index != clause_end):
            continue
        last = "SET" if word == "SEARCH" else "USING"
        end = next((at for at in range(index + 1, len(tokens) - 1) if word_of(tokens[at]) == last), None)
        if end is not None:
            edits.append((tokens[index].start, tokens[end + 1].end + 1, ""))
            clause_end = end + 2
    return edited(text, tokens, edits, dialect)


def _merge_overriding_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A MERGE's ``INSERT [(c, ...)] OVERRIDING {SYSTEM | USER} VALUE VALUES (...)`` (PostgreSQL 15+: an identity
    column given its value, or its default), which sqlglot cannot read: the clause left out (the same columns are
    written either way, as an INSERT's, which sqlglot reads).

    >>> sql = "merge into t using s on t.a = s.a when not matched then insert (a) overriding system value values (s.a)"
    >>> _merge_overriding_left_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'merge into t using s on t.a = s.a when not matched then insert (a)  values (s.a)'
    """
    edits = [(token.start, tokens[index + 2].end + 1, "") for index, token in enumerate(tokens[:-2])
             if word_of(token) == "OVERRIDING" and word_of(tokens[index + 1]) in ("SYSTEM", "USER")
             and word_of(tokens[index + 2]) == "VALUE"]
    return edited(text, tokens, edits, dialect)


def _values_after_ctes_selected(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """``WITH ... VALUES (...), ...`` (a VALUES list as the query after CTEs, which its rows' subqueries may read), as
    a statement or an INSERT's query (``INSERT INTO t WITH ... VALUES ...``), which sqlglot cannot read: the list
    selected from, ``WITH ... SELECT * FROM (VALUES ...) AS v``.

    >>> sql = "with x as (select max(a) m from t) values ((select m from x), 2)"
    >>> _values_after_ctes_selected(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'with x as (select max(a) m from t) SELECT * FROM (values ((select m from x), 2)) AS _values'
    >>> sql = "insert into u (a, b) with x as (select 1 m) values ((select m from x), 2) returning a"
    >>> _values_after_ctes_selected(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'insert into u (a, b) with x as (select 1 m) SELECT * FROM (values ((select m from x), 2)) AS _values returning a'
    """
    levels = depths(tokens)
    start = next((at for at, token in enumerate(tokens) if levels[at] == 0 and word_of(token) == "WITH"), None)
    body = _with_body(tokens, start) if start is not None else len(tokens)
    if body >= len(tokens) or word_of(tokens[body]) != "VALUES":
        return text, tokens
    end = next((at for at in range(body + 1, len(tokens)) if levels[at] == 0 and (
        word_of(tokens[at]) == "RETURNING" or word_of(tokens[at]) == "ON" and at + 1 < len(tokens)
        and word_of(tokens[at + 1]) == "CONFLICT")), len(tokens))  # (an INSERT's clauses after its query)
    last = end - 1 - (tokens[end - 1].token_type == TokenType.SEMICOLON)
    return edited(text, tokens, [(tokens[body].start, tokens[body].start, "SELECT * FROM ("),
                                 (tokens[last].end + 1, tokens[last].end + 1, ") AS _values")], dialect)


def _collations_for_called(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL's ``COLLATION FOR (e)``, the name of e's collation, which sqlglot cannot read: the call of the
    function it stands for, ``pg_collation_for(e)``, which reads e.

    >>> sql = "select collation for (a) from t"
    >>> _collations_for_called(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'select pg_collation_for (a) from t'
    """
    edits = [(token.start, tokens[at + 1].end + 1, "pg_collation_for") for at, token in enumerate(tokens[:-2])
             if word_of(token) == "COLLATION" and tokens[at + 1].token_type == TokenType.FOR
             and tokens[at + 2].token_type == TokenType.L_PAREN]
    return edited(text, tokens, edits, dialect)


def _oids_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A CREATE TABLE's ``WITHOUT OIDS`` (or ``WITH OIDS``: PostgreSQL before 12, still in older schemas; 12 reads
    ``WITHOUT OIDS`` as nothing), which sqlglot cannot read: left out (a row's hidden id is no column of a record).

    >>> sql = "create table t (a int) inherits (p) without oids"
    >>> _oids_left_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'create table t (a int) inherits (p) '
    """
    levels = depths(tokens)
    edits = [(token.start, tokens[index + 1].end + 1, "") for index, token in enumerate(tokens[:-1])
             if word_of(token) in ("WITH", "WITHOUT") and word_of(tokens[index + 1]) == "OIDS" and levels[index] == 0]
    return edited(text, tokens, edits, dialect)


def _typed_tables_untyped(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL's typed table, ``CREATE [TEMP] TABLE t OF type [(c WITH OPTIONS ..., ...)] ...``, whose columns are
    the composite type's, which sqlglot cannot read: a table created without a column list (its columns unknown, as
    the catalog knows no type's attributes).

    >>> sql = "create temp table if not exists s.t of s.person (id with options primary key) partition by range (id)"
    >>> _typed_tables_untyped(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'create temp table if not exists s.t'
    """
    table = next((index for index, token in enumerate(tokens[:6]) if word_of(token) == "TABLE"), None)
    if table is None or not {word_of(token) for token in tokens[1:table]} <= _TABLE_KINDS:
        return text, tokens
    start = table + 1 + 3 * (word_of(tokens[table + 1]) == "IF" if table + 1 < len(tokens) else 0)
    end = name_end(tokens, start)
    if end + 1 >= len(tokens) or word_of(tokens[end]) != "OF":
        return text, tokens
    return edited(text, tokens, [(tokens[end - 1].end + 1, len(text), "")], dialect)


#: The words between PostgreSQL's CREATE and TABLE.
_TABLE_KINDS = frozenset({"GLOBAL", "LOCAL", "TEMP", "TEMPORARY", "UNLOGGED"})


def _returning_aliases_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL 18's ``RETURNING WITH (OLD AS o, NEW AS n) o.c, n.c``, which names the row before and after the
    change, and which sqlglot cannot read: the aliases left out, ``o.c`` written ``old.c`` and ``n.c`` ``new.c`` (what
    the resolver reads as those rows).

    >>> sql = "update t set a = a + 1 returning with (old as o, new as n) o.a, n.a, b"
    >>> _returning_aliases_written_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'update t set a = a + 1 returning  old.a, new.a, b'
    """
    at = next((index for index, token in enumerate(tokens[:-2]) if word_of(token) == "RETURNING"
               and word_of(tokens[index + 1]) == "WITH" and tokens[index + 2].token_type == TokenType.L_PAREN), None)
    if at is None:
        return text, tokens
    close = group_end(tokens, at + 2) - 1
    inner = tokens[at + 3:close]
    aliases = {inner[i + 2].text.casefold(): word_of(inner[i]).lower() for i in range(0, len(inner) - 2, 4)
               if word_of(inner[i]) in ("OLD", "NEW") and word_of(inner[i + 1]) == "AS"}
    if not aliases:
        return text, tokens
    edits = [(tokens[at + 1].start, tokens[close].end + 1, "")]
    for index in range(close + 1, len(tokens) - 1):
        token = tokens[index]
        if (token.token_type == TokenType.VAR and token.text.casefold() in aliases
                and tokens[index + 1].token_type == TokenType.DOT and tokens[index - 1].token_type != TokenType.DOT):
            edits.append((token.start, token.end + 1, aliases[token.text.casefold()]))
    return edited(text, tokens, edits, dialect)


def _array_json_objects_renamed(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL's ``json_object(array)`` (an object of a text array's keys and values), which sqlglot reads only as
    the standard's ``JSON_OBJECT(k : v, ...)``: written ``jsonb_object(array)``, the same object as jsonb, which it
    reads (the array's columns are read either way).

    >>> sql = "select json_object(array_agg(g)), json_object('a' : 1) from t"
    >>> _array_json_objects_renamed(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    "select jsonb_object(array_agg(g)), json_object('a' : 1) from t"
    """
    edits = []
    for index, close in calls_of(tokens, "JSON_OBJECT"):
        levels = depths(tokens, BRACKETS, index + 2)
        if close > index + 2 and not any(
                levels[at - index - 2] == 0 and (tokens[at].token_type in (TokenType.COMMA, TokenType.COLON)
                                                 or word_of(tokens[at]) in ("VALUE", "KEY"))
                for at in range(index + 2, close)):
            edits.append((tokens[index].start, tokens[index].end + 1, "jsonb_object"))
    return edited(text, tokens, edits, dialect)


def _value_columns_quoted(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A column named ``value`` as an argument of MySQL's ``JSON_OBJECT(k, v, ...)`` or ``JSON_OBJECTAGG(k, v)`` (a
    key's value), which sqlglot reads as the keyword of the standard's ``KEY k VALUE v``: quoted, the column it is.

    >>> sql = "select json_objectagg(c0, value), json_object('k', value) from t"
    >>> _value_columns_quoted(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    "select json_objectagg(c0, `value`), json_object('k', `value`) from t"
    """
    edits = []
    for index, close in calls_of(tokens, ("JSON_OBJECT", "JSON_OBJECTAGG")):
        levels = depths(tokens, BRACKETS, index + 2)
        for at in range(index + 2, close):
            if word_of(tokens[at]) == "VALUE" and levels[at - index - 2] == 0 \
                    and tokens[at - 1].token_type == TokenType.COMMA:  # (a key's value follows a comma)
                edits.append((tokens[at].start, tokens[at].end + 1, f"`{tokens[at].text}`"))
    return edited(text, tokens, edits, dialect)


def _history_deleted(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MariaDB's ``DELETE HISTORY FROM t [BEFORE SYSTEM_TIME x]`` (a system-versioned table's historical rows
    deleted) as the ``DELETE FROM t`` it is: t's rows deleted, none of its columns read.

    >>> sql = "delete history from t4 before system_time '2020-01-01 00:00:00'"
    >>> _history_deleted(sql, tokens_of(sql, "mysql"), "mysql")[0]
    'DELETE FROM t4'
    """
    if word_of(tokens[2]) != "FROM" or len(tokens) < 4:
        return text, tokens
    stop = name_end(tokens, 3)
    return edited(text, tokens, [(tokens[0].start, tokens[3].start, "DELETE FROM "),
                                 (tokens[stop - 1].end + 1, len(text), "")], dialect)


def _sequence_values_called(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MariaDB's ``NEXT VALUE FOR s`` and ``PREVIOUS VALUE FOR s`` (a sequence's next and last value), which sqlglot
    cannot read in MySQL's grammar, as the ``NEXTVAL(s)`` and ``LASTVAL(s)`` they are ("NEXTVAL(sequence_name)" is
    the same, MariaDB's knowledge base).

    >>> sql = "insert into t (id, v) values (next value for db.s1, 'a'), (previous value for s1, 'b')"
    >>> _sequence_values_called(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    "insert into t (id, v) values (NEXTVAL(db.s1), 'a'), (LASTVAL(s1), 'b')"
    """
    edits = []
    words = [word_of(token) for token in tokens]
    for at in range(len(tokens) - 3):
        if words[at] in ("NEXT", "PREVIOUS") and words[at + 1:at + 3] == ["VALUE", "FOR"]:
            stop = name_end(tokens, at + 3)
            if stop > at + 3:
                called = "NEXTVAL" if words[at] == "NEXT" else "LASTVAL"
                name = text[tokens[at + 3].start : tokens[stop - 1].end + 1]
                edits.append((tokens[at].start, tokens[stop - 1].end + 1, f"{called}({name})"))
    return edited(text, tokens, edits, dialect)


def _returning_blocks_unwrapped(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A MySQL function whose body is a block of local variables set and one ``RETURN`` (``CREATE FUNCTION f(x INT)
    RETURNS ... BEGIN DECLARE v INT; SET v = (SELECT ...); RETURN (SELECT ... v ...); END``, as the employees sample
    database writes them) written as the function of that ``RETURN`` it is, each variable replaced by the value it
    was set to (a routine's variable is read before a column of the same name), whose body is read where it is
    called; a handler that reads nothing (``DECLARE EXIT HANDLER FOR NOT FOUND RETURN NULL``) leaves it so. Any other
    block (a loop, a condition, a cursor, a user variable set from a query) is kept as it is: its statements are logged
    on their own when it runs.

    >>> sql = "create function f(x int) returns int begin declare m int; set m = (select max(a) from t where b = x); " \\
    ...       "set @m = m; return (select c from u where a = m); end"
    >>> _returning_blocks_unwrapped(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'create function f(x int) returns int return (select c from u where a = ((select max(a) from t where b = x)))'
    >>> sql = "create function f(x int) returns int begin declare m, n int; " \\
    ...       "select a, b into m, n from t where c = x; return m + n; end"
    >>> _returning_blocks_unwrapped(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'create function f(x int) returns int return ((SELECT a from t where c = x)) + ((SELECT b from t where c = x))'
    """
    if not any(word_of(token) == "FUNCTION" for token in tokens[1:10]):
        return text, tokens
    begin = next((index for index, token in enumerate(tokens) if word_of(token) == "BEGIN"), None)
    last = len(tokens) - 1 - (tokens[-1].token_type == TokenType.SEMICOLON)
    if begin is None or begin + 1 >= last or word_of(tokens[last]) != "END":
        return text, tokens
    statements = _block_statements(tokens, begin, last)
    variables = _Variables(text, tokens)
    for number, (first, stop) in enumerate(statements):
        if word_of(tokens[first]) == "RETURN" and number == len(statements) - 1 and stop > first + 1:
            written = variables.put_in(first + 1, stop)
            if written is None or _unreadable(written, dialect):
                return text, tokens
            returned = text[tokens[first].start:tokens[first].end + 1]
            return edited(text, tokens, [(tokens[begin].start, len(text), f"{returned} {written}")], dialect)
        if not variables.took(first, stop):
            break
    read = _block_reads(text, tokens, statements)
    if read is None or _unreadable(read, dialect):
        return text, tokens
    return edited(text, tokens, [(tokens[begin].start, len(text), f"RETURN {read}")], dialect)


def _block_reads(text: str, tokens: list[Token], statements: list[tuple[int, int]]) -> str | None:
    """What a MySQL function's block reads when it is no chain of values set and one RETURN
    (:func:`_returning_blocks_unwrapped`): conditions (``IF``, ``ELSEIF``, ``WHILE``, ``UNTIL``, ``WHEN``), queries
    (``SELECT ... INTO``, a cursor's, a subquery a variable is set to) and returned values, as one value computed from
    all of them (``COALESCE(...)``), each local variable NULL: a call reads what the body may read, branches that do
    not run too, as MariaDB opens every table a stored program may use before it runs (MySQL's general log has no line
    of the statements inside a function). None for a block that writes, calls or does anything else.

    >>> sql = ("create function f(x int) returns int begin declare n int; select count(*) into n from t where a = x; "
    ...        "if n = 0 then return 0; end if; return (select max(b) from u where c = n); end")
    >>> tokens = Dialect.get_or_raise("mysql").tokenize(sql)
    >>> _block_reads(sql, tokens, _block_statements(tokens, 9, len(tokens) - 1))
    'COALESCE((select count(*) from t where a = x), ((NULL) = 0), (0), ((select max(b) from u where c = (NULL))))'
    """
    variables = _Variables(text, tokens)
    values: list[str] = []
    for first, stop in statements:
        if not _statement_read(variables, first, stop, values):
            return None
    if not values:
        return None
    return values[0] if len(values) == 1 else f"COALESCE({', '.join(values)})"


#: Words that open or carry on a compound statement of a MySQL routine, read past to the statement they hold.
_COMPOUND_WORDS = frozenset({"ELSE", "BEGIN", "REPEAT", "LOOP", "DO", "THEN", "CASE"})
#: Words a condition of a compound statement ends at.
_CONDITION_ENDS = frozenset({"THEN", "DO", "END"})
#: Statements of a routine that read nothing and change no data (cursors moved, loops left).
_NOTHING_READ = frozenset({"OPEN", "CLOSE", "FETCH", "LEAVE", "ITERATE", "END"})


def _statement_read(variables: _Variables, first: int, stop: int, values: list[str]) -> bool:
    """Add what the routine statement ``tokens[first:stop]`` reads to ``values`` (:func:`_block_reads`): False for one
    that writes, calls, or is not read here."""
    first = _conditions_read(variables, first, stop, values)
    if first is None:
        return False
    tokens = variables.tokens
    if first >= stop or word_of(tokens[first]) in _NOTHING_READ:
        return True
    word = word_of(tokens[first])
    if word == "DECLARE":
        return _declaration_read(variables, first, stop, values)
    if word == "SET":
        return _assignments_read(variables, first, stop, values)
    if word in ("SELECT", "WITH"):
        return _query_read(variables, first, stop, values)
    if word == "RETURN" and stop > first + 1:
        read = variables.put_in(first + 1, stop)
        values.extend([f"({read})"] if read is not None else [])
        return read is not None
    return False


def _conditions_read(variables: _Variables, first: int, stop: int, values: list[str]) -> int | None:
    """Where the routine statement ``tokens[first:stop]`` begins after its labels, compound words (``BEGIN``, ``LOOP``
    ...) and the conditions that open it (``IF c THEN``, ``WHILE c DO``, ``WHEN c``), each condition added to
    ``values``; None when a condition cannot be read."""
    tokens = variables.tokens
    while first < stop:
        word = word_of(tokens[first])
        if first + 1 < stop and tokens[first + 1].token_type == TokenType.COLON:
            first += 2  # (a label: `name: LOOP ...`)
        elif word in _COMPOUND_WORDS:
            first += 1
        elif word in ("IF", "ELSEIF", "WHILE", "UNTIL", "WHEN"):
            levels = depths(tokens, start=first)
            end = next((at for at in range(first + 1, stop) if word_of(tokens[at]) in _CONDITION_ENDS
                        and levels[at - first] == 0), stop)
            condition = variables.put_in(first + 1, end) if end > first + 1 else None
            if condition is None:
                return None
            values.append(f"({condition})")
            first = end
        else:
            break
    return first


def _declaration_read(variables: _Variables, first: int, stop: int, values: list[str]) -> bool:
    """Add what the ``DECLARE`` of ``tokens[first:stop]`` reads to ``values``: a handler's statement's reads, a
    cursor's query, a variable's default (the variables declared are NULL until set); False when it cannot be read."""
    tokens = variables.tokens
    words = [word_of(t) for t in tokens[first:stop]]
    if "HANDLER" in words:  # its statement, after the conditions it handles
        action = next((at for at in range(first, stop) if word_of(tokens[at]) in (
            "SET", "SELECT", "RETURN", "BEGIN", "INSERT", "UPDATE", "DELETE", "CALL", "REPLACE")), stop)
        return _statement_read(variables, action, stop, values)
    if "CURSOR" in words:
        query = first + words.index("FOR") + 1 if "FOR" in words else stop
        read = variables.put_in(query, stop) if query < stop else None
        values.extend([f"({read})"] if read is not None else [])
        return read is not None
    if "CONDITION" in words:
        return True
    default = first + words.index("DEFAULT") if "DEFAULT" in words else stop
    for at in range(first + 1, default):
        if at == first + 1 or tokens[at - 1].token_type == TokenType.COMMA:
            variables.values[_variable_name(tokens[at]) or ""] = "NULL"
    value = variables.put_in(default + 1, stop) if default + 1 < stop else "NULL"
    values.extend([f"({value})"] if value not in (None, "NULL") else [])
    return value is not None


def _assignments_read(variables: _Variables, first: int, stop: int, values: list[str]) -> bool:
    """Add the values the ``SET v = x [, w = y ...]`` of ``tokens[first:stop]`` assigns to ``values``; False when one
    cannot be read or it assigns none."""
    tokens = variables.tokens
    levels = depths(tokens, start=first)
    top = [at for at in range(first, stop) if levels[at - first] == 0]
    assigned = [at for at in top if tokens[at].token_type in (TokenType.EQ, TokenType.COLON_EQ)]
    ends = [next((c for c in top if c > at and tokens[c].token_type == TokenType.COMMA), stop) for at in assigned]
    read = [variables.put_in(at + 1, end) for at, end in zip(assigned, ends) if end > at + 1]
    values.extend(f"({value})" for value in read if value is not None)
    return bool(assigned) and None not in read


def _query_read(variables: _Variables, first: int, stop: int, values: list[str]) -> bool:
    """Add the query of ``tokens[first:stop]`` (a ``SELECT`` or ``WITH``) to ``values``, without the variables it puts
    its row ``INTO``; False when it cannot be read."""
    tokens = variables.tokens
    levels = depths(tokens, start=first)
    into = next((at for at in range(first, stop) if word_of(tokens[at]) == "INTO" and levels[at - first] == 0), None)
    after = into
    while after is not None and after + 1 < stop:  # INTO v [, w ...]: the variables, left out
        after += 2
        if after >= stop or tokens[after].token_type != TokenType.COMMA:
            break
    pieces = [variables.put_in(a, b) for a, b in ((first, into if into is not None else stop),
                                                  (after if into is not None else stop, stop)) if b > a]
    if None in pieces:
        return False
    values.append(f"({' '.join(p for p in pieces if p)})")
    return True


def _block_statements(tokens: list[Token], begin: int, last: int) -> list[tuple[int, int]]:
    """The statements of the block ``tokens[begin]`` (``BEGIN``) to ``tokens[last]`` (``END``), as token ranges."""
    levels = depths(tokens, BRACKETS, begin)
    statements, start = [], begin + 1
    for index in range(begin + 1, last + 1):
        if index == last or tokens[index].token_type == TokenType.SEMICOLON and levels[index - begin] == 0:
            if index > start:
                statements.append((start, index))
            start = index + 1
    return statements


class _Variables:
    """A MySQL function block's local variables, each with the value it was last set to (its text, the earlier
    variables' values put in), read statement by statement (:func:`_returning_blocks_unwrapped`)."""

    def __init__(self, text: str, tokens: list[Token]) -> None:
        self.text, self.tokens = text, tokens
        self.values: dict[str, str] = {}

    def took(self, first: int, stop: int) -> bool:
        """Whether the block's statement ``tokens[first:stop]`` leaves the function readable as its ``RETURN``: a
        ``DECLARE`` or a ``SET`` of a local variable (its value kept), a named condition, a user variable set from the
        values; not a loop, a condition, a cursor, a user variable set from a query."""
        tokens = self.tokens
        word, words = word_of(tokens[first]), {word_of(t) for t in tokens[first:stop]}
        if word == "DECLARE" and "CONDITION" in words:
            return True  # a named error condition: no value
        if word == "DECLARE" and "HANDLER" in words and "SELECT" not in words:
            return True  # (DECLARE EXIT HANDLER FOR NOT FOUND RETURN NULL: a value of its own when no row is found,
            # from nothing read)
        if word == "DECLARE" and not words & {"CURSOR", "HANDLER"}:
            return self._declared(first, stop)
        if word == "SET" and stop > first + 3 and tokens[first + 2].token_type == TokenType.EQ \
                and _variable_name(tokens[first + 1]) in self.values:
            if "," in self.text[tokens[first].start:tokens[stop - 1].end + 1]:
                return False  # (several assignments at once: kept as it is)
            value = self.put_in(first + 3, stop)
            if value is None:
                return False
            self.values[_variable_name(tokens[first + 1]) or ""] = value
            return True
        if word == "SELECT":
            return self._selected_into(first, stop)
        # a user variable set from the routine's values: nothing read
        return word == "SET" and tokens[first + 1].text.startswith("@") and not any(
            word_of(t) == "SELECT" for t in tokens[first:stop])

    def _selected_into(self, first: int, stop: int) -> bool:
        """``SELECT a, b INTO v, w FROM ...`` (or ``SELECT ... FROM ... INTO v, w``): each variable the query of its
        item, as ``SET v = (SELECT a FROM ...)`` ("selects column values and stores them into variables"); only of
        variables still NULL, as a query that finds no row leaves each as it was."""
        tokens = self.tokens
        levels = depths(tokens, start=first)
        top = [at for at in range(first, stop) if levels[at - first] == 0]
        into = next((at for at in top if word_of(tokens[at]) == "INTO"), None)
        if into is None:
            return False
        names, at = [], into + 1
        while at < stop and self.values.get(_variable_name(tokens[at]) or "") == "NULL":
            names.append(_variable_name(tokens[at]) or "")
            at += 1
            if at >= stop or tokens[at].token_type != TokenType.COMMA:
                break
            at += 1
        if not names or tokens[at - 1].token_type == TokenType.COMMA:
            return False  # (a name that is no local variable still NULL: kept as it is)
        listed = min(into, next((a for a in top if word_of(tokens[a]) == "FROM"), stop))
        commas = [a for a in top if first < a < listed and tokens[a].token_type == TokenType.COMMA]
        items = list(zip([first + 1, *(comma + 1 for comma in commas)], [*commas, listed]))
        rest = [self.put_in(start, end) for start, end in ((listed, into), (at, stop)) if end > start]
        if len(items) != len(names) or any(start >= end for start, end in items) or None in rest:
            return False
        for name, (start, end) in zip(names, items):
            item = self.put_in(start, end)
            if item is None:
                return False
            self.values[name] = f"(SELECT {item} {' '.join(rest)})"
        return True

    def _declared(self, first: int, stop: int) -> bool:
        tokens = self.tokens
        default = next((at for at in range(first, stop) if word_of(tokens[at]) == "DEFAULT"), None)
        value = self.put_in(default + 1, stop) if default is not None and default + 1 < stop else "NULL"
        if value is None:
            return False
        for at in range(first + 1, default or stop):
            if at == first + 1 or tokens[at - 1].token_type == TokenType.COMMA:
                self.values[_variable_name(tokens[at]) or ""] = value
        return True

    def put_in(self, first: int, stop: int) -> str | None:
        """The text of ``tokens[first:stop]`` with each variable's value put in; None where a variable's name stands
        where no value can (a table's name or an alias is the variable's too), or the text would be too long."""
        tokens, pieces, done = self.tokens, [], self.tokens[first].start
        for at in range(first, stop):
            token = tokens[at]
            if _variable_name(token) not in self.values or tokens[at - 1].token_type == TokenType.DOT or (
                    at + 1 < stop and tokens[at + 1].token_type in (TokenType.DOT, TokenType.L_PAREN)):
                continue
            if word_of(tokens[at - 1]) in _NAMING_WORDS or tokens[at - 1].token_type in (
                    TokenType.VAR, TokenType.IDENTIFIER) and word_of(tokens[at - 1]) not in _VALUE_AFTER:
                return None
            pieces += [self.text[done:token.start], f"({self.values[_variable_name(token)]})"]
            done = token.end + 1
        written = "".join(pieces) + self.text[done:tokens[stop - 1].end + 1]
        return written if len(written) <= _INLINED_CHARS else None


def _variable_name(token: Token) -> str | None:
    """The name a token gives a variable, folded (a variable may be named by a keyword, or quoted); None for a
    literal or a symbol."""
    return token.text.casefold() if token.token_type not in _NOT_NAMES and _WORD.fullmatch(token.text) else None


#: The longest body a function's variables put in may give (each use of a variable repeats its value).
_INLINED_CHARS = 200_000
#: Tokens that name no variable.
_NOT_NAMES = frozenset({TokenType.STRING, TokenType.NUMBER, TokenType.PARAMETER, TokenType.NATIONAL_STRING})
_WORD = re.compile(r"`?\w+`?")
#: Words a value follows (a returned value, a condition's) though the tokenizer may take them for names.
_VALUE_AFTER = frozenset({"RETURN", "IF", "ELSEIF", "WHILE", "UNTIL", "WHEN"})
#: Words after which a name is a table's or an alias, not a value.
_NAMING_WORDS = frozenset({"AS", "FROM", "JOIN", "INTO", "UPDATE", "TABLE"})


def _unreadable(expression: str, dialect: str) -> bool:
    """Whether sqlglot cannot read ``expression`` (a function's body, its variables put in)."""
    try:
        sqlglot.parse_one(f"SELECT {expression}", read=dialect)
    except SqlglotError:
        return True
    return False


def _spatial_types_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MySQL's spatial column types (``POINT``, ``LINESTRING``, ``POLYGON``, their ``MULTI`` forms, a collection) and a
    column's ``SRID n``, which sqlglot cannot read (it reads ``GEOMETRY``): written ``GEOMETRY``, the SRID left out (a
    column is the same column whatever its shape).

    >>> sql = "create table g (point int, pt point not null srid 4326, area polygon)"
    >>> _spatial_types_written_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'create table g (point int, pt GEOMETRY not null , area GEOMETRY)'
    """
    edits = []
    levels = depths(tokens)
    defining = word_of(tokens[0]) == "CREATE" and "TABLE" in {word_of(token) for token in tokens[1:4]}
    for index in range(2, len(tokens)):
        token, before = tokens[index], tokens[index - 1]
        word = word_of(token)
        # a type: after a column's name that starts a column definition (in CREATE TABLE's list, or after ALTER's ADD
        # [COLUMN], MODIFY [COLUMN], CHANGE [COLUMN] old)
        starts = tokens[index - 2].token_type in (TokenType.L_PAREN, TokenType.COMMA) and defining \
            and levels[index] == 1 or word_of(tokens[index - 2]) in ("ADD", "COLUMN", "MODIFY") or (
            index >= 3 and word_of(tokens[index - 3]) in ("CHANGE", "COLUMN")
            and tokens[index - 2].token_type in (TokenType.VAR, TokenType.IDENTIFIER))
        if word in _SPATIAL_TYPES and before.token_type in (TokenType.VAR, TokenType.IDENTIFIER) and starts \
                and (index + 1 == len(tokens) or tokens[index + 1].token_type != TokenType.L_PAREN):
            edits.append((token.start, token.end + 1, "GEOMETRY"))
        elif word == "SRID" and index + 1 < len(tokens) and tokens[index + 1].token_type == TokenType.NUMBER:
            edits.append((token.start, tokens[index + 1].end + 1, ""))
    return edited(text, tokens, edits, dialect)


#: MySQL's spatial types that sqlglot does not know as types.
_SPATIAL_TYPES = frozenset({"POINT", "LINESTRING", "POLYGON", "MULTIPOINT", "MULTILINESTRING", "MULTIPOLYGON",
                            "GEOMETRYCOLLECTION", "GEOMCOLLECTION", "GEOMETRY"})
_SPATIAL = re.compile(r"\b(?:multi)?(?:point|linestring|polygon)\b|\bgeom(?:etry)?collection\b|\bsrid\b",
                      re.IGNORECASE)


def _modifiers_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MySQL's ``UPDATE [LOW_PRIORITY] [IGNORE] t ...`` and ``DELETE [LOW_PRIORITY] [QUICK] [IGNORE] FROM ...``, which
    sqlglot cannot read: the modifiers left out (they change how errors and locks are met, not what is read or
    written).

    >>> sql = "update low_priority ignore t set v = 1"
    >>> _modifiers_left_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'update t set v = 1'
    >>> sql = "delete quick t from t join u on u.id = t.id"
    >>> _modifiers_left_out(sql, Dialect.get_or_raise("mysql").tokenize(sql), "mysql")[0]
    'delete t from t join u on u.id = t.id'
    """
    modifiers = _MODIFIERS if word_of(tokens[0]) == "DELETE" else _MODIFIERS - {"QUICK"}
    end = 1
    while end < len(tokens) - 1 and word_of(tokens[end]) in modifiers and (
            word_of(tokens[end]) != "QUICK" or tokens[end + 1].token_type not in (TokenType.DOT, TokenType.COMMA)):
        end += 1  # (QUICK is no reserved word: a table may be named so, DELETE quick.*, quick FROM ...)
    return edited(text, tokens, [(tokens[1].start, tokens[end].start, "")], dialect)


#: MySQL's modifiers of an UPDATE (LOW_PRIORITY, IGNORE) or a DELETE (all three).
_MODIFIERS = frozenset({"LOW_PRIORITY", "QUICK", "IGNORE"})


def _sort_operators_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL's ``ORDER BY c USING op`` (a sort by an operator, ``>``, ``~<~`` or ``OPERATOR(s.op)``), which
    sqlglot cannot read: the operator left out (it orders the rows; the column is read either way).

    >>> sql = "select a from t order by b using >, c using ~<~ nulls first, d using operator(s.<)"
    >>> _sort_operators_left_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'select a from t order by b , c  nulls first, d '
    """
    edits = []
    for index, token in enumerate(tokens[:-1]):
        if token.token_type != TokenType.USING:
            continue
        after = index + 1
        if word_of(tokens[after]) == "OPERATOR" and after + 1 < len(tokens) \
                and tokens[after + 1].token_type == TokenType.L_PAREN:
            edits.append((token.start, tokens[group_end(tokens, after + 1) - 1].end + 1, ""))
            continue
        end = None
        while after < len(tokens) and _OPERATOR_CHARACTERS.fullmatch(tokens[after].text) \
                and (end is None or tokens[after].start == end + 1):  # an operator's characters, written together
            end, after = tokens[after].end, after + 1
        if end is not None:
            edits.append((token.start, end + 1, ""))
    return edited(text, tokens, edits, dialect)


#: ``USING`` and a sort operator (or ``OPERATOR(``) after it.
_SORT_OPERATOR = re.compile(r"\busing\s*(?:[<>=~!@#%^&|`?*/+-]|operator\s*\()", re.IGNORECASE)
_OPERATOR_CHARACTERS = re.compile(r"[<>=~!@#%^&|`?*/+-]+")


def _insert_fields_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL's ``INSERT INTO t (arr[1], c.f1, ...)``: an element of an array column, or a field of a composite
    one, written: the column written (sqlglot reads plain column names only there).

    >>> sql = "insert into t as x (id, arr[1:2], c.f1, c.f2) values (1, '{2}', 3, 4)"
    >>> _insert_fields_left_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    "insert into t as x (id, arr, c, c) values (1, '{2}', 3, 4)"
    """
    if len(tokens) < 4 or word_of(tokens[1]) != "INTO":
        return text, tokens
    start = name_end(tokens, 2)
    if start < len(tokens) and word_of(tokens[start]) == "AS":  # INSERT INTO t AS x (...)
        start += 2
    if start + 1 >= len(tokens) or tokens[start].token_type != TokenType.L_PAREN \
            or word_of(tokens[start + 1]) in ("SELECT", "WITH", "VALUES"):
        return text, tokens
    close, edits, index = group_end(tokens, start) - 1, [], start + 1
    levels = depths(tokens, BRACKETS, start + 1)
    while index < close:  # at a column's name: what follows it up to its comma is left out
        after = index + 1
        while after < close and not (tokens[after].token_type == TokenType.COMMA and levels[after - start - 1] == 0):
            after += 1
        if after > index + 1:
            edits.append((tokens[index].end + 1, tokens[after - 1].end + 1, ""))
        index = after + 1
    return edited(text, tokens, edits, dialect)


def _join_using_aliases_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL's ``JOIN ... USING (k) AS j`` (14+), whose alias names the join's merged columns (``j.k``), which
    sqlglot does not read: the alias left out, ``j.k`` written ``k`` (the merged column, as unqualified), and ``j.*``
    the merged columns, which are all its columns.

    >>> sql = "select j.i, t1.a from t1 join t2 using (i) as j where j.i > 1"
    >>> _join_using_aliases_left_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'select i, t1.a from t1 join t2 using (i) where i > 1'
    >>> sql = "select j.* from t1 join t2 using (i, k) as j"
    >>> _join_using_aliases_left_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'select i, k from t1 join t2 using (i, k)'
    """
    edits, aliases = [], {}
    for index, token in enumerate(tokens):
        if word_of(token) == "USING" and index + 1 < len(tokens) and tokens[index + 1].token_type == TokenType.L_PAREN:
            after = group_end(tokens, index + 1)
            if after + 1 < len(tokens) and word_of(tokens[after]) == "AS" \
                    and tokens[after + 1].token_type == TokenType.VAR:
                merged = text[tokens[index + 2].start:tokens[after - 1].start] if after - 1 > index + 2 else ""
                aliases[tokens[after + 1].text.casefold()] = merged.strip()
                edits.append((tokens[after - 1].end + 1, tokens[after + 1].end + 1, ""))
    if not aliases:
        return text, tokens
    for index, token in enumerate(tokens[:-2]):
        if (token.token_type == TokenType.VAR and token.text.casefold() in aliases
                and tokens[index + 1].token_type == TokenType.DOT
                and (index == 0 or tokens[index - 1].token_type != TokenType.DOT)):
            star = tokens[index + 2].token_type == TokenType.STAR and aliases[token.text.casefold()]
            edits.append((token.start, tokens[index + 2 if star else index + 1].end + 1,
                          aliases[token.text.casefold()] if star else ""))
    return edited(text, tokens, edits, dialect)


def _merge_join_bracketed(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL's ``MERGE INTO t USING a JOIN b ON ... ON t.k = a.k``, whose source is a join ("USING
    data_source", a table reference), which sqlglot reads only in brackets: bracketed.

    >>> sql = "merge into t using s1 join s2 on s1.id = s2.id on t.id = s1.id when matched then delete"
    >>> _merge_join_bracketed(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'merge into t using (s1 join s2 on s1.id = s2.id) on t.id = s1.id when matched then delete'
    """
    merge = next((i for i, token in enumerate(tokens) if word_of(token) == "MERGE"), None)
    if merge is None:
        return text, tokens
    levels = depths(tokens)
    top = [i for i in range(merge, len(tokens)) if levels[i] == levels[merge]]  # the MERGE's own clauses
    words = {i: word_of(tokens[i]) for i in top}
    using = next((i for i in top if words[i] == "USING"), None)
    if using is None:
        return text, tokens
    when = next((i for i in top if i > using and words[i] == "WHEN"), len(tokens))
    ons = [i for i in top if using < i < when and words[i] == "ON"]
    if not ons or not any(words[i] == "JOIN" for i in top if using < i < ons[-1]):
        return text, tokens
    return edited(text, tokens, [(tokens[using + 1].start, tokens[using + 1].start, "("),
                                     (tokens[ons[-1] - 1].end + 1, tokens[ons[-1] - 1].end + 1, ")")], dialect)


def _copy_options_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL's ``COPY t {FROM STDIN | TO STDOUT} (options)``, its options in brackets without ``WITH`` ("COPY
    ... [ [ WITH ] ( option [, ...] ) ]"), which sqlglot reads only with it (and after a file's name); and ``COPY t
    FROM ... WHERE condition``, which filters the rows loaded (it reads no table), left out.

    >>> sql = "copy t (a, b) from stdin (format csv) where a > 1"
    >>> _copy_options_written_out(sql, Dialect.get_or_raise("postgres").tokenize(sql), "postgres")[0]
    'copy t (a, b) from stdin WITH (format csv) '
    """
    edits = []
    for index, (token, depth) in enumerate(zip(tokens, depths(tokens))):
        if depth:
            continue
        if (token.text or "").upper() in ("STDIN", "STDOUT") and index + 1 < len(tokens) \
                and tokens[index + 1].token_type == TokenType.L_PAREN:
            edits.append((tokens[index + 1].start, tokens[index + 1].start, "WITH "))
        elif token.token_type == TokenType.WHERE and any(t.token_type == TokenType.FROM for t in tokens[:index]):
            edits.append((token.start, len(text), ""))
            break
    return edited(text, tokens, edits, dialect)


def _change_history_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """BigQuery's change history functions ``APPENDS(TABLE t, start, end)`` and ``CHANGES(TABLE t, start, end)``,
    which sqlglot cannot read: written as the table itself. They return "all rows appended to a table" (or changed)
    in a time window, with the table's columns and the pseudo-columns ``_CHANGE_TYPE`` and ``_CHANGE_TIMESTAMP``:
    what they read is the table, the columns the query names; the window's bounds are constants.

    >>> sql = "select c from APPENDS(TABLE `p.ds.t`, NULL, TIMESTAMP '2024-01-02') a where _change_type = 'INSERT'"
    >>> _change_history_written_out(sql, Dialect.get_or_raise("bigquery").tokenize(sql), "bigquery")[0]
    "select c from `p.ds.t` a where _change_type = 'INSERT'"
    """
    edits = []
    for index in range(len(tokens) - 3):
        if not (word_of(tokens[index]) in ("APPENDS", "CHANGES") and tokens[index + 1].token_type == TokenType.L_PAREN
                and word_of(tokens[index + 2]) == "TABLE"
                and tokens[index + 3].token_type in (TokenType.VAR, TokenType.IDENTIFIER)):
            continue
        end = group_end(tokens, index + 1)
        last = index + 3  # the table's name, up to the first argument's end (a project's name may hold a dash)
        while last + 1 < end - 1 and tokens[last + 1].token_type != TokenType.COMMA:
            last += 1
        edits.append((tokens[index].start, tokens[end - 1].end + 1, text[tokens[index + 3].start:tokens[last].end + 1]))
    return edited(text, tokens, edits, dialect)


#: BigQuery ML's functions sqlglot reads with a table or a query after the model.
_READ_MODEL_CALLS = frozenset({"PREDICT", "GENERATE_TEXT", "GENERATE_EMBEDDING"})


#: The clauses of a ``SEMANTIC_VIEW(...)`` query's argument that list items (``WHERE`` ends them).
_SEMANTIC_CLAUSES = frozenset({"DIMENSIONS", "METRICS", "FACTS", "WHERE"})
#: Tokens an item's expression may end with, before an alias written without ``AS``.
_ITEM_ENDS = frozenset({TokenType.VAR, TokenType.IDENTIFIER, TokenType.R_PAREN})


def _semantic_view_aliases_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A ``SEMANTIC_VIEW(...)`` item's alias written without ``AS`` (Snowflake's grammar: ``DIMENSIONS
    <dimension_expr> [ [ AS ] <alias> ]``, ``METRICS`` alike) given its ``AS``, which sqlglot needs.

    >>> sql = "select * from semantic_view(sv dimensions customer.c_city city, f(x) \\"Y\\" metrics o.total t)"
    >>> _semantic_view_aliases_written_out(sql, tokens_of(sql, "snowflake"), "snowflake")[0]
    'select * from semantic_view(sv dimensions customer.c_city AS city, f(x) AS "Y" metrics o.total AS t)'
    """
    edits = []
    for index, close in calls_of(tokens, "SEMANTIC_VIEW"):
        listing, item = False, []
        for at, level in zip(range(index + 2, close + 1), depths(tokens, start=index + 2)):
            word = word_of(tokens[at])
            if at == close or (level == 0 and (word in _SEMANTIC_CLAUSES or tokens[at].token_type == TokenType.COMMA)):
                if listing and len(item) >= 2 and tokens[item[-1]].token_type in (TokenType.VAR, TokenType.IDENTIFIER) \
                        and tokens[item[-2]].token_type in _ITEM_ENDS and word_of(tokens[item[-2]]) != "AS":
                    edits.append((tokens[item[-1]].start, tokens[item[-1]].start, "AS "))
                listing = (listing and tokens[at].token_type == TokenType.COMMA) or word in ("DIMENSIONS", "METRICS", "FACTS")
                item = []
            elif level == 0:
                item.append(at)
    return edited(text, tokens, edits, dialect)


def _late_if_not_exists_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Snowflake takes ``CREATE [...] TABLE name IF NOT EXISTS (...)``, the guard after the name, which sqlglot cannot
    read: it is written before the name, where its documentation puts it.

    >>> sql = "create transient table d.s.usage if not exists (a int)"
    >>> _late_if_not_exists_written_out(sql, Dialect.get_or_raise("snowflake").tokenize(sql), "snowflake")[0]
    'create transient table IF NOT EXISTS d.s.usage  (a int)'
    """
    words = [word_of(token) for token in tokens[:12]]
    name = words.index("TABLE") + 1 if "TABLE" in words else len(tokens)
    end = name  # the name: parts and the dots between them
    while end + 2 < len(tokens) and tokens[end + 1].token_type == TokenType.DOT:
        end += 2
    if end + 3 >= len(tokens) or word_of(tokens[name]) == "IF" or [word_of(t) for t in tokens[end + 1:end + 4]] != [
            "IF", "NOT", "EXISTS"]:
        return text, tokens
    guard = (tokens[end + 1].start, tokens[end + 3].end + 1, "")
    return edited(text, tokens, [(tokens[name].start, tokens[name].start, "IF NOT EXISTS "), guard], dialect)


def _rlike_names_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """BigQuery has no ``REGEXP`` / ``RLIKE`` operator (its regular expressions are functions): the words are names
    there, which sqlglot reads as the operator (``SELECT a, regexp FROM t`` could not be parsed), so they are quoted.

    >>> _rlike_names_written_out("select regexp from t", Dialect.get_or_raise("bigquery").tokenize("select regexp from t"),
    ...                          "bigquery")[0]
    'select `regexp` from t'
    """
    edits = [(token.start, token.end + 1, f"`{token.text}`") for token in tokens if token.token_type == TokenType.RLIKE]
    return edited(text, tokens, edits, dialect)


#: The dialects of the SQL standard's JSON functions with behaviour clauses (Trino's ``json_exists`` ...).
_JSON_CLAUSE_DIALECTS = frozenset({"trino", "presto", "athena"})


#: The behaviour clauses sqlglot cannot read: ``{TRUE | FALSE | UNKNOWN} ON ERROR`` (json_exists), ``EMPTY {ARRAY |
#: OBJECT} ON {EMPTY | ERROR}`` and ``[UN]CONDITIONAL`` array wrappers (json_query).
_JSON_CLAUSES = ((("TRUE", "FALSE", "UNKNOWN"), ("ON",), ("ERROR",)), (("EMPTY",), ("ARRAY", "OBJECT"), ("ON",),
                 ("EMPTY", "ERROR")), (("CONDITIONAL", "UNCONDITIONAL"),))


def _json_clauses_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The statement without the JSON functions' behaviour clauses sqlglot cannot read (they decide what an error
    or an empty result gives, never what is read).

    >>> sql = "select json_exists(d, 'strict $.a' UNKNOWN ON ERROR), json_query(d, '$' EMPTY ARRAY ON EMPTY) from t"
    >>> _json_clauses_written_out(sql, Dialect.get_or_raise("trino").tokenize(sql), "trino")[0]
    "select json_exists(d, 'strict $.a' ), json_query(d, '$' ) from t"
    """
    words = [word_of(token) for token in tokens]
    cuts, i = [], 0
    while i < len(tokens):
        clause = next((c for c in _JSON_CLAUSES if all(words[i + k] in part if i + k < len(words) else False
                                                        for k, part in enumerate(c))), None)
        after_with = i > 0 and tokens[i - 1].token_type == TokenType.WITH
        if clause is None or i == 0 or (len(clause) == 1) != after_with:  # WITH CONDITIONAL ...; the others not
            i += 1
            continue
        cuts.append((tokens[i].start, tokens[i + len(clause) - 1].end + 1, ""))
        i += len(clause)
    return edited(text, tokens, cuts, dialect)


def _null_flags_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The statement without the ``false`` of Spark's ``first_value(x, false)``, ``last_value(x, false)`` and
    ``any_value(x, false)`` (the default: nulls kept), which sqlglot refuses as an argument too many; ``true``
    (nulls ignored) it reads.

    >>> sql = "select first_value(x, false) over (order by y), last_value(f(a, b), false) over w from t"
    >>> _null_flags_written_out(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark")[0]
    'select first_value(x) over (order by y), last_value(f(a, b)) over w from t'
    """
    cuts: list[tuple[int, int]] = []
    opened: list[int | None] = []  # for each open bracket: the depth of a flagged call it opens, else None
    for i, token in enumerate(tokens):
        kind = token.token_type
        if kind == TokenType.L_PAREN:
            named = i > 0 and tokens[i - 1].text.upper() in ("FIRST_VALUE", "LAST_VALUE", "ANY_VALUE")
            opened.append(i if named else None)
        elif kind == TokenType.R_PAREN and opened:
            call = opened.pop()
            if call is not None and i >= 2 and word_of(tokens[i - 1]) == "FALSE" \
                    and tokens[i - 2].token_type == TokenType.COMMA and i - 2 > call + 1:
                cuts.append((tokens[i - 2].start, tokens[i - 1].end + 1, ""))
    return edited(text, tokens, cuts, dialect)


def _properties_with_equals(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The statement with an ``=`` between each key and value of its ``TBLPROPERTIES (...)`` that leaves it out:
    Spark's "TBLPROPERTIES ( { property_key [ = ] property_val } [, ...] )", which sqlglot reads only with it.

    >>> sql = "alter table t set tblproperties (t 'test', 'a.b' = 1, delta.x true)"
    >>> _properties_with_equals(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark")[0]
    "alter table t set tblproperties (t = 'test', 'a.b' = 1, delta.x = true)"
    >>> sql = "alter table t unset tblproperties (delta.x, a.b.c)"
    >>> _properties_with_equals(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark")[0]
    'alter table t unset tblproperties (delta.x, a.b.c)'
    """
    inserts: list[tuple[int, int, str]] = []
    i = 0
    while i < len(tokens) - 1:
        if word_of(tokens[i]) != "TBLPROPERTIES" or tokens[i + 1].token_type != TokenType.L_PAREN:
            i += 1
            continue
        depth, first, i = 0, i + 2, i + 1
        while i < len(tokens):
            kind = tokens[i].token_type
            depth += kind == TokenType.L_PAREN
            depth -= kind == TokenType.R_PAREN
            if depth == 0 or (depth == 1 and kind == TokenType.COMMA):
                item = tokens[first:i]
                if len(item) >= 2 and not any(t.token_type == TokenType.EQ for t in item):
                    key = 1  # the key: a string, or a dotted name (delta.appendOnly); the value follows
                    while item[0].token_type != TokenType.STRING and key + 1 < len(item) \
                            and item[key].token_type == TokenType.DOT:
                        key += 2
                    if key < len(item):  # (a dotted key alone, UNSET TBLPROPERTIES (delta.x), has no value)
                        inserts.append((item[key].start, item[key].start, "= "))
                first = i + 1
            if depth == 0:
                break
            i += 1
    return edited(text, tokens, inserts, dialect)


#: Words of Oracle's operators and conditions on nested tables (:func:`_collection_operators_written_out`).
_COLLECTION_WORDS = re.compile(r"\b(?:multiset|member|submultiset|empty)\b|\bset\s*+\(|\ba\s++set\b")
#: The tokens an operand of a nested table's operator ends with, and those it begins with.
_OPERAND_ENDS = frozenset({TokenType.VAR, TokenType.IDENTIFIER, TokenType.R_PAREN, TokenType.NUMBER, TokenType.STRING})
_OPERAND_STARTS = frozenset({TokenType.VAR, TokenType.IDENTIFIER, TokenType.L_PAREN, TokenType.NUMBER, TokenType.STRING,
                           TokenType.PARAMETER, TokenType.COLON})


def _collection_operators_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Oracle's operators and conditions on nested tables, which sqlglot cannot read (or reads as a column, an alias),
    as forms of the same operands: ``a MULTISET UNION | INTERSECT | EXCEPT [ALL | DISTINCT] b`` as ``a || b``,
    ``x [NOT] MEMBER [OF] a`` and ``a [NOT] SUBMULTISET [OF] b`` as ``x = a`` (``<>``), ``a IS [NOT] A SET`` and
    ``a IS [NOT] EMPTY`` as ``a IS [NOT] NULL``, ``SET(a)`` (``a`` without its duplicates) as ``(a)``: each value
    computed from what its operands read, and nothing else read.

    >>> sql = "select a multiset union distinct b u, set(c) from t where x not member of a and b submultiset c"
    >>> _collection_operators_written_out(sql, tokens_of(sql, "oracle"), "oracle")[0]
    'select a || b u, (c) from t where x <> a and b = c'
    >>> sql = "select member, b member from t where a is not a set or b is empty"
    >>> _collection_operators_written_out(sql, tokens_of(sql, "oracle"), "oracle")[0]
    'select member, b member from t where a is not NULL or b is NULL'
    """
    words, edits, at = [word_of(token) for token in tokens], [], 0
    while at < len(tokens):
        word, after = words[at], words[at + 1] if at + 1 < len(tokens) else ""
        before = tokens[at - 1].token_type if at > 0 else None
        if word == "MULTISET" and after in ("UNION", "INTERSECT", "EXCEPT") and before in _OPERAND_ENDS:
            stop = at + 2 + (words[at + 2:at + 3] in (["ALL"], ["DISTINCT"]))
            edits.append((tokens[at].start, tokens[stop - 1].end + 1, "||"))
            at = stop
            continue
        if word in ("MEMBER", "SUBMULTISET") and at + 1 < len(tokens) \
                and (after == "OF" or tokens[at + 1].token_type in _OPERAND_STARTS):
            negated = words[at - 1] == "NOT" if at > 0 else False
            first = at - negated
            if first > 0 and tokens[first - 1].token_type in _OPERAND_ENDS:
                stop = at + 1 + (after == "OF")
                edits.append((tokens[first].start, tokens[stop - 1].end + 1, "<>" if negated else "="))
                at = stop
                continue
        if word == "IS":
            state = at + 1 + (after == "NOT")
            stop = state + 1 if words[state:state + 1] == ["EMPTY"] \
                else state + 2 if words[state:state + 2] == ["A", "SET"] else None
            if stop is not None:
                edits.append((tokens[state].start, tokens[stop - 1].end + 1, "NULL"))
                at = stop
                continue
        if word == "SET" and after == "(" and before is not None and before not in _OPERAND_ENDS \
                and words[at - 1] != "UPDATE":  # (an UPDATE's SET (a, b) = ... follows its table's name or UPDATE)
            edits.append((tokens[at].start, tokens[at].end + 1, ""))
        at += 1
    return edited(text, tokens, edits, dialect)


def _xml_pivots_plain(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Oracle's ``PIVOT XML (agg FOR c IN (ANY | subquery | values))``, which sqlglot cannot read, as the ``PIVOT``
    without ``XML``: its one XML column of the pivoted values, whose name and values the log does not give, read as
    the pivoted columns a ``PIVOT ... IN (ANY)`` gives (the rows' other columns as they are, the rest from the
    aggregated values).

    >>> sql = "select * from s pivot xml (sum(v) for k in (any))"
    >>> _xml_pivots_plain(sql, tokens_of(sql, "oracle"), "oracle")[0]
    'select * from s pivot (sum(v) for k in (any))'
    """
    edits = [(tokens[at - 1].end + 1, tokens[at].end + 1, "") for at in range(1, len(tokens) - 1)
             if word_of(tokens[at]) == "XML" and word_of(tokens[at - 1]) == "PIVOT"
             and tokens[at + 1].token_type == TokenType.L_PAREN]
    return edited(text, tokens, edits, dialect)


#: The clauses of Snowflake's ``RESAMPLE(...)``, in their order (:func:`_resamples_written_out`).
_RESAMPLE_CLAUSES = ("USING", "INCREMENT", "PARTITION BY", "METADATA_COLUMNS")


def _resamples_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Snowflake's ``FROM t RESAMPLE(USING c INCREMENT BY k [PARTITION BY p, ...] [METADATA_COLUMNS IS_GENERATED()
    [AS g], BUCKET_START() [AS b]])``, which sqlglot cannot read, as the ``MATCH_RECOGNIZE`` of the same rows: every
    row of ``t`` per partition, ordered by ``c`` (``ALL ROWS PER MATCH``: each column of ``t``, as a MATCH_RECOGNIZE's
    rows are read), the generated rows' ``c`` and ``p`` decided by them (read), ``bucket_start`` computed from ``c`` and
    ``is_generated`` from ``c`` and ``p``.

    >>> sql = ("select * from t as r resample(using ts increment by interval '5 minutes' partition by k, j "
    ...        "metadata_columns is_generated(), bucket_start() as b) where k = 1")
    >>> _resamples_written_out(sql, tokens_of(sql, "snowflake"), "snowflake")[0]  # doctest: +NORMALIZE_WHITESPACE
    'select * from t as r MATCH_RECOGNIZE (PARTITION BY k, j ORDER BY ts MEASURES (ts, k, j) AS is_generated, ts AS b
     ALL ROWS PER MATCH PATTERN (resampled*) DEFINE resampled AS TRUE) where k = 1'
    """
    levels, edits = depths(tokens), []
    for at, close in calls_of(tokens, "RESAMPLE"):
        clauses = {word_of(tokens[i]): i for i in range(at + 2, close) if word_of(tokens[i]) in _RESAMPLE_CLAUSES
                   and levels[i] == levels[at] + 1}
        if "USING" not in clauses or "INCREMENT" not in clauses or close >= len(tokens):
            continue
        bounds = sorted(clauses.values()) + [close]

        def clause(word: str, skip: int) -> str:
            start = clauses[word] + skip
            stop = bounds[bounds.index(clauses[word]) + 1]
            return text[tokens[start].start:tokens[stop - 1].end + 1] if start < stop else ""
        using = clause("USING", 1)
        partition = clause("PARTITION BY", 1) if "PARTITION BY" in clauses else ""
        measures = []
        if "METADATA_COLUMNS" in clauses:
            start = clauses["METADATA_COLUMNS"] + 1
            for item in _top_level_items(text, tokens, start, bounds[bounds.index(start - 1) + 1]):
                function, _, alias = item.partition(")")
                words = alias.split()
                name = words[-1] if words else function.split("(")[0].strip().lower()
                value = using if function.strip().upper().startswith("BUCKET_START") else \
                    f"({using}, {partition})" if partition else using
                measures.append(f"{value} AS {name}")
        written = (f"MATCH_RECOGNIZE ({'PARTITION BY ' + partition + ' ' if partition else ''}ORDER BY {using} "
                   f"{'MEASURES ' + ', '.join(measures) + ' ' if measures else ''}"
                   "ALL ROWS PER MATCH PATTERN (resampled*) DEFINE resampled AS TRUE)")
        edits.append((tokens[at].start, tokens[close].end + 1, written))
    return edited(text, tokens, edits, dialect)


#: Tokens an attribute of a scoring function ends with before an alias written without AS.
_ALIASED_ENDS = frozenset({TokenType.STRING, TokenType.NUMBER, TokenType.R_PAREN, TokenType.VAR,
                           TokenType.IDENTIFIER})
_MINING_CALL = re.compile(r"\b(?:prediction|cluster|feature|ora_dm_partition_name)_?\w*\s*\(", re.IGNORECASE)


def _mining_calls_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Oracle's scoring functions (``PREDICTION(model [COST MODEL] [, class ...] USING attributes)``, ``... USING
    *``, the analytic ``PREDICTION(FOR expr USING ...)`` and ``FEATURE_COMPARE(model USING a AND USING b)``), which
    sqlglot cannot read, as calls of their arguments: the model's name a string first (read as the model it names:
    :meth:`.analysis.Analyzer._mining_call`), then the other arguments and the attributes (an attribute's alias left
    out; ``*``, every column of the row, stays).

    >>> sql = "select prediction(hr.m cost model auto, 1 using *), cluster_id(for x using a as b, c) over () from t"
    >>> _mining_calls_written_out(sql, tokens_of(sql, "oracle"), "oracle")[0]
    "select prediction('hr.m', 1, *), cluster_id(x, a, c) over () from t"
    >>> sql = ("select prediction_cost(m, 1 cost model using *), prediction_details(of anomaly, 0, 3 using *) over () "
    ...        ", prediction_details(for s abs using *) over () from t")
    >>> _mining_calls_written_out(sql, tokens_of(sql, "oracle"), "oracle")[0]
    "select prediction_cost('m', 1, *), prediction_details(0, 3, *) over () , prediction_details(s, *) over () from t"
    """
    levels, edits = depths(tokens), []
    for i, close in calls_of(tokens, MINING_FUNCTIONS):
        inside = [j for j in range(i + 2, close) if levels[j] == levels[i] + 1]
        usings = [j for j in inside if word_of(tokens[j]) == "USING"]
        if not usings:
            continue
        start = i + 2
        if word_of(tokens[start]) in ("FOR", "OF", "INTO"):  # FOR expr, OF ANOMALY [FOR expr], INTO n: no model
            start = next((j + 1 for j in inside if j < usings[0] and word_of(tokens[j]) == "FOR"), start)
            if start == i + 2 and word_of(tokens[start]) == "OF":  # OF ANOMALY [, class ...]
                start += 2 + (tokens[start + 2].token_type == TokenType.COMMA)
            elif start == i + 2:  # INTO n
                start += 1
            if start > i + 2:
                edits.append((tokens[i + 2].start, tokens[start].start, ""))
        else:
            end = name_end(tokens, start)
            model = text[tokens[start].start:tokens[end - 1].end + 1]
            edits.append((tokens[start].start, tokens[end - 1].end + 1, f"'{model}'"))
        for j in inside:  # COST MODEL [AUTO], after the model or its class
            if j < usings[0] and [word_of(t) for t in tokens[j:j + 2]] == ["COST", "MODEL"]:
                stop = j + 2 + (word_of(tokens[j + 2]) == "AUTO")
                edits.append((tokens[j - 1].end + 1, tokens[stop - 1].end + 1, ""))
        for j in usings:
            # (AND USING: FEATURE_COMPARE's second row; DESC | ASC | ABS: how PREDICTION_DETAILS orders its details)
            skipped = word_of(tokens[j - 1]) == "AND" and levels[j - 1] == levels[j] \
                or word_of(tokens[j - 1]) in ("DESC", "ASC", "ABS") and j - 1 > i + 3
            before = j - 2 if skipped else j - 1
            if skipped and tokens[before].token_type == TokenType.COMMA:  # (FOR x, 3, DESC USING *)
                before -= 1
            edits.append((tokens[before].end + 1, tokens[j].end + 1, ","))
        for j in inside:
            if word_of(tokens[j]) == "AS" and j > usings[0] and j + 1 < close:
                edits.append((tokens[j - 1].end + 1, tokens[j + 1].end + 1, ""))
            elif j > usings[0] + 1 and tokens[j].token_type == TokenType.VAR and word_of(tokens[j - 1]) != "AS" \
                    and tokens[j - 1].token_type in _ALIASED_ENDS and (j + 1 == close or tokens[j + 1].token_type
                                                                       == TokenType.COMMA and levels[j + 1] == levels[j]):
                edits.append((tokens[j - 1].end + 1, tokens[j].end + 1, ""))  # (USING 'M' cust_gender: an alias)
    return edited(text, tokens, edits, dialect) if edits else (text, tokens)


#: The dialects of the pipe syntax (``FROM t |> WHERE ... |> SELECT ...``): BigQuery's and Spark's.
_PIPE_DIALECTS = frozenset({"bigquery", "spark", "databricks"})


#: A token that may start a name (a word or a quoted name), not a bracket or an operator.
_NAME_START = re.compile(r"[^\W\d]|`")


def _query_starts_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The statement with the starts of its queries written as sqlglot reads them in a pipe dialect: a query
    before a pipe (``SELECT x + 1 AS v FROM t |> ...``, which sqlglot read as ``FROM t |> ...``, its select list
    lost) in brackets, and ``TABLE t`` (Spark's and the pipe syntax's query of a whole table) as ``FROM t`` before
    a pipe, ``SELECT * FROM t`` elsewhere; in Spark, a ``VALUES`` list before a pipe as ``FROM VALUES``.

    >>> sql = "create table r as select x + 1 as v from t |> extend v * 2 as w"
    >>> _query_starts_written_out(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark")[0]
    'create table r as (select x + 1 as v from t) |> extend v * 2 as w'
    >>> sql = "table t |> where a > 1"
    >>> _query_starts_written_out(sql, Dialect.get_or_raise("bigquery").tokenize(sql), "bigquery")[0]
    'FROM t |> where a > 1'
    """
    creating = word_of(tokens[0]) == "CREATE"
    whole_tables = dialect in SPARK_FAMILY  # Spark's TABLE t is a query anywhere; the pipe syntax's before a pipe
    edits: list[tuple[int, int, str]] = []
    pending: list[list[int]] = [[0]]  # the query starts of each open bracket level, waiting for a pipe or the end
    depth = 0

    def settle(starts: list[int], pipe: int | None) -> None:
        for start in starts:
            word = word_of(tokens[start])
            if word == "WITH" and pipe is not None:  # the CTEs are the whole pipe query's: only the body bracketed
                start = _with_body(tokens, start)
                word = word_of(tokens[start]) if start < pipe else ""
            if word == "SELECT" and pipe is not None:
                edits.extend([(tokens[start].start, tokens[start].start, "("),
                              (tokens[pipe - 1].end + 1, tokens[pipe - 1].end + 1, ")")])
            elif word == "VALUES" and pipe is not None and whole_tables:  # Spark's VALUES (0), (1) tab(c) |> ...
                edits.append((tokens[start].start, tokens[start].start, "FROM "))
            elif word == "TABLE" and start + 1 < len(tokens) and _NAME_START.match(tokens[start + 1].text or "") \
                    and (pipe is not None or (whole_tables and (tokens[start - 1].token_type != TokenType.L_PAREN
                                                                or word_of(tokens[start - 2]) in _SET_OPERATORS))):
                # (a bracketed TABLE t without a pipe is read where it stands: a column named table is no query)
                edits.append((tokens[start].start, tokens[start].end + 1, "FROM" if pipe is not None else "SELECT * FROM"))
        starts.clear()

    for i, token in enumerate(tokens):
        kind = token.token_type
        if kind == TokenType.R_PAREN and depth > 0:
            settle(pending.pop(), None)
            depth -= 1
        elif kind in (TokenType.PIPE_GT, TokenType.SEMICOLON):
            settle(pending[depth], i if kind == TokenType.PIPE_GT else None)
        elif kind == TokenType.L_PAREN:
            depth += 1
            pending.append([i + 1] if i + 1 < len(tokens) else [])
        elif whole_tables and word_of(token) in ("UNION", "INTERSECT", "EXCEPT", "MINUS"):  # (... UNION ALL TABLE t)
            following = i + 1 + (i + 1 < len(tokens) and word_of(tokens[i + 1]) in ("ALL", "DISTINCT"))
            if following < len(tokens) and word_of(tokens[following]) == "TABLE":
                pending[depth].append(following)
        elif creating and depth == 0 and kind == TokenType.ALIAS and i + 1 < len(tokens):
            pending[0].append(i + 1)  # a CTAS's query starts after its AS (only the first: an alias is no query)
            creating = False
    while pending:
        settle(pending.pop(), None)
    return edited(text, tokens, edits, dialect)


def _with_body(tokens: list[Token], start: int) -> int:
    """The index of the first token of the query after the WITH clause opening at ``start`` (``WITH [RECURSIVE]
    name [(columns)] AS [[NOT] MATERIALIZED] (query) [, ...]``); the tokens' end when it does not read so."""
    i = start + 1 + (word_of(tokens[start + 1]) == "RECURSIVE" if start + 1 < len(tokens) else 0)
    while i < len(tokens):
        i += 1  # the name
        if i < len(tokens) and tokens[i].token_type == TokenType.L_PAREN:
            i = group_end(tokens, i)
        while i < len(tokens) and tokens[i].token_type != TokenType.L_PAREN:  # AS [[NOT] MATERIALIZED]
            i += 1
        i = group_end(tokens, i)
        if i >= len(tokens) or tokens[i].token_type != TokenType.COMMA:
            return i
        i += 1
    return len(tokens)


#: The dialects whose table functions take a table argument partitioned or ordered (Spark's and Databricks' Python
#: table functions, Trino's polymorphic table functions).
_TABLE_ARGUMENT_DIALECTS = frozenset({"spark", "spark2", "databricks", "trino", "presto", "athena"})


def _table_argument_partitions_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A table argument of a table function partitioned or ordered (Spark's ``udtf(TABLE(t) PARTITION BY a ORDER BY
    b)``, ``TABLE(t) WITH SINGLE PARTITION``; Trino's ``input => TABLE(t) PARTITION BY a PRUNE WHEN EMPTY ORDER BY
    b``, ``KEEP WHEN EMPTY``, a call's ``COPARTITION (t, u)``), which sqlglot does not read: how the function is given
    the rows, left out (the table is read all the same).

    >>> sql = "select * from f(table(t) partition by a, b order by c desc, 2) join g(table t with single partition)"
    >>> _table_argument_partitions_left_out(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark")[0]
    'select * from f(table(t)) join g(table t)'
    >>> sql = ("select * from table(f(input => table(t) prune when empty partition by a, x => 1, "
    ...        "u => table(values 1) as v(a) keep when empty))")
    >>> _table_argument_partitions_left_out(sql, Dialect.get_or_raise("trino").tokenize(sql), "trino")[0]
    'select * from table(f(input => table(t), x => 1, u => table(values 1)))'
    """
    levels, edits = depths(tokens), []
    for index, token in enumerate(tokens):
        if word_of(token) != "TABLE" or index == 0 or levels[index] == 0 or tokens[index - 1].token_type not in (
                TokenType.L_PAREN, TokenType.COMMA, TokenType.FARROW):
            continue
        after = table_end = group_end(tokens, index + 1) if index + 1 < len(tokens) and \
            tokens[index + 1].token_type == TokenType.L_PAREN else name_end(tokens, index + 1)
        alias = after  # Trino's table argument may have an alias (TABLE(q) [AS] t [(a, b)]), seen only by its clauses
        if dialect in _JSON_CLAUSE_DIALECTS and alias < len(tokens) and word_of(tokens[alias]) == "AS":
            alias += 1
        if dialect in _JSON_CLAUSE_DIALECTS and alias < len(tokens) and tokens[alias].token_type in (
                TokenType.VAR, TokenType.IDENTIFIER) and word_of(tokens[alias]) not in ("PRUNE", "KEEP"):
            alias += 1
            if alias < len(tokens) and tokens[alias].token_type == TokenType.L_PAREN:
                alias = group_end(tokens, alias)
            after = alias
        words = [word_of(t) for t in tokens[after:after + 3]]  # (PARTITION BY and ORDER BY are one token each)
        if words[:1] not in (["PARTITION BY"], ["ORDER BY"]) and words != ["WITH", "SINGLE", "PARTITION"] \
                and words[1:] != ["WHEN", "EMPTY"] and after == table_end:
            continue  # (an alias alone is left out as well)
        end = after  # up to the call's closing bracket or the comma before its next argument
        while end < len(tokens) and levels[end] >= levels[index] and not (
                levels[end] == levels[index] and tokens[end].token_type == TokenType.COMMA
                and not _in_by_list(tokens, end)):
            end += 1
        edits.append((tokens[table_end - 1].end + 1, tokens[end - 1].end + 1, ""))
    return edited(text, tokens, edits, dialect)


def _in_by_list(tokens: list[Token], index: int) -> bool:
    """Whether the comma at ``index`` separates items of a ``PARTITION BY`` / ``ORDER BY`` list (what follows it is
    no argument of the call: neither ``name =>`` nor a ``TABLE``)."""
    if index + 1 >= len(tokens):
        return False
    following = tokens[index + 1:index + 3]
    return not (word_of(following[0]) == "TABLE" or (len(following) > 1 and following[1].token_type == TokenType.FARROW))


#: Spark's ``(TABLE t)``, a query in brackets (after a set operator, in a subquery).
_BRACKETED_TABLE = re.compile(r"\(\s*table\s")
#: A set operation's operand that is a whole table (Spark's ``... UNION ALL TABLE t``).
_SET_OPERAND_TABLE = re.compile(r"\b(?:union|except|intersect|minus)\s+(?:(?:all|distinct)\s+)?table\s")


#: The words before a bracketed query of a set operation (``|> UNION ALL (TABLE u)``, ``... EXCEPT (TABLE u)``).
_SET_OPERATORS = frozenset({"UNION", "INTERSECT", "EXCEPT", "MINUS", "ALL", "DISTINCT"})


#: The first words of the pipe operators that no expression can go on with: after them, Databricks' bare ``|`` is
#: its pipe token (``|>``; "or | in Databricks Runtime 18.0 or above"), not a bitwise or. ``AGGREGATE``, ``LEFT``
#: and ``RIGHT`` are also functions' names: they count when no bracket follows them.
_PIPE_OPERATORS = frozenset({"SELECT", "EXTEND", "SET", "DROP", "AS", "WHERE", "LIMIT", "OFFSET", "AGGREGATE",
                             "JOIN", "INNER", "CROSS", "NATURAL", "FULL", "LEFT", "RIGHT", "UNION", "INTERSECT",
                             "EXCEPT", "MINUS", "ORDER BY", "TABLESAMPLE", "PIVOT", "UNPIVOT", "RENAME"})

#: A ``|`` that is neither ``||`` nor ``|>``: perhaps Databricks' or Spark's bare pipe token.
_BARE_PIPE = re.compile(r"(?<!\|)\|(?![|>])")
#: The dialects whose ``|`` before a pipe operator is the pipe (Spark's
#: ``spark.sql.parser.singleCharacterPipeOperator``, on in Spark 4.3: "the single PIPE token (|) works as an
#: alternative to OPERATOR_PIPE (|>) for all pipe operators").
_BARE_PIPE_DIALECTS = frozenset({"databricks", "spark"})

#: The words of a set operator after a pipe, up to its operand (``|> UNION ALL BY NAME (...)``).
_SET_OPERATOR_WORDS = _SET_OPERATORS | {"BY", "NAME", "CORRESPONDING", "LEFT", "FULL", "OUTER", "STRICT"}


def _pipes_marked(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The statement with Databricks' bare ``|`` before a pipe operator written ``|>``, and a set operator's operand
    after a pipe in brackets where it has none (Spark's ``|> UNION ALL TABLE u``, ``|> EXCEPT SELECT ...``: the
    operand runs to the next pipe), which is how sqlglot reads them.

    >>> sql = "from t | where a > 1 | union all table u |> intersect select b | 1 from v"
    >>> _pipes_marked(sql, tokens_of(sql, "databricks"), "databricks")[0]
    'from t |> where a > 1 |> union all (table u) |> intersect (select b | 1 from v)'
    """
    levels, pipes, edits = depths(tokens), [], []
    for i, token in enumerate(tokens[:-1]):
        if token.token_type == TokenType.PIPE_GT:
            pipes.append(i)
        elif token.token_type == TokenType.PIPE and dialect in _BARE_PIPE_DIALECTS and i > 0:
            word, after = word_of(tokens[i + 1]), tokens[i + 2] if i + 2 < len(tokens) else None
            if word in _PIPE_OPERATORS and not (word in ("AGGREGATE", "LEFT", "RIGHT") and (
                    after is None or after.token_type == TokenType.L_PAREN)):
                pipes.append(i)
                edits.append((token.start, token.end + 1, "|>"))
    at_pipe = set(pipes)
    for at in pipes:
        start = at + 1
        while start < len(tokens) and word_of(tokens[start]) in _SET_OPERATOR_WORDS:
            start += 1
        if not {word_of(t) for t in tokens[at + 1:start]} & {"UNION", "INTERSECT", "EXCEPT", "MINUS"} \
                or start >= len(tokens) or tokens[start].token_type == TokenType.L_PAREN:
            continue  # (LEFT OUTER JOIN is no set operator)
        stop = start  # the operand ends at the next pipe of its level, its level's closing bracket or the end
        while stop < len(tokens) and levels[stop] >= levels[at] and not (
                levels[stop] == levels[at] and (stop in at_pipe or tokens[stop].token_type == TokenType.SEMICOLON)):
            stop += 1
        if stop > start:
            edits += [(tokens[start].start, tokens[start].start, "("),
                      (tokens[stop - 1].end + 1, tokens[stop - 1].end + 1, ")")]
    return edited(text, tokens, edits, dialect)


def _pipes_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The statement with the pipe operators sqlglot cannot read written as the ``|> SELECT`` each stands for:
    ``|> DROP a, b`` as ``|> SELECT * EXCEPT (a, b)``, ``|> SET a = e`` as ``|> SELECT * REPLACE (e AS a)`` (in Spark
    each of several assignments a pipe of its own: ``SET z = x + 1, zz = z * 2`` computes zz from the new z),
    ``|> RENAME a AS b`` as ``|> SELECT * EXCEPT (a), a AS b`` (the renamed column last: its place is the only
    difference); Spark's
    ``|> SORT BY``, ``DISTRIBUTE BY`` and ``CLUSTER BY`` (and ``ORDER BY`` twice) as the one ``|> ORDER BY`` of their
    columns, which decide no row and flow nowhere, as an order's; ``|> OFFSET n`` as nothing (it reads no column);
    and a ``|> SELECT``'s ``WINDOW`` clause, which sqlglot drops, written into the ``OVER`` clauses that name its
    windows.

    >>> sql = "FROM t |> DROP a, b |> SET v = f(x, 1) |> RENAME v AS w"
    >>> _pipes_written_out(sql, Dialect.get_or_raise("bigquery").tokenize(sql), "bigquery")[0]
    'FROM t |> SELECT * EXCEPT (a, b) |> SELECT * REPLACE (f(x, 1) AS v) |> SELECT * EXCEPT (v), v AS w'
    >>> sql = "FROM t |> SET z = x + 1, zz = z * 2 |> SORT BY x DISTRIBUTE BY y |> OFFSET 1"
    >>> _pipes_written_out(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark")[0]
    'FROM t |> SELECT * REPLACE (x + 1 AS z) |> SELECT * REPLACE (z * 2 AS zz) |> ORDER BY x, y '
    >>> sql = "FROM t |> SELECT c, sum(v) OVER w, max(v) OVER (w) WINDOW w AS (PARTITION BY c)"
    >>> _pipes_written_out(sql, Dialect.get_or_raise("spark").tokenize(sql), "spark")[0]
    'FROM t |> SELECT c, sum(v) OVER (PARTITION BY c), max(v) OVER (w) '
    """
    pipes = [i for i, token in enumerate(tokens) if token.token_type == TokenType.PIPE_GT]
    edits: list[tuple[int, int, str]] = []
    for n, at in enumerate(pipes):
        operator = word_of(tokens[at + 1]) if at + 1 < len(tokens) else None
        stop = pipes[n + 1] if n + 1 < len(pipes) else len(tokens)
        if operator == "OFFSET":
            edits.append((tokens[at].start, tokens[stop - 1].end + 1, ""))
            continue
        if at + 1 < stop and tokens[at + 1].token_type in _PIPE_ORDERS:
            ordered = _pipe_order(text, tokens, at + 1, stop)
            if ordered is not None:
                edits.append((tokens[at + 1].start, tokens[stop - 1].end + 1, ordered))
            continue
        if operator == "SELECT":
            edits += _windows_written_in(text, tokens, at + 2, stop)
            continue
        if operator not in ("DROP", "SET", "RENAME"):
            continue
        items = _top_level_items(text, tokens, at + 2, stop)
        if not items:
            continue
        if operator == "DROP":
            written = f"SELECT * EXCEPT ({', '.join(items)})"
        elif operator == "SET":
            pairs = [item.split("=", 1) for item in items]
            if any(len(pair) != 2 for pair in pairs):
                continue
            replaced = [f"{value.strip()} AS {name.strip()}" for name, value in pairs]
            written = " |> ".join(f"SELECT * REPLACE ({one})" for one in replaced) if dialect in SPARK_FAMILY \
                else f"SELECT * REPLACE ({', '.join(replaced)})"  # (GoogleSQL's: "equivalent to SELECT * REPLACE")
        else:
            renames = [re.split(r"\s+(?:AS\s+)?", item, maxsplit=1, flags=re.IGNORECASE) for item in items]
            if any(len(rename) != 2 for rename in renames):
                continue
            written = (f"SELECT * EXCEPT ({', '.join(old for old, _ in renames)}), "
                       + ", ".join(f"{old} AS {new}" for old, new in renames))
        edits.append((tokens[at + 1].start, tokens[stop - 1].end + 1, written))
    return edited(text, tokens, edits, dialect)


#: Spark's clauses that order or distribute a pipe's rows (``|> SORT BY x``), each one token.
_PIPE_ORDERS = frozenset({TokenType.ORDER_BY, TokenType.SORT_BY, TokenType.DISTRIBUTE_BY, TokenType.CLUSTER_BY})


def _pipe_order(text: str, tokens: list[Token], start: int, stop: int) -> str | None:
    """The ``ORDER BY`` of every column of the ordering clauses between tokens ``start`` and ``stop`` (``SORT BY x
    DISTRIBUTE BY y`` is ``ORDER BY x, y``); None for a single ``ORDER BY``, which sqlglot reads."""
    clauses, depth = [], 0
    for i in range(start, stop):
        kind = tokens[i].token_type
        depth += 1 if kind in (TokenType.L_PAREN, TokenType.L_BRACKET) else -1 if kind in (
            TokenType.R_PAREN, TokenType.R_BRACKET) else 0
        if depth == 0 and kind in _PIPE_ORDERS:
            clauses.append(i)
    if len(clauses) == 1 and tokens[start].token_type == TokenType.ORDER_BY:
        return None
    items = [item for first, last in zip(clauses, [*clauses[1:], stop])
             for item in _top_level_items(text, tokens, first + 1, last)]
    return f"ORDER BY {', '.join(items)}" if items else None


def _windows_written_in(text: str, tokens: list[Token], start: int, stop: int) -> list[tuple[int, int, str]]:
    """The edits that write a pipe ``SELECT``'s ``WINDOW w AS (spec), ...`` clause (between tokens ``start`` and
    ``stop``) into each ``OVER w`` naming one of its windows, and take the clause out (sqlglot's pipe SELECT drops
    it, and with it the columns its windows read); none when the SELECT has no such clause."""
    depths_at = depths(tokens, start=start)
    at = next((i for i, depth in zip(range(start, stop), depths_at) if depth == 0 and word_of(tokens[i]) == "WINDOW"),
              None)
    if at is None:
        return []
    specs: dict[str, str] = {}
    for item in _top_level_items(text, tokens, at + 1, stop):
        named = re.match(r"\s*(\w+)\s+AS\s*(\(.*\))\s*$", item, re.IGNORECASE | re.DOTALL)
        if named is None:
            return []
        specs[named[1].upper()] = named[2]
    edits = [(tokens[at].start, tokens[stop - 1].end + 1, "")]
    for i in range(start, at - 1):
        if word_of(tokens[i]) == "OVER" and (name := word_of(tokens[i + 1])) in specs:
            edits.append((tokens[i + 1].start, tokens[i + 1].end + 1, specs[name]))
    return edits


def _time_windows_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The statement with Spark's time-window function ``window(ts, '5 minutes')``, whose name sqlglot takes for the
    WINDOW clause's, as a call of a function of that name (`` `window`(...) ``); and, where the statement calls it
    once (however often it writes the call), each use of the column it makes, ``window`` (``SELECT window.start ...
    GROUP BY window(ts, '5 minutes')``: the grouping's output, named window), as that call, whose value it is.

    >>> sql = "select window.end from t group by window(ts, '5 minutes') window w as (order by a)"
    >>> _time_windows_written_out(sql, tokens_of(sql, "spark"), "spark")[0]
    "select `window`(ts, '5 minutes').end from t group by `window`(ts, '5 minutes') window w as (order by a)"
    """
    calls: dict[int, int] = {}  # each call's WINDOW token -> the index after its closing bracket
    for i, token in enumerate(tokens[:-1]):
        if token.token_type == TokenType.WINDOW and tokens[i + 1].token_type == TokenType.L_PAREN \
                and (i == 0 or tokens[i - 1].token_type != TokenType.DOT):
            calls[i] = group_end(tokens, i + 1)
    if not calls:
        return text, tokens
    written = {text[tokens[i + 1].start:tokens[end - 1].end + 1] for i, end in calls.items()}
    call = f"`window`{written.pop()}" if len(written) == 1 else None
    edits = [(tokens[i].start, tokens[i].end + 1, "`window`") for i in calls]
    if call is not None:  # (a WINDOW clause's word is followed by its window's name)
        edits += [(token.start, token.end + 1, call) for i, token in enumerate(tokens)
                  if token.token_type == TokenType.WINDOW and i not in calls
                  and (i == 0 or tokens[i - 1].token_type != TokenType.DOT)
                  and (i + 1 == len(tokens) or tokens[i + 1].token_type in _AFTER_WINDOW_COLUMN)]
    return edited(text, tokens, edits, dialect)


#: What may follow the column a time window makes, ``window``, where a WINDOW clause's word is followed by a name.
_AFTER_WINDOW_COLUMN = frozenset({TokenType.DOT, TokenType.COMMA, TokenType.FROM, TokenType.ALIAS, TokenType.R_PAREN,
                                  TokenType.SEMICOLON})


#: What may follow the unsigned shift ``>>>``: its operand.
_SHIFTED = frozenset({TokenType.NUMBER, TokenType.VAR, TokenType.IDENTIFIER, TokenType.L_PAREN, TokenType.DASH})


def _spark_operators_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The statement with what Spark writes and sqlglot cannot read written as what it reads the same: a spatial type
    of any reference system, ``GEOGRAPHY(ANY)`` / ``GEOMETRY(ANY)``, as the type without it, and the unsigned shift
    ``a >>> 2`` as the shift ``a >> 2`` (the same columns).

    >>> sql = "select g::geometry(any), cast(h as geography( any )), a >>> 2, cast(m as array<array<array<int>>>)"
    >>> _spark_operators_written_out(sql, tokens_of(sql, "spark"), "spark")[0]
    'select g::geometry, cast(h as geography), a >> 2, cast(m as array<array<array<int>>>)'
    """
    edits = []
    for i, token in enumerate(tokens[:-3]):
        kinds = [t.token_type for t in tokens[i:i + 4]]
        if kinds[0] in (TokenType.GEOGRAPHY, TokenType.GEOMETRY) and kinds[1:] == [
                TokenType.L_PAREN, TokenType.ANY, TokenType.R_PAREN]:
            edits.append((tokens[i + 1].start, tokens[i + 3].end + 1, ""))
    # (an operand after >>>: the >>> that closes nested types is followed by a bracket, a comma or a definition's word)
    for i, token in enumerate(tokens[:-3]):
        if all(t.token_type == TokenType.GT for t in tokens[i:i + 3]) \
                and tokens[i + 1].start == token.end + 1 and tokens[i + 2].start == token.end + 2 \
                and tokens[i + 3].token_type in _SHIFTED:
            edits.append((tokens[i + 2].start, tokens[i + 2].end + 1, ""))
    return edited(text, tokens, edits, dialect)


def _recursion_limits_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The statement without the ``MAX RECURSION LEVEL n`` of Spark's recursive CTEs (``WITH RECURSIVE r(n) MAX
    RECURSION LEVEL 10 AS (...)``), which sqlglot cannot read: it bounds how deep the recursion goes, no column.

    >>> sql = "with recursive r(n) max recursion level 10 as (select 1 union all select n + 1 from r) select n from r"
    >>> _recursion_limits_left_out(sql, tokens_of(sql, "spark"), "spark")[0]
    'with recursive r(n)  as (select 1 union all select n + 1 from r) select n from r'
    """
    edits = [(tokens[i].start, tokens[i + 3].end + 1, "") for i in range(len(tokens) - 3)
             if [word_of(token) for token in tokens[i:i + 3]] == ["MAX", "RECURSION", "LEVEL"]
             and tokens[i + 3].token_type == TokenType.NUMBER]
    return edited(text, tokens, edits, dialect)


def _top_level_items(text: str, tokens: list[Token], start: int, stop: int) -> list[str]:
    """The texts of the comma-separated items between tokens ``start`` and ``stop`` (commas inside brackets
    belong to their items)."""
    items, first, depth = [], start, 0
    for i in range(start, stop):
        kind = tokens[i].token_type
        depth += 1 if kind in (TokenType.L_PAREN, TokenType.L_BRACKET) else -1 if kind in (
            TokenType.R_PAREN, TokenType.R_BRACKET) else 0
        if kind == TokenType.COMMA and depth == 0:
            items.append(text[tokens[first].start:tokens[i - 1].end + 1])
            first = i + 1
    if first < stop:
        items.append(text[tokens[first].start:tokens[stop - 1].end + 1])
    return [item for item in items if item.strip()]


def _identifiers_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """The statement with each of Spark's ``IDENTIFIER(<constant string>)`` clauses written as the name its string
    spells: "interprets a constant string as a SQL identifier", wherever a name may stand (a table to create with
    its columns, a column, a function), the string a literal or literals joined by ``||``. A variable's or a
    parameter's (``IDENTIFIER(v)``, ``IDENTIFIER(:p)``) is left, as is a string that is no name.

    >>> _identifiers_written_out("CREATE TABLE IDENTIFIER('s.' || 'tab')(c1 INT)", Dialect.get_or_raise("spark")
    ...     .tokenize("CREATE TABLE IDENTIFIER('s.' || 'tab')(c1 INT)"), "spark")[0]
    'CREATE TABLE s.tab(c1 INT)'
    """
    edits: list[tuple[int, int, str]] = []
    i = 0
    while i < len(tokens):
        found = _identifier_strings(tokens, i)
        strings, end = found if found is not None else ([], i)
        name = _spelled_name("".join(strings), dialect) if strings else None
        joined = _parameter_joined(tokens, i) if name is None and i and word_of(tokens[i - 1]) in _NAMED_AFTER \
            else None
        if joined is not None:  # IDENTIFIER(:catalog || '.s.t'): a name of a parameter's value (the log has none)
            edits.append((tokens[i].start, tokens[joined[1]].end + 1, f"IDENTIFIER({joined[0]})"))
            i = joined[1] + 1
            continue
        if name is None:
            i += 1
            continue
        edits.append((tokens[i].start, tokens[end].end + 1, name))
        i = end + 1
    return edited(text, tokens, edits, dialect)


#: The words after which an ``IDENTIFIER(...)`` names what a statement creates or writes (where sqlglot reads no
#: expression: a query's ``FROM IDENTIFIER(:c || '.t')`` it reads, and sets aside with the expression as written).
_NAMED_AFTER = frozenset({"TABLE", "VIEW", "INTO", "EXISTS", "FUNCTION", "SCHEMA", "DATABASE", "CATALOG", "VOLUME"})


def _parameter_joined(tokens: list[Token], at: int) -> tuple[str, int] | None:
    """An ``IDENTIFIER(`` at ``at`` whose name joins a parameter to strings (``:catalog || '.' || :schema``): the first
    parameter as written, and the group's ``)``; None for another (sqlglot reads no such expression where a CREATE's
    name stands, and the parameter's value is not in the log: the statement is set aside saying so)."""
    if word_of(tokens[at]) != "IDENTIFIER" or at + 1 >= len(tokens) or tokens[at + 1].token_type != TokenType.L_PAREN:
        return None
    end = group_end(tokens, at + 1) - 1
    inside = range(at + 2, end)
    if not any(tokens[i].token_type == TokenType.DPIPE for i in inside):
        return None
    first = next((i for i in inside if tokens[i].token_type == TokenType.COLON and i + 1 < end
                  and tokens[i + 1].token_type == TokenType.VAR), None)
    return (f":{tokens[first + 1].text}", end) if first is not None else None


#: PostgreSQL's object identifier types (whose arrays sqlglot cannot read) and ``bit varying``.
_PG_TYPE_NAMES = re.compile(r"\b(?:oid|reg\w+|bit\s+varying)\b", re.IGNORECASE)


def _array_type_names(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """PostgreSQL's ``oid[]`` and the ``reg...[]`` types as their array types' own names (``_oid``, ``_regclass``: the
    same types), and ``bit varying`` as ``varbit``, which sqlglot reads.

    >>> sql = "create table t (a oid[], b regclass [], c bit varying(5)); select '{1}'::oid[]"
    >>> _array_type_names(sql, tokens_of(sql, "postgres"), "postgres")[0]
    "create table t (a _oid, b _regclass, c varbit(5)); select '{1}'::_oid"
    """
    edits: list[tuple[int, int, str]] = []
    for i, token in enumerate(tokens[:-2]):
        word = token.text.lower()
        if word in _OBJECT_IDENTIFIER_TYPES and tokens[i + 1].token_type == TokenType.L_BRACKET \
                and tokens[i + 2].token_type == TokenType.R_BRACKET:
            edits.append((token.start, tokens[i + 2].end + 1, f"_{token.text}"))
        elif word == "bit" and tokens[i + 1].text.lower() == "varying":
            edits.append((token.start, tokens[i + 1].end + 1, "varbit"))
    return edited(text, tokens, edits, dialect) if edits else (text, tokens)


#: PostgreSQL's object identifier types.
_OBJECT_IDENTIFIER_TYPES = frozenset({"oid", *(f"reg{kind}" for kind in (
    "class", "type", "proc", "procedure", "oper", "operator", "config", "dictionary", "namespace", "role", "collation"))})


def _identifier_strings(tokens: list[Token], at: int) -> tuple[list[str], int] | None:
    """The strings of an ``IDENTIFIER(`` at ``at`` that holds only strings joined by ``||``, and its ``)``."""
    if tokens[at].token_type != TokenType.VAR or tokens[at].text.upper() != "IDENTIFIER" \
            or at + 1 >= len(tokens) or tokens[at + 1].token_type != TokenType.L_PAREN:
        return None
    j, strings = at + 2, []
    while j < len(tokens) and tokens[j].token_type == TokenType.STRING:
        strings.append(tokens[j].text)
        j += 1
        if j < len(tokens) and tokens[j].token_type == TokenType.DPIPE \
                and j + 1 < len(tokens) and tokens[j + 1].token_type == TokenType.STRING:
            j += 1
    return (strings, j) if strings and j < len(tokens) and tokens[j].token_type == TokenType.R_PAREN else None


def _identifier_strings_joined(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Snowflake's ``IDENTIFIER('db.s.' || 't')`` (strings joined, or a session variable's value joined to strings:
    :func:`.variables.with_values`) as the one string it spells, ``IDENTIFIER('db.s.t')``, which sqlglot reads
    wherever a name may stand (it reads no expression as the table of an INSERT or a CREATE).

    >>> sql = "insert into identifier('DB.PUBLIC.' || 'T''s') select 1"
    >>> _identifier_strings_joined(sql, tokens_of(sql, "snowflake"), "snowflake")[0]
    "insert into IDENTIFIER('DB.PUBLIC.T''s') select 1"
    """
    edits: list[tuple[int, int, str]] = []
    i = 0
    while i < len(tokens):
        found = _identifier_strings(tokens, i)
        if found is None or len(found[0]) < 2:
            i += 1
            continue
        strings, end = found
        joined = "".join(strings).replace("'", "''")
        edits.append((tokens[i].start, tokens[end].end + 1, f"IDENTIFIER('{joined}')"))
        i = end + 1
    return edited(text, tokens, edits, dialect) if edits else (text, tokens)


#: A (possibly qualified) name as an IDENTIFIER clause's string holds it: parts plain or in back quotes.
_SPELLED_PART = r"\s*(?:`(?:[^`]|``)+`|\w+)\s*"


_SPELLED_NAME = re.compile(rf"{_SPELLED_PART}(?:\.{_SPELLED_PART})*")


def _spelled_name(spelled: str, dialect: str) -> str | None:
    """The SQL text of the name ``spelled`` holds, each part plain where it reads as a name and in back quotes
    otherwise; None when it holds no name."""
    if not _SPELLED_NAME.fullmatch(spelled):
        return None
    parts = []
    for part in re.findall(r"`(?:[^`]|``)+`|\w+", spelled):
        if part.startswith("`"):
            parts.append(part)
            continue
        plain = Dialect.get_or_raise(dialect).tokenize(part)
        parts.append(part if len(plain) == 1 and plain[0].token_type == TokenType.VAR else f"`{part}`")
    return ".".join(parts)


def _empty_settings_valued(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Spark's ``SET k=``, a setting emptied, with its empty value written: ``SET k= ''``."""
    return edited(text, tokens, [(tokens[-1].end + 1, tokens[-1].end + 1, " ''")], dialect)


def _msck_tables_repaired(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Hive's ``MSCK TABLE t`` as Spark's ``MSCK REPAIR TABLE t``."""
    return edited(text, tokens, [(tokens[1].start, tokens[1].start, "REPAIR ")], dialect)


def _releases_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """MySQL's ``COMMIT [AND [NO] CHAIN] [[NO] RELEASE]`` without its RELEASE: whether the connection ends after it,
    no data."""
    end = len(tokens) - 2 if len(tokens) > 2 and word_of(tokens[-2]) == "NO" else len(tokens) - 1
    return edited(text, tokens, [(tokens[end - 1].end + 1, len(text), "")], dialect)


def _pluggable_databases_as_databases(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Oracle's pluggable database, a database of the container's: its CREATE, ALTER (OPEN, CLOSE ...) or DROP as a
    DATABASE's, its clauses (its admin user, files, state) left out, no property of the record's."""
    stop = tokens[2].end + 1 if word_of(tokens[0]) == "ALTER" else tokens[-1].end + 1  # (ALTER's action kept)
    return edited(text, tokens, [(tokens[1].start, stop, "DATABASE" if word_of(tokens[0]) == "ALTER" else
                                  f"DATABASE {text[tokens[3].start:tokens[3].end + 1]}")], dialect)


def _database_files_left_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """SQL Server's ``CREATE DATABASE d [CONTAINMENT = ...] [ON (files) LOG ON (files)] [COLLATE c] [WITH options]``
    (not ``DATABASE SCOPED ...``) without its clauses: where its files are and how it behaves, no property of the
    record's; kept as written when its contents are another database's (AS COPY OF, AS SNAPSHOT OF, FOR ATTACH)."""
    words = [word_of(t) for t in tokens]
    if any(words[i:i + 2] in _OTHER_DATABASES_CONTENTS for i in range(3, len(words))):
        return text, tokens
    return edited(text, tokens, [(tokens[2].end + 1, tokens[-1].end + 1, "")], dialect)


def _users_dropped_as_schemas(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Oracle's ``DROP USER u CASCADE`` as ``DROP SCHEMA u CASCADE``: its user is its schema, and it drops "all objects
    in the user's schema"."""
    return edited(text, tokens, [(tokens[1].start, tokens[1].end + 1, "SCHEMA")], dialect)


def _pipe_queries_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """A query of pipes (``|>``), or one of Spark's starting with ``TABLE t``, written as sqlglot reads it: its starts
    (:func:`_query_starts_written_out`), then its pipes (:func:`_pipes_written_out`)."""
    text, tokens = _query_starts_written_out(text, tokens, dialect)
    if "|>" in text:
        text, tokens = _pipes_written_out(text, tokens, dialect)
    return text, tokens


#: The dialects whose ``IDENTIFIER(...)`` is a call naming an object (:attr:`.dialects.DialectRules.identifier_calls`).
_IDENTIFIER_CALLING = frozenset(name for name, rules in RULES.items() if rules.identifier_calls)
#: The dialects whose ``->`` is JSON's operator (:attr:`.dialects.DialectRules.arrows_are_json`).
_JSON_ARROWS = frozenset(name for name, rules in RULES.items() if rules.arrows_are_json)
#: Every form :func:`readable` writes out: its dialects, its test and its reader, in the order the readers run (each
#: sees what the readers before it wrote out).
_FORMS: tuple[_Form, ...] = (
    _Form(_IDENTIFIER_CALLING, lambda s: "identifier" in s.lowered, _identifiers_written_out),
    _Form({"snowflake"}, lambda s: "identifier" in s.lowered and "||" in s.text, _identifier_strings_joined),
    _Form(_JSON_CLAUSE_DIALECTS, lambda s: " on " in s.lowered and "json_" in s.lowered, _json_clauses_written_out),
    _Form(SPARK_FAMILY, lambda s: "_value" in s.lowered, _null_flags_written_out),
    _Form(SPARK_FAMILY | MYSQL_FAMILY, lambda s: s.first == "CREATE" and " with " in s.lowered, _query_without_as),
    _Form(SPARK_FAMILY, lambda s: s.first == "CREATE" and " return " in s.lowered.replace("\n", " "),
          _return_string_bracketed),
    _Form(SPARK_FAMILY, lambda s: "tblproperties" in s.lowered, _properties_with_equals),
    _Form(SPARK_FAMILY, lambda s: "namespace" in s.lowered, _namespace_as_schema),
    _Form(SPARK_FAMILY, lambda s: "values" in s.lowered, _values_columns_quoted),
    _Form({"duckdb"}, lambda s: "<<=" in s.text or ">>=" in s.text, _operators_written_out),
    _Form({"duckdb"}, lambda s: s.first in ("CREATE", "ALTER") and "compression" in s.lowered,
          _column_compressions_left_out),
    _Form({"hive"}, lambda s: s.first in ("EXPORT", "IMPORT"), _hive_exports_written_out),
    _Form({"hive"}, lambda s: s.first == "CREATE" and _HIVE_CLAUSES.search(s.text), _hive_clauses_left_out),
    _Form(SPARK_FAMILY, lambda s: s.first == "SET" and s.tokens[-1].token_type == TokenType.EQ, _empty_settings_valued),
    _Form(SPARK_FAMILY, lambda s: s.first == "MSCK" and len(s.tokens) > 1 and word_of(s.tokens[1]) == "TABLE",
          _msck_tables_repaired),
    _Form(SPARK_FAMILY, lambda s: s.first == "INSERT" and len(s.tokens) > 3, _table_named_table_quoted),
    _Form(SPARK_FAMILY, lambda s: "recursion" in s.lowered, _recursion_limits_left_out),
    _Form(SPARK_FAMILY, lambda s: "window" in s.lowered, _time_windows_written_out),
    _Form(SPARK_FAMILY, lambda s: "geo" in s.lowered and "any" in s.lowered or ">>>" in s.text,
          _spark_operators_written_out),
    _Form(SPARK_FAMILY, lambda s: "struct" in s.lowered, _struct_aliases_written_out),
    _Form(SPARK_FAMILY, lambda s: "using" in s.lowered and ("map" in s.lowered or "reduce" in s.lowered),
          _map_reduce_as_transform),
    _Form(SPARK_FAMILY, lambda s: "transform" in s.lowered and " as " in s.lowered, _transform_schemas_bracketed),
    _Form(SPARK_FAMILY, lambda s: s.first == "CALL" and ("snapshot" in s.lowered or "changelog" in s.lowered
          or "register_table" in s.lowered), _iceberg_copies_written_out),
    _Form({"snowflake"}, lambda s: s.first == "COPY" and "," in s.text, _copy_option_commas_left_out),
    _Form(_JSON_ARROWS, lambda s: "->" in s.text, _json_arrows_bracketed),
    _Form({"postgres", "redshift"}, lambda s: s.first in ("BEGIN", "START") and " only" in s.lowered,
          _transaction_modes_left_out),
    _Form({"postgres"}, lambda s: (" search " in s.lowered or " cycle " in s.lowered) and "recursive" in s.lowered,
          _search_cycle_left_out),
    _Form(_NO_QUALIFY, lambda s: "qualify" in s.lowered, _qualify_as_name),
    _Form({"postgres", "redshift"}, lambda s: s.first == "CREATE" and " set " in s.lowered
          and ("function" in s.lowered or "procedure" in s.lowered), _routine_settings_left_out),
    _Form({"postgres"}, lambda s: s.first == "CREATE" and "atomic" in s.lowered, _atomic_bodies_quoted),
    _Form(_JSON_CLAUSE_DIALECTS, lambda s: "apply" in s.lowered, _apply_as_function),
    _Form({"postgres"}, lambda s: s.first == "CREATE" and "not null" in s.lowered, _table_not_nulls_left_out),
    _Form({"postgres"}, lambda s: s.first == "CREATE" and "partition by" in s.lowered, _partition_key_classes_left_out),
    _Form({"postgres"}, lambda s: (", -" in s.text or ",-" in s.text) and ("numeric" in s.lowered
          or "decimal" in s.lowered), _negative_scales_unsigned),
    _Form({"postgres"}, lambda s: _UNREAD_OPERATOR.search(s.text), _operators_written_out),
    _Form({"postgres"}, lambda s: "'" in s.text and _LITERAL_TYPE.search(s.text), _typed_literals_as_casts),
    _Form({"postgres"}, lambda s: "xml" in s.lowered and _XML_FORM.search(s.text), _xml_forms_written_out),
    _Form({"postgres"}, lambda s: ("document" in s.lowered or "normalized" in s.lowered)
          and _FORM_TEST.search(s.text), _form_tests_as_null_tests),
    _Form({"postgres"}, lambda s: "tablesample" in s.lowered, _sample_arguments_as_numbers),
    _Form({"postgres"}, lambda s: "collation" in s.lowered and " for" in s.lowered, _collations_for_called),
    _Form({"postgres"}, lambda s: s.first in ("MERGE", "WITH") and "overriding" in s.lowered,
          _merge_overriding_left_out),
    _Form(None, lambda s: (s.first == "WITH" or s.first == "INSERT" and "with" in s.lowered) and "values" in s.lowered,
          _values_after_ctes_selected),
    _Form({"postgres", "redshift"}, lambda s: ("[" in s.text or "varying" in s.lowered)
          and _PG_TYPE_NAMES.search(s.text), _array_type_names),
    _Form({"postgres"}, lambda s: s.first == "CREATE" and " oids" in s.lowered, _oids_left_out),
    _Form({"postgres"}, lambda s: s.first == "CREATE" and " of " in s.lowered, _typed_tables_untyped),
    _Form({"postgres"}, lambda s: "returning" in s.lowered and " with" in s.lowered, _returning_aliases_written_out),
    _Form({"postgres"}, lambda s: "json_object(" in s.lowered, _array_json_objects_renamed),
    _Form({"postgres"}, lambda s: _SORT_OPERATOR.search(s.text), _sort_operators_left_out),
    _Form({"postgres"}, lambda s: s.first == "INSERT" and ("[" in s.text or "." in s.text), _insert_fields_left_out),
    _Form({"postgres"}, lambda s: " using" in s.lowered and " as " in s.lowered and " join " in s.lowered,
          _join_using_aliases_left_out),
    _Form({"postgres"}, lambda s: "merge" in s.lowered and " join " in s.lowered, _merge_join_bracketed),
    _Form({"postgres", "redshift"}, lambda s: s.first == "COPY" and ("std" in s.lowered or "where" in s.lowered),
          _copy_options_written_out),
    _Form({"bigquery"}, lambda s: "model" in s.lowered and "ml." in s.lowered, _model_calls_written_out),
    _Form({"bigquery"}, lambda s: "appends" in s.lowered or "changes" in s.lowered, _change_history_written_out),
    _Form({"bigquery"}, lambda s: _TABLE_ARGUMENT.search(s.text), _table_arguments_as_queries),
    _Form({"bigquery"}, lambda s: s.first == "CREATE" and "replica" in s.lowered, _replica_as_query),
    _Form({"bigquery"}, lambda s: "aggregation_threshold" in s.lowered or "differential_privacy" in s.lowered,
          _privacy_clauses_left_out),
    _Form({"bigquery"}, lambda s: "with offset" in s.lowered, _implicit_unnests_with_offset),
    _Form({"bigquery"}, lambda s: "regexp" in s.lowered or "rlike" in s.lowered, _rlike_names_written_out),
    _Form({"snowflake"}, lambda s: "semantic_view" in s.lowered, _semantic_view_aliases_written_out),
    _Form(MYSQL_FAMILY | {"clickhouse"}, lambda s: s.first in ("SELECT", "WITH") and "file" in s.lowered,
          _outfile_as_directory),
    _Form(MYSQL_FAMILY | {"snowflake"}, lambda s: s.first in ("SELECT", "WITH") and " into " in s.lowered,
          _into_variables_left_out),
    _Form({"snowflake"}, lambda s: s.first == "CREATE" and " as " in s.lowered, _virtual_columns_bracketed),
    _Form({"snowflake"}, lambda s: s.first == "CREATE" and " if not exists" in s.lowered,
          _late_if_not_exists_written_out),
    _Form(_TABLE_ARGUMENT_DIALECTS, lambda s: "table" in s.lowered and (s.dialect in _JSON_CLAUSE_DIALECTS
          or ("partition" in s.lowered or "order by" in s.lowered)), _table_argument_partitions_left_out),
    _Form(tsql.UNTERMINATED, lambda s: "predict" in s.lowered, _predictions_written_out),
    _Form(tsql.UNTERMINATED, lambda s: [word_of(t) for t in s.tokens[:2]] == ["COPY", "INTO"],
          _copy_field_positions_left_out),
    _Form(tsql.UNTERMINATED, lambda s: s.first == "INSERT" and "output" in s.lowered, _composable_dml),
    _Form(tsql.UNTERMINATED, lambda s: s.first in ("UPDATE", "INSERT", "DELETE", "MERGE") or s.first == "WITH"
          and "top" in s.lowered or "index =" in s.lowered, tsql.dml_written_out),
    _Form(tsql.UNTERMINATED, lambda s: " join " in s.lowered and ("redistribute" in s.lowered
          or "replicate" in s.lowered or "reduce" in s.lowered), tsql.join_hints_left_out),
    _Form(tsql.UNTERMINATED, lambda s: "output" in s.lowered and _INTO.search(s.lowered), tsql.output_targets_named),
    _Form(tsql.UNTERMINATED, lambda s: ("clustered" in s.lowered or " index " in s.lowered)
          and s.first in ("CREATE", "DECLARE", "ALTER"), _column_key_kinds_left_out),
    _Form(tsql.UNTERMINATED, lambda s: ("option" in s.lowered or "with r" in s.lowered)
          and s.first in ("DELETE", "MERGE", "EXEC", "EXECUTE", "WITH"), _statement_options_left_out),
    _Form(tsql.UNTERMINATED, lambda s: "language" in s.lowered and ("contains" in s.lowered
          or "freetext" in s.lowered), tsql.search_languages_left_out),
    _Form(tsql.UNTERMINATED, lambda s: "xmlnamespaces" in s.lowered, _xml_namespaces_left_out),
    _Form({"oracle"}, lambda s: "partition" in s.lowered and s.first in _DML_VERBS | {"SELECT", "WITH"},
          _partitions_for_keys_left_out),
    _Form({"oracle"}, lambda s: ("function" in s.lowered or "procedure" in s.lowered) and "with" in s.lowered,
          _inline_functions_left_out),
    _Form({"oracle"}, lambda s: "@" in s.text, _database_links_named),
    _Form({"oracle"}, lambda s: s.first in ("UPDATE", "DELETE", "INSERT") and "(" in s.text,
          _inline_view_targets_named),
    _Form({"oracle", "exasol"}, lambda s: s.first == "MERGE" and ("delete" in s.lowered or "/*+" in s.text),
          _merge_branches_written_out),
    _Form({"oracle"}, lambda s: " into " in s.lowered and ("returning" in s.lowered or "return " in s.lowered)
          and s.first in ("INSERT", "UPDATE", "DELETE"), _returning_into_left_out),
    _Form({"redshift"}, lambda s: s.first in ("CREATE", "ALTER", "ATTACH", "DETACH", "DROP")
          and " policy " in s.lowered, _redshift_policies_written_out),
    _Form({"postgres", "redshift"}, lambda s: s.first == "COMMENT"
          and s.tokens[-1].token_type in (TokenType.BYTE_STRING, TokenType.NATIONAL_STRING) and len(s.tokens) > 2
          and word_of(s.tokens[-2]) == "IS", _escape_string_comment),
    _Form({"redshift"}, lambda s: s.first in ("CREATE", "ALTER", "DROP") and "external" in s.lowered,
          _external_views_written_out),
    _Form({"postgres", "redshift"}, lambda s: s.first == "CREATE" and "authorization" in s.lowered,
          _schema_named_by_owner),
    _Form({"oracle"}, lambda s: s.first == "FLASHBACK" and "before" in s.lowered, _flashback_before_drop),
    _Form({"oracle"}, lambda s: "versions" in s.lowered and "between" in s.lowered, _version_queries_written_out),
    _Form(tsql.UNTERMINATED, lambda s: "::" in s.text, tsql.system_function_colons_left_out),
    _Form(tsql.UNTERMINATED, lambda s: "bulk" in s.lowered and "openrowset" in s.lowered,
          tsql.bulk_rowsets_written_out),
    _Form(None, lambda s: s.first == "INSERT" and "(values" in s.lowered.replace(" ", ""), _bracketed_values_opened),
    _Form({"tsql"}, lambda s: "match" in s.lowered and ("->" in s.text or "<-" in s.text),
          _graph_matches_as_conditions),
    _Form({"tsql"}, lambda s: s.first == "CREATE" and (" node" in s.lowered or " edge" in s.lowered),
          _graph_tables_as_tables),
    _Form(MYSQL_FAMILY, lambda s: "unsigned" in s.lowered and ("float" in s.lowered or "real" in s.lowered),
          _float_unsigned_left_out),
    _Form(MYSQL_FAMILY, lambda s: "json_table" in s.lowered and (" on " in s.lowered or "exists" in s.lowered),
          _json_table_responses_left_out),
    _Form(MYSQL_FAMILY, lambda s: s.first == "UPDATE" and len(s.tokens) > 3 and "(" in s.text[:40],
          _bracketed_update_items),
    _Form(MYSQL_FAMILY, lambda s: s.first == "DELETE" and ".*" in s.text, _deleted_stars_left_out),
    _Form(MYSQL_FAMILY, lambda s: s.first == "DELETE" and "returning" in s.lowered and ("limit" in s.lowered
          or "order" in s.lowered), _returning_before_order),
    _Form(MYSQL_FAMILY, lambda s: s.first == "CREATE" and ("directory" in s.lowered or " desc" in s.lowered
          or " asc" in s.lowered), _mysql_table_clauses_left_out),
    _Form(MYSQL_FAMILY, lambda s: s.first == "CREATE" and "partition" in s.lowered, _partitioning_left_out),
    _Form({"duckdb"}, lambda s: s.first == "COPY" and _BARE_COPY_FILE.match(s.text), _copy_file_quoted),
    _Form({"duckdb"}, lambda s: s.first == "SUMMARIZE" and len(s.tokens) > 1, _summaries_as_queries),
    _Form({"duckdb"}, lambda s: "export_state" in s.lowered, _exported_states_left_out),
    _Form({"sqlite"}, lambda s: s.first in ("REPLACE", "UPDATE", "CREATE") and len(s.tokens) > 1,
          _sqlite_forms_written_out),
    _Form({"sqlite"}, lambda s: _SQLITE_CLAUSES.search(s.text), _sqlite_clauses_written_out),
    _Form({"teradata"}, lambda s: True, _teradata_forms_written_out),
    _Form({"exasol"}, lambda s: _EXASOL_FORMS.search(s.text), _exasol_forms_written_out),
    _Form({"risingwave", "materialize"}, lambda s: streaming.FORMS.search(s.text), streaming.forms_written_out),
    _Form({"druid"}, lambda s: druid.FORMS.search(s.text), druid.forms_written_out),
    _Form({"dremio"}, lambda s: _DREMIO_VERSIONS.search(s.text), _dremio_versions_left_out),
    _Form({"singlestore"}, lambda s: s.first == "CREATE" and _SINGLESTORE_CLAUSES.search(s.text),
          _singlestore_clauses_left_out),
    _Form({"doris", "starrocks"}, lambda s: "[" in s.text or _DORIS_CLAUSES.search(s.text), _doris_forms_written_out),
    _Form({"duckdb"}, lambda s: "[:" in s.text, _open_slices_bounded),
    _Form(tsql.UNTERMINATED, lambda s: s.first in ("CREATE", "ALTER") and "view" in s.lowered
          and "with" in s.lowered, _view_attributes_left_out),
    _Form(tsql.UNTERMINATED, lambda s: s.first in ("CREATE", "ALTER") and "return" in s.lowered
          and "begin" in s.lowered, _returning_block_unwrapped),
    _Form({"duckdb"}, lambda s: "using key" in s.lowered, _key_aggregates_as_columns),
    _Form({"duckdb"}, lambda s: "merge" in s.lowered and " then " in s.lowered, _bare_merge_actions),
    _Form({"duckdb"}, lambda s: s.first in ("CREATE", "DROP") and "macro" in s.lowered, _macros_as_functions),
    _Form({"duckdb"}, lambda s: s.first == "CREATE" and "pivot" in s.lowered or s.first == "INSERT"
          and ("pivot" in s.lowered or "position" in s.lowered) or s.first in ("PIVOT", "UNPIVOT")
          and _ORDERED.search(s.text), _created_from_pivots),
    _Form(MYSQL_FAMILY, lambda s: s.first in ("INSERT", "REPLACE") and "duplicate" in s.lowered,
          _upsert_sources_bracketed),
    _Form(MYSQL_FAMILY, lambda s: s.first == "CREATE" and "union" in s.lowered, _merge_tables_as_views),
    _Form(MYSQL_FAMILY, lambda s: s.first in _DML_VERBS and "default" in s.lowered, _column_defaults_as_values),
    _Form(MYSQL_FAMILY, lambda s: "values" in s.lowered and "row" in s.lowered, _value_rows_unwrapped),
    _Form(MYSQL_FAMILY, lambda s: "json_object" in s.lowered and "value" in s.lowered, _value_columns_quoted),
    _Form(MYSQL_FAMILY, lambda s: " value for " in s.lowered, _sequence_values_called),
    _Form(MYSQL_FAMILY, lambda s: s.first == "DELETE" and len(s.tokens) > 2 and word_of(s.tokens[1]) == "HISTORY",
          _history_deleted),
    _Form(MYSQL_FAMILY, lambda s: s.first == "CREATE" and "function" in s.lowered and "in " in s.lowered,
          _parameter_modes_left_out),
    _Form(MYSQL_FAMILY, lambda s: s.first == "CREATE" and "return" in s.lowered and "begin" in s.lowered,
          _returning_blocks_unwrapped),
    _Form(MYSQL_FAMILY, lambda s: s.first in ("CREATE", "ALTER") and _SPATIAL.search(s.text),
          _spatial_types_written_out),
    _Form(MYSQL_FAMILY, lambda s: s.first in ("UPDATE", "DELETE") and len(s.tokens) > 1
          and word_of(s.tokens[1]) in _MODIFIERS, _modifiers_left_out),
    _Form(MYSQL_FAMILY, lambda s: s.first in ("REPLACE", "RENAME", "DROP", "LOAD", "LOCK")
          or (s.first in ("CREATE", "ALTER") and ("current_user" in s.lowered or " event " in s.lowered
          or " view " in s.lowered or " ignore " in s.lowered or " replace " in s.lowered)) or (len(s.tokens) > 1
          and s.first in ("INSERT", "SELECT") and word_of(s.tokens[1]) in _PRIORITIES), _mysql_forms_written_out),
    _Form(MYSQL_FAMILY, lambda s: s.first in ("COMMIT", "ROLLBACK") and word_of(s.tokens[-1]) == "RELEASE",
          _releases_left_out),
    _Form(MYSQL_FAMILY, lambda s: s.first in ("CREATE", "ALTER") and ("online" in s.lowered or "ignore" in s.lowered
          or "versioning" in s.lowered or "checksum" in s.lowered or "exists" in s.lowered
          or " row start" in s.lowered or " row end" in s.lowered), _mariadb_table_options_left_out),
    _Form(MYSQL_FAMILY, lambda s: "values" in s.lowered and s.first not in ("INSERT", "REPLACE"),
          _value_lists_bracketed),
    _Form(MYSQL_FAMILY, lambda s: "against" in s.lowered or "examined" in s.lowered or "straight_join" in s.lowered
          or "analyse" in s.lowered or ("group by" in s.lowered and "sc" in s.lowered), _mariadb_clauses_written_out),
    _Form(MYSQL_FAMILY, lambda s: ":=" in s.text and s.first in ("UPDATE", "INSERT", "REPLACE")
          or "escape" in s.lowered, _mysql_operands_written_out),
    _Form({"clickhouse"}, lambda s: clickhouse.MAY_CALL_PARAMETRIC.search(s.text), clickhouse.parametric_calls_read),
    _Form({"clickhouse"}, lambda s: clickhouse.MAY_CALL_IN.search(s.text), clickhouse.in_calls_named),
    _Form({"clickhouse"}, lambda s: _CLICKHOUSE_SPELLINGS.search(s.text) or s.lowered.count("limit") > 1,
          clickhouse.spellings_read),
    _Form({"clickhouse"}, lambda s: "apply" in s.lowered or "columns" in s.lowered and "except" in s.lowered
          or "strict" in s.lowered, clickhouse.column_transformers_read),
    _Form({"clickhouse"}, lambda s: _alias_may_be_defined(s.text), clickhouse.aliases_defined),
    _Form({"clickhouse"}, lambda s: s.first == "CREATE" and "join" in s.lowered and "engine" in s.lowered,
          _join_engine_kinds_quoted),
    _Form({"clickhouse"}, lambda s: s.first == "CREATE" and "primary key" in s.lowered, _inline_primary_keys_bracketed),
    _Form({"clickhouse"}, lambda s: s.first == "ALTER" and "." in s.text and "column" in s.lowered,
          _nested_columns_quoted),
    _Form({"clickhouse"}, lambda s: s.first == "INSERT" and "infile" in s.lowered, clickhouse.infile_left_out),
    _Form({"clickhouse"}, lambda s: clickhouse.MAY_SPELL_CALLS.search(s.text), clickhouse.calls_spelled),
    _Form({"clickhouse"}, lambda s: clickhouse.MAY_HAVE_NEW_TYPES.search(s.text), clickhouse.new_types_written_out),
    _Form({"clickhouse"}, lambda s: clickhouse.MAY_EXPLAIN_ROWS.search(s.text), clickhouse.explains_as_rows),
    _Form({"clickhouse"}, lambda s: clickhouse.MAY_UNION_BARE.search(s.text), clickhouse.bare_unions_distinct),
    _Form({"clickhouse"}, lambda s: clickhouse.MAY_CALL_DICTIONARY.search(s.text), clickhouse.dictionary_calls_named),
    _Form({"clickhouse"}, lambda s: s.first in clickhouse.VERBS, clickhouse.forms_written_out),
    _Form({"trino"}, lambda s: s.first == "WITH" and len(s.tokens) > 1 and word_of(s.tokens[1]) == "SESSION",
          _session_properties_left_out),
    _Form({"trino"}, lambda s: "nearest" in s.lowered, _nearest_as_lateral),
    _Form({"trino"}, lambda s: "subset" in s.lowered and "match_recognize" in s.lowered, _pattern_subsets_left_out),
    _Form(_JSON_CLAUSE_DIALECTS, lambda s: "json_array" in s.lowered and (" on null" in s.lowered
          or "returning" in s.lowered), _json_array_clauses_left_out),
    _Form(_JSON_CLAUSE_DIALECTS, lambda s: "json_" in s.lowered and ("format" in s.lowered
          or "returning" in s.lowered), _json_formats_left_out),
    _Form(_JSON_CLAUSE_DIALECTS | SPARK_FAMILY, lambda s: "distinct" in s.lowered and ("corr" in s.lowered
          or "covar" in s.lowered), _pair_aggregates_without_distinct),
    _Form(_JSON_CLAUSE_DIALECTS, lambda s: "measures" in s.lowered and ("running" in s.lowered
          or "final" in s.lowered), _inner_semantics_left_out),
    _Form(_JSON_CLAUSE_DIALECTS, lambda s: "values" in s.lowered and ("union" in s.lowered or "except" in s.lowered
          or "intersect" in s.lowered), _values_branches_as_queries),
    _Form({"trino"}, lambda s: s.first == "WITH" and len(s.tokens) > 1 and word_of(s.tokens[1]) == "FUNCTION"
          and (" for " in s.lowered or "language" in s.lowered), _inline_routines_written_out),
    _Form({"trino"}, lambda s: "pattern" in s.lowered and "define" in s.lowered and (" over" in s.lowered
          or "window" in s.lowered), _window_patterns_written_out),
    _Form({"trino"}, lambda s: _NUMBER_FORMS.search(s.text), _numbers_written_out),
    _Form({"trino", "spark", "databricks"}, lambda s: "pivot" in s.lowered, _pivot_slots_wrapped),
    _Form({"trino"}, lambda s: ("@" in s.text or "branch" in s.lowered) and s.first in _BRANCH_VERBS,
          _branches_written_out),
    _Form({"oracle"}, lambda s: s.first in ("CREATE", "ALTER", "DROP") and len(s.tokens) > 3
          and word_of(s.tokens[1]) == "PLUGGABLE" and word_of(s.tokens[2]) == "DATABASE",
          _pluggable_databases_as_databases),
    _Form({"tsql"}, lambda s: "xml" in s.lowered and s.first in ("CREATE", "ALTER", "DECLARE"), _typed_xml_plain),
    _Form({"tsql"}, lambda s: [word_of(token) for token in s.tokens[:2]] == ["CREATE", "DATABASE"]
          and len(s.tokens) > 3 and s.tokens[2].token_type in (TokenType.VAR, TokenType.IDENTIFIER)
          and word_of(s.tokens[3]) in ("ON", "CONTAINMENT", "COLLATE", "WITH", "LOG"), _database_files_left_out),
    _Form({"oracle"}, lambda s: [word_of(token) for token in s.tokens[:2]] == ["DROP", "USER"]
          and len(s.tokens) == 4 and word_of(s.tokens[3]) == "CASCADE", _users_dropped_as_schemas),
    _Form({"oracle"}, lambda s: "using" in s.lowered and _MINING_CALL.search(s.text), _mining_calls_written_out),
    _Form({"oracle"}, lambda s: _COLLECTION_WORDS.search(s.lowered), _collection_operators_written_out),
    _Form({"snowflake"}, lambda s: "resample" in s.lowered, _resamples_written_out),
    _Form({"oracle"}, lambda s: "pivot" in s.lowered and "xml" in s.lowered, _xml_pivots_plain),
    _Form(_PIPE_DIALECTS, lambda s: "|>" in s.text or s.dialect in _BARE_PIPE_DIALECTS and _BARE_PIPE.search(s.text),
          _pipes_marked),
    _Form(_PIPE_DIALECTS, lambda s: "|>" in s.text or (s.dialect in SPARK_FAMILY and (s.first in ("TABLE", "CREATE")
          or _BRACKETED_TABLE.search(s.lowered) or _SET_OPERAND_TABLE.search(s.lowered))), _pipe_queries_written_out),
)
