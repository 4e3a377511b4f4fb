"""`rfpbot ask` and `rfpbot eval` as a user runs them."""

from __future__ import annotations

import json

from agents.contracts import PipelineResult
from cli.main import main
from tests.conftest import KB, QUESTIONS
from tests.fakes.openai_server import FakeOpenAI
from tests.fakes.scripted_model import ScriptedModel


def test_ask_prints_progress_then_the_cited_answer(capsys):
    main(["ingest", str(KB)])
    capsys.readouterr()
    assert main(["ask", "Are you ISO 27001 certified?"]) == 0
    out, err = capsys.readouterr()
    assert "✓ research:" in err and "✓ critic: PASS" in err
    assert out.startswith("PASS · Fully Supported · confidence")
    assert "[1] Certifications and attestations (compliance/certifications.md)" in out
    assert "ISO/IEC 27001:2022" in out and "engine offline" in out


def test_ask_json_is_a_pipeline_result(capsys):
    main(["ingest", str(KB)])
    capsys.readouterr()
    assert main(["ask", "Can our data be hosted in Australia?", "--json"]) == 0
    result = PipelineResult.model_validate_json(capsys.readouterr().out)
    assert result.synthesis.compliance_status == "Not Supported" and result.trace


def test_ask_with_the_openai_engine_against_a_compatible_endpoint(capsys, monkeypatch):
    main(["ingest", str(KB)])
    with FakeOpenAI(chat=ScriptedModel()).serve() as server:
        monkeypatch.setenv("OPENAI_API_KEY", "test-key")
        monkeypatch.setenv("OPENAI_BASE_URL", server.url + "/v1")
        capsys.readouterr()
        assert main(["ask", "Do you support SCIM provisioning?", "--json"]) == 0
    result = PipelineResult.model_validate_json(capsys.readouterr().out)
    assert result.engine.startswith("openai:") and result.synthesis.citations
    # One fact: the model picks the evidence and writes the answer; the rest is offline.
    assert result.route == "simple" and result.llm_calls() == 2


def test_ask_bad_input_exits_2(capsys):
    main(["ingest", str(KB)])
    capsys.readouterr()
    assert main(["ask", "   "]) == 2
    assert "question is empty" in capsys.readouterr().err
    assert main(["ask", "anything", "--engine", "openai"]) == 2
    assert "OPENAI_API_KEY" in capsys.readouterr().err


def test_eval_reports_every_figure_as_json(capsys):
    assert main(["eval", "--corpus", str(KB), "--questions", str(QUESTIONS), "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    for key in ("status_accuracy", "source_recall", "grounding_rate", "abstention_rate", "pass_rate",
                "escalation_rate", "latency_ms_p50", "latency_ms_p95", "llm_calls_per_question", "per_question"):
        assert key in report
    assert report["questions"] == 40 and len(report["per_question"]) == 40
    assert report["status_accuracy"] >= 0.7 and report["grounding_rate"] == 1.0
    assert sum(report["confusion_matrix"]["Not Supported"].values()) == 10
    # Each row says why it has its status, as the answer's reasoning does.
    assert all(row["reasoning"] for row in report["per_question"])


def test_eval_reads_jsonl_with_source_lists(capsys, tmp_path):
    questions = tmp_path / "q.jsonl"
    questions.write_text(json.dumps({"id": "a", "question": "Do you have a SOC 2 Type II report?",
                                     "expected_status": "Fully Supported",
                                     "expected_sources": ["compliance/certifications.md"]}) + "\n")
    assert main(["eval", "--corpus", str(KB), "--questions", str(questions)]) == 0
    out = capsys.readouterr().out
    assert "status accuracy      1.000" in out and "source recall        1.000" in out


def test_eval_names_the_bad_row(capsys, tmp_path):
    questions = tmp_path / "q.csv"
    questions.write_text("id,question,expected_status,expected_sources\na,Is it?,Maybe,\n")
    assert main(["eval", "--corpus", str(KB), "--questions", str(questions)]) == 2
    err = capsys.readouterr().err
    assert "question 1" in err and "expected_status" in err
