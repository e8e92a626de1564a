"""TODO: the package verifier.record."""
