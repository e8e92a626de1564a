"""TODO: the package verifier.pipeline.jobs."""
