"""The one object of collaborators that the Slack listeners receive."""

from __future__ import annotations

from dataclasses import dataclass

from slack_sdk.web.async_client import AsyncWebClient

from storage import Store

from .auth import WorkspaceAuth
from .questions import QuestionQueue
from .review_desk import ReviewDesk


@dataclass
class AppDeps:
    """Slack client, database, question queue, review desk and the bot's identity."""

    client: AsyncWebClient
    store: Store
    queue: QuestionQueue
    desk: ReviewDesk
    auth: WorkspaceAuth
