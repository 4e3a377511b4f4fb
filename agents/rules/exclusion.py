"""What a passage leaves out by name: "an annual full-scope pentest, excluding social engineering"
answers "Does the pentest include social engineering?" with no, where a question that does not
ask about social engineering reads the same words as a limit at most.
"""

from __future__ import annotations

import re

from ..text.terms import key_terms, matches

# "rather than" and "instead of" set one way aside for another: "Configure firewall rules by domain name
# rather than by IP address" answers "Can our firewall allow the service by IP addresses?" with no.
_EXCLUDING = re.compile(r"\b(?:excluding|except(?:\s+for)?|with the exception of|other than|but\s+not|rather\s+than|"
                        r"instead\s+of)\s+([^.;:,()]+)|"
                        # A name set aside in brackets: "Bitbucket Server (not Bitbucket Cloud)".
                        r"\(\s*(?:not|excluding|except)\s+([^().;:]+)\)", re.IGNORECASE)


def excluded_asked(question: str, text: str) -> str | None:
    """The phrase `text` excludes whose every term the question asks about, or that alone names a thing the question
    asks about (None when none)."""
    asked = set(key_terms(question))
    for match in _EXCLUDING.finditer(text):
        terms = key_terms(match.group(1) or match.group(2))
        if terms and (all(matches(t, asked) for t in terms) or _named_only_there(text, match, terms, asked)):
            return match.group(0).strip()
    return None


_SHORT = 5


def _named_only_there(text: str, match: re.Match[str], terms: list[str], asked: set[str]) -> bool:
    # "Assigns administrative capabilities except for Billing capabilities", asked "Can users with the Admin role manage
    # billing?": what is set aside names what the question asks of, and what it is set aside from does not, though it
    # names another word of the question. A short phrase only: a long one runs on past what is set aside (a list
    # with no stops).
    if len(terms) > _SHORT:
        return False
    start = max(text.rfind(".", 0, match.start()), text.rfind(";", 0, match.start())) + 1
    before = set(key_terms(text[start:match.start()]))
    only_there = [t for t in terms if matches(t, asked) and not matches(t, before)]
    return bool(only_there) and any(matches(t, asked) for t in before)


# A list introduced as what is left out: "The backup excludes:", "…are not covered by this policy:", "Not included:".
_LEFT_OUT_HEAD = re.compile(r"\b(?:excludes?|excluded|(?:is|are|does|do)\s+not\s+(?:include[sd]?|covered|cover|"
                            r"backed\s+up|back\s+up)|not\s+included)\b[^:.]{0,60}:\s*$", re.IGNORECASE)
# A heading saying its list is what is left out: "Out of scope", "Exclusions", "Not covered".
_LEFT_OUT_TITLE = re.compile(r"^\s*(?:out\s+of\s+scope|not\s+in\s+scope|exclusions?|excluded|not\s+covered|"
                             r"not\s+included)\b", re.IGNORECASE)
_ITEM_MARK = re.compile(r"\s+[-*+•]\s+|\s+\d{1,2}[.)]\s+")
# One item naming two things ("Third-party proxies or community forks") leaves out each.
_ALTERNATIVE = re.compile(r"\s+or\s+|,\s*", re.IGNORECASE)


def left_out_item(question: str, text: str, list_head: str = "") -> str | None:
    """The item of a list of what is left out ("The backup excludes: - Log files") whose every term the question
    asks about; `text` is the whole list, or one item with its list's `list_head`. None when there is none."""
    if list_head and (_LEFT_OUT_HEAD.search(list_head.rstrip()) or _LEFT_OUT_TITLE.match(list_head)):
        items = [text]
    else:
        head, _, rest = text.partition(":")
        if not rest or not _LEFT_OUT_HEAD.search(head + ":"):
            return None
        items = [item for item in _ITEM_MARK.split(" " + rest) if item.strip()]
    asked = set(key_terms(question))
    for item in items:
        for thing in _ALTERNATIVE.split(re.sub(r"\([^)]*\)", " ", item)):
            terms = key_terms(thing)
            if terms and all(matches(t, asked) for t in terms):
                return item.strip(" .;")
    return None
