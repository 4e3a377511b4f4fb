"""Answers that hold on some plans only, for a question that does not say which plan it asks about.

"MFA enforcement is only available on the Pro, Team and Enterprise plans" answers "Can an
organization make MFA mandatory?" with yes for some customers and no for others. Whether that
is "Fully" or "Partially Supported" depends on the plan the asker is on or buying, which the bot
does not know and a person on the deal does: the sample set's convention calls it Partially
("SCIM… is available on the Enterprise plan only"), vendors' own questionnaires often say yes.
Such an answer goes to a reviewer. The bot decides alone when the question settles it: it asks
of every plan or customer ("…offered on every plan?": Partially), or names one of the plans
the passage gives ("…on the Team plan?"). A question naming another plan ("…on the free plan?"
against "at least on the Team Plan") needs the order of the vendor's plans: a reviewer again.
"""

from __future__ import annotations

import re

_OFFER = r"(?:plans?|subscriptions?|tiers?|packages?|editions?)"
_NAME = r"[A-Z][\w-]*"
# Capitalised names joined by commas, "and", "or", then the offer: "Pro, Team and Enterprise plans",
# "[Docker Team or Business subscription]", "Team Plan".
_NAMED_OFFER = rf"({_NAME}(?:,?\s+(?:(?:and|or)\s+)?{_NAME})*)\s+(?i:{_OFFER})\b"
# A restriction to those plans: "only … on", "available exclusively to", "at least on", "requires a",
# or "… plan only". General English, not wording read off a vendor.
_RESTRICTED = re.compile(
    rf"\b(?i:only|exclusively|at\s+least|requires?|required|available)\b[^.;:]{{0,60}}?\[?{_NAMED_OFFER}"
    rf"|\[?{_NAMED_OFFER}\]?(?:\([^)]*\))?\s+only\b")
_SEPARATOR = re.compile(r",\s*|\s+(?:and|or)\s+")
# The question asks of every plan or customer: "on every plan?", "whatever plan it is on", "all customers".
_EVERY_PLAN = re.compile(rf"\b(?:every|all|any|each|whatever)\b(?:\s+[\w-]+){{0,2}}?\s+"
                         rf"(?:{_OFFER}|customers?|accounts?)\b", re.I)
_ASKED_PLAN = re.compile(rf"\b([\w-]+)\s+{_OFFER}\b", re.I)


def plan_limit(quote: str) -> list[str]:
    """The plans a passage restricts what it says to ("Pro", "Team", "Enterprise"), or []."""
    names: list[str] = []
    for match in _RESTRICTED.finditer(quote):
        for group in _SEPARATOR.split(match.group(1) or match.group(2)):
            name = group.split()[-1]  # "Docker Team": the plan is the last name, the vendor's comes first
            if name not in names:
                names.append(name)
    return names


def asks_of_every_plan(question: str) -> bool:
    """The question asks whether something holds for every plan, tier or customer."""
    return bool(_EVERY_PLAN.search(question))


def names_a_plan(question: str, plans: list[str]) -> bool:
    """The question names one of these plans ("on the Team plan", "an Enterprise project")."""
    asked = {m.group(1).lower() for m in _ASKED_PLAN.finditer(question)}
    capitalised = set(re.findall(r"(?<=\s)[A-Z][\w-]*", question))
    return any(p.lower() in asked or p in capitalised for p in plans)


def depends_on_plan(question: str, quotes: list[str]) -> list[str]:
    """The plans the deciding quotes limit the answer to, when the question leaves the plan open; else []."""
    plans = [p for quote in quotes for p in plan_limit(quote)]
    if not plans or asks_of_every_plan(question) or names_a_plan(question, plans):
        return []
    return list(dict.fromkeys(plans))
