"""The paths the tests share: the checkout and its sample, schema and test
engine folders; and how a command's peak memory is measured. A plain module
(``from support.paths import SAMPLES``), not the conftest, because conftest files are
for pytest to load, not to import."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"
PERFT = SAMPLES / "perft"
SCHEMA_DIR = ROOT / "schemas"
ENGINES = ROOT / "tests" / "engines"

#: ``FTN_TEST_SCALE=N`` multiplies the games of the README command's test of
#: ``--jobs`` against one process at scale (``tests/unit/pipeline/test_rewriting.py``): by
#: default it runs at the smallest size that still cuts its input into many
#: pieces. The golden corpus has its own, ``GOLDEN_SCALE``.
SCALE = max(1, int(os.environ.get("FTN_TEST_SCALE", "1") or "1"))


def read_sample(*parts: str) -> str:
    """The text of a sample, e.g. ``read_sample("valid", "four-players.ftn")``."""
    return SAMPLES.joinpath(*parts).read_text(encoding="utf-8")


#: Python source that defines ``peak_kb()``: the peak resident set (KB) of
#: this process since its ``exec``. Linux's ``ru_maxrss`` is no measure of a
#: process started from a large one: ``exec`` carries the old image's peak
#: over (a child of pytest late in the full suite read 491,280 KB whatever it
#: did), while ``VmHWM`` is the new image's own.
PEAK_KB = ("def peak_kb():\n"
           "    try:\n"
           "        with open('/proc/self/status') as f:\n"
           "            for line in f:\n"
           "                if line.startswith('VmHWM:'):\n"
           "                    return int(line.split()[1])\n"
           "    except OSError:\n"
           "        pass\n"
           "    import resource\n"
           "    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss\n")


def peak_rss_kb(args: list[str]) -> int:
    """The peak resident set (KB) of ``ftn ARGS`` run in a new process."""
    code = (PEAK_KB + "import sys, runpy; sys.argv = ['ftn', *sys.argv[1:]]\n"
            "try:\n    runpy.run_module('verifier', run_name='__main__')\n"
            "except SystemExit:\n    pass\n"
            "print(peak_kb(), file=sys.stderr)")
    r = subprocess.run([sys.executable, "-c", code, *args], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True, cwd=ROOT, check=False,
                       env={**os.environ, "PYTHONWARNINGS": "ignore"})
    return int(r.stderr.strip().split("\n")[-1])
