"""Audit other implementations: divergences from the reference replay,
grouped into defect classes and counted (``render`` writes them out in every
format of ``--format``).

Boundary: judges records that another engine wrote (with that engine's own
claims) and the live answers of an engine (``protocol``), through the same
replay as ``ftn check``, in audit mode: every round is judged, and the next
round starts from the claimed totals (or the computed ones). It names each
divergence's defect class and the rule it breaks. No I/O, no rendering.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .observers import Divergence
from .replay import GameReport

#: Defect classes that real engines show: name -> (rule, what goes wrong).
DEFECTS: dict[str, tuple[str, str]] = {
    "lead-double-doubled": (
        "R5.3", "a lead double is scored as two doubled ends (6-6 counts 24, not 12)"),
    "double-stops-counting": (
        "R5.2", "a terminal lead double stops counting once the lead is continued on one side"),
    "play-after-domino": (
        "R7.1, R7.2", "play goes on after a side has placed its last tile"),
    "bonus-split": (
        "R8.1", "the domino bonus is tested against the target apart from its placement"),
    "tile-stays-in-hand": (
        "R4.5", "a tile that has been placed stays in the hand and is placed again"),
    "illegal-move-offered": (
        "R4.1-R4.4", "the engine's legal moves differ from the rules'"),
    "engine-failure": (
        "protocol", "the engine hung, exited, or answered with something that is not a view"),
    "unreadable-record": ("FTN", "the record does not parse, or does not match the schema"),
}


def classify(div: Divergence) -> tuple[str, str]:
    """The defect class of a divergence and the rule it breaks, from the
    finding's name and values and the typed facts of its event."""
    d, f = div.diagnostic, div.facts
    name = d.name
    if f.tile_replayed:
        # The record places one tile twice in the round: whatever showed
        # first, the engine kept a placed tile in its hand.
        name = "tile-stays-in-hand"
    elif name == "end-total-mismatch" and d.claimed and d.computed:
        claimed, computed = int(d.claimed), int(d.computed)
        if f.ntiles == 1 and f.left_double and claimed == 2 * computed:
            name = "lead-double-doubled"
        else:
            for double, value in ((f.left_double, f.left), (f.right_double, f.right)):
                if double and value is not None and claimed == computed - value:
                    name = "double-stops-counting"
    elif name == "event-after-round-end" and f.outcome == "domino":
        name = "play-after-domino"
    elif name == "result-mismatch" and (d.computed or "").startswith("domino") and not (
        d.claimed or ""
    ).startswith("domino"):
        name = "play-after-domino"  # the record's round did not end on its domino
    elif name == "tile-not-in-hand" and f.played_before:
        name = "tile-stays-in-hand"
    if name in DEFECTS:
        return name, DEFECTS[name][0]
    return name, d.rule


@dataclass
class GameAudit:
    """One game's audit: its divergences (one per diverging round)."""

    source: str
    game: int
    rounds: int
    clean_rounds: int
    divergences: list[Divergence]
    failure: str | None = None  # a live engine's failure, if any
    # Why a reference game was not played to a live engine (a partial or
    # illegal record): it is neither clean nor failing, and not counted.
    skipped: str | None = None

    @property
    def clean(self) -> bool:
        return not self.divergences and self.failure is None


@dataclass
class AuditSummary:
    """Counts over every game audited."""

    games: list[GameAudit] = field(default_factory=list)

    def add(self, source: str, rep: GameReport) -> GameAudit:
        ga = GameAudit(source, rep.game, rep.rounds, rep.clean_rounds, list(rep.divergences))
        self.games.append(ga)
        return ga

    def classes(self) -> list[tuple[str, str, int, int]]:
        """(class, rule, games, rounds) per defect class, most frequent first."""
        games: Counter[tuple[str, str]] = Counter()
        rounds: Counter[tuple[str, str]] = Counter()
        for g in self.games:
            seen = set()
            for div in g.divergences:
                key = classify(div)
                rounds[key] += 1
                seen.add(key)
            if g.failure is not None:
                key = ("unreadable-record", "FTN") if g.failure.startswith("unreadable") else (
                    "engine-failure", "protocol")
                rounds[key] += 1
                seen.add(key)
            for key in seen:
                games[key] += 1
        return [(k[0], k[1], games[k], rounds[k]) for k in sorted(
            games, key=lambda k: (-games[k], k))]

    def to_dict(self) -> dict[str, Any]:
        played = [g for g in self.games if g.skipped is None]
        n = len(played)
        rounds = sum(g.rounds for g in played)
        skipped = [{"game": g.game, "reason": g.skipped} for g in self.games if g.skipped]
        return {
            "version": 1,
            "games": n,
            "cleanGames": sum(1 for g in played if g.clean),
            "rounds": rounds,
            "cleanRounds": sum(g.clean_rounds for g in self.games),
            "classes": [
                {"class": c, "rule": r, "games": gm, "rounds": rd,
                 "summary": DEFECTS.get(c, ("", ""))[1]}
                for c, r, gm, rd in self.classes()
            ],
            "failing": [
                {"file": g.source, "game": g.game, "failure": g.failure,
                 "divergences": [_div_dict(d) for d in g.divergences]}
                for g in self.games if not g.clean
            ],
        } | ({"skipped": skipped} if skipped else {})


def _div_dict(div: Divergence) -> dict[str, Any]:
    cls, rule = classify(div)
    d = div.diagnostic
    return {
        "class": cls, "rule": rule, "line": d.line, "col": d.col, "round": d.round,
        "event": d.event, "diagnostic": d.name, "message": d.message, "claimed": d.claimed,
        "computed": d.computed,
        "position": {
            "hands": {s: [list(t) for t in h] for s, h in div.hands.items()},
            "ends": div.ends, "totals": list(div.totals), "toPlay": div.to_play,
        },
    }
