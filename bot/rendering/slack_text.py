"""Making text safe for Slack: text from users, documents or a model can never ping,
link or reorder what the reader sees."""

from __future__ import annotations

import re
from urllib.parse import urlsplit

from agents import INVISIBLE

_SLACK_TOKEN = re.compile(r"<([^<>]*)>")
_URL = re.compile(r"\b(?:https?|ftp)://|\bwww\.", re.IGNORECASE)
_SAFE_URL = re.compile(r"^https?://[^\s<>|\"'`]+$", re.IGNORECASE)


def clean(text: str) -> str:
    """The text without control, bidi-override and zero-width characters (tabs and newlines stay)."""
    return INVISIBLE.sub("", text or "")


def escape(text: str) -> str:
    """Escape the three characters Slack treats as control (`&`, `<`, `>`), after `clean`."""
    return clean(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def inert(text: str) -> str:
    """Escaped, and with URLs defanged (`hxxps://`): for top-level message text, which Slack links itself."""
    return _URL.sub(lambda m: m.group(0).lower().replace("http", "hxxp").replace("ftp", "fxp").replace("www.", "www[.]"),
                    escape(text))


def safe_url(url: str | None) -> str | None:
    """The URL when it is a plain http(s) link Slack cannot misread; None otherwise."""
    if not url or not _SAFE_URL.match(url):
        return None
    try:
        parts = urlsplit(url)
    except ValueError:
        return None
    return url if parts.hostname and "@" not in parts.netloc else None


def link(url: str | None, label: str) -> str:
    """`<url|label (host)>` for a safe URL, so the target is never disguised; the bold label otherwise."""
    target = safe_url(url)
    if target is None:
        return f"*{escape(label)}*"
    host = urlsplit(target).hostname or ""
    return f"<{target}|{link_label(label)} ({link_label(host)})>"


def question_text(text: str, bot_user_id: str | None = None) -> str:
    """A Slack message as a question: the bot's own mention removed, other markup as plain words.

    `<@U1|ann>` → `@ann`, `<#C1|general>` → `#general`, `<!here>` → `@here`,
    `<https://x|label>` → `label (https://x)`; nothing of it pings or links again.
    """
    def plain(match: re.Match) -> str:
        inner = match.group(1)
        target, _, label = inner.partition("|")
        if target.startswith("@"):
            return "" if bot_user_id and target[1:] == bot_user_id else "@" + (label or target[1:])
        if target.startswith("#"):
            return "#" + (label or target[1:])
        if target.startswith("!"):
            return "@" + (label or target[1:].split("^")[0])
        return f"{label} ({target})" if label else target

    return " ".join(clean(_SLACK_TOKEN.sub(plain, text or "")).split())


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
