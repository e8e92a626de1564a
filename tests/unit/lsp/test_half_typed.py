"""A half-typed line in the editor costs only that line's round in the
findings: the server's are ``ftn check``'s, which judges a game with a
line that cannot be read from the lines that can (its later rounds
whole)."""

from __future__ import annotations

from support.paths import read_sample

from verifier.lsp import features
from verifier.lsp.document import Document

TEXT = read_sample("valid", "two-players-r8-3.ftn")


def _lines() -> list[str]:
    return TEXT.split("\n")


def test_a_wrong_claim_in_a_later_round_is_still_found_while_a_line_is_half_typed() -> None:
    lines = _lines()
    rounds = [i for i, ln in enumerate(lines) if ln.startswith("round ")]
    first = next(i for i in range(rounds[0], rounds[1]) if lines[i].startswith("  N "))
    lines[first] = "  N 4"  # being typed
    wrong = next(i for i in range(rounds[2], rounds[3]) if "+0 (" in lines[i])
    lines[wrong] = lines[wrong].replace("+0 (", "+5 (", 1)
    doc = Document("r.ftn")
    found = [(f.diagnostic.code, f.diagnostic.line) for f in doc.update("\n".join(lines))]
    assert ("FT001", first + 1) in found
    assert ("FT302", wrong + 1) in found  # round 3 is judged all the same
    assert [c for c, _ in found].count("FT501") == 1  # round 1's rest: said once
    assert set(c for c, _ in found) == {"FT001", "FT302", "FT501"}


def test_hovers_fixes_and_the_outline_work_beside_a_half_typed_line() -> None:
    lines = _lines()
    rounds = [i for i, ln in enumerate(lines) if ln.startswith("round ")]
    events = [i for i in range(rounds[0], rounds[1]) if lines[i].startswith(("  N ", "  S "))]
    before, typed, after = events[0], events[2], events[4]
    lines[typed] = "  N 4"  # being typed
    wrong = next(i for i in range(rounds[2], rounds[3]) if "+0 (" in lines[i])
    lines[wrong] = lines[wrong].replace("+0 (", "+5 (", 1)
    doc = Document("r.ftn")
    doc.update("\n".join(lines))
    # An event of round 3 is replayed and shown; so is one of round 1
    # before the line being typed; after it, round 1 is not replayed.
    later = features.hover(doc, wrong + 1, 3)
    assert later is not None and later.startswith("**round 3, event ")
    assert "end total" in later
    first = features.hover(doc, before + 1, 3)
    assert first is not None and first.startswith("**round 1, event 1:")
    cut = features.hover(doc, after + 1, 3)
    assert cut is not None and "not replayed" in cut
    assert features.hover(doc, typed + 1, 3) is None
    # The wrong claim of round 3 has its fix: the computed +0 for +5.
    fixes = features.fixes(doc, wrong + 1, wrong + 1)
    assert [f.edit.text for f in fixes] == ["+0"]
    # The game and its rounds stay in the outline.
    (game,) = features.outline(doc)
    assert game.name == "game 1" and len(game.children) == len(rounds)
