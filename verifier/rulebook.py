"""The rule book (``verifier/RULES.md``, shipped in the package): its rules
by number, and the rule numbers a diagnostic cites.

Boundary: reads the one package-data file and parses it into sections (``R8``)
and rules (``R8.2``, ``V3``); expands a citation (``R7.1-R7.3, V5``) into the
rule numbers it names. It judges nothing and prints nothing. The manual's
site shows this one file (``docs/rules.md`` includes it); there is no copy.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources

#: Where the project lives; the rule book's links (SARIF ``helpUri``) point here.
PROJECT_URL = "https://github.com/ftn-tools/ftn-tools"
RULEBOOK_URL = f"{PROJECT_URL}/blob/main/verifier/RULES.md"

_SECTION = re.compile(r"^## (R\d+) (.+)$")
_RULE = re.compile(r"^- ((?:R\d+\.\d+)|(?:V\d+)) (.*)$")
#: One rule number, a section number, or a range of either (``R7.1-R7.3``, ``R4-R7``).
CITATION = re.compile(r"\b([RV]\d+(?:\.\d+)?)(?:-([RV]?\d+(?:\.\d+)?))?\b")


@dataclass(frozen=True, slots=True)
class Rule:
    """One numbered rule, or one section (``R8``) with all its rules."""

    id: str
    section: str  # the section's number: R8 for R8.2, R9 for V3
    title: str  # the first sentence (for a section: its heading's words)
    text: str  # the full text, as written in the book, without the list dash


def text() -> str:
    """The rule book, as shipped in the package."""
    return resources.files("verifier").joinpath("RULES.md").read_text(encoding="utf-8")


def _first_sentence(body: str) -> str:
    flat = " ".join(body.replace("**[interpretation]**", "").split())
    m = re.search(r"(?<=[a-z0-9)\]])[.:] (?=[A-Z(\"])", flat)
    return flat[: m.start() + 1] if m else flat


@cache
def book() -> dict[str, Rule]:
    """Every section and rule of the book by its number, in the book's order."""
    lines = text().split("\n")
    out: dict[str, Rule] = {}
    section = ""
    section_title = ""
    section_start = 0
    i = 0

    def close_section(end: int) -> None:
        if section:
            body = "\n".join(lines[section_start:end]).strip("\n")
            out[section] = Rule(section, section, section_title, body)

    while i < len(lines):
        line = lines[i]
        m = _SECTION.match(line)
        if m:
            close_section(i)
            section, section_title, section_start = m.group(1), m.group(2), i
            out[section] = Rule(section, section, section_title, "")  # its place in the order
            i += 1
            continue
        if line.startswith("## "):  # a section that is not numbered
            close_section(i)
            section = ""
        r = _RULE.match(line)
        if r and section:
            body = [f"{r.group(1)} {r.group(2)}"]
            j = i + 1
            while j < len(lines) and (lines[j].startswith("  ") or (
                not lines[j].strip() and j + 1 < len(lines) and lines[j + 1].startswith("  ")
            )):
                body.append(lines[j][2:] if lines[j].startswith("  ") else "")
                j += 1
            full = "\n".join(body)
            out[r.group(1)] = Rule(r.group(1), section, _first_sentence(r.group(2) + " " + " ".join(
                body[1:])), full)
            i = j
            continue
        i += 1
    close_section(len(lines))
    return out


def rules() -> list[Rule]:
    """The numbered rules (not the sections), in the book's order."""
    return [r for r in book().values() if r.id != r.section]


def get(rule_id: str) -> Rule | None:
    """A rule (``R8.2``, ``v3``) or a section (``R8``) by its number, any case."""
    return book().get(rule_id.strip().upper())


def _key(rule_id: str) -> tuple[str, int, int]:
    head, _, minor = rule_id[1:].partition(".")
    return rule_id[0], int(head), int(minor or 0)


def expand(citation: str) -> list[str]:
    """The numbers of the book a citation names, in order and once each.

    ``"R3.1, R3.2, V5"`` names three rules, ``"R7.1-R7.3"`` three, ``"R4-R7"``
    four sections; ``"FTN"`` or ``"protocol"`` (the notation and the engine
    protocol, not rules of the game) name none. A number that the book does
    not have is returned as it is, so that a test can find it."""
    found: list[str] = []
    for m in CITATION.finditer(citation):
        first, last = m.group(1), m.group(2)
        if last is None:
            names = [first]
        else:
            if last[0] not in "RV":
                last = first[0] + last
            lo, hi = _key(first), _key(last)
            same_level = ("." in first) == ("." in last)
            names = [
                k for k in book()
                if same_level and ("." in k) == ("." in first) and k[0] == first[0]
                and lo <= _key(k) <= hi
            ]
            for end in (first, last):  # the ends themselves must exist
                if end not in names:
                    names.append(end)
        for n in names:
            if n not in found:
                found.append(n)
    return found


def anchor(rule_id: str) -> str:
    """The link to a rule's section in the published book (GitHub's anchors)."""
    rule = get(rule_id)
    if rule is None:
        return RULEBOOK_URL
    section = book()[rule.section]
    words = f"{section.id} {section.title}".lower()
    slug = re.sub(r"[^\w\- ]", "", words).replace(" ", "-")
    return f"{RULEBOOK_URL}#{slug}"


def cited_text(citation: str) -> str:
    """The text of every rule of the book that a citation names, a blank
    line between them ("" when it names none)."""
    found = (get(rule_id) for rule_id in expand(citation))
    return "\n\n".join(rule.text for rule in found if rule is not None)
