"""The claims fixed, as ``ftn check --fix`` fixes them: the inputs of a plan
fixed and rendered, a piece or a text of an editor fixed, a header tag's
fix.

Boundary: part of ``verifier.api``; imports ``pipeline``'s fix job.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from verifier.api.inputs import Say, _note_fallback, _quiet
from verifier.files.formats import sniff
from verifier.files.pieces import Piece
from verifier.files.streams import InputError
from verifier.pipeline.jobs.fixes import fix_piece as fixed
from verifier.pipeline.jobs.fixes import fix_report as report
from verifier.pipeline.jobs.fixes import header_edits, kept
from verifier.pipeline.modes import Mode
from verifier.pipeline.plan import Plan
from verifier.pipeline.settings import Settings
from verifier.render.progress import Progress

if TYPE_CHECKING:
    from verifier.diagnostics import Diagnostic
    from verifier.pipeline.jobs.fixes import Tally
    from verifier.pipeline.results import Context, Summary
    from verifier.render.base import Renderer
    from verifier.replay.fixes import Edit

__all__ = ["fix_piece", "fix_report", "fix_text", "header_edit"]


def fix_report(plan: Plan, render: Callable[[Context], Renderer], mode: Mode = Mode.WRITE, *,
               keep_lines: bool = False, explain_unknowns: bool = False,
               dask: str | None = None, quiet: bool = True, warn: Say = _quiet
               ) -> tuple[Summary, list[InputError], Tally]:
    """``check_report`` with the wrong claims of every input of ``plan``
    fixed (``ftn check --fix``): the computed value written in place of
    each claim of a fixable code (``ftn codes``), not of a finding a
    ``noqa`` comment silences or the settings leave out, nor of a JSON
    record; then the findings that remain handed to the renderer, and the
    summary. ``mode``: ``Mode.WRITE`` (each FTN file whose text changes
    rewritten as ``ftn fmt --write`` rewrites, standard input printed on
    standard output), or ``Mode.DIFF`` (a unified diff of each change on standard output,
    nothing written). Files that cannot be written are said to ``warn``.
    The summary (of the fixed texts), the inputs unreadable partway, and
    what was fixed (``Tally``)."""
    note = _note_fallback(warn)
    return report(plan, render, mode, warn, keep_lines, explain_unknowns, dask,
                  Progress(quiet), lambda start: note(start.how))


def header_edit(piece: Piece, finding: Diagnostic, settings: Settings | None = None
                ) -> Edit | None:
    """The edit that fixes a header finding (FT002) of a piece as ``ftn
    check --fix`` fixes it: the one word its message proposes, written in
    its tag (a tag's name, a seat, a rule option); None when it proposes
    none."""
    found = header_edits(piece, None if settings is None else settings.preset, [finding])
    return found[0].edit if found else None


def fix_piece(piece: Piece, settings: Settings | None = None) -> list[str]:
    """The lines of one piece with the wrong claims of its FTN records
    fixed, as ``ftn check --fix`` fixes them under ``settings`` (None: the
    defaults): the same lines, each fixed claim written anew (a JSON
    piece's as they are)."""
    if settings is None:
        return fixed(piece).lines
    return fixed(piece, settings.preset, settings.keep).lines


def fix_text(text: str, name: str = "<input>", settings: Settings | None = None
             ) -> tuple[str, list[Diagnostic], list[Diagnostic]]:
    """A text with the wrong claims its FTN records make fixed, as ``ftn
    check --fix`` fixes them under ``settings`` (``settings_for``; None:
    the defaults): the text (the same lines, each fixed claim written
    anew), the findings fixed, and the findings of the fixed text (in
    order of place). A JSON text is given back as it is; a BOM the text
    starts with stays."""
    bom = "\ufeff" if text.startswith("\ufeff") else ""
    lines = text[len(bom):].split("\n")
    how, _ = sniff(lines, name)
    keep = None if settings is None else settings.keep
    part = fixed(Piece(name, how, lines), None if settings is None else settings.preset, keep)
    return bom + part.text, part.fixed, kept(part.batches, keep)

