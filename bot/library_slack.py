"""Importing into the answer library from Slack: a reviewer shares an answered questionnaire
with "import" in the message, and its answers join the library, credited to them."""

from __future__ import annotations

import re

from slack_sdk.web.async_client import AsyncWebClient

from questionnaire import Limits, QuestionnaireError
from retrieval import Embedder
from services import ImportOptions, ImportReport, ServiceError, import_answers
from storage import Store

from .errors import BotError
from .payloads import SharedFile
from .questionnaires.queue import options_from_text
from .questionnaires.slack_files import SlackFiles
from .rendering.slack_text import inert
from .review.reviewers import ReviewerDirectory

_IMPORT = re.compile(r"\bimport\b", re.IGNORECASE)


def asks_to_import(text: str) -> bool:
    """Whether a message sharing a questionnaire asks for it to go into the library."""
    return bool(_IMPORT.search(text or ""))


class SlackLibraryImport:
    """Fetch the shared file, check the sharer reviews answers, import, and say what happened."""

    def __init__(self, client: AsyncWebClient, files: SlackFiles, store: Store, embedder: Embedder,
                 directory: ReviewerDirectory, limits: Limits) -> None:
        self._client, self._files, self._store, self._embedder = client, files, store, embedder
        self._directory, self._limits = directory, limits

    async def run(self, file: SharedFile, text: str, *, user: str, channel: str, thread_ts: str) -> None:
        """Import one shared file; every outcome is a message in the thread and a line in the review log."""
        name = inert(file.name or "the file")
        reviewers = await self._directory.of(channel)
        if not await reviewers.can_review(user, None):
            await self._store.reviews.log(f"import:{file.id}", user, "import", "not_a_reviewer")
            await self._say(channel, thread_ts, f"Only reviewers can import answers into the library "
                                                f"({reviewers.describe()}); {name} was not imported.")
            return
        read = options_from_text(text)
        options = ImportOptions(sheet=read.sheet, question_column=read.question_column, approved_by=user)
        try:
            shared = await self._files.fetch(file.id)
            report = await import_answers(shared.name, shared.data, options, self._limits, self._store, self._embedder)
        except (BotError, ServiceError, QuestionnaireError) as exc:
            await self._store.reviews.log(f"import:{file.id}", user, "import", "failed", str(exc)[:300])
            await self._say(channel, thread_ts, f"I could not import {name}: {exc}")
            return
        await self._store.reviews.log(f"import:{file.id}", user, "import", f"{report.imported} answers imported")
        await self._say(channel, thread_ts, _summary(name, report))

    async def _say(self, channel: str, thread_ts: str, text: str) -> None:
        await self._client.chat_postMessage(channel=channel, thread_ts=thread_ts, text=text)


def _summary(name: str, report: ImportReport) -> str:
    columns = "; ".join(f"{sheet}: {found}" for sheet, found in report.columns.items())
    return (f":books: {report.imported} answers from {name} added to the library, {report.already_there} already "
            f"in it; {report.unanswered} rows without an answer and {report.unreviewed} never reviewed were left "
            f"out. ({inert(columns)})")
