"""The clarification gate: a question too vague to answer well gets one short question back.

Two kinds:
- it points at nothing ("Do you support it?"): the asker is asked what they mean
  (decided without a model);
- it names one broad topic ("What about encryption?", "Logging?") that several documents
  answer about equally well: the asker picks one of them (the readings), or asks for the
  answer as asked. Offline the documents' scores decide. With a model, the model also reads
  the question beside the closest documents' titles; when it finds the question vague, its
  readings are offered, each tied to one of those documents (a reading naming any other is
  dropped). When it does not, the offline judgement still stands: a small model calls
  "Logging?" clear, and asking back is cheaper than a wrong guess.
A question with a subject of its own ("Do you encrypt customer data at rest?") never stops
here: only short questions with few subject words are considered at all.
"""

from __future__ import annotations

import json
import logging
import re

from pydantic import BaseModel, Field

from retrieval import Index

from ..context import DATA_RULE
from ..errors import LLMError
from ..llm.interface import LLM, Usage
from ..text.terms import key_terms

log = logging.getLogger(__name__)

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
# The model is shown a short question with at most this many subject words, and this many documents.
_LLM_MAX_TERMS = 2
_LLM_MAX_WORDS = 12
_LLM_DOCUMENTS = 5

SYSTEM = """You decide whether a question asked of a vendor's security and compliance documentation is too
vague to answer well. It is vague only when it names a broad topic and nothing about it ("What about
encryption?", "Logging?"), so that several of the listed documents would answer different questions.
A question that asks something definite ("Do you encrypt data at rest?", "Is SSO supported?") is not vague,
even if it is short. When vague: ambiguous=true, one short question back in question, and 2-3 readings, each a
complete question the asker may mean with the exact title of the listed document that answers it.
When not vague: ambiguous=false, question empty, readings empty. Reply with JSON only."""


class Clarification(BaseModel):
    """What to ask back, and the readings to offer (each a question to run instead)."""

    question: str
    readings: list[str] = Field(default_factory=list)
    labels: list[str] = Field(default_factory=list)
    """How each reading is shown (a document's title)."""


def topic_terms(question: str) -> list[str]:
    """The question's own subject terms (how it is asked set aside)."""
    return [t for t in key_terms(question) if t not in _GENERIC]


class Reading(BaseModel):
    """One thing a vague question may mean, and the document that answers it."""

    question: str
    document_title: str


class ClarifyReply(BaseModel):
    """The model's judgement of a short question."""

    ambiguous: bool
    question: str
    readings: list[Reading]


async def clarify(question: str, index: Index, llm: LLM | None = None) -> Clarification | None:
    """A question back when the question is too vague; None when it can be answered as asked.

    With `llm` the model judges short questions that have a subject first; when it
    does not ask back (or fails), the offline judgement decides.
    """
    if llm is not None and len(question) <= _MAX_CHARS and topic_terms(question):
        try:
            asked = await _with_llm(question, index, llm)
            if asked is not None:
                return asked
        except LLMError as exc:
            log.warning("clarify: %s; deciding offline", exc)
    return await clarify_offline(question, index)


async def clarify_offline(question: str, index: Index) -> Clarification | None:
    """The offline gate (see the module's docstring)."""
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


async def _with_llm(question: str, index: Index, llm: LLM) -> Clarification | None:
    if len(topic_terms(question)) > _LLM_MAX_TERMS or len(question.split()) > _LLM_MAX_WORDS:
        return None
    titles = await _nearest_titles(question, index)
    if len(titles) < 2:
        return None
    user = "INPUT:\n" + json.dumps({"question": question, "documents": titles}, ensure_ascii=False)
    reply = await llm.structured(node="clarify", tier="fast", system=f"{SYSTEM}\n\n{DATA_RULE}", user=user,
                                 output=ClarifyReply, usage=Usage(), max_tokens=300, max_calls=2)
    readings = {r.document_title.strip(): " ".join(r.question.split()) for r in reply.readings
                if r.document_title.strip() in titles and r.question.strip()}
    if not reply.ambiguous or len(readings) < 2:
        return None
    labels = list(readings)[:_MAX_READINGS]
    return Clarification(question=" ".join(reply.question.split()) or "Which one do you mean?",
                         readings=[readings[t] for t in labels], labels=labels)


async def _nearest_titles(query: str, index: Index) -> list[str]:
    """Titles of the documents closest to `query`, best first."""
    titles: dict[str, str] = {}
    for hit in await index.search(query, k=12):
        titles.setdefault(hit.source_path, hit.title)
    return list(dict.fromkeys(titles.values()))[:_LLM_DOCUMENTS]


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
