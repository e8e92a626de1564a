"""A record replayed through the rules and its claims judged: the reference
replay.

Holds: ``game`` (``replay``: the one replay of a game record, stepped
through the engine, every claim handed to the judge, findings with their
places; ``check_game``), ``inputs`` (what a replay is given besides the
game, as values: ``Reading``, ``Audit``),
``ends`` (where a record's rounds and game end when they do not end as the
rules' do: a record stopped in mid-round, a round cut short, an audit's
resync), ``judge`` (a claim against what the rules computed), ``claims``
(what a record claims, read without judging it), ``observers`` (what a
replay records besides its findings: the typed trace, the resolved ends,
the last position, the audit's divergences), ``results`` (what a replay
returns), ``reference`` (the trace's typed values, what ``api.replay``
returns), ``fill`` (the claims a record leaves out, written in
from the replay), ``fixes`` (the edit that writes a wrong claim's computed
value in place of it, and the totals that followed it) and ``perft`` (the
last position of a record, counted).

May import: ``rules``, ``files``, ``notation`` and the registry of
``diagnostics``. It reads no file and renders nothing.
"""

