"""A question that asks for an amount is answered only by a passage that gives one.

"How long are activity logs available?" is not answered by "Activity logs display a chronological
list of activities": the passage is on the subject, and says nothing of how long. A duration, a
frequency, a count or a share is written with a number or a word for one ("daily", "twice",
"indefinitely", "until the account is deleted"); a passage with none of these gives no amount.
"""

from __future__ import annotations

import re

_ASKS = re.compile(r"\b(?:how (?:long|often|frequently|many|much|quickly|soon|old)|(?:what|which) (?:percentage|percent|"
                   r"share|proportion|frequency|interval|period|duration|retention period)|"
                   r"what is the (?:minimum|maximum|max|min)\b)", re.IGNORECASE)
_AMOUNT = re.compile(
    r"\d|%|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|"
    r"fifty|sixty|ninety|hundred|thousand|dozen|once|twice)\b|"
    r"\ban? (?:second|minute|hour|day|week|month|quarter|year|decade)\b|"
    r"\b(?:hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|yearly|annual(?:ly)?|biennial(?:ly)?|"
    r"every|each (?:day|week|month|quarter|year)|per (?:day|week|month|quarter|year)|"
    r"indefinitely|forever|permanently|immediately|instantly|continuous(?:ly)?|real[\s-]time|"
    r"until|as long as|for the (?:life|lifetime|duration)|no expiry|never expire)\b",
    re.IGNORECASE)


def asks_amount(question: str) -> bool:
    """Whether the question asks how long, how often, how many or how much."""
    return bool(_ASKS.search(question))


def gives_amount(text: str) -> bool:
    """Whether a passage states a duration, frequency, count or share in any form."""
    return bool(_AMOUNT.search(text))
