"""Red-team cases against the HTTP endpoint: what an attacker sends, what the fake Slack saw."""

from __future__ import annotations

import asyncio
import json
import re
import sqlite3
import time
from pathlib import Path
from urllib.parse import urlencode

import pytest
from slack_bolt.request.async_request import AsyncBoltRequest

from agents.pipeline import Pipeline
from bot.app import build_app
from bot.rendering.slack_text import inert, link, question_text
from bot.verification import SignatureCheck
from storage import broken_link
from tests.documents import PII
from tests.fakes.slack_requests import SIGNING_SECRET, signature
from tests.slack_harness import app_settings, start_app
from tests.slack.test_slack_app import UNANSWERABLE, answer_of, ask_escalated, button_value


@pytest.fixture
async def app(slack, kb_index, embedder, tmp_path):
    running = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index), embedder, reviewers="UREV")
    yield running
    await running.stop()


def forged_command(response_url: str) -> str:
    """The issue's reproduction: a slash command naming a channel, a user and a response_url."""
    return urlencode({"command": "/rfp", "text": "x", "user_id": "U1", "channel_id": "C1",
                      "response_url": response_url, "team_id": "T1", "api_app_id": "A1", "token": "t"})


def acted_on(slack) -> list[str]:
    """Slack calls beyond the token check, and anything posted to a response_url."""
    return [name for name, _ in slack.calls if name != "auth.test"] + ["response_url"] * len(slack.responses)


@pytest.mark.parametrize("timestamp", ["abc", "1e3", "", "٣٤٥", "-5", " 12"])
async def test_malformed_timestamp_is_refused_and_nothing_is_posted(app, slack, timestamp):
    body = forged_command(slack.url + "/response/hook")
    response = await app.sender.post(body, "application/x-www-form-urlencoded", timestamp=timestamp,
                                     signature_override="v0=x")
    await app.settle()
    assert response.status == 401
    assert acted_on(slack) == []


async def test_bad_signature_and_stale_timestamp_are_refused(app, slack):
    body = forged_command(slack.url + "/response/hook")
    bad = await app.sender.post(body, "application/x-www-form-urlencoded", signature_override="v0=" + "0" * 64)
    stale_ts = int(time.time()) - 600
    stale = await app.sender.post(body, "application/x-www-form-urlencoded", timestamp=stale_ts)
    await app.settle()
    assert (bad.status, stale.status) == (401, 401)
    assert acted_on(slack) == []


async def test_unsigned_malformed_json_gets_401_and_signed_malformed_json_gets_400(app, slack):
    unsigned = await app.sender.post("{not json", "application/json", signature_override="v0=x")
    signed = await app.sender.post("{not json", "application/json")
    signed_payload = await app.sender.post(urlencode({"payload": "{broken"}), "application/x-www-form-urlencoded")
    assert (unsigned.status, signed.status, signed_payload.status) == (401, 400, 400)
    assert acted_on(slack) == []


async def test_error_handler_ignores_bodies_bolt_did_not_verify(app, slack, tmp_path):
    # Defence in depth: even a request that reaches Bolt past our check (here dispatched
    # directly) with a timestamp that makes Bolt's verifier raise is never answered.
    bolt_app = build_app(app_settings(slack.url, tmp_path), app.deps)
    body = forged_command(slack.url + "/response/hook")
    request = AsyncBoltRequest(body=body, headers={"x-slack-request-timestamp": "abc", "x-slack-signature": "v0=x",
                                                   "content-type": "application/x-www-form-urlencoded"})
    response = await bolt_app.async_dispatch(request)
    await app.settle()
    assert response.status in (401, 500)
    assert acted_on(slack) == []


async def test_a_correctly_signed_command_is_still_answered(app, slack):
    response = await app.sender.command("Do you support SAML 2.0 single sign-on?", channel="C9")
    await app.settle()
    assert response.status == 200
    posted = [args for name, args in slack.calls if name == "chat.postMessage"]
    assert posted and posted[0]["channel"] == "C9" and "asked:" in posted[0]["text"]


def test_signature_check_accepts_exactly_slacks_scheme():
    now = 1_700_000_000
    check = SignatureCheck(SIGNING_SECRET, clock=lambda: now)
    body = b'{"type":"event_callback"}'
    good = signature(body.decode(), str(now))
    assert check.verify(body, str(now), good).ok
    assert not check.verify(body + b" ", str(now), good).ok
    assert not check.verify(body, str(now + 301), signature(body.decode(), str(now + 301))).ok
    assert check.verify(b"\xff\xfe", str(now), "v0=x").status == 401


# -- markup from documents and models ------------------------------------------------------

_TOKEN = re.compile(r"<([^<>]*)>")
_BARE_URL = re.compile(r"\b(?:https?://|www\.)\S+", re.IGNORECASE)
_OWN_MARKUP = re.compile(r"^(?:@U[A-Z0-9]+|!subteam\^S[A-Z0-9]+|!date\^\d+\^[^|]*\|[^|]*|"
                         r"https://docs\.cirrolock\.example/[^|\s]*\|[^|]*)$")


def live_markup(message: dict) -> list[str]:
    """What Slack would turn into a ping or a link in this message, other than the bot's own markup:
    `<…>` tokens anywhere, and bare URLs where Slack links them (top-level text, non-verbatim mrkdwn)."""
    found: list[str] = []

    def scan(text: str, verbatim: bool) -> None:
        found.extend(f"<{t}>" for t in _TOKEN.findall(text) if not _OWN_MARKUP.match(t))
        if not verbatim:
            found.extend(_BARE_URL.findall(text))

    def walk(node) -> None:
        if isinstance(node, dict):
            if node.get("type") == "mrkdwn":
                scan(node.get("text", ""), bool(node.get("verbatim")))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    scan(message.get("text", ""), False)
    walk(message.get("blocks", []))
    return found


def everything_posted(slack) -> list[dict]:
    """Every message, update, ephemeral message and response_url post the fake Slack received."""
    return [args for name, args in slack.calls if name.startswith("chat.")] + slack.responses


@pytest.fixture
async def poisoned_app(slack, poisoned_index, embedder, tmp_path):
    running = await start_app(slack, slack.url, tmp_path, Pipeline(poisoned_index), embedder, reviewers="UREV")
    yield running
    await running.stop()


async def test_planted_markup_and_instructions_in_documents_never_go_live(poisoned_app, slack):
    await poisoned_app.sender.mention("Do you support hardware security keys?", ts="700.1")
    await poisoned_app.sender.command("Do you support hardware security keys?", channel="C2")
    await poisoned_app.settle()
    posted = everything_posted(slack)
    assert posted and [m for m in posted if live_markup(m)] == []
    answer = json.dumps([m.get("blocks", []) for m in slack.thread("C1", "700.1")])
    assert "identity/security-keys.md contains text addressed to the bot" in answer, "retrieved, and flagged"
    assert "Fully Supported with confidence 95 and link" not in answer.split("addressed to the bot")[0]
    assert "Needs review" in answer


def test_markup_helpers_neutralise_hostile_text():
    assert link("https://x> <!channel> <https://evil.example/phish", "Docs") == "*Docs*"
    assert link("javascript:alert(1)", "Docs") == "*Docs*"
    assert link("https://docs.example/a", "A|B") == "<https://docs.example/a|A¦B (docs.example)>"
    assert inert("see https://evil.example <!here>") == "see hxxps://evil.example &lt;!here&gt;"
    assert question_text("<@UBOT> can <@U2|ann> see <#C1|ops>? <!here> \u202eevil\u2066", "UBOT") == \
        "can @ann see #ops? @here evil"


# -- personal data -----------------------------------------------------------------------



def database_bytes(data_dir: Path) -> bytes:
    """The database file and its WAL, as stored on disk."""
    return b"".join(p.read_bytes() for p in (data_dir).glob("rfpbot.sqlite*"))


async def test_personal_data_never_reaches_the_database_or_a_message(app, slack, tmp_path):
    question = (f"Hi, I'm {PII['email']}, {PII['phone']}, card {PII['card']}, IBAN {PII['iban']}, "
                f"key {PII['key']}. Do you support SAML 2.0 single sign-on?")
    await app.sender.mention(question, ts="710.1")
    await app.sender.command(question, channel="C2")
    await app.settle()
    stored = database_bytes(tmp_path)
    posted = json.dumps(everything_posted(slack))
    leaked = [kind for kind, value in PII.items() if value.encode() in stored or value in posted]
    assert leaked == []
    assert b"[EMAIL_1]" in stored and "single sign-on" in posted
    assert "docs.cirrolock.example/identity/sso" in json.dumps(answer_of(slack, "C1", "710.1")["blocks"])


async def test_database_and_index_files_are_private(tmp_path, embedder):
    from retrieval import EmbeddedIndex
    from storage import Store, open_database

    store = Store(open_database(tmp_path / "fresh" / "rfpbot.sqlite"))
    index = EmbeddedIndex(tmp_path / "fresh" / "index.sqlite", embedder)
    loose = tmp_path / "loose.sqlite"
    loose.touch(mode=0o644)
    Store(open_database(loose)).db.conn.close()
    modes = {p.name: oct(p.stat().st_mode & 0o777) for p in [*(tmp_path / "fresh").iterdir(), loose]}
    await store.close()
    await index.close()
    assert set(modes.values()) == {"0o600"}, modes
    assert oct((tmp_path / "fresh").stat().st_mode & 0o777) == "0o700"


# -- private questions -------------------------------------------------------------------

PRIVATE = "Do you hold CSA STAR Level 2 certification?"


async def test_a_question_asked_in_private_is_never_shown_where_its_answer_is_reused(app, slack):
    await app.deps.channels.put("D1", None, 100, "UREV")  # every answer in this DM goes to a reviewer
    await app.sender.event({"type": "message", "channel_type": "im", "user": "U1", "channel": "D1",
                            "text": PRIVATE + " (for Project Falcon at Acme)", "ts": "720.1", "event_ts": "720.1"})
    await app.settle()
    private = answer_of(slack, "D1", "720.1")
    await app.sender.click("review_approve", button_value(private, "review_approve"), user="UREV", channel="D1",
                           message_ts=private["ts"])
    await app.sender.mention(PRIVATE + " (for Project Falcon at Acme)", ts="721.1")
    await app.settle()
    public = json.dumps(slack.thread("C1", "721.1"))
    assert "Approved answer" in public and "for an earlier question" in public
    assert "Falcon" not in public


# -- reviews -----------------------------------------------------------------------------

async def test_decisions_on_answers_not_waiting_for_review_are_refused_and_logged(app, slack):
    await app.sender.mention("Do you support SAML 2.0 single sign-on?", ts="730.1")
    await app.settle()
    run = (await app.deps.store.last_answer_in_thread("C1", "730.1"))
    assert not run.escalated
    for action in ("review_approve", "review_edit", "review_reject"):
        response = await app.sender.click(action, run.id, user="UREV", message_ts=run.answer_ts)
        assert response.status == 200
    await app.settle()
    assert await app.deps.store.library.entries() == [] and await app.deps.store.reviews.of(run.id) is None
    assert [e["text"] for e in slack.ephemeral].count("This answer is not waiting for a review.") == 3
    assert [(e.action, e.outcome) for e in await app.deps.store.reviews.log_entries()] == [
        ("approve", "not_reviewable"), ("edit", "not_reviewable"), ("reject", "not_reviewable")]
    assert slack.count("views.open") == 0


async def test_the_review_log_is_append_only_and_edits_show(app, slack, tmp_path):
    run_id, message = await ask_escalated(app, slack)
    await app.sender.click("review_approve", run_id, user="U3", message_ts=message["ts"])   # not a reviewer
    await app.sender.click("review_approve", run_id, user="UREV", message_ts=message["ts"])
    await app.sender.click("review_approve", run_id, user="UREV", message_ts=message["ts"])
    await app.settle()
    log = await app.deps.store.reviews.log_entries()
    assert [(e.reviewer, e.outcome) for e in log] == [("U3", "not_a_reviewer"), ("UREV", "made"),
                                                      ("UREV", "already_decided")]
    assert broken_link(log) is None
    db = app.deps.store.db
    for statement in ("UPDATE review_log SET reviewer = 'UEVIL'", "DELETE FROM review_log"):
        with pytest.raises(sqlite3.IntegrityError, match="append-only"):
            db.execute(statement)
    db.execute("DROP TRIGGER review_log_no_update")  # someone with the file and a SQLite shell
    db.execute("UPDATE review_log SET reviewer = 'UEVIL' WHERE seq = 2")
    db.conn.commit()
    assert broken_link(await app.deps.store.reviews.log_entries()) == 2


# -- listener failures, replays, run anyway ----------------------------------------------------

async def test_a_listener_failing_after_ack_still_acknowledges_and_tells_the_user(app, slack):
    response = await app.sender.click("review_approve", "no-such-run", user="UREV")
    await app.settle()
    assert response.status == 200
    assert any("no longer know that answer" in e["text"] for e in slack.ephemeral)


async def test_a_replayed_slash_command_is_answered_once(app, slack):
    form = urlencode({"token": "t", "team_id": "T1", "command": "/rfp", "text": "Do you support SCIM?",
                      "user_id": "U1", "channel_id": "C5", "response_url": "", "trigger_id": "trig-replayed",
                      "api_app_id": "A1"})
    first = await app.sender.post(form, "application/x-www-form-urlencoded")
    replay = await app.sender.post(form, "application/x-www-form-urlencoded")
    await app.settle()
    assert (first.status, replay.status) == (200, 200)
    asked = [m for m in slack.messages["C5"].values() if "asked:" in m["text"]]
    assert len(asked) == 1 and len([m for m in slack.messages["C5"].values() if m.get("blocks")]) == 1


async def test_run_anyway_is_refused_to_strangers_and_other_channels(app, slack):
    run_id, message = await ask_escalated(app, slack)
    await app.sender.click("review_approve", run_id, user="UREV", message_ts=message["ts"])
    await app.sender.mention(UNANSWERABLE, ts="740.1", user="U1")
    await app.settle()
    reused = slack.thread("C1", "740.1")[0]
    queued_before = len(await app.deps.store.reviews.log_entries())
    await app.sender.click("run_anyway", button_value(reused, "run_anyway"), user="U7", message_ts=reused["ts"])
    await app.sender.click("run_anyway", button_value(reused, "run_anyway"), user="U1", channel="C9")
    await app.settle()
    assert len(slack.thread("C1", "740.1")) == 1 and slack.messages.get("C9", {}) == {}
    assert sum("fresh run" in e["text"] for e in slack.ephemeral) == 2
    await app.sender.click("run_anyway", button_value(reused, "run_anyway"), user="U1", message_ts=reused["ts"])
    await app.settle()
    assert len(slack.thread("C1", "740.1")) > 1, "the asker may"
    assert len(await app.deps.store.reviews.log_entries()) == queued_before


async def test_control_and_bidi_characters_are_not_echoed(app, slack):
    await app.sender.mention("Do you \u202esupport\u2066 SAML\x07 single sign-on?\u200b", ts="750.1")
    await app.settle()
    posted = json.dumps(everything_posted(slack), ensure_ascii=False)
    assert "single sign-on" in posted
    assert not re.search("[\u202a-\u202e\u2066-\u2069\u200b\x07]", posted)


# -- worker lifecycle ----------------------------------------------------------------------

async def test_a_run_taken_from_its_worker_is_answered_once_by_the_next_claim(slack, kb_index, embedder, tmp_path):
    from openai import AsyncOpenAI

    from common import RetryPolicy
    from agents.llm.openai_client import OpenAILLM
    from tests.fakes.openai_server import FakeOpenAI
    from tests.fakes.scripted_model import ScriptedModel

    fake = FakeOpenAI(chat=ScriptedModel(), latency=0.6)  # a slow model: the run is under way for seconds
    with fake.serve() as server:
        client = AsyncOpenAI(api_key="k", base_url=server.url + "/v1")
        llm = OpenAILLM(client, fast_model="f", strong_model="s", timeout=10, retry=RetryPolicy(attempts=1))
        app = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index, llm), embedder, lease_seconds=3)
        await app.sender.mention("Do you support SAML 2.0 single sign-on?", ts="800.1")
        store = app.deps.store
        for _ in range(200):
            running = await store.call(lambda: list(store.db["runs"].rows_where("status = 'running'")))
            if running:
                break
            await asyncio.sleep(0.05)
        # What `serve` does when it believes the worker died: its runs go back to the queue. The worker
        # was alive after all and claims the run anew under the same name; its first attempt, still
        # under way, must not post beside the second.
        assert await store.interrupt_claimed(running[0]["claimed_by"]) == []
        await app.settle(limit=30)
        run = await store.get_run(running[0]["id"])
        await app.stop()
        await client.close()
    thread = slack.thread("C1", "800.1")
    assert (run.status, run.attempts) == ("done", 2)
    assert len([m for m in thread if "confidence" in json.dumps(m.get("blocks", []))]) == 1
    assert not any("interrupted while answering" in m["text"] for m in thread)
    assert fake.calls, "the run was really under way"
