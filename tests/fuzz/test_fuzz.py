"""The fuzzer's short run (in the normal test suite), and the input of every
crash it has found, each a test. The long run is ``python tests/fuzz/fuzz.py
--cases 1000000``; see ``fuzz.py``."""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from fuzz import PATHS, cases_of, mutate, run, seeds
from support.paths import read_sample

from verifier.api import check_text


@pytest.mark.slow
def test_short_run_finds_no_crash_and_no_hang(tmp_path: Path) -> None:
    """400 cases: every library path, the CLI every 10th, ``ftn`` as a
    subprocess twice."""
    out = io.StringIO()
    tally = run(400, seed=7, hang=30.0, crashes=tmp_path, cli_every=10, subprocess_every=199,
                out=out)
    assert (tally.crashes, tally.hangs) == (0, 0), out.getvalue()
    assert tally.cases == 400
    assert set(tally.by_path) == {*PATHS, "cli", "subprocess"}
    assert out.getvalue().startswith("fuzz: 400 cases in ")


def test_seeds_cover_every_kind() -> None:
    kinds = seeds()
    assert all(len(kinds[k]) >= 5 for k in ("ftn", "json", "jsonl"))


def test_mutations_are_reproducible() -> None:
    assert list(cases_of(3, 20)) == list(cases_of(3, 20))
    assert len({t for _, t in cases_of(3, 50)}) > 40  # and they differ


def test_mutate_changes_the_text() -> None:
    import random

    rng = random.Random(1)
    base = read_sample("valid", "four-players.ftn")
    assert sum(mutate(base, rng, [base]) != base for _ in range(50)) > 40


# --------------------------------------------------------------------------
# Inputs on which the fuzzer found a crash, each a test.

# A pip of 32 or more is a tile out of the set: never taken for another
# tile whose key (a << 5 | b) is the same, nor an index out of the range of
# the count list (IndexError). From the long run (seed 11, cases 39,114 and
# 41,753).
HUGE_PIP = read_sample("valid", "variant-bonus-0.ftn").replace(
    "  S 2-4 R =4 +0 (41,43)", "  S 2-99 R =4 +0 (41,43)")


@pytest.mark.parametrize("path", sorted(PATHS))
def test_a_pip_of_99_is_a_finding_not_a_crash(path: str) -> None:
    import random

    PATHS[path](HUGE_PIP, "huge-pip.ftn", random.Random(1))  # raises nothing
    rep = check_text(HUGE_PIP, "huge-pip.ftn")
    assert [(d.name, d.line, d.col, d.message) for d in rep.diagnostics][:1] == [
        ("tile-not-in-hand", 89, 3, "2-99 is not in the set (0 to 6)")]
    assert [d.name for d in rep.diagnostics[1:]] == ["claims-unjudged"]  # (the rest of round 5)


def test_a_pip_of_99_in_json() -> None:
    from verifier.pipeline.jobs.rewrite import convert_text

    text, errors = convert_text(read_sample("valid", "variant-bonus-0.ftn"), "jsonl")
    assert text is not None and not errors
    bad = text.replace('"tile":[2,4]', '"tile":[2,99]', 1)
    assert bad != text
    rep = check_text(bad, "huge-pip.jsonl")
    assert [(d.name, d.message) for d in rep.diagnostics] == [
        ("tile-not-in-hand", "2-99 is not in the set (0 to 6)"),
        ("claims-unjudged", "the replay of round 5 ended at an illegal move (event 4): the "
         "claims of the rest of the round (9 lines, from here) are not judged; the next round "
         "starts from the totals its record implies")]
