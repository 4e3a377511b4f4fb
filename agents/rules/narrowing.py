"""How a passage narrows a question asked of *all*, *every* or *any* thing.

- A narrower kind of what the question quantifies (`restricted_scope`): "all high risk
  third-parties" for "all providers", "a Docker Business subscription" or "Enterprise and Mission
  Critical accounts" for "every plan", "the Account Owner or Global Administrator role" for "every
  user".
- A leading scope clause: "For organizations using PostHog Cloud EU, IP capture is disabled by
  default" answers "…in every hosting region?" for one region only.
- A table row whose columns differ: "| Errors | 30 days | 90 days | 90 days |" answers "retained
  for 90 days on every plan?" for some plans only.
- A way to turn it off: "Use `--no-encryption` to create an unencrypted volume" answers "encrypted on
  every volume?" for those left as they are by default.
- "some" of the thing quantified: "rate limits on some endpoints" answers "every … endpoint?".

Each makes the answer "Partially Supported" (a leading scope clause unless the question names that
scope itself).
"""

from __future__ import annotations

import re

from ..text.question_form import is_universal
from ..text.terms import key_terms, matches, stem

# The phrase quantified ends where its verb starts: "every project get a deploy key of its own" quantifies projects,
# not the keys they get.
_QUANTIFIED = re.compile(r"\b(?:all|every|each)\s+((?:[\w-]+\s+){0,5}?[\w-]+?)(?=\s*(?:[,.;:()?!]|$|\s(?:of|in|for|with|that|"
                         r"which|who|to|from|on|at|by|are|is|be|will|shall|must|should|have|has|were|was|get|gets|"
                         r"receive|receives|can|could|may|might|need|needs|do|does)\b))", re.I)
_DETERMINERS = frozenset("the our its their other such these those of and or".split())
_QUANTIFIERS = frozenset({"all", "every", "each"})


# A thing named by the capitalised names before it ("a Docker Business subscription", "the Enterprise
# plan"): a kind of that thing, as a plan, tier or edition is.
_NAMED_KIND = re.compile(r"\b(?:a|an|the)\s+((?:[A-Z][\w-]*\s+){1,3}[a-z][\w-]+)\b")


def _quantified(text: str) -> list[list[str]]:
    """The noun phrases a text quantifies universally ("all high risk third-parties"), as words."""
    return [m.group(1).split() for m in _QUANTIFIED.finditer(text)]


def _kinds(text: str) -> list[list[str]]:
    """The noun phrases a text narrows by name ("a Docker Business subscription", "Enterprise and
    Mission Critical accounts"), as words."""
    return [m.group(1).split() for pattern in (_NAMED_KIND, _NAMED_TIERS) for m in pattern.finditer(text)]


# Customers on named plans, said as the plan's customers or accounts ("offered for Enterprise and Mission
# Critical accounts"): the same kind as the plan, tier or subscription a question asks about.
_TIER_WORDS = "plans?|tiers?|subscriptions?|editions?|packages?|accounts|customers|roles?"
_NAMED_TIERS = re.compile(rf"((?:[A-Z][\w-]*\s+(?:(?:and|or)\s+)?){{1,4}}(?:{_TIER_WORDS}))\b")
_TIER_STEMS = frozenset(stem(w) for w in "plan tier subscription edition package account customer".split())
# Users holding named roles ("the Account Owner or Global Administrator role") for a question about every user.
_ROLE_STEMS = frozenset(stem(w) for w in "role user member person".split())


def _same_kind(head_terms: list[str], scopes: set[str]) -> bool:
    """Whether a phrase's head names what the question quantifies: the same word, or both words for a
    plan and who is on it (a plan, a tier, a subscription, its accounts, its customers)."""
    if all(matches(t, scopes) for t in head_terms):
        return True
    return any(set(head_terms) <= kind and bool(scopes & kind) for kind in (_TIER_STEMS, _ROLE_STEMS))


# "All team members" are all members: the word says whose colleagues they are, not which of them.
_COLLEAGUES = frozenset({"team"})


def restricted_scope(question: str, text: str) -> str | None:
    """A limit on a universally asked scope: the question asks about *all* third parties,
    the text speaks of "all high risk third-parties". Returns the restricting phrase."""
    if not is_universal(question):
        return None
    asked = set(key_terms(question))
    scopes = {t for phrase in _quantified(question) for t in key_terms(" ".join(phrase))}
    narrower = None
    for phrase in [*_quantified(text), *_kinds(text)]:
        # "every configuration change and every read": the last quantifier's own phrase.
        phrase = phrase[max((i + 1 for i, w in enumerate(phrase) if w.lower() in _QUANTIFIERS), default=0):] or phrase
        # "all data plane traffic and TLS …": the words before an "and" are a phrase of their own too.
        for words in _and_parts(phrase):
            head, modifiers = words[-1], [w for w in words[:-1] if w.lower() not in _DETERMINERS]
            head_terms = key_terms(head)
            if not modifiers or not head_terms or not _same_kind(head_terms, scopes):
                continue
            if head_terms[0] in _ROLE_STEMS:
                modifiers = [w for w in modifiers if w.lower() not in _COLLEAGUES]
            if not any(any(not matches(t, asked) for t in key_terms(w)) for w in modifiers):
                # The scope asked is said too: "all data plane traffic and … all control plane traffic" covers it.
                return None
            narrower = narrower or " ".join(words)
    return narrower


def _and_parts(phrase: list[str]) -> list[list[str]]:
    """The phrase, and the words before its first "and" or "or" when there are some."""
    cut = next((i for i, w in enumerate(phrase) if w.lower() in ("and", "or")), None)
    return [phrase, phrase[:cut]] if cut else [phrase]


# Who a scope clause is about says nothing of which ones: "For organizations using the EU cloud" is the EU cloud.
_WHO = frozenset({"organiz", "use", "custom", "user", "account", "team", "tenant", "client", "member", "peopl", "anyon"})
# Openings that link sentences, not scopes: "In addition, all data is encrypted" holds for all data; "On top of
# spreading service's nodes across the availability zones…, Aiven … balances replicas" adds to what it names.
_DISCOURSE = re.compile(r"(?:addition|general|example|instance|practice|short|summary|fact|contrast|turn|other words|"
                        r"the meantime|the end|the past|this case|that case|more information|more details?|details?|"
                        r"reference|convenience|simplicity|now|the most part|top of\b.*|that out of the way|"
                        r"particular|brief|total|sum|essence|theory|principle|any case|either case|both cases)\s*$",
                        re.IGNORECASE)
_WAY_OUT = re.compile(r"--no-[\w-]+|\b(?:opt(?:s|ed)? out|opt-out|turn(?:ed|s)? (?:it |them )?off|"
                      r"switch(?:ed|es)? (?:it |them )?off)\b", re.IGNORECASE)
_LEADING_SCOPE = re.compile(r"^\W*(?:for|on|in|with|under|within)\s+([^,.;:]{3,80}),", re.IGNORECASE)


def narrowing(question: str, text: str) -> str | None:
    """The phrase that narrows a universally asked question, or None."""
    if not is_universal(question):
        return None
    return _leading_scope(question, text) or _uneven_row(text) or _way_out(text) or _some_only(question, text)


_SOME = re.compile(r"\bsome\s+(?:of\s+(?:the|its|our|your|their)\s+)?([a-z][\w-]*)", re.IGNORECASE)


def _some_only(question: str, text: str) -> str | None:
    """"some" of what the question asks of all ("rate limits on some endpoints" for "every … endpoint"), in a
    passage saying at least half of what the question asks (not rate limits cited beside HTTPS on every endpoint)."""
    asked = {stem(word) for words in _quantified(question) for word in words}
    terms = set(key_terms(question))
    if not terms or len(terms & set(key_terms(text))) * 2 < len(terms):
        return None
    return next((m.group(0) for m in _SOME.finditer(text) if stem(m.group(1)) in asked), None)


def _way_out(text: str) -> str | None:
    """A way to turn the thing off ("Use `--no-encryption` to create an unencrypted volume"): it holds by
    default, not for every one."""
    match = _WAY_OUT.search(text)
    return match.group(0) if match else None


def _leading_scope(question: str, text: str) -> str | None:
    match = _LEADING_SCOPE.match(text)
    if not match or _DISCOURSE.match(match.group(1)):
        return None
    asked = set(key_terms(question))
    scope = [t for t in key_terms(match.group(1)) if t not in _WHO]
    return match.group(0).rstrip(",") if any(not matches(t, asked) for t in scope) else None


def _uneven_row(text: str) -> str | None:
    if "\n" in text.strip() or text.count("|") < 2:
        return None
    cells = [c.strip() for c in text.strip().strip("|").split("|")]
    values = [c for c in cells[1:] if c]  # the first cell names the row
    return text.strip() if len(values) >= 2 and len(set(values)) > 1 and _alike(values) else None


def _alike(values: list[str]) -> bool:
    """Cells that give one thing for several columns (plans, tiers): all numbers, or all yes/no marks.
    A row of different attributes ("US | Iowa, USA") is not one value varying."""
    if all(any(ch.isdigit() for ch in v) for v in values):
        return True
    return all(v.strip("*_ ").lower() in _MARKS for v in values)


_MARKS = frozenset({"yes", "no", "✓", "✗", "✔", "✘", "✅", "❌", "true", "false", "n/a", "none", "full", "partial",
                    "limited", "available", "not available", "included", "not included", "supported", "not supported"})
