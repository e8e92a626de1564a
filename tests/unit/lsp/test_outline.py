"""The language server's outline (``textDocument/documentSymbol``: games,
and their rounds) and folding ranges (games, rounds, blocks of comment
lines): ``lsp.features.outline`` and ``folds`` on hand-made records, and
the same over the protocol, from ``ftn server`` as a process."""

from __future__ import annotations

import asyncio

from lsprotocol import types as t
from support.lsp_session import Session, uri_of

from verifier.lsp import features
from verifier.lsp.document import Document

# Lines, 1-based: a comment block 1-2, game 1 on 3-17 (round 1 on 9-14,
# round 2 on 16-16), a lone comment on 18, game 2 on 19-25 (round 1 on
# 23-24). Game 2's claims are not the point: only its lines are.
TEXT = """\
# two games
# of two players
game
[ftn "1"]
[seat "N" "Ann"]
[seat "S" "Sam"]
[first "N"]
[event "Club night"]
round 1 opener N
  deal N 6-6 6-3 5-5 4-1 2-0 3-3 1-1
  deal S 6-4 3-1 5-0 2-2 4-4 6-2 0-0
  N 6-6 =12 +4 (4,0)
  # a comment inside a round
  S 6-4 L =16 +0 (4,0)

round 2 opener S
end
# between the games
game
[ftn "1"]
[seat "N"]
[seat "S"]
round 1 opener N
  N 6-6
end
"""


def _doc() -> Document:
    doc = Document("two.ftn")
    doc.update(TEXT)
    return doc


def test_the_outline_gives_each_game_and_its_rounds_with_their_lines() -> None:
    got = [(g.name, g.detail, g.first, g.last, [(r.name, r.detail, r.first, r.last)
                                                for r in g.children])
           for g in features.outline(_doc())]
    assert got == [
        ("game 1", "N Ann, S Sam; Club night", 3, 17,
         [("round 1", "opener N", 9, 14), ("round 2", "opener S", 16, 16)]),
        ("game 2", "N, S", 19, 25, [("round 1", "opener N", 23, 24)]),
    ]


def test_folds_are_games_rounds_and_comment_blocks() -> None:
    assert features.folds(_doc()) == [(1, 2, True), (3, 17, False), (9, 14, False),
                                      (19, 25, False), (23, 24, False)]


def test_a_json_document_has_no_outline() -> None:
    doc = Document("g.jsonl")
    doc.update('{"format": "ftn-json-1", "tags": [], "rounds": []}\n')
    assert features.outline(doc) == [] and features.folds(doc) == []


def test_outline_and_folding_over_the_protocol() -> None:
    async def session() -> None:
        async with Session() as s:
            assert s.result is not None
            caps = s.result.capabilities
            assert caps.document_symbol_provider and caps.folding_range_provider
            uri = uri_of("two.ftn")
            await s.open(uri, TEXT)
            symbols = await s.symbols(uri)
            assert symbols is not None
            game = symbols[0]
            assert isinstance(game, t.DocumentSymbol)
            assert (game.name, game.detail, game.kind) == (
                "game 1", "N Ann, S Sam; Club night", t.SymbolKind.Module)
            # from the 'game' line (0-based 2) to the end of the 'end' line (16)
            assert (game.range.start, game.range.end) == (t.Position(2, 0), t.Position(16, 3))
            assert game.children is not None
            first = game.children[0]
            assert (first.name, first.kind) == ("round 1", t.SymbolKind.Event)
            assert (first.range.start.line, first.range.end.line) == (8, 13)
            # the name's range: the 'round' line's text
            assert (first.selection_range.start, first.selection_range.end) == (
                t.Position(8, 0), t.Position(8, 16))
            folds = await s.folding(uri)
            assert folds is not None
            assert [(f.start_line, f.end_line, f.kind) for f in folds] == [
                (0, 1, t.FoldingRangeKind.Comment), (2, 16, t.FoldingRangeKind.Region),
                (8, 13, t.FoldingRangeKind.Region), (18, 24, t.FoldingRangeKind.Region),
                (22, 23, t.FoldingRangeKind.Region)]

    asyncio.run(session())


# A game being typed: no 'end' yet (lines 1-6, the last two blank).
UNENDED = """\
game
[ftn "1"]
[seat "N"]
[seat "S"]
round 1 opener N
  N 6-6

"""


def test_a_game_without_its_end_line_ends_at_its_last_line_that_is_not_blank() -> None:
    doc = Document("typing.ftn")
    doc.update(UNENDED)
    assert [(g.name, g.first, g.last, [(r.first, r.last) for r in g.children])
            for g in features.outline(doc)] == [("game 1", 1, 6, [(5, 6)])]
    doc.update("game\n")
    assert [(g.name, g.first, g.last) for g in features.outline(doc)] == [("game 1", 1, 1)]


def test_a_game_cut_short_by_the_next_game_line_ends_before_it() -> None:
    doc = Document("two.ftn")
    doc.update(UNENDED + "# a note\ngame\n[ftn \"1\"]\nend\n")
    # game 1: lines 1-8 (its round and the comment after it), game 2: 9-11
    assert [(g.name, g.first, g.last) for g in features.outline(doc)] == [
        ("game 1", 1, 8), ("game 2", 9, 11)]
    assert features.folds(doc) == [(1, 8, False), (5, 6, False), (9, 11, False)]


def test_the_outline_of_a_game_being_typed_over_the_protocol() -> None:
    async def session() -> None:
        async with Session() as s:
            for text, end in ((UNENDED, t.Position(5, 7)), ("game\n", t.Position(0, 4)),
                              ("game", t.Position(0, 4))):
                uri = uri_of(f"typing{len(text)}.ftn")
                await s.open(uri, text)
                symbols = await s.symbols(uri)
                assert symbols is not None and len(symbols) == 1
                game = symbols[0]
                assert isinstance(game, t.DocumentSymbol)
                assert (game.name, game.range.start, game.range.end) == (
                    "game 1", t.Position(0, 0), end)

    asyncio.run(session())
