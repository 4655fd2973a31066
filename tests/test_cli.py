"""`ahp resolve` end to end: bad input is reported and set aside, good input beside it is resolved."""

from __future__ import annotations

import gzip
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from access_history_platform.catalog import catalog_from_dict, catalog_to_dict, catalog_from_state, load_catalog
from access_history_platform.errors import CatalogError

AHP = str(Path(sys.executable).with_name("ahp"))
CATALOG = {"account": "ACME", "objects": [
    {"domain": "Table", "name": "DB.S.T", "columns": [{"name": "A"}, {"name": "B"}]},
    {"domain": "View", "name": "DB.S.V", "definition": "select a as x, b from t where a > 0"},
]}


def line(qid: str, sql: str, minute: int = 0, **extra) -> dict:
    return {"query_id": qid, "query_text": sql, "query_start_time": f"2024-03-01T09:{minute:02d}:00+00:00",
            "user_name": "U", "database_name": "DB", "schema_name": "S", **extra}


def run(tmp_path: Path, catalog, log_lines: list[str], *args: str, log_name: str = "log.jsonl") -> subprocess.CompletedProcess:
    catalog_path = tmp_path / "catalog.json"
    catalog_path.write_text(catalog if isinstance(catalog, str) else json.dumps(catalog))
    log_path = tmp_path / log_name
    text = "".join(entry + "\n" for entry in log_lines)
    if log_name.endswith(".gz"):
        log_path.write_bytes(gzip.compress(text.encode()))
    else:
        log_path.write_text(text)
    return subprocess.run([AHP, "resolve", "--catalog", str(catalog_path), "--log", str(log_path), *args],
                          capture_output=True, text=True, timeout=120)


def records(proc: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(row) for row in proc.stdout.splitlines() if row.strip()]


def test_bad_log_lines_are_reported_and_the_rest_resolved(tmp_path):
    lines = [
        json.dumps(line("q1", "select a from t")),
        '{"query_id": "q2", "query_text": "select a from t"',                       # not JSON
        json.dumps({k: v for k, v in line("q3", "select b from t").items() if k != "user_name"}),
        json.dumps({**line("q4", "select b from t"), "query_start_time": 12}),      # ill-typed
        json.dumps({**line("q5", "select b from t"), "query_start_time": "2024-03-01T09:00:00"}),  # no offset
        json.dumps(line("q6", "select b from t", 1)),
    ]
    proc = run(tmp_path, CATALOG, lines)
    assert proc.returncode == 0, proc.stderr
    assert [r["query_id"] for r in records(proc)] == ["q1", "q6"]
    err = proc.stderr
    log = str(tmp_path / "log.jsonl")
    assert f"{log}:2: not valid JSON" in err
    assert f"{log}:3: missing required field 'user_name'" in err
    assert f"{log}:4: field 'query_start_time'" in err and "timestamp" in err
    assert f"{log}:5: field 'query_start_time': must carry a UTC offset" in err
    assert "4 log lines set aside" in err


def test_truncated_gzip_keeps_the_lines_before(tmp_path):
    good = [json.dumps(line(f"q{i}", "select a from t", i)) for i in range(40)]
    proc = run(tmp_path, CATALOG, good, log_name="log.jsonl.gz")
    assert len(records(proc)) == 40
    path = tmp_path / "log.jsonl.gz"
    path.write_bytes(path.read_bytes()[:-30])
    proc = subprocess.run([AHP, "resolve", "--catalog", str(tmp_path / "catalog.json"), "--log", str(path)],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0
    assert 0 < len(records(proc)) < 40
    assert "truncated or corrupt" in proc.stderr and "1 log lines set aside" in proc.stderr


def test_unparseable_statement_is_reported_with_query_id(tmp_path):
    proc = run(tmp_path, CATALOG, [json.dumps(line("bad1", "SELEC a FRM t")), json.dumps(line("ok", "select a from t", 1))])
    assert proc.returncode == 0
    assert [r["query_id"] for r in records(proc)] == ["ok"]
    assert "quarantined: bad1: cannot parse" in proc.stderr
    assert "1 quarantined" in proc.stderr


def test_statements_without_a_record_are_counted_by_kind(tmp_path):
    """Warehouse, role and task statements are no record and no quarantine; the summary counts them by kind,
    each named by its statement's leading keywords, those the platform's own grammar reads too (a stream's
    CREATE, an anonymous procedure's CALL, an EXPLAIN, a DROP ... IF EXISTS of nothing)."""
    texts = ["alter warehouse w set warehouse_size = 'LARGE'", "use role analyst", "alter warehouse w2 suspend",
             "create or replace task t warehouse = w schedule = '5 minute' as insert into t select 1, 2", "select a from t",
             "create stream s on table t", "explain select a from t", "drop dynamic table if exists nothing_here",
             "with p as procedure (x int) returns int language sql as $$ begin return x; end; $$ call p(1)"]
    proc = run(tmp_path, CATALOG, [json.dumps(line(f"q{i}", text, i)) for i, text in enumerate(texts)])
    assert proc.returncode == 0
    assert [r["query_id"] for r in records(proc)] == ["q4"]
    # (the DROP ... IF EXISTS of a dynamic table the catalog does not hold changed nothing: it was counted as a
    # DROP DYNAMIC TABLE, as if such statements were never recorded)
    assert ("8 without a record (ALTER WAREHOUSE 2, CALL 1, CREATE STREAM 1, CREATE TASK 1, EXPLAIN 1, USE ROLE 1, "
            "nothing changed 1)") in proc.stderr, proc.stderr
    assert "0 quarantined" in proc.stderr


@pytest.mark.parametrize("catalog, problem", [
    ("{not json", "not valid JSON"),
    ({"objects": [{"domain": "Spaceship", "name": "DB.S.X"}]}, "object #0 (Spaceship DB.S.X), field domain: unknown domain 'Spaceship'"),
    ({"objects": [{"domain": "Table", "name": "DB.S.T", "columns": [{"name": "A", "id": "seven"}]}]},
     "object #0 (Table DB.S.T), field columns.0.id"),
    ({"objects": [{"domain": "View", "name": "DB.S.V"}]}, "View DB.S.V has no definition"),
    ({"objects": [{"domain": "Table", "name": "DB.S.T"}, {"domain": "View", "name": "DB.S.T", "definition": "select 1"}]},
     "View DB.S.T is defined twice"),
    ({"objects": [{"domain": "Table", "name": "DB.S.T", "colums": []}]}, "field colums: Extra inputs are not permitted"),
    ({"objects": [{"domain": "Table", "name": "DB..T"}]}, "has an empty part"),
    ({"objects": [{"domain": "Synonym", "name": "DB.PUBLIC.S"}]}, "Synonym DB.PUBLIC.S has no source naming the object"),
    ({"objects": [{"domain": "Synonym", "name": "DB.S.X", "source": "db.s.x"}]}, "Synonym DB.S.X has no source naming"),
    ({"objects": [{"domain": "Table", "name": "DB.S.T", "columns": [{"name": "A", "type": "NUMBER"}]}]},
     "field columns.0.type: Extra inputs are not permitted (the field is named 'data_type'"),
])
def test_invalid_catalog_exits_2_naming_file_object_and_problem(tmp_path, catalog, problem):
    proc = run(tmp_path, catalog, [json.dumps(line("q1", "select a from t"))])
    assert proc.returncode == 2
    assert str(tmp_path / "catalog.json") in proc.stderr
    assert problem in proc.stderr
    assert proc.stdout == ""


def test_missing_files_and_unknown_dialect_exit_2(tmp_path):
    proc = subprocess.run([AHP, "resolve", "--catalog", str(tmp_path / "nope.json"), "--log", str(tmp_path / "x.jsonl")],
                          capture_output=True, text=True)
    assert proc.returncode == 2 and "nope.json: cannot read the catalog" in proc.stderr
    proc = run(tmp_path, CATALOG, [], "--dialect", "klingon")
    assert proc.returncode == 2 and "klingon" in proc.stderr


@pytest.mark.parametrize("args, problem", [
    (("--out", "{tmp}/missing/out.jsonl"), "missing/out.jsonl: cannot write the output there: No such file"),
    (("--cache-size", "-5"), "argument --cache-size: '-5': the cache holds 0 (none) or more resolutions"),
    (("--time-budget", "-1"),
     "argument --time-budget: '-1': a time budget is 0 (none) or more seconds, up to 86,400 (a day)"),
    (("--log", "{tmp}"), ": a folder, not a log file"),
    (("--catalog", "{tmp}"), ": a folder, not a catalog snapshot: an information-schema export's folder is made "
                             "into one by `ahp catalog --export FOLDER --out catalog.json`"),
])
def test_unusable_options_are_one_line_naming_the_option_or_file(tmp_path, args, problem):
    """A missing folder for --out, a negative time budget, a folder given as the log or the catalog: a Python traceback
    (FileNotFoundError, IsADirectoryError) or, for the budget, every statement set aside as an internal error."""
    proc = run(tmp_path, CATALOG, [json.dumps(line("q1", "select a from db.s.t"))],
               *(arg.replace("{tmp}", str(tmp_path)) for arg in args))
    assert proc.returncode == 2 and problem in proc.stderr and "Traceback" not in proc.stderr, proc.stderr
    assert not proc.stdout


def test_ids_are_stable_whatever_the_order_of_keys_and_objects():
    forward = catalog_from_dict(CATALOG)
    reordered = catalog_from_dict({"objects": [
        {"definition": "select a as x, b from t where a > 0", "name": "DB.S.V", "domain": "view"},
        {"columns": [{"name": "A"}, {"name": "B"}], "name": "DB.S.T", "domain": "TABLE"},
    ]})
    ids = lambda c: {(o.domain, o.name): (o.id, [col.id for col in o.columns or ()]) for o in c.objects()}
    assert ids(forward) == ids(reordered)
    assert all(obj.id for obj in forward.objects())


def test_yaml_catalog_and_domains_are_case_insensitive(tmp_path):
    path = tmp_path / "catalog.yaml"
    path.write_text("objects:\n  - domain: EXTERNAL_TABLE\n    name: DB.S.E\n    columns: [{name: A}]\n"
                    "  - domain: masking policy\n    name: G.P.M\n    body: \"'***'\"\n")
    catalog = load_catalog(path)
    assert {o.domain for o in catalog.objects()} == {"External table", "Masking policy"}


def test_view_columns_are_derived_from_the_definition(tmp_path):
    proc = run(tmp_path, CATALOG, [json.dumps(line("q1", "select * from v"))])
    (record,) = records(proc)
    assert [c["columnName"] for c in record["direct_objects_accessed"][0]["columns"]] == ["X", "B"]
    assert [c["columnName"] for c in record["base_objects_accessed"][0]["columns"]] == ["A", "B"]


def test_catalog_state_round_trips():
    catalog = catalog_from_dict(CATALOG)
    state = catalog_to_dict(catalog)
    assert catalog_to_dict(catalog_from_state(json.loads(json.dumps(state)))) == state


def test_invalid_catalog_error_in_process():
    with pytest.raises(CatalogError, match="defined twice"):
        catalog_from_dict({"objects": [{"domain": "Table", "name": "A.B.C"}, {"domain": "Table", "name": "A.B.C"}]})


def test_out_file_and_log_order(tmp_path):
    lines = [json.dumps(line("late", "select b from t", 5)), json.dumps(line("early", "select a from t", 1)),
             json.dumps(line("same1", "select a from t", 3)), json.dumps(line("same2", "select b from t", 3))]
    out = tmp_path / "out.jsonl"
    proc = run(tmp_path, CATALOG, lines, "--out", str(out))
    assert proc.returncode == 0 and proc.stdout == ""
    assert [json.loads(r)["query_id"] for r in out.read_text().splitlines()] == ["early", "same1", "same2", "late"]


def test_time_budget_quarantines_a_slow_statement(tmp_path):
    # ten times the budget's worth of scanning alone on this machine at its fastest: 4,000 columns, scanned and
    # parsed in 0.047 s there, came within the 0.05 s budget and were recorded
    columns = ", ".join(f"a + {i} as c{i}" for i in range(40_000))
    lines = [json.dumps(line("slow", f"select {columns} from t")), json.dumps(line("ok", "select a from t", 1))]
    proc = run(tmp_path, CATALOG, lines, "--time-budget", "0.05")
    assert proc.returncode == 0
    assert [r["query_id"] for r in records(proc)] == ["ok"]
    assert "quarantined: slow: the resolver spent more than its time budget of 0.05 s" in proc.stderr


@pytest.mark.parametrize("budget", ["inf", "1e10", "nan", "-1"])
def test_a_time_budget_the_timers_cannot_hold_exits_2_in_one_line(tmp_path, budget):
    """``inf`` and ``1e10`` ran with the budget's watchdog thread dead of a traceback (OverflowError), and no budget."""
    proc = run(tmp_path, CATALOG, [json.dumps(line("ok", "select a from t"))], "--time-budget", budget)
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    assert proc.stderr.strip().endswith(f"argument --time-budget: '{budget}': a time budget is 0 (none) or more "
                                        "seconds, up to 86,400 (a day)")


def test_deeply_nested_statement_is_quarantined_not_fatal(tmp_path):
    nested = "select a from t"
    for _ in range(3000):
        nested = f"select a from ({nested})"
    proc = run(tmp_path, CATALOG, [json.dumps(line("deep", nested)), json.dumps(line("ok", "select a from t", 1))],
               "--time-budget", "0")
    assert proc.returncode == 0
    assert [r["query_id"] for r in records(proc)] == ["ok"]
    assert "quarantined: deep:" in proc.stderr


def test_a_line_that_is_not_utf8_costs_only_that_line(tmp_path):
    log = tmp_path / "log.jsonl"
    log.write_bytes(json.dumps(line("q1", "select a from t")).encode() + b"\n"
                    + b'{"query_id": "\xff"}\n' + json.dumps(line("q3", "select b from t", 1)).encode() + b"\n")
    (tmp_path / "catalog.json").write_text(json.dumps(CATALOG))
    proc = subprocess.run([AHP, "resolve", "--catalog", str(tmp_path / "catalog.json"), "--log", str(log)],
                          capture_output=True, text=True, timeout=120)
    assert [r["query_id"] for r in records(proc)] == ["q1", "q3"]
    assert f"{log}:2: not UTF-8 text" in proc.stderr


@pytest.mark.parametrize("sql, reason", [
    ("delete policy", "cannot write to False: not a table"),
    ("create using", "cannot parse: the parser failed (TypeError"),
    ("create , function = lateral to clone", "CREATE FUNCTION: expected '(' and the arguments after the name"),
])
def test_statements_that_trip_the_parser_are_quarantined(tmp_path, sql, reason):
    proc = run(tmp_path, CATALOG, [json.dumps(line("odd", sql)), json.dumps(line("ok", "select a from t", 1))])
    assert proc.returncode == 0, proc.stderr
    assert [r["query_id"] for r in records(proc)] == ["ok"]
    assert f"quarantined: odd: {reason}" in proc.stderr


@pytest.mark.parametrize("text", ["[" * 100_000, '{"query_id": ' + "9" * 5000 + "}"])
def test_json_beyond_the_decoders_limits_is_one_bad_line(tmp_path, text):
    proc = run(tmp_path, CATALOG, [json.dumps(line("q1", "select a from t")), text, json.dumps(line("q3", "select b from t", 1))])
    assert proc.returncode == 0
    assert [r["query_id"] for r in records(proc)] == ["q1", "q3"]
    assert ":2: not valid JSON" in proc.stderr


@pytest.mark.parametrize("option, problem", [("--records", "no such records file"),
                                             ("--warehouse", "no such warehouse folder")])
def test_ahp_query_names_a_missing_file_or_folder_before_it_starts_spark(tmp_path, option, problem):
    """A records file or a warehouse folder that is not there was said only after a Spark session had started for it
    (24-30 s here)."""
    missing = tmp_path / "missing"
    proc = subprocess.run([AHP, "query", option, str(missing), "select 1"], capture_output=True, text=True,
                          timeout=120, env={**os.environ, "AHP_SPARK_MASTER": "local[1]"})
    assert proc.returncode == 2 and f"{missing}: {problem}" in proc.stderr, proc.stderr
    assert "SparkContext" not in proc.stderr and "Traceback" not in proc.stderr
