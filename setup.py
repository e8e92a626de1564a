"""The build hook: a pure build by default, the compiled core with FTN_COMPILE=1.

Boundary: everything about the package (name, dependencies, packages, data)
is in ``pyproject.toml``; this file only adds, when the environment variable
``FTN_COMPILE`` is ``1``, the hot modules compiled by mypyc as C extensions
(as black and mypy ship theirs):

    FTN_COMPILE=1 pip install .        # or: pip wheel .  /  python -m build

Compiling needs a C compiler and mypy: the build asks for mypy (through
setuptools' build requirements) only when compiling, so that the pure build
needs setuptools alone and stays fast. The same sources run either way, and
the reports are byte-identical (CI compares the golden corpus of both).
"""

from __future__ import annotations

import os
import sys

from setuptools import setup

# The modules where the time goes (parsing, then the engine, the replay and
# judging) and every module of the engine they run (perft's count too).
# Every other module stays interpreted.
COMPILED = [
    "notation/ftn/build.py",
    "notation/json/form.py",
    "notation/ftn/reader.py",
    "notation/ftn/scanner.py",
    "verifier/rules/ruleset.py",
    "verifier/rules/scoring.py",
    "verifier/rules/tiles.py",
    "verifier/rules/moves.py",
    "verifier/rules/illegal.py",
    "verifier/rules/round.py",
    "verifier/rules/game.py",
    "verifier/rules/perft.py",
    "verifier/replay/judge.py",
    "verifier/replay/ends.py",
    "verifier/replay/game.py",
]
# The mypy whose mypyc compiles them; the floor of the dev extra's.
MYPY = "mypy>=1.8"

options: dict[str, object] = {}
# Only the build proper compiles; the passes that ask for the requirements
# and the metadata run this file too, and mypyc would check everything again.
metadata_only = any(command in sys.argv for command in ("egg_info", "dist_info"))
if os.environ.get("FTN_COMPILE", "") == "1":
    if metadata_only:
        # setuptools hands these to pip, which installs them before the build.
        options["setup_requires"] = [MYPY]
    else:
        try:
            from mypyc.build import mypycify
        except ImportError:
            sys.exit("FTN_COMPILE=1 compiles with mypyc: install mypy first (pip install mypy)")
        # The build environment has mypy but not the runtime dependencies
        # (lark, jsonschema, the extras): their types are Any for this pass.
        # The compiled modules do not depend on them; `mypy --strict` on the
        # checkout (the dev extra, CI) is the type check proper. The modules
        # they only import are not checked here (silent): msgspec's Structs
        # (notation.json.structs) are Any without msgspec, and would not pass.
        relaxed = ["--ignore-missing-imports", "--no-warn-return-any", "--no-warn-unused-ignores",
                   "--follow-imports=silent"]
        options["ext_modules"] = mypycify(relaxed + COMPILED, opt_level="3", debug_level="0")

setup(**options)
