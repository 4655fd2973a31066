"""Snowflake SQL to Spark SQL (no Spark): each case of tests/data/queries/translations.json is a
question in, the Spark SQL (or the one-line error) out."""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path

import pytest

from access_history_platform.query import QueryError, split, translate

CASES = json.loads((Path(__file__).parent / "data" / "queries" / "translations.json").read_text())
EXAMPLES = sorted((Path(__file__).parents[1] / "examples" / "queries").glob("*.sql"))


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_translation(case: dict) -> None:
    now = datetime.fromisoformat(case["now"]) if case.get("now") else None
    if "error" in case:
        with pytest.raises(QueryError) as raised:
            translate(case["snowflake"], dialect=case.get("dialect", "snowflake"), now=now)
        assert str(raised.value).startswith(case["error"])
        assert "\n" not in str(raised.value)
        return
    translation = translate(case["snowflake"], dialect=case.get("dialect", "snowflake"), now=now)
    assert len(translation.ignored) == case.get("ignored", 0)
    if "contains" in case:
        assert case["contains"] in translation.statements[-1]
    else:
        assert (translation.statements[-1] if translation.statements else None) == case["spark"]


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_every_reference_query_translates(path: Path) -> None:
    translation = translate(path.read_text())
    assert len(translation.statements) == 1
    assert "LATERAL FLATTEN" not in translation.statements[0].upper()
    assert "INPUT =>" not in translation.statements[0].upper()
    assert "GET_JSON_OBJECT" not in translation.statements[0].upper()


#: A text of questions in, its questions out (or the error of a text that holds none).
SPLITS = [
    ("select 1 as a;\nselect 2 as b;\n", ["select 1 as a", "select 2 as b"]),
    ("select ';' as a; -- b\nselect $$x;y$$ as b -- c; d\n;", ["select ';' as a", "-- b\nselect $$x;y$$ as b"]),
    ("use role r; alter session set timezone = 'UTC'; set x = 1; select 1;;", ["select 1"]),
    ("select (; select 2", ["select (", "select 2"]),  # the first one's parse error is its own
    ("use role r;", []),
    ("-- nothing\n;", "the question holds no statement"),
    ("select 'a; select 2", "cannot parse the question as snowflake SQL"),
]


@pytest.mark.parametrize(("text", "questions"), SPLITS, ids=[text for text, _ in SPLITS])
def test_split(text: str, questions: list[str] | str) -> None:
    if isinstance(questions, str):
        with pytest.raises(QueryError, match=f"^{questions}"):
            split(text)
    else:
        assert split(text) == questions


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_every_reference_query_is_one_question(path: Path) -> None:
    questions = split(path.read_text())
    assert len(questions) == 1
    assert translate(questions[0]).statements == translate(path.read_text()).statements
