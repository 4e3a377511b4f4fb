"""Whose job it is: documentation that leaves something to the customer answers "no" to a
question asking whether the vendor does it.

Documentation speaks to its reader, the customer ("it is up to you to secure your
instance", "you have 72 hours to tell the data subjects"); a questionnaire speaks to the
vendor ("Will you secure our instance?"). A passage that puts the act on its reader is
the vendor saying it does not do it for them. A question about what the customer may do
("Can a customer forward its logs?") is answered by such a passage, not denied by it.
"""

from __future__ import annotations

import re

from ..text.question_form import AUXILIARY, is_yes_no
from ..text.terms import stem

# The reader (or "the customer") made responsible, in general English: not a list read off any vendor.
_LEFT_TO_READER = re.compile(
    r"\b(?:(?:it\s+is|it's)\s+up\s+to\s+you|up\s+to\s+the\s+customer|(?:is|are)\s+your\s+(?:own\s+)?responsibility|"
    r"you(?:['’]re|(?:,\s*as\s+the\s+customer,)?\s+(?:are|remain))\s+(?:solely\s+)?responsible|"
    r"(?:the\s+)?customers?\s+(?:is|are|remains?)\s+(?:solely\s+)?responsible|"
    r"(?:the\s+)?customer's\s+(?:own\s+)?responsibility|you\s+have\s+\d+\s+(?:hours|days)\s+to|"
    # The customer's own administrator or operator (a self-hosted install's) named as the one responsible.
    # Or the developers building on the product, who are its customers ("it is the responsibility of developers
    # to ensure that their application is also compliant").
    r"(?:(?:it\s+is|it's)\s+)?the\s+(?:sole\s+)?responsibility\s+of\s+(?:the\s+)?(?:customer|administrator|operator|"
    r"account\s+owner|developer)s?|"
    # The reader's own application named as the one that does it ("With the attributes provided by Login.gov, your
    # application will handle authorization of the user and assign roles and permissions").
    r"your\s+(?:own\s+)?(?:application|app|system|service)s?\s+(?:will|must|should|needs?\s+to|is\s+expected\s+to)\s+"
    r"(?:handle|manage|assign|implement|perform|enforce|maintain)|"
    r"(?:is|are)\s+handled\s+(?:on|by)\s+(?:your|the\s+customer'?s?)\s+(?:own\s+)?side|"
    # What the reader is left to do despite the product ("logs are put on stdout of each pod, therefore you will still
    # need to redirect them to a common logs target location").
    # "You must still manually grant the admin role": the same, said as a duty.
    r"you(?:'ll|\s+will)?\s+still\s+(?:need|have)(?:\s+to)?|you\s+must\s+still)\b",
    re.IGNORECASE)
# The asker's side as the actor of a yes/no question: "Can we…", "May a customer…", "Are users able to…".
_ASKER_ACTS = re.compile(
    r"^\W*(?:[^,?]{1,80},\s*)?" + AUXILIARY + r"\s+(?:we|our\s+\w+|(?:a|the|each|every)\s+customer|customers|(?:a|the)?\s*users?|"
    r"(?:an?|the)\s+(?:admin|administrator|organization|tenant|client)s?|admins|administrators|tenants|clients)\b"
    r"(?!\s+(?:data|content|information|records|applications?|apps|workloads?|keys?|accounts?|files|backups|"
    r"logs?|traffic|secrets|passwords|instances?)\b)", re.IGNORECASE)


def left_to_customer(text: str) -> str | None:
    """The phrase of a passage that puts the act on its reader, the customer, or None."""
    match = _LEFT_TO_READER.search(text)
    return match.group(0) if match else None


# The reader told to do something: "You must check submitted form data…", "you'll need to rotate…"; not a
# condition ("If you need to route submissions…, you may be able to…").
_READER_MUST = re.compile(r"(?<!\bif )(?<!\bwhen )(?<!\bunless )\byou(?:['’]ll|\s+will)?\s+"
                          r"(?:must|need\s+to|have\s+to|should)\s+(?:also\s+|still\s+)?([a-z]+)\b", re.IGNORECASE)
# The vendor as the one who acts, and the act: "Do you check…", "Will you also rotate…".
_VENDOR_VERB = re.compile(r"^\W*(?:do|does|did|will|would|can|could)\s+you\s+(?:also\s+|ever\s+)?([a-z]+)\b",
                          re.IGNORECASE)


def reader_does_asked(question: str, text: str) -> str | None:
    """The phrase of a passage telling its reader to do the very act the question asks the vendor to do ("You must
    check submitted form data looks safe", asked "Do you check respondents' answers for accuracy?"), or None. Told
    to do something else ("You must configure SSO first"), or asked what the vendor advises ("Do you advise
    running…?" against "You should run…"), the reader's duty says nothing of the vendor's act."""
    asked = _VENDOR_VERB.match(question)
    if not asked:
        return None
    verb = stem(asked.group(1).lower())
    return next((found.group(0) for found in _READER_MUST.finditer(text) if stem(found.group(1).lower()) == verb), None)


def asks_vendor_act(question: str) -> bool:
    """A yes/no question about what the vendor does, not about what the asker's side may do."""
    return is_yes_no(question) and not _ASKER_ACTS.match(question)


# The asker as the one told: "Will you notify us of a breach?" A passage telling its reader, the customer,
# to notify someone else ("you have 72 hours to tell the data subjects") says what the customer owes
# them, not whether the vendor tells the customer: it neither denies nor answers the question.
_ASKER_TOLD = re.compile(r"\b(?:notify|tell|inform|alert|warn|contact)\s+(?:us|me)\b", re.IGNORECASE)


def asks_to_be_told(question: str) -> bool:
    """The question asks whether the vendor tells the asker something ("notify us", "inform us")."""
    return bool(_ASKER_TOLD.search(question))


# Asked whether the vendor pays or it is free ("Do you pay the cost of audits we carry out?", "Is your help … free of
# charge?"), a passage putting the cost on the customer ("shall be borne by the Client", "(at the Client's expense)")
# says no. The cost only: "Travis-CI shall (at the Client's expense) provide such … assistance" still provides it.
# Also what a passage selling it as an add-on answers no (`denial.reversals.charged_extra`): "…included in the plan?".
ASKS_FREE = re.compile(r"\b(?:free(?:\s+of\s+charge)?|for\s+free|at\s+no\s+(?:extra\s+|additional\s+)?(?:cost|charge)|"
                       r"no\s+charge|without\s+(?:paying|charge|an?\s+(?:extra|additional)\s+(?:cost|charge|fee))|"
                       r"included\s+(?:in|with)|(?:is|are)\s+(?:it|they|this)\s+included|"
                       r"(?:do|will|would)\s+you\s+(?:pay|cover|bear|reimburse)|(?:paid|covered|borne)\s+by\s+you|"
                       r"your\s+(?:own\s+)?(?:cost|expense))\b", re.IGNORECASE)
_COST_ON_READER = re.compile(r"\b(?:borne|paid|covered)\s+by\s+(?:the\s+)?(?:client|customer|you)\b|"
                             r"\bat\s+(?:the\s+)?(?:client|customer)['’]?s?['’]?\s+(?:own\s+)?(?:expense|cost)\b|"
                             r"\bat\s+your\s+(?:own\s+)?(?:expense|cost)\b", re.IGNORECASE)


def cost_on_customer(question: str, text: str) -> str | None:
    """The phrase of `text` putting the cost on the customer, for a question asking whether the vendor pays or it is
    free; else None."""
    if not ASKS_FREE.search(question):
        return None
    found = _COST_ON_READER.search(text)
    return found.group(0) if found else None
