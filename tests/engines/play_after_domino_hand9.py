"""A wrong engine: the round goes on after a player has dominoed (R7.1),
under 9-tile hands and no domino bonus (``[rule "hand" "9"]``,
``[rule "bonus" "0"]``, V1, V7): nothing but the play after the domino
shows the defect. Two players."""

from _base import main
from play_after_domino import PlayAfterDomino

RULES = (("hand", "9"), ("bonus", "0"))


class PlayAfterDominoHand9(PlayAfterDomino):
    pass


if __name__ == "__main__":
    main(PlayAfterDominoHand9, rules=RULES)
