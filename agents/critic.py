"""Critic: the deterministic audit on every draft, plus the LLM's review when there is a model.

The audit has the last word on grounding: a failed grounding or status check forces
REVISE whatever the LLM says, and the confidence never exceeds what the audit allows.
"""

from __future__ import annotations

import asyncio

from .audit import AuditReport, audit
from .context import RunContext
from .contracts import CriticChecks, CriticResult, EvidenceResult, QueryPlanResult, ResearchResult, SynthesisResult, ValidationCheck
from .grounding import answer_sentences, strip_markers
from .llm import Usage

SYSTEM = """You review a drafted answer to a security questionnaire question before it is sent to a customer.
Check: quote_grounding (every claim backed by a quote), status_alignment (the compliance status matches the
quotes), confidence_calibration, facet_coverage (every facet answered or declared missing), answer_quality
(clear, professional, complete). The automatic audit's findings are included; do not contradict them.
verdict: PASS when the answer can be sent, REVISE when it can be fixed (give revision_instructions),
FAIL when the question cannot be answered from this documentation at all. Reply with JSON only."""


def review_offline(report: AuditReport, research_more: list[str]) -> CriticResult:
    """The audit alone decides."""
    return _verdict(report, research_more, llm_review=None)


async def critique(ctx: RunContext, question: str, plan: QueryPlanResult, draft: SynthesisResult,
                   evidence: EvidenceResult, research: ResearchResult, research_more: list[str],
                   iteration: int) -> CriticResult:
    """The critic node. `research_more` lists missing facets that re-research may still find."""

    async def work(usage: Usage) -> CriticResult:
        claims = [strip_markers(s) for s in answer_sentences(draft.answer)]
        scorer = await ctx.scorer([question, *(f.description for f in plan.facets), *claims,
                                   *(c.quote for c in draft.citations)])
        report = await asyncio.to_thread(audit, draft, research, ctx.documents, plan, scorer)

        async def with_llm() -> CriticResult:
            payload = {"question": question, "facets": [f.name for f in plan.facets], "draft": draft.model_dump(),
                       "evidence": [e.model_dump() for e in evidence.evidence],
                       "audit": {"issues": report.issues, "checks": report.checks.model_dump()}}
            review = await ctx.ask(node="critic", tier="fast", system=SYSTEM, payload=payload,
                                   output=CriticResult, usage=usage)
            return _verdict(report, research_more, review)

        return await ctx.llm_or_offline("critic", with_llm, lambda: review_offline(report, research_more))

    return await ctx.step("critic", work, _summary, iteration=iteration)


def _verdict(report: AuditReport, research_more: list[str], llm_review: CriticResult | None) -> CriticResult:
    checks = report.checks if llm_review is None else _and(report.checks, llm_review.checks)
    issues = list(dict.fromkeys([*report.issues, *(llm_review.issues if llm_review else [])]))
    recommended = report.recommended_confidence
    if llm_review and llm_review.recommended_confidence is not None:
        recommended = min(recommended, llm_review.recommended_confidence)
    if llm_review and llm_review.verdict == "FAIL":
        verdict = "FAIL"
    elif report.blocking or research_more or (llm_review and llm_review.verdict == "REVISE"):
        verdict = "REVISE"
    else:
        verdict = "PASS"
    instructions = " ".join(filter(None, [report.instructions(),
                                          llm_review.revision_instructions if llm_review else None])) or None
    if research_more:
        instructions = (instructions + " " if instructions else "") + "Look again for: " + "; ".join(research_more) + "."
    return CriticResult(verdict=verdict, checks=checks, issues=issues,
                        suggestions=llm_review.suggestions if llm_review else [],
                        recommended_confidence=recommended,
                        revision_instructions=instructions if verdict == "REVISE" else None,
                        missing_facets=research_more)


def _and(audit_checks: CriticChecks, llm_checks: CriticChecks) -> CriticChecks:
    merged = {}
    for name, ours in audit_checks:
        theirs = getattr(llm_checks, name)
        issue = "; ".join(filter(None, [ours.issue, theirs.issue])) or None
        merged[name] = ValidationCheck(passed=ours.passed and theirs.passed, issue=issue)
    return CriticChecks(**merged)


def _summary(result: CriticResult) -> str:
    failed = result.checks.failed()
    return result.verdict + (f": {'; '.join(failed.values())}" if failed else "")
