"""Research: every planned query (and each cloud's variant) against the index at once,
fused per document, filtered by score: the 2–6 sources the evidence agent reads."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

from retrieval import SearchHit

from .context import RunContext
from .contracts import ClassificationResult, QueryPlanResult, ResearchResult, ResearchSource
from .extractive import fitted
from .llm.interface import Usage
from .text.terms import coverage, key_terms, missing_words, together

_CHUNKS_PER_SOURCE = 3


@dataclass
class _Found:
    best: SearchHit
    score: float = 0.0
    queries: int = 0
    chunks: dict[str, SearchHit] = field(default_factory=dict)


def search_jobs(question: str, plan: QueryPlanResult, classification: ClassificationResult,
                extra_queries: list[str] | None = None) -> list[tuple[str, str | None]]:
    """(query, cloud filter) pairs: the plan's queries, per cloud when the question is cloud-specific."""
    queries = list(dict.fromkeys(extra_queries if extra_queries is not None else plan.primary_queries))
    variants = classification.variants()
    if not variants:
        return [(q, None) for q in queries]
    jobs = []
    for csp, variant in variants.items():
        jobs.append((variant, csp))
        jobs.extend((q, csp) for q in queries if q != question)
    return list(dict.fromkeys(jobs))


async def research(ctx: RunContext, question: str, plan: QueryPlanResult, classification: ClassificationResult,
                   *, extra_queries: list[str] | None = None, node: str = "research",
                   iteration: int | None = None) -> ResearchResult:
    """The research node (also used, with `extra_queries`, to re-research missing facets)."""

    async def work(usage: Usage) -> ResearchResult:
        jobs = search_jobs(question, plan, classification, extra_queries)
        depth = ctx.config.search_k or fitted().search_k
        results = await asyncio.gather(*(ctx.index.search(q, k=depth, csp=csp) for q, csp in jobs))
        return _result(question, results, ctx)

    return await ctx.step(node, work, lambda r: f"{len(r.sources)} sources found", iteration=iteration)


def _result(question: str, results: list[list[SearchHit]], ctx: RunContext) -> ResearchResult:
    found: dict[str, _Found] = {}
    for hits in results:
        seen = set()
        for hit in hits:
            entry = found.setdefault(hit.source_path, _Found(best=hit))
            entry.chunks.setdefault(hit.chunk_id, hit)
            entry.score = max(entry.score, hit.score)
            if hit.source_path not in seen:
                entry.queries += 1
                seen.add(hit.source_path)
    for entry in found.values():
        # Documents found by many of the queries are more likely the right ones.
        entry.score *= 0.7 + 0.3 * entry.queries / max(1, len(results))
    ranked = sorted(found.values(), key=lambda e: -e.score)
    kept = [e for e in ranked if e.score >= ctx.config.source_min_score][: ctx.config.max_sources]
    if len(kept) < ctx.config.min_sources:
        kept = ranked[: ctx.config.min_sources]
    sources = [_source(entry) for entry in kept]
    return ResearchResult(sources=sources, **_confidence(question, sources))


def _source(entry: _Found) -> ResearchSource:
    chunks = sorted(entry.chunks.values(), key=lambda h: -h.score)[:_CHUNKS_PER_SOURCE]
    return ResearchSource(title=entry.best.title, url=entry.best.url, source_path=entry.best.source_path,
                          content="\n\n".join(c.text for c in chunks), csp=entry.best.csp, score=round(entry.score, 4))


def _confidence(question: str, sources: list[ResearchSource]) -> dict:
    terms = key_terms(question)
    text = together(s.content for s in sources)
    covered = coverage(terms, text)
    gap = None
    if covered < 0.5:
        gap = "no retrieved source mentions " + ", ".join(missing_words(question, text))
    return {"confidence": 30 + 65 * covered if sources else 0, "capability_gap": gap}


def merge(first: ResearchResult, second: ResearchResult) -> ResearchResult:
    """Sources of both results, each document once, best score kept."""
    by_path = {s.source_path: s for s in first.sources}
    for source in second.sources:
        if source.source_path not in by_path or source.score > by_path[source.source_path].score:
            by_path[source.source_path] = source
    sources = sorted(by_path.values(), key=lambda s: -s.score)
    return ResearchResult(sources=sources, confidence=max(first.confidence, second.confidence),
                          capability_gap=second.capability_gap if second.sources else first.capability_gap)
