"""The OpenAI engine: the real `openai` client against the fake server, scripted per agent."""

from __future__ import annotations

import json

import pytest

from agents.pipeline import WARM_UP_QUESTION
from agents.text.grounding import passages
from tests.fakes.openai_server import Fault
from tests.fakes.scripted_model import ScriptedModel, critic_reply

QUESTION = "Do you support automated user provisioning with SCIM?"


async def test_pass_first_time_in_five_rounds(harness):
    result = await harness.pipeline().run(QUESTION)
    assert result.success and result.verdict == "PASS" and result.iterations == 1
    assert result.engine == "openai:fast-model+strong-model"
    offered = [p["text"] for p in harness.model.payloads("PassageChoice")[0]["passages"]]
    assert result.synthesis.citations
    assert all(c.quote in offered for c in result.synthesis.citations)
    calls = {t.node: t.llm_calls for t in result.trace}
    assert calls["classifier"] == 1 and calls["planner"] == 1 and calls["synthesis"] == 1 and calls["critic"] == 1
    assert calls["evidence"] == 1  # one pick over the best passages of every source
    assert all(t.tokens > 0 for t in result.trace if t.llm_calls)
    models = [c.body["model"] for c in harness.fake.calls]
    assert models.count("strong-model") == 1


async def test_revise_then_pass_sends_the_instructions_back(harness):
    harness.model.script("CriticReview", json.dumps(critic_reply("REVISE", 60, "Mention the plan that includes SCIM.")))
    result = await harness.pipeline().run(QUESTION)
    assert result.iterations == 2 and [c.verdict for c in result.critic_feedback] == ["REVISE", "PASS"]
    second = harness.model.payloads("SynthesisResult")[1]
    assert "Mention the plan that includes SCIM." in second["revision"]["revision_instructions"]
    assert len(result.synthesis_history) == 2


async def test_three_revises_end_the_loop_and_escalate(harness):
    for round_ in range(3):
        harness.model.script("CriticReview", json.dumps(critic_reply("REVISE", 60, "Be more specific.",
                                                                     [f"too vague ({round_})"])))
    result = await harness.pipeline(max_llm_calls=12).run(QUESTION)
    assert result.success and result.iterations == 3 and result.verdict == "REVISE"
    assert harness.schemas().count("SynthesisResult") == 3
    assert result.escalated and "after 3 drafts the critic still found problems: too vague" in result.escalation_reason


async def test_fail_stops_at_once_and_escalates(harness):
    harness.model.script("CriticReview", json.dumps(critic_reply("FAIL", 10, issues=["the documentation does not cover this"])))
    result = await harness.pipeline().run(QUESTION)
    assert result.iterations == 1 and result.verdict == "FAIL"
    assert result.escalated and "cannot answer" in result.escalation_reason


def _fabricated(payload: dict) -> str:
    source = next(e for e in payload["evidence"] if e["quotes"])
    return json.dumps({
        "answer": "Yes. SCIM is available on every plan at no cost [1].", "compliance_status": "Fully Supported",
        "confidence_score": 95, "facets_covered": ["main"], "facets_missing": [], "reasoning": "made up",
        "citations": [{"source_path": source["source_path"], "source_title": source["source_title"], "url": None,
                       "quote": "SCIM is available on every plan at no cost."}]})


async def test_audit_catches_a_fabricated_quote_even_when_the_llm_critic_passes(harness):
    harness.model.script("SynthesisResult", _fabricated)
    result = await harness.pipeline().run(QUESTION)
    first = result.critic_feedback[0]
    assert first.verdict == "REVISE" and not first.checks.quote_grounding.passed
    assert "does not occur" in first.checks.quote_grounding.issue
    assert first.recommended_confidence <= 65
    assert "every plan at no cost" not in result.synthesis.answer
    assert result.verdict == "PASS" and result.iterations == 2


def _stretched(payload: dict) -> str:
    # A real quote from a retrieved page, and a sentence that claims more than it says.
    return json.dumps({
        "answer": "Yes. Every plan includes SCIM with just-in-time provisioning from any identity provider at no "
                  "extra cost [1].", "compliance_status": "Fully Supported", "confidence_score": 95,
        "facets_covered": ["main"], "facets_missing": [], "reasoning": "stretched",
        "citations": [{"source_path": "identity/scim.md", "source_title": "User provisioning with SCIM", "url": None,
                       "quote": "Automated user provisioning and deprovisioning through SCIM 2.0 is available on the "
                                "Enterprise plan only."}]})


async def test_audit_catches_a_claim_its_verbatim_quote_does_not_make(harness):
    harness.model.script("SynthesisResult", _stretched, _stretched, _stretched)
    result = await harness.pipeline().run(QUESTION)
    first = result.critic_feedback[0]
    assert first.verdict == "REVISE" and "is not what its quotes say" in first.checks.quote_grounding.issue
    assert result.escalated and "critic still found problems" in result.escalation_reason


def _unretrieved(payload: dict) -> str:
    return json.dumps({
        "answer": "Yes. Cirrolock is hosted on AWS [1].", "compliance_status": "Fully Supported", "confidence_score": 90,
        "facets_covered": ["main"], "facets_missing": [], "reasoning": "",
        "citations": [{"source_path": "overview.md", "source_title": "Overview", "url": None,
                       "quote": "The Cirrolock service is hosted on AWS."}]})


async def test_audit_catches_a_citation_to_an_unretrieved_source(harness):
    harness.model.script("SynthesisResult", _unretrieved, _unretrieved, _unretrieved)
    result = await harness.pipeline().run(QUESTION)
    assert all(c.verdict == "REVISE" for c in result.critic_feedback)
    assert "research did not retrieve" in result.critic_feedback[0].checks.quote_grounding.issue
    assert result.escalated and "critic still found problems" in result.escalation_reason


async def test_missing_facet_is_researched_again_before_the_next_draft(harness):
    plan = {"original_question": "q", "reasoning": "", "primary_queries": ["SCIM provisioning"],
            "facets": [{"name": "SCIM", "description": "SCIM provisioning", "product_terms": ["SCIM"],
                        "search_queries": ["SCIM"], "target_docs": []},
                       {"name": "GuardDuty", "description": "Amazon GuardDuty findings", "product_terms": ["GuardDuty"],
                        "search_queries": ["Amazon GuardDuty integration findings"], "target_docs": []}]}
    harness.model.script("PlanReply", json.dumps(plan))

    def missing_guardduty(payload):
        reply = ScriptedModel._SynthesisResult(payload)
        reply.update(facets_missing=["GuardDuty"], compliance_status="Partially Supported")
        return json.dumps(reply)

    harness.model.script("SynthesisResult", missing_guardduty)
    question = "Do you support SCIM provisioning and Amazon GuardDuty findings?"
    result = await harness.pipeline().run(question)
    nodes = [t.node for t in result.trace]
    assert nodes.index("re-research") > nodes.index("critic")
    assert "GuardDuty" in result.critic_feedback[0].missing_facets
    assert "connectors/aws.md" in {s.source_path for s in result.research.sources}
    second_draft_evidence = {e["source_path"] for e in harness.model.payloads("SynthesisResult")[1]["evidence"]}
    assert "connectors/aws.md" in second_draft_evidence


async def test_429_with_retry_after_is_honoured(harness):
    harness.fake.fail_next(Fault(status=429, retry_after=7))
    result = await harness.pipeline().run(QUESTION)
    assert result.success and 7.0 in harness.sleeps
    refused = harness.fake.calls[0].body
    assert any(call.body == refused for call in harness.fake.calls[1:]), "the refused request is sent again"


async def test_server_errors_are_retried(harness):
    harness.fake.fail_next(Fault(status=500), Fault(status=503))
    result = await harness.pipeline().run(QUESTION)
    assert result.success and result.verdict == "PASS"
    assert sum(t.llm_calls for t in result.trace) == len(harness.fake.calls)


async def test_a_hung_request_times_out_and_is_retried(harness):
    harness.fake.fail_next(Fault(status=200, hang_seconds=3.0, body=None))
    result = await harness.pipeline(timeout=0.5).run(QUESTION)
    assert result.success and result.verdict == "PASS"


@pytest.mark.parametrize("bad", ["this is not JSON {", json.dumps({"is_csp_specific": "maybe"})])
async def test_invalid_output_is_repaired_once(harness, bad):
    harness.model.script("ClassificationResult", bad)
    result = await harness.pipeline().run(QUESTION)
    assert result.success and result.verdict == "PASS"
    assert harness.schemas().count("ClassificationResult") == 2
    repair = [c for c in harness.fake.calls if c.body["response_format"]["json_schema"]["name"] == "ClassificationResult"][1]
    assert "does not match the required JSON schema" in repair.body["messages"][-1]["content"]


async def test_output_still_invalid_after_repair_falls_back_offline_and_says_so(harness):
    harness.model.script("ClassificationResult", "nope", "still nope")
    result = await harness.pipeline().run(QUESTION)
    assert result.success and result.classification.reasoning.startswith("The question names no cloud")
    assert result.escalated and "language model failed" in result.escalation_reason


async def test_persistent_fault_ends_the_run_cleanly_without_fallback(harness):
    harness.fake.fail_next(*[Fault(status=500)] * 50)
    result = await harness.pipeline(llm_fallback=False).run(QUESTION)
    assert not result.success and result.escalated
    assert 'HTTP 500 ("scripted fault 500") after 4 attempts' in result.error
    assert result.synthesis is None


async def test_persistent_fault_with_fallback_still_answers_from_the_documents(harness):
    harness.fake.fail_next(*[Fault(status=500)] * 200)
    result = await harness.pipeline().run(QUESTION)
    assert result.success and result.synthesis.citations
    assert result.escalated and "offline engine" in result.escalation_reason


async def test_every_run_ends_within_its_timeout(harness):
    harness.fake.latency = 2.0
    result = await harness.pipeline(timeout=10, timeout_seconds=0.5).run(QUESTION)
    assert not result.success and "longer than" in result.error


async def test_warming_up_spends_no_model_call_and_leaves_the_index_ready(harness):
    # A worker warms its pipeline before claiming questions: that must never cost tokens.
    pipeline = harness.pipeline()
    await pipeline.warm_up()
    assert harness.fake.calls == []
    warmed = pipeline.semantics.similarity(WARM_UP_QUESTION, WARM_UP_QUESTION)
    assert warmed == pytest.approx(1.0, abs=1e-5)  # the question and the passages it read are embedded
    for source_path in await harness.index.manifest():  # and every document's passages, within the budget
        text = (await harness.index.read_document(source_path)).text
        assert all(pipeline.semantics.similarity(p.text, p.text) == pytest.approx(1.0, abs=1e-5)
                   for p in passages(text)), source_path
    result = await pipeline.run(QUESTION)
    assert result.success and result.engine == "openai:fast-model+strong-model" and harness.fake.calls


def _no_version(payload: dict) -> str:
    return json.dumps({
        "answer": "Traffic between Cirrolock services inside the production network is encrypted with mutual TLS [1].",
        "compliance_status": "Fully Supported", "confidence_score": 95, "facets_covered": ["main"], "facets_missing": [],
        "reasoning": "", "citations": [{
            "source_path": "security/encryption-in-transit.md", "source_title": "Encryption in transit", "url": None,
            "quote": "Traffic between Cirrolock services inside the production network is encrypted with mutual TLS."}]})


async def test_the_shared_audit_holds_a_models_draft_that_does_not_give_the_asked_version(harness):
    """What keeps an offline answer from being sent keeps a model's too, whatever the model's critic says."""
    harness.model.script("SynthesisResult", _no_version, _no_version, _no_version)
    result = await harness.pipeline().run("Which TLS versions do you accept on your public endpoints?")
    assert result.critic_feedback[0].verdict == "REVISE"
    assert "asks for a number, a period, a version or an algorithm" in result.critic_feedback[0].checks.quote_grounding.issue
    assert result.escalated and "critic still found problems" in result.escalation_reason
