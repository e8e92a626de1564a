"""``ftn perft --position`` and ``ftn show --svg --position``: a position
string counted from and drawn; a record or a position, never both; a
string that is not a position refused with ``position:1:COL`` and exit 2."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from support.ftn import Ftn
from support.paths import PERFT

# samples/perft/midround-3p.ftn's last position (tests/unit/rules/test_position.py).
MIDROUND = "N,E,W 3-3,4-4,4-5,6-6/0-5,5-5/1-4,2-4,4-6 3-6,6-2,2-2,2-1,1-0,0-2 W - 14,3,4 2 E -"


def test_perft_of_a_position_string_is_perft_of_its_record(ftn: Ftn) -> None:
    record = str(PERFT / "midround-3p.ftn")
    for args in (["--depth", "4"], ["--depth", "2", "--divide"]):
        by_string = ftn(["perft", *args, "--position", MIDROUND])
        by_file = ftn(["perft", *args, record])
        assert (by_string.returncode, by_string.stdout) == (0, by_file.stdout)
    assert ftn(["perft", "--depth", "6", "--position", MIDROUND]).stdout == "3\n"


@pytest.mark.parametrize("args", [[], ["x.ftn", "--position", MIDROUND]])
def test_perft_takes_a_record_or_a_position(ftn: Ftn, args: list[str]) -> None:
    r = ftn(["perft", *args])
    assert r.returncode == 2 and "give a record (a file, or - for stdin) or --position" in \
        r.stderr and "Traceback" not in r.output


def test_a_string_that_is_not_a_position_says_where(ftn: Ftn) -> None:
    r = ftn(["perft", "--position", MIDROUND.replace("2-1,1-0", "1-2,1-0")])
    assert r.returncode == 2
    assert r.stderr == ("position:1:55: expected a tile whose left half is 2 (each tile as it "
                        "lies, R4.1), found 1-2\n")
    r = ftn(["show", "--svg", "--position", MIDROUND.replace(" W - ", " w - ")])
    assert (r.returncode, r.stdout) == (2, "")
    assert r.stderr.startswith("position:1:67: expected a seat of N,E,W, found 'w'; did you "
                               "mean 'W'?")


def test_perft_needs_every_hand_known(ftn: Ftn) -> None:
    r = ftn(["perft", "--position", "N,S ?7/?7 - N - 0,0 1 N -"])
    assert (r.returncode, r.stderr) == (1, "ftn perft: position: perft needs every hand known "
                                           "(no ?N)\n")


def test_show_draws_a_position(ftn: Ftn) -> None:
    r = ftn(["show", "--svg", "--position", "N,S ?6/0-4,1-3,2-2,2-6,3-5,6-6 0-1,1-1 S "
             "N@0|1,N 0,0 1 N -"])
    assert r.returncode == 0
    svg = ET.fromstring(r.stdout)
    ns = "{http://www.w3.org/2000/svg}"
    titles = [t.text for t in svg.iter(f"{ns}title")]
    texts = [t.text for t in svg.iter(f"{ns}text")]
    # The line (0-1, 1-1) and S's six tiles face up; N's six face down.
    assert titles[1:] == ["0-1", "1-1", *["not known"] * 6, "0-4", "1-3", "2-2", "2-6",
                          "3-5", "6-6"]
    assert len([g for g in svg.iter(f"{ns}rect") if g.get("class") == "back"]) == 6
    assert "Round 1 (opened by N): S to play" in texts
    assert "Open ends: left 0, right 1 (double: 2); end total 2" in texts
    assert "N: 6 tiles, 6 not known" in texts and "S: 6 tiles  ← to play" in texts


@pytest.mark.parametrize("args", [["--position", MIDROUND], ["--svg", "--position", MIDROUND,
                                                             str(PERFT / "lead-2p.ftn")]])
def test_show_draws_a_position_only_with_svg_and_no_record(ftn: Ftn, args: list[str]) -> None:
    r = ftn(["show", *args])
    assert (r.returncode, r.stdout) == (2, "")
    assert "--position draws one picture: give it with --svg, without a record or --at" in \
        r.stderr
