"""How well a passage answers a question, and whether a quote supports a sentence.

Two signals, both cheap and offline: semantic similarity from the embedder the
index already uses, and key-term overlap weighted by how rare each term is among
the passages being compared (IDF), so that "credit" counts for more than "check".

These thresholds were set by hand on the Sourcegraph development set (`../shared/eval/sourcegraph`,
see README "Answer quality") and are not refitted: what decides whether an answer goes out alone is the
send-or-review model fitted on every development set (`agents.judging.gate`), whose relevance weight is
fitted. On twelve sets no draft the RELEVANT check blocks has a fitted probability over 0.72, so that
check sends no answer to a reviewer that the model would have sent; the extractive engine's own floor
and bands are fitted (`agents/extractive.json`).
- RELEVANT (0.40): under it a passage does not answer the question. On the dev set the
  passage carrying the expected evidence scores 0.42–0.80, and the best passage for
  unanswerable questions scores 0.22–0.45 (the ones above 0.40 are near-misses caught
  by the specific-name check or a denial).
- CONFIDENT (0.52): the extractive draft's own confidence reaches 70 at it (the confidence shown and
  the send decision are the fitted model's, not this one).
- SUPPORTED (0.50): a sentence is supported by its quotes when their combined score
  reaches it and at least half of the sentence's rarer key terms occur in them.
"""

from __future__ import annotations

import functools
import math
import re
from collections import OrderedDict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from common import sentences
from retrieval import Embedder

from ..text.grounding import Passage, passages, strip_markers
from ..text.quantities import FREQUENCY, PERIOD
from ..text.question_form import is_yes_no
from ..text.terms import coverage, key_terms, matches, mentioned, together

RELEVANT = 0.40
CONFIDENT = 0.52
NAMED_BONUS = 0.1
SUPPORTED = 0.50
SEMANTIC_WEIGHT = 0.5
_CACHE_SIZE = 20_000

_ASKS_QUANTITY = re.compile(
    r"\b(how (?:often|long|quickly|soon|frequently|many|much)|what (?:time ?frames?|period|frequency)|"
    r"within what|time ?frames?|frequency|retention period|how long|SLAs?|percent(?:age)?)\b", re.I)
# An open question on a bound ("What is the minimum password length?") asks a figure, as "how long" does; a
# yes/no one ("Do you enforce a minimum password length?") asks whether there is one.
_ASKS_BOUND = re.compile(r"\b(?:minimum|maximum)\s+(?:[\w-]+\s+){0,2}?(?:length|size|age|count|lifetime|interval)\b",
                         re.I)
_HAS_QUANTITY = re.compile(
    PERIOD + r"|\d|\b(daily|weekly|monthly|quarterly|annual(?:ly)?|yearly|hourly|biannual(?:ly)?|every|once|twice|"
    r"immediately|real[- ]time|continuous(?:ly)?)\b", re.I)


class Semantics:
    """Vectors of the texts a run compares: computed up front (async), then looked up (sync).

    The offline agents and the audit run on worker threads, where the embedder's
    async API is out of reach; `prepare` is awaited on the loop first. Texts not
    prepared compare as 0 (the lexical signal still counts).
    """

    def __init__(self, embedder: Embedder | None, capacity: int = _CACHE_SIZE) -> None:
        self._embedder = embedder
        self._capacity = capacity
        self._vectors: OrderedDict[str, np.ndarray] = OrderedDict()

    async def prepare(self, texts: Iterable[str]) -> None:
        """Embed every text not seen yet, in one batch."""
        if self._embedder is None:
            return
        wanted = [t for t in dict.fromkeys(texts) if t]
        for text in wanted:
            if text in self._vectors:
                # Least recently *used* goes first: a run's own texts must not be the ones
                # evicted, by its own later batch or by another run's (runs share this cache).
                self._vectors.move_to_end(text)
        missing = [t for t in wanted if t not in self._vectors]
        if missing:
            for text, vector in zip(missing, await self._embedder.embed(missing)):
                self._vectors[text] = vector
        while len(self._vectors) > self._capacity:
            self._vectors.popitem(last=False)

    def similarity(self, a: str, b: str) -> float:
        """Cosine similarity of two prepared texts (0 when either is unknown)."""
        va, vb = self._vectors.get(a), self._vectors.get(b)
        if va is None or vb is None:
            return 0.0
        return max(0.0, float(np.dot(va, vb)))


@dataclass(frozen=True)
class Relevance:
    """How well one passage answers one question, and why."""

    score: float
    semantic: float
    lexical: float


class Scorer:
    """Relevance of passages to questions and support of sentences by quotes, over one pool of passages."""

    def __init__(self, semantics: Semantics, pool: Sequence[str]) -> None:
        self.semantics = semantics
        self._pool = _Pool(len(pool), _counted(tuple(pool)))

    @classmethod
    def over_documents(cls, semantics: Semantics, documents: Iterable[str]) -> Scorer:
        """The scorer over the passages of these documents (what each is about). Counts are cached
        per document and per set of documents: a run's nodes read the same documents, and a
        batch's questions the same few."""
        scorer = cls(semantics, ())
        scorer._pool = _pool_of(tuple(documents))
        return scorer

    def idf(self, term: str) -> float:
        """Rarer terms weigh more; a term no passage has weighs most."""
        return self._pool.idf(term)

    def lexical(self, terms: list[str], text: str) -> float:
        """IDF-weighted share of `terms` that occur (stemmed) in `text`."""
        if not terms:
            return 0.0
        total = sum(self.idf(t) for t in terms)
        return sum(self.idf(t) for t in terms if mentioned(t, text)) / total

    def relevance(self, question: str, passage: Passage) -> Relevance:
        """Semantic and lexical fit of a passage (read with its context) to a question."""
        semantic = max(self.semantics.similarity(question, passage.about),
                       self.semantics.similarity(question, passage.text))
        terms = key_terms(question)
        lexical = 0.5 * self.lexical(terms, passage.about) + 0.5 * self.lexical(terms, passage.text)
        score = SEMANTIC_WEIGHT * semantic + (1 - SEMANTIC_WEIGHT) * lexical
        asks_quantity = _asks_quantity(question)
        gives_quantity = asks_quantity and _HAS_QUANTITY.search(passage.text) is not None
        if asks_quantity:
            score += 0.08 if gives_quantity else -0.05
        if _is_short(passage.text) and not (gives_quantity and _SENTENCE_END.search(passage.text)):
            # A label, a heading-like fragment or a table's cells rarely answer anything; a short sentence giving
            # the figure asked does ("Logs are kept for 30 days.").
            score *= 0.8
        return Relevance(round(score, 4), round(semantic, 4), round(lexical, 4))

    def support(self, sentence: str, quotes: Sequence[str]) -> float:
        """How well the quotes together back a sentence of an answer (0–1)."""
        claim = strip_markers(sentence)
        if not quotes:
            return 0.0
        joined = together(quotes)
        semantic = max(self.semantics.similarity(claim, q) for q in quotes)
        lexical = self.lexical(key_terms(claim), joined)
        return round(SEMANTIC_WEIGHT * semantic + (1 - SEMANTIC_WEIGHT) * lexical, 4)

    def rare_terms_missing(self, sentence: str, quotes: Sequence[str]) -> tuple[int, list[str]]:
        """How many rarer key terms (IDF at or above the median) the sentence has, and
        which of them no quote has: a claim must not rest on words its quotes lack."""
        terms = key_terms(strip_markers(sentence))
        if not terms:
            return 0, []
        weights = sorted(self.idf(t) for t in terms)
        rare = [t for t in terms if self.idf(t) >= weights[len(weights) // 2]]
        present = set(key_terms(together(quotes)))
        return len(rare), [t for t in rare if not matches(t, present)]


def named_credit(named: list[str], passage: Passage) -> float:
    """What naming the question's specific names (its cloud, product, standard: `product_terms`)
    adds to a passage's relevance when passages are ranked: between close passages, the one on
    "Google Cloud KMS" answers "…and on GCP?"."""
    return NAMED_BONUS * coverage(named, passage.about) if named else 0.0


@functools.lru_cache(maxsize=4096)
def _asks_quantity(question: str) -> bool:
    return bool(_ASKS_QUANTITY.search(question))


_ASKS_VERSION = re.compile(r"^\W*(?:which|what)\b[^?]{0,40}\bversions?\b", re.I)


def asks_for_a_number(question: str) -> bool:
    """An open question whose answer is a number (a duration, a frequency, a count, a version) or an
    algorithm's name, which is as specific as one."""
    return not is_yes_no(question) and bool(_ASKS_QUANTITY.search(question) or _ASKS_VERSION.search(question)
                                            or _ASKS_ALGORITHM.search(question) or _ASKS_BOUND.search(question))


# "Which encryption algorithm protects data at rest?" is not answered by "Data is encrypted at rest":
# the answer names one ("AES-256", "AES-XTS", "ChaCha20"), as a version question's gives a number.
_ASKS_ALGORITHM = re.compile(r"^\W*(?:which|what)\b[^?]{0,30}\b(?:algorithms?|ciphers?)\b", re.I)
# An acronym with its size or mode ("AES-256", "AES-XTS", "SHA256") or a cipher family's name; an
# acronym alone is often a law or a standard ("HIPAA").
_HAS_ALGORITHM = re.compile(r"\b(?:[A-Z]{2,}(?:[-/]?\d+|-[A-Z]{2,})|AES|RSA|ChaCha\d*|3?DES|Blowfish|Twofish|ECDSA|"
                            r"ECDH)\b")


_HAS_VERSION = re.compile(r"(?<![\d.])\d+\.\d+(?!\.?\d)|\b[vV]\d|(?<=[A-Z])v\d")  # "TLSv1.2" too, not "dev2"


# "How long are histories kept?" asks how long something stays; "up to 24 hours for a closed Workflow to
# appear in the exported file" is a period of something else.
_ASKS_RETENTION = re.compile(r"\bhow long\b[^?]*\b(?:kept|keep|retained|retain|stored|store|held|preserved|"
                             r"available|accessible)\b", re.I)
_HAS_RETENTION = re.compile(r"\b(?:keep|keeps|kept|retain\w*|retention|stor(?:e|es|ed|age)|held|holds?|"
                            r"preserv\w*|delet\w*|purg\w*|expir\w*|remov\w*|available|accessible|remain\w*)\b", re.I)


def states_the_number(question: str, text: str) -> bool:
    """Whether a text gives what such a question asks for: a version number, or a number, frequency or
    period (of staying, when the question asks how long something is kept)."""
    if _ASKS_VERSION.search(question):
        return bool(_HAS_VERSION.search(text))
    if _ASKS_ALGORITHM.search(question):
        return bool(_HAS_ALGORITHM.search(text))
    if _HOW_LONG.search(question) and _NO_END.search(text):  # "a token that does not expire": valid for ever
        return True
    if _ASKS_FREQUENCY.search(question):
        return bool(_HAS_FREQUENCY.search(text))
    if _ASKS_PERCENT.search(question):
        return bool(_HAS_PERCENT.search(text))
    if not _ASKS_RETENTION.search(question):
        return bool(_HAS_QUANTITY.search(text))
    return any(_HAS_PERIOD.search(s) and _HAS_RETENTION.search(s) for s in sentences(_LINK_TARGET.sub("", text)))


_HAS_PERIOD = re.compile(PERIOD + r"|\b(?:indefinitely|forever|permanently|until)\b", re.I)
# "How often do you back up…?" asks a frequency: "after a few minutes" is a duration of something else.
_ASKS_FREQUENCY = re.compile(r"\bhow (?:often|frequently)\b|\bwhat frequency\b|\bat what interval\b", re.I)
_HAS_FREQUENCY = re.compile(FREQUENCY + r"|\bevery\b|\b(?:each|per|a)\s+(?:second|minute|hour|day|night|week|month|"
                            r"quarter|year)\b|\bcontinuous(?:ly)?\b|\breal[- ]time\b|\b\d+\s+times\b|\btwice\b", re.I)
# "What monthly uptime percentage does the SLA guarantee?" asks a share: "a monthly summary" and "1 hour response
# times" are figures of something else.
_ASKS_PERCENT = re.compile(r"\bpercent(?:age)?\b|%", re.I)
_HAS_PERCENT = re.compile(r"\d\s*%|\bpercent\b|\b(?:two|three|four|five) nines\b", re.I)
_HOW_LONG = re.compile(r"\bhow long\b", re.I)
_NO_END = re.compile(r"(?:\bnever|\bnot|n't)\s+(?:be\s+)?(?:expire[sd]?|deleted|removed|purged)\b|"
                     r"\bno (?:expiry|expiration)\b", re.I)
_LINK_TARGET = re.compile(r"\]\([^)]*\)|https?://\S+")


_SENTENCE_END = re.compile(r"^[^|]*[a-z)]\.\s*$")


@functools.lru_cache(maxsize=32768)
def _is_short(text: str) -> bool:
    return len(text.split()) < 8


@dataclass
class _Pool:
    """Passages counted, their term counts, and the IDF of each term asked so far."""

    n: int
    df: dict[str, int]
    memo: dict[str, float] = field(default_factory=dict)

    def idf(self, term: str) -> float:
        value = self.memo.get(term)
        if value is None:
            value = self.memo[term] = math.log((self.n + 1) / (self.df.get(term, 0) + 1)) + 1.0
        return value


@functools.lru_cache(maxsize=256)
def _pool_of(documents: tuple[str, ...]) -> _Pool:
    pool = _Pool(0, {})
    for text in documents:
        abouts = _abouts(text)
        pool.n += len(abouts)
        for term, count in _counted(abouts).items():
            pool.df[term] = pool.df.get(term, 0) + count
    return pool


@functools.lru_cache(maxsize=1024)
def _abouts(document: str) -> tuple[str, ...]:
    return tuple(p.about for p in passages(document))


@functools.lru_cache(maxsize=1024)
def _counted(pool: tuple[str, ...]) -> dict[str, int]:
    # Every node of every run over the same documents counts the same passages: count them once.
    # The dict is shared by every pool built on it: read, never written.
    df: dict[str, int] = {}
    for text in pool:
        for term in set(key_terms(text)):
            df[term] = df.get(term, 0) + 1
    return df


def texts_to_prepare(question: str, passages: Iterable[Passage]) -> list[str]:
    """What `Scorer.relevance` will compare for these passages."""
    out = [question]
    for passage in passages:
        out.extend((passage.about, passage.text))
    return out
