"""Records as data: ``ftn stats``, ``ftn select`` and ``ftn export``.

Boundary: each is a job of the one pipeline (``verifier.pipeline``): a work
function on a piece of whole games (every game replayed once, ``facts.played``)
and an in-order sink, so that they stream in bounded memory, run with
``jobs`` workers or on Dask, and read compressed inputs. ``stats`` counts
(``report`` renders the counts), ``select`` writes the games that match
filters as records (``split``: one file per value of a tag), ``export``
writes flat tables (CSV, or Parquet with the standard library alone).
What they give comes from the reference replay and the check's findings;
nothing is computed again here. No command-line parsing (the
``verifier.cli`` modules of the same names do that).

May import: ``pipeline`` and everything below it; not ``api``, ``lsp``,
``cli`` or the other packages beside it (``show``, ``record``, ``live``);
``api`` runs its jobs.
"""
