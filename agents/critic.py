"""Critic: the deterministic audit on every draft, plus the LLM's review when there is a model.

The audit has the last word on grounding: a failed grounding or status check forces
REVISE whatever the LLM says, and the confidence never exceeds what the audit allows.
"""

from __future__ import annotations

import asyncio

from pydantic import BaseModel

from .context import RunContext
from .contracts import (CriticChecks, CriticResult, QueryPlanResult, ResearchResult, SynthesisResult, ValidationCheck,
                        Verdict)
from .judging.audit import AuditReport, audit
from .llm.interface import Usage
from .text.grounding import answer_sentences, strip_markers

SYSTEM = """You review a drafted answer to a security questionnaire question before it is sent to a customer.
Check that every claim is backed by its quote, that the compliance status matches the quotes, that the
confidence is honest, that every facet is answered or declared missing, and that the answer is clear.
The automatic audit's findings are included; do not contradict them.
verdict: PASS when the answer can be sent, REVISE when it can be fixed (say how in revision_instructions),
FAIL when the question cannot be answered from this documentation at all. issues: at most 3, short.
Reply with JSON only."""


class CriticReview(BaseModel):
    """The model's review: the audit supplies the checks, so the model's reply stays short."""

    verdict: Verdict
    issues: list[str]
    recommended_confidence: int | None
    revision_instructions: str | None


def review_offline(report: AuditReport, research_more: list[str]) -> CriticResult:
    """The audit alone decides."""
    return _verdict(report, research_more, llm_review=None)


async def critique(ctx: RunContext, question: str, plan: QueryPlanResult, draft: SynthesisResult,
                   research: ResearchResult, research_more: list[str],
                   iteration: int) -> CriticResult:
    """The critic node. `research_more` lists missing facets that re-research may still find."""

    async def work(usage: Usage) -> CriticResult:
        claims = [strip_markers(s) for s in answer_sentences(draft.answer)]
        scorer = await ctx.scorer([question, *(f.description for f in plan.facets), *claims,
                                   *(c.quote for c in draft.citations)])
        report = await asyncio.to_thread(audit, draft, research, ctx.documents, plan, scorer)

        async def with_llm() -> CriticResult:
            # The draft's citations carry its quotes; the whole evidence would only cost tokens.
            payload = {"question": question, "facets": [f.name for f in plan.facets],
                       "draft": draft.model_dump(exclude={"reasoning"}),
                       "audit": {"issues": report.issues, "failed_checks": report.checks.failed()}}
            review = await ctx.ask(node="critic", tier="fast", system=SYSTEM, payload=payload,
                                   output=CriticReview, usage=usage, max_tokens=300)
            return _verdict(report, research_more, review)

        return await ctx.llm_or_offline("critic", with_llm, lambda: review_offline(report, research_more))

    return await ctx.step("critic", work, _summary, iteration=iteration)


def _verdict(report: AuditReport, research_more: list[str], llm_review: CriticReview | None) -> CriticResult:
    checks = report.checks if llm_review is None else _with_review(report.checks, llm_review)
    issues = distinct([*report.issues, *(llm_review.issues if llm_review else [])])
    recommended = report.recommended_confidence
    if llm_review and llm_review.recommended_confidence is not None:
        recommended = min(recommended, max(0, min(100, llm_review.recommended_confidence)))
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
    return CriticResult(verdict=verdict, checks=checks, issues=issues, suggestions=[],
                        recommended_confidence=recommended,
                        revision_instructions=instructions if verdict == "REVISE" else None,
                        missing_facets=research_more, plans=report.plans, yardstick=report.yardstick,
                        negation=report.negation, subject_page=report.subject_page,
                        signals=report.signals)


def _with_review(audit_checks: CriticChecks, review: CriticReview) -> CriticChecks:
    """The audit's checks, with the model's objection (if any) recorded against answer quality."""
    if review.verdict == "PASS":
        return audit_checks
    ours = audit_checks.answer_quality
    theirs = "; ".join(review.issues[:2]) or "the model critic asked for a revision"
    merged = ValidationCheck(passed=False, issue="; ".join(filter(None, [ours.issue, theirs])))
    return audit_checks.model_copy(update={"answer_quality": merged})


def _summary(result: CriticResult) -> str:
    failed = result.checks.failed()
    return result.verdict + (f": {'; '.join(failed.values())}" if failed else "")


def distinct(issues: list[str]) -> list[str]:
    """Issues once each, however a model varied their case, spacing or final stop."""
    seen: dict[str, str] = {}
    for issue in issues:
        key = " ".join(issue.lower().split()).rstrip(" .")
        if key and key not in seen:
            seen[key] = issue.strip()
    return list(seen.values())
