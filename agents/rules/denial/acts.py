"""Denials of the question's own act: a negation before its verb (or the verbs joined to it), its subject denied,
nothing of its subject undergoing it, two things denied together, an act said to stop, an act done at no point."""

from __future__ import annotations

import re
from collections.abc import Callable

from ...text.question_form import is_yes_no
from ...text.terms import key_terms, matches, stem
from ...text.verbs import same_act
from .wording import EMPHASIS, NEGATION, names_subject


# A negation standing right before the question's own verb ("Organization administrators cannot deactivate
# organization owners", asked "Can an organization administrator deactivate an owner?"): the sentence says no to
# what the question asks, in its words, when it also names another thing the question does.
# "users who don't authenticate through your IdP", "a key that never expires": the negation describes whom or
# what the sentence is about, it denies nothing.
# "We do not support the ability for an organization to delete a standard role": what is not allowed is the act
# after "to".
_ENABLING = r"(?:(?:support|allow|permit|let|enable)\w*\b[^.;:]{0,60}?\bto\s+)?"
# An adverb between the negation and its verb ("cannot directly access"); verbs ending in -ly are verbs ("token limits
# don't apply to them").
_ADVERB = r"(?!(?:apply|reply|supply|comply|rely|imply|multiply|fly)\b)[a-z]+ly"
# "There is no way to delete a feature from just one environment": no way to do it is cannot.
_NO_WAY = r"no\s+way\s+to"
_NEGATED_VERB = re.compile(rf"(?<!\bwho )(?<!\bthat )(?<!\bwhich )\b(?:{NEGATION}\s+{_ENABLING}|{_NO_WAY}\s+)"
                           rf"(?:{_ADVERB}\s+)?(?:be\s+)?([a-z][\w-]*(?:\s+(?:away|back|out)\b)?)", re.IGNORECASE)
_SENTENCE = re.compile(r"[.;:!?](?:\s|$)")
# What the question asks to keep from happening ("Can we stop browser-side SDKs from writing user traits?"): a passage
# saying it will not happen answers yes.
_KEPT_FROM = re.compile(r"\b(?:stop|prevent|block|keep|forbid|prohibit|disallow|restrict)\w*\b[^.?]{0,60}?"
                        r"\bfrom\s+(\w+)", re.IGNORECASE)
# "These scenarios aren't restricted by Registry Access Management: - …", "Some pragma statements are not
# supported": said of some only, a limit, not a denial.
_SUBSET = re.compile(r"^\W*(?:these|those|some|certain|several|many|most|a\s+few)\b", re.IGNORECASE)


# "Provisioning Groups is not yet implemented", asked "Can SCIM create … groups…?": what the sentence denies, its
# subject, is a thing the question names. A subject only: "…, where data storage in the EU region is not
# available" says where something else holds.
_DENIED_SUBJECT = re.compile(r"^\s*(?:[-*•]\s+)?((?:[\w-]+\s+){0,2}[\w-]+)\s+(?:is|are)\s+"
                             r"(?:currently\s+|still\s+)?not\s+(?:yet\s+|currently\s+)?"
                             r"(?:supported|implemented|available|possible|allowed|permitted|offered|provided)\b",
                             re.IGNORECASE)


def negated_verb(question: str, text: str) -> str | None:
    """The negation and verb of `text` that deny a yes/no question's own verb in a sentence naming another of
    its words ("cannot deactivate"), or the denied subject the question names; else None."""
    if not is_yes_no(question):
        return None
    asked = set(key_terms(question))
    for sentence in _SENTENCE.split(EMPHASIS.sub(r"\2", text)):
        found = (_verb_denied(sentence, question, asked) or _subject_denied(sentence.strip(), asked)
                 or nothing_done(sentence, question, asked) or _at_no_point(sentence, question, asked)
                 or _combination_denied(sentence, question, asked) or _stopped(sentence, question, asked))
        if found:
            return found
    return None


# Verbs the negation reaches past the first: "can't be edited or deleted", "cannot read, write, or delete". Those are
# read against the verb the question opens with ("Can we delete…?") only: asked "Does removing someone … cut off
# their access…?", "cannot add or remove users" denies no act of it.
_COORDINATED = re.compile(r"(?:\s*,\s*(?:(?:or|nor|and)\s+)?|\s+(?:or|nor|and)\s+)(?:be\s+)?([a-z][\w-]*)",
                          re.IGNORECASE)
_LEAD_VERB = re.compile(r"^\W*(?:can|could|may|might|will|would|shall|should|do|does|did)\s+(?:we|you|i|they|users?|"
                        r"admins?|(?:an?|the|our|your|its)\s+[\w-]+)\s+(?:also\s+|still\s+|ever\s+)?([a-z][\w-]*)",
                        re.IGNORECASE)


def _verb_denied(sentence: str, question: str, asked: set[str]) -> str | None:
    terms = set(key_terms(sentence))
    kept_from = set(key_terms(" ".join(_KEPT_FROM.findall(question))))
    lead = _LEAD_VERB.match(question)
    for match in _NEGATED_VERB.finditer(sentence):
        if _SUBSET.match(sentence[:match.start()]):
            continue
        for n, (start, end) in enumerate(_negated_verbs(sentence, match)):
            verb = key_terms(sentence[start:end])
            said = sentence[start:start + 30]
            if n and not (lead and verb and (matches(verb[0], set(key_terms(lead.group(1))))
                                               or same_act(said, lead.group(1)))):
                continue
            common = not verb and _in_question(sentence[start:end], match.group(0), question)
            if not common and not (verb and (matches(verb[0], asked) or same_act(said, question))):
                continue
            if verb and matches(verb[0], kept_from):
                continue
            # A common verb ("cannot run any jobs") says little by itself: two more of the question's words.
            if sum(matches(term, asked) for term in terms - set(verb)) >= (2 if common else 1):
                return sentence[match.start():end]
    return None


_COPULA = re.compile(r"(?:is|are|was|were)\b|(?:isn|aren|wasn|weren)['’]t", re.IGNORECASE)


def _in_question(verb: str, negated: str, question: str) -> bool:
    # A verb too common to be a key term ("run", "use", "have") denies the question's own when the question says it;
    # after "is not" the word is a state ("It is not available on self-hosted instances"), said of a subject a pronoun
    # may hide.
    word = verb.split()[0]
    return not _COPULA.match(negated) and bool(re.search(rf"\b{re.escape(word)}\b", question, re.IGNORECASE))


def _negated_verbs(sentence: str, match: re.Match[str]) -> list[tuple[int, int]]:
    """Where each verb the negation of `match` reaches stands: its first, and those joined to it by "or",
    "and" or commas."""
    spans = [match.span(1)]
    while (more := _COORDINATED.match(sentence, spans[-1][1])) is not None:
        spans.append(more.span(1))
    return spans


# "Combining both OIDC and SAML based SSO is not supported", asked "Can we turn on OIDC and SAML sign-on at the same
# time?": the two the question asks for together are denied together.
_TOGETHER = re.compile(r"\b(?:at\s+the\s+same\s+time|simultaneously|together|at\s+once|combin\w*|alongside|"
                       r"in\s+parallel)\b", re.IGNORECASE)
_COMBINATION_DENIED = re.compile(r"\b(?:combining|combination\s+of|using|enabling|mixing|running)\s+(?:both\s+)?"
                                 r"([\w-]+)\s+(?:and|with)\s+([\w-]+)\b[^.;:]{0,40}?\b(?:is|are)\s+not\s+"
                                 r"(?:supported|possible|allowed|permitted)\b", re.IGNORECASE)


def _combination_denied(sentence: str, question: str, asked: set[str]) -> str | None:
    if not _TOGETHER.search(question):
        return None
    for match in _COMBINATION_DENIED.finditer(sentence):
        names = key_terms(match.group(1)) + key_terms(match.group(2))
        if len(names) == 2 and all(matches(name, asked) for name in names):
            return match.group(0)
    return None


# "If the license … expires, the node stops working", asked "Does a disconnected node keep working once its license
# expires?": what the question asks to go on, the passage says stops.
_GOES_ON = re.compile(r"\b(?:keeps?|continues?|still)\s+(?:to\s+)?([a-z]{3,}ing)\b", re.IGNORECASE)
_STOPS = re.compile(r"\b(?:stops?|stopped|ceases?|ceased)\s+([a-z]{3,}ing)\b", re.IGNORECASE)


def stopped(question: str, text: str) -> str | None:
    """The phrase of `text` saying that what the yes/no question asks to go on ("keep working") stops; else None."""
    return _in_a_sentence(question, text, _stopped)


# "Any query that exceeds these limits will result in a failure", asked "When monthly quotas are used up, do queries
# keep running?": what goes on fails, said of a thing the question names before it. A question that speaks of failing
# itself ("…keep running if the control plane fails?") is not this kind.
_FAILS = re.compile(r"\b(?:results?\s+in\s+(?:a\s+)?failure|fails|(?:is|are|gets?|will\s+be)\s+(?:blocked|rejected|"
                    r"refused))\b", re.IGNORECASE)


def _stopped(sentence: str, question: str, asked: set[str]) -> str | None:
    going = {stem(word.lower()) for word in _GOES_ON.findall(question)}
    if not going:
        return None
    terms = set(key_terms(sentence))
    for match in _STOPS.finditer(sentence):
        act = stem(match.group(1).lower())
        if act in going and any(matches(term, asked) for term in terms - {act}):
            return match.group(0)
    failed = None if re.search(r"\bfail", question, re.IGNORECASE) else _FAILS.search(sentence)
    if failed and any(matches(term, asked) for term in key_terms(sentence[:failed.start()])):
        return failed.group(0)
    return None


# "Dashes, underscores, hyphens, and spaces are not allowed", asked "May secret names contain underscores?": a list of
# subjects denied together denies each.
_DENIED_LIST = re.compile(r"^\s*(?:[-*•]\s+)?((?:[\w-]+,\s+)+(?:(?:and|or)\s+)?[\w-]+)\s+(?:are|is)\s+not\s+"
                          r"(?:supported|allowed|permitted|available|accepted)\b", re.IGNORECASE)
# "There are no webhooks for individual User/Identity events", asked "Can we get a webhook every time a single end
# user's identity changes?": none there of a thing the question names, said of another of its words.
_NONE_THERE = re.compile(r"\bthere\s+(?:is|are)\s+no\s+((?:[\w-]+\s+){0,2}[\w-]+)", re.IGNORECASE)


# "Aiven creates no NAT gateways by default", asked "Does Aiven create NAT gateways…?": the question's own verb with
# "no" before what it asks of. "has no", "provides no" are fitted cues; this reads any verb the question uses.
_VERB_NO = re.compile(r"\b([a-z]{3,})\s+no\s+((?:[\w-]+\s+){0,2}[\w-]+)", re.IGNORECASE)
_NOT_VERBS = frozenset({"with", "and", "has", "have", "had", "there", "are", "was", "were", "that", "for", "but", "yet",
                        "the", "offer", "offers", "provide", "provides", "require", "requires", "leave", "leaves"})


def _verb_no_object(sentence: str, question: str, asked: set[str]) -> str | None:
    acts = {stem(word.lower()) for word in re.findall(r"[A-Za-z]{3,}", question)}
    for match in _VERB_NO.finditer(sentence):
        verb = match.group(1).lower()
        if verb in _NOT_VERBS or stem(verb) not in acts:
            continue
        thing = _PREPOSITION.split(match.group(2))[0]
        if any(matches(term, asked) for term in key_terms(thing)):
            return f"{match.group(1)} no {thing}".strip()
    return None


_PREPOSITION = re.compile(r"\s+(?:by|in|on|at|for|to|of|from|with|during|unless|until)\b", re.IGNORECASE)


def _subject_denied(sentence: str, asked: set[str]) -> str | None:
    for match in _DENIED_SUBJECT.finditer(sentence):
        head = key_terms(match.group(1))[-1:]
        if head and matches(head[0], asked):
            return sentence[match.start(1):match.end()]
    listed = _DENIED_LIST.match(sentence)
    if listed and any(matches(term, asked) for item in listed.group(1).split(",") for term in key_terms(item)[-1:]):
        return listed.group(0).strip()
    for match in _NONE_THERE.finditer(sentence):
        named = set(key_terms(match.group(1)))
        rest = set(key_terms(sentence[match.end():])) - named
        if any(matches(term, asked) for term in named) and any(matches(term, asked) for term in rest):
            return match.group(0)
    return None


# "No PII is stored or transferred to GrowthBook", "No security Service Level Agreement (SLA) is provided": nothing of
# a thing the question names (in its words or its initials) undergoes the act it asks, or is given at all; nor of
# several named together ("No request content, credentials, or per-user data is included").
_NOTHING_DONE = re.compile(r"(?<![\w-])no\s+((?:[\w-]+,?\s+){0,6}?[\w-]+)(?:\s+\([^)]{1,30}\))?\s+"
                           r"(?:is|are|was|were|will\s+be|can\s+be|gets?)\s+(?:ever\s+)?([a-z][\w-]*)"
                           r"(?:\s+or\s+([a-z][\w-]*))?", re.IGNORECASE)
_GIVEN = frozenset({"provided", "offered", "available", "supported", "given", "included"})


def nothing_done(sentence: str, question: str, asked: set[str]) -> str | None:
    """The phrase of `sentence` saying nothing of a thing the question names undergoes its act, or is given at all
    ("No PII is stored or transferred"); else None (`asked`: the question's key terms)."""
    if re.search(r"(?<![\w-])no\b", question, re.IGNORECASE):
        return None
    for match in _NOTHING_DONE.finditer(sentence):
        named = names_subject(match.group(1), question, asked)
        acts = [verb for verb in match.group(2, 3) if verb]
        done = any(verb.lower() in _GIVEN or matches(stem(verb.lower()), asked) or same_act(verb, question)
                   for verb in acts)
        if named and done:
            return match.group(0)
    return None


# "at no point will a Railway team member modify your application without your expressed permission", asked "Can
# Railway employees change our application code without asking us?": the act, said in other words after the
# subject, is never done (and the sentence names another thing the question does).
_AT_NO_POINT = re.compile(r"\bat\s+no\s+(?:point|time)\s*,?\s+(?:will|would|does|do|did|can|shall|is|are)\s+"
                          r"((?:[\w-]+\s+){0,7}[\w-]+)", re.IGNORECASE)


def none_made(question: str, text: str) -> str | None:
    """The phrase of `text` doing the yes/no question's own act to none of what it asks of ("creates no NAT
    gateways"); else None."""
    return _in_a_sentence(question, text, _verb_no_object)


def never_done(question: str, text: str) -> str | None:
    """The phrase of `text` saying the yes/no question's act, in other words, is done at no point; else None."""
    return _in_a_sentence(question, text, _at_no_point)


def _in_a_sentence(question: str, text: str, read: Callable[[str, str, set[str]], str | None]) -> str | None:
    # The first phrase `read` finds in a sentence of `text`, for a yes/no question only.
    if not is_yes_no(question):
        return None
    asked = set(key_terms(question))
    return next((found for sentence in _SENTENCE.split(text) for found in [read(sentence, question, asked)]
                 if found), None)


def _at_no_point(sentence: str, question: str, asked: set[str]) -> str | None:
    for match in _AT_NO_POINT.finditer(sentence):
        words = match.group(1).split()
        acts = [n for n in range(len(words)) if same_act(" ".join(words[n:]), question)]
        rest = set(key_terms(" ".join(words[:acts[0]] + words[acts[0] + 1:]))) if acts else set()
        if acts and any(matches(term, asked) for term in rest):
            return f"{sentence[match.start():match.start(1)]}{' '.join(words[:acts[0] + 1])}"
    return None
