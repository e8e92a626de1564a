"""The renderer interface, the context every renderer gets, colour and tables.

Boundary: what all formats share: ``Renderer`` (collect findings, finish with
the summary, or render an audit; the ``Context`` it gets is the
pipeline's plain data, ``pipeline.results``), the colour decision
(``--color``, ``NO_COLOR``, a terminal or not), ``paint`` (ANSI styles, or the
text untouched), ``table`` (rich tables, without trailing blanks when piped),
and ``audit_findings`` (an audit's divergences and failures as diagnostics, so
that formats made for findings render audits too). No I/O but the stream a
renderer is given.
"""

from __future__ import annotations

import io
import os
from collections.abc import Sequence
from dataclasses import replace
from typing import IO, TYPE_CHECKING

from verifier.diagnostics import BY_NAME, ERROR, Diagnostic
from verifier.pipeline.results import Context, Summary

if TYPE_CHECKING:  # the audit is imported where one is rendered: a check needs none
    from verifier.audit.defects import AuditSummary

def want_color(choice: str, stream: IO[str]) -> bool:
    """``--color always|never|auto``: auto colours a terminal, unless ``NO_COLOR``
    is set to anything but the empty string (https://no-color.org)."""
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR", ""):
        return False
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


_SGR = {
    "bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33", "blue": "34",
    "magenta": "35", "cyan": "36",
}


def paint(text: str, style: str, color: bool) -> str:
    """``text`` in ``style`` (words of ``_SGR``: "bold red"), or untouched."""
    if not color or not text:
        return text
    codes = ";".join(_SGR[w] for w in style.split())
    return f"\x1b[{codes}m{text}\x1b[0m"


def severity_style(severity: str) -> str:
    return "bold red" if severity == ERROR else "bold yellow"


def table(
    headers: Sequence[str] | None,
    rows: Sequence[Sequence[str]],
    ctx: Context,
    justify: Sequence[str] = (),
    styles: Sequence[str | None] = (),
) -> str:
    """A table laid out by rich: wrapped to the terminal's width on a terminal;
    when piped, never wrapped and without trailing blanks."""
    from rich.console import Console
    from rich.table import Table

    buf = io.StringIO()
    console = Console(
        file=buf, width=ctx.width or 100_000, force_terminal=ctx.color, no_color=not ctx.color,
        color_system="standard" if ctx.color else None, highlight=False, emoji=False,
        markup=False,
    )
    t = Table(box=None, show_header=headers is not None, pad_edge=False, padding=(0, 2, 0, 0),
              header_style="bold" if ctx.color else "", show_edge=False)
    ncols = len(headers) if headers is not None else max((len(r) for r in rows), default=0)
    for i in range(ncols):
        t.add_column(
            headers[i] if headers is not None else "",
            justify="right" if i < len(justify) and justify[i] == "right" else "left",
            style=(styles[i] if i < len(styles) else None) or "",
            overflow="fold",
            no_wrap=ctx.width is None,
        )
    for r in rows:
        t.add_row(*r)
    console.print(t)
    lines = buf.getvalue().rstrip("\n").split("\n")
    return "\n".join(line.rstrip() for line in lines) + "\n"


class Renderer:
    """A format: ``finding`` for each diagnostic as it is found, then ``finish``;
    or ``audit`` for an audit. The default keeps the findings for ``finish``;
    a streaming format writes in ``finding``."""

    def __init__(self, out: IO[str], ctx: Context | None = None) -> None:
        self.out = out
        self.ctx = ctx or Context()
        self.findings: list[Diagnostic] = []

    def finding(self, d: Diagnostic) -> None:
        self.findings.append(d)

    def finish(self, summary: Summary) -> None:  # pragma: no cover - every format has one
        raise NotImplementedError

    def audit(self, summary: AuditSummary) -> None:
        """An audit, as findings: each divergence and each failure is one."""
        found = audit_findings(summary)
        for d in found:
            self.finding(d)
        self.finish(Summary(
            files=len({g.source for g in summary.games}),
            games=sum(1 for g in summary.games if g.played),
            events=0, errors=sum(1 for d in found if d.severity == ERROR), warnings=0,
        ))


def audit_findings(summary: AuditSummary) -> list[Diagnostic]:
    """Every divergence of an audit as a diagnostic named by its defect class
    (``code`` is the registry code, or the class where the class is the
    audit's own), and every failure (a hung engine, an unreadable record)."""
    from verifier.audit.defects import DEFECTS, classify

    out: list[Diagnostic] = []
    for g in summary.games:
        if g.failure is not None or g.unreadable is not None:
            cls = "unreadable-record" if g.unreadable is not None else "engine-failure"
            out.append(Diagnostic(
                cls, cls, ERROR, g.unreadable or g.failure or "", 0, 0, g.game,
                rule=DEFECTS[cls][0], source=g.source,
            ))
        for div in g.divergences:
            cls, rule = classify(div)
            d = div.diagnostic
            code = BY_NAME[cls].code if cls in BY_NAME else cls if cls in DEFECTS else d.code
            message = div.explained.message if div.explained is not None else d.message
            out.append(replace(d, code=code, name=cls, rule=rule, message=message))
    return out
