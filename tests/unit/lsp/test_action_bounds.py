"""The code actions of a large selection are bounded as the diagnostics
are: the quick fixes are those of the diagnostics the server publishes
(``server.MAX_SHOWN``, the one constant), and "fix all" still fixes every
finding; a client that resolves a code action's edit gets "fix all" with
no edit, made when it is resolved (``codeAction/resolve``). The figures
on a 4 MB record are ``benchmarks/lsp_memory.py wrong --code-action``'s."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest
from lsprotocol import types as t
from support.corpora import ROUND
from support.lsp_session import Session, apply, uri_of

from verifier import api
from verifier.lsp import features
from verifier.lsp import server as lsp
from verifier.lsp.document import Document

# ROUND with its 14 end totals each claimed one too high (=1 as =2...): 14
# findings FT301 (end-total-mismatch) a game, each fixable, nothing else wrong.
_END_TOTAL = re.compile(r"^(  [NESW] \d-\d(?: [LR])? =)(\d+)", re.M)


def wrong_game() -> str:
    return _END_TOTAL.sub(lambda m: f"{m.group(1)}{int(m.group(2)) + 1}", ROUND)


URI = "file:///bounds/wrong.ftn"
DOC = t.TextDocumentIdentifier(URI)


def _server(text: str) -> lsp.FtnServer:
    ls = lsp.FtnServer()
    ls.sent = []  # type: ignore[attr-defined]
    ls.text_document_publish_diagnostics = ls.sent.append  # type: ignore[attr-defined,method-assign]
    ls.opened(URI, text, 1)
    return ls


def _actions(ls: lsp.FtnServer, text: str) -> list[t.CodeAction]:
    end = t.Position(text.count("\n"), 0)
    got = lsp.code_action(ls, t.CodeActionParams(DOC, t.Range(t.Position(0, 0), end),
                                                 t.CodeActionContext([])))
    assert got is not None
    return got


def test_one_game_has_fourteen_fixable_findings() -> None:
    doc = Document("w.ftn")
    assert [f.diagnostic.code for f in doc.update(wrong_game())] == ["FT301"] * 14


def test_the_quick_fixes_are_those_of_the_diagnostics_shown(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With the cap at 5: 5 diagnostics (and the line that says 23 more),
    5 quick fixes, theirs; "fix all" fixes the 28 findings of 2 games."""
    monkeypatch.setattr(lsp, "MAX_SHOWN", 5)
    text = wrong_game() + "\n" + wrong_game()
    ls = _server(text)
    (published,) = ls.sent  # type: ignore[attr-defined]
    assert len(published.diagnostics) == 6 and published.diagnostics[-1].message.startswith(
        "23 more findings")
    actions = _actions(ls, text)
    quick = [a for a in actions if a.kind == t.CodeActionKind.QuickFix]
    assert len(quick) == 5
    assert [a.diagnostics[0].range for a in quick if a.diagnostics] == [
        d.range for d in published.diagnostics[:5]]
    (fix_all,) = [a for a in actions if a.kind == lsp.FIX_ALL]
    assert fix_all.edit is not None and fix_all.edit.changes is not None
    assert len(fix_all.edit.changes[URI]) == 28
    assert apply(text, fix_all.edit.changes[URI]) == api.fix_text(text, "wrong.ftn")[0]


def test_a_thousand_and_more_wrong_claims_give_a_thousand_quick_fixes() -> None:
    """75 games: 1,050 findings; the cap (1,000) quick fixes, and one
    "fix all" of 1,050 edits, at the real constant."""
    text = "\n".join([wrong_game()] * 75)
    ls = _server(text)
    actions = _actions(ls, text)
    assert lsp.MAX_SHOWN == 1000
    assert sum(a.kind == t.CodeActionKind.QuickFix for a in actions) == 1000
    (fix_all,) = [a for a in actions if a.kind == lsp.FIX_ALL]
    assert fix_all.edit is not None and fix_all.edit.changes is not None
    assert len(fix_all.edit.changes[URI]) == 1050


def test_fixes_takes_the_findings_shown_only() -> None:
    doc = Document("w.ftn")
    doc.update(wrong_game())
    lines = len(doc.lines)
    assert len(features.fixes(doc, 1, lines)) == 14 + 1  # and "fill the claims of game 1"
    assert [f.finding for f in features.fixes(doc, 1, lines, 3)][:3] == doc.findings[:3]
    assert len([f for f in features.fixes(doc, 1, lines, 3) if f.finding is not None]) == 3


RESOLVES = t.ClientCapabilities(text_document=t.TextDocumentClientCapabilities(
    code_action=t.CodeActionClientCapabilities(
        resolve_support=t.ClientCodeActionResolveOptions(properties=["edit"]))))


def test_fix_all_is_resolved_for_a_client_that_resolves_edits(tmp_path: Path) -> None:
    text = wrong_game()

    async def session() -> None:
        async with Session(RESOLVES) as s:
            assert s.result is not None
            provider = s.result.capabilities.code_action_provider
            assert isinstance(provider, t.CodeActionOptions) and provider.resolve_provider
            uri = uri_of(str(tmp_path / "wrong.ftn"))
            await s.open(uri, text)
            got = await s.code_actions(uri, 0, 0, ["source.fixAll"])
            assert got is not None
            (fix,) = got
            assert isinstance(fix, t.CodeAction)
            assert fix.kind == lsp.FIX_ALL and fix.edit is None  # made when resolved
            done = await asyncio.wait_for(s.client.code_action_resolve_async(fix), 20)
            assert done.edit is not None and done.edit.changes is not None
            assert len(done.edit.changes[uri]) == 14
            assert apply(text, done.edit.changes[uri]) == api.fix_text(text, "wrong.ftn")[0]
            fixed = api.fix_text(text, "wrong.ftn")[0]
            await s.change(uri, fixed)
            assert await s.code_actions(uri, 0, 0, ["source.fixAll"]) is None

    asyncio.run(session())
