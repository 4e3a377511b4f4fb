"""Making text safe for Slack: user text can never ping or format by accident."""

from __future__ import annotations

import re

_MENTION = re.compile(r"<@[UW][A-Z0-9]+(\|[^>]*)?>")


def escape(text: str) -> str:
    """Escape the three characters Slack treats as control (`&`, `<`, `>`)."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def strip_bot_mention(text: str) -> str:
    """The question without the `<@Ubot>` mention(s) that addressed the bot."""
    return _MENTION.sub("", text or "").strip()


def link_label(text: str) -> str:
    """A link label: escaped, and without the `|` that would end it."""
    return escape(text).replace("|", "¦")


def split_text(text: str, limit: int) -> list[str]:
    """Pieces of at most `limit` characters, cut at paragraph, line or word boundaries."""
    pieces: list[str] = []
    rest = text
    while len(rest) > limit:
        cut = max(rest.rfind(sep, 0, limit) for sep in ("\n\n", "\n", ". ", " "))
        cut = cut + 1 if cut > limit // 2 else limit
        pieces.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        pieces.append(rest)
    return pieces
