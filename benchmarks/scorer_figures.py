"""The scorer's figures (docs/scorer/index.md): the site's
weight, the first screen's time and the engine ready, cold and warm, at
the machine's speed and with the CPU slowed 4x (DevTools'
``Emulation.setCPUThrottlingRate``), in headless Chromium at a phone's
viewport. A measurement, not a test: run it by hand.

    python benchmarks/scorer_figures.py [--site DIR] [--runs N]

Cold: a new browser profile (nothing cached: the service worker not yet
installed). Warm: the same profile loaded again (the service worker's
cache, the compiled code cached by the browser). The first screen is the
moment the set-up screen is drawn (``performance.now()`` at that point,
and the first contentful paint); the engine is ready when Pyodide has
loaded the project's wheel (the page's ``ready`` promise resolved)."""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from selenium.webdriver import Chrome  # noqa: E402
from selenium.webdriver.support.wait import WebDriverWait  # noqa: E402
from support.headless import find_chromium, start, touch  # noqa: E402

from verifier import api  # noqa: E402
from verifier.scorer.localhost import server  # noqa: E402

GROUPS = {"Pyodide": ("pyodide", "python_stdlib"), "wheels": (".whl",)}


def weight(sizes: dict[str, tuple[int, int]]) -> None:
    """The site's files by group: count, bytes, gzip bytes."""
    groups: dict[str, list[tuple[int, int]]] = {}
    for name, size in sizes.items():
        group = next((g for g, keys in GROUPS.items() if any(k in name for k in keys)), "app")
        groups.setdefault(group, []).append(size)
    print("| part | files | MB | MB gzip |\n| --- | --- | --- | --- |")
    for group, rows in [*groups.items(), ("all", list(sizes.values()))]:
        print(f"| {group} | {len(rows)} | {sum(r[0] for r in rows) / 1e6:.2f} | "
              f"{sum(r[1] for r in rows) / 1e6:.2f} |")


def load(b: Chrome, url: str) -> tuple[float, float, float]:
    """One load: the first screen, the first contentful paint, the engine
    ready (ms from the navigation's start)."""
    b.get(url)
    WebDriverWait(b, 300, 0.05).until(
        lambda d: d.execute_script("return document.body.dataset.engineAt"))
    got: dict[str, Any] = b.execute_script(
        "const p = performance.getEntriesByName('first-contentful-paint')[0];"
        "return {first: +document.body.dataset.firstScreen, fcp: p ? p.startTime : -1,"
        " ready: +document.body.dataset.engineAt};")
    return got["first"], got["fcp"], got["ready"]


def measure(url: str, rate: float, runs: int) -> dict[str, list[tuple[float, float, float]]]:
    """Cold and warm loads at a CPU slowed ``rate`` times."""
    out: dict[str, list[tuple[float, float, float]]] = {"cold": [], "warm": []}
    found = find_chromium()
    assert not isinstance(found, str), found
    for _ in range(runs):
        b = start(*found, width=390, height=844, online=True)
        try:
            touch(b)
            b.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": rate})
            out["cold"].append(load(b, url))
            b.execute_async_script("const done = arguments[0];"
                                   "navigator.serviceWorker.ready.then(() => done(1))")
            out["warm"].append(load(b, url))
        finally:
            b.quit()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = args.site or Path(tmp) / "site"
        if args.site is None:
            site = api.scorer_build(folder, say=lambda _: None)
            weight(site.sizes)
        httpd = server(folder, 0)
        threading.Thread(target=httpd.serve_forever, daemon=True).start()
        url = f"http://127.0.0.1:{httpd.server_address[1]}/"
        print("\n| CPU | load | first screen ms | first paint ms | engine ready ms |")
        print("| --- | --- | --- | --- | --- |")
        for rate in (1, 4):
            for kind, rows in measure(url, rate, args.runs).items():
                med = [statistics.median(r[i] for r in rows) for i in range(3)]
                print(f"| {rate}x | {kind} | {med[0]:.0f} | {med[1]:.0f} | {med[2]:.0f} |")
        httpd.shutdown()


if __name__ == "__main__":
    main()
