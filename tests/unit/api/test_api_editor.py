"""Tests of verifier.api's functions for an editor's text (what the
language server calls, and any editor integration would): its pieces of
whole games, the findings of each piece under the settings of its folder,
the games of a piece, ``ftn fmt``'s and ``ftn fill``'s text, a game's trace
and the seat to act with its legal moves."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from support.paths import read_sample

from notation import parse_games
from verifier import InputError, Move, Piece, SettingsError, api
from verifier.diagnostics import Diagnostic

KNOCK = read_sample("invalid", "knock-while-able.ftn")
PARTIAL = read_sample("valid", "partial-no-deals.ftn")


def _two_games() -> str:
    """Two games with a comment between them (the second's number is 2)."""
    return KNOCK + "# between the games\n" + KNOCK.split("\n", 2)[2]


def test_pieces_cut_before_every_game_after_an_end_comments_between_or_not() -> None:
    text = _two_games()
    lines = text.split("\n")
    found = api.pieces(lines, "two.ftn")
    second = lines.index("game", lines.index("game") + 1) + 1  # the second 'game' line
    assert [(p.how, p.first_line, p.first_game) for p in found] == [
        ("ftn", 1, 1), ("ftn", second, 2)]
    assert found[0].lines[-2:] == ["end", "# between the games"]  # the comment before the cut
    assert sum(len(p.lines) for p in found) == len(lines)
    jsonl = api.pieces(['{"a": 1}', '{"b": 2}', ""], "x.jsonl")
    assert [(p.how, p.lines, p.first_line) for p in jsonl][:2] == [
        ("jsonl", ['{"a": 1}'], 1), ("jsonl", ['{"b": 2}'], 2)]


def test_the_pieces_checked_alone_give_the_findings_of_the_whole_text() -> None:
    text = _two_games()
    expected = [(d.code, d.line, d.col, d.game) for d in
                api.check(io.StringIO(text), "two.ftn").diagnostics]
    got: list[tuple[str, int, int, int]] = []
    reached = 0
    for p in api.pieces(text.split("\n"), "two.ftn"):
        found, number = api.check_piece(p)
        got += [(d.code, d.line, d.col, d.game) for d in found]
        reached = max(reached, number)
    # knock-while-able, and the note that the rest of its round is not judged, once a game
    assert got == expected and [c for c, *_ in got] == ["FT205", "FT501"] * 2
    assert reached == 2


def test_a_piece_is_checked_under_the_settings_of_its_folder(tmp_path: Path) -> None:
    record = tmp_path / "league" / "knock.ftn"
    record.parent.mkdir()
    record.write_text(KNOCK, encoding="utf-8")
    (piece,) = api.pieces(KNOCK.split("\n"), str(record))
    assert [d.code for d in api.check_piece(piece, api.settings_for(record))[0]] == [
        "FT205", "FT501"]
    (tmp_path / "ftn.toml").write_text('ignore = ["FT205"]\n', encoding="utf-8")
    settings = api.settings_for(record)  # the file above the record's folder is found
    # (the note of the claims not judged is a code of its own)
    def codes(found: tuple[list[Diagnostic], int]) -> tuple[list[str], int]:
        return [d.code for d in found[0]], found[1]

    assert settings.file is not None and codes(api.check_piece(piece, settings)) == (
        ["FT501"], 1)
    assert codes(api.check_piece(piece, api.settings_for(
        record, config=tmp_path / "ftn.toml"))) == (["FT501"], 1)
    assert codes(api.check_piece(piece, api.settings_for(
        tmp_path / "k.ftn", ignore=["FT205"]))) == (["FT501"], 1)
    with pytest.raises(ValueError, match="FT999"):
        api.settings_for(record, select=["FT999"])
    (tmp_path / "ftn.toml").write_text("ignore = [\n", encoding="utf-8")
    with pytest.raises(SettingsError):
        api.settings_for(record)


def test_no_games_is_a_finding_unless_the_settings_leave_it_out(tmp_path: Path) -> None:
    found = api.no_games("empty.ftn")
    assert found is not None and (found.code, found.name, found.source) == (
        "FT402", "no-games", "empty.ftn")
    (tmp_path / "ftn.toml").write_text('ignore = ["FT402"]\n', encoding="utf-8")
    assert api.no_games("empty.ftn", api.settings_for(tmp_path / "empty.ftn")) is None
    assert api.no_games("empty.ftn", api.settings_for(tmp_path / "x" / "empty.ftn")) is None


def test_piece_games_reads_a_piece_at_its_own_lines() -> None:
    lines = _two_games().split("\n")
    first, second = api.pieces(lines, "two.ftn")
    ((game, number),) = list(api.piece_games(second))
    assert game is not None and number == 2 and game.line == second.first_line
    assert game.end_line == second.first_line + len(second.lines) - 2  # the last line is ""
    bad = Piece("bad.ftn", "ftn", ["game", "[ftn \"1\"]", "round x", "end"], 10, 3)
    read = list(api.piece_games(bad))
    assert read and all(g is None for g, _ in read) and read[0][1] == 3
    assert [n for _, n in api.piece_games(first)] == [1]


def test_format_text_and_fill_text_give_the_text_or_say_why_not() -> None:
    loose = KNOCK.replace("  S 5-1 =6 +2 (0,2)\n", "S   5-1   =6  +2 (0,2)\n", 1)
    assert loose != KNOCK and api.format_text(loose, "k.ftn") == KNOCK
    assert api.format_text(KNOCK.replace("\n", "\r\n")) == KNOCK.replace("\n", "\r\n")
    assert api.format_text("# only a comment\n") == "# only a comment\n"
    stripped = PARTIAL.replace("  N 0-4 =4 +0 (0,0,0)\n", "  N 0-4\n", 1)
    assert stripped != PARTIAL and "  N 0-4 =4 +0 (0,0,0)\n" in api.fill_text(stripped)
    bad = read_sample("invalid", "syntax-error.ftn")
    with pytest.raises(InputError, match=r"^bad\.ftn:\d+:\d+: FT001 "):
        api.format_text(bad, "bad.ftn")
    with pytest.raises(InputError, match=r"^bad\.ftn:\d+:\d+: FT001 "):
        api.fill_text(bad, "bad.ftn")


def test_trace_gives_every_event_and_the_arithmetic_of_its_points() -> None:
    # knock-while-able.ftn round 1: S 5-1 makes the ends 5 | 1, end total 6,
    # 2 points (6 is 3 x 2, R6.2); then N knocks while 1-3 fits: round 1's
    # replay ends there (FT205), and the 11 later rounds are traced from the
    # totals their record implies, to the valid sample's 60,61.
    rep = api.trace(parse_games(KNOCK)[0], 1, "k.ftn")
    assert rep is not None
    assert (rep.sides, rep.target, rep.scores, rep.winner) == (("N", "S"), 61, (60, 61), "S")
    assert rep.stopped is not None and (rep.stopped.code, rep.stopped.line) == ("FT205", 14)
    assert len(rep.rounds) == len(rep.why) == 12 and len(rep.rounds[0].events) == 1
    first = rep.rounds[0].events[0]
    assert (first.seat, first.tile, first.end_total, first.placement_points,
            first.totals) == ("S", (5, 1), 6, 2, (0, 2))
    assert rep.why[0] == {1: "ends 5 + 1 = 6; 6/3=2"}
    whole = api.trace(parse_games(read_sample("valid", "two-players-r8-3.ftn"))[0])
    assert whole is not None and whole.stopped is None and whole.winner is not None
    assert whole.rounds[-1].result is not None


def test_trace_of_a_record_whose_header_cannot_be_read_is_none() -> None:
    game = parse_games(read_sample("invalid", "bad-header.ftn"))[0]
    assert api.trace(game) is None and api.turn(game) is None


def test_turn_gives_the_seat_to_act_and_its_legal_moves() -> None:
    # After S 5-1 (ends 5 | 1), N holds 0-3 1-3 1-6 2-2 2-4 2-6 4-4: 1-3 and
    # 1-6 fit the 1 at the right end.
    lines = KNOCK.split("\n")
    head = lines[lines.index("game"): 13]
    game = parse_games("\n".join([*head, "end", ""]))[0]
    now = api.turn(game, 1, "k.ftn")
    assert now is not None and (now.seat, now.blocked) == ("N", False)
    assert now.moves == (Move((1, 3), "R"), Move((1, 6), "R"))
    # with N's legal 1-3, S's 5-0 and N's 3-0, neither holds a 0: blocked,
    # and S's knock shows it first (R7.5)
    blocked = [*head, "  N 1-3 R", "  S 5-0 L", "  N 3-0 R", "end", ""]
    now = api.turn(parse_games("\n".join(blocked))[0])
    assert now is not None and (now.seat, now.blocked, now.moves) == ("S", True, ())
    assert api.turn(parse_games(KNOCK)[0]) is None  # the replay stopped at the knock
    assert api.turn(parse_games(PARTIAL)[0]) is None  # the game is over
    # partial-no-deals.ftn after its lead N 0-4: E to play, no hand dealt, no move known
    cut = PARTIAL.split("  E 0-3 L", 1)[0]
    now = api.turn(parse_games(cut + "end\n")[0])
    assert now is not None and (now.seat, now.blocked, now.moves) == ("E", False, None)
