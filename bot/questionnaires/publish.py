"""Posting a job's result in its thread: the filled file, the summary, the answers to review."""

from __future__ import annotations

from slack_sdk.web.async_client import AsyncWebClient

from services import BatchSummary, export
from storage import BatchJob, BatchStore, Store

from ..rendering.slack_text import inert
from .blocks import need_review, summary_blocks
from .review_pages import BatchReview
from .slack_files import SlackFileError, SlackFiles


class BatchPublisher:
    """The filled copy uploaded to the thread, with the summary (and, the first time, the review pages)."""

    def __init__(self, client: AsyncWebClient, files: SlackFiles, batches: BatchStore, store: Store,
                 review: BatchReview) -> None:
        self._client = client
        self._files = files
        self._batches = batches
        self._store = store
        self._review = review

    async def publish(self, job: BatchJob, *, first: bool = True, who: str | None = None) -> BatchSummary:
        """Upload the filled file and the summary; the first time, list the answers waiting for review."""
        filled = await export(self._batches, self._store, job)
        comment = (f"Here is *{inert(job.filename)}* with the answers." if first else
                   f"<@{who}> asked for *{inert(job.filename)}* again: here it is with the reviewers' decisions so far.")
        try:
            await self._files.post(job.channel, job.thread_ts, filled.filename, filled.data, comment)
        except SlackFileError as exc:
            # The answers are stored: the summary still comes, and its Export again button
            # posts the file once whatever stopped it is fixed.
            filled.summary.warnings.insert(0, f"I could not post the filled file: {exc} Then press Export again.")
        await self._client.chat_postMessage(channel=job.channel, thread_ts=job.thread_ts,
                                            blocks=summary_blocks(filled.summary, job.id),
                                            text=f"{filled.summary.answered}/{filled.summary.questions} answered, "
                                                 f"{need_review(filled.summary.needs_review)}")
        if first:
            await self._review.post_pages(job)
        return filled.summary
