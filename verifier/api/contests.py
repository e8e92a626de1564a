"""Matches: engines played against each other, and their results reported.

Boundary: part of ``verifier.api``; imports ``match``.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from verifier.files.outputs import write_chunks
from verifier.match.report import as_data, as_text
from verifier.match.run import MatchPlan, play_match, read_entrant
from verifier.match.stats import read_sprt
from verifier.rules.options import given

if TYPE_CHECKING:
    from verifier.match.run import Results

__all__ = ["match", "match_report"]


def match(engines: Sequence[str], games: int = 100, *, players: int | None = None,
          seed: int = 1, preset: str | None = None, rules: Iterable[str] = (),
          timeout: float = 5.0, jobs: int = 1, sprt: str | None = None,
          output: Path | None = None, progress: Callable[[Results], None] | None = None
          ) -> Results:
    """``ftn match``: the engines (``NAME=COMMAND`` or ``builtin:PLAYER``,
    speaking the play protocol of ``verifier/PROTOCOL.md``) play ``games``
    games of ``players`` (default: one engine a seat) from ``seed``, each deal
    once a seating, under the preset and the ``rules`` options NAME=VALUE,
    every move checked; ``sprt`` (``ELO0,ELO1[,ALPHA,BETA]``) stops the match
    when decided. Every game is written to ``output`` as FTN (whole, or not at
    all); ``progress`` is called with the results after each game. Returns
    the ``verifier.match.run.Results``. ValueError for engines, rules or an
    SPRT that cannot be; OSError for a file that cannot be written."""
    entrants = tuple(read_entrant(e) for e in engines)
    plan = MatchPlan(entrants, players or len(entrants), games, seed, preset,
                     tuple(given(rules)), timeout, jobs or os.cpu_count() or 1,
                     read_sprt(sprt) if sprt else None)
    results, texts = play_match(plan, progress)
    if output is None:
        for _ in texts:
            pass
    else:
        write_chunks(texts, output)
    return results


def match_report(results: Results, format: str = "text") -> str:
    """A match's results (``match``) as text for people, or as JSON
    (``format`` "json")."""
    if format == "json":
        return json.dumps(as_data(results), indent=2) + "\n"
    return as_text(results)

