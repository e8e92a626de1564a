"""ftn show's page in a real browser: one headless Chromium with no network
for the whole run, driven by Selenium through chromedriver (tests/support/headless.py
starts it). The tests press keys, read what the page shows, and save
screenshots under their tmp_path.

Without Chromium or chromedriver these tests are skipped, except in CI
(CI=true), where they fail: CI installs both (.ci/run)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from selenium.webdriver import Chrome
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.wait import WebDriverWait
from support.ftn import run_ftn
from support.headless import (
    errors,
    find_chromium,
    forget_logs,
    requests,
    screenshot,
    start,
    viewport,
)

# Slow too: each drives Chromium (seconds apiece, 35 s of the quick loop's
# 72 here); the quick loop leaves them out, CI and the README's command run them.
pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
R83 = SAMPLES / "valid" / "two-players-r8-3.ftn"
PNG = b"\x89PNG\r\n\x1a\n"
KEYS = {"ArrowRight": Keys.ARROW_RIGHT, "ArrowLeft": Keys.ARROW_LEFT,
        "ArrowDown": Keys.ARROW_DOWN, "ArrowUp": Keys.ARROW_UP, "Home": Keys.HOME,
        "End": Keys.END, "PageDown": Keys.PAGE_DOWN, "PageUp": Keys.PAGE_UP,
        "Enter": Keys.ENTER, "Tab": Keys.TAB, "f": "f", "F": "F"}
#: How long a wait for the page's state may last before the test fails (a
#: bound for a loaded machine: the wait ends as soon as the state is there).
PATIENCE = 60


@pytest.fixture(scope="session")
def browser() -> Iterator[Chrome]:
    """One browser for every test of the run (of each pytest-xdist worker)."""
    found = find_chromium()
    if isinstance(found, str):
        if os.environ.get("CI") == "true":
            pytest.fail(f"{found}, and CI must run the browser tests")
        pytest.skip(found)
    driver = start(*found)
    try:
        yield driver
    finally:
        driver.quit()


def show(record: Path, out: Path, *args: str) -> Path:
    r = run_ftn(["show", str(record), "-o", str(out), *args])
    assert r.returncode == 0, r.output
    return out


def js(b: Chrome, expression: str) -> Any:
    """The value of a JavaScript expression in the page."""
    return b.execute_script(f"return ({expression});")


def press(b: Chrome, name: str, shift: bool = False) -> None:
    """Press and release one key (with Shift held) on what has the focus."""
    keys = ActionChains(b)
    if shift:
        keys.key_down(Keys.SHIFT).send_keys(KEYS[name]).key_up(Keys.SHIFT)
    else:
        keys.send_keys(KEYS[name])
    keys.perform()


def until(b: Chrome, expression: str, value: object) -> None:
    """Wait until a JavaScript expression has this value (it fails the test
    if that does not come within PATIENCE seconds)."""
    WebDriverWait(b, PATIENCE).until(lambda d: js(d, expression) == value,
                                     f"{expression} never became {value!r}")


def open_page(b: Chrome, page: Path, at: str = "", width: int = 1100,
              height: int = 900) -> None:
    """Load a page (get waits for its load event) with empty logs."""
    viewport(b, width, height)
    forget_logs(b)
    b.get(page.as_uri() + at)
    assert js(b, "document.readyState") == "complete"


def text(b: Chrome, selector: str) -> str:
    value = js(b, f"(document.querySelector({selector!r}) || {{}}).textContent || ''")
    assert isinstance(value, str)
    return " ".join(value.split())


def state(b: Chrome) -> dict[str, Any]:
    """What the page shows now."""
    value = js(b, """({
        pos: document.body.getAttribute('data-pos'),
        totals: Array.from(document.querySelectorAll('.card .value')).map(e => e.textContent),
        deltas: Array.from(document.querySelectorAll('.card .delta')).map(e => e.textContent),
        line: document.querySelectorAll('#line svg.tile').length,
        errors: window.__errors || 0
    })""")
    assert isinstance(value, dict)
    return value


def no_network(b: Chrome, page: Path) -> None:
    urls = requests(b)
    assert urls and all(u.startswith(page.as_uri()) for u in urls), urls
    assert errors(b) == []


def test_stepping_to_round_11s_overshoot(browser: Chrome, tmp_path: Path) -> None:
    page = show(R83, tmp_path / "g.html")
    open_page(browser, page)
    assert state(browser)["pos"] == "r12e2"  # a clean game opens at its end
    press(browser, "Home")
    assert state(browser)["pos"] == "r1e0"
    for _ in range(10):
        press(browser, "ArrowDown")  # round by round
    assert state(browser)["pos"] == "r11e0"
    for _ in range(12):
        press(browser, "ArrowRight")  # event by event
    s = state(browser)
    assert (s["pos"], s["totals"]) == ("r11e12", ["60", "59"])
    assert text(browser, "#what") == "N knocks"
    press(browser, "ArrowRight")
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
    assert js(browser, "location.hash") == "#r11e13"
    screenshot(browser, tmp_path / "round-11-overshoot.png", full=True)
    assert (tmp_path / "round-11-overshoot.png").read_bytes().startswith(PNG)
    press(browser, "ArrowRight")  # over the round boundary, and back
    assert state(browser)["pos"] == "r12e0"
    press(browser, "ArrowLeft")
    assert state(browser)["pos"] == "r11e13"
    press(browser, "ArrowUp")
    assert state(browser)["pos"] == "r11e0"
    no_network(browser, page)


def test_a_link_opens_the_page_at_its_event(browser: Chrome, tmp_path: Path) -> None:
    page = show(R83, tmp_path / "g.html")
    open_page(browser, page, "#r11e13")
    assert state(browser)["pos"] == "r11e13"
    js(browser, "location.hash = '#r2e3'")
    until(browser, "document.body.getAttribute('data-pos')", "r2e3")
    assert state(browser)["pos"] == "r2e3"
    # N 6-6 at R: a terminal double counts both halves, 1 + 12 = 13.
    assert text(browser, "#ends") == "Left end 1 · right end 6|6 (double, counts 12) · end total 13"
    assert js(browser, "document.querySelectorAll('#line svg.tile.v').length") == 1


def test_an_accepted_overshoot_opens_at_its_finding(browser: Chrome, tmp_path: Path) -> None:
    page = show(SAMPLES / "invalid" / "overshoot-accepted.ftn", tmp_path / "o.html")
    open_page(browser, page)
    assert state(browser)["pos"] == "r11e13"
    here = text(browser, "#here")
    assert "FT304 overshoot-accepted" in here
    assert "claimed: +2+1 · computed: over+2+1" in here
    assert "rule R8.2 · " in here and "overshoot-accepted.ftn:183:14" in here
    assert js(browser, "document.querySelectorAll('#marks a').length") == 1
    assert js(browser, "document.querySelectorAll('.race svg.race-wide .flag').length") == 1
    screenshot(browser, tmp_path / "overshoot-accepted.png")
    press(browser, "ArrowRight")
    assert text(browser, "#here") == ""
    press(browser, "F", shift=True)  # back to the finding
    assert state(browser)["pos"] == "r11e13"


def test_an_illegal_move_shows_where_the_replay_stopped(browser: Chrome, tmp_path: Path) -> None:
    page = show(SAMPLES / "invalid" / "tile-not-in-hand.ftn", tmp_path / "t.html")
    open_page(browser, page)
    s = state(browser)
    # S led 5-1 (+2); N then places 1-4, which S holds: the replay stops.
    assert (s["pos"], s["totals"]) == ("r1e2", ["0", "2"])
    assert "FT202 tile-not-in-hand — the replay stopped here" in text(browser, "#here")
    assert text(browser, "#what") == "N 1-4 R: illegal — the replay stopped here"
    assert js(browser, "document.querySelectorAll('#line svg.tile.ghost').length") == 1
    assert s["line"] == 2  # the lead, and the tile tried
    assert text(browser, "#stopped") == (
        "The replay stopped here: FT202 tile-not-in-hand, round 1 event 2")
    screenshot(browser, tmp_path / "tile-not-in-hand.png")


@pytest.mark.parametrize("name", ["partial-one-hand", "partial-no-deals",
                                  "variant-double-twelve-12p"])
def test_partial_and_large_sets_render(browser: Chrome, tmp_path: Path, name: str) -> None:
    page = show(SAMPLES / "valid" / f"{name}.ftn", tmp_path / f"{name}.html")
    open_page(browser, page, "#r1e0")
    down_tile = "svg.tile[aria-label='a tile face down']"
    down = js(browser, "Array.from(document.querySelectorAll('.hand')).map("
                      f'h => h.querySelectorAll("{down_tile}").length)')
    up = js(browser, "Array.from(document.querySelectorAll('.hand')).map("
                    f'h => h.querySelectorAll("svg.tile:not({down_tile[8:]})").length)')
    if name == "partial-one-hand":
        assert (down, up) == ([0, 5, 5, 5], [5, 0, 0, 0])  # N's hand alone is known
    elif name == "partial-no-deals":
        assert (down, up) == ([5, 5, 5], [0, 0, 0])
    else:
        assert (down, up) == ([0] * 12, [7] * 12)
        assert js(browser, "document.querySelectorAll('use[href=\"#ftn-f12\"]').length") >= 1
    press(browser, "End")
    assert state(browser)["line"] >= 1
    screenshot(browser, tmp_path / f"{name}.png", full=True)
    no_network(browser, page)


def test_a_long_game_is_light_and_needs_no_network(browser: Chrome, tmp_path: Path) -> None:
    page = show(SAMPLES / "show" / "long-24-rounds.ftn", tmp_path / "long.html")
    show(SAMPLES / "show" / "long-24-rounds.ftn", tmp_path / "long2.html")
    assert page.stat().st_size < 300_000  # 24 rounds, 315 events
    open_page(browser, page)
    assert state(browser)["pos"] == "r24e" + str(
        js(browser, "document.querySelectorAll('#events a').length - 1"))
    press(browser, "Home")
    press(browser, "PageDown")
    assert state(browser)["pos"] == "r2e0"
    screenshot(browser, tmp_path / "long.png", full=True)
    no_network(browser, page)
    # The events list (16rem high at a phone's width) scrolls itself to the
    # current event; the page stays put.
    open_page(browser, page.with_name("long2.html"), "#r1e0", width=400)
    for _ in range(12):
        press(browser, "ArrowRight")
    assert state(browser)["pos"] == "r1e12"
    assert js(browser, "document.querySelector('.events-box').scrollTop") > 0
    inside = js(browser, """(() => {
        const a = document.querySelector('#events a[aria-current="step"]').getBoundingClientRect();
        const v = document.querySelector('.events-box').getBoundingClientRect();
        return [a.top >= v.top, a.bottom <= v.bottom, scrollY];
    })()""")
    assert inside == [True, True, 0]


def test_markup_in_the_record_stays_text(browser: Chrome, tmp_path: Path) -> None:
    page = show(SAMPLES / "show" / "markup-in-tags.ftn", tmp_path / "m.html")
    open_page(browser, page, "#r1e1")
    assert js(browser, "window.pwned === undefined")
    assert js(browser, "document.querySelectorAll('img, #hands b, #title *, #meta *').length") == 0
    assert text(browser, "#title") == "</script><script>window.pwned=2</script>"
    assert js(browser, "document.title") == "</script><script>window.pwned=2</script> — FTN replay"
    assert '<img src=x onerror="window.pwned=1">' in text(browser, "#hands")
    assert "window.pwned=3" in text(browser, "#note")
    no_network(browser, page)
    # The game picker of a file of two such games shows them as text too.
    two = tmp_path / "two.ftn"
    two.write_text(((SAMPLES / "show" / "markup-in-tags.ftn").read_text(encoding="utf-8")
                    + "\n") * 2, encoding="utf-8")
    page = show(two, tmp_path / "m2.html")
    open_page(browser, page)
    assert js(browser, "window.pwned === undefined")
    assert js(browser, "document.querySelectorAll('img, #picker *:not(label, select, option, "
                      "span)').length") == 0
    assert "</script><script>window.pwned=2</script>" in text(browser, "#game-pick")
    no_network(browser, page)


def test_phone_width_keyboard_and_print(browser: Chrome, tmp_path: Path) -> None:
    page = show(R83, tmp_path / "g.html")
    open_page(browser, page, "#r5e4", width=390)
    assert js(browser, "document.documentElement.scrollWidth") <= 390  # no sideways scroll
    screenshot(browser, tmp_path / "phone.png", full=True)
    # Without a mouse: Tab reaches the buttons, Enter presses them.
    js(browser, "document.getElementById('next').focus()")
    press(browser, "Enter")
    assert state(browser)["pos"] == "r5e5"
    browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        controls = "getComputedStyle(document.querySelector('.controls')).display"
        assert js(browser, controls) == "none"
        wide = "getComputedStyle(document.querySelector('.race svg.race-wide')).display"
        assert js(browser, wide) != "none"
    finally:
        browser.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})


# Every sample with a game to show (not no-games.ftn, which holds none at all,
# nor those whose game has syntax errors).
RECORDS = [p for p in sorted(SAMPLES.rglob("*.ftn"))
           if p.name not in ("syntax-error.ftn", "every-mistake.ftn", "seven-mistakes.ftn",
                             "four-slips.ftn", "no-games.ftn")]


@pytest.mark.parametrize("record", RECORDS, ids=[str(p.relative_to(SAMPLES)) for p in RECORDS])
def test_every_sample_renders_without_a_script_error(browser: Chrome, tmp_path: Path,
                                                      record: Path) -> None:
    page = show(record, tmp_path / "page.html")
    open_page(browser, page)
    for key in ("Home", "ArrowRight", "ArrowDown", "End", "ArrowLeft", "ArrowUp"):
        press(browser, key)
    lines = "document.querySelectorAll('.race:not([hidden]) svg polyline').length"
    assert js(browser, lines) >= 1, record
    no_network(browser, page)


def test_the_samples_shown_are_most_of_them() -> None:
    assert len(RECORDS) >= 20 and not any(p.name == "no-games.ftn" for p in RECORDS)


# -- colours, a phone's width, a file of several games ----------------------------

BLUE, ORANGE = "rgb(31, 95, 191)", "rgb(194, 65, 12)"  # PALETTE[0] #1f5fbf, [1] #c2410c
CONTROLS_BOTTOM = "document.querySelector('.controls').getBoundingClientRect().bottom"


def box(b: Chrome, selector: str) -> dict[str, float]:
    value = js(b, f"(r => ({{top: r.top, bottom: r.bottom, height: r.height}}))("
                 f"document.querySelector({selector!r}).getBoundingClientRect())")
    assert isinstance(value, dict)
    return value


@pytest.mark.parametrize("width", [1100, 400])
def test_each_side_has_its_colour(browser: Chrome, tmp_path: Path, width: int) -> None:
    # Four players in partnerships: side N+S is the first colour, E+W the second.
    page = show(SAMPLES / "valid" / "four-players.ftn", tmp_path / "f.html")
    open_page(browser, page, "#r1e3", width=width)
    shown = ".race:not([hidden]) svg.race-" + ("wide" if width > 560 else "narrow")
    assert js(browser, f"getComputedStyle(document.querySelector({shown!r})).display") == "block"
    legend = js(browser, f"Array.from(document.querySelectorAll('{shown} .legend')).map("
                        "t => [t.textContent, getComputedStyle(t).fill])")
    assert legend == [["■ N+S", BLUE], ["■ E+W", ORANGE]]
    seats = js(browser, "Array.from(document.querySelectorAll('.hand .who')).map("
                       "w => [w.firstChild.textContent, getComputedStyle(w).color])")
    assert seats == [["N", BLUE], ["E", ORANGE], ["S", BLUE], ["W", ORANGE]]
    # Event 3 of round 1 is S's: the acting hand is marked without losing its colour.
    assert js(browser, "document.querySelector('.hand.acting .who').firstChild.textContent") == "S"
    screenshot(browser, tmp_path / f"colours-{width}.png", selector=shown)


def test_a_phone_opens_at_the_overshoot_and_keys_do_not_scroll(
        browser: Chrome, tmp_path: Path) -> None:
    page = show(SAMPLES / "invalid" / "overshoot-accepted.ftn", tmp_path / "o.html")
    open_page(browser, page, width=400, height=800)
    assert state(browser)["pos"] == "r11e13"
    bar = js(browser, CONTROLS_BOTTOM)
    event, finding = box(browser, "#event"), box(browser, "#here .finding")
    assert "FT304 overshoot-accepted" in text(browser, "#here")
    # The event and its finding, whole, in the viewport and below the sticky bar.
    assert bar <= event["top"] < event["bottom"] <= finding["top"]
    assert finding["bottom"] <= 800, (bar, event, finding)
    assert js(browser, "document.documentElement.scrollWidth") <= 400
    screenshot(browser, tmp_path / "phone-overshoot.png")
    y = js(browser, "scrollY")
    for key in ("ArrowLeft", "ArrowLeft", "ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"):
        press(browser, key)
        assert js(browser, "scrollY") == y, key
    assert state(browser)["pos"] == "r11e13"  # 11:13, 11:12, 11:11, 11:0, 11:1, 12:0, 11:13
    # Read on down the page, the hands just below the bar: the keys leave them
    # where they are on the screen (the board above them changes height from
    # event to event; the page keeps the part the reader sees first in place).
    js(browser, "window.scrollTo(0, document.querySelector('.hands-box').offsetTop"
               " - document.querySelector('.controls').offsetHeight - 8)")
    assert js(browser, "scrollY") > 0
    hands = box(browser, ".hands-box")["top"]
    assert 0 <= hands - js(browser, CONTROLS_BOTTOM) < 20  # the first part seen
    for key in ("ArrowLeft", "ArrowLeft", "Home", "End", "ArrowRight", "ArrowUp"):
        press(browser, key)
        # (within 2 px: the page scrolls by whole pixels, the boxes' tops are fractions)
        assert abs(box(browser, ".hands-box")["top"] - hands) < 2, key
    # The race at this width: its own drawing, labels at 11 px or more.
    sizes = js(browser, """(() => {
        const svg = document.querySelector('.race:not([hidden]) svg.race-narrow');
        const k = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
        return Array.from(svg.querySelectorAll('.rlabel, .axis, .legend')).map(
            t => k * parseFloat(getComputedStyle(t).fontSize));
    })()""")
    assert sizes and min(sizes) >= 11, sizes
    assert js(browser, "getComputedStyle(document.querySelector('svg.race-wide')).display") == (
        "none")
    screenshot(browser, tmp_path / "phone-race.png", selector=".race-box")


def test_a_file_of_several_games_has_a_game_picker(browser: Chrome, tmp_path: Path) -> None:
    record = tmp_path / "three.ftn"
    record.write_text("\n".join((SAMPLES / "valid" / f"{n}.ftn").read_text(encoding="utf-8")
                                for n in ("two-players-r8-3", "three-players", "four-players")),
                      encoding="utf-8")
    page = show(record, tmp_path / "p.html")
    open_page(browser, page)
    assert js(browser, "document.getElementById('picker').hidden") is False
    options = js(browser, "Array.from(document.querySelectorAll('#game-pick option')).map("
                         "o => o.value + ' ' + o.textContent)")
    assert [o[:13] for o in options] == ["1 game 1 of 3", "2 game 2 of 3", "3 game 3 of 3"]
    assert "Sample: 3 players" in options[1]
    assert " · game 1 of 3 · N Player 1, S Player 2 · " in text(browser, "#meta")
    js(browser, "(p => { p.value = '2'; p.dispatchEvent(new Event('change')); })("
               "document.getElementById('game-pick'))")
    # Game 2 (three players) opens at its end, round 9 event 2, as a page of it alone would.
    assert js(browser, "document.body.getAttribute('data-game')") == "2"
    s = state(browser)
    assert (s["pos"], s["totals"]) == ("r9e2", ["61", "30", "33"])
    assert js(browser, "location.hash") == "#g2r9e2"
    assert text(browser, "#title") == "Sample: 3 players (ftn generate --players 3 --seed 154)"
    assert " · game 2 of 3 · N Player 1, E Player 2, W Player 3 · " in text(browser, "#meta")
    assert js(browser, "document.querySelectorAll('.race:not([hidden])').length") == 1
    assert js(browser, "document.querySelectorAll("
                      "'.race:not([hidden]) svg.race-wide polyline').length") == 3
    screenshot(browser, tmp_path / "game-2.png", full=True)
    press(browser, "Home")
    assert state(browser)["pos"] == "r1e0" and js(browser, "location.hash") == "#g2r1e0"
    js(browser, "location.hash = '#g3r2e0'")  # a link to another game of the page
    until(browser, "document.body.getAttribute('data-game')", "3")
    assert js(browser, "document.body.getAttribute('data-game')") == "3"
    assert state(browser)["pos"] == "r2e0"
    assert js(browser, "document.getElementById('game-pick').value") == "3"
    assert len(state(browser)["totals"]) == 2  # N+S, E+W
    no_network(browser, page)
    page3 = show(record, tmp_path / "p3.html", "--game", "3")
    open_page(browser, page3)
    assert js(browser, "document.body.getAttribute('data-game')") == "3"
    assert state(browser)["pos"] == "r6e6"
    one = show(R83, tmp_path / "one.html")
    open_page(browser, one)
    assert js(browser, "document.getElementById('picker').hidden") is True
