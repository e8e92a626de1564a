"""Tests of verifier.rulebook: the book shipped in the package, its numbers,
and that every rule the code cites is in it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from verifier import rulebook
from verifier.audit.defects import DEFECTS
from verifier.diagnostics import REGISTRY

ROOT = Path(__file__).resolve().parents[3]


def test_the_book_is_one_file_the_package_s_and_the_site_shows_it() -> None:
    assert (ROOT / "verifier" / "RULES.md").read_text(encoding="utf-8") == rulebook.text()
    assert not (ROOT / "docs" / "RULES.md").exists()  # no copy to keep equal
    assert (ROOT / "docs" / "rules.md").read_text(encoding="utf-8") == (
        "<!-- include verifier/RULES.md -->\n")
    assert rulebook.RULEBOOK_URL.endswith("/blob/main/verifier/RULES.md")


def test_numbering() -> None:
    counts = {"R1": 3, "R2": 3, "R3": 3, "R4": 5, "R5": 3, "R6": 4, "R7": 5, "R8": 5}
    expected = [f"{s}.{i}" for s, n in counts.items() for i in range(1, n + 1)]
    expected += [f"V{i}" for i in range(1, 8)]
    assert [r.id for r in rulebook.rules()] == expected
    assert [k for k in rulebook.book() if "." not in k and k[0] == "R"] == [
        f"R{i}" for i in range(1, 10)
    ]
    assert {r.section for r in rulebook.rules() if r.id[0] == "V"} == {"R9"}


def test_one_rule_and_one_section() -> None:
    r = rulebook.get("r8.2")
    assert r is not None and r.section == "R8"
    assert r.title == "An event is accepted only when it leaves its side at 61 or below."
    assert r.text.startswith("R8.2 An event is accepted only when it leaves its side at 61")
    assert r.text.endswith("nothing is counted back down from 61.")
    section = rulebook.get("R8")
    assert section is not None and section.title == "The exact target of 61"
    assert section.text.startswith("## R8 The exact target of 61\n- R8.1 ")
    assert "- R8.5 " in section.text and "## R9" not in section.text
    v1 = rulebook.get("V1")
    assert v1 is not None and "| 12 | \u2013 | \u2013 | 7 | \u2013 | \u2013 | 7 |" in v1.text
    assert v1.text.endswith("a record may also declare any hand size.")
    assert rulebook.get("R8.9") is None and rulebook.get("V8") is None


@pytest.mark.parametrize(
    ("citation", "ids"),
    [
        ("R8.2", ["R8.2"]),
        ("R3.1, R3.2, V5", ["R3.1", "R3.2", "V5"]),
        ("R7.1-R7.3", ["R7.1", "R7.2", "R7.3"]),
        ("R4.1-R4.4", ["R4.1", "R4.2", "R4.3", "R4.4"]),
        ("R4-R7", ["R4", "R5", "R6", "R7"]),
        ("R6.2, V3 (under divisors 3,5,7,11,13)", ["R6.2", "V3"]),
        ("FTN", []),
        ("protocol", []),
        ("R8.4-R8.9", ["R8.4", "R8.5", "R8.9"]),  # a missing end is returned, to be found
    ],
)
def test_expand(citation: str, ids: list[str]) -> None:
    assert rulebook.expand(citation) == ids


def test_anchor_points_at_the_section() -> None:
    assert rulebook.anchor("R8.2") == f"{rulebook.RULEBOOK_URL}#r8-the-exact-target-of-61"
    assert rulebook.anchor("V3") == f"{rulebook.RULEBOOK_URL}#r9-variants"
    assert rulebook.anchor("FTN") == rulebook.RULEBOOK_URL


def test_every_rule_the_registry_and_the_audit_cite_is_in_the_book() -> None:
    cited = {c.code: c.rule for c in REGISTRY} | {k: v[0] for k, v in DEFECTS.items()}
    for who, citation in cited.items():
        for rule_id in rulebook.expand(citation):
            assert rulebook.get(rule_id) is not None, (who, rule_id)


def test_every_rule_the_code_cites_is_in_the_book() -> None:
    seen = set()
    for path in sorted((ROOT / "verifier").rglob("*.py")) + sorted(
        (ROOT / "notation").rglob("*.py")
    ):
        text = path.read_text(encoding="utf-8")
        for m in rulebook.CITATION.finditer(text):
            for rule_id in rulebook.expand(m.group(0)):
                seen.add(rule_id)
                assert rulebook.get(rule_id) is not None, (path.name, m.group(0))
    # the engine and the replay cite rules of every section and variants
    assert {"R1.1", "R4.4", "R7.5", "R8.2", "V4", "V5", "V7"} <= seen


def test_readme_links_the_book_and_the_manual_cites_only_its_rules() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "](verifier/RULES.md)" in readme
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    cited = set()
    for path in pages:
        for m in re.finditer(r"(?<![\w.-])(R\d+(?:\.\d+)?)\b", path.read_text(encoding="utf-8")):
            cited.add(m.group(1))
            assert rulebook.get(m.group(1)) is not None, (path.name, m.group(1))
    assert {"R8.2", "R4.4", "R1.3"} <= cited
