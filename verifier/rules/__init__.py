"""TODO: the package verifier.rules."""
