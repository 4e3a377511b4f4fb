"""`/rfp config`: a channel's own reviewers, confidence threshold and knowledge base, in a modal."""

from __future__ import annotations

from slack_bolt.async_app import AsyncAck, AsyncApp

from ..listener_deps import AppDeps
from ..payloads import SlashCommand, ViewSubmission
from ..rendering.answer_blocks import DEFAULT_KB, VIEW_CHANNEL_CONFIG, channel_config_modal
from ..review.reviewers import parse_ids
from .errors import reported


async def open_config(deps: AppDeps, command: SlashCommand, default_threshold: int) -> str | None:
    """Open the modal for the command's channel; a refusal to say instead, or None."""
    user, channel = command.user_id, command.channel_id
    if not await deps.desk.directory.default.can_review(user, None):
        return "Only the workspace's reviewers (RFPBOT_REVIEWERS) can change rfpbot's settings for a channel."
    current = await deps.channels.get(channel)
    ids = parse_ids(current.reviewers or "") if current else []
    users, groups = [i for i in ids if i[0] in "UW"], [i for i in ids if i[0] == "S"]
    await deps.client.views_open(trigger_id=command.trigger_id, view=channel_config_modal(
        channel, users, groups, current.confidence_threshold if current else None, default_threshold,
        await deps.knowledge_bases(), current.knowledge_base if current else None))
    return None


def register(app: AsyncApp, deps: AppDeps) -> None:
    """The modal's submission."""

    async def saved(ack: AsyncAck, body: dict) -> None:
        submitted = ViewSubmission.model_validate(body)
        users = submitted.element("users", "users").get("selected_users") or []
        groups_text = submitted.text("groups")
        groups = [i for i in parse_ids(groups_text) if i.startswith("S")]
        if groups_text and not groups:
            await ack(response_action="errors", errors={"groups": "Give user-group ids (they start with S)."})
            return
        level = submitted.text("threshold")
        if level and not (level.isdigit() and 0 <= int(level) <= 100):
            await ack(response_action="errors", errors={"threshold": "A whole number from 0 to 100."})
            return
        kb = (submitted.element("kb", "kb").get("selected_option") or {}).get("value") or DEFAULT_KB
        if kb != DEFAULT_KB and kb not in await deps.knowledge_bases():
            await ack(response_action="errors", errors={"kb": f"There is no knowledge base {kb!r} any more."})
            return
        await ack()
        user, channel = submitted.submitter, submitted.meta()["channel"]
        if not await deps.desk.directory.default.can_review(user, None):
            return  # a forged submission: only the workspace's reviewers open this modal
        settings = await deps.channels.put(channel, ", ".join([*users, *groups]), int(level) if level else None, user,
                                           None if kb == DEFAULT_KB else kb)
        who = " ".join(f"<@{u}>" for u in users) + "".join(f" <!subteam^{g}>" for g in groups)
        await deps.client.chat_postEphemeral(
            channel=channel, user=user,
            text=f"Saved. Reviewers here: {who.strip() or 'the workspace default'}; confidence threshold: "
                 f"{settings.confidence_threshold if settings.confidence_threshold is not None else 'the default'}; "
                 f"knowledge base: {settings.knowledge_base or 'the default'}.")

    app.view(VIEW_CHANNEL_CONFIG)(reported(saved))
