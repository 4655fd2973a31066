"""Writes ``mysql_general.log`` and ``mysql_general_log.json`` beside this file from a real MariaDB server (Debian's
``mariadb-server``, started as the integration tests start it: ``.venv/bin/python
examples/histories/mysql_general_sample.py``): the general query log of the day ``mariadb_sample.py`` runs, as the
server wrote its file, and its table ``mysql.general_log`` exported as the README says. The catalog is
``mariadb_catalog.json`` (the same set-up).
"""

from __future__ import annotations

import shutil
import sys
from datetime import datetime, timezone
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parents[1]))  # the repository, for the tests' service helpers
sys.path.insert(0, str(HERE))

from mariadb_sample import DAY, SET_UP  # noqa: E402

from tests.integration.services import start_mariadb  # noqa: E402


def main() -> None:
    with start_mariadb() as server:
        server.run(SET_UP, check=True)
        server.log_everything()
        server.run(DAY, user="analyst", password="analyst-pw", database="shop")
        shutil.copyfile(server.general_log, HERE / "mysql_general.log")
        day = datetime.now(timezone.utc).date().isoformat()
        (HERE / "mysql_general_log.json").write_text(server.general_log_table(day))


if __name__ == "__main__":
    main()
