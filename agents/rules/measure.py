"""A question that measures in words ("a short period", "regularly", "promptly"), answered by a
passage that measures in figures ("valid for 20 years", "every 24 hours"); or one that asks for a
figure ("at least 30 days", "a team of 20 people", "every quarter") answered by a passage whose figures
of that kind do not meet it ("retained for seven days", "up to 5 users", "annual penetration tests").

Whether 20 years is short, or a yearly review regular, is not in the documentation: it is the
asker's yardstick, and a person on the deal knows it. "Do API access tokens expire after a short
period by default?" was answered "Fully Supported" from "Tokens are valid for 20 years by default"
because the passage speaks of expiry by default. Such an answer goes to a reviewer, with the
figure the passage gives. A question asking for the figure itself ("How quickly…?", "How long…?")
is answered by it and is not this kind, nor is the part of a question that asks for it ("Do you keep
audit logs, and how long are they retained?"). The words are general English for an unstated amount of
time or frequency, not wording read off a vendor.

So does a number of things over the most a passage allows ("50 webhooks" against "Up to 20 webhooks").
A figure the passages do not meet answers the question "Not Supported" (`synthesis.status`): "retained
for seven days" beside "at least 30 days?" had been answered "Yes." (NetBird's traffic logs); on
seventeen sets every answer with such a figure was labelled "Not Supported" (9 of 9, and 3 of 3 in the
first runs). A passage may still give the figure for something else, so it goes to a reviewer with both.
A word measure ("a short period") is not read as a denial: "regularly" may well mean "every 90 days".
The other way round, a figure asked ("at least every quarter", "within 24 hours") where the passages only
say "periodically" or "promptly" is not stated: "Not Supported", as a near-miss the documents do not answer
(Appwrite's first run had answered the quarterly pen test "Fully Supported").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..text.quantities import FREQUENCY, PERIOD, Amount, amounts, intervals
from ..text.question_form import is_yes_no
from ..text.terms import key_terms

# An amount of time or a frequency left to the reader's yardstick; not "how long…" (which asks for the
# figure) nor "as long as" (a condition).
_VAGUE = re.compile(r"(?<!\bhow )(?<!\bas )\b(?:short|shortly|long|lengthy|brief|quick(?:ly)?|prompt(?:ly)?|"
                    r"rapid(?:ly)?|timely|regular(?:ly)?|frequent(?:ly)?|periodic(?:ally)?|soon|as soon as|"
                    r"immediately|in good time)\b", re.IGNORECASE)
# A figure: "20 years", "within 72 hours", "every 30 days", "daily", "once a year".
_FIGURE = re.compile(f"{PERIOD}|{FREQUENCY}", re.IGNORECASE)


def judged_measure(question: str, quotes: list[str]) -> tuple[str, str] | None:
    """The question's word or figure for an amount and the cited quotes' figure, when a yes/no question
    measures in words and a quote in figures, or asks for a figure the quotes' figures of its kind do not
    meet; else None."""
    if not is_yes_no(question):
        return None
    vague = _VAGUE.search(question)
    if vague is None:
        return unmet_figure(question, quotes) or over_maximum(question, quotes) or under_minimum(question, quotes)
    figure = next((m.group() for q in quotes for m in [_FIGURE.search(q)] if m), None)
    return (vague.group().lower(), figure) if figure else None


# A word for a frequency or a delay that settles no figure: "immediately" meets any, so it is not one.
_UNSTATED = re.compile(r"\b(?:regular(?:ly)?|periodic(?:ally)?|frequent(?:ly)?|prompt(?:ly)?|timely|in a timely manner|"
                       r"from time to time|as needed)\b", re.IGNORECASE)


def unstated_figure(question: str, quotes: list[str]) -> tuple[str, str] | None:
    """The question's figure and the quotes' word for it, when a yes/no question asks for a figure ("at least
    every quarter", "within 24 hours") and the quotes give none of its kind, only a word ("periodically",
    "promptly"): the documents do not say the figure is met; else None."""
    if not is_yes_no(question):
        return None
    for asked in [a for a in [*amounts(question), *intervals(question)] if a.kind in ("time", "interval")]:
        if any(a.kind == asked.kind for q in quotes for a in [*amounts(q), *intervals(q)]):
            continue
        word = next((m.group() for q in quotes for m in [_UNSTATED.search(q)] if m), None)
        if word:
            return asked.text, word
    return None


# A number of things: "50 webhooks"; and the most a passage allows of them: "Up to 20 webhooks".
_COUNT = re.compile(r"\b(\d[\d,]*)\s+([a-z][\w-]*)", re.IGNORECASE)
_MAXIMUM = r"\b(?:up to|at most|a maximum of|maximum of|max\.?|no more than|limited to)\s+(\d[\d,]*)\s+{noun}\b"


# No number at all: "an unlimited number of targets", "as many members as we need".
_UNLIMITED = re.compile(r"\b(?:(?:an?\s+)?unlimited(?:\s+number\s+of)?|any\s+number\s+of|as\s+many)\s+([a-z][\w-]*)",
                        re.IGNORECASE)


def over_maximum(question: str, quotes: list[str]) -> tuple[str, str] | None:
    """The question's number of things and the quotes' maximum of them, when the question asks for more
    ("50 webhooks" against "Up to 20 webhooks", "an unlimited number of targets" against "a maximum of 100
    target specifiers"); else None."""
    for asked in _UNLIMITED.finditer(question):
        most = next(_maxima(asked.group(1), quotes), None)
        if most:
            return asked.group(0), most.group(0)
    for asked in _COUNT.finditer(question):
        for most in _maxima(asked.group(2), quotes):
            if _number(asked.group(1)) > _number(most.group(1)):
                return asked.group(0), most.group(0)
    return None


# The noun named first in the clause, the maximum after with no noun of its own: "how many previous
# passwords to remember, up to a maximum of 20, and block…".
_MAXIMUM_AFTER = (r"\b{noun}\b[^.;:!?]{{0,60}}?\b(?:up to|at most|a maximum of|maximum of|no more than|limited to)\s+"
                  r"(\d[\d,]*)(?!\s*[\w%])")


def _maxima(noun: str, quotes: list[str]) -> Iterator[re.Match[str]]:
    """The quotes' maxima of `noun` ("Up to 20 webhooks", "passwords to remember, up to a maximum of 20"
    for "webhooks", "passwords"), in order."""
    noun = re.escape(noun.rstrip("s")) + "s?"
    patterns = [re.compile(form.format(noun=noun), re.IGNORECASE) for form in (_MAXIMUM, _MAXIMUM_AFTER)]
    return (most for quote in quotes for pattern in patterns for most in pattern.finditer(quote))


# Fewer of a thing than the least a passage allows: "shorter than 22 characters" against "at least 22 characters in
# length", "more often than every 30 days" against "The shortest value allowed for this parameter is 30 days".
_BELOW = re.compile(r"\b(?:(?:shorter|fewer|less|lower|smaller)\s+than|under|below|"
                    r"more\s+often\s+than\s+(?:once\s+)?every)\s+(\d[\d,]*)\s+([a-z][\w-]*)", re.IGNORECASE)
_MINIMUM = (r"\b(?:at least|a minimum of|minimum of|no fewer than|no less than|not less than)\s+(\d[\d,]*)\s+{noun}\b"
            r"|\b(?:shortest|minimum|smallest|lowest|least)\b[^.;:!?]{{0,60}}?\bis\s+(\d[\d,]*)\s+{noun}\b")


def under_minimum(question: str, quotes: list[str]) -> tuple[str, str] | None:
    """The question's number of things and the quotes' least of them, when the question asks for fewer, or as few
    ("shorter than 22 characters" against "at least 22 characters"); else None."""
    for asked in _BELOW.finditer(question):
        noun = re.escape(asked.group(2).rstrip("s")) + "s?"
        pattern = re.compile(_MINIMUM.format(noun=noun), re.IGNORECASE)
        for least in (m for quote in quotes for m in pattern.finditer(quote)):
            if _number(asked.group(1)) <= _number(least.group(1) or least.group(2)):
                return asked.group(0), least.group(0)
    return None


def _number(digits: str) -> float:
    return float(digits.replace(",", ""))


def unmet_figure(question: str, quotes: list[str]) -> tuple[str, str] | None:
    """The question's figure and the quotes' first figure of its kind, when the quotes give figures of that
    kind (a period, a number of people) and none of them meets it; else None. Only the quotes giving such a figure that
    name most of the question's other words are read (`_closest`). In a list whose items give a
    figure each ("Daily - kept for 6 days", "Weekly - kept for 1 month"), the figures read are those of
    the item the question names, or of every item when the one it names gives none of that kind ("10 personal
    access tokens per user" names the question's "personal token"; "maximum duration of 12 months" is its period)."""
    for asked in [*amounts(question), *intervals(question)]:
        words = set(key_terms(question.replace(asked.text, " ")))
        measured = _closest([q for q in quotes if _figures(q, asked.kind)], words)
        given = ([a for q in measured for item in _named_items(q, words) for a in _figures(item, asked.kind)]
                 or [a for q in measured for a in _figures(q, asked.kind)])
        if given and not any(asked.meets(a) for a in given):
            return asked.text, given[0].text
    return None


def _closest(quotes: list[str], words: set[str]) -> list[str]:
    # The quotes naming most of the question's other words: a figure in a passage on something else ("a generous 30
    # days of retention" beside "delete … within sixty (60) days following termination") measures that, not this.
    overlap = [len(words & set(key_terms(q))) for q in quotes]
    return [q for q, n in zip(quotes, overlap) if n == max(overlap)] if quotes else []


def _figures(text: str, kind: str) -> list[Amount]:
    return [a for a in [*amounts(text), *intervals(text)] if a.kind == kind]


_ITEM = re.compile(r"\s+[-*•]\s+|\s+\d+[.)]\s+")


def _named_items(quote: str, words: set[str]) -> list[str]:
    # The items naming a word of the question no other item names; the whole quote when none does or it is
    # no list. A piece of a few words is an item's label ("**Daily** - Backed up…"): it goes with the next.
    items: list[str] = []
    for piece in _ITEM.split(quote):
        if items and len(items[-1].split()) <= 3:
            items[-1] = f"{items[-1]} {piece}"
        else:
            items.append(piece)
    if len(items) < 3:
        return [quote]
    terms = [set(key_terms(item)) for item in items]
    named = [item for item, own in zip(items, terms)
             if any(word in own and sum(word in other for other in terms) == 1 for word in words)]
    return named or [quote]
