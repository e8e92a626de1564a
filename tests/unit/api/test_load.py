"""``api.load`` gives a file's records (``Board.from_game`` takes one),
``api.read_text`` its text; ``dir(verifier)`` shows the public names only."""

from __future__ import annotations

from pathlib import Path

import pytest
from support.paths import SAMPLES

import verifier
from verifier import Board, InputError, api


def test_load_gives_the_records_that_board_takes() -> None:
    path = SAMPLES / "valid" / "three-players.ftn"
    games = api.load(path)
    assert len(games) == 1 and [t.values for t in games[0].tags if t.key == "seat"] == [
        ("N", "Player 1"), ("E", "Player 2"), ("W", "Player 3")]
    board = Board.from_game(games[0], round=1, event=2)
    assert board.turn == "W" and board.seats == ("N", "E", "W")
    assert api.read_text(path) == path.read_text(encoding="utf-8")


def test_load_of_a_record_that_cannot_be_read_says_where(tmp_path: Path) -> None:
    path = tmp_path / "bad.ftn"
    path.write_text("game\n[ftn \"1\"]\nround x\nend\n", encoding="utf-8")
    with pytest.raises(InputError, match=rf"^{path}:3:\d+: FT001 syntax-error: "):
        api.load(path)


def test_dir_shows_the_public_names_only() -> None:
    names = dir(verifier)
    assert names == sorted(verifier.__all__)
    assert "annotations" not in names and "importlib" not in names and "Board" in names
