"""The bundled samples: valid ones check clean; each invalid one produces
exactly the diagnostics its '# expect:' comments name, where they say."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from support.paths import SAMPLES, read_sample

from notation.ftn.reader import parse_games
from notation.model import Placement
from verifier.api import check_text
from verifier.diagnostics import REGISTRY

VALID = sorted((SAMPLES / "valid").glob("*.ftn"))
INVALID = sorted(
    p for p in (SAMPLES / "invalid").iterdir() if p.suffix in (".ftn", ".json", ".jsonl")
)
#: An expectation line: one finding, or several of one line of the record
#: joined by ", " (an illegal move and the note after it), so that adding
#: one moves no line of the sample.
EXPECT = re.compile(r"^# expect: ([a-z-]+ \d+:\d+(?:, [a-z-]+ \d+:\d+)*)$", re.M)
ONE = re.compile(r"([a-z-]+) (\d+):(\d+)")


def expectations(path: Path) -> list[tuple[str, int, int]]:
    """The '# expect:' lines of an FTN sample, or of a JSON sample's sidecar
    file (NAME.expect: JSON has no comments)."""
    if path.suffix == ".ftn":
        text = path.read_text(encoding="utf-8")
    else:
        text = path.with_name(path.name + ".expect").read_text(encoding="utf-8")
    return sorted((one[1], int(one[2]), int(one[3]))
                  for m in EXPECT.finditer(text) for one in ONE.finditer(m[1]))


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_samples_check_clean(path: Path) -> None:
    rep = check_text(path.read_text(encoding="utf-8"), str(path))
    assert rep.diagnostics == []
    assert rep.games >= 1


def test_valid_samples_cover_2_3_and_4_players() -> None:
    counts = set()
    for path in VALID:
        for g in parse_games(path.read_text(encoding="utf-8")):
            counts.add(sum(1 for t in g.tags if t.key == "seat"))
    assert counts >= {2, 3, 4, 6, 12}


@pytest.mark.parametrize("path", INVALID, ids=lambda p: p.name)
def test_invalid_samples_produce_exactly_what_they_expect(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    want = expectations(path)
    assert want, f"{path.name} states no expectation"
    rep = check_text(text, str(path))
    assert sorted((d.name, d.line, d.col) for d in rep.diagnostics) == want


def test_every_diagnostic_has_an_invalid_sample() -> None:
    names = {n for p in INVALID for n, _, _ in expectations(p)}
    assert names == {c.name for c in REGISTRY}


def test_r8_3_worked_example() -> None:
    """RULES.md R8.3: at 59, a last tile with end total 6 scores 2 + 1 = 3;
    59 + 3 = 62 > 61, so both are discarded; the score stays 59, the round
    ends, and the next seat opens the next round."""
    path = SAMPLES / "valid" / "two-players-r8-3.ftn"
    game = parse_games(path.read_text(encoding="utf-8"))[0]
    r11, r12 = game.rounds[10], game.rounds[11]
    last = r11.events[-1]
    assert isinstance(last, Placement) and last.seat == "S"
    assert last.end_total is not None and last.end_total.value == 6
    assert last.points is not None and (last.points.points, last.points.bonus) == (2, 1)
    assert last.points.discarded
    assert last.totals is not None and last.totals.values == (60, 59)
    assert r11.result is not None and (r11.result.outcome, r11.result.seat) == ("domino", "S")
    assert (r11.opener, r12.opener) == ("S", "N")
    # ...and the replay agrees with every one of those claims:
    assert check_text(path.read_text(encoding="utf-8")).diagnostics == []
    # The copies that credit 3 (overshoot-accepted) or 2 (bonus-split) are
    # reported at the line of that event.
    for name, credited in (("overshoot-accepted", "+2+1 (60,62)"), ("bonus-split", "+2 (60,61)")):
        bad = read_sample("invalid", f"{name}.ftn")
        line = next(
            i for i, t in enumerate(bad.split("\n"), 1) if t == f"  S 3-4 L =6 {credited}"
        )
        rep = check_text(bad)
        assert (name, line) in [(d.name, d.line) for d in rep.diagnostics]
