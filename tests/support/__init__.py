"""The code the tests share (a package: ``from support.paths import ROOT``):
the checkout's paths, one way to run ``ftn``, the generated corpora, the
counts the data tests compare, the test engines' catalogue, the LSP client
session, the headless browser and the terminal table of the grammar. It
holds no tests; ``tests/conftest.py`` puts ``tests/`` on ``sys.path``."""
