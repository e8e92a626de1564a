"""TODO: the package verifier.audit."""
