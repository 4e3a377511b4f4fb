"""Evidence: verbatim quotes from the sources; every quote is checked to occur in its source.

Offline, each source's passages are ranked by relevance. With a model, the best
passages of all sources (ranked the same way, within a token budget) are numbered
and the model picks the ones that help by number, in one call: the quotes are
verbatim by construction, the prompt stays small enough for a local model's
context, and the reply is a handful of integers that cannot run away.
"""

from __future__ import annotations

import asyncio

from pydantic import BaseModel

from .context import RunContext
from .contracts import EvidenceResult, QueryPlanResult, ResearchSource, SourceEvidence
from .judging.support import Scorer, asks_for_a_number, named_credit, states_the_number
from .llm.interface import Usage
from .llm.tokens import fit
from .text.grounding import occurs_in, passages
from .text.names import product_terms, unsupported_phrases
from .text.terms import together

SYSTEM = """You pick evidence for answering a security questionnaire question.
You get numbered passages from the vendor's documentation. Reply with the ids of the passages that
help answer the question or one of its facets, best first. Include passages that limit or deny the
capability (plans, "on request", "not supported"). At most 6 ids; an empty list when none is relevant.
Reply with JSON only."""

_CANDIDATES_PER_SOURCE = 2  # × quotes_per_source passages of each source are offered to the model
_REPLY_TOKENS = 120


class PassageChoice(BaseModel):
    """The evidence agent's reply: ids of the numbered passages, best first."""

    passage_ids: list[int]


def ranked_quotes(question: str, plan: QueryPlanResult, text: str, scorer: Scorer) -> list[tuple[float, str]]:
    """(score, quote) for every passage, best first, by fit to the question or one of its facets,
    and by naming the question's specific names as synthesis ranks them (a passage it would put
    first is never left out here)."""
    facets = [f.description for f in plan.facets if f.description != question]
    named = product_terms(question)
    scored = []
    for position, passage in enumerate(passages(text)):
        score = scorer.relevance(question, passage).score
        for facet in facets:
            score = max(score, 0.9 * scorer.relevance(facet, passage).score)
        scored.append((-(score + named_credit(named, passage)), position, passage.quote))
    return [(-negative, quote) for negative, _, quote in sorted(scored)]


async def gather_evidence(ctx: RunContext, question: str, plan: QueryPlanResult, sources: list[ResearchSource],
                          *, node: str = "evidence", iteration: int | None = None) -> EvidenceResult:
    """The evidence node."""

    async def work(usage: Usage) -> EvidenceResult:
        documents = await asyncio.gather(*(ctx.document(s.source_path) for s in sources))
        texts = {d.source_path: d.text for d in documents}
        scorer = await ctx.scorer([question, *(f.description for f in plan.facets)], documents)
        ranked = await asyncio.to_thread(
            lambda: {path: ranked_quotes(question, plan, text, scorer) for path, text in texts.items()})
        limit = ctx.config.quotes_per_source
        chosen = await ctx.llm_or_offline(
            "evidence", lambda: _choose(ctx, question, plan, ranked, usage),
            lambda: {path: _best_of(question, items, limit) for path, items in ranked.items()})
        titles = {d.source_path: d.title for d in documents}
        found = [_verified(path, titles[path], chosen.get(path, []), texts[path], limit) for path in texts]
        return EvidenceResult(evidence=[e for e in found if e.quotes])

    return await ctx.step(node, work, lambda r: f"{r.quote_count()} quotes from {len(r.evidence)} sources",
                          iteration=iteration)


def _best_of(question: str, ranked: list[tuple[float, str]], limit: int) -> list[str]:
    """A source's best `limit` passages, and for a question asking how long, how often or which version
    that none of them answers, the source's best passage that gives a number, a period or a version:
    "retains logs … for 12 months" is often fourth on a page whose first lines describe the logs."""
    best = [quote for _, quote in ranked[:limit]]
    if asks_for_a_number(question) and not any(states_the_number(question, quote) for quote in best):
        stated = next((quote for _, quote in ranked[limit:] if states_the_number(question, quote)), None)
        best += [stated] if stated else []
    return best + _naming(question, best, ranked[limit:])


def _naming(question: str, best: list[str], rest: list[tuple[float, str]]) -> list[str]:
    """For each name of the question the best passages leave out, the source's best passage among the
    others that names it too ("Require 2FA is currently not available with single sign-on (SSO)", fifth
    on the 2FA page, for "Can mandatory 2FA be enforced … through SSO?"): without it the answer says
    the documents never mention SSO."""
    added: list[str] = []
    for name in unsupported_phrases(question, together(best)):
        found = next((quote for _, quote in rest if quote not in added
                      and name not in unsupported_phrases(question, quote)), None)
        added += [found] if found else []
    return added


async def _choose(ctx: RunContext, question: str, plan: QueryPlanResult,
                  ranked: dict[str, list[tuple[float, str]]], usage: Usage) -> dict[str, list[str]]:
    """The model's pick among the best passages of every source, as quotes per source."""
    offered = _candidates(ranked, ctx.config.quotes_per_source * _CANDIDATES_PER_SOURCE)
    kept = fit([quote for _, quote in offered], ctx.config.evidence_tokens, ctx.llm.meter)
    offered = offered[: len(kept)]
    payload = {"question": question, "facets": [f.description for f in plan.facets],
               "passages": [{"id": n, "text": quote} for n, (_, quote) in enumerate(offered, start=1)]}
    reply = await ctx.ask(node="evidence", tier="fast", system=SYSTEM, payload=payload, output=PassageChoice,
                          usage=usage, max_tokens=_REPLY_TOKENS)
    chosen: dict[str, list[str]] = {}
    for n in dict.fromkeys(reply.passage_ids):
        if 1 <= n <= len(offered):
            path, quote = offered[n - 1]
            chosen.setdefault(path, []).append(quote)
    return chosen


def _candidates(ranked: dict[str, list[tuple[float, str]]], per_source: int) -> list[tuple[str, str]]:
    """(source, quote) pairs: each source's best few, all of them ordered by score."""
    pool = [(score, path, quote) for path, items in ranked.items() for score, quote in items[:per_source]]
    return [(path, quote) for _, path, quote in sorted(pool, key=lambda item: -item[0])]


def _verified(path: str, title: str, quotes: list[str], text: str, limit: int) -> SourceEvidence:
    verified = list(dict.fromkeys(q.strip() for q in quotes if occurs_in(q, text)))
    return SourceEvidence(source_path=path, source_title=title, quotes=verified[: limit + 1])


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
