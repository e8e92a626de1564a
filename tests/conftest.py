"""Shared test set-up. The shared code is the package ``tests/support/``
(``from support.paths import SAMPLES``); this file makes it importable
whatever pytest's import mode (it puts ``tests/`` on ``sys.path``), gives
the tests the ``ftn`` fixture (``support.ftn.run_ftn``; every test function
that runs ``ftn`` takes it), and runs the slow tests first, so that on every
core (``-n auto``) the long ones start at once rather than last, when one
core would run them alone."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

TESTS = str(Path(__file__).resolve().parent)
if TESTS not in sys.path:
    sys.path.insert(0, TESTS)

if TYPE_CHECKING:
    from support.ftn import Ftn


@pytest.fixture
def ftn() -> Ftn:
    """``ftn ARGS`` in-process or as a new process: ``support.ftn.run_ftn``."""
    from support.ftn import run_ftn
    return run_ftn


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
