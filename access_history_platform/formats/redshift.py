"""Amazon Redshift's query history ``SYS_QUERY_HISTORY`` (provisioned and Serverless), exported with its users' names
and its statements' full text.

Columns (https://docs.aws.amazon.com/redshift/latest/dg/SYS_QUERY_HISTORY.html): ``user_id``, ``query_id``,
``query_label``, ``transaction_id``, ``session_id``, ``database_name``, ``query_type`` (``SELECT``, ``INSERT``,
``UPDATE``, ``UNLOAD``, ``COPY``, ``COMMAND``, ``DDL``, ``UTILITY``, ``CTAS``, ``OTHER``), ``status`` (``planning``,
``queued``, ``running``, ``returning``, ``failed``, ``canceled``, ``success``), ``start_time``, ``end_time``,
``error_message``, ``query_text``, ... The view names the user by id (recent versions add ``username``), and its
``query_text`` "might be truncated" (4,000 characters): the export in ``examples/histories/redshift_export.sql``
joins ``SVV_USER_INFO`` for ``user_name`` and concatenates the statement's chunks of ``SYS_QUERY_TEXT`` (4,000
characters each, by ``sequence``) as ``full_query_text``.

Each row is one statement: ``success`` is ``SUCCESS``; ``failed`` and ``canceled`` are ``FAIL`` (kept, never
recorded); a statement not finished when exported is set aside. The statement's text is ``full_query_text`` when the
export has it, else ``query_text``; a ``query_text`` as long as the view keeps (within its last 100 of 4,000
characters or bytes, trailing blanks aside: a cut may fall in a run of blanks) may be cut mid-statement and is set
aside, saying how to export the full text, rather than resolved as a different statement (a longer one is an
export's whole text, never the view's column). Redshift's system views give times in UTC without a zone ("Time in
UTC", as the ``STL`` views they replace say): a time without a zone is taken as UTC, one with an offset as it says.
``database_name`` is the session's database; its schema is the first of the session's ``search_path`` as its own
``SET search_path`` statements left it (``public``, the default, before any), so the export must list a session's
statements in order (``ORDER BY start_time``, in one file). The dialect is ``redshift``.
"""

from __future__ import annotations

import re
from typing import Any, Iterable, Iterator, Mapping

from .search_path import SearchPaths
from .format import LogFormat, Rejected, Row, RowError, extras, optional_text, required_text, status, utc_timestamp

STATUSES = {"SUCCESS": "SUCCESS", "FAILED": "FAIL", "CANCELED": "FAIL"}
UNFINISHED = ("PLANNING", "QUEUED", "RUNNING", "RETURNING")
REQUIRED = ("query_id", "query_text", "start_time", "status")
#: The user's name: the view's own ``username`` (added in 2025), or ``user_name`` joined from ``pg_user``.
USER = ("username", "user_name")
#: ``SYS_QUERY_HISTORY.query_text`` keeps this many characters of a statement.
KEPT = 4000
#: A text within this many characters of :data:`KEPT` (trailing blanks removed) may have been cut there.
_CUT_MARGIN = 100
_USED = (*REQUIRED, *USER, "full_query_text", "database_name", "session_id")
#: The escapes Redshift's system views write for a statement's control characters (``\\n``, ``\\r``, ``\\t``).
_ESCAPED = re.compile(r"\\([nrt])")
_CONTROL = {"n": "\n", "r": "\r", "t": "\t"}
_LOG_FIELDS = ("query_start_time", "execution_status", "parent_query_id", "root_query_id", "account_name",
               "schema_name", "role_name")


def translate(rows: Iterable[Row]) -> Iterator[Row]:
    """The export's rows as log lines, each session's schema following its own ``SET search_path``."""
    schemas = SearchPaths()
    for number, text, fields in rows:
        if not isinstance(fields, Mapping):
            yield number, text, fields
            continue
        try:
            line = map_row(fields, schemas)
        except RowError as err:
            yield number, text, Rejected(str(err))
            continue
        yield number, text, line


def map_row(fields: Mapping[str, Any], schemas: SearchPaths) -> dict[str, Any]:
    """One exported row as a log line, which its session's search path follows (:mod:`.search_path`)."""
    outcome = status(fields.get("status"), "status", STATUSES, unfinished=UNFINISHED)
    statement = _statement_text(fields)
    session = optional_text(fields, "session_id")
    line = {
        **extras(fields, _USED, _LOG_FIELDS),
        "query_id": required_text(fields, "query_id"),
        "query_text": statement,
        "query_start_time": utc_timestamp(fields.get("start_time"), "start_time"),
        "user_name": _user(fields),
        "execution_status": outcome,
        "database_name": _trimmed(optional_text(fields, "database_name")),
        "schema_name": schemas.schema(session),
        "session_id": session,
    }
    schemas.ran(session, statement.strip(), outcome == "SUCCESS")
    return line


def _statement_text(fields: Mapping[str, Any]) -> str:
    """The statement: the export's full text, or ``query_text`` when it cannot have been cut; its escaped control
    characters written out."""
    full = optional_text(fields, "full_query_text")
    if full is not None and full.strip():
        return unescaped(full.rstrip())
    text = required_text(fields, "query_text").rstrip()
    # the view's length is in bytes ("CHAR and VARCHAR data types are defined in terms of bytes"): a text of
    # several-byte characters is cut at fewer characters; one longer is not the view's column but an export's own
    length = max(len(text), len(text.encode("utf-8", "surrogatepass")))
    if KEPT - _CUT_MARGIN < length and len(text) <= KEPT:
        raise RowError(f"query_text has {len(text):,} characters, within {_CUT_MARGIN} bytes of the {KEPT:,} bytes "
                       "SYS_QUERY_HISTORY keeps: the statement may be cut; export its full text from SYS_QUERY_TEXT as full_query_text "
                       "(README, 'Feeding it your warehouse's query history')")
    return unescaped(text)


def unescaped(text: str) -> str:
    r"""A statement as it ran: Redshift's system views write its newlines, returns and tabs as ``\n``, ``\r``,
    ``\t`` ("replace any (\n) special characters with a new line", STL_QUERYTEXT), which left as they are would
    make a ``--`` comment swallow the rest of the statement. The same two characters typed in the statement cannot
    be told apart and are written out too: in a string literal that changes its value, never a name; in a ``--``
    comment it ends the comment there, and the comment's rest is read as SQL (the statement may then be set aside).

    >>> unescaped(r"-- nightly\nSELECT id\r\n\tFROM t")
    '-- nightly\nSELECT id\r\n\tFROM t'
    """
    return _ESCAPED.sub(lambda match: _CONTROL[match[1]], text) if "\\" in text else text


def _user(fields: Mapping[str, Any]) -> str:
    for column in USER:
        name = optional_text(fields, column)
        if name is not None and name.strip():
            return name.strip()
    raise RowError("missing the user's name (username, or user_name joined from pg_user)")


def _trimmed(value: str | None) -> str | None:
    """A ``character(n)`` value without its padding (None when blank)."""
    return value.strip() or None if value is not None else None


FORMAT = LogFormat(
    name="redshift",
    title="Redshift SYS_QUERY_HISTORY",
    dialect="redshift",
    signature=frozenset({"query_id", "query_text", "status"}),
    required=REQUIRED,
    either=(USER,),
    translate=translate,
)
