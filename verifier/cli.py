"""The ``ftn`` command line (Typer): check, fmt, codes, explain, rules, generate.

Boundary: thin. It reads files and standard input, calls the library
(``check``, ``generate``, ``diagnostics``, ``rulebook``) and renders findings
with the renderer family of ``render`` (``--format``, ``--color``); all
judgement lives in the library. Exit codes: 0 no errors, 1 errors found
(or, for ``fmt --check``, files that would change), 2 usage errors or
unreadable input. No traceback reaches the user.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import shutil
import sys
import tempfile
from collections.abc import Iterator
from enum import Enum
from pathlib import Path
from typing import IO, Annotated

import typer

from notation.printer import print_games

from . import clihelp, rulebook
from . import diagnostics as registry
from .audit import AuditSummary, GameAudit
from .check import (
    FORMATS,
    FileReport,
    audit_text,
    canonical,
    check_text,
    convert_text,
    format_text,
    kind_of,
    read_any,
)
from .engine import perft as perft_count
from .engine import perft_divide
from .generate import generate_games, hide_hands
from .render import FORMATS as RENDERERS
from .render import Context, Renderer, want_color
from .render.base import table
from .render.sarif import tool_version
from .replay import Unknown, check_game
from .report import Summary, dumps, render_diagnostic, render_trace
from .schemas import SCHEMAS, schema_text

clihelp.setup()

HELP = "FTN tools for Fives and Threes records: check, format, audit, convert, generate."
app = typer.Typer(
    name="ftn",
    help=HELP,
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
)

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class Format(str, Enum):
    text = "text"
    json = "json"


class OutputFormat(str, Enum):
    """--format of the commands that report findings: the names of ``render.FORMATS``
    (a test keeps the two the same)."""

    text = "text"
    concise = "concise"
    json = "json"
    jsonl = "jsonl"
    github = "github"
    sarif = "sarif"
    junit = "junit"


class Color(str, Enum):
    auto = "auto"
    always = "always"
    never = "never"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ftn {tool_version()}")
        raise typer.Exit()


VersionOpt = Annotated[
    bool,
    typer.Option("--version", callback=_version, is_eager=True,
                 help="Print the installed version and exit."),
]


@app.callback(help=HELP)
def _root(version: VersionOpt = False) -> None:
    pass


class InputError(Exception):
    """An input that cannot be read; the message says which and why."""


def _err(message: str) -> None:
    typer.echo(message, err=True)


def _decode(data: bytes, name: str) -> str:
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        before = data[: e.start]
        line = before.count(b"\n") + 1
        col = len(before) - (before.rfind(b"\n") + 1) + 1
        raise InputError(f"{name}:{line}:{col}: not UTF-8 (byte 0x{data[e.start]:02x})") from None


RECORD_SUFFIXES = (".ftn", ".json", ".jsonl")


def _expand(paths: list[str]) -> Iterator[str]:
    for p in paths:
        if p == "-":
            yield p
            continue
        path = Path(p)
        if path.is_dir():
            found = sorted(
                str(f) for f in path.rglob("*") if f.is_file() and f.suffix in RECORD_SUFFIXES
            )
            if not found:
                raise InputError(f"{p}: no *.ftn, *.json or *.jsonl files in this directory")
            yield from found
        else:
            yield p


_noted = False


def _note_fallback(text: str, name: str) -> None:
    """Say once on stderr when JSON is checked without the fast validator."""
    global _noted
    if _noted or kind_of(text, name) != "json":
        return
    from .validate import FALLBACK_NOTE, FAST  # slow to load: only for JSON

    if not FAST:
        _noted = True
        _err(FALLBACK_NOTE)


def _read(name: str) -> str:
    if name == "-":
        return _decode(sys.stdin.buffer.read(), "<stdin>")
    try:
        data = Path(name).read_bytes()
    except OSError as e:
        raise InputError(f"{name}: cannot read: {e.strerror or e}") from None
    return _decode(data, name)


def _inputs(paths: list[str]) -> list[tuple[str, str]]:
    """(name, text) for every input, or exit 2 with a message."""
    try:
        return [("<stdin>" if n == "-" else n, _read(n)) for n in _expand(paths)]
    except InputError as e:
        _err(f"ftn: {e}")
        raise typer.Exit(EXIT_USAGE) from None


Paths = Annotated[
    list[str],
    typer.Argument(metavar="PATH...", help="FTN, JSON or JSON Lines files, directories "
                   "(searched for *.ftn, *.json and *.jsonl), or - for stdin."),
]
FormatOpt = Annotated[
    Format,
    typer.Option("--format", "-f", metavar="text|json", help="text for people, json for machines."),
]
_FORMATS_HELP = (
    "text (for people, with the source line), concise (one line a finding), json, jsonl "
    "(one finding a line, streamed), github (GitHub Actions annotations), sarif (SARIF "
    "2.1.0, for code scanning) or junit (JUnit XML)."
)
OutputFormatOpt = Annotated[
    OutputFormat,
    typer.Option("--format", "-f", metavar="FORMAT", help=_FORMATS_HELP),
]
ColorOpt = Annotated[
    Color,
    typer.Option("--color", metavar="auto|always|never",
                 help="Colour: auto colours a terminal unless NO_COLOR is set; never when piped."),
]
CheckOpt = Annotated[
    bool, typer.Option("--check", help="Only report files that are not canonical (exit 1).")
]
WriteOpt = Annotated[
    bool, typer.Option("--write", "-w", help="Rewrite in place (never a file that does not parse).")
]
MarkdownOpt = Annotated[
    bool, typer.Option("--markdown", help="Print the Markdown table of the README.")
]
CodeArg = Annotated[
    str, typer.Argument(metavar="CODE", help="A code (FT304) or a name (overshoot-accepted).")
]
RuleArg = Annotated[
    str | None,
    typer.Argument(metavar="[RULE]", help="A rule (R8.2), a section (R8) or a variant (V3); "
                   "without it, every rule is listed."),
]
PlayersOpt = Annotated[
    int,
    typer.Option("--players", "-p", min=2, max=12, metavar="N",
                 help="2 to 12 (as the rules allow)."),
]
PresetOpt = Annotated[
    str | None,
    typer.Option("--rules", metavar="PRESET", help="A preset: pagat (the default) or online."),
]
class Hide(str, Enum):
    none = "none"
    all = "all"
    first = "first"
    some = "some"


HideOpt = Annotated[
    Hide,
    typer.Option("--hide", metavar="none|all|first|some",
                 help="Write partial records: none (every hand), all (no deals), "
                 "first (only the first seat's hand), some (a third of the tiles as '?')."),
]
RuleOpt = Annotated[
    list[str] | None,
    typer.Option("--rule", metavar="NAME=VALUE",
                 help="An option NAME=VALUE (repeat it): set, hand, target, divisors, "
                 "immediate-end, opener, partnerships, bonus."),
]
GamesOpt = Annotated[
    int, typer.Option("--games", "-n", min=1, metavar="N", help="How many games.")
]
SeedOpt = Annotated[
    int,
    typer.Option("--seed", "-s", metavar="SEED",
                 help="Random seed: the same seed gives the same games."),
]
OutputOpt = Annotated[
    Path | None,
    typer.Option("--output", "-o", metavar="FILE", help="Write to this file instead of stdout."),
]


UnknownsOpt = Annotated[
    bool,
    typer.Option("--explain-unknowns", help="Also list what partial records leave unverified."),
]


def _renderer(format: OutputFormat, color: Color, out: IO[str], ctx: Context) -> Renderer:
    """The renderer of ``--format``, writing to ``out``, coloured as ``--color`` says."""
    ctx.color = want_color(color.value, out) and format.value in ("text", "concise")
    ctx.width = shutil.get_terminal_size().columns if out.isatty() else None
    return RENDERERS[format.value](out, ctx)


@app.command()
def check(
    paths: Paths,
    format: OutputFormatOpt = OutputFormat.text,
    explain_unknowns: UnknownsOpt = False,
    color: ColorOpt = Color.auto,
) -> None:
    """Replay every game and report illegal moves and wrong claims."""
    if explain_unknowns and not RENDERERS[format.value].shows_unknowns:
        _err(f"ftn check: --explain-unknowns needs --format text, concise, json or jsonl, "
             f"not {format.value}")
        raise typer.Exit(EXIT_USAGE)
    inputs = _inputs(paths)
    texts: dict[str, list[str]] = {}
    summary = Summary(files=len(inputs))
    unknowns: list[Unknown] = []

    def line_of(source: str, line: int) -> str | None:
        lines = texts.get(source)
        if lines is None or not 1 <= line <= len(lines):
            return None
        return lines[line - 1].rstrip("\r")

    ctx = Context(line_of=line_of, sources=[name for name, _ in inputs],
                  unknowns=unknowns if explain_unknowns else None)
    out = _renderer(format, color, sys.stdout, ctx)
    for name, text in inputs:
        texts[name] = text.split("\n")
        _note_fallback(text, name)
        rep: FileReport = check_text(text, name)
        summary.games += rep.games
        summary.events += rep.events
        summary.errors += rep.errors
        summary.warnings += rep.warnings
        for d in rep.diagnostics:
            out.finding(d)
        unknowns.extend(rep.unknowns)
    out.finish(summary)
    raise typer.Exit(EXIT_ERRORS if summary.errors else EXIT_OK)


def _write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
        with contextlib.suppress(OSError):
            os.chmod(tmp, path.stat().st_mode & 0o7777)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


@app.command()
def fmt(paths: Paths, check_only: CheckOpt = False, write: WriteOpt = False) -> None:
    """Print records in the canonical form; JSON stays JSON.

    Every end is written and the layout is fixed; an array stays an array.
    """
    if check_only and write:
        _err("ftn fmt: --check and --write exclude each other")
        raise typer.Exit(EXIT_USAGE)
    if write and "-" in paths:
        _err("ftn fmt: --write cannot rewrite standard input")
        raise typer.Exit(EXIT_USAGE)
    status = EXIT_OK
    for name, text in _inputs(paths):
        out, errors = format_text(text, name)
        if out is None:
            lines = text.split("\n")
            for d in errors:
                line = lines[d.line - 1] if 1 <= d.line <= len(lines) else None
                _err(render_diagnostic(d, line))
            _err(f"ftn fmt: {name}: not formatted: it does not parse")
            status = EXIT_ERRORS
            continue
        if check_only:
            if out != text.replace("\r\n", "\n"):
                typer.echo(f"would reformat {name}")
                status = EXIT_ERRORS
        elif write:
            if out != text:
                try:
                    _write_atomic(Path(name), out)
                except OSError as e:
                    _err(f"ftn fmt: {name}: cannot write: {e.strerror or e}")
                    raise typer.Exit(EXIT_USAGE) from None
                typer.echo(f"reformatted {name}")
        else:
            sys.stdout.write(out)
    raise typer.Exit(status)


def _console_context(color: Color) -> Context:
    """Colour and width for a table on standard output."""
    return Context(
        color=want_color(color.value, sys.stdout),
        width=shutil.get_terminal_size().columns if sys.stdout.isatty() else None,
    )


@app.command()
def codes(markdown: MarkdownOpt = False, color: ColorOpt = Color.auto) -> None:
    """List the registry of diagnostics: code, name, severity, rule, summary."""
    if markdown:
        typer.echo(registry.table_markdown(), nl=False)
        return
    rows = [[c.code, c.name, c.severity, c.rule, c.summary] for c in registry.REGISTRY]
    sys.stdout.write(table(None, rows, _console_context(color),
                           styles=["bold", "cyan", None, "green", None]))


@app.command()
def rules(rule: RuleArg = None, color: ColorOpt = Color.auto) -> None:
    """List the rule book's rules, or print one rule or section of it."""
    if rule is None:
        rows = [[r.id, r.title] for r in rulebook.rules()]
        sys.stdout.write(table(None, rows, _console_context(color), styles=["bold"]))
        return
    found = rulebook.get(rule)
    if found is None:
        _err(f"ftn rules: no rule {rule!r} in the rule book; 'ftn rules' lists them "
             "(R1.1 to R8.5, sections R1 to R9, variants V1 to V7)")
        raise typer.Exit(EXIT_USAGE)
    typer.echo(found.text)


def _cited_rules(citation: str) -> str:
    """The text of every rule of the book that a citation names."""
    texts = []
    for rule_id in rulebook.expand(citation):
        found = rulebook.get(rule_id)
        if found is not None:
            texts.append(found.text)
    return "\n\n".join(texts)


@app.command()
def explain(code: CodeArg) -> None:
    """Show one diagnostic: what it means, why it matters, and an example."""
    entry = registry.lookup(code)
    if entry is None:
        _err(f"ftn explain: unknown code {code!r}; see 'ftn codes'")
        raise typer.Exit(EXIT_USAGE)
    typer.echo(f"{entry.code} {entry.name} ({entry.severity}, rule {entry.rule})\n")
    typer.echo(f"{entry.summary}\n{entry.why}\n")
    cited = _cited_rules(entry.rule)
    if cited:
        typer.echo(f"The rules it cites ({entry.rule}; 'ftn rules RULE' prints one):\n")
        typer.echo("\n".join(f"  {line}" if line else "" for line in cited.split("\n")) + "\n")
    typer.echo("Example:\n")
    for i, line in enumerate(entry.example.rstrip("\n").split("\n"), 1):
        typer.echo(f"  {i:>3}  {line}")
    rep = check_text(entry.example, "example")
    found = [d for d in rep.diagnostics if d.name == entry.name]
    lines = entry.example.split("\n")
    typer.echo("\nWhat 'ftn check' says of it:\n")
    for d in found:
        typer.echo(render_diagnostic(d, lines[d.line - 1]))


@app.command()
def generate(
    players: PlayersOpt = 2,
    games: GamesOpt = 1,
    seed: SeedOpt = 1,
    output: OutputOpt = None,
    rules: PresetOpt = None,
    rule: RuleOpt = None,
    hide: HideOpt = Hide.none,
) -> None:
    """Write random legal complete games with correct claims."""
    declared = []
    for item in rule or []:
        name, eq, value = item.partition("=")
        if not eq:
            _err(f"ftn generate: --rule takes NAME=VALUE, not {item!r}")
            raise typer.Exit(EXIT_USAGE)
        declared.append((name, value))
    try:
        made = list(generate_games(players, games, seed, rules, declared))
    except ValueError as e:
        _err(f"ftn generate: {e}")
        raise typer.Exit(EXIT_USAGE) from None
    if hide is not Hide.none:
        rng = random.Random(seed)
        made = [
            hide_hands(g, (), None) if hide is Hide.all
            else hide_hands(g, (g.tags[1].values[0],)) if hide is Hide.first
            else hide_hands(g, [t.values[0] for t in g.tags if t.key == "seat"], rng, 1 / 3)
            for g in made
        ]
    text = print_games(made)
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as e:
        _err(f"ftn generate: {output}: cannot write: {e.strerror or e}")
        raise typer.Exit(EXIT_USAGE) from None


class To(str, Enum):
    ftn = "ftn"
    json = "json"
    jsonl = "jsonl"


ToOpt = Annotated[
    To | None,
    typer.Option("--to", "-t", metavar="ftn|json|jsonl",
                 help="ftn, json (an array) or jsonl; else from OUT, else the "
                 "other kind than the input."),
]
OutOpt = Annotated[
    Path | None, typer.Option("--output", "-o", metavar="OUT", help="Write here, not stdout.")
]
InArg = Annotated[
    str, typer.Argument(metavar="IN", help="An FTN, JSON or JSON Lines file, or - for stdin.")
]
RecordArg = Annotated[
    str,
    typer.Argument(metavar="RECORD", help="An FTN, JSON or JSON Lines file, or - for stdin; "
                   "its first game's last position is counted from."),
]
NameArg = Annotated[str, typer.Argument(metavar="NAME", help=f"One of: {', '.join(SCHEMAS)}.")]


def _write_out(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    try:
        _write_atomic(output, text)
    except OSError as e:
        _err(f"ftn: {output}: cannot write: {e.strerror or e}")
        raise typer.Exit(EXIT_USAGE) from None


def _report_unreadable(name: str, text: str, errors: list[registry.Diagnostic]) -> None:
    lines = text.split("\n")
    for d in errors:
        line = lines[d.line - 1] if 1 <= d.line <= len(lines) else None
        _err(render_diagnostic(d, line))


PositionsOpt = Annotated[
    bool, typer.Option("--positions", help="Write each element's FTN line and column into JSON.")
]


@app.command()
def convert(
    source: InArg, output: OutOpt = None, to: ToOpt = None, positions: PositionsOpt = False
) -> None:
    """Convert records between FTN, JSON and JSON Lines (canonical form)."""
    ((name, text),) = _inputs([source])
    _note_fallback(text, name)
    if positions and kind_of(text, name) == "json":
        _err("ftn convert: --positions needs FTN input (they are FTN lines and columns)")
        raise typer.Exit(EXIT_USAGE)
    target = to.value if to is not None else None
    if target is None and output is not None:
        suffix = output.suffix.lower().lstrip(".")
        target = suffix if suffix in FORMATS else None
    if target is None:
        target = "ftn" if kind_of(text, name) == "json" else "json"
    out, errors = convert_text(text, target, name, positions=positions)
    if out is None:
        _report_unreadable(name, text, errors)
        _err(f"ftn convert: {name}: not converted: it cannot be read")
        raise typer.Exit(EXIT_ERRORS)
    _write_out(out, output)


@app.command()
def replay(source: InArg, format: FormatOpt = Format.text, output: OutOpt = None) -> None:
    """The reference replay: every event with the state the rules give after it."""
    ((name, text),) = _inputs([source])
    _note_fallback(text, name)
    games, errors = read_any(text, name)
    if errors:
        _report_unreadable(name, text, errors)
        _err(f"ftn replay: {name}: it cannot be read")
        raise typer.Exit(EXIT_ERRORS)
    docs = []
    stopped = False
    for n, g in enumerate(canonical(games, name), 1):
        rep = check_game(g, n, name, want_trace=True)
        stop = rep.stopped
        stopped = stopped or stop is not None
        docs.append({
            "file": name, "game": n, "seats": list(rep.seats), "sides": list(rep.sides),
            "target": rep.target, "rounds": rep.trace or [], "winner": rep.winner,
            "totals": list(rep.scores),
            "complete": rep.complete, "stopped": None if stop is None else stop.to_dict(),
        })
    doc = {"version": 1, "games": docs}
    _write_out(dumps(doc) + "\n" if format is Format.json else render_trace(doc), output)
    raise typer.Exit(EXIT_ERRORS if stopped else EXIT_OK)


class Resync(str, Enum):
    claimed = "claimed"
    computed = "computed"


AuditPaths = Annotated[
    list[str] | None,
    typer.Argument(metavar="[PATH]...", help="Another engine's records (FTN, JSON, JSON Lines), "
                   "or directories (searched for *.ftn, *.json and *.jsonl)."),
]
ResyncOpt = Annotated[
    Resync,
    typer.Option("--resync", metavar="claimed|computed",
                 help="After a diverging round, go on from the claimed totals "
                 "or the computed ones."),
]
EngineOpt = Annotated[
    str | None,
    typer.Option("--engine", metavar="COMMAND", help="Audit a live engine: the command that "
                 "starts it (it speaks the protocol of verifier/PROTOCOL.md)."),
]
GenerateOpt = Annotated[
    int,
    typer.Option("--generate", min=0, metavar="N",
                 help="With --engine: this many generated games."),
]
TimeoutOpt = Annotated[
    float,
    typer.Option("--timeout", min=0.1, metavar="SECONDS",
                 help="Seconds an engine may take for one answer."),
]


@app.command()
def audit(
    paths: AuditPaths = None,
    format: OutputFormatOpt = OutputFormat.text,
    resync: ResyncOpt = Resync.claimed,
    output: OutOpt = None,
    engine: EngineOpt = None,
    generate: GenerateOpt = 0,
    players: PlayersOpt = 2,
    seed: SeedOpt = 1,
    timeout: TimeoutOpt = 5.0,
    color: ColorOpt = Color.auto,
) -> None:
    """Audit another implementation: its records, or a live engine."""
    summary = AuditSummary()
    if engine is not None:
        from .protocol import audit_engine

        games = list(generate_games(players, generate, seed)) if generate else []
        for name, text in _inputs(paths or []):
            read, errors = read_any(text, name)
            if errors:
                _report_unreadable(name, text, errors)
                raise typer.Exit(EXIT_USAGE)
            games += read
        if not games:
            _err("ftn audit: --engine needs reference games: --generate N, or files")
            raise typer.Exit(EXIT_USAGE)
        for ga in audit_engine(engine, games, timeout):
            summary.games.append(ga)
    else:
        if not paths:
            _err("ftn audit: give record files, or --engine COMMAND")
            raise typer.Exit(EXIT_USAGE)
        for name, text in _inputs(paths):
            reports, unreadable = audit_text(text, name, resync.value)
            for rep in reports:
                summary.add(name, rep)
            for d in unreadable:
                summary.games.append(GameAudit(
                    name, d.game, 0, 0, [],
                    f"unreadable: {d.code} {d.name} at {d.line}:{d.col}: {d.message}",
                ))
    if output is None:
        _renderer(format, color, sys.stdout, Context()).audit(summary)
    else:
        buf = io.StringIO()
        _renderer(format, Color.never if color is Color.auto else color, buf,
                  Context()).audit(summary)
        _write_out(buf.getvalue(), output)
    raise typer.Exit(EXIT_OK if all(g.clean for g in summary.games) else EXIT_ERRORS)


DepthOpt = Annotated[
    int, typer.Option("--depth", "-d", min=0, max=12, metavar="N", help="How many moves.")
]
DivideOpt = Annotated[bool, typer.Option("--divide", help="Split the count by first move.")]


@app.command()
def perft(source: RecordArg, depth: DepthOpt = 3, divide: DivideOpt = False) -> None:
    """Count the legal continuations of a record's last position (perft)."""
    ((name, text),) = _inputs([source])
    games, errors = read_any(text, name)
    if errors or not games:
        _report_unreadable(name, text, errors)
        _err(f"ftn perft: {name}: no game to start from")
        raise typer.Exit(EXIT_ERRORS)
    rep = check_game(games[0], 1, name, want_state=True)
    bad = [d for d in rep.diagnostics if d.severity == "error"]
    if bad or rep.final is None:
        lines = text.split("\n")
        for d in bad:
            _err(render_diagnostic(d, lines[d.line - 1] if 1 <= d.line <= len(lines) else None))
        _err(f"ftn perft: {name}: the record must replay clean and have a round")
        raise typer.Exit(EXIT_ERRORS)
    rs, gs = rep.final
    if rs.partial:
        _err(f"ftn perft: {name}: perft needs every hand of the last round known")
        raise typer.Exit(EXIT_ERRORS)
    if divide:
        total = 0
        for move, count in perft_divide(rs, gs, depth):
            what = "knock" if move.tile is None else f"{move.tile[0]}-{move.tile[1]}" + (
                f" {move.end}" if move.end else "")
            typer.echo(f"{what}: {count}")
            total += count
        typer.echo(f"total: {total}")
    else:
        typer.echo(str(perft_count(rs, gs, depth)))


@app.command()
def schema(name: NameArg) -> None:
    """Print one of the published JSON Schemas: record, replay or report."""
    if name not in SCHEMAS:
        _err(f"ftn schema: unknown schema {name!r}; one of: {', '.join(SCHEMAS)}")
        raise typer.Exit(EXIT_USAGE)
    sys.stdout.write(schema_text(name))


def main() -> None:
    """Entry point of the ``ftn`` console script."""
    try:
        app()
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        _err("ftn: interrupted")
        sys.exit(130)
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        sys.exit(EXIT_ERRORS)
