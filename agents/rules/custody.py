"""Who holds it, or does it: a question asking whether the customer holds, manages or controls something ("Can we
hold the encryption keys … ourselves?", "Can we supply and manage our own keys?") is answered "no" by a
passage in which the vendor does ("Buildkite manages the keys used to encrypt and decrypt these
secrets"). Word matching finds the keys and the managing and reads it as yes; whose act it is decides.

The actor is read from the words before the verb: a capitalised name or "we" in the documentation's
voice is the vendor; "you", "your", "customers", "users" and "administrators" are the reader's side.
The verbs are those of custody in general English, not wording read off any vendor.

Likewise a question asking whether the customer can do something on its own ("Can SaaS customers raise a
project's limits on their own?") is answered "no" by a passage that sends the reader to the vendor for it
("Please contact us if you want to override the current system limits"): the vendor does it on request.
"""

from __future__ import annotations

import re

from ..text.question_form import is_yes_no
from ..text.terms import key_terms, matches

_CUSTODY = r"(?:hold|keep|manage|control|own|supply|provide|generate|rotate|store|bring)"
# The asker as the holder: "we hold …", "we supply and manage …", "… ourselves", "our own keys".
_ASKER_HOLDS = re.compile(rf"\bwe\s+(?:\w+\s+(?:and|or)\s+)?{_CUSTODY}\b|\bourselves\b|\bour\s+own\b", re.IGNORECASE)
# The vendor asked as the holder: "Do you keep our project data until we delete it ourselves?" asks whether
# the vendor keeps it ("ourselves" is who deletes).
_VENDOR_ASKED = re.compile(rf"\b(?:do|does|will|would|can|could)\s+you\s+(?:\w+\s+)?{_CUSTODY}\b", re.IGNORECASE)
# The vendor as the holder: a capitalised subject (not the reader's side) or the documentation's "we",
# then a custody verb in the present, then the thing held within a few words.
_READER = {"you", "your", "customers", "customer", "users", "user", "administrators", "administrator", "admins",
           "operators", "operator", "organizations", "teams", "it", "this", "that", "they", "each", "every"}
_READERS_OWN = {"your", "you", "customer", "customers", "user", "users"}
# ("we will manage the final configuration": a future or a modal before the verb too.)
_HOLDER = re.compile(rf"(?:^|[.;:]\s+|\s)(?P<actor>[A-Z][\w-]+|[Ww]e)\s+(?:(?:will|shall|can|does|do)\s+)?"
                     rf"(?P<verb>{_CUSTODY}s?)\b"
                     rf"(?P<held>(?:\s+[\w-]+){{1,8}})")


def vendor_holds(question: str, text: str) -> str | None:
    """The words of `text` in which the vendor holds what the question asks the customer to hold, or None."""
    if not is_yes_no(question) or not _ASKER_HOLDS.search(question) or _VENDOR_ASKED.search(question):
        return None
    asked = set(key_terms(question))
    for match in _HOLDER.finditer(text):
        before = re.findall(r"[a-z]+", text[max(0, match.start("actor") - 30):match.start("actor")].lower())[-3:]
        if match.group("actor").lower() in _READER or _READERS_OWN & set(before):
            continue  # the reader's own ("your AWS KMS manages the keys") is not the vendor
        held = key_terms(match.group("held"))
        if any(matches(term, asked) for term in held):
            return f'{match.group("actor")} {match.group("verb")}{match.group("held")}'.strip()
    return None


# The asker doing it unaided: "on their own", "ourselves", "self-service", "without contacting support".
_UNAIDED = re.compile(r"\b(?:on\s+(?:our|their|your|its|my)\s+own|ourselves|themselves|yourselves|"
                      r"self[- ]serv(?:e|ice)|without\s+(?:contacting|asking|involving)\s+(?:you|your|support))\b",
                      re.IGNORECASE)
# The reader sent to the vendor: "contact us", "contact Acme support", "get in touch", "reach out to our team".
_ON_REQUEST = re.compile(r"\b(?:contact|email|ask)\s+(?:us|our\s+[\w-]+|[A-Z][\w-]*\s+support|support)\b|"
                         r"\bget\s+in\s+touch\b|\breach\s+out\s+to\s+(?:us|our)\b", re.IGNORECASE)


def vendor_on_request(question: str, text: str) -> str | None:
    """The words of `text` sending the reader to the vendor for what the question asks the customer to do
    unaided (None when none): a sentence with such words and a word of the question's own."""
    if not is_yes_no(question) or not _UNAIDED.search(question):
        return None
    asked = set(key_terms(_UNAIDED.sub(" ", question)))
    for sentence in re.split(r"(?<=[.!?])\s+", text):
        found = _ON_REQUEST.search(sentence)
        if found and any(matches(term, asked) for term in key_terms(_ON_REQUEST.sub(" ", sentence))):
            return found.group(0)
    return None
