"""T-SQL's compound assignments, written out as the plain assignments they are, for sqlglot's parser.

``SET @x += 1``, ``UPDATE t SET c *= a + 1``, ``SELECT @s += name FROM t``: sqlglot (30.30) parses none of
them. Microsoft defines each ``x op= e`` as ``x = x op e`` with ``e`` computed first, which is
``x = x op (e)``; the target is a variable or a column, so nothing is computed twice. The rewrite works on
the statement's tokens: the target runs back to the ``SET``, ``SELECT`` or ``,`` before it, the value on to
the first ``,``, clause keyword or statement word outside brackets and ``CASE ... END``. An assignment whose
target or value cannot be delimited so is not guessed at: the statement is quarantined, naming it.
"""

from __future__ import annotations

import re

from sqlglot.dialects.dialect import Dialect
from sqlglot.tokens import Token, TokenType

from ..errors import UnsupportedStatement

#: Dialects with compound assignment operators (SQL Server and the warehouses that speak its SQL).
DIALECTS = frozenset({"tsql", "fabric"})
#: The operators of ``+=``, ``-=``, ``*=``, ``/=``, ``%=``, ``&=``, ``^=``, ``|=``.
_OPERATORS = frozenset({TokenType.PLUS, TokenType.DASH, TokenType.STAR, TokenType.SLASH, TokenType.MOD, TokenType.AMP,
                        TokenType.CARET, TokenType.PIPE})
#: What stands right before an assignment's target.
_BEFORE_TARGET = frozenset({TokenType.SET, TokenType.SELECT, TokenType.COMMA})
#: What a target is made of: names, quoted names, dots, ``@``.
_TARGET_PARTS = frozenset({TokenType.VAR, TokenType.IDENTIFIER, TokenType.DOT, TokenType.PARAMETER})
#: Words that end a value outside brackets: the clauses after a SET list or a SELECT's assignments, the
#: branches of an IF or a MERGE, and the statements that may follow without a ``;`` in a batch.
_VALUE_ENDS = frozenset({
    "FROM", "WHERE", "OUTPUT", "OPTION", "WHEN", "THEN", "ELSE", "END", "INTO", "GROUP", "ORDER", "HAVING", "UNION",
    "EXCEPT", "INTERSECT", "INSERT", "UPDATE", "DELETE", "MERGE", "SELECT", "WITH", "CREATE", "ALTER", "DROP",
    "TRUNCATE", "DECLARE", "SET", "EXEC", "EXECUTE", "PRINT", "USE", "RETURN", "IF", "WHILE", "BEGIN", "COMMIT",
    "ROLLBACK", "GOTO", "BREAK", "CONTINUE"})
_NOT_NAMES = _VALUE_ENDS | {"AND", "OR", "NOT", "ON", "AS", "JOIN", "BY", "IS", "IN", "LIKE", "BETWEEN"}
_QUOTED = frozenset({TokenType.STRING, TokenType.NATIONAL_STRING, TokenType.BYTE_STRING})
_MAY_HAVE_ONE = re.compile(r"[-+*/%&^|]=")


def written_out(text: str, dialect: str, tokens: list[Token] | None = None) -> str:
    """``text`` with each compound assignment written out (the same text when it has none, or the dialect none).
    ``tokens`` are the text's own when the caller has them. Raises :class:`UnsupportedStatement` for an assignment
    that cannot be delimited.

    >>> written_out("UPDATE t SET c *= a + 1, d -= 2 WHERE e = 3", "tsql")
    'UPDATE t SET c = c * (a + 1), d = d - (2) WHERE e = 3'
    >>> written_out("SET @total += CASE WHEN @n > 0 THEN 1 END SELECT @total", "tsql")
    'SET @total = @total + (CASE WHEN @n > 0 THEN 1 END) SELECT @total'
    """
    if dialect not in DIALECTS or not _MAY_HAVE_ONE.search(text):
        return text
    if tokens is None:
        tokens = Dialect.get_or_raise(dialect).tokenize(text)
    pieces, position = [], 0
    for index in range(1, len(tokens)):
        operator, equals = tokens[index - 1], tokens[index]
        if equals.token_type != TokenType.EQ or operator.token_type not in _OPERATORS or operator.end + 1 != equals.start:
            continue
        first, end = _target_start(tokens, index - 1), _value_end(tokens, index + 1)
        if first is None or end is None:
            line, column = equals.line, equals.col
            raise UnsupportedStatement(
                f"cannot parse: the compound assignment {operator.text}= at line {line}, column {column} has no "
                "variable or column before it or no value after it (x op= value is read as x = x op (value))")
        target = text[tokens[first].start : operator.start].strip()
        value = text[tokens[index + 1].start : tokens[end - 1].end + 1]
        pieces.append(f"{text[position : operator.start]}= {target} {operator.text} ({value})")
        position = tokens[end - 1].end + 1
    return "".join(pieces) + text[position:]


def _target_start(tokens: list[Token], operator: int) -> int | None:
    """The index of the first token of the target before ``tokens[operator]``, or None if it is not a name."""
    first = operator
    while first > 0 and tokens[first - 1].token_type not in _BEFORE_TARGET:
        first -= 1
    if first == 0 or first == operator:
        return None
    names = all(token.token_type in _TARGET_PARTS or (
        token.token_type not in _QUOTED and token.text.isidentifier() and token.text.upper() not in _NOT_NAMES)
        for token in tokens[first:operator])  # a name may be a keyword (a column called DATE), not a clause's word
    return first if names else None


def _value_end(tokens: list[Token], start: int) -> int | None:
    """The index one past the value that starts at ``tokens[start]``, or None if it is empty or its brackets do not close."""
    depth = cases = 0
    end = start
    while end < len(tokens):
        token = tokens[end]
        kind, word = token.token_type, token.text.upper()
        if kind == TokenType.L_PAREN:
            depth += 1
        elif kind == TokenType.R_PAREN:
            if not depth:
                break
            depth -= 1
        elif not depth and kind == TokenType.CASE:
            cases += 1
        elif not depth and cases and word == "END":
            cases -= 1
        elif not depth and (kind in (TokenType.COMMA, TokenType.SEMICOLON) or (not cases and word in _VALUE_ENDS)):
            break
        end += 1
    return end if end > start and not depth else None
