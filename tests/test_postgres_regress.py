"""What running PostgreSQL's own regression SQL beside its planner (``EXPLAIN (VERBOSE)``) found: operators and
typed literals that sqlglot does not read, whose statements had been set aside whole, their tables and writes lost
(``ip <<= '10.0.0.0/8'``, inet containment; PostGIS's and the geometric types' ``~=``, ``<<|``, ``|>>``; pg_trgm's
``<%``; ``box '((0,0),(1,1))'``, ``tsquery 'cat & dog'``, ``cidr '10.2.3/24'``), tables set aside with their columns
(an operator class in the partition key, a negative scale), a CREATE SCHEMA whose view names a table an element
after it creates, the temporary schema placed in the search path, the SQL-standard XML functions' keywords, a sample's
size written as an expression, and the tests of a value's form (``IS DOCUMENT``, ``IS NFC NORMALIZED``)."""

from __future__ import annotations

import pytest

from access_history_platform.catalog import catalog_from_dict
from access_history_platform.logs import validate_log_record
from access_history_platform.resolve import RECORDED, resolve_log

TABLES = ("CREATE TABLE net (id int, ip inet, b box, doc tsvector, name text)", "CREATE TABLE src (n int, ip inet)")


def resolved(*texts: str, tables: tuple[str, ...] = TABLES) -> list:
    """The outcomes of ``texts`` after ``tables``' CREATEs, one line each of one session in ``app.public``."""
    lines = [validate_log_record({"query_id": f"q{n}", "query_text": text, "user_name": "U", "schema_name": "public",
                                  "database_name": "app", "session_id": "s1",
                                  "query_start_time": f"2024-03-01T09:00:{n:02d}+00:00"}, "case", n)
             for n, text in enumerate((*tables, *texts))]
    return list(resolve_log(catalog_from_dict({"objects": []}), lines, dialect="postgres"))[len(tables):]


def read(outcome) -> dict[str, list[str]]:
    assert outcome.status == RECORDED, outcome.reason
    return {entry["objectName"]: sorted(column["columnName"] for column in entry.get("columns") or ())
            for record in outcome.records for entry in record["base_objects_accessed"]}


@pytest.mark.parametrize(("condition", "column"), [
    ("ip <<= '10.0.0.0/8'::cidr", "ip"), ("ip >>= '10.1.2.3'", "ip"), ("b ~= '((1,2),(3,4))'", "b"),
    ("b <<| '((1,2),(3,4))'", "b"), ("b |>> '((1,2),(3,4))'", "b"), ("b &<| '((1,2),(3,4))'", "b"),
    ("b |&> '((1,2),(3,4))'", "b"), ("name <% 'word'", "name"), ("name %> 'word'", "name"), ("name ~<~ 'm'", "name"),
    ("b ?# '((0,0),(1,1))'", "b"), ("(ip<<=ip) = true", "ip"), ("name <<-> 'word'", "name"),
    ("name <->> 'word'", "name")])
def test_an_operator_sqlglot_splits_reads_both_operands(condition, column):
    (query,) = resolved(f"SELECT id FROM net WHERE {condition}")
    assert read(query)["app.public.net"] == sorted({"id", column})


def test_a_write_filtered_by_such_an_operator_is_recorded():
    delete, ordered = resolved("DELETE FROM net WHERE ip <<= '10.0.0.0/8'::cidr",
                               "SELECT n FROM src ORDER BY ip <<-> '10.0.0.1', n*=-1")
    assert [entry["objectName"] for entry in delete.records[0]["objects_modified"]] == ["app.public.net"]
    assert read(delete) == {"app.public.net": ["ip"]}
    assert read(ordered) == {"app.public.src": ["ip", "n"]}


def test_a_typed_literal_is_read_as_the_cast_it_is():
    """``type 'text'`` is ``'text'::type``: the statement is read, the literal reads nothing, and a write with it is
    recorded (the INSERT's source, the temporary table a CREATE TEMP TABLE ... AS makes, found by a later read)."""
    query, search, insert, temp, later = resolved(
        "SELECT id FROM net WHERE b && box '((0,0),(1,1))' AND ip <<= CIDR '10.0.0.0/8'",
        "SELECT id FROM net WHERE doc @@ tsquery 'cat & dog'",
        "INSERT INTO net (id, ip) SELECT n, cidr '10.2.3/24' + n FROM src",
        "CREATE TEMP TABLE boxes AS SELECT id, b <-> box '((0,0),(1,1))' AS dist FROM net",
        "SELECT dist FROM boxes")
    assert read(query) == {"app.public.net": ["b", "id", "ip"]} and read(search) == {"app.public.net": ["doc", "id"]}
    (written,) = insert.records[0]["objects_modified"]
    assert written["objectName"] == "app.public.net" and read(insert) == {"app.public.src": ["n"]}
    assert temp.status == RECORDED and list(read(later)) == ["app.pg_temp.boxes"]


def test_the_same_words_elsewhere_are_left_alone():
    """A column's path in XMLTABLE (``COLUMNS a int PATH 'a'``: ``path`` is no type read so), a string that spells an
    operator, a column named as a type."""
    xml, strings = resolved(
        "SELECT x.* FROM src, XMLTABLE('/r' PASSING '<r/>' COLUMNS a int PATH 'a', box text PATH 'b') AS x",
        "SELECT '<<=' AS op, 'box ''x''' AS literal, n FROM src WHERE n < 3")
    assert xml.status == RECORDED, xml.reason
    assert read(strings) == {"app.public.src": ["n"]}
    assert strings.records[0]["direct_objects_accessed"][0]["objectName"] == "app.public.src"


def test_a_create_schema_element_may_name_what_a_later_element_creates():
    """PostgreSQL runs a CREATE SCHEMA's tables before its views (``transformCreateSchemaStmt``): the view reads the
    new schema's table, which it had read as ``public.abc``, a table that does not exist (namespace.sql)."""
    *created, query = resolved("CREATE SCHEMA s1 CREATE VIEW abc_view AS SELECT a + 1 AS a FROM abc "
                               "CREATE TABLE abc (a int)", "SELECT * FROM s1.abc_view")
    assert [record["object_modified_by_ddl"]["objectName"] for outcome in created for record in outcome.records] == [
        "app.s1", "app.s1.abc", "app.s1.abc_view"]
    assert read(query) == {"app.s1.abc": ["a"]}


@pytest.mark.parametrize("create", [
    "CREATE TABLE parted (a int, b text, c int) PARTITION BY HASH (a part_test_int4_ops, b text_pattern_ops)",
    "CREATE TABLE parted (a int, b text, c int) PARTITION BY RANGE (a int4_ops, (c + 1) my_ops, b COLLATE \"C\")",
    "CREATE TABLE parted (a numeric(3, -6), b numeric(3,-3), c numeric(3, 0))"])
def test_a_table_with_a_partition_key_class_or_a_negative_scale_keeps_its_columns(create):
    """An operator class in the partition key (PostgreSQL's hash_part.sql), a negative scale (PostgreSQL 15's
    numeric.sql): the CREATE TABLE had been set aside, and every later read of the table showed no column."""
    created, query = resolved(create, "SELECT * FROM parted")
    assert created.status == RECORDED, created.reason
    assert read(query) == {"app.public.parted": ["a", "b", "c"]}


def test_an_element_or_field_assigned_keeps_the_rest_of_its_column():
    """``SET j['a'] = '1'`` (jsonb.sql, arrays.sql), ``SET arr[2] = x``, ``SET comp.f1 = 5``: the new value is the old
    one with a part replaced, so the column is read and is a source of itself, as in ``SET j = jsonb_set(j, ...)``;
    a whole column assigned is not."""
    *_, element, nested, field, whole = resolved(
        "CREATE TABLE jt (id int, j jsonb, arr int[], x int)", "CREATE TYPE pair AS (f1 int, f2 int)",
        "CREATE TABLE ct (id int, comp pair)", "UPDATE jt SET j['a'] = '1' WHERE id = 2",
        "UPDATE jt AS a SET arr[2] = x, j['a']['b'] = to_jsonb(x)", "UPDATE ct SET comp.f1 = 5", "UPDATE jt SET j = '{}'")

    def sources(outcome) -> dict[str, list[str]]:
        return {column["columnName"]: sorted(source["columnName"] for source in column["directSources"])
                for entry in outcome.records[0]["objects_modified"] for column in entry["columns"]}
    assert (read(element), sources(element)) == ({"app.public.jt": ["id", "j"]}, {"j": ["j"]})
    assert sources(nested) == {"arr": ["arr", "x"], "j": ["j", "x"]}
    assert (read(field), sources(field)) == ({"app.public.ct": ["comp"]}, {"comp": ["comp"]})
    assert (read(whole), sources(whole)) == ({}, {"j": []})


def test_a_search_path_naming_pg_temp_after_a_schema_finds_that_schemas_table_first():
    """temp.sql: ``SET search_path = public, pg_temp`` (the hardening PostgreSQL's manual gives for SECURITY DEFINER
    functions) searches the temporary schema last, so ``whereami`` is public's, read, written and dropped; named
    first, or not named, pg_temp is searched first."""
    outcomes = resolved(
        "CREATE TABLE public.whereami (f1 text)", "CREATE TEMP TABLE whereami (f1 text)", "SELECT f1 FROM whereami",
        "SET search_path = public, pg_temp", "SELECT f1 FROM whereami", "INSERT INTO whereami VALUES ('x')",
        "SET search_path = pg_temp, public", "SELECT f1 FROM whereami",
        "SET search_path = \"$user\", public, pg_temp", "SELECT f1 FROM whereami",
        "SET search_path TO public, pg_temp", "DROP TABLE whereami", "SELECT f1 FROM whereami")
    default, last, insert, first, user_first, drop, after_drop = (outcomes[n] for n in (2, 4, 5, 7, 9, 11, 12))
    assert read(default) == read(first) == {"app.pg_temp.whereami": ["f1"]}
    assert read(last) == read(user_first) == {"app.public.whereami": ["f1"]}
    assert [entry["objectName"] for entry in insert.records[0]["objects_modified"]] == ["app.public.whereami"]
    assert drop.status == RECORDED and read(after_drop) == {"app.pg_temp.whereami": ["f1"]}


@pytest.mark.parametrize(("query", "columns"), [
    ("SELECT id FROM ts WHERE xmlexists('//town' PASSING BY REF x)", ["id", "x"]),
    ("SELECT id FROM ts WHERE xmlexists('//town' PASSING BY VALUE x BY VALUE)", ["id", "x"]),
    ("SELECT xmlserialize(content x as text) FROM ts", ["x"]),
    ("SELECT xmlserialize(DOCUMENT x AS varchar(20) NO INDENT) AS y FROM ts", ["x"]),
    ("SELECT xmlparse(content s strip whitespace) FROM ts", ["s"]),
    ("SELECT xmlpi(name php, s) FROM ts", ["s"]),
    ("SELECT xmlroot(xmlparse(document s), version no value, standalone no value) FROM ts", ["s"]),
    ("SELECT xmlroot(x, version '1.0', standalone yes) FROM ts", ["x"]),
    ("SELECT t.a FROM ts, xmltable('/r' PASSING BY REF x COLUMNS a int PATH 'a') AS t", ["x"]),
    ("SELECT id FROM ts TABLESAMPLE SYSTEM (100) REPEATABLE (1+2)", ["id"]),
    ("SELECT id FROM ts TABLESAMPLE BERNOULLI ('50'::float4)", ["id"]),
    ("SELECT x IS DOCUMENT, s IS NOT NFKC NORMALIZED FROM ts", ["s", "x"])])
def test_the_xml_functions_keywords_a_samples_expression_and_a_form_test_are_read(query, columns):
    """xml.sql, tablesample.sql: the SQL-standard XML functions' keywords and a sample's size or seed written as an
    expression had set the statement aside, its table lost; ``x IS DOCUMENT`` and ``s IS NFC NORMALIZED`` read
    columns named ``document`` and ``nfc`` that no table has (and named the item ``normalized``)."""
    (outcome,) = resolved(query, tables=("CREATE TABLE ts (id int, x xml, s text)",))
    assert read(outcome) == {"app.public.ts": columns} and not outcome.warnings


def test_a_sample_whose_size_reads_a_column_is_set_aside_not_read_without_it():
    """``TABLESAMPLE BERNOULLI (person.pct)`` in a lateral subquery: sqlglot reads a number there, and writing the
    column out would lose its read, so the statement is set aside as it was, with the reason."""
    (outcome,) = resolved("SELECT * FROM src, LATERAL (SELECT * FROM net TABLESAMPLE BERNOULLI (src.n)) AS ss")
    assert outcome.status == "quarantined" and outcome.reason.startswith("cannot parse")


def test_a_recursive_ctes_search_clause_then_its_cycle_clause_are_both_left_out():
    """with.sql: ``SEARCH DEPTH FIRST BY ... SET seq CYCLE ... USING path`` after a recursive CTE; the CYCLE clause
    after a SEARCH had been left in, and the statement set aside."""
    (outcome,) = resolved(
        "WITH RECURSIVE sg(f, t, label) AS (SELECT * FROM graph g UNION ALL SELECT g.* FROM graph g, sg "
        "WHERE g.f = sg.t) SEARCH DEPTH FIRST BY f, t SET seq CYCLE f, t SET is_cycle USING path SELECT f, t FROM sg",
        tables=("CREATE TABLE graph (f int, t int, label text)",))
    assert read(outcome) == {"app.public.graph": ["f", "label", "t"]}


def test_a_forms_words_at_the_end_of_a_line_are_found():
    """A statement written over lines (``FROM a\\nJOIN b USING (x) AS j``, PostgreSQL 14's join alias): the look for
    the form's words had wanted a space each side, so the statement was set aside, and so was the same statement on
    one line after it (one parse per shape)."""
    lines, one_line = resolved("SELECT j.x, y, z FROM a\nJOIN b USING (x) AS j",
                               "SELECT j.x, y, z FROM a JOIN b USING (x) AS j",
                               tables=("CREATE TABLE a (x int, y int)", "CREATE TABLE b (x int, z int)"))
    assert read(lines) == read(one_line) == {"app.public.a": ["x", "y"], "app.public.b": ["x", "z"]}
