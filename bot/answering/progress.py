"""One progress message in the thread, updated in place as stages finish, at most
about once a second; a failed update never stops the answer."""

from __future__ import annotations

from slack_sdk.web.async_client import AsyncWebClient

from agents import ProgressEvent

from ..rendering.answer_blocks import progress_text
from ..thread_message import ThreadMessage


class ProgressMessage:
    """Posts 'Working on it' and rewrites it with each finished stage."""

    def __init__(self, client: AsyncWebClient, channel: str, thread_ts: str, question: str,
                 min_interval: float = 1.0) -> None:
        self._message = ThreadMessage(client, channel, thread_ts, min_interval, goes_on="the answer is still coming")
        self._question = question
        self._lines: list[str] = []

    def resume(self, ts: str | None) -> None:
        """Rewrite the message an earlier attempt at the same question posted (its ts), not a new one."""
        self._message.ts = ts

    async def start(self) -> str:
        """Post the message the updates will rewrite (or rewrite the resumed one); returns its ts."""
        return await self._message.post(progress_text(self._question, []))

    async def on_event(self, event: ProgressEvent) -> None:
        """Add a finished stage; update now, or once the interval has passed."""
        if event.status != "finished":
            return
        self._lines.append(f"{event.stage}: {event.summary}")
        await self._message.show(progress_text(self._question, self._lines))

    async def finish(self, summary: str) -> None:
        """The last update: every stage and the outcome."""
        self._lines.append(summary)
        if self._message.ts is not None:
            await self._message.final(progress_text(self._question, self._lines, True))
