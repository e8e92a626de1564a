"""Local worker processes (``--jobs``) that live no longer than their
parent, and a dead one as a clear error.

Boundary: the pool factory of ``parallel`` and what a pool's failure
becomes: each worker asks the kernel to be killed when its parent dies
(``processes.die_with_parent``: SIGTERM, SIGHUP, SIGKILL of the parent
alike), and leaves an interrupt to its parent; a worker that dies (killed,
out of memory) breaks the pool, which is ``WorkerDied`` with what is
known, not a traceback. It runs nothing of its own.
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


def _init(parent: int) -> None:
    from .processes import die_with_parent

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
