"""Every request of the editor answered on every state of a record while
it is typed: each prefix of a sample (whole lines, and each line half
typed), one game and two, asked for its outline, folding ranges, hovers,
code actions, completions and formatting by ``lsp.server``'s handlers in
this process. A handler that fails (an exception out of it, or one that
``server.safe`` caught and logged) fails the test."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from lsprotocol import types as t
from support.paths import read_sample

from verifier.lsp import server as lsp

URI = "file:///typing/record.ftn"
DOC = t.TextDocumentIdentifier(URI)


def states(text: str) -> Iterator[str]:
    """Each prefix of ``text`` made of whole lines, and each with the next
    line half typed."""
    lines = text.split("\n")
    for k in range(len(lines) + 1):
        head = "".join(f"{ln}\n" for ln in lines[:k])
        yield head
        if k < len(lines) and len(lines[k]) > 1:
            yield head + lines[k][: len(lines[k]) // 2]


def _requests(ls: lsp.FtnServer, pos: t.Position) -> list[tuple[str, Callable[[], Any]]]:
    whole = t.Range(t.Position(0, 0), pos)
    return [
        ("documentSymbol", lambda: lsp.document_symbol(ls, t.DocumentSymbolParams(DOC))),
        ("foldingRange", lambda: lsp.folding_range(ls, t.FoldingRangeParams(DOC))),
        ("hover", lambda: lsp.hover(ls, t.HoverParams(DOC, pos))),
        ("codeAction", lambda: lsp.code_action(ls, t.CodeActionParams(
            DOC, whole, t.CodeActionContext([])))),
        ("completion", lambda: lsp.completion(ls, t.CompletionParams(DOC, pos))),
        ("formatting", lambda: lsp.formatting(ls, t.DocumentFormattingParams(
            DOC, t.FormattingOptions(2, True)))),
    ]


def _server() -> lsp.FtnServer:
    ls = lsp.FtnServer()
    # (no client: what would be sent to it is dropped)
    ls.text_document_publish_diagnostics = lambda params: None  # type: ignore[method-assign]
    return ls


def _failures(text: str) -> list[str]:
    ls, failed = _server(), []
    for state in states(text):
        ls.opened(URI, state, 1)
        lines = state.split("\n")
        for line in sorted({0, len(lines) // 2, len(lines) - 1}):
            pos = t.Position(line, len(lines[line]))
            for method, ask in _requests(ls, pos):
                try:
                    ask()
                except Exception as e:  # each failure is listed
                    failed.append(f"{method} at {line}: {type(e).__name__} on {state[-40:]!r}")
    return failed


SAMPLE = read_sample("valid", "start-mid-game.ftn")


@pytest.mark.parametrize("text", [SAMPLE, SAMPLE + "\n" + SAMPLE],
                         ids=["one game", "two games"])
def test_every_request_is_answered_on_every_state_of_a_record_being_typed(
        text: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger=lsp.log.name):
        failed = _failures(text)
    failed += [r.getMessage() for r in caplog.records]
    assert failed == []
