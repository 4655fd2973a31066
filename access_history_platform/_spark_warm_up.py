"""The short Spark job whose driver writes the class archive at exit
(``access_history_platform.class_archive.build``).

It touches what the pipeline's drivers use, so that their classes are in the archive: JSON lines read as text
and parsed, nested arrays exploded and aggregated, joins (broadcast and shuffled), a window, a local
checkpoint, Python over Arrow batches (``mapInArrow``), Parquet written, cached and read back with a filter,
string functions, and results collected as rows and as Arrow. Its data is a few rows: what counts is which
classes load, not how long it runs.
"""

import json
import tempfile
from pathlib import Path

from pyspark.sql import SparkSession, Window
from pyspark.sql import functions as F


def main() -> None:
    spark = SparkSession.builder.appName("ahp-class-archive").getOrCreate()
    spark.conf.set("spark.sql.session.timeZone", "UTC")
    spark.conf.set("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS")
    with tempfile.TemporaryDirectory() as folder:
        logs = Path(folder) / "log.jsonl"
        logs.write_text("".join(json.dumps({
            "query_id": f"q{n}", "user_name": f"u{n % 3}", "start_time": f"2026-01-01T00:00:{n:02d}Z",
            "objects": [{"name": f"T{n % 4}", "columns": ["A", "B"]}],
        }) + "\n" for n in range(40)))
        schema = "query_id string, user_name string, start_time timestamp, " \
                 "objects array<struct<name: string, columns: array<string>>>"
        lines = spark.read.text(str(logs)).select(F.from_json("value", schema).alias("line")).select("line.*")
        read = lines.select("query_id", "user_name", "start_time", F.inline("objects"))
        columns = read.select("*", F.explode_outer("columns").alias("column_name"))
        usage = columns.groupBy("name", "column_name").agg(
            F.count_distinct("user_name").alias("users"), F.collect_set("query_id").alias("queries"),
            F.max("start_time").alias("last"))
        latest = Window.partitionBy("user_name").orderBy(F.col("start_time").desc())
        ranked = lines.withColumn("rank", F.row_number().over(latest)).where("rank <= 2")
        joined = usage.join(F.broadcast(read.select("name").distinct()), "name") \
            .join(ranked.select("query_id", "user_name"), F.array_contains("queries", F.col("query_id")), "left")
        checkpointed = joined.localCheckpoint()

        def batches(frames):
            for batch in frames:
                yield batch

        arrowed = checkpointed.select("name", "users").mapInArrow(batches, "name string, users bigint")
        out = str(Path(folder) / "parquet")
        arrowed.union(arrowed).write.mode("overwrite").parquet(out)
        back = spark.read.parquet(out).persist()
        back.agg(F.count(F.lit(1)), F.sum("users")).collect()
        spark.read.parquet(out).where((F.col("users") > 1) & F.upper("name").like("T%")) \
            .select(F.lower("name"), F.regexp_replace("name", "[0-9]", "")).collect()
        back.unpersist()
        back.toArrow()
        spark.createDataFrame([(1, "a")], "n int, s string").createOrReplaceTempView("t")
        spark.sql("SELECT s, sum(n) FROM t GROUP BY s ORDER BY s").collect()
        ranked.select(F.to_json(F.struct("*"))).collect()
    spark.stop()


if __name__ == "__main__":
    main()
