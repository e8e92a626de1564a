"""A real LSP client session with ``ftn server`` (pygls's client) for the
end-to-end tests and the latency script: the server started as a
subprocess, the diagnostics it publishes collected per document. A plain
module (``from lsp_session import Session``)."""

from __future__ import annotations

import asyncio
import sys
from collections import defaultdict
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from lsprotocol import types as t
from pygls.lsp.client import LanguageClient

TIMEOUT = 20.0  # seconds for any one answer: a hung server fails the test, it does not hang it


def uri_of(name: str) -> str:
    return Path(name).resolve().as_uri()


class Session:
    """``async with Session() as s``: an initialized server."""

    def __init__(self) -> None:
        self.client = LanguageClient("ftn-tests", "1")
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
        await asyncio.wait_for(self.client.initialize_async(t.InitializeParams(
            capabilities=t.ClientCapabilities(), process_id=None, root_uri=None)), TIMEOUT)
        self.client.initialized(t.InitializedParams())
        return self

    async def __aexit__(self, *exc: Any) -> None:
        try:
            await asyncio.wait_for(self.client.shutdown_async(None), TIMEOUT)
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

    async def code_actions(self, uri: str, start: int, end: int
                           ) -> Sequence[t.CodeAction | t.Command] | None:
        return await asyncio.wait_for(self.client.text_document_code_action_async(
            t.CodeActionParams(t.TextDocumentIdentifier(uri),
                               t.Range(t.Position(start, 0), t.Position(end, 0)),
                               t.CodeActionContext([]))), TIMEOUT)

    async def completion(self, uri: str, line: int, character: int
                         ) -> t.CompletionList | Sequence[t.CompletionItem] | None:
        return await asyncio.wait_for(self.client.text_document_completion_async(
            t.CompletionParams(t.TextDocumentIdentifier(uri), t.Position(line, character))),
            TIMEOUT)


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
