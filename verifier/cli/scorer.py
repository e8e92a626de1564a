"""``ftn scorer``: the scorer at the table, a web app for a phone that
records a game offline on this engine: ``build`` writes its site to a
folder, ``serve`` serves one on localhost to try it.

Boundary: the command only: its options and exit status; the site is
``api.scorer_build``'s and the server ``api.scorer_serve``'s.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Annotated

import typer

from verifier import BuildError
from verifier.api.scorer import scorer_build, scorer_serve
from verifier.cli import common as c
from verifier.cli.console import fail

command = typer.Typer(add_completion=False, pretty_exceptions_enable=False,
                      rich_markup_mode="rich", no_args_is_help=True,
                      help="The scorer at the table: a phone web app that records a game "
                           "offline on this engine (build its site, or serve it to try it).")

OutDir = Annotated[Path, c.option("site-dir")]
SiteArg = Annotated[Path | None, c.option("site")]
PortOpt = Annotated[int, c.option("port")]


@command.command()
def build(output: OutDir) -> None:
    """Write the scorer's site to a folder (needs Node and npm; a first
    build downloads Pyodide and two wheels, then works from its cache)."""
    _build(output)


@command.command()
def serve(site: SiteArg = None, port: PortOpt = 8361) -> None:
    """Serve the scorer's site on http://127.0.0.1:PORT/ (Ctrl-C stops)."""
    if site is None:
        with tempfile.TemporaryDirectory(prefix="ftn-scorer-site-") as tmp:
            folder = Path(tmp) / "site"
            _build(folder)
            _serve(folder, port)
        return
    if not (site / "index.html").is_file() or not (site / "sw.js").is_file():
        fail(f"ftn scorer serve: {site}: not a site that ftn scorer build wrote (no index.html "
             "and sw.js): ftn scorer build -o DIR makes one")
    _serve(site, port)


def _build(output: Path) -> None:
    try:
        site = scorer_build(output, typer.echo)
    except BuildError as e:
        fail(f"ftn scorer build: {e}", 2)
    except OSError as e:
        fail(f"ftn scorer build: {e.filename or output}: cannot write: {e.strerror or e}", 2)
    files, size, packed = site.weight()
    typer.echo(f"{files} files, {size / 1e6:.1f} MB ({packed / 1e6:.1f} MB compressed)")


def _serve(folder: Path, port: int) -> None:
    try:
        scorer_serve(folder, port, typer.echo)
    except OSError as e:
        fail(f"ftn scorer serve: port {port}: {e.strerror or e}: choose another with --port", 2)
