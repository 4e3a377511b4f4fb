"""Askers' votes on answers (👍/👎, by button or reaction), in the same database as the runs."""

from __future__ import annotations

from datetime import datetime

from .models import Feedback, RunRecord, Vote
from .store import Store, now


class FeedbackStore:
    """One vote per person per answer; a later vote replaces the earlier one."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.db = store.db

    async def vote(self, run_id: str, user: str, vote: Vote, via: str, reason: str | None = None) -> Feedback:
        """Record (or change) a person's vote; a changed vote drops the old reason."""
        feedback = Feedback(run_id=run_id, user=user, vote=vote, reason=reason, via=via, at=now())

        def write() -> Feedback:
            with self.db.transaction():
                self.db.execute(
                    'INSERT INTO feedback (run_id, "user", vote, reason, via, at) VALUES (?, ?, ?, ?, ?, ?) '
                    'ON CONFLICT (run_id, "user") DO UPDATE SET vote = excluded.vote, via = excluded.via, '
                    "at = excluded.at, reason = CASE WHEN feedback.vote = excluded.vote "
                    "THEN COALESCE(excluded.reason, feedback.reason) ELSE excluded.reason END",
                    [run_id, user, vote, reason, via, feedback.at.isoformat()])
            return feedback

        return await self.store.call(write)

    async def explain(self, run_id: str, user: str, reason: str) -> bool:
        """Add why to a person's vote; False when they have none."""
        def write() -> bool:
            with self.db.transaction():
                cursor = self.db.execute('UPDATE feedback SET reason = ? WHERE run_id = ? AND "user" = ?',
                                         [reason, run_id, user])
            return cursor.rowcount == 1

        return await self.store.call(write)

    async def withdraw(self, run_id: str, user: str, vote: Vote) -> bool:
        """A removed reaction takes its vote back (not a different, later vote)."""
        def write() -> bool:
            with self.db.transaction():
                cursor = self.db.execute('DELETE FROM feedback WHERE run_id = ? AND "user" = ? AND vote = ?',
                                         [run_id, user, vote])
            return cursor.rowcount == 1

        return await self.store.call(write)

    async def of(self, run_id: str) -> list[Feedback]:
        """Every vote on an answer."""
        return await self.store.call(lambda: [Feedback.model_validate(r) for r in
                                              self.db["feedback"].rows_where("run_id = ?", [run_id], order_by="at")])

    async def since(self, moment: datetime) -> list[tuple[Feedback, RunRecord]]:
        """Votes given since `moment`, each with the answer it is about."""
        def read() -> list[tuple[Feedback, RunRecord]]:
            rows = self.db.query(
                'SELECT f.run_id AS f_run, f."user" AS f_user, f.vote AS f_vote, f.reason AS f_reason, f.via AS f_via, '
                "f.at AS f_at, runs.* FROM feedback f JOIN runs ON runs.id = f.run_id WHERE f.at >= ? ORDER BY f.at",
                [moment.isoformat()])
            return [(Feedback(run_id=r.pop("f_run"), user=r.pop("f_user"), vote=r.pop("f_vote"),
                              reason=r.pop("f_reason"), via=r.pop("f_via"), at=r.pop("f_at")),
                     RunRecord.model_validate(r)) for r in rows]

        return await self.store.call(read)

    async def answer_at(self, channel: str, ts: str) -> RunRecord | None:
        """The run whose answer is the message `ts` (reactions name the message, not the run)."""
        def read() -> RunRecord | None:
            rows = list(self.db["runs"].rows_where("channel = ? AND answer_ts = ?", [channel, ts], limit=1))
            return RunRecord.model_validate(rows[0]) if rows else None

        return await self.store.call(read)
