"""Apache Druid's ingestion and export statements, and the external data its queries read.

Druid's SQL-based ingestion (https://druid.apache.org/docs/latest/multi-stage-query/reference) writes a datasource
with ``INSERT INTO t SELECT ... PARTITIONED BY granularity [CLUSTERED BY columns]`` and ``REPLACE INTO t OVERWRITE
{ALL | WHERE condition} SELECT ... PARTITIONED BY ...``, and exports query results to files with ``INSERT INTO
EXTERN(s3(bucket => 'b', prefix => 'p') | local(exportPath => '/path')) AS CSV SELECT ...``. sqlglot reads none of
these clauses; :func:`forms_written_out` writes them as the INSERT (and ``INSERT OVERWRITE DIRECTORY``) it reads:
how the rows are partitioned, clustered and which time range is replaced change nothing read or written.

A query reads external data through ``TABLE(EXTERN('input source JSON', 'input format JSON', ...))`` or the input
source's own table function (``TABLE(http(uris => ARRAY[...], ...))``, ``s3``, ``google``, ``azure``, ``hdfs``,
``local``, ``inline``): :func:`input_locations` gives the locations read (an inline source's rows are in the
statement: none). This module imports none of the engine's resolving modules (the analysis uses it).
"""

from __future__ import annotations

import json
import re

from sqlglot import exp
from sqlglot.tokens import Token, TokenType

from ..errors import UnsupportedStatement
from .dialects import file_uri
from .token_groups import calls_of, depths, edited, group_end, tokens_of, word_of  # noqa: F401  (tokens_of: examples)

#: The input sources' table functions, as ``TABLE(name(...))`` (EXTERN's JSON ``type`` names the same kinds).
INPUT_FUNCTIONS = frozenset({"EXTERN", "HTTP", "S3", "GOOGLE", "AZURE", "AZURESTORAGE", "HDFS", "LOCAL", "INLINE",
                             "$INLINE"})  # ($inline: inline, as :func:`forms_written_out` names it)
#: The URI scheme of a cloud input source's ``objects`` (``{"bucket": "b", "path": "p"}``) and ``bucket`` argument.
_SCHEMES = {"s3": "s3", "google": "gs", "azure": "azure", "azurestorage": "azureStorage"}
#: The clauses of an ingestion (or export) after its query, REPLACE's OVERWRITE, and a call of LOOKUP, as the text
#: may hold them.
FORMS = re.compile(r"\bpartitioned\s++by\b|\bclustered\s++by\b|^\s*+replace\s++into\b|\binsert\s++into\s++extern\s*+\("
                   r"|\b(?:lookup|inline)\s*+\(", re.IGNORECASE)


def forms_written_out(text: str, tokens: list[Token], dialect: str) -> tuple[str, list[Token]]:
    """Druid's ingestion as the INSERT it is: ``PARTITIONED BY granularity`` and ``CLUSTERED BY columns`` after the
    query left out, ``REPLACE INTO t OVERWRITE {ALL | WHERE condition}`` written ``INSERT INTO t``, and an export
    ``INSERT INTO EXTERN(destination) AS format [OVERWRITE ALL]`` written ``INSERT OVERWRITE DIRECTORY 'location'``;
    ``LOOKUP(expr, 'name' [, 'missing'])``, a read of the lookup (a table of the ``lookup`` schema, ``k`` to ``v``:
    "lookups can be queried using the JOIN operator" too), written as the query it is: ``(SELECT "v" FROM (SELECT
    "k", "v" FROM lookup."name") WHERE "k" = (expr))``, in ``COALESCE(..., 'missing')``; the inline input source
    ``TABLE(inline(data => ..., ...))`` named ``"$inline"(...)``, which sqlglot reads as a call of Druid's (it reads
    ``inline``, quoted or not, as Spark's function of one argument).

    >>> sql = "REPLACE INTO w OVERWRITE WHERE __time >= TIMESTAMP '2016-06-27' SELECT __time, c FROM x " \\
    ...       "PARTITIONED BY DAY CLUSTERED BY c"
    >>> forms_written_out(sql, tokens_of(sql, "druid"), "druid")[0]
    'INSERT INTO w SELECT __time, c FROM x'
    >>> sql = "INSERT INTO EXTERN(s3(bucket => 'b', prefix => 'out/wiki')) AS CSV SELECT c FROM w"
    >>> forms_written_out(sql, tokens_of(sql, "druid"), "druid")[0]
    "INSERT OVERWRITE DIRECTORY 's3://b/out/wiki' SELECT c FROM w"
    >>> sql = "SELECT LOOKUP(s, 'l', 'N/A') FROM t"
    >>> print(forms_written_out(sql, tokens_of(sql, "druid"), "druid")[0])
    SELECT COALESCE((SELECT "v" FROM (SELECT "k", "v" FROM lookup."l") AS "$lookup" WHERE "k" = (s)), 'N/A') FROM t
    """
    edits: list[tuple[int, int, str]] = _lookups(text, tokens)
    edits += [(tokens[at].start, tokens[at].end + 1, '"$inline"') for at, _ in calls_of(tokens, "INLINE")
              if at >= 2 and word_of(tokens[at - 2]) == "TABLE" and tokens[at - 1].token_type == TokenType.L_PAREN
              and not any(start <= tokens[at].start < stop for start, stop, _ in edits)]
    edits.sort()
    level = depths(tokens)
    words = [word_of(t) for t in tokens[:4]]
    query = next((i for i, token in enumerate(tokens) if level[i] == 0 and word_of(token) in ("SELECT", "WITH")), None)
    if query is None:
        return edited(text, tokens, edits, dialect)
    if words[:2] == ["REPLACE", "INTO"]:  # REPLACE INTO t OVERWRITE ...: the table written, rows of a range replaced
        overwrite = next((i for i in range(2, query) if word_of(tokens[i]) == "OVERWRITE"), None)
        if overwrite is None:
            raise UnsupportedStatement("REPLACE INTO: expected OVERWRITE ALL or OVERWRITE WHERE before the query")
        edits.append((tokens[0].start, tokens[0].end + 1, "INSERT"))
        edits.append((tokens[overwrite - 1].end + 1, tokens[query].start, " "))
    elif words[:3] == ["INSERT", "INTO", "EXTERN"] and len(tokens) > 3:  # an export: files written
        end = group_end(tokens, 3)
        location = export_location(tokens[4:end - 1])
        edits.append((tokens[0].start, tokens[query].start, f"INSERT OVERWRITE DIRECTORY '{location}' "))
    tail = next((i for i in range(query, len(tokens)) if level[i] == 0 and _tail_clause(tokens, i)), None)
    if tail is not None:  # (the last clauses: nothing of the query after them)
        edits.append((tokens[tail - 1].end + 1, len(text), ""))
    return edited(text, tokens, edits, dialect)


def _lookups(text: str, tokens: list[Token]) -> list[tuple[int, int, str]]:
    """The edits that write each ``LOOKUP(expr, 'name' [, 'missing'])`` as the query of the lookup it is (one inside
    another's expression is left as written: its text is the outer one's, edited once)."""
    edits: list[tuple[int, int, str]] = []
    for start, close in calls_of(tokens, "LOOKUP"):
        if edits and tokens[start].start < edits[-1][1]:
            continue
        commas = [i for i, depth in zip(range(start + 2, close), depths(tokens, start=start + 2))
                  if depth == 0 and tokens[i].token_type == TokenType.COMMA][:3]
        if len(commas) not in (1, 2) or commas[0] + 2 != (commas[1] if len(commas) == 2 else close) \
                or tokens[commas[0] + 1].token_type != TokenType.STRING:
            continue
        expression = text[tokens[start + 2].start:tokens[commas[0] - 1].end + 1]
        name = tokens[commas[0] + 1].text.replace('"', '""')
        # (its two columns named: the expression's names are the query's around it, not the lookup's)
        query = f'(SELECT "v" FROM (SELECT "k", "v" FROM lookup."{name}") AS "$lookup" WHERE "k" = ({expression}))'
        if len(commas) == 2:
            query = f"COALESCE({query}, {text[tokens[commas[1] + 1].start:tokens[close - 1].end + 1]})"
        edits.append((tokens[start].start, tokens[close].end + 1, query))
    return edits


def _tail_clause(tokens: list[Token], at: int) -> bool:
    """Whether ``PARTITIONED BY`` (one token to sqlglot) or ``CLUSTERED BY`` starts at ``at``."""
    word = word_of(tokens[at])
    if word is not None and " ".join(word.split()) == "PARTITIONED BY":
        return True
    return word in ("PARTITIONED", "CLUSTERED") and at + 1 < len(tokens) and word_of(tokens[at + 1]) == "BY"


def export_location(tokens: list[Token]) -> str:
    """The location an export's ``EXTERN(s3(bucket => 'b', prefix => 'p'))`` or ``EXTERN(local(exportPath =>
    '/path'))`` writes (Druid's export destinations: S3, Google Cloud Storage, a local directory)."""
    kind = (word_of(tokens[0]) or "").lower() if tokens else ""
    arguments = _named_strings(tokens)
    if kind == "local" and "exportpath" in arguments:
        return file_uri(arguments["exportpath"])
    if kind in _SCHEMES and "bucket" in arguments:
        prefix = arguments.get("prefix", "").strip("/")
        return f"{_SCHEMES[kind]}://{arguments['bucket']}" + (f"/{prefix}" if prefix else "")
    raise UnsupportedStatement(f"INSERT INTO EXTERN({kind}(...)): a destination Druid does not export to, or without "
                               "its bucket or path")


def _named_strings(tokens: list[Token]) -> dict[str, str]:
    """A call's ``name => 'string'`` arguments, by their names in lower case."""
    found = {}
    for i in range(len(tokens) - 2):
        if tokens[i + 1].token_type == TokenType.FARROW and tokens[i + 2].token_type == TokenType.STRING:
            found[tokens[i].text.lower()] = tokens[i + 2].text
    return found


def appended(call: exp.Anonymous) -> exp.Query | None:
    """``APPEND('t1', 't2', ...)``: "the rows of several tables", each column of any of them (null where one lacks it),
    as a UNION ALL BY NAME of them; None for any other call."""
    if call.name.upper() != "APPEND" or not call.expressions or not all(
            isinstance(a, exp.Literal) and a.is_string for a in call.expressions):
        return None
    queries = [exp.select(exp.Star()).from_(exp.Table(this=exp.to_identifier(a.name, quoted=True)))
               for a in call.expressions]
    union = queries[0]
    for query in queries[1:]:
        union = exp.Union(this=union, expression=query, distinct=False, by_name=True)
    return union


def input_locations(call: exp.Anonymous) -> list[str] | None:
    """The locations an input source's call reads (``EXTERN('{"type": "http", "uris": [...]}', ...)``, ``http(uris =>
    ARRAY[...])``, ``s3(prefixes => ...)``, ``local(baseDir => '/d', files => ...)``: none for ``inline``, whose rows
    the statement holds); None for any other call."""
    name = call.name.upper()
    if name not in INPUT_FUNCTIONS:
        return None
    if name == "EXTERN":
        spec = call.expressions[0] if call.expressions else None
        if not (isinstance(spec, exp.Literal) and spec.is_string):
            raise UnsupportedStatement("EXTERN: its input source is not a string of JSON")
        try:
            source = json.loads(spec.name)
        except ValueError as err:
            raise UnsupportedStatement(f"EXTERN: its input source is not valid JSON: {err}") from err
        if not isinstance(source, dict):
            raise UnsupportedStatement("EXTERN: its input source is not a JSON object")
        return _source_locations(str(source.get("type", "")).lower(), source)
    arguments: dict[str, object] = {}
    for argument in call.expressions:
        if isinstance(argument, exp.Kwarg):
            value = argument.expression
            if isinstance(value, exp.Array):
                arguments[argument.this.name.lower()] = [v.name for v in value.expressions
                                                         if isinstance(v, exp.Literal) and v.is_string]
            elif isinstance(value, exp.Literal) and value.is_string:
                arguments[argument.this.name.lower()] = value.name
    return _source_locations(name.lower(), {key.replace("_", ""): value for key, value in arguments.items()})


def _source_locations(kind: str, source: dict) -> list[str]:
    """The locations an input source of ``kind`` reads, from its JSON's fields (or its table function's arguments)."""
    fields = {key.lower(): value for key, value in source.items()}

    def listed(key: str) -> list[str]:
        value = fields.get(key)
        return [value] if isinstance(value, str) else [v for v in value if isinstance(v, str)] \
            if isinstance(value, list) else []

    if kind in ("inline", "$inline"):
        return []
    if kind == "local":
        files = listed("files")
        return [file_uri(f) for f in files] if files else [file_uri(d) for d in listed("basedir")]
    if kind == "hdfs":
        return listed("paths")
    found = listed("uris") + listed("prefixes")
    scheme = _SCHEMES.get(kind)
    for item in fields.get("objects") or [] if scheme else []:
        if isinstance(item, dict) and item.get("bucket"):
            found.append(f"{scheme}://{item['bucket']}/{str(item.get('path', '')).lstrip('/')}")
    if scheme and isinstance(fields.get("bucket"), str):
        found += [f"{scheme}://{fields['bucket']}/{path.lstrip('/')}" for path in listed("paths")] \
            or [f"{scheme}://{fields['bucket']}"]
    if not found:
        raise UnsupportedStatement(f"an input source of type {kind or '(none)'}: its files are not named here")
    return found
