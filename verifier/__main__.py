"""``python -m verifier``: the same as the ``ftn`` command."""

from verifier.cli.app import main

main()
