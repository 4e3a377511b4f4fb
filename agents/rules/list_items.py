"""A list says each of its items, not their sum.

"Sentry supports the following SAML services: - Identity and Service Provider initiated SSO -
Identity Provider initiated SLO (Single Logout)" shares every word of "Does it support single
logout initiated by the service provider?", but no item says that: "service provider" is in one
item and "single logout" in another. A question whose phrases a list holds only in different
items, with nothing in the question joining them as separate things ("backups and point-in-time
recovery"), is not answered by that list.
"""

from __future__ import annotations

import re

from ..text.terms import STOPWORDS, key_terms, stem

_ITEM = re.compile(r"(?:^|\s)(?:[-*+•]|\d{1,2}[.)])\s+")
_JOINED = re.compile(r"\b(?:and|or|as well as|plus)\b|[,;/]", re.IGNORECASE)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'’-]*")


def spread_over_items(question: str, quote: str) -> str | None:
    """Two phrases of the question that the quote's list holds only in different items, or None."""
    parts = _ITEM.split(quote)
    intro, items = parts[0], [p for p in parts[1:] if p.strip()]
    if len(items) < 2:
        return None
    asked = _pairs(question)
    said_before = set(_pairs(intro))
    found = [{pair for pair in _pairs(item) if pair in asked and pair not in said_before} for item in items]
    union = set().union(*found)
    if len(union) < 2 or any(union <= item for item in found):
        return None
    ordered = sorted(union, key=asked.__getitem__)  # as the question says them, whatever the hash seed
    apart = [(one, other) for one in ordered for other in ordered
             if one != other and not any(one in f and other in f for f in found)]
    for one, other in apart:
        if _one_phrase(question, asked[one], asked[other]):
            return f'"{_words(question, asked[one])}" and "{_words(question, asked[other])}" are in different items'
    return None


def _pairs(text: str) -> dict[tuple[str, str], tuple[int, int]]:
    """Adjacent subject terms (stopwords between them allowed) → where the pair spans in the text."""
    # Every content word counts here, the generic ones too ("service provider" is a phrase).
    stems = [(stem(w.lower()), m.start(), m.end()) for m in _WORD.finditer(text.replace("-", " "))
             if (w := m.group(0)).lower() not in STOPWORDS]
    return {(a, b): (start, end) for (a, start, _), (b, _, end) in zip(stems, stems[1:]) if a != b}


def _one_phrase(question: str, first: tuple[int, int], second: tuple[int, int]) -> bool:
    """Nothing between the two phrases makes them two things asked about."""
    low, high = sorted([first, second])
    return low[1] <= high[0] and not _JOINED.search(question[low[1]:high[0]])


def _words(question: str, span: tuple[int, int]) -> str:
    return " ".join(question[span[0]:span[1]].split())


def items_on_question(question: str, quote: str) -> str:
    """The quote without its list items that share no word with the question, when another item shares one:
    "Using … architectures where possible" limits nothing asked "Which cloud provider runs the service?" of a
    list whose item "Hosting … by reputable cloud providers (e.g. AWS)" answers it."""
    parts = _ITEM.split(quote)
    intro, items = parts[0], [p for p in parts[1:] if p.strip()]
    asked = set(key_terms(question))
    shared = [bool(asked & set(key_terms(item))) for item in items]
    if len(items) < 2 or not any(shared):
        return quote
    return " ".join([intro, *(item for item, on in zip(items, shared) if on)])
