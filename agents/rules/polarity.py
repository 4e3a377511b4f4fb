"""A yes/no question asked in the negative: "Does the client work without any inbound firewall ports?",
"a role that can see all configuration but change none of it?", "…without a commercial licence?".

"Yes." and "No." then answer the negative, and a negation in the passage may be the very thing asked
("The NetBird client doesn't require any incoming port to be open"; "An Auditor … can't modify
anything") or may deny it; a passage without one ("SCIM provisioning … require a Commercial License")
may answer "no" to it. Word matching reads a negation as a denial of the capability, so which way round
the passage answers is left to a reviewer, with the question's negation named. An abstention claims
nothing either way and is not this kind. The words are English negation, not wording read off a vendor.
"""

from __future__ import annotations

import re

from ..text.cues import not_negations
from ..text.question_form import is_yes_no
from ..text.terms import key_terms, matches
from ..text.verbs import same_act

# Besides "not" and its kin, what keeps a thing away: "Can values … be kept out of the run logs?", "hidden from
# users", "Is one tenant prevented from degrading…?", "Does someone removed from a team lose what it could access?",
# "Can pinned posts be spared when retention deletes old messages?" (a passage's "cannot affect", "no longer have
# access", "won't be deleted" agree with them). Not in a condition of the question ("…issued in case a user loses
# their device?"). So do "refused", "rejected", "disallowed" and "forbidden": "Are passwords that contain the user's
# email address refused?" is answered yes by "Cannot contain your name or email address"; so does "stop" before whom
# it keeps from doing ("…stop them connecting?": "they can no longer connect"), not "stop a running job". Not
# "blocked": "a blocked fork" names a thing, and "Are trait writes blocked out of the box?" was answered by "Turning
# it Off will not allow…", a setting's other state.
_NEGATION = re.compile(r"\b(?:not|no|none|never|nothing|nobody|without|cannot|unable|neither|nor|kept\s+out|"
                       r"hidden|excluded|withheld|prevent(?:s|ed)?|los(?:e|es)|spared|kept\s+from|refused|rejected|"
                       r"disallowed|forbidden|stop(?:s|ped)?(?=\s+(?:them|him|her|it|anyone|everyone|users?|people|"
                       r"clients?|members?|[a-z]+s)\s+(?:from\s+)?[a-z]+ing\b))\b|\w+n't\b", re.IGNORECASE)
_KEEPING_VERB = re.compile(r"prevent|los|spared|kept\s+from|refused|rejected|disallowed|forbidden|stop", re.IGNORECASE)
_IN_CONDITION = re.compile(r"\b(?:if|when|whenever|in\s+case|once|after|before|unless|should)\b[^,;?]*$", re.IGNORECASE)


def asked_in_negative(question: str) -> str | None:
    """The negation a yes/no question asks with ("without", "none", "not"), or None."""
    if not is_yes_no(question):
        return None
    asked = not_negations(question.lower().replace("’", "'"))
    for match in _NEGATION.finditer(asked):
        if not (_KEEPING_VERB.match(match.group()) and _IN_CONDITION.search(asked[:match.start()])):
            return match.group()
    return None


# A passage's negation, with the words around it that say what is negated ("it is physically impossible for employees
# … to view the values of secrets", "doesn't require any incoming port to be open").
_SAID_NEGATION = re.compile(r"\b(?:not|no|never|cannot|impossible|unable|no\s+longer)\b|\w+n't\b", re.IGNORECASE)


def agrees_in_negative(question: str, text: str) -> bool:
    """Whether a question asked in the negative ("unable to see the values of our secrets?", "without any inbound
    firewall ports being opened?") is answered by a negation of `text` that negates the same: a word of what the
    question negates, or its act in other words, is what the passage negates too. That negation says yes."""
    asked = asked_in_negative(question)
    match = re.search(rf"\b{re.escape(asked)}", question, re.IGNORECASE) if asked else None
    if match is None or _DESCRIBES.search(question[:match.start()]) or _CONDITION.match(question, match.start()):
        return False
    # "…come with cache storage without extra setup?": "without" negates what follows it, not the words before.
    negated = _around(question, match, reach=0 if asked.lower() == "without" else 2)
    wanted = set(key_terms(negated))
    text = _IF_CLAUSE.sub(" ", text)
    keeps_away = _KEEPS_AWAY.get(asked.lower())
    for negation in _SAID_NEGATION.finditer(text):
        said = _around(text, negation)
        if keeps_away and re.search(keeps_away, said, re.IGNORECASE):
            # The passage negates the keeping away itself ("not required to hide message contents" says no to "must
            # message contents be hidden?"): of what the question negates, the first it says is a no.
            if any(matches(term, wanted) for term in key_terms(said)):
                return False
            continue
        if any(matches(term, wanted) for term in key_terms(said)) or _same_act_within(said, negated):
            return True
    return False


# The negation describes the asker's own doing, not the thing asked ("the default teams we never use", "a team they
# are not part of"), or sets a condition ("…without our consent?").
_DESCRIBES = re.compile(r"\b(?:we|they|you|i|he|she)\s+(?:\w+\s+)?$", re.IGNORECASE)
_CONDITION = re.compile(r"without\s+(?:our|your|their|the\s+\w+'s|prior|explicit|written)\s+(?:\w+\s+)?"
                        r"(?:consent|permission|approval|knowledge|authori[sz]ation|agreement)", re.IGNORECASE)


# A question's word for keeping a thing away, as a passage may negate it ("must message contents be hidden from email
# notifications?" against "it is not required to hide message contents").
_KEEPS_AWAY = {"hidden": r"\bhid(?:e|es|den|ing)\b", "excluded": r"\bexclu(?:de|des|ded|ding)\b",
               "withheld": r"\bwithh(?:old|olds|eld|olding)\b", "kept out": r"\bke(?:ep|eps|pt|eping)\s+out\b",
               **dict.fromkeys(("prevent", "prevents", "prevented"), r"\bprevent(?:s|ed|ing)?\b"),
               **dict.fromkeys(("lose", "loses"), r"\blos(?:e|es|t|ing)\b"), "spared": r"\bspar(?:e|es|ed|ing)\b",
               "kept from": r"\bke(?:ep|eps|pt|eping)\s+(?:\w+\s+)?from\b",
               # "Does enhanced isolation stop developers from running privileged containers?": "doesn't prevent users
               # from running privileged containers" negates the keeping, a no.
               **dict.fromkeys(("stop", "stops", "stopped"), r"\b(?:stop(?:s|ped|ping)?|prevent(?:s|ed|ing)?|"
                               r"block(?:s|ed|ing)?)\b")}


# A passage's condition is whom it speaks of, not its answer: "If the team member has not triggered the build during
# the billing period, Travis CI will not charge you for that user" agrees with "members who triggered no build" in its
# condition and answers "Are we charged for them?" in its main clause.
_IF_CLAUSE = re.compile(r"(?:^|(?<=[.;:!?]\s))(?:if|when|whenever|in\s+case)\s+[^.;:,]*,", re.IGNORECASE)


def _around(text: str, match: re.Match[str], reach: int = 2) -> str:
    # Two words before a negation ("change none of it") and eight after, within its clause.
    words = re.split(r"[.;:,?!]", text[:match.start()])[-1].split()
    before = words[len(words) - reach:] if reach else []
    after = re.split(r"[.;:,?!]", text[match.end():])[0].split()[:8]
    return " ".join([*before, *after])


def _same_act_within(said: str, negated: str) -> bool:
    words = said.split()
    return any(same_act(" ".join(words[n:]), negated) for n in range(len(words)))
