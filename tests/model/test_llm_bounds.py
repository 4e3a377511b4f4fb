"""The LLM engine bounded for real servers: reply limits, cut-off replies, the server's
own error text, context and run budgets, stuck loops; through the real `openai`
client against the fake server."""

from __future__ import annotations

import json
import subprocess
import sys

from agents.config import PipelineConfig
from agents.contracts import PipelineResult
from agents.llm.interface import ReplyLimits
from services.settings import PIPELINE_ENV, Settings
from tests.conftest import KB, ROOT
from tests.fakes.openai_server import FakeOpenAI, Fault
from tests.fakes.scripted_model import ScriptedModel, critic_reply

QUESTION = "Do you support automated user provisioning with SCIM?"
OVERFLOW = "request (15170 tokens) exceeds the available context size (8192 tokens), try increasing it"


def _sent(harness, schema: str) -> list[dict]:
    return [c.body for c in harness.fake.calls if c.body["response_format"]["json_schema"]["name"] == schema]


async def test_every_request_carries_max_tokens_by_tier(harness):
    await harness.pipeline(limits=ReplyLimits(fast_max_tokens=300, strong_max_tokens=900)).run(QUESTION)
    bodies = [c.body for c in harness.fake.calls]
    assert bodies and all(isinstance(b.get("max_tokens"), int) for b in bodies)
    assert {b["max_tokens"] for b in _sent(harness, "SynthesisResult")} == {900}
    assert {b["max_tokens"] for b in _sent(harness, "CriticReview")} == {300}
    assert all(b["max_tokens"] <= 300 for b in _sent(harness, "PassageChoice"))


async def test_a_cut_off_reply_is_asked_for_once_more_shorter_not_repaired(harness):
    harness.fake.cut_off["ClassificationResult"] = 1
    result = await harness.pipeline().run(QUESTION)
    first, retry = _sent(harness, "ClassificationResult")
    assert "cut off" in retry["messages"][-1]["content"]
    assert retry["max_tokens"] == first["max_tokens"] // 2  # a tighter budget the second time
    assert not any("does not match the required JSON schema" in m["content"] for m in retry["messages"])
    assert result.success and "language model failed" not in (result.escalation_reason or "")
    assert next(t for t in result.trace if t.node == "classifier").truncated == 1


async def test_cut_off_twice_falls_back_offline_and_says_why(harness):
    harness.fake.cut_off["ClassificationResult"] = 2
    result = await harness.pipeline().run(QUESTION)
    assert len(_sent(harness, "ClassificationResult")) == 2
    assert result.success and result.escalated
    assert "cut off at max_tokens" in result.escalation_reason


async def test_the_servers_error_text_reaches_the_escalation_reason_and_the_log(harness, caplog):
    harness.fake.fail_next(Fault(status=400, message=OVERFLOW))
    result = await harness.pipeline().run(QUESTION)
    assert result.escalated and "exceeds the available context size (8192 tokens)" in result.escalation_reason
    assert any("exceeds the available context size" in r.getMessage() for r in caplog.records)


async def test_a_reply_that_is_not_a_chat_completion_escalates_and_shows_what_came(harness):
    harness.fake.fail_next(Fault(status=200, body='{"detail": "upstream proxy: model not loaded"}'))
    result = await harness.pipeline().run(QUESTION)
    assert result.success and result.escalated
    assert "not a chat completion" in result.escalation_reason
    assert "model not loaded" in result.escalation_reason


async def test_a_learnt_context_size_keeps_oversized_prompts_from_being_sent(harness):
    harness.fake.fail_next(Fault(status=400, message="exceeds the available context size (600 tokens)"))
    pipeline = harness.pipeline()
    await pipeline.run(QUESTION)
    assert pipeline.llm.limits.context_tokens == 600
    syntheses = len(_sent(harness, "SynthesisResult"))
    result = await pipeline.run(QUESTION)
    # The synthesis prompt alone is longer than 600 tokens: it is answered offline, not sent.
    assert len(_sent(harness, "SynthesisResult")) == syntheses
    assert result.success and result.synthesis.citations
    assert "does not fit the model's context of 600 tokens" in result.escalation_reason


async def test_the_run_budget_stops_revisions_and_the_reason_says_so(harness):
    harness.model.script("CriticReview", json.dumps(critic_reply("REVISE", 60, "Name the plan.", ["plan missing"])))
    result = await harness.pipeline(max_llm_calls=5).run(QUESTION)
    assert len(harness.fake.calls) <= 5
    assert result.iterations == 1 and result.verdict == "REVISE" and result.escalated
    assert "LLM budget (5 calls" in result.escalation_reason


async def test_the_same_draft_and_objections_twice_end_the_loop(harness):
    for _ in range(3):
        harness.model.script("CriticReview", json.dumps(critic_reply("REVISE", 60, "Be specific.", ["vague"])))
    result = await harness.pipeline(max_llm_calls=20).run(QUESTION)
    assert result.iterations == 2 and result.escalated
    assert result.escalation_reason.count("vague") == 1


async def test_a_planner_facet_that_echoes_an_example_is_dropped(harness):
    plan = {"original_question": QUESTION, "reasoning": "x", "primary_queries": ["how often are backups taken"],
            "facets": [{"name": "backup frequency", "description": "how often are backups taken",
                        "product_terms": [], "search_queries": ["how often are backups taken"], "target_docs": []},
                       {"name": "SCIM provisioning", "description": "automated provisioning with SCIM",
                        "product_terms": ["SCIM"], "search_queries": ["SCIM provisioning"], "target_docs": []}]}
    harness.model.script("PlanReply", json.dumps(plan))
    result = await harness.pipeline().run(QUESTION)
    assert [f.name for f in result.query_plan.facets] == ["SCIM provisioning"]
    assert "how often are backups taken" not in result.query_plan.primary_queries


async def test_evidence_reads_the_best_passages_within_its_budget(harness):
    result = await harness.pipeline(evidence_tokens=200).run(QUESTION)
    offered = harness.model.payloads("PassageChoice")[0]["passages"]
    assert 1 <= len(offered) and sum(len(p["text"]) for p in offered) * 0.3 <= 200 + len(offered[0]["text"])
    assert all(c.quote in [p["text"] for p in offered] for c in result.synthesis.citations)


def test_every_pipeline_knob_is_a_setting(monkeypatch):
    for name in PipelineConfig.model_fields:
        assert name in PIPELINE_ENV, f"PipelineConfig.{name} has no setting"
    monkeypatch.setenv("RFPBOT_RUN_TIMEOUT", "42")
    monkeypatch.setenv("RFPBOT_MAX_LLM_CALLS", "6")
    monkeypatch.setenv("RFPBOT_EVIDENCE_TOKENS", "900")
    monkeypatch.setenv("RFPBOT_MAX_ITERATIONS", "2")
    config = Settings().pipeline
    assert (config.timeout_seconds, config.max_llm_calls, config.evidence_tokens, config.max_iterations) == (42, 6, 900, 2)


def test_ask_closes_its_client(tmp_path):
    """No ResourceWarning for an unclosed connection when `rfpbot ask` ends."""
    with FakeOpenAI(chat=ScriptedModel()).serve() as server:
        env = {"RFPBOT_DATA_DIR": str(tmp_path), "OPENAI_API_KEY": "k", "OPENAI_BASE_URL": server.url + "/v1",
               "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)}
        run = [sys.executable, "-X", "dev", "-W", "always::ResourceWarning", "-m", "cli"]
        subprocess.run([*run, "ingest", str(KB)], env=env, check=True, capture_output=True, cwd=ROOT)
        done = subprocess.run([*run, "ask", QUESTION, "--json"], env=env, capture_output=True, text=True,
                              timeout=120, cwd=ROOT)
    assert done.returncode == 0, done.stderr[-2000:]
    assert PipelineResult.model_validate_json(done.stdout).engine.startswith("openai:")
    assert "ResourceWarning" not in done.stderr


def _nearly_copied(payload: dict) -> str:
    source = next(e for e in payload["evidence"] if e["quotes"])
    quote = source["quotes"][0]
    words = quote.split()
    sloppy = " ".join(words[:2] + words[3:])  # a small model drops a word
    return json.dumps({
        "answer": f"Yes. {quote.rstrip('.')} [1].", "compliance_status": "Fully Supported", "confidence_score": 85,
        "facets_covered": ["main"], "facets_missing": [], "reasoning": "copied",
        "citations": [{"source_path": source["source_path"], "source_title": source["source_title"], "url": None,
                       "quote": sloppy}]})


async def test_a_nearly_copied_quote_is_read_as_the_evidence_it_copied(harness):
    harness.model.script("SynthesisResult", _nearly_copied)
    result = await harness.pipeline().run(QUESTION)
    evidence = [q for e in result.evidence.evidence for q in e.quotes]
    first = result.synthesis_history[0].citations[0]
    assert first.quote in evidence
    assert result.critic_feedback[0].checks.quote_grounding.passed


async def test_a_server_too_slow_for_the_timeout_is_tried_twice_not_four_times(harness):
    harness.fake.fail_next(*[Fault(status=200, hang_seconds=1.5, body=None)] * 4)
    result = await harness.pipeline(timeout=0.3).run(QUESTION)
    assert result.success and result.escalated and "timed out after 2 attempts" in result.escalation_reason


async def test_the_token_budget_is_a_ceiling_and_the_rest_is_answered_offline(harness):
    result = await harness.pipeline(max_llm_tokens=700).run(QUESTION)
    assert 0 < sum(t.tokens for t in result.trace) <= 700
    assert any("offline: the run's LLM budget is spent" in t.summary for t in result.trace)
    assert result.success and result.synthesis.citations


def test_a_long_reason_is_cut_at_a_word_not_inside_one():
    from common import clip

    text = "the language model failed in synthesis: " + "supercalifragilistic " * 40
    cut = clip(text, 120)
    assert len(cut) <= 120 and cut.endswith("…")
    assert cut[:-1].split()[-1] in text.split()
