"""TODO: the package verifier.show."""
