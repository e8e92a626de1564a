"""``ftn replay``: the reference replay of every game, as text or JSON.

Boundary: the command only: its options, the messages and the exit
status; the replay is ``api.replay_file``'s.
"""

from __future__ import annotations

import typer

from verifier.api.rewrite import replay_file
from verifier.cli import common as c
from verifier.cli.console import EXIT_ERRORS, EXIT_OK, err, fail, said, show_piece

command = c.one_command()


@command.command()
def replay(source: c.InArg, format: c.FormatOpt = c.Format.text, output: c.OutOpt = None) -> None:
    """The reference replay: every event with the state the rules give after it.

    The input is read a game at a time and the replay written as it comes;
    at a game that cannot be read, as for convert.
    """
    source = c.one_file(source, "replay")
    with said():
        done = replay_file(source, output, format is c.Format.json, show_piece, err)
    if not done.ok:
        fail(f"ftn replay: {'<stdin>' if source == '-' else source}: it cannot be read",
             EXIT_ERRORS)
    raise typer.Exit(EXIT_ERRORS if done.stopped else EXIT_OK)
