"""Feedback on answers: 👍/👎 buttons (a 👎 may say why) and the same reactions on the answer message."""

from __future__ import annotations

from slack_bolt.async_app import AsyncAck, AsyncApp

from storage import RunNotFound, Vote

from ..listener_deps import AppDeps
from ..payloads import BlockActions, ReactionEvent, ViewSubmission
from ..rendering.answer_blocks import ACTION_HELPFUL, ACTION_UNHELPFUL, VIEW_FEEDBACK, feedback_modal
from .errors import reported

# Slack's names for the thumbs, with and without skin tones (`+1::skin-tone-3`).
_REACTIONS: dict[str, Vote] = {"+1": 1, "thumbsup": 1, "-1": -1, "thumbsdown": -1}
THANKS = {1: "Thanks: noted as helpful.", -1: "Thanks: noted as not helpful. It helps us fix the documentation."}


def _reaction_vote(event: ReactionEvent) -> Vote | None:
    if event.item.type != "message":
        return None
    return _REACTIONS.get(event.reaction.split("::")[0])


def register(app: AsyncApp, deps: AppDeps) -> None:
    """Buttons, the reason modal and reactions."""

    async def vote(ack: AsyncAck, body: dict, value: Vote) -> None:
        await ack()
        click = BlockActions.model_validate(body)
        user, run_id, channel = click.clicker, click.value, click.channel_id
        run = await deps.store.get_run(run_id)
        if run.channel != channel:  # a forged click from elsewhere: nothing recorded
            raise RunNotFound(run_id)
        await deps.feedback.vote(run_id, user, value, "button")
        if value == -1 and click.trigger_id:
            await deps.client.views_open(trigger_id=click.trigger_id, view=feedback_modal(run_id, {"channel": channel}))
            return
        await deps.client.chat_postEphemeral(channel=channel, user=user, text=THANKS[value])

    async def helpful(ack: AsyncAck, body: dict) -> None:
        await vote(ack, body, 1)

    async def unhelpful(ack: AsyncAck, body: dict) -> None:
        await vote(ack, body, -1)

    async def reason(ack: AsyncAck, body: dict) -> None:
        await ack()
        submitted = ViewSubmission.model_validate(body)
        meta, text, user = submitted.meta(), submitted.text("reason"), submitted.submitter
        if text:
            await deps.feedback.explain(meta["run_id"], user, text)
        await deps.client.chat_postEphemeral(channel=meta["channel"], user=user, text=THANKS[-1])

    async def reaction_added(event: dict) -> None:
        reacted = ReactionEvent.model_validate(event)
        value = _reaction_vote(reacted)
        run = await deps.feedback.answer_at(reacted.item.channel, reacted.item.ts) if value else None
        if run is not None:
            await deps.feedback.vote(run.id, reacted.user, value, "reaction")

    async def reaction_removed(event: dict) -> None:
        reacted = ReactionEvent.model_validate(event)
        value = _reaction_vote(reacted)
        run = await deps.feedback.answer_at(reacted.item.channel, reacted.item.ts) if value else None
        if run is not None:
            await deps.feedback.withdraw(run.id, reacted.user, value)

    app.action(ACTION_HELPFUL)(reported(helpful))
    app.action(ACTION_UNHELPFUL)(reported(unhelpful))
    app.view(VIEW_FEEDBACK)(reported(reason))
    app.event("reaction_added")(reported(reaction_added))
    app.event("reaction_removed")(reported(reaction_removed))
