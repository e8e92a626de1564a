"""The match's figures against hand-computed values: the logistic Elo, the
95% intervals, the SPRT's bounds and log-likelihood ratio."""

from __future__ import annotations

import math

import pytest

from verifier.match.stats import (
    Mean,
    Sprt,
    bounds,
    elo_estimate,
    elo_of,
    llr,
    read_sprt,
    score_of,
)


def test_elo_of_a_score_is_logistic() -> None:
    # 0.75 = 1 / (1 + 10^(-elo/400))  =>  elo = 400 log10(3) = 190.848...
    assert elo_of(0.75) == pytest.approx(400 * math.log10(3))
    assert elo_of(0.5) == 0.0
    assert score_of(400 * math.log10(3)) == pytest.approx(0.75)
    assert elo_of(1.0) == math.inf and elo_of(0.0) == -math.inf


def test_elo_estimate_from_pairs() -> None:
    # Pairs won 2-0: 2, 1-1: 1, 0-2: 1 -> pair scores 1, 1, 0.5, 0: mean 0.625;
    # variance ((3/8)^2 * 2 + (1/8)^2 + (5/8)^2) / 4 = 0.171875; half width
    # 1.96 * sqrt(0.171875 / 4) = 0.40628...
    elo = elo_estimate([1, 0, 1, 0, 2])
    assert elo is not None
    assert elo.score == pytest.approx(0.625)
    assert elo.elo == pytest.approx(-400 * math.log10(1 / 0.625 - 1))  # +88.7
    half = 1.959963984540054 * math.sqrt(0.171875 / 4)
    assert elo.low == pytest.approx(elo_of(0.625 - half))
    assert elo.high == math.inf  # 0.625 + 0.406 > 1
    assert elo_estimate([0, 0, 0, 0, 0]) is None


def test_mean_and_its_interval() -> None:
    m = Mean()
    for x in (2, 4, 6, 8):
        m.add(x)
    # mean 5, sample variance 20/3, half width 1.96 * sqrt(20/3/4)
    assert m.mean == 5
    assert m.half_width == pytest.approx(1.959963984540054 * math.sqrt(20 / 3 / 4))


def test_sprt_bounds_are_walds() -> None:
    low, high = bounds(0.05, 0.05)
    assert low == pytest.approx(math.log(0.05 / 0.95)) == pytest.approx(-2.944438979)
    assert high == pytest.approx(2.944438979)
    low, high = bounds(0.05, 0.10)
    assert low == pytest.approx(math.log(0.10 / 0.95))
    assert high == pytest.approx(math.log(0.90 / 0.05))


def test_llr_of_two_outcomes_is_the_binomial_ratio() -> None:
    # Only pairs 0-2 (3) and 2-0 (7): the most likely law of mean s is
    # (1 - s, s), so LLR = 7 log(s1/s0) + 3 log((1-s1)/(1-s0)); elo1 = 100:
    # s1 = 0.640065, LLR = 7 * 0.246960 + 3 * (-0.328684) = 0.742677.
    s1 = score_of(100)
    want = 7 * math.log(s1 / 0.5) + 3 * math.log((1 - s1) / 0.5)
    assert want == pytest.approx(0.742677, abs=1e-6)
    assert llr([3, 0, 0, 0, 7], 0, 100, least=0) == pytest.approx(want)


def test_llr_is_small_after_one_pair() -> None:
    # One pair won 2-0 is little evidence for elo 10 over 0 (regularized counts).
    assert 0 < llr([0, 0, 0, 0, 1], 0, 10) < 0.1


def test_sprt_decides_each_way() -> None:
    sprt = Sprt(0, 10)
    value, verdict = sprt.verdict([20, 0, 80, 0, 100])  # a strong first engine
    assert value > 2.944 and verdict == "H1"
    value, verdict = sprt.verdict([100, 0, 80, 0, 20])
    assert value < -2.944 and verdict == "H0"
    assert sprt.verdict([1, 0, 1, 0, 1])[1] is None


def test_read_sprt() -> None:
    assert read_sprt("0,10") == Sprt(0, 10, 0.05, 0.05)
    assert read_sprt("-5, 5, 0.1, 0.2") == Sprt(-5, 5, 0.1, 0.2)
    for bad in ("10", "a,b", "0,10,0.05", "0,inf"):
        with pytest.raises(ValueError, match="give ELO0,ELO1"):
            read_sprt(bad)
    with pytest.raises(ValueError, match="elo1 must be greater"):
        read_sprt("10,0")
    with pytest.raises(ValueError, match="between 0 and 1"):
        read_sprt("0,10,1.5,0.05")
