"""A match's results as text for people and as JSON data.

Boundary: ``Results`` (``run``) written out: the table of engines (games,
wins, losses by a defect, points a round with their 95% interval), the Elo
difference of two engines with its interval and the pair results, the
SPRT's state, every defect and every finding. Reads nothing, plays nothing.
"""

from __future__ import annotations

import math
from dataclasses import asdict
from typing import Any

from verifier.match.run import Results
from verifier.match.stats import bounds


def _num(x: float) -> float | None:
    return x if math.isfinite(x) else None


def _elo(x: float) -> str:
    return f"{x:+.1f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")


def as_data(res: Results) -> dict[str, Any]:
    """The results as JSON data."""
    plan = res.plan
    elo = res.elo
    data: dict[str, Any] = {
        "games": res.games, "players": plan.players, "seed": plan.seed,
        "engines": [{"name": e.name, "games": e.games, "wins": e.wins, "defects": e.defects,
                     "rounds": e.points.n, "pointsPerRound": e.points.mean,
                     "pointsHalfWidth95": _num(e.points.half_width)} for e in res.engines],
        "defects": [dict(asdict(d), game=n) for n, d in res.defects],
        "findings": [dict(asdict(f), game=n) for n, f in res.findings],
    }
    if elo is not None:
        data["elo"] = {"elo": _num(elo.elo), "low95": _num(elo.low), "high95": _num(elo.high),
                       "score": elo.score, "pairs": res.pentanomial}
    if plan.sprt is not None:
        s = plan.sprt
        data["sprt"] = {"elo0": s.elo0, "elo1": s.elo1, "alpha": s.alpha, "beta": s.beta,
                        "llr": res.llr, "bounds": list(bounds(s.alpha, s.beta)),
                        "verdict": res.verdict}
    return data


def as_text(res: Results) -> str:
    """The results for people."""
    plan = res.plan
    lines = [f"match: {res.games} games, {plan.players} players, {plan.seatings} seatings a "
             f"deal, seed {plan.seed}",
             f"{'engine':<16} {'games':>6} {'wins':>6} {'win%':>6} {'defects':>7}  "
             "points/round (95%)"]
    for e in res.engines:
        pct = 100.0 * e.wins / e.games if e.games else 0.0
        half = e.points.half_width
        lines.append(f"{e.name:<16} {e.games:>6} {e.wins:>6} {pct:>5.1f}% {e.defects:>7}  "
                     f"{e.points.mean:.2f} ± {half:.2f}" if math.isfinite(half) else
                     f"{e.name:<16} {e.games:>6} {e.wins:>6} {pct:>5.1f}% {e.defects:>7}  "
                     f"{e.points.mean:.2f}")
    elo = res.elo
    if elo is not None:
        a, b = (e.name for e in res.engines)
        p = res.pentanomial
        lines.append(f"Elo {a} - {b}: {_elo(elo.elo)} (95%: {_elo(elo.low)} to "
                     f"{_elo(elo.high)}); pairs won 2-0: {p[4]}, 1-1: {p[2]}, 0-2: {p[0]}")
    if plan.sprt is not None and res.llr is not None:
        s = plan.sprt
        low, high = bounds(s.alpha, s.beta)
        verdict = {"H1": f"H1 (elo1 {s.elo1:g}) accepted", "H0": f"H0 (elo0 {s.elo0:g}) "
                   "accepted", None: "not decided"}[res.verdict]
        lines.append(f"SPRT elo0 {s.elo0:g}, elo1 {s.elo1:g}, alpha {s.alpha:g}, beta "
                     f"{s.beta:g}: LLR {res.llr:.2f} ({low:.2f}, {high:.2f}): {verdict} after "
                     f"{res.games} games")
    lines.append(f"defects: {len(res.defects)}" + "".join(
        f"\n  {d.text(n)}" for n, d in res.defects))
    lines.append(f"findings: {len(res.findings)}" + "".join(
        f"\n  {f.text(n)}" for n, f in res.findings))
    return "\n".join(lines) + "\n"
