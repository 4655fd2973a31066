"""Brackets in a statement's tokens: how deep each token sits, where a bracketed group ends.

The statement readers that work on sqlglot's tokens (the splitter, the text-read forms of
:mod:`.statements`, the CREATE clauses of :mod:`.create_clauses`, the blocks of :mod:`.scripting`)
skip what is inside brackets: a keyword there belongs to an expression or a subquery, not to the
statement. They take each token's depth from :func:`depths`.

>>> from sqlglot import tokenize
>>> tokens = tokenize("insert into t (a, b) select f(x) from s")
>>> depths(tokens)
[0, 0, 0, 0, 1, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0]
>>> group_end(tokens, 3), group_end(tokens, 2)
(8, 2)
"""

from __future__ import annotations

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
