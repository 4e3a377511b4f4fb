"""Small text helpers shared by retrieval and the agents' quote checks."""

from __future__ import annotations

import hashlib
import re

_WS = re.compile(r"\s+")
# Letters and digits of any script: "Verschlüsselung" is one word, not "verschl" and "sselung".
_WORD = re.compile(r"[^\W_](?:[^\W_]|-)*[^\W_]|[^\W_]")

STOPWORDS = frozenset(
    """a an and are as at be by can do does for from has have how i in is it its of on
    or our that the their there this to was we what when where which who will with you
    your yours any all if into than then they them these those us were been being not no
    shall should would could may might must about also such per via each""".split()
)


def normalize_ws(text: str) -> str:
    """Collapse every run of whitespace to one space and strip the ends."""
    return _WS.sub(" ", text).strip()


def sha256(text: str) -> str:
    """Hex digest of the UTF-8 text."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def words(text: str) -> list[str]:
    """Lower-cased word tokens (hyphenated terms kept whole)."""
    return _WORD.findall(text.lower())


def content_terms(text: str) -> list[str]:
    """Word tokens without stop words, in order, duplicates removed."""
    seen: dict[str, None] = {}
    for word in words(text):
        if word not in STOPWORDS:
            seen.setdefault(word, None)
    return list(seen)
