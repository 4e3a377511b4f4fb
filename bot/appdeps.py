"""The one object of collaborators that the Slack listeners receive."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from slack_sdk.web.async_client import AsyncWebClient

from storage import BatchStore, ChannelSettingsStore, FeedbackStore, Store

from .auth import WorkspaceAuth
from .batch_publish import BatchPublisher
from .batch_queue import JobQueue
from .home import HomeTab
from .library_slack import SlackLibraryImport
from .questions import QuestionQueue
from .review_desk import ReviewDesk


async def _none() -> list[str]:
    return []


@dataclass
class AppDeps:
    """Slack client, database, question and questionnaire queues, review desk and the bot's identity."""

    client: AsyncWebClient
    store: Store
    queue: QuestionQueue
    desk: ReviewDesk
    auth: WorkspaceAuth
    jobs: JobQueue
    batches: BatchStore
    publisher: BatchPublisher
    feedback: FeedbackStore
    home: HomeTab
    channels: ChannelSettingsStore
    library_import: SlackLibraryImport | None = None
    """Answered questionnaires shared with "import" go into the library (reviewers only)."""
    default_threshold: int = 70
    knowledge_bases: Callable[[], Awaitable[list[str]]] = _none
    """The named knowledge bases a channel may choose (see bot.knowledge.available)."""
