"""One only, asked of several: "Can an account have more than one owner?" against "An account can only
have a single account owner". The passage never says "not", yet it answers no: it allows one of what the
question asks several of.
"""

from __future__ import annotations

import re

from ..text.terms import key_terms, matches

# The question asks for more than one of something: "more than one owner", "several email domains",
# "multiple IdPs", "an unlimited number of targets".
_SEVERAL = re.compile(r"\b(?:more than (?:one|a single)|several|multiple|two or more|an? unlimited number of|"
                      r"any number of|unlimited)\s+((?:[\w-]+\s+){0,2}[\w-]+)", re.IGNORECASE)
# The passage allows one only: "can only have a single account owner", "only recognizes one registered
# email domain", "is limited to one", "a maximum of one". The thing counted follows within a few words.
_ONE_ONLY = re.compile(r"\b(?:only|just|solely|limited to|at most|a maximum of|no more than)\b(?:\s+[\w-]+){0,2}?"
                       r"\s+(?:one|a single|1|an? one)\s+((?:[\w-]+\s+){0,3}[\w-]+)", re.IGNORECASE)


def one_only(question: str, text: str) -> str | None:
    """The phrase of `text` allowing one only of what the question asks several of (None when none)."""
    asked = [key_terms(m.group(1)) for m in _SEVERAL.finditer(question)]
    if not asked:
        return None
    for match in _ONE_ONLY.finditer(text):
        counted = set(key_terms(match.group(1)))
        if any(terms and matches(terms[-1], counted) for terms in asked):
            return match.group(0).strip()
    return None
