"""PostgreSQL's rules: ``CREATE RULE r AS ON {INSERT | UPDATE | DELETE} TO t [WHERE condition] DO [ALSO | INSTEAD]
{NOTHING | command | (command; ...)}``.

A rule is no statement of its own when it runs: PostgreSQL rewrites the statement that writes ``t`` (PostgreSQL's
documentation, "The Rule System", "Rules on INSERT, UPDATE, and DELETE"): ``DO ALSO`` adds the rule's commands to
it, ``DO INSTEAD`` runs them in its place (an unconditional one: the statement writes nothing of ``t``; a
conditional one runs the statement for the rows its condition leaves out). So the server logs the statement alone,
and what its rules write and read is the statement's. In the commands, ``NEW`` is the row the statement writes (an
INSERT's values, an UPDATE's row as it becomes) and ``OLD`` the row as it was (the table's).

The catalog keeps a table's (or view's) rules with it (:attr:`.CatalogObject.rules`), from the log's ``CREATE``,
``ALTER ... RENAME`` and ``DROP RULE``; none of them is recorded (a rule holds no rows). An ``ON SELECT`` rule is a
view's query (``_RETURN``): not kept. :func:`.dml.rule_writes` runs the rules of a statement's writes.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from sqlglot import exp
from sqlglot.errors import SqlglotError

from ..catalog import CatalogObject, rule_name
from ..errors import StatementError, UnsupportedStatement
from ..statement import Statement
from .binder import Binder
from .parsing import SQLGLOT_FAILURES, parse_sql

#: A name (quoted or not) and a qualified one.
_NAME = r'"(?:[^"]|"")+"|[^\s."();,]+'
_QUALIFIED = rf"(?:{_NAME})(?:\s*\.\s*(?:{_NAME}))*"
_CREATE = re.compile(rf"\s*create\s+(?:or\s+replace\s+)?rule\s+(?P<name>{_NAME})\s+as\s+on\s+"
                     rf"(?P<event>select|insert|update|delete)\s+to\s+(?P<table>{_QUALIFIED})(?P<rest>.*)",
                     re.IGNORECASE | re.DOTALL)
_DROP = re.compile(rf"\s*drop\s+rule\s+(?:if\s+exists\s+)?(?P<name>{_NAME})\s+on\s+(?P<table>{_QUALIFIED})"
                   r"(?:\s+(?:cascade|restrict))?\s*;?\s*", re.IGNORECASE | re.DOTALL)
_RENAME = re.compile(rf"\s*alter\s+rule\s+(?P<name>{_NAME})\s+on\s+(?P<table>{_QUALIFIED})\s+rename\s+to\s+"
                     rf"(?P<new>{_NAME})\s*;?\s*", re.IGNORECASE | re.DOTALL)
#: A string or a quoted name, blanked where the ``DO`` of a rule's head is looked for.
_QUOTED = re.compile(r"'(?:[^']|'')*'|\"(?:[^\"]|\"\")*\"|\$(?P<tag>\w*)\$.*?\$(?P=tag)\$", re.DOTALL)
_DO = re.compile(r"\bdo\b(?:\s+(?P<kind>also|instead)\b)?", re.IGNORECASE)
#: The events a rule of the statements this module reads is on.
EVENTS = ("INSERT", "UPDATE", "DELETE")


@dataclass(frozen=True, slots=True)
class Rule:
    """A rule, as its CREATE gives it: its name, event, table (as written), condition, kind, and commands (each
    parsed: an INSERT, UPDATE, DELETE or SELECT; a command of another kind, ``NOTIFY``, is left out)."""

    name: str
    event: str
    table: str
    condition: exp.Expression | None
    instead: bool
    commands: tuple[exp.Expression, ...]


@lru_cache(maxsize=1024)
def parsed_rule(text: str) -> Rule | None:
    """The rule a ``CREATE RULE`` makes; None for another text, or one whose condition does not parse. A command
    that does not parse is left out (what it writes is then not recorded)."""
    head = _CREATE.match(text)
    if head is None:
        return None
    rest = head["rest"]
    blanked = _QUOTED.sub(lambda m: " " * len(m[0]), rest)
    do = next((m for m in _DO.finditer(blanked) if blanked[:m.start()].count("(") == blanked[:m.start()].count(")")),
              None)
    if do is None:
        return None
    where = rest[:do.start()].strip()
    condition = None
    if where:
        if where[:5].lower() != "where":
            return None
        try:
            tree = parse_sql(f"SELECT 1 WHERE {where[5:]}", "postgres", what="a rule's condition")
        except (SqlglotError, StatementError, *SQLGLOT_FAILURES):
            return None
        condition = tree.args["where"].this.copy() if isinstance(tree, exp.Select) and tree.args.get("where") else None
        if condition is None:
            return None
    event = head["event"].upper()
    if condition is not None and event in ("INSERT", "DELETE"):
        # a name of the condition is NEW's column in an INSERT's rule, OLD's in a DELETE's (the only row each has)
        row = exp.to_identifier("new" if event == "INSERT" else "old")
        for column in list(condition.find_all(exp.Column)):
            if not column.table and isinstance(column.this, exp.Identifier) \
                    and column.find_ancestor(exp.Select) is None:
                column.set("table", row.copy())
    body = rest[do.end():].strip().rstrip(";").strip()
    return Rule(rule_name(head["name"]), event, head["table"],
                condition, (do["kind"] or "").lower() == "instead", _commands(body))


def _commands(body: str) -> tuple[exp.Expression, ...]:
    """A rule's commands: none for ``NOTHING``, those of a bracketed list, else the one command."""
    from .statements import split_statements  # (statements imports the modules that import this one)

    if body.lower() == "nothing" or not body:
        return ()
    blanked = _QUOTED.sub(lambda m: " " * len(m[0]), body)
    texts = [body]
    if blanked[0] == "(":
        depth, end = 0, None
        for at, char in enumerate(blanked):
            depth += (char == "(") - (char == ")")
            if depth == 0:
                end = at
                break
        if end == len(blanked) - 1:
            texts = split_statements(body[1:-1], "postgres")
    commands = []
    for text in texts:
        try:
            tree = parse_sql(text, "postgres", what="a rule's command")
        except (SqlglotError, StatementError, UnsupportedStatement, *SQLGLOT_FAILURES):
            continue
        if isinstance(tree, (exp.Insert, exp.Update, exp.Delete, exp.Select, exp.SetOperation)):
            commands.append(tree)
    return tuple(commands)


def rules_on(obj: CatalogObject, event: str | None) -> list[Rule]:
    """The enabled rules of ``obj`` on ``event``, in name order (as PostgreSQL applies them)."""
    if not obj.rules or event is None:
        return []
    found = sorted(((name, rule) for name, text, enabled in obj.rules
                    if enabled and (rule := parsed_rule(text)) is not None and rule.event == event),
                   key=lambda pair: pair[0])
    return [rule for _, rule in found]


def rule_instead(obj: CatalogObject, event: str | None) -> bool:
    """Whether an unconditional ``DO INSTEAD`` rule of ``obj`` runs in place of an ``event`` of its rows (the write
    of ``obj`` itself is not done: of a view, not through it either)."""
    return any(rule.instead and rule.condition is None for rule in rules_on(obj, event))


#: ``ALTER TABLE``'s ``DISABLE RULE r`` and ``ENABLE [REPLICA | ALWAYS] RULE r``.
_TOGGLE = re.compile(rf"\b(?P<verb>disable|enable)(?:\s+(?P<mode>replica|always))?\s+rule\s+(?P<name>{_NAME})",
                     re.IGNORECASE)


def toggled(obj: CatalogObject, text: str) -> CatalogObject:
    """``obj`` after ``ALTER TABLE``'s ``DISABLE RULE r`` / ``ENABLE [REPLICA | ALWAYS] RULE r`` (``text``, its
    actions): a rule enabled for replicas only does not run in a session of the log (which is no replica's)."""
    rules = obj.rules
    for found in _TOGGLE.finditer(text) if rules else ():
        name = rule_name(found["name"])
        enabled = found["verb"].lower() == "enable" and (found["mode"] or "").lower() != "replica"
        rules = tuple((rule[0], rule[1], enabled) if rule[0] == name else rule for rule in rules)
    return obj if rules == obj.rules else obj.evolve(rules=rules)


def _ruled_table(binder: Binder, text: str) -> CatalogObject | None:
    """The table (or view) a rule's statement names, when the catalog holds it."""
    try:
        table = exp.to_table(text, dialect="postgres")
    except (SqlglotError, *SQLGLOT_FAILURES):
        return None
    found = binder.relation(binder.naming.table_parts(table))
    return found if found.known else None


def create_rule(node: object, binder: Binder, statement: Statement) -> None:
    """``CREATE [OR REPLACE] RULE``: kept with its table (a rule of the same name replaced); no record."""
    if binder.naming.dialect_name != "postgres":
        return None
    head = _CREATE.match(statement.text)
    if head is None or head["event"].upper() not in EVENTS:
        return None
    table = _ruled_table(binder, head["table"])
    if table is None:
        return None
    name = rule_name(head["name"])
    kept = tuple(rule for rule in table.rules if rule[0] != name)
    binder.catalog.put(table, table.evolve(rules=(*kept, (name, statement.text.strip(), True))))
    return None


def drop_rule(node: object, binder: Binder, statement: Statement) -> None:
    """``DROP RULE [IF EXISTS] r ON t``: the rule taken off its table; no record."""
    found = _DROP.fullmatch(statement.text) if binder.naming.dialect_name == "postgres" else None
    table = _ruled_table(binder, found["table"]) if found is not None else None
    if table is not None and table.rules:
        name = rule_name(found["name"])
        binder.catalog.put(table, table.evolve(rules=tuple(rule for rule in table.rules if rule[0] != name)))
    return None


def rename_rule(node: object, binder: Binder, statement: Statement) -> None:
    """``ALTER RULE r ON t RENAME TO s``; no record."""
    found = _RENAME.fullmatch(statement.text) if binder.naming.dialect_name == "postgres" else None
    table = _ruled_table(binder, found["table"]) if found is not None else None
    if table is not None and table.rules:
        name, new = rule_name(found["name"]), rule_name(found["new"])
        binder.catalog.put(table, table.evolve(rules=tuple((new, *rule[1:]) if rule[0] == name else rule
                                                           for rule in table.rules)))
    return None
