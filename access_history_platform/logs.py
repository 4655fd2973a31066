"""Reading raw query logs: JSON Lines (optionally gzip-compressed), validated line by line.

A bad line (not JSON, a missing or ill-typed field) never stops the read: it comes out as
a :class:`BadLine` with its file, line number and the rule it broke, next to the good ones.
"""

from __future__ import annotations

import gzip
import json
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator

from pydantic import ValidationError

from .errors import InputError
from .records import LogLine


@dataclass(frozen=True, slots=True)
class BadLine:
    """A log line set aside: where it was, which rule it broke, and its text."""

    file: str
    line: int
    rule: str
    text: str = ""

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.rule}"


def read_log(path: str | Path) -> Iterator[LogLine | BadLine]:
    """Each line of a ``.jsonl`` / ``.jsonl.gz`` log as a :class:`LogLine` or a :class:`BadLine`."""
    source = str(path)
    try:
        handle = gzip.open(path, "rb") if source.endswith(".gz") else open(path, "rb")
    except OSError as err:
        raise InputError(source, f"cannot read the log: {err.strerror or err}") from None
    with handle:
        number = 0
        try:
            for number, raw in enumerate(handle, start=1):
                try:  # decoded line by line: one bad byte costs one line, not the file
                    text = raw.decode("utf-8")
                except UnicodeDecodeError as err:
                    yield BadLine(source, number, f"not UTF-8 text ({err.reason} at byte {err.start})",
                                  raw.decode("utf-8", "replace").rstrip("\n"))
                    continue
                if text.strip():
                    yield parse_log_line(text, source, number)
        except (EOFError, OSError, zlib.error) as err:
            yield BadLine(source, number + 1, f"the file is truncated or corrupt after line {number}: {err}")


def parse_log_line(text: str, file: str = "<log>", line: int = 0) -> LogLine | BadLine:
    """Validate one JSON line against CONTRACT section 1."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        return BadLine(file, line, f"not valid JSON ({err.msg} at column {err.colno})", text.rstrip("\n"))
    except (ValueError, RecursionError) as err:  # nested too deeply, a number too long to convert
        return BadLine(file, line, f"not valid JSON ({str(err)[:160]})", text.rstrip("\n"))
    return validate_log_record(data, file, line, text)


def validate_log_record(data: Any, file: str = "<log>", line: int = 0, text: str = "") -> LogLine | BadLine:
    """Validate one already-decoded log record (a dict, e.g. a Parquet row)."""
    if not isinstance(data, dict):
        return BadLine(file, line, f"a log line must be a JSON object, got {type(data).__name__}", text.rstrip("\n"))
    try:
        return LogLine.model_validate(data)
    except ValidationError as err:
        return BadLine(file, line, describe_errors(err), text.rstrip("\n"))


def describe_errors(err: ValidationError) -> str:
    rules = []
    for issue in err.errors():
        where = ".".join(str(p) for p in issue["loc"]) or "line"
        if issue["type"] == "missing":
            rules.append(f"missing required field '{where}'")
        else:
            rules.append(f"field '{where}': {issue['msg'].removeprefix('Value error, ')}")
    return "; ".join(rules)
