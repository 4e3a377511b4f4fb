"""Complexity routing: a single-fact question costs the model two calls, not six, and
the audit still stops what it must."""

from __future__ import annotations

from agents.routing import route_of
from tests.model.test_pipeline_openai import _fabricated

SIMPLE = "Do you support automated user provisioning with SCIM?"


async def test_a_single_fact_question_asks_the_model_only_for_evidence_and_answer(harness):
    result = await harness.pipeline(route_simple=True).run(SIMPLE)
    assert result.success and result.route == "simple"
    assert harness.schemas() == ["PassageChoice", "SynthesisResult"]
    assert result.synthesis.citations and result.verdict == "PASS"
    router = next(t for t in result.trace if t.node == "router")
    assert router.summary.startswith("simple route: one fact")
    assert {t.node: t.llm_calls for t in result.trace}["critic"] == 0


async def test_the_audit_still_rejects_a_made_up_quote_on_the_simple_route(harness):
    harness.model.script("SynthesisResult", _fabricated)
    result = await harness.pipeline(route_simple=True).run(SIMPLE)
    first = result.critic_feedback[0]
    assert first.verdict == "REVISE" and not first.checks.quote_grounding.passed
    assert "every plan at no cost" not in result.synthesis.answer
    assert result.iterations == 2 and harness.schemas().count("CriticReview") == 0


async def test_questions_that_need_the_model_take_the_full_route(harness):
    pipeline = harness.pipeline(route_simple=True)
    cloud = await pipeline.run("Can we use keys held in Azure Key Vault for BYOK?")
    assert cloud.route == "full" and "ClassificationResult" in harness.schemas()
    two = await pipeline.run("Do you keep audit logs of user activity and how long are they retained?")
    assert two.route == "full"
    assert harness.schemas().count("CriticReview") == 2


async def test_routing_can_be_turned_off(harness):
    result = await harness.pipeline(route_simple=False).run(SIMPLE)
    assert result.route == "full" and "CriticReview" in harness.schemas()
    assert not any(t.node == "router" for t in result.trace)


def test_what_makes_a_question_simple():
    assert route_of("Are you ISO 27001 certified?").route == "simple"
    assert route_of("Are you ISO 27001 certified?", follow_up=True).route == "full"
    assert route_of("Sind Ihre Daten im Ruhezustand verschlüsselt?").route == "full"
    assert route_of("Does the AWS connector integrate with Amazon GuardDuty findings?").route == "full"
    assert route_of("Is an independent third-party penetration test performed every year?").route == "full"


async def test_the_offline_engine_is_not_routed(kb_index):
    from agents.pipeline import Pipeline

    result = await Pipeline(kb_index).run(SIMPLE)
    assert result.route == "full" and not any(t.node == "router" for t in result.trace)
