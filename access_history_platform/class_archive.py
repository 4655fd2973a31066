"""Spark's classes in an archive the JVM maps at start (class data sharing): a local driver starts in half the time.

Every Spark driver loads and verifies some 17,000 classes from the JDK and Spark's 280 jars when it starts:
seconds of every Dagster run, every ``ahp query`` and every Spark Connect server. Since JDK 13, a JVM can
write the classes it loaded to an archive when it exits (``-XX:ArchiveClassesAtExit``) and map that archive at
its next start (``-XX:SharedArchiveFile``). On this 2-core machine, a fresh local[2] driver's start and first
jobs (a sum, a Parquet write and read) took 10.0-10.8 s without the archive and 5.6 s with it.

:func:`build` makes the archive once per installation: a short Spark job (``_spark_warm_up.py``,
through Spark's own ``spark-submit``) whose driver writes it at exit. ``bin/setup`` builds it, and
so does the image's build (``python -m access_history_platform.class_archive``). It lives beside the installation
(``<sys.prefix>/share/access-history-platform/``), named after what it was made from (Spark's
version and jars, the JVM), so that another JVM or Spark finds none rather than a stale one.
:func:`java_options` gives a driver the options that map it (:func:`resources.spark.session_config`
adds them to every driver the platform starts), or none when there is no archive. The JVM checks
the archive at every start and ignores one that does not match its class path or build; its
warning is silenced, and such a start is as slow as one without the archive. A driver whose Spark
conf folder exists has another class path: it gets no option at all (:func:`java_options`). A build
is checked by starting a driver that must map it before it replaces anything. A damaged file (cut
short on disk) would make the JVM abort: delete it, and ``bin/setup`` builds it again.

``AHP_SPARK_CLASS_ARCHIVE`` names another file (``python -m access_history_platform.class_archive``
builds it there; a driver maps it if it is there), or ``off`` turns the archive off.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO

__all__ = ["ClassArchiveError", "archive_path", "build", "conf_folder", "java_options", "main", "option_word",
           "spark_home", "with_archive"]

#: The variable that names the archive's file, or turns it off (``off``).
ARCHIVE_VARIABLE = "AHP_SPARK_CLASS_ARCHIVE"
#: The JVM's own messages about the archive (one that does not match, classes it skips) are not the user's
#: business: a driver's console is a run's log or ``ahp query``'s answer.
QUIET = "-Xlog:cds*=off"
#: The values of ``AHP_SPARK_CLASS_ARCHIVE`` that turn the archive off.
OFF = frozenset({"off", "false", "no", "0"})
#: How long the build may take (30-40 s here: the warm-up job, then the JVM writing the archive).
BUILD_TIMEOUT = 600.0
WARM_UP = Path(__file__).with_name("_spark_warm_up.py")
#: What Spark's launcher puts on a driver's class path besides its jars (left out of the build's environment).
_CLASS_PATH_VARIABLES = frozenset({"SPARK_CONF_DIR", "HADOOP_CONF_DIR", "YARN_CONF_DIR", "SPARK_DIST_CLASSPATH"})
#: How the archives' names begin in the installation's folder (:func:`archive_path`).
ARCHIVE_PREFIX = "spark-"


class ClassArchiveError(RuntimeError):
    """The warm-up driver did not write the archive."""


def spark_home() -> Path:
    """The Spark distribution pyspark ships (its ``bin`` and ``sbin`` scripts, its jars), found without importing
    pyspark (``bin/setup`` asks on every run)."""
    spec = importlib.util.find_spec("pyspark")
    if spec is None or spec.origin is None:
        raise ClassArchiveError("pyspark is not installed")
    return Path(spec.origin).resolve().parent


def java_executable() -> str | None:
    """The ``java`` Spark's scripts run: ``$JAVA_HOME/bin/java``, else the first on ``PATH``."""
    home = os.environ.get("JAVA_HOME")
    return os.path.join(home, "bin", "java") if home else shutil.which("java")


def archive_key() -> str:
    """The archive's name: Spark's version and a digest of the JVM and Spark's jars it is valid for."""
    java = java_executable()
    if java is None:
        raise ClassArchiveError("java is not on PATH and JAVA_HOME is not set")
    java = os.path.realpath(java)
    jvms = sorted(Path(java).parent.parent.glob("lib/*/libjvm.so"))  # the JVM the archive is checked against
    jars = spark_home() / "jars"
    made_of = [java, *_stamp(Path(java)), [(str(jvm), *_stamp(jvm)) for jvm in jvms], str(jars),
               sorted((jar.name, *_stamp(jar)) for jar in jars.glob("*.jar"))]
    digest = hashlib.sha256(json.dumps(made_of).encode()).hexdigest()[:16]
    return f"{ARCHIVE_PREFIX}{importlib.metadata.version('pyspark')}-{digest}"


def _stamp(path: Path) -> tuple[int, int]:
    status = path.stat()
    return status.st_size, int(status.st_mtime)


def archive_path() -> Path | None:
    """Where the archive is (or would be built): ``AHP_SPARK_CLASS_ARCHIVE``, else beside the installation;
    ``None`` when the variable says ``off`` (or ``false``, ``no``, ``0``)."""
    named = os.environ.get(ARCHIVE_VARIABLE, "").strip()
    if named.lower() in OFF:
        return None
    return Path(named).expanduser() if named else installation_path()


def installation_path() -> Path:
    """The installation's archive for this JVM and Spark."""
    return Path(sys.prefix) / "share" / "access-history-platform" / f"{archive_key()}.jsa"


def java_options(conf_dir: str | os.PathLike[str] | None = None) -> str:
    """The options that map the archive into the JVM of a driver whose Spark conf folder is ``conf_dir``
    (default: ``SPARK_CONF_DIR``, else Spark's own), quoted for Spark's option strings; ``""`` when there is
    no archive (not built, turned off, nothing to name it after) or the driver could not map it.

    A conf folder that exists is the first entry of a driver's class path, which then is not the archive's:
    the JVM would not map it, and an option given here would replace a ``spark.driver.extraJavaOptions`` of
    that folder's ``spark-defaults.conf``. Never raises: the archive only makes a start faster.
    """
    try:
        path = archive_path()
        if path is None or conf_folder(conf_dir).is_dir() or not path.is_file():
            return ""
    except Exception:  # noqa: BLE001 - an odd installation starts its drivers without the archive, never fails them
        return ""
    return f"{option_word(f'-XX:SharedArchiveFile={path}')} {QUIET}"


def conf_folder(conf_dir: str | os.PathLike[str] | None = None) -> Path:
    """A driver's Spark conf folder: ``conf_dir``, else ``SPARK_CONF_DIR``, else Spark's own (which may not exist)."""
    return Path(conf_dir or os.environ.get("SPARK_CONF_DIR") or spark_home() / "conf")


def option_word(option: str) -> str:
    """``option`` as one word of a Spark option string (double quotes; backslashes and quotes escaped)."""
    return '"' + option.replace("\\", "\\\\").replace('"', '\\"') + '"'


def with_archive(options: str | None, conf_dir: str | os.PathLike[str] | None = None) -> str:
    """Java options ``options`` (a Spark property's value) with the archive's appended (:func:`java_options`),
    unless they name an archive already."""
    options = (options or "").strip()
    archive = java_options(conf_dir)
    if not archive or "SharedArchiveFile" in options:
        return options
    return f"{options} {archive}".strip()


@contextmanager
def _locked(path: Path) -> Iterator[None]:
    """An exclusive lock on ``path``: two setups that build at once build once, the second waits."""
    with open(path, "a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build(path: Path | None = None, *, force: bool = False, timeout: float = BUILD_TIMEOUT) -> Path | None:
    """Build the archive at ``path`` (default :func:`archive_path`) unless it is there already; ``None`` when
    turned off. Written under a temporary name and renamed, so a driver never maps half an archive."""
    path = path or archive_path()
    if path is None:
        return None
    path.parent.mkdir(parents=True, exist_ok=True)
    with _locked(path.with_name(path.name + ".lock")):
        if path.is_file() and not force:
            return path
        partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
        log = path.with_name(path.name + ".log")
        submit = str(spark_home() / "bin" / "spark-submit")
        try:
            with open(log, "w") as output:
                done = _run([submit, "--master", "local[2]", "--conf", "spark.ui.enabled=false",
                             "--conf", "spark.ui.showConsoleProgress=false",
                             "--conf", "spark.driver.host=127.0.0.1", "--conf", "spark.driver.bindAddress=127.0.0.1",
                             "--conf", "spark.driver.extraJavaOptions="
                                       f"{option_word(f'-XX:ArchiveClassesAtExit={partial}')} {QUIET}",
                             str(WARM_UP)], output, timeout)
                if done.returncode != 0 or not partial.is_file():
                    failure = (f"the warm-up driver exited with {done.returncode} and "
                               f"{'an' if partial.is_file() else 'no'} archive")
                else:  # a driver's JVM (its class path, its JDK) maps it whole, or fails to start (-Xshare:on)
                    checked = _run([submit, "--conf", f"spark.driver.extraJavaOptions=-Xshare:on "
                                                      f"{option_word(f'-XX:SharedArchiveFile={partial}')} {QUIET}",
                                    "--version"], output, timeout)
                    failure = ("" if checked.returncode == 0 else
                               f"a driver could not map the archive it made (exit {checked.returncode})")
        except subprocess.TimeoutExpired:
            partial.unlink(missing_ok=True)
            raise ClassArchiveError(f"the warm-up driver did not end within {timeout:.0f} s; its log: {log}") from None
        if failure:
            partial.unlink(missing_ok=True)
            tail = "\n".join(log.read_text(errors="replace").splitlines()[-20:])
            raise ClassArchiveError(f"{failure}; the end of the log ({log}):\n{tail}")
        os.replace(partial, path)
        log.unlink(missing_ok=True)
    if path == installation_path():
        _remove_others(path)
    return path


def _run(command: list[str], output: IO[str], timeout: float) -> subprocess.CompletedProcess[bytes]:
    """Run one of Spark's scripts as a driver of this installation runs: this Python for the tasks, and no conf
    folder or Hadoop class path of the caller's (each would be on the class path the archive records, and a
    folder with files there stops the JVM from writing the archive at all). It runs in the archive's folder,
    so a JVM that crashes on a damaged archive leaves its ``hs_err_pid*.log`` there, not in the caller's."""
    env = {name: value for name, value in os.environ.items() if name not in _CLASS_PATH_VARIABLES}
    env |= {"PYSPARK_PYTHON": sys.executable, "PYSPARK_DRIVER_PYTHON": sys.executable,
            "SPARK_CONF_DIR": str(Path(output.name).with_name("no-spark-conf")), "SPARK_LOCAL_IP": "127.0.0.1"}
    return subprocess.run(command, stdout=output, stderr=subprocess.STDOUT, env=env, timeout=timeout, check=False,
                          cwd=Path(output.name).parent)


def _remove_others(path: Path) -> None:
    """Remove the installation's archives for another JVM or Spark (185 MB each), keeping ``path``."""
    for other in path.parent.glob(f"{ARCHIVE_PREFIX}*.jsa"):
        if other != path:
            other.unlink(missing_ok=True)
            other.with_name(other.name + ".lock").unlink(missing_ok=True)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m access_history_platform.class_archive",
        description="Build the archive of Spark's classes that the platform's Spark drivers map at start "
                    f"(once per installation; {ARCHIVE_VARIABLE}=off turns it off).")
    parser.add_argument("--force", action="store_true", help="build it again even if it is there")
    parser.add_argument("--quiet", action="store_true", help="say nothing when it is there already")
    args = parser.parse_args(argv)
    try:
        path = archive_path()
        if path is None:
            print(f"The Spark class archive is off ({ARCHIVE_VARIABLE}=off).", file=sys.stderr)
            return 0
        if path.is_file() and not args.force:
            if not args.quiet:
                print(f"The Spark class archive is there: {path}", file=sys.stderr)
            return 0
        print("Building the archive of Spark's classes (once; Spark drivers then start faster)...", file=sys.stderr)
        started = time.monotonic()
        build(path, force=args.force)
    except (ClassArchiveError, OSError) as err:
        print(f"error: the Spark class archive was not built: {err}", file=sys.stderr)
        return 1
    size = path.stat().st_size / 2**20
    print(f"Built {path} ({size:.0f} MiB) in {time.monotonic() - started:.0f} s.", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
