"""``ftn scorer``: the scorer at the table, a static web app for a phone
that records a game move by move, offline, on this project's own engine
(Pyodide runs ``verifier`` in the browser).

Holds: ``site/`` (the web sources: the page, its script and style, the
Web Worker that runs the engine, the engine's glue ``engine.py``, the
service worker's template, the manifest and icons), ``npm/`` (Pyodide's
npm package pinned, with its lock file), ``build`` (the site written to a
folder: the sources, Pyodide's files, the project's wheel built from the
checkout and the pure wheels it needs) and ``localhost`` (the folder served on
localhost).

May import: ``files`` and everything below it, ``notation``; not ``api``,
``cli`` or the packages beside it (``api`` runs it). The site's engine
imports ``verifier.api`` only, inside the browser.
"""
