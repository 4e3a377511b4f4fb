"""The answering worker: takes queued questions from the database, N at a time, and
answers each in its thread with progress, the answer, and a message whatever goes wrong.

It runs in its own process (`rfpbot worker`, started by `rfpbot serve`) so that
answering never delays Slack's acknowledgements, or on a background loop of the
serving process (`rfpbot serve --workers 0`, and the tests).
"""

from __future__ import annotations

import asyncio
import logging
import os
import socket

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from agents import Clarification, EarlierTurn, Pipeline, PipelineResult
from services import (AskBack, ChannelSources, Intake, KnowledgeBaseMissing, Offer, Reuse, keep_lease, offered,
                      outcome_of, result_of)
from storage import LibraryEntry, RunRecord, Store

from ..questionnaires.worker import JobWorker
from ..rendering.answer_blocks import answer_messages, clarification_blocks, error_text, library_blocks, notification
from ..rendering.slack_text import inert
from ..review.reviewers import ReviewerDirectory
from .delivery import answer_metadata, posted_before
from .interrupted import tell_interrupted
from .progress import ProgressMessage

log = logging.getLogger(__name__)


def worker_name() -> str:
    """This process's name as a holder of runs and jobs: host and pid."""
    return f"{socket.gethostname()}:{os.getpid()}"


class QuestionWorker:
    """Claims queued runs and answers them; at most `max_concurrent` at once."""

    def __init__(self, client: AsyncWebClient, store: Store, intake: Intake, sources: ChannelSources,
                 reviewers: ReviewerDirectory, jobs: JobWorker | None = None, max_concurrent: int = 4,
                 progress_interval: float = 1.0, poll_interval: float = 0.1, name: str | None = None) -> None:
        self._client = client
        self._store = store
        self._intake = intake
        self._sources = sources
        self._reviewers = reviewers
        self._max = max_concurrent
        self._progress_interval = progress_interval
        self._poll = poll_interval
        self.name = name or worker_name()
        self._tasks: set[asyncio.Task] = set()
        self._told_position: set[str] = set()
        self._wake: asyncio.Event | None = None
        self._stopping = False
        self._renew_every = store.lease.total_seconds() / 3
        self._next_sweep = 0.0
        self.jobs = jobs
        """Questionnaire jobs, answered beside the questions (one job at a time)."""

    def wake(self) -> None:
        """Look for work now rather than at the next poll (same loop only)."""
        if self._wake:
            self._wake.set()

    def stop(self) -> None:
        """Stop claiming new runs (same loop only); `run_forever` returns."""
        self._stopping = True
        self.wake()

    async def run_forever(self) -> None:
        """Claim and answer until stopped or cancelled."""
        self._wake = asyncio.Event()
        while not self._stopping:
            try:
                await self.step()
                if self.jobs and not self._stopping:
                    await self.jobs.step()
                await self._sweep()
            except Exception:  # the loop's boundary: a failed poll (a locked database…) is retried
                log.exception("claiming queued questions failed; retrying")
            try:
                await asyncio.wait_for(self._wake.wait(), self._poll)
            except TimeoutError:
                pass
            self._wake.clear()

    async def step(self) -> int:
        """Start as many queued runs as there are free slots; tell the rest their place."""
        started = 0
        while len(self._tasks) < self._max:
            run = await self._store.claim_next(self.name, self._sources.knowledge.default.engine)
            if run is None:
                break
            task = asyncio.create_task(self._answer(run))
            self._tasks.add(task)
            task.add_done_callback(self._finished)
            started += 1
        if len(self._tasks) >= self._max:
            await self._tell_positions()
        return started

    async def _sweep(self) -> None:
        """Now and then: runs of dead workers (expired leases) are declared interrupted, threads told."""
        loop = asyncio.get_running_loop()
        if loop.time() < self._next_sweep:
            return
        self._next_sweep = loop.time() + self._renew_every
        await tell_interrupted(self._client, await self._store.expire_leases())
        if self.jobs:
            await self.jobs.sweep()

    def _finished(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        self.wake()  # a slot is free: claim the next run now, not at the next poll

    def busy(self) -> bool:
        """Whether a run (or a questionnaire job) is being answered."""
        return bool(self._tasks) or bool(self.jobs and self.jobs.busy())

    async def drain(self) -> None:
        """Wait for the runs under way; a job under way stops and goes back to the queue (it resumes).
        Then close the knowledge bases channels had opened."""
        if self.jobs:
            await self.jobs.stop()
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)
        await self._sources.knowledge.aclose()

    async def _tell_positions(self) -> None:
        for position, run in enumerate(await self._store.queued(), start=1):
            if run.id not in self._told_position and run.channel and run.thread_ts:
                self._told_position.add(run.id)
                await self._say(run, f":hourglass: Busy with other questions: yours is number {position} in the queue.",
                                quiet=True)

    async def _answer(self, run: RunRecord) -> None:
        # Losing the lease stops the answer: someone declared the run interrupted, and its thread
        # was told to ask again.
        keeper = asyncio.create_task(keep_lease(lambda: self._store.renew(run.id, run.claimed_by), self._renew_every,
                                                asyncio.current_task(), f"run {run.id}"))
        try:
            await self._answer_held(run)
        finally:
            keeper.cancel()

    async def _answer_held(self, run: RunRecord) -> None:
        try:
            recorded = result_of(run)
            if recorded is not None:  # answered by a worker that died before recording the answer posted
                await self._deliver_recorded(run, recorded)
                return
            decision = await self._intake.decide(run)
            if isinstance(decision, Reuse):
                await self._reuse(run, decision.entry)
            elif isinstance(decision, AskBack):
                await self._ask_back(run, decision.clarification)
            else:
                await self._run(run, decision.earlier, decision.pipeline, decision.offer)
        except KnowledgeBaseMissing as exc:
            log.error("run %s: %s", run.id, exc)
            if await self._store.fail_run(run.id, str(exc), run.claimed_by):
                await self._say(run, error_text(f"{exc}. Ask an admin to build it (`rfpbot ingest DIR --kb NAME`) "
                                                "or to choose another knowledge base for this channel in "
                                                "`/rfp config`."), quiet=True)
        except Exception as exc:  # the boundary of background work: the asker always hears back
            log.exception("answering run %s failed", run.id)
            if not await self._store.fail_run(run.id, repr(exc), run.claimed_by):
                return
            await self._say(run, error_text(f"something went wrong on my side ({type(exc).__name__}). "
                                            "Please try again in a minute."), quiet=True)

    async def _ask_back(self, run: RunRecord, asked: Clarification) -> None:
        """A question too vague to answer well gets one question back, with readings as buttons."""
        if not await self._store.ask_back(run.id, run.claimed_by):
            return  # declared interrupted meanwhile: its thread was told
        await self._client.chat_postMessage(channel=run.channel, thread_ts=run.thread_ts,
                                            blocks=clarification_blocks(asked, run.id, run.question),
                                            text=inert(asked.question), unfurl_links=False, unfurl_media=False)

    async def _run(self, run: RunRecord, context: EarlierTurn | None, pipeline: Pipeline, offer: Offer | None) -> None:
        progress = self._progress(run)
        if (ts := await progress.start()) != run.progress_ts:
            await self._store.set_progress_ts(run.id, ts)
        result = await pipeline.run(run.question, on_progress=progress.on_event, context=context,
                                          threshold=await self._reviewers.threshold(run.channel))
        if offer is not None:
            result = offered(result, offer, run.channel)
        if not await self._store.record_answer(run.id, outcome_of(result), run.claimed_by):
            log.warning("run %s was declared interrupted while it ran; its answer is not posted", run.id)
            return
        await progress.finish(_outcome(result))
        await self._deliver(run, result)

    async def _deliver(self, run: RunRecord, result: PipelineResult) -> None:
        """Post a recorded result in its thread, then mark the run done (or failed)."""
        ts = None
        if result.blocked:
            await self._say(run, inert(result.guardrails.message or ""))
        elif not result.success:
            await self._say(run, error_text(result.error or "the run failed"))
        else:
            ts = await self._post_answer(run, result)
        if not await self._store.posted(run.id, run.claimed_by, result.success, ts):
            log.warning("run %s was declared interrupted while its answer was posted", run.id)

    def _progress(self, run: RunRecord) -> ProgressMessage:
        progress = ProgressMessage(self._client, run.channel, run.thread_ts, run.question, self._progress_interval)
        progress.resume(run.progress_ts)  # an earlier attempt's, if its worker died
        return progress

    async def _deliver_recorded(self, run: RunRecord, result: PipelineResult) -> None:
        if run.progress_ts:  # the dead worker's progress message: it says how the run ended, as usual
            await self._progress(run).finish(_outcome(result))
        ts = await posted_before(self._client, run) if result.success and not result.blocked else None
        if ts is None:
            await self._deliver(run, result)
        elif not await self._store.posted(run.id, run.claimed_by, result.success, ts):
            log.warning("run %s was declared interrupted while its thread was read", run.id)

    async def _post_answer(self, run: RunRecord, result: PipelineResult) -> str | None:
        reviewers = (await self._reviewers.of(run.channel)).mention() if result.escalated else ""
        ts = None
        for blocks in answer_messages(result, run.id, reviewers=reviewers):
            response = await self._client.chat_postMessage(
                channel=run.channel, thread_ts=run.thread_ts, blocks=blocks,
                text=notification(result.synthesis.compliance_status, result.answer_for_asker()),
                unfurl_links=False, unfurl_media=False, metadata=answer_metadata(run.id))
            ts = response["ts"]
        return ts

    async def _reuse(self, run: RunRecord, entry: LibraryEntry) -> None:
        if not await self._store.mark_reused(run.id, run.claimed_by):
            return  # declared interrupted meanwhile: its thread was told, nothing more is posted
        await self._client.chat_postMessage(channel=run.channel, thread_ts=run.thread_ts,
                                            blocks=library_blocks(entry, run.id, run.channel),
                                            text=notification("Approved answer", entry.answer),
                                            unfurl_links=False, unfurl_media=False)

    async def _say(self, run: RunRecord, text: str, quiet: bool = False) -> None:
        try:
            await self._client.chat_postMessage(channel=run.channel, thread_ts=run.thread_ts, text=text)
        except SlackApiError:
            if not quiet:
                raise
            log.exception("could not post to thread %s", run.thread_ts)


def _outcome(result: PipelineResult) -> str:
    if not result.success:
        return f"failed: {result.error}"
    if result.blocked:
        return f"not searched: {result.guardrails.blocked.replace('_', ' ')}"
    s = result.synthesis
    review = " · sent for review" if result.escalated else ""
    return f"{result.verdict} · {s.compliance_status} · confidence {s.confidence_score}{review} · {result.duration_ms / 1000:.1f} s"
