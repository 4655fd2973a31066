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
