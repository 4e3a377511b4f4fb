"""Reviewer decisions: who may decide, recording once, updating the thread, the library."""

from __future__ import annotations

from dataclasses import dataclass

from slack_sdk.web.async_client import AsyncWebClient

from services import AnswerLibrary, result_of
from storage import Decision, Review, RunRecord, Store, now

from ..questionnaires.review_pages import BatchReview
from ..rendering.answer_blocks import answer_messages, with_decision
from .reviewers import ReviewerDirectory

_VERB = {"approve": "approved", "edit": "edited and approved", "reject": "rejected"}


@dataclass
class ReviewDesk:
    """Everything a review button or modal needs."""

    client: AsyncWebClient
    store: Store
    directory: ReviewerDirectory
    library: AnswerLibrary
    pages: BatchReview | None = None
    """Where a questionnaire's answers are listed for review (their decisions redraw the list)."""

    async def allowed(self, user: str, run: RunRecord, channel: str, action: str) -> bool:
        """Whether `user` may review `run` now; if not, tell them privately (and log the attempt)."""
        if not _reviewable(run):
            await self.store.reviews.log(run.id, user, action, "not_reviewable")
            await self.client.chat_postEphemeral(channel=channel, user=user,
                                                 text="This answer is not waiting for a review.")
            return False
        reviewers = await self.directory.of(run.channel)
        if await reviewers.can_review(user, run.asker):
            return True
        await self.store.reviews.log(run.id, user, action, "not_a_reviewer")
        await self.client.chat_postEphemeral(
            channel=channel, user=user,
            text=f"Only reviewers can approve, edit or reject answers ({reviewers.describe()}).")
        return False

    async def save(self, run_id: str, user: str, channel: str) -> None:
        """A reviewer keeps an answer sent without review in the library, as approved by them."""
        run = await self.store.get_run(run_id)
        result = result_of(run) if run.status == "done" else None
        if result is None or result.escalated or not result.synthesis:
            await self.client.chat_postEphemeral(channel=channel, user=user, text=(
                "Only an answer sent without review can be saved this way; an answer waiting for review "
                "gets into the library when a reviewer approves or edits it."))
            return
        reviewers = await self.directory.of(run.channel)
        if not await reviewers.can_review(user, None):
            await self.store.reviews.log(run_id, user, "save", "not_a_reviewer")
            await self.client.chat_postEphemeral(channel=channel, user=user, text=(
                f"Only reviewers can save answers to the library ({reviewers.describe()})."))
            return
        if any(e.run_id == run_id for e in await self.store.library.entries()):
            await self.client.chat_postEphemeral(channel=channel, user=user, text="This answer is in the library already.")
            return
        await self.library.remember(run_id, result, Review(run_id=run_id, reviewer=user, decision="approve", at=now()),
                                    run.channel)
        await self.store.reviews.log(run_id, user, "save", "saved to the answer library")
        await self.client.chat_postEphemeral(channel=channel, user=user, text=(
            "Saved to the answer library: a later question asking the same gets this answer, approved by you."))

    async def already_decided(self, run: RunRecord, user: str, channel: str) -> bool:
        """Tell a late clicker that the answer was decided already."""
        review = await self.store.reviews.of(run.id)
        if review is None:
            return False
        await self._tell_decided(review, user, channel)
        return True

    async def decide(self, run_id: str, user: str, decision: Decision, channel: str, *,
                     edited_answer: str | None = None, reason: str | None = None) -> None:
        """Record a decision once, then update the answer message and the thread."""
        run = await self.store.get_run(run_id)
        if not await self.allowed(user, run, channel, decision):
            return
        review, made = await self.store.reviews.decide(run_id, user, decision, edited_answer=edited_answer, reason=reason)
        await self.store.reviews.log(run_id, user, decision, "made" if made else "already_decided", reason)
        if not made:
            await self._tell_decided(review, user, channel)
            return
        result = result_of(run)
        if decision != "reject":
            await self.library.remember(run_id, result, review, run.channel)
        if run.batch_id and self.pages:
            await self.pages.refresh(run)  # one message lists many answers: no thread message per decision
            return
        if run.answer_ts:
            blocks = with_decision(answer_messages(result, run_id)[-1], review)
            await self.client.chat_update(channel=run.channel, ts=run.answer_ts, blocks=blocks,
                                          text=f"{_VERB[decision].capitalize()} by a reviewer")
        await self.client.chat_postMessage(channel=run.channel, thread_ts=run.thread_ts,
                                           text=f"<@{user}> {_VERB[decision]} this answer.")

    async def _tell_decided(self, review: Review, user: str, channel: str) -> None:
        await self.client.chat_postEphemeral(
            channel=channel, user=user,
            text=f"This answer was already {_VERB[review.decision]} by <@{review.reviewer}> "
                 f"({review.at:%Y-%m-%d %H:%M} UTC).")


def _reviewable(run: RunRecord) -> bool:
    """Only a finished, escalated answer waits for a reviewer (not a reused or failed one)."""
    return run.status == "done" and run.escalated and run.result_json is not None
