"""The golden reports (tools/golden.py): what ``ftn check``, ``ftn audit`` and
``ftn replay`` say of the samples and of 3,000 generated games (full and
partial records, rule options, mutated copies, JSON Lines twins) must match
the digests saved in tools/golden.sha256, byte for byte.

A change that is meant to change a report updates the digests in the same
commit (``python tools/golden.py digest > tools/golden.sha256``) and says
why; ``python tools/golden.py write DIR`` writes the reports themselves, to
compare two builds with ``diff -r``.
"""

from __future__ import annotations

import golden
import pytest
from support.paths import ROOT


@pytest.mark.slow
def test_reports_match_the_saved_digests(capsys: pytest.CaptureFixture[str]) -> None:
    code = golden.main(["compare", str(ROOT / "tools" / "golden.sha256")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert out.strip().endswith("reports, 0 differ")


def test_mutations_are_reproducible_and_keep_the_layout() -> None:
    text = "game\n  N 6-6 =12 +4 (4,0)\n  S 6-4 L =16 +0 (4,0)\nend"
    assert golden.mutate(text, 3) == golden.mutate(text, 3)
    changed = [golden.mutate(text, seed) for seed in range(200)]
    assert any(c != text for c in changed)
    assert all(c.startswith("game\n") and c.endswith("\nend") for c in changed)
