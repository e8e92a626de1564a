"""The command line's options and arguments, as data: each one's flags,
placeholder, help text and bounds, written once; and the values of the
options whose registries lie below the public library.

``cli.common.option`` makes Typer's parameters from this table (every
``ftn`` command declares its parameters by a key of ``PARAMS``).

Boundary: facts only. Nothing here parses, checks a value or imports
Typer; the types and defaults of the parameters stay with the commands
that take them. A text that lists a registry's values holds a ``{field}``
that the command fills from the registry (``formats``, ``options``...).
The values of ``--to``, ``--hide``, ``--resync`` and the names of the
schemas and of the record files are their registries', public names of
``verifier`` that a command loads when its module is loaded.
"""

from __future__ import annotations


class Param:
    """One option (``flags`` its spellings, the long one first) or, with no
    flags, one argument; ``metavar`` None for a flag that takes no value.
    A plain class: a dataclass compiles its methods when it is made, which
    every command's start-up would pay."""

    __slots__ = ("flags", "help", "max", "metavar", "min")

    def __init__(self, flags: tuple[str, ...], metavar: str | None, help: str,
                 min: float | None = None, max: float | None = None) -> None:
        self.flags, self.metavar, self.help, self.min, self.max = flags, metavar, help, min, max


def opt(*flags: str, metavar: str | None = None, help: str, min: float | None = None,
        max: float | None = None) -> Param:
    """An option."""
    return Param(flags, metavar, help, min, max)


def arg(metavar: str, help: str) -> Param:
    """An argument."""
    return Param((), metavar, help)


# Help texts are Rich markup (as every Typer allowed gives them): a bracket
# that would read as a style tag is written escaped, "ftn-tools\\[dask]".
PARAMS: dict[str, Param] = {
    # Inputs and outputs.
    "paths": arg("PATH...", "FTN, JSON or JSON Lines files (also compressed: .gz, "
                 ".bz2, .xz, .zst), directories (searched for {files}, compressed or not), "
                 "or - for stdin."),
    "in": arg("IN", "An FTN, JSON or JSON Lines file, or - for stdin."),
    "in-or-position": arg("[IN]", "An FTN, JSON or JSON Lines file, or - for stdin (or give "
                          "--svg --position)."),
    "exclude": opt("--exclude", metavar="GLOB", help="Skip files and folders whose name or path "
                   "matches GLOB in directory walks (repeat it); hidden folders are always "
                   "skipped, files named on the command line always read."),
    "output": opt("--output", "-o", metavar="OUT", help="Write here, not stdout."),
    "output-file": opt("--output", "-o", metavar="FILE",
                       help="Write to this file instead of stdout."),
    "output-dir": opt("--output", "-o", metavar="DIR",
                      help="The folder of the tables (made if need be)."),
    "format": opt("--format", "-f", metavar="text|json",
                  help="text for people, json for machines."),
    "report-format": opt("--format", "-f", metavar="FORMAT", help="{formats}."),
    "color": opt("--color", metavar="auto|always|never", help="Colour: auto colours a terminal "
                 "unless NO_COLOR is set; never when piped."),
    "strict": opt("--strict", help="Warnings count as errors (exit 1)."),
    "quiet": opt("--quiet", "-q", help="No progress on standard error."),
    "jobs": opt("--jobs", "-j", min=0, metavar="N",
                help="Worker processes (0: one per core); the output is the same."),
    "dask": opt("--dask", metavar="ADDRESS", help="Run on the Dask cluster whose scheduler is at "
                "ADDRESS (pip install 'ftn-tools\\[dask]')."),
    "version": opt("--version", help="Print the installed version and exit."),
    # Settings: the options that go over a settings file.
    "select": opt("--select", metavar="CODES", help="Report only these codes (FT302), names "
                  "(points-mismatch) or prefixes (FT3, ALL); comma-separated or repeated; over "
                  "the settings' select."),
    "ignore": opt("--ignore", metavar="CODES", help="Do not report (or count) these codes, names "
                  "or prefixes; added to the settings' ignore. FT001-FT003 (games that cannot be "
                  "read or set up) are always reported."),
    "config": opt("--config", metavar="FILE", help="Use this settings file (ftn.toml, or a "
                  "pyproject.toml with a tool.ftn table) for every input, not those found from "
                  "the inputs upwards."),
    "isolated": opt("--isolated", help="Read no settings file (defaults and options only)."),
    "show-settings": opt("--show-settings", help="Print the settings each input is judged by, "
                         "and where each value comes from; then exit 0."),
    # Games: players, rules, seeds.
    "players": opt("--players", "-p", min=2, max=12, metavar="N", help="2 to 12 (as the rules "
                   "allow)."),
    "rules": opt("--rules", metavar="PRESET", help="A preset: {presets}."),
    "rule": opt("--rule", metavar="NAME=VALUE", help="An option NAME=VALUE (repeat it): "
                "{options}."),
    "seed": opt("--seed", "-s", metavar="SEED",
                help="Random seed: the same seed gives the same games."),
    # check, fmt, convert, show.
    "explain-unknowns": opt("--explain-unknowns",
                            help="Also list what partial records leave unverified."),
    "check-fix": opt("--fix", help="Write the computed value in place of each wrong claim "
                     "(the codes ftn codes marks fix; never a move), as fmt --write rewrites; "
                     "standard input: the fixed text on stdout, the report on stderr. Exit 1 "
                     "if errors remain."),
    "check-diff": opt("--diff", help="Show the fixes of --fix as a unified diff, write nothing "
                      "(exit 1 if there would be any)."),
    "fmt-check": opt("--check", help="Only report files that are not canonical (exit 1)."),
    "fmt-diff": opt("--diff", "-d", help="Show what would change, as a unified diff (exit 1 "
                    "if anything would)."),
    "fmt-write": opt("--write", "-w", help="Rewrite in place (never a file that does not parse)."),
    "convert-to": opt("--to", "-t", metavar="{formats}", help="ftn, json (an array) or "
                      "jsonl; else from OUT, else the other kind than the input."),
    "positions": opt("--positions", help="Write each element's FTN line and column into JSON."),
    "game": opt("--game", "-g", metavar="N", help="The game to open at (1...)."),
    "at": opt("--at", metavar="ROUND:EVENT", help="ROUND:EVENT to open at (0: start)."),
    "svg": opt("--svg", help="One SVG picture of --at's position (or of --position's)."),
    # audit, perft, generate.
    "audit-paths": arg("[PATH]...", "Another engine's records (FTN, JSON, JSON Lines), "
                       "or directories (searched for {files})."),
    "resync": opt("--resync", metavar="claimed|computed", help="After a diverging round, go on "
                  "from the claimed totals or the computed ones."),
    "engine": opt("--engine", metavar="COMMAND", help="Audit a live engine: the command that "
                  "starts it (it speaks the protocol of verifier/PROTOCOL.md)."),
    "generate": opt("--generate", min=0, metavar="N",
                    help="With --engine: this many generated games (under --rules and --rule)."),
    "timeout": opt("--timeout", min=0.1, metavar="SECONDS",
                   help="Seconds an engine may take for one answer."),
    "record": arg("[RECORD]", "An FTN, JSON or JSON Lines file, or - for stdin; its first "
                  "game's last position is counted from (or give --position)."),
    "position": opt("--position", metavar="POSITION", help="A position string "
                    "(Board.position(), notation/SPEC.md 13) instead of a record."),
    "depth": opt("--depth", "-d", min=0, max=12, metavar="N", help="How many moves."),
    "divide": opt("--divide", help="Split the count by first move."),
    "hide": opt("--hide", metavar="none|all|first|some", help="Write partial records: none "
                "(every hand), all (no deals), first (only the first seat's hand), some (a third "
                "of the tiles as '?')."),
    "games": opt("--games", "-n", min=1, metavar="N", help="How many games."),
    "match-engine": opt("--engine", "-e", metavar="NAME=COMMAND", help="An engine of the match "
                        "(give it 2 to 4 times): NAME=COMMAND (it speaks the play protocol of "
                        "verifier/PROTOCOL.md), or builtin:random, builtin:greedy, "
                        "builtin:lookahead."),
    "match-players": opt("--players", "-p", min=2, max=4, metavar="N", help="Seats (default: "
                         "one an engine; 4 with two engines: two partnerships)."),
    "match-games": opt("--games", "-n", min=1, metavar="N", help="How many games (a whole "
                       "number of deals, each played once a seating)."),
    "sprt": opt("--sprt", metavar="ELO0,ELO1[,ALPHA,BETA]", help="Stop when the sequential "
                "test of Elo ELO0 against ELO1 decides (alpha and beta 0.05 by default)."),
    "match-output": opt("--output", "-o", metavar="FILE", help="Write every game to this FTN "
                        "file."),
    # codes, explain, rules, schema.
    "markdown": opt("--markdown",
                    help="Print the Markdown table of the manual's Diagnostics page."),
    "code": arg("CODE", "A code (FT304) or a name (overshoot-accepted)."),
    "schema": arg("NAME", "One of: {names}."),
    "rule-id": arg("[RULE]", "A rule (R8.2), a section (R8) or a variant (V3); without it, "
                   "every rule is listed."),
    # export, fill, record, select, stats.
    "export-to": opt("--to", "-t", metavar="{formats}", help="parquet or csv."),
    "fill-diff": opt("--diff", "-d", help="Show what would be filled, as a unified diff (exit "
                     "1 if anything would be)."),
    "fill-check": opt("--check", help="Only name the files that would change (exit 1)."),
    "fill-write": opt("--write", "-w", help="Fill in place (never a file that does not parse; as "
                      "ftn fmt --write rewrites)."),
    "file": arg("FILE", "The FTN file to write."),
    "resume": opt("--resume", help="Go on with the game FILE holds, from where it stops."),
    "site-dir": opt("--output", "-o", metavar="DIR",
                    help="The folder of the site (made if need be; a folder any static host "
                    "serves)."),
    "site": arg("[DIR]", "A folder that ftn scorer build wrote (none: the site is built into "
                "a temporary folder first)."),
    "port": opt("--port", "-p", metavar="PORT", min=0, max=65535,
                help="The port on 127.0.0.1 (0: any free port)."),
    "select-to": opt("--to", "-t", metavar="{formats}",
                     help="ftn, json (an array) or jsonl; else from OUT, else ftn."),
    "tag": opt("--tag", metavar="KEY=GLOB", help="A tag KEY with a value that matches GLOB "
               "(event=Spring*, date=2024-*; repeat it: all hold)."),
    "player": opt("--player", metavar="GLOB", help="A player whose name matches GLOB (repeat it)."),
    "player-count": opt("--players", min=2, max=12, metavar="N", help="Games of N players."),
    "rule-match": opt("--rule", metavar="NAME=GLOB",
                      help="A rule option whose value matches (target=121)."),
    "with": opt("--with", metavar="CODE", help="Games with a finding CODE (FT304), of a prefix "
                "(FT3) or name (repeat it: any)."),
    "without": opt("--without", metavar="CODE", help="Games with no finding CODE (repeat it)."),
    "clean": opt("--clean", help="Games ftn check finds nothing in."),
    "faulty": opt("--faulty", help="Games it finds something in."),
    "game-places": opt("--games", metavar="PLACES", help="The games at these places of the "
                 "inputs, counted from 1 across them in order (a game that cannot be read "
                 "counts too): numbers and ranges, like 10-20,35."),
    "split-by": opt("--split-by", metavar="KEY", help="One file per value of the tag KEY, "
                    "in the folder -o DIR (games without the tag in '(none)'; names made "
                    "safe: the manual, ftn select)."),
    "unique": opt("--unique", help="The same deals and moves once, whatever the tags and claims "
                  "(the first kept)."),
    "stats-format": opt("--format", "-f", metavar="{formats}", help="text for people, json, "
                        "or csv (one value a row: group, section, key, measure, value)."),
    "by": opt("--by", metavar="KEY", help="Count apart the games of each player, seat, side, "
              "rules, players (their number), or value of the tag KEY (event, date, season...)."),
    "fill-tag": opt("--tag", metavar="KEY=VALUE", help="Add the tag \\[KEY \"VALUE\"] to each "
                    "game without a tag KEY (--tag season=2026 --tag date=2026-01-14)."),
    "fill-team": opt("--team", metavar="SEAT=TEAM", help="Add \\[team \"SEAT\" \"TEAM\"] to each "
                     "game without a team for SEAT (--team \"N=Red Lion\")."),
    "league-format": opt("--format", "-f", metavar="{formats}", help="text for people, csv, "
                         "json, or html (a page to publish, its tables sortable)."),
    "league-by": opt("--by", metavar="{kinds}", help="The table of each player, each pair of "
                     "partners, or each team (its matches: the games of one \\[match])."),
    "per": opt("--per", metavar="KEY", help="A table apart for each value of the tag KEY "
               "(season, division...)."),
    "head-to-head": opt("--head-to-head", help="Also what each met each other did."),
    "league-strict": opt("--strict", help="Fail (exit 1) when a game has errors, instead of "
                         "leaving it out of the table."),
    "title": opt("--title", metavar="TEXT", help="The page's title (--format html)."),
    "predict": opt("--predict", metavar="TEAM", help="The win probability of each team, its "
                   "players joined by commas, after the games: --predict \"Ann,Bob\" "
                   "--predict \"Cy,Di\" (or the teams as the arguments after --predict)."),
    "history": opt("--history", metavar="PLAYER", help="The players whose history the page "
                   "draws and the JSON holds (default: the five rated highest)."),
}
