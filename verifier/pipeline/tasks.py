"""Pieces as tasks: how the driver's pieces are handed to a runner's workers.

Boundary: between the driver's in-order loop (``driver.ordered``) and a
runner (``Runner``: here, local worker processes, a Dask cluster). Locally
a task is a piece. On a cluster, where a task costs time of its own in the
client, the scheduler and the worker whatever its size, a task is a few
consecutive pieces of one input (``Runner.batch``), one piece at a time
near the end of a plain file so that the workers finish together. To
workers (local or a cluster's) the pieces of a plain file go without their
lines (``Piece.hollow``): the worker reads them from the file
(``OnPieces``), so that no text is sent between processes. A worker that
cannot (another machine, the file changed) answers ``NotRead``: that piece
is sent again whole, and so are the input's pieces after it. Each piece
still has its own result, taken in order. It cuts and reads nothing.
"""


from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from verifier.files.pieces import Piece

if TYPE_CHECKING:
    pass


#: How work is submitted: a function and an item to a future (``.result()``).
Submit = Callable[[Callable[[Any], Any], Any], Any]


@dataclass(frozen=True)
class Runner:
    """How pieces are run: how work is submitted and how many tasks run at
    once; whether the workers read the pieces of plain files themselves
    (``Piece.hollow``), and how many pieces a task holds (``batch``)."""

    submit: Submit
    n: int
    by_span: bool = False
    batch: int = 1


class Ready:
    """A result already there (work done here, or a start or end mark)."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def result(self) -> Any:
        return self.value


def here(fn: Callable[[Any], Any], item: Any) -> Ready:
    """Work done here, at once."""
    return Ready(fn(item))


class _Task:
    """A task of a few pieces: their results, taken from the worker once."""

    def __init__(self, future: Any) -> None:
        self.future = future
        self.got: list[Any] | None = None

    def result(self, index: int) -> Any:
        if self.got is None:
            self.got = self.future.result()
            self.future = None
        return self.got[index]


class _Part:
    """The result of one piece of a task (the task is sent when it is asked
    for, if it was not yet); a piece the worker could not read is sent
    again whole."""

    def __init__(self, tasks: Tasks, piece: Piece) -> None:
        self.tasks, self.piece = tasks, piece
        self.task: _Task | None = None
        self.index = 0

    def result(self) -> Any:
        if self.task is None:
            self.tasks.flush()
        assert self.task is not None
        got = self.task.result(self.index)
        if isinstance(got, NotRead):
            self.tasks.unread.add(self.piece.source)
            return self.tasks.runner.submit(self.tasks.work, self.piece).result()
        return got


class Tasks:
    """The pieces sent to a runner's workers (``send``: a future of the
    piece's result), as tasks of ``runner.batch`` pieces (near the end of a
    plain file, in its last ``runner.n`` tasks' worth of bytes, one piece
    a task)."""

    def __init__(self, runner: Runner, work: Callable[[Piece], Any]) -> None:
        self.runner, self.work = runner, work
        self.on_pieces = OnPieces(work)
        self.unread: set[str] = set()  # the inputs a worker could not read
        self.group: list[_Part] = []

    def send(self, piece: Piece) -> Any:
        r = self.runner
        if r.batch == 1 and not r.by_span:
            return r.submit(self.work, piece)
        if self.group and self.group[0].piece.source != piece.source:
            self.flush()
        part = _Part(self, piece)
        self.group.append(part)
        span = piece.span
        if len(self.group) >= r.batch or (span is not None and (
                span.origin.size - span.start - span.size < r.n * r.batch * span.size)):
            self.flush()
        return part

    def flush(self) -> None:
        """Send the pieces gathered as one task."""
        if not self.group:
            return
        hollow = self.runner.by_span
        sent = [p.piece.hollow() if hollow and p.piece.source not in self.unread else p.piece
                for p in self.group]
        task = _Task(self.runner.submit(self.on_pieces, sent))
        for i, part in enumerate(self.group):
            part.task, part.index = task, i
        self.group = []


class DaskMissing(Exception):
    """``--dask``: Dask is not installed, or the cluster cannot be reached."""


R = TypeVar("R")


class NotRead:
    """What a worker gives back for a hollow piece whose lines it cannot
    read (``OnPieces``): the driver then sends the piece whole."""


@dataclass(frozen=True)
class OnPieces(Generic[R]):
    """A work function run on a few pieces in one task (in a worker): each
    piece's result, the lines of hollow pieces (``Piece.hollow``) read from
    their file first (``NotRead`` when they cannot be)."""

    work: Callable[[Piece], R]

    def __call__(self, pieces: list[Piece]) -> list[R | NotRead]:
        out: list[R | NotRead] = []
        for piece in pieces:
            full = piece.filled()
            out.append(NotRead() if full is None else self.work(full))
        return out
