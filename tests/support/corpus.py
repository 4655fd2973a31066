"""The real-world corpus (tests/data/corpus/): its log, its reviewed quarantine list, and the names it may record.

Each ``.sql`` file of a source folder is one logged request (a script of statements split
as CONTRACT section 1 says), with ``query_id`` ``<source>/<file>``; the files run in the
order of :data:`SOURCES`, each one a second after the previous, so that the DDL of one
file is in the catalog when the next runs. The catalog starts empty: what the statements
read is what the corpus's own DDL created, or unknown (recorded with no id).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from datetime import datetime, timedelta, timezone
from pathlib import Path
from typing import Any, Iterator

from access_history_platform.logs import LogLine, validate_log_record

CORPUS = Path(__file__).parent.parent / "data" / "corpus"
QUARANTINE_LIST = CORPUS / "quarantine.jsonl"
#: (folder, the session's database and schema, files in the order they run; None: every file, sorted)
SOURCES: tuple[tuple[str, str, str, tuple[str, ...] | None], ...] = (
    ("sqlfluff_snowflake", "CORPUS", "PUBLIC", None),
    ("tasty_bytes", "FROSTBYTE_TASTY_BYTES", "APP",
     ("zero_to_app_db_setup.sql", "create_api_user.sql", "backend_queries.sql")),
    ("sf_samples_dcdf", "DEV_WEBINAR_COMMON_DB", "UTIL", None),
)
#: What an entry of the quarantine list says of a statement the engine cannot record yet.
KINDS = {
    "no_record_kind": "a statement Snowflake records nothing for (warehouse, role, user, grant, task, share, "
                      "integration, policy of the account, DESCRIBE, LIST, ...): part B counts it as no record",
    "statement_form": "a valid DDL form the routing or the command grammar does not know yet (dynamic, hybrid, "
                      "Iceberg tables, COMMENT ON, streams, ALTER FUNCTION / PROCEDURE / STAGE, governance "
                      "clauses): part B gives it its record or its no-record kind",
    "scripting_block": "Snowflake Scripting (a BEGIN ... END block or a procedure body split at its ';', "
                       "EXECUTE IMMEDIATE): part B keeps a body whole and resolves a logged block statement by statement",
    "grammar_gap": "valid Snowflake that sqlglot or the command grammar rejects (COPY FILES, CALL ... INTO, ...): part B",
    "variable_name": "IDENTIFIER($v) / IDENTIFIER(:v): the variable's value is not in the log (CONTRACT 3a): stays",
    "not_snowflake_sql": "not a statement Snowflake runs (a '#' comment, a DCM project's DEFINE, a Scripting construct "
                         "outside any block, SQL its documented grammar rejects: the entry's note quotes it): stays",
}
_START = datetime(2024, 3, 1, 9, 0, tzinfo=timezone.utc)


def corpus_files() -> Iterator[tuple[str, Path, str, str]]:
    """(query_id, path, database, schema) of every corpus file, in the order they run."""
    for folder, database, schema, order in SOURCES:
        paths = [CORPUS / folder / name for name in order] if order else sorted((CORPUS / folder).glob("*.sql"))
        for path in paths:
            yield f"{folder}/{path.name}", path, database, schema


def corpus_log() -> list[LogLine]:
    lines = []
    for i, (query_id, path, database, schema) in enumerate(corpus_files()):
        record = {"query_id": query_id, "query_text": path.read_text(encoding="utf-8"),
                  "query_start_time": (_START + timedelta(seconds=i)).isoformat(), "user_name": "CORPUS_USER",
                  "database_name": database, "schema_name": schema}
        lines.append(validate_log_record(record, str(path), 1))
    return lines


def statement_key(query_id: str, text: str) -> tuple[str, str]:
    """How a quarantined statement is known in the list: its file and its text, whitespace collapsed
    (statement numbers would move whenever the splitting of a file changes)."""
    return query_id.split("#")[0], " ".join(text.split())[:200].rstrip()


def load_quarantine_list() -> list[dict[str, Any]]:
    entries = [json.loads(line) for line in QUARANTINE_LIST.read_text(encoding="utf-8").splitlines() if line.strip()]
    for number, entry in enumerate(entries, 1):
        if entry.get("kind") not in KINDS:
            raise ValueError(f"{QUARANTINE_LIST}:{number}: kind {entry.get('kind')!r} is not one of {sorted(KINDS)}")
    return entries


def counts_by_kind(entries: list[dict[str, Any]]) -> Counter:
    return Counter(entry["kind"] for entry in entries)


def object_names(value: Any) -> Iterator[str]:
    """Every ``objectName`` anywhere in a record (entries, joins, sources, policies, DDL)."""
    if isinstance(value, dict):
        for key, item in value.items():
            if key == "objectName":  # in a DDL entry's properties (a RENAME), the new name is its value
                yield item["value"] if isinstance(item, dict) and "value" in item else item
            else:
                yield from object_names(item)
    elif isinstance(value, list):
        for item in value:
            yield from object_names(item)


def invented_name(name: Any) -> str | None:
    """Why ``name`` cannot be an object's name (None when it can): empty, holding '@', more than three parts,
    a table stage's '%'."""
    if not isinstance(name, str) or not name.strip():
        return "an empty name"
    if "@" in name:
        return "a name with '@' (a stage reference taken for an object)"
    if any(not part for part in name.split(".")):
        return "a name with an empty part"
    if len(name.split(".")) > 3:
        return "a name of more than three parts"
    if name.split(".")[-1].startswith("%"):
        return "a name starting with '%' (a table stage taken for an object)"
    return None


_CTE = re.compile(r"(?:\bWITH\s+(?:RECURSIVE\s+)?|,\s*)([A-Za-z_][A-Za-z_0-9$]*)\s*(?:\([^()]*\)\s*)?AS\s*\(", re.I)


def cte_names(text: str) -> set[str]:
    """The names a statement's WITH clauses define (upper-cased, as Snowflake resolves unquoted names)."""
    return {name.upper() for name in _CTE.findall(text)}
