"""The Edit and Reject modals' submissions."""

from __future__ import annotations

from slack_bolt.async_app import AsyncAck, AsyncApp

from ..listener_deps import AppDeps
from ..payloads import ViewSubmission
from ..rendering.answer_blocks import VIEW_EDIT, VIEW_REJECT
from .errors import reported


def _submitted(body: dict, block: str) -> tuple[str, dict, str]:
    submitted = ViewSubmission.model_validate(body)
    return submitted.submitter, submitted.meta(), submitted.text(block)


def register(app: AsyncApp, deps: AppDeps) -> None:
    """Close the modal at once, then record the decision."""

    async def edited(ack: AsyncAck, body: dict) -> None:
        user, meta, text = _submitted(body, "answer")
        if not text:
            await ack(response_action="errors", errors={"answer": "The answer cannot be empty."})
            return
        await ack()
        await deps.desk.decide(meta["run_id"], user, "edit", meta["channel"], edited_answer=text)
        if meta.get("home"):
            await deps.home.publish(user)

    async def rejected(ack: AsyncAck, body: dict) -> None:
        user, meta, reason = _submitted(body, "reason")
        await ack()
        await deps.desk.decide(meta["run_id"], user, "reject", meta["channel"], reason=reason)
        if meta.get("home"):
            await deps.home.publish(user)

    app.view(VIEW_EDIT)(reported(edited))
    app.view(VIEW_REJECT)(reported(rejected))
