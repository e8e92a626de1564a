"""The rules of Fives and Threes as a library: the engine, a game to play
move by move, and the games it makes.

Holds the engine, split by concept: ``tiles`` (the set, a tile's halves
and key), ``moves`` (a ``Move``, ``KNOCK``), ``illegal`` (the typed errors of
a move that breaks a rule), ``ruleset`` (the rule options as one ``Rules``
value), ``scoring`` (end totals, points, the domino bonus, overshoot),
``round`` (the round in play: hands, the line and its ends, whose turn;
placing and knocking), ``game`` (the totals, the target, rounds and the
winner; the ``Stepper``) and ``perft`` (legal continuations counted). On
top of it: ``board`` (``Board``, the public game to play move by move)
with ``plays`` (the values it gives and takes), ``start`` (a game's set-up
from a record's header or what a program declares: seats, sides, rules),
``options`` (rule options to ``Rules``), ``position`` (a position as
one line of text, read and written) and ``generate`` (random legal games
with correct claims).

May import: ``notation`` (records, the option table, hints), ``files``
(nothing of it yet) and the registry of ``diagnostics``; nothing that reads
a file, replays a record or judges a claim. No I/O.
"""

