"""``ftn select``: the games that match, written as records (``verifier.data.select``).

Boundary: reads the options, runs the job, says what it did; no filtering here.
"""

from __future__ import annotations

from typing import Annotated

import typer

import verifier.cli.common as c  # the module alone (importing the package would cycle)

from ..check import FORMATS
from ..pipeline.rewriting import Output, target_of
from .records import DaskOpt, JobsOpt, To

Many = list[str] | None
ToOpt = Annotated[To | None, typer.Option("--to", "-t", metavar="|".join(FORMATS),
                                          help="ftn, json (an array) or jsonl; else from "
                                          "OUT, else ftn.")]
TagOpt = Annotated[Many, typer.Option("--tag", metavar="KEY=GLOB",
                                      help="A tag KEY with a value that matches GLOB "
                                      "(event=Spring*, date=2024-*; repeat it: all hold).")]
PlayerOpt = Annotated[Many, typer.Option("--player", metavar="GLOB",
                                         help="A player whose name matches GLOB (repeat it).")]
CountOpt = Annotated[int | None, typer.Option("--players", min=2, max=12, metavar="N",
                                              help="Games of N players.")]
RuleOpt = Annotated[Many, typer.Option("--rule", metavar="NAME=GLOB",
                                       help="A rule option whose value matches (target=121).")]
WithOpt = Annotated[Many, typer.Option("--with", metavar="CODE",
                                       help="Games with a finding CODE (FT304), of a prefix "
                                       "(FT3) or name (repeat it: any).")]
WithoutOpt = Annotated[Many, typer.Option("--without", metavar="CODE",
                                          help="Games with no finding CODE (repeat it).")]
CleanOpt = Annotated[bool, typer.Option("--clean", help="Games ftn check finds nothing in.")]
FaultyOpt = Annotated[bool, typer.Option("--faulty", help="Games it finds something in.")]
UniqueOpt = Annotated[bool, typer.Option("--unique", help="The same deals and moves once, "
                                         "whatever the tags and claims (the first kept).")]


@c.app.command()
def select(paths: c.Paths, output: c.OutOpt = None, to: ToOpt = None, tag: TagOpt = None,
           player: PlayerOpt = None, players: CountOpt = None, rule: RuleOpt = None,
           with_: WithOpt = None, without: WithoutOpt = None, clean: CleanOpt = False,
           faulty: FaultyOpt = False, unique: UniqueOpt = False, exclude: c.ExcludeOpt = None,
           jobs: JobsOpt = 1, dask: DaskOpt = None) -> None:
    """Write the games that match every filter given, in canonical form.

    OUT is written whole at the end (a temporary file and a rename; .gz,
    .bz2, .xz, .zst compress). A game that cannot be read is said and left
    out (exit 1).
    """
    from ..data.select import FilterError, Filters, select_all

    try:
        filters = Filters.parse(tag or (), player or (), players, rule or (), with_ or (),
                                without or (), clean, faulty)
    except FilterError as bad:
        c.fail(f"ftn select: {bad}")
    target = target_of(to.value if to is not None else None, output) or "ftn"
    names, unreadable = c.names_of(paths, exclude)
    with c.said():
        done = select_all(names, filters, target, Output.named(output), c.show_piece, unique,
                          jobs, dask)
    c.finish(done.failed, unreadable, done.unreadable > 0, f"ftn select: {done.text()}")
