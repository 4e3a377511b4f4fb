"""The answer library: approved answers reused for questions that mean the same."""

from __future__ import annotations

import json
from collections.abc import Callable

import numpy as np

from agents.contracts import PipelineResult
from agents.terms import key_terms, product_terms
from retrieval import Embedder
from storage import LibraryEntry, Review, Store


class AnswerLibrary:
    """Finds an approved answer for a question; remembers newly approved ones."""

    def __init__(self, store: Store, embedder: Embedder, threshold: float = 0.9) -> None:
        self._store = store
        self._embedder = embedder
        self._threshold = threshold

    async def match(self, question: str, allow: Callable[[LibraryEntry], bool] = lambda entry: True
                    ) -> LibraryEntry | None:
        """The closest approved answer (among those `allow`ed) when it is close enough and about the same things."""
        entries = [e for e in await self._store.library() if e.embedding and allow(e)]
        if not entries:
            return None
        query = (await self._embedder.embed([question]))[0]
        best, score = None, -1.0
        for entry in entries:
            vector = np.asarray(entry.embedding, dtype=np.float32)
            if vector.shape != query.shape:
                continue
            similarity = float(vector @ query)
            if similarity > score:
                best, score = entry, similarity
        # Embeddings of short questions are close for different subjects ("SAML?"
        # vs "SCIM?"), so the subject terms must agree as well.
        if best is None or score < self._threshold or not same_subject(best.question, question):
            return None
        return best

    async def remember(self, run_id: str, result: PipelineResult, review: Review, channel: str | None) -> None:
        """Add an approved (or edited) answer asked in `channel`."""
        s = result.synthesis
        answer = review.edited_answer or s.answer
        entry = LibraryEntry(run_id=run_id, question=result.question, answer=answer,
                             compliance_status=s.compliance_status,
                             citations_json=json.dumps([c.model_dump() for c in s.citations]),
                             approved_by=review.reviewer, approved_at=review.at, channel=channel)
        embedding = (await self._embedder.embed([result.question]))[0]
        await self._store.add_to_library(entry, embedding)


def same_subject(first: str, second: str) -> bool:
    """The same named things (SCIM, GuardDuty, AWS…) and mostly the same subject words."""
    if set(product_terms(first)) != set(product_terms(second)):
        return False
    a, b = set(key_terms(first)), set(key_terms(second))
    return bool(a | b) and len(a & b) / len(a | b) >= 0.5
