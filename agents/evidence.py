"""Evidence: verbatim quotes from each source, in parallel; every quote is checked to
occur in its source document and dropped if it does not."""

from __future__ import annotations

import asyncio

from pydantic import BaseModel

from .context import RunContext
from .contracts import EvidenceResult, QueryPlanResult, ResearchSource, SourceEvidence
from .llm import Usage
from .grounding import occurs_in, passages
from .support import Scorer

SYSTEM = """You extract evidence for answering a security questionnaire question.
From the document given, copy the sentences that help answer the question or one of its facets,
word for word: do not paraphrase, shorten, merge or fix them. Include sentences that limit or deny
the capability (plans, "on request", "not supported"). At most 4 quotes; none if nothing is relevant.
Reply with JSON only."""


class QuoteSelection(BaseModel):
    """The evidence agent's reply for one document."""

    quotes: list[str]


def quotes_offline(question: str, plan: QueryPlanResult, text: str, limit: int, scorer: Scorer) -> list[str]:
    """The passages that best answer the question or one of its facets (semantic + term fit)."""
    facets = [f.description for f in plan.facets if f.description != question]
    scored = []
    for position, passage in enumerate(passages(text)):
        score = scorer.relevance(question, passage).score
        for facet in facets:
            score = max(score, 0.9 * scorer.relevance(facet, passage).score)
        scored.append((-score, position, passage.quote))
    return [quote for _, _, quote in sorted(scored)[:limit]]


async def gather_evidence(ctx: RunContext, question: str, plan: QueryPlanResult, sources: list[ResearchSource],
                          *, node: str = "evidence", iteration: int | None = None) -> EvidenceResult:
    """The evidence node: one extraction per source, all at once."""

    async def work(usage: Usage) -> EvidenceResult:
        documents = await asyncio.gather(*(ctx.document(s.source_path) for s in sources))
        scorer = await ctx.scorer([question, *(f.description for f in plan.facets)], documents)
        found = await asyncio.gather(*(_one(ctx, question, plan, source, usage, scorer) for source in sources))
        return EvidenceResult(evidence=[e for e in found if e.quotes])

    return await ctx.step(node, work, lambda r: f"{r.quote_count()} quotes from {len(r.evidence)} sources",
                          iteration=iteration)


async def _one(ctx: RunContext, question: str, plan: QueryPlanResult, source: ResearchSource, usage: Usage,
               scorer: Scorer) -> SourceEvidence:
    document = await ctx.document(source.source_path)
    limit = ctx.config.quotes_per_source

    async def with_llm() -> list[str]:
        payload = {"question": question, "facets": [f.description for f in plan.facets],
                   "source_path": source.source_path, "title": document.title, "document": document.text}
        reply = await ctx.ask(node="evidence", tier="fast", system=SYSTEM, payload=payload,
                              output=QuoteSelection, usage=usage)
        return reply.quotes

    quotes = await ctx.llm_or_offline("evidence", with_llm, lambda: quotes_offline(question, plan, document.text, limit, scorer))
    verified = list(dict.fromkeys(q.strip() for q in quotes if occurs_in(q, document.text)))
    return SourceEvidence(source_path=source.source_path, source_title=document.title, quotes=verified[: limit + 1])


def merge(first: EvidenceResult, second: EvidenceResult) -> EvidenceResult:
    """Evidence of both, quotes of one source together and once each."""
    by_path = {e.source_path: e.model_copy(deep=True) for e in first.evidence}
    for item in second.evidence:
        if item.source_path in by_path:
            existing = by_path[item.source_path]
            existing.quotes = list(dict.fromkeys([*existing.quotes, *item.quotes]))
        else:
            by_path[item.source_path] = item
    return EvidenceResult(evidence=list(by_path.values()))
