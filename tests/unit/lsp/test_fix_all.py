"""The editor's "fix all" (``lsp.features.fix_all``, the code action of kind
``source.fixAll.ftn``): every fix of ``ftn check --fix`` (the same library
function) as edits of the lines that change, over the characters that
change; offered to a client that asks for ``source.fixAll`` or ``source``
(or for every kind), and listed in the server's ``codeActionKinds``. The
quick fix of one claim is the library's too: no fix for a wrong opener."""

from __future__ import annotations

import asyncio
from pathlib import Path

from lsprotocol import types as t
from support import corpora
from support.lsp_session import Session, apply, uri_of
from support.paths import SAMPLES

from verifier import Edit, api
from verifier.lsp import features
from verifier.lsp.document import Document

# Three wrong claims and a move (support/corpora.py has their arithmetic):
# =15 for 16 at line 10, +2 for +3 at line 14, (4,4) for (4,3) at line 15,
# and N 5-5 L after the block at line 19. A comment block first: the game
# starts at line 3.
FOUR = "# three wrong claims\n# and a move\n" + corpora.FOUR


def _doc(text: str, name: str = "four.ftn") -> Document:
    doc = Document(name)
    doc.update(text)
    return doc


def _apply(text: str, edits: list[Edit]) -> str:
    lines = text.split("\n")
    for e in sorted(edits, key=lambda e: (e.line, e.col), reverse=True):
        assert e.line == e.end_line
        ln = lines[e.line - 1]
        lines[e.line - 1] = ln[: e.col - 1] + e.text + ln[e.end_col - 1:]
    return "\n".join(lines)


def test_fix_all_edits_the_characters_that_change() -> None:
    doc = _doc(FOUR)
    assert [f.diagnostic.code for f in doc.findings] == [
        "FT301", "FT302", "FT303", "FT206", "FT501"]
    edits = features.fix_all(doc)
    # =15 -> =16: the "5" alone; +2 -> +3; (4,4) -> (4,3): the last 4
    assert edits == [Edit(12, 13, 12, 14, "6"), Edit(16, 15, 16, 16, "3"),
                     Edit(17, 20, 17, 21, "3")]
    fixed = _apply(FOUR, edits)
    assert fixed == api.fix_text(FOUR, "four.ftn")[0]  # ftn check --fix's text
    assert [f.diagnostic.code for f in _doc(fixed).findings] == ["FT206", "FT501"]
    assert features.fix_all(_doc(fixed)) == []


def test_fix_all_takes_the_totals_that_followed_and_leaves_noqa() -> None:
    text = (SAMPLES / "invalid" / "points-mismatch.ftn").read_text(encoding="utf-8")
    edits = features.fix_all(_doc(text, "p.ftn"))
    assert [e.line for e in edits] == [29, 30, 31, 32, 34, 35, 36, 37]
    assert _doc(_apply(text, edits), "p.ftn").findings == []
    silenced = text.replace("=18 +7 (1,10)", "=18 +7 (1,10)  # noqa: FT302")
    assert features.fix_all(_doc(silenced, "p.ftn")) == []


def test_no_fix_all_for_json_and_no_fix_for_a_wrong_opener() -> None:
    jsonl = api.convert(FOUR, "jsonl")
    doc = _doc(jsonl, "four.jsonl")
    assert doc.findings and features.fix_all(doc) == []
    opener = _doc((SAMPLES / "invalid" / "wrong-opener.ftn").read_text(encoding="utf-8"),
                  "wrong-opener.ftn")
    (found,) = opener.findings
    assert found.diagnostic.code == "FT102" and found.diagnostic.computed == "N"
    assert features.claim_fix(opener, found) is None  # who opens decides who moves
    assert features.fix_all(opener) == []


def test_fix_all_over_the_protocol(tmp_path: Path) -> None:
    async def session() -> None:
        async with Session() as s:
            assert s.result is not None
            actions = s.result.capabilities.code_action_provider
            assert isinstance(actions, t.CodeActionOptions)
            assert list(actions.code_action_kinds or ()) == [
                t.CodeActionKind.QuickFix, t.CodeActionKind.RefactorRewrite,
                t.CodeActionKind.SourceFixAll, "source.fixAll.ftn"]
            uri = uri_of(str(tmp_path / "four.ftn"))
            await s.open(uri, FOUR)
            for only in (["source.fixAll"], ["source"], ["source.fixAll.ftn"]):
                got = await s.code_actions(uri, 0, 0, only)
                assert got is not None and len(got) == 1, only
                (fix,) = got
                assert isinstance(fix, t.CodeAction)
                assert fix.kind == "source.fixAll.ftn"
                assert fix.title == ("Fix all: write the computed value of every wrong claim "
                                     "(ftn check --fix)")
                assert fix.edit is not None and fix.edit.changes is not None
                assert apply(FOUR, fix.edit.changes[uri]) == api.fix_text(FOUR, "four.ftn")[0]
            # quick fixes only: no fix all; every kind: the quick fixes of line 12, and it
            quick = await s.code_actions(uri, 11, 11, ["quickfix"])
            assert quick is not None
            assert [a.kind for a in quick if isinstance(a, t.CodeAction)] == ["quickfix"]
            every = await s.code_actions(uri, 11, 11)
            assert every is not None
            kinds = [a.kind for a in every if isinstance(a, t.CodeAction)]
            assert kinds[0] == "quickfix" and kinds[-1] == "source.fixAll.ftn"
            # nothing to fix: no action
            fixed = api.fix_text(FOUR, "four.ftn")[0]
            await s.change(uri, fixed)
            assert await s.code_actions(uri, 0, 0, ["source.fixAll"]) is None

    asyncio.run(session())
