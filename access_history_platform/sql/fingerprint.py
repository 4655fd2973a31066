"""Statement fingerprints: the text with literals replaced and whitespace and comments folded.

A busy warehouse runs mostly repeats of a few thousand statement templates (dashboards,
scheduled jobs) with different literals. Which objects and columns a query or a DML
statement reads and writes does not depend on its literals, so its resolution can be
cached per fingerprint (a list of literals after IN counts as one, whatever its length).
The fingerprint is computed by one scan of the text, without a
parse. Statements whose meaning does depend on their literals or on who runs them
(DDL, COPY / PUT / GET locations, ``IDENTIFIER('...')``, a string naming an object or files
(``TABLE('t')``, ``read_files('/path')``), a number or a list that decides columns (``stack(2, ...)``, a
``PIVOT``'s ``IN`` list: :data:`MEANINGFUL_LITERALS`), the user stage ``@~``) get no
fingerprint: they are cached by their exact text, or not at all.

Every scan here is linear in the text, whatever it holds: repeats are possessive (they
never give back what they matched) and an opener that is never closed (``/*``, a quote,
``$$``) takes the rest of the text at once, instead of being tried again, to the end, at
each later opener. :data:`SKIPPED`, the spans a scan of SQL text steps over whole, is
shared with the parser's nesting guard (:mod:`.parsing`).
"""

from __future__ import annotations

import re
from functools import lru_cache

# The spans a scan steps over whole (comments, strings, quoted identifiers), by kind; an
# opener never closed (UNCLOSED) takes the rest of the text.
_COMMENT = r"--[^\n]*|//[^\n]*|/\*.*?\*/"
_STRING = r"'(?:[^'\\]|\\.|'')*+'|\$\$.*?\$\$"
_QUOTED = r'"(?:[^"]|"")*+"|`[^`]*+`'
_UNCLOSED = r"(?:/\*|['\"`]|\$\$).*"

#: Comments, strings and quoted identifiers (an unclosed one to the end of the text).
SKIPPED = re.compile(f"{_COMMENT}|{_STRING}|{_QUOTED}|{_UNCLOSED}", re.DOTALL)
#: A closed comment (the pattern's text, to build on; with ``re.DOTALL``).
COMMENT = _COMMENT

# Only what changes is matched: comments, strings,
# quoted identifiers (kept, their inner whitespace protected from the folding that follows),
# numbers standing alone (not the digits of a name, nor positional columns ``$1``), and the
# rest of a text after an opener never closed (kept as it is: no well-formed statement can
# share its fingerprint).
_LITERALS = re.compile(
    rf"""
    (?=[-/'"`$\d])  # one test at each position before the alternatives
    (?:
      (?P<comment>{_COMMENT})
    | (?P<string>{_STRING})
    | (?P<quoted>{_QUOTED})
    | (?P<number>(?<![\w$.])\d+(?:\.\d*)?(?:[eE][+-]?\d+)?(?![\w$]))
    | (?P<unclosed>{_UNCLOSED})
    )
    """,
    re.VERBOSE | re.DOTALL,
)
# The same for ASCII text (most statements), where ``\d`` is ``[0-9]``: starting with a plain
# character class lets the regex engine skip to the next candidate character in C, instead
# of trying the pattern at every position (about 40 % less time on a typical statement).
_ASCII_LITERALS = re.compile(
    r"""
    [-/'"`$0-9]
    (?:
      (?P<comment>(?<=-)-[^\n]*|(?<=/)/[^\n]*|(?<=/)\*.*?\*/)
    | (?P<string>(?<=')(?:[^'\\]|\\.|'')*+'|(?<=\$)\$.*?\$\$)
    | (?P<quoted>(?<=")(?:[^"]|"")*+"|(?<=`)[^`]*+`)
    | (?P<number>(?<=[0-9])(?<![\w$.][0-9])[0-9]*(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?(?![\w$]))
    | (?P<unclosed>(?:(?<=/)\*|(?<=['"`])|(?<=\$)\$).*)
    )
    """,
    re.VERBOSE | re.DOTALL,
)
# Whitespace inside a quoted identifier is part of the name: kept as markers the folding leaves alone, each NUL
# first doubled, so that no name's markers are another name's characters ("a b" is not "a<NUL>b").
_PROTECTED_SPACE = {ord("\x00"): "\x00\x00", ord(" "): "\x00s", ord("\n"): "\x00n", ord("\t"): "\x00t"}
# A list of literals after IN, whatever its length: ``IN (?, ?, ?)`` reads what ``IN (?)`` reads; in the folded
# text it is ``IN (...)`` or ``IN(...)``, and both become ``IN (?*)``. Each pattern starts with its ``(``, which the
# regex engine looks for in C: a pattern starting with the lookbehind was tried at every position of the text.
_IN_LIST_SPACED = re.compile(r"\((?<=[^\w$\"][Ii][Nn] \() ?\?(?: ?, ?\?)* ?\)")
_IN_LIST_TIGHT = re.compile(r"\((?<=[^\w$\"][Ii][Nn]\() ?\?(?: ?, ?\?)* ?\)")
_CACHEABLE_HEAD = re.compile(r"\s*(?:\(\s*)*(select|with|insert|update|delete|merge)\b", re.IGNORECASE)
# Where a query's literal is more than a value, in the folded text (each literal a ``?``). A string names what is
# read or written: in a call, an object (Snowflake's ``TABLE('t')``, Databricks' ``table_changes('t', 1)``), files
# (``read_files('/path')``, ``table_changes_by_path('/path', 1)``, Auto Loader's ``cloud_files``, DuckDB's
# ``read_csv`` / ``read_parquet`` ...) or another system's query (Trino's pass-through ``system.query('...')``, T-SQL's
# ``OPENQUERY(server, '...')``); a named argument that names one (Trino's
# ``table_changes(schema_name => 's', table_name => 't')``, ``query => '...'``, MongoDB's ``database => 'db',
# collection => 'c'``, Databricks' ``read_files(path => '/mnt/x/')``); ``INSERT OVERWRITE DIRECTORY '/path'``; a string in FROM or JOIN (a table's name in
# SQLite, PostgreSQL and others, files in DuckDB and Databricks: ``FROM 't'``; an ``EXTRACT(YEAR FROM '...')``
# loses its fingerprint too). A string picks the columns a star reads (Snowflake's ``SELECT * ILIKE '%amount%'``). A number decides columns: ``stack(2, a, b, c, d)`` gives two, ``stack(4, ...)``
# one. A ``PIVOT``'s ``IN ('a', 'b')`` gives a column per value (a list of literals after IN is otherwise folded
# into one). A BigQuery wildcard table's ``_TABLE_SUFFIX`` compared with strings picks the tables read. Such
# statements are cached by their exact text, never by a fingerprint another literal shares.
# (DuckDB's files named after a comma, ``FROM t, 'b.csv'``, are no pattern: the resolver keys a DuckDB statement with
# a string by its text.)
MEANINGFUL_LITERALS = re.compile(
    r"""\b(?:table|table_changes|table_changes_by_path|query|external_query|cloud_files|read_\w+|\w+_scan|sniff_csv
           |parquet_\w+
           |stack)\ ?\(\ ?(?:\[\ ?)?\?
      | \bopenquery\ ?\([^,()]*,\ ?\?
      | \bdirectory\ ?\?
      | \b(?:query|table_name|schema_name|database|collection)\ ?=>\ ?\?
      | \b(?:read_\w+|cloud_files)\ ?\(\ ?path\ ?=>\ ?\?
      | \*\ ?ilike\ ?\?
      | (?<!distinct\ )\b(?:from|join)\ ?\?
      | \bpivot\b""",
    re.IGNORECASE | re.VERBOSE)


def meaningful_literals(folded: str) -> bool:
    """Whether a folded text holds a literal of :data:`MEANINGFUL_LITERALS`: the same answer, found by
    :data:`_REVERSED_FORMS` in the reversed text, where each form starts at its literal's ``?``, a character the regex
    engine looks for in C (the pattern itself, tried at every position of every statement, cost five times the rest
    of the fingerprint).

    >>> [meaningful_literals(t) for t in ("select * from table(?)", "select a from t where b > ?",
    ...  "select * from t, table(flatten(input => t.v, path => ?))", "insert into t select * from read_parquet([?])",
    ...  "select a from `d.e_*` where _TABLE_SUFFIX = ?", "select a from openquery(srv, ?) r")]
    [True, False, False, True, True, True]
    """
    return _meaningful(folded, folded.lower())


def _meaningful(folded: str, lowered: str) -> bool:
    """:func:`meaningful_literals`, given the text lower-cased."""
    if "pivot" in lowered and MEANINGFUL_LITERALS.search(folded) is not None:
        return True
    if "_table_suffix" in lowered:  # BigQuery's wildcard table reads the tables its suffix's literals keep
        return True
    return _REVERSED_FORMS.search(folded[::-1]) is not None


#: :data:`MEANINGFUL_LITERALS`' forms but PIVOT, reversed.
_REVERSED_FORMS = re.compile(
    r"""\?(?:\ ?(?:\[\ ?)?\(\ ?(?:elbat|segnahc_elbat|htap_yb_segnahc_elbat|yreuq|yreuq_lanretxe|selif_duolc|\w+_daer|nacs_\w+|vsc_ffins|\w+_teuqrap
             |kcats)\b
          | \ ?,[^,()]*\(\ ?yreuqnepo\b
          | \ ?yrotcerid\b
          | \ ?>=\ ?(?:yreuq|eman_elbat|eman_amehcs|esabatad|noitcelloc)\b
          | \ ?>=\ ?htap\ ?\(\ ?(?:\w+_daer|selif_duolc)\b
          | \ ?ekili\ ?\*
          | \ ?(?:morf|nioj)\b(?!\ tcnitsid))""",
    re.IGNORECASE | re.VERBOSE)


def _fold(match: re.Match[str]) -> str:
    kind = match.lastgroup
    if kind == "quoted":
        return match.group().translate(_PROTECTED_SPACE)
    if kind == "unclosed":
        return match.group()
    return " " if kind == "comment" else "?"


def fingerprint(text: str) -> str | None:
    """The statement with its literals as ``?``, or None when its resolution must not be cached.

    >>> fingerprint("SELECT a FROM t WHERE b = 'x' AND c > 10 -- daily")
    'SELECT a FROM t WHERE b = ? AND c > ?'
    >>> fingerprint("select $1 from @s") == fingerprint("select $2 from @s")
    False
    >>> fingerprint("select a from t where b in (1, 2, 3)") == fingerprint("select a from t where b in ('x')")
    True
    >>> fingerprint("create table t2 as select 1 a") is None
    True
    >>> fingerprint("select * from read_files('/landing/2024/')") is None  # the literal names the files read
    True
    """
    if not _CACHEABLE_HEAD.match(text) or "@~" in text:
        return None
    literals = _ASCII_LITERALS if text.isascii() else _LITERALS
    folded = " ".join(literals.sub(_fold, text).split())
    return _remembered_shape(folded) if len(folded) <= REMEMBERED_CHARS else _shape(folded)


def _shape(folded: str) -> str | None:
    """The fingerprint of a text whose literals are folded (:func:`fingerprint`)."""
    lowered = folded.lower()  # (IDENTIFIER(...) of a literal or a variable: never in a literal or a comment)
    if "identifier" in lowered or "?" in folded and _meaningful(folded, lowered):
        return None
    if "(?" not in folded and "( ?" not in folded:
        return folded
    return _IN_LIST_TIGHT.sub(" (?*)", _IN_LIST_SPACED.sub("(?*)", folded))


#: :func:`_shape` remembered for the folded texts of up to :data:`REMEMBERED_CHARS` characters, the last
#: :data:`REMEMBERED_SHAPES` of them: whatever the log holds, 64 MB of ASCII at most. A busy day's statements are
#: mostly repeats of its templates, whose folded texts repeat exactly (5,060 of them, of at most 921 characters, in
#: the benchmark's day of 100,000 statements: each template with the few lengths its lists of literals after IN take).
#: The tests of :func:`_shape`, above all the meaningful literals', cost a repeat a quarter of its fingerprint; and a
#: repeat gets the very same string, whose hash the resolution cache's key then does not compute again.
REMEMBERED_SHAPES = 8192
REMEMBERED_CHARS = 4096
_remembered_shape = lru_cache(maxsize=REMEMBERED_SHAPES)(_shape)
