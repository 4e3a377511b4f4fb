"""A question's form: yes or no, about all of something, or a short follow-up to the one before it."""

from __future__ import annotations

import re


# "every quarter", "each 90 days": how often, not of every thing.
_UNIVERSAL = re.compile(r"\b(?:all|every|each|any|anyone|regardless|always)\b(?!\s+(?:\d+\s+|other\s+)?(?:second|minute|"
                        r"hour|day|business day|week|month|quarter|year)s?\b)", re.I)


def is_universal(question: str) -> bool:
    """A question about all, every, each or any thing ("for every incident?", "open to anyone?"); "every
    quarter" asks how often."""
    return bool(_UNIVERSAL.search(question))


AUXILIARY = (r"(?:is|are|do|does|did|can|could|will|would|should|shall|have|has|was|were|may|must|"
              r"am|isn't|aren't|don't|doesn't|can't|won't)\b")


# "When a deletion is requested, is event data removed?", "By default, does…", "Without extra configuration, are…",
# "To comply with GDPR, must…": a clause before the comma, then the question ("To what extent, do you…" asks how
# far).
_LEAD_CLAUSE = (r"(?:when|if|once|after|before|during|for|in|on|with|where|as|by|without|unless|at|under|upon|from|"
                r"through|within|outside|beyond|besides|except|to(?!\s+what\b)|in\s+order\s+to)")
_YES_NO = re.compile(rf"^\W*(?:{_LEAD_CLAUSE}\b[^,?]{{1,80}},\s*)?" + AUXILIARY, re.I)


# The openings of a short follow-up that leans on the question before it ("What about on GCP?", "And on
# AWS?"); `agents.conversation.followup` recognises follow-ups by them too.
ELLIPTICAL_LEAD = r"and|also|plus|but|or|what about|how about|same (?:for|on|with)"
_ELLIPTICAL = re.compile(rf"^\W*(?:{ELLIPTICAL_LEAD})\b", re.I)
_EARLIER = re.compile(r"\s\(follow-up to: (.+)\)$", re.S)


def with_earlier(question: str, earlier: str) -> str:
    """A follow-up as the engines read it: the question, then the one it follows up on."""
    return f"{question} (follow-up to: {earlier})"


def is_yes_no(question: str) -> bool:
    """A question that a "Yes." or "No." can open the answer to ("Is …", "Do you …"), or a short
    follow-up to one ("What about on GCP?" after "Do you support BYOK?" asks yes or no again)."""
    if _YES_NO.match(question):
        return True
    earlier = _EARLIER.search(question)
    return bool(earlier and _ELLIPTICAL.match(question) and _YES_NO.match(earlier.group(1)))
