"""``ftn server``: the Language Server Protocol over stdio, with pygls.

Boundary: the protocol only. It keeps a ``Document`` per open text, turns
its findings into the protocol's diagnostics (published on open and on
every change), and its hovers, fixes, completions and ``ftn fmt``'s text
into the protocol's answers, converting places between the document's lines
and 1-based character columns and the client's 0-based positions (UTF-16
code units unless the client chose another encoding). It judges nothing
(``document`` and ``features`` ask the library). A handler that fails
answers nothing, the server goes on; the server ends when its input ends
(the client went away).

A record is judged by the settings of its folder (``settings.settings_for``:
``ftn.toml`` or ``[tool.ftn]``), read when it is opened.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable
from typing import Any, TypeVar

from lsprotocol import types as t
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import PositionCodec

from ..check import format_text
from ..diagnostics import ERROR, WARNING, Diagnostic
from ..rulebook import RULEBOOK_URL, anchor, expand
from ..settings import Settings, SettingsError, settings_for
from . import features
from .document import Document, Finding

NAME = "ftn"
SOURCE = "ftn"
#: Diagnostics sent for one document at most (a text that is not a record can
#: have one a line); a last one says how many more there are.
MAX_SHOWN = 1000
log = logging.getLogger(__name__)
R = TypeVar("R")

_SEVERITY = {ERROR: t.DiagnosticSeverity.Error, WARNING: t.DiagnosticSeverity.Warning}
_TOKEN = re.compile(r"\S+")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ftn-tools")
    except PackageNotFoundError:  # pragma: no cover - run from a checkout not installed
        return "0"


class FtnServer(LanguageServer):
    """The server, with one ``Document`` per open text."""

    def __init__(self) -> None:
        super().__init__(NAME, _version(),
                         text_document_sync_kind=t.TextDocumentSyncKind.Incremental)
        self.docs: dict[str, Document] = {}

    # -- places --------------------------------------------------------------

    def units(self, text: str) -> int:
        """The length of a text in the client's units (UTF-16 code units
        until the client has chosen)."""
        if text.isascii():
            return len(text)
        try:
            codec = self.workspace.position_codec
        except RuntimeError:  # not initialized yet
            codec = PositionCodec()
        return int(codec.client_num_units(text))

    def position(self, doc: Document, line: int, col: int) -> t.Position:
        """A 1-based line and character column as the client's position."""
        if line > len(doc.lines):
            return t.Position(max(0, len(doc.lines) - 1) if doc.lines else 0, 0)
        text = doc.lines[line - 1] if line >= 1 else ""
        return t.Position(max(0, line - 1), self.units(text[: max(0, col - 1)]))

    def place(self, doc: Document, pos: t.Position) -> tuple[int, int]:
        """The client's position as a 1-based line and character column."""
        line = pos.line + 1
        if not 1 <= line <= len(doc.lines):
            return line, 1
        text, units, col = doc.lines[line - 1], 0, 0
        while col < len(text) and units < pos.character:
            units += self.units(text[col])
            col += 1
        return line, col + 1

    def range(self, doc: Document, d: Diagnostic) -> t.Range:
        """The range of a finding: from its column to the end of its word,
        or to the end of the line for a finding at the line's start."""
        text = doc.lines[d.line - 1] if 1 <= d.line <= len(doc.lines) else ""
        start = min(max(d.col - 1, 0), len(text))
        rest = text[start:]
        if not text[:start].strip():
            end = start + len(rest.rstrip(" \t\r"))
        else:
            m = _TOKEN.match(rest)
            end = start + (m.end() if m else 0)
        end = max(end, start + 1) if start < len(text) else start
        return t.Range(self.position(doc, d.line, start + 1), self.position(doc, d.line, end + 1))

    # -- findings ------------------------------------------------------------

    def diagnostic(self, uri: str, doc: Document, f: Finding) -> t.Diagnostic:
        d = f.diagnostic
        related = [
            t.DiagnosticRelatedInformation(
                t.Location(uri, t.Range(self.position(doc, r.line, r.col),
                                        self.position(doc, r.line, r.col + 1))), r.message)
            for r in f.related
        ]
        return t.Diagnostic(
            range=self.range(doc, d),
            message=f"{d.name}: {d.message}",
            severity=_SEVERITY.get(d.severity, t.DiagnosticSeverity.Error),
            code=d.code or None,
            code_description=t.CodeDescription(_rule_url(d.rule)) if d.code else None,
            source=SOURCE,
            related_information=related or None,
            data={"code": d.code, "name": d.name, "line": d.line, "col": d.col,
                  "rule": d.rule, "claimed": d.claimed, "computed": d.computed},
        )

    def settings_of(self, doc: Document) -> Settings | None:
        """The settings of the record's folder (``[tool.ftn]`` or ``ftn.toml``,
        the closest above it); a bad settings file is said to the editor
        (its file, line and column) and the defaults are used."""
        try:
            return settings_for(doc.source)
        except SettingsError as e:
            self.window_show_message(t.ShowMessageParams(t.MessageType.Error, f"ftn: {e}"))
            return None
        except OSError:
            return None

    def publish(self, uri: str, version: int | None = None) -> None:
        """Check the open text at ``uri`` and send its findings."""
        text = self.workspace.get_text_document(uri).source
        doc = self.docs.get(uri)
        if doc is None:
            doc = self.docs[uri] = Document(to_fs_path(uri) or uri)
            doc.use(self.settings_of(doc))
        findings = safe(lambda: doc.update(text), lambda: [_broken(doc)])
        shown = [self.diagnostic(uri, doc, f) for f in findings[:MAX_SHOWN]]
        if len(findings) > MAX_SHOWN:
            shown.append(t.Diagnostic(
                t.Range(t.Position(0, 0), t.Position(0, 0)),
                f"{len(findings) - MAX_SHOWN:,} more findings are not shown here; "
                f"'ftn check {doc.source}' lists them all",
                t.DiagnosticSeverity.Information, source=SOURCE))
        self.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri, shown, version))


def _rule_url(citation: str) -> str:
    cited = expand(citation)
    return anchor(cited[0]) if cited else RULEBOOK_URL


def _broken(doc: Document) -> Finding:
    doc.findings = [Finding(Diagnostic(
        "", "internal-error", ERROR,
        "ftn server could not check this document (a fault of the server, not of the record);"
        f" run 'ftn check {doc.source}' and report the problem", 1, 1, 0, source=doc.source))]
    return doc.findings[0]


def safe(fn: Callable[[], R], fallback: Callable[[], R]) -> R:
    """``fn()``, or ``fallback()`` when it fails (logged): a bad document
    never ends the server."""
    try:
        return fn()
    except Exception:
        log.exception("ftn server: a handler failed")
        return fallback()


server = FtnServer()


@server.feature(t.TEXT_DOCUMENT_DID_OPEN)
def did_open(ls: FtnServer, params: t.DidOpenTextDocumentParams) -> None:
    ls.publish(params.text_document.uri, params.text_document.version)


@server.feature(t.TEXT_DOCUMENT_DID_CHANGE)
def did_change(ls: FtnServer, params: t.DidChangeTextDocumentParams) -> None:
    ls.publish(params.text_document.uri, params.text_document.version)


@server.feature(t.TEXT_DOCUMENT_DID_CLOSE)
def did_close(ls: FtnServer, params: t.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.docs.pop(uri, None)
    ls.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri, []))


def _doc(ls: FtnServer, uri: str) -> Document | None:
    return ls.docs.get(uri)


@server.feature(t.TEXT_DOCUMENT_FORMATTING)
def formatting(ls: FtnServer, params: t.DocumentFormattingParams) -> list[t.TextEdit] | None:
    doc = _doc(ls, params.text_document.uri)
    if doc is None or doc.refused or not doc.lines:
        return None
    out, _errors = safe(lambda: format_text(doc.text, doc.source), lambda: (None, []))
    if out is None or out == doc.text:
        return None  # it cannot be read (its diagnostics say why), or it is in form
    end = ls.position(doc, len(doc.lines), len(doc.lines[-1]) + 1)
    return [t.TextEdit(t.Range(t.Position(0, 0), end), out)]


@server.feature(t.TEXT_DOCUMENT_HOVER)
def hover(ls: FtnServer, params: t.HoverParams) -> t.Hover | None:
    doc = _doc(ls, params.text_document.uri)
    if doc is None:
        return None
    line, col = ls.place(doc, params.position)
    text = safe(lambda: features.hover(doc, line, col), lambda: None)
    if text is None:
        return None
    return t.Hover(t.MarkupContent(t.MarkupKind.Markdown, text))


def _edit(ls: FtnServer, doc: Document, e: features.Edit) -> t.TextEdit:
    return t.TextEdit(t.Range(ls.position(doc, e.line, e.col),
                              ls.position(doc, e.end_line, e.end_col)), e.text)


@server.feature(t.TEXT_DOCUMENT_CODE_ACTION, t.CodeActionOptions(
    code_action_kinds=[t.CodeActionKind.QuickFix, t.CodeActionKind.RefactorRewrite]))
def code_action(ls: FtnServer, params: t.CodeActionParams) -> list[t.CodeAction] | None:
    uri = params.text_document.uri
    doc = _doc(ls, uri)
    if doc is None:
        return None
    start, _ = ls.place(doc, params.range.start)
    end, _ = ls.place(doc, params.range.end)
    found = safe(lambda: features.fixes(doc, start, end), lambda: [])
    out = []
    for fx in found:
        edit = t.WorkspaceEdit(changes={uri: [_edit(ls, doc, fx.edit)]})
        diags = [ls.diagnostic(uri, doc, fx.finding)] if fx.finding is not None else None
        kind = (t.CodeActionKind.QuickFix if fx.finding is not None
                else t.CodeActionKind.RefactorRewrite)
        out.append(t.CodeAction(fx.title, kind=kind, diagnostics=diags, edit=edit,
                                is_preferred=fx.finding is not None or None))
    return out or None


@server.feature(t.TEXT_DOCUMENT_COMPLETION, t.CompletionOptions(trigger_characters=[" "]))
def completion(ls: FtnServer, params: t.CompletionParams) -> t.CompletionList | None:
    doc = _doc(ls, params.text_document.uri)
    if doc is None:
        return None
    line, col = ls.place(doc, params.position)
    items = safe(lambda: features.complete(doc, line, col), lambda: [])
    if not items:
        return None
    text = doc.lines[line - 1]
    first = len(text) - len(text.lstrip(" \t")) if text.strip() else min(col - 1, len(text))
    first = min(first, col - 1)
    span = t.Range(ls.position(doc, line, first + 1), ls.position(doc, line, col))
    return t.CompletionList(False, [
        t.CompletionItem(i.label, kind=t.CompletionItemKind.Value, detail=i.detail,
                         sort_text=f"{n:04}", filter_text=i.text,
                         text_edit=t.TextEdit(span, i.text))
        for n, i in enumerate(items)])


def run(stdin: Any = None, stdout: Any = None) -> None:
    """Serve over standard input and output until the input ends."""
    logging.basicConfig(level=logging.WARNING, format="ftn server: %(message)s")
    server.start_io(stdin, stdout)
