"""The ``ftn`` command line (Typer): check, fmt, convert, replay, audit,
perft, schema, codes, explain, generate.

Boundary: thin. It reads arguments, files and standard input, calls the
library (``api`` and the modules it names) and renders with ``report`` and
``audit``; all judgement lives in the library. Exit codes: 0 no errors, 1
errors found (or, for ``fmt --check``, files that would change), 2 usage
errors or unreadable input. No traceback reaches the user.
"""

from __future__ import annotations

import contextlib
import os
import random
import sys
import tempfile
from enum import Enum
from pathlib import Path
from typing import Annotated

import typer

from notation.printer import print_games

from . import api
from . import diagnostics as registry
from .audit import AuditSummary
from .audit import render_json as audit_render_json
from .audit import render_junit as audit_render_junit
from .audit import render_text as audit_render_text
from .check import FORMATS, check_text, convert_text, format_text, kind_of, read_any
from .engine import perft as perft_count
from .engine import perft_divide
from .generate import generate_games, hide
from .inputs import InputError, inputs
from .replay import final_position
from .report import Summary, dumps, render_diagnostic, render_text, render_trace, report_json
from .schemas import SCHEMAS, schema_text

app = typer.Typer(
    name="ftn",
    help="FTN tools for Fives and Threes records: check, format, convert, replay, audit.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class Format(str, Enum):
    text = "text"
    json = "json"


def _err(message: str) -> None:
    typer.echo(message, err=True)


def _inputs(paths: list[str]) -> list[tuple[str, str]]:
    """(name, text) for every input, or exit 2 with a message."""
    try:
        return inputs(paths)
    except InputError as e:
        _err(f"ftn: {e}")
        raise typer.Exit(EXIT_USAGE) from None


def _source_line(text: str, line: int) -> str | None:
    """Line ``line`` (1-based) of a text, without its line end; None when
    there is none."""
    lines = text.split("\n")
    return lines[line - 1].rstrip("\r") if 1 <= line <= len(lines) else None


def _show(errors: list[registry.Diagnostic], text: str) -> None:
    """Diagnostics about one text on stderr, with their source lines."""
    for d in errors:
        _err(render_diagnostic(d, _source_line(text, d.line)))


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


Paths = Annotated[
    list[str],
    typer.Argument(help="Files, directories (searched for *.ftn, *.json, *.jsonl, *.ndjson), "
                   "or - for stdin."),
]
FormatOpt = Annotated[
    Format, typer.Option("--format", "-f", help="text for people, json for machines.")
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
CodeArg = Annotated[str, typer.Argument(help="A code (FT304) or a name (overshoot-accepted).")]
PlayersOpt = Annotated[
    int, typer.Option("--players", "-p", min=2, max=12, help="2 to 12 (as the rules allow).")
]
PresetOpt = Annotated[
    str | None, typer.Option("--rules", help="A preset: pagat (the default) or online.")
]
class Hide(str, Enum):
    none = "none"
    all = "all"
    first = "first"
    some = "some"


HideOpt = Annotated[
    Hide,
    typer.Option("--hide", help="Write partial records: none (every hand), all (no deals), "
                 "first (only the first seat's hand), some (a third of the tiles as '?')."),
]
RuleOpt = Annotated[
    list[str] | None,
    typer.Option("--rule", help="An option NAME=VALUE (repeat it): set, hand, target, divisors, "
                 "immediate-end, opener, partnerships, bonus."),
]
GamesOpt = Annotated[int, typer.Option("--games", "-n", min=1, help="How many games.")]
SeedOpt = Annotated[
    int, typer.Option("--seed", "-s", help="Random seed: the same seed gives the same games.")
]
OutputOpt = Annotated[
    Path | None, typer.Option("--output", "-o", help="Write to this file instead of stdout.")
]


UnknownsOpt = Annotated[
    bool,
    typer.Option("--explain-unknowns", help="Also list what partial records leave unverified."),
]


@app.command()
def check(
    paths: Paths, format: FormatOpt = Format.text, explain_unknowns: UnknownsOpt = False
) -> None:
    """Replay every game and report illegal moves and wrong claims."""
    inputs_ = _inputs(paths)
    texts: dict[str, str] = {}
    summary = Summary(files=len(inputs_))
    diags = []
    unknowns = []
    for name, text in inputs_:
        texts[name] = text
        _note_fallback(text, name)
        rep = check_text(text, name)
        summary.games += rep.games
        summary.events += rep.events
        summary.errors += rep.errors
        summary.warnings += rep.warnings
        diags.extend(rep.diagnostics)
        unknowns.extend(rep.unknowns)
    if format is Format.json:
        doc = report_json(diags, summary)
        if explain_unknowns:
            doc["unknowns"] = [u.to_dict() for u in unknowns]
        typer.echo(dumps(doc))
    else:
        if diags:
            typer.echo(render_text(
                diags, lambda source, line: _source_line(texts.get(source, ""), line)))
        if explain_unknowns:
            for u in unknowns:
                typer.echo(f"{u.source}:{u.line}:{u.col}: not verifiable: {u.message}")
            typer.echo(f"{len(unknowns)} thing{'' if len(unknowns) == 1 else 's'} "
                       "the records leave unverified")
        typer.echo(summary.text())
    raise typer.Exit(EXIT_ERRORS if summary.errors else EXIT_OK)


def _write_atomic(path: Path, text: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
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
    """Print records in the canonical form (ends written, fixed layout); JSON
    stays JSON (an array, or JSON Lines)."""
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
            _show(errors, text)
            _err(f"ftn fmt: {name}: not formatted: it does not parse")
            status = EXIT_ERRORS
            continue
        if check_only:
            if out != text:
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


@app.command()
def codes(markdown: MarkdownOpt = False) -> None:
    """List the registry of diagnostics."""
    if markdown:
        typer.echo(registry.table_markdown(), nl=False)
        return
    for c in registry.REGISTRY:
        typer.echo(f"{c.code}  {c.name:<22} {c.severity:<8} {c.rule:<11} {c.summary}")


@app.command()
def explain(code: CodeArg) -> None:
    """Show one diagnostic: what it means, why it matters, and an example."""
    entry = registry.lookup(code)
    if entry is None:
        _err(f"ftn explain: unknown code {code!r}; see 'ftn codes'")
        raise typer.Exit(EXIT_USAGE)
    typer.echo(f"{entry.code} {entry.name} ({entry.severity}, rule {entry.rule})\n")
    typer.echo(f"{entry.summary}\n{entry.why}\n")
    typer.echo("Example:\n")
    for i, line in enumerate(entry.example.rstrip("\n").split("\n"), 1):
        typer.echo(f"  {i:>3}  {line}")
    rep = check_text(entry.example, "example")
    typer.echo("\nWhat 'ftn check' says of it:\n")
    for d in rep.diagnostics:
        if d.name == entry.name:
            typer.echo(render_diagnostic(d, _source_line(entry.example, d.line)))


@app.command()
def generate(
    players: PlayersOpt = 2,
    games: GamesOpt = 1,
    seed: SeedOpt = 1,
    output: OutputOpt = None,
    rules: PresetOpt = None,
    rule: RuleOpt = None,
    hide_: HideOpt = Hide.none,
) -> None:
    """Write random legal complete games with correct claims."""
    declared = _declared("generate", rule)
    try:
        made = list(generate_games(players, games, seed, rules, declared))
    except ValueError as e:
        _err(f"ftn generate: {e}")
        raise typer.Exit(EXIT_USAGE) from None
    rng = random.Random(seed)
    text = print_games([hide(g, hide_.value, rng) for g in made])
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
    typer.Option("--to", "-t", help="ftn, json (an array) or jsonl; else from OUT, else the "
                 "other kind than the input."),
]
OutOpt = Annotated[Path | None, typer.Option("--output", "-o", help="Write here, not stdout.")]
InArg = Annotated[str, typer.Argument(help="An FTN or JSON file, or - for stdin.")]
NameArg = Annotated[str, typer.Argument(help=f"One of: {', '.join(SCHEMAS)}.")]


def _write_out(text: str, output: Path | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    try:
        _write_atomic(output, text)
    except OSError as e:
        _err(f"ftn: {output}: cannot write: {e.strerror or e}")
        raise typer.Exit(EXIT_USAGE) from None


def _declared(command: str, rule: list[str] | None) -> list[tuple[str, str]]:
    """The rule options given as NAME=VALUE, or exit 2."""
    declared = []
    for item in rule or []:
        name, eq, value = item.partition("=")
        if not eq:
            _err(f"ftn {command}: --rule takes NAME=VALUE, not {item!r}")
            raise typer.Exit(EXIT_USAGE)
        declared.append((name, value))
    return declared


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
        _show(errors, text)
        _err(f"ftn convert: {name}: not converted: it cannot be read")
        raise typer.Exit(EXIT_ERRORS)
    _write_out(out, output)


@app.command()
def replay(source: InArg, format: FormatOpt = Format.text, output: OutOpt = None) -> None:
    """The reference replay: every event with the state the rules give after it."""
    ((name, text),) = _inputs([source])
    _note_fallback(text, name)
    doc, errors = api.replay_text(text, name)
    if errors:
        _show(errors, text)
        _err(f"ftn replay: {name}: it cannot be read")
        raise typer.Exit(EXIT_ERRORS)
    stopped = any(g["stopped"] is not None for g in doc["games"])
    _write_out(dumps(doc) + "\n" if format is Format.json else render_trace(doc), output)
    raise typer.Exit(EXIT_ERRORS if stopped else EXIT_OK)


class AuditFormat(str, Enum):
    text = "text"
    json = "json"
    junit = "junit"


class Resync(str, Enum):
    claimed = "claimed"
    computed = "computed"


AuditPaths = Annotated[
    list[str] | None,
    typer.Argument(help="Another engine's records (FTN, JSON, JSON Lines), or directories."),
]
AuditFormatOpt = Annotated[
    AuditFormat, typer.Option("--format", "-f", help="text, json, or junit (JUnit XML).")
]
ResyncOpt = Annotated[
    Resync,
    typer.Option("--resync", help="After a diverging round, go on from the claimed totals "
                 "or the computed ones."),
]
EngineOpt = Annotated[
    str | None,
    typer.Option("--engine", help="Audit a live engine: the command that starts it "
                 "(it speaks the protocol of verifier/PROTOCOL.md)."),
]
GenerateOpt = Annotated[
    int, typer.Option("--generate", min=0, help="With --engine: this many generated games.")
]
TimeoutOpt = Annotated[
    float, typer.Option("--timeout", min=0.1, help="Seconds an engine may take for one answer.")
]


@app.command()
def audit(
    paths: AuditPaths = None,
    format: AuditFormatOpt = AuditFormat.text,
    resync: ResyncOpt = Resync.claimed,
    output: OutOpt = None,
    engine: EngineOpt = None,
    generate: GenerateOpt = 0,
    players: PlayersOpt = 2,
    seed: SeedOpt = 1,
    timeout: TimeoutOpt = 5.0,
    rules: PresetOpt = None,
    rule: RuleOpt = None,
) -> None:
    """Audit another implementation: its records, or a live engine."""
    if engine is not None:
        from .protocol import audit_engine

        declared = _declared("audit", rule)
        try:
            games = list(generate_games(players, generate, seed, rules, declared))
        except ValueError as e:
            _err(f"ftn audit: {e}")
            raise typer.Exit(EXIT_USAGE) from None
        for name, text in _inputs(paths or []):
            read, errors = read_any(text, name)
            if errors:
                _show(errors, text)
                raise typer.Exit(EXIT_USAGE)
            games += read
        if not games:
            _err("ftn audit: --engine needs reference games: --generate N, or files")
            raise typer.Exit(EXIT_USAGE)
        summary = AuditSummary(list(audit_engine(engine, games, timeout)))
    else:
        if not paths:
            _err("ftn audit: give record files, or --engine COMMAND")
            raise typer.Exit(EXIT_USAGE)
        if rules is not None or rule:
            _err("ftn audit: --rules and --rule go with --engine (records declare their own)")
            raise typer.Exit(EXIT_USAGE)
        try:
            summary = api.audit(paths, resync.value)
        except InputError as e:
            _err(f"ftn: {e}")
            raise typer.Exit(EXIT_USAGE) from None
    render = {AuditFormat.text: audit_render_text, AuditFormat.json: audit_render_json,
              AuditFormat.junit: audit_render_junit}[format]
    _write_out(render(summary), output)
    raise typer.Exit(EXIT_OK if all(g.clean for g in summary.games) else EXIT_ERRORS)


DepthOpt = Annotated[int, typer.Option("--depth", "-d", min=0, max=12, help="How many moves.")]
DivideOpt = Annotated[bool, typer.Option("--divide", help="Split the count by first move.")]


@app.command()
def perft(source: InArg, depth: DepthOpt = 3, divide: DivideOpt = False) -> None:
    """Count the legal continuations of a record's last position (perft)."""
    ((name, text),) = _inputs([source])
    games, errors = read_any(text, name)
    if errors or not games:
        _show(errors, text)
        _err(f"ftn perft: {name}: no game to start from")
        raise typer.Exit(EXIT_ERRORS)
    rep = final_position(games[0], name)
    bad = [d for d in rep.diagnostics if d.severity == "error"]
    if bad or rep.final is None:
        _show(bad, text)
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


GameOpt = Annotated[int, typer.Option("--game", "-g", help="Which game of the file (1...).")]
AtOpt = Annotated[str | None, typer.Option("--at", help="ROUND:EVENT to open at (0: start).")]
SvgOpt = Annotated[bool, typer.Option("--svg", help="One SVG picture of --at's position.")]


@app.command()
def show(
    source: InArg, output: OutOpt = None, game: GameOpt = 1, at: AtOpt = None, svg: SvgOpt = False
) -> None:
    """A self-contained HTML page that replays one game (or, with --svg, one position)."""
    from .show import ShowError, render

    ((name, text),) = _inputs([source])
    try:
        out = render(text, name, game, at, svg)
    except ShowError as e:
        _err(e.message)
        raise typer.Exit(e.code) from None
    _write_out(out, output)


def main() -> None:
    """Entry point of the ``ftn`` console script."""
    try:
        app()
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        _err("ftn: interrupted")
        sys.exit(130)
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        sys.exit(EXIT_ERRORS)
