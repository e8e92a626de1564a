"""The same engine in the browser: a part of the project's own test suite
(the rules' engine and the recorder's core, tests that need no
subprocess, no files beyond memory and no jsonschema) run inside Pyodide
under Node, from the site that ``ftn scorer build`` writes (``scorer_site``, shared
with the browser tests): its
``pyodide.mjs`` and its wheels (the project's, built from the checkout,
and lark's and mypy_extensions'), with pytest's pure wheels beside them
(pytest, pluggy, iniconfig, packaging, pygments). It passes when pytest
inside passes, every test of the files run."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from support.paths import ROOT

from verifier.scorer.build import cache_dir, pure_wheel

pytestmark = pytest.mark.slow

#: The test files run inside Pyodide, less the tests that read JSON records
#: (validated by jsonschema, which the site does not ship).
FILES = ["tests/unit/rules/test_engine.py", "tests/unit/rules/test_generate.py",
         "tests/unit/record/test_core.py", "--deselect",
         "tests/unit/rules/test_generate.py::test_json_round_trips_of_generated_games"]


def test_the_rules_and_the_recorders_tests_pass_inside_pyodide(scorer_site: Path) -> None:
    site = scorer_site
    wheels = [str(pure_wheel(n, cache_dir())) for n in ("pytest", "pluggy", "iniconfig", "pygments",
                                                        "packaging")]
    done = subprocess.run(["node", str(ROOT / "tests" / "support" / "pyodide_pytest.mjs"),
                           str(site), str(ROOT / "tests"), *wheels, "--", *FILES],
                          capture_output=True, text=True, timeout=900, check=False)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out[-4000:]
    passed = re.search(r"(\d+) passed", out)
    assert passed is not None and "failed" not in out and "error" not in out.lower(), out[-2000:]
    # Every test of the files ran: as many as pytest collects here.
    here = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p",
                           "no:cacheprovider", *FILES], cwd=ROOT, capture_output=True,
                          text=True, check=False)
    collected = sum(int(n) for n in re.findall(r"^\S+\.py: (\d+)$", here.stdout, re.M))
    assert collected > 100 and int(passed.group(1)) == collected, (out, here.stdout)
