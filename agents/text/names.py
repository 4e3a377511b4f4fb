"""The specific names a question uses (acronyms, products, standards and their versions) and whether
a text mentions each: a name no passage mentions is a question the passages do not answer."""

from __future__ import annotations

import re

from retrieval import CLOUD_WORDS, short_cloud_names

from .own_keys import OWN_KEYS, own_keys_unstated
from .terms import key_terms, matches, spelled_out, standard_names, stem


_PRODUCT = re.compile(r"\b(?:[A-Z][a-z]+[A-Z][A-Za-z0-9]*|[A-Z]{2,}[0-9]*s?|\d{3,}[\w:-]*)\b"
                      r"|(?<=[a-z,] )[A-Z][a-z]{2,}\b")
_NAMED_NUMBER = re.compile(r"\b[A-Z][A-Za-z]*\s+v?\d+(?:\.\d+)*\b")
CLOUD_STEMS = frozenset(stem(word) for word in CLOUD_WORDS)
_VERSION = re.compile(r"\bv(?=\d)", re.I)


def specific_phrases(question: str) -> list[str]:
    """The specific names of a question as written: acronyms, CamelCase, mid-sentence
    capitals, long numbers, numbers after a name ("SOC 1", "TLS 1.2", "GuardDuty")."""
    question = standard_names(question)
    named_numbers = _NAMED_NUMBER.findall(question)
    inside = {w for phrase in named_numbers for w in phrase.split()}
    singles = [w for w in _PRODUCT.findall(question) if w not in inside]
    return list(dict.fromkeys([*named_numbers, *singles]))


def product_terms(question: str) -> list[str]:
    """Stemmed specific names of a question (see specific_phrases)."""
    return key_terms(" ".join(specific_phrases(question)))


def _abbreviations(question: str) -> dict[str, str]:
    """Acronyms the question spells out itself: "European Union ... the EU" → {"EU": "European Union"}."""
    found = {}
    for acronym in set(re.findall(r"\b[A-Z]{2,6}\b", question)):
        pattern = r"\b" + r"\W+".join(f"{letter}[a-z]+" for letter in acronym) + r"\b"
        spelled = re.search(pattern, question)
        if spelled:
            found[acronym] = spelled.group(0)
    return found


def unsupported_phrases(question: str, text: str) -> list[str]:
    """Specific names of the question that `text` does not mention (cloud names aside:
    the cloud filter scopes them). A version "v1.2" counts as "1.2"; an acronym the
    question spells out counts when either form is there."""
    question = short_cloud_names(question)  # "Google Cloud" is one name, and a cloud's
    present = set(key_terms(_VERSION.sub("", text)))
    spelled = _abbreviations(question)
    abbreviated = _abbreviated_in(question, text) | _place_named(question, text)
    missing = []
    for phrase in specific_phrases(question):
        if phrase in spelled.values() or phrase in abbreviated or _labelled_number(phrase, text):
            continue
        forms = [phrase] + ([spelled[phrase]] if phrase in spelled else []) + _alternatives(phrase, question)
        if not any(_mentions(form, present, text) for form in forms) and not _written(_PLACES.get(phrase, ()), text):
            missing.append(phrase)
    if not missing and own_keys_unstated(question, text):
        missing.append(OWN_KEYS)
    return missing


# A law's or standard's part named by its number: the number is the name ("Section 508" is the page's "508 compliant").
# Three digits at least: "Article 28" beside "28 days" would be another thing.
_LABELLED_NUMBER = re.compile(r"(?:Section|Article|Part|Title|Chapter|Clause|Annex|Appendix|Schedule)\s+(\d{3,})")


def _labelled_number(phrase: str, text: str) -> bool:
    numbered = _LABELLED_NUMBER.fullmatch(phrase)
    return bool(numbered) and re.search(rf"(?<![\d.,]){numbered.group(1)}(?![\d.,]\d)", text) is not None


# A name of two or more capitalised words, hyphens between some: "European Union", "Single Sign-On".
_CAPITALISED_RUN = re.compile(r"\b[A-Z][a-z]+(?:[\s-]+[A-Z][a-z]+)+\b")


def capitalised_names(question: str) -> list[str]:
    """The question's names of two or more capitalised words ("Apple Pay", "European Union"), a sentence's first
    word left out ("Does Okta …", "Is Apple Pay …": capitalised for its place, not a name's)."""
    names = []
    for run in _CAPITALISED_RUN.finditer(question):
        words = re.split(r"([\s-]+)", run.group())
        if run.start() == 0 or question[:run.start()].rstrip().endswith((".", "?", "!", ":")):
            words = words[2:]
        if len(words) >= 3:
            names.append("".join(words))
    return names


def _abbreviated_in(question: str, text: str) -> set[str]:
    """The words of each capitalised name of the question that the text writes by its initials ("European
    Union" where the text says "EU", "Data Processing Agreement" where it says "DPA"): the name is there,
    abbreviated. Read from the text's capitals only: two or three letters in lower case are too many words."""
    found: set[str] = set()
    for name in capitalised_names(question):
        words = re.split(r"[\s-]+", name)
        # A number after the name goes with its initials: "Impact Level 5" is written "IL5" (or "IL-5", "IL 5").
        numbered = re.search(rf"{re.escape(name)}\s+(\d+)\b", question)
        number = rf"(?:[\s-]?{numbered.group(1)})" if numbered else ""
        if re.search(rf"\b{''.join(word[0] for word in words)}s?{number}\b", text):
            found.update(words)
            if numbered:
                found.add(f"{words[-1]} {numbered.group(1)}")
    return found


# A place as its people's word and the other way round: "British and Irish data centres" are the page's "data
# centres in the UK and Ireland", "inside the United States" its "Ashburn, VA, USA". Forms are matched as written.
_PLACES = {
    "British": ("UK", "United Kingdom", "Britain"), "Irish": ("Ireland",),
    "American": ("US", "USA", "United States", "America"), "German": ("Germany",), "French": ("France",),
    "Australian": ("Australia",), "Canadian": ("Canada",), "Japanese": ("Japan",), "Indian": ("India",),
    "Swiss": ("Switzerland",), "Dutch": ("Netherlands",), "Swedish": ("Sweden",), "Spanish": ("Spain",),
    "Italian": ("Italy",), "Brazilian": ("Brazil",), "Singaporean": ("Singapore",),
    "United States": ("US", "USA", "America"), "United Kingdom": ("UK", "Britain"),
}


def _written(forms: tuple[str, ...], text: str) -> bool:
    return any(re.search(rf"(?<![\w.]){re.escape(form)}(?!\w)", text) for form in forms)


def _place_named(question: str, text: str) -> set[str]:
    """The words of each place the question names in two words ("United States") that the text writes another
    way ("USA")."""
    return {word for name in capitalised_names(question) if _written(_PLACES.get(name, ()), text)
            for word in name.split()}


def _alternatives(phrase: str, question: str) -> list[str]:
    """What the question offers in place of a name, the two words on the other side of an "or"
    ("to our SIEM or security monitoring system", "its own log management or SIEM service"): the
    name is one way of asking, not a requirement. An alternative that is itself a name or a number
    ("TLS 1.0 or TLS 1.1") is asked as well."""
    name = re.escape(phrase)
    after = re.findall(rf"\b{name}\s+or\s+([a-z][\w-]*\s+[a-z][\w-]*)", question)
    before = re.findall(rf"([a-z][\w-]*\s+[a-z][\w-]*)\s+or\s+{name}\b", question)
    return [words for words in [*after, *before] if not specific_phrases(words) and not re.search(r"\d", words)]


def _mentions(phrase: str, present: set[str], text: str = "") -> bool:
    numbered = _NAMED_NUMBER.fullmatch(phrase)
    if numbered and text:
        # A version is read whole: "TLS 1.2 and TLS 1.3" do not mention TLS 1.1 (its terms, "tls" and
        # "1", are all there).
        return _same_version(phrase, text) or _major_version(phrase, text)
    terms = [t for t in key_terms(_VERSION.sub("", phrase)) if t not in CLOUD_STEMS]
    return (not terms or all(matches(t, present) or spelled_out(t, text) or _expanded(t, present, text)
                             or _acronym_form(t, present) for t in terms)
            or _named_pair(phrase, text) or _major_version(phrase, text))


def _acronym_form(term: str, present: set[str]) -> bool:
    # An acronym written in the plural or with a one-letter prefix: "4 vCPUs" mentions CPU (the stemmer
    # leaves "cpus" as it is, ending in -us), "mTLS" mentions TLS; and the other way round, a question's
    # plural is the text's singular ("machines with GPUs" ← "GPU builds").
    if not (term.isalpha() and term.isascii() and 3 <= len(term) <= 5):
        return False
    if term.endswith("s") and term[:-1] in present:
        return True
    return any(word in (f"{term}s", f"{term}es") or (len(word) > len(term) and word[1:] in (term, f"{term}s"))
               for word in present)


# Acronyms that are not the initials of their words (those `spelled_out` finds): "your IdP" is "your
# identity provider". Read only to tell whether a name is mentioned, not to weigh relevance: joining the
# two spellings in every text moved 33 answers' confidence on eleven sets and sent fewer held out. A SIEM is
# read as mentioned where the documents speak of security and monitoring: Flagsmith's audit-log webhooks,
# "useful for … Security monitoring", never name one, and its "no evidence" went out alone and was wrong.
# (Three right abstentions on "our SIEM" elsewhere go to a reviewer now: a missing SIEM settles less than
# a missing standard does.) GOV.UK Notify's pages say "client libraries" and "text message", never SDK or SMS: "no
# evidence … for SDK" was its surest answer, and wrong.
_EXPANSIONS = {"idp": "identity provider", "siem": "security monitoring", "sdk": "client library",
               "sms": "text message"}


# A standard's qualifier its short name leaves out: "a PCI Level 1 certified provider" is PCI DSS. The short name must
# be written as such (capitals): its letters as the initials of any three words would not do.
_LEFT_OUT = {"dss": re.compile(r"\bPCI\b")}


def _expanded(term: str, present: set[str], text: str = "") -> bool:
    short = _LEFT_OUT.get(term)
    if short is not None:
        return bool(short.search(text))
    words = _EXPANSIONS.get(term)
    return bool(words) and all(matches(t, present) for t in key_terms(words))


def _same_version(phrase: str, text: str) -> bool:
    name, number = phrase.rsplit(None, 1)
    number = number.lstrip("vV")
    # The name may close a parenthesis: "Web Content Accessibility Guidelines (WCAG) version 2.2".
    return bool(re.search(rf"\b(?:{re.escape(name)}|{_written_out(name)})\)?[\s-]*(?:version\s+)?v?{re.escape(number)}"
                          r"(?!\.?\d)", standard_names(text), re.IGNORECASE))


def _written_out(name: str) -> str:
    """A pattern for an acronym's words, capitalised, one per letter ("Web Content Accessibility Guidelines" for
    WCAG); a pattern that matches nothing for any other name."""
    if not (3 <= len(name) <= 6 and name.isalpha() and name.isupper() and name.isascii()):
        return r"(?!)"
    return r"(?-i:" + r"[\s-]+".join(f"{letter}[a-z]+" for letter in name) + ")"


_DOT_ZERO = re.compile(r"^([A-Za-z][\w-]*)\s*v?(\d+)\.0$")


def another_version(phrase: str, text: str) -> bool:
    """Whether `text` names another number of what `phrase` names with one ("SOC 2" for "SOC 1",
    "TLS 1.2" for "TLS 1.0"): a near miss, where the documents speak of the same thing."""
    if not _NAMED_NUMBER.fullmatch(phrase.strip()):
        return False
    name = phrase.strip().rsplit(None, 1)[0]
    return bool(re.search(rf"\b{re.escape(name)}[\s-]*v?\d", standard_names(text), re.IGNORECASE))


def _major_version(phrase: str, text: str) -> bool:
    """A ".0" version written as its major number alone: "SAML 2.0" ← "SAML2" or "SAML 2", but not
    "TLS 1.0" ← "TLS 1.2" (a minor number written is another version)."""
    match = _DOT_ZERO.match(phrase)
    if not match:
        return False
    name, major = match.groups()
    return bool(re.search(rf"\b{re.escape(name)}\s*v?{major}(?![.\d])", text, re.IGNORECASE))


def _named_pair(phrase: str, text: str) -> bool:
    """A two-letter acronym written out as a capitalised two-word name: UK ← "United Kingdom",
    EU ← "European Union". Only capitalised words: two letters alone match too many word pairs."""
    if not (len(phrase) == 2 and phrase.isalpha() and phrase.isupper() and phrase.isascii()):
        return False
    return bool(re.search(rf"\b{phrase[0]}[a-z]+\s+{phrase[1]}[a-z]+\b", text))
