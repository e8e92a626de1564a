"""Take the screenshots of the manual's "The scorer at the table" (docs/scorer/) again
(needs Chromium, Node and npm): docs/scorer/{phone,laptop}-{setup,
midround,refused,end}.png, at 390x844 (a phone, touch) and 1280x800, of a
2-player game generated from a fixed seed and tapped through the page.

    .venv/bin/python tools/scorer_screenshots.py [--site DIR]

Boundary: writes those PNG files under docs/scorer/ and nothing else; a
script, not a test.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the tests' headless Chromium and taps

from support.headless import find_chromium, screenshot, start, touch  # noqa: E402
from support.scorer import js, opened, script, served, set_up, tap, tap_move, wait  # noqa: E402

from verifier import api  # noqa: E402
from verifier.rules.generate import generate_games  # noqa: E402

SIZES = {"phone": (390, 844), "laptop": (1280, 800)}


def shots(site: Path, kind: str, out: Path) -> None:
    width, height = SIZES[kind]
    found = find_chromium()
    assert not isinstance(found, str), found
    (game,) = generate_games(2, 1, 2, None, [("target", "31")])
    first = game.rounds[0].opener
    header = api.record_header(["N", "S"], ["Ann", "Sam"], "pagat", "target=31", first)
    assert isinstance(header, list)
    typed = script(game, header, "g.ftn")
    b = start(*found, width=width, height=height, online=True)
    try:
        if kind == "phone":
            touch(b)
        with served(site) as (url, _):
            opened(b, url)
            b.find_element("id", "person-0").send_keys("Ann")
            b.find_element("id", "person-1").send_keys("Sam")
            screenshot(b, out / f"{kind}-setup.png")
            set_up(b, ["N", "S"], first, 31)
            for line in typed[:9]:
                tap_move(b, line)
            b.execute_script("scrollTo(0, 0)")
            screenshot(b, out / f"{kind}-midround.png")
            bad = js(b, "document.querySelector('#tiles .nofit').dataset.tile")
            tap(b, f"#tiles button[data-tile='{bad}']")
            b.execute_script("scrollTo(0, 0)")
            screenshot(b, out / f"{kind}-refused.png")
            for line in typed[9:]:
                tap_move(b, line)
            wait(b, "document.body.dataset.screen === 'over'", "the game's end")
            b.execute_script("scrollTo(0, 0)")
            screenshot(b, out / f"{kind}-end.png")
    finally:
        b.quit()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    args = parser.parse_args()
    out = ROOT / "docs" / "scorer"
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "site"
            api.scorer_build(site, say=lambda _: None)
        for kind in SIZES:
            shots(site, kind, out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
