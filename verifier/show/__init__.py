"""``ftn show``: the games of a record as a self-contained HTML page, or one
position as an SVG picture.

Holds: ``page`` (the page's data from the reference replay and the check's
findings, and the page itself; its stylesheet, markup and script are
``page.css``, ``page.html`` and ``page.js`` beside it) and ``svg`` (the
drawings: tiles, a position, the score race).

May import: ``pipeline`` and everything below it; not ``api``, ``lsp``,
``cli`` or the other packages beside it; ``api`` runs it.
"""

