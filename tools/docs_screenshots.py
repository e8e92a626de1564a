"""Take the screenshots of the manual's "Seeing a game" (docs/show.md) again (needs
Chromium): docs/show-midround.png (round 11 of the R8.3 sample at event 9)
and docs/show-race.png (the race at the game's end).

    .venv/bin/python tools/docs_screenshots.py

Boundary: writes the two PNG files under docs/ and nothing else; a script,
not a test.
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))  # the tests' headless Chromium

from support.headless import find_chromium, screenshot, start, viewport  # noqa: E402

SAMPLE = "samples/valid/two-players-r8-3.ftn"


def main() -> int:
    found = find_chromium()
    if isinstance(found, str):
        print(f"docs_screenshots.py: {found}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "game.html"
        subprocess.run([sys.executable, "-m", "verifier", "show", SAMPLE, "-o", str(page)],
                       cwd=ROOT, check=True)
        driver = start(*found, width=1100, height=692)
        try:
            driver.get(page.as_uri() + "#r11e9")
            screenshot(driver, ROOT / "docs" / "show-midround.png")
            viewport(driver, 1100, 900)
            driver.get(page.as_uri())  # at the game's end
            screenshot(driver, ROOT / "docs" / "show-race.png", selector=".race-box")
        finally:
            driver.quit()
    print("docs/show-midround.png, docs/show-race.png")
    return 0


if __name__ == "__main__":
    sys.exit(main())
