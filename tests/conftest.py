"""Shared test set-up. The shared code is the package ``tests/support/``
(``from support.paths import SAMPLES``); this file makes it importable
whatever pytest's import mode (it puts ``tests/`` on ``sys.path``), gives
the tests the ``ftn`` fixture (``support.ftn.run_ftn``; every test function
that runs ``ftn`` takes it) and the ``scorer_site`` fixture (the scorer's
site, built once for the modules of the group ``scorer-site``), and runs the
slow tests first, so that on every core (``-n auto``) the long ones start at
once rather than last, when one core would run them alone.

Under pytest-xdist (``-n``) without ``--dist``, the modules of a group in
``GROUPS`` (those that share an expensive set-up: a built wheel and its
venv, the scorer's site, a Dask cluster, a corpus) go whole to one worker,
so that the set-up is made once, and every other test to whichever worker
is free, one at a time, in this order. (pytest-xdist's own ``xdist_group``
marks name their group in the test's id, which pytest 9 no longer lets a
plugin change: the groups are named here by module.)"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

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


@pytest.fixture(scope="session")
def scorer_site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The scorer's site (``ftn scorer build``: Node and npm, and the first
    time the network for Pyodide's package and two wheels), built once per
    worker; the modules that take it are of the group ``scorer-site``, so
    that one worker builds it. Without Node or npm the tests that take it
    are skipped, except in CI, where they fail."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        if os.environ.get("CI") == "true":
            pytest.fail("Node and npm are needed, and CI must run the scorer's tests")
        pytest.skip("Node and npm are not installed (ftn scorer build needs them)")
    from verifier import api
    out = tmp_path_factory.mktemp("scorer") / "site"
    api.scorer_build(out, say=lambda _: None)
    return out


#: The modules whose tests one worker runs, by group: each group shares a
#: set-up that takes seconds (a module- or session-scoped fixture).
GROUPS = {
    "tests/e2e/test_packaging.py": "packaging",  # the wheel built and installed
    "tests/e2e/test_scorer_browser.py": "scorer-site",  # scorer_site
    "tests/e2e/test_scorer_pyodide.py": "scorer-site",
    "tests/unit/pipeline/test_cluster.py": "dask-cluster",  # a local Dask cluster
    "tests/unit/pipeline/test_rewriting.py": "hundreds",  # its corpora of games
}


def pytest_configure(config: pytest.Config) -> None:
    """Under pytest-xdist's ``--dist load``, hand the tests to the workers
    one at a time (``--maxschedchunk 1`` unless given): its default gives
    each worker a quarter of its share at once, so that one worker would get
    every slow test and the other the quick ones, and run alone at the end."""
    if getattr(config.option, "maxschedchunk", 0) is None:
        config.option.maxschedchunk = 1


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under ``-n`` without ``--dist``: the tests of a module of ``GROUPS``
    to one worker, a group at a time, every other test on its own, in the
    order of collection (pytest-xdist's scheduling by scope, its scopes
    being these)."""
    if config.option.dist != "load" or _given(config, "--dist", "-d"):
        return None
    from xdist.scheduler import LoadScopeScheduling  # type: ignore[import-untyped]

    class Grouped(LoadScopeScheduling):  # type: ignore[misc]  # (pytest-xdist ships no types)
        def _split_scope(self, nodeid: str) -> str:
            return GROUPS.get(nodeid.split("::")[0], nodeid)

    config.option.loadscopereorder = False
    return Grouped(config, log)


def _given(config: pytest.Config, *options: str) -> bool:
    """Whether one of ``options`` is on the command line, in PYTEST_ADDOPTS
    or in the ini file's ``addopts``."""
    args = [*config.invocation_params.args, *os.environ.get("PYTEST_ADDOPTS", "").split(),
            *config.getini("addopts")]
    return any(a == o or a.startswith(o + "=") for a in args for o in options)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The slow tests first, each group in the order of collection (a stable
    sort: every worker of pytest-xdist sorts alike, as it must)."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
