"""The command grammar's tokens: sqlglot's own token stream, with absolute offsets.

Quoting, comments and string escapes follow the dialect exactly because the tokens are
sqlglot's. ``statement_keywords`` routes a statement by its first keywords without parsing it.
"""

from __future__ import annotations

import threading
from enum import Enum
from functools import lru_cache
from typing import NamedTuple

from sqlglot.dialects.dialect import Dialect
from sqlglot.errors import TokenError
from sqlglot.tokens import Token as SqlglotToken
from sqlglot.tokens import Tokenizer, TokenType

__all__ = [
    "CLOSING",
    "OPENING",
    "QUOTED",
    "STRINGS",
    "UNLEXABLE",
    "Token",
    "dialect_named",
    "is_name_part",
    "from_sqlglot",
    "is_word",
    "leading_keywords",
    "lex",
    "matches",
    "sqlglot_tokens",
    "statement_keywords",
    "tokenizer_of",
    "touching",
]

#: The prefix :func:`statement_keywords` tokenizes first (doubled until the keywords are settled): three
#: keywords fit in it unless comments come first. A log line's kind is decided for every line a day
#: lands, and the cost of a tokenization grows with its text: 256 characters cost 40 us, 64 cost 17.
_PREFIX_CHARS = 64


def statement_keywords(sql: str, dialect: str = "snowflake") -> tuple[str, ...]:
    """The statement's first (up to three) keywords, upper-cased, comments skipped.

    Stops at the first token that is not a keyword (a name, a literal, punctuation).
    Tokenizes only a prefix of the text, so a long statement costs no more than a short one.

    >>> statement_keywords("/* nightly */ create or replace table t (a int)")
    ('CREATE', 'OR', 'REPLACE')
    >>> statement_keywords("alter table db.s.t add column c int")
    ('ALTER', 'TABLE')
    """
    resolved = dialect_named(dialect)
    vocabulary = _vocabulary(resolved.tokenizer_class)
    size = _PREFIX_CHARS
    while True:
        whole = size >= len(sql)
        tokens = lex(sql[:size], resolved, follow_commands=False)
        settled = tokens if whole else tokens[:-1]  # the cut may have split the last one
        words = _leading_keywords(settled, vocabulary)
        if whole or len(words) == 3 or len(words) < len(settled):
            return words
        size *= 2


# ---------------------------------------------------------------------------------------
# Tokens


class Unlexable(Enum):
    """The type of the token that holds the rest of a text sqlglot cannot tokenize: none of sqlglot's types (its
    ``UNKNOWN`` is the keyword of ``IS UNKNOWN``, a column may be named so too)."""

    REST = "UNLEXABLE"


class Token(NamedTuple):
    type: TokenType | Unlexable
    text: str
    start: int
    end: int  # inclusive, as sqlglot's


UNLEXABLE = Unlexable.REST
QUOTED = frozenset(
    {
        TokenType.IDENTIFIER,
        TokenType.STRING,
        TokenType.RAW_STRING,
        TokenType.HEREDOC_STRING,
        TokenType.NATIONAL_STRING,
        TokenType.BYTE_STRING,
        TokenType.BIT_STRING,
        TokenType.HEX_STRING,
        TokenType.UNICODE_STRING,
    }
)
STRINGS = frozenset(
    {TokenType.STRING, TokenType.RAW_STRING, TokenType.HEREDOC_STRING, TokenType.NATIONAL_STRING,
     TokenType.BYTE_STRING}  # (PostgreSQL's escape string E'...' is one to sqlglot's tokenizer)
)
OPENING = frozenset({TokenType.L_PAREN, TokenType.L_BRACKET, TokenType.L_BRACE})
CLOSING = frozenset({TokenType.R_PAREN, TokenType.R_BRACKET, TokenType.R_BRACE})


def lex(
    sql: str, dialect: Dialect, start: int = 0, *, follow_commands: bool = True
) -> list[Token]:
    """Tokens of ``sql[start:]`` with absolute offsets.

    sqlglot turns everything after a leading command keyword (``CALL``, ``EXPLAIN``) into
    one opaque string token, so that remainder is lexed again. Text the tokenizer cannot
    read (an unterminated string or comment) ends the list with one ``UNKNOWN`` token.
    """
    raw, error = sqlglot_tokens(sql[start:], dialect)
    return from_sqlglot(raw, error is not None, sql, dialect, start, follow_commands=follow_commands)


def sqlglot_tokens(sql: str, dialect: Dialect) -> tuple[list[SqlglotToken], TokenError | None]:
    """sqlglot's tokens of ``sql``; when they stop early at text the tokenizer cannot read, those
    before it and the tokenizer's error."""
    tokenizer = tokenizer_of(dialect)
    try:
        return tokenizer.tokenize(sql), None
    except TokenError as err:
        return list(tokenizer.tokens), err


@lru_cache(maxsize=64)
def dialect_named(name: str) -> Dialect:
    """sqlglot's dialect of that name, made once (``Dialect.get_or_raise`` makes a new one at every call)."""
    return Dialect.get_or_raise(name)


_KEPT = threading.local()


def tokenizer_of(dialect: Dialect) -> Tokenizer:
    """This thread's tokenizer of ``dialect``, made once. ``Dialect.tokenize`` makes a new one at every
    call (its keyword and quote tables built again: 7-9 us, as much as tokenizing a statement's first
    words); a tokenizer starts every text afresh and returns a new list, so one can serve every text of
    its thread (not two threads at once: it holds the text it is reading).

    >>> tokenizer_of(dialect_named("snowflake")) is tokenizer_of(dialect_named("snowflake"))
    True
    """
    kept = getattr(_KEPT, "tokenizers", None)
    if kept is None:
        kept = _KEPT.tokenizers = {}
    found = kept.get(dialect)
    if found is None:
        found = kept[dialect] = dialect.tokenizer()
    return found


#: The zero-width token sqlglot's Athena tokenizer puts before a statement of Hive's DDL (ALTER, DROP, CREATE
#: EXTERNAL TABLE ...), which its parser reads in Hive's grammar.
HIVE_STREAM = getattr(TokenType, "HIVE_TOKEN_STREAM", None)


def from_sqlglot(raw: list[SqlglotToken], broken: bool, sql: str, dialect: Dialect, start: int = 0, *,
                 follow_commands: bool = True) -> list[Token]:
    """:func:`lex`'s tokens made of sqlglot's tokens of ``sql[start:]`` (no second tokenization
    of the text, except of what follows a leading command keyword when ``follow_commands``)."""
    tokens: list[Token] = []
    commands = dialect.tokenizer_class.COMMANDS  # (COMMAND, and the keywords sqlglot reads as one: RENAME, SHOW ...)
    for index, token in enumerate(raw):
        if token.token_type is HIVE_STREAM:  # Athena's mark of Hive DDL: no text, no part of the statement
            continue
        tokens.append(Token(token.token_type, token.text, token.start + start, token.end + start))
        if follow_commands and (token.token_type is TokenType.COMMAND or token.token_type in commands and (
                index + 1 < len(raw) and raw[index + 1].token_type is TokenType.STRING)):  # (its rest: one string)
            return tokens + lex(sql, dialect, token.end + start + 1)
    if broken:
        tokens.append(_unlexable(sql, tokens[-1].end + 1 if tokens else start))
    return tokens


def leading_keywords(raw: list[SqlglotToken], dialect: Dialect) -> tuple[str, ...]:
    """:func:`statement_keywords` of a statement already tokenized whole (``raw``: sqlglot's tokens)."""
    first = [Token(token.token_type, token.text, token.start, token.end)
             for token in raw[:4] if token.token_type is not HIVE_STREAM][:3]
    return _leading_keywords(first, _vocabulary(dialect.tokenizer_class))


def _unlexable(sql: str, offset: int) -> Token:
    while offset < len(sql) and sql[offset].isspace():
        offset += 1
    return Token(UNLEXABLE, sql[offset:], offset, len(sql) - 1)


def is_word(token: Token | None) -> bool:
    """An unquoted word: a keyword or a plain identifier."""
    if token is None or token.type in QUOTED or token.type is UNLEXABLE or not token.text:
        return False
    first = token.text[0]
    return (first.isalpha() or first == "_") and all(
        char.isalnum() or char in "_$" for char in token.text
    )


def is_name_part(token: Token | None) -> bool:
    return is_word(token) or (token is not None and token.type is TokenType.IDENTIFIER)


def matches(token: Token | None, word: str) -> bool:
    """The token is the keyword or punctuation ``word`` (never a quoted name or string)."""
    return token is not None and token.type not in QUOTED and token.text.upper() == word


def touching(left: Token, right: Token) -> bool:
    """``right`` starts right where ``left`` ends (no space or comment between them)."""
    return right.start == left.end + 1 and right.type not in (TokenType.SEMICOLON, UNLEXABLE)


@lru_cache(maxsize=None)
def _vocabulary(tokenizer_class: type[Tokenizer]) -> frozenset[str]:
    return frozenset(key for key in tokenizer_class.KEYWORDS if " " not in key) | _GRAMMAR_WORDS


def _leading_keywords(tokens: list[Token], vocabulary: frozenset[str]) -> tuple[str, ...]:
    words: list[str] = []
    for token in tokens[:3]:
        if not is_word(token) or token.text.upper() not in vocabulary:
            break
        words.append(token.text.upper())
    return tuple(words)


_GRAMMAR_WORDS = frozenset(
    """CALL GET PUT EXPLAIN CREATE ALTER DROP UNDROP OR REPLACE IF NOT EXISTS TAG MASKING ROW
    ACCESS POLICY POLICIES SEQUENCE TABLE VIEW MATERIALIZED EXTERNAL SCHEMA DATABASE STAGE
    STREAM FUNCTION PROCEDURE SECURE TEMPORARY TEMP TRANSIENT VOLATILE DYNAMIC ICEBERG
    HYBRID RECURSIVE RENAME COMMENT ATTACH DETACH FLASHBACK EXCHANGE""".split()
)
