"""Deterministic text analysis shared by the offline agents and the critic's audit:
key terms, light stemming, sentence splitting and the cue phrases that mark
partial or absent capability."""

from __future__ import annotations

import functools
import re

from retrieval.text import STOPWORDS, normalize_ws, words

# Words that carry the question's form, not its subject.
_GENERIC = frozenset(
    """support supports supported offer offers offered provide provides provided have has had use uses
    used allow allows allowed run runs perform performs performed keep keeps kept hold holds get make
    able how often long quickly many much whether please describe explain list yes up after before within customer
    customers vendor service solution platform product company ensure ensures available""".split()
)
_SUFFIXES = ("ational", "ations", "ation", "ians", "ian", "ments", "ment", "ness", "ings", "ing", "ions", "ion",
             "ies", "ied", "ed", "es", "s", "ly", "ity")

PARTIAL_CUES = ("plan only", "on request", "enterprise customers", "on the enterprise plan",
                "prior written approval", "not formally supported", "can purchase", "limited to",
                "only when", "available only")
NEGATIVE_CUES = ("not supported", "not available", "is not ", "are not ", "does not offer",
                 "does not currently", "do not offer", "not offered", "not offer", "not permitted",
                 "not currently", "not shared", "cannot", "no longer")
HEDGES = ("no evidence", "not found", "could not find", "does not mention", "no source",
          "needs a reviewer", "reviewer confirms", "not documented", "no documentation")

_HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*$")
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z0-9\"'(])")
_MARKER = re.compile(r"\s*\[\d+\]")


_IRREGULAR = {"retent": "retain", "rotat": "rotat", "authoriz": "authoriz", "authorization": "authoriz"}


def _strip_suffix(word: str) -> str:
    """Strip one common English suffix, keeping at least four letters."""
    for suffix in _SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    if word.endswith("s") and not word.endswith("ss") and len(word) >= 4:
        return word[:-1]
    return word


@functools.lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """A light stemmer: one suffix off, doubled final consonants undone, a few irregulars."""
    if word.endswith("ss"):
        return word
    base = _strip_suffix(word)
    if base != word and len(base) >= 4 and base[-1] == base[-2] and base[-1] not in "aeiousl":
        base = base[:-1]
    elif base != word and base.endswith("ll") and len(base) >= 6:
        base = base[:-1]
    elif base.endswith("gg"):
        base = base[:-1]
    return _IRREGULAR.get(base, base)


_CLOUD_NAMES = [(re.compile(p, re.I), short) for p, short in (
    (r"\bgoogle cloud( platform)?\b", "gcp"), (r"\bamazon web services\b", "aws"), (r"\bmicrosoft azure\b", "azure"))]


def key_terms(text: str) -> list[str]:
    """Stemmed subject terms of a question or passage, in order, without repeats."""
    return list(_key_terms(text))


@functools.lru_cache(maxsize=16384)
def _key_terms(text: str) -> tuple[str, ...]:
    # Documents' sentences are analysed again for every question: cache them.
    for pattern, short in _CLOUD_NAMES:
        text = pattern.sub(short, text)
    seen: dict[str, None] = {}
    for word in words(text.replace("-", " ")):
        if word not in STOPWORDS and word not in _GENERIC and (len(word) > 1 or word.isdigit()):
            seen.setdefault(stem(word), None)
    return tuple(seen)


def _matches(term: str, present: set[str]) -> bool:
    # The stemmer is crude ("certified" → certif, "certification" → certific), so
    # long stems also match when one is a prefix of the other.
    if term in present:
        return True
    return len(term) >= 5 and any(
        len(word) >= 5 and (word.startswith(term) or term.startswith(word)) for word in present)


_PRODUCT = re.compile(r"\b(?:[A-Z][a-z]+[A-Z][A-Za-z0-9]*|[A-Z]{2,}[0-9]*s?|\d{3,}[\w:-]*)\b|(?<=[a-z,] )[A-Z][a-z]{2,}\b")


_NAMED_NUMBER = re.compile(r"\b[A-Z][A-Za-z]*\s+\d+(?:\.\d+)*\b")
_CLOUDS = frozenset({"aws", "gcp", "azure", "amazon", "google", "microsoft"})


def product_terms(question: str) -> list[str]:
    """Stemmed specific names in a question: acronyms, CamelCase, mid-sentence capitals, numbers
    (long ones, or ones that follow a name: the 1 of "SOC 1", the 1.2 of "TLS 1.2")."""
    return key_terms(" ".join(specific_phrases(question)))


def specific_phrases(question: str) -> list[str]:
    """The specific names of a question as written ("SOC 1", "GuardDuty", "Canadian")."""
    named_numbers = _NAMED_NUMBER.findall(question)
    inside = {w for phrase in named_numbers for w in phrase.split()}
    singles = [w for w in _PRODUCT.findall(question) if w not in inside]
    return list(dict.fromkeys([*named_numbers, *singles]))


def unsupported_phrases(question: str, text: str) -> list[str]:
    """Specific names of the question that `text` does not mention (cloud names aside:
    the cloud filter scopes them, and general capabilities hold on every cloud)."""
    for pattern, short in _CLOUD_NAMES:  # "Google Cloud" is one name, and a cloud's
        question = pattern.sub(short.upper(), question)
    present = set(key_terms(text))
    missing = []
    for phrase in specific_phrases(question):
        terms = [t for t in key_terms(phrase) if t not in _CLOUDS]
        if terms and not all(_matches(t, present) for t in terms):
            missing.append(phrase)
    return missing


def lead_sentences(text: str) -> list[str]:
    """Sentences before a document's first sub-heading: where a page states its scope."""
    lead = re.split(r"^#{2,6}\s", text, maxsplit=1, flags=re.M)[0]
    return sentences(lead)


def coverage(terms: list[str], text: str) -> float:
    """Share of `terms` found (stemmed) in `text`."""
    if not terms:
        return 0.0
    present = set(key_terms(text))
    return sum(1 for t in terms if _matches(t, present)) / len(terms)


def missing_words(question: str, text: str) -> list[str]:
    """The question's subject words (as written) that `text` does not contain."""
    present = set(key_terms(text))
    out: dict[str, None] = {}
    for word in re.findall(r"[A-Za-z0-9][A-Za-z0-9-]*", question):
        terms = key_terms(word)
        if terms and not all(_matches(t, present) for t in terms):
            out.setdefault(word, None)
    return list(out)


@functools.lru_cache(maxsize=512)
def sentences_in_context(text: str) -> tuple[tuple[str, str], ...]:
    """(headings above it, sentence) for each verbatim sentence of a document.

    Headings and blank lines are not sentences; list markers are stripped. The
    headings say what a terse sentence is about ("Bring your own key (BYOK)").
    """
    out: list[tuple[str, str]] = []
    headings: list[tuple[int, str]] = []
    for line in text.splitlines():
        line = line.strip()
        heading = _HEADING.match(line)
        if heading:
            level = len(heading.group(1))
            headings = [(lvl, h) for lvl, h in headings if lvl < level] + [(level, heading.group(2))]
            continue
        if not line or line.startswith("|"):
            continue
        line = re.sub(r"^[-*+]\s+|^\d+\.\s+", "", line)
        context = " ".join(h for _, h in headings)
        out.extend((context, s.strip()) for s in _SENTENCE.split(line) if len(s.split()) >= 3)
    return tuple(out)


def sentences(text: str) -> list[str]:
    """Verbatim sentences of a document (see sentences_in_context)."""
    return [sentence for _, sentence in sentences_in_context(text)]


def context_of(quote: str, text: str) -> str:
    """The headings above a quote in its document ('' when not found)."""
    needle = normalize_ws(quote)
    for context, sentence in sentences_in_context(text):
        if needle in normalize_ws(sentence) or normalize_ws(sentence) in needle:
            return context
    return ""


def answer_sentences(answer: str) -> list[str]:
    """Sentences of an answer, citation markers kept."""
    return [s.strip() for s in _SENTENCE.split(normalize_ws(answer)) if s.strip()]


def cited_numbers(sentence: str) -> list[int]:
    """The [n] markers in a sentence."""
    return [int(n) for n in re.findall(r"\[(\d+)\]", sentence)]


def strip_markers(text: str) -> str:
    """The text without its [n] markers."""
    return _MARKER.sub("", text)


def has_cue(text: str, cues: tuple[str, ...]) -> bool:
    """Whether any cue phrase occurs in the text (case-insensitive)."""
    lowered = " " + normalize_ws(text).lower() + " "
    return any(cue in lowered for cue in cues)


def is_hedge(sentence: str) -> bool:
    """An honest statement of missing evidence, exempt from needing a citation."""
    return has_cue(sentence, HEDGES)


def occurs_in(quote: str, document: str) -> bool:
    """A quote occurs in a document after whitespace normalisation (and without markers)."""
    needle = normalize_ws(strip_markers(quote)).strip(" .")
    return bool(needle) and needle in normalize_ws(document)
