"""A question that measures in words ("a short period", "regularly", "promptly"), answered by a
passage that measures in figures ("valid for 20 years", "every 24 hours").

Whether 20 years is short, or a yearly review regular, is not in the documentation: it is the
asker's yardstick, and a person on the deal knows it. "Do API access tokens expire after a short
period by default?" was answered "Fully Supported" from "Tokens are valid for 20 years by default"
because the passage speaks of expiry by default. Such an answer goes to a reviewer, with the
figure the passage gives. A question asking for the figure itself ("How quickly…?", "How long…?")
is answered by it and is not this kind, nor is the part of a question that asks for it ("Do you keep
audit logs, and how long are they retained?"). The words are general English for an unstated amount of
time or frequency, not wording read off a vendor.
"""

from __future__ import annotations

import re

from ..text.quantities import FREQUENCY, PERIOD
from ..text.terms import is_yes_no

# An amount of time or a frequency left to the reader's yardstick; not "how long…" (which asks for the
# figure) nor "as long as" (a condition).
_VAGUE = re.compile(r"(?<!\bhow )(?<!\bas )\b(?:short|shortly|long|lengthy|brief|quick(?:ly)?|prompt(?:ly)?|"
                    r"rapid(?:ly)?|timely|regular(?:ly)?|frequent(?:ly)?|periodic(?:ally)?|soon|as soon as|"
                    r"immediately|in good time)\b", re.IGNORECASE)
# A figure: "20 years", "within 72 hours", "every 30 days", "daily", "once a year".
_FIGURE = re.compile(f"{PERIOD}|{FREQUENCY}", re.IGNORECASE)


def judged_measure(question: str, quotes: list[str]) -> tuple[str, str] | None:
    """The question's word for an amount and the first figure the cited quotes give, when a yes/no
    question measures in words and a quote in figures; else None."""
    vague = _VAGUE.search(question)
    if vague is None or not is_yes_no(question):
        return None
    figure = next((m.group() for q in quotes for m in [_FIGURE.search(q)] if m), None)
    return (vague.group().lower(), figure) if figure else None
