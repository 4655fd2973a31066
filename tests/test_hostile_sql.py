"""Hostile SQL: statements and view definitions nested deep enough to crash the parser, views
over views thousands deep or in a cycle, and texts that made the fingerprint quadratic.

The inputs are data in ``tests/data/hostile/sql`` (``statements.json``, ``views.json``,
``fingerprints.json``), each big text written as a short spec (a part repeated n times)
and built here, so nothing big is committed. A crash of the compiled parser is a
segmentation fault no ``except`` catches, so every input that could crash goes through a
process of its own: ``ahp resolve``, and the pipeline's two paths (the catalog's replay of
the day's DDL, a Spark worker's batch function) in a child Python. Each must come out as a
quarantined statement with its reason, the good statements around it resolved.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.resolve import QUARANTINED, RECORDED, Statement, resolve_statements, time_budget
from access_history_platform.sql.fingerprint import fingerprint
from access_history_platform.sql.parsing import MAX_NESTING, nesting_depth
from tests.support.hostile import build

DATA = Path(__file__).parent / "data" / "hostile" / "sql"
REPOSITORY = Path(__file__).resolve().parents[1]
AHP = str(Path(sys.executable).with_name("ahp"))
STATEMENTS = json.loads((DATA / "statements.json").read_text())
VIEWS = json.loads((DATA / "views.json").read_text())
FINGERPRINTS = json.loads((DATA / "fingerprints.json").read_text())
#: Sizes the fingerprint's hostile texts are built at: 128 KB (53 s before it was linear) and 1 MB.
SIZES = (128 * 1024, 1024 * 1024)


# --------------------------------------------------------------------------- helpers


def log_line(query_id: str, sql: str, minute: int) -> dict[str, Any]:
    return {"query_id": query_id, "query_text": sql, "query_start_time": f"2024-03-01T09:{minute:02d}:00+00:00",
            "user_name": "U", "database_name": "DB", "schema_name": "S"}


def write_inputs(folder: Path, catalog: dict, statements: dict[str, str]) -> tuple[Path, Path]:
    """A catalog and a log holding ``statements`` (query_id -> text), each between two good ones."""
    folder.mkdir(parents=True, exist_ok=True)
    catalog_path, log_path = folder / "catalog.json", folder / "log.jsonl"
    catalog_path.write_text(json.dumps(catalog))
    lines = [log_line("good_first", "select a from db.s.t", 0)]
    lines += [log_line(query_id, sql, 1) for query_id, sql in statements.items()]
    lines.append(log_line("good_last", "select a from db.s.t", 2))
    log_path.write_text("".join(json.dumps(entry) + "\n" for entry in lines))
    return catalog_path, log_path


def resolve_cli(catalog_path: Path, log_path: Path, *options: str, timeout: float = 300) -> dict[str, str | None]:
    """``ahp resolve`` in its own process: query_id -> None for a record, else the quarantine
    reason (a statement with neither touches no object); ``"summary"`` -> its summary line."""
    proc = subprocess.run([AHP, "resolve", "--catalog", str(catalog_path), "--log", str(log_path), *options],
                          capture_output=True, text=True, timeout=timeout)
    assert proc.returncode == 0, f"ahp resolve ended with status {proc.returncode}: {proc.stderr[-2000:]}"
    outcomes: dict[str, str | None] = {json.loads(row)["query_id"]: None for row in proc.stdout.splitlines() if row}
    for row in proc.stderr.splitlines():
        if row.startswith("quarantined: "):
            query_id, reason = row.removeprefix("quarantined: ").split(": ", 1)
            outcomes[query_id] = reason
        elif row.startswith("ahp: "):
            outcomes["summary"] = row
    return outcomes


def views_catalog() -> dict[str, Any]:
    """The snapshot of views.json: DB.S.T, the chain of views and the listed views."""
    objects: list[dict[str, Any]] = [{"domain": "Table", "name": "DB.S.T", "columns": [{"name": "A"}]}]
    objects += [{"domain": "View", "name": f"DB.S.C{i}", "definition": f"select a from db.s.{f'c{i - 1}' if i else 't'}"}
                for i in range(VIEWS["chain"])]
    objects += [{"domain": "View", "name": view["name"], "definition": build(view["definition"])}
                for view in VIEWS["views"]]
    return {"account": "ACME", "objects": objects}


def pipeline_outcomes(folder: str) -> dict[str, dict[str, str | None]]:
    """The pipeline's two paths over ``folder``'s catalog and log, without Spark: the catalog
    asset's replay of the day's DDL and a Spark worker's batch function. Run in a child process."""
    import pyarrow as pa

    from access_history_platform.spark.batch import make_resolve_batch
    from access_history_platform.spark.logs import log_rows
    from access_history_platform.spark.versions import initial_state, replay_catalog_day

    root = Path(folder)
    rows = [r for r in log_rows("log.jsonl", (root / "log.jsonl").read_bytes(), account="ACME",
                                day=datetime(2024, 3, 1).date()) if r["kind"] == "line"]
    rows = [{**row, "log_position": i} for i, row in enumerate(rows)]
    state = initial_state(json.loads((root / "catalog.json").read_text()))
    replayed = replay_catalog_day(state, [r for r in rows if r["changes_catalog"]], {}, account="ACME")
    batch = make_resolve_batch(catalog_state=state["catalog"], catalog_lines=[r for r in rows if r["changes_catalog"]],
                               parents={}, account="ACME")
    resolved = [row for out in batch(iter([pa.RecordBatch.from_pylist(rows)])) for row in out.to_pylist()]
    return {"catalog": dict(replayed.quarantined),
            "records": {row["query_id"]: row["reason"] if row["status"] == QUARANTINED else None for row in resolved}}


def in_child(function: str, *args: str, timeout: float = 300) -> Any:
    """Call a function of this module in a child Python (where a crash cannot end the test run)."""
    code = f"import json, sys; from tests.test_hostile_sql import {function}; print(json.dumps({function}(*sys.argv[1:])))"
    proc = subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True, timeout=timeout,
                          cwd=REPOSITORY)
    assert proc.returncode == 0, f"{function} ended with status {proc.returncode}: {proc.stderr[-2000:]}"
    return json.loads(proc.stdout.splitlines()[-1])


# --------------------------------------------------------------------------- nesting


@pytest.fixture(scope="module")
def nested(tmp_path_factory) -> tuple[Path, Path]:
    """Every case of statements.json in one log (and one catalog)."""
    statements = {case["name"]: build(case["sql"]) for case in STATEMENTS["cases"]}
    return write_inputs(tmp_path_factory.mktemp("nested"), STATEMENTS["catalog"], statements)


@pytest.fixture(scope="module")
def nested_by_cli(nested) -> dict[str, str | None]:
    return resolve_cli(*nested)


@pytest.fixture(scope="module")
def nested_by_pipeline(nested) -> dict[str, dict[str, str | None]]:
    return in_child("pipeline_outcomes", str(nested[0].parent))


CASES = {case["name"]: case for case in STATEMENTS["cases"]}


@pytest.mark.parametrize("name", list(CASES))
def test_ahp_resolve_sets_aside_a_statement_nested_too_deeply(nested_by_cli, name):
    """7,500 nested subqueries ended ``ahp resolve`` with SIGSEGV and no output."""
    assert nested_by_cli[name] == CASES[name]["reason"]
    assert nested_by_cli["good_first"] is None and nested_by_cli["good_last"] is None


@pytest.mark.parametrize("name", list(CASES))
def test_a_spark_worker_sets_aside_a_statement_nested_too_deeply(nested_by_pipeline, name):
    records = nested_by_pipeline["records"]
    assert records[name] == CASES[name]["reason"]
    assert records["good_first"] is None and records["good_last"] is None


@pytest.mark.parametrize("dialect, text", [
    ("bigquery", "BEGIN " * 600 + "select a from t; " + "END; " * 600),
    ("bigquery", "IF TRUE THEN " * 400 + "select a from t; " + "END IF; " * 400),
    ("postgres", "DO $$ " + "BEGIN " * 600 + "perform 1; " + "END; " * 600 + "$$"),
])
def test_blocks_nested_too_deeply_to_split_set_aside_their_line_and_the_lines_beside_it_go_on(dialect, text):
    """A request's blocks nested hundreds deep ended the whole run in the splitter with a RecursionError."""
    lines = [{"query_id": query_id, "query_text": sql, "query_start_time": f"2026-11-16T09:00:0{n}+00:00",
              "user_name": "u", "database_name": "d", "schema_name": "s"}
             for n, (query_id, sql) in enumerate([("first", "select a from t"), ("deep", text),
                                                  ("last", "select a from t")])]
    from access_history_platform.logs import validate_log_record
    from access_history_platform.resolve import resolve_log
    outcomes = {o.statement.query_id: o for o in resolve_log(
        catalog_from_dict({"objects": []}), [validate_log_record(line) for line in lines], dialect=dialect)}
    assert outcomes["deep"].status == QUARANTINED
    assert outcomes["deep"].reason == "its blocks are nested too deeply to split it into statements"
    assert outcomes["first"].status == outcomes["last"].status == RECORDED


@pytest.mark.parametrize("sql, written", [
    (["INSERT INTO t (a) SELECT a FROM t", [" UNION ALL SELECT b FROM t", 999]], {"A": ["DB.S.T.A", "DB.S.T.B"]}),
    (["INSERT INTO t (b) SELECT a", [" || '-' || a", 1999], " || b FROM t WHERE a = 0", [" OR a = 1", 2999]],
     {"B": ["DB.S.T.A", "DB.S.T.B"]}),
])
def test_a_long_chain_of_unions_or_operators_is_read_whole(sql, written):
    """A generated UNION ALL of about 490 branches, or OR of about 980 terms, was set aside as "nested too
    deeply": the analysis walked down the left-deep tree sqlglot builds of such a chain, one frame per term."""
    statement = Statement("long", build(sql), datetime(2024, 3, 1, tzinfo=timezone.utc), "U", "DB", "S")
    [outcome] = resolve_statements(catalog_from_dict(STATEMENTS["catalog"]), [statement], time_budget=None)
    assert outcome.status == RECORDED, outcome.reason
    [record] = outcome.records
    [modified] = record["objects_modified"]
    assert {column["columnName"]: sorted(f"{source['objectName']}.{source['columnName']}"
                                         for source in column["directSources"])
            for column in modified["columns"]} == written
    [read] = record["direct_objects_accessed"]
    assert sorted(column["columnName"] for column in read["columns"]) == ["A", "B"]


def test_the_catalog_replay_sets_aside_a_create_view_nested_too_deeply(nested_by_pipeline):
    """As a CREATE VIEW, the crash ended the Dagster run process replaying the day's DDL."""
    assert nested_by_pipeline["catalog"] == {"create_view_7500_deep": CASES["create_view_7500_deep"]["reason"]}


@pytest.mark.parametrize("text, depth", [
    ("select ((1)), f(g(x)) from t", 2),
    ("select a[1][2] from (select {'k': [1]} as a)", 3),
    ("select '((((' || \"((((\" from t -- ((((\n where x = $$((((((($$ /* (((( */", 0),
    ("select 'it''s (((' from (t)", 1),
    ("select ')))' , ((a)) from t", 2),
    (")))(((", 3),
    ("select ((( /* an unclosed comment takes the rest (((", 3),
])
def test_nesting_depth_counts_brackets_outside_comments_strings_and_quoted_names(text, depth):
    assert nesting_depth(text) == depth


def test_the_limit_leaves_room_for_any_statement_the_resolver_can_analyse():
    """sqlglot itself gives up (RecursionError) from about 480 nested parenthesised
    expressions: the limit refuses nothing the resolver could have recorded."""
    catalog = catalog_from_dict(STATEMENTS["catalog"])
    at = datetime(2024, 3, 1, tzinfo=timezone.utc)
    statements = [Statement(f"q{n}", "select " + "(" * n + "a" + ")" * n + " from db.s.t", at, "U") for n in (300, 450)]
    outcomes = list(resolve_statements(catalog, statements, time_budget=None))
    assert [o.status for o in outcomes] == [RECORDED, RECORDED]
    assert MAX_NESTING >= 450


# --------------------------------------------------------------------------- views


@pytest.fixture(scope="module")
def views_by_cli(tmp_path_factory) -> dict[str, str | None]:
    statements = {case["name"]: case["sql"] for case in VIEWS["cases"]}
    return resolve_cli(*write_inputs(tmp_path_factory.mktemp("views"), views_catalog(), statements))


VIEW_CASES = {case["name"]: case for case in VIEWS["cases"]}


@pytest.mark.parametrize("name", list(VIEW_CASES))
def test_hostile_views_of_the_catalog_set_aside_the_statements_that_read_them(views_by_cli, name):
    """A definition nested 3,000 deep ended ``ahp resolve`` with a RecursionError traceback
    (7,500 deep: SIGSEGV); views 3,000 deep gave a reason naming no view; views in a cycle
    stood for nothing, silently."""
    assert views_by_cli[name] == VIEW_CASES[name]["reason"]
    assert views_by_cli["good_first"] is None and views_by_cli["good_last"] is None


# --------------------------------------------------------------------------- fingerprint


def hostile_text(case: dict[str, Any], size: int) -> tuple[str, str]:
    """(text of about ``size`` characters, its expected fingerprint) for a case of fingerprints.json."""
    unit = case["unit"]
    tail = case["opener"] + unit * ((size - len(case["head"]) - len(case["opener"])) // len(unit))
    expected = case["folds_to"] if "folds_to" in case else case["expected_head"] + tail
    return case["head"] + tail, expected


FINGERPRINT_CASES = {case["name"]: case for case in FINGERPRINTS["cases"]}
UNCLOSED = [name for name, case in FINGERPRINT_CASES.items() if "folds_to" not in case and name != "dashes_and_slashes"]


@pytest.mark.parametrize("name", UNCLOSED)
def test_an_unclosed_opener_is_matched_once_to_the_end_of_the_text(name):
    """Linear by construction: the opener's match takes the rest of the text, so no later
    opener is tried again to the end (which made 128 KB of ``/*a`` or ``'\\`` take 20-175 s)."""
    from access_history_platform.sql import fingerprint as module

    case = FINGERPRINT_CASES[name]
    text, _ = hostile_text(case, 4096)
    scanners = [module._LITERALS] + ([module._ASCII_LITERALS] if text.isascii() else [])
    for scanner in scanners:
        last = list(scanner.finditer(text))[-1]
        assert (last.lastgroup, last.span()) == ("unclosed", (len(case["head"]), len(text)))


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("name", list(FINGERPRINT_CASES))
def test_hostile_texts_fingerprint_as_expected_well_inside_a_budget(name, size):
    """At 128 KB and 1 MB, under a budget of 5 s that only guards against a hang (each takes
    milliseconds to a few tenths of a second here): an opener never closed keeps the rest of
    the text as it is, so no well-formed statement shares its shape."""
    text, expected = hostile_text(FINGERPRINT_CASES[name], size)
    with time_budget(5):
        assert fingerprint(text) == expected


def test_an_unclosed_literal_shares_no_shape_with_a_closed_one():
    assert fingerprint("select a from t where b = 'x") != fingerprint("select a from t where b = 'x'")
    assert fingerprint("select a from t /* x") != fingerprint("select a from t /* x */")
    assert fingerprint('select "a from t') != fingerprint('select "a" from t')


def test_the_time_budget_covers_the_fingerprint(monkeypatch):
    """Everything done for a statement runs inside its budget: a fingerprint that never ends
    costs its statement (quarantined for the budget), not the run."""
    from access_history_platform import resolve

    def endless(text: str) -> str:
        end = time.monotonic() + 30
        while time.monotonic() < end:
            pass
        return text

    monkeypatch.setattr(resolve, "fingerprint", endless)
    catalog = catalog_from_dict(STATEMENTS["catalog"])
    at = datetime(2024, 3, 1, tzinfo=timezone.utc)
    [outcome] = resolve_statements(catalog, [Statement("q", "select a from db.s.t", at, "U")], time_budget=0.2)
    assert (outcome.status, outcome.reason) == (
        QUARANTINED, "the resolver spent more than its time budget of 0.2 s on the statement")


def test_a_runs_budget_stops_only_the_statement_over_it_never_the_code_between_statements(monkeypatch):
    """In a run, each statement only sets its deadline, and a watchdog thread signals the statement past it: the
    slow statement is stopped within its budget (and a repeat of the alarm), the statements after it each get a
    budget of their own, the consumer's code between two statements (here slower than a budget) is never
    interrupted, and the watchdog ends with the run."""
    import threading

    from access_history_platform import resolve

    real = resolve.fingerprint

    def slow_for_one(text: str) -> str | None:
        end = time.monotonic() + 30
        while "'slow'" in text and time.monotonic() < end:
            pass
        return real(text)

    monkeypatch.setattr(resolve, "fingerprint", slow_for_one)
    catalog = catalog_from_dict(STATEMENTS["catalog"])
    at = datetime(2024, 3, 1, tzinfo=timezone.utc)
    texts = ["select a from db.s.t", "select a from db.s.t where a = 'slow'", "select a from db.s.t where a = 'x'"]
    statements = [Statement(f"q{n}", text, at, "U") for n, text in enumerate(texts * 2)]

    def watchdogs() -> int:
        return sum(thread.name == "ahp-time-budget" for thread in threading.enumerate())

    seen = []
    for outcome in resolve_statements(catalog, statements, time_budget=0.3):
        started = time.monotonic()
        seen.append((outcome.status, watchdogs()))
        while time.monotonic() - started < 0.5:  # the consumer's work, longer than a budget: never interrupted
            pass
        if outcome.status == QUARANTINED:
            assert outcome.reason == "the resolver spent more than its time budget of 0.3 s on the statement"
    assert seen == [(RECORDED, 1), (QUARANTINED, 1), (RECORDED, 1)] * 2
    assert watchdogs() == 0


def test_ahp_resolve_gets_through_megabytes_of_hostile_text(tmp_path):
    """Each 1 MB text is resolved (or set aside as unparseable), not stopped by the time budget;
    before, the fingerprint spent hours on some of them. The budget is set far above the few
    seconds these take on an idle machine, so that the test says the same on a loaded one (how
    long they take is the benchmarks' business; that the budget covers the fingerprint is
    ``test_the_time_budget_covers_the_fingerprint``'s)."""
    texts = {name: hostile_text(case, SIZES[-1])[0] for name, case in FINGERPRINT_CASES.items()}
    outcomes = resolve_cli(*write_inputs(tmp_path, STATEMENTS["catalog"], texts), "--time-budget", "120",
                           timeout=900)
    assert outcomes["summary"].startswith(f"ahp: {len(texts) + 2} statements: ")
    assert not [name for name in texts if "time budget" in (outcomes.get(name) or "")]


# --------------------------------------------------------------------------- splitting a request


REQUESTS = json.loads((DATA / "requests.json").read_text())
REQUEST_CASES = {case["name"]: case for case in REQUESTS["cases"]}


def hostile_request(case: dict, size: int) -> tuple[str, int]:
    """The case's request at about ``size`` characters, and how many statements it holds."""
    units = (size - len(case["head"]) - len(case["tail"])) // len(case["unit"])
    per_unit, fixed = case["statements"]
    return case["head"] + case["unit"] * units + case["tail"], per_unit * units + fixed


@pytest.mark.parametrize("name", list(REQUEST_CASES))
def test_a_hostile_request_is_split_in_linear_time_and_memory(name):
    """Splitting runs before any statement exists, outside every statement's budget: it must be
    linear in the request (bounded by AHP_MAX_LINE_BYTES) and hold little beside the statements.
    The memory is traced over the smaller request (tracing slows the splitting about sixfold), with a
    quarter of the slack it had over the larger one: a third copy of the request held while splitting
    still fails every case of few statements, as it did there. Times are the process's CPU time, which
    another process's load on the machine does not stretch as it stretches wall time (a Spark job beside the
    tests made 4 MiB of short statements 13 times as long as 512 KiB by the clock)."""
    import tracemalloc

    from access_history_platform.sql.statements import SPLIT_SCAN_CHARS, split_statements

    timings = []
    for size in (SPLIT_SCAN_CHARS * 16, SPLIT_SCAN_CHARS * 2):  # 4 MiB and 512 KiB
        text, expected = hostile_request(REQUEST_CASES[name], size)
        started = time.process_time()
        assert len(split_statements(text)) == expected
        timings.append(time.process_time() - started)
    assert timings[0] < 12 * timings[1] + 1.0, f"not linear: {timings}"  # 8 times the text; quadratic: 64 times
    tracemalloc.start()
    try:
        statements = split_statements(text)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2 * len(text) + 80 * len(statements) + (1 << 18), peak  # the statements, and a copy at most


_LITERAL_TIMINGS = """
import json, sys, time
from access_history_platform.formats.postgres import executed_statement
from access_history_platform.sql.statements import executable_comments_opened, search_path_schema, split_statements
from access_history_platform.sql.variables import assigned, loop_rows, may_assign
case, timings = json.loads(sys.argv[1]), []
read = {"search_path": search_path_schema, "prepared": lambda text: executed_statement("EXECUTE p(1)", text),
        "session": lambda text: (assigned(text, {}, case["dialect"]), may_assign(text, case["dialect"])),
        "loops": lambda text: loop_rows(text, case["dialect"]),
        "executable": executable_comments_opened,
        None: lambda text: split_statements(text, case["dialect"])}[case.get("reader")]
for size in (16_384, 131_072):
    text = case["head"] + case["unit"] * ((size - len(case["head"])) // len(case["unit"])) + case["tail"]
    started = time.process_time()
    read(text)
    timings.append(time.process_time() - started)
print(json.dumps(timings))
"""


@pytest.mark.parametrize("case", REQUESTS["literals"], ids=[case["name"] for case in REQUESTS["literals"]])
def test_a_statement_running_a_literal_is_read_in_linear_time(case):
    """An EXECUTE IMMEDIATE, a DO block or a SET TAG ON is read while its request is split, a SET search_path, a
    server log's PREPARE and whether a line sets its session's variables while the log is read, all outside every
    statement's budget: white space, quotes or comments
    repeated after a literal must cost linear time (a DO block followed by 4,000 spaces took 45 s). Read in a child
    process whose timeout turns a hang into a failure."""
    done = subprocess.run([sys.executable, "-c", _LITERAL_TIMINGS, json.dumps(case)], capture_output=True, text=True,
                          timeout=120, cwd=Path(__file__).resolve().parents[1], check=True)
    small, large = json.loads(done.stdout)
    assert large < 12 * small + 1.0, f"not linear: {small:.3f} s, then {large:.3f} s on 8 times the text"


def test_a_triggers_transition_table_opens_no_body_in_either_splitter():
    """``REFERENCING NEW TABLE AS nt`` is no routine body running to the end of the request: the statements after the
    trigger are statements of their own, in a request short enough to tokenize and in one the scan cuts."""
    from access_history_platform.sql.statements import SPLIT_SCAN_CHARS, split_statements
    trigger = "CREATE TRIGGER tr AFTER UPDATE ON t REFERENCING NEW TABLE AS nt FOR EACH STATEMENT EXECUTE FUNCTION f()"
    for padding in ("", "x" * SPLIT_SCAN_CHARS):
        text = f"{trigger}; insert into t select '{padding}'; update t set a = 2"
        insert = f"insert into t select '{padding}'"
        assert split_statements(text, "postgres") == [trigger, insert, "update t set a = 2"]
    body = "CREATE TRIGGER tr ON t AFTER INSERT AS INSERT INTO x SELECT 1; SELECT 2"  # T-SQL's: to the batch's end
    assert split_statements(body, "tsql") == [body]
    cases = [  # (review of the fix): the ways to write the clause, a comment before the AS, an Oracle DECLARE section
        ("postgres", "CREATE TRIGGER t AFTER INSERT ON x REFERENCING NEW_TABLE AS nt FOR EACH STATEMENT EXECUTE "
                     "FUNCTION f()", "INSERT INTO z VALUES (1)"),
        ("postgres", "CREATE TRIGGER t AFTER INSERT ON x REFERENCING NEW TABLE /* c */ AS nt FOR EACH STATEMENT "
                     "EXECUTE FUNCTION f()", "INSERT INTO z VALUES (1)"),
        ("oracle", "CREATE OR REPLACE TRIGGER t BEFORE INSERT ON x REFERENCING NEW AS n FOR EACH ROW DECLARE v NUMBER; "
                   "BEGIN v := 1; :n.a := v; END", "INSERT INTO y VALUES (1)"),
        ("oracle", "CREATE TRIGGER t BEFORE INSERT ON x FOR EACH ROW WHEN (new.a > 0) DECLARE v NUMBER; BEGIN v := 1; "
                   "END", "INSERT INTO y VALUES (1)"),
    ]
    for dialect, trigger, after in cases:
        for padding in ("", " " * SPLIT_SCAN_CHARS):
            assert split_statements(f"{trigger}; {after}{padding}", dialect) == [trigger, after], (dialect, trigger)
    commented = ("CREATE TRIGGER t ON x AFTER INSERT -- fires once per row\nAS\nINSERT INTO a SELECT 1; "
                 "INSERT INTO b SELECT 2")
    for padding in ("", " " * SPLIT_SCAN_CHARS):
        assert split_statements(commented + padding, "tsql") == [commented]


def test_a_long_t_sql_batch_is_cut_into_every_statement_it_holds():
    """A T-SQL batch's statements need no ``;``: one of 200 INSERT ... SELECTs without any was cut at its first 12
    places only, the rest set aside as one statement (115 of Ola Hallengren's INSERTs); one over 16 KiB wrapped in
    BEGIN ... END was one block with no record, its statements lost unseen. Each is every statement it holds, a bad one
    set aside alone."""
    from access_history_platform.sql.statements import split_statements

    inserts = [f"INSERT INTO dbo.x (a) SELECT a FROM dbo.t{i} WHERE a > {i}" for i in range(200)]
    assert split_statements("\n".join(inserts), "tsql") == inserts
    broken = [*inserts[:100], "DELETE FROM dbo.x WHERE a >", *inserts[100:]]
    assert split_statements("\n".join(broken), "tsql") == broken
    block = "BEGIN\n" + ";\n".join(inserts * 2) + ";\nEND"
    assert len(block) > 16 * 1024
    assert [s for s in split_statements(block, "tsql") if s.startswith("INSERT")] == inserts * 2


def test_a_t_sql_batch_too_long_to_take_apart_is_set_aside_with_the_reason():
    """Over 256 KiB a T-SQL block's control of flow is not taken out: it is set aside, saying so (it was recorded as a
    block of no record, its statements lost unseen). Over 16 KiB a batch without ``;`` is cut front to back, each
    statement the shortest piece that reads (a script's batch of hundreds of INSERTs, Northwind's, was set aside
    whole): from a statement that does not read, the rest is set aside; one that starts so is set aside, saying
    why."""
    from tests.support.records import resolve_case

    inserts = "\n".join(f"INSERT INTO dbo.x (a) SELECT a FROM dbo.t WHERE a = {i}" for i in range(6000))
    batch = inserts[:20000].rsplit("\n", 1)[0]  # whole statements: 359 of them
    texts = {"block": f"BEGIN TRY\n{inserts}\nEND TRY\nBEGIN CATCH\nSELECT 1\nEND CATCH", "batch": batch,
             "cut_short": inserts[:20000], "unreadable_first": f"DELETE FROM dbo.x WHERE a = )\n{batch}"}
    assert len(texts["block"]) > 256 * 1024 and all(16 * 1024 < len(texts[name]) < 256 * 1024 for name in texts
                                                    if name != "block")
    case = {"dialect": "tsql", "catalog": {"objects": []}, "log": [
        {"query_id": name, "query_text": text, "query_start_time": "2026-11-16T09:00:00+00:00", "user_name": "u",
         "database_name": "db", "schema_name": "dbo"} for name, text in texts.items()]}
    outcomes: dict[str, list] = {}
    for outcome in resolve_case(case):
        outcomes.setdefault(outcome.statement.query_id.split("#")[0], []).append(outcome)
    assert [outcome.status for outcome in outcomes["block"]] == ["quarantined"]
    assert outcomes["block"][0].reason == ("a T-SQL block over 256 KiB: its statements are not taken apart (split the "
                                            "batch, or log its statements one by one)")
    assert [outcome.status for outcome in outcomes["batch"]] == ["recorded"] * 359
    assert [outcome.statement.text for outcome in outcomes["batch"]] == batch.split("\n")
    assert [outcome.status for outcome in outcomes["cut_short"]] == ["recorded"] * 359 + ["quarantined"]
    assert outcomes["cut_short"][-1].statement.text == "INSERT"
    assert [outcome.status for outcome in outcomes["unreadable_first"]] == ["quarantined"]
    assert outcomes["unreadable_first"][0].reason.startswith("cannot parse")
    assert outcomes["unreadable_first"][0].statement.text == texts["unreadable_first"]


@pytest.mark.parametrize("text", REQUESTS["ordinary"])
def test_the_scan_splits_ordinary_requests_as_the_tokenizer_does(text):
    from access_history_platform.sql.statements import split_scanning, split_statements

    assert split_scanning(text) == split_statements(text) and len(split_statements(text)) > 1


ALL_REQUESTS = [*REQUESTS["ordinary"], *REQUESTS["scripting"], *(text for text, _ in REQUESTS["plain"]),
                *(text for case in REQUESTS["scripting_by_dialect"].values() for text in [*case["unit"], case["tail"]])]


@pytest.mark.parametrize("text", ALL_REQUESTS)
def test_a_plain_request_splits_without_the_tokenizer_as_the_tokenizer_does(text):
    from access_history_platform.sql.statements import split_plain, split_tokenizing

    plain = split_plain(text)
    assert plain is None or plain == split_tokenizing(text)
    assert (plain is not None) == dict(REQUESTS["plain"]).get(text, plain is not None)


def scripting_request(size: int) -> tuple[str, list[str]]:
    """requests.json's scripting statements, each ended by ``;``, repeated to more than ``size`` characters;
    and the statements the normal path (sqlglot's tokenizer, each statement alone) splits them into."""
    from access_history_platform.sql.statements import split_statements

    unit = "".join(f"{text};\n" for text in REQUESTS["scripting"])
    copies = size // len(unit) + 1
    return unit * copies, [piece for text in REQUESTS["scripting"] for piece in split_statements(text)] * copies


def test_a_request_over_the_scan_size_keeps_scripting_blocks_whole():
    """Above SPLIT_SCAN_CHARS a request is split by the linear scan, which cut a ``BEGIN ... END`` block,
    a ``DECLARE`` section and a procedure body without ``$$`` at each of their ``;``: it must keep them
    whole, and split ``EXECUTE IMMEDIATE`` of a literal, exactly as the normal path does."""
    from access_history_platform.sql.statements import SPLIT_SCAN_CHARS, split_statements

    request, expected = scripting_request(SPLIT_SCAN_CHARS)
    assert len(request) > SPLIT_SCAN_CHARS
    assert "create procedure p() returns int language sql as begin select 1; return 1; end" in expected
    assert split_statements(request) == expected


@pytest.mark.parametrize("padding", [0, 1], ids=["tokenized", "scanned"])
def test_unquoted_file_uris_are_paths_whatever_the_request_size(padding):
    """A PUT's wildcard (``file://src/*.py``), a GET into ``file:///tmp/--out/`` and ``file://`` itself hold what
    the tokenizer and the linear scan take for comments (``/*``, ``--``, Snowflake's ``//``): a request of them is
    still cut at its ``;``, below and above SPLIT_SCAN_CHARS."""
    from access_history_platform.sql.statements import SPLIT_SCAN_CHARS, split_statements

    long = "select " + ", ".join(["1"] * (SPLIT_SCAN_CHARS // 3)) if padding else "select 1"
    pieces = ["PUT file://environment.yml @app_code OVERWRITE = TRUE", "PUT file://components/*.py @app_code/c",
              long, "GET @app_code/c file:///tmp/--out/", "select 'file://a/*' from t", "select 2"]
    assert split_statements(";\n".join(pieces) + ";") == pieces


@pytest.mark.parametrize("text", REQUESTS["scripting"])
def test_the_scan_keeps_a_scripting_block_as_the_tokenizer_does(text):
    from access_history_platform.sql.statements import split_scanning, split_tokenizing

    assert split_scanning(text) == split_tokenizing(text)


BY_DIALECT = [(dialect, text) for dialect, case in REQUESTS["scripting_by_dialect"].items()
              for text in [*case["unit"], case["tail"]]]


@pytest.mark.parametrize(("dialect", "text"), BY_DIALECT, ids=[f"{d}-{i}" for i, (d, _) in enumerate(BY_DIALECT)])
def test_the_scan_keeps_a_dialects_routine_body_as_the_tokenizer_does(dialect, text):
    from access_history_platform.sql.statements import split_scanning, split_tokenizing

    assert split_scanning(text, dialect) == split_tokenizing(text, dialect)


@pytest.mark.parametrize("dialect", list(REQUESTS["scripting_by_dialect"]))
def test_a_request_over_the_scan_size_splits_by_its_dialects_rules(dialect):
    """Above SPLIT_SCAN_CHARS the scan applied Snowflake's block rules whatever the dialect: a T-SQL or PL/SQL
    body without quotes and PostgreSQL's $tag$ body were cut at their ';', a T-SQL DECLARE swallowed the statements
    after it. The request must split as each of its statements does alone on the normal path."""
    from access_history_platform.sql.statements import SPLIT_SCAN_CHARS, split_statements

    case = REQUESTS["scripting_by_dialect"][dialect]
    unit = "".join(f"{text};\n" for text in case["unit"])
    copies = SPLIT_SCAN_CHARS // len(unit) + 1
    request = unit * copies + case["tail"]
    expected = [piece for text in case["unit"] for piece in split_statements(text, dialect)] * copies
    assert len(request) > SPLIT_SCAN_CHARS
    assert split_statements(request, dialect) == expected + split_statements(case["tail"], dialect)


@pytest.mark.parametrize("text", [
    "/* a */" + " " * 100_000 + "select 1",
    "-- a\n" * 50_000 + "select 1",
    "/* a */ -- b\n" * 20_000 + "use",
    " \t\n" * 100_000 + "create or replace database",
])
def test_the_session_a_statement_leaves_is_found_well_inside_a_budget(text):
    """A request's statements are each checked for a ``USE`` (or a Snowflake ``CREATE DATABASE / SCHEMA``)
    while the request is split, outside every statement's budget: comments and white space before the first
    word are stepped over once (a pattern that could split white space in many ways took hours on 40 spaces
    after a comment). Under a budget of 5 s that only guards against a hang."""
    from access_history_platform.sql.statements import session_after

    with time_budget(5):
        assert session_after(text, "DB", "S") == ("DB", "S")


def test_a_set_aside_statement_has_the_same_reason_in_every_run():
    """Which of a node's missing parts sqlglot's error names first varies with the process's string hashes: the
    reason a statement is set aside must not (a re-run writes the same quarantine). Seeds 5 to 12 name both parts
    of this statement's dot."""
    script = ("from access_history_platform.sql.statements import parse_statement\n"
              "try:\n"
              "    parse_statement(\"CREATE TABLE orders (a BIGINT, b BIGINT, ....., )\", 'spark')\n"
              "except Exception as err:\n"
              "    print(err)\n")
    reasons = {subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=True,
                              cwd=Path(__file__).resolve().parents[1], env={**os.environ, "PYTHONHASHSEED": str(seed)}
                              ).stdout.strip() for seed in range(5, 13)}
    assert reasons == {"cannot parse: Required keyword missing for Dot. Line 1, Col: 43."}


def test_comment_lines_of_dashes_before_a_statement_sqlglot_cannot_read_cost_no_backtracking():
    """A Databricks statement sqlglot cannot read is tried against the metric view's pattern, whose leading comments
    were matched with backtracking: two lines of 40 dashes took minutes (the statement was set aside for the time
    budget, its record lost; outside a budget the resolver hung). It is recorded within the default budget."""
    catalog = catalog_from_dict({"objects": []})
    at = datetime(2024, 3, 1, tzinfo=timezone.utc)
    text = "-- " + "-" * 40 + "\n-- " + "-" * 40 + "\nRESTORE TABLE main.s.t TO VERSION AS OF 1"
    [outcome] = resolve_statements(catalog, [Statement("q", text, at, "U", "main", "s")], dialect="databricks",
                                   time_budget=5)
    assert outcome.status == RECORDED, outcome.reason


_READ_ONCE = """
import json, sys
from access_history_platform.catalog import catalog_from_dict
from access_history_platform.resolve import resolve_statements, Statement
from access_history_platform.sql.binder import late_binding, parse_view_definition
from access_history_platform.sql.statements import classify
from datetime import datetime, timezone
name = sys.argv[1]
dashes = "-" * 60
at = datetime(2024, 3, 1, tzinfo=timezone.utc)
def resolved(text, dialect):
    [outcome] = resolve_statements(catalog_from_dict({"objects": []}), [Statement("q", text, at, "U", "d", "s")],
                                   dialect=dialect, time_budget=None)
    return outcome.status
answer = {
    # a catalog view's definition, read with no time budget (ahp resolve's start, the pipeline's catalog)
    "view_with_dashes": lambda: (late_binding(f"select a from db.s.t -- with no schema binding\\n{dashes}\\nwhere a > 0"),
                                 parse_view_definition(f"select a from t -- with no schema binding\\n{dashes}\\nwhere a > 0",
                                                       "redshift") is not None),
    "cursor_with_dashes": lambda: resolved(f"DECLARE c CURSOR FOR SELECT a FROM t -- for read only\\n{dashes}\\nWHERE a > 0",
                                           "tsql"),
    "metric_view_then_space": lambda: resolved("create" + " " * 262_144 + "x", "databricks"),
    "lock_then_space": lambda: resolved("lock t in" + " " * 262_144 + "x", "postgres"),
    # a query over 256 KiB is classified by a pattern over its text (the pipeline's log reading)
    # (its 'into' a string's, which the pattern does not see: every blank of the run was a start tried to its end)
    "long_query_into_then_space": lambda: classify("select 'into', " + "x, " * 100_000 + " " * 262_144 + "1 from t",
                                                   "snowflake").changes_catalog,
}[name]()
print(json.dumps(answer))
"""


@pytest.mark.parametrize(("name", "answer"), [
    ("view_with_dashes", [False, True]), ("cursor_with_dashes", "recorded"), ("metric_view_then_space", "quarantined"),
    ("lock_then_space", "no_record"), ("long_query_into_then_space", False)])
def test_patterns_over_comments_and_blanks_take_no_step_back(name, answer):
    """Patterns that matched a run of comment dashes or blanks in many ways (a ReDoS audit, 2026-11-30): 60 dashes
    after a view's or a cursor's last clause took hours (exponential), 256 KiB of blanks half an hour (quadratic), some
    outside every time budget. Read in a child process whose timeout turns a hang into a failure."""
    done = subprocess.run([sys.executable, "-c", _READ_ONCE, name], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parents[1], check=True)
    assert json.loads(done.stdout) == answer


# --------------------------------------------------------------------------- a line's own surprises


def _session_log(*texts: str) -> list[dict[str, Any]]:
    return [{**log_line(f"q{n}", text, n), "session_id": "s1"} for n, text in enumerate(texts, 1)]


def test_a_set_sqlglots_parser_fails_on_in_its_own_way_costs_its_statement_only():
    """sqlglot's parser raises a ValueError (not its ParseError) on SET t = CONCAT . (...): the session's variables
    and context are followed past it, the statement set aside with the parser's words, the next line resolved (the
    error ended the whole run, raised while the line's statements were read)."""
    from tests.support.records import resolve_case
    case = {"dialect": "snowflake", "catalog": {"objects": [
        {"domain": "Table", "name": "DB.S.T", "columns": [{"name": "A"}]}]},
        "log": _session_log("SET t = CONCAT . ('DB.', 'S.T')", "select a from t")}
    outcomes = {o.statement.query_id: o for o in resolve_case(case)}
    assert outcomes["q1"].status == QUARANTINED and "ValueError: Cannot convert empty name" in outcomes["q1"].reason
    assert outcomes["q2"].status == RECORDED


def test_an_unexpected_error_reading_a_lines_statements_sets_that_line_aside(monkeypatch):
    """Whatever fails while a line is cut into its statements (a bug of the splitter, say) sets that line aside with
    the error, and the lines beside it are resolved: one line never ends the run."""
    from access_history_platform import resolve
    from tests.support.records import resolve_case
    real = resolve.split_request

    def failing(text: str, dialect: str) -> list[str | tuple[str, ...]]:
        if "boom" in text:
            raise KeyError("an unexpected key")
        return real(text, dialect)

    monkeypatch.setattr(resolve, "split_request", failing)
    case = {"dialect": "snowflake", "catalog": {"objects": [
        {"domain": "Table", "name": "DB.S.T", "columns": [{"name": "A"}]}]},
        "log": _session_log("select a from t", "select 'boom' from t; select a from t", "select a from t")}
    outcomes = {o.statement.query_id: o for o in resolve_case(case)}
    assert sorted(outcomes) == ["q1", "q2", "q3"]
    assert (outcomes["q1"].status, outcomes["q3"].status) == (RECORDED, RECORDED)
    assert outcomes["q2"].status == QUARANTINED and outcomes["q2"].reason.endswith(
        "internal error while reading the line's statements: KeyError: 'an unexpected key'"), outcomes["q2"].reason


@pytest.mark.parametrize(("dialect", "unit"), [("clickhouse", "group by a "), ("clickhouse", "f(a) "),
                                               ("clickhouse", "("), ("mysql", "escape 1 ")])
def test_the_quick_looks_that_pick_a_statements_rewrites_are_linear(dialect, unit):
    """Before a statement is parsed, quick looks at its text (regular expressions, run in C) pick the rewrites it may
    need; the statement's time budget cannot stop one (its signal waits for the expression to return), so each must
    be linear in the text. ClickHouse's look for a GROUP BY alias rescanned the text from every GROUP BY (50,000 of
    them took 533 s). Times are CPU times of eight times the text, as the splitter's test takes them."""
    from access_history_platform.sql.rewrites import readable
    from access_history_platform.sql.token_groups import tokens_of

    timings = []
    for units in (8000, 1000):
        text = "SELECT 1 FROM t " + unit * units
        tokens = tokens_of(text, dialect)
        started = time.process_time()
        readable(text, tokens, dialect)
        timings.append(time.process_time() - started)
    assert timings[0] < 12 * timings[1] + 1.0, f"not linear: {timings}"


def _refused_login(text: str) -> None:
    from access_history_platform.formats.mysql_general import _denied_database
    _denied_database(text)


def _foreign_key_without_not_valid(text: str) -> None:
    from access_history_platform.sql.governance import _NOT_VALID
    _NOT_VALID.sub("", text)


def _cursor_without_updatability(text: str) -> None:
    from access_history_platform.sql.statements import _TSQL_CURSOR_UPDATABILITY
    _TSQL_CURSOR_UPDATABILITY.sub("", text)


@pytest.mark.parametrize(("read", "unit"), [(_refused_login, "'"), (_foreign_key_without_not_valid, " "),
                                            (_cursor_without_updatability, " ")])
def test_the_patterns_that_read_a_statements_or_a_log_lines_parts_are_linear(read, unit):
    """Each found by searching every pattern of the engine on a text of one word repeated: a MySQL log's refused login
    of many quotes (a match tried from every character: 40,000 quotes took 29 s), and a run of whitespace before
    PostgreSQL's NOT VALID or T-SQL's FOR UPDATE (40,000 spaces: 13 s). A log line is read outside any statement's
    budget, and a pattern in C cannot be stopped by one."""
    timings = []
    for units in (32000, 4000):
        started = time.process_time()
        read("x " + unit * units + " x")
        timings.append(time.process_time() - started)
    assert timings[0] < 12 * timings[1] + 1.0, f"not linear: {timings}"
