"""A live database's catalog, read through SQLAlchemy from its own information schema.

:func:`snapshot_from_database` runs ``SELECT *`` on the database's ``information_schema``
``tables``, ``columns`` and ``views`` (and, in PostgreSQL, the materialized views its information schema leaves out:
:data:`POSTGRES_MATERIALIZED_VIEWS`) and hands the rows to the same reader as an export
(:func:`~.snapshot.snapshot_from_views`): a live catalog and a landed export of the same
database give the same snapshot. The warehouse is the URL's dialect (``postgresql://`` is
PostgreSQL; ``trino://``, ``snowflake://``, ``databricks://`` and ``bigquery://`` need that
warehouse's SQLAlchemy driver installed). Only what the connecting role may see is read: a
view it does not own has no definition in PostgreSQL's information schema and is kept
unexpanded (reported).

>>> snapshot_from_database("sqlite://")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
access_history_platform.errors.CatalogError: sqlite://: ... no information schema the platform reads ...
"""

from __future__ import annotations

from typing import Iterable

from ..errors import CatalogError
from .files import ViewRows
from .formats import COLUMNS, RULES, TABLES, VIEWS, catalog_format
from .snapshot import CatalogExport, snapshot_from_views

#: PostgreSQL's materialized views, which its information schema leaves out ("only those tables and views are shown
#: that the current user has access to": materialized views are neither), in its views' shapes (CONTRACT section 2 reads
#: ``MATERIALIZED VIEW``): their relations, their columns (the type as ``format_type`` writes it, as DDL does) and their
#: queries, named with their schemas (the search path the reader sets, as for views).
POSTGRES_MATERIALIZED_VIEWS = {
    TABLES: "SELECT current_database() AS table_catalog, schemaname AS table_schema, matviewname AS table_name, "
            "'MATERIALIZED VIEW' AS table_type FROM pg_catalog.pg_matviews",
    COLUMNS: "SELECT current_database() AS table_catalog, n.nspname AS table_schema, c.relname AS table_name, "
             "a.attname AS column_name, a.attnum AS ordinal_position, "
             "pg_catalog.format_type(a.atttypid, a.atttypmod) AS data_type "
             "FROM pg_catalog.pg_attribute a JOIN pg_catalog.pg_class c ON c.oid = a.attrelid "
             "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
             "WHERE c.relkind = 'm' AND a.attnum > 0 AND NOT a.attisdropped",
    VIEWS: "SELECT current_database() AS table_catalog, schemaname AS table_schema, matviewname AS table_name, "
           "definition AS view_definition FROM pg_catalog.pg_matviews",
}
#: PostgreSQL's rules (:mod:`..sql.rules`), which no information schema view holds: each enabled one (``O``rigin or
#: ``A``lways; not one a replica alone runs, nor a disabled one) with its table and its CREATE RULE, as
#: ``pg_get_ruledef`` writes it (its names with their schemas, under the search path the reader sets); a view's
#: ``_RETURN`` rule is its query (VIEWS).
POSTGRES_RULES = ("SELECT current_database() AS table_catalog, n.nspname AS table_schema, c.relname AS table_name, "
                  "pg_catalog.pg_get_ruledef(w.oid) AS rule_definition FROM pg_catalog.pg_rewrite w "
                  "JOIN pg_catalog.pg_class c ON c.oid = w.ev_class "
                  "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
                  "WHERE w.rulename <> '_RETURN' AND w.ev_enabled IN ('O', 'A')")
#: SQLAlchemy dialect names and the export format their information schema has.
URL_FORMATS = {"postgresql": "postgres", "trino": "trino", "snowflake": "snowflake", "databricks": "databricks",
               "bigquery": "bigquery"}


def snapshot_from_database(url: str, *, account: str | None = None, schemas: Iterable[str] | None = None,
                           timeout: float = 60.0) -> CatalogExport:
    """The catalog of the database at ``url`` (optionally only ``schemas``); raises ``CatalogError``."""
    import sqlalchemy as sa

    shown = redacted_url(url)
    try:
        engine_url = sa.engine.make_url(url)
    except sa.exc.ArgumentError as err:
        raise CatalogError(shown, f"not a database URL: {err}") from None
    name = URL_FORMATS.get(engine_url.get_backend_name())
    if name is None:
        raise CatalogError(shown, f"{engine_url.get_backend_name()} has no information schema the platform reads "
                                  f"(known: {', '.join(URL_FORMATS)})")
    fmt = catalog_format(name)
    wanted = [s for s in schemas or ()]
    try:
        engine = sa.create_engine(engine_url, **_connect_args(engine_url, timeout))
    except (sa.exc.ArgumentError, ImportError) as err:
        raise CatalogError(shown, f"cannot connect: {err}") from None
    try:
        with engine.connect() as connection:
            if engine_url.get_backend_name() == "postgresql":
                # as pg_dump does: with no schema on the search path, PostgreSQL's text of a view (VIEW_DEFINITION)
                # names every table with its schema, where it leaves out those the session's path finds
                connection.execute(sa.text("SELECT pg_catalog.set_config('search_path', '', false)"))
            views = {view: _select(connection, shown, view, wanted) for view in (TABLES, COLUMNS, VIEWS)}
            if engine_url.get_backend_name() == "postgresql":
                for view, query in POSTGRES_MATERIALIZED_VIEWS.items():
                    views[view].rows += _select(connection, shown, view, wanted, query).rows
                views[RULES] = _select(connection, shown, RULES, wanted, POSTGRES_RULES)
    except sa.exc.SQLAlchemyError as err:
        raise CatalogError(shown, f"cannot read its information schema: {str(err.orig if hasattr(err, 'orig') else err).strip()}") from None
    finally:
        engine.dispose()
    return snapshot_from_views(views, fmt, account=account)


def _select(connection, source: str, view: str, schemas: list[str], query: str | None = None) -> ViewRows:
    """The rows of ``information_schema.<view>``, or of ``query`` in its shape (of the ``schemas`` given)."""
    import sqlalchemy as sa

    query = f"SELECT * FROM information_schema.{view.lower()}" if query is None else f"SELECT * FROM ({query}) q"
    params = {}
    if schemas:
        query += " WHERE table_schema IN :schemas"
        params["schemas"] = tuple(schemas)
    statement = sa.text(query)
    if schemas:
        statement = statement.bindparams(sa.bindparam("schemas", expanding=True))
    result = connection.execute(statement, params)
    columns = [c.upper() for c in result.keys()]
    rows = [(f"{source} information_schema.{view.lower()}", number, dict(zip(columns, row)))
            for number, row in enumerate(result, start=1)]
    return ViewRows(view, [f"information_schema.{view.lower()}"], set(columns), rows)


def _connect_args(url, timeout: float) -> dict:
    if url.get_backend_name() == "postgresql":
        return {"connect_args": {"connect_timeout": max(1, int(timeout))}}
    return {}


def redacted_url(url: str) -> str:
    """The URL without its password, for messages."""
    try:
        import sqlalchemy as sa

        return sa.engine.make_url(url).render_as_string(hide_password=True)
    except Exception:  # noqa: BLE001 -- a message must never fail on a malformed URL
        return "<database URL>"
