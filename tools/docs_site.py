"""The documentation site's hooks (MkDocs, ``mkdocs.yml``'s ``hooks``): the
command reference made from the ``ftn`` app, and files of the repository
shown as pages without a copy.

- ``commands/NAME.md`` is each command's page: the text written there, then
  its reference, made at build time from the Typer app's Click commands
  (usage, description, arguments and options with their values, defaults
  and help), so that it is the command's own ``--help`` and cannot drift.
  ``<!-- ftn commands -->`` in ``commands/index.md`` becomes the table of
  every command with its first line of help. A command without its page,
  or a page of no command, is a warning (a failure under ``--strict``).
- ``<!-- include PATH -->`` alone on a line is replaced by the text of
  the repository's file PATH (the rule book, the specification, the
  protocol, the README, the changelog: each kept in one place). Its links
  are made to work from the page: to another file shown as a page, that
  page; to a file under ``docs/``, that file; to any other file of the
  repository, its place on GitHub (``rulebook.PROJECT_URL``); a link to a
  file that is not there is a warning.

Boundary: turns the app's commands and the repository's files into
Markdown for MkDocs; imports the command line's app and Click, writes
nothing. Typer carries its own copy of Click, so the commands are read
through their public methods and attributes (``typer.main.get_command``,
``params``, ``collect_usage_pieces``, ``context_class``), not Click's
classes. ``mkdocs build --strict`` runs it (``.ci/run``), and
``tests/e2e/test_docs_site.py`` its functions.
"""

from __future__ import annotations

import html
import logging
import posixpath
import re
from enum import Enum
from pathlib import Path
from typing import Any

import rich.markup
import typer.main

from verifier.cli.app import COMMANDS, app
from verifier.rulebook import PROJECT_URL

ROOT = Path(__file__).resolve().parent.parent

#: The repository's files shown as pages of the site, and their pages.
INCLUDED = {
    "README.md": "index.md",
    "notation/SPEC.md": "spec.md",
    "verifier/RULES.md": "rules.md",
    "verifier/PROTOCOL.md": "protocol.md",
    "CHANGELOG.md": "changelog.md",
}

COMMANDS_TABLE = "<!-- ftn commands -->"
_INCLUDE = re.compile(r"^<!-- include (\S+) -->$", re.M)
_LINK = re.compile(r"(!?\[[^\]]*\]\()([^)\s]+)(\))")
_MARKDOWN = re.compile(r"([\\`*_\[\]|])")

log = logging.getLogger("mkdocs.plugins.ftn")


# -- The command reference ---------------------------------------------------


def _context(cmd: Any, path: str) -> Any:
    return cmd.context_class(cmd, info_name=path)


def _commands() -> tuple[Any, Any]:
    """The ``ftn`` group (its Click command) and a context of it."""
    group = typer.main.get_command(app)
    return _context(group, "ftn"), group


def plain(text: str) -> str:
    """Help text (Rich markup) as Markdown text that shows it as written."""
    shown = rich.markup.render(text).plain
    return _MARKDOWN.sub(r"\\\1", html.escape(shown, quote=False))


def _paragraphs(text: str) -> str:
    """A docstring's paragraphs, each on one line, as Typer shows them."""
    return "\n\n".join(" ".join(p.split()) for p in text.strip().split("\n\n"))


def _default(param: Any) -> str:
    value = param.default
    if isinstance(value, Enum):
        value = value.value
    if value is None or value is False or value in ((), []) or callable(value):
        return ""
    return f"`{value}`"


def _value(param: Any, ctx: Any) -> str:
    if getattr(param, "is_flag", False) or param.param_type_name == "argument":
        return ""
    return f"`{param.make_metavar(ctx)}`"


def _params(cmd: Any, ctx: Any) -> list[str]:
    """The table of a command's arguments and options."""
    rows = ["| argument or option | value | default | what it does |", "|---|---|---|---|"]
    for param in cmd.params:
        names = ", ".join(f"`{o}`" for o in [*param.opts, *param.secondary_opts])
        if param.param_type_name == "argument":
            names = f"`{param.make_metavar(ctx)}`" + (" (required)" if param.required else "")
        text = plain(" ".join(str(getattr(param, "help", "") or "").split()))
        rows.append(f"| {names} | {_value(param, ctx)} | {_default(param)} | {text} |")
    rows.append("| `--help` | | | Show the command's help and exit. |")
    return rows


def reference(cmd: Any, path: str, level: int = 2) -> str:
    """A command's reference in Markdown: ``path`` is how it is typed
    (``ftn fmt``); a group gives each of its commands', a level deeper."""
    ctx = _context(cmd, path)
    usage = " ".join([path, *cmd.collect_usage_pieces(ctx)])
    out = ["#" * level + f" `{path}`", "", "```text", usage, "```", ""]
    if cmd.help:
        out += [plain(_paragraphs(cmd.help)), ""]
    if hasattr(cmd, "list_commands"):
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            if sub is not None:
                out += [reference(sub, f"{path} {name}", level + 1), ""]
        return "\n".join(out).rstrip() + "\n"
    return "\n".join([*out, *_params(cmd, ctx)]) + "\n"


def command_page(name: str) -> str:
    """The generated part of ``commands/NAME.md``."""
    ctx, group = _commands()
    cmd = group.get_command(ctx, name)
    if cmd is None:
        raise KeyError(name)
    note = (f"*Made from the command itself when the site is built: what `ftn {name} "
            "--help` prints.*")
    return f"## Reference\n\n{note}\n\n" + reference(cmd, f"ftn {name}", 3)


def commands_table() -> str:
    """Every command, linked to its page, with its first line of help."""
    ctx, group = _commands()
    rows = ["| command | what it does |", "|---|---|"]
    for name in COMMANDS:
        cmd = group.get_command(ctx, name)
        assert cmd is not None
        first = _paragraphs(cmd.help or "").split("\n\n")[0]
        rows.append(f"| [`ftn {name}`]({name}.md) | {plain(first)} |")
    return "\n".join(rows) + "\n"


def missing_pages(pages: set[str]) -> tuple[list[str], list[str]]:
    """The commands without a page under ``commands/``, and the pages there
    of no command (``pages``: the site's files, as ``commands/NAME.md``)."""
    mine = {p.removeprefix("commands/").removesuffix(".md") for p in pages
            if p.startswith("commands/") and p.endswith(".md")} - {"index"}
    return sorted(set(COMMANDS) - mine), sorted(mine - set(COMMANDS))


# -- Files of the repository shown as pages ----------------------------------


def _link(target: str, source: str, page: str) -> str:
    """A link of the repository's file ``source``, made to work on ``page``."""
    if re.match(r"^[a-z]+:|^#|^/", target):
        return target
    path, _, anchor = target.partition("#")
    where = posixpath.normpath(posixpath.join(posixpath.dirname(source), path))
    anchor = f"#{anchor}" if anchor else ""
    if where in INCLUDED:
        where = "docs/" + INCLUDED[where]
    if not (ROOT / where).exists():
        log.warning("%s links to %s, which is not in the repository", source, target)
    if where.startswith("docs/"):
        return posixpath.relpath(where, posixpath.dirname("docs/" + page)) + anchor
    return f"{PROJECT_URL}/blob/main/{where}{anchor}"


def included(source: str, page: str) -> str:
    """The repository's file ``source`` as Markdown of ``page`` (its path
    under ``docs/``), its links made to work there."""
    text = (ROOT / source).read_text(encoding="utf-8")
    return _LINK.sub(lambda m: m[1] + _link(m[2], source, page) + m[3], text)


def expand(markdown: str, page: str) -> str:
    """A page's Markdown with its includes and its generated parts."""
    markdown = _INCLUDE.sub(lambda m: included(m[1], page), markdown)
    if page == "commands/index.md":
        markdown = markdown.replace(COMMANDS_TABLE, commands_table())
    elif page.startswith("commands/"):
        markdown = markdown.rstrip() + "\n\n" + command_page(page[9:-3])
    return markdown


# -- MkDocs' events ----------------------------------------------------------


def on_files(files: Any, config: Any) -> Any:
    """Warn of a command without its page, or a page of no command."""
    without, unknown = missing_pages({f.src_uri for f in files})
    for name in without:
        log.warning("ftn %s has no page: write docs/commands/%s.md", name, name)
    for name in unknown:
        log.warning("docs/commands/%s.md is the page of no command of ftn", name)
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any) -> str:
    return expand(markdown, str(page.file.src_uri))
