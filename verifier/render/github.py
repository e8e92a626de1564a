"""``--format github``: GitHub Actions workflow commands, one annotation a
finding (``::error file=...,line=...,col=...,title=CODE name::message (rule R8.2)``),
which GitHub shows on the pull request's lines; warnings as ``::warning``.

Boundary: escapes as the workflow-command rules say (in the message ``%``, CR
and LF; in a property also ``:`` and ``,``), so that no message can end a
command early or forge another. The summary is a plain last line (not a
command). Never coloured.
"""

from __future__ import annotations

from verifier.diagnostics import ERROR, NOTE, Diagnostic
from verifier.files.escaping import escape_controls
from verifier.pipeline.results import Summary
from verifier.render.base import Renderer


def escape_data(text: str) -> str:
    """A command's message: ``%``, CR and LF escaped (and every other control
    character shown as ``\\x1b``: a log would act on it)."""
    return escape_controls(text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A"))


def escape_property(text: str) -> str:
    """A property's value: as the message, and ``:`` and ``,`` too."""
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")


def annotation(d: Diagnostic) -> str:
    """One workflow command for one finding."""
    props = [f"file={escape_property(d.source)}"]
    if d.line >= 1:
        props += [f"line={d.line}", f"col={d.col}"]
    props.append(f"title={escape_property(f'{d.code} {d.name}')}")
    message = d.message + (f" (rule {d.rule})" if d.rule else "")
    kind = "error" if d.severity == ERROR else "notice" if d.severity == NOTE else "warning"
    return f"::{kind} {','.join(props)}::{escape_data(message)}"


class GithubRenderer(Renderer):
    """Writes each annotation as it comes."""

    def finding(self, d: Diagnostic) -> None:
        self.findings.append(d)
        self.out.write(annotation(d) + "\n")

    def finish(self, summary: Summary) -> None:
        self.out.write(summary.text() + "\n")
