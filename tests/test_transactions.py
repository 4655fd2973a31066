"""A transaction block's DDL undone by its ROLLBACK, where DDL is transactional (PostgreSQL, Redshift, DuckDB,
SQLite): the catalog later statements resolve against is the one the database has (review s15a F9: PostgreSQL's
transactions.sql and prepared_xacts.sql read a table a rolled-back DROP had taken, with no columns). Snowflake and
MySQL commit DDL as it runs: their ROLLBACK leaves it."""

from __future__ import annotations

import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import RECORDED, resolve_log

POSTGRES = {"database_name": "app", "schema_name": "public"}


def resolved(dialect: str, *lines: tuple[str | None, str] | tuple[str | None, str, str],
             context: dict[str, str] = POSTGRES) -> dict[str, object]:
    """The outcomes by query_id (``q0``, ``q1`` ...) of ``lines``: (session, text[, status]) each, in order."""
    log = []
    for n, (session, text, *status) in enumerate(lines):
        record = {"query_id": f"q{n}", "query_text": text, "user_name": "U", **context,
                  "query_start_time": f"2024-03-01T09:{n // 60:02d}:{n % 60:02d}+00:00",
                  "execution_status": status[0] if status else "SUCCESS"}
        if session is not None:
            record["session_id"] = session
        log.append(validate_log_record(record, "case", n))
    return {o.statement.query_id: o for o in resolve_log(catalog_from_dict({"objects": []}), log, dialect=dialect)}


def columns(outcome) -> dict[str, list[str]]:
    """The tables a query read and their columns."""
    assert outcome.status == RECORDED, outcome.reason
    return {entry["objectName"].rsplit(".", 1)[-1]: sorted(c["columnName"] for c in entry.get("columns") or ())
            for record in outcome.records for entry in record["base_objects_accessed"]}


def test_a_rolled_back_blocks_drop_alter_and_create_are_undone():
    out = resolved(
        "postgres", ("s", "CREATE TABLE t (a int, b int)"),
        ("s", "BEGIN"), ("s", "DROP TABLE t"), ("s", "ROLLBACK"), ("s", "SELECT * FROM t"),  # q4
        ("s", "START TRANSACTION"), ("s", "ALTER TABLE t ADD COLUMN c int"), ("s", "ALTER TABLE t DROP COLUMN a"),
        ("s", "CREATE TABLE u AS SELECT b FROM t"), ("s", "SELECT * FROM t"), ("s", "ABORT"),  # q9 in the block
        ("s", "SELECT * FROM t"), ("s", "SELECT * FROM u"))  # q11, q12
    assert columns(out["q4"]) == columns(out["q11"]) == {"t": ["a", "b"]}
    assert columns(out["q9"]) == {"t": ["b", "c"]}
    assert columns(out["q12"]) == {"u": []}  # (no such table: its name read as written, no column known)


def test_a_committed_block_keeps_its_ddl_and_a_rollback_to_a_savepoint_undoes_only_what_followed_it():
    out = resolved(
        "postgres", ("s", "CREATE TABLE t (a int)"),
        ("s", "BEGIN"), ("s", "ALTER TABLE t ADD COLUMN b int"), ("s", "SAVEPOINT one"),
        ("s", "ALTER TABLE t ADD COLUMN c int"), ("s", 'SAVEPOINT "Two"'), ("s", "ALTER TABLE t ADD COLUMN d int"),
        ("s", "ROLLBACK TO SAVEPOINT one"), ("s", "ALTER TABLE t ADD COLUMN e int"), ("s", "COMMIT"),
        ("s", "SELECT * FROM t"),  # q10
        ("s", "BEGIN"), ("s", "SAVEPOINT x"), ("s", "DROP TABLE t"), ("s", "RELEASE SAVEPOINT x"),
        ("s", "ROLLBACK TO x", "FAIL"),  # (released: PostgreSQL refuses it)
        ("s", "COMMIT", "FAIL"), ("s", "SELECT * FROM t"))  # q17: the failed COMMIT rolled the block back
    assert columns(out["q10"]) == {"t": ["a", "b", "e"]}
    assert columns(out["q17"]) == {"t": ["a", "b", "e"]}


def test_a_failure_aborts_the_block_so_its_commit_rolls_back():
    out = resolved(
        "postgres", ("s", "CREATE TABLE t (a int)"),
        ("s", "BEGIN"), ("s", "CREATE TABLE migrated (id int)"), ("s", "ALTER TABLE t ADD COLUMN b int"),
        ("s", "CREATE INDEX ON t (nope)", "FAIL"), ("s", "COMMIT"), ("s", "SELECT * FROM t"),
        ("s", "SELECT * FROM migrated"))
    assert columns(out["q6"]) == {"t": ["a"]} and columns(out["q7"]) == {"migrated": []}


def test_a_sessions_rollback_undoes_its_own_ddl_not_another_sessions_nor_ddl_of_no_session():
    out = resolved(
        "postgres", ("a", "BEGIN"), ("a", "CREATE TABLE mine (x int)"), ("b", "CREATE TABLE theirs (y int)"),
        (None, "CREATE TABLE loose (z int)"), ("a", "ROLLBACK"),
        ("b", "SELECT * FROM theirs"), ("b", "SELECT * FROM loose"), ("b", "SELECT * FROM mine"))
    assert columns(out["q5"]) == {"theirs": ["y"]} and columns(out["q6"]) == {"loose": ["z"]}
    assert columns(out["q7"]) == {"mine": []}


def test_a_prepared_transaction_keeps_its_ddl_pending_until_another_session_commits_or_rolls_it_back():
    out = resolved(
        "postgres", ("a", "BEGIN"), ("a", "CREATE TABLE kept (x int)"), ("a", "PREPARE TRANSACTION 'k1'"),
        ("a", "BEGIN"), ("a", "CREATE TABLE gone (y int)"), ("a", "PREPARE TRANSACTION 'g1'"),
        ("b", "COMMIT PREPARED 'k1'"), ("b", "ROLLBACK PREPARED 'g1'"),
        ("b", "SELECT * FROM kept"), ("b", "SELECT * FROM gone"))
    assert columns(out["q8"]) == {"kept": ["x"]} and columns(out["q9"]) == {"gone": []}


def test_a_chained_commit_opens_the_next_block_and_a_request_of_a_whole_block_is_followed():
    out = resolved(
        "postgres", ("s", "CREATE TABLE t (a int)"),
        ("s", "BEGIN"), ("s", "COMMIT AND CHAIN"), ("s", "ALTER TABLE t ADD COLUMN b int"), ("s", "ROLLBACK"),
        ("s", "SELECT * FROM t"),  # q5
        ("s", "BEGIN; ALTER TABLE t ADD COLUMN c int; ROLLBACK"), ("s", "SELECT * FROM t"))  # q7
    assert columns(out["q5"]) == columns(out["q7"]) == {"t": ["a"]}


@pytest.mark.parametrize("dialect", ["duckdb", "sqlite", "redshift"])
def test_other_dialects_with_transactional_ddl_undo_it_too(dialect):
    context = {"database_name": "memory", "schema_name": "main"} if dialect == "duckdb" else \
        {"schema_name": "main"} if dialect == "sqlite" else POSTGRES
    out = resolved(
        dialect, ("s", "CREATE TABLE t (a int)"), ("s", "BEGIN TRANSACTION"), ("s", "ALTER TABLE t ADD COLUMN b int"),
        ("s", "ROLLBACK"), ("s", "SELECT * FROM t"), context=context)
    assert columns(out["q4"]) == {"t": ["a"]}


def test_sqlites_savepoint_outside_a_block_opens_one_that_its_release_commits():
    out = resolved(
        "sqlite", ("s", "CREATE TABLE t (a int)"), ("s", "SAVEPOINT outer_one"), ("s", "ALTER TABLE t ADD COLUMN b int"),
        ("s", "RELEASE outer_one"), ("s", "ROLLBACK", "FAIL"), ("s", "SELECT * FROM t"),  # q5: kept
        ("s", "SAVEPOINT again"), ("s", "ALTER TABLE t ADD COLUMN c int"), ("s", "ROLLBACK TO again"),
        ("s", "RELEASE again"), ("s", "SELECT * FROM t"), context={"schema_name": "main"})  # q10
    assert columns(out["q5"]) == columns(out["q10"]) == {"t": ["a", "b"]}


@pytest.mark.parametrize(("dialect", "context"), [("snowflake", {"database_name": "D", "schema_name": "S"}),
                                                  ("mysql", {"schema_name": "app"})])
def test_where_ddl_commits_as_it_runs_a_rollback_leaves_it(dialect, context):
    out = resolved(dialect, ("s", "BEGIN"), ("s", "CREATE TABLE t (a int)"), ("s", "ROLLBACK"),
                   ("s", "SELECT * FROM t"), context=context)
    assert [cols for cols in columns(out["q3"]).values()] == [["A" if dialect == "snowflake" else "a"]]
