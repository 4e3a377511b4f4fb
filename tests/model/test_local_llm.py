"""The OpenAI engine against a real model: llama.cpp's OpenAI-compatible server with a
0.5B model on this machine's CPU, through `rfpbot eval` and `rfpbot ask`.

A model this small answers poorly; these tests assert what must hold whatever its
quality: every run ends inside its limit and its budget, every quote is verbatim,
nothing that did not PASS goes out unreviewed, and tokens are counted.
"""

from __future__ import annotations

import csv
import json

import pytest

from agents.contracts import PipelineResult
from agents.text.grounding import occurs_in
from cli.main import main
from tests.conftest import KB, QUESTIONS

pytestmark = pytest.mark.local_llm
PICKED = ("q01", "q04", "q39")  # Fully Supported, Partially Supported, and one the KB cannot answer


@pytest.fixture
def local_model(llama_url, monkeypatch):
    """Settings as the README's local-model recipe gives them."""
    for name, value in {"OPENAI_API_KEY": "local", "OPENAI_BASE_URL": llama_url, "OPENAI_FAST_MODEL": "qwen",
                        "OPENAI_STRONG_MODEL": "qwen", "RFPBOT_LLM_CONTEXT_TOKENS": "8192",
                        "RFPBOT_LLM_STRONG_MAX_TOKENS": "600", "OPENAI_TIMEOUT": "120",
                        # The recipe's advice for a CPU-bound model: `make test` runs another worker
                        # beside it on the same two cores (one busy full run failed this test; its cause was not kept).
                        "RFPBOT_RUN_TIMEOUT": "900"}.items():
        monkeypatch.setenv(name, value)
    return llama_url


def _questions(tmp_path):
    with QUESTIONS.open() as f:
        rows = [r for r in csv.DictReader(f) if r["id"] in PICKED]
    path = tmp_path / "picked.csv"
    with path.open("w", newline="") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)
    return path, rows


def test_eval_against_a_real_model_keeps_every_bound(local_model, tmp_path, capsys):
    path, rows = _questions(tmp_path)
    assert {r["expected_status"] for r in rows} == {"Fully Supported", "Partially Supported", "Not Supported"}
    assert main(["eval", "--corpus", str(KB), "--questions", str(path), "--engine", "openai",
                 "--concurrency", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["questions"] == 3 and report["failed_runs"] == 0
    assert report["grounding_rate"] == 1.0
    assert report["llm_calls_max"] <= 8
    assert report["unanswerable_fully_supported_unescalated"] == 0
    for outcome in report["per_question"]:
        assert outcome["llm_calls"] >= 3 and outcome["tokens"] > 0, outcome
        assert outcome["verdict"] == "PASS" or outcome["escalated"], outcome
        assert outcome["ungrounded_quotes"] == 0


def test_tiny_reply_limits_on_a_real_server_are_caught_not_repaired(local_model, monkeypatch, capsys):
    """A real server cuts replies off at max_tokens: each is asked for once more, then the step is
    answered offline, and the answer goes to a reviewer saying why."""
    monkeypatch.setenv("RFPBOT_LLM_FAST_MAX_TOKENS", "64")
    monkeypatch.setenv("RFPBOT_LLM_STRONG_MAX_TOKENS", "64")
    main(["ingest", str(KB)])
    capsys.readouterr()
    assert main(["ask", "Do you support SCIM provisioning?", "--engine", "openai", "--json"]) == 0
    result = PipelineResult.model_validate_json(capsys.readouterr().out)
    assert result.success and result.engine == "openai:qwen+qwen"
    # What each step did, should a busy run ever see no reply cut off (one full run under load did).
    assert sum(t.truncated for t in result.trace) >= 2, [(t.node, t.llm_calls, t.truncated, t.summary) for t in result.trace]
    assert result.escalated and "cut off at max_tokens=64" in result.escalation_reason
    for citation in result.synthesis.citations:
        assert occurs_in(citation.quote, (KB / citation.source_path).read_text())
