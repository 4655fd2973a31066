"""The token grammar of ``sql.commands``, as data: ``tests/data/commands.jsonl``.

One case a line, one of:

- ``{"sql", "expected"}``: ``parse_command`` gives this statement (``as_json`` below), or
  ``null`` when the grammar does not own the statement;
- ``{"sql", "error"}``: ``parse_command`` raises ``CommandSyntaxError`` with this text
  in its message;
- ``{"sql", "unsupported"}``: ``parse_command`` raises ``UnsupportedStatement``, not a
  syntax error, with this text as its reason;
- ``{"sql", "keywords"}``: what ``statement_keywords`` returns, and the kind of the
  statement's scan (``sql.statements.scan``) holds.

A case may name a ``dialect`` (default ``snowflake``).
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest
from sqlglot import exp

from access_history_platform.errors import UnsupportedStatement
from access_history_platform.sql.commands import (
    CommandSyntaxError,
    parse_command,
    statement_keywords,
)
from access_history_platform.sql.statements import scan

CASES = Path(__file__).parent / "data" / "commands.jsonl"


def as_json(node: object) -> Any:
    """A statement as JSON: dataclasses with their class as ``node``, identifiers as
    ``{"name", "quoted"}``, tuples as lists."""
    if isinstance(node, exp.Identifier):
        return {"name": node.this, "quoted": node.quoted}
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        values = {field.name: getattr(node, field.name) for field in dataclasses.fields(node)}
        return {"node": type(node).__name__, **{key: as_json(v) for key, v in values.items()}}
    if isinstance(node, tuple):
        return [as_json(item) for item in node]
    return node


def load_cases(path: Path) -> list[Any]:
    cases = []
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if line.strip():
            case = json.loads(line)
            cases.append(pytest.param(case, id=f"line {number}: {case['sql'][:50]}"))
    return cases


@pytest.mark.parametrize("case", load_cases(CASES))
def test_command(case: dict[str, Any]) -> None:
    sql, dialect = case["sql"], case.get("dialect", "snowflake")
    if "keywords" in case:
        assert list(statement_keywords(sql, dialect)) == case["keywords"]
        # the statement's one tokenization (the resolver's) finds the same keywords as a prefix does
        assert list(scan(sql, dialect).kind.keywords) == case["keywords"]
    elif "unsupported" in case:
        with pytest.raises(UnsupportedStatement) as unsupported:
            parse_command(sql, dialect=dialect)
        assert not isinstance(unsupported.value, CommandSyntaxError)
        assert unsupported.value.reason == case["unsupported"]
    elif "error" in case:
        with pytest.raises(CommandSyntaxError) as raised:
            parse_command(sql, dialect=dialect)
        assert case["error"] in str(raised.value)
    else:
        assert as_json(parse_command(sql, dialect=dialect)) == case["expected"]
