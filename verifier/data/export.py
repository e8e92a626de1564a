"""``ftn export``: flat tables of many games, as CSV or Parquet, a job of
the pipeline.

Boundary: the work on one piece (``export_piece``: each game replayed once,
its rows made by ``tables.Rows``) and the in-order sink that writes them
(``ExportSink``), a table to a file in the output folder
(``games.parquet``, ``events.csv``...), each through a temporary file and a
rename (``outputs.AtomicFile``) once every input is read. Parquet goes
through ``parquet.ParquetWriter`` (the standard library alone), its
pages held compressed until a row group is full; CSV a piece at a time.
Memory holds a row group's pages and a few pieces' rows whatever the size
of the input. It computes and renders nothing.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from ..inputs import InputError
from ..outputs import AtomicFile, WriteError, interruptible
from ..parallel import Piece
from ..pipeline import End, Start, Text, drive
from ..shown import csv_cell
from .games import played
from .parquet import ParquetWriter
from .tables import TABLES, Rows

FORMATS = ("parquet", "csv")
#: The characters of a piece: smaller than the pipeline's, since a piece's
#: rows are held as Python values until they are written.
PIECE = 1 << 16


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
    """A CSV cell: booleans as true and false (as DuckDB and pandas read them),
    a text that a spreadsheet would run as a formula behind a ``'``
    (``shown.csv_cell``)."""
    return ("true" if v else "false") if isinstance(v, bool) else csv_cell(v)


class _Table:
    """One table's file: rows taken a batch of columns at a time, CSV
    written as they come, Parquet a row group at a time."""

    def __init__(self, path: Path, name: str, to: str) -> None:
        self.path = path
        self.columns = [c for c, _ in TABLES[name]]
        self.file = AtomicFile(path)
        self.writer: ParquetWriter | None = None
        if to == "parquet":
            self.writer = ParquetWriter(self.file.file, TABLES[name])
        else:
            self._csv([self.columns])

    def _csv(self, rows: Iterable[Iterable[Any]]) -> None:
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerows(rows)
        self.file.write(buf.getvalue())

    def add(self, cols: dict[str, list[Any]]) -> None:
        if self.writer is not None:
            self.writer.add(cols)
        elif cols[self.columns[0]]:
            self._csv(zip(*(map(_cell, cols[c]) for c in self.columns), strict=True))

    def commit(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.file.commit()

    def abort(self) -> None:
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


def export_all(inputs: Iterable[str | Text], folder: Path, to: str, jobs: int = 1,
               dask: str | None = None) -> ExportSink:
    """``ftn export``: the tables of every input in ``folder`` (all of them
    written, or none when an input stops being readable partway;
    WriteError)."""
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
