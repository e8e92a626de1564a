"""Audit a live engine: play reference games to it over the protocol of
``PROTOCOL.md`` and compare its view with the rules' after every event.

Boundary: talks JSON Lines to the engine (a subprocess: ``enginepipe``
runs it and bounds what it may send); computes the reference view with
``engine``; reports the first divergence of each game as a ``GameAudit``.
Timeouts, crashes, malformed replies and silence are failures of that game,
never a hang: every wait is bounded, and the engine and every process it
started are killed at the end.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from typing import Any

from notation.model import Game, Knock

from .audit import GameAudit
from .diagnostics import BY_NAME, Diagnostic
from .engine import GameState, RoundState, Stepper, tile_key
from .enginepipe import EngineError as EngineError  # (the names callers import from here)
from .enginepipe import EngineProcess as EngineProcess
from .observers import Divergence, Facts, position
from .options import describe
from .replay import check_game
from .setup import Setup

PROTOCOL_VERSION = 1


# --------------------------------------------------------------------------
# The reference view.


def _legal(rs: RoundState, gs: GameState) -> list[tuple[tuple[int, int], str | None]]:
    if rs.over or gs.over:
        return []
    moves = []
    for m in rs.legal_moves():
        if m.tile is not None:
            a, b = m.tile
            moves.append(((min(a, b), max(a, b)), m.end))
    return sorted(set(moves), key=lambda x: (x[0], x[1] or ""))


def view(step: Stepper, setup: Setup) -> dict[str, Any]:
    """The rules' view of a position, in the protocol's shape."""
    rs, gs = step.round, step.game
    found = step.outcome()
    state = "on" if found is None else found[0]
    last = step.last
    return {
        "type": "view",
        "toPlay": None if state != "on" else setup.names[rs.turn],
        "legal": [[list(t), e] for t, e in _legal(rs, gs)],
        "last": None if last is None else {
            "endTotal": last[0].end_total, "points": last[0].points, "bonus": last[0].bonus,
            "credited": last[1].credited,
        },
        "totals": list(gs.scores),
        "round": state,
        "winner": None if gs.winner is None else setup.side_names[gs.winner],
    }


def _norm_legal(moves: Any) -> set[tuple[tuple[int, int], str | None]]:
    out = set()
    for m in moves:
        (a, b), end = m
        out.add(((min(a, b), max(a, b)), end))
    return out


def _compare(ref: dict[str, Any], got: dict[str, Any], played: set[int],
             facts: Facts) -> tuple[str, str, str, str] | None:
    """The first difference: (diagnostic-like name, claimed, computed, what)."""
    r, g = ref["last"], got.get("last")
    if r is not None:
        g = g or {}
        for key, name in (("endTotal", "end-total-mismatch"), ("points", "points-mismatch")):
            if g.get(key) != r[key]:
                return name, str(g.get(key)), str(r[key]), f"{key} differs"
        if g.get("credited") != r["credited"] or g.get("bonus") != r["bonus"]:
            before = facts.before or 0
            if (not r["credited"] and r["bonus"] and g.get("credited")
                    and facts.side is not None and got["totals"][facts.side] in (
                        before + r["points"], before + r["bonus"])):
                return ("bonus-split", str(g), str(r), "placement and bonus tested apart")
            if not r["credited"] and g.get("credited"):
                return ("overshoot-accepted", str(g), str(r), "an overshoot credited")
            return ("bonus-mismatch", str(g), str(r), "bonus or credit differs")
    if got.get("round") != ref["round"]:
        if ref["round"] == "domino" and got.get("round") in ("on", "target"):
            return ("event-after-round-end", str(got.get("round")), ref["round"],
                    "the engine plays on after a domino")
        return ("result-mismatch", str(got.get("round")), ref["round"], "the round's state")
    if got.get("totals") != ref["totals"]:
        return ("total-mismatch", str(got.get("totals")), str(ref["totals"]), "totals differ")
    if got.get("winner") != ref["winner"]:
        return ("winner-mismatch", str(got.get("winner")), str(ref["winner"]), "the winner")
    try:
        legal = _norm_legal(got.get("legal", []))
    except (TypeError, ValueError):
        return ("illegal-move-offered", str(got.get("legal")), str(ref["legal"]),
                "legal moves in an unknown form")
    want = _norm_legal(ref["legal"])
    if legal != want:
        extra = sorted(legal - want)
        if any(tile_key(*t) in played for t, _ in extra):
            return ("tile-not-in-hand", str(sorted(legal)), str(sorted(want)),
                    "the engine offers a tile that has been placed already")
        return ("illegal-move-offered", str(sorted(legal)), str(sorted(want)),
                "the engine's legal moves differ")
    if got.get("toPlay") != ref["toPlay"]:
        return ("not-your-turn", str(got.get("toPlay")), str(ref["toPlay"]), "who plays next")
    return None


def _check(audit: GameAudit, step: Stepper, setup: Setup, ref: dict[str, Any],
           got: dict[str, Any], played: set[int], facts: Facts, number: int, index: int,
           n: int) -> bool:
    """Compare one view; on a divergence, record it (with the position) and
    return True."""
    try:
        diff = _compare(ref, got, played, facts)
    except (TypeError, KeyError, IndexError, ValueError, AttributeError):
        raise EngineError(f"malformed view: {json.dumps(got)[:80]}") from None
    if diff is None:
        return False
    name, claimed, computed, what = diff
    facts = replace(facts, played_before=name == "tile-not-in-hand")
    if name == "event-after-round-end":
        facts = replace(facts, outcome="domino")
    entry = BY_NAME.get(name)
    d = Diagnostic(
        entry.code if entry else "FT000", name, "error",
        f"{what}: the engine says {claimed}, the rules give {computed}",
        1, 1, number, index, n or None, entry.rule if entry else "R4.1-R4.4",
        claimed, computed, "<engine>",
    )
    hands, ends, _, _ = position(step, step.game, setup.names)
    audit.divergences.append(
        Divergence(d, hands, ends, tuple(ref["totals"]), ref["toPlay"], facts)
    )
    return True


def playable(game: Game, number: int = 1) -> Setup | str:
    """The set-up of a reference game that can be played to an engine, or why
    it cannot: its replay must be legal to the end, every hand known."""
    rep = check_game(game, number)
    if rep.stopped is not None or rep.setup is None:
        d = rep.stopped
        return ("its record is not legal" + (
            f": {d.code} {d.name} at {d.line}:{d.col}: {d.message}" if d else ""))
    for index, rnd in enumerate(game.rounds, 1):
        dealt = {d.seat: d.tiles for d in rnd.deals}
        if any(s not in dealt or None in dealt[s] for s in rep.setup.names):
            return f"round {index} does not give every hand (a partial record)"
    return rep.setup


def _audit_one(eng: EngineProcess, game: Game, number: int) -> GameAudit:
    found = playable(game, number)
    if isinstance(found, str):
        return GameAudit("<reference>", number, 0, 0, [], skipped=found)
    setup = found
    names = setup.names
    audit = GameAudit("<engine>", number, 0, 0, [])
    eng.ask({"type": "new-game", "protocol": PROTOCOL_VERSION, "game": number,
             "seats": list(names), "first": names[setup.first],
             "rules": describe(setup.rules)}, "ready")
    gs = setup.new_game()
    for index, rnd in enumerate(game.rounds, 1):
        dealt = {d.seat: d.tiles for d in rnd.deals}
        hands = [[t for t in dealt[s] if t is not None] for s in names]
        step = Stepper(gs, gs.new_round(hands, setup.seat_of[rnd.opener], names))
        audit.rounds += 1
        got = eng.ask({"type": "new-round", "round": index, "opener": rnd.opener,
                       "totals": list(gs.scores),
                       "hands": {s: [list(t) for t in h] for s, h in zip(names, hands,
                                                                       strict=True)}}, "view")
        played: set[int] = set()
        if _check(audit, step, setup, view(step, setup), got, played, Facts(), number, index,
                  0):
            return audit
        for n, ev in enumerate(rnd.events, 1):
            seat = setup.seat_of[ev.seat]
            before_play = set(played)
            facts = Facts()
            if isinstance(ev, Knock):
                step.knock(seat)
                msg: dict[str, Any] = {"type": "event", "seat": ev.seat, "knock": True}
            else:
                side = setup.rules.side_of[seat]
                before, ntiles = gs.scores[side], step.round.ntiles + 1
                placed, _ = step.place(seat, ev.tile[0], ev.tile[1], ev.end)
                played.add(tile_key(*ev.tile))
                facts = Facts(ntiles, placed.left, placed.left_double, placed.right,
                              placed.right_double, placed.outcome, side=side, before=before)
                msg = {"type": "event", "seat": ev.seat, "tile": list(ev.tile),
                       "end": placed.end}
            got = eng.ask(msg, "view")
            if _check(audit, step, setup, view(step, setup), got,
                      before_play if "tile" in msg else played, facts, number, index, n):
                return audit
        audit.clean_rounds += 1
        gs.end_round()
        if gs.over:
            break
    return audit


def audit_engine(command: str, games: list[Game], timeout: float) -> Iterator[GameAudit]:
    """Audit a live engine over reference games: one ``GameAudit`` each.
    A failing engine is restarted for the next game."""
    eng: EngineProcess | None = None
    try:
        for number, game in enumerate(games, 1):
            if eng is None:
                try:
                    eng = EngineProcess(command, timeout)
                except OSError as e:
                    yield GameAudit("<engine>", number, 0, 0, [], f"cannot start: {e}")
                    continue
            try:
                yield _audit_one(eng, game, number)
            except EngineError as e:
                yield GameAudit("<engine>", number, 0, 0, [], str(e))
                eng.close(graceful=False)
                eng = None
    finally:
        if eng is not None:
            eng.close()
