"""The ``ftn`` console script.

A plain ``ftn check`` (``plain.plain_check``) runs without loading Typer,
Click or Rich: a check of one game starts in about two thirds of the time.
Every other command line goes to the Typer app (``verifier.cli``), which
reads it and says what is wrong with it.

Boundary: the choice between the two only; both run the library through
``plain`` (the check) or the commands of ``cli``.
"""

from __future__ import annotations

import sys

from .plain import guarded, plain_check, run_check


def main() -> None:
    """Entry point of the ``ftn`` console script."""
    args = plain_check(sys.argv[1:])
    if args is None:
        from .cli import app

        guarded(app)
    else:
        guarded(lambda: run_check(args))
