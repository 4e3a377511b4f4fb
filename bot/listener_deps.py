"""The one object of collaborators that the Slack listeners receive."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass

from slack_sdk.web.async_client import AsyncWebClient

from services import QuestionQueue
from storage import BatchStore, ChannelSettingsStore, FeedbackStore, Store

from .auth import WorkspaceAuth
from .library_slack import SlackLibraryImport
from .questionnaires.publish import BatchPublisher
from .questionnaires.queue import JobQueue
from .review.desk import ReviewDesk
from .review.home_tab import HomeTab


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
    """The named knowledge bases a channel may choose (see services.knowledge.available)."""
