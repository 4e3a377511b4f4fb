"""The words a denial is read in: emphasis read as its word, the phrases that negate a verb, a passage's sentences with
its emphasis read, a phrase said near words of the question, and whether a subject names a thing of the question."""

from __future__ import annotations

import re
from collections.abc import Callable

from ...text.terms import key_terms, matches, spelled_out

# Emphasis around a word ("are _not_ rate limited", "Guest users **cannot**") is read as the word.
EMPHASIS = re.compile(r"(?<![\w*])(\*{1,2}|_{1,2})(?=\w)([^*_\n]{1,40}?)(?<=\w)\1(?![\w*])")

# The phrases that negate the verb after them ("cannot", "is not able to", "never").
NEGATION = (r"(?:cannot|can\s*not|can['’]t|could\s+not|couldn['’]t|does\s+not|doesn['’]t|do\s+not|don['’]t|"
            r"(?:will\s+not|won['’]t|(?:is|are)\s+not|isn['’]t|aren['’]t)(?:\s+be)?\s+able\s+to|unable\s+to|"
            r"will\s+not|won['’]t|"
            r"(?:is|are)\s+not|isn['’]t|aren['’]t|never)")


def sentences(text: str) -> list[str]:
    """The sentences of a passage (split after ".", ";", "!" or "?"), its emphasis read as its words."""
    return re.split(r"(?<=[.;!?])\s+", EMPHASIS.sub(r"\2", text))


def whole(sentence: str, found: re.Match[str]) -> str:
    """The whole sentence around a phrase, for `said_near`."""
    return sentence


def said_near(question: str, text: str, asks: re.Pattern[str], said: re.Pattern[str],
              near: Callable[[str, re.Match[str]], str] = whole, least: int = 1, cue_aside: bool = False) -> str | None:
    """The first phrase `said` finds in a sentence of `text` with `least` words of the question in what `near` takes of
    the sentence around it (the words `asks` finds in the question left out when `cue_aside`), for a question `asks`
    finds and that does not say it itself; else None."""
    if not asks.search(question) or said.search(question):
        return None
    asked = set(key_terms(asks.sub(" ", question) if cue_aside else question))
    for sentence in sentences(text):
        for found in said.finditer(sentence):
            if sum(matches(term, asked) for term in set(key_terms(near(sentence, found)))) >= least:
                return found.group(0)
    return None


def names_subject(subject: str, question: str, asked: set[str]) -> bool:
    """Whether a subject names a thing of the question, in its words or by its initials ("PII")."""
    return any(matches(term, asked) for term in key_terms(subject)) or any(
        word.isupper() and spelled_out(word, question) for word in subject.split())
