"""What in a passage denies the question: its negations, except one inside a clause that says
why the main clause holds ("…through AWS PrivateLink, so that API traffic does not cross the
public internet") when that clause is about less of the question than the rest of the passage.

A purpose clause about the question's own subject still denies it: "PostHog can discard IP
addresses, ensuring raw IP addresses are not retained" answers "Do you store IP addresses?".
"""

from __future__ import annotations

import re

from ..text.grounding import Passage
from ..text.terms import NEGATIVE_CUES, key_terms, new_cues

# Up to the next comma: "To ensure that data stays in the region, we disable…" keeps its main clause.
# An instruction's goal is one too: "Ensure development workflows aren't disrupted".
_PURPOSE = re.compile(r"\b(?:so that|so as not to|in order to|in order that|(?:to )?ensure(?: that)?|ensuring(?: that)?|"
                      r"(?:to )?make sure(?: that)?)"
                      r"\b[^.;:,]*", re.IGNORECASE)


def denials(text: str, question: str, cues: tuple[str, ...] = NEGATIVE_CUES) -> list[str]:
    """Denial cues of `text` that the question does not use itself, purpose clauses aside
    (`cues`: the fitted list, or a candidate phrase when the list is fitted)."""
    asked = set(key_terms(question))

    def aside(match: re.Match[str]) -> str:
        clause = asked & set(key_terms(match.group()))
        rest = asked & set(key_terms(text[:match.start()] + " " + text[match.end():]))
        return " " if len(clause) < len(rest) else match.group()

    return new_cues(_off_question(_PURPOSE.sub(aside, text), asked), question, cues)


def passage_denials(passage: Passage, question: str, cues: tuple[str, ...] = NEGATIVE_CUES) -> list[str]:
    """Denials of a passage in its own words, else in the heading or lead its list sits under: under
    "Prohibited testing and activities", the item "Denial of Service (DoS) testing." is denied, as
    "Not Supported" above a list denies each of its items."""
    return denials(passage.text, question, cues) or (denials(passage.list_head, question, cues) if passage.list_head
                                                     else [])


_CLAUSE = re.compile(r"[,;]\s+")


def _off_question(text: str, asked: set[str]) -> str:
    """A sentence listing separate facts ("All access is logged, shared accounts are not allowed, and
    every production system requires SSO with MFA") without the clauses that share no word with the
    question, when another clause shares at least two: a negation there is about something else."""
    clauses = _CLAUSE.split(text)
    overlap = [len(asked & set(key_terms(c))) for c in clauses]
    if len(clauses) < 3 or max(overlap) < 2:
        return text
    return " ".join(c if n else " " for c, n in zip(clauses, overlap))
