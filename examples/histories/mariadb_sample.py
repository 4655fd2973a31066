"""Writes ``mariadb_server_audit.log`` and ``mariadb_catalog.json`` beside this file from a real MariaDB server
(Debian's ``mariadb-server``, whose ``server_audit`` plugin writes the audit log MySQL on RDS and Aurora write too;
started as the integration tests start it: ``.venv/bin/python examples/histories/mariadb_sample.py``).

The catalog is the server's tables, columns and views after the set-up statements (``information_schema``); the
audit log is the day's events after them (the plugin's file rotated in between), as the server wrote them.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[1]))  # the repository, for the tests' service helpers

from tests.integration.services import start_mariadb  # noqa: E402

SET_UP = [
    "create database shop",
    "create table shop.orders (id int primary key, customer_id int, amount decimal(10, 2), note text)",
    "create table shop.customers (id int, email varchar(100), region varchar(10))",
    "create view shop.eu_orders as select o.id, o.customer_id, o.amount from shop.orders o "
    "join shop.customers c on c.id = o.customer_id where c.region = 'EU'",
    "create procedure shop.refresh_totals() begin "
    "insert into shop.totals select customer_id, sum(amount) from shop.orders group by customer_id; end",
    "create table shop.totals (customer_id int, total decimal(12, 2))",
    "create user 'analyst'@'%' identified by 'analyst-pw'",
    "grant all on shop.* to 'analyst'@'%'",
]
DAY = [
    "insert into orders values (1, 7, 10.50, 'it''s, \"quoted\"'), (2, 8, 3.00, 'two\nlines')",
    "insert into customers values (7, 'a@example.com', 'US'), (8, 'b@example.com', 'EU')",
    "select amount, note -- today's\nfrom orders where customer_id = 7",
    "select email from customers where id in (select customer_id from eu_orders)",
    "select nope from orders",
    "call refresh_totals()",
    "select id from orders where note in (" + ", ".join(f"'note {n}'" for n in range(120)) + ")",
]
CATALOG_QUERY = ("select c.table_schema, c.table_name, t.table_type, c.column_name, c.column_type, v.view_definition "
                 "from information_schema.columns c join information_schema.tables t using (table_schema, table_name) "
                 "left join information_schema.views v using (table_schema, table_name) "
                 "where c.table_schema = 'shop' order by c.table_name, c.ordinal_position")


def main() -> None:
    with start_mariadb() as server:
        server.run(SET_UP, check=True)
        rows = [line.split("\t") for line in server.run([CATALOG_QUERY], check=True).stdout.splitlines()[1:]]
        server.run(["set global server_audit_file_rotate_now = ON"], check=True)  # the day's events alone
        server.run(DAY, user="analyst", password="analyst-pw", database="shop")
        shutil.copyfile(server.audit_log, HERE / "mariadb_server_audit.log")
    objects: dict[str, dict] = {}
    for schema, table, kind, column, column_type, definition in rows:
        view = kind == "VIEW"
        entry = objects.setdefault(f"{schema}.{table}", {"domain": "View" if view else "Table",
                                                          "name": f"{schema}.{table}", "columns": [],
                                                          **({"definition": definition} if view else {})})
        entry["columns"].append({"name": column, "data_type": column_type})
    catalog = {"account": "shop", "objects": list(objects.values())}
    (HERE / "mariadb_catalog.json").write_text(json.dumps(catalog, indent=1) + "\n")


if __name__ == "__main__":
    main()
