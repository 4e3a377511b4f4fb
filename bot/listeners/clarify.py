"""The asker's choice among the readings of a vague question: the chosen one is answered."""

from __future__ import annotations

import json
import re

from slack_bolt.async_app import AsyncAck, AsyncApp

from services import AskedQuestion

from ..listener_deps import AppDeps
from ..payloads import BlockActions
from ..rendering.answer_blocks import ACTION_CLARIFY
from ..rendering.slack_text import escape
from .errors import reported


def register(app: AsyncApp, deps: AppDeps) -> None:
    """One listener for every reading's button."""

    async def pick(ack: AsyncAck, body: dict) -> None:
        await ack()
        click = BlockActions.model_validate(body)
        user, channel = click.clicker, click.channel_id
        choice = json.loads(click.value)
        run = await deps.store.get_run(choice["run"])
        # Only in the question's own thread, by whoever asked or a reviewer.
        reviewers = await deps.desk.directory.of(channel)
        if run.channel != channel or not (user == run.asker or await reviewers.can_review(user, None)):
            await deps.client.chat_postEphemeral(channel=channel, user=user,
                                                 text="Only the person who asked can choose what they meant.")
            return
        if not await deps.store.close_clarification(run.id):
            await deps.client.chat_postEphemeral(channel=channel, user=user, text="That was chosen already.")
            return
        message = click.message_ts
        if message:
            await deps.client.chat_update(channel=channel, ts=message, text=f"<@{user}> chose: {escape(choice['q'])}",
                                          blocks=[])
        await deps.queue.put(AskedQuestion.of(choice["q"]), asker=run.asker, channel=run.channel, thread_ts=run.thread_ts,
                             clarify=False)

    app.action(re.compile(f"^{ACTION_CLARIFY}_\\d+$"))(reported(pick))
