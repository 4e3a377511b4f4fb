"""Telling a thread that its run was interrupted (its worker died or lost its lease)."""

from __future__ import annotations

import logging

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from storage import RunRecord

log = logging.getLogger(__name__)
MESSAGE = ":warning: I was interrupted while answering this question. Please ask it again."


async def tell_interrupted(client: AsyncWebClient, runs: list[RunRecord]) -> int:
    """Post the notice in each run's thread; a failure to post is logged, never raised."""
    for run in runs:
        if not (run.channel and run.thread_ts):
            continue
        try:
            await client.chat_postMessage(channel=run.channel, thread_ts=run.thread_ts, text=MESSAGE)
        except SlackApiError as exc:
            log.warning("could not tell thread %s about run %s: %s", run.thread_ts, run.id, exc)
    return len(runs)
