"""What an "only" leaves out, and what a lower grade leaves unmet. A version left out of a closed list: "Does your
edge accept TLS 1.0?"
against "The Fly proxy only supports TLSv1.2 and TLSv1.3". The passage answers the question
(no) although it never names TLS 1.0: it names the same thing, other versions of it, and says
those are the only ones. And one only, asked of several: "Can an account have more than one owner?"
against "An account can only have a single account owner": no "not", yet a no; the same one only, asked
of another: "restored into a different project" against "only … into the same project".
"""

from __future__ import annotations

import re

from ..text.grounding import plain
from ..text.terms import key_terms, matches, stem
from .denial.wording import sentences

# A name and its version: "TLS 1.0", "TLSv1.2", "SAML 2.0", "OAuth 2".
_VERSIONED = re.compile(r"\b([A-Za-z][A-Za-z-]*?)[\s-]*v?(\d+(?:\.\d+)*)\b")
_ONLY = re.compile(r"\b(?:only|exclusively|solely)\b", re.IGNORECASE)
_OR_LATER = re.compile(r"\bor (?:later|higher|above|newer|greater)\b|\d\+", re.IGNORECASE)


def excluded_by(phrase: str, text: str) -> bool:
    """Whether `text` says only other versions of what `phrase` names ("TLS 1.0": "only supports
    TLSv1.2 and TLSv1.3"). The "only" must lead into the list (at most two words before the
    name): in "the SOC 2 report is shared only under NDA" it limits something else."""
    asked = _VERSIONED.fullmatch(phrase.strip())
    if asked is None:
        return False
    name, version = asked.group(1), _normal(asked.group(2))
    if not re.search(rf"{_ONLY.pattern}(?:\s+[\w-]+){{0,2}}\s+{re.escape(name)}", text, re.IGNORECASE):
        return False
    listed = {_normal(v) for n, v in _VERSIONED.findall(text) if n.casefold() == name.casefold()}
    if not listed:
        return False
    if _OR_LATER.search(text):  # "only TLS 1.2 or later": 1.3 is in, 1.0 is out
        return _number(version) < min(map(_number, listed))
    return version not in listed


def _number(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def _normal(version: str) -> str:
    """"1" and "1.0" are the same version."""
    parts = version.split(".")
    while len(parts) > 1 and parts[-1] == "0":
        parts.pop()
    return ".".join(parts)

# The question asks for more than one of something: "more than one owner", "several email domains",
# "multiple IdPs", "an unlimited number of targets"; "more than once" asks for several times.
_SEVERAL = re.compile(r"\b(?:more than (?:one|a single)|several|multiple|two or more|an? unlimited number of|"
                      r"any number of|unlimited)\s+((?:[\w-]+\s+){0,2}[\w-]+)|\bmore than (once)\b", re.IGNORECASE)
# Or a number of them over one: "belong to two of our organisations", "three regions".
_COUNT = re.compile(r"\b(?:two|three|four|five|[2-9]|[1-9]\d+)\s+(?:of\s+(?:our|the|your|their)\s+)?"
                    r"((?:[\w-]+\s+){0,2}[\w-]+)", re.IGNORECASE)
# What is counted ends where a preposition starts: "two owners at the same time" counts owners.
_BEFORE_PREPOSITION = re.compile(r"\s+(?:at|in|on|for|with|from|to|per|by|during|within)\b", re.IGNORECASE)


def _nouns(phrase: str) -> list[str]:
    # The stems of a counted phrase's words, the words key_terms leaves out as the question's form
    # ("organisation") included: what is counted is the thing itself.
    return [stem(w) for w in re.findall(r"[a-z][\w-]*", phrase.lower())]


# The passage allows one only: "can only have a single account owner", "only recognizes one registered
# email domain", "is limited to one", "a maximum of one", "can have exactly one role directly assigned". The thing
# counted follows within a few words.
_ONE_ONLY = re.compile(r"\b(?:only|just|solely|exactly|limited to|at most|a maximum of|no more than)\b"
                       r"(?:\s+[\w-]+){0,2}?"
                       r"\s+(?:one|a single|1|an? one)\s+((?:[\w-]+\s+){0,3}[\w-]+)", re.IGNORECASE)


# Or denies more than one: "You cannot send payments from one GOV.UK Pay service to more than one bank account".
_NOT_MORE_THAN_ONE = re.compile(r"\b(?:cannot|can['’]t|not|never)\b(?:\s+[\w.-]+){0,8}?\s+more\s+than\s+"
                                r"(?:one|a\s+single)\s+((?:[\w-]+\s+){0,3}[\w-]+)", re.IGNORECASE)


# Once only: "Each recovery code can only be used once", against "several times" or "more than once".
_ONCE_ONLY = re.compile(r"\b(?:only|just|solely)\b(?:\s+[\w-]+){0,3}?\s+once\b", re.IGNORECASE)


def one_only(question: str, text: str) -> str | None:
    """The phrase of `text` allowing one only of what the question asks several of (None when none)."""
    asked = [key_terms("times" if m.group(2) else m.group(1)) for m in _SEVERAL.finditer(question)]
    asked += [_nouns(_BEFORE_PREPOSITION.split(m.group(1))[0]) for m in _COUNT.finditer(question)]
    if not asked:
        return None
    for match in [*_ONE_ONLY.finditer(text), *_NOT_MORE_THAN_ONE.finditer(text)]:
        counted = set(key_terms(match.group(1))) | set(_nouns(match.group(1)))
        if any(terms and matches(terms[-1], counted) for terms in asked):
            return match.group(0).strip()
    once = _ONCE_ONLY.search(text)
    if once and any(terms and matches(terms[-1], set(key_terms("times"))) for terms in asked):
        return once.group(0).strip()
    return None


# The question asks of another one ("restored into a different project"), the passage allows the same one
# only ("can only be restored into the same project + environment").
_OTHER = re.compile(r"\b(?:a\s+|an\s+)?(?:different|another|other)\s+([\w-]+)", re.IGNORECASE)
_SAME_ONLY = re.compile(r"\b(?:only|solely|exclusively)\b(?:\s+[\w-]+){0,4}?\s+(?:the\s+)?same\s+([\w-]+)",
                        re.IGNORECASE)


def same_only(question: str, text: str) -> str | None:
    """The phrase of `text` allowing the same one only of what the question asks another of (None when none)."""
    asked = {term for m in _OTHER.finditer(question) for term in key_terms(m.group(1))}
    for match in _SAME_ONLY.finditer(text) if asked else ():
        if any(matches(term, asked) for term in key_terms(match.group(1))[-1:]):
            return match.group(0).strip()
    return None


# The means the passage allows only ("Status checks can only be configured using the [Semaphore Command Line](…)"),
# and the question asking of another ("Can status checks be configured in the web interface?"): no.
_ONLY_MEANS = re.compile(r"\b(?:can|may)\s+only\s+be\s+([a-z]+)\s+(?:using|via|through|with|from|in|on)\s+"
                         r"(?:the\s+|an?\s+)?((?:[\w-]+\s+){0,3}[\w-]+)", re.IGNORECASE)
_MEANS = r"\s+(?:using|via|through|with|from|in|on)\s+(?:the\s+|an?\s+|our\s+|your\s+)?((?:[\w-]+\s+){0,3}[\w-]+)"


def other_means(question: str, text: str) -> str | None:
    """The phrase of `text` allowing one means only, for a question asking whether the same is done by another (no
    word of the two in common); else None."""
    for found in _ONLY_MEANS.finditer(plain(text)):
        asked = re.search(rf"\b{re.escape(found.group(1))}{_MEANS}", question, re.IGNORECASE)
        if asked and key_terms(asked.group(1)) and not set(key_terms(asked.group(1))) & set(key_terms(found.group(2))):
            return found.group(0)
    return None



# Where the question asks a thing is put ("Are uploaded files included in the daily CSV digest?"), a passage putting it
# only somewhere else ("the uploaded files will only be attached to the individual submissions"): no. Put is any of
# these verbs; where, words in lower case or acronyms (a named place, "Frankfurt" against "the EU", may be inside the
# other).
_WORD = r"(?:[a-z][\w-]*|[A-Z]{2,}[\w-]*)"  # in lower case, or an acronym ("CSV")
_PUT = r"(?:included|contained|shown|listed|displayed|attached|sent|stored|kept|saved|available|visible|delivered)"
_ASKED_PUT = re.compile(rf"\b{_PUT}\s+(?:in|with|to|on|into)\s+(?:the\s+|our\s+|your\s+|an?\s+|each\s+)?"
                        rf"((?:{_WORD}\s+){{0,3}}{_WORD})(?=\s*(?:[?.,;]|$))")
_ONLY_PUT = re.compile(rf"\b(?:will\s+|can\s+|are\s+|is\s+)?only\s+(?:be\s+|ever\s+be\s+)?{_PUT}\s+"
                       rf"(?:in|with|to|on|into)\s+(?:the\s+|their\s+|its\s+|your\s+|an?\s+|each\s+)?"
                       rf"((?:{_WORD}\s+){{0,3}}{_WORD})")


def _words(phrase: str) -> set[str]:
    # Every word, stemmed: a place may be two letters ("the EU", "the US"), which key terms leave out.
    return {stem(word.lower()) for word in re.findall(r"[\w-]+", phrase)}


def only_elsewhere(question: str, text: str) -> str | None:
    """The phrase of `text` putting only somewhere else (no word in common) what the question asks whether is put
    where it says, said of a thing the question names (a word of it before the "only"); else None."""
    asked = _ASKED_PUT.search(question)
    if asked is None:
        return None
    where, terms = _words(asked.group(1)), set(key_terms(question[:asked.start()]))
    for sentence in sentences(plain(text)):
        for found in _ONLY_PUT.finditer(sentence):
            elsewhere = _words(found.group(1))
            if where and elsewhere and not where & elsewhere and _said_of(terms, sentence[:found.start()]):
                return found.group(0).strip()
    return None


def _said_of(terms: set[str], before: str) -> bool:
    # The words before the "only" name a thing of the question: it is said of what is asked.
    return any(matches(t, terms) for t in key_terms(before))


# What the question asks beside one thing ("a role other than administrator"), and a passage allowing that thing
# only ("members can only be assigned the `Admin` role").
_OTHER_THAN = re.compile(r"\b(?:other\s+than|besides|apart\s+from|aside\s+from|except(?:\s+for)?)\s+(?:an?\s+|the\s+)?"
                         r"([\w-]+(?:\s+[\w-]+){0,2})", re.IGNORECASE)
_ONLY_THAT = re.compile(r"\b(?:only|solely|exclusively)\b((?:\s+[\w`'’-]+){1,6})", re.IGNORECASE)


def only_that(question: str, text: str) -> str | None:
    """The phrase of `text` allowing only the thing the question asks for something other than ("…can only be
    assigned the `Admin` role" for "a role other than full administrator?"), or None."""
    for asked in _OTHER_THAN.finditer(question):
        terms = key_terms(asked.group(1))
        for only in _ONLY_THAT.finditer(text):
            allowed = set(key_terms(only.group(1).replace("`", " ")))
            # "only … Google or GitHub" allows something besides Google.
            if any(matches(term, allowed) for term in terms) and not re.search(r"\b(?:or|and)\b|,", only.group(1)):
                return only.group(0).strip()
    return None


# A question asking whether it holds for one kind only ("accept connections only from your own web origin?") and a
# passage saying it holds for any of that kind ("accepting connections from any origin"): no. Not a question asking
# whether it can be made so ("Can we restrict it to only our IPs?"): that "any" may be the default a setting narrows.
# "limited to a single repository" asks it of one only, as "only one repository" does.
_ONLY_ASKED = re.compile(r"\b(?:only|exclusively|solely|"
                         r"(?:limited|restricted|confined)\s+to(?=\s+(?:a\s+single|one)\b))\b"
                         r"((?:\s+[\w'’-]+){1,6})", re.IGNORECASE)
_ANY_OF = re.compile(r"\b(?:any|every|all)\s+((?:[\w-]+\s+){0,2}?[\w-]+)", re.IGNORECASE)
_MADE_SO = re.compile(r"\b(?:can|could|may)\s+(?:we|you|i|an?\s+\w+|the\s+\w+)\s+(?:\w+\s+)?"
                      r"(?:restrict|limit|set|configure|make|lock|allow|choose|scope)\b", re.IGNORECASE)


def any_not_only(question: str, text: str) -> str | None:
    """The phrase of `text` giving it to any of what the question asks whether it is given to one only ("from any
    origin" for "only from your own web origin?"), or None."""
    if _MADE_SO.search(question):
        return None
    for asked in _ONLY_ASKED.finditer(question):
        # The noun phrase "only" bears on: "only from your own web origin" → origin; "only the permissions of
        # the role" → permissions.
        phrase = re.sub(r"^\s*(?:from|to|by|for|in|on|at|with)\b", "", asked.group(1), flags=re.IGNORECASE)
        phrase = re.split(r"[,?;]|\b(?:and|or|of|from|to|by|for|in|on|at|with|that|who|which)\b", phrase)[0]
        nouns = key_terms(phrase)[-1:]
        for found in _ANY_OF.finditer(text) if nouns else ():
            if key_terms(found.group(1))[-1:] == nouns:
                return found.group(0).strip()
        anyone = _anyone_does(asked.group(1), text) if set(nouns) & _PEOPLE else None
        if anyone:
            return anyone
    return None


# People asked of by "only" ("Can only people with push rights encrypt values…?"), given to anyone by the passage
# ("anyone (including those without push access to your repository) can encrypt data"): the same act, the question's
# verb, after "anyone … can".
_PEOPLE = frozenset({"peopl", "person", "user", "member", "someon", "individu"})
_ANYONE = re.compile(r"\b(?:anyone|anybody|everyone|everybody)\b[^.;]{0,80}?\b(?:can|may|is\s+able\s+to)\s+([a-z]+)",
                     re.IGNORECASE)


def _anyone_does(asked: str, text: str) -> str | None:
    acts = set(key_terms(asked))
    for found in _ANYONE.finditer(text):
        if set(key_terms(found.group(1))) & acts:
            return found.group(0)
    return None


# The grades a standard is attested at, lowest first: FedRAMP's impact levels, a SOC report's types.
_GRADES = (("low", "moderate", "high"), ("type 1", "type 2"))
_ROMAN = {"i": "1", "ii": "2"}
_GRADED = re.compile(r"\b([A-Z][A-Za-z0-9]{2,}(?:\s+\d+)?)[\s*_]+(low|moderate|high|type\s+(?:ii|i|1|2))\b",
                     re.IGNORECASE)


def _grades(text: str) -> dict[str, set[tuple[int, int]]]:
    # Each standard named with a grade, and its grades as (scale, rank): "FedRAMP Moderate" → {"fedramp": {(0, 1)}}.
    found: dict[str, set[tuple[int, int]]] = {}
    for name, grade in _GRADED.findall(text):
        grade = re.sub(r"\s+", " ", grade.lower())
        grade = re.sub(r"\b(ii|i)$", lambda m: _ROMAN[m.group(1)], grade)
        for scale, names in enumerate(_GRADES):
            if grade in names:
                found.setdefault("".join(name.lower().split()), set()).add((scale, names.index(grade)))
    return found


def lower_grade(question: str, text: str) -> str | None:
    """The grade `text` gives the standard the question asks at a higher grade of ("Spacelift provides a FedRAMP
    Moderate Authorized environment", asked "…at the FedRAMP High baseline?"), when it gives none as high; else None."""
    given = _grades(text)
    for name, asked in _grades(question).items():
        for scale, rank in asked:
            ranks = [r for s, r in given.get(name, ()) if s == scale]
            if ranks and max(ranks) < rank:
                return _GRADES[scale][max(ranks)]
    return None


# A passage allowing it at one level only ("are only allowed to manage role assignments at the cluster scope"), and a
# question asking it at another ("for the whole organization", "at the organization level"): no. The level asked is a
# word before "scope" or "level", or a unit of an organization after "whole" or "entire" (not "the whole database").
_LEVEL = r"(?:scope|level)"
_UNIT = r"(?:organi[sz]ation|account|workspace|project|team|tenant|cluster|instance|company|enterprise)"
_ONLY_AT_LEVEL = re.compile(rf"\bonly\b[^.;:]{{0,80}}?\b(?:at|on|in|for|within)\s+(?:the\s+|an?\s+|one\s+)?"
                            rf"([\w-]+)[\s-]+{_LEVEL}\b", re.IGNORECASE)
_ASKED_LEVEL = re.compile(rf"\b(?:at|on|in|for|across|within)\s+(?:the\s+|an?\s+|our\s+|your\s+)?"
                          rf"(?:(?:whole|entire)\s+({_UNIT})\b|([\w-]+)[\s-]+{_LEVEL}\b)", re.IGNORECASE)


def other_level(question: str, text: str) -> str | None:
    """The phrase of `text` allowing it at one level or scope only, for a question asking it at another, said of a
    thing the question names (a word of it before the "only"); else None."""
    asked = {stem(word.lower()) for m in _ASKED_LEVEL.finditer(question) for word in m.groups() if word}
    terms = set(key_terms(question))
    for sentence in sentences(plain(text)) if asked else ():
        for found in _ONLY_AT_LEVEL.finditer(sentence):
            if _said_of(terms, sentence[:found.start()]) and stem(found.group(1).lower()) not in asked:
                return found.group(0).strip()
    return None
