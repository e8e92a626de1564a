"""A half-typed line in the editor costs only that line's round in the
findings: the server's are ``ftn check``'s, which judges a game with a
line that cannot be read from the lines that can (its later rounds
whole)."""

from __future__ import annotations

from support.paths import read_sample

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
