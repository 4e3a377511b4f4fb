"""Denials said as the opposite of what is asked, with no negation: HTTPS required where plain HTTP is asked, still
working where stopping is asked, the other of two preferred, only after where before is asked, hidden where shown is
asked, destroyed (or lost, or deleted where staying is asked) where persisting is asked, mandatory where opting out is
asked, no longer (or taken away) where still is asked, no longer visible where seeing it afterwards is asked, only with
consent (or notice) where without it is asked, turned off where kept on is asked, kept where switching off is asked.
More readings of the kind are in `reversals`."""

from __future__ import annotations

import re

from ...text.quantities import PERIOD, amounts
from ...text.terms import key_terms, matches, stem
from .reversals import said_reversed
from .wording import EMPHASIS, said_near, sentences

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


# Asked whether it is shown ("…printed on the `export` line of the logs by default?", "If a user hides their email …,
# can you still see it?"), a passage saying it is hidden from there ("hidden from the `export` line in the logs",
# "which also hides it from us") says no. The question's own condition ("If a user hides …,") is not what it asks, and a
# question asking whether it is hidden or masked is not this kind.
_CONDITION = re.compile(r"^\s*(?:if|when|once|after)\b[^,?]*,", re.IGNORECASE)
_ASKS_SHOWN = re.compile(r"\b(?:see|sees|seen|show|shows|shown|display|displays|displayed|print|prints|printed|"
                         r"visible|view|viewed|readable)\b", re.IGNORECASE)
_ASKS_HIDDEN = re.compile(r"\b(?:hid(?:e|es|den|ing)|mask(?:s|ed|ing)?|obfuscat\w*|redact\w*|censor\w*)\b",
                          re.IGNORECASE)
# Asked whether it can be made so ("Can we choose to show an account variable's value in the logs?"), what holds by
# default is no answer.
_ASKS_TO_MAKE = re.compile(r"\b(?:can|could|may)\s+(?:we|you|i|users?|admins?|an?\s+\w+)\s+(?:choose|opt|decide|elect|"
                           r"configure|set|make|enable|turn\s+on|switch\s+on)\b", re.IGNORECASE)
_HIDDEN_FROM = re.compile(r"\b(?:hidden|hides?|hiding|kept\s+out)\b(?:\s+[\w`]+){0,2}?\s+(?:from|of)\s+([^.;,]+)",
                          re.IGNORECASE)


def hidden_from(question: str, text: str) -> str | None:
    """The phrase of `text` saying it is hidden from where a question asks whether it is shown (a word of the
    question there, or "us" when the question asks what the vendor sees); else None."""
    asked_text = _CONDITION.sub(" ", question)
    if not _ASKS_SHOWN.search(asked_text) or _ASKS_HIDDEN.search(asked_text) or _ASKS_TO_MAKE.search(asked_text):
        return None
    asked = set(key_terms(asked_text))
    vendor_sees = bool(re.search(r"\byou\b", asked_text, re.IGNORECASE))
    for found in _HIDDEN_FROM.finditer(EMPHASIS.sub(r"\2", text)):
        where = found.group(1)
        if any(matches(term, asked) for term in key_terms(where)) or (
                vendor_sees and re.match(r"\s*(?:us|we)\b", where, re.IGNORECASE)):
            return found.group(0).strip()
    return None


# Asked whether it persists ("Does a build environment persist after the job…?"), a passage saying it is destroyed or
# ephemeral ("build job environments are ephemeral, and once the build job is finished, the environment is destroyed")
# says no, when the sentence names a word of the question. A question that itself speaks of the destruction ("Do logs
# persist after the VM is destroyed?") asks of what outlives it, and is not this kind.
_ASKS_PERSISTS = re.compile(r"\b(?:persists?|persisted|persistent|survives?|remains?|stays?|lingers?|reused|re-used|"
                            r"kept|retained|preserved)\b", re.IGNORECASE)
# "All the pipelines, jobs, and artifacts associated with the project will be lost", asked "…kept after the project is
# deleted?".
_GONE = re.compile(r"\b(?:ephemeral|(?:is|are|gets?|get|will\s+be|be)\s+(?:destroyed|disposed\s+of|discarded|wiped|"
                   r"torn\s+down|thrown\s+away|lost))\b", re.IGNORECASE)


# Asked whether it stays ("If we remove the Okta integration, do the accounts it created stay?"), deleted says no too
# ("all the users created during the integration are deleted from Semaphore"); asked whether it is kept for a time,
# deleted after that time is no denial, so only staying asks this.
_ASKS_STAYS = re.compile(r"\b(?:stays?|remains?|survives?|persists?)\b", re.IGNORECASE)
_DELETED_FROM = re.compile(r"\b(?:is|are|gets?|will\s+be)\s+(?:deleted|removed|erased)\s+from\b", re.IGNORECASE)


# Asked whether it is kept ("If we lower the default retention, is older data in existing datasets kept?"), deleted at
# once or of itself says no ("Axiom immediately deletes all data older than the new period", "…is automatically
# deleted"), when neither gives a period: "automatically deleted after 30 days" says how long it is kept.
_DELETED_NOW = re.compile(r"\b(?:(?:immediately|automatically)\s+(?:deletes|erases|removes|purges)|"
                          r"(?:is|are|gets?|will\s+be)\s+(?:immediately|automatically)\s+"
                          r"(?:deleted|erased|removed|purged))\b",
                          re.IGNORECASE)


# Asked whether it stays ("Do backups survive if the volume is wiped?"), an act deleting it says no ("Wiping a volume
# deletes all backups"), what is deleted a word of the question.
_DELETES = re.compile(r"\b(?:deletes|removes|erases|destroys|wipes|purges)\s+"
                      r"(?:(?:all|any|every|the|its|their|your)\s+)?(?:[\w-]+\s+){0,2}?[\w-]+", re.IGNORECASE)
# Asked whether it is deleted ("When a user is deprovisioned, is their audit history wiped as well?"), kept with no
# period says no ("The user's data (audit log entries, change request history) is preserved"); "kept for 30 days"
# says how long, and a question giving a period asks how long.
_ASKS_DELETED = re.compile(r"\b(?:is|are|gets?|be|been)\s+(?:[\w’'-]+\s+){0,4}?"
                           r"(?:deleted|removed|erased|wiped|purged|destroyed|lost)\b", re.IGNORECASE)
_KEPT = re.compile(r"\b(?:is|are|will\s+be|remains?)\s+(?:still\s+)?(?:preserved|retained|kept)\b(?!\s+(?:for|until|"
                   r"up\s+to|only))"
                   # "…are removed from the user interface, but persist in the Mattermost database" (a soft delete)
                   r"|\b(?:still\s+)?persists?\s+in\b", re.IGNORECASE)


# Asked whether it is deleted at once ("When an account is closed, are its email and IP address records erased straight
# away?"), kept for a time first says no ("we'll keep your email address and IP addresses for 1 year before we delete
# them"), and so does deleting after or within a time ("we will delete your data within 1 year").
_AT_ONCE = r"(?:immediately|straight\s+away|right\s+away|at\s+once|instantly|without\s+delay)"
_GONE_WORD = r"(?:deleted|erased|removed|purged|wiped|destroyed)"
_ASKS_AT_ONCE = re.compile(rf"\b{_GONE_WORD}\b[^?.;]{{0,40}}?\b{_AT_ONCE}|\b{_AT_ONCE}\s+{_GONE_WORD}\b", re.IGNORECASE)
_DELAYED = re.compile(rf"\b(?:keep|kept|retain|retained|hold|held|store|stored)\b[^.;]{{0,80}}?\bfor\s+(?:up\s+to\s+)?"
                      rf"{PERIOD}\s+(?:before|until)\b|\b(?:delete|deleted|erase|erased|remove|removed|purge|purged)\b"
                      rf"[^.;]{{0,40}}?\b(?:after|within)\s+{PERIOD}", re.IGNORECASE)


def gone_after(question: str, text: str) -> str | None:
    """The phrase of `text` saying that what a question asks whether it persists is destroyed, or kept what it asks
    whether is deleted, or kept a while what it asks whether is deleted at once; else None."""
    return (said_near(question, text, _ASKS_PERSISTS, _GONE, _before)
            or said_near(question, text, _ASKS_STAYS, _DELETED_FROM, _before) or _deleted_now(question, text)
            or said_near(question, text, _ASKS_STAYS, _DELETES, _deleted) or _kept_undated(question, text)
            or said_near(question, text, _ASKS_AT_ONCE, _DELAYED, least=2))


def _deleted(sentence: str, found: re.Match[str]) -> str:
    # What the act deletes: the words after its verb.
    return found.group(0).split(None, 1)[1]


def _kept_undated(question: str, text: str) -> str | None:
    # What the question asks, not its condition ("Once a message is truly deleted, does its text still turn up…?").
    asked = _CONDITION.sub(" ", question)
    if not _ASKS_DELETED.search(asked) or amounts(question):
        return None
    return said_near(asked, _undated(text), _ASKS_DELETED, _KEPT, _before)


def _deleted_now(question: str, text: str) -> str | None:
    if not _ASKS_PERSISTS.search(question) or amounts(question):
        return None
    return said_near(question, _undated(text), _ASKS_PERSISTS, _DELETED_NOW, least=2)


def _undated(text: str) -> str:
    # The sentences giving no period: "automatically deleted after 30 days" says how long it is kept.
    return " ".join(s for s in sentences(text) if not amounts(s))


def _before(sentence: str, found: re.Match[str]) -> str:
    # What the sentence says before the phrase: the thing said to be gone.
    return sentence[:found.start()]


# Asked whether it can be opted out of ("Can a repository opt out of the scan for leaked credentials?"), a passage
# calling it mandatory ("a mandatory post-job log scan") says no, when a word of the question is beside it.
_ASKS_OPT_OUT = re.compile(r"\b(?:opt(?:\s+|-)?out|disable|turn\s+off|switch\s+off|skip|bypass|exempt(?:ed)?)\b",
                           re.IGNORECASE)
_MANDATORY = re.compile(r"\b(?:mandatory|compulsory|cannot\s+be\s+(?:disabled|turned\s+off|switched\s+off|skipped|"
                        r"bypassed|opted\s+out\s+of))\b", re.IGNORECASE)


def mandatory(question: str, text: str) -> str | None:
    """The phrase of `text` making mandatory what a question asks whether it can be opted out of; else None."""
    return said_near(question, text, _ASKS_OPT_OUT, _MANDATORY, lambda sentence, found: " ".join(
        [*sentence[:found.start()].split()[-4:], *sentence[found.end():].split()[:4]]))


# Asked whether it still holds ("Is travis-ci.org still supported?"), a passage saying it no longer does ("…is
# disabled and therefore no longer supported") says no: its verb and another word of the question in one sentence.
_NO_LONGER = re.compile(r"\b(?:no\s+longer|not\s+any\s+longer)\s+((?:be\s+)?[\w-]+)", re.IGNORECASE)

# What is taken away answers "still" no as well: "Suspending … a user's repository access removes the user's
# build-triggering access", asked "After we suspend someone's access, can they still start builds?" (a word of the
# question in what is taken).
_TAKEN_AWAY = re.compile(r"\b(?:removes?|revokes?|withdraws?|takes\s+away)\s+((?:[\w’'-]+\s+){0,4}?)"
                         r"(?:access|ability|permissions?|rights?|privileges?)\b", re.IGNORECASE)


# Asked whether it can be seen once something is done ("Can users view what a secret contains after it has been
# saved?"), "no longer visible" says no ("Once a secret is created, its content is no longer visible to users").
_ASKS_SEEN_AFTER = re.compile(rf"(?=.*{_ASKS_SHOWN.pattern})(?=.*\b(?:after|once|later|again|any\s*more)\b)",
                              re.IGNORECASE | re.DOTALL)
_NO_LONGER_SHOWN = re.compile(r"\bno\s+longer\s+(?:visible|shown|displayed|viewable|readable|accessible)\b",
                              re.IGNORECASE)


def no_longer(question: str, text: str) -> str | None:
    """The phrase of `text` saying no longer what a question asks whether it still is (or no longer visible what it
    asks whether it can be seen afterwards); else None."""
    shown = None if _ASKS_HIDDEN.search(question) else said_near(question, text, _ASKS_SEEN_AFTER, _NO_LONGER_SHOWN)
    if shown:
        return shown
    if not re.search(r"\bstill\b", question, re.IGNORECASE):
        return None
    asked = set(key_terms(question))
    # Words read as stems, not key terms: the verb is often one of the words key terms leave out ("supported").
    words = {stem(word) for word in re.findall(r"[a-z]+", question.lower())}
    for sentence in sentences(text):
        for found in _NO_LONGER.finditer(sentence):
            verb = stem(found.group(1).split()[-1].lower())
            if verb in words and set(key_terms(sentence)) & asked:
                return found.group(0)
        taken = _TAKEN_AWAY.search(sentence)
        if taken and set(key_terms(taken.group(1))) & asked:
            return taken.group(0)
    return None


# Asked whether it is done without the customer's say-so ("Will your staff look at our code without our consent?"), a
# passage saying it is done only with it ("We only manually access your code when explicitly requested by you and only
# in explicit consent with you") says no: consent, permission, approval and request are one say-so.
_SAY_SO = r"(?:consent|permission|approval|authori[sz]ation|agreement|request(?:ed)?)"
# Being told is the customer's say-so too: "Might you bring on a new subprocessor without telling us?" is answered no by
# "only after informing the Client in writing".
_TOLD = r"(?:telling|informing|notifying|notice|notification|announcing)"
_ASKS_WITHOUT = re.compile(rf"\b(?:without|with\s+no)\s+(?:[\w’'-]+\s+){{0,3}}?(?:{_SAY_SO}|(?P<told>{_TOLD}))\b"
                           r"|(?P<unannounced>\bunannounced\b)", re.IGNORECASE)
_ONLY_WITH = re.compile(rf"\bonly\s+(?:[\w-]+\s+){{0,4}}?(?:with|in|upon|after|on|when|if)\s+(?:[\w-]+\s+){{0,3}}?"
                        rf"{_SAY_SO}\b", re.IGNORECASE)
# Asked of notice, telling first or notice ahead answers too ("announced to Travis-CI at least 2 weeks in advance", asked
# "with no advance notice?"); asked of consent, being told is not being asked.
_ONLY_TOLD = re.compile(rf"\bonly\s+(?:[\w-]+\s+){{0,4}}?(?:with|in|upon|after|on|when|if)\s+(?:[\w-]+\s+){{0,3}}?"
                        rf"(?:{_TOLD}|informed|notified)\b"
                        r"|\b(?:in\s+advance|advance\s+notice|prior\s+notice|notice\s+period)\b", re.IGNORECASE)


def only_with_consent(question: str, text: str) -> str | None:
    """The phrase of `text` doing it only with the customer's say-so (or notice, when notice is asked), for a question
    asking whether it is done without it (another word of the question in the sentence); else None."""
    asked_without = _ASKS_WITHOUT.search(question)
    if asked_without is None:
        return None
    told = bool(asked_without.group("told") or asked_without.group("unannounced"))
    asked = set(key_terms(question.replace(asked_without.group(0), " ")))
    for sentence in sentences(text):
        found = _ONLY_WITH.search(sentence) or (_ONLY_TOLD.search(sentence) if told else None)
        if found and set(key_terms(sentence)) & asked:
            return found.group(0)
    return None


# Asked whether it can stay on ("…and still keep certificate verification turned on?"), a passage requiring it turned
# off ("In all cases of using self-signed certificates, you must disable SSL certificate validation") says no, a word
# of the question in what must be turned off.
_ASKS_KEPT_ON = re.compile(r"\b(?:keep|keeps|leave|leaves|still\s+have|remain)\b[^?.;]{0,60}?"
                           r"\b(?:on|enabled|turned\s+on|switched\s+on|active)\b", re.IGNORECASE)
_MUST_TURN_OFF = re.compile(r"\b(?:must|need\s+to|needs\s+to|have\s+to|has\s+to|required\s+to)\s+(?:first\s+)?"
                            r"(?:disable|turn\s+off|switch\s+off|deactivate)\s+((?:[\w-]+\s+){0,4}[\w-]+)",
                            re.IGNORECASE)


def must_turn_off(question: str, text: str) -> str | None:
    """The phrase of `text` requiring turned off what a question asks whether it can keep on; else None."""
    return said_near(question, text, _ASKS_KEPT_ON, _MUST_TURN_OFF, lambda sentence, found: found.group(1))


# Asked whether it can be switched off or removed ("Once MFA is mandatory, can users switch it off for themselves?"), a
# passage requiring it kept ("Once MFA is enforced, all users must maintain at least one security key") says no, when
# the sentence names a word of the question.
_ASKS_OFF = re.compile(r"\b(?:switch(?:ed)?\s+(?:it\s+|them\s+)?off|turn(?:ed)?\s+(?:it\s+|them\s+)?off|disable|remove|"
                       r"delete|drop|get\s+rid\s+of)\b", re.IGNORECASE)
_MUST_KEEP = re.compile(r"\b(?:must|need\s+to|needs\s+to|have\s+to|has\s+to|(?:is|are)\s+required\s+to)\s+(?:always\s+)?"
                        r"(?:maintain|keep|retain)\b", re.IGNORECASE)


def must_keep(question: str, text: str) -> str | None:
    """The phrase of `text` requiring kept what a question asks whether it can be switched off or removed; else
    None."""
    if not _ASKS_OFF.search(question):
        return None
    asked = set(key_terms(question))
    for sentence in sentences(text):
        found = _MUST_KEEP.search(sentence)
        if found and len(set(key_terms(sentence)) & asked) >= 2:
            return found.group(0)
    return None


# Asked whether it is announced ("Will we be told in advance before critical security fixes are installed?"), a passage
# doing it without notice ("Critical security patches are applied automatically without notification") says no, two
# other words of the question in the sentence.
_ASKS_TOLD = re.compile(r"\b(?:told|tell|notif(?:y|ied|ies)|notified|inform(?:ed|s)?|warn(?:ed|s)?|alert(?:ed|s)?|"
                        r"announc\w*)\b", re.IGNORECASE)
_UNANNOUNCED = re.compile(r"\b(?:without|with\s+no)\s+(?:any\s+|prior\s+|advance\s+|further\s+)?(?:notice|"
                          r"notification|warning|announcement)s?\b|\bunannounced\b", re.IGNORECASE)


def done_unannounced(question: str, text: str) -> str | None:
    """The phrase of `text` doing without notice what a question asks whether the customer is told of; else None."""
    return said_near(question, text, _ASKS_TOLD, _UNANNOUNCED, least=2, cue_aside=True)


# Asked whether it is shared ("Is one account shared between your production and test environments?"), a passage calling
# the things separate says no ("Your Login.gov production account and Login.gov sandbox (test environment) accounts are
# separate"), two other words of the question in the sentence; so does one dedicating it to one of them
# ("Service-providing virtual machines (VMs) are dedicated to a single customer", asked "…ever shared with another
# tenant?").
_ASKS_SHARED = re.compile(r"\bshared?\b", re.IGNORECASE)
_SEPARATE = re.compile(r"\b(?:is|are)\s+(?:completely\s+|fully\s+|entirely\s+|kept\s+|always\s+)?separated?\b|"
                       r"\b(?:is|are)\s+dedicated\s+to\s+(?:a\s+single|one|each|an?\s+individual)\b|"
                       r"\bsingle[\s-]tenant\b", re.IGNORECASE)


def kept_apart(question: str, text: str) -> str | None:
    """The phrase of `text` calling separate what a question asks whether it is shared; else None."""
    return said_near(question, text, _ASKS_SHARED, _SEPARATE, least=2, cue_aside=True)


def said_opposite(question: str, text: str, lead: str = "") -> str | None:
    """The phrase of `text` (under `lead`, its list's lead) saying the opposite of what is asked; else None."""
    return (https_only(question, text, lead) or keeps_working(question, text) or preferred_instead(question, text)
            or only_after(question, text) or hidden_from(question, text) or gone_after(question, text)
            or mandatory(question, text) or no_longer(question, text) or only_with_consent(question, text)
            or must_turn_off(question, text) or must_keep(question, text) or said_reversed(question, text)
            or done_unannounced(question, text) or kept_apart(question, text))
