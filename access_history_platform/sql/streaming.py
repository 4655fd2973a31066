"""The streaming databases that speak PostgreSQL's SQL: RisingWave's and Materialize's forms of their own.

RisingWave (https://docs.risingwave.com/sql/commands/): a table's ``APPEND ONLY`` and its ``INCLUDE key | offset |
partition | timestamp | header ... [AS name]`` columns (what a connector adds to each row), a view's ``EMIT ON WINDOW
CLOSE`` (when its results are emitted), a CDC table's ``FROM source TABLE 'db.t'`` (where its rows come from, later,
as a connector's do), ``CREATE SINK s INTO t {FROM x | AS query}`` (the rows written into a table of its own, as an
INSERT), a subscription (:func:`_subscription`, :func:`subscription_cursor`), ``DROP SOURCE s`` (a source,
RisingWave's and Materialize's, is recorded as the external table it is: its rows are read from outside, not kept);
a source's and a sink's CREATE are read by :func:`.ddl.create_source` and :func:`.ddl.create_sink` (a sink's
destination: :func:`sink_location`).

Materialize (https://materialize.com/docs/sql/): a source and a table fed by one (:func:`_materialize_source`),
``IN CLUSTER c`` (where the work runs), a query's ``AS OF [AT LEAST] t`` (the time it reads at), ``WITH MUTUALLY
RECURSIVE`` (:func:`_mutually_recursive`), and ``SUBSCRIBE [TO] {relation | (query)} ...`` (the relation's rows and
their changes, streamed: a read, as the ``SELECT`` they are), also inside ``DECLARE c CURSOR FOR`` and ``COPY (...)
TO STDOUT``.

This module imports none of the engine's resolving modules (the rewrites use it).
"""

from __future__ import annotations

import re

from sqlglot import exp
from sqlglot.tokens import Token, TokenType

from .dialects import file_uri, without_credentials
from .token_groups import depths, edited, group_end, tokens_of, word_of

#: The forms :func:`forms_written_out` writes out, as the text may hold them.
FORMS = re.compile(r"\w\.\w++\s*+=|\bappend\s++only\b|\bemit\s++on\s++window\s++close\b|\binclude\s++\w"
                   r"|\bcreate\s++sink\b|^\s*+drop\s++source\b|\bin\s++cluster\b|\bas\s++of\b|\bsubscribe\b"
                   r"|\)\s*+from\s++\S++\s++table\s++'|^\s*+create\s++(?:source|table)\b|\bsubscription\b"
                   r"|\bmutually\s++recursive\b",
                   re.IGNORECASE)
#: What a RisingWave connector names an INCLUDE's column when no AS does: ``_rw_{connector}_{kind}``.
_INCLUDED = frozenset({"KEY", "OFFSET", "PARTITION", "TIMESTAMP", "HEADER", "HEADERS", "PAYLOAD", "SUBJECT",
                       "DATABASE_NAME", "TABLE_NAME", "COLLECTION_NAME", "FILE", "MESSAGE_ID"})


def forms_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """RisingWave's and Materialize's forms as those sqlglot reads (the module's list).

    >>> sql = "CREATE TABLE t (id INT) APPEND ONLY INCLUDE key AS k INCLUDE offset WITH (connector = 'kafka')"
    >>> forms_written_out(sql, tokens_of(sql, "risingwave"), "risingwave")[0]
    "CREATE TABLE t (id INT, k VARCHAR, _rw_kafka_offset VARCHAR)    WITH (connector = 'kafka')"
    >>> sql = "CREATE SINK s INTO t FROM mv WITH (type = 'append-only')"
    >>> forms_written_out(sql, tokens_of(sql, "risingwave"), "risingwave")[0]
    'INSERT INTO t SELECT * FROM mv'
    >>> sql = "COPY (SUBSCRIBE TO mv WITH (SNAPSHOT = false) AS OF AT LEAST 10) TO STDOUT"
    >>> forms_written_out(sql, tokens_of(sql, "materialize"), "materialize")[0]
    'COPY (SELECT * FROM mv) TO STDOUT'
    >>> sql = "CREATE MATERIALIZED VIEW mv IN CLUSTER quickstart AS SELECT a FROM t"
    >>> forms_written_out(sql, tokens_of(sql, "materialize"), "materialize")[0]
    'CREATE MATERIALIZED VIEW mv  AS SELECT a FROM t'
    """
    words = [word_of(token) for token in tokens]
    level = depths(tokens)
    whole = _statement_written_out(text, tokens, words, level, dialect)
    if whole is not None:
        return whole
    edits: list[tuple[int, int, str]] = _options_quoted(text, tokens, words, level) if words[0] == "CREATE" else []
    if dialect == "materialize":
        edits += _mutually_recursive(text, tokens, words)
    edits += _clauses_left_out(text, tokens, words, level, dialect)
    return edited(text, tokens, sorted(edits), dialect)


def _statement_written_out(text: str, tokens: list[Token], words: list[str | None], level: list[int],
                           dialect: str) -> tuple[str, list[Token]] | None:
    """The statement written out whole as the one sqlglot reads that does the same to the data (a subscription, a
    sink, a source, a CDC source's table, ``SUBSCRIBE``); None when it is none of those."""
    if dialect == "risingwave" and words[1:2] == ["SUBSCRIPTION"] and words[0] in ("CREATE", "DROP"):
        written = _subscription(text, tokens, words)
        if written is not None:
            return edited(text, tokens, [(0, len(text), written)], dialect)
    into = _sink_into(text, tokens, words) if words[:2] == ["CREATE", "SINK"] and dialect == "risingwave" else None
    if into is not None:
        return edited(text, tokens, [(0, len(text), into)], dialect)
    if dialect == "materialize" and words[:1] == ["CREATE"] and ("SOURCE" in words[1:3] or "TABLE" in words[1:3]):
        written = _materialize_source(text, tokens, words)
        if written is not None:
            return edited(text, tokens, [(0, len(text), written)], dialect)
    if words[:2] == ["CREATE", "SINK"] and dialect == "materialize":
        # CREATE SINK s [IN CLUSTER c] FROM x INTO KAFKA CONNECTION k (TOPIC 't') ...: x's rows read, sent to a topic
        # of a broker its connection names (the log's CREATE CONNECTION: not followed here)
        start = next((i for i, word in enumerate(words) if word == "FROM" and level[i] == 0), None)
        end = next((i for i, word in enumerate(words) if word == "INTO" and level[i] == 0), None)
        if start is not None and end is not None and end > start + 1:
            rows = text[tokens[start + 1].start:tokens[end - 1].end + 1]
            return edited(text, tokens, [(0, len(text), f"SELECT * FROM {rows}")], dialect)
    if words[:2] == ["DROP", "SOURCE"]:  # (as the external table it is recorded as)
        return edited(text, tokens, [(tokens[1].start, tokens[1].end + 1, "TABLE")], dialect)
    if words[:2] == ["CREATE", "TABLE"] and dialect == "risingwave":
        closing = _column_list_end(tokens, words)
        if closing is not None and closing + 3 < len(tokens) and words[closing + 1] == "FROM" \
                and words[closing + 3] == "TABLE" and closing + 4 < len(tokens) \
                and tokens[closing + 4].token_type == TokenType.STRING:  # a CDC source's table (its rows come later)
            return edited(text, tokens, [(tokens[closing].end + 1, tokens[closing + 4].end + 1, "")], dialect)
    if dialect == "materialize" and "SUBSCRIBE" in words:
        at = words.index("SUBSCRIBE")
        if at == 0:  # SUBSCRIBE ...: the SELECT it is
            return edited(text, tokens, [(0, len(text), subscribed(text, dialect))], dialect)
        if words[0] == "COPY" and tokens[at - 1].token_type == TokenType.L_PAREN:  # COPY (SUBSCRIBE ...) TO STDOUT
            end = group_end(tokens, at - 1) - 1
            inner = text[tokens[at].start:tokens[end - 1].end + 1]
            return edited(text, tokens, [(tokens[at].start, tokens[end].start, subscribed(inner, dialect))],
                          dialect)
    return None


def _clauses_left_out(text: str, tokens: list[Token], words: list[str | None], level: list[int],
                      dialect: str) -> list[tuple[int, int, str]]:
    """The edits leaving out the statement's clauses no record depends on (``APPEND ONLY``, ``EMIT ON WINDOW CLOSE``,
    ``IN CLUSTER c``, ``AS OF ...``) and writing its ``INCLUDE``s as the table's columns."""
    edits: list[tuple[int, int, str]] = []
    added: list[str] = []
    at = 0
    while at < len(tokens):
        word = words[at]
        if level[at] != 0 or word is None:
            at += 1
            continue
        if word == "APPEND" and at + 1 < len(tokens) and words[at + 1] == "ONLY" and words[0] == "CREATE":
            edits.append((tokens[at].start, tokens[at + 1].end + 1, ""))
            at += 2
        elif words[at:at + 4] == ["EMIT", "ON", "WINDOW", "CLOSE"]:
            edits.append((tokens[at].start, tokens[at + 3].end + 1, ""))
            at += 4
        elif word == "INCLUDE" and words[0] == "CREATE" and at + 1 < len(tokens) and words[at + 1] in _INCLUDED:
            end, name = _included(tokens, words, at, text)
            added.append(name)
            edits.append((tokens[at].start, tokens[end - 1].end + 1, ""))
            at = end
        elif words[at:at + 2] == ["IN", "CLUSTER"] and dialect == "materialize" and at + 2 < len(tokens):
            edits.append((tokens[at].start, tokens[at + 2].end + 1, ""))
            at += 3
        elif words[at:at + 2] == ["AS", "OF"] and dialect == "materialize":
            edits.append((tokens[at - 1].end + 1, _end_of_clauses(tokens, level, at, text), ""))
            break
        else:
            at += 1
    if added:  # the INCLUDE's columns after the table's own (a table of no column list: its columns unknown)
        closing = _column_list_end(tokens, words)
        if closing is not None:
            connector = _connector(text)
            names = [name.format(connector=connector) for name in added]
            edits.append((tokens[closing].start, tokens[closing].start,
                          "".join(f", {name} VARCHAR" for name in names)))
    return edits


def _mutually_recursive(text: str, tokens: list[Token], words: list[str | None]) -> list[tuple[int, int, str]]:
    """The edits that write Materialize's ``WITH MUTUALLY RECURSIVE [(RETURN | ERROR AT RECURSION LIMIT n)] r (c
    type, ...) AS (...), ...`` as ``WITH RECURSIVE r (c, ...) AS (...), ...``: the same CTEs, each able to read the
    others (the limit, how the iteration stops, and the columns' types change nothing read or written).

    >>> sql = "WITH MUTUALLY RECURSIVE (ERROR AT RECURSION LIMIT 5) r (a INT, b TEXT) AS (SELECT a, b FROM t) TABLE r"
    >>> forms_written_out(sql, tokens_of(sql, "materialize"), "materialize")[0]
    'WITH RECURSIVE  r (a, b) AS (SELECT a, b FROM t) TABLE r'
    """
    edits: list[tuple[int, int, str]] = []
    for at in range(len(tokens) - 2):
        if words[at:at + 3] != ["WITH", "MUTUALLY", "RECURSIVE"]:
            continue
        edits.append((tokens[at + 1].start, tokens[at + 2].start, ""))
        index = at + 3
        if index < len(tokens) and tokens[index].token_type == TokenType.L_PAREN:  # (RETURN AT RECURSION LIMIT n)
            end = group_end(tokens, index)
            edits.append((tokens[index].start, tokens[end - 1].end + 1, ""))
            index = end
        while index + 1 < len(tokens) and tokens[index + 1].token_type == TokenType.L_PAREN:  # r (c type, ...) AS (...)
            close = group_end(tokens, index + 1)
            names, first, depth = [], True, 0
            for token in tokens[index + 2:close - 1]:
                if first:
                    names.append(text[token.start:token.end + 1])
                depth += (token.token_type == TokenType.L_PAREN) - (token.token_type == TokenType.R_PAREN)
                first = token.token_type == TokenType.COMMA and depth == 0
            edits.append((tokens[index + 1].start, tokens[close - 1].end + 1, f"({', '.join(names)})"))
            if close + 1 >= len(tokens) or words[close] != "AS":
                break
            body = group_end(tokens, close + 1)
            if body >= len(tokens) or tokens[body].token_type != TokenType.COMMA:
                break
            index = body + 1
    return edits


def _options_quoted(text: str, tokens: list[Token], words: list[str | None], level: list[int]
                    ) -> list[tuple[int, int, str]]:
    """The edits that quote each dotted name of a ``WITH (...)`` list of options (``auto.schema.change = 'true'``,
    ``properties.bootstrap.server = '...'``): sqlglot reads such a name only where none of its parts is a keyword."""
    edits = []
    for at, token in enumerate(tokens[:-1]):
        if level[at] != 0 or words[at] != "WITH" or tokens[at + 1].token_type != TokenType.L_PAREN:
            continue
        start, end = at + 2, group_end(tokens, at + 1) - 1
        while start < end:
            equals = next((i for i in range(start, end) if tokens[i].token_type == TokenType.EQ), end)
            if any(tokens[i].token_type == TokenType.DOT for i in range(start, equals)):
                name = text[tokens[start].start:tokens[equals - 1].end + 1]
                edits.append((tokens[start].start, tokens[equals - 1].end + 1, '"' + name.replace('"', '') + '"'))
            start = next((i + 1 for i in range(equals, end) if tokens[i].token_type == TokenType.COMMA
                          and level[i] == 1), end)
    return edits


def _included(tokens: list[Token], words: list[str | None], at: int, text: str) -> tuple[int, str]:
    """The end of ``INCLUDE kind ['inner field'] [type] [AS name]`` at ``at``, and the column's name (the connector's
    ``_rw_{connector}_{kind}`` when no AS names it)."""
    kind = words[at + 1].lower()
    end = at + 2
    while end < len(tokens) and words[end] not in ("AS", "INCLUDE", "WITH", "FORMAT", "ROW"):
        end += 1
    if end + 1 < len(tokens) and words[end] == "AS":
        name = tokens[end + 1].text if tokens[end + 1].token_type != TokenType.IDENTIFIER \
            else f'"{tokens[end + 1].text}"'
        return end + 2, name
    return end, "_rw_{connector}_" + kind


def _column_list_end(tokens: list[Token], words: list[str | None]) -> int | None:
    """The closing bracket of a CREATE TABLE's or SOURCE's column list (after its name), None when it has none."""
    at = next((i for i, word in enumerate(words[:8]) if word in ("TABLE", "SOURCE")), None)
    if at is None:
        return None
    at += 1
    while at < len(tokens) and (words[at] in ("IF", "NOT", "EXISTS") or tokens[at].token_type == TokenType.DOT
                                or at + 1 < len(tokens) and tokens[at + 1].token_type == TokenType.DOT):
        at += 1
    at += 1  # (the name's last part)
    if at < len(tokens) and tokens[at].token_type == TokenType.L_PAREN:
        return group_end(tokens, at) - 1
    return None


def _connector(text: str) -> str:
    found = re.search(r"\bconnector\s*=\s*'([^']*)'", text, re.IGNORECASE)
    return found[1].lower() if found else "connector"


def _subscription(text: str, tokens: list[Token], words: list[str | None]) -> str | None:
    """RisingWave's ``CREATE SUBSCRIPTION [IF NOT EXISTS] s FROM t [WITH (retention = ...)]`` as the stream it is
    (``CREATE STREAM s ON TABLE t``: t's changes, kept for a while, read through a subscription cursor), and ``DROP
    SUBSCRIPTION [IF EXISTS] s`` as ``DROP STREAM``; None for another form.

    >>> sql = "CREATE SUBSCRIPTION sub FROM mv WITH (retention = '1D')"
    >>> _subscription(sql, tokens_of(sql, "risingwave"), [word_of(t) for t in tokens_of(sql, "risingwave")])
    'CREATE STREAM sub ON TABLE mv'
    """
    guard = 3 if words[2:5] == ["IF", "NOT", "EXISTS"] else 2 if words[2:4] == ["IF", "EXISTS"] else 0
    at = 2 + guard
    end = at + 1
    while end + 1 < len(tokens) and tokens[end].token_type == TokenType.DOT:
        end += 2
    if at >= len(tokens):
        return None
    name = text[tokens[at].start:tokens[end - 1].end + 1]
    if words[0] == "DROP":
        return f"DROP STREAM{' IF EXISTS' if guard else ''} {name}"
    if words[end:end + 1] != ["FROM"] or end + 1 >= len(tokens):
        return None
    stop = end + 2
    while stop + 1 < len(tokens) and tokens[stop].token_type == TokenType.DOT:
        stop += 2
    source = text[tokens[end + 1].start:tokens[stop - 1].end + 1]
    return f"CREATE STREAM{' IF NOT EXISTS' if guard else ''} {name} ON TABLE {source}"


def subscription_cursor(text: str) -> str | None:
    """The query of RisingWave's ``DECLARE c SUBSCRIPTION CURSOR FOR s [SINCE ...] [FULL]``: ``SELECT * FROM s``,
    the subscription's rows (its table's changes); None for another DECLARE.

    >>> subscription_cursor("DECLARE cur SUBSCRIPTION CURSOR FOR sub SINCE begin()")
    'SELECT * FROM sub'
    """
    found = _SUBSCRIPTION_CURSOR.match(text)
    return f"SELECT * FROM {found['name']}" if found is not None else None


#: RisingWave's ``DECLARE c SUBSCRIPTION CURSOR FOR s ...``.
_SUBSCRIPTION_CURSOR = re.compile(r"\s*DECLARE\s+\S+\s+SUBSCRIPTION\s+CURSOR\s+FOR\s+(?P<name>[\w.\"]+)",
                                  re.IGNORECASE)


def _sink_into(text: str, tokens: list[Token], words: list[str | None]) -> str | None:
    """``CREATE SINK [IF NOT EXISTS] s INTO t [(columns)] {FROM x | AS query} [WITH (...)]`` as ``INSERT INTO t
    [(columns)] {SELECT * FROM x | query}``: "sink data into a RisingWave table"; None for a sink to elsewhere."""
    into = next((i for i, word in enumerate(words[:8]) if word == "INTO"), None)
    if into is None:
        return None
    level = depths(tokens)
    start = into + 2 if into + 1 < len(tokens) else into
    while start < len(tokens) and tokens[start].token_type == TokenType.DOT:
        start += 2
    if start < len(tokens) and tokens[start].token_type == TokenType.L_PAREN:
        start = group_end(tokens, start)
    if start >= len(tokens) or words[start] not in ("FROM", "AS"):
        return None
    end = next((i for i in range(start + 1, len(tokens)) if level[i] == 0 and words[i] == "WITH"
                and i + 1 < len(tokens) and tokens[i + 1].token_type == TokenType.L_PAREN), len(tokens))
    target = text[tokens[into].start:tokens[start - 1].end + 1]
    rows = text[tokens[start + 1].start:tokens[end - 1].end + 1]
    query = f"SELECT * FROM {rows}" if words[start] == "FROM" else rows
    return f"INSERT {target} {query}"


def _materialize_source(text: str, tokens: list[Token], words: list[str | None]) -> str | None:
    """Materialize's ``CREATE SOURCE s [IN CLUSTER c] FROM {KAFKA | POSTGRES | MYSQL | LOAD GENERATOR | WEBHOOK} ...``
    as ``CREATE EXTERNAL TABLE s``, a relation of rows read from outside (a webhook's of one column, ``body``: "the
    source will have a single column named body"), and ``CREATE TABLE t [(columns)] FROM {SOURCE s (REFERENCE ...) |
    WEBHOOK} ...`` as ``CREATE TABLE t [(columns)]``: where the rows come from, later, is a connector's. None for
    another CREATE.

    >>> sql = "CREATE TABLE bids (id, amount) FROM SOURCE auction_house (REFERENCE bids) FORMAT CSV WITH 2 COLUMNS"
    >>> _materialize_source(sql, tokens_of(sql, "materialize"), [word_of(t) for t in tokens_of(sql, "materialize")])
    'CREATE TABLE bids (id TEXT, amount TEXT)'
    """
    kind = next((i for i, word in enumerate(words[:3]) if word in ("SOURCE", "TABLE")), None)
    if kind is None:
        return None
    at = kind + 1 + 3 * (words[kind + 1:kind + 4] == ["IF", "NOT", "EXISTS"])
    end = at + 1
    while end + 1 < len(tokens) and tokens[end].token_type == TokenType.DOT:
        end += 2
    name = text[tokens[at].start:tokens[end - 1].end + 1] if at < len(tokens) else ""
    listed = None
    if end < len(tokens) and tokens[end].token_type == TokenType.L_PAREN:
        close = group_end(tokens, end)
        items = text[tokens[end + 1].start:tokens[close - 2].end + 1].split(",") if close > end + 2 else []
        listed = ", ".join(item.strip() + (" TEXT" if len(item.split()) == 1 else "") for item in items)
        end = close
    if words[end:end + 2] == ["IN", "CLUSTER"]:
        end += 3
    if not name or words[end:end + 1] != ["FROM"] or end + 1 >= len(tokens):
        return None
    source = words[end + 1]
    webhook = source == "WEBHOOK"
    columns = listed or ("body TEXT" if webhook else None)
    if words[kind] == "TABLE" and source in ("SOURCE", "WEBHOOK"):
        return f"CREATE TABLE {name}" + (f" ({columns})" if columns else "")
    if words[kind] == "SOURCE":
        return f"CREATE EXTERNAL TABLE {name}" + (f" ({columns})" if columns else "")
    return None


def _end_of_clauses(tokens: list[Token], level: list[int], at: int, text: str) -> int:
    """Where Materialize's ``AS OF ...`` (and ``UP TO ...``) after a query end: the statement's end, or a closing
    bracket around the query (``COPY (SELECT ... AS OF 1) TO STDOUT``)."""
    closing = next((i for i in range(at, len(tokens)) if level[i] < 0), None)
    return tokens[closing].start if closing is not None else len(text)


def subscribed(text: str, dialect: str) -> str:
    """The SELECT Materialize's ``SUBSCRIBE [TO] {relation | (query)} [WITH (...)] [AS OF ...] [UP TO ...] [ENVELOPE
    ...]`` (``text``) reads as: the relation's rows, or the query's (what follows them says how they stream); the
    text itself when it is no such SUBSCRIBE.

    >>> subscribed("SUBSCRIBE TO (SELECT a FROM t WHERE b > 1) WITH (PROGRESS) ENVELOPE UPSERT", "materialize")
    'SELECT a FROM t WHERE b > 1'
    """
    tokens = tokens_of(text, dialect)
    words = [word_of(token) for token in tokens]
    start = 1 + (len(words) > 1 and words[1] == "TO")
    if words[:1] != ["SUBSCRIBE"] or start >= len(tokens):
        return text
    if tokens[start].token_type == TokenType.L_PAREN:
        end = group_end(tokens, start)
        return text[tokens[start + 1].start:tokens[end - 2].end + 1]
    end = start
    while end + 2 < len(tokens) and tokens[end + 1].token_type == TokenType.DOT:
        end += 2
    return f"SELECT * FROM {text[tokens[start].start:tokens[end].end + 1]}"


def sink_location(properties: exp.Expression | None) -> str | None:
    """Where a sink's connector writes, from its ``WITH (...)`` options (:func:`.ddl.create_sink`), None when not a
    location."""
    options = {}
    for prop in properties.expressions if isinstance(properties, exp.Properties) else ():
        value = prop.args.get("value") if isinstance(prop, exp.Property) else None
        if isinstance(value, exp.Literal) and value.is_string:
            named = prop.this.name if isinstance(prop.this, (exp.Var, exp.Identifier)) else prop.this.sql()
            options[named.lower()] = value.name
    connector = options.get("connector", "").lower()
    if connector == "kafka" and options.get("topic"):
        server = options.get("properties.bootstrap.server", "").split(",")[0].strip()
        return f"kafka://{server}/{options['topic']}" if server else None
    for kind, scheme in (("s3", "s3"), ("gcs", "gs")):
        if connector == kind and options.get(f"{kind}.bucket_name"):
            path = options.get(f"{kind}.path", "").strip("/")
            return f"{scheme}://{options[f'{kind}.bucket_name']}" + (f"/{path}" if path else "")
    if connector == "fs" and options.get("fs.path"):
        return file_uri(options["fs.path"])
    if connector == "jdbc" and options.get("jdbc.url"):
        return without_credentials(options["jdbc.url"])
    if connector == "deltalake" and options.get("location"):
        return options["location"]
    return None
