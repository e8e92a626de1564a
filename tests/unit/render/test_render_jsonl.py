"""Tests of verifier.render.jsonl: one finding a line, streamed."""

from __future__ import annotations

import io
import json

from verifier.diagnostics import Diagnostic
from verifier.pipeline.results import Summary
from verifier.render.jsonl import JsonlRenderer


class Flushes(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.flushed: list[str] = []

    def flush(self) -> None:
        self.flushed.append(self.getvalue())


def test_each_finding_is_written_and_flushed_as_it_comes() -> None:
    out = Flushes()
    r = JsonlRenderer(out)
    r.finding(Diagnostic("FT203", "tile-does-not-fit", "error", "5-5 on 3", 9, 3, 1, source="a"))
    assert out.flushed and out.flushed[-1].count("\n") == 1
    r.finish(Summary(1, 1, 4, 1, 0))
    first, last = (json.loads(line) for line in out.getvalue().splitlines())
    assert (first["type"], first["code"], first["line"], first["col"], first["file"]) == (
        "diagnostic", "FT203", 9, 3, "a")
    assert last == {"type": "summary", "files": 1, "games": 1, "events": 4, "errors": 1,
                    "warnings": 0}
