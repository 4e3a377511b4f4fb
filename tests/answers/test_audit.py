"""The critic's deterministic audit on hand-made drafts."""

from __future__ import annotations

import pytest

from agents.contracts import Citation, QueryFacet, QueryPlanResult, ResearchResult, ResearchSource, SynthesisResult
from agents.judging.audit import PENALTY_STATUS, PENALTY_UNCITED, PENALTY_UNGROUNDED, audit
from agents.judging.support import Scorer, Semantics
from agents.text.grounding import answer_sentences, passages, strip_markers
from retrieval import Document

DOC = Document(source_path="keys.md", title="Keys", text="# Keys\n\nEncryption keys are rotated   every 365 days.\n\nBYOK is available on the Enterprise plan only.", hash="h")
QUESTION = "Are encryption keys rotated?"
PLAN = QueryPlanResult(original_question=QUESTION, primary_queries=[QUESTION], reasoning="",
                       facets=[QueryFacet(name="rotation", description="key rotation")])
BYOK_PLAN = QueryPlanResult(original_question="Do you support BYOK?", primary_queries=["BYOK"], reasoning="",
                            facets=[QueryFacet(name="BYOK", description="Do you support BYOK")])
RESEARCH = ResearchResult(sources=[ResearchSource(title="Keys", source_path="keys.md", content="", score=1.0)])


@pytest.fixture
def run_audit(embedder):
    """The audit as the critic runs it: claims, quotes and passages embedded first."""
    semantics = Semantics(embedder)

    async def run(draft: SynthesisResult, plan: QueryPlanResult = PLAN, documents=None):
        documents = documents or {"keys.md": DOC}
        pool = [p for d in documents.values() for p in passages(d.text)]
        await semantics.prepare([plan.original_question, *(f.description for f in plan.facets),
                                 *(strip_markers(s) for s in answer_sentences(draft.answer)),
                                 *(c.quote for c in draft.citations), *(t for p in pool for t in (p.about, p.text))])
        return audit(draft, RESEARCH, documents, plan, Scorer(semantics, [p.about for p in pool]))

    return run


def _draft(answer: str, quotes: list[tuple[str, str]], status="Fully Supported", confidence=90, missing=()) -> SynthesisResult:
    return SynthesisResult(answer=answer, compliance_status=status, confidence_score=confidence,
                           citations=[Citation(source_path=p, source_title="Keys", quote=q) for p, q in quotes],
                           facets_missing=list(missing))


async def test_grounded_draft_passes_every_check(run_audit):
    draft = _draft("Yes. Encryption keys are rotated every 365 days [1].", [("keys.md", "Encryption keys are rotated every 365 days.")])
    report = (await run_audit(draft))
    assert not report.checks.failed() and not report.blocking
    assert report.recommended_confidence == 90


async def test_whitespace_differences_do_not_count_as_fabrication(run_audit):
    draft = _draft("Yes. Rotated [1].", [("keys.md", "Encryption keys are rotated\nevery 365 days")])
    assert (await run_audit(draft)).checks.quote_grounding.passed


async def test_fabricated_quote_fails_grounding_and_costs_confidence(run_audit):
    draft = _draft("Yes. Keys are rotated daily [1].", [("keys.md", "Keys are rotated every day.")])
    report = (await run_audit(draft))
    assert report.blocking and "does not occur in keys.md" in report.checks.quote_grounding.issue
    assert report.recommended_confidence <= 90 - PENALTY_UNGROUNDED


async def test_citation_to_an_unretrieved_source_fails_grounding(run_audit):
    draft = _draft("Yes. Keys rotate [1].", [("other.md", "Encryption keys are rotated every 365 days.")])
    report = (await run_audit(draft))
    assert "research did not retrieve" in report.checks.quote_grounding.issue
    assert not report.checks.status_alignment.passed  # no grounded quote left


async def test_marker_past_the_citation_list_is_caught(run_audit):
    draft = _draft("Yes. Encryption keys are rotated every 365 days [2].", [("keys.md", "Encryption keys are rotated every 365 days.")])
    assert "cites [2] but there are 1 citations" in (await run_audit(draft)).checks.quote_grounding.issue


async def test_uncited_sentences_are_counted_and_hedges_exempt(run_audit):
    draft = _draft("Yes. Encryption keys are rotated every 365 days [1]. We also use quantum-safe vaults everywhere. "
                   "No evidence was found for HSM tenancy.", [("keys.md", "Encryption keys are rotated every 365 days.")])
    report = (await run_audit(draft))
    assert report.uncited_sentences == 1
    assert "quantum-safe" in " ".join(report.issues)
    assert report.recommended_confidence == 90 - PENALTY_UNCITED


async def test_fully_supported_without_quotes_is_misaligned(run_audit):
    report = (await run_audit(_draft("Yes, fully supported in every way.", [])))
    assert not report.checks.status_alignment.passed and "no evidence, no claim" in report.checks.status_alignment.issue
    assert report.recommended_confidence <= 40


async def test_fully_supported_on_a_limiting_quote_is_misaligned(run_audit):
    draft = _draft("Yes. BYOK is available [1].", [("keys.md", "BYOK is available on the Enterprise plan only.")])
    report = await run_audit(draft, BYOK_PLAN)
    assert not report.checks.status_alignment.passed
    assert report.recommended_confidence <= 90 - PENALTY_STATUS


async def test_missing_facets_fail_coverage_without_blocking(run_audit):
    draft = _draft("Partially. Encryption keys are rotated every 365 days [1].", [("keys.md", "Encryption keys are rotated every 365 days.")],
                   status="Partially Supported", confidence=80, missing=["HSM"])
    report = (await run_audit(draft))
    assert not report.checks.facet_coverage.passed and not report.blocking
    assert report.recommended_confidence == 70


async def test_a_part_claimed_where_no_part_of_the_question_has_evidence_blocks(run_audit):
    """The offline engine says "Not Supported" there; a model's "Partially Supported" is not sent as it is."""
    draft = _draft("Partially. BYOK is available on the Enterprise plan only [1].",
                   [("keys.md", "BYOK is available on the Enterprise plan only.")], status="Partially Supported")
    report = await run_audit(draft)
    assert report.blocking and "no part of the question has evidence: rotation" in report.checks.status_alignment.issue
    answered = _draft("Partially. Encryption keys are rotated every 365 days [1].",
                      [("keys.md", "Encryption keys are rotated every 365 days.")], status="Partially Supported")
    assert (await run_audit(answered)).checks.status_alignment.passed


async def test_overconfidence_is_flagged(run_audit):
    draft = _draft("Partially. BYOK [1].", [("keys.md", "BYOK is available on the Enterprise plan only.")],
                   status="Partially Supported", confidence=100)
    report = await run_audit(draft, BYOK_PLAN)
    assert not report.checks.confidence_calibration.passed and report.recommended_confidence == 90


async def test_a_verbatim_but_irrelevant_quote_fails_and_blocks(run_audit):
    draft = _draft("Yes. BYOK is available on the Enterprise plan only [1].",
                   [("keys.md", "BYOK is available on the Enterprise plan only.")])
    report = await run_audit(draft)  # the question is about key rotation
    assert report.blocking and "do not answer the question" in report.checks.quote_grounding.issue


async def test_a_claim_its_quote_does_not_make_fails_claim_support(run_audit):
    draft = _draft("Yes. Encryption keys are rotated daily inside a dedicated HSM cluster per tenant [1].",
                   [("keys.md", "Encryption keys are rotated every 365 days.")])
    report = await run_audit(draft)
    assert report.blocking and "is not what its quotes say" in report.checks.quote_grounding.issue
    assert "hsm" in report.checks.quote_grounding.issue.lower()


async def test_a_faithful_paraphrase_passes_claim_support(run_audit):
    draft = _draft("Yes. The encryption keys are rotated once every 365 days [1].",
                   [("keys.md", "Encryption keys are rotated every 365 days.")])
    assert (await run_audit(draft)).checks.quote_grounding.passed


async def test_yes_to_a_question_that_is_not_yes_no_fails_quality(run_audit):
    plan = PLAN.model_copy(update={"original_question": "How often are encryption keys rotated?"})
    draft = _draft("Yes. Encryption keys are rotated every 365 days [1].", [("keys.md", "Encryption keys are rotated every 365 days.")])
    report = await run_audit(draft, plan)
    assert report.blocking and '"Yes"/"No"' in report.checks.answer_quality.issue


async def test_facet_coverage_is_computed_not_taken_from_the_draft(run_audit):
    plan = PLAN.model_copy(update={"facets": [*PLAN.facets, QueryFacet(name="HSM tenancy",
                                                                        description="dedicated HSM tenancy per customer")]})
    draft = _draft("Yes. Encryption keys are rotated every 365 days [1].", [("keys.md", "Encryption keys are rotated every 365 days.")])
    report = await run_audit(draft, plan)  # the draft claims nothing is missing
    assert not report.checks.facet_coverage.passed and "HSM tenancy" in report.checks.facet_coverage.issue
    assert not report.checks.status_alignment.passed  # "Fully Supported" with a facet unanswered


async def test_closest_passages_shown_to_a_reviewer_are_not_support(run_audit):
    draft = SynthesisResult(answer="No evidence was found in the documentation for HSM tenancy. The closest "
                                   "passages, for a reviewer to start from, do not answer it: [1].",
                            compliance_status="Fully Supported", confidence_score=60,
                            citations=[Citation(source_path="keys.md", source_title="Keys", role="closest",
                                                quote="Encryption keys are rotated every 365 days.")])
    report = await run_audit(draft)
    assert "no evidence, no claim" in report.checks.status_alignment.issue


def _abstention(question: str) -> tuple[SynthesisResult, QueryPlanResult]:
    draft = SynthesisResult(answer="No evidence was found in the documentation. The closest passages, for a reviewer "
                                   "to start from, do not answer it: [1].",
                            compliance_status="Not Supported", confidence_score=60,
                            citations=[Citation(source_path="keys.md", source_title="Keys", role="closest",
                                                quote="Encryption keys are rotated every 365 days.")])
    return draft, QueryPlanResult(original_question=question, primary_queries=[question], reasoning="", facets=[])


async def test_no_evidence_beside_a_passage_on_the_question_goes_to_a_person(run_audit):
    draft, plan = _abstention("How often are encryption keys rotated?")
    report = await run_audit(draft, plan)
    assert report.blocking and "may answer it in other words" in " ".join(report.issues)


async def test_no_evidence_for_a_name_the_documents_never_mention_is_not_held_back(run_audit):
    draft, plan = _abstention("Are encryption keys rotated inside a YubiHSM?")
    assert not (await run_audit(draft, plan)).blocking
    draft, plan = _abstention("On the Pro plan, are encryption keys rotated?")  # a plan: the passage's plans answer it
    assert (await run_audit(draft, plan)).blocking
    documents = {"keys.md": DOC.model_copy(update={"text": DOC.text + "\n\nKey rotation is covered by our SOC 2 report."})}
    draft, plan = _abstention("Are encryption keys rotated every 365 days under SOC 1?")  # a near miss: SOC 2 is there
    assert (await run_audit(draft, plan, documents)).blocking
