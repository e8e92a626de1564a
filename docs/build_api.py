"""Build the API reference of ``notation`` and ``verifier`` from their docstrings.

    python docs/build_api.py [OUTPUT]      # HTML pages in OUTPUT (default: build/api)

It runs pdoc (in the ``dev`` extra: ``pip install -e '.[dev]'``) on both
packages and every module in them, and fails (exit 1, each warning printed)
when pdoc warns: a docstring or an annotation it cannot read is a defect of
the reference. Two things pdoc cannot see by itself are shown to it first:
the names ``verifier`` exports lazily (``Board``, the illegal-move errors),
and the annotations of the records that are ``NamedTuple`` s (written as
strings, which pdoc would look up in the wrong module).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import typing
import warnings
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("notation", "verifier")


def prepare() -> None:
    """Make what pdoc reads resolvable: the lazy exports of ``verifier`` bound
    in the package, and NamedTuple constructors' annotations evaluated."""
    verifier = importlib.import_module("verifier")
    for name in verifier.__all__:
        setattr(verifier, name, getattr(verifier, name))
    model = importlib.import_module("notation.model")
    for value in vars(model).values():
        if isinstance(value, type) and issubclass(value, tuple) and hasattr(value, "_fields"):
            hints = typing.get_type_hints(value)
            value.__new__.__annotations__ = {k: hints[k] for k in value._fields}


def modules() -> list[str]:
    """Both packages and every module in them (``__main__`` aside; pdoc
    finds by itself those a package's ``__all__`` names)."""
    found = []
    for package in PACKAGES:
        found.append(package)
        path = [str(ROOT / package.replace(".", "/"))]
        for info in pkgutil.walk_packages(path, package + "."):
            parent, _, name = info.name.rpartition(".")
            if info.name.startswith(LEFT_OUT) or parent in FOUND_BY_PDOC:
                continue
            if name != "__main__" and name not in getattr(
                    importlib.import_module(parent), "__all__", ()) and info.name not in found:
                found.append(info.name)
    return found


#: Not part of the library's reference: the language server (``ftn server``,
#: a program over pygls, whose own annotations pdoc cannot resolve).
LEFT_OUT = ("verifier.lsp",)
#: Packages whose modules pdoc finds by itself from the package.
FOUND_BY_PDOC = ("verifier.data",)


def build(out: Path) -> list[str]:
    """Write the reference into ``out``; return pdoc's warnings."""
    import pdoc

    sys.path.insert(0, str(ROOT))
    prepare()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        pdoc.pdoc(*modules(), output_directory=out)
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
