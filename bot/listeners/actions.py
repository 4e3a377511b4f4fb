"""The buttons: Approve, Edit, Reject, "Run the full pipeline anyway" and a questionnaire's "Export again"."""

from __future__ import annotations

from slack_bolt.async_app import AsyncAck, AsyncApp

from ..appdeps import AppDeps
from ..batch_blocks import ACTION_EXPORT, ACTION_MORE_REVIEWS
from ..blocks import ACTION_APPROVE, ACTION_EDIT, ACTION_REJECT, ACTION_RUN_ANYWAY, edit_modal, reject_modal
from .errors import reported


def _where(body: dict) -> tuple[str, str, str | None]:
    """(who clicked, the button's value, the channel; None when the click came from the App Home)."""
    return body["user"]["id"], body["actions"][0]["value"], (body.get("channel") or {}).get("id")


def _from_home(body: dict) -> bool:
    return (body.get("view") or {}).get("type") == "home"


def register(app: AsyncApp, deps: AppDeps) -> None:
    """One listener per action id; each acks at once."""
    desk = deps.desk

    async def approve(ack: AsyncAck, body: dict) -> None:
        await ack()
        user, run_id, channel = _where(body)
        # From the App Home a refusal is said privately in the answer's own conversation.
        channel = channel or (await deps.store.get_run(run_id)).channel
        await desk.decide(run_id, user, "approve", channel)
        if _from_home(body):
            await deps.home.publish(user)

    async def open_modal(ack: AsyncAck, body: dict, kind: str) -> None:
        await ack()
        user, run_id, channel = _where(body)
        run = await deps.store.get_run(run_id)
        channel = channel or run.channel
        if not await desk.allowed(user, run, channel, kind) or await desk.already_decided(run, user, channel):
            return
        where = {"channel": channel, "home": _from_home(body)}
        if kind == "edit":
            view = edit_modal(run_id, run.result().synthesis.answer, where)
        else:
            view = reject_modal(run_id, where)
        await deps.client.views_open(trigger_id=body["trigger_id"], view=view)

    async def edit(ack: AsyncAck, body: dict) -> None:
        await open_modal(ack, body, "edit")

    async def reject(ack: AsyncAck, body: dict) -> None:
        await open_modal(ack, body, "reject")

    async def run_anyway(ack: AsyncAck, body: dict) -> None:
        await ack()
        user, run_id, channel = _where(body)
        run = await deps.store.get_run(run_id)
        # Only in the run's own conversation, by whoever asked or a reviewer: a forged click
        # must not replay someone else's (perhaps private) question.
        if run.status != "reused" or run.channel != channel or not (
                user == run.asker or await (await desk.directory.of(channel)).can_review(user, None)):
            await deps.client.chat_postEphemeral(
                channel=channel, user=user,
                text="Only the person who asked, or a reviewer, can ask for a fresh run of this answer, in its thread.")
            return
        await deps.queue.put(run.question, asker=user, channel=run.channel, thread_ts=run.thread_ts,
                             use_library=False)

    async def job_of(body: dict, value: str, what: str):
        """The job a button names, when the clicker may act on it here (else told privately, None)."""
        user, channel = body["user"]["id"], body["channel"]["id"]
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
        job_id, _, page = body["actions"][0]["value"].partition(":")
        job = await job_of(body, job_id, "list more of its answers")
        if job is None:
            return
        message = body.get("container", {}).get("message_ts")
        if message:  # the button goes: a second click must not post the same pages again
            await deps.client.chat_update(channel=job.channel, ts=message, text="The next answers to review are below.",
                                          blocks=[])
        await desk.pages.post_pages(job, start=int(page or 0))

    async def export_again(ack: AsyncAck, body: dict) -> None:
        await ack()
        user, job_id, channel = _where(body)
        job = await job_of(body, job_id, "export it again")
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
