"""The live children of a process, read from ``/proc`` (the tests that
check that no worker or engine outlives its parent). Linux only."""

from __future__ import annotations

import os
from pathlib import Path


def children(pid: int) -> list[int]:
    """The live children of ``pid``."""
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit():
            continue
        try:
            fields = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append(int(name))
    return found
