"""End-to-end tests of ``ftn server``: the server started as a subprocess
and spoken to by a real LSP client (pygls's), as an editor does."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys

import pytest

pytest.importorskip("pygls")  # the extra 'lsp'

from lsp_session import Session, apply, uri_of
from lsprotocol import types as t
from paths import ROOT, SAMPLES

INVALID = sorted(p for p in (SAMPLES / "invalid").iterdir() if p.suffix in (".ftn", ".jsonl"))


def ftn(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "verifier", *args], input=stdin,
                          capture_output=True, text=True, cwd=ROOT, timeout=120)


SEVERITY = {"error": t.DiagnosticSeverity.Error, "warning": t.DiagnosticSeverity.Warning}


def _checked() -> dict[str, list[tuple[str, int, int, str, t.DiagnosticSeverity]]]:
    """``ftn check --format json`` of every invalid sample, by file: code,
    line and column (0-based, as the protocol counts), name and message,
    severity."""
    out = ftn("check", "--format", "json", *(str(p) for p in INVALID))
    by: dict[str, list[tuple[str, int, int, str, t.DiagnosticSeverity]]] = {
        str(p): [] for p in INVALID}
    for d in json.loads(out.stdout)["diagnostics"]:
        by[d["file"]].append((d["code"], d["line"] - 1, d["col"] - 1,
                              f"{d['name']}: {d['message']}", SEVERITY[d["severity"]]))
    return by


@pytest.mark.slow
def test_the_server_gives_what_ftn_check_gives_and_fixes_formats_and_hovers() -> None:
    want = _checked()

    async def session() -> None:
        async with Session() as s:
            # (1) every invalid sample: the diagnostics equal ftn check's
            for path in INVALID:
                found = await s.open(uri_of(str(path)), path.read_text(encoding="utf-8"))
                got = [(d.code, d.range.start.line, d.range.start.character, d.message,
                        d.severity) for d in found]
                assert got == want[str(path)], path.name
                assert all(d.source == "ftn" for d in found)
            # the later play that proves the knock illegal is its related place
            path = SAMPLES / "invalid" / "knock-while-able-partial.ftn"
            (d,) = s.published[uri_of(str(path))][-1].diagnostics
            assert d.message.startswith("knock-while-able: E knocks (event 5)")
            assert d.related_information is not None
            (rel,) = d.related_information
            assert (rel.location.range.start.line, rel.message) == (19, "event 8: E plays 3-2")

            # (2) fix one claim through the code action: the diagnostic goes
            path = SAMPLES / "invalid" / "end-total-mismatch.ftn"
            uri, text = uri_of(str(path)), path.read_text(encoding="utf-8")
            (d,) = s.published[uri][-1].diagnostics
            assert (d.code, d.range.start.line) == ("FT301", 26)
            actions = await s.code_actions(uri, 26, 27)
            assert actions is not None
            (fix,) = [a for a in actions if isinstance(a, t.CodeAction)
                      and a.kind == t.CodeActionKind.QuickFix]
            assert fix.title == "Use the computed value: 18 (not 16)"
            assert fix.edit is not None and fix.edit.changes is not None
            fixed = apply(text, fix.edit.changes[uri])
            assert fixed.split("\n")[26] == "  S 1-6 L =18 +6 (1,9)"
            assert await s.edit(uri, fix.edit.changes[uri]) == []  # as the editor applies it
            assert await s.formatting(uri) is None  # the server's text is the fixed one

            # (3) formatting returns ftn fmt's text
            messy = (SAMPLES / "valid" / "two-players-r8-3.ftn").read_text(encoding="utf-8")
            messy = messy.replace("\n  ", "\n      ").replace(" (", "   (")
            uri = uri_of("messy.ftn")
            await s.open(uri, messy)
            edits = await s.formatting(uri)
            formatted = ftn("fmt", "-", stdin=messy).stdout
            assert edits is not None and formatted != messy
            assert apply(messy, edits) == formatted
            await s.change(uri, formatted)
            assert await s.formatting(uri) is None  # in form: nothing to do

            # (4) a hover shows the totals (points-mismatch.ftn line 29:
            # "S 1-6 L =18 +7 (1,10)": 18/3 = 6 points, N 1, S 3 + 6 = 9)
            uri = uri_of(str(SAMPLES / "invalid" / "points-mismatch.ftn"))
            hover = await s.hover(uri, 28, 4)
            assert hover is not None and isinstance(hover.contents, t.MarkupContent)
            assert "totals: N 1, S 9 (target 61)" in hover.contents.value
            assert "ends before: 1 | 6-6" in hover.contents.value
            code = await s.hover(uri, 3, 15)  # "# expect: points-mismatch 29:15"
            assert code is not None and isinstance(code.contents, t.MarkupContent)
            assert code.contents.value.startswith("**FT302 points-mismatch**")

            # completion on a placement line: the seat to act and the tiles that fit
            uri = uri_of(str(SAMPLES / "invalid" / "knock-while-able.ftn"))
            done = await s.completion(uri, 13, 2)
            assert isinstance(done, t.CompletionList)
            assert [i.label for i in done.items] == ["N", "N 1-3 R", "N 1-6 R"]

    asyncio.run(session())


@pytest.mark.slow
def test_bad_documents_give_a_diagnostic_and_the_server_goes_on() -> None:
    from verifier.lsp.document import MAX_CHARS

    async def session() -> None:
        async with Session() as s:
            binary = bytes(range(256)).decode("latin-1") * 40
            found = await s.open(uri_of("binary.ftn"), binary)
            assert found and {d.code for d in found} == {"FT001"}
            assert all("\x00" not in d.message for d in found)
            not_utf8 = b"game\n# caf\xe9\n".decode("utf-8", "surrogateescape")
            (d,) = await s.open(uri_of("latin1.ftn"), not_utf8)
            assert d.message.startswith("not-utf8: not UTF-8")
            assert (d.range.start.line, d.range.start.character) == (1, 5)
            (d,) = await s.open(uri_of("huge.ftn"), "# x\n" * (MAX_CHARS // 4 + 1))
            assert d.message.startswith("too-large: ")
            deep = "[" * 100_000  # a JSON text nested deeper than any reader allows
            (d,) = await s.open(uri_of("deep.json"), deep)
            assert d.code == "FT001" and "nested deeper than" in d.message
            lines = await s.open(uri_of("lines.jsonl"), "no\n" * 1500)  # an error a line
            assert len(lines) == 1001 and lines[-1].message.startswith("500 more findings")
            # the server still answers
            text = (SAMPLES / "invalid" / "points-mismatch.ftn").read_text(encoding="utf-8")
            (d,) = await s.open(uri_of("after.ftn"), text)
            assert d.code == "FT302"

    asyncio.run(session())


@pytest.mark.slow
def test_a_client_that_goes_away_ends_the_server() -> None:
    p = subprocess.Popen([sys.executable, "-m", "verifier", "server"], cwd=ROOT,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert p.stdin is not None
    p.stdin.close()  # no shutdown, no exit: the editor died
    try:
        code = p.wait(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
            p.wait()
    assert code == 0
    assert p.stderr is not None and b"Traceback" not in p.stderr.read()


@pytest.mark.slow
def test_without_pygls_ftn_server_says_what_to_install() -> None:
    block = ("import sys; sys.modules['pygls'] = None\n"
             "sys.argv = ['ftn', 'server']\n"
             "from verifier.cli import main; main()")
    r = subprocess.run([sys.executable, "-c", block], cwd=ROOT, capture_output=True,
                       text=True, timeout=60, stdin=subprocess.DEVNULL,
                       env={**os.environ, "NO_COLOR": "1"})
    assert r.returncode == 2
    assert "pip install 'ftn-tools[lsp]'" in r.stderr and "Traceback" not in r.stderr


def test_the_server_command_is_listed() -> None:
    from typer.testing import CliRunner

    from verifier.cli import app

    r = CliRunner().invoke(app, ["server", "--help"])
    assert r.exit_code == 0 and "Language Server Protocol" in r.stdout
    listed = CliRunner().invoke(app, ["--help"])
    assert " server " in listed.stdout


def test_places_are_counted_in_the_clients_units() -> None:
    from verifier.lsp.document import Document
    from verifier.lsp.server import FtnServer

    ls = FtnServer()  # the default encoding, UTF-16: a character beyond the BMP counts 2
    doc = Document("x.ftn")
    doc.update("# \U0001f600 x\ngame\n")
    assert ls.position(doc, 1, 5) == t.Position(0, 5)  # "# 😀 " is 5 UTF-16 units
    assert ls.place(doc, t.Position(0, 5)) == (1, 5)
    assert ls.place(doc, t.Position(1, 2)) == (2, 3)
    assert ls.position(doc, 9, 1) == t.Position(2, 0)  # past the end: the last line
