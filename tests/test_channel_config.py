"""`/rfp config`: a channel's own reviewers and confidence threshold."""

from __future__ import annotations

import json


async def submit(app, view: dict, user: str, users: list[str], groups: str = "", threshold: str = ""):
    state = {"users": {"users": {"type": "multi_users_select", "selected_users": users}},
             "groups": {"text": {"type": "plain_text_input", "value": groups}},
             "threshold": {"text": {"type": "number_input", "value": threshold}}}
    return await app.sender.interaction({"type": "view_submission", "user": {"id": user}, "trigger_id": "trig",
                                         "view": {**view, "id": "V1", "state": {"values": state}}})


async def configure(app, slack, **values) -> dict:
    await app.sender.command("config", user="UREV", channel="C1")
    await app.settle()
    view = slack.views[-1]["view"]
    response = await submit(app, view, "UREV", **values)
    await app.settle()
    return {"view": view, "status": response.status}


async def test_a_channels_reviewers_and_threshold_apply_to_its_answers(app, slack):
    configured = await configure(app, slack, users=["UCHAN"], threshold="99")
    assert configured["view"]["callback_id"] == "channel_config_submit" and configured["status"] == 200
    assert "Saved. Reviewers here: <@UCHAN>; confidence threshold: 99." in slack.ephemeral[-1]["text"]

    await app.sender.mention("Are you ISO 27001 certified?", ts="11000.1")
    await app.settle()
    answer = next(m for m in slack.thread("C1", "11000.1") if "confidence" in json.dumps(m.get("blocks", [])))
    blocks = json.dumps(answer["blocks"])
    assert "under the threshold 99" in blocks and "<@UCHAN>" in blocks and "<@UREV>" not in blocks
    run_id = next(r["id"] for r in app.deps.store.db.query("SELECT id FROM runs"))

    await app.sender.click("review_approve", run_id, user="UREV", message_ts=answer["ts"])
    await app.settle()
    assert await app.deps.store.review_of(run_id) is None, "the channel's reviewers replace the workspace's"
    await app.sender.click("review_approve", run_id, user="UCHAN", message_ts=answer["ts"])
    await app.settle()
    assert (await app.deps.store.review_of(run_id)).reviewer == "UCHAN"


async def test_other_channels_keep_the_defaults(app, slack):
    await configure(app, slack, users=["UCHAN"], threshold="99")
    await app.sender.mention("Are you ISO 27001 certified?", channel="C2", ts="11100.1")
    await app.settle()
    answer = next(m for m in slack.thread("C2", "11100.1") if "confidence" in json.dumps(m.get("blocks", [])))
    assert "Needs review" not in json.dumps(answer["blocks"])


async def test_the_modal_shows_the_current_settings_and_refuses_bad_values(app, slack):
    await configure(app, slack, users=["UCHAN"], groups="S0SEC", threshold="80")
    await app.sender.command("config", user="UREV", channel="C1")
    await app.settle()
    view = slack.views[-1]["view"]
    elements = {b["block_id"]: b.get("element", {}) for b in view["blocks"] if b.get("block_id")}
    assert elements["users"]["initial_users"] == ["UCHAN"] and elements["groups"]["initial_value"] == "S0SEC"
    assert elements["threshold"]["initial_value"] == "80"
    response = await submit(app, view, "UREV", ["UCHAN"], threshold="150")
    assert "from 0 to 100" in await response.text()
    response = await submit(app, view, "UREV", [], groups="security team")
    assert "start with S" in await response.text()
    assert (await app.deps.channels.get("C1")).confidence_threshold == 80


async def test_only_the_workspaces_reviewers_may_configure_a_channel(app, slack):
    response = await app.sender.command("config", user="USALES", channel="C1")
    assert "Only the workspace's reviewers" in await response.text()
    assert slack.views == [] and await app.deps.channels.get("C1") is None
