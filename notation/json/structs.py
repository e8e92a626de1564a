"""A JSON Lines game decoded in one pass into typed values, then a record.

Boundary: the fast path of reading a JSON game, no more. msgspec decodes a
line straight into the ``Struct`` s below (the record schema's shapes, types
and bounds as msgspec constraints), and ``json.form.game_from_structs``
builds the record from them, as ``game_from_json`` builds it from the
schema-valid dicts. Whatever they cannot decide is left to the caller's slow path (the
dicts, the schema's validators and messages): a text msgspec refuses, a
constraint the types do not state (``dependentRequired``, the result's
if/then/else, the tags' values: ``tags_ok``), too many rounds. So this
module gives a record or None, never an error, and gives a record only
for a text the schema accepts, equal to the one the slow path builds.

The constraints restate ``json.schema``'s: a test holds each ``Struct`` to
its schema object (fields, required fields, patterns, bounds, enums).
"""



from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Final, Literal

import msgspec
from msgspec import UNSET, Meta, Struct, UnsetType

from notation.json.schema import COMMENT_PATTERN, SEAT_PATTERN, WINNER_PATTERN
from notation.model import MAX_DIGITS, Game

#: The largest number the reader takes (``MAX_DIGITS`` digits): the bound
#: the slow path's trust test adds to every number of the schema.
LARGEST: Final = 10**MAX_DIGITS - 1

Count = Annotated[int, Meta(ge=0, le=LARGEST)]
Pip = Annotated[int, Meta(ge=0, le=99)]
Seat = Annotated[str, Meta(pattern=SEAT_PATTERN)]
Text = Annotated[str, Meta(pattern=COMMENT_PATTERN)]
Totals = Annotated[tuple[Count, ...], Meta(min_length=1)]
Tile = tuple[Pip, Pip]


class CommentsS(Struct, forbid_unknown_fields=True, gc=False):
    before: list[Text] | UnsetType = UNSET
    after: Text | UnsetType = UNSET


class PosS(Struct, forbid_unknown_fields=True, gc=False):
    line: Count
    col: Count


class PlacePosS(Struct, forbid_unknown_fields=True, gc=False):
    line: Count
    col: Count
    endTotal: Count | UnsetType = UNSET
    points: Count | UnsetType = UNSET
    totals: Count | UnsetType = UNSET


class TotalsPosS(Struct, forbid_unknown_fields=True, gc=False):
    line: Count
    col: Count
    totals: Count | UnsetType = UNSET


class GamePosS(Struct, forbid_unknown_fields=True, gc=False):
    line: Count
    col: Count
    endLine: Count | UnsetType = UNSET


class PlaceS(Struct, tag_field="type", tag="place", forbid_unknown_fields=True, gc=False):
    knock: ClassVar[bool] = False
    seat: Seat
    tile: Tile
    end: Literal["L", "R"] | UnsetType = UNSET
    endTotal: Count | UnsetType = UNSET
    points: Count | UnsetType = UNSET
    bonus: Count | UnsetType = UNSET
    discarded: bool | UnsetType = UNSET
    totals: Totals | UnsetType = UNSET
    comments: CommentsS | UnsetType = UNSET
    pos: PlacePosS | UnsetType = UNSET


class KnockS(Struct, tag_field="type", tag="knock", forbid_unknown_fields=True, gc=False):
    knock: ClassVar[bool] = True
    seat: Seat
    totals: Totals | UnsetType = UNSET
    comments: CommentsS | UnsetType = UNSET
    pos: TotalsPosS | UnsetType = UNSET


class DealS(Struct, forbid_unknown_fields=True, gc=False):
    seat: Seat
    tiles: Annotated[list[Tile | None], Meta(min_length=1)]
    comments: CommentsS | UnsetType = UNSET
    pos: PosS | UnsetType = UNSET


class ResultS(Struct, forbid_unknown_fields=True, gc=False):
    outcome: Literal["domino", "blocked", "target"] | UnsetType = UNSET
    seat: Seat | UnsetType = UNSET
    totals: Totals | UnsetType = UNSET
    comments: CommentsS | UnsetType = UNSET
    pos: TotalsPosS | UnsetType = UNSET


class RoundS(Struct, forbid_unknown_fields=True, gc=False):
    number: Annotated[int, Meta(ge=1, le=LARGEST)]
    opener: Seat
    deals: list[DealS]
    events: list[PlaceS | KnockS]
    result: ResultS | UnsetType = UNSET
    comments: CommentsS | UnsetType = UNSET
    pos: PosS | UnsetType = UNSET


class WinnerS(Struct, forbid_unknown_fields=True, gc=False):
    side: Annotated[str, Meta(pattern=WINNER_PATTERN)]
    totals: Totals | UnsetType = UNSET
    comments: CommentsS | UnsetType = UNSET
    pos: TotalsPosS | UnsetType = UNSET


class GameS(Struct, forbid_unknown_fields=True, gc=False):
    format: Literal["ftn-json-1"]
    tags: Any  # the tags' values hang on their keys: ``tags_ok``'s to test
    rounds: list[RoundS]
    winner: WinnerS | UnsetType = UNSET
    comments: CommentsS | UnsetType = UNSET
    endComments: CommentsS | UnsetType = UNSET
    closing: list[Text] | UnsetType = UNSET
    pos: GamePosS | UnsetType = UNSET


#: A test of a game's tags (a list of the decoded values) against the
#: record schema's: what the types here do not state.
TagsTest = Callable[[Any], bool]


class Typed:
    """``text`` as a record (made by ``build``) when it decodes cleanly into
    the ``Struct`` s and passes every test; else None (read it the slow
    way)."""

    def __init__(self, tags_ok: TagsTest, float_hook: Callable[[str], Any],
                 build: Callable[[GameS], Game | None]) -> None:
        self.tags_ok = tags_ok
        self.build = build  # ``json.form.game_from_structs``
        self.decode = msgspec.json.Decoder(GameS, float_hook=float_hook).decode

    def __call__(self, text: str) -> Game | None:
        try:
            g = self.decode(text)
        except (ValueError, RecursionError):  # (msgspec's errors are ValueErrors)
            return None
        if not self.tags_ok(g.tags):
            return None
        return self.build(g)
