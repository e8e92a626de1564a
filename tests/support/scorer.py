"""The scorer's tests' helpers: a generated game turned into the lines a
scorer taps in (``script``), found by asking the project's recorder what
it asks next, as the app does; and the site served on localhost.

Boundary: test support only; it knows the recorder's questions and the
generated records, nothing of the page (the tests tap the page)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from notation.model import Game, Knock
from verifier import api
from verifier.scorer.serve import server


def script(game: Game, header: list[str], name: str) -> list[str]:
    """The lines a scorer types for ``game`` with every hand unknown (the
    app types each hand as unknown itself): each event of the record in
    order, a tile with its end only where the app asks for one (it fits
    both ends to different effect; a lead is tapped low half first, so the
    record's ends are swapped in a round it led the other way); a knock
    where the record's round has no event left and the recorder still asks
    (a block shown)."""
    rec = api.recorder(header, name)
    answer = rec.begin()
    typed: list[str] = []
    at: tuple[int, int] = (0, 0)
    flip = {"L": "R", "R": "L"}
    swap = False  # the lead tapped low half first, the record's the other way
    while answer.asks.kind != "done":
        kind = answer.asks.kind
        if kind == "deal":
            answer = rec.type("")
            continue
        assert kind == "play", answer.asks
        number = answer.asks.round
        if at[0] != number:
            at = (number, 0)
        events = game.rounds[number - 1].events
        line = "knock"
        if at[1] < len(events):
            ev = events[at[1]]
            assert ev.seat == answer.asks.seat, (ev, answer.asks)
            if not isinstance(ev, Knock):
                if at[1] == 0:
                    swap = ev.tile[0] > ev.tile[1]
                end = flip[ev.end] if swap and ev.end else ev.end
                line = tap_line(rec.position(), ev.tile, end)
                if at[1] and " " not in line and end == "R" and _both(rec.position(), line):
                    swap = not swap  # the app put it on the left, a mirror of the record's
        at = (number, at[1] + 1)
        typed.append(line)
        answer = rec.type(line)
        assert answer.refused is None, (line, answer.said())
    return typed


def tap_line(position: dict[str, object], tile: tuple[int, int], end: str | None) -> str:
    """What a tap on ``tile`` types: the tile, and its end when asked."""
    a, b = sorted(tile)
    tiles = position["tiles"]
    assert isinstance(tiles, list)
    (found,) = [t for t in tiles if t["tile"] == f"{a}-{b}"]
    return f"{a}-{b}" + (f" {end}" if len(found["ends"]) == 2 else "")



def _both(position: dict[str, object], tile: str) -> bool:
    """Whether ``tile`` fits both ends to the same effect (no end asked)."""
    tiles = position["tiles"]
    assert isinstance(tiles, list)
    (found,) = [t for t in tiles if t["tile"] == tile]
    ends = position["ends_text"]
    assert isinstance(ends, str)
    left, _, right = ends.partition(" | ")
    a, b = tile.split("-")
    return bool(found["fits"]) and not found["ends"] and {a, b} & {left[-1:]} != set() and (
        {a, b} & {right[-1:]} != set())


def recorded(header: list[str], typed: list[str], name: str) -> list[str]:
    """The record's lines once ``typed`` are typed (hands unknown)."""
    rec = api.recorder(header, name)
    answer = rec.begin()
    for line in typed:
        while answer.asks.kind == "deal":
            answer = rec.type("")
        answer = rec.type(line)
    return rec.lines


@contextmanager
def served(folder: Path) -> Iterator[tuple[str, object]]:
    """The site on a free port of 127.0.0.1: its address and the server
    (``.shutdown()`` stops it for good)."""
    httpd = server(folder, 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/", httpd
    finally:
        httpd.shutdown()
        httpd.server_close()
