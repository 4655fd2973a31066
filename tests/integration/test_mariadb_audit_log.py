"""The audit log of MariaDB's ``server_audit`` plugin, read as the server writes it.

A MariaDB server of its own (``services.start_mariadb``: Debian's MariaDB 10.11, the plugin MySQL on RDS and Aurora
also write with) audits every statement while an administrator sets up a database, a view and a procedure, and an
analyst's connection runs the day: statements with quotes, commas, backslashes, tabs, newlines and comments, a
failing one, a procedure call, and one longer than the plugin logs by default, then again once the limit is raised.
The reader reads the server's own ``server_audit.log``: each statement's text exactly as sent, its user, database
and status, the procedure's statements as the CALL's children, the cut statement set aside saying why; and
``ahp resolve`` gives the records of the day from the file as it is.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from access_history_platform import cli
from access_history_platform.logs import BadLine, detect_format, log_entries
from tests.integration.services import start_mariadb

SET_UP = [
    "create database shop",
    "create table shop.orders (id int primary key, customer_id int, amount decimal(10, 2), note text)",
    "create table shop.customers (id int, email varchar(100), region varchar(10))",
    "create table shop.totals (customer_id int, total decimal(12, 2))",
    "create view shop.eu_orders as select o.id, o.customer_id, o.amount from shop.orders o "
    "join shop.customers c on c.id = o.customer_id where c.region = 'EU'",
    "create procedure shop.refresh_totals() begin "
    "insert into shop.totals select customer_id, sum(amount) from shop.orders group by customer_id; "
    "update shop.customers set region = 'EU' where region is null; end",
    "create user 'analyst'@'%' identified by 'analyst-pw'",
    "grant all on shop.* to 'analyst'@'%'",
]
#: A statement longer than the plugin logs by default (1,024 characters of its escaped text).
LONG = "select id from orders where note in (" + ", ".join(f"'note {n}'" for n in range(120)) + ")"
DAY = [
    "insert into orders values (1, 7, 10.50, 'it''s, \"quoted\" \\\\ back'), (2, 8, 3.00, 'tab\there')",
    "insert into customers values (7, 'a@example.com', null), (8, 'b@example.com', 'EU')",
    "select amount,\n  note\nfrom orders -- the day's first look\nwhere customer_id = 7",
    "select email from customers where id in (select customer_id from eu_orders)",
    "select nope from orders",
    "call refresh_totals()",
    LONG,
]


@pytest.fixture(scope="module")
def audit_log(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The server's audit log after the day (copied out, then the server is gone)."""
    with start_mariadb() as server:
        server.run(SET_UP, check=True)
        analyst = server.run(DAY, user="analyst", password="analyst-pw", database="shop")
        assert "Unknown column 'nope'" in analyst.stderr, analyst.stderr
        server.run(["set global server_audit_query_log_limit = 1048576"], check=True)
        server.run([LONG], user="analyst", password="analyst-pw", database="shop", check=True)
        copied = tmp_path_factory.mktemp("mariadb") / "server_audit.log"
        copied.write_bytes(server.audited("note 119"))  # (the long statement logged whole: the last)
    yield copied


def _statements(log: Path) -> tuple[list[dict[str, Any]], list[BadLine]]:
    lines, bad = [], []
    for _, _, item in log_entries(str(log)):
        if isinstance(item, BadLine):
            bad.append(item)
        else:
            lines.append(item.model_dump())
    return lines, bad


def test_each_statement_is_read_as_sent_with_its_user_database_status_and_caller(audit_log: Path) -> None:
    assert detect_format(str(audit_log)).name == "mariadb_audit"
    lines, bad = _statements(audit_log)
    analysts = [line for line in lines if line["user_name"] == "analyst"]
    # every statement of the day as the client sent it (its quotes, escapes, newlines and comment), in order; the
    # procedure's two statements, logged as they end, before its CALL; the long one once the limit was raised
    body = SET_UP[5].split(" begin ")[1].removesuffix(" end").split("; ")
    expected = [*DAY[:5], body[0], body[1].removesuffix(";"), DAY[5], LONG]
    assert [line["query_text"] for line in analysts] == expected
    assert {line["database_name"] for line in analysts} == {"shop"}
    assert [line["query_text"] for line in analysts if line["execution_status"] == "FAIL"] == [DAY[4]]
    assert all(line["execution_status"] == "SUCCESS" for line in lines if line["query_text"] != DAY[4])
    call = next(line for line in analysts if line["query_text"] == DAY[5])
    children = [line for line in analysts if line.get("parent_query_id")]
    assert [line["query_text"] for line in children] == expected[5:7]
    assert {line["parent_query_id"] for line in children} == {call["query_id"]}
    assert len({line["query_id"] for line in lines}) == len(lines)
    assert len({line["session_id"] for line in analysts}) == 2  # the day's connection and the last one's
    assert all(line["query_start_time"].utcoffset().total_seconds() == 0 for line in lines)
    # the long statement of the default limit is set aside saying why; connections and disconnections are nothing
    assert [b.rule.split(":")[0] for b in bad] == ["the statement's text is cut"]
    assert "server_audit_query_log_limit" in bad[0].rule and bad[0].text.startswith("20")
    assert not any("CONNECT" in line["query_text"] for line in lines)


def test_ahp_resolve_gives_the_days_records_from_the_servers_own_file(audit_log: Path, tmp_path: Path,
                                                                         capsys: pytest.CaptureFixture) -> None:
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps({"objects": []}))  # (the set-up's statements create the objects)
    out = tmp_path / "records.jsonl"
    assert cli.main(["resolve", "--catalog", str(catalog), "--log", str(audit_log), "--out", str(out)]) == 0
    summary = capsys.readouterr().err.strip().splitlines()[-1]
    assert "1 failed (not recorded)" in summary and "1 log lines set aside" in summary, summary

    def columns(entries: list[dict[str, Any]]) -> dict[str, list[str]]:
        return {e["objectName"]: sorted(c["columnName"] for c in e.get("columns") or []) for e in entries}

    records = [json.loads(line) for line in out.read_text().splitlines()]
    found = [(r["user_name"], columns(r["direct_objects_accessed"]), columns(r["base_objects_accessed"]),
              {e["objectName"]: {c["columnName"]: sorted(s["columnName"] for s in c.get("directSources") or [])
                                 for c in e.get("columns") or []} for e in r["objects_modified"]},
              r["parent_query_id"]) for r in records]
    orders = {"shop.orders": ["amount", "customer_id", "note"]}
    assert ("analyst", orders, orders, {}, None) in found
    # the view read is the view; its base tables stand behind it
    assert ("analyst", {"shop.customers": ["email", "id"], "shop.eu_orders": ["customer_id"]},
            {"shop.customers": ["email", "id", "region"], "shop.orders": ["customer_id"]}, {}, None) in found, found
    # the procedure's INSERT writes the totals from the orders, a child of the CALL
    call = next(r["query_id"] for r in records if r["user_name"] == "analyst" and
                "shop.refresh_totals" in columns(r["direct_objects_accessed"]))
    assert ("analyst", {"shop.orders": ["amount", "customer_id"]}, {"shop.orders": ["amount", "customer_id"]},
            {"shop.totals": {"customer_id": ["customer_id"], "total": ["amount"]}}, call) in found, found


# --------------------------------------------------------------------------- MariaDB's own tables as the oracle

SAKILA = Path(__file__).parents[1] / "data" / "sakila" / "sakila-mv-schema.sql"
#: A day over Sakila's schema (its views, procedures, functions and triggers are Oracle's; these statements ours).
SAKILA_DAY = [
    "insert into language (name) values ('English'), ('German')",
    "insert into category (name) values ('Action'), ('Drama')",
    "insert into film (title, description, language_id, rental_duration, rental_rate, replacement_cost) "
    "values ('ALPHA', 'a film', 1, 3, 2.99, 19.99)",
    "insert into film_category (film_id, category_id) values (1, 1)",
    "insert into actor (first_name, last_name) values ('PENELOPE', 'GUINESS')",
    "insert into film_actor (actor_id, film_id) values (1, 1)",
    "update film set description = 'an updated film' where film_id = 1",
    "select * from film_list",
    "select title, category from nicer_but_slower_film_list where rating = 'PG'",
    "select * from customer_list where country = 'Canada'",
    "select store, total_sales from sales_by_store",
    "select category, total_sales from sales_by_film_category order by total_sales desc",
    "select * from staff_list",
    "select a.first_name, a.last_name, count(*) as films from actor a join film_actor fa on fa.actor_id = a.actor_id "
    "group by a.actor_id, a.first_name, a.last_name having count(*) > 0",
    "select f.title from film f where f.film_id in (select fc.film_id from film_category fc "
    "join category c on c.category_id = fc.category_id where c.name = 'Action')",
    "select c.first_name, c.email from customer c where exists (select 1 from rental r "
    "where r.customer_id = c.customer_id and r.return_date is null)",
    "with recent as (select customer_id, max(rental_date) as last_rental from rental group by customer_id) "
    "select c.email, r.last_rental from customer c join recent r on r.customer_id = c.customer_id",
    "select title from film union select name from category",
    "select p.amount, s.first_name from payment p left join staff s on s.staff_id = p.staff_id where p.amount > 5",
    "create table film_summary as select f.film_id, f.title, count(fa.actor_id) as actors from film f "
    "left join film_actor fa on fa.film_id = f.film_id group by f.film_id, f.title",
    "insert into film_summary (film_id, title, actors) select film_id, title, 0 from film "
    "where film_id not in (select film_id from film_summary)",
    "update film f join film_category fc on fc.film_id = f.film_id set f.rental_rate = f.rental_rate * 1.1 "
    "where fc.category_id = 1",
    "delete fs from film_summary fs join film f on f.film_id = fs.film_id where f.rental_rate > 100",
    "replace into category (category_id, name) values (2, 'Drama')",
    "insert into actor (actor_id, first_name, last_name) values (1, 'PENELOPE', 'GUINESS') "
    "on duplicate key update last_name = values(last_name)",
    "select get_customer_balance(1, now())",
    "call film_in_stock(1, 1, @count)",
    "call rewards_report(1, 1.00, @customers)",
    "select inventory_in_stock(1)",
    "create temporary table tmp_titles as select title from film",
    "select title from tmp_titles",
    "drop temporary table tmp_titles",
    "rename table film_summary to film_summary_old",
    "alter table film_summary_old add column note varchar(20)",
    "drop table film_summary_old",
    "select count(*) from film_text",
]
#: Where a statement's records (with its children's: a procedure's statements, a trigger's) name other tables than
#: MariaDB opened for it, and why. ``read``: tables MariaDB read that no record reads; ``changed``: the tables MariaDB
#: changed, where they differ from those the records write or alter; ``unread``: tables a record reads that MariaDB
#: neither read nor changed.
SAKILA_DIFFERENCES = {
    # MariaDB reads a table it rebuilds in place: the copy is no read of the data
    "/*!50610 ALTER TABLE film_text engine=InnoDB */": {"read": ["sakila.film_text"]},
    "alter table film_summary_old add column note varchar(20)": {"read": ["sakila.film_summary_old"]},
    # a foreign key's ON UPDATE CASCADE (film's children) and a trigger whose condition was false (upd_film runs its
    # UPDATE film_text only when a title or description changes): MariaDB opens those tables for writing before it
    # knows; the records hold what ran
    "update film set description = 'an updated film' where film_id = 1": {"changed": [
        "sakila.film", "sakila.film_actor", "sakila.film_category", "sakila.film_text", "sakila.inventory",
        "sakila.payment", "sakila.rental"]},
    "update film f join film_category fc on fc.film_id = f.film_id set f.rental_rate = f.rental_rate * 1.1 where "
    "fc.category_id = 1": {"changed": [
        "sakila.film", "sakila.film_actor", "sakila.film_category", "sakila.film_text", "sakila.inventory",
        "sakila.payment", "sakila.rental"]},
    "insert into actor (actor_id, first_name, last_name) values (1, 'PENELOPE', 'GUINESS') on duplicate key update "
    "last_name = values(last_name)": {"changed": ["sakila.actor", "sakila.film_actor"]},
    # MariaDB's audit logs no temporary table's events
    "call rewards_report(1, 1.00, @customers)": {"unread": ["sakila.tmpcustomer"], "changed": []},
    "create temporary table tmp_titles as select title from film": {"changed": []},
    "select title from tmp_titles": {"unread": ["sakila.tmp_titles"]},
    "drop temporary table tmp_titles": {"changed": []},
}


@pytest.fixture(scope="module")
def sakila_log(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The audit log, with each table each statement opened (``TABLE`` events), of Sakila's schema loaded and a day
    over it."""
    with start_mariadb(query_log_limit=1048576) as server:
        server.run(["set global server_audit_events = 'QUERY,TABLE'"], check=True)
        server.source(SAKILA)
        server.run(["create user 'analyst'@'%' identified by 'analyst-pw'", "grant all on sakila.* to 'analyst'@'%'"],
                   check=True)
        server.run(SAKILA_DAY, user="analyst", password="analyst-pw", database="sakila")
        copied = tmp_path_factory.mktemp("sakila") / "server_audit.log"
        copied.write_bytes(server.audited(SAKILA_DAY[-1]))
    yield copied


def _opened_tables(log: Path) -> dict[tuple[str, str], dict[str, set[str]]]:
    """MariaDB's own account of each statement's tables, by (connection, query id): the ``TABLE`` events' ``READ``
    and the others (``WRITE``, ``CREATE``, ``ALTER``, ``RENAME``, ``DROP``), the server's own schemas left out. A
    table event's fields are never quoted: split by comma."""
    opened: dict[tuple[str, str], dict[str, set[str]]] = {}
    for line in log.read_text().splitlines():
        fields = line.split(",")
        if len(fields) == 10 and fields[6] in ("READ", "WRITE", "CREATE", "ALTER", "RENAME", "DROP") \
                and fields[7] not in ("mysql", "information_schema", "performance_schema"):
            kinds = opened.setdefault((fields[4], fields[5]), {"read": set(), "changed": set()})
            kinds["read" if fields[6] == "READ" else "changed"].add(f"{fields[7]}.{fields[8].split('|')[0]}".lower())
    return opened


def test_each_statements_records_name_the_tables_mariadb_opened_for_it(sakila_log: Path, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture) -> None:
    """Every statement that ran (the schema's load as root, the day as an analyst): the tables its records read
    (base objects) and write (objects modified, DDL) against the tables MariaDB opened for it and for its children,
    but where the two differ by design, each difference saying why (:data:`SAKILA_DIFFERENCES`)."""
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps({"objects": []}))
    out = tmp_path / "records.jsonl"
    assert cli.main(["resolve", "--catalog", str(catalog), "--log", str(sakila_log), "--out", str(out)]) == 0
    summary = capsys.readouterr().err.strip().splitlines()[-1]
    assert "0 quarantined; 0 log lines set aside" in summary, summary
    texts = {line.query_id: line.query_text for _, _, line in log_entries(str(sakila_log))}
    records = [json.loads(line) for line in out.read_text().splitlines()]
    opened = _opened_tables(sakila_log)

    def tables(entries: list[dict[str, Any]]) -> set[str]:
        return {e["objectName"].lower() for e in entries if e.get("objectDomain") == "Table"}

    differences, compared = {}, 0
    for record in records:
        if record["root_query_id"]:
            continue  # (with its root)
        group = [record, *(r for r in records if r["root_query_id"] == record["query_id"])]
        keys = [tuple(r["query_id"].split(":")[1:3]) for r in group]
        engine_read = set().union(*(opened.get(k, {}).get("read", set()) for k in keys))
        engine_changed = set().union(*(opened.get(k, {}).get("changed", set()) for k in keys))
        read = set().union(*(tables(r["base_objects_accessed"]) for r in group))
        changed = set().union(*(tables(r["objects_modified"]) for r in group)) | {
            r["object_modified_by_ddl"]["objectName"].lower() for r in group
            if (r.get("object_modified_by_ddl") or {}).get("objectDomain") == "Table"}
        found = {"read": sorted(engine_read - read), "unread": sorted(read - engine_read - engine_changed)}
        found = {kind: names for kind, names in found.items() if names}
        if engine_changed != changed:
            found["changed"] = sorted(engine_changed)
        compared += 1
        if found:
            differences[" ".join(texts[record["query_id"]].split())] = found
    roots = [" ".join(texts[r["query_id"]].split())[:80] for r in records if not r["root_query_id"]]
    assert compared > 60, (summary, roots)
    assert differences == SAKILA_DIFFERENCES
