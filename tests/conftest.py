"""Shared test set-up. The shared paths are in ``tests/paths.py`` (a module
the tests import); this file makes that module, and ``engines_catalog``,
importable whatever pytest's import mode, and runs the slow tests first, so
that on every core (``-n auto``) the long ones start at once rather than
last, when one core would run them alone. It registers nothing else."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist, hand the tests to the workers one at a time
    (``--maxschedchunk 1`` unless given): its default gives each worker a
    quarter of its share at once, so that one worker would get every slow
    test and the other the quick ones, and run alone at the end."""
    if getattr(config.option, "maxschedchunk", 0) is None:
        config.option.maxschedchunk = 1


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, each group in the order of collection (a stable
    sort: every worker of pytest-xdist sorts alike, as it must)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
