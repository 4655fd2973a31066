"""A statement's tokens as the statement readers use them: the tokens of a text (:func:`tokens_of`), a token's
word (:func:`word_of`), how deep each token sits in brackets, where a bracketed group ends, the calls of a word
(:func:`calls_of`), and a text edited at token boundaries (:func:`edited`).

The statement readers that work on sqlglot's tokens (the splitter, the text-read forms of
:mod:`.statements`, :mod:`.rewrites` and :mod:`.tsql`, the CREATE clauses of :mod:`.create_clauses`, the blocks
of :mod:`.scripting`) skip what is inside brackets: a keyword there belongs to an expression or a subquery, not to the
statement. They take each token's depth from :func:`depths`.

>>> from sqlglot import tokenize
>>> tokens = tokenize("insert into t (a, b) select f(x) from s")
>>> depths(tokens)
[0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0]
>>> group_end(tokens, 3), group_end(tokens, 2)
(8, 2)
"""

from __future__ import annotations

from collections.abc import Iterator

from sqlglot.dialects.dialect import Dialect
from sqlglot.tokens import Token, TokenType

#: Round brackets only: the brackets of SQL's clauses, groups and calls.
PARENS = (frozenset({TokenType.L_PAREN}), frozenset({TokenType.R_PAREN}))
#: Every bracket: also array subscripts and literals (``[...]``) and struct or JSON literals (``{...}``).
BRACKETS = (frozenset({TokenType.L_PAREN, TokenType.L_BRACKET, TokenType.L_BRACE}),
            frozenset({TokenType.R_PAREN, TokenType.R_BRACKET, TokenType.R_BRACE}))


def depths(tokens: list[Token], brackets: tuple[frozenset, frozenset] = PARENS, start: int = 0) -> list[int]:
    """The depth of each token from ``start`` on, in brackets opened from ``start`` on: a bracket has the depth
    of the text around it; the text inside a pair one more. A bracket closed that ``start`` is inside of gives
    -1 (and less) from there on.

    >>> from sqlglot import tokenize
    >>> depths(tokenize("a [1] (b)"), BRACKETS), depths(tokenize("a [1] (b)")), depths(tokenize("f(a, b) c"), start=2)
    ([0, 0, 1, 0, 0, 1, 0], [0, 0, 0, 0, 0, 1, 0], [0, 0, 0, -1, -1])
    """
    opens, closes = brackets
    found, depth = [], 0
    for token in tokens[start:]:
        if token.token_type in closes:
            depth -= 1
        found.append(depth)
        if token.token_type in opens:
            depth += 1
    return found


def group_end(tokens: list[Token], index: int) -> int:
    """The index after the round-bracketed group opening at ``index`` (``index`` itself if none opens there; the
    tokens' end if it never closes)."""
    if index >= len(tokens) or tokens[index].token_type != TokenType.L_PAREN:
        return index
    opens, closes = PARENS
    depth = 0
    for at in range(index + 1, len(tokens)):  # up to the closing bracket only: a loop over groups stays linear
        kind = tokens[at].token_type
        if kind in closes:
            if depth == 0:
                return at + 1
            depth -= 1
        elif kind in opens:
            depth += 1
    return len(tokens)


def calls_of(tokens: list[Token], words: str | frozenset[str] | tuple[str, ...]) -> Iterator[tuple[int, int]]:
    """Each call of one of ``words`` (a word, then ``(``): the index of its word and of its closing bracket (the
    tokens' end if it never closes), in the order they open.

    >>> from sqlglot import tokenize
    >>> list(calls_of(tokenize("select f(a, g(b)), f from t where f(c)"), "F"))
    [(1, 9), (15, 18)]
    """
    wanted = (words,) if isinstance(words, str) else words
    for index in range(len(tokens) - 1):
        if word_of(tokens[index]) in wanted and tokens[index + 1].token_type == TokenType.L_PAREN:
            yield index, group_end(tokens, index + 1) - 1


#: The tokens of string literals of every kind.
STRING_TOKENS = frozenset({TokenType.STRING, TokenType.RAW_STRING, TokenType.HEREDOC_STRING,
                           TokenType.NATIONAL_STRING, TokenType.BYTE_STRING})


def word_of(token: Token | None) -> str | None:
    """A token's text in upper case (a keyword or a bare name as the statement readers compare them); None for a
    string of any kind (T-SQL's ``N'BEGIN'`` is no BEGIN), a quoted identifier, or no token."""
    return token.text.upper() if token is not None and token.token_type not in _NOT_WORDS else None


#: The tokens whose text is no word: strings of every kind and quoted identifiers.
_NOT_WORDS = frozenset({TokenType.STRING, TokenType.NATIONAL_STRING, TokenType.NATIONAL_RAW_STRING, TokenType.RAW_STRING,
                        TokenType.BYTE_STRING, TokenType.BIT_STRING, TokenType.HEX_STRING, TokenType.HEREDOC_STRING,
                        TokenType.UNICODE_STRING, TokenType.IDENTIFIER})


#: Commands whose remainder the tokenizer takes as one opaque string, lexed again, by dialect: BigQuery's block
#: (``BEGIN statements``, ``EXCEPTION WHEN ERROR THEN ... END``: its words, and the END that closes it) and loops.
_REOPENED = {"bigquery": frozenset({"BEGIN", "EXCEPTION", "WHILE", "LOOP", "REPEAT", "ELSEIF"}),
             # T-SQL's PRINT 'x' and UPDATE STATISTICS t take the rest of a batch without ';' as their text
             "tsql": frozenset({"PRINT", "UPDATE STATISTICS"})}


def tokens_of(text: str, dialect: str) -> list[Token]:
    """sqlglot's tokens of ``text``, where the tokenizer took what follows an ``END`` that starts a statement as one
    opaque string (T-SQL's ``END TRY``, ``END CATCH``, a statement after a block's ``END``), or a command of
    :data:`_REOPENED`, lexed again (and what that holds, a block in a block): the block rule and the statement
    cuts must see those words."""
    resolved = Dialect.get_or_raise(dialect)
    return lexed_again(text, resolved.tokenize(text), resolved, _REOPENED.get(dialect, frozenset()))


def lexed_again(text: str, tokens: list[Token], resolved: Dialect, reopened: frozenset[str]) -> list[Token]:
    """``tokens`` (of ``text``) with each opaque remainder lexed again, in place: one after an ``END`` where the dialect's
    tokenizer takes ``END`` for a command, one after a command of ``reopened``; the tokens it holds keep their offsets
    in ``text``. ``tokens`` itself when none is there."""
    ends = TokenType.END in resolved.tokenizer_class.COMMANDS
    if not ends and not any(t.token_type == TokenType.COMMAND and t.text.upper() in reopened for t in tokens):
        return tokens
    lexed: list[Token] = []
    for index, token in enumerate(tokens):
        before = tokens[index - 1] if index else None
        stop = token.end + 1  # (the tokenizer's end takes in the white space before a ';' that the remainder drops)
        while stop > 0 and stop <= len(text) and text[stop - 1].isspace():
            stop -= 1
        start = stop - len(token.text)  # where an opaque remainder starts (its token's start is not kept)
        opaque = before is not None and ((ends and before.token_type == TokenType.END) or (
            before.token_type == TokenType.COMMAND and before.text.upper() in reopened))
        if (opaque and token.token_type == TokenType.STRING
                and text[start:stop] == token.text):  # not a quoted string: the remainder as written
            for inner in lexed_again(token.text, resolved.tokenize(token.text), resolved, reopened):
                inner.start, inner.end = inner.start + start, inner.end + start
                lexed.append(inner)
        else:
            lexed.append(token)
    return lexed


def edited(text: str, tokens: list[Token], edits: list[tuple[int, int, str]], dialect: str
           ) -> tuple[str, list[Token]]:
    """``text`` with each range of characters ``[start, stop)`` of ``edits`` replaced by its text (ranges apart;
    an empty one inserts), and its tokens; ``text`` and ``tokens`` themselves when there is no edit.

    >>> edited("select a b", [], [(9, 9, "AS "), (0, 6, "SELECT")], "snowflake")[0]
    'SELECT a AS b'
    """
    if not edits:
        return text, tokens
    pieces, done = [], 0
    for start, stop, replacement in sorted(edits):
        pieces += [text[done:start], replacement]
        done = stop
    written = "".join(pieces) + text[done:]
    return written, Dialect.get_or_raise(dialect).tokenize(written)
