"""Headless Chromium for the browser tests and the docs' screenshots, under
Selenium through the system's chromedriver.

Boundary: starts one browser with no network (host names resolve to nothing
and the page is emulated offline) that keeps its console and network logs,
sets the viewport, reads what a page asked for and the errors it logged, and
takes screenshots of the viewport, of the whole page or of one element. It
knows nothing of FTN; the tests drive the page with Selenium itself.

Three things go to Chromium as DevTools commands (``execute_cdp_cmd``), for
WebDriver has no means of its own: the viewport of a phone (a device's
metrics, not a window's size), the offline network, and a screenshot beyond
the viewport (Selenium's element screenshot scrolls the element into view,
under the page's sticky bar, which would change the picture).
"""

from __future__ import annotations

import base64
import json
import shutil
from pathlib import Path
from typing import Any

from selenium.webdriver import Chrome
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND", "--hide-scrollbars", "--mute-audio",
]


def find_chromium() -> tuple[str, str] | str:
    """The Chromium (or Chrome) executable and chromedriver, or what is missing."""
    exe = next((p for p in map(shutil.which, ("chromium", "chromium-browser", "google-chrome"))
                if p), None)
    driver = shutil.which("chromedriver")
    if exe is None:
        return "Chromium is not installed (apt-get install chromium chromium-driver)"
    if driver is None:
        return "chromedriver is not installed (apt-get install chromium-driver)"
    return exe, driver


def start(exe: str, chromedriver: str, width: int = 1100, height: int = 900,
          online: bool = False) -> Chrome:
    """One headless Chromium, offline (``online``: reaching 127.0.0.1, still
    no host name), with a viewport of this size."""
    options = Options()
    options.binary_location = exe
    for flag in FLAGS:
        if online and flag.startswith("--host-resolver-rules="):
            flag += ", EXCLUDE 127.0.0.1"
        options.add_argument(flag)
    options.add_argument(f"--window-size={width},{height}")
    # The page's console (errors thrown included) and the network events
    # (every request), read with get_log.
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    driver = Chrome(options=options, service=Service(chromedriver))
    try:
        driver.execute_cdp_cmd("Network.enable", {})
        if not online:
            driver.execute_cdp_cmd("Network.emulateNetworkConditions", {
                "offline": True, "latency": 0, "downloadThroughput": -1,
                "uploadThroughput": -1})
        viewport(driver, width, height)
    except BaseException:  # no browser left behind, whatever went wrong
        driver.quit()
        raise
    return driver


def viewport(driver: Chrome, width: int, height: int) -> None:
    """The page's viewport, as a phone's below 600 px wide."""
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
        "width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})


def touch(driver: Chrome, on: bool = True) -> None:
    """A touch screen (a phone's taps), or none."""
    driver.execute_cdp_cmd("Emulation.setTouchEmulationEnabled", {"enabled": on,
                                                                  "maxTouchPoints": 5})


def _log(driver: Chrome, kind: str) -> list[dict[str, Any]]:
    """The entries of one log since it was last read (the read empties it)."""
    entries: list[dict[str, Any]] = driver.get_log(kind)  # type: ignore[no-untyped-call]
    return entries


def forget_logs(driver: Chrome) -> None:
    """Empty the logs."""
    _log(driver, "browser")
    _log(driver, "performance")


def requests(driver: Chrome) -> list[str]:
    """Every URL the pages asked for since the logs were last read."""
    messages = (json.loads(e["message"])["message"] for e in _log(driver, "performance"))
    return [m["params"]["request"]["url"] for m in messages
            if m.get("method") == "Network.requestWillBeSent"]


def errors(driver: Chrome) -> list[dict[str, Any]]:
    """The errors the pages logged (thrown and not caught, console.error, a
    failed load) since the logs were last read."""
    return [e for e in _log(driver, "browser") if e.get("level") == "SEVERE"]


def screenshot(driver: Chrome, path: Path, full: bool = False,
               selector: str | None = None) -> None:
    """A PNG of the viewport (``full``: of the whole page; ``selector``: of
    one element, where it lies on the page)."""
    if selector is None and not full:
        path.write_bytes(driver.get_screenshot_as_png())
        return
    if selector is not None:
        x, y, w, h = driver.execute_script(
            "return (r => [r.left + scrollX, r.top + scrollY, r.width, r.height])("
            "document.querySelector(arguments[0]).getBoundingClientRect())", selector)
    else:
        x, y = 0, 0
        w, h = driver.execute_script("return [document.documentElement.scrollWidth,"
                                     "document.documentElement.scrollHeight]")
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "captureBeyondViewport": True,
        "clip": {"x": x, "y": y, "width": w, "height": h, "scale": 1}})
    path.write_bytes(base64.b64decode(shot["data"]))
