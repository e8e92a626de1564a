"""Tests of ``verifier.pipeline.jobs.rewrite``: inputs converted, formatted and replayed a
piece at a time give, joined, exactly the text of the whole-text functions
(``convert_text``, ``format_text``, ``replay_text``); at a game that cannot
be read, exactly the games before it."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable

import pytest
from golden import mutate
from support.paths import SAMPLES

from notation.ftn.printer import print_games
from notation.json.encoding import indented_by_json
from verifier.api import replay_text
from verifier.files.formats import NOTATIONS, Layout, crlf, first_lines, fmt_target, pieces, sniff
from verifier.pipeline.driver import Text, collect
from verifier.pipeline.jobs.rewrite import (
    Joiner,
    Part,
    Same,
    convert_piece,
    convert_text,
    format_piece,
    format_text,
    replay_piece,
    replayed_games,
)
from verifier.render.trace import JSON, TABLE, table
from verifier.rules.generate import generate_games, hide_hands


@functools.cache
def generated(n: int = 3) -> str:
    """Games of 2, 3 and 4 players, whole and partial records, a variant."""
    parts = [print_games(generate_games(p, n, 40 + p)) for p in (2, 3, 4)]
    parts.append(print_games(hide_hands(g, ["S"]) for g in generate_games(4, n, 9)))
    parts.append(print_games(generate_games(3, n, 8, "online")))
    return "\n".join(parts)


#: Quick runs: the samples and a few generated games; slow ones: more games.
SIZES = [pytest.param(1, 1), pytest.param(3000, 12, marks=pytest.mark.slow),
         pytest.param(1 << 18, 12, marks=pytest.mark.slow)]


@functools.cache
def texts(n: int = 3) -> dict[str, str]:
    """Every sample, and generated games as FTN, a JSON array, JSON Lines,
    each also with CRLF line ends."""
    out = {}
    for p in sorted(SAMPLES.rglob("*")):
        if p.is_file() and p.suffix in (".ftn", ".jsonl", ".json"):
            out[p.name] = p.read_text(encoding="utf-8")
    ftn = generated(n)
    out["gen.ftn"] = ftn
    for to in ("json", "jsonl"):
        text, _ = convert_text(ftn, to)
        assert text is not None
        out[f"gen.{to}"] = text
    for name in list(out):
        if name.startswith("gen."):
            out["crlf-" + name] = out[name].replace("\n", "\r\n")
    out["messy.ftn"] = ftn.replace("  N ", "   N ").replace("\nend\n", "\nend\n\n\n")
    out["pretty.json"] = out["gen.json"].replace(",\n", ",\n\n")
    return out


def streamed(text: str, name: str, work: Callable[..., Part], layout: Layout,
             size: int) -> tuple[str, list[str]]:
    """What the pieces of a text give, joined; and the problems met."""
    head, lines = first_lines(text.split("\n"))
    how, _ = sniff(head, name)
    joiner = Joiner(layout)
    out, problems = [], []
    for piece in pieces(lines, name, how, size=size):
        part = work(piece)
        problems += [f"{d.line}:{d.col} {d.code}" for d in part.problems]
        out.append(joiner.add(part))
    out.append(joiner.end())
    return "".join(out), problems


@pytest.mark.parametrize(("size", "n"), SIZES)
def test_converting_in_pieces_gives_the_whole_text(size: int, n: int) -> None:
    for name, text in texts(n).items():
        for to in ("ftn", "json", "jsonl"):
            want, errors = convert_text(text, to, name)
            work = functools.partial(convert_piece, to=to)
            got, problems = streamed(text, name, work, NOTATIONS[to].layout, size)
            assert problems == [f"{d.line}:{d.col} {d.code}" for d in errors], name
            if want is not None:
                assert got == want, (name, to)


def test_positions_in_pieces_are_those_of_the_whole_file() -> None:
    text = generated()
    want, _ = convert_text(text, "jsonl", "g.ftn", positions=True)
    work = functools.partial(convert_piece, to="jsonl", positions=True)
    assert streamed(text, "g.ftn", work, NOTATIONS["jsonl"].layout, 2000)[0] == want


@pytest.mark.parametrize(("size", "n"), SIZES)
def test_formatting_in_pieces_gives_the_whole_text(size: int, n: int) -> None:
    for name, text in texts(n).items():
        want, errors = format_text(text, name)
        head = first_lines(text.split("\n"))[0]
        how, _ = sniff(head, name)
        layout = NOTATIONS[fmt_target(how, head)].layout
        got, problems = streamed(text, name, format_piece, layout, size)
        assert problems == [f"{d.line}:{d.col} {d.code}" for d in errors], name
        if want is not None and not got and want == text:
            continue  # a text of no game: the pieces give nothing, fmt leaves it as it is
        if want is not None:
            assert (got.replace("\n", "\r\n") if crlf(head) else got) == want, name


@pytest.mark.parametrize("as_json", [False, True])
@pytest.mark.parametrize(("size", "n"), SIZES)
def test_replaying_in_pieces_gives_the_whole_text(as_json: bool, size: int, n: int) -> None:
    for name, text in texts(n).items():
        doc, errors = replay_text(text, name)
        ((_, (games, _)),) = collect(replayed_games, Text(text, name))
        tables = "".join(map(table, games)) or "\n"  # no game: an empty line
        want = indented_by_json(doc) + "\n" if as_json else tables
        drawn = JSON if as_json else TABLE
        work = functools.partial(replay_piece, draw=drawn.game, sep=drawn.layout.sep)
        got, problems = streamed(text, name, work, drawn.layout, size)
        assert problems == [f"{d.line}:{d.col} {d.code}" for d in errors], name
        if not errors:
            assert got == want, name
    empty = functools.partial(replay_piece, draw=JSON.game, sep=JSON.layout.sep)
    nothing = indented_by_json({"version": 1, "games": []}) + "\n"
    assert streamed("", "e.ftn", empty, JSON.layout, 10)[0] == nothing


def test_a_piece_notes_a_stopped_replay() -> None:
    text = (SAMPLES / "invalid" / "knock-while-able.ftn").read_text(encoding="utf-8")
    (piece,) = pieces(text.split("\n"), "k.ftn")
    assert replay_piece(piece, table).stopped
    (piece,) = pieces(generated().split("\n"), "g.ftn")
    assert not replay_piece(piece, table).stopped


def _break(text: str, seed: int) -> tuple[str, int]:
    """An FTN text with a line that does not parse in one of its games, and
    how many whole games come before that game."""
    games = text.split("\ngame\n")
    k = random.Random(seed).randrange(1, len(games))
    lines = games[k].split("\n")
    lines[len(lines) // 2] = "this is not ftn"
    games[k] = "\n".join(lines)
    return "\ngame\n".join(games), k


@pytest.mark.parametrize("to", ["ftn", "json", "jsonl"])
def test_at_a_game_that_cannot_be_read_the_games_before_it_are_written(to: str) -> None:
    text = mutate(generated(), 3)  # findings, but every game reads
    whole, _ = convert_text(text, to)
    assert whole is not None
    for seed in range(4):
        bad, before = _break(text, seed)
        got, problems = streamed(bad, "b.ftn", functools.partial(convert_piece, to=to),
                                 NOTATIONS[to].layout, 2500)
        assert problems and all(p.endswith("FT001") for p in problems)
        good, _ = convert_text("\ngame\n".join(text.split("\ngame\n")[:before]) + "\n", to)
        assert good is not None
        # The games before the one that cannot be read, as the whole text has them.
        want = good[: len(good) - len(NOTATIONS[to].layout.tail)] if to == "json" else good
        assert got == want and whole.startswith(want)


def test_the_joiner_writes_nothing_after_a_problem() -> None:
    joiner = Joiner(NOTATIONS["json"].layout)
    assert joiner.add(Part()) == ""
    assert joiner.add(Part("a,\nb", 2)) == "[\na,\nb"
    assert joiner.add(Part("c", 1)) == ",\nc"
    assert joiner.add(Part("d", 1, ["x"])) == ",\nd"  # type: ignore[list-item]
    assert joiner.add(Part("e", 1)) == "" and joiner.end() == ""
    assert Joiner(NOTATIONS["json"].layout).end() == "[\n\n]\n"


@pytest.mark.parametrize(("a", "b", "same"), [
    (["abc", "def"], ["ab", "cdef"], True),
    (["", "abc"], ["abc", ""], True),
    (["abc"], ["abd"], False),
    (["abc"], ["ab"], False),
    (["ab"], ["abc"], False),
    ([""], [""], True),
])
def test_same_compares_texts_given_in_chunks(a: list[str], b: list[str], same: bool) -> None:
    s = Same()
    for x, y in zip(a, b, strict=True):
        s.add(x, y)
    assert s.end() is not same


def test_same_knows_how_much_matched_and_what_came_after() -> None:
    s = Same()
    assert not s.add("game\nend\n", "game\n")
    assert s.add("", "en  d\nmore")
    assert s.matched == len("game\n") and s.rest == "en  d\nmore"


def test_the_head_of_an_input() -> None:
    head, lines = first_lines(["", "", "game\r", "end\r", ""])
    assert head == ["", "", "game\r"] and list(lines) == ["", "", "game\r", "end\r", ""]
    assert first_lines(["game\r"])[0] == ["game\r"] and not crlf(["game\r"])
    assert crlf(first_lines(["game\r", "end\r", ""])[0])
    assert fmt_target("json", ["", " \ufeff[", "{}"]) == "json"
    assert fmt_target("json", ["  {", "}"]) == "jsonl"
    assert fmt_target("json", ["", "  "]) == "jsonl"
    assert fmt_target("ftn", ["["]) == "ftn"


def test_the_replay_job_draws_each_game_with_the_drawing_it_is_given() -> None:
    # generated(1): five games of one file, one piece; the job draws, in order, what it is given
    (piece,) = pieces(generated(1).split("\n"), "g.ftn")
    part = replay_piece(piece, lambda g: f"game {g.game} of {len(g.seats)}", " | ")
    assert (part.games, part.text) == (
        5, "game 1 of 2 | game 2 of 3 | game 3 of 4 | game 4 of 4 | game 5 of 3")
