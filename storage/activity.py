"""What the App Home shows: answers waiting for a reviewer, recent answers, figures over a period."""

from __future__ import annotations

from datetime import datetime

from pydantic import BaseModel

from .models import RunRecord
from .store import Store


class Figures(BaseModel):
    """Answers over a period and what happened to them."""

    answered: int = 0
    escalated: int = 0
    approved: int = 0
    """Approved or edited and approved by a reviewer."""
    rejected: int = 0
    helpful: int = 0
    not_helpful: int = 0

    @property
    def helpful_rate(self) -> float | None:
        """👍 ÷ votes (None without votes)."""
        votes = self.helpful + self.not_helpful
        return self.helpful / votes if votes else None


# Answers posted in Slack threads (questionnaire rows are counted with their jobs).
_ANSWERS = "status IN ('done', 'reused') AND channel IS NOT NULL AND batch_id IS NULL"


class ActivityStore:
    """Reads across runs, reviews and feedback, through the Store's thread and lock."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    async def waiting_review(self, limit: int = 20) -> tuple[list[RunRecord], int]:
        """Escalated answers without a decision, oldest first (at most `limit`), and how many there are."""
        # Direct messages stay between the asker and the bot: their answers are reviewed there only.
        where = ("runs.status = 'done' AND runs.escalated = 1 AND reviews.run_id IS NULL "
                 "AND runs.channel IS NOT NULL AND runs.channel NOT LIKE 'D%'")

        def read() -> tuple[list[RunRecord], int]:
            rows = self.db.query(f"SELECT runs.* FROM runs LEFT JOIN reviews ON reviews.run_id = runs.id WHERE {where} "
                                 "ORDER BY runs.finished_at, runs.rowid LIMIT ?", [limit])
            total = self.db.execute(f"SELECT COUNT(*) FROM runs LEFT JOIN reviews ON reviews.run_id = runs.id "
                                    f"WHERE {where}").fetchone()[0]
            return [RunRecord.model_validate(r) for r in rows], total

        return await self.store.call(read)

    async def recent(self, asker: str, limit: int = 8) -> list[RunRecord]:
        """The latest answers to `asker`'s own questions (questionnaire rows aside), newest first: a
        question asked in a private channel or a DM is shown to no one else."""
        return await self.store.call(lambda: [RunRecord.model_validate(r) for r in self.db["runs"].rows_where(
            f"{_ANSWERS} AND asker = ?", [asker], order_by="rowid DESC", limit=limit)])

    async def figures(self, since: datetime) -> Figures:
        """Counts of answers, escalations, decisions and votes since `since`."""
        moment = since.isoformat()

        def read() -> Figures:
            one = lambda sql: self.db.execute(sql, [moment]).fetchone()[0]  # noqa: E731
            return Figures(
                answered=one(f"SELECT COUNT(*) FROM runs WHERE {_ANSWERS} AND COALESCE(finished_at, queued_at) >= ?"),
                escalated=one(f"SELECT COUNT(*) FROM runs WHERE {_ANSWERS} AND escalated = 1 AND finished_at >= ?"),
                approved=one("SELECT COUNT(*) FROM reviews WHERE decision IN ('approve', 'edit') AND at >= ?"),
                rejected=one("SELECT COUNT(*) FROM reviews WHERE decision = 'reject' AND at >= ?"),
                helpful=one("SELECT COUNT(*) FROM feedback WHERE vote = 1 AND at >= ?"),
                not_helpful=one("SELECT COUNT(*) FROM feedback WHERE vote = -1 AND at >= ?"))

        return await self.store.call(read)
