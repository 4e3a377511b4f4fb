"""Feedback on answers: 👍/👎 buttons (a 👎 may say why), reactions, and `rfpbot feedback`."""

from __future__ import annotations

import asyncio
import json

import pytest

from cli.main import main


@pytest.fixture(autouse=True)
def _cli_reads_the_apps_database(monkeypatch, tmp_path):
    monkeypatch.setenv("RFPBOT_DATA_DIR", str(tmp_path))  # `rfpbot feedback` reads the app's database


def answer_of(slack, channel: str, thread_ts: str) -> dict:
    return next(m for m in slack.thread(channel, thread_ts) if "feedback_up" in json.dumps(m.get("blocks", [])))


async def ask(app, slack, question: str, ts: str) -> dict:
    await app.sender.mention(question, ts=ts)
    await app.settle()
    return answer_of(slack, "C1", ts)


def run_id_of(message: dict) -> str:
    return next(e["value"] for b in message["blocks"] for e in b.get("elements", [])
                if e.get("action_id") == "feedback_up")


async def reaction(app, kind: str, name: str, message: dict, user: str, channel: str = "C1"):
    ts = message["ts"]
    return await app.sender.event({"type": kind, "user": user, "reaction": name, "event_ts": "1.2",
                                   "item": {"type": "message", "channel": channel, "ts": ts}})


async def test_every_answer_has_feedback_buttons_and_a_vote_is_kept_once_per_person(app, slack):
    message = await ask(app, slack, "Are you ISO 27001 certified?", "4000.1")
    run_id = run_id_of(message)
    await app.sender.click("feedback_up", run_id, user="U7", message_ts=message["ts"])
    await app.settle()
    assert slack.ephemeral[-1]["user"] == "U7" and "helpful" in slack.ephemeral[-1]["text"]
    [vote] = await app.deps.feedback.of(run_id)
    assert (vote.user, vote.vote, vote.via) == ("U7", 1, "button")

    await app.sender.click("feedback_down", run_id, user="U7", message_ts=message["ts"])
    await app.settle()
    view = slack.views[-1]["view"]
    assert view["callback_id"] == "feedback_reason_submit"
    await app.sender.submit_view(view, {"reason": "It left out the SOC 2 report."}, user="U7")
    await app.settle()
    [vote] = await app.deps.feedback.of(run_id)
    assert (vote.vote, vote.reason) == (-1, "It left out the SOC 2 report.")


async def test_a_skipped_reason_keeps_the_vote(app, slack):
    message = await ask(app, slack, "Do you support SCIM provisioning?", "4100.1")
    run_id = run_id_of(message)
    await app.sender.click("feedback_down", run_id, user="U8", message_ts=message["ts"])
    await app.settle()
    await app.sender.submit_view(slack.views[-1]["view"], {"reason": ""}, user="U8")
    await app.settle()
    [vote] = await app.deps.feedback.of(run_id)
    assert (vote.vote, vote.reason) == (-1, None)


async def test_thumbs_reactions_on_the_answer_count_and_can_be_taken_back(app, slack):
    message = await ask(app, slack, "Are you ISO 27001 certified?", "4200.1")
    run_id = run_id_of(message)
    await reaction(app, "reaction_added", "+1::skin-tone-3", message, "U9")
    await reaction(app, "reaction_added", "-1", message, "U10")
    await reaction(app, "reaction_added", "tada", message, "U11")
    await app.settle()
    votes = {v.user: (v.vote, v.via) for v in await app.deps.feedback.of(run_id)}
    assert votes == {"U9": (1, "reaction"), "U10": (-1, "reaction")}
    await reaction(app, "reaction_removed", "-1", message, "U10")
    await app.settle()
    assert [v.user for v in await app.deps.feedback.of(run_id)] == ["U9"]


async def test_a_reaction_on_another_message_is_not_feedback(app, slack):
    message = await ask(app, slack, "Are you ISO 27001 certified?", "4300.1")
    progress = slack.thread("C1", "4300.1")[0]
    assert progress["ts"] != message["ts"]
    await reaction(app, "reaction_added", "+1", progress, "U9")
    await app.settle()
    assert await app.deps.feedback.of(run_id_of(message)) == []


async def test_a_forged_click_from_another_channel_records_nothing(app, slack):
    message = await ask(app, slack, "Are you ISO 27001 certified?", "4400.1")
    run_id = run_id_of(message)
    await app.sender.click("feedback_up", run_id, user="U9", channel="CELSEWHERE", message_ts=message["ts"])
    await app.settle()
    assert await app.deps.feedback.of(run_id) == []


async def test_a_reviewed_answer_keeps_its_feedback_buttons(app, slack):
    message = await ask(app, slack, "Do you support SOC 1 Type II reporting?", "4500.1")
    run_id = run_id_of(message)
    await app.sender.click("review_approve", run_id, user="UREV", message_ts=message["ts"])
    await app.settle()
    blocks = json.dumps(slack.messages["C1"][message["ts"]]["blocks"])
    assert "Approved by <@UREV>" in blocks and "feedback_up" in blocks and "review_approve" not in blocks
    assert blocks.index("Approved by") < blocks.index("feedback_up")


async def test_feedback_figures_count_votes_by_status_and_list_the_unhelpful_with_reasons(app, slack, capsys):
    good = await ask(app, slack, "Are you ISO 27001 certified?", "4600.1")
    bad = await ask(app, slack, "Do you support SCIM provisioning?", "4700.1")
    for user in ("U1", "U2"):
        await app.sender.click("feedback_up", run_id_of(good), user=user, message_ts=good["ts"])
    await app.sender.click("feedback_down", run_id_of(bad), user="U3", message_ts=bad["ts"])
    await app.settle()
    await app.sender.submit_view(slack.views[-1]["view"], {"reason": "Okta is not mentioned."}, user="U3")
    await app.settle()

    capsys.readouterr()
    assert await asyncio.to_thread(main, ["feedback", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert (report["answers"], report["votes"], report["voters"], report["helpful_rate"]) == (2, 3, 3, 0.667)
    assert report["by_engine"]["offline"] == {"helpful": 2, "not_helpful": 1}
    [worst] = report["not_helpful"]
    assert worst["run_id"] == run_id_of(bad) and worst["reasons"] == ["Okta is not mentioned."]
    assert await asyncio.to_thread(main, ["feedback"]) == 0
    text = capsys.readouterr().out
    assert "3 vote(s) from 3 person(s), helpful 67%" in text and "Okta is not mentioned." in text
    assert await asyncio.to_thread(main, ["feedback", "--days", "0"]) == 2
