"""The Fives and Threes rules engine, the record verifier, and the ``ftn`` CLI.

Boundary: ``engine`` is the pure rules model (no I/O, no notation, no Lark,
no Typer). Around it: ``setup`` reads a header into a game's set-up,
``reading`` is the one way in for FTN and JSON texts, ``replay`` steps a
game and has ``judge`` compare its claims (``observers`` record what a tool
wants besides the findings), ``diagnostics`` is the registry of codes,
``formats`` is the registry of record notations, ``pipeline`` runs every
command that reads records as a job over its inputs (``check``, ``audit``,
``rewrite`` and ``parallel`` hold the jobs' work on one piece of games; a
whole text is one piece), ``protocol`` audits live engines, ``generate``
writes random legal games, ``render`` and ``report`` format findings,
``show`` draws a game, and ``cli`` is the thin command line.
``api`` is the Python API over all of them (``verifier.api``), imported when
first used, so that a command loads only what it needs.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import api

__all__ = ["api"]


def __getattr__(name: str) -> Any:
    if name == "api":
        return importlib.import_module(f"{__name__}.api")
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
