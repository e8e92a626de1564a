"""Progress of a long run on standard error: games done, games per second and
findings so far.

Boundary: display only, and only on a terminal: not before the run has
taken two seconds, at most a few times a second, nothing when ``quiet``;
the line is wiped at the end. It counts nothing itself (the driver's sinks
tell it the counts).
"""

from __future__ import annotations

import sys
import time


class Progress:
    """Games done, games per second and findings so far, on standard error,
    only when it is a terminal, not before the run has taken two seconds,
    at most a few times a second; nothing with ``quiet``."""

    def __init__(self, quiet: bool) -> None:
        self.on = not quiet and sys.stderr.isatty()
        self.start = self.last = time.monotonic()
        self.shown = False

    def update(self, games: int, findings: int) -> None:
        if not self.on:
            return
        now = time.monotonic()
        if now - self.start < 2 or now - self.last < 0.25:
            return
        self.last = now
        rate = games / (now - self.start)
        sys.stderr.write(f"\r{games:,} games, {rate:,.0f} games/s, {findings:,} findings ")
        sys.stderr.flush()
        self.shown = True

    def done(self) -> None:
        if self.shown:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
