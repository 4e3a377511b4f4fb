"""Reviewers' decisions on escalated answers, and the review log: every reviewer action, each entry
hashing the one before it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .models import Decision, Review, ReviewLogEntry, now

if TYPE_CHECKING:
    from .store import Store


class ReviewStore:
    """Decisions (one per run) and the append-only review log, in the store's database."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    async def decide(self, run_id: str, reviewer: str, decision: Decision, *,
                     edited_answer: str | None = None, reason: str | None = None) -> tuple[Review, bool]:
        """Record a decision once. Returns (the decision on record, whether this call made it)."""
        review = Review(run_id=run_id, reviewer=reviewer, decision=decision, edited_answer=edited_answer,
                        reason=reason, at=now())

        def insert() -> tuple[Review, bool]:
            with self.db.transaction():
                cursor = self.db.execute(
                    "INSERT INTO reviews (run_id, reviewer, decision, edited_answer, reason, at) "
                    "VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING",
                    (run_id, reviewer, decision, edited_answer, reason, review.at.isoformat()))
            if cursor.rowcount == 1:
                return review, True
            return Review.model_validate(self.db["reviews"].get(run_id)), False

        return await self.store.call(insert)

    async def log(self, run_id: str, reviewer: str, action: str, outcome: str,
                  reason: str | None = None) -> ReviewLogEntry:
        """Append one reviewer action to the log; each entry hashes the one before it."""
        def append() -> ReviewLogEntry:
            with self.db.transaction():
                self.db.lock("rfpbot review log")  # replicas append one at a time: the chain never forks
                last = self.db.execute("SELECT hash FROM review_log ORDER BY seq DESC LIMIT 1").fetchone()
                entry = ReviewLogEntry(run_id=run_id, reviewer=reviewer, action=action, outcome=outcome, reason=reason,
                                       at=now(), prev_hash=last[0] if last else "")
                entry.hash = entry.digest()
                entry.seq = self.db.execute(
                    "INSERT INTO review_log (run_id, reviewer, action, outcome, reason, at, prev_hash, hash) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq",
                    (run_id, reviewer, action, outcome, reason, entry.at.isoformat(), entry.prev_hash,
                     entry.hash)).fetchone()[0]
            return entry

        return await self.store.call(append)

    async def log_entries(self) -> list[ReviewLogEntry]:
        """Every reviewer action, oldest first."""
        return await self.store.call(lambda: [ReviewLogEntry.model_validate(r) for r in
                                              self.db["review_log"].rows_where(order_by="seq")])

    async def of(self, run_id: str) -> Review | None:
        """The decision on a run, if any."""
        def read() -> Review | None:
            rows = list(self.db["reviews"].rows_where("run_id = ?", [run_id]))
            return Review.model_validate(rows[0]) if rows else None

        return await self.store.call(read)
