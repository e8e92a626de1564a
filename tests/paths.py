"""The paths the tests share: the checkout and its sample, schema and test
engine folders. A plain module (``from paths import SAMPLES``), not the
conftest, because conftest files are for pytest to load, not to import."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
PERFT = SAMPLES / "perft"
SCHEMA_DIR = ROOT / "schemas"
ENGINES = ROOT / "tests" / "engines"


def read_sample(*parts: str) -> str:
    """The text of a sample, e.g. ``read_sample("valid", "four-players.ftn")``."""
    return SAMPLES.joinpath(*parts).read_text(encoding="utf-8")
