"""`/rfp <question>` and `/rfp help`."""

from __future__ import annotations

from slack_bolt.async_app import AsyncAck, AsyncApp

from services import AskedQuestion, small_talk_kind

from ..listener_deps import AppDeps
from ..payloads import SlashCommand
from ..rendering.answer_blocks import reply_to
from ..rendering.slack_text import inert, question_text
from .config import open_config
from .errors import reported


def register(app: AsyncApp, deps: AppDeps) -> None:
    """The slash command: help privately, a question visibly with the answer threaded under it."""

    async def rfp(ack: AsyncAck, command: dict) -> None:
        asked = SlashCommand.model_validate(command)
        text = question_text(asked.text)
        if text.lower() == "config":
            refusal = await open_config(deps, asked, deps.default_threshold)
            if refusal:
                await ack(text=refusal)
            else:
                await ack()
            return
        talk = small_talk_kind(text)
        if talk:
            await ack(text=reply_to(talk))
            return
        await ack()
        # Slack never resends a slash command; the same trigger id twice is a replayed request.
        if asked.trigger_id and not await deps.store.first_delivery(f"command:{asked.trigger_id}", "command"):
            return
        # The question is posted for the channel to see, so personal data in it is not.
        question = AskedQuestion.of(text)
        posted = await deps.client.chat_postMessage(channel=asked.channel_id,
                                                    text=f"<@{asked.user_id}> asked: {inert(question.text)}")
        await deps.queue.put(question, asker=asked.user_id, channel=asked.channel_id, thread_ts=posted["ts"])

    app.command("/rfp")(reported(rfp))
