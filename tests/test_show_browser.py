"""ftn show's page in a real browser: headless Chromium with no network,
driven over the DevTools Protocol (tests/chromium.py). The tests press keys,
read what the page shows, and save screenshots under their tmp_path.

Without Chromium these tests are skipped, except in CI (CI=true), where
they fail: CI installs it (.ci/run)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from chromium import Browser, find_chromium
from typer.testing import CliRunner

from verifier.cli.app import app

# Slow too: each drives Chromium (seconds apiece, 35 s of the quick loop's
# 72 here); the quick loop leaves them out, CI and the README's command run them.
pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
R83 = SAMPLES / "valid" / "two-players-r8-3.ftn"
PNG = b"\x89PNG\r\n\x1a\n"
runner = CliRunner()


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Browser]:
    exe = find_chromium()
    if exe is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Chromium is not installed, and CI must run the browser tests "
                        "(apt-get install chromium chromium-driver)")
        pytest.skip("Chromium is not installed (apt-get install chromium)")
    b = Browser(exe, tmp_path_factory.mktemp("chromium-profile"))
    try:
        yield b
    finally:
        b.close()


def show(record: Path, out: Path, *args: str) -> Path:
    r = runner.invoke(app, ["show", str(record), "-o", str(out), *args])
    assert r.exit_code == 0, r.output
    return out


def open_page(b: Browser, page: Path, at: str = "", width: int = 1100) -> None:
    b.viewport(width, 900)
    b.events.clear()
    b.open(page.as_uri() + at)
    assert b.js("document.readyState") == "complete"


def text(b: Browser, selector: str) -> str:
    value = b.js(f"(document.querySelector({selector!r}) || {{}}).textContent || ''")
    assert isinstance(value, str)
    return " ".join(value.split())


def state(b: Browser) -> dict[str, Any]:
    """What the page shows now."""
    value = b.js("""({
        pos: document.body.getAttribute('data-pos'),
        totals: Array.from(document.querySelectorAll('.card .value')).map(e => e.textContent),
        deltas: Array.from(document.querySelectorAll('.card .delta')).map(e => e.textContent),
        line: document.querySelectorAll('#line svg.tile').length,
        errors: window.__errors || 0
    })""")
    assert isinstance(value, dict)
    return value


def no_network(b: Browser, page: Path) -> None:
    urls = b.requests()
    assert urls and all(u.startswith(page.as_uri()) for u in urls), urls
    thrown = [e for e in b.events if e.get("method") == "Runtime.exceptionThrown"]
    assert thrown == []


def test_stepping_to_round_11s_overshoot(browser: Browser, tmp_path: Path) -> None:
    page = show(R83, tmp_path / "g.html")
    open_page(browser, page)
    assert state(browser)["pos"] == "r12e2"  # a clean game opens at its end
    browser.key("Home")
    assert state(browser)["pos"] == "r1e0"
    for _ in range(10):
        browser.key("ArrowDown")  # round by round
    assert state(browser)["pos"] == "r11e0"
    for _ in range(12):
        browser.key("ArrowRight")  # event by event
    s = state(browser)
    assert (s["pos"], s["totals"]) == ("r11e12", ["60", "59"])
    assert text(browser, "#what") == "N knocks"
    browser.key("ArrowRight")
    s = state(browser)
    # The sample: S at 59 places its last tile 3-4 for an end total of 6; 2 +
    # the domino bonus 1 = 3, 59 + 3 = 62 > 61: discarded; totals stay (60,59).
    assert (s["pos"], s["totals"], s["deltas"], s["line"]) == (
        "r11e13", ["60", "59"], ["over +3"], 12)
    assert text(browser, "#what") == "S places 3-4 at the left end"
    points = text(browser, "#points")
    assert "2 points + domino bonus 1 = 3" in points
    assert "DISCARDED as an overshoot: 59 + 3 = 62 > 61 (R8.2); S stays at 59" in points
    assert text(browser, "#ends") == "Left end 4 · right end 2 · end total 6"
    assert browser.js("location.hash") == "#r11e13"
    browser.screenshot(tmp_path / "round-11-overshoot.png", full=True)
    assert (tmp_path / "round-11-overshoot.png").read_bytes().startswith(PNG)
    browser.key("ArrowRight")  # over the round boundary, and back
    assert state(browser)["pos"] == "r12e0"
    browser.key("ArrowLeft")
    assert state(browser)["pos"] == "r11e13"
    browser.key("ArrowUp")
    assert state(browser)["pos"] == "r11e0"
    no_network(browser, page)


def test_a_link_opens_the_page_at_its_event(browser: Browser, tmp_path: Path) -> None:
    page = show(R83, tmp_path / "g.html")
    open_page(browser, page, "#r11e13")
    assert state(browser)["pos"] == "r11e13"
    browser.js("location.hash = '#r2e3'")
    browser.js("new Promise(r => setTimeout(r, 50))")
    assert state(browser)["pos"] == "r2e3"
    # N 6-6 at R: a terminal double counts both halves, 1 + 12 = 13.
    assert text(browser, "#ends") == "Left end 1 · right end 6|6 (double, counts 12) · end total 13"
    assert browser.js("document.querySelectorAll('#line svg.tile.v').length") == 1


def test_an_accepted_overshoot_opens_at_its_finding(browser: Browser, tmp_path: Path) -> None:
    page = show(SAMPLES / "invalid" / "overshoot-accepted.ftn", tmp_path / "o.html")
    open_page(browser, page)
    assert state(browser)["pos"] == "r11e13"
    here = text(browser, "#here")
    assert "FT304 overshoot-accepted" in here
    assert "claimed: +2+1 · computed: over+2+1" in here
    assert "rule R8.2 · " in here and "overshoot-accepted.ftn:183:14" in here
    assert browser.js("document.querySelectorAll('#marks a').length") == 1
    assert browser.js("document.querySelectorAll('.race svg.race-wide .flag').length") == 1
    browser.screenshot(tmp_path / "overshoot-accepted.png")
    browser.key("ArrowRight")
    assert text(browser, "#here") == ""
    browser.key("F", shift=True)  # back to the finding
    assert state(browser)["pos"] == "r11e13"


def test_an_illegal_move_shows_where_the_replay_stopped(browser: Browser, tmp_path: Path) -> None:
    page = show(SAMPLES / "invalid" / "tile-not-in-hand.ftn", tmp_path / "t.html")
    open_page(browser, page)
    s = state(browser)
    # S led 5-1 (+2); N then places 1-4, which S holds: the replay stops.
    assert (s["pos"], s["totals"]) == ("r1e2", ["0", "2"])
    assert "FT202 tile-not-in-hand — the replay stopped here" in text(browser, "#here")
    assert text(browser, "#what") == "N 1-4 R: illegal — the replay stopped here"
    assert browser.js("document.querySelectorAll('#line svg.tile.ghost').length") == 1
    assert s["line"] == 2  # the lead, and the tile tried
    assert text(browser, "#stopped") == (
        "The replay stopped here: FT202 tile-not-in-hand, round 1 event 2")
    browser.screenshot(tmp_path / "tile-not-in-hand.png")


@pytest.mark.parametrize("name", ["partial-one-hand", "partial-no-deals",
                                  "variant-double-twelve-12p"])
def test_partial_and_large_sets_render(browser: Browser, tmp_path: Path, name: str) -> None:
    page = show(SAMPLES / "valid" / f"{name}.ftn", tmp_path / f"{name}.html")
    open_page(browser, page, "#r1e0")
    down_tile = "svg.tile[aria-label='a tile face down']"
    down = browser.js("Array.from(document.querySelectorAll('.hand')).map("
                      f'h => h.querySelectorAll("{down_tile}").length)')
    up = browser.js("Array.from(document.querySelectorAll('.hand')).map("
                    f'h => h.querySelectorAll("svg.tile:not({down_tile[8:]})").length)')
    if name == "partial-one-hand":
        assert (down, up) == ([0, 5, 5, 5], [5, 0, 0, 0])  # N's hand alone is known
    elif name == "partial-no-deals":
        assert (down, up) == ([5, 5, 5], [0, 0, 0])
    else:
        assert (down, up) == ([0] * 12, [7] * 12)
        assert browser.js("document.querySelectorAll('use[href=\"#ftn-f12\"]').length") >= 1
    browser.key("End")
    assert state(browser)["line"] >= 1
    browser.screenshot(tmp_path / f"{name}.png", full=True)
    no_network(browser, page)


def test_a_long_game_is_light_and_needs_no_network(browser: Browser, tmp_path: Path) -> None:
    page = show(SAMPLES / "show" / "long-24-rounds.ftn", tmp_path / "long.html")
    show(SAMPLES / "show" / "long-24-rounds.ftn", tmp_path / "long2.html")
    assert page.stat().st_size < 300_000  # 24 rounds, 315 events
    open_page(browser, page)
    assert state(browser)["pos"] == "r24e" + str(
        browser.js("document.querySelectorAll('#events a').length - 1"))
    browser.key("Home")
    browser.key("PageDown")
    assert state(browser)["pos"] == "r2e0"
    browser.screenshot(tmp_path / "long.png", full=True)
    no_network(browser, page)
    # The events list (16rem high at a phone's width) scrolls itself to the
    # current event; the page stays put.
    open_page(browser, page.with_name("long2.html"), "#r1e0", width=400)
    for _ in range(12):
        browser.key("ArrowRight")
    assert state(browser)["pos"] == "r1e12"
    assert browser.js("document.querySelector('.events-box').scrollTop") > 0
    inside = browser.js("""(() => {
        const a = document.querySelector('#events a[aria-current="step"]').getBoundingClientRect();
        const v = document.querySelector('.events-box').getBoundingClientRect();
        return [a.top >= v.top, a.bottom <= v.bottom, scrollY];
    })()""")
    assert inside == [True, True, 0]


def test_markup_in_the_record_stays_text(browser: Browser, tmp_path: Path) -> None:
    page = show(SAMPLES / "show" / "markup-in-tags.ftn", tmp_path / "m.html")
    open_page(browser, page, "#r1e1")
    assert browser.js("window.pwned === undefined")
    assert browser.js("document.querySelectorAll('img, #hands b, #title *, #meta *').length") == 0
    assert text(browser, "#title") == "</script><script>window.pwned=2</script>"
    assert browser.js("document.title") == "</script><script>window.pwned=2</script> — FTN replay"
    assert '<img src=x onerror="window.pwned=1">' in text(browser, "#hands")
    assert "window.pwned=3" in text(browser, "#note")
    no_network(browser, page)
    # The game picker of a file of two such games shows them as text too.
    two = tmp_path / "two.ftn"
    two.write_text(((SAMPLES / "show" / "markup-in-tags.ftn").read_text(encoding="utf-8")
                    + "\n") * 2, encoding="utf-8")
    page = show(two, tmp_path / "m2.html")
    open_page(browser, page)
    assert browser.js("window.pwned === undefined")
    assert browser.js("document.querySelectorAll('img, #picker *:not(label, select, option, "
                      "span)').length") == 0
    assert "</script><script>window.pwned=2</script>" in text(browser, "#game-pick")
    no_network(browser, page)


def test_phone_width_keyboard_and_print(browser: Browser, tmp_path: Path) -> None:
    page = show(R83, tmp_path / "g.html")
    open_page(browser, page, "#r5e4", width=390)
    assert browser.js("document.documentElement.scrollWidth") <= 390  # no sideways scroll
    browser.screenshot(tmp_path / "phone.png", full=True)
    # Without a mouse: Tab reaches the buttons, Enter presses them.
    browser.js("document.getElementById('next').focus()")
    browser.key("Enter")
    assert state(browser)["pos"] == "r5e5"
    browser.call("Emulation.setEmulatedMedia", media="print")
    try:
        assert browser.js("getComputedStyle(document.querySelector('.controls')).display") == "none"
        wide = "getComputedStyle(document.querySelector('.race svg.race-wide')).display"
        assert browser.js(wide) != "none"
    finally:
        browser.call("Emulation.setEmulatedMedia", media="")


def test_every_sample_renders_without_a_script_error(browser: Browser, tmp_path: Path) -> None:
    # Not those with no game to show (no-games.ftn holds none at all).
    records = [p for p in sorted(SAMPLES.rglob("*.ftn"))
               if p.name not in ("syntax-error.ftn", "every-mistake.ftn", "no-games.ftn")]
    for n, record in enumerate(records):
        page = show(record, tmp_path / f"{n}.html")
        open_page(browser, page)
        for key in ("Home", "ArrowRight", "ArrowDown", "End", "ArrowLeft", "ArrowUp"):
            browser.key(key)
        lines = "document.querySelectorAll('.race:not([hidden]) svg polyline').length"
        assert browser.js(lines) >= 1, record
        no_network(browser, page)


# -- colours, a phone's width, a file of several games ---------------------------

BLUE, ORANGE = "rgb(31, 95, 191)", "rgb(194, 65, 12)"  # PALETTE[0] #1f5fbf, [1] #c2410c
CONTROLS_BOTTOM = "document.querySelector('.controls').getBoundingClientRect().bottom"


def box(b: Browser, selector: str) -> dict[str, float]:
    value = b.js(f"(r => ({{top: r.top, bottom: r.bottom, height: r.height}}))("
                 f"document.querySelector({selector!r}).getBoundingClientRect())")
    assert isinstance(value, dict)
    return value


@pytest.mark.parametrize("width", [1100, 400])
def test_each_side_has_its_colour(browser: Browser, tmp_path: Path, width: int) -> None:
    # Four players in partnerships: side N+S is the first colour, E+W the second.
    page = show(SAMPLES / "valid" / "four-players.ftn", tmp_path / "f.html")
    open_page(browser, page, "#r1e3", width=width)
    shown = ".race:not([hidden]) svg.race-" + ("wide" if width > 560 else "narrow")
    assert browser.js(f"getComputedStyle(document.querySelector({shown!r})).display") == "block"
    legend = browser.js(f"Array.from(document.querySelectorAll('{shown} .legend')).map("
                        "t => [t.textContent, getComputedStyle(t).fill])")
    assert legend == [["■ N+S", BLUE], ["■ E+W", ORANGE]]
    seats = browser.js("Array.from(document.querySelectorAll('.hand .who')).map("
                       "w => [w.firstChild.textContent, getComputedStyle(w).color])")
    assert seats == [["N", BLUE], ["E", ORANGE], ["S", BLUE], ["W", ORANGE]]
    # Event 3 of round 1 is S's: the acting hand is marked without losing its colour.
    assert browser.js("document.querySelector('.hand.acting .who').firstChild.textContent") == "S"
    browser.screenshot(tmp_path / f"colours-{width}.png", selector=shown)


def test_a_phone_opens_at_the_overshoot_and_keys_do_not_scroll(
        browser: Browser, tmp_path: Path) -> None:
    page = show(SAMPLES / "invalid" / "overshoot-accepted.ftn", tmp_path / "o.html")
    browser.viewport(400, 800)
    browser.events.clear()
    browser.open(page.as_uri())
    assert state(browser)["pos"] == "r11e13"
    bar = browser.js(CONTROLS_BOTTOM)
    event, finding = box(browser, "#event"), box(browser, "#here .finding")
    assert "FT304 overshoot-accepted" in text(browser, "#here")
    # The event and its finding, whole, in the viewport and below the sticky bar.
    assert bar <= event["top"] < event["bottom"] <= finding["top"]
    assert finding["bottom"] <= 800, (bar, event, finding)
    assert browser.js("document.documentElement.scrollWidth") <= 400
    browser.screenshot(tmp_path / "phone-overshoot.png")
    y = browser.js("scrollY")
    for key in ("ArrowLeft", "ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"):
        browser.key(key)
        assert browser.js("scrollY") == y, key
    assert state(browser)["pos"] == "r11e13"  # 11:13, 11:12, 11:11, 11:0, 11:1, 12:0, 11:13
    # Read on down the page, the hands just below the bar: the keys leave them
    # where they are on the screen (the board above them changes height from
    # event to event; the page keeps the part the reader sees first in place).
    browser.js("window.scrollTo(0, document.querySelector('.hands-box').offsetTop"
               " - document.querySelector('.controls').offsetHeight - 8)")
    assert browser.js("scrollY") > 0
    hands = box(browser, ".hands-box")["top"]
    assert 0 <= hands - browser.js(CONTROLS_BOTTOM) < 20  # the first part seen
    for key in ("ArrowLeft", "ArrowLeft", "Home", "End", "ArrowRight", "ArrowUp"):
        browser.key(key)
        # (within 2 px: the page scrolls by whole pixels, the boxes' tops are fractions)
        assert abs(box(browser, ".hands-box")["top"] - hands) < 2, key
    # The race at this width: its own drawing, labels at 11 px or more.
    sizes = browser.js("""(() => {
        const svg = document.querySelector('.race:not([hidden]) svg.race-narrow');
        const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return Array.from(svg.querySelectorAll('.rlabel, .axis, .legend')).map(
            t => k * parseFloat(getComputedStyle(t).fontSize));
    })()""")
    assert sizes and min(sizes) >= 11, sizes
    assert browser.js("getComputedStyle(document.querySelector('svg.race-wide')).display") == (
        "none")
    browser.screenshot(tmp_path / "phone-race.png", selector=".race-box")


def test_a_file_of_several_games_has_a_game_picker(browser: Browser, tmp_path: Path) -> None:
    record = tmp_path / "three.ftn"
    record.write_text("\n".join((SAMPLES / "valid" / f"{n}.ftn").read_text(encoding="utf-8")
                                for n in ("two-players-r8-3", "three-players", "four-players")),
                      encoding="utf-8")
    page = show(record, tmp_path / "p.html")
    open_page(browser, page)
    assert browser.js("document.getElementById('picker').hidden") is False
    options = browser.js("Array.from(document.querySelectorAll('#game-pick option')).map("
                         "o => o.value + ' ' + o.textContent)")
    assert [o[:13] for o in options] == ["1 game 1 of 3", "2 game 2 of 3", "3 game 3 of 3"]
    assert "Sample: 3 players" in options[1]
    assert " · game 1 of 3 · N Player 1, S Player 2 · " in text(browser, "#meta")
    browser.js("(p => { p.value = '2'; p.dispatchEvent(new Event('change')); })("
               "document.getElementById('game-pick'))")
    # Game 2 (three players) opens at its end, round 9 event 2, as a page of it alone would.
    assert browser.js("document.body.getAttribute('data-game')") == "2"
    s = state(browser)
    assert (s["pos"], s["totals"]) == ("r9e2", ["61", "30", "33"])
    assert browser.js("location.hash") == "#g2r9e2"
    assert text(browser, "#title") == "Sample: 3 players (ftn generate --players 3 --seed 154)"
    assert " · game 2 of 3 · N Player 1, E Player 2, W Player 3 · " in text(browser, "#meta")
    assert browser.js("document.querySelectorAll('.race:not([hidden])').length") == 1
    assert browser.js("document.querySelectorAll("
                      "'.race:not([hidden]) svg.race-wide polyline').length") == 3
    browser.screenshot(tmp_path / "game-2.png", full=True)
    browser.key("Home")
    assert state(browser)["pos"] == "r1e0" and browser.js("location.hash") == "#g2r1e0"
    browser.js("location.hash = '#g3r2e0'")  # a link to another game of the page
    browser.js("new Promise(r => setTimeout(r, 50))")
    assert browser.js("document.body.getAttribute('data-game')") == "3"
    assert state(browser)["pos"] == "r2e0"
    assert browser.js("document.getElementById('game-pick').value") == "3"
    assert len(state(browser)["totals"]) == 2  # N+S, E+W
    no_network(browser, page)
    page3 = show(record, tmp_path / "p3.html", "--game", "3")
    open_page(browser, page3)
    assert browser.js("document.body.getAttribute('data-game')") == "3"
    assert state(browser)["pos"] == "r6e6"
    one = show(R83, tmp_path / "one.html")
    open_page(browser, one)
    assert browser.js("document.getElementById('picker').hidden") is True
