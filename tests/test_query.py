"""The reference's example queries (examples/queries) asked through ``ahp query``'s code in Snowflake SQL,
over the records of the reference's worked examples (examples/reference): once over ``ahp resolve``'s
output (``--records``), once over a warehouse the pipeline wrote. The answers the reference shows
(the stage-movement table of five rows, the column-lineage table of two, the tag history, the
ancestor queries) and the others are data: tests/data/queries/answers.json.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import date, datetime
from decimal import Decimal
from io import StringIO
from pathlib import Path

import dagster as dg
import pytest

from access_history_platform import cli
from access_history_platform.query.session import QuestionSession
from assets import ACCOUNT_DAY_ASSETS, ALL_ASSETS, ORGANIZATION_ASSETS
from assets.partitions import ACCOUNTS, partition_key
from resources import LandingZone, OpenLineageTransport, Organization, Warehouse
from tools import query

pytestmark = pytest.mark.spark

ROOT = Path(__file__).parents[1]
REFERENCE = ROOT / "examples" / "reference"
EXAMPLES = sorted((ROOT / "examples" / "queries").glob("*.sql"))
ANSWERS = json.loads((Path(__file__).parent / "data" / "queries" / "answers.json").read_text())
NOW = "2024-03-15"
DAY = date(2024, 3, 1)
ACCOUNT = "TEST_ACCOUNT"
ORGANIZATION = "TESTORG"


@pytest.fixture(scope="module")
def records_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("records") / "records.jsonl"
    assert cli.main(["resolve", "--catalog", str(REFERENCE / "catalog.json"),
                     "--log", str(REFERENCE / "queries.jsonl"), "--out", str(out)]) == 0
    return out


@pytest.fixture(scope="module")
def on_records(spark, records_file: Path) -> QuestionSession:
    args = query.parser().parse_args(["--records", str(records_file), "--catalog", str(REFERENCE / "catalog.json"),
                                      "--now", NOW])
    return query.question_session(args, _no_report, session=spark.newSession())


@pytest.fixture(scope="session")
def warehouse(spark_resource, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The worked examples landed as one account-day, every asset materialized through Dagster (once per run:
    ``tests/integration/test_query_cluster.py`` asks its questions over the same warehouse; no test changes it,
    a test that damages it damages a copy)."""
    root = tmp_path_factory.mktemp("reference")
    day = root / "landing" / ACCOUNT / DAY.isoformat()
    day.mkdir(parents=True)
    shutil.copy(REFERENCE / "catalog.json", root / "landing" / ACCOUNT / "catalog.json")
    shutil.copy(REFERENCE / "queries.jsonl", day / "queries.jsonl")
    instance = dg.DagsterInstance.ephemeral()
    instance.add_dynamic_partitions(ACCOUNTS, [ACCOUNT])
    resources = {"spark": spark_resource, "landing": LandingZone(root=str(root / "landing")),
                 "warehouse": Warehouse(root=str(root / "warehouse")), "organization": Organization(name=ORGANIZATION),
                 "openlineage": OpenLineageTransport()}
    for selection, key in ((ACCOUNT_DAY_ASSETS, partition_key(DAY, ACCOUNT)), (ORGANIZATION_ASSETS, DAY.isoformat())):
        result = dg.materialize(list(ALL_ASSETS), selection=list(selection), instance=instance, partition_key=key,
                                resources=resources)
        assert result.success
    return root / "warehouse"


@pytest.fixture(scope="module")
def on_warehouse(spark, warehouse: Path) -> QuestionSession:
    args = query.parser().parse_args(["--warehouse", str(warehouse), "--now", NOW])
    os.environ.setdefault("AHP_ORGANIZATION", ORGANIZATION)
    return query.question_session(args, _no_report, session=spark.newSession())


def _no_report(line: str) -> None:
    raise AssertionError(f"unexpected report: {line}")


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_reference_query_over_records(on_records: QuestionSession, path: Path) -> None:
    _check(on_records.answer(path.read_text()), ANSWERS[path.name])


@pytest.mark.parametrize("path", EXAMPLES, ids=[path.stem for path in EXAMPLES])
def test_reference_query_over_warehouse(on_warehouse: QuestionSession, path: Path) -> None:
    _check(on_warehouse.answer(path.read_text()), ANSWERS[path.name])


def _check(answer: tuple[list[str], list[tuple]], expected: dict) -> None:
    names = [name.upper() for name in answer[0]]
    rows = [{name: _plain(value) for name, value in zip(names, row)} for row in answer[1]]
    assert len(rows) >= expected.get("at_least", 0)
    kept = [row for row in rows if _matches(row, expected.get("where", {}))]
    got = [{column: row[column] for column in expected["columns"]} for row in kept]
    if expected.get("ordered"):
        assert got == expected["rows"]
    else:
        assert sorted(map(_key, got)) == sorted(map(_key, expected["rows"]))


def _matches(row: dict, where: dict) -> bool:
    return all(row[k] in (v if isinstance(v, list) else [v]) for k, v in where.items())


def _plain(value: object) -> object:
    if isinstance(value, Decimal):
        return int(value)
    if isinstance(value, (datetime, date)):
        return value.isoformat()
    if isinstance(value, list):
        return sorted(value)
    return value


def _key(row: dict) -> str:
    return json.dumps({k: sorted(v) if isinstance(v, list) else v for k, v in row.items()}, sort_keys=True)


def test_organization_usage_has_the_organization_columns(on_warehouse: QuestionSession) -> None:
    columns, rows = on_warehouse.answer("select distinct organization_name, account_name "
                                        "from snowflake.organization_usage.access_history")
    assert [c.upper() for c in columns] == ["ORGANIZATION_NAME", "ACCOUNT_NAME"]
    assert rows == [(ORGANIZATION, ACCOUNT)]


def test_snapshot_governance_is_reachable(on_records: QuestionSession) -> None:
    """The masking policy that came with the catalog snapshot has its body; a column's snapshot tag its value."""
    _, rows = on_records.answer("""
        select object_modified_by_ddl:"properties"."policyBody"."value"::string, query_start_time
        from access_history where object_modified_by_ddl:"objectName" = 'GOVERNANCE.POLICIES.SSN_MASK'""")
    assert rows == [("CASE WHEN CURRENT_ROLE() = 'HR' THEN val ELSE '***' END", datetime(2024, 3, 1))]


def test_interactive_keeps_one_session_and_reports_errors_in_one_line(on_records: QuestionSession, capsys) -> None:
    args = query.parser().parse_args(["--records", "unused", "--format", "csv"])
    lines = ["\\tables\n", "select count(*) as n\n", "from access_history;\n", "select nosuch from access_history;\n",
             "select 'still here' as x;\n", "\\q\n", "select 'not asked';\n"]
    out = StringIO()
    assert query.interactive(on_records, args, lines, out) == 0
    text, errors = out.getvalue(), capsys.readouterr().err
    assert "account_usage_access_history: query_id, query_start_time" in text
    # 22 records and the snapshot's 10 governance records (7 policies and tags, 3 objects carrying them)
    assert "n\n32\n" in text and "x\nstill here\n" in text and "not asked" not in text
    assert len(errors.strip().splitlines()) == 1
    assert "`nosuch` cannot be resolved" in errors and "access_history(query_id, query_start_time" in errors
    assert "org.apache" not in errors and "Traceback" not in errors
    assert "account_usage_access_history(" not in errors, "only the tables the question names are listed"


def test_piped_questions_take_the_prompts_commands_between_them(on_records: QuestionSession, capsys) -> None:
    """``ahp query < file``: \\tables lists the tables, \\q ends, as at the prompt (a piped \\tables was glued to the
    next question, which was lost)."""
    args = query.parser().parse_args(["--records", "unused"])
    out = StringIO()
    text = "\\tables\nselect 1 as a;\nselect nosuch from access_history;\n\\q\nselect 2 as b;\n"
    assert query.from_a_pipe(on_records, args, text, out) == 1
    assert out.getvalue().startswith("access_history: query_id, ") and out.getvalue().endswith(ONE)
    assert "`nosuch` cannot be resolved" in capsys.readouterr().err


def _answers(asked: QuestionSession, text: str, *options: str) -> tuple[int, str]:
    """``ahp query OPTIONS`` asked ``text`` (from -f, stdin or the command line): its exit status and stdout."""
    out = StringIO()
    status = query.answer_questions(asked, text, query.parser().parse_args(["--records", "unused", *options]), out)
    return status, out.getvalue()


ONE = "+---+\n| a |\n+---+\n| 1 |\n+---+\n(1 row)\n"
TWO = "+---+\n| b |\n+---+\n| 2 |\n+---+\n(1 row)\n"


def test_every_question_of_the_input_is_answered_in_order(on_records: QuestionSession, capsys) -> None:
    """Each answer as a single question prints it, a blank line between two; USE answers nothing."""
    assert _answers(on_records, "select 1 as a;") == (0, ONE)
    assert _answers(on_records, "select 1 as a;\nuse role r; select 2 as b;\n") == (0, ONE + "\n" + TWO)
    assert capsys.readouterr().err == ""


def test_a_question_that_fails_is_one_line_and_the_next_are_answered(on_records: QuestionSession, capsys) -> None:
    status, out = _answers(on_records, "select nosuch from access_history; select 1 as a; select (; select 2 as b")
    assert (status, out) == (1, ONE + "\n" + TWO)
    errors = capsys.readouterr().err.splitlines()
    assert len(errors) == 2 and all(line.startswith("error: ") for line in errors)
    assert "`nosuch` cannot be resolved" in errors[0] and "cannot parse the question" in errors[1]


@pytest.mark.parametrize(("fmt", "expected"), [
    ("csv", "a\n1\n\nb\n\nc\n3\n"),
    ("json", '{"a": 1}\n\n\n{"c": 3}\n'),  # the answer of no rows is no line, between two blank ones
])
def test_several_answers_in_csv_or_json_are_apart(on_records: QuestionSession, fmt: str, expected: str) -> None:
    text = "select 1 as a; select 2 as b where false; select 3 as c"
    assert _answers(on_records, text, "--format", fmt) == (0, expected)


def test_the_table_keeps_a_row_on_one_line_and_csv_and_json_keep_the_value(on_records: QuestionSession) -> None:
    """A statement's line breaks (or a file name's control character) split a row of the table over several lines
    (a reviewer's walk through the README): the table shows them escaped; CSV and JSON give the value as it is."""
    question = "select 'select a\\nfrom t' as q, concat('x', char(9), 'y', char(1)) as w"
    assert _answers(on_records, question)[1] == (
        "+------------------+----------+\n"
        "| q                | w        |\n"
        "+------------------+----------+\n"
        "| select a\\nfrom t | x\\ty\\x01 |\n"
        "+------------------+----------+\n"
        "(1 row)\n")
    assert _answers(on_records, question, "--format", "json")[1] == '{"q": "select a\\nfrom t", "w": "x\\ty\\u0001"}\n'
    assert _answers(on_records, question, "--format", "csv")[1] == 'q,w\n"select a\nfrom t",x\ty\x01\n'


def test_a_master_spark_does_not_take_is_refused_naming_the_flag(capsys) -> None:
    """``--master garbage`` was refused as AHP_SPARK_MASTER='garbage', a variable the user had not set."""
    with pytest.raises(SystemExit):
        query.parser().parse_args(["--master", "garbage", "select 1"])
    assert capsys.readouterr().err.strip().endswith(
        "error: argument --master: 'garbage': not a Spark master: local[*], local[N], spark://host:port, "
        "sc://host:port (Spark Connect), yarn or k8s://...")
    assert query.parser().parse_args(["--master", "local[2]", "select 1"]).master == "local[2]"


def test_a_statement_without_an_answer_sets_up_the_next_questions(on_records: QuestionSession, capsys) -> None:
    assert _answers(on_records, "create temporary view two_rows as select 1 as a union all select 2") == (0, "")
    status, out = _answers(on_records, "create or replace temporary view one_row as select 1 as a; "
                                       "select * from one_row")
    assert (status, out, capsys.readouterr().err) == (0, ONE, "")


def test_interactive_answers_each_question_of_a_line(on_records: QuestionSession) -> None:
    args = query.parser().parse_args(["--records", "unused"])
    out = StringIO()
    assert query.interactive(on_records, args, ["select 1 as a; select 2 as b;\n"], out) == 0
    assert ONE + "\n" + TWO in out.getvalue()


def test_rows_says_when_the_answer_has_more(on_records: QuestionSession, capsys) -> None:
    """32 rows (22 records, 10 of the snapshot): the first 6 are said to be the first; 32 of 32 are all."""
    question = "select query_id from access_history order by query_id"
    _, out = _answers(on_records, question, "--rows", "6")
    assert len(out.splitlines()) == 4 + 6 + 1 and out.endswith("+\n(first 6 rows; more not shown)\n")
    assert _answers(on_records, question, "--rows", "32")[1].endswith("+\n(32 rows)\n")
    assert capsys.readouterr().err == ""
    for fmt in ("csv", "json"):
        _, out = _answers(on_records, question, "--rows", "6", "--format", fmt)
        assert len(out.splitlines()) == (7 if fmt == "csv" else 6)
        assert capsys.readouterr().err == "note: first 6 rows; more not shown (--rows)\n"


def test_a_session_kept_in_memory_answers_the_same(spark, records_file: Path, on_records: QuestionSession) -> None:
    """The interactive mode's session (views kept in memory, computed by warm()) gives the same answers;
    a VARIANT column arrives as its JSON text."""
    args = query.parser().parse_args(["--records", str(records_file), "--catalog", str(REFERENCE / "catalog.json"),
                                      "--now", NOW])
    kept = query.question_session(args, _no_report, session=spark.newSession(), keep=True)
    kept.warm()
    assert kept.kept and all(frame.storageLevel.useMemory for frame in kept.kept)
    for path in (path for path in EXAMPLES if path.name.startswith(("06_", "10_"))):
        _check(kept.answer(path.read_text()), ANSWERS[path.name])
    question = "select direct_objects_accessed from access_history where query_id = 'policy-q1'"
    (text,), = kept.answer(question)[1]
    assert (text,) == on_records.answer(question)[1][0]
    assert {obj["objectName"] for obj in json.loads(text)} == {"HR.DATA.V2"}


def test_a_bad_record_line_is_named_and_the_others_kept(spark, records_file: Path, tmp_path: Path) -> None:
    records = records_file.read_text().splitlines()
    mixed = tmp_path / "mixed.jsonl"
    mixed.write_text("\n".join([records[0], '{"query_id": "x", "surprise": 1}', "not json", records[1]]) + "\n")
    reported: list[str] = []
    args = query.parser().parse_args(["--records", str(mixed)])
    asked = query.question_session(args, reported.append, session=spark.newSession())
    assert asked.answer("select count(*) from access_history")[1] == [(2,)]
    assert [line.split(": not an access-history record")[0] for line in reported] == [f"{mixed}:2", f"{mixed}:3"]


def test_ahp_query_command(records_file: Path) -> None:
    """The command itself, in its own process: the stage-movement query from its file, as CSV."""
    done = subprocess.run(
        [str(Path(sys.executable).with_name("ahp")), "query", "--records", str(records_file), "--now", NOW,
         "--format", "csv", "-f", str(ROOT / "examples" / "queries" / "06_sensitive_stage_data_movement.sql")],
        capture_output=True, text=True, timeout=900, env={**os.environ, "AHP_SPARK_MASTER": "local[1]"})
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0] == "path,target_name,target_id,target_domain,target_columns"
    assert len(lines) == 6
    assert "TEST_DB.TEST_SCHEMA.S1-->TEST_DB.TEST_SCHEMA.T1-->TEST_DB.TEST_SCHEMA.S2,TEST_DB.TEST_SCHEMA.S2,118,Stage,[]" \
        in lines


@pytest.mark.parametrize("damage", ["manifest of garbage", "manifest a folder", "data file gone", "data file emptied"])
def test_a_damaged_partition_fails_the_questions_reading_its_table_in_one_line_and_no_other(
        spark, warehouse: Path, on_warehouse: QuestionSession, tmp_path: Path, damage: str) -> None:
    """A partition's manifest that is not one, or cannot be read (a folder in its place, as an unreadable object),
    or a data file it names that is gone or empty (read as no rows without a word): said once when the questions start, and every question reading that
    table fails with one line naming the path and what to do, while the questions of the other tables are answered.
    The unreadable manifest's partition was left out without a word (a table read short); the others were
    tracebacks; then one damaged partition failed every question, whatever table it read."""
    damaged = tmp_path / "warehouse"
    shutil.copytree(warehouse, damaged)
    partition = damaged / "column_lineage" / f"day={DAY.isoformat()}" / f"account={ACCOUNT}"
    manifest = partition / "_manifest.json"
    if damage == "manifest of garbage":
        manifest.write_text("{not json")
    elif damage == "manifest a folder":
        manifest.unlink()
        manifest.mkdir()
    elif damage == "data file gone":
        next(iter(sorted(partition.rglob("*.parquet")))).unlink()
    else:  # cut short after it was written: Spark reads a file of 0 bytes as no rows
        next(iter(sorted(partition.rglob("*.parquet")))).write_bytes(b"")
    args = query.parser().parse_args(["--warehouse", str(damaged), "--now", NOW])
    reported: list[str] = []
    asked = query.question_session(args, reported.append, session=spark.newSession())
    assert len(reported) == 1 and reported[0].startswith("warning: cannot read the warehouse's column_lineage: ")
    for question in ("select count(*) from column_lineage", "select target_column_name from column_lineage where false or "
                     "source_column_name = 'X'", "select count(*) from access_history a join column_lineage c using (query_id)",
                     # a subquery Spark runs as a job of its own: its error came wrapped, a 145-line traceback
                     "select (select count(*) from column_lineage) as n",
                     "select count(*) from access_history where exists (select 1 from column_lineage)"):
        with pytest.raises(query.QueryError) as raised:
            asked.answer(question)
        message = str(raised.value)
        assert message.startswith("cannot read the warehouse's column_lineage: "), message
        assert message.count("materialize that partition again") == 1 and "\n" not in message, message
        assert str(partition) in message or "column_lineage" in message.split(":", 1)[1], message
    assert asked.answer("select count(*) from access_history") == \
        on_warehouse.answer("select count(*) from access_history")
    assert asked.answer("select count(*) from snowflake.account_usage.access_history")[1][0][0] > 0


@pytest.mark.parametrize("table", ["access_history", "catalog"])
def test_a_damaged_records_or_catalog_table_fails_account_usage_and_the_other_tables_are_asked(
        spark, warehouse: Path, tmp_path: Path, table: str) -> None:
    """ACCOUNT_USAGE.ACCESS_HISTORY is the records and the catalog snapshot's governance: a damaged partition of
    either fails it in one line, and fails that table's own questions; the other tables, and the organization's view
    (its own table, the rollup), are answered."""
    damaged = tmp_path / "warehouse"
    shutil.copytree(warehouse, damaged)
    (damaged / table / f"day={DAY.isoformat()}" / f"account={ACCOUNT}" / "_manifest.json").write_text("[")
    args = query.parser().parse_args(["--warehouse", str(damaged), "--now", NOW])
    reported: list[str] = []
    asked = query.question_session(args, reported.append, session=spark.newSession())
    assert [line.split(":")[0] for line in reported] == ["warning"]
    for question in (f"select count(*) from {table}", "select count(*) from snowflake.account_usage.access_history",
                     "select query_id from snowflake.account_usage.access_history limit 3"):
        with pytest.raises(query.QueryError, match=rf"^cannot read the warehouse's {table}: .*_manifest\.json"):
            asked.answer(question)
    with pytest.raises(query.QueryError, match=rf"^cannot read the warehouse's {table}: "):  # ahp query --rows 3
        asked.answer("select query_id from snowflake.account_usage.access_history", limit=4)
    assert asked.answer("select count(*) > 0 from column_lineage")[1] == [(True,)]
    assert asked.answer("select count(*) > 0 from snowflake.organization_usage.access_history")[1] == [(True,)]


def test_account_asks_one_accounts_records_and_without_it_a_note_says_there_are_several(
        spark, warehouse: Path, on_warehouse: QuestionSession, tmp_path: Path) -> None:
    """Snowflake's ACCOUNT_USAGE.ACCESS_HISTORY holds one account's history, and object ids are unique within an
    account only: over a warehouse of two accounts (every account-day partition copied to a second account) the
    reference's compliance query mixed both accounts' users without a word. ``--account`` limits every
    account-day table to one account, the organization's stay whole; without it a note says there are several."""
    two = tmp_path / "warehouse"
    shutil.copytree(warehouse, two)
    for partition in sorted(two.glob(f"*/day=*/account={ACCOUNT}")):
        shutil.copytree(partition, partition.with_name("account=OTHER_ACCOUNT"))
    reported: list[str] = []
    both = query.question_session(query.parser().parse_args(["--warehouse", str(two), "--now", NOW]),
                                  reported.append, session=spark.newSession())
    assert len(reported) == 1 and reported[0].startswith("note: the warehouse holds 2 accounts' records "
                                                         f"(OTHER_ACCOUNT, {ACCOUNT})"), reported
    one = query.question_session(query.parser().parse_args(["--warehouse", str(two), "--now", NOW,
                                                            "--account", ACCOUNT]),
                                 _no_report, session=spark.newSession())
    count = "select count(*) from snowflake.account_usage.access_history"
    alone = on_warehouse.answer(count)[1][0][0]
    assert alone > 0 and both.answer(count)[1][0][0] == 2 * alone and one.answer(count)[1][0][0] == alone
    for table in ("access_history", "column_lineage", "catalog", "object_usage"):
        assert one.answer(f"select count(*) from {table}") == on_warehouse.answer(f"select count(*) from {table}")
    example = next(path for path in EXAMPLES if path.name.startswith("03_"))
    _check(one.answer(example.read_text()), ANSWERS[example.name])
    organization = "select count(*) from snowflake.organization_usage.access_history"
    assert one.answer(organization) == both.answer(organization) == on_warehouse.answer(organization)
    with pytest.raises(query.QueryError, match=f"--account NOPE: the warehouse has no records of that account; "
                                               f"its accounts: OTHER_ACCOUNT, {ACCOUNT}"):
        query.question_session(query.parser().parse_args(["--warehouse", str(two), "--account", "NOPE"]),
                               _no_report, session=spark.newSession())


def test_a_recursive_question_without_end_says_what_answers_it(on_records: QuestionSession) -> None:
    """The reference's stage data movement query follows data from object to object with no guard against cycles:
    over data that went round it hits Spark's recursion limits (the demo's warehouse, a user-journey review), and
    the one line says so and names the table of the paths."""
    with pytest.raises(query.QueryError) as raised:
        on_records.answer("with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r")
    message = str(raised.value)
    assert message.startswith("[RECURSION_") and "data_movement_paths" in message and "\n" not in message, message
