"""The hostile inputs kept as data (tests/data/hostile/, described in its README): one loader.

Big inputs are kept as specs: a text is either itself or a list of parts where ``[part, n]``
repeats ``part`` n times (:func:`build`). A file name that is not UTF-8 is written with
``\\xNN`` escapes under ``bytes`` (:func:`file_name`).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

HOSTILE = Path(__file__).parent.parent / "data" / "hostile"


def load(name: str) -> Any:
    """The JSON file ``tests/data/hostile/<name>``."""
    return json.loads((HOSTILE / name).read_text(encoding="utf-8"))


def build(spec: str | list) -> str:
    """A text from its spec: the text itself, or parts where ``[part, n]`` repeats part n times.

    >>> build(["a", ["(", 3], "b"])
    'a(((b'
    """
    if isinstance(spec, str):
        return spec
    return "".join(part if isinstance(part, str) else part[0] * part[1] for part in spec)


def file_name(entry: dict[str, Any]) -> str:
    """An entry's file name as the file system gives it to Python (surrogate escapes for bytes that are not UTF-8)."""
    if "bytes" in entry:
        return os.fsdecode(entry["bytes"].encode("latin-1").decode("unicode_escape").encode("latin-1"))
    return entry["name"]
