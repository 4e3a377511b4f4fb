"""Denials said as the opposite of what is asked, with no negation: HTTPS required where plain HTTP is asked, still
working where stopping is asked, the other of two preferred, only after where before is asked."""

from __future__ import annotations

import re

from ...text.terms import key_terms, matches
from .wording import EMPHASIS

# Asked whether plain, unencrypted HTTP will do ("Is plain HTTP allowed for the return address…?", "Can our endpoint
# use plain HTTP?"), a passage requiring HTTPS says no ("Return URLs for live services must use HTTPS", "your redirect
# URIs must be secure (HTTPS)", an item "Be publicly accessible with HTTPS," under "The URL must:").
_ASKS_HTTP = re.compile(r"\b(?:plain|unencrypted|insecure|non-TLS)\s+HTTP\b|\bhttp://|\bover\s+HTTP\b(?!S)",
                        re.IGNORECASE)
_REQUIRES_HTTPS = re.compile(r"\b(?:must|required?|requires|only|need\s+to|needs\s+to)\b[^.;]{0,60}?\bHTTPS\b"
                             r"|\bHTTPS\b[^.;]{0,30}?\b(?:is\s+)?(?:required|mandatory|only)\b", re.IGNORECASE)
_WITH_HTTPS = re.compile(r"\b(?:with|over|via|use|using)\s+HTTPS\b", re.IGNORECASE)
_MUST = re.compile(r"\b(?:must|required|requires|need\s+to)\b", re.IGNORECASE)


def https_only(question: str, text: str, lead: str = "") -> str | None:
    """The phrase of `text` requiring HTTPS (or, in an item under a lead that says "must", using it), for a question
    asking whether plain HTTP will do; else None."""
    if not _ASKS_HTTP.search(question):
        return None
    found = _REQUIRES_HTTPS.search(text) or (_WITH_HTTPS.search(text) if _MUST.search(lead) else None)
    return found.group(0) if found else None


# Asked whether it stops working ("Does an integration stop working once its certificate expires?"), a passage saying
# it carries on ("integrations with expired certificates continue to function") says no.
_ASKS_STOP = re.compile(r"\b(?:stops?|ceases?|quits?)\s+(?:working|functioning|running|to\s+work|to\s+function)\b"
                        r"|\bbreaks?\b|\bstops?\s+being\s+(?:valid|accepted)\b", re.IGNORECASE)
_CARRIES_ON = re.compile(r"\b(?:continues?|keeps?|goes\s+on|remains?\s+able)\s+(?:to\s+)?(?:function|work|operate|run|"
                         r"be\s+(?:valid|accepted))(?:ing)?\b", re.IGNORECASE)


def keeps_working(question: str, text: str) -> str | None:
    """The clause of `text` saying that what a question asking whether it stops working names carries on (a word
    of the question in that clause); else None."""
    if not _ASKS_STOP.search(question):
        return None
    asked = set(key_terms(question))
    for clause in re.split(r"[;.]|,\s*(?:and|but)\s+", EMPHASIS.sub(r"\2", text)):
        found = _CARRIES_ON.search(clause)
        if found and any(matches(term, asked) for term in key_terms(clause[:found.start()])):
            return clause.strip()
    return None


# Asked whether one is preferred to another ("Do you recommend SAML over OIDC?"), a passage preferring them the other
# way round ("We strongly recommend choosing OpenID Connect (OIDC) over SAML") says no.
_PREFERS = re.compile(r"\b(?:recommend|recommends|recommended|prefer|prefers|preferred|advise|advises|suggest|"
                      r"suggests)\s+(?:(?:choosing|using|picking|selecting)\s+)?(?P<one>[^.;?]{1,80}?)\s+over\s+"
                      r"(?P<other>[^.;?,]{1,60})", re.IGNORECASE)


def preferred_instead(question: str, text: str) -> str | None:
    """The phrase of `text` preferring the other of the two things a question asks whether one is preferred to;
    else None."""
    asked = _PREFERS.search(question)
    if asked is None:
        return None
    one, other = set(key_terms(asked.group("one"))), set(key_terms(asked.group("other")))
    for said in _PREFERS.finditer(EMPHASIS.sub(r"\2", text)):
        first, second = set(key_terms(said.group("one"))), set(key_terms(said.group("other")))
        if one & second and other & first and not one & first:
            return said.group(0)
    return None


# Asked whether it happens before something ("Is a write confirmed to our application before it is durably stored?"),
# a passage saying it happens only once that is done ("Commits are only acknowledged once data is safely stored")
# says no.
_ASKS_BEFORE = re.compile(r"\bbefore\s+([^?.;]+)", re.IGNORECASE)
_ONLY_AFTER = re.compile(r"\bonly\s+(?:[\w-]+\s+){0,3}?(?:once|after|when)\s+([^.;]+)", re.IGNORECASE)


def only_after(question: str, text: str) -> str | None:
    """The phrase of `text` saying it happens only once (after) what a question asking whether it happens before
    names (a word of it in common); else None."""
    asked = _ASKS_BEFORE.search(question)
    if asked is None:
        return None
    before = set(key_terms(asked.group(1)))
    for found in _ONLY_AFTER.finditer(EMPHASIS.sub(r"\2", text)):
        if any(matches(term, before) for term in key_terms(found.group(1))):
            return found.group(0).strip()
    return None
