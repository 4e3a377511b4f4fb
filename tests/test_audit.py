"""The critic's deterministic audit on hand-made drafts."""

from __future__ import annotations

from agents.audit import PENALTY_STATUS, PENALTY_UNCITED, PENALTY_UNGROUNDED, audit
from agents.contracts import Citation, QueryFacet, QueryPlanResult, ResearchResult, ResearchSource, SynthesisResult
from retrieval import Document

DOC = Document(source_path="keys.md", title="Keys", text="# Keys\n\nKeys are rotated   every 365 days.\n\nBYOK is available on the Enterprise plan only.", hash="h")
PLAN = QueryPlanResult(original_question="q", primary_queries=["q"], reasoning="",
                       facets=[QueryFacet(name="rotation", description="key rotation")])
RESEARCH = ResearchResult(sources=[ResearchSource(title="Keys", source_path="keys.md", content="", score=1.0)])


def _draft(answer: str, quotes: list[tuple[str, str]], status="Fully Supported", confidence=90, missing=()) -> SynthesisResult:
    return SynthesisResult(answer=answer, compliance_status=status, confidence_score=confidence,
                           citations=[Citation(source_path=p, source_title="Keys", quote=q) for p, q in quotes],
                           facets_missing=list(missing))


def test_grounded_draft_passes_every_check():
    draft = _draft("Yes. Keys are rotated every 365 days [1].", [("keys.md", "Keys are rotated every 365 days.")])
    report = audit(draft, RESEARCH, {"keys.md": DOC}, PLAN)
    assert not report.checks.failed() and not report.blocking
    assert report.recommended_confidence == 90


def test_whitespace_differences_do_not_count_as_fabrication():
    draft = _draft("Yes. Rotated [1].", [("keys.md", "Keys are rotated\nevery 365 days")])
    assert audit(draft, RESEARCH, {"keys.md": DOC}, PLAN).checks.quote_grounding.passed


def test_fabricated_quote_fails_grounding_and_costs_confidence():
    draft = _draft("Yes. Keys are rotated daily [1].", [("keys.md", "Keys are rotated every day.")])
    report = audit(draft, RESEARCH, {"keys.md": DOC}, PLAN)
    assert report.blocking and "does not occur in keys.md" in report.checks.quote_grounding.issue
    assert report.recommended_confidence <= 90 - PENALTY_UNGROUNDED


def test_citation_to_an_unretrieved_source_fails_grounding():
    draft = _draft("Yes. Keys rotate [1].", [("other.md", "Keys are rotated every 365 days.")])
    report = audit(draft, RESEARCH, {"keys.md": DOC}, PLAN)
    assert "research did not retrieve" in report.checks.quote_grounding.issue
    assert not report.checks.status_alignment.passed  # no grounded quote left


def test_marker_past_the_citation_list_is_caught():
    draft = _draft("Yes. Keys are rotated every 365 days [2].", [("keys.md", "Keys are rotated every 365 days.")])
    assert "cites [2] but there are 1 citations" in audit(draft, RESEARCH, {"keys.md": DOC}, PLAN).checks.quote_grounding.issue


def test_uncited_sentences_are_counted_and_hedges_exempt():
    draft = _draft("Yes. Keys are rotated every 365 days [1]. We also use quantum-safe vaults everywhere. "
                   "No evidence was found for HSM tenancy.", [("keys.md", "Keys are rotated every 365 days.")])
    report = audit(draft, RESEARCH, {"keys.md": DOC}, PLAN)
    assert report.uncited_sentences == 1
    assert "quantum-safe" in " ".join(report.issues)
    assert report.recommended_confidence == 90 - PENALTY_UNCITED


def test_fully_supported_without_quotes_is_misaligned():
    report = audit(_draft("Yes, fully supported in every way.", []), RESEARCH, {"keys.md": DOC}, PLAN)
    assert not report.checks.status_alignment.passed and "no evidence, no claim" in report.checks.status_alignment.issue
    assert report.recommended_confidence <= 40


def test_fully_supported_on_a_limiting_quote_is_misaligned():
    draft = _draft("Yes. BYOK is available [1].", [("keys.md", "BYOK is available on the Enterprise plan only.")])
    report = audit(draft, RESEARCH, {"keys.md": DOC}, PLAN)
    assert not report.checks.status_alignment.passed
    assert report.recommended_confidence <= 90 - PENALTY_STATUS


def test_missing_facets_fail_coverage_without_blocking():
    draft = _draft("Partially. Keys are rotated every 365 days [1].", [("keys.md", "Keys are rotated every 365 days.")],
                   status="Partially Supported", confidence=80, missing=["HSM"])
    report = audit(draft, RESEARCH, {"keys.md": DOC}, PLAN)
    assert not report.checks.facet_coverage.passed and not report.blocking
    assert report.recommended_confidence == 70


def test_overconfidence_is_flagged():
    draft = _draft("Partially. BYOK [1].", [("keys.md", "BYOK is available on the Enterprise plan only.")],
                   status="Partially Supported", confidence=100)
    report = audit(draft, RESEARCH, {"keys.md": DOC}, PLAN)
    assert not report.checks.confidence_calibration.passed and report.recommended_confidence == 90
