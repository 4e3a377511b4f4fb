"""Whose key it is, when the question asks for the customer's own.

"Can we supply and manage our own encryption keys?" is not answered by "data is encrypted with
AES-256", which every encryption page says; only a passage on keys the customer holds speaks to
it. Keys are the one thing whose owner is the whole question (an own IdP or log service is the same
feature either way, and so is an own key management system or vault); an API key is not an encryption key
("your personal API key").
"""

from __future__ import annotations

import re

OWN_KEYS = "customer-managed keys"
_CUSTOMER_HELD = r"customer[\s-]*(?:managed|supplied|provided|controlled)"
# "our own keys", not "each project gets its own API keys": the asker's own, and no API or access key.
_ASKED = re.compile(rf"\b(?:(?:our|my|your|their)\s+own|{_CUSTOMER_HELD}|bring[\s-]+your[\s-]+own)"
                    r"(?!(?:\s+\w+)?\s+(?:api|access|ssh|licen[cs]e|product)\s+keys?\b)(?:\s+\w+){0,2}?\s+"
                    r"(?:encryption\s+)?keys?\b(?!\s+(?:management|manager|vault|store)s?\b)", re.I)
_STATED = re.compile(
    rf"\b(?:{_CUSTOMER_HELD}|bring[\s-]+(?:your|their)[\s-]+own|BYOK|CMEK|CMK|HYOK)\b"
    r"|\b(?:your|their|customers?'s?)\s+own\s+(?:\w+\s+){0,2}?keys?\b"
    r"|\bkeys?\s+(?:\w+\s+){0,3}?(?:your|their)\s+own\b", re.I)


def own_keys_unstated(question: str, text: str) -> bool:
    """The question asks for the customer's own keys and the text says nothing of keys the customer holds."""
    return bool(_ASKED.search(question)) and not _STATED.search(text)
