"""The Parquet writer (verifier.data.parquet): its encodings byte for byte
against values worked out by hand from the format (parquet.thrift, Thrift's
compact protocol), and what it writes read back by pyarrow and DuckDB:
nulls, empty and non-ASCII strings, the extremes of INT64, booleans, several
pages and row groups, a file without rows, and the statistics."""

from __future__ import annotations

import io
import random
import struct
from pathlib import Path
from typing import Any

import pytest

from verifier.data import parquet as pq_
from verifier.data.parquet import ParquetWriter

COLUMNS = [("n", "int"), ("s", "str"), ("b", "bool"), ("none", "int")]


def test_varints_and_zigzag() -> None:
    assert pq_._varint(0) == b"\x00" and pq_._varint(127) == b"\x7f"
    assert pq_._varint(300) == b"\xac\x02"  # 300 = 0b10_0101100
    assert [pq_._zigzag(n) for n in (0, -1, 1, -64, 64)] == [
        b"\x00", b"\x01", b"\x02", b"\x7f", b"\x80\x01"]
    assert pq_._zigzag(-(1 << 63)) == b"\xff" * 9 + b"\x01"  # 2**64 - 1


def test_structs_and_lists_in_the_compact_protocol() -> None:
    # field 1, i32 (type 5), delta 1: 0x15, then 0; field 3, delta 2: 0x25,
    # then zigzag(-1) = 1; a field left out (None); the stop byte.
    assert pq_._struct([(1, pq_._I32, 0), (2, pq_._I32, None), (3, pq_._I32, -1)]) == \
        b"\x15\x00\x25\x01\x00"
    # a delta over 15: the type alone, then the id as a zigzag varint (20 -> 40).
    assert pq_._struct([(20, pq_._I64, 2)]) == b"\x06\x28\x04\x00"
    assert pq_._struct([(1, pq_._BINARY, b"ab")]) == b"\x18\x02ab\x00"
    assert pq_._struct([(1, pq_._STRUCT, pq_._struct([]))]) == b"\x1c\x00\x00"
    assert pq_._list(pq_._I32, [0, 3]) == b"\x25\x00\x06"  # 2 items of i32
    assert pq_._list(pq_._I32, [0] * 15) == b"\xf5\x0f" + b"\x00" * 15  # 15: size apart


def test_bits_levels_and_plain_values() -> None:
    assert pq_._bits([1, 0, 1, 1, 0, 0, 0, 0, 1]) == b"\x0d\x01"  # first value: lowest bit
    assert pq_._bits([]) == b""
    # every value there: one RLE run (5 << 1 = 10) of the value 1, behind its length.
    assert pq_._levels([True] * 5) == b"\x02\x00\x00\x00\x0a\x01"
    # a null: one bit-packed run of 1 group ((1 << 1) | 1 = 3), 0b101.
    assert pq_._levels([True, False, True]) == b"\x02\x00\x00\x00\x03\x05"
    assert pq_._plain(pq_._INT64, [1, -1]) == b"\x01" + b"\x00" * 7 + b"\xff" * 8
    assert pq_._plain(pq_._BYTE_ARRAY, ["é", ""]) == b"\x02\x00\x00\x00\xc3\xa9\x00\x00\x00\x00"
    assert pq_._plain(pq_._BOOLEAN, [True, False, True]) == b"\x05"


def batches(seed: int, count: int) -> list[dict[str, list[Any]]]:
    rnd = random.Random(seed)
    out = []
    for _ in range(count):
        n = rnd.randint(0, 300)
        batch: dict[str, list[Any]] = {
            "n": [rnd.choice([None, 5, -(1 << 63), (1 << 63) - 1, rnd.randint(-99, 99)])
                  for _ in range(n)],
            "s": [rnd.choice([None, "", "é€ 61", "x" * rnd.randint(1, 40)]) for _ in range(n)],
            "b": [rnd.choice([None, True, False]) for _ in range(n)],
            "none": [None] * n}
        out.append(batch)
    return out


def write(path: Path, parts: list[dict[str, list[Any]]], **kw: int) -> dict[str, list[Any]]:
    whole: dict[str, list[Any]] = {name: [] for name, _ in COLUMNS}
    buf = io.BytesIO()
    w = ParquetWriter(buf, COLUMNS, **kw)
    for part in parts:
        for name in whole:
            whole[name] += part[name]
        w.add(part)
    w.close()
    path.write_bytes(buf.getvalue())
    return whole


def test_the_file_frame(tmp_path: Path) -> None:
    p = tmp_path / "t.parquet"
    write(p, batches(1, 3))
    data = p.read_bytes()
    (footer,) = struct.unpack("<I", data[-8:-4])
    assert data[:4] == data[-4:] == b"PAR1" and 8 + footer < len(data)


def test_read_back_by_pyarrow(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    p = tmp_path / "t.parquet"
    whole = write(p, batches(2, 40), row_group=1000, page=250)
    meta = pq.ParquetFile(p).metadata
    assert meta.num_rows == len(whole["n"]) and meta.num_row_groups > 4
    t = pq.read_table(p)
    assert [str(t.schema.field(n).type) for n, _ in COLUMNS] == ["int64", "string", "bool",
                                                                 "int64"]
    for name, _ in COLUMNS:
        assert t.column(name).to_pylist() == whole[name], name
    start = 0
    for g in range(meta.num_row_groups):
        rg = meta.row_group(g)
        values = whole["n"][start:start + rg.num_rows]
        given = [v for v in values if v is not None]
        stats = rg.column(0).statistics
        assert (stats.min, stats.max, stats.null_count) == (
            min(given), max(given), len(values) - len(given))
        assert rg.column(1).statistics.null_count == whole["s"][start:start + rg.num_rows
                                                                ].count(None)
        start += rg.num_rows


def test_read_back_by_duckdb(tmp_path: Path) -> None:
    duckdb = pytest.importorskip("duckdb")
    p = tmp_path / "t.parquet"
    whole = write(p, batches(3, 30), row_group=2000, page=300)
    con = duckdb.connect()
    got = con.sql(f"SELECT n, s, b, \"none\" FROM '{p}'").fetchall()
    assert got == list(zip(*(whole[n] for n, _ in COLUMNS), strict=True))
    # statistics let DuckDB skip row groups: the answer must not change.
    assert con.sql(f"SELECT count(*) FROM '{p}' WHERE n = 5").fetchall() == [
        (whole["n"].count(5),)]


def test_a_file_without_rows(tmp_path: Path) -> None:
    pq = pytest.importorskip("pyarrow.parquet")
    p = tmp_path / "t.parquet"
    write(p, [{name: [] for name, _ in COLUMNS}])
    t = pq.read_table(p)
    assert t.num_rows == 0 and t.column_names == [n for n, _ in COLUMNS]
