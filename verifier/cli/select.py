"""``ftn select``: the games that match, written as records (``verifier.data.select``).

Boundary: reads the options, runs the job, says what it did; no filtering here.
"""

from __future__ import annotations

from typing import Annotated

import verifier.cli.common as c  # the module alone (importing the package would cycle)
from verifier.cli.records import To
from verifier.files.formats import NOTATIONS
from verifier.pipeline.jobs.rewrite import Output, target_of

Many = list[str] | None
ToOpt = Annotated[To | None, c.option("select-to", formats="|".join(NOTATIONS))]
TagOpt = Annotated[Many, c.option("tag")]
PlayerOpt = Annotated[Many, c.option("player")]
CountOpt = Annotated[int | None, c.option("player-count")]
RuleOpt = Annotated[Many, c.option("rule-match")]
WithOpt = Annotated[Many, c.option("with")]
WithoutOpt = Annotated[Many, c.option("without")]
CleanOpt = Annotated[bool, c.option("clean")]
FaultyOpt = Annotated[bool, c.option("faulty")]
UniqueOpt = Annotated[bool, c.option("unique")]


@c.app.command()
def select(paths: c.Paths, output: c.OutOpt = None, to: ToOpt = None, tag: TagOpt = None,
           player: PlayerOpt = None, players: CountOpt = None, rule: RuleOpt = None,
           with_: WithOpt = None, without: WithoutOpt = None, clean: CleanOpt = False,
           faulty: FaultyOpt = False, unique: UniqueOpt = False, exclude: c.ExcludeOpt = None,
           jobs: c.JobsOpt = 1, dask: c.DaskOpt = None) -> None:
    """Write the games that match every filter given, in canonical form.

    OUT is written whole at the end (a temporary file and a rename; .gz,
    .bz2, .xz, .zst compress). A game that cannot be read is said and left
    out (exit 1).
    """
    from verifier.data.select import FilterError, Filters, select_all

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
