"""The clarification gate: vague questions get one question back (with readings), clear ones never do."""

from __future__ import annotations

import csv
import json

from openai import AsyncOpenAI

from agents.conversation.clarify import clarify
from agents.llm.openai_client import OpenAILLM
from agents.pipeline import Pipeline
from tests.conftest import ROOT
from tests.fakes.openai_server import FakeOpenAI, Fault
from tests.fakes.scripted_model import ScriptedModel
from tests.slack_harness import start_app


def labelled() -> list[tuple[str, bool]]:
    with open(ROOT / "examples" / "clarify_questions.csv", newline="") as f:
        return [(row["question"], row["vague"] == "yes") for row in csv.DictReader(f)]


async def test_the_documented_set_asks_back_for_most_vague_questions_and_almost_no_clear_ones(kb_index):
    asked = {q: await clarify(q, kb_index) is not None for q, _ in labelled()}
    vague = [q for q, is_vague in labelled() if is_vague]
    clear = [q for q, is_vague in labelled() if not is_vague]
    assert sum(asked[q] for q in vague) / len(vague) >= 0.8, [q for q in vague if not asked[q]]
    assert sum(asked[q] for q in clear) / len(clear) <= 0.1, [q for q in clear if asked[q]]


async def test_a_broad_topic_offers_the_documents_that_answer_it(kb_index):
    asked = await clarify("What about encryption?", kb_index)
    assert asked.labels == ["Encryption at rest", "Encryption in transit"]
    assert asked.readings == ["What about encryption: Encryption at rest?", "What about encryption: Encryption in transit?"]


async def test_a_question_pointing_at_nothing_is_asked_what_it_means(kb_index):
    asked = await clarify("Do you support it?", kb_index)
    assert "“it” refer to" in asked.question and asked.readings == []


def buttons(message: dict) -> list[dict]:
    return [e for b in message.get("blocks", []) for e in b.get("elements", []) if e.get("type") == "button"]


async def test_a_vague_question_is_asked_back_and_the_chosen_reading_is_answered(app, slack):
    await app.sender.mention("What about encryption?", user="U1", ts="9000.1")
    await app.settle()
    [question] = slack.thread("C1", "9000.1")
    assert "Which one do you mean?" in question["text"]
    labels = [b["text"]["text"] for b in buttons(question)]
    assert labels == ["Encryption at rest", "Encryption in transit", "Answer it as asked"]
    assert not [m for m in slack.thread("C1", "9000.1") if "confidence" in json.dumps(m.get("blocks", []))]

    stranger = buttons(question)[0]
    await app.sender.click(stranger["action_id"], stranger["value"], user="USTRANGER", message_ts=question["ts"])
    await app.settle()
    assert slack.ephemeral[-1]["user"] == "USTRANGER"

    chosen = buttons(question)[0]
    await app.sender.click(chosen["action_id"], chosen["value"], user="U1", message_ts=question["ts"])
    await app.settle()
    thread = slack.thread("C1", "9000.1")
    assert "<@U1> chose: What about encryption: Encryption at rest?" in thread[0]["text"] and not buttons(thread[0])
    answer = next(m for m in thread if "confidence" in json.dumps(m.get("blocks", [])))
    assert "AES-256" in json.dumps(answer["blocks"])

    await app.sender.click(chosen["action_id"], chosen["value"], user="U1", message_ts=question["ts"])
    await app.settle()
    assert "chosen already" in slack.ephemeral[-1]["text"]
    answers = [m for m in slack.thread("C1", "9000.1") if "confidence" in json.dumps(m.get("blocks", []))]
    assert len(answers) == 1


async def test_answer_it_as_asked_is_not_asked_back_again(app, slack):
    await app.sender.mention("Encryption?", user="U1", ts="9100.1")
    await app.settle()
    [question] = slack.thread("C1", "9100.1")
    as_asked = buttons(question)[-1]
    await app.sender.click(as_asked["action_id"], as_asked["value"], user="U1", message_ts=question["ts"])
    await app.settle()
    answers = [m for m in slack.thread("C1", "9100.1") if "confidence" in json.dumps(m.get("blocks", []))]
    assert len(answers) == 1


async def test_a_clear_question_and_a_follow_up_are_answered_without_asking_back(app, slack):
    await app.sender.mention("Do you support customer-managed encryption keys (BYOK)?", ts="9200.1")
    await app.settle()
    await app.sender.mention("What about encryption?", ts="9200.2", thread_ts="9200.1")
    await app.settle()
    answers = [m for m in slack.thread("C1", "9200.1") if "confidence" in json.dumps(m.get("blocks", []))]
    assert len(answers) == 2
    assert not any("Which one do you mean?" in m["text"] for m in slack.thread("C1", "9200.1"))


def _llm(harness):
    return harness.pipeline().llm


def _ambiguous(payload: dict) -> str:
    docs = payload["documents"]
    return json.dumps({"ambiguous": True, "question": "Which encryption do you mean?", "readings": [
        {"question": "Do you encrypt customer data at rest?", "document_title": docs[0]},
        {"question": "Is data encrypted in transit?", "document_title": docs[1]},
        {"question": "Do you encrypt backups on tape?", "document_title": "A document nobody offered"}]})


async def test_with_a_model_the_readings_are_the_models_questions_tied_to_offered_documents(harness, kb_index):
    harness.model.script("ClarifyReply", _ambiguous)
    asked = await clarify("What about encryption?", kb_index, _llm(harness))
    offered = harness.model.payloads("ClarifyReply")[0]["documents"]
    assert asked.question == "Which encryption do you mean?"
    assert asked.readings == ["Do you encrypt customer data at rest?", "Is data encrypted in transit?"]
    assert asked.labels == offered[:2]


async def test_a_model_calling_a_question_clear_leaves_the_offline_judgement(harness, kb_index):
    llm = _llm(harness)  # the scripted model finds every question clear
    asked = await clarify("What about encryption?", kb_index, llm)
    assert asked.labels == ["Encryption at rest", "Encryption in transit"]
    assert await clarify("Are backups encrypted?", kb_index, llm) is None
    assert len(harness.model.payloads("ClarifyReply")) == 2


async def test_clear_questions_and_pointing_ones_never_reach_the_model(harness, kb_index):
    llm = _llm(harness)
    assert await clarify("Do you encrypt customer data at rest with AES-256 and rotate the keys yearly?", kb_index,
                         llm) is None
    pointing = await clarify("Do you support it?", kb_index, llm)
    assert "“it” refer to" in pointing.question
    assert harness.model.payloads("ClarifyReply") == []


async def test_a_failing_model_leaves_the_offline_judgement(harness, kb_index):
    harness.fake.fail_next(*[Fault(status=500)] * 8)
    asked = await clarify("What about encryption?", kb_index, _llm(harness))
    assert asked.labels == ["Encryption at rest", "Encryption in transit"]


async def test_in_slack_a_model_engine_asks_back_with_the_models_readings(slack, kb_index, embedder, tmp_path):
    model = ScriptedModel()
    model.script("ClarifyReply", _ambiguous)
    with FakeOpenAI(chat=model).serve() as server:
        client = AsyncOpenAI(api_key="k", base_url=server.url + "/v1")
        app = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index, OpenAILLM(client)), embedder)
        await app.sender.mention("What about encryption?", user="U1", ts="9900.1")
        await app.settle()
        [question] = slack.thread("C1", "9900.1")
        assert "Which encryption do you mean?" in question["text"]
        chosen = buttons(question)[1]
        await app.sender.click(chosen["action_id"], chosen["value"], user="U1", message_ts=question["ts"])
        await app.settle()
        await app.stop()
        await client.close()
    thread = slack.thread("C1", "9900.1")
    assert "<@U1> chose: Is data encrypted in transit?" in thread[0]["text"]
    assert any("confidence" in json.dumps(m.get("blocks", [])) for m in thread)
