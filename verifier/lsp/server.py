"""``ftn server``: the Language Server Protocol over stdio, with pygls.

Boundary: the protocol only. It keeps each open text (``text.Text``, in the
protocol's line model: lines end at "\n", "\r\n" or "\r"), the changes
the editor sends applied to it, and a ``Document`` per open text; it turns
the document's findings into the protocol's diagnostics (published on open
and, once the edits pause, after a change: a quick succession of edits is
checked once), and its hovers, fixes (one claim's, or all of them: the
``source.fixAll.ftn`` action), completions, outline, folding ranges
and ``ftn fmt``'s text into the protocol's answers, converting places between the document's lines
(the reader's: lines end at "\n") and 1-based character columns and the
client's 0-based positions (UTF-16 code units unless the client chose
another encoding). It judges nothing: ``document`` and ``features`` ask
the public library (``verifier.api``), as it does for ``ftn fmt``'s text and
the settings of a record. Its input is read through ``framing.Frames`` (a message badly
framed is dropped, the next one read) and ``wire.FtnProtocol``; a request
whose parameters are not valid (a negative position, a line past the end, a
document not open) is answered with an InvalidParams error; a handler that
fails answers nothing and the server goes on; the log (standard error) has
one line a record; the server ends when its input ends (the client went
away).

A record is judged by the settings of its folder (``api.settings_for``:
``ftn.toml`` or ``[tool.ftn]``), read when it is opened.
"""

from __future__ import annotations

import asyncio
import logging
import re
import sys
from collections.abc import Callable
from typing import Any, BinaryIO, TypeVar, cast

from lsprotocol import types as t
from pygls.exceptions import FeatureNotificationError, JsonRpcInvalidParams
from pygls.lsp.server import LanguageServer
from pygls.uris import to_fs_path
from pygls.workspace import PositionCodec

from verifier import Edit, InputError, Settings, SettingsError
from verifier.api.inputs import settings_for
from verifier.api.rewrite import format_text
from verifier.diagnostics import ERROR, NOTE, WARNING, Diagnostic
from verifier.lsp import features
from verifier.lsp.document import MAX_CHARS, Document, Finding
from verifier.lsp.framing import Frames
from verifier.lsp.text import Text
from verifier.lsp.wire import DROPPED, INVALID, FtnProtocol, OneLine, clean
from verifier.rulebook import RULEBOOK_URL, anchor, expand

NAME = "ftn"
SOURCE = "ftn"
#: Diagnostics sent for one document at most (a text that is not a record can
#: have one a line); a last one says how many more there are. The quick
#: fixes of a code action are those of these diagnostics ("fix all" fixes
#: every finding).
MAX_SHOWN = 1000
#: After a change, the check waits this long for the next one (seconds); a
#: change within it starts the wait again. The changes that come while a
#: check runs wait for it, and are then checked once.
PAUSE = 0.005
log = logging.getLogger(__name__)
R = TypeVar("R")

_SEVERITY = {ERROR: t.DiagnosticSeverity.Error, WARNING: t.DiagnosticSeverity.Warning,
             NOTE: t.DiagnosticSeverity.Information}
_TOKEN = re.compile(r"\S+")


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("ftn-tools")
    except PackageNotFoundError:  # pragma: no cover - run from a checkout not installed
        return "0"


class FtnServer(LanguageServer):
    """The server, with each open text and one ``Document`` per open text."""

    def __init__(self) -> None:
        super().__init__(NAME, _version(), protocol_cls=FtnProtocol,
                         text_document_sync_kind=t.TextDocumentSyncKind.Incremental)
        self.docs: dict[str, Document] = {}
        self.texts: dict[str, Text] = {}
        self.versions: dict[str, int | None] = {}
        self._due: dict[str, asyncio.TimerHandle] = {}  # the checks waiting for a pause
        self.checks = 0  # the documents checked (each publishes its diagnostics)

    def report_server_error(self, error: Exception, source: Any) -> None:
        """A message that could not be handled (a request is answered with
        the error): a line on the log (pygls writes one for all but a
        notification's handler), not a message in the editor."""
        if source is FeatureNotificationError:
            log.warning("a notification could not be handled: %s",
                        clean(str(error) or type(error).__name__))

    # -- the open texts ------------------------------------------------------

    def opened(self, uri: str, text: str, version: int | None) -> None:
        self.texts[uri], self.versions[uri] = Text(text), version
        self.check(uri)

    def changed(self, params: t.DidChangeTextDocumentParams) -> None:
        """Apply an editor's changes; check the text once the edits pause."""
        uri = params.text_document.uri
        text = self.texts.get(uri)
        if text is None:
            log.warning("a change to a document not open was dropped: %s", clean(uri))
            return
        for change in params.content_changes:
            if isinstance(change, t.TextDocumentContentChangePartial):
                r = change.range
                text.replace((r.start.line, r.start.character), (r.end.line, r.end.character),
                             change.text, self.chars)
            else:
                text = self.texts[uri] = Text(change.text)
        self.versions[uri] = params.text_document.version
        self.later(uri)

    def closed(self, uri: str) -> None:
        due = self._due.pop(uri, None)
        if due is not None:
            due.cancel()
        self.docs.pop(uri, None)
        self.texts.pop(uri, None)
        self.versions.pop(uri, None)

    def later(self, uri: str) -> None:
        """Check ``uri`` once no change has come for its pause (the check
        waiting is put off)."""
        due = self._due.pop(uri, None)
        if due is not None:
            due.cancel()
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # no loop (a test calling the server's methods): now
            self.check(uri)
            return
        self._due[uri] = loop.call_later(PAUSE, self.check, uri)

    def check(self, uri: str) -> None:
        """Check the open text at ``uri`` now and send its findings."""
        due = self._due.pop(uri, None)
        if due is not None:
            due.cancel()
        text = self.texts.get(uri)
        if text is None:
            return
        doc = self.docs.get(uri)
        if doc is None:
            doc = self.docs[uri] = Document(to_fs_path(uri) or uri)
            doc.use(self.settings_of(doc))
        if text.size > MAX_CHARS:
            findings = doc.too_large(text.size)
        else:
            findings = safe(lambda: doc.update(text.text()), lambda: [_broken(doc)])
        self.checks += 1
        self.publish(uri, doc, findings)

    def current(self, uri: str) -> Document:
        """The document at ``uri`` as its text is now (checked now if a
        check is waiting); InvalidParams if it is not open."""
        if uri not in self.texts:
            raise JsonRpcInvalidParams(f"the document {clean(uri)} is not open: open it first")
        if uri in self._due or uri not in self.docs:
            self.check(uri)
        return self.docs[uri]

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

    def chars(self, text: str, units: int) -> int:
        """How many characters of ``text`` ``units`` client units reach (a
        character they reach into counted)."""
        if text.isascii():
            return min(max(units, 0), len(text))
        n = done = 0
        while n < len(text) and done < units:
            done += self.units(text[n])
            n += 1
        return n

    def position(self, doc: Document, line: int, col: int) -> t.Position:
        """A 1-based line and character column of the reader as the
        client's position."""
        if not doc.lines:
            return t.Position(0, 0)
        if line > len(doc.lines):
            line, col = len(doc.lines), 1
        client, before = doc.map.to_client(max(0, line - 1), max(0, col - 1))
        return t.Position(client, self.units(before))

    def place(self, doc: Document, pos: t.Position, strict: bool = True) -> tuple[int, int]:
        """The client's position as the reader's 1-based line and character
        column (a character past its line's end is that end). A line past
        the last is InvalidParams, or with ``strict`` False the text's end."""
        line = pos.line
        if line >= doc.map.count:
            if strict:
                raise JsonRpcInvalidParams(
                    f"line {line} is past the end of the document (its last line is "
                    f"{doc.map.count - 1}; lines are counted from 0)")
            line = doc.map.count - 1
        row, start, text = doc.map.to_reader(line)
        return row + 1, start + self.chars(text, pos.character) + 1

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

    def publish(self, uri: str, doc: Document, findings: list[Finding]) -> None:
        """Send a document's findings (at most ``MAX_SHOWN`` of them)."""
        shown = [self.diagnostic(uri, doc, f) for f in findings[:MAX_SHOWN]]
        if len(findings) > MAX_SHOWN:
            shown.append(t.Diagnostic(
                t.Range(t.Position(0, 0), t.Position(0, 0)),
                f"{len(findings) - MAX_SHOWN:,} more findings are not shown here; "
                f"'ftn check {doc.source}' lists them all",
                t.DiagnosticSeverity.Information, source=SOURCE))
        self.text_document_publish_diagnostics(
            t.PublishDiagnosticsParams(uri, shown, self.versions.get(uri)))


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


def did_open(ls: FtnServer, params: t.DidOpenTextDocumentParams) -> None:
    item = params.text_document
    ls.opened(item.uri, item.text, item.version)


def did_change(ls: FtnServer, params: t.DidChangeTextDocumentParams) -> None:
    ls.changed(params)


def did_close(ls: FtnServer, params: t.DidCloseTextDocumentParams) -> None:
    uri = params.text_document.uri
    ls.closed(uri)
    ls.text_document_publish_diagnostics(t.PublishDiagnosticsParams(uri, []))


def invalid_request(ls: FtnServer, why: str) -> None:
    raise JsonRpcInvalidParams(f"the request's parameters are not valid: {why} (positions "
                               "and lines are whole numbers counted from 0)")


def dropped(ls: FtnServer, why: str) -> None:
    log.warning("a message was dropped: %s", why)


def formatting(ls: FtnServer, params: t.DocumentFormattingParams) -> list[t.TextEdit] | None:
    """``ftn fmt``'s text as one edit; none for a text that is not checked,
    holds no game (there is nothing to put in form), or holds a lone "\r"
    (a line end of the editor's that the reader does not end a line at)."""
    doc = ls.current(params.text_document.uri)
    if doc.refused or not doc.lines or doc.games == 0 or doc.map.lone_cr:
        return None
    out = safe(lambda: _formatted(doc), lambda: None)
    if out is None or out == doc.text:
        return None  # it cannot be read (its diagnostics say why), or it is in form
    end = ls.position(doc, len(doc.lines), len(doc.lines[-1]) + 1)
    return [t.TextEdit(t.Range(t.Position(0, 0), end), out)]


def _formatted(doc: Document) -> str | None:
    """``ftn fmt``'s text of a document, or None when it cannot be read."""
    try:
        return format_text(doc.text, doc.source)
    except InputError:
        return None


def hover(ls: FtnServer, params: t.HoverParams) -> t.Hover | None:
    doc = ls.current(params.text_document.uri)
    if doc.refused and not doc.lines:
        return None
    line, col = ls.place(doc, params.position)
    text = safe(lambda: features.hover(doc, line, col), lambda: None)
    if text is None:
        return None
    return t.Hover(t.MarkupContent(t.MarkupKind.Markdown, text))


def _edit(ls: FtnServer, doc: Document, e: Edit) -> t.TextEdit:
    return t.TextEdit(t.Range(ls.position(doc, e.line, e.col),
                              ls.position(doc, e.end_line, e.end_col)), e.text)


#: The kind of the action that makes every fix of a document (as ruff's
#: server offers ``source.fixAll.ruff``).
FIX_ALL = "source.fixAll.ftn"
FIX_ALL_TITLE = "Fix all: write the computed value of every wrong claim (ftn check --fix)"


def _asked(params: t.CodeActionParams, kind: str) -> bool:
    """Whether the client asks for actions of ``kind``: it names no kinds,
    or one that ``kind`` is or falls under (``source`` holds
    ``source.fixAll.ftn``)."""
    only = params.context.only
    return not only or any(kind == k or kind.startswith(f"{k}.") for k in only)


def code_action(ls: FtnServer, params: t.CodeActionParams) -> list[t.CodeAction] | None:
    uri = params.text_document.uri
    doc = ls.current(uri)
    if doc.refused:
        return None
    start, _ = ls.place(doc, params.range.start)
    end, _ = ls.place(doc, params.range.end, strict=False)
    found = safe(lambda: features.fixes(doc, start, end, MAX_SHOWN), lambda: [])
    out = []
    for fx in found:
        kind = (t.CodeActionKind.QuickFix if fx.finding is not None
                else t.CodeActionKind.RefactorRewrite)
        if not _asked(params, kind):
            continue
        edit = t.WorkspaceEdit(changes={uri: [_edit(ls, doc, fx.edit)]})
        diags = [ls.diagnostic(uri, doc, fx.finding)] if fx.finding is not None else None
        out.append(t.CodeAction(fx.title, kind=kind, diagnostics=diags, edit=edit,
                                is_preferred=fx.finding is not None or None))
    if _asked(params, FIX_ALL):
        fix_all = _fix_all(ls, uri, doc)
        if fix_all is not None:
            out.append(fix_all)
    return out or None


def _resolves_edits(ls: FtnServer) -> bool:
    """Whether the client asks for a code action's edit when it is chosen
    (``codeAction/resolve`` with the property ``edit``)."""
    try:
        caps = ls.client_capabilities.text_document
    except (RuntimeError, AttributeError):  # not initialized yet
        return False
    asks = caps.code_action if caps is not None else None
    support = asks.resolve_support if asks is not None else None
    return support is not None and "edit" in support.properties


def _fix_all(ls: FtnServer, uri: str, doc: Document) -> t.CodeAction | None:
    """The "fix all" action when there is something to fix: its edit made
    when the client resolves it, if it can (the edit of a large record's
    every fix costs seconds), else made now."""
    if _resolves_edits(ls):
        if not features.has_fixes(doc):
            return None
        return t.CodeAction(FIX_ALL_TITLE, kind=FIX_ALL, data={"uri": uri})
    edits = safe(lambda: features.fix_all(doc), lambda: [])
    if not edits:
        return None
    return t.CodeAction(FIX_ALL_TITLE, kind=FIX_ALL, edit=t.WorkspaceEdit(changes={uri: [
        _edit(ls, doc, e) for e in edits]}))


def resolve_code_action(ls: FtnServer, action: t.CodeAction) -> t.CodeAction:
    """The edit of the "fix all" action, made for the document as it is now
    (any other action is given back as it came)."""
    data = action.data
    uri = data.get("uri") if isinstance(data, dict) else None
    if action.kind != FIX_ALL or not isinstance(uri, str):
        return action
    doc = ls.current(uri)
    edits = [] if doc.refused else safe(lambda: features.fix_all(doc), lambda: [])
    action.edit = t.WorkspaceEdit(changes={uri: [_edit(ls, doc, e) for e in edits]})
    return action


def completion(ls: FtnServer, params: t.CompletionParams) -> t.CompletionList | None:
    doc = ls.current(params.text_document.uri)
    if doc.refused:
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


def _symbol(ls: FtnServer, doc: Document, s: features.Span, kind: t.SymbolKind,
            inner: t.SymbolKind) -> t.DocumentSymbol:
    last = doc.lines[s.last - 1]
    whole = t.Range(ls.position(doc, s.first, 1), ls.position(doc, s.last, len(last) + 1))
    head = doc.lines[s.first - 1]
    start = len(head) - len(head.lstrip())
    name = t.Range(ls.position(doc, s.first, start + 1),
                   ls.position(doc, s.first, len(head.rstrip()) + 1))
    return t.DocumentSymbol(s.name, kind, whole, name, detail=s.detail or None, children=[
        _symbol(ls, doc, c, inner, inner) for c in s.children])


def document_symbol(ls: FtnServer, params: t.DocumentSymbolParams
                    ) -> list[t.DocumentSymbol] | None:
    """The outline: each game (its seats and players, its event) and, in
    it, each round (its opener)."""
    doc = ls.current(params.text_document.uri)
    if doc.refused:
        return None
    spans = safe(lambda: features.outline(doc), lambda: [])
    return [_symbol(ls, doc, s, t.SymbolKind.Module, t.SymbolKind.Event) for s in spans] or None


def folding_range(ls: FtnServer, params: t.FoldingRangeParams) -> list[t.FoldingRange] | None:
    """Games, rounds and blocks of comment lines, in the editor's lines."""
    doc = ls.current(params.text_document.uri)
    if doc.refused:
        return None
    found = safe(lambda: features.folds(doc), lambda: [])
    kinds = {True: t.FoldingRangeKind.Comment, False: t.FoldingRangeKind.Region}
    return [t.FoldingRange(ls.position(doc, first, 1).line, ls.position(doc, last, 1).line,
                           kind=kinds[comment]) for first, last, comment in found] or None


def make() -> FtnServer:
    """A server with every feature."""
    ls = FtnServer()
    ls.feature(t.TEXT_DOCUMENT_DID_OPEN)(did_open)
    ls.feature(t.TEXT_DOCUMENT_DID_CHANGE)(did_change)
    ls.feature(t.TEXT_DOCUMENT_DID_CLOSE)(did_close)
    ls.feature(INVALID)(invalid_request)
    ls.feature(DROPPED)(dropped)
    ls.feature(t.TEXT_DOCUMENT_FORMATTING)(formatting)
    ls.feature(t.TEXT_DOCUMENT_HOVER)(hover)
    ls.feature(t.TEXT_DOCUMENT_CODE_ACTION, t.CodeActionOptions(code_action_kinds=[
        t.CodeActionKind.QuickFix, t.CodeActionKind.RefactorRewrite,
        t.CodeActionKind.SourceFixAll, FIX_ALL], resolve_provider=True))(code_action)
    ls.feature(t.CODE_ACTION_RESOLVE)(resolve_code_action)
    ls.feature(t.TEXT_DOCUMENT_COMPLETION,
               t.CompletionOptions(trigger_characters=[" "]))(completion)
    ls.feature(t.TEXT_DOCUMENT_DOCUMENT_SYMBOL)(document_symbol)
    ls.feature(t.TEXT_DOCUMENT_FOLDING_RANGE)(folding_range)
    return ls


server = make()


def run(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> None:
    """Serve over standard input and output until the input ends."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(OneLine())
    logging.basicConfig(level=logging.WARNING, handlers=[handler], force=True)
    frames = Frames(stdin if stdin is not None else sys.stdin.buffer)
    server.start_io(cast(BinaryIO, frames), stdout)
