"""A fuzzer of ``ftn check --fix``: the library's fix (``fix_text``, in
process) on records whose claims are written in every form FTN accepts, then
made wrong, and on slips whose message says what to write.

Boundary: test tooling, not part of the package. It makes cases
(``cases_of``): generated games (2 to 4 players, the main form and a low
target, so that ``over+P`` and ``result target`` come up), cut to a round
or two, their claims restyled in the forms a reader accepts (leading zeros,
``+P+B``, ``over+P``, comments that hold the same numbers as the claims,
``noqa`` comments, CR LF line ends, a BOM), then claims made wrong and now
and then one slip whose message proposes the text (``r`` for R, ``= 7``,
``(4, 0)``, ``pass`` for knock, a misspelt keyword, a missing ``end``). On
each it checks (``judge``): the fixed text is read again; outside the
claims every line is the same, byte for byte (comments, moves, headers,
blank lines, line ends, the BOM; a slipped line as it was before the slip);
the check of the fixed text finds no fixable finding left (but on a claim a
``noqa`` protects), and no finding that the record did not have (by code,
game, round and event), but in a game whose slip hid its lines. Each
failure is printed with its case.

The long run (one process; prints the count, the time and the failures)::

    python tests/fuzz/fuzz_fix.py --cases 100000 --seed 1

The short run is ``tests/fuzz/test_fuzz_fix.py`` in the normal test suite.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:  # run as a script from anywhere
    sys.path.insert(0, str(ROOT))

from notation.ftn.printer import print_games  # noqa: E402
from verifier.api import check_text, fix_text  # noqa: E402
from verifier.diagnostics import Diagnostic  # noqa: E402
from verifier.replay.fixes import claim_edit, syntax_edit  # noqa: E402
from verifier.rules.generate import generate_games  # noqa: E402

#: The claims of an event line (FTN's END_TOTAL, POINTS, TOTALS), a result's
#: outcome and a winner's side: what a fix may write.
_CLAIM = re.compile(r"=[0-9]+|(?:over)?\+[0-9]+(?:\+[0-9]+)?|\([0-9]+(?:,[0-9]+)*\)")
_RESULT = re.compile(r"^([ \t]*result[ \t]+)(blocked|target|domino[ \t]+[A-Za-z]\w*)")
_WINNER = re.compile(r"^([ \t]*winner[ \t]+)([A-Za-z]\w*(?:\+[A-Za-z]\w*)*)")
_NUMBER = re.compile(r"[0-9]+")
_EVENT = re.compile(r"^[ \t]+[A-Za-z]\w*[ \t]+(?:[0-9]+-[0-9]+|knock)\b")


def skeleton(line: str) -> str:
    """A line with its claims blanked (``§``): what a fix must leave as it
    is, the comment and the line end included."""
    cut = line.find("#")
    code, rest = (line, "") if cut < 0 else (line[:cut], line[cut:])
    if _EVENT.match(code):
        code = _CLAIM.sub("§", code)
    for pattern in (_RESULT, _WINNER):
        code = pattern.sub(lambda m: m.group(1) + "§", code)
    if code.lstrip().startswith(("result", "winner")):
        code = _CLAIM.sub("§", code)
    return code + rest


def records(seed: int) -> list[str]:
    """Short generated records: a round or two of 2 to 4 players, under the
    main form and under a target of 15 (overshoots, rounds won at the
    target)."""
    out = []
    for players in (2, 3, 4):
        for declared in ((), (("target", "15"),)):
            for g in generate_games(players, 4, seed * 7 + players, None, declared):
                out.append(print_games([replace(g, rounds=g.rounds[:1], winner=None)]))
                if declared:
                    out.append(print_games([g]))  # whole: a winner, a round won at the target
    return out


@dataclass
class Case:
    """A text to fix: the lines as they were before a slip (by index), and
    the games whose slip may hide lines (their later findings are new)."""

    text: str
    before_slip: dict[int, str] = field(default_factory=dict)
    slipped_games: set[int] = field(default_factory=set)
    end_dropped: int | None = None  # the index of the 'end' line taken away


def _zeros(rng: random.Random, token: str) -> str:
    return _NUMBER.sub(lambda m: "0" * rng.randint(1, 2) + m.group()
                       if rng.random() < 0.3 else m.group(), token)


def _wrong(rng: random.Random, token: str) -> str:
    nums = list(_NUMBER.finditer(token))
    m = rng.choice(nums)
    value = abs(int(m.group()) + rng.choice((-3, -2, -1, 1, 2, 3)))
    return token[:m.start()] + str(value) + token[m.end():]


def _restyle(rng: random.Random, line: str) -> str:
    """An event line's claims in other accepted forms, some made wrong, and
    comments that say the same numbers or silence a code."""
    if not _EVENT.match(line):
        return line
    claims = list(_CLAIM.finditer(line))
    said = " ".join(m.group() for m in claims)
    silence = ""
    for m in reversed(claims):
        token = m.group()
        if rng.random() < 0.15:
            token = _wrong(rng, token)
            silence = _CODES[token[0]]
        if rng.random() < 0.2:
            token = _zeros(rng, token)
        line = line[:m.start()] + token + line[m.end():]
    r = rng.random()
    if said and r < 0.15:
        line += "  # " + said
    elif r < 0.25:
        line += "  # noqa: " + (silence if silence and r < 0.22 else rng.choice(
            ("FT301", "FT302", "FT303", "FT307", "points-mismatch")))
    return line


#: The code a claim made wrong is likely to get, by its first character
#: (a points claim's: the placement's points; its bonus is FT307's).
_CODES = {"=": "FT301", "+": "FT302", "o": "FT305", "(": "FT303"}


#: Slips of an event or result line, each a text its message proposes to
#: take back: (pattern, what it becomes).
_SLIPS = (
    (re.compile(r"(?<=[0-9] )([LR])(?= )"), lambda m: m.group(1).lower()),
    (re.compile(r"=([0-9]+)(?= |$)"), lambda m: "= " + m.group(1)),
    (re.compile(r"(?<= )\+([0-9]+)(?= |$)"), lambda m: "+ " + m.group(1)),
    (re.compile(r"\(([0-9]+),([0-9]+)"), lambda m: f"({m.group(1)}, {m.group(2)}"),
    (re.compile(r"(?<= )knock\b"), lambda m: "pass"),
    (re.compile(r"^([ \t]*)result\b"), lambda m: m.group(1) + "reslt"),
)


def _slip(rng: random.Random, case: Case, lines: list[str]) -> None:
    """One slip whose message says what to write, in a random line that can
    take one (or the 'end' line dropped)."""
    if rng.random() < 0.15:
        ends = [i for i, s in enumerate(lines) if s.rstrip("\r") == "end"]
        if ends:
            i = rng.choice(ends)
            case.end_dropped = i
            case.slipped_games.add(sum(1 for s in lines[:i] if s.rstrip("\r") == "game"))
            del lines[i]
            return
    order = list(range(len(lines)))
    rng.shuffle(order)
    for i in order:
        cut = lines[i].find("#")
        code = lines[i] if cut < 0 else lines[i][:cut]
        kinds = [(p, f) for p, f in _SLIPS if p.search(code)]
        if not kinds or not (_EVENT.match(code) or code.lstrip().startswith("result")):
            continue
        pattern, make = rng.choice(kinds)
        new = pattern.sub(make, code, count=1) + lines[i][len(code):]
        case.before_slip[i] = lines[i]
        case.slipped_games.add(sum(1 for s in lines[:i] if s.rstrip("\r") == "game"))
        lines[i] = new
        return


def make_case(rng: random.Random, base: str) -> Case:
    """A record restyled, its claims made wrong here and there, now and then
    with a slip; CR LF and a BOM now and then."""
    lines = [_restyle(rng, line) for line in base.split("\n")]
    case = Case("")
    if rng.random() < 0.3:
        _slip(rng, case, lines)
    text = "\n".join(lines)
    if rng.random() < 0.2:
        text = text.replace("\n", "\r\n")
        last = len(lines) - 1
        case.before_slip = {i: s + ("\r" if i < last else "") for i, s in case.before_slip.items()}
    if rng.random() < 0.1:
        text = "\ufeff" + text
    case.text = text
    return case


def _key(d: Diagnostic) -> tuple[str, int, int | None, int | None]:
    return d.code, d.game, d.round, d.event


def judge(case: Case, tally: Tally | None = None) -> list[str]:
    """What is wrong with the fix of a case (nothing: []); ``tally`` counts
    what was fixed."""
    text = case.text
    fixed, done, left = fix_text(text, "fuzz.ftn")
    if tally is not None:
        tally.changed += fixed != text
        tally.fixed += len(done)
        tally.slips += bool(case.before_slip or case.end_dropped is not None)
        tally.slips_fixed += sum(1 for d in done if d.code == "FT001")
    problems = []
    if fixed.startswith("\ufeff") != text.startswith("\ufeff"):
        problems.append("the BOM changed")
    old = text.removeprefix("\ufeff").split("\n")
    new = fixed.removeprefix("\ufeff").split("\n")
    if case.end_dropped is not None and len(new) == len(old) + 1:
        old.insert(case.end_dropped, new[case.end_dropped])  # the 'end' line put back
    if len(old) != len(new):
        return [*problems, f"{len(old)} lines became {len(new)}"]
    for i, (a, b) in enumerate(zip(old, new, strict=True)):
        if skeleton(case.before_slip.get(i, a)) != skeleton(b):
            problems.append(f"line {i + 1} changed outside its claims: {a!r} -> {b!r}")
    again = check_text(fixed, "fuzz.ftn").diagnostics
    if [_key(d) for d in again] != [_key(d) for d in left]:
        problems.append("the fixed text's check is not the findings said to remain")
    lines = fixed.removeprefix("\ufeff").split("\n")
    for d in again:
        if "noqa" in lines[d.line - 1] if 0 < d.line <= len(lines) else False:
            continue
        if claim_edit(lines, d) is not None or syntax_edit(lines, d) is not None:
            problems.append(f"a fixable finding left: {d.code} {d.line}:{d.col} {d.message}")
    before = {_key(d) for d in check_text(text, "fuzz.ftn").diagnostics}
    for d in again:
        if _key(d) not in before and d.game not in case.slipped_games:
            problems.append(f"a new finding: {d.code} {d.line}:{d.col} {d.message}")
    return problems


def cases_of(seed: int, count: int) -> Iterator[Case]:
    """``count`` cases from ``seed`` (the same every time)."""
    rng = random.Random(seed)
    pool = records(seed)
    for _ in range(count):
        yield make_case(rng, rng.choice(pool))


@dataclass
class Tally:
    """What a run did: the cases, those whose text the fix changed, the
    findings fixed (of them, syntax errors), the cases with a slip, the
    failures (the first few shown) and the time."""

    cases: int = 0
    changed: int = 0
    fixed: int = 0
    slips: int = 0
    slips_fixed: int = 0
    failures: int = 0
    seconds: float = 0.0
    shown: list[str] = field(default_factory=list)


def run(count: int, seed: int, show: int = 5, every: float = 0.0) -> Tally:
    """``count`` cases judged; the first ``show`` failures kept with their
    text; with ``every``, a line on standard error every so many seconds."""
    tally = Tally()
    start = last = time.perf_counter()
    for case in cases_of(seed, count):
        if every and time.perf_counter() - last > every:
            last = time.perf_counter()
            print(f"fuzz_fix: {tally.cases} cases, {tally.failures} failures", file=sys.stderr)
        tally.cases += 1
        found = judge(case, tally)
        if found:
            tally.failures += 1
            if len(tally.shown) < show:
                tally.shown.append("\n".join(found) + "\n--- the case:\n" + case.text)
    tally.seconds = time.perf_counter() - start
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cases", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--report-every", type=float, default=300.0, help="seconds")
    args = parser.parse_args(argv)
    tally = run(args.cases, args.seed, every=args.report_every)
    for shown in tally.shown:
        print(shown, "\n=====")
    print(f"fuzz_fix: {tally.cases} cases in {tally.seconds:.0f} s "
          f"({tally.cases / max(tally.seconds, 1e-9):.0f}/s): {tally.changed} texts fixed, "
          f"{tally.fixed} findings fixed ({tally.slips_fixed} syntax errors; "
          f"{tally.slips} cases with a slip); {tally.failures} failures")
    return 1 if tally.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
