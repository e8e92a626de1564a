"""``--format junit``: JUnit XML, which CI systems show as test results.

Boundary: built with ElementTree (escaping is its job). A check: one test
suite per input file; each finding is a test case, failing for an error, with
the finding in ``system-out`` for a warning; a file without findings has one
passing case. An audit: one test case per game, failing with its first
divergence (or the engine's failure).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from verifier.audit.defects import AuditSummary, classify
from verifier.diagnostics import ERROR, Diagnostic
from verifier.files.escaping import xml_text
from verifier.pipeline.results import Summary
from verifier.render.base import Renderer
from verifier.render.text import diagnostic_text


def _write(out_root: ET.Element, r: Renderer) -> None:
    for el in out_root.iter():  # XML 1.0 cannot hold every character a record can
        if el.text:
            el.text = xml_text(el.text)
        for key, value in el.attrib.items():
            el.set(key, xml_text(value))
    ET.indent(out_root, space="  ")
    r.out.write('<?xml version="1.0" encoding="UTF-8"?>\n')
    r.out.write(ET.tostring(out_root, encoding="unicode") + "\n")


class JunitRenderer(Renderer):
    """Keeps the findings; writes the document at the end."""

    def finish(self, summary: Summary) -> None:
        by_file: dict[str, list[Diagnostic]] = {s: [] for s in self.ctx.sources}
        for d in self.findings:
            by_file.setdefault(d.source, []).append(d)
        root = ET.Element("testsuites", name="ftn check")
        total = failures = 0
        for source, found in by_file.items():
            suite = ET.SubElement(root, "testsuite", name=source)
            nfail = 0
            if not found:
                ET.SubElement(suite, "testcase", classname=source, name="no findings")
            for d in found:
                case = ET.SubElement(suite, "testcase", classname=source,
                                     name=f"{d.code} {d.name} at {d.line}:{d.col}")
                body = diagnostic_text(d, self.ctx.line_of(d.source, d.line), False)
                if d.severity == ERROR:
                    nfail += 1
                    fail = ET.SubElement(case, "failure", type=d.name,
                                         message=f"{d.code} {d.name}: {d.message}")
                    fail.text = body
                else:
                    ET.SubElement(case, "system-out").text = body
            suite.set("tests", str(max(1, len(found))))
            suite.set("failures", str(nfail))
            total += max(1, len(found))
            failures += nfail
        root.set("tests", str(total))
        root.set("failures", str(failures))
        _write(root, self)

    def audit(self, summary: AuditSummary) -> None:
        root = ET.Element("testsuites")
        suite = ET.SubElement(root, "testsuite", name="ftn audit")
        failures = 0
        for g in summary.games:
            case = ET.SubElement(suite, "testcase", classname=g.source, name=f"game {g.game}")
            if g.skipped is not None:
                ET.SubElement(case, "skipped", message=g.skipped)
                continue
            if g.clean:
                continue
            failures += 1
            if g.divergences:
                div = g.divergences[0]
                kind, rule = classify(div)
                d = div.diagnostic
                message = f"{kind} ({rule}) at {d.line}:{d.col}, {div.where or 'the game'}"
                body = div.explained.message if div.explained is not None else d.message
            else:
                kind = message = "engine-failure" if g.failure is not None else (
                    "unreadable-record")
                body = g.failure or g.unreadable or ""
            ET.SubElement(case, "failure", type=kind, message=message).text = body
        n = str(len(summary.games))
        for el in (root, suite):
            el.set("tests", n)
            el.set("failures", str(failures))
        _write(root, self)
