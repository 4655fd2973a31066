"""The objects a view's definition reads, as fully qualified names (the ``catalog`` asset's checks use it)."""

from __future__ import annotations

from sqlglot import exp

from .binder import parse_view_definition  # noqa: F401  (the example below uses it)
from .names import Context, naming_for


def view_references(query: exp.Expression | None, view_name: str, dialect: str) -> list[str]:
    """Fully qualified names of the objects a view's query reads (CTEs and table functions left out).

    >>> view_references(parse_view_definition("with c as (select 1 a) select * from t join c", "snowflake"),
    ...                 "DB.S.V", "snowflake")
    ['DB.S.T']
    """
    if query is None:
        return []
    naming, context = naming_for(dialect), Context.of_object(view_name)
    ctes = {naming.ident(cte.alias).casefold() for cte in query.find_all(exp.CTE)}  # a CTE's name: in any case
    names = []
    for table in query.find_all(exp.Table):
        if not isinstance(table.this, exp.Identifier):
            continue
        parts = naming.table_parts(table)
        if len(parts) == 1 and parts[0].casefold() in ctes:
            continue
        names.append(".".join(context.qualify(parts)))
    return sorted(set(names))
