"""The answer library: approved answers reused for questions that mean the same."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta, timezone

import numpy as np

from agents import PipelineResult, same_question, same_question_rule
from common import clip
from retrieval import Embedder
from storage import LibraryEntry, Review, Store


@dataclass(frozen=True)
class Offer:
    """An approved answer that may fit but is not reused as it stands: a reviewer sees it beside the fresh answer."""

    entry: LibraryEntry
    why: str
    """Why it was not reused: past its review-by date, or a close question that may ask something else."""


@dataclass(frozen=True)
class Lookup:
    """What the library has for a question: an answer to reuse, or one to offer a reviewer, or neither."""

    match: LibraryEntry | None = None
    offer: Offer | None = None


_BESIDE_CHARS = 400  # of an approved answer shown beside a fresh one


class AnswerLibrary:
    """Finds an approved answer for a question; remembers newly approved ones."""

    def __init__(self, store: Store, embedder: Embedder, threshold: float | None = None,
                 max_age_days: int | None = None, near: float | None = None) -> None:
        self._store = store
        self._embedder = embedder
        self._threshold = same_question_rule().threshold if threshold is None else threshold
        self._near = min(same_question_rule().near if near is None else near, self._threshold)
        self._max_age = timedelta(days=max_age_days) if max_age_days else None

    def stale(self, entry: LibraryEntry) -> bool:
        """Approved longer ago than the maximum age: offered to a reviewer, never reused silently."""
        return self._max_age is not None and datetime.now(timezone.utc) - entry.approved_at > self._max_age

    async def match(self, question: str, allow: Callable[[LibraryEntry], bool] = lambda entry: True
                    ) -> LibraryEntry | None:
        """The closest approved answer (among those `allow`ed) to a question asking the same thing."""
        return (await self.lookup(question, allow)).match

    async def lookup(self, question: str, allow: Callable[[LibraryEntry], bool] = lambda entry: True) -> Lookup:
        """The answer to reuse for `question`, else the one a reviewer should see beside a fresh answer:
        the same question approved too long ago, or the closest question that may ask something else."""
        entries = [e for e in await self._store.library.entries() if e.embedding and e.retired_at is None and allow(e)]
        if not entries:
            return Lookup()
        query = (await self._embedder.embed([question]))[0]
        scored = []
        for entry in entries:
            vector = np.asarray(entry.embedding, dtype=np.float32)
            if vector.shape == query.shape:
                scored.append((float(vector @ query), entry))
        stale = near = None
        # Embeddings of close wordings are close for different subjects ("SAML?" vs "SCIM?",
        # "SOC 1" vs "SOC 2"): the closest entry that nothing tells apart is the match.
        for similarity, entry in sorted(scored, key=lambda pair: -pair[0]):
            if not same_question(entry.question, question, similarity, self._threshold):
                if near is None and similarity >= self._near:
                    near = Offer(entry, _why_close(similarity >= self._threshold))
            elif self.stale(entry):
                stale = stale or Offer(entry, f"approved on {entry.approved_at:%Y-%m-%d}, past its review-by date")
            else:
                return Lookup(match=entry)
        return Lookup(offer=stale or near)

    async def remember(self, run_id: str, result: PipelineResult, review: Review, channel: str | None) -> None:
        """Add an approved (or edited) answer asked in `channel`."""
        s = result.synthesis
        answer = review.edited_answer or s.answer
        entry = LibraryEntry(run_id=run_id, question=result.question, answer=answer,
                             compliance_status=s.compliance_status,
                             citations_json=json.dumps([c.model_dump() for c in s.citations]),
                             approved_by=review.reviewer, approved_at=review.at, channel=channel)
        embedding = (await self._embedder.embed([result.question]))[0]
        await self._store.library.add(entry, embedding)


def _why_close(close_enough: bool) -> str:
    # Close enough and still not the same question: something told them apart. What it is shows
    # as the approved question itself, where that may be shown.
    if close_enough:
        return "for a close question that may ask something else"
    return "for a question worded alike, not close enough to reuse unchecked"


def offered(result: PipelineResult, offer: Offer, channel: str | None) -> PipelineResult:
    """The fresh answer sent to a reviewer with the library's answer beside it, so the reviewer
    can keep either (a run that failed or was blocked stays as it is). The question it was approved
    for shows only where it was asked."""
    if not result.success or result.blocked:
        return result
    entry = offer.entry
    asked = f' ("{entry.question}")' if entry.channel and entry.channel == channel else ""
    beside = (f"the answer library has an approved answer{asked} (by {entry.approved_by}, {entry.compliance_status}) "
              f"{offer.why}: {clip(entry.answer, _BESIDE_CHARS)}")
    reason = f"{result.escalation_reason}; {beside}" if result.escalated and result.escalation_reason else beside
    return result.model_copy(update={"escalated": True, "escalation_reason": reason})
