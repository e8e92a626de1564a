"""``ftn export``: flat tables of many games, as CSV or Parquet, a job of
the pipeline.

Boundary: the work on one piece (``export_piece``: each game replayed once,
its rows made by ``tables.Rows``) and the in-order sink that writes them
(``ExportSink``), a table to a file in the output folder
(``games.parquet``, ``events.csv``...), each through a temporary file and a
rename (``outputs.AtomicFile``) once every input is read. Parquet goes
through pyarrow (the extra ``parquet``) in row groups of ``ROW_GROUP``
rows (held as Arrow tables), CSV a piece at a time, so memory holds a
row group and a few pieces' rows whatever
the size of the input. It computes and renders nothing.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..inputs import InputError
from ..outputs import AtomicFile, WriteError, interruptible
from ..parallel import Piece
from ..pipeline import End, Start, Text, drive
from .games import played
from .tables import TABLES, Rows

FORMATS = ("parquet", "csv")
#: Rows of a table held before they are written (a Parquet row group).
ROW_GROUP = 1 << 14
#: The characters of a piece: smaller than the pipeline's, since a piece's
#: rows are held as Python values until they are written.
PIECE = 1 << 16


class ParquetMissing(Exception):
    """``--to parquet`` without pyarrow installed."""

    def __init__(self) -> None:
        super().__init__("--to parquet needs pyarrow: pip install 'ftn-tools[parquet]' "
                         "(or --to csv)")


def export_piece(piece: Piece) -> Rows:
    """The rows of every game of a piece (in a worker)."""
    rows = Rows()
    for p in played(piece):
        if isinstance(p, list):
            rows.unreadable(piece.source, p)
        else:
            rows.add(piece.source, p)
    return rows


def _cell(v: Any) -> Any:
    """A CSV cell: booleans as true and false (as DuckDB and pandas read them)."""
    return ("true" if v else "false") if isinstance(v, bool) else v


def _arrow(cols: dict[str, list[Any]], names: list[str], schema: Any) -> Any:
    """Columns of Python values as an Arrow table, through pyarrow's JSON
    reader: ``pyarrow.array`` on a list imports pandas when it is installed
    (some 50 MB more), the JSON reader does not."""
    import pyarrow.json as pj

    dumps = json.JSONEncoder(ensure_ascii=False, separators=(",", ":")).encode
    text = "".join(dumps(dict(zip(names, row, strict=True))) + "\n"
                   for row in zip(*(cols[c] for c in names), strict=True))
    return pj.read_json(io.BytesIO(text.encode("utf-8")),
                        read_options=pj.ReadOptions(use_threads=False),
                        parse_options=pj.ParseOptions(explicit_schema=schema))


class _Table:
    """One table's file: rows taken a batch of columns at a time. CSV is
    written as it comes; Parquet is held as Arrow record batches (compact)
    until ``ROW_GROUP`` rows, then written as a row group."""

    def __init__(self, path: Path, name: str, to: str) -> None:
        self.path, self.name, self.to = path, name, to
        self.columns = [c for c, _ in TABLES[name]]
        self.held: list[Any] = []  # Arrow tables
        self.count = 0
        self.file = AtomicFile(path)
        self.writer: Any = None
        if to == "parquet":
            import pyarrow as pa
            import pyarrow.parquet as pq

            kinds = {"int": pa.int64(), "str": pa.string(), "bool": pa.bool_()}
            self.schema = pa.schema([(c, kinds[k]) for c, k in TABLES[name]])
            self.writer = pq.ParquetWriter(self.file.file, self.schema)
        else:
            self._csv([self.columns])

    def _csv(self, rows: Iterable[Iterable[Any]]) -> None:
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerows(rows)
        self.file.write(buf.getvalue())

    def add(self, cols: dict[str, list[Any]]) -> None:
        n = len(cols[self.columns[0]])
        if not n:
            return
        if self.writer is None:
            self._csv(zip(*(map(_cell, cols[c]) for c in self.columns), strict=True))
            return
        self.held.append(_arrow(cols, self.columns, self.schema))
        self.count += n
        if self.count >= ROW_GROUP:
            self.flush()

    def flush(self) -> None:
        if self.writer is not None and self.held:
            import pyarrow as pa

            self.writer.write_table(pa.concat_tables(self.held))
        self.held = []
        self.count = 0

    def commit(self) -> None:
        self.flush()
        if self.writer is not None:
            self.writer.close()
        self.file.commit()

    def abort(self) -> None:
        if self.writer is not None:
            with contextlib.suppress(Exception):  # the file is thrown away
                self.writer.close()
        self.file.abort()


class ExportSink:
    """Every piece's rows, in input order, to the tables' files (``game_id``
    made global: the games' order among all the inputs, from 1);
    ``games`` and ``unreadable`` count the games, ``failed`` holds the
    inputs unreadable partway."""

    def __init__(self, folder: Path, to: str) -> None:
        self.tables: dict[str, _Table] = {}
        try:
            folder.mkdir(parents=True, exist_ok=True)
            for name in TABLES:
                self.tables[name] = _Table(folder / f"{name}.{to}", name, to)
        except OSError as e:
            self.abort()
            raise WriteError(f"{folder}: cannot write: {e.strerror or e}") from None
        self.games = self.unreadable = 0
        self.failed: list[InputError] = []

    def start(self, s: Start) -> None:
        pass

    def add(self, piece: Piece, rows: Rows) -> None:
        base = self.games + 1
        for name, cols in rows.tables.items():
            cols["game_id"] = [base + i for i in cols["game_id"]]
            self.tables[name].add(cols)
        self.games += rows.games
        self.unreadable += sum(r is False for r in rows.tables["games"]["readable"])

    def end(self, e: End) -> None:
        if e.error is not None:
            self.failed.append(e.error)

    def commit(self) -> None:
        for t in self.tables.values():
            try:
                t.commit()
            except OSError as e:
                self.abort()
                raise WriteError(f"{t.path}: cannot write: {e.strerror or e}") from None

    def abort(self) -> None:
        for t in self.tables.values():
            t.abort()


def lean_pyarrow() -> None:
    """Before pyarrow is first imported, in a process that only writes
    Parquet (``ftn export``): the system allocator (jemalloc keeps what it
    freed) and no numpy (pyarrow loads it when it is installed, some 11 MB,
    and writing Parquet does not use it): for a process that ends with the
    export, since pyarrow stays without numpy. Nothing once pyarrow is
    loaded."""
    import os
    import sys

    if "pyarrow" in sys.modules:
        return
    os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")
    had = "numpy" in sys.modules
    if not had:
        sys.modules["numpy"] = None  # type: ignore[assignment]
    try:
        import pyarrow.json
        import pyarrow.parquet  # noqa: F401
    except ImportError:  # missing, or a pyarrow that needs numpy: import it again later
        for name in [m for m in sys.modules if m == "pyarrow" or m.startswith("pyarrow.")]:
            del sys.modules[name]
    finally:
        if not had:
            del sys.modules["numpy"]


def export_all(inputs: Iterable[str | Text], folder: Path, to: str, jobs: int = 1,
               dask: str | None = None) -> ExportSink:
    """``ftn export``: the tables of every input in ``folder`` (all of them
    written, or none when an input stops being readable partway;
    ParquetMissing, WriteError)."""
    if to == "parquet":
        try:
            import pyarrow.parquet  # noqa: F401
        except ImportError:
            raise ParquetMissing() from None
    sink = ExportSink(folder, to)
    try:
        with interruptible():
            drive(export_piece, sink, inputs, jobs, dask, size=PIECE)
        if sink.failed:
            sink.abort()
        else:
            sink.commit()
    except BaseException:
        sink.abort()
        raise
    return sink
