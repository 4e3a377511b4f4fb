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

from ..text.cues import NEGATIVE_CUES, cue_phrases, new_cues, uncontracted
from ..text.grounding import Passage
from ..text.names import specific_phrases
from ..text.question_form import is_yes_no
from ..text.terms import key_terms, matches, spelled_out, stem
from ..text.verbs import same_act

# Up to the next comma: "To ensure that data stays in the region, we disable…" keeps its main clause.
# An instruction's goal is one too: "Ensure development workflows aren't disrupted".
_PURPOSE = re.compile(r"\b(?:so that|so as not to|in order to|in order that|(?:to )?ensure(?: that)?|ensuring(?: that)?|"
                      r"(?:to )?make sure(?: that)?)"
                      r"\b[^.;:,]*", re.IGNORECASE)


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
# "cannot be archived until those references are removed" says no as well.
_AT_ONCE = re.compile(r"\b(?:immediately|instantly|right\s+away|straight\s+away|at\s+once|the\s+moment|"
                      r"as\s+soon\s+as|without\s+(?:any\s+)?delay|in\s+real[\s-]time|"
                      r"(?:that|which|who)\s+(?:[\w-]+\s+){0,3}still)\b", re.IGNORECASE)
# A condition that grants it: "changes to customer data are prohibited without explicit customer approval" says
# the approval is required, so it answers "Do you get our approval before…?" yes; asked of the change itself
# ("Do you change our data?"), its words are not the question's and the prohibition still denies, as it does
# a question asking of the case without it ("…train models without our consent?").
_CONDITIONED = re.compile(r"\b(?:\w+n['’]t|not|never|cannot|prohibited|forbidden|disallowed)\b[^.;:]{0,60}?"
                          r"\b(?:without|unless)\s+([^.;:,]*)", re.IGNORECASE)


# A question asking whether it can be made so ("On our own install, can we make it trust emails sent by our IdP?")
# is not answered no by what holds by default ("By default, Infisical Cloud is configured to not trust emails…").
_ASKS_OPTION = re.compile(r"\b(?:can|could|may)\s+(?:we|you|i|an?\s+admin\w*|the\s+admin\w*)\s+(?:\w+\s+)?"
                          r"(?:make|configure|set|enable|turn\s+on|switch\s+on|change|allow|opt\s+in)\b", re.IGNORECASE)
_DEFAULT = re.compile(r"[^.;]*\bby\s+default\b[^.;]*", re.IGNORECASE)  # the clause saying what holds by default


# What the question asks to do without ("…authenticate with a token instead of a username and password?"): a passage
# saying that thing cannot be used ("pipelines that can't use the standard username and password") agrees.
_ALTERNATIVE = re.compile(r"\b(?:instead\s+of|rather\s+than|in\s+place\s+of)\s+([^?.,;]*)", re.IGNORECASE)

# Emphasis around a word ("are _not_ rate limited", "Guest users **cannot**") is read as the word.
_EMPHASIS = re.compile(r"(?<![\w*])(\*{1,2}|_{1,2})(?=\w)([^*_\n]{1,40}?)(?<=\w)\1(?![\w*])")


def denials(text: str, question: str, cues: tuple[str, ...] = NEGATIVE_CUES) -> list[str]:
    """Denial cues of `text` that the question does not use itself, purpose clauses aside
    (`cues`: the fitted list, or a candidate phrase when the list is fitted)."""
    asked = set(key_terms(question))

    def aside(match: re.Match[str]) -> str:
        clause = asked & set(key_terms(match.group()))
        rest = asked & set(key_terms(text[:match.start()] + " " + text[match.end():]))
        return " " if len(clause) < len(rest) else match.group()

    text = _CHECKED.sub(" ", _EMPHASIS.sub(r"\2", text))
    if not _AT_ONCE.search(question):
        text = _DEFERRAL.sub(" ", text)
    if not re.search(r"\b(?:without|unless)\b", question, re.IGNORECASE):
        text = _CONDITIONED.sub(lambda m: " " if set(key_terms(m.group(1))[-1:]) & asked else m.group(0), text)
    if _ASKS_OPTION.search(question):
        text = _DEFAULT.sub(" ", text)
    alternative = set(key_terms(" ".join(_ALTERNATIVE.findall(question))))
    if alternative:
        text = _NEGATED_CLAUSE.sub(lambda m: " " if set(key_terms(m.group())) & alternative else m.group(), text)
    return new_cues(_off_question(_list_scope(_PURPOSE.sub(aside, text), asked, cues), asked), question, cues)


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


def _clauses(text: str) -> list[str]:
    out: list[str] = []
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
    return " ".join(c if n else " " for c, n in zip(clauses, overlap))


# A list's lead: "Domain audit can't identify: - Users who …", up to its colon; then its items.
_LEAD = re.compile(r"^([^:]{1,200}):\s+-\s")
_ITEM = re.compile(r"\s+-\s+")


def _list_scope(text: str, asked: set[str], cues: tuple[str, ...]) -> str:
    """A list read for what its lead says of its items: all of it when the lead negates a verb of its
    own, and of an affirming lead, the items that speak of the question more than it does."""
    lead = _LEAD.match(text)
    if lead is None:
        return text
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


# "remain un-encrypted", "is unsupported", "are left unchanged": the question's own word, negated by its prefix,
# said of the subject (an attribute, "unprotected devices", names a threat, not a state).
_UN_WORD = re.compile(r"\b(?:is|are|was|were|be|been|remains?|stays?|left|kept)\s+(?:\w+\s+)?(un-?([a-z]{4,}))\b",
                      re.IGNORECASE)


# "runs as a non-root user", "non-production data": "non-" negates its word wherever it stands, but in a scope that
# names another group: "For non-Pro users, users will have the same level of access" says nothing of Pro users.
_NON_WORD = re.compile(r"(?<!\bfor )(?<!\bto )(?<!\bon )\b(non-([a-z]{3,}))\b", re.IGNORECASE)


def undone(question: str, text: str) -> str | None:
    """A word of `text` that is one of the question's own words negated by "un-" ("un-encrypted" for
    "are … encrypted?") or "non-" ("a non-root user" for "does it run as root?"), when the question does not
    use it so itself (None when none)."""
    asked = set(key_terms(question))
    for match in [*_UN_WORD.finditer(text), *_NON_WORD.finditer(text)]:
        if stem(match.group(2).lower()) in asked and not re.search(rf"\b{re.escape(match.group(1))}", question, re.I):
            return match.group(0)
    return None


# "No PII is stored or transferred", "no data will be lost": "no" opening the subject of a clause, its verb after.
_NO_SUBJECT = re.compile(r"(?<![\w-])no\s+((?:[\w-]+\s+){0,2}?[\w-]+)\s+(?:is|are|was|were|will|can|shall|gets?|"
                         r"leaves?|ever)\b", re.IGNORECASE)


# "There's no automatic purging or TTL": a thing said not to exist at all.
_NO_SUCH = re.compile(r"\bthere\s*(?:is|are|'s|’s|will\s+be)\s+no\s+((?:[\w-]+\s+){0,2}[\w-]+)", re.IGNORECASE)


def none_of(question: str, text: str) -> str | None:
    """The clause of `text` that says none of a thing of the question is or will be so ("No PII is stored",
    "no data will be lost", "There's no automatic purging"), when the question does not say "no" itself;
    else None."""
    if re.search(r"(?<![\w-])no\b", question, re.IGNORECASE):
        return None
    asked = set(key_terms(question))
    for match in [*_NO_SUBJECT.finditer(text), *_NO_SUCH.finditer(text)]:
        if _names(match.group(1), question, asked):
            return match.group(0)
    return _nothing_done(text, question, asked)


def _names(subject: str, question: str, asked: set[str]) -> bool:
    # A subject naming a thing of the question, in its words or by its initials ("PII").
    return any(matches(term, asked) for term in key_terms(subject)) or any(
        word.isupper() and spelled_out(word, question) for word in subject.split())


def contrasted(question: str, text: str) -> str | None:
    """The phrase of `text` setting a name of the question against what is done instead ("we use OpenID
    Connect, not SAML", "rather than SAML"), or the grant that prevails against the one the question asks
    prevails ("the most permissive role" asked "does the more restrictive one win?"); else None."""
    for name in specific_phrases(question):
        found = re.search(rf"(?:,\s*|\bbut\s+)not\s+(?:an?\s+|the\s+|via\s+|with\s+)?{re.escape(name)}\b"
                          rf"|\b(?:rather\s+than|instead\s+of|in\s+lieu\s+of)\s+(?:an?\s+|the\s+)?{re.escape(name)}\b",
                          text)
        if found:
            return found.group(0)
    return _opposite_precedence(question, text)


# Which of two grants prevails, said one way in the question and the other in the passage: "When team and individual
# roles conflict, does the more restrictive one win?" against "Dagster+ will use the **most permissive** role", "the
# highest pipeline-level permission … applies", "the role with more access takes effect".
_GRANT = r"(?:permissions?|access|privileges?|rights?|roles?)"
_STRICTER = re.compile(rf"\b(?:(?:more|most)\s+(?:restrictive|limited)|least\s+permissive|(?:lower|lowest|least|fewer)\s+"
                       rf"(?:[\w-]+\s+)?{_GRANT}|less\s+access)\b", re.IGNORECASE)
_LOOSER = re.compile(rf"\b(?:(?:more|most)\s+permissive|least\s+restrictive|(?:higher|highest|greatest)\s+(?:[\w-]+\s+)?"
                     rf"{_GRANT}|more\s+access)\b", re.IGNORECASE)
_PREVAILS = re.compile(r"\b(?:wins?|prevails?|appl(?:y|ies)|takes?\s+(?:effect|precedence)|is\s+used|(?:will\s+)?use[sd]?|"
                       r"overrides?|counts?)\b", re.IGNORECASE)


def _opposite_precedence(question: str, text: str) -> str | None:
    if not (_PREVAILS.search(question) and _PREVAILS.search(text)):
        return None
    plain_text = _EMPHASIS.sub(r"\2", text)
    for asked, said in ((_STRICTER, _LOOSER), (_LOOSER, _STRICTER)):
        found = said.search(plain_text)
        if asked.search(question) and found and not said.search(question):
            return found.group(0)
    return None


# "Do access groups restrict what a token can reach?" against "Workspace tokens can reach every project …
# whether or not access groups are enabled": what holds whether or not the asked thing is there is not
# changed by it.
_ASKS_EFFECT = re.compile(r"^\s*(?:does|do|will|would|can)\s+(.{3,60}?)\s+(?:also\s+|still\s+)?(?:restrict|limit|"
                          r"affect|change|narrow|reduce|override|apply to)\b", re.IGNORECASE)
_REGARDLESS = re.compile(r"\b(?:whether or not|regardless of(?: whether)?|irrespective of)\s+((?:[\w-]+\s+){0,4}[\w-]+)",
                         re.IGNORECASE)


def unaffected(question: str, text: str) -> str | None:
    """The phrase of `text` saying what the question asks about holds whether or not the thing the question
    asks the effect of is there (None when none)."""
    asked = _ASKS_EFFECT.match(question)
    if asked is None:
        return None
    cause = set(key_terms(asked.group(1)))
    for match in _REGARDLESS.finditer(text):
        if cause and cause <= set(key_terms(match.group(1))):
            return match.group(0)
    return None


# A state that denies use: "this command is currently disabled", "user_version: Read-only on Turso Cloud"
# (read-only denies writing, not reading: it counts only for a question asking to change something).
_DISABLED = re.compile(r"\b(?:is|are|remains?|stays?)\s+(?:currently\s+|still\s+|now\s+)?(?:disabled|deactivated|"
                       r"switched\s+off|turned\s+off)\b", re.IGNORECASE)
_READ_ONLY = re.compile(r"\bread[\s-]only\b", re.IGNORECASE)
_ASKS_TO_CHANGE = re.compile(r"\b(?:write|writes|writing|change|modify|edit|update|set|alter|overwrite|delete|"
                             r"remove)\b", re.IGNORECASE)


def disabled(question: str, text: str) -> str | None:
    """The phrase of `text` saying the thing is disabled, or read-only for a question asking to change it;
    None when none, or when the question uses that very word ("Is 2FA disabled by default?")."""
    off = _DISABLED.search(text)
    if off and not re.search(r"\b(?:disabled|deactivated|off)\b", question, re.IGNORECASE):
        return off.group(0)
    read_only = _READ_ONLY.search(text)
    if read_only and _ASKS_TO_CHANGE.search(question) and not _READ_ONLY.search(question):
        return read_only.group(0)
    return None


# What cannot be done again once done: changed after it is set ("Regions cannot be changed after a project is
# created", "the name of a custom role cannot be changed", "immutable") or had back once gone or shown ("cannot be
# retrieved later", "only displayed once", "cannot be recovered").
_CHANGE_VERBS = ("change|changed|changing|modify|modified|edit|edited|alter|altered|update|updated|rename|renamed|"
                 "move|moved|transfer|transferred|switch|switched")
_RECOVER_VERBS = ("restore|restored|recover|recovered|retrieve|retrieved|undo|undone|reverse|reversed|undelete|"
                  "undeleted|brought\\s+back|get\\s+back|looked\\s+up\\s+again|look\\s+up\\s+again|viewed\\s+again|"
                  "view\\s+again|seen\\s+again|see\\s+again|shown\\s+again|show\\s+again")
_NEGATED = r"(?:cannot|can\s*not|can['’]t|could\s+not|is\s+not\s+possible\s+to|it['’]s\s+not\s+possible\s+to|unable\s+to)"
_FIXED = {
    "change": re.compile(rf"\b{_NEGATED}\s+(?:be\s+)?(?:{_CHANGE_VERBS})\b|\b(?:is|are)\s+(?:immutable|permanent)\b",
                         re.IGNORECASE),
    "recover": re.compile(rf"\b{_NEGATED}\s+(?:be\s+)?(?:{_RECOVER_VERBS})\b|\bonly\s+(?:be\s+)?(?:displayed|shown)\s+once\b"
                          r"|\b(?:is|are)\s+irreversible\b", re.IGNORECASE),
}
_ASKS = {"change": re.compile(rf"\b(?:{_CHANGE_VERBS})\b", re.IGNORECASE),
         "recover": re.compile(rf"\b(?:{_RECOVER_VERBS})\b", re.IGNORECASE)}


def fixed_once(question: str, text: str) -> str | None:
    """The phrase of `text` saying that what a yes/no question asks to change, or to have back, cannot be, when
    what it says so of (the last word naming something before the phrase) is a word of the question; else None.
    "The project ID cannot be changed" says nothing of changing a project's name."""
    if not is_yes_no(question):
        return None
    asked = set(key_terms(question))
    for kind, asks in _ASKS.items():
        if not asks.search(question):
            continue
        for match in _FIXED[kind].finditer(text):
            subject = key_terms(re.split(r"[.;:!?]", text[:match.start()])[-1])
            if subject and matches(subject[-1], asked):
                return match.group(0)
    return None


# A negation standing right before the question's own verb ("Organization administrators cannot deactivate
# organization owners", asked "Can an organization administrator deactivate an owner?"): the sentence says no to
# what the question asks, in its words, when it also names another thing the question does.
_NEGATION = (r"(?:cannot|can\s*not|can['’]t|could\s+not|couldn['’]t|does\s+not|doesn['’]t|do\s+not|don['’]t|"
             r"(?:will\s+not|won['’]t|(?:is|are)\s+not)(?:\s+be)?\s+able\s+to|unable\s+to|will\s+not|won['’]t|"
             r"(?:is|are)\s+not|isn['’]t|aren['’]t|never)")
_NEGATED_CLAUSE = re.compile(rf"\b{_NEGATION}\b[^.;:,]*", re.IGNORECASE)
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
    for sentence in _SENTENCE.split(_EMPHASIS.sub(r"\2", text)):
        found = (_verb_denied(sentence, question, asked) or _subject_denied(sentence.strip(), asked)
                 or _nothing_done(sentence, question, asked) or _at_no_point(sentence, question, asked)
                 or _combination_denied(sentence, question, asked) or _stopped(sentence, question, asked))
        if found:
            return found
    return None


# Verbs the negation reaches past the first: "can't be edited or deleted", "cannot read, write, or delete". Those are
# read against the verb the question opens with ("Can we delete…?") only: asked "Does removing someone … cut off
# their access…?", "cannot add or remove users" denies no act of it.
_COORDINATED = re.compile(r"(?:\s*,\s*(?:(?:or|nor|and)\s+)?|\s+(?:or|nor|and)\s+)(?:be\s+)?([a-z][\w-]*)", re.IGNORECASE)
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
            if not verb or not (matches(verb[0], asked) or same_act(said, question)):
                continue
            if matches(verb[0], kept_from):
                continue
            if any(matches(term, asked) for term in terms - set(verb)):
                return sentence[match.start():end]
    return None


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
    if not is_yes_no(question):
        return None
    asked = set(key_terms(question))
    return next((found for sentence in _SENTENCE.split(text) for found in [_stopped(sentence, question, asked)]
                 if found), None)


def _stopped(sentence: str, question: str, asked: set[str]) -> str | None:
    going = {stem(word.lower()) for word in _GOES_ON.findall(question)}
    if not going:
        return None
    terms = set(key_terms(sentence))
    for match in _STOPS.finditer(sentence):
        act = stem(match.group(1).lower())
        if act in going and any(matches(term, asked) for term in terms - {act}):
            return match.group(0)
    return None


def _subject_denied(sentence: str, asked: set[str]) -> str | None:
    for match in _DENIED_SUBJECT.finditer(sentence):
        head = key_terms(match.group(1))[-1:]
        if head and matches(head[0], asked):
            return sentence[match.start(1):match.end()]
    return None


# "No PII is stored or transferred to GrowthBook", "No security Service Level Agreement (SLA) is provided": nothing of
# a thing the question names (in its words or its initials) undergoes the act it asks, or is given at all.
_NOTHING_DONE = re.compile(r"(?<![\w-])no\s+((?:[\w-]+\s+){0,4}?[\w-]+)(?:\s+\([^)]{1,30}\))?\s+"
                           r"(?:is|are|was|were|will\s+be|can\s+be|gets?)\s+(?:ever\s+)?([a-z][\w-]*)"
                           r"(?:\s+or\s+([a-z][\w-]*))?", re.IGNORECASE)
_GIVEN = frozenset({"provided", "offered", "available", "supported", "given", "included"})


def _nothing_done(sentence: str, question: str, asked: set[str]) -> str | None:
    if re.search(r"(?<![\w-])no\b", question, re.IGNORECASE):
        return None
    for match in _NOTHING_DONE.finditer(sentence):
        named = _names(match.group(1), question, asked)
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
