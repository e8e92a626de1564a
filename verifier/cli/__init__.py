"""The ``ftn`` command line (Typer).

Boundary: thin. Each command reads its arguments, calls the library (the
driver of ``pipeline`` for the commands that read records, ``api`` and the
modules it names) and renders with the ``render`` family; all judgement and
every loop over inputs live in the library. The commands live in
``records`` (check, fmt, convert, replay, show), ``engines`` (audit, perft,
generate), ``reference`` (codes, explain, rules, schema) and a module each
(export, fill, record, select, server, stats), each registering its commands
with the app as it is imported; ``common`` holds the app, the shared options
and the input/output helpers. A command imports the library modules that it
alone uses in its own body, so that each command loads only what it uses
(start-up; a test keeps a check of FTN so). Exit codes: 0 no errors, 1
errors found (or, for ``fmt --check``, files that would change), 2 usage
errors or unreadable input. No traceback reaches the user.
"""

from __future__ import annotations

from ..plain import guarded
from . import records  # first: the order of the commands in --help

# isort: split
from . import engines, export, fill, record, reference, select, server, stats
from .common import Color, app

__all__ = ["Color", "app", "engines", "export", "fill", "main", "record", "records", "reference",
           "select", "server", "stats"]


def main() -> None:
    """The Typer app, as the ``ftn`` console script runs it (``launch.main``
    reads a plain ``ftn check`` without it)."""
    guarded(app)
