"""What in a passage denies the question: its negations, except one inside a clause that says
why the main clause holds ("…through AWS PrivateLink, so that API traffic does not cross the
public internet") when that clause is about less of the question than the rest of the passage,
and one that a list's lead puts in another scope: the lead negates a verb the question does not use
("Domain audit can't identify: - …"), or affirms the question and the negation describes an item
("…with the following flags: - httpOnly: The cookie is not available to JavaScript code").

A purpose clause about the question's own subject still denies it: "PostHog can discard IP
addresses, ensuring raw IP addresses are not retained" answers "Do you store IP addresses?".
"""

from __future__ import annotations

import re

from ...text.cues import NEGATIVE_CUES, cue_phrases, new_cues, uncontracted
from ...text.grounding import Passage
from ...text.terms import key_terms
from .wording import EMPHASIS, NEGATION

# Up to the next comma: "To ensure that data stays in the region, we disable…" keeps its main clause.
# An instruction's goal is one too: "Ensure development workflows aren't disrupted".
_PURPOSE = re.compile(r"\b(?:so that|so as not to|in order to|in order that|(?:to )?ensure(?: that)?|ensuring(?: that)?|"
                      # a result: "…for data-level separation, so Spacelift does not hold the decryption key"
                      r",\s+so(?=\s+\w+\s+(?:does|do|did|will|can|is|are|has|have)\s+not\b)|"
                      r"(?:to )?make sure(?: that)?)"
                      r"\b[^.;:,]*", re.IGNORECASE)


# A relative clause describing a thing by what it is not: "a security problem that was not yet known to us", "many
# permissions that are not needed", "tables/columns that don't exist yet". Like a purpose clause, it is set aside when
# it is about less of the question. A clause opening "which" adds a fact of its own ("third party failures (which are
# not taken into account to calculate the uptime)") and stays. So is one describing people by what they cannot do ("to
# support users who are unable to complete Login.gov's identity verification process").
_DESCRIBING = re.compile(r"\b(?:that|who)\s+(?:(?:was|were|is|are|has\s+been|have\s+been|had\s+been)\s+)?"
                         r"(?:not|never|no\s+longer|unable\s+to|cannot|can['’]t)\b[^.;:,]*|"
                         # things described as not there yet: "tables/columns that don't exist yet"
                         r"\b(?:that|which)\s+(?:do\s+not|does\s+not|don['’]t|doesn['’]t)\s+(?:yet\s+)?exist\b[^.;:,]*",
                         re.IGNORECASE)
# A negated sensitivity says it holds whatever the thing named: "Backup is not sensitive to the underlying filesystem
# type" denies nothing, unless the question asks that very thing ("Is the check specific to AWS?"). Not "tied to" or
# "depend on": "API keys are not tied to a user", "does not depend on a separate signature" answer questions.
_UNBOUND = re.compile(r"\b(?:(?:is|are)\s+not|isn['’]t|aren['’]t)\s+(?:sensitive|specific)\s+to\b[^.;:,]*",
                      re.IGNORECASE)
_ASKS_BOUND = re.compile(r"\b(?:sensitive|specific)\b", re.IGNORECASE)


# A condition opening a sentence states what the reader may face, not what the product lacks: "If you can't find your
# SAML provider in the list above, don't worry: we do support all SAML 2.0 providers".
_IF_NOT = re.compile(r"(?:^|(?<=[.;:!?]\s))(?:if|when|whenever|in\s+case)\s+[^.;:,]*?\b(?:\w+n['’]t|not|never|cannot)\b"
                     r"[^.;:,]*,", re.IGNORECASE)
# The same condition closing a sentence: "The System Console will restrict you from saving changes if the IP address
# you are accessing your workspace on is not within the ranges you have specified".
_THEN_IF_NOT = re.compile(r"(?<=\w)\s+(?:if|when|whenever|in\s+case)\s+[^.;:,]*?\b(?:\w+n['’]t|not|never)\b"
                          r"[^.;:,]*(?=[.;]|$)", re.IGNORECASE)


# A sentence on versions before some release states what they did: "In v1.4 and earlier of the mobile apps, messages
# and files are not cleared from local storage" beside "In v1.5 and later … are deleted"; "Prior to v5.20, data
# retention would delete all user activity". A question naming a version asks of it, and keeps them.
_RELEASE = r"(?:versions?\s+|releases?\s+)?v?\d+(?:\.\d+)+|v\d+"
_OLD_VERSION = re.compile(rf"(?:^|(?<=[.;:!?]\s))(?:(?:in|for|with|on)\s+(?:{_RELEASE})\s+(?:and|or)\s+"
                          rf"(?:earlier|older|below|lower|before)|(?:prior\s+to|before)\s+(?:{_RELEASE}))\b"
                          rf"[^.;!?]*[.;!?]?", re.IGNORECASE)
_VERSION_ASKED = re.compile(r"\bv?\d+\.\d+|\bv\d+|\bversions?\b|\bolder\b|\bearlier\b", re.IGNORECASE)


def _after_condition(text: str) -> str:
    # "…can only leave a workspace if you are not the owner" restricts: an "only" before the condition makes it the
    # one case allowed, and its negation is what is denied.
    return _THEN_IF_NOT.sub(lambda found: found.group(0) if re.search(r"\bonly\b", _sentence_before(text, found))
                            else " ", text)


def _sentence_before(text: str, found: re.Match[str]) -> str:
    return re.split(r"[.;!?]\s", text[:found.start()])[-1]


# What a check looks for: "verify that the steps it runs haven't been tampered with" is the capability to
# find tampering, not a denial of it. And a deferral: "their account won't be created until it's required"
# says when, not whether.
_CHECKED = re.compile(r"\b(?:verify|verifies|verifying|verified|check|checks|checking|confirm|confirms|validate|"
                      r"validates|detect|detects)\s+(?:that|whether|if)\b[^.;:,]*"
                      # "includes integrity verification to ensure data has not been altered": what the check is for
                      r"|\b(?:verification|validation|checks?|checksums?)\s+to\s+(?:ensure|confirm|make\s+sure)\b[^.;:,]*",
                      re.IGNORECASE)
_DEFERRAL = re.compile(r"\b(?:\w+n['’]t|not|never|cannot)\b[^.;:,]{0,60}?\buntil\b", re.IGNORECASE)
# Asked whether it happens at once ("…start deleting the moment we save it?"), a deferral is the answer: "changes
# won't have any effect until the next time the daily job runs" says no.
# Asked of a thing while what holds it back still holds ("Can a saved group that a flag still uses be archived?"),
# "cannot be archived until those references are removed" says no as well; and asked whether it may be done before
# ("May we announce a breach before it is remediated?"), "Do not disclose … until it has been fixed" says no.
_AT_ONCE = re.compile(r"\b(?:immediately|instantly|right\s+away|straight\s+away|at\s+once|the\s+moment|"
                      r"as\s+soon\s+as|without\s+(?:any\s+)?delay|in\s+real[\s-]time|"
                      r"(?:that|which|who)\s+(?:[\w-]+\s+){0,3}still|before)\b", re.IGNORECASE)
# A condition that grants it: "changes to customer data are prohibited without explicit customer approval" says
# the approval is required, so it answers "Do you get our approval before…?" yes; asked of the change itself
# ("Do you change our data?"), its words are not the question's and the prohibition still denies, as it does
# a question asking of the case without it ("…train models without our consent?").
_ASKS_IF_ABLE = re.compile(r"^\W*(?:can|could|may)\b", re.IGNORECASE)
_CONDITIONED = re.compile(r"\b(?:\w+n['’]t|not|never|cannot|prohibited|forbidden|disallowed)\b[^.;:]{0,60}?"
                          r"\b(?:without|unless)\s+([^.;:,]*)", re.IGNORECASE)


# A second predicate of the same subject, negated: "Backups are encrypted and not available for download", "maintenance
# updates are applied automatically and do not require your action". When the first predicate (after its verb) holds a
# word of the question and the negated one none, the first is what answers ("Are MySQL backups encrypted?", "…when
# maintenance updates are applied?") and the negation is about something else. A negated predicate speaking of the
# question ("can be enabled on self-hosted agents and are not available on Buildkite hosted agents") still denies, as
# does one beside a first predicate only its subject shares ("Unsuccessful intrusion attempts (e.g., port scans…) are
# commonplace and do not require notice").
_AND_NOT = re.compile(r"\b(?:and|but)\s+(?:(?:do|does|did|is|are|was|were|will|can|may|should)\s+)?(?:not|never)\b"
                      r"[^.;:,]*", re.IGNORECASE)
_CLAUSE_START = re.compile(r"[.;:!?]\s|,\s+(?:and|but|or)\s|^")


_VERB = re.compile(r"\b(?:is|are|was|were|be|been|can|could|will|would|may|must|should|has|have|had)\b", re.IGNORECASE)


def _joined_predicates(text: str, asked: set[str]) -> str:
    def keep(found: re.Match[str]) -> str:
        before = text[:found.start()]
        first = before[max((m.end() for m in _CLAUSE_START.finditer(before)), default=0):]
        verb = _VERB.search(first)
        predicate = asked & set(key_terms(first[verb.end():])) if verb else set()
        negated = asked & set(key_terms(found.group()))
        return " " if predicate and not negated else found.group()
    return _AND_NOT.sub(keep, text)


# A question asking whether it can be made so ("On our own install, can we make it trust emails sent by our IdP?")
# is not answered no by what holds by default ("By default, Infisical Cloud is configured to not trust emails…").
_ASKS_OPTION = re.compile(r"\b(?:can|could|may)\s+(?:we|you|i|an?\s+admin\w*|the\s+admin\w*)\s+(?:\w+\s+)?"
                          r"(?:make|configure|set|enable|turn\s+on|switch\s+on|change|allow|opt\s+in)\b", re.IGNORECASE)
_DEFAULT = re.compile(r"[^.;]*\bby\s+default\b[^.;]*", re.IGNORECASE)  # the clause saying what holds by default


# What the question asks to do without ("…authenticate with a token instead of a username and password?"): a passage
# saying that thing cannot be used ("pipelines that can't use the standard username and password") agrees.
_ALTERNATIVE = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+([^?.,;]*)", re.IGNORECASE)
_NEGATED_CLAUSE = re.compile(rf"\b{NEGATION}\b[^.;:,]*", re.IGNORECASE)

# An exception after a negation affirms what it names: "Travis does not store … any kind of credit card data other
# than a reference token that allows us to create payments with our payments provider Stripe, a PCI Level 1 certified
# payments provider" says what it keeps and who the provider is. When the exception speaks of more of the question than
# the negated part does, the negation is about something else.
_EXCEPTED = re.compile(rf"\b{NEGATION}\b([^.;:]*?)\b(?:other\s+than|except(?:\s+for)?|apart\s+from|aside\s+from|"
                       r"save\s+for)\b([^.;:]*)", re.IGNORECASE)


def _unexcepted(text: str, asked: set[str]) -> str:
    def keep(match: re.Match[str]) -> str:
        negated = asked & set(key_terms(match.group(1)))
        excepted = asked & set(key_terms(match.group(2)))
        return match.group(2) if len(excepted) > len(negated) else match.group()
    return _EXCEPTED.sub(keep, text)


def denials(text: str, question: str, cues: tuple[str, ...] = NEGATIVE_CUES) -> list[str]:
    """Denial cues of `text` that the question does not use itself, purpose clauses aside
    (`cues`: the fitted list, or a candidate phrase when the list is fitted)."""
    asked = set(key_terms(question))

    def aside(match: re.Match[str]) -> str:
        clause = asked & set(key_terms(match.group()))
        rest = asked & set(key_terms(text[:match.start()] + " " + text[match.end():]))
        return " " if len(clause) < len(rest) else match.group()

    text = _after_condition(_IF_NOT.sub(" ", _CHECKED.sub(" ", EMPHASIS.sub(r"\2", text))))
    if not _VERSION_ASKED.search(question):
        text = _OLD_VERSION.sub(" ", text)
    if not _AT_ONCE.search(question):
        text = _DEFERRAL.sub(" ", text)
    if not re.search(r"\b(?:without|unless)\b", question, re.IGNORECASE):
        # Asked whether it can be done, "will not charge you … without making it clear" says how it can.
        able = bool(_ASKS_IF_ABLE.match(question))
        text = _CONDITIONED.sub(lambda m: " " if able or set(key_terms(m.group(1))[-1:]) & asked else m.group(0), text)
    if _ASKS_OPTION.search(question):
        text = _DEFAULT.sub(" ", text)
    alternative = set(key_terms(" ".join(_ALTERNATIVE.findall(question))))
    if alternative:
        text = _NEGATED_CLAUSE.sub(lambda m: " " if set(key_terms(m.group())) & alternative else m.group(), text)
    if not _ASKS_BOUND.search(question):
        text = _UNBOUND.sub(" ", text)
    text = _joined_predicates(_DESCRIBING.sub(aside, _PURPOSE.sub(aside, _unexcepted(text, asked))), asked)
    return new_cues(_off_question(_list_scope(text, asked, cues), asked), question, cues)


def passage_denials(passage: Passage, question: str, cues: tuple[str, ...] = NEGATIVE_CUES) -> list[str]:
    """Denials of a passage in its own words, else in the heading or lead its list sits under: under
    "Prohibited testing and activities", the item "Denial of Service (DoS) testing." is denied, as
    "Not Supported" above a list denies each of its items."""
    return denials(passage.text, question, cues) or (denials(passage.list_head, question, cues) if passage.list_head
                                                     else [])


_CLAUSE = re.compile(r"[,;]\s+")
# A clause that ends on a preposition is not a fact of its own: "It is not designed for, nor effective at,
# protecting against malicious actors" is one negated clause, its object after the second comma.
_OPEN_END = re.compile(r"\b(?:for|at|to|of|in|on|with|from|against|by|about|into|than)\s*$", re.IGNORECASE)


# Examples set off by commas belong to the clause they illustrate: "Hosting in other regions, such as Australia,
# Canada or the United Kingdom, is not currently available" is one fact, not four.
_EXAMPLES = re.compile(r",\s*(?:such\s+as|including|e\.g\.|for\s+example)\s+[^.;:]*?\b(?:or|and)\b[^,.;:]*,",
                       re.IGNORECASE)


def _clauses(text: str) -> list[str]:
    out: list[str] = []
    text = _EXAMPLES.sub(lambda found: found.group(0).replace(",", " "), text)
    for clause in _CLAUSE.split(text):
        if out and _OPEN_END.search(out[-1]):
            out[-1] = f"{out[-1]} {clause}"
        else:
            out.append(clause)
    return out


def _off_question(text: str, asked: set[str]) -> str:
    """A sentence listing separate facts ("All access is logged, shared accounts are not allowed, and
    every production system requires SSO with MFA") without the clauses that share no word with the
    question, when another clause shares at least two: a negation there is about something else."""
    clauses = _clauses(text)
    overlap = [len(asked & set(key_terms(c))) for c in clauses]
    if len(clauses) < 3 or max(overlap) < 2:
        return text
    # A clause pointing back ("…will no longer be able to provide assistance in this area") is about what a clause
    # before it named: it is on the question when that one is.
    for n in range(1, len(clauses)):
        if not overlap[n] and _POINTS_BACK.search(clauses[n]) and any(overlap[:n]):
            overlap[n] = 1
    return " ".join(c if n else " " for c, n in zip(clauses, overlap))


_POINTS_BACK = re.compile(r"\b(?:this|these)\s+(?!is\b|are\b|was\b|were\b|will\b|can\b|may\b|means\b)[a-z]+",
                          re.IGNORECASE)


# A list's lead: "Domain audit can't identify: - Users who …", up to its colon; then its items (marked by "-", "*"
# or "+").
_LEAD = re.compile(r"^([^:]{1,200}):\s+[-*+]\s")
_ITEM = re.compile(r"\s+[-*+]\s+")


def _list_scope(text: str, asked: set[str], cues: tuple[str, ...]) -> str:
    """A list read for what its lead says of its items: all of it when the lead negates a verb of its
    own, and of an affirming lead, the items that speak of the question more than it does."""
    lead = _LEAD.match(text)
    if lead is None:
        return text
    if _CONDITION_LEAD.search(lead.group(1)):
        return lead.group(1)
    found = cue_phrases(lead.group(1), cues)
    if not found:
        return _described_items(lead.group(1), text[lead.end(1) + 1:], asked)
    return " " if _negates_own_verb(lead.group(1), found, asked) else text


def _negates_own_verb(lead: str, found: list[str], asked: set[str]) -> bool:
    """A lead that negates a verb of its own ("Domain audit can't identify: - Users who access Docker
    Desktop without authenticating - Users who authenticate using an account that doesn't have a
    verified domain") says what that verb does not reach: its items are what it names, and a negation
    in them describes them ("that doesn't have"). Such a list denies nothing of the question when the
    words after the lead's negation name something (key terms) and none of them is the question's.
    "The following are not supported:" names nothing of its own and still denies its items."""
    lowered = uncontracted(lead.lower())
    at = max(lowered.rfind(cue) for cue in found)
    scope = set(key_terms(lowered[at:])) - set(key_terms(" ".join(found))) if at >= 0 else set()
    return bool(scope) and not scope & asked


# A lead ending on a condition lists the cases it covers, not what the product lacks: "A deploy key can be invalidated
# if: - … - the repository's original owner no longer has access to it". The lead's own negation still denies ("We
# will not apply a surcharge if: - …").
_CONDITION_LEAD = re.compile(r"\b(?:if|when|whenever|in\s+case|in\s+cases\s+where|in\s+the\s+event\s+that)\s*$",
                             re.IGNORECASE)


# An item's label: "httpOnly: The cookie is not available to JavaScript code" describes the flag it names.
_ITEM_LABEL = re.compile(r"^[^:]{1,40}:\s")


def _described_items(lead: str, items: str, asked: set[str]) -> str:
    """A list under a lead that states the question's subject without a negation ("Ory issues HTTP
    cookies with the following flags: … - httpOnly: The cookie is not available to JavaScript code")
    holds what the lead says; a negation in an item that speaks of the question no more than the lead
    does describes that item (what the flag does), and is left out. An item that speaks of more of
    the question than the lead ("- Audit logs on the Free plan: not available"), or of a word of it the lead
    does not say, its label aside ("- Bedrock … does not train on your data" asked "used to train…?"), keeps
    its negation."""
    lead_terms = asked & set(key_terms(lead))
    kept = [item for item in _ITEM.split(items) for own in [asked & set(key_terms(item))]
            if len(own) > len(lead_terms) or asked & set(key_terms(_ITEM_LABEL.sub("", item))) - lead_terms]
    return lead + ": " + " - ".join(kept)

