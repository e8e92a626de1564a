"""The rules of Fives and Threes as a library: the engine, a game to play
move by move, and the games it makes.

Holds: ``engine`` (the pure rules model: tiles, hands, the line and its
ends, scoring, rounds and the game, the rule options as one ``Rules``
value, perft), ``board`` (``Board``, the public game to play move by move)
with ``plays`` (the values it gives and takes), ``start`` (a game's set-up
from a record's header or what a program declares: seats, sides, rules),
``options`` (rule options to ``Rules``) and ``generate`` (random legal games
with correct claims).

May import: ``notation`` (records, the option table, hints), ``files``
(nothing of it yet) and the registry of ``diagnostics``; nothing that reads
a file, replays a record or judges a claim. No I/O.
"""

