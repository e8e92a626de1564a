"""The base protocol's framing of the editor's input, made safe: a reader
that hands the message loop only well-framed messages.

Boundary: bytes only. It wraps the binary stream the client writes
(standard input) and offers what pygls's reader reads (``readline`` and
``read``): for each message of the input with a good header block (a
``Content-Length`` that is a whole number of at most ``MAX_MESSAGE``
bytes; other headers, such as ``Content-Type``, are read and let be), a
``Content-Length`` line, a blank line, then its body. A header block that
is not good (the length missing, not a number, negative, or too large, a
header line longer than ``MAX_HEADER``) is dropped with a line on the log,
and the reader looks for the next ``Content-Length`` header: the messages
after it are read as usual. It knows nothing of JSON (a body that is not
JSON is the message loop's to drop) or of the protocol's messages.
"""

from __future__ import annotations

import logging
import re
from typing import BinaryIO

#: The largest message body read (a document of the editor's 52 MB and more,
#: escaped as JSON); a longer one is dropped.
MAX_MESSAGE = 128 << 20
#: The longest header line read; a longer one is not a header.
MAX_HEADER = 4096
_CHUNK = 1 << 16
_NAME = b"content-length:"
_LENGTH = re.compile(rb"[ \t]*(\d+)[ \t]*")

log = logging.getLogger(__name__)


class Frames:
    """Well-framed messages from ``stream`` (see the module doc)."""

    def __init__(self, stream: BinaryIO) -> None:
        self.stream = stream
        self._pending: list[bytes] = []  # the header lines of the next message, not yet read
        self._carry = b""  # bytes read while looking for a header, not yet used
        self.dropped = 0  # header blocks dropped
        self._found = False  # the next header was found while reading a bad block

    # -- what pygls's reader calls ---------------------------------------------

    def readline(self) -> bytes:
        """The next header line of a well-framed message; b"" at the end."""
        if not self._pending:
            length = self._next_length()
            if length is None:
                return b""
            self._pending = [f"Content-Length: {length}\r\n".encode("ascii"), b"\r\n"]
        return self._pending.pop(0)

    def read(self, n: int) -> bytes:
        """``n`` bytes of the body (fewer at the end of the input)."""
        head, self._carry = self._carry[:n], self._carry[n:]
        if len(head) == n:
            return head
        rest = self.stream.read(n - len(head))
        return head + (rest or b"")

    # -- framing ---------------------------------------------------------------

    def _line(self) -> bytes:
        """The next line of the input (at most ``MAX_HEADER`` bytes of it)."""
        if self._carry:
            cut = self._carry.find(b"\n", 0, MAX_HEADER)
            if cut >= 0:
                line, self._carry = self._carry[: cut + 1], self._carry[cut + 1:]
                return line
            if len(self._carry) >= MAX_HEADER:
                line, self._carry = self._carry[:MAX_HEADER], self._carry[MAX_HEADER:]
                return line
            head, self._carry = self._carry, b""
            return head + self.stream.readline(MAX_HEADER - len(head))
        return self.stream.readline(MAX_HEADER)

    def _next_length(self) -> int | None:
        """Read header blocks until a good one; its length (None at the end)."""
        while True:
            line = self._line()
            if not line:
                return None
            if not line.strip():
                continue  # blank lines between messages
            length, why = self._block(line)
            if length is not None:
                return length
            self.dropped += 1
            log.warning("a message was dropped: %s", why)
            if self._found:
                self._found = False
            elif not self._resync():
                return None

    def _block(self, first: bytes) -> tuple[int | None, str]:
        """The length a header block starting at line ``first`` gives, read
        to its blank line; or None and why it is not good."""
        length: int | None = None
        why = ""
        line = first
        while True:
            at = line.lower().find(_NAME)
            if at > 0 and line[:at].strip():  # a header after other text: the next message
                self._carry = line[at:] + self._carry
                self._found = True
                return None, "text before its header (a body longer than its Content-Length?)"
            if not line.endswith(b"\n"):
                return None, "a header line too long or cut short"
            name, colon, value = line.strip().partition(b":")
            if not colon:
                return None, "a header line without 'name: value' (a body without its header?)"
            if name.strip().lower() == _NAME[:-1]:
                length, why = _length(value)
            line = self._line()
            if not line:
                return None, "the input ended inside a header"
            if not line.strip():
                break
        if length is None:
            return None, why or "its header has no Content-Length"
        return length, ""

    def _resync(self) -> bool:
        """Skip the input to the next line that holds a ``Content-Length``
        header (kept as the next line to read); False at the end."""
        tail = b""
        while True:
            chunk = self.stream.readline(_CHUNK) if not self._carry else self._take_carry()
            if not chunk:
                return False
            data = tail + chunk
            at = data.lower().find(_NAME)
            if at >= 0:
                self._carry = data[at:] + self._carry
                return True
            tail = data[-(len(_NAME) - 1):]

    def _take_carry(self) -> bytes:
        chunk, self._carry = self._carry, b""
        return chunk


def _length(value: bytes) -> tuple[int | None, str]:
    """A Content-Length header's value as a length; or None and why not."""
    m = _LENGTH.fullmatch(value)
    if m is None:
        return None, "its Content-Length is not a whole number of bytes"
    digits = m.group(1)
    if len(digits) > 12 or int(digits) > MAX_MESSAGE:
        shown = digits[:24].decode("ascii") + ("..." if len(digits) > 24 else "")
        return None, f"its Content-Length {shown} is more than the limit of {MAX_MESSAGE:,} bytes"
    return int(digits), ""
