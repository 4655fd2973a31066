"""What Spark's analyzer says a statement reads and writes: its analyzed logical plan, walked.

A statement is parsed and analyzed, never run (``CommandExecutionMode.SKIP``: an INSERT or a
CREATE TABLE ... AS SELECT writes nothing and no job starts). The plan comes over as one
``toJSON()`` text, and every attribute is followed by its ``exprId``:

- ``lineage``: per written column, the base-table columns its value is computed from, through
  projections, aggregates, windows, generators, set operations and the value of scalar
  subqueries (a correlated subquery's outer columns are inputs of its value, as the plan has it);
- ``tables``: the base tables the statement reaches, leaving out those only a subquery computing
  an output nobody reads would reach (a view column the statement does not select);
- ``needed``: the base columns of what the statement returns or writes and of everything that
  decides which rows come out (filters, join conditions, grouping keys, sorts, generators, the
  inputs of ``DISTINCT`` / ``INTERSECT`` / ``EXCEPT``, an ``IN`` subquery's output) - the least a
  record may show;
- ``mentioned``: ``needed`` and every base column any expression of the plan depends on - the most
  a record may show (a column of a view a statement does not select is in the plan, not needed).
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from pyspark.sql import SparkSession

#: Leaves that are base tables (a data-source table, a Hive table, a v2 table).
RELATIONS = frozenset({"LogicalRelation", "HiveTableRelation", "DataSourceV2Relation"})
#: Leaves that are no table.
CONSTANTS = frozenset({"LocalRelation", "OneRowRelation", "Range"})
#: Subquery expressions whose output is a value (an ``EXISTS`` only tests for rows).
VALUE_SUBQUERIES = frozenset({"ScalarSubquery", "ListQuery", "LateralSubquery"})
#: Nodes whose output is their (first) child's and whose expressions only decide which rows come out.
PASS_THROUGH = frozenset({"SubqueryAlias", "View", "Filter", "Sort", "GlobalLimit", "LocalLimit", "Offset", "Tail",
                          "Repartition", "RepartitionByExpression", "RebalancePartitions", "ResolvedHint", "Sample",
                          "Deduplicate", "Join", "Generate", "PipeOperator"})
#: Plan nodes whose classes are in Spark's expressions package (the marker a pipe's ``|> WHERE`` leaves in the plan).
PLAN_NODES_OF_EXPRESSIONS = frozenset({"PipeOperator"})
#: Nodes whose every input column decides which rows come out.
WHOLE_ROWS = frozenset({"Distinct", "Intersect", "Except"})
#: The name of the grouping id an Expand of GROUPING SETS adds to its output.
GROUPING_ID = "spark_grouping_id"
#: The analyzed commands of an INSERT and of a CREATE TABLE ... AS SELECT into a data-source table.
WRITES = frozenset({"InsertIntoHadoopFsRelationCommand", "CreateDataSourceTableAsSelectCommand"})

#: Fields that declare a node's output attributes: no expression reads them.
DECLARATIONS = frozenset({"output", "generatorOutput", "dataCols", "partitionCols"})

Column = str  #: ``catalog.database.table.column``, in lower case


class UnknownPlanNode(ValueError):
    """A plan node the walk does not know: what it reads cannot be told."""


@dataclass(frozen=True)
class PlanAccess:
    """What the analyzed plan of one statement reads and writes (see the module's docstring)."""

    tables: frozenset[str]
    needed: frozenset[Column]
    mentioned: frozenset[Column]
    target: str | None = None
    lineage: dict[str, frozenset[Column]] | None = None


def plan_access(spark: SparkSession, sql: str) -> PlanAccess:
    """Analyze ``sql`` (a query, an INSERT or a CTAS) in ``spark``'s current database, without running it."""
    session = spark._jsparkSession
    parsed = session.sessionState().sqlParser().parsePlan(sql)
    skip = spark._jvm.org.apache.spark.sql.execution.CommandExecutionMode.SKIP()
    analyzed = session.sessionState().executePlan(parsed, skip).analyzed()
    kind = analyzed.getClass().getSimpleName()
    if kind not in WRITES:
        return _walk(spark, analyzed, names=None, target=None)
    table = analyzed.catalogTable().get() if kind == "InsertIntoHadoopFsRelationCommand" else analyzed.table()
    names = [str(name) for name in _java_list(spark, analyzed.outputColumnNames())]
    return _walk(spark, analyzed.query(), names=names, target=_table_name(table.identifier()))


def _walk(spark: SparkSession, query: Any, names: list[str] | None, target: str | None) -> PlanAccess:
    root = _tree(json.loads(query.toJSON()))
    plan = _Plan()
    outputs = plan.sources_of(root)
    expected = [attribute.exprId().id() for attribute in _java_list(spark, query.output())]
    if outputs != expected:
        raise UnknownPlanNode(f"the walk's output {outputs} is not the plan's {expected}")
    plan.demand(root, set(outputs))
    mentioned = set(plan.needed).union(*(plan.src.get(i, ()) for i in plan.referenced))
    lineage = None if names is None else {name.lower(): plan.src.get(i, frozenset()) for name, i in zip(names, outputs)}
    return PlanAccess(frozenset(plan.tables), frozenset(plan.needed), frozenset(mentioned), target, lineage)


class _Plan:
    """The two walks of one plan: its columns' sources bottom-up, then what is needed top-down."""

    def __init__(self) -> None:
        self.src: dict[int, frozenset[Column]] = {}  #: exprId -> the base columns its value comes from
        self.referenced: set[int] = set()  #: exprIds any expression or set operation uses
        self.outputs: dict[int, list[int]] = {}  #: id(node) -> its output exprIds
        self.ctes: dict[int, dict] = {}  #: CTE id -> its definition
        self.cte_demand: dict[int, set[int]] = {}  #: CTE id -> positions of its output some reference needs
        self.tables: set[str] = set()
        self.needed: set[Column] = set()

    # --------------------------------------------------------------- bottom-up: sources
    def sources_of(self, node: dict) -> list[int]:
        """Walk ``node`` (and the subqueries of its expressions) bottom-up; its output exprIds."""
        kind = _kind(node)
        children = [self.sources_of(child) for child in node["_children"]]
        for tree in _expressions(node):
            for subquery in _subqueries(tree):
                self.sources_of(subquery["plan"])
            self.referenced.update(_references(tree))
        out = self._output(node, kind, children)
        self.outputs[id(node)] = out
        return out

    def _output(self, node: dict, kind: str, children: list[list[int]]) -> list[int]:
        if not children:
            return self._leaf_output(node, kind)
        if kind == "CTERelationDef":
            self.ctes[node["id"]] = node
            return children[0]
        if kind == "WithCTE":
            return children[-1]
        if kind in ("Project", "Aggregate"):
            field = "projectList" if kind == "Project" else "aggregateExpressions"
            return [self._define(tree) for tree in _field(node, field)]
        if kind == "Window":
            return children[0] + [self._define(tree) for tree in _field(node, "windowExpressions")]
        if kind == "Generate":
            generated = [_id(a) for a in _attributes(node["generatorOutput"])]
            sources = self._value(*_field(node, "generator"))
            for i in generated:
                self.src[i] = sources
            return children[0] + generated
        if kind == "Expand":
            # toJSON leaves out Expand's projections. GROUPING SETS builds each as the child's output (a grouping
            # column or a null) followed by the grouping id, so output i is child output i; an UNPIVOT's are not so.
            attributes = _attributes(node["output"])
            if attributes[-1]["name"] != GROUPING_ID:
                raise UnknownPlanNode("an Expand not of GROUPING SETS (an UNPIVOT): toJSON leaves out its projections")
            out = [_id(a) for a in attributes]
            self._copy(children[0], out)
            return out
        if kind == "Union":
            for branch in children:
                self.referenced.update(branch)
                self._merge(branch, children[0])
            return children[0]
        if kind in WHOLE_ROWS:
            self.referenced.update(i for branch in children for i in branch)
            return children[0]
        if kind == "LateralJoin":
            return children[0] + self.outputs[id(_lateral_plan(node))]
        if kind == "Join" and _join_type(node) in ("LeftSemi", "LeftAnti"):
            return children[0]
        if kind in PASS_THROUGH:
            return [i for branch in children for i in branch]
        raise UnknownPlanNode(f"a {kind} node: what it reads is unknown to this walk")

    def _leaf_output(self, node: dict, kind: str) -> list[int]:
        out = [_id(a) for a in _attributes(node.get("output") or [])]
        if kind in RELATIONS:
            table = _relation_name(node)
            for attribute in _attributes(node["output"]):
                self.src[_id(attribute)] = frozenset({f"{table}.{attribute['name'].lower()}"})
        elif kind == "CTERelationRef":
            self._copy(self.outputs[id(self.ctes[node["cteId"]])], out)
        elif kind not in CONSTANTS:
            raise UnknownPlanNode(f"a {kind} leaf: what it reads is unknown to this walk")
        return out

    def _define(self, tree: dict) -> int:
        """A projection's exprId, with its value's sources if it defines a new one (an Alias)."""
        if _kind(tree) != "AttributeReference":
            self.src[_id(tree)] = self._value(tree)
        return _id(tree)

    def _value(self, *trees: dict) -> frozenset[Column]:
        """The base columns an expression's value is computed from (a value subquery's output included)."""
        ids = {i for tree in trees for i in _references(tree)}
        for tree in trees:
            for subquery in _subqueries(tree):
                if _kind(subquery) in VALUE_SUBQUERIES:
                    ids.update(self.outputs[id(subquery["plan"])])
        return frozenset().union(*(self.src.get(i, ()) for i in ids))

    def _copy(self, inputs: list[int], outputs: list[int]) -> None:
        for i, o in zip(inputs, outputs):
            self.src[o] = self.src.get(i, frozenset())

    def _merge(self, inputs: list[int], outputs: list[int]) -> None:
        for i, o in zip(inputs, outputs):
            self.src[o] = self.src.get(o, frozenset()) | self.src.get(i, frozenset())

    # --------------------------------------------------------------- top-down: what is needed
    def demand(self, node: dict, wanted: set[int]) -> None:
        """Walk ``node`` top-down, given the exprIds of its output that are read (and any others: ignored)."""
        kind = _kind(node)
        children = node["_children"]
        if kind in RELATIONS:
            self.tables.add(_relation_name(node))
            self.needed.update(next(iter(self.src[i])) for i in self.outputs[id(node)] if i in wanted)
        elif kind == "CTERelationRef":
            positions = self.cte_demand.setdefault(node["cteId"], set())
            positions.update(p for p, i in enumerate(self.outputs[id(node)]) if i in wanted)
        elif kind == "WithCTE":
            self.demand(children[-1], wanted)
            for definition in reversed(children[:-1]):  # a CTE may read the ones before it
                out = self.outputs[id(definition)]
                self.demand(definition, {out[p] for p in self.cte_demand.get(definition["id"], ())})
        elif kind in ("Project", "Aggregate", "Window"):
            self._demand_projection(node, kind, wanted)
        elif kind in ("Expand", "Union"):
            positions = [p for p, i in enumerate(self.outputs[id(node)]) if i in wanted]
            for child in children:
                out = self.outputs[id(child)]
                self.demand(child, {out[p] for p in positions if p < len(out)})  # Expand's grouping id: no input
        elif kind == "LateralJoin":
            used = self._use(_field(node, "condition")) | _references(_field(node, "right")[0])
            self.demand(_lateral_plan(node), wanted)
            self.demand(children[0], wanted | used)
        elif kind in WHOLE_ROWS:
            for child in children:
                self.demand(child, set(self.outputs[id(child)]))
        else:  # CTERelationDef and PASS_THROUGH: every expression decides which rows come out
            used = self._use(_expressions(node))
            for child in children:
                self.demand(child, wanted | used)

    def _demand_projection(self, node: dict, kind: str, wanted: set[int]) -> None:
        field = {"Project": "projectList", "Aggregate": "aggregateExpressions", "Window": "windowExpressions"}[kind]
        read = [tree for tree in _field(node, field) if _id(tree) in wanted]
        used = self._use(read)
        if kind == "Aggregate":
            used |= self._use(_field(node, "groupingExpressions"))
        if kind == "Window":
            used |= wanted
        self.demand(node["_children"][0], used)

    def _use(self, trees: Iterable[dict]) -> set[int]:
        """The exprIds ``trees`` read, walking their subqueries (an ``EXISTS`` needs no column of its output)."""
        used: set[int] = set()
        for tree in trees:
            used.update(_references(tree))
            for subquery in _subqueries(tree):
                plan = subquery["plan"]
                read = self.outputs[id(plan)] if _kind(subquery) in VALUE_SUBQUERIES else []
                self.demand(plan, set(read))
        return used


# ------------------------------------------------------------------- the JSON form of a plan
def _tree(flat: list[dict]) -> dict:
    """A plan tree from ``toJSON``'s pre-order list of nodes (each says how many children follow it):
    each node's expression fields are trees under ``_fields``, a subquery's plan a tree under ``plan``."""
    nodes = iter(flat)

    def build() -> dict:
        node = dict(next(nodes))
        node["_children"] = [build() for _ in range(node.get("num-children", 0))]
        if _is_expression(node["class"]):
            if _is_tree(node.get("plan")):
                node["plan"] = _tree(node["plan"])
            if _kind(node) == "OuterReference" and _is_tree(node.get("e")):  # (a leaf whose outer attribute is a
                node["_children"] = [_tree(node["e"])]  # field: read as its child, what the expression reads)
        else:
            fields = {key: list(_trees(value)) for key, value in node.items()
                      if not key.startswith("_") and key not in DECLARATIONS}
            node["_fields"] = {key: trees for key, trees in fields.items() if trees}
        return node
    return build()


def _is_expression(cls: str) -> bool:
    """Whether the class named ``cls`` is an expression's (not one of :data:`PLAN_NODES_OF_EXPRESSIONS`)."""
    return ".expressions." in cls and cls.rsplit(".", 1)[-1] not in PLAN_NODES_OF_EXPRESSIONS


def _is_tree(value: Any) -> bool:
    return isinstance(value, list) and bool(value) and isinstance(value[0], dict) and "num-children" in value[0]


def _trees(value: Any) -> Iterator[dict]:
    """The expression trees in a field's JSON (one tree, a list of them, or lists of lists)."""
    if _is_tree(value):
        if _is_expression(value[0]["class"]):
            yield _tree(value)
    elif isinstance(value, list):
        for item in value:
            yield from _trees(item)


def _field(node: dict, name: str) -> list[dict]:
    return node["_fields"].get(name, [])


def _expressions(node: dict) -> Iterator[dict]:
    """Every expression tree of a plan node (not of its children)."""
    for trees in node["_fields"].values():
        yield from trees


def _walk_expression(tree: dict) -> Iterator[dict]:
    yield tree
    for child in tree["_children"]:
        yield from _walk_expression(child)


def _references(tree: dict) -> set[int]:
    """The attributes an expression reads: a subquery's outer (correlation) columns, not its plan's."""
    return {_id(e) for e in _walk_expression(tree) if _kind(e) == "AttributeReference"}


def _subqueries(tree: dict) -> Iterator[dict]:
    """The subquery expressions in ``tree``, each with its plan under ``plan``."""
    return (e for e in _walk_expression(tree) if isinstance(e.get("plan"), dict))


def _lateral_plan(node: dict) -> dict:
    """A LateralJoin's right side: the plan of its LateralSubquery."""
    (subquery,) = _subqueries(_field(node, "right")[0])
    return subquery["plan"]


def _attributes(value: list) -> list[dict]:
    return [item[0] if isinstance(item, list) else item for item in value]


def _kind(node: dict) -> str:
    return node["class"].rsplit(".", 1)[-1].rstrip("$")


def _id(expression: dict) -> int:
    return expression["exprId"]["id"]


def _join_type(node: dict) -> str:
    return _kind({"class": node["joinType"]["object"]}) if isinstance(node["joinType"], dict) else ""


def _relation_name(node: dict) -> str:
    table = node.get("catalogTable") or node.get("tableMeta")
    if not isinstance(table, dict):
        raise UnknownPlanNode(f"a {_kind(node)} that is no catalog table")
    ident = table["identifier"]
    return ".".join((ident.get("catalog") or "spark_catalog", ident["database"], ident["table"])).lower()


def _table_name(identifier: Any) -> str:
    return ".".join(("spark_catalog", identifier.database().get(), identifier.table())).lower()


def _java_list(spark: SparkSession, sequence: Any) -> list:
    return list(spark._jvm.scala.jdk.javaapi.CollectionConverters.asJava(sequence))
