"""The worker's side of questionnaire jobs: one job at a time, resumed after a restart.

A job is claimed with a lease like a question; when its worker stops (or dies and its
lease runs out) the job goes back to the queue and the next worker carries on with the
rows still pending.
"""

from __future__ import annotations

import asyncio
import logging

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from questionnaire import Limits, QuestionnaireError
from services import BatchRunner, ChannelSources, JobProgress, ServiceError, attach_file, keep_lease
from storage import BatchJob, BatchStore, now

from ..errors import BotError
from ..rendering.answer_blocks import error_text
from ..thread_message import ThreadMessage
from .blocks import job_progress_text
from .publish import BatchPublisher
from .slack_files import SlackFiles

log = logging.getLogger(__name__)


class JobProgressMessage:
    """The job's one progress message, rewritten at most every `interval` seconds."""

    def __init__(self, client: AsyncWebClient, job: BatchJob, interval: float) -> None:
        self._job = job
        self._message = ThreadMessage(client, job.channel, job.thread_ts, interval, ts=job.progress_ts,
                                      goes_on="the job goes on")

    @property
    def ts(self) -> str | None:
        """The message's ts, once posted."""
        return self._message.ts

    async def show(self, progress: JobProgress | None, note: str = "", force: bool = False) -> None:
        """Rewrite (or first post) the message: at once when `force`d, else at most every interval."""
        text = job_progress_text(self._job.filename, progress, note)
        await (self._message.final(text) if force else self._message.show(text))


class JobWorker:
    """Claims queued jobs and answers them, one at a time."""

    def __init__(self, client: AsyncWebClient, batches: BatchStore, runner: BatchRunner, files: SlackFiles,
                 publisher: BatchPublisher, limits: Limits, name: str, progress_interval: float = 2.0,
                 sources: ChannelSources | None = None) -> None:
        self._client = client
        self._sources = sources
        self._batches = batches
        self._runner = runner
        self._files = files
        self._publisher = publisher
        self._limits = limits
        self.name = name
        self._interval = progress_interval
        self._task: asyncio.Task | None = None
        self._renew_every = batches.store.lease.total_seconds() / 3

    def busy(self) -> bool:
        """Whether a job is under way."""
        return self._task is not None and not self._task.done()

    async def step(self) -> bool:
        """Start the oldest queued job when none is under way; True when one started."""
        if self.busy():
            return False
        job = await self._batches.claim(self.name)
        if job is None:
            return False
        self._task = asyncio.create_task(self._held(job))
        return True

    async def sweep(self) -> list[BatchJob]:
        """Jobs of dead workers go back to the queue (to be resumed, by this worker or another)."""
        return await self._batches.requeue_stalled()

    async def stop(self) -> None:
        """Stop the job under way; it goes back to the queue and resumes at the next start."""
        if not self.busy():
            return
        self._task.cancel()
        await asyncio.gather(self._task, return_exceptions=True)

    async def _held(self, job: BatchJob) -> None:
        keeper = asyncio.create_task(keep_lease(lambda: self._batches.renew(job.id, self.name), self._renew_every,
                                                asyncio.current_task(), f"job {job.id}"))
        try:
            await self._run(job)
        except asyncio.CancelledError:
            await asyncio.shield(self._batches.requeue_stalled(self.name))
            raise
        except (BotError, ServiceError, QuestionnaireError) as exc:  # a file that cannot be read or fetched: the asker is told what to do
            await self._fail(job, str(exc))
        except Exception as exc:  # the job's boundary: the thread always hears back
            log.exception("job %s failed", job.id)
            await self._fail(job, f"something went wrong on my side ({type(exc).__name__}); the answers so far are "
                                  "kept. Share the file again to start over.")
        finally:
            keeper.cancel()

    async def _run(self, job: BatchJob) -> None:
        message = JobProgressMessage(self._client, job, self._interval)
        if job.questionnaire_json is None:
            await message.show(None, "fetching and reading the file…", force=True)
            shared = await self._files.fetch(job.file_id)
            job, _ = await attach_file(self._batches, job, shared.data, self._limits)
            if not job.progress_ts and message.ts:
                await self._batches.update(job.id, progress_ts=message.ts)
        progress = await self._runner.progress(job)
        await message.show(progress, "resuming" if progress.done else "", force=True)

        async def on_progress(progress: JobProgress) -> None:
            await message.show(progress)

        if self._sources:  # the channel's own knowledge base, and the answers approved where it answers
            progress = await self._runner.run(job, on_progress, await self._sources.pipeline(job.channel),
                                              await self._sources.reusable(job.channel))
        else:
            progress = await self._runner.run(job, on_progress)
        await self._batches.update(job.id, status="done", finished_at=now())
        await message.show(progress, "done", force=True)
        await self._publisher.publish(await self._batches.get(job.id))

    async def _fail(self, job: BatchJob, reason: str) -> None:
        await self._batches.update(job.id, status="failed", error=reason, finished_at=now())
        try:
            await self._client.chat_postMessage(channel=job.channel, thread_ts=job.thread_ts, text=error_text(reason))
        except SlackApiError:
            log.exception("could not tell thread %s that job %s failed", job.thread_ts, job.id)
