"""The protocol's messages as pygls reads them, made safe: the server's
protocol class, and the log's format.

Boundary: pygls's public hooks only (a subclass of its protocol; a logging
formatter). ``FtnProtocol`` leaves the open texts to the server (not to
pygls's workspace, whose lines end at more than the protocol's three ends:
"\f", "\u2028" and others), makes a request whose parameters cannot be
read one that is answered with InvalidParams (method ``INVALID``) and
another such message one that is dropped (``DROPPED``), and drops JSON that
is not a JSON-RPC message; ``OneLine`` writes a log record as one line (no
traceback, no control character). It decides nothing of the features.
"""

from __future__ import annotations

import logging
from typing import Any

import cattrs
from lsprotocol import types as t
from pygls.protocol import (
    JsonRPCNotification,
    JsonRPCRequestMessage,
    LanguageServerProtocol,
    lsp_method,
)

from verifier.files.escaping import escape_controls

#: The methods the server answers for a request it could not read (its
#: parameters not valid) and for a message it drops.
INVALID, DROPPED = "ftn/invalidRequest", "ftn/dropped"
log = logging.getLogger(__name__)


class FtnProtocol(LanguageServerProtocol):
    """pygls's protocol, the open texts kept by the server (not by pygls's
    workspace, whose lines end at more than the protocol's three ends), and
    every message that cannot be read answered or dropped, never fatal."""

    @lsp_method(t.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: t.DidOpenTextDocumentParams) -> None:
        self._user(t.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(t.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: t.DidChangeTextDocumentParams) -> None:
        self._user(t.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(t.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: t.DidCloseTextDocumentParams) -> None:
        self._user(t.TEXT_DOCUMENT_DID_CLOSE, params)

    def _user(self, method: str, params: Any) -> None:
        """The server's handler, called here (not yielded to, as pygls's own
        handlers do: pygls keeps the future of a notification's generator
        for ever, a leak of one an edit)."""
        if (handler := self.fm.features.get(method)) is not None:
            handler(params)

    def structure_message(self, data: dict[str, Any]) -> Any:
        """A message as pygls reads it; a request it cannot read becomes one
        that is answered with InvalidParams, another message one dropped."""
        try:
            return super().structure_message(data)
        except Exception as e:
            why = _why(e)
            method = data.get("method")
            shown = method if isinstance(method, str) else "a message"
            msg_id = data.get("id")
            if isinstance(msg_id, (str, int)) and not isinstance(msg_id, bool) and method:
                return JsonRPCRequestMessage(id=msg_id, method=INVALID, jsonrpc="2.0",
                                             params=f"{clean(shown)}: {why}")
            return JsonRPCNotification(method=DROPPED, jsonrpc="2.0",
                                       params=f"{clean(shown)}: {why}")

    def handle_message(self, message: Any) -> None:
        if not hasattr(message, "jsonrpc"):  # JSON, but not a message of JSON-RPC
            log.warning("a message was dropped: it is not a JSON-RPC message")
            return
        super().handle_message(message)


def _why(e: Exception) -> str:
    """What is wrong with a message's parameters, in one line."""
    cause = e.__cause__ if e.__cause__ is not None else e
    if isinstance(cause, cattrs.ClassValidationError):
        found = cattrs.transform_error(cause, path="message")
        return "; ".join(found[:3])[:300] or "parameters not valid"
    return "parameters not valid"


def clean(text: str) -> str:
    """A text of the client's, short and with no control characters, for a message."""
    return escape_controls(text[:200])


class OneLine(logging.Formatter):
    """A log record as one line: its message's first line, the exception's
    kind and message (no traceback), no control characters, at most 500
    characters."""

    def format(self, record: logging.LogRecord) -> str:
        text = record.getMessage().split("\n", 1)[0]
        if record.exc_info and record.exc_info[1] is not None:
            e = record.exc_info[1]
            text += f" ({type(e).__name__}: {str(e).split(chr(10), 1)[0]})"
        return "ftn server: " + escape_controls(text)[:500]
