"""The archive of Spark's classes (``access_history_platform/class_archive.py``): ``bin/setup`` builds it, every
driver the platform starts maps it, a JVM it does not fit ignores it without a word, and a failed build leaves
nothing behind but its log.

That it makes starts faster is a measurement (the module's docstring), not a test.
"""

from __future__ import annotations

import importlib.metadata
import shlex
import subprocess
from pathlib import Path

import pytest

from access_history_platform.class_archive import (ARCHIVE_VARIABLE, ClassArchiveError, archive_path, build,
                                                   java_executable, java_options, with_archive)
from resources.spark import DRIVER_JAVA_OPTIONS, session_config, spark_config_for

from .integration.services import mapped_files


@pytest.mark.spark
def test_the_runs_session_maps_the_archive_that_bin_setup_built(spark) -> None:
    archive = archive_path()
    assert archive is not None and archive.is_file(), f"no class archive at {archive}: bin/setup builds it"
    pid = spark.sparkContext._jvm.java.lang.ProcessHandle.current().pid()
    assert str(archive) in mapped_files(pid), "the session's JVM did not map the archive"
    assert f"-XX:SharedArchiveFile={archive}" in spark.conf.get(DRIVER_JAVA_OPTIONS)


def test_a_jvm_the_archive_does_not_fit_runs_without_it_and_without_a_word() -> None:
    """The archive was made with Spark's class path; a JVM with none refuses it, silently, and still starts."""
    options = java_options()
    assert options, "bin/setup builds the archive"
    done = subprocess.run([java_executable(), *shlex.split(options), "-version"], capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert "cds" not in (done.stdout + done.stderr).lower() and "archive" not in (done.stdout + done.stderr).lower()
    assert "sharing" in done.stderr, "the JDK's own archive is still used"


def test_drivers_get_the_archive_when_there_is_one_and_nothing_otherwise(tmp_path: Path, monkeypatch) -> None:
    archive = tmp_path / "classes.jsa"
    monkeypatch.setenv(ARCHIVE_VARIABLE, str(archive))
    monkeypatch.delenv("SPARK_CONF_DIR", raising=False)
    assert java_options() == "" and with_archive("-Da=1") == "-Da=1"
    assert DRIVER_JAVA_OPTIONS not in session_config(spark_config_for("spark://10.0.0.1:7077")), "no archive, none"
    archive.write_bytes(b"")
    assert java_options() == f'"-XX:SharedArchiveFile={archive}" -Xlog:cds*=off'
    assert with_archive("-Da=1") == f"-Da=1 {java_options()}" and with_archive(with_archive("-Da=1")).count(
        "SharedArchiveFile") == 1
    local = session_config(spark_config_for("local[2]", {DRIVER_JAVA_OPTIONS: "-Duser.timezone=UTC"}))
    assert local[DRIVER_JAVA_OPTIONS] == f"-Duser.timezone=UTC {java_options()}", "the user's options kept"
    assert DRIVER_JAVA_OPTIONS in session_config(spark_config_for("spark://10.0.0.1:7077")), "the driver runs here"
    assert DRIVER_JAVA_OPTIONS not in session_config(spark_config_for("sc://127.0.0.1:15002")), "the server's own"
    for off in ("off", "false", "0"):
        monkeypatch.setenv(ARCHIVE_VARIABLE, off)
        assert archive_path() is None and java_options() == ""


def test_a_driver_with_a_conf_folder_of_its_own_is_given_no_archive(tmp_path: Path, monkeypatch) -> None:
    """Its folder is on its class path, so the JVM would not map the archive; and an option given would replace
    the ``spark.driver.extraJavaOptions`` of that folder's ``spark-defaults.conf``."""
    archive = tmp_path / "classes.jsa"
    archive.write_bytes(b"")
    monkeypatch.setenv(ARCHIVE_VARIABLE, str(archive))
    (tmp_path / "conf").mkdir()
    (tmp_path / "conf" / "spark-defaults.conf").write_text("spark.driver.extraJavaOptions -Dfrom=defaults\n")
    assert java_options(tmp_path / "conf") == "" and java_options(tmp_path / "no-conf")
    monkeypatch.setenv("SPARK_CONF_DIR", str(tmp_path / "conf"))
    assert java_options() == "" and DRIVER_JAVA_OPTIONS not in session_config(spark_config_for("local[2]"))


def test_the_archive_never_fails_a_driver_and_its_path_is_one_word(tmp_path: Path, monkeypatch) -> None:
    def no_metadata(name: str) -> str:
        raise importlib.metadata.PackageNotFoundError(name)

    monkeypatch.delenv(ARCHIVE_VARIABLE, raising=False)
    monkeypatch.setattr(importlib.metadata, "version", no_metadata)  # pyspark importable without its metadata
    assert java_options() == ""
    monkeypatch.undo()
    archive = tmp_path / 'a "quoted" and \\ folder' / "classes.jsa"
    archive.parent.mkdir()
    archive.write_bytes(b"")
    monkeypatch.setenv(ARCHIVE_VARIABLE, str(archive))
    monkeypatch.delenv("SPARK_CONF_DIR", raising=False)
    assert shlex.split(java_options())[0] == f"-XX:SharedArchiveFile={archive}", "one word, as Spark splits it"


def test_a_failed_build_says_why_and_leaves_no_archive(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("JAVA_HOME", str(tmp_path / "no-java"))
    archive = tmp_path / "share" / "classes.jsa"
    with pytest.raises(ClassArchiveError, match=r"exited with \d+ and no archive; the end of the log") as raised:
        build(archive, timeout=120)
    assert str(archive) + ".log" in str(raised.value)
    assert not archive.exists() and not list(archive.parent.glob("*.partial"))
