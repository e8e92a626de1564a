"""One renderer family for every command that reports findings (``ftn check``,
``ftn audit``), chosen with ``--format``.

Boundary: formatting only. A renderer takes plain data, the ``Diagnostic``
values one at a time (``finding``), then the ``Summary`` (``finish``), or an
``AuditSummary`` (``audit``), plus a ``Context`` (the source-line lookup,
colour, width), and writes to a stream. It reads no file, judges nothing and
does not care where the findings came from. ``FORMATS`` maps each format's
name to its renderer: adding a format is adding one module with one class
and one line here.
"""

from __future__ import annotations

from .base import Context, Renderer, audit_findings, want_color
from .concise import ConciseRenderer
from .github import GithubRenderer
from .json import JsonRenderer
from .jsonl import JsonlRenderer
from .junit import JunitRenderer
from .sarif import SarifRenderer
from .text import TextRenderer

#: Every output format, by the name ``--format`` takes.
FORMATS: dict[str, type[Renderer]] = {
    "text": TextRenderer,
    "concise": ConciseRenderer,
    "json": JsonRenderer,
    "jsonl": JsonlRenderer,
    "github": GithubRenderer,
    "sarif": SarifRenderer,
    "junit": JunitRenderer,
}

__all__ = ["FORMATS", "Context", "Renderer", "audit_findings", "want_color"]
