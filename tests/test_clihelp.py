"""Tests of verifier.clihelp: readable help placeholders, and NO_COLOR in help."""

from __future__ import annotations

from typing import Annotated

import pytest
import typer
from typer.testing import CliRunner

from verifier import clihelp


def test_flags_and_metavars_are_shown_as_written() -> None:
    clihelp.readable_placeholders()
    app = typer.Typer(add_completion=False)

    @app.command()
    def cmd(
        paths: Annotated[list[str], typer.Argument(metavar="PATH...", help="Inputs.")],
        flag: Annotated[bool, typer.Option("--flag", help="A flag.")] = False,
        n: Annotated[int, typer.Option("--n", metavar="N", help="A number.")] = 1,
    ) -> None:
        """One command."""

    out = CliRunner().invoke(app, ["--help"], env={"COLUMNS": "80"}).stdout
    assert "Usage: cmd [OPTIONS] PATH..." in out
    assert "<bool>" not in out and "<list[str]>" not in out and "{" not in out
    assert "<int>" not in out and " N " in out


def test_no_color_turns_off_every_style_in_help(monkeypatch: pytest.MonkeyPatch) -> None:
    from typer import rich_utils

    monkeypatch.setattr(rich_utils, "COLOR_SYSTEM", "auto")
    monkeypatch.delenv("NO_COLOR", raising=False)
    clihelp.no_color_in_help()
    assert rich_utils.COLOR_SYSTEM == "auto"
    monkeypatch.setenv("NO_COLOR", "1")
    clihelp.no_color_in_help()
    assert rich_utils.COLOR_SYSTEM is None


def test_typer_before_0_29_shows_an_argument_metavar_as_written() -> None:
    """Typer 0.27 and 0.28 (what ``pyproject.toml`` allows below 0.29) wrap a
    required argument's metavar in braces in the usage line and print the
    type beside it; on classes shaped like theirs, neither happens."""

    class ParamType:
        def get_metavar(self, param: object, ctx: object) -> str | None:
            return None

    class TyperArgument:
        def __init__(self, metavar: str | None) -> None:
            self.metavar, self.name = metavar, "paths"

        def make_metavar(self, ctx: object, *, usage: bool = False) -> str:
            var = self.metavar or self.name
            return f"{{{var}}}" if usage else var

    class Core:
        class _click:  # Typer's name
            types = type("types", (), {"ParamType": ParamType})

    clihelp._vendored_click_placeholders(Core, TyperArgument)
    named, unnamed = TyperArgument("PATH..."), TyperArgument(None)
    assert named.make_metavar(None, usage=True) == "PATH..."
    assert unnamed.make_metavar(None, usage=True) == "{paths}"  # only a metavar is kept
    assert named.make_metavar(None) == "PATH..."
    assert ParamType().get_metavar(named, None) == ""  # no type printed
    assert ParamType().get_metavar(unnamed, None) is None
    assert ParamType().get_metavar(object(), None) is None  # options are left as they are
