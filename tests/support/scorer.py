"""The scorer's tests' helpers (and tools/scorer_screenshots.py's): a
generated game turned into the lines a scorer taps in (``script``), found
by asking the project's recorder what it asks next, as the app does; the
site served on localhost; and the page tapped (a tile, its end, Knock),
each tap's answer awaited.

Boundary: test support only: the recorder's questions, the generated
records, and the page's element ids."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from selenium.webdriver import Chrome
from selenium.webdriver.support.wait import WebDriverWait

from notation.model import Game, Knock
from verifier import api
from verifier.scorer.localhost import server


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
                line = typed_tap(rec.position(), ev.tile, end)
                if at[1] and " " not in line and end == "R" and _both(rec.position(), line):
                    swap = not swap  # the app put it on the left, a mirror of the record's
        at = (number, at[1] + 1)
        typed.append(line)
        answer = rec.type(line)
        assert answer.refused is None, (line, answer.said())
    return typed


def typed_tap(position: dict[str, object], tile: tuple[int, int], end: str | None) -> str:
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


#: How long a wait for the page may last before the test fails (a bound for
#: a loaded machine: each wait ends as soon as the page is there).
PATIENCE = 120


def js(b: Chrome, expression: str) -> Any:
    return b.execute_script(f"return ({expression});")


def wait(b: Chrome, expression: str, why: str) -> Any:
    """Wait until a JavaScript expression is true; its value."""
    try:
        return WebDriverWait(b, PATIENCE, 0.05).until(lambda d: js(d, expression))
    except Exception as e:
        shown = js(b, "document.body.innerText")[-1500:]
        raise AssertionError(f"waited for {why} ({expression}); the page shows:\n{shown}") from e


def idle(b: Chrome) -> None:
    wait(b, "!document.body.dataset.busy", "the page to take the tap")


def tap(b: Chrome, selector: str) -> None:
    """A tap on an element (scrolled to the middle first: the action bar is
    fixed at the bottom), then the page's answer awaited."""
    element = b.find_element("css selector", selector)
    b.execute_script("arguments[0].scrollIntoView({block: 'center'})", element)
    element.click()
    idle(b)


def opened(b: Chrome, url: str) -> None:
    """The app loaded, its engine started."""
    b.get(url)
    wait(b, "document.body.dataset.engine !== 'starting'", "the engine")
    assert js(b, "document.body.dataset.engine") == "ready", js(
        b, "document.getElementById('problem').innerText")


def set_up(b: Chrome, seats: list[str], first: str, target: int, known: bool = False) -> None:
    """The set-up screen filled in by taps and typing (``known``: each hand
    to be entered); the game started."""
    wait(b, "document.body.dataset.screen === 'setup'", "the set-up screen")
    tap(b, f"#players button[data-n='{len(seats)}']")
    for i, seat in enumerate(seats):
        box = b.find_element("id", f"seat-{i}")
        box.clear()
        box.send_keys(seat)
    b.find_element("id", "target").send_keys(str(target))
    tap(b, "#presets button[data-preset='pagat']")
    tap(b, f"#first button[data-seat='{first}']")
    if known:
        tap(b, "#known")
    tap(b, "#start")
    then = "deal" if known else "play"
    wait(b, f"document.body.dataset.screen === '{then}'", f"the {then} screen")


def tap_move(b: Chrome, line: str) -> None:
    """What the scorer taps for one line: Knock, or a tile (then its end)."""
    wait(b, "document.body.dataset.screen === 'play'", "a move to be asked")
    if line == "knock":
        tap(b, "#knock")
        return
    tile, _, end = line.partition(" ")
    tap(b, f"#tiles button[data-tile='{tile}']")
    if end:
        wait(b, "!document.getElementById('pick').hidden", "the choice of an end")
        tap(b, f"#pick-{end}")
