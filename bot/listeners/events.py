"""Mentions in channels and threads, and direct messages."""

from __future__ import annotations

from slack_bolt.async_app import AsyncApp

from ..appdeps import AppDeps
from ..blocks import HELP
from ..slack_text import question_text
from .errors import reported


async def _is_direct_message(event: dict) -> bool:
    return event.get("channel_type") == "im" and not event.get("bot_id")


def register(app: AsyncApp, deps: AppDeps) -> None:
    """`app_mention` and `message` in DMs (no subtypes: edits, joins, bots)."""

    async def app_mention(body: dict, event: dict, context) -> None:
        await ask(deps, event, body.get("event_id"), context.get("bot_user_id"))

    async def direct_message(body: dict, event: dict, context) -> None:
        await ask(deps, event, body.get("event_id"), context.get("bot_user_id"))

    app.event("app_mention")(reported(app_mention))
    app.event({"type": "message", "subtype": None}, matchers=[_is_direct_message])(reported(direct_message))


async def ask(deps: AppDeps, event: dict, event_id: str | None, bot_user_id: str | None = None) -> None:
    """Queue a question; in a thread it is a follow-up to the thread's earlier question.

    Runs after Bolt has acknowledged the event, so the check for Slack's redeliveries
    (by event id, in the database) costs the acknowledgement nothing.
    """
    text = question_text(event.get("text", ""), bot_user_id)
    channel, thread_ts = event["channel"], event.get("thread_ts") or event["ts"]
    if not text or text.lower() in ("help", "?"):
        if not event_id or await deps.store.first_delivery(event_id, "help"):
            await deps.client.chat_postMessage(channel=channel, thread_ts=thread_ts, text=HELP)
        return
    await deps.queue.put(text, asker=event.get("user"), channel=channel, thread_ts=thread_ts,
                         followup=bool(event.get("thread_ts")), event_id=event_id)
