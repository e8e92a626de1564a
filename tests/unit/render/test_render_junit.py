"""Tests of verifier.render.junit: JUnit XML built with ElementTree."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

from verifier.audit.defects import AuditSummary, GameAudit
from verifier.diagnostics import Diagnostic
from verifier.pipeline.results import Context, Summary
from verifier.render.junit import JunitRenderer


def test_check_one_suite_per_file() -> None:
    out = io.StringIO()
    r = JunitRenderer(out, Context(sources=["a.ftn", "clean.ftn"]))
    r.finding(Diagnostic("FT302", "points-mismatch", "error", "a < b & \"c\"", 3, 4, 1,
                         source="a.ftn"))
    r.finding(Diagnostic("FT401", "game-unfinished", "warning", "early", 9, 1, 1, source="a.ftn"))
    r.finish(Summary(2, 2, 10, 1, 1))
    assert out.getvalue().startswith('<?xml version="1.0" encoding="UTF-8"?>\n<testsuites ')
    root = ET.fromstring(out.getvalue())
    assert (root.get("tests"), root.get("failures")) == ("3", "1")
    a, clean = root.findall("testsuite")
    cases = a.findall("testcase")
    assert [c.get("name") for c in cases] == [
        "FT302 points-mismatch at 3:4", "FT401 game-unfinished at 9:1"]
    failure = cases[0].find("failure")
    assert failure is not None and failure.get("message") == 'FT302 points-mismatch: a < b & "c"'
    assert cases[1].find("failure") is None and cases[1].find("system-out") is not None
    assert [c.get("name") for c in clean.findall("testcase")] == ["no findings"]


def test_audit_one_case_per_game() -> None:
    out = io.StringIO()
    JunitRenderer(out).audit(AuditSummary([
        GameAudit("r.ftn", 1, 3, 3, []), GameAudit("<engine>", 2, 0, 0, [], "hung <5s>"),
    ]))
    root = ET.fromstring(out.getvalue())
    suite = root.find("testsuite")
    assert suite is not None and suite.get("name") == "ftn audit"
    assert (suite.get("tests"), suite.get("failures")) == ("2", "1")
    ok, bad = suite.findall("testcase")
    assert ok.find("failure") is None
    failure = bad.find("failure")
    assert failure is not None and failure.get("type") == "engine-failure"
    assert failure.text == "hung <5s>"
