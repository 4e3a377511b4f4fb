"""Block Kit for questionnaire jobs: progress, the summary, the rows waiting for review."""

from __future__ import annotations

from pydantic import BaseModel

from services import BatchSummary, JobProgress
from storage import Review

from ..rendering.answer_blocks import STATUS_EMOJI, decided, review_actions
from ..rendering.block_kit import BLOCK_LIMIT, actions, button
from ..rendering.block_kit import context as _context
from ..rendering.block_kit import section as _section
from ..rendering.slack_text import escape, inert

ACTION_EXPORT, ACTION_MORE_REVIEWS = "batch_export", "batch_more_reviews"
ROWS_PER_PAGE = 15
MAX_PAGES = 5
_EXCERPT = 600


class ReviewItem(BaseModel):
    """One answer of a job waiting for (or given) a reviewer's decision."""

    run_id: str
    where: str
    """`Security!B12` (and the rows asking the same)."""
    question: str
    status: str
    confidence: int | None
    answer: str
    reason: str
    review: Review | None = None


def need_review(count: int) -> str:
    """`1 needs review`, `14 need review`."""
    return f"{count} needs review" if count == 1 else f"{count} need review"


def job_progress_text(filename: str, progress: JobProgress | None, note: str = "") -> str:
    """`📋 acme.xlsx: 87/212 answered, 14 need review`"""
    name = inert(filename)
    if progress is None:
        return f":clipboard: *{name}*: {note or 'waiting for a free worker…'}"
    head = ":white_check_mark:" if progress.finished else ":hourglass_flowing_sand:"
    return (f"{head} *{name}*: {progress.done}/{progress.total} answered, {need_review(progress.needs_review)}"
            + (f" · {inert(note)}" if note else ""))


def _counts(summary: BatchSummary) -> str:
    order = ["Fully Supported", "Partially Supported", "Not Supported"]
    parts = [f"{STATUS_EMOJI.get(s, '')} {summary.by_status[s]} {s}" for s in order if summary.by_status.get(s)]
    return " · ".join(parts) or "no statuses"


def summary_blocks(summary: BatchSummary, job_id: str) -> list[dict]:
    """What the job found, and a button to post the file again with reviewers' decisions applied."""
    decided_counts = ", ".join(f"{n} {what.lower()}" for what, n in sorted(summary.decided.items()))
    lines = [f":clipboard: *{inert(summary.file)}*: {summary.answered}/{summary.questions} questions answered · "
             f"{need_review(summary.needs_review)}", _counts(summary)]
    details = [f"{summary.repeated} repeated question(s) answered once", f"{summary.from_library} from approved answers",
               f"{summary.failed} not answered", f"{summary.skipped} row(s) set aside as headings"]
    if decided_counts:
        details.append(f"reviewed: {decided_counts}")
    blocks = [_section("\n".join(lines)), _context(" · ".join(details) + f" · job `{job_id}`")]
    note = summary.own_columns_note()
    if note:
        blocks.append(_context(escape(note)))
    blocks += [_context(f":warning: {escape(w)}") for w in summary.warnings]
    blocks.append(actions([button("Export again (with review decisions)", ACTION_EXPORT, job_id)]))
    return blocks


def _item_text(item: ReviewItem) -> str:
    confidence = f" · {item.confidence}%" if item.confidence is not None else ""
    answer = " ".join(item.answer.split())
    answer = answer[:_EXCERPT] + ("…" if len(answer) > _EXCERPT else "")
    return (f"*{escape(item.where)}* · {STATUS_EMOJI.get(item.status, '')} {escape(item.status or 'not answered')}"
            f"{confidence}\n_{escape(item.question[:300])}_\n>{escape(answer) or '—'}\n:eyes: {escape(item.reason)}")


def review_page(items: list[ReviewItem], page: int, pages: int, reviewers: str = "") -> list[dict]:
    """One message listing up to ROWS_PER_PAGE answers, each with its buttons or its decision."""
    who = f" by {reviewers}" if reviewers else ""
    blocks = [_context(f":eyes: Answers to review{who} · page {page}/{pages}")]
    for item in items:
        blocks.append(_section(_item_text(item)))
        blocks.append(decided(item.review) if item.review else {**review_actions(item.run_id),
                                                                 "block_id": f"review-{item.run_id}"})
    return blocks[:BLOCK_LIMIT]


def more_to_review(count: int) -> str:
    """Said when more answers need review than the pages posted show."""
    return f"{count} more answer(s) to review; they are marked in the file's Needs review column too."


def more_blocks(count: int, job_id: str, next_page: int) -> list[dict]:
    """That message, with a button posting the next pages."""
    return [_section(more_to_review(count)),
            actions([button("Show the next ones", ACTION_MORE_REVIEWS, f"{job_id}:{next_page}")])]
