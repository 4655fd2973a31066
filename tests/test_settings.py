"""The environment's settings: one object, every variable validated, a bad value named."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import date
from pathlib import Path

import dagster as dg
import pytest

from resources import Settings, SettingsError, resources_from_env
from resources.settings import variable

ROOT = Path(__file__).resolve().parents[1]


def test_defaults_run_the_demo_locally():
    settings = Settings.from_env({})
    assert (settings.spark_master, settings.landing, settings.warehouse, settings.dialect) == (
        "local[*]", "./landing", "./warehouse", "snowflake")
    assert settings.start_date == date(2024, 1, 1) and settings.time_budget == 5 and settings.spark_conf == {}


def test_every_variable_reaches_the_resources():
    environ = {"AHP_SPARK_MASTER": "sc://127.0.0.1:15002", "AHP_SPARK_CONF": '{"spark.a": 1}',
               "AHP_SPARK_LOG_LEVEL": "ERROR", "AHP_LANDING": "s3a://b/landing", "AHP_WAREHOUSE": "/w",
               "AHP_DIALECT": "bigquery", "AHP_ORGANIZATION": "GLOBEX", "AHP_SENSOR_BACKLOG": "250", "AHP_UNRELATED": "x"}
    resources = resources_from_env(environ)
    assert resources["spark"].spark_config["spark.remote"] == "sc://127.0.0.1:15002"
    assert resources["spark"].spark_config["spark.a"] == "1" and resources["spark"].log_level == "ERROR"
    assert (resources["landing"].root, resources["landing"].dialect) == ("s3a://b/landing", "bigquery")
    assert resources["landing"].backlog_days == 250
    assert resources["warehouse"].root == "/w" and resources["organization"].name == "GLOBEX"


@pytest.mark.parametrize(("name", "value", "problem"), [
    ("AHP_SPARK_CONF", "[1]", "must be a JSON object"),
    ("AHP_SPARK_CONF", "{oops", "not JSON"),
    ("AHP_START_DATE", "2024-13-01", "AHP_START_DATE='2024-13-01'"),
    ("AHP_TIME_BUDGET", "-1", r"0 \(no limit\) or more seconds"),
    ("AHP_TIME_BUDGET", "inf", r"0 \(no limit\) or more seconds, up to 86,400 \(a day\)"),
    ("AHP_TIME_BUDGET", "1e10", r"0 \(no limit\) or more seconds, up to 86,400 \(a day\)"),
    ("AHP_TIME_BUDGET", "five", "must be a number of seconds"),
    ("AHP_MAX_PARSE_FAILURE_RATE", "2", "not a share between 0 and 1"),
    ("AHP_SENSOR_INTERVAL", "1", "5 or more"),
    ("AHP_SENSOR_INTERVAL", "2.5", "whole number of seconds"),
    ("AHP_SENSOR_BACKLOG", "0", "1 or more"),
    ("AHP_SENSOR_BACKLOG", "many", "whole number of account-days"),
    # a mistyped dialect ran on: the day's good log set aside with the wrong advice, then a stack trace in a check
    ("AHP_DIALECT", "snowflak", "not a SQL dialect sqlglot knows"),
    # each of these was a traceback, some of them after the demo had written its landing zone (a reviewer's walk)
    ("AHP_SPARK_MASTER", "garbage", r"not a Spark master: local\[\*\], local\[N\], spark://host:port"),
    ("AHP_SENSOR_INTERVAL", "inf", "whole number of seconds, 5 or more"),
    ("AHP_LOOKBACK_DAYS", "1e999", "whole number of days, 0 or more"),
    ("AHP_WAREHOUSE", "nosuch://bucket/w", "nosuch:// is not a file system fsspec knows"),
    ("AHP_MAX_LINE_BYTES", "abc", "it is not a positive whole number of bytes"),
    ("AHP_MAX_FILE_BYTES", "²", "it is not a positive whole number of bytes"),
])
def test_a_bad_value_is_an_error_naming_the_variable(name, value, problem):
    with pytest.raises(SettingsError, match=problem) as failure:
        Settings.from_env({name: value})
    assert f"{name}={value!r}" in str(failure.value)
    assert isinstance(failure.value, dg.Failure)


def test_an_empty_location_is_an_unset_one_and_every_master_spark_takes_is_taken():
    """An empty AHP_LANDING listed the current folder as the landing zone, its folders as accounts."""
    assert Settings.from_env({"AHP_LANDING": "", "AHP_WAREHOUSE": " "}).landing == "./landing"
    for master in ("local", "local[2]", "local[*]", "local[4,2]", "spark://10.0.0.1:7077", "sc://h:15002",
                   "yarn", "k8s://https://api:6443", "local-cluster[2,1,1024]"):
        assert Settings.from_env({"AHP_SPARK_MASTER": master}).spark_master == master


def test_every_field_has_its_variable_named_in_the_docs():
    import resources.settings

    for field in Settings.model_fields:
        assert variable(field) in resources.settings.__doc__, field


def test_the_sensor_interval_reaches_both_sensors():
    """``AHP_SENSOR_INTERVAL`` is read when the code location loads (as the daemon loads it: a fresh process)."""
    import json
    import os
    import subprocess
    import sys
    from pathlib import Path

    script = ("import json, definitions; "
              "print(json.dumps({s.name: s.minimum_interval_seconds for s in definitions.defs.sensors}))")
    done = subprocess.run([sys.executable, "-c", script], cwd=Path(__file__).resolve().parents[1], text=True,
                          capture_output=True, env={**os.environ, "AHP_SENSOR_INTERVAL": "7"}, timeout=300)
    assert done.returncode == 0, done.stderr[-2000:]
    assert json.loads(done.stdout.splitlines()[-1]) == {"landing_zone_sensor": 7, "access_history_automation": 7}
    assert "BetaWarning" not in done.stderr, "a line of every tool's output (the automation sensor's beta parameter)"


@pytest.mark.parametrize("tool", ["tools.automation", "tools.demo", "tools.query"])
def test_a_tool_started_with_a_bad_setting_says_so_in_one_line(tool):
    # the settings are read as the pipeline's modules are imported: a traceback of 16 lines said it before
    done = subprocess.run([sys.executable, "-m", tool, "--help"], env={**os.environ, "AHP_SENSOR_INTERVAL": "2"},
                          capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert done.returncode != 0 and "Traceback" not in done.stderr
    assert done.stderr.strip() == (f"{tool}: error: AHP_SENSOR_INTERVAL='2': it is not a whole number of seconds, "
                                   "5 or more (the Dagster daemon evaluates sensors at most every 5 s)")
