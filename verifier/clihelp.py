"""How ``--help`` looks: readable placeholders, and no colour under ``NO_COLOR``.

Boundary: presentation of the help pages only, applied once before the
command line runs. Recent Typer releases print a Python type beside every
parameter (``<bool>`` for a flag, ``<list[str]>`` and ``{paths}`` for an
argument) even where the parameter names a ``metavar``; here a flag shows no
placeholder and a parameter with a ``metavar`` shows that. Typer 0.27 and
0.28 (Click vendored, before 0.29) wrap a required argument's metavar in
braces in the usage line (``{IN}``) and print ``<str>`` beside it; there too
an argument shows its metavar as written, so that the help reads the same
under every Typer that ``pyproject.toml`` allows. Each change is applied
only where Typer has the method it replaces, so other Typer versions (which
print metavars already) are left as they are. ``NO_COLOR`` (any value but
the empty string) turns off every style in the help, bold included.
"""

from __future__ import annotations

import os
from typing import Any


def readable_placeholders() -> None:
    """Flags without a type, and metavars instead of Python types."""
    from typer import core

    arg = getattr(core, "TyperArgument", None)
    opt = getattr(core, "TyperOption", None)
    if arg is not None and hasattr(arg, "display_type_rich"):
        plain_arg_type = arg.display_type_rich

        def arg_type(self: Any, ctx: Any) -> str | None:
            return None if self.metavar is not None else plain_arg_type(self, ctx)

        arg.display_type_rich = arg_type
    if arg is not None and hasattr(arg, "_usage_display_name"):
        plain_usage = arg._usage_display_name

        def usage(self: Any) -> str:
            shown: str = self.metavar if self.metavar is not None else plain_usage(self)
            return shown

        arg._usage_display_name = usage
    if opt is not None and hasattr(opt, "display_type_rich"):
        plain_opt_type = opt.display_type_rich

        def opt_type(self: Any, ctx: Any) -> str | None:
            if self.is_flag and self.metavar is None:
                return None
            shown: str | None = plain_opt_type(self, ctx)
            return shown

        opt.display_type_rich = opt_type
    if arg is not None and not hasattr(arg, "display_type_rich"):
        _vendored_click_placeholders(core, arg)


def _vendored_click_placeholders(core: Any, arg: Any) -> None:
    """Typer 0.27 and 0.28: an argument with a metavar shows it as written in
    the usage line, and no type beside it in the help."""
    make = getattr(arg, "make_metavar", None)
    if make is not None and "usage" in getattr(make, "__code__", make).co_varnames:
        def make_metavar(self: Any, ctx: Any, *, usage: bool = False) -> str:
            if usage and self.metavar is not None:
                shown: str = self.metavar
                return shown
            plain: str = make(self, ctx, usage=usage)
            return plain

        arg.make_metavar = make_metavar
    param_type = getattr(getattr(getattr(core, "_click", None), "types", None), "ParamType", None)
    if param_type is not None and hasattr(param_type, "get_metavar"):
        plain_metavar = param_type.get_metavar

        def get_metavar(self: Any, param: Any, ctx: Any) -> str | None:
            if isinstance(param, arg) and param.metavar is not None:
                return ""  # the help prints no type for an empty one
            shown: str | None = plain_metavar(self, param, ctx)
            return shown

        param_type.get_metavar = get_metavar


def no_color_in_help() -> None:
    """Under ``NO_COLOR``, the help pages carry no ANSI style at all."""
    if os.environ.get("NO_COLOR", ""):
        from typer import rich_utils

        rich_utils.COLOR_SYSTEM = None


def setup() -> None:
    readable_placeholders()
    no_color_in_help()
