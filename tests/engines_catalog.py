"""The test engines of tests/engines/ with a defect: script name -> (the
defect class the audit must name, the rule it breaks). Shared by the audit
and protocol tests."""

WRONG = {
    "lead_double_doubled": ("lead-double-doubled", "R5.3"),
    "double_stops_counting": ("double-stops-counting", "R5.2"),
    "play_after_domino": ("play-after-domino", "R7.1, R7.2"),
    "bonus_split": ("bonus-split", "R8.1"),
    "tile_stays_in_hand": ("tile-stays-in-hand", "R4.5"),
}
