"""The figures of a match: means with their 95% intervals, the Elo
difference of two engines with its error bars, and the sequential
probability ratio test (SPRT) that fishtest runs.

Boundary: arithmetic on counts only (no game, no I/O). Two engines' games
come in pairs (a deal and the same deal with the seats rotated); a pair
scores 0, 1/2 or 1 (no game of Fives and Threes is drawn), and the results
are kept as fishtest keeps them, pentanomial: the counts of the pair scores
0, 1/4, 1/2, 3/4, 1 (1/4 and 3/4 never occur here). The Elo is logistic
(``score = 1 / (1 + 10^(-elo/400))``); the SPRT's log-likelihood ratio is
fishtest's generalized SPRT for logistic Elo (``stat_util.LLR_logistic``:
under each hypothesis, the most likely distribution of the pair results
whose mean is that hypothesis' score; each count of the results at least
1e-3, as fishtest regularizes them), stopped at Wald's bounds
``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: The two-sided 95% quantile of the normal distribution.
Z95 = 1.959963984540054
#: The least count of each pentanomial result (fishtest's regularization).
EPSILON = 1e-3


@dataclass
class Mean:
    """A running mean: how many values, their sum and their squares' sum."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    def add(self, x: float) -> None:
        self.n += 1
        self.total += x
        self.squares += x * x

    @property
    def mean(self) -> float:
        return self.total / self.n if self.n else 0.0

    @property
    def half_width(self) -> float:
        """Half the 95% interval of the mean (the sample's deviation, n - 1)."""
        if self.n < 2:
            return math.inf
        var = max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))
        return Z95 * math.sqrt(var / self.n)


def score_of(elo: float) -> float:
    """The expected score of an Elo difference (logistic)."""
    return 1.0 / (1.0 + math.pow(10.0, -elo / 400.0))


def elo_of(score: float) -> float:
    """The Elo difference of an expected score (infinite at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0) + 0.0  # (0.0, not -0.0)


def _pdf(pentanomial: Sequence[float], least: float) -> tuple[float, float, float]:
    """The number of pairs, the mean pair score and its variance, every
    count taken as at least ``least``."""
    counts = [max(least, c) for c in pentanomial]
    n = sum(counts)
    if n <= 0:
        return 0.0, 0.5, 0.0
    mu = sum(c * i / 4 for i, c in enumerate(counts)) / n
    var = sum(c * (i / 4 - mu) ** 2 for i, c in enumerate(counts)) / n
    return n, mu, var


@dataclass(frozen=True)
class Elo:
    """An Elo difference with its 95% interval (``low``, ``high``)."""

    elo: float
    low: float
    high: float
    score: float


def elo_estimate(pentanomial: Sequence[int]) -> Elo | None:
    """The first engine's Elo over the second from the pair results, with its
    95% interval; None before any pair."""
    n, mu, var = _pdf(pentanomial, 0.0)
    if n <= 0:
        return None
    half = Z95 * math.sqrt(var / n)
    return Elo(elo_of(mu), elo_of(mu - half), elo_of(mu + half), mu)


def _constrained(pdf: list[tuple[float, float]], s: float) -> list[float]:
    """The distribution nearest ``pdf`` (most likely, as fishtest's
    ``MLE_expected``) whose mean is ``s``: ``p_i / (1 + lam (x_i - s))``, with
    ``lam`` found by bisection (the mean falls as ``lam`` grows)."""
    lo = -1.0 / (max(x for x, _ in pdf) - s) + 1e-12
    hi = 1.0 / (s - min(x for x, _ in pdf)) - 1e-12
    for _ in range(200):
        lam = (lo + hi) / 2
        if sum(p * (x - s) / (1 + lam * (x - s)) for x, p in pdf) > 0:
            lo = lam
        else:
            hi = lam
    lam = (lo + hi) / 2
    return [p / (1 + lam * (x - s)) for x, p in pdf]


def llr(pentanomial: Sequence[int], elo0: float, elo1: float, least: float = EPSILON) -> float:
    """The generalized log-likelihood ratio of H1 (Elo ``elo1``) against H0
    (``elo0``): the pair results' likelihood under the most likely
    distribution of each hypothesis' mean score, every count taken as at
    least ``least``."""
    counts = [max(least, c) for c in pentanomial]
    n = sum(counts)
    pdf = [(i / 4, c / n) for i, c in enumerate(counts) if c > 0]
    if n <= 0 or len(pdf) < 2:
        return 0.0
    p0 = _constrained(pdf, score_of(elo0))
    p1 = _constrained(pdf, score_of(elo1))
    return sum(n * p * math.log(b / a) for (_, p), a, b in zip(pdf, p0, p1, strict=True))


def bounds(alpha: float, beta: float) -> tuple[float, float]:
    """Wald's bounds: accept H0 at or below the first, H1 at or above the second."""
    return math.log(beta / (1.0 - alpha)), math.log((1.0 - beta) / alpha)


@dataclass(frozen=True)
class Sprt:
    """An SPRT: H0 Elo ``elo0`` against H1 ``elo1``, errors ``alpha``, ``beta``."""

    elo0: float
    elo1: float
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError("--sprt: alpha and beta are between 0 and 1")
        if self.elo1 <= self.elo0:
            raise ValueError("--sprt: elo1 must be greater than elo0")

    def verdict(self, pentanomial: Sequence[int]) -> tuple[float, str | None]:
        """The LLR now, and ``"H0"`` or ``"H1"`` once it is decided."""
        value = llr(pentanomial, self.elo0, self.elo1)
        low, high = bounds(self.alpha, self.beta)
        return value, "H1" if value >= high else "H0" if value <= low else None


def read_sprt(text: str) -> Sprt:
    """``--sprt ELO0,ELO1[,ALPHA,BETA]``; ValueError with what to type."""
    parts = [p.strip() for p in text.split(",")]
    try:
        values = [float(p) for p in parts]
    except ValueError:
        values = []
    if len(values) not in (2, 4) or not all(math.isfinite(v) for v in values):
        raise ValueError(f"--sprt {text!r}: give ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA "
                         "(numbers: --sprt 0,10 or --sprt 0,10,0.05,0.05)")
    return Sprt(*values)
