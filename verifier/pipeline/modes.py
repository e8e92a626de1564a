"""What a command that writes records again does with each input's new text.

Boundary: the values only (``Mode``), which ``ftn fmt``, ``ftn fill`` and
``ftn check --fix`` take from their flags and their jobs (``jobs.rewrite``,
``jobs.fill``, ``jobs.fixes``) act on; it imports nothing of the project.
"""

from __future__ import annotations

from typing import ClassVar, Final


class Mode:
    """The new text of each input: printed, checked, shown as a diff or
    written in place; one of the four constants below, told apart by
    identity (``mode is Mode.WRITE``), each with its ``name`` and its
    ``value`` (the flag that asks for it). A plain class, not an ``Enum``:
    every command imports it, and an ``Enum`` class costs several times
    as much to make at start-up."""

    __slots__ = ("name", "value")

    PRINT: ClassVar[Mode]  # on standard output (the default)
    CHECK: ClassVar[Mode]  # the inputs it would change named; nothing written
    DIFF: ClassVar[Mode]  # a unified diff of each change on standard output
    WRITE: ClassVar[Mode]  # each input that changes rewritten in place

    def __init__(self, name: str, value: str) -> None:
        self.name: Final = name
        self.value: Final = value

    @property
    def flag(self) -> str | None:
        """The command-line flag that asks for it (none: the default)."""
        return None if self is Mode.PRINT else f"--{self.value}"

    def __repr__(self) -> str:
        return f"Mode.{self.name}"

    def __reduce__(self) -> tuple[object, tuple[object, ...]]:
        # The constant itself in a worker process, so that ``is`` holds there.
        return getattr, (Mode, self.name)


Mode.PRINT = Mode("PRINT", "print")
Mode.CHECK = Mode("CHECK", "check")
Mode.DIFF = Mode("DIFF", "diff")
Mode.WRITE = Mode("WRITE", "write")

__all__ = ["Mode"]
