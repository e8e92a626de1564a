"""``ftn show``: the games of a record as a self-contained HTML page (up to
``PAGE_GAMES`` of them, with a game picker), or one position of one game as
an SVG picture.

Boundary: takes a record's text and builds each game's data from the
reference replay (``replay.reference.trace_game``) and the findings of
``pipeline.jobs.check.check_text`` (run once for the file), all obtained through
``_read_file`` and ``_replay_data``; it derives what
the trace does not carry (the line as the tiles lie, the hands as they
stand) and places every finding at its event; ``api.page`` puts the
parts together (``build_page`` and ``page``, or ``build`` and one
position). It judges nothing itself, opens
no file and prints nothing (the CLI does both). The drawing is
``svg``'s; the page's behaviour is the inline script ``page.js``.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from importlib import resources
from typing import Any

from notation.ftn.printer import event_text
from notation.json.encoding import compact
from notation.model import Game, Knock, Placement, Round, Tile
from verifier.diagnostics import Diagnostic, Name
from verifier.files.escaping import xml_text
from verifier.files.formats import Read, kind_of, read
from verifier.pipeline.jobs.check import check_text
from verifier.render.text import render_diagnostic, source_line
from verifier.replay.reference import ReplayedRound, trace_game
from verifier.replay.results import GameReport
from verifier.show.svg import face_defs, races

# Findings about a round as a whole that concern its end, not its start.
_ROUND_END_NAMES = {Name.RESULT_MISMATCH, Name.TOTAL_MISMATCH, Name.OVERSHOOT_ACCEPTED,
                    Name.WINNER_MISMATCH}
# Findings about the game as a whole that concern its end.
_GAME_END_NAMES = {Name.GAME_UNFINISHED, Name.WINNER_MISMATCH, Name.RESULT_MISMATCH,
                   Name.TOTAL_MISMATCH}
# The most games one page holds (a larger file: the games around --game).
PAGE_GAMES = 25


class ShowError(Exception):
    """Input ``ftn show`` cannot show; ``code`` is the exit code (1: the
    record cannot be read, 2: a usage error)."""

    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.message = message
        self.code = code


@dataclass
class _Replayed:
    game: Game
    number: int
    games: int
    report: GameReport
    trace: tuple[ReplayedRound, ...]
    findings: list[Diagnostic]


@dataclass
class _File:
    """A file read whole: its games, and ``ftn check``'s findings for all of them."""
    found: list[Read]
    findings: list[Diagnostic]


def _read_file(text: str, name: str, game_no: int) -> _File:
    """The games of a text and their findings, with ``game_no`` checked to
    be one of them."""
    found = list(read(text, name))
    errors = [d for r in found for d in r.problems]
    if errors:
        shown = [render_diagnostic(d, source_line(text, d.line)) for d in errors]
        raise ShowError("\n".join([*shown, f"ftn show: {name}: it cannot be read"]), 1)
    if not found:
        raise ShowError(f"ftn show: {name}:1:1: no game in this file", 1)
    if not 1 <= game_no <= len(found):
        g = found[-1].game
        assert g is not None
        line, col = (g.line, g.col) if g.pointer is None or found[-1].locate is None else (
            found[-1].locate(g.pointer))
        raise ShowError(
            f"ftn show: {name}:{line}:{col}: --game {game_no} is out of range: the file "
            f"holds {len(found)} game{'s' if len(found) != 1 else ''} (1 to {len(found)})", 2)
    return _File(found, check_text(text, name).diagnostics)


def _replay_data(f: _File, name: str, game_no: int) -> _Replayed:
    """The one door to the replay: game ``game_no`` of the file, its reference
    replay with the trace, and ``ftn check``'s findings for it."""
    r = f.found[game_no - 1]
    assert r.game is not None
    report, trace = trace_game(r.game, game_no, name, r.locate)
    findings = [d for d in f.findings if d.game == game_no]
    return _Replayed(r.game, game_no, len(f.found), report, trace, findings)


def line_tiles(events: list[dict[str, Any]]) -> list[list[int]]:
    """The line of a round as it lies on the table, left to right: one
    ``[left pip, right pip, event]`` per placement (``event`` is the number
    of the event that placed it), from each placement's tile and end."""
    line: list[list[int]] = []
    left = right = -1
    for ev in events:
        if ev["type"] != "place":
            continue
        a, b = ev["tile"]
        n = ev["event"]
        if not line:  # the lead, as written: a at the left end (SPEC 5)
            line.append([a, b, n])
            left, right = a, b
        elif ev["end"] == "L":
            shown = [b, a] if a == left else [a, b]  # the half matching the end faces it
            line.insert(0, [*shown, n])
            left = shown[0]
        else:
            shown = [a, b] if a == right else [b, a]
            line.append([*shown, n])
            right = shown[1]
    return line


def _same(t: Tile | None, u: Tile) -> bool:
    return t is not None and sorted(t) == sorted(u)


def round_hands(
    rnd: Round | None, seats: list[str], hand_size: int, events: list[dict[str, Any]]
) -> dict[str, list[list[Any]]]:
    """Every seat's hand in a round: one ``[tile or None, event or None]``
    per tile dealt, ``tile`` None for a tile not known (a '?' or a deal left
    out: drawn face down), ``event`` the number of the event that placed it
    (None while it stays in the hand)."""
    hands: dict[str, list[list[Any]]] = {s: [[None, None] for _ in range(hand_size)]
                                         for s in seats}
    if rnd is not None:
        for d in rnd.deals:
            if d.seat in hands:
                hands[d.seat] = [[list(t) if t is not None else None, None] for t in d.tiles]
    for ev in events:
        if ev["type"] != "place" or ev["seat"] not in hands:
            continue
        hand = hands[ev["seat"]]
        tile = tuple(ev["tile"])
        slot = next((h for h in hand if h[1] is None and _same(h[0], tile)), None)
        if slot is None:  # an unknown tile: one face-down tile fewer
            slot = next((h for h in hand if h[1] is None and h[0] is None), None)
        if slot is not None:
            slot[1] = ev["event"]
    return hands


# --------------------------------------------------------------------------
# The page's data.


def _finding(d: Diagnostic) -> dict[str, Any]:
    return {
        "code": d.code, "name": d.name, "severity": d.severity, "message": d.message,
        "where": f"{d.source}:{d.line}:{d.col}", "rule": d.rule, "claimed": d.claimed,
        "computed": d.computed, "round": d.round, "event": d.event,
    }


def _place(d: Diagnostic, rounds: list[dict[str, Any]]) -> list[int]:
    """The position ``[round, event]`` a finding is shown at (event 0: the
    round's start, before the lead)."""
    by_no = {r["round"]: r for r in rounds}
    if d.round is None or d.round not in by_no:
        if d.round is None and d.name not in _GAME_END_NAMES:
            return [rounds[0]["round"], 0]
        last = rounds[-1]
        return [last["round"], len(last["events"])]
    rnd = by_no[d.round]
    if d.event is not None:
        return [d.round, min(d.event, len(rnd["events"]))]
    return [d.round, len(rnd["events"]) if d.name in _ROUND_END_NAMES else 0]


def _rules_of(rep: GameReport) -> tuple[int, int]:
    """(highest pip, hand size) of the game's rules, as its replay set it up;
    the main form's when its header cannot be read."""
    rules = rep.setup.rules if rep.setup is not None else None
    return (rules.max_pip, rules.hand_size) if rules is not None else (6, 7)


def build(text: str, name: str, game_no: int = 1) -> dict[str, Any]:
    """The page's data (JSON-ready) for game ``game_no`` of a text."""
    return _game_data(_read_file(text, name, game_no), text, name, game_no)


def _game_data(file: _File, text: str, name: str, game_no: int) -> dict[str, Any]:
    """One game's page data: its header, each round as traced, the findings
    placed at their positions, and the position the page opens at."""
    rp = _replay_data(file, name, game_no)
    game, rep = rp.game, rp.report
    seats = list(rep.seats) or [t.values[0] for t in game.tags if t.key == "seat" and t.values]
    max_pip, hand_size = _rules_of(rep)
    players = {t.values[0]: t.values[1] for t in game.tags
               if t.key == "seat" and len(t.values) == 2}
    ftn = kind_of(text, name) == "ftn"  # JSON findings carry their own places
    rounds: list[dict[str, Any]] = []
    sides = list(rep.sides) or seats or ["?"]  # a header the replay stopped at: seats
    totals: list[int] = [0] * len(sides)
    traced = [r.to_dict() for r in rp.trace]  # (the page's data is a JSON document)
    for tr in _traced(game, traced, rep.stopped, seats):
        rnd = game.rounds[tr["round"] - 1] if tr["round"] <= len(game.rounds) else None
        events = _events(tr, rnd, rep.stopped, totals)
        rounds.append({
            "round": tr["round"], "opener": tr["opener"], "start": list(totals),
            "where": f"{name}:{rnd.line}:{rnd.col}" if rnd is not None and ftn else name,
            "events": events, "result": tr["result"],
            "line": line_tiles(events),
            "hands": round_hands(rnd, seats, hand_size, events),
            "partial": rnd is None or len(rnd.deals) < len(seats)
            or any(t is None for d in rnd.deals for t in d.tiles),
        })
        if events:
            totals = list(events[-1]["totals"])
    findings = _placed(rp.findings, rounds, rep.stopped)
    last = rounds[-1]
    start = findings[0]["at"] if findings else [last["round"], len(last["events"])]
    tag = {t.key: t.values[0] for t in game.tags if t.values}
    return {
        "file": name, "game": rp.number, "games": rp.games,
        "title": tag.get("event", ""), "tags": {k: v for k, v in tag.items()
                                                 if k in ("date", "place", "table", "scorer")},
        "seats": seats, "players": players, "sides": sides,
        "target": rep.target, "maxPip": max_pip, "winner": rep.winner,
        "complete": rep.complete,
        "totals": list(rep.scores) if len(rep.scores) == len(sides) else list(totals),
        "rounds": rounds, "findings": findings, "start": start,
    }


def _traced(game: Game, trace: list[dict[str, Any]], stop: Diagnostic | None,
            seats: list[str]) -> list[dict[str, Any]]:
    """The rounds of the replay's trace, with the round it stopped in if it
    traced none of it, and an empty first round if there is none."""
    trace = list(trace)
    if stop is not None and game.rounds:  # the round the replay stopped in, if not traced
        r = stop.round or 1
        if not any(t["round"] == r for t in trace) and r <= len(game.rounds):
            trace.append({"round": r, "opener": game.rounds[r - 1].opener, "events": [],
                          "result": None})
    if not trace:
        trace.append({"round": 1, "opener": seats[0] if seats else "?", "events": [],
                      "result": None})
    return trace


def _events(tr: dict[str, Any], rnd: Round | None, stop: Diagnostic | None,
            totals: list[int]) -> list[dict[str, Any]]:
    """A traced round's events for the page (``totals``: the round's start):
    the illegal move that stopped the replay shown after them, not played,
    and each with its text and its comments from the record."""
    events = [dict(e) for e in tr["events"]]
    if (stop is not None and rnd is not None and stop.round == tr["round"]
            and stop.event == len(events) + 1 and stop.event <= len(rnd.events)):
        ev = rnd.events[stop.event - 1]  # the illegal move: shown, not played
        last = events[-1]["totals"] if events else totals
        events.append({"event": stop.event, "type": "illegal", "seat": ev.seat,
                       "tile": list(ev.tile) if isinstance(ev, Placement) else None,
                       "end": ev.end if isinstance(ev, Placement) else None,
                       "totals": list(last)})
    if rnd is not None:
        for ev_dict, ev in zip(events, rnd.events, strict=False):
            ev_dict["text"] = event_text(ev)
            note = [*ev.comments.before, *([ev.comments.after] if ev.comments.after else [])]
            if note:
                ev_dict["note"] = " ".join(c.strip().lstrip("#").strip() for c in note)
            if isinstance(ev, Knock):
                ev_dict.setdefault("end", None)
    return events


def _placed(found: list[Diagnostic], rounds: list[dict[str, Any]],
            stop: Diagnostic | None) -> list[dict[str, Any]]:
    """The game's findings for the page, each at its position (``at``; the
    one that stopped the replay marked), in the order of their positions."""
    findings = []
    for d in sorted(found, key=lambda d: (d.line, d.col)):
        f = _finding(d)
        f["at"] = _place(d, rounds)
        f["stopped"] = stop is not None and (d.code, d.round, d.event, d.message) == (
            stop.code, stop.round, stop.event, stop.message)
        findings.append(f)
    order = {(r["round"], e): i for i, r in enumerate(rounds) for e in range(len(r["events"]) + 1)}
    findings.sort(key=lambda f: order.get(tuple(f["at"]), 0))
    return findings


# --------------------------------------------------------------------------
# Positions, the page and the picture.


def parse_at(at: str, data: dict[str, Any]) -> list[int]:
    """``ROUND:EVENT`` (or ``ROUND``: its start) as a position of the data,
    else a ShowError that says what is in range."""
    parts = at.split(":")
    if not 1 <= len(parts) <= 2 or not all(p.isdigit() for p in parts):
        raise ShowError(f"ftn show: --at {at!r}: expected ROUND:EVENT, e.g. 3:12 "
                        "(event 0: the round's start)", 2)
    r = int(parts[0])
    e = int(parts[1]) if len(parts) == 2 else 0
    rounds = {x["round"]: x for x in data["rounds"]}
    if r not in rounds:
        first, last = data["rounds"][0]["round"], data["rounds"][-1]["round"]
        raise ShowError(f"ftn show: {data['file']}: --at {at}: round {r} is out of range: "
                        f"the replay has rounds {first} to {last}", 2)
    n = len(rounds[r]["events"])
    if e > n:
        raise ShowError(f"ftn show: {rounds[r]['where']}: --at {at}: round {r} has {n} events "
                        f"(0, its start, to {n})", 2)
    return [r, e]


def _script_json(doc: Any) -> str:
    """JSON safe inside a <script> element: no '<', '>' or '&' in it, nor
    the two line separators JavaScript once refused."""
    text = compact(doc)
    for ch, esc in (("<", "\\u003c"), (">", "\\u003e"), ("&", "\\u0026"),
                    ("\u2028", "\\u2028"), ("\u2029", "\\u2029")):
        text = text.replace(ch, esc)
    return text


def _asset(name: str) -> str:
    return resources.files("verifier.show").joinpath(name).read_text(encoding="utf-8")


def build_page(text: str, name: str, game_no: int = 1) -> dict[str, Any]:
    """The data of a whole page: the games of the file it holds (all of
    them, up to ``PAGE_GAMES``; of a larger file, the ``PAGE_GAMES`` around
    ``game_no``), and which one it opens at."""
    f = _read_file(text, name, game_no)
    lo = (game_no - 1) // PAGE_GAMES * PAGE_GAMES + 1
    hi = min(len(f.found), lo + PAGE_GAMES - 1)
    return {"file": name, "total": len(f.found), "open": game_no,
            "games": [_game_data(f, text, name, k) for k in range(lo, hi + 1)]}


def opened(doc: dict[str, Any]) -> dict[str, Any]:
    game: dict[str, Any] = next(g for g in doc["games"] if g["game"] == doc["open"])
    return game


def page(doc: dict[str, Any]) -> str:
    """The whole HTML page for a page's data (``build_page``): styles,
    pictures, data and script inline."""
    first = opened(doc)
    title = f"{first['title'] or first['file']} — FTN replay"
    several = len(doc["games"]) > 1
    race = "".join(races(g, f"g{g['game']}" if several else "", g is first)
                   for g in doc["games"])
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n",
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n",
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n",
        f"<title>{html.escape(xml_text(title))}</title>\n<style>\n{_asset('page.css')}</style>\n",
        "</head>\n<body>\n",
        face_defs(max(g["maxPip"] for g in doc["games"])),
        _asset("page.html").replace("<!--RACE-->", race),
        f"<script type=\"application/json\" id=\"ftn-data\">{_script_json(doc)}</script>\n",
        f"<script>\n{_asset('page.js')}</script>\n</body>\n</html>\n",
    ])
