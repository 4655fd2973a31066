"""Exasol's loads and unloads, ``IMPORT`` and ``EXPORT``, and the connections they name (``CREATE CONNECTION``).

An IMPORT writes a table from files, another database's table or query, or a script, and an EXPORT writes a
table's or a query's rows to files or to another database's table. Exasol's documentation
(https://docs.exasol.com/db/latest/sql/import.htm, .../export.htm, .../create_connection.htm) gives the grammar
read here; sqlglot reads none of it. The record is a load's or an unload's, as Snowflake's ``COPY INTO`` is:

- files (``CSV | FBV AT connection FILE 'path' ...``) are locations, each path under its connection's address: a
  connection given as a string is that address; one given by name, the address its ``CREATE CONNECTION`` in the log
  gave (:meth:`.binder.Binder.under_data_source`; a connection the log does not hold leaves the path as written); a
  ``LOCAL`` file is the client's, a file URI. Loaded columns have no sources (CONTRACT section 3a).
- another database's table or query (``EXA | ORA | JDBC AT connection TABLE t | STATEMENT '...'``), through a named
  connection, is read as that database's, its tables named in the connection (``my_conn.schema.table``), as
  BigQuery's ``EXTERNAL_QUERY`` and T-SQL's linked servers are; written columns come from its columns by position.
  Through a connection given as a string, whose tables have no name here, the address is read or written as a
  location.
- a script (``FROM SCRIPT s``) is a call of s, as ``EXECUTE SCRIPT`` is: the table is written from no source.
- ``ERRORS INTO`` (where rejected rows go) and the options of files and formats write nothing else recorded here.

An IMPORT without ``INTO t`` (or with ``INTO (column definitions)``) is a query: what it reads, no write; so is one
inside a query (``SELECT ... FROM (IMPORT ...)``), a derived table of those rows. The statements' handlers are
:func:`.dispatch.exasol_import`, :func:`.dispatch.exasol_export` and :func:`.dispatch.exasol_connection`; the
analysis reads an IMPORT inside a query. This module only reads the statements' words: it imports none of the
engine's modules that resolve (both sides use it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from sqlglot import exp
from sqlglot.errors import SqlglotError
from sqlglot.tokens import Token, TokenType

from ..errors import UnsupportedStatement
from .dialects import azure_blobs, file_uri, without_credentials
from .names import Naming
from .token_groups import STRING_TOKENS, group_end, word_of

#: The databases an IMPORT reads from and an EXPORT writes to: another Exasol's (EXA), Oracle's (ORA), any JDBC one's.
_DATABASES = frozenset({"EXA", "ORA", "JDBC"})
#: The SQL each of them speaks (a JDBC one's from its driver's URL, :data:`_JDBC_DIALECTS`).
_DATABASE_DIALECTS = {"EXA": "exasol", "ORA": "oracle"}
#: The SQL of a JDBC connection's database, from its URL's subprotocol (``jdbc:postgresql://...``) or its driver's name.
_JDBC_DIALECTS = {"postgresql": "postgres", "mysql": "mysql", "mariadb": "mysql", "sqlserver": "tsql",
                  "jtds": "tsql", "oracle": "oracle", "exa": "exasol", "clickhouse": "clickhouse",
                  "ch": "clickhouse", "snowflake": "snowflake", "redshift": "redshift", "bigquery": "bigquery",
                  "teradata": "teradata", "hive2": "hive", "spark": "spark", "databricks": "databricks",
                  "trino": "trino", "presto": "presto", "sqlite": "sqlite", "duckdb": "duckdb", "mssql": "tsql"}
#: The words after a connection that end it (what the source or destination is), besides its credentials.
_AFTER_CONNECTION = frozenset({"FILE", "TABLE", "STATEMENT", "WITH"})
#: ``CREATE [OR REPLACE] CONNECTION c TO 'address' ...``, ``ALTER CONNECTION c TO 'address' ...``, ``DROP CONNECTION
#: [IF EXISTS] c``.
CONNECTION = re.compile(r"\s*(?P<verb>CREATE|ALTER|DROP)\s+(?:OR\s+REPLACE\s+)?CONNECTION\s+(?:IF\s+EXISTS\s+)?"
                        r"(?P<name>\"(?:[^\"]|\"\")+\"|[^\s;\"]+)(?:\s+TO\s+'(?P<url>(?:[^']|'')*)')?",
                        re.IGNORECASE)

#: A connection's address by its name (None for a connection the log did not create).
Addresses = Callable[[str], "str | None"]


def connection_name(naming: Naming, written: str) -> str:
    """A connection's name as Exasol folds it: a quoted one as written, any other in upper case."""
    if written.startswith('"'):
        return written[1:-1].replace('""', '"')
    return naming.normalize(written)


@dataclass
class _Connection:
    """Where an IMPORT's source or an EXPORT's destination is: a connection's name, or an address given as a string."""

    name: str | None = None
    address: str | None = None
    azure: bool = False  # AT CLOUD AZURE BLOBSTORAGE: the address is an Azure storage account's connection string


@dataclass
class _End:
    """An IMPORT's source or an EXPORT's destination."""

    kind: str = ""  # FILES, TABLE, STATEMENT or SCRIPT
    system: str = ""  # EXA, ORA, JDBC, CSV, FBV, LOCAL, SCRIPT
    connection: _Connection | None = None
    files: list[tuple[_Connection | None, str]] = field(default_factory=list)
    table: exp.Table | None = None
    columns: list[str] | None = None
    statements: list[str] = field(default_factory=list)
    driver: str | None = None


class _Reader:
    """The tokens of one IMPORT or EXPORT, read left to right."""

    def __init__(self, naming: Naming, text: str) -> None:
        self.naming, self.text = naming, text
        self.tokens = [t for t in naming.dialect.tokenize(text) if t.token_type != TokenType.SEMICOLON]
        self.at = 0

    def word(self, offset: int = 0) -> str | None:
        index = self.at + offset
        return word_of(self.tokens[index]) if index < len(self.tokens) else None

    def token(self) -> Token | None:
        return self.tokens[self.at] if self.at < len(self.tokens) else None

    def expect(self, *words: str) -> str:
        word = self.word()
        if word not in words:
            found = self.token().text if self.token() is not None else "the end"
            raise UnsupportedStatement(f"{self.tokens[0].text.upper()}: expected {' or '.join(words)}, found {found}")
        self.at += 1
        return word

    def string(self) -> str | None:
        token = self.token()
        if token is None or token.token_type not in STRING_TOKENS:
            return None
        self.at += 1
        return token.text

    def name(self) -> exp.Table:
        """A table's name (``schema.table``, quoted parts too)."""
        start = self.at
        while self.at < len(self.tokens):
            token = self.tokens[self.at]
            if token.token_type in (TokenType.L_PAREN, TokenType.STRING, TokenType.COMMA):
                break
            self.at += 1
            if self.at < len(self.tokens) and self.tokens[self.at].token_type == TokenType.DOT:
                self.at += 1
                continue
            break
        if self.at == start:
            raise UnsupportedStatement(f"{self.tokens[0].text.upper()}: expected a table's name")
        written = self.text[self.tokens[start].start:self.tokens[self.at - 1].end + 1]
        try:
            table = exp.to_table(written, dialect=self.naming.dialect)
        except (SqlglotError, ValueError) as err:
            raise UnsupportedStatement(f"{self.tokens[0].text.upper()}: {written} is no table's name") from err
        return table

    def column_list(self) -> list[str] | None:
        """The names of a bracketed list of columns after a table's name, or None when none follows."""
        token = self.token()
        if token is None or token.token_type != TokenType.L_PAREN:
            return None
        end = group_end(self.tokens, self.at)
        names = [t.text if t.token_type == TokenType.IDENTIFIER else self.naming.normalize(t.text)
                 for t in self.tokens[self.at + 1:end - 1] if t.token_type != TokenType.COMMA]
        self.at = end
        return names

    def connection(self) -> _Connection:
        """``AT connection | 'address'`` and the credentials after it (skipped), up to what is read through it."""
        self.expect("AT")
        azure = False
        if self.word() == "CLOUD":  # AT CLOUD {NONE | AZURE BLOBSTORAGE} connection: a cloud store's
            self.at += 1
            while self.word() in ("NONE", "AZURE", "BLOBSTORAGE"):
                azure = azure or self.word() == "AZURE"
                self.at += 1
        address = self.string()
        token = self.token()
        if address is not None:
            found = _Connection(address=address, azure=azure)
        elif token is not None and (token.token_type == TokenType.IDENTIFIER or word_of(token)):
            self.at += 1
            found = _Connection(name=token.text if token.token_type == TokenType.IDENTIFIER
                                else self.naming.normalize(token.text))
        else:
            raise UnsupportedStatement(f"{self.tokens[0].text.upper()}: expected a connection after AT")
        while self.token() is not None and self.word() not in _AFTER_CONNECTION:  # USER '...' IDENTIFIED BY '...'
            self.at += 1
        return found

    def end(self) -> _End:
        """An IMPORT's source (after FROM) or an EXPORT's destination (after INTO)."""
        word = self.word()
        if word in _DATABASES:
            self.at += 1
            found = _End(system=word)
            if self.word() == "DRIVER":  # JDBC DRIVER = 'name'
                self.at += 2
                found.driver = self.string()
            found.connection = self.connection()
            if self.expect("TABLE", "STATEMENT") == "TABLE":
                found.kind, found.table = "TABLE", self.name()
                found.columns = self.column_list()
            else:
                found.kind = "STATEMENT"
                while True:
                    text = self.string()
                    if text is None:
                        raise UnsupportedStatement(f"{self.tokens[0].text.upper()}: expected the statement's text "
                                                   "after STATEMENT")
                    found.statements.append(text)
                    if self.word() != "STATEMENT":
                        break
                    self.at += 1
            return found
        if word == "SCRIPT":
            self.at += 1
            return _End(kind="SCRIPT", system="SCRIPT", table=self.name())
        local = word == "LOCAL"
        if local:
            self.at += 1
            if self.word() == "SECURE":
                self.at += 1
        system = self.expect("CSV", "FBV")
        found = _End(kind="FILES", system="LOCAL" if local else system)
        while self.word() in ("AT", "FILE"):
            connection = None if local else self.connection()
            self.expect("FILE")
            while True:
                path = self.string()
                if path is None:
                    raise UnsupportedStatement(f"{self.tokens[0].text.upper()}: expected a file's path after FILE")
                found.files.append((connection, path))
                if self.word() != "FILE":
                    break
                self.at += 1
            if local:
                break
        if not found.files:
            raise UnsupportedStatement(f"{self.tokens[0].text.upper()}: expected AT connection FILE 'path'")
        return found


@dataclass
class Import:
    """An IMPORT as read: the table it writes (None: its rows are a result) and the columns it lists or defines."""

    table: exp.Table | None
    listed: list[str] | None  # INTO t (columns)
    defined: list[str] | None  # INTO (definitions): the result's columns' names
    source: _End


@dataclass
class Export:
    """An EXPORT as read: the query whose rows it writes (a table's columns, or its own) and where."""

    rows: exp.Query
    destination: _End


@dataclass
class Rows:
    """What an IMPORT's source gives: another database's rows (a table of it, :attr:`query`, or the statements it
    runs, :attr:`statements`, read by :meth:`remote_query`), files' (their locations) or a script's (its name)."""

    query: exp.Query | None = None
    statements: list[str] = field(default_factory=list)
    catalog: exp.Identifier | None = None  # the connection the statements' tables are named in
    dialect: str | None = None  # the SQL the statements are in, where known
    shown: str = ""
    locations: list[str] = field(default_factory=list)
    script: tuple[str, ...] | None = None

    def remote_query(self, passed_through: Callable[..., exp.Expression]) -> exp.Query | None:
        """The query of the source's rows: the table's, or the statements' (their rows together), each read by
        ``passed_through`` (:func:`.analysis.passed_through_query`); None for files or a script."""
        if not self.statements:
            return self.query
        queries = [passed_through(text, self.catalog, (self.dialect,), self.shown) for text in self.statements]
        union = queries[0]
        for query in queries[1:]:
            union = exp.union(union, query, distinct=False)
        return union


def read_import(naming: Naming, text: str) -> Import:
    """The parts of an ``IMPORT [INTO t [(columns)] | INTO (definitions)] FROM source ...``."""
    reader = _Reader(naming, text)
    reader.expect("IMPORT")
    table, listed, defined = None, None, None
    if reader.word() == "INTO":
        reader.at += 1
        token = reader.token()
        if token is not None and token.token_type == TokenType.L_PAREN:  # (c1 INT, c2 VARCHAR(9)): a result's columns
            end = group_end(reader.tokens, reader.at)
            defined, first, depth = [], True, 0
            for token in reader.tokens[reader.at + 1:end - 1]:
                if first:
                    defined.append(token.text if token.token_type == TokenType.IDENTIFIER
                                   else naming.normalize(token.text))
                depth += (token.token_type == TokenType.L_PAREN) - (token.token_type == TokenType.R_PAREN)
                first = token.token_type == TokenType.COMMA and depth == 0
            reader.at = end
        else:
            table = reader.name()
            listed = reader.column_list()
    reader.expect("FROM")
    return Import(table, listed, defined, reader.end())


def read_export(naming: Naming, text: str) -> Export:
    """The parts of an ``EXPORT {t [(columns)] | (query)} INTO destination ...``."""
    reader = _Reader(naming, text)
    reader.expect("EXPORT")
    token = reader.token()
    if token is not None and token.token_type == TokenType.L_PAREN:
        end = group_end(reader.tokens, reader.at)
        written = text[reader.tokens[reader.at + 1].start:reader.tokens[end - 2].end + 1]
        try:
            rows = exp.maybe_parse(written, dialect=naming.dialect)
        except SqlglotError as err:
            raise UnsupportedStatement(f"EXPORT (query): the query cannot be read: {err}") from err
        reader.at = end
    else:
        table = reader.name()
        listed = reader.column_list()
        rows = exp.select(*([exp.column(exp.to_identifier(n, quoted=True)) for n in listed] if listed
                            else [exp.Star()])).from_(table)
    reader.expect("INTO")
    return Export(rows, reader.end())


def source_rows(naming: Naming, source: _End, addresses: Addresses) -> Rows:
    """What an IMPORT's source gives: another database's table or statements through a named connection; the files'
    locations; a script's name; through a connection given as a string, its address as a location."""
    if source.kind == "FILES":
        return Rows(locations=[located(connection, path, addresses, local=source.system == "LOCAL")
                               for connection, path in source.files])
    if source.kind == "SCRIPT":
        return Rows(script=naming.table_parts(source.table))
    connection = source.connection
    if connection.name is None:  # an address: its tables have no name here
        return Rows(locations=[without_credentials(connection.address)])
    catalog = exp.to_identifier(connection.name, quoted=True)
    if source.kind == "TABLE":
        return Rows(query=remote_select(source, catalog))
    url = addresses(connection.name) or ""
    protocol = re.match(r"jdbc:([a-z0-9]+)", url, re.IGNORECASE)
    driver = protocol[1] if protocol else source.driver or ""  # (JDBC DRIVER = 'MSSQL': the driver the log names)
    dialect = _DATABASE_DIALECTS.get(source.system) or _JDBC_DIALECTS.get(driver.lower())
    return Rows(statements=source.statements, catalog=catalog, dialect=dialect,
                shown=f"{source.system} AT {connection.name} STATEMENT")


def imported_rows(naming: Naming, text: str, addresses: Addresses, passed_through: Callable[..., exp.Expression]
                  ) -> tuple[exp.Query | None, list[str], list[str] | None]:
    """The rows of an IMPORT inside a query (``SELECT ... FROM (IMPORT [INTO (definitions)] FROM ...)``, written out
    as ``"$IMPORT"('text')`` by :func:`.rewrites._exasol_forms_written_out`): another database's query, with the
    columns the definitions name, or the locations of the files it reads (and those names, if defined)."""
    imported = read_import(naming, text)
    if imported.table is not None:
        raise UnsupportedStatement("IMPORT INTO a table inside a query: a query's IMPORT gives rows, it writes none")
    rows = source_rows(naming, imported.source, addresses)
    if rows.script is not None:
        raise UnsupportedStatement(f"IMPORT FROM SCRIPT {'.'.join(rows.script)} inside a query: a script's rows are "
                                   "not read here")
    query = rows.remote_query(passed_through)
    if query is not None and imported.defined:  # SELECT * FROM (query) AS "$import"(c1, c2): the defined names
        alias = exp.TableAlias(this=exp.to_identifier("$import", quoted=True),
                               columns=[exp.to_identifier(name, quoted=True) for name in imported.defined])
        query = exp.select(exp.Star()).from_(exp.Subquery(this=query, alias=alias))
    return query, rows.locations, imported.defined


def remote_select(end: _End, catalog: exp.Identifier) -> exp.Select:
    """``SELECT columns FROM catalog.schema.table``: another database's table through a named connection, its
    columns those listed (else all)."""
    table = end.table.copy()
    if table.args.get("db") is None:
        raise UnsupportedStatement(f"{end.system} AT {catalog.name} TABLE {table.name}: the table is named without its "
                                   "schema, and the connection's default schema is not in the log")
    if table.args.get("catalog") is None:
        table.set("catalog", catalog.copy())
    columns = [exp.column(exp.to_identifier(name, quoted=True)) for name in end.columns] if end.columns \
        else [exp.Star()]
    return exp.select(*columns).from_(table)


def located(connection: _Connection | None, path: str, addresses: Addresses, *, local: bool = False) -> str:
    """A file's location: a client's file (``LOCAL``) as a file URI; a path under its connection's address (a named
    connection's as the log created it: the path as written when the log did not, or when it is a whole URL)."""
    if local or connection is None:
        return file_uri(path)
    address = addresses(connection.name) if connection.name is not None else connection.address
    if connection.azure and address:  # (its key is never kept: azure_blobs)
        return azure_blobs(address, [exp.Literal.string(path)])
    address = without_credentials(address or "")
    if "://" in path or not address:
        return path
    base, mark, query = address.partition("?")  # (a SAS's parameters follow the file's path)
    return f"{base.rstrip('/')}/{path.lstrip('/')}{mark}{query}" if path else address


