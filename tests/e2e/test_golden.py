"""The golden reports (tools/golden.py): what ``ftn check``, ``ftn audit`` and
``ftn replay`` say of the samples and of 3,000 generated games (full and
partial records, rule options, mutated copies, JSON Lines twins) must match
the digests saved in tools/golden.sha256, byte for byte.

The test checks each part of the corpus (the samples, each set of generated
games) apart, so that the parts can run on several workers.

A change that is meant to change a report updates the digests in the same
commit (``python tools/golden.py digest > tools/golden.sha256``) and says
why; ``python tools/golden.py write DIR`` writes the reports themselves, to
compare two builds with ``diff -r``.
"""

from __future__ import annotations

from pathlib import Path

import golden
import pytest
from support.paths import ROOT

SAVED = ROOT / "tools" / "golden.sha256"


@pytest.mark.slow
@pytest.mark.parametrize("part", golden.PARTS)
def test_reports_match_the_saved_digests(part: str, tmp_path: Path) -> None:
    saved = {k: h for k, h in golden.saved_digests(SAVED).items() if golden.part_of(k) == part}
    digests = golden.digest(tmp_path, [part])
    assert golden.compare(saved, digests) == [] and len(digests) > 1


def test_every_saved_report_is_of_one_part() -> None:
    saved = golden.saved_digests(SAVED)
    parts = {golden.part_of(label) for label in saved}
    assert parts == set(golden.PARTS) and len(saved) > 150
    assert golden.part_of("check samples/x.ftn") == "samples"
    assert golden.part_of("text mut03.jsonl") == "gen03"
    with pytest.raises(ValueError, match="no part"):
        golden.part_of("check elsewhere.ftn")


def test_mutations_are_reproducible_and_keep_the_layout() -> None:
    text = "game\n  N 6-6 =12 +4 (4,0)\n  S 6-4 L =16 +0 (4,0)\nend"
    assert golden.mutate(text, 3) == golden.mutate(text, 3)
    changed = [golden.mutate(text, seed) for seed in range(200)]
    assert any(c != text for c in changed)
    assert all(c.startswith("game\n") and c.endswith("\nend") for c in changed)
