"""The ``--format json`` document of a check (``report_json``: its
findings and the counts of its ``pipeline.results.Summary``).

Boundary: formatting only: values to a string or to plain data. It reads
no file, decides nothing and writes nothing; a finding's lines for people
are ``text``'s, the JSON text ``notation.json.encoding``'s.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from verifier.diagnostics import Diagnostic
from verifier.pipeline.results import Summary

REPORT_VERSION = 1


def report_json(diagnostics: Sequence[Diagnostic], summary: Summary) -> dict[str, Any]:
    """The ``--format json`` document."""
    return {
        "version": REPORT_VERSION,
        "diagnostics": [d.to_dict() for d in diagnostics],
        "summary": summary.to_dict(),
    }
