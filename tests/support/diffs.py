"""Unified diffs in the tests: ``apply`` puts one on the lines of the old
text, checking every line of context and every removed line, so that a
test can say that a diff ``ftn`` printed turns the input into the output.
It does not make diffs (``verifier.pipeline.diff`` does)."""

from __future__ import annotations

import re


def apply(old: list[str], diff: list[str]) -> list[str]:
    """A unified diff applied to the lines of the old text (it checks every
    context and removed line)."""
    out: list[str] = []
    at = 0
    for line in diff[2:]:
        if line.startswith("@@"):
            m = re.match(r"@@ -(\d+)(?:,(\d+))? ", line)
            assert m is not None
            start = int(m.group(1)) - (0 if m.group(2) == "0" else 1)
            assert start >= at
            out += old[at:start]
            at = start
        elif line[0] == "+":
            out.append(line[1:])
        else:
            assert old[at] == line[1:], (at, old[at], line)
            at += 1
            if line[0] == " ":
                out.append(line[1:])
    return out + old[at:]
