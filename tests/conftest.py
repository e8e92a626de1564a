"""Shared test set-up. The shared paths are in ``tests/paths.py`` (a module
the tests import); this file makes that module, and ``engines_catalog``,
importable whatever pytest's import mode, and registers nothing else."""

from __future__ import annotations

import sys
from pathlib import Path

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)
