"""What askers thought of the answers over a period: the figures `rfpbot feedback` prints."""

from __future__ import annotations

from collections import defaultdict
from datetime import timedelta

from pydantic import BaseModel, Field

from storage import ActivityStore, FeedbackStore, now


class Tally(BaseModel):
    """👍 and 👎 counts."""

    helpful: int = 0
    not_helpful: int = 0


class Downvoted(BaseModel):
    """An answer people found unhelpful, and what they said."""

    run_id: str
    question: str
    status: str | None
    not_helpful: int
    reasons: list[str] = Field(default_factory=list)


class FeedbackReport(BaseModel):
    """Votes over the last `days` days."""

    days: float
    answers: int
    votes: int
    voters: int
    helpful_rate: float | None
    """👍 ÷ all votes (None without votes)."""
    by_status: dict[str, Tally] = Field(default_factory=dict)
    by_engine: dict[str, Tally] = Field(default_factory=dict)
    not_helpful: list[Downvoted] = Field(default_factory=list)


async def feedback_report(feedback: FeedbackStore, activity: ActivityStore, days: float,
                          worst: int = 10) -> FeedbackReport:
    """Counts by status and engine, and the answers with the most 👎 and their reasons."""
    since = now() - timedelta(days=days)
    votes = await feedback.since(since)
    by_status: dict[str, Tally] = defaultdict(Tally)
    by_engine: dict[str, Tally] = defaultdict(Tally)
    down: dict[str, Downvoted] = {}
    for vote, run in votes:
        for tally in (by_status[run.compliance_status or "—"], by_engine[run.engine]):
            if vote.vote == 1:
                tally.helpful += 1
            else:
                tally.not_helpful += 1
        if vote.vote == -1:
            entry = down.setdefault(run.id, Downvoted(run_id=run.id, question=run.question,
                                                      status=run.compliance_status, not_helpful=0))
            entry.not_helpful += 1
            if vote.reason:
                entry.reasons.append(vote.reason)
    helpful = sum(1 for vote, _ in votes if vote.vote == 1)
    return FeedbackReport(days=days, answers=(await activity.figures(since)).answered, votes=len(votes),
                          voters=len({vote.user for vote, _ in votes}),
                          helpful_rate=round(helpful / len(votes), 3) if votes else None,
                          by_status=dict(by_status), by_engine=dict(by_engine),
                          not_helpful=sorted(down.values(), key=lambda d: -d.not_helpful)[:worst])
