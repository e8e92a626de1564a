"""``ftn scorer serve``: the scorer's site served on localhost, to try it.

Boundary: a static file server on 127.0.0.1 for one folder (the types a
browser needs for a module, WebAssembly and a manifest; nothing cached by
the browser's HTTP cache, so that a new build is seen at once: the service
worker keeps the offline copy). It builds nothing and decides nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

TYPES = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm",
         ".webmanifest": "application/manifest+json", ".json": "application/json",
         ".whl": "application/zip", ".py": "text/plain; charset=utf-8",
         ".svg": "image/svg+xml", ".zip": "application/zip"}


class Handler(SimpleHTTPRequestHandler):
    """Files of one folder, never cached by HTTP, quiet."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.extensions_map = {**SimpleHTTPRequestHandler.extensions_map, **TYPES}
        super().__init__(*args, **kwargs)

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


def server(folder: Path, port: int = 8361) -> ThreadingHTTPServer:
    """A server of ``folder`` on 127.0.0.1:``port`` (0: any free port),
    bound and not yet serving; OSError when the port is taken."""
    return ThreadingHTTPServer(("127.0.0.1", port), partial(Handler, directory=str(folder)))


def serve(folder: Path, port: int = 8361, say: Callable[[str], None] = print) -> None:
    """Serve ``folder`` until interrupted (Ctrl-C)."""
    httpd = server(folder, port)
    with httpd:
        say(f"ftn scorer: serving {folder} at http://127.0.0.1:{httpd.server_address[1]}/ "
            "(Ctrl-C stops)")
        try:
            httpd.serve_forever()
        except KeyboardInterrupt:
            say("ftn scorer: stopped")
