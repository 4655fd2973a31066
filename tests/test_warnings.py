"""Warnings: a statement recorded without a column it reads says so.

A column that nothing the statement names is known to have is read from no table: where every table in reach has
known columns, the catalog is older than the statement (it ran, so the name was a column: a column added since the
catalog's snapshot); where two or more tables of unknown columns may have it, which one does cannot be told. The
record stays as it was; the outcome carries a warning naming the column and the tables, ``ahp resolve`` prints it on
stderr and counts it, and the pipeline counts and shows it in the ``access_history`` materialization
(``tests/test_pipeline.py``). Names that are no column in any case (functions called without parentheses,
pseudo-columns, variables, parameters, aliases, a type argument) give none.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import RECORDED, resolve_log

AHP = str(Path(sys.executable).with_name("ahp"))
#: t (id, a) is known in every dialect's default database and schema, d.s
OBJECTS = [{"domain": "Table", "name": "d.s.t", "id": 1, "columns": [{"name": "id", "id": 11}, {"name": "a", "id": 12}]},
           {"domain": "Table", "name": "d.s.u", "id": 2, "columns": [{"name": "id", "id": 21}, {"name": "b", "id": 22}]}]


def outcomes(dialect: str, *texts: str) -> list:
    lines = [validate_log_record({"query_id": f"q{n}", "query_text": text, "user_name": "U", "database_name": "d",
                                  "schema_name": "s", "query_start_time": f"2024-03-01T09:00:{n:02d}+00:00"}, "case", n)
             for n, text in enumerate(texts)]
    return list(resolve_log(catalog_from_dict({"objects": OBJECTS}), lines, dialect=dialect, time_budget=None))


def read(outcome) -> dict[str, set[str]]:
    return {entry["objectName"]: {column["columnName"] for column in entry.get("columns") or ()}
            for record in outcome.records for entry in record["direct_objects_accessed"]}


#: (dialect, statement, the column named in the warning, the tables it names)
WARNED = [
    ("snowflake", "SELECT ssn, a FROM t", "SSN", ["d.s.t"]),
    ("postgres", "SELECT ssn, a FROM t", "ssn", ["d.s.t"]),
    ("snowflake", "SELECT a FROM t WHERE region = 'EU'", "REGION", ["d.s.t"]),
    ("snowflake", "SELECT t.a FROM t JOIN u ON t.id = u.id WHERE region = 'EU'", "REGION", ["d.s.t", "d.s.u"]),
    ("snowflake", "SELECT a FROM t WHERE id IN (SELECT id FROM u WHERE flag)", "FLAG", ["d.s.u", "d.s.t"]),
    ("bigquery", "SELECT ssn FROM t", "ssn", ["d.s.t"]),
    ("tsql", "SELECT ssn INTO #copy FROM t", "ssn", ["d.s.t"]),
    ("snowflake", "INSERT INTO u (id, b) SELECT id, ssn FROM t", "SSN", ["d.s.t"]),
    # two tables the catalog does not have: the column is one of theirs, which cannot be told
    ("snowflake", "SELECT ts FROM x JOIN y ON x.id = y.id", "TS", ["d.s.X", "d.s.Y"]),
    ("snowflake", "SELECT v FROM (SELECT * FROM x) c JOIN y ON c.id = y.id", "V", ["d.s.X", "d.s.Y"]),
    ("snowflake", "UPDATE x SET n = cnt + 1 FROM y WHERE x.id = y.id", "CNT", ["d.s.X", "d.s.Y"]),
    # a column's fields, its name no FROM item's
    ("bigquery", "SELECT metrics.uuid.cid AS client_id FROM x LEFT JOIN y ON x.id = y.id", "metrics",
     ["d.s.x", "d.s.y"]),
    ("bigquery", "SELECT metrics.uuid.cid FROM t", "metrics", ["d.s.t"]),
]


@pytest.mark.parametrize(("dialect", "text", "column", "tables"), WARNED,
                         ids=[f"{d}-{n}" for n, (d, *_) in enumerate(WARNED)])
def test_a_column_no_table_is_known_to_have_is_recorded_with_a_warning(dialect, text, column, tables):
    (outcome,) = outcomes(dialect, text)
    assert outcome.status == RECORDED, outcome.reason
    (warning,) = [warning for warning in outcome.warnings if not warning.startswith("object ")]  # (a star's below)
    assert warning.startswith(f"column {column}: "), warning
    assert all(table in warning for table in tables), warning
    assert "read from no table" in warning
    assert not any(column in columns for columns in read(outcome).values())  # the record is as it was


def test_the_warning_says_which_kind_of_loss_it_is():
    stale, ambiguous = outcomes("snowflake", "SELECT ssn FROM t", "SELECT ts FROM x JOIN y ON x.id = y.id")
    assert stale.warnings == ("column SSN: d.s.t has no such column in the catalog (is the catalog older than the "
                              "statement?); read from no table",)
    assert ambiguous.warnings == ("column TS: d.s.X or d.s.Y may have it, and the catalog has the columns of neither; "
                                  "read from no table",)


def test_a_repeated_statement_carries_its_warning_each_time():
    first, again, other = outcomes("snowflake", "SELECT ssn FROM t WHERE id = 1", "SELECT ssn FROM t WHERE id = 2",
                                   "SELECT a FROM t WHERE id = 3")
    assert first.warnings and again.warnings == first.warnings
    assert other.warnings == ()


def test_a_star_over_a_table_of_unknown_columns_says_its_columns_are_not_recorded():
    """``SELECT *`` of a table the catalog lacks, or whose CREATE was set aside (ClickHouse's ``LIMIT 1 BY 1 AS one``,
    an alias in ``LIMIT BY``, which sqlglot cannot read: review s28_clickhouse_chdb F3; ``ENGINE = Join(ALL, INNER,
    id)`` was such a CREATE until it was read), records the table and none of the columns the star returned: a read
    of a sensitive column lost without a word. The warning names the table; a known table's star gives none."""
    created, joined = outcomes("clickhouse", "CREATE TABLE tj (id UInt32, attr String) ENGINE = Memory AS "
                                             "SELECT 1 AS id, 'a' AS attr LIMIT 1 BY 1 AS one",
                               "SELECT * FROM tj WHERE id > 1")
    unknown, known, counted = outcomes("snowflake", "SELECT x.* FROM x", "SELECT * FROM t", "SELECT count(*) FROM x")
    assert created.status == "quarantined"
    star = ("* read its columns, which the catalog does not know (was its CREATE set aside, or is the catalog older "
            "than the statement?); those are not recorded")
    assert read(joined) == {"s.tj": {"id"}} and joined.warnings == (f"object s.tj: {star}",)
    assert read(unknown) == {"d.s.X": set()} and unknown.warnings == (f"object d.s.X: {star}",)
    assert known.warnings == counted.warnings == ()


def test_a_clickhouse_nested_structures_name_is_no_missing_column():
    """``ARRAY JOIN n`` of a Nested structure n (its columns ``n.key``, ``n.value``) joins their arrays: ``n`` is no
    column the catalog lacks, and each of its columns is read where the statement names it (as ClickHouse's query log
    says; review s28_clickhouse_chdb F6). A name of no column and no structure still warns."""
    _, joined, other = outcomes("clickhouse", "CREATE TABLE tn (id UInt8, `n.key` Array(UInt8), `n.value` Array(UInt8)) "
                                              "ENGINE = Memory", "SELECT id, n.key FROM tn ARRAY JOIN n",
                                "SELECT id FROM tn ARRAY JOIN m")
    assert read(joined) == {"s.tn": {"id", "n.key"}} and joined.warnings == ()
    assert [warning.split(":")[0] for warning in other.warnings] == ["column m"]


def test_an_insert_into_a_table_of_unknown_columns_says_which_values_it_could_not_place():
    """``INSERT INTO x SELECT a, id + 1, upper(a) ...`` into a table of unknown columns writes the query's named
    columns by their names (a by the name a); the values of no name have sources no column of x is recorded from: the
    warning gives their places (review s19, Trino's product tests: 4 of 8 written values). A constant has no source
    (no warning); a known target places every value."""
    unknown, constant, known = outcomes("trino", "INSERT INTO x SELECT a, id + 1, upper(a) FROM t",
                                        "INSERT INTO x SELECT a, 5 FROM t", "INSERT INTO u SELECT id, id + 1 FROM t")
    [written] = unknown.records[0]["objects_modified"]
    assert [c["columnName"] for c in written["columns"]] == ["a"]
    assert unknown.warnings == ("object d.s.x: its columns are unknown, and the values written in places 2, 3 have "
                                "no name that places them; their sources are not in its lineage",)
    assert constant.warnings == known.warnings == ()


def test_a_tags_masking_policy_for_a_column_of_unknown_type_is_a_guess_and_says_so():
    """A tag with a masking policy per type (STRING, DATE), set on the columns of a table the catalog lacks: which
    policy Snowflake enforces depends on the column's type ("the data type in the masking policy signature and the
    data type of the column match"), unknown here. The first is referenced, as before, and now a warning says it is a
    guess (review s19, Snowflake's Tasty Bytes governance guide); a column of known type, or a tag of one policy,
    gives none."""
    setup = ["CREATE TAG d.s.pii",
             "CREATE MASKING POLICY d.s.string_mask AS (val STRING) RETURNS STRING -> '***'",
             "CREATE MASKING POLICY d.s.date_mask AS (val DATE) RETURNS DATE -> NULL",
             "ALTER TAG d.s.pii SET MASKING POLICY d.s.string_mask, MASKING POLICY d.s.date_mask",
             "ALTER TABLE d.s.x MODIFY COLUMN bd SET TAG d.s.pii = 'B'",
             "CREATE TABLE d.s.k (bd DATE)", "ALTER TABLE d.s.k MODIFY COLUMN bd SET TAG d.s.pii = 'B'"]
    *_, unknown, known = outcomes("snowflake", *setup, "SELECT bd FROM d.s.x", "SELECT bd FROM d.s.k")
    [referenced] = unknown.records[0]["policies_referenced"]
    assert [p["policyName"] for c in referenced["columns"] for p in c["policies"]] == ["D.S.STRING_MASK"]
    assert unknown.warnings == ("column D.S.X.BD: its type is not known, and the tag D.S.PII has a masking policy for "
                                "each of several types: D.S.STRING_MASK (the first) is referenced, which may not be "
                                "the one enforced",)
    [referenced] = known.records[0]["policies_referenced"]
    assert [p["policyName"] for c in referenced["columns"] for p in c["policies"]] == ["D.S.DATE_MASK"]
    assert known.warnings == ()


def test_a_column_the_log_added_gives_no_warning():
    before, _, after = outcomes("snowflake", "SELECT ssn FROM t", "ALTER TABLE t ADD COLUMN ssn VARCHAR",
                                "SELECT ssn FROM t")
    assert before.warnings and not after.warnings
    assert read(after) == {"d.s.t": {"SSN"}}


#: (dialect, statement): every name that is no column of t (or of u) is no column at all
NOT_WARNED = [
    ("oracle", "SELECT SYSDATE, USER, SYSTIMESTAMP, ROWNUM, a FROM t"),
    ("oracle", "SELECT LEVEL, a FROM t CONNECT BY PRIOR id = a"),
    ("oracle", "SELECT a FROM t WHERE id = :v"),
    ("tsql", "SELECT SYSTEM_USER, CURRENT_USER, SESSION_USER, a FROM t"),
    ("tsql", "SELECT IDENTITY(int, 1, 1) AS n, a INTO #numbered FROM t"),
    ("tsql", "SELECT a FROM t WHERE id = @p"),
    ("postgres", "SELECT current_user, session_user, current_date, current_schema, a FROM t"),
    ("postgres", "SELECT a FROM t WHERE id = $1"),
    ("postgres", "DO $$ DECLARE v int := 1; BEGIN PERFORM a FROM t WHERE id = v; END $$"),
    # (a migration's comment before its block: the block's variables all the same; review s19, Lemmy's)
    ("postgres", "-- backfill\nDO $$ DECLARE v int := 1; BEGIN PERFORM a FROM t WHERE id = v; END $$"),
    ("postgres", "DO $$ DECLARE c CURSOR (p int) FOR SELECT a FROM t WHERE id = p; BEGIN OPEN c(1); END $$"),
    ("mysql", "SELECT CURRENT_USER, CURRENT_DATE, UTC_DATE, a FROM t"),
    ("sqlite", "SELECT rowid, oid, _rowid_, a FROM t"),
    # (SQLite's double-quoted name of no column is a string: 1,491 of Spider's 5,208 queries; review s28_sqlite_spider)
    ("sqlite", 'SELECT count(DISTINCT a) FROM t WHERE a = "ACCT-211" OR "x" = t.a'),
    ("sqlite", 'UPDATE t SET a = "ACCT-211" WHERE id IN (SELECT id FROM u WHERE b = "jamerican cuisine")'),
    ("snowflake", "SELECT CURRENT_TIMESTAMP, METADATA$ACTION, a FROM t"),
    ("snowflake", "SELECT a AS y, count(*) AS cnt FROM t GROUP BY y HAVING cnt > 1 ORDER BY y"),
    ("snowflake", "SELECT a + 1 AS y, y * 2 AS z FROM t QUALIFY z > 1"),
    ("snowflake", "SELECT mn FROM t MATCH_RECOGNIZE (PARTITION BY id ORDER BY a MEASURES MATCH_NUMBER() AS mn "
                  "ONE ROW PER MATCH PATTERN (up+) DEFINE up AS a > LAG(a)) AS mr, u"),
    ("snowflake", "SELECT value FROM t, LATERAL FLATTEN(input => t.a)"),
    ("snowflake", "INSERT INTO u (id, b) SELECT my_seq.NEXTVAL, a FROM t"),
    ("bigquery", "SELECT CURRENT_DATE, a FROM t WHERE _PARTITIONTIME > '2020-01-01'"),
    ("bigquery", "DECLARE ids ARRAY<INT64>;\nSELECT a FROM t WHERE id IN UNNEST(ids)"),
    ("spark", "SELECT current_date, current_user, a FROM t"),
    ("spark", "SELECT transform(array(a), x -> x + 1) AS y FROM t"),
    ("spark", "SELECT /*+ REPARTITION(dt) */ x.k, y.dt FROM x JOIN y ON x.id = y.id"),  # (the query's own dt)
    ("duckdb", "SELECT [x * 2 FOR x IN [a]] FROM t"),
    ("bigquery", "SELECT x.m.k, d.s.t.a, s.t.id FROM x JOIN d.s.t ON x.id = t.id"),  # (x's m; t's a and id)
    ("duckdb", "SELECT d.t.a FROM d.s.t"),  # (a database's table without its schema)
    ("duckdb", "SELECT rowid, a FROM t"),
    ("duckdb", "MERGE INTO t USING u ON t.id = u.id WHEN MATCHED THEN DELETE RETURNING merge_action, *"),
    ("duckdb", "SELECT * FROM t, (SELECT a + 10) s"),  # (LATERAL implied: t's a)
    ("postgres", "UPDATE t SET (a, id) = (1, DEFAULT)"),
    ("tsql", "MERGE t AS tgt USING u AS src ON tgt.id = src.id WHEN MATCHED THEN UPDATE SET a = src.b "
             "OUTPUT $action, inserted.id INTO log (act, id);"),
    ("snowflake", "SELECT x.k FROM x JOIN t ON x.id = t.id WHERE k > 0"),  # (one table of unknown columns: its k)
]


@pytest.mark.parametrize(("dialect", "text"), NOT_WARNED, ids=[f"{d}-{n}" for n, (d, _) in enumerate(NOT_WARNED)])
def test_a_name_that_is_no_column_gives_no_warning(dialect, text):
    found = outcomes(dialect, text)  # (a script: its statements')
    assert found[-1].status == RECORDED and found[-1].records, found[-1].reason
    assert [outcome.warnings for outcome in found] == [()] * len(found)


def test_ahp_resolve_prints_each_warning_and_counts_the_statements(tmp_path):
    (tmp_path / "catalog.json").write_text(json.dumps({"objects": OBJECTS}))
    lines = [{"query_id": qid, "query_text": text, "query_start_time": f"2024-03-01T09:00:0{n}+00:00",
              "user_name": "U", "database_name": "d", "schema_name": "s"}
             for n, (qid, text) in enumerate([("q1", "SELECT ssn, a FROM t"), ("q2", "SELECT a FROM t"),
                                             ("q3", "SELECT ts FROM x JOIN y ON x.id = y.id")])]
    (tmp_path / "log.jsonl").write_text("".join(json.dumps(entry) + "\n" for entry in lines))
    proc = subprocess.run([AHP, "resolve", "--catalog", str(tmp_path / "catalog.json"), "--log",
                           str(tmp_path / "log.jsonl"), "--dialect", "postgres"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    assert [json.loads(row)["query_id"] for row in proc.stdout.splitlines()] == ["q1", "q2", "q3"]
    warnings = [row for row in proc.stderr.splitlines() if row.startswith("warning: ")]
    assert warnings == [
        "warning: q1: column ssn: d.s.t has no such column in the catalog (is the catalog older than the statement?); "
        "read from no table",
        "warning: q3: column ts: d.s.x or d.s.y may have it, and the catalog has the columns of neither; read from no "
        "table"]
    assert proc.stderr.rstrip().endswith("; 2 recorded with warnings"), proc.stderr


def test_a_write_through_an_updatable_view_reads_the_views_columns_it_names_from_the_table():
    """PostgreSQL's ``RETURNING`` and ``ON CONFLICT (...)`` of a write through an updatable view name the view's
    columns: each is the value of the table's columns the view shows (they had been looked up among the table's, and
    lost with a warning)."""
    found = outcomes("postgres", "CREATE TABLE base (a int PRIMARY KEY, b text, c int)",
                     "CREATE VIEW v AS SELECT a AS aa, b AS bb FROM base",
                     "CREATE VIEW w AS SELECT a, b, sin(c) AS s FROM base",
                     "INSERT INTO v VALUES (1, 'x') ON CONFLICT (aa) DO UPDATE SET bb = excluded.bb",
                     "DELETE FROM v WHERE aa = 2 RETURNING aa",
                     "INSERT INTO w (a, b) VALUES (1, 'x') RETURNING a, s AS total")
    assert [outcome.warnings for outcome in found] == [()] * 6
    conflict, deleted, returning = found[3:]
    assert read(conflict) == {"d.s.base": {"a"}}
    assert read(deleted)["d.s.base"] == {"a"}
    assert read(returning) == {"d.s.base": {"a", "c"}}


def test_a_derived_table_in_duckdb_reads_the_from_items_before_it_without_lateral():
    (outcome,) = outcomes("duckdb", "SELECT s.k FROM t, (SELECT a + 10 AS k) s")
    assert read(outcome) == {"d.s.t": {"a"}} and outcome.warnings == ()
    (other,) = outcomes("postgres", "SELECT s.k FROM t, (SELECT a + 10 AS k) s")  # (PostgreSQL's needs LATERAL)
    assert read(other) == {"d.s.t": set()}


def test_through_views_of_updatable_views_the_named_columns_are_the_tables_columns_under_all_of_them():
    found = outcomes("postgres", "CREATE TABLE base (a numeric, b text)",
                     "CREATE VIEW v1 AS SELECT sin(a) s, a, cos(a) c FROM base WHERE a != 0",
                     "CREATE VIEW v2 AS SELECT s, c, s / c t, a base_a FROM v1",
                     "CREATE VIEW v3 AS SELECT * FROM v2",
                     "INSERT INTO v2 (base_a) VALUES (1.1) RETURNING t",
                     "DELETE FROM v3 WHERE base_a = 1.05 RETURNING *")
    assert [outcome.warnings for outcome in found] == [()] * 6
    inserted, deleted = found[4:]
    assert read(inserted) == {"d.s.base": {"a"}}
    assert read(deleted)["d.s.base"] == {"a"}


def test_a_views_own_column_list_names_the_columns_a_write_through_it_returns():
    """``CREATE VIEW v (x, y) AS SELECT a, b ...``: the view's columns are x and y, so ``RETURNING y`` of a write
    through it is the table's b (it had been looked up among the query's names, and lost with a warning)."""
    found = outcomes("postgres", "CREATE TABLE base (a int PRIMARY KEY, b int, c int)",
                     "CREATE VIEW v (x, y) AS SELECT a, b + c FROM base",
                     "CREATE VIEW w (p, q) AS SELECT y, x FROM v",
                     "DELETE FROM v WHERE x = 1 RETURNING y",
                     "INSERT INTO v (x) VALUES (1) ON CONFLICT (x) DO NOTHING RETURNING *",
                     "UPDATE w SET q = 2 RETURNING p")
    assert [outcome.warnings for outcome in found] == [()] * 6
    deleted, inserted, updated = found[3:]
    assert read(deleted)["d.s.base"] == {"b", "c"}
    assert read(inserted) == {"d.s.base": {"a", "b", "c"}}
    assert read(updated)["d.s.base"] == {"b", "c"}


@pytest.mark.parametrize(("dialect", "text", "table"), [
    ("snowflake", "UPDATE x SET cnt = cnt + 1 FROM y WHERE x.id = y.id", "d.s.X"),
    ("postgres", "UPDATE x AS t SET cnt = cnt + y.n FROM y WHERE t.id = y.id", "d.s.x"),
    ("snowflake", "MERGE INTO x USING y ON x.id = y.id WHEN MATCHED THEN UPDATE SET cnt = cnt + 1", "d.s.X"),
    ("postgres", "SELECT cnt FROM x JOIN y ON x.id = y.id WHERE x.cnt > 0", "d.s.x"),
    ("bigquery", "SELECT y.k, cnt FROM x JOIN y ON x.id = y.id ORDER BY y.cnt", "d.s.y"),
    ("postgres", "DELETE FROM x USING y WHERE x.id = y.id AND x.cnt > 0 AND cnt < 5", "d.s.x"),
])
def test_of_two_tables_of_unknown_columns_the_one_the_statement_shows_to_have_the_column_has_it(dialect, text, table):
    """A statement that ran names no column two of its tables have (that is an ambiguity error in every engine), so a
    column the statement qualifies by one of them (``x.cnt``) or sets on it (``UPDATE x SET cnt``) is that one's
    wherever it is unqualified beside them: it is read from it, with no warning (it had been read from neither)."""
    (outcome,) = outcomes(dialect, text)
    assert outcome.warnings == ()
    column = "CNT" if dialect == "snowflake" else "cnt"
    assert {name for name, columns in read(outcome).items() if column in columns} == {table}


@pytest.mark.parametrize("text", ["SELECT ssn FROM t WHERE t.ssn IS NOT NULL",
                                  "SELECT ssn FROM t JOIN u ON t.id = u.id WHERE t.ssn IS NOT NULL",
                                  "SELECT ssn FROM t JOIN x ON t.id = x.id WHERE t.ssn IS NOT NULL",  # (x: unknown)
                                  "UPDATE t SET ssn = upper(ssn) FROM u WHERE t.id = u.id"])
def test_a_column_the_clause_shows_a_catalogued_table_to_have_is_its_by_name(text):
    """A catalogued t without ssn, and ``t.ssn`` in the clause (or ``SET ssn``): the catalog is older than the
    statement, and the unqualified ssn is t's (no other table may have it), read by name, its id null (it had been
    read from no table with a warning, or from the one table of unknown columns beside it)."""
    (outcome,) = outcomes("postgres", text)
    assert outcome.warnings == ()
    assert {name for name, columns in read(outcome).items() if "ssn" in columns} == {"d.s.t"}


@pytest.mark.parametrize(("dialect", "text", "column"), [
    # a NATURAL join's tables may share any column, unambiguously: cnt is COALESCE(a.cnt, b.cnt)
    ("postgres", "SELECT cnt FROM a NATURAL FULL JOIN b WHERE a.cnt > 0", "cnt"),
    ("postgres", 'SELECT cnt FROM a JOIN b ON a.id = b.id WHERE a."CNT" > 0', "cnt"),  # (another column than cnt)
    ("snowflake", 'SELECT cnt FROM a JOIN b ON a.id = b.id WHERE a."cnt" > 0', "CNT"),
    # ClickHouse: a name both sides of a join have is the left one's (single_join_prefer_left_table), no error
    ("clickhouse", "SELECT cnt FROM t JOIN s ON t.id = s.id WHERE s.cnt > 0", "cnt"),
    ("mysql", "UPDATE a JOIN b ON a.id = b.id SET cnt = cnt + 1", "cnt"),  # (the SET column: a's or b's)
])
def test_where_two_tables_may_share_a_column_a_column_named_by_one_says_nothing(dialect, text, column):
    (outcome,) = outcomes(dialect, text)
    (warning,) = outcome.warnings
    assert warning.startswith(f"column {column}: ") and "may have it" in warning, warning


def test_a_column_qualified_in_a_query_within_is_no_sign_of_the_outer_tables_columns():
    (outcome,) = outcomes("snowflake", "SELECT cnt FROM x JOIN y ON x.id = y.id "
                                       "WHERE EXISTS (SELECT 1 FROM z AS x WHERE x.cnt > 0)")  # (another x)
    assert read(outcome) == {"d.s.X": {"ID"}, "d.s.Y": {"ID"}, "d.s.Z": {"CNT"}}
    assert outcome.warnings == ("column CNT: d.s.X or d.s.Y may have it, and the catalog has the columns of neither; "
                                "read from no table",)


def test_the_column_a_statement_shows_a_table_of_unknown_columns_has_is_a_written_columns_source():
    found = outcomes("postgres", "CREATE TABLE w (c int)",
                     "INSERT INTO w SELECT cnt FROM x JOIN y ON x.id = y.id WHERE x.cnt > 0")
    (written,) = found[1].records[0]["objects_modified"]
    assert [(source["objectName"], source["columnName"]) for source in written["columns"][0]["directSources"]] == [
        ("d.s.x", "cnt")]


@pytest.mark.parametrize(("view", "insert", "written"), [
    ("CREATE VIEW v (x, y) AS SELECT a, b FROM base",
     "INSERT INTO v (x, y) SELECT p, q FROM src ON CONFLICT (x) DO NOTHING", {"a": ["p"], "b": ["q"]}),
    ("CREATE VIEW v AS SELECT a AS aa, b AS bb FROM base",
     "INSERT INTO v (aa, bb) SELECT p, q FROM src ON CONFLICT (aa) DO NOTHING", {"a": ["p"], "b": ["q"]}),
    ("CREATE VIEW v AS SELECT a, b FROM base", "INSERT INTO v (b, a) SELECT p, q FROM src ON CONFLICT (a) DO NOTHING",
     {"b": ["p"], "a": ["q"]}),
])
def test_an_insert_through_a_view_on_conflict_writes_the_tables_columns_in_the_statements_order(view, insert, written):
    """The view's columns that ON CONFLICT's keys are looked up in had replaced the table's columns the insert writes:
    it wrote columns the table lacks (t.x, t.aa), or the table's own in the view's order rather than the statement's
    (PostgreSQL 15 writes a = q, b = p for the last)."""
    found = outcomes("postgres", "CREATE TABLE base (a int PRIMARY KEY, b int)", "CREATE TABLE src (p int, q int)",
                     view, insert)
    (modified,) = found[-1].records[0]["objects_modified"]
    assert modified["objectName"] == "d.s.base"
    assert {column["columnName"]: [source["columnName"] for source in column["directSources"]]
            for column in modified["columns"]} == written


def test_on_conflict_do_update_through_a_view_sets_the_tables_columns():
    """``ON CONFLICT (aa) DO UPDATE SET bb = v.bb || excluded.bb`` through ``v AS SELECT b AS bb, a AS aa ...``: it
    sets the table's b from its own b (it had written bb, a column the table lacks; PostgreSQL's
    updatable_views.sql)."""
    found = outcomes("postgres", "CREATE TABLE iocu (a int UNIQUE, b text)",
                     "CREATE VIEW v AS SELECT b AS bb, a AS aa FROM iocu",
                     "INSERT INTO v (aa) VALUES (1) ON CONFLICT (aa) DO UPDATE SET bb = v.bb || excluded.bb "
                     "WHERE excluded.aa > 0")
    (modified,) = found[-1].records[0]["objects_modified"]
    assert {column["columnName"]: [source["columnName"] for source in column["directSources"]]
            for column in modified["columns"]} == {"a": [], "b": ["b"]}
    assert read(found[-1]) == {"d.s.iocu": {"a", "b"}} and found[-1].warnings == ()


def test_a_views_own_column_list_over_star_renames_the_tables_columns_by_position():
    """``CREATE VIEW v (x, y, z) AS SELECT * FROM t``: a write through v writes t's a, b, c (it had written t.x, t.y,
    t.z, columns t lacks), and RETURNING z returns c."""
    found = outcomes("postgres", "CREATE TABLE t3 (a int, b int, c int)", "CREATE TABLE src (k int)",
                     "CREATE VIEW v (x, y, z) AS SELECT * FROM t3", "INSERT INTO v VALUES (1, 2, 3)",
                     "INSERT INTO v (z, x) SELECT k, k FROM src", "UPDATE v SET y = 5 WHERE x = 1 RETURNING z")

    def written(outcome) -> dict[str, dict[str, list[str]]]:
        return {entry["objectName"]: {column["columnName"]: [source["columnName"] for source in column["directSources"]]
                                      for column in entry["columns"]}
                for entry in outcome.records[0]["objects_modified"]}
    assert written(found[3]) == {"d.s.t3": {"a": [], "b": [], "c": []}}
    assert written(found[4]) == {"d.s.t3": {"c": ["k"], "a": ["k"]}}
    assert written(found[5]) == {"d.s.t3": {"b": []}} and read(found[5])["d.s.t3"] == {"c"}
    assert [outcome.warnings for outcome in found] == [()] * 6


def test_a_duckdb_column_qualified_by_its_tables_catalog_and_name_is_read():
    """DuckDB's ``memory.t.c`` (the catalog and the table, not the schema) names t's column c, as DuckDB 2.0.1 binds
    it, of whichever schema's t is in the FROM clause (it had been read from no table, without a word)."""
    found = outcomes("duckdb", "CREATE SCHEMA d.s2", "CREATE TABLE d.s2.v (c int)",
                     "SELECT d.t.a, d.s.t.id FROM t", "SELECT d.v.c FROM s2.v", "SELECT d.v FROM s2.v")
    assert [outcome.warnings for outcome in found] == [()] * 5
    assert read(found[2]) == {"d.s.t": {"a", "id"}}
    assert read(found[3]) == read(found[4]) == {"d.s2.v": {"c"}}  # (d.v: its whole row)


def test_a_duckdb_table_aliased_is_not_named_by_its_catalog_and_name():
    """``FROM t x, u``: the alias hides t's name, so ``memory.t.c`` is u's struct column memory (DuckDB 2.0.1)."""
    found = outcomes("duckdb", "CREATE TABLE t (c int)", "CREATE TABLE u (memory STRUCT(t STRUCT(c INT)))",
                     "SELECT memory.t.c FROM t x, u", "SELECT d.t.c FROM t x, u")
    assert read(found[2]) == {"d.s.t": set(), "d.s.u": {"memory"}}
    assert read(found[3])["d.s.t"] == set()


@pytest.mark.parametrize("dialect", ["duckdb", "postgres"])
def test_a_lateral_unnest_with_ordinality_has_its_ordinality_column(dialect):
    """``LATERAL unnest(t.a) WITH ORDINALITY AS u(v, n)``: n is the position, v the element, as without LATERAL
    (sqlglot keeps n on the UNNEST: it had been looked up among t's columns, with a warning; DuckDB's own
    ordinality_inout.test)."""
    found = outcomes(dialect, "CREATE TABLE ut (a int[])", "CREATE TABLE o (x int, y int)",
                     "INSERT INTO o SELECT v, n FROM ut, LATERAL unnest(ut.a) WITH ORDINALITY AS u(v, n) ORDER BY n")
    assert [outcome.warnings for outcome in found] == [()] * 3
    (written,) = found[2].records[0]["objects_modified"]
    assert {column["columnName"]: [source["columnName"] for source in column["directSources"]]
            for column in written["columns"]} == {"x": ["a"], "y": ["a"]}  # (the position: from the array)


@pytest.mark.parametrize(("text", "returned"), [
    ("UPDATE rw SET bb = 'x' RETURNING rw.aa", {"a"}),
    ("UPDATE rw v SET bb = 'x' WHERE aa = 2 RETURNING v.aa", {"a"}),
    ("INSERT INTO rw AS r (aa) VALUES (1) RETURNING r.bb", {"b"}),
    ("UPDATE rw v SET bb = 'x' RETURNING f(v)", {"a", "b"}),  # (v: the view's row)
    ("DELETE FROM sv x WHERE a = 1 RETURNING x.c", {"c"}),
    ("DELETE FROM sv x WHERE a = 1 RETURNING x.*", {"a", "b", "c"}),
    ("UPDATE sv SET b = 'x' RETURNING row_to_json(sv)::text", {"a", "b", "c"}),  # (a view of *: the table's row)
    ("DELETE FROM sv x WHERE a = 1 RETURNING row_to_json(x)", {"a", "b", "c"}),
])
def test_a_write_through_a_view_returns_the_views_columns_it_qualifies_by_the_view(text, returned):
    """PostgreSQL's ``RETURNING v.aa``, ``v.*`` and ``f(v)`` of a write through an updatable view name the view's row:
    each is read from the table under it (they had been read from nothing, ``f(v)`` with a warning: the statement
    over the table knew no v)."""
    found = outcomes("postgres", "CREATE TABLE base (a int, b text, c int)",
                     "CREATE VIEW rw AS SELECT b AS bb, a AS aa FROM base", "CREATE VIEW sv AS SELECT * FROM base",
                     text)
    assert found[-1].warnings == ()
    assert read(found[-1])["d.s.base"] == returned


def test_postgresqls_alter_table_of_a_name_with_a_star_changes_the_table():
    """``ALTER TABLE t* ...`` (the table and those inheriting from it, PostgreSQL's old spelling of the default) was
    recorded without its change, and the renamed or added column was then none of the table's (PostgreSQL's own
    regression tests, create_misc.sql)."""
    found = outcomes("postgres", "CREATE TABLE a_star (class char, a int4)",
                     "ALTER TABLE a_star* RENAME COLUMN a TO aa", "ALTER TABLE a_star* ADD COLUMN f int",
                     "SELECT aa, f FROM a_star")
    assert [outcome.warnings for outcome in found] == [()] * 4
    assert read(found[-1]) == {"d.s.a_star": {"aa", "f"}}
    assert found[1].records[0]["object_modified_by_ddl"]["properties"]
