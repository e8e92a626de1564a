"""The ``ftn`` command (Typer): its commands, each loaded when it runs, and
the console script.

``COMMANDS`` names every command, in the order of ``--help``; a command is
the module of ``verifier.cli`` of its name, whose ``command`` (a Typer
app of that one command) is imported only when the command line names it
(``Commands``, the group's table of commands: Click's lazy loading of
subcommands, through Typer's public ``cls``). So ``ftn check`` loads the
check's modules and no other command's; ``ftn --help`` and shell completion
load them all.

At exit, what is still alive is frozen for the cyclic collector
(``gc.freeze``): the interpreter's shutdown would otherwise run full
collections over every object left (5% of a one-game check's instructions)
only to free memory that the process gives back as it ends. Objects are
still finalized by their reference counts, files flushed and ``atexit``
handlers run.

Boundary: the command line's shape only; what each command does is its
module's.
"""

from __future__ import annotations

import atexit
import gc
import importlib
from collections.abc import Iterator, Mapping
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from verifier.cli.console import guarded
from verifier.cli.params import PARAMS

#: Every command, in the order of ``--help``: the name of the command and
#: of its module.
COMMANDS = ("check", "fmt", "convert", "replay", "show", "audit", "perft", "generate",
            "export", "fill", "record", "scorer", "codes", "rules", "explain", "schema", "select",
            "server", "stats", "match", "standings", "ratings")

HELP = ("FTN tools for Fives and Threes records: check, format, convert, replay, show, "
        "audit, generate.")


class Commands(Mapping[str, Any]):
    """The commands by name, each Click command made from its module when
    first looked up."""

    def __init__(self) -> None:
        self._made: dict[str, Any] = {}

    def __getitem__(self, name: str) -> Any:
        if name not in COMMANDS:
            raise KeyError(name)
        if name not in self._made:
            module = importlib.import_module(f"verifier.cli.{name}")
            self._made[name] = typer.main.get_command(module.command)
        return self._made[name]

    def __iter__(self) -> Iterator[str]:
        return iter(COMMANDS)

    def __len__(self) -> int:
        return len(COMMANDS)


class Group(TyperGroup):
    """The ``ftn`` group, its commands loaded as they are named."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.commands = Commands()  # type: ignore[assignment]


# Help texts are Rich markup (verifier.cli.params escapes a bracket).
app = typer.Typer(
    name="ftn",
    help=HELP,
    cls=Group,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    rich_markup_mode="rich",
)


def _version(value: bool) -> None:
    if value:
        from verifier.render.sarif import tool_version

        typer.echo(f"ftn {tool_version()}")
        raise typer.Exit()


_VERSION = PARAMS["version"]
VersionOpt = Annotated[
    bool, typer.Option(*_VERSION.flags, callback=_version, is_eager=True, help=_VERSION.help),
]


@app.callback(help=HELP)
def _root(version: VersionOpt = False) -> None:
    pass


def main() -> None:
    """Entry point of the ``ftn`` console script (and ``python -m verifier``)."""
    atexit.register(gc.freeze)  # (what is alive then is left to the end of the process)
    guarded(app)
