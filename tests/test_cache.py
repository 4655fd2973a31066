"""The resolution cache never changes a record: a log resolved with and without it gives the same bytes."""

from __future__ import annotations

import json

import pytest

from access_history_platform.catalog import CHANGED, SAME, catalog_from_dict, load_catalog
from access_history_platform.logs import read_log
from access_history_platform.resolve import Resolver, resolve_log, statements_of
from access_history_platform.sql.fingerprint import fingerprint
from tools.demo_data import generate_demo


@pytest.fixture(scope="module")
def demo_day(tmp_path_factory):
    """One account-day of the demo organization: repeated templates, DDL mid-day, bad lines."""
    landing = tmp_path_factory.mktemp("landing")
    generate_demo(landing, accounts=1, days=2, statements_per_day=600)
    account = next(p for p in landing.iterdir() if p.is_dir())
    logs = sorted(p for day in account.iterdir() if day.is_dir() for p in day.glob("*.jsonl*"))
    lines = [line for path in logs for line in read_log(path)]
    return account / "catalog.json", lines


def _resolve(catalog_path, lines, cache_size):
    out = []
    for item in resolve_log(load_catalog(catalog_path), lines, cache_size=cache_size, time_budget=None):
        out.append(json.dumps(getattr(item, "records", None) or [str(item)], sort_keys=True))
        out.append(getattr(item, "status", "bad") + ":" + str(getattr(item, "reason", "")))
    return out


def test_cache_never_changes_a_record(demo_day):
    catalog_path, lines = demo_day
    without = _resolve(catalog_path, lines, cache_size=0)
    with_cache = _resolve(catalog_path, lines, cache_size=10_000)
    tiny_cache = _resolve(catalog_path, lines, cache_size=3)
    assert len(without) > 1000
    assert with_cache == without
    assert tiny_cache == without


def test_cache_is_used_and_bounded(demo_day):
    catalog_path, lines = demo_day
    good = [line for line in lines if hasattr(line, "query_text")]
    resolver = Resolver(load_catalog(catalog_path), cache_size=50, time_budget=None)
    for statement in statements_of(good):
        resolver.resolve(statement)
    assert resolver.hits > len(good) // 3
    assert len(resolver.shared.resolved) <= 50 and len(resolver.shared.trees) <= 50


def test_ddl_voids_only_what_depends_on_it(tmp_path):
    catalog = tmp_path / "c.json"
    catalog.write_text(json.dumps({"objects": [
        {"domain": "Table", "name": "D.S.A", "columns": [{"name": "X"}]},
        {"domain": "Table", "name": "D.S.B", "columns": [{"name": "Y"}]},
    ]}))
    lines = [json.dumps({"query_id": f"q{i}", "query_text": text, "query_start_time": f"2024-01-01T00:{i:02d}:00+00:00",
                         "user_name": "U", "database_name": "D", "schema_name": "S"})
             for i, text in enumerate(["select * from a where x = 1", "select * from b where y = 1",
                                       "alter table a add column z int",
                                       "select * from a where x = 2", "select * from b where y = 2"])]
    log = tmp_path / "log.jsonl"
    log.write_text("\n".join(lines))
    from access_history_platform.logs import read_log as read

    resolver = Resolver(load_catalog(catalog), time_budget=None)
    outcomes = [resolver.resolve(s) for s in statements_of(list(read(log)))]
    assert resolver.hits == 1  # b is untouched by the ALTER; a must be resolved again
    columns = [c["columnName"] for c in outcomes[3].records[0]["direct_objects_accessed"][0]["columns"]]
    assert columns == ["X", "Z"]


@pytest.mark.parametrize("text, expected", [
    ("SELECT a FROM t WHERE b = 'x' AND c > 10", "SELECT a FROM t WHERE b = ? AND c > ?"),
    ("select  a\n from t1 -- note\n where d = 1.5e3", "select a from t1 where d = ?"),
    ("select $1, t.$2 from t", "select $1, t.$2 from t"),
    # whitespace inside a quoted identifier is part of the name: kept (as markers), never folded
    ('select "Col 1" from "T" where x = $$a;b$$', 'select "Col\x00s1" from "T" where x = ?'),
    ('select "a\x00b", "a b", "a\tb" from t', 'select "a\x00\x00b", "a\x00sb", "a\x00tb" from t'),
    ("insert into t select * from s where k in (1, 2, 3)", "insert into t select * from s where k in (?*)"),
    # a list of literals after IN is one, whatever its length; VALUES rows and calls are not
    ("select a from t where b IN ('x') and c not in(1,2)", "select a from t where b IN (?*) and c not in (?*)"),
    ("insert into t values (1, 2)", "insert into t values (?, ?)"),
    ("select bin (1, 2), \"in\" (1) from t where b in (select 1)", "select bin (?, ?), \"in\" (?) from t where b in (select ?)"),
    ("copy into t from @s", None),
    ("create table t as select 1 a", None),
    ("select * from identifier('t')", None),
    ("select * from @~/x", None),
    # a string that names what is read or written is no literal: an object, files, a path, another system's query
    ("select * from table('T1')", None),
    ("select * from table_changes('t1', 1)", None),
    ("insert into t select * from read_files('/landing/a/')", None),
    ("select * from read_parquet(['a.parquet'])", None),
    ("select * from delta_scan('s3://lake/t')", None),
    ("insert overwrite directory '/exports/a' select * from t", None),
    ("select * from table(example.system.query(query => 'select 1 from s.t'))", None),
    ("select * from table(system.table_changes(schema_name => 's', table_name => 't'))", None),
    ("select * ilike '%amount%' from t", None),
    # ... but not a FLATTEN's path, a time travel's timestamp, a date's part
    ("select f.value from t, table(flatten(input => t.v, path => 'k')) f",
     "select f.value from t, table(flatten(input => t.v, path => ?)) f"),
    ("select a from t at(timestamp => '2024-01-01'::timestamp)", "select a from t at(timestamp => ?::timestamp)"),
    ("select * from 't'", None),  # a table's name in SQLite and PostgreSQL, files in DuckDB and Databricks
    ("select * ilike'%amount%' from t", None),
    # a number or a list that decides the columns
    ("insert into t2 select stack(2, a, b, c, d) from t", None),
    ("insert into t2 select * from t pivot(sum(v) for k in ('a', 'b'))", None),
    # ... but a string compared with, or a date's field, stays a literal
    ("select a from t where b is distinct from 'x'", "select a from t where b is distinct from ?"),
    ("select query_text from t where table_name = 'x'", "select query_text from t where table_name = ?"),
])
def test_fingerprint(text, expected):
    assert fingerprint(text) == expected


def test_the_ascii_scanner_of_literals_folds_exactly_what_the_general_one_does():
    """ASCII statements take a faster regex (``[0-9]`` for ``\\d``, a leading class the engine
    scans for); on any ASCII text it must fold what the general one folds."""
    import random

    from access_history_platform.sql import fingerprint as module

    rnd = random.Random(7)
    alphabet = "ab19 .$-/'\"`*\n\\eE+x_,()"
    texts = ["select " + "".join(rnd.choice(alphabet) for _ in range(rnd.randint(1, 40))) for _ in range(20_000)]
    texts += ["select a1, 1a, $1, t.2, 1.5e-3, -- c\n x /* y */ 'it''s' \"q  \"\"x\" `b  c` $$ a $$ from t"]
    for text in texts:
        assert module._ASCII_LITERALS.sub(module._fold, text) == module._LITERALS.sub(module._fold, text), text
    # Other scripts' digits are numbers too (the general scanner).
    assert fingerprint("select a from t where b = \u0663\u0664") == fingerprint("select a from t where b = 34")


def test_meaningful_literals_are_found_as_their_pattern_finds_them():
    """The fingerprint looks only before each literal for a string that names what is read (the pattern, tried at
    every position of every statement, cost five times the rest of the fingerprint): on any folded text it must
    answer as :data:`MEANINGFUL_LITERALS` does."""
    import random

    from access_history_platform.sql import fingerprint as module

    rnd = random.Random(5)
    words = ["table", "(", "?", " ", "[", "from", "join", "distinct", "=>", "pivot", "read_csv", "x_scan", "directory",
             "stack", "a", ",", "query", "TABLE", "From", "parquet_scan", ">", "_", "read_", "=", "\u00e9", "1",
             "parquet_", "_scan", "DIRECTORY", "xfrom", "table_name", "database", "path", "*", "ilike", "ILIKE", "PiVot",
             "indistinct", "extract", "year", "read_files(path =>", "read_files("]
    found = 0
    for _ in range(100_000):
        text = " ".join("".join(rnd.choice(words) for _ in range(rnd.randint(1, 12))).split())
        expected = module.MEANINGFUL_LITERALS.search(text) is not None
        assert module.meaningful_literals(text) == expected, text
        found += expected
    assert found > 2_000  # both answers were given


def test_lists_after_in_fold_as_the_one_pass_rule_folds_them():
    """The two patterns that fold ``IN (?, ...)`` and ``IN(?, ...)`` (each found from its ``(``) give what one
    pass of the rule gives: a list of ``?`` after a standalone IN, with the space before its ``(``, is `` (?*)``."""
    import random
    import re

    from access_history_platform.sql import fingerprint as module

    one_pass = re.compile(r"(?<=[^\w$\"][Ii][Nn]) ?\( ?\?(?: ?, ?\?)* ?\)")
    rnd = random.Random(3)
    words = ["in", "IN", " in (", "x in(", " ", "(", ")", "?", "?", ", ", ",", "b", "$", '"', "_"]
    texts = ["".join(rnd.choice(words) for _ in range(rnd.randint(1, 14))) for _ in range(50_000)]
    texts += ["select a from t where b in (?, ?) and c IN(?) and d not in ( ? , ?) and bin (?) and \"in\" (?)"]
    folded = 0
    for text in texts:
        expected = one_pass.sub(" (?*)", text)
        assert module._IN_LIST_TIGHT.sub(" (?*)", module._IN_LIST_SPACED.sub("(?*)", text)) == expected, text
        folded += expected != text
    assert folded > 300  # lists were folded, not only texts left as they were


def test_a_line_that_sets_nothing_its_session_carries_is_told_by_one_match_as_by_its_first_word():
    """Each line asks whether its statement may set what its session carries (``USE``, ``SET`` ...); one regex
    answers what upper-casing its first word and looking it up answers, on any text: other cases, words that begin
    with a carried one, letters that fold to ASCII ones only outside ASCII (the long s, the Kelvin sign), spaces of
    other scripts."""
    import random

    from access_history_platform import resolve

    def by_first_word(text: str) -> bool:
        word = resolve._lead(text)
        return word is not None and word not in resolve._CARRIED_WORDS

    rnd = random.Random(11)
    words = ["use", "USE", "Use", "set", "SET", "reset", "unset", "create", "drop", "declare", "prepare",
             "deallocate", "select", "settle", "user", "dropx", "u\u017fe", "\u017fet", "K", "\u212a", " ", "\n",
             "\u00a0", "\u2003", "(", "--", "1", "_", "\u00e9", "x", ";"]
    plain = 0
    for _ in range(100_000):
        text = "".join(rnd.choice(words) for _ in range(rnd.randint(0, 4)))
        assert resolve._plain(text) == by_first_word(text), repr(text)
        plain += by_first_word(text)
    assert 10_000 < plain < 90_000  # both answers were given


def test_fingerprints_differ_where_meaning_differs():
    assert fingerprint('select "a  b" from t') != fingerprint('select "a b" from t')
    assert fingerprint("select a from t") != fingerprint("select a from u")


def test_a_repeated_template_gets_its_remembered_fingerprint_and_a_long_text_is_not_remembered():
    """The tests after the folding are remembered per folded text (a day repeats its templates): a repeat gets the
    very string its first statement got, equal to what the tests give afresh, and a folded text longer than
    ``REMEMBERED_CHARS`` is never kept (the memory the memo holds is bounded whatever the log's statements)."""
    from access_history_platform.sql import fingerprint as module

    first = fingerprint("select a from t where b in (1, 2) and c = 'x'")
    again = fingerprint("select a from t where b in (3, 4) and c = 'y'")
    assert again is first
    assert first == module._shape("select a from t where b in (?, ?) and c = ?")
    assert first == "select a from t where b in (?*) and c = ?"
    assert fingerprint("select * from table('t1') where b = 1") is None
    assert fingerprint("select * from table('t2') where b = 2") is None  # (remembered: no fingerprint)
    long = "select a from t where b = 1 and " + " and ".join(f"c{i} = 'x'" for i in range(600))
    assert len(long) > module.REMEMBERED_CHARS
    kept = module._remembered_shape.cache_info().currsize
    assert fingerprint(long) == fingerprint(long.replace("'x'", "'y'")) is not None
    assert fingerprint(long) is not fingerprint(long)  # (computed afresh each time)
    assert module._remembered_shape.cache_info().currsize == kept


def test_shared_cache_across_catalog_copies(tmp_path):
    """How Spark workers reuse one cache across batches: each batch resolves on its own copy."""
    from access_history_platform.catalog import catalog_from_dict
    from access_history_platform.logs import validate_log_record
    from access_history_platform.resolution_cache import ResolutionCache

    base = catalog_from_dict({"objects": [{"domain": "Table", "name": "D.S.A", "columns": [{"name": "X"}]}]})

    def statements(*texts):
        return statements_of([validate_log_record({"query_id": f"q{i}", "query_text": t, "user_name": "U",
                                                   "query_start_time": f"2024-01-01T00:0{i}:00+00:00",
                                                   "database_name": "D", "schema_name": "S"})
                              for i, t in enumerate(texts)])

    shared = ResolutionCache()
    first = Resolver(base.copy(), shared=shared, time_budget=None)
    one = [first.resolve(s).records for s in statements("select x from a where x = 1")]
    second = Resolver(base.copy(), shared=shared, time_budget=None)
    two = [second.resolve(s).records for s in statements("select x from a where x = 2")]
    assert shared.hits == 1
    assert json.dumps(one[0][0]["direct_objects_accessed"]) == json.dumps(two[0][0]["direct_objects_accessed"])
    third = Resolver(base.copy(), shared=shared, time_budget=None)
    out = [third.resolve(s) for s in statements("alter table a rename column x to y", "select * from a where y = 3")]
    assert [c["columnName"] for c in out[1].records[0]["direct_objects_accessed"][0]["columns"]] == ["Y"]
    fourth = Resolver(base.copy(), shared=shared, time_budget=None)
    (again,) = [fourth.resolve(s) for s in statements("select x from a where x = 4")]
    assert again.records[0]["direct_objects_accessed"][0]["columns"][0]["columnName"] == "X"


def _statements(tmp_path, texts):
    from access_history_platform.logs import read_log as read

    log = tmp_path / "log.jsonl"
    log.write_text("\n".join(json.dumps({
        "query_id": f"q{i}", "query_text": text, "query_start_time": f"2024-01-01T00:{i:02d}:00+00:00",
        "user_name": "U", "database_name": "D", "schema_name": "S"}) for i, text in enumerate(texts)))
    return statements_of(list(read(log)))


def resolve_with_and_without_cache(catalog_path, statements):
    """The resolver that used the cache, and the records (as JSON) with the cache and without it."""
    def run(cache_size):
        resolver = Resolver(load_catalog(catalog_path), cache_size=cache_size, time_budget=None)
        return resolver, [json.dumps(resolver.resolve(s).records, sort_keys=True) for s in statements]

    cached, with_cache = run(10_000)
    return cached, with_cache, run(0)[1]



def test_a_view_is_analysed_again_only_when_what_its_definition_finds_changes(tmp_path):
    """A view's analysed definition outlives a change of the catalog elsewhere (a table created), and is analysed
    again when the view is replaced or a name its definition reads comes to find another object. The records are
    those of a resolver that analyses every view afresh for each statement (no resolution cache in either: each
    statement asks for its views)."""
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"objects": [
        {"domain": "Table", "name": "D.S.T", "id": 1, "columns": [{"name": "A", "id": 11}]},
        {"domain": "Table", "name": "D.S.T2", "id": 2, "columns": [{"name": "C", "id": 21}]},
        {"domain": "View", "name": "D.S.V", "id": 3, "definition": "create view d.s.v as select a from d.s.t"},
        {"domain": "View", "name": "D.S.W", "id": 4, "definition": "create view d.s.w as select q from d.s.later"},
    ]}))
    texts = ["select a from v", "select q from w",
             "create table unrelated (z int)",                      # elsewhere: both analyses kept
             "select a from v", "select q from w",
             "create table later (q int)",                          # what w's definition names: w analysed again
             "select a from v", "select q from w",
             "create or replace view v as select c as a from t2",   # v replaced: analysed again
             "select a from v", "select q from w"]
    statements = _statements(tmp_path, texts)

    def run(fresh):
        resolver = Resolver(load_catalog(path), cache_size=0, time_budget=None)
        kept, out = [], []
        for statement in statements:
            if fresh:
                resolver.cache.views.clear()
            out.append(json.dumps(resolver.resolve(statement).records, sort_keys=True))
            now = {name: resolver.catalog.lookup("View", ("D", "S", name)) for name in ("V", "W")}
            kept.append({name: next((entry for entry in resolver.cache.views.values() if entry.found[0] is view), None)
                         for name, view in now.items()})  # the analysis kept of each view as the catalog has it
        return out, kept

    records, kept = run(fresh=False)
    assert records == run(fresh=True)[0]
    assert kept[3]["V"] is kept[0]["V"] is not None and kept[4]["W"] is kept[1]["W"] is not None  # across the CREATE
    assert kept[7]["W"] is not kept[4]["W"] and kept[6]["V"] is kept[0]["V"]  # w again once LATER exists; v kept
    assert kept[9]["V"] not in (None, kept[6]["V"]) and kept[10]["W"] is kept[7]["W"]  # v again once replaced
    bases = [[(o["objectName"], [c["columnName"] for c in o["columns"]]) for o in json.loads(r)[0]["base_objects_accessed"]]
             for r in records if json.loads(r) and json.loads(r)[0]["base_objects_accessed"]]
    assert bases[-2:] == [[("D.S.T2", ["C"])], [("D.S.LATER", ["Q"])]]


def _catalog(tmp_path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"objects": [
        {"domain": "Table", "name": "D.S.A", "columns": [{"name": "X"}]},
        {"domain": "Stage", "name": "D.S.ST"},
    ]}))
    return load_catalog(path)


def test_statements_without_a_fingerprint_are_cached_by_their_exact_text(tmp_path):
    copy = "copy into a from @st/2024/"
    statements = _statements(tmp_path, [
        copy, copy,                                                # the same text: resolved once
        "copy into a from @st/2025/",                              # another location: resolved afresh
        "create or replace table c (y int)", "create or replace table c (y int)",  # DDL: every time
        "copy into a from @~/f", "copy into a from @~/f",          # the user's own stage: every time
    ])
    catalog = _catalog(tmp_path)
    resolver = Resolver(catalog, time_budget=None)
    versions, outcomes = [], []
    for statement in statements:
        outcomes.append(resolver.resolve(statement))
        versions.append(catalog.version)

    assert resolver.hits == 1
    assert versions[4] > versions[3] > versions[2]  # both CREATEs changed the catalog
    first, repeat = (outcome.records[0] for outcome in outcomes[:2])
    assert repeat["query_id"] == "q1" and {**repeat, "query_id": "q0", "query_start_time": first["query_start_time"]} == first


def test_an_error_the_engine_did_not_expect_costs_one_statement(tmp_path, monkeypatch):
    import access_history_platform.resolve as resolve_module

    statements = _statements(tmp_path, ["select x from a", "select x from a where x = 2"])
    resolver = Resolver(_catalog(tmp_path), time_budget=None)
    real = resolve_module.build_records
    monkeypatch.setattr(resolve_module, "build_records", lambda statement, parts: 1 / 0)
    broken = resolver.resolve(statements[0])
    monkeypatch.setattr(resolve_module, "build_records", real)

    assert (broken.status, broken.reason) == (
        "quarantined", "internal error while resolving the statement: ZeroDivisionError: division by zero")
    assert resolver.resolve(statements[1]).records[0]["query_id"] == "q1"


#: Statements run before and after ``ALTER TABLE a ADD COLUMN zed``: whether the cached resolution still holds
#: (True) or the statement may read the new column and is resolved again (False).
AFTER_ADD_COLUMN = [
    ("select x from a where y = {i}", True),
    ("select count(*) from a where x > {i}", True),
    ("select y from b where y = {i}", True),                     # b did not change
    ("select * from a where x = {i}", False),                     # a's columns, whole
    ("select x from a natural join b where x = {i}", False),
    ("select x, zed from a join b on a.x = b.y where x = {i}", False),  # zed: unknown before, a's column after
    ("select x from v where x = {i}", False),                     # through a view over a's columns, whole
    ("insert into a select y, y from b where y = {i}", False),    # writes a (every column, in order)
    ("insert into a (x) select y from b where y = {i}", False),   # writes a
    ("select $3 from a where x = {i}", False),                    # a's third column: none before, zed after
]


def test_add_column_voids_only_what_may_read_the_new_column(tmp_path):
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"objects": [
        {"domain": "Table", "name": "D.S.A", "id": 1, "columns": [{"name": "X", "id": 11}, {"name": "Y", "id": 12}]},
        {"domain": "Table", "name": "D.S.B", "id": 2, "columns": [{"name": "Y", "id": 21}]},
        {"domain": "View", "name": "D.S.V", "id": 3, "definition": "create view d.s.v as select * from d.s.a"},
    ]}))
    texts = [text.format(i=1) for text, _ in AFTER_ADD_COLUMN] + ["alter table a add column zed int"] \
        + [text.format(i=2) for text, _ in AFTER_ADD_COLUMN]
    statements = _statements(tmp_path, texts)

    cached, with_cache, without = resolve_with_and_without_cache(path, statements)
    assert with_cache == without
    assert cached.hits == sum(kept for _, kept in AFTER_ADD_COLUMN)
    after = [json.loads(r) for r in with_cache[len(AFTER_ADD_COLUMN) + 1:]]
    assert [c["columnName"] for c in after[5][0]["direct_objects_accessed"][0]["columns"]] == ["X", "ZED"]


def test_a_change_is_seen_by_the_lookups_it_may_answer_and_by_no_other():
    catalog = catalog_from_dict({"objects": [
        {"domain": "Table", "name": "D.S.A", "columns": [{"name": "X"}]},
        {"domain": "Table", "name": "D.S.B", "columns": [{"name": "Y"}]},
    ]})
    with catalog.recording() as by_name:
        catalog.lookup("Table", ("d", "s", "a"))  # found ignoring case
    with catalog.recording() as by_suffix:
        catalog.lookup_suffix("Table", ("A",))
    names, suffixes, since = catalog.change_keys(by_name), catalog.change_keys(by_suffix), catalog.version
    b = catalog.lookup("Table", ("D", "S", "B"))
    catalog.put(b, b.evolve(columns=()))
    assert not catalog.changed_since(names, since) and catalog.changed_since(suffixes, since)
    assert catalog.compare(by_name)[0] == SAME
    since = catalog.version
    a = catalog.lookup("Table", ("D", "S", "A"))
    catalog.put(a, a.evolve(columns=()))
    assert catalog.changed_since(names, since) and catalog.compare(by_name)[0] == CHANGED
    since = catalog.version
    catalog.add(a.evolve(name="D.S.a", id=99))  # another object whose name folds to the same: lookups may change
    assert catalog.changed_since(names, since)


def test_governance_changes_redo_only_the_policies(tmp_path):
    """Tags and masking policies set between repeats: the cache recomputes the policies (and
    resolves afresh when a masking policy cuts lineage), and every record is the one a
    resolution without the cache gives."""
    path = tmp_path / "c.json"
    path.write_text(json.dumps({"objects": [
        {"domain": "Masking policy", "name": "G.P.HASH", "id": 9, "signature": "(VAL STRING)", "body": "sha2(val)"},
        {"domain": "Masking policy", "name": "G.P.HIDE", "id": 10, "signature": "(VAL STRING)", "body": "'***'"},
        {"domain": "Tag", "name": "G.T.PII", "id": 8},
        {"domain": "Table", "name": "D.S.T", "id": 2, "columns": [
            {"name": "A", "id": 21, "data_type": "VARCHAR(10)"}, {"name": "N", "id": 22, "data_type": "NUMBER(38,0)"}]},
        {"domain": "View", "name": "D.S.V", "id": 3, "definition": "create view d.s.v as select a, n from d.s.t"},
        {"domain": "Table", "name": "D.S.OUT", "id": 4, "columns": [{"name": "A", "id": 41}, {"name": "N", "id": 42}]},
    ]}))
    changes = [
        "alter table t modify column a set tag g.t.pii = 'x'",  # a tag without policies: nothing changes
        "alter tag g.t.pii set masking policy g.p.hide",         # A masked by a policy that hides its value
        "alter tag g.t.pii unset masking policy g.p.hide",
        "alter tag g.t.pii set masking policy g.p.hash",         # masked by one that uses it: lineage back
        "alter table t modify column n set masking policy g.p.hash",
        "alter table t modify column a unset tag g.t.pii",
        "alter table t add column z int",                        # not governance: resolved afresh
    ]
    texts = []
    for i, change in enumerate([None, *changes]):
        if change:
            texts.append(change)
        texts += [f"select a, n from v where n > {i}", f"insert into out select a, n from v where n > {i}"]
    statements = _statements(tmp_path, texts)

    cached, with_cache, without = resolve_with_and_without_cache(path, statements)
    assert with_cache == without
    assert cached.shared.refreshed >= 4  # the SELECT after each tag / policy change, and most INSERTs
    selects = [json.loads(r)[0]["policies_referenced"] for t, r in zip(texts, with_cache) if t.startswith("select")]
    assert len({json.dumps(p) for p in selects}) >= 3  # the policies did change along the log
    inserts = [json.loads(r)[0]["objects_modified"][0]["columns"][0] for t, r in zip(texts, with_cache)
               if t.startswith("insert")]
    assert [bool(c["baseSources"]) for c in inserts] == [True, True, False, True, True, True, True, True]


@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")  # the dropped alarms
def test_the_time_budget_holds_when_its_alarm_lands_where_python_drops_exceptions():
    """An alarm inside a ``__del__`` (or a weakref callback the collector runs) is ignored by
    Python: the budget must still stop the work, with the alarms that follow. The dropped ones go
    quietly: none reaches the ``sys.unraisablehook`` in place (pytest's formats each, and the next
    alarm could interrupt that and fail a test), while other dropped exceptions still do."""
    import sys
    import time

    from access_history_platform.errors import StatementTimeout
    from access_history_platform.resolve import time_budget

    class SlowToFree:
        def __del__(self):
            end = time.monotonic() + 0.3
            while time.monotonic() < end:  # the first alarms land here, and are dropped
                pass

    class FailsToFree:
        def __del__(self):
            raise ValueError("not ours")

    reported: list = []
    hook, sys.unraisablehook = sys.unraisablehook, reported.append
    try:
        started = time.monotonic()
        with pytest.raises(StatementTimeout):
            with time_budget(0.1):
                FailsToFree()
                SlowToFree()  # freed at once: its __del__ runs inside the budget
                while time.monotonic() - started < 3:
                    time.sleep(0.01)
        assert time.monotonic() - started < 3
    finally:
        sys.unraisablehook = hook
    assert [type(report.exc_value) for report in reported] == [ValueError]


def test_a_shared_cache_refreshes_policies_for_each_catalog_copy(tmp_path):
    """Spark workers share one cache between batches that replay the day on their own copies:
    a resolution refreshed for one copy's tags is refreshed back for a copy without them."""
    from access_history_platform.catalog import catalog_from_dict
    from access_history_platform.resolution_cache import ResolutionCache

    base = catalog_from_dict({"objects": [
        {"domain": "Masking policy", "name": "G.P.HASH", "id": 9, "signature": "(VAL STRING)", "body": "sha2(val)"},
        {"domain": "Tag", "name": "G.T.PII", "id": 8, "masking_policies": ["G.P.HASH"]},
        {"domain": "Table", "name": "D.S.T", "id": 2, "columns": [{"name": "A", "id": 21, "data_type": "VARCHAR"}]},
    ]})
    tag, select, again = _statements(tmp_path, [
        "alter table t modify column a set tag g.t.pii = 'x'", "select a from t where a = 1", "select a from t where a = 2"])
    shared = ResolutionCache()

    def policies(outcome):
        return [p["policyName"] for entry in outcome.records[0]["policies_referenced"]
                for column in entry["columns"] for p in column["policies"]]

    plain = Resolver(base.copy(), shared=shared, time_budget=None)
    assert policies(plain.resolve(select)) == []
    tagged = Resolver(base.copy(), shared=shared, time_budget=None)
    tagged.resolve(tag)
    assert policies(tagged.resolve(again)) == ["G.P.HASH"]
    assert policies(Resolver(base.copy(), shared=shared, time_budget=None).resolve(again)) == []
    assert shared.refreshed == 2 and shared.hits == 2



def _live_nodes() -> int:
    """sqlglot nodes the garbage collector tracks, reachable or not (not yet collected)."""
    import gc

    from sqlglot import exp

    return sum(isinstance(o, exp.Expression) for o in gc.get_objects())


@pytest.mark.parametrize("cache_size", [10_000, 3])
def test_a_run_frees_its_parse_trees_without_the_garbage_collector(cache_size):
    """The trees a run keeps, and those its bounded cache evicts, are freed by reference counting once it
    is done with them, not left as cycles for the collector (which the TPC benchmark paid for)."""
    import gc

    from access_history_platform.catalog import catalog_from_dict
    from access_history_platform.logs import parse_log_line

    catalog = catalog_from_dict({"objects": [{"domain": "Table", "name": "D.S.T", "columns": [{"name": "A"}, {"name": "B"}]}]})
    texts = [f"select a as c{n}, b + {n} as d from t where a > b" + " and b > 0" * (n % 4) for n in range(40)]
    lines = [parse_log_line(json.dumps({"query_id": f"q{n}", "query_text": text, "database_name": "D", "schema_name": "S",
                                        "query_start_time": "2024-03-01T09:00:00+00:00", "user_name": "U"}))
             for n, text in enumerate(texts)]
    gc.collect()
    gc.disable()
    try:
        before = _live_nodes()
        outcomes = list(resolve_log(catalog, lines, cache_size=cache_size, time_budget=None))
        assert [o.status for o in outcomes] == ["recorded"] * len(texts)
        del outcomes
        left = _live_nodes() - before
    finally:
        gc.enable()
    assert left == 0, f"{left} sqlglot nodes of the run were left for the garbage collector"
