"""Deterministic term analysis shared by the offline agents and the critic's audit: stemmed key
terms (Snowball), with spellings of one thing made one, and whether a text mentions a term."""

from __future__ import annotations

import functools
import re
import threading
from collections.abc import Iterable

import snowballstemmer

from retrieval import STOPWORDS, short_cloud_names, words

from ..guardrails.redaction import PLACEHOLDER


# Words that carry the question's form, not its subject.
_GENERIC = frozenset(
    """support supports supported offer offers offered provide provides provided have has had use uses
    used allow allows allowed run runs perform performs performed keep keeps kept hold holds get make
    able how often long quickly many much whether please describe explain list yes up after before within
    vendor service solution platform product company ensure ensures available so state provide detail
    details share regard regarding following include includes including exist exists currently
    organization organisation""".split()
)


# A Snowball stemmer keeps the word it works on in itself: one shared by the threads the
# offline agents run on mixed two words up ("IndexError: string index out of range").
_STEMMERS = threading.local()
# Irregular past forms of verbs questions ask in the present ("How long do you keep…?" against "Logs are kept for 30
# days"), besides stems the stemmer leaves apart.
_IRREGULAR = {"retent": "retain", "certifi": "certif", "notifi": "notif", "authoriz": "author", "kept": "keep",
              "held": "hold", "sent": "send", "paid": "pay"}


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
    (r"\bmore than one\b", "multiple"),
    # What need not be given is optional: "Can a question be not mandatory?" asks what "make a question optional"
    # states. ("Not required" is left: it denies a requirement the question may name in that word.)
    (r"\b(?:not|non)[\s-]+(?:mandatory|compulsory|obligatory)\b", "optional"))]


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


def missing_words(question: str, text: str) -> list[str]:
    """The question's subject words (as written) that `text` does not contain."""
    present = set(key_terms(text))
    out: dict[str, None] = {}
    for word in re.findall(r"[A-Za-z0-9][A-Za-z0-9-]*", question):
        terms = key_terms(word)
        if terms and not all(matches(t, present) for t in terms):
            out.setdefault(word, None)
    return list(out)
