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

from verifier.cli import app

pytestmark = pytest.mark.browser

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
    assert browser.js("document.querySelectorAll('#race .flag').length") == 1
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
    assert page.stat().st_size < 300_000  # 24 rounds, 315 events
    open_page(browser, page)
    assert state(browser)["pos"] == "r24e" + str(
        browser.js("document.querySelectorAll('#events a').length - 1"))
    browser.key("Home")
    browser.key("PageDown")
    assert state(browser)["pos"] == "r2e0"
    browser.screenshot(tmp_path / "long.png", full=True)
    no_network(browser, page)


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
        assert browser.js("getComputedStyle(document.querySelector('#race')).display") != "none"
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
        assert browser.js("document.querySelectorAll('#race polyline').length") >= 1, record
        no_network(browser, page)
