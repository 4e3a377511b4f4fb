"""A requirement the question says is not met: "Can a developer without admin rights create access
tokens?" against "You must be an account admin to create access tokens", or "Can an owner who has not set
up 2FA enforce it?" against "The account owner must already have 2FA enabled … before they can enforce it".
The passage states a condition; the question names someone who lacks it, so the answer is no. So too for
what a passage reserves to some ("Only team owners may change a project's billing plan"), asked of others
("Can regular team members change the billing plan?").
"""

from __future__ import annotations

import re

from ..text.grounding import plain
from ..text.terms import key_terms, matches, stem
from ..text.verbs import same_act

# What a passage requires: "must be an account admin to", "must already have 2FA enabled", "requires an
# admin role", "only available to admins" is `narrowing`'s, not this.
_REQUIRED = re.compile(r"\bmust\s+(?:already\s+|first\s+)?(?:be|have|hold)\s+(?:an?\s+|the\s+)?((?:[\w-]+\s+){0,3}?[\w-]+)"
                       # "must have an SSO configuration (such as SAML) set up": the example aside
                       r"(?:\s+\([^()]*\))?(?=\s+(?:to|before|in order|for|enabled|set|configured)\b|[.,;]|$)"
                       r"|\brequires?\s+(?:an?\s+|the\s+)?((?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:role|rights|permissions?|access)\b"
                       # "the usage of VM instance sizes requires credits to be available in the user's account", asked
                       # "without any credits"
                       r"|\brequires?\s+(?:an?\s+|the\s+|available\s+|sufficient\s+|enough\s+)?"
                       r"((?:[\w-]+\s+){0,2}?[\w-]+)"
                       r"(?=\s+(?:to\s+be|in\s+(?:the|your|its)|on\s+(?:the|your|its))\b|[.,;]|$)"
                       # What it brings with it: "Changing the AWS KMS key in the database necessitates downtime", asked
                       # "…replaced without any downtime?"
                       r"|\b(?:necessitates?|entails?|incurs?|causes?|results?\s+in|involves?)\s+(?:some\s+|a\s+|an\s+|"
                       r"brief\s+|short\s+|planned\s+)?([\w-]+)\b"
                       # An act the subject will need to do: "Users will need to click a button to complete the logout
                       # process", asked "…returned to our app without clicking anything?"
                       r"|\b(?:will\s+|would\s+)?needs?\s+to\s+(?:first\s+)?([a-z]{3,})\b"
                       # "must be a workspace admin with 2FA already enabled"
                       r"|\b(?:must|need\s+to|needs\s+to)\s+be\b[^.;]{0,60}?\bwith\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+"
                       r"(?:already\s+)?(?:enabled|set\s+up|configured|turned\s+on|activated|in\s+place)\b"
                       # "available on Enterprise plans", asked "without an Enterprise plan"
                       r"|\bavailable\s+(?:only\s+)?(?:on|to|with|for|in)\s+(?:the\s+|an?\s+)?((?:[\w-]+\s+){0,2}?[\w-]+)\s+"
                       r"(?:plans?|tiers?|subscriptions?|editions?|licen[cs]es?)\b"
                       # "SCIM provisioning can only be enabled when either SAML or OIDC is setup"
                       r"|\bcan\s+only\s+be\s+[\w-]+\s+(?:when|if|once|after)\s+(?:either\s+)?((?:[\w-]+\s+){0,3}?[\w-]+)\s+"
                       r"(?:is|are|has\s+been|have\s+been)\s+"
                       r"(?:set\s*up|setup|configured|enabled|turned\s+on|in\s+place)\b"
                       # An act required of the subject: "commercial workloads must meet FedRAMP standards", asked
                       # "without meeting FedRAMP standards"
                       r"|\bmust\s+(?:also\s+|still\s+|first\s+|always\s+)?(?!(?:be|have|hold|not|never)\b)[a-z]+\s+"
                       r"(?:the\s+|an?\s+|all\s+|their\s+|its\s+)?((?:[\w-]+\s+){0,2}?[\w-]+)"
                       r"(?=\s+(?:to|before|in\s+order|since|because)\b|[.,;]|$)",
                       re.IGNORECASE)
# What the question says is missing: "without admin rights", "who has not set up 2FA", "a non-admin",
# "that is not an admin", "lacking …".
_LACKING = re.compile(r"\b(?:without|lacking|non-|not\s+(?:an?\s+)?|(?:has|have|with)\s+no\s+|"
                      r"(?:has|have|is|are)\s+not\s+(?:yet\s+)?"
                      r"(?:set\s+up|enabled|turned\s+on|configured|got|been\s+given|an?\s+)?)\s*((?:[\w-]+\s+){0,2}[\w-]+)"
                      # "switched on before SAML or OIDC is configured"
                      r"|\bbefore\s+((?:[\w-]+\s+){0,3}?[\w-]+)\s+(?:is|are|has\s+been|have\s+been)\s+"
                      r"(?:set\s*up|configured|enabled|turned\s+on|in\s+place)\b",
                      re.IGNORECASE)


def unmet_requirement(question: str, text: str) -> str | None:
    """The requirement of `text` the question says its subject lacks (None when none)."""
    act = required_act(question, text)
    if act:
        return act
    lacking = [set(key_terms(m.group(1) or m.group(2))) for m in _LACKING.finditer(question)]
    if not lacking:
        return None
    for match in _REQUIRED.finditer(text):
        required = _named(key_terms(next(g for g in match.groups() if g)))
        if required and any(all(matches(t, missing) for t in required[-1:]) for missing in lacking):
            return match.group(0).strip()
    return None


# An act the question says no one does ("…without an org admin approving?"), and the passage requires of that very
# person ("The organization Admin has to approve the request").
_WITHOUT_ACT = re.compile(r"\bwithout\s+(?:an?\s+|the\s+|any\s+|their\s+|its\s+)?((?:[\w-]+\s+){0,2}?[\w-]+)\s+"
                          r"([a-z]{3,}ing)\b", re.IGNORECASE)
_ACT_REQUIRED = re.compile(r"\b([\w-]+)\s+(?:must|has\s+to|have\s+to|needs\s+to|need\s+to|is\s+required\s+to|"
                           r"are\s+required\s+to)\s+(?:first\s+|still\s+|also\s+|explicitly\s+)?([a-z]{3,})\b",
                           re.IGNORECASE)


def required_act(question: str, text: str) -> str | None:
    """The phrase of `text` requiring of someone the act the question asks to do without them doing it (None when
    none): the same person (the last word of each) and the same verb."""
    for lacking in _WITHOUT_ACT.finditer(question):
        who, act = stem(lacking.group(1).split()[-1].lower()), stem(lacking.group(2).lower())
        for found in _ACT_REQUIRED.finditer(text):
            if stem(found.group(1).lower()) == who and stem(found.group(2).lower()) == act:
                return found.group(0)
    return None


# A word saying only that the thing is set up: "an SSO configuration" requires SSO, as the question says ("without any
# SSO set up").
_SET_UP = frozenset({"configur", "setup", "instal", "integr"})


def _named(required: list[str]) -> list[str]:
    return required[:-1] if len(required) > 1 and required[-1] in _SET_UP else required


# What a passage reserves to someone: "Only team owners may change a project's billing plan"; "Only unsynced users
# can be removed" reserves what they undergo, the word after "be" kept.
_ONLY_WHO = re.compile(r"\bonly\s+((?:[\w-]+\s+){0,4}?[\w-]+?)s?\s+(?:may|can|are\s+able\s+to|is\s+able\s+to)\s+"
                       r"([\w-]+)(?:(?<=\bbe)\s+[\w-]+)?", re.IGNORECASE)
# Whom the question asks about, before the same verb: "Can regular team members change …".
_ASKED_WHO = (r"^\s*(?:[^,?]{{1,60}},\s*)?(?:can|may|could|are|is)\s+((?:[\w-]+\s+){{0,5}}?[\w-]+?)\s+"
              r"(?:be\s+able\s+to\s+)?{verb}\b")
# Who alone does it, said in the passive: "Message content can only ever be modified by the original author", asked
# "Can an organization admin rewrite the wording of a message…?" (the act in other words).
_ONLY_BY = re.compile(r"\b(?:can|may)\s+only\s+(?:ever\s+)?be\s+([\w-]+)\s+by\s+(?:the\s+|its\s+|their\s+|an?\s+)?"
                      r"((?:[\w-]+\s+){0,2}[\w-]+)", re.IGNORECASE)
_ASKED_ACT = re.compile(r"^\s*(?:[^,?]{1,60},\s*)?(?:can|may|could)\s+([^?]*)", re.IGNORECASE)
_PRONOUNS = frozenset("we i you they our your their us anyone someone everyone".split())


# A role said to be needed for an act: "**Organization Admin** permissions are required to manage another user's
# tokens", "To manage agent tokens, you need to be an [Organization Admin](…)".
_ROLE_REQUIRED = re.compile(r"\b((?:[A-Z][\w-]*\s+){0,2}[A-Z][\w-]*?)s?\s+(?i:permissions?|role|rights|privileges)\s+"
                            r"(?i:is|are)\s+(?i:required)\s+(?i:to)\s+([\w-]+)")
_TO_ACT_BE = re.compile(r"\bto\s+([\w-]+)\b[^,.;:]{0,60},\s*you\s+(?:need|must|have)\s+(?:to\s+)?be\s+(?:an?\s+|the\s+)?"
                        r"\[?((?:[\w-]+\s+){0,2}[\w-]+)", re.IGNORECASE)


def _unmarked(text: str) -> str:
    # Emphasis, link brackets and quote marks around a name aside ("Only 'unsynced' users", "**Org Admin**").
    return re.sub(r"[*_`]+|\[(?=[^\]]*\]\()|(?<!\w)['‘](?=\w)|(?<=\w)['’](?!\w)", "", text)


def _reservations(text: str) -> list[tuple[str, str, str]]:
    # (who, the act reserved to them, the phrase saying so).
    marked = _unmarked(text)
    # A link read as its text: "Only the [Owner](./rbac#org-owner) of an organization can delete it".
    found = [(m.group(1), m.group(2), m.group(0)) for m in _ONLY_WHO.finditer(_unmarked(plain(text)))]
    found += [(m.group(1), m.group(2), m.group(0)) for m in _ROLE_REQUIRED.finditer(marked)]
    return found + [(m.group(2), m.group(1), m.group(0)) for m in _TO_ACT_BE.finditer(marked)]


def reserved_to_others(question: str, text: str) -> str | None:
    """The phrase of `text` reserving what the question asks to someone the question does not ask about
    ("Only team owners may change…", asked of regular members; "can only ever be modified by the original author",
    asked of an admin), or None. A question asked of "we" or "you" may be asked by those very people: that is for
    a reviewer."""
    for who, verb, phrase in _reservations(text):
        asked = re.match(_ASKED_WHO.format(verb=re.escape(verb)), question, re.IGNORECASE)
        if asked is None or (verb.lower() == "be" and not _same_participle(phrase, question, asked.end())):
            continue
        if _others(who, asked.group(1)):
            return phrase.strip()
    asked = _ASKED_ACT.match(question)
    words = asked.group(1).split() if asked else []
    for match in _ONLY_BY.finditer(_unmarked(text)):
        # Whom the question asks of: its words up to the first that says the reserved act.
        at = next((n for n in range(1, min(6, len(words))) if _one_act(match.group(1), words[n])), None)
        if at is not None and _others(match.group(2), " ".join(words[:at])):
            return match.group(0).strip()
    return None


def _others(who: str, subject: str) -> bool:
    # The one the passage reserves it to is not whom the question asks of (a pronoun may be them).
    words = [w.lower() for w in re.findall(r"[\w-]+", subject)]
    if not words or set(words) & _PRONOUNS:
        return False
    return not any(matches(term, set(key_terms(subject))) for term in key_terms(who)[-1:])


def _same_participle(phrase: str, question: str, at: int) -> bool:
    # "Only unsynced users can be removed" reserves being removed: asked "can a synced person be removed…?", the
    # act after "be" is the same; asked "can members be owners?", it is not.
    said = re.search(r"\bbe\s+([\w-]+)", phrase, re.IGNORECASE)
    asked = re.match(r"\s*([\w-]+)", question[at:])
    return bool(said and asked) and _one_act(said.group(1), asked.group(1))


def _one_act(said: str, asked: str) -> bool:
    return stem(said.lower()) == stem(asked.lower()) or same_act(said, asked)


# What a passage requires of whoever does it: "You must be a project `admin` to manage your project's IP whitelist".
_MUST_BE_WHO = re.compile(r"\b(?:must|need\s+to|needs\s+to|have\s+to|has\s+to)\s+be\s+(?:an?\s+|the\s+)"
                          r"((?:[\w`'-]+\s+){0,2}?[\w`'-]+)\s+to\s+([\w-]+)\s+([^.;]*)", re.IGNORECASE)
# Asked of anyone at all: "Can any member of a project change…", "Can every user…", "Can anyone…".
_ANYONE = re.compile(r"^\s*(?:can|may|could|is|are)\s+(?:(?:any|every|each|all)\s+((?:[\w-]+\s+){0,2}?[\w-]+?)s?\b|(anyone|"
                     r"everyone|anybody|everybody)\b)", re.IGNORECASE)
_PERSONS = frozenset("member user person people employee teammate developer engineer collaborator".split())


def reserved_to_role(question: str, text: str) -> str | None:
    """The phrase of `text` requiring a role of whoever does what the question asks of anyone at all
    ("You must be a project admin to manage…", asked "Can any member of a project change…"), when the role is
    not the one asked about and what it is required for shares a word with the question; else None."""
    anyone = _ANYONE.match(question)
    if anyone is None:
        return None
    who = [w.lower() for w in re.findall(r"[a-z]+", anyone.group(1) or anyone.group(2), re.IGNORECASE)]
    if not any(w.rstrip("s") in _PERSONS or w.endswith(("one", "body")) for w in who):  # "anyone", "everybody"
        return None
    rest = question[anyone.end():]
    for match in _MUST_BE_WHO.finditer(text):
        role = key_terms(match.group(1).replace("`", ""))
        if role and not any(matches(role[-1], {w}) for w in who) and set(key_terms(match.group(3))) & set(key_terms(rest)):
            return match.group(0).strip()
    return None
