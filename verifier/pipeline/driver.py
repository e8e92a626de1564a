"""The driver: a job run over inputs, a piece of whole games at a time, here,
in local worker processes or on a Dask cluster, its results merged in input
order.

Boundary: the one loop of every command that reads records (``check``,
``audit``, ``convert``, ``fmt``, ``replay``, and any new one). A *job* is a
work function (``Piece`` to a result; a function of a module or a frozen
dataclass, so that it can be sent to another process) and a ``Sink`` that
takes, in input order and in this process, the start of each input, each
piece with its result, and the end of each input (with the error that made
it unreadable partway, if any). The inputs are file names (``-``: standard
input; compressed or not: ``files.streams``) or whole texts (``Text``: one piece).
It opens files and reads them, and hands the pieces to the runner as
``tasks`` packs them; it judges, renders and writes nothing (the jobs'
sinks do).
"""


from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import chain
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from verifier.files.formats import first_lines, pieces, sniff
from verifier.files.inputs import check_input, expand_each
from verifier.files.pieces import PIECE_CHARS, Piece
from verifier.files.streams import Chunked, InputError, Opened, open_lines
from verifier.pipeline.tasks import Ready, Runner, Submit, Tasks, here
from verifier.pipeline.workers import dead_worker_is_an_error, most_jobs, pool

if TYPE_CHECKING:
    pass


R = TypeVar("R")


R_contra = TypeVar("R_contra", contravariant=True)


T = TypeVar("T")


#: A work function: the result of one piece (in a worker).
Work = Callable[[Piece], R]


@dataclass(frozen=True)
class Text:
    """A text, or a stream of its lines, as an input named ``name``: one
    piece when ``whole`` (a whole text is one piece), else cut as a file is;
    ``kind`` ("ftn", "json", "jsonl") overrides the guess from the name and
    the text."""

    text: str | Iterable[str]
    name: str = "<input>"
    kind: str | None = None
    whole: bool = True


@dataclass
class Start:
    """An input begins (just before its first piece): its number among the
    inputs, the name it was given by (``-``), the name it is shown by
    (``<stdin>``), how it is read (``files.formats.sniff``) and its first lines
    (up to the first that is not blank, at least two); for a file, what was
    found of it as it was opened (``files.streams.Opened``: its BOM, packing and
    identity), else None."""

    index: int
    name: str
    label: str
    how: str
    head: list[str] = field(default_factory=list)
    opened: Opened | None = None


@dataclass
class End:
    """An input is done: ``error`` is why it could not be read (partway, or
    at all: then no ``Start`` came for it); ``head`` is as in ``Start`` (empty
    when the input could not be opened), and so is ``opened``."""

    index: int
    name: str
    label: str
    error: InputError | None = None
    started: bool = False
    how: str = "ftn"
    head: list[str] = field(default_factory=list)
    opened: Opened | None = None


class Sink(Protocol[R_contra]):
    """The in-order half of a job (in the process that drives)."""

    def start(self, s: Start) -> None: ...
    def add(self, piece: Piece, result: R_contra) -> None: ...
    def end(self, e: End) -> None: ...


def label_of(name: str) -> str:
    """How an input is shown: ``<stdin>`` for ``-``."""
    return "<stdin>" if name == "-" else name


def input_names(paths: Sequence[str], exclude: Sequence[str] = ()
                ) -> tuple[list[str], list[InputError]]:
    """The files the paths name (``-``: standard input), each checked to be
    a regular file that can be opened before any is read, and the errors
    of those that are not (special files are read only as ``-``)."""
    names: list[str] = []
    bad: list[InputError] = []
    for n in expand_each(paths, exclude):
        if isinstance(n, InputError):
            bad.append(n)
            continue
        try:
            check_input(n)
        except InputError as e:
            bad.append(e)
            continue
        names.append(n)
    return names, bad


def open_one(name: str) -> Text:
    """One input opened (``-``: standard input) and how it is read known
    (``Text.kind``), for a command that must know it before it runs;
    InputError when it cannot be read."""
    label = label_of(name)
    try:
        check_input(name)
        head, lines = first_lines(open_lines(name, label))
        how, _ = sniff(head, label)
    except InputError as e:
        e.name = e.name or label
        raise
    return Text(lines, label, how, whole=False)


def _items(inputs: Iterable[str | Text], kind: str | None, size: int
           ) -> Iterator[Piece | Start | End]:
    """Every input's start, pieces and end, in order; an input that cannot
    be read (or stops being readable) ends with its error, and the next
    goes on."""
    for index, source in enumerate(inputs):
        if isinstance(source, Text):
            name = label = source.name
            text = source.text
            lines: Iterable[str] = Chunked.of(text) if isinstance(text, str) else text
            want, cut = source.kind or kind, 1 << 62 if source.whole else size
        else:
            name, label, want, cut = source, label_of(source), kind, size
        end = End(index, name, label)
        try:
            if not isinstance(source, Text):
                lines = open_lines(name, label)
                end.opened = lines.opened
            head, rest = first_lines(lines)
            end.how, _ = sniff(head, label, want)
            end.head = head
            for p in pieces(rest, label, end.how, cut):
                if not end.started:
                    end.started = True
                    yield Start(index, name, label, end.how, head, end.opened)
                yield p
        except InputError as e:
            e.name = e.name or label
            end.error = e
        yield end


@contextmanager
def worker_pool(jobs: int) -> Iterator[tuple[Submit, int]]:
    """Local worker processes: how work is submitted to them, and how many
    there are. The one place a pool of workers is made."""
    # (workers die with their parent; a dead one is WorkerDied, not a traceback)
    with dead_worker_is_an_error(), pool(jobs) as local:
        yield local.submit, jobs


def workers(jobs: int) -> int:
    """``--jobs``: 0 is one worker per core; never more than
    ``workers.most_jobs`` (four per CPU)."""
    return min(jobs if jobs > 0 else (os.cpu_count() or 1), most_jobs())


def _ahead(items: Iterator[T], want: int, count: Callable[[T], bool]
           ) -> tuple[list[T], int, Iterator[T]]:
    """The first items, up to the ``want``-th that ``count`` counts; how
    many it counted (fewer than ``want``: the items are all there); and all
    the items again, in order."""
    head: list[T] = []
    n = 0
    for item in items:
        head.append(item)
        n += count(item)
        if n >= want:
            break
    return head, n, chain(head, items)


@contextmanager
def _runner(n: int, dask: str | None) -> Iterator[Runner]:
    """How pieces are run (``Runner``): here (one at a time), in ``n``
    local processes, or on the Dask scheduler at ``dask`` (as
    ``cluster.cluster_runner`` says; ``cluster.DaskMissing`` when it cannot
    be used)."""
    if dask is not None:
        from verifier.pipeline.cluster import cluster_runner

        with cluster_runner(dask) as runner:
            yield Runner(*runner)
        return
    if n == 1:
        yield Runner(here, 1)
        return
    with worker_pool(n) as (submit, n):
        yield Runner(submit, n, by_span=True)  # (the workers read plain files themselves)


def ordered(submit: Callable[[T], Any], items: Iterable[T], window: int
            ) -> Iterator[tuple[T, Any]]:
    """Submit every item (``submit`` returns a future), at most ``window``
    in flight, and give back (item, result) in the order of the items."""
    flight: deque[tuple[T, Any]] = deque()
    for item in items:
        flight.append((item, submit(item)))
        if len(flight) >= window:
            done, fut = flight.popleft()
            yield done, fut.result()
    while flight:
        done, fut = flight.popleft()
        yield done, fut.result()


def drive(work: Work[R], sink: Sink[R], inputs: Iterable[str | Text], jobs: int = 1,
          dask: str | None = None, kind: str | None = None, size: int = PIECE_CHARS) -> None:
    """Run ``work`` on every piece of the inputs (here when ``jobs`` is 1,
    in ``jobs`` worker processes, 0: one per core, or on the Dask scheduler
    at ``dask``), a few pieces in flight per worker so that memory stays
    bounded, and give ``sink`` every start, piece and result, and end, in
    input order. ``kind`` overrides how every input is read; ``size`` is
    the characters of a piece (at least). Pieces of plain files go to
    workers without their lines, and on a cluster a few to a task
    (``tasks``). No more workers are started than there are pieces (the
    first pieces are read before the pool is made, to count them)."""
    items: Iterator[Piece | Start | End] = _items(inputs, kind, size)
    n = workers(jobs)
    if dask is None and n > 1:
        _, found, items = _ahead(items, n, lambda i: isinstance(i, Piece))
        n = max(1, min(n, found))
    with _runner(n, dask) as runner:
        tasks = Tasks(runner, work)

        def send(item: Piece | Start | End) -> Any:
            return tasks.send(item) if isinstance(item, Piece) else Ready(None)

        window = 1 if runner.n == 1 else 3 * runner.n * runner.batch
        for item, result in ordered(send, items, window):
            if isinstance(item, Start):
                sink.start(item)
            elif isinstance(item, End):
                sink.end(item)
            else:
                sink.add(item, result)


class _Collect:
    """Every piece and its result, in order (an unreadable input raises)."""

    def __init__(self) -> None:
        self.results: list[tuple[Piece, Any]] = []

    def start(self, s: Start) -> None:
        pass

    def add(self, piece: Piece, result: Any) -> None:
        self.results.append((piece, result))

    def end(self, e: End) -> None:
        if e.error is not None:
            raise e.error


def collect(work: Work[R], source: str | Text, jobs: int = 1) -> list[tuple[Piece, R]]:
    """Every piece of one input and its result, in order (a whole ``Text``
    is one piece); InputError when the input cannot be read."""
    sink = _Collect()
    drive(work, sink, [source], jobs)
    return sink.results


def single(results: list[T]) -> T:
    """The result of the one piece of a whole text."""
    (result,) = results
    return result


class Progress(Protocol):
    """What a long run tells as it goes (``render.progress.Progress``)."""

    def update(self, done: int, findings: int) -> None: ...
    def done(self) -> None: ...
