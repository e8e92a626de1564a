"""The jobs of the pipeline: for each command that reads records, the work on
one piece of whole games (run here, in a worker process or on a cluster)
and the sink that takes the results in input order.

Holds: ``check`` (findings a game, the no-games warning, the check of a
whole text and of a Dask bag), ``audit`` (each game's audit and the
summary), ``rewrite`` (``convert``, ``replay`` and ``fmt``: games written
again), ``fill`` (``fill``: ``fmt``'s job with the claims filled in),
``fixes`` (``check --fix`` and ``--diff``: the check's job with the wrong
claims fixed, written as ``fmt --write`` writes) and ``load`` (every game
of a text, or what keeps it from being read).

May import: what ``verifier.pipeline`` may (the modules of the pipeline
beside this package too).
"""

