"""One message in a thread, posted once and rewritten in place at most every `interval` seconds; a
rewrite Slack refuses is logged and never stops the work the message reports on."""

from __future__ import annotations

import asyncio
import logging
import time

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

log = logging.getLogger(__name__)


class ThreadMessage:
    """A throttled message: `show` rewrites it now, or once the interval has passed with the latest text;
    `final` rewrites it at once and drops a rewrite still waiting."""

    def __init__(self, client: AsyncWebClient, channel: str, thread_ts: str, interval: float,
                 ts: str | None = None, goes_on: str = "the work goes on") -> None:
        self._client = client
        self._channel = channel
        self._thread_ts = thread_ts
        self._interval = interval
        self._goes_on = goes_on
        self.ts = ts
        self._last = 0.0
        self._latest = ""
        self._pending: asyncio.Task | None = None

    async def post(self, text: str) -> str:
        """Post the message (or rewrite the one an earlier attempt posted, `ts`); returns its ts."""
        self._last = time.monotonic()
        if self.ts is not None:
            try:
                await self._client.chat_update(channel=self._channel, ts=self.ts, text=text)
                return self.ts
            except SlackApiError as exc:  # deleted meanwhile, say: a new one then
                log.info("could not rewrite message %s (%s); posting another", self.ts, exc.response.get("error"))
        response = await self._client.chat_postMessage(channel=self._channel, thread_ts=self._thread_ts, text=text)
        self.ts = response["ts"]
        return self.ts

    async def show(self, text: str) -> None:
        """Rewrite now, or once the interval since the last rewrite has passed (with the latest text)."""
        self._latest = text
        wait = self._interval - (time.monotonic() - self._last)
        if wait <= 0:
            await self._rewrite(text)
        elif self._pending is None:
            self._pending = asyncio.create_task(self._later(wait))

    async def final(self, text: str) -> None:
        """Rewrite at once (posting first if nothing was posted), a waiting rewrite dropped."""
        if self._pending:
            self._pending.cancel()
            self._pending = None
        await self._rewrite(text)

    async def _later(self, wait: float) -> None:
        await asyncio.sleep(wait)
        self._pending = None
        await self._rewrite(self._latest)

    async def _rewrite(self, text: str) -> None:
        self._last = time.monotonic()
        try:
            if self.ts is None:
                response = await self._client.chat_postMessage(channel=self._channel, thread_ts=self._thread_ts,
                                                               text=text)
                self.ts = response["ts"]
            else:
                await self._client.chat_update(channel=self._channel, ts=self.ts, text=text)
        except SlackApiError as exc:
            log.warning("updating message failed (%s): %s", self._goes_on, exc.response.get("error"))
