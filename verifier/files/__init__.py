"""Records in and out: the files, streams and processes the tools read and
write, the notations records are written in, and the published schemas.

Holds: ``inputs`` (paths a user names to texts; ``InputError``),
``streams`` (byte streams, compressed or not, decoded a line at a time),
``spans`` (where a piece's bytes are in a plain file, read again there),
``pieces`` (an input cut into pieces of whole games, ``Piece``),
``formats`` (the registry of record notations, FTN, a JSON document or
array and JSON Lines, with each one's reader and writer, and what
dispatches on it: how a text is told apart, read, cut and written),
``validation`` and ``published`` (JSON documents against the published
schemas, and the schemas), ``outputs`` and ``folder`` (a file, or a set of
files in one folder, written whole or not at all), ``tomlfile`` (a
settings file's bytes, TOML and places), ``escaping`` (text that a record
or a file name brings, made safe for a terminal, XML or a spreadsheet) and
``processes`` (the processes a command starts, and how they end). JSON text
as the tools write it is ``notation.json.encoding``'s.

May import: ``notation`` and the registry of ``diagnostics``; nothing that
replays, judges or renders.
"""

