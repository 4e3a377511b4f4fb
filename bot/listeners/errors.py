"""The one place listener errors end: logged, and the person told what happened."""

from __future__ import annotations

import inspect
import logging
from collections.abc import Awaitable, Callable

from slack_bolt.async_app import AsyncApp
from slack_sdk.errors import SlackApiError

from storage import JobNotFound, RunNotFound

from ..listener_deps import AppDeps
from ..rendering.answer_blocks import error_text

log = logging.getLogger(__name__)


def _explain(error: Exception) -> str:
    if isinstance(error, SlackApiError):
        code = error.response.get("error")
        if code in ("not_in_channel", "channel_not_found"):
            return "I can't post in this channel. Invite me first: `/invite @rfpbot`."
        return f"Slack refused a request ({code})."
    if isinstance(error, RunNotFound):
        return "I no longer know that answer (it is not in my database)."
    if isinstance(error, JobNotFound):
        return "I no longer know that questionnaire (it is not in my database): share the file again."
    return f"something went wrong on my side ({type(error).__name__})."


VERIFIED = "rfpbot_verified"


async def _mark_verified(context, next) -> None:
    # Global middleware runs only after Bolt's own signature check has passed, so
    # the flag tells the error handler that the body came from Slack.
    context[VERIFIED] = True
    await next()


async def tell_failure(error: Exception, body: dict, context, respond, say, client) -> None:
    """Log a listener's failure and tell the person, in the thread or privately (verified requests only)."""
    log.error("listener failed: %s", error, exc_info=error)
    if not (context and context.get(VERIFIED)):
        return  # an unverified body names channels and URLs chosen by whoever sent it
    message = error_text(_explain(error))
    body = body or {}
    try:
        if body.get("response_url"):
            await respond(text=message, response_type="ephemeral")
        elif say is not None and body.get("event"):
            event = body["event"]
            await say(text=message, thread_ts=event.get("thread_ts") or event.get("ts"))
        elif isinstance(body.get("user"), dict) and isinstance(body.get("channel"), dict):
            await client.chat_postEphemeral(channel=body["channel"]["id"], user=body["user"]["id"], text=message)
    except SlackApiError:
        log.exception("could not tell the user about the failure")


_REPORTING = ("body", "context", "respond", "say", "client")


def reported(listener: Callable[..., Awaitable[None]]) -> Callable[..., Awaitable[None]]:
    """The listener, with what it raises (after `ack()`, typically) told to the person here.

    Left to Bolt, an error raised just after `ack()` clears the acknowledgement and
    Slack is answered 404 "unhandled request". Bolt passes a listener the arguments its
    signature names, so the wrapper's signature adds the ones reporting needs.
    """
    own = inspect.signature(listener).parameters
    extra = [inspect.Parameter(name, inspect.Parameter.POSITIONAL_OR_KEYWORD) for name in _REPORTING if name not in own]

    async def run(**kwargs) -> None:
        try:
            await listener(**{name: value for name, value in kwargs.items() if name in own})
        except Exception as error:  # the listeners' boundary
            await tell_failure(error, *(kwargs.get(name) for name in _REPORTING))

    run.__signature__ = inspect.Signature([*own.values(), *extra])  # type: ignore[attr-defined]
    run.__name__ = run.__qualname__ = listener.__name__
    return run


def register(app: AsyncApp, deps: AppDeps) -> None:
    """Install the error handler for failures outside listeners; it answers verified requests only."""
    app.use(_mark_verified)

    async def on_error(error: Exception, body: dict, context, respond, say, client) -> None:
        await tell_failure(error, body, context, respond, say, client)

    app.error(on_error)
