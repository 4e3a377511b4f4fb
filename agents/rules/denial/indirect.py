"""Denials said without a negation cue: the question's word negated by "un-" or "non-", "no X is …", a name set
against what is done instead, what holds whether or not the asked thing is there, a thing disabled or read-only,
a thing fixed once made, a thing done by hand where it is asked automatic, a part where the whole is asked,
every plan where one is asked, the other way round by default, a thing not enough on its own, and the same one where a
new one is asked."""

from __future__ import annotations

import re

from ...text.names import capitalised_names, specific_phrases
from ...text.question_form import is_yes_no
from ...text.terms import key_terms, matches, stem
from .acts import nothing_done
from .wording import EMPHASIS, names_subject, sentences


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
# Examples may follow the subject: "No sensitive data such as IP addresses or email addresses are collected".
_NO_SUBJECT = re.compile(r"(?<![\w-])no\s+((?:[\w-]+\s+){0,3}?[\w-]+)(?:,?\s+(?:such\s+as|like|including)\s+"
                         r"([^.;:]{1,80}?),?)?\s+(?:is|are|was|were|will|can|shall|gets?|leaves?|ever)\b",
                         re.IGNORECASE)


# "There's no automatic purging or TTL": a thing said not to exist at all; "There's also no monthly charge, no setup
# fee and no procurement cost": each "no" of the list says it of its own thing.
_LIST_JOIN = r"(?:,\s*(?:and\s+|or\s+)?|\s+(?:and|or|nor)\s+)"
_THING = r"(?:(?!(?:and|or|nor)\b)[\w-]+\s+){0,2}(?!(?:and|or|nor)\b)[\w-]+"
_NO_SUCH = re.compile(rf"\bthere\s*(?:is|are|'s|’s|will\s+be)\s+(?:also\s+|still\s+|currently\s+)?"
                      rf"no\s+((?:[\w-]+\s+){{0,2}}[\w-]+)((?:{_LIST_JOIN}no\s+{_THING})*)",
                      re.IGNORECASE)
_LISTED_NO = re.compile(rf"\bno\s+({_THING})", re.IGNORECASE)
# A list item that is "No" and a thing, with no verb: "- No High Availability (cluster-based deployment, horizontal
# scale)" under "Entry has all features … with the following limitations and omissions:" denies what it names.
_NO_ITEM = re.compile(r"(?:^|(?<=\s[-*+]\s)|(?<=^[-*+]\s))No\s+((?:[\w/-]+\s+){0,3}?[\w/-]+)\s*(?:\(([^)]{1,120})\))?"
                      r"\s*(?=$|\s[-*+]\s|[.;]\s*(?:$|[-*+]\s))", re.MULTILINE)


def none_of(question: str, text: str) -> str | None:
    """The clause of `text` that says none of a thing of the question is or will be so ("No PII is stored",
    "no data will be lost", "There's no automatic purging"), when the question does not say "no" itself;
    else None."""
    if re.search(r"(?<![\w-])no\b", question, re.IGNORECASE):
        return None
    asked = set(key_terms(question))
    for match in _NO_SUBJECT.finditer(text):
        if any(names_subject(said, question, asked) for said in match.groups() if said):
            return match.group(0)
    for match in _NO_SUCH.finditer(text):
        things = [match.group(1), *_LISTED_NO.findall(match.group(2) or "")]
        if any(names_subject(thing, question, asked) for thing in things):
            return match.group(0)
    for match in _NO_ITEM.finditer(text):
        if names_subject(match.group(1), question, asked) or names_subject(match.group(2) or "", question, asked):
            return match.group(0).strip(" -*+")
    return nothing_done(text, question, asked)


def contrasted(question: str, text: str) -> str | None:
    """The phrase of `text` setting a name of the question against what is done instead ("we use OpenID
    Connect, not SAML", "rather than SAML", "only store verification results, never the ID documents"), or the
    grant that prevails against the one the question asks prevails ("the most permissive role" asked "does the more
    restrictive one win?"); else None."""
    for name in specific_phrases(question):
        found = re.search(rf"(?:,\s*|\bbut\s+)(?:not|never)\s+(?:an?\s+|the\s+|via\s+|with\s+)?{re.escape(name)}\b"
                          rf"|\b(?:rather\s+than|instead\s+of|in\s+lieu\s+of)\s+(?:an?\s+|the\s+)?{re.escape(name)}\b",
                          text)
        if found:
            return found.group(0)
    return _opposite_precedence(question, text)


# Which of two grants prevails, said one way in the question and the other in the passage: "When team and individual
# roles conflict, does the more restrictive one win?" against "Dagster+ will use the **most permissive** role", "the
# highest pipeline-level permission … applies", "the role with more access takes effect".
_GRANT = r"(?:permissions?|access|privileges?|rights?|roles?)"
_STRICTER = re.compile(rf"\b(?:(?:more|most)\s+(?:restrictive|limited)|least\s+permissive|"
                       rf"(?:lower|lowest|least|fewer)\s+(?:[\w-]+\s+)?{_GRANT}|less\s+access)\b", re.IGNORECASE)
_LOOSER = re.compile(rf"\b(?:(?:more|most)\s+permissive|least\s+restrictive|"
                     rf"(?:higher|highest|greatest)\s+(?:[\w-]+\s+)?{_GRANT}|more\s+access)\b", re.IGNORECASE)
_PREVAILS = re.compile(r"\b(?:wins?|prevails?|appl(?:y|ies)|takes?\s+(?:effect|precedence)|is\s+used|"
                       r"(?:will\s+)?use[sd]?|overrides?|counts?)\b", re.IGNORECASE)


def _opposite_precedence(question: str, text: str) -> str | None:
    if not (_PREVAILS.search(question) and _PREVAILS.search(text)):
        return None
    plain_text = EMPHASIS.sub(r"\2", text)
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


# A state that denies use: "this command is currently disabled", "repositories have been disabled", "user_version:
# Read-only on Turso Cloud"
# (read-only denies writing, not reading: it counts only for a question asking to change something).
_DISABLED = re.compile(r"\b(?:is|are|remains?|stays?|ha(?:s|ve)\s+been)\s+(?:currently\s+|still\s+|now\s+)?"
                       r"(?:disabled|deactivated|switched\s+off|turned\s+off)\b", re.IGNORECASE)
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
            before = re.split(r"[.;:!?]", text[:match.start()])[-1]
            subject = key_terms(before)
            # Said of "it" ("Copy and store the token somewhere safe -- it will only be shown once"), what it says so
            # of is named earlier in the sentence: any word of it may be.
            named = subject if _PRONOUN_SUBJECT.search(before) else subject[-1:]
            if any(matches(term, asked) for term in named):
                return match.group(0)
            # "…you are given a choice of personal data storage location for your new project. Note that this choice
            # is permanent": "this choice" is the one the sentence before names. Two of the question's words there, as
            # a region chosen for a project says nothing of the project's name.
            back = key_terms(_sentence_before(text, match.start() - len(before))) if _POINTS_BACK.match(before) else []
            if len({term for term in back if matches(term, asked)}) >= 2:
                return match.group(0)
    return None


_PRONOUN_SUBJECT = re.compile(r"\b(?:it|they|these|this|which)\s+(?:[\w']+\s+){0,2}$", re.IGNORECASE)
# A subject pointing back at the sentence before by a word that names no thing of its own: "This choice is permanent",
# "Note that this setting is immutable" ("This ID is permanent" names its thing).
_POINTS_BACK = re.compile(r"^\W*(?:(?:note|remember|keep\s+in\s+mind)\s+that\s+)?(?:this|that|these|those)\s+"
                          r"(?:choice|selection|setting|option|decision|value|configuration)s?\s*$", re.IGNORECASE)


def _sentence_before(text: str, end: int) -> str:
    return next((s for s in reversed(sentences(text[:end].strip())) if s), "")


# Asked whether it happens unaided ("Is Google Pay switched on by default…?", "…renewed automatically?"), a clause
# saying it is done by hand ("you'll need to turn on Google Pay manually") says no.
_ASKS_UNAIDED = re.compile(r"\b(?:automatic(?:ally)?|by\s+default|out\s+of\s+the\s+box)\b", re.IGNORECASE)
_BY_HAND = re.compile(r"\b(?:manual(?:ly)?|by\s+hand|(?:need|needs|have|has)\s+to\s+(?:turn\s+on|switch\s+on|enable|"
                      r"activate))\b", re.IGNORECASE)
_CLAUSE_BREAK = re.compile(r",\s*(?:but|while|whereas)\s+|;\s*|(?<=[.!?])\s+")


def by_hand(question: str, text: str) -> str | None:
    """The clause of `text` saying a name of a question that asks whether it happens unaided (automatically, by
    default) is done by hand; None when none, or when the question speaks of doing it by hand itself."""
    if not _ASKS_UNAIDED.search(question) or _BY_HAND.search(question):
        return None
    names = _whole_names(question)
    for clause in _CLAUSE_BREAK.split(EMPHASIS.sub(r"\2", text)):
        found = _BY_HAND.search(clause)
        if found and any(re.search(rf"\b{re.escape(name)}\b", clause) for name in names):
            return clause.strip()
    return None


def _whole_names(question: str) -> list[str]:
    """The question's names, a run of capitalised words read as one ("Apple Pay", not "Pay" alone)."""
    runs = capitalised_names(question)
    return runs + [name for name in specific_phrases(question) if not any(name in run for run in runs)]


# Asked of the whole of a thing ("the whole card number", "full card numbers"), a passage giving a part of it only
# ("card number - last 4 digits only", "only the last four digits of the card number are shown") says no.
_WHOLE = re.compile(r"\b(?:whole|full|complete|entire|unmasked|untruncated)\s+([\w-]+)", re.IGNORECASE)
_PART_ONLY = re.compile(r"\b(?:(?:only\s+)?(?:the\s+)?(?:last|first|final)\s+(?:\d+|two|three|four|five|six)\s+"
                        r"(?:digits|characters)(?:\s+only)?|masked|truncated|redacted)\b", re.IGNORECASE)


def part_only(question: str, text: str) -> str | None:
    """The phrase of `text` giving only a part of what the question asks the whole of, said within a clause naming
    it; None when none, or when the question itself asks of a part."""
    asked = _WHOLE.search(question)
    if asked is None or _PART_ONLY.search(question):
        return None
    thing = key_terms(asked.group(1))  # the word after "whole": "card" of "the whole card number"
    for clause in re.split(r"[;:]|\s[*+]\s|(?<=[.!?])\s+", text):
        part = _PART_ONLY.search(clause)
        if part and thing and matches(thing[0], set(key_terms(clause[:part.start()] + " " + clause[part.end():]))):
            return part.group(0)
    return None


# Asked whether it is kept to one plan ("Are failover and load balancing limited to the Enterprise plan?"), a passage
# giving it to every plan ("both of which are available on all plans") says no.
_ASKS_ONE_PLAN = re.compile(r"\b(?:(?:limited|restricted|exclusive|reserved)\s+to|only\s+(?:on|in|for|with))\s+"
                            r"(?:the\s+|our\s+)?[\w-]+\s+(?:plans?|tiers?|editions?)\b", re.IGNORECASE)
_EVERY_PLAN = re.compile(r"\b(?:on|in|for|to|with|across)\s+(?:all|every|each)\s+(?:of\s+(?:our|the)\s+)?"
                         r"(?:plans?|tiers?|editions?|pricing\s+plans?)\b", re.IGNORECASE)


def every_plan(question: str, text: str) -> str | None:
    """The phrase of `text` giving it to every plan, for a question asking whether it is kept to one; else None."""
    if not _ASKS_ONE_PLAN.search(question):
        return None
    found = _EVERY_PLAN.search(text)
    return found.group(0) if found else None


# Asked what holds by default ("Are logs gathered out of the box?", "Is telemetry off unless we opt in?"), a passage
# saying its subject is the other way round by default ("Logs collection is supported but disabled by default",
# "anonymous usage tracking enabled by default") says no.
_ASKS_DEFAULT = re.compile(r"\b(?:by\s+default|out\s+of\s+the\s+box|unless\s+(?:we|you|they|it|an?\s+[\w-]+)\s+"
                           r"(?:opt|turn|switch|enable|activate))\b", re.IGNORECASE)
_OFF = r"disabled|deactivated|off|turned\s+off|switched\s+off|opt[\s-]in|inactive"
_ON = r"enabled|activated|on|turned\s+on|switched\s+on|active|opt[\s-]out"
_ASKS_OFF = re.compile(rf"\b(?:{_OFF})\b", re.IGNORECASE)
_OFF_ACT = re.compile(r"\b(?:off|disabled?|deactivated?|opt[\s-]out)\b", re.IGNORECASE)
_STATE_BY_DEFAULT = re.compile(rf"\b(?:(?:is|are|be)\s+)?(?:(?P<off>{_OFF})|(?P<on>{_ON}))\s+by\s+default\b",
                               re.IGNORECASE)


def default_state(question: str, text: str) -> str | None:
    """The phrase of `text` saying that what a question asking about the default names is the other way round by
    default (disabled where it asks on, enabled where it asks off); None when none."""
    if not _ASKS_DEFAULT.search(question):
        return None
    unless = re.search(r"\bunless\b.*", question, re.IGNORECASE)
    # "…unless we opt in?" asks whether it is off; "…unless we switch it off?" whether it is on.
    asks_off = (not _OFF_ACT.search(unless.group()) if unless
                else bool(_ASKS_OFF.search(_ASKS_DEFAULT.sub(" ", question))))
    asked = set(key_terms(question))
    for clause in _CLAUSE_BREAK.split(EMPHASIS.sub(r"\2", text)):
        for found in _STATE_BY_DEFAULT.finditer(clause):
            opposite = found.group("on") if asks_off else found.group("off")
            if opposite and asked & set(key_terms(clause[:found.start()])):
                return found.group(0)
    return None


# What is not enough on its own: "Being a Server Admin alone does not grant permission to use this bypass feature",
# asked of a server administrator; "members must also be assigned to the Admin … roles", asked whether the Portal
# Admin team "by itself" lets them.
_ALONE_NOT = re.compile(r"\b((?:[\w-]+\s+){0,3}[\w-]+)\s+(?:alone|by\s+itself|on\s+its\s+own)\s+(?:does|do|is|are|will)"
                        r"\s+not\b[^.;]*", re.IGNORECASE)
_ASKS_ALONE = re.compile(r"\b(?:alone|by\s+itself|by\s+themselves|on\s+its\s+own|on\s+their\s+own)\b", re.IGNORECASE)
_ALSO_NEEDED = re.compile(r"\b(?:must|need\s+to|needs\s+to|have\s+to|has\s+to)\s+also\b[^.;]*|\balso\s+(?:need|needs|"
                          r"require|requires|must)\b[^.;]*", re.IGNORECASE)


def not_enough(question: str, text: str) -> str | None:
    """The phrase of `text` saying that a thing the question names (every word of it) is not enough on its own, or
    (asked whether it does so by itself) that more is needed too; None when none."""
    asked = set(key_terms(question))
    for match in _ALONE_NOT.finditer(EMPHASIS.sub(r"\2", text)):
        subject = key_terms(re.sub(r"^\s*(?:being|having)\s+", "", match.group(1), flags=re.IGNORECASE))
        if subject and all(matches(term, asked) for term in subject):
            return match.group(0)
    if _ASKS_ALONE.search(question):
        needed = _ALSO_NEEDED.search(text)
        if needed:
            return needed.group(0)
    return None


# The same where a new one is asked: "They will also have the same API key", asked "Does a reactivated user get a fresh
# API key?"; and a new one where the same is asked.
_NEW = r"new|fresh|different|another|separate"
_ASKS_NEW = re.compile(rf"\b(?:{_NEW})\s+((?:[\w-]+\s+){{0,2}}[\w-]+)", re.IGNORECASE)
_ASKS_SAME = re.compile(r"\b(?:the\s+)?same\s+((?:[\w-]+\s+){0,2}[\w-]+)", re.IGNORECASE)
_TRAILING = re.compile(r"(?:\s+(?:and|or|but|is|are|was|were|will|to|of|for|in|on|as|that))+$", re.IGNORECASE)


def same_not_new(question: str, text: str) -> str | None:
    """The phrase of `text` giving the same thing where a yes/no question asks for a new one (or a new one where it
    asks for the same), the thing named by the last word of the question's phrase; None when none."""
    if not is_yes_no(question):
        return None
    for asks, gives in ((_ASKS_NEW, _ASKS_SAME), (_ASKS_SAME, _ASKS_NEW)):
        wanted = asks.search(question)
        if wanted is None:
            continue
        head = key_terms(wanted.group(1))[-1:]
        if any(head and head[0] in key_terms(said.group(1)) for said in asks.finditer(text)):
            continue  # the passage gives both ("the same bank account - different bank accounts")
        for given in gives.finditer(text):
            if head and head[0] in key_terms(given.group(1)) and not asks.search(given.group(0)):
                return _TRAILING.sub("", given.group(0))
    return None


# Asked of the ones already there ("After an existing deployment is upgraded, is gossip encryption switched on…?"), a
# passage giving it to new ones and leaving those as they were ("enabled by default for new deployments while
# existing deployments maintain their current configuration") says no.
_ASKS_EXISTING = re.compile(r"\b(?:existing|current|older|already[\s-]created|pre-?existing)\s+([\w-]+)", re.IGNORECASE)
_KEPT_AS_WAS = re.compile(r"\b(?:existing|current|older|pre-?existing)\s+([\w-]+)\s+(?:will\s+|would\s+)?"
                          r"(?:maintain|keep|retain|remain|stay|continue\s+to\s+use|are\s+not|aren['’]t|won['’]t|"
                          r"will\s+not|do\s+not|don['’]t|is\s+not|isn['’]t|does\s+not|doesn['’]t)\b",
                          re.IGNORECASE)
_NEW_ONLY = re.compile(r"\b(?:only\s+(?:for|to|on|applies\s+to|affects)\s+(?:the\s+)?new|"
                       r"(?:for|to|on)\s+new(?:ly\s+created)?)\s+([\w-]+)\b(?:\s+only\b)?", re.IGNORECASE)


def new_ones_only(question: str, text: str) -> str | None:
    """The phrase of `text` giving what a yes/no question asks of existing things to new ones only, or saying the
    existing ones stay as they were; None when none, or when the question asks of new ones too."""
    asked = _ASKS_EXISTING.search(question)
    if not is_yes_no(question) or asked is None or re.search(r"\bnew\b", question, re.IGNORECASE):
        return None
    head = stem(asked.group(1).lower())
    for pattern in (_KEPT_AS_WAS, _NEW_ONLY):
        for found in pattern.finditer(text):
            if stem(found.group(1).lower()) == head and (pattern is _KEPT_AS_WAS or _said_only(found, text)):
                return found.group(0)
    return None


def _said_only(found: re.Match[str], text: str) -> bool:
    # "for new deployments" alone may be one case among others ("for new and existing deployments" is not matched: the
    # "and" stands between): it says "only" itself, or the sentence speaks of the existing ones apart.
    sentence_end = re.search(r"[.;!?](?:\s|$)", text[found.end():])
    rest = text[found.end():found.end() + sentence_end.start()] if sentence_end else text[found.end():]
    return "only" in found.group(0).lower() or bool(re.search(r"\bexisting\b", rest, re.IGNORECASE))
