"""Audit other implementations: divergences from the reference replay,
grouped into defect classes and counted (``render`` writes them out in every
format of ``--format``).

Boundary: judges records that another engine wrote (with that engine's own
claims) and the live answers of an engine (``live.protocol``), through the same
replay as ``ftn check``, in audit mode: every round is judged, and the next
round starts from the claimed totals (or the computed ones). It names each
divergence's defect class and the rule it breaks. No I/O, no rendering.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Any

from notation.model import Game
from verifier.audit.hypotheses import UNEXPLAINED, explain_game
from verifier.audit.variants import DEFECTS as WRONG_ENGINES
from verifier.diagnostics import Name
from verifier.replay.game import replay
from verifier.replay.inputs import Audit, Locate, Reading, Resync
from verifier.replay.observers import Divergence, Divergences, Explained, RoundSeen
from verifier.rules.start import Setup, read_header

#: Defect classes: name -> (rule, what goes wrong): those a wrong engine
#: computes (``audit.variants``), and those of a live engine or an input.
DEFECTS: dict[str, tuple[str, str]] = {
    **WRONG_ENGINES,
    UNEXPLAINED: ("-", "no defect class reproduces what the record claims"),
    "illegal-move-offered": (
        "R4.1-R4.4", "the engine's legal moves differ from the rules'"),
    "engine-failure": (
        "protocol", "the engine hung, exited, or answered with something that is not a view"),
    "unreadable-record": ("FTN", "the record does not parse, or does not match the schema"),
}


def _integer(text: str | None) -> bool:
    return text is not None and re.fullmatch(r"-?[0-9]{1,18}", text) is not None


def classify(div: Divergence) -> tuple[str, str]:
    """The defect class of a divergence and the rule it breaks: the
    classifier's verdict (two classes or more joined by " or "), or, for a
    live engine's divergence, from the finding's name and values and the
    typed facts of its event."""
    d = div.diagnostic
    ex = div.explained
    if ex is not None:
        if not ex.classes:
            return UNEXPLAINED, d.rule
        return " or ".join(ex.classes), "; ".join(DEFECTS[c][0] for c in ex.classes)
    f = div.facts
    name = d.name
    if f.tile_replayed:
        # The record places one tile twice in the round: whatever showed
        # first, the engine kept a placed tile in its hand.
        name = "tile-stays-in-hand"
    elif (name == Name.END_TOTAL_MISMATCH and _integer(d.claimed) and _integer(d.computed)):
        # (a live engine may claim anything: None, a list, a word)
        claimed, computed = int(str(d.claimed)), int(str(d.computed))
        if f.ntiles == 1 and f.left_double and claimed == 2 * computed:
            name = "lead-double-doubled"
        else:
            for double, value in ((f.left_double, f.left), (f.right_double, f.right)):
                if double and value is not None and claimed == computed - value:
                    name = "double-stops-counting"
    elif name == Name.EVENT_AFTER_ROUND_END and f.outcome == "domino":
        name = "play-after-domino"
    elif name == Name.RESULT_MISMATCH and (d.computed or "").startswith("domino") and not (
        d.claimed or ""
    ).startswith("domino"):
        name = "play-after-domino"  # the record's round did not end on its domino
    elif name == Name.TILE_NOT_IN_HAND and f.played_before:
        name = "tile-stays-in-hand"
    if name in DEFECTS:
        return name, DEFECTS[name][0]
    return name, d.rule


def audit_game(game: Game, number: int = 1, source: str = "<input>",
               resync: Resync = Resync.CLAIMED, locate: Locate | None = None,
               preset: str | None = None) -> GameAudit:
    """Replay one game as an audit (``Audit``: every round is judged, and
    after a diverging round the next starts from the claimed, or computed,
    totals): each diverging round's first finding, with its later findings
    and the classifier's verdict, then the findings outside rounds.
    ``preset``: that of a record without a ``[rules]`` tag (None: pagat)."""
    setup = read_header(game, preset)
    divs = Divergences(setup.names if isinstance(setup, Setup) else ())
    rep = replay(game, number, Reading(source, locate, preset=preset), [divs],
                 audit=Audit(resync))
    verdicts = explain_game(setup, game, divs.rounds) if isinstance(setup, Setup) else []
    out = []
    for seen, verdict in zip(divs.rounds, verdicts or [None] * len(divs.rounds), strict=True):
        if seen.first is not None:
            out.append(_named(seen.first, seen, verdict, locate))
    return GameAudit(source, rep.game, rep.rounds, divs.clean_rounds, out + divs.outside)


def _named(first: Divergence, seen: RoundSeen, verdict: Explained | None,
           locate: Locate | None) -> Divergence:
    """A round's first divergence with its later findings and the
    classifier's verdict; named at an earlier placement where the verdict
    says (a tile joined by its wrong half)."""
    div = replace(first, later=tuple(seen.later), explained=verdict)
    d = div.diagnostic
    if verdict is not None and verdict.event and verdict.event != d.event:
        ev = seen.rnd.events[verdict.event - 1]
        line, col = (ev.line, ev.col) if ev.pointer is None or locate is None else (
            locate(ev.pointer))
        div = replace(div, diagnostic=replace(d, line=line, col=col, event=verdict.event,
                                              pointer=ev.pointer),
                      where=f"round {seen.index}, event {verdict.event}",
                      later=(d, *div.later))
    return div


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
    # Why an input (or a game of it) is not a record that can be read: not
    # a game, and not counted as one.
    unreadable: str | None = None

    @property
    def clean(self) -> bool:
        return not self.divergences and self.failure is None and self.unreadable is None

    @property
    def played(self) -> bool:
        """Whether the game was audited (neither skipped nor unreadable)."""
        return self.skipped is None and self.unreadable is None


@dataclass
class AuditSummary:
    """Counts over every game audited."""

    games: list[GameAudit] = field(default_factory=list)

    def add(self, ga: GameAudit) -> GameAudit:
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
                if key[0] == UNEXPLAINED:  # one class, whatever rule its finding cites
                    key = (UNEXPLAINED, DEFECTS[UNEXPLAINED][0])
                rounds[key] += 1
                seen.add(key)
            if g.failure is not None:
                key = ("engine-failure", "protocol")
                rounds[key] += 1
                seen.add(key)
            for key in seen:
                games[key] += 1
        return [(k[0], k[1], games[k], rounds[k]) for k in sorted(
            games, key=lambda k: (-games[k], k))]

    @property
    def read_nothing(self) -> bool:
        """Whether nothing in the input could be read as a record."""
        return bool(self.games) and all(g.unreadable is not None for g in self.games)

    @property
    def none_played(self) -> bool:
        """Whether no game could be played to a live engine (each skipped)."""
        return all(g.skipped is not None for g in self.games)

    def status(self) -> int:
        """The exit status of ``ftn audit``: 2 when nothing in the input is a
        record, 1 when a game is not clean (it diverges, the engine failed, or
        it cannot be read), else 0."""
        return 2 if self.read_nothing else 0 if all(g.clean for g in self.games) else 1

    def to_dict(self) -> dict[str, Any]:
        played = [g for g in self.games if g.played]
        n = len(played)
        rounds = sum(g.rounds for g in played)
        skipped = [{"game": g.game, "reason": g.skipped} for g in self.games if g.skipped]
        unreadable = [{"file": g.source, "game": g.game, "problem": g.unreadable}
                      for g in self.games if g.unreadable is not None]
        return {
            "version": 2,
            "games": n,
            "cleanGames": sum(1 for g in played if g.clean),
            "rounds": rounds,
            "cleanRounds": sum(g.clean_rounds for g in played),
            "unreadable": unreadable,
            "classes": [
                {"class": c, "rule": r, "games": gm, "rounds": rd,
                 "summary": DEFECTS.get(c, ("", ""))[1]}
                for c, r, gm, rd in self.classes()
            ],
            "failing": [
                {"file": g.source, "game": g.game, "failure": g.failure,
                 "divergences": [_div_dict(d) for d in g.divergences]}
                for g in self.games if not g.clean and g.unreadable is None
            ],
        } | ({"skipped": skipped} if skipped else {})


def _div_dict(div: Divergence) -> dict[str, Any]:
    cls, rule = classify(div)
    d = div.diagnostic
    ex = div.explained
    return {
        "class": cls, "rule": rule, "classes": list(ex.classes) if ex is not None else [cls],
        "line": d.line, "col": d.col, "round": d.round, "event": d.event, "where": div.where,
        "diagnostic": d.name, "message": d.message, "claimed": d.claimed,
        "computed": d.computed, "explanation": ex.message if ex is not None else None,
        "position": {
            "at": div.moment,
            "hands": {s: [list(t) for t in h] for s, h in div.hands.items()},
            "ends": div.ends, "totals": list(div.totals), "toPlay": div.to_play,
        },
        "later": [{"line": x.line, "col": x.col, "round": x.round, "event": x.event,
                   "diagnostic": x.name, "message": x.message, "claimed": x.claimed,
                   "computed": x.computed} for x in div.later],
    }
