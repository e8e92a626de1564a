"""Tests of notation.ftn.lexer: the Pygments lexer for FTN, found by its name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pygments = pytest.importorskip("pygments")

from pygments.lexers import get_lexer_by_name, get_lexer_for_filename  # noqa: E402
from pygments.token import (  # noqa: E402
    Comment,
    Error,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
)

from notation.ftn.lexer import FTNLexer  # noqa: E402

ROOT = Path(__file__).resolve().parents[3]


def tokens(text: str) -> list[tuple[object, str]]:
    return [(t, v) for t, v in FTNLexer().get_tokens(text) if t is not Whitespace]


def test_found_through_the_entry_point() -> None:
    assert isinstance(get_lexer_by_name("ftn"), FTNLexer)
    assert isinstance(get_lexer_for_filename("game.ftn"), FTNLexer)


def test_tags_rounds_and_deals() -> None:
    assert tokens('game\n[seat "N" "Ann"]\nround 2 opener S\n  deal N 6-6 ? 1-0\n') == [
        (Keyword, "game"),
        (Punctuation, "["), (Name.Tag, "seat"), (String.Double, '"N"'),
        (String.Double, '"Ann"'), (Punctuation, "]"),
        (Keyword, "round"), (Number.Integer, "2"), (Keyword, "opener"), (Name.Variable, "S"),
        (Keyword, "deal"), (Name.Variable, "N"), (Number, "6-6"), (Number, "?"), (Number, "1-0"),
    ]


def test_events_claims_and_comments() -> None:
    assert tokens("  S 3-4 L =6 over+2+1 (60,59)  # discarded\n  E knock\n") == [
        (Name.Variable, "S"), (Number, "3-4"), (Name.Attribute, "L"),
        (Operator, "="), (Number.Integer, "6"),
        (Keyword.Constant, "over"), (Operator, "+"), (Number.Integer, "2"), (Operator, "+"),
        (Number.Integer, "1"),
        (Punctuation, "("), (Number.Integer, "60"), (Punctuation, ","), (Number.Integer, "59"),
        (Punctuation, ")"),
        (Comment.Single, "# discarded"),
        (Name.Variable, "E"), (Keyword, "knock"),
    ]


def test_results_and_winner() -> None:
    assert tokens("  result domino N (10,9)\nwinner N+S (61,40)\nend\n") == [
        (Keyword, "result"), (Keyword.Constant, "domino"), (Name.Variable, "N"),
        (Punctuation, "("), (Number.Integer, "10"), (Punctuation, ","), (Number.Integer, "9"),
        (Punctuation, ")"),
        (Keyword, "winner"), (Name.Variable, "N+S"),
        (Punctuation, "("), (Number.Integer, "61"), (Punctuation, ","), (Number.Integer, "40"),
        (Punctuation, ")"),
        (Keyword, "end"),
    ]


def test_pygmentize_on_every_sample_has_no_error_token() -> None:
    for path in sorted((ROOT / "samples").rglob("*.ftn")):
        toks = list(FTNLexer().get_tokens(path.read_text(encoding="utf-8")))
        assert not [v for t, v in toks if t is Error], path.name
    sample = ROOT / "samples" / "valid" / "two-players-r8-3.ftn"
    r = subprocess.run([sys.executable, "-m", "pygments", "-l", "ftn", "-f", "raw", str(sample)],
                       capture_output=True, text=True, check=True)
    assert "Token.Keyword\t'game'" in r.stdout and "Token.Name.Tag\t'seat'" in r.stdout
    assert "Token.Literal.Number\t'3-4'" in r.stdout
