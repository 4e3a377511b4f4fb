"""What in a passage denies the question: its negations, except one inside a clause that says
why the main clause holds ("…through AWS PrivateLink, so that API traffic does not cross the
public internet") when that clause is about less of the question than the rest of the passage.

A purpose clause about the question's own subject still denies it: "PostHog can discard IP
addresses, ensuring raw IP addresses are not retained" answers "Do you store IP addresses?".
"""

from __future__ import annotations

import re

from .terms import NEGATIVE_CUES, key_terms, new_cues

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

    return new_cues(_PURPOSE.sub(aside, text), question, cues)
