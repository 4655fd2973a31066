#!/usr/bin/env bash
# Creates benchmarks/.peers-venv, a virtualenv of its own for the peer lineage tools.
# DataHub's SQL parser and sqllineage pin sqlglot versions that differ from the
# project's, so they cannot share the project's .venv.
#
# Usage: bash benchmarks/peers/setup.sh            (installs the pinned versions)
#        PEERS_UNPINNED=1 bash benchmarks/peers/setup.sh   (latest versions, to re-pin)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$(dirname "$here")/.peers-venv"
python="${PYTHON:-python3.11}"
command -v "$python" >/dev/null || python=python3

if [[ ! -x "$venv/bin/python" ]]; then
    "$python" -m venv "$venv"
fi
"$venv/bin/python" -m pip install --quiet --upgrade pip
if [[ "${PEERS_UNPINNED:-}" == 1 ]]; then
    "$venv/bin/python" -m pip install "acryl-datahub[sql-parser]" sqllineage
else
    "$venv/bin/python" -m pip install -r "$here/requirements.txt"
fi
"$venv/bin/python" - <<'PY'
from importlib.metadata import version
for dist in ("acryl-datahub", "sqllineage", "sqlglot"):
    print(f"{dist}=={version(dist)}")
PY
