"""The landing zone: one listing of its layout, one rule for what in it is read.

Layout::

    <landing>/<ACCOUNT>/catalog.json                                   the account's catalog at the start
    <landing>/<ACCOUNT>/catalog/TABLES.csv | COLUMNS.parquet | ...     or the warehouse's information-schema export
    <landing>/<ACCOUNT>/log_format.json                                the format of its query history (optional)
    <landing>/<ACCOUNT>/<YYYY-MM-DD>/*.jsonl | .json | .csv [.gz] | *.parquet   the day's query log

Everything landed is untrusted. :func:`landed_entry` is the one rule, applied to every
listed path: which entries are log files, which are no concern of the pipeline (other file
types, folders whose names start with ``.`` or ``_``), and which are set aside with a
reason. The sensor, the ``raw_query_logs`` asset and the demo all see the landing zone
through :meth:`LandingZone.listing`, so they agree on every name:

- an account folder must be a valid account name (:func:`~resources.storage.account_name`)
  and a day folder a calendar day written ``YYYY-MM-DD``; anything else is set aside,
  named, and never becomes a partition;
- a symbolic link (to a folder or a file) is never followed: the pipeline reads nothing
  outside its roots. A linked folder is set aside by name; a linked file in a day folder
  belongs to its day and is quarantined there as a whole; so is a named pipe, a socket or a
  device (never opened);
- a folder inside a day folder is named: its files are no day's, and are not read;
- a log file whose name Spark cannot read as a path (not UTF-8, a ``:``, a leading ``.`` or
  ``_`` that Spark takes for hidden) belongs to its day and is quarantined there as a
  whole, with the reason, so the rest of the day is read.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Any, Iterable, Mapping, Optional

import dagster as dg
from pydantic import Field

from access_history_platform import formats
from access_history_platform.catalog_sources import ExportFile, read_export, redacted_url
from access_history_platform.catalog_sources.files import SUFFIXES as EXPORT_SUFFIXES
from access_history_platform.errors import CatalogError
from access_history_platform.logs import LOG_FILE_SUFFIXES, LOG_FORMAT_FILE

from .catalog_source import LiveCatalog
from .storage import DAY_FOLDER, InvalidKey, account_name, as_uri, filesystem

CATALOG_FILE = "catalog.json"
#: The folder of an account's information-schema export (access_history_platform.catalog_sources).
CATALOG_FOLDER = "catalog"
#: Characters a file name may not hold for Spark (Hadoop's ``Path`` parses ``a:b`` as a URI scheme).
_UNREADABLE_NAME_CHARS = ":"
LINK = "a symbolic link, not followed (the pipeline reads nothing outside the landing zone's root)"
#: Why an entry that is neither a file, a folder nor a link is set aside.
SPECIAL = "not a regular file (a pipe, a socket or a device), not read"
#: Why a folder inside a day folder is named: its files are no day's.
NESTED = "a folder inside a day folder: its files are not read (a day's log files lie directly in its folder)"


@dataclass(frozen=True, slots=True, order=True)
class LandedFile:
    """One log file of a day folder, as a listing gives it.

    ``problem`` is set for a file that belongs to its day but cannot be read (a symbolic link,
    a name Spark cannot read): the day's ``raw_query_logs`` quarantines it as a whole (line 0).
    ``name`` is printable: a name that is not UTF-8 has its bytes escaped.
    """

    account: str
    day: date
    name: str
    size: int
    mtime: float | None = None
    etag: str | None = None
    problem: str | None = None

    @property
    def identity(self) -> str:
        """What makes two sightings of a file the same file: path, size, and etag or mtime."""
        version = f"etag={self.etag}" if self.etag else f"mtime={self.mtime!r}"
        return f"{self.account}/{self.day.isoformat()}/{self.name}|size={self.size}|{version}"


@dataclass(frozen=True)
class CatalogStart:
    """An account's catalog at the start of its log: the snapshot, where it came from, the rows left out."""

    snapshot: dict[str, Any]
    origin: str
    problems: list[str] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class Listing:
    """What a listing found: the day folders' files, the entries set aside, each with its reason, how
    many closed day folders were left unopened, and how many new day folders were left for a later
    listing (past the backlog limit)."""

    files: list[LandedFile]
    ignored: list[str]
    skipped_days: int = 0
    deferred_days: int = 0


@dataclass(frozen=True, slots=True)
class ClosedDays:
    """What a listing knows of an account's day folders from the sensor's cursor.

    - Closed: those before ``before`` whose folder was last changed at or before ``mtime``
      (epoch seconds; None: no file of the account had a time) need not be opened. A file
      landing in a folder (created, or renamed in) changes the folder's modification time, so
      such a folder holds no file newer than ``mtime``. A folder without a modification time (an
      object store's prefix) is always opened. A file rewritten in place does not change its
      folder.
    - Backlog: those after ``newest`` (the account's newest day seen) are new days; a listing
      with a backlog limit opens the oldest of them first (:meth:`LandingZone.listing`). Every
      day of an account the cursor does not know is backlog.
    """

    before: date
    mtime: float | None
    newest: date | None = None

    def skips(self, folder: str, folder_mtime: float | None) -> bool:
        """Whether the day folder named ``folder``, last changed at ``folder_mtime``, is left unopened."""
        return (self.mtime is not None and folder_mtime is not None and folder_mtime <= self.mtime
                and day_problem(folder) is None and date.fromisoformat(folder) < self.before)

    def backlog(self, day: date) -> bool:
        """Whether ``day`` is after every day seen of the account."""
        return self.newest is None or day > self.newest


def first_to_last(days: Iterable[date]) -> list[date]:
    """Every day from the first of ``days`` to the last: an account's days, a day without logs between two that
    have some an empty day (the catalog carries each day's DDL to the next, so the days after it need it).

    >>> first_to_last([date(2026, 11, 3), date(2026, 11, 1)])
    [datetime.date(2026, 11, 1), datetime.date(2026, 11, 2), datetime.date(2026, 11, 3)]
    """
    days = list(days)
    if not days:
        return []
    first, last = min(days), max(days)
    return [first + timedelta(days=n) for n in range((last - first).days + 1)]


def outside_days_problems(outside: Iterable[tuple[str, date]], days: tuple[date, date]) -> list[str]:
    """Why day folders are not taken up, one line per account and side: their days have no partition
    (``days`` are the first, ``AHP_START_DATE``, and the last, today in UTC, that have one).

    >>> outside_days_problems([("ACME", date(2023, 12, 30)), ("ACME", date(2023, 12, 31))], (date(2024, 1, 1), date(2026, 11, 25)))
    ['ACME: 2 day folder(s) from 2023-12-30 to 2023-12-31, before the first partition day 2024-01-01 (AHP_START_DATE): not taken up; set AHP_START_DATE (in .env where one is beside the command, else in the environment) to 2023-12-30 or earlier to take them up']
    """
    sides: dict[tuple[str, bool], list[date]] = {}
    for account, day in outside:
        sides.setdefault((account, day < days[0]), []).append(day)
    problems = []
    for (account, before), found in sorted(sides.items(), key=lambda side: (side[0][0], not side[0][1])):
        span = f"{len(found)} day folder(s) from {min(found)} to {max(found)}"
        if before:
            problems.append(f"{account}: {span}, before the first partition day {days[0]} (AHP_START_DATE): not taken "
                            "up; set AHP_START_DATE (in .env where one is beside the command, else in the environment) "
                            f"to {min(found)} or earlier to take them up")
        else:
            problems.append(f"{account}: {span}, after today ({days[1]}, UTC): taken up once their day has begun")
    return problems


def printable(name: str) -> str:
    """A listed name as text: bytes that are not UTF-8 (surrogate-escaped by the OS layer) as ``\\xNN``.

    >>> printable("caf\\udcc3.jsonl")
    'caf\\\\xc3.jsonl'
    """
    try:
        name.encode("utf-8")
        return name
    except UnicodeEncodeError:
        return name.encode("utf-8", "surrogateescape").decode("utf-8", "backslashreplace")


def unreadable_name(name: str) -> str | None:
    """Why Spark cannot read a file of this name, or None."""
    if printable(name) != name:
        return "the file name is not UTF-8 text: the file is set aside unread; rename it to load it"
    if any(char in name for char in _UNREADABLE_NAME_CHARS):
        return ("the file name holds ':', which Spark cannot read in a path: the file is set aside unread; "
                "rename it to load it")
    if name.startswith(("_", ".")):
        return ("Spark does not read files whose names start with '_' or '.' (it takes them for hidden "
                "files): the file is set aside unread; rename it to load it")
    if any(ord(char) < 32 for char in name):
        return "the file name holds a control character: the file is set aside unread; rename it to load it"
    return None


def landed_entry(relative: str, info: Mapping[str, Any]) -> tuple[LandedFile | None, str | None]:
    """A listed path (relative to the landing zone) as a log file, or None and why it is set aside
    (None and None: not the pipeline's concern, such as a README or a ``_staging`` folder)."""
    parts = relative.split("/")
    shown = printable(relative)
    if parts[0].startswith((".", "_")) or len(parts) > 3:
        return None, None
    link = bool(info.get("islink")) or info.get("type") not in ("file", "directory")
    not_followed = LINK if info.get("islink") else SPECIAL
    folder = info.get("type") == "directory"
    log_file = len(parts) == 3 and not folder and parts[2].lower().endswith(LOG_FILE_SUFFIXES)
    try:
        account = account_name(printable(parts[0]))
    except InvalidKey as err:  # said of the folder itself, and of each log file in it
        return None, f"{shown}: {err}" if len(parts) == 1 and (folder or link) or log_file else None
    if len(parts) >= 2 and parts[1] == CATALOG_FOLDER:
        return None, None  # the catalog export: read by LandingZone.catalog_start, never a log
    if len(parts) < 3:
        if len(parts) == 2 and (parts[1] in (CATALOG_FILE, LOG_FORMAT_FILE) or parts[1].startswith((".", "_"))):
            return None, None
        if not (folder or link):
            return None, None
        problem = day_problem(parts[1]) if len(parts) == 2 else None
        if problem:
            return None, f"{shown}: {problem}"
        return None, f"{shown}: {not_followed}" if link else None
    if folder and not link and not parts[2].startswith((".", "_")) and not day_problem(parts[1]):
        return None, f"{shown}: {NESTED}"
    if not log_file:
        return None, None
    if problem := day_problem(parts[1]):  # said of the folder itself, and of each log file in it
        return None, f"{shown}: {problem}"
    problem = f"{not_followed}; the file is set aside unread" if link else unreadable_name(parts[2])
    return LandedFile(account, date.fromisoformat(parts[1]), printable(parts[2]), int(info.get("size") or 0),
                      _mtime(info), _etag(info), problem), None


def valid_account(name: str) -> bool:
    """Whether a folder name is an account name (:func:`~resources.storage.account_name`)."""
    try:
        account_name(printable(name))
    except InvalidKey:
        return False
    return True


def day_problem(name: str) -> str | None:
    """Why a folder name is not a day folder, or None."""
    if not DAY_FOLDER.match(name):
        return f"the day folder {printable(name)!r} is not YYYY-MM-DD"
    try:
        date.fromisoformat(name)
    except ValueError:
        return f"the day folder {name!r} is not a calendar day"
    return None


class LandingZone(dg.ConfigurableResource):
    """The raw query logs and catalog snapshots, one folder per account."""

    root: str = Field(default="./landing", description="local path or URI of the landing zone")
    dialect: str = Field(default="snowflake", description="sqlglot dialect of the logged statements")
    live_catalog: Optional[LiveCatalog] = Field(
        default=None, description="a live database whose catalog is the accounts' catalog at the start, "
                                  "instead of the landed catalog.json or catalog/ export")
    lookback_days: int = Field(default=35, ge=0, description="days before an account's newest landed day whose "
                               "files the sensor still watches for changes; older days are closed")
    backlog_days: int = Field(default=5_000, ge=1, description="new account-days one sensor tick takes up at most, "
                              "the oldest first; the rest wait for the next ticks")

    @property
    def uri(self) -> str:
        return as_uri(self.root)

    def exists(self) -> bool:
        """Whether the landing zone's folder exists (on an object store: whether anything lies under its prefix)."""
        fs, root = filesystem(self.uri)
        return fs.exists(root.rstrip("/") or "/")

    def listing(self, account: str | None = None, closed: Mapping[str, ClosedDays] | None = None,
                backlog_limit: int | None = None, day: date | None = None,
                days: tuple[date, date] | None = None) -> Listing:
        """Every log file of the landing zone (of one account), and what was set aside and why.

        ``closed`` names, per account, the day folders a caller already knows (the sensor's cursor):
        a day folder older than its account's ``before`` and not changed since its ``mtime`` is not
        opened (:meth:`ClosedDays.skips`), so a tick lists the accounts' day folders and the files
        of the recent or changed days only. ``backlog_limit`` bounds the new day folders opened
        (:meth:`ClosedDays.backlog`, and every day of an account ``closed`` does not name): the
        oldest days first, across accounts, so every account's days are opened in order and a
        later listing takes up where this one stopped. ``day`` (with ``account``) opens that day's
        folder only. ``days`` (first, last) are the days that have a partition: a day folder outside
        them is not opened, and is set aside with its reason (:func:`outside_days_problems`).
        """
        if day is not None and account is None:
            raise ValueError("a listing of a day is of one account's day: name the account")
        fs, root = filesystem(self.uri)  # no listings cache: the code server lives long
        root = root.rstrip("/")
        prefix = ""
        if account is not None:
            if not self._account_folder_ok(account):
                return Listing([], [])
            prefix = f"{account_name(account)}/"
        try:
            entries = fs.find(f"{root}/{prefix}".rstrip("/"), maxdepth=2 - prefix.count("/"), withdirs=True,
                              detail=True)
        except (FileNotFoundError, NotADirectoryError):
            return Listing([], [])
        if day is not None:  # the other day folders are not opened, nor said anything of
            wanted = f"{root}/{prefix}{day.isoformat()}"
            entries = {path: info for path, info in entries.items() if path.rstrip("/") == wanted}
        skipped, deferred, ignored = self._open_day_folders(fs, root, entries, closed or {}, backlog_limit, days)
        files = []
        for path, info in sorted(entries.items()):
            if not path.startswith(root + "/"):
                continue
            landed, problem = landed_entry(path[len(root) + 1:], info)
            if landed is not None:
                files.append(landed)
            elif problem:
                ignored.append(problem)
        return Listing(files, ignored, skipped, deferred)

    @staticmethod
    def _open_day_folders(fs: Any, root: str, entries: dict[str, Any], closed: Mapping[str, ClosedDays],
                          backlog_limit: int | None, days: tuple[date, date] | None) -> tuple[int, int, list[str]]:
        """Add the entries of every folder two levels down (the day folders) to ``entries``, except the
        closed ones ``closed`` says are unchanged, the new ones past ``backlog_limit`` and those of days
        outside ``days``; how many of the first two kinds were left unopened, and why each of the last was."""
        skipped, to_open, backlog, outside = 0, [], [], []
        accounts: dict[str, bool] = {}  # folder name: a valid account's (asked once per account, not per day)
        for path, info in list(entries.items()):
            parts = path[len(root) + 1:].split("/") if path.startswith(root + "/") else []
            if len(parts) != 2 or info.get("type") != "directory":
                continue
            account = printable(parts[0])
            known = closed.get(account)
            if parts[0] not in accounts:
                accounts[parts[0]] = valid_account(parts[0])
            plain = not info.get("islink") and accounts[parts[0]] and day_problem(parts[1]) is None
            day = date.fromisoformat(parts[1]) if plain else None
            if day is not None and days is not None and not days[0] <= day <= days[1]:
                del entries[path]  # never opened: its files would name a partition that does not exist
                outside.append((account, day))
            elif day is not None and known is not None and known.skips(parts[1], _mtime(info)):
                del entries[path]  # a valid day folder of a valid account: nothing to say of it
                skipped += 1
            elif day is not None and (known is None or known.backlog(day)):
                backlog.append((parts[1], account, path))
            else:
                to_open.append(path)
        backlog.sort()
        limit = len(backlog) if backlog_limit is None else backlog_limit
        for _, _, path in backlog[limit:]:
            del entries[path]  # opened by a later listing
        for path in to_open + [path for _, _, path in backlog[:limit]]:
            try:
                listed = fs.ls(path, detail=True)
            except (FileNotFoundError, NotADirectoryError):  # removed while listed
                continue
            entries.update((child["name"].rstrip("/"), child) for child in listed)
        return skipped, len(backlog[limit:]), outside_days_problems(outside, days) if days is not None else []

    def accounts(self) -> list[str]:
        """The accounts that have a valid folder in the landing zone (not a link, not hidden)."""
        return sorted(name for name in self._folders("") if not name.startswith((".", "_")) and valid_account(name))

    def days(self, account: str) -> list[date]:
        """The days that have a log folder for ``account``, in order (by the listing's rule)."""
        if not self._account_folder_ok(account):
            return []
        return sorted(date.fromisoformat(name) for name in self._folders(account_name(account))
                      if not day_problem(name))

    def _folders(self, relative: str) -> list[str]:
        """The names of the real folders (no links) directly inside ``relative`` (none when it is missing)."""
        fs, root = filesystem(self.uri)
        try:
            entries = fs.ls(f"{root.rstrip('/')}/{relative}".rstrip("/"), detail=True)
        except (FileNotFoundError, NotADirectoryError):
            return []
        return [entry["name"].rstrip("/").rsplit("/", 1)[-1] for entry in entries
                if entry["type"] == "directory" and not entry.get("islink")]

    def day_files(self, account: str, day: date) -> list[LandedFile]:
        """The log files of one account-day, ordered by name (the log's input order), readable or not."""
        return sorted((f for f in self.listing(account, day=day).files if f.day == day), key=lambda f: f.name)

    def file_uri(self, file: LandedFile) -> str:
        """The URI of a readable landed file."""
        return f"{self.uri}/{account_name(file.account)}/{file.day.isoformat()}/{file.name}"

    def catalog_uri(self, account: str) -> str:
        return f"{self.uri}/{account_name(account)}/{CATALOG_FILE}"

    def catalog_snapshot(self, account: str) -> dict[str, Any]:
        """The account's catalog snapshot as parsed JSON (validated by the engine later)."""
        return self.catalog_start(account).snapshot

    def catalog_start(self, account: str) -> CatalogStart:
        """The account's catalog at the start of its log: from the live database when one is configured
        for the account, else from ``catalog.json``, else from the ``catalog/`` export folder."""
        if self.live_catalog is not None and self.live_catalog.serves(account):
            export = self.live_catalog.read(account)
            return CatalogStart(export.snapshot, f"the live database {redacted_url(self.live_catalog.url)}",
                                export.problems)
        uri = self.catalog_uri(account)
        if not self._account_folder_ok(account):
            raise dg.Failure(f"{self.uri}/{account}: {LINK}")
        folder = f"{self.uri}/{account_name(account)}/{CATALOG_FOLDER}"
        fs, folder_path = filesystem(folder)
        if fs.isdir(folder_path):
            if fs.exists(filesystem(uri)[1]):
                raise dg.Failure(f"{self.uri}/{account}: holds both {CATALOG_FILE} and {CATALOG_FOLDER}/: "
                                 "keep the one that is the account's catalog")
            return self._catalog_export(account, folder)
        return CatalogStart(self._catalog_json(account), uri)

    def _catalog_export(self, account: str, folder: str) -> CatalogStart:
        """The account's information-schema export (links in the folder are never followed)."""
        fs, path = filesystem(folder)
        if fs.info(path).get("islink"):
            raise dg.Failure(f"{folder}: {LINK}")
        files, problems = [], []
        for entry in sorted(fs.ls(path, detail=True), key=lambda e: e["name"]):
            name = entry["name"].rstrip("/").rsplit("/", 1)[-1]
            if entry.get("islink"):
                problems.append(f"{folder}/{printable(name)}: {LINK}; the file is left out")
            elif entry["type"] == "file" and name.lower().endswith(EXPORT_SUFFIXES) and not name.startswith((".", "_")):
                files.append(ExportFile(f"{folder}/{printable(name)}",
                                        lambda p=entry["name"]: fs.open(p, "rb")))  # type: ignore[misc]
        try:
            export = read_export(files, source=folder, account=account)
        except CatalogError as err:
            raise dg.Failure(str(err)) from None
        return CatalogStart(export.snapshot, f"{folder} ({export.format.name} information-schema export)",
                            problems + export.problems)

    def _catalog_json(self, account: str) -> dict[str, Any]:
        uri = self.catalog_uri(account)
        fs, path = filesystem(uri)
        try:
            if fs.info(path).get("islink"):
                raise dg.Failure(f"{uri}: {LINK}")
            return _landed_json(uri)
        except FileNotFoundError:
            raise dg.Failure(f"{uri}: no catalog snapshot for account {account} (nor an information-schema "
                             f"export in {CATALOG_FOLDER}/)") from None

    def log_format(self, account: str) -> formats.LogFormat | None:
        """The format declared in ``<ACCOUNT>/log_format.json`` (``{"format": "databricks"}``), or None.

        Without one, each file's format is recognized from its columns; a declaration
        overrides that guess and sets the dialect of the account's statements.
        """
        uri = f"{self.uri}/{account_name(account)}/{LOG_FORMAT_FILE}"
        fs, path = filesystem(uri)
        try:
            if fs.info(path).get("islink"):
                raise dg.Failure(f"{uri}: {LINK}")
            declared = _landed_json(uri)
        except FileNotFoundError:
            return None
        name = declared.get("format") if isinstance(declared, dict) else None
        try:
            return formats.by_name(name if isinstance(name, str) else "")
        except ValueError as err:
            raise dg.Failure(f'{uri}: must be {{"format": NAME}}: {err}') from None

    def dialect_for(self, account: str) -> str:
        """The SQL dialect of the account's statements: its declared format's, else the deployment's."""
        declared = self.log_format(account)
        return declared.dialect if declared is not None and declared.dialect else self.dialect

    def _account_folder_ok(self, account: str) -> bool:
        """Whether the account's folder is a real folder (a missing one is fine; a link is not)."""
        fs, root = filesystem(self.uri)
        try:
            info = fs.info(f"{root.rstrip('/')}/{account_name(account)}")
        except (FileNotFoundError, NotADirectoryError):
            return True
        return not info.get("islink")


def _mtime(info: Mapping[str, object]) -> float | None:
    for key in ("mtime", "LastModified", "last_modified", "updated", "modification_time"):
        value = info.get(key)
        if isinstance(value, (int, float)):
            return float(value)
        if isinstance(value, datetime):
            return value.timestamp()
        if isinstance(value, str):
            try:
                return datetime.fromisoformat(value.replace("Z", "+00:00")).timestamp()
            except ValueError:
                continue
    return None


def _etag(info: Mapping[str, object]) -> str | None:
    for key in ("ETag", "etag", "md5Hash"):
        value = info.get(key)
        if value:
            return str(value).strip('"')
    return None


def _landed_json(uri: str) -> Any:
    """A landed JSON document (``catalog.json``, ``log_format.json``); a :class:`dagster.Failure` naming the file and
    what is wrong with it otherwise. A byte order mark may start it, as it may start a log file."""
    fs, path = filesystem(uri)
    with fs.open(path, "rb") as handle:
        data = handle.read()
    try:
        return json.loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError as err:
        raise dg.Failure(f"{uri}: not UTF-8 text (byte {data[err.start]:#04x} at offset {err.start})") from None
    except json.JSONDecodeError as err:
        raise dg.Failure(f"{uri}: not valid JSON: {err.msg}: line {err.lineno} column {err.colno}") from None
    except RecursionError:
        raise dg.Failure(f"{uri}: not a document the platform reads: its JSON is nested too deeply") from None
