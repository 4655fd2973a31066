"""How often the platform's tables read agree with two peers' test expectations.

The peers' cases (``../shared/peers``: DataHub's SQL parser and sqllineage, each a statement,
its dialect, default database and schema, the tables it knows, and the tables its test expects
read) are resolved by the engine in-process, one case at a time, and the objects each record
reads directly (``direct_objects_accessed``) are compared with the case's ``in_tables``, as
sets of lower-cased names. A name matches one that is its dotted suffix (``s.t`` matches
``db.s.t``): qualification follows each tool's session defaults, which differ. Only cases whose
test checks ``in_tables`` count.

    .venv/bin/python benchmarks/peer_agreement.py [--peers ../shared/peers] [--show disagree|all] [--json]
    .venv/bin/python benchmarks/peer_agreement.py --columns     # the column lineage instead

The disagreements left are judged in ``benchmarks/README.md`` ("Agreement with the peers'
expectations"): each is a convention difference, a peer's mistake, or ours to fix.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from access_history_platform.catalog import catalog_from_dict  # noqa: E402
from access_history_platform.logs import validate_log_record  # noqa: E402
from access_history_platform.resolve import QUARANTINED, resolve_log  # noqa: E402
from access_history_platform.sql.binder import derive_view_columns  # noqa: E402
from access_history_platform.sql.names import naming_for  # noqa: E402

PEERS = ROOT.parent / "shared" / "peers"
CASE_FILES = ("datahub_cases.jsonl", "sqllineage_cases.jsonl")
#: The peers' dialect names that sqlglot spells otherwise (sqlfluff's ``ansi`` is sqlglot's base dialect).
DIALECTS = {"ansi": "", "mssql": "tsql", "sparksql": "spark", "greenplum": "postgres", "mariadb": "mysql",
            "db2": "", "vertica": "postgres", "exasol": "exasol"}

#: What the peers call a table read: tables and views (not stages, functions or locations).
READ_DOMAINS = frozenset({"Table", "View", "Materialized view", "External table", "Stream", "Semantic view"})


@dataclass
class Verdict:
    """One case: the tables its peer expects read, the tables the engine's records read, why they differ."""

    source: str
    name: str
    dialect: str
    expected: frozenset[str]
    actual: frozenset[str]
    quarantined: tuple[str, ...]

    @property
    def agrees(self) -> bool:
        return _same(self.expected, self.actual)


def _same(expected: frozenset[str], actual: frozenset[str]) -> bool:
    return all(any(_matches(e, a) for a in actual) for e in expected) and all(
        any(_matches(e, a) for e in expected) for a in actual)


def _matches(first: str, second: str) -> bool:
    short, long = sorted((first, second), key=len)
    return short == long or long.endswith("." + short)


def sqlglot_dialect(peer_dialect: str) -> str:
    return DIALECTS.get(peer_dialect, peer_dialect)


def case_catalog(case: dict[str, Any], dialect: str) -> dict[str, Any]:
    """The case's schema as a catalog snapshot: each table with its columns, named as the dialect stores them."""
    naming = naming_for(dialect)
    objects = []
    for name, columns in (case.get("schema") or {}).items():
        parts = [naming.normalize(part) for part in name.split(".")]
        objects.append({"domain": "Table", "name": ".".join(parts),
                        "columns": [{"name": naming.normalize(column)} for column in columns]})
    return {"objects": objects}


def judge(case: dict[str, Any]) -> Verdict:
    records, quarantined = _resolved(case)
    actual = {obj["objectName"].lower() for record in records for obj in record["direct_objects_accessed"]
              if obj.get("objectDomain") in READ_DOMAINS}
    return Verdict(case["source"], case["name"], case["dialect"], frozenset(t.lower() for t in case["expected"]["in_tables"]),
                   frozenset(actual), tuple(quarantined))


def _resolved(case: dict[str, Any]) -> tuple[list[dict[str, Any]], list[str]]:
    """The records the engine makes of a case's statement, and the reasons of what it set aside."""
    dialect = sqlglot_dialect(case["dialect"])
    naming = naming_for(dialect)
    catalog = catalog_from_dict(case_catalog(case, dialect))
    derive_view_columns(catalog, dialect)
    line = {"query_id": "q", "query_text": case["sql"], "query_start_time": "2024-03-01T00:00:00+00:00",
            "user_name": "U"}
    for key, value in (("database_name", case.get("default_db")), ("schema_name", case.get("default_schema"))):
        if value:
            line[key] = naming.normalize(value)
    records, quarantined = [], []
    for outcome in resolve_log(catalog, [validate_log_record(line, "case", 1)], dialect=dialect):
        if outcome.status == QUARANTINED:
            quarantined.append(outcome.reason)
        records.extend(outcome.records or ())
    return records, quarantined


def column_differences(case: dict[str, Any]) -> list[str]:
    """How the written columns' direct sources differ from the case's ``column_lineage`` (none: they agree):
    each downstream column the case expects, matched to a written column of the records by table (a dotted
    suffix) and name, lower-cased, with the same set of upstream (table, column) pairs."""
    records, quarantined = _resolved(case)
    written = {}
    for record in records:
        for obj in record["objects_modified"]:
            for column in obj.get("columns") or ():
                written[(obj["objectName"].lower(), column["columnName"].lower())] = {
                    (s["objectName"].lower(), (s.get("columnName") or "").lower()) for s in column.get("directSources") or ()}
    differences = []
    for expected in case["expected"]["column_lineage"]:
        down = expected["downstream"]
        if not down.get("table"):
            continue
        upstreams = {((u.get("table") or "").lower(), (u.get("column") or "").lower()) for u in expected.get("upstreams") or ()}
        key = next((k for k in written if _matches(down["table"].lower(), k[0]) and k[1] == down["column"].lower()), None)
        if key is None:
            differences.append(f"{down['table']}.{down['column']} not written (expected from {sorted(upstreams)})")
        elif not _same_pairs(upstreams, written[key]):
            differences.append(f"{key[0]}.{key[1]} from {sorted(written[key])}, expected {sorted(upstreams)}")
    return differences + [f"set aside: {reason}" for reason in quarantined if differences]


def _same_pairs(expected: set[tuple[str, str]], actual: set[tuple[str, str]]) -> bool:
    return all(any(_matches(e[0], a[0]) and e[1] == a[1] for a in actual) for e in expected) and all(
        any(_matches(e[0], a[0]) and e[1] == a[1] for e in expected) for a in actual)


def columns_main(folder: Path, show: bool) -> int:
    """``--columns``: the column lineage of the cases whose test checks it, compared with the records'."""
    agreed: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for file in CASE_FILES:
        for text in (folder / file).read_text().splitlines():
            case = json.loads(text)
            if not case["expected"].get("column_lineage"):
                continue
            differences = column_differences(case)
            total[case["source"]] += 1
            agreed[case["source"]] += not differences
            if differences and show:
                print(f"{case['source']}:{case['name']} [{case['dialect']}] {' '.join(case['sql'].split())[:160]}")
                for difference in differences:
                    print(f"    {difference}")
    for source in sorted(total):
        print(f"{source}: {agreed[source]}/{total[source]} agree")
    print(f"column lineage agrees on {sum(agreed.values())}/{sum(total.values())} cases")
    return 0


def load(folder: Path) -> Iterable[dict[str, Any]]:
    for file in CASE_FILES:
        for text in (folder / file).read_text().splitlines():
            case = json.loads(text)
            if case["expected"].get("in_tables") is not None:
                yield case


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--peers", type=Path, default=PEERS, help="the folder of the peers' case files")
    parser.add_argument("--show", choices=("none", "disagree", "all"), default="disagree")
    parser.add_argument("--json", action="store_true", help="one JSON line per case shown, then the totals")
    parser.add_argument("--columns", action="store_true",
                        help="compare the column lineage (written columns' direct sources) instead of the tables read")
    args = parser.parse_args(argv)
    if args.columns:
        return columns_main(args.peers, args.show != "none")
    verdicts = [judge(case) for case in load(args.peers)]
    totals: Counter[str] = Counter()
    for verdict in verdicts:
        totals[(verdict.source, verdict.agrees)] += 1
        if args.show == "all" or (args.show == "disagree" and not verdict.agrees):
            shown = {"source": verdict.source, "name": verdict.name, "dialect": verdict.dialect,
                     "agrees": verdict.agrees, "expected": sorted(verdict.expected), "actual": sorted(verdict.actual),
                     "quarantined": list(verdict.quarantined)}
            print(json.dumps(shown) if args.json else
                  f"{verdict.source}:{verdict.name} [{verdict.dialect}] expected {sorted(verdict.expected)} "
                  f"got {sorted(verdict.actual)}" + (f" quarantined: {list(verdict.quarantined)}" if verdict.quarantined else ""))
    agreed = sum(v.agrees for v in verdicts)
    for source in sorted({v.source for v in verdicts}):
        n = totals[(source, True)] + totals[(source, False)]
        print(f"{source}: {totals[(source, True)]}/{n} agree")
    print(f"tables read agree on {agreed}/{len(verdicts)} cases ({100 * agreed / max(len(verdicts), 1):.1f}%)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
