"""The ``ftn`` console script.

A plain ``ftn check`` (``plain.plain_check``) runs without loading Typer,
Click or Rich: a check of one game starts in about two thirds of the time.
Every other command line goes to the Typer app (``verifier.cli``), which
reads it and says what is wrong with it.

At exit, what is still alive is frozen for the cyclic collector
(``gc.freeze``): the interpreter's shutdown would otherwise run full
collections over every object left (5% of a one-game check's instructions)
only to free memory that the process gives back as it ends. Objects are
still finalized by their reference counts, files flushed and ``atexit``
handlers run.

Boundary: the choice between the two only; both run the library through
``plain`` (the check) or the commands of ``cli``.
"""

from __future__ import annotations

import atexit
import gc
import sys

from verifier.plain import guarded, plain_check, run_check


def main() -> None:
    """Entry point of the ``ftn`` console script."""
    atexit.register(gc.freeze)  # (what is alive then is left to the end of the process)
    args = plain_check(sys.argv[1:])
    if args is None:
        from verifier.cli.common import app

        guarded(app)
    else:
        guarded(lambda: run_check(args))
