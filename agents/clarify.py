"""The clarification gate: a question too vague to answer well gets one short question back.

Two kinds, both decided without a model:
- it points at nothing ("Do you support it?"): the asker is asked what they mean;
- it names one broad topic ("What about encryption?", "Logging?") that several documents
  answer about equally well: the asker picks one of them (the readings), or asks for the
  answer as asked.
A question with a subject of its own ("Do you encrypt customer data at rest?") never stops here.
"""

from __future__ import annotations

import re

from pydantic import BaseModel, Field

from retrieval import Index

from .terms import key_terms

# Words that say how something is asked, not what about.
_GENERIC = {"support", "offer", "provid", "use", "tell", "detail", "info", "inform", "anyth", "explain", "describ",
            "polici", "approach", "process", "handl", "option", "featur", "capabl", "plan", "question", "regard",
            "me", "us", "know", "let"}
_POINTING = re.compile(r"\b(?:it|that|this|they|them|those|these)\b", re.IGNORECASE)
_MAX_WORDS = 8
_MAX_CHARS = 120
_CLOSE = 0.75  # a reading scores at least this share of the best document
_MIN_TOP = 0.45
_MAX_READINGS = 3


class Clarification(BaseModel):
    """What to ask back, and the readings to offer (each a question to run instead)."""

    question: str
    readings: list[str] = Field(default_factory=list)
    labels: list[str] = Field(default_factory=list)
    """How each reading is shown (a document's title)."""


def topic_terms(question: str) -> list[str]:
    """The question's own subject terms (how it is asked set aside)."""
    return [t for t in key_terms(question) if t not in _GENERIC]


async def clarify(question: str, index: Index) -> Clarification | None:
    """A question back when the question is too vague; None when it can be answered as asked."""
    if len(question) > _MAX_CHARS:
        return None  # long enough to say what it means (or for validation to refuse)
    terms = topic_terms(question)
    if not terms:
        target = _POINTING.search(question)
        what = f"“{target.group(0)}”" if target else "your question"
        return Clarification(question=f"What does {what} refer to? Ask again naming the feature, the cloud or the "
                                      "document, e.g. “Do you support SCIM provisioning?”")
    if len(terms) > 1 or len(question.split()) > _MAX_WORDS:
        return None
    titles = await _close_documents(question, index)
    if len(titles) < 2:
        return None
    stem = question.strip().rstrip("?.! ")
    return Clarification(question="That could mean several things. Which one do you mean?",
                         readings=[f"{stem}: {title}?" for title in titles], labels=titles)


async def _close_documents(query: str, index: Index) -> list[str]:
    """Titles of the documents that answer `query` about as well as the best one does."""
    best: dict[str, float] = {}
    titles: dict[str, str] = {}
    for hit in await index.search(query, k=12):
        if hit.score > best.get(hit.source_path, -1.0):
            best[hit.source_path], titles[hit.source_path] = hit.score, hit.title
    ranked = sorted(best, key=best.get, reverse=True)
    if not ranked or best[ranked[0]] < _MIN_TOP:
        return []
    top = best[ranked[0]]
    return [titles[p] for p in ranked if best[p] >= _CLOSE * top][:_MAX_READINGS]
