"""Deterministic term analysis shared by the offline agents and the critic's audit:
stemmed key terms (Snowball), the specific names a question uses, and the wording
that marks a limited or denied capability."""

from __future__ import annotations

import functools
import os
import re
import threading
from collections.abc import Iterable
from pathlib import Path

import snowballstemmer
from pydantic import BaseModel, Field

from retrieval import CLOUD_WORDS, STOPWORDS, normalize_ws, short_cloud_names, words

from ..guardrails.redaction import PLACEHOLDER
from .own_keys import OWN_KEYS, own_keys_unstated

# Words that carry the question's form, not its subject.
_GENERIC = frozenset(
    """support supports supported offer offers offered provide provides provided have has had use uses
    used allow allows allowed run runs perform performs performed keep keeps kept hold holds get make
    able how often long quickly many much whether please describe explain list yes up after before within
    vendor service solution platform product company ensure ensures available so state provide detail
    details share regard regarding following include includes including exist exists currently
    organization organisation""".split()
)

CUES_FILE = Path(__file__).with_name("cues.json")


class CueLists(BaseModel):
    """Wording that marks a capability as denied or as limited, chosen by `bench/cues.py` from
    `bench/cue_candidates.json` on the pooled development sets (agents/text/cues.json)."""

    negative: list[str] = Field(description="a denial: the documentation says the capability is not there")
    partial: list[str] = Field(description="a limit on scope or certainty: the capability exists, not everywhere")
    fitted_on: list[str] = Field(default_factory=list, description="the development sets it was chosen on")

    def with_phrase(self, kind: str, phrase: str) -> CueLists:
        """A copy with one more phrase of the kind ("negative" or "partial")."""
        return self.model_copy(update={kind: [*getattr(self, kind), phrase]})


# RFPBOT_CUES_FILE names another file: bench/nested.py answers with lists chosen without a vendor.
CUES = CueLists.model_validate_json(Path(os.environ.get("RFPBOT_CUES_FILE") or CUES_FILE).read_text(encoding="utf-8"))
NEGATIVE_CUES = tuple(CUES.negative)
PARTIAL_CUES = tuple(CUES.partial)
# Negation-looking phrases that deny nothing.
_NOT_NEGATIONS = ("not limited to", "not only", "whether or not", "no later than", "no more than", "no less than",
                  "no fewer than", "if not ", "not just")
HEDGES = ("no evidence", "not found", "could not find", "does not mention", "no source", "no passage",
          "needs a reviewer", "reviewer confirms", "not documented", "no documentation", "does not answer",
          "for a reviewer", "closest passage")

# A Snowball stemmer keeps the word it works on in itself: one shared by the threads the
# offline agents run on mixed two words up ("IndexError: string index out of range").
_STEMMERS = threading.local()
_IRREGULAR = {"retent": "retain", "certifi": "certif", "notifi": "notif", "authoriz": "author"}


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Snowball (Porter 2) stem of a lower-case word, with a few stems merged."""
    stemmer = getattr(_STEMMERS, "english", None)
    if stemmer is None:
        stemmer = _STEMMERS.english = snowballstemmer.stemmer("english")
    stemmed = stemmer.stemWord(word)
    return _IRREGULAR.get(stemmed, stemmed)


# Spellings of one thing, made one before stemming.
_SAME = [(re.compile(p, re.I), word) for p, word in (
    (r"\bback(?:ed|ing|s)?[\s-]+up\b", "backup"), (r"\b3rd\b", "third"), (r"\b2nd\b", "second"),
    (r"\b1st\b", "first"), (r"\be-mail\b", "email"), (r"\bpen[\s-]?test", "penetration test"),
    (r"\bpost[\s-]mortem", "postmortem"), (r"\bmulti[\s-]factor\b", "multifactor"),
    # Two factors are several factors: "2FA", "two-factor" and "2-step" answer a question on MFA.
    (r"\b(?:MFA|2FA|2SV)\b", "multifactor"), (r"\b(?:two|2)[\s-]?(?:factor|step)\b", "multifactor"),
    (r"\b(?:second|2nd)[\s-](?:factor|step)\b", "multifactor"),
    (r"\bsign[\s-]on\b", "signon"), (r"\bon[\s-]?boarding\b", "onboarding"),
    (r"\boff[\s-]?boarding\b", "offboarding"),
    # Someone from outside the company is a third party: "an independent firm", "external auditors".
    (r"\b(?:independent|external|outside)(?=\s+(?:security\s+)?(?:firms?|compan(?:y|ies)|part(?:y|ies)|auditors?|"
     r"assessors?|testers?|organi[sz]ations?)\b)", "third party"),
    # A period said in words is the adverb: "once a year" and "yearly" are "annual".
    (r"\b(?:yearly|once a year|every year|each year|per year)\b", "annual"),
    (r"\b(?:every|each|once a|per) quarter\b", "quarterly"),
    # More than one is several: "more than one IdP" asks what "multiple IdP configurations" states.
    (r"\bmore than one\b", "multiple"))]


# One standard, several spellings: the joint ISO/IEC name, "SOC2" and "ISO27001" run together, the
# Roman type numbers of SOC reports, and a version run into its name ("TLSv1.2").
_STANDARD_NAMES = [(re.compile(p), name) for p, name in (
    (r"\bISO\s*/\s*IEC\b", "ISO"), (r"\bISO(?=\d)", "ISO "), (r"\bSOC(?=[123]\b)", "SOC "),
    (r"\b[Tt]ype\s+II\b", "Type 2"), (r"\b[Tt]ype\s+I\b", "Type 1"), (r"\b([A-Z]{2,})v(?=\d)", r"\1 "))]


def standard_names(text: str) -> str:
    """Standards written one way: "ISO/IEC 27001" as "ISO 27001", "SOC2 Type II" as "SOC 2 Type 2",
    "TLSv1.2" as "TLS 1.2"."""
    for pattern, name in _STANDARD_NAMES:
        text = pattern.sub(name, text)
    return text


def together(texts: Iterable[str]) -> str:
    """Texts put together for term analysis, as paragraphs: each one's terms are found once and
    cached, however the texts are combined."""
    return "\n\n".join(texts)


def key_terms(text: str) -> list[str]:
    """Stemmed subject terms of a question or passage, in order, without repeats."""
    return list(_key_terms(text))


_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


@functools.lru_cache(maxsize=32768)
def _key_terms(text: str) -> tuple[str, ...]:
    # Documents' passages are analysed again for every question: cache them. A text of several
    # paragraphs (sources or quotes put together) is the union of its paragraphs, each cached.
    # The spellings joined above ("back up", "Type II") could in principle run across a blank
    # line; on the development sets none does (their answers are the same either way).
    paragraphs = _PARAGRAPH_BREAK.split(text)
    if len(paragraphs) > 1:
        return tuple(dict.fromkeys(term for paragraph in paragraphs for term in _key_terms(paragraph)))
    return _paragraph_terms(text)


# English prefixes that also join their word closed ("subprocessor", "selfhosted", "multifactor", "signin"):
# the compound is matched either way. Other hyphenations ("customer-managed") stay two words: joining them
# too weighed such a phrase three times in a question and moved the passage a follow-up needed.
_HYPHENATED = re.compile(r"\b(sub|self|multi|non|pre|re|co|cross|anti|inter|intra|post|over|under|out|"
                         r"on|off|opt|sign|log|set|up|back|end|single|pen)-([A-Za-z]{2,})\b", re.IGNORECASE)


def _paragraph_terms(text: str) -> tuple[str, ...]:
    text = PLACEHOLDER.sub(" ", text)  # redacted personal data is not a subject
    text = short_cloud_names(standard_names(text))
    for pattern, short in _SAME:
        text = pattern.sub(short, text)
    seen: dict[str, None] = {}
    # A prefixed compound is one word however it is hyphenated: "sub-processors" is also "subprocessors".
    text = _HYPHENATED.sub(lambda m: f"{m.group(0)} {m.group(1)}{m.group(2)}", text)
    for word in words(text.replace("-", " ").replace("/", " ")):
        if word not in STOPWORDS and word not in _GENERIC and (len(word) > 1 or word.isdigit()):
            seen.setdefault(stem(word), None)
    return tuple(seen)


def matches(term: str, present: set[str]) -> bool:
    """A stem is present, or (long stems) one is a prefix of the other: certif/certifi."""
    if term in present:
        return True
    return len(term) >= 5 and any(
        len(word) >= 5 and (word.startswith(term) or term.startswith(word)) for word in present)


def coverage(terms: list[str], text: str) -> float:
    """Share of `terms` found (stemmed) in `text`."""
    if not terms:
        return 0.0
    present = set(key_terms(text))
    return sum(1 for t in terms if matches(t, present)) / len(terms)


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
    missing = []
    for phrase in specific_phrases(question):
        if phrase in spelled.values():
            continue
        forms = [phrase] + ([spelled[phrase]] if phrase in spelled else []) + _alternatives(phrase, question)
        if not any(_mentions(form, present, text) for form in forms):
            missing.append(phrase)
    if not missing and own_keys_unstated(question, text):
        missing.append(OWN_KEYS)
    return missing


def _alternatives(phrase: str, question: str) -> list[str]:
    """What the question offers in place of a name, the two words on the other side of an "or"
    ("to our SIEM or security monitoring system", "its own log management or SIEM service"): the
    name is one way of asking, not a requirement. An alternative that is itself a name or a number
    ("TLS 1.0 or TLS 1.1") is asked as well."""
    name = re.escape(phrase)
    after = re.findall(rf"\b{name}\s+or\s+([a-z][\w-]*\s+[a-z][\w-]*)", question)
    before = re.findall(rf"([a-z][\w-]*\s+[a-z][\w-]*)\s+or\s+{name}\b", question)
    return [words for words in [*after, *before] if not specific_phrases(words) and not re.search(r"\d", words)]


def spelled_out(term: str, text: str) -> bool:
    """Whether a short all-letter term reads as the initials of words in the text (mfa: Multi-factor
    authentication): words of letters a-z in either case, apart by spaces or hyphens, the first
    and last at a word's edge. The four letters re.IGNORECASE also folds to a-z count as well."""
    if not (3 <= len(term) <= 5 and term.isalpha()):
        return False
    if not term.isascii():
        return bool(re.search(r"\b" + r"[\s-]+".join(f"{c}[a-z]*" for c in term.lower()) + r"\b", text, re.I))
    return term.lower() in _initials(text)


# What re.IGNORECASE matches of a-z besides both cases: İ ı (i), ſ (s), K (k).
_FOLDED = {"\u0130": "i", "\u0131": "i", "\u017f": "s", "\u212a": "k"}
_WORD_RUN = re.compile(r"[a-zA-Z\u0130\u0131\u017f\u212a]+")
_SEPARATORS = re.compile(r"[\s-]+")
_WORD_CHAR = re.compile(r"\w")


@functools.lru_cache(maxsize=32768)
def _initials(text: str) -> frozenset[str]:
    """Every run of 3 to 5 initials that spelled_out accepts in the text, read once per text
    (a pattern per term took a compile per new term)."""
    found: set[str] = set()
    chain: list[tuple[str, bool]] = []  # (initial, the word may start a spelling)
    previous_end = 0
    for run in _WORD_RUN.finditer(text):
        start, end = run.span()
        if chain and not _SEPARATORS.fullmatch(text, previous_end, start):
            chain = []
        opens = start == 0 or not _WORD_CHAR.match(text, start - 1)
        first = text[start]
        chain.append((_FOLDED.get(first, first.lower()), opens))
        closes = end == len(text) or not _WORD_CHAR.match(text, end)
        if closes:
            for size in range(3, 6):
                if len(chain) >= size and chain[-size][1]:
                    found.add("".join(initial for initial, _ in chain[-size:]))
        if end < len(text) and not _SEPARATORS.match(text, end):
            chain = []  # a word that runs on into something else ends the chain
        previous_end = end
    return frozenset(found)


@functools.lru_cache(maxsize=262_144)
def mentioned(term: str, text: str) -> bool:
    """Whether a stemmed term occurs in a text: as a stem, a long prefix, or spelled out.

    Cached: relevance compares every question's terms with the same passages again."""
    return matches(term, _term_set(text)) or spelled_out(term, text)


@functools.lru_cache(maxsize=32768)
def _term_set(text: str) -> frozenset[str]:
    return frozenset(_key_terms(text))


def _mentions(phrase: str, present: set[str], text: str = "") -> bool:
    numbered = _NAMED_NUMBER.fullmatch(phrase)
    if numbered and text:
        # A version is read whole: "TLS 1.2 and TLS 1.3" do not mention TLS 1.1 (its terms, "tls" and
        # "1", are all there).
        return _same_version(phrase, text) or _major_version(phrase, text)
    terms = [t for t in key_terms(_VERSION.sub("", phrase)) if t not in CLOUD_STEMS]
    return (not terms or all(matches(t, present) or spelled_out(t, text) or _expanded(t, present) for t in terms)
            or _named_pair(phrase, text) or _major_version(phrase, text))


# Acronyms that are not the initials of their words (those `spelled_out` finds): "your IdP" is "your
# identity provider". Read only to tell whether a name is mentioned, not to weigh relevance: joining the
# two spellings in every text moved 33 answers' confidence on eleven sets and sent fewer held out.
_EXPANSIONS = {"idp": "identity provider"}


def _expanded(term: str, present: set[str]) -> bool:
    words = _EXPANSIONS.get(term)
    return bool(words) and all(matches(t, present) for t in key_terms(words))


def _same_version(phrase: str, text: str) -> bool:
    name, number = phrase.rsplit(None, 1)
    number = number.lstrip("vV")
    return bool(re.search(rf"\b{re.escape(name)}[\s-]*v?{re.escape(number)}(?!\.?\d)", standard_names(text),
                          re.IGNORECASE))


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


def missing_words(question: str, text: str) -> list[str]:
    """The question's subject words (as written) that `text` does not contain."""
    present = set(key_terms(text))
    out: dict[str, None] = {}
    for word in re.findall(r"[A-Za-z0-9][A-Za-z0-9-]*", question):
        terms = key_terms(word)
        if terms and not all(matches(t, present) for t in terms):
            out.setdefault(word, None)
    return list(out)


@functools.lru_cache(maxsize=512)
def _cue_pattern(cue: str) -> re.Pattern:
    return re.compile(r"(?<![\w-])" + re.escape(cue.strip()) + r"(?![\w-])")


_CONTRACTED = re.compile(r"\b(\w+?)n't\b")
_IRREGULAR_NOT = {"wo": "will", "ca": "can", "sha": "shall"}


def uncontracted(text: str) -> str:
    """Negations written out: "don't" reads "do not", "can't" "cannot" (the cue lists name the full forms)."""
    def full(match: re.Match) -> str:
        verb = match.group(1)
        verb = _IRREGULAR_NOT.get(verb, verb)
        return "cannot" if verb == "can" else f"{verb} not"
    return _CONTRACTED.sub(full, text)


# "only available to", "only offered for": the limit "only to", "only for" with its participle in between.
_ONLY_PARTICIPLE = re.compile(r"\bonly (?:available|offered|supported|included|provided|possible|enabled|accessible|"
                              r"allowed|permitted|granted) (to|for|in|on|with|if|when|under)\b")


# "wherever we can", "where it can": the hedge "wherever possible", "where possible".
_WHERE_WE_CAN = re.compile(r"\b(whenever|wherever|where) (?:we|it|they) can\b(?! be\b)")


def cue_phrases(text: str, cues: tuple[str, ...]) -> list[str]:
    """The cue phrases that occur in the text as whole words (case-insensitive; negations uncontracted)."""
    return list(_cue_phrases(text, cues))


@functools.lru_cache(maxsize=32768)
def _cue_phrases(text: str, cues: tuple[str, ...]) -> tuple[str, ...]:
    # A passage is read for each question it is retrieved for: tens of patterns each time.
    lowered = _ONLY_PARTICIPLE.sub(r"only \1", uncontracted(normalize_ws(text).lower().replace("’", "'")))
    lowered = _WHERE_WE_CAN.sub(r"\1 possible", lowered)
    lowered = not_negations(lowered)
    return tuple(cue for cue in cues if _cue_pattern(cue).search(lowered))


def not_negations(lowered: str) -> str:
    """A lower-cased text without the negation-looking phrases that deny nothing ("not limited to", "no
    later than")."""
    for phrase in _NOT_NEGATIONS:
        lowered = lowered.replace(phrase.strip(), " ")
    return lowered


def has_cue(text: str, cues: tuple[str, ...]) -> bool:
    """Whether any cue phrase occurs in the text."""
    return bool(cue_phrases(text, cues))


def new_cues(text: str, question: str, cues: tuple[str, ...]) -> list[str]:
    """Cue phrases of `text` that the question does not use itself ("only within the EU?")."""
    asked = set(cue_phrases(question, cues))
    return [cue for cue in cue_phrases(text, cues) if cue not in asked]


_UNIVERSAL = re.compile(r"\b(?:all|every|each|any|anyone|regardless|always)\b", re.I)
def is_universal(question: str) -> bool:
    """A question about all, every, each or any thing ("for every incident?", "open to anyone?")."""
    return bool(_UNIVERSAL.search(question))


AUXILIARY = (r"(?:is|are|do|does|did|can|could|will|would|should|shall|have|has|was|were|may|must|"
              r"am|isn't|aren't|don't|doesn't|can't|won't)\b")
# "When a deletion is requested, is event data removed?": a clause before the comma, then the question.
_YES_NO = re.compile(r"^\W*(?:(?:when|if|once|after|before|during|for|in|on|with|where|as)\b[^,?]{1,80},\s*)?"
                     + AUXILIARY, re.I)


# The openings of a short follow-up that leans on the question before it ("What about on GCP?", "And on
# AWS?"); `agents.conversation.followup` recognises follow-ups by them too.
ELLIPTICAL_LEAD = r"and|also|plus|but|or|what about|how about|same (?:for|on|with)"
_ELLIPTICAL = re.compile(rf"^\W*(?:{ELLIPTICAL_LEAD})\b", re.I)
_EARLIER = re.compile(r"\s\(follow-up to: (.+)\)$", re.S)


def with_earlier(question: str, earlier: str) -> str:
    """A follow-up as the engines read it: the question, then the one it follows up on."""
    return f"{question} (follow-up to: {earlier})"


def is_yes_no(question: str) -> bool:
    """A question that a "Yes." or "No." can open the answer to ("Is …", "Do you …"), or a short
    follow-up to one ("What about on GCP?" after "Do you support BYOK?" asks yes or no again)."""
    if _YES_NO.match(question):
        return True
    earlier = _EARLIER.search(question)
    return bool(earlier and _ELLIPTICAL.match(question) and _YES_NO.match(earlier.group(1)))


def is_hedge(sentence: str) -> bool:
    """An honest statement of missing evidence, exempt from needing a citation."""
    return has_cue(sentence, HEDGES)
