"""The one place listener errors end: logged, and the person told what happened."""

from __future__ import annotations

import logging

from slack_bolt.async_app import AsyncApp
from slack_sdk.errors import SlackApiError

from storage import RunNotFound

from ..appdeps import AppDeps
from ..blocks import error_text

log = logging.getLogger(__name__)


def _explain(error: Exception) -> str:
    if isinstance(error, SlackApiError):
        code = error.response.get("error")
        if code in ("not_in_channel", "channel_not_found"):
            return "I can't post in this channel. Invite me first: `/invite @rfpbot`."
        return f"Slack refused a request ({code})."
    if isinstance(error, RunNotFound):
        return "I no longer know that answer (it is not in my database)."
    return f"something went wrong on my side ({type(error).__name__})."


VERIFIED = "rfpbot_verified"


async def _mark_verified(context, next) -> None:
    # Global middleware runs only after Bolt's own signature check has passed, so
    # the flag tells the error handler that the body came from Slack.
    context[VERIFIED] = True
    await next()


def register(app: AsyncApp, deps: AppDeps) -> None:
    """Install the error handler; it answers only requests that passed verification."""
    app.use(_mark_verified)

    async def on_error(error: Exception, body: dict, context, respond, say) -> None:
        log.error("listener failed: %s", error, exc_info=error)
        if not context.get(VERIFIED):
            return  # an unverified body names channels and URLs chosen by whoever sent it
        message = error_text(_explain(error))
        try:
            if body.get("response_url"):
                await respond(text=message, response_type="ephemeral")
            elif say is not None and body.get("event"):
                event = body["event"]
                await say(text=message, thread_ts=event.get("thread_ts") or event.get("ts"))
            elif body.get("user") and body.get("channel"):
                await deps.client.chat_postEphemeral(channel=body["channel"]["id"], user=body["user"]["id"], text=message)
        except SlackApiError:
            log.exception("could not tell the user about the failure")

    app.error(on_error)
