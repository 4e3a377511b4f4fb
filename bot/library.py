"""The answer library: approved answers reused for questions that mean the same."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import datetime, timedelta, timezone

import numpy as np

from agents.contracts import PipelineResult
from agents.same_question import fitted, same_question
from retrieval import Embedder
from storage import LibraryEntry, Review, Store


class AnswerLibrary:
    """Finds an approved answer for a question; remembers newly approved ones."""

    def __init__(self, store: Store, embedder: Embedder, threshold: float | None = None,
                 max_age_days: int | None = None) -> None:
        self._store = store
        self._embedder = embedder
        self._threshold = fitted().threshold if threshold is None else threshold
        self._max_age = timedelta(days=max_age_days) if max_age_days else None

    def usable(self, entry: LibraryEntry) -> bool:
        """Not retired, and approved within the maximum age (when one is set)."""
        if entry.retired_at is not None:
            return False
        return self._max_age is None or datetime.now(timezone.utc) - entry.approved_at <= self._max_age

    async def match(self, question: str, allow: Callable[[LibraryEntry], bool] = lambda entry: True
                    ) -> LibraryEntry | None:
        """The closest approved answer (among those `allow`ed) to a question asking the same thing."""
        entries = [e for e in await self._store.library() if e.embedding and self.usable(e) and allow(e)]
        if not entries:
            return None
        query = (await self._embedder.embed([question]))[0]
        scored = []
        for entry in entries:
            vector = np.asarray(entry.embedding, dtype=np.float32)
            if vector.shape == query.shape:
                scored.append((float(vector @ query), entry))
        # Embeddings of close wordings are close for different subjects ("SAML?" vs "SCIM?",
        # "SOC 1" vs "SOC 2"): the closest entry that nothing tells apart is the match.
        for similarity, entry in sorted(scored, key=lambda pair: -pair[0]):
            if same_question(entry.question, question, similarity, self._threshold):
                return entry
        return None

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

