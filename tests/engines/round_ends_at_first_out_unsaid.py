"""A wrong engine (four players, partners): as ``round_ends_at_first_out``,
the round ends with the domino bonus as soon as the first partner of a side
empties its hand (R7.2); its records write no result line (the next round,
or the record's end, is all that shows the round ended). Write its records
with --players 4."""

from _base import main
from round_ends_at_first_out import RoundEndsAtFirstOut


class RoundEndsAtFirstOutUnsaid(RoundEndsAtFirstOut):
    writes_result = False


if __name__ == "__main__":
    main(RoundEndsAtFirstOutUnsaid)
