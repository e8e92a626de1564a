"""A unified diff of two texts given a chunk of lines at a time.

Boundary: text only. ``StreamDiff`` takes more lines of the old text and of
the new one as they come (``ftn fill --diff`` gives a piece of a file and
its filled form at a time) and gives back the hunks it can already write:
those that end before a run of unchanged lines long enough that nothing
later can join them (twice the context). What it holds is what comes after
the last such run, so memory stays bounded as long as the texts keep
agreeing now and then (records do: their ``round`` and ``deal`` lines).
Hunks are those of ``difflib.unified_diff`` (``---``/``+++`` lines first,
only when something differs), with the line numbers of the whole texts. It
reads and writes no file.
"""

from __future__ import annotations

from difflib import SequenceMatcher

Opcode = tuple[str, int, int, int, int]


def _range(start: int, length: int) -> str:
    """A hunk's range as ``difflib.unified_diff`` writes it (``start`` 0-based)."""
    first = start + 1
    if length == 1:
        return f"{first}"
    if not length:
        first -= 1
    return f"{first},{length}"


def _groups(codes: list[Opcode], n: int) -> list[list[Opcode]]:
    """The changes, grouped into hunks with ``n`` lines of context (as
    ``SequenceMatcher.get_grouped_opcodes`` does)."""
    if not codes:
        return []
    codes = list(codes)
    if codes[0][0] == "equal":
        tag, i1, i2, j1, j2 = codes[0]
        codes[0] = tag, max(i1, i2 - n), i2, max(j1, j2 - n), j2
    if codes[-1][0] == "equal":
        tag, i1, i2, j1, j2 = codes[-1]
        codes[-1] = tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)
    groups: list[list[Opcode]] = []
    group: list[Opcode] = []
    for tag, i1, i2, j1, j2 in codes:
        if tag == "equal" and i2 - i1 > 2 * n:
            group.append((tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)))
            groups.append(group)
            group = []
            i1, j1 = max(i1, i2 - n), max(j1, j2 - n)
        group.append((tag, i1, i2, j1, j2))
    if group and not (len(group) == 1 and group[0][0] == "equal"):
        groups.append(group)
    return groups


class StreamDiff:
    """The unified diff of an old and a new text, a chunk at a time."""

    def __init__(self, old_name: str, new_name: str, context: int = 3) -> None:
        self.names = old_name, new_name
        self.n = context
        self.a: list[str] = []  # the lines held, of the old text and of the new
        self.b: list[str] = []
        self.a_at = self.b_at = 0  # the number of the lines before them
        self.started = False

    def add(self, old: list[str], new: list[str]) -> list[str]:
        """More lines of each text (without their line ends): the diff's
        lines that can be written now."""
        self.a += old
        self.b += new
        codes: list[Opcode] = list(
            SequenceMatcher(None, self.a, self.b, autojunk=False).get_opcodes())
        keep = 2 * self.n
        cut = None
        for k in range(len(codes) - 1, -1, -1):
            tag, i1, i2, j1, j2 = codes[k]
            if tag == "equal" and i2 - i1 > keep:
                cut = k
                break
        if cut is None:
            return []
        tag, i1, i2, j1, j2 = codes[cut]
        # Write everything before the middle of that run; hold the rest.
        ai, bj = i2 - self.n, j2 - self.n
        done = [*codes[:cut], (tag, i1, ai, j1, bj)]
        out = self._hunks(done)
        self.a, self.b = self.a[ai:], self.b[bj:]
        self.a_at += ai
        self.b_at += bj
        return out

    def end(self) -> list[str]:
        """Both texts are complete: the rest of the diff."""
        codes: list[Opcode] = list(
            SequenceMatcher(None, self.a, self.b, autojunk=False).get_opcodes())
        out = self._hunks(codes)
        self.a, self.b = [], []
        return out

    def _hunks(self, codes: list[Opcode]) -> list[str]:
        out: list[str] = []
        a, b = self.a, self.b
        for group in _groups(codes, self.n):
            if not self.started:
                self.started = True
                out += [f"--- {self.names[0]}", f"+++ {self.names[1]}"]
            first, last = group[0], group[-1]
            i1, i2, j1, j2 = first[1], last[2], first[3], last[4]
            out.append(f"@@ -{_range(self.a_at + i1, i2 - i1)} "
                       f"+{_range(self.b_at + j1, j2 - j1)} @@")
            for tag, x1, x2, y1, y2 in group:
                if tag == "equal":
                    out += [" " + line for line in a[x1:x2]]
                    continue
                if tag in ("replace", "delete"):
                    out += ["-" + line for line in a[x1:x2]]
                if tag in ("replace", "insert"):
                    out += ["+" + line for line in b[y1:y2]]
        return out
