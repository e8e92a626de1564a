"""Print game records as FTN text, in the one canonical form.

Boundary: layout only. The printer writes what a record says, in a fixed
order and spacing (SPEC.md, "Canonical form"); it does not judge the record,
and it does not fill in what the record leaves out (writing the end of a
placement whose end was left out needs the rules: ``ftn fmt`` asks the
verifier to resolve it first).
"""

from __future__ import annotations

import json
from collections.abc import Iterable

from notation.model import (
    Comments,
    Deal,
    Event,
    Game,
    Knock,
    Placement,
    PointsClaim,
    Round,
    Tag,
    Tile,
    TotalsClaim,
)

INDENT = "  "
_TAG_RANK = {"ftn": 0, "seat": 1, "first": 2, "start": 3, "rules": 4, "rule": 5}


def tile_text(tile: Tile | None) -> str:
    """``6-3``, or ``?`` for an unknown tile."""
    return "?" if tile is None else f"{tile[0]}-{tile[1]}"


def totals_text(claim: TotalsClaim) -> str:
    """``(12,30)``."""
    return "(" + ",".join(str(v) for v in claim.values) + ")"


def points_text(claim: PointsClaim) -> str:
    """``+4``, ``+2+1``, ``over+3``."""
    body = f"+{claim.points}" + (f"+{claim.bonus}" if claim.bonus is not None else "")
    return "over" + body if claim.discarded else body


def event_text(ev: Event) -> str:
    """One event line, without indentation or comments."""
    if type(ev) is Knock:
        return f"{ev.seat} knock" + (f" {totals_text(ev.totals)}" if ev.totals else "")
    assert isinstance(ev, Placement)
    parts = [ev.seat, f"{ev.tile[0]}-{ev.tile[1]}"]
    if ev.end is not None:
        parts.append(ev.end)
    if ev.end_total is not None:
        parts.append(f"={ev.end_total.value}")
    if ev.points is not None:
        parts.append(points_text(ev.points))
    if ev.totals is not None:
        parts.append(totals_text(ev.totals))
    return " ".join(parts)


def tag_text(tag: Tag) -> str:
    """``[key "value" ...]`` with JSON string escapes."""
    values = "".join(" " + json.dumps(v, ensure_ascii=False) for v in tag.values)
    return f"[{tag.key}{values}]"


def _comment(c: str) -> str:
    """A comment's text, which no reader gives with a line end in it (a CR
    or an LF: SPEC.md, files and lines); ValueError for one built so."""
    if "\r" in c or "\n" in c:
        raise ValueError("a comment holds a line end (CR or LF): FTN cannot print it")
    return c


def _emit(out: list[str], indent: str, text: str, comments: Comments) -> None:
    for c in comments.before:
        out.append(f"{indent}#{_comment(c)}")
    if comments.after is not None:
        out.append(f"{indent}{text}  #{_comment(comments.after)}")
    else:
        out.append(indent + text)


def _sorted_deals(deals: Iterable[Deal], seats: list[str]) -> list[Deal]:
    """The deals in seat order, when each is for a distinct declared seat;
    else as written (a deal for an undeclared seat, or a seat dealt twice,
    is a ``bad-deal`` where it stands: moving it would change what a check
    reports first)."""
    given = list(deals)
    order = {s: i for i, s in enumerate(seats)}
    named = [d.seat for d in given]
    if len(set(named)) != len(named) or any(s not in order for s in named):
        return given
    return sorted(given, key=lambda d: order[d.seat])


def _round_lines(out: list[str], rnd: Round, seats: list[str]) -> None:
    _emit(out, "", f"round {rnd.number} opener {rnd.opener}", rnd.comments)
    for d in _sorted_deals(rnd.deals, seats):
        _emit(out, INDENT, f"deal {d.seat} " + " ".join(tile_text(t) for t in d.tiles), d.comments)
    for ev in rnd.events:
        _emit(out, INDENT, event_text(ev), ev.comments)
    res = rnd.result
    if res is not None:
        text = "result" + (f" {res.outcome}" if res.outcome else "") + (
            f" {res.seat}" if res.seat else "")
        if res.totals is not None:
            text += " " + totals_text(res.totals)
        _emit(out, INDENT, text, res.comments)


def game_lines(game: Game) -> list[str]:
    """The lines of one game, canonical, without line ends."""
    out: list[str] = []
    _emit(out, "", "game", game.comments)
    tags = sorted(game.tags, key=lambda t: _TAG_RANK.get(t.key, 9))
    seats = [t.values[0] for t in tags if t.key == "seat" and t.values]
    for t in tags:
        _emit(out, "", tag_text(t), t.comments)
    for rnd in game.rounds:
        out.append("")
        _round_lines(out, rnd, seats)
    w = game.winner
    if w is not None:
        out.append("")
        text = f"winner {w.side}" + (" " + totals_text(w.totals) if w.totals else "")
        _emit(out, "", text, w.comments)
    _emit(out, "", "end", game.end_comments)
    out.extend(f"#{_comment(c)}" for c in game.closing)
    return out


def print_game(game: Game) -> str:
    """One game as canonical FTN text, ending in a newline."""
    return "\n".join(game_lines(game)) + "\n"


def print_games(games: Iterable[Game]) -> str:
    """Games as one canonical FTN file: one blank line between games."""
    return "\n".join(print_game(g) for g in games)
