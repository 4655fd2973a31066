"""One statement dispatch (issue 14): a statement is tokenized once, classified once, parsed once,
and dispatched through one registry; the resolver's modules import no circle; view columns are
derived where a catalog is loaded, never by building a resolver."""

from __future__ import annotations

import ast
import json
import typing
from datetime import datetime, timezone
from pathlib import Path

import pyarrow as pa
import pytest
import sqlglot.tokens

import access_history_platform
from access_history_platform.catalog import catalog_from_dict
from access_history_platform.resolve import NO_RECORD, RECORDED, Resolver, Statement, no_record_kind, resolve_statements
from access_history_platform.spark.batch import resolve_batch
from access_history_platform.spark.logs import log_rows
from access_history_platform.spark.versions import initial_state, replay_catalog_day
from access_history_platform.sql.commands import lexer, nodes, parser
from access_history_platform.sql.dispatch import FORMS
from access_history_platform.sql.statements import changes_catalog, parse_statement, scan

CATALOG = {"objects": [{"domain": "Table", "name": "D.S.ORDERS", "columns": [{"name": "ID"}, {"name": "AMOUNT"}]}]}
CTAS = "create or replace table d.s.big_orders as select id, amount from d.s.orders where amount > 100"


def stored_rows(*texts: str) -> list[dict]:
    """What raw_query_logs stores for a file of these statements, one a minute, in log order."""
    content = "".join(json.dumps({"query_id": f"q{i}", "query_text": text, "user_name": "ETL",
                                  "query_start_time": f"2024-03-01T09:{i:02d}:00+00:00"}) + "\n"
                      for i, text in enumerate(texts)).encode()
    rows = [r for r in log_rows("log.jsonl", content, account="ACME", day=datetime(2024, 3, 1).date())
            if r["kind"] == "line"]
    return [{**row, "log_position": i} for i, row in enumerate(rows)]


@pytest.fixture
def tokenizations(monkeypatch) -> list[str]:
    """The texts tokenized while the test runs: every call of sqlglot's tokenizer (sqlglot's own
    parse reaches it too) and of the command grammar's lexer."""
    seen: list[str] = []
    tokenize = sqlglot.tokens.Tokenizer.tokenize

    def counted(self, sql: str):
        seen.append(sql)
        return tokenize(self, sql)

    monkeypatch.setattr(sqlglot.tokens.Tokenizer, "tokenize", counted)
    lex = lexer.lex

    def counted_lex(sql: str, *args, **kwargs):
        seen.append(f"lex: {sql}")  # the lexer tokenizes through Tokenizer.tokenize: it shows twice
        return lex(sql, *args, **kwargs)

    monkeypatch.setattr(lexer, "lex", counted_lex)
    monkeypatch.setattr(parser, "lex", counted_lex)
    return seen


@pytest.mark.parametrize("own", [True, False], ids=["the task's own CTAS", "a CTAS of another task, replayed"])
def test_a_ctas_is_tokenized_once_in_the_worker_path(tokenizations, own):
    """A Spark task (``resolve_batch`` -> ``Resolver``) tokenizes a CTAS once: its kind (DDL: never
    from the cache) and both parsers' input come from that one tokenization. Before, three times
    in a task's own share and four when replayed from another's (two keyword prefixes, the command
    grammar's lexer, sqlglot's parse), and a SELECT twice."""
    rows = stored_rows(CTAS, "select id from d.s.big_orders")
    state = initial_state(CATALOG)
    decided = replay_catalog_day(state, rows[:1], {}, account="ACME").decided  # the catalog asset's, not the task's
    tokenizations.clear()
    own_rows = rows if own else rows[1:]
    out = [row for batch in resolve_batch(iter([pa.RecordBatch.from_pylist(own_rows)]), catalog_state=state["catalog"],
                                          catalog_lines=rows[:1], parents={}, account="ACME", decided=decided)
           for row in batch.to_pylist()]
    assert tokenizations == [CTAS, "select id from d.s.big_orders"]  # each statement once, whole
    read = next(row for row in out if row["query_id"] == "q1")
    assert read["status"] == RECORDED and read["direct_objects_accessed"][0]["objectName"] == "D.S.BIG_ORDERS"
    if own:
        ctas = next(row for row in out if row["query_id"] == "q0")
        assert ctas["status"] == RECORDED
        assert [c["columnName"] for c in ctas["objects_modified"][0]["columns"]] == ["ID", "AMOUNT"]


def test_a_repeated_ctas_runs_every_time_and_a_repeated_show_comes_from_the_cache(tokenizations):
    """Statements without a fingerprint are cached by their exact text, except DDL, which changes the
    catalog each time it runs."""
    resolver = Resolver(catalog_from_dict(CATALOG), time_budget=None)
    at = datetime(2024, 3, 1, tzinfo=timezone.utc)
    outcomes = [resolver.resolve(Statement(f"q{i}", text, at, "ETL", "D", "S"))
                for i, text in enumerate([CTAS, CTAS, "show tables", "show tables"])]
    assert [o.status for o in outcomes] == [RECORDED, RECORDED, "no_record", "no_record"]
    assert [o.records[0]["object_modified_by_ddl"]["operationType"] for o in outcomes[:2]] == ["CREATE", "REPLACE"]
    assert resolver.hits == 1
    assert tokenizations.count(CTAS) == 2 and tokenizations.count("show tables") == 1


@pytest.mark.parametrize("text", [
    CTAS, "/* nightly */ alter table t add column c int", "drop tag gov.t.pii", "call p(1)", "select 1",
    "insert into t select 1", "explain using text select 1", "(select 1)", "'unclosed", "replace into t values (1)",
    "select a into :v from t", "with c as (select 1 a) insert into t select a from c",
    "select 'select a into t' from s where note = 'into'",
])
def test_changes_catalog_comes_from_the_statement_kind(text):
    """A log line's ``changes_catalog`` (a prefix of its text), the scan's kind and the parse's kind agree."""
    kind = scan(text).kind
    assert changes_catalog(text) is kind.changes_catalog
    try:
        parsed = parse_statement(text)
    except Exception:  # noqa: BLE001 - an unparseable statement has no parse to compare
        return
    assert parsed.kind == kind


@pytest.mark.parametrize(("text", "dialect"), [
    ("select id, amount into big from orders", "postgres"),
    ("with c as (select 1 a) select a into #t from c union select 2", "tsql"),
    ("/* nightly */ select a into t from s", "redshift"),
])
def test_a_query_that_creates_a_table_changes_the_catalog(text, dialect):
    """``SELECT ... INTO t`` creates ``t``: the log line, the scan and the parse all say it changes the catalog."""
    kind = scan(text, dialect).kind
    assert changes_catalog(text, dialect) and kind.changes_catalog
    assert parse_statement(text, dialect).kind == kind


def test_every_statement_of_the_command_grammar_has_a_handler():
    grammar = set(typing.get_args(nodes.Statement))
    assert grammar and grammar <= set(FORMS)


@pytest.mark.parametrize(("text", "reason"), [
    ("execute immediate :stmt using (a)", "EXECUTE IMMEDIATE statements are not recorded"),
    ("create network policy np allowed_ip_list = ('1.1.1.1')", "CREATE NETWORK POLICY statements are not recorded"),
    ("create or replace external volume v storage_locations = ()", "CREATE EXTERNAL VOLUME statements are not recorded"),
    ("alter task if exists t resume", "ALTER TASK statements are not recorded"),
    ("create application a from application package p", "CREATE APPLICATION statements are not recorded"),
    ("create frobnicator f from p", "unsupported statement: CREATE FROBNICATOR F FROM"),
    ("comment on warehouse w is 'x'", "COMMENT WAREHOUSE statements are not recorded"),
    ("create warehouse w", "CREATE WAREHOUSE statements are not recorded"),
    ("explain select 1", "EXPLAIN statements are not recorded"),
    ("begin", "TRANSACTION statements are not recorded"),
    ("-- a request of comments\n/* and nothing else */", "empty statement: the text holds no SQL, only comments"),
    (";", "empty statement: the text holds no SQL"),
    ("create stream s on table t", "CREATE STREAM statements are not recorded"),
    ("drop table if exists nothing_here", "DROP TABLE ... IF EXISTS: there is no D.S.NOTHING_HERE, nothing changed"),
    ("create table if not exists d.s.orders (a int)",
     "CREATE TABLE ... IF NOT EXISTS: D.S.ORDERS is there already, nothing changed"),
    ("create or replace external function f(x varchar) returns variant api_integration = i as 'https://h/p'",
     "CREATE FUNCTION statements are not recorded"),
])
def test_a_form_the_registry_does_not_hold_or_records_nothing_for_is_named(text, reason):
    """The reasons a statement has no record name its form as they did before the one registry."""
    outcome = Resolver(catalog_from_dict(CATALOG), time_budget=None).resolve(
        Statement("q", text, datetime(2024, 3, 1, tzinfo=timezone.utc), "U", "D", "S"))
    assert outcome.reason == reason


@pytest.mark.parametrize("text", [";", "-- only a comment", "/* a comment */ ;"])
def test_a_statement_of_no_sql_has_no_record_and_is_not_set_aside(text):
    """A lone ``;`` a server logged (PostgreSQL logs ``statement: ;``), or only comments, did nothing: no record, counted
    as touching no object. It was set aside, as if it could not be understood (found by a review of PostgreSQL's
    regression SQL through a real server's log)."""
    outcome = Resolver(catalog_from_dict(CATALOG), time_budget=None, dialect="postgres").resolve(
        Statement("q", text, datetime(2024, 3, 1, tzinfo=timezone.utc), "U", "D", "S"))
    assert (outcome.status, no_record_kind(outcome.reason)) == (NO_RECORD, "no object")


def _engine_imports() -> dict[str, set[str]]:
    """Module -> the engine modules it imports (at the top or inside a function)."""
    root = Path(access_history_platform.__file__).parent
    names = {".".join(p.relative_to(root.parent).with_suffix("").parts).removesuffix(".__init__"): p
             for p in root.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in names.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
                target = ".".join([*base, *([node.module] if node.module else [])])
                found |= {t for t in (target, *(f"{target}.{a.name}" for a in node.names)) if t in names}
            elif isinstance(node, ast.Import):
                found |= {a.name for a in node.names if a.name in names}
        graph[name] = found - {name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[set[str]]:
    """The strongly connected components of more than one module."""
    reach = {name: set() for name in graph}
    for name in graph:
        stack = list(graph[name])
        while stack:
            current = stack.pop()
            if current not in reach[name]:
                reach[name].add(current)
                stack.extend(graph[current])
    components = {frozenset(m for m in graph if m in reach[name] and name in reach[m]) | {name} for name in graph}
    return [set(c) for c in components if len(c) > 1]


def test_the_engine_imports_no_circle_but_the_analyser_and_the_binder():
    """No circle through the resolver, the dispatch or the handlers (``resolve`` -> ``sql`` -> ``statement``).
    The binder and the analyser call each other (a view's query is analysed when it is bound): one unit."""
    known = {"access_history_platform.sql.analysis", "access_history_platform.sql.binder"}
    assert _cycles(_engine_imports()) == [known]


def test_building_a_resolver_leaves_the_catalog_alone():
    catalog = catalog_from_dict({"objects": [*CATALOG["objects"],
                                             {"domain": "View", "name": "D.S.V", "definition": "select id from orders"}]})
    version = catalog.version
    Resolver(catalog)
    list(resolve_statements(catalog, []))
    assert catalog.version == version and catalog.by_name("View", "D.S.V").columns is None


def test_the_catalog_replay_derives_view_columns_once_when_it_loads_the_day():
    """A snapshot view listed without columns has its definition's columns from the start of the day:
    one version, not a second one appearing at the day's first statement."""
    snapshot = {"objects": [*CATALOG["objects"],
                            {"domain": "View", "name": "D.S.V", "definition": "select id from orders"}]}
    day = replay_catalog_day(initial_state(snapshot), stored_rows("alter table d.s.orders rename column amount to a"),
                             {}, account="ACME")
    views = [v for v in day.versions if v["name"] == "D.S.V"]
    assert [(v["valid_from"], v["valid_to"]) for v in views] == [(None, None)]
    assert [c["name"] for c in json.loads(views[0]["object"])["columns"]] == ["ID"]


def test_the_scan_of_a_statement_of_another_share_runs_inside_the_time_budget(monkeypatch):
    """A task tokenizes the statements of other tasks' lines only to learn whether they change the
    catalog: inside the time budget (a whole 8 MiB text takes the tokenizer tens of seconds). When it
    runs out, a prefix of the text decides, as it did before statements carried their scan."""
    import time

    from access_history_platform.sql import statements

    real_scan, scanned = statements.scan, []

    def endless_at_first(text: str, dialect: str = "snowflake"):
        scanned.append(text)
        if scanned.count(text) > 1:
            return real_scan(text, dialect)
        end = time.monotonic() + 30
        while time.monotonic() < end:
            pass
        raise AssertionError("the scan ran outside the time budget")

    monkeypatch.setattr(statements, "scan", endless_at_first)
    catalog = catalog_from_dict(CATALOG)
    at = datetime(2024, 3, 1, tzinfo=timezone.utc)
    others = [Statement("q0", CTAS, at, "ETL", "D", "S"), Statement("q1", "select id from d.s.orders", at, "ETL")]
    assert list(resolve_statements(catalog, others, time_budget=0.5, emit=lambda s: False)) == []
    assert catalog.by_name("Table", "D.S.BIG_ORDERS") is not None  # the prefix said DDL: resolved (scanned again)
    assert scanned == [CTAS, CTAS, "select id from d.s.orders"]  # the SELECT was not resolved
