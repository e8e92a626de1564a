"""The scorer: its site built, and served on localhost.

Boundary: part of ``verifier.api``; imports ``scorer``.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from verifier.api.inputs import Say
from verifier.scorer.build import build
from verifier.scorer.localhost import serve

if TYPE_CHECKING:
    from verifier.scorer.build import Site

__all__ = ["scorer_build", "scorer_serve"]


def scorer_build(out: Path, say: Say = print) -> Site:
    """``ftn scorer build``: the scorer's site (a static web app that records
    a game on a phone, offline, on this engine run by Pyodide) written to
    the folder ``out``, all of its files or none; ``.weight()`` its files,
    bytes and gzip bytes. ``verifier.BuildError`` when it cannot be built
    (no Node or npm, no checkout, no network for the first download)."""
    return build(out, say)


def scorer_serve(folder: Path, port: int = 8361, say: Say = print) -> None:
    """``ftn scorer serve``: ``folder`` served on http://127.0.0.1:``port``/
    until interrupted; OSError when the port cannot be had."""
    serve(folder, port, say)

