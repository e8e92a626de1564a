"""The scorer (``ftn scorer``) in a real headless Chromium with a phone's
viewport (390x844) and touch emulation, driven by Selenium: whole games
tapped through the page (set-up, tiles, ends, knocks), an illegal tap
refused with its rule, an undo, a reload mid-game that resumes where it
stopped, the export equal to ``ftn fmt``'s form of the record and clean
under ``ftn check``; and offline, the server stopped, the app reloading in
a new tab and recording a game.

The site is built once (``scorer_site``, in the worker that runs the group
``scorer-site`` of ``tests/conftest.py``: this module and
``test_scorer_pyodide.py``);
each test serves it on a port of its own, so that each starts with empty
storage. Without Chromium these tests are skipped, except in CI."""

from __future__ import annotations

import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver import Chrome
from support.ftn import run_ftn
from support.headless import errors, find_chromium, start, touch
from support.scorer import (
    PATIENCE,
    js,
    opened,
    recorded,
    script,
    served,
    set_up,
    tap,
    tap_move,
    wait,
)

from notation.ftn.printer import print_games
from verifier import api
from verifier.rules.generate import generate_games

pytestmark = [pytest.mark.browser, pytest.mark.slow]

@pytest.fixture(scope="session")
def site(scorer_site: Path) -> Path:
    """The scorer's site, built once (``tests/conftest.py``)."""
    return scorer_site


@pytest.fixture(scope="session")
def browser() -> Iterator[Chrome]:
    """One phone-sized Chromium with touch for every test, reaching 127.0.0.1 only."""
    found = find_chromium()
    if isinstance(found, str):
        if os.environ.get("CI") == "true":
            pytest.fail(f"{found}, and CI must run the browser tests")
        pytest.skip(found)
    driver = start(*found, width=390, height=844, online=True)
    try:
        touch(driver)
        yield driver
    finally:
        driver.quit()


def export(b: Chrome, folder: Path) -> str:
    """The record downloaded with the game-over screen's button."""
    folder.mkdir(exist_ok=True)
    b.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow",
                                                   "downloadPath": str(folder)})
    tap(b, "#download")
    end = time.monotonic() + PATIENCE
    while not [p for p in folder.glob("*.ftn")] and time.monotonic() < end:
        time.sleep(0.1)
    (path,) = folder.glob("*.ftn")
    return path.read_text(encoding="utf-8")


def header(seats: list[str], first: str, target: int) -> list[str]:
    got = api.record_header(seats, [""] * len(seats), "pagat", f"target={target}", first)
    assert isinstance(got, list)
    return got


def refused_text(b: Chrome) -> str:
    return str(js(b, "document.getElementById('refused').hidden ? '' : "
                     "document.getElementById('refused').innerText"))


def play(b: Chrome, typed: list[str], at: Callable[[int], None] = lambda _: None) -> None:
    for i, line in enumerate(typed):
        at(i)
        tap_move(b, line)
        assert refused_text(b) == "", (i, line, refused_text(b))


def check_export(text: str, lines: list[str], game_text: str, tmp_path: Path) -> None:
    """The export is ftn fmt's form of the record the recorder writes for
    the same taps, it checks clean, and its rounds end as the generated
    game's did."""
    assert text == api.format_text("\n".join(lines) + "\n")
    path = tmp_path / "export.ftn"
    path.write_text(text, encoding="utf-8")
    r = run_ftn(["fmt", str(path)])
    assert r.returncode == 0 and r.stdout == text
    r = run_ftn(["check", str(path)])
    assert r.returncode == 0, r.output
    ends = [ln.strip() for ln in game_text.splitlines() if ln.strip().startswith(("result",
                                                                                    "winner"))]
    assert [ln.strip() for ln in text.splitlines()
            if ln.strip().startswith(("result", "winner"))] == ends


def test_a_two_player_game_tapped_through(browser: Chrome, site: Path, tmp_path: Path) -> None:
    b = browser
    (game,) = generate_games(2, 1, 2, None, [("target", "31")])
    seats, first = ["N", "S"], game.rounds[0].opener
    head = header(seats, first, 31)
    typed = script(game, head, "g.ftn")
    with served(site) as (url, _):
        opened(b, url)
        set_up(b, seats, first, 31)

        def steps(i: int) -> None:
            if i == 1:  # an illegal tap: a tile that fits neither end
                p = js(b, "document.querySelector('#tiles .nofit').dataset.tile")
                tap(b, f"#tiles button[data-tile='{p}']")
                said = refused_text(b)
                assert said.startswith(f"Refused\n{p} fits neither end of ")
                assert "R4.1: Every placement after the lead joins a tile" in said
            if i == 3:  # a move, taken back, tapped again
                tap_move(b, typed[i])
                log = js(b, "document.getElementById('said').innerText")
                tap(b, "#undo")
                assert js(b, "document.getElementById('said').innerText") == (
                    "undone: " + log.split(":")[0])
            if i == 20:  # the page reloaded mid-game: it resumes where it stopped
                before = js(b, "document.getElementById('totals').innerText")
                b.refresh()
                wait(b, "document.body.dataset.screen === 'play'", "the game resumed")
                assert js(b, "document.getElementById('totals').innerText") == before

        play(b, typed, steps)
        wait(b, "document.body.dataset.screen === 'over'", "the game's end")
        assert js(b, "document.getElementById('over-title').innerText").startswith("Game over: ")
        text = export(b, tmp_path / "downloads")
        name = next((tmp_path / "downloads").glob("*.ftn")).name
        # The finished game as ftn show shows it: its page, in a frame.
        tap(b, "#view")
        wait(b, "!document.getElementById('shown').hidden", "the game's page")
        lines = recorded(head, typed, "g.ftn")
        shown = b.execute_async_script(
            "const done = arguments[0]; fetch(document.getElementById('shown').src)"
            ".then(r => r.text()).then(done, e => done('ERR ' + e))")
        assert shown == api.page("\n".join(lines) + "\n", name)
        # The game is kept on the phone, beside the new one's set-up.
        tap(b, "#new")
        wait(b, "document.querySelector('#saved button')", "the games kept")
        assert js(b, "document.querySelector('#saved button').innerText").startswith(
            "Finished: N, S — N 31, S 27")  # the generated game's result
        assert errors(b) == []
    check_export(text, lines, print_games([game]), tmp_path)


def test_a_four_player_game_tapped_through(browser: Chrome, site: Path, tmp_path: Path) -> None:
    b = browser
    (game,) = generate_games(4, 1, 3, None, [("target", "31")])
    seats, first = ["N", "E", "S", "W"], game.rounds[0].opener
    head = header(seats, first, 31)
    typed = script(game, head, "g.ftn")
    with served(site) as (url, _):
        opened(b, url)
        set_up(b, seats, first, 31)
        # The partnerships' totals are in sight: two sides (R1.3).
        assert js(b, "[...document.querySelectorAll('#totals .name')].map(e => e.innerText)"
                  ) == ["N+S", "E+W"]
        play(b, typed)
        wait(b, "document.body.dataset.screen === 'over'", "the game's end")
        text = export(b, tmp_path / "downloads")
        assert errors(b) == []
    check_export(text, recorded(head, typed, "g.ftn"), print_games([game]), tmp_path)


def test_offline_the_app_reloads_and_records_a_game(browser: Chrome, site: Path,
                                                    tmp_path: Path) -> None:
    b = browser
    (game,) = generate_games(2, 1, 2, None, [("target", "31")])
    seats, first = ["N", "S"], game.rounds[0].opener
    head = header(seats, first, 31)
    typed = script(game, head, "g.ftn")
    with served(site) as (url, httpd):
        opened(b, url)
        cached = b.execute_async_script(
            "const done = arguments[0]; navigator.serviceWorker.ready"
            ".then(() => caches.keys()).then(done, e => done(String(e)))")
        wait(b, "navigator.serviceWorker.controller !== null", "the service worker to control")
        httpd.shutdown()  # type: ignore[attr-defined]
        httpd.server_close()  # type: ignore[attr-defined]
        assert any(n.startswith("ftn-scorer-pyodide-") for n in cached), cached
        first_tab = b.current_window_handle
        b.switch_to.new_window("tab")
        try:
            opened(b, url)  # nothing serves it now but the service worker
            set_up(b, seats, first, 31)
            play(b, typed)
            wait(b, "document.body.dataset.screen === 'over'", "the game's end")
            text = export(b, tmp_path / "downloads")
        finally:
            b.close()
            b.switch_to.window(first_tab)
    check_export(text, recorded(head, typed, "g.ftn"), print_games([game]), tmp_path)


def test_an_engine_that_cannot_start_is_said_on_screen(browser: Chrome, site: Path,
                                                       tmp_path: Path) -> None:
    b = browser
    broken = tmp_path / "site"
    shutil.copytree(site, broken)
    (broken / "pyodide.asm.wasm").write_bytes(b"not WebAssembly")
    with served(broken) as (url, _):
        b.get(url)
        wait(b, "document.body.dataset.screen === 'setup'", "the set-up screen, at once")
        wait(b, "document.body.dataset.engine === 'failed'", "the engine's failure")
        said = js(b, "document.getElementById('problem').innerText")
        assert said.startswith("The engine could not start: ") and "Reload the page" in said
        assert js(b, "!document.getElementById('problem').hidden")


def record_text(b: Chrome) -> str:
    """The record so far, through the scripting surface."""
    return str(b.execute_async_script(
        "const done = arguments[0]; window.ftnScorer.record().then(done, e => done('ERR ' + e))"))


def test_a_move_the_phone_cannot_store_is_said_and_not_taken(browser: Chrome,
                                                             site: Path) -> None:
    b = browser
    with served(site) as (url, _):
        opened(b, url)
        set_up(b, ["N", "S"], "N", 61)
        tap_move(b, "5-5")
        # The storage full: IndexedDB refuses the next write.
        b.execute_script(
            "window.realAdd = IDBObjectStore.prototype.add;"
            "IDBObjectStore.prototype.add = function () {"
            " throw new DOMException('the quota is used up', 'QuotaExceededError'); };")
        tap(b, "#tiles button[data-tile='5-6']")
        said = js(b, "document.getElementById('problem').innerText")
        assert said.startswith("The phone's storage is full: this move is not saved.")
        assert js(b, "document.getElementById('turn').innerText").startswith("S to play")
        assert "S 5-6" not in record_text(b)
        b.execute_script("IDBObjectStore.prototype.add = window.realAdd;")
        tap(b, "#tiles button[data-tile='5-6']")
        assert js(b, "document.getElementById('problem').hidden")
        b.refresh()
        wait(b, "document.body.dataset.screen === 'play'", "the game resumed")
        text = record_text(b)
        # 5-5 led: 10, N 2; 5-6 on it: 6 + 10 = 16, no score.
        assert text.endswith("  N 5-5 =10 +2 (2,0)\n  S 5-6 L =16 +0 (2,0)\n"), text
        assert js(b, "document.getElementById('turn').innerText").startswith("N to play")


def test_the_scripting_surface(browser: Chrome, site: Path) -> None:
    b = browser
    with served(site) as (url, _):
        opened(b, url)
        set_up(b, ["N", "S"], "N", 61)

        def call(expression: str) -> Any:
            return b.execute_async_script(
                f"const done = arguments[0]; ({expression}).then(done, e => done('ERR ' + e))")

        got = call("window.ftnScorer.type('6-6')")
        assert got["said"] == ["N 6-6 =12 +4 (4,0): twelve for 4; N pegs 4: 0 to 4"]
        assert got["steps"][0]["lines"] == ["  N 6-6 =12 +4 (4,0)"]
        assert got["asks"]["kind"] == "play" and got["asks"]["seat"] == "S"
        got = call("window.ftnScorer.type('1-2')")
        assert got["refused"]["rule"] == "R4.1" and got["said"][0].startswith(
            "refused: 1-2 fits neither end of the lead 6-6")
        got = call("window.ftnScorer.undo()")
        assert got["said"] == ["undone: N 6-6 =12 +4 (4,0)"]
        assert record_text(b) == "\n".join([
            "game", '[ftn "1"]', '[seat "N"]', '[seat "S"]', '[first "N"]',
            '[rule "target" "61"]', "", "round 1 opener N", "  deal N ? ? ? ? ? ? ?",
            "  deal S ? ? ? ? ? ? ?"]) + "\n"
        # What the page shows follows what is typed.
        assert js(b, "document.getElementById('turn').innerText").startswith("N to play")


def test_a_known_hand_is_tapped_in_and_its_tiles_are_the_ones_to_tap(browser: Chrome,
                                                                     site: Path) -> None:
    b = browser
    hand = ["0-0", "1-1", "2-2", "3-3", "4-4", "5-5", "6-6"]
    with served(site) as (url, _):
        opened(b, url)
        set_up(b, ["N", "S"], "N", 61, known=True)
        assert js(b, "document.getElementById('deal-title').innerText") == (
            "Round 1: the hand of N")
        for tile in hand:
            tap(b, f"#deal-tiles button[data-tile='{tile}']")
        assert js(b, "document.getElementById('deal-send').innerText") == "Deal: 7 known, 0 unknown"
        tap(b, "#deal-send")
        wait(b, "document.getElementById('deal-title').innerText.endsWith('of S')", "S's hand")
        tap(b, "#deal-tiles button[data-tile='0-1']")  # one tile known, six not
        tap(b, "#deal-send")
        wait(b, "document.body.dataset.screen === 'play'", "the first move")
        assert js(b, "[...document.querySelectorAll('#tiles .tile')].map(t => t.dataset.tile)"
                  ) == hand  # N's hand, and only it
        tap(b, "#tiles button[data-tile='6-6']")
        # S: the tile known, and every tile not placed nor known to be N's.
        tiles = js(b, "[...document.querySelectorAll('#tiles .tile')].map(t => t.dataset.tile)")
        assert "0-1" in tiles and not set(hand) & set(tiles) and len(tiles) == 28 - 7
        text = record_text(b)
        assert "  deal N 0-0 1-1 2-2 3-3 4-4 5-5 6-6\n  deal S 0-1 ? ? ? ? ? ?\n" in text
        assert text.endswith("  N 6-6 =12 +4 (4,0)\n")
