"""Query planner: facets of the question, product terms, and 3–5 search queries."""

from __future__ import annotations

import re

from retrieval.text import content_terms

from .context import RunContext
from .contracts import QueryFacet, QueryPlanResult
from .llm import Usage
from .terms import key_terms

SYSTEM = """You plan documentation searches for a question from a security questionnaire or RFP.
Split the question into facets: the separate things it asks (e.g. "how often are backups taken" and
"how long are they kept"). For each facet give a short name, a description, the product terms to look for,
and 1-3 search queries phrased the way documentation would say it. primary_queries: the 3-5 best queries
overall, the first being the question itself. Reply with JSON only."""

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
            lambda: ctx.ask(node="planner", tier="fast", system=SYSTEM, payload={"question": question},
                            output=QueryPlanResult, usage=usage),
            lambda: plan_offline(question),
        )
        return _bounded(result, question)

    return await ctx.step("planner", work, lambda p: f"{len(p.facets)} facets, {len(p.primary_queries)} queries planned")


def _bounded(result: QueryPlanResult, question: str) -> QueryPlanResult:
    """The question itself always leads the queries, and there are at most five."""
    queries = list(dict.fromkeys([question, *result.primary_queries]))[:5]
    facets = result.facets or plan_offline(question).facets
    return result.model_copy(update={"primary_queries": queries, "facets": facets, "original_question": question})
