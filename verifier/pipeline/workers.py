"""Local worker processes (``--jobs``) that live no longer than their
parent, and a dead one as a clear error.

Boundary: the pool factory of the driver (``driver``) and what a pool's failure
becomes: each worker asks the kernel to be killed when its parent dies
(``files.processes.die_with_parent``: SIGTERM, SIGHUP, SIGKILL of the parent
alike), and leaves an interrupt to its parent; a worker that dies (killed,
out of memory) breaks the pool, which is ``WorkerDied`` with what is
known, not a traceback. ``most_jobs`` is the most workers a run starts
(four per CPU), whatever ``--jobs`` or a settings file asks for; ``capped``
says so. It runs nothing of its own.
"""

from __future__ import annotations

import contextlib
import os
import signal
from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where a pool is made: the command line imports WorkerDied
    from concurrent.futures import ProcessPoolExecutor


class WorkerDied(Exception):
    """A worker process died before it finished its piece (exit 2)."""


#: The most worker processes per CPU (``most_jobs``).
PER_CPU = 4


def most_jobs() -> int:
    """The most worker processes a run starts: four per CPU."""
    return PER_CPU * (os.cpu_count() or 1)


def shown_number(n: int) -> str:
    """A whole number as a message shows it (a huge one by its length)."""
    text = str(n)
    return text if len(text) <= 24 else f"{text[:8]}... (a number of {len(text)} digits)"


def capped(jobs: int, given_as: str | None = None) -> tuple[int, str | None]:
    """The worker processes that ``jobs`` asks for (0: one per core), kept
    within ``most_jobs``, and what to say when they were fewer than asked
    for (``given_as``: how it was given, ``jobs = 3000 in ftn.toml``;
    None: ``--jobs 3000``)."""
    if given_as is None:
        given_as = f"--jobs {shown_number(jobs)}"
    most = most_jobs()
    if jobs <= most:
        return jobs, None
    cpus = os.cpu_count() or 1
    return most, (f"ftn: {given_as}: more worker processes than ftn starts, at most {most} "
                  f"({PER_CPU} per CPU, {cpus} CPU{'s' if cpus != 1 else ''}); "
                  f"at most {most} are used")


def _init(parent: int) -> None:
    from verifier.files.processes import die_with_parent

    die_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent stops the run


def pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes that die with this process."""
    from concurrent.futures import ProcessPoolExecutor

    return ProcessPoolExecutor(jobs, initializer=_init, initargs=(os.getpid(),))


@contextlib.contextmanager
def dead_worker_is_an_error() -> Iterator[None]:
    """Turn a broken pool into ``WorkerDied``."""
    from concurrent.futures.process import BrokenProcessPool

    try:
        yield
    except BrokenProcessPool:
        raise WorkerDied("a worker process died before it finished (killed, or out of "
                         "memory?); run again, or with fewer --jobs") from None
