"""``data_movement``: where data went, as edges per statement and as time-ordered paths over days.

:func:`data_movement` turns every write of the records (INSERT, MERGE, CTAS, COPY INTO a
table or a stage, PUT, GET) into edges ``source -> target`` with the query and its time:
``OBJECT`` edges pair each base object the statement read with each object it wrote (the
reference's "sensitive stage data movement" flattening), one row per written column;
``COLUMN`` edges are the column lineage (``directSources`` / ``baseSources``).

:func:`movement_paths` follows the object edges transitively, in time order: a path
``A --> B --> C`` exists when data reached ``B`` from ``A`` and *later* (or at the same
time) left ``B`` for ``C``, as the reference's recursive query requires
(``f.query_start_time >= sensitive_data_movements.query_start_time``). A path is one row
per sequence of objects however often it was travelled, with when it was first completed
(the earliest arrival, which is what decides whether a later hop extends it) and last
travelled: repeated daily loads update those times and never add rows. No path visits an
object twice (the cycle guard) or has more than ``max_depth`` hops (the depth bound).

Each day extends the previous day's paths with the day's edges only: the previous paths'
earliest arrivals are before every edge of the day, so nothing older can change.
"""

from __future__ import annotations

import pyarrow as pa
from pyspark.sql import Column, DataFrame
from pyspark.sql import functions as F

from .records import TIMESTAMP, records_schema
from .transforms import column_lineage

__all__ = ["DEFAULT_MAX_DEPTH", "MOVEMENT_COLUMNS", "PATH_COLUMNS", "PATH_SEPARATOR", "data_movement",
           "data_movement_schema", "movement_paths", "movement_paths_schema", "movement_summary", "paths_summary"]

DEFAULT_MAX_DEPTH = 8
#: Between the objects of a path's text, as the reference's query writes it.
PATH_SEPARATOR = "-->"
#: Domains of a location entry (``{"location": ...}``) and of what a statement reads that holds no data.
LOCATION = "Location"
_NOT_DATA = ("FUNCTION", "PROCEDURE")
_IDENTITY = ("account_name", "query_id", "query_start_time", "user_name")
_NODE = ("domain", "id", "name")
_ENDS = tuple(f"{side}_{part}" for side in ("source", "target") for part in _NODE)
MOVEMENT_COLUMNS = (
    *_IDENTITY, "movement_kind", "edge_level",
    "source_domain", "source_id", "source_name", "source_column_name",
    "target_domain", "target_id", "target_name", "target_column_name", "lineage",
)
PATH_COLUMNS = (
    "account_name", "origin_domain", "origin_id", "origin_name", "path", "path_keys", "depth",
    "target_domain", "target_id", "target_name", "target_columns",
    "first_moved_at", "first_query_id", "last_moved_at", "last_query_id",
)


def data_movement(records: DataFrame) -> DataFrame:
    """The records' object edges (one row per written column) and column edges (the column lineage)."""
    objects = (
        records.select(*_IDENTITY, F.explode("base_objects_accessed").alias("src"), "objects_modified")
        .where(~F.coalesce(F.col("src.objectDomain"), F.lit("")).isin(*_NOT_DATA))
        .select(*_IDENTITY, "src", F.explode("objects_modified").alias("dst"))
        .select(*_IDENTITY, "src", "dst", F.explode_outer("dst.columns.columnName").alias("target_column_name"))
        .select(*_IDENTITY, F.lit("OBJECT").alias("edge_level"), *_node("src", "source"),
                F.lit(None).cast("string").alias("source_column_name"), *_node("dst", "target"),
                "target_column_name", F.lit(None).cast("string").alias("lineage"))
    )
    columns = column_lineage(records).where(~F.coalesce("source_object_domain", F.lit("")).isin(*_NOT_DATA)).select(
        *_IDENTITY, F.lit("COLUMN").alias("edge_level"),
        F.col("source_object_domain").alias("source_domain"), F.col("source_object_id").alias("source_id"),
        F.col("source_object_name").alias("source_name"), "source_column_name",
        F.col("target_object_domain").alias("target_domain"), F.col("target_object_id").alias("target_id"),
        F.col("target_object_name").alias("target_name"), "target_column_name",
        F.col("source_column_type").alias("lineage"))
    edges = objects.unionByName(columns)
    return edges.withColumn("movement_kind", movement_kind(F.col("source_domain"), F.col("target_domain"))).select(
        *MOVEMENT_COLUMNS)


def movement_kind(source_domain: Column, target_domain: Column) -> Column:
    """PUT (file to stage), GET (stage to file), LOAD (from a stage or location), UNLOAD (into one), or WRITE."""
    outside = (LOCATION, "Stage")
    return (F.when((source_domain == LOCATION) & (target_domain == "Stage"), "PUT")
            .when((source_domain == "Stage") & (target_domain == LOCATION), "GET")
            .when(source_domain.isin(*outside), "LOAD")
            .when(target_domain.isin(*outside), "UNLOAD")
            .otherwise("WRITE"))


def _node(entry: str, side: str) -> list[Column]:
    """An entry as a node: a location is domain ``Location`` named by its URI."""
    is_location = F.col(f"{entry}.objectDomain").isNull() & F.col(f"{entry}.location").isNotNull()
    return [
        F.when(is_location, F.lit(LOCATION)).otherwise(F.col(f"{entry}.objectDomain")).alias(f"{side}_domain"),
        F.col(f"{entry}.objectId").alias(f"{side}_id"),
        F.coalesce(F.col(f"{entry}.objectName"), F.col(f"{entry}.location")).alias(f"{side}_name"),
    ]


def movement_paths(previous: DataFrame, edges: DataFrame, *, max_depth: int = DEFAULT_MAX_DEPTH) -> DataFrame:
    """The paths known after the day: ``previous`` (the day before's, or empty) extended by the day's ``edges``.

    Depth by depth, each path of depth d - 1 is extended by the day's hops leaving its last
    object at or after the path's first arrival there and going to an object it has not
    visited; a path already known keeps its first arrival and gets the later last one. Each
    depth is checkpointed (the next one reads it, and so does the result).
    """
    if max_depth < 1:
        raise ValueError(f"max_depth is {max_depth}: a path has at least one hop")
    hops = _hops(edges).localCheckpoint()
    levels = [_merge(previous.where(F.col("depth") == 1), _first_hops(hops)).localCheckpoint()]
    for depth in range(2, max_depth + 1):
        extended = _extend(levels[-1], hops)
        level = _merge(previous.where(F.col("depth") == depth), extended).localCheckpoint()
        levels.append(level)
        if level.isEmpty():
            break
    out = levels[0]
    for level in levels[1:]:
        out = out.unionByName(level)
    return out.select(*PATH_COLUMNS)


def _key(domain: Column, node_id: Column, name: Column) -> Column:
    """A node's identity as text, for the cycle guard and joins (an id may be null)."""
    return F.concat_ws("|", domain, F.coalesce(node_id.cast("string"), F.lit("")), name)


def _hops(edges: DataFrame) -> DataFrame:
    """The day's object edges per (source, target): every traversal (time, query, columns written), in time order;
    none from an object to itself."""
    per_query = (
        edges.where(F.col("edge_level") == "OBJECT")
        .groupBy("account_name", "query_id", "query_start_time", *_ENDS)
        .agg(F.array_sort(F.collect_set("target_column_name")).alias("columns"))
    )
    move = F.struct(F.col("query_start_time").alias("at"), "query_id", "columns")
    hops = per_query.groupBy("account_name", *_ENDS).agg(F.array_sort(F.collect_list(move)).alias("moves")).select(
        "*", _key(F.col("source_domain"), F.col("source_id"), F.col("source_name")).alias("source_key"),
        _key(F.col("target_domain"), F.col("target_id"), F.col("target_name")).alias("target_key"))
    return hops.where(F.col("source_key") != F.col("target_key"))  # a table written from itself moves nothing on


def _first_hops(hops: DataFrame) -> DataFrame:
    """Every hop of the day as a path of depth 1 from its source."""
    return hops.select(
        "account_name", F.col("source_domain").alias("origin_domain"), F.col("source_id").alias("origin_id"),
        F.col("source_name").alias("origin_name"),
        F.concat_ws(PATH_SEPARATOR, "source_name", "target_name").alias("path"),
        F.array("source_key", "target_key").alias("path_keys"), F.lit(1).alias("depth"),
        *_arrival(F.col("moves")))


def _extend(prefixes: DataFrame, hops: DataFrame) -> DataFrame:
    """Each prefix followed by each hop leaving its last object no earlier than it arrived there."""
    joined = prefixes.alias("p").join(
        hops.alias("h"),
        (F.col("p.account_name") == F.col("h.account_name"))
        & (F.element_at(F.col("p.path_keys"), -1) == F.col("h.source_key"))
        & ~F.array_contains(F.col("p.path_keys"), F.col("h.target_key")))
    later = F.filter(F.col("h.moves"), lambda move: move["at"] >= F.col("p.first_moved_at"))
    return joined.where(F.size(later) > 0).select(
        F.col("p.account_name").alias("account_name"), "p.origin_domain", "p.origin_id", "p.origin_name",
        F.concat_ws(PATH_SEPARATOR, F.col("p.path"), F.col("h.target_name")).alias("path"),
        F.concat(F.col("p.path_keys"), F.array(F.col("h.target_key"))).alias("path_keys"),
        (F.col("p.depth") + 1).alias("depth"), F.col("h.target_domain"), F.col("h.target_id"), F.col("h.target_name"),
        *_arrival(later, target=False),
    )


def _arrival(moves: Column, *, target: bool = True) -> list[Column]:
    """First and last traversal of ``moves`` (in time order) and the columns they wrote."""
    first, last = F.element_at(moves, 1), F.element_at(moves, -1)  # never empty: the callers see to it
    target_columns = [F.col(f"target_{p}") for p in _NODE] if target else []
    return [
        *target_columns,
        F.array_sort(F.array_distinct(F.flatten(F.transform(moves, lambda move: move["columns"])))).alias(
            "target_columns"),
        first["at"].alias("first_moved_at"), first["query_id"].alias("first_query_id"),
        last["at"].alias("last_moved_at"), last["query_id"].alias("last_query_id"),
    ]


def _merge(known: DataFrame, found: DataFrame) -> DataFrame:
    """One row per path: the earliest first traversal, the latest last one, every column written."""
    both = known.select(*PATH_COLUMNS).unionByName(found.select(*PATH_COLUMNS))
    first = F.min(F.struct("first_moved_at", "first_query_id"))
    last = F.max(F.struct("last_moved_at", "last_query_id"))
    return both.groupBy("account_name", "path_keys").agg(
        *(F.first(name).alias(name) for name in ("origin_domain", "origin_id", "origin_name", "path", "depth",
                                                  "target_domain", "target_id", "target_name")),
        F.array_sort(F.array_distinct(F.flatten(F.collect_list("target_columns")))).alias("target_columns"),
        first.alias("first"), last.alias("last"),
    ).select("*", F.col("first.first_moved_at").alias("first_moved_at"),
             F.col("first.first_query_id").alias("first_query_id"),
             F.col("last.last_moved_at").alias("last_moved_at"), F.col("last.last_query_id").alias("last_query_id"),
             ).select(*PATH_COLUMNS)


def movement_summary() -> list[Column]:
    """Aggregates of a day's edges worth plotting across days: moving statements by kind, object pairs."""
    object_edges = F.col("edge_level") == "OBJECT"
    return [
        F.count_distinct("query_id").alias("moving_statements"),
        *(F.count_distinct(F.when(F.col("movement_kind") == kind, F.col("query_id")))
          .alias(f"{kind.lower()}_statements") for kind in ("LOAD", "UNLOAD", "PUT", "GET", "WRITE")),
        F.count_distinct(F.when(object_edges, F.concat_ws(PATH_SEPARATOR, "source_name", "target_name")))
        .alias("object_edges"),
        F.count(F.when(F.col("edge_level") == "COLUMN", 1)).alias("column_edges"),
    ]


def paths_summary(day: Column) -> list[Column]:
    """Aggregates of the paths known after ``day``: how many, new and travelled that day, from stages, longest."""
    return [
        F.count(F.lit(1)).alias("paths"),
        F.count(F.when(F.to_date("first_moved_at") == day, 1)).alias("new_paths"),
        F.count(F.when(F.to_date("last_moved_at") == day, 1)).alias("paths_travelled"),
        F.count(F.when(F.col("origin_domain") == "Stage", 1)).alias("paths_from_stages"),
        F.coalesce(F.max("depth"), F.lit(0)).alias("longest_path"),
    ]


def data_movement_schema() -> pa.Schema:
    """The Arrow schema of :func:`data_movement`'s rows."""
    records = records_schema()
    text, number = pa.string(), pa.int64()
    return pa.schema([
        *(records.field(name) for name in _IDENTITY), pa.field("movement_kind", text), pa.field("edge_level", text),
        pa.field("source_domain", text), pa.field("source_id", number), pa.field("source_name", text),
        pa.field("source_column_name", text), pa.field("target_domain", text), pa.field("target_id", number),
        pa.field("target_name", text), pa.field("target_column_name", text), pa.field("lineage", text),
    ])


def movement_paths_schema() -> pa.Schema:
    """The Arrow schema of :func:`movement_paths`' rows."""
    text, number = pa.string(), pa.int64()
    return pa.schema([
        pa.field("account_name", text), pa.field("origin_domain", text), pa.field("origin_id", number),
        pa.field("origin_name", text), pa.field("path", text), pa.field("path_keys", pa.list_(text)),
        pa.field("depth", pa.int32()), pa.field("target_domain", text), pa.field("target_id", number),
        pa.field("target_name", text), pa.field("target_columns", pa.list_(text)),
        pa.field("first_moved_at", TIMESTAMP), pa.field("first_query_id", text),
        pa.field("last_moved_at", TIMESTAMP), pa.field("last_query_id", text),
    ])
