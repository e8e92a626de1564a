"""A real LSP client session with ``ftn server`` for the end-to-end tests
and the latency script: the server started as a subprocess and spoken to
by pygls's own client (``pygls.lsp.client.LanguageClient``: typed requests
and notifications, maintained with the protocol), the diagnostics it
publishes collected per document, each wait bounded; and a raw client
(``Raw``) that writes any bytes, for the tests of framing and of what no
good client sends, and for the server fuzzer. A plain module
(``from support.lsp_session import Session``)."""

from __future__ import annotations

import asyncio
import json
import queue
import subprocess
import sys
import threading
import time
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any

from lsprotocol import types as t
from pygls.lsp.client import LanguageClient

ROOT = Path(__file__).resolve().parents[2]
TIMEOUT = 20.0  # seconds for any one answer: a hung server fails the test, it does not hang it


def uri_of(name: str) -> str:
    return Path(name).resolve().as_uri()


class Client(LanguageClient):
    """pygls's client, keeping how the server's process ended: its exit
    code and what it wrote on standard error (its log)."""

    def __init__(self) -> None:
        super().__init__("ftn-tests", "1")
        self.returncode: int | None = None
        self.stderr = b""

    async def server_exit(self, server: asyncio.subprocess.Process) -> None:
        self.returncode = server.returncode
        if server.stderr is not None:
            self.stderr = await server.stderr.read()


class Session:
    """``async with Session() as s``: an initialized server (its answer to
    ``initialize`` in ``s.result``; the client's ``capabilities``: none but
    what is given); once the block ends, the server has
    been asked to shut down and exit, and ``s.client`` holds its exit code
    and its log."""

    def __init__(self, capabilities: t.ClientCapabilities | None = None) -> None:
        self.client = Client()
        self.capabilities = capabilities or t.ClientCapabilities()
        self.result: t.InitializeResult | None = None
        self.shutdown: object = "not asked"  # the answer to shutdown (null) once asked
        self.published: dict[str, list[t.PublishDiagnosticsParams]] = defaultdict(list)
        self.changed = asyncio.Condition()
        self.versions: dict[str, int] = {}

        @self.client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)  # type: ignore[untyped-decorator,unused-ignore]
        async def on_diagnostics(params: t.PublishDiagnosticsParams) -> None:
            async with self.changed:
                self.published[params.uri].append(params)
                self.changed.notify_all()

    async def __aenter__(self) -> Session:
        await self.client.start_io(sys.executable, "-m", "verifier", "server")
        self.result = await asyncio.wait_for(self.client.initialize_async(t.InitializeParams(
            capabilities=self.capabilities, process_id=None, root_uri=None)), TIMEOUT)
        self.client.initialized(t.InitializedParams())
        return self

    async def __aexit__(self, *exc: Any) -> None:
        try:
            self.shutdown = await asyncio.wait_for(self.client.shutdown_async(None), TIMEOUT)
            self.client.exit(None)
        finally:
            await self.client.stop()  # type: ignore[no-untyped-call,unused-ignore]

    async def wait(self, uri: str, count: int) -> t.PublishDiagnosticsParams:
        """The ``count``-th diagnostics published for ``uri``."""
        async with self.changed:
            await asyncio.wait_for(
                self.changed.wait_for(lambda: len(self.published[uri]) >= count), TIMEOUT)
            return self.published[uri][count - 1]

    async def open(self, uri: str, text: str) -> list[t.Diagnostic]:
        """Open a document; the diagnostics the server publishes for it."""
        seen = len(self.published[uri])
        self.versions[uri] = 1
        self.client.text_document_did_open(t.DidOpenTextDocumentParams(
            t.TextDocumentItem(uri, "ftn", 1, text)))
        return list((await self.wait(uri, seen + 1)).diagnostics)

    async def change(self, uri: str, text: str) -> list[t.Diagnostic]:
        """Replace a document's text; the diagnostics published for it."""
        seen = len(self.published[uri])
        self.versions[uri] += 1
        self.client.text_document_did_change(t.DidChangeTextDocumentParams(
            t.VersionedTextDocumentIdentifier(self.versions[uri], uri),
            [t.TextDocumentContentChangeWholeDocument(text)]))
        return list((await self.wait(uri, seen + 1)).diagnostics)

    async def edit(self, uri: str, edits: Sequence[t.TextEdit]) -> list[t.Diagnostic]:
        """Apply edits as an editor does (incremental changes, the last
        first); the diagnostics published for the document."""
        seen = len(self.published[uri])
        self.versions[uri] += 1
        ordered = sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character),
                         reverse=True)
        self.client.text_document_did_change(t.DidChangeTextDocumentParams(
            t.VersionedTextDocumentIdentifier(self.versions[uri], uri),
            [t.TextDocumentContentChangePartial(e.range, e.new_text) for e in ordered]))
        return list((await self.wait(uri, seen + 1)).diagnostics)

    async def hover(self, uri: str, line: int, character: int) -> t.Hover | None:
        return await asyncio.wait_for(self.client.text_document_hover_async(t.HoverParams(
            t.TextDocumentIdentifier(uri), t.Position(line, character))), TIMEOUT)

    async def formatting(self, uri: str) -> Sequence[t.TextEdit] | None:
        return await asyncio.wait_for(self.client.text_document_formatting_async(
            t.DocumentFormattingParams(t.TextDocumentIdentifier(uri),
                                       t.FormattingOptions(2, True))), TIMEOUT)

    async def code_actions(self, uri: str, start: int, end: int,
                           only: Sequence[str] | None = None
                           ) -> Sequence[t.CodeAction | t.Command] | None:
        """The code actions for lines ``start`` to ``end`` (0-based), of
        the kinds in ``only`` (None: every kind)."""
        return await asyncio.wait_for(self.client.text_document_code_action_async(
            t.CodeActionParams(t.TextDocumentIdentifier(uri),
                               t.Range(t.Position(start, 0), t.Position(end, 0)),
                               t.CodeActionContext([], only=None if only is None else list(
                                   only)))), TIMEOUT)

    async def completion(self, uri: str, line: int, character: int
                         ) -> t.CompletionList | Sequence[t.CompletionItem] | None:
        return await asyncio.wait_for(self.client.text_document_completion_async(
            t.CompletionParams(t.TextDocumentIdentifier(uri), t.Position(line, character))),
            TIMEOUT)

    async def symbols(self, uri: str) -> Sequence[t.DocumentSymbol | t.SymbolInformation] | None:
        return await asyncio.wait_for(self.client.text_document_document_symbol_async(
            t.DocumentSymbolParams(t.TextDocumentIdentifier(uri))), TIMEOUT)

    async def folding(self, uri: str) -> Sequence[t.FoldingRange] | None:
        return await asyncio.wait_for(self.client.text_document_folding_range_async(
            t.FoldingRangeParams(t.TextDocumentIdentifier(uri))), TIMEOUT)


class Raw:
    """``ftn server`` as a process and a raw client of it: frames written
    as bytes (any bytes), the answers and diagnostics read by a thread."""

    def __init__(self) -> None:
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "verifier", "server"], cwd=ROOT, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.answers: queue.Queue[dict[str, Any]] = queue.Queue()
        self.published: queue.Queue[dict[str, Any]] = queue.Queue()
        self.stderr: list[bytes] = []
        self.next_id = 0
        assert self.proc.stdout is not None and self.proc.stderr is not None
        threading.Thread(target=self._read, args=(self.proc.stdout,), daemon=True).start()
        threading.Thread(target=self._errors, args=(self.proc.stderr,), daemon=True).start()

    def _read(self, out: IO[bytes]) -> None:
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    return
                if not line.strip():
                    break
                name, _, value = line.partition(b":")
                if name.strip().lower() == b"content-length":
                    length = int(value)
            if length is None:
                continue
            msg = json.loads(out.read(length))
            if "id" in msg and "method" not in msg:
                self.answers.put(msg)
            elif msg.get("method") == "textDocument/publishDiagnostics":
                self.published.put(msg["params"])

    def _errors(self, err: IO[bytes]) -> None:
        for line in err:
            self.stderr.append(line)

    def raw(self, data: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, msg: dict[str, Any]) -> None:
        body = json.dumps({"jsonrpc": "2.0", **msg}).encode("utf-8")
        self.raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)

    def notify(self, method: str, params: Any) -> None:
        self.send({"method": method, "params": params})

    def request(self, method: str, params: Any) -> int:
        self.next_id += 1
        self.send({"id": self.next_id, "method": method, "params": params})
        return self.next_id

    def answer(self, msg_id: int, timeout: float) -> dict[str, Any] | None:
        """The answer to request ``msg_id`` (earlier ones skipped), or None
        if none came within ``timeout`` seconds."""
        end = time.monotonic() + timeout
        while True:
            try:
                got = self.answers.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                return None
            if got.get("id") == msg_id:
                return got

    def ask(self, method: str, params: Any, timeout: float) -> dict[str, Any] | None:
        return self.answer(self.request(method, params), timeout)

    def diagnostics(self, uri: str, timeout: float) -> dict[str, Any] | None:
        """The next diagnostics published for ``uri`` (others skipped)."""
        end = time.monotonic() + timeout
        while True:
            try:
                got = self.published.get(timeout=max(0.0, end - time.monotonic()))
            except queue.Empty:
                return None
            if got["uri"] == uri:
                return got

    def initialize(self, timeout: float = 60.0,
                   capabilities: dict[str, Any] | None = None) -> None:
        got = self.ask("initialize", {"processId": None, "rootUri": None,
                                      "capabilities": capabilities or {}}, timeout)
        assert got is not None and "result" in got, got
        self.notify("initialized", {})

    def open(self, uri: str, text: str, language: str = "ftn") -> None:
        self.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": language, "version": 1, "text": text}})

    def hwm_kb(self) -> int:
        """The server's peak resident memory so far (kB), 0 once it has ended."""
        try:
            status = Path(f"/proc/{self.proc.pid}/status").read_text()
        except OSError:
            return 0
        for line in status.splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
        return 0

    def tracebacks(self) -> int:
        return sum(b"Traceback" in line for line in self.stderr)

    def close(self) -> None:
        """End the server (its input closed; killed if it does not end)."""
        try:
            assert self.proc.stdin is not None
            self.proc.stdin.close()
        except OSError:
            pass
        try:
            self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()


def apply(text: str, edits: Sequence[t.TextEdit]) -> str:
    """A text with LSP edits applied (positions in characters: ASCII texts)."""
    lines = text.split("\n")
    offsets = [0]
    for ln in lines:
        offsets.append(offsets[-1] + len(ln) + 1)

    def at(p: t.Position) -> int:
        return min(offsets[p.line] + p.character, len(text)) if p.line < len(lines) else len(text)

    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character),
                    reverse=True):
        text = text[: at(e.range.start)] + e.new_text + text[at(e.range.end):]
    return text
