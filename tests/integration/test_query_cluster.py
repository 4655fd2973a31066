"""``ahp query --master`` on a real Spark cluster and through Spark Connect, over a warehouse the pipeline wrote.

The warehouse is tests/test_query.py's (the reference's worked examples, every asset materialized
locally); the command runs in its own process (``sc://`` switches pyspark into Spark Connect mode
process-wide), configured as a user would: ``--master`` and, for the cluster, the driver's
address. Its answer to the reference's stage-movement query must be the reference's five rows,
as it is locally (tests/test_query.py).
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path

from tests.test_query import ANSWERS, EXAMPLES, NOW, _check, warehouse  # noqa: F401 - warehouse: the fixture

from .services import SparkConnect, SparkStandalone, run_python_job

AHP = Path(sys.executable).with_name("ahp")
QUESTION = next(path for path in EXAMPLES if path.name.startswith("06_"))
TIMEOUT_SECONDS = 600


def ask(master: str, warehouse_root: Path, env: dict[str, str]) -> tuple[list[str], list[tuple]]:
    """The stage-movement question asked by ``ahp query --master`` in a process of its own; its answer."""
    done = run_python_job(AHP, ["query", "--master", master, "--warehouse", str(warehouse_root), "--now", NOW,
                                "--format", "json", "-f", str(QUESTION)], env=env, timeout=TIMEOUT_SECONDS)
    assert done.returncode == 0, done.stderr[-4000:]
    assert "Traceback" not in done.stderr and "org.apache" not in done.stderr
    rows = [json.loads(line) for line in done.stdout.splitlines()]
    columns = list(rows[0]) if rows else []
    return columns, [tuple(row[column] for column in columns) for row in rows]


def test_ahp_query_through_spark_connect(spark_connect: SparkConnect, warehouse: Path) -> None:  # noqa: F811
    _check(ask(spark_connect.url, warehouse, {"AHP_ORGANIZATION": "TESTORG"}), ANSWERS[QUESTION.name])


def test_through_spark_connect_a_damaged_table_under_a_subquery_is_its_one_line(
        spark_connect: SparkConnect, warehouse: Path, tmp_path: Path) -> None:  # noqa: F811
    """A subquery Spark runs as a job of its own (a scalar one, an EXISTS without correlation) over a table a damaged
    partition keeps from being read: its error came back wrapped, 'Exception thrown in awaitResult:' over Spark
    Connect, naming nothing; it is the table's one line, and the next question is answered."""
    damaged = tmp_path / "warehouse"
    shutil.copytree(warehouse, damaged)
    next(damaged.glob("column_lineage/day=*/account=*/_manifest.json")).write_text("{not json")
    done = run_python_job(AHP, ["query", "--master", spark_connect.url, "--warehouse", str(damaged), "--now", NOW,
                                "--dialect", "spark", "--format", "csv",
                                "select (select count(*) from column_lineage) as n; select count(*) > 0 as any "
                                "from access_history where not exists (select 1 from column_lineage); "
                                "select count(*) > 0 as answered from access_history"],
                          env={"AHP_ORGANIZATION": "TESTORG"}, timeout=TIMEOUT_SECONDS)
    errors = [line for line in done.stderr.splitlines() if line.startswith("error:")]
    assert done.returncode == 1 and len(errors) == 2, done.stderr[-4000:]
    assert all(line.startswith("error: cannot read the warehouse's column_lineage: ") for line in errors), errors
    assert "Traceback" not in done.stderr and "awaitResult" not in done.stderr
    assert done.stdout.split() == ["answered", "True"]


def test_ahp_query_on_a_standalone_cluster(spark_standalone: SparkStandalone, warehouse: Path) -> None:  # noqa: F811
    conf = {key: value for key, value in spark_standalone.client_conf().items() if key != "spark.master"}
    env = {"AHP_SPARK_CONF": json.dumps({**conf, "spark.ui.enabled": "false"}), **spark_standalone.client_env()}
    _check(ask(spark_standalone.master_url, warehouse, env), ANSWERS[QUESTION.name])

