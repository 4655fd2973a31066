"""The Spark resource's settings for local masters."""

import os

import pytest

from resources.spark import LOCAL_CONF, local_conf


@pytest.mark.parametrize(("master", "partitions"), [
    ("local", 4), ("local[1]", 4), ("local[3]", 6), ("local[8,2]", 16),
    ("local[*]", max(4, 2 * (os.cpu_count() or 2))), ("local[*,4]", max(4, 2 * (os.cpu_count() or 2))),
])
def test_a_local_master_gets_shuffle_partitions_sized_to_its_cores(master, partitions):
    conf = local_conf(master)
    assert conf["spark.sql.shuffle.partitions"] == str(partitions)
    assert LOCAL_CONF.items() <= conf.items()  # and stays on loopback


def test_the_spark_resource_is_dagster_pysparks_lazy_resource_with_the_projects_settings():
    from dagster_pyspark import LazyPySparkResource

    from resources.spark import BASE_CONF, DRIVER_CONF, SparkResource, session_config, spark_config_for

    assert issubclass(SparkResource, LazyPySparkResource)
    local = session_config(spark_config_for("local[2]", {"spark.sql.shuffle.partitions": "3"}))
    assert local["spark.master"] == "local[2]" and local["spark.sql.shuffle.partitions"] == "3", "given ones win"
    assert (BASE_CONF | DRIVER_CONF | LOCAL_CONF).items() - {("spark.sql.shuffle.partitions", "4")} <= local.items()
    cluster = session_config(spark_config_for("spark://10.0.0.1:7077"))
    assert "spark.driver.bindAddress" not in cluster and cluster["spark.master"] == "spark://10.0.0.1:7077"
    connect = session_config(spark_config_for("sc://127.0.0.1:15002"))
    assert connect["spark.remote"] == "sc://127.0.0.1:15002" and "spark.master" not in connect
    assert BASE_CONF.items() <= connect.items() and "spark.ui.showConsoleProgress" not in connect
    assert SparkResource(spark_config=spark_config_for("sc://h:1")).master == "sc://h:1"


@pytest.mark.spark
def test_the_tests_session_comes_through_the_resource(spark, spark_resource):
    assert spark_resource.session() is spark and spark.conf.get("spark.sql.session.timeZone") == "UTC"
