"""The synthesis node: the strong model's draft, its quotes read as the evidence they copy, or the
extractive answer offline; on a revision it receives the critic's instructions."""

from __future__ import annotations

import difflib

from retrieval import Document

from ..context import RunContext
from ..contracts import CriticResult, EvidenceResult, QueryPlanResult, SynthesisResult
from ..llm.interface import Usage
from ..text.grounding import occurs_in
from .offline import synthesize_offline

SYSTEM = """You answer a question from a security questionnaire or RFP for a vendor, using ONLY the quotes given.
Rules:
- Every sentence that states a fact ends with citation markers like [1] or [1][2], numbered by the order of
  your citations list; each citation copies its quote exactly as given, with its source_path and source_title,
  and role "evidence". A sentence must say only what its quotes say.
- Never state a capability no quote supports. If the quotes do not answer a facet, say plainly that no
  evidence was found for it and list it in facets_missing.
- Start with "Yes." or "No." only when the question is a yes/no question.
- compliance_status: "Fully Supported" when the quotes show the capability without limits; "Partially
  Supported" when limited (plan, region, cloud, on request, only some cases) or only part of the question is
  covered; "Not Supported" when the quotes deny it or there is no evidence.
- confidence_score 0-100: how well the quotes support the answer.
- When revision instructions are given, follow them.
- When "earlier" is given, the question follows up on that exchange in the same thread: answer the new
  question in its light ("and on GCP?" asks the earlier question about GCP) without repeating the earlier
  answer, and cite only quotes from evidence.
Reply with JSON only."""

_SNAP = 0.85          # how alike a model's copy must be to an evidence quote to be read as it


def snap_quotes(draft: SynthesisResult, evidence: EvidenceResult, documents: dict[str, Document]) -> SynthesisResult:
    """A citation whose quote a model copied nearly but not exactly gets the evidence quote it
    was copying (small models drop a word or fix a typo). The audit still judges whether the
    sentence citing it says what the quote says; a quote like none of the evidence stays as
    it is, for the audit to reject."""
    pool = [(e.source_path, e.source_title, q) for e in evidence.evidence for q in e.quotes]
    citations = []
    for citation in draft.citations:
        document = documents.get(citation.source_path)
        if document is not None and occurs_in(citation.quote, document.text):
            citations.append(citation)
            continue
        likeness, best = max(((_likeness(citation.quote, item[2]), item) for item in pool),
                             key=lambda pair: pair[0], default=(0.0, None))
        if best is None or likeness < _SNAP:
            citations.append(citation)
            continue
        source = documents.get(best[0])
        citations.append(citation.model_copy(update={"source_path": best[0], "source_title": best[1],
                                                     "quote": best[2], "url": source.url if source else citation.url}))
    return draft.model_copy(update={"citations": citations})


def _likeness(copy: str, quote: str) -> float:
    return difflib.SequenceMatcher(None, " ".join(copy.lower().split()), " ".join(quote.lower().split()),
                                   autojunk=False).ratio()


async def synthesize(ctx: RunContext, question: str, plan: QueryPlanResult, evidence: EvidenceResult,
                     critic: CriticResult | None, iteration: int) -> SynthesisResult:
    """The synthesis node; on a revision it receives the critic's instructions."""

    async def work(usage: Usage) -> SynthesisResult:
        scorer = await ctx.scorer([question, *(f.description for f in plan.facets)])
        payload = {"question": question, "facets": [f.model_dump(include={"name", "description"}) for f in plan.facets],
                   "evidence": [e.model_dump() for e in evidence.evidence],
                   "urls": {path: doc.url for path, doc in ctx.documents.items()},
                   "revision": critic.model_dump(include={"issues", "revision_instructions", "recommended_confidence"})
                   if critic else None}
        if ctx.earlier is not None:
            payload["earlier"] = ctx.earlier.model_dump()
        async def with_llm() -> SynthesisResult:
            draft = await ctx.ask(node="synthesis", tier="strong", system=SYSTEM, payload=payload,
                                  output=SynthesisResult, usage=usage)
            return snap_quotes(draft, evidence, ctx.documents)

        return await ctx.llm_or_offline(
            "synthesis",
            with_llm,
            lambda: synthesize_offline(question, plan, evidence, ctx.documents, scorer, critic),
        )

    return await ctx.step("synthesis", work,
                          lambda s: f"draft {iteration}: {s.compliance_status}, confidence {s.confidence_score}",
                          iteration=iteration)
