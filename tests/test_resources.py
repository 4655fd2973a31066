"""The Spark resource's settings for local masters."""

import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time

import dagster as dg
import pytest

from resources.spark import LOCAL_CONF, local_conf
from tools.spark_connect import stoppable


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


def test_a_local_driver_gets_the_quick_jit_compiler_unless_the_deployment_gives_options_of_its_own(tmp_path,
                                                                                                    monkeypatch):
    from access_history_platform.class_archive import ARCHIVE_VARIABLE
    from resources.spark import DRIVER_JAVA_OPTIONS, LOCAL_JAVA_OPTIONS, session_config, spark_config_for

    monkeypatch.setenv(ARCHIVE_VARIABLE, "off")  # the archive's options are its own test's (test_class_archive.py)
    monkeypatch.delenv("SPARK_SUBMIT_OPTS", raising=False)
    monkeypatch.setenv("SPARK_CONF_DIR", str(tmp_path / "no-conf"))
    for master in ("local", "local[2]", "local[*]"):
        assert session_config(spark_config_for(master))[DRIVER_JAVA_OPTIONS] == LOCAL_JAVA_OPTIONS
    for master in ("spark://10.0.0.1:7077", "sc://127.0.0.1:15002", "k8s://https://api:6443"):
        assert DRIVER_JAVA_OPTIONS not in session_config(spark_config_for(master)), "a cluster's JVMs live long"
    own = session_config(spark_config_for("local[2]", {DRIVER_JAVA_OPTIONS: "-XX:+UseG1GC"}))
    assert own[DRIVER_JAVA_OPTIONS] == "-XX:+UseG1GC", "the configuration's own options, alone (two collectors fail)"
    monkeypatch.setenv("SPARK_SUBMIT_OPTS", "-XX:+UseSerialGC")
    assert DRIVER_JAVA_OPTIONS not in session_config(spark_config_for("local[2]")), "the launcher's own options"
    monkeypatch.setenv("SPARK_SUBMIT_OPTS", " ")
    assert session_config(spark_config_for("local[2]"))[DRIVER_JAVA_OPTIONS] == LOCAL_JAVA_OPTIONS
    (tmp_path / "conf").mkdir()
    monkeypatch.setenv("SPARK_CONF_DIR", str(tmp_path / "conf"))
    assert DRIVER_JAVA_OPTIONS not in session_config(spark_config_for("local[2]")), "spark-defaults.conf's own"


def test_a_local_spark_connect_servers_jvm_gets_the_quick_compiler_and_keeps_its_own_options_beside_a_users(
        tmp_path, monkeypatch):
    """``bin/spark-connect start``'s JVM options: a local master's server runs the quick compiler as a local driver
    does, unless ``--conf spark.driver.extraJavaOptions=...`` or ``SPARK_SUBMIT_OPTS`` gives options; given options
    do not replace the server's own (its temporary folder, which stop removes, and the archive of Spark's classes):
    they replaced them, and a server so started kept its temporary files in /tmp."""
    from access_history_platform.class_archive import java_options, option_word
    from resources.spark import DRIVER_JAVA_OPTIONS, LOCAL_JAVA_OPTIONS
    from tools.spark_connect import ConnectServer, server_conf

    monkeypatch.delenv("SPARK_SUBMIT_OPTS", raising=False)
    local = ConnectServer(folder=tmp_path / "local server", host="127.0.0.1", port=15002, master="local[2]")
    cluster = ConnectServer(folder=tmp_path / "cluster", host="127.0.0.1", port=15003, master="spark://10.0.0.1:7077")
    archive = java_options(local.folder / "conf")
    assert archive, "bin/setup built the archive of Spark's classes"

    def own(server):
        return f'{option_word(f"-Djava.io.tmpdir={server.folder}/jvm-tmp")} {archive}'

    assert server_conf(local)[DRIVER_JAVA_OPTIONS] == f"{LOCAL_JAVA_OPTIONS} {own(local)}"
    assert server_conf(cluster)[DRIVER_JAVA_OPTIONS] == own(cluster), "a cluster's driver is left to the cluster"
    given = server_conf(local, {DRIVER_JAVA_OPTIONS: "-XX:+UseG1GC -Xss4m", "spark.sql.shuffle.partitions": "3"})
    assert given[DRIVER_JAVA_OPTIONS] == f"-XX:+UseG1GC -Xss4m {own(local)}", "alone: two collectors fail"
    assert given["spark.sql.shuffle.partitions"] == "3"
    launcher = server_conf(local, env={"SPARK_SUBMIT_OPTS": "-XX:+UseSerialGC"})
    assert launcher[DRIVER_JAVA_OPTIONS] == own(local), "the launcher's own options"


def test_a_runs_local_driver_runs_the_quick_compiler_and_the_throughput_collector_and_maps_the_archive():
    """A driver as a Dagster run starts one (no ``SPARK_SUBMIT_OPTS``; the tests' own drivers have theirs): the JVM
    itself says which compiler level and collector it runs, and it maps the archive of Spark's classes."""
    from access_history_platform.class_archive import archive_path

    script = """
import json
from pathlib import Path
from resources.spark import spark_config_for, spark_session
session = spark_session(spark_config_for("local[1]"), log_level="ERROR")
jvm = session.sparkContext._jvm
management = jvm.java.lang.management.ManagementFactory
hotspot = management.getPlatformMXBean(jvm.java.lang.Class.forName("com.sun.management.HotSpotDiagnosticMXBean"))
pid = jvm.java.lang.ProcessHandle.current().pid()
print(json.dumps({"level": hotspot.getVMOption("TieredStopAtLevel").getValue(),
                  "collectors": [bean.getName() for bean in management.getGarbageCollectorMXBeans()],
                  "mapped": Path(f"/proc/{pid}/maps").read_text(),
                  "sum": session.range(10).groupBy().sum().first()[0]}))
session.stop()
"""
    env = {name: value for name, value in os.environ.items() if name not in ("SPARK_SUBMIT_OPTS", "SPARK_CONF_DIR")}
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300, env=env,
                          cwd=os.path.dirname(os.path.dirname(os.path.abspath(__file__))), check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen["sum"] == 45
    assert seen["level"] == "1", "the quick compiler (C1) only"
    assert any(name.startswith("PS ") for name in seen["collectors"]), seen["collectors"]
    assert str(archive_path()) in seen["mapped"], "the archive bin/setup built is mapped too"


@pytest.mark.spark
def test_the_tests_session_comes_through_the_resource(spark, spark_resource):
    assert spark_resource.session() is spark and spark.conf.get("spark.sql.session.timeZone") == "UTC"


@pytest.mark.spark
def test_a_drivers_jvm_keeps_room_for_an_account_days_generated_classes(spark, tmp_path):
    """A static property reaches the JVM only when the session starts: the run's session, built by the resource as a
    run's is, holds the room (``resources.spark.CODEGEN_CONF``), and so does a Spark Connect server's
    configuration."""
    from resources.spark import CODEGEN_CONF
    from tools.spark_connect import ConnectServer, server_conf

    live = spark.sparkContext.getConf()
    assert {name: live.get(name) for name in CODEGEN_CONF} == CODEGEN_CONF
    for master in ("local[2]", "spark://10.0.0.1:7077"):
        server = ConnectServer(folder=tmp_path / "server", host="127.0.0.1", port=15002, master=master)
        assert CODEGEN_CONF.items() <= server_conf(server).items()


def test_runs_compute_the_same_shared_spark_connect_session_from_the_url_the_day_and_the_attempt():
    from resources.spark import shared_session_remote

    day = "2026-11-24"
    first = shared_session_remote("sc://spark:15002", day)
    assert first.startswith("sc://spark:15002/;session_id=") and first == shared_session_remote("sc://spark:15002/", day)
    assert len({first, shared_session_remote("sc://spark:15002", day, attempt=1),
                shared_session_remote("sc://spark:15002", "2026-11-25"),
                shared_session_remote("sc://spark:15002/;user_id=other", day)}) == 4
    with_parameters = shared_session_remote("sc://spark:15002/;user_id=ahp;use_ssl=true", day)
    assert with_parameters.startswith("sc://spark:15002/;user_id=ahp;use_ssl=true;session_id=")
    assert shared_session_remote("sc://spark:15002/;session_id=mine", day) == "sc://spark:15002/;session_id=mine"


def test_the_session_log_line_hides_a_spark_connect_token():
    from resources.spark import shown_url

    assert shown_url("sc://spark:443/;use_ssl=true;token=s3cret;session_id=1") == \
        "sc://spark:443/;use_ssl=true;token=***;session_id=1"
    assert shown_url("local[2]") == "local[2]"


@pytest.mark.spark
def test_a_cached_aggregate_of_a_small_day_is_not_left_in_a_clusters_200_shuffle_partitions(spark):
    """On a cluster or a Spark Connect server, adaptive execution coalesces the last stage of a cached plan
    (resources.spark.CLUSTER_CONF), so the checks' persisted frames of one account-day are a few partitions
    even where the cluster says 200. Local masters, with few shuffle partitions, go without it."""
    from pyspark.sql import functions as F

    from resources.spark import CLUSTER_CONF, session_config, spark_config_for

    assert CLUSTER_CONF.items() <= session_config(spark_config_for("sc://spark:15002")).items()
    assert CLUSTER_CONF.items() <= session_config(spark_config_for("spark://spark:7077")).items()
    assert not CLUSTER_CONF.keys() & session_config(spark_config_for("local[2]")).keys()

    given = spark.conf.get("spark.sql.shuffle.partitions")
    spark.conf.set("spark.sql.shuffle.partitions", "200")  # a cluster's default, as on a Spark Connect server
    for name, value in CLUSTER_CONF.items():  # the test's session is local: set as a cluster session has it
        spark.conf.set(name, value)
    try:
        grouped = spark.range(1_000).groupBy((F.col("id") % 10).alias("key")).count().persist()
        try:
            assert grouped.count() == 10
            assert grouped.rdd.getNumPartitions() < 10, "the cached aggregate kept the shuffle's partitions"
        finally:
            grouped.unpersist()
    finally:
        spark.conf.set("spark.sql.shuffle.partitions", given)
        for name in CLUSTER_CONF:
            spark.conf.unset(name)


def test_the_embedded_instance_queues_one_run_per_partition_and_monitors_runs(tmp_path, monkeypatch):
    from resources.instance import local_instance

    monkeypatch.setenv("DAGSTER_HOME", str(tmp_path / "home"))  # restored after: local_instance sets it
    instance = local_instance(tmp_path / "home")
    try:
        limits = instance.get_concurrency_config().run_queue_config.tag_concurrency_limits
        assert {"key": "dagster/partition", "value": {"applyLimitPerUniqueValue": True}, "limit": 1} in limits
        assert instance.run_monitoring_enabled and instance.run_monitoring_max_runtime_seconds > 0
        assert not instance.telemetry_enabled
    finally:
        instance.dispose()


def test_the_operations_guides_run_limit_loads_with_the_embedded_instance(tmp_path, monkeypatch):
    """docs/operations.md's advice for a small machine, applied to the embedded instance's file as it says, gives an
    instance that loads and queues two runs at a time (it advised a ``concurrency:`` section, which Dagster refuses
    beside the file's own limit)."""
    import re
    from pathlib import Path

    import yaml

    root = Path(__file__).parent.parent
    guide = (root / "docs" / "operations.md").read_text(encoding="utf-8")
    [advice] = [yaml.safe_load(block) for block in re.findall(r"```yaml\n(.*?)```", guide, re.DOTALL)
                if "max_concurrent_runs" in block]

    def merged(base: dict, change: dict) -> dict:
        return {**base, **{key: merged(base.get(key, {}), value) if isinstance(value, dict) else value
                           for key, value in change.items()}}

    home = tmp_path / "home"
    home.mkdir()
    config = merged(yaml.safe_load((root / "resources" / "local_instance.yaml").read_text()), advice)
    (home / "dagster.yaml").write_text(yaml.safe_dump(config))
    monkeypatch.setenv("DAGSTER_HOME", str(home))
    instance = dg.DagsterInstance.get()
    try:
        assert instance.get_concurrency_config().run_queue_config.max_concurrent_runs == 2
    finally:
        instance.dispose()


def test_every_run_queue_the_project_ships_runs_one_run_per_partition_and_keeps_runs_while_code_is_away():
    """Wherever a run can be queued (``dagster dev``'s embedded instance, deploy/dagster.yaml, the Helm
    chart's values, which had only the per-account limit), one run per partition (issue 15, item 3), and a run
    dequeued while the code server is away goes back into the queue; the queue's behaviour with both is
    tests/integration/test_run_queue.py."""
    from pathlib import Path

    import yaml

    root = Path(__file__).parent.parent
    limit = {"key": "dagster/partition", "value": {"applyLimitPerUniqueValue": True}, "limit": 1}
    local, deploy = (yaml.safe_load((root / path).read_text())["run_coordinator"]
                     for path in ("resources/local_instance.yaml", "deploy/dagster.yaml"))
    helm = yaml.safe_load((root / "deploy" / "helm" / "values.yaml").read_text())["dagsterDaemon"]["runCoordinator"]
    assert helm["enabled"] and helm["type"] == "CustomRunCoordinator"
    helm = helm["config"]["customRunCoordinator"]
    for name, queue in {"local": local, "deploy": deploy, "helm": helm}.items():
        assert (queue["module"], queue["class"]) == ("dagster.core.run_coordinator", "QueuedRunCoordinator"), name
        assert limit in queue["config"]["tag_concurrency_limits"], name
        assert queue["config"]["max_user_code_failure_retries"] > 0, name
    assert deploy["config"] == helm["config"], "deploy/dagster.yaml and the Helm values keep the same queue"


def test_the_compose_file_publishes_the_unauthenticated_uis_on_loopback_only():
    from pathlib import Path

    import yaml

    compose = yaml.safe_load((Path(__file__).parent.parent / "deploy" / "docker-compose.yaml").read_text())
    published = [port for service in compose["services"].values() for port in service.get("ports", ())]
    assert published and all(port.startswith("${AHP_BIND:-127.0.0.1}:") for port in published), published


def test_the_deployments_point_the_platform_at_their_landing_zone_and_warehouse():
    """The compose file and the Helm values set AHP_LANDING and AHP_WAREHOUSE (without them the platform used
    ./landing and ./warehouse in the image's working folder: an operator's review), and in the compose file every
    container that reads or writes them (the code location, whose runs are the drivers, and the Spark worker) mounts
    a volume at each path."""
    from pathlib import Path

    import yaml

    deploy = Path(__file__).parent.parent / "deploy"
    compose = yaml.safe_load((deploy / "docker-compose.yaml").read_text())
    services = compose["services"]
    env = services["code-location"]["environment"]
    paths = [env[name].removeprefix("file://") for name in ("AHP_LANDING", "AHP_WAREHOUSE")]
    for name in ("code-location", "spark-worker"):
        mounted = {volume.split(":")[1] for volume in services[name]["volumes"]
                   if volume.split(":")[0] in compose["volumes"]}
        assert set(paths) <= mounted, name
    values = yaml.safe_load((deploy / "helm" / "values.yaml").read_text())
    [location] = values["dagster-user-deployments"]["deployments"]
    assert {"AHP_LANDING", "AHP_WAREHOUSE"} <= {entry["name"] for entry in location["env"]}


def test_a_step_whose_spark_is_unreachable_is_tried_again_then_fails_naming_it(monkeypatch):
    """A Spark Connect server or master being restarted fails no step at once: Dagster tries it again (here twice,
    without waiting), then it fails with the one line that names the server and what to do; outside a step the
    error is raised as it is (an operator's review: a run started while Spark Connect was down was lost, its
    files taken by the sensor)."""
    import resources.spark as spark_module
    from resources.spark import SparkResource, SparkUnreachable, spark_config_for

    monkeypatch.setattr(spark_module, "REACH_SECONDS", 0.2)
    url = f"sc://127.0.0.1:{_closed_port()}"
    resource = SparkResource(spark_config=spark_config_for(url), shared_session=False, unreachable_retries=2,
                             unreachable_wait=0)

    @dg.asset
    def needs_spark(spark: SparkResource) -> None:
        spark.session()

    result = dg.materialize([needs_spark], resources={"spark": resource}, raise_on_error=False)
    assert not result.success
    assert sum(1 for event in result.all_events if event.event_type_value == "STEP_UP_FOR_RETRY") == 2
    [failure] = [event for event in result.all_events if event.is_step_failure]
    assert failure.step_failure_data.user_failure_data.description.startswith(
        f"cannot reach the Spark Connect server at {url} for 0.2 s ("), "one line naming the server, not a traceback"
    with pytest.raises(SparkUnreachable, match="cannot reach the Spark Connect server"):
        resource.session()


def test_every_step_that_drives_spark_is_tried_again_when_its_spark_connect_server_is_lost():
    """Every asset and asset check takes the Spark resource, and each is a ``spark_step``: one left out would end
    with a traceback when its Spark Connect server is lost, where the others are tried again
    (``tests/integration/test_spark_connect_tool.py`` kills a server under a run)."""
    from assets import ALL_ASSETS, ALL_CHECKS

    definitions = [*ALL_ASSETS, *ALL_CHECKS]
    assert all("spark" in definition.required_resource_keys for definition in definitions)
    assert [definition.node_def.name for definition in definitions
            if not getattr(definition.node_def.compute_fn.decorated_fn, "spark_step", False)] == []


def _closed_port() -> int:
    """A loopback port nothing listens on (bound, then closed)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def test_the_addresses_a_session_dials_first_come_from_the_master_url():
    from resources.spark import SparkUnreachable, master_addresses

    assert master_addresses("sc://spark:443/;use_ssl=true;token=x") == [("spark", 443)]
    assert master_addresses("sc://[::1]") == [("::1", 15002)]
    assert master_addresses("spark://m1:7077,m2") == [("m1", 7077), ("m2", 7077)]
    assert master_addresses("local[2]") == master_addresses("k8s://https://api:6443") == master_addresses("yarn") == []
    with pytest.raises(SparkUnreachable, match="no valid port") as bad:
        master_addresses("sc://spark:15002;token=s3cret")  # parameters need their /;
    assert "s3cret" not in str(bad.value)


def test_an_unreachable_spark_connect_server_or_master_is_a_clear_error_after_a_short_wait():
    from resources.spark import SparkUnreachable, require_reachable

    port = _closed_port()
    with pytest.raises(SparkUnreachable) as refused:
        require_reachable(f"sc://127.0.0.1:{port}/;token=s3cret", wait=1)
    message = str(refused.value)
    assert f"Spark Connect server at sc://127.0.0.1:{port}/;token=***" in message and "s3cret" not in message
    assert f"127.0.0.1:{port}: Connection refused" in message and "bin/spark-connect start" in message
    with pytest.raises(SparkUnreachable, match=f"Spark master at spark://127.0.0.1:{port},127.0.0.1:{port}"):
        require_reachable(f"spark://127.0.0.1:{port},127.0.0.1:{port}", wait=0)
    require_reachable("local[2]", wait=0)  # nothing to dial


def test_a_spark_connect_server_behind_a_grpc_proxy_is_left_to_the_client(monkeypatch):
    from resources.spark import require_reachable

    monkeypatch.setenv("https_proxy", "http://proxy.internal:3128")
    require_reachable(f"sc://127.0.0.1:{_closed_port()}", wait=5)  # the proxy, not this host, reaches the server


def test_a_server_that_starts_listening_within_the_wait_is_reached():
    from resources.spark import require_reachable

    port = _closed_port()
    server = socket.socket()

    def listen_later() -> None:
        time.sleep(1.0)
        server.bind(("127.0.0.1", port))
        server.listen()

    later = threading.Thread(target=listen_later)
    later.start()
    try:
        require_reachable(f"sc://127.0.0.1:{port}", wait=30)  # refused for a second, then answered
        later.join()
        assert server.getsockname()[1] == port
    finally:
        later.join()
        server.close()


def test_ahp_query_names_an_unreachable_spark_connect_server_instead_of_waiting_on_it(monkeypatch, capsys):
    import resources.spark
    from tools import query

    monkeypatch.setattr(resources.spark, "REACH_SECONDS", 1.0)
    port = _closed_port()
    assert query.main(["--master", f"sc://127.0.0.1:{port}", "select 1"], prog="ahp query") == 2
    error = capsys.readouterr().err
    assert error.startswith(f"error: cannot reach the Spark Connect server at sc://127.0.0.1:{port} for 1 s")
    assert "Traceback" not in error


def test_the_demo_stops_with_one_line_before_writing_anything_when_its_spark_is_not_there(tmp_path, monkeypatch, capsys):
    import resources.spark
    from tools import demo

    monkeypatch.setattr(resources.spark, "REACH_SECONDS", 0.5)
    port = _closed_port()
    monkeypatch.setenv("AHP_SPARK_MASTER", f"spark://127.0.0.1:{port}")
    folders = ["--landing", str(tmp_path / "landing"), "--warehouse", str(tmp_path / "warehouse"),
               "--dagster-home", str(tmp_path / "dagster")]
    assert demo.main([*folders, "--accounts", "1", "--days", "1"]) == 2
    assert capsys.readouterr().err.startswith(f"ahp demo: cannot reach the Spark master at spark://127.0.0.1:{port}")
    assert list(tmp_path.iterdir()) == []


def test_a_server_started_by_a_process_that_ignores_sigterm_still_takes_the_stop_scripts_sigterm() -> None:
    """A process inherits an ignored SIGTERM (Dagster maps SIGTERM to SIGINT's handler, which an xdist worker
    ignores), and the JVM keeps it ignored: ``bin/spark-connect stop`` and the tests' services then waited out their
    grace and killed the server. ``stoppable``, run in the server's process before Spark's scripts, takes SIGTERM
    back; without it the same child outlives the signal."""
    child = [sys.executable, "-c", "import time; time.sleep(120)"]
    previous = signal.signal(signal.SIGTERM, signal.SIG_IGN)
    try:
        ignoring = subprocess.Popen(child)
        taking = subprocess.Popen(child, preexec_fn=stoppable)
    finally:
        signal.signal(signal.SIGTERM, previous)
    try:
        for process in (ignoring, taking):
            process.send_signal(signal.SIGTERM)
        assert taking.wait(60) == -signal.SIGTERM
        with pytest.raises(subprocess.TimeoutExpired):
            ignoring.wait(1)
    finally:
        for process in (ignoring, taking):
            process.kill()
            process.wait()
