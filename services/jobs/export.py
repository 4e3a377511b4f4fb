"""The filled copy of a job's file, with reviewers' decisions applied, and its summary."""

from __future__ import annotations

import asyncio
import json
from pathlib import PurePath

from pydantic import BaseModel, Field

from agents import Citation, for_a_cell
from questionnaire import BatchOptions, OwnColumns, Questionnaire, RowAnswer, filled_copy, workbook_losses
from storage import BatchJob, BatchRow, BatchStore, LibraryEntry, Review, RunRecord, Store

from ..records import result_of

_DECIDED = {"approve": "Approved", "edit": "Edited", "reject": "Rejected"}


class BatchSummary(BaseModel):
    """What a job did, as the CLI prints it (--json) and the Slack summary shows it."""

    job_id: str
    file: str
    output: str | None = None
    questions: int
    answered: int = 0
    from_library: int = 0
    repeated: int = 0
    """Rows asking what an earlier row asked, given its answer."""
    failed: int = 0
    pending: int = 0
    needs_review: int = 0
    by_status: dict[str, int] = Field(default_factory=dict)
    decided: dict[str, int] = Field(default_factory=dict)
    skipped: int = 0
    own_columns: dict[str, int] = Field(default_factory=dict)
    """The questionnaire's own answer cells: written, kept, left_for_review, not_offered."""
    warnings: list[str] = Field(default_factory=list)

    def own_columns_note(self) -> str | None:
        """What was written into the questionnaire's own answer columns, in a sentence (None: nothing)."""
        own = self.own_columns
        if not any(own.values()):
            return None
        parts = [f"{own.get('written', 0)} filled", f"{own.get('left_for_review', 0)} left empty until reviewed"]
        if own.get("kept"):
            parts.append(f"{own['kept']} kept as they were")
        if own.get("not_offered"):
            parts.append(f"{own['not_offered']} Yes/No left empty (not in the cell's list)")
        return "The questionnaire's own answer columns: " + ", ".join(parts) + "."


class Export(BaseModel):
    """The filled file and what is in it."""

    filename: str
    data: bytes
    summary: BatchSummary


def output_name(filename: str) -> str:
    """`questionnaire.xlsx` → `questionnaire-answered.xlsx`."""
    path = PurePath(filename)
    return f"{path.stem}-answered{path.suffix or '.csv'}"


def _sources(citations: list[Citation]) -> str:
    return "\n".join(f"[{n}] {c.source_title} ({c.url or c.source_path}): “{' '.join(c.quote.split())}”"
                     for n, c in enumerate(citations, start=1))


def answer_of_run(run: RunRecord, review: Review | None) -> RowAnswer:
    """A row's cells from its run, and from the reviewer's decision when there is one."""
    result = result_of(run)
    if result is None or not result.success:
        return RowAnswer(needs_review="Yes", reason=f"not answered: {run.error or 'the run failed'}")
    if result.blocked:
        return RowAnswer(answer=result.guardrails.message or "", needs_review="Yes",
                         reason=f"not searched: {result.guardrails.blocked.replace('_', ' ')}")
    s = result.synthesis
    answer = RowAnswer(answer=for_a_cell(result.answer_for_asker()), status=s.compliance_status,
                       confidence=s.confidence_score,
                       sources=_sources(s.citations), needs_review="Yes" if result.escalated else "No",
                       reason=(result.escalation_reason or "") if result.escalated else "")
    if review is None:
        return answer
    when = f"by {review.reviewer} on {review.at:%Y-%m-%d}"
    answer.needs_review = _DECIDED[review.decision]
    answer.reason = f"{when}: {review.reason}" if review.reason else when
    if review.decision == "edit" and review.edited_answer:
        answer.answer = review.edited_answer
    if review.decision == "reject":
        answer.answer, answer.status, answer.confidence = "", "", None
    return answer


def answer_of_library(entry: LibraryEntry) -> RowAnswer:
    """A row given an answer reviewers approved before."""
    citations = [Citation.model_validate(c) for c in json.loads(entry.citations_json)]
    return RowAnswer(answer=entry.answer, status=entry.compliance_status, sources=_sources(citations),
                     needs_review="No", reason=f"approved answer reused (by {entry.approved_by} on "
                                               f"{entry.approved_at:%Y-%m-%d})")


async def export(batches: BatchStore, store: Store, job: BatchJob) -> Export:
    """The job's file filled with every answer so far, and the counts."""
    rows = await batches.rows(job.id)
    runs, reviews = await batches.runs(job.id), await batches.reviews(job.id)
    library = {e.run_id: e for e in await store.library.entries()}
    questionnaire = Questionnaire.model_validate_json(job.questionnaire_json)
    summary = BatchSummary(job_id=job.id, file=job.filename, questions=len(rows), skipped=len(questionnaire.skipped))
    by_seq = {r.seq: r for r in rows}
    answers = {}
    for row in rows:
        source = by_seq[row.same_as] if row.same_as is not None else row
        answer = _row_answer(source, runs, reviews, library)
        if answer is not None:
            answers[(row.sheet, row.row)] = answer
        _count(summary, row, source, answer, reviews.get(source.run_id or ""))
    data = await batches.source(job.id)
    if questionnaire.kind == "xlsx":
        lost = workbook_losses(data)
        if lost:
            summary.warnings.append(f"the filled copy lacks the original's {', '.join(lost)} "
                                    "(they cannot be copied); paste the answer columns into the original if you need them")
    own = OwnColumns(keep_answers=BatchOptions.model_validate_json(job.options_json).keep_answers)
    # openpyxl takes a while on a big workbook: off the event loop, which also acknowledges Slack.
    filled = await asyncio.to_thread(filled_copy, job.filename, data, questionnaire, answers, own)
    summary.own_columns = own.model_dump(exclude={"keep_answers"})
    return Export(filename=output_name(job.filename), data=filled, summary=summary)


def _row_answer(row: BatchRow, runs: dict[str, RunRecord], reviews: dict[str, Review],
                library: dict[str, LibraryEntry]) -> RowAnswer | None:
    if row.state == "answered" and row.run_id in runs:
        return answer_of_run(runs[row.run_id], reviews.get(row.run_id))
    if row.state == "library" and row.library_run_id in library:
        return answer_of_library(library[row.library_run_id])
    if row.state == "failed":
        return RowAnswer(needs_review="Yes", reason=f"not answered: {row.error}")
    return None


def _count(summary: BatchSummary, row: BatchRow, source: BatchRow, answer: RowAnswer | None,
           review: Review | None) -> None:
    if answer is None:
        summary.pending += 1
        return
    summary.repeated += row.same_as is not None
    summary.from_library += source.state == "library"
    summary.failed += source.state == "failed"
    summary.answered += source.state != "failed"
    summary.needs_review += answer.needs_review == "Yes"
    if answer.status:
        summary.by_status[answer.status] = summary.by_status.get(answer.status, 0) + 1
    if review is not None:
        decided = _DECIDED[review.decision]
        summary.decided[decided] = summary.decided.get(decided, 0) + 1
