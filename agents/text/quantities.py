"""How documentation writes an amount of time: a period ("20 years", "within 72 hours", "3 business
days") or a frequency ("daily", "once a year"). Read by the how-long rule (`judging.support`) and by
the rule on questions that measure in words (`rules.measure`). `amounts` reads a period or a number of
people ("seven days", "up to 5 users") as a value that can be compared with another, `intervals` how often
("annual", "every quarter")."""

from __future__ import annotations

import re
from dataclasses import dataclass

_WORDS = {w: n for n, w in enumerate("zero one two three four five six seven eight nine ten eleven twelve".split())}
_WORDS |= {"fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50, "sixty": 60, "ninety": 90,
           "hundred": 100}
# "a full year", "an entire month": one, said so that it is not read as "once a year".
_ONE_WHOLE = {"a full": 1, "a whole": 1, "an entire": 1, "one full": 1, "one whole": 1}
_WORDS |= _ONE_WHOLE
# A number in digits or in words ("seven days" is as much a period as "7 days").
_NUMBER = r"(?:\d+(?:[.,]\d+)?|" + "|".join(sorted(_WORDS, key=len, reverse=True)) + ")"
PERIOD = (rf"\b{_NUMBER}[\s-]*(?:business\s+days?|seconds?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?|"
          r"years?)\b")
FREQUENCY = (r"\b(?:hourly|daily|nightly|weekly|fortnightly|monthly|quarterly|annually|yearly|semi-annually|"
             r"biannually)\b|\bonce (?:a|an|per|every) \w+")

# Hours in each unit of time: what makes "12 months" the same as "1 year".
_HOURS = {"second": 1 / 3600, "sec": 1 / 3600, "minute": 1 / 60, "min": 1 / 60, "hour": 1, "hr": 1, "h": 1,
          "day": 24, "business day": 24, "week": 168, "month": 730, "year": 8760}
_UNIT = (r"business\s+days?|seconds?|secs?|minutes?|mins?|hours?|hrs?|h|days?|weeks?|months?|years?|"
         r"users?|persons?|people|members?|seats?|employees?|admins?|administrators?")
# A contract writes the number twice: "within sixty (60) days", "ten (10) calendar days".
_AMOUNT = re.compile(rf"\b({_NUMBER})(?:\s*\(\d+\))?[\s-]*(?:calendar\s+)?({_UNIT})\b", re.IGNORECASE)
# What the question allows: "at least 30 days" is met by 90 days, "within 72 hours" by 24 hours.
_AT_LEAST = re.compile(r"(?:at least|a minimum of|minimum of|no less than|no fewer than)\s*$", re.IGNORECASE)
# "More than three days" is not met by three days.
_OVER = re.compile(r"(?<!\bno )(?<!\bnot )(?:more than|over|longer than)\s*$", re.IGNORECASE)
_AT_MOST = re.compile(r"(?:at most|a maximum of|maximum of|up to|within|less than|under|not? more than|"
                      r"not? longer than|shorter than|fewer than)\s*$", re.IGNORECASE)


@dataclass(frozen=True)
class Amount:
    """An amount as written ("seven days"), its value in the kind's unit (hours, or people) and its kind."""

    text: str
    value: float
    kind: str  # "time" or "people"
    bound: str = ""  # "at least", "over" (strictly more) or "at most" when the words before it say so

    def meets(self, other: Amount) -> bool:
        """Whether `other`, of the same kind, is what this amount asks for (within its bound; a month is
        30 days to within 5 %)."""
        if self.bound == "at least":
            return other.value >= self.value * 0.95
        if self.bound == "over":
            return other.value > self.value
        if self.bound == "at most":
            return other.value <= self.value * 1.05
        return abs(other.value - self.value) <= 0.05 * self.value


# Days written short in a table of figures: "Postgres: 7d retention". Lower case and digits only: "3D Secure"
# is no period.
_SHORT_DAYS = re.compile(r"\b(\d+)d\b")


# One of a unit after a bound, said with the article: "at least a week's notice", "for more than a day". Only after a
# bound: "once a year" is how often, and "a user" counts nothing.
_BOUNDED_ONE = re.compile(r"\b(?:at least|a minimum of|more than|over|longer than|no less than|at most|up to|within|"
                          r"less than|under|no more than|no longer than|shorter than)\s+(an?)\s+"
                          r"(business\s+day|second|minute|hour|day|week|month|year)\b", re.IGNORECASE)


# How far ahead: "schedule messages a month ahead", "30 days in advance". Asked, it is the least that must be
# allowed ("up to one week in advance" does not meet a month; "up to 90 days" does), when no bound is said.
_AHEAD = r"(?:['’]s?)?(?:\s+(?:of\s+)?notice)?\s+(?:ahead|in\s+advance|beforehand)\b"
_ONE_AHEAD = re.compile(rf"\b(an?)\s+(business\s+day|second|minute|hour|day|week|month|year)(?={_AHEAD})",
                        re.IGNORECASE)
_IS_AHEAD = re.compile(_AHEAD, re.IGNORECASE)


# Time without end: "Is the report kept indefinitely?" is met by no figure ("available … for 7 days"). Not
# "permanently", which says how ("permanently deleted"), not how long.
_ENDLESS = re.compile(r"\b(?:indefinitely|forever|in\s+perpetuity|"
                      # "Do user sessions stay open with no time limit?"
                      r"(?:with\s+no|without\s+(?:a|any))\s+(?:time\s+limit|expiry|expiration|end\s+date))\b",
                      re.IGNORECASE)


def amounts(text: str) -> list[Amount]:
    """Every period and number of people in a text, in order."""
    found = []
    for match in _AMOUNT.finditer(text):
        number, unit = re.sub(r"\s+", " ", match.group(1).lower()), re.sub(r"\s+", " ", match.group(2).lower())
        value = _count(number)
        kind, scale = _kind(unit)
        bound = _bound(text, match.start()) or ("at least" if _IS_AHEAD.match(text, match.end()) else "")
        found.append((match.start(), Amount(match.group(0), value * scale, kind, bound)))
    for match in _SHORT_DAYS.finditer(text):
        found.append((match.start(), Amount(match.group(0), float(match.group(1)) * _HOURS["day"], "time",
                                            _bound(text, match.start()))))
    for match in _ENDLESS.finditer(text):
        found.append((match.start(), Amount(match.group(0), float("inf"), "time", "at least")))
    for match in _BOUNDED_ONE.finditer(text):
        unit = re.sub(r"\s+", " ", match.group(2).lower())
        found.append((match.start(1), Amount(f"{match.group(1)} {match.group(2)}", _kind(unit)[1], "time",
                                             _bound(text, match.start(1)))))
    for match in _ONE_AHEAD.finditer(text):
        if not _bound(text, match.start()):  # "at least a week in advance" is read above
            found.append((match.start(), Amount(match.group(0), _kind(match.group(2).lower())[1], "time", "at least")))
    return [amount for _, amount in sorted(found, key=lambda pair: pair[0])]


def _bound(text: str, start: int) -> str:
    before = text[max(0, start - 30):start]
    if _OVER.search(before):
        return "over"
    return "at least" if _AT_LEAST.search(before) else "at most" if _AT_MOST.search(before) else ""


def _kind(unit: str) -> tuple[str, float]:
    singular = "business day" if unit.startswith("business") else unit if unit in ("people", "h") else unit.rstrip("s")
    if singular in _HOURS:
        return "time", _HOURS[singular]
    return "people", 1.0


# How often, as the hours between two times: "annual", "every quarter", "twice a year", "every other week".
_EVERY_WORD = {"hourly": 1, "daily": 24, "nightly": 24, "weekly": 168, "fortnightly": 336, "monthly": 730,
               "quarterly": 2190, "semi-annually": 4380, "semiannually": 4380, "biannually": 4380, "annually": 8760,
               "annual": 8760, "yearly": 8760}
_PER_UNIT = _HOURS | {"quarter": 2190}
_INTERVAL_UNIT = r"seconds?|minutes?|hours?|days?|business\s+days?|weeks?|months?|quarters?|years?"
_EVERY = re.compile(rf"\b(?:every|each)\s+(other\s+)?(?:({_NUMBER})\s+)?({_INTERVAL_UNIT})\b"
                    rf"|\b(once|twice|{_NUMBER}\s+times)\s+(?:a|an|per|every|each)\s+({_INTERVAL_UNIT})\b"
                    rf"|\b({'|'.join(_EVERY_WORD)})\b"
                    # More than once in a unit, however many: "several times a year" is at least twice.
                    rf"|\b(?:several|multiple|many|a\s+few)\s+times\s+(?:a|an|per|every|each)\s+({_INTERVAL_UNIT})\b"
                    rf"|(?<!\bno\s)\bmore\s+than\s+once\s+(?:a|an|per|every|each)\s+({_INTERVAL_UNIT})\b",
                    re.IGNORECASE)


def intervals(text: str) -> list[Amount]:
    """Every "how often" of a text as the hours between two times ("every quarter" 2190, "annual" 8760), bound
    "at most": what is done more often does what is asked."""
    found = []
    for match in _EVERY.finditer(text):
        other, count, unit, times, per, word, several, more = match.groups()
        if several or more:
            hours = _unit_hours(several or more) / 2
        elif word:
            hours = float(_EVERY_WORD[word.lower()])
        elif unit:
            hours = _unit_hours(unit) * _count(count) * (2 if other else 1)
        else:
            hours = _unit_hours(per) / _times(times)
        found.append(Amount(match.group(0), hours, "interval", "at most"))
    return found


def _unit_hours(unit: str) -> float:
    unit = re.sub(r"\s+", " ", unit.lower())
    return _PER_UNIT["business day" if unit.startswith("business") else unit.rstrip("s")]


def _times(times: str) -> float:
    times = times.lower()
    return {"once": 1.0, "twice": 2.0}.get(times) or _count(times.split()[0])


def _count(number: str | None) -> float:
    if not number:
        return 1.0
    number = number.lower()
    return float(_WORDS[number]) if number in _WORDS else float(number.replace(",", ""))
