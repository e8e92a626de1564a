"""Build the API reference of the public library from its docstrings.

    python docs/build_api.py [OUTPUT]      # HTML pages in OUTPUT (default: build/api)

The public library is what the ``ftn`` command line itself is allowed to
call (``tests/e2e/test_cli_layout.py``), and no more: the public names of
``notation`` (the records, reading and printing FTN, the rule options) and
of ``verifier`` (``Board`` and the rules library, the typed errors of the
library's jobs, and ``verifier.api``, a function for each job), the
registry of diagnostics (``verifier.diagnostics``), the rule book
(``verifier.rulebook``) and the renderers of findings (``verifier.render``'s
public names). Every other module is the library's inside, free to
change, and is not documented here.

It runs pdoc (in the ``dev`` extra: ``pip install -e '.[dev]'``) on that
surface, and fails (exit 1, each warning printed) when pdoc warns: a
docstring or an annotation it cannot read is a defect of the reference.
Two things pdoc cannot see by itself are shown to it first: the names that
``notation`` and ``verifier`` export lazily (bound in the packages), and
the annotations of the records that are ``NamedTuple`` s (written as
strings, which pdoc would look up in the wrong module).
"""

from __future__ import annotations

import importlib
import sys
import typing
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

#: The public library: these modules, and the submodules that a package's
#: ``__all__`` names (``verifier.api``).
PUBLIC = ("notation", "verifier", "verifier.diagnostics", "verifier.rulebook",
          "verifier.render")


def prepare() -> None:
    """Make what pdoc reads resolvable: the lazy exports of ``notation`` and
    ``verifier`` bound in the packages, and NamedTuple constructors'
    annotations evaluated."""
    for package in ("notation", "verifier"):
        module = importlib.import_module(package)
        for name in module.__all__:
            setattr(module, name, getattr(module, name))
    model = importlib.import_module("notation.model")
    for value in vars(model).values():
        if isinstance(value, type) and issubclass(value, tuple) and hasattr(value, "_fields"):
            hints = typing.get_type_hints(value)
            value.__new__.__annotations__ = {k: hints[k] for k in value._fields}


def build(out: Path) -> list[str]:
    """Write the reference into ``out``; return pdoc's warnings."""
    import pdoc

    sys.path.insert(0, str(ROOT))
    prepare()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdoc.pdoc(*PUBLIC, output_directory=out)
    return [str(w.message) for w in caught]


def main(argv: list[str]) -> int:
    out = Path(argv[0]) if argv else ROOT / "build" / "api"
    try:
        found = build(out)
    except ImportError as e:
        print(f"build_api: {e}; install the dev extra: pip install -e '.[dev]'",
              file=sys.stderr)
        return 2
    for message in found:
        print(f"build_api: warning: {message}", file=sys.stderr)
    if found:
        return 1
    print(f"API reference written to {out / 'index.html'}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
