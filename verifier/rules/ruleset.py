"""The rule options of a game (``RULES.md`` R9) as one typed value, ``Rules``.

Boundary: the value every rule of the engine reads (so that a variant
changes data, not code paths), with the main form's options as defaults, what
follows from them (the side of each seat, the points of each end total, the
size of the set) and what makes a combination impossible. It does not read
option words (``rules.options.resolve`` turns a record's declarations into a
``Rules``) and applies no rule of play. No I/O.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from verifier.rules.scoring import points_for

OPENER_POLICIES = ("rotate", "highest-double")


@dataclass(frozen=True, slots=True)
class Rules:
    """Every rule option of R9, with the main form's values as defaults.

    ``players`` (R1.2), ``max_pip`` (the set, R1.1/V1), ``hand_size`` (R2.1/V1),
    ``target`` (R8/V2), ``divisors`` (R6.2/V3), ``immediate_end`` (R8.2-R8.4/V4),
    ``opener`` (R3/V5), ``partnerships`` (R1.3/V6), ``bonus`` (R7.1/V7).
    """

    players: int = 2
    max_pip: int = 6
    hand_size: int = 7
    target: int = 61
    divisors: tuple[int, ...] = (3, 5)
    bonus: int = 1
    partnerships: bool = False
    opener: str = "rotate"
    immediate_end: bool = True
    # Derived, for speed: the side of each seat, and the points of each end total.
    side_of: tuple[int, ...] = field(init=False, repr=False, compare=False)
    points_table: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.partnerships and self.players % 2 == 0:
            half = self.players // 2
            sides = tuple(s % half for s in range(self.players))
        else:
            sides = tuple(range(self.players))
        object.__setattr__(self, "side_of", sides)
        top = 4 * self.max_pip + 1
        object.__setattr__(
            self, "points_table", tuple(points_for(s, self.divisors) for s in range(top + 1))
        )

    @classmethod
    def main_form(cls, players: int) -> Rules:
        """The main form (R1-R8) for 2, 3 or 4 players."""
        return cls(
            players=players,
            hand_size=7 if players == 2 else 5,  # R2.1
            partnerships=players == 4,  # R1.3
        )

    @property
    def set_size(self) -> int:
        """Tiles in the set: 28 for double-six (R1.1)."""
        return (self.max_pip + 1) * (self.max_pip + 2) // 2

    @property
    def side_count(self) -> int:
        """How many sides score (R1.3)."""
        return max(self.side_of) + 1

    def seats_of_side(self, side: int) -> tuple[int, ...]:
        """The seats of one side, in seat order."""
        return tuple(s for s in range(self.players) if self.side_of[s] == side)

    def problems(self) -> list[str]:
        """What makes this combination of options impossible (empty if none)."""
        out = []
        if self.players < 2:
            out.append(f"at least 2 players are needed, not {self.players}")
        if self.hand_size < 1:
            out.append(f"the hand size must be at least 1, not {self.hand_size}")
        if self.players * self.hand_size > self.set_size:
            out.append(
                f"{self.players} hands of {self.hand_size} need "
                f"{self.players * self.hand_size} tiles; the set has {self.set_size}"
            )
        if self.target < 1:
            out.append(f"the target must be positive, not {self.target}")
        if self.opener not in OPENER_POLICIES:
            out.append(f"unknown opener policy {self.opener!r}")
        return out
