"""A yes/no question's own act negated in a cited sentence: its verb, or the act said in other words, after a
negation ("Organization administrators cannot deactivate organization owners", "customer data is never sold"), its
subject said not to be implemented, nothing of its subject undergoing it ("No PII is stored or transferred"), or the act
done "at no point". Such a sentence speaks to the question wherever it is cited, not only as the best passage."""

from __future__ import annotations

import re

from ..text.question_form import is_yes_no
from ..text.terms import key_terms, matches
from ..text.verbs import same_act
from .denial import nothing_done, unemphasised

# A negation standing right before the question's own verb ("Organization administrators cannot deactivate
# organization owners", asked "Can an organization administrator deactivate an owner?"): the sentence says no to
# what the question asks, in its words, when it also names another thing the question does.
_NEGATION = (r"(?:cannot|can\s*not|can['’]t|could\s+not|couldn['’]t|does\s+not|doesn['’]t|do\s+not|don['’]t|"
             r"(?:will\s+not|won['’]t|(?:is|are)\s+not)(?:\s+be)?\s+able\s+to|unable\s+to|will\s+not|won['’]t|"
             r"(?:is|are)\s+not|isn['’]t|aren['’]t|never)")
# "users who don't authenticate through your IdP", "a key that never expires": the negation describes whom or
# what the sentence is about, it denies nothing.
# "We do not support the ability for an organization to delete a standard role": what is not allowed is the act
# after "to".
_ENABLING = r"(?:(?:support|allow|permit|let|enable)\w*\b[^.;:]{0,60}?\bto\s+)?"
_NEGATED_VERB = re.compile(rf"(?<!\bwho )(?<!\bthat )(?<!\bwhich )\b{_NEGATION}\s+{_ENABLING}"
                           r"(?:[a-z]+ly\s+)?(?:be\s+)?([a-z][\w-]*(?:\s+(?:away|back|out)\b)?)", re.IGNORECASE)
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
    for sentence in _SENTENCE.split(unemphasised(text)):
        found = (_verb_denied(sentence, question, asked) or _subject_denied(sentence.strip(), asked)
                 or nothing_done(sentence, question, asked) or _at_no_point(sentence, question, asked))
        if found:
            return found
    return None


def _verb_denied(sentence: str, question: str, asked: set[str]) -> str | None:
    terms = set(key_terms(sentence))
    kept_from = set(key_terms(" ".join(_KEPT_FROM.findall(question))))
    for match in _NEGATED_VERB.finditer(sentence):
        verb = key_terms(match.group(1))
        if _SUBSET.match(sentence[:match.start()]) or not verb:
            continue
        if not (matches(verb[0], asked) or same_act(sentence[match.start(1):match.start(1) + 30], question)):
            continue
        if matches(verb[0], kept_from):
            continue
        if any(matches(term, asked) for term in terms - set(verb)):
            return match.group(0)
    return None


def _subject_denied(sentence: str, asked: set[str]) -> str | None:
    for match in _DENIED_SUBJECT.finditer(sentence):
        head = key_terms(match.group(1))[-1:]
        if head and matches(head[0], asked):
            return sentence[match.start(1):match.end()]
    return None


# "at no point will a Railway team member modify your application without your expressed permission", asked "Can
# Railway employees change our application code without asking us?": the act, said in other words after the
# subject, is never done (and the sentence names another thing the question does).
_AT_NO_POINT = re.compile(r"\bat\s+no\s+(?:point|time)\s*,?\s+(?:will|would|does|do|did|can|shall|is|are)\s+"
                          r"((?:[\w-]+\s+){0,7}[\w-]+)", re.IGNORECASE)


def never_done(question: str, text: str) -> str | None:
    """The phrase of `text` saying the yes/no question's act, in other words, is done at no point; else None."""
    if not is_yes_no(question):
        return None
    asked = set(key_terms(question))
    return next((found for sentence in _SENTENCE.split(text) for found in [_at_no_point(sentence, question, asked)]
                 if found), None)


def _at_no_point(sentence: str, question: str, asked: set[str]) -> str | None:
    for match in _AT_NO_POINT.finditer(sentence):
        words = match.group(1).split()
        acts = [n for n in range(len(words)) if same_act(" ".join(words[n:]), question)]
        rest = set(key_terms(" ".join(words[:acts[0]] + words[acts[0] + 1:]))) if acts else set()
        if acts and any(matches(term, asked) for term in rest):
            return f"{sentence[match.start():match.start(1)]}{' '.join(words[:acts[0] + 1])}"
    return None
