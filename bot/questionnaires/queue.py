"""The listeners' side of questionnaires: a shared CSV/XLSX becomes a queued job at once."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import PurePath

from slack_sdk.web.async_client import AsyncWebClient

from questionnaire import BatchOptions
from services import new_job
from storage import BatchStore

from ..payloads import SharedFile
from .blocks import job_progress_text

QUESTIONNAIRE_SUFFIXES = (".csv", ".tsv", ".xlsx", ".xlsm", ".xls")  # .xls: to say how to convert it
# "column C", "question column: Requirement", 'sheet "SIG Lite"': how to read the file, said in the message.
# A name is quoted, or (for a column) a letter or a number; an unquoted word is never
# taken ("fill in the answer column please" names no column).
_QUOTED = r"\"[^\"]+\"|“[^”]+”|'[^']+'"
_COLUMN = re.compile(rf"\b[Cc]olumn\s*:?\s*({_QUOTED}|[A-Z]{{1,3}}\b|\d+\b)")
_SHEET = re.compile(rf"\b(?:[Ss]heet|[Tt]ab)\s*:?\s*({_QUOTED})")


def is_questionnaire(file: SharedFile) -> bool:
    """A shared file rfpbot can fill in (by its name)."""
    return PurePath(file.name or "").suffix.lower() in QUESTIONNAIRE_SUFFIXES


def options_from_text(text: str) -> BatchOptions:
    """The sheet and question column a message names, if it names them."""
    def found(pattern: re.Pattern) -> str | None:
        match = pattern.search(text)
        return match.group(1).strip("\"'“”") if match else None

    return BatchOptions(sheet=found(_SHEET), question_column=found(_COLUMN))


class JobQueue:
    """Queues questionnaire jobs for the worker(s); `notify` wakes an in-process worker."""

    def __init__(self, client: AsyncWebClient, batches: BatchStore, notify: Callable[[], None] = lambda: None) -> None:
        self._client = client
        self._batches = batches
        self._notify = notify

    async def put(self, file: SharedFile, text: str, *, asker: str | None, channel: str, thread_ts: str,
                  event_id: str | None = None) -> str | None:
        """Queue the file and say so in the thread; returns the job id (None for a redelivered event)."""
        name = file.name or file.id
        # "new" until its progress message exists: a worker claims only queued jobs, and
        # then rewrites that message rather than posting a second one.
        job = new_job(name, options_from_text(text), file_id=file.id, asker=asker, channel=channel,
                      thread_ts=thread_ts, status="new")
        if await self._batches.create(job, event_id=f"{event_id}:{file.id}" if event_id else None) is None:
            return None
        try:
            response = await self._client.chat_postMessage(channel=channel, thread_ts=thread_ts,
                                                           text=job_progress_text(name, None))
        except BaseException:
            await self._batches.update(job.id, status="failed", error="the thread could not be told")
            raise
        await self._batches.update(job.id, progress_ts=response["ts"], status="queued")
        self._notify()
        return job.id
