"""`/rfp config`: a channel's own reviewers, confidence threshold and knowledge base."""

from __future__ import annotations

import json

from retrieval import EmbeddedIndex, ingest
from tests.slack.test_slack_app import UNANSWERABLE, answer_of, button_value

WIDGETS = """---
title: Widget vault
---
# Widget vault

Widget vault secrets are sealed with ChaCha20-Poly1305 before they are written to disk.
"""


async def widgets_kb(tmp_path, embedder) -> None:
    """A second knowledge base, as `rfpbot ingest DIR --kb widgets` builds it."""
    folder = tmp_path / "widgets-docs"
    folder.mkdir()
    (folder / "vault.md").write_text(WIDGETS)
    index = EmbeddedIndex(tmp_path / "kb" / "widgets.sqlite", embedder, create=True)
    await ingest([folder], index)
    await index.close()


def answer_in(slack, channel: str, ts: str) -> str:
    return json.dumps(next(m for m in slack.thread(channel, ts) if "confidence" in json.dumps(m.get("blocks", []))))


async def submit(app, view: dict, user: str, users: list[str], groups: str = "", threshold: str = "",
                 kb: str | None = None):
    state = {"users": {"users": {"type": "multi_users_select", "selected_users": users}},
             "groups": {"text": {"type": "plain_text_input", "value": groups}},
             "threshold": {"text": {"type": "number_input", "value": threshold}}}
    if kb:
        state["kb"] = {"kb": {"type": "static_select", "selected_option": {"value": kb}}}
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
    assert ("Saved. Reviewers here: <@UCHAN>; confidence threshold: 99; knowledge base: the default."
            in slack.ephemeral[-1]["text"])

    await app.sender.mention("Are you ISO 27001 certified?", ts="11000.1")
    await app.settle()
    answer = next(m for m in slack.thread("C1", "11000.1") if "confidence" in json.dumps(m.get("blocks", [])))
    blocks = json.dumps(answer["blocks"])
    assert "under the threshold 99" in blocks and "<@UCHAN>" in blocks and "<@UREV>" not in blocks
    run_id = next(r["id"] for r in app.deps.store.db.query("SELECT id FROM runs"))

    await app.sender.click("review_approve", run_id, user="UREV", message_ts=answer["ts"])
    await app.settle()
    assert await app.deps.store.reviews.of(run_id) is None, "the channel's reviewers replace the workspace's"
    await app.sender.click("review_approve", run_id, user="UCHAN", message_ts=answer["ts"])
    await app.settle()
    assert (await app.deps.store.reviews.of(run_id)).reviewer == "UCHAN"


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


async def test_a_channel_answers_from_the_knowledge_base_it_chose(app, slack, tmp_path, embedder):
    await widgets_kb(tmp_path, embedder)
    configured = await configure(app, slack, users=[], kb="widgets")
    select = next(b for b in configured["view"]["blocks"] if b.get("block_id") == "kb")["element"]
    assert [o["value"] for o in select["options"]] == ["default", "widgets"]
    assert "knowledge base: widgets." in slack.ephemeral[-1]["text"]

    await app.sender.mention("How are widget vault secrets sealed?", ts="12000.1")
    await app.sender.mention("How are widget vault secrets sealed?", channel="C2", ts="12000.2")
    await app.settle()
    assert "ChaCha20-Poly1305" in answer_in(slack, "C1", "12000.1") and "vault.md" in answer_in(slack, "C1", "12000.1")
    assert "vault.md" not in answer_in(slack, "C2", "12000.2")

    await app.sender.command("config", user="UREV", channel="C1")
    await app.settle()
    select = next(b for b in slack.views[-1]["view"]["blocks"] if b.get("block_id") == "kb")["element"]
    assert select["initial_option"]["value"] == "widgets"


async def test_an_answer_approved_over_one_knowledge_base_is_not_reused_over_another(app, slack, tmp_path, embedder):
    await widgets_kb(tmp_path, embedder)
    await configure(app, slack, users=[], kb="widgets")
    question = UNANSWERABLE  # escalated, so a reviewer can approve it
    await app.sender.mention(question, channel="C2", ts="12100.1")
    await app.settle()
    message = answer_of(slack, "C2", "12100.1")
    await app.sender.click("review_approve", button_value(message, "review_approve"), user="UREV",
                           message_ts=message["ts"])
    await app.settle()
    await app.sender.mention(question, channel="C3", ts="12100.2")
    await app.sender.mention(question, channel="C1", ts="12100.3")
    await app.settle()
    assert "Approved answer" in json.dumps(slack.thread("C3", "12100.2"))
    assert "Approved answer" not in json.dumps(slack.thread("C1", "12100.3"))


async def test_a_knowledge_base_that_is_gone_is_reported_in_the_thread(app, slack, tmp_path, embedder):
    await widgets_kb(tmp_path, embedder)
    await configure(app, slack, users=[], kb="widgets")
    (tmp_path / "kb" / "widgets.sqlite").unlink()
    await app.sender.mention("How are widget vault secrets sealed?", ts="12200.1")
    await app.settle()
    said = slack.thread("C1", "12200.1")[-1]["text"]
    assert "the knowledge base 'widgets' could not be opened" in said and "rfpbot ingest DIR --kb NAME" in said


async def test_a_forged_choice_of_a_knowledge_base_that_does_not_exist_is_refused(app, slack):
    await app.sender.command("config", user="UREV", channel="C1")
    await app.settle()
    view = slack.views[-1]["view"]
    assert not any(b.get("block_id") == "kb" for b in view["blocks"])  # only the default: nothing to choose
    response = await submit(app, view, "UREV", [], kb="../../etc/passwd")
    assert "no knowledge base" in await response.text()
    assert await app.deps.channels.get("C1") is None
