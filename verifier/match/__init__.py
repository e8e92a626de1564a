"""Engines play: matches between engines under a referee, every move
checked by the rules, over the play protocol of ``verifier/PROTOCOL.md``.

Holds: ``messages`` (the play protocol's messages, made and read),
``referee`` (one game between seated engines: dealt, every move checked,
a defect a loss named by its class, the engines' claims judged),
``builtin`` (the built-in players, in-process and as protocol engines),
``stats`` (Elo, intervals, the SPRT) and ``run`` (``ftn match``'s run:
deals scheduled with their seats rotated, games in parallel, the results
and the FTN file).

May import: ``live`` (the engine as a subprocess: ``live.process``) and
everything below it (``audit`` judges the claims, ``rules`` plays);
not ``api``, ``lsp``, ``cli``.
"""
