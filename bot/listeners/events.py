"""Mentions in channels and threads, and direct messages."""

from __future__ import annotations

import logging

from slack_bolt.async_app import AsyncApp

from services import AskedQuestion, small_talk_kind

from ..library_slack import asks_to_import
from ..listener_deps import AppDeps
from ..payloads import MessageEvent
from ..questionnaires.queue import is_questionnaire
from ..rendering.answer_blocks import reply_to
from ..rendering.slack_text import inert, question_text
from .errors import reported

log = logging.getLogger(__name__)


async def _is_direct_message(event: dict) -> bool:
    return event.get("channel_type") == "im" and not event.get("bot_id")


QUEUED = "rfpbot_queued"  # set on the request's context by `queue_before_ack` once the question is queued
NOT_A_QUESTIONNAIRE = ("I can fill in questionnaires shared as .csv or .xlsx files; {names} is not one. "
                       "Share the questionnaire as CSV or XLSX, or ask your question in words.")


def register(app: AsyncApp, deps: AppDeps) -> None:
    """`app_mention` and `message` in DMs (no subtypes: edits, joins, bots)."""

    async def queue_before_ack(body: dict, context, next) -> None:  # noqa: A002 - Bolt passes it by this name
        # Bolt acknowledges an event before its listener runs, and Slack never delivers an acknowledged
        # event again: a replica killed in between would lose the question. A plain question is queued
        # here, before the acknowledgement, and marked on the request's context: its listener does nothing.
        event = body.get("event") or {}
        if body.get("type") == "event_callback" and body.get("event_id") and _plain_question(
                event, context.get("bot_user_id")):
            try:
                await ask(deps, MessageEvent.model_validate(event), body.get("event_id"), context.get("bot_user_id"))
                context[QUEUED] = True
            except Exception:  # noqa: BLE001 - the listener tries again after the acknowledgement
                log.exception("queueing a question before acknowledging its event failed")
        await next()

    app.middleware(queue_before_ack)

    async def app_mention(body: dict, event: dict, context) -> None:
        if not context.get(QUEUED):
            await ask(deps, MessageEvent.model_validate(event), body.get("event_id"), context.get("bot_user_id"))

    async def direct_message(body: dict, event: dict, context) -> None:
        if not context.get(QUEUED):
            await ask(deps, MessageEvent.model_validate(event), body.get("event_id"), context.get("bot_user_id"))

    async def home_opened(event: dict) -> None:
        if event.get("tab") == "home":
            await deps.home.publish(event["user"])

    app.event("app_mention")(reported(app_mention))
    app.event("app_home_opened")(reported(home_opened))
    app.event({"type": "message", "subtype": None}, matchers=[_is_direct_message])(reported(direct_message))
    # A file shared in a direct message (with or without words) arrives as a subtype.
    app.event({"type": "message", "subtype": "file_share"}, matchers=[_is_direct_message])(reported(direct_message))


def _plain_question(event: dict, bot_user_id: str | None) -> bool:
    """A mention or a direct message in words only, that is not small talk: what `ask` queues at once."""
    direct = event.get("type") == "message" and event.get("channel_type") == "im" and not event.get("subtype")
    if not (event.get("type") == "app_mention" or direct) or event.get("bot_id") or event.get("files"):
        return False
    return not small_talk_kind(question_text(event.get("text") or "", bot_user_id))


async def ask(deps: AppDeps, event: MessageEvent, event_id: str | None, bot_user_id: str | None = None) -> None:
    """Queue a question; in a thread it is a follow-up to the thread's earlier question.

    A plain question is queued before the acknowledgement (`queue_before_ack`) and its listener
    then does nothing; files and small talk are handled after it. A redelivered event finds its
    event id taken.
    """
    text = question_text(event.text, bot_user_id)
    if event.files and await _questionnaires(deps, event, text, event_id):
        return
    talk = small_talk_kind(text)
    if talk:  # nothing to search: no run, no reviewer
        if not event_id or await deps.store.first_delivery(event_id, "small_talk"):
            await deps.client.chat_postMessage(channel=event.channel, thread_ts=event.thread, text=reply_to(talk))
        return
    await deps.queue.put(AskedQuestion.of(text), asker=event.user, channel=event.channel, thread_ts=event.thread,
                         followup=event.in_thread, event_id=event_id)


async def _questionnaires(deps: AppDeps, event: MessageEvent, text: str, event_id: str | None) -> bool:
    """Queue the shared questionnaires; True when the files were the request (nothing more to do)."""
    wanted = [f for f in event.files if is_questionnaire(f)]
    if wanted and deps.library_import and asks_to_import(text):
        for file in wanted:
            if not event_id or await deps.store.first_delivery(f"{event_id}:{file.id}", "library_import"):
                await deps.library_import.run(file, text, user=event.user, channel=event.channel,
                                              thread_ts=event.thread)
        return True
    for file in wanted:
        await deps.jobs.put(file, text, asker=event.user, channel=event.channel, thread_ts=event.thread,
                            event_id=event_id)
    if wanted:
        return True
    if text:
        return False  # a question with a picture attached: the question is answered
    if not event_id or await deps.store.first_delivery(event_id, "not_a_questionnaire"):
        names = inert(", ".join(f.name or "the file" for f in event.files))  # a file's name must not ping
        await deps.client.chat_postMessage(channel=event.channel, thread_ts=event.thread,
                                           text=NOT_A_QUESTIONNAIRE.format(names=names))
    return True
