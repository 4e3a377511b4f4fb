"""The App Home: the reviewer's queue with its buttons, recent answers, figures."""

from __future__ import annotations

import json

from agents.pipeline import Pipeline
from tests.slack_harness import start_app

UNANSWERABLE = "Do you support SOC 1 Type II reporting?"  # a near-miss: SOC 2 is documented, SOC 1 is not; it goes to a reviewer


async def open_home(app, user: str) -> str:
    await app.sender.event({"type": "app_home_opened", "user": user, "channel": "DHOME", "tab": "home",
                            "event_ts": "1.1"})
    await app.settle()
    return json.dumps(app.slack.homes[user], ensure_ascii=False)


async def answered(app) -> str:
    await app.sender.mention("Are you ISO 27001 certified?", ts="10000.1")
    await app.sender.mention(UNANSWERABLE, ts="10001.1")
    await app.settle()
    return next(r["id"] for r in app.deps.store.db.query("SELECT id FROM runs WHERE escalated = 1"))


async def test_a_reviewer_sees_the_queue_oldest_first_with_buttons_and_the_figures(app, slack):
    run_id = await answered(app)
    home = await open_home(app, "UREV")
    assert "Waiting for review (1)" in home and UNANSWERABLE in home and f'"value": "{run_id}"' in home
    assert "*Last 7 days:* 2 answered · 1 sent for review · 0 approved" in home
    assert "Your recent questions" in home and "Are you ISO 27001 certified?" not in home, "not theirs"


async def test_someone_who_is_not_a_reviewer_sees_no_queue_and_only_their_own_questions(app, slack):
    await answered(app)
    home = await open_home(app, "U1")
    assert "Waiting for review" not in home and "review_approve" not in home
    assert "Your recent questions" in home and "Are you ISO 27001 certified?" in home
    assert "Are you ISO 27001 certified?" not in await open_home(app, "USALES")


async def test_questions_asked_in_direct_messages_stay_out_of_the_queue(app, slack):
    await app.sender.event({"type": "message", "channel_type": "im", "user": "U1", "text": UNANSWERABLE,
                            "ts": "10500.1", "channel": "D1", "event_ts": "10500.1"})
    await app.settle()
    [dm] = list(app.deps.store.db.query("SELECT escalated FROM runs WHERE channel = 'D1'"))
    assert dm["escalated"] == 1
    home = await open_home(app, "UREV")
    assert "Waiting for review (0)" in home and UNANSWERABLE not in home


async def test_approving_from_home_decides_updates_the_thread_and_the_home(app, slack):
    run_id = await answered(app)
    await open_home(app, "UREV")
    await app.sender.click_home("review_approve", run_id, user="UREV")
    await app.settle()
    assert (await app.deps.store.reviews.of(run_id)).decision == "approve"
    answer = next(m for m in slack.thread("C1", "10001.1") if "confidence" in json.dumps(m.get("blocks", [])))
    assert "Approved by <@UREV>" in json.dumps(answer["blocks"])
    home = json.dumps(slack.homes["UREV"], ensure_ascii=False)
    assert "Waiting for review (0)" in home and "1 approved" in home


async def test_editing_from_home_opens_the_modal_and_refreshes_the_home(app, slack):
    run_id = await answered(app)
    await app.sender.click_home("review_edit", run_id, user="UREV")
    await app.settle()
    view = slack.views[-1]["view"]
    await app.sender.submit_view(view, {"answer": "No: we hold CSA STAR Level 1."}, user="UREV")
    await app.settle()
    assert (await app.deps.store.reviews.of(run_id)).edited_answer == "No: we hold CSA STAR Level 1."
    assert "Waiting for review (0)" in json.dumps(slack.homes["UREV"])


async def test_without_named_reviewers_nobody_sees_every_channels_queue(slack, kb_index, embedder, tmp_path):
    app = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder)
    try:
        await answered(app)
        home = await open_home(app, "UANYONE")
    finally:
        await app.stop()
    assert "Waiting for review" not in home and UNANSWERABLE not in home
