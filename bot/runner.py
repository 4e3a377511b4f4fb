"""Answering questions in the background: a bounded number at once, each in its
thread, with progress, the answer, and a message whatever goes wrong."""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
from dataclasses import dataclass

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from agents.contracts import PipelineResult
from agents.pipeline import Pipeline
from storage import Store

from .blocks import answer_messages, error_text, library_blocks
from .library import AnswerLibrary
from .progress import ProgressMessage
from .reviewers import Reviewers
from .worker import BackgroundLoop

log = logging.getLogger(__name__)


@dataclass
class Question:
    """A question as it arrived from Slack."""

    text: str
    asker: str | None
    channel: str
    thread_ts: str
    context: str | None = None
    use_library: bool = True


class QuestionRunner:
    """Runs questions on the background loop (kept referenced until done), N at a time."""

    def __init__(self, client: AsyncWebClient, store: Store, pipeline: Pipeline, library: AnswerLibrary,
                 reviewers: Reviewers, worker: BackgroundLoop, max_concurrent: int = 4,
                 progress_interval: float = 1.0) -> None:
        self._client = client
        self._store = store
        self._pipeline = pipeline
        self._library = library
        self._reviewers = reviewers
        self._worker = worker
        self._slots = asyncio.Semaphore(max_concurrent)  # used on the background loop only
        self._max = max_concurrent
        self._active = 0
        self._progress_interval = progress_interval
        self._futures: set[concurrent.futures.Future] = set()

    def submit(self, question: Question) -> concurrent.futures.Future:
        """Start answering on the background loop; returns at once."""
        future = self._worker.submit(self._answer(question))
        self._futures.add(future)
        future.add_done_callback(self._futures.discard)
        return future

    async def drain(self) -> None:
        """Wait for every question under way (tests, shutdown)."""
        while self._futures:
            await asyncio.gather(*(asyncio.wrap_future(f) for f in list(self._futures)), return_exceptions=True)

    async def close(self) -> None:
        """Finish the questions under way, then stop the background loop."""
        await self.drain()
        self._worker.stop()

    async def _answer(self, question: Question) -> None:
        run_id = None
        try:
            if question.use_library and await self._reuse(question):
                return
            position = self._active - self._max + 1  # counted before any await, so places are unique
            self._active += 1
            try:
                if position > 0:
                    await self._say(question, f":hourglass: Busy with other questions: yours is number {position} in the queue.")
                async with self._slots:
                    run = await self._store.start_run(question.text, asker=question.asker, channel=question.channel,
                                                      thread_ts=question.thread_ts, engine=self._pipeline.engine)
                    run_id = run.id
                    await self._run(question, run_id)
            finally:
                self._active -= 1
        except Exception as exc:  # the boundary of background work: the asker always hears back
            log.exception("answering %r failed", question.text)
            if run_id:
                await self._store.fail_run(run_id, repr(exc))
            await self._say(question, error_text(f"something went wrong on my side ({type(exc).__name__}). "
                                                 "Please try again in a minute."), quiet=True)

    async def _run(self, question: Question, run_id: str) -> None:
        progress = ProgressMessage(self._client, question.channel, question.thread_ts, question.text,
                                   self._progress_interval)
        await progress.start()
        result = await self._pipeline.run(question.text, on_progress=progress.on_event, context=question.context)
        await self._store.finish_run(run_id, result)
        await progress.finish(_outcome(result))
        if not result.success:
            await self._say(question, error_text(result.error or "the run failed"))
            return
        await self._post_answer(question, run_id, result)

    async def _post_answer(self, question: Question, run_id: str, result: PipelineResult) -> None:
        reviewers = self._reviewers.mention() if result.escalated else ""
        ts = None
        for blocks in answer_messages(result, run_id, reviewers=reviewers):
            response = await self._client.chat_postMessage(
                channel=question.channel, thread_ts=question.thread_ts, blocks=blocks,
                text=f"{result.synthesis.compliance_status}: {result.synthesis.answer[:300]}")
            ts = response["ts"]
        await self._store.set_answer_ts(run_id, ts)

    async def _reuse(self, question: Question) -> bool:
        entry = await self._library.match(question.text)
        if entry is None:
            return False
        run = await self._store.start_run(question.text, asker=question.asker, channel=question.channel,
                                          thread_ts=question.thread_ts, engine="library", status="reused")
        await self._client.chat_postMessage(channel=question.channel, thread_ts=question.thread_ts,
                                            blocks=library_blocks(entry, run.id),
                                            text=f"Approved answer: {entry.answer[:300]}")
        return True

    async def _say(self, question: Question, text: str, quiet: bool = False) -> None:
        try:
            await self._client.chat_postMessage(channel=question.channel, thread_ts=question.thread_ts, text=text)
        except SlackApiError:
            if not quiet:
                raise
            log.exception("could not tell the thread about a failure")


def _outcome(result: PipelineResult) -> str:
    if not result.success:
        return f"failed: {result.error}"
    s = result.synthesis
    review = " · sent for review" if result.escalated else ""
    return f"{result.verdict} · {s.compliance_status} · confidence {s.confidence_score}{review} · {result.duration_ms / 1000:.1f} s"
