"""Hostile log files, read by the one reader that ``ahp resolve`` and the pipeline share.

The inputs are kept as data in ``tests/data/hostile/logs`` (``mixed.jsonl``: a BOM, blank
required fields, timestamps out of range, a lone surrogate, a query_id twice; ``bom.jsonl.gz``)
or generated here when big (an oversize line, a gzip bomb, many bad lines): nothing big is
committed. Each input goes through ``ahp resolve`` (a subprocess) and through a pipeline
partition on the shared Spark session, and both must set the same lines aside for the same
reasons, keep the same lines, crash on nothing and hold memory to a bound.
"""

from __future__ import annotations

import gzip
import io
import json
import os
import random
import re
import subprocess
import sys
import tracemalloc
import zlib
from collections import Counter
from datetime import date
from pathlib import Path
from typing import Any, Iterator, NamedTuple

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from access_history_platform import cli, json_documents
from access_history_platform.logs import BadLine, Limits, log_entries, parse_log_line
from access_history_platform.spark.logs import log_rows
from assets import access_history, raw_query_logs
from tests.support.hostile import load
from tests.support.workers import WorkerMemory
from tests.test_bad_input import CATALOG, DAY, LOGS_ONLY, THROUGH_RECORDS, line, zone  # noqa: F401 (fixture)

DATA = Path(__file__).parent / "data" / "hostile" / "logs"
AHP = str(Path(sys.executable).with_name("ahp"))
MiB = 1024 * 1024
#: What the reader may hold at once, at most, in these tests (chunks of 1 MiB, a line of 8 MiB at most).
MEMORY_BOUND = 40 * MiB
#: mixed.jsonl: the lines set aside, and the start of each one's reason (the same in the CLI and the pipeline).
MIXED_BAD = {
    2: "field 'query_id': must not be blank",
    3: "field 'user_name': must not be blank",
    4: "field 'query_text': must not be blank",
    5: "field 'query_start_time': '0001-01-01T00:00:00+14:00' is out of range once converted to UTC",
    6: "field 'query_start_time': '9999-12-31T23:59:59-14:00' is out of range once converted to UTC",
    7: "field 'query_text': holds a lone surrogate ('\\udc00' at character 39), which is not Unicode text",
    11: "duplicate query_id with different content (query_id 'dup'; the line kept, first in log order, is ",
}
MIXED_KEPT = Counter({"bom_first": 1, "ok_after": 1, "dup": 1, "ok_last": 1})


# --------------------------------------------------------------------------- helpers


#: Runs a command (argv[2:]) and writes its peak resident set in bytes to the file argv[1]. A small
#: process of its own, because a child's peak counts what its parent held when it forked (Linux
#: keeps the larger of the memory before and after exec): measured from the test process, every
#: run would show the test process's size.
MEASURED = """import resource, subprocess, sys
status = subprocess.call(sys.argv[2:])
open(sys.argv[1], "w").write(str(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss * 1024))
sys.exit(status)
"""


class CliRun(NamedTuple):
    records: list[dict[str, Any]]
    bad: dict[int, str]  # line -> rule
    stderr: str
    peak_rss: int  # bytes: the process's largest resident set


def resolve_cli(tmp_path: Path, log: Path, *options: str, **env: str) -> CliRun:
    """``ahp resolve`` on ``log`` (with ``options``) in a process of its own: its records, bad lines, stderr and
    peak memory."""
    catalog, peak = tmp_path / "catalog.json", tmp_path / "peak_rss"
    catalog.write_text(json.dumps(CATALOG))
    proc = subprocess.run([sys.executable, "-c", MEASURED, str(peak), AHP, "resolve", "--catalog", str(catalog),
                           "--log", str(log), *options], capture_output=True, text=True, timeout=300,
                          env={**os.environ, **env})
    stdout, stderr = proc.stdout, proc.stderr
    assert proc.returncode == 0, stderr[-2000:]
    bad = {}
    for match in re.finditer(rf"^line set aside: {re.escape(str(log))}:(\d+): (.*)$", stderr, re.M):
        assert int(match[1]) not in bad, f"line {match[1]} reported twice"
        bad[int(match[1])] = match[2]
    return CliRun([json.loads(row) for row in stdout.splitlines()], bad, stderr, int(peak.read_text()))


def quarantined(zone, account: str, name: str) -> dict[int, str]:
    """The partition's quarantine entries of the file ``name``: line -> reason."""
    rows = [row for row in zone.table("raw_query_logs_quarantine", account) if row["file"].endswith("/" + name)]
    by_line = {row["line"]: row["reason"] for row in rows}
    assert len(by_line) == len(rows), "a line quarantined twice"
    return by_line


def same_reasons(cli_bad: dict[int, str], pipeline_bad: dict[int, str]) -> None:
    """The CLI's and the pipeline's reasons agree, but for the file's name (a path in one, a URI in the other)."""
    assert cli_bad.keys() == pipeline_bad.keys()
    for number, rule in cli_bad.items():
        if rule.startswith("duplicate query_id"):
            rule, other = rule.rsplit(" is ", 1)[0], pipeline_bad[number].rsplit(" is ", 1)[0]
        else:
            other = pipeline_bad[number]
        assert rule == other, number


def gzip_stream(pieces: Iterator[bytes]) -> bytes:
    """``pieces`` gzip-compressed as they come (a big expansion without the big text in memory)."""
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    return b"".join(compressor.compress(piece) for piece in pieces) + compressor.flush()


def peak_memory(function) -> tuple[Any, int]:
    """``function()`` and the peak of the Python memory it allocated on top of what was there."""
    tracemalloc.start()
    try:
        result = function()
        return result, tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()


def log_line(query_id: str, second: int = 0, text: str = "select id from d.s.orders") -> bytes:
    return json.dumps(line(query_id, text, second)).encode() + b"\n"


# --------------------------------------------------------------------------- validation, without Spark


@pytest.mark.parametrize("fields, reason", [(case["fields"], case["reason"]) for case in load("logs/fields.json")["cases"]])
def test_a_line_that_would_stop_the_day_later_is_a_bad_line_now(fields, reason):
    item = parse_log_line(json.dumps({**line("q"), **fields}), "log.jsonl", 3)
    assert isinstance(item, BadLine) and item.line == 3 and reason in item.rule, item


def test_extreme_but_valid_timestamps_and_non_ascii_text_are_lines():
    for stamp in ("0001-01-01T00:00:00+00:00", "9999-12-31T23:59:59+00:00", "0001-01-01T10:00:00+09:00"):
        assert not isinstance(parse_log_line(json.dumps({**line("q"), "query_start_time": stamp})), BadLine)
    assert parse_log_line(json.dumps(line("q", "select 'é😀'"))).query_text == "select 'é😀'"


def test_a_file_of_lines_reads_as_each_line_validated_alone():
    """After its first object, a file of the platform's own lines is validated from each line's text by pydantic's
    JSON parser; every line must come out as the general way (decode, drop nulls, validate) makes it alone: the
    same line or the same rule, the same fields set and extra fields; a record of another format is set aside."""
    valid = line("q")
    texts = [json.dumps(valid)] + [json.dumps({**valid, **fields}) for fields in (
        {}, {"role_name": None}, {"extra": None}, {"extra": [1, {"z": None}]}, {"n": 10**30, "f": 1.5e300, "t": True},
        {"query_text": "select a from t where b is null"}, {"execution_status": "fail"}, {"execution_status": None},
        {"query_id": None}, {"query_id": " "}, {"query_text": "select 'é😀'"}, {"QUERY_ID": "upper"},
        {"query_start_time": "2024-03-01T09:00:00Z"}, {"query_start_time": "2024-03-01 09:00:00"},
        {"query_start_time": 5}, {"session_id": 7}, {"deep": [[[[[]]]]]},
    )]
    texts += [
        '{"query_id": "a", "query_id": "b", "query_text": "s", "user_name": "U", "query_start_time": "2024-03-01T09:00:00+00:00"}',
        '{"query_id": "\\udc00", "query_text": "s", "user_name": "U", "query_start_time": "2024-03-01T09:00:00+00:00"}',
        '{"user_name": "U", "query_start_time": "2024-03-01T09:00:00+00:00", "query_text": "s", "query_id": "order"}',
        '{"query_id": "x", "deep": ' + "[" * 300 + "]" * 300 + ', "query_text": "s", "user_name": "U", '
        '"query_start_time": "2024-03-01T09:00:00+00:00"}',
        "[1, 2]", "{not json", "null",
    ]
    others = [  # Snowflake's records: the second one is a valid line too (its other fields as extra fields)
        json.dumps({"QUERY_ID": "sf", "QUERY_TEXT": "select 1", "START_TIME": "2024-03-01T09:00:00+00:00",
                    "USER_NAME": "U", "EXECUTION_STATUS": "SUCCESS"}),
        json.dumps({**valid, "start_time": "2024-03-01T09:00:00+00:00", "execution_status": "SUCCESS"}),
    ]
    texts += others
    entries = list(log_entries("log.jsonl", io.BytesIO("\n".join(texts).encode())))
    assert [number for number, _, _ in entries] == list(range(1, len(texts) + 1))
    for (number, text, item), source in zip(entries[:-len(others)], texts):
        # alone: the first object of a file of its own (at the same line number), which the reader decodes to
        # find the file's columns and validates the general way (a file opening with an array is a JSON document)
        if source.startswith("["):
            assert isinstance(item, BadLine) and item.rule == "a log line must be a JSON object, got list"
            continue
        (_, _, alone), = log_entries("log.jsonl", io.BytesIO(("\n" * (number - 1) + source).encode()))
        if isinstance(alone, BadLine) or isinstance(item, BadLine):
            assert item == alone, (source, item, alone)
        else:
            assert (item, item.model_fields_set, repr(item.model_extra)) == (
                alone, alone.model_fields_set, repr(alone.model_extra)), source
    for _, _, mixed in entries[-len(others):]:
        assert isinstance(mixed, BadLine) and "a file mixing formats" in mixed.rule, mixed
    assert sum(not isinstance(item, BadLine) for _, _, item in entries) >= 15


def test_a_byte_order_mark_starts_a_file_and_nothing_else():
    content = b"\xef\xbb\xbf" + log_line("a") + b"\xef\xbb\xbf" + log_line("b", 1)
    items = [item for _, _, item in log_entries("log.jsonl", io.BytesIO(content))]
    assert items[0].query_id == "a"
    assert isinstance(items[1], BadLine) and items[1].rule.startswith("not valid JSON")


def test_a_line_that_is_not_json_is_set_aside_naming_the_parsers_problem_and_its_column():
    """The reason read 'Unterminated string starting at at column 14' (a reviewer's walk through the README): the
    parser's message, then where, as Python's own error puts them."""
    content = b'{"query_id": "a' + b"\n" + b"{not json\n"
    items = [item for _, _, item in log_entries("log.jsonl", io.BytesIO(content))]
    assert [item.rule for item in items] == [
        "not valid JSON (Unterminated string starting at: column 14)",
        "not valid JSON (Expecting property name enclosed in double quotes: column 2)"]


# --------------------------------------------------------------------------- size limits, without Spark


def test_an_oversize_line_is_set_aside_with_its_size_and_the_lines_after_it_kept():
    big = json.dumps(line("big", "select '" + "x" * 5000 + "'")).encode() + b"\n"
    content = gzip.compress(log_line("before") + big + log_line("after", 1))
    rows = list(log_rows("log.jsonl.gz", content, account="ACME", day=DAY, limits=Limits(line_bytes=4096)))
    assert [(row["kind"], row["line"], row.get("query_id")) for row in rows] == [
        ("line", 1, "before"), ("bad", 2, None), ("line", 3, "after")]
    assert rows[1]["reason"] == (f"line 2 is {len(big) - 1} bytes, more than the limit of 4096 (AHP_MAX_LINE_BYTES); "
                                 "the entry keeps its first 1024 bytes")
    assert big.decode().startswith(rows[1]["text"]) and len(rows[1]["text"]) == 1024


@pytest.mark.parametrize("chunk", [7, 4096, 1 << 20])
def test_lines_split_across_chunks_come_back_whole(monkeypatch, chunk):
    """Lines are read in chunks: a line, an oversize one and a BOM may straddle any boundary."""
    import access_history_platform.logs as logs

    monkeypatch.setattr(logs, "CHUNK_BYTES", chunk)
    lines = [log_line(f"q{i}", i % 60, "select " + "y" * (i * 37 % 900)) for i in range(60)]
    lines[20] = json.dumps(line("big", "x" * 3000)).encode() + b"\n"
    content = b"\xef\xbb\xbf" + b"".join(lines)[:-1]  # no newline at the end
    items = [(number, item) for number, _, item in log_entries("log.jsonl", io.BytesIO(content),
                                                               limits=Limits(line_bytes=2048))]
    assert [number for number, _ in items] == list(range(1, 61))
    assert [item.query_id for number, item in items if number != 21] == [f"q{i}" for i in range(60) if i != 20]
    assert items[20][1].rule.startswith(f"line 21 is {len(lines[20]) - 1} bytes")


def bomb(line_bytes: int) -> bytes:
    """Two good lines, one line of ``line_bytes`` bytes, one good line: gzip-compressed, a few hundred KB."""
    filler = b"a" * MiB
    return gzip_stream(iter([log_line("g1"), log_line("g2", 1), b'{"query_id": "',
                             *(filler for _ in range(line_bytes // MiB)), b'"}\n', log_line("g4", 3)]))


def test_a_gzip_bomb_is_read_in_bounded_memory_and_costs_one_line():
    content = bomb(256 * MiB)
    rows, peak = peak_memory(lambda: list(log_rows("bomb.jsonl.gz", content, account="ACME", day=DAY,
                                                   limits=Limits())))
    assert [(row["kind"], row["line"]) for row in rows] == [("line", 1), ("line", 2), ("bad", 3), ("line", 4)]
    assert rows[2]["reason"].startswith(f"line 3 is {256 * MiB + 16} bytes, more than the limit of 8388608")
    assert peak < MEMORY_BOUND, peak


def test_past_the_file_limit_the_rest_of_the_file_is_one_entry():
    content = bomb(64 * MiB)
    rows, peak = peak_memory(lambda: list(log_rows("bomb.jsonl.gz", content, account="ACME", day=DAY,
                                                   limits=Limits(file_bytes=16 * MiB))))
    assert [(row["kind"], row["line"]) for row in rows] == [("line", 1), ("line", 2), ("bad", 3)]
    assert rows[2]["reason"] == ("the file's text is more than the limit of 16777216 bytes (AHP_MAX_FILE_BYTES): "
                                 "line 3 and everything after it are set aside")
    assert peak < MEMORY_BOUND, peak


# --------------------------------------------------------------------------- JSON documents, without Spark


def _document_rows(count: int) -> list[dict[str, Any]]:
    """Rows whose values straddle any chunk boundary: numbers (``-2.5e3`` cut after ``-2``), escapes, text of two,
    three and four UTF-8 bytes a character."""
    text = "select 'é€𝄞" + '\\"' + "' from d.s.orders"
    return [{"query_id": f"q{i}", "query_text": text, "n": -2.5e3 * i, "big": 10 ** 12, "flags": [True, None, {"k": i}]}
            for i in range(count)]


@pytest.mark.parametrize("chunk", range(1, 40))
def test_a_json_document_split_across_chunks_comes_back_whole(chunk):
    """A JSON document is read in chunks, one value at a time: a row, a number, a character, a BOM may straddle any
    boundary; a wrapper longer than the line limit is read member by member, its rows streamed."""
    rows = _document_rows(4)
    documents = [b"\xef\xbb\xbf" + json.dumps(rows, indent=2, ensure_ascii=False).encode(),
                 json.dumps({"next_page_token": "t", "has_next_page": False, "res": rows, "more": [1.5]}).encode(),
                 b"\n".join(json.dumps({"res": rows[i:i + 2], "n": 2}).encode() for i in (0, 2))]
    for document in documents:
        found = list(json_documents.Values(io.BytesIO(document), 300, 1 << 30, chunk=chunk))
        assert [item for _, _, item in found] == rows
        assert [json.loads(text) for _, text, _ in found] == rows
        assert [number for number, _, _ in found] == [1, 2, 3, 4]


def _read(name: str, content: bytes, **limits: int) -> list[tuple[int, str | None, str | None]]:
    """What a file gives: each entry's number, its query_id (a line) or its rule (set aside)."""
    return [(number, getattr(item, "query_id", None), getattr(item, "rule", None))
            for number, _, item in log_entries(name, io.BytesIO(content), limits=Limits(**limits))]


def test_a_json_document_that_breaks_sets_aside_the_text_up_to_the_next_row_and_reads_the_rows_around_it():
    """A break costs the text up to the next line that starts a row (rows of an indented array, pages a line, each
    start one), not the rest of the file: an invalid value, a byte that is no UTF-8, an integer Python will not
    convert, a row over the line limit, a page cut by an interrupted append. Where a document is cut short, where
    its stream breaks or its text passes the file's limit, the rows before are read and the rest is one entry."""
    rows = [json.loads(log_line(f"q{i}", i)) for i in range(4)]
    indented = json.dumps(rows, indent=1).encode()
    q1 = json.dumps(rows[1], indent=1).replace("\n", "\n ").encode()  # (as it stands in the array)
    broken = "the JSON document is broken after row 1"
    cases = {  # the file, and what it gives: the query_ids read, the break's number and the rule's start
        "comma.json": (indented.replace(b"},\n {", b"} {", 1), [1, 3, 4], 2, f"{broken} (expected ',' or ']'"),
        "value.json": (indented.replace(b'"q1"', b"q1", 1), [1, 3, 4], 2,
                       f"{broken} (not valid JSON: Expecting value)"),
        "byte.json": (indented.replace(b'"q1"', b'"q\xff1"', 1), [1, 3, 4], 2, f"{broken} (not UTF-8 text)"),
        "digits.json": (indented.replace(q1, q1[:-1] + b', "n": ' + b"9" * 5000 + b"}", 1), [1, 3, 4], 2,
                        f"{broken} (not valid JSON: Exceeds the limit (4300 digits)"),
        "long.json": (indented.replace(b'"q1"', b'"' + b"x" * 5000 + b'"', 1), [1, 3, 4], 2,
                      f"{broken} (a value of more than the line limit of 4096 bytes (AHP_MAX_LINE_BYTES))"),
        "pages.json": (b"".join(json.dumps({"res": [row]}).encode()[:None if i != 1 else 30] + b"\n"
                                for i, row in enumerate(rows)), [1, 3, 4], 2, f"{broken} (not valid JSON"),
    }
    for name, (content, read, number, rule) in cases.items():
        found = _read(name, content, line_bytes=4096)
        assert [n for n, query_id, _ in found if query_id] == read, (name, found)
        assert [query_id for _, query_id, _ in found if query_id] == [f"q{n - 1}" for n in read], name
        [(bad_number, _, bad)] = [entry for entry in found if entry[2]]
        assert bad_number == number and bad.startswith(rule), (name, bad)
        assert bad.endswith("the text up to the next line that starts a row is set aside"), bad

    cut = {
        "cut.json": (indented[:-60], {}, "the JSON document is cut short after row 3; the rows before it are read, "
                                         "the rest of the file is set aside"),
        "limit.json": (indented, {"file_bytes": len(indented) - 60}, f"the file's text is more than the limit of "
                       f"{len(indented) - 60} bytes (AHP_MAX_FILE_BYTES): row 4 and everything after it are set aside"),
    }
    for name, (content, limits, rule) in cut.items():
        assert _read(name, content, **limits) == [(1, "q0", None), (2, "q1", None), (3, "q2", None), (4, None, rule)]

    many = [json.loads(log_line(f"q{i}", i % 60)) for i in range(3000)]
    found = _read("cut.json.gz", gzip.compress(json.dumps(many, indent=1).encode())[:-30])
    *read, (number, _, bad) = found
    assert [n for n, _, _ in read] == list(range(1, number)) and number > 2900
    assert bad.startswith(f"the file is truncated or corrupt after row {number - 1} (")

    wrapped = json.dumps({"warnings": [], "res": [rows[0], "select 1", rows[1]]}, indent=1).encode()
    assert _read("page.json", wrapped) == [(1, "q0", None), (2, None, "an entry of the JSON document must be an "
                                                                      "object, got str"), (3, "q1", None)]


@pytest.mark.parametrize("seed", range(4))
def test_fuzz_a_mutated_json_document_never_ends_the_read_and_numbers_every_entry(seed):
    """Documents of every shape (indented or compact arrays, pages a line, a Redshift Data API response, a huge
    wrapper streamed member by member), each cut, corrupted, its bytes flipped or gzip-compressed and cut: the read
    ends without an exception, every entry is numbered once, in order (a break met while passing another, a gzip
    stream cut in a broken row's line, raised out of the reader)."""
    rng = random.Random(seed)
    rows = [json.loads(log_line(f"q{i}", i % 60, "select '" + "".join(rng.choices("0123456789abcdef", k=200)) + "'"))
            for i in range(150)]  # (text gzip cannot shrink much: a cut stream breaks after the reader's first chunk)
    shapes = [json.dumps(rows, indent=1), json.dumps(rows),
              "\n".join(json.dumps({"res": rows[i:i + 5], "has_next_page": True}) for i in range(0, 150, 5)),
              json.dumps({"Records": [[{"stringValue": str(v)} for v in row.values()] for row in rows],
                          "ColumnMetadata": [{"name": name} for name in rows[0]]}, indent=2),
              json.dumps({"next_page_token": "t", "res": rows}, indent=1)]
    for _ in range(40):
        content = bytearray(rng.choice(shapes).encode())
        for _ in range(rng.randrange(1, 6)):
            if not content:
                break
            at = rng.randrange(len(content))
            kind = rng.randrange(4)
            if kind == 0:
                content[at] = rng.randrange(256)
            elif kind == 1:
                del content[at:at + rng.randrange(1, 200)]
            elif kind == 2:
                content[at:at] = rng.choice([b"\n", b"{", b"[", b"]", b",", b'"', b"\xff", b"9" * 5000])
            else:
                content = content[:at]
        data = bytes(content)
        if rng.random() < 0.3:
            data = gzip.compress(data)[:rng.randrange(10, len(gzip.compress(data)) + 1)]
        name = "fuzz.json.gz" if data[:2] == b"\x1f\x8b" else "fuzz.json"
        found = list(log_entries(name, io.BytesIO(data), limits=Limits(line_bytes=4096)))
        numbers = [number for number, _, _ in found]
        assert numbers == sorted(set(numbers)), numbers


def test_an_empty_result_or_page_is_no_entry_and_the_pages_after_it_are_read():
    """bq prints ``[]`` for no rows; the Databricks CLI ``{}`` for an empty page (its SDK leaves every empty field
    out); a page without rows may still say there is a next one."""
    page = json.dumps({"res": [json.loads(log_line("q0"))]}).encode()
    for first in (b"[]", b"{}", b'{"has_next_page": true, "next_page_token": "x"}', b'{"res": []}'):
        assert _read("empty.json", first + b"\n") == [], first
        if first != b"[]":
            assert _read("pages.json", first + b"\n" + page + b"\n") == [(1, "q0", None)], first
    assert _read("results.json", b"[]\n[" + page[9:-2] + b"]\n") == [(1, "q0", None)]
    assert _read("lines.json", b"[]\n" + log_line("q0"))[1:] == [(2, "q0", None)]  # (JSON Lines after a bad line)


def test_a_json_lines_file_whose_first_line_is_broken_is_still_read_line_by_line():
    """A file is taken for JSON documents by its start only where JSON Lines could not be: a broken first line does
    not make the lines after it a document."""
    content = b'{"query_id": "q0", "query_text": \n' + log_line("q1") + log_line("q2", 1)
    found = [(n, item) for n, _, item in log_entries("log.json", io.BytesIO(content))]
    assert [(n, isinstance(item, BadLine)) for n, item in found] == [(1, True), (2, False), (3, False)]
    assert found[0][1].rule.startswith("not valid JSON")


def test_a_json_document_bomb_is_read_in_bounded_memory_and_past_a_limit_the_rest_is_one_entry():
    filler = b"a" * MiB
    content = gzip_stream(iter([b"[" + log_line("g1").rstrip() + b", " + log_line("g2", 1).rstrip() + b",",
                                b'{"query_id": "', *(filler for _ in range(64)), b'"}, ', log_line("g4", 3), b"]"]))
    found, peak = peak_memory(lambda: list(log_entries("bomb.json.gz", io.BytesIO(content),
                                                       limits=Limits(line_bytes=8 * MiB))))
    assert [(n, isinstance(item, BadLine)) for n, _, item in found] == [(1, False), (2, False), (3, True)]
    assert found[2][2].rule == ("the JSON document is broken after row 2 (a value of more than the line limit of "
                                "8388608 bytes (AHP_MAX_LINE_BYTES)): the text up to the next line that starts a row "
                                "is set aside")
    assert peak < MEMORY_BOUND, peak
    found = list(log_entries("bomb.json.gz", io.BytesIO(content), limits=Limits(line_bytes=128 * MiB,
                                                                                 file_bytes=16 * MiB)))
    assert [(n, isinstance(item, BadLine)) for n, _, item in found] == [(1, False), (2, False), (3, True)]
    assert found[2][2].rule == ("the file's text is more than the limit of 16777216 bytes (AHP_MAX_FILE_BYTES): row "
                                "3 and everything after it are set aside")


def test_the_limits_come_from_the_environment_and_a_bad_value_names_its_variable():
    assert Limits.from_env({}) == Limits(8 * MiB, 4 * 1024 * MiB)
    assert Limits.from_env({"AHP_MAX_LINE_BYTES": "100", "AHP_MAX_FILE_BYTES": "2000"}) == Limits(100, 2000)
    with pytest.raises(Exception, match=r"AHP_MAX_LINE_BYTES='1MB': it is not a positive whole number of bytes"):
        Limits.from_env({"AHP_MAX_LINE_BYTES": "1MB"})


# --------------------------------------------------------------------------- the CLI


def test_bad_lines_stream_out_of_the_cli_and_are_not_held(tmp_path, capsys):
    """20,000 bad lines of 4 KB (80 MB): each is reported as it is read, none is kept until the end."""
    log = tmp_path / "bad.jsonl"
    with log.open("wb") as handle:
        for i in range(20_000):
            handle.write(b'{"query_id": "b%d", "query_text": "%s"\n' % (i, b"z" * 4096))  # not JSON: no "}"
        handle.write(log_line("good"))
    catalog = tmp_path / "catalog.json"
    catalog.write_text(json.dumps(CATALOG))
    status, peak = peak_memory(lambda: cli.main(["resolve", "--catalog", str(catalog), "--log", str(log)]))
    out, err = capsys.readouterr()
    assert status == 0 and [json.loads(row)["query_id"] for row in out.splitlines()] == ["good"]
    assert err.count("line set aside: ") == 20_000 and "20000 log lines set aside" in err
    assert peak < MEMORY_BOUND, peak


def test_the_cli_reads_parquet_logs(tmp_path):
    rows = [line("p1"), line("p2", second=1), {**line("p3", second=2), "user_name": None}]
    log = tmp_path / "log.parquet"
    pq.write_table(pa.Table.from_pylist(rows), log)
    records, bad, *_ = resolve_cli(tmp_path, log)
    assert [record["query_id"] for record in records] == ["p1", "p2"]
    assert bad == {3: "missing required field 'user_name'"}


def test_a_parquet_time_python_cannot_hold_sets_aside_its_line_and_keeps_the_rows_beside_it(tmp_path):
    """A timestamp past year 9999 (a producer's milliseconds read as seconds) in a required field sets aside its
    line naming the field; in an extra field it is kept as its stored value. Before, the whole read stopped."""
    far = pa.array([1_700_000_000_000, 300_000_000_000_000, 1_700_000_001_000], pa.timestamp("ms", tz="UTC"))
    table = pa.table({"query_id": ["a", "b", "c"], "query_text": ["select 1"] * 3, "user_name": ["u"] * 3,
                      "query_start_time": far, "exported_at": far})
    log = tmp_path / "log.parquet"
    pq.write_table(table, log)
    records, bad, *_ = resolve_cli(tmp_path, log)
    assert bad.keys() == {2} and "field 'query_start_time'" in bad[2] and "out of range" in bad[2]
    log2 = tmp_path / "extra.parquet"
    pq.write_table(table.set_column(3, "query_start_time", pa.array([1_700_000_000_000] * 3,
                                                                   pa.timestamp("ms", tz="UTC"))), log2)
    records, bad, stderr, _ = resolve_cli(tmp_path, log2)
    assert not bad and "3 statements" in stderr


def test_a_corrupt_parquet_row_group_sets_aside_its_own_rows_and_the_groups_beside_it_are_read(tmp_path):
    """A row group whose compressed pages are damaged lost every row of the file: the rows were read in batches
    spanning groups, and the read stopped at the first error. Now each group is read apart."""
    log = tmp_path / "log.parquet"
    pq.write_table(pa.Table.from_pylist([line(f"p{n}", second=n) for n in range(30)]), log, row_group_size=10,
                   compression="snappy")
    chunk = pq.ParquetFile(log).metadata.row_group(1).column(1)  # query_text of rows 11 to 20
    start = chunk.dictionary_page_offset or chunk.data_page_offset
    content = bytearray(log.read_bytes())
    content[start + 20:start + chunk.total_compressed_size - 2] = b"\xab" * (chunk.total_compressed_size - 22)
    log.write_bytes(bytes(content))
    records, bad, *_ = resolve_cli(tmp_path, log)
    assert [record["query_id"] for record in records] == [f"p{n}" for n in (*range(10), *range(20, 30))]
    assert list(bad) == [11] and bad[11].startswith("the Parquet file's row group 1 is corrupt: its rows 11 to 20 "
                                                     "are set aside (")


def test_a_request_of_many_declares_is_resolved_in_memory_that_grows_with_it_not_its_square(tmp_path):
    """10,000 BigQuery DECLAREs in one request (338 KB) held 2.4 GB: each of its statements kept every variable
    declared before it. Their variables are the ones each names: the same 10,000 DECLAREs stay under the bound of a
    8 MiB line's reading plus the process (Python, sqlglot, pydantic), six times below what they took (20,000 took
    9 GB)."""
    text = "".join(f"DECLARE v{n} INT64 DEFAULT {n}; " for n in range(10_000)) + "SELECT v7 + v9999 AS x FROM d.t"
    log = tmp_path / "declares.jsonl"
    log.write_text(json.dumps({**line("many"), "query_text": text}) + "\n")
    run = resolve_cli(tmp_path, log, "--dialect", "bigquery")
    assert "10001 statements" in run.stderr and "DECLARE 10000" in run.stderr, run.stderr[-500:]
    assert run.peak_rss < 400 * MiB, run.peak_rss


# --------------------------------------------------------------------------- the CLI and the pipeline


@pytest.mark.spark
def test_the_cli_and_the_pipeline_keep_and_set_aside_the_same_lines_for_the_same_reasons(zone, tmp_path):
    parquet = io.BytesIO()
    pq.write_table(pa.Table.from_pylist([line("pq1"), {**line("pq2"), "query_id": " "},
                                         {**line("pq3"), "query_start_time": "9999-12-31T23:59:59-14:00"}]), parquet)
    # ok_last again, as mixed.jsonl has it but with a column of the export besides (the same history exported as
    # Parquet, which types what CSV gives as text): a copy, not a conflict
    copy = io.BytesIO()
    ok_last = {**json.loads((DATA / "mixed.jsonl").read_text().splitlines()[12]), "total_elapsed_time": 120}
    pq.write_table(pa.Table.from_pylist([ok_last]), copy)
    files = {"mixed.jsonl": (DATA / "mixed.jsonl").read_bytes(), "bom.jsonl.gz": (DATA / "bom.jsonl.gz").read_bytes(),
             "log.parquet": parquet.getvalue()}
    zone.land("HOSTILE", {**files, "resent.parquet": copy.getvalue()})  # (after mixed.jsonl in log order)
    run = zone.materialize("HOSTILE")

    assert zone.stored_ids("HOSTILE") == zone.record_ids("HOSTILE") == (
        MIXED_KEPT + Counter({"gz_bom": 1, "gz_second": 1, "pq1": 1}))
    pipeline_bad = quarantined(zone, "HOSTILE", "mixed.jsonl")
    assert {number: reason[:len(MIXED_BAD[number])] for number, reason in pipeline_bad.items()} == MIXED_BAD
    assert run.metadata(raw_query_logs)["duplicate_lines"] == 2
    for name, content in files.items():
        log = tmp_path / name
        log.write_bytes(content)
        records, cli_bad, stderr, _ = resolve_cli(tmp_path, log)
        same_reasons(cli_bad, quarantined(zone, "HOSTILE", name))
        kept = Counter(row["query_id"] for row in zone.table("raw_query_logs", "HOSTILE") if row["file"].endswith(name))
        assert Counter(record["query_id"] for record in records) == kept
    assert "1 duplicate lines dropped" in resolve_cli(tmp_path, tmp_path / "mixed.jsonl").stderr


@pytest.mark.spark
def test_a_file_over_the_size_of_one_binary_value_and_an_oversize_line_cost_one_line(zone, spark, monkeypatch,
                                                                                      tmp_path):
    """Spark's ``binaryFile`` holds a file in one value of at most 2 GiB (``maxLength``, made small here):
    the workers read files by path, as streams, so a bigger file is read all the same."""
    monkeypatch.setenv("AHP_MAX_LINE_BYTES", "4096")
    big_line = json.dumps(line("huge", "select '" + "x" * 10_000 + "'", 5)).encode() + b"\n"
    files = {"big.jsonl": b"".join(log_line(f"b{i}", i % 60) for i in range(400)),
             "oversize.jsonl.gz": gzip.compress(log_line("o1", 1) + big_line + log_line("o3", 2))}
    zone.land("BIGFILE", files)
    spark.conf.set("spark.sql.sources.binaryFile.maxLength", "10000")
    try:
        assert len(files["big.jsonl"]) > 10_000
        run = zone.materialize("BIGFILE", LOGS_ONLY)
    finally:
        spark.conf.unset("spark.sql.sources.binaryFile.maxLength")

    assert zone.stored_ids("BIGFILE") == Counter({**{f"b{i}": 1 for i in range(400)}, "o1": 1, "o3": 1})
    reason = f"line 2 is {len(big_line) - 1} bytes, more than the limit of 4096 (AHP_MAX_LINE_BYTES)"
    assert {n: r.split(";")[0] for n, r in quarantined(zone, "BIGFILE", "oversize.jsonl.gz").items()} == {2: reason}
    assert run.metadata(raw_query_logs)["lines_quarantined"] == 1
    log = tmp_path / "oversize.jsonl.gz"
    log.write_bytes(files["oversize.jsonl.gz"])
    records, bad, *_ = resolve_cli(tmp_path, log, AHP_MAX_LINE_BYTES="4096")
    assert [record["query_id"] for record in records] == ["o1", "o3"] and bad[2].split(";")[0] == reason


# --------------------------------------------------------------------------- fuzz


#: The line limit of the fuzz runs: one line in twenty or so is longer.
FUZZ_LINE_BYTES = 2048
#: The size of the fuzz log's last line: more than a Spark Python worker's whole size (about 200 MB
#: with the engine loaded) plus MEMORY_BOUND, so that a worker that held it would fail the bound.
FUZZ_HUGE_LINE = 512 * MiB


def fuzz_log(seed: int, count: int = 300) -> tuple[bytes, set[str]]:
    """A log of random bytes, random JSON and valid lines of random SQL-like text; the valid lines' query_ids."""
    rng = random.Random(seed)
    words = ["select", "from", "where", "insert", "into", "create", "view", "as", "(", ")", ",", ";", "'", '"',
             "--", "/*", "*/", "d.s.orders", "id", "amount", "1", "null", "join", "on", "=", "$$", "\\", "é", "\x00"]

    def random_json(depth: int = 0) -> Any:
        kind = rng.randrange(7 if depth < 4 else 4)
        return [lambda: rng.random() * 10 ** rng.randrange(-5, 40), lambda: "".join(rng.choice(words) for _ in range(3)),
                lambda: None, lambda: rng.choice([True, False]),
                lambda: [random_json(depth + 1) for _ in range(rng.randrange(4))],
                lambda: {rng.choice(["query_id", "query_text", "user_name", "x"]): random_json(depth + 1)
                         for _ in range(rng.randrange(5))},
                lambda: {**line(f"j{rng.randrange(10)}"), rng.choice(list(line("x"))): random_json(depth + 1)}][kind]()

    valid, out = set(), []
    for i in range(count):
        kind = rng.randrange(4)
        if kind == 0:
            out.append(bytes(rng.randrange(256) for _ in range(rng.randrange(80))).replace(b"\n", b" "))
        elif kind == 1:
            out.append(json.dumps(random_json()).encode())
        else:
            text = " ".join(rng.choice(words) for _ in range(rng.randrange(1, 30 if rng.random() < 0.95 else 1000)))
            out.append(json.dumps(line(f"v{i}", text, rng.randrange(3600))).encode())
            if text.strip() and len(out[-1]) <= FUZZ_LINE_BYTES:
                valid.add(f"v{i}")
    return b"\n".join(out) + b"\n", valid


def _hold(batches: Iterator[pa.RecordBatch]) -> Iterator[pa.RecordBatch]:
    """A Spark task's Python that holds FUZZ_HUGE_LINE bytes for a moment (what the fuzz test's bound catches)."""
    import time

    held = bytearray(FUZZ_HUGE_LINE)
    held[::4096] = b"x" * len(held[::4096])  # touch every page: resident, not merely reserved
    time.sleep(0.5)
    yield from batches


@pytest.mark.spark
def test_the_workers_memory_is_seen_where_a_task_holds_a_huge_line(spark):
    """The fuzz test's measure can fail: a worker that holds FUZZ_HUGE_LINE bytes is seen above the bound."""
    with WorkerMemory() as idle:
        spark.range(4, numPartitions=2).mapInArrow(lambda batches: batches, "id long").collect()
    with WorkerMemory() as holding:
        spark.range(4, numPartitions=2).mapInArrow(_hold, "id long").collect()
    assert idle.peaks and holding.peak > idle.peak + MEMORY_BOUND and holding.peak > FUZZ_HUGE_LINE, (
        holding.peaks, idle.peaks)


@pytest.mark.spark
@pytest.mark.parametrize("seed", [1, 2])
def test_fuzz_every_line_is_kept_or_set_aside_nothing_crashes_and_memory_stays_bounded(zone, tmp_path, monkeypatch,
                                                                                        seed):
    """Random bytes, random JSON and random SQL-like text, ending with a line of FUZZ_HUGE_LINE bytes
    (gzip-compressed: the file is small), through ``ahp resolve`` and one pipeline partition: every
    line is stored or set aside with a reason, every statement of a stored line is recorded, without
    record, failed or quarantined, and nothing crashes. Memory: the CLI's peak resident set stays
    within MEMORY_BOUND of a run over one line; so does the largest Spark Python worker of the
    partition's run, against the largest of the same steps' run over one line. The huge line is
    bigger than that bound, so a process that held it anywhere would fail."""
    monkeypatch.setenv("AHP_MAX_LINE_BYTES", str(FUZZ_LINE_BYTES))
    content, valid = fuzz_log(seed)
    huge = content.count(b"\n") + 1
    lines = {number for number, raw in enumerate(content.split(b"\n")[:-1], start=1) if raw.strip()} | {huge}
    log, small = tmp_path / "fuzz.jsonl.gz", tmp_path / "one.jsonl"
    head, tail = b'{"query_id": "huge", "query_text": "', b'"}\n'
    log.write_bytes(gzip_stream(iter([content, head, *(b"a" * MiB for _ in range(FUZZ_HUGE_LINE // MiB)), tail])))
    small.write_bytes(log_line("one"))
    records, cli_bad, stderr, peak = resolve_cli(tmp_path, log)
    assert cli_bad[huge].startswith(f"line {huge} is {len(head) + FUZZ_HUGE_LINE + 2} bytes, more than the limit")
    assert any("(AHP_MAX_LINE_BYTES)" in rule for number, rule in cli_bad.items() if number != huge)
    summary = re.search(r"ahp: (\d+) statements: .* (\d+) log lines set aside", stderr)
    assert summary and int(summary[2]) == len(cli_bad)
    baseline = resolve_cli(tmp_path, small).peak_rss
    assert peak < baseline + MEMORY_BOUND, (peak, baseline)  # the huge line is never held

    account = f"FUZZ{seed}"
    zone.land(f"ONE{seed}", {"one.jsonl": log_line("one")})
    with WorkerMemory() as one:  # the same steps over one line: what a worker takes to run them
        zone.materialize(f"ONE{seed}", THROUGH_RECORDS)
    zone.land(account, {"fuzz.jsonl.gz": log.read_bytes()})
    with WorkerMemory() as workers:
        run = zone.materialize(account, THROUGH_RECORDS)
    assert one.peaks and workers.peaks, "the runs' Python workers were seen"
    assert FUZZ_HUGE_LINE > one.peak + MEMORY_BOUND, "the huge line must be able to break the bound"
    assert workers.peak < one.peak + MEMORY_BOUND, (workers.peaks, one.peaks)

    stored = zone.table("raw_query_logs", account)
    pipeline_bad = quarantined(zone, account, "fuzz.jsonl.gz")
    assert {row["line"] for row in stored} | pipeline_bad.keys() == lines  # every line: kept or set aside
    assert not {row["line"] for row in stored} & pipeline_bad.keys()
    assert all(reason for reason in pipeline_bad.values())
    assert valid <= {row["query_id"] for row in stored}
    same_reasons(cli_bad, {n: r for n, r in pipeline_bad.items() if "outside the partition's day" not in r})
    metadata = run.metadata(access_history)
    assert metadata["statements"] == (metadata["statements_recorded"] + metadata["statements_without_record"]
                                      + metadata["statements_failed"] + metadata["statements_quarantined"])
    assert metadata["statements"] >= len(stored), "each stored line holds one statement or more"
    stored_ids = {row["query_id"] for row in stored}
    assert {row["query_id"].split("#")[0] for row in zone.table("access_history_quarantine", account)} <= stored_ids
    assert {r["query_id"].split("#")[0] for r in records} == {r["query_id"].split("#")[0]
                                                             for r in zone.table("access_history", account)}


def test_the_same_statement_exported_as_csv_and_as_parquet_is_one_line():
    """Its own fields decide whether two lines of a query_id are one: the export's other columns (kept as extra
    fields) come as text from a CSV and typed from Parquet, and made the second a conflict, set aside."""
    from access_history_platform.logs import first_of_each_query_id, validate_log_record

    fields = {"query_id": "q", "query_text": "select 1", "user_name": "U", "query_start_time": "2024-03-01T09:00:00Z"}
    as_csv = validate_log_record({**fields, "total_elapsed_time": "120", "end_time": "2024-03-01 01:00:00 -0800"})
    as_parquet = validate_log_record({**fields, "total_elapsed_time": 120, "end_time": "2024-03-01T09:00:00Z"})
    other = validate_log_record({**fields, "query_text": "select 2"})
    counts: dict[str, int] = {}
    kept = list(first_of_each_query_id([(1, as_csv), (2, as_parquet), (3, other)], "qh", counts))
    assert kept[0] is as_csv and counts == {"duplicate lines": 1}
    assert [str(item) for item in kept[1:]] == [
        "qh:3: duplicate query_id with different content (query_id 'q'; the line kept, first in log order, is qh:1)"]


def test_a_blank_optional_field_is_no_value():
    """An export writes an empty cell for a value it does not have: a blank ``parent_query_id`` is no parent (the
    record said ``parent_query_id: ""`` beside ``root_query_id: null``), a blank database or schema none."""
    from access_history_platform.catalog import catalog_from_dict
    from access_history_platform.logs import validate_log_record
    from access_history_platform.resolve import resolve_log

    fields = {"query_id": "q", "query_text": "select a from d.s.t", "user_name": "U",
              "query_start_time": "2024-03-01T09:00:00Z"}
    blank = validate_log_record({**fields, "parent_query_id": "", "database_name": " ", "schema_name": "",
                                 "role_name": "", "account_name": "", "session_id": "\t"})
    assert (blank.parent_query_id, blank.database_name, blank.schema_name, blank.role_name, blank.account_name,
            blank.session_id) == (None,) * 6
    assert validate_log_record({**fields, "parent_query_id": "p"}).parent_query_id == "p"
    [outcome] = resolve_log(catalog_from_dict({"objects": []}), [blank], time_budget=None)
    [record] = outcome.records
    assert (record["parent_query_id"], record["root_query_id"]) == (None, None)


def test_a_file_gone_or_unreadable_when_a_worker_opens_it_is_one_line_set_aside(tmp_path):
    """The break: a file listed by the run and deleted (or made unreadable) before a Spark worker opened it failed
    the whole account-day with a traceback, and the good files beside it were not stored. It is one line 0 set
    aside, naming the file and the cause."""
    gone = str(tmp_path / "deleted_meanwhile.jsonl")
    [row] = list(log_rows(gone, account="ACME", day=date(2024, 3, 1)))
    assert (row["kind"], row["file"], row["line"]) == ("bad", gone, 0)
    assert row["reason"] == "cannot read the log: No such file or directory", row
