"""A Parquet writer for flat tables of nullable integers, strings and
booleans, in the standard library alone.

Why not pyarrow: ``ftn export`` streams millions of games in bounded
memory. pyarrow costs some 60 MB before the first row (its libraries and
their pools) and its writer keeps every row group's metadata as C++
objects until it closes (some 35 MB per 1,000 row groups); this writer
keeps each row group's metadata as the bytes of the footer (a few hundred
bytes). What it writes is plain Parquet (format 1.0): one ``OPTIONAL``
column per field (``INT64``, ``BOOLEAN``, or ``BYTE_ARRAY`` annotated
``STRING``), data pages v1 with PLAIN values and RLE/bit-packed definition
levels, compressed with GZIP (zlib), integer columns with min and max
statistics, every column with its null count. DuckDB, pyarrow, pandas and
polars read it.

Boundary: bytes to a binary file object. It knows nothing of games or of
the tables' meaning (``tables.TABLES`` gives the columns); it reads
nothing, and it does not write the other Parquet features (nesting,
dictionaries, other encodings or codecs, page indexes, bloom filters).
The format: https://github.com/apache/parquet-format (``parquet.thrift``;
the footer is Thrift's compact protocol).
"""

from __future__ import annotations

import struct
import sys
import zlib
from array import array
from collections.abc import Iterable, Sequence
from typing import IO, Any

MAGIC = b"PAR1"
#: Rows of a row group: each column's pages are held (compressed) until
#: then.
ROW_GROUP = 1 << 16
#: Rows of a data page: each column's values are held until then.
PAGE = 1 << 12

# Thrift compact protocol: field types.
_I32, _I64, _BINARY, _LIST, _STRUCT = 5, 6, 8, 9, 12
# Parquet's enums (parquet.thrift).
_INT64, _BOOLEAN, _BYTE_ARRAY = 2, 0, 6
_OPTIONAL = 1
_UTF8 = 0  # ConvertedType
_PLAIN, _RLE = 0, 3  # Encoding
_GZIP = 2  # CompressionCodec
_DATA_PAGE = 0  # PageType
#: A column's kind (as ``tables.TABLES`` names it) to its physical type.
PHYSICAL = {"int": _INT64, "bool": _BOOLEAN, "str": _BYTE_ARRAY}


def _varint(n: int) -> bytes:
    out = bytearray()
    while n > 0x7F:
        out.append(n & 0x7F | 0x80)
        n >>= 7
    out.append(n)
    return bytes(out)


def _zigzag(n: int) -> bytes:
    return _varint((n << 1) ^ (n >> 63))


def _binary(b: bytes) -> bytes:
    return _varint(len(b)) + b


#: A Thrift field: (id, type, value); a value of None is left out. A
#: struct's value is its encoding; a list's is (element type, elements:
#: ints, bytes or encoded structs).
Field = tuple[int, int, Any]


def _struct(fields: Iterable[Field]) -> bytes:
    """A struct in Thrift's compact protocol (fields in increasing id)."""
    out = bytearray()
    last = 0
    for fid, kind, value in fields:
        if value is None:
            continue
        delta = fid - last
        if 0 < delta <= 15:
            out.append(delta << 4 | kind)
        else:
            out.append(kind)
            out += _zigzag(fid)
        last = fid
        if kind in (_I32, _I64):
            out += _zigzag(value)
        elif kind == _BINARY:
            out += _binary(value)
        elif kind == _STRUCT:
            out += value
        elif kind == _LIST:
            out += _list(*value)
    out.append(0)
    return bytes(out)


def _list(kind: int, items: Sequence[Any]) -> bytes:
    n = len(items)
    out = bytearray([n << 4 | kind] if n < 15 else [0xF0 | kind])
    if n >= 15:
        out += _varint(n)
    for item in items:
        if kind in (_I32, _I64):
            out += _zigzag(item)
        elif kind == _BINARY:
            out += _binary(item)
        else:
            out += item
    return bytes(out)


def _bits(flags: Sequence[Any]) -> bytes:
    """Truth values packed a bit each, the first in the lowest bit (PLAIN
    booleans, bit-packed levels of width 1); the last byte padded with 0."""
    if not flags:
        return b""
    return int("".join("1" if f else "0" for f in reversed(flags)), 2).to_bytes(
        (len(flags) + 7) // 8, "little")


def _levels(present: list[bool]) -> bytes:
    """Definition levels (1: a value, 0: null) in the RLE/bit-packed
    hybrid, behind their length (data page v1): one RLE run when every
    value is there, else one bit-packed run."""
    if all(present):
        run = _varint(len(present) << 1) + b"\x01"
    else:
        run = _varint((len(present) + 7) // 8 << 1 | 1) + _bits(present)
    return struct.pack("<I", len(run)) + run


def _plain(physical: int, values: list[Any]) -> bytes:
    """Values (no nulls) in PLAIN encoding."""
    if physical == _INT64:
        a = array("q", values)
        if sys.byteorder == "big":
            a.byteswap()
        return a.tobytes()
    if physical == _BOOLEAN:
        return _bits(values)
    parts = []
    for v in values:
        b = v.encode("utf-8")
        parts.append(struct.pack("<I", len(b)))
        parts.append(b)
    return b"".join(parts)


def _gzip(data: bytes) -> bytes:
    c = zlib.compressobj(6, zlib.DEFLATED, 31)  # 31: the gzip format, as Parquet's GZIP is
    return c.compress(data) + c.flush()


class _Column:
    """One column's pages of the row group being filled, and their sums."""

    def __init__(self, name: str, physical: int) -> None:
        self.name, self.physical = name, physical
        self.clear()

    def clear(self) -> None:
        self.pages: list[bytes] = []
        self.values = self.nulls = self.raw = self.size = 0
        self.low: int | None = None
        self.high: int | None = None

    def add(self, values: list[Any]) -> None:
        present = [v is not None for v in values]
        given = values if all(present) else [v for v in values if v is not None]
        body = _levels(present) + _plain(self.physical, given)
        packed = _gzip(body)
        header = _struct([
            (1, _I32, _DATA_PAGE), (2, _I32, len(body)), (3, _I32, len(packed)),
            (5, _STRUCT, _struct([(1, _I32, len(values)), (2, _I32, _PLAIN),
                                  (3, _I32, _RLE), (4, _I32, _RLE)]))])
        self.pages.append(header + packed)
        self.values += len(values)
        self.nulls += len(values) - len(given)
        self.raw += len(header) + len(body)
        self.size += len(header) + len(packed)
        if self.physical == _INT64 and given:
            low, high = min(given), max(given)
            self.low = low if self.low is None else min(self.low, low)
            self.high = high if self.high is None else max(self.high, high)

    def chunk(self, offset: int) -> bytes:
        """The column chunk's metadata, its pages written from ``offset``."""
        stats: list[Field] = [(3, _I64, self.nulls)]
        if self.low is not None and self.high is not None:
            stats += [(5, _BINARY, struct.pack("<q", self.high)),
                      (6, _BINARY, struct.pack("<q", self.low))]
        meta = _struct([
            (1, _I32, self.physical), (2, _LIST, (_I32, [_PLAIN, _RLE])),
            (3, _LIST, (_BINARY, [self.name.encode("utf-8")])), (4, _I32, _GZIP),
            (5, _I64, self.values), (6, _I64, self.raw), (7, _I64, self.size),
            (9, _I64, offset), (12, _STRUCT, _struct(stats))])
        return _struct([(2, _I64, offset), (3, _STRUCT, meta)])


class ParquetWriter:
    """A Parquet file of the given columns ((name, kind): kind "int",
    "str" or "bool"), written to ``file`` as rows come: ``add`` takes a
    batch of rows as a list per column (None: null); a page is made each
    ``page`` rows, a row group written each ``row_group`` rows; ``close``
    writes the last and the footer (it does not close ``file``)."""

    def __init__(self, file: IO[bytes], columns: Sequence[tuple[str, str]],
                 row_group: int = ROW_GROUP, page: int = PAGE) -> None:
        self.file, self.row_group, self.page = file, row_group, page
        self.columns = [_Column(name, PHYSICAL[kind]) for name, kind in columns]
        self.held: dict[str, list[Any]] = {name: [] for name, _ in columns}
        self.groups: list[bytes] = []
        self.rows = self.pending = self.unpaged = 0
        self.offset = len(MAGIC)
        file.write(MAGIC)

    def add(self, cols: dict[str, list[Any]]) -> None:
        n = len(cols[self.columns[0].name])
        for name, values in self.held.items():
            values += cols[name]
        self.pending += n
        self.unpaged += n
        if self.pending >= self.row_group:
            self.flush()
        elif self.unpaged >= self.page:
            self._pages()

    def _pages(self) -> None:
        if self.unpaged:
            for c in self.columns:
                c.add(self.held[c.name])
                self.held[c.name] = []
            self.unpaged = 0

    def flush(self) -> None:
        """Write the rows taken so far as a row group."""
        self._pages()
        if not self.pending:
            return
        start, chunks, raw = self.offset, [], 0
        for c in self.columns:
            chunks.append(c.chunk(self.offset))
            for page in c.pages:
                self.file.write(page)
            self.offset += c.size
            raw += c.raw
            c.clear()
        self.groups.append(_struct([
            (1, _LIST, (_STRUCT, chunks)), (2, _I64, raw), (3, _I64, self.pending),
            (5, _I64, start), (6, _I64, self.offset - start)]))
        self.rows += self.pending
        self.pending = 0

    def close(self) -> None:
        """The last row group and the footer."""
        self.flush()
        schema = [_struct([(4, _BINARY, b"schema"), (5, _I32, len(self.columns))])]
        for c in self.columns:
            text = c.physical == _BYTE_ARRAY
            schema.append(_struct([
                (1, _I32, c.physical), (3, _I32, _OPTIONAL), (4, _BINARY, c.name.encode("utf-8")),
                (6, _I32, _UTF8 if text else None),
                (10, _STRUCT, _struct([(1, _STRUCT, _struct([]))]) if text else None)]))
        order = _struct([(1, _STRUCT, _struct([]))])  # TYPE_ORDER
        footer = _struct([
            (1, _I32, 1), (2, _LIST, (_STRUCT, schema)), (3, _I64, self.rows),
            (4, _LIST, (_STRUCT, self.groups)),
            (6, _BINARY, b"ftn-tools"),
            (7, _LIST, (_STRUCT, [order] * len(self.columns)))])
        self.file.write(footer + struct.pack("<I", len(footer)) + MAGIC)
