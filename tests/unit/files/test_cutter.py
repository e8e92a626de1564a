"""The FTN cutter works a chunk of text at a time (``parallel.ftn_pieces``:
it searches for 'game' lines, with no step a line); these tests hold it to
the cutter it replaced, which stepped line by line (kept here as the
oracle, ``by_lines``): the same pieces, lines, first lines and first games,
whatever the chunks, the piece size and the text (blank lines with "\\r",
comments between games, a BOM, indented and commented 'game' and 'end'
lines, 'end' lines that are not, CRLF)."""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator

import pytest
from support.corpora import mutated

from notation.ftn.grammar import line_regex
from verifier.files.pieces import Piece, ftn_pieces
from verifier.files.streams import Chunked


def by_lines(it: Iterable[str], source: str, size: int) -> Iterator[Piece]:
    """The cutter of before, a line at a time (the oracle)."""
    fullmatch = line_regex().fullmatch
    first_line = first_game = 1
    buf: list[str] = []
    games = chars = 0
    after_end = False
    for line in it:
        chars += len(line)
        s = line.lstrip(" \t\ufeff")
        if not s or s[0] in "\r":
            buf.append(line)
            continue
        c = s[0]
        if c == "#":
            after_end = False
            buf.append(line)
            continue
        if c == "g" and s.startswith("game"):
            m = fullmatch(line.rstrip("\r").lstrip("\ufeff"))
            if m is not None and m.group("GAME") is not None:
                if after_end and chars - len(line) >= size:
                    yield Piece(source, "ftn", buf, first_line, first_game)
                    first_line += len(buf)
                    first_game += games
                    buf, games, chars = [], 0, len(line)
                games += 1
            after_end = False
        elif c == "e" and s.startswith("end"):
            m = fullmatch(line.rstrip("\r"))
            after_end = m is not None and m.group("END") is not None
        else:
            after_end = False
        buf.append(line)
    yield Piece(source, "ftn", buf, first_line, first_game)


# Lines that put the cutter's tests to the proof, mixed into real records.
ODD = ["", "\r", "  ", "\t\r", "# a comment", "  # indented", "end", "  end  ", "end # c",
       "endx", "end\r", "ending", "game", "  game", "game # g", "gamex", "game\r", "\ufeffgame",
       "\ufeff", "games", "  \ufeffend", "end end", "# game", "#", "round 1 opener N"]


def shaken(text: str, rng: random.Random) -> list[str]:
    lines = text.split("\n")
    for _ in range(len(lines) // 15):
        lines.insert(rng.randrange(len(lines) + 1), rng.choice(ODD))
    return lines


def chunked(lines: list[str], rng: random.Random) -> Chunked:
    """The lines as chunks cut at random line ends (some of one line)."""
    texts: list[str] = []
    i = 0
    while i < len(lines):
        n = rng.choice([1, 1, 2, 3, 7, 40, 500])
        texts.append("\n".join(lines[i:i + n]))
        i += n
    return Chunked(texts)


def same(a: list[Piece], b: list[Piece]) -> None:
    assert [(p.first_line, p.first_game, p.lines) for p in a] == [
        (p.first_line, p.first_game, p.lines) for p in b]


@pytest.mark.parametrize("seed", range(12))
def test_the_chunked_cutter_cuts_where_the_line_cutter_did(seed: int) -> None:
    rng = random.Random(seed)
    text = mutated(3, seed)
    if seed % 3 == 1:
        text = text.replace("\n", "\r\n")
    lines = shaken(text, rng)
    for size in (0, 1, 17, 200, 1000, 5000, 1 << 18):
        want = list(by_lines(lines, "x.ftn", size))
        same(list(ftn_pieces(chunked(lines, rng), "x.ftn", size)), want)
        same(list(ftn_pieces(iter(lines), "x.ftn", size)), want)  # lines, gathered
        if size == 17:
            assert len(want) > 5  # the test cuts


def test_a_piece_of_exactly_the_size_is_cut() -> None:
    lines = mutated(2, 5).split("\n")
    # The characters before each 'game' line (line ends left out): each a
    # size at which a piece is cut there exactly.
    at = [sum(map(len, lines[:i])) for i, line in enumerate(lines) if line == "game"][1:6]
    rng = random.Random(5)
    for size in at:
        want = list(by_lines(lines, "x.ftn", size))
        assert sum(map(len, want[0].lines)) == size
        same(list(ftn_pieces(chunked(lines, rng), "x.ftn", size)), want)


def test_cuts_at_the_first_line_of_a_chunk_and_across_blank_chunks() -> None:
    # An 'end' line ending one chunk, blank chunks, then the 'game' line.
    texts = ["game\nend", "", "\r", "game\nend", "game\nend\n"]
    lines = "\n".join(texts).split("\n")
    want = list(by_lines(lines, "x.ftn", 1))
    assert [p.first_line for p in want] == [1, 5, 7]
    same(list(ftn_pieces(Chunked(texts), "x.ftn", 1)), want)
    # A comment chunk between them: no cut there.
    texts = ["game\nend", "# c", "game\nend"]
    got = list(ftn_pieces(Chunked(texts), "x.ftn", 1))
    assert [p.first_line for p in got] == [1]
    same(got, list(by_lines("\n".join(texts).split("\n"), "x.ftn", 1)))


def test_no_text_is_one_piece_without_lines() -> None:
    same(list(ftn_pieces(Chunked([]), "x.ftn", 1)), [Piece("x.ftn", "ftn", [], 1, 1)])
    same(list(ftn_pieces(Chunked([""]), "x.ftn", 1)), [Piece("x.ftn", "ftn", [""], 1, 1)])


def test_game_lines_without_end_lines_are_searched_once() -> None:
    # 200,000 'game' lines in one chunk and no 'end' line: no cut, and each
    # line end counted once (counted again from the piece's start for each
    # 'game' line, this took hours).
    text = "\n".join(["game", '[a "b"]'] * 200_000)
    (piece,) = ftn_pieces(Chunked([text]), "x.ftn", 1000)
    assert len(piece.lines) == 400_000 and piece.first_game == 1


@pytest.mark.parametrize("text", ["game" * 500_000, ("x game " * 100_000 + "\n") * 5,
                                  "\ufeff \tgame\n" + "  game  # game\n" * 3])
def test_lines_full_of_the_word_game_are_searched_once(text: str) -> None:
    # "game" a million times in one line, or after other words: each line
    # is looked at once (from each "game" back to its line's start, this
    # took hours); the cuts are the line cutter's.
    lines = text.split("\n")
    same(list(ftn_pieces(Chunked([text]), "x.ftn", 1)), list(by_lines(lines, "x.ftn", 1)))
