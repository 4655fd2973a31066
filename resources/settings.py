"""The platform's settings from the environment, in one place.

Every ``AHP_*`` variable the Dagster side reads is a field of :class:`Settings`, validated
together; a bad value is an error naming the variable, its value and the rule. The engine's
own limits for reading logs (``AHP_MAX_LINE_BYTES``, ``AHP_MAX_FILE_BYTES``) are read by
``access_history_platform.logs.Limits``, since ``ahp resolve`` runs without this package's
resources (:meth:`Settings.from_env` checks them too, so that a tool stops before it writes
anything), and ``AHP_SPARK_CLASS_ARCHIVE`` (the archive of Spark's classes a driver maps) by
``access_history_platform.class_archive``, since ``bin/setup`` asks it before any of them.

=========================== ============== ================================================
variable                    default        meaning
=========================== ============== ================================================
AHP_SPARK_MASTER            ``local[*]``   ``local[N]``, ``spark://host:port``, ``yarn``, ``k8s://...``, ``sc://host:port``
AHP_SPARK_CONF              ``{}``         extra Spark properties, a JSON object
AHP_SPARK_LOG_LEVEL         ``WARN``       the driver's Spark log level
AHP_SPARK_SHARED_SESSION    ``true``       through Spark Connect, runs join the day's shared server-side session
AHP_LANDING                 ``./landing``  the landing zone: a path or a URI of a scheme fsspec knows (empty: unset)
AHP_WAREHOUSE               ``./warehouse`` the warehouse: a path or a URI of a scheme fsspec knows (empty: unset)
AHP_DIALECT                 ``snowflake``  the SQL dialect of the logged statements
AHP_ORGANIZATION            ``ACME``       the organization of the org-level rollup
AHP_START_DATE              ``2024-01-01`` the first partition day
AHP_TIME_BUDGET             ``5``          seconds the resolver may spend on one statement (0: none)
AHP_MAX_PARSE_FAILURE_RATE  ``0.05``       the share of quarantined statements the check warns past
AHP_LOOKBACK_DAYS           ``35``         days before an account's newest landed day the sensor still watches
AHP_RETENTION_DAYS          ``0``          days of partitions kept by the ``retention`` job (0: keep all)
AHP_SENSOR_INTERVAL         ``10``         seconds between two ticks of each sensor (5 or more: the daemon's loop)
AHP_SENSOR_BACKLOG          ``5000``       new account-days the landing sensor takes up per tick, the oldest first
AHP_OPENLINEAGE_URL         unset          the OpenLineage endpoint events are posted to (unset: none)
AHP_OPENLINEAGE_NAMESPACE   see meaning    the datasets' namespace, ``snowflake://{organization}-{account}``
=========================== ============== ================================================
"""

from __future__ import annotations

import json
import math
import os
import re
from collections.abc import Mapping
from datetime import date
from typing import Any

import dagster as dg
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from access_history_platform.errors import InputError
from access_history_platform.logs import MAX_FILE_BYTES, MAX_LINE_BYTES, Limits
from access_history_platform.resolve import LONGEST_TIME_BUDGET, is_budget
from access_history_platform.sql.dialects import unknown_dialect

from .openlineage import SNOWFLAKE_NAMESPACE

PREFIX = "AHP_"
#: The Dagster daemon's sensor and automation loops run at most every 5 s (dagster 1.13).
MIN_SENSOR_INTERVAL = 5


class SettingsError(dg.Failure):
    """An ``AHP_*`` variable whose value breaks its rule."""


class Settings(BaseModel):
    """The environment's settings (see the module's docstring)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    spark_master: str = "local[*]"
    spark_conf: dict[str, str] = Field(default_factory=dict)
    spark_log_level: str = "WARN"
    spark_shared_session: bool = True
    landing: str = "./landing"
    warehouse: str = "./warehouse"
    dialect: str = "snowflake"
    organization: str = "ACME"
    start_date: date = date(2024, 1, 1)
    time_budget: float = 5.0
    max_parse_failure_rate: float = 0.05
    lookback_days: int = 35
    retention_days: int = 0
    sensor_interval: int = 10
    sensor_backlog: int = 5_000
    openlineage_url: str | None = None
    openlineage_namespace: str = SNOWFLAKE_NAMESPACE

    @field_validator("spark_master")
    @classmethod
    def _master(cls, value: str) -> str:
        if (problem := master_problem(value)) is not None:
            raise ValueError(problem)
        return value.strip()

    @field_validator("landing", "warehouse", mode="before")
    @classmethod
    def _location(cls, value: Any, info: Any) -> Any:
        if isinstance(value, str) and not value.strip():  # an empty variable is an unset one, as the shell's are
            return cls.model_fields[info.field_name].default
        if isinstance(value, str) and "://" in value:
            import fsspec

            protocol = value.split("://", 1)[0].lower()
            if protocol not in fsspec.available_protocols():
                raise ValueError(f"{protocol}:// is not a file system fsspec knows (a path, or a URI such as "
                                 "file://, s3://, gs://, abfs://)")
        return value

    @field_validator("openlineage_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("http://", "https://")):
            raise ValueError("it is not an http:// or https:// URL")
        return value

    @field_validator("dialect")
    @classmethod
    def _dialect(cls, value: str) -> str:
        if (problem := unknown_dialect(value)) is not None:
            raise ValueError(f"not a SQL dialect sqlglot knows ({problem})")
        return value

    @field_validator("time_budget", mode="before")
    @classmethod
    def _seconds(cls, value: Any) -> float:
        seconds = _number(value, "the time budget must be a number of seconds")
        if not is_budget(seconds):
            raise ValueError(f"the time budget must be 0 (no limit) or more seconds, up to {LONGEST_TIME_BUDGET:,.0f} "
                             "(a day)")
        return seconds

    @field_validator("max_parse_failure_rate", mode="before")
    @classmethod
    def _share(cls, value: Any) -> float:
        share = _number(value, "it is not a number (a share between 0 and 1)")
        if not 0 <= share <= 1:
            raise ValueError("it is not a share between 0 and 1")
        return share

    @field_validator("lookback_days", "retention_days", mode="before")
    @classmethod
    def _days(cls, value: Any) -> int:
        return _whole(value, "days", 0)

    @field_validator("sensor_interval", mode="before")
    @classmethod
    def _interval(cls, value: Any) -> int:
        return _whole(value, "seconds", MIN_SENSOR_INTERVAL, " (the Dagster daemon evaluates sensors at most every 5 s)")

    @field_validator("sensor_backlog", mode="before")
    @classmethod
    def _backlog(cls, value: Any) -> int:
        return _whole(value, "account-days", 1)

    @field_validator("spark_conf", mode="before")
    @classmethod
    def _json_object(cls, value: Any) -> Any:
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except json.JSONDecodeError as err:
                raise ValueError(f"not JSON ({err.msg})") from None
            if not isinstance(value, dict):
                raise ValueError("must be a JSON object of Spark properties")
            return {str(name): str(setting) for name, setting in value.items()}
        return value

    @classmethod
    def from_env(cls, environ: Mapping[str, str] | None = None) -> Settings:
        """The settings ``environ`` (default: this process's environment) gives, validated."""
        environ = os.environ if environ is None else environ
        given = {name: environ[variable(name)] for name in cls.model_fields if variable(name) in environ}
        problems = []
        for limit in (MAX_LINE_BYTES, MAX_FILE_BYTES):  # (the log reader's, read where it reads: checked here too)
            try:
                Limits.from_env({limit: environ[limit]} if limit in environ else {})
            except InputError as err:
                problems.append(str(err))
        settings = None
        try:
            settings = cls.model_validate(given)
        except ValidationError as err:
            for issue in err.errors():
                name = str(issue["loc"][0]) if issue["loc"] else ""
                shown = given.get(name)
                shown = shown if shown is None or len(shown) <= 80 else shown[:80] + "..."
                problems.append(f"{variable(name)}={shown!r}: {issue['msg'].removeprefix('Value error, ')}")
        if problems or settings is None:
            raise SettingsError("; ".join(problems)) from None
        return settings


def variable(field: str) -> str:
    """The environment variable of a settings field."""
    return PREFIX + field.upper()


#: What Spark takes as a master, and Spark Connect's ``sc://``.
_MASTER = re.compile(r"local(\[(\d+|\*)(,\d+)?\])?|local-cluster\[[^\]]+\]|yarn|(spark|sc|k8s)://\S+")


def master_problem(value: str) -> str | None:
    """Why ``value`` is no Spark master (``AHP_SPARK_MASTER``'s rule, and ``ahp query --master``'s); None when it is
    one."""
    if _MASTER.fullmatch(value.strip()):
        return None
    return ("not a Spark master: local[*], local[N], spark://host:port, sc://host:port (Spark Connect), yarn or "
            "k8s://...")


def _whole(value: Any, unit: str, minimum: int, why: str = "") -> int:
    """``value`` as a whole number of ``unit``, at least ``minimum``; else the error says so (and ``why``)."""
    number = _number(value, f"it is not a whole number of {unit}")
    if not math.isfinite(number) or number != int(number) or number < minimum:
        raise ValueError(f"it is not a whole number of {unit}, {minimum} or more{why}")
    return int(number)


def _number(value: Any, message: str) -> float:
    """``value`` as a float, else a ``ValueError`` with ``message`` (the rule the variable breaks)."""
    try:
        return float(value)
    except (TypeError, ValueError):
        raise ValueError(message) from None
