"""End-to-end tests of ``ftn server``: the server started as a subprocess
(``python -m verifier server``) and spoken to by a maintained LSP client
(pygls's own, ``lsp_session.Session``), as an editor does, each test
waiting for the server's own messages (a response, a published
diagnostics notification); next to them, raw exchanges of bytes for what no
good client sends (bad frames, positions no client may send), and the
server in this process for what only its state shows (a quick succession
of edits checked once)."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("pygls")  # the extra 'lsp'

from lsprotocol import types as t
from support.ftn import Ftn, command, run_ftn
from support.lsp_session import TIMEOUT, Session, apply, uri_of
from support.paths import ROOT, SAMPLES

INVALID = sorted(p for p in (SAMPLES / "invalid").iterdir() if p.suffix in (".ftn", ".jsonl"))


SEVERITY = {"error": t.DiagnosticSeverity.Error, "warning": t.DiagnosticSeverity.Warning,
            "note": t.DiagnosticSeverity.Information}


def _checked() -> dict[str, list[tuple[str, int, int, str, t.DiagnosticSeverity]]]:
    """``ftn check --format json`` of every invalid sample, by file: code,
    line and column (0-based, as the protocol counts), name and message,
    severity."""
    out = run_ftn(["check", "--format", "json", *(str(p) for p in INVALID)], process=True,
                  timeout=120)
    by: dict[str, list[tuple[str, int, int, str, t.DiagnosticSeverity]]] = {
        str(p): [] for p in INVALID}
    for d in json.loads(out.stdout)["diagnostics"]:
        by[d["file"]].append((d["code"], d["line"] - 1, d["col"] - 1,
                              f"{d['name']}: {d['message']}", SEVERITY[d["severity"]]))
    return by


@pytest.mark.slow
def test_the_server_gives_what_ftn_check_gives_and_fixes_formats_and_hovers(ftn: Ftn) -> None:
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
            formatted = ftn(["fmt", "-"], process=True, stdin=messy, timeout=120).stdout
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
def test_a_lone_carriage_return_ends_a_line_of_the_editor(ftn: Ftn) -> None:
    from lsprotocol.converters import get_converter

    text = (SAMPLES / "invalid" / "points-mismatch.ftn").read_text(encoding="utf-8")
    want = [(d["code"], d["line"] - 1, d["col"] - 1) for d in json.loads(ftn(
        ["check", "--format", "json", "-"], process=True, stdin=text,
        timeout=120).stdout)["diagnostics"]]
    assert want == [("FT302", 28, 14)]

    async def session() -> None:
        async with Session() as s:
            uri = uri_of("cr.ftn")
            # a lone CR in a comment: the editor's lines 0, 1
            found = [(d.code, d.range.start.line, d.range.start.character)
                     for d in await s.open(uri, "# one\rtwo\r\n" + text)]
            assert found == [("FT001", 0, 5), ("FT302", 28 + 2, 14)]  # the CR itself is FT001
            # no edit: the reader's lines are not the editor's
            assert await s.formatting(uri) is None
            hover = await s.hover(uri, 1, 1)  # "two", after the CR
            assert hover is None or "two" not in json.dumps(get_converter().unstructure(hover))

    asyncio.run(session())


@pytest.mark.slow
def test_formatting_a_document_of_comments_only_gives_no_edit() -> None:
    async def session() -> None:
        async with Session() as s:
            uri = uri_of("notes.ftn")
            (d,) = await s.open(uri, "# only notes\n#   no game yet\n")
            assert d.message.startswith("no-games")
            assert await s.formatting(uri) is None

    asyncio.run(session())


@pytest.mark.slow
def test_a_request_past_the_end_or_for_a_document_not_open_is_answered_invalid_params() -> None:
    from pygls.exceptions import JsonRpcException

    async def session() -> Session:
        async with Session() as s:
            uri = uri_of("places.ftn")
            await s.open(uri, "# caf\u00e9 \U0001f600 x\ngame\n")  # two lines and the empty third
            for where, line in ((uri, 3), (uri_of("not-open.ftn"), 0)):
                with pytest.raises(JsonRpcException) as hover:  # answered, not left waiting
                    await s.hover(where, line, 0)
                assert hover.value.code == -32602, (where, line)  # InvalidParams
                assert "Traceback" not in hover.value.message
            with pytest.raises(JsonRpcException) as formatting:
                await s.formatting(uri_of("not-open.ftn"))
            assert formatting.value.code == -32602
            assert "is not open" in formatting.value.message
            # inside the surrogate pair of the emoji (units 7 and 8), past a line's end:
            # answered without an error (an error answer raises)
            for line, character in ((0, 8), (1, 99), (2, 0)):
                await s.hover(uri, line, character)
        return s

    s = asyncio.run(session())
    assert b"Traceback" not in s.client.stderr


@pytest.mark.slow
def test_a_client_that_goes_away_ends_the_server() -> None:
    p = subprocess.Popen(command("server"), cwd=ROOT,
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
             "from verifier.cli.app import main; main()")
    r = subprocess.run([sys.executable, "-c", block], cwd=ROOT, capture_output=True,
                       text=True, timeout=60, stdin=subprocess.DEVNULL,
                       env={**os.environ, "NO_COLOR": "1"})
    assert r.returncode == 2
    assert "pip install 'ftn-tools[lsp]'" in r.stderr and "Traceback" not in r.stderr


def test_the_server_command_is_listed(ftn: Ftn) -> None:
    r = ftn(["server", "--help"])
    assert r.returncode == 0 and "Language Server Protocol" in r.stdout
    listed = ftn(["--help"])
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


@pytest.mark.slow
def test_the_server_says_what_it_offers_and_shuts_down_cleanly() -> None:
    from importlib.metadata import version

    async def session() -> Session:
        async with Session() as s:
            assert s.result is not None
            assert s.result.server_info is not None
            assert (s.result.server_info.name, s.result.server_info.version) == (
                "ftn", version("ftn-tools"))
            caps = s.result.capabilities
            assert caps.position_encoding == t.PositionEncodingKind.Utf16  # the default
            sync = caps.text_document_sync
            assert isinstance(sync, t.TextDocumentSyncOptions)
            assert sync.open_close is True
            assert sync.change == t.TextDocumentSyncKind.Incremental
            assert caps.hover_provider and caps.document_formatting_provider
            actions = caps.code_action_provider
            assert isinstance(actions, t.CodeActionOptions)
            assert list(actions.code_action_kinds or ()) == [
                t.CodeActionKind.QuickFix, t.CodeActionKind.RefactorRewrite,
                t.CodeActionKind.SourceFixAll, "source.fixAll.ftn"]
            assert caps.completion_provider is not None
            assert list(caps.completion_provider.trigger_characters or ()) == [" "]
        return s

    s = asyncio.run(session())
    assert s.shutdown is None  # shutdown is answered with null
    assert s.client.returncode == 0  # exit after shutdown: the server ends with 0
    assert b"Traceback" not in s.client.stderr


# --------------------------------------------------------------------------
# Hostile input: the server as a process, spoken to with raw bytes


def _hover(uri: str, line: int, character: int) -> dict[str, Any]:
    return {"textDocument": {"uri": uri}, "position": {"line": line, "character": character}}


@pytest.mark.slow
def test_badly_framed_messages_are_dropped_and_the_next_one_is_answered() -> None:
    from support.lsp_session import Raw

    s = Raw()
    try:
        s.initialize()
        uri = uri_of("framing.ftn")
        s.open(uri, "# a note\n")
        body = b'{"jsonrpc": "2.0", "method": "x/y", "params": {}}'
        bad = [
            b"Content-Length: 100000000000000000000\r\n\r\n" + body,  # huge
            b"Content-Length: -5\r\n\r\n" + body,  # negative
            b"Content-Length: twelve\r\n\r\n" + body,  # not a number
            b"Content-Type: application/vscode-jsonrpc\r\n\r\n" + body,  # missing
            b"Content-Length: 9\r\n\r\nnot json!",  # a body that is not JSON
            b"Content-Length: 6\r\n\r\n\"\xff\xfe\xc3\"\n",  # not UTF-8
            b"Content-Length: 2\r\n\r\n[]",  # JSON, not a message
            b"Content-Length: 10\r\n\r\n" + body,  # a body longer than its length
        ]
        for frame in bad:
            s.raw(frame)
            got = s.ask("textDocument/hover", _hover(uri, 0, 2), TIMEOUT)
            assert got is not None, frame  # answered: the server read on
            assert got.get("error") is None, (frame, got)
        assert s.proc.poll() is None
    finally:
        s.close()
    assert s.proc.returncode == 0
    log = b"".join(s.stderr).decode()
    assert "Traceback" not in log
    assert "a message was dropped: its Content-Length 100000000000000000000 is more than" in log


@pytest.mark.slow
def test_a_position_no_client_may_send_is_answered_invalid_params() -> None:
    from support.lsp_session import Raw

    s = Raw()
    try:
        s.initialize()
        uri = uri_of("places.ftn")
        s.open(uri, "# caf\u00e9 \U0001f600 x\ngame\n")
        # negative, and past the protocol's largest whole number (2**31 - 1)
        for params in (_hover(uri, -1, 0), _hover(uri, 0, -3), _hover(uri, 2**40, 0)):
            got = s.ask("textDocument/hover", params, TIMEOUT)
            assert got is not None, params  # answered, not left waiting
            assert got["error"]["code"] == -32602, (params, got)  # InvalidParams
            assert "Traceback" not in got["error"]["message"]
    finally:
        s.close()
    assert b"Traceback" not in b"".join(s.stderr)


# --------------------------------------------------------------------------
# The server in this process, for what only its state shows: messages handed
# to its protocol as its reader hands them, what it writes collected


class _Wire:
    def __init__(self) -> None:
        from verifier.lsp.server import make

        self.ls = make()
        self.out: list[dict[str, Any]] = []
        self.written = asyncio.Event()  # set at each message the server writes
        self.ls.protocol.set_writer(self, include_headers=False)
        self.send({"id": 0, "method": "initialize",
                   "params": {"processId": None, "rootUri": None, "capabilities": {}}})

    def write(self, data: bytes) -> None:
        self.out.append(json.loads(data))
        self.written.set()

    def close(self) -> None:
        pass

    def send(self, msg: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **msg})
        proto = self.ls.protocol
        proto.handle_message(json.loads(body, object_hook=proto.structure_message))

    def published(self, uri: str) -> list[dict[str, Any]]:
        return [m["params"] for m in self.out if m.get("method") ==
                "textDocument/publishDiagnostics" and m["params"]["uri"] == uri]

    async def until(self, done: Callable[[], bool]) -> None:
        """Wait for the messages the server writes until ``done()``."""
        while not done():
            self.written.clear()
            await asyncio.wait_for(self.written.wait(), TIMEOUT)

    def open(self, uri: str, text: str) -> None:
        self.send({"method": "textDocument/didOpen", "params": {"textDocument": {
            "uri": uri, "languageId": "ftn", "version": 1, "text": text}}})

    def change(self, uri: str, version: int, line: int, char: int, text: str) -> None:
        at = {"line": line, "character": char}
        self.send({"method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": version},
            "contentChanges": [{"range": {"start": at, "end": at}, "text": text}]}})


def test_quick_edits_are_checked_once_when_they_pause() -> None:
    from verifier.lsp.document import MAX_CHARS

    async def session() -> None:
        w = _Wire()
        small, large = uri_of("quick.ftn"), uri_of("large.ftn")
        w.open(small, (SAMPLES / "invalid" / "points-mismatch.ftn").read_text(encoding="utf-8"))
        w.open(large, "# x\n" * (MAX_CHARS // 4 + 1))  # too large: refused
        assert len(w.published(small)) == len(w.published(large)) == 1  # an open: at once
        for version in range(2, 102):  # 100 keystrokes typed in a comment, no pause
            w.change(small, version, 0, 1, "z")
            w.change(large, version, 5, 1, "z")
        assert len(w.published(small)) == len(w.published(large)) == 1  # none checked yet
        # the pause ends: wait for the server's next diagnostics of both documents
        await w.until(lambda: len(w.published(small)) >= 2 and len(w.published(large)) >= 2)
        for uri in (small, large):
            (_, last) = w.published(uri)
            assert last["version"] == 101  # one check, of the last text
        (d,) = last["diagnostics"]
        assert d["message"].startswith("too-large: this document holds 4,194,408 characters")
        (d,) = w.published(small)[-1]["diagnostics"]
        assert d["code"] == "FT302" and d["range"]["start"]["line"] == 28
        # the edits are in the text: the first line has 100 more characters
        assert w.ls.texts[small].text().startswith("#" + "z" * 100)
        assert not w.ls.protocol._request_futures  # pygls's table of pending work: none kept

    asyncio.run(session())
