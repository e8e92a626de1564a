"""A Pygments lexer for FTN, so that ``pygmentize -l ftn game.ftn`` (and any
tool built on Pygments: Sphinx, MkDocs, rich) highlights records.

Boundary: colours only; it follows ``notation/ftn/ftn.lark`` loosely and accepts
anything (a wrong line is still shown, the checker judges it). Needs Pygments
(``pip install 'ftn-tools[highlight]'``); Pygments finds it through the
``pygments.lexers`` entry point, and nothing else in the package imports it.

Token types: ``game``, ``end``, ``round``, ``opener``, ``deal``, ``knock``,
``result``, ``winner`` are ``Keyword``, and ``domino``, ``blocked``,
``target``, ``over``, ``none`` (``winner none``) ``Keyword.Constant``; a
tag's key is ``Name.Tag`` and its values ``String.Double``; seats and sides
are ``Name.Variable``; tiles (``6-3``, ``?``) are ``Number``; the end
``L``/``R`` is ``Name.Attribute``; claims are ``Operator`` (``=``, ``+``)
and ``Number.Integer`` (end totals, points, totals); comments are ``Comment.Single``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from pygments.lexer import RegexLexer, default
from pygments.lexer import bygroups as _bygroups
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Text,
    Whitespace,
)

bygroups: Callable[..., Any] = _bygroups  # Pygments does not type it

_SEAT = r"(?!(?:game|end|round|deal|result|winner|knock|none)\b)[A-Za-z][A-Za-z0-9_]*"
_SIDE = rf"{_SEAT}(?:\+{_SEAT})*"
_TILE = r"[0-9]{1,2}-[0-9]{1,2}"


class FTNLexer(RegexLexer):
    """FTN, the notation of recorded games of Fives and Threes."""

    name = "FTN"
    aliases: ClassVar[list[str]] = ["ftn"]
    filenames: ClassVar[list[str]] = ["*.ftn"]
    mimetypes: ClassVar[list[str]] = ["text/x-ftn"]
    url = "https://github.com/ftn-tools/ftn-tools/blob/main/notation/SPEC.md"

    tokens: ClassVar[dict[str, list[object]]] = {
        "root": [
            (r"[ \t]+", Whitespace),
            (r"\r?\n", Whitespace),
            (r"#[^\r\n]*", Comment.Single),
            (r"\[", Punctuation, "tag"),
            (r"(game|end)\b", Keyword),
            (rf"(round)([ \t]+)([0-9]+)([ \t]+)(opener)([ \t]+)({_SEAT})",
             bygroups(Keyword, Whitespace, Number.Integer, Whitespace, Keyword, Whitespace,
                      Name.Variable)),
            (rf"(deal)([ \t]+)({_SEAT})", bygroups(Keyword, Whitespace, Name.Variable)),
            (rf"(result)([ \t]+)(domino)([ \t]+)({_SEAT})",
             bygroups(Keyword, Whitespace, Keyword.Constant, Whitespace, Name.Variable)),
            (r"(result)([ \t]+)(blocked|target)\b",
             bygroups(Keyword, Whitespace, Keyword.Constant)),
            (r"(winner)([ \t]+)(none)\b", bygroups(Keyword, Whitespace, Keyword.Constant)),
            (rf"(winner)([ \t]+)({_SIDE})", bygroups(Keyword, Whitespace, Name.Variable)),
            (rf"({_SEAT})([ \t]+)(knock)\b", bygroups(Name.Variable, Whitespace, Keyword)),
            (rf"({_SEAT})([ \t]+)({_TILE})", bygroups(Name.Variable, Whitespace, Number)),
            (_TILE, Number),
            (r"\?", Number),
            (r"[LR]\b", Name.Attribute),
            (r"(=)([0-9]+)", bygroups(Operator, Number.Integer)),
            (r"(over)(?=\+)", Keyword.Constant),
            (r"(\+)([0-9]+)", bygroups(Operator, Number.Integer)),
            (r"\(", Punctuation, "totals"),
            (r"[^\s#]+", Text),
        ],
        "tag": [
            (r"[ \t]+", Whitespace),
            (r"[a-z][a-z0-9_]*", Name.Tag),
            (r'"(?:[^"\\]|\\.)*"', String.Double),
            (r"\]", Punctuation, "#pop"),
            default("#pop"),  # a line that ends without its bracket
        ],
        "totals": [
            (r"[0-9]+", Number.Integer),
            (r",", Punctuation),
            (r"[ \t]+", Whitespace),
            (r"\)", Punctuation, "#pop"),
            default("#pop"),  # a line that ends without its bracket
        ],
    }
