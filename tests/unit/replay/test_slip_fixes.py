"""The fixes of slips whose message says what to write: every syntax error
(FT001) that proposes a text (``ftn.diagnose.proposal``: ``write R``,
``write =10``/``+2``, ``write (4,0)``, ``write knock, not pass``, a word's
one close match, straight quotes for curly ones; a game's missing 'end'
line) and every header problem (FT002) that proposes one word (a tag's
name, a ``[first]`` seat, a rule preset, option or value); written by
``ftn check --fix`` (the text checked again: what the slip hid is judged),
marked in ``ftn codes``/``ftn explain``, and offered by the editor (a quick
fix, and fix-all)."""

from __future__ import annotations

import pytest
from support.corpora import BASE
from support.ftn import Ftn

from notation.ftn.diagnose import diagnose_line, proposal
from verifier import api
from verifier.api import check_text
from verifier.diagnostics import lookup
from verifier.lsp import features
from verifier.lsp.document import Document

# Every message of the reader that proposes one text, with the line, the
# message and the line as the message says to write it.
PROPOSALS = [
    ("  N 6-3 r =7", "ends are L or R in capitals: write R", "  N 6-3 R =7"),
    ("  N 6-3 R = 7 +0", "no space after =: write =7", "  N 6-3 R =7 +0"),
    ("  N 6-3 R =7 + 2", "no space after +: write +2", "  N 6-3 R =7 +2"),
    ("  N 6-3 R =7 +0 (4, 0)  # (4, 0)", "no spaces in totals: write (4,0)",
     "  N 6-3 R =7 +0 (4,0)  # (4, 0)"),
    ("  S pass", "a seat that cannot play knocks: write knock, not pass", "  S knock"),
    ("  S knok (1,2)", "a seat that cannot play knocks: write knock, not knok",
     "  S knock (1,2)"),
    ("  result dommino N", "unexpected 'dommino'; did you mean 'domino'?", "  result domino N"),
    ("dael N 1-1", "unexpected 'dael'; did you mean 'deal'?", "deal N 1-1"),
    ("gmae", "unexpected 'gmae'; did you mean 'game'?", "game"),
    ('[seat "N" \u201cAnn\u201d]', 'curly quote \u201c: use straight quotes (")',
     '[seat "N" "Ann"]'),
]


@pytest.mark.parametrize(("line", "message", "fixed"), PROPOSALS)
def test_each_proposal_of_the_reader_is_an_edit(line: str, message: str, fixed: str) -> None:
    off, said, _ = diagnose_line(line)
    assert said == message
    edit = proposal(line)
    assert edit is not None and edit[0] == off
    assert line[:edit[0]] + edit[2] + line[edit[1]:] == fixed


def test_a_message_that_proposes_no_one_text_gives_no_edit() -> None:
    assert proposal("  N 6-3 X =7") is None  # "unexpected 'X'": nothing to write
    assert proposal("  N 6-3 R =7 +0 (0,2") is None  # an unclosed totals
    assert proposal("[seat \u2018N\u2019]") is None  # single quotes: maybe apostrophes


def _codes(text: str) -> list[tuple[str, int]]:
    return [(d.code, d.line) for d in check_text(text, "s.ftn").diagnostics]


def test_a_syntax_fix_lets_the_line_be_judged_and_its_claims_fixed() -> None:
    # line 11: 'r' for R and '= 8' (6-3 at the right end 6: 4 + 3 = 7, not 8):
    # the reader reports the first slip of the line; once 'r' is R, '= 8'; once
    # =8, the claim is judged (FT301: 7) and fixed too: three passes of a line
    slipped = BASE.replace("  N 6-3 R =7 +0 (4,0)", "  N 6-3 r = 8 +0 (4, 0)")
    assert _codes(slipped) == [("FT001", 11), ("FT501", 12)]  # the rest of the round unjudged
    text, fixed, left = api.fix_text(slipped, "s.ftn")
    assert text == BASE
    assert [(d.code, d.line) for d in fixed] == [("FT001", 11)]
    assert [(d.code, d.line) for d in left] == [("FT401", 21)]


def test_header_slips_fixed_by_their_one_close_match() -> None:
    slipped = BASE.replace('[first "N"]', '[frist "N"]\n[rule "targt" "61"]')
    assert [c for c, _ in _codes(slipped)] == ["FT002", "FT002"]
    text, _, left = api.fix_text(slipped, "s.ftn")
    assert text == BASE.replace('[first "N"]', '[first "N"]\n[rule "target" "61"]')
    assert [d.code for d in left] == ["FT401"]
    for slip, right in [('[first "n"]', '[first "N"]'),
                        ('[first "N"]\n[rules "pagt"]', '[first "N"]\n[rules "pagat"]'),
                        ('[first "N"]\n[rule "immediate-end" "onn"]',
                         '[first "N"]\n[rule "immediate-end" "on"]')]:
        assert api.fix_text(BASE.replace('[first "N"]', slip), "s.ftn")[0] == BASE.replace(
            '[first "N"]', right), slip


def test_a_missing_end_is_added_after_the_games_last_line() -> None:
    # the next game's comments and the blank lines before it are not the game's
    two = BASE.replace("end\n", "") + "\n# the second game\n\n" + BASE
    assert ("FT001", 24) in _codes(two)  # at the next 'game' line
    text, _, left = api.fix_text(two, "s.ftn")
    assert text == BASE + "\n# the second game\n\n" + BASE
    assert [(d.code, d.line) for d in left] == [("FT401", 21), ("FT401", 45)]
    # at the end of the text, with CR LF line ends: the line it adds too
    crlf = BASE.replace("end\n", "").replace("\n", "\r\n") + "# done\r\n"
    assert api.fix_text(crlf, "s.ftn")[0] == BASE.replace("end\n", "end\n# done\n").replace(
        "\n", "\r\n")


def test_the_slips_are_marked_fixable_with_their_note(ftn: Ftn) -> None:
    for code in ("FT001", "FT002"):
        entry = lookup(code)
        assert entry is not None and entry.fixable and entry.fix_note is not None
        assert "write =10" in entry.fix_note and "'end' line" in entry.fix_note
        out = ftn(["explain", code]).stdout
        assert entry.fix_note in out.replace("\n", " ") or entry.fix_note in out
    rows = {line.split()[0]: line for line in ftn(["codes"]).stdout.splitlines() if line}
    assert " fix " in rows["FT001"] and " fix " in rows["FT002"]
    assert " fix " not in rows["FT003"]


def _doc(text: str) -> Document:
    doc = Document("s.ftn")
    doc.update(text)
    return doc


def test_the_editor_offers_the_slips_fixes() -> None:
    slipped = (BASE.replace('[first "N"]', '[frist "N"]')
               .replace("  S knock\n  N 1-1", "  S pass\n  N 1-1").replace("end\n", ""))
    doc = _doc(slipped)
    titles = {f.diagnostic.line: fx.title for f in doc.findings
              for fx in [features.claim_fix(doc, f)] if fx is not None}
    assert titles == {5: "Write first", 16: "Write knock", 21: "Add the 'end' line"}
    edits = features.fix_all(doc)
    assert len(edits) == 1  # a line added: the piece's lines anew
    (e,) = edits
    lines = slipped.split("\n")
    new = lines[:e.line - 1] + e.text.split("\n") + lines[e.end_line:]
    assert "\n".join(new) == BASE
    assert api.claim_edit(doc.lines, doc.findings[0].diagnostic) is None  # FT002: the tag's
