"""Which messages in a thread lean on its earlier question."""

from __future__ import annotations

import json

import pytest
from openai import AsyncOpenAI

from agents.contracts import Citation, EarlierTurn, PipelineResult, SynthesisResult
from agents.conversation.followup import earlier_turn, is_follow_up
from agents.llm.openai_client import OpenAILLM
from agents.pipeline import Pipeline
from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.scripted_model import ScriptedModel
from tests.slack_harness import start_app


@pytest.mark.parametrize("message", ["What about on GCP?", "and on AWS?", "Azure too?", "Is it encrypted too?",
                                     "What about backups?", "Does this apply to the EU region?",
                                     "Is that available on the Enterprise plan?", "On Google Cloud?"])
def test_messages_that_lean_on_the_earlier_question(message):
    assert is_follow_up(message)


@pytest.mark.parametrize("message", ["Do you support SCIM provisioning?", "How long are backups kept?",
                                     "Can we bring our own key from Google Cloud KMS?", "Is MFA enforced?",
                                     "Do you encrypt customer data at rest on AWS?"])
def test_questions_that_stand_on_their_own(message):
    assert not is_follow_up(message)


BYOK = "Do you support customer-managed encryption keys (BYOK)?"


def _answered(text: str, quotes: list[tuple[str, str]]) -> PipelineResult:
    citations = [Citation(source_path="a.md", source_title="A", quote=q, role=role) for q, role in quotes]
    return PipelineResult(question=BYOK, success=True, synthesis=SynthesisResult(
        answer=text, compliance_status="Partially Supported", confidence_score=80, citations=citations))


def test_the_earlier_exchange_is_bounded():
    long = _answered("Yes. " + "Keys stay in your own KMS. " * 60,
                     [(f"quote {n} " + "word " * 100, "evidence") for n in range(5)] + [("closest one", "closest")])
    turn = earlier_turn(BYOK, long)
    assert turn.question == BYOK and len(turn.answer) <= 600 and turn.answer.endswith("…")
    assert [c.quote.split()[1] for c in turn.citations] == ["0", "1", "2"]
    assert all(len(c.quote) <= 240 for c in turn.citations)
    assert earlier_turn(BYOK, None) == EarlierTurn(question=BYOK)


async def test_the_model_writing_a_follow_up_sees_the_earlier_answer_and_quotes(harness):
    pipeline = harness.pipeline()
    first = await pipeline.run(BYOK)
    turn = earlier_turn(BYOK, first)
    result = await pipeline.run("What about on GCP?", context=turn)
    assert result.success and result.route == "full"
    shown = harness.model.payloads("SynthesisResult")[-1]["earlier"]
    assert shown["question"] == BYOK and shown["answer"] == first.synthesis.answer
    assert [c["quote"] for c in shown["citations"]] == [c.quote for c in first.synthesis.citations if c.is_evidence][:3]
    assert "follow-up to: " + BYOK in harness.model.payloads("PlanReply")[-1]["question"]
    assert "earlier" not in harness.model.payloads("SynthesisResult")[0]


async def test_a_follow_up_in_slack_reaches_the_model_with_the_threads_answer(slack, kb_index, embedder, tmp_path):
    model = ScriptedModel()
    with FakeOpenAI(chat=model).serve() as server:
        client = AsyncOpenAI(api_key="k", base_url=server.url + "/v1")
        app = await start_app(slack, slack.url, tmp_path, Pipeline(kb_index, OpenAILLM(client)), embedder)
        await app.sender.mention(BYOK, ts="900.1")
        await app.settle()
        await app.sender.mention("And on GCP?", ts="900.2", thread_ts="900.1")
        await app.settle()
        first = PipelineResult.model_validate_json(
            app.deps.store.db.execute("SELECT result_json FROM runs ORDER BY rowid LIMIT 1").fetchone()[0])
        await app.stop()
        await client.close()
    shown = model.payloads("SynthesisResult")[-1]["earlier"]
    assert shown["question"] == BYOK and shown["answer"] == first.synthesis.answer
    answers = [m for m in slack.thread("C1", "900.1") if "confidence" in json.dumps(m.get("blocks", []))]
    assert len(answers) == 2
