"""Tests of verifier.check: whole texts, syntax errors as diagnostics, fmt."""

from __future__ import annotations

from pathlib import Path

from verifier.check import check_lines, check_text, format_text

SAMPLES = Path(__file__).resolve().parent.parent / "samples"
TWO = (SAMPLES / "valid" / "two-players-r8-3.ftn").read_text(encoding="utf-8")
THREE = (SAMPLES / "valid" / "three-players.ftn").read_text(encoding="utf-8")


def test_counts_over_several_games() -> None:
    rep = check_text(TWO + "\n" + THREE, "two.ftn")
    assert (rep.games, rep.events, rep.errors, rep.warnings) == (2, 122 + 128, 0, 0)


def test_syntax_error_becomes_a_diagnostic_and_the_next_game_is_checked() -> None:
    broken = TWO.replace("  N knock\n", "  N knok\n", 1)
    rep = check_text(broken + "\n" + THREE.replace("(28,3,7)", "(28,3,8)", 1), "f.ftn")
    assert [(d.name, d.game) for d in rep.diagnostics] == [
        ("syntax-error", 1), ("total-mismatch", 2)
    ]
    d = rep.diagnostics[0]
    assert (d.source, d.code, d.round, d.event) == ("f.ftn", "FT001", None, None)
    assert "expected" in d.message
    assert rep.games == 2


def test_check_lines_streams() -> None:
    with (SAMPLES / "valid" / "four-players.ftn").open(encoding="utf-8") as f:
        rep = check_lines(f, "four")
    assert (rep.games, rep.errors) == (1, 0)


def test_format_writes_ends_and_drops_them_from_leads() -> None:
    text = TWO.replace("  N 1-3 R =8 +0 (0,2)", "  N 1-3 =8 +0 (0,2)").replace(
        "  S 5-1 =6", "  S 5-1 L =6"
    )
    out, errors = format_text(text)
    assert errors == [] and out == TWO
    again, _ = format_text(out)
    assert again == out


def test_format_refuses_text_that_does_not_parse() -> None:
    out, errors = format_text("game\nbad line here\nend\n", "x")
    assert out is None and [d.name for d in errors] == ["syntax-error"]


def test_format_keeps_unreached_ends_as_written() -> None:
    # An illegal move stops the replay: the events after it keep their text.
    text = TWO.replace("  N 1-3 R =8 +0 (0,2)", "  N knock")
    out, _ = format_text(text)
    assert out == text


def test_damaged_records_never_crash_the_checker() -> None:
    """Random damage to a record: every outcome is diagnostics, never an
    exception, and every diagnostic has a place."""
    import random

    rng = random.Random(2026)
    alphabet = "0123456789-+=()LR,#[]\" \tNSEWknockoverdealroundresultwinnergame?\n"
    base = TWO + "\n" + THREE
    for _ in range(300):
        chars = list(base)
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(chars))
            op = rng.randrange(3)
            if op == 0:
                chars[i] = rng.choice(alphabet)
            elif op == 1:
                del chars[i]
            else:
                chars.insert(i, rng.choice(alphabet))
        text = "".join(chars)
        rep = check_text(text, "damaged")
        assert all(d.line >= 1 and d.col >= 1 for d in rep.diagnostics)
        out, errors = format_text(text, "damaged")
        assert (out is None) == bool(errors)
