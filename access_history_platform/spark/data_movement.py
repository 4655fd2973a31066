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

    Each depth is one SQL statement (:data:`_MERGED`): built with the DataFrame API, a depth took about a
    thousand calls into the JVM, most of the step's time on an account-day's few rows (a day of the demo's
    paths: 5-7 s, 2.7 s so).
    """
    if max_depth < 1:
        raise ValueError(f"max_depth is {max_depth}: a path has at least one hop")
    session = edges.sparkSession
    hops = session.sql(_HOPS, edges=edges).localCheckpoint()
    levels = [session.sql(_MERGED.format(found=_FIRST_HOPS, depth=1), known=previous, hops=hops).localCheckpoint()]
    for depth in range(2, max_depth + 1):
        level = session.sql(_MERGED.format(found=_EXTENDED, depth=depth), known=previous, prefixes=levels[-1],
                            hops=hops).localCheckpoint()
        levels.append(level)
        if level.isEmpty():
            break
    out = levels[0]
    for level in levels[1:]:
        out = out.unionByName(level)
    return out.select(*PATH_COLUMNS)


def _key(side: str) -> str:
    """A node's identity as text, for the cycle guard and joins (an id may be null)."""
    return f"concat_ws('|', {side}_domain, coalesce(CAST({side}_id AS STRING), ''), {side}_name)"


def _arrival(moves: str) -> str:
    """First and last traversal of ``moves`` (in time order) and the columns they wrote (never empty: the callers
    see to it)."""
    return (f"array_sort(array_distinct(flatten(transform({moves}, move -> move.columns)))) AS target_columns, "
            f"element_at({moves}, 1).at AS first_moved_at, element_at({moves}, 1).query_id AS first_query_id, "
            f"element_at({moves}, -1).at AS last_moved_at, element_at({moves}, -1).query_id AS last_query_id")


_END_COLUMNS = ", ".join(_ENDS)
#: The day's object edges per (source, target): every traversal (time, query, columns written), in time order;
#: none from an object to itself (a table written from itself moves nothing on).
_HOPS = f"""
SELECT * FROM (
  SELECT account_name, {_END_COLUMNS},
         array_sort(collect_list(named_struct('at', query_start_time, 'query_id', query_id, 'columns', columns)))
           AS moves,
         {_key("source")} AS source_key, {_key("target")} AS target_key
  FROM (SELECT account_name, query_id, query_start_time, {_END_COLUMNS},
               array_sort(collect_set(target_column_name)) AS columns
        FROM {{edges}} WHERE edge_level = 'OBJECT'
        GROUP BY account_name, query_id, query_start_time, {_END_COLUMNS})
  GROUP BY account_name, {_END_COLUMNS})
WHERE source_key != target_key"""
#: Every hop of the day as a path of depth 1 from its source.
_FIRST_HOPS = f"""
SELECT account_name, source_domain AS origin_domain, source_id AS origin_id, source_name AS origin_name,
       concat_ws('{PATH_SEPARATOR}', source_name, target_name) AS path, array(source_key, target_key) AS path_keys,
       1 AS depth, target_domain, target_id, target_name, {_arrival("moves")}
FROM {{hops}}"""
#: Each prefix (a path of the depth before) followed by each hop leaving its last object no earlier than the path
#: arrived there, to an object the path has not visited.
_EXTENDED = f"""
SELECT account_name, origin_domain, origin_id, origin_name, path, path_keys, depth,
       target_domain, target_id, target_name, {_arrival("later")}
FROM (SELECT p.account_name, p.origin_domain, p.origin_id, p.origin_name,
             concat_ws('{PATH_SEPARATOR}', p.path, h.target_name) AS path,
             concat(p.path_keys, array(h.target_key)) AS path_keys, p.depth + 1 AS depth,
             h.target_domain, h.target_id, h.target_name, filter(h.moves, move -> move.at >= p.first_moved_at) AS later
      FROM {{prefixes}} AS p JOIN {{hops}} AS h
        ON p.account_name = h.account_name AND element_at(p.path_keys, -1) = h.source_key
           AND NOT array_contains(p.path_keys, h.target_key))
WHERE size(later) > 0"""
_PATH_COLUMN_LIST = ", ".join(PATH_COLUMNS)
#: The day before's paths pass the columns a depth groups by on as new columns (``AS``): passed on as they are, every
#: depth's checkpoint would have them with the same identities, and Spark (4.3) fails the union of the depths
#: ("NoSuchElementException: key not found: target_columns#..." from the union's constraints).
_GROUPED = ("account_name", "path_keys")
_KNOWN_COLUMN_LIST = ", ".join(f"{column} AS {column}" if column in _GROUPED else column for column in PATH_COLUMNS)
#: The paths of a depth, known (``known``, the day before's) and found (``found``, the day's): one row per path, the
#: earliest first traversal, the latest last one, every column written.
_MERGED = f"""
SELECT account_name, origin_domain, origin_id, origin_name, path, path_keys, depth, target_domain, target_id,
       target_name, target_columns, first.first_moved_at, first.first_query_id, last.last_moved_at, last.last_query_id
FROM (SELECT account_name, path_keys, first(origin_domain) AS origin_domain, first(origin_id) AS origin_id,
             first(origin_name) AS origin_name, first(path) AS path, first(depth) AS depth,
             first(target_domain) AS target_domain, first(target_id) AS target_id, first(target_name) AS target_name,
             array_sort(array_distinct(flatten(collect_list(target_columns)))) AS target_columns,
             min(struct(first_moved_at, first_query_id)) AS first, max(struct(last_moved_at, last_query_id)) AS last
      FROM (SELECT {_KNOWN_COLUMN_LIST} FROM {{{{known}}}} WHERE depth = {{depth}}
            UNION ALL SELECT {_PATH_COLUMN_LIST} FROM ({{found}}))
      GROUP BY account_name, path_keys)"""


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
