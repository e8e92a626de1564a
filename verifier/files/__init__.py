"""TODO: the package verifier.files."""
