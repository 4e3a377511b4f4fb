"""Rows of the database as typed records."""

from __future__ import annotations

import hashlib
import json
from datetime import datetime, timezone
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

RunStatus = Literal["queued", "running", "done", "failed", "interrupted", "reused", "clarifying", "clarified"]
Decision = Literal["approve", "edit", "reject"]


def now() -> datetime:
    """The current time in UTC."""
    return datetime.now(timezone.utc)


def final_status(succeeded: bool) -> RunStatus:
    """The status of a run that ended (its answer posted), by whether the pipeline succeeded."""
    return "done" if succeeded else "failed"


class RunRecord(BaseModel):
    """One question asked, where, by whom, and how it ended."""

    id: str
    question: str
    asker: str | None = None
    channel: str | None = None
    thread_ts: str | None = None
    answer_ts: str | None = None
    engine: str = "offline"
    status: RunStatus = "running"
    verdict: str | None = None
    compliance_status: str | None = None
    confidence: int | None = None
    escalated: bool = False
    result_json: str | None = None
    started_at: datetime | None = None
    finished_at: datetime | None = None
    duration_ms: float | None = None
    llm_calls: int = 0
    tokens: int = 0
    error: str | None = None
    followup: bool = False
    use_library: bool = True
    queued_at: datetime | None = None
    claimed_by: str | None = None
    lease_until: datetime | None = None
    batch_id: str | None = None
    """The questionnaire job this run answered a row of (None: a question asked on its own)."""
    subject: str | None = None
    """For a follow-up ("and on GCP?"), the thread's question it was about."""
    clarify: bool = True
    """Whether a vague question may be asked back about (False once the asker chose a reading)."""
    attempts: int = 0
    """How many times a worker claimed it (a run whose worker died is queued again, once)."""
    progress_ts: str | None = None
    """The progress message in its thread (rewritten by the next attempt, not posted again)."""



class NodeEvent(BaseModel):
    """One pipeline node's line of a run's trace, as stored: a row of run_events. (It mirrors the
    pipeline's TraceEntry field for field because storage may not import the pipeline; the mapping
    in services/records.py validates one into the other, so a field added there and not here fails.)"""

    model_config = ConfigDict(extra="forbid")

    node: str
    started_at: datetime
    duration_ms: float
    llm_calls: int = 0
    tokens: int = 0
    truncated: int = 0
    summary: str = ""


class RunOutcome(BaseModel):
    """How a run ended, as storage keeps it: the columns of its row, the result as JSON, its trace.

    Storage knows no pipeline: the layer above maps its result to this record and back."""

    succeeded: bool
    verdict: str | None = None
    compliance_status: str | None = None
    confidence: int | None = None
    escalated: bool = False
    result_json: str
    duration_ms: float = 0.0
    llm_calls: int = 0
    tokens: int = 0
    error: str | None = None
    engine: str = "offline"
    trace: list[NodeEvent] = Field(default_factory=list)

    @property
    def final_status(self) -> RunStatus:
        """The status of a run that ended this way (see Store.posted)."""
        return final_status(self.succeeded)


class Review(BaseModel):
    """A reviewer's decision on an escalated answer."""

    run_id: str
    reviewer: str
    decision: Decision
    edited_answer: str | None = None
    reason: str | None = None
    at: datetime


class LibraryEntry(BaseModel):
    """An approved question and answer, reusable for close enough questions."""

    id: int | None = None
    run_id: str
    question: str
    answer: str
    compliance_status: str
    citations_json: str = "[]"
    approved_by: str
    approved_at: datetime
    channel: str | None = None
    """Where the question was asked; elsewhere the reused answer does not show it."""
    source: str | None = None
    """For an answer imported from a past questionnaire: the file, sheet and row it came from."""
    retired_at: datetime | None = None
    """When it was taken out of use (it stays listed, and is never reused)."""
    retired_by: str | None = None
    embedding: list[float] = Field(default_factory=list, exclude=True)


class ReviewLogEntry(BaseModel):
    """One reviewer action as the append-only log keeps it, chained to the entry before it."""

    seq: int | None = None
    run_id: str
    reviewer: str
    action: str
    outcome: str
    """`made` (the decision on record), `already_decided`, `not_a_reviewer`, `not_reviewable`."""
    reason: str | None = None
    at: datetime
    prev_hash: str = ""
    hash: str = ""

    def digest(self) -> str:
        """The hash this entry must carry: of its fields and the previous entry's hash."""
        fields = [self.run_id, self.reviewer, self.action, self.outcome, self.reason, self.at.isoformat(), self.prev_hash]
        return hashlib.sha256(json.dumps(fields).encode()).hexdigest()


def broken_link(entries: list[ReviewLogEntry]) -> int | None:
    """The seq of the first entry whose hash or chain does not hold (an edited log), or None."""
    previous = ""
    for entry in entries:
        if entry.prev_hash != previous or entry.hash != entry.digest():
            return entry.seq
        previous = entry.hash
    return None


BatchStatus = Literal["new", "queued", "running", "done", "failed"]
RowState = Literal["pending", "answered", "library", "failed"]


class BatchJob(BaseModel):
    """A questionnaire being answered: the file's name, how it was read, where it came from."""

    id: str
    filename: str
    file_id: str | None = None
    """The Slack file it was shared as (fetched when a worker takes the job)."""
    digest: str = ""
    """sha256 of the file and the reading options: the same file read the same way resumes."""
    options_json: str
    questionnaire_json: str | None = None
    """How the file was read (None until it has been)."""
    status: BatchStatus = "queued"
    total: int = 0
    asker: str | None = None
    channel: str | None = None
    thread_ts: str | None = None
    progress_ts: str | None = None
    error: str | None = None
    created_at: datetime
    started_at: datetime | None = None
    finished_at: datetime | None = None
    claimed_by: str | None = None
    lease_until: datetime | None = None


class BatchRow(BaseModel):
    """One question of a job and how it was answered."""

    job_id: str
    seq: int
    sheet: str
    row: int
    question: str
    same_as: int | None = None
    """The seq of an earlier row asking the same; this row gets that row's answer."""
    state: RowState = "pending"
    run_id: str | None = None
    library_run_id: str | None = None
    """The approved answer (by the run it was approved on) reused for this row."""
    error: str | None = None
    page_ts: str | None = None
    """The Slack message listing this row for review."""


class RowOutcome(BaseModel):
    """A row's state in brief, for counting a job's progress."""

    seq: int
    same_as: int | None
    state: RowState
    escalated: bool


Vote = Literal[1, -1]


class Feedback(BaseModel):
    """One person's vote on one answer, and why (a 👎 may say)."""

    run_id: str
    user: str
    vote: Vote
    reason: str | None = None
    via: Literal["button", "reaction"] = "button"
    at: datetime


class PurgeCounts(BaseModel):
    """What a retention purge deleted."""

    runs: int = 0
    run_events: int = 0
    reviews: int = 0
    slack_events: int = 0
    batch_jobs: int = 0
