"""The demo organization generator: deterministic, laid out as the landing zone, and its
log lines are valid per CONTRACT section 1 except the deliberately bad ones."""

from __future__ import annotations

import gzip
import json
import re
from collections import Counter
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

from tools.demo_data import BAD_LINE_KINDS, DemoSummary, generate_demo

START = date(2026, 11, 16)

#: Statements sqlglot keeps as exp.Command (or cannot parse); the resolver reads them itself.
COMMAND_STATEMENT = re.compile(
    r"^\s*(CALL|GET|ALTER\s+TAG"
    r"|(CREATE|DROP)(\s+OR\s+REPLACE)?\s+(MASKING|ROW\s+ACCESS)\s+POLICY"
    r"|ALTER\s+TABLE\s+\S+\s+((MODIFY|ALTER)\s+COLUMN|(ADD|DROP)\s+ROW\s+ACCESS\s+POLICY))\b",
    re.IGNORECASE,
)

#: CONTRACT section 2: the fields each domain's objects carry (required, optional).
CATALOG_FIELDS: dict[str, tuple[set[str], set[str]]] = {
    "Database": (set(), set()),
    "Schema": (set(), set()),
    "Table": ({"columns"}, {"row_access_policy", "tags"}),
    "View": ({"definition", "secure", "shared", "columns"}, set()),
    "Materialized view": ({"definition", "secure", "shared", "columns"}, set()),
    "Stage": ({"stage_kind"}, {"url"}),
    "Function": ({"argument_signature", "data_type", "language", "body", "shared", "external"}, set()),
    "Procedure": ({"argument_signature", "data_type"}, set()),
    "Sequence": (set(), set()),
    "Masking policy": ({"signature", "body"}, set()),
    "Row access policy": ({"body"}, {"signature"}),
    "Tag": ({"allowed_values", "masking_policies"}, set()),
}
COLUMN_FIELDS = ({"name", "id"}, {"masking_policy", "tags"})

#: What every account-day holds: a name and a pattern over its statements' text.
DAY_SHAPES = {
    "PUT to a named stage": r"^PUT file://\S+ @",
    "COPY INTO a table from a stage": r"^COPY INTO \w+ FROM @",
    "COPY INTO with a transforming SELECT": r"^COPY INTO .* FROM \(SELECT t\.\$1",
    "COPY INTO from an S3 location": r"^COPY INTO .* FROM 's3://",
    "COPY INTO a stage": r"^COPY INTO @",
    "GET from a table stage": r"^GET @%\w+ file:///",
    "INSERT ... SELECT with a join": r"^INSERT INTO .* SELECT .* JOIN ",
    "MERGE": r"^MERGE INTO .* WHEN MATCHED THEN UPDATE .* WHEN NOT MATCHED THEN INSERT",
    "UPDATE ... FROM": r"^UPDATE .* SET .* FROM ",
    "DELETE ... WHERE": r"^DELETE FROM .* WHERE ",
    "TRUNCATE": r"^TRUNCATE TABLE ",
    "CTAS": r"^CREATE OR REPLACE TABLE .* AS SELECT ",
    "CLONE": r"^CREATE OR REPLACE TABLE .* CLONE ",
    "SWAP": r"^ALTER TABLE .* SWAP WITH ",
    "a multi-statement request": r";\s*\S",
    "CREATE TAG": r"^CREATE TAG .* ALLOWED_VALUES ",
    "ALTER TAG SET MASKING POLICY": r"^ALTER TAG .* SET MASKING POLICY ",
    "SET MASKING POLICY on a column": r"^ALTER TABLE .* MODIFY COLUMN .* SET MASKING POLICY ",
    "SET TAG on a column": r"^ALTER TABLE .* ALTER COLUMN .* SET TAG .* = '",
    "CREATE MASKING POLICY": r"^CREATE MASKING POLICY .* RETURNS STRING -> CASE ",
    "CREATE ROW ACCESS POLICY": r"^CREATE ROW ACCESS POLICY ",
    "ADD ROW ACCESS POLICY": r"^ALTER TABLE .* ADD ROW ACCESS POLICY .* ON \(",
    "CREATE SEQUENCE": r"^CREATE SEQUENCE ",
    "ADD COLUMN": r"^ALTER TABLE .* ADD COLUMN ",
    "RENAME": r"^ALTER TABLE .* RENAME TO ",
    "CREATE OR REPLACE VIEW": r"^CREATE OR REPLACE VIEW ",
    "DROP TABLE": r"^DROP TABLE ",
    "UNDROP TABLE": r"^UNDROP TABLE ",
    "USE": r"^USE ",
    "SHOW": r"^SHOW TABLES",
    "SELECT 1": r"^SELECT 1$",
    "DESCRIBE": r"^DESCRIBE TABLE ",
    "RESULT_SCAN": r"RESULT_SCAN\(LAST_QUERY_ID\(\)\)",
    "ACCOUNT_USAGE": r"FROM SNOWFLAKE\.ACCOUNT_USAGE\.QUERY_HISTORY",
    "LEFT JOIN": r" LEFT (OUTER )?JOIN ",
    "FULL JOIN ... USING": r" FULL OUTER JOIN .* USING \(",
    "a CTE shadowing a table": r"^WITH orders AS \(",
    "a window function": r" OVER \(PARTITION BY ",
    "QUALIFY": r" QUALIFY ",
    "IN subquery": r" IN \(SELECT ",
    "EXISTS": r" EXISTS \(SELECT ",
    "a scalar subquery": r"/ \(SELECT AVG",
    "UNION ALL": r" UNION ALL ",
    "LATERAL FLATTEN": r"LATERAL FLATTEN\(input => ",
    "a semi-structured path": r'PAYLOAD:"customer"\."email"',
    "COUNT(*)": r"COUNT\(\*\)",
    "a view read": r"FROM \S*V_(EXEC_KPIS|REGION_SALES|CUSTOMER_ORDERS|OPEN_ORDERS|ORDER_NET)\b",
    "a SQL UDF call": r"NET_AMOUNT\(",
    "a JavaScript UDF call": r"NORMALIZE_EMAIL\(",
}


# ------------------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def demo(tmp_path_factory: pytest.TempPathFactory) -> DemoSummary:
    return generate_demo(tmp_path_factory.mktemp("landing"))


@pytest.fixture(scope="module")
def logs(demo: DemoSummary) -> dict[tuple[str, str], list[dict[str, Any] | None]]:
    """(account, day) -> the day's rows in file order (None for a line that is not JSON)."""
    days: dict[tuple[str, str], list[dict[str, Any] | None]] = {}
    for path in sorted(demo.files):
        if path.name != "catalog.json":
            days.setdefault((path.parts[-3], path.parts[-2]), []).extend(read_rows(path))
    return days


def read_rows(path: Path) -> list[dict[str, Any] | None]:
    if path.name.endswith(".parquet"):
        return [{k: v for k, v in row.items() if v is not None} for row in pq.read_table(path).to_pylist()]
    data = gzip.decompress(path.read_bytes()) if path.name.endswith(".gz") else path.read_bytes()
    rows: list[dict[str, Any] | None] = []
    for line in data.decode("utf-8").splitlines():
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError:
            rows.append(None)
    return rows


def good_rows(rows: list[dict[str, Any] | None]) -> list[dict[str, Any]]:
    return [row for row in rows if bad_kind(row) is None]


def catalog(demo: DemoSummary, account: str) -> dict[str, Any]:
    return json.loads((demo.landing / account / "catalog.json").read_text())


# ------------------------------------------------------------------------------ classification


def parses(text: str) -> bool:
    """True if sqlglot parses the text into statements (a Command only where expected)."""
    try:
        statements = [s for s in sqlglot.parse(text, read="snowflake") if s is not None]
    except SqlglotError:
        return bool(COMMAND_STATEMENT.match(text))
    if COMMAND_STATEMENT.match(text):
        return True
    return bool(statements) and not any(isinstance(s, exp.Command) for s in statements)


def valid_start_time(value: Any) -> bool:
    if not isinstance(value, str):
        return False
    try:
        return datetime.fromisoformat(value).tzinfo is not None
    except ValueError:
        return False


def bad_kind(row: dict[str, Any] | None) -> str | None:
    """Which kind of deliberately bad line this is, or None for a good line."""
    if row is None:
        return "not_json"
    if "query_id" not in row or "query_text" not in row:
        return "missing_field"
    if not valid_start_time(row.get("query_start_time")):
        return "ill_typed"
    assert_valid_line(row)
    if row.get("execution_status") == "FAIL":
        return "failed"
    if not parses(row["query_text"]):
        return "invalid_sql"
    return None


def assert_valid_line(row: dict[str, Any]) -> None:
    """CONTRACT section 1: required fields present, every known field of its type."""
    for name in ("query_id", "query_text", "user_name"):
        assert isinstance(row.get(name), str) and row[name], (name, row)
    for name in ("role_name", "database_name", "schema_name", "parent_query_id", "account_name", "session_id"):
        assert name not in row or isinstance(row[name], str), (name, row)
    assert row.get("execution_status", "SUCCESS") in {"SUCCESS", "FAIL", "INCIDENT"}, row


# ------------------------------------------------------------------------------ tests


def test_same_arguments_give_identical_bytes(tmp_path: Path) -> None:
    first = generate_demo(tmp_path / "a", accounts=2, days=3, statements_per_day=150, seed=11)
    second = generate_demo(tmp_path / "b", accounts=2, days=3, statements_per_day=150, seed=11)
    relative = [path.relative_to(tmp_path / "a") for path in first.files]
    assert relative == [path.relative_to(tmp_path / "b") for path in second.files]
    for path in relative:
        assert (tmp_path / "a" / path).read_bytes() == (tmp_path / "b" / path).read_bytes(), path
    assert (first.lines, first.bad_lines) == (second.lines, second.bad_lines)


def test_another_seed_gives_another_log(tmp_path: Path) -> None:
    first = generate_demo(tmp_path / "a", accounts=1, days=1, statements_per_day=100, seed=1)
    second = generate_demo(tmp_path / "b", accounts=1, days=1, statements_per_day=100, seed=2)
    log = Path("ACME_PROD") / START.isoformat() / "query_history.jsonl"
    assert (first.landing / log).read_bytes() != (second.landing / log).read_bytes()


def test_layout(demo: DemoSummary) -> None:
    written = sorted(path for path in demo.landing.rglob("*") if path.is_file())
    assert written == sorted(demo.files)
    accounts = sorted(path.name for path in demo.landing.iterdir())
    assert accounts == ["ACME_DEV", "ACME_EU", "ACME_PROD"]
    days = [(START + timedelta(days=n)).isoformat() for n in range(3)]
    pattern = re.compile(r"query_history(_am|_pm)?\.(jsonl|jsonl\.gz|parquet)")
    for account in accounts:
        assert (demo.landing / account / "catalog.json").is_file()
        assert sorted(path.name for path in (demo.landing / account).iterdir()) == sorted([*days, "catalog.json"])
        kinds = set()
        for day in days:
            names = [path.name for path in (demo.landing / account / day).iterdir()]
            assert names and all(pattern.fullmatch(name) for name in names), names
            kinds |= {name.split(".", 1)[1] for name in names}
        assert kinds == {"jsonl", "jsonl.gz", "parquet"}, account
    assert any(len(list(path.iterdir())) == 2 for path in demo.landing.glob("*/2026-*")), "no day split in two files"


def test_parquet_has_the_columns_of_the_json_lines(demo: DemoSummary, logs: dict) -> None:
    json_keys = {key for rows in logs.values() for row in rows if row for key in row}
    for path in demo.files:
        if path.name.endswith(".parquet"):
            schema = pq.read_schema(path)
            assert set(schema.names) == json_keys, path
            assert all(str(t) == "string" for t in schema.types), path


def test_gzip_headers_carry_no_time(demo: DemoSummary) -> None:
    for path in demo.files:
        if path.name.endswith(".gz"):
            assert path.read_bytes()[4:8] == b"\x00\x00\x00\x00", path


def test_every_line_is_valid_or_deliberately_bad(demo: DemoSummary, logs: dict) -> None:
    counted = Counter({kind: 0 for kind in BAD_LINE_KINDS})
    for (account, day), rows in logs.items():
        kinds = Counter(bad_kind(row) for row in rows)
        assert demo.lines[account][day] == len(rows) == 400
        assert 2 <= kinds["failed"] and kinds["missing_field"] >= 1 and kinds["invalid_sql"] >= 1, (account, day)
        assert sum(n for kind, n in kinds.items() if kind) <= 0.05 * len(rows), "bad lines beyond a few per day"
        counted.update({kind: n for kind, n in kinds.items() if kind})
    assert dict(counted) == demo.bad_lines
    assert demo.malformed == counted["not_json"] + counted["missing_field"] + counted["ill_typed"] > 0
    assert demo.unparseable == counted["invalid_sql"] > 0 and demo.failed == counted["failed"] > 0


def test_a_failed_create_each_day(logs: dict) -> None:
    for key, rows in logs.items():
        failed = [row["query_text"] for row in rows if bad_kind(row) == "failed"]
        assert any(text.startswith("CREATE TABLE ") for text in failed), key


def test_each_day_misses_each_required_field_once(logs: dict) -> None:
    for key, rows in logs.items():
        missing = sorted(name for row in rows if bad_kind(row) == "missing_field"
                         for name in ("query_id", "query_text") if name not in row)
        assert missing == ["query_id", "query_text"], key


def test_query_ids_unique_per_account(logs: dict) -> None:
    ids: dict[str, Counter[str]] = {}
    for (account, _), rows in logs.items():
        ids.setdefault(account, Counter()).update(row["query_id"] for row in rows if row and "query_id" in row)
    for account, seen in ids.items():
        assert [query_id for query_id, n in seen.items() if n > 1] == [], account
        assert all(re.fullmatch(r"[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}", query_id) for query_id in seen)


def test_parents_are_in_the_same_account_day(logs: dict) -> None:
    for key, rows in logs.items():
        by_id = {row["query_id"]: row for row in good_rows(rows)}
        children = [row for row in by_id.values() if "parent_query_id" in row]
        assert children, key
        for child in children:
            parent = by_id[child["parent_query_id"]]
            assert parent["query_text"].startswith("CALL "), child
            assert start_time(parent) < start_time(child)
        # Two levels: a procedure called by a procedure runs statements of its own.
        nested = {c["parent_query_id"] for c in children if by_id[c["parent_query_id"]].get("parent_query_id")}
        assert nested, key


def start_time(row: dict[str, Any]) -> datetime:
    return datetime.fromisoformat(row["query_start_time"])


def test_timestamps_inside_their_utc_day(logs: dict) -> None:
    offsets = set()
    for (_, day), rows in logs.items():
        for row in rows:
            if row and valid_start_time(row.get("query_start_time")):
                assert start_time(row).astimezone(UTC).date().isoformat() == day, row
                offsets.add(start_time(row).utcoffset())
    assert timedelta(0) in offsets


def test_most_lines_carry_a_session_context(logs: dict) -> None:
    rows = [row for day in logs.values() for row in good_rows(day)]
    with_context = [row for row in rows if "database_name" in row and "schema_name" in row]
    assert 0.6 * len(rows) < len(with_context) < len(rows)


def test_each_day_holds_every_statement_shape(logs: dict) -> None:
    for key, rows in logs.items():
        texts = [row["query_text"] for row in good_rows(rows)]
        missing = [name for name, shape in DAY_SHAPES.items()
                   if not any(re.search(shape, text, re.IGNORECASE | re.DOTALL) for text in texts)]
        assert missing == [], key


def test_statement_shapes_repeat(logs: dict) -> None:
    texts = [row["query_text"] for rows in logs.values() for row in good_rows(rows)]
    shapes = {re.sub(r"'[^']*'|\b\d+\b", "?", text).upper() for text in texts}
    assert len(shapes) < len(texts) / 5


def test_catalog_objects_have_the_contract_fields(demo: DemoSummary) -> None:
    for account in demo.lines:
        snapshot = catalog(demo, account)
        assert snapshot["account"] == account
        ids = Counter()
        for obj in snapshot["objects"]:
            required, optional = CATALOG_FIELDS[obj["domain"]]
            keys = set(obj) - {"domain", "name", "id"}
            assert required <= keys <= required | optional, obj
            assert isinstance(obj["id"], int) and len(obj["name"].split(".")) == {"Database": 1, "Schema": 2}.get(
                obj["domain"], 3)
            ids[obj["id"]] += 1
            for column in obj.get("columns", []):
                assert COLUMN_FIELDS[0] <= set(column) <= COLUMN_FIELDS[0] | COLUMN_FIELDS[1], column
                ids[column["id"]] += 1
            if obj.get("stage_kind") == "External Named":
                assert obj["url"].startswith("s3://")
        assert max(ids.values()) == 1, "ids are unique in an account"


def test_catalog_governance_refers_to_its_own_objects(demo: DemoSummary) -> None:
    snapshot = catalog(demo, "ACME_PROD")
    by_domain: dict[str, set[str]] = {}
    for obj in snapshot["objects"]:
        by_domain.setdefault(obj["domain"], set()).add(obj["name"])
    tag_masked = False
    for obj in snapshot["objects"]:
        for column in obj.get("columns", []):
            assert column.get("masking_policy", "GOV.POLICIES.SSN_MASK") in by_domain["Masking policy"]
            assert set(column.get("tags", {})) <= by_domain["Tag"]
        assert obj.get("row_access_policy", "GOV.POLICIES.CUSTOMER_REGION_RAP") in by_domain["Row access policy"]
        if obj["domain"] == "Tag":
            assert set(obj["masking_policies"]) <= by_domain["Masking policy"]
            tag_masked |= bool(obj["masking_policies"])
        if "definition" in obj:
            sqlglot.parse_one(obj["definition"], read="snowflake")
    assert tag_masked
    views = [obj for obj in snapshot["objects"] if obj["domain"] == "View"]
    assert any(view["secure"] for view in views)
    assert {"Materialized view", "Function", "Procedure", "Stage", "Sequence"} <= set(by_domain)


def test_statements_only_read_tables_that_exist_then(demo: DemoSummary, logs: dict) -> None:
    """DDL stays consistent over the days: renamed and dropped names are not read."""
    for account in demo.lines:
        existing = {obj["name"] for obj in catalog(demo, account)["objects"]
                    if obj["domain"] in {"Table", "View", "Materialized view"}}
        rows = [row for (a, _), day in sorted(logs.items()) if a == account for row in good_rows(day)]
        for row in sorted(rows, key=start_time):
            if COMMAND_STATEMENT.match(row["query_text"]):
                continue
            for statement in sqlglot.parse(row["query_text"], read="snowflake"):
                if statement is not None and not isinstance(statement, exp.Command):
                    apply_statement(statement, row, existing)


def apply_statement(statement: exp.Expression, row: dict[str, Any], existing: set[str]) -> None:
    if isinstance(statement, (exp.Use, exp.Show)):
        return
    if isinstance(statement, exp.Create) and statement.kind not in {"TABLE", "VIEW"}:
        return
    refs = table_refs(statement, row)
    if isinstance(statement, exp.Create):
        target, sources = refs[0], refs[1:]
        assert set(sources) <= existing, row
        existing.add(target)
    elif isinstance(statement, exp.Alter) and " RENAME TO " in row["query_text"].upper():
        assert refs[0] in existing and refs[1] not in existing, row
        existing.remove(refs[0])
        existing.add(refs[1])
    elif isinstance(statement, exp.Drop):
        existing.remove(refs[0])
    elif isinstance(statement, exp.Undrop):
        assert refs[0] not in existing, row
        existing.add(refs[0])
    else:
        assert set(refs) <= existing, (row, set(refs) - existing)


def table_refs(statement: exp.Expression, row: dict[str, Any]) -> list[str]:
    """The fully qualified names of the tables a statement names (CTEs and stages left out)."""
    ctes = {cte.alias_or_name.upper() for cte in statement.find_all(exp.CTE)}
    refs = []
    for table in statement.find_all(exp.Table):
        if not isinstance(table.this, exp.Identifier) or (not table.db and table.name.upper() in ctes):
            continue
        parts = [part for part in (table.catalog, table.db, table.name) if part]
        if len(parts) < 3:
            assert row.get("database_name") and (len(parts) == 2 or row.get("schema_name")), row
            context = [row["database_name"], row.get("schema_name", "")]
            parts = context[: 3 - len(parts)] + parts
        name = ".".join(parts).upper()
        if not name.startswith("SNOWFLAKE."):
            refs.append(name)
    return refs


def test_small_runs_keep_the_scripted_work(tmp_path: Path) -> None:
    summary = generate_demo(tmp_path, accounts=4, days=4, statements_per_day=20, start=date(2027, 2, 27))
    assert sorted(summary.lines) == ["ACME_APAC", "ACME_DEV", "ACME_EU", "ACME_PROD"]
    assert all(set(days) == {"2027-02-27", "2027-02-28", "2027-03-01", "2027-03-02"}
               for days in summary.lines.values())
    assert min(n for days in summary.lines.values() for n in days.values()) > 20


@pytest.mark.parametrize("arguments", [{"accounts": 0}, {"days": 0}, {"statements_per_day": 0}])
def test_rejects_empty_runs(tmp_path: Path, arguments: dict[str, int]) -> None:
    with pytest.raises(ValueError, match="at least one"):
        generate_demo(tmp_path, **arguments)


# --------------------------------------------------------------------------- days relative to today


def _day_texts(landing: Path, day: date) -> list[str]:
    """Every line of the demo's one day (Parquet rows as JSON), every date in it (2026-11-16, 20261116,
    2026/11/16) written as DATE."""
    lines = []
    for path in sorted((landing / "ACME_PROD" / day.isoformat()).iterdir()):
        if path.suffix == ".parquet":
            lines += [json.dumps(row, sort_keys=True, default=str) for row in pq.read_table(path).to_pylist()]
        else:
            opener = gzip.open if path.suffix == ".gz" else open
            with opener(path, "rt", encoding="utf-8") as handle:
                lines += handle.read().splitlines()
    return sorted(re.sub(r"(?<!\d)\d{4}([-/]?)\d{2}\1\d{2}(?!\d)", "DATE", line) for line in lines)


def test_the_same_seed_gives_the_same_statements_whatever_the_days_dates(tmp_path):
    first, later = date(2026, 11, 16), date(2027, 3, 2)
    a = generate_demo(tmp_path / "a", accounts=1, days=1, statements_per_day=80, start=first, seed=11)
    b = generate_demo(tmp_path / "b", accounts=1, days=1, statements_per_day=80, start=later, seed=11)
    generate_demo(tmp_path / "c", accounts=1, days=1, statements_per_day=80, start=later, seed=12)
    assert a.lines["ACME_PROD"][first.isoformat()] == b.lines["ACME_PROD"][later.isoformat()]
    assert _day_texts(tmp_path / "a", first) == _day_texts(tmp_path / "b", later)
    assert _day_texts(tmp_path / "b", later) != _day_texts(tmp_path / "c", later), "another seed, other statements"


def test_the_demo_ends_today_and_pins_its_first_day_for_dagster_dev(tmp_path, monkeypatch):
    import os
    import sys

    import assets.partitions
    from tools.common import add_demo_arguments, pin_start_date, today, tool_parser, write_demo

    args = add_demo_arguments(tool_parser("demo", "demo")).parse_args(
        ["--landing", str(tmp_path / "landing"), "--accounts", "1", "--days", "2", "--statements-per-day", "60"])
    days = sorted(write_demo(args).lines["ACME_PROD"])
    assert len(days) == 2 and days[-1] == today().isoformat()
    first = date.fromisoformat(days[0])
    env_file = tmp_path / ".env"
    env_file.write_text("AHP_OPENLINEAGE_URL=http://localhost:5000\nAHP_START_DATE=2024-01-01\n")
    assert assets.partitions.START_DATE != days[0]
    with pytest.raises(RuntimeError, match=f"imported with partitions from {assets.partitions.START_DATE}"):
        pin_start_date(first, env_file)
    monkeypatch.delitem(sys.modules, "assets.partitions")
    monkeypatch.setenv("AHP_START_DATE", "2024-01-01")
    pin_start_date(first, env_file)
    assert os.environ["AHP_START_DATE"] == days[0]
    assert env_file.read_text() == f"AHP_OPENLINEAGE_URL=http://localhost:5000\nAHP_START_DATE={days[0]}\n"


def test_the_demo_runs_each_account_from_its_first_landed_day_to_its_last(tmp_path: Path) -> None:
    """A day without logs between an account's first and last landed day is one of its days (an empty day, as the
    landing sensor requests it: the catalog carries each day's DDL to the next); no day before its first or after
    its last. The demo skipped such a day, and the next day's catalog then failed the run with a traceback."""
    from resources import LandingZone
    from tools.demo import account_spans

    for account, days in (("GAPPY", ("2026-11-01", "2026-11-04")), ("LATE", ("2026-11-03",))):
        for day in days:
            (tmp_path / account / day).mkdir(parents=True)
            (tmp_path / account / day / "q.jsonl").write_text("")
    (tmp_path / "EMPTY").mkdir()
    spans, later = account_spans(LandingZone(root=str(tmp_path)), ["EMPTY", "GAPPY", "LATE"], date(2026, 11, 30))
    assert spans == {"EMPTY": [], "GAPPY": [date(2026, 11, 1) + timedelta(days=n) for n in range(4)],
                     "LATE": [date(2026, 11, 3)]}
    assert later == []


def test_the_demo_leaves_day_folders_after_today_until_their_day_has_begun(tmp_path: Path) -> None:
    """A day folder after today has no partition yet: the demo counted it among an account's days (and the empty
    days up to it) and its run failed with a traceback (DagsterUnknownPartitionError), where the landing sensor
    names such folders and takes them up once their day has begun (a reviewer's walk through the README)."""
    from resources import LandingZone
    from tools.demo import account_spans

    landed = {"ACME": ("2026-12-04", "2026-12-05", "2026-12-08", "2027-01-15"), "SOON": ("2026-12-06",)}
    for account, days in landed.items():
        for day in days:
            (tmp_path / account / day).mkdir(parents=True)
            (tmp_path / account / day / "q.jsonl").write_text("")
    spans, later = account_spans(LandingZone(root=str(tmp_path)), ["ACME", "SOON"], date(2026, 12, 5))
    assert spans == {"ACME": [date(2026, 12, 4), date(2026, 12, 5)], "SOON": []}
    assert later == ["ACME: 2 day folder(s) from 2026-12-08 to 2027-01-15, after today (2026-12-05, UTC): taken up "
                     "once their day has begun",
                     "SOON: 1 day folder(s) from 2026-12-06 to 2026-12-06, after today (2026-12-05, UTC): taken up "
                     "once their day has begun"]


def test_the_demos_last_day_cannot_be_after_today() -> None:
    """Its days after today would have no partition: refused by the parser, naming the flag and the rule."""
    from tools.common import add_demo_arguments, today, tool_parser

    parser = add_demo_arguments(tool_parser("demo", "demo"))
    assert parser.parse_args(["--last-day", today().isoformat()]).last_day == today()
    tomorrow = (today() + timedelta(days=1)).isoformat()
    with pytest.raises(SystemExit):
        parser.parse_args(["--last-day", tomorrow])


def test_the_demos_dagster_dev_command_watches_the_demos_landing_zone_and_warehouse(tmp_path: Path) -> None:
    """Run with --landing and --warehouse, the demo printed a dagster dev command that watched ./landing and
    ./warehouse: its sensor skipped every tick without a word (an operator's review)."""
    import argparse

    from resources import Warehouse
    from tools.demo import Totals, _summary

    args = argparse.Namespace(landing=str(tmp_path / "l"), warehouse=str(tmp_path / "w"), dagster_home=str(tmp_path))
    [command] = [line.strip() for line in _summary(Totals(), Warehouse(root=args.warehouse), args, 1.0).splitlines()
                 if "dagster dev" in line and "DAGSTER_HOME" in line]
    assert command.startswith(f"AHP_LANDING=file://{tmp_path / 'l'} AHP_WAREHOUSE=file://{tmp_path / 'w'} "
                              f"DAGSTER_HOME={tmp_path} ")
    defaults = argparse.Namespace(landing="./landing", warehouse="./warehouse", dagster_home=str(tmp_path))
    assert "AHP_" not in _summary(Totals(), Warehouse(root="./warehouse"), defaults, 1.0).split("dagster dev")[0] \
        .splitlines()[-1]
