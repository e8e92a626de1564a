"""Headless Chromium for the browser tests, driven over the Chrome DevTools
Protocol with a small WebSocket client of the standard library.

Boundary: launches one browser with no network (host names resolve to
nothing and the page is emulated offline), opens a page, evaluates
JavaScript, presses keys, takes screenshots, and records every request the
page makes. It knows nothing of FTN.
"""

from __future__ import annotations

import base64
import json
import os
import shutil
import socket
import struct
import subprocess
import time
import urllib.request
from pathlib import Path
from typing import Any

FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    "--host-resolver-rules=MAP * ~NOTFOUND", "--hide-scrollbars", "--mute-audio",
]
KEYS = {  # key -> (code, Windows virtual key code)
    "ArrowRight": ("ArrowRight", 39), "ArrowLeft": ("ArrowLeft", 37),
    "ArrowDown": ("ArrowDown", 40), "ArrowUp": ("ArrowUp", 38),
    "Home": ("Home", 36), "End": ("End", 35), "PageDown": ("PageDown", 34),
    "PageUp": ("PageUp", 33), "f": ("KeyF", 70), "F": ("KeyF", 70), "Tab": ("Tab", 9),
    "Enter": ("Enter", 13),
}


def find_chromium() -> str | None:
    """The Chromium (or Chrome) executable, or None."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


class _Socket:
    """A WebSocket client: text frames, masked, as RFC 6455 asks of a client."""

    def __init__(self, url: str) -> None:
        assert url.startswith("ws://")
        hostport, _, path = url[5:].partition("/")
        host, _, port = hostport.partition(":")
        self.sock = socket.create_connection((host, int(port)), timeout=60)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall(
            f"GET /{path} HTTP/1.1\r\nHost: {hostport}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n".encode()
        )
        head = b""
        while b"\r\n\r\n" not in head:
            chunk = self.sock.recv(1)
            if not chunk:
                raise ConnectionError("the browser closed the connection")
            head += chunk
        if b" 101 " not in head.split(b"\r\n")[0]:
            raise ConnectionError(head.decode(errors="replace"))

    def _exact(self, n: int) -> bytes:
        out = bytearray()
        while len(out) < n:
            chunk = self.sock.recv(n - len(out))
            if not chunk:
                raise ConnectionError("the browser closed the connection")
            out += chunk
        return bytes(out)

    def send(self, text: str) -> None:
        data = text.encode()
        n = len(data)
        if n < 126:
            head = struct.pack("!BB", 0x81, 0x80 | n)
        elif n < 1 << 16:
            head = struct.pack("!BBH", 0x81, 0x80 | 126, n)
        else:
            head = struct.pack("!BBQ", 0x81, 0x80 | 127, n)
        mask = os.urandom(4)
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(data))
        self.sock.sendall(head + mask + body)

    def recv(self) -> str:
        parts = bytearray()
        while True:
            b1, b2 = self._exact(2)
            n = b2 & 0x7F
            if n == 126:
                (n,) = struct.unpack("!H", self._exact(2))
            elif n == 127:
                (n,) = struct.unpack("!Q", self._exact(8))
            payload = self._exact(n)
            opcode = b1 & 0x0F
            if opcode == 8:
                raise ConnectionError("the browser closed the WebSocket")
            if opcode == 9:  # ping: answer, then read on
                self.sock.sendall(struct.pack("!BB", 0x8A, 0x80) + os.urandom(4))
                continue
            parts += payload
            if b1 & 0x80:
                return parts.decode()

    def close(self) -> None:
        self.sock.close()


class Browser:
    """One headless Chromium with one page."""

    def __init__(self, exe: str, profile: Path, width: int = 1100, height: int = 900) -> None:
        profile.mkdir(parents=True, exist_ok=True)
        (profile / "DevToolsActivePort").unlink(missing_ok=True)  # a run before's port
        self.ws: _Socket | None = None
        self.proc = subprocess.Popen(
            [exe, *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-port=0",
             f"--window-size={width},{height}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )
        self.events: list[dict[str, Any]] = []
        self._id = 0
        try:
            port_file = profile / "DevToolsActivePort"
            deadline = time.monotonic() + 60
            while not port_file.exists() or not port_file.read_text().strip():
                if self.proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("Chromium did not start")
                time.sleep(0.05)
            port = int(port_file.read_text().split()[0])
            ws = None
            while ws is None:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=30) as r:
                    pages = [t for t in json.load(r) if t.get("type") == "page"]
                if pages:
                    ws = pages[0]["webSocketDebuggerUrl"]
                elif time.monotonic() > deadline:
                    raise RuntimeError("Chromium has no page")
                else:
                    time.sleep(0.05)
            self.ws = _Socket(ws)
            self.call("Page.enable")
            self.call("Runtime.enable")
            self.call("Network.enable")
            self.call("Network.emulateNetworkConditions", offline=True, latency=0,
                      downloadThroughput=-1, uploadThroughput=-1)
            self.viewport(width, height)
        except BaseException:  # no browser left behind, whatever went wrong
            self.close()
            raise

    def _live(self) -> _Socket:
        assert self.ws is not None, "the browser is closed"
        return self.ws

    def call(self, method: str, **params: Any) -> dict[str, Any]:
        """Send one command and return its result (events that come first are kept)."""
        self._id += 1
        self._live().send(json.dumps({"id": self._id, "method": method, "params": params}))
        while True:
            msg = json.loads(self._live().recv())
            if msg.get("id") == self._id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                result: dict[str, Any] = msg.get("result", {})
                return result
            self.events.append(msg)

    def wait_event(self, method: str, timeout: float = 30) -> dict[str, Any]:
        """The first (or next) event of this kind."""
        for i, ev in enumerate(self.events):
            if ev.get("method") == method:
                return self.events.pop(i)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            msg = json.loads(self._live().recv())
            if msg.get("method") == method:
                found: dict[str, Any] = msg
                return found
            self.events.append(msg)
        raise TimeoutError(method)

    def viewport(self, width: int, height: int) -> None:
        self.call("Emulation.setDeviceMetricsOverride", width=width, height=height,
                  deviceScaleFactor=1, mobile=width < 600)

    def open(self, url: str) -> None:
        """Load a page and wait for its load event."""
        self.events = [e for e in self.events if e.get("method") != "Page.loadEventFired"]
        if "loaderId" in self.call("Page.navigate", url=url):  # else: only the #fragment
            self.wait_event("Page.loadEventFired")

    def requests(self) -> list[str]:
        """Every URL the pages asked for so far."""
        self.js("1")  # let pending events arrive
        return [e["params"]["request"]["url"] for e in self.events
                if e.get("method") == "Network.requestWillBeSent"]

    def js(self, expression: str) -> Any:
        """The value of a JavaScript expression in the page."""
        r = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in r:
            raise RuntimeError(f"{expression}: {r['exceptionDetails']}")
        return r["result"].get("value")

    def key(self, key: str, shift: bool = False) -> None:
        """Press and release one key."""
        code, vk = KEYS[key]
        common = {"key": key, "code": code, "windowsVirtualKeyCode": vk,
                  "modifiers": 8 if shift else 0}
        text = {"Enter": "\r", "f": "f", "F": "F"}.get(key)
        if text is not None:  # a key that types: its keypress activates a focused button
            self.call("Input.dispatchKeyEvent", type="keyDown", text=text, **common)
        else:
            self.call("Input.dispatchKeyEvent", type="rawKeyDown", **common)
        self.call("Input.dispatchKeyEvent", type="keyUp", **common)

    def screenshot(self, path: Path, full: bool = False, selector: str | None = None) -> None:
        """A PNG of the viewport (``full``: of the whole page; ``selector``: of
        one element)."""
        params: dict[str, Any] = {"format": "png"}
        if selector is not None:
            x, y, w, h = self.js(
                f"(r => [r.left + scrollX, r.top + scrollY, r.width, r.height])("
                f"document.querySelector({selector!r}).getBoundingClientRect())")
            params["captureBeyondViewport"] = True
            params["clip"] = {"x": x, "y": y, "width": w, "height": h, "scale": 1}
        elif full:
            params["captureBeyondViewport"] = True
            w, h = self.js("[document.documentElement.scrollWidth,"
                           "document.documentElement.scrollHeight]")
            params["clip"] = {"x": 0, "y": 0, "width": w, "height": h, "scale": 1}
        data = self.call("Page.captureScreenshot", **params)["data"]
        path.write_bytes(base64.b64decode(data))

    def close(self) -> None:
        if self.ws is not None:
            self.ws.close()
            self.ws = None
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
