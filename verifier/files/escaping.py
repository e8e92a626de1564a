"""Text that a record or a file name brings, on its way out: to a terminal,
a log, or an XML file.

Boundary: the one place that decides how such text is shown
(``escape_controls``: every control character and escape sequence made
visible, ``\\x1b``; ``escape_lines`` for a message of several lines), how
XML 1.0 holds it (``xml_text``), and how a CSV cell holds it so that a
spreadsheet shows it rather than runs it (``csv_cell``). Every command that
puts a record's or a file name's text on a terminal passes it through
``escape_controls``; JSON, SARIF and JUnit keep their own escaping.
Pure string functions: no I/O.
"""

from __future__ import annotations

import re

__all__ = ["csv_cell", "escape_controls", "escape_lines", "xml_text"]

#: What a terminal or a log would act on: C0 controls but the tab (ESC, and
#: with it every escape sequence, among them), DEL, C1 controls, and the
#: bidirectional overrides (which reorder what is shown).
_CONTROLS = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
#: What XML 1.0 cannot hold, even as a character reference: controls but
#: tab, LF and CR; lone surrogates; U+FFFE and U+FFFF.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _escape(m: re.Match[str]) -> str:
    c = ord(m.group())
    return f"\\x{c:02x}" if c < 0x100 else f"\\u{c:04x}"


def escape_controls(text: str) -> str:
    """Text from a record or a file name as it may be shown: each control
    character (newline included) as ``\\x1b`` and the like, as ruff and rustc
    show them, so that no input can move the cursor, retitle a terminal or
    start a line of its own."""
    return _CONTROLS.sub(_escape, text)


def escape_lines(message: str) -> str:
    """A message of several lines as it may be shown: each line escaped
    (``escape_controls``), the message's own line ends kept."""
    return "\n".join(escape_controls(line) for line in message.split("\n"))


def xml_text(text: str) -> str:
    """Text as XML 1.0 may hold it: what it cannot hold shown escaped
    (``\\x1b``, as on a terminal); the rest is the XML writer's to escape."""
    return _NOT_XML.sub(_escape, text)


#: What makes a spreadsheet read a cell as a formula (OWASP, "CSV Injection").
_FORMULA = ("=", "+", "-", "@", "\t", "\r")
#: A signed number written as text (a claim such as ``+5``): no formula.
_SIGNED = re.compile(r"[+-][0-9]+\Z")


def csv_cell(value: object) -> object:
    """A CSV cell a spreadsheet shows as written: a text starting with ``=``,
    ``+``, ``-``, ``@``, a tab or a carriage return behind a ``'`` (which
    the spreadsheet hides), unless it is a signed whole number (``+5``);
    any other value, numbers among them, as it is."""
    if isinstance(value, str) and value.startswith(_FORMULA) and not _SIGNED.match(value):
        return "'" + value
    return value
