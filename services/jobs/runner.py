"""Answering a job's rows: N at a time, approved answers first, each row on its own.

A row that fails (a question too long, a model that gave up) is recorded as failed
and the batch goes on; every answer is stored as it comes, so an interrupted job
resumes with the rows still pending.
"""

from __future__ import annotations

import asyncio
import logging
import math
import time
from collections.abc import Awaitable, Callable

from pydantic import BaseModel

from agents import AgentError, Pipeline, PipelineConfig, validate_question
from storage import BatchJob, BatchRow, BatchStore, LibraryEntry

from ..library import AnswerLibrary, Lookup, offered
from ..records import outcome_of

log = logging.getLogger(__name__)


class JobProgress(BaseModel):
    """Where a job stands: questions (duplicates included), done so far, and how they went."""

    total: int
    done: int = 0
    needs_review: int = 0
    failed: int = 0

    @property
    def finished(self) -> bool:
        """Every row has its answer (or its failure)."""
        return self.done >= self.total


OnProgress = Callable[[JobProgress], Awaitable[None]]


class BatchRunner:
    """Answers the pending rows of a job through the pipeline, `concurrency` at once."""

    def __init__(self, batches: BatchStore, pipeline: Pipeline, library: AnswerLibrary | None,
                 config: PipelineConfig, concurrency: int = 4, progress_every: float = 0.5) -> None:
        self._batches = batches
        self._pipeline = pipeline
        self._library = library
        self._config = config
        self._concurrency = concurrency
        self._progress_every = progress_every

    async def progress(self, job: BatchJob) -> JobProgress:
        """Counted from the stored rows (duplicates count with the row they repeat)."""
        rows = await self._batches.outcomes(job.id)
        by_seq = {r.seq: r for r in rows}
        progress = JobProgress(total=len(rows))
        for row in rows:
            source = by_seq[row.same_as] if row.same_as is not None else row
            if source.state == "pending":
                continue
            progress.done += 1
            progress.failed += source.state == "failed"
            progress.needs_review += source.state == "failed" or source.escalated
        return progress

    async def run(self, job: BatchJob, on_progress: OnProgress | None = None, pipeline: Pipeline | None = None,
                  reusable: Callable[[LibraryEntry], bool] = lambda entry: True) -> JobProgress:
        """Answer every pending row (with `pipeline` instead of the runner's own, and reusing
        only the approved answers `reusable` allows); returns the job's progress at the end.
        `on_progress` hears of it at most every `progress_every` seconds as rows are answered."""
        pending = [r for r in await self._batches.rows(job.id) if r.state == "pending" and r.same_as is None]
        slots = asyncio.Semaphore(self._concurrency)
        reported = -math.inf

        async def one(row: BatchRow) -> None:
            nonlocal reported
            async with slots:
                await self._answer(job, row, pipeline or self._pipeline, reusable)
            # Counting reads every row: after each answer, a 400-row job spent a second on it.
            if on_progress and time.monotonic() - reported >= self._progress_every:
                reported = time.monotonic()
                await on_progress(await self.progress(job))

        tasks = [asyncio.create_task(one(row)) for row in pending]
        try:
            await asyncio.gather(*tasks)
        finally:
            # Stopped (Ctrl-C, a worker shutting down) or broken (the database): no row goes on alone.
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
        return await self.progress(job)

    async def _answer(self, job: BatchJob, row: BatchRow, pipeline: Pipeline,
                      reusable: Callable[[LibraryEntry], bool]) -> None:
        try:
            question = validate_question(row.question, self._config)
            found = await self._library.lookup(question, reusable) if self._library else Lookup()
            entry = found.match
            if entry is None:
                result = await pipeline.run(question)
                if found.offer is not None:
                    result = offered(result, found.offer, job.channel)
        except AgentError as exc:
            await self._batches.failed(row, str(exc))
            return
        except Exception as exc:  # one row's boundary: whatever broke, the other rows go on
            log.exception("row %s of job %s failed", row.row, job.id)
            await self._batches.failed(row, f"something went wrong on my side ({type(exc).__name__})")
            return
        if entry is not None:
            await self._batches.reused(row, entry.run_id)
        else:
            await self._batches.answered(row, outcome_of(result), job)
