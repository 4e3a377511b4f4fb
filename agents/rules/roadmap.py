"""A listed passage under a heading that puts it on a roadmap: what it describes is not had yet.

"Allowing people to save their progress through a form and return later on", listed under "Forthcoming
features" and "Later in 2026", answers "Can people save a half-finished form and return to it later?" with
"not yet": a page of what a team is working on or plans lists what the product does not do today. The item's
own words say nothing of time; its headings do. A question about plans ("Is it on your roadmap?", "Do you plan
to…", "Will you add…?") is answered by it, and yes; "Will you sign our DPA?" asks what the vendor does.
"""

from __future__ import annotations

import re

from ..text.grounding import Passage

# Headings (and a list's lead) that place what follows in the future. General English; "in development" and
# "working on" alone are left out, being also a build mode ("Running in development") and a task ("Working on
# a branch").
_FUTURE = re.compile(
    r"\b(?:forthcoming|upcoming|roadmap|coming\s+soon|in\s+the\s+(?:near\s+)?future|under\s+development"
    r"|(?:we\s+are|we['’]re|are)\s+(?:currently\s+)?working\s+on|what['’]?s\s+next"
    r"|(?:later|early|late)\s+(?:in|this)\s+(?:\d{4}|year|quarter)|future\s+(?:plans|features|releases|work)"
    r"|(?:we['’]ll|we\s+will)\s+do\s+(?:later|next))\b",
    re.IGNORECASE)
_ASKS_PLANS = re.compile(
    r"\b(?:roadmap|plan(?:s|ning)?\s+to|planned|future|upcoming|forthcoming|intend|going\s+to"
    r"|will\s+(?:you|it|there)\s+(?:ever\s+)?(?:add|build|release|introduce|launch|ship|be\s+(?:adding|able)))\b",
    re.IGNORECASE)


def on_roadmap(question: str, passage: Passage) -> str | None:
    """The heading a listed passage sits under that puts it on a roadmap ("Later in 2026"), unless the question
    asks about plans; else None. Only the nearest heading and the list's lead count: a page titled "Roadmap"
    lists what was done too, under "Things we’ve done"."""
    if _ASKS_PLANS.search(question):
        return None
    found = _FUTURE.search(passage.list_head)
    return found.group(0) if found else None
