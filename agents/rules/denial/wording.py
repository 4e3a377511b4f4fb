"""The words a denial is read in: emphasis read as its word, the phrases that negate a verb, a passage's sentences with
its emphasis read, and whether a subject names a thing of the question."""

from __future__ import annotations

import re

from ...text.terms import key_terms, matches, spelled_out

# Emphasis around a word ("are _not_ rate limited", "Guest users **cannot**") is read as the word.
EMPHASIS = re.compile(r"(?<![\w*])(\*{1,2}|_{1,2})(?=\w)([^*_\n]{1,40}?)(?<=\w)\1(?![\w*])")

# The phrases that negate the verb after them ("cannot", "is not able to", "never").
NEGATION = (r"(?:cannot|can\s*not|can['’]t|could\s+not|couldn['’]t|does\s+not|doesn['’]t|do\s+not|don['’]t|"
            r"(?:will\s+not|won['’]t|(?:is|are)\s+not)(?:\s+be)?\s+able\s+to|unable\s+to|will\s+not|won['’]t|"
            r"(?:is|are)\s+not|isn['’]t|aren['’]t|never)")


def sentences(text: str) -> list[str]:
    """The sentences of a passage (split after ".", ";", "!" or "?"), its emphasis read as its words."""
    return re.split(r"(?<=[.;!?])\s+", EMPHASIS.sub(r"\2", text))


def names_subject(subject: str, question: str, asked: set[str]) -> bool:
    """Whether a subject names a thing of the question, in its words or by its initials ("PII")."""
    return any(matches(term, asked) for term in key_terms(subject)) or any(
        word.isupper() and spelled_out(word, question) for word in subject.split())
