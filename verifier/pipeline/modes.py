"""What a command that writes records again does with each input's new text.

Boundary: the values only (``Mode``), which ``ftn fmt``, ``ftn fill`` and
``ftn check --fix`` take from their flags and their jobs (``jobs.rewrite``,
``jobs.fill``, ``jobs.fixes``) act on; it imports nothing of the project.
"""

from __future__ import annotations

from enum import Enum


class Mode(Enum):
    """The new text of each input: printed, checked, shown as a diff or
    written in place (the value: the flag that asks for it)."""

    PRINT = "print"  # on standard output (the default)
    CHECK = "check"  # the inputs it would change named; nothing written
    DIFF = "diff"  # a unified diff of each change on standard output
    WRITE = "write"  # each input that changes rewritten in place

    @property
    def flag(self) -> str | None:
        """The command-line flag that asks for it (none: the default)."""
        return None if self is Mode.PRINT else f"--{self.value}"


__all__ = ["Mode"]
