"""``ftn fmt`` never changes what ``ftn check`` reports about a record: the
same codes at the same elements (game, round, event; the message names the
seat or tile) before and after. A hand-made case (a seat left out of the
header, whose deal fmt keeps where it is written) and a property over many
mutated records (lines dropped, doubled, swapped, a number or a seat changed)
that still parse."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest
from support.paths import SAMPLES, read_sample

from verifier.api import check_text
from verifier.pipeline.jobs.rewrite import format_text

Finding = tuple[str, int, int | None, int | None, str]


def findings(text: str) -> Counter[Finding]:
    """What a check reports, element by element (lines and columns left out:
    fmt may move a line)."""
    rep = check_text(text, "r.ftn", "ftn")
    return Counter((d.code, d.game, d.round, d.event, d.message) for d in rep.diagnostics)


def test_a_seat_missing_from_the_header_keeps_its_deal_in_place() -> None:
    # E is not a seat; N and W are dealt 4 tiles of 5. Read in order, N's
    # short hand is found, then E's deal stops the round (R2): 2 bad-deal
    # (and the note that the round's claims are not judged).
    # Had fmt moved E's deal behind W's, W's short hand would make 3.
    text = (read_sample("valid", "four-players.ftn").replace('[seat "E" "Player 2"]\n', "")
            .replace("deal N 0-4 2-4 3-3 4-5 5-5", "deal N 0-4 2-4 3-3 4-5", 1)
            .replace("deal W 0-0 0-1 0-3 2-2 2-3", "deal W 0-0 0-1 0-3 2-2", 1))
    before = findings(text)
    assert sorted(k[4] for k in before.elements()) == [
        "N is dealt 4 tiles; the hand size is 5 (write '?' for a tile not known)",
        "deal for E, which is not a seat",
        "the replay of round 1 ended at a seat that is not the game's (before its first "
        "event): the claims of the rest of the round (17 lines, from here) are not judged; "
        "the next round starts from the totals its record implies"]
    out, errors = format_text(text, "r.ftn")
    assert out is not None and not errors
    assert findings(out) == before
    assert out.index("deal E ") < out.index("deal S ")  # E's deal where it was written


def _mutate(lines: list[str], rng: random.Random) -> list[str]:
    """One structural change that often keeps the record parseable."""
    out = list(lines)
    body = [i for i, ln in enumerate(out) if ln and not ln.startswith("#")]
    i, j = rng.choice(body), rng.choice(body)
    how = rng.randrange(6)
    if how == 0:
        del out[i]
    elif how == 1:
        out.insert(j, out[i])
    elif how == 2:
        out[i], out[j] = out[j], out[i]
    elif how == 3:
        digits = [k for k, c in enumerate(out[i]) if c.isdigit()]
        if digits:
            k = rng.choice(digits)
            out[i] = out[i][:k] + str(rng.randrange(10)) + out[i][k + 1:]
    elif how == 4:
        for a, b in (("N", "E"), ("E", "S"), ("S", "W"), ("W", "N")):
            if f" {a} " in out[i] or f'"{a}"' in out[i]:
                out[i] = out[i].replace(f" {a} ", f" {b} ", 1).replace(f'"{a}"', f'"{b}"', 1)
                break
    else:
        out.insert(j, rng.choice(["  N knock", "  deal N 0-0 1-1", '[seat "X"]', "  E 6-6"]))
    return out


SOURCES = [p for p in sorted((SAMPLES / "valid").glob("*.ftn"))
           + sorted((SAMPLES / "invalid").glob("*.ftn"))
           if "\nround " in p.read_text(encoding="utf-8")
           and p.name not in ("syntax-error.ftn", "every-mistake.ftn",
                              "seven-mistakes.ftn", "four-slips.ftn")]  # (never formatted)


@pytest.mark.slow
@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_fmt_keeps_what_check_reports_on_mutated_records(path: Path) -> None:
    rng = random.Random(path.name)
    base = path.read_text(encoding="utf-8").split("\n")
    formatted = 0
    for _ in range(40):
        lines = base
        for _ in range(rng.randrange(1, 4)):
            lines = _mutate(lines, rng)
        text = "\n".join(lines)
        out, _ = format_text(text, "r.ftn")
        if out is None:
            continue
        formatted += 1
        assert findings(out) == findings(text), text
    assert formatted >= 5  # the property was tried, not skipped
