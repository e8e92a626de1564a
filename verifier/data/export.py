"""``ftn export``: flat tables of many games, as CSV or Parquet, a job of
the pipeline.

Boundary: the work on one piece (``export_piece``: each game replayed once,
its rows made by ``tables.Rows``) and the in-order sink that writes them
(``ExportSink``), a table to a file in the output folder
(``games.parquet``, ``events.csv``...), the six written aside and put in
place together (``files.folder.FileSet``) once every input is read: a reader
sees the old set or the new, a failure leaves the old. Parquet goes
through ``parquet.ParquetWriter`` (the standard library alone), its
pages held compressed until a row group is full; CSV a piece at a time.
Memory holds a row group's pages and a few pieces' rows whatever the size
of the input; ``api.export`` drives a run. It computes and renders nothing.
"""

from __future__ import annotations

import contextlib
import csv
import io
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from verifier.data.facts import played
from verifier.data.parquet import ParquetWriter
from verifier.data.tables import TABLES, Rows
from verifier.files.escaping import csv_cell
from verifier.files.folder import FileSet
from verifier.files.outputs import WriteError
from verifier.files.pieces import Piece
from verifier.files.streams import InputError
from verifier.pipeline.driver import End, Start
from verifier.pipeline.settings import Settings

#: The file formats of the tables (``ftn export --to``).
TABLE_FORMATS = ("parquet", "csv")
#: The characters of a piece: smaller than the pipeline's, since a piece's
#: rows are held as Python values until they are written.
PIECE = 1 << 16


def export_piece(piece: Piece, settings: Settings | None = None) -> Rows:
    """The rows of every game of a piece (in a worker), judged by its
    input's ``settings`` (None: the defaults), as ``ftn check`` judges it."""
    rows = Rows()
    for p in played(piece, damaged=True, settings=settings):
        if isinstance(p, list):
            rows.unreadable(piece.source, p)
        else:
            rows.add(piece.source, p)
    return rows


@dataclass(frozen=True)
class ExportWork:
    """``export_piece`` under the settings of each input (by label)."""

    settings: Mapping[str, Settings] = field(default_factory=dict)

    def __call__(self, piece: Piece) -> Rows:
        return export_piece(piece, self.settings.get(piece.source))


def _cell(v: Any) -> Any:
    """A CSV cell: booleans as true and false (as DuckDB and pandas read them),
    a text that a spreadsheet would run as a formula behind a ``'``
    (``files.escaping.csv_cell``)."""
    return ("true" if v else "false") if isinstance(v, bool) else csv_cell(v)


class _Table:
    """One table's file: rows taken a batch of columns at a time, CSV
    written as they come, Parquet a row group at a time."""

    def __init__(self, file: IO[bytes], name: str, to: str) -> None:
        self.file = file
        self.columns = [c for c, _ in TABLES[name]]
        self.writer: ParquetWriter | None = None
        if to == "parquet":
            self.writer = ParquetWriter(file, TABLES[name])
        else:
            self._csv([self.columns])

    def _csv(self, rows: Iterable[Iterable[Any]]) -> None:
        buf = io.StringIO()
        csv.writer(buf, lineterminator="\n").writerows(rows)
        self.file.write(buf.getvalue().encode("utf-8"))

    def add(self, cols: dict[str, list[Any]]) -> None:
        if self.writer is not None:
            self.writer.add(cols)
        elif cols[self.columns[0]]:
            self._csv(zip(*(map(_cell, cols[c]) for c in self.columns), strict=True))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


#: Every table's file name, in either format: what an export folder holds.
OWNED = tuple(f"{name}.{to}" for name in TABLES for to in TABLE_FORMATS)


class ExportSink:
    """Every piece's rows, in input order, to the tables' files (``game_id``
    made global: the games' order among all the inputs, from 1), the set
    of them put in place together (``files.folder.FileSet``); ``games`` and
    ``unreadable`` count the games, ``failed`` holds the inputs unreadable
    partway. A file that cannot be written is a ``WriteError`` naming it."""

    def __init__(self, folder: Path, to: str) -> None:
        self.folder, self.to = folder, to
        self.tables: dict[str, _Table] = {}
        try:
            self.files = FileSet(folder, OWNED)
        except OSError as e:
            raise WriteError(f"{e.filename or folder}: cannot write: {e.strerror or e}") from None
        for name in TABLES:
            with self._writing(name):
                self.tables[name] = _Table(self.files.open(f"{name}.{to}"), name, to)
        self.games = self.unreadable = 0
        self.failed: list[InputError] = []

    @contextlib.contextmanager
    def _writing(self, name: str | None) -> Iterator[None]:
        """A table's file written (``name``; None: the set put in place): a
        failure (a full disk, EFBIG, EACCES) drops the whole set and names
        the file."""
        try:
            yield
        except OSError as e:
            self.abort()
            path = e.filename or (self.folder / f"{name}.{self.to}" if name else self.folder)
            raise WriteError(f"{path}: cannot write: {e.strerror or e}; "
                             f"the tables in {self.folder} are as they were") from None

    def start(self, s: Start) -> None:
        pass

    def add(self, piece: Piece, rows: Rows) -> None:
        base = self.games + 1
        for name, cols in rows.tables.items():
            cols["game_id"] = [base + i for i in cols["game_id"]]
            with self._writing(name):
                self.tables[name].add(cols)
        self.games += rows.games
        self.unreadable += sum(r is False for r in rows.tables["games"]["readable"])

    def end(self, e: End) -> None:
        if e.error is not None:
            self.failed.append(e.error)

    def commit(self) -> None:
        for name, t in self.tables.items():
            with self._writing(name):
                t.close()
        with self._writing(None):
            self.files.commit()

    def abort(self) -> None:
        self.files.abort()
