"""A live engine as a subprocess, asked one JSON line at a time, whatever it
does.

Boundary: the process and I/O layer under ``protocol``: starts the engine in
a session and process group of its own (this process a child subreaper on
Linux: ``files.processes``; the kernel kills the engine when this process dies,
even by SIGKILL, or when the thread that started it ends, and a guard
process kills what the engine started in its session), writes the
questions and reads the answers and the engine's standard error through
non-blocking pipes in this thread (no reader thread to hang or to print a
traceback), every wait bounded by the timeout. An answer is one line of at
most ``MAX_LINE`` bytes, UTF-8, JSON nested at most ``MAX_DEPTH`` levels;
anything else (a flood, invalid UTF-8, a deep or huge document, silence,
an exit) is an ``EngineError`` that says what was seen. Of standard error
only the last ``STDERR_KEPT`` bytes are kept. ``close`` kills the engine
and everything it started. It knows nothing of the games (``protocol``
does).
"""

from __future__ import annotations

import contextlib
import json
import os
import selectors
import shlex
import subprocess
import time
from typing import Any

from verifier.files.escaping import escape_controls
from verifier.files.processes import (
    become_subreaper,
    guard,
    kill_tree,
    killed_with_this_thread,
    start_time,
    unguard,
)

#: The longest answer line (bytes, its newline left aside).
MAX_LINE = 1 << 20
#: How deep an answer's JSON may nest (a view nests 4 levels).
MAX_DEPTH = 64
#: What is kept of the engine's standard error (bytes).
STDERR_KEPT = 8192
#: Characters of an answer quoted in a message.
QUOTED = 80
READ = 1 << 16


class EngineError(Exception):
    """The engine failed: hung, exited, or answered with something else."""


def quoted(data: bytes | str) -> str:
    """The start of what the engine sent, quoted, control characters and
    bytes that are not UTF-8 escaped (``'\\x1b[2J'``)."""
    text = data.decode("utf-8", "backslashreplace") if isinstance(data, bytes) else data
    return f"'{escape_controls(text.strip()[:QUOTED])}'"


def too_deep(value: Any, limit: int = MAX_DEPTH) -> bool:
    """Whether a JSON value nests deeper than ``limit`` (without recursion)."""
    stack = [(value, 1)]
    while stack:
        v, d = stack.pop()
        if isinstance(v, dict | list):
            if d > limit:
                return True
            stack.extend((x, d + 1) for x in (v.values() if isinstance(v, dict) else v))
    return False


def parse_answer(line: bytes, asked: str) -> Any:
    """An answer line as JSON, or the ``EngineError`` that says why not."""
    try:
        text = line.decode("utf-8")
    except UnicodeDecodeError as e:
        raise EngineError(f"an answer to {asked!r} that is not UTF-8 (byte 0x{line[e.start]:02x} "
                          f"at byte {e.start + 1}): {quoted(line)}") from None
    try:
        reply = json.loads(text)
    except RecursionError:
        raise EngineError(f"malformed reply to {asked!r}: {quoted(text)} (JSON nested "
                          f"deeper than {MAX_DEPTH} levels)") from None
    except json.JSONDecodeError:
        raise EngineError(f"malformed reply to {asked!r}: {quoted(text)}") from None
    except ValueError as e:  # a number of too many digits, and the like
        raise EngineError(f"malformed reply to {asked!r}: {quoted(text)} ({e})") from None
    if too_deep(reply):
        raise EngineError(f"malformed reply to {asked!r}: {quoted(text)} (JSON nested "
                          f"deeper than {MAX_DEPTH} levels)")
    return reply


class EngineProcess:
    """One engine subprocess, asked one JSON line at a time."""

    def __init__(self, command: str, timeout: float) -> None:
        self.timeout = timeout
        try:
            args = shlex.split(command)
        except ValueError as e:  # No closing quotation, and the like
            raise OSError(f"the command does not parse: {e}") from None
        if not args:
            raise OSError("the command is empty")
        become_subreaper()
        try:
            self.proc = subprocess.Popen(
                args, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.PIPE, bufsize=0, start_new_session=True,
                preexec_fn=killed_with_this_thread(),
            )
        except OSError as e:  # no such program, or one that cannot be run
            raise OSError(f"{args[0]}: {e.strerror or e}") from None
        self.since = start_time(self.proc.pid)
        self.guard = guard(self.proc.pid)  # what it starts dies with this process too
        self.sel = selectors.DefaultSelector()
        assert self.proc.stdin and self.proc.stdout and self.proc.stderr
        self.fd_in = self.proc.stdin.fileno()
        self.fd_out = self.proc.stdout.fileno()
        self.fd_err = self.proc.stderr.fileno()
        for fd in (self.fd_in, self.fd_out, self.fd_err):
            os.set_blocking(fd, False)
        self.sel.register(self.fd_out, selectors.EVENT_READ)
        self.sel.register(self.fd_err, selectors.EVENT_READ)
        self.pending = b""  # written to the engine as it reads
        self.out = bytearray()  # of the line being read
        self.lines: list[bytes | None] = []  # whole lines not yet asked for (None: too long)
        self.long = False  # the line being read is longer than MAX_LINE
        self.long_head = b""  # the start of the last such line
        self.err = bytearray()  # the last STDERR_KEPT bytes of standard error
        self.out_eof = self.in_closed = False
        self.closed = False

    # -- the pipes ----------------------------------------------------------

    def _pump(self, wait: float) -> None:
        """Move bytes: what is pending to stdin, stdout into lines, stderr
        into its tail; wait at most ``wait`` seconds for something to move."""
        want_write = bool(self.pending) and not self.in_closed
        if want_write:
            with contextlib.suppress(KeyError, ValueError):
                self.sel.register(self.fd_in, selectors.EVENT_WRITE)
        try:
            ready = self.sel.select(max(0.0, wait)) if self.sel.get_map() else []
        finally:
            if want_write:
                with contextlib.suppress(KeyError, ValueError):
                    self.sel.unregister(self.fd_in)
        for key, _ in ready:
            if key.fd == self.fd_in:
                self._write()
            elif key.fd == self.fd_out:
                self._read_out()
            else:
                self._read_err()

    def _write(self) -> None:
        try:
            n = os.write(self.fd_in, self.pending)
        except BlockingIOError:
            return
        except OSError:  # the engine closed its input or exited
            self.in_closed, self.pending = True, b""
            return
        self.pending = self.pending[n:]

    def _read_out(self) -> None:
        try:
            data = os.read(self.fd_out, READ)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self.out_eof = True
            self.sel.unregister(self.fd_out)
            return
        start = 0
        while True:
            cut = data.find(b"\n", start)
            if cut < 0:
                break
            self._take(data[start:cut])
            self.lines.append(None if self.long else bytes(self.out))
            self.out.clear()
            self.long = False
            start = cut + 1
        self._take(data[start:])

    def _take(self, data: bytes) -> None:
        """Bytes of the line being read; past ``MAX_LINE`` only its start is
        kept (for the message), and it is an over-long line."""
        if self.long:
            return
        self.out += data
        if len(self.out) > MAX_LINE:
            self.long = True
            self.long_head = bytes(self.out[:QUOTED])
            self.out.clear()

    def _read_err(self) -> None:
        try:
            data = os.read(self.fd_err, READ)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:
            self.sel.unregister(self.fd_err)
            return
        self.err += data
        del self.err[:-STDERR_KEPT]

    # -- asking ---------------------------------------------------------------

    def send(self, msg: dict[str, Any]) -> None:
        """Queue a message and write what the engine takes within the timeout."""
        self.pending += json.dumps(msg).encode("utf-8") + b"\n"
        deadline = time.monotonic() + self.timeout
        self._pump(0)
        while self.pending and not self.in_closed and time.monotonic() < deadline:
            self._pump(min(0.05, deadline - time.monotonic()))
        if self.in_closed:
            raise EngineError(self._gone())

    def ask(self, msg: dict[str, Any], expect: str | tuple[str, ...]) -> dict[str, Any]:
        """Send ``msg`` and read its answer: a JSON object whose ``type`` is
        ``expect`` (or one of them); anything else an ``EngineError``."""
        asked = msg["type"]
        self.pending += json.dumps(msg).encode("utf-8") + b"\n"
        deadline = time.monotonic() + self.timeout
        exited_at: float | None = None
        while not self.lines:
            if self.long:
                raise self._too_long(asked)
            if self.out_eof:
                raise EngineError(self._gone())
            now = time.monotonic()
            if now >= deadline:
                raise EngineError(f"no answer within {self.timeout:g} s to {asked!r}")
            if exited_at is None and self.proc.poll() is not None:
                exited_at = now
            elif exited_at is not None and now - exited_at > 0.2:
                # It has exited, and what holds its output open says nothing.
                raise EngineError(self._gone(" (a process it started holds its output open)"))
            self._pump(min(0.05, deadline - now))
        line = self.lines.pop(0)
        if line is None:
            raise self._too_long(asked)
        reply = parse_answer(line, asked)
        wanted = (expect,) if isinstance(expect, str) else expect
        if not isinstance(reply, dict) or reply.get("type") not in wanted:
            raise EngineError(f"unexpected reply to {asked!r}: {quoted(line)} "
                              f"(a {wanted[0]!r} was due)")
        return reply

    def _too_long(self, asked: str) -> EngineError:
        return EngineError(f"an answer to {asked!r} longer than {MAX_LINE} bytes (the limit of "
                           f"a line): {quoted(self.long_head)}...")

    def stderr_tail(self) -> str:
        """The last line the engine wrote to standard error, or ''."""
        lines = [ln for ln in bytes(self.err).split(b"\n") if ln.strip()]
        if not lines:
            return ""
        return quoted(lines[-1])[1:-1]

    def _gone(self, why: str = "") -> str:
        try:
            code = self.proc.wait(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            return "stopped answering"
        deadline = time.monotonic() + 0.2  # what it wrote to stderr before exiting
        while self.fd_err in self.sel.get_map() and time.monotonic() < deadline:
            self._pump(0.05)
        tail = self.stderr_tail()
        return f"exited with code {code}{why}" + (f"; stderr: {tail}" if tail else "")

    def close(self, graceful: bool = True) -> None:
        """Ask the engine to quit (when it still answers), then make sure:
        kill it and every process it started, and close the pipes."""
        if self.closed:
            return
        self.closed = True
        if graceful and self.proc.poll() is None:
            with contextlib.suppress(EngineError):
                self.timeout = min(self.timeout, 2.0)
                self.send({"type": "quit"})
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(timeout=min(self.timeout, 2.0))
        unguard(self.guard)
        kill_tree(self.proc.pid, self.since)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(timeout=5.0)
        self.sel.close()
        for stream in (self.proc.stdin, self.proc.stdout, self.proc.stderr):
            if stream is not None:
                with contextlib.suppress(OSError):
                    stream.close()
