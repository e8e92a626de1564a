"""Tests of verifier.render.base: the colour decision, styles, tables, and an
audit's findings."""

from __future__ import annotations

import io

import pytest

from verifier.audit.defects import AuditSummary, GameAudit
from verifier.diagnostics import Diagnostic
from verifier.pipeline.results import Context
from verifier.render.base import audit_findings, paint, table, want_color
from verifier.replay.observers import Divergence, Facts


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_want_color(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    assert want_color("auto", Tty()) and not want_color("auto", io.StringIO())
    assert want_color("always", io.StringIO()) and not want_color("never", Tty())
    monkeypatch.setenv("NO_COLOR", "1")
    assert not want_color("auto", Tty()) and want_color("always", Tty())
    monkeypatch.setenv("NO_COLOR", "")  # empty: as if not set (no-color.org)
    assert want_color("auto", Tty())


def test_paint() -> None:
    assert paint("FT304", "bold red", True) == "\x1b[1;31mFT304\x1b[0m"
    assert paint("FT304", "bold red", False) == "FT304"
    assert paint("", "bold", True) == ""


def test_table_piped_is_aligned_without_trailing_blanks() -> None:
    out = table(["a", "n"], [["xx", "1"], ["y", "10"]], Context(), justify=["left", "right"])
    assert out == "a    n\nxx   1\ny   10\n"


def test_table_in_a_terminal_wraps_to_its_width() -> None:
    out = table(None, [["R1.1", "word " * 20]], Context(width=40))
    assert all(len(line) <= 40 for line in out.split("\n")) and out.count("\n") > 2


def test_audit_findings() -> None:
    d = Diagnostic("FT301", "end-total-mismatch", "error", "claimed 24", 7, 5, 1, 1, 1, "R5, R6.1",
                   "24", "12", "e.ftn")
    div = Divergence(d, {}, "6-6", (0, 0), "S", Facts(ntiles=1, left_double=True))
    s = AuditSummary([GameAudit("e.ftn", 1, 3, 2, [div]),
                      GameAudit("<engine>", 2, 0, 0, [], "the engine hung")])
    a, b = audit_findings(s)
    assert (a.code, a.name, a.rule, a.line, a.col) == (
        "lead-double-doubled", "lead-double-doubled", "R5.3", 7, 5)
    assert (b.code, b.rule, b.line, b.source, b.message) == (
        "engine-failure", "protocol", 0, "<engine>", "the engine hung")
