"""Telling whether a run's answer already reached its thread.

A worker that dies after posting an answer but before recording that it did leaves the run to
the next worker, with its result. Each answer message carries the run's id in Slack message
metadata; before posting again, the next worker reads the thread for it. Reading a channel's
thread needs the `channels:history` (or `groups:history`) scope: without it the answer is
posted again, which is better than never.
"""

from __future__ import annotations

import logging

from slack_sdk.errors import SlackApiError
from slack_sdk.web.async_client import AsyncWebClient

from storage import RunRecord

log = logging.getLogger(__name__)
ANSWER_EVENT = "rfpbot_answer"


def answer_metadata(run_id: str) -> dict:
    """The metadata posted with each message of a run's answer."""
    return {"event_type": ANSWER_EVENT, "event_payload": {"run_id": run_id}}


async def posted_before(client: AsyncWebClient, run: RunRecord) -> str | None:
    """The ts of the last message of `run`'s answer found in its thread, or None (none found, or the
    thread could not be read)."""
    found = None
    cursor = None
    try:
        while True:
            page = await client.conversations_replies(channel=run.channel, ts=run.thread_ts, include_all_metadata=True,
                                                      limit=200, cursor=cursor)
            for message in page.get("messages") or []:
                meta = message.get("metadata") or {}
                if meta.get("event_type") == ANSWER_EVENT and (meta.get("event_payload") or {}).get("run_id") == run.id:
                    found = message["ts"]
            cursor = (page.get("response_metadata") or {}).get("next_cursor")
            if not cursor:
                return found
    except SlackApiError as exc:
        log.warning("could not read thread %s to see whether run %s was answered (%s); answering it",
                    run.thread_ts, run.id, exc.response.get("error"))
        return None
