"""A passage about the opposite scope: asked about private repositories, a passage on tokens "leaked on
_public_ repositories" says what happens there, not in private ones; asked about a self-hosted
installation, a passage on the cloud-hosted version says nothing of it. Word matching finds the rest of
the question in it and reads a yes. The pairs are general English opposites of where a thing lives or
which way it goes, not wording read off any vendor.
"""

from __future__ import annotations

import re

_PAIRS = (
    (r"private", r"public"),
    (r"inbound|incoming", r"outbound|outgoing"),
    (r"self[- ]hosted|self[- ]managed|on[- ]prem(?:ise|ises)?", r"cloud[- ]hosted|(?:managed|hosted)\s+cloud|saas"),
)


# "Cloud" alone is too common to be a scope ("AWS cloud" in a self-hosting guide), but said as the only one it is the
# hosted service: "99.9% uptime SLA guarantee (Cloud only, …)", asked of self-hosted deployments.
_CLOUD_ONLY = re.compile(r"\bcloud[- ]only\b|\bonly\s+(?:on|in|for|with)\s+(?:the\s+)?(?:\w+\s+)?cloud\b",
                         re.IGNORECASE)


def _has(pattern: str, text: str) -> bool:
    return re.search(rf"\b(?:{pattern})\b", text, re.IGNORECASE) is not None


def opposite_scope(question: str, quote: str) -> str | None:
    """The scope word of `quote` opposite to one the question asks about, when the quote does not name the
    question's own (None otherwise)."""
    plain = quote.replace("_", " ").replace("*", " ")
    for one, other in (*_PAIRS, *((b, a) for a, b in _PAIRS)):
        if _has(one, question) and not _has(other, question) and _has(other, plain) and not _has(one, plain):
            return re.search(rf"\b(?:{other})\b", plain, re.IGNORECASE).group()
    return None


def own_scope(question: str, quote: str) -> str | None:
    """The question's scope word when `quote` names it and not its opposite (a passage on the scope asked: "Private
    repositories have debug mode enabled by default"); else None. Beside it, a passage on the opposite scope ("not
    available by default on public repositories") is the contrast, not a limit."""
    plain = quote.replace("_", " ").replace("*", " ")
    for one, other in (*_PAIRS, *((b, a) for a, b in _PAIRS)):
        if _has(one, question) and not _has(other, question) and _has(one, plain) and not _has(other, plain):
            return re.search(rf"\b(?:{one})\b", plain, re.IGNORECASE).group()
    return None


def restricted_to_opposite(question: str, quote: str) -> str | None:
    """The phrase of `quote` restricting what it says to the scope opposite the question's ("VCS agents are only
    supported when using private worker pools", asked of the shared public workers): a no, not a limit."""
    other = opposite_scope(question, quote)
    if other is None:
        cloud = _CLOUD_ONLY.search(quote) if _has(_PAIRS[2][0], question) and not _has(_PAIRS[2][0], quote) else None
        return cloud.group() if cloud else None
    plain = quote.replace("_", " ").replace("*", " ")
    found = re.search(rf"\bonly\b[^.;:]{{0,60}}?\b{re.escape(other)}\b|\b{re.escape(other)}\b[^.;:]{{0,30}}?\bonly\b",
                      plain, re.IGNORECASE)
    return found.group() if found else None
