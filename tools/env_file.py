"""``.env``, read as ``dagster dev`` reads it. A module of its own, importing nothing of the pipeline: the pipeline's
modules read their ``AHP_*`` settings as they are imported, so ``.env`` is loaded before any of them is, and its
values stand over the shell's (a bad value in the shell that ``.env`` replaces stops nothing)."""

from __future__ import annotations

import os
from pathlib import Path

#: Where ``dagster dev`` and ``dagster-webserver`` read extra environment variables: ``.env`` in the folder
#: they are started from.
ENV_FILE = ".env"


def load_env_file(folder: Path = Path(".")) -> dict[str, str]:
    """Put the variables of ``.env`` in ``folder`` into this process's environment, over those already set, as
    ``dagster dev`` does with the ``.env`` of the folder it is started from (so that a command and ``dagster dev``
    started from the same folder agree, on ``AHP_START_DATE`` above all); the variables it set."""
    from dotenv import dotenv_values

    path = folder / ENV_FILE
    values = {name: value for name, value in dotenv_values(path).items() if value is not None} if path.is_file() else {}
    os.environ.update(values)
    return values
