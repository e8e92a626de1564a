"""The Python API: read, check, replay, audit, convert, format, fill,
select, count and show records, the run of every ``ftn`` command, and an
editor's open text (its pieces of whole games, their findings, a game's
trace, the seat to act).

Boundary: the public library, the surface that the ``ftn`` command line,
the language server and other programs use (``docs/library/api.md``
documents it). Each function takes paths, a text, an open text stream or
a piece of a text (``verifier.Piece``) and options, runs the job of the
layers below (``pipeline`` and its jobs, ``data``, ``show``, ``live``,
``record``, ``scorer``, and for an editor ``replay`` and ``rules`` too), and returns
data: records (``notation.model``), typed diagnostics (``Diagnostic``),
the reference replay (typed, ``ReplayedGame``; for an editor
``GameTrace`` and ``Turn``), summaries, converted text; or it hands what
it finds to the renderer or the callbacks that the caller gives (``say``
for a line of output, ``warn`` for a line of standard error, ``show`` for
diagnostics with their source). It prints nothing of its own and exits nothing: input that
cannot be read raises ``InputError`` with a message that says where (bad
records give diagnostics), and the other typed errors are the package's
(``verifier.SettingsError``, ``verifier.WriteError``...).

Each kind of work is a module of this package, which imports what it uses
at its top: ``inputs`` (a command's plan, the settings of a file),
``sources`` (records read as data), ``findings`` (checking), ``fixes``,
``rewrite`` (convert, replay, format, fill), ``conformance`` (audits),
``moves`` (perft, generated games), ``contests`` (engines' matches),
``data`` (export, select, stats), ``league``, ``show``, ``records``
(recording a game), ``scorer``, ``editor`` (an editor's open text) and
``reference`` (explain, the schemas); none is named as a public name,
which its import would hide. This module
is the public door, the one lazy door of the library: it holds
``__all__``, and imports the module that holds a name when the name is
first asked (PEP 562 ``__getattr__``, as ``verifier`` does for its own
names), so that a check of one game loads only what it runs; ``dir()``
lists ``__all__``; for a type checker and an editor every name is
imported from its module. The command line, the language server and the
scorer import from the module they run
(``from verifier.api.findings import check_report``).

    from verifier import api
    report = api.check("samples/valid/two-players-r8-3.ftn")
    for d in report.diagnostics:
        print(d.code, d.line, d.col, d.message)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from verifier.api.conformance import audit, audit_engine, audit_report
    from verifier.api.contests import match, match_report
    from verifier.api.data import export, select, stats
    from verifier.api.editor import (
        GameTrace,
        Turn,
        claim_edit,
        piece_games,
        piece_judged,
        pieces,
        trace,
        turn,
    )
    from verifier.api.findings import check, check_piece, check_report, check_text, no_games
    from verifier.api.fixes import fix_piece, fix_report, fix_text, header_edit
    from verifier.api.inputs import Mode, plan, read_text, settings_for, workers
    from verifier.api.league import ratings, standings
    from verifier.api.moves import generate, perft, perft_position
    from verifier.api.records import record, record_header, recorder
    from verifier.api.reference import explain, schema
    from verifier.api.rewrite import (
        convert,
        convert_file,
        fill_files,
        fill_text,
        format_files,
        format_text,
        replay,
        replay_file,
        replay_text,
    )
    from verifier.api.scorer import scorer_build, scorer_serve
    from verifier.api.show import page, position_svg
    from verifier.api.sources import games, load, read_games

__all__ = [
    "GameTrace", "Mode", "Turn", "audit", "audit_engine", "audit_report", "check", "check_piece",
    "check_report", "check_text", "claim_edit", "convert", "convert_file", "explain", "export",
    "fill_files", "fill_text", "fix_piece", "fix_report", "fix_text", "format_files",
    "format_text", "games", "generate", "header_edit", "load", "match", "match_report",
    "no_games", "page",
    "perft", "perft_position", "piece_games", "piece_judged", "pieces", "plan", "position_svg",
    "ratings", "read_games", "read_text", "record", "record_header", "recorder", "replay",
    "replay_file", "replay_text", "schema", "scorer_build", "scorer_serve", "select",
    "settings_for", "standings", "stats", "trace", "turn", "workers",
]

#: The module of this package that holds each public name.
_HOMES = {
    "GameTrace": "editor",
    "Mode": "inputs",
    "Turn": "editor",
    "audit": "conformance",
    "audit_engine": "conformance",
    "audit_report": "conformance",
    "check": "findings",
    "check_piece": "findings",
    "check_report": "findings",
    "check_text": "findings",
    "claim_edit": "editor",
    "convert": "rewrite",
    "convert_file": "rewrite",
    "explain": "reference",
    "export": "data",
    "fill_files": "rewrite",
    "fill_text": "rewrite",
    "fix_piece": "fixes",
    "fix_report": "fixes",
    "fix_text": "fixes",
    "format_files": "rewrite",
    "format_text": "rewrite",
    "games": "sources",
    "generate": "moves",
    "header_edit": "fixes",
    "load": "sources",
    "match": "contests",
    "match_report": "contests",
    "no_games": "findings",
    "page": "show",
    "perft": "moves",
    "perft_position": "moves",
    "piece_games": "editor",
    "piece_judged": "editor",
    "pieces": "editor",
    "plan": "inputs",
    "position_svg": "show",
    "ratings": "league",
    "read_games": "sources",
    "read_text": "inputs",
    "record": "records",
    "record_header": "records",
    "recorder": "records",
    "replay": "rewrite",
    "replay_file": "rewrite",
    "replay_text": "rewrite",
    "schema": "reference",
    "scorer_build": "scorer",
    "scorer_serve": "scorer",
    "select": "data",
    "settings_for": "inputs",
    "standings": "league",
    "stats": "data",
    "trace": "editor",
    "turn": "editor",
    "workers": "inputs",
}

if not TYPE_CHECKING:  # a type checker takes each name from its module, above
    def __getattr__(name: str) -> Any:
        """A public name, from the module that holds it, imported when first asked."""
        home = _HOMES.get(name)
        if home is None:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{__name__}.{home}"), name)
        globals()[name] = value
        return value

    def __dir__() -> list[str]:
        """The public names."""
        return sorted(__all__)
