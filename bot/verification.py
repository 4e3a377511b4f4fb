"""Slack request signatures, checked before Bolt parses or dispatches anything.

Bolt verifies signatures itself, but a malformed timestamp makes its verifier
raise, and Bolt then hands the *unverified* body to the error handler. Checking
here first means no byte of an unsigned request reaches a listener or the error
handler, and a malformed body is answered 400 instead of 500.
"""

from __future__ import annotations

import hashlib
import hmac
import json
import time
from collections.abc import Callable
from urllib.parse import parse_qs

from pydantic import BaseModel

MAX_AGE_SECONDS = 60 * 5


class Verdict(BaseModel):
    """Whether a request may go on to Bolt, and if not the HTTP status and reason."""

    ok: bool
    status: int = 200
    reason: str = ""


class SignatureCheck:
    """Slack's `v0=` HMAC-SHA256 of `v0:{timestamp}:{body}`, with a replay window."""

    def __init__(self, secret: str, clock: Callable[[], float] = time.time) -> None:
        self._secret = secret.encode()
        self._clock = clock

    def verify(self, body: bytes, timestamp: str | None, signature: str | None) -> Verdict:
        """A verdict for one request; never raises on any header or body."""
        if not timestamp or not timestamp.isascii() or not timestamp.isdigit():
            return Verdict(ok=False, status=401, reason="missing or malformed X-Slack-Request-Timestamp")
        if abs(self._clock() - int(timestamp)) > MAX_AGE_SECONDS:
            return Verdict(ok=False, status=401, reason="request timestamp outside the five-minute window")
        if not signature or not hmac.compare_digest(signature.encode(), self._expected(body, timestamp).encode()):
            return Verdict(ok=False, status=401, reason="invalid X-Slack-Signature")
        return _well_formed(body)

    def _expected(self, body: bytes, timestamp: str) -> str:
        digest = hmac.new(self._secret, b"v0:" + timestamp.encode() + b":" + body, hashlib.sha256).hexdigest()
        return f"v0={digest}"


def _well_formed(body: bytes) -> Verdict:
    """A signed body must still be UTF-8 and parse as Slack sends it (JSON, or a form with a JSON payload)."""
    try:
        text = body.decode("utf-8")
        if text.lstrip().startswith("{"):
            json.loads(text)
        else:
            payload = parse_qs(text).get("payload")
            if payload:
                json.loads(payload[0])
    except (UnicodeDecodeError, ValueError):
        return Verdict(ok=False, status=400, reason="malformed request body")
    return Verdict(ok=True)
