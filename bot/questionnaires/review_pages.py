"""A job's answers that need a reviewer: listed in pages with buttons, and kept current as they are decided."""

from __future__ import annotations

from collections import defaultdict

from slack_sdk.web.async_client import AsyncWebClient

from services import result_of
from storage import BatchJob, BatchRow, BatchStore, Review, RunRecord

from ..review.reviewers import ReviewerDirectory
from .blocks import MAX_PAGES, ROWS_PER_PAGE, ReviewItem, more_blocks, more_to_review, review_page


class BatchReview:
    """Posts the review pages of a job; re-renders a page when one of its answers is decided."""

    def __init__(self, client: AsyncWebClient, batches: BatchStore, reviewers: ReviewerDirectory | None = None) -> None:
        self._client = client
        self._batches = batches
        self._reviewers = reviewers

    async def post_pages(self, job: BatchJob, start: int = 0) -> int:
        """The escalated answers in pages, MAX_PAGES of them from page `start` (0-based), and a
        button for the next ones when there are more; returns how many answers were listed."""
        items, rows_of, _ = await self._items(job)
        pages = [items[i:i + ROWS_PER_PAGE] for i in range(0, len(items), ROWS_PER_PAGE)]
        shown = pages[start:start + MAX_PAGES]
        who = (await self._reviewers.of(job.channel)).mention() if self._reviewers and shown else ""
        for number, page in enumerate(shown, start=start + 1):
            response = await self._client.chat_postMessage(
                channel=job.channel, thread_ts=job.thread_ts, blocks=review_page(page, number, len(pages), who),
                text=f"{len(page)} answer(s) to review", unfurl_links=False, unfurl_media=False)
            await self._batches.set_pages(job.id, response["ts"], [seq for item in page for seq in rows_of[item.run_id]])
        following = start + len(shown)
        if following < len(pages):
            left = sum(len(p) for p in pages[following:])
            await self._client.chat_postMessage(channel=job.channel, thread_ts=job.thread_ts, text=more_to_review(left),
                                                blocks=more_blocks(left, job.id, following))
        return sum(len(p) for p in shown)

    async def refresh(self, run: RunRecord) -> bool:
        """Redraw the page listing `run` (its buttons become the decision); False when it is on none."""
        row = await self._batches.row_of_run(run.id)
        if row is None or row.page_ts is None:
            return False
        job = await self._batches.get(row.job_id)
        items, rows_of, rows = await self._items(job)
        on_page = [item for item in items if any(rows[seq].page_ts == row.page_ts for seq in rows_of[item.run_id])]
        posted = sorted({r.page_ts for r in rows.values() if r.page_ts}, key=float)  # pages are posted in order
        number, pages = posted.index(row.page_ts) + 1, -(-len(items) // ROWS_PER_PAGE)
        who = (await self._reviewers.of(job.channel)).mention() if self._reviewers else ""
        await self._client.chat_update(channel=job.channel, ts=row.page_ts, blocks=review_page(on_page, number, pages, who),
                                       text="Answers waiting for review")
        return True

    async def _items(self, job: BatchJob) -> tuple[list[ReviewItem], dict[str, list[int]], dict[int, BatchRow]]:
        """Every escalated answer of the job (once, with the rows asking it), their rows' seqs by run,
        and the job's rows by seq."""
        rows = await self._batches.rows(job.id)
        runs, reviews = await self._batches.runs(job.id), await self._batches.reviews(job.id)
        by_seq = {r.seq: r for r in rows}
        rows_of: dict[str, list[int]] = defaultdict(list)
        for row in rows:
            source = by_seq[row.same_as] if row.same_as is not None else row
            if source.run_id in runs and runs[source.run_id].escalated:
                rows_of[source.run_id].append(row.seq)
        items = [_item(runs[run_id], [by_seq[s] for s in seqs], reviews.get(run_id)) for run_id, seqs in rows_of.items()]
        return items, rows_of, by_seq


def _item(run: RunRecord, rows: list[BatchRow], review: Review | None) -> ReviewItem:
    result = result_of(run)
    s = result.synthesis if result else None
    first, *others = rows
    where = f"{first.sheet}!row {first.row}" + (f" (and {len(others)} more row(s) asking the same)" if others else "")
    return ReviewItem(run_id=run.id, where=where, question=run.question, status=s.compliance_status if s else "",
                      confidence=s.confidence_score if s else None, answer=result.answer_for_asker() if result else "",
                      reason=(result.escalation_reason if result else None) or "needs a reviewer", review=review)
