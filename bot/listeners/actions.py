"""The buttons: Approve, Edit, Reject, "Save to library", "Run the full pipeline anyway" and a
questionnaire's "Export again"."""

from __future__ import annotations

from slack_bolt.async_app import AsyncAck, AsyncApp

from services import AskedQuestion, result_of

from ..listener_deps import AppDeps
from ..payloads import BlockActions
from ..questionnaires.blocks import ACTION_EXPORT, ACTION_MORE_REVIEWS
from ..rendering.answer_blocks import (ACTION_APPROVE, ACTION_EDIT, ACTION_REJECT, ACTION_RUN_ANYWAY,
                                       ACTION_SAVE_TO_LIBRARY, edit_modal, reject_modal)
from .errors import reported


def register(app: AsyncApp, deps: AppDeps) -> None:
    """One listener per action id; each acks at once."""
    desk = deps.desk

    async def approve(ack: AsyncAck, body: dict) -> None:
        await ack()
        click = BlockActions.model_validate(body)
        # From the App Home a refusal is said privately in the answer's own conversation.
        channel = click.channel_id or (await deps.store.get_run(click.value)).channel
        await desk.decide(click.value, click.clicker, "approve", channel)
        if click.from_home:
            await deps.home.publish(click.clicker)

    async def open_modal(ack: AsyncAck, body: dict, kind: str) -> None:
        await ack()
        click = BlockActions.model_validate(body)
        run = await deps.store.get_run(click.value)
        channel = click.channel_id or run.channel
        if not await desk.allowed(click.clicker, run, channel, kind) or await desk.already_decided(
                run, click.clicker, channel):
            return
        where = {"channel": channel, "home": click.from_home}
        if kind == "edit":
            view = edit_modal(run.id, result_of(run).synthesis.answer, where)
        else:
            view = reject_modal(run.id, where)
        await deps.client.views_open(trigger_id=click.trigger_id, view=view)

    async def edit(ack: AsyncAck, body: dict) -> None:
        await open_modal(ack, body, "edit")

    async def reject(ack: AsyncAck, body: dict) -> None:
        await open_modal(ack, body, "reject")

    async def save_to_library(ack: AsyncAck, body: dict) -> None:
        await ack()
        click = BlockActions.model_validate(body)
        await desk.save(click.value, click.clicker, click.channel_id or (await deps.store.get_run(click.value)).channel)

    async def run_anyway(ack: AsyncAck, body: dict) -> None:
        await ack()
        click = BlockActions.model_validate(body)
        user, channel = click.clicker, click.channel_id
        run = await deps.store.get_run(click.value)
        # Only in the run's own conversation, by whoever asked or a reviewer: a forged click
        # must not replay someone else's (perhaps private) question.
        if run.status != "reused" or run.channel != channel or not (
                user == run.asker or await (await desk.directory.of(channel)).can_review(user, None)):
            await deps.client.chat_postEphemeral(
                channel=channel, user=user,
                text="Only the person who asked, or a reviewer, can ask for a fresh run of this answer, in its thread.")
            return
        await deps.queue.put(AskedQuestion.recorded(run.question), asker=user, channel=run.channel, thread_ts=run.thread_ts,
                             use_library=False)

    async def job_of(click: BlockActions, value: str, what: str):
        """The job a button names, when the clicker may act on it here (else told privately, None)."""
        user, channel = click.clicker, click.channel_id
        job = await deps.batches.get(value)
        # Only in the job's own thread, by whoever shared the file or a reviewer.
        if job.channel != channel or not (
                user == job.asker or await (await desk.directory.of(channel)).can_review(user, None)):
            await deps.client.chat_postEphemeral(
                channel=channel, user=user,
                text=f"Only the person who shared the questionnaire, or a reviewer, can {what}, in its thread.")
            return None
        return job

    async def more_reviews(ack: AsyncAck, body: dict) -> None:
        await ack()
        click = BlockActions.model_validate(body)
        job_id, _, page = click.value.partition(":")
        job = await job_of(click, job_id, "list more of its answers")
        if job is None:
            return
        message = click.message_ts
        if message:  # the button goes: a second click must not post the same pages again
            await deps.client.chat_update(channel=job.channel, ts=message, text="The next answers to review are below.",
                                          blocks=[])
        await desk.pages.post_pages(job, start=int(page or 0))

    async def export_again(ack: AsyncAck, body: dict) -> None:
        await ack()
        click = BlockActions.model_validate(body)
        user, channel = click.clicker, click.channel_id
        job = await job_of(click, click.value, "export it again")
        if job is None:
            return
        if job.status != "done":
            text = (f"This questionnaire could not be answered: {job.error}" if job.status == "failed" else
                    "This questionnaire is still being answered; the file is posted when it is done.")
            await deps.client.chat_postEphemeral(channel=channel, user=user, text=text)
            return
        await deps.publisher.publish(job, first=False, who=user)

    app.action(ACTION_APPROVE)(reported(approve))
    app.action(ACTION_EXPORT)(reported(export_again))
    app.action(ACTION_MORE_REVIEWS)(reported(more_reviews))
    app.action(ACTION_EDIT)(reported(edit))
    app.action(ACTION_REJECT)(reported(reject))
    app.action(ACTION_RUN_ANYWAY)(reported(run_anyway))
    app.action(ACTION_SAVE_TO_LIBRARY)(reported(save_to_library))
