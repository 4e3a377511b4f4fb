"""One progress message in the thread, updated in place as stages finish, at most
about once a second; a failed update never stops the answer."""

from __future__ import annotations

import asyncio
import logging
import time

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from agents import ProgressEvent

from ..rendering.answer_blocks import progress_text

log = logging.getLogger(__name__)


class ProgressMessage:
    """Posts 'Working on it' and rewrites it with each finished stage."""

    def __init__(self, client: AsyncWebClient, channel: str, thread_ts: str, question: str,
                 min_interval: float = 1.0) -> None:
        self._client = client
        self._channel = channel
        self._thread_ts = thread_ts
        self._question = question
        self._min_interval = min_interval
        self._lines: list[str] = []
        self._ts: str | None = None
        self._last = 0.0
        self._pending: asyncio.Task | None = None

    def resume(self, ts: str | None) -> None:
        """Rewrite the message an earlier attempt at the same question posted (its ts), not a new one."""
        self._ts = ts

    async def start(self) -> str:
        """Post the message the updates will rewrite (or rewrite the resumed one); returns its ts."""
        self._last = time.monotonic()
        if self._ts is not None:
            try:
                await self._client.chat_update(channel=self._channel, ts=self._ts,
                                               text=progress_text(self._question, []))
                return self._ts
            except SlackApiError as exc:  # deleted meanwhile, say: a new one then
                log.info("could not rewrite progress message %s (%s); posting another", self._ts,
                         exc.response.get("error"))
        response = await self._client.chat_postMessage(
            channel=self._channel, thread_ts=self._thread_ts, text=progress_text(self._question, []))
        self._ts = response["ts"]
        return self._ts

    async def on_event(self, event: ProgressEvent) -> None:
        """Add a finished stage; update now, or once the interval has passed."""
        if event.status != "finished":
            return
        self._lines.append(f"{event.stage}: {event.summary}")
        wait = self._min_interval - (time.monotonic() - self._last)
        if wait <= 0:
            await self._update()
        elif self._pending is None:
            self._pending = asyncio.create_task(self._later(wait))

    async def _later(self, wait: float) -> None:
        await asyncio.sleep(wait)
        self._pending = None
        await self._update()

    async def finish(self, summary: str) -> None:
        """The last update: every stage and the outcome."""
        if self._pending:
            self._pending.cancel()
            self._pending = None
        self._lines.append(summary)
        await self._update(done=True)

    async def _update(self, done: bool = False) -> None:
        if self._ts is None:
            return
        self._last = time.monotonic()
        try:
            await self._client.chat_update(channel=self._channel, ts=self._ts,
                                           text=progress_text(self._question, self._lines, done))
        except SlackApiError as exc:
            log.warning("progress update failed (the answer is still coming): %s", exc.response.get("error"))
