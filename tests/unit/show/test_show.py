"""ftn show: the page's data (line, hands, findings at their events), the SVG
picture, escaping, and the command's errors. Expectations are worked out by
hand from the samples; the browser tests are in test_show_browser.py."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from support.ftn import Ftn

from verifier import api
from verifier.show.page import ShowError, build, build_page, line_tiles, page, parse_at
from verifier.show.svg import pips

ROOT = Path(__file__).resolve().parents[3]
SAMPLES = ROOT / "samples"
R83 = SAMPLES / "valid" / "two-players-r8-3.ftn"
SVG_NS = "{http://www.w3.org/2000/svg}"


def data_of(path: Path, game: int = 1) -> dict[str, Any]:
    return build(path.read_text(encoding="utf-8"), str(path), game)


def round_of(data: dict[str, Any], number: int) -> dict[str, Any]:
    return next(r for r in data["rounds"] if r["round"] == number)


def embedded_page(html: str) -> Any:
    """The page's data: every game it holds, and the one it opens at."""
    m = re.search(r'<script type="application/json" id="ftn-data">(.*?)</script>', html, re.S)
    assert m is not None
    return json.loads(m.group(1))


def embedded(html: str) -> Any:
    """The data of the game the page opens at."""
    doc = embedded_page(html)
    return next(g for g in doc["games"] if g["game"] == doc["open"])


# -- the line and the hands -------------------------------------------------


def test_line_of_round_11_as_it_lies() -> None:
    # Round 11 of the R8.3 sample, by hand: lead 3-0 (3 left, 0 right); 3-1 at L
    # shows 1|3; 0-0 at R; 1-2 at L shows 2|1; 0-4 at R; 2-6 at L shows 6|2;
    # 6-6 at L; 4-2 at R; 6-4 at L shows 4|6; 4-5 at L shows 5|4; 5-3 at L
    # shows 3|5; N knocks (event 12); 3-4 at L shows 4|3.
    rnd = round_of(data_of(R83), 11)
    assert rnd["line"] == [
        [4, 3, 13], [3, 5, 11], [5, 4, 10], [4, 6, 9], [6, 6, 7], [6, 2, 6], [2, 1, 4],
        [1, 3, 2], [3, 0, 1], [0, 0, 3], [0, 4, 5], [4, 2, 8],
    ]
    last = rnd["events"][-1]
    assert [last["ends"][0]["value"], last["ends"][1]["value"]] == [4, 2]  # the line's ends


def test_line_tiles_turns_each_tile_to_its_end() -> None:
    events = [
        {"type": "place", "event": 1, "tile": [6, 3], "end": None},
        {"type": "knock", "event": 2},
        {"type": "place", "event": 3, "tile": [6, 1], "end": "L"},  # 1|6 6|3
        {"type": "place", "event": 4, "tile": [5, 3], "end": "R"},  # 6|3 3|5
    ]
    assert line_tiles(events) == [[1, 6, 3], [6, 3, 1], [3, 5, 4]]


def test_hands_of_a_full_deal_lose_the_placed_tiles() -> None:
    rnd = round_of(data_of(R83), 11)
    # N was dealt 1-2 1-3 1-6 2-4 2-6 4-5 5-6 and placed 3-1 (event 2), 1-2 (4),
    # 2-6 (6), 4-2 (8), 4-5 (10): 1-6 and 5-6 stay.
    assert rnd["hands"]["N"] == [
        [[1, 2], 4], [[1, 3], 2], [[1, 6], None], [[2, 4], 8], [[2, 6], 6], [[4, 5], 10],
        [[5, 6], None],
    ]
    assert all(out is not None for _, out in rnd["hands"]["S"])  # S went out
    assert not rnd["partial"]


def test_hands_of_a_partial_record_are_face_down() -> None:
    rnd = round_of(data_of(SAMPLES / "valid" / "partial-one-hand.ftn"), 1)
    # N's deal is known; E's is not: its five tiles are face down and leave
    # the hand as E places 4-6 (event 2), 6-3 (6), 0-6 (14), 2-1 (18), 1-1 (22).
    assert rnd["partial"]
    assert rnd["hands"]["N"][0] == [[0, 4], 5]
    assert rnd["hands"]["E"] == [[None, 2], [None, 6], [None, 14], [None, 18], [None, 22]]


def test_no_deals_at_all() -> None:
    data = data_of(SAMPLES / "valid" / "partial-no-deals.ftn")
    rnd = round_of(data, 1)
    # N placed 0-4, 4-6, 2-0, 1-3, 4-3 (events 1, 4, 7, 10, 16): all five face down.
    assert rnd["hands"]["N"] == [[None, 1], [None, 4], [None, 7], [None, 10], [None, 16]]
    assert data["findings"] == []


def test_double_twelve_set() -> None:
    data = data_of(SAMPLES / "valid" / "variant-double-twelve-12p.ftn")
    assert data["maxPip"] == 12
    assert len(data["seats"]) == 12 and len(data["sides"]) == 12
    assert len(round_of(data, 1)["hands"]["P1"]) == 7
    path = SAMPLES / "valid" / "variant-double-twelve-12p.ftn"
    assert 'id="ftn-f12"' in page(build_page(path.read_text(encoding="utf-8"), str(path)))


def test_pips_count_every_face() -> None:
    for n in range(13):
        assert len(pips(n)) == n
        assert len(set(pips(n))) == n  # no pip drawn twice


# -- findings at their events ------------------------------------------------


def test_an_overshoot_accepted_opens_at_its_event() -> None:
    data = data_of(SAMPLES / "invalid" / "overshoot-accepted.ftn")
    (f,) = data["findings"]
    assert (f["code"], f["at"], f["rule"]) == ("FT304", [11, 13], "R8.2")
    assert (f["claimed"], f["computed"]) == ("+2+1", "over+2+1")
    assert f["where"].endswith("overshoot-accepted.ftn:183:14")
    assert data["start"] == [11, 13]
    ev = round_of(data, 11)["events"][12]
    assert (ev["credited"], ev["eventPoints"], ev["totals"]) == (False, 3, [60, 59])


def test_an_illegal_move_is_shown_where_the_replay_stopped() -> None:
    data = data_of(SAMPLES / "invalid" / "tile-not-in-hand.ftn")
    f, note = data["findings"]
    assert note["code"] == "FT501"  # the rest of round 1 is not judged
    assert (f["code"], f["at"], f["stopped"]) == ("FT202", [1, 2], True)
    assert data["start"] == [1, 2]
    illegal = round_of(data, 1)["events"][1]
    # N places 1-4, which S holds; the position stays as after S's lead 5-1 (0,2).
    assert illegal["type"] == "illegal"
    assert (illegal["seat"], illegal["tile"], illegal["totals"]) == ("N", [1, 4], [0, 2])
    assert round_of(data, 1)["line"] == [[5, 1, 1]]


def test_round_and_game_findings_have_a_place() -> None:
    deal = data_of(SAMPLES / "invalid" / "bad-deal.ftn")
    assert [f["at"] for f in deal["findings"]] == [[2, 0], [2, 0]]  # the round's start
    unfinished = data_of(SAMPLES / "invalid" / "game-unfinished.ftn")
    last = unfinished["rounds"][-1]
    assert unfinished["findings"][0]["at"] == [last["round"], len(last["events"])]


def test_a_clean_game_opens_at_its_end() -> None:
    data = data_of(R83)
    assert data["findings"] == []
    assert data["start"] == [12, len(round_of(data, 12)["events"])]
    assert (data["winner"], data["totals"]) == ("S", [60, 61])


# -- the page -----------------------------------------------------------------


def test_record_text_is_escaped() -> None:
    path = SAMPLES / "show" / "markup-in-tags.ftn"
    html = api.page(path.read_text(encoding="utf-8"), str(path))
    # No tag value can close the data's script element or open markup.
    body = html.split('<script type="application/json" id="ftn-data">', 1)[1]
    data_text = body.split("</script>", 1)[0]
    assert "<" not in data_text and ">" not in data_text and "&" not in data_text
    assert "<img" not in html and "<b>Co" not in html
    assert "</script><script>window.pwned" not in html
    data = embedded(html)
    assert data["title"] == "</script><script>window.pwned=2</script>"
    assert data["players"]["N"] == '<img src=x onerror="window.pwned=1">'
    assert "</script><script>window.pwned=3</script>" in data["rounds"][0]["events"][0]["note"]
    assert "<title>&lt;/script&gt;&lt;script&gt;window.pwned=2&lt;/script&gt;" in html


def test_the_page_is_self_contained() -> None:
    html = api.page(R83.read_text(encoding="utf-8"), str(R83))
    assert not re.search(r"""(src|href)=["']?(https?:|//)""", html)
    assert "@import" not in html and "url(" not in html
    assert "default-src 'none'" in html  # the page may fetch nothing


def test_json_input_gives_the_same_game(tmp_path: Path, ftn: Ftn) -> None:
    out = tmp_path / "g.json"
    assert ftn(["convert", str(R83), "-o", str(out)]).returncode == 0
    a, b = data_of(R83), data_of(out)

    def strip(rounds: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [{k: v for k, v in r.items() if k != "where"} for r in rounds]

    assert strip(a["rounds"]) == strip(b["rounds"])
    assert a["rounds"][0]["where"] == f"{R83}:13:1" and b["rounds"][0]["where"] == str(out)


def test_the_page_opens_where_asked() -> None:
    html = api.page(R83.read_text(encoding="utf-8"), str(R83), at="3:2")
    assert embedded(html)["start"] == [3, 2]


def test_race_marks_the_discarded_overshoot() -> None:
    from verifier.show.svg import race_svg

    svg = race_svg(data_of(R83))
    ET.fromstring(svg)  # well formed
    # One overshoot in the game: round 11, event 13, S at 59 + 3 = 62 > 61.
    assert svg.count('class="over"') == 1
    assert "round 11, event 13: S 59 + 3 = 62 &gt; 61: discarded (R8.2)" in svg
    assert svg.count('class="round"') == 12  # a boundary per round
    assert svg.count('class="target"') == 1


def test_a_long_game_weighs_under_300_kB() -> None:
    path = SAMPLES / "show" / "long-24-rounds.ftn"
    data = data_of(path)
    assert len(data["rounds"]) == 24
    assert sum(len(r["events"]) for r in data["rounds"]) == 315
    assert len(page(build_page(path.read_text(encoding="utf-8"), str(path))).encode()) < 300_000


def test_one_game_of_several(tmp_path: Path, ftn: Ftn) -> None:
    both = tmp_path / "two.ftn"
    three = SAMPLES / "valid" / "three-players.ftn"
    both.write_text(R83.read_text(encoding="utf-8") + "\n" + three.read_text(encoding="utf-8"),
                    encoding="utf-8")
    out = tmp_path / "g2.html"
    assert ftn(["show", str(both), "--game", "2", "-o", str(out)]).returncode == 0
    data = embedded(out.read_text(encoding="utf-8"))
    assert (data["game"], data["games"], data["seats"]) == (2, 2, ["N", "E", "W"])
    r = ftn(["show", str(both), "--game", "3"])
    assert r.returncode == 2 and "the file holds 2 games (1 to 2)" in r.stderr


# -- the SVG picture ----------------------------------------------------------


def test_svg_picture_of_a_position() -> None:
    text = api.page(R83.read_text(encoding="utf-8"), str(R83), at="11:13", svg=True)
    root = ET.fromstring(text)
    assert root.tag == SVG_NS + "svg"
    words = " ".join("".join(t.itertext()) for t in root.iter(SVG_NS + "text"))
    assert "Open ends: left 4, right 2; end total 6" in words
    assert "Totals: N 60 · S 59 (target 61)" in words
    assert "discarded, 59 + 3 = 62 > 61 (R8.2)" in words
    tiles = [g for g in root.iter(SVG_NS + "g") if g.find(SVG_NS + "title") is not None]
    assert len(tiles) == 12  # the twelve tiles of the line


def test_svg_shows_a_terminal_double() -> None:
    # Round 2 of the R8.3 sample: N 6-6 at R (event 3) leaves 6-6 at the right end.
    text = api.page(R83.read_text(encoding="utf-8"), str(R83), at="2:3", svg=True)
    words = " ".join("".join(t.itertext()) for t in ET.fromstring(text).iter(SVG_NS + "text"))
    assert "right 6 (double: 12); end total 13" in words


# -- errors -------------------------------------------------------------------


def test_at_out_of_range() -> None:
    data = data_of(R83)
    assert parse_at("11:13", data) == [11, 13]
    assert parse_at("3", data) == [3, 0]
    with pytest.raises(ShowError) as e:
        parse_at("11:14", data)
    assert e.value.code == 2
    assert e.value.message == (
        f"ftn show: {R83}:170:1: --at 11:14: round 11 has 13 events (0, its start, to 13)"
    )
    with pytest.raises(ShowError, match="round 13 is out of range: the replay has rounds 1 to 12"):
        parse_at("13:1", data)
    with pytest.raises(ShowError, match="expected ROUND:EVENT"):
        parse_at("eleven", data)


def test_cli_writes_the_page(tmp_path: Path, ftn: Ftn) -> None:
    out = tmp_path / "g.html"
    r = ftn(["show", str(R83), "-o", str(out)])
    assert r.returncode == 0, r.output
    html = out.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>")
    assert embedded(html)["start"] == [12, 2]


def test_cli_errors_say_where(tmp_path: Path, ftn: Ftn) -> None:
    r = ftn(["show", str(R83), "--at", "11:40"])
    assert r.returncode == 2
    assert f"{R83}:170:1: --at 11:40: round 11 has 13 events" in r.stderr
    r = ftn(["show", str(R83), "--game", "2"])
    assert r.returncode == 2
    assert f"{R83}:6:1: --game 2 is out of range: the file holds 1 game (1 to 1)" in r.stderr
    r = ftn(["show", str(tmp_path / "missing.ftn")])
    assert r.returncode == 2 and "missing.ftn: cannot read" in r.stderr
    bad = SAMPLES / "invalid" / "syntax-error.ftn"
    r = ftn(["show", str(bad)])
    assert r.returncode == 1
    assert re.search(rf"{re.escape(str(bad))}:\d+:\d+: FT001 syntax-error", r.stderr)
    assert "Traceback" not in r.output + r.stderr


# -- a page of several games; the race's legend and labels -----------------------


def three_games(tmp_path: Path) -> Path:
    path = tmp_path / "three.ftn"
    path.write_text("\n".join((SAMPLES / "valid" / f"{n}.ftn").read_text(encoding="utf-8")
                              for n in ("two-players-r8-3", "three-players", "four-players")),
                    encoding="utf-8")
    return path


def test_a_page_holds_every_game_of_its_file(tmp_path: Path) -> None:
    path = three_games(tmp_path)
    html = api.page(path.read_text(encoding="utf-8"), str(path), 2)
    doc = embedded_page(html)
    assert (doc["total"], doc["open"]) == (3, 2)
    assert [(g["game"], g["games"], g["seats"]) for g in doc["games"]] == [
        (1, 3, ["N", "S"]), (2, 3, ["N", "E", "W"]), (3, 3, ["N", "E", "S", "W"])]
    # One race per game, the opened one shown without script; links name the game.
    assert html.count('<div class="race" data-game=') == 3
    assert '<div class="race" data-game="2">' in html
    assert '<div class="race" data-game="1" hidden>' in html
    assert 'href="#g2r1e0"' in html and 'href="#r1e0"' not in html
    one = api.page(R83.read_text(encoding="utf-8"), str(R83))
    assert 'href="#r1e0"' in one and "#g1" not in one


def test_a_larger_file_holds_the_games_around_the_one_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("verifier.show.page.PAGE_GAMES", 2)
    path = three_games(tmp_path)
    text = path.read_text(encoding="utf-8")
    assert [g["game"] for g in build_page(text, str(path), 1)["games"]] == [1, 2]
    assert [g["game"] for g in build_page(text, str(path), 2)["games"]] == [1, 2]
    assert [g["game"] for g in build_page(text, str(path), 3)["games"]] == [3]
    with pytest.raises(ShowError, match="the file holds 3 games"):
        build_page(text, str(path), 4)


def test_the_legend_has_each_sides_colour() -> None:
    from verifier.show.svg import PALETTE, race_svg

    data = data_of(SAMPLES / "valid" / "four-players.ftn")
    for narrow in (False, True):
        root = ET.fromstring(race_svg(data, 360 if narrow else 760, narrow=narrow))
        legend = [(t.text, t.get("fill")) for t in root.iter("text")
                  if t.get("class") == "legend"]
        assert legend == [("■ N+S", PALETTE[0]), ("■ E+W", PALETTE[1])]
    css = (ROOT / "verifier" / "show" / "page.css").read_text(encoding="utf-8")
    # No style rule may set the legend's fill: it would hide the sides' colours.
    rules = re.findall(r"([^{}]*)\{([^}]*)\}", css)
    assert not [sel for sel, body in rules if "legend" in sel and "fill" in body]


@pytest.mark.parametrize("width", [760, 360])
def test_round_labels_neither_overlap_nor_pass_the_edge(width: int) -> None:
    from verifier.show.svg import race_svg

    root = ET.fromstring(race_svg(data_of(R83), width, narrow=width < 400))
    spans = []
    for t in root.iter("text"):
        if t.get("class") == "rlabel":
            x, w = float(t.get("x", 0)), 7 * len(t.text or "")
            spans.append((x - w, x) if t.get("text-anchor") == "end" else (x, x + w))
    assert spans[0][0] >= 34 and spans[-1][1] <= width  # inside the plot's span
    assert all(a[1] + 6 <= b[0] for a, b in pairwise(spans))
    labels = [t.text for t in root.iter("text") if t.get("class") == "rlabel"]
    assert labels[0] == "R1" and len(labels) >= (12 if width == 760 else 8)
