"""The test engines of tests/engines/ with a defect: script name -> (the
defect class the audit must name, the rule it breaks, the players its
records are written for). Shared by the audit and protocol tests and by
``tools/audit_table.py``."""

WRONG = {
    "lead_double_doubled": ("lead-double-doubled", "R5.3", 2),
    "double_stops_counting": ("double-stops-counting", "R5.2", 2),
    "play_after_domino": ("play-after-domino", "R7.1, R7.2", 2),
    "bonus_split": ("bonus-split", "R8.1", 2),
    "tile_stays_in_hand": ("tile-stays-in-hand", "R4.5", 2),
    "bonus_missing": ("bonus-missing", "R7.1, R7.2", 2),
    "bonus_to_first_out": ("bonus-to-first-out", "R7.2", 4),
    "round_ends_at_first_out": ("round-ends-at-first-out", "R7.2", 4),
    "overshoot_accepted": ("overshoot-accepted", "R8.2", 2),
    "winning_event_discarded": ("winning-event-discarded", "R8.2", 2),
    "tile_flipped": ("tile-flipped", "R4.1", 2),
    "knock_while_able": ("knock-while-able", "R4.4", 2),
    "round_ends_blocked_at_first_out": ("round-ends-at-first-out", "R7.2", 4),
    "round_ends_at_first_out_unsaid": ("round-ends-at-first-out", "R7.2", 4),
    "play_after_domino_hand9": ("play-after-domino", "R7.1, R7.2", 2),
}
#: The rule options an engine's games are played under (``[rule]`` tags).
RULES = {"play_after_domino_hand9": (("hand", "9"), ("bonus", "0"))}
#: The engines the live protocol's audit names by their class: every one
#: (the live audit classifies the engine's answers as a record).
LIVE = tuple(WRONG)
