"""Query planner: facets of the question, product terms, and 3–5 search queries."""

from __future__ import annotations

import re

from pydantic import BaseModel

from retrieval import content_terms

from .context import RunContext
from .contracts import QueryFacet, QueryPlanResult
from .llm.interface import Usage
from .text.terms import key_terms, matches, spelled_out

SYSTEM = """You plan documentation searches for a question from a security questionnaire or RFP.
Split the question into facets: the separate things it asks, each in the question's own words (one facet
when it asks one thing). Never add a topic the question does not mention. For each facet give a short
name, a description, the product terms to look for, and 1-3 search queries phrased the way documentation
would say it. primary_queries: the 3-5 best queries
overall, the first being the question itself. Reply with JSON only."""

class FacetReply(BaseModel):
    """One facet as the model writes it."""

    name: str
    description: str
    product_terms: list[str]
    search_queries: list[str]


class PlanReply(BaseModel):
    """The planner's reply: only what the model adds (no echo of the question, no reasoning)."""

    facets: list[FacetReply]
    primary_queries: list[str]

    def plan(self, question: str) -> QueryPlanResult:
        """As the pipeline's contract."""
        return QueryPlanResult(original_question=question, facets=[QueryFacet(**f.model_dump()) for f in self.facets],
                               primary_queries=self.primary_queries, reasoning="Facets and queries planned by the model.")


_SPLIT = re.compile(r"\s*(?:[;?]\s+|,?\s+and\s+(?=(?:how|what|which|who|when|where|do|does|is|are|can|will|whether|if)\b))", re.I)
_LEADING = re.compile(r"^(?:do|does|did|is|are|can|could|will|would|should|have|has|how|what|which|who|when|where|whether)\s+(?:you\s+|your\s+|we\s+|it\s+)?", re.I)
_PRODUCT = re.compile(r"\b(?:[A-Z][a-z]*[A-Z][A-Za-z0-9]*|[A-Z]{2,}[0-9]*|\d{3,}[\w:-]*)\b")


def plan_offline(question: str) -> QueryPlanResult:
    """Clauses become facets; their key words and acronyms become queries."""
    clauses = [c.strip(" ?.") for c in _SPLIT.split(question) if len(key_terms(c)) >= 1]
    facets = [_facet(clause) for clause in clauses or [question.strip(" ?.")]]
    queries = [question, *(q for f in facets for q in f.search_queries)]
    primary = list(dict.fromkeys(q for q in queries if q))[:5]
    return QueryPlanResult(original_question=question, facets=facets, primary_queries=primary,
                           reasoning=f"{len(facets)} facet(s) from the clauses of the question; queries from their key terms.")


def _facet(clause: str) -> QueryFacet:
    terms = [w for w in content_terms(clause) if key_terms(w)]
    product = list(dict.fromkeys(_PRODUCT.findall(clause)))
    statement = _LEADING.sub("", clause).strip()
    keywords = " ".join(dict.fromkeys([*product, *terms]))
    return QueryFacet(
        name=statement[:80] or clause,
        description=clause,
        product_terms=product,
        search_queries=list(dict.fromkeys(q for q in (statement, keywords) if q)),
    )


async def plan(ctx: RunContext, question: str) -> QueryPlanResult:
    """The query-planner node."""

    async def work(usage: Usage) -> QueryPlanResult:
        result = await ctx.llm_or_offline(
            "planner",
            lambda: _with_llm(ctx, question, usage),
            lambda: plan_offline(question),
        )
        return _bounded(result, question)

    return await ctx.step("planner", work, lambda p: f"{len(p.facets)} facets, {len(p.primary_queries)} queries planned")


async def _with_llm(ctx: RunContext, question: str, usage: Usage) -> QueryPlanResult:
    reply = await ctx.ask(node="planner", tier="fast", system=SYSTEM, payload={"question": question},
                          output=PlanReply, usage=usage, max_tokens=300)
    return reply.plan(question)


def _bounded(result: QueryPlanResult, question: str) -> QueryPlanResult:
    """The question itself always leads the queries, and there are at most five; facets
    that share no word with the question (a model echoing an example) are dropped."""
    facets = [f for f in result.facets if _on_topic(f, question)]
    kept = {q for f in facets for q in f.search_queries}
    dropped = {q for f in result.facets if f not in facets for q in f.search_queries}
    queries = list(dict.fromkeys([question, *(q for q in result.primary_queries if q in kept or q not in dropped)]))[:5]
    facets = facets or plan_offline(question).facets
    return result.model_copy(update={"primary_queries": queries, "facets": facets, "original_question": question})


def _on_topic(facet: QueryFacet, question: str) -> bool:
    """A facet shares a word (stemmed) with the question, or spells out one of its acronyms."""
    text = f"{facet.name} {facet.description}"
    present = set(key_terms(text))
    asked = key_terms(question)
    return any(matches(term, present) for term in asked) or any(
        spelled_out(word, text) for word in re.findall(r"\b[A-Z]{2,6}s?\b", question))
