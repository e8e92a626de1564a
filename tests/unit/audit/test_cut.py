"""Must-show: games cut into one-round records that say where they start
(``tools/cut.py``): the correct engine's check and audit clean; a wrong
engine's show the same defect classes, round by round, as the whole games."""

from __future__ import annotations

import sys

import pytest
from cut import one_round_records
from support.engines_catalog import WRONG
from support.paths import ENGINES

from notation.ftn.printer import print_games
from verifier.api import check_text
from verifier.audit.defects import audit_game, classify
from verifier.pipeline.jobs.audit import audit_text

sys.path.insert(0, str(ENGINES))
from _base import generate
from audit_table import classes_of


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_correct_engine_cut_into_rounds_checks_and_audits_clean(players: int) -> None:
    rc, gc = classes_of("correct")
    games = [g for g, _ in generate(rc, gc, players, 20, 3)]
    records = [r for g in games for r in one_round_records(g)]
    assert len(records) == sum(len(g.rounds) for g in games) > 20
    text = print_games(records)
    rep = check_text(text)
    assert rep.diagnostics == [] and rep.games == len(records)
    reports, unreadable = audit_text(text, "<cut>")
    assert unreadable == [] and all(not r.divergences for r in reports)
    assert sum(r.clean_rounds for r in reports) == len(records)


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(WRONG))
def test_a_wrong_engine_cut_into_rounds_shows_the_same_classes(name: str) -> None:
    cls, _, players = WRONG[name]
    rc, gc = classes_of(name)
    whole: dict[tuple[int, int], str] = {}
    cut: dict[tuple[int, int], str] = {}
    count = 80 if name == "bonus_split" else 15  # a bonus past the target is rare
    for number, (game, _) in enumerate(generate(rc, gc, players, count, 7), 1):
        for div in audit_game(game, number).divergences:
            if div.diagnostic.round is not None:
                whole[number, div.diagnostic.round] = classify(div)[0]
        for record in one_round_records(game):
            for div in audit_game(record, number).divergences:
                if div.diagnostic.round is not None:
                    cut[number, div.diagnostic.round] = classify(div)[0]
    assert cls in whole.values()
    assert cut.keys() == whole.keys()
    # The same classes; where one round alone cannot rule out a class that
    # the rest of the game does (a bonus credited right in another round),
    # the cut record names both, the game's class among them.
    for key, found in whole.items():
        assert cut[key] == found or set(found.split(" or ")) < set(cut[key].split(" or ")), key
    assert sum(cut[k] == whole[k] for k in whole) >= 0.5 * len(whole)
