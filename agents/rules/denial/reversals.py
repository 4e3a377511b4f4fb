"""More denials said as the opposite of what is asked, with no negation: later where at once is asked, sometimes where
always is asked, done instead of what is asked, a setting off by default where it is asked by default, at no cost
where a charge is asked (an add-on where no charge is, billed where spared is), the other of two prevailing where one
is asked, case kept where it is asked ignored, as many as wanted where a limit is asked. Each but the precedence and
the billing needs the sentence (or what is set aside) to hold two words of the question besides the cue (case, one), so
that it speaks of what is asked."""

from __future__ import annotations

import re

from ...text.terms import key_terms, matches, stem
from ..duty import ASKS_FREE
from .wording import EMPHASIS, said_near, sentences

# Asked whether it happens at once ("Are audit logs streamed to our bucket in real time?", "…applied the moment they
# are saved?"), a passage giving it a period or a delay ("streamed to the bucket once per day", "may take up to 24
# hours to update", "is not immediate", "will end after the current month") says no.
_ASKS_AT_ONCE = re.compile(r"\b(?:immediately|instantly|instant|right\s+away|straight\s+away|at\s+once|the\s+moment|"
                           r"as\s+soon\s+as|in\s+real[\s-]time|without\s+(?:any\s+)?delay)\b", re.IGNORECASE)
_UNIT = r"(?:seconds?|minutes?|hours?|days?|weeks?)"
_LATER = re.compile(rf"\b(?:once\s+(?:a|per|every|each)\s+(?:day|hour|week|month|night)|daily|hourly|nightly|"
                    rf"every\s+(?:\d+\s+)?{_UNIT}|up\s+to\s+\d+\s+{_UNIT}|"
                    r"(?:is|are)\s+not\s+(?:immediate|instant(?:aneous)?|real[\s-]time)|"
                    rf"(?:may|can|could|might)\s+take\s+(?:up\s+to\s+|several\s+|a\s+few\s+)?(?:\d+\s+)?{_UNIT}|"
                    rf"(?:a\s+few\s+)?{_UNIT}\s+of\s+(?:lag|delay)|"
                    r"(?:after|at\s+the\s+end\s+of)\s+the\s+(?:current|next)\s+(?:month|year|term|billing\s+"
                    r"(?:period|cycle))|at\s+the\s+end\s+of\s+(?:the|your|its)\s+(?:billing\s+)?"
                    r"(?:period|cycle|term))\b",
                    re.IGNORECASE)

# Asked whether it always holds ("Will identical jobs always take the same time to run?"), a passage saying it holds
# only sometimes ("identical jobs sometimes complete faster") says no.
_ASKS_ALWAYS = re.compile(r"\b(?:always|every\s+(?:single\s+)?time|without\s+exception)\b", re.IGNORECASE)
_SOMETIMES = re.compile(r"\b(?:sometimes|occasionally|rarely|not\s+always|from\s+time\s+to\s+time|"
                        r"(?:may|can|might)\s+vary|varies)\b", re.IGNORECASE)

# Asked whether one thing is done, a passage doing another in its place ("Instead of pushing the HEAD commit to the
# pull request, Semaphore uses the MERGE commit", asked "Do pull request builds run the exact head commit?") says no.
# What the place is compared with ("…via SSH as in cloud debug jobs") is not part of what is set aside.
_INSTEAD = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+([^,.;]+)", re.IGNORECASE)
_ITEM = re.compile(r"\s+[-*+]\s+|\n")
# Advice opens with what the reader is told to do ("Reuse tokens across similar use cases instead of creating many
# single-purpose tokens"): it says what to prefer, not what the product does.
_ADVICE = re.compile(r"^\W*(?:use|reuse|prefer|choose|consider|try|pick|select|opt|create|store|keep|rotate|generate|"
                     r"set|add|run|enable|configure|install|deploy|pass|put|write|call|send|define|avoid)\b",
                     re.IGNORECASE)
_COMPARED = re.compile(r"\s+(?:as\s+in|as\s+with|as\s+for|like)\b.*$", re.IGNORECASE)

# Asked whether it holds by default ("Do agents disconnect after each job by default?"), a setting whose default is off,
# written as configuration references write it ("(default=false)", "defaults to false"), says no. ("Disabled by
# default" in words is `indirect.default_state`'s.)
_ASKS_DEFAULT = re.compile(r"\bby\s+default\b|\bout\s+of\s+the\s+box\b", re.IGNORECASE)
_ASKS_OFF = re.compile(r"\b(?:not|off|disabled?|turned\s+off|switched\s+off)\b|\w+n['’]t\b", re.IGNORECASE)
_DEFAULT_OFF = re.compile(r"\bdefault\s*[=:]\s*[`'\"]?(?:false|off|no|disabled|0)\b|"
                          r"\bdefaults?\s+to\s+[`'\"]?(?:false|off|no|disabled)\b", re.IGNORECASE)

# Asked whether there is a charge ("Is there a charge for enabling the MCP server?"), a passage doing it at no cost
# says no.
_ASKS_CHARGE = re.compile(r"\b(?:is\s+there\s+(?:a|an|any)\s+(?:extra\s+|additional\s+)?(?:charge|fee|cost)|"
                          r"(?:do|will|would)\s+you\s+charge|(?:is|are)\s+(?:we|it|they|this)\s+(?:charged|billed)|"
                          r"costs?\s+extra|(?:extra|additional)\s+(?:charge|cost|fee))\b", re.IGNORECASE)
_NO_COST = re.compile(r"\b(?:at\s+no\s+(?:extra\s+|additional\s+)?(?:cost|charge)|free\s+of\s+charge|for\s+free|"
                      r"no\s+(?:extra\s+|additional\s+)?(?:charge|cost|fee)s?)\b", re.IGNORECASE)


def _first(question: str, text: str, asks: re.Pattern[str], said: re.Pattern[str], least: int = 2) -> str | None:
    # The sentence must hold `least` words of the question besides the cue's.
    return said_near(question, text, asks, said, least=least, cue_aside=True)


def later(question: str, text: str) -> str | None:
    """The phrase of `text` giving a period or a delay to what a question asks whether it happens at once."""
    return _first(question, text, _ASKS_AT_ONCE, _LATER)


def only_sometimes(question: str, text: str) -> str | None:
    """The phrase of `text` saying sometimes what a question asks whether it always holds."""
    return _first(question, text, _ASKS_ALWAYS, _SOMETIMES)


def done_instead(question: str, text: str) -> str | None:
    """The phrase of `text` setting aside, for another, what the question asks whether it is done (two of its words in
    what is set aside)."""
    if _INSTEAD.search(question):
        return None
    asked = set(key_terms(question))

    def held(words: str) -> set[str]:
        return {term for term in key_terms(words) if matches(term, asked)}

    # Within one sentence or list item: "…the HEAD commit - Delete unused tokens" is two.
    for part in (piece for sentence in sentences(text) for piece in _ITEM.split(sentence)):
        for found in _INSTEAD.finditer("" if _ADVICE.match(part) else part):
            set_aside = _COMPARED.sub("", found.group(1))
            # Two words of the question that only what is set aside holds: where what is done in its place speaks of
            # them too, the passage may answer the question ("Instead of the Internal KMS Root Key decrypting the
            # project data key, the encrypted data key is sent to the external KMS provider", asked "Can our own cloud
            # KMS wrap the keys for a project?").
            if len(held(set_aside) - held(part[:found.start()] + " " + part[found.end():])) >= 2:
                return found.group(0)
    return None


def off_by_default(question: str, text: str) -> str | None:
    """The phrase of `text` saying off by default what a question asks whether it holds by default."""
    if _ASKS_OFF.search(question):
        return None
    return _first(question, text, _ASKS_DEFAULT, _DEFAULT_OFF)


def at_no_cost(question: str, text: str) -> str | None:
    """The phrase of `text` doing at no cost what a question asks whether there is a charge for."""
    return _first(question, text, _ASKS_CHARGE, _NO_COST)


# The other way round: asked whether it comes at no extra cost ("Is SAML single sign-on part of the Cloud plan at no
# extra cost?", "…included in the plan?"), a passage selling it as an add-on or for a fee ("SAML-based SSO … are
# available as add-ons on the Axiom Cloud plan") says no.
_CHARGED = re.compile(r"\b(?:(?:available|offered|sold|purchased?|bought|buy)\s+as\s+(?:an?\s+)?(?:paid\s+)?add-?ons?|"
                      r"(?:for|at)\s+an?\s+(?:extra|additional)\s+(?:cost|charge|fee)|"
                      r"(?:extra|additional)\s+charges?\s+apply)\b", re.IGNORECASE)


def charged_extra(question: str, text: str) -> str | None:
    """The phrase of `text` selling as an add-on, or for a fee, what a question asks whether it comes at no cost."""
    return _first(question, text, ASKS_FREE, _CHARGED)


# Asked whether one of two prevails ("…share a name, does the organization one win?"), a passage giving precedence to
# the other ("Project secrets win over organization secrets", "the project-level secret overrides the organization-level
# secret") says no.
_PREVAIL = r"(?:wins?|prevails?|overrides?|takes?\s+precedence|has\s+precedence|is\s+used)"
_ASKS_PREVAILS = re.compile(rf"\b(?:does|do|will|would)\s+(?:the\s+|an?\s+)?((?:[\w-]+\s+){{0,3}}?[\w-]+)\s+"
                            rf"{_PREVAIL}\b", re.IGNORECASE)
_PREVAILS_OVER = re.compile(rf"\b((?:[\w-]+\s+){{0,2}}[\w-]+)\s+{_PREVAIL}\s+(?:over\s+)?(?:the\s+|an?\s+)?"
                            r"((?:[\w-]+\s+){0,2}[\w-]+)", re.IGNORECASE)


def _words(phrase: str) -> set[str]:
    # Every word, stemmed: key terms leave out words as common as "organization", and here any word tells one of two.
    return {stem(word) for word in re.findall(r"[a-z]{3,}", phrase.lower())} - {"the"}


def other_prevails(question: str, text: str) -> str | None:
    """The phrase of `text` giving precedence to the other of two, for a question asking whether one prevails."""
    asked = _ASKS_PREVAILS.search(question)
    if asked is None:
        return None
    one = _words(asked.group(1)) - {"one", "ones"}
    # One claim per sentence, clause or list item: "- Environment credentials always take precedence - Project secrets
    # win over organization secrets".
    for part in re.split(r"[.;:,]\s+|\s+[-*+]\s+", EMPHASIS.sub(r"\2", text)):
        found = _PREVAILS_OVER.search(part)
        if found and one & _words(found.group(2)) and not one & _words(found.group(1)):
            return found.group(0)
    return None


# Asked whether case is ignored ("Are usernames matched without regard to case?"), a passage calling it case-sensitive
# says no, and the other way round.
_ASKS_ANY_CASE = re.compile(r"\b(?:case[\s-]insensitive(?:ly)?|regardless\s+of\s+(?:upper\s+or\s+lower\s+)?case|"
                            r"without\s+regard\s+to\s+case|ignor\w*\s+(?:the\s+)?case)\b", re.IGNORECASE)
_CASE_SENSITIVE = re.compile(r"\bcase[\s-]sensitive\b", re.IGNORECASE)


def case_kept(question: str, text: str) -> str | None:
    """The phrase of `text` calling case-sensitive what a question asks whether it ignores case (or case-insensitive
    what it asks whether it is case-sensitive)."""
    # One word of the question beside it is enough: "case-sensitive" says of what it names nothing but this.
    if _ASKS_ANY_CASE.search(question):
        return _first(question, text, _ASKS_ANY_CASE, _CASE_SENSITIVE, least=1)
    if _CASE_SENSITIVE.search(question):
        return _first(question, text, _CASE_SENSITIVE, _ASKS_ANY_CASE, least=1)
    return None


# A word and its opposite, with no negation: asked whether it includes, permits or stays inside, a passage saying
# it excludes ("Prices on our website are exclusive of sales tax or VAT", asked "Do the prices … include VAT?"),
# prohibits ("a commercial license that prohibits reverse engineering", asked "…permit reverse engineering?") or is
# outside ("the personal data will indeed be hosted outside of the EU", asked "…stay inside the EU?") says no; so does
# out of a rule's scope where it is asked covered ("Not subject to the U.S. Export Administration Regulations (EAR)",
# asked "Is the open-source Team Edition covered by the EAR export rules?"); so do "the underlying IP addresses change
# during maintenance" asked whether they stay the same, "revokes personal tokens" asked whether they survive, "making
# data … inaccessible" asked whether it is still reachable, and "must match the cloud provider" asked whether it can
# be a different one; "(the cost) is exactly the same as a standard deployment" asked whether it is priced higher;
# "all members lose the permissions they inherited from that group" asked whether they keep them.
_ANTONYMS = (
    (re.compile(r"\b(?:includes?|included|including|inclusive\s+of)\b", re.IGNORECASE),
     re.compile(r"\b(?:exclusive\s+of|excludes?|excluded\s+from|excluding|not\s+included)\b", re.IGNORECASE)),
    (re.compile(r"\b(?:permits?|permitted|allows?|allowed)\b", re.IGNORECASE),
     re.compile(r"\b(?:prohibits?|prohibited|forbids?|forbidden|bans?|banned)\b", re.IGNORECASE)),
    (re.compile(r"\b(?:covered\s+by|subject\s+to|in\s+(?:the\s+)?scope\s+of)\b", re.IGNORECASE),
     re.compile(r"\b(?:not\s+subject\s+to|outside\s+(?:of\s+)?the\s+scope\s+of|out\s+of\s+(?:the\s+)?scope\s+of|"
                r"exempt\s+from)\b", re.IGNORECASE)),
    (re.compile(r"\b(?:stays?|remains?)\s+(?:the\s+)?(?:same|unchanged|constant|fixed)\b|\bunchanged\b", re.IGNORECASE),
     re.compile(r"\b(?:change|changes)\s+(?:during|when|after|on|every|each|over|with|if|whenever|at)\b|"
                r"\b(?:is|are|gets?|get|will\s+be)\s+changed\b", re.IGNORECASE)),
    (re.compile(r"\b(?:survives?|keeps?\s+working|continues?\s+to\s+work|(?:remains?|stays?)\s+valid)\b",
                re.IGNORECASE),
     re.compile(r"\b(?:revokes?|revoked|invalidates?|invalidated|stops?\s+working|no\s+longer\s+works?)\b",
                re.IGNORECASE)),
    (re.compile(r"\b(?:reachable|accessible)\b", re.IGNORECASE),
     re.compile(r"\b(?:inaccessible|unreachable)\b", re.IGNORECASE)),
    (re.compile(r"\b(?:keeps?|retains?)\b", re.IGNORECASE),
     re.compile(r"\b(?:loses?|lost|forfeits?|forfeited)\b", re.IGNORECASE)),
    (re.compile(r"\b(?:higher|more\s+expensive|costlier|pricier|cost\s+more|lower|cheaper|cost\s+less)\b[^?]*\bthan\b",
                re.IGNORECASE),
     re.compile(r"\b(?:(?:is|are)\s+)?(?:exactly|just|precisely)?\s*the\s+same\s+as\b|\bidentical\s+to\b",
                re.IGNORECASE)),
    (re.compile(r"\bdifferent\b", re.IGNORECASE),
     re.compile(r"\b(?:must|has\s+to|have\s+to|needs?\s+to)\s+(?:match|be\s+the\s+same)\b", re.IGNORECASE)),
)
# Inside and outside of the same place: "outside of the EU", asked "inside the EU?"; not "configured outside your source
# code", asked whether code stays inside the environment, nor "outside of instance deployment country", asked "within
# the EU".
_INSIDE = re.compile(r"\b(?:inside|within)\s+((?:[\w-]+\s+){0,3}[\w-]+)", re.IGNORECASE)
_OUTSIDE = re.compile(r"\boutside(?:\s+of)?\s+((?:[\w-]+\s+){0,3}[\w-]+)", re.IGNORECASE)
_MAYBE = re.compile(r"\b(?:may|might|could|can)\b", re.IGNORECASE)


def said_antonym(question: str, text: str) -> str | None:
    """The phrase of `text` saying the opposite word of what the question asks: excludes for includes or prohibits for
    permits (two words of the question in its sentence), outside for inside the same place (a word of the question
    before it); else None."""
    return next((found for asks, said in _ANTONYMS if (found := _first(question, text, asks, said))), None) or (
        _outside_same(question, text))


def _outside_same(question: str, text: str) -> str | None:
    inside = [set(key_terms(m.group(1))) for m in _INSIDE.finditer(question)]
    if not inside or _OUTSIDE.search(question):
        return None
    asked = set(key_terms(question))
    for sentence in sentences(text):
        for found in _OUTSIDE.finditer(sentence):
            place = set(key_terms(found.group(1)))
            before = sentence[:found.start()]
            if _MAYBE.search(before):
                continue  # "may be transferred outside the United Kingdom": a possibility, not where it is kept
            rest = set(key_terms(before))
            if any(place & terms for terms in inside) and sum(matches(t, asked) for t in rest) >= 1:
                return found.group(0)
    return None


# Asked whether some are spared a charge ("Are external partner users exempt from licence charges?"), a passage billing
# them ("They count towards licensing and are billed at the standard end user rate") says no: in a sentence naming them,
# or speaking of them as "they".
_ASKS_EXEMPT = re.compile(r"\bexempt(?:ed)?\s+from\b", re.IGNORECASE)
_BILLED = re.compile(r"\b(?:(?:is|are)\s+(?:also\s+)?(?:billed|charged|invoiced)|counts?\s+(?:towards?|against)\s+"
                     r"(?:the\s+|your\s+)?(?:licen[cs]\w*|billing|seat|bill))\b", re.IGNORECASE)


def billed_anyway(question: str, text: str) -> str | None:
    """The phrase of `text` billing those a question asks whether they are exempt from a charge; else None."""
    if not _ASKS_EXEMPT.search(question):
        return None
    asked = set(key_terms(question))
    for sentence in sentences(text):
        found = _BILLED.search(sentence)
        if found and (_THEY.match(sentence) or any(matches(t, asked) for t in key_terms(sentence[:found.start()]))):
            return found.group(0)
    return None


_THEY = re.compile(r"\W*(?:they|these|those|such)\b", re.IGNORECASE)


# Asked whether there is a limit ("Is there any upper limit on the number of seats we can buy?"), a passage allowing as
# many as wanted ("You can buy as many user seats as needed", "unlimited projects") says no.
_ASKS_LIMIT = re.compile(r"\b(?:is|are)\s+there\s+(?:any\s+|an?\s+)?(?:upper\s+|hard\s+|maximum\s+)?(?:limits?|"
                         r"maximum|max|caps?|ceiling|quotas?)\b|\b(?:limited|capped)\s+(?:to|at)\b", re.IGNORECASE)
_AS_MANY = re.compile(r"\bas\s+many\s+(?:[\w-]+\s+){0,3}?as\s+(?:needed|you\s+(?:need|like|want|wish)|required|"
                      r"necessary|desired)\b|\bunlimited\b|\bno\s+(?:upper\s+|hard\s+)?(?:limit|maximum|cap)\b",
                      re.IGNORECASE)


def as_many_as_wanted(question: str, text: str) -> str | None:
    """The phrase of `text` allowing as many as wanted of what a question asks whether there is a limit on."""
    return _first(question, text, _ASKS_LIMIT, _AS_MANY)


# Asked whether it happens by itself ("Are major version upgrades applied automatically…?"), a passage leaving the
# moment to the customer ("…lets you decide when to apply major version upgrades") says no, of what follows it: the
# same sentence may say something else is automatic ("Aiven applies some maintenance updates automatically and…").
_ASKS_BY_ITSELF = re.compile(r"\bautomatic(?:ally)?\b", re.IGNORECASE)
_YOUR_CALL = re.compile(r"\b(?:lets?|allows?|enables?)\s+you\s+(?:to\s+)?(?:decide|choose|pick)\s+when\b|"
                        r"\b(?:you|customers?)\s+(?:decide|choose)\s+when\b|\b(?:is|are)\s+triggered\s+manually\b",
                        re.IGNORECASE)


def _after(sentence: str, found: re.Match[str]) -> str:
    return re.split(r"[,;]\s", sentence[found.end():])[0]


def left_to_you(question: str, text: str) -> str | None:
    """The phrase of `text` leaving to the customer when what a question asks whether happens automatically is
    done, two words of the question after it; else None."""
    return said_near(question, text, _ASKS_BY_ITSELF, _YOUR_CALL, near=_after, least=2, cue_aside=True)


# Asked whether one thing comes before another ("should the primary be upgraded before the replicas?"), a passage
# putting them the other way round ("upgrade all replicas before upgrading the primary") says no: what the question
# puts first comes after "before" in the passage, and what it puts after comes first.
_BEFORE = re.compile(r"^(.*?)\bbefore\b(.*)$", re.IGNORECASE)


def _sides(sentence: str) -> tuple[set[str], set[str]] | None:
    # The two words nearest "before" on each side, less those on both: what is ordered, not what is done to both
    # ("upgrade all replicas before upgrading the primary": replicas, then the primary).
    found = _BEFORE.match(sentence)
    if not found:
        return None
    first, then = set(key_terms(found.group(1))[-2:]), set(key_terms(found.group(2))[:2])
    return first - then, then - first


def order_reversed(question: str, text: str) -> str | None:
    """The sentence of `text` putting the two things a question orders with "before" the other way round; else None."""
    asked = _sides(question.rstrip("?"))
    if asked is None or not all(asked):
        return None
    for sentence in sentences(text):
        said = _sides(sentence)
        if said and said[0] & asked[1] and said[1] & asked[0] and not said[0] & asked[0] and not said[1] & asked[1]:
            return sentence.strip()
    return None


# Asked whether it requires something ("Does changing the backup schedule require restarting the server?"), a passage
# doing it without that thing ("…can be modified in `server.conf` and hot-reloaded without restarting the server") says
# no: the same word after "without", another word of the question in the sentence.
_ASKS_NEEDED = re.compile(r"\b(?:requires?|required|needs?|necessitates?|involves?)\s+(?:an?\s+|any\s+|the\s+)?"
                          r"([a-z][\w-]*)", re.IGNORECASE)
_WITHOUT = re.compile(r"\bwithout\s+(?:an?\s+|any\s+|the\s+)?([a-z][\w-]*)", re.IGNORECASE)


def done_without(question: str, text: str) -> str | None:
    """The phrase of `text` doing without what a question asks whether it requires; else None."""
    needed = {stem(m.group(1).lower()) for m in _ASKS_NEEDED.finditer(question)}
    if not needed or re.search(r"\bwithout\b", question, re.IGNORECASE):
        return None
    asked = set(key_terms(question))
    for sentence in sentences(text):
        for found in _WITHOUT.finditer(sentence):
            rest = set(key_terms(sentence[:found.start()]))
            # A sentence naming the thing before doing without it ("You can require an invitation to sign up … or let
            # anyone join without an invitation") speaks of both options, not of what is needed.
            thing = stem(found.group(1).lower())
            if thing in needed and thing not in rest and any(matches(term, asked) for term in rest):
                return found.group(0)
    return None


def said_reversed(question: str, text: str) -> str | None:
    """The phrase of `text` saying the reverse of what is asked, by any of the readings above; else None."""
    return (later(question, text) or only_sometimes(question, text) or done_instead(question, text)
            or off_by_default(question, text) or at_no_cost(question, text) or charged_extra(question, text)
            or billed_anyway(question, text) or other_prevails(question, text) or case_kept(question, text)
            or as_many_as_wanted(question, text) or said_antonym(question, text) or left_to_you(question, text)
            or order_reversed(question, text) or done_without(question, text))
