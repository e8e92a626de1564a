"""The audit of other implementations: each game's divergences from the
reference replay, named by their defect class and counted.

Holds: ``defects`` (the defect classes, a game's audit, the summary of
many), ``hypotheses`` (which defect class explains a round's divergence,
each class tried as a hypothesis) and ``variants`` (the defect classes as
wrong engines: the reference engine with one rule computed wrongly). A live
engine's audit, which starts the engine and plays games to it, is
``verifier.live``'s.

May import: ``replay``, ``rules``, ``files``, ``notation`` and the registry
of ``diagnostics``. No I/O.
"""

