"""League nights: ``ftn standings`` and ``ftn ratings`` from checked records.

Boundary: a job of the one pipeline, as the data commands are
(``verifier.data``): every game read and replayed once by ``data.facts``
(the check's findings under each input's settings and ``noqa``), kept as
a few facts (``outcomes``: its league tags, each side's players, team and
total, the winner), or left out with its first error. On those facts:
the tables (``standings``: by player, pair or team, match points under
the settings' scheme, head to head), the ratings (``ratings``: openskill,
the extra ``league``), their reports (``report``: text, CSV, JSON; ``page``:
one HTML page), and a season of records for tests and benchmarks
(``season``). No command-line parsing (``verifier.cli``'s ``standings`` and
``ratings``).

May import: ``data``, ``show`` and everything below them; not ``api``,
``lsp`` or ``cli``; ``api`` runs its jobs.
"""
