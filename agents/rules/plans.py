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

import functools
import re

from ..text.grounding import plain

_OFFER = r"(?:plans?|subscriptions?|tiers?|packages?|editions?)"
_NAME = r"[A-Z][\w-]*\+?"  # "Starter+ plan": a plus is part of some offers' names
# Capitalised names joined by commas, "and", "or", then the offer: "Pro, Team and Enterprise plans",
# "[Docker Team or Business subscription]", "Team Plan".
# A plan that is a document, not an offer: "Incident Response Plan", "Disaster Recovery Plan", "Business Continuity
# Plan", "Remediation Plan" (general English for what a plan of action is about).
_DOCUMENT_PLANS = ("Response", "Recovery", "Continuity", "Remediation", "Action", "Test", "Testing", "Treatment",
                   "Communication", "Communications", "Migration", "Contingency", "Exit", "Improvement", "Transition")
_NOT_A_DOCUMENT = "".join(rf"(?<!\b{word})" for word in _DOCUMENT_PLANS)
_NAMED_OFFER = rf"({_NAME}(?:,?\s+(?:(?:and|or)\s+)?{_NAME})*){_NOT_A_DOCUMENT}\s+(?i:{_OFFER})\b"
# A word between the name and the offer's word may say what kind of offer it is: "the Premium support tier", "a
# Business service plan". Read so only against a question naming its plan that way ("On the Basic support tier, …"):
# a support page's lead ("Custom SLAs are available for the Premium support tier") is not the scope of its page.
_KIND = r"(?i:support|service|pricing|billing|licen[cs]e)"
_NAMED_KIND_OFFER = rf"({_NAME}(?:,?\s+(?:(?:and|or)\s+)?{_NAME})*){_NOT_A_DOCUMENT}(?:\s+{_KIND})?\s+(?i:{_OFFER})\b"


def _restricted(named: str) -> re.Pattern[str]:
    # A restriction to those plans: "only … on", "available exclusively to", "at least on", "requires a",
    # or "… plan only". General English, not wording read off a vendor.
    return re.compile(rf"\b(?i:only|exclusively|at\s+least|requires?|required|available)\b[^.;:]{{0,60}}?\[?{named}"
                      rf"|\[?{named}\]?(?:\([^)]*\))?\s+only\b")


_RESTRICTED = _restricted(_NAMED_OFFER)
_RESTRICTED_KIND = _restricted(_NAMED_KIND_OFFER)
_SEPARATOR = re.compile(r",\s*|\s+(?:and|or)\s+")
# The question asks of every plan or customer: "on every plan?", "whatever plan it is on", "all customers".
_EVERY_PLAN = re.compile(rf"\b(?:every|all|any|each|whatever)\b(?:\s+[\w-]+){{0,2}}?\s+"
                         rf"(?:{_OFFER}|customers?|accounts?)\b", re.I)
_ASKED_PLAN = re.compile(rf"\b([\w-]+)\s+{_OFFER}\b", re.I)
# "On the Basic support tier, …": the plan is the name before the kind of offer.
_ASKED_KIND_PLAN = re.compile(rf"\b([A-Z][\w-]*)\s+{_KIND}\s+(?i:{_OFFER})\b")


def plan_limit(quote: str, kinds: bool = False) -> list[str]:
    """The plans a passage restricts what it says to ("Pro", "Team", "Enterprise"), or [] (`kinds`: also those
    named before a kind of offer, "the Premium support tier")."""
    names: list[str] = []
    for match in (_RESTRICTED_KIND if kinds else _RESTRICTED).finditer(quote):
        for group in _SEPARATOR.split(match.group(1) or match.group(2)):
            name = group.split()[-1]  # "Docker Team": the plan is the last name, the vendor's comes first
            if name not in names:
                names.append(name)
    return names


# Who gets what a page or a list describes, said without "only": a note that an offer is required ("An
# Enterprise account is required to use organizations"), a page addressed to an offer's customers ("If you're
# an Ably Enterprise customer, then you can…"), a list led by an offer ("Enterprise packages can include
# features such as:", "Pro package users also have access to the following features:"). An account names an
# offer only where the page names it as one too ("…with an Enterprise package"): "A GitHub account is
# required" names a login, not a plan.
_NAMES = rf"{_NAME}(?:\s+{_NAME})*"
_ACCOUNT_REQUIRED = re.compile(rf"\b({_NAMES})\s+(?i:accounts?)\s+(?:is|are)\s+required\b")
# A note that the thing "is available on" an offer: "2FA Enforcement is available on the Pro plan and above",
# or on a link to the offer's own page, "SAML SSO is available on [Railway Enterprise](/enterprise)".
_AVAILABLE = r"\b(?:is|are)\s+(?:only\s+)?available\s+(?:on|to|with|for|in)\s+(?i:the\s+)?"
_AVAILABLE_ON = re.compile(rf"{_AVAILABLE}{_NAMED_OFFER}")
_AVAILABLE_ON_NAME = re.compile(rf"{_AVAILABLE}({_NAMES})(?=[.,;:]|\s*$)")
# Or an upgrade to it: "IP allowlisting is an available upgrade to certain Enterprise plans".
_UPGRADE_TO = re.compile(rf"\b(?i:an?\s+(?:available\s+)?(?:paid\s+)?upgrade\s+(?:to|on|for)\s+"
                         rf"(?:certain\s+|some\s+|select\s+|the\s+)?)({_NAMES})\s+(?i:{_OFFER})\b")
# "If you're an Ably Enterprise customer, then you can…": a page addressed to an offer's customers.
_IF_CUSTOMER = re.compile(rf"\b(?i:if\s+you(?:'re|’re|\s+are)\s+an?)\s+({_NAMES})\s+(?i:customers?)\b")
_OFFERED_ON = re.compile(
    rf"\b({_NAMES})\s+(?i:{_OFFER})\s+(?:is|are)\s+required\b"
    rf"|\b(?i:(?:this|it)\s+is\s+an?)\s+({_NAMES})\s+(?i:feature|add-on|capability|option)\b"
    rf"|\b(?i:as\s+part\s+of\s+(?:an?|the|your))\s+({_NAMES})\s+(?i:{_OFFER})\b"
    rf"|{_IF_CUSTOMER.pattern}"
    rf"|(?:^|(?<=/>)|(?<=[.:!?]\s))\W*(?i:the\s+)?(?!(?i:every|all|each|any)\b)({_NAMED_OFFER})"
    rf"(?:\s+(?i:users|customers))?(?:\s+(?i:can|also|all))*\s+"
    rf"(?i:includes?|offers?|provides?|has|have|comes?\s+with|gets?)\b")


def offered_on(text: str, page: str = "", *, available: bool = True) -> list[str]:
    """The offers a page's note or a list's lead says the thing is for ("Enterprise"), or []; `page` is the
    text that must name an account's offer as one. `available=False` leaves out "… is available on the Pro
    plan", which in a page's long introduction is content, not a note on the page's scope."""
    text = plain(text)
    named = [m.group(1) or m.group(2) or m.group(3) or m.group(4) or _NAMED_PLANS.match(m.group(5)).group(1)
             for m in _OFFERED_ON.finditer(text)]
    offers = _offers_named(page)
    named += [m.group(1) for m in _ACCOUNT_REQUIRED.finditer(text) if m.group(1).split()[-1].lower() in offers]
    if available:
        named += [m.group(1) for m in _AVAILABLE_ON.finditer(text)]
        named += [m.group(1) for m in _UPGRADE_TO.finditer(text)]
        named += [m.group(1) for m in _AVAILABLE_ON_NAME.finditer(text) if _links_to_own_page(m.group(1), page)]
    return list(dict.fromkeys(group.split()[-1] for names in named for group in _SEPARATOR.split(names)))


def _links_to_own_page(names: str, page: str) -> bool:
    # "[Railway Enterprise](https://railway.com/enterprise)": the name links to a page of its own, an offer's.
    return bool(re.search(rf"\[{re.escape(names)}\]\([^)\s]*/{re.escape(names.split()[-1])}/?\)", page, re.I))


@functools.lru_cache(maxsize=256)
def _offers_named(page: str) -> frozenset[str]:
    # A page's lead is read passage by passage, and a page for every question it is cited for: read it once.
    return frozenset(name.lower() for name in _plans_in(plain(page)))


def asks_of_every_plan(question: str) -> bool:
    """The question asks whether something holds for every plan, tier or customer."""
    return bool(_EVERY_PLAN.search(question))


def names_a_plan(question: str, plans: list[str]) -> bool:
    """The question names one of these plans ("on the Team plan", "an Enterprise project")."""
    asked = {m.group(1).lower() for m in _ASKED_PLAN.finditer(question)}
    capitalised = set(re.findall(r"(?<=\s)[A-Z][\w-]*", question))
    return any(p.lower() in asked or p in capitalised for p in plans)


# What a note on availability speaks of: an offer ("Enterprise plans", "an available upgrade", "for
# customers who purchase…"). A page's opening sentence limits everything on the page only when it does;
# "to perform certain activities" or "the required and optional endpoints" describe the page's content.
# "Available" alone says where or when, not to whom: "GraphQL and Realtime APIs are available only in the personal
# workspace" opens Hoppscotch's workspace page and limited every answer from it.
_AVAILABILITY = re.compile(rf"\b(?:{_OFFER}|upgrades?|licen[cs]es?|purchase[sd]?|customers?|accounts?)\b", re.I)


def speaks_of_availability(text: str) -> bool:
    """Whether `text` says who the thing is offered to or on what terms (plans, upgrades, licences, customers)."""
    return bool(_AVAILABILITY.search(text))


_OFFER_WORDS = re.compile(rf"\b(?:{_OFFER}|upgrades?|licen[cs]es?|pricing|paid)\b", re.I)


def speaks_of_offers(text: str) -> bool:
    """Whether `text` speaks of what customers buy (plans, tiers, editions, licences, upgrades): a note that does
    limits by offer ("retention policies that scale with your plan"), not by what the thing is."""
    return bool(_OFFER_WORDS.search(text))


def asked_plans(question: str) -> set[str]:
    """The plans the question names ("on the Pro plan" → {"pro"}, "the free cloud plan" → {"free", "cloud"}),
    lower-cased."""
    entry = {m.group(1).lower() for m in (*_ASKED_ENTRY.finditer(question), *_ASKED_KIND_PLAN.finditer(question))}
    return ({m.group(1).lower() for m in _ASKED_PLAN.finditer(question)} | entry) - _NOT_A_PLAN


# An offer the question asks as its customer ("Can Pro customers keep…", "For Pro customers, …", "On a Pro
# subscription, …"): a capitalised name before an offer's word or its customers.
_ASKED_OFFER_NAME = re.compile(rf"\b([A-Z][\w-]*)\s+(?:{_OFFER}|customers?)\b")


def asked_offer_names(question: str) -> set[str]:
    """The capitalised offers the question asks about as its customer ({"Pro"}), as written."""
    return {m.group(1) for m in _ASKED_OFFER_NAME.finditer(question) if m.start() > 0} - {"On", "For", "As"}


def depends_on_plan(question: str, quotes: list[str]) -> list[str]:
    """The plans the deciding quotes limit the answer to, when the question leaves the plan open; else []."""
    plans = [p for quote in quotes if (plan_verdict(question, quote) or ("",))[0] != "met" for p in plan_limit(quote)]
    if not plans or asks_of_every_plan(question) or names_a_plan(question, plans):
        return []
    return list(dict.fromkeys(plans))


# The names SaaS vendors give their entry offer, below every paid one: general usage, not one vendor's list.
LOWEST_OFFERS = frozenset({"free", "hobby", "trial", "personal", "starter", "basic", "developer"})
# An entry offer named a word before its offer: "the free cloud plan", "the hobby team tier".
_ASKED_ENTRY = re.compile(rf"\b({'|'.join(sorted(LOWEST_OFFERS))})\s+[\w-]+\s+{_OFFER}\b", re.I)
# "and above", "or higher": the offers named are the lowest of several.
_AND_ABOVE = re.compile(r"\b(?:and|or)\s+(?:above|higher|greater|up\b(?!\s+to\b))\b", re.IGNORECASE)
# A passage cut into the pieces a plan can be named for: list items, bracketed notes, sentences.
_PIECES = re.compile(r"\s+[-*•]\s+|\n+|(?<=[.;!?])\s+")
_NAMED_PLANS = re.compile(_NAMED_OFFER)
_NAMED_KIND_PLANS = re.compile(_NAMED_KIND_OFFER)
# Words before "plan" that name no plan: "every plan", "our plan", "a paid plan".
_NOT_A_PLAN = frozenset("a an the this that these those our your my their its every all any each which what whatever "
                        "same current paid other another higher lower".split())


def _plans_in(piece: str, kinds: bool = False) -> list[str]:
    named = _NAMED_KIND_PLANS if kinds else _NAMED_PLANS
    return [group.split()[-1] for m in named.finditer(piece) for group in _SEPARATOR.split(m.group(1))]


def plan_verdict(question: str, text: str) -> tuple[str, list[str]] | None:
    """For a question that names a plan ("…on the Pro plan?"), whether the passage's plans include it.

    ("met", restrictions) when the piece naming the question's product (an item of a list of
    providers, say) or, failing one, the passage names it among its plans: the restrictions to plans
    ("only available … on the Enterprise plan", "(Enterprise plan only)") are then no limit on the
    answer. ("unmet", restrictions) when they restrict it to other plans. None when the question
    names no plan, the passage none, or the plans it names are not restricted."""
    asked = asked_plans(question)
    if not asked:
        return None
    text = plain(text)
    kinds = bool(_ASKED_KIND_PLAN.search(question))
    pieces = [p for p in _PIECES.split(text) if _plans_in(p, kinds)]
    names = [n for n in re.findall(r"(?<=\s)[A-Z][\w-]*", question) if n.lower() not in asked]
    focus = [p for p in pieces if any(re.search(rf"\b{re.escape(n)}\b", p) for n in names)] or pieces
    plans = {name.lower() for piece in focus for name in _plans_in(piece, kinds)}
    restrictions = [m.group(0) for m in (_RESTRICTED_KIND if kinds else _RESTRICTED).finditer(text)]
    if not plans:
        return None
    if asked & plans:
        return "met", restrictions
    # "The Team plan and above": Enterprise, the top of a vendor's offers, is above any; an entry offer (free,
    # hobby) below any but another entry offer; another plan's place is the vendor's order, for a reviewer.
    if _AND_ABOVE.search(text):
        if "enterprise" in asked:
            return "met", restrictions
        return ("unmet", restrictions) if asked & LOWEST_OFFERS and not plans & LOWEST_OFFERS else None
    # A plan named with a capital is the vendor's; "the free plan" is anyone's, and below every paid one.
    capitalised = {m.group(1).lower() for m in (*_ASKED_PLAN.finditer(question), *_ASKED_KIND_PLAN.finditer(question))
                   if m.group(1)[0].isupper()}
    capitalised |= asked & {"free"}
    restricted = any(plan_limit(piece, kinds) for piece in focus)
    return ("unmet", restrictions) if restricted and capitalised - _NOT_A_PLAN else None


def without_own_plan(question: str, text: str) -> str:
    """`text` read as prose (links as their words) without its restrictions to the plan the question names: those
    are no limit on the answer (see `plan_verdict`)."""
    verdict = plan_verdict(question, text)
    wording = plain(text)
    for restriction in verdict[1] if verdict and verdict[0] == "met" else []:
        wording = wording.replace(restriction, " ")
    return wording
